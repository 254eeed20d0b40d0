//! The one way a step enters a match: applied, stored, and only once it is durable told to
//! the viewers and the lobby. Every recorded step — a choice, a take-back, a resignation, a
//! timeout, a claimed win, a handoff — goes through [`MatchActor::commit`], so nobody hears of a step
//! the store may yet lose, and a step the store refuses is taken back as if never made.

use hustings_engine::{self as engine, Outcome};
use tonic::Status;
use tracing::{info, warn};

use super::played::step;
use super::{MatchActor, Played};
use crate::projection::LastChoice;
use crate::record::Ending;
use crate::store::{Append, ChoiceRecord, Finished};

/// What a step does to the match.
pub(super) enum Effect {
    /// A game choice or a take-back: the engine applies it (see [`Played::step`]).
    Play,
    /// A reserved record that ends the match whatever the game says, with its outcome.
    End { outcome: Outcome, ending: Ending },
    /// A handoff (see [`super::handoff`]): the game is untouched; once stored, `seats`
    /// become bot seats for `ai`.
    Handoff {
        seats: Vec<engine::Seat>,
        ai: String,
    },
}

/// A step to record: the record (with its clock times), its effect, and what it is called
/// in an error ("choice", "undo", "resignation", …).
pub(super) struct Step {
    pub record: ChoiceRecord,
    pub effect: Effect,
    pub what: &'static str,
}

/// What the viewers are told of a durable step, asked of the state it led to.
pub(super) struct Told {
    /// The step as each viewer may be told of it.
    pub last: LastChoice,
    /// A service entry for the log ("… took back …", "… ran out of time …").
    pub note: Option<engine::LogEntry>,
    /// The log got shorter (a take-back): every viewer gets a snapshot.
    pub snapshot_all: bool,
}

impl MatchActor {
    /// Applies `step`, stores it (with the outcome when it ends the match) and, only once
    /// the store has it, publishes the new version to every viewer as `tell` describes it.
    /// A step the engine or the store refuses changes nothing. Returns the new version.
    pub(super) async fn commit(
        &mut self,
        step: Step,
        tell: impl FnOnce(&Self) -> Told,
    ) -> Result<u64, Status> {
        let Step {
            record,
            effect,
            what,
        } = step;
        // Applied first, to store the outcome with the step that reaches it.
        self.record.choices.push(record.clone().without_clocks());
        let mut handoff = None;
        let forfeit = match effect {
            Effect::Handoff { seats, ai } => {
                // Applied as a record of no effect on the game: nothing to take back past it.
                if let Err(e) = self.step_last() {
                    self.record.choices.pop();
                    return Err(Status::internal(format!("the {what} was refused: {e}")));
                }
                handoff = Some((seats, ai));
                None
            }
            Effect::Play => {
                if let Err(e) = self.step_last() {
                    // Cannot happen: the step was offered.
                    self.record.choices.pop();
                    warn!(match_id = %self.record.id, error = %e, what, "offered step refused");
                    return Err(Status::internal(format!(
                        "the engine refused the {what}: {e}"
                    )));
                }
                None
            }
            Effect::End { outcome, ending } => {
                self.resigned_outcome = Some(outcome);
                self.ending = Some(ending);
                Some(ending)
            }
        };
        self.store_last(record, forfeit)
            .await
            .map_err(|e| Status::unavailable(format!("could not store the {what}: {e}")))?;
        if let Some((seats, ai)) = handoff {
            self.seat_bots(&seats, &ai).await;
        }
        // Durable: now everyone may hear of it.
        let told = tell(self);
        if told.snapshot_all {
            for sub in &mut self.subscribers {
                sub.lagging = true;
            }
        }
        self.note = told.note;
        self.last_action = Some(told.last);
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
        forfeit: Option<Ending>,
    ) -> Result<(), crate::store::StoreError> {
        let index = self.record.choices.len() - 1;
        let finished = match forfeit {
            Some(ending) => self.resigned_outcome.clone().map(|outcome| Finished {
                outcome,
                forfeit: Some(ending.forfeit().to_string()),
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
        if let Err(e) = self.host.store().append(&self.record.id, &append).await {
            self.record.choices.pop();
            if forfeit.is_some() {
                self.resigned_outcome = None;
                self.ending = None;
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
            // The outcome is stored: rate it now (once, however often this is tried; the
            // recovery pass rates it if this node dies first).
            if self.record.settings.rated {
                crate::rater::rate_soon(self.host.store().clone(), self.record.id.clone());
            }
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
}
