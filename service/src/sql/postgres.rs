//! PostgreSQL store (`--database-url postgres://…`), with the same schema and statements as
//! SQLite.
//!
//! The synchronous `postgres` client runs its own small runtime, which may not be entered from
//! inside tokio; so dedicated threads own the connections and match actors hand them their
//! writes and wait for the commit (see [`super::blocking`]). Every write is a committed
//! transaction (PostgreSQL's default `synchronous_commit = on` flushes it to the WAL) before
//! the store returns. A dropped connection is re-established before the next write.

use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{Context, anyhow};
use hustings_engine::{Outcome, Seat};
use postgres::{Client, NoTls};

use super::{
    APPEND_CHOICE, CREATE_VERSION_TABLE, INSERT_MATCH, LOAD_CHOICES, LOAD_MATCHES, LOAD_SEATS,
    MIGRATIONS, MatchRow, Plan, SET_OUTCOME, UPSERT_SEAT, assemble, blocking, decode_clocks,
    encode, encode_clocks, plan,
};
use crate::store::{ChoiceRecord, MatchRecord, SeatRecord, Store, StoreError};

type Job = Box<dyn FnOnce(&mut Conn) + Send>;

/// Connections kept open, each on its own thread. Several let concurrent matches commit at
/// once (PostgreSQL flushes their commits together); one match's writes stay in order because
/// its actor waits for each before making the next.
const CONNECTIONS: usize = 4;

/// The connection and how to make it again.
struct Conn {
    config: postgres::Config,
    client: Client,
}

impl Conn {
    fn client(&mut self) -> Result<&mut Client, StoreError> {
        if self.client.is_closed() {
            tracing::warn!("the PostgreSQL connection was lost; reconnecting");
            self.client = self.config.connect(NoTls).map_err(|e| {
                StoreError::Backend(format!("postgres: reconnecting: {}", with_causes(&e)))
            })?;
        }
        Ok(&mut self.client)
    }
}

/// A store in a PostgreSQL database.
pub struct PostgresStore {
    jobs: Mutex<mpsc::Sender<Job>>,
    url: String,
}

/// The URL with any password replaced by `***`, for messages.
pub fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (authority, tail) = match rest.find('/') {
        Some(i) => rest.split_at(i),
        None => (rest, ""),
    };
    match authority.rsplit_once('@') {
        Some((userinfo, host)) => {
            let user = userinfo.split(':').next().unwrap_or("");
            let pass = if userinfo.contains(':') { ":***" } else { "" };
            format!("{scheme}://{user}{pass}@{host}{tail}")
        }
        None => url.to_string(),
    }
}

impl PostgresStore {
    /// Connects (waiting at most 10 s unless the URL sets `connect_timeout`) and migrates the
    /// database. An unreachable server, refused credentials, a newer schema or foreign tables
    /// are errors.
    pub fn open(url: &str) -> anyhow::Result<PostgresStore> {
        let shown = redact(url);
        let mut config: postgres::Config = url
            .parse()
            .with_context(|| format!("invalid PostgreSQL URL {shown}"))?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(Duration::from_secs(10));
        }
        let (tx, rx) = mpsc::channel::<Job>();
        let rx = Arc::new(Mutex::new(rx));
        // The first connection migrates; the others open once the schema is in place.
        for n in 0..CONNECTIONS {
            let (ready_tx, ready_rx) = mpsc::channel::<anyhow::Result<()>>();
            let (config, shown, rx) = (config.clone(), shown.clone(), rx.clone());
            std::thread::Builder::new()
                .name(format!("hustings-postgres-{n}"))
                .spawn(move || {
                    let mut conn = match config.connect(NoTls) {
                        Ok(client) => Conn { config, client },
                        Err(e) => {
                            let _ = ready_tx.send(Err(anyhow!(
                                "cannot connect to the PostgreSQL database {shown}: {}",
                                with_causes(&e)
                            )));
                            return;
                        }
                    };
                    if n == 0
                        && let Err(e) = migrate(&mut conn.client)
                    {
                        let _ = ready_tx.send(Err(e.context(format!("cannot use {shown}"))));
                        return;
                    }
                    let _ = ready_tx.send(Ok(()));
                    loop {
                        // Hold the lock only to take a job, not while running it.
                        let job = match rx.lock() {
                            Ok(rx) => rx.recv(),
                            Err(_) => return,
                        };
                        match job {
                            Ok(job) => job(&mut conn),
                            Err(_) => return,
                        }
                    }
                })
                .context("cannot start a PostgreSQL thread")?;
            blocking(|| ready_rx.recv())
                .map_err(|_| anyhow!("a PostgreSQL thread stopped while connecting"))??;
        }
        Ok(PostgresStore {
            jobs: Mutex::new(tx),
            url: shown,
        })
    }

    /// The database URL, password hidden.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Runs `f` on the connection thread and waits for its result.
    fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Client) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (tx, rx) = mpsc::sync_channel(1);
        let job: Job = Box::new(move |conn: &mut Conn| {
            let r = conn.client().and_then(f);
            let _ = tx.send(r);
        });
        self.jobs
            .lock()
            .map_err(|_| StoreError::Backend("postgres store poisoned".into()))?
            .send(job)
            .map_err(|_| StoreError::Backend("the PostgreSQL thread has stopped".into()))?;
        blocking(|| rx.recv())
            .map_err(|_| StoreError::Backend("the PostgreSQL thread has stopped".into()))?
    }

    /// Stores many matches (with their choices) in one transaction: for importing and for
    /// benchmarks. All or nothing.
    pub fn create_many(&self, records: &[MatchRecord]) -> Result<(), StoreError> {
        let records = records.to_vec();
        self.run(move |c| {
            let mut tx = c.transaction().map_err(backend)?;
            for record in &records {
                insert_record(&mut tx, record)?;
            }
            tx.commit().map_err(backend)
        })
    }

    /// The schema version recorded in the database.
    pub fn schema_version(&self) -> Result<i64, StoreError> {
        self.run(|c| {
            c.query_one("SELECT version FROM schema_version", &[])
                .map(|r| r.get(0))
                .map_err(backend)
        })
    }
}

