//! Durability costs, measured through the real server:
//!
//! 1. Acknowledged choices per second: concurrent random two-seat matches played by real
//!    tonic clients over loopback, each Act answered only after its choice is stored — in
//!    memory, in SQLite (WAL, synchronous=FULL) and, when a database is given, in PostgreSQL.
//! 2. Restart time with 10,000 stored matches (half finished, half in play): opening the
//!    database until the server listens (no match is loaded until a request asks for it).
//!
//! ```sh
//! cargo bench -p hustings-service --bench durability
//! # with PostgreSQL (a new database is created on that server for each run):
//! HUSTINGS_TEST_POSTGRES_URL=$(bash .ci/postgres.sh) cargo bench -p hustings-service --bench durability
//! ```
//! `BENCH_SECONDS` (default 10) sets the length of each throughput run, `BENCH_PAIRS`
//! (default 16) the number of matches played at once, `BENCH_MATCHES` (default 10000) the
//! stored matches for the restart.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use hustings_engine::{self as engine, Setup};
use hustings_proto::v1 as pb;
use hustings_proto::v1::hustings_client::HustingsClient;
use hustings_service::store::{ChoiceRecord, MatchRecord, SeatRecord};
use hustings_service::{Database, ServerConfig};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn temp_path(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("hustings-bench-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join("hustings.sqlite")
}

/// A new empty database on the PostgreSQL server of `HUSTINGS_TEST_POSTGRES_URL`, if set.
fn fresh_postgres(tag: &str) -> Option<String> {
    let base = std::env::var("HUSTINGS_TEST_POSTGRES_URL").ok()?;
    let name = format!(
        "hustings_bench_{tag}_{}_{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0)
    );
    let b2 = base.clone();
    let n2 = name.clone();
    std::thread::spawn(move || {
        let mut c = postgres::Client::connect(&b2, postgres::NoTls).expect("reach PostgreSQL");
        c.batch_execute(&format!("CREATE DATABASE {n2}"))
            .expect("create the bench database");
    })
    .join()
    .expect("database created");
    let cut = base.rfind('/').expect("a database URL has a path");
    Some(format!("{}/{name}", &base[..cut]))
}

/// Plays one seat with random choices until the match ends or the time is up.
async fn seat_loop(
    url: String,
    match_id: String,
    token: String,
    seed: u64,
    deadline: Instant,
    acks: Arc<AtomicU64>,
) {
    let mut client = HustingsClient::connect(url).await.expect("connect");
    let mut stream = client
        .watch_match(pb::WatchMatchRequest {
            match_id: match_id.clone(),
            token: token.clone(),
            from_version: 0,
            include_json_view: false,
            seat: None,
        })
        .await
        .expect("watch")
        .into_inner();
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut acted_at = None;
    while let Ok(Some(u)) = stream.message().await {
        if u.outcome.is_some() || Instant::now() >= deadline {
            return;
        }
        let Some(p) = u.prompt else { continue };
        if acted_at == Some(u.version) {
            continue;
        }
        acted_at = Some(u.version);
        let choice = p.choices.choose(&mut rng).expect("choices").id.clone();
        if client
            .act(pb::ActRequest {
                match_id: match_id.clone(),
                token: token.clone(),
                version: u.version,
                choice_id: choice,
                seat: None,
            })
            .await
            .is_ok()
        {
            acks.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// Matches played back to back by one pair of clients until the deadline.
async fn pair_loop(url: String, seed: u64, deadline: Instant, acks: Arc<AtomicU64>) {
    let mut client = HustingsClient::connect(url.clone()).await.expect("connect");
    let mut n = 0;
    while Instant::now() < deadline {
        n += 1;
        let id = client
            .create_match(pb::CreateMatchRequest {
                game: "presidency".into(),
                variant: "standard".into(),
                seats: 2,
                seed: Some(seed * 1000 + n),
                ..Default::default()
            })
            .await
            .expect("create")
            .into_inner()
            .summary
            .expect("summary")
            .match_id;
        let mut seats = Vec::new();
        for s in 0..2u32 {
            let token = client
                .join_match(pb::JoinMatchRequest {
                    match_id: id.clone(),
                    seat: Some(s),
                    display_name: format!("b{s}"),
                    client_kind: pb::ClientKind::Bot as i32,
                })
                .await
                .expect("join")
                .into_inner()
                .token;
            seats.push(tokio::spawn(seat_loop(
                url.clone(),
                id.clone(),
                token,
                seed * 7 + n * 2 + s as u64,
                deadline,
                acks.clone(),
            )));
        }
        for s in seats {
            let _ = s.await;
        }
    }
}

async fn throughput(name: &str, database: Database, seconds: u64, pairs: u64) -> f64 {
    let config = ServerConfig {
        database,
        ..ServerConfig::default()
    };
    let addr: SocketAddr = "127.0.0.1:0".parse().expect("addr");
    let server = hustings_service::start(config, addr).await.expect("start");
    let url = server.url();
    let acks = Arc::new(AtomicU64::new(0));
    let start = Instant::now();
    let deadline = start + Duration::from_secs(seconds);
    let tasks: Vec<_> = (0..pairs)
        .map(|p| tokio::spawn(pair_loop(url.clone(), p + 1, deadline, acks.clone())))
        .collect();
    for t in tasks {
        let _ = t.await;
    }
    let secs = start.elapsed().as_secs_f64();
    let n = acks.load(Ordering::Relaxed);
    let rate = n as f64 / secs;
    println!(
        "acknowledged choices/s  {name:<28} {rate:>9.0}/s  ({n} choices in {secs:.1} s, {pairs} matches at a time)"
    );
    server.shutdown().await;
    rate
}

/// `n` stored matches played with random choices: even ones to the end, odd ones cut short.
fn stored_matches(n: usize) -> (Vec<MatchRecord>, usize) {
    let mut rng = rand::rngs::StdRng::seed_from_u64(99);
    let mut total_choices = 0;
    let records = (0..n)
        .map(|i| {
            let setup = Setup {
                variant: "standard".into(),
                seats: 2,
                options: Default::default(),
                seed: i as u64,
                rules: engine::RULES_REVISION,
            };
            let mut game = engine::new_game("presidency", &setup).expect("game");
            let limit = if i % 2 == 0 {
                usize::MAX
            } else {
                rng.random_range(1..60)
            };
            let mut choices = Vec::new();
            while game.outcome().is_none() && choices.len() < limit {
                let seat = game.to_act()[0];
                let p = game.prompt(seat).expect("a prompt for the seat to act");
                let c = p.choices.choose(&mut rng).expect("choices").id.clone();
                game.apply(seat, &c).expect("legal");
                choices.push(ChoiceRecord::new(seat, c));
            }
            total_choices += choices.len();
            MatchRecord {
                id: format!("{i:016x}"),
                game: "presidency".into(),
                setup,
                options: Vec::new(),
                seats: (0..2)
                    .map(|s| SeatRecord {
                        token_hash: Some(format!("{i:032x}{s:032x}")),
                        player_name: format!("p{s}"),
                        client_kind: "bot".into(),
                        ..SeatRecord::default()
                    })
                    .collect(),
                choices,
                created_at_unix_ms: i as i64,
                outcome: game.outcome(),
                settings: Default::default(),
                rematch_next: None,
                live: Default::default(),
            }
        })
        .collect();
    (records, total_choices)
}

async fn restart(name: &str, database: Database, n: usize) {
    let config = ServerConfig {
        database,
        ..ServerConfig::default()
    };
    let addr: SocketAddr = "127.0.0.1:0".parse().expect("addr");
    let t = Instant::now();
    let server = hustings_service::start(config, addr).await.expect("start");
    let secs = t.elapsed().as_secs_f64();
    // Nothing has a clock here: nothing must run, and nothing is loaded until asked for.
    assert_eq!(
        server.hub().match_count(),
        0,
        "no stored match rebuilt at start-up"
    );
    println!("restart with {n} stored matches  {name:<18} {secs:>7.2} s (open, migrate, listen)");
    server.shutdown().await;
}

#[tokio::main]
async fn main() {
    // `cargo bench` passes `--bench`; nothing else to parse.
    let seconds = env_or("BENCH_SECONDS", 10u64);
    let pairs = env_or("BENCH_PAIRS", 16u64);
    let n = env_or("BENCH_MATCHES", 10_000usize);
    let pg_tp = fresh_postgres("tp");
    if pg_tp.is_none() {
        println!("(PostgreSQL skipped: set HUSTINGS_TEST_POSTGRES_URL, e.g. from .ci/postgres.sh)");
    }

    let mem = throughput("memory", Database::Memory, seconds, pairs).await;
    let path = temp_path("tp");
    let sqlite = throughput(
        "sqlite (WAL, synchronous=FULL)",
        Database::Sqlite(path.clone()),
        seconds,
        pairs,
    )
    .await;
    println!("  sqlite / memory = {:.2}", sqlite / mem);
    if let Some(url) = pg_tp {
        let pg = throughput(
            "postgresql (local)",
            Database::Postgres(url),
            seconds,
            pairs,
        )
        .await;
        println!("  postgresql / memory = {:.2}", pg / mem);
    }

    let t = Instant::now();
    let (records, choices) = stored_matches(n);
    println!(
        "generated {n} matches ({} finished, {choices} choices) in {:.1} s",
        records.iter().filter(|r| r.outcome.is_some()).count(),
        t.elapsed().as_secs_f64()
    );
    let path = temp_path("restart");
    {
        let store = hustings_service::sql::sqlite::SqliteStore::open(&path).expect("open");
        store.create_many(records.clone()).await.expect("store");
    }
    println!(
        "  sqlite file: {:.1} MB",
        std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0) as f64 / 1e6
    );
    restart("sqlite", Database::Sqlite(path.clone()), n).await;
    if let Some(url) = fresh_postgres("restart") {
        {
            let store = hustings_service::sql::postgres::PostgresStore::open(&url)
                .await
                .expect("open");
            store.create_many(records).await.expect("store");
        }
        restart("postgresql", Database::Postgres(url.clone()), n).await;
    }
    let _ = std::fs::remove_dir_all(path.parent().expect("dir"));
}
