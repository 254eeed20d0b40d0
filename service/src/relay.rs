//! The lobby across the nodes that share one PostgreSQL (issue 19): WatchLobby on any node
//! hears of every node's matches, and a bot pool connected to any node fills bot seats of
//! matches on every other. Three tasks per node, started by [`start`]:
//!
//! - the outbox writer: every lobby event this node publishes ([`Hub::publish`]) is also
//!   appended to the store's lobby log, the events waiting taken together in one append;
//! - the reader: from the log's head at start-up, reads what was appended after the last
//!   event it read — every second, and at once on each wake-up (NOTIFY) — and passes the
//!   other nodes' events to this node's lobby streams ([`Hub::heard`]; never back to the
//!   outbox). Reading by sequence number rather than trusting the notifications is what
//!   makes a lost notification cost a second, never an event (see [`crate::sql::lobby`]);
//! - the announcer: every third of a lease, and whenever a pool connects here or leaves,
//!   writes this node's pools to the store and takes the other live nodes' in
//!   ([`crate::pools::Pools::set_remote`]); the matches here are told when that changes
//!   what their bot seats wait for.
//!
//! A node's lobby streams start from the store's listing of the seats waiting now
//! (`Hub::waiting_now`), whichever node created them; the relay carries only what changes.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Weak};
use std::time::Duration;

use hustings_proto::v1 as pb;
use tokio::sync::mpsc;
use tracing::{info, warn};

use crate::hub::{Hub, Outbox};
use crate::pools::Pool;
use crate::store::Store;

/// Lobby events waiting for the writer at most: beyond them (the database is down or far
/// too slow) new events are dropped and counted, rather than held without bound. The other
/// nodes' listings are read from the store and stay right; their lobby streams miss those
/// changes until they open again.
const OUTBOX: usize = 8192;

/// Most events one append writes.
const BATCH: usize = 256;

/// Most events one read takes; a reader behind reads again at once.
const PAGE: usize = 512;

/// How often the reader looks, notified or not.
const POLL: Duration = Duration::from_secs(1);

/// Attempts to append a batch before it is dropped, with backoff in between.
const APPEND_TRIES: u32 = 5;

/// Starts relaying `hub`'s lobby to and from the other nodes of its store, this node being
/// `node` (its name in the store). Does nothing on a store without leases (a single node).
/// The tasks end with the hub. The reader's starting point is read before this returns,
/// so that every event another node publishes once this server answers reaches its lobby.
pub async fn start(hub: &Arc<Hub>, node: String) {
    let Some(lease) = hub.store.lease_period() else {
        return;
    };
    let (tx, rx) = mpsc::channel(OUTBOX);
    let dropped = Arc::new(AtomicU64::new(0));
    if hub.relay_to(Outbox::new(tx, dropped.clone())).is_err() {
        return;
    }
    let head = match hub.store.lobby_head().await {
        Ok(head) => Some(head),
        Err(e) => {
            warn!(error = %e, "could not read the lobby's head; the reader will try again");
            None
        }
    };
    tokio::spawn(write(hub.store.clone(), rx, dropped));
    tokio::spawn(read(Arc::downgrade(hub), hub.store.clone(), node, head));
    tokio::spawn(announce(Arc::downgrade(hub), lease));
    info!("relaying the lobby through the database to the other nodes");
}

/// The outbox writer: appends what waits, together, until the hub (and its outbox) is gone.
async fn write(
    store: Arc<dyn Store>,
    mut rx: mpsc::Receiver<pb::LobbyEvent>,
    dropped: Arc<AtomicU64>,
) {
    while let Some(first) = rx.recv().await {
        let mut batch = vec![first];
        while batch.len() < BATCH
            && let Ok(e) = rx.try_recv()
        {
            batch.push(e);
        }
        let mut tries = 0;
        loop {
            match store.lobby_append(&batch).await {
                Ok(()) => break,
                Err(e) if tries + 1 < APPEND_TRIES => {
                    tries += 1;
                    warn!(error = %e, "could not write lobby events for the other nodes; retrying");
                    tokio::time::sleep(Duration::from_millis(200 << tries)).await;
                }
                Err(e) => {
                    warn!(error = %e, events = batch.len(), "lobby events dropped: the other nodes will not hear of them");
                    break;
                }
            }
        }
        let n = dropped.swap(0, Ordering::Relaxed);
        if n > 0 {
            warn!(
                events = n,
                "lobby events dropped: the outbox was full (the database is too slow)"
            );
        }
    }
}

/// The reader: passes the other nodes' events after `head` (read now when `None`) to this
/// node's lobby, until the hub is gone or closing.
async fn read(hub: Weak<Hub>, store: Arc<dyn Store>, node: String, head: Option<i64>) {
    let mut wakeups = store.lobby_wakeups();
    let mut last = match head {
        Some(h) => h,
        None => loop {
            match store.lobby_head().await {
                Ok(h) => break h,
                Err(e) => {
                    warn!(error = %e, "could not read the lobby's head; trying again");
                    tokio::time::sleep(POLL).await;
                    if !alive(&hub) {
                        return;
                    }
                }
            }
        },
    };
    let mut tick = tokio::time::interval(POLL);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        let woken = async {
            match wakeups.as_mut() {
                Some(rx) => rx.recv().await.is_some(),
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            _ = tick.tick() => {}
            listening = woken => {
                if !listening {
                    wakeups = None;
                }
            }
        }
        let Some(hub) = hub.upgrade() else { return };
        if *hub.closing.borrow() {
            return;
        }
        loop {
            match store.lobby_after(last, PAGE).await {
                Ok(page) => {
                    // Sequence numbers have no gaps past the oldest row kept, so a page
                    // that moved `last` on by PAGE was full: there may be more.
                    let full = page.last - last >= PAGE as i64;
                    last = page.last;
                    for (from, event) in page.events {
                        if from != node {
                            hub.heard(event);
                        }
                    }
                    if !full {
                        break;
                    }
                }
                Err(e) => {
                    warn!(error = %e, "could not read the other nodes' lobby events");
                    break;
                }
            }
        }
    }
}

/// The announcer: this node's pools out, the other nodes' in.
async fn announce(hub: Weak<Hub>, lease: Duration) {
    let mut tick = tokio::time::interval((lease / 3).max(Duration::from_millis(100)));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        let Some(pools) = hub.upgrade().map(|h| h.pools.clone()) else {
            return;
        };
        tokio::select! {
            _ = tick.tick() => {}
            _ = pools.local_changed.notified() => {}
        }
        let Some(hub) = hub.upgrade() else { return };
        if *hub.closing.borrow() {
            return;
        }
        let others = match hub.store.announce(&hub.pools.local_json()).await {
            Ok(others) => others,
            Err(e) => {
                warn!(error = %e, "could not tell the other nodes of this node's bot pools");
                continue;
            }
        };
        let mut remote = BTreeMap::new();
        for (node, json) in others {
            match serde_json::from_str::<Vec<Pool>>(&json) {
                Ok(p) => {
                    remote.insert(node, p);
                }
                Err(e) => warn!(node, error = %e, "another node's bot pools do not parse"),
            }
        }
        if hub.pools.set_remote(remote) {
            hub.pools_changed();
        }
    }
}

fn alive(hub: &Weak<Hub>) -> bool {
    hub.upgrade().is_some_and(|h| !*h.closing.borrow())
}
