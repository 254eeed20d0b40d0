//! When a tournament may stop: Wald's sequential probability ratio test (SPRT), as chess
//! engines are tested (Fishtest), on side A's score per game (a win 1, a draw ½, a loss 0).
//!
//! The test weighs two hypotheses about A's true score rate: `p0` (by default ½, the sides
//! are even) against `p1` (by default 0.6, A is clearly stronger). After each game the
//! log-likelihood ratio of the results so far is compared with two bounds set by the error
//! rates (α of calling A stronger when it is not, β of missing it when it is): above the
//! upper bound A is stronger, below the lower one it is not; in between, play on. Unlike a
//! confidence interval looked at after every game, this stops early without inflating the
//! error rates, and it needs the fewest games when the difference is large.

/// What the results so far say.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Not clear yet: play on.
    Continue,
    /// A's score rate is `p1` or more (H1 accepted).
    AStronger,
    /// A's score rate is `p0` or less (H0 accepted): A is not clearly stronger.
    NotStronger,
}

/// The test's settings.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Sprt {
    /// A's score rate under the null hypothesis (even sides: 0.5).
    pub p0: f64,
    /// A's score rate under the alternative (A clearly stronger).
    pub p1: f64,
    /// The chance of calling A stronger when its rate is `p0`.
    pub alpha: f64,
    /// The chance of missing it when its rate is `p1`.
    pub beta: f64,
}

impl Default for Sprt {
    fn default() -> Self {
        Sprt {
            p0: 0.5,
            p1: 0.6,
            alpha: 0.05,
            beta: 0.05,
        }
    }
}

impl Sprt {
    /// `P0:P1` (`0.5:0.6`), each a score rate strictly between 0 and 1, P0 below P1; α and
    /// β stay 0.05.
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let bad = || format!("--sprt takes P0:P1 such as 0.5:0.6 (0 < P0 < P1 < 1), not '{text}'");
        let (p0, p1) = text.split_once(':').ok_or_else(bad)?;
        let p0: f64 = p0.trim().parse().map_err(|_| bad())?;
        let p1: f64 = p1.trim().parse().map_err(|_| bad())?;
        if !(0.0 < p0 && p0 < p1 && p1 < 1.0) {
            return Err(bad());
        }
        Ok(Sprt {
            p0,
            p1,
            ..Sprt::default()
        })
    }

    /// The bounds on the log-likelihood ratio: below the first H0 is accepted, above the
    /// second H1.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 after `wins`, `draws` and `losses` of A
    /// (a draw counts half a win and half a loss).
    pub fn llr(&self, wins: u64, draws: u64, losses: u64) -> f64 {
        let win = (self.p1 / self.p0).ln();
        let loss = ((1.0 - self.p1) / (1.0 - self.p0)).ln();
        let score = wins as f64 + 0.5 * draws as f64;
        let lost = losses as f64 + 0.5 * draws as f64;
        score * win + lost * loss
    }

    /// The verdict after these results.
    pub fn verdict(&self, wins: u64, draws: u64, losses: u64) -> Verdict {
        let llr = self.llr(wins, draws, losses);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::AStronger
        } else if llr <= lower {
            Verdict::NotStronger
        } else {
            Verdict::Continue
        }
    }

    /// The rule in words, printed when a tournament starts.
    pub fn describe(&self) -> String {
        let (lower, upper) = self.bounds();
        format!(
            "stops early by SPRT on A's score (win 1, draw ½, loss 0): H0 A scores {:.0}%, \
             H1 A scores {:.0}%, α = {}, β = {}; A is stronger once the log-likelihood ratio \
             reaches {upper:.2}, not stronger once it falls to {lower:.2}",
            100.0 * self.p0,
            100.0 * self.p1,
            self.alpha,
            self.beta
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    #[test]
    fn the_ratio_and_bounds_are_walds() {
        let t = Sprt::default();
        // 10 wins and 5 losses: 10 ln 1.2 + 5 ln 0.8.
        let want = 10.0 * 1.2f64.ln() + 5.0 * 0.8f64.ln();
        assert!((t.llr(10, 0, 5) - want).abs() < 1e-12);
        // A draw is half of each.
        assert!((t.llr(0, 2, 0) - (1.2f64.ln() + 0.8f64.ln())).abs() < 1e-12);
        let (lower, upper) = t.bounds();
        assert!((upper - 19f64.ln()).abs() < 1e-12 && (lower + 19f64.ln()).abs() < 1e-12);
        assert_eq!(t.verdict(0, 0, 0), Verdict::Continue);
        assert_eq!(t.verdict(17, 0, 0), Verdict::AStronger);
        assert_eq!(t.verdict(16, 0, 0), Verdict::Continue);
        assert_eq!(t.verdict(0, 0, 14), Verdict::NotStronger);
    }

    /// Plays simulated tournaments with A's true score rate `p` until the test decides;
    /// returns how often it called A stronger and the mean number of games.
    fn simulate(t: &Sprt, p: f64, runs: usize, seed: u64) -> (f64, f64) {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let (mut stronger, mut games) = (0usize, 0u64);
        for _ in 0..runs {
            let (mut w, mut l) = (0u64, 0u64);
            loop {
                if rng.random_bool(p) {
                    w += 1
                } else {
                    l += 1
                }
                match t.verdict(w, 0, l) {
                    Verdict::Continue => continue,
                    v => {
                        stronger += usize::from(v == Verdict::AStronger);
                        games += w + l;
                        break;
                    }
                }
            }
        }
        (stronger as f64 / runs as f64, games as f64 / runs as f64)
    }

    #[test]
    fn its_error_rates_hold_and_a_large_difference_is_found_fast() {
        let t = Sprt::default();
        // Even sides: A is called stronger in about α of the tournaments, not more.
        let (false_alarm, _) = simulate(&t, 0.5, 4000, 1);
        assert!(false_alarm < 0.065, "{false_alarm}");
        // A at 60%: found in about 1 − β of them.
        let (power, _) = simulate(&t, 0.6, 4000, 2);
        assert!(power > 0.93, "{power}");
        // A at 75%: a few dozen games suffice.
        let (power, mean_games) = simulate(&t, 0.75, 2000, 3);
        assert!(power > 0.99 && mean_games < 40.0, "{power} {mean_games}");
    }

    #[test]
    fn bad_settings_are_refused() {
        assert_eq!(Sprt::parse("0.5:0.6"), Ok(Sprt::default()));
        for bad in ["0.6:0.5", "0.5", "0:0.6", "0.5:1", "a:b", ""] {
            assert!(Sprt::parse(bad).is_err(), "{bad}");
        }
    }
}
