//! Two AIs against each other, in-process (no server), on every core: the quick measure used
//! to tune the AIs (each knob of IS-MCTS is tried here before it is kept).
//!
//! `cargo run --release -p hustings-bot --example versus -- GAME VARIANT A B [GAMES] [SEED] [THREADS]`
//!
//! A and B are specs as `hustings_bot::ai::from_spec` takes them: `random`,
//! `greedy[:samples]` or `ismcts[:level]`, followed by knobs separated by `/` (see
//! `Ismcts::with_knob`): `ismcts:2000/depth=4/c=0.5/eval=learned`. Sides swap seats every other game. Prints the running score
//! after every game, then A's win rate with its 95% interval and each side's time per
//! decision.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use hustings_bot::ai::from_spec as build;
use hustings_bot::local::{play_local, side_is_a};
use hustings_bot::stats::{Z95, wilson};
use hustings_engine::Setup;

#[derive(Default)]
struct Score {
    games: u64,
    a_wins: u64,
    b_wins: u64,
    decisions: [u64; 2],
    think: [Duration; 2],
    /// Per seat: games and wins of side A there.
    a_by_seat: Vec<(u64, u64)>,
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.into());
    let game = arg(0, "presidency");
    let variant = arg(1, "standard");
    let a = arg(2, "ismcts");
    let b = arg(3, "greedy");
    let games: u64 = arg(4, "100").parse().map_err(|_| "GAMES is a number")?;
    let seed: u64 = arg(5, "1").parse().map_err(|_| "SEED is a number")?;
    let threads: usize = arg(6, "2").parse().map_err(|_| "THREADS is a number")?;
    let info = hustings_engine::game_info(&game).ok_or(format!("unknown game {game}"))?;
    let seats = info
        .variant(&variant)
        .ok_or(format!("no variant {variant}"))?
        .default_seats;
    build(&a, 0)?;
    build(&b, 0)?;
    let next = Arc::new(AtomicU64::new(0));
    let score = Arc::new(Mutex::new(Score {
        a_by_seat: vec![(0, 0); seats],
        ..Score::default()
    }));
    let started = std::time::Instant::now();
    let workers: Vec<_> = (0..threads.max(1))
        .map(|_| {
            let (next, score) = (next.clone(), score.clone());
            let (game, variant, a, b) = (game.clone(), variant.clone(), a.clone(), b.clone());
            std::thread::spawn(move || -> Result<(), String> {
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= games {
                        return Ok(());
                    }
                    // A single-seat variant: side A plays every game.
                    let is_a: Vec<bool> =
                        (0..seats).map(|s| seats == 1 || side_is_a(g, s)).collect();
                    let mut ais = (0..seats)
                        .map(|s| {
                            let spec = if is_a[s] { &a } else { &b };
                            build(spec, g.wrapping_mul(7919).wrapping_add(s as u64))
                        })
                        .collect::<Result<Vec<_>, _>>()?;
                    let setup = Setup::new(&variant, seats, seed.wrapping_add(g));
                    let r = play_local(&game, &setup, &mut ais, 2_000_000)?;
                    let won = |side: bool| {
                        r.outcome
                            .winners
                            .iter()
                            .any(|&w| is_a.get(w) == Some(&side))
                    };
                    let mut s = score.lock().map_err(|e| e.to_string())?;
                    s.games += 1;
                    s.a_wins += u64::from(won(true));
                    s.b_wins += u64::from(won(false) && !won(true));
                    for (seat, &a) in is_a.iter().enumerate() {
                        let side = usize::from(!a);
                        s.decisions[side] += r.decisions[seat];
                        s.think[side] += r.think_time[seat];
                        if a {
                            s.a_by_seat[seat].0 += 1;
                            s.a_by_seat[seat].1 += u64::from(r.outcome.winners.contains(&seat));
                        }
                    }
                    let (lo, hi) = wilson(s.a_wins, s.games, Z95);
                    println!(
                        "game {g:>4} (seed {}): A {} – {} B of {}  A {:.1}% [{:.1}–{:.1}]  {:.0} s",
                        seed.wrapping_add(g),
                        s.a_wins,
                        s.b_wins,
                        s.games,
                        100.0 * s.a_wins as f64 / s.games as f64,
                        100.0 * lo,
                        100.0 * hi,
                        started.elapsed().as_secs_f64()
                    );
                }
            })
        })
        .collect();
    for w in workers {
        w.join().map_err(|_| "a worker panicked")??;
    }
    let s = score.lock().map_err(|e| e.to_string())?;
    let (lo, hi) = wilson(s.a_wins, s.games, Z95);
    let ms = |side: usize| 1e3 * s.think[side].as_secs_f64() / s.decisions[side].max(1) as f64;
    println!(
        "{game} {variant}: A {a} won {} of {} ({:.1}%, 95% CI {:.1}%–{:.1}%), B {b} won {}; \
         ms/decision A {:.1}, B {:.1}",
        s.a_wins,
        s.games,
        100.0 * s.a_wins as f64 / s.games.max(1) as f64,
        100.0 * lo,
        100.0 * hi,
        s.b_wins,
        ms(0),
        ms(1)
    );
    for (seat, (g, w)) in s.a_by_seat.iter().enumerate() {
        println!("  A in seat {seat}: won {w} of {g}");
    }
    Ok(())
}
