//! Lobbying successes under revision 1: the rulebook's Lobbying action ("Play a Card for a
//! Lobbying Action") and the Superior Lobbying Strategy card let each success add a marker
//! to Congress or remove one, whichever side plays it. The successes are spent one at a
//! time ([`Task::Successes`]): the player's own way first (so a default choice plays as
//! before), then the other way, then `done`, which leaves the rest unused. An Opposition
//! player may add the sixth marker when the states it would decide give it 13 Xs; a
//! Suffragist may hold the amendment back until enough states lean her way.
//!
//! Revision 0 (and the Oppobot, whose text only removes) moves Congress the player's own
//! way by every success at once (`tasks/dice.rs`, `apply_dice`).

use super::actions::{Action, Word};
use super::decisions::{Offer, ch};
use super::*;

impl VotesForWomen {
    /// The kept roll of a Lobbying action or of Superior Lobbying scored `hits` successes:
    /// they move Congress at once, or wait to be spent one by one.
    pub(super) fn lobbying_successes(&mut self, side: Side, hits: u8) {
        note!(
            self,
            VfwEvent::Successes {
                by: self.actor(side),
                n: hits
            }
        );
        if self.lobbying_both_ways(side) {
            if hits > 0 && !self.board.amendment_sent {
                self.set_task(Some(Task::Successes { left: hits }));
            }
        } else {
            self.move_congress(side, hits);
        }
    }

    /// Adding a marker (while Congress is short of 6 and the amendment not sent), removing
    /// one (while Congress holds one), the player's own way first; then `done`.
    pub(super) fn successes_offers(&self, side: Side, left: u8, out: &mut impl Offer) {
        let b = &self.board;
        if left == 0 || b.amendment_sent {
            return;
        }
        let n = b.congress;
        let add = n < 6;
        let remove = n > 0;
        let add_label = || {
            let sends = if n + 1 == 6 {
                ": the sixth sends the amendment to the states"
            } else {
                ""
            };
            ch(
                "add-marker",
                format!("Add a marker to Congress ({n} → {}){sends}", n + 1),
            )
            .amount(1)
        };
        let remove_label = || {
            ch(
                "remove-marker",
                format!(
                    "Remove a marker from Congress ({n} → {})",
                    n.saturating_sub(1)
                ),
            )
            .amount(-1)
        };
        let ways = match side {
            Side::Suffragist => [(add, Word::AddMarker), (remove, Word::RemoveMarker)],
            Side::Opposition => [(remove, Word::RemoveMarker), (add, Word::AddMarker)],
        };
        for (ok, w) in ways {
            if ok {
                match w {
                    Word::AddMarker => out.offer(Action::Word(w), add_label),
                    _ => out.offer(Action::Word(w), remove_label),
                }
            }
        }
        if out.offered() > 0 {
            let rest = if left == 1 {
                "Leave the success unused".to_string()
            } else {
                format!("Leave the {left} successes unused")
            };
            out.offer(Action::DONE, || ch("done", rest));
        }
    }

    /// The prompt's text while successes wait to be spent.
    pub(super) fn successes_text(&self, left: u8) -> String {
        let word = if left == 1 { "success" } else { "successes" };
        format!(
            "Lobbying: {left} {word} left, Congress at {}: add a marker, remove one, or stop",
            self.board.congress
        )
    }

    /// One success spent (`add-marker`, `remove-marker`), or the rest left unused (`done`).
    pub(super) fn apply_successes(&mut self, side: Side, left: u8, action: Action) {
        let toward = match action {
            Action::Word(Word::AddMarker) => Side::Suffragist,
            Action::Word(Word::RemoveMarker) => Side::Opposition,
            _ => {
                note!(
                    self,
                    VfwEvent::SuccessesUnused {
                        by: self.actor(side),
                        n: left
                    }
                );
                self.set_task(None);
                return;
            }
        };
        let left = left - 1;
        self.set_task((left > 0).then_some(Task::Successes { left }));
        self.push_congress(side, toward, 1);
        if self.board.amendment_sent {
            // The sixth marker sent the amendment: Congress no longer moves.
            self.set_task(None);
        }
    }
}
