//! The match actor's lifecycle beyond the game's own rules: clocks and timeouts, abandoned
//! seats and claimed wins, and rematches. (A child module of `actor`, so it works on the
//! actor's own fields; the rules of each are in the proto's `Prompt.choices` and
//! `MatchUpdate` comments.)

use std::time::Duration;

use hustings_engine::{self as engine, AnyGame, Outcome, Seat, TimeoutPolicy, Viewer};
use hustings_proto::v1 as pb;
use tokio::time::Instant;
use tonic::Status;
use tracing::{info, warn};

use super::{MatchActor, RESIGN, catalogue, seat_name};
use crate::clock::{Clocks, MatchSettings};
use crate::hub::Hub;
use crate::projection::LastChoice;
use crate::store::{ChoiceRecord, MatchRecord, Parked};

/// The reserved record of a seat whose clock ran out where its game forfeits.
pub const TIMEOUT: &str = "timeout";
/// The reserved choice (and record) that claims the win over seats away past the grace.
pub const CLAIM_WIN: &str = "claim-win";
/// The reserved choice, offered once the match is over, that offers or accepts a rematch
/// (never recorded: it changes nothing in the finished match).
pub const REMATCH: &str = "rematch";

/// The label of a reserved record that ends the match, or `None` for any other record.
pub fn forfeit_label(choice: &str) -> Option<&'static str> {
    match choice {
        RESIGN => Some("Resign"),
        TIMEOUT => Some("Ran out of time"),
        CLAIM_WIN => Some("Claim the win"),
        _ => None,
    }
}

