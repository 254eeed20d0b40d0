//! One task per match: it owns the engine state and serializes every command on it.
//!
//! Commands arrive over a channel; viewers subscribe per seat (or as spectators) and each
//! gets its own bounded buffer of redacted updates. A viewer whose buffer is full is marked
//! lagging and skipped, then resynced with one snapshot once there is room again: a slow or
//! vanished client never blocks the match.

use std::sync::Arc;

use hustings_engine::{self as engine, AnyGame, Outcome, Seat, Viewer};
use hustings_proto::EncodedUpdate;
use hustings_proto::v1 as pb;
use tokio::sync::{mpsc, oneshot};
use tonic::Status;
use tracing::{debug, info, warn};

use crate::clock::Clocks;
use crate::convert;
use crate::hub::Hub;
use crate::projection::{self, LastChoice, Own, Projector, Public};
use crate::store::{Append, ChoiceRecord, Finished, LiveState, MatchRecord, SeatRecord};

#[path = "lifecycle.rs"]
mod lifecycle;
pub use lifecycle::{CLAIM_WIN, REMATCH, TIMEOUT, effective_grace, forfeit_label};

/// The reserved choice id under which a resignation is recorded.
pub const RESIGN: &str = "resign";

/// The reserved choice id that takes back the seat's last choice (offered in its prompt
/// while that choice revealed nothing and rolled nothing and the seat is still to act).
/// Recorded like any choice: a match's state replays its records, an `undo` removing the
/// choice in force before it.
pub const UNDO: &str = "undo";

/// A game replayed from a match's records, knowing which choices are in force and how
/// many of the last ones may be taken back.
pub struct Played {
    pub game: Box<dyn AnyGame>,
    /// Indices (into the records) of the choices in force, in order.
    pub applied: Vec<usize>,
    /// How many of the last `applied` choices may be taken back, last first (all by the
    /// seat still to act, within its turn).
    pub undoable: usize,
    /// The digest of what spectators may not know in the current state, once computed.
    pub digest: Option<u64>,
}

impl Played {
    pub fn new(record: &MatchRecord) -> Result<Self, String> {
        Ok(Played {
            game: engine::new_game(&record.game, &record.setup).map_err(|e| e.to_string())?,
            applied: Vec::new(),
            undoable: 0,
            digest: None,
        })
    }

    /// The game after every record of `record`.
    pub fn replay(record: &MatchRecord) -> Result<Self, String> {
        let mut p = Played::new(record)?;
        for i in 0..record.choices.len() {
            p.step(record, i)?;
        }
        Ok(p)
    }

    /// The seat whose last choice may be taken back now, if any.
    pub fn undo_seat(&self, records: &[ChoiceRecord]) -> Option<Seat> {
        if self.undoable == 0 || self.game.outcome().is_some() {
            return None;
        }
        self.applied.last().map(|&i| records[i].seat)
    }

    /// Applies record `index` (a resignation changes nothing here).
    pub fn step(&mut self, record: &MatchRecord, index: usize) -> Result<(), String> {
        step(
            &mut self.game,
            &mut self.applied,
            &mut self.undoable,
            &mut self.digest,
            record,
            index,
        )
    }
}

/// [`Played::step`] on its parts (the actor keeps them as fields). `digest` is the hidden
/// digest of the state `game` is in, when known: each choice's "after" is the next one's
/// "before", so it is computed once per choice rather than twice.
fn step(
    game: &mut Box<dyn AnyGame>,
    applied: &mut Vec<usize>,
    undoable: &mut usize,
    digest: &mut Option<u64>,
    record: &MatchRecord,
    index: usize,
) -> Result<(), String> {
    {
        let c = &record.choices[index];
        if forfeit_label(&c.choice).is_some() {
            return Ok(());
        }
        if c.choice == UNDO {
            let last_seat = applied.last().map(|&i| record.choices[i].seat);
            if *undoable == 0 || game.outcome().is_some() || last_seat != Some(c.seat) {
                return Err(format!("stored undo #{index} has nothing to take back"));
            }
            applied.pop();
            *undoable -= 1;
            let mut g = engine::new_game(&record.game, &record.setup).map_err(|e| e.to_string())?;
            for &i in applied.iter() {
                let c = &record.choices[i];
                g.apply(c.seat, &c.choice)
                    .map_err(|e| format!("stored choice #{i} no longer applies: {e}"))?;
            }
            *game = g;
            *digest = None;
            return Ok(());
        }
        let seat = c.seat;
        // What spectators may not know covers what every seat may not know: unchanged, the
        // choice revealed nothing to anyone (a card played from the hand changes it) and
        // rolled nothing (the generator is hidden).
        let hidden = |g: &dyn AnyGame| g.hidden_digest(Viewer::Spectator);
        let before = digest.take().unwrap_or_else(|| hidden(&**game));
        game.apply(seat, &c.choice)
            .map_err(|e| format!("stored choice #{index} no longer applies: {e}"))?;
        let after = hidden(&**game);
        *digest = Some(after);
        let takeable = after == before && game.to_act() == [seat] && game.outcome().is_none();
        *undoable = if takeable { *undoable + 1 } else { 0 };
        applied.push(index);
        Ok(())
    }
}

