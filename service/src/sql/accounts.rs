//! Accounts on the SQL stores: [`AccountStore`] for [`SqliteStore`] and [`PostgresStore`],
//! over the tables of migration 7 (see [`super::MIGRATIONS`]).
//!
//! The statements are written once, here, in the subset both databases speak (as the
//! match statements in [`super`] are), and behave exactly as the memory store's
//! [`crate::accounts::records::MemoryAccounts`]: the tests below run one body against all
//! three. Account writes are few (sign-ups, sign-ins, token changes) and none is part of a
//! match's group commit, so each is its own statement or transaction: SQLite runs them on
//! its connection's thread between batches, PostgreSQL on a pooled connection.
//!
//! A new account and the invitation code it uses are written in one transaction: the
//! account row is inserted only if its id is free (`ON CONFLICT DO NOTHING`, then the row
//! count tells), and the code is marked used only if it was not (`AND used = 0`), so two
//! sign-ups racing for one handle or one code cannot both succeed, and a refused sign-up
//! writes nothing.

use deadpool_postgres::GenericClient;
use rusqlite::{OptionalExtension, params};

use super::Columns;
use super::postgres::{PostgresStore, backend as pg_err};
use super::sqlite::{SqliteStore, backend as sqlite_err, q};
use crate::accounts::credentials::{Kind, Scope};
use crate::accounts::records::{
    AccountError, AccountRecord, AccountStore, BotInfo, CredentialRecord, Revoke,
};
use crate::store::StoreError;

/// The columns of an account, in [`account_row`]'s order.
const ACCOUNT_COLUMNS: &str = "id, handle, display_name, password_hash, created_at_unix_ms, \
    bot_owner, bot_version, deleted";

/// Inserts an account unless its id exists (0 rows then).
const INSERT_ACCOUNT: &str = "INSERT INTO accounts (id, handle, display_name, password_hash,
        created_at_unix_ms, bot_owner, bot_version, deleted)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
    ON CONFLICT (id) DO NOTHING";

/// Uses invitation code `$1` up: 1 row if it was there and unused, else 0.
const USE_INVITE: &str = "UPDATE invites SET used = 1 WHERE code_hash = $1 AND used = 0";

/// What may change of an account (its id, handle and creation time never do).
const UPDATE_ACCOUNT: &str = "UPDATE accounts SET display_name = $2, password_hash = $3,
    bot_owner = $4, bot_version = $5, deleted = $6 WHERE id = $1";

/// The columns of a credential, in [`CredentialRow`]'s order.
const CREDENTIAL_COLUMNS: &str = "hash, id, account_id, kind, name, scopes, \
    created_at_unix_ms, expires_at_unix_ms, last_used_unix_ms";

/// Stores a credential; one with the same hash is replaced, as the memory store does.
const ADD_CREDENTIAL: &str = "INSERT INTO credentials (hash, id, account_id, kind, name,
        scopes, created_at_unix_ms, expires_at_unix_ms, last_used_unix_ms)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
    ON CONFLICT (hash) DO UPDATE SET id = excluded.id, account_id = excluded.account_id,
        kind = excluded.kind, name = excluded.name, scopes = excluded.scopes,
        created_at_unix_ms = excluded.created_at_unix_ms,
        expires_at_unix_ms = excluded.expires_at_unix_ms,
        last_used_unix_ms = excluded.last_used_unix_ms";

/// A use of credential `$1` at `$2`; a new expiry `$3` when not NULL (a session), else the
/// expiry stays (a token keeps none).
const TOUCH_CREDENTIAL: &str = "UPDATE credentials SET last_used_unix_ms = $2,
    expires_at_unix_ms = COALESCE(CAST($3 AS BIGINT), expires_at_unix_ms) WHERE hash = $1";

/// Removes account `$1`'s credentials that match [`Revoke`]: public id `$2`, kind `$3`, all
/// but hash `$4`, each only when not NULL (the casts let PostgreSQL type a NULL). Returns
/// the hashes removed, so that the caller can drop them from its caches.
const REVOKE: &str = "DELETE FROM credentials WHERE account_id = $1
    AND (CAST($2 AS TEXT) IS NULL OR id = CAST($2 AS TEXT))
    AND (CAST($3 AS TEXT) IS NULL OR kind = CAST($3 AS TEXT))
    AND (CAST($4 AS TEXT) IS NULL OR hash <> CAST($4 AS TEXT))
    RETURNING hash";

/// Stores invitation code `$1` unused (again, if it was there: as the memory store does).
const ADD_INVITE: &str = "INSERT INTO invites (code_hash, created_at_unix_ms, used)
    VALUES ($1, $2, 0)
    ON CONFLICT (code_hash) DO UPDATE SET created_at_unix_ms = excluded.created_at_unix_ms,
        used = 0";

