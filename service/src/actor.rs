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
use prost::Message as _;
use tokio::sync::{mpsc, oneshot};
use tonic::Status;
use tracing::{debug, info, warn};

use crate::clock::Clocks;
use crate::convert;
use crate::hub::Hub;
use crate::store::{ChoiceRecord, MatchRecord, SeatRecord};

#[path = "lifecycle.rs"]
mod lifecycle;
pub use lifecycle::{CLAIM_WIN, REMATCH, TIMEOUT, forfeit_label};

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
        reply: oneshot::Sender<Result<pb::MatchUpdate, Status>>,
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
    last_action: Option<pb::LastAction>,
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
            if forfeit_label(&c.choice).is_some() {
                let (o, kind) = lifecycle::forfeit_outcome(&*played.game, &record, c);
                resigned_outcome = Some(o);
                forfeit = kind;
            } else if c.choice == UNDO {
                played.step(&record, i)?;
                if Some(i) == last_played {
                    last_action = Some(undo_action(c.seat));
                }
            } else {
                if Some(i) == last_played {
                    last_action = Some(last_action_of(&*played.game, c.seat, &c.choice));
                }
                played.step(&record, i)?;
            }
        }
        let seats = record.seats.len();
        let clocks = lifecycle::restored_clocks(&record);
        let mut record = record;
        if clocks.is_some() {
            // The live clocks hold what the stored times were for.
            for c in &mut record.choices {
                c.clocks = Vec::new();
            }
        }
        Ok(MatchActor {
            forfeit,
            clocks,
            away_since: vec![Some(tokio::time::Instant::now()); seats],
            rematch_offers: Vec::new(),
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

    /// Runs the actor until its channel closes or it is told to shut down.
    pub async fn run(
        mut self,
        mut rx: mpsc::UnboundedReceiver<Box<Command>>,
        me: mpsc::WeakUnboundedSender<Box<Command>>,
    ) {
        self.me = Some(me);
        // Clocks start (again) now: time while the server was down is nobody's.
        self.sync_lifecycle();
        self.hub.publish(self.summary());
        loop {
            let cmd = match self.next_deadline() {
                Some(at) => tokio::select! {
                    cmd = rx.recv() => cmd,
                    _ = tokio::time::sleep_until(at) => {
                        self.on_deadline();
                        continue;
                    }
                },
                None => rx.recv().await,
            };
            let Some(cmd) = cmd else { break };
            match *cmd {
                Command::Join {
                    seat,
                    name,
                    kind,
                    reply,
                } => {
                    let r = self.join(seat, name, kind);
                    let _ = reply.send(r);
                }
                Command::Act {
                    seat,
                    version,
                    choice,
                    reply,
                } => {
                    let r = self.act(seat, version, &choice);
                    let _ = reply.send(r);
                }
                Command::Resign { seat, reply } => {
                    let r = self.resign(seat);
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
        debug!(match_id = %self.record.id, "match actor stopped");
    }

    fn join(
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
            .map_err(|e| Status::unavailable(format!("could not store the seat: {e}")))?;
        self.record.seats[seat] = rec;
        self.hub.register_token(hash, &self.record.id, seat);
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

    fn act(&mut self, seat: Seat, version: u64, choice: &str) -> Result<u64, Status> {
        if choice == REMATCH {
            return self.rematch(seat, version);
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
            return self.claim_win(seat);
        }
        if choice == UNDO && self.game.prompt(seat).is_some() {
            return self.undo(seat);
        }
        let cached = self
            .prompt_cache
            .take()
            .filter(|c| c.version == self.version())
            .and_then(|c| c.prompts.into_iter().find(|(s, _)| *s == seat))
            .map(|(_, p)| p);
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
        let Some(offered) = prompt.find(choice) else {
            return Err(Status::failed_precondition(format!(
                "'{choice}' is not a legal choice now; legal: {}",
                engine::legal_list(Some(&prompt))
            )));
        };
        let last = pb::LastAction {
            seat: seat as u32,
            choice_id: choice.to_string(),
            label: offered.label.clone(),
        };
        // Write the choice before applying it: an acknowledged choice is always stored.
        let record = ChoiceRecord {
            seat,
            choice: choice.to_string(),
            clocks: self.charge_clocks(seat, false),
        };
        self.hub
            .store
            .append_choice(&self.record.id, self.record.choices.len(), &record)
            .map_err(|e| Status::unavailable(format!("could not store the choice: {e}")))?;
        self.record.choices.push(record.without_clocks());
        if let Err(e) = self.step_last() {
            // Cannot happen: the choice was offered.
            warn!(match_id = %self.record.id, error = %e, "offered choice refused");
            return Err(Status::internal(format!(
                "the engine refused an offered choice: {e}"
            )));
        }
        debug!(match_id = %self.record.id, seat, choice, version = self.version(), "choice applied");
        self.finish_if_over();
        let last = self.note_timeout(last);
        self.last_action = Some(last);
        self.after_change(Some(self.version()));
        Ok(self.version())
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
    fn undo(&mut self, seat: Seat) -> Result<u64, Status> {
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
        self.hub
            .store
            .append_choice(&self.record.id, self.record.choices.len(), &record)
            .map_err(|e| Status::unavailable(format!("could not store the undo: {e}")))?;
        self.record.choices.push(record.without_clocks());
        self.step_last()
            .map_err(|e| Status::internal(format!("could not take the choice back: {e}")))?;
        // The label the choice had, from the state it is taken back to.
        let label = last_action_of(&*self.game, seat, &undone).label;
        let shown = if label.is_empty() { undone } else { label };
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

    fn finish_if_over(&mut self) {
        if let Some(o) = self.outcome() {
            self.record.outcome = Some(o.clone());
            if let Err(e) = self.hub.store.finish(&self.record.id, &o) {
                warn!(match_id = %self.record.id, error = %e, "could not store the outcome");
            }
            info!(match_id = %self.record.id, reason = %o.reason, "match finished");
        }
    }

    fn resign(&mut self, seat: Seat) -> Result<pb::Outcome, Status> {
        if self.outcome().is_some() {
            return Err(Status::failed_precondition("the match is already over"));
        }
        let record = ChoiceRecord {
            seat,
            choice: RESIGN.into(),
            clocks: self.charge_clocks(seat, true),
        };
        self.hub
            .store
            .append_choice(&self.record.id, self.record.choices.len(), &record)
            .map_err(|e| Status::unavailable(format!("could not store the resignation: {e}")))?;
        self.record.choices.push(record.without_clocks());
        self.resigned_outcome = Some(resign_outcome(&*self.game, &self.record, seat));
        self.forfeit = RESIGN;
        self.last_action = Some(pb::LastAction {
            seat: seat as u32,
            choice_id: RESIGN.into(),
            label: "Resign".into(),
        });
        self.finish_if_over();
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
            let log = self.game.log_for(viewer, 0);
            log_sent = self.game.log_len();
            let mut shared = Shared::new(self, &*self.game);
            let msg = self.update_for(&mut shared, viewer, json, log, true, true);
            let _ = tx.try_send(Ok(EncodedUpdate::of(&msg)));
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
        if from == current {
            let mut shared = Shared::new(self, &*self.game);
            let mut msg = self.update_for(&mut shared, viewer, json, Vec::new(), false, true);
            self.add_reference(&mut msg);
            let _ = tx.try_send(Ok(EncodedUpdate::of(&msg)));
            return Ok(self.game.log_len());
        }
        let mut p = Played::new(&self.record).map_err(Status::internal)?;
        for i in 0..from as usize {
            p.step(&self.record, i).map_err(Status::internal)?;
        }
        let mut log_pos = p.game.log_len();
        for (i, c) in self.record.choices[from as usize..].iter().enumerate() {
            let version = from + i as u64 + 1;
            let last = if let Some(label) = forfeit_label(&c.choice) {
                pb::LastAction {
                    seat: c.seat as u32,
                    choice_id: c.choice.clone(),
                    label: label.into(),
                }
            } else {
                let last = last_action_of(&*p.game, c.seat, &c.choice);
                p.step(&self.record, from as usize + i)
                    .map_err(Status::internal)?;
                last
            };
            let g: &dyn AnyGame = &*p.game;
            let log = g.log_for(viewer, log_pos);
            log_pos = g.log_len();
            let is_current = version == current;
            let mut shared = Shared::new(self, g);
            let mut msg = self.update_for(&mut shared, viewer, json, log, false, is_current);
            if i == 0 {
                self.add_reference(&mut msg);
            }
            msg.version = version;
            msg.last_action = Some(last);
            if !is_current {
                msg.outcome = None;
                msg.status = pb::MatchStatus::Active as i32;
            }
            let _ = tx.try_send(Ok(EncodedUpdate::of(&msg)));
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
        let mut shared = Shared::new(self, &*self.game);
        let msg = self.update_for(
            &mut shared,
            viewer,
            json,
            self.game.log_for(viewer, 0),
            true,
            true,
        );
        let log_len = self.game.log_len();
        let sub = &mut self.subscribers[pos];
        match sub.tx.try_send(Ok(EncodedUpdate::of(&msg))) {
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
        if self.outcome().is_none() {
            return Err(Status::failed_precondition(
                "the match is not over: its replay (which reveals the seed) is available once it ends",
            ));
        }
        // Replay the match to attach each choice's label and log entries.
        let mut p = Played::new(&self.record).map_err(Status::internal)?;
        // Once the match is over every seat may see everything, so the log is unredacted.
        let everything = |g: &dyn AnyGame, from: usize| -> Vec<pb::LogEntry> {
            g.log_all(from).iter().map(convert::log_entry).collect()
        };
        let setup_log = everything(&*p.game, 0);
        let mut pos = p.game.log_len();
        let mut choices = Vec::new();
        for (i, c) in self.record.choices.iter().enumerate() {
            let (label, log) = if let Some(label) = forfeit_label(&c.choice) {
                (label.to_string(), Vec::new())
            } else if c.choice == UNDO {
                p.step(&self.record, i).map_err(Status::internal)?;
                pos = p.game.log_len();
                (undo_action(c.seat).label, Vec::new())
            } else {
                let label = last_action_of(&*p.game, c.seat, &c.choice).label;
                p.step(&self.record, i).map_err(Status::internal)?;
                let log = everything(&*p.game, pos);
                pos = p.game.log_len();
                (label, log)
            };
            choices.push(pb::RecordedChoice {
                version: i as u64 + 1,
                seat: c.seat as u32,
                choice_id: c.choice.clone(),
                label,
                log,
            });
        }
        Ok(pb::Replay {
            summary: Some(self.summary()),
            seats: self.record.setup.seats as u32,
            seed: self.record.setup.seed,
            choices,
            setup_log,
        })
    }

    /// The spectator's snapshot at `version` of the finished match, rebuilt by replaying its
    /// choices up to there: what a spectator watching live saw then (view, public log, who
    /// was to act, the choice that led there), with the reference, and no prompt or clocks.
    fn replay_view(&self, version: u64) -> Result<pb::MatchUpdate, Status> {
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
                pb::LastAction {
                    seat: c.seat as u32,
                    choice_id: c.choice.clone(),
                    label: label.into(),
                }
            } else if c.choice == UNDO {
                undo_action(c.seat)
            } else {
                last_action_of(&*p.game, c.seat, &c.choice)
            });
            p.step(&self.record, i).map_err(Status::internal)?;
        }
        let g: &dyn AnyGame = &*p.game;
        let viewer = Viewer::Spectator;
        let log = g.log_for(viewer, 0);
        let is_last = version == current;
        let mut shared = Shared::new(self, g);
        let mut msg = self.update_for(&mut shared, viewer, false, log, true, is_last);
        msg.version = version;
        msg.last_action = last;
        msg.clocks.clear();
        msg.rematch_offers.clear();
        if !is_last {
            msg.outcome = None;
            msg.status = pb::MatchStatus::Active as i32;
            msg.to_act = g.to_act().into_iter().map(|s| s as u32).collect();
        }
        Ok(msg)
    }

    /// One viewer's message for the state `shared` was built from (at the actor's current
    /// version). A snapshot carries the match's reference; no view carries the fixed data
    /// (the reference holds it).
    fn update_for(
        &self,
        shared: &mut Shared<'_>,
        viewer: Viewer,
        json: bool,
        log: Vec<engine::LogEntry>,
        snapshot: bool,
        current: bool,
    ) -> pb::MatchUpdate {
        let own = self.own_fields(shared, viewer, &log, snapshot, current);
        let parts = convert::ViewParts { json, fixed: false };
        pb::MatchUpdate {
            view: Some(shared.view(viewer, parts)),
            snapshot: own.snapshot,
            viewer_seat: own.viewer_seat,
            log: own.log,
            prompt: own.prompt,
            reference: own.reference,
            ..self.common_fields(shared)
        }
    }

    /// The fields of a version's message that every viewer gets alike.
    fn common_fields(&self, shared: &Shared<'_>) -> pb::MatchUpdate {
        pb::MatchUpdate {
            match_id: self.record.id.clone(),
            version: self.version(),
            status: shared.status as i32,
            to_act: shared.to_act.clone(),
            seats: shared.seats.clone(),
            last_action: self.last_action.clone(),
            outcome: shared.outcome.clone(),
            clocks: self.clocks_pb(),
            clock: self.record.settings.clock.to_pb(),
            rematch_offers: self.rematch_offers.iter().map(|&s| s as u32).collect(),
            rematch_match_id: self.record.rematch_next.clone().unwrap_or_default(),
            ..Default::default()
        }
    }

    /// The fields of a version's message that are the viewer's own: its seat, its prompt,
    /// its part of the log, and for a snapshot the match's reference. The view, shared by
    /// the viewers who see the same, is neither here nor in [`Self::common_fields`].
    fn own_fields(
        &self,
        shared: &mut Shared<'_>,
        viewer: Viewer,
        log: &[engine::LogEntry],
        snapshot: bool,
        current: bool,
    ) -> pb::MatchUpdate {
        let status = shared.status;
        let prompt = match (viewer.seat(), status, current) {
            (Some(seat), pb::MatchStatus::Active, true) => shared.prompt(seat).map(|p| {
                let mut p = convert::prompt(p);
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
            }),
            _ => None,
        };
        let prompt = self.lifecycle_prompt(viewer, status, current, prompt);
        pb::MatchUpdate {
            snapshot,
            viewer_seat: viewer.seat().map(|s| s as u32),
            log: log
                .iter()
                .chain(self.note.as_ref().filter(|_| current))
                .map(convert::log_entry)
                .collect(),
            prompt,
            reference: if snapshot {
                convert::reference(&self.record.game)
            } else {
                None
            },
            ..Default::default()
        }
    }

    /// Makes `msg` (not a snapshot) the first of a stream: with the match's reference.
    fn add_reference(&self, msg: &mut pb::MatchUpdate) {
        msg.reference = convert::reference(&self.record.game);
    }

    /// Tells every viewer about the new state (a new version, or a change of seats or
    /// presence when `version` is `None`), and the lobby about the new summary.
    fn after_change(&mut self, version: Option<u64>) {
        self.sync_lifecycle();
        let log_len = self.game.log_len();
        let mut subs = std::mem::take(&mut self.subscribers);
        let mut shared = Shared::new(self, &*self.game);
        for sub in &subs {
            shared.will_use(
                sub.viewer,
                convert::ViewParts {
                    json: sub.json,
                    fixed: false,
                },
            );
        }
        // What every viewer gets alike is encoded once; each distinct view once; each
        // message is those bytes followed by the viewer's own fields (see EncodedUpdate).
        let common = self.common_fields(&shared).encode_to_vec();
        subs.retain_mut(|sub| {
            let from = if sub.lagging { 0 } else { sub.log_sent };
            let log = self.game.log_for(sub.viewer, from);
            let own = self
                .own_fields(&mut shared, sub.viewer, &log, sub.lagging, true)
                .encode_to_vec();
            let parts = convert::ViewParts {
                json: sub.json,
                fixed: false,
            };
            let view = shared.view_bytes(sub.viewer, parts);
            let msg = EncodedUpdate::concat(&[&common, &view, &own]);
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
        // The prompts just sent are the ones the next Act is checked against.
        let prompts: Vec<(Seat, engine::Prompt)> = std::mem::take(&mut shared.prompts)
            .into_iter()
            .filter_map(|(seat, p)| p.map(|p| (seat, p)))
            .collect();
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
            // summary differs only in its version.
            Some(v) if !presence_changed && self.outcome().is_none() => {
                self.hub.publish_version(&self.record.id, v)
            }
            _ => self.hub.publish(self.summary()),
        }
    }
}

/// What every message of one version shares, built once however many viewers get it:
/// the status, who acts, the seats, and each distinct view. Viewers whose engine views are
/// equal (the spectators; every seat of a game without hidden hands) share one wire view.
struct Shared<'g> {
    game: &'g dyn AnyGame,
    status: pb::MatchStatus,
    outcome: Option<pb::Outcome>,
    to_act: Vec<u32>,
    seats: Vec<pb::SeatSummary>,
    views: Vec<SharedView>,
    /// Each seat's prompt, once asked for.
    prompts: Vec<(Seat, Option<engine::Prompt>)>,
}

/// One distinct view of a version.
struct SharedView {
    /// The viewers it is for.
    viewers: Vec<Viewer>,
    parts: convert::ViewParts,
    /// The engine's view, when built ahead to find the viewers that share it.
    engine: Option<engine::AnyView>,
    /// Messages that still need it: the last one takes it rather than a copy.
    uses: usize,
    wire: Option<pb::GameView>,
    /// The view encoded as a `MatchUpdate` field, once a message needed it so.
    bytes: Option<prost::bytes::Bytes>,
}

impl<'g> Shared<'g> {
    fn new(actor: &MatchActor, game: &'g dyn AnyGame) -> Self {
        let outcome = actor.outcome();
        Shared {
            game,
            status: actor.status(),
            to_act: if outcome.is_some() {
                Vec::new()
            } else {
                game.to_act().into_iter().map(|s| s as u32).collect()
            },
            outcome: actor.outcome_pb(),
            seats: seats_of(&actor.record, &actor.presence),
            views: Vec::new(),
            prompts: Vec::new(),
        }
    }

    /// `seat`'s prompt in this state, built on first use.
    fn prompt(&mut self, seat: Seat) -> Option<&engine::Prompt> {
        let i = match self.prompts.iter().position(|(s, _)| *s == seat) {
            Some(i) => i,
            None => {
                self.prompts.push((seat, self.game.prompt(seat)));
                self.prompts.len() - 1
            }
        };
        self.prompts[i].1.as_ref()
    }

    fn find(&self, viewer: Viewer, parts: convert::ViewParts) -> Option<usize> {
        self.views
            .iter()
            .position(|v| v.parts == parts && v.viewers.contains(&viewer))
    }

    /// Counts one more message that will need this viewer's view, finding the viewers
    /// that see the same.
    fn will_use(&mut self, viewer: Viewer, parts: convert::ViewParts) {
        if let Some(i) = self.find(viewer, parts) {
            self.views[i].uses += 1;
            return;
        }
        // A viewer the game says sees the same as one already counted shares its view.
        let like = self.game.same_view_as(viewer);
        if like != viewer
            && let Some(i) = self.views.iter().position(|v| {
                v.parts == parts
                    && v.viewers
                        .iter()
                        .any(|&w| w == like || self.game.same_view_as(w) == like)
            })
        {
            self.views[i].viewers.push(viewer);
            self.views[i].uses += 1;
            return;
        }
        let engine = self.game.view(viewer);
        if let Some(v) = self
            .views
            .iter_mut()
            .find(|v| v.parts == parts && v.engine.as_ref() == Some(&engine))
        {
            v.viewers.push(viewer);
            v.uses += 1;
            return;
        }
        self.views.push(SharedView {
            viewers: vec![viewer],
            parts,
            engine: Some(engine),
            uses: 1,
            wire: None,
            bytes: None,
        });
    }

    /// The index of `viewer`'s view with `parts`, added (not yet built) if no message was
    /// counted for it.
    fn entry(&mut self, viewer: Viewer, parts: convert::ViewParts) -> usize {
        self.find(viewer, parts).unwrap_or_else(|| {
            self.views.push(SharedView {
                viewers: vec![viewer],
                parts,
                engine: None,
                uses: 1,
                wire: None,
                bytes: None,
            });
            self.views.len() - 1
        })
    }

    /// The view for `viewer` with `parts`, built on first use.
    fn view(&mut self, viewer: Viewer, parts: convert::ViewParts) -> pb::GameView {
        let i = self.entry(viewer, parts);
        let game = self.game;
        let entry = &mut self.views[i];
        if entry.wire.is_none() {
            entry.wire = Some(match &entry.engine {
                Some(engine) => convert::game_view_of(engine, &game.to_act(), parts),
                None => convert::game_view(game, viewer, parts),
            });
        }
        entry.uses = entry.uses.saturating_sub(1);
        if entry.uses == 0 {
            entry.wire.take().unwrap_or_default()
        } else {
            entry.wire.clone().unwrap_or_default()
        }
    }

    /// The view for `viewer` with `parts` encoded as a `MatchUpdate`'s view field, built
    /// and encoded on first use and shared by every message that needs it.
    fn view_bytes(&mut self, viewer: Viewer, parts: convert::ViewParts) -> prost::bytes::Bytes {
        let i = self.entry(viewer, parts);
        let game = self.game;
        let entry = &mut self.views[i];
        if let Some(b) = &entry.bytes {
            return b.clone();
        }
        let view = match (entry.wire.take(), &entry.engine) {
            (Some(wire), _) => wire,
            (None, Some(engine)) => convert::game_view_of(engine, &game.to_act(), parts),
            (None, None) => convert::game_view(game, viewer, parts),
        };
        let bytes: prost::bytes::Bytes = pb::MatchUpdate {
            view: Some(view),
            ..Default::default()
        }
        .encode_to_vec()
        .into();
        entry.bytes = Some(bytes.clone());
        bytes
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

fn last_action_of(game: &dyn AnyGame, seat: Seat, choice: &str) -> pb::LastAction {
    let label = game
        .prompt(seat)
        .and_then(|p| p.find(choice).map(|c| c.label.clone()))
        .unwrap_or_default();
    pb::LastAction {
        seat: seat as u32,
        choice_id: choice.to_string(),
        label,
    }
}

fn undo_action(seat: Seat) -> pb::LastAction {
    pb::LastAction {
        seat: seat as u32,
        choice_id: UNDO.into(),
        label: "Take back the last choice".into(),
    }
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
