//! Ratings on the SQL stores: [`RatingStore`] for [`SqliteStore`] and [`PostgresStore`], over
//! the tables of migration 8 (see [`super::MIGRATIONS`]), with the statements written once
//! in the subset both databases speak.
//!
//! Exactly once: [`RatingStore::apply_rated`] is one transaction that first inserts the
//! match's `rated_matches` row (`ON CONFLICT DO NOTHING`); when the row was there already
//! it writes nothing. Otherwise it reads the current ratings, computes the changes
//! ([`crate::ratings::plan`]) and writes them before committing, so the claim and the
//! changes are stored together or not at all. On PostgreSQL, where several nodes may rate
//! at once, the transaction first takes an advisory lock of the game's variant
//! (`pg_advisory_xact_lock`, released by the commit): every rating and seat row a match
//! changes belongs to its variant, so two matches of one variant are rated one after the
//! other and neither overwrites the other's change (read committed alone would let both
//! read the same seat's advantage). Two nodes rating one match: the second waits for the
//! lock, then finds the first one's row. SQLite has one connection, which runs one such
//! transaction at a time. The same transaction sets the match's `rated` from 1 to 2, so
//! that the recovery pass's index holds only the rated matches not yet recorded.

use deadpool_postgres::GenericClient;
use hustings_ratings::{Rating, SeatKey};
use rusqlite::{OptionalExtension, params};

use super::Columns;
use super::postgres::{PostgresStore, backend as pg_err};
use super::sqlite::{SqliteStore, backend as sqlite_err, q};
use crate::ratings::plan::{Current, Plan, accounts, plan, seat_keys};
use crate::ratings::records::MAX_LEADERBOARD;
use crate::ratings::{
    HistoryRow, RatedMatch, RatingRow, RatingStore, SeatRow, Standing, Verdict, Who,
};
use crate::store::StoreError;

/// Claims match `$1` (0 rows: it was recorded before).
const CLAIM: &str = "INSERT INTO rated_matches (match_id, game, variant, verdict, at_unix_ms)
    VALUES ($1, $2, $3, $4, $5) ON CONFLICT (match_id) DO NOTHING";
/// The match is recorded: out of the matches_rated index, which so holds only the rated
/// matches not yet recorded and keeps the recovery pass's query small however many rated
/// matches there were.
const MARK_RECORDED: &str = "UPDATE matches SET rated = 2 WHERE id = $1 AND rated = 1";
/// A refusal by the model replaces the verdict first stored.
const SET_VERDICT: &str = "UPDATE rated_matches SET verdict = $2 WHERE match_id = $1";
const VERDICT: &str = "SELECT verdict FROM rated_matches WHERE match_id = $1";
const RATING_OF: &str =
    "SELECT mu, sigma, games FROM ratings WHERE account_id = $1 AND game = $2 AND variant = $3";
const SEAT_OF: &str =
    "SELECT mu, sigma, games FROM seat_advantages WHERE game = $1 AND variant = $2 AND seat = $3";
const UPSERT_RATING: &str = "INSERT INTO ratings
    (account_id, game, variant, mu, sigma, games, updated_at_unix_ms)
    VALUES ($1, $2, $3, $4, $5, $6, $7)
    ON CONFLICT (account_id, game, variant) DO UPDATE SET mu = excluded.mu,
        sigma = excluded.sigma, games = excluded.games,
        updated_at_unix_ms = excluded.updated_at_unix_ms";
const UPSERT_SEAT: &str = "INSERT INTO seat_advantages
    (game, variant, seat, mu, sigma, games, updated_at_unix_ms)
    VALUES ($1, $2, $3, $4, $5, $6, $7)
    ON CONFLICT (game, variant, seat) DO UPDATE SET mu = excluded.mu,
        sigma = excluded.sigma, games = excluded.games,
        updated_at_unix_ms = excluded.updated_at_unix_ms";
const INSERT_HISTORY: &str = "INSERT INTO rating_history
    (account_id, game, variant, match_id, mu_before, sigma_before, mu, sigma, at_unix_ms)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)";

const RATING_COLUMNS: &str = "r.account_id, r.game, r.variant, r.mu, r.sigma, r.games, \
    r.updated_at_unix_ms";
