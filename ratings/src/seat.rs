//! The learned advantage of each seat.
//!
//! Some seats win more often between equal players (Votes for Women's Opposition about 80%).
//! A rating that ignored this would credit the seat's wins to whoever sits in it, and anyone
//! who always picks the strong seat would climb above their skill. Each seat is instead
//! rated like a hidden extra member of the side that sits in it (see [`crate::rate()`]): its
//! mu is how much the seat adds to a side's strength, learned from every rated result. Only
//! differences between the seats of one match matter, so a game whose seats are all alike
//! keeps them near equal and changes nothing.

use std::collections::BTreeMap;

use crate::rating::Rating;

/// Which seat: the same seat name in another game or variant is another seat.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SeatKey {
    /// The game's id, as in [`crate::MatchResult::game`].
    pub game: String,
    /// The variant's id, as in [`crate::MatchResult::variant`].
    pub variant: String,
    /// The seat's name, as in [`crate::Side::seat`].
    pub seat: String,
}

impl SeatKey {
    /// The key of one seat of one game's variant.
    pub fn new(game: &str, variant: &str, seat: &str) -> Self {
        Self {
            game: game.to_owned(),
            variant: variant.to_owned(),
            seat: seat.to_owned(),
        }
    }
}

/// Every seat's learned advantage, as a rating of the seat's hidden team member: `mu` is the
/// advantage in mu (add to the side's summed mu), `sigma` how sure we are of it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeatAdvantages {
    seats: BTreeMap<SeatKey, Rating>,
}

impl SeatAdvantages {
    /// No seat learned yet: every seat starts at the prior of [`crate::Config`].
    pub fn new() -> Self {
        Self::default()
    }

    /// A seat's learned advantage, if it has been in a rated match (or was loaded).
    pub fn get(&self, key: &SeatKey) -> Option<Rating> {
        self.seats.get(key).copied()
    }

    /// Sets a seat's advantage: after a rated match, or when loading stored values.
    pub fn set(&mut self, key: SeatKey, advantage: Rating) {
        self.seats.insert(key, advantage);
    }

    /// Every learned seat, in key order (for storing or showing them).
    pub fn iter(&self) -> impl Iterator<Item = (&SeatKey, &Rating)> {
        self.seats.iter()
    }
}
