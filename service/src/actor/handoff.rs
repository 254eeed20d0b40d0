//! Handing an absent person's seat to a bot: the other reserved choice, beside
//! `claim-win`, offered in the same situation (every other seat that must act has been away
//! past the grace period). Instead of ending the match it turns those seats into bot seats
//! with the AI chosen, announced to the lobby like any bot seat, for a pool to take and play
//! on. The record (`hand-to-bot:<ai>:<seats>`) is stored in the match's ordered log, so a
//! restart, an eviction and the replay all know of it; the game itself does not (replayed,
//! it is the same game). The tokens that held those seats are kept, to be refused with the
//! reason (see [`MatchActor::handed_refusal`]).
//!
//! Only seats people held are handed: a bot seat whose holder left is already announced
//! to the lobby as waiting for another bot to take it over (see JoinMatch), so handing it
//! would only turn one bot seat into another. The handoff is offered only while such a
//! person's seat is away, and hands only those.

use hustings_engine::{self as engine, Seat};
use hustings_proto::v1 as pb;
use tokio::time::Instant;
use tonic::Status;
use tracing::{info, warn};

use super::commit::{Effect, Step, Told};
use super::{MatchActor, seat_name};
use crate::projection::LastChoice;
use crate::record::{HAND_TO_BOT, Handoff, Record, service_choice};
use crate::store::{ChoiceRecord, Handed, LiveState, MatchRecord, SeatRecord};

/// How a handoff record is told, the same to every viewer and in the replay.
pub(super) fn handoff_label(record: &MatchRecord, h: &Handoff) -> String {
    let names: Vec<String> = h.seats.iter().map(|&s| seat_name(record, s)).collect();
    format!(
        "Handed {} to a bot ({}) after they left",
        names.join(", "),
        h.ai
    )
}

/// The seat a handed seat becomes: a bot seat for `ai` (its default level) nobody holds.
fn bot_seat(ai: &str) -> SeatRecord {
    SeatRecord {
        bot: true,
        ai: ai.to_string(),
        ..SeatRecord::default()
    }
}

/// Seats of a rebuilt match whose handoff was stored but whose new seat record was not (the
/// store failed in between): they still hold the old token, so they are made bot seats
/// again in memory, and stored with the next join.
pub(super) fn reconcile(record: &mut MatchRecord, handed: &[Handed]) {
    for h in handed.iter().filter(|h| h.index < record.choices.len()) {
        if let Some(seat) = record.seats.get_mut(h.seat)
            && seat.token_hash.as_deref() == Some(h.token_hash.as_str())
        {
            *seat = bot_seat(&h.ai);
        }
    }
}

impl MatchActor {
    /// The seats a handoff by `seat` would hand now: those people held that must act and
    /// have been away past the grace period.
    fn people_away(&self, seat: Seat) -> Vec<Seat> {
        self.abandoned(Instant::now())
            .into_iter()
            .filter(|&s| s != seat && !self.record.seats[s].bot)
            .collect()
    }

    /// The handoff choices for `seat`'s prompt: one per AI the connected pools offer, when
    /// a person's seat is away (none otherwise).
    pub(super) fn handoff_choices(&self, seat: Seat) -> Vec<pb::Choice> {
        // A rated match is played by the accounts seated: a bot may not finish it for one.
        if self.record.settings.rated || self.people_away(seat).is_empty() {
            return Vec::new();
        }
        self.host
            .pools()
            .offered(&self.record.game)
            .into_iter()
            .map(|ai| {
                service_choice(
                    format!("{HAND_TO_BOT}:{ai}"),
                    format!("Hand their seat to a bot ({ai})"),
                    HAND_TO_BOT,
                )
            })
            .collect()
    }

