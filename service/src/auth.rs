//! Seat tokens: 128-bit random secrets. The server keeps only their SHA-256 hashes, so a
//! leaked database does not let anyone act for a seat.

use rand::RngCore;
use sha2::{Digest, Sha256};

/// A fresh seat token: 128 random bits, as hex, from the thread's cryptographically secure
/// generator (ChaCha, seeded and reseeded from the operating system).
pub fn new_token() -> String {
    let mut bytes = [0u8; 16];
    rand::rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// The hash under which a token is stored and looked up.
pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_bits_and_distinct() {
        let a = new_token();
        let b = new_token();
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
        assert_ne!(hash_token(&a), hash_token(&b));
        assert_eq!(hash_token(&a), hash_token(&a));
        assert!(!hash_token(&a).contains(&a));
    }
}
