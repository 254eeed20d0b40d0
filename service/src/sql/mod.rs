//! Durable stores on SQL databases: SQLite (the default, one file in the data directory) and
//! PostgreSQL (`--database-url postgres://…`). Both keep the same schema, written once here
//! and applied by numbered migrations recorded in a `schema_version` table, so a database is
//! created on first start and upgraded in place by a newer server. A database whose schema
//! is newer than this server knows, or that holds tables that are not Hustings's, is refused
//! with an error: the server never starts afresh over somebody's data.
//!
//! The tables hold the event-sourced record of each match (see [`crate::store`]): its set-up,
//! its seats (with seat-token hashes, never tokens) and its ordered choices. A choice row is
//! committed before the Act that made it is acknowledged. Accounts, their credentials and
//! invitation codes are kept in the same database ([`accounts`]), and so are ratings
//! ([`ratings`]).

pub mod accounts;
pub mod lease;
pub mod lobby;
pub mod postgres;
pub mod ratings;
pub mod sqlite;

use hustings_engine::Seat;

use crate::store::{
    Append, ChoiceRecord, ListQuery, Listed, MatchRecord, SeatRecord, StoreError, status,
};

/// The schema, one entry per version: `MIGRATIONS[i]` takes a database from version `i` to
/// `i + 1`. Append new migrations; never edit a released one. The SQL is the common subset
/// of SQLite and PostgreSQL.
///
/// Snapshots, if ever added, are a cache and never the source of truth.
pub const MIGRATIONS: &[&str] = &[
    // 1: matches, seats and choices.
    "CREATE TABLE matches (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        setup TEXT NOT NULL,
        options TEXT NOT NULL,
        created_at_unix_ms BIGINT NOT NULL,
        outcome TEXT
    );
    CREATE TABLE seats (
        match_id TEXT NOT NULL REFERENCES matches(id),
        seat INTEGER NOT NULL,
        bot INTEGER NOT NULL,
        ai TEXT NOT NULL,
        ai_level TEXT NOT NULL,
        token_hash TEXT,
        player_name TEXT NOT NULL,
        client_kind TEXT NOT NULL,
        PRIMARY KEY (match_id, seat)
    );
    CREATE TABLE choices (
        match_id TEXT NOT NULL REFERENCES matches(id),
        idx INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        choice TEXT NOT NULL,
        PRIMARY KEY (match_id, idx)
    );",
    // 2: match settings (clock, abandonment grace, rematch link) as JSON, and each seat's
    // clock (milliseconds left, a JSON array) stored with every choice. NULL in rows written
    // before: no clock, the server's default grace.
    "ALTER TABLE matches ADD COLUMN settings TEXT;
    ALTER TABLE choices ADD COLUMN clocks TEXT;",
    // 3: what the lobby lists and the start-up needs, so that neither reads every choice
    // nor keeps a map of every match: each match's status, how it was forfeited, whether
    // it has a clock, the rematch it led to, and what its actor must not forget when it leaves
    // memory (`live`: rematch offers, an evicted actor's timekeeping, JSON). Indexes for
    // the listing (newest first, by status or game), the token index and the seats waiting
    // for a bot. Rows written before get their values from their choices and settings.
    r#"ALTER TABLE matches ADD COLUMN status INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE matches ADD COLUMN forfeit TEXT;
    ALTER TABLE matches ADD COLUMN clocked INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE matches ADD COLUMN rematch_next TEXT;
    ALTER TABLE matches ADD COLUMN live TEXT;
    UPDATE matches SET status = CASE
        WHEN outcome IS NOT NULL THEN 3
        WHEN EXISTS (SELECT 1 FROM seats s WHERE s.match_id = matches.id AND s.token_hash IS NULL) THEN 1
        ELSE 2 END;
    UPDATE matches SET forfeit = (SELECT CASE c.choice WHEN 'resign' THEN 'resign'
            WHEN 'timeout' THEN 'timeout' ELSE 'abandoned' END
        FROM choices c WHERE c.match_id = matches.id
            AND c.choice IN ('resign', 'timeout', 'claim-win')
        ORDER BY c.idx DESC LIMIT 1)
        WHERE outcome IS NOT NULL;
    UPDATE matches SET clocked = 1 WHERE settings LIKE '%"clock":{%';
    UPDATE matches SET rematch_next = (SELECT n.id FROM matches n
        WHERE n.settings LIKE '%"rematch_of":"' || matches.id || '"%' LIMIT 1)
        WHERE EXISTS (SELECT 1 FROM matches n WHERE n.settings LIKE '%"rematch_of":"%');
    CREATE INDEX matches_newest ON matches (created_at_unix_ms, id);
    CREATE INDEX matches_by_status ON matches (status, created_at_unix_ms, id);
    CREATE INDEX matches_by_game ON matches (game, created_at_unix_ms, id);
    CREATE INDEX matches_clock_running ON matches (status, clocked);
    CREATE INDEX seats_by_token ON seats (token_hash);
    CREATE INDEX seats_waiting_for_bot ON seats (match_id) WHERE bot = 1 AND token_hash IS NULL;"#,
    // 4: several server nodes on one PostgreSQL (SQLite gets the tables too and leaves them
    // empty: it is single-node). Each match's lease: the node that owns it, the epoch
    // raised by every take-over (every write checks it: a fencing token) and when the lease
    // lapses unless renewed, in milliseconds of the database's own clock, so nodes'
    // clocks never need to agree. Leases are rows with an expiry rather than advisory
    // locks: a lock belongs to a connection, and a paused node keeps its connections open,
    // so its locks would never lapse; a row lapses by the clock whatever its holder does.
    // Each node's advertised URL and last heartbeat, for finding a match's owner.
    "CREATE TABLE match_leases (
        match_id TEXT PRIMARY KEY,
        node_id TEXT NOT NULL,
        epoch BIGINT NOT NULL,
        expires_at_ms BIGINT NOT NULL
    );
    CREATE TABLE nodes (
        node_id TEXT PRIMARY KEY,
        advertise_url TEXT,
        heartbeat_at_ms BIGINT NOT NULL
    );",
    // 5: the lobby across nodes (see [`lobby`]; SQLite, single-node, gets the table and
    // the column too and leaves them unused, as with 4). Lobby events in the order they
    // were committed (`seq`, given under one lock so that it is the commit order), each
    // with the node that wrote it, when, and the `hustings.v1.LobbyEvent` itself, encoded;
    // and the bot pools connected to each node (JSON), for the other nodes' bot waits.
    "CREATE TABLE lobby_events (
        seq BIGINT PRIMARY KEY,
        node_id TEXT NOT NULL,
        at_ms BIGINT NOT NULL,
        event BYTEA NOT NULL
    );
    ALTER TABLE nodes ADD COLUMN pools TEXT NOT NULL DEFAULT '[]';",
    // 6: the cluster's shared secret (one row, written by the first node to start on the
    // database and read by every other): nodes put it on the calls they pass on to each
    // other, so that a node can tell a call another node forwarded (already held to its
    // client's limits there) from a client's own call. SQLite gets the table and leaves it
    // empty.
    "CREATE TABLE cluster (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        secret TEXT NOT NULL
    );",
    // 7: accounts (see [`accounts`]). An account is keyed by its handle in lower case and
    // never removed, only marked deleted, so that its handle stays reserved; `bot_owner` is
    // NULL for a person and '' for the server's own bots (built-in AIs). Its credentials
    // (sessions and personal access tokens) are keyed by the SHA-256 of their secret, as
    // that is what a request is looked up by, and indexed by account for listing and
    // revoking; `expires_at_unix_ms` NULL: until revoked. Invitation codes, by hash, used at
    // most once. Each seat records the account that holds it: its id (NULL for a guest,
    // indexed for an account's matches) and its handle as written, for showing; seats
    // written before get NULL and '': guests.
    "CREATE TABLE accounts (
        id TEXT PRIMARY KEY,
        handle TEXT NOT NULL,
        display_name TEXT NOT NULL,
        password_hash TEXT NOT NULL,
        created_at_unix_ms BIGINT NOT NULL,
        bot_owner TEXT,
        bot_version TEXT,
        deleted INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE credentials (
        hash TEXT PRIMARY KEY,
        id TEXT NOT NULL,
        account_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        name TEXT NOT NULL,
        scopes TEXT NOT NULL,
        created_at_unix_ms BIGINT NOT NULL,
        expires_at_unix_ms BIGINT,
        last_used_unix_ms BIGINT NOT NULL
    );
    CREATE INDEX credentials_by_account ON credentials (account_id);
    CREATE TABLE invites (
        code_hash TEXT PRIMARY KEY,
        created_at_unix_ms BIGINT NOT NULL,
        used INTEGER NOT NULL DEFAULT 0
    );
    ALTER TABLE seats ADD COLUMN account_id TEXT;
    ALTER TABLE seats ADD COLUMN account_handle TEXT NOT NULL DEFAULT '';
    CREATE INDEX seats_by_account ON seats (account_id);",
    // 8: rated matches (see [`ratings`] and [`crate::ratings`]). Each match says whether it
    // is rated: 0 no (rows written before too), 1 rated and not yet recorded, 2 recorded
    // (rated or found aborted); the index holds only the 1s, what the recovery pass looks
    // for. Each account's rating per game and variant (mu, sigma, rated games,
    // last change), indexed for a variant's leaderboard; each seat's learned advantage per
    // game, variant and seat key; one history row per account and rated match, for a chart;
    // and every finished rated match once recorded, keyed by its id, with its verdict
    // (`rated`, `aborted`, …): the row whose insert makes a match's rating happen once.
    "ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX matches_rated ON matches (status) WHERE rated = 1;
    CREATE TABLE ratings (
        account_id TEXT NOT NULL,
        game TEXT NOT NULL,
        variant TEXT NOT NULL,
        mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL,
        games BIGINT NOT NULL,
        updated_at_unix_ms BIGINT NOT NULL,
        PRIMARY KEY (account_id, game, variant)
    );
    CREATE INDEX ratings_by_variant ON ratings (game, variant, mu);
    CREATE TABLE seat_advantages (
        game TEXT NOT NULL,
        variant TEXT NOT NULL,
        seat TEXT NOT NULL,
        mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL,
        games BIGINT NOT NULL,
        updated_at_unix_ms BIGINT NOT NULL,
        PRIMARY KEY (game, variant, seat)
    );
    CREATE TABLE rating_history (
        account_id TEXT NOT NULL,
        game TEXT NOT NULL,
        variant TEXT NOT NULL,
        match_id TEXT NOT NULL,
        mu_before DOUBLE PRECISION NOT NULL,
        sigma_before DOUBLE PRECISION NOT NULL,
        mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL,
        at_unix_ms BIGINT NOT NULL,
        PRIMARY KEY (account_id, game, variant, match_id)
    );
    CREATE TABLE rated_matches (
        match_id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        variant TEXT NOT NULL,
        verdict TEXT NOT NULL,
        at_unix_ms BIGINT NOT NULL
    );",
];

