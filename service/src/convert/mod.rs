//! Conversions from the engine's types to the wire contract's messages: plain field
//! mapping, no rules (what a game waits for is the engine's to say). The shared messages
//! (catalogue, prompt, log, outcome) and the dispatch per game are here, each game's view
//! in a file of its own.

use hustings_engine as engine;
use hustings_engine::{presidency as engine_presidency, the_vote as tv, votes_for_women as vfw};
use hustings_proto::v1 as pb;

mod presidency;
mod the_vote;
mod votes_for_women;

#[cfg(test)]
mod pending_proof;
#[cfg(test)]
mod tests;

pub use self::presidency::presidency_view;
pub use self::the_vote::the_vote_view;
pub use self::votes_for_women::{vfw_card, votes_for_women_view};

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
                timeout_policy: v
                    .timeout_policy
                    .map_or(pb::TimeoutPolicy::Unspecified, policy)
                    as i32,
            })
            .collect(),
        options: info.options.iter().map(option_spec).collect(),
        timeout_policy: policy(info.timeout_policy) as i32,
        // The same AIs play every game; their levels' budgets are the bot client's, per game.
        ais: hustings_proto::ais::catalogue(),
    }
}

fn policy(p: engine::TimeoutPolicy) -> pb::TimeoutPolicy {
    match p {
        engine::TimeoutPolicy::Forfeit => pb::TimeoutPolicy::Forfeit,
        engine::TimeoutPolicy::DefaultChoice => pb::TimeoutPolicy::DefaultChoice,
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
                origin: pb::Origin::Game as i32,
                subject: c.subject.clone().unwrap_or_default(),
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
        // The game's; the projection marks the service's own entries.
        origin: pb::Origin::Game as i32,
        seats: e.seats.iter().map(|&s| s as u32).collect(),
        cards: e.cards.clone(),
        states: e.states.clone(),
        regions: e.regions.clone(),
        amounts: e.amounts.clone(),
        run: e.run.clone().unwrap_or_default(),
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
        forfeit: if resigned {
            "resign".into()
        } else {
            String::new()
        },
    }
}

/// What a view on the wire holds besides the state itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ViewParts {
    /// The engine's JSON view (only for streams that asked for it).
    pub json: bool,
    /// The fixed data (board, card texts) in the view itself. Stream messages leave it out
    /// (the match's reference holds it); the reference's own cards are built with it.
    pub fixed: bool,
}

/// A game's view on the wire: the typed message of its game, plus the engine's JSON and
/// the fixed data when `parts` asks for them.
pub fn game_view(
    game: &dyn engine::AnyGame,
    viewer: engine::Viewer,
    parts: ViewParts,
) -> pb::GameView {
    game_view_of(&game.view(viewer), &game.to_act(), parts)
}

/// [`game_view`] from the engine's view, already built (`to_act` is the game's, public).
pub fn game_view_of(
    view: &engine::AnyView,
    to_act: &[engine::Seat],
    parts: ViewParts,
) -> pb::GameView {
    // The JSON is the engine's view serialized, as `AnyGame::view_json` gives it, written
    // straight to text rather than through a `serde_json::Value`.
    let json = |v: &dyn erased::Json| if parts.json { v.text() } else { String::new() };
    let full = parts.fixed;
    let (json, typed) = match view {
        engine::AnyView::Presidency(v) => (
            json(v),
            pb::game_view::Game::Presidency(presidency_view(v, full)),
        ),
        engine::AnyView::VotesForWomen(v) => (
            json(v),
            pb::game_view::Game::VotesForWomen(votes_for_women_view(v, to_act, full)),
        ),
        engine::AnyView::TheVote(v) => (
            json(v),
            pb::game_view::Game::TheVote(the_vote_view(v, full)),
        ),
    };
    pb::GameView {
        json,
        game: Some(typed),
    }
}

mod erased {
    /// A view that can be written as JSON text.
    pub trait Json {
        fn text(&self) -> String;
    }

    impl<T: serde::Serialize> Json for T {
        fn text(&self) -> String {
            serde_json::to_string(self).unwrap_or_else(|_| "null".into())
        }
    }
}

/// A game's fixed data on the wire (see `MatchReference`), built once per game and cloned
/// for each message that carries it.
pub fn reference(game_id: &str) -> Option<pb::MatchReference> {
    let game = match game_id {
        engine_presidency::GAME_ID => presidency::reference(),
        vfw::GAME_ID => votes_for_women::reference(),
        tv::GAME_ID => the_vote::reference(),
        _ => return None,
    };
    let help = hustings_engine::help::of(game_id).map(|h| {
        let entries = |terms: &[hustings_engine::help::Term]| {
            terms
                .iter()
                .map(|t| pb::HelpEntry {
                    key: t.key.into(),
                    term: t.term.into(),
                    meaning: t.meaning.into(),
                })
                .collect()
        };
        pb::RulesHelp {
            glossary: entries(h.glossary),
            legend: entries(h.legend),
        }
    });
    Some(pb::MatchReference {
        game: Some(game),
        help,
    })
}
