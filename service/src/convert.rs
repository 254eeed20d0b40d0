//! Conversions from the engine's types to the wire contract's messages.

use std::collections::HashMap;
use std::sync::OnceLock;

use hustings_engine as engine;
use hustings_engine::presidency::data::Deck;
use hustings_engine::presidency::{self, data as pdata};
use hustings_proto::v1 as pb;

/// A catalogue entry on the wire.
pub fn game_info(info: &engine::GameInfo) -> pb::GameInfo {
    pb::GameInfo {
        id: info.id.clone(),
        name: info.name.clone(),
        summary: info.summary.clone(),
        variants: info
            .variants
            .iter()
            .map(|v| pb::VariantInfo {
                id: v.id.clone(),
                name: v.name.clone(),
                description: v.description.clone(),
                min_seats: v.min_seats as u32,
                max_seats: v.max_seats as u32,
                default_seats: v.default_seats as u32,
                seat_names: v.seat_names.clone(),
            })
            .collect(),
        options: info.options.iter().map(option_spec).collect(),
        timeout_policy: match info.timeout_policy {
            engine::TimeoutPolicy::Forfeit => pb::TimeoutPolicy::Forfeit,
            engine::TimeoutPolicy::DefaultChoice => pb::TimeoutPolicy::DefaultChoice,
        } as i32,
    }
}

fn option_spec(o: &engine::OptionSpec) -> pb::OptionSpec {
    use pb::option_spec::Kind;
    let kind = match &o.kind {
        engine::OptionKind::Int { min, max, default } => Kind::Int(pb::IntOption {
            min: *min,
            max: *max,
            default_value: *default,
        }),
        engine::OptionKind::Bool { default } => Kind::Bool(pb::BoolOption {
            default_value: *default,
        }),
        engine::OptionKind::Choice { values, default } => Kind::Choice(pb::ChoiceOption {
            values: values.clone(),
            default_value: default.clone(),
        }),
    };
    pb::OptionSpec {
        key: o.key.clone(),
        label: o.label.clone(),
        description: o.description.clone(),
        kind: Some(kind),
    }
}

/// A prompt on the wire.
pub fn prompt(p: &engine::Prompt) -> pb::Prompt {
    pb::Prompt {
        seat: p.seat as u32,
        text: p.text.clone(),
        choices: p
            .choices
            .iter()
            .map(|c| pb::Choice {
                id: c.id.clone(),
                label: c.label.clone(),
                kind: c.kind.clone(),
                card: c.card.clone().unwrap_or_default(),
                location: c.location.clone().unwrap_or_default(),
                amount: c.amount,
                target: c.target.map(|t| t as u32),
            })
            .collect(),
    }
}

/// A log entry on the wire (already redacted for its viewer).
pub fn log_entry(e: &engine::LogEntry) -> pb::LogEntry {
    pb::LogEntry {
        seq: e.seq,
        seat: e.seat.map(|s| s as u32),
        kind: e.kind.clone(),
        text: e.text.clone(),
        dice: e.dice.clone(),
        card: e.card.clone().unwrap_or_default(),
        location: e.location.clone().unwrap_or_default(),
        amount: e.amount,
        target: e.target.map(|t| t as u32),
    }
}

/// An outcome on the wire.
pub fn outcome(o: &engine::Outcome, resigned: bool) -> pb::Outcome {
    pb::Outcome {
        winners: o.winners.iter().map(|&w| w as u32).collect(),
        reason: o.reason.clone(),
        scores: o.scores.clone(),
        draw: o.is_draw(),
        resigned,
    }
}

/// A game's view on the wire: the engine's JSON plus the typed message of its game.
pub fn game_view(game: &dyn engine::AnyGame, viewer: engine::Viewer) -> pb::GameView {
    let json = game.view_json(viewer).to_string();
    let typed = match game.view(viewer) {
        engine::AnyView::Presidency(v) => {
            Some(pb::game_view::Game::Presidency(presidency_view(&v)))
        }
        // Its typed message is not in the contract yet: clients use the JSON view.
        engine::AnyView::TheVote(_) => None,
    };
    pb::GameView { json, game: typed }
}

/// A card of the Presidential Race on the wire. Cards are fixed data, so each one is
/// rendered once and cloned afterwards: rendering the descriptions of every card in every
/// view was a large part of the cost of each update.
fn presidency_card(id: &str) -> pb::PresidencyCard {
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
    cards
        .get(id)
        .cloned()
        .unwrap_or_else(|| render_presidency_card(id))
}

fn render_presidency_card(id: &str) -> pb::PresidencyCard {
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
fn presidency_board() -> Vec<pb::PresidencySpace> {
    static BOARD: OnceLock<Vec<pb::PresidencySpace>> = OnceLock::new();
    BOARD.get_or_init(render_presidency_board).clone()
}

fn render_presidency_board() -> Vec<pb::PresidencySpace> {
    pdata::SPACES
        .iter()
        .map(|s| pb::PresidencySpace {
            number: s.number as u32,
            name: s.name.to_string(),
            description: pdata::describe(s.effects, 0),
        })
        .collect()
}

/// The Presidential Race's typed view.
pub fn presidency_view(v: &presidency::View) -> pb::PresidencyView {
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
                candidates: p.candidates.iter().map(|c| presidency_card(c)).collect(),
                debate_bonus: p.debate_bonus,
            })
            .collect(),
        undecided: v.undecided,
        order: v.order.iter().map(|&s| s as u32).collect(),
        current: v.current().map(|s| s as u32),
        campaign_discard: v
            .campaign_discard
            .iter()
            .map(|c| presidency_card(c))
            .collect(),
        campaign_deck_count: v.campaign_deck_count,
        candidate_deck_count: v.candidate_deck_count,
        election_deck_count: v.election_deck_count,
        election_drawn: v
            .election_drawn
            .iter()
            .map(|(s, c)| pb::PresidencyElectionDraw {
                seat: *s as u32,
                card: Some(presidency_card(c)),
            })
            .collect(),
        board: presidency_board(),
        rules: Some(pb::PresidencyRules {
            rounds: v.rules.rounds,
            convert_once_per_turn: v.rules.convert_once_per_turn,
            party_bound_states: v.rules.party_bound_states,
            setup_damage_control: v.rules.setup_damage_control,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cached_presidency_cards_and_board_match_a_fresh_rendering() {
        for deck in [Deck::Campaign, Deck::Candidate, Deck::Election] {
            for c in deck.cards() {
                let card = presidency_card(c.id);
                assert_eq!(card, render_presidency_card(c.id), "{}", c.id);
                assert!(
                    !card.description.is_empty() || c.effects.is_empty(),
                    "{}",
                    c.id
                );
            }
        }
        assert_eq!(presidency_card("no-such-card").name, "no-such-card");
        assert_eq!(presidency_board(), render_presidency_board());
        assert_eq!(presidency_board().len(), pdata::SPACES.len());
    }
}
