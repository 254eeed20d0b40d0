//! The match's fixed data, kept from the first message of a stream.
//!
//! The server sends what never changes within a match (the Presidential Race's board, every
//! card's text) only in `MatchUpdate.reference`, carried by the first message of every
//! stream and by every snapshot; the typed views leave it out. The client keeps it here
//! and puts it back into each view before drawing it.

use std::collections::HashMap;

use hustings_proto::v1::{
    GameView, MatchReference, MatchUpdate, PresidencyCard, PresidencySpace, TheVoteCard,
    VotesForWomenCard, game_view, match_reference,
};

/// What a match's stream sent once: the board and each card's text, by card id.
#[derive(Clone, Debug, Default)]
pub struct Reference {
    board: Vec<PresidencySpace>,
    /// Every card: (id, name, text), in the reference's order.
    cards: Vec<(String, String, String)>,
    /// Index into `cards` by id.
    by_id: HashMap<String, usize>,
}

impl Reference {
    /// The fixed data a message carries.
    pub fn from_wire(r: &MatchReference) -> Self {
        let mut out = Reference::default();
        match &r.game {
            Some(match_reference::Game::Presidency(p)) => {
                out.board = p.board.clone();
                out.add(p.cards.iter().map(|c| (&c.id, &c.name, &c.description)));
            }
            Some(match_reference::Game::VotesForWomen(v)) => {
                out.add(v.cards.iter().map(|c| (&c.id, &c.name, &c.description)));
            }
            Some(match_reference::Game::TheVote(v)) => {
                out.add(v.cards.iter().map(|c| (&c.id, &c.name, &c.description)));
            }
            None => {}
        }
        out
    }

