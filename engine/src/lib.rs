//! Hustings rules engine: one deterministic state machine per game, with no I/O.
//!
//! Every game implements [`Game`]: it is built from a [`Setup`] (variant, options, seed),
//! says which seats must decide ([`Game::to_act`]), offers each of them one [`Prompt`] with
//! every legal [`Choice`], applies exactly one choice at a time, and shows each viewer a
//! redacted view and log. All randomness comes from a seeded generator kept inside the state,
//! so the same set-up and the same choices always give the same game.
//!
//! [`AnyGame`] is the object-safe face of the same contract that the service and the bots
//! use to host any game without knowing which one it is; [`new_game`] and [`catalogue`] are
//! the registry of games.

/// Logs the entry `$entry` builds through the game's `push_log`, building nothing when the
/// game keeps no log.
macro_rules! note {
    ($game:expr, $entry:expr) => {
        if $game.log.is_on() {
            let entry = $entry;
            $game.push_log(entry);
        }
    };
}

pub mod core;
pub mod help;
pub mod presidency;
pub mod rng;
pub mod testing;
pub mod the_vote;
pub mod votes_for_women;

use std::borrow::Cow;
use std::fmt::Debug;

use rand::RngCore;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

pub use crate::core::*;

/// The rules contract every game implements.
///
/// A decision is a typed [`Game::Action`]. The cheap path, for search and fuzzers, is
/// [`Game::legal_actions`] and [`Game::apply_action`]: no strings, no labels. What a person
/// or an external AI reads — [`Game::prompt`] with its labelled [`Choice`]s, and
/// [`Game::apply`] with a choice id — is built from the same actions, only when asked:
/// [`Game::prompt_text`] and [`Game::describe_action`] render them. A game writes its
/// decision's legal actions and their application side by side; the prompt, the checked
/// `apply`, the default choice and the legality check come with the trait.
///
/// How to write (or convert) a game: see the module doc of [`presidency`] for a complete
/// example and the recipe in `engine/README.md`.
pub trait Game: Clone + Debug + Send + Sync + Serialize + DeserializeOwned + 'static {
    /// What one viewer may know: the public state plus that viewer's private parts.
    type View: Clone + Debug + PartialEq + Send + Sync + Serialize + DeserializeOwned;

    /// One decision of this game (see [`Action`]): its `Display` is the choice id.
    type Action: Action;

    /// One entry of this game's log as it happened, typed; put into words
    /// ([`Game::render_event`]) only when the log is read, so that play costs no text.
    type Event: Clone + Debug + Send + Sync;

    /// The game's stable id (`presidency`, `votes-for-women`, `the-vote`).
    const ID: &'static str;

    /// The catalogue entry: id, name, variants, seats and options.
    fn info() -> GameInfo;

    /// Builds a new game. Fails with a clear reason on an unknown variant, a seat count out of
    /// range, or a bad option.
    fn new(setup: &Setup) -> Result<Self, SetupError>;

    /// How many seats play.
    fn num_seats(&self) -> usize;

    /// The seats that must decide now (empty once the game is over).
    fn to_act(&self) -> Vec<Seat>;

    /// The first of [`Game::to_act`], without building the list (the search's loop asks it
    /// at every step). Override it where `to_act` allocates.
    fn first_to_act(&self) -> Option<Seat> {
        self.to_act().first().copied()
    }

    /// Pushes every legal action of `seat` into `out`, in the order its prompt lists them
    /// (so a uniform pick over either is the same pick); pushes nothing when `seat` has
    /// nothing to decide. The cheap path: build no strings and no labels here.
    fn legal_actions(&self, seat: Seat, out: &mut impl ActionSink<Self::Action>);

    /// Applies one legal action of `seat`, one [`Game::legal_actions`] just listed for this
    /// very state. Anything else is a caller's bug (never network input: [`Game::apply`]
    /// checks that), and a game may panic on it.
    fn apply_action(&mut self, seat: Seat, action: Self::Action);

    /// The text of the decision `seat` faces (called only when it has one).
    fn prompt_text(&self, seat: Seat) -> String;

    /// One legal action as a prompt shows it: its label, kind and structured fields; its id
    /// is `action.to_string()`.
    fn describe_action(&self, seat: Seat, action: Self::Action) -> Choice;

    /// Whether `action` is legal for `seat` now. The default lists the legal actions; a
    /// game may answer more cheaply.
    fn is_legal(&self, seat: Seat, action: Self::Action) -> bool {
        let mut sink = Contains {
            wanted: action,
            found: false,
        };
        self.legal_actions(seat, &mut sink);
        sink.found
    }

    /// The decision `seat` faces now, or `None` when it has nothing to decide: the text and
    /// every legal action, described.
    fn prompt(&self, seat: Seat) -> Option<Prompt> {
        let mut actions = Vec::new();
        self.legal_actions(seat, &mut actions);
        if actions.is_empty() {
            return None;
        }
        Some(Prompt {
            seat,
            text: self.prompt_text(seat),
            choices: actions
                .into_iter()
                .map(|a| self.describe_action(seat, a))
                .collect(),
        })
    }

    /// The action a choice id names, if it is legal for `seat` now (the id in its canonical
    /// spelling only).
    fn legal_action(&self, seat: Seat, choice: &str) -> Option<Self::Action> {
        let mut legal = Vec::new();
        self.legal_actions(seat, &mut legal);
        parse_action::<Self::Action>(choice).filter(|a| legal.contains(a))
    }

    /// Applies a choice that [`Game::prompt`] offered to `seat`, by its id. Only called with
    /// legal choices (an id that names no action changes nothing).
    fn apply_legal(&mut self, seat: Seat, choice: &str) {
        if let Some(action) = parse_action::<Self::Action>(choice) {
            self.apply_action(seat, action);
        }
    }

    /// The log's typed events, in order (none in a state built for search, which keeps no
    /// log: see [`GameLog::off`]).
    fn events(&self) -> &GameLog<Self::Event>;

    /// `event`, the log's entry numbered `seq`, in words and data as this state reads it.
    fn render_event(&self, event: &Self::Event, seq: u64) -> LogEntry;

    /// The full, unredacted log, rendered from its events.
    fn log(&self) -> Cow<'_, [LogEntry]> {
        self.log_from(0)
    }

    /// How many entries the log holds, without rendering any.
    fn log_len(&self) -> usize {
        self.events().len()
    }

    /// The unredacted log from entry `from` on (nothing past its end): only those entries
    /// are rendered.
    fn log_from(&self, from: usize) -> Cow<'_, [LogEntry]> {
        Cow::Owned(
            self.events()
                .render_from(from, |e, seq| self.render_event(e, seq)),
        )
    }

    /// What `viewer` may know of the state (the log is separate: see [`Game::log_for`]).
    fn view(&self, viewer: Viewer) -> Self::View;

    /// A viewer whose view is always the same as `viewer`'s, so a server may build one view
    /// for both: a game where every seat knows exactly what spectators know answers
    /// [`Viewer::Spectator`] for everyone. The default, `viewer` itself, is always right.
    fn same_view_as(&self, viewer: Viewer) -> Viewer {
        viewer
    }

    /// A full state consistent with `view` as seen by `viewer`, its hidden parts (deck order,
    /// other hands, the generator) drawn at random from `rng`, keeping no log. Used by search
    /// AIs.
    fn resample(view: &Self::View, viewer: Viewer, rng: &mut dyn RngCore) -> Self;

    /// This same state with everything `viewer` may not know redrawn at random. Its view for
    /// `viewer` must not change: that is how redaction is tested. Search draws each
    /// determinization this way from one resampled state (see [`resampler_any`]), so a game
    /// should make it cheap.
    fn shuffle_hidden(&self, viewer: Viewer, rng: &mut dyn RngCore) -> Self;

    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// A digest of everything hidden from `viewer` (deck order, the generator, other seats'
    /// hands, set-aside cards). A choice that leaves it unchanged revealed nothing and rolled
    /// nothing, so it may be taken back: that is how the service decides what is undoable.
    fn hidden_digest(&self, viewer: Viewer) -> u64;

    /// What `viewer` may be told of the choice `choice` that `seat` is about to make in this
    /// state (asked before it is applied): the whole choice, or only a redacted description.
    /// The safe default tells the choosing seat everything and every other viewer only that
    /// it chose ([`SeenChoice::HIDDEN`]); a game overrides it with what its rules show.
    fn choice_seen_by(&self, seat: Seat, choice: &str, viewer: Viewer) -> SeenChoice {
        let _ = choice;
        if viewer == Viewer::Seat(seat) {
            SeenChoice::Whole
        } else {
            SeenChoice::Redacted(SeenChoice::HIDDEN.into())
        }
    }

    /// The choice taken for a seat whose clock ran out, where the game's timeout policy is
    /// to take a default. The first legal action unless a game knows better.
    fn default_choice(&self, seat: Seat) -> Option<String> {
        let mut first = First(None);
        self.legal_actions(seat, &mut first);
        first.0.map(|a| a.to_string())
    }

    /// Applies one choice, or refuses it with a typed error and leaves the state untouched.
    /// Returns the new log entries (unredacted).
    fn apply(&mut self, seat: Seat, choice: &str) -> Result<Vec<LogEntry>, RuleError> {
        if seat >= self.num_seats() {
            return Err(RuleError::NoSuchSeat { seat });
        }
        if self.outcome().is_some() {
            return Err(RuleError::GameOver);
        }
        let mut legal = Vec::new();
        self.legal_actions(seat, &mut legal);
        if legal.is_empty() {
            return Err(RuleError::NotYourTurn {
                seat,
                waiting: self.to_act(),
            });
        }
        let Some(action) = parse_action::<Self::Action>(choice).filter(|a| legal.contains(a))
        else {
            return Err(RuleError::IllegalChoice {
                choice: choice.to_string(),
                legal: legal_list(self.prompt(seat).as_ref()),
            });
        };
        let before = self.log_len();
        self.apply_action(seat, action);
        Ok(self.log_from(before).into_owned())
    }

    /// The log as `viewer` may see it, from entry `from` on.
    fn log_for(&self, viewer: Viewer, from: usize) -> Vec<LogEntry> {
        self.log_from(from)
            .iter()
            .filter_map(|e| e.for_viewer(viewer))
            .collect()
    }
}

