//! What a match actor needs of the server around it, as a narrow handle rather than the
//! hub: the store and the limits, the run's clock origin, the bot pools, and the four
//! things an actor asks of the registry (leave it, be woken for a clock, tell the lobby,
//! start a rematch). The hub implements it; so the actors need nothing above them, and the
//! hub's other business (routing, leases, listings) is out of their reach.

use std::sync::Arc;

use hustings_proto::v1 as pb;
use tokio::sync::mpsc;
use tokio::time::Instant;
use tonic::Status;

use super::Command;
use crate::Limits;
use crate::pools::Pools;
use crate::store::{MatchRecord, Store};

#[async_trait::async_trait]
pub trait Host: Send + Sync + 'static {
    /// Where the match is stored.
    fn store(&self) -> &Arc<dyn Store>;
    fn limits(&self) -> &Limits;
    /// This server run: an evicted actor's timekeeping is stored relative to it (see
    /// [`crate::store::Parked`]).
    fn run(&self) -> u64;
    /// The origin of this run's clock.
    fn epoch(&self) -> Instant;
    /// The bot pools following the lobby and the AIs each offers.
    fn pools(&self) -> &Arc<Pools>;
    /// The actor leaves memory: takes it out of the registry (only if the registry still
    /// holds this very actor, `me`), so that later requests rebuild the match.
    fn retire(&self, id: &str, me: &mpsc::WeakUnboundedSender<Box<Command>>);
    /// Rebuilds the evicted match `id` at `at`, for its clock to run out on time.
    fn wake_at(&self, at: Instant, id: String);
    /// Tells the lobby about the match's new summary (see the hub's `publish`).
    fn publish(&self, summary: pb::MatchSummary, taken_over: &[u32]);
    /// Starts a rematch of the finished match `old`; returns the new match's id.
    async fn start_rematch(&self, old: &MatchRecord) -> Result<String, Status>;
}
