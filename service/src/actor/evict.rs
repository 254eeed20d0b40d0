//! Eviction and rebuilding: an actor is built from its stored records (and what it parked
//! when it left), and leaves memory once nobody follows it (`--evict-idle`, `--linger`).

use std::sync::Arc;

use tracing::{debug, warn};

use super::Host;
use super::clocks::{restored_clocks, unpark};
use super::forfeit::forfeit_outcome;
use super::handoff::reconcile;
use super::played::told;
use super::{MatchActor, Played};
use crate::store::{LiveState, MatchRecord};

impl MatchActor {
    /// Builds the actor for a stored match by replaying its choices.
    pub fn rebuild(host: Arc<dyn Host>, record: MatchRecord) -> Result<Self, String> {
        let mut played = Played::new(&record)?;
        let mut resigned_outcome = None;
        let mut last_action = None;
        let mut ending = None;
        let last = record.choices.len().checked_sub(1);
        for (i, c) in record.choices.iter().enumerate() {
            // Only the last record is told (as it was live); telling every stored choice
            // would dominate a restart.
            if Some(i) == last {
                last_action = Some(told(&record, &*played.game, c));
            }
            if let Some(e) = c.choice.ending() {
                resigned_outcome = Some(forfeit_outcome(&*played.game, &record, c.seat, e));
                ending = Some(e);
            }
            played.step(&record, i)?;
        }
        let seats = record.seats.len();
        let mut clocks = restored_clocks(&record);
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
        reconcile(&mut record, &live.handed);
        if let Some(p) = live
            .parked
            .filter(|p| p.version == record.choices.len() as u64)
        {
            unpark(host.as_ref(), &p, clocks.as_deref_mut(), &mut away_since);
        }
        Ok(MatchActor {
            ending,
            clocks,
            away_since,
            rematch_offers: live.rematch_offers,
            handed: live.handed,
            last_activity: now,
            timing_out: None,
            host,
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

    /// When this actor leaves memory if nothing happens: with no stream open, a finished
    /// match after the linger, an unfinished one after the idle time.
    pub(super) fn evict_at(&self) -> Option<tokio::time::Instant> {
        if self.subscribers.iter().any(|s| !s.tx.is_closed()) {
            return None;
        }
        let limits = &self.host.limits();
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
    pub(super) async fn evict(&mut self) -> bool {
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
            handed: self.handed.clone(),
        };
        if let Err(e) = self.host.store().save_live(&self.record.id, &live).await {
            warn!(match_id = %self.record.id, error = %e, "could not store the match's state; it stays in memory");
            self.last_activity = now;
            return false;
        }
        // The lease goes before the hub lets go: a request that rebuilds the match here
        // takes a new lease, which this release must not remove.
        if let Err(e) = self.host.store().release(&self.record.id).await {
            warn!(match_id = %self.record.id, error = %e, "could not give up the match's lease; it lapses by itself");
        }
        if let Some(me) = &self.me {
            self.host.retire(&self.record.id, me);
        }
        if let Some(at) = due {
            self.host.wake_at(at, self.record.id.clone());
        }
        debug!(match_id = %self.record.id, "match left memory");
        metrics::counter!(crate::metrics::MATCHES_EVICTED).increment(1);
        true
    }
}