/// What a stream receives.
pub type UpdateResult = Result<EncodedUpdate, Status>;

/// The sending end of a match actor's command channel.
///
/// Commands travel boxed: an unbounded channel allocates its first block of 32 slots when
/// it is created, so with the command itself in each slot every match, even an idle one,
/// carried about 2 KiB of empty slots; boxed, the slots take 256 bytes.
pub type Mailbox = mpsc::UnboundedSender<Box<Command>>;

/// A request to a match actor.
pub enum Command {
    Join {
        seat: Option<Seat>,
        name: String,
        kind: pb::ClientKind,
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
        reply: oneshot::Sender<Result<(u64, mpsc::Receiver<UpdateResult>), Status>>,
    },
    Unwatch {
        id: u64,
    },
    /// Which seat of this match a token (its hash) holds, if any.
    Seat {
        token_hash: String,
        reply: oneshot::Sender<Result<Option<Seat>, Status>>,
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
    hub: Arc<Hub>,
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
    /// How it ended when `resigned_outcome` is set: "resign", "timeout" or "abandoned".
    forfeit: &'static str,
    /// The seats' clocks, when the match has one (boxed: most matches have none).
    clocks: Option<Box<Clocks>>,
    /// Since when each seat has had no open stream (`None` while it has one).
    away_since: Vec<Option<tokio::time::Instant>>,
    /// After the match: the seats that offered or accepted a rematch.
    rematch_offers: Vec<Seat>,
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
    /// Builds the actor for a stored match by replaying its choices.
    pub fn rebuild(hub: Arc<Hub>, record: MatchRecord) -> Result<Self, String> {
        let mut played = Played::new(&record)?;
        let mut resigned_outcome = None;
        let mut last_action = None;
        // Only the last played choice's label is shown; building a prompt for every stored
        // choice would dominate a restart.
        let mut forfeit = "";
        let last_played = record
            .choices
            .iter()
            .rposition(|c| forfeit_label(&c.choice).is_none());
        for (i, c) in record.choices.iter().enumerate() {
            if let Some(label) = forfeit_label(&c.choice) {
                let (o, kind) = lifecycle::forfeit_outcome(&*played.game, &record, c);
                resigned_outcome = Some(o);
                forfeit = kind;
                // The record that ended the match is the last action, as it was live.
                last_action = Some(LastChoice::public(c.seat, &c.choice, label));
            } else if c.choice == UNDO {
                played.step(&record, i)?;
                if Some(i) == last_played {
                    last_action = Some(undo_action(c.seat));
                }
            } else {
                if Some(i) == last_played {
                    last_action = Some(last_choice_of(&*played.game, c.seat, &c.choice));
                }
                played.step(&record, i)?;
            }
        }
        let seats = record.seats.len();
        let mut clocks = lifecycle::restored_clocks(&record);
        let mut record = record;
        if clocks.is_some() {
            // The live clocks hold what the stored times were for.
            for c in &mut record.choices {
                c.clocks = Vec::new();
            }
        }
        let now = tokio::time::Instant::now();
        let mut away_since = vec![Some(now); seats];
        let live = std::mem::take(&mut record.live);
        if let Some(p) = live
            .parked
            .filter(|p| p.version == record.choices.len() as u64)
        {
            lifecycle::unpark(&hub, &p, clocks.as_deref_mut(), &mut away_since);
        }
        Ok(MatchActor {
            forfeit,
            clocks,
            away_since,
            rematch_offers: live.rematch_offers,
            last_activity: now,
            timing_out: None,
            hub,
            record,
            game: played.game,
            applied: played.applied,
            undoable: played.undoable,
            digest: played.digest,
            resigned_outcome,
            last_action,
            subscribers: Vec::new(),
            next_sub: 0,
            presence: vec![0; seats],
            joining: None,
            note: None,
            me: None,
            prompt_cache: None,
        })
    }

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
        s
    }

    /// The outcome on the wire, with how it was forfeited.
    fn outcome_pb(&self) -> Option<pb::Outcome> {
        self.outcome().map(|o| {
            let mut o = convert::outcome(&o, self.forfeit == RESIGN);
            if self.resigned_outcome.is_some() {
                o.forfeit = self.forfeit.into();
            }
            o
        })
    }

