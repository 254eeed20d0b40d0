//! A finished match's history: its replay (every choice with its label and log) and the
//! spectator's view at any version (`GetReplay`, `GetReplayView`).

use hustings_engine::{AnyGame, Viewer};
use hustings_proto::EncodedUpdate;
use hustings_proto::v1 as pb;
use tonic::Status;

use super::handoff::{handoff_label, parse_record};
use super::played::{UNDO_LABEL, label_of, last_choice_of, undo_action};
use super::{MatchActor, Played, UNDO, forfeit_label};
use crate::projection::{self, LastChoice, Own, Projector};

impl MatchActor {
    pub(super) fn replay(&self) -> Result<pb::Replay, Status> {
        projection::replay(self.outcome().is_some(), self.summary(), || {
            // Replay the match to attach each choice's label and log entries.
            let mut p = Played::new(&self.record).map_err(Status::internal)?;
            let setup_log = p.game.log_all(0);
            let mut pos = p.game.log_len();
            let mut choices = Vec::new();
            for (i, c) in self.record.choices.iter().enumerate() {
                let (label, log) = if let Some(label) = forfeit_label(&c.choice) {
                    (label.to_string(), Vec::new())
                } else if let Some(h) = parse_record(&c.choice) {
                    p.step(&self.record, i).map_err(Status::internal)?;
                    (handoff_label(&self.record, &h), Vec::new())
                } else if c.choice == UNDO {
                    p.step(&self.record, i).map_err(Status::internal)?;
                    pos = p.game.log_len();
                    (UNDO_LABEL.to_string(), Vec::new())
                } else {
                    let label = label_of(&*p.game, c.seat, &c.choice);
                    p.step(&self.record, i).map_err(Status::internal)?;
                    let log = p.game.log_all(pos);
                    pos = p.game.log_len();
                    (label, log)
                };
                choices.push(projection::ReplayStep {
                    seat: c.seat,
                    choice_id: c.choice.clone(),
                    label,
                    log,
                });
            }
            Ok(projection::ReplayParts {
                seats: self.record.setup.seats as u32,
                seed: self.record.setup.seed,
                rules: self.record.setup.rules,
                setup_log,
                choices,
            })
        })
    }

    /// The spectator's snapshot at `version` of the finished match, rebuilt by replaying its
    /// choices up to there and projected like every other message: what a spectator
    /// watching live saw then (view, public log, who was to act, the choice that led there
    /// as a spectator is told it), with the reference, and no prompt or clocks.
    pub(super) fn replay_view(&self, version: u64) -> Result<EncodedUpdate, Status> {
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
                LastChoice::public(c.seat, &c.choice, label)
            } else if let Some(h) = parse_record(&c.choice) {
                LastChoice::public(c.seat, &c.choice, &handoff_label(&self.record, &h))
            } else if c.choice == UNDO {
                undo_action(c.seat)
            } else {
                last_choice_of(&*p.game, c.seat, &c.choice)
            });
            p.step(&self.record, i).map_err(Status::internal)?;
        }
        let g: &dyn AnyGame = &*p.game;
        let is_last = version == current;
        let mut public = self.public();
        public.version = version;
        public.clocks.clear();
        public.rematch_offers.clear();
        if !is_last {
            public.outcome = None;
            public.status = pb::MatchStatus::Active;
        }
        let mut projector = Projector::new(g, public, last.as_ref(), None);
        let own = Own {
            viewer: Viewer::Spectator,
            json: false,
            log_from: 0,
            snapshot: true,
            reference: true,
            current: is_last,
        };
        Ok(projector.message(&own, &projection::no_extras))
    }
}
