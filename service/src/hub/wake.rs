//! Waking evicted matches whose clocks run, in time for their deadlines.

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, Weak};

use tokio::sync::Notify;
use tokio::time::Instant;
use tracing::warn;

use super::Hub;

/// Evicted matches whose clocks run: when each must be rebuilt to fire its deadline.
#[derive(Default)]
pub(super) struct Wakes {
    pub(super) at: Mutex<BTreeSet<(Instant, String)>>,
    pub(super) changed: Notify,
    pub(super) started: AtomicBool,
}

impl Hub {
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