    /// Runs the actor until it is told to shut down, or leaves memory (see
    /// [`Self::evict_at`]).
    pub async fn run(
        mut self,
        mut rx: mpsc::UnboundedReceiver<Box<Command>>,
        me: mpsc::WeakUnboundedSender<Box<Command>>,
    ) {
        self.me = Some(me);
        // Clocks start (again) now: time while the server was down is nobody's.
        self.sync_lifecycle();
        loop {
            let deadline = self.next_deadline();
            let evict = self.evict_at();
            let wake = deadline.into_iter().chain(evict).min();
            let cmd = match wake {
                Some(at) => tokio::select! {
                    cmd = rx.recv() => cmd,
                    _ = tokio::time::sleep_until(at) => {
                        if evict.is_some_and(|e| e <= tokio::time::Instant::now()) && rx.is_empty() {
                            if self.evict().await {
                                break;
                            }
                        } else if deadline.is_some_and(|d| d <= tokio::time::Instant::now()) {
                            self.on_deadline().await;
                        }
                        continue;
                    }
                },
                None => rx.recv().await,
            };
            let Some(cmd) = cmd else { break };
            self.last_activity = tokio::time::Instant::now();
            match *cmd {
                Command::Join {
                    seat,
                    name,
                    kind,
                    reply,
                } => {
                    let r = self.join(seat, name, kind).await;
                    let _ = reply.send(r);
                }
                Command::Act {
                    seat,
                    version,
                    choice,
                    reply,
                } => {
                    let r = self.act(seat, version, &choice).await;
                    let _ = reply.send(r);
                }
                Command::Resign { seat, reply } => {
                    let r = self.resign(seat).await;
                    let _ = reply.send(r);
                }
                Command::Watch {
                    viewer,
                    from_version,
                    json,
                    reply,
                } => {
                    let r = self.watch(viewer, from_version, json);
                    let _ = reply.send(r);
                }
                Command::Seat { token_hash, reply } => {
                    let seat = self
                        .record
                        .seats
                        .iter()
                        .position(|s| s.token_hash.as_deref() == Some(token_hash.as_str()));
                    let _ = reply.send(Ok(seat));
                }
                Command::Unwatch { id } => self.unwatch(id),
                Command::Resync { id } => self.resync(id),
                Command::Replay { reply } => {
                    let _ = reply.send(self.replay());
                }
                Command::ReplayView { version, reply } => {
                    let _ = reply.send(self.replay_view(version));
                }
                Command::Shutdown => break,
            }
        }
        // Commands that arrived after the hub let go of this actor are dropped unanswered:
        // the hub sends them again to the rebuilt one.
        rx.close();
        while rx.try_recv().is_ok() {}
        debug!(match_id = %self.record.id, "match actor stopped");
    }

    /// When this actor leaves memory if nothing happens: with no stream open, a finished
    /// match after the linger, an unfinished one after the idle time.
    fn evict_at(&self) -> Option<tokio::time::Instant> {
        if self.subscribers.iter().any(|s| !s.tx.is_closed()) {
            return None;
        }
        let limits = &self.hub.limits;
        let after = if self.outcome().is_some() {
            limits.linger
        } else {
            limits.evict_idle
        };
        after.map(|d| self.last_activity + d)
    }

    /// Leaves memory: stores what the actor knows beyond its records (the seats' absence
    /// and the clocks, see [`Parked`]), takes itself out of the hub, and asks the hub to
    /// rebuild it when a running clock is due. Returns false (and stays) when storing
    /// failed.
    async fn evict(&mut self) -> bool {
        self.subscribers.retain(|s| !s.tx.is_closed());
        if !self.subscribers.is_empty() {
            return false;
        }
        let now = tokio::time::Instant::now();
        let parked = self.park(now);
        let due = self
            .clocks
            .as_ref()
            .and_then(|c| c.next_expiry())
            .map(|(at, _)| at);
        let live = LiveState {
            rematch_offers: self.rematch_offers.clone(),
            parked: Some(parked),
        };
        if let Err(e) = self.hub.store.save_live(&self.record.id, &live).await {
            warn!(match_id = %self.record.id, error = %e, "could not store the match's state; it stays in memory");
            self.last_activity = now;
            return false;
        }
        if let Some(me) = &self.me {
            self.hub.retire(&self.record.id, me);
        }
        if let Some(at) = due {
            self.hub.wake_at(at, self.record.id.clone());
        }
        debug!(match_id = %self.record.id, "match left memory");
        true
    }

    async fn join(
        &mut self,
        seat: Option<Seat>,
        name: String,
        kind: pb::ClientKind,
    ) -> Result<pb::JoinMatchResponse, Status> {
        if self.outcome().is_some() {
            return Err(Status::failed_precondition(
                "the match is over; no seat can be joined",
            ));
        }
        let open = |s: &SeatRecord| s.token_hash.is_none();
        let seat = match seat {
            Some(s) => {
                let rec = self.record.seats.get(s).ok_or_else(|| {
                    Status::invalid_argument(format!(
                        "seat {s} does not exist: this match has seats 0 to {}",
                        self.record.seats.len() - 1
                    ))
                })?;
                if !open(rec) {
                    return Err(Status::failed_precondition(format!(
                        "seat {s} is already taken by {}",
                        display(&rec.player_name)
                    )));
                }
                s
            }
            None => {
                // Bots prefer seats created for bots, people the others.
                let wants_bot = kind == pb::ClientKind::Bot;
                let seats = &self.record.seats;
                (0..seats.len())
                    .find(|&s| open(&seats[s]) && seats[s].bot == wants_bot)
                    .or_else(|| (0..seats.len()).find(|&s| open(&seats[s])))
                    .ok_or_else(|| {
                        Status::failed_precondition("every seat of this match is taken")
                    })?
            }
        };
        let token = crate::auth::new_token();
        let hash = crate::auth::hash_token(&token);
        let mut rec = self.record.seats[seat].clone();
        rec.token_hash = Some(hash.clone());
        rec.player_name = name;
        rec.client_kind = match kind {
            pb::ClientKind::Human => "human",
            pb::ClientKind::Bot => "bot",
            pb::ClientKind::Unspecified => "",
        }
        .into();
        self.hub
            .store
            .set_seat(&self.record.id, seat, &rec)
            .await
            .map_err(|e| Status::unavailable(format!("could not store the seat: {e}")))?;
        self.record.seats[seat] = rec;
        info!(match_id = %self.record.id, seat, "seat joined");
        self.after_change(None);
        Ok(pb::JoinMatchResponse {
            match_id: self.record.id.clone(),
            seat: seat as u32,
            seat_name: self.seat_name(seat),
            token,
        })
    }