    /// `seat` hands the seats away past the grace period to a bot playing `ai`. An AI no
    /// connected pool offers is refused (INVALID_ARGUMENT, naming the ones offered) and
    /// changes nothing.
    pub(super) async fn hand_to_bot(&mut self, seat: Seat, ai: &str) -> Result<u64, Status> {
        if self.record.settings.rated {
            return Err(Status::failed_precondition(
                "this match is rated: a seat cannot be handed to a bot (claim the win instead)",
            ));
        }
        let offered = self.host.pools().offered(&self.record.game);
        if !offered.iter().any(|a| a == ai) {
            return Err(Status::invalid_argument(if offered.is_empty() {
                format!(
                    "no connected bot pool plays {} (start one with `hustings-bot pool`), so \
                     no seat can be handed to a bot",
                    self.record.game
                )
            } else {
                format!(
                    "unknown AI {}: the connected bot pools offer {}",
                    crate::validate::quote(ai),
                    offered.join(", ")
                )
            }));
        }
        if !self.may_claim(seat) {
            return Err(Status::failed_precondition(
                "there is no seat to hand to a bot: the seats to act are here, or have not \
                 been away for the grace period yet",
            ));
        }
        let away = self.people_away(seat);
        if away.is_empty() {
            return Err(Status::failed_precondition(
                "there is no person's seat to hand to a bot: the seats away are bots', and \
                 wait for another bot to take them over",
            ));
        }
        let index = self.record.choices.len();
        // The old tokens first: once the record is stored they must be refused with the
        // reason, whatever fails after it.
        let mut handed = self.handed.clone();
        handed.extend(away.iter().filter_map(|&s| {
            self.record.seats[s]
                .token_hash
                .clone()
                .map(|token_hash| Handed {
                    seat: s,
                    index,
                    token_hash,
                    ai: ai.to_string(),
                })
        }));
        let live = LiveState {
            rematch_offers: self.rematch_offers.clone(),
            parked: None,
            handed: handed.clone(),
        };
        self.host
            .store()
            .save_live(&self.record.id, &live)
            .await
            .map_err(|e| Status::unavailable(format!("could not store the handoff: {e}")))?;
        self.handed = handed;
        let h = Handoff {
            ai: ai.to_string(),
            seats: away.clone(),
        };
        let label = handoff_label(&self.record, &h);
        let choice = Record::HandToBot(Box::new(h));
        let step = Step {
            record: ChoiceRecord {
                seat,
                choice: choice.clone(),
                clocks: self.charge_clocks(seat, true),
            },
            effect: Effect::Handoff {
                seats: away.clone(),
                ai: ai.to_string(),
            },
            what: "handoff",
        };
        info!(match_id = %self.record.id, seat, ?away, ai, "seats handed to a bot");
        self.commit(step, |a| {
            let mut note = engine::LogEntry::new(HAND_TO_BOT, format!("{label}.")).seat(seat);
            note.seq = a.game.log_len() as u64;
            Told {
                last: LastChoice::service(seat, &choice, &label),
                note: Some(note),
                snapshot_all: false,
            }
        })
        .await
    }

    /// Makes the handed seats bot seats, in memory and in the store (called by
    /// [`MatchActor::commit`] once the record is stored). A seat the store fails to take is
    /// made one again when the match is rebuilt (see [`reconcile`]).
    pub(super) async fn seat_bots(&mut self, seats: &[Seat], ai: &str) {
        for &s in seats {
            let rec = bot_seat(ai);
            if let Err(e) = self.host.store().set_seat(&self.record.id, s, &rec).await {
                warn!(match_id = %self.record.id, seat = s, error = %e, "could not store the handed seat; it is set again when the match is rebuilt");
            }
            if let Some(slot) = self.record.seats.get_mut(s) {
                *slot = rec;
            }
        }
    }

    /// Why a token that held a seat of this match no longer does, when the seat was handed
    /// to a bot: PERMISSION_DENIED with the reason.
    pub(super) fn handed_refusal(&self, token_hash: &str) -> Option<Status> {
        let h = self
            .handed
            .iter()
            .find(|h| h.token_hash == token_hash && h.index < self.record.choices.len())?;
        Some(Status::permission_denied(format!(
            "this seat token no longer holds a seat of this match: the other players handed \
             {} to a bot ({}) after it had been away past the grace period",
            self.seat_name(h.seat),
            h.ai
        )))
    }
}
