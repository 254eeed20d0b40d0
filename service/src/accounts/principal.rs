//! Who a request is: the account its credential names, as a [`Principal`].
//!
//! A credential travels as `authorization: Bearer <secret>` (a session or a personal access
//! token, told apart from create keys by their prefix) or, from a browser, as the HttpOnly
//! cookie [`COOKIE`]. [`Principals`] looks a secret's hash up in the store once and keeps the
//! answer for [`RECHECK`]: an Act through an account then costs no database read, and a
//! session made on another node of a cluster is found there the first time it is used.
//! Revocation on this node takes effect at once ([`Principals::forget`]); on the other nodes
//! of a cluster, within [`RECHECK`].
//!
//! A cookie is honoured only on a same-origin request: the browser's `sec-fetch-site`
//! (which page scripts cannot set) must be absent or `same-origin`. With the cookie's
//! SameSite=Strict this makes every call safe from cross-site requests.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use tonic::Status;
use tonic::metadata::MetadataMap;

use super::credentials::{COOKIE, Kind, SESSION_LIFE_MS, Scope, is_account_secret};
use super::records::HoldsAccounts;

/// How long a looked-up credential is trusted before it is looked up again.
pub const RECHECK: Duration = Duration::from_secs(30);
/// Past this many cached credentials, stale ones are dropped (the cache never outgrows
/// the credentials used within [`RECHECK`]).
const PRUNE_AT: usize = 4096;
/// A credential's last use is written at most this often.
const TOUCH_EVERY_MS: i64 = 60_000;

/// The account a request's credential names, and what the credential may do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Principal {
    /// The account id (lower-case handle).
    pub account: String,
    /// The handle as written.
    pub handle: String,
    pub display_name: String,
    pub bot: bool,
    pub scopes: Vec<Scope>,
    pub kind: Kind,
    /// The credential's hash (to end this session).
    pub hash: String,
}

impl Principal {
    /// PERMISSION_DENIED unless the credential has `scope`.
    pub fn require(&self, scope: Scope) -> Result<(), Status> {
        if self.scopes.contains(&scope) {
            Ok(())
        } else {
            Err(Status::permission_denied(format!(
                "this token does not have the {} scope",
                scope.name().to_uppercase()
            )))
        }
    }

    /// PERMISSION_DENIED unless the credential is a session (account management).
    pub fn require_session(&self) -> Result<(), Status> {
        if self.kind == Kind::Session {
            Ok(())
        } else {
            Err(Status::permission_denied(
                "this needs a session (sign in with the password), not a personal access token",
            ))
        }
    }
}

/// Milliseconds since the Unix epoch, now.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

struct Cached {
    principal: Arc<Principal>,
    checked: Instant,
    expires_at_unix_ms: Option<i64>,
}

/// Credentials to principals, with a cache (see the module's documentation).
pub struct Principals {
    store: Arc<dyn HoldsAccounts>,
    cache: Mutex<HashMap<String, Cached>>,
}

impl Principals {
    pub fn new(store: Arc<dyn HoldsAccounts>) -> Self {
        Principals {
            store,
            cache: Mutex::new(HashMap::new()),
        }
    }