    fn seat_name(&self, seat: Seat) -> String {
        seat_name(&self.record, seat)
    }

    async fn act(&mut self, seat: Seat, version: u64, choice: &str) -> Result<u64, Status> {
        if choice == REMATCH {
            return self.rematch(seat, version).await;
        }
        if self.outcome().is_some() {
            return Err(Status::failed_precondition("the match is over"));
        }
        if self.status() == pb::MatchStatus::Waiting {
            let open: Vec<String> = (0..self.record.seats.len())
                .filter(|&s| self.record.seats[s].token_hash.is_none())
                .map(|s| self.seat_name(s))
                .collect();
            return Err(Status::failed_precondition(format!(
                "the match has not started: waiting for {} to join",
                open.join(", ")
            )));
        }
        if version != self.version() {
            return Err(Status::aborted(format!(
                "stale version: you acted on version {version} but the match is at version {}; \
                 read the stream and decide again",
                self.version()
            )));
        }
        if choice == CLAIM_WIN {
            return self.claim_win(seat).await;
        }
        if choice == UNDO && self.game.prompt(seat).is_some() {
            return self.undo(seat).await;
        }
        let cached = self
            .prompt_cache
            .take()
            .filter(|c| c.version == self.version())
            .and_then(|c| c.prompts.into_iter().find(|(s, _)| *s == seat))
            .map(|(_, p)| p);
        // The choice is checked against the prompt just sent, or else read as the game's
        // typed action and checked on its own (no other label is built).
        let offered = match &cached {
            Some(prompt) => prompt.find(choice).cloned(),
            None => self.game.describe_choice(seat, choice),
        };
        let Some(offered) = offered else {
            let Some(prompt) = cached.or_else(|| self.game.prompt(seat)) else {
                let waiting: Vec<String> = self
                    .game
                    .to_act()
                    .into_iter()
                    .map(|s| self.seat_name(s))
                    .collect();
                return Err(Status::failed_precondition(format!(
                    "it is not your turn: waiting for {}",
                    waiting.join(", ")
                )));
            };
            return Err(Status::failed_precondition(format!(
                "{} is not a legal choice now; legal: {}",
                crate::validate::quote(choice),
                engine::legal_list(Some(&prompt))
            )));
        };
        // What each viewer is told of it, asked of the state it is made in.
        let last = LastChoice::of_game(&*self.game, seat, choice, &offered.label);
        let record = ChoiceRecord {
            seat,
            choice: choice.to_string(),
            clocks: self.charge_clocks(seat, false),
        };
        // Applied first, to store the outcome with the choice that reaches it; nobody
        // hears of it before it is stored, and it is taken back if it cannot be.
        self.record.choices.push(record.clone().without_clocks());
        if let Err(e) = self.step_last() {
            // Cannot happen: the choice was offered.
            self.record.choices.pop();
            warn!(match_id = %self.record.id, error = %e, "offered choice refused");
            return Err(Status::internal(format!(
                "the engine refused an offered choice: {e}"
            )));
        }
        self.store_last(record, None)
            .await
            .map_err(|e| Status::unavailable(format!("could not store the choice: {e}")))?;
        debug!(match_id = %self.record.id, seat, choice, version = self.version(), "choice applied");
        let last = self.note_timeout(last);
        self.last_action = Some(last);
        self.after_change(Some(self.version()));
        self.note = None;
        Ok(self.version())
    }

    /// Stores the record just applied (the last of `self.record.choices`, `stored` with its
    /// clock times), with the outcome when the match is over now; the forfeit kind when a
    /// reserved record ended it. If it cannot be stored the record is taken back and the
    /// game replayed to where it was.
    async fn store_last(
        &mut self,
        stored: ChoiceRecord,
        forfeit: Option<&'static str>,
    ) -> Result<(), crate::store::StoreError> {
        let index = self.record.choices.len() - 1;
        let finished = match forfeit {
            Some(kind) => self.resigned_outcome.clone().map(|outcome| Finished {
                outcome,
                forfeit: Some(kind.to_string()),
            }),
            None => self.game.outcome().map(|outcome| Finished {
                outcome,
                forfeit: None,
            }),
        };
        let append = Append {
            index,
            choice: stored,
            finished,
        };
        if let Err(e) = self.hub.store.append(&self.record.id, &append).await {
            self.record.choices.pop();
            if forfeit.is_some() {
                self.resigned_outcome = None;
                self.forfeit = "";
            } else if let Ok(p) = Played::replay(&self.record) {
                self.game = p.game;
                self.applied = p.applied;
                self.undoable = p.undoable;
                self.digest = p.digest;
            }
            return Err(e);
        }
        if let Some(f) = append.finished {
            info!(match_id = %self.record.id, reason = %f.outcome.reason, "match finished");
            self.record.outcome = Some(f.outcome);
        }
        Ok(())
    }

