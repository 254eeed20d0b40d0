//! Random full games per second of the Presidential Race: the two-player standard game (30
//! rounds and the Election deck) and a six-seat National Convention (30 rounds).
//!
//! Each uniformly random over the legal choices, in two paths and from two kinds of state:
//! - `*_prompt`: through the prompt contract (`to_act`, `prompt`, `apply` with the choice
//!   id), as the service and external AIs play;
//! - `*_actions`: through the cheap path (`first_to_act`, `legal_actions` into a reused
//!   buffer, `apply_action`), as the fuzzers and the search AIs play;
//! - a game built by `new` keeps its log; a `*_search*` state is resampled from the
//!   spectator's view right after set-up and keeps none, as the search AIs' playouts.
//!
//! Each iteration plays one whole game from a new seed; the throughput line ("elem/s") is
//! games per second.

mod common;

use std::hint::black_box;
use std::time::Duration;

use common::{checked, play_actions, play_prompts, search_row};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hustings_engine::presidency::Presidency;
use hustings_engine::{Game, Setup, Viewer};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn prompts(g: Presidency, rng: &mut ChaCha8Rng) -> usize {
    play_prompts(g, rng, checked)
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
        let fresh = |seed: u64| {
            let g = Presidency::new(&Setup::new(variant, seats, seed)).expect("set-up");
            (g, ChaCha8Rng::seed_from_u64(seed))
        };
        for (path, play) in [
            (
                "prompt",
                prompts as fn(Presidency, &mut ChaCha8Rng) -> usize,
            ),
            ("actions", play_actions),
        ] {
            let mut seed = 0u64;
            let mut rng = ChaCha8Rng::seed_from_u64(7);
            group.bench_function(format!("{name}_{path}"), |b| {
                b.iter(|| {
                    seed += 1;
                    black_box(play(fresh(seed).0, &mut rng))
                })
            });
            let label = match path {
                "prompt" => format!("{name}_search"),
                _ => format!("{name}_search_actions"),
            };
            search_row(&mut group, &label, Viewer::Spectator, fresh, play);
        }
    }
    group.finish();
}

criterion_group!(benches, random_games);
criterion_main!(benches);
