//! Plays random games of the Presidential Race through the cheap path, for profiling:
//! `cargo run --release -p hustings-engine --example random_play -- [VARIANT SEATS GAMES [log]]`
//! (e.g. under `valgrind --tool=callgrind`). Without `log`, each game is a search state
//! (resampled after set-up, keeping no log), as the AIs' playouts.

use hustings_engine::presidency::Presidency;
use hustings_engine::{Game, Setup, Viewer};
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let variant = args.first().map_or("standard", String::as_str);
    let seats: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(2);
    let games: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let log = args.get(3).is_some_and(|a| a == "log");
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut legal = Vec::new();
    let mut choices = 0usize;
    let started = std::time::Instant::now();
    for seed in 0..games {
        let fresh = Presidency::new(&Setup::new(variant, seats, seed)).expect("a valid set-up");
        let mut g = if log {
            fresh
        } else {
            Presidency::resample(&fresh.view(Viewer::Spectator), Viewer::Spectator, &mut rng)
        };
        while let Some(seat) = g.first_to_act() {
            legal.clear();
            g.legal_actions(seat, &mut legal);
            let a = *legal.choose(&mut rng).expect("a legal action");
            g.apply_action(seat, a);
            choices += 1;
        }
    }
    let s = started.elapsed().as_secs_f64();
    println!(
        "{games} games, {choices} choices, {:.0} games/s (set-up included)",
        games as f64 / s
    );
}
