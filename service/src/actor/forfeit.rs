//! Matches that end outside the game's rules: resignation, a clock run out where the game
//! forfeits, and the win claimed over seats away past the grace period (the rules are in
//! the proto's `Prompt.choices` and `MatchUpdate` comments).

use std::time::Duration;

use hustings_engine::{self as engine, AnyGame, Outcome, Seat};
use hustings_proto::v1 as pb;
use tokio::time::Instant;
use tonic::Status;
use tracing::info;

use super::commit::{Effect, Step, Told};
use super::{MatchActor, seat_name};
use crate::clock::MatchSettings;
use crate::projection::LastChoice;
use crate::record::{CLAIM_WIN, Ending, service_choice};
use crate::store::{ChoiceRecord, MatchRecord};

/// The outcome of a match `seat` ended by a reserved record (`ending`). A claimed win is
/// over the seats that had to act, other than the claimer: the claim is only offered while
/// every one of them is away.
pub(super) fn forfeit_outcome(
    game: &dyn AnyGame,
    record: &MatchRecord,
    seat: Seat,
    ending: Ending,
) -> Outcome {
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
    match ending {
        Ending::Timeout => Outcome {
            winners: everyone_but(&[seat]),
            reason: format!("{} ran out of time", seat_name(record, seat)),
            scores: Vec::new(),
        },
        Ending::ClaimWin => {
            let away: Vec<Seat> = game.to_act().into_iter().filter(|&s| s != seat).collect();
            Outcome {
                winners: everyone_but(&away),
                reason: format!(
                    "{} left the match; {} claimed the win",
                    names(&away),
                    seat_name(record, seat)
                ),
                scores: Vec::new(),
            }
        }
        Ending::Resign => resign_outcome(game, record, seat),
    }
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

pub(super) fn resign_outcome(game: &dyn AnyGame, record: &MatchRecord, seat: Seat) -> Outcome {
    Outcome {
        winners: (0..game.num_seats()).filter(|&s| s != seat).collect(),
        reason: format!("{} resigned", seat_name(record, seat)),
        scores: Vec::new(),
    }
}

impl MatchActor {
    /// How long a seat that must act may be away before the others may claim the win.
    pub(super) fn abandon_grace(&self) -> Option<Duration> {
        effective_grace(&self.record.settings, self.host.limits().abandon_grace)
    }

    /// The seats that decide now in a match under way (none while waiting or over).
    pub(super) fn deciding(&self) -> Vec<Seat> {
        if self.outcome().is_some() || self.status() != pb::MatchStatus::Active {
            return Vec::new();
        }
        self.game.to_act()
    }

    /// Seats that must act and have been away past the grace period at `now`.
    pub(super) fn abandoned(&self, now: Instant) -> Vec<Seat> {
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

    /// Bot seats another bot may take over now: held by a bot client that has been away
    /// past the grace period while the seat must act.
    pub(super) fn bot_seats_to_take_over(&self) -> Vec<u32> {
        self.abandoned(Instant::now())
            .into_iter()
            .filter(|&s| self.record.seats[s].bot)
            .map(|s| s as u32)
            .collect()
    }

    /// May `seat` claim the win now? Every other seat that must act is away past the grace,
    /// and `seat` is a person's unless the match lets bots claim too: a person who steps
    /// away from a match against bots keeps the seat (issue 39).
    pub(super) fn may_claim(&self, seat: Seat) -> bool {
        if self.held_by_bot(seat) && !self.record.settings.bots_claim_wins {
            return false;
        }
        let away = self.abandoned(Instant::now());
        !away.is_empty()
            && !away.contains(&seat)
            && self
                .deciding()
                .iter()
                .all(|s| *s == seat || away.contains(s))
    }

    /// An AI's seat: one made for a bot at creation (SeatConfig.bot) or handed to one.
    /// A bot client holding a person's seat (an external AI playing as a person, or a
    /// script) is a player like any other here.
    fn held_by_bot(&self, seat: Seat) -> bool {
        self.record.seats.get(seat).is_some_and(|s| s.bot)
    }

    /// Ends the match by a reserved record (`timeout` by the seat out of time, `claim-win`
    /// by the claimer), stored first like any choice.
    pub(super) async fn end_by(&mut self, seat: Seat, ending: Ending) -> Result<u64, Status> {
        let record = ChoiceRecord {
            seat,
            choice: ending.record(),
            clocks: self.charge_clocks(seat, true),
        };
        let outcome = forfeit_outcome(&*self.game, &self.record, seat, ending);
        let reason = outcome.reason.clone();
        let step = Step {
            record,
            effect: Effect::End { outcome, ending },
            what: ending.label(),
        };
        self.commit(step, |a| {
            let mut note = engine::LogEntry::new(ending.id(), reason).seat(seat);
            note.seq = a.game.log_len() as u64;
            Told {
                last: LastChoice::service(seat, &ending.record(), ending.label()),
                note: Some(note),
                snapshot_all: false,
            }
        })
        .await
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
        self.end_by(seat, Ending::ClaimWin).await
    }

    /// The claim of the win over absent seats for `seat`'s prompt (and their handoff to a
    /// bot, see [`super::handoff`]): added to its prompt, or a prompt of its own when it is
    /// not its turn.
    pub(super) fn claim_prompt(&self, seat: Seat, prompt: Option<pb::Prompt>) -> pb::Prompt {
        let away: Vec<String> = self
            .abandoned(Instant::now())
            .into_iter()
            .map(|s| self.seat_name(s))
            .collect();
        let claim = service_choice(
            CLAIM_WIN,
            format!("Claim the win ({} has left)", away.join(", ")),
            CLAIM_WIN,
        );
        // Beside the claim, the seats may be handed to a bot, when a pool offers one.
        let handoff = self.handoff_choices(seat);
        let mut p = prompt.unwrap_or_else(|| pb::Prompt {
            seat: seat as u32,
            text: format!(
                "{} must act but has been away for longer than the grace period. Claim \
                 the win, {}or wait for them.",
                away.join(", "),
                if handoff.is_empty() {
                    ""
                } else {
                    "hand their seat to a bot, "
                }
            ),
            choices: Vec::new(),
        });
        p.choices.push(claim);
        p.choices.extend(handoff);
        p
    }
}
