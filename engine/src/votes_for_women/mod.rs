//! Votes for Women (`votes-for-women`).
pub mod data;