fn migrate(client: &mut Client) -> anyhow::Result<()> {
    let tables: Vec<String> = client
        .query(
            "SELECT table_name::text FROM information_schema.tables \
             WHERE table_schema = current_schema() ORDER BY 1",
            &[],
        )?
        .iter()
        .map(|r| r.get(0))
        .collect();
    let version: Option<i64> = if tables.iter().any(|t| t == "schema_version") {
        client
            .query_one("SELECT MAX(version) FROM schema_version", &[])?
            .get(0)
    } else {
        None
    };
    let Plan::Migrate { from } = plan(&tables, version).map_err(|e| anyhow!(e))?;
    if from == MIGRATIONS.len() {
        return Ok(());
    }
    let mut tx = client.transaction()?;
    if from == 0 {
        tx.batch_execute(CREATE_VERSION_TABLE)?;
        tx.execute("INSERT INTO schema_version (version) VALUES (0)", &[])?;
    }
    for (i, m) in MIGRATIONS.iter().enumerate().skip(from) {
        tx.batch_execute(m)
            .with_context(|| format!("migration to schema version {}", i + 1))?;
    }
    tx.execute(
        "UPDATE schema_version SET version = $1",
        &[&(MIGRATIONS.len() as i64)],
    )?;
    tx.commit()?;
    tracing::info!(from, to = MIGRATIONS.len(), "database schema migrated");
    Ok(())
}

fn backend(e: postgres::Error) -> StoreError {
    StoreError::Backend(format!("postgres: {}", with_causes(&e)))
}

/// The error and its sources on one line (`postgres::Error` shows only the outermost).
fn with_causes(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        let s_text = s.to_string();
        if !text.contains(&s_text) {
            text.push_str(": ");
            text.push_str(&s_text);
        }
        source = s.source();
    }
    text
}

fn is_fk_violation(e: &postgres::Error) -> bool {
    e.code() == Some(&postgres::error::SqlState::FOREIGN_KEY_VIOLATION)
}

/// What a failed write of match `id`'s rows means: a broken foreign key, that the match does
/// not exist.
fn write_error(id: &str) -> impl FnOnce(postgres::Error) -> StoreError + '_ {
    move |e| {
        if is_fk_violation(&e) {
            StoreError::NoSuchMatch(id.to_string())
        } else {
            backend(e)
        }
    }
}

fn insert_record(
    c: &mut impl postgres::GenericClient,
    record: &MatchRecord,
) -> Result<(), StoreError> {
    let setup = encode(&record.setup)?;
    let options = encode(&record.options)?;
    let outcome = record.outcome.as_ref().map(encode).transpose()?;
    let settings = encode(&record.settings)?;
    c.execute(
        INSERT_MATCH,
        &[
            &record.id,
            &record.game,
            &setup,
            &options,
            &record.created_at_unix_ms,
            &outcome,
            &settings,
        ],
    )
    .map_err(backend)?;
    for (seat, s) in record.seats.iter().enumerate() {
        upsert_seat(c, &record.id, seat, s)?;
    }
    for (idx, ch) in record.choices.iter().enumerate() {
        insert_choice(c, &record.id, idx, ch)?;
    }
    Ok(())
}

