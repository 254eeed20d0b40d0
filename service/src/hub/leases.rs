//! This node's leases on the matches it serves, on a store shared by several nodes: taking a
//! match's lease, renewing them all, giving them up when the server stops.

use std::sync::atomic::Ordering;

use tokio::time::Instant;
use tonic::Status;
use tracing::warn;

use crate::actor::Command;
use crate::store::Ownership;
use crate::validate::quote;

use super::{Hub, Slot};

impl Hub {
    /// Takes the match's lease for this node (see [`Store::acquire`]), waiting for a
    /// holder's lease to lapse for at most one lease period and a second: a node that died
    /// or was paused loses its matches within that. A holder that keeps renewing keeps the
    /// match: UNAVAILABLE, naming it.
    pub(super) async fn take_lease(&self, id: &str) -> Result<(), Status> {
        let Some(period) = self.store.lease_period() else {
            return Ok(());
        };
        let deadline = Instant::now() + period + std::time::Duration::from_secs(1);
        loop {
            let owner = self.store.acquire(id).await.map_err(|e| match e {
                crate::store::StoreError::NoSuchMatch(_) => {
                    Status::not_found(format!("no match {}", quote(id)))
                }
                e => Status::unavailable(format!("could not take the match's lease: {e}")),
            })?;
            let Ownership::Elsewhere {
                node_id,
                url,
                expires_in_ms,
            } = owner
            else {
                self.start_renewing();
                return Ok(());
            };
            let now = Instant::now();
            if now >= deadline {
                return Err(Status::unavailable(format!(
                    "match {id} is served by node {node_id}{}; ask that node, or retry",
                    url.map(|u| format!(" ({u})")).unwrap_or_default()
                )));
            }
            let wait = std::time::Duration::from_millis(expires_in_ms.clamp(0, 60_000) as u64 + 20);
            tokio::time::sleep_until((now + wait).min(deadline)).await;
        }
    }

    /// Renews this node's leases every third of a lease, from the first one it takes, for
    /// as long as the hub lives; a match whose lease was lost is told to stop.
    pub(super) fn start_renewing(&self) {
        let Some(period) = self.store.lease_period() else {
            return;
        };
        if self.renewing.swap(true, Ordering::AcqRel) {
            return;
        }
        let hub = self.me.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(period / 3);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                let Some(hub) = hub.upgrade() else { return };
                if *hub.closing.borrow() {
                    return;
                }
                match hub.store.renew().await {
                    Ok(lost) => {
                        for id in lost {
                            warn!(match_id = %id, "lost the match's lease: another node took it over");
                            if let Some(Slot::Live(mb)) = hub.map().get(&id) {
                                let _ = mb.send(Box::new(Command::LeaseLost));
                            }
                        }
                    }
                    Err(e) => warn!(error = %e, "could not renew this node's leases"),
                }
            }
        });
    }

    /// Gives up every lease this node holds (the server stops), so other nodes may take
    /// its matches at once.
    pub async fn release_leases(&self) {
        if let Err(e) = self.store.release_all().await {
            warn!(error = %e, "could not give up this node's leases; they lapse by themselves");
        }
    }
}
