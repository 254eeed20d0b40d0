//! What the store keeps of accounts, and the [`AccountStore`] trait every store implements
//! (memory here; SQLite and PostgreSQL in the sql module's `accounts.rs`).

use std::collections::HashMap;
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

use super::credentials::{Kind, Scope};
use crate::store_error::StoreError;

/// One account.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AccountRecord {
    /// The handle in lower case: the account's key.
    pub id: String,
    /// The handle as first written.
    pub handle: String,
    pub display_name: String,
    /// The password's argon2id PHC string; empty when nobody can sign in (a deleted
    /// account, a built-in AI).
    #[serde(skip_serializing)]
    pub password_hash: String,
    pub created_at_unix_ms: i64,
    /// Set when the account is a bot.
    pub bot: Option<BotInfo>,
    /// Deleted: kept only so that its handle stays reserved.
    pub deleted: bool,
}

/// A bot account's owner and version.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotInfo {
    /// The owner's handle (as written); empty for the server's own (built-in AIs).
    pub owner: String,
    pub version: String,
}

/// A session or a personal access token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CredentialRecord {
    /// Its public id.
    pub id: String,
    /// The account id.
    pub account: String,
    /// SHA-256 of the secret, hex: what it is looked up by.
    #[serde(skip_serializing)]
    pub hash: String,
    pub kind: Kind,
    /// The token's name (empty for a session).
    pub name: String,
    pub scopes: Vec<Scope>,
    pub created_at_unix_ms: i64,
    /// When it lapses unless used (sessions); `None`: until revoked.
    pub expires_at_unix_ms: Option<i64>,
    /// When it was last used, to within a minute (0: never).
    pub last_used_unix_ms: i64,
}

/// Which credentials of an account to remove.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Revoke {
    /// Only the one with this public id.
    pub id: Option<String>,
    /// Only those of this kind.
    pub kind: Option<Kind>,
    /// Not the one with this hash (the session making the request).
    pub except_hash: Option<String>,
}

/// Why an account write was refused.
#[derive(Clone, Debug, thiserror::Error)]
pub enum AccountError {
    #[error("the handle is taken")]
    Taken,
    #[error("the invitation code is not one the server made, or was used")]
    BadInvite,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// What keeps the accounts: the match store does (they share its database), and the
/// accounts' own code takes this rather than the whole store.
pub trait HoldsAccounts: Send + Sync {
    /// The accounts kept in the same database.
    fn accounts(&self) -> &dyn AccountStore;
}

/// Every store here keeps its accounts itself.
impl<T: AccountStore> HoldsAccounts for T {
    fn accounts(&self) -> &dyn AccountStore {
        self
    }
}

/// Where accounts are kept.
#[async_trait::async_trait]
pub trait AccountStore: Send + Sync {
    /// Stores a new account; with an invitation code (its hash), uses the code up in the
    /// same transaction.
    async fn create_account(
        &self,
        account: &AccountRecord,
        invite_hash: Option<&str>,
    ) -> Result<(), AccountError>;
    /// Stores an account unless its id exists (the built-in AIs' at start-up).
    async fn ensure_account(&self, account: &AccountRecord) -> Result<(), StoreError>;
    /// The account of this id (deleted ones included).
    async fn account(&self, id: &str) -> Result<Option<AccountRecord>, StoreError>;
    /// Replaces an account's password hash, display name, bot info and deleted flag.
    async fn update_account(&self, account: &AccountRecord) -> Result<(), StoreError>;
    /// Stores a credential.
    async fn add_credential(&self, credential: &CredentialRecord) -> Result<(), StoreError>;
    /// The credential with this secret hash.
    async fn credential(&self, hash: &str) -> Result<Option<CredentialRecord>, StoreError>;
    /// Records a use: its last-used time, and a session's new expiry.
    async fn touch_credential(
        &self,
        hash: &str,
        last_used_unix_ms: i64,
        expires_at_unix_ms: Option<i64>,
    ) -> Result<(), StoreError>;
    /// Removes an account's credentials as `revoke` says; returns the hashes removed.
    async fn revoke(&self, account: &str, revoke: &Revoke) -> Result<Vec<String>, StoreError>;
    /// An account's credentials, newest first.
    async fn credentials(&self, account: &str) -> Result<Vec<CredentialRecord>, StoreError>;
    /// Stores an invitation code (its hash).
    async fn add_invite(&self, code_hash: &str, at_unix_ms: i64) -> Result<(), StoreError>;
    /// Seats the account holds, per game id.
    async fn account_games(&self, account: &str) -> Result<Vec<(String, u32)>, StoreError>;
}

/// Accounts in memory (the memory store's).
#[derive(Default)]
pub struct MemoryAccounts {
    inner: Mutex<Accounts>,
}

#[derive(Default)]
struct Accounts {
    accounts: HashMap<String, AccountRecord>,
    credentials: HashMap<String, CredentialRecord>,
    /// Invitation hash → used.
    invites: HashMap<String, bool>,
}

impl MemoryAccounts {
    fn lock(&self) -> Result<std::sync::MutexGuard<'_, Accounts>, StoreError> {
        self.inner
            .lock()
            .map_err(|_| StoreError::Backend("memory accounts poisoned".into()))
    }

