//! The default store: one SQLite file (`hustings.sqlite` in the data directory).
//!
//! Durability: WAL journal with `synchronous=FULL`, so every commit is fsynced before
//! [`Store`] returns and the Act is acknowledged: a choice survives the process being killed
//! and the machine losing power. The file is locked for this process (`locking_mode =
//! EXCLUSIVE`), so a second server on the same data directory fails instead of mixing
//! writes.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use anyhow::{Context, anyhow};
use hustings_engine::{Outcome, Seat};
use rusqlite::{Connection, OptionalExtension, params};

use super::{
    APPEND_CHOICE, CREATE_VERSION_TABLE, INSERT_MATCH, LOAD_CHOICES, LOAD_MATCHES, LOAD_SEATS,
    MIGRATIONS, MatchRow, Plan, SET_OUTCOME, UPSERT_SEAT, assemble, blocking, decode_clocks,
    encode, encode_clocks, plan,
};
use crate::store::{ChoiceRecord, MatchRecord, SeatRecord, Store, StoreError};

/// The file name of the database inside the data directory.
pub const FILE_NAME: &str = "hustings.sqlite";

/// SQLite writes `$1` as `?1`; the statements are shared with PostgreSQL.
fn q(sql: &str) -> String {
    sql.replace('$', "?")
}

/// A store in one SQLite file.
pub struct SqliteStore {
    conn: Mutex<Connection>,
    path: PathBuf,
}

impl SqliteStore {
    /// Opens (creating it and its directory if needed) and migrates the database at `path`.
    /// A file that is not a readable SQLite database, holds foreign tables or a newer schema
    /// is an error; it is left untouched.
    pub fn open(path: &Path) -> anyhow::Result<SqliteStore> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create the data directory {}", dir.display()))?;
        }
        let what = || format!("the database {}", path.display());
        let conn = Connection::open(path).with_context(|| format!("cannot open {}", what()))?;
        let damaged = |e: rusqlite::Error| {
            anyhow!(
                "cannot read {}: {e}. The file is damaged or not a SQLite database; it was left \
                 untouched. Restore a backup, or move it away to start with an empty database.",
                what()
            )
        };
        conn.busy_timeout(std::time::Duration::from_secs(2))
            .map_err(damaged)?;
        conn.pragma_update(None, "locking_mode", "EXCLUSIVE")
            .map_err(damaged)?;
        let mode: String = conn
            .pragma_update_and_check(None, "journal_mode", "WAL", |r| r.get(0))
            .map_err(|e| match e {
                rusqlite::Error::SqliteFailure(f, _)
                    if f.code == rusqlite::ErrorCode::DatabaseBusy =>
                {
                    anyhow!(
                        "{} is locked by another process: is another hustings-server using \
                         this data directory?",
                        what()
                    )
                }
                e => damaged(e),
            })?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(anyhow!(
                "{} cannot use write-ahead logging (journal mode stays '{mode}')",
                what()
            ));
        }
        conn.pragma_update(None, "synchronous", "FULL")
            .map_err(damaged)?;
        conn.pragma_update(None, "foreign_keys", "ON")
            .map_err(damaged)?;
        let check: Vec<String> = conn
            .prepare("PRAGMA quick_check")
            .and_then(|mut s| {
                s.query_map([], |r| r.get::<_, String>(0))?
                    .collect::<Result<Vec<_>, _>>()
            })
            .map_err(damaged)?;
        if check != ["ok"] {
            return Err(anyhow!(
                "{} is damaged (integrity check: {}); it was left untouched. Restore a backup.",
                what(),
                check.join("; ")
            ));
        }
        let mut store = SqliteStore {
            conn: Mutex::new(conn),
            path: path.to_path_buf(),
        };
        store
            .migrate()
            .with_context(|| format!("cannot use {}", what()))?;
        Ok(store)
    }

    /// Where the database lives.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The schema version recorded in the database.
    pub fn schema_version(&self) -> Result<i64, StoreError> {
        let conn = self.lock()?;
        conn.query_row("SELECT version FROM schema_version", [], |r| r.get(0))
            .map_err(backend)
    }

    /// Stores many matches (with their choices) in one transaction: for importing and for
    /// benchmarks. All or nothing.
    pub fn create_many(&self, records: &[MatchRecord]) -> Result<(), StoreError> {
        blocking(|| {
            let mut conn = self.lock()?;
            let tx = conn.transaction().map_err(backend)?;
            for record in records {
                insert_record(&tx, record)?;
            }
            tx.commit().map_err(backend)
        })
    }

    fn migrate(&mut self) -> anyhow::Result<()> {
        let conn = self.conn.get_mut().map_err(|_| anyhow!("store poisoned"))?;
        let tables: Vec<String> = conn
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")?
            .query_map([], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        let version: Option<i64> = if tables.iter().any(|t| t == "schema_version") {
            conn.query_row("SELECT MAX(version) FROM schema_version", [], |r| r.get(0))
                .optional()?
                .flatten()
        } else {
            None
        };
        let Plan::Migrate { from } = plan(&tables, version).map_err(|e| anyhow!(e))?;
        if from == MIGRATIONS.len() {
            return Ok(());
        }
        let tx = conn.transaction()?;
        if from == 0 {
            tx.execute_batch(CREATE_VERSION_TABLE)?;
            tx.execute("INSERT INTO schema_version (version) VALUES (0)", [])?;
        }
        for (i, m) in MIGRATIONS.iter().enumerate().skip(from) {
            tx.execute_batch(m)
                .with_context(|| format!("migration to schema version {}", i + 1))?;
        }
        tx.execute(
            "UPDATE schema_version SET version = ?1",
            [MIGRATIONS.len() as i64],
        )?;
        tx.commit()?;
        tracing::info!(
            path = %self.path.display(),
            from,
            to = MIGRATIONS.len(),
            "database schema migrated"
        );
        Ok(())
    }

    fn lock(&self) -> Result<std::sync::MutexGuard<'_, Connection>, StoreError> {
        self.conn
            .lock()
            .map_err(|_| StoreError::Backend("sqlite store poisoned".into()))
    }
}

