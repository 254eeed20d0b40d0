//! The hub: the live matches' actors, the lobby's event stream, and the way to every match
//! the store holds. Handlers look matches up here and talk to their actors.
//!
//! Only live matches have an actor. A request for a match that has none (evicted, or not
//! loaded since start-up) rebuilds it from the store, once however many requests race for
//! it: the first request puts a loading slot in the map and the others wait on it. An actor
//! that leaves memory takes itself out of the map first, so no request reaches a stopped
//! actor without being retried on the rebuilt one. Listings, the lobby's waiting bot seats
//! and seat tokens are read from the store; the hub keeps only which seats of the live
//! matches are connected, for the listings (and, on several nodes, of the matches other
//! nodes play, as their lobby events tell: see [`Hub::heard`]).
//!
//! One file a concept: `registry.rs` (the live matches' actors and the single flight that
//! rebuilds them), `create.rs` (new matches and rematches), `leases.rs` and `routing.rs`
//! (several nodes on one database), `seats.rs` (whom a request speaks for), `lobby.rs`
//! (the event stream), `listings.rs`, `wake.rs` (evicted matches' clocks) and `host.rs`
//! (the actors' narrow handle on the hub, [`crate::actor::Host`]).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::sync::{Arc, Mutex, OnceLock, RwLock, Weak};

use hustings_proto::v1 as pb;
use rand::Rng;
use tokio::sync::{broadcast, watch};
use tokio::time::Instant;

use crate::Limits;
use crate::actor::Command;
use crate::owners::Owners;
use crate::pools::Pools;
use crate::store::Store;

mod create;
mod host;
mod leases;
mod listings;
mod lobby;
mod registry;
mod routing;
mod seats;
mod wake;

pub use lobby::Outbox;
use registry::Slot;
pub use routing::Route;
pub use seats::SeatAuth;
use wake::Wakes;

/// Shared state of the server.
pub struct Hub {
    pub store: Arc<dyn Store>,
    pub limits: Limits,
    actors: Mutex<HashMap<String, Slot>>,
    /// Which seats of each live match have an open stream (the listing's `connected`),
    /// and of the other nodes' matches someone is connected to.
    connected: RwLock<HashMap<String, Vec<bool>>>,
    lobby: broadcast::Sender<pb::LobbyEvent>,
    /// Flips to true when the server shuts down; long-lived streams end on it.
    pub closing: watch::Sender<bool>,
    /// This server run, and the origin of its clock: an evicted actor's timekeeping is
    /// stored relative to it (see [`crate::store::Parked`]).
    pub run: u64,
    pub epoch: Instant,
    rebuilds: AtomicU64,
    wakes: Arc<Wakes>,
    /// The bot pools following the lobby and the AIs each offers.
    pub pools: Arc<Pools>,
    /// The lease renewal has started (see [`Hub::start_renewing`]).
    renewing: AtomicBool,
    /// Where this node's lobby events also go, for the other nodes (the relay, `relay.rs`);
    /// unset on a single node.
    outbox: OnceLock<Outbox>,
    /// The owners of the matches other nodes serve, as the database last said, so that a
    /// call passed on need not ask it again within the owner's lease (see [`Hub::route`]).
    owners: Owners,
    /// The hub itself, for the tasks it starts.
    me: Weak<Hub>,
    /// Where new matches' seeds come from when a request names none (see
    /// [`Hub::seed_matches`]); `None`: fresh randomness.
    seeds: Mutex<Option<rand::rngs::StdRng>>,
}

impl Drop for Hub {
    fn drop(&mut self) {
        // The wake task holds the hub weakly: let it see that it is gone.
        self.wakes.changed.notify_one();
    }
}

impl Hub {
    pub fn new(store: Arc<dyn Store>, limits: Limits) -> Arc<Self> {
        let (lobby, _) = broadcast::channel(1024);
        let (closing, _) = watch::channel(false);
        // A store of one node has no lease and never routes elsewhere: the cache stays empty.
        let owners = Owners::new(store.lease_period().unwrap_or_default());
        Arc::new_cyclic(|me| Hub {
            me: me.clone(),
            owners,
            renewing: AtomicBool::new(false),
            outbox: OnceLock::new(),
            closing,
            store,
            limits,
            actors: Mutex::default(),
            connected: RwLock::default(),
            lobby,
            run: rand::rng().random(),
            epoch: Instant::now(),
            rebuilds: AtomicU64::new(0),
            wakes: Arc::default(),
            pools: Arc::default(),
            seeds: Mutex::default(),
        })
    }

    /// A bot pool connected or left: every live match with an empty bot seat tells its
    /// viewers why it waits now (matches not in memory say so when next asked for).
    pub fn pools_changed(&self) {
        for slot in self.map().values() {
            if let Slot::Live(tx) = slot {
                let _ = tx.send(Box::new(Command::PoolsChanged));
            }
        }
    }

    /// Stops every match actor, which ends every open match stream.
    pub fn shutdown(&self) {
        self.closing.send_replace(true);
        self.wakes.changed.notify_one();
        for slot in self.map().values() {
            if let Slot::Live(tx) = slot {
                let _ = tx.send(Box::new(Command::Shutdown));
            }
        }
    }
}
