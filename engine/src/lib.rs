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

pub mod core;
pub mod presidency;
pub mod rng;
pub mod testing;
pub mod the_vote;
pub mod votes_for_women;

use std::fmt::Debug;

use rand::RngCore;
use serde::Serialize;
use serde::de::DeserializeOwned;

pub use crate::core::*;

/// The rules contract every game implements.
pub trait Game: Clone + Debug + Send + Sync + Serialize + DeserializeOwned + 'static {
    /// What one viewer may know: the public state plus that viewer's private parts.
    type View: Clone + Debug + PartialEq + Send + Sync + Serialize + DeserializeOwned;

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

    /// The decision `seat` faces now, or `None` when it has nothing to decide.
    fn prompt(&self, seat: Seat) -> Option<Prompt>;

    /// Applies a choice that [`Game::prompt`] offered to `seat`. Only called with legal choices.
    fn apply_legal(&mut self, seat: Seat, choice: &str);

    /// The full, unredacted log.
    fn log(&self) -> &[LogEntry];

    /// What `viewer` may know of the state (the log is separate: see [`Game::log_for`]).
    fn view(&self, viewer: Viewer) -> Self::View;

    /// A viewer whose view is always the same as `viewer`'s, so a server may build one view
    /// for both: a game where every seat knows exactly what spectators know answers
    /// [`Viewer::Spectator`] for everyone. The default, `viewer` itself, is always right.
    fn same_view_as(&self, viewer: Viewer) -> Viewer {
        viewer
    }

    /// A full state consistent with `view` as seen by `viewer`, its hidden parts (deck order,
    /// other hands, the generator) drawn at random from `rng`. Used by search AIs.
    fn resample(view: &Self::View, viewer: Viewer, rng: &mut dyn RngCore) -> Self;

    /// This same state with everything `viewer` may not know redrawn at random. Its view for
    /// `viewer` must not change: that is how redaction is tested.
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
    /// to take a default. The first offered choice unless a game knows better.
    fn default_choice(&self, seat: Seat) -> Option<String> {
        self.prompt(seat)
            .and_then(|p| p.choices.first().map(|c| c.id.clone()))
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
        let Some(prompt) = self.prompt(seat) else {
            return Err(RuleError::NotYourTurn {
                seat,
                waiting: self.to_act(),
            });
        };
        if prompt.find(choice).is_none() {
            return Err(RuleError::IllegalChoice {
                choice: choice.to_string(),
                legal: legal_list(Some(&prompt)),
            });
        }
        let before = self.log().len();
        self.apply_legal(seat, choice);
        Ok(self.log()[before..].to_vec())
    }

    /// The log as `viewer` may see it, from entry `from` on.
    fn log_for(&self, viewer: Viewer, from: usize) -> Vec<LogEntry> {
        self.log()
            .iter()
            .skip(from)
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
pub trait AnyGame: Debug + Send + Sync {
    fn game_id(&self) -> &'static str;
    fn num_seats(&self) -> usize;
    fn to_act(&self) -> Vec<Seat>;
    fn prompt(&self, seat: Seat) -> Option<Prompt>;
    fn apply(&mut self, seat: Seat, choice: &str) -> Result<Vec<LogEntry>, RuleError>;
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
    fn prompt(&self, seat: Seat) -> Option<Prompt> {
        Game::prompt(self, seat)
    }
    fn apply(&mut self, seat: Seat, choice: &str) -> Result<Vec<LogEntry>, RuleError> {
        Game::apply(self, seat, choice)
    }
    fn log_len(&self) -> usize {
        Game::log(self).len()
    }
    fn log_for(&self, viewer: Viewer, from: usize) -> Vec<LogEntry> {
        Game::log_for(self, viewer, from)
    }
    fn log_all(&self, from: usize) -> Vec<LogEntry> {
        Game::log(self).iter().skip(from).cloned().collect()
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
    fn typed<G: IntoAnyView>(
        view: &serde_json::Value,
        viewer: Viewer,
        rng: &mut dyn RngCore,
    ) -> Result<Box<dyn AnyGame>, String> {
        let view: G::View = serde_json::from_value(view.clone())
            .map_err(|e| format!("not a {} view: {e}", G::ID))?;
        Ok(Box::new(G::resample(&view, viewer, rng)))
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
