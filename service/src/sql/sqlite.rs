//! The default store: one SQLite file (`hustings.sqlite` in the data directory).
//!
//! Durability: WAL journal with `synchronous=FULL`, so every commit is fsynced before a
//! write returns and the Act is acknowledged: a choice survives the process being killed
//! and the machine losing power. The file is locked for this process (`locking_mode =
//! EXCLUSIVE`), so a second server on the same data directory fails instead of mixing
//! writes.
//!
//! One thread owns the connection; everything else hands it work over a channel and awaits
//! the answer, so no async worker ever blocks on SQLite. The thread takes every write
//! waiting in the channel at once and commits them in one transaction (group commit): one
//! fsync for all the choices that arrived together, and a lone write is committed at once,
//! with nobody to wait for. Reads are served between batches.

use std::path::{Path, PathBuf};
use std::sync::mpsc;

use anyhow::{Context, anyhow};
use hustings_engine::Seat;
use rusqlite::{Connection, OptionalExtension, params};
use tokio::sync::oneshot;

use super::{
    APPEND_CHOICE, CREATE_VERSION_TABLE, Columns, FINISH, INSERT_CHOICE, INSERT_MATCH,
    LINK_REMATCH, LOAD_CHOICES_OF, LOAD_SEATS_OF, MAX_BATCH, MIGRATIONS, MatchRow, NewRow, Param,
    Plan, RUNNING_CLOCKS, SAVE_LIVE, SEAT_STATUS, TOKEN_SEATS, UPSERT_SEAT, VERSION_OF, Write,
    append_refused, assemble, assemble_listed, decode_clocks, encode_clocks, finish_params,
    list_sql, load_match_sql, match_row, page, plan, seat_row, seats_of_sql, waiting_sql,
};
use crate::store::{
    Append, ChoiceRecord, ListPage, ListQuery, Listed, LiveState, MatchRecord, SeatRecord, Store,
    StoreError,
};

/// The file name of the database inside the data directory.
pub const FILE_NAME: &str = "hustings.sqlite";

/// SQLite writes `$1` as `?1`; the statements are shared with PostgreSQL.
pub(super) fn q(sql: &str) -> String {
    sql.replace('$', "?")
}

/// Databases up to this size get SQLite's full `quick_check` at start-up (about a second
/// per 500 MB on the development machine).
const FULL_CHECK_BYTES: u64 = 256 * 1024 * 1024;

/// Work for the connection's thread.
enum Job {
    /// Committed with the other writes waiting; the answer is sent after the commit.
    Write(Write, oneshot::Sender<Result<(), StoreError>>),
    /// Run on the connection between batches (it sends its own answer).
    Run(Box<dyn FnOnce(&mut Connection) + Send>),
}

/// A store in one SQLite file.
pub struct SqliteStore {
    jobs: mpsc::Sender<Job>,
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
        // Checkpoint the WAL every 32 MB rather than every 4: a page written by many
        // batches in between is copied into the database once.
        conn.pragma_update(None, "wal_autocheckpoint", 8192)
            .map_err(damaged)?;
        conn.pragma_update(None, "foreign_keys", "ON")
            .map_err(damaged)?;
        // The full page check reads the whole file: for a large database (years of
        // finished matches) it would make start-up time grow with history, so above
        // FULL_CHECK_BYTES only the schema is read here, and
        // damage deeper in the file surfaces as an error on the match that reaches it.
        let size = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
        let check_sql = if size <= FULL_CHECK_BYTES {
            "PRAGMA quick_check"
        } else {
            tracing::info!(
                path = %path.display(),
                bytes = size,
                "large database: integrity check of its schema only at start-up"
            );
            "SELECT CASE WHEN COUNT(*) >= 0 THEN 'ok' END FROM sqlite_master"
        };
        let check: Vec<String> = conn
            .prepare(check_sql)
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
        let mut conn = conn;
        migrate(&mut conn, path).with_context(|| format!("cannot use {}", what()))?;
        conn.set_prepared_statement_cache_capacity(64);
        let (tx, rx) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("hustings-sqlite".into())
            .spawn(move || serve(conn, rx))
            .context("cannot start the SQLite thread")?;
        Ok(SqliteStore {
            jobs: tx,
            path: path.to_path_buf(),
        })
    }

    /// Where the database lives.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Runs `f` on the connection's thread and awaits its result (also the accounts'
    /// reads and writes, [`super::accounts`]: each is its own transaction).
    pub(super) async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (tx, rx) = oneshot::channel();
        self.jobs
            .send(Job::Run(Box::new(move |c| {
                let _ = tx.send(f(c));
            })))
            .map_err(|_| stopped())?;
        rx.await.map_err(|_| stopped())?
    }

    async fn write(&self, w: Write) -> Result<(), StoreError> {
        let (tx, rx) = oneshot::channel();
        self.jobs.send(Job::Write(w, tx)).map_err(|_| stopped())?;
        rx.await.map_err(|_| stopped())?
    }

    /// The schema version recorded in the database.
    pub async fn schema_version(&self) -> Result<i64, StoreError> {
        self.run(|c| {
            c.query_row("SELECT version FROM schema_version", [], |r| r.get(0))
                .map_err(backend)
        })
        .await
    }

    /// Stores many matches (with their choices) in one transaction: for importing and for
    /// benchmarks. All or nothing.
    pub async fn create_many(&self, records: Vec<MatchRecord>) -> Result<(), StoreError> {
        self.run(move |conn| {
            let tx = conn.transaction().map_err(backend)?;
            for record in &records {
                insert_record(&tx, record)?;
            }
            tx.commit().map_err(backend)
        })
        .await
    }
}