/// The schema version this server writes.
pub fn current_version() -> i64 {
    MIGRATIONS.len() as i64
}

/// Creates the version table; part of the first migration's transaction.
pub(crate) const CREATE_VERSION_TABLE: &str =
    "CREATE TABLE schema_version (version BIGINT NOT NULL)";

/// Inserts a match row; a row of that id already there is left alone (0 rows).
pub(crate) const INSERT_MATCH: &str = "INSERT INTO matches
    (id, game, setup, options, created_at_unix_ms, outcome, settings, status,
     forfeit, clocked, rematch_next, live, rated)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
    ON CONFLICT (id) DO NOTHING";

/// The old match of a rematch links forward.
pub(crate) const LINK_REMATCH: &str = "UPDATE matches SET rematch_next = $2 WHERE id = $1";

/// Inserts a choice row as it is (for a new match's choices; appends are
/// [`APPEND_CHOICE`]).
pub(crate) const INSERT_CHOICE: &str = "INSERT INTO choices (match_id, idx, seat, choice, clocks)
    VALUES ($1, $2, $3, $4, $5)";

/// Writes a seat of an existing match (0 rows: there is none). Never fails on a missing
/// match, so one write cannot abort the others committed with it. `$9` is the holder's
/// account id (NULL for a guest), `$10` its handle as written ('' for a guest).
pub(crate) const UPSERT_SEAT: &str = "INSERT INTO seats
    (match_id, seat, bot, ai, ai_level, token_hash, player_name, client_kind, account_id,
     account_handle)
    SELECT CAST($1 AS TEXT), CAST($2 AS INTEGER), CAST($3 AS INTEGER), CAST($4 AS TEXT),
        CAST($5 AS TEXT), CAST($6 AS TEXT), CAST($7 AS TEXT), CAST($8 AS TEXT),
        CAST($9 AS TEXT), CAST($10 AS TEXT)
    WHERE EXISTS (SELECT 1 FROM matches WHERE id = CAST($1 AS TEXT))
    ON CONFLICT (match_id, seat) DO UPDATE SET bot = excluded.bot, ai = excluded.ai,
        ai_level = excluded.ai_level, token_hash = excluded.token_hash,
        player_name = excluded.player_name, client_kind = excluded.client_kind,
        account_id = excluded.account_id, account_handle = excluded.account_handle";

