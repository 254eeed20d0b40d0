//! Choices among cards: taking a Strategy card ([`Task::PickStrategy`], and
//! [`VotesForWomen::claim_strategy`]), playing one of several ([`Task::PlayOne`]), stacking
//! drawn cards on the deck ([`Task::Stack`]), the card an opponent discards
//! ([`Task::ChangeInPlans`]), and a card in effect to discard ([`Task::CounterStrat`]).

use super::super::actions::{Action, Verb};
use super::super::decisions::{Offer, card_ch, ch};
use super::super::*;

/// The prompt of [`Task::PickStrategy`].
pub(super) const PICK_STRATEGY_TEXT: &str = "Take a Strategy card";

/// The prompt of [`Task::PlayOne`].
pub(super) const PLAY_ONE_TEXT: &str = "Play one card as an event";

/// The prompt of [`Task::Stack`].
pub(super) const STACK_TEXT: &str = "Stack cards on your deck (each one goes above the last)";

/// The prompt of [`Task::ChangeInPlans`].
pub(super) const CHANGE_IN_PLANS_TEXT: &str = "Choose the card your opponent discards";

/// The prompt of [`Task::CounterStrat`].
pub(super) const COUNTER_STRAT_TEXT: &str = "Discard a card in effect for the rest of the turn";

impl VotesForWomen {
    /// Each displayed Strategy card, and where a two-player side won it, the same card
    /// given to the partner.
    pub(super) fn pick_strategy_offers(&self, frame: &Frame, out: &mut impl Offer) {
        let side = frame.side;
        // A card won in the Strategy Phase by a two-player side: its second player
        // decides who receives it.
        let give = frame.source == Source::StrategyPick && self.board.pair(side);
        let partner = self.board.player_name(side, 1 - frame.slot.min(1));
        for &c in &self.board.strategy_display {
            out.offer(Action::of_card(Verb::Strategy, c), || {
                card_ch(
                    "strategy",
                    format!("{}: {}", card(c).name, self.card_text(c)),
                    c,
                )
            });
            if give {
                out.offer(Action::of_card(Verb::Give, c), || {
                    card_ch(
                        "give",
                        format!("{} for {partner}: {}", card(c).name, self.card_text(c)),
                        c,
                    )
                });
            }
        }
    }

    /// `strategy:C` keeps card C, `give:C` gives it to the partner.
    pub(super) fn apply_pick_strategy(&mut self, side: Side, a: Action) {
        if let Action::Card(verb, c) = a {
            let slot = self.board.stack.last().map(|f| f.slot).unwrap_or(0);
            self.set_task(None);
            // `give:C`: the partner receives the card the second player picked.
            let to = if verb == Verb::Give {
                1 - slot.min(1)
            } else {
                slot
            };
            self.claim_strategy(side, to, c.id());
        }
    }

    /// `side`'s player `slot` receives Strategy card `c` from the display.
    pub(in super::super) fn claim_strategy(&mut self, side: Side, slot: u8, c: CardId) {
        self.board.strategy_display.retain(|&x| x != c);
        self.board.claimed[player(side, slot)].push(c);
        note!(
            self,
            VfwEvent::TakesStrategy {
                by: self.actor(side),
                slot,
                card: c
            }
        );
        if let Some(n) = self.hidden.strategy_deck.pop() {
            self.board.strategy_display.push(n);
            note!(self, VfwEvent::JoinsStrategy { card: n });
        }
    }

    /// The cards of the pool (the drawn cards, or the whole deck sorted) playable now.
    pub(super) fn play_one_offers(&self, side: Side, from: PlayFrom, out: &mut impl Offer) {
        let mut offer = |c: CardId| {
            if self.playable(side, c) {
                out.offer(Action::of_card(Verb::Play, c), || {
                    card_ch(
                        "play",
                        format!("Play {}: {}", card(c).name, self.card_text(c)),
                        c,
                    )
                });
            }
        };
        match from {
            PlayFrom::Deck => {
                let mut v = self.hidden.decks[side.index()].all();
                v.sort_unstable();
                v.into_iter().for_each(&mut offer);
            }
            // The card is chosen: only the reshuffle is left, once it has resolved.
            PlayFrom::DeckPlayed => {}
            _ => self.own_drawn(side).iter().copied().for_each(&mut offer),
        }
    }

