//! What the random-game benches share: playing a game to its end with uniformly random
//! legal choices through either path, and the four rows (path × kind of state) per game.
// Each bench crate includes this module and uses only part of it.
#![allow(dead_code)]

use criterion::measurement::WallTime;
use criterion::{BatchSize, BenchmarkGroup};
use hustings_engine::{Game, Seat, Viewer};
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

/// How a prompt's choice is applied: checked (`Game::apply`) or not (`Game::apply_legal`).
pub type Apply<G> = fn(&mut G, Seat, &str);

/// Applies through the checked `apply`.
pub fn checked<G: Game>(g: &mut G, seat: Seat, choice: &str) {
    g.apply(seat, choice).expect("an offered choice is legal");
}

/// Plays to the end through the prompt contract; returns the number of choices.
pub fn play_prompts<G: Game>(mut g: G, rng: &mut ChaCha8Rng, apply: Apply<G>) -> usize {
    let mut n = 0;
    while g.outcome().is_none() {
        let seat = g.to_act()[0];
        let prompt = g.prompt(seat).expect("a seat to act has a prompt");
        let choice = &prompt.choices.choose(rng).expect("a legal choice").id;
        apply(&mut g, seat, choice);
        n += 1;
    }
    n
}

/// Plays to the end through the cheap path (`first_to_act`, `legal_actions` into a reused
/// buffer, `apply_action`); returns the number of choices.
pub fn play_actions<G: Game>(mut g: G, rng: &mut ChaCha8Rng) -> usize {
    let mut n = 0;
    let mut legal = Vec::new();
    while let Some(seat) = g.first_to_act() {
        legal.clear();
        g.legal_actions(seat, &mut legal);
        let action = *legal.choose(rng).expect("a legal action");
        g.apply_action(seat, action);
        n += 1;
    }
    assert!(g.outcome().is_some());
    n
}

/// The search rows: each game a state resampled from `viewer`'s view of `fresh(seed)` (no
/// log), played by `play`; only the play is timed.
pub fn search_row<G: Game>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    viewer: Viewer,
    fresh: impl Fn(u64) -> (G, ChaCha8Rng),
    play: impl Fn(G, &mut ChaCha8Rng) -> usize,
) {
    let mut seed = 0u64;
    group.bench_function(name, |b| {
        b.iter_batched(
            || {
                seed += 1;
                let (g, mut rng) = fresh(seed);
                (G::resample(&g.view(viewer), viewer, &mut rng), rng)
            },
            |(g, mut rng)| play(g, &mut rng),
            BatchSize::SmallInput,
        )
    });
}
