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

use std::collections::{BTreeSet, HashMap};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, RwLock, Weak};
use std::time::{SystemTime, UNIX_EPOCH};

use hustings_engine::{self as engine, Seat, Setup};
use hustings_proto::v1 as pb;
use rand::{Rng, SeedableRng};
use tokio::sync::{Notify, broadcast, mpsc, oneshot, watch};
use tokio::time::Instant;
use tonic::Status;
use tracing::{info, warn};

use crate::Limits;
use crate::actor::{Command, Host, Mailbox, MatchActor, SeatKey, summary_of};
use crate::owners::Owners;
use crate::paging;
use crate::pools::Pools;
use crate::store::{ListQuery, Listed, MatchRecord, MatchSettings, Ownership, SeatRecord, Store};
use crate::validate::{quote, setup_error};

/// A match in the hub's map: its actor, or the rebuild under way that others wait for.
enum Slot {
    Live(Mailbox),
    Loading(watch::Receiver<Option<Result<Mailbox, Status>>>),
}

/// Evicted matches whose clocks run: when each must be rebuilt to fire its deadline.
#[derive(Default)]
struct Wakes {
    at: Mutex<BTreeSet<(Instant, String)>>,
    changed: Notify,
    started: AtomicBool,
}

/// How often a request is sent again when the actor it reached left memory before
/// answering (each time to the rebuilt one).
const ATTEMPTS: usize = 4;

/// Most events of seats waiting for bots a lobby stream starts with.
const MAX_WAITING: usize = 10_000;

/// Where [`Hub::publish`] sends this node's events for the other nodes (the relay's writer
/// takes them from there; it lives above the hub, so the hub defines what it hands on).
#[derive(Debug)]
pub struct Outbox {
    tx: mpsc::Sender<pb::LobbyEvent>,
    dropped: Arc<AtomicU64>,
}

impl Outbox {
    /// An outbox queueing into `tx`, counting the events it drops in `dropped`.
    pub fn new(tx: mpsc::Sender<pb::LobbyEvent>, dropped: Arc<AtomicU64>) -> Self {
        Outbox { tx, dropped }
    }

    /// Queues an event for the writer; never waits (publishing is on the match actors'
    /// path). A full outbox drops it and counts it.
    pub fn send(&self, event: pb::LobbyEvent) {
        if self.tx.try_send(event).is_err() {
            self.dropped.fetch_add(1, Ordering::Relaxed);
        }
    }
}

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

/// Where a request for a match is served (see [`Hub::route`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// By this node.
    Here,
    /// By the node at `url`, which holds the match's lease.
    At {
        url: String,
        /// Whether the owner is the one this node remembered (see [`crate::owners`]) rather
        /// than the database's answer just now: if that node fails, the database is asked
        /// again before the call is served here (the match may have changed hands).
        remembered: bool,
    },
}

/// A verified seat: the token was known and belongs to this match.
pub struct SeatAuth {
    pub seat: Seat,
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

    /// Draws the seeds of matches created without one, and of rematches, from a generator
    /// started at `seed` (`ServerConfig::match_seeds`).
    pub fn seed_matches(&self, seed: u64) {
        *self.seeds.lock().unwrap_or_else(|e| e.into_inner()) =
            Some(rand::rngs::StdRng::seed_from_u64(seed));
    }

    /// A new match's seed: from the seeded generator if there is one, else fresh.
    fn new_seed(&self) -> u64 {
        match self
            .seeds
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_mut()
        {
            Some(rng) => rng.random(),
            None => rand::rng().random(),
        }
    }

    /// What must run from start-up: rebuilds the matches whose clocks run (their deadlines
    /// need an actor); everything else is rebuilt when a request asks for it. Returns how
    /// many were started.
    pub async fn restore(self: &Arc<Self>) -> anyhow::Result<usize> {
        let ids = self.store.running_clocks().await?;
        let mut n = 0;
        for id in ids {
            match self.actor(&id).await {
                Ok(_) => n += 1,
                Err(e) => {
                    warn!(match_id = %id, error = %e.message(), "stored match could not be rebuilt")
                }
            }
        }
        Ok(n)
    }

