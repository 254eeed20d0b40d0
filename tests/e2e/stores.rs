//! The three stores behind the `Store` trait keep the same records and refuse the same
//! mistakes: memory, SQLite and PostgreSQL. A record read back after reopening a durable
//! store is the record written; listings, the token index, the seats waiting for bots and
//! the matches whose clocks run come out the same from each; writes from many matches at
//! once are committed together and each lands; older schemas are migrated in place.

use std::collections::BTreeMap;

use hustings::server_proc::{fresh_postgres_database, temp_dir};
use hustings_engine::{Outcome, Setup};
use hustings_proto::v1 as pb;
use hustings_service::clock::{ClockSetting, MatchSettings};
use hustings_service::sql::postgres::PostgresStore;
use hustings_service::sql::sqlite::SqliteStore;
use hustings_service::store::{
    Append, ChoiceRecord, Finished, ListQuery, LiveState, MatchRecord, MemoryStore, SeatRecord,
    Store, StoreError,
};

fn record(id: &str, seats: usize, seed: u64) -> MatchRecord {
    MatchRecord {
        id: id.into(),
        game: "presidency".into(),
        setup: Setup {
            variant: "convention".into(),
            seats,
            options: BTreeMap::from([("rounds".to_string(), "12".to_string())]),
            seed,
            rules: hustings_engine::RULES_REVISION,
        },
        options: vec![("rounds".into(), "12".into())],
        seats: (0..seats)
            .map(|i| SeatRecord {
                bot: i == 1,
                ai: if i == 1 {
                    "greedy".into()
                } else {
                    String::new()
                },
                ..SeatRecord::default()
            })
            .collect(),
        choices: Vec::new(),
        created_at_unix_ms: 1_700_000_000_000 + seed as i64,
        outcome: None,
        settings: Default::default(),
        rematch_next: None,
        live: Default::default(),
    }
}

fn next(rec: &MatchRecord, c: ChoiceRecord) -> Append {
    Append {
        index: rec.choices.len(),
        choice: c,
        finished: None,
    }
}

fn choice(seat: usize, id: &str) -> ChoiceRecord {
    ChoiceRecord::new(seat, id)
}