const SEAT_COLUMNS: &str = "game, variant, seat, mu, sigma, games, updated_at_unix_ms";
const HISTORY_COLUMNS: &str =
    "account_id, game, variant, match_id, mu_before, sigma_before, mu, sigma, at_unix_ms";

/// Finished rated matches with no `rated_matches` row, oldest first (through the
/// matches_rated index, which holds only those not recorded: [`MARK_RECORDED`]).
fn unrated_sql(limit: usize) -> String {
    format!(
        "SELECT m.id FROM matches m WHERE m.rated = 1 AND m.status = 3 AND NOT EXISTS \
         (SELECT 1 FROM rated_matches r WHERE r.match_id = m.id) \
         ORDER BY m.created_at_unix_ms, m.id LIMIT {limit}"
    )
}
fn ratings_of_sql() -> String {
    format!(
        "SELECT {RATING_COLUMNS} FROM ratings r WHERE r.account_id = $1 ORDER BY r.game, r.variant"
    )
}
fn leaderboard_sql(who: Who, limit: usize) -> String {
    let who = match who {
        Who::Everyone => "",
        Who::People => " AND a.bot_owner IS NULL",
        Who::Bots => " AND a.bot_owner IS NOT NULL",
    };
    format!(
        "SELECT {RATING_COLUMNS}, a.handle, a.bot_owner FROM ratings r \
         JOIN accounts a ON a.id = r.account_id \
         WHERE r.game = $1 AND r.variant = $2 AND a.deleted = 0{who} \
         ORDER BY r.mu DESC, r.account_id LIMIT {}",
        limit.min(MAX_LEADERBOARD)
    )
}
fn seats_sql() -> String {
    format!(
        "SELECT {SEAT_COLUMNS} FROM seat_advantages WHERE game = $1 AND variant = $2 ORDER BY seat"
    )
}
fn history_sql() -> String {
    format!(
        "SELECT {HISTORY_COLUMNS} FROM rating_history WHERE account_id = $1 AND game = $2 \
         AND variant = $3 ORDER BY at_unix_ms, match_id"
    )
}

fn games_of(n: i64) -> u32 {
    u32::try_from(n.max(0)).unwrap_or(u32::MAX)
}

fn rating_row<R: Columns>(r: &R) -> Result<RatingRow, R::Error> {
    Ok(RatingRow {
        account: r.text(0)?,
        game: r.text(1)?,
        variant: r.text(2)?,
        rating: Rating {
            mu: r.float(3)?,
            sigma: r.float(4)?,
        },
        games: games_of(r.big(5)?),
        updated_at_unix_ms: r.big(6)?,
    })
}

fn standing_row<R: Columns>(r: &R) -> Result<Standing, R::Error> {
    Ok(Standing {
        row: rating_row(r)?,
        handle: r.text(7)?,
        bot: r.opt_text(8)?.is_some(),
    })
}

fn seat_row<R: Columns>(r: &R) -> Result<SeatRow, R::Error> {
    Ok(SeatRow {
        key: SeatKey {
            game: r.text(0)?,
            variant: r.text(1)?,
            seat: r.text(2)?,
        },
        rating: Rating {
            mu: r.float(3)?,
            sigma: r.float(4)?,
        },
        games: games_of(r.big(5)?),
        updated_at_unix_ms: r.big(6)?,
    })
}

fn history_row<R: Columns>(r: &R) -> Result<HistoryRow, R::Error> {
    Ok(HistoryRow {
        account: r.text(0)?,
        game: r.text(1)?,
        variant: r.text(2)?,
        match_id: r.text(3)?,
        before: Rating {
            mu: r.float(4)?,
            sigma: r.float(5)?,
        },
        after: Rating {
            mu: r.float(6)?,
            sigma: r.float(7)?,
        },
        at_unix_ms: r.big(8)?,
    })
}

/// The current (rating, games) from a `mu, sigma, games` row.
fn current_row<R: Columns>(r: &R) -> Result<(Rating, u32), R::Error> {
    Ok((
        Rating {
            mu: r.float(0)?,
            sigma: r.float(1)?,
        },
        games_of(r.big(2)?),
    ))
}

