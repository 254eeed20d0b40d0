//! Votes for Women at rules revision 0 plays exactly as it did before the rules corrections
//! of revision 1: for seeded random games of every variant (and Oppobot difficulty) the
//! whole sequence of prompts (every seat's, before every choice and after the last) and the
//! whole log hash to the digests recorded on the base commit aaf3c77. A stored match is
//! replayed under the revision it was played by, so a change that alters revision 0 would
//! change what its choices mean; this table catches it without the e2e fixtures.
//!
//! The digests were computed on aaf3c77 with
//! `VFW_GOLDEN_PRINT=1 cargo test -p hustings-engine --test fuzz votes_for_women_rev0_golden -- --nocapture`,
//! which prints the table (`votes_for_women_rev0_golden.txt`) instead of checking it. Never re-record it to make a change pass.

use crate::golden_digests::Fnv;
use hustings_engine::testing::log_as_recorded;
use hustings_engine::votes_for_women::VotesForWomen;
use hustings_engine::{Game, Setup};
use rand::SeedableRng;
use rand::seq::IndexedRandom;

/// Games per variant.
const GAMES: u64 = 300;

/// The variants (with their seats and Oppobot difficulty) the table covers.
const VARIANTS: [(&str, usize, &str); 8] = [
    ("standard", 2, "normal"),
    ("solitaire", 1, "normal"),
    ("solitaire", 1, "hard"),
    ("coop", 2, "normal"),
    ("coop", 2, "hard"),
    ("team-3-suffragists", 3, "normal"),
    ("team-3-opposition", 3, "normal"),
    ("team-4", 4, "normal"),
];

/// One random game of `variant` at revision 0, played the way a client plays (a random
/// choice id of the first seat to act's prompt, through the checked `apply`): the digest of
/// every prompt along the way and of the final log.
fn digest(variant: &str, seats: usize, difficulty: &str, seed: u64) -> u64 {
    let setup = Setup {
        rules: 0,
        ..Setup::new(
            variant,
            seats,
            seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x60_1d,
        )
    }
    .with_option("oppobot", difficulty);
    let mut g = VotesForWomen::new(&setup).expect("set-up");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut h = Fnv::new();
    let mut steps = 0;
    loop {
        for seat in 0..seats {
            h.json(&g.prompt(seat));
        }
        let Some(seat) = g.to_act().first().copied() else {
            break;
        };
        let prompt = g.prompt(seat).expect("a prompt for the seat to act");
        let id = prompt.choices.choose(&mut rng).expect("choices").id.clone();
        g.apply(seat, &id).expect("an offered choice applies");
        steps += 1;
        assert!(steps < 100_000, "{variant} seed {seed}: no end");
    }
    assert!(g.outcome().is_some(), "{variant} seed {seed}: no outcome");
    for e in log_as_recorded(&g.log()).iter() {
        h.json(e);
    }
    h.0
}

/// The digest of each of the `GAMES` games of one variant.
fn table(variant: &str, seats: usize, difficulty: &str) -> Vec<u64> {
    (0..GAMES)
        .map(|seed| digest(variant, seats, difficulty, seed))
        .collect()
}

/// The recorded digests of one variant and difficulty, in seed order.
fn recorded(variant: &str, difficulty: &str) -> Vec<u64> {
    let head = format!("{variant} {difficulty}:");
    crate::golden_digests::under(include_str!("votes_for_women_rev0_golden.txt"), &head)
}

fn check(index: usize) {
    let (variant, seats, difficulty) = VARIANTS[index];
    let got = table(variant, seats, difficulty);
    if std::env::var("VFW_GOLDEN_PRINT").is_ok() {
        println!("{variant} {difficulty}:");
        for row in got.chunks(6) {
            let hex: Vec<String> = row.iter().map(|d| format!("{d:016x}")).collect();
            println!("  {}", hex.join(" "));
        }
        return;
    }
    let want = recorded(variant, difficulty);
    assert_eq!(
        want.len(),
        got.len(),
        "{variant} {difficulty}: the table's length"
    );
    for (seed, (w, g)) in want.iter().zip(&got).enumerate() {
        assert_eq!(
            w, g,
            "{variant} {difficulty} seed {seed}: revision 0 no longer plays as recorded"
        );
    }
}

#[test]
fn revision_0_standard_games_replay_as_recorded() {
    check(0);
}

#[test]
fn revision_0_solitaire_games_replay_as_recorded() {
    check(1);
    check(2);
}

#[test]
fn revision_0_coop_games_replay_as_recorded() {
    check(3);
    check(4);
}

#[test]
fn revision_0_team_games_replay_as_recorded() {
    check(5);
    check(6);
    check(7);
}
