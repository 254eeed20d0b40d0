//! Random-play fuzzing of the Votes for Women team variants (two Suffragists and/or two
//! Opposition players) and of co-op against the Oppobot: 10,000 seeded games per variant
//! (co-op: per difficulty), the board invariants after every choice, redaction and refusal
//! checks on a subset, and every game replayed from its set-up and choices.

use super::votes_for_women_checks::{
    board_consistent, cards_conserved, games, in_play_against_the_oppobot,
};
use hustings_engine::testing::{
    HeavyChecks, assert_both_sides_win, fuzz_seeds, scrambled_seed, wins_per_side,
};
use hustings_engine::votes_for_women::data::{Side, is_oppobot};
use hustings_engine::votes_for_women::{Phase, VotesForWomen, player};
use hustings_engine::{RULES_REVISION, Setup};

fn invariant(g: &VotesForWomen) -> Result<(), String> {
    let b = g.board();
    let h = g.hidden();
    // Hands and claimed cards are kept for 4 players; against the Oppobot the Opposition deck
    // and the two Strategy cards set aside are nowhere, otherwise the Oppobot's cards.
    let bot = b.oppobot.is_some();
    cards_conserved(g, 4, |c| {
        if bot {
            in_play_against_the_oppobot(c)
        } else {
            !is_oppobot(c)
        }
    })?;
    board_consistent(g, false)?;
    for side in [Side::Suffragist, Side::Opposition] {
        if !b.pair(side) {
            let second = player(side, 1);
            if !h.hands[second].is_empty() || !b.claimed[second].is_empty() {
                return Err(format!("{side:?} has one player but a second hand"));
            }
        } else {
            // Partners hold 4 cards each at most (3 drawn to a held or start card).
            for slot in 0..2u8 {
                let n = h.hands[player(side, slot)].len();
                if n > 4 {
                    return Err(format!("{side:?} player {slot} holds {n} cards"));
                }
            }
        }
    }
    if b.phase == Phase::Cleanup {
        let x = b
            .exchanges
            .as_ref()
            .ok_or("Cleanup without its exchanges")?;
        if !b.pair(x.side) || b.turn >= 6 {
            return Err("Cleanup exchanges for a side of one, or after turn 5".into());
        }
    }
    if let Some(o) = &b.outcome {
        let side_of = |s: usize| b.seats[s];
        let suff_won = b.checks == 36;
        let opp_won = b.xs == 13 || (!b.amendment_sent && b.turn == 6);
        let winners: Vec<Side> = o.winners.iter().map(|&w| side_of(w)).collect();
        let all_of = |side: Side| {
            (0..b.seats.len())
                .filter(|&s| side_of(s) == side)
                .all(|s| o.winners.contains(&s))
        };
        let ok = if winners.contains(&Side::Suffragist) {
            suff_won && all_of(Side::Suffragist) && !winners.contains(&Side::Opposition)
        } else {
            opp_won && (b.oppobot.is_some() || all_of(Side::Opposition))
        };
        if !ok {
            return Err(format!("a result without its condition: {o:?}"));
        }
    }
    Ok(())
}

/// Plays `games()` seeded games of `variant` and returns (Suffragist wins, Opposition wins).
fn fuzz(variant: &str, seats: usize, difficulty: &str) -> [u32; 2] {
    fuzz_at(RULES_REVISION, variant, seats, difficulty, games())
}

/// Plays `n` seeded games of `variant` under rules revision `rules`.
fn fuzz_at(rules: u32, variant: &str, seats: usize, difficulty: &str, n: u64) -> [u32; 2] {
    let heavy = HeavyChecks {
        heavy_every: 100,
        redaction_every: 11,
        illegal_every: 7,
    };
    let winners = fuzz_seeds::<VotesForWomen, _>(
        &format!("{variant} {difficulty} rules {rules}"),
        0..n,
        heavy,
        |seed| {
            Setup {
                rules,
                ..Setup::new(variant, seats, scrambled_seed(seed) ^ 7)
            }
            .with_option("oppobot", difficulty)
        },
        &mut invariant,
        // Seat 0 plays the Suffragist in every variant.
        |_, record| usize::from(!record.outcome.winners.contains(&0)),
    );
    wins_per_side(&winners)
}

#[test]
fn fuzz_10000_games_two_suffragists_against_one_opposition() {
    assert_both_sides_win(fuzz("team-3-suffragists", 3, "normal"));
}

#[test]
fn fuzz_10000_games_one_suffragist_against_two_opposition() {
    assert_both_sides_win(fuzz("team-3-opposition", 3, "normal"));
}

#[test]
fn fuzz_10000_games_two_against_two() {
    assert_both_sides_win(fuzz("team-4", 4, "normal"));
}

#[test]
fn fuzz_10000_coop_games_normal() {
    let wins = fuzz("coop", 2, "normal");
    assert!(wins[1] > 0, "Suffragist/Oppobot wins {wins:?}");
}

#[test]
fn fuzz_10000_coop_games_hard() {
    let wins = fuzz("coop", 2, "hard");
    assert!(wins[1] > 0, "Suffragist/Oppobot wins {wins:?}");
}

/// Matches stored under revision 0 and still in progress play on by its rules: a tenth of
/// the batch per team variant, and co-op at each difficulty.
#[test]
fn fuzz_1000_team_and_coop_games_each_at_rules_revision_0() {
    let n = games() / 10;
    for (variant, seats) in [
        ("team-3-suffragists", 3),
        ("team-3-opposition", 3),
        ("team-4", 4),
    ] {
        assert_both_sides_win(fuzz_at(0, variant, seats, "normal", n));
    }
    for difficulty in ["normal", "hard"] {
        let wins = fuzz_at(0, "coop", 2, difficulty, n);
        assert!(
            wins[1] > 0,
            "coop {difficulty}: Suffragist/Oppobot wins {wins:?}"
        );
    }
}
