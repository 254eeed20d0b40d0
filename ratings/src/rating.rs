//! One account's skill estimate, and how it is shown to people.
//!
//! The model works in its own units (a new account is mu 25, sigma 25/3). People read ratings
//! on the scale chess sites use, so [`Rating::display`] maps mu onto it with a scale chosen to
//! make a display gap mean the same win chance as the same Elo gap (see [`DISPLAY_PER_MU`]).

/// The model's starting mean: OpenSkill's and skillratings' default.
pub const INITIAL_MU: f64 = 25.0;
/// The model's starting uncertainty: a third of the mean, the default of both.
pub const INITIAL_SIGMA: f64 = 25.0 / 3.0;
/// The model's performance spread: the mu gap that gives about 2:1 odds (the default, 25/6).
/// Fixed here rather than configurable because [`DISPLAY_PER_MU`] and the provisional
/// threshold are derived from it.
pub const BETA: f64 = 25.0 / 6.0;

/// Display points per unit of mu.
///
/// Between two settled accounts (small sigma) Weng-Lin's Bradley-Terry model predicts
/// `1 / (1 + exp(-gap / (BETA * sqrt 2)))`; Elo predicts `1 / (1 + 10^(-gap / 400))`. Equating
/// the two gives `400 / ln 10 / (BETA * sqrt 2)` ≈ 29.48 display points per mu, so "200
/// points ahead" means about 76% here as it does in chess.
pub const DISPLAY_PER_MU: f64 = 400.0 / std::f64::consts::LN_10 / (BETA * std::f64::consts::SQRT_2);

/// The display value of a new account (mu 25), the number chess players expect.
pub const DISPLAY_START: f64 = 1500.0;

/// Sigma at or above which a rating is provisional.
///
/// Lichess marks a Glicko-2 rating provisional while its deviation is at least 110 points.
/// Glicko's points are Elo points, and [`DISPLAY_PER_MU`] puts ours on the same scale, so the
/// same doubt is 110 / 29.48 ≈ 3.73 mu. A new account (sigma 8.33, 246 display points)
/// stays provisional for about 23 games against settled opponents: the model shrinks sigma
/// slowly, and this is the lenient translation (Lichess's 110 of its initial 500, scaled
/// to our 8.33, would be 1.83).
pub const PROVISIONAL_SIGMA: f64 = 110.0 / DISPLAY_PER_MU;

/// The normal quantile of a two-sided 95% interval: the model's posterior is Gaussian.
const Z_95: f64 = 1.959_963_984_540_054;

/// A skill estimate: a Gaussian belief with mean `mu` and standard deviation `sigma`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The estimated skill.
    pub mu: f64,
    /// How uncertain that estimate is: large for new accounts, shrinking with games.
    pub sigma: f64,
}

impl Default for Rating {
    fn default() -> Self {
        Self::initial()
    }
}

impl Rating {
    /// The rating of an account that has played no rated game.
    pub const fn initial() -> Self {
        Self {
            mu: INITIAL_MU,
            sigma: INITIAL_SIGMA,
        }
    }

    /// Whether the numbers can be rated with: both finite and sigma positive. Ratings come
    /// from storage, so a corrupt row must be refused rather than spread to every opponent.
    pub fn is_valid(&self) -> bool {
        self.mu.is_finite() && self.sigma.is_finite() && self.sigma > 0.0
    }

    /// The value shown to people: 1500 for a new account, Elo-like gaps.
    pub fn display(&self) -> i32 {
        to_display(self.mu)
    }

    /// The 95% interval of the skill, in display points (low, high).
    pub fn interval_95(&self) -> (i32, i32) {
        let half = Z_95 * self.sigma;
        (to_display(self.mu - half), to_display(self.mu + half))
    }

    /// Whether the estimate is still too uncertain to rank on (see [`PROVISIONAL_SIGMA`]).
    pub fn is_provisional(&self) -> bool {
        self.sigma >= PROVISIONAL_SIGMA
    }
}

/// Mu in display points, rounded; `as` saturates, so no value can overflow.
fn to_display(mu: f64) -> i32 {
    (DISPLAY_START + (mu - INITIAL_MU) * DISPLAY_PER_MU).round() as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_account_shows_1500_and_is_provisional() {
        let r = Rating::initial();
        assert_eq!(r.display(), 1500);
        assert!(r.is_provisional());
        // 1.96 * 8.333 * 29.48 ≈ 481.6 display points either side.
        assert_eq!(r.interval_95(), (1018, 1982));
    }

    #[test]
    fn a_display_gap_means_what_the_same_elo_gap_means() {
        // 200 Elo points: 1 / (1 + 10^-0.5) ≈ 0.7597.
        let gap_mu = 200.0 / DISPLAY_PER_MU;
        let p = 1.0 / (1.0 + (-gap_mu / (BETA * std::f64::consts::SQRT_2)).exp());
        assert!((p - 0.759_746).abs() < 1e-5, "{p}");
    }

    #[test]
    fn provisional_ends_at_110_display_points_of_doubt() {
        assert!((PROVISIONAL_SIGMA * DISPLAY_PER_MU - 110.0).abs() < 1e-9);
        assert!(
            (PROVISIONAL_SIGMA - 3.731).abs() < 1e-3,
            "{PROVISIONAL_SIGMA}"
        );
        let settled = Rating {
            mu: 25.0,
            sigma: PROVISIONAL_SIGMA - 1e-9,
        };
        assert!(!settled.is_provisional());
    }

    #[test]
    fn corrupt_numbers_are_not_valid() {
        for (mu, sigma) in [
            (f64::NAN, 1.0),
            (25.0, 0.0),
            (25.0, -1.0),
            (25.0, f64::INFINITY),
        ] {
            assert!(!Rating { mu, sigma }.is_valid(), "{mu} {sigma}");
        }
        assert!(Rating::initial().is_valid());
    }
}
