//! The lobby's event stream: publishing a match's summary (to this node's lobby streams and,
//! on several nodes, the relay's outbox), hearing the other nodes' events, and the seats
//! waiting for bots now.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use hustings_proto::v1 as pb;
use tokio::sync::{broadcast, mpsc};
use tonic::Status;

use super::Hub;

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

impl Hub {
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
