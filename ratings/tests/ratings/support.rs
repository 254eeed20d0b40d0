//! Building results for the tests.

use hustings_ratings::{MatchResult, Side};

/// A result of `game`'s `variant` from (accounts, seat, rank) per side.
pub fn result(game: &str, variant: &str, sides: &[(&[u32], &str, u32)]) -> MatchResult<u32> {
    MatchResult {
        game: game.to_owned(),
        variant: variant.to_owned(),
        sides: sides
            .iter()
            .map(|(accounts, seat, rank)| Side {
                accounts: accounts.to_vec(),
                seat: (*seat).to_owned(),
                rank: *rank,
            })
            .collect(),
    }
}
