//! Stopping when another node took the match over: on a store shared by several nodes, a
//! node that could not renew its lease (it was paused, or cut off from the database) may
//! find the match owned by another node, whose state has moved on. Its actor must not
//! answer from what it holds: it ends every stream with UNAVAILABLE (clients reconnect and
//! reach the owner) and leaves the hub, so the next request looks the match up afresh.

use tonic::Status;
use tracing::warn;

use super::MatchActor;

impl MatchActor {
    /// Ends every stream with UNAVAILABLE and takes the actor out of the hub.
    pub(super) fn fenced(&mut self) {
        warn!(match_id = %self.record.id, "another node took the match over; this node stops serving it");
        let status = Status::unavailable(
            "this node no longer owns the match (another node took it over); reconnect",
        );
        for sub in self.subscribers.drain(..) {
            let status = status.clone();
            // A full buffer gets the error as soon as its reader makes room; a reader that
            // never does is dropped after a while (its stream then just ends).
            if let Err(tokio::sync::mpsc::error::TrySendError::Full(_)) =
                sub.tx.try_send(Err(status.clone()))
            {
                tokio::spawn(async move {
                    let _ = tokio::time::timeout(
                        std::time::Duration::from_secs(30),
                        sub.tx.send(Err(status)),
                    )
                    .await;
                });
            }
        }
        if let Some(me) = &self.me {
            self.host.retire(&self.record.id, me);
        }
    }
}
