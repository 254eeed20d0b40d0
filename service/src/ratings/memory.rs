//! Ratings in memory (the memory store's): the same rows and the same exactly-once rule as
//! the SQL stores, under one lock.

use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;

use hustings_ratings::SeatKey;

use super::plan::{Current, plan};
use super::records::{HistoryRow, RatedMatch, RatingRow, SeatRow, Verdict};
use crate::store_error::StoreError;

/// The memory store's ratings. Its matches and accounts are the store's: the methods that
/// need them are the store's own.
#[derive(Default)]
pub struct MemoryRatings {
    inner: Mutex<State>,
}

#[derive(Default)]
struct State {
    /// By (account, game, variant).
    ratings: BTreeMap<(String, String, String), RatingRow>,
    seats: BTreeMap<SeatKey, SeatRow>,
    history: Vec<HistoryRow>,
    /// Match id → verdict.
    recorded: HashMap<String, String>,
}

impl MemoryRatings {
    fn lock(&self) -> Result<std::sync::MutexGuard<'_, State>, StoreError> {
        self.inner
            .lock()
            .map_err(|_| StoreError::Backend("memory ratings poisoned".into()))
    }

    /// See [`super::RatingStore::apply_rated`].
    pub fn apply_rated(&self, m: &RatedMatch) -> Result<bool, StoreError> {
        let mut s = self.lock()?;
        if s.recorded.contains_key(&m.match_id) {
            return Ok(false);
        }
        let mut verdict = m.verdict_text().to_string();
        if let Verdict::Rated(result) = &m.verdict {
            let mut current = Current::default();
            for side in &result.sides {
                for a in &side.accounts {
                    let key = (a.clone(), result.game.clone(), result.variant.clone());
                    if let Some(r) = s.ratings.get(&key) {
                        current.accounts.insert(a.clone(), (r.rating, r.games));
                    }
                }
            }
            for key in super::plan::seat_keys(result) {
                if let Some(r) = s.seats.get(&key) {
                    current.seats.insert(key, (r.rating, r.games));
                }
            }
            match plan(&m.match_id, result, &current, m.at_unix_ms) {
                Ok(p) => {
                    for r in p.ratings {
                        let key = (r.account.clone(), r.game.clone(), r.variant.clone());
                        s.ratings.insert(key, r);
                    }
                    for r in p.seats {
                        s.seats.insert(r.key.clone(), r);
                    }
                    s.history.extend(p.history);
                }
                Err(e) => verdict = format!("refused: {e}"),
            }
        }
        s.recorded.insert(m.match_id.clone(), verdict);
        Ok(true)
    }

    pub fn is_recorded(&self, match_id: &str) -> Result<bool, StoreError> {
        Ok(self.lock()?.recorded.contains_key(match_id))
    }

    pub fn rated_verdict(&self, match_id: &str) -> Result<Option<String>, StoreError> {
        Ok(self.lock()?.recorded.get(match_id).cloned())
    }

    pub fn ratings_of(&self, account: &str) -> Result<Vec<RatingRow>, StoreError> {
        Ok(self
            .lock()?
            .ratings
            .values()
            .filter(|r| r.account == account)
            .cloned()
            .collect())
    }

    /// A variant's ratings, highest mu first (ties by account id).
    pub fn of_variant(&self, game: &str, variant: &str) -> Result<Vec<RatingRow>, StoreError> {
        let mut rows: Vec<RatingRow> = self
            .lock()?
            .ratings
            .values()
            .filter(|r| r.game == game && r.variant == variant)
            .cloned()
            .collect();
        rows.sort_by(|a, b| {
            b.rating
                .mu
                .total_cmp(&a.rating.mu)
                .then_with(|| a.account.cmp(&b.account))
        });
        Ok(rows)
    }

    pub fn seat_advantages(&self, game: &str, variant: &str) -> Result<Vec<SeatRow>, StoreError> {
        Ok(self
            .lock()?
            .seats
            .values()
            .filter(|r| r.key.game == game && r.key.variant == variant)
            .cloned()
            .collect())
    }

    pub fn rating_history(
        &self,
        account: &str,
        game: &str,
        variant: &str,
    ) -> Result<Vec<HistoryRow>, StoreError> {
        Ok(self
            .lock()?
            .history
            .iter()
            .filter(|h| h.account == account && h.game == game && h.variant == variant)
            .cloned()
            .collect())
    }
}
