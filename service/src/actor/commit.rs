//! Storing a step before anyone hears of it: the record just applied is appended (with the
//! outcome when it ends the match), and taken back if the store refuses it.

use tracing::info;

use super::MatchActor;
use super::played::step;
use super::Played;
use crate::store::{Append, ChoiceRecord, Finished};

impl MatchActor {
    /// Stores the record just applied (the last of `self.record.choices`, `stored` with its
    /// clock times), with the outcome when the match is over now; the forfeit kind when a
    /// reserved record ended it. If it cannot be stored the record is taken back and the
    /// game replayed to where it was.
    pub(super) async fn store_last(
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
    pub(super) fn step_last(&mut self) -> Result<(), String> {
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
