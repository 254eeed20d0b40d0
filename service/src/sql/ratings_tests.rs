//! The ratings of every store, one body run against memory, SQLite and PostgreSQL (skipped
//! without `HUSTINGS_TEST_POSTGRES_URL`): a match rated twice changes ratings once, the
//! recovery pass rates a finished match nobody rated once, an aborted match changes no
//! rating, and the leaderboard lists people, bots or both.

use std::path::PathBuf;

use hustings_engine::{Outcome, Setup};

use crate::accounts::records::{AccountRecord, AccountStore, BotInfo};
use crate::rater::{self, ABORTED};
use crate::ratings::RatingStore;
use crate::ratings::{RatingRow, Who};
use crate::sql::postgres::PostgresStore;
use crate::sql::sqlite::SqliteStore;
use crate::store::{ChoiceRecord, MatchRecord, MemoryStore, SeatRecord, Store};

fn account(handle: &str, bot: bool) -> AccountRecord {
    AccountRecord {
        id: handle.to_ascii_lowercase(),
        handle: handle.into(),
        display_name: handle.into(),
        password_hash: String::new(),
        created_at_unix_ms: 1_000,
        bot: bot.then(BotInfo::default),
        deleted: false,
    }
}

/// A finished rated The Vote match between `handles` that seat `winner` won, in which
/// each seat made `moves[seat]` choices.
fn finished(id: &str, handles: [&str; 2], winner: usize, moves: [usize; 2]) -> MatchRecord {
    let mut choices = Vec::new();
    for (seat, &n) in moves.iter().enumerate() {
        for _ in 0..n {
            choices.push(ChoiceRecord::new(seat, "done"));
        }
    }
    if moves.contains(&0) {
        choices.push(ChoiceRecord::new(1 - winner, crate::record::Record::Resign));
    }
    MatchRecord {
        id: id.into(),
        game: "the-vote".into(),
        setup: Setup::new("standard", 2, 7),
        options: Vec::new(),
        seats: handles
            .iter()
            .enumerate()
            .map(|(i, h)| SeatRecord {
                token_hash: Some(format!("{id}-t{i}")),
                player_name: h.to_string(),
                client_kind: "human".into(),
                account_handle: h.to_string(),
                ..Default::default()
            })
            .collect(),
        choices,
        created_at_unix_ms: 5_000,
        outcome: Some(Outcome {
            winners: vec![winner],
            reason: "test".into(),
            scores: Vec::new(),
        }),
        settings: crate::store::MatchSettings {
            rated: true,
            ..Default::default()
        },
        rematch_next: None,
        live: Default::default(),
    }
}

async fn rating(store: &dyn Store, account: &str) -> RatingRow {
    let rows = store.ratings_of(account).await.expect("read");
    assert_eq!(rows.len(), 1, "{account}: {rows:?}");
    rows.into_iter().next().expect("one")
}

