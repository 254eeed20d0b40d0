//! Streams and presence: opening a viewer's stream (a snapshot, or the versions it missed),
//! resyncing a lagging one, and closing it; a seat with an open stream is present.

use std::pin::Pin;
use std::task::{Context, Poll};

use hustings_engine::{AnyGame, Viewer};
use hustings_proto::v1 as pb;
use tokio::sync::mpsc;
use tokio_stream::Stream;
use tokio_stream::wrappers::ReceiverStream;
use tonic::Status;

use super::played::told;
use super::{Command, Mailbox, MatchActor, Played, Subscriber, UpdateResult};
use crate::projection::{Own, Projector};
use crate::record::Record;

/// A viewer's stream as the actor hands it out. Dropping it tells the actor the viewer left,
/// wherever that happens: in the gRPC response when the client goes (its RST_STREAM or its
/// connection's end), or still unread in the reply to a call the client cancelled while the
/// stream was being opened. The actor cannot learn that second case otherwise: it notices a
/// closed channel only when it next sends, and a match waiting for that very seat sends
/// nothing, so the seat stayed present for good and its abandon grace never started.
pub struct Watching {
    updates: ReceiverStream<UpdateResult>,
    left: Left,
}

/// Sends the actor `Unwatch` for one stream when dropped.
struct Left {
    actor: Option<Mailbox>,
    id: u64,
}

impl Drop for Left {
    fn drop(&mut self) {
        if let Some(actor) = &self.actor {
            let _ = actor.send(Box::new(Command::Unwatch { id: self.id }));
        }
    }
}

impl Watching {
    /// The stream's id in its actor.
    pub fn id(&self) -> u64 {
        self.left.id
    }
}

impl Stream for Watching {
    type Item = UpdateResult;
    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        Pin::new(&mut self.updates).poll_next(cx)
    }
}

impl MatchActor {
    pub(super) fn watch(
        &mut self,
        viewer: Viewer,
        from_version: u64,
        json: bool,
    ) -> Result<Watching, Status> {
        // Streams that closed and whose `Unwatch` is still on its way count toward no limit.
        // They leave as `unwatch` makes them (their seat's presence with them): dropped
        // silently here, their `Unwatch` found nothing and the seat stayed present for good.
        let closed: Vec<u64> = self
            .subscribers
            .iter()
            .filter(|s| s.tx.is_closed())
            .map(|s| s.id)
            .collect();
        for id in closed {
            self.unwatch(id);
        }
        let limits = &self.host.limits();
        if self.subscribers.len() >= limits.max_viewers_per_match {
            return Err(Status::resource_exhausted(format!(
                "this match already has {} viewers, the most allowed",
                limits.max_viewers_per_match
            )));
        }
        let current = self.version();
        if from_version > current {
            return Err(Status::invalid_argument(format!(
                "from_version {from_version} is ahead of the match (version {current})"
            )));
        }
        // Count this viewer as present before its first message, which shows presence.
        if let Some(seat) = viewer.seat() {
            self.presence[seat] += 1;
        }
        let (tx, rx) = mpsc::channel(limits.stream_buffer);
        let id = self.next_sub;
        self.next_sub += 1;
        let missed = (current - from_version) as usize;
        let log_sent;
        let undo_missed = self.record.choices[from_version as usize..]
            .iter()
            .any(|c| c.choice == Record::Undo);
        if from_version == 0 || missed > limits.stream_buffer / 2 || undo_missed {
            log_sent = self.game.log_len();
            let _ = tx.try_send(Ok(self.snapshot_for(viewer, json)));
        } else {
            match self.catch_up(viewer, json, from_version, &tx) {
                Ok(pos) => log_sent = pos,
                Err(e) => {
                    if let Some(seat) = viewer.seat() {
                        self.presence[seat] -= 1;
                    }
                    return Err(e);
                }
            }
        }
        if let Some(seat) = viewer.seat()
            && self.presence[seat] == 1
        {
            // Everyone else learns that this seat is back (the newcomer already knows).
            self.joining = Some(seat);
            self.after_change(None);
            self.joining = None;
        }
        self.subscribers.push(Subscriber {
            id,
            viewer,
            json,
            tx,
            log_sent,
            lagging: false,
        });
        // The actor's own mailbox, for the stream to say when it is gone.
        let actor = self.me.as_ref().and_then(|m| m.upgrade());
        Ok(Watching {
            updates: ReceiverStream::new(rx),
            left: Left { actor, id },
        })
    }

