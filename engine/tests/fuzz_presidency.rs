//! Random-play fuzzing of the Presidential Race: thousands of seeded games per variant.

use hustings_engine::presidency::{Phase, Presidency, TOTAL_VOTES};
use hustings_engine::testing::{FuzzOptions, random_game};
use hustings_engine::{Game, Setup};

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
    let light = FuzzOptions::default();
    let heavy = FuzzOptions {
        redaction_every: 7,
        illegal_every: 5,
        ..FuzzOptions::default()
    };
    for seed in 0..games {
        let opts = if seed % 20 == 0 { &heavy } else { &light };
        let setup = Setup::new(variant, seats, seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let record = random_game::<Presidency>(&setup, seed, opts, &mut invariant)
            .unwrap_or_else(|e| panic!("{variant}/{seats} seed {seed}: {e}"));
        assert!(!record.outcome.reason.is_empty());
    }
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
    for i in 0..50u64 {
        let seed = 0xDEAD_BEEF_0000_0000u64 + i * 7_919;
        let setup = Setup::new("convention", 4, seed);
        let mut g = Presidency::new(&setup).unwrap();
        let mut steps = 0;
        while g.outcome().is_none() && steps < 400 {
            for viewer in [
                hustings_engine::Viewer::Spectator,
                hustings_engine::Viewer::Seat(0),
                hustings_engine::Viewer::Seat(3),
            ] {
                let text = serde_json::to_string(&(g.view(viewer), g.log_for(viewer, 0))).unwrap();
                assert!(!text.contains(&seed.to_string()), "seed leaked to {viewer}");
                assert!(!text.contains("rng"), "generator state leaked to {viewer}");
            }
            let seat = g.to_act()[0];
            let c = g.prompt(seat).unwrap().choices[0].id.clone();
            g.apply(seat, &c).unwrap();
            steps += 1;
        }
    }
}
