//! What the store keeps of ratings, and the [`RatingStore`] trait.

use hustings_ratings::{MatchResult, Rating, SeatKey};

use crate::store_error::StoreError;

/// An account's rating in one game's variant.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    /// The account id (its handle in lower case).
    pub account: String,
    pub game: String,
    pub variant: String,
    pub rating: Rating,
    /// Rated matches played in this variant.
    pub games: u32,
    pub updated_at_unix_ms: i64,
}

/// A seat's learned advantage in one game's variant (see [`super::sides`] for its key).
#[derive(Clone, Debug, PartialEq)]
pub struct SeatRow {
    pub key: SeatKey,
    pub rating: Rating,
    /// Rated matches it was part of.
    pub games: u32,
    pub updated_at_unix_ms: i64,
}

/// One account's rating before and after one rated match: what a chart of its rating over
/// time reads.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryRow {
    pub account: String,
    pub game: String,
    pub variant: String,
    pub match_id: String,
    pub before: Rating,
    pub after: Rating,
    pub at_unix_ms: i64,
}

/// What a finished rated match comes to.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// Its sides, with account ids, to rate.
    Rated(MatchResult<String>),
    /// Not rated, and why in one word or phrase (`aborted`: it ended before every seat had
    /// made a choice). Recorded all the same, so that it is decided once.
    Unrated(String),
}

/// A finished rated match to record, once.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedMatch {
    pub match_id: String,
    pub game: String,
    pub variant: String,
    /// When it is rated (the rows' update time).
    pub at_unix_ms: i64,
    pub verdict: Verdict,
}

/// The word `rated_matches.verdict` stores for a match that was rated.
pub const RATED: &str = "rated";

impl RatedMatch {
    /// What `rated_matches.verdict` stores first (a refusal by the model replaces it).
    pub fn verdict_text(&self) -> &str {
        match &self.verdict {
            Verdict::Rated(_) => RATED,
            Verdict::Unrated(why) => why,
        }
    }
}

/// A leaderboard's line.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    pub row: RatingRow,
    /// The handle as written.
    pub handle: String,
    /// A bot account's.
    pub bot: bool,
}

/// Whose ratings a leaderboard lists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Who {
    #[default]
    Everyone,
    People,
    Bots,
}

impl Who {
    /// Whether an account with this bot flag is listed.
    pub fn lists(self, bot: bool) -> bool {
        match self {
            Who::Everyone => true,
            Who::People => !bot,
            Who::Bots => bot,
        }
    }
}

/// Most lines a leaderboard gives.
pub const MAX_LEADERBOARD: usize = 100;

/// Where ratings are kept: with the matches, in the same database.
#[async_trait::async_trait]
pub trait RatingStore: Send + Sync {
    /// Records the match as rated and, when its verdict is [`Verdict::Rated`], changes its
    /// accounts' and seats' ratings and adds their history rows, all in one transaction.
    /// `Ok(false)`, changing nothing, when the match was recorded before: this is what
    /// makes rating exactly once, however often and wherever it is tried.
    async fn apply_rated(&self, m: &RatedMatch) -> Result<bool, StoreError>;
    /// Finished rated matches not yet recorded (at most `limit`): what the recovery pass
    /// rates.
    async fn unrated_finished(&self, limit: usize) -> Result<Vec<String>, StoreError>;
    /// How a match was recorded (`rated`, `aborted`, …), if it was.
    async fn rated_verdict(&self, match_id: &str) -> Result<Option<String>, StoreError>;
    /// An account's ratings, by game and variant.
    async fn ratings_of(&self, account: &str) -> Result<Vec<RatingRow>, StoreError>;
    /// The best ratings of a variant, highest mu first (ties by account id), at most
    /// `limit`; deleted accounts are left out.
    async fn leaderboard(
        &self,
        game: &str,
        variant: &str,
        who: Who,
        limit: usize,
    ) -> Result<Vec<Standing>, StoreError>;
    /// A variant's learned seat advantages, by seat.
    async fn seat_advantages(&self, game: &str, variant: &str) -> Result<Vec<SeatRow>, StoreError>;
    /// An account's rating history in a variant, oldest first.
    async fn rating_history(
        &self,
        account: &str,
        game: &str,
        variant: &str,
    ) -> Result<Vec<HistoryRow>, StoreError>;
}