    /// Like [`Hub::restore`], but only finds the matches whose clocks run before returning
    /// (an error there stops the start-up); rebuilding them goes on in the background, a
    /// few at a time, while the server already answers (a request for one of them
    /// rebuilds it at once, the single flight shared with the background). Their clocks
    /// start when each is rebuilt: the start-up's time is nobody's, as the downtime is.
    /// Returns how many will be rebuilt.
    pub async fn restore_in_background(self: &Arc<Self>) -> anyhow::Result<usize> {
        use futures::StreamExt;
        let ids = self.store.running_clocks().await?;
        let n = ids.len();
        let hub = self.clone();
        tokio::spawn(async move {
            futures::stream::iter(ids)
                .for_each_concurrent(16, |id| {
                    let hub = hub.clone();
                    async move {
                        if let Err(e) = hub.actor(&id).await {
                            warn!(match_id = %id, error = %e.message(), "stored match could not be rebuilt");
                        }
                    }
                })
                .await;
            info!(matches = n, "matches with running clocks rebuilt");
        });
        Ok(n)
    }

    /// Stored matches rebuilt into actors since the hub started (start-up and on demand).
    pub fn rebuilds(&self) -> u64 {
        self.rebuilds.load(Ordering::Relaxed)
    }

    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<String, Slot>> {
        self.actors.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Starts an actor's task and returns its mailbox.
    fn spawn(actor: MatchActor) -> Mailbox {
        let (tx, rx) = mpsc::unbounded_channel();
        let me = tx.downgrade();
        tokio::spawn(actor.run(rx, me));
        tx
    }

    /// Creates a match and starts its actor.
    pub async fn create(
        self: &Arc<Self>,
        req: pb::CreateMatchRequest,
    ) -> Result<pb::MatchSummary, Status> {
        self.check_capacity()?;
        let info = engine::game_info(&req.game).ok_or_else(|| {
            let known: Vec<String> = engine::catalogue().into_iter().map(|g| g.id).collect();
            Status::invalid_argument(format!(
                "unknown game {}; games: {}",
                quote(&req.game),
                known.join(", ")
            ))
        })?;
        let variant = if req.variant.is_empty() {
            info.variants[0].clone()
        } else {
            info.variant(&req.variant).cloned().ok_or_else(|| {
                Status::invalid_argument(format!(
                    "game '{}' has no variant {}; variants: {}",
                    info.id,
                    quote(&req.variant),
                    info.variants
                        .iter()
                        .map(|v| v.id.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
            })?
        };
        let seats = if req.seats == 0 {
            variant.default_seats
        } else {
            req.seats as usize
        };
        if req.seat_config.len() > seats {
            return Err(Status::invalid_argument(format!(
                "{} seat configs given for {seats} seats",
                req.seat_config.len()
            )));
        }
        let setup = Setup {
            variant: variant.id.clone(),
            seats,
            options: req.options.clone().into_iter().collect(),
            seed: req.seed.unwrap_or_else(|| self.new_seed()),
            rules: engine::RULES_REVISION,
        };
        let (_, options) = info
            .validate(&setup)
            .map_err(|e| Status::invalid_argument(setup_error(&e)))?;
        let options = options
            .0
            .iter()
            .map(|(k, v)| {
                let text = match v {
                    engine::OptionValue::Int(i) => i.to_string(),
                    engine::OptionValue::Bool(b) => b.to_string(),
                    engine::OptionValue::Choice(c) => c.clone(),
                };
                (k.clone(), text)
            })
            .collect();
        // Both were checked with the request (validate.rs).
        let clock = crate::clock::ClockSetting::from_pb(req.clock.as_ref())
            .map_err(Status::invalid_argument)?;
        let grace = req
            .abandon_grace_ms
            .unwrap_or(self.limits.abandon_grace.as_millis() as u64)
            .min(crate::clock::MAX_CLOCK_MS);
        let record = MatchRecord {
            id: new_match_id(),
            game: info.id.clone(),
            setup,
            options,
            seats: (0..seats)
                .map(|i| {
                    let c = req.seat_config.get(i).cloned().unwrap_or_default();
                    SeatRecord {
                        bot: c.bot,
                        ai: c.ai,
                        ai_level: c.ai_level,
                        ..SeatRecord::default()
                    }
                })
                .collect(),
            choices: Vec::new(),
            created_at_unix_ms: now_ms(),
            outcome: None,
            settings: MatchSettings {
                clock,
                abandon_grace_ms: Some(grace),
                rematch_of: None,
            },
            rematch_next: None,
            live: Default::default(),
        };
        self.start_record(record).await
    }

    /// A rematch of a finished match: the same game, variant, options, clock and grace, a
    /// new seed, and the seats rotated by one (the player of seat i gets seat i+1, the last
    /// player seat 0). People keep their seat token, which now also holds (only) their new
    /// seat there; bot seats are opened again for bots. Returns the new match's id.
    pub async fn start_rematch(self: &Arc<Self>, old: &MatchRecord) -> Result<String, Status> {
        let n = old.seats.len();
        let mut seats = vec![SeatRecord::default(); n];
        for (i, s) in old.seats.iter().enumerate() {
            seats[(i + 1) % n] = if s.bot {
                SeatRecord {
                    bot: true,
                    ai: s.ai.clone(),
                    ai_level: s.ai_level.clone(),
                    ..SeatRecord::default()
                }
            } else {
                s.clone()
            };
        }
        let record = MatchRecord {
            id: new_match_id(),
            game: old.game.clone(),
            // A rematch is a new game: today's rules, whatever the old one was played by.
            setup: Setup {
                seed: self.new_seed(),
                rules: engine::RULES_REVISION,
                ..old.setup.clone()
            },
            options: old.options.clone(),
            seats,
            choices: Vec::new(),
            created_at_unix_ms: now_ms(),
            outcome: None,
            settings: MatchSettings {
                rematch_of: Some(old.id.clone()),
                ..old.settings.clone()
            },
            rematch_next: None,
            live: Default::default(),
        };
        let id = record.id.clone();
        self.start_record(record).await?;
        Ok(id)
    }

    fn check_capacity(&self) -> Result<(), Status> {
        if self.match_count() >= self.limits.max_matches {
            return Err(Status::resource_exhausted(format!(
                "the server holds {} live matches, the most it allows",
                self.limits.max_matches
            )));
        }
        Ok(())
    }

    /// Stores a new match, starts its actor and tells the lobby.
    async fn start_record(
        self: &Arc<Self>,
        record: MatchRecord,
    ) -> Result<pb::MatchSummary, Status> {
        self.check_capacity()?;
        let id = record.id.clone();
        let seats = record.seats.len();
        let actor =
            MatchActor::rebuild(self.clone(), record.clone()).map_err(Status::invalid_argument)?;
        self.store
            .create(&record)
            .await
            .map_err(|e| Status::unavailable(format!("could not store the match: {e}")))?;
        let summary = actor.summary();
        info!(match_id = %id, game = %record.game, variant = %record.setup.variant, seats, "match created");
        self.start_renewing();
        let mailbox = Self::spawn(actor);
        self.map().insert(id, Slot::Live(mailbox));
        self.publish(summary.clone(), &[]);
        Ok(summary)
    }

    /// The actor of a match, rebuilt from the store if it has none; NOT_FOUND when the
    /// store has no such match.
    pub async fn actor(self: &Arc<Self>, id: &str) -> Result<Mailbox, Status> {
        if id.is_empty() {
            return Err(Status::invalid_argument("match_id is required"));
        }
        loop {
            let mut rx = {
                let mut map = self.map();
                match map.get(id) {
                    Some(Slot::Live(mb)) if !mb.is_closed() => return Ok(mb.clone()),
                    Some(Slot::Loading(rx)) => rx.clone(),
                    _ => {
                        if *self.closing.borrow() {
                            return Err(Status::unavailable("the server is shutting down"));
                        }
                        let (tx, rx) = watch::channel(None);
                        map.insert(id.to_string(), Slot::Loading(rx.clone()));
                        // On a task of its own: a request that gives up does not strand the
                        // others waiting for the same rebuild.
                        tokio::spawn(self.clone().rebuild(id.to_string(), tx));
                        rx
                    }
                }
            };
            let result = match rx.wait_for(|r| r.is_some()).await {
                Ok(r) => r.clone(),
                Err(_) => None,
            };
            match result {
                Some(Ok(mb)) if !mb.is_closed() => return Ok(mb),
                Some(Err(e)) => return Err(e),
                // It left memory again already, or the rebuild was abandoned: look again.
                _ => tokio::task::yield_now().await,
            }
        }
    }

    /// Takes the match's lease for this node (see [`Store::acquire`]), waiting for a
    /// holder's lease to lapse for at most one lease period and a second: a node that died
    /// or was paused loses its matches within that. A holder that keeps renewing keeps the
    /// match: UNAVAILABLE, naming it.
    async fn take_lease(&self, id: &str) -> Result<(), Status> {
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

    /// Where a request for match `id` is served: here, when the match is live here, this
    /// node takes its lease, or its holder's lease lapsed (the rebuild then takes the match
    /// over); at another node's URL while that node holds a live lease. A call another
    /// node passed on (`forwarded`) is always served here.
    ///
    /// The owner the database names is remembered for as long as its lease had left (at
    /// most a lease; [`crate::owners`] says why that is safe), and the next calls about the
    /// match go to it without asking the database; [`Hub::owner_failed`] forgets it when
    /// passing a call on to it fails, and taking the match here forgets it too.
    pub async fn route(&self, id: &str, forwarded: bool) -> Result<Route, Status> {
        if forwarded || self.store.lease_period().is_none() || self.is_live(id) || id.is_empty() {
            return Ok(Route::Here);
        }
        if let Some(url) = self.owners.get(id, std::time::Instant::now()) {
            return Ok(Route::At {
                url,
                remembered: true,
            });
        }
        self.ask_owner(id).await
    }

    /// [`Hub::route`] without the remembered owners: asks the database who owns the match
    /// (taking its lease if nobody holds it), and remembers the answer.
    async fn ask_owner(&self, id: &str) -> Result<Route, Status> {
        // Before the question: the lease time left is counted from here, so the entry
        // never outlives the lease by the time the answer took to arrive.
        let asked = std::time::Instant::now();
        match self.store.acquire(id).await {
            Ok(Ownership::Mine) => {
                self.owners.forget(id);
                self.start_renewing();
                Ok(Route::Here)
            }
            Ok(Ownership::Elsewhere {
                url: Some(url),
                expires_in_ms,
                ..
            }) if expires_in_ms > 0 => {
                let left = std::time::Duration::from_millis(expires_in_ms as u64);
                self.owners.put(id, url.clone(), asked, left);
                Ok(Route::At {
                    url,
                    remembered: false,
                })
            }
            Ok(Ownership::Elsewhere { .. }) => {
                self.owners.forget(id);
                Ok(Route::Here)
            }
            Err(crate::store::StoreError::NoSuchMatch(_)) => {
                Err(Status::not_found(format!("no match {}", quote(id))))
            }
            Err(e) => Err(Status::unavailable(format!(
                "could not find who serves the match: {e}"
            ))),
        }
    }

    /// A call about match `id` passed on to the node at `url` failed (refused, UNAVAILABLE,
    /// or no answer within a lease): that node is no longer taken for the match's owner.
    /// Returns whether it was the owner remembered.
    pub fn owner_failed(&self, id: &str, url: &str) -> bool {
        self.owners.failed(id, url)
    }

    /// Forgets whatever this node remembered about who owns match `id` (the database just
    /// said that nobody holds it).
    pub fn forget_owner(&self, id: &str) {
        self.owners.forget(id);
    }

    /// Renews this node's leases every third of a lease, from the first one it takes, for
    /// as long as the hub lives; a match whose lease was lost is told to stop.
    fn start_renewing(&self) {
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

    /// Loads a match from the store, starts its actor, and tells whoever waits.
    async fn rebuild(
        self: Arc<Self>,
        id: String,
        done: watch::Sender<Option<Result<Mailbox, Status>>>,
    ) {
        if let Err(e) = self.take_lease(&id).await {
            {
                let mut map = self.map();
                if matches!(map.get(&id), Some(Slot::Loading(_))) {
                    map.remove(&id);
                }
            }
            let _ = done.send(Some(Err(e)));
            return;
        }
        let built = match self.store.load(&id).await {
            Err(e) => Err(Status::unavailable(format!(
                "could not read the match: {e}"
            ))),
            Ok(None) => Err(Status::not_found(format!("no match {}", quote(&id)))),
            Ok(Some(record)) => {
                self.rebuilds.fetch_add(1, Ordering::Relaxed);
                MatchActor::rebuild(self.clone(), record).map_err(|e| {
                    warn!(match_id = %id, error = %e, "stored match could not be rebuilt");
                    Status::internal(format!("the stored match could not be rebuilt: {e}"))
                })
            }
        };
        let result = built.map(Self::spawn);
        if result.is_err()
            && let Err(e) = self.store.release(&id).await
        {
            warn!(match_id = %id, error = %e, "could not give up the lease of a match that was not rebuilt");
        }
        {
            let mut map = self.map();
            match &result {
                Ok(mb) => {
                    // Live here now: no call about it goes elsewhere.
                    self.owners.forget(&id);
                    map.insert(id, Slot::Live(mb.clone()));
                }
                Err(_) => {
                    if matches!(map.get(&id), Some(Slot::Loading(_))) {
                        map.remove(&id);
                    }
                }
            }
        }
        let _ = done.send(Some(result));
    }

    /// An actor leaving memory takes itself out of the map (only if the map still holds
    /// it), so that later requests rebuild the match.
    pub fn retire(&self, id: &str, me: &mpsc::WeakUnboundedSender<Box<Command>>) {
        let Some(me) = me.upgrade() else { return };
        let mut map = self.map();
        if let Some(Slot::Live(mb)) = map.get(id)
            && mb.same_channel(&me)
        {
            map.remove(id);
        }
        drop(map);
        self.connected
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .remove(id);
    }

    /// Sends a command to the match's actor and waits for its reply. A command that an actor
    /// leaving memory did not take is sent again to the rebuilt one, so `make` may be called
    /// more than once.
    pub async fn ask<T>(
        self: &Arc<Self>,
        id: &str,
        make: impl Fn(oneshot::Sender<Result<T, Status>>) -> Command,
    ) -> Result<T, Status> {
        for _ in 0..ATTEMPTS {
            let actor = self.actor(id).await?;
            let (tx, rx) = oneshot::channel();
            if actor.send(Box::new(make(tx))).is_err() {
                continue;
            }
            match rx.await {
                Ok(r) => return r,
                Err(_) if *self.closing.borrow() => break,
                Err(_) => continue,
            }
        }
        Err(Status::unavailable("the match is shutting down"))
    }

    /// Checks a seat token for a match: UNAUTHENTICATED when unknown, PERMISSION_DENIED when
    /// it belongs to another match. The match's actor knows its own seats' token hashes;
    /// only a token it does not know is looked up in the store's token index.
    pub async fn authenticate(
        self: &Arc<Self>,
        match_id: &str,
        token: &str,
    ) -> Result<SeatAuth, Status> {
        if token.is_empty() {
            // An unknown match is NOT_FOUND whatever the token.
            self.actor(match_id).await?;
            return Err(Status::unauthenticated(
                "a seat token is required (from JoinMatch)",
            ));
        }
        let hash = crate::auth::hash_token(token);
        let seat = self
            .ask(match_id, |reply| Command::Seat {
                key: SeatKey::Token(hash.clone()),
                reply,
            })
            .await?;
        if let Some(seat) = seat {
            return Ok(SeatAuth { seat });
        }
        let known = self
            .store
            .token_seats(&hash)
            .await
            .map_err(|e| Status::unavailable(format!("could not check the token: {e}")))?;
        if known.is_empty() {
            Err(Status::unauthenticated("unknown seat token"))
        } else if known.iter().any(|(m, _)| m == match_id) {
            // It held a seat here that another bot took over while it was away.
            Err(Status::permission_denied(
                "this seat token no longer holds a seat of this match: another bot took the \
                 seat over after it had been away past the grace period",
            ))
        } else {
            Err(Status::permission_denied(
                "this seat token belongs to another match",
            ))
        }
    }

    /// The seat an account holds in a match (`seat` says which when it holds several):
    /// PERMISSION_DENIED when it holds none there.
    pub async fn authenticate_account(
        self: &Arc<Self>,
        match_id: &str,
        account_id: &str,
        seat: Option<Seat>,
    ) -> Result<SeatAuth, Status> {
        let held = self
            .ask(match_id, |reply| Command::Seat {
                key: SeatKey::Account {
                    id: account_id.to_string(),
                    seat,
                },
                reply,
            })
            .await?;
        match (held, seat) {
            (Some(seat), _) => Ok(SeatAuth { seat }),
            (None, Some(s)) => Err(Status::permission_denied(format!(
                "your account does not hold seat {s} of this match"
            ))),
            (None, None) => Err(Status::permission_denied(
                "your account holds no seat of this match (join one, or send a seat token)",
            )),
        }
    }

    /// Tells the lobby about a match's new summary (a change of seats, presence, status or
    /// outcome) and keeps its seats' presence for the listings. `taken_over` are bot seats
    /// whose holder has been away past the grace period while it must act: another bot may
    /// take them over, so they are announced as waiting too.
    pub fn publish(&self, summary: pb::MatchSummary, taken_over: &[u32]) {
        let mut waiting = waiting_bot_seats(&summary);
        if summary.status != pb::MatchStatus::Finished as i32 {
            waiting.extend_from_slice(taken_over);
            waiting.sort_unstable();
            waiting.dedup();
        }
        self.connected
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(
                summary.match_id.clone(),
                summary.seats.iter().map(|s| s.connected).collect(),
            );
        let event = pb::LobbyEvent {
            summary: Some(summary),
            waiting_bot_seats: waiting,
        };
        if let Some(outbox) = self.outbox.get() {
            outbox.send(event.clone());
        }
        let _ = self.lobby.send(event);
    }

    /// Sends every lobby event this node publishes from now on to `outbox` too (once; a
    /// second outbox is refused and returned).
    pub fn relay_to(&self, outbox: Outbox) -> Result<(), Outbox> {
        self.outbox.set(outbox)
    }

    /// A lobby event another node published: this node's lobby streams hear it, and its
    /// listings show who is connected to that match. That presence is kept only while
    /// someone is connected to an unfinished match, so the map holds no more than the
    /// matches being played; a match live here is this node's own, and its own presence
    /// is the one that counts.
    pub fn heard(&self, event: pb::LobbyEvent) {
        if let Some(m) = &event.summary
            && !self.is_live(&m.match_id)
        {
            let mut connected = self.connected.write().unwrap_or_else(|e| e.into_inner());
            let finished = m.status == pb::MatchStatus::Finished as i32;
            if finished || !m.seats.iter().any(|s| s.connected) {
                connected.remove(&m.match_id);
            } else {
                connected.insert(
                    m.match_id.clone(),
                    m.seats.iter().map(|s| s.connected).collect(),
                );
            }
        }
        let _ = self.lobby.send(event);
    }

    /// The lobby's summary of a stored match: seats are connected only while the match is
    /// live and a stream is open.
    pub fn summary_of_listed(&self, l: &Listed) -> pb::MatchSummary {
        let presence: Vec<u32> = self
            .connected
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(&l.record.id)
            .map(|c| c.iter().map(|&c| c as u32).collect())
            .unwrap_or_default();
        let outcome = l.record.outcome.as_ref().map(|o| {
            let forfeit = l.forfeit.as_deref().unwrap_or("");
            let mut o =
                crate::convert::outcome(o, forfeit == crate::record::Ending::Resign.forfeit());
            o.forfeit = forfeit.into();
            o
        });
        let status = pb::MatchStatus::try_from(l.record.status()).unwrap_or_default();
        let mut s = summary_of(&l.record, &presence, status, outcome);
        s.version = l.version;
        s.abandon_grace_ms =
            crate::actor::effective_grace(&l.record.settings, self.limits.abandon_grace)
                .map_or(0, |g| g.as_millis() as u64);
        s.bot_waits = self.pools.waits_of(
            &s.game,
            s.status == pb::MatchStatus::Finished as i32,
            &s.seats,
        );
        s
    }

    /// Matches filtered and paged as ListMatches asks, newest first, from the store.
    pub async fn list(
        &self,
        req: &pb::ListMatchesRequest,
    ) -> Result<pb::ListMatchesResponse, Status> {
        let page_size = paging::page_size(req.page_size, req.limit, self.limits.max_list);
        let after = paging::parse(&req.page_token)?;
        let page = self
            .store
            .list(&ListQuery {
                game: req.game.clone(),
                status: req.status,
                open_seats_only: req.open_seats_only,
                page_size,
                after,
                account: None,
            })
            .await
            .map_err(|e| Status::unavailable(format!("could not list the matches: {e}")))?;
        Ok(pb::ListMatchesResponse {
            matches: page
                .matches
                .iter()
                .map(|l| self.summary_of_listed(l))
                .collect(),
            next_page_token: page
                .next
                .map(|after| paging::encode(&after))
                .unwrap_or_default(),
        })
    }

    /// Lobby events now: every unfinished match with a bot seat waiting (newest first, at
    /// most ten thousand), from the store.
    pub async fn waiting_now(&self, games: &[String]) -> Result<Vec<pb::LobbyEvent>, Status> {
        let listed = self
            .store
            .waiting_for_bots(MAX_WAITING)
            .await
            .map_err(|e| Status::unavailable(format!("could not read the lobby: {e}")))?;
        Ok(listed
            .iter()
            .filter(|l| games.is_empty() || games.contains(&l.record.game))
            .filter_map(|l| {
                let m = self.summary_of_listed(l);
                let waiting = waiting_bot_seats(&m);
                (!waiting.is_empty()).then_some(pb::LobbyEvent {
                    summary: Some(m),
                    waiting_bot_seats: waiting,
                })
            })
            .collect())
    }

    pub fn subscribe_lobby(&self) -> broadcast::Receiver<pb::LobbyEvent> {
        self.lobby.subscribe()
    }

    /// How many matches are live (have an actor) now.
    pub fn match_count(&self) -> usize {
        self.map()
            .values()
            .filter(|s| matches!(s, Slot::Live(mb) if !mb.is_closed()))
            .count()
    }

    /// Whether a match has an actor now.
    pub fn is_live(&self, id: &str) -> bool {
        matches!(self.map().get(id), Some(Slot::Live(mb)) if !mb.is_closed())
    }

    /// Rebuilds the evicted match `id` at `at`, for its clock to run out on time.
    pub fn wake_at(&self, at: Instant, id: String) {
        self.wakes
            .at
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert((at, id));
        if !self.wakes.started.swap(true, Ordering::AcqRel) {
            tokio::spawn(wake_loop(self.wakes.clone(), self.me.clone()));
        }
        self.wakes.changed.notify_one();
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

/// Sleeps until the next evicted match must wake, then rebuilds it (its actor fires the
/// deadline); ends with the hub.
async fn wake_loop(wakes: Arc<Wakes>, hub: Weak<Hub>) {
    loop {
        let next = wakes
            .at
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .first()
            .cloned();
        match hub.upgrade() {
            Some(h) if !*h.closing.borrow() => {}
            _ => return,
        }
        match next {
            None => wakes.changed.notified().await,
            Some((at, id)) => {
                tokio::select! {
                    _ = tokio::time::sleep_until(at) => {
                        wakes
                            .at
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .remove(&(at, id.clone()));
                        let Some(hub) = hub.upgrade() else { return };
                        tokio::spawn(async move {
                            if let Err(e) = hub.actor(&id).await {
                                warn!(match_id = %id, error = %e.message(), "could not wake an evicted match for its clock");
                            }
                        });
                    }
                    _ = wakes.changed.notified() => {}
                }
            }
        }
    }
}

fn waiting_bot_seats(m: &pb::MatchSummary) -> Vec<u32> {
    if m.status == pb::MatchStatus::Finished as i32 {
        return Vec::new();
    }
    m.seats
        .iter()
        .filter(|s| s.bot && !s.taken)
        .map(|s| s.seat)
        .collect()
}

fn new_match_id() -> String {
    let n: u64 = rand::rng().random();
    format!("{n:016x}")
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}
