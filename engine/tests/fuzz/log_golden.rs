//! The Presidential Race's and The Vote's logs read exactly as they did when their entries
//! were built as text while the game was played: for seeded random games of every variant,
//! option and rules revision, the log as every reader gets it (see [`log_digest`]) hashes
//! to the digests recorded on de7a423, the commit before these logs became typed events
//! rendered on demand.
//!
//! To print the table for the current code (only to re-derive it on de7a423):
//! `LOG_GOLDEN_PRINT=1 cargo test -p hustings-engine --test fuzz log_golden:: -- --nocapture --test-threads 1`.
//! Never re-record it to make a change pass.

use crate::log_digest::{self, log_digest};
use hustings_engine::presidency::Presidency;
use hustings_engine::testing::scrambled_seed;
use hustings_engine::the_vote::TheVote;
use hustings_engine::{Game, Setup};

/// Games per row.
const GAMES: u64 = 150;

const TABLE: &str = include_str!("log_golden.txt");

/// Options of a set-up, as key and value.
type Options = &'static [(&'static str, &'static str)];

/// The Presidential Race's rows: variant, seats and the options that change what is logged.
const PRESIDENCY: [(&str, usize, Options); 5] = [
    ("standard", 2, &[]),
    (
        "standard",
        2,
        &[
            ("red-blue-states", "party"),
            ("conversion", "once-per-turn"),
        ],
    ),
    ("convention", 2, &[]),
    ("convention", 4, &[]),
    ("convention", 6, &[]),
];

fn presidency(row: usize) {
    let (variant, seats, options) = PRESIDENCY[row];
    let got: Vec<u64> = (0..GAMES)
        .map(|seed| {
            let mut setup = Setup::new(variant, seats, scrambled_seed(seed) ^ 0x42);
            for (k, v) in options {
                setup = setup.with_option(k, v);
            }
            let g = Presidency::new(&setup).expect("set-up");
            log_digest(g, seed, variant)
        })
        .collect();
    let options: Vec<String> = options.iter().map(|(k, v)| format!(" {k}={v}")).collect();
    let heading = format!("presidency {variant} {seats}{}:", options.concat());
    log_digest::check(TABLE, &heading, &got, "LOG_GOLDEN_PRINT");
}

fn the_vote(rules: u32) {
    let got: Vec<u64> = (0..GAMES)
        .map(|seed| {
            let setup = Setup {
                rules,
                ..Setup::new("standard", 2, scrambled_seed(seed) ^ 0x42)
            };
            log_digest(TheVote::new(&setup).expect("set-up"), seed, "the-vote")
        })
        .collect();
    let heading = format!("the-vote standard rules {rules}:");
    log_digest::check(TABLE, &heading, &got, "LOG_GOLDEN_PRINT");
}

#[test]
fn presidential_race_two_player_logs_read_as_recorded() {
    presidency(0);
    presidency(1);
}

#[test]
fn presidential_race_convention_logs_read_as_recorded() {
    presidency(2);
    presidency(3);
    presidency(4);
}

#[test]
fn the_vote_logs_read_as_recorded() {
    the_vote(0);
    the_vote(1);
}
