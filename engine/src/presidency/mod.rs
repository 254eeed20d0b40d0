//! The race for the US Presidency (`presidency`): two nominees race round a 40-space track
//! for 100 Vote tokens; after the last round the Election deck settles it. The National
//! Convention variant seats 2–6 nominees of one party with no Election deck.
//!
//! Every reading of an unclear rule follows `shared/reference/presidential-race/notes.md`;
//! the ones the notes call options are catalogue options here.
//!
//! Readings of the engine's own (beyond the notes):
//! - Money converts into votes only in a nominee's own campaign turn (notes 7): before the
//!   roll and after the move. The Election deck's draws (notes 9) are no one's turn, so no
//!   conversion is offered while they are drawn, and nobody is asked anything then; money
//!   left at the count only breaks a tie (notes 10).
//!
//! # Where each rule lives
//!
//! | rule | file |
//! |---|---|
//! | the board, the three decks, what each space and card does (as [`data::Effect`]s) | `data.rs` |
//! | the catalogue and its options; start votes and money, Candidate cards, first player | `setup.rs` |
//! | every decision — roll 1D6/2D6, convert money, end the turn, which opponent to take from, hurt or debate — its legal actions, its prompt and its application, side by side | `actions.rs` |
//! | effects, gains (Undecided first, then an opponent), losses and Damage Control, Campaign draws and reshuffles, debates: the queue of [`Step`]s | `resolve.rs` |
//! | moving, conversion limits, turn and round order, the Election deck and the count, the convention's end | `turns.rs` |
//! | what is hidden (deck order, the generator) and how search redraws it | `hidden.rs` |
//! | the log as typed events, rendered to text only when read | `log.rs` |
//!
//! The state is its public part ([`View`], which every viewer sees alike) plus the hidden
//! decks and generator, plus the log of typed events. Decisions are typed [`Action`]s; their ids
//! (`dice:2d6`, `convert:3`, `take:1`, `target:2`, `debate:1`, `done`) are their `Display`.

pub mod actions;
pub mod data;
pub mod help;
mod hidden;
pub mod log;
mod resolve;
mod setup;
mod turns;

use std::collections::VecDeque;

use rand::RngCore;
use serde::{Deserialize, Serialize};

pub use self::actions::{Action, Dice};
use self::data::{CampaignCard, CandidateCard, ElectionCard};
use self::hidden::Hidden;
use self::log::PresEvent;
pub use self::resolve::Step;
use crate::Game;
use crate::core::*;
#[cfg(test)]
use crate::rng; // the tests load dice through it

pub const GAME_ID: &str = "presidency";
/// The fixed pool of Vote tokens.
pub const TOTAL_VOTES: u32 = 100;
/// Candidate cards each nominee draws at set-up.
pub const CANDIDATE_CARDS_EACH: usize = 5;
/// Election cards each player draws before the count.
pub const ELECTION_DRAWS_EACH: u32 = 5;

/// The two ways to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Variant {
    /// Democrat against Republican, settled by the Election deck.
    Standard,
    /// 2–6 nominees of one party; the most votes after the last round wins.
    Convention,
}

/// The options of one game, after validation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    /// Rounds before the election (each nominee moves once a round).
    pub rounds: u32,
    /// Money may be converted only once (2 → 1) per turn instead of any number of times.
    pub convert_once_per_turn: bool,
    /// Red State / Blue State go to that party's nominee, whoever draws them.
    pub party_bound_states: bool,
    /// Damage Control also applies to the negative Candidate cards drawn at set-up.
    pub setup_damage_control: bool,
}

/// One nominee's public position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub name: String,
    pub votes: u32,
    pub money: u32,
    /// Board space 1–40 the pawn stands on (see [`data::Space`]).
    pub position: u8,
    /// Candidate cards, in the order drawn (shown as their ids).
    pub candidates: Vec<CandidateCard>,
    /// Sum of the Candidate cards' debate bonuses.
    pub debate_bonus: u32,
    /// Conversions made this turn (limited by the once-per-turn option).
    pub converted_this_turn: u32,
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Rolling start values and playing Candidate cards.
    Setup,
    /// The current nominee declares 1D6 or 2D6 (or converts money first).
    Declare,
    /// A move is being resolved.
    Resolving,
    /// After the move: convert money or end the turn.
    AfterMove,
    /// The Election deck is being drawn.
    Election,
    Finished,
}

/// Everything public: this is also the view, since the game hides only deck order and dice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub variant: Variant,
    pub rules: Rules,
    pub players: Vec<Player>,
    pub undecided: u32,
    pub phase: Phase,
    /// The current round, 1-based (0 during set-up).
    pub round: u32,
    /// Turn order: seats from the first player.
    pub order: Vec<Seat>,
    /// Index into `order` of the nominee whose turn it is.
    pub turn_index: usize,
    /// Campaign cards drawn since the last reshuffle (face up).
    pub campaign_discard: Vec<CampaignCard>,
    pub campaign_deck_count: u32,
    pub candidate_deck_count: u32,
    pub election_deck_count: u32,
    /// Election cards drawn so far, with who drew them.
    pub election_drawn: Vec<(Seat, ElectionCard)>,
    /// The seat that draws the next Election card.
    pub election_next: Option<Seat>,
    /// Steps still to resolve; the first may be waiting for a decision.
    pub pending: VecDeque<Step>,
    pub outcome: Option<Outcome>,
}

