//! Which seats of a variant play as one side, each side's seat key, and a finished match's
//! result as the rating model reads it.
//!
//! Votes for Women's team variants put two partners on one side; in every other variant
//! each seat is a side of its own. A side's seat key is its seats' numbers joined by `+`,
//! then `/` and the match's number of seats (`1/2`, `0+1/4`): Presidency's third seat of
//! three is not its third of six, so a seat's advantage is learned per number of seats.
//! Seat numbers rather than names, so that a renamed seat keeps what was learned.
//!
//! The ranking is the outcome's: the winners rank first, every other side second (a draw:
//! all first). Scores are not read: what a score is worth differs from game to game.

use hustings_engine::votes_for_women::{GAME_ID as VOTES_FOR_WOMEN, Variant};
use hustings_engine::{Outcome, Seat};
use hustings_ratings::{MatchResult, Side};

/// The sides of a match of `game`'s `variant` with `seats` seats, each its seats in order.
/// Votes for Women's variant says which seats are partners (its `seat_names` order); co-op's
/// partners are one side, against the Oppobot (so it cannot be rated).
pub fn sides_of(game: &str, variant: &str, seats: usize) -> Vec<Vec<Seat>> {
    if game == VOTES_FOR_WOMEN
        && let Ok(variant) = variant.parse::<Variant>()
        && variant.has_pair()
    {
        return variant.sides();
    }
    (0..seats).map(|s| vec![s]).collect()
}

/// Whether a match of this set-up can be rated: at least two sides of players (Votes for
/// Women's solitaire and co-op have one, against the Oppobot).
pub fn can_be_rated(game: &str, variant: &str, seats: usize) -> bool {
    sides_of(game, variant, seats).len() >= 2
}

/// A side's seat key (see the module's comment).
pub fn seat_key(side: &[Seat], seats: usize) -> String {
    let numbers: Vec<String> = side.iter().map(|s| s.to_string()).collect();
    format!("{}/{seats}", numbers.join("+"))
}

/// The result of a finished match of `game`'s `variant`, whose seat `i` was held by account
/// `accounts[i]` (`None`: a guest). Refused with the reason when a seat had no account.
pub fn result_of(
    game: &str,
    variant: &str,
    accounts: &[Option<String>],
    outcome: &Outcome,
) -> Result<MatchResult<String>, String> {
    let seats = accounts.len();
    let mut sides = Vec::new();
    for side in sides_of(game, variant, seats) {
        let mut members = Vec::with_capacity(side.len());
        for &seat in &side {
            match accounts.get(seat) {
                Some(Some(a)) => members.push(a.clone()),
                _ => return Err(format!("seat {seat} was not held by an account")),
            }
        }
        let won = side.iter().any(|s| outcome.winners.contains(s));
        let rank = if won || outcome.is_draw() { 1 } else { 2 };
        sides.push(Side {
            accounts: members,
            seat: seat_key(&side, seats),
            rank,
        });
    }
    Ok(MatchResult {
        game: game.to_string(),
        variant: variant.to_string(),
        sides,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(winners: Vec<Seat>) -> Outcome {
        Outcome {
            winners,
            reason: String::new(),
            scores: Vec::new(),
        }
    }

    fn held(n: usize) -> Vec<Option<String>> {
        (0..n).map(|i| Some(format!("a{i}"))).collect()
    }

    #[test]
    fn team_variants_put_partners_on_one_side() {
        let r = result_of(
            VOTES_FOR_WOMEN,
            Variant::Team4.as_str(),
            &held(4),
            &outcome(vec![2, 3]),
        )
        .unwrap();
        assert_eq!(r.sides.len(), 2);
        assert_eq!(r.sides[0].accounts, ["a0", "a1"]);
        assert_eq!(r.sides[0].seat, "0+1/4");
        assert_eq!(r.sides[0].rank, 2);
        assert_eq!(r.sides[1].rank, 1);
        assert!(r.validate().is_ok());
    }

    #[test]
    fn every_other_seat_is_a_side_and_losers_tie() {
        let r = result_of("presidency", "standard", &held(3), &outcome(vec![1])).unwrap();
        let ranks: Vec<u32> = r.sides.iter().map(|s| s.rank).collect();
        assert_eq!(ranks, [2, 1, 2]);
        assert_eq!(r.sides[2].seat, "2/3");
        let draw = result_of("the-vote", "standard", &held(2), &outcome(vec![])).unwrap();
        assert!(draw.sides.iter().all(|s| s.rank == 1));
    }

    #[test]
    fn a_guest_seat_cannot_be_rated_nor_a_one_side_variant() {
        let mut seats = held(2);
        seats[1] = None;
        assert!(result_of("the-vote", "standard", &seats, &outcome(vec![0])).is_err());
        assert!(!can_be_rated(
            VOTES_FOR_WOMEN,
            Variant::Solitaire.as_str(),
            1
        ));
        assert!(!can_be_rated(VOTES_FOR_WOMEN, Variant::Coop.as_str(), 2));
        assert!(can_be_rated(
            VOTES_FOR_WOMEN,
            Variant::Team3Opposition.as_str(),
            3
        ));
    }
}
