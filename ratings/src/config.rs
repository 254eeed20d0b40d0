//! The tunable parameters of a rating run, with the model's defaults.

use crate::rating::{BETA, Rating};

/// OpenSkill's default additive dynamics: a hundredth of the initial mu.
pub const DEFAULT_TAU: f64 = 25.0 / 300.0;

/// How ratings are updated.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// Added (in quadrature) to every account's sigma before each match: skill drifts, so
    /// an estimate must never become so sure that it stops moving. OpenSkill's default; the
    /// skillratings crate has no such term, so [`crate::rate()`] applies it.
    pub tau: f64,
    /// Whether each seat's advantage is learned and applied. Off, the update is plain
    /// Weng-Lin, as if every seat were equal (the simulation test turns it off to show the
    /// bias it causes).
    pub seat_advantage: bool,
    /// The belief about a seat before any result: no advantage, give or take `BETA` (25/6).
    /// Two standard deviations either way is a seat that wins about 20% or 80% between
    /// settled equals, which covers the games we know. A wider prior (a new account's 25/3)
    /// would also slow every account's first games: an unsure seat makes the side's
    /// strength unsure, and the model then learns less from each result.
    pub seat_prior: Rating,
    /// The seat's own drift per match, a tenth of an account's: a seat sits in every match
    /// of its variant, so at the account's rate its estimate would chase the last few
    /// hundred results; a tenth still lets it follow a rules revision or a shift in how
    /// the game is played, over thousands.
    pub seat_tau: f64,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            tau: DEFAULT_TAU,
            seat_advantage: true,
            seat_prior: Rating {
                mu: 0.0,
                sigma: BETA,
            },
            seat_tau: DEFAULT_TAU / 10.0,
        }
    }
}