    /// The secret a request carries, if any: an account's bearer token, else a same-origin
    /// request's session cookie (then `true`).
    pub fn secret_of(metadata: &MetadataMap) -> Option<(String, bool)> {
        if let Some(bearer) = metadata
            .get(crate::keys::HEADER)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix(crate::keys::SCHEME))
            .map(str::trim)
            .filter(|b| is_account_secret(b))
        {
            return Some((bearer.to_string(), false));
        }
        let same_origin = metadata
            .get("sec-fetch-site")
            .and_then(|v| v.to_str().ok())
            .is_none_or(|v| v == "same-origin");
        if !same_origin {
            return None;
        }
        metadata
            .get_all("cookie")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(';'))
            .filter_map(|c| c.trim().split_once('='))
            .find(|(k, v)| *k == COOKIE && is_account_secret(v))
            .map(|(_, v)| (v.to_string(), true))
    }

    /// The request's principal: `None` without a credential; UNAUTHENTICATED for a bearer
    /// credential that is unknown, expired or revoked. A session cookie that is no longer
    /// good counts as none: the browser keeps sending it and its page cannot remove it (it
    /// is HttpOnly), so refusing it would lock the page out of what guests may do until
    /// SignOut clears it.
    pub async fn of(&self, metadata: &MetadataMap) -> Result<Option<Arc<Principal>>, Status> {
        match Self::secret_of(metadata) {
            None => Ok(None),
            Some((secret, cookie)) => match self.resolve(&secret).await {
                Ok(p) => Ok(Some(p)),
                Err(e) if cookie && e.code() == tonic::Code::Unauthenticated => Ok(None),
                Err(e) => Err(e),
            },
        }
    }

    /// [`Principals::of`], UNAUTHENTICATED without a credential.
    pub async fn required(&self, metadata: &MetadataMap) -> Result<Arc<Principal>, Status> {
        self.of(metadata).await?.ok_or_else(|| {
            Status::unauthenticated(
                "sign in first: send a session or personal access token as \
                 'authorization: Bearer …'",
            )
        })
    }

    /// The principal of a secret.
    pub async fn resolve(&self, secret: &str) -> Result<Arc<Principal>, Status> {
        let hash = crate::auth::hash_token(secret);
        let now = now_ms();
        if let Some(p) = self.cached(&hash, now) {
            return Ok(p);
        }
        let gone = || Status::unauthenticated("unknown, expired or revoked session or token");
        let accounts = self.store.accounts();
        let unavailable = |e: crate::store_error::StoreError| {
            Status::unavailable(format!("could not check the credential: {e}"))
        };
        let c = accounts
            .credential(&hash)
            .await
            .map_err(unavailable)?
            .ok_or_else(gone)?;
        if c.expires_at_unix_ms.is_some_and(|e| e <= now) {
            return Err(gone());
        }
        let a = accounts
            .account(&c.account)
            .await
            .map_err(unavailable)?
            .filter(|a| !a.deleted)
            .ok_or_else(gone)?;
        let mut expires = c.expires_at_unix_ms;
        if now - c.last_used_unix_ms >= TOUCH_EVERY_MS {
            // Sessions slide: each use (written at most once a minute) gives them their
            // whole life again.
            expires = (c.kind == Kind::Session).then_some(now + SESSION_LIFE_MS);
            accounts
                .touch_credential(&hash, now, expires)
                .await
                .map_err(unavailable)?;
        }
        let principal = Arc::new(Principal {
            account: a.id,
            handle: a.handle,
            display_name: a.display_name,
            bot: a.bot.is_some(),
            scopes: c.scopes,
            kind: c.kind,
            hash: hash.clone(),
        });
        self.remember(hash, principal.clone(), expires);
        Ok(principal)
    }

    fn cached(&self, hash: &str, now: i64) -> Option<Arc<Principal>> {
        let cache = self.cache.lock().ok()?;
        let c = cache.get(hash)?;
        let fresh = c.checked.elapsed() < RECHECK && c.expires_at_unix_ms.is_none_or(|e| e > now);
        fresh.then(|| c.principal.clone())
    }

    fn remember(&self, hash: String, principal: Arc<Principal>, expires_at_unix_ms: Option<i64>) {
        let Ok(mut cache) = self.cache.lock() else {
            return;
        };
        if cache.len() >= PRUNE_AT {
            cache.retain(|_, c| c.checked.elapsed() < RECHECK);
        }
        cache.insert(
            hash,
            Cached {
                principal,
                checked: Instant::now(),
                expires_at_unix_ms,
            },
        );
    }

    /// Forgets credentials just revoked (their hashes), so this node refuses them at once.
    pub fn forget(&self, hashes: &[String]) {
        if let Ok(mut cache) = self.cache.lock() {
            for h in hashes {
                cache.remove(h);
            }
        }
    }

    /// Forgets every cached credential of an account (its password changed, it became a
    /// bot or was deleted: what the principal says of it changed).
    pub fn forget_account(&self, account: &str) {
        if let Ok(mut cache) = self.cache.lock() {
            cache.retain(|_, c| c.principal.account != account);
        }
    }

    /// How many credentials are cached (for the tests of the cache's bound).
    pub fn cached_count(&self) -> usize {
        self.cache.lock().map(|c| c.len()).unwrap_or(0)
    }
}
