//! Random full games per second of the Presidential Race: the two-player standard game (30
//! rounds and the Election deck) and a six-seat National Convention (30 rounds).
//!
//! Each uniformly random over the legal choices, in two paths and from two kinds of state:
//! - `*_prompt`: through the prompt contract (`to_act`, `prompt`, `apply` with the choice
//!   id), as the service and external AIs play;
//! - `*_actions`: through the cheap path (`first_to_act`, `legal_actions` into a reused
//!   buffer, `apply_action`), as the fuzzers and the search AIs play;
//! - a game built by `new` keeps its log; a `*_search_*` state is resampled from the
//!   spectator's view right after set-up and keeps none, as the search AIs' playouts.
//!
//! Each iteration plays one whole game from a new seed; the throughput line ("elem/s") is
//! games per second.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use hustings_engine::presidency::Presidency;
use hustings_engine::{Game, Setup, Viewer};
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

/// Plays one game to its end through the prompt contract; returns how many choices it took.
fn play_prompts(mut game: Presidency, rng: &mut ChaCha8Rng) -> usize {
    let mut choices = 0;
    while let Some(&seat) = game.to_act().first() {
        let prompt = game.prompt(seat).expect("a seat to act has a prompt");
        let choice = &prompt.choices.choose(rng).expect("a legal choice").id;
        game.apply(seat, choice)
            .expect("an offered choice is legal");
        choices += 1;
    }
    assert!(game.outcome().is_some());
    choices
}

/// Plays one game to its end through the cheap path; returns how many choices it took.
fn play_actions(mut game: Presidency, rng: &mut ChaCha8Rng) -> usize {
    let mut choices = 0;
    let mut legal = Vec::new();
    while let Some(seat) = game.first_to_act() {
        legal.clear();
        game.legal_actions(seat, &mut legal);
        let action = *legal.choose(rng).expect("a legal action");
        game.apply_action(seat, action);
        choices += 1;
    }
    assert!(game.outcome().is_some());
    choices
}

/// A state as search builds it: resampled from the spectator's view of a new game.
fn search_state(setup: &Setup, rng: &mut ChaCha8Rng) -> Presidency {
    let game = Presidency::new(setup).expect("a valid set-up");
    Presidency::resample(&game.view(Viewer::Spectator), Viewer::Spectator, rng)
}

fn random_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("presidency_random_game");
    group.throughput(Throughput::Elements(1));
    // A six-seat game takes over a millisecond: give 100 samples room.
    group.measurement_time(Duration::from_secs(10));
    for (name, variant, seats) in [
        ("standard_2p", "standard", 2),
        ("convention_6p", "convention", 6),
    ] {
        for (path, play) in [
            (
                "prompt",
                play_prompts as fn(Presidency, &mut ChaCha8Rng) -> usize,
            ),
            ("actions", play_actions),
        ] {
            let mut seed = 0u64;
            let mut rng = ChaCha8Rng::seed_from_u64(7);
            group.bench_function(format!("{name}_{path}"), |b| {
                b.iter(|| {
                    seed += 1;
                    let game = Presidency::new(&Setup::new(variant, seats, seed)).expect("set-up");
                    black_box(play(game, &mut rng))
                })
            });
            let mut seed = 0u64;
            let mut rng = ChaCha8Rng::seed_from_u64(7);
            let label = if path == "prompt" {
                format!("{name}_search")
            } else {
                format!("{name}_search_actions")
            };
            group.bench_function(label, |b| {
                b.iter_batched(
                    || {
                        seed += 1;
                        let mut r = ChaCha8Rng::seed_from_u64(seed);
                        search_state(&Setup::new(variant, seats, seed), &mut r)
                    },
                    |game| black_box(play(game, &mut rng)),
                    BatchSize::SmallInput,
                )
            });
        }
    }
    group.finish();
}

criterion_group!(benches, random_games);
criterion_main!(benches);