    /// Sends every version after `from` to a resuming viewer, each as its own message, by
    /// replaying the match from its set-up. Returns the log position reached. The first
    /// message carries the match's reference, as the first of every stream does.
    pub(super) fn catch_up(
        &self,
        viewer: Viewer,
        json: bool,
        from: u64,
        tx: &mpsc::Sender<UpdateResult>,
    ) -> Result<usize, Status> {
        let current = self.version();
        let extras = |v, status, current, p| self.prompt_extras(v, status, current, p);
        if from == current {
            let mut projector = self.projector(&*self.game, self.public());
            let log_from = self.game.log_len();
            let own = Own {
                viewer,
                json,
                log_from,
                snapshot: false,
                reference: true,
                current: true,
            };
            let _ = tx.try_send(Ok(projector.message(&own, &extras)));
            return Ok(log_from);
        }
        let mut p = Played::new(&self.record).map_err(Status::internal)?;
        for i in 0..from as usize {
            p.step(&self.record, i).map_err(Status::internal)?;
        }
        let mut log_pos = p.game.log_len();
        for (i, c) in self.record.choices[from as usize..].iter().enumerate() {
            let version = from + i as u64 + 1;
            let last = told(&self.record, &*p.game, c);
            p.step(&self.record, from as usize + i)
                .map_err(Status::internal)?;
            let g: &dyn AnyGame = &*p.game;
            let is_current = version == current;
            let mut public = self.public();
            public.version = version;
            if !is_current {
                public.outcome = None;
                public.status = pb::MatchStatus::Active;
            }
            let note = self.note.as_ref().filter(|_| is_current);
            let mut projector = Projector::new(g, public, Some(&last), note);
            let own = Own {
                viewer,
                json,
                log_from: log_pos,
                snapshot: false,
                reference: i == 0,
                current: is_current,
            };
            log_pos = g.log_len();
            let _ = tx.try_send(Ok(projector.message(&own, &extras)));
        }
        Ok(log_pos)
    }

    /// Waits (in a task) until a lagging viewer's buffer has room, then asks for a resync.
    pub(super) fn resync_when_room(&self, sub: &Subscriber) {
        let tx = sub.tx.clone();
        let me = self.me.clone();
        let id = sub.id;
        tokio::spawn(async move {
            if tx.reserve().await.is_ok()
                && let Some(me) = me.and_then(|m| m.upgrade())
            {
                let _ = me.send(Box::new(Command::Resync { id }));
            }
        });
    }

    /// Sends a lagging viewer a snapshot of the current state.
    pub(super) fn resync(&mut self, id: u64) {
        let Some(pos) = self.subscribers.iter().position(|s| s.id == id) else {
            return;
        };
        if !self.subscribers[pos].lagging {
            return;
        }
        let viewer = self.subscribers[pos].viewer;
        let json = self.subscribers[pos].json;
        let msg = self.snapshot_for(viewer, json);
        let log_len = self.game.log_len();
        let sub = &mut self.subscribers[pos];
        match sub.tx.try_send(Ok(msg)) {
            Ok(()) => {
                sub.lagging = false;
                sub.log_sent = log_len;
            }
            Err(mpsc::error::TrySendError::Full(_)) => {
                let sub = &self.subscribers[pos];
                self.resync_when_room(sub);
            }
            Err(mpsc::error::TrySendError::Closed(_)) => self.unwatch(id),
        }
    }

    pub(super) fn unwatch(&mut self, id: u64) {
        let Some(pos) = self.subscribers.iter().position(|s| s.id == id) else {
            return;
        };
        let sub = self.subscribers.remove(pos);
        if let Some(seat) = sub.viewer.seat() {
            self.presence[seat] = self.presence[seat].saturating_sub(1);
            if self.presence[seat] == 0 {
                self.after_change(None);
            }
        }
    }
}
