//! Random games of Votes for Women per second: the speed search AIs depend on.
//! Run with `cargo bench -p hustings-engine --bench vfw_random_games`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hustings_engine::votes_for_women::VotesForWomen;
use hustings_engine::{Game, Setup};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

/// Plays one game with uniformly random legal choices; returns the number of choices.
fn play(seed: u64) -> usize {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut g = VotesForWomen::new(&Setup::new("standard", 2, rng.random())).expect("set-up");
    let mut n = 0;
    while g.outcome().is_none() {
        let seat = g.to_act()[0];
        let prompt = g.prompt(seat).expect("a prompt");
        let choice = &prompt.choices.choose(&mut rng).expect("a choice").id;
        g.apply_legal(seat, choice);
        n += 1;
    }
    n
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
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
