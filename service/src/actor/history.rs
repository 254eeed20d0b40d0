//! A finished match's history: its replay (every choice with its label and log) and the
//! spectator's view at any version (`GetReplay`, `GetReplayView`).

use hustings_engine::{AnyGame, Viewer};
use hustings_proto::EncodedUpdate;
use hustings_proto::v1 as pb;
use tonic::Status;

use super::played::{label, told};
use super::{MatchActor, Played};
use crate::projection::{self, Own, Projector};

impl MatchActor {
    pub(super) fn replay(&self) -> Result<pb::Replay, Status> {
        projection::replay(self.outcome().is_some(), self.summary(), || {
            // Replay the match to attach each choice's label and log entries.
            let mut p = Played::new(&self.record).map_err(Status::internal)?;
            let setup_log = p.game.log_all(0);
            let mut pos = p.game.log_len();
            let mut choices = Vec::new();
            for (i, c) in self.record.choices.iter().enumerate() {
                let label = label(&self.record, &*p.game, c);
                p.step(&self.record, i).map_err(Status::internal)?;
                // Only a game choice writes the game's log; a take-back shortens it, and
                // the next choice's entries start where it ends.
                let log = match c.choice.as_game() {
                    Some(_) => p.game.log_all(pos),
                    None => Vec::new(),
                };
                pos = p.game.log_len();
                choices.push(projection::ReplayStep {
                    seat: c.seat,
                    record: c.choice.clone(),
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
            last = Some(told(&self.record, &*p.game, c));
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
