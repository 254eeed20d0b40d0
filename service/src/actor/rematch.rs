//! Rematches: after the match each seat not created for a bot offers or accepts one (the
//! offers are stored, so they outlive eviction and restarts); once all have, the hub starts
//! the next match with the seats rotated.

use hustings_engine::Seat;
use hustings_proto::v1 as pb;
use tonic::Status;
use tracing::info;

use super::MatchActor;
use crate::record::{REMATCH, service_choice};

impl MatchActor {
    /// The seats that must accept a rematch: every seat not created for a bot.
    pub(super) fn rematch_seats(&self) -> Vec<Seat> {
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
                handed: self.handed.clone(),
            };
            self.host
                .store()
                .save_live(&self.record.id, &live)
                .await
                .map_err(|e| Status::unavailable(format!("could not store the offer: {e}")))?;
            self.rematch_offers = offers;
        }
        if needed.iter().all(|s| self.rematch_offers.contains(s)) {
            let next = self.host.start_rematch(&self.record).await?;
            info!(match_id = %self.record.id, rematch = %next, "rematch started");
            self.record.rematch_next = Some(next);
        }
        self.after_change(None);
        Ok(self.version())
    }

    /// The rematch's prompt for `seat`, once the match is over and while it has yet to
    /// offer or accept one.
    pub(super) fn rematch_prompt(&self, seat: Seat) -> Option<pb::Prompt> {
        if self.outcome().is_none()
            || self.record.rematch_next.is_some()
            || self.rematch_offers.contains(&seat)
            || !self.rematch_seats().contains(&seat)
        {
            return None;
        }
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
        Some(pb::Prompt {
            seat: seat as u32,
            text,
            choices: vec![service_choice(REMATCH, label, REMATCH)],
        })
    }
}
