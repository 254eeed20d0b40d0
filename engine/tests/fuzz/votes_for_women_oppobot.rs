//! Random-play fuzzing of Votes for Women solitaire against the Oppobot (normal and hard):
//! 10,000 seeded games per difficulty, the two-player fuzzer's board invariants after every
//! choice, redaction and refusal checks on a subset, and replays compared.

use super::votes_for_women_checks::{
    HEAVY, board_consistent, cards_conserved, ending, games, in_play_against_the_oppobot,
    unchecked_game,
};
use hustings_engine::testing::{fuzz_seeds, scrambled_seed, wins_per_side};
use hustings_engine::votes_for_women::VotesForWomen;
use hustings_engine::votes_for_women::data::Side;
use hustings_engine::{RULES_REVISION, Setup};

fn invariant(g: &VotesForWomen) -> Result<(), String> {
    // The Opposition deck and the two Strategy cards set aside against the Oppobot are
    // nowhere; every other card of the solitaire game is in exactly one place.
    cards_conserved(g, 2, in_play_against_the_oppobot)?;
    if g.hidden().oppobot_set_aside.len() != 6 {
        return Err("the Oppobot must have 6 cards set aside".into());
    }
    board_consistent(g, false)?;
    let b = g.board();
    if b.buttons[1] != 0 {
        return Err("the Oppobot never holds buttons".into());
    }
    if !g.hand(Side::Opposition).is_empty() {
        return Err("the Oppobot never holds a hand".into());
    }
    if let Some(o) = &b.outcome {
        let ok = if o.winners == [0] {
            b.checks == 36
        } else {
            o.winners.is_empty() && (b.xs == 13 || (!b.amendment_sent && b.turn == 6))
        };
        if !ok {
            return Err(format!("a result without its condition: {o:?}"));
        }
    } else if !b.claimed[1].is_empty() && b.stack.is_empty() {
        return Err("the Oppobot holds a claimed card instead of playing it".into());
    }
    Ok(())
}

fn fuzz(difficulty: &str, seeds: std::ops::Range<u64>) -> [u32; 2] {
    fuzz_at(RULES_REVISION, difficulty, seeds)
}

/// Plays the seeds under rules revision `rules`.
fn fuzz_at(rules: u32, difficulty: &str, seeds: std::ops::Range<u64>) -> [u32; 2] {
    let winners = fuzz_seeds::<VotesForWomen, _>(
        &format!("{difficulty} rules {rules}"),
        seeds,
        HEAVY,
        |seed| {
            Setup {
                rules,
                ..Setup::new("solitaire", 1, scrambled_seed(seed))
            }
            .with_option("oppobot", difficulty)
        },
        &mut invariant,
        |_, record| usize::from(record.outcome.winners.is_empty()),
    );
    wins_per_side(&winners)
}

#[test]
fn fuzz_10000_solitaire_games_normal() {
    let wins = fuzz("normal", 0..games());
    // A random Suffragist seldom if ever beats the Oppobot; the Oppobot must win some.
    assert!(wins[1] > 0, "Suffragist/Oppobot wins {wins:?}");
}

#[test]
fn fuzz_10000_solitaire_games_hard() {
    let wins = fuzz("hard", 0..games());
    assert!(wins[1] > 0, "Suffragist/Oppobot wins {wins:?}");
}

/// Matches stored under revision 0 and still in progress play on by its rules: a tenth of
/// the batch per difficulty.
#[test]
fn fuzz_1000_solitaire_games_at_rules_revision_0() {
    for difficulty in ["normal", "hard"] {
        let wins = fuzz_at(0, difficulty, 0..games() / 10);
        assert!(
            wins[1] > 0,
            "{difficulty}: Suffragist/Oppobot wins {wins:?}"
        );
    }
}

/// The Oppobot's win rate against a uniformly random Suffragist. Run with
/// `cargo test -p hustings-engine --release --test fuzz votes_for_women_oppobot:: -- --ignored --nocapture`.
#[test]
#[ignore]
fn oppobot_win_rate_against_random() {
    for difficulty in ["normal", "hard"] {
        let n = 400u64;
        let mut bot = 0;
        let mut reasons = std::collections::BTreeMap::<String, u32>::new();
        for seed in 0..n {
            let setup =
                Setup::new("solitaire", 1, 5_000_000 + seed).with_option("oppobot", difficulty);
            let r = unchecked_game(&setup, seed);
            bot += u32::from(r.outcome.winners.is_empty());
            *reasons
                .entry(ending(&r.outcome.reason).to_string())
                .or_default() += 1;
        }
        println!(
            "{difficulty}: Oppobot wins {bot}/{n} ({:.1}%) against a random Suffragist; endings {reasons:?}",
            100.0 * bot as f64 / n as f64
        );
    }
}
