//! The registry of live matches: one actor per match, or the rebuild under way that the
//! requests for it wait on (the single flight), and sending a command to a match's actor
//! (again to the rebuilt one when the actor it reached left memory).

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use tokio::sync::{mpsc, oneshot, watch};
use tonic::Status;
use tracing::{info, warn};

use crate::actor::{Command, Mailbox, MatchActor};
use crate::validate::quote;

use super::Hub;

/// How often a request is sent again when the actor it reached left memory before
/// answering (each time to the rebuilt one).
const ATTEMPTS: usize = 4;

/// A match in the hub's map: its actor, or the rebuild under way that others wait for.
pub(super) enum Slot {
    Live(Mailbox),
    Loading(watch::Receiver<Option<Result<Mailbox, Status>>>),
}

impl Hub {
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

    pub(super) fn map(&self) -> std::sync::MutexGuard<'_, HashMap<String, Slot>> {
        self.actors.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Starts an actor's task and returns its mailbox.
    pub(super) fn spawn(actor: MatchActor) -> Mailbox {
        let (tx, rx) = mpsc::unbounded_channel();
        let me = tx.downgrade();
        tokio::spawn(actor.run(rx, me));
        tx
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
}