    fn add<'a>(&mut self, cards: impl Iterator<Item = (&'a String, &'a String, &'a String)>) {
        for (id, name, text) in cards {
            self.by_id.insert(id.clone(), self.cards.len());
            self.cards.push((id.clone(), name.clone(), text.clone()));
        }
    }

    /// A card's name, by id.
    pub fn name(&self, id: &str) -> Option<&str> {
        self.by_id.get(id).map(|&i| self.cards[i].1.as_str())
    }

    /// A card's text, by id.
    pub fn text_of(&self, id: &str) -> Option<&str> {
        self.by_id.get(id).map(|&i| self.cards[i].2.as_str())
    }

    /// Every card of the game: (id, name, text).
    pub fn cards(&self) -> &[(String, String, String)] {
        &self.cards
    }

    /// The board's spaces (the Presidential Race), as the reference gave them.
    pub fn board(&self) -> &[PresidencySpace] {
        &self.board
    }

    /// Keeps the fixed data of `u`, when it carries some.
    pub fn absorb(&mut self, u: &MatchUpdate) {
        if let Some(r) = &u.reference {
            *self = Reference::from_wire(r);
        }
    }

    /// Puts the fixed data back into a view that left it out (a view that has it is left
    /// as it is).
    pub fn fill(&self, view: &mut GameView) {
        match &mut view.game {
            Some(game_view::Game::Presidency(p)) => {
                if p.board.is_empty() {
                    p.board = self.board.clone();
                }
                let cards = p
                    .players
                    .iter_mut()
                    .flat_map(|p| p.candidates.iter_mut())
                    .chain(p.campaign_discard.iter_mut())
                    .chain(p.election_drawn.iter_mut().filter_map(|d| d.card.as_mut()));
                for c in cards {
                    self.presidency_card(c);
                }
            }
            Some(game_view::Game::VotesForWomen(v)) => {
                let cards = v
                    .sides
                    .iter_mut()
                    .flat_map(|s| s.claimed.iter_mut())
                    .chain(v.rest_of_turn.iter_mut())
                    .chain(v.rest_of_game.iter_mut())
                    .chain(v.final_voting_box.iter_mut())
                    .chain(v.available_states.iter_mut())
                    .chain(v.strategy_display.iter_mut())
                    .chain(v.out_of_game.iter_mut())
                    .chain(v.hand.iter_mut())
                    .chain(v.opponent_hand.iter_mut())
                    .chain(v.drawn.iter_mut())
                    .chain(v.deck_top.iter_mut())
                    .chain(v.deck_bottom.iter_mut())
                    .chain(v.plays.iter_mut().filter_map(|p| p.card.as_mut()));
                for c in cards {
                    self.vfw_card(c);
                }
            }
            Some(game_view::Game::TheVote(v)) => {
                let mut cards: Vec<&mut TheVoteCard> = Vec::new();
                for p in v.players.iter_mut() {
                    cards.extend(p.reserve.iter_mut().filter_map(|r| r.card.as_mut()));
                }
                cards.extend(v.display.iter_mut());
                cards.extend(v.discard.iter_mut());
                cards.extend(v.removed.iter_mut());
                cards.extend(v.aside.iter_mut());
                cards.extend(v.amendments.iter_mut().filter_map(|a| a.card.as_mut()));
                if let Some(a) = v.action.as_mut() {
                    cards.extend(a.card.as_mut());
                    for t in a.targets.iter_mut() {
                        cards.extend(t.bonus.as_mut());
                        cards.extend(t.block.as_mut());
                        cards.extend(t.counter.as_mut());
                        for b in t.further_blocks.iter_mut() {
                            cards.extend(b.block.as_mut());
                            cards.extend(b.counter.as_mut());
                        }
                        cards.extend(t.suppress_cards.iter_mut());
                    }
                }
                for c in cards {
                    self.text(&c.id, &mut c.description);
                }
            }
            None => {}
        }
    }

    fn presidency_card(&self, c: &mut PresidencyCard) {
        self.text(&c.id, &mut c.description);
    }

    fn vfw_card(&self, c: &mut VotesForWomenCard) {
        self.text(&c.id, &mut c.description);
    }

    fn text(&self, id: &str, description: &mut String) {
        if description.is_empty()
            && let Some(t) = self.text_of(id)
        {
            *description = t.to_string();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hustings_proto::v1::{
        PresidencyElectionDraw, PresidencyPlayer, PresidencyReference, PresidencyView,
        TheVoteAction, TheVoteReference, TheVoteTarget, TheVoteView, VotesForWomenPlay,
        VotesForWomenReference, VotesForWomenView,
    };

    fn pcard(id: &str, description: &str) -> PresidencyCard {
        PresidencyCard {
            id: id.into(),
            name: id.to_uppercase(),
            description: description.into(),
        }
    }

    #[test]
    fn a_presidency_view_without_fixed_data_gets_the_board_and_card_texts_back() {
        let mut r = Reference::default();
        r.absorb(&MatchUpdate {
            reference: Some(MatchReference {
                game: Some(match_reference::Game::Presidency(PresidencyReference {
                    board: vec![PresidencySpace {
                        number: 1,
                        name: "Start".into(),
                        description: "collect".into(),
                        ..Default::default()
                    }],
                    cards: vec![pcard("a", "does a"), pcard("b", "does b")],
                })),
                help: None,
            }),
            ..Default::default()
        });
        let mut view = GameView {
            json: String::new(),
            game: Some(game_view::Game::Presidency(PresidencyView {
                players: vec![PresidencyPlayer {
                    candidates: vec![pcard("a", "")],
                    ..Default::default()
                }],
                campaign_discard: vec![pcard("b", ""), pcard("unknown", "")],
                election_drawn: vec![PresidencyElectionDraw {
                    seat: 0,
                    card: Some(pcard("a", "")),
                }],
                ..Default::default()
            })),
        };
        r.fill(&mut view);
        let Some(game_view::Game::Presidency(p)) = view.game else {
            panic!("still a Presidential Race view")
        };
        assert_eq!(p.board.len(), 1);
        assert_eq!(p.board[0].description, "collect");
        assert_eq!(p.players[0].candidates[0].description, "does a");
        assert_eq!(p.campaign_discard[0].description, "does b");
        assert_eq!(
            p.campaign_discard[1].description, "",
            "no text for an unknown card"
        );
        assert_eq!(
            p.election_drawn[0].card.as_ref().unwrap().description,
            "does a"
        );
        // A message without fixed data keeps what was kept.
        r.absorb(&MatchUpdate::default());
        assert_eq!(r.board.len(), 1);
    }

    #[test]
    fn the_other_games_get_their_card_texts_back_in_every_zone() {
        let vcard = |id: &str, d: &str| VotesForWomenCard {
            id: id.into(),
            description: d.into(),
            ..Default::default()
        };
        let r = Reference::from_wire(&MatchReference {
            game: Some(match_reference::Game::VotesForWomen(
                VotesForWomenReference {
                    cards: vec![vcard("x", "does x")],
                },
            )),
            help: None,
        });
        let mut view = GameView {
            json: String::new(),
            game: Some(game_view::Game::VotesForWomen(VotesForWomenView {
                hand: vec![vcard("x", "")],
                plays: vec![VotesForWomenPlay {
                    card: Some(vcard("x", "")),
                    ..Default::default()
                }],
                ..Default::default()
            })),
        };
        r.fill(&mut view);
        let Some(game_view::Game::VotesForWomen(v)) = &view.game else {
            panic!()
        };
        assert_eq!(v.hand[0].description, "does x");
        assert_eq!(v.plays[0].card.as_ref().unwrap().description, "does x");

        let tcard = |id: &str, d: &str| TheVoteCard {
            id: id.into(),
            description: d.into(),
            ..Default::default()
        };
        let r = Reference::from_wire(&MatchReference {
            game: Some(match_reference::Game::TheVote(TheVoteReference {
                cards: vec![tcard("y", "does y")],
            })),
            help: None,
        });
        let mut view = GameView {
            json: String::new(),
            game: Some(game_view::Game::TheVote(TheVoteView {
                display: vec![tcard("y", "")],
                action: Some(TheVoteAction {
                    targets: vec![TheVoteTarget {
                        block: Some(tcard("y", "")),
                        ..Default::default()
                    }],
                    ..Default::default()
                }),
                ..Default::default()
            })),
        };
        r.fill(&mut view);
        let Some(game_view::Game::TheVote(v)) = &view.game else {
            panic!()
        };
        assert_eq!(v.display[0].description, "does y");
        let block = v.action.as_ref().unwrap().targets[0].block.as_ref();
        assert_eq!(block.unwrap().description, "does y");
    }
}