    /// `play:C`: card C leaves the deck (reshuffled, under revision 0 at once, else once C
    /// has resolved) or the drawn cards (the rest discarded, or stacked next) and is played
    /// as an event.
    pub(super) fn apply_play_one(&mut self, side: Side, from: PlayFrom, a: Action) {
        let Some(c) = a.card() else {
            return;
        };
        let i = side.index();
        match from {
            PlayFrom::Deck if self.reshuffle_after_eye_on_the_future() => {
                self.hidden.decks[i].remove(c);
                // Eye on the Future's frame waits under C's; it reshuffles when C is done.
                self.set_task(Some(Task::PlayOne {
                    from: PlayFrom::DeckPlayed,
                }));
            }
            PlayFrom::Deck => {
                self.hidden.decks[i].remove(c);
                self.set_task(None);
                self.reshuffle(side);
            }
            PlayFrom::DeckPlayed => return,
            PlayFrom::DrawnDiscardRest => {
                self.hidden.drawn[i].retain(|&x| x != c);
                self.discard_drawn(side);
                self.set_task(None);
            }
            PlayFrom::DrawnThenStack => {
                self.hidden.drawn[i].retain(|&x| x != c);
                self.set_task(Some(Task::Stack));
            }
        }
        self.play_event(side, c);
    }

    /// Each drawn card to put on top of the deck, then `done` for the rest.
    pub(super) fn stack_offers(&self, side: Side, out: &mut impl Offer) {
        for &c in self.own_drawn(side) {
            out.offer(Action::of_card(Verb::Top, c), || {
                card_ch(
                    "top",
                    format!("Put {} on top of your deck", card(c).name),
                    c,
                )
            });
        }
        if out.offered() > 0 {
            out.offer(Action::DONE, || {
                ch("done", "Put the rest at the bottom of your deck")
            });
        }
    }

    /// `top:C` puts a drawn card on top of the deck, seen only by its side; `done` puts the
    /// rest at the bottom.
    pub(super) fn apply_stack(&mut self, side: Side, a: Action) {
        if a == Action::DONE {
            self.finish_task();
            return;
        }
        let Some(c) = a.card() else {
            return;
        };
        let i = side.index();
        self.hidden.drawn[i].retain(|&x| x != c);
        self.hidden.decks[i].top.push(c);
        note!(
            self,
            VfwEvent::PutsOnTop {
                by: self.actor(side),
                card: c
            }
        );
    }

    /// The opponent's hand, sorted, less its Campaigner-icon cards.
    pub(super) fn change_in_plans_offers(&self, side: Side, out: &mut impl Offer) {
        let mut hand = self.hand_now(side.other()).clone();
        hand.sort_unstable();
        for &c in &hand {
            if !card(c).campaigner_icon {
                out.offer(Action::of_card(Verb::Discard, c), || {
                    card_ch("discard", format!("Make them discard {}", card(c).name), c)
                });
            }
        }
    }

    /// `discard:C`: the opponent playing now discards C, out of the game, and draws one.
    pub(super) fn apply_change_in_plans(&mut self, side: Side, a: Action) {
        if let Some(c) = a.card() {
            let foe = side.other();
            let p = player(foe, self.slot_now(foe));
            self.hidden.hands[p].retain(|&x| x != c);
            self.board.out.push(c);
            self.set_task(None);
            note!(
                self,
                VfwEvent::SideDiscards {
                    by: self.actor(foe),
                    cards: vec![c]
                }
            );
            self.draw(foe, 1, false);
        }
    }

    /// Each card in effect for the rest of the turn.
    pub(super) fn counter_strat_offers(&self, out: &mut impl Offer) {
        for &c in &self.board.rest_of_turn {
            out.offer(Action::of_card(Verb::Remove, c), || {
                card_ch("remove", format!("Discard {}", card(c).name), c)
            });
        }
    }

    /// `remove:C`: card C, in effect for the rest of the turn, goes out of the game.
    pub(super) fn apply_counter_strat(&mut self, side: Side, a: Action) {
        if let Some(c) = a.card() {
            self.board.rest_of_turn.retain(|&x| x != c);
            self.board.out.push(c);
            self.set_task(None);
            note!(
                self,
                VfwEvent::Discarded {
                    by: self.actor(side),
                    card: c
                }
            );
        }
    }
}