fn stopped() -> StoreError {
    StoreError::Backend("the SQLite thread has stopped".into())
}

fn migrate(conn: &mut Connection, path: &Path) -> anyhow::Result<()> {
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
        path = %path.display(),
        from,
        to = MIGRATIONS.len(),
        "database schema migrated"
    );
    Ok(())
}

/// The connection's thread: takes whatever is waiting, runs the reads, commits the writes
/// together, answers them; until the store is dropped.
fn serve(mut conn: Connection, rx: mpsc::Receiver<Job>) {
    let mut writes = Vec::new();
    while let Ok(first) = rx.recv() {
        let mut next = Some(first);
        let mut taken = 0;
        while let Some(job) = next.take() {
            taken += 1;
            match job {
                Job::Run(f) => f(&mut conn),
                Job::Write(w, reply) => writes.push((w, reply)),
            }
            if taken < MAX_BATCH {
                next = rx.try_recv().ok();
            }
        }
        if !writes.is_empty() {
            let (n, start) = (writes.len(), std::time::Instant::now());
            commit_batch(&mut conn, &mut writes);
            crate::metrics::commit("sqlite", n, start.elapsed());
        }
    }
}

/// Commits every write in one transaction, then answers each: its own result once the
/// commit succeeded. A write refused for a reason of its own (no such match, not the next
/// choice) wrote nothing; any other error rolls the whole batch back and every write of it
/// hears so (none was acknowledged).
fn commit_batch(
    conn: &mut Connection,
    writes: &mut Vec<(Write, oneshot::Sender<Result<(), StoreError>>)>,
) {
    let mut results = Vec::with_capacity(writes.len());
    let committed = (|| -> Result<(), StoreError> {
        let tx = conn.transaction().map_err(backend)?;
        for (w, _) in writes.iter() {
            let r = apply(&tx, w);
            if let Err(e @ StoreError::Backend(_)) = &r {
                return Err(e.clone());
            }
            results.push(r);
        }
        tx.commit().map_err(backend)
    })();
    for (i, (_, reply)) in writes.drain(..).enumerate() {
        let answer = match &committed {
            Ok(()) => results
                .get(i)
                .cloned()
                .unwrap_or_else(|| Err(StoreError::Backend("write not run".into()))),
            Err(e) => Err(e.clone()),
        };
        let _ = reply.send(answer);
    }
}

fn apply(conn: &Connection, w: &Write) -> Result<(), StoreError> {
    match w {
        Write::Create(record) => insert_record(conn, record),
        Write::SetSeat { id, seat, record } => upsert_seat(conn, id, *seat, record),
        Write::Append { id, append } => append_choice(conn, id, append),
        Write::SaveLive { id, live } => {
            let n = conn
                .prepare_cached(&q(SAVE_LIVE))
                .and_then(|mut s| s.execute(params![id, live]))
                .map_err(backend)?;
            if n == 0 {
                return Err(StoreError::NoSuchMatch(id.clone()));
            }
            Ok(())
        }
    }
}

pub(super) fn backend(e: rusqlite::Error) -> StoreError {
    StoreError::Backend(format!("sqlite: {e}"))
}