/// How many seats account `$1` holds, per game (through the seats_by_account index).
const ACCOUNT_GAMES: &str = "SELECT m.game, COUNT(*) FROM seats s
    JOIN matches m ON m.id = s.match_id
    WHERE s.account_id = $1 GROUP BY m.game ORDER BY m.game";

fn account_sql() -> String {
    format!("SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE id = $1")
}

fn credential_sql() -> String {
    format!("SELECT {CREDENTIAL_COLUMNS} FROM credentials WHERE hash = $1")
}

/// An account's credentials, newest first (ties by public id, as the memory store sorts).
fn credentials_sql() -> String {
    format!(
        "SELECT {CREDENTIAL_COLUMNS} FROM credentials WHERE account_id = $1 \
         ORDER BY created_at_unix_ms DESC, id DESC"
    )
}

/// An account as [`ACCOUNT_COLUMNS`] select it. A NULL `bot_owner` is a person; '' is the
/// server's own bot.
fn account_row<R: Columns>(r: &R) -> Result<AccountRecord, R::Error> {
    let bot_owner = r.opt_text(5)?;
    let bot_version = r.opt_text(6)?;
    Ok(AccountRecord {
        id: r.text(0)?,
        handle: r.text(1)?,
        display_name: r.text(2)?,
        password_hash: r.text(3)?,
        created_at_unix_ms: r.big(4)?,
        bot: bot_owner.map(|owner| BotInfo {
            owner,
            version: bot_version.unwrap_or_default(),
        }),
        deleted: r.int(7)? != 0,
    })
}

/// The bot columns of an account: owner and version, both NULL for a person.
fn bot_columns(a: &AccountRecord) -> (Option<&str>, Option<&str>) {
    match &a.bot {
        Some(b) => (Some(&b.owner), Some(&b.version)),
        None => (None, None),
    }
}

/// A credential's row as stored, before its kind and scopes are read (which may fail:
/// [`CredentialRow::record`]).
struct CredentialRow {
    hash: String,
    id: String,
    account: String,
    kind: String,
    name: String,
    scopes: String,
    created_at_unix_ms: i64,
    expires_at_unix_ms: Option<i64>,
    last_used_unix_ms: i64,
}

fn credential_row<R: Columns>(r: &R) -> Result<CredentialRow, R::Error> {
    Ok(CredentialRow {
        hash: r.text(0)?,
        id: r.text(1)?,
        account: r.text(2)?,
        kind: r.text(3)?,
        name: r.text(4)?,
        scopes: r.text(5)?,
        created_at_unix_ms: r.big(6)?,
        expires_at_unix_ms: r.opt_big(7)?,
        last_used_unix_ms: r.big(8)?,
    })
}

impl CredentialRow {
    /// The record; a kind this server does not know is an error rather than a guess, since
    /// a credential of the wrong kind would be granted the wrong lifetime.
    fn record(self) -> Result<CredentialRecord, StoreError> {
        let kind = Kind::parse(&self.kind).ok_or_else(|| {
            StoreError::Backend(format!(
                "credential {} has an unknown kind '{}'",
                self.id, self.kind
            ))
        })?;
        Ok(CredentialRecord {
            id: self.id,
            account: self.account,
            hash: self.hash,
            kind,
            name: self.name,
            scopes: Scope::split(&self.scopes),
            created_at_unix_ms: self.created_at_unix_ms,
            expires_at_unix_ms: self.expires_at_unix_ms,
            last_used_unix_ms: self.last_used_unix_ms,
        })
    }
}

/// Per-game counts as both databases return them (a count is a BIGINT), in the memory
/// store's order: by game id, byte-wise (PostgreSQL's ORDER BY may collate otherwise).
fn games(mut rows: Vec<(String, i64)>) -> Vec<(String, u32)> {
    rows.sort();
    rows.into_iter()
        .map(|(game, n)| (game, u32::try_from(n.max(0)).unwrap_or(u32::MAX)))
        .collect()
}

// SQLite: every call is a closure run on the connection's thread.

/// A new account and its invitation code, in one transaction (see the module's comment).
/// Dropping the transaction on a refusal rolls it back.
fn create_in_sqlite(
    conn: &mut rusqlite::Connection,
    a: &AccountRecord,
    invite_hash: Option<&str>,
) -> Result<(), AccountError> {
    let tx = conn.transaction().map_err(sqlite_err)?;
    let (owner, version) = bot_columns(a);
    let inserted = tx
        .prepare_cached(&q(INSERT_ACCOUNT))
        .and_then(|mut s| {
            s.execute(params![
                a.id,
                a.handle,
                a.display_name,
                a.password_hash,
                a.created_at_unix_ms,
                owner,
                version,
                a.deleted as i64
            ])
        })
        .map_err(sqlite_err)?;
    if inserted == 0 {
        return Err(AccountError::Taken);
    }
    if let Some(h) = invite_hash {
        let used = tx
            .prepare_cached(&q(USE_INVITE))
            .and_then(|mut s| s.execute([h]))
            .map_err(sqlite_err)?;
        if used == 0 {
            return Err(AccountError::BadInvite);
        }
    }
    tx.commit().map_err(sqlite_err)?;
    Ok(())
}