/// What to write after the claim: the plan, or the refusal's verdict.
fn decide(m: &RatedMatch, current: &Current) -> Result<Plan, String> {
    match &m.verdict {
        Verdict::Rated(result) => {
            plan(&m.match_id, result, current, m.at_unix_ms).map_err(|e| format!("refused: {e}"))
        }
        Verdict::Unrated(_) => Ok(Plan::default()),
    }
}

// SQLite: the whole step is one closure on the connection's thread.

fn apply_in_sqlite(c: &mut rusqlite::Connection, m: &RatedMatch) -> Result<bool, StoreError> {
    let tx = c.transaction().map_err(sqlite_err)?;
    let claimed = tx
        .prepare_cached(&q(CLAIM))
        .and_then(|mut s| {
            s.execute(params![
                m.match_id,
                m.game,
                m.variant,
                m.verdict_text(),
                m.at_unix_ms
            ])
        })
        .map_err(sqlite_err)?;
    if claimed == 0 {
        // Rated before: dropping the transaction rolls back (it wrote nothing).
        return Ok(false);
    }
    tx.prepare_cached(&q(MARK_RECORDED))
        .and_then(|mut s| s.execute([&m.match_id]))
        .map_err(sqlite_err)?;
    let mut current = Current::default();
    if let Verdict::Rated(result) = &m.verdict {
        for a in accounts(result) {
            let row = tx
                .prepare_cached(&q(RATING_OF))
                .and_then(|mut s| {
                    s.query_row(params![a, result.game, result.variant], |r| current_row(r))
                        .optional()
                })
                .map_err(sqlite_err)?;
            if let Some(row) = row {
                current.accounts.insert(a, row);
            }
        }
        for key in seat_keys(result) {
            let row = tx
                .prepare_cached(&q(SEAT_OF))
                .and_then(|mut s| {
                    s.query_row(params![key.game, key.variant, key.seat], |r| current_row(r))
                        .optional()
                })
                .map_err(sqlite_err)?;
            if let Some(row) = row {
                current.seats.insert(key, row);
            }
        }
    }
    match decide(m, &current) {
        Ok(p) => {
            for r in &p.ratings {
                tx.prepare_cached(&q(UPSERT_RATING))
                    .and_then(|mut s| {
                        s.execute(params![
                            r.account,
                            r.game,
                            r.variant,
                            r.rating.mu,
                            r.rating.sigma,
                            r.games as i64,
                            r.updated_at_unix_ms
                        ])
                    })
                    .map_err(sqlite_err)?;
            }
            for r in &p.seats {
                tx.prepare_cached(&q(UPSERT_SEAT))
                    .and_then(|mut s| {
                        s.execute(params![
                            r.key.game,
                            r.key.variant,
                            r.key.seat,
                            r.rating.mu,
                            r.rating.sigma,
                            r.games as i64,
                            r.updated_at_unix_ms
                        ])
                    })
                    .map_err(sqlite_err)?;
            }
            for h in &p.history {
                tx.prepare_cached(&q(INSERT_HISTORY))
                    .and_then(|mut s| {
                        s.execute(params![
                            h.account,
                            h.game,
                            h.variant,
                            h.match_id,
                            h.before.mu,
                            h.before.sigma,
                            h.after.mu,
                            h.after.sigma,
                            h.at_unix_ms
                        ])
                    })
                    .map_err(sqlite_err)?;
            }
        }
        Err(verdict) => {
            tx.prepare_cached(&q(SET_VERDICT))
                .and_then(|mut s| s.execute(params![m.match_id, verdict]))
                .map_err(sqlite_err)?;
        }
    }
    tx.commit().map_err(sqlite_err)?;
    Ok(true)
}

/// Rows of `sql` with text parameters `args`, each read by `row`.
fn sqlite_rows<T: Send + 'static>(
    c: &rusqlite::Connection,
    sql: &str,
    args: &[String],
    row: fn(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
) -> Result<Vec<T>, StoreError> {
    c.prepare_cached(&q(sql))
        .and_then(|mut s| {
            s.query_map(rusqlite::params_from_iter(args.iter()), row)?
                .collect::<Result<Vec<_>, _>>()
        })
        .map_err(sqlite_err)
}

