//! Balance figures from self-play, in-process (no server):
//!
//! `cargo run --release -p hustings-bot --example balance -- [GAME] [AI[:LEVEL]] [GAMES] [SEED] [THREADS] [RULES]`
//!
//! defaults: `the-vote greedy:2 400 1 2` and today's rules revision (the games split among
//! THREADS threads; the figures do not depend on it; RULES plays an older revision, e.g.
//! `1` for The Vote's numbers before their retune). Prints each seat's wins with a 95% interval, the
//! game length in turns and how the games ended.

use std::collections::BTreeMap;

use hustings_bot::selfplay::{Summary, self_play_parallel};

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.into());
    let game = arg(0, "the-vote");
    let ai = arg(1, "greedy:2");
    let games: u64 = arg(2, "400").parse().map_err(|_| "GAMES is a number")?;
    let seed: u64 = arg(3, "1").parse().map_err(|_| "SEED is a number")?;
    let threads: usize = arg(4, "2").parse().map_err(|_| "THREADS is a number")?;
    let rules: u32 = arg(5, &hustings_engine::RULES_REVISION.to_string())
        .parse()
        .map_err(|_| "RULES is a number")?;
    let (name, level) = ai.split_once(':').unwrap_or((ai.as_str(), ""));
    let info = hustings_engine::game_info(&game).ok_or(format!("unknown game {game}"))?;
    let variant = info
        .variant("standard")
        .ok_or("no standard variant")?
        .clone();
    let seats = variant.default_seats;
    let started = std::time::Instant::now();
    let records = self_play_parallel(
        &game, seats, rules, name, level, games, seed, 2_000_000, threads,
    )?;
    let s = Summary::of(&records, seats);
    println!(
        "{game}, {ai} in every seat, {games} games from seed {seed}, rules revision {rules} ({:.1} s)",
        started.elapsed().as_secs_f64()
    );
    for seat in 0..seats {
        let (p, lo, hi) = s.win_rate(seat);
        println!(
            "  {:<10} wins {:>4} ({:5.1}%, 95% CI {:5.1}%–{:5.1}%), mean final score {:.1}",
            variant.seat_names[seat],
            s.wins[seat],
            100.0 * p,
            100.0 * lo,
            100.0 * hi,
            s.mean_scores[seat]
        );
    }
    println!(
        "  turns: mean {:.1}, median {:.1}, min {}, max {}",
        s.mean_turns, s.median_turns, s.min_turns, s.max_turns
    );
    for seat in 0..seats {
        let t: Vec<u32> = records
            .iter()
            .filter(|r| r.winner == Some(seat))
            .filter_map(|r| r.turns)
            .collect();
        if !t.is_empty() {
            println!(
                "  {} wins last {:.1} turns on average",
                variant.seat_names[seat],
                t.iter().sum::<u32>() as f64 / t.len() as f64
            );
        }
    }
    let mut reasons: BTreeMap<String, u64> = BTreeMap::new();
    for r in &records {
        // Group by the words before the first figure.
        let key: String = r
            .reason
            .split(|c: char| c.is_ascii_digit() || c == '(')
            .next()
            .unwrap_or("")
            .trim()
            .to_string();
        *reasons.entry(key).or_default() += 1;
    }
    for (k, n) in reasons {
        println!("  {n:>5} × {k}");
    }
    Ok(())
}