/// Credentials selected by `sql` with the one text parameter `arg`.
fn sqlite_credentials(
    conn: &rusqlite::Connection,
    sql: &str,
    arg: &str,
) -> Result<Vec<CredentialRecord>, StoreError> {
    conn.prepare_cached(&q(sql))
        .and_then(|mut s| {
            s.query_map([arg], |r| credential_row(r))?
                .collect::<Result<Vec<_>, _>>()
        })
        .map_err(sqlite_err)?
        .into_iter()
        .map(CredentialRow::record)
        .collect()
}

#[async_trait::async_trait]
impl AccountStore for SqliteStore {
    async fn create_account(
        &self,
        account: &AccountRecord,
        invite_hash: Option<&str>,
    ) -> Result<(), AccountError> {
        let (a, invite) = (account.clone(), invite_hash.map(str::to_string));
        // The refusal (taken, bad invitation) travels inside the closure's Ok: `run` only
        // carries store errors.
        self.run(move |c| Ok(create_in_sqlite(c, &a, invite.as_deref())))
            .await?
    }

    async fn ensure_account(&self, account: &AccountRecord) -> Result<(), StoreError> {
        let a = account.clone();
        self.run(move |c| {
            let (owner, version) = bot_columns(&a);
            c.prepare_cached(&q(INSERT_ACCOUNT))
                .and_then(|mut s| {
                    s.execute(params![
                        a.id,
                        a.handle,
                        a.display_name,
                        a.password_hash,
                        a.created_at_unix_ms,
                        owner,
                        version,
                        a.deleted as i64
                    ])
                })
                .map_err(sqlite_err)?;
            Ok(())
        })
        .await
    }

    async fn account(&self, id: &str) -> Result<Option<AccountRecord>, StoreError> {
        let id = id.to_string();
        self.run(move |c| {
            c.prepare_cached(&q(&account_sql()))
                .and_then(|mut s| s.query_row([id], |r| account_row(r)).optional())
                .map_err(sqlite_err)
        })
        .await
    }

    async fn update_account(&self, account: &AccountRecord) -> Result<(), StoreError> {
        let a = account.clone();
        self.run(move |c| {
            let (owner, version) = bot_columns(&a);
            c.prepare_cached(&q(UPDATE_ACCOUNT))
                .and_then(|mut s| {
                    s.execute(params![
                        a.id,
                        a.display_name,
                        a.password_hash,
                        owner,
                        version,
                        a.deleted as i64
                    ])
                })
                .map_err(sqlite_err)?;
            Ok(())
        })
        .await
    }

    async fn add_credential(&self, credential: &CredentialRecord) -> Result<(), StoreError> {
        let cr = credential.clone();
        self.run(move |c| {
            c.prepare_cached(&q(ADD_CREDENTIAL))
                .and_then(|mut s| {
                    s.execute(params![
                        cr.hash,
                        cr.id,
                        cr.account,
                        cr.kind.name(),
                        cr.name,
                        Scope::join(&cr.scopes),
                        cr.created_at_unix_ms,
                        cr.expires_at_unix_ms,
                        cr.last_used_unix_ms
                    ])
                })
                .map_err(sqlite_err)?;
            Ok(())
        })
        .await
    }

    async fn credential(&self, hash: &str) -> Result<Option<CredentialRecord>, StoreError> {
        let hash = hash.to_string();
        self.run(move |c| {
            Ok(sqlite_credentials(c, &credential_sql(), &hash)?
                .into_iter()
                .next())
        })
        .await
    }

    async fn touch_credential(
        &self,
        hash: &str,
        last_used_unix_ms: i64,
        expires_at_unix_ms: Option<i64>,
    ) -> Result<(), StoreError> {
        let hash = hash.to_string();
        self.run(move |c| {
            c.prepare_cached(&q(TOUCH_CREDENTIAL))
                .and_then(|mut s| s.execute(params![hash, last_used_unix_ms, expires_at_unix_ms]))
                .map_err(sqlite_err)?;
            Ok(())
        })
        .await
    }

    async fn revoke(&self, account: &str, revoke: &Revoke) -> Result<Vec<String>, StoreError> {
        let (account, r) = (account.to_string(), revoke.clone());
        self.run(move |c| {
            c.prepare_cached(&q(REVOKE))
                .and_then(|mut s| {
                    s.query_map(
                        params![account, r.id, r.kind.map(Kind::name), r.except_hash],
                        |row| row.get::<_, String>(0),
                    )?
                    .collect::<Result<Vec<_>, _>>()
                })
                .map_err(sqlite_err)
        })
        .await
    }

