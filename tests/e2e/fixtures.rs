//! Stored matches of every game and variant, recorded with the engine as it was before the
//! typed-action rework (issue 18), replayed through today's SQLite store and engine: every
//! match must rebuild to the same outcome, the same full (unredacted) log, the same label
//! for every recorded choice and the same prompts at every step.
//!
//! `tests/fixtures/matches.sqlite` holds the matches as the server stores them (set-up,
//! seats, ordered choices with clock times, reserved records `undo`, `resign`, `timeout`,
//! default choices taken for a seat out of time, outcomes). `tests/fixtures/expected.json`
//! holds what each rebuilt to when recorded: outcome, log length, SHA-256 of the whole log
//! and of each run of [`CHUNK`] entries (so a mismatch names the entries that differ), the
//! first and last entries in full, and digests of the choices' labels and of the prompts.
//!
//! The fixtures are history: never re-record them to make a change pass. A refactor of the
//! rules must keep them green as they are; only a deliberate change of what a stored match
//! means (a rules fix) may add new ones, next to these. The recorder is kept so that the
//! recording can be read and repeated for a new fixture file:
//! `HUSTINGS_RECORD_FIXTURES=DIR cargo test --test e2e fixtures::record_fixtures -- --ignored`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use hustings::server_proc::temp_dir;
use hustings_engine::testing::{log_as_recorded, prompt_as_recorded, worded_as_recorded};
use hustings_engine::{self as engine, LogEntry, Outcome, Seat, Setup};
use hustings_service::actor::{Played, seat_name};
use hustings_service::clock::{ClockSetting, MatchSettings};
use hustings_service::record::{RESIGN, TIMEOUT, UNDO};
use hustings_service::sql::sqlite::SqliteStore;
use hustings_service::store::{
    Append, ChoiceRecord, Finished, ListQuery, LiveState, MatchRecord, SeatRecord, Store,
};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// Log entries per chunk digest.
const CHUNK: usize = 64;
/// Log entries kept in full at each end of a log.
const HEAD: usize = 12;
const TAIL: usize = 8;

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// What one stored match rebuilt to when it was recorded.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Expected {
    id: String,
    game: String,
    variant: String,
    seats: usize,
    /// Records stored (choices and reserved records).
    records: usize,
    /// The engine's outcome after the last record (`None` for a match ended by a reserved
    /// record, whose outcome the server decides).
    outcome: Option<Outcome>,
    /// The outcome stored with the match.
    stored_outcome: Option<Outcome>,
    log_len: usize,
    log_sha256: String,
    /// SHA-256 of each run of [`CHUNK`] log entries, in order.
    log_chunks: Vec<String>,
    log_head: Vec<LogEntry>,
    log_tail: Vec<LogEntry>,
    /// SHA-256 of every record's label, as the replay shows them, one per line.
    labels_sha256: String,
    /// SHA-256 of every seat's prompt (as JSON) before every record and after the last.
    prompts_sha256: String,
    /// Indices of the records that were the engine's default choice for a seat out of time.
    default_choices: Vec<usize>,
}

fn sha(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("plain data serializes")
}