async fn rates_once(store: &dyn Store) {
    for (h, bot) in [("Ada", false), ("Bea", false), ("Robo", true)] {
        store
            .accounts()
            .ensure_account(&account(h, bot))
            .await
            .expect("account");
    }

    // Rated by hand twice: the second changes nothing.
    let m1 = finished("m1", ["Ada", "Bea"], 0, [3, 3]);
    store.create(&m1).await.expect("stored");
    let rated = rater::verdict(&m1, 10).expect("a finished rated match");
    assert!(store.apply_rated(&rated).await.expect("rated"));
    let ada = rating(store, "ada").await;
    let bea = rating(store, "bea").await;
    assert_eq!(
        (ada.game.as_str(), ada.variant.as_str()),
        ("the-vote", "standard")
    );
    assert_eq!((ada.games, bea.games), (1, 1));
    assert!(ada.rating.mu > 25.0 && bea.rating.mu < 25.0);
    assert!(!store.apply_rated(&rated).await.expect("asked again"));
    assert!(!rater::rate_stored(store, "m1").await.expect("asked again"));
    assert_eq!(rating(store, "ada").await, ada);
    assert_eq!(rating(store, "bea").await, bea);
    assert_eq!(
        store.rated_verdict("m1").await.expect("read").as_deref(),
        Some("rated")
    );
    let history = store
        .rating_history("ada", "the-vote", "standard")
        .await
        .expect("history");
    assert_eq!(history.len(), 1);
    assert_eq!(history[0].after, ada.rating);
    assert_eq!(history[0].match_id, "m1");
    let seats = store
        .seat_advantages("the-vote", "standard")
        .await
        .expect("seats");
    let keys: Vec<&str> = seats.iter().map(|s| s.key.seat.as_str()).collect();
    assert_eq!(keys, ["0/2", "1/2"]);
    assert!(seats.iter().all(|s| s.games == 1));

    // Finished but never rated (the server died first): the recovery pass rates each
    // once; an aborted one is recorded and changes nothing.
    store
        .create(&finished("m2", ["Bea", "Robo"], 1, [2, 2]))
        .await
        .expect("stored");
    store
        .create(&finished("m3", ["Ada", "Robo"], 0, [1, 0]))
        .await
        .expect("stored");
    let mut unrated = store.unrated_finished(10).await.expect("listed");
    unrated.sort();
    assert_eq!(unrated, ["m2", "m3"]);
    assert_eq!(rater::recover(store).await.expect("recovered"), 2);
    assert_eq!(rater::recover(store).await.expect("nothing left"), 0);
    assert!(store.unrated_finished(10).await.expect("listed").is_empty());
    assert_eq!(
        store.rated_verdict("m3").await.expect("read").as_deref(),
        Some(ABORTED)
    );
    assert_eq!(
        rating(store, "ada").await,
        ada,
        "the aborted match rated nobody"
    );
    let bea2 = rating(store, "bea").await;
    let robo = rating(store, "robo").await;
    assert_eq!((bea2.games, robo.games), (2, 1));
    assert!(bea2.rating.mu < bea.rating.mu);
    assert_eq!(
        store
            .rating_history("bea", "the-vote", "standard")
            .await
            .expect("history")
            .len(),
        2
    );

    // An unrated match is never listed nor rated.
    let mut plain = finished("m4", ["Ada", "Bea"], 0, [2, 2]);
    plain.settings.rated = false;
    store.create(&plain).await.expect("stored");
    assert!(store.unrated_finished(10).await.expect("listed").is_empty());
    assert!(!rater::rate_stored(store, "m4").await.expect("not rated"));

    // The leaderboard: highest mu first, people, bots or both.
    let board = |who| async move {
        store
            .leaderboard("the-vote", "standard", who, 10)
            .await
            .expect("leaderboard")
            .into_iter()
            .map(|s| (s.handle, s.bot))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        board(Who::Everyone).await,
        [
            ("Ada".to_string(), false),
            ("Robo".to_string(), true),
            ("Bea".to_string(), false)
        ]
    );
    assert_eq!(
        board(Who::People).await,
        [("Ada".to_string(), false), ("Bea".to_string(), false)]
    );
    assert_eq!(board(Who::Bots).await, [("Robo".to_string(), true)]);
    assert!(
        store
            .leaderboard("presidency", "standard", Who::Everyone, 10)
            .await
            .expect("empty")
            .is_empty()
    );
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

#[tokio::test]
async fn the_memory_store_rates_once() {
    rates_once(&MemoryStore::default()).await;
}

#[tokio::test]
async fn the_sqlite_store_rates_once() {
    let path = temp_file("ratings");
    let store = SqliteStore::open(&path).expect("opens");
    rates_once(&store).await;
    drop(store);
    // Kept across a restart, and still rated once.
    let store = SqliteStore::open(&path).expect("opens again");
    assert_eq!(rating(&store, "ada").await.games, 1);
    assert!(!rater::rate_stored(&store, "m1").await.expect("asked again"));
    assert_eq!(rater::recover(&store).await.expect("nothing left"), 0);
    drop(store);
    if let Some(dir) = path.parent() {
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_postgres_store_rates_once() {
    let Some(url) = fresh_database("ratings").await else {
        return;
    };
    let store = PostgresStore::open(&url).await.expect("opens");
    rates_once(&store).await;
}

/// Two nodes on one PostgreSQL rating the same finished matches at once: each match is
/// rated by exactly one of them, and no change of one is lost to the other's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_postgres_nodes_rate_each_match_once() {
    let Some(url) = fresh_database("ratings_race").await else {
        return;
    };
    let a = std::sync::Arc::new(PostgresStore::open(&url).await.expect("opens"));
    let b = std::sync::Arc::new(PostgresStore::open(&url).await.expect("opens"));
    for h in ["Ada", "Bea"] {
        a.ensure_account(&account(h, false)).await.expect("account");
    }
    let n = 12;
    for i in 0..n {
        a.create(&finished(
            &format!("r{i:02}"),
            ["Ada", "Bea"],
            i % 2,
            [2, 2],
        ))
        .await
        .expect("stored");
    }
    let mut tasks = Vec::new();
    for store in [a.clone(), b.clone(), a.clone(), b.clone()] {
        tasks.push(tokio::spawn(async move {
            let mut done = 0;
            for i in 0..n {
                if rater::rate_stored(store.as_ref(), &format!("r{i:02}"))
                    .await
                    .expect("rated")
                {
                    done += 1;
                }
            }
            done
        }));
    }
    let mut total = 0;
    for t in tasks {
        total += t.await.expect("joined");
    }
    assert_eq!(total, n, "each match rated by exactly one attempt");
    assert_eq!(rating(a.as_ref(), "ada").await.games, n as u32);
    assert_eq!(rating(b.as_ref(), "bea").await.games, n as u32);
    let seats = a
        .seat_advantages("the-vote", "standard")
        .await
        .expect("seats");
    assert!(seats.iter().all(|s| s.games == n as u32), "{seats:?}");
}

async fn fresh_database(tag: &str) -> Option<String> {
    let tag = tag.to_string();
    tokio::task::spawn_blocking(move || crate::sql::lobby::tests::fresh_database(&tag))
        .await
        .expect("the database is made")
}
