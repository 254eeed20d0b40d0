//! The replayed match and its undo model: a game rebuilt from a match's records, which
//! choices are in force, and how many of the last ones the seat to act may take back; and
//! how a recorded choice is told (its label, as each viewer may know it).

use hustings_engine::{self as engine, AnyGame, Seat, Viewer};

use super::handoff::handoff_label;
use crate::projection::LastChoice;
use crate::record::{Ending, Record};
use crate::store::{ChoiceRecord, MatchRecord};

/// A game replayed from a match's records, knowing which choices are in force and how
/// many of the last ones may be taken back.
pub struct Played {
    pub game: Box<dyn AnyGame>,
    /// Indices (into the records) of the choices in force, in order.
    pub applied: Vec<usize>,
    /// How many of the last `applied` choices may be taken back, last first (all by the
    /// seat still to act, within its turn).
    pub undoable: usize,
    /// The digest of what spectators may not know in the current state, once computed.
    pub digest: Option<u64>,
}

impl Played {
    pub fn new(record: &MatchRecord) -> Result<Self, String> {
        Ok(Played {
            game: engine::new_game(&record.game, &record.setup).map_err(|e| e.to_string())?,
            applied: Vec::new(),
            undoable: 0,
            digest: None,
        })
    }

    /// The game after every record of `record`.
    pub fn replay(record: &MatchRecord) -> Result<Self, String> {
        let mut p = Played::new(record)?;
        for i in 0..record.choices.len() {
            p.step(record, i)?;
        }
        Ok(p)
    }

    /// The seat whose last choice may be taken back now, if any.
    pub fn undo_seat(&self, records: &[ChoiceRecord]) -> Option<Seat> {
        if self.undoable == 0 || self.game.outcome().is_some() {
            return None;
        }
        self.applied.last().map(|&i| records[i].seat)
    }

    /// Applies record `index` (a resignation changes nothing here).
    pub fn step(&mut self, record: &MatchRecord, index: usize) -> Result<(), String> {
        step(
            &mut self.game,
            &mut self.applied,
            &mut self.undoable,
            &mut self.digest,
            record,
            index,
        )
    }
}

/// [`Played::step`] on its parts (the actor keeps them as fields). `digest` is the hidden
/// digest of the state `game` is in, when known: each choice's "after" is the next one's
/// "before", so it is computed once per choice rather than twice.
pub(super) fn step(
    game: &mut Box<dyn AnyGame>,
    applied: &mut Vec<usize>,
    undoable: &mut usize,
    digest: &mut Option<u64>,
    record: &MatchRecord,
    index: usize,
) -> Result<(), String> {
    let c = &record.choices[index];
    let choice = match &c.choice {
        // The match ended outside the game: the game is as it was.
        Record::Resign | Record::Timeout | Record::ClaimWin => return Ok(()),
        Record::HandToBot(_) => {
            // A seat handed to a bot: the game is the same; the seats' holders changed, so
            // nothing before it may be taken back.
            *undoable = 0;
            return Ok(());
        }
        Record::Undo => {
            let last_seat = applied.last().map(|&i| record.choices[i].seat);
            if *undoable == 0 || game.outcome().is_some() || last_seat != Some(c.seat) {
                return Err(format!("stored undo #{index} has nothing to take back"));
            }
            applied.pop();
            *undoable -= 1;
            let mut g = engine::new_game(&record.game, &record.setup).map_err(|e| e.to_string())?;
            for &i in applied.iter() {
                let c = &record.choices[i];
                let choice = c.choice.as_game().ok_or_else(|| {
                    format!(
                        "stored record #{i} in force is not a game choice: {}",
                        c.choice
                    )
                })?;
                g.apply(c.seat, choice)
                    .map_err(|e| format!("stored choice #{i} no longer applies: {e}"))?;
            }
            *game = g;
            *digest = None;
            return Ok(());
        }
        Record::Game(choice) => choice,
    };
    let seat = c.seat;
    // What spectators may not know covers what every seat may not know: unchanged, the
    // choice revealed nothing to anyone (a card played from the hand changes it) and
    // rolled nothing (the generator is hidden).
    let hidden = |g: &dyn AnyGame| g.hidden_digest(Viewer::Spectator);
    let before = digest.take().unwrap_or_else(|| hidden(&**game));
    game.apply(seat, choice)
        .map_err(|e| format!("stored choice #{index} no longer applies: {e}"))?;
    let after = hidden(&**game);
    *digest = Some(after);
    let takeable = after == before && game.to_act() == [seat] && game.outcome().is_none();
    *undoable = if takeable { *undoable + 1 } else { 0 };
    applied.push(index);
    Ok(())
}

/// Stored record `c` of `record` as each viewer is told of it, from `before`, the state it
/// was made in: a game choice as the engine says each viewer may know it, the service's
/// own steps whole to everyone. The one place a stored step becomes a last action: live
/// (after a rebuild), on a resumed stream and in a finished match's views alike.
pub(super) fn told(record: &MatchRecord, before: &dyn AnyGame, c: &ChoiceRecord) -> LastChoice {
    match &c.choice {
        Record::Game(choice) => last_choice_of(before, c.seat, choice),
        Record::Undo => undo_action(c.seat),
        Record::Resign | Record::Timeout | Record::ClaimWin | Record::HandToBot(_) => {
            LastChoice::service(c.seat, &c.choice, &label(record, before, c))
        }
    }
}

/// Stored record `c`'s label, whole (as its chooser was offered it), from `before`.
pub(super) fn label(record: &MatchRecord, before: &dyn AnyGame, c: &ChoiceRecord) -> String {
    match &c.choice {
        Record::Game(choice) => label_of(before, c.seat, choice),
        Record::Undo => UNDO_LABEL.to_string(),
        Record::Resign => Ending::Resign.label().to_string(),
        Record::Timeout => Ending::Timeout.label().to_string(),
        Record::ClaimWin => Ending::ClaimWin.label().to_string(),
        Record::HandToBot(h) => handoff_label(record, h),
    }
}

/// The label `choice` was offered with to `seat` in `game` (the state before it).
pub(super) fn label_of(game: &dyn AnyGame, seat: Seat, choice: &str) -> String {
    game.prompt(seat)
        .and_then(|p| p.find(choice).map(|c| c.label.clone()))
        .unwrap_or_default()
}

/// A recorded game choice as each viewer may be told of it, from the state before it.
pub(super) fn last_choice_of(game: &dyn AnyGame, seat: Seat, choice: &str) -> LastChoice {
    LastChoice::of_game(game, seat, choice, &label_of(game, seat, choice))
}

/// The label of a take-back, the same for every viewer.
pub(super) const UNDO_LABEL: &str = "Take back the last choice";

pub(super) fn undo_action(seat: Seat) -> LastChoice {
    LastChoice::service(seat, &Record::Undo, UNDO_LABEL)
}
