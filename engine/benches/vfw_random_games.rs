//! Random games of Votes for Women per second: the speed search AIs depend on.
//! Run with `cargo bench -p hustings-engine --bench vfw_random_games`.
//!
//! `random game`: a game built by `new` (its log kept), played through the prompt contract;
//! `random game (search state)`: a state resampled from the Suffragist's view right after
//! set-up (no log), as the search AIs play their playouts. The `actions` rows play the same
//! through the cheap path (`legal_actions`, `apply_action`), as the fuzzers and AIs do.

mod common;

use common::{play_actions, play_prompts, search_row};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hustings_engine::votes_for_women::VotesForWomen;
use hustings_engine::{Game, Setup, Viewer};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A new game and the policy's generator, from a bench seed.
fn fresh(seed: u64) -> (VotesForWomen, ChaCha8Rng) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let g = VotesForWomen::new(&Setup::new("standard", 2, rng.random())).expect("set-up");
    (g, rng)
}

fn prompts(g: VotesForWomen, rng: &mut ChaCha8Rng) -> usize {
    play_prompts(g, rng, |g, seat, choice| g.apply_legal(seat, choice))
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("votes-for-women");
    group.throughput(Throughput::Elements(1));
    for (name, play) in [
        ("", prompts as fn(VotesForWomen, &mut ChaCha8Rng) -> usize),
        (" (actions)", play_actions),
    ] {
        let mut seed = 0u64;
        group.bench_function(format!("random game{name}"), |b| {
            b.iter(|| {
                seed += 1;
                let (g, mut rng) = fresh(seed);
                play(g, &mut rng)
            })
        });
    }
    let seat0 = Viewer::Seat(0);
    search_row(
        &mut group,
        "random game (search state)",
        seat0,
        fresh,
        prompts,
    );
    search_row(
        &mut group,
        "random game (search state, actions)",
        seat0,
        fresh,
        play_actions,
    );
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