    /// What [`AccountStore`]'s methods do on a memory store (its matches' part is the
    /// store's own).
    pub async fn create_account(
        &self,
        account: &AccountRecord,
        invite_hash: Option<&str>,
    ) -> Result<(), AccountError> {
        let mut m = self.lock()?;
        if m.accounts.contains_key(&account.id) {
            return Err(AccountError::Taken);
        }
        if let Some(h) = invite_hash {
            match m.invites.get_mut(h) {
                Some(used @ false) => *used = true,
                _ => return Err(AccountError::BadInvite),
            }
        }
        m.accounts.insert(account.id.clone(), account.clone());
        Ok(())
    }

    pub async fn ensure_account(&self, account: &AccountRecord) -> Result<(), StoreError> {
        self.lock()?
            .accounts
            .entry(account.id.clone())
            .or_insert_with(|| account.clone());
        Ok(())
    }

    pub async fn account(&self, id: &str) -> Result<Option<AccountRecord>, StoreError> {
        Ok(self.lock()?.accounts.get(id).cloned())
    }

    pub async fn update_account(&self, account: &AccountRecord) -> Result<(), StoreError> {
        if let Some(a) = self.lock()?.accounts.get_mut(&account.id) {
            *a = account.clone();
        }
        Ok(())
    }

    pub async fn add_credential(&self, c: &CredentialRecord) -> Result<(), StoreError> {
        self.lock()?.credentials.insert(c.hash.clone(), c.clone());
        Ok(())
    }

    pub async fn credential(&self, hash: &str) -> Result<Option<CredentialRecord>, StoreError> {
        Ok(self.lock()?.credentials.get(hash).cloned())
    }

    pub async fn touch_credential(
        &self,
        hash: &str,
        last_used: i64,
        expires: Option<i64>,
    ) -> Result<(), StoreError> {
        if let Some(c) = self.lock()?.credentials.get_mut(hash) {
            c.last_used_unix_ms = last_used;
            if expires.is_some() {
                c.expires_at_unix_ms = expires;
            }
        }
        Ok(())
    }

    pub async fn revoke(&self, account: &str, r: &Revoke) -> Result<Vec<String>, StoreError> {
        let mut m = self.lock()?;
        let gone: Vec<String> = m
            .credentials
            .values()
            .filter(|c| c.account == account && matches_revoke(c, r))
            .map(|c| c.hash.clone())
            .collect();
        for h in &gone {
            m.credentials.remove(h);
        }
        Ok(gone)
    }

    pub async fn credentials(&self, account: &str) -> Result<Vec<CredentialRecord>, StoreError> {
        let mut out: Vec<CredentialRecord> = self
            .lock()?
            .credentials
            .values()
            .filter(|c| c.account == account)
            .cloned()
            .collect();
        out.sort_by(|a, b| (b.created_at_unix_ms, &b.id).cmp(&(a.created_at_unix_ms, &a.id)));
        Ok(out)
    }

    pub async fn add_invite(&self, code_hash: &str) -> Result<(), StoreError> {
        self.lock()?.invites.insert(code_hash.to_string(), false);
        Ok(())
    }
}

/// Whether `c` is one of the credentials `r` removes (its account already matched).
pub fn matches_revoke(c: &CredentialRecord, r: &Revoke) -> bool {
    r.id.as_ref().is_none_or(|id| *id == c.id)
        && r.kind.is_none_or(|k| k == c.kind)
        && r.except_hash.as_ref().is_none_or(|h| *h != c.hash)
}
