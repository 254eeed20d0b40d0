//! What no seat may see: the order of the three decks and the game's generator; and how a
//! search redraws them from what is public (every card not seen is in its deck).

use rand::RngCore;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use super::data::{CAMPAIGN, CANDIDATE, ELECTION};
use super::{Variant, View};
use crate::rng::{self, GameRng};

/// The decks (card indices, the next to draw last) and the generator.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(super) struct Hidden {
    pub(super) campaign: Vec<u8>,
    pub(super) candidate: Vec<u8>,
    pub(super) election: Vec<u8>,
    pub(super) rng: GameRng,
}

/// The cards of a deck of `size` not in `seen`, in order.
fn unseen(size: usize, seen: impl Iterator<Item = u8>) -> Vec<u8> {
    let mut mask = 0u64;
    for i in seen {
        mask |= 1 << (i as u64 % 64);
    }
    (0..size as u8).filter(|&i| mask & (1 << i) == 0).collect()
}

impl Hidden {
    /// Decks rebuilt from what `view` shows (each holds every card of its deck not seen),
    /// shuffled, and a new generator: all drawn from `rng`.
    pub(super) fn unseen(view: &View, rng: &mut dyn RngCore) -> Hidden {
        let mut r = rng::fork(rng);
        let mut campaign = unseen(CAMPAIGN.len(), view.campaign_discard.iter().map(|c| c.0));
        let mut candidate = unseen(
            CANDIDATE.len(),
            view.players
                .iter()
                .flat_map(|p| p.candidates.iter().map(|c| c.0)),
        );
        let mut election = if view.variant == Variant::Standard {
            unseen(ELECTION.len(), view.election_drawn.iter().map(|(_, c)| c.0))
        } else {
            Vec::new()
        };
        campaign.shuffle(&mut r);
        candidate.shuffle(&mut r);
        election.shuffle(&mut r);
        Hidden {
            campaign,
            candidate,
            election,
            rng: r,
        }
    }
}
