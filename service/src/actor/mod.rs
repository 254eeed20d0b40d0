//! One task per match: it owns the engine state and serializes every command on it.
//!
//! Commands arrive over a channel; viewers subscribe per seat (or as spectators) and each
//! gets its own bounded buffer of redacted updates. A viewer whose buffer is full is marked
//! lagging and skipped, then resynced with one snapshot once there is room again: a slow or
//! vanished client never blocks the match.
//!
//! One concept a file: [`played`] the replayed match and its undo model, [`commands`] the
//! command loop, [`acting`] joining, choices, take-backs and resignations, [`commit`] the
//! one path by which a step is stored and then published, [`fanout`] the per-viewer
//! fan-out, [`streams`] streams and presence, [`history`] replays, [`clocks`] clocks and
//! timeouts, [`forfeit`] resignation, timeout and claim-win outcomes, [`handoff`] an
//! absent seat handed to a bot, [`rematch`] rematches, [`evict`] leaving memory and
//! rebuilding, [`fenced`] stopping when another node took the match over, [`summary`] the
//! lobby's view.

use std::sync::Arc;

use hustings_engine::{self as engine, AnyGame, Outcome, Seat, Viewer};
use hustings_proto::EncodedUpdate;
use hustings_proto::v1 as pb;
use tokio::sync::{mpsc, oneshot};
use tonic::Status;

use crate::clock::Clocks;
use crate::convert;
use crate::projection::LastChoice;
use crate::record::Ending;
use crate::store::MatchRecord;

mod acting;
mod clocks;
mod commands;
mod commit;
mod evict;
mod fanout;
mod fenced;
mod forfeit;
mod handoff;
mod history;
mod host;
mod played;
mod rematch;
mod seats;
mod streams;
mod summary;

pub use forfeit::effective_grace;
pub use host::Host;
pub use played::Played;
pub use streams::Watching;
pub use summary::{seat_name, summary_of};

/// What a stream receives.
pub type UpdateResult = Result<EncodedUpdate, Status>;

/// The sending end of a match actor's command channel.
///
/// Commands travel boxed: an unbounded channel allocates its first block of 32 slots when
/// it is created, so with the command itself in each slot every match, even an idle one,
/// carried about 2 KiB of empty slots; boxed, the slots take 256 bytes.
pub type Mailbox = mpsc::UnboundedSender<Box<Command>>;

/// An account taking a seat.
#[derive(Clone, Debug)]
pub struct Joiner {
    /// Its handle, as written.
    pub handle: String,
    /// A bot account (its seat is a bot client's).
    pub bot: bool,
}

/// What a seat is asked for by: a seat token's hash, or an account and (when it holds
/// several seats) which one.
#[derive(Clone, Debug)]
pub enum SeatKey {
    Token(String),
    Account { id: String, seat: Option<Seat> },
}

/// A request to a match actor.
pub enum Command {
    Join {
        seat: Option<Seat>,
        name: String,
        kind: pb::ClientKind,
        /// The account joining, if the request named one: the seat becomes its.
        account: Option<Joiner>,
        reply: oneshot::Sender<Result<pb::JoinMatchResponse, Status>>,
    },
    Act {
        seat: Seat,
        version: u64,
        choice: String,
        reply: oneshot::Sender<Result<u64, Status>>,
    },
    Resign {
        seat: Seat,
        reply: oneshot::Sender<Result<pb::Outcome, Status>>,
    },
    Watch {
        viewer: Viewer,
        from_version: u64,
        /// Send the engine's JSON view too (`WatchMatchRequest.include_json_view`).
        json: bool,
        reply: oneshot::Sender<Result<Watching, Status>>,
    },
    Unwatch {
        id: u64,
    },
    /// Which seat of this match a seat token or an account holds, if any.
    Seat {
        key: SeatKey,
        reply: oneshot::Sender<Result<Option<Seat>, Status>>,
    },
    /// The seats that must act now (empty when the match waits for players or is over).
    ToAct {
        reply: oneshot::Sender<Result<Vec<Seat>, Status>>,
    },
    /// A lagging viewer's buffer has room again: send it a snapshot.
    Resync {
        id: u64,
    },
    Replay {
        reply: oneshot::Sender<Result<pb::Replay, Status>>,
    },
    /// One version of the finished match as a spectator saw it (`GetReplayView`).
    ReplayView {
        version: u64,
        reply: oneshot::Sender<Result<EncodedUpdate, Status>>,
    },
    /// A bot pool connected or left: tell the viewers why the empty bot seats wait now.
    PoolsChanged,
    /// The lease renewal found that another node took the match over: stop (see
    /// [`MatchActor::fenced`]).
    LeaseLost,
    Shutdown,
}