/// What a stored match rebuilds to now, through the service's own replay of records.
fn rebuild(record: &MatchRecord, default_choices: &[usize]) -> Expected {
    let mut played = Played::new(record).expect("the set-up is accepted");
    let seats = played.game.num_seats();
    let mut labels = String::new();
    let mut prompts = Sha256::new();
    let mut hash_prompts = |game: &dyn engine::AnyGame| {
        for seat in 0..seats {
            let prompt = prompt_as_recorded(game.prompt(seat));
            prompts.update(worded_as_recorded(&json(&prompt)).as_bytes());
            prompts.update(b"\n");
        }
    };
    for (i, c) in record.choices.iter().enumerate() {
        hash_prompts(&*played.game);
        let label = match c.choice.to_string().as_str() {
            RESIGN => "Resign".to_string(),
            TIMEOUT => "Ran out of time".to_string(),
            UNDO => "Take back the last choice".to_string(),
            id => {
                if default_choices.contains(&i) {
                    assert_eq!(
                        played.game.default_choice(c.seat).as_deref(),
                        Some(id),
                        "{}: record #{i} was the default choice when recorded",
                        record.id
                    );
                }
                played
                    .game
                    .prompt(c.seat)
                    .and_then(|p| p.find(id).map(|ch| ch.label.clone()))
                    .unwrap_or_else(|| panic!("{}: record #{i} ({id}) not offered", record.id))
            }
        };
        labels.push_str(&worded_as_recorded(&label));
        labels.push('\n');
        played
            .step(record, i)
            .unwrap_or_else(|e| panic!("{}: {e}", record.id));
    }
    hash_prompts(&*played.game);
    // Texts in the recordings' wording: every deliberate rewording since is listed (and
    // undone) by worded_as_recorded, so any other change of text still fails; entries
    // without the fields added since (log_as_recorded), as the recordings had none.
    let log: Vec<LogEntry> = log_as_recorded(&played.game.log_all(0))
        .iter()
        .map(|e| serde_json::from_str(&worded_as_recorded(&json(e))).expect("an entry"))
        .collect();
    let all: Vec<String> = log.iter().map(json).collect();
    Expected {
        id: record.id.clone(),
        game: record.game.clone(),
        variant: record.setup.variant.clone(),
        seats,
        records: record.choices.len(),
        outcome: played.game.outcome(),
        stored_outcome: record.outcome.clone(),
        log_len: log.len(),
        log_sha256: sha(all.join("\n").as_bytes()),
        log_chunks: all
            .chunks(CHUNK)
            .map(|c| sha(c.join("\n").as_bytes()))
            .collect(),
        log_head: log.iter().take(HEAD).cloned().collect(),
        log_tail: log[log.len().saturating_sub(TAIL)..].to_vec(),
        labels_sha256: sha(labels.as_bytes()),
        prompts_sha256: hex(&prompts.finalize()),
        default_choices: default_choices.to_vec(),
    }
}

/// The fixture database, copied to a temporary directory (opening a store migrates it in
/// place, and the committed file must stay as recorded).
fn open_copy() -> SqliteStore {
    let dir = temp_dir("fixtures");
    let path = dir.join("matches.sqlite");
    std::fs::copy(fixtures_dir().join("matches.sqlite"), &path).expect("fixture copied");
    SqliteStore::open(&path).expect("the fixture database opens")
}

/// Every match in a store, with its choices, paging through the listing as the lobby does.
async fn load_all(store: &dyn Store) -> Vec<MatchRecord> {
    let mut records = Vec::new();
    let mut query = ListQuery {
        page_size: 1000,
        ..ListQuery::default()
    };
    loop {
        let page = store.list(&query).await.expect("the matches list");
        for listed in &page.matches {
            let record = store
                .load(&listed.record.id)
                .await
                .expect("the match loads")
                .expect("a listed match is stored");
            records.push(record);
        }
        match page.next {
            Some(next) => query.after = Some(next),
            None => return records,
        }
    }
}

fn expected() -> Vec<Expected> {
    let text = std::fs::read_to_string(fixtures_dir().join("expected.json"))
        .expect("tests/fixtures/expected.json");
    serde_json::from_str(&text).expect("expected.json parses")
}

