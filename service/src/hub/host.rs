//! The hub as the match actors' narrow handle ([`Host`]).

use std::sync::Arc;

use hustings_proto::v1 as pb;
use tokio::sync::mpsc;
use tokio::time::Instant;
use tonic::Status;

use crate::Limits;
use crate::actor::{Command, Host};
use crate::pools::Pools;
use crate::store::{MatchRecord, Store};

use super::Hub;

/// The actors' narrow handle on the hub.
#[async_trait::async_trait]
impl Host for Hub {
    fn store(&self) -> &Arc<dyn Store> {
        &self.store
    }
    fn limits(&self) -> &Limits {
        &self.limits
    }
    fn run(&self) -> u64 {
        self.run
    }
    fn epoch(&self) -> Instant {
        self.epoch
    }
    fn pools(&self) -> &Arc<Pools> {
        &self.pools
    }
    fn retire(&self, id: &str, me: &mpsc::WeakUnboundedSender<Box<Command>>) {
        Hub::retire(self, id, me)
    }
    fn wake_at(&self, at: Instant, id: String) {
        Hub::wake_at(self, at, id)
    }
    fn publish(&self, summary: pb::MatchSummary, taken_over: &[u32]) {
        Hub::publish(self, summary, taken_over)
    }
    async fn start_rematch(&self, old: &MatchRecord) -> Result<String, Status> {
        // An actor holds the hub (as its host) while it runs, so the hub is there.
        let Some(hub) = self.me.upgrade() else {
            return Err(Status::unavailable("the server is shutting down"));
        };
        Hub::start_rematch(&hub, old).await
    }
}
