//! Who may create matches: `--create-key KEY` (repeatable) makes CreateMatch require one of
//! the keys in the request's `authorization` metadata, as `Bearer KEY`, so a public server
//! can let only its own lobby tools and bot operators create matches. Without keys (the
//! default) anyone may. Seat tokens stay the only way to act; the keys play no part there.
//!
//! The server keeps only the keys' SHA-256 hashes and compares hashes, so the time a
//! comparison takes says nothing about how much of a key was guessed right.

use sha2::{Digest, Sha256};
use tonic::Status;
use tonic::metadata::MetadataMap;

/// The metadata key the create key travels in (`authorization: Bearer KEY`).
pub const HEADER: &str = "authorization";
/// What precedes the key in the header's value.
pub const SCHEME: &str = "Bearer ";

/// The keys that may create matches; empty: anyone may.
#[derive(Clone, Debug, Default)]
pub struct CreateKeys {
    hashes: Vec<[u8; 32]>,
}

impl CreateKeys {
    /// The set of `keys` (none: CreateMatch stays open to all).
    pub fn new<S: AsRef<str>>(keys: &[S]) -> Self {
        CreateKeys {
            hashes: keys.iter().map(|k| hash(k.as_ref())).collect(),
        }
    }

    /// Whether any key is required.
    pub fn required(&self) -> bool {
        !self.hashes.is_empty()
    }

    /// The key a request carries, if any (the `Bearer` value of its `authorization`).
    pub fn presented(metadata: &MetadataMap) -> Option<&str> {
        let value = metadata.get(HEADER)?.to_str().ok()?;
        let key = value.strip_prefix(SCHEME)?.trim();
        (!key.is_empty()).then_some(key)
    }

    /// Whether `key` is one of the server's keys. Every stored hash is compared, so the
    /// answer takes as long for any key.
    pub fn knows(&self, key: &str) -> bool {
        let h = hash(key);
        self.hashes.iter().fold(false, |found, k| found | (*k == h))
    }

    /// Ok when CreateMatch may go ahead: no keys are set, or the request carries one of
    /// them; else UNAUTHENTICATED saying what is missing.
    pub fn check(&self, metadata: &MetadataMap) -> Result<(), Status> {
        if !self.required() {
            return Ok(());
        }
        let Some(key) = Self::presented(metadata) else {
            return Err(Status::unauthenticated(
                "this server lets only holders of a create key create matches: send the key \
                 as `authorization: Bearer KEY` (hustings --key KEY)",
            ));
        };
        if self.knows(key) {
            Ok(())
        } else {
            Err(Status::unauthenticated(
                "the create key sent is not one of this server's keys",
            ))
        }
    }
}

fn hash(key: &str) -> [u8; 32] {
    Sha256::digest(key.as_bytes()).into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tonic::Code;

    fn with(value: &str) -> MetadataMap {
        let mut m = MetadataMap::new();
        m.insert(HEADER, value.parse().expect("ascii"));
        m
    }

    #[test]
    fn open_without_keys_and_closed_to_wrong_or_missing_keys() {
        let open = CreateKeys::default();
        assert!(open.check(&MetadataMap::new()).is_ok());
        let keys = CreateKeys::new(&["lobby-1", "bots-2"]);
        let code = |m: &MetadataMap| keys.check(m).err().map(|s| s.code());
        assert_eq!(code(&MetadataMap::new()), Some(Code::Unauthenticated));
        assert_eq!(code(&with("Bearer nope")), Some(Code::Unauthenticated));
        assert_eq!(code(&with("lobby-1")), Some(Code::Unauthenticated));
        assert_eq!(code(&with("Bearer ")), Some(Code::Unauthenticated));
        assert_eq!(code(&with("Bearer lobby-1")), None);
        assert_eq!(code(&with("Bearer bots-2")), None);
    }
}
