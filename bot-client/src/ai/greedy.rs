//! One-ply greedy: try each legal choice on a few states resampled from the view and keep
//! the one whose results score best on the game's evaluation.

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

use super::{Ai, AiError, Decision, determinize, eval};

/// Resampled states per choice when no level is given.
pub const DEFAULT_SAMPLES: usize = 8;

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