#[tokio::test]
async fn stored_matches_of_every_game_and_variant_replay_to_the_same_outcomes_and_logs() {
    let expected = expected();
    let records: BTreeMap<String, MatchRecord> = load_all(&open_copy())
        .await
        .into_iter()
        .map(|r| (r.id.clone(), r))
        .collect();
    assert_eq!(
        records.len(),
        expected.len(),
        "one expectation per stored match"
    );
    // Every game and variant is covered, with each kind of reserved record.
    let covered: std::collections::BTreeSet<(String, String)> = expected
        .iter()
        .map(|e| (e.game.clone(), e.variant.clone()))
        .collect();
    for game in engine::catalogue() {
        for v in &game.variants {
            assert!(
                covered.contains(&(game.id.clone(), v.id.clone())),
                "no stored match of {} {}",
                game.id,
                v.id
            );
        }
    }
    for reserved in [UNDO, RESIGN, TIMEOUT] {
        assert!(
            records
                .values()
                .any(|r| r.choices.iter().any(|c| c.choice.to_string() == reserved)),
            "no stored `{reserved}`"
        );
    }
    assert!(expected.iter().any(|e| !e.default_choices.is_empty()));
    for want in &expected {
        let record = records
            .get(&want.id)
            .unwrap_or_else(|| panic!("match {} is not in the store", want.id));
        let got = rebuild(record, &want.default_choices);
        let what = format!("{} ({} {})", want.id, want.game, want.variant);
        assert_eq!(got.records, want.records, "{what}: records");
        assert_eq!(got.outcome, want.outcome, "{what}: outcome");
        assert_eq!(
            got.stored_outcome, want.stored_outcome,
            "{what}: stored outcome"
        );
        if got.log_sha256 != want.log_sha256 {
            let first_bad = got
                .log_chunks
                .iter()
                .zip(&want.log_chunks)
                .position(|(a, b)| a != b);
            panic!(
                "{what}: the log differs (length {} now, {} recorded; first differing \
                 entries from #{}); head now {:#?}",
                got.log_len,
                want.log_len,
                first_bad.map_or(got.log_len.min(want.log_len), |c| c * CHUNK),
                got.log_head
            );
        }
        assert_eq!(got.log_head, want.log_head, "{what}: first log entries");
        assert_eq!(got.log_tail, want.log_tail, "{what}: last log entries");
        assert_eq!(
            got.labels_sha256, want.labels_sha256,
            "{what}: choice labels"
        );
        assert_eq!(got.prompts_sha256, want.prompts_sha256, "{what}: prompts");
    }
}

#[tokio::test]
async fn a_changed_stored_choice_is_caught() {
    // The replay check itself can fail: a match whose choices are changed rebuilds to
    // another log (or is refused), never to the recorded one.
    let expected = expected();
    let mut records = load_all(&open_copy()).await;
    records.sort_by(|a, b| a.id.cmp(&b.id));
    let mut caught = 0;
    for record in records.iter_mut().filter(|r| r.game == "presidency") {
        let want = expected
            .iter()
            .find(|e| e.id == record.id)
            .expect("expected");
        // Swap the first 1D6/2D6 declaration for the other one.
        let Some(c) = record
            .choices
            .iter_mut()
            .find(|c| c.choice.to_string().starts_with("dice:"))
        else {
            continue;
        };
        c.choice = if c.choice.to_string() == "dice:1d6" {
            "dice:2d6"
        } else {
            "dice:1d6"
        }
        .into();
        let changed = std::panic::catch_unwind(|| rebuild(record, &[]));
        if changed.map_or(true, |got| got.log_sha256 != want.log_sha256) {
            caught += 1;
        }
    }
    assert!(caught >= 3, "changed matches caught: {caught}");
}

// ----- the recorder --------------------------------------------------------------------