/// A game's typed view, for whichever game it is.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[allow(clippy::large_enum_variant)] // one view at a time, moved rarely: boxing buys nothing
pub enum AnyView {
    Presidency(presidency::View),
    TheVote(the_vote::View),
    VotesForWomen(votes_for_women::View),
}

/// The object-safe face of [`Game`], for hosting any game without knowing which.
///
/// Two paths, as in [`Game`]: the prompt path ([`AnyGame::prompt`], [`AnyGame::apply`] with
/// choice ids) for the service and external AIs, and the cheap path for search — actions as
/// compact integer codes ([`AnyGame::legal_codes`], [`AnyGame::apply_code`]; see
/// [`Action::code`]), turned into choice ids only for the one that is played
/// ([`AnyGame::choice_id`]).
pub trait AnyGame: Debug + Send + Sync {
    fn game_id(&self) -> &'static str;
    fn num_seats(&self) -> usize;
    fn to_act(&self) -> Vec<Seat>;
    /// See [`Game::first_to_act`].
    fn first_to_act(&self) -> Option<Seat>;
    fn prompt(&self, seat: Seat) -> Option<Prompt>;
    fn apply(&mut self, seat: Seat, choice: &str) -> Result<Vec<LogEntry>, RuleError>;
    /// The offered choice with this id, described (label and fields), if it is legal for
    /// `seat` now: without building the rest of the prompt.
    fn describe_choice(&self, seat: Seat, choice: &str) -> Option<Choice>;
    /// Appends the code of every legal action of `seat` (in prompt order) to `out`.
    fn legal_codes(&self, seat: Seat, out: &mut Vec<u32>);
    /// Applies the action with this code, one [`AnyGame::legal_codes`] just listed for
    /// `seat` on this very state; refuses a code that names no action. (Unchecked beyond
    /// that, like [`Game::apply_action`]: search only.)
    fn apply_code(&mut self, seat: Seat, code: u32) -> Result<(), RuleError>;
    /// The choice id of an action code.
    fn choice_id(&self, code: u32) -> Option<String>;
    /// The action code of a choice id (canonical spelling only).
    fn choice_code(&self, choice: &str) -> Option<u32>;
    fn log_len(&self) -> usize;
    fn log_for(&self, viewer: Viewer, from: usize) -> Vec<LogEntry>;
    /// The whole log from entry `from` on, unredacted (for replays of finished matches).
    fn log_all(&self, from: usize) -> Vec<LogEntry>;
    fn view(&self, viewer: Viewer) -> AnyView;
    /// See [`Game::same_view_as`].
    fn same_view_as(&self, viewer: Viewer) -> Viewer;
    /// The view as JSON, for generic clients (the stdio adapter, the bots' search).
    fn view_json(&self, viewer: Viewer) -> serde_json::Value;
    fn outcome(&self) -> Option<Outcome>;
    fn default_choice(&self, seat: Seat) -> Option<String>;
    /// See [`Game::choice_seen_by`].
    fn choice_seen_by(&self, seat: Seat, choice: &str, viewer: Viewer) -> SeenChoice;
    /// See [`Game::hidden_digest`].
    fn hidden_digest(&self, viewer: Viewer) -> u64;
    fn clone_box(&self) -> Box<dyn AnyGame>;
    /// The full state as JSON (never sent to clients): for replay checks and debugging.
    fn state_json(&self) -> String;
    /// The concrete game, for code that knows which game it holds (a bot's evaluation reads
    /// the state directly instead of building a view).
    fn as_any(&self) -> &dyn std::any::Any;
}

