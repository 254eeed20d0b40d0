//! `hustings-fill`: fills a database directly with stored matches, for measuring start-up
//! and requests against a long history (BENCHMARKS.md): finished Presidential Races played
//! to their end with random choices, and unfinished ones cut short with both seats joined
//! (a share of them on a clock, which start-up must load).
//!
//! ```sh
//! hustings-fill --database-url sqlite:/tmp/big/hustings.sqlite --finished 1000000 --unfinished 100000
//! ```
//!
//! A few thousand distinct games are played and stored again under new ids, seat tokens and
//! creation times: what a stored match costs is its rows, not how different its moves are.

use std::time::Instant;

use clap::Parser;
use hustings_engine::{self as engine, Setup};
use hustings_service::clock::{ClockSetting, MatchSettings};
use hustings_service::store::{ChoiceRecord, MatchRecord, SeatRecord};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

/// Fills a Hustings database with stored matches.
#[derive(Parser, Debug)]
struct Args {
    /// sqlite:PATH or postgres://… (created and migrated if new).
    #[arg(long)]
    database_url: String,
    /// Finished matches to store.
    #[arg(long, default_value_t = 1_000_000)]
    finished: usize,
    /// Unfinished matches to store (every seat joined, cut short).
    #[arg(long, default_value_t = 100_000)]
    unfinished: usize,
    /// One unfinished match in this many has a clock (running: start-up loads it).
    #[arg(long, default_value_t = 100)]
    clocked_every: usize,
    /// Distinct games played (each stored again under many ids).
    #[arg(long, default_value_t = 2_000)]
    distinct: usize,
    /// Matches per transaction.
    #[arg(long, default_value_t = 5_000)]
    batch: usize,
}

/// A game played with random choices from `seed`: its set-up, choices and outcome; cut
/// short after `limit` choices.
fn play(
    seed: u64,
    limit: usize,
    rng: &mut impl Rng,
) -> (Setup, Vec<ChoiceRecord>, Option<engine::Outcome>) {
    let setup = Setup {
        variant: "standard".into(),
        seats: 2,
        options: Default::default(),
        seed,
        rules: engine::RULES_REVISION,
    };
    let mut game = engine::new_game("presidency", &setup).expect("a Presidential Race");
    let mut choices = Vec::new();
    while game.outcome().is_none() && choices.len() < limit {
        let seat = game.to_act()[0];
        let p = game.prompt(seat).expect("the seat to act has a prompt");
        let c = p.choices.choose(rng).expect("choices").id.clone();
        game.apply(seat, &c).expect("an offered choice applies");
        choices.push(ChoiceRecord::new(seat, c));
    }
    (setup, choices, game.outcome())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let database = hustings_service::Database::from_url(&args.database_url)?;
    enum Target {
        Sqlite(hustings_service::sql::sqlite::SqliteStore),
        Postgres(hustings_service::sql::postgres::PostgresStore),
    }
    let target = match &database {
        hustings_service::Database::Sqlite(path) => {
            Target::Sqlite(hustings_service::sql::sqlite::SqliteStore::open(path)?)
        }
        hustings_service::Database::Postgres(url) => {
            Target::Postgres(hustings_service::sql::postgres::PostgresStore::open(url).await?)
        }
        hustings_service::Database::Memory => anyhow::bail!("a memory store keeps nothing"),
    };
    let t = Instant::now();
    let mut rng = rand::rngs::StdRng::seed_from_u64(23);
    let finished: Vec<_> = (0..args.distinct)
        .map(|i| play(i as u64, usize::MAX, &mut rng))
        .collect();
    let unfinished: Vec<_> = (0..args.distinct)
        .map(|i| {
            let limit = rng.random_range(1..60);
            play(1_000_000 + i as u64, limit, &mut rng)
        })
        .collect();
    let choices: usize = finished.iter().map(|g| g.1.len()).sum();
    eprintln!(
        "played {} distinct games ({:.0} choices per finished one) in {:.1} s",
        2 * args.distinct,
        choices as f64 / args.distinct.max(1) as f64,
        t.elapsed().as_secs_f64()
    );
    let total = args.finished + args.unfinished;
    let record = |n: usize| -> MatchRecord {
        let is_finished = n < args.finished;
        let (setup, choices, outcome) = if is_finished {
            &finished[n % finished.len()]
        } else {
            &unfinished[n % unfinished.len()]
        };
        let clocked =
            !is_finished && args.clocked_every > 0 && n.is_multiple_of(args.clocked_every);
        MatchRecord {
            id: format!("{:016x}", 0x1000_0000_0000u64 + n as u64),
            game: "presidency".into(),
            setup: setup.clone(),
            options: Vec::new(),
            seats: (0..2)
                .map(|s| SeatRecord {
                    token_hash: Some(format!("{n:032x}{s:032x}")),
                    player_name: format!("p{s}"),
                    client_kind: "bot".into(),
                    ..SeatRecord::default()
                })
                .collect(),
            choices: choices.clone(),
            // One match every 30 s for the last year or so, oldest first.
            created_at_unix_ms: 1_700_000_000_000 + 30_000 * n as i64,
            outcome: outcome.clone(),
            settings: MatchSettings {
                clock: if clocked {
                    ClockSetting::PerDecision { limit_ms: 600_000 }
                } else {
                    ClockSetting::None
                },
                abandon_grace_ms: Some(60_000),
                rematch_of: None,
                rated: false,
                bots_claim_wins: false,
            },
            rematch_next: None,
            live: Default::default(),
        }
    };
    let t = Instant::now();
    let mut n = 0;
    while n < total {
        let end = (n + args.batch).min(total);
        let records: Vec<MatchRecord> = (n..end).map(record).collect();
        match &target {
            Target::Sqlite(s) => s.create_many(records).await?,
            Target::Postgres(s) => s.create_many(records).await?,
        }
        n = end;
        if n.is_multiple_of(args.batch * 20) || n == total {
            eprintln!(
                "{n} of {total} matches stored ({:.0}/s)",
                n as f64 / t.elapsed().as_secs_f64()
            );
        }
    }
    Ok(())
}