#[async_trait::async_trait]
impl RatingStore for SqliteStore {
    async fn apply_rated(&self, m: &RatedMatch) -> Result<bool, StoreError> {
        let m = m.clone();
        self.run(move |c| apply_in_sqlite(c, &m)).await
    }

    async fn unrated_finished(&self, limit: usize) -> Result<Vec<String>, StoreError> {
        self.run(move |c| sqlite_rows(c, &unrated_sql(limit), &[], |r| r.get(0)))
            .await
    }

    async fn rated_verdict(&self, match_id: &str) -> Result<Option<String>, StoreError> {
        let id = match_id.to_string();
        self.run(move |c| {
            c.prepare_cached(&q(VERDICT))
                .and_then(|mut s| s.query_row([id], |r| r.get(0)).optional())
                .map_err(sqlite_err)
        })
        .await
    }

    async fn ratings_of(&self, account: &str) -> Result<Vec<RatingRow>, StoreError> {
        let args = vec![account.to_string()];
        self.run(move |c| sqlite_rows(c, &ratings_of_sql(), &args, |r| rating_row(r)))
            .await
    }

    async fn leaderboard(
        &self,
        game: &str,
        variant: &str,
        who: Who,
        limit: usize,
    ) -> Result<Vec<Standing>, StoreError> {
        let args = vec![game.to_string(), variant.to_string()];
        self.run(move |c| sqlite_rows(c, &leaderboard_sql(who, limit), &args, |r| standing_row(r)))
            .await
    }

    async fn seat_advantages(&self, game: &str, variant: &str) -> Result<Vec<SeatRow>, StoreError> {
        let args = vec![game.to_string(), variant.to_string()];
        self.run(move |c| sqlite_rows(c, &seats_sql(), &args, |r| seat_row(r)))
            .await
    }

    async fn rating_history(
        &self,
        account: &str,
        game: &str,
        variant: &str,
    ) -> Result<Vec<HistoryRow>, StoreError> {
        let args = vec![account.to_string(), game.to_string(), variant.to_string()];
        self.run(move |c| sqlite_rows(c, &history_sql(), &args, |r| history_row(r)))
            .await
    }
}

// PostgreSQL: a pooled connection per call; the rating in one transaction.

/// The advisory lock's key of a variant (see the module's comment).
fn variant_lock(game: &str, variant: &str) -> String {
    format!("hustings-ratings/{game}/{variant}")
}

async fn pg_current(
    c: &impl GenericClient,
    sql: &str,
    args: [&str; 3],
) -> Result<Option<(Rating, u32)>, StoreError> {
    let stmt = c.prepare_cached(sql).await.map_err(pg_err)?;
    c.query_opt(&stmt, &[&args[0], &args[1], &args[2]])
        .await
        .map_err(pg_err)?
        .as_ref()
        .map(current_row)
        .transpose()
        .map_err(pg_err)
}

async fn pg_exec(
    c: &impl GenericClient,
    sql: &str,
    args: &[&(dyn tokio_postgres::types::ToSql + Sync)],
) -> Result<u64, StoreError> {
    let stmt = c.prepare_cached(sql).await.map_err(pg_err)?;
    c.execute(&stmt, args).await.map_err(pg_err)
}

async fn pg_rows<T>(
    c: &impl GenericClient,
    sql: &str,
    args: &[&(dyn tokio_postgres::types::ToSql + Sync)],
    row: fn(&tokio_postgres::Row) -> Result<T, tokio_postgres::Error>,
) -> Result<Vec<T>, StoreError> {
    let stmt = c.prepare_cached(sql).await.map_err(pg_err)?;
    c.query(&stmt, args)
        .await
        .map_err(pg_err)?
        .iter()
        .map(|r| row(r).map_err(pg_err))
        .collect()
}

