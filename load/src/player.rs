//! The harness's thin player: a client of the match service that decodes each stream
//! message into [`PlayerUpdate`], the few fields a random player reads (its version,
//! status, prompt and outcome), as a minimal bot would. The server sends the whole
//! `MatchUpdate`; the other fields are skipped unread, so the harness's own processes spend
//! less of the machine's two cores decoding views nobody looks at.

use hustings_proto::v1 as pb;

/// The client, generated from the contract with `MatchUpdate` read as [`PlayerUpdate`].
#[allow(clippy::doc_lazy_continuation, clippy::large_enum_variant)]
pub mod client {
    include!(concat!(env!("OUT_DIR"), "/player/hustings.v1.rs"));
}

pub use client::hustings_client::HustingsClient;

/// The fields of `hustings.v1.MatchUpdate` a random player reads; the tags are the
/// contract's (a test checks them against a fully decoded message).
#[derive(Clone, PartialEq, prost::Message)]
pub struct PlayerUpdate {
    #[prost(uint64, tag = "2")]
    pub version: u64,
    #[prost(enumeration = "pb::MatchStatus", tag = "5")]
    pub status: i32,
    #[prost(message, optional, tag = "9")]
    pub prompt: Option<pb::Prompt>,
    #[prost(message, optional, tag = "12")]
    pub outcome: Option<pb::Outcome>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use prost::Message;

    #[test]
    fn a_player_update_reads_the_same_fields_as_the_full_message() {
        let full = pb::MatchUpdate {
            match_id: "m".into(),
            version: 12,
            status: pb::MatchStatus::Finished as i32,
            viewer_seat: Some(1),
            to_act: vec![1],
            prompt: Some(pb::Prompt {
                seat: 1,
                text: "choose".into(),
                ..Default::default()
            }),
            outcome: Some(pb::Outcome {
                reason: "votes".into(),
                ..Default::default()
            }),
            view: Some(pb::GameView::default()),
            ..Default::default()
        };
        let lean = PlayerUpdate::decode(full.encode_to_vec().as_slice()).unwrap();
        assert_eq!(lean.version, full.version);
        assert_eq!(lean.status, full.status);
        assert_eq!(lean.prompt, full.prompt);
        assert_eq!(lean.outcome, full.outcome);
    }
}
