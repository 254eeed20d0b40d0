//! Rating one finished match: the current ratings in, the new ones out.
//!
//! The update is Weng-Lin's Bradley-Terry full-pairing algorithm (the skillratings crate's
//! `weng_lin_multi_team`): every side is compared with every other, a side's strength is
//! the sum of its members' mu, and each member moves in proportion to its own variance.
//! Two things are added around it, both here:
//!
//! - drift (`tau`) is added to each sigma first, as OpenSkill does, so that estimates keep
//!   following players who improve;
//! - each side gets its seat as one more member, rated like the others. The seat's mu is
//!   then part of the expected result (a win from the strong seat is expected, so it earns
//!   little), and the seat's own rating is corrected by the same result, which is how its
//!   advantage is learned.

use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

use crate::config::Config;
use crate::rating::{BETA, Rating};
use crate::result::{MatchResult, RateError};
use crate::seat::{SeatAdvantages, SeatKey};

/// OpenSkill's floor on the factor that shrinks a variance (its `kappa`), used instead of
/// skillratings' smaller default so that extreme matches give the reference's numbers.
const SHRINK_FLOOR: f64 = 0.0001;

/// The new ratings after one match: every account of the result, side by side in the
/// result's order, and the seats whose advantage it taught (none with the correction off).
#[derive(Clone, Debug, PartialEq)]
pub struct Update<A> {
    /// Each account of the match with its new rating.
    pub accounts: Vec<(A, Rating)>,
    /// Each seat of the match with its new learned advantage.
    pub seats: Vec<(SeatKey, Rating)>,
}

/// Rates one finished match.
///
/// `current` gives an account's stored rating, `None` for one never rated (it starts at
/// [`Rating::initial`]). Nothing is changed: the caller stores the returned [`Update`] (or
/// uses [`crate::Ledger`], which does).
pub fn rate<A: Ord + Clone>(
    result: &MatchResult<A>,
    current: impl Fn(&A) -> Option<Rating>,
    seats: &SeatAdvantages,
    config: &Config,
) -> Result<Update<A>, RateError> {
    result.validate()?;

    let mut teams = Vec::with_capacity(result.sides.len());
    let mut seat_keys = Vec::new();
    for (index, side) in result.sides.iter().enumerate() {
        let mut team = Vec::with_capacity(side.accounts.len() + 1);
        for account in &side.accounts {
            let rating = current(account).unwrap_or_default();
            if !rating.is_valid() {
                return Err(RateError::InvalidRating(index));
            }
            team.push(drifted(rating, config.tau));
        }
        if config.seat_advantage {
            let key = SeatKey::new(&result.game, &result.variant, &side.seat);
            let advantage = seats.get(&key).unwrap_or(config.seat_prior);
            if !advantage.is_valid() {
                return Err(RateError::InvalidSeatAdvantage(side.seat.clone()));
            }
            // The seat is the team's last member.
            team.push(drifted(advantage, config.seat_tau));
            seat_keys.push(key);
        }
        teams.push(team);
    }

    let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(&result.sides)
        .map(|(team, side)| (team.as_slice(), MultiTeamOutcome::new(side.rank as usize)))
        .collect();
    let model = WengLinConfig {
        beta: BETA,
        uncertainty_tolerance: SHRINK_FLOOR,
    };
    let rated = weng_lin_multi_team(&ranked, &model);

    let mut update = Update {
        accounts: Vec::new(),
        seats: Vec::with_capacity(seat_keys.len()),
    };
    let mut seat_keys = seat_keys.into_iter();
    for (side, team) in result.sides.iter().zip(rated) {
        let mut members = team.into_iter().map(|r| Rating {
            mu: r.rating,
            sigma: r.uncertainty,
        });
        for account in &side.accounts {
            if let Some(rating) = members.next() {
                update.accounts.push((account.clone(), rating));
            }
        }
        if let (Some(key), Some(rating)) = (seat_keys.next(), members.next()) {
            update.seats.push((key, rating));
        }
    }
    Ok(update)
}

/// The rating with a match's worth of drift added to its variance.
fn drifted(rating: Rating, tau: f64) -> WengLinRating {
    WengLinRating {
        rating: rating.mu,
        uncertainty: rating.sigma.hypot(tau),
    }
}
