//! The replayed match and its undo model: a game rebuilt from a match's records, which
//! choices are in force, and how many of the last ones the seat to act may take back; and
//! how a recorded choice is told (its label, as each viewer may know it).

use hustings_engine::{self as engine, AnyGame, Seat, Viewer};

use super::handoff::parse_record;
use super::{UNDO, forfeit_label};
use crate::projection::LastChoice;
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
    {
        let c = &record.choices[index];
        if forfeit_label(&c.choice).is_some() {
            return Ok(());
        }
        if parse_record(&c.choice).is_some() {
            // A seat handed to a bot: the game is the same; the seats' holders changed, so
            // nothing before it may be taken back.
            *undoable = 0;
            return Ok(());
        }
        if c.choice == UNDO {
            let last_seat = applied.last().map(|&i| record.choices[i].seat);
            if *undoable == 0 || game.outcome().is_some() || last_seat != Some(c.seat) {
                return Err(format!("stored undo #{index} has nothing to take back"));
            }
            applied.pop();
            *undoable -= 1;
            let mut g = engine::new_game(&record.game, &record.setup).map_err(|e| e.to_string())?;
            for &i in applied.iter() {
                let c = &record.choices[i];
                g.apply(c.seat, &c.choice)
                    .map_err(|e| format!("stored choice #{i} no longer applies: {e}"))?;
            }
            *game = g;
            *digest = None;
            return Ok(());
        }
        let seat = c.seat;
        // What spectators may not know covers what every seat may not know: unchanged, the
        // choice revealed nothing to anyone (a card played from the hand changes it) and
        // rolled nothing (the generator is hidden).
        let hidden = |g: &dyn AnyGame| g.hidden_digest(Viewer::Spectator);
        let before = digest.take().unwrap_or_else(|| hidden(&**game));
        game.apply(seat, &c.choice)
            .map_err(|e| format!("stored choice #{index} no longer applies: {e}"))?;
        let after = hidden(&**game);
        *digest = Some(after);
        let takeable = after == before && game.to_act() == [seat] && game.outcome().is_none();
        *undoable = if takeable { *undoable + 1 } else { 0 };
        applied.push(index);
        Ok(())
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
    LastChoice::public(seat, UNDO, UNDO_LABEL)
}
