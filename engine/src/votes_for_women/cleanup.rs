//! Cleanup at the end of turns 1–5, and the exchanges of a two-player side's partners
//! (held cards, claimed cards), each proposed by one and accepted or declined by the other.

use super::actions::{Action, Verb, Word};
use super::decisions::{Asked, Decision, Offer, card_ch, ch};
use super::log::Exchange;
use super::*;

impl VotesForWomen {
    pub(super) fn cleanup(&mut self) {
        let rot = std::mem::take(&mut self.board.rest_of_turn);
        self.board.out.extend(rot);
        if self.board.turn < TURNS {
            self.start_exchanges(Side::Suffragist);
            return;
        }
        if !self.board.amendment_sent {
            self.finish(
                Side::Opposition,
                "Congress never sent the 19th Amendment to the states".into(),
            );
            return;
        }
        let rog = std::mem::take(&mut self.board.rest_of_game);
        self.board.out.extend(rog);
        self.board.phase = Phase::FinalVoting;
        self.board.chooser = Side::Suffragist;
        note!(self, VfwEvent::FinalVoting);
    }

    /// Cleanup exchanges of the first two-player side from `from` on (Suffragist, then
    /// Opposition); with none left, the next turn begins.
    pub(super) fn start_exchanges(&mut self, from: Side) {
        let sides: &[Side] = if from == Side::Suffragist {
            &[Side::Suffragist, Side::Opposition]
        } else {
            &[Side::Opposition]
        };
        for &side in sides {
            if self.board.pair(side) {
                self.board.phase = Phase::Cleanup;
                self.board.exchanges = Some(Exchanges {
                    side,
                    proposer: 0,
                    offer: None,
                    made: Vec::new(),
                });
                return;
            }
        }
        self.board.exchanges = None;
        self.board.turn += 1;
        self.begin_turn();
    }

    /// The partner's answer to a proposal waiting, else the proposer's next proposal.
    pub(super) fn cleanup_asked(&self) -> Option<Asked> {
        let x = self.board.exchanges.as_ref()?;
        Some(match x.offer {
            Some(_) => Asked {
                side: x.side,
                slot: 1 - x.proposer,
                what: Decision::Accept,
            },
            None => Asked {
                side: x.side,
                slot: x.proposer,
                what: Decision::Propose,
            },
        })
    }

    /// The proposal waiting for an answer (the board keeps it as its choice id, which the
    /// view shows).
    fn offer_waiting(&self) -> Option<Action> {
        let offer = self.board.exchanges.as_ref()?.offer.as_deref()?;
        crate::parse_action(offer)
    }

    pub(super) fn accept_offers(&self, out: &mut impl Offer) {
        out.offer(Action::Word(Word::Decline), || ch("decline", "Decline"));
        out.offer(Action::Word(Word::Accept), || ch("accept", "Accept"));
    }

    pub(super) fn accept_text(&self) -> String {
        let Some(x) = self.board.exchanges.as_ref() else {
            return String::new();
        };
        let me = self.board.player_name(x.side, x.proposer);
        let what = match self.offer_waiting() {
            Some(Action::Card(Verb::Give, c)) => format!("{me} offers you {}", card(c.id()).name),
            Some(Action::Card(Verb::Ask, c)) => format!("{me} asks you for {}", card(c.id()).name),
            _ => format!("{me} offers to exchange your held cards"),
        };
        format!("Cleanup: {what}; do you agree?")
    }