/// How one recorded match is played.
struct Plan {
    id: &'static str,
    game: &'static str,
    setup: Setup,
    /// Chance, where the seat to act may take its last choice back, that it does.
    undo: f64,
    /// Chance that a choice is the engine's default one, as for a seat out of time (the
    /// match gets a per-decision clock).
    default: f64,
    /// End the match by a reserved record after this many records.
    end: Option<(usize, &'static str)>,
}

fn plans() -> Vec<Plan> {
    let s = |variant: &str, seats: usize, seed: u64| Setup::new(variant, seats, seed);
    let plan = |id, game, setup| Plan {
        id,
        game,
        setup,
        undo: 0.0,
        default: 0.0,
        end: None,
    };
    vec![
        Plan {
            undo: 0.3,
            ..plan("pres-standard-1", "presidency", s("standard", 2, 101))
        },
        Plan {
            end: Some((40, RESIGN)),
            ..plan("pres-standard-resign", "presidency", s("standard", 2, 102))
        },
        Plan {
            end: Some((70, TIMEOUT)),
            ..plan("pres-standard-timeout", "presidency", s("standard", 2, 103))
        },
        plan(
            "pres-standard-options",
            "presidency",
            s("standard", 2, 104)
                .with_option("rounds", "12")
                .with_option("conversion", "once-per-turn")
                .with_option("red-blue-states", "party")
                .with_option("setup-damage-control", "true"),
        ),
        Plan {
            undo: 0.2,
            ..plan(
                "pres-convention-3",
                "presidency",
                s("convention", 3, 105)
                    .with_option("rounds", "10")
                    .with_option("conversion", "once-per-turn")
                    .with_option("setup-damage-control", "true"),
            )
        },
        Plan {
            default: 0.1,
            ..plan("pres-convention-6", "presidency", s("convention", 6, 106))
        },
        Plan {
            undo: 0.3,
            ..plan("vfw-standard-1", "votes-for-women", s("standard", 2, 201))
        },
        Plan {
            end: Some((150, RESIGN)),
            ..plan(
                "vfw-standard-resign",
                "votes-for-women",
                s("standard", 2, 202),
            )
        },
        Plan {
            default: 0.1,
            ..plan(
                "vfw-solitaire-normal",
                "votes-for-women",
                s("solitaire", 1, 203),
            )
        },
        plan(
            "vfw-solitaire-hard",
            "votes-for-women",
            s("solitaire", 1, 204).with_option("oppobot", "hard"),
        ),
        plan("vfw-coop", "votes-for-women", s("coop", 2, 205)),
        Plan {
            undo: 0.2,
            ..plan(
                "vfw-team-3-suffragists",
                "votes-for-women",
                s("team-3-suffragists", 3, 206),
            )
        },
        plan(
            "vfw-team-3-opposition",
            "votes-for-women",
            s("team-3-opposition", 3, 207),
        ),
        plan("vfw-team-4", "votes-for-women", s("team-4", 4, 208)),
        Plan {
            undo: 0.3,
            ..plan("vote-standard-1", "the-vote", s("standard", 2, 301))
        },
        Plan {
            end: Some((120, TIMEOUT)),
            ..plan("vote-standard-timeout", "the-vote", s("standard", 2, 302))
        },
    ]
}

/// Plays one planned match with random choices, stores it as the server would (the match,
/// its seats, then each record in order, the last with the outcome), and returns the
/// indices of the default choices taken.
async fn record_one(store: &dyn Store, plan: &Plan, created: i64) -> Vec<usize> {
    let info = engine::game_info(plan.game).expect("a known game");
    let (_, options) = info.validate(&plan.setup).expect("a valid set-up");
    let seats = plan.setup.seats;
    let clocked = plan.default > 0.0 || plan.end.is_some_and(|(_, r)| r == TIMEOUT);
    let mut record = MatchRecord {
        id: plan.id.into(),
        game: plan.game.into(),
        setup: plan.setup.clone(),
        options: options
            .0
            .iter()
            .map(|(k, v)| {
                let text = match v {
                    engine::OptionValue::Int(i) => i.to_string(),
                    engine::OptionValue::Bool(b) => b.to_string(),
                    engine::OptionValue::Choice(c) => c.clone(),
                };
                (k.clone(), text)
            })
            .collect(),
        seats: (0..seats)
            .map(|s| SeatRecord {
                bot: s % 2 == 1,
                ai: if s % 2 == 1 {
                    "random".into()
                } else {
                    String::new()
                },
                ai_level: String::new(),
                token_hash: Some(sha(format!("{}-{s}", plan.id).as_bytes())),
                player_name: format!("player {s}"),
                client_kind: if s % 2 == 1 { "bot" } else { "human" }.into(),
                account_handle: String::new(),
            })
            .collect(),
        choices: Vec::new(),
        created_at_unix_ms: created,
        outcome: None,
        settings: MatchSettings {
            clock: if clocked {
                ClockSetting::PerDecision { limit_ms: 30_000 }
            } else {
                ClockSetting::None
            },
            abandon_grace_ms: None,
            rematch_of: None,
            rated: false,
            bots_claim_wins: false,
        },
        rematch_next: None,
        live: LiveState::default(),
    };
    store.create(&record).await.expect("created");
    for (s, seat) in record.seats.iter().enumerate() {
        store
            .set_seat(&record.id, s, seat)
            .await
            .expect("seat stored");
    }
    let mut rng = StdRng::seed_from_u64(plan.setup.seed ^ 0x5EED);
    let mut played = Played::new(&record).expect("set-up");
    let mut defaults = Vec::new();
    let push = |record: &mut MatchRecord, seat: Seat, choice: String, rng: &mut StdRng| {
        let clocks = if clocked {
            (0..seats)
                .map(|s| {
                    if s == seat {
                        rng.random_range(0..30_000)
                    } else {
                        30_000
                    }
                })
                .collect()
        } else {
            Vec::new()
        };
        let c = ChoiceRecord {
            seat,
            choice: choice.into(),
            clocks,
        };
        record.choices.push(c);
    };
    let outcome = loop {
        if let Some(o) = played.game.outcome() {
            break o;
        }
        let seat = played.game.to_act()[0];
        if let Some((after, reserved)) = plan.end
            && record.choices.len() >= after
        {
            push(&mut record, seat, reserved.into(), &mut rng);
            break Outcome {
                winners: (0..seats).filter(|&s| s != seat).collect(),
                // As the server words them (`resign_outcome`, `forfeit_outcome`).
                reason: if reserved == RESIGN {
                    format!("{} resigned", seat_name(&record, seat))
                } else {
                    format!("{} ran out of time", seat_name(&record, seat))
                },
                scores: Vec::new(),
            };
        }
        let choice =
            if played.undo_seat(&record.choices) == Some(seat) && rng.random_bool(plan.undo) {
                UNDO.to_string()
            } else if rng.random_bool(plan.default) {
                defaults.push(record.choices.len());
                played.game.default_choice(seat).expect("a default choice")
            } else {
                let prompt = played.game.prompt(seat).expect("a prompt");
                prompt
                    .choices
                    .choose(&mut rng)
                    .expect("a choice")
                    .id
                    .clone()
            };
        push(&mut record, seat, choice, &mut rng);
        played
            .step(&record, record.choices.len() - 1)
            .expect("the record applies");
    };
    let last = record.choices.len() - 1;
    let forfeit = match record.choices[last].choice.to_string().as_str() {
        RESIGN => Some("resign".to_string()),
        TIMEOUT => Some("timeout".to_string()),
        _ => None,
    };
    for (index, choice) in record.choices.iter().enumerate() {
        let finished = (index == last).then(|| Finished {
            outcome: outcome.clone(),
            forfeit: forfeit.clone(),
        });
        let append = Append {
            index,
            choice: choice.clone(),
            finished,
        };
        store
            .append(&record.id, &append)
            .await
            .expect("choice stored");
    }
    defaults
}

#[tokio::test]
#[ignore = "writes new fixture files: only to record a new fixture set (see the module doc)"]
async fn record_fixtures() {
    let dir = PathBuf::from(
        std::env::var("HUSTINGS_RECORD_FIXTURES")
            .expect("HUSTINGS_RECORD_FIXTURES=DIR names where to write the fixture files"),
    );
    std::fs::create_dir_all(&dir).expect("fixture directory");
    let path = dir.join("matches.sqlite");
    assert!(
        !path.exists(),
        "{} exists: record into a new directory",
        path.display()
    );
    let mut defaults = BTreeMap::new();
    {
        let store = SqliteStore::open(&path).expect("a new store");
        for (i, plan) in plans().iter().enumerate() {
            defaults.insert(
                plan.id,
                record_one(&store, plan, 1_700_000_000_000 + i as i64).await,
            );
        }
    }
    // Compact the file (the store checkpointed its log when it closed).
    {
        let conn = rusqlite::Connection::open(&path).expect("reopened");
        conn.pragma_update(None, "journal_mode", "DELETE")
            .expect("journal mode");
        conn.execute_batch("VACUUM").expect("vacuum");
    }
    // Read back through a copy, as the test does, so the file stays as written.
    let copy = temp_dir("record-fixtures").join("matches.sqlite");
    std::fs::copy(&path, &copy).expect("copied");
    let store = SqliteStore::open(&copy).expect("reopened");
    let mut records = load_all(&store).await;
    records.sort_by_key(|r| r.created_at_unix_ms);
    let expected: Vec<Expected> = records
        .iter()
        .map(|r| rebuild(r, &defaults[r.id.as_str()]))
        .collect();
    std::fs::write(
        dir.join("expected.json"),
        serde_json::to_string_pretty(&expected).expect("serializes") + "\n",
    )
    .expect("expected.json written");
}
