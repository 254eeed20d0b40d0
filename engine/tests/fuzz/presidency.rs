//! Random-play fuzzing of the Presidential Race: thousands of seeded games per variant.

use hustings_engine::presidency::data::CAMPAIGN;
use hustings_engine::presidency::{Phase, Presidency, TOTAL_VOTES};
use hustings_engine::testing::{
    FuzzOptions, HeavyChecks, assert_seed_never_shown, fuzz_seeds, random_game, random_prompt_step,
    scrambled_seed,
};
use hustings_engine::{Game, Setup, Viewer};
use rand::SeedableRng;

fn invariant(g: &Presidency) -> Result<(), String> {
    let v = g.public();
    let total: u32 = v.players.iter().map(|p| p.votes).sum::<u32>() + v.undecided;
    if total != TOTAL_VOTES {
        return Err(format!("votes not conserved: {total}"));
    }
    if v.round > v.rules.rounds {
        return Err(format!(
            "round {} past the last ({})",
            v.round, v.rules.rounds
        ));
    }
    if v.players.iter().any(|p| !(1..=40).contains(&p.position)) {
        return Err("a pawn is off the board".into());
    }
    if v.outcome.is_some() != (v.phase == Phase::Finished) {
        return Err("outcome and phase disagree".into());
    }
    if let Some(o) = &v.outcome {
        // The game ends only after the configured rounds.
        if v.round != v.rules.rounds {
            return Err(format!("ended in round {} of {}", v.round, v.rules.rounds));
        }
        let best = v.players.iter().map(|p| p.votes).max().unwrap_or(0);
        if o.winners.iter().any(|&w| v.players[w].votes != best) {
            return Err(format!("a winner without the most votes: {o:?}"));
        }
    }
    // Money is unsigned, so it cannot go negative; a wrapped subtraction would panic in
    // debug and show as an absurd amount in release.
    if v.players.iter().any(|p| p.money > 10_000) {
        return Err("money wrapped around".into());
    }
    Ok(())
}

fn fuzz(variant: &str, seats: usize, games: u64) {
    // Every game is checked for dead ends, invariants and replay; one in twenty also gets
    // the (costlier) redaction and illegal-choice checks at many points.
    let heavy = HeavyChecks {
        heavy_every: 20,
        redaction_every: 7,
        illegal_every: 5,
    };
    fuzz_seeds::<Presidency, _>(
        &format!("{variant}/{seats}"),
        0..games,
        heavy,
        |seed| Setup::new(variant, seats, scrambled_seed(seed)),
        &mut invariant,
        |_, record| assert!(!record.outcome.reason.is_empty()),
    );
}

#[test]
fn fuzz_standard_10000_games() {
    fuzz("standard", 2, 10_000);
}

#[test]
fn fuzz_convention_3_seats_10000_games() {
    fuzz("convention", 3, 10_000);
}

#[test]
fn fuzz_convention_6_seats_10000_games() {
    fuzz("convention", 6, 10_000);
}

#[test]
fn fuzz_short_games_with_every_option() {
    for seed in 0..2_000u64 {
        let rounds = (seed % 5 + 1).to_string();
        let setup = Setup::new("standard", 2, seed)
            .with_option("rounds", &rounds)
            .with_option("conversion", "once-per-turn")
            .with_option("red-blue-states", "party")
            .with_option("setup-damage-control", "true");
        random_game::<Presidency>(&setup, seed, &FuzzOptions::default(), &mut invariant)
            .unwrap_or_else(|e| panic!("options seed {seed}: {e}"));
    }
}

#[test]
fn seed_never_appears_in_any_view_or_log() {
    // Large seeds, so that their digits cannot turn up by chance.
    assert_seed_never_shown::<Presidency>(
        |seed| Setup::new("convention", 4, seed),
        |_, _| 0,
        |_, _, _| {},
    );
}

/// The Campaign and Election cards still in their decks, in draw order (next first), read
/// from the full state (which is never sent to anyone).
fn upcoming(state: &serde_json::Value, deck: &str) -> Vec<u64> {
    let mut order: Vec<u64> = state["hidden"][deck]
        .as_array()
        .expect("the state keeps its decks")
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    order.reverse();
    order
}

