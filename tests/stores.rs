//! The three stores behind the `Store` trait keep the same records and refuse the same
//! mistakes: memory, SQLite and PostgreSQL. A record read back after reopening a durable
//! store is the record written.

use std::collections::BTreeMap;

use hustings::server_proc::{fresh_postgres_database, temp_dir};
use hustings_engine::{Outcome, Setup};
use hustings_service::clock::{ClockSetting, MatchSettings};
use hustings_service::sql::postgres::PostgresStore;
use hustings_service::sql::sqlite::SqliteStore;
use hustings_service::store::{
    ChoiceRecord, MatchRecord, MemoryStore, SeatRecord, Store, StoreError,
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
    }
}

fn choice(seat: usize, id: &str) -> ChoiceRecord {
    ChoiceRecord::new(seat, id)
}

/// Writes two interleaved matches, checks the refusals, and returns what must be read back.
fn exercise(store: &dyn Store) -> Vec<MatchRecord> {
    let mut a = record("aaaa", 3, u64::MAX - 1);
    let mut b = record("bbbb", 2, 5);
    // A clocked rematch: its settings and each choice's clock times are kept.
    a.settings = MatchSettings {
        clock: ClockSetting::Game {
            base_ms: 600_000,
            increment_ms: 5_000,
        },
        abandon_grace_ms: Some(30_000),
        rematch_of: Some("0000".into()),
    };
    store.create(&a).expect("create a");
    store.create(&b).expect("create b");

    let joined = SeatRecord {
        token_hash: Some("ab".repeat(32)),
        player_name: "Ada".into(),
        client_kind: "human".into(),
        ..SeatRecord::default()
    };
    store.set_seat("aaaa", 0, &joined).expect("seat");
    a.seats[0] = joined.clone();
    let mut bot = b.seats[1].clone();
    bot.token_hash = Some("cd".repeat(32));
    bot.client_kind = "bot".into();
    store.set_seat("bbbb", 1, &bot).expect("seat");
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
            .append_choice(m, rec.choices.len(), &c)
            .unwrap_or_else(|e| panic!("append #{i}: {e}"));
        rec.choices.push(c);
    }

    // A gap, a repeat and an unknown match are refused and change nothing.
    assert!(matches!(
        store.append_choice("aaaa", 5, &choice(0, "x")),
        Err(StoreError::OutOfOrder {
            expected: 3,
            got: 5,
            ..
        })
    ));
    assert!(matches!(
        store.append_choice("bbbb", 1, &choice(0, "x")),
        Err(StoreError::OutOfOrder {
            expected: 2,
            got: 1,
            ..
        })
    ));
    assert!(matches!(
        store.append_choice("nope", 0, &choice(0, "x")),
        Err(StoreError::NoSuchMatch(id)) if id == "nope"
    ));
    assert!(matches!(
        store.set_seat("nope", 0, &SeatRecord::default()),
        Err(StoreError::NoSuchMatch(id)) if id == "nope"
    ));

    let outcome = Outcome {
        winners: vec![0, 2],
        reason: "shared".into(),
        scores: vec![-3, 0, 41],
    };
    store.finish("aaaa", &outcome).expect("finish");
    a.outcome = Some(outcome);
    vec![a, b]
}

fn sorted(mut v: Vec<MatchRecord>) -> Vec<MatchRecord> {
    v.sort_by(|x, y| x.id.cmp(&y.id));
    v
}

#[test]
fn memory_store_keeps_records() {
    let store = MemoryStore::default();
    let want = exercise(&store);
    assert_eq!(sorted(store.load_all().expect("load")), want);
}

#[test]
fn sqlite_store_keeps_records_across_reopening() {
    let dir = temp_dir("store");
    let path = dir.join("hustings.sqlite");
    let want = {
        let store = SqliteStore::open(&path).expect("open");
        let want = exercise(&store);
        assert_eq!(sorted(store.load_all().expect("load")), want);
        // A second opener while the first holds it is refused (one server per database).
        let err = SqliteStore::open(&path).err().expect("locked");
        assert!(
            format!("{err:#}").contains("locked by another process"),
            "{err:#}"
        );
        want
    };
    let store = SqliteStore::open(&path).expect("reopen");
    assert_eq!(
        store.schema_version().expect("version"),
        hustings_service::sql::current_version()
    );
    assert_eq!(sorted(store.load_all().expect("load")), want);
}

#[test]
fn postgres_store_keeps_records_across_reopening() {
    let Some(url) = fresh_postgres_database("store") else {
        return;
    };
    let want = {
        let store = PostgresStore::open(&url).expect("open");
        let want = exercise(&store);
        assert_eq!(sorted(store.load_all().expect("load")), want);
        want
    };
    let store = PostgresStore::open(&url).expect("reopen");
    assert_eq!(
        store.schema_version().expect("version"),
        hustings_service::sql::current_version()
    );
    assert_eq!(sorted(store.load_all().expect("load")), want);
}

#[test]
fn a_version_1_sqlite_database_is_migrated_in_place_and_keeps_its_matches() {
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
        store.schema_version().expect("version"),
        hustings_service::sql::current_version()
    );
    let all = store.load_all().expect("load");
    assert_eq!(all.len(), 1);
    let m = &all[0];
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
    store.append_choice("old1", 1, &timed).expect("append");
    assert_eq!(store.load_all().expect("load")[0].choices[1], timed);
}
