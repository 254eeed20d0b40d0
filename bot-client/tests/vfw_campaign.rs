//! The AIs and the Campaigning choices of Votes for Women's rules revision 1: a Campaigner may
//! place nothing (`pass`) and may move once its cubes are placed (`stay` or `move:<region>`).
//! A sensible player still places its cubes where it can: the AIs must not take the new
//! `pass` by default.

use hustings_bot::ai::{Ai, Decision, make_ai};
use hustings_engine::{AnyGame, Prompt, Setup, Viewer, new_game};

const GAME: &str = "votes-for-women";

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
    for seed in 0..200u64 {
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

#[test]
fn greedy_places_a_campaigners_cubes_instead_of_passing() {
    let spots = spots(12);
    assert_eq!(
        spots.len(),
        12,
        "random games reach Campaigners that may pass"
    );
    // Random play, for scale, passes with some of them.
    eprintln!(
        "random passed {} of {}",
        passes("random", "", &spots),
        spots.len()
    );
    let n = passes("greedy", "2", &spots);
    assert_eq!(n, 0, "greedy passed {n} of {} Campaigners", spots.len());
}

#[test]
fn ismcts_mostly_places_a_campaigners_cubes_instead_of_passing() {
    let spots = spots(8);
    let n = passes("ismcts", "60", &spots);
    eprintln!("ismcts:60 passed {n} of {}", spots.len());
    assert!(n * 4 <= spots.len(), "ismcts passed {n} of {}", spots.len());
}