/// After a seat changed: waiting while a seat is open, else active (a finished match stays
/// finished).
pub(crate) const SEAT_STATUS: &str = "UPDATE matches SET status = CASE
        WHEN EXISTS (SELECT 1 FROM seats s WHERE s.match_id = $1 AND s.token_hash IS NULL)
        THEN 1 ELSE 2 END
    WHERE id = $1 AND status <> 3";

/// Appends choice `$2` of match `$1` only if the match exists and `$2` is the next index
/// (0 rows otherwise; never an error, so one refused append cannot abort the others
/// committed with it). The index is the sequence check: a choice is stored only as the next
/// one, never twice. Only the choice's row is written: a match's row changes when it ends
/// ([`FINISH`]), not with every move.
pub(crate) const APPEND_CHOICE: &str = "INSERT INTO choices (match_id, idx, seat, choice, clocks)
    SELECT CAST($1 AS TEXT), CAST($2 AS INTEGER), CAST($3 AS INTEGER), CAST($4 AS TEXT),
        CAST($5 AS TEXT)
    WHERE EXISTS (SELECT 1 FROM matches WHERE id = CAST($1 AS TEXT))
        AND COALESCE((SELECT MAX(idx) FROM choices WHERE match_id = CAST($1 AS TEXT)) + 1, 0)
            = CAST($2 AS INTEGER)
    ON CONFLICT (match_id, idx) DO NOTHING";

