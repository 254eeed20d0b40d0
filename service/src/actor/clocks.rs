//! Clocks and absence: the seats' clocks run while they decide and are charged for each
//! record; a clock that runs out applies its game's policy; the away-times are kept for the
//! claim-win; and both are parked when the actor leaves memory and put back when it returns.

use std::time::Duration;

use hustings_engine::{self as engine, Seat, TimeoutPolicy};
use hustings_proto::v1 as pb;
use tokio::time::Instant;
use tracing::{info, warn};

use super::Host;
use super::MatchActor;
use super::summary::catalogue;
use crate::clock::Clocks;
use crate::projection::LastChoice;
use crate::record::{Ending, TIMEOUT};
use crate::store::{MatchRecord, Parked};

/// The clocks of a stored match, at the times stored with its last choice.
pub(super) fn restored_clocks(record: &MatchRecord) -> Option<Box<Clocks>> {
    let mut clocks = Clocks::new(record.settings.clock, record.seats.len())?;
    if let Some(last) = record.choices.iter().rev().find(|c| !c.clocks.is_empty()) {
        clocks.restore(&last.clocks);
    }
    Some(Box::new(clocks))
}

/// Milliseconds from the hub's start to `t` (0 before it).
pub(super) fn on_hub_clock(host: &dyn Host, t: Instant) -> u64 {
    t.saturating_duration_since(host.epoch()).as_millis() as u64
}

/// Puts back an evicted actor's timekeeping. Written by this server run, it goes on as if
/// the actor had never left: the running clocks were running all along, the absent seats
/// absent since they left. Written by an earlier run, it is a restart's: the clocks resume
/// from the times stored then (the downtime is nobody's) and every seat is away from now.
pub(super) fn unpark(
    host: &dyn Host,
    p: &Parked,
    clocks: Option<&mut Clocks>,
    away_since: &mut [Option<Instant>],
) {
    let same_run = p.run == host.run();
    let at = host.epoch() + Duration::from_millis(p.at_ms);
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
            *a = stored.map(|ms| host.epoch() + Duration::from_millis(ms));
        }
    }
}

impl MatchActor {
    /// The actor's timekeeping at `now`, to store when it leaves memory (see
    /// [`unpark`]).
    pub(super) fn park(&mut self, now: Instant) -> Parked {
        let (clocks, running) = match self.clocks.as_mut() {
            Some(c) => c.snapshot(now),
            None => (Vec::new(), Vec::new()),
        };
        Parked {
            run: self.host.run(),
            version: self.version(),
            at_ms: on_hub_clock(self.host.as_ref(), now),
            clocks,
            running,
            away_ms: self
                .away_since
                .iter()
                .map(|a| a.map(|t| on_hub_clock(self.host.as_ref(), t)))
                .collect(),
            to_act: Some(self.deciding()),
        }
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
            // A bot seat past the grace is announced to the lobby, for another pool to take
            // over, whoever watches.
            None => {
                if self.subscribers.iter().any(|s| s.viewer.seat().is_some())
                    || !self.bot_seats_to_take_over().is_empty()
                {
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
        if let Err(e) = self.end_by(seat, Ending::Timeout).await {
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
    /// action's labels too. Any other choice is told as it is, with no note.
    pub(super) fn timeout_note(&self, last: LastChoice) -> (LastChoice, Option<engine::LogEntry>) {
        let Some(seat) = self.timing_out else {
            return (last, None);
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
        (last.timed_out(), Some(note))
    }
}