    /// `done`; the held-card swap when both hold cards; each claimed card to give or ask
    /// for (sorted, the proposer's first): each proposal at most once per Cleanup.
    pub(super) fn propose_offers(&self, out: &mut impl Offer) {
        let Some(x) = self.board.exchanges.as_ref() else {
            return;
        };
        let side = x.side;
        let me = x.proposer;
        let partner = 1 - me;
        let (my, their) = (player(side, me), player(side, partner));
        let name = |slot| self.board.player_name(side, slot);
        out.offer(Action::DONE, || ch("done", "Propose nothing more"));
        let made = |key: &str| x.made.iter().any(|m| m == key);
        if !made("held")
            && !self.hidden.hands[my].is_empty()
            && !self.hidden.hands[their].is_empty()
        {
            out.offer(Action::Word(Word::Held), || {
                ch(
                    "held",
                    format!("Propose to exchange held cards with {}", name(partner)),
                )
            });
        }
        for (verb, p) in [(Verb::Give, my), (Verb::Ask, their)] {
            let mut cards = self.board.claimed[p].clone();
            cards.sort_unstable();
            for c in cards {
                if made(slug(c)) {
                    continue;
                }
                out.offer(Action::of_card(verb, c), || {
                    let label = if verb == Verb::Give {
                        format!("Propose to give {} to {}", card(c).name, name(partner))
                    } else {
                        format!("Ask {} for {}", name(partner), card(c).name)
                    };
                    card_ch(verb.word(), label, c)
                });
            }
        }
    }

    pub(super) fn propose_text(&self) -> String {
        let Some(x) = self.board.exchanges.as_ref() else {
            return String::new();
        };
        let name = |slot| self.board.player_name(x.side, slot);
        format!(
            "Cleanup of turn {}: {}, propose an exchange with {}?",
            self.board.turn,
            name(x.proposer),
            name(1 - x.proposer)
        )
    }

    /// `done` hands over to the second partner, then to the next side (or the next turn); a
    /// proposal waits for the partner; an answer settles it.
    pub(super) fn apply_cleanup(&mut self, action: Action) {
        let offer = self.offer_waiting();
        let Some(mut x) = self.board.exchanges.take() else {
            return;
        };
        let side = x.side;
        let (me, partner) = (x.proposer, 1 - x.proposer);
        x.offer = None;
        match (action, offer) {
            (Action::Word(Word::Done), None) => {
                if me == 0 {
                    x.proposer = 1;
                } else {
                    let next = side.other();
                    if side == Side::Suffragist {
                        self.start_exchanges(next);
                    } else {
                        self.board.exchanges = None;
                        self.board.turn += 1;
                        self.begin_turn();
                    }
                    return;
                }
            }
            (proposal, None) => {
                // What is proposed once per Cleanup: `held`, or a claimed card's slug.
                let key = match proposal {
                    Action::Card(_, c) => c.slug(),
                    _ => "held",
                };
                x.made.push(key.to_string());
                x.offer = Some(proposal.to_string());
                let offer = match proposal {
                    Action::Card(Verb::Give, c) => Exchange::Give(c.id()),
                    Action::Card(_, c) => Exchange::Ask(c.id()),
                    _ => Exchange::Held,
                };
                note!(
                    self,
                    VfwEvent::Proposes {
                        by: Actor { side, slot: me },
                        offer
                    }
                );
            }
            (answer, Some(offer)) => {
                let by = Actor {
                    side,
                    slot: partner,
                };
                if answer != Action::Word(Word::Accept) {
                    note!(self, VfwEvent::Declines { by });
                } else {
                    let (pa, pb) = (player(side, me), player(side, partner));
                    let offer = match offer {
                        Action::Card(Verb::Give, c) => {
                            let c = c.id();
                            self.board.claimed[pa].retain(|&y| y != c);
                            self.board.claimed[pb].push(c);
                            Exchange::Give(c)
                        }
                        Action::Card(Verb::Ask, c) => {
                            let c = c.id();
                            self.board.claimed[pb].retain(|&y| y != c);
                            self.board.claimed[pa].push(c);
                            Exchange::Ask(c)
                        }
                        _ => {
                            self.hidden.hands.swap(pa, pb);
                            Exchange::Held
                        }
                    };
                    note!(self, VfwEvent::Accepts { by, offer });
                }
            }
        }
        self.board.exchanges = Some(x);
    }
}
