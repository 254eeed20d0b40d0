//! Random-play fuzzing of The Vote: 10,000 seeded games, checked after every choice.

use hustings_engine::testing::{
    HeavyChecks, assert_both_sides_win, assert_seed_never_shown, fuzz_seeds, scrambled_seed,
    wins_per_side,
};
use hustings_engine::the_vote::data::{CardKind, Special, TABLE};
use hustings_engine::the_vote::{Card, EQUALITY, SUPREMACY, Step, TheVote};
use hustings_engine::{RULES_REVISION, Setup};

fn invariant(g: &TheVote) -> Result<(), String> {
    let v = g.public();
    for seat in [EQUALITY, SUPREMACY] {
        let on_map = v.markers_on_map(seat);
        if on_map > TABLE.markers_each as u32 {
            return Err(format!("seat {seat} has {on_map} markers on the map"));
        }
        let p = &v.players[seat];
        if p.vp > TABLE.vp_max {
            return Err(format!("seat {seat} has {} VP", p.vp));
        }
        if p.pw > TABLE.pw_max {
            return Err(format!("seat {seat} has {} PW", p.pw));
        }
        if !(TABLE.org_start..=TABLE.org_max).contains(&p.org) {
            return Err(format!("seat {seat} has Org {}", p.org));
        }
        let amendments = p
            .reserve
            .iter()
            .filter(|r| matches!(r.card.def().kind, CardKind::Special(Special::Amendment(_))))
            .count();
        if p.reserve.len() > p.org as usize + amendments {
            return Err(format!(
                "seat {seat} holds {} cards in its Reserve with Org {}",
                p.reserve.len(),
                p.org
            ));
        }
        if p.reserve
            .iter()
            .any(|r| r.card.def().faction.seat() != seat)
        {
            return Err(format!("seat {seat} holds an enemy card"));
        }
    }
    for (i, r) in v.regions.iter().enumerate() {
        let def = &TABLE.regions[i];
        if r.men.iter().sum::<u8>() != def.men {
            return Err(format!("{}: the Men boxes do not add up", def.name));
        }
        let women: u8 = r.women.iter().sum();
        let expected = if r.women_open { def.women } else { 0 };
        if women != expected {
            return Err(format!("{}: {women} Women markers", def.name));
        }
        if r.women_open != r.laws[2] {
            return Err(format!(
                "{}: Women boxes and Woman Suffrage disagree",
                def.name
            ));
        }
    }
    // Every card is in exactly one place.
    let mut places: Vec<Card> = v.placed_cards().collect();
    if let Some(a) = &v.action
        && !places.contains(&a.card)
    {
        places.push(a.card);
    }
    let n = places.len();
    places.sort_unstable();
    places.dedup();
    if places.len() != n {
        return Err("a card is in two places".into());
    }
    let total = n + v.deck_count as usize + v.hidden_discards as usize;
    if total != TABLE.cards.len() {
        return Err(format!("{total} cards in the game, not 36"));
    }
    if v.outcome.is_some() != (v.step == Step::Finished) {
        return Err("outcome and step disagree".into());
    }
    // Revision 0 keeps one Block a Region and records no Persuade flips.
    if v.rules == 0
        && v.action.as_ref().is_some_and(|a| {
            a.targets
                .iter()
                .any(|t| !t.further_blocks.is_empty() || !t.flipped.is_empty())
        })
    {
        return Err("a revision-0 game took a revision-1 path".into());
    }
    if v.turn > TABLE.turn_cap {
        return Err(format!("turn {} past the cap", v.turn));
    }
    Ok(())
}

/// Plays `games` seeded random games under rules revision `rules` with every check, and
/// returns the wins per side.
fn fuzz_at(rules: u32, games: u64) -> [u32; 2] {
    // Every game is checked for dead ends, invariants and replay; one in fifty also gets the
    // costlier redaction and illegal-choice checks at many points.
    let heavy = HeavyChecks {
        heavy_every: 50,
        redaction_every: 11,
        illegal_every: 7,
    };
    let label = if rules == RULES_REVISION {
        String::new()
    } else {
        format!("rules {rules}")
    };
    let winners = fuzz_seeds::<TheVote, _>(
        &label,
        0..games,
        heavy,
        |seed| Setup {
            rules,
            ..Setup::new("standard", 2, scrambled_seed(seed))
        },
        &mut invariant,
        |seed, record| {
            assert!(!record.outcome.reason.is_empty());
            assert_eq!(record.outcome.winners.len(), 1, "seed {seed}: one winner");
            record.outcome.winners[0]
        },
    );
    let wins = wins_per_side(&winners);
    eprintln!(
        "the-vote fuzz (rules revision {rules}): {} games, Equality {} Supremacy {} wins",
        winners.len(),
        wins[EQUALITY],
        wins[SUPREMACY]
    );
    wins
}

#[test]
fn fuzz_10000_games() {
    let wins = fuzz_at(RULES_REVISION, 10_000);
    // Under revision 2's map random play hardly ever wins as Equality (it needs Direct
    // Election and a blue majority in the South, then the Deep South's ratification): the
    // revision 1 run below, with the same rules code, covers the games Equality wins.
    // IS-MCTS self-play wins with both (`hustings-bot`'s balance guard).
    assert!(wins[SUPREMACY] > 0, "Supremacy never wins: {wins:?}");
}

#[test]
fn fuzz_10000_games_at_rules_revision_1() {
    // Matches stored under revision 1 play on with its numbers; random play wins there with
    // either side (Equality a few times in ten thousand), so the Amendments' whole path is
    // fuzzed.
    assert_both_sides_win(fuzz_at(1, 10_000));
}

#[test]
fn fuzz_1000_games_at_rules_revision_0() {
    // Matches stored before the corrections of issue 20 still in progress play on under
    // revision 0: its rules must stay free of dead ends and keep their invariants.
    assert_both_sides_win(fuzz_at(0, 1_000));
}

#[test]
fn seed_never_appears_in_any_view_or_log() {
    assert_seed_never_shown::<TheVote>(
        |seed| Setup::new("standard", 2, seed),
        |choices, step| step % choices,
        |_, _, _| {},
    );
}