struct Subscriber {
    id: u64,
    viewer: Viewer,
    /// It asked for the engine's JSON view.
    json: bool,
    tx: mpsc::Sender<UpdateResult>,
    /// How much of the engine's log this viewer has been sent.
    log_sent: usize,
    /// Its buffer overflowed: the next update it gets is a snapshot.
    lagging: bool,
}

/// The state a match actor owns.
pub struct MatchActor {
    /// What the actor needs of the server around it (the hub, behind a narrow handle).
    host: Arc<dyn Host>,
    record: MatchRecord,
    game: Box<dyn AnyGame>,
    /// Indices of the records in force (see [`Played`]).
    applied: Vec<usize>,
    /// How many of the last choices in force may be taken back (see [`Played`]).
    undoable: usize,
    /// The current state's hidden digest, once computed (see [`Played`]).
    digest: Option<u64>,
    /// A service entry ("… took back …") to append to the next messages' logs.
    note: Option<engine::LogEntry>,
    /// Set when the match ended by resignation, timeout or a claimed win (the engine does
    /// not know about those).
    resigned_outcome: Option<Outcome>,
    /// How it ended when `resigned_outcome` is set.
    ending: Option<Ending>,
    /// The seats' clocks, when the match has one (boxed: most matches have none).
    clocks: Option<Box<Clocks>>,
    /// Since when each seat has had no open stream (`None` while it has one).
    away_since: Vec<Option<tokio::time::Instant>>,
    /// After the match: the seats that offered or accepted a rematch.
    rematch_offers: Vec<Seat>,
    /// Seats handed to a bot, with the tokens that held them (stored with the live state).
    handed: Vec<crate::store::Handed>,
    /// A seat whose clock ran out and whose default choice is being made.
    timing_out: Option<Seat>,
    /// The choice that produced the current version, as each viewer may be told of it.
    last_action: Option<LastChoice>,
    subscribers: Vec<Subscriber>,
    next_sub: u64,
    /// Open streams per seat.
    presence: Vec<u32>,
    /// A seat whose stream is being opened (counted as present while others are told).
    joining: Option<Seat>,
    /// The actor's own command channel, for tasks that report back to it.
    me: Option<mpsc::WeakUnboundedSender<Box<Command>>>,
    /// The prompts the viewers were last sent (boxed: idle matches have none).
    prompt_cache: Option<Box<PromptCache>>,
    /// When the actor last had something to do: with no stream open, it leaves memory
    /// `--evict-idle` after that (a finished match `--linger` after).
    last_activity: tokio::time::Instant,
}

/// Prompts already built for one version, so an `Act` on it need not build them again.
struct PromptCache {
    version: u64,
    prompts: Vec<(Seat, engine::Prompt)>,
}

impl MatchActor {
    fn version(&self) -> u64 {
        self.record.choices.len() as u64
    }

    fn outcome(&self) -> Option<Outcome> {
        self.resigned_outcome
            .clone()
            .or_else(|| self.game.outcome())
    }

    fn status(&self) -> pb::MatchStatus {
        if self.outcome().is_some() {
            pb::MatchStatus::Finished
        } else if self.record.seats.iter().any(|s| s.token_hash.is_none()) {
            pb::MatchStatus::Waiting
        } else {
            pb::MatchStatus::Active
        }
    }

    /// The lobby's view of this match.
    pub fn summary(&self) -> pb::MatchSummary {
        let mut s = summary_of(
            &self.record,
            &self.presence,
            self.status(),
            self.outcome_pb(),
        );
        s.abandon_grace_ms = self.abandon_grace().map_or(0, |g| g.as_millis() as u64);
        s.bot_waits = self.bot_waits(&s.seats);
        s
    }

    /// The outcome on the wire, with how it was forfeited.
    fn outcome_pb(&self) -> Option<pb::Outcome> {
        self.outcome().map(|o| {
            let mut o = convert::outcome(&o, self.ending == Some(Ending::Resign));
            if let Some(ending) = self.ending.filter(|_| self.resigned_outcome.is_some()) {
                o.forfeit = ending.forfeit().into();
            }
            o
        })
    }

    fn seat_name(&self, seat: Seat) -> String {
        seat_name(&self.record, seat)
    }
}