/// Ties a game type to its [`AnyView`] variant.
pub trait IntoAnyView: Game {
    fn any_view(view: Self::View) -> AnyView;
}

impl IntoAnyView for presidency::Presidency {
    fn any_view(view: Self::View) -> AnyView {
        AnyView::Presidency(view)
    }
}

impl IntoAnyView for the_vote::TheVote {
    fn any_view(view: Self::View) -> AnyView {
        AnyView::TheVote(view)
    }
}

impl IntoAnyView for votes_for_women::VotesForWomen {
    fn any_view(view: Self::View) -> AnyView {
        AnyView::VotesForWomen(view)
    }
}

impl<G: IntoAnyView> AnyGame for G {
    fn game_id(&self) -> &'static str {
        G::ID
    }
    fn num_seats(&self) -> usize {
        Game::num_seats(self)
    }
    fn to_act(&self) -> Vec<Seat> {
        Game::to_act(self)
    }
    fn first_to_act(&self) -> Option<Seat> {
        Game::first_to_act(self)
    }
    fn prompt(&self, seat: Seat) -> Option<Prompt> {
        Game::prompt(self, seat)
    }
    fn apply(&mut self, seat: Seat, choice: &str) -> Result<Vec<LogEntry>, RuleError> {
        Game::apply(self, seat, choice)
    }
    fn describe_choice(&self, seat: Seat, choice: &str) -> Option<Choice> {
        let action = self.legal_action(seat, choice)?;
        Some(self.describe_action(seat, action))
    }
    fn legal_codes(&self, seat: Seat, out: &mut Vec<u32>) {
        self.legal_actions(seat, &mut Codes(out));
    }
    fn apply_code(&mut self, seat: Seat, code: u32) -> Result<(), RuleError> {
        let action = G::Action::from_code(code).ok_or_else(|| RuleError::IllegalChoice {
            choice: format!("code {code}"),
            legal: "codes from legal_codes".into(),
        })?;
        self.apply_action(seat, action);
        Ok(())
    }
    fn choice_id(&self, code: u32) -> Option<String> {
        G::Action::from_code(code).map(|a| a.to_string())
    }
    fn choice_code(&self, choice: &str) -> Option<u32> {
        parse_action::<G::Action>(choice).map(Action::code)
    }
    fn log_len(&self) -> usize {
        Game::log_len(self)
    }
    fn log_for(&self, viewer: Viewer, from: usize) -> Vec<LogEntry> {
        Game::log_for(self, viewer, from)
    }
    fn log_all(&self, from: usize) -> Vec<LogEntry> {
        Game::log_from(self, from).into_owned()
    }
    fn view(&self, viewer: Viewer) -> AnyView {
        G::any_view(Game::view(self, viewer))
    }
    fn same_view_as(&self, viewer: Viewer) -> Viewer {
        Game::same_view_as(self, viewer)
    }
    fn view_json(&self, viewer: Viewer) -> serde_json::Value {
        serde_json::to_value(Game::view(self, viewer)).unwrap_or(serde_json::Value::Null)
    }
    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }
    fn default_choice(&self, seat: Seat) -> Option<String> {
        Game::default_choice(self, seat)
    }
    fn choice_seen_by(&self, seat: Seat, choice: &str, viewer: Viewer) -> SeenChoice {
        Game::choice_seen_by(self, seat, choice, viewer)
    }
    fn hidden_digest(&self, viewer: Viewer) -> u64 {
        Game::hidden_digest(self, viewer)
    }
    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }
    fn state_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// The catalogue of every game this engine plays.
