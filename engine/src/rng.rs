//! The seeded, portable random number generator every game keeps in its state.
//!
//! ChaCha8 gives the same stream on every platform and serializes with the state, so a
//! stored game resumes with exactly the dice it would have rolled.

use rand::{Rng, RngCore, SeedableRng};

/// The generator kept inside every game state.
pub type GameRng = rand_chacha::ChaCha8Rng;

/// A generator from a seed.
pub fn from_seed(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

/// A fresh generator drawn from another one (used when a state is resampled).
pub fn fork(rng: &mut dyn RngCore) -> GameRng {
    GameRng::seed_from_u64(rng.next_u64())
}

/// One six-sided die.
pub fn d6(rng: &mut GameRng) -> u32 {
    rng.random_range(1..=6)
}

/// `n` six-sided dice.
pub fn dice(rng: &mut GameRng, n: usize) -> Vec<u32> {
    (0..n).map(|_| d6(rng)).collect()
}

/// `N` six-sided dice, without allocating (the same rolls as [`dice`] with `n = N`).
pub fn dice_array<const N: usize>(rng: &mut GameRng) -> [u32; N] {
    std::array::from_fn(|_| d6(rng))
}