/// Writes two interleaved matches, checks the refusals, and returns what must be read back.
async fn exercise(store: &dyn Store) -> Vec<MatchRecord> {
    let mut a = record("aaaa", 3, u64::MAX - 1);
    let mut b = record("bbbb", 2, 5);
    // A clocked rematch: its settings and each choice's clock times are kept.
    a.settings = MatchSettings {
        clock: ClockSetting::Game {
            base_ms: 600_000,
            increment_ms: 5_000,
            // A cap (issue 39's correspondence clocks) is kept as well.
            max_ms: 1_800_000,
        },
        abandon_grace_ms: Some(30_000),
        rematch_of: Some("0000".into()),
        // A rated match: the flag is kept too (issue 38).
        rated: true,
        // As is the leave for bots to claim an absent person's loss (issue 39).
        bots_claim_wins: true,
    };
    store.create(&a).await.expect("create a");
    store.create(&b).await.expect("create b");

    let joined = SeatRecord {
        token_hash: Some("ab".repeat(32)),
        player_name: "Ada".into(),
        client_kind: "human".into(),
        ..SeatRecord::default()
    };
    store.set_seat("aaaa", 0, &joined).await.expect("seat");
    a.seats[0] = joined.clone();
    let mut bot = b.seats[1].clone();
    bot.token_hash = Some("cd".repeat(32));
    bot.client_kind = "bot".into();
    store.set_seat("bbbb", 1, &bot).await.expect("seat");
    b.seats[1] = bot;

    for (i, (m, c)) in [
        (
            "aaaa",
            ChoiceRecord {
                clocks: vec![605_000, 600_000, 600_000],
                ..choice(0, "dice:2d6")
            },
        ),
        ("bbbb", choice(1, "state:NY")),
        ("aaaa", choice(2, "card:seneca-falls")),
        ("aaaa", choice(1, "resign")),
        ("bbbb", choice(0, "done")),
    ]
    .into_iter()
    .enumerate()
    {
        let rec = if m == "aaaa" { &mut a } else { &mut b };
        store
            .append(m, &next(rec, c.clone()))
            .await
            .unwrap_or_else(|e| panic!("append #{i}: {e}"));
        rec.choices.push(c);
    }

    // A gap, a repeat and an unknown match are refused and change nothing.
    let at = |index| Append {
        index,
        choice: choice(0, "x"),
        finished: None,
    };
    assert!(matches!(
        store.append("aaaa", &at(5)).await,
        Err(StoreError::OutOfOrder {
            expected: 3,
            got: 5,
            ..
        })
    ));
    assert!(matches!(
        store.append("bbbb", &at(1)).await,
        Err(StoreError::OutOfOrder {
            expected: 2,
            got: 1,
            ..
        })
    ));
    assert!(matches!(
        store.append("nope", &at(0)).await,
        Err(StoreError::NoSuchMatch(id)) if id == "nope"
    ));
    assert!(matches!(
        store.set_seat("nope", 0, &SeatRecord::default()).await,
        Err(StoreError::NoSuchMatch(id)) if id == "nope"
    ));

    let outcome = Outcome {
        winners: vec![0, 2],
        reason: "shared".into(),
        scores: vec![-3, 0, 41],
    };
    // The choice that ends a match carries its outcome, in the same write.
    store
        .append(
            "aaaa",
            &Append {
                index: a.choices.len(),
                choice: choice(0, "done"),
                finished: Some(Finished {
                    outcome: outcome.clone(),
                    forfeit: None,
                }),
            },
        )
        .await
        .expect("final choice");
    a.choices.push(choice(0, "done"));
    a.outcome = Some(outcome);
    // What an actor keeps beyond its records.
    let live = LiveState {
        rematch_offers: vec![0, 2],
        parked: None,
        handed: vec![hustings_service::store::Handed {
            seat: 1,
            index: 0,
            token_hash: "ab".repeat(32),
            ai: "greedy".into(),
        }],
    };
    store.save_live("aaaa", &live).await.expect("live state");
    a.live = live;
    assert!(matches!(
        store.save_live("nope", &LiveState::default()).await,
        Err(StoreError::NoSuchMatch(_))
    ));
    vec![a, b]
}

/// Every match of `want`, loaded one by one, is what was written; an unknown id is none.
async fn loads(store: &dyn Store, want: &[MatchRecord]) {
    for w in want {
        assert_eq!(store.load(&w.id).await.expect("load").as_ref(), Some(w));
    }
    assert_eq!(store.load("nope").await.expect("load"), None);
}

#[tokio::test]
async fn memory_store_keeps_records() {
    let store = MemoryStore::default();
    let want = exercise(&store).await;
    loads(&store, &want).await;
    lists(&MemoryStore::default()).await;
}

#[tokio::test]
async fn sqlite_store_keeps_records_across_reopening() {
    let dir = temp_dir("store");
    let path = dir.join("hustings.sqlite");
    let want = {
        let store = SqliteStore::open(&path).expect("open");
        let want = exercise(&store).await;
        loads(&store, &want).await;
        // A second opener while the first holds it is refused (one server per database).
        let err = SqliteStore::open(&path).err().expect("locked");
        assert!(
            format!("{err:#}").contains("locked by another process"),
            "{err:#}"
        );
        want
    };
    // The connection's thread ends with the store and releases the lock.
    let store = reopen(&path).await;
    assert_eq!(
        store.schema_version().await.expect("version"),
        hustings_service::sql::current_version()
    );
    loads(&store, &want).await;
    drop(store);
    let dir2 = temp_dir("store-list");
    lists(&SqliteStore::open(&dir2.join("h.sqlite")).expect("open")).await;
}