pub fn catalogue() -> Vec<GameInfo> {
    vec![
        presidency::Presidency::info(),
        votes_for_women::VotesForWomen::info(),
        the_vote::TheVote::info(),
    ]
}

/// The catalogue entry of one game.
pub fn game_info(game_id: &str) -> Option<GameInfo> {
    catalogue().into_iter().find(|g| g.id == game_id)
}

/// Builds a new game of any kind from its id and set-up.
pub fn new_game(game_id: &str, setup: &Setup) -> Result<Box<dyn AnyGame>, SetupError> {
    match game_id {
        presidency::GAME_ID => Ok(Box::new(presidency::Presidency::new(setup)?)),
        the_vote::GAME_ID => Ok(Box::new(the_vote::TheVote::new(setup)?)),
        votes_for_women::GAME_ID => Ok(Box::new(votes_for_women::VotesForWomen::new(setup)?)),
        other => Err(SetupError::UnknownGame(other.to_string())),
    }
}

/// A full state of game `game_id` consistent with a view (as JSON, the shape
/// [`AnyGame::view_json`] produces) seen by `viewer`, its hidden parts drawn from `rng`.
/// This is how a search AI that only has its seat's view builds states to search.
pub fn resample_any(
    game_id: &str,
    view: &serde_json::Value,
    viewer: Viewer,
    rng: &mut dyn RngCore,
) -> Result<Box<dyn AnyGame>, String> {
    Ok(resampler_any(game_id, view, viewer, rng)?.sample(rng))
}

