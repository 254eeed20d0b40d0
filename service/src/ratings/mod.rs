//! Rated matches (issue 38): what the store keeps of ratings and how a finished rated match
//! becomes rating changes. The rating model itself is the `hustings-ratings` crate
//! ([docs/ratings.md](../../../docs/ratings.md)); this module stores its numbers.
//!
//! - `records.rs`: the rows (an account's rating per game and variant, a seat's learned
//!   advantage, a history row per rated match) and the [`RatingStore`] trait every store
//!   implements (memory here, SQLite and PostgreSQL in the sql module's `ratings.rs`).
//! - `sides.rs`: which seats of a variant play together as one side, and each side's
//!   seat key.
//! - `plan.rs`: one finished match's changes, computed from the stored ratings.
//! - `memory.rs`: the memory store's ratings.
//!
//! # Exactly once
//!
//! A rated match's ratings change in one transaction that first records the match in
//! `rated_matches`, keyed by its id: a second attempt (a retry, the recovery pass, another
//! node) finds the row and changes nothing. So the rating may run after the match's
//! outcome is stored, by whichever node comes first, any number of times. The recovery pass
//! (the `rater` module) rates the finished rated matches that have no such row.
//!
//! Like [`crate::accounts`], this module uses nothing above the store's error: the store
//! and the matches come to it, not it to them.

pub mod memory;
pub mod plan;
pub mod records;
pub mod sides;

pub use records::{
    HistoryRow, RatedMatch, RatingRow, RatingStore, SeatRow, Standing, Verdict, Who,
};