/// The match ended with the choice just appended: its outcome `$2` and forfeit `$3`.
pub(crate) const FINISH: &str =
    "UPDATE matches SET outcome = $2, forfeit = $3, status = 3 WHERE id = $1";

pub(crate) const SAVE_LIVE: &str = "UPDATE matches SET live = $2 WHERE id = $1";

/// How many choices the match has (`None`: no such match).
pub(crate) const VERSION_OF: &str =
    "SELECT (SELECT COUNT(*) FROM choices WHERE match_id = $1) FROM matches WHERE id = $1";

/// The columns of a match row, in [`MatchRow`]'s order.
pub(crate) const MATCH_COLUMNS: &str = "m.id, m.game, m.setup, m.options, \
    m.created_at_unix_ms, m.outcome, m.settings, \
    (SELECT COUNT(*) FROM choices c WHERE c.match_id = m.id), \
    m.forfeit, m.rematch_next, m.live";

pub(crate) fn load_match_sql() -> String {
    format!("SELECT {MATCH_COLUMNS} FROM matches m WHERE m.id = $1")
}
pub(crate) const LOAD_SEATS_OF: &str = "SELECT seat, bot, ai, ai_level, token_hash, \
    player_name, client_kind, account_handle FROM seats WHERE match_id = $1 ORDER BY seat";
pub(crate) const LOAD_CHOICES_OF: &str =
    "SELECT idx, seat, choice, clocks FROM choices WHERE match_id = $1 ORDER BY idx";
