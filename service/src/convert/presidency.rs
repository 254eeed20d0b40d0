//! The Presidential Race on the wire: its typed view, cards and board (plain field mapping;
//! the card texts are rendered once and cloned).

use std::collections::HashMap;
use std::sync::OnceLock;

use hustings_engine::presidency::data::Deck;
use hustings_engine::presidency::{self, data as pdata};
use hustings_proto::v1 as pb;

/// A card of the Presidential Race on the wire, with its text when `full`. Cards are fixed
/// data, so each one is rendered once and cloned afterwards: rendering the descriptions of
/// every card in every view was a large part of the cost of each update.
pub(super) fn presidency_card(id: &str, full: bool) -> pb::PresidencyCard {
    static CARDS: OnceLock<HashMap<&'static str, pb::PresidencyCard>> = OnceLock::new();
    let cards = CARDS.get_or_init(|| {
        let mut cards = HashMap::new();
        // The first deck holding an id wins, as in `card_by_id`.
        for deck in [Deck::Campaign, Deck::Candidate, Deck::Election] {
            for c in deck.cards() {
                cards
                    .entry(c.id)
                    .or_insert_with(|| render_presidency_card(c.id));
            }
        }
        cards
    });
    match cards.get(id) {
        Some(c) if full => c.clone(),
        Some(c) => pb::PresidencyCard {
            id: c.id.clone(),
            name: c.name.clone(),
            description: String::new(),
        },
        None => render_presidency_card(id),
    }
}

pub(super) fn render_presidency_card(id: &str) -> pb::PresidencyCard {
    match pdata::card_by_id(id) {
        Some((_, c)) => pb::PresidencyCard {
            id: c.id.to_string(),
            name: c.name.to_string(),
            description: pdata::describe(c.effects, c.debate),
        },
        None => pb::PresidencyCard {
            id: id.to_string(),
            name: id.to_string(),
            description: String::new(),
        },
    }
}

/// The Presidential Race's board on the wire, rendered once (it never changes).
pub(super) fn presidency_board() -> Vec<pb::PresidencySpace> {
    static BOARD: OnceLock<Vec<pb::PresidencySpace>> = OnceLock::new();
    BOARD.get_or_init(render_presidency_board).clone()
}

pub(super) fn render_presidency_board() -> Vec<pb::PresidencySpace> {
    pdata::SPACES
        .iter()
        .map(|s| pb::PresidencySpace {
            number: s.number as u32,
            name: s.name.to_string(),
            description: pdata::describe(s.effects, 0),
            effects: s.effects.iter().map(effect).collect(),
        })
        .collect()
}

/// A space's effect as data (the description says the same in words).
fn effect(e: &pdata::Effect) -> pb::PresidencyEffect {
    use pb::PresidencyEffectKind as K;
    use pdata::Effect;
    let (kind, amount, cost, party_seat) = match *e {
        Effect::Gain(n) => (K::Gain, n, 0, 0),
        Effect::Lose(n) => (K::Lose, n, 0, 0),
        Effect::OpponentLoses(n) => (K::OpponentLoses, n, 0, 0),
        Effect::Money(n) => (K::Money, n, 0, 0),
        Effect::Ad { votes, cost } => (K::Ad, votes, cost, 0),
        Effect::DrawCampaign => (K::DrawCampaign, 0, 0, 0),
        Effect::StateVotes { party, votes } => (K::StateVotes, votes, 0, party.seat() as u32),
    };
    pb::PresidencyEffect {
        kind: kind as i32,
        amount,
        cost,
        party_seat,
    }
}

/// The Presidential Race's typed view; with the board and the card texts when `full`.
pub fn presidency_view(v: &presidency::View, full: bool) -> pb::PresidencyView {
    use presidency::Phase;
    pb::PresidencyView {
        variant: match v.variant {
            presidency::Variant::Standard => "standard",
            presidency::Variant::Convention => "convention",
        }
        .into(),
        rounds: v.rules.rounds,
        round: v.round,
        phase: match v.phase {
            Phase::Setup => "setup",
            Phase::Declare => "declare",
            Phase::Resolving => "resolving",
            Phase::AfterMove => "after-move",
            Phase::Election => "election",
            Phase::Finished => "finished",
        }
        .into(),
        players: v
            .players
            .iter()
            .enumerate()
            .map(|(seat, p)| pb::PresidencyPlayer {
                seat: seat as u32,
                name: p.name.clone(),
                votes: p.votes,
                money: p.money,
                position: p.position as u32,
                candidates: p
                    .candidates
                    .iter()
                    .map(|c| presidency_card(c, full))
                    .collect(),
                debate_bonus: p.debate_bonus,
            })
            .collect(),
        undecided: v.undecided,
        order: v.order.iter().map(|&s| s as u32).collect(),
        current: v.current().map(|s| s as u32),
        campaign_discard: v
            .campaign_discard
            .iter()
            .map(|c| presidency_card(c, full))
            .collect(),
        campaign_deck_count: v.campaign_deck_count,
        candidate_deck_count: v.candidate_deck_count,
        election_deck_count: v.election_deck_count,
        election_drawn: v
            .election_drawn
            .iter()
            .map(|(s, c)| pb::PresidencyElectionDraw {
                seat: *s as u32,
                card: Some(presidency_card(c, full)),
            })
            .collect(),
        board: if full { presidency_board() } else { Vec::new() },
        rules: Some(pb::PresidencyRules {
            rounds: v.rules.rounds,
            convert_once_per_turn: v.rules.convert_once_per_turn,
            party_bound_states: v.rules.party_bound_states,
            setup_damage_control: v.rules.setup_damage_control,
        }),
        reach: v
            .reach()
            .into_iter()
            .map(|(dice, spaces)| pb::PresidencyReach {
                dice: dice as u32,
                spaces: spaces
                    .iter()
                    .map(|r| pb::PresidencyReachSpace {
                        space: r.space.number() as u32,
                        total: r.total as u32,
                        chance_in_36: r.in_36 as u32,
                    })
                    .collect(),
            })
            .collect(),
    }
}

/// The Presidential Race's fixed data: the board and every card with its text, built once.
pub(super) fn reference() -> pb::match_reference::Game {
    static REFERENCE: OnceLock<pb::PresidencyReference> = OnceLock::new();
    let r = REFERENCE.get_or_init(|| {
        let mut cards: Vec<pb::PresidencyCard> = Vec::new();
        for deck in [Deck::Campaign, Deck::Candidate, Deck::Election] {
            for c in deck.cards() {
                if !cards.iter().any(|k| k.id == c.id) {
                    cards.push(presidency_card(c.id, true));
                }
            }
        }
        pb::PresidencyReference {
            board: presidency_board(),
            cards,
        }
    });
    pb::match_reference::Game::Presidency(r.clone())
}
