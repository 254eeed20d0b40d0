//! Random full games per second of the Presidential Race, through the public contract
//! (`to_act`, `prompt`, `apply`): the two-player standard game (30 rounds and the Election
//! deck) and a six-seat National Convention (30 rounds).
//!
//! Each iteration plays one whole game from a new seed with uniformly random legal choices;
//! the throughput line ("elem/s") is games per second.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hustings_engine::presidency::Presidency;
use hustings_engine::{Game, Setup};
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

/// Plays one game to its end; returns how many choices it took.
fn play(setup: &Setup, rng: &mut ChaCha8Rng) -> usize {
    let mut game = Presidency::new(setup).expect("a valid set-up");
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

fn random_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("presidency_random_game");
    group.throughput(Throughput::Elements(1));
    // A six-seat game takes over a millisecond: give 100 samples room.
    group.measurement_time(Duration::from_secs(10));
    for (name, variant, seats) in [
        ("standard_2p", "standard", 2),
        ("convention_6p", "convention", 6),
    ] {
        let mut seed = 0u64;
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        group.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                let setup = Setup::new(variant, seats, seed);
                black_box(play(&setup, &mut rng))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, random_games);
criterion_main!(benches);