pub(crate) const TOKEN_SEATS: &str =
    "SELECT match_id, seat FROM seats WHERE token_hash = $1 ORDER BY match_id LIMIT 1000";
pub(crate) const RUNNING_CLOCKS: &str = "SELECT id FROM matches WHERE status = 2 AND clocked = 1";

/// A parameter of a statement built at run time.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Param {
    Text(String),
    /// A `BIGINT` column's value.
    Int(i64),
    /// An `INTEGER` column's value.
    Small(i32),
}

/// The listing's query: filters, the page's start and one row more than the page (to know
/// whether another page follows), newest first. `$n` placeholders, numbered in order.
pub(crate) fn list_sql(q: &ListQuery) -> (String, Vec<Param>) {
    let mut sql = format!("SELECT {MATCH_COLUMNS} FROM matches m WHERE 1 = 1");
    let mut params = Vec::new();
    let next = |p: Param, params: &mut Vec<Param>| {
        params.push(p);
        format!("${}", params.len())
    };
    if !q.game.is_empty() {
        let p = next(Param::Text(q.game.clone()), &mut params);
        sql.push_str(&format!(" AND m.game = {p}"));
    }
    if q.status != 0 {
        let p = next(Param::Small(q.status), &mut params);
        sql.push_str(&format!(" AND m.status = {p}"));
    }
    if q.open_seats_only {
        sql.push_str(
            " AND EXISTS (SELECT 1 FROM seats s WHERE s.match_id = m.id AND s.token_hash IS NULL)",
        );
    }
    if let Some(account) = &q.account {
        // Through the seats_by_account index: an account's matches, not a scan of them all.
        let p = next(Param::Text(account.clone()), &mut params);
        sql.push_str(&format!(
            " AND EXISTS (SELECT 1 FROM seats s WHERE s.match_id = m.id AND s.account_id = {p})"
        ));
    }
    if let Some((at, id)) = &q.after {
        let a = next(Param::Int(*at), &mut params);
        let b = next(Param::Int(*at), &mut params);
        let c = next(Param::Text(id.clone()), &mut params);
        sql.push_str(&format!(
            " AND (m.created_at_unix_ms < {a} OR (m.created_at_unix_ms = {b} AND m.id < {c}))"
        ));
    }
    sql.push_str(&format!(
        " ORDER BY m.created_at_unix_ms DESC, m.id DESC LIMIT {}",
        q.page_size + 1
    ));
    (sql, params)
}

/// Unfinished matches with a seat waiting for a bot, newest first.
pub(crate) fn waiting_sql(limit: usize) -> String {
    format!(
        "SELECT {MATCH_COLUMNS} FROM matches m WHERE m.status <> 3 AND m.id IN \
         (SELECT s.match_id FROM seats s WHERE s.bot = 1 AND s.token_hash IS NULL) \
         ORDER BY m.created_at_unix_ms DESC, m.id DESC LIMIT {limit}"
    )
}

/// The seats of several matches (`$1…$n`), by match and seat.
pub(crate) fn seats_of_sql(n: usize) -> String {
    let list: Vec<String> = (1..=n).map(|i| format!("${i}")).collect();
    format!(
        "SELECT match_id, seat, bot, ai, ai_level, token_hash, player_name, client_kind, \
         account_handle FROM seats WHERE match_id IN ({}) ORDER BY match_id, seat",
        list.join(", ")
    )
}

/// What to do with a database found at start-up.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Plan {
    /// Apply `MIGRATIONS[from..]` (from 0: an empty database, create everything).
    Migrate { from: usize },
}

