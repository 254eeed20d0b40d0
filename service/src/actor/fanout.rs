//! The per-viewer fan-out: each new state projected once and sent to every open stream as
//! that viewer may see it (a lagging one gets a snapshot later), and the lobby told.

use hustings_engine::{AnyGame, Seat, Viewer};
use hustings_proto::EncodedUpdate;
use hustings_proto::v1 as pb;
use tokio::sync::mpsc;
use tracing::warn;

use super::summary::seats_of;
use super::{MatchActor, PromptCache};
use crate::projection::{Own, Projector, Public};
use crate::record::{UNDO, service_choice};

impl MatchActor {
    /// What every message of the current version says alike, from the actor's records.
    pub(super) fn public(&self) -> Public {
        let seats = seats_of(&self.record, &self.presence);
        Public {
            bot_waits: self.bot_waits(&seats),
            match_id: self.record.id.clone(),
            version: self.version(),
            status: self.status(),
            outcome: self.outcome_pb(),
            seats,
            clocks: self.clocks_pb(),
            clock: self.record.settings.clock.to_pb(),
            rematch_offers: self.rematch_offers.iter().map(|&s| s as u32).collect(),
            rematch_match_id: self.record.rematch_next.clone().unwrap_or_default(),
        }
    }

    /// Why each of this match's empty bot seats waits, when no connected pool takes it.
    pub(super) fn bot_waits(&self, seats: &[pb::SeatSummary]) -> Vec<pb::BotWait> {
        self.host
            .pools()
            .waits_of(&self.record.game, self.outcome().is_some(), seats)
    }

    /// Tells every viewer the new list of bot waits, if a pool connecting or leaving
    /// changed it (the hub asks every live match).
    pub(super) fn pools_changed(&mut self) {
        let seats = seats_of(&self.record, &self.presence);
        // A new pool must hear of the bot seats it may take over, too.
        let waiting = seats.iter().any(|s| s.bot && !s.taken);
        // And the seats offered a handoff to a bot, of the AIs offered now.
        let absent = !self.abandoned(tokio::time::Instant::now()).is_empty();
        if (waiting || absent || !self.bot_seats_to_take_over().is_empty())
            && self.outcome().is_none()
        {
            self.after_change(None);
        }
    }

    /// The projector of `game` (the current state, unless catching up) with `public`, the
    /// last choice and the service's note.
    pub(super) fn projector<'g>(&'g self, game: &'g dyn AnyGame, public: Public) -> Projector<'g> {
        Projector::new(game, public, self.last_action.as_ref(), self.note.as_ref())
    }

    /// A snapshot of the current version for one viewer.
    pub(super) fn snapshot_for(&self, viewer: Viewer, json: bool) -> EncodedUpdate {
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
    /// back (never in a rated match), then the lifecycle's claim-win and rematch.
    pub(super) fn prompt_extras(
        &self,
        viewer: Viewer,
        status: pb::MatchStatus,
        current: bool,
        prompt: Option<pb::Prompt>,
    ) -> Option<pb::Prompt> {
        let prompt = prompt.map(|mut p| {
            let seat = p.seat as Seat;
            if self.undoable > 0
                && !self.record.settings.rated
                && self.applied.last().map(|&i| self.record.choices[i].seat) == Some(seat)
            {
                p.choices
                    .push(service_choice(UNDO, "Take back your last choice", UNDO));
            }
            p
        });
        // The lifecycle's reserved choices, for a seat at the current version: the claim of
        // a win over absent seats while the match is under way, the rematch after it.
        let Some(seat) = viewer.seat().filter(|_| current) else {
            return prompt;
        };
        if status == pb::MatchStatus::Active && self.may_claim(seat) {
            return Some(self.claim_prompt(seat, prompt));
        }
        self.rematch_prompt(seat).or(prompt)
    }

    /// Tells every viewer about the new state (a new version, or a change of seats or
    /// presence when `version` is `None`), and the lobby about the new summary.
    pub(super) fn after_change(&mut self, version: Option<u64>) {
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
                    if sub.lagging {
                        metrics::counter!(crate::metrics::VIEWERS_RESYNCED).increment(1);
                    }
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
        // Bot seats another bot may take over (their holder away past the grace while they
        // must act): announced at every change while there are any, so that a pool hears of
        // one that came to act after its grace had passed.
        let take_over = self.bot_seats_to_take_over();
        // A seat just handed to a bot waits for one: the pools must hear of it.
        let bot_waits = self
            .record
            .seats
            .iter()
            .any(|s| s.bot && s.token_hash.is_none());
        match version {
            // A move that neither ended the match nor changed who is connected: the lobby
            // hears nothing (the listing reads the version from the store).
            Some(_)
                if !presence_changed
                    && self.outcome().is_none()
                    && take_over.is_empty()
                    && !bot_waits => {}
            _ => self.host.publish(self.summary(), &take_over),
        }
    }
}
