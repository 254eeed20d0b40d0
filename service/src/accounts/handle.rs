//! What a handle, a display name and a password may be. A handle names an account for good
//! (it is kept, reserved, after the account is deleted), so the rules are strict: ASCII
//! letters, digits, '-' and '_', 2 to 24 characters, starting with a letter or digit, unique
//! regardless of case. Its lower-case form is the account's id.

use tonic::Status;

/// Shortest handle.
pub const MIN_HANDLE: usize = 2;
/// Longest handle.
pub const MAX_HANDLE: usize = 24;
/// Longest display name, in bytes.
pub const MAX_DISPLAY_NAME: usize = 64;
/// Shortest password, in bytes.
pub const MIN_PASSWORD: usize = 8;
/// Longest password, in bytes (argon2 takes any length; this keeps requests small).
pub const MAX_PASSWORD: usize = 256;

/// Handles nobody may take: the server's own names, words a player could be fooled by, and
/// the built-in AIs' accounts (see [`super::builtin`]).
const RESERVED: &[&str] = &[
    "admin",
    "administrator",
    "root",
    "system",
    "server",
    "hustings",
    "moderator",
    "mod",
    "support",
    "staff",
    "guest",
    "anonymous",
    "nobody",
    "me",
    "bot",
    "ai",
    "spectator",
];

/// The account id a handle names: its lower-case form.
pub fn id_of(handle: &str) -> String {
    handle.trim().to_ascii_lowercase()
}

/// Checks a handle asked for at sign-up; returns it as written (trimmed).
pub fn check_new_handle(handle: &str) -> Result<String, Status> {
    let h = handle.trim();
    let n = h.chars().count();
    if !(MIN_HANDLE..=MAX_HANDLE).contains(&n) {
        return Err(Status::invalid_argument(format!(
            "a handle is {MIN_HANDLE} to {MAX_HANDLE} characters long"
        )));
    }
    if !h
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(Status::invalid_argument(
            "a handle may hold only ASCII letters, digits, '-' and '_'",
        ));
    }
    if !h.starts_with(|c: char| c.is_ascii_alphanumeric()) {
        return Err(Status::invalid_argument(
            "a handle starts with a letter or a digit",
        ));
    }
    let id = id_of(h);
    if RESERVED.contains(&id.as_str()) || super::builtin::is_builtin(&id) {
        return Err(Status::invalid_argument(format!(
            "the handle '{h}' is reserved"
        )));
    }
    Ok(h.to_string())
}

/// Checks a display name; empty gives the handle.
pub fn check_display_name(name: &str, handle: &str) -> Result<String, Status> {
    let n = name.trim();
    if n.len() > MAX_DISPLAY_NAME {
        return Err(Status::invalid_argument(format!(
            "a display name is at most {MAX_DISPLAY_NAME} bytes"
        )));
    }
    if n.chars().any(char::is_control) {
        return Err(Status::invalid_argument(
            "a display name may not hold control characters",
        ));
    }
    Ok(if n.is_empty() { handle } else { n }.to_string())
}

/// Checks a new password's length.
pub fn check_new_password(password: &str) -> Result<(), Status> {
    if !(MIN_PASSWORD..=MAX_PASSWORD).contains(&password.len()) {
        return Err(Status::invalid_argument(format!(
            "a password is {MIN_PASSWORD} to {MAX_PASSWORD} bytes long"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handles_follow_the_rules() {
        assert_eq!(check_new_handle(" Ada_L ").ok().as_deref(), Some("Ada_L"));
        assert_eq!(id_of("Ada_L"), "ada_l");
        for bad in [
            "a",
            "-ada",
            "_ada",
            "ada lovelace",
            "adä",
            "",
            &"x".repeat(25),
        ] {
            assert!(check_new_handle(bad).is_err(), "{bad:?} was accepted");
        }
        for reserved in ["Admin", "HUSTINGS", "guest", "random-ai"] {
            let e = check_new_handle(reserved)
                .err()
                .map(|e| e.message().to_string());
            assert!(e.is_some_and(|m| m.contains("reserved")), "{reserved}");
        }
        assert!(check_new_handle(&"x".repeat(24)).is_ok());
    }

    #[test]
    fn display_names_and_passwords() {
        assert_eq!(check_display_name("  ", "Ada").ok().as_deref(), Some("Ada"));
        assert_eq!(
            check_display_name(" Lady A ", "Ada").ok().as_deref(),
            Some("Lady A")
        );
        assert!(check_display_name("a\nb", "Ada").is_err());
        assert!(check_display_name(&"x".repeat(65), "Ada").is_err());
        assert!(check_new_password("short").is_err());
        assert!(check_new_password("long enough").is_ok());
        assert!(check_new_password(&"x".repeat(257)).is_err());
    }
}