fn backend(e: rusqlite::Error) -> StoreError {
    StoreError::Backend(format!("sqlite: {e}"))
}

impl Store for SqliteStore {
    fn create(&self, record: &MatchRecord) -> Result<(), StoreError> {
        self.create_many(std::slice::from_ref(record))
    }

    fn set_seat(&self, id: &str, seat: Seat, record: &SeatRecord) -> Result<(), StoreError> {
        blocking(|| upsert_seat(&*self.lock()?, id, seat, record))
    }

    fn append_choice(
        &self,
        id: &str,
        index: usize,
        choice: &ChoiceRecord,
    ) -> Result<(), StoreError> {
        blocking(|| insert_choice(&*self.lock()?, id, index, choice))
    }

    fn finish(&self, id: &str, outcome: &Outcome) -> Result<(), StoreError> {
        let outcome = encode(outcome)?;
        blocking(|| {
            let n = self
                .lock()?
                .execute(&q(SET_OUTCOME), params![id, outcome])
                .map_err(backend)?;
            if n == 0 {
                return Err(StoreError::NoSuchMatch(id.to_string()));
            }
            Ok(())
        })
    }

    fn load_all(&self) -> Result<Vec<MatchRecord>, StoreError> {
        blocking(|| {
            let conn = self.lock()?;
            let matches = conn
                .prepare(LOAD_MATCHES)
                .and_then(|mut s| {
                    s.query_map([], |r| {
                        Ok(MatchRow {
                            id: r.get(0)?,
                            game: r.get(1)?,
                            setup: r.get(2)?,
                            options: r.get(3)?,
                            created_at_unix_ms: r.get(4)?,
                            outcome: r.get(5)?,
                            settings: r.get(6)?,
                        })
                    })?
                    .collect::<Result<Vec<_>, _>>()
                })
                .map_err(backend)?;
            let seats = load_per_match(&conn, LOAD_SEATS, |r| {
                Ok(SeatRecord {
                    bot: r.get::<_, i64>(2)? != 0,
                    ai: r.get(3)?,
                    ai_level: r.get(4)?,
                    token_hash: r.get(5)?,
                    player_name: r.get(6)?,
                    client_kind: r.get(7)?,
                })
            })?;
            let choices = load_per_match(&conn, LOAD_CHOICES, |r| {
                Ok(ChoiceRecord {
                    seat: r.get::<_, i64>(2)? as Seat,
                    choice: r.get(3)?,
                    clocks: decode_clocks(r.get::<_, Option<String>>(4)?.as_deref()),
                })
            })?;
            assemble(matches, seats, choices)
        })
    }
}