fn insert_record(conn: &Connection, record: &MatchRecord) -> Result<(), StoreError> {
    let row = NewRow::of(record)?;
    let n = conn
        .prepare_cached(&q(INSERT_MATCH))
        .and_then(|mut s| {
            s.execute(params![
                record.id,
                record.game,
                row.setup,
                row.options,
                record.created_at_unix_ms,
                row.outcome,
                row.settings,
                row.status,
                Option::<String>::None,
                row.clocked,
                record.rematch_next,
                row.live,
                row.rated,
            ])
        })
        .map_err(backend)?;
    if n == 0 {
        return Err(StoreError::Backend(format!(
            "match {} already exists",
            record.id
        )));
    }
    for (seat, s) in record.seats.iter().enumerate() {
        upsert_seat_row(conn, &record.id, seat, s)?;
    }
    let mut insert = conn.prepare_cached(&q(INSERT_CHOICE)).map_err(backend)?;
    for (idx, c) in record.choices.iter().enumerate() {
        insert
            .execute(params![
                record.id,
                idx as i64,
                c.seat as i64,
                c.choice.to_string(),
                encode_clocks(&c.clocks)?
            ])
            .map_err(backend)?;
    }
    if let Some(old) = &record.settings.rematch_of {
        conn.prepare_cached(&q(LINK_REMATCH))
            .and_then(|mut s| s.execute(params![old, record.id]))
            .map_err(backend)?;
    }
    Ok(())
}

fn upsert_seat_row(
    conn: &Connection,
    id: &str,
    seat: Seat,
    s: &SeatRecord,
) -> Result<usize, StoreError> {
    conn.prepare_cached(&q(UPSERT_SEAT))
        .and_then(|mut st| {
            st.execute(params![
                id,
                seat as i64,
                s.bot as i64,
                s.ai,
                s.ai_level,
                s.token_hash,
                s.player_name,
                s.client_kind,
                s.account_id(),
                s.account_handle
            ])
        })
        .map_err(backend)
}

fn upsert_seat(conn: &Connection, id: &str, seat: Seat, s: &SeatRecord) -> Result<(), StoreError> {
    if upsert_seat_row(conn, id, seat, s)? == 0 {
        return Err(StoreError::NoSuchMatch(id.to_string()));
    }
    conn.prepare_cached(&q(SEAT_STATUS))
        .and_then(|mut st| st.execute(params![id]))
        .map_err(backend)?;
    Ok(())
}

fn append_choice(conn: &Connection, id: &str, a: &Append) -> Result<(), StoreError> {
    let clocks = encode_clocks(&a.choice.clocks)?;
    let n = conn
        .prepare_cached(&q(APPEND_CHOICE))
        .and_then(|mut s| {
            s.execute(params![
                id,
                a.index as i64,
                a.choice.seat as i64,
                a.choice.choice.to_string(),
                clocks
            ])
        })
        .map_err(backend)?;
    if n == 0 {
        let version: Option<i64> = conn
            .prepare_cached(&q(VERSION_OF))
            .and_then(|mut s| s.query_row([id], |r| r.get(0)).optional())
            .map_err(backend)?;
        return Err(append_refused(id, a.index, version));
    }
    if let Some((outcome, forfeit)) = finish_params(a)? {
        conn.prepare_cached(&q(FINISH))
            .and_then(|mut s| s.execute(params![id, outcome, forfeit]))
            .map_err(backend)?;
    }
    Ok(())
}

impl Columns for rusqlite::Row<'_> {
    type Error = rusqlite::Error;
    fn float(&self, at: usize) -> rusqlite::Result<f64> {
        self.get(at)
    }
    fn text(&self, at: usize) -> rusqlite::Result<String> {
        self.get(at)
    }
    fn opt_text(&self, at: usize) -> rusqlite::Result<Option<String>> {
        self.get(at)
    }
    fn big(&self, at: usize) -> rusqlite::Result<i64> {
        self.get(at)
    }
    fn opt_big(&self, at: usize) -> rusqlite::Result<Option<i64>> {
        self.get(at)
    }
    fn int(&self, at: usize) -> rusqlite::Result<i64> {
        self.get(at)
    }
}

fn read_match_row(r: &rusqlite::Row) -> rusqlite::Result<MatchRow> {
    match_row(r)
}

fn read_seat(r: &rusqlite::Row, at: usize) -> rusqlite::Result<SeatRecord> {
    seat_row(r, at)
}

