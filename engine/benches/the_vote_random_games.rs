//! Random games per second of The Vote: `cargo bench -p hustings-engine --bench the_vote_random_games`.
//!
//! `random games`: games built by `new` (their log kept), played through the prompt
//! contract, 20 per iteration; `random games (search state)`: states resampled from
//! Equality's view right after set-up (no log), as the search AIs play their playouts; the
//! `actions` rows play one game per iteration through the cheap path (`legal_actions`,
//! `apply_action`).

mod common;

use common::{checked, play_actions, play_prompts, search_row};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hustings_engine::the_vote::TheVote;
use hustings_engine::{Game, Setup, Viewer};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A new game and the policy's generator, from a bench seed.
fn fresh(seed: u64) -> (TheVote, ChaCha8Rng) {
    let g = TheVote::new(&Setup::new("standard", 2, seed)).expect("set-up");
    (g, ChaCha8Rng::seed_from_u64(seed))
}

fn prompts(g: TheVote, rng: &mut ChaCha8Rng) -> usize {
    play_prompts(g, rng, checked)
}

fn bench(c: &mut Criterion) {
    const GAMES: u64 = 20;
    let mut group = c.benchmark_group("the-vote");
    group.throughput(Throughput::Elements(GAMES));
    group.sample_size(20);
    let mut base = 0u64;
    group.bench_function("random games", |b| {
        b.iter(|| {
            base += GAMES;
            (base..base + GAMES)
                .map(|seed| {
                    let (g, mut rng) = fresh(seed);
                    prompts(g, &mut rng)
                })
                .sum::<usize>()
        })
    });
    group.throughput(Throughput::Elements(1));
    let eq = Viewer::Seat(0);
    search_row(
        &mut group,
        "random games (search state)",
        eq,
        fresh,
        prompts,
    );
    let mut seed = 0u64;
    group.bench_function("random games (actions)", |b| {
        b.iter(|| {
            seed += 1;
            let (g, mut rng) = fresh(seed);
            play_actions(g, &mut rng)
        })
    });
    search_row(
        &mut group,
        "random games (search state, actions)",
        eq,
        fresh,
        play_actions,
    );
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
