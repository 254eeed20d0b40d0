//! One game between two AIs, in-process, with its whole log printed: to see how an AI plays
//! (which actions it takes, when it moves Congress) while tuning it.
//!
//! `cargo run --release -p hustings-bot --example trace -- GAME VARIANT A B [SEED]`
//!
//! A plays seat 0 and B seat 1 (and alternate seats with more), each a spec as
//! `hustings_bot::ai::from_spec` takes it: `ismcts:1000/eval=learned`.

use hustings_bot::ai::{Ai, from_spec};
use hustings_bot::local::play_local_to_end;
use hustings_engine::Setup;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [game, variant, a, b] = [0, 1, 2, 3].map(|i| args.get(i).cloned());
    let (Some(game), Some(variant), Some(a), Some(b)) = (game, variant, a, b) else {
        return Err("usage: trace GAME VARIANT A B [SEED]".into());
    };
    let seed: u64 = match args.get(4) {
        Some(s) => s.parse().map_err(|_| "SEED is a number")?,
        None => 1,
    };
    let info = hustings_engine::game_info(&game).ok_or(format!("unknown game {game}"))?;
    let seats = info
        .variant(&variant)
        .ok_or(format!("no variant {variant}"))?
        .default_seats;
    let mut ais = (0..seats)
        .map(|s| {
            from_spec(
                if s % 2 == 0 { &a } else { &b },
                seed.wrapping_add(s as u64),
            )
        })
        .collect::<Result<Vec<Box<dyn Ai>>, _>>()?;
    let setup = Setup::new(&variant, seats, seed);
    let (r, end) = play_local_to_end(&game, &setup, &mut ais, 2_000_000)?;
    for e in end.log_all(0) {
        let who = e.seat.map_or(String::from("  "), |s| format!("{s} "));
        println!("{who}{:<10} {}", e.kind, e.text);
    }
    println!("winners: {:?}", r.outcome.winners);
    Ok(())
}