/// Opens a SQLite store again once the previous one's thread has let go of the file.
async fn reopen(path: &std::path::Path) -> SqliteStore {
    for _ in 0..100 {
        if let Ok(s) = SqliteStore::open(path) {
            return s;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    panic!("the database stays locked after its store was dropped");
}

#[tokio::test]
async fn postgres_store_keeps_records_across_reopening() {
    let Some(url) = fresh_postgres_database("store") else {
        return;
    };
    let want = {
        let store = PostgresStore::open(&url).await.expect("open");
        let want = exercise(&store).await;
        loads(&store, &want).await;
        want
    };
    let store = PostgresStore::open(&url).await.expect("reopen");
    assert_eq!(
        store.schema_version().await.expect("version"),
        hustings_service::sql::current_version()
    );
    loads(&store, &want).await;
    let Some(url) = fresh_postgres_database("store_list") else {
        return;
    };
    lists(&PostgresStore::open(&url).await.expect("open")).await;
}

/// 30 matches of three kinds: listed newest first in pages without gaps or repeats,
/// filtered by game, status and open seats; the token index, the seats waiting for bots
/// and the running clocks.
async fn lists(store: &dyn Store) {
    let mut all = Vec::new();
    for i in 0..30u64 {
        let mut r = record(&format!("m{i:03}"), 2, i);
        // Two matches per millisecond: the id orders those created together.
        r.created_at_unix_ms = 1_000 + (i / 2) as i64;
        if i % 3 == 0 {
            r.game = "the-vote".into();
        }
        if i % 5 == 0 {
            r.settings.clock = ClockSetting::PerDecision { limit_ms: 30_000 };
        }
        store.create(&r).await.expect("create");
        if i % 2 == 0 {
            for seat in 0..2 {
                let s = SeatRecord {
                    token_hash: Some(format!("tok{}", i % 4)),
                    ..r.seats[seat].clone()
                };
                store.set_seat(&r.id, seat, &s).await.expect("seat");
            }
        }
        if i % 4 == 0 {
            store
                .append(
                    &r.id,
                    &Append {
                        index: 0,
                        choice: choice(0, "resign"),
                        finished: Some(Finished {
                            outcome: Outcome {
                                winners: vec![1],
                                reason: "resigned".into(),
                                scores: vec![],
                            },
                            forfeit: Some("resign".into()),
                        }),
                    },
                )
                .await
                .expect("resign");
        }
        all.push(r.id.clone());
    }
    let newest: Vec<String> = all.iter().rev().cloned().collect();
    let mut seen = Vec::new();
    let mut after = None;
    loop {
        let page = store
            .list(&ListQuery {
                page_size: 7,
                after: after.clone(),
                ..Default::default()
            })
            .await
            .expect("list");
        assert!(page.matches.len() <= 7);
        seen.extend(page.matches.iter().map(|l| l.record.id.clone()));
        match page.next {
            Some(n) => after = Some(n),
            None => break,
        }
    }
    assert_eq!(
        seen, newest,
        "pages of 7 cover every match once, newest first"
    );

    let ids = |q: ListQuery| async move {
        store
            .list(&ListQuery {
                page_size: 100,
                ..q
            })
            .await
            .expect("list")
            .matches
            .into_iter()
            .map(|l| l.record.id)
            .collect::<Vec<_>>()
    };
    let want = |f: &dyn Fn(u64) -> bool| -> Vec<String> {
        (0..30u64)
            .rev()
            .filter(|&i| f(i))
            .map(|i| format!("m{i:03}"))
            .collect()
    };
    assert_eq!(
        ids(ListQuery {
            game: "the-vote".into(),
            ..Default::default()
        })
        .await,
        want(&|i| i % 3 == 0)
    );
    assert_eq!(
        ids(ListQuery {
            status: 3,
            ..Default::default()
        })
        .await,
        want(&|i| i % 4 == 0)
    );
    assert_eq!(
        ids(ListQuery {
            status: 2,
            ..Default::default()
        })
        .await,
        want(&|i| i % 2 == 0 && i % 4 != 0)
    );
    assert_eq!(
        ids(ListQuery {
            open_seats_only: true,
            game: "presidency".into(),
            ..Default::default()
        })
        .await,
        want(&|i| i % 2 == 1 && i % 3 != 0)
    );
    let finished = store
        .list(&ListQuery {
            status: 3,
            page_size: 1,
            ..Default::default()
        })
        .await
        .expect("list");
    let l = &finished.matches[0];
    assert_eq!((l.version, l.forfeit.as_deref()), (1, Some("resign")));
    assert!(l.record.choices.is_empty(), "a listing carries no choices");

    // A token holds a seat in every match it joined.
    let mut held = store.token_seats("tok2").await.expect("tokens");
    held.sort();
    let expect: Vec<(String, usize)> = (0..30u64)
        .filter(|i| i % 4 == 2)
        .flat_map(|i| [(format!("m{i:03}"), 0), (format!("m{i:03}"), 1)])
        .collect();
    assert_eq!(held, expect);
    assert!(
        store
            .token_seats("nobody")
            .await
            .expect("tokens")
            .is_empty()
    );

    // Seat 1 is a bot seat: open in the odd matches, none of which is finished.
    let waiting: Vec<String> = store
        .waiting_for_bots(100)
        .await
        .expect("waiting")
        .into_iter()
        .map(|l| l.record.id)
        .collect();
    assert_eq!(waiting, want(&|i| i % 2 == 1));
    // Clocks run in the clocked matches under way (every seat taken, not over).
    let mut running = store.running_clocks().await.expect("running");
    running.sort();
    let mut expect = want(&|i| i % 5 == 0 && i % 2 == 0 && i % 4 != 0);
    expect.sort();
    assert_eq!(running, expect);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_commits_choices_arriving_together_and_each_lands_in_order() {
    let dir = temp_dir("group");
    let store: std::sync::Arc<dyn Store> =
        std::sync::Arc::new(SqliteStore::open(&dir.join("h.sqlite")).expect("open"));
    group_commit(store).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_commits_choices_arriving_together_and_each_lands_in_order() {
    let Some(url) = fresh_postgres_database("group") else {
        return;
    };
    let store: std::sync::Arc<dyn Store> =
        std::sync::Arc::new(PostgresStore::open(&url).await.expect("open"));
    group_commit(store).await;
}

/// 64 matches append 20 choices each, all at once: every append is acknowledged, lands at
/// its index, and a repeat of any of them is refused.
async fn group_commit(store: std::sync::Arc<dyn Store>) {
    let mut tasks = Vec::new();
    for m in 0..64u64 {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            let mut r = record(&format!("g{m:03}"), 2, m);
            store.create(&r).await.expect("create");
            for i in 0..20 {
                let c = choice((i % 2) as usize, &format!("c{m}-{i}"));
                store
                    .append(&r.id, &next(&r, c.clone()))
                    .await
                    .expect("append");
                r.choices.push(c);
            }
            r
        }));
    }
    for t in tasks {
        let r = t.await.expect("task");
        let back = store.load(&r.id).await.expect("load").expect("stored");
        assert_eq!(back.choices, r.choices);
        let again = Append {
            index: 19,
            choice: choice(0, "again"),
            finished: None,
        };
        assert!(matches!(
            store.append(&r.id, &again).await,
            Err(StoreError::OutOfOrder {
                expected: 20,
                got: 19,
                ..
            })
        ));
    }
}

#[tokio::test]
async fn a_version_1_sqlite_database_is_migrated_in_place_and_keeps_its_matches() {
    let dir = temp_dir("migrate");
    let path = dir.join("hustings.sqlite");
    {
        // A database as a server before clocks left it: schema version 1, one match with a
        // choice.
        let conn = rusqlite::Connection::open(&path).expect("open");
        conn.execute_batch(
            "CREATE TABLE schema_version (version BIGINT NOT NULL);
             INSERT INTO schema_version (version) VALUES (1);",
        )
        .expect("version table");
        conn.execute_batch(hustings_service::sql::MIGRATIONS[0])
            .expect("version 1 schema");
        let setup = serde_json::to_string(&Setup::new("standard", 2, 7)).expect("json");
        conn.execute(
            "INSERT INTO matches (id, game, setup, options, created_at_unix_ms, outcome)
             VALUES ('old1', 'presidency', ?1, '[]', 5, NULL)",
            [setup],
        )
        .expect("match");
        for seat in 0..2 {
            conn.execute(
                "INSERT INTO seats VALUES ('old1', ?1, 0, '', '', NULL, '', '')",
                [seat],
            )
            .expect("seat");
        }
        conn.execute("INSERT INTO choices VALUES ('old1', 0, 0, 'dice:1d6')", [])
            .expect("choice");
    }
    let store = SqliteStore::open(&path).expect("migrates");
    assert_eq!(
        store.schema_version().await.expect("version"),
        hustings_service::sql::current_version()
    );
    let m = &store.load("old1").await.expect("load").expect("kept");
    assert_eq!(
        m.settings,
        MatchSettings::default(),
        "no clock, server's grace"
    );
    assert_eq!(m.choices, vec![choice(0, "dice:1d6")]);
    // New choices keep their clock times.
    let timed = ChoiceRecord {
        clocks: vec![1_000, 2_000],
        ..choice(1, "dice:2d6")
    };
    store
        .append(
            "old1",
            &Append {
                index: 1,
                choice: timed.clone(),
                finished: None,
            },
        )
        .await
        .expect("append");
    let m = store.load("old1").await.expect("load").expect("kept");
    assert_eq!(m.choices[1], timed);
}

#[tokio::test]
async fn a_version_2_sqlite_database_gets_its_listing_columns_and_indexes_from_its_rows() {
    let dir = temp_dir("migrate2");
    let path = dir.join("hustings.sqlite");
    {
        // A database as the server before matches left memory left it: schema version 2,
        // an old match ended by a resignation, its rematch (clocked, under way) and a
        // match waiting for its bot seat.
        let conn = rusqlite::Connection::open(&path).expect("open");
        conn.execute_batch(
            "CREATE TABLE schema_version (version BIGINT NOT NULL);
             INSERT INTO schema_version (version) VALUES (2);",
        )
        .expect("version table");
        for m in &hustings_service::sql::MIGRATIONS[..2] {
            conn.execute_batch(m).expect("version 1 and 2 schema");
        }
        let setup = serde_json::to_string(&Setup::new("standard", 2, 7)).expect("json");
        let clocked = r#"{"clock":{"PerDecision":{"limit_ms":30000}},"abandon_grace_ms":60000,"rematch_of":"old1"}"#;
        let plain = r#"{"clock":"None","abandon_grace_ms":60000,"rematch_of":null}"#;
        let outcome = r#"{"winners":[1],"reason":"Democrat resigned","scores":[]}"#;
        for (id, at, settings, outcome) in [
            ("old1", 5, plain, Some(outcome)),
            ("new1", 6, clocked, None),
            ("bot1", 7, plain, None),
        ] {
            conn.execute(
                "INSERT INTO matches (id, game, setup, options, created_at_unix_ms, outcome, settings)
                 VALUES (?1, 'presidency', ?2, '[]', ?3, ?4, ?5)",
                rusqlite::params![id, setup, at, outcome, settings],
            )
            .expect("match");
            for seat in 0..2 {
                let (bot, token) = match (id, seat) {
                    ("bot1", 1) => (1, None),
                    (_, s) => (0, Some(format!("t{s}"))),
                };
                conn.execute(
                    "INSERT INTO seats VALUES (?1, ?2, ?3, '', '', ?4, '', '')",
                    rusqlite::params![id, seat, bot, token],
                )
                .expect("seat");
            }
        }
        for (idx, c) in ["dice:1d6", "resign"].iter().enumerate() {
            conn.execute(
                "INSERT INTO choices VALUES ('old1', ?1, 0, ?2, NULL)",
                rusqlite::params![idx as i64, c],
            )
            .expect("choice");
        }
    }
    let store = SqliteStore::open(&path).expect("migrates");
    let page = store
        .list(&ListQuery {
            page_size: 10,
            ..Default::default()
        })
        .await
        .expect("list");
    // id, version, status, forfeit, rematch link
    type Row = (String, u64, i32, Option<String>, Option<String>);
    let got: Vec<Row> = page
        .matches
        .iter()
        .map(|l| {
            (
                l.record.id.clone(),
                l.version,
                l.record.status(),
                l.forfeit.clone(),
                l.record.rematch_next.clone(),
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            ("bot1".into(), 0, 1, None, None),
            ("new1".into(), 0, 2, None, None),
            (
                "old1".into(),
                2,
                3,
                Some("resign".into()),
                Some("new1".into())
            ),
        ]
    );
    let finished = store
        .list(&ListQuery {
            status: 3,
            page_size: 10,
            ..Default::default()
        })
        .await
        .expect("list");
    assert_eq!(finished.matches.len(), 1, "the status column was filled");
    assert_eq!(store.running_clocks().await.expect("clocks"), vec!["new1"]);
    let waiting = store.waiting_for_bots(10).await.expect("bots");
    assert_eq!(waiting.len(), 1);
    assert_eq!(waiting[0].record.id, "bot1");
    assert_eq!(store.token_seats("t1").await.expect("tokens").len(), 2);
    // The version column is the append check from now on.
    let refused = store
        .append(
            "old1",
            &Append {
                index: 1,
                choice: choice(0, "x"),
                finished: None,
            },
        )
        .await;
    assert!(
        matches!(refused, Err(StoreError::OutOfOrder { expected: 2, .. })),
        "{refused:?}"
    );
}

/// A match as a version 2 server stored it, written by hand for the migration test.
struct OldMatch {
    id: &'static str,
    seed: u64,
    /// Each seat's token (`None`: the seat is open).
    tokens: [Option<String>; 2],
    choices: Vec<ChoiceRecord>,
    /// The outcome and how it was forfeited, when the match is over.
    finished: Option<(Outcome, Option<&'static str>)>,
}

/// A Presidential Race seeded `seed` played with random legal choices: `n` of them, or to
/// its end (`None`). The records and the outcome, if it was reached.
fn played(seed: u64, n: Option<usize>) -> (Vec<ChoiceRecord>, Option<Outcome>) {
    use rand::SeedableRng;
    use rand::seq::IndexedRandom;
    let mut g =
        hustings_engine::new_game("presidency", &Setup::new("standard", 2, seed)).expect("a game");
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    while g.outcome().is_none() && n.is_none_or(|n| out.len() < n) {
        assert!(out.len() < 10_000, "the game ends");
        let seat = g.to_act()[0];
        let prompt = g.prompt(seat).expect("the seat to act has a prompt");
        let c = prompt
            .choices
            .choose(&mut rng)
            .expect("a choice")
            .id
            .clone();
        g.apply(seat, &c).expect("an offered choice applies");
        out.push(choice(seat, &c));
    }
    (out, g.outcome())
}

/// Four matches of every kind a version 2 database held: one played to its end, one
/// resigned, one under way (both seats joined) and one waiting for its second seat.
fn old_matches() -> Vec<OldMatch> {
    let token = |id: &str, seat: usize| Some(format!("token-{id}-{seat}"));
    let (end, outcome) = played(31, None);
    let (mut resigned, _) = played(32, Some(7));
    resigned.push(choice(0, "resign"));
    let resign = Outcome {
        winners: vec![1],
        reason: "Democrat resigned".into(),
        scores: Vec::new(),
    };
    vec![
        OldMatch {
            id: "ended",
            seed: 31,
            tokens: [token("ended", 0), token("ended", 1)],
            choices: end,
            finished: Some((outcome.expect("played to its end"), None)),
        },
        OldMatch {
            id: "resigned",
            seed: 32,
            tokens: [token("resigned", 0), token("resigned", 1)],
            choices: resigned,
            finished: Some((resign, Some("resign"))),
        },
        OldMatch {
            id: "underway",
            seed: 33,
            tokens: [token("underway", 0), token("underway", 1)],
            choices: played(33, Some(9)).0,
            finished: None,
        },
        OldMatch {
            id: "waiting",
            seed: 34,
            tokens: [token("waiting", 0), None],
            choices: Vec::new(),
            finished: None,
        },
    ]
}

/// The settings every old match had: no clock, a 60 s grace, no rematch (as version 2
/// wrote them).
const OLD_SETTINGS: &str = r#"{"clock":"None","abandon_grace_ms":60000,"rematch_of":null}"#;

fn sql_text(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

/// The statements that make a version 2 database holding `matches`.
fn version_2_database(matches: &[OldMatch]) -> String {
    let mut sql = String::from(
        "CREATE TABLE schema_version (version BIGINT NOT NULL);
         INSERT INTO schema_version (version) VALUES (2);\n",
    );
    for m in &hustings_service::sql::MIGRATIONS[..2] {
        sql.push_str(m);
        sql.push_str(";\n");
    }
    for (n, m) in matches.iter().enumerate() {
        let setup = serde_json::to_string(&Setup::new("standard", 2, m.seed)).expect("json");
        let outcome = m.finished.as_ref().map_or("NULL".to_string(), |(o, _)| {
            sql_text(&serde_json::to_string(o).expect("json"))
        });
        sql.push_str(&format!(
            "INSERT INTO matches (id, game, setup, options, created_at_unix_ms, outcome, settings)
             VALUES ({}, 'presidency', {}, '[]', {}, {outcome}, {});\n",
            sql_text(m.id),
            sql_text(&setup),
            1_700_000_000_000i64 + n as i64,
            sql_text(OLD_SETTINGS)
        ));
        for (seat, token) in m.tokens.iter().enumerate() {
            let (hash, name, kind) = match token {
                Some(t) => (
                    sql_text(&hustings_service::auth::hash_token(t)),
                    sql_text(&format!("p{seat}")),
                    "'human'",
                ),
                None => ("NULL".to_string(), "''".to_string(), "''"),
            };
            sql.push_str(&format!(
                "INSERT INTO seats VALUES ({}, {seat}, 0, '', '', {hash}, {name}, {kind});\n",
                sql_text(m.id)
            ));
        }
        for (idx, c) in m.choices.iter().enumerate() {
            sql.push_str(&format!(
                "INSERT INTO choices VALUES ({}, {idx}, {}, {}, NULL);\n",
                sql_text(m.id),
                c.seat,
                sql_text(&c.choice.to_string())
            ));
        }
    }
    sql
}

/// The same matches written by this server's store, into a database of the current schema:
/// what the migrated one must behave like.
async fn current_database(url: &str, matches: &[OldMatch]) {
    let store = PostgresStore::open(url).await.expect("open");
    for (n, m) in matches.iter().enumerate() {
        let rec = MatchRecord {
            id: m.id.into(),
            game: "presidency".into(),
            setup: Setup::new("standard", 2, m.seed),
            options: Vec::new(),
            seats: m
                .tokens
                .iter()
                .enumerate()
                .map(|(seat, t)| SeatRecord {
                    token_hash: t.as_deref().map(hustings_service::auth::hash_token),
                    player_name: if t.is_some() {
                        format!("p{seat}")
                    } else {
                        String::new()
                    },
                    client_kind: if t.is_some() { "human" } else { "" }.into(),
                    ..SeatRecord::default()
                })
                .collect(),
            choices: Vec::new(),
            created_at_unix_ms: 1_700_000_000_000 + n as i64,
            outcome: None,
            settings: serde_json::from_str(OLD_SETTINGS).expect("settings"),
            rematch_next: None,
            live: Default::default(),
        };
        store.create(&rec).await.expect("create");
        for (index, c) in m.choices.iter().enumerate() {
            let last = index + 1 == m.choices.len();
            let finished = m.finished.as_ref().filter(|_| last).map(|(o, f)| Finished {
                outcome: o.clone(),
                forfeit: f.map(String::from),
            });
            store
                .append(
                    m.id,
                    &Append {
                        index,
                        choice: c.clone(),
                        finished,
                    },
                )
                .await
                .expect("append");
        }
    }
}

/// What a client reads of one match now: the first message of each joined seat's stream,
/// then a spectator's (the streams stay open, returned), and for a finished match its
/// replay and the spectator's view at version 3.
async fn read_match(
    c: &mut hustings::Client,
    m: &OldMatch,
) -> (
    Vec<pb::MatchUpdate>,
    Option<(pb::Replay, pb::MatchUpdate)>,
    Vec<tonic::Streaming<pb::MatchUpdate>>,
) {
    let mut firsts = Vec::new();
    let mut streams = Vec::new();
    let spectator = String::new();
    for token in m.tokens.iter().flatten().chain([&spectator]) {
        let mut s = hustings::open_stream(c, m.id, token, 0).await;
        firsts.push(s.message().await.expect("healthy").expect("a snapshot"));
        streams.push(s);
    }
    let history = match m.finished {
        None => None,
        Some(_) => Some((
            c.get_replay(pb::GetReplayRequest {
                match_id: m.id.into(),
            })
            .await
            .expect("a replay")
            .into_inner(),
            c.get_replay_view(pb::GetReplayViewRequest {
                match_id: m.id.into(),
                version: 3,
            })
            .await
            .expect("a replay view")
            .into_inner(),
        )),
    };
    (firsts, history, streams)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_2_postgres_database_with_matches_is_migrated_on_start_and_plays_on() {
    let (Some(old_url), Some(new_url)) = (
        fresh_postgres_database("migrate_old"),
        fresh_postgres_database("migrate_new"),
    ) else {
        return;
    };
    let matches = old_matches();
    hustings::server_proc::postgres_execute(&old_url, &version_2_database(&matches));
    current_database(&new_url, &matches).await;
    let serve = |url: &str| {
        hustings::start_server_with(hustings_service::ServerConfig {
            database: hustings_service::Database::Postgres(url.to_string()),
            ..Default::default()
        })
    };
    // The server migrates the old database as it starts.
    let (old, new) = (serve(&old_url).await, serve(&new_url).await);
    assert_eq!(
        PostgresStore::open(&old_url)
            .await
            .expect("open")
            .schema_version()
            .await
            .expect("version"),
        hustings_service::sql::current_version()
    );
    let (mut a, mut b) = (
        hustings::connect(&old.url()).await,
        hustings::connect(&new.url()).await,
    );
    let list = |c: &mut hustings::Client| {
        let mut c = c.clone();
        async move {
            c.list_matches(pb::ListMatchesRequest::default())
                .await
                .expect("listed")
                .into_inner()
                .matches
        }
    };
    let listed = list(&mut a).await;
    assert_eq!(listed.len(), 4);
    assert_eq!(listed, list(&mut b).await, "listed the same");
    let mut open = Vec::new();
    for m in &matches {
        // Readable and replayable the same, every seat's token still its seat's.
        let (seen, history, streams) = read_match(&mut a, m).await;
        let (want, want_history, others) = read_match(&mut b, m).await;
        assert_eq!(seen, want, "match {}: what each viewer sees", m.id);
        assert_eq!(history, want_history, "match {}: its replay", m.id);
        for (seat, u) in seen.iter().zip(m.tokens.iter().flatten()).enumerate() {
            assert_eq!(u.0.viewer_seat, Some(seat as u32), "{}: {}", m.id, u.1);
        }
        assert_eq!(seen[0].version, m.choices.len() as u64);
        assert_eq!(seen[0].outcome.is_some(), m.finished.is_some());
        open.push((streams, others));
    }
    // Resumable: the match under way takes its next choice, the waiting one its last seat.
    let underway = &matches[2];
    let snap = &read_match(&mut a, underway).await.0;
    let (seat, prompt) = snap
        .iter()
        .find_map(|u| u.prompt.as_ref().map(|p| (p.seat as usize, p)))
        .expect("a seat to act");
    let choice_id = prompt.choices[0].id.clone();
    for c in [&mut a, &mut b] {
        let acted = c
            .act(pb::ActRequest {
                match_id: underway.id.into(),
                token: underway.tokens[seat].clone().expect("joined"),
                version: underway.choices.len() as u64,
                choice_id: choice_id.clone(),
                seat: None,
            })
            .await
            .expect("the old token acts")
            .into_inner();
        assert_eq!(acted.version, underway.choices.len() as u64 + 1);
        let joined = hustings::join(c, "waiting", 1, "late").await;
        assert!(!joined.is_empty());
    }
    let after = |c: &mut hustings::Client| {
        let mut c = c.clone();
        async move {
            let mut s = hustings::open_stream(&mut c, "underway", "", 0).await;
            s.message().await.expect("healthy").expect("a snapshot")
        }
    };
    let (x, y) = (after(&mut a).await, after(&mut b).await);
    assert_eq!(x.version, underway.choices.len() as u64 + 1);
    assert_eq!(x, y, "the next version is the same");
    drop(open);
    old.shutdown().await;
    new.shutdown().await;
}