    async fn credentials(&self, account: &str) -> Result<Vec<CredentialRecord>, StoreError> {
        let account = account.to_string();
        self.run(move |c| sqlite_credentials(c, &credentials_sql(), &account))
            .await
    }

    async fn add_invite(&self, code_hash: &str, at_unix_ms: i64) -> Result<(), StoreError> {
        let code_hash = code_hash.to_string();
        self.run(move |c| {
            c.prepare_cached(&q(ADD_INVITE))
                .and_then(|mut s| s.execute(params![code_hash, at_unix_ms]))
                .map_err(sqlite_err)?;
            Ok(())
        })
        .await
    }

    async fn account_games(&self, account: &str) -> Result<Vec<(String, u32)>, StoreError> {
        let account = account.to_string();
        let rows = self
            .run(move |c| {
                c.prepare_cached(&q(ACCOUNT_GAMES))
                    .and_then(|mut s| {
                        s.query_map([account], |r| Ok((r.get(0)?, r.get(1)?)))?
                            .collect::<Result<Vec<_>, _>>()
                    })
                    .map_err(sqlite_err)
            })
            .await?;
        Ok(games(rows))
    }
}

// PostgreSQL: a pooled connection per call.

/// Credentials selected by `sql` with the one text parameter `arg`.
async fn pg_credentials(
    c: &impl GenericClient,
    sql: &str,
    arg: &str,
) -> Result<Vec<CredentialRecord>, StoreError> {
    let stmt = c.prepare_cached(sql).await.map_err(pg_err)?;
    c.query(&stmt, &[&arg])
        .await
        .map_err(pg_err)?
        .iter()
        .map(|r| credential_row(r).map_err(pg_err)?.record())
        .collect()
}

/// Inserts an account unless its id exists; whether it did.
async fn pg_insert_account(c: &impl GenericClient, a: &AccountRecord) -> Result<bool, StoreError> {
    let (owner, version) = bot_columns(a);
    let n = c
        .execute(
            &c.prepare_cached(INSERT_ACCOUNT).await.map_err(pg_err)?,
            &[
                &a.id,
                &a.handle,
                &a.display_name,
                &a.password_hash,
                &a.created_at_unix_ms,
                &owner,
                &version,
                &(a.deleted as i32),
            ],
        )
        .await
        .map_err(pg_err)?;
    Ok(n == 1)
}

