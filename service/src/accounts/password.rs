//! Password hashing: argon2id (RFC 9106) through RustCrypto's `argon2` crate, stored as a
//! PHC string (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`), so the parameters travel with each
//! hash and can be raised later without invalidating old ones.
//!
//! Parameters: 19 MiB of memory, 2 passes, 1 lane — OWASP's first recommended argon2id
//! configuration. Hashing runs on tokio's blocking pool, never on a runtime thread.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use tonic::Status;

/// Memory per hash, KiB.
pub const MEMORY_KIB: u32 = 19 * 1024;
/// Passes over the memory.
pub const PASSES: u32 = 2;
/// Lanes.
pub const LANES: u32 = 1;

fn hasher() -> Result<Argon2<'static>, Status> {
    let params = Params::new(MEMORY_KIB, PASSES, LANES, None)
        .map_err(|e| Status::internal(format!("argon2 parameters: {e}")))?;
    Ok(Argon2::new(Algorithm::Argon2id, Version::V0x13, params))
}

/// Hashes a password with a fresh random salt.
pub fn hash_now(password: &str) -> Result<String, Status> {
    let salt = SaltString::generate(&mut argon2::password_hash::rand_core::OsRng);
    hasher()?
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| Status::internal(format!("could not hash the password: {e}")))
}

/// Whether `password` matches the stored PHC string `stored` (false for an empty or broken
/// one: a deleted account, a built-in bot).
pub fn verify_now(password: &str, stored: &str) -> bool {
    let Ok(parsed) = PasswordHash::new(stored) else {
        return false;
    };
    // The parameters are the stored hash's own.
    Argon2::default()
        .verify_password(password.as_bytes(), &parsed)
        .is_ok()
}

/// A PHC string of the right shape that no password matches: verified against when the
/// handle is unknown, so an unknown handle costs the same time as a wrong password.
pub fn decoy() -> &'static str {
    static DECOY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DECOY.get_or_init(|| hash_now("decoy: no account has this password").unwrap_or_default())
}

/// [`hash_now`] on the blocking pool.
pub async fn hash(password: String) -> Result<String, Status> {
    tokio::task::spawn_blocking(move || hash_now(&password))
        .await
        .map_err(|e| Status::internal(format!("password hashing stopped: {e}")))?
}

/// [`verify_now`] on the blocking pool.
pub async fn verify(password: String, stored: String) -> bool {
    tokio::task::spawn_blocking(move || verify_now(&password, &stored))
        .await
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_verifies_only_its_password() {
        let h = hash_now("correct horse").expect("hash");
        assert!(h.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{h}");
        assert!(verify_now("correct horse", &h));
        assert!(!verify_now("correct horsE", &h));
        assert!(!verify_now("", &h));
        assert!(!verify_now("correct horse", ""));
        assert!(!verify_now("anything", decoy()));
        assert_ne!(hash_now("correct horse").expect("hash"), h, "salted");
    }
}