    /// Applies the last record (see [`Played::step`]).
    fn step_last(&mut self) -> Result<(), String> {
        let index = self.record.choices.len() - 1;
        step(
            &mut self.game,
            &mut self.applied,
            &mut self.undoable,
            &mut self.digest,
            &self.record,
            index,
        )
    }

    /// Takes back `seat`'s last choice, if it may be.
    async fn undo(&mut self, seat: Seat) -> Result<u64, Status> {
        let Some(&last) = self.applied.last() else {
            return Err(Status::failed_precondition("there is nothing to take back"));
        };
        if self.undoable == 0 || self.record.choices[last].seat != seat {
            return Err(Status::failed_precondition(
                "your last choice cannot be taken back: it revealed something hidden, rolled \
                 a die or ended your turn",
            ));
        }
        let undone = self.record.choices[last].choice.clone();
        let record = ChoiceRecord {
            seat,
            choice: UNDO.into(),
            clocks: self.charge_clocks(seat, true),
        };
        self.record.choices.push(record.clone().without_clocks());
        if let Err(e) = self.step_last() {
            self.record.choices.pop();
            return Err(Status::internal(format!(
                "could not take the choice back: {e}"
            )));
        }
        self.store_last(record, None)
            .await
            .map_err(|e| Status::unavailable(format!("could not store the undo: {e}")))?;
        // The choice as everyone may be told of it, from the state it is taken back to.
        let shown = last_choice_of(&*self.game, seat, &undone).public_label();
        let mut note = engine::LogEntry::new(
            "undo",
            format!("{} took back: {shown}", self.seat_name(seat)),
        )
        .seat(seat);
        note.seq = self.game.log_len() as u64;
        self.note = Some(note);
        self.last_action = Some(undo_action(seat));
        info!(match_id = %self.record.id, seat, "choice taken back");
        // The log got shorter: every viewer gets a snapshot.
        for sub in &mut self.subscribers {
            sub.lagging = true;
        }
        self.after_change(Some(self.version()));
        self.note = None;
        Ok(self.version())
    }

    async fn resign(&mut self, seat: Seat) -> Result<pb::Outcome, Status> {
        if self.outcome().is_some() {
            return Err(Status::failed_precondition("the match is already over"));
        }
        let record = ChoiceRecord {
            seat,
            choice: RESIGN.into(),
            clocks: self.charge_clocks(seat, true),
        };
        self.record.choices.push(record.clone().without_clocks());
        self.resigned_outcome = Some(resign_outcome(&*self.game, &self.record, seat));
        self.forfeit = RESIGN;
        self.store_last(record, Some(RESIGN))
            .await
            .map_err(|e| Status::unavailable(format!("could not store the resignation: {e}")))?;
        self.last_action = Some(LastChoice::public(seat, RESIGN, "Resign"));
        self.after_change(Some(self.version()));
        self.outcome_pb()
            .ok_or_else(|| Status::internal("no outcome after resigning"))
    }

    fn watch(
        &mut self,
        viewer: Viewer,
        from_version: u64,
        json: bool,
    ) -> Result<(u64, mpsc::Receiver<UpdateResult>), Status> {
        let limits = &self.hub.limits;
        self.subscribers.retain(|s| !s.tx.is_closed());
        if self.subscribers.len() >= limits.max_viewers_per_match {
            return Err(Status::resource_exhausted(format!(
                "this match already has {} viewers, the most allowed",
                limits.max_viewers_per_match
            )));
        }
        let current = self.version();
        if from_version > current {
            return Err(Status::invalid_argument(format!(
                "from_version {from_version} is ahead of the match (version {current})"
            )));
        }
        // Count this viewer as present before its first message, which shows presence.
        if let Some(seat) = viewer.seat() {
            self.presence[seat] += 1;
        }
        let (tx, rx) = mpsc::channel(limits.stream_buffer);
        let id = self.next_sub;
        self.next_sub += 1;
        let missed = (current - from_version) as usize;
        let log_sent;
        let undo_missed = self.record.choices[from_version as usize..]
            .iter()
            .any(|c| c.choice == UNDO);
        if from_version == 0 || missed > limits.stream_buffer / 2 || undo_missed {
            log_sent = self.game.log_len();
            let _ = tx.try_send(Ok(self.snapshot_for(viewer, json)));
        } else {
            match self.catch_up(viewer, json, from_version, &tx) {
                Ok(pos) => log_sent = pos,
                Err(e) => {
                    if let Some(seat) = viewer.seat() {
                        self.presence[seat] -= 1;
                    }
                    return Err(e);
                }
            }
        }
        if let Some(seat) = viewer.seat()
            && self.presence[seat] == 1
        {
            // Everyone else learns that this seat is back (the newcomer already knows).
            self.joining = Some(seat);
            self.after_change(None);
            self.joining = None;
        }
        self.subscribers.push(Subscriber {
            id,
            viewer,
            json,
            tx,
            log_sent,
            lagging: false,
        });
        Ok((id, rx))
    }

