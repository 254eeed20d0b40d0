//! Votes for Women's log reads exactly as it did when its entries were built as text while
//! the game was played: for 1,600 seeded random games of every variant (both Oppobot
//! difficulties, and rules revisions 0 and 1) the entries each choice returned, the whole
//! log, and every viewer's redacted log (from the start and from its middle) hash to the
//! digests recorded on f82f231, the commit before the log became typed events rendered on
//! demand. Every field counts: text, kind, seat, card, place, amount, dice, who may read an
//! entry and what the others read instead.
//!
//! To print the table for the current code (only to re-derive it on f82f231):
//! `VFW_LOG_GOLDEN_PRINT=1 cargo test -p hustings-engine --test fuzz votes_for_women_log_golden -- --nocapture --test-threads 1`.
//! Never re-record it to make a change pass.

use hustings_engine::testing::scrambled_seed;
use hustings_engine::testing::worded_as_recorded;
use hustings_engine::votes_for_women::VotesForWomen;
use hustings_engine::{AnyGame, Game, Setup, Viewer};
use rand::SeedableRng;
use rand::seq::IndexedRandom;

/// Games per row of [`ROWS`].
const GAMES: u64 = 160;

/// Variant, seats, Oppobot difficulty and rules revision of each row of the table.
const ROWS: [(&str, usize, &str, u32); 10] = [
    ("standard", 2, "normal", 1),
    ("standard", 2, "normal", 0),
    ("solitaire", 1, "normal", 1),
    ("solitaire", 1, "hard", 1),
    ("solitaire", 1, "normal", 0),
    ("coop", 2, "normal", 1),
    ("coop", 2, "hard", 1),
    ("team-3-suffragists", 3, "normal", 1),
    ("team-3-opposition", 3, "normal", 1),
    ("team-4", 4, "normal", 1),
];

/// FNV-1a, 64 bits: the same in every build and on every machine, so the recorded digests
/// stay comparable.
struct Fnv(u64);

impl Fnv {
    fn new() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn bytes(&mut self, b: &[u8]) {
        for &x in b {
            self.0 ^= u64::from(x);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    fn json<T: serde::Serialize + ?Sized>(&mut self, v: &T) {
        // In the recording's wording (see worded_as_recorded: deliberate rewordings only).
        let text = serde_json::to_string(v).unwrap_or_default();
        self.bytes(worded_as_recorded(&text).as_bytes());
        self.bytes(b"\n");
    }
}

/// One random game of a row, played through the checked `apply` as a client plays: the
/// digest of the entries every choice returned and of the finished game's log as every
/// reader gets it.
fn digest(row: usize, seed: u64) -> u64 {
    let (variant, seats, difficulty, rules) = ROWS[row];
    let setup = Setup {
        rules,
        ..Setup::new(variant, seats, scrambled_seed(seed) ^ 0x106)
    }
    .with_option("oppobot", difficulty);
    let mut g = VotesForWomen::new(&setup).expect("set-up");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut h = Fnv::new();
    // The set-up's entries, before any choice.
    h.json(&Game::log(&g)[..]);
    let mut legal = Vec::new();
    let mut steps = 0;
    while let Some(seat) = Game::first_to_act(&g) {
        legal.clear();
        g.legal_actions(seat, &mut legal);
        let action = *legal.choose(&mut rng).expect("a legal action");
        let new = Game::apply(&mut g, seat, &action.to_string()).expect("a legal choice");
        h.json(&new);
        steps += 1;
        assert!(steps < 100_000, "{variant} seed {seed}: no end");
    }
    assert!(
        Game::outcome(&g).is_some(),
        "{variant} seed {seed}: no outcome"
    );
    let len = AnyGame::log_len(&g);
    h.json(&len);
    h.json(&Game::log(&g)[..]);
    for from in [0, len / 2] {
        h.json(&AnyGame::log_all(&g, from));
        for viewer in Viewer::every(seats) {
            h.json(&Game::log_for(&g, viewer, from));
        }
    }
    h.0
}

/// The recorded digests of one row, in seed order.
fn recorded(row: usize) -> Vec<u64> {
    let head = heading(row);
    crate::golden_digests::under(include_str!("votes_for_women_log_golden.txt"), &head)
}

fn heading(row: usize) -> String {
    let (variant, _, difficulty, rules) = ROWS[row];
    format!("{variant} {difficulty} rules {rules}:")
}

fn check(row: usize) {
    let got: Vec<u64> = (0..GAMES).map(|seed| digest(row, seed)).collect();
    if std::env::var_os("VFW_LOG_GOLDEN_PRINT").is_some() {
        println!("{}", heading(row));
        for chunk in got.chunks(6) {
            let hex: Vec<String> = chunk.iter().map(|d| format!("{d:016x}")).collect();
            println!("  {}", hex.join(" "));
        }
        return;
    }
    let want = recorded(row);
    assert_eq!(
        want.len(),
        got.len(),
        "{}: the table's length",
        heading(row)
    );
    for (seed, (w, g)) in want.iter().zip(&got).enumerate() {
        assert_eq!(
            w,
            g,
            "{} seed {seed}: the log reads differently",
            heading(row)
        );
    }
}

#[test]
fn two_player_logs_read_as_recorded() {
    check(0);
    check(1);
}

#[test]
fn solitaire_logs_read_as_recorded() {
    check(2);
    check(3);
    check(4);
}

#[test]
fn coop_logs_read_as_recorded() {
    check(5);
    check(6);
}

#[test]
fn team_logs_read_as_recorded() {
    check(7);
    check(8);
    check(9);
}
