//! Which rules a game plays by: each correction of a rule that changes what is offered, or
//! the order of steps, applies from the revision that brought it (`Board::rules`, from
//! `Setup::rules`). A game stored before the correction (revision 0) keeps the old path, so
//! its replay gives the same prompts, log and outcome for the same choices.
//!
//! Revision 1 (issue 20):
//! - Lobbying and Superior Lobbying: each success adds or removes a marker, as the player
//!   chooses, or goes unused (rulebook, "Play a Card for a Lobbying Action"; the Superior
//!   Lobbying card);
//! - Eye on the Future: the card found is played first, and the deck is reshuffled once it
//!   has resolved (the card's text: play, then reshuffle);
//! - card text (log and prompts) shows every Congress effect with the sign of the way it
//!   moves the markers, the Oppobot's too, and Superior Lobbying's choice of direction (see
//!   `data::Wording`; revision 0 keeps its old words);
//! - Campaigning: a Campaigner may move before or after placing its cubes, placing is
//!   optional, and (team variants) each of a player's two Campaigners gets at least one die
//!   (the player aid; "Playing with Two Suffragist Players").

use super::*;

impl VotesForWomen {
    /// The rules revision of this game.
    pub(super) fn rules(&self) -> u32 {
        self.board.rules
    }

    /// Whether `side`'s Lobbying successes are spent one by one, each adding or removing a
    /// marker or going unused. The Oppobot keeps its own rule: it only removes.
    pub(super) fn lobbying_both_ways(&self, side: Side) -> bool {
        self.rules() >= 1 && !self.is_bot(side)
    }

    /// Whether Eye on the Future reshuffles the deck after the card it plays (else before).
    pub(super) fn reshuffle_after_eye_on_the_future(&self) -> bool {
        self.rules() >= 1
    }

    /// Whether this game's Campaigners follow the corrected Campaigning rules: moving
    /// before or after placing, placing optional, each own Campaigner at least one die.
    pub(super) fn campaign_corrected(&self) -> bool {
        self.rules() >= 1
    }

    /// Card `c`'s description in this game's log and prompts: worded as its revision words
    /// it, so that a stored game logs what it logged (see [`data::Wording`]).
    pub(super) fn card_text(&self, c: CardId) -> &'static str {
        describe_for(c, self.rules())
    }
}