    /// Sends every version after `from` to a resuming viewer, each as its own message, by
    /// replaying the match from its set-up. Returns the log position reached. The first
    /// message carries the match's reference, as the first of every stream does.
    fn catch_up(
        &self,
        viewer: Viewer,
        json: bool,
        from: u64,
        tx: &mpsc::Sender<UpdateResult>,
    ) -> Result<usize, Status> {
        let current = self.version();
        let extras = |v, status, current, p| self.prompt_extras(v, status, current, p);
        if from == current {
            let mut projector = self.projector(&*self.game, self.public());
            let log_from = self.game.log_len();
            let own = Own {
                viewer,
                json,
                log_from,
                snapshot: false,
                reference: true,
                current: true,
            };
            let _ = tx.try_send(Ok(projector.message(&own, &extras)));
            return Ok(log_from);
        }
        let mut p = Played::new(&self.record).map_err(Status::internal)?;
        for i in 0..from as usize {
            p.step(&self.record, i).map_err(Status::internal)?;
        }
        let mut log_pos = p.game.log_len();
        for (i, c) in self.record.choices[from as usize..].iter().enumerate() {
            let version = from + i as u64 + 1;
            let last = if let Some(label) = forfeit_label(&c.choice) {
                LastChoice::public(c.seat, &c.choice, label)
            } else {
                let last = last_choice_of(&*p.game, c.seat, &c.choice);
                p.step(&self.record, from as usize + i)
                    .map_err(Status::internal)?;
                last
            };
            let g: &dyn AnyGame = &*p.game;
            let is_current = version == current;
            let mut public = self.public();
            public.version = version;
            if !is_current {
                public.outcome = None;
                public.status = pb::MatchStatus::Active;
            }
            let note = self.note.as_ref().filter(|_| is_current);
            let mut projector = Projector::new(g, public, Some(&last), note);
            let own = Own {
                viewer,
                json,
                log_from: log_pos,
                snapshot: false,
                reference: i == 0,
                current: is_current,
            };
            log_pos = g.log_len();
            let _ = tx.try_send(Ok(projector.message(&own, &extras)));
        }
        Ok(log_pos)
    }

    /// Waits (in a task) until a lagging viewer's buffer has room, then asks for a resync.
    fn resync_when_room(&self, sub: &Subscriber) {
        let tx = sub.tx.clone();
        let me = self.me.clone();
        let id = sub.id;
        tokio::spawn(async move {
            if tx.reserve().await.is_ok()
                && let Some(me) = me.and_then(|m| m.upgrade())
            {
                let _ = me.send(Box::new(Command::Resync { id }));
            }
        });
    }

    /// Sends a lagging viewer a snapshot of the current state.
    fn resync(&mut self, id: u64) {
        let Some(pos) = self.subscribers.iter().position(|s| s.id == id) else {
            return;
        };
        if !self.subscribers[pos].lagging {
            return;
        }
        let viewer = self.subscribers[pos].viewer;
        let json = self.subscribers[pos].json;
        let msg = self.snapshot_for(viewer, json);
        let log_len = self.game.log_len();
        let sub = &mut self.subscribers[pos];
        match sub.tx.try_send(Ok(msg)) {
            Ok(()) => {
                sub.lagging = false;
                sub.log_sent = log_len;
            }
            Err(mpsc::error::TrySendError::Full(_)) => {
                let sub = &self.subscribers[pos];
                self.resync_when_room(sub);
            }
            Err(mpsc::error::TrySendError::Closed(_)) => self.unwatch(id),
        }
    }

    fn unwatch(&mut self, id: u64) {
        let Some(pos) = self.subscribers.iter().position(|s| s.id == id) else {
            return;
        };
        let sub = self.subscribers.remove(pos);
        if let Some(seat) = sub.viewer.seat() {
            self.presence[seat] = self.presence[seat].saturating_sub(1);
            if self.presence[seat] == 0 {
                self.after_change(None);
            }
        }
    }

    fn replay(&self) -> Result<pb::Replay, Status> {
        projection::replay(self.outcome().is_some(), self.summary(), || {
            // Replay the match to attach each choice's label and log entries.
            let mut p = Played::new(&self.record).map_err(Status::internal)?;
            let setup_log = p.game.log_all(0);
            let mut pos = p.game.log_len();
            let mut choices = Vec::new();
            for (i, c) in self.record.choices.iter().enumerate() {
                let (label, log) = if let Some(label) = forfeit_label(&c.choice) {
                    (label.to_string(), Vec::new())
                } else if c.choice == UNDO {
                    p.step(&self.record, i).map_err(Status::internal)?;
                    pos = p.game.log_len();
                    (UNDO_LABEL.to_string(), Vec::new())
                } else {
                    let label = label_of(&*p.game, c.seat, &c.choice);
                    p.step(&self.record, i).map_err(Status::internal)?;
                    let log = p.game.log_all(pos);
                    pos = p.game.log_len();
                    (label, log)
                };
                choices.push(projection::ReplayStep {
                    seat: c.seat,
                    choice_id: c.choice.clone(),
                    label,
                    log,
                });
            }
            Ok(projection::ReplayParts {
                seats: self.record.setup.seats as u32,
                seed: self.record.setup.seed,
                setup_log,
                choices,
            })
        })
    }

