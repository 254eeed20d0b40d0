//! What the client knows of the match, and how one update from the stream changes it.
//!
//! This is the server's account of the match as far as it has come: the version reached,
//! the log without repeats, the seats, the view, the clocks and the outcome. Everything
//! drawn is drawn from it. Nothing here prints or remembers what was printed — that is
//! [`super::told`] — so the rules that keep a resumed stream from losing or repeating
//! anything (stale updates dropped, the log de-duplicated by sequence number, a take-back
//! rewinding it) can be read on their own.

use hustings_proto::v1::{GameView, LogEntry, MatchUpdate, Origin, SeatClock, SeatSummary};
use tokio::time::Instant;

use crate::asking::Answers;
use crate::reference::Reference;

/// What the client knows of the match so far.
#[derive(Default)]
pub(super) struct Tracker {
    /// Updates received so far, over every connection.
    pub updates: u64,
    pub version: Option<u64>,
    pub last_seq: Option<u64>,
    pub log: Vec<LogEntry>,
    pub seats: Vec<SeatSummary>,
    pub view: Option<GameView>,
    /// The match's fixed data, from the first message of the stream.
    pub reference: Reference,
    pub viewer: Option<u32>,
    pub status: i32,
    /// Each seat's clock as last received, and when it was received.
    pub clocks: Vec<SeatClock>,
    pub clocks_at: Option<Instant>,
    /// How the match ended, once it has.
    pub outcome: Option<hustings_proto::v1::Outcome>,
    /// Answers queued beyond the current prompt, questions pending, the layout chosen.
    pub answers: Answers,
}

/// What applying an update changed, for the session to tell the player.
pub(super) struct Applied {
    /// The seats as they were before, when the update brought seats (to tell who joined,
    /// left or came back).
    pub seats_before: Option<Vec<SeatSummary>>,
    /// The update is past the last version seen (not a repeat of it).
    pub newer: bool,
    /// The first snapshot of a fresh stream: its whole log is shown under the first board
    /// rather than entry by entry.
    pub first_snapshot: bool,
    /// Where the log entries new with this update start in [`Tracker::log`].
    pub fresh_from: usize,
}

impl Tracker {
    /// Takes in one update; `None` when it is older than what is known already (a
    /// repeat from before a reconnection), which changes nothing but the count of updates.
    pub fn apply(&mut self, u: &MatchUpdate) -> Option<Applied> {
        self.updates += 1;
        let resuming = self.version.is_some();
        if !u.snapshot && self.version.is_some_and(|v| u.version < v) {
            return None;
        }
        let newer = self.version.is_none_or(|v| u.version > v);
        let seats_before = if u.seats.is_empty() {
            None
        } else {
            let before = std::mem::replace(&mut self.seats, u.seats.clone());
            self.answers.seats = self.seats.len();
            Some(before)
        };
        self.reference.absorb(u);
        if let Some(mut view) = u.view.clone() {
            self.reference.fill(&mut view);
            self.view = Some(view);
        }
        if !u.clocks.is_empty() {
            self.clocks = u.clocks.clone();
            self.clocks_at = Some(Instant::now());
        }
        self.viewer = u.viewer_seat;
        self.status = u.status;
        // A choice was taken back: the log got shorter and its positions are used again.
        // Show the take-back entries and go on from the log's new end.
        let undone = resuming
            && u.snapshot
            && u.last_action
                .as_ref()
                .is_some_and(|a| a.choice_id == "undo");
        let fresh: Vec<LogEntry> = if undone {
            u.log.iter().filter(|e| e.kind == "undo").cloned().collect()
        } else {
            u.log
                .iter()
                .filter(|e| self.last_seq.is_none_or(|s| e.seq > s))
                .cloned()
                .collect()
        };
        if undone {
            self.last_seq = u
                .log
                .iter()
                .filter(|e| e.kind != "undo")
                .map(|e| e.seq)
                .max();
        } else if let Some(last) = fresh
            .iter()
            .filter(|e| e.origin() == Origin::Game)
            .map(|e| e.seq)
            .max()
        {
            // The service's own entries take the position of the next game entry: they
            // never move the log on.
            self.last_seq = Some(last);
        }
        let fresh_from = self.log.len();
        self.log.extend(fresh);
        self.version = Some(self.version.map_or(u.version, |v| v.max(u.version)));
        Some(Applied {
            seats_before,
            newer,
            first_snapshot: u.snapshot && !resuming,
            fresh_from,
        })
    }
}