#[async_trait::async_trait]
impl RatingStore for PostgresStore {
    async fn apply_rated(&self, m: &RatedMatch) -> Result<bool, StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(pg_err)?;
        let lock = variant_lock(&m.game, &m.variant);
        tx.execute("SELECT pg_advisory_xact_lock(hashtext($1))", &[&lock])
            .await
            .map_err(pg_err)?;
        let claimed = pg_exec(
            &tx,
            CLAIM,
            &[
                &m.match_id,
                &m.game,
                &m.variant,
                &m.verdict_text(),
                &m.at_unix_ms,
            ],
        )
        .await?;
        if claimed == 0 {
            tx.rollback().await.map_err(pg_err)?;
            return Ok(false);
        }
        pg_exec(&tx, MARK_RECORDED, &[&m.match_id]).await?;
        let mut current = Current::default();
        if let Verdict::Rated(result) = &m.verdict {
            for a in accounts(result) {
                let args = [a.as_str(), &result.game, &result.variant];
                if let Some(row) = pg_current(&tx, RATING_OF, args).await? {
                    current.accounts.insert(a, row);
                }
            }
            for key in seat_keys(result) {
                let args = [key.game.as_str(), &key.variant, &key.seat];
                if let Some(row) = pg_current(&tx, SEAT_OF, args).await? {
                    current.seats.insert(key, row);
                }
            }
        }
        match decide(m, &current) {
            Ok(p) => {
                for r in &p.ratings {
                    let games = r.games as i64;
                    pg_exec(
                        &tx,
                        UPSERT_RATING,
                        &[
                            &r.account,
                            &r.game,
                            &r.variant,
                            &r.rating.mu,
                            &r.rating.sigma,
                            &games,
                            &r.updated_at_unix_ms,
                        ],
                    )
                    .await?;
                }
                for r in &p.seats {
                    let games = r.games as i64;
                    pg_exec(
                        &tx,
                        UPSERT_SEAT,
                        &[
                            &r.key.game,
                            &r.key.variant,
                            &r.key.seat,
                            &r.rating.mu,
                            &r.rating.sigma,
                            &games,
                            &r.updated_at_unix_ms,
                        ],
                    )
                    .await?;
                }
                for h in &p.history {
                    pg_exec(
                        &tx,
                        INSERT_HISTORY,
                        &[
                            &h.account,
                            &h.game,
                            &h.variant,
                            &h.match_id,
                            &h.before.mu,
                            &h.before.sigma,
                            &h.after.mu,
                            &h.after.sigma,
                            &h.at_unix_ms,
                        ],
                    )
                    .await?;
                }
            }
            Err(verdict) => {
                pg_exec(&tx, SET_VERDICT, &[&m.match_id, &verdict]).await?;
            }
        }
        tx.commit().await.map_err(pg_err)?;
        Ok(true)
    }

    async fn unrated_finished(&self, limit: usize) -> Result<Vec<String>, StoreError> {
        let c = self.client().await?;
        pg_rows(&c, &unrated_sql(limit), &[], |r| r.try_get(0)).await
    }

    async fn rated_verdict(&self, match_id: &str) -> Result<Option<String>, StoreError> {
        let c = self.client().await?;
        Ok(pg_rows(&c, VERDICT, &[&match_id], |r| r.try_get(0))
            .await?
            .into_iter()
            .next())
    }

    async fn ratings_of(&self, account: &str) -> Result<Vec<RatingRow>, StoreError> {
        let c = self.client().await?;
        pg_rows(&c, &ratings_of_sql(), &[&account], rating_row).await
    }

    async fn leaderboard(
        &self,
        game: &str,
        variant: &str,
        who: Who,
        limit: usize,
    ) -> Result<Vec<Standing>, StoreError> {
        let c = self.client().await?;
        pg_rows(
            &c,
            &leaderboard_sql(who, limit),
            &[&game, &variant],
            standing_row,
        )
        .await
    }

    async fn seat_advantages(&self, game: &str, variant: &str) -> Result<Vec<SeatRow>, StoreError> {
        let c = self.client().await?;
        pg_rows(&c, &seats_sql(), &[&game, &variant], seat_row).await
    }

    async fn rating_history(
        &self,
        account: &str,
        game: &str,
        variant: &str,
    ) -> Result<Vec<HistoryRow>, StoreError> {
        let c = self.client().await?;
        pg_rows(
            &c,
            &history_sql(),
            &[&account, &game, &variant],
            history_row,
        )
        .await
    }
}

#[cfg(test)]
#[path = "ratings_tests.rs"]
mod tests;