/// Decides how to bring a database to [`current_version`], from the tables it has and the
/// version it records; refuses anything that is not a Hustings database this server can use.
pub(crate) fn plan(tables: &[String], version: Option<i64>) -> Result<Plan, String> {
    let has_version_table = tables.iter().any(|t| t == "schema_version");
    if !has_version_table {
        if tables.is_empty() {
            return Ok(Plan::Migrate { from: 0 });
        }
        return Err(format!(
            "the database is not empty but has no schema_version table (it holds: {}); \
             it is not a Hustings database, or it is damaged; refusing to use it",
            tables.join(", ")
        ));
    }
    let Some(v) = version else {
        return Err(
            "the database's schema_version table is empty; it is damaged; refusing to use it"
                .into(),
        );
    };
    let current = current_version();
    if v > current {
        return Err(format!(
            "the database has schema version {v}, newer than this server knows (up to \
             {current}); it was written by a newer hustings-server: run that one, or restore \
             a backup"
        ));
    }
    if v < 1 {
        return Err(format!(
            "the database records an invalid schema version {v}"
        ));
    }
    Ok(Plan::Migrate { from: v as usize })
}

/// One match row as stored.
pub(crate) struct MatchRow {
    pub id: String,
    pub game: String,
    pub setup: String,
    pub options: String,
    pub created_at_unix_ms: i64,
    pub outcome: Option<String>,
    pub settings: Option<String>,
    pub version: i64,
    pub forfeit: Option<String>,
    pub rematch_next: Option<String>,
    pub live: Option<String>,
}

/// A result row of either database, read by column position, so that both read a match's
/// row and a seat's the same way ([`match_row`], [`seat_row`]).
pub(crate) trait Columns {
    type Error;
    fn text(&self, at: usize) -> Result<String, Self::Error>;
    fn opt_text(&self, at: usize) -> Result<Option<String>, Self::Error>;
    /// A BIGINT column (or a count).
    fn big(&self, at: usize) -> Result<i64, Self::Error>;
    /// A BIGINT column that may be NULL.
    fn opt_big(&self, at: usize) -> Result<Option<i64>, Self::Error>;
    /// An INTEGER column.
    fn int(&self, at: usize) -> Result<i64, Self::Error>;
    /// A DOUBLE PRECISION column.
    fn float(&self, at: usize) -> Result<f64, Self::Error>;
}

/// A match's row as [`load_match_sql`] and the listing select it.
pub(crate) fn match_row<R: Columns>(r: &R) -> Result<MatchRow, R::Error> {
    Ok(MatchRow {
        id: r.text(0)?,
        game: r.text(1)?,
        setup: r.text(2)?,
        options: r.text(3)?,
        created_at_unix_ms: r.big(4)?,
        outcome: r.opt_text(5)?,
        settings: r.opt_text(6)?,
        version: r.big(7)?,
        forfeit: r.opt_text(8)?,
        rematch_next: r.opt_text(9)?,
        live: r.opt_text(10)?,
    })
}

/// A seat from the row's columns `at` onwards (bot, ai, ai_level, token_hash, player_name,
/// client_kind, account_handle). The account id column is not read: it is the handle's
/// lower case, kept only so that an account's seats can be found by index.
pub(crate) fn seat_row<R: Columns>(r: &R, at: usize) -> Result<SeatRecord, R::Error> {
    Ok(SeatRecord {
        bot: r.int(at)? != 0,
        ai: r.text(at + 1)?,
        ai_level: r.text(at + 2)?,
        token_hash: r.opt_text(at + 3)?,
        player_name: r.text(at + 4)?,
        client_kind: r.text(at + 5)?,
        account_handle: r.text(at + 6)?,
    })
}

/// The values of a new match's row, in [`INSERT_MATCH`]'s order after the first five.
pub(crate) struct NewRow {
    pub setup: String,
    pub options: String,
    pub outcome: Option<String>,
    pub settings: String,
    pub status: i64,
    pub clocked: i64,
    pub live: String,
    /// 1 for a rated match (2 once it is recorded as rated: see [`ratings`]).
    pub rated: i64,
}

impl NewRow {
    pub fn of(r: &MatchRecord) -> Result<NewRow, StoreError> {
        Ok(NewRow {
            setup: encode(&r.setup)?,
            options: encode(&r.options)?,
            outcome: r.outcome.as_ref().map(encode).transpose()?,
            settings: encode(&r.settings)?,
            status: r.status() as i64,
            clocked: (r.settings.clock != crate::clock::ClockSetting::None) as i64,
            live: encode(&r.live)?,
            rated: r.settings.rated as i64,
        })
    }
}

