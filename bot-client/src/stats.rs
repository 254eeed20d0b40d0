//! Tournament statistics: win rates with Wilson score intervals.

/// z for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval of `successes` out of `n` trials at `z` (e.g. [`Z95`]).
/// Unlike the normal approximation it stays inside 0..=1 and behaves near 0% and 100%.
pub fn wilson(successes: u64, n: u64, z: f64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let n = n as f64;
    let p = successes as f64 / n;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z * ((p * (1.0 - p) + z2 / (4.0 * n)) / n).sqrt() / (1.0 + z2 / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_published_values() {
        // 81 of 263 at 95%: the textbook example gives 0.2553 .. 0.3662.
        let (lo, hi) = wilson(81, 263, Z95);
        assert!((lo - 0.2553).abs() < 5e-4, "{lo}");
        assert!((hi - 0.3662).abs() < 5e-4, "{hi}");
    }

    #[test]
    fn wilson_stays_inside_bounds_at_the_extremes() {
        let (lo, hi) = wilson(0, 10, Z95);
        assert_eq!(lo, 0.0);
        assert!(hi > 0.2 && hi < 0.35, "{hi}");
        let (lo, hi) = wilson(10, 10, Z95);
        assert!(lo > 0.65 && lo < 0.8, "{lo}");
        assert!((hi - 1.0).abs() < 1e-12);
    }
}

/// The running score of a two-AI tournament.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Tally {
    pub a: String,
    pub b: String,
    pub games: u64,
    pub a_wins: u64,
    pub b_wins: u64,
    pub draws: u64,
    /// Choices made in all games, by every seat.
    pub choices: u64,
    pub a_decisions: u64,
    pub b_decisions: u64,
    pub a_think_secs: f64,
    pub b_think_secs: f64,
}

/// One side's line of a tournament summary.
#[derive(Clone, Debug, serde::Serialize)]
pub struct SideSummary {
    pub ai: String,
    pub wins: u64,
    pub win_rate: f64,
    pub ci95_low: f64,
    pub ci95_high: f64,
    pub decisions: u64,
    pub mean_decision_ms: f64,
}

/// A tournament's result, as `--json` prints it.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Summary {
    pub games: u64,
    pub draws: u64,
    pub mean_game_length: f64,
    pub a: SideSummary,
    pub b: SideSummary,
}

impl Tally {
    pub fn new(a: &str, b: &str) -> Self {
        Tally {
            a: a.to_string(),
            b: b.to_string(),
            ..Tally::default()
        }
    }

    /// Counts one game. `a_won`/`b_won`: whether each side is among the winners (a shared
    /// win between a seat of each side counts for both); neither is a draw.
    #[allow(clippy::too_many_arguments)]
    pub fn record(
        &mut self,
        a_won: bool,
        b_won: bool,
        choices: u64,
        a_decisions: u64,
        a_think_secs: f64,
        b_decisions: u64,
        b_think_secs: f64,
    ) {
        self.games += 1;
        match (a_won, b_won) {
            (true, false) => self.a_wins += 1,
            (false, true) => self.b_wins += 1,
            (true, true) => {
                self.a_wins += 1;
                self.b_wins += 1;
            }
            (false, false) => self.draws += 1,
        }
        self.choices += choices;
        self.a_decisions += a_decisions;
        self.b_decisions += b_decisions;
        self.a_think_secs += a_think_secs;
        self.b_think_secs += b_think_secs;
    }

    pub fn summary(&self) -> Summary {
        let side = |ai: &str, wins: u64, decisions: u64, secs: f64| {
            let (lo, hi) = wilson(wins, self.games, Z95);
            SideSummary {
                ai: ai.to_string(),
                wins,
                win_rate: if self.games == 0 {
                    0.0
                } else {
                    wins as f64 / self.games as f64
                },
                ci95_low: lo,
                ci95_high: hi,
                decisions,
                mean_decision_ms: if decisions == 0 {
                    0.0
                } else {
                    1000.0 * secs / decisions as f64
                },
            }
        };
        Summary {
            games: self.games,
            draws: self.draws,
            mean_game_length: if self.games == 0 {
                0.0
            } else {
                self.choices as f64 / self.games as f64
            },
            a: side(&self.a, self.a_wins, self.a_decisions, self.a_think_secs),
            b: side(&self.b, self.b_wins, self.b_decisions, self.b_think_secs),
        }
    }
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "{} games, {} draws, {:.1} choices per game on average",
            self.games, self.draws, self.mean_game_length
        )?;
        for s in [&self.a, &self.b] {
            writeln!(
                f,
                "  {:<8} wins {:>5} ({:5.1}%, 95% CI {:5.1}%–{:5.1}%), {:.3} ms per decision over {} decisions",
                s.ai,
                s.wins,
                100.0 * s.win_rate,
                100.0 * s.ci95_low,
                100.0 * s.ci95_high,
                s.mean_decision_ms,
                s.decisions
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tally_tests {
    use super::*;

    #[test]
    fn a_tally_counts_wins_draws_length_and_decision_time() {
        let mut t = Tally::new("ismcts", "random");
        t.record(true, false, 80, 40, 2.0, 40, 0.0);
        t.record(false, true, 100, 50, 3.0, 50, 0.0);
        t.record(false, false, 90, 45, 1.0, 45, 0.0);
        let s = t.summary();
        assert_eq!((s.games, s.draws, s.a.wins, s.b.wins), (3, 1, 1, 1));
        assert!((s.mean_game_length - 90.0).abs() < 1e-9);
        assert!((s.a.mean_decision_ms - 1000.0 * 6.0 / 135.0).abs() < 1e-9);
        let text = s.to_string();
        assert!(text.contains("3 games, 1 draws"), "{text}");
        assert!(text.contains("95% CI"), "{text}");
    }
}
