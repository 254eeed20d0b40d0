//! What no seat sees — the Deck order, the set-up discards, the generator — and how a
//! search state redraws it from a view.

use super::*;

impl TheVote {
    /// Every card whose place is not public: the Deck and the set-up discards.
    pub(super) fn unseen(view: &View) -> Vec<Card> {
        let mut seen = vec![false; view.table().cards.len() + 1];
        let places = view
            .placed_cards()
            .chain(view.action.iter().map(|a| a.card));
        for c in places {
            seen[c.number() as usize] = true;
        }
        Card::all().filter(|c| !seen[c.number() as usize]).collect()
    }

    pub(super) fn hidden_from(view: &View, rng: &mut dyn RngCore) -> Hidden {
        let mut r = rng::fork(rng);
        let mut cards = Self::unseen(view);
        cards.shuffle(&mut r);
        let k = (view.hidden_discards as usize).min(cards.len());
        let setup_discards = cards.split_off(cards.len() - k);
        Hidden {
            deck: cards,
            setup_discards,
            rng: r,
        }
    }
}
