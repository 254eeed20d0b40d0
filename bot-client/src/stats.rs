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
    /// Per seat (a game's side: seat 0 of Votes for Women is the Suffragist …): games and
    /// wins of each AI in that seat.
    pub by_seat: Vec<SeatTally>,
    /// Set when the tournament's early-stopping test decided, after how many games.
    pub stopped: Option<Stopped>,
}

/// Why a tournament stopped before its last game: its test decided.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct Stopped {
    pub rule: crate::sprt::Sprt,
    pub verdict: crate::sprt::Verdict,
    /// The log-likelihood ratio when it decided.
    pub llr: f64,
    /// Games counted when it decided (the matches under way then were played out too).
    pub after_games: u64,
}

impl Stopped {
    /// The verdict in words.
    pub fn verdict_words(&self) -> &'static str {
        match self.verdict {
            crate::sprt::Verdict::AStronger => "A is stronger",
            crate::sprt::Verdict::NotStronger => "A is not clearly stronger",
            crate::sprt::Verdict::Continue => "undecided",
        }
    }
}

/// One seat's games and wins, by AI.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct SeatTally {
    pub a_games: u64,
    pub a_wins: u64,
    pub b_games: u64,
    pub b_wins: u64,
}

/// One seat's line of a summary: how often whoever sat there won, and each AI there.
#[derive(Clone, Debug, serde::Serialize)]
pub struct SeatSummary {
    pub seat: usize,
    pub games: u64,
    pub wins: u64,
    pub win_rate: f64,
    pub ci95_low: f64,
    pub ci95_high: f64,
    pub a: RateSummary,
    pub b: RateSummary,
}

/// Wins out of games, with a 95% interval.
#[derive(Clone, Debug, serde::Serialize)]
pub struct RateSummary {
    pub games: u64,
    pub wins: u64,
    pub win_rate: f64,
    pub ci95_low: f64,
    pub ci95_high: f64,
}

impl RateSummary {
    pub fn new(wins: u64, games: u64) -> Self {
        let (lo, hi) = wilson(wins, games, Z95);
        RateSummary {
            games,
            wins,
            win_rate: if games == 0 {
                0.0
            } else {
                wins as f64 / games as f64
            },
            ci95_low: lo,
            ci95_high: hi,
        }
    }
}

