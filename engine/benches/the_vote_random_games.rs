//! Random games per second of The Vote: `cargo bench -p hustings-engine --bench the_vote_random_games`.
//!
//! `random games`: games built by `new` (their log kept), played through the prompt
//! contract, 20 per iteration; `random games (search state)`: states resampled from
//! Equality's view right after set-up (no log), as the search AIs play their playouts; the
//! `actions` rows play one game per iteration through the cheap path (`legal_actions`,
//! `apply_action`).

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use hustings_engine::the_vote::TheVote;
use hustings_engine::{Game, Setup, Viewer};
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

/// Plays a game to its end with uniformly random legal choices; returns the number of choices.
fn play_prompts(mut g: TheVote, rng: &mut ChaCha8Rng) -> usize {
    let mut n = 0;
    while g.outcome().is_none() {
        let seat = g.to_act()[0];
        let prompt = g.prompt(seat).expect("a prompt");
        let choice = prompt.choices.choose(rng).expect("a choice").id.clone();
        g.apply(seat, &choice).expect("legal");
        n += 1;
    }
    n
}

/// The same through the cheap path (`first_to_act`, `legal_actions`, `apply_action`).
fn play_actions(mut g: TheVote, rng: &mut ChaCha8Rng) -> usize {
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
    let g = TheVote::new(&Setup::new("standard", 2, seed)).expect("set-up");
    play_prompts(g, &mut ChaCha8Rng::seed_from_u64(seed))
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
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("random games (search state)", |b| {
        b.iter_batched(
            || {
                seed += 1;
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let g = TheVote::new(&Setup::new("standard", 2, seed)).expect("set-up");
                let viewer = Viewer::Seat(0);
                (TheVote::resample(&g.view(viewer), viewer, &mut rng), rng)
            },
            |(g, mut rng)| play_prompts(g, &mut rng),
            BatchSize::SmallInput,
        )
    });
    let mut seed = 0u64;
    group.bench_function("random games (actions)", |b| {
        b.iter(|| {
            seed += 1;
            let g = TheVote::new(&Setup::new("standard", 2, seed)).expect("set-up");
            play_actions(g, &mut ChaCha8Rng::seed_from_u64(seed))
        })
    });
    let mut seed = 0u64;
    group.bench_function("random games (search state, actions)", |b| {
        b.iter_batched(
            || {
                seed += 1;
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let g = TheVote::new(&Setup::new("standard", 2, seed)).expect("set-up");
                let viewer = Viewer::Seat(0);
                (TheVote::resample(&g.view(viewer), viewer, &mut rng), rng)
            },
            |(g, mut rng)| play_actions(g, &mut rng),
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
