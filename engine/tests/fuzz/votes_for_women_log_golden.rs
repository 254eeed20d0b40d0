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

use crate::log_digest::{self, log_digest};
use hustings_engine::testing::scrambled_seed;
use hustings_engine::votes_for_women::VotesForWomen;
use hustings_engine::{Game, Setup};

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

/// One random game of a row: the digest of its log as every reader gets it.
fn digest(row: usize, seed: u64) -> u64 {
    let (variant, seats, difficulty, rules) = ROWS[row];
    let setup = Setup {
        rules,
        ..Setup::new(variant, seats, scrambled_seed(seed) ^ 0x106)
    }
    .with_option("oppobot", difficulty);
    let g = VotesForWomen::new(&setup).expect("set-up");
    log_digest(g, seed, variant)
}

fn heading(row: usize) -> String {
    let (variant, _, difficulty, rules) = ROWS[row];
    format!("{variant} {difficulty} rules {rules}:")
}

fn check(row: usize) {
    let got: Vec<u64> = (0..GAMES).map(|seed| digest(row, seed)).collect();
    log_digest::check(
        include_str!("votes_for_women_log_golden.txt"),
        &heading(row),
        &got,
        "VFW_LOG_GOLDEN_PRINT",
    );
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
