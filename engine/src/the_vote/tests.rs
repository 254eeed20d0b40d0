//! Rules tests of The Vote.

use rand::seq::IndexedRandom;
use rand::SeedableRng;

use super::*;

/// Plays `n` random-vs-random games and returns (wins per seat, mean turns, capped games).
fn random_stats(n: u64) -> ([u32; 2], f64, u32, Vec<String>) {
    let mut wins = [0u32; 2];
    let mut turns = 0u64;
    let mut capped = 0;
    let mut reasons = Vec::new();
    for seed in 0..n {
        let mut g = TheVote::new(&Setup::new("standard", 2, seed)).unwrap();
        g.logging = false;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ 0x5EED);
        while g.outcome().is_none() {
            let seat = g.to_act()[0];
            let p = g.prompt(seat).unwrap();
            let c = p.choices.choose(&mut rng).unwrap().id.clone();
            g.apply_legal(seat, &c);
        }
        let o = g.outcome().unwrap();
        wins[o.winners[0]] += 1;
        turns += g.public.turn as u64;
        if o.reason.contains("cap") {
            capped += 1;
        }
        if reasons.len() < 5 {
            reasons.push(o.reason.clone());
        }
    }
    (wins, turns as f64 / n as f64, capped, reasons)
}

/// Balance figures under random-vs-random play:
/// `cargo test -p hustings-engine --release the_vote::tests::balance -- --ignored --nocapture`
#[test]
#[ignore]
fn balance_random_vs_random() {
    let n = 2_000;
    let (wins, mean, capped, reasons) = random_stats(n);
    println!(
        "{n} random games: Equality {:.1}%, Supremacy {:.1}%, mean {mean:.1} turns, {capped} at the cap",
        100.0 * wins[0] as f64 / n as f64,
        100.0 * wins[1] as f64 / n as f64
    );
    for r in reasons {
        println!("  {r}");
    }
}