#[async_trait::async_trait]
impl AccountStore for PostgresStore {
    async fn create_account(
        &self,
        account: &AccountRecord,
        invite_hash: Option<&str>,
    ) -> Result<(), AccountError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg_err)?;
        // A refusal rolls back what the transaction did so far (the account row, when the
        // invitation was bad).
        let refused = if !pg_insert_account(&tx, account).await? {
            Some(AccountError::Taken)
        } else if let Some(h) = invite_hash {
            let used = tx
                .execute(&tx.prepare_cached(USE_INVITE).await.map_err(pg_err)?, &[&h])
                .await
                .map_err(pg_err)?;
            (used == 0).then_some(AccountError::BadInvite)
        } else {
            None
        };
        match refused {
            Some(e) => {
                tx.rollback().await.map_err(pg_err)?;
                Err(e)
            }
            None => Ok(tx.commit().await.map_err(pg_err)?),
        }
    }

    async fn ensure_account(&self, account: &AccountRecord) -> Result<(), StoreError> {
        pg_insert_account(&self.client().await?, account).await?;
        Ok(())
    }

    async fn account(&self, id: &str) -> Result<Option<AccountRecord>, StoreError> {
        let c = self.client().await?;
        let stmt = c.prepare_cached(&account_sql()).await.map_err(pg_err)?;
        c.query_opt(&stmt, &[&id])
            .await
            .map_err(pg_err)?
            .as_ref()
            .map(account_row)
            .transpose()
            .map_err(pg_err)
    }

    async fn update_account(&self, account: &AccountRecord) -> Result<(), StoreError> {
        let c = self.client().await?;
        let (owner, version) = bot_columns(account);
        c.execute(
            &c.prepare_cached(UPDATE_ACCOUNT).await.map_err(pg_err)?,
            &[
                &account.id,
                &account.display_name,
                &account.password_hash,
                &owner,
                &version,
                &(account.deleted as i32),
            ],
        )
        .await
        .map_err(pg_err)?;
        Ok(())
    }

    async fn add_credential(&self, cr: &CredentialRecord) -> Result<(), StoreError> {
        let c = self.client().await?;
        c.execute(
            &c.prepare_cached(ADD_CREDENTIAL).await.map_err(pg_err)?,
            &[
                &cr.hash,
                &cr.id,
                &cr.account,
                &cr.kind.name(),
                &cr.name,
                &Scope::join(&cr.scopes),
                &cr.created_at_unix_ms,
                &cr.expires_at_unix_ms,
                &cr.last_used_unix_ms,
            ],
        )
        .await
        .map_err(pg_err)?;
        Ok(())
    }

    async fn credential(&self, hash: &str) -> Result<Option<CredentialRecord>, StoreError> {
        let c = self.client().await?;
        Ok(pg_credentials(&c, &credential_sql(), hash)
            .await?
            .into_iter()
            .next())
    }

    async fn touch_credential(
        &self,
        hash: &str,
        last_used_unix_ms: i64,
        expires_at_unix_ms: Option<i64>,
    ) -> Result<(), StoreError> {
        let c = self.client().await?;
        c.execute(
            &c.prepare_cached(TOUCH_CREDENTIAL).await.map_err(pg_err)?,
            &[&hash, &last_used_unix_ms, &expires_at_unix_ms],
        )
        .await
        .map_err(pg_err)?;
        Ok(())
    }

    async fn revoke(&self, account: &str, r: &Revoke) -> Result<Vec<String>, StoreError> {
        let c = self.client().await?;
        let kind = r.kind.map(Kind::name);
        c.query(
            &c.prepare_cached(REVOKE).await.map_err(pg_err)?,
            &[&account, &r.id, &kind, &r.except_hash],
        )
        .await
        .map_err(pg_err)?
        .iter()
        .map(|row| row.try_get::<_, String>(0).map_err(pg_err))
        .collect()
    }

    async fn credentials(&self, account: &str) -> Result<Vec<CredentialRecord>, StoreError> {
        let c = self.client().await?;
        pg_credentials(&c, &credentials_sql(), account).await
    }

    async fn add_invite(&self, code_hash: &str, at_unix_ms: i64) -> Result<(), StoreError> {
        let c = self.client().await?;
        c.execute(
            &c.prepare_cached(ADD_INVITE).await.map_err(pg_err)?,
            &[&code_hash, &at_unix_ms],
        )
        .await
        .map_err(pg_err)?;
        Ok(())
    }

    async fn account_games(&self, account: &str) -> Result<Vec<(String, u32)>, StoreError> {
        let c = self.client().await?;
        let rows = c
            .query(
                &c.prepare_cached(ACCOUNT_GAMES).await.map_err(pg_err)?,
                &[&account],
            )
            .await
            .map_err(pg_err)?
            .iter()
            .map(|r| Ok((r.text(0)?, r.big(1)?)))
            .collect::<Result<Vec<_>, _>>()
            .map_err(pg_err)?;
        Ok(games(rows))
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use hustings_engine::Setup;

    use super::super::current_version;
    use super::*;
    use crate::store::{ListQuery, MatchRecord, MemoryStore, SeatRecord, Store};

    /// A fresh account called `handle`.
    fn account(handle: &str) -> AccountRecord {
        AccountRecord {
            id: handle.to_ascii_lowercase(),
            handle: handle.into(),
            display_name: format!("{handle} Lovelace"),
            password_hash: format!("$argon2id$v=19$m=19456,t=2,p=1${handle}"),
            created_at_unix_ms: 1_000,
            bot: None,
            deleted: false,
        }
    }

    fn credential(hash: &str, id: &str, account: &str, kind: Kind, at: i64) -> CredentialRecord {
        CredentialRecord {
            id: id.into(),
            account: account.into(),
            hash: hash.into(),
            kind,
            name: if kind == Kind::Token {
                "ci".into()
            } else {
                String::new()
            },
            scopes: match kind {
                Kind::Token => vec![Scope::Play, Scope::Create],
                Kind::Session => Scope::ALL.to_vec(),
            },
            created_at_unix_ms: at,
            expires_at_unix_ms: (kind == Kind::Session).then_some(at + 1_000),
            last_used_unix_ms: 0,
        }
    }

    /// A two-seat match of `game` whose seats are held by the accounts `handles` ('' for a
    /// guest).
    fn a_match(id: &str, game: &str, at: i64, handles: [&str; 2]) -> MatchRecord {
        MatchRecord {
            id: id.into(),
            game: game.into(),
            setup: Setup::new("standard", 2, 7),
            options: Vec::new(),
            seats: handles
                .iter()
                .enumerate()
                .map(|(i, h)| SeatRecord {
                    token_hash: Some(format!("{id}-t{i}")),
                    player_name: format!("P{i}"),
                    client_kind: "human".into(),
                    account_handle: h.to_string(),
                    ..Default::default()
                })
                .collect(),
            choices: Vec::new(),
            created_at_unix_ms: at,
            outcome: None,
            settings: Default::default(),
            rematch_next: None,
            live: Default::default(),
        }
    }

    /// The ids of the matches listed for `account`.
    async fn listed_for(store: &dyn Store, account: &str) -> Vec<String> {
        store
            .list(&ListQuery {
                page_size: 10,
                account: Some(account.into()),
                ..Default::default()
            })
            .await
            .expect("listed")
            .matches
            .into_iter()
            .map(|l| l.record.id)
            .collect()
    }

    fn ids(credentials: &[CredentialRecord]) -> Vec<&str> {
        credentials.iter().map(|c| c.id.as_str()).collect()
    }

    fn sorted(mut hashes: Vec<String>) -> Vec<String> {
        hashes.sort();
        hashes
    }

    /// What every store must do with accounts; run on each store below.
    async fn keeps_accounts(store: &dyn Store) {
        let accounts = store.accounts();

        // A handle is taken once; the id is its lower case.
        let ada = account("Ada");
        accounts.create_account(&ada, None).await.expect("created");
        let again = accounts.create_account(&ada, None).await;
        assert!(matches!(again, Err(AccountError::Taken)), "{again:?}");
        assert_eq!(
            accounts.account("ada").await.expect("read"),
            Some(ada.clone())
        );
        assert_eq!(accounts.account("nobody").await.expect("read"), None);

        // Invitations: an unknown code is refused and writes nothing; a code works once.
        let bob = account("Bob");
        let bad = accounts.create_account(&bob, Some("no-such-code")).await;
        assert!(matches!(bad, Err(AccountError::BadInvite)), "{bad:?}");
        assert_eq!(accounts.account("bob").await.expect("read"), None);
        accounts.add_invite("code-1", 10).await.expect("invite");
        accounts
            .create_account(&bob, Some("code-1"))
            .await
            .expect("invited");
        let cy = account("Cy");
        let used = accounts.create_account(&cy, Some("code-1")).await;
        assert!(matches!(used, Err(AccountError::BadInvite)), "{used:?}");
        assert_eq!(accounts.account("cy").await.expect("read"), None);
        // A taken handle does not use the code up.
        accounts.add_invite("code-2", 20).await.expect("invite");
        let taken = accounts.create_account(&ada, Some("code-2")).await;
        assert!(matches!(taken, Err(AccountError::Taken)), "{taken:?}");
        accounts
            .create_account(&cy, Some("code-2"))
            .await
            .expect("code 2 still unused");
        assert_eq!(accounts.account("cy").await.expect("read"), Some(cy));

        // ensure_account adds a missing account and leaves an existing one alone.
        let impostor = AccountRecord {
            display_name: "Not Ada".into(),
            ..ada.clone()
        };
        accounts.ensure_account(&impostor).await.expect("ensured");
        assert_eq!(
            accounts.account("ada").await.expect("read"),
            Some(ada.clone())
        );
        let builtin = AccountRecord {
            password_hash: String::new(),
            bot: Some(BotInfo::default()),
            ..account("Random-AI")
        };
        accounts.ensure_account(&builtin).await.expect("ensured");
        assert_eq!(
            accounts.account("random-ai").await.expect("read"),
            Some(builtin),
            "a server's own bot keeps an empty owner (not a person)"
        );

        // update_account replaces what may change, bot info and deletion included.
        let mut changed = AccountRecord {
            display_name: "Countess".into(),
            password_hash: "$argon2id$new".into(),
            bot: Some(BotInfo {
                owner: "bob".into(),
                version: "1.2".into(),
            }),
            deleted: true,
            ..ada.clone()
        };
        accounts.update_account(&changed).await.expect("updated");
        assert_eq!(
            accounts.account("ada").await.expect("read"),
            Some(changed.clone())
        );
        changed.bot = None;
        changed.deleted = false;
        accounts.update_account(&changed).await.expect("updated");
        assert_eq!(accounts.account("ada").await.expect("read"), Some(changed));

        // Credentials: stored, found by hash, listed newest first (ties by id, descending).
        let s1 = credential("h1", "c1", "ada", Kind::Session, 100);
        let t2 = credential("h2", "c2", "ada", Kind::Token, 200);
        let s3 = credential("h3", "c3", "ada", Kind::Session, 200);
        let bobs = credential("h4", "c4", "bob", Kind::Token, 300);
        for c in [&s1, &t2, &s3, &bobs] {
            accounts.add_credential(c).await.expect("added");
        }
        assert_eq!(
            accounts.credential("h2").await.expect("read"),
            Some(t2.clone())
        );
        assert_eq!(accounts.credential("h9").await.expect("read"), None);
        let listed = accounts.credentials("ada").await.expect("listed");
        assert_eq!(ids(&listed), ["c3", "c2", "c1"]);
        assert_eq!(listed[1], t2);

        // A touch records the use; a new expiry only when given.
        accounts
            .touch_credential("h1", 500, None)
            .await
            .expect("touched");
        let c = accounts
            .credential("h1")
            .await
            .expect("read")
            .expect("kept");
        assert_eq!(
            (c.last_used_unix_ms, c.expires_at_unix_ms),
            (500, Some(1_100))
        );
        accounts
            .touch_credential("h1", 600, Some(5_000))
            .await
            .expect("touched");
        let c = accounts
            .credential("h1")
            .await
            .expect("read")
            .expect("kept");
        assert_eq!(
            (c.last_used_unix_ms, c.expires_at_unix_ms),
            (600, Some(5_000))
        );
        accounts
            .touch_credential("h2", 700, None)
            .await
            .expect("touched");
        let c = accounts
            .credential("h2")
            .await
            .expect("read")
            .expect("kept");
        assert_eq!((c.last_used_unix_ms, c.expires_at_unix_ms), (700, None));
        accounts
            .touch_credential("h9", 800, None)
            .await
            .expect("an unknown hash is no error");

        // Revoking: by public id, only the account's own, by kind but one, everything.
        let by_id = Revoke {
            id: Some("c2".into()),
            ..Default::default()
        };
        assert_eq!(
            accounts.revoke("ada", &by_id).await.expect("revoked"),
            ["h2"]
        );
        assert_eq!(
            ids(&accounts.credentials("ada").await.expect("listed")),
            ["c3", "c1"]
        );
        let bobs_id = Revoke {
            id: Some("c4".into()),
            ..Default::default()
        };
        assert!(
            accounts
                .revoke("ada", &bobs_id)
                .await
                .expect("revoked")
                .is_empty()
        );
        accounts.add_credential(&t2).await.expect("added");
        let s5 = credential("h5", "c5", "ada", Kind::Session, 50);
        accounts.add_credential(&s5).await.expect("added");
        let other_sessions = Revoke {
            kind: Some(Kind::Session),
            except_hash: Some("h1".into()),
            ..Default::default()
        };
        assert_eq!(
            sorted(
                accounts
                    .revoke("ada", &other_sessions)
                    .await
                    .expect("revoked")
            ),
            ["h3", "h5"]
        );
        assert_eq!(
            ids(&accounts.credentials("ada").await.expect("listed")),
            ["c2", "c1"]
        );
        assert_eq!(
            sorted(
                accounts
                    .revoke("ada", &Revoke::default())
                    .await
                    .expect("revoked")
            ),
            ["h1", "h2"]
        );
        assert!(
            accounts
                .credentials("ada")
                .await
                .expect("listed")
                .is_empty()
        );
        assert_eq!(
            ids(&accounts.credentials("bob").await.expect("listed")),
            ["c4"]
        );

        // Seats held by accounts: listed for their account, kept as written, counted per game.
        store
            .create(&a_match("m1", "presidency", 10, ["Ada", ""]))
            .await
            .expect("stored");
        store
            .create(&a_match("m2", "the-vote", 20, ["ADA", "Ada"]))
            .await
            .expect("stored");
        assert_eq!(listed_for(store, "ada").await, ["m2", "m1"]);
        assert!(listed_for(store, "bob").await.is_empty());
        let m1 = store.load("m1").await.expect("read").expect("stored");
        let handles: Vec<&str> = m1.seats.iter().map(|s| s.account_handle.as_str()).collect();
        assert_eq!(handles, ["Ada", ""]);
        assert_eq!(
            accounts.account_games("ada").await.expect("counted"),
            [("presidency".to_string(), 1), ("the-vote".to_string(), 2)]
        );
        assert!(
            accounts
                .account_games("bob")
                .await
                .expect("counted")
                .is_empty()
        );
        // A guest's seat taken over by an account (set_seat) counts from then on.
        let joined = SeatRecord {
            account_handle: "Bob".into(),
            ..m1.seats[1].clone()
        };
        store.set_seat("m1", 1, &joined).await.expect("joined");
        assert_eq!(listed_for(store, "bob").await, ["m1"]);
        assert_eq!(
            accounts.account_games("bob").await.expect("counted"),
            [("presidency".to_string(), 1)]
        );
        let listed = store
            .list(&ListQuery {
                page_size: 10,
                account: Some("bob".into()),
                ..Default::default()
            })
            .await
            .expect("listed");
        assert_eq!(listed.matches[0].record.seats[1].account_handle, "Bob");
    }

    /// A new path for a SQLite file, in a directory of its own.
    fn temp_file(tag: &str) -> PathBuf {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        std::env::temp_dir()
            .join(format!("hustings-{tag}-{}-{nanos}", std::process::id()))
            .join("hustings.sqlite")
    }

    fn remove(path: &std::path::Path) {
        if let Some(dir) = path.parent() {
            let _ = std::fs::remove_dir_all(dir);
        }
    }

    /// A new empty database on the test PostgreSQL server, as the lobby's tests make one
    /// (skipped without a server, failed under `CI=true`).
    async fn fresh_database(tag: &str) -> Option<String> {
        let tag = tag.to_string();
        tokio::task::spawn_blocking(move || crate::sql::lobby::tests::fresh_database(&tag))
            .await
            .expect("the database is made")
    }

    /// A plain connection, for what the store does not do itself.
    async fn raw(url: &str) -> tokio_postgres::Client {
        let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
            .await
            .expect("connects");
        tokio::spawn(connection);
        client
    }

    #[tokio::test]
    async fn the_memory_store_keeps_accounts() {
        keeps_accounts(&MemoryStore::default()).await;
    }

    #[tokio::test]
    async fn the_sqlite_store_keeps_accounts() {
        let path = temp_file("accounts");
        let store = SqliteStore::open(&path).expect("opens");
        keeps_accounts(&store).await;
        drop(store);
        // Kept across a restart.
        let store = SqliteStore::open(&path).expect("opens again");
        assert_eq!(
            store.account("bob").await.expect("read"),
            Some(account("Bob"))
        );
        assert_eq!(listed_for(&store, "ada").await, ["m2", "m1"]);
        drop(store);
        remove(&path);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_postgres_store_keeps_accounts() {
        let Some(url) = fresh_database("accounts").await else {
            return;
        };
        let store = PostgresStore::open(&url).await.expect("opens");
        keeps_accounts(&store).await;
    }

    /// A database as a server of schema version 6 (before accounts) left it, with one
    /// match and its two seats.
    fn version_6_database() -> String {
        let setup = serde_json::to_string(&Setup::new("standard", 2, 7)).expect("json");
        let mut sql = "CREATE TABLE schema_version (version BIGINT NOT NULL);
            INSERT INTO schema_version (version) VALUES (6);"
            .to_string();
        for m in &super::super::MIGRATIONS[..6] {
            sql.push_str(m);
            sql.push('\n');
        }
        sql.push_str(&format!(
            "INSERT INTO matches (id, game, setup, options, created_at_unix_ms, status)
                VALUES ('old', 'presidency', '{setup}', '[]', 5, 2);
            INSERT INTO seats (match_id, seat, bot, ai, ai_level, token_hash, player_name,
                client_kind) VALUES ('old', 0, 0, '', '', 't0', 'P0', 'human'),
                ('old', 1, 0, '', '', 't1', 'P1', 'human');"
        ));
        sql
    }

    /// What a store opened on [`version_6_database`] must show: the old seats are guests',
    /// and a seat joined now belongs to its account.
    async fn old_seats_are_guests(store: &dyn Store) {
        let old = store.load("old").await.expect("read").expect("kept");
        let handles: Vec<&str> = old
            .seats
            .iter()
            .map(|s| s.account_handle.as_str())
            .collect();
        assert_eq!(handles, ["", ""]);
        assert_eq!(old.seats[0].token_hash.as_deref(), Some("t0"));
        // Migration 8: a match stored before ratings is unrated, and nothing waits to be.
        assert!(!old.settings.rated);
        assert!(store.unrated_finished(10).await.expect("listed").is_empty());
        assert!(listed_for(store, "ada").await.is_empty());
        let joined = SeatRecord {
            account_handle: "Ada".into(),
            ..old.seats[0].clone()
        };
        store.set_seat("old", 0, &joined).await.expect("joined");
        assert_eq!(listed_for(store, "ada").await, ["old"]);
        assert_eq!(
            store
                .accounts()
                .account_games("ada")
                .await
                .expect("counted"),
            [("presidency".to_string(), 1)]
        );
    }

    #[tokio::test]
    async fn a_version_6_sqlite_database_gets_accounts_and_its_seats_are_guests() {
        let path = temp_file("accounts-v6");
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).expect("directory");
        }
        rusqlite::Connection::open(&path)
            .expect("open")
            .execute_batch(&version_6_database())
            .expect("version 6 database");
        let store = SqliteStore::open(&path).expect("migrates");
        assert_eq!(
            store.schema_version().await.expect("version"),
            current_version()
        );
        old_seats_are_guests(&store).await;
        drop(store);
        remove(&path);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_version_6_postgres_database_gets_accounts_and_its_seats_are_guests() {
        let Some(url) = fresh_database("accounts_v6").await else {
            return;
        };
        raw(&url)
            .await
            .batch_execute(&version_6_database())
            .await
            .expect("version 6 database");
        let store = PostgresStore::open(&url).await.expect("migrates");
        assert_eq!(
            store.schema_version().await.expect("version"),
            current_version()
        );
        old_seats_are_guests(&store).await;
    }
}
