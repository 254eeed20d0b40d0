//! The AIs and the Campaigning choices of Votes for Women's rules revision 1: a Campaigner may
//! place nothing (`pass`) and may move once its cubes are placed (`stay` or `move:<region>`).
//! A sensible player still places its cubes where it can: the AIs must not take the new
//! `pass` by default.
//!
//! Each guard checks an AI on the same 400 decisions and bounds its passes by what a player
//! choosing at random would not get under but with probability at most 1%: random passes at
//! each with one over its number of choices (9 or 14 there), 33.6 of the 400 on average, and
//! 20 or fewer with probability 0.60% (21: 1.07%), so the bound is 20 passes.

use hustings_bot::ai::{Ai, Decision, make_ai};
use hustings_engine::{AnyGame, Prompt, Setup, Viewer, new_game};

mod common;
use common::{lower_bound_at_one_percent, poisson_binomial_lower_tail};

const GAME: &str = "votes-for-women";

/// Decisions each guard checks.
const SPOTS: usize = 400;

/// A Campaigner's first decision with open states to place in, as its seat sees it.
struct Spot {
    view: serde_json::Value,
    prompt: Prompt,
    seat: usize,
}

/// Whether `prompt` is a Campaigner's choice before its first cube: place, or pass.
fn place_or_pass(prompt: &Prompt) -> bool {
    prompt.find("pass").is_some() && prompt.choices.iter().any(|c| c.kind == "cube")
}

/// Plays seeded games (today's rules) with random choices and collects up to `n` Campaigners'
/// place-or-pass decisions, at most two per game so that many positions are seen.
fn spots(n: usize) -> Vec<Spot> {
    let mut random = make_ai("random", "", 9).expect("random");
    let mut found = Vec::new();
    for seed in 0..400u64 {
        let mut game: Box<dyn AnyGame> =
            new_game(GAME, &Setup::new("standard", 2, 300 + seed)).expect("game");
        let mut here = 0;
        while game.outcome().is_none() && here < 2 {
            let seat = game.to_act()[0];
            let prompt = game.prompt(seat).expect("prompt");
            let view = game.view_json(Viewer::Seat(seat));
            if place_or_pass(&prompt) {
                found.push(Spot {
                    view: view.clone(),
                    prompt: prompt.clone(),
                    seat,
                });
                here += 1;
                if found.len() == n {
                    return found;
                }
            }
            let d = Decision {
                game: GAME,
                seat,
                view: &view,
                prompt: &prompt,
                time_limit: None,
            };
            let c = random.choose(&d).expect("choice");
            game.apply(seat, &c).expect("legal");
        }
    }
    found
}

/// How many of `spots` the AI `name` answers with `pass`.
fn passes(name: &str, level: &str, spots: &[Spot]) -> usize {
    let mut ai: Box<dyn Ai> = make_ai(name, level, 5).expect("known AI");
    spots
        .iter()
        .filter(|s| {
            let d = Decision {
                game: GAME,
                seat: s.seat,
                view: &s.view,
                prompt: &s.prompt,
                time_limit: None,
            };
            let c = ai.choose(&d).expect("a choice");
            assert!(s.prompt.find(&c).is_some(), "{c} is not offered");
            c == "pass"
        })
        .count()
}

/// The AI `name` at `level` passes at no more of [`SPOTS`] decisions than the most that a
/// player choosing at random stays within with probability at most 1%.
fn passes_less_than_random(name: &str, level: &str) {
    let spots = spots(SPOTS);
    assert_eq!(
        spots.len(),
        SPOTS,
        "random games reach Campaigners that may pass"
    );
    // Random's chance of passing at each: one choice of them all.
    let odds: Vec<f64> = spots
        .iter()
        .map(|s| 1.0 / s.prompt.choices.len() as f64)
        .collect();
    let bound = lower_bound_at_one_percent(&odds).expect("enough decisions for a 1% bound");
    let n = passes(name, level, &spots);
    eprintln!(
        "{name}:{level} passed {n} of {SPOTS}; random passed {} (on average {:.1}, {bound} or \
         fewer with probability {:.2}%)",
        passes("random", "", &spots),
        odds.iter().sum::<f64>(),
        100.0 * poisson_binomial_lower_tail(&odds, bound)
    );
    assert!(
        n <= bound,
        "{name}:{level} passed {n} of {SPOTS} Campaigners, over {bound} (random's 1% tail)"
    );
}

/// Greedy:2 passes at 7 of the 400 (none of the first 12, which this guard once required),
/// random at 32; well under a second.
#[test]
fn greedy_places_a_campaigners_cubes_instead_of_passing() {
    passes_less_than_random("greedy", "2");
}

/// IS-MCTS at 60 iterations passes at 4 of the 400 (none of the first 8; the old bound, a
/// quarter of them, was one a random player met almost always); about a second.
#[test]
fn ismcts_mostly_places_a_campaigners_cubes_instead_of_passing() {
    passes_less_than_random("ismcts", "60");
}