fn upsert_seat(
    c: &mut impl postgres::GenericClient,
    id: &str,
    seat: Seat,
    s: &SeatRecord,
) -> Result<(), StoreError> {
    c.execute(
        UPSERT_SEAT,
        &[
            &id,
            &(seat as i32),
            &(s.bot as i32),
            &s.ai,
            &s.ai_level,
            &s.token_hash,
            &s.player_name,
            &s.client_kind,
        ],
    )
    .map_err(write_error(id))?;
    Ok(())
}

fn insert_choice(
    c: &mut impl postgres::GenericClient,
    id: &str,
    index: usize,
    choice: &ChoiceRecord,
) -> Result<(), StoreError> {
    let n = c
        .execute(
            APPEND_CHOICE,
            &[
                &id,
                &(index as i32),
                &(choice.seat as i32),
                &choice.choice,
                &encode_clocks(&choice.clocks)?,
            ],
        )
        .map_err(write_error(id))?;
    if n == 0 {
        let have: i64 = c
            .query_one("SELECT COUNT(*) FROM choices WHERE match_id = $1", &[&id])
            .map_err(backend)?
            .get(0);
        return Err(StoreError::OutOfOrder {
            id: id.to_string(),
            expected: have as usize,
            got: index,
        });
    }
    Ok(())
}

impl Store for PostgresStore {
    fn create(&self, record: &MatchRecord) -> Result<(), StoreError> {
        self.create_many(std::slice::from_ref(record))
    }

    fn set_seat(&self, id: &str, seat: Seat, record: &SeatRecord) -> Result<(), StoreError> {
        let (id, record) = (id.to_string(), record.clone());
        self.run(move |c| upsert_seat(c, &id, seat, &record))
    }

    fn append_choice(
        &self,
        id: &str,
        index: usize,
        choice: &ChoiceRecord,
    ) -> Result<(), StoreError> {
        let (id, choice) = (id.to_string(), choice.clone());
        self.run(move |c| insert_choice(c, &id, index, &choice))
    }

    fn finish(&self, id: &str, outcome: &Outcome) -> Result<(), StoreError> {
        let outcome = encode(outcome)?;
        let id = id.to_string();
        self.run(move |c| {
            let n = c.execute(SET_OUTCOME, &[&id, &outcome]).map_err(backend)?;
            if n == 0 {
                return Err(StoreError::NoSuchMatch(id));
            }
            Ok(())
        })
    }

    fn load_all(&self) -> Result<Vec<MatchRecord>, StoreError> {
        self.run(|c| {
            let matches = c
                .query(LOAD_MATCHES, &[])
                .map_err(backend)?
                .iter()
                .map(|r| MatchRow {
                    id: r.get(0),
                    game: r.get(1),
                    setup: r.get(2),
                    options: r.get(3),
                    created_at_unix_ms: r.get(4),
                    outcome: r.get(5),
                    settings: r.get(6),
                })
                .collect();
            let seats = load_per_match(c, LOAD_SEATS, |r| SeatRecord {
                bot: r.get::<_, i32>(2) != 0,
                ai: r.get(3),
                ai_level: r.get(4),
                token_hash: r.get(5),
                player_name: r.get(6),
                client_kind: r.get(7),
            })?;
            let choices = load_per_match(c, LOAD_CHOICES, |r| ChoiceRecord {
                seat: r.get::<_, i32>(2) as Seat,
                choice: r.get(3),
                clocks: decode_clocks(r.get::<_, Option<String>>(4).as_deref()),
            })?;
            assemble(matches, seats, choices)
        })
    }
}

/// Runs a load query whose rows start with the match id and a number (a seat or a choice's
/// index, an `INTEGER`), and reads the rest of each row with `read`.
fn load_per_match<T>(
    c: &mut Client,
    sql: &str,
    read: impl Fn(&postgres::Row) -> T,
) -> Result<Vec<(String, i64, T)>, StoreError> {
    Ok(c.query(sql, &[])
        .map_err(backend)?
        .iter()
        .map(|r| (r.get(0), i64::from(r.get::<_, i32>(1)), read(r)))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::redact;

    #[test]
    fn passwords_never_reach_messages() {
        assert_eq!(
            redact("postgres://u:secret@127.0.0.1:5432/db"),
            "postgres://u:***@127.0.0.1:5432/db"
        );
        assert_eq!(
            redact("postgres://u@127.0.0.1/db"),
            "postgres://u@127.0.0.1/db"
        );
        assert_eq!(redact("postgres://127.0.0.1"), "postgres://127.0.0.1");
    }
}
