//! The odds behind the AI guards: each guard's bound is one that an AI no stronger than the
//! one it must beat reaches at most one time in a hundred ([`ALPHA`]), computed here from the
//! number of games and the weaker AI's rate, so that the bound says what it rules out and
//! cannot drift from it.

// Each test crate uses only its part.
#![allow(dead_code)]

/// The guards' level: a weaker AI passes a guard with probability at most 1%.
pub const ALPHA: f64 = 0.01;

/// P(X ≥ k) for X ~ Binomial(n, p), summed exactly term by term (in logarithms, so that
/// thousands of games neither underflow nor overflow).
pub fn binomial_upper_tail(n: u64, k: u64, p: f64) -> f64 {
    if k == 0 {
        return 1.0;
    }
    if k > n || p <= 0.0 {
        return 0.0;
    }
    if p >= 1.0 {
        return 1.0;
    }
    let (ln_p, ln_q) = (p.ln(), (1.0 - p).ln());
    // ln C(n, i), built up from ln C(n, 0) = 0.
    let mut ln_c = 0.0;
    let mut tail = 0.0;
    for i in 1..=n {
        ln_c += ((n - i + 1) as f64).ln() - (i as f64).ln();
        if i >= k {
            tail += (ln_c + i as f64 * ln_p + (n - i) as f64 * ln_q).exp();
        }
    }
    tail.min(1.0)
}

/// The smallest k that a player winning each of `n` games with probability `p` reaches
/// (k or more wins) with probability at most [`ALPHA`]; `n + 1` if even `n` is likelier.
pub fn bound_at_one_percent(n: u64, p: f64) -> u64 {
    (0..=n)
        .find(|&k| binomial_upper_tail(n, k, p) <= ALPHA)
        .unwrap_or(n + 1)
}

/// The wins a guard against random demands in `games` games with sides swapped every other
/// game: the smallest number an AI no stronger than random reaches with probability at most
/// 1%. Against random, sides swapped and no draws or shared wins (none in 4,000 seeded
/// random-against-random Presidential Races, nor in 2,000 games each of Votes for Women and
/// The Vote), such an AI wins exactly half the games on average however lopsided the seats
/// are; its wins are then a sum of independent games, whose tail is at most Binomial(n, 1/2)'s
/// at any k ≥ n/2 + 1 (Hoeffding, 1956). So the bound is Binomial(n, 1/2)'s.
pub fn bound_against_random(games: u64) -> u64 {
    assert!(games.is_multiple_of(2), "sides swap every other game");
    bound_at_one_percent(games, 0.5)
}

/// A measured rate taken at its cautious end, the upper bound of its 95% Wilson interval:
/// the null a guard uses where a weaker AI's rate was measured, not derived.
pub fn measured_rate(wins: u64, games: u64) -> f64 {
    hustings_bot::stats::wilson(wins, games, hustings_bot::stats::Z95).1
}

/// P(X ≤ k) for X the number of successes in independent trials of probabilities `ps` (a
/// Poisson binomial), exactly.
pub fn poisson_binomial_lower_tail(ps: &[f64], k: usize) -> f64 {
    // dist[j]: probability of j successes so far.
    let mut dist = vec![1.0];
    for &p in ps {
        let mut next = vec![0.0; dist.len() + 1];
        for (j, &d) in dist.iter().enumerate() {
            next[j] += d * (1.0 - p);
            next[j + 1] += d * p;
        }
        dist = next;
    }
    dist.iter().take(k + 1).sum::<f64>().min(1.0)
}

/// The largest b such that trials of probabilities `ps` give b or fewer successes with
/// probability at most [`ALPHA`]; `None` if even none is likelier.
pub fn lower_bound_at_one_percent(ps: &[f64]) -> Option<usize> {
    (0..=ps.len())
        .take_while(|&b| poisson_binomial_lower_tail(ps, b) <= ALPHA)
        .last()
}
