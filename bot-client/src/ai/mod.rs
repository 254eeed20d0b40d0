//! The AIs, all behind one trait: each is told exactly what its seat may know (the game id,
//! its seat, the view as the server sends it and its prompt) and answers with one choice id.
//!
//! The same [`Decision`] is built from a `MatchUpdate` over the network and from the engine
//! in-process (see [`crate::local`]), so an AI cannot tell the two apart and can never see
//! more than its seat's view: search AIs build their states from the view alone, through
//! [`hustings_engine::resampler_any`], and play them on the engine's cheap path (action
//! codes).

pub mod eval;
pub mod fit;
mod greedy;
mod ismcts;
pub mod levels;
mod random;
mod settings;
pub mod vfw_model;

use hustings_engine::{Outcome, Prompt, Seat, Viewer};
use rand::RngCore;

pub use greedy::Greedy;
pub use ismcts::{Budget, Ismcts};
pub use random::RandomAi;
pub use settings::Settings;

/// The names [`make_ai`] accepts.
pub const AI_NAMES: &[&str] = &["random", "greedy", "ismcts"];

/// One decision, as the deciding seat sees it.
#[derive(Clone, Copy, Debug)]
pub struct Decision<'a> {
    /// The game id (`presidency`, …).
    pub game: &'a str,
    /// The seat that decides.
    pub seat: Seat,
    /// The engine's view for that seat, as JSON (`MatchUpdate.view.json`).
    pub view: &'a serde_json::Value,
    /// The decision and every legal choice.
    pub prompt: &'a Prompt,
    /// The most time this decision may take, from the seat's clock (`None`: no clock). A
    /// search stops at it even when its own budget is larger.
    pub time_limit: Option<std::time::Duration>,
}

/// Why an AI could not decide.
#[derive(Debug, thiserror::Error)]
pub enum AiError {
    #[error("the prompt offers no choice")]
    NoChoice,
    #[error("cannot rebuild a {game} state from the view: {reason}")]
    Resample { game: String, reason: String },
}

/// A player program: picks one of the prompt's choices.
pub trait Ai: Send {
    /// Its name, as [`make_ai`] knows it.
    fn name(&self) -> &str;
    /// Picks one choice id of `decision.prompt`.
    fn choose(&mut self, decision: &Decision) -> Result<String, AiError>;
}

/// Builds an AI by name. `level` is the AI's own strength setting (`SeatConfig.ai_level`):
/// for `ismcts` a named level (`easy`, `medium`, `hard`: see [`levels`]), an iteration
/// count (`400`) or a time budget (`150ms`), for `greedy` the
/// number of resampled states per choice; empty takes the default. `seed` seeds the AI's own
/// random generator (never the game's).
pub fn make_ai(name: &str, level: &str, seed: u64) -> Result<Box<dyn Ai>, String> {
    let level = level.trim();
    match name.trim() {
        "random" => Ok(Box::new(RandomAi::new(seed))),
        "greedy" => {
            let samples = if level.is_empty() {
                greedy::DEFAULT_SAMPLES
            } else {
                level.parse().map_err(|_| {
                    format!("greedy level '{level}' is not a number of samples per choice")
                })?
            };
            Ok(Box::new(Greedy::new(seed, samples)))
        }
        "ismcts" => Ok(Box::new(Ismcts::from_level(seed, level)?)),
        other => Err(format!(
            "unknown AI '{other}' (known: {})",
            AI_NAMES.join(", ")
        )),
    }
}

/// Builds an AI from a spec as the measuring tools take it: `random`, `greedy[:samples]`
/// or `ismcts[:level]`, followed for `ismcts` by settings changed from its game's, each
/// after a `/` (see [`Ismcts::with_knob`]): `ismcts:2000/depth=4/eval=learned`; for greedy
/// only `/eval=…` (which heuristic it judges by).
pub fn from_spec(spec: &str, seed: u64) -> Result<Box<dyn Ai>, String> {
    let mut parts = spec.split('/');
    let head = parts.next().unwrap_or_default();
    let (name, level) = head.split_once(':').unwrap_or((head, ""));
    let knobs: Vec<&str> = parts.collect();
    if knobs.is_empty() {
        return make_ai(name, level, seed);
    }
    match name {
        "ismcts" => {
            let mut ai = Ismcts::from_level(seed, level)?;
            for knob in knobs {
                ai = ai.with_knob(knob)?;
            }
            Ok(Box::new(ai))
        }
        "greedy" => {
            let samples = if level.is_empty() {
                greedy::DEFAULT_SAMPLES
            } else {
                level
                    .parse()
                    .map_err(|_| format!("greedy level '{level}' is not a number"))?
            };
            let mut ai = Greedy::new(seed, samples);
            for knob in knobs {
                match knob.split_once('=') {
                    Some(("eval", h)) => ai = ai.with_heuristic(eval::Heuristic::parse(h)?),
                    _ => return Err(format!("greedy takes only eval=…, not '{knob}'")),
                }
            }
            Ok(Box::new(ai))
        }
        _ => Err(format!("settings are for ismcts and greedy only: {spec}")),
    }
}

/// Draws states consistent with what the deciding seat knows, over and over: the view is
/// read once (see [`hustings_engine::resampler_any`]) and each state's hidden parts drawn
/// from `rng`. What searches use, one per decision.
pub(crate) fn resampler(
    decision: &Decision,
    rng: &mut dyn RngCore,
) -> Result<Box<dyn hustings_engine::Resampler>, AiError> {
    hustings_engine::resampler_any(
        decision.game,
        decision.view,
        Viewer::Seat(decision.seat),
        rng,
    )
    .map_err(|reason| AiError::Resample {
        game: decision.game.to_string(),
        reason,
    })
}

/// Each seat's reward for a finished game: a sole winner takes 1, a shared win is split, a
/// draw is shared by everyone.
pub fn outcome_rewards(outcome: &Outcome, seats: usize) -> Vec<f64> {
    let mut r = vec![0.0; seats];
    if outcome.winners.is_empty() {
        r.iter_mut().for_each(|x| *x = 1.0 / seats.max(1) as f64);
    } else {
        let share = 1.0 / outcome.winners.len() as f64;
        for &w in &outcome.winners {
            if let Some(x) = r.get_mut(w) {
                *x = share;
            }
        }
    }
    r
}