/// The outcome of a match ended by a reserved record, and how it ended ("resign",
/// "timeout", "abandoned"). A claimed win is over the seats that had to act, other than the
/// claimer: the claim is only offered while every one of them is away.
pub(super) fn forfeit_outcome(
    game: &dyn AnyGame,
    record: &MatchRecord,
    c: &ChoiceRecord,
) -> (Outcome, &'static str) {
    let seat = c.seat;
    let everyone_but = |losers: &[Seat]| -> Vec<Seat> {
        (0..game.num_seats())
            .filter(|s| !losers.contains(s))
            .collect()
    };
    let names = |seats: &[Seat]| -> String {
        seats
            .iter()
            .map(|&s| seat_name(record, s))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match c.choice.as_str() {
        TIMEOUT => (
            Outcome {
                winners: everyone_but(&[seat]),
                reason: format!("{} ran out of time", seat_name(record, seat)),
                scores: Vec::new(),
            },
            "timeout",
        ),
        CLAIM_WIN => {
            let away: Vec<Seat> = game.to_act().into_iter().filter(|&s| s != seat).collect();
            (
                Outcome {
                    winners: everyone_but(&away),
                    reason: format!(
                        "{} left the match; {} claimed the win",
                        names(&away),
                        seat_name(record, seat)
                    ),
                    scores: Vec::new(),
                },
                "abandoned",
            )
        }
        _ => (super::resign_outcome(game, record, seat), RESIGN),
    }
}

/// The clocks of a stored match, at the times stored with its last choice.
pub(super) fn restored_clocks(record: &MatchRecord) -> Option<Box<Clocks>> {
    let mut clocks = Clocks::new(record.settings.clock, record.seats.len())?;
    if let Some(last) = record.choices.iter().rev().find(|c| !c.clocks.is_empty()) {
        clocks.restore(&last.clocks);
    }
    Some(Box::new(clocks))
}

/// How long a seat that must act may be away before the others may claim the win: the
/// match's own grace, else the server's `default`; `None` for never.
pub fn effective_grace(settings: &MatchSettings, default: Duration) -> Option<Duration> {
    let grace = match settings.abandon_grace_ms {
        Some(ms) => Duration::from_millis(ms),
        None => default,
    };
    let grace = grace.min(Duration::from_millis(crate::clock::MAX_CLOCK_MS));
    (!grace.is_zero()).then_some(grace)
}

/// Milliseconds from the hub's start to `t` (0 before it).
fn on_hub_clock(hub: &Hub, t: Instant) -> u64 {
    t.saturating_duration_since(hub.epoch).as_millis() as u64
}

/// Puts back an evicted actor's timekeeping. Written by this server run, it goes on as if
/// the actor had never left: the running clocks were running all along, the absent seats
/// absent since they left. Written by an earlier run, it is a restart's: the clocks resume
/// from the times stored then (the downtime is nobody's) and every seat is away from now.
pub(super) fn unpark(
    hub: &Hub,
    p: &Parked,
    clocks: Option<&mut Clocks>,
    away_since: &mut [Option<Instant>],
) {
    let same_run = p.run == hub.run;
    let at = hub.epoch + Duration::from_millis(p.at_ms);
    if let Some(c) = clocks
        && !p.clocks.is_empty()
    {
        c.restore(&p.clocks);
        if same_run {
            c.resume(&p.running, at);
        }
    }
    if same_run {
        for (a, stored) in away_since.iter_mut().zip(&p.away_ms) {
            *a = stored.map(|ms| hub.epoch + Duration::from_millis(ms));
        }
    }
}

impl MatchActor {
    /// How long a seat that must act may be away before the others may claim the win.
    pub(super) fn abandon_grace(&self) -> Option<Duration> {
        effective_grace(&self.record.settings, self.hub.limits.abandon_grace)
    }

    /// The actor's timekeeping at `now`, to store when it leaves memory (see
    /// [`unpark`]).
    pub(super) fn park(&mut self, now: Instant) -> Parked {
        let (clocks, running) = match self.clocks.as_mut() {
            Some(c) => c.snapshot(now),
            None => (Vec::new(), Vec::new()),
        };
        Parked {
            run: self.hub.run,
            version: self.version(),
            at_ms: on_hub_clock(&self.hub, now),
            clocks,
            running,
            away_ms: self
                .away_since
                .iter()
                .map(|a| a.map(|t| on_hub_clock(&self.hub, t)))
                .collect(),
        }
    }

    /// The seats that decide now in a match under way (none while waiting or over).
    fn deciding(&self) -> Vec<Seat> {
        if self.outcome().is_some() || self.status() != pb::MatchStatus::Active {
            return Vec::new();
        }
        self.game.to_act()
    }

    /// Brings the clocks and the away-times up to date with the state: only the seats that
    /// decide now run, and a seat without an open stream is away from now on.
    pub(super) fn sync_lifecycle(&mut self) {
        let now = Instant::now();
        let deciding = self.deciding();
        let over = self.outcome().is_some();
        if let Some(c) = self.clocks.as_mut() {
            if over {
                c.stop(now);
            } else {
                c.run_only(&deciding, now);
            }
        }
        for (seat, away) in self.away_since.iter_mut().enumerate() {
            if self.presence.get(seat).copied().unwrap_or(0) > 0 {
                *away = None;
            } else if away.is_none() {
                *away = Some(now);
            }
        }
    }

    /// Charges the clocks for a record `seat` is about to store; the times to store with it.
    pub(super) fn charge_clocks(&mut self, seat: Seat, undo: bool) -> Vec<u64> {
        match self.clocks.as_mut() {
            Some(c) => c.charge(seat, Instant::now(), undo),
            None => Vec::new(),
        }
    }

    pub(super) fn clocks_pb(&self) -> Vec<pb::SeatClock> {
        self.clocks
            .as_ref()
            .map(|c| c.to_pb(Instant::now()))
            .unwrap_or_default()
    }

    /// Seats that must act and have been away past the grace period at `now`.
    fn abandoned(&self, now: Instant) -> Vec<Seat> {
        let Some(grace) = self.abandon_grace() else {
            return Vec::new();
        };
        self.deciding()
            .into_iter()
            .filter(|&s| {
                self.record.seats[s].token_hash.is_some()
                    && self.presence[s] == 0
                    && self.away_since[s].is_some_and(|t| t + grace <= now)
            })
            .collect()
    }

    /// May `seat` claim the win now? Every other seat that must act is away past the grace.
    fn may_claim(&self, seat: Seat) -> bool {
        let away = self.abandoned(Instant::now());
        !away.is_empty()
            && !away.contains(&seat)
            && self
                .deciding()
                .iter()
                .all(|s| *s == seat || away.contains(s))
    }

    /// The next moment something happens by itself: a clock runs out, or a seat's absence
    /// passes the grace period (so the others are offered the claim).
    pub(super) fn next_deadline(&self) -> Option<Instant> {
        let clock = self
            .clocks
            .as_ref()
            .and_then(|c| c.next_expiry())
            .map(|(at, _)| at);
        let now = Instant::now();
        let away = self.abandon_grace().and_then(|grace| {
            self.deciding()
                .into_iter()
                .filter(|&s| self.record.seats[s].token_hash.is_some() && self.presence[s] == 0)
                .filter_map(|s| self.away_since[s].map(|t| t + grace))
                .filter(|&at| at > now)
                .min()
        });
        clock.into_iter().chain(away).min()
    }

    /// A deadline passed: a clock ran out, or an absence passed the grace period.
    pub(super) async fn on_deadline(&mut self) {
        let now = Instant::now();
        let expired = self
            .clocks
            .as_ref()
            .and_then(|c| c.next_expiry())
            .filter(|&(at, _)| at <= now)
            .map(|(_, seat)| seat);
        match expired {
            Some(seat) => self.time_out(seat).await,
            // Tell everyone: the claim now shows in the other seats' prompts. With no seat
            // watching there is nobody to tell (a seat that comes later sees the claim in
            // its first message), which spares idle matches the wake-up's work.
            None => {
                if self.subscribers.iter().any(|s| s.viewer.seat().is_some()) {
                    self.after_change(None);
                }
            }
        }
    }

    /// `seat`'s clock ran out: the game's policy for its variant applies.
    async fn time_out(&mut self, seat: Seat) {
        let policy = catalogue()
            .iter()
            .find(|g| g.id == self.record.game)
            .map_or(TimeoutPolicy::Forfeit, |g| {
                g.timeout_policy_of(&self.record.setup.variant)
            });
        info!(match_id = %self.record.id, seat, ?policy, "clock ran out");
        if policy == TimeoutPolicy::DefaultChoice
            && let Some(choice) = self.game.default_choice(seat)
        {
            self.timing_out = Some(seat);
            let r = Box::pin(self.act(seat, self.version(), &choice)).await;
            self.timing_out = None;
            match r {
                Ok(_) => return,
                Err(e) => {
                    warn!(match_id = %self.record.id, seat, error = %e, "default choice refused; the seat forfeits")
                }
            }
        }
        if let Err(e) = self.end_by(seat, TIMEOUT).await {
            // Stop the clocks rather than wake again at once; the next change restarts them
            // (at zero) and tries again.
            warn!(match_id = %self.record.id, seat, error = %e, "could not record the timeout");
            if let Some(c) = self.clocks.as_mut() {
                c.stop(Instant::now());
            }
        }
    }

    /// After a default choice made for a seat out of time: the log says so (every viewer
    /// reads the entry, so it names the choice as a spectator is told it) and the last
    /// action's labels too.
    pub(super) fn note_timeout(&mut self, last: LastChoice) -> LastChoice {
        let Some(seat) = self.timing_out else {
            return last;
        };
        let who = self.seat_name(seat);
        let mut note = engine::LogEntry::new(
            TIMEOUT,
            format!(
                "{who} ran out of time; the default choice was made: {}",
                last.public_label()
            ),
        )
        .seat(seat);
        note.seq = self.game.log_len() as u64;
        self.note = Some(note);
        last.timed_out()
    }

    /// Ends the match by a reserved record (`timeout` by the seat out of time, `claim-win`
    /// by the claimer), stored first like any choice.
    async fn end_by(&mut self, seat: Seat, choice: &'static str) -> Result<u64, Status> {
        let record = ChoiceRecord {
            seat,
            choice: choice.into(),
            clocks: self.charge_clocks(seat, true),
        };
        let (outcome, kind) = forfeit_outcome(&*self.game, &self.record, &record);
        self.record.choices.push(record.clone().without_clocks());
        let reason = outcome.reason.clone();
        self.resigned_outcome = Some(outcome);
        self.forfeit = kind;
        self.store_last(record, Some(kind))
            .await
            .map_err(|e| Status::unavailable(format!("could not store the {choice}: {e}")))?;
        let mut note = engine::LogEntry::new(choice, reason).seat(seat);
        note.seq = self.game.log_len() as u64;
        self.note = Some(note);
        self.last_action = Some(LastChoice::public(
            seat,
            choice,
            forfeit_label(choice).unwrap_or_default(),
        ));
        self.after_change(Some(self.version()));
        self.note = None;
        Ok(self.version())
    }

    /// `seat` claims the win over the seats away past the grace period.
    pub(super) async fn claim_win(&mut self, seat: Seat) -> Result<u64, Status> {
        if !self.may_claim(seat) {
            return Err(Status::failed_precondition(
                "there is no win to claim: the seats to act are here, or have not been away \
                 for the grace period yet",
            ));
        }
        info!(match_id = %self.record.id, seat, "win claimed over absent seats");
        self.end_by(seat, CLAIM_WIN).await
    }

    /// The seats that must accept a rematch: every seat not created for a bot.
    fn rematch_seats(&self) -> Vec<Seat> {
        (0..self.record.seats.len())
            .filter(|&s| !self.record.seats[s].bot)
            .collect()
    }

    /// `seat` offers or accepts a rematch; once every seat that must has, it starts.
    pub(super) async fn rematch(&mut self, seat: Seat, version: u64) -> Result<u64, Status> {
        if self.outcome().is_none() {
            return Err(Status::failed_precondition(
                "a rematch can be offered only once the match is over",
            ));
        }
        if let Some(next) = &self.record.rematch_next {
            return Err(Status::failed_precondition(format!(
                "the rematch has already started: match {next}"
            )));
        }
        if version != self.version() {
            return Err(Status::aborted(format!(
                "stale version: you acted on version {version} but the match is at version {}",
                self.version()
            )));
        }
        let needed = self.rematch_seats();
        if !needed.contains(&seat) {
            return Err(Status::failed_precondition(
                "bot seats are seated again as bots; they do not accept rematches",
            ));
        }
        if !self.rematch_offers.contains(&seat) {
            // Stored before it is acknowledged: an offer outlives the actor leaving memory
            // and a restart.
            let mut offers = self.rematch_offers.clone();
            offers.push(seat);
            offers.sort_unstable();
            let live = crate::store::LiveState {
                rematch_offers: offers.clone(),
                parked: None,
            };
            self.hub
                .store
                .save_live(&self.record.id, &live)
                .await
                .map_err(|e| Status::unavailable(format!("could not store the offer: {e}")))?;
            self.rematch_offers = offers;
        }
        if needed.iter().all(|s| self.rematch_offers.contains(s)) {
            let next = self.hub.start_rematch(&self.record).await?;
            info!(match_id = %self.record.id, rematch = %next, "rematch started");
            self.record.rematch_next = Some(next);
        }
        self.after_change(None);
        Ok(self.version())
    }

    /// The viewer's prompt with the lifecycle's reserved choices: the claim of a win over
    /// absent seats (added to its prompt, or a prompt of its own when it is not its turn),
    /// and, after the match, the rematch.
    pub(super) fn lifecycle_prompt(
        &self,
        viewer: Viewer,
        status: pb::MatchStatus,
        current: bool,
        prompt: Option<pb::Prompt>,
    ) -> Option<pb::Prompt> {
        let Some(seat) = viewer.seat().filter(|_| current) else {
            return prompt;
        };
        if status == pb::MatchStatus::Active && self.may_claim(seat) {
            let away: Vec<String> = self
                .abandoned(Instant::now())
                .into_iter()
                .map(|s| self.seat_name(s))
                .collect();
            let claim = pb::Choice {
                id: CLAIM_WIN.into(),
                label: format!("Claim the win ({} has left)", away.join(", ")),
                kind: CLAIM_WIN.into(),
                ..Default::default()
            };
            let mut p = prompt.unwrap_or_else(|| pb::Prompt {
                seat: seat as u32,
                text: format!(
                    "{} must act but has been away for longer than the grace period. Claim \
                     the win, or wait for them.",
                    away.join(", ")
                ),
                choices: Vec::new(),
            });
            p.choices.push(claim);
            return Some(p);
        }
        if self.outcome().is_some()
            && self.record.rematch_next.is_none()
            && !self.rematch_offers.contains(&seat)
            && self.rematch_seats().contains(&seat)
        {
            let text = if self.rematch_offers.is_empty() {
                "The match is over. Offer a rematch (same game and settings, seats rotated)?"
                    .to_string()
            } else {
                let who: Vec<String> = self
                    .rematch_offers
                    .iter()
                    .map(|&s| self.seat_name(s))
                    .collect();
                format!(
                    "The match is over. {} offered a rematch (seats rotated): accept?",
                    who.join(", ")
                )
            };
            let label = if self.rematch_offers.is_empty() {
                "Offer a rematch"
            } else {
                "Accept the rematch"
            };
            return Some(pb::Prompt {
                seat: seat as u32,
                text,
                choices: vec![pb::Choice {
                    id: REMATCH.into(),
                    label: label.into(),
                    kind: REMATCH.into(),
                    ..Default::default()
                }],
            });
        }
        prompt
    }
}
