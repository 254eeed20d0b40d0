//! Event-sourced storage of matches.
//!
//! A match is stored as its set-up (game, variant, options, seed, seats) plus its ordered
//! choices; its state is whatever replaying those choices gives. Seat tokens are stored only
//! as hashes. The [`Store`] trait is what the match actors write through; [`MemoryStore`]
//! keeps everything in memory (matches are lost when the server stops).

use std::collections::HashMap;
use std::sync::Mutex;

use hustings_engine::{Outcome, Seat, Setup};
use serde::{Deserialize, Serialize};

pub use crate::clock::MatchSettings;

/// How a seat was created and who holds it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRecord {
    /// The seat waits for an AI.
    pub bot: bool,
    /// The AI wanted, if any.
    pub ai: String,
    /// The AI strength wanted, if any.
    pub ai_level: String,
    /// SHA-256 of the seat token, hex; `None` while nobody has joined.
    pub token_hash: Option<String>,
    /// Display name of the client that joined.
    pub player_name: String,
    /// `human`, `bot` or empty.
    pub client_kind: String,
}

/// One recorded choice (or a reserved record: `resign`, `undo`, `timeout`, `claim-win`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChoiceRecord {
    pub seat: Seat,
    pub choice: String,
    /// Every seat's clock (milliseconds left) right after this choice; empty when the match
    /// has no clock.
    #[serde(default)]
    pub clocks: Vec<u64>,
}

impl ChoiceRecord {
    /// A record without clock times.
    pub fn new(seat: Seat, choice: impl Into<String>) -> Self {
        ChoiceRecord {
            seat,
            choice: choice.into(),
            clocks: Vec::new(),
        }
    }

    /// The same record without its clock times, as a match actor keeps it once stored: the
    /// actor has the live clocks, and only a restart reads the stored times back.
    pub fn without_clocks(self) -> Self {
        ChoiceRecord {
            clocks: Vec::new(),
            ..self
        }
    }
}

/// Everything stored about one match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchRecord {
    pub id: String,
    pub game: String,
    pub setup: Setup,
    /// Option values in force, defaults included (as shown in summaries).
    pub options: Vec<(String, String)>,
    pub seats: Vec<SeatRecord>,
    pub choices: Vec<ChoiceRecord>,
    pub created_at_unix_ms: i64,
    pub outcome: Option<Outcome>,
    /// Clock, abandonment grace and rematch link.
    #[serde(default)]
    pub settings: MatchSettings,
    /// The rematch of this match, once started (not stored here: the rematch's
    /// `settings.rematch_of` points back, and the hub links them when it loads).
    #[serde(skip)]
    pub rematch_next: Option<String>,
}

/// Why storage failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("no match '{0}' in the store")]
    NoSuchMatch(String),
    #[error("expected choice #{expected} of match {id} but got #{got}")]
    OutOfOrder {
        id: String,
        expected: usize,
        got: usize,
    },
    #[error("storage failed: {0}")]
    Backend(String),
}

/// Where matches are kept. Every write returns only once it is stored: an acknowledged choice
/// is never lost by a store that is durable.
pub trait Store: Send + Sync + 'static {
    /// Stores a new match.
    fn create(&self, record: &MatchRecord) -> Result<(), StoreError>;
    /// Records that a seat was joined.
    fn set_seat(&self, id: &str, seat: Seat, record: &SeatRecord) -> Result<(), StoreError>;
    /// Appends choice number `index` (0-based) of a match.
    fn append_choice(
        &self,
        id: &str,
        index: usize,
        choice: &ChoiceRecord,
    ) -> Result<(), StoreError>;
    /// Records the final outcome.
    fn finish(&self, id: &str, outcome: &Outcome) -> Result<(), StoreError>;
    /// Every stored match, for rebuilding state at start-up.
    fn load_all(&self) -> Result<Vec<MatchRecord>, StoreError>;
}

/// A store that keeps matches in memory only.
#[derive(Default)]
pub struct MemoryStore {
    matches: Mutex<HashMap<String, MatchRecord>>,
}

impl MemoryStore {
    fn with<T>(
        &self,
        id: &str,
        f: impl FnOnce(&mut MatchRecord) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let mut map = self
            .matches
            .lock()
            .map_err(|_| StoreError::Backend("memory store poisoned".into()))?;
        let rec = map
            .get_mut(id)
            .ok_or_else(|| StoreError::NoSuchMatch(id.to_string()))?;
        f(rec)
    }
}

impl Store for MemoryStore {
    fn create(&self, record: &MatchRecord) -> Result<(), StoreError> {
        self.matches
            .lock()
            .map_err(|_| StoreError::Backend("memory store poisoned".into()))?
            .insert(record.id.clone(), record.clone());
        Ok(())
    }

    fn set_seat(&self, id: &str, seat: Seat, record: &SeatRecord) -> Result<(), StoreError> {
        self.with(id, |m| {
            if let Some(s) = m.seats.get_mut(seat) {
                *s = record.clone();
            }
            Ok(())
        })
    }

    fn append_choice(
        &self,
        id: &str,
        index: usize,
        choice: &ChoiceRecord,
    ) -> Result<(), StoreError> {
        self.with(id, |m| {
            if m.choices.len() != index {
                return Err(StoreError::OutOfOrder {
                    id: id.to_string(),
                    expected: m.choices.len(),
                    got: index,
                });
            }
            m.choices.push(choice.clone());
            Ok(())
        })
    }

    fn finish(&self, id: &str, outcome: &Outcome) -> Result<(), StoreError> {
        self.with(id, |m| {
            m.outcome = Some(outcome.clone());
            Ok(())
        })
    }

    fn load_all(&self) -> Result<Vec<MatchRecord>, StoreError> {
        Ok(self
            .matches
            .lock()
            .map_err(|_| StoreError::Backend("memory store poisoned".into()))?
            .values()
            .cloned()
            .collect())
    }
}