fn load(conn: &Connection, id: &str) -> Result<Option<MatchRecord>, StoreError> {
    let row = conn
        .prepare_cached(&q(&load_match_sql()))
        .and_then(|mut s| s.query_row([id], read_match_row).optional())
        .map_err(backend)?;
    let Some(row) = row else {
        return Ok(None);
    };
    let seats = conn
        .prepare_cached(&q(LOAD_SEATS_OF))
        .and_then(|mut s| {
            s.query_map([id], |r| Ok((r.get::<_, i64>(0)?, read_seat(r, 1)?)))?
                .collect::<Result<Vec<_>, _>>()
        })
        .map_err(backend)?;
    let choices = conn
        .prepare_cached(&q(LOAD_CHOICES_OF))
        .and_then(|mut s| {
            s.query_map([id], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    ChoiceRecord {
                        seat: r.get::<_, i64>(1)? as Seat,
                        choice: r.get::<_, String>(2)?.into(),
                        clocks: decode_clocks(r.get::<_, Option<String>>(3)?.as_deref()),
                    },
                ))
            })?
            .collect::<Result<Vec<_>, _>>()
        })
        .map_err(backend)?;
    Ok(Some(assemble(row, seats, choices)?.record))
}

fn to_value(p: &Param) -> rusqlite::types::Value {
    match p {
        Param::Text(t) => rusqlite::types::Value::Text(t.clone()),
        Param::Int(i) => rusqlite::types::Value::Integer(*i),
        Param::Small(i) => rusqlite::types::Value::Integer(i64::from(*i)),
    }
}

/// Match rows from `sql` with `params`, and their seats.
fn listed(conn: &Connection, sql: &str, params: &[Param]) -> Result<Vec<Listed>, StoreError> {
    let rows = conn
        .prepare_cached(&q(sql))
        .and_then(|mut s| {
            s.query_map(
                rusqlite::params_from_iter(params.iter().map(to_value)),
                read_match_row,
            )?
            .collect::<Result<Vec<_>, _>>()
        })
        .map_err(backend)?;
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<&str> = rows.iter().map(|r| r.id.as_str()).collect();
    let seats = conn
        .prepare(&q(&seats_of_sql(ids.len())))
        .and_then(|mut s| {
            s.query_map(rusqlite::params_from_iter(ids.iter()), |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, i64>(1)?,
                    read_seat(r, 2)?,
                ))
            })?
            .collect::<Result<Vec<_>, _>>()
        })
        .map_err(backend)?;
    assemble_listed(rows, seats)
}

#[async_trait::async_trait]
impl Store for SqliteStore {
    async fn create(&self, record: &MatchRecord) -> Result<(), StoreError> {
        self.write(Write::create(record)).await
    }

    async fn set_seat(&self, id: &str, seat: Seat, record: &SeatRecord) -> Result<(), StoreError> {
        self.write(Write::set_seat(id, seat, record)).await
    }

    async fn append(&self, id: &str, append: &Append) -> Result<(), StoreError> {
        self.write(Write::append(id, append)).await
    }

    async fn save_live(&self, id: &str, live: &LiveState) -> Result<(), StoreError> {
        self.write(Write::save_live(id, live)?).await
    }

    async fn load(&self, id: &str) -> Result<Option<MatchRecord>, StoreError> {
        let id = id.to_string();
        self.run(move |c| load(c, &id)).await
    }

    async fn token_seats(&self, token_hash: &str) -> Result<Vec<(String, Seat)>, StoreError> {
        let hash = token_hash.to_string();
        self.run(move |c| {
            c.prepare_cached(&q(TOKEN_SEATS))
                .and_then(|mut s| {
                    s.query_map([hash], |r| {
                        Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)? as Seat))
                    })?
                    .collect::<Result<Vec<_>, _>>()
                })
                .map_err(backend)
        })
        .await
    }

    async fn list(&self, query: &ListQuery) -> Result<ListPage, StoreError> {
        let (sql, params) = list_sql(query);
        let size = query.page_size;
        self.run(move |c| Ok(page(listed(c, &sql, &params)?, size)))
            .await
    }

    async fn waiting_for_bots(&self, limit: usize) -> Result<Vec<Listed>, StoreError> {
        self.run(move |c| listed(c, &waiting_sql(limit), &[])).await
    }

    async fn running_clocks(&self) -> Result<Vec<String>, StoreError> {
        self.run(|c| {
            c.prepare(RUNNING_CLOCKS)
                .and_then(|mut s| {
                    s.query_map([], |r| r.get::<_, String>(0))?
                        .collect::<Result<Vec<_>, _>>()
                })
                .map_err(backend)
        })
        .await
    }
}
