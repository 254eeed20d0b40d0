//! Accounts: one identity for a player on every device, a person or a bot.
//!
//! An account has a handle (its lower case is its id, see [`handle`]), a display name and an
//! argon2id password hash ([`password`]). It signs in to sessions and makes personal access
//! tokens ([`credentials`]); a request names its account by either, as
//! `authorization: Bearer …` or (a browser) the HttpOnly session cookie, and
//! [`principal::Principals`] turns that into a [`principal::Principal`] without reading the
//! database on every call. A seat joined with a credential belongs to its account
//! (`SeatRecord::account_handle`), so any of the account's credentials can act for it. The
//! account RPCs are served by the gRPC layer (`grpc/accounts.rs`); sign-in attempts are limited by [`attempts`].

pub mod attempts;
pub mod builtin;
pub mod credentials;
pub mod handle;
pub mod password;
pub mod principal;
pub mod records;

/// Who may make an account (`hustings-server --registration`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Registration {
    /// Anyone.
    #[default]
    Open,
    /// Holders of an invitation code (`hustings-server invite`).
    Invite,
    /// Nobody (accounts already made still sign in).
    Closed,
}

/// Makes `count` invitation codes (each lets one account be made under
/// `--registration invite`); the store keeps only their hashes.
pub async fn invite(store: &dyn records::HoldsAccounts, count: u32) -> anyhow::Result<Vec<String>> {
    let mut codes = Vec::new();
    for _ in 0..count {
        let code = crate::auth::new_token();
        store
            .accounts()
            .add_invite(&crate::auth::hash_token(&code), principal::now_ms())
            .await?;
        codes.push(code);
    }
    Ok(codes)
}

/// Stores the built-in AIs' bot accounts (see [`builtin`]) unless they are there.
pub async fn ensure_builtin(store: &dyn records::HoldsAccounts) -> anyhow::Result<()> {
    for (ai, handle) in builtin::BUILTIN {
        store
            .accounts()
            .ensure_account(&records::AccountRecord {
                id: handle.to_string(),
                handle: handle.to_string(),
                display_name: format!("{ai} (built-in AI)"),
                password_hash: String::new(),
                created_at_unix_ms: 0,
                bot: Some(records::BotInfo::default()),
                deleted: false,
            })
            .await?;
    }
    Ok(())
}
