//! Ratings held in memory and updated match by match.
//!
//! [`crate::rate()`] is the pure step; this keeps its inputs and applies its outputs, for the
//! tests, the simulation and any caller that replays results before storing them. Storage
//! of its own it has none.

use std::collections::BTreeMap;

use crate::config::Config;
use crate::rate::{Update, rate};
use crate::rating::Rating;
use crate::result::{MatchResult, RateError};
use crate::seat::{SeatAdvantages, SeatKey};

/// Every account's rating and every seat's advantage, under one [`Config`].
#[derive(Clone, Debug, PartialEq)]
pub struct Ledger<A> {
    config: Config,
    accounts: BTreeMap<A, Rating>,
    seats: SeatAdvantages,
}

impl<A: Ord + Clone> Ledger<A> {
    /// An empty ledger: every account and seat at its starting value.
    pub fn new(config: Config) -> Self {
        Self {
            config,
            accounts: BTreeMap::new(),
            seats: SeatAdvantages::new(),
        }
    }

    /// Rates one match and keeps the new ratings; a refused result changes nothing.
    pub fn record(&mut self, result: &MatchResult<A>) -> Result<Update<A>, RateError> {
        let update = rate(
            result,
            |a| self.accounts.get(a).copied(),
            &self.seats,
            &self.config,
        )?;
        for (account, rating) in &update.accounts {
            self.accounts.insert(account.clone(), *rating);
        }
        for (key, advantage) in &update.seats {
            self.seats.set(key.clone(), *advantage);
        }
        Ok(update)
    }

    /// Sets an account's rating, as when loading stored ratings.
    pub fn set(&mut self, account: A, rating: Rating) {
        self.accounts.insert(account, rating);
    }

    /// Sets a seat's learned advantage, as when loading stored values.
    pub fn set_seat(&mut self, key: SeatKey, advantage: Rating) {
        self.seats.set(key, advantage);
    }

    /// An account's rating: the initial one until it has played.
    pub fn rating(&self, account: &A) -> Rating {
        self.accounts.get(account).copied().unwrap_or_default()
    }

    /// Every rated account, in account order.
    pub fn accounts(&self) -> impl Iterator<Item = (&A, &Rating)> {
        self.accounts.iter()
    }

    /// Every seat's learned advantage.
    pub fn seats(&self) -> &SeatAdvantages {
        &self.seats
    }
}