    /// The spectator's snapshot at `version` of the finished match, rebuilt by replaying its
    /// choices up to there and projected like every other message: what a spectator
    /// watching live saw then (view, public log, who was to act, the choice that led there
    /// as a spectator is told it), with the reference, and no prompt or clocks.
    fn replay_view(&self, version: u64) -> Result<EncodedUpdate, Status> {
        if self.outcome().is_none() {
            return Err(Status::failed_precondition(
                "the match is not over: its replay is available once it ends",
            ));
        }
        let current = self.version();
        if version > current {
            return Err(Status::invalid_argument(format!(
                "version {version} is past the match's end (version {current})"
            )));
        }
        let mut p = Played::new(&self.record).map_err(Status::internal)?;
        let mut last = None;
        for (i, c) in self
            .record
            .choices
            .iter()
            .take(version as usize)
            .enumerate()
        {
            last = Some(if let Some(label) = forfeit_label(&c.choice) {
                LastChoice::public(c.seat, &c.choice, label)
            } else if c.choice == UNDO {
                undo_action(c.seat)
            } else {
                last_choice_of(&*p.game, c.seat, &c.choice)
            });
            p.step(&self.record, i).map_err(Status::internal)?;
        }
        let g: &dyn AnyGame = &*p.game;
        let is_last = version == current;
        let mut public = self.public();
        public.version = version;
        public.clocks.clear();
        public.rematch_offers.clear();
        if !is_last {
            public.outcome = None;
            public.status = pb::MatchStatus::Active;
        }
        let mut projector = Projector::new(g, public, last.as_ref(), None);
        let own = Own {
            viewer: Viewer::Spectator,
            json: false,
            log_from: 0,
            snapshot: true,
            reference: true,
            current: is_last,
        };
        Ok(projector.message(&own, &projection::no_extras))
    }

    /// What every message of the current version says alike, from the actor's records.
    fn public(&self) -> Public {
        Public {
            match_id: self.record.id.clone(),
            version: self.version(),
            status: self.status(),
            outcome: self.outcome_pb(),
            seats: seats_of(&self.record, &self.presence),
            clocks: self.clocks_pb(),
            clock: self.record.settings.clock.to_pb(),
            rematch_offers: self.rematch_offers.iter().map(|&s| s as u32).collect(),
            rematch_match_id: self.record.rematch_next.clone().unwrap_or_default(),
        }
    }

    /// The projector of `game` (the current state, unless catching up) with `public`, the
    /// last choice and the service's note.
    fn projector<'g>(&'g self, game: &'g dyn AnyGame, public: Public) -> Projector<'g> {
        Projector::new(game, public, self.last_action.as_ref(), self.note.as_ref())
    }

    /// A snapshot of the current version for one viewer.
    fn snapshot_for(&self, viewer: Viewer, json: bool) -> EncodedUpdate {
        let mut projector = self.projector(&*self.game, self.public());
        let own = Own {
            viewer,
            json,
            log_from: 0,
            snapshot: true,
            reference: true,
            current: true,
        };
        projector.message(&own, &|v, status, current, p| {
            self.prompt_extras(v, status, current, p)
        })
    }

    /// What the actor adds to a seat's prompt: `undo` while its last choice may be taken
    /// back, then the lifecycle's claim-win and rematch.
    fn prompt_extras(
        &self,
        viewer: Viewer,
        status: pb::MatchStatus,
        current: bool,
        prompt: Option<pb::Prompt>,
    ) -> Option<pb::Prompt> {
        let prompt = prompt.map(|mut p| {
            let seat = p.seat as Seat;
            if self.undoable > 0
                && self.applied.last().map(|&i| self.record.choices[i].seat) == Some(seat)
            {
                p.choices.push(pb::Choice {
                    id: UNDO.into(),
                    label: "Take back your last choice".into(),
                    kind: UNDO.into(),
                    ..Default::default()
                });
            }
            p
        });
        self.lifecycle_prompt(viewer, status, current, prompt)
    }