/// Draws full states consistent with one view, over and over: what a search AI does once
/// per iteration. Built once per decision by [`resampler_any`], so the view is read (and
/// its JSON parsed) once, not per state.
pub trait Resampler: Send + Sync {
    /// One more state consistent with the view, its hidden parts drawn from `rng`.
    fn sample(&self, rng: &mut dyn RngCore) -> Box<dyn AnyGame>;
}

/// A [`Resampler`] for game `G`: one state resampled from the view, whose hidden parts
/// [`Game::shuffle_hidden`] redraws for every sample.
struct TypedResampler<G> {
    template: G,
    viewer: Viewer,
}

impl<G: IntoAnyView> Resampler for TypedResampler<G> {
    fn sample(&self, rng: &mut dyn RngCore) -> Box<dyn AnyGame> {
        Box::new(self.template.shuffle_hidden(self.viewer, rng))
    }
}

/// A [`Resampler`] for game `game_id` from a view (as JSON, the shape
/// [`AnyGame::view_json`] produces) seen by `viewer`; `rng` draws its first state.
pub fn resampler_any(
    game_id: &str,
    view: &serde_json::Value,
    viewer: Viewer,
    rng: &mut dyn RngCore,
) -> Result<Box<dyn Resampler>, String> {
    fn typed<G: IntoAnyView>(
        view: &serde_json::Value,
        viewer: Viewer,
        rng: &mut dyn RngCore,
    ) -> Result<Box<dyn Resampler>, String> {
        let view = G::View::deserialize(view).map_err(|e| format!("not a {} view: {e}", G::ID))?;
        Ok(Box::new(TypedResampler {
            template: G::resample(&view, viewer, rng),
            viewer,
        }))
    }
    match game_id {
        presidency::GAME_ID => typed::<presidency::Presidency>(view, viewer, rng),
        the_vote::GAME_ID => typed::<the_vote::TheVote>(view, viewer, rng),
        votes_for_women::GAME_ID => typed::<votes_for_women::VotesForWomen>(view, viewer, rng),
        other => Err(format!("unknown game '{other}'")),
    }
}

/// Replays a recorded game: its set-up and its choices in order. Fails on the first choice
/// that the rules refuse, naming its position.
pub fn replay(
    game_id: &str,
    setup: &Setup,
    choices: &[(Seat, String)],
) -> Result<Box<dyn AnyGame>, ReplayError> {
    let mut game = new_game(game_id, setup).map_err(ReplayError::Setup)?;
    for (index, (seat, choice)) in choices.iter().enumerate() {
        game.apply(*seat, choice)
            .map_err(|error| ReplayError::Choice { index, error })?;
    }
    Ok(game)
}

/// Why a replay failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("set-up refused: {0}")]
    Setup(SetupError),
    #[error("choice #{index} refused: {error}")]
    Choice { index: usize, error: RuleError },
}
