//! Uniformly random legal choices: the baseline every other AI must beat.

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

use super::{Ai, AiError, Decision};

/// Picks any legal choice with equal probability.
pub struct RandomAi {
    rng: ChaCha8Rng,
}

impl RandomAi {
    pub fn new(seed: u64) -> Self {
        RandomAi {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Ai for RandomAi {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, decision: &Decision) -> Result<String, AiError> {
        decision
            .prompt
            .choices
            .choose(&mut self.rng)
            .map(|c| c.id.clone())
            .ok_or(AiError::NoChoice)
    }
}
