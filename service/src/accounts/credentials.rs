//! Sessions and personal access tokens: random opaque secrets, stored only as SHA-256
//! hashes (as seat tokens are, `crate::auth`). A prefix says which kind a token is, so a
//! request's `authorization: Bearer …` is told apart from a create key or a seat token
//! without a database read, and a leaked token is recognisable in logs and secret scanners.

use hustings_proto::v1 as pb;
use rand::RngCore;
use serde::{Deserialize, Serialize};

/// A session token's prefix.
pub const SESSION_PREFIX: &str = "hss_";
/// A personal access token's prefix.
pub const TOKEN_PREFIX: &str = "hsp_";
/// The browser's session cookie.
pub const COOKIE: &str = "hustings_session";
/// How long a session lasts unused.
pub const SESSION_LIFE_MS: i64 = 30 * 24 * 3600 * 1000;
/// Most scopes one CreateToken may list.
pub const MAX_SCOPES: usize = 8;

/// What a credential may do (`hustings.v1.Scope`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Scope {
    /// Join, watch and act for the account's seats; list its matches.
    Play,
    /// Create matches.
    Create,
    /// Play as the bot account (bot pools).
    Bot,
}

impl Scope {
    /// Every scope, as a session has them (BOT only for a bot account).
    pub const ALL: [Scope; 3] = [Scope::Play, Scope::Create, Scope::Bot];

    /// The scope a wire value names (`None` for UNSPECIFIED or an unknown value).
    pub fn from_wire(v: i32) -> Option<Scope> {
        match pb::Scope::try_from(v).ok()? {
            pb::Scope::Play => Some(Scope::Play),
            pb::Scope::Create => Some(Scope::Create),
            pb::Scope::Bot => Some(Scope::Bot),
            pb::Scope::Unspecified => None,
        }
    }

    /// Its wire value.
    pub fn wire(self) -> pb::Scope {
        match self {
            Scope::Play => pb::Scope::Play,
            Scope::Create => pb::Scope::Create,
            Scope::Bot => pb::Scope::Bot,
        }
    }

    /// Its stored name.
    pub fn name(self) -> &'static str {
        match self {
            Scope::Play => "play",
            Scope::Create => "create",
            Scope::Bot => "bot",
        }
    }

    /// Scopes as stored: names joined by commas.
    pub fn join(scopes: &[Scope]) -> String {
        scopes
            .iter()
            .map(|s| s.name())
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Stored scopes read back (unknown names skipped: a newer server's).
    pub fn split(text: &str) -> Vec<Scope> {
        text.split(',')
            .filter_map(|n| Scope::ALL.into_iter().find(|s| s.name() == n))
            .collect()
    }
}

/// A session (signed in with a password) or a personal access token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Session,
    Token,
}

impl Kind {
    /// Its stored name.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Session => "session",
            Kind::Token => "token",
        }
    }

    /// A stored name read back.
    pub fn parse(text: &str) -> Option<Kind> {
        match text {
            "session" => Some(Kind::Session),
            "token" => Some(Kind::Token),
            _ => None,
        }
    }

    fn prefix(self) -> &'static str {
        match self {
            Kind::Session => SESSION_PREFIX,
            Kind::Token => TOKEN_PREFIX,
        }
    }
}

/// A fresh secret of `kind`: its prefix and 128 random bits as hex.
pub fn new_secret(kind: Kind) -> String {
    let mut bytes = [0u8; 16];
    rand::rng().fill_bytes(&mut bytes);
    format!("{}{}", kind.prefix(), hex::encode(bytes))
}

/// A credential's public id (what ListTokens shows and RevokeToken takes): 64 random bits.
pub fn new_id() -> String {
    let mut bytes = [0u8; 8];
    rand::rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// Whether a bearer value is an account credential (by its prefix).
pub fn is_account_secret(bearer: &str) -> bool {
    bearer.starts_with(SESSION_PREFIX) || bearer.starts_with(TOKEN_PREFIX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_say_their_kind() {
        let s = new_secret(Kind::Session);
        let t = new_secret(Kind::Token);
        assert!(s.starts_with("hss_") && s.len() == 36, "{s}");
        assert!(t.starts_with("hsp_") && t.len() == 36, "{t}");
        assert!(is_account_secret(&s) && is_account_secret(&t));
        assert!(!is_account_secret("lobby-key"));
        assert_ne!(new_id(), new_id());
    }

    #[test]
    fn scopes_round_trip() {
        let all = Scope::ALL.to_vec();
        assert_eq!(Scope::split(&Scope::join(&all)), all);
        assert_eq!(Scope::split("play,telepathy"), vec![Scope::Play]);
        assert_eq!(Scope::from_wire(0), None);
        assert_eq!(Scope::from_wire(99), None);
        assert_eq!(Scope::from_wire(2), Some(Scope::Create));
    }
}
