//! Random games of Votes for Women per second: the speed search AIs depend on.
//! Run with `cargo bench -p hustings-engine --bench vfw_random_games`.
//!
//! `random game`: a game built by `new` (its log kept), played through the prompt contract;
//! `random game (search state)`: a state resampled from the Suffragist's view right after
//! set-up (no log), as the search AIs play their playouts. The `actions` rows play the same
//! through the cheap path (`legal_actions`, `apply_action`), as the fuzzers and AIs do.

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use hustings_engine::votes_for_women::VotesForWomen;
use hustings_engine::{Game, Setup, Viewer};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Plays a game to its end with uniformly random legal choices; returns the number of choices.
fn play_prompts(mut g: VotesForWomen, rng: &mut ChaCha8Rng) -> usize {
    let mut n = 0;
    while g.outcome().is_none() {
        let seat = g.to_act()[0];
        let prompt = g.prompt(seat).expect("a prompt");
        let choice = &prompt.choices.choose(rng).expect("a choice").id;
        g.apply_legal(seat, choice);
        n += 1;
    }
    n
}

/// The same through the cheap path (`first_to_act`, `legal_actions`, `apply_action`).
fn play_actions(mut g: VotesForWomen, rng: &mut ChaCha8Rng) -> usize {
    let mut n = 0;
    let mut legal = Vec::new();
    while let Some(seat) = g.first_to_act() {
        legal.clear();
        g.legal_actions(seat, &mut legal);
        let action = *legal.choose(rng).expect("a legal action");
        g.apply_action(seat, action);
        n += 1;
    }
    n
}

fn play(seed: u64) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let g = VotesForWomen::new(&Setup::new("standard", 2, rng.random())).expect("set-up");
    play_prompts(g, &mut rng)
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("votes-for-women");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("random game", |b| {
        b.iter(|| {
            seed += 1;
            play(seed)
        })
    });
    let mut seed = 0u64;
    group.bench_function("random game (search state)", |b| {
        b.iter_batched(
            || {
                seed += 1;
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let g =
                    VotesForWomen::new(&Setup::new("standard", 2, rng.random())).expect("set-up");
                let viewer = Viewer::Seat(0);
                (
                    VotesForWomen::resample(&g.view(viewer), viewer, &mut rng),
                    rng,
                )
            },
            |(g, mut rng)| play_prompts(g, &mut rng),
            BatchSize::SmallInput,
        )
    });
    let mut seed = 0u64;
    group.bench_function("random game (actions)", |b| {
        b.iter(|| {
            seed += 1;
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let g = VotesForWomen::new(&Setup::new("standard", 2, rng.random())).expect("set-up");
            play_actions(g, &mut rng)
        })
    });
    let mut seed = 0u64;
    group.bench_function("random game (search state, actions)", |b| {
        b.iter_batched(
            || {
                seed += 1;
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let g =
                    VotesForWomen::new(&Setup::new("standard", 2, rng.random())).expect("set-up");
                let viewer = Viewer::Seat(0);
                (
                    VotesForWomen::resample(&g.view(viewer), viewer, &mut rng),
                    rng,
                )
            },
            |(g, mut rng)| play_actions(g, &mut rng),
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