/// Runs a load query whose rows start with the match id and a number (a seat or a choice's
/// index), and reads the rest of each row with `read`.
fn load_per_match<T>(
    conn: &Connection,
    sql: &str,
    read: impl Fn(&rusqlite::Row) -> rusqlite::Result<T>,
) -> Result<Vec<(String, i64, T)>, StoreError> {
    conn.prepare(sql)
        .and_then(|mut s| {
            s.query_map([], |r| Ok((r.get(0)?, r.get(1)?, read(r)?)))?
                .collect::<Result<Vec<_>, _>>()
        })
        .map_err(backend)
}

/// What a failed write of match `id`'s rows means: a broken constraint (the foreign key to
/// the match), that the match does not exist.
fn write_error(id: &str) -> impl FnOnce(rusqlite::Error) -> StoreError + '_ {
    move |e| match e {
        rusqlite::Error::SqliteFailure(f, _)
            if f.code == rusqlite::ErrorCode::ConstraintViolation =>
        {
            StoreError::NoSuchMatch(id.to_string())
        }
        e => backend(e),
    }
}

fn insert_record(conn: &Connection, record: &MatchRecord) -> Result<(), StoreError> {
    let setup = encode(&record.setup)?;
    let options = encode(&record.options)?;
    let outcome = record.outcome.as_ref().map(encode).transpose()?;
    let settings = encode(&record.settings)?;
    conn.execute(
        &q(INSERT_MATCH),
        params![
            record.id,
            record.game,
            setup,
            options,
            record.created_at_unix_ms,
            outcome,
            settings
        ],
    )
    .map_err(backend)?;
    for (seat, s) in record.seats.iter().enumerate() {
        upsert_seat(conn, &record.id, seat, s)?;
    }
    for (idx, c) in record.choices.iter().enumerate() {
        insert_choice(conn, &record.id, idx, c)?;
    }
    Ok(())
}

fn upsert_seat(conn: &Connection, id: &str, seat: Seat, s: &SeatRecord) -> Result<(), StoreError> {
    conn.execute(
        &q(UPSERT_SEAT),
        params![
            id,
            seat as i64,
            s.bot as i64,
            s.ai,
            s.ai_level,
            s.token_hash,
            s.player_name,
            s.client_kind
        ],
    )
    .map_err(write_error(id))?;
    Ok(())
}

fn insert_choice(
    conn: &Connection,
    id: &str,
    index: usize,
    c: &ChoiceRecord,
) -> Result<(), StoreError> {
    let n = conn
        .execute(
            &q(APPEND_CHOICE),
            params![
                id,
                index as i64,
                c.seat as i64,
                c.choice,
                encode_clocks(&c.clocks)?
            ],
        )
        .map_err(write_error(id))?;
    if n == 0 {
        let have: i64 = conn
            .query_row(
                "SELECT COUNT(*) FROM choices WHERE match_id = ?1",
                [id],
                |r| r.get(0),
            )
            .map_err(backend)?;
        return Err(StoreError::OutOfOrder {
            id: id.to_string(),
            expected: have as usize,
            got: index,
        });
    }
    Ok(())
}
