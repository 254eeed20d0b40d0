//! A finished match as the rating sees it: who sat together, where, and in what order they
//! finished. Nothing about the game's state: every game and variant reduces to this.

use std::collections::BTreeSet;

use thiserror::Error;

/// One side of a match: the accounts that win or lose together, in one seat.
///
/// In a 1v1 game a side is one account; Votes for Women's team variants put both partners of
/// a side here. An automaton (Votes for Women's Oppobot) is given as an account of its own
/// chosen by the caller, so its strength is learned like anyone's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Side<A> {
    /// The accounts playing this side; at least one.
    pub accounts: Vec<A>,
    /// The seat the side played, as the game names it (`"opposition"`, `"suffragist"`, or
    /// a Presidency turn-order position). Its learned advantage is kept per game and variant.
    pub seat: String,
    /// Where the side finished: 1 is first, a larger number is worse, equal numbers tie.
    /// Only the order matters: ranks 1, 2, 2, 4 and 1, 2, 2, 3 rate the same.
    pub rank: u32,
}

/// One finished, rated match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchResult<A> {
    /// The game's id (`"votes-for-women"`), part of every seat's key.
    pub game: String,
    /// The variant's id (`"1v1"`, `"teams"`, `"solitaire"`), part of every seat's key: the
    /// same seat can be strong in one variant and weak in another.
    pub variant: String,
    /// Every side of the match, at least two.
    pub sides: Vec<Side<A>>,
}

/// Why a result or a stored rating cannot be rated. Results come from the outside (a stored
/// match, a client's report), so each check is an error, never a panic.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum RateError {
    /// A match needs two sides to compare.
    #[error("a rated match needs at least two sides, this one has {0}")]
    TooFewSides(usize),
    /// A side with no account has nobody to rate.
    #[error("side {0} has no account")]
    EmptySide(usize),
    /// One account cannot play for two sides, or twice on one.
    #[error("an account appears more than once (again on side {0})")]
    DuplicateAccount(usize),
    /// Each side's seat must differ, or its learned advantage would be counted twice.
    #[error("seat {0:?} is given to more than one side")]
    DuplicateSeat(String),
    /// A stored rating that is not a finite mean with a positive, finite uncertainty.
    #[error("the rating of an account on side {0} is not finite with a positive sigma")]
    InvalidRating(usize),
    /// A stored seat advantage that is not finite with a positive uncertainty.
    #[error("the learned advantage of seat {0:?} is not finite with a positive sigma")]
    InvalidSeatAdvantage(String),
}

impl<A: Ord> MatchResult<A> {
    /// Checks the result's shape: two or more sides, none empty, no account twice, no seat
    /// twice.
    pub fn validate(&self) -> Result<(), RateError> {
        if self.sides.len() < 2 {
            return Err(RateError::TooFewSides(self.sides.len()));
        }
        let mut accounts = BTreeSet::new();
        let mut seats = BTreeSet::new();
        for (index, side) in self.sides.iter().enumerate() {
            if side.accounts.is_empty() {
                return Err(RateError::EmptySide(index));
            }
            if !side.accounts.iter().all(|a| accounts.insert(a)) {
                return Err(RateError::DuplicateAccount(index));
            }
            if !seats.insert(side.seat.as_str()) {
                return Err(RateError::DuplicateSeat(side.seat.clone()));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn side(accounts: &[u32], seat: &str, rank: u32) -> Side<u32> {
        Side {
            accounts: accounts.to_vec(),
            seat: seat.to_owned(),
            rank,
        }
    }

    fn result(sides: Vec<Side<u32>>) -> MatchResult<u32> {
        MatchResult {
            game: "votes-for-women".into(),
            variant: "1v1".into(),
            sides,
        }
    }

    #[test]
    fn each_malformed_shape_is_refused_with_its_reason() {
        let cases = [
            (vec![side(&[1], "a", 1)], RateError::TooFewSides(1)),
            (
                vec![side(&[1], "a", 1), side(&[], "b", 2)],
                RateError::EmptySide(1),
            ),
            (
                vec![side(&[1], "a", 1), side(&[2, 1], "b", 2)],
                RateError::DuplicateAccount(1),
            ),
            (
                vec![side(&[1, 1], "a", 1), side(&[2], "b", 2)],
                RateError::DuplicateAccount(0),
            ),
            (
                vec![side(&[1], "a", 1), side(&[2], "a", 2)],
                RateError::DuplicateSeat("a".into()),
            ),
        ];
        for (sides, want) in cases {
            assert_eq!(result(sides).validate(), Err(want));
        }
    }

    #[test]
    fn ties_and_team_sides_are_fine() {
        let ok = result(vec![side(&[1, 2], "a", 1), side(&[3, 4], "b", 1)]);
        assert_eq!(ok.validate(), Ok(()));
    }
}