/// The parameters of [`FINISH`] after the id, when the append ends the match: the
/// outcome, encoded, and the forfeit.
pub(crate) fn finish_params(a: &Append) -> Result<Option<(String, Option<String>)>, StoreError> {
    a.finished
        .as_ref()
        .map(|f| Ok((encode(&f.outcome)?, f.forfeit.clone())))
        .transpose()
}

/// The clocks column of a choice: NULL when the match has no clock.
pub(crate) fn encode_clocks(clocks: &[u64]) -> Result<Option<String>, StoreError> {
    if clocks.is_empty() {
        Ok(None)
    } else {
        encode(&clocks).map(Some)
    }
}

/// Reads a clocks column back.
pub(crate) fn decode_clocks(text: Option<&str>) -> Vec<u64> {
    text.and_then(|t| serde_json::from_str(t).ok())
        .unwrap_or_default()
}

pub(crate) fn encode<T: serde::Serialize>(v: &T) -> Result<String, StoreError> {
    serde_json::to_string(v).map_err(|e| StoreError::Backend(format!("cannot encode: {e}")))
}

/// Puts a match row back together with its seats (in seat order) and choices (in order),
/// checking that both are complete.
pub(crate) fn assemble(
    row: MatchRow,
    seats: Vec<(i64, SeatRecord)>,
    choices: Vec<(i64, ChoiceRecord)>,
) -> Result<Listed, StoreError> {
    let bad = |what: String| StoreError::Backend(format!("match {}: {what}", row.id));
    let setup: hustings_engine::Setup =
        serde_json::from_str(&row.setup).map_err(|e| bad(format!("unreadable set-up: {e}")))?;
    let options =
        serde_json::from_str(&row.options).map_err(|e| bad(format!("unreadable options: {e}")))?;
    let outcome = match &row.outcome {
        Some(o) => {
            Some(serde_json::from_str(o).map_err(|e| bad(format!("unreadable outcome: {e}")))?)
        }
        None => None,
    };
    let settings = match &row.settings {
        Some(s) => serde_json::from_str(s).map_err(|e| bad(format!("unreadable settings: {e}")))?,
        None => Default::default(),
    };
    let live = match &row.live {
        Some(s) => {
            serde_json::from_str(s).map_err(|e| bad(format!("unreadable live state: {e}")))?
        }
        None => Default::default(),
    };
    let mut seat_records = Vec::with_capacity(seats.len());
    for (seat, rec) in seats {
        if seat != seat_records.len() as i64 {
            return Err(bad(format!("seat {seat} stored out of order")));
        }
        seat_records.push(rec);
    }
    if seat_records.len() != setup.seats {
        return Err(bad(format!(
            "{} seats stored for {}",
            seat_records.len(),
            setup.seats
        )));
    }
    let mut choice_records = Vec::with_capacity(choices.len());
    for (idx, rec) in choices {
        if idx != choice_records.len() as i64 {
            return Err(bad(format!(
                "choice #{idx} stored but #{} missing",
                choice_records.len()
            )));
        }
        choice_records.push(rec);
    }
    Ok(Listed {
        version: row.version.max(0) as u64,
        forfeit: row.forfeit,
        record: MatchRecord {
            id: row.id,
            game: row.game,
            setup,
            options,
            seats: seat_records,
            choices: choice_records,
            created_at_unix_ms: row.created_at_unix_ms,
            outcome,
            settings,
            rematch_next: row.rematch_next,
            live,
        },
    })
}

/// Listing rows with the seats of all of them (as [`seats_of_sql`] returns them, by match
/// and seat), put together.
pub(crate) fn assemble_listed(
    rows: Vec<MatchRow>,
    seats: Vec<(String, i64, SeatRecord)>,
) -> Result<Vec<Listed>, StoreError> {
    let mut by_match: std::collections::HashMap<String, Vec<(i64, SeatRecord)>> =
        std::collections::HashMap::new();
    for (id, seat, rec) in seats {
        by_match.entry(id).or_default().push((seat, rec));
    }
    rows.into_iter()
        .map(|row| {
            let seats = by_match.remove(&row.id).unwrap_or_default();
            assemble(row, seats, Vec::new())
        })
        .collect()
}

