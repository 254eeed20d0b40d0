//! Random games per second of The Vote: `cargo bench -p hustings-engine --bench the_vote_random_games`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hustings_engine::the_vote::TheVote;
use hustings_engine::{Game, Setup};
use rand::SeedableRng;
use rand::seq::IndexedRandom;

/// Plays one game with uniformly random legal choices; returns the number of choices.
fn play(seed: u64) -> usize {
    let mut g = TheVote::new(&Setup::new("standard", 2, seed)).expect("set-up");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut n = 0;
    while g.outcome().is_none() {
        let seat = g.to_act()[0];
        let prompt = g.prompt(seat).expect("a prompt");
        let choice = prompt
            .choices
            .choose(&mut rng)
            .expect("a choice")
            .id
            .clone();
        g.apply(seat, &choice).expect("legal");
        n += 1;
    }
    n
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
            (base..base + GAMES).map(play).sum::<usize>()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