impl View {
    /// The seat whose turn it is (during the campaign).
    pub fn current(&self) -> Option<Seat> {
        match self.phase {
            Phase::Declare | Phase::Resolving | Phase::AfterMove => {
                self.order.get(self.turn_index).copied()
            }
            _ => None,
        }
    }

    /// Where the nominee about to roll can go, for one die and for two: each space in
    /// reach (see [`data::Space::reach`]). Empty unless a roll is being declared. Public:
    /// every seat sees the pawns and whose roll it is.
    pub fn reach(&self) -> Vec<(u8, Vec<data::Reach>)> {
        let from = (self.phase == Phase::Declare)
            .then(|| self.current())
            .flatten()
            .and_then(|seat| self.players.get(seat))
            .and_then(|p| data::Space::new(p.position));
        match from {
            Some(from) => [1, 2].into_iter().map(|d| (d, from.reach(d))).collect(),
            None => Vec::new(),
        }
    }

    /// A nominee's name.
    pub fn name(&self, seat: Seat) -> &str {
        self.players.get(seat).map_or("", |p| p.name.as_str())
    }
}

/// A game of the Presidential Race.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Presidency {
    public: View,
    hidden: Hidden,
    log: GameLog<PresEvent>,
}

impl Presidency {
    /// The public state (the same for every viewer).
    pub fn public(&self) -> &View {
        &self.public
    }

    /// Logs the event `event()` builds, if this state keeps a log (a state built for
    /// search does not).
    #[inline]
    fn note(&mut self, event: impl FnOnce() -> PresEvent) {
        self.log.push_event(event);
    }

    fn opponents(&self, seat: Seat) -> impl Iterator<Item = Seat> + '_ {
        (0..self.public.players.len()).filter(move |&s| s != seat)
    }
}

/// "1+5": dice as the log shows them.
fn join(d: &[u32]) -> String {
    d.iter().map(u32::to_string).collect::<Vec<_>>().join("+")
}

impl Game for Presidency {
    const ID: &'static str = GAME_ID;
    type View = View;
    type Action = Action;
    type Event = PresEvent;

    fn info() -> GameInfo {
        setup::info()
    }

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        Self::setup(setup)
    }

    fn num_seats(&self) -> usize {
        self.public.players.len()
    }

    fn to_act(&self) -> Vec<Seat> {
        self.first_to_act().into_iter().collect()
    }

    fn first_to_act(&self) -> Option<Seat> {
        self.decider()
    }

    fn legal_actions(&self, seat: Seat, out: &mut impl ActionSink<Action>) {
        self.push_legal(seat, out);
    }

    fn apply_action(&mut self, seat: Seat, action: Action) {
        self.take_action(seat, action);
    }

    fn is_legal(&self, seat: Seat, action: Action) -> bool {
        self.allows(seat, action)
    }

    fn legal_action(&self, seat: Seat, choice: &str) -> Option<Action> {
        parse_action::<Action>(choice).filter(|&a| self.allows(seat, a))
    }

    fn prompt_text(&self, seat: Seat) -> String {
        self.decision_text(seat)
    }

    fn describe_action(&self, _seat: Seat, action: Action) -> Choice {
        self.describe(action)
    }

    fn events(&self) -> &GameLog<PresEvent> {
        &self.log
    }

    fn render_event(&self, event: &PresEvent, seq: u64) -> LogEntry {
        event.render(&self.public, seq)
    }

    fn view(&self, _viewer: Viewer) -> View {
        self.public.clone()
    }

    fn same_view_as(&self, _viewer: Viewer) -> Viewer {
        // Nothing is hidden from one seat that another sees.
        Viewer::Spectator
    }

    fn choice_seen_by(&self, _seat: Seat, _choice: &str, _viewer: Viewer) -> SeenChoice {
        // Every prompt is built from the public view, which every viewer has: no choice
        // names anything hidden (a card is named only once it is face up).
        SeenChoice::Whole
    }

    fn resample(view: &View, _viewer: Viewer, rng: &mut dyn RngCore) -> Self {
        Presidency {
            public: view.clone(),
            hidden: Hidden::unseen(view, rng),
            log: GameLog::off(),
        }
    }

    fn shuffle_hidden(&self, _viewer: Viewer, rng: &mut dyn RngCore) -> Self {
        // Every seat sees the same: the decks and the generator are redrawn for all.
        Presidency {
            public: self.public.clone(),
            hidden: Hidden::unseen(&self.public, rng),
            log: self.log.clone(),
        }
    }

    fn hidden_digest(&self, _viewer: Viewer) -> u64 {
        // Decks and the generator are hidden from every seat alike.
        crate::core::digest_of(&self.hidden)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.public.outcome.clone()
    }
}

#[cfg(test)]
mod tests;
