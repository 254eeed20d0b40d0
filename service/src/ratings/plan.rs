//! One finished match's rating changes, computed from the stored ratings: the rows every
//! store writes in the transaction that records the match (see [`super::RatingStore`]).
//! Computed in one place so that the three stores change ratings identically.

use std::collections::HashMap;

use hustings_ratings::{Config, MatchResult, RateError, Rating, SeatAdvantages, SeatKey, rate};

use super::records::{HistoryRow, RatingRow, SeatRow};

/// What the store holds now of the accounts and seats in one match: rating and games
/// played; absent ones are new.
#[derive(Clone, Debug, Default)]
pub struct Current {
    pub accounts: HashMap<String, (Rating, u32)>,
    pub seats: HashMap<SeatKey, (Rating, u32)>,
}

/// The rows to write.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Plan {
    pub ratings: Vec<RatingRow>,
    pub seats: Vec<SeatRow>,
    pub history: Vec<HistoryRow>,
}

/// The seat keys of a result, for reading their current values.
pub fn seat_keys(result: &MatchResult<String>) -> Vec<SeatKey> {
    result
        .sides
        .iter()
        .map(|s| SeatKey::new(&result.game, &result.variant, &s.seat))
        .collect()
}

/// The accounts of a result.
pub fn accounts(result: &MatchResult<String>) -> Vec<String> {
    result
        .sides
        .iter()
        .flat_map(|s| s.accounts.iter().cloned())
        .collect()
}

/// Rates `result` of match `match_id` against `current` (with the model's defaults), at
/// `at_unix_ms`. A refusal (a malformed result, a corrupt stored number) changes nothing.
pub fn plan(
    match_id: &str,
    result: &MatchResult<String>,
    current: &Current,
    at_unix_ms: i64,
) -> Result<Plan, RateError> {
    let mut seats = SeatAdvantages::new();
    for (key, (rating, _)) in &current.seats {
        seats.set(key.clone(), *rating);
    }
    let before = |a: &String| current.accounts.get(a).map(|(r, _)| *r);
    let update = rate(result, before, &seats, &Config::default())?;
    let mut plan = Plan::default();
    for (account, after) in update.accounts {
        let (was, games) = current
            .accounts
            .get(&account)
            .copied()
            .unwrap_or((Rating::initial(), 0));
        plan.history.push(HistoryRow {
            account: account.clone(),
            game: result.game.clone(),
            variant: result.variant.clone(),
            match_id: match_id.to_string(),
            before: was,
            after,
            at_unix_ms,
        });
        plan.ratings.push(RatingRow {
            account,
            game: result.game.clone(),
            variant: result.variant.clone(),
            rating: after,
            games: games.saturating_add(1),
            updated_at_unix_ms: at_unix_ms,
        });
    }
    for (key, after) in update.seats {
        let games = current.seats.get(&key).map_or(0, |(_, g)| *g);
        plan.seats.push(SeatRow {
            key,
            rating: after,
            games: games.saturating_add(1),
            updated_at_unix_ms: at_unix_ms,
        });
    }
    Ok(plan)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hustings_ratings::Side;

    fn one_v_one() -> MatchResult<String> {
        MatchResult {
            game: "votes-for-women".into(),
            variant: "1v1".into(),
            sides: vec![
                Side {
                    accounts: vec!["ada".into()],
                    seat: "0/2".into(),
                    rank: 1,
                },
                Side {
                    accounts: vec!["bea".into()],
                    seat: "1/2".into(),
                    rank: 2,
                },
            ],
        }
    }

    #[test]
    fn new_accounts_get_their_first_game_and_a_history_row_each() {
        let p = plan("m1", &one_v_one(), &Current::default(), 7).expect("rated");
        assert_eq!(p.ratings.len(), 2);
        assert_eq!(p.seats.len(), 2);
        assert_eq!(p.history.len(), 2);
        assert!(
            p.ratings
                .iter()
                .all(|r| r.games == 1 && r.updated_at_unix_ms == 7)
        );
        let ada = &p.ratings[0];
        assert_eq!(ada.account, "ada");
        assert!(ada.rating.mu > Rating::initial().mu);
        assert_eq!(p.history[0].before, Rating::initial());
        assert_eq!(p.history[0].after, ada.rating);
    }

    #[test]
    fn games_count_on_from_the_stored_ones() {
        let mut current = Current::default();
        current
            .accounts
            .insert("ada".into(), (Rating::initial(), 4));
        let p = plan("m1", &one_v_one(), &current, 7).expect("rated");
        assert_eq!(p.ratings[0].games, 5);
        assert_eq!(p.ratings[1].games, 1);
    }

    #[test]
    fn a_corrupt_stored_rating_is_refused() {
        let mut current = Current::default();
        let bad = Rating {
            mu: f64::NAN,
            sigma: 1.0,
        };
        current.accounts.insert("ada".into(), (bad, 4));
        assert!(plan("m1", &one_v_one(), &current, 7).is_err());
    }
}