/// What `viewer` is shown: view, whole log and prompt, as one JSON text.
fn shown(g: &Presidency, viewer: Viewer) -> String {
    let prompt = viewer.seat().and_then(|s| g.prompt(s));
    serde_json::to_string(&(g.view(viewer), g.log_for(viewer, 0), prompt)).unwrap()
}

fn check_deck_order_hidden(g: &Presidency, tweak: u64) {
    let state = serde_json::to_value(g).unwrap();
    let campaign = upcoming(&state, "campaign");
    let election = upcoming(&state, "election");
    // The same game with both remaining decks in another order and another generator.
    let mut other = state.clone();
    for (deck, cards) in [("campaign", &campaign), ("election", &election)] {
        let mut stored: Vec<u64> = cards.iter().rev().copied().collect();
        if stored.len() > 1 {
            let by = 1 + tweak as usize % (stored.len() - 1);
            stored.rotate_left(by);
        }
        other["hidden"][deck] = serde_json::json!(stored);
    }
    other["hidden"]["rng"] =
        serde_json::to_value(rand_chacha::ChaCha8Rng::seed_from_u64(tweak)).unwrap();
    let other: Presidency = serde_json::from_value(other).unwrap();
    if campaign.len() > 1 {
        assert_ne!(
            serde_json::to_string(g).unwrap(),
            serde_json::to_string(&other).unwrap(),
            "the copy must really differ in its hidden order"
        );
    }
    let campaign_ids: Vec<&str> = campaign.iter().map(|&i| CAMPAIGN[i as usize].id).collect();
    for viewer in Viewer::every(g.num_seats()) {
        let text = shown(g, viewer);
        assert_eq!(
            text,
            shown(&other, viewer),
            "{viewer} is shown something that depends on deck order"
        );
        assert!(!text.contains("hidden"));
        // Neither the upcoming cards in order nor the stored index lists appear.
        if campaign_ids.len() >= 3 {
            let next = format!("\"{}\"", campaign_ids[..3].join("\",\""));
            assert!(
                !text.contains(&next),
                "{viewer} sees the next Campaign cards"
            );
        }
        for cards in [&campaign, &election] {
            if cards.len() >= 8 {
                for order in [cards.clone(), cards.iter().rev().copied().collect()] {
                    let list = serde_json::to_string(&order).unwrap();
                    assert!(
                        !text.contains(&list[1..list.len() - 1]),
                        "deck order leaked"
                    );
                }
            }
        }
    }
}

#[test]
fn deck_order_never_appears_in_any_view_prompt_or_log() {
    let mut reshuffled = 0;
    for seed in 0..30u64 {
        let (variant, seats, rounds) = if seed % 2 == 0 {
            ("standard", 2, "30")
        } else {
            ("convention", 6, "12")
        };
        let setup = Setup::new(variant, seats, seed).with_option("rounds", rounds);
        let mut g = Presidency::new(&setup).unwrap();
        if seed % 3 == 0 {
            // Leave two cards in the Campaign deck, the rest face up: reshuffles follow.
            let mut state = serde_json::to_value(&g).unwrap();
            let deck = upcoming(&state, "campaign");
            let (next, seen) = deck.split_at(2);
            state["hidden"]["campaign"] = serde_json::json!(next.iter().rev().collect::<Vec<_>>());
            state["public"]["campaign_discard"] = serde_json::json!(
                seen.iter()
                    .map(|&i| CAMPAIGN[i as usize].id)
                    .collect::<Vec<_>>()
            );
            state["public"]["campaign_deck_count"] = serde_json::json!(2);
            g = serde_json::from_value(state).unwrap();
        }
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut step = 0u64;
        loop {
            if step.is_multiple_of(2) || g.outcome().is_some() {
                check_deck_order_hidden(&g, step);
            }
            if g.outcome().is_some() {
                break;
            }
            random_prompt_step(&mut g, &mut rng).unwrap();
            step += 1;
        }
        reshuffled += g.log().iter().any(|e| e.kind == "reshuffle") as usize;
        // The check covered the whole game, the Election draws included.
        if variant == "standard" {
            assert!(g.log().iter().any(|e| e.kind == "election-card"));
        }
    }
    assert!(reshuffled > 0, "some games ran through the Campaign deck");
}
