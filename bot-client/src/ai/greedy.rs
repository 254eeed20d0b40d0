//! One-ply greedy: try each legal choice on a few states resampled from the view and keep
//! the one whose results score best on the game's evaluation.

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

use super::{Ai, AiError, Decision, determinize, eval};

/// Resampled states per choice when no level is given.
pub const DEFAULT_SAMPLES: usize = 8;

/// Most steps of an action in progress played out before a choice is scored.
const MAX_ACTION_STEPS: usize = 16;

/// For a game whose evaluation says when an action is under way: plays the rest of the
/// action out, each deciding seat taking the step that scores best for itself one step on,
/// so that a choice opening an action is judged by its result and not by its cost.
fn play_out_action(state: &mut Box<dyn hustings_engine::AnyGame>) {
    let Some(in_action) = eval::evaluation(state.game_id()).and_then(|e| e.in_action) else {
        return;
    };
    for _ in 0..MAX_ACTION_STEPS {
        if state.outcome().is_some() || !in_action(state.as_ref()) {
            return;
        }
        let Some(&seat) = state.to_act().first() else {
            return;
        };
        let Some(prompt) = state.prompt(seat) else {
            return;
        };
        let mut best: Option<(f64, Box<dyn hustings_engine::AnyGame>)> = None;
        for choice in &prompt.choices {
            let mut next = state.clone_box();
            if next.apply(seat, &choice.id).is_ok() {
                let v = eval::score(next.as_ref(), seat);
                if best.as_ref().is_none_or(|(b, _)| v > *b + 1e-9) {
                    best = Some((v, next));
                }
            }
        }
        match best {
            Some((_, next)) => *state = next,
            None => return,
        }
    }
}

/// Looks one choice ahead, averaging over hidden information and dice.
pub struct Greedy {
    rng: ChaCha8Rng,
    samples: usize,
}

impl Greedy {
    pub fn new(seed: u64, samples: usize) -> Self {
        Greedy {
            rng: ChaCha8Rng::seed_from_u64(seed),
            samples: samples.max(1),
        }
    }
}

impl Ai for Greedy {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(&mut self, decision: &Decision) -> Result<String, AiError> {
        let choices = &decision.prompt.choices;
        if choices.len() <= 1 {
            return choices
                .first()
                .map(|c| c.id.clone())
                .ok_or(AiError::NoChoice);
        }
        let mut best: Vec<&str> = Vec::new();
        let mut best_score = f64::NEG_INFINITY;
        for choice in choices {
            let mut total = 0.0;
            let mut n = 0usize;
            for _ in 0..self.samples {
                let mut state = determinize(decision, &mut self.rng)?;
                // A choice the resampled state refuses tells nothing: skip that sample.
                if state.apply(decision.seat, &choice.id).is_ok() {
                    play_out_action(&mut state);
                    total += eval::score(state.as_ref(), decision.seat);
                    n += 1;
                }
            }
            if n == 0 {
                continue;
            }
            let mean = total / n as f64;
            if mean > best_score + 1e-9 {
                best_score = mean;
                best = vec![&choice.id];
            } else if (mean - best_score).abs() <= 1e-9 {
                best.push(&choice.id);
            }
        }
        match best.choose(&mut self.rng) {
            Some(id) => Ok(id.to_string()),
            // No sample accepted any choice: fall back to any legal one.
            None => choices
                .choose(&mut self.rng)
                .map(|c| c.id.clone())
                .ok_or(AiError::NoChoice),
        }
    }
}