impl std::fmt::Display for RateSummary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}/{} ({:5.1}%, 95% CI {:5.1}%–{:5.1}%)",
            self.wins,
            self.games,
            100.0 * self.win_rate,
            100.0 * self.ci95_low,
            100.0 * self.ci95_high
        )
    }
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
    /// Win rates by seat (the game's sides), overall and for each AI.
    pub by_seat: Vec<SeatSummary>,
    /// Set when the early-stopping test decided before the last game.
    pub stopped: Option<Stopped>,
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

    /// Counts one game's result by seat: `is_a[s]` whether seat `s` was side A, `winners`
    /// the winning seats. Call alongside [`Tally::record`].
    pub fn record_seats(&mut self, is_a: &[bool], winners: &[usize]) {
        if self.by_seat.len() < is_a.len() {
            self.by_seat.resize(is_a.len(), SeatTally::default());
        }
        for (s, &a) in is_a.iter().enumerate() {
            let won = winners.contains(&s) as u64;
            let t = &mut self.by_seat[s];
            if a {
                t.a_games += 1;
                t.a_wins += won;
            } else {
                t.b_games += 1;
                t.b_wins += won;
            }
        }
    }

    /// A's results for the early-stopping test: games it won alone, games shared or
    /// drawn (half each), games it lost.
    pub fn a_score(&self) -> (u64, u64, u64) {
        let shared = (self.a_wins + self.b_wins).saturating_sub(self.games - self.draws);
        let a_alone = self.a_wins - shared;
        let b_alone = self.b_wins - shared;
        (a_alone, self.draws + shared, b_alone)
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
            by_seat: self
                .by_seat
                .iter()
                .enumerate()
                .map(|(seat, t)| {
                    let all = RateSummary::new(t.a_wins + t.b_wins, t.a_games + t.b_games);
                    SeatSummary {
                        seat,
                        games: all.games,
                        wins: all.wins,
                        win_rate: all.win_rate,
                        ci95_low: all.ci95_low,
                        ci95_high: all.ci95_high,
                        a: RateSummary::new(t.a_wins, t.a_games),
                        b: RateSummary::new(t.b_wins, t.b_games),
                    }
                })
                .collect(),
            stopped: self.stopped,
        }
    }
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // A single-seat variant has no draws: a game side A did not win, the automated
        // opponent won (counted below).
        let draws = if self.by_seat.len() == 1 {
            String::new()
        } else {
            format!("{} draws, ", self.draws)
        };
        writeln!(
            f,
            "{} games, {draws}{:.1} choices per game on average",
            self.games, self.mean_game_length
        )?;
        let single_seat = self.by_seat.len() == 1;
        // In a single-seat variant side B has no seat: only A's line means anything.
        let sides = if single_seat {
            vec![&self.a]
        } else {
            vec![&self.a, &self.b]
        };
        for s in sides {
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
        if let Some(s) = &self.stopped {
            // The rule itself was printed when the tournament started; say only which of
            // its bounds was crossed, and that the matches under way were played out.
            let (lower, upper) = s.rule.bounds();
            let bound = if s.llr >= upper { upper } else { lower };
            writeln!(
                f,
                "  stopped early: {} after {} games (log-likelihood ratio {:.2} crossed its bound \
                 {:.2}; the matches under way then were played out and counted)",
                s.verdict_words(),
                s.after_games,
                s.llr,
                bound
            )?;
        }
        if single_seat && self.games > 0 {
            // One seat: the games it lost were won by the game's automaton (the Oppobot).
            let lost = self.games - self.by_seat[0].wins;
            let (lo, hi) = wilson(lost, self.games, Z95);
            writeln!(
                f,
                "  single-seat variant, {} played every game; the automated opponent won {lost} \
                 ({:.1}%, 95% CI {:.1}%–{:.1}%)",
                self.a.ai,
                100.0 * lost as f64 / self.games as f64,
                100.0 * lo,
                100.0 * hi
            )?;
        }
        for s in &self.by_seat {
            let all = RateSummary {
                games: s.games,
                wins: s.wins,
                win_rate: s.win_rate,
                ci95_low: s.ci95_low,
                ci95_high: s.ci95_high,
            };
            if single_seat {
                writeln!(f, "  {} in seat {}: won {all}", self.a.ai, s.seat)?;
                continue;
            }
            writeln!(f, "  seat {}: won {all}", s.seat)?;
            writeln!(f, "    {:<8} in seat {}: won {}", self.a.ai, s.seat, s.a)?;
            writeln!(f, "    {:<8} in seat {}: won {}", self.b.ai, s.seat, s.b)?;
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

    #[test]
    fn a_shared_win_and_a_draw_each_count_half_for_the_sequential_test() {
        let mut t = Tally::new("greedy", "random");
        t.record(true, false, 10, 5, 0.0, 5, 0.0);
        t.record(true, false, 10, 5, 0.0, 5, 0.0);
        t.record(false, true, 10, 5, 0.0, 5, 0.0);
        t.record(true, true, 10, 5, 0.0, 5, 0.0);
        t.record(false, false, 10, 5, 0.0, 5, 0.0);
        // Won alone, shared or drawn, lost alone.
        assert_eq!(t.a_score(), (2, 2, 1));
    }

    #[test]
    fn seats_are_tallied_by_ai() {
        let mut t = Tally::new("greedy", "random");
        t.record(true, false, 10, 5, 0.0, 5, 0.0);
        t.record_seats(&[true, false], &[0]);
        t.record(true, false, 10, 5, 0.0, 5, 0.0);
        t.record_seats(&[false, true], &[1]);
        t.record(false, true, 10, 5, 0.0, 5, 0.0);
        t.record_seats(&[true, false], &[1]);
        let s = t.summary();
        assert_eq!(s.by_seat.len(), 2);
        assert_eq!((s.by_seat[0].games, s.by_seat[0].wins), (3, 1));
        assert_eq!((s.by_seat[0].a.games, s.by_seat[0].a.wins), (2, 1));
        assert_eq!((s.by_seat[1].a.games, s.by_seat[1].a.wins), (1, 1));
        assert_eq!((s.by_seat[1].b.games, s.by_seat[1].b.wins), (2, 1));
        assert!(s.to_string().contains("seat 1: won 2/3"), "{s}");
    }
}
