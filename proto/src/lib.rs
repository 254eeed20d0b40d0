//! The `hustings.v1` contract: messages, the `Hustings` service's server trait and client.
//!
//! The `.proto` files in `hustings/v1/` are the source of truth and carry the documentation
//! of every service, message and field.

#![allow(clippy::doc_lazy_continuation, clippy::large_enum_variant)]

pub mod ais;
pub mod endpoint;
pub mod servers;

/// Generated code for package `hustings.v1`.
pub mod v1 {
    tonic::include_proto!("hustings.v1");
}

/// The encoded descriptor set of the contract, for the gRPC reflection service.
pub const FILE_DESCRIPTOR_SET: &[u8] =
    include_bytes!(concat!(env!("OUT_DIR"), "/hustings_descriptor.bin"));

pub use v1::*;

/// The `Hustings` service's server trait as the match server implements it: the same
/// methods and messages as [`v1::hustings_server`], except that `WatchMatch` streams
/// [`EncodedUpdate`]s, so a version's message is encoded once for all the viewers that get
/// the same bytes. Clients see no difference: the bytes on the wire are a `MatchUpdate`.
pub mod encoded {
    #![allow(clippy::doc_lazy_continuation, clippy::large_enum_variant)]
    include!(concat!(env!("OUT_DIR"), "/encoded/hustings.v1.rs"));
}

use prost::bytes::{Buf, BufMut, Bytes, BytesMut};
use prost::encoding::{DecodeContext, WireType, decode_varint, encode_key, encode_varint};

/// A [`v1::MatchUpdate`] already in its wire form.
///
/// Protobuf decoders accept a message's fields in any order and take the last value of a
/// singular field, so a message may be built by concatenating the encodings of disjoint
/// sets of its fields: the server encodes what every viewer of a version shares once and
/// appends each viewer's own fields (its seat, prompt and log). Decoding one keeps every
/// field's bytes as they came, so encoding it again gives the same bytes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EncodedUpdate {
    /// The encoded fields.
    pub bytes: Bytes,
}

impl EncodedUpdate {
    /// Encodes a whole update.
    pub fn of(update: &v1::MatchUpdate) -> Self {
        EncodedUpdate {
            bytes: prost::Message::encode_to_vec(update).into(),
        }
    }

    /// Concatenates already encoded field sets of one update (see the type's documentation).
    pub fn concat(parts: &[&[u8]]) -> Self {
        let mut bytes = BytesMut::with_capacity(parts.iter().map(|p| p.len()).sum());
        for p in parts {
            bytes.extend_from_slice(p);
        }
        EncodedUpdate {
            bytes: bytes.freeze(),
        }
    }

    /// The update as a typed message.
    pub fn to_update(&self) -> Result<v1::MatchUpdate, prost::DecodeError> {
        prost::Message::decode(self.bytes.clone())
    }
}

impl prost::Message for EncodedUpdate {
    fn encode_raw(&self, buf: &mut impl BufMut) {
        buf.put_slice(&self.bytes);
    }

    fn merge_field(
        &mut self,
        tag: u32,
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<(), prost::DecodeError> {
        let mut out = BytesMut::from(&self.bytes[..]);
        encode_key(tag, wire_type, &mut out);
        let fixed = |n: usize, buf: &mut dyn Buf, out: &mut BytesMut| {
            if buf.remaining() < n {
                return Err(truncated());
            }
            out.extend_from_slice(&buf.copy_to_bytes(n));
            Ok(())
        };
        match wire_type {
            WireType::Varint => encode_varint(decode_varint(buf)?, &mut out),
            WireType::SixtyFourBit => fixed(8, buf, &mut out)?,
            WireType::ThirtyTwoBit => fixed(4, buf, &mut out)?,
            WireType::LengthDelimited => {
                let len = decode_varint(buf)?;
                let len = usize::try_from(len).map_err(|_| truncated())?;
                encode_varint(len as u64, &mut out);
                fixed(len, buf, &mut out)?;
            }
            WireType::StartGroup | WireType::EndGroup => {
                // Groups do not exist in proto3: skip them as every decoder does.
                out.truncate(self.bytes.len());
                return prost::encoding::skip_field(wire_type, tag, buf, ctx);
            }
        }
        self.bytes = out.freeze();
        Ok(())
    }

    fn encoded_len(&self) -> usize {
        self.bytes.len()
    }

    fn clear(&mut self) {
        self.bytes = Bytes::new();
    }
}

/// The error for a field cut short.
fn truncated() -> prost::DecodeError {
    // DecodeError has no public constructor; decoding an empty varint makes the standard one.
    match decode_varint(&mut &[][..]) {
        Err(e) => e,
        Ok(_) => unreachable!("an empty buffer holds no varint"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use prost::Message;

    #[test]
    fn an_update_built_from_parts_decodes_as_the_whole() {
        let whole = v1::MatchUpdate {
            match_id: "m1".into(),
            version: 7,
            viewer_seat: Some(1),
            status: v1::MatchStatus::Active as i32,
            to_act: vec![0, 1],
            prompt: Some(v1::Prompt {
                text: "pick".into(),
                ..Default::default()
            }),
            ..Default::default()
        };
        let shared = v1::MatchUpdate {
            match_id: whole.match_id.clone(),
            version: whole.version,
            status: whole.status,
            to_act: whole.to_act.clone(),
            ..Default::default()
        }
        .encode_to_vec();
        let own = v1::MatchUpdate {
            viewer_seat: whole.viewer_seat,
            prompt: whole.prompt.clone(),
            ..Default::default()
        }
        .encode_to_vec();
        let built = EncodedUpdate::concat(&[&shared, &own]);
        assert_eq!(built.to_update().unwrap(), whole);
        // Decoding into an EncodedUpdate keeps the bytes; encoding it again gives them back.
        let again = EncodedUpdate::decode(built.bytes.clone()).unwrap();
        assert_eq!(again.bytes, built.bytes);
        assert_eq!(again.encode_to_vec(), built.bytes.to_vec());
        assert_eq!(EncodedUpdate::of(&whole).to_update().unwrap(), whole);
        // A field cut short is an error, not a silent loss.
        let cut = &built.bytes[..built.bytes.len() - 1];
        assert!(EncodedUpdate::decode(cut).is_err());
    }
}