/// Splits the extra row a listing query fetched into the next page's cursor.
pub(crate) fn page(mut matches: Vec<Listed>, page_size: usize) -> crate::store::ListPage {
    let next = if matches.len() > page_size {
        matches.truncate(page_size);
        matches
            .last()
            .map(|l| (l.record.created_at_unix_ms, l.record.id.clone()))
    } else {
        None
    };
    crate::store::ListPage { matches, next }
}

/// What an append that stored nothing means, from the version the match is at (`None`: no
/// such match).
pub(crate) fn append_refused(id: &str, index: usize, version: Option<i64>) -> StoreError {
    match version {
        None => StoreError::NoSuchMatch(id.to_string()),
        Some(v) => StoreError::OutOfOrder {
            id: id.to_string(),
            expected: v.max(0) as usize,
            got: index,
        },
    }
}

/// One write, as the stores' group-commit writers take them: every write of a batch is
/// committed in one transaction, and none of these statements fails for a reason of its
/// own (a missing match or an out-of-order append stores nothing and says so), so one
/// refused write never aborts the others.
#[derive(Debug)]
pub(crate) enum Write {
    Create(Box<MatchRecord>),
    SetSeat {
        id: String,
        seat: Seat,
        record: SeatRecord,
    },
    Append {
        id: String,
        append: Append,
    },
    SaveLive {
        id: String,
        live: String,
    },
}

impl Write {
    /// The match whose lease this write needs (every write of an existing match; a new
    /// match takes its lease as it is stored).
    pub(crate) fn fenced_id(&self) -> Option<&str> {
        match self {
            Write::Create(_) => None,
            Write::SetSeat { id, .. } | Write::Append { id, .. } | Write::SaveLive { id, .. } => {
                Some(id)
            }
        }
    }

    /// A new match (see [`crate::store::Store::create`]).
    pub(crate) fn create(record: &MatchRecord) -> Self {
        Write::Create(Box::new(record.clone()))
    }

    /// A joined seat (see [`crate::store::Store::set_seat`]).
    pub(crate) fn set_seat(id: &str, seat: Seat, record: &SeatRecord) -> Self {
        Write::SetSeat {
            id: id.to_string(),
            seat,
            record: record.clone(),
        }
    }

    /// A choice (see [`crate::store::Store::append`]).
    pub(crate) fn append(id: &str, append: &Append) -> Self {
        Write::Append {
            id: id.to_string(),
            append: append.clone(),
        }
    }

    /// A match's live state, as JSON (see [`crate::store::Store::save_live`]).
    pub(crate) fn save_live(id: &str, live: &crate::store::LiveState) -> Result<Self, StoreError> {
        Ok(Write::SaveLive {
            id: id.to_string(),
            live: encode(live)?,
        })
    }
}

/// How many writes one transaction takes at most: a bound on how long the first of them
/// waits for the commit.
pub(crate) const MAX_BATCH: usize = 512;

/// Status values are the wire enum's; keep them in one place for the SQL above.
const _: () = assert!(status::WAITING == 1 && status::ACTIVE == 2 && status::FINISHED == 3);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plan_creates_an_empty_database_and_refuses_others() {
        assert_eq!(plan(&[], None), Ok(Plan::Migrate { from: 0 }));
        let ours = vec!["schema_version".to_string(), "matches".to_string()];
        assert_eq!(
            plan(&ours, Some(current_version())),
            Ok(Plan::Migrate {
                from: MIGRATIONS.len()
            })
        );
        let newer = plan(&ours, Some(current_version() + 1)).unwrap_err();
        assert!(newer.contains("newer"), "{newer}");
        let foreign = plan(&["users".to_string()], None).unwrap_err();
        assert!(foreign.contains("not a Hustings database"), "{foreign}");
        assert!(plan(&ours, None).is_err());
        assert!(plan(&ours, Some(0)).is_err());
    }
}
