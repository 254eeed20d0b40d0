//! Matches whose clocks run, left by a node that died: another node adopts them without
//! waiting for a request. A match is otherwise taken over by the next request for it
//! (see [`Hub::route`]), but a clock must run out on time even when nobody asks: a seat
//! whose player walked away with the dead node still loses on time, and the others are
//! not left waiting for a request that may never come.
//!
//! Every node looks once per lease period, so an orphan is adopted within about two lease
//! periods of its node's death (one for the lease to lapse, one for the next look). Several
//! nodes may look at once: taking the lease decides which one adopts it.

use std::sync::Arc;

use tracing::{info, warn};

use crate::hub::{Hub, Route};

/// Most orphans adopted per look: the rest wait for the next one, so a node that comes
/// upon thousands at once spreads their rebuilding out (the other nodes take their share).
const PER_LOOK: usize = 256;

/// Starts looking for orphaned clocks, on a shared store; nothing on a store of one server.
pub fn start(hub: &Arc<Hub>) {
    let Some(period) = hub.store.lease_period() else {
        return;
    };
    let hub = Arc::downgrade(hub);
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(period);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            let Some(hub) = hub.upgrade() else { return };
            if *hub.closing.borrow() {
                return;
            }
            look(&hub).await;
        }
    });
}

/// Adopts the orphans there are now.
async fn look(hub: &Arc<Hub>) {
    let ids = match hub.store.orphaned_clocks(PER_LOOK).await {
        Ok(ids) => ids,
        Err(e) => {
            warn!(error = %e, "could not look for matches whose clocks nobody counts");
            return;
        }
    };
    for id in ids {
        if hub.is_live(&id) {
            continue;
        }
        // The database just said that nobody holds it: an owner this node remembers gave
        // the lease up (it stopped cleanly), so ask again rather than believe it.
        hub.forget_owner(&id);
        // Another node may have adopted it since the query: then it is served there.
        if !matches!(hub.route(&id, false).await, Ok(Route::Here)) {
            continue;
        }
        match hub.actor(&id).await {
            Ok(_) => info!(match_id = %id, "adopted a match whose clock runs: its node is gone"),
            Err(e) => warn!(match_id = %id, error = %e.message(), "could not adopt a match"),
        }
    }
}
