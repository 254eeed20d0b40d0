//! Durable stores on SQL databases: SQLite (the default, one file in the data directory) and
//! PostgreSQL (`--database-url postgres://…`). Both keep the same schema, written once here
//! and applied by numbered migrations recorded in a `schema_version` table, so a database is
//! created on first start and upgraded in place by a newer server. A database whose schema
//! is newer than this server knows, or that holds tables that are not Hustings's, is refused
//! with an error: the server never starts afresh over somebody's data.
//!
//! The tables hold the event-sourced record of each match (see [`crate::store`]): its set-up,
//! its seats (with seat-token hashes, never tokens) and its ordered choices. A choice row is
//! committed before the Act that made it is acknowledged.

pub mod postgres;
pub mod sqlite;

use std::collections::HashMap;

use crate::store::{ChoiceRecord, MatchRecord, SeatRecord, StoreError};

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
];

/// The schema version this server writes.
pub fn current_version() -> i64 {
    MIGRATIONS.len() as i64
}

/// Creates the version table; part of the first migration's transaction.
pub(crate) const CREATE_VERSION_TABLE: &str =
    "CREATE TABLE schema_version (version BIGINT NOT NULL)";

/// Appends choice `$2` only if it is the next one of match `$1`; 0 rows means out of order.
pub(crate) const APPEND_CHOICE: &str = "INSERT INTO choices (match_id, idx, seat, choice, clocks)
    SELECT CAST($1 AS TEXT), CAST($2 AS INTEGER), CAST($3 AS INTEGER), CAST($4 AS TEXT),
        CAST($5 AS TEXT)
    WHERE (SELECT COALESCE(MAX(idx) + 1, 0) FROM choices WHERE match_id = CAST($1 AS TEXT))
        = CAST($2 AS INTEGER)";

pub(crate) const INSERT_MATCH: &str = "INSERT INTO matches
    (id, game, setup, options, created_at_unix_ms, outcome, settings)
    VALUES ($1, $2, $3, $4, $5, $6, $7)";

pub(crate) const UPSERT_SEAT: &str = "INSERT INTO seats
    (match_id, seat, bot, ai, ai_level, token_hash, player_name, client_kind)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
    ON CONFLICT (match_id, seat) DO UPDATE SET bot = excluded.bot, ai = excluded.ai,
        ai_level = excluded.ai_level, token_hash = excluded.token_hash,
        player_name = excluded.player_name, client_kind = excluded.client_kind";

pub(crate) const SET_OUTCOME: &str = "UPDATE matches SET outcome = $2 WHERE id = $1";

pub(crate) const LOAD_MATCHES: &str =
    "SELECT id, game, setup, options, created_at_unix_ms, outcome, settings FROM matches";
pub(crate) const LOAD_SEATS: &str = "SELECT match_id, seat, bot, ai, ai_level, token_hash, \
    player_name, client_kind FROM seats ORDER BY match_id, seat";
pub(crate) const LOAD_CHOICES: &str =
    "SELECT match_id, idx, seat, choice, clocks FROM choices ORDER BY match_id, idx";

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

/// Puts rows back together into records, checking that every match's seats and choices are
/// complete and in order.
pub(crate) fn assemble(
    matches: Vec<MatchRow>,
    seats: Vec<(String, i64, SeatRecord)>,
    choices: Vec<(String, i64, ChoiceRecord)>,
) -> Result<Vec<MatchRecord>, StoreError> {
    let bad = |id: &str, what: String| StoreError::Backend(format!("match {id}: {what}"));
    let mut out: Vec<MatchRecord> = Vec::with_capacity(matches.len());
    let mut index = HashMap::with_capacity(matches.len());
    for row in matches {
        let setup = serde_json::from_str(&row.setup)
            .map_err(|e| bad(&row.id, format!("unreadable set-up: {e}")))?;
        let options = serde_json::from_str(&row.options)
            .map_err(|e| bad(&row.id, format!("unreadable options: {e}")))?;
        let outcome = match &row.outcome {
            Some(o) => Some(
                serde_json::from_str(o)
                    .map_err(|e| bad(&row.id, format!("unreadable outcome: {e}")))?,
            ),
            None => None,
        };
        let settings = match &row.settings {
            Some(s) => serde_json::from_str(s)
                .map_err(|e| bad(&row.id, format!("unreadable settings: {e}")))?,
            None => Default::default(),
        };
        index.insert(row.id.clone(), out.len());
        out.push(MatchRecord {
            id: row.id,
            game: row.game,
            setup,
            options,
            seats: Vec::new(),
            choices: Vec::new(),
            created_at_unix_ms: row.created_at_unix_ms,
            outcome,
            settings,
            rematch_next: None,
        });
    }
    for (id, seat, rec) in seats {
        let m = index
            .get(&id)
            .map(|&i| &mut out[i])
            .ok_or_else(|| bad(&id, "seat of an unknown match".into()))?;
        if seat != m.seats.len() as i64 {
            return Err(bad(&id, format!("seat {seat} stored out of order")));
        }
        m.seats.push(rec);
    }
    for (id, idx, rec) in choices {
        let m = index
            .get(&id)
            .map(|&i| &mut out[i])
            .ok_or_else(|| bad(&id, "choice of an unknown match".into()))?;
        if idx != m.choices.len() as i64 {
            return Err(bad(
                &id,
                format!("choice #{idx} stored but #{} missing", m.choices.len()),
            ));
        }
        m.choices.push(rec);
    }
    for m in &out {
        if m.seats.len() != m.setup.seats {
            return Err(bad(
                &m.id,
                format!("{} seats stored for {}", m.seats.len(), m.setup.seats),
            ));
        }
    }
    Ok(out)
}

/// Runs blocking storage work from a match actor. On tokio's multi-thread runtime the worker
/// thread hands its other tasks to the rest of the pool while it waits
/// ([`tokio::task::block_in_place`]); elsewhere (a current-thread runtime in tests, or no
/// runtime) the work simply runs.
pub(crate) fn blocking<T>(f: impl FnOnce() -> T) -> T {
    use tokio::runtime::{Handle, RuntimeFlavor};
    match Handle::try_current() {
        Ok(h) if h.runtime_flavor() == RuntimeFlavor::MultiThread => tokio::task::block_in_place(f),
        _ => f(),
    }
}

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