    /// Tells every viewer about the new state (a new version, or a change of seats or
    /// presence when `version` is `None`), and the lobby about the new summary.
    fn after_change(&mut self, version: Option<u64>) {
        self.sync_lifecycle();
        let log_len = self.game.log_len();
        let mut subs = std::mem::take(&mut self.subscribers);
        let mut projector = self.projector(&*self.game, self.public());
        for sub in &subs {
            projector.will_use(sub.viewer, sub.json);
        }
        let extras = |v, status, current, p| self.prompt_extras(v, status, current, p);
        subs.retain_mut(|sub| {
            let own = Own {
                viewer: sub.viewer,
                json: sub.json,
                log_from: if sub.lagging { 0 } else { sub.log_sent },
                snapshot: sub.lagging,
                reference: sub.lagging,
                current: true,
            };
            let msg = projector.message(&own, &extras);
            match sub.tx.try_send(Ok(msg)) {
                Ok(()) => {
                    sub.lagging = false;
                    sub.log_sent = log_len;
                    true
                }
                Err(mpsc::error::TrySendError::Full(_)) => {
                    if !sub.lagging {
                        warn!(match_id = %self.record.id, viewer = %sub.viewer, "viewer lagging; will resync with a snapshot");
                        sub.lagging = true;
                        self.resync_when_room(sub);
                    }
                    true
                }
                Err(mpsc::error::TrySendError::Closed(_)) => false,
            }
        });
        // The prompts just sent are the ones the next Act is checked against.
        let prompts = projector.into_prompts();
        // Streams that closed without saying so no longer count as present.
        let mut presence = vec![0; self.presence.len()];
        for s in &subs {
            if let Some(seat) = s.viewer.seat() {
                presence[seat] += 1;
            }
        }
        if let Some(seat) = self.joining {
            presence[seat] += 1;
        }
        self.prompt_cache = (!prompts.is_empty()).then(|| {
            Box::new(PromptCache {
                version: self.version(),
                prompts,
            })
        });
        let presence_changed = presence != self.presence;
        self.presence = presence;
        self.subscribers = subs;
        match version {
            // A move that neither ended the match nor changed who is connected: the lobby
            // hears nothing (the listing reads the version from the store).
            Some(_) if !presence_changed && self.outcome().is_none() => {}
            _ => self.hub.publish(self.summary()),
        }
    }
}

fn display(name: &str) -> &str {
    if name.is_empty() {
        "another player"
    } else {
        name
    }
}

/// The engine's catalogue, built once: it is fixed data, and building it renders every
/// game's descriptions, while seat names are looked up for every update sent.
fn catalogue() -> &'static [engine::GameInfo] {
    static CATALOGUE: std::sync::OnceLock<Vec<engine::GameInfo>> = std::sync::OnceLock::new();
    CATALOGUE.get_or_init(engine::catalogue)
}

/// The game's name for a seat.
pub fn seat_name(record: &MatchRecord, seat: Seat) -> String {
    catalogue()
        .iter()
        .find(|g| g.id == record.game)
        .and_then(|g| {
            g.variant(&record.setup.variant)
                .and_then(|v| v.seat_names.get(seat).cloned())
        })
        .unwrap_or_else(|| format!("Seat {seat}"))
}

/// The label `choice` was offered with to `seat` in `game` (the state before it).
fn label_of(game: &dyn AnyGame, seat: Seat, choice: &str) -> String {
    game.prompt(seat)
        .and_then(|p| p.find(choice).map(|c| c.label.clone()))
        .unwrap_or_default()
}

/// A recorded game choice as each viewer may be told of it, from the state before it.
fn last_choice_of(game: &dyn AnyGame, seat: Seat, choice: &str) -> LastChoice {
    LastChoice::of_game(game, seat, choice, &label_of(game, seat, choice))
}

/// The label of a take-back, the same for every viewer.
const UNDO_LABEL: &str = "Take back the last choice";

fn undo_action(seat: Seat) -> LastChoice {
    LastChoice::public(seat, UNDO, UNDO_LABEL)
}

fn resign_outcome(game: &dyn AnyGame, record: &MatchRecord, seat: Seat) -> Outcome {
    Outcome {
        winners: (0..game.num_seats()).filter(|&s| s != seat).collect(),
        reason: format!("{} resigned", seat_name(record, seat)),
        scores: Vec::new(),
    }
}

/// The lobby's view of a match record.
pub fn summary_of(
    record: &MatchRecord,
    presence: &[u32],
    status: pb::MatchStatus,
    outcome: Option<pb::Outcome>,
) -> pb::MatchSummary {
    pb::MatchSummary {
        match_id: record.id.clone(),
        game: record.game.clone(),
        variant: record.setup.variant.clone(),
        status: status as i32,
        seats: seats_of(record, presence),
        version: record.choices.len() as u64,
        options: record.options.iter().cloned().collect(),
        created_at_unix_ms: record.created_at_unix_ms,
        outcome,
        clock: record.settings.clock.to_pb(),
        abandon_grace_ms: record.settings.abandon_grace_ms.unwrap_or(0),
        rematch_of: record.settings.rematch_of.clone().unwrap_or_default(),
        rematch_match_id: record.rematch_next.clone().unwrap_or_default(),
    }
}

/// The lobby's view of a match's seats.
fn seats_of(record: &MatchRecord, presence: &[u32]) -> Vec<pb::SeatSummary> {
    record
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| pb::SeatSummary {
            seat: i as u32,
            name: seat_name(record, i),
            bot: s.bot,
            ai: s.ai.clone(),
            ai_level: s.ai_level.clone(),
            taken: s.token_hash.is_some(),
            player_name: s.player_name.clone(),
            client_kind: match s.client_kind.as_str() {
                "human" => pb::ClientKind::Human,
                "bot" => pb::ClientKind::Bot,
                _ => pb::ClientKind::Unspecified,
            } as i32,
            connected: presence.get(i).copied().unwrap_or(0) > 0,
        })
        .collect()
}
