//! Sign-in attempts, limited: at most [`MAX_FAILURES`] failed attempts within [`WINDOW`] for
//! one handle, and as many from one address; past that every attempt is refused with
//! RESOURCE_EXHAUSTED (before the password is checked, so guessing costs the server
//! nothing) until the oldest failure leaves the window. Kept per node, in memory: on a
//! cluster a guesser spreading attempts over n nodes gets n times the budget, still a few
//! dozen guesses a minute against argon2id.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use tonic::Status;

/// Failed attempts allowed per handle and per address within [`WINDOW`].
pub const MAX_FAILURES: usize = 20;
/// The window.
pub const WINDOW: Duration = Duration::from_secs(60);
/// Past this many keys, those with no failure in the window are dropped.
const PRUNE_AT: usize = 4096;

/// Recent failures per key (`h:<account id>` or `a:<address>`).
#[derive(Default)]
pub struct Attempts {
    failures: Mutex<HashMap<String, VecDeque<Instant>>>,
}

impl Attempts {
    /// Starts an attempt: RESOURCE_EXHAUSTED when any of `keys` has used its failures up,
    /// else the attempt is counted as failed at once, and [`Attempts::succeeded`] takes it
    /// back. Counted before the password is checked, so that attempts sent in parallel
    /// cannot all pass the check while the first are still being hashed.
    pub fn begin(&self, keys: &[String]) -> Result<(), Status> {
        self.check(keys)?;
        self.failed(keys);
        Ok(())
    }

    /// Takes back the failure [`Attempts::begin`] counted: the password was right.
    pub fn succeeded(&self, keys: &[String]) {
        if let Ok(mut f) = self.failures.lock() {
            for k in keys {
                if let Some(q) = f.get_mut(k) {
                    q.pop_back();
                }
            }
        }
    }

    /// RESOURCE_EXHAUSTED when any of `keys` has used its failures up.
    pub fn check(&self, keys: &[String]) -> Result<(), Status> {
        let Ok(mut f) = self.failures.lock() else {
            return Ok(());
        };
        let now = Instant::now();
        for k in keys {
            if let Some(q) = f.get_mut(k) {
                while q.front().is_some_and(|t| now.duration_since(*t) >= WINDOW) {
                    q.pop_front();
                }
                if q.len() >= MAX_FAILURES {
                    let wait = q
                        .front()
                        .map(|t| WINDOW.saturating_sub(now.duration_since(*t)))
                        .unwrap_or(WINDOW);
                    return Err(Status::resource_exhausted(format!(
                        "too many failed sign-ins; try again in {} s",
                        wait.as_secs().max(1)
                    )));
                }
            }
        }
        Ok(())
    }

    /// Records a failed attempt under each of `keys`.
    pub fn failed(&self, keys: &[String]) {
        let Ok(mut f) = self.failures.lock() else {
            return;
        };
        let now = Instant::now();
        if f.len() >= PRUNE_AT {
            f.retain(|_, q| q.back().is_some_and(|t| now.duration_since(*t) < WINDOW));
        }
        for k in keys {
            let q = f.entry(k.clone()).or_default();
            q.push_back(now);
            // Only the newest MAX_FAILURES matter.
            while q.len() > MAX_FAILURES {
                q.pop_front();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_21st_failure_within_the_window_is_refused() {
        let a = Attempts::default();
        let keys = vec!["h:ada".to_string(), "a:10.0.0.1".to_string()];
        for _ in 0..MAX_FAILURES {
            assert!(a.check(&keys).is_ok());
            a.failed(&keys);
        }
        let e = a.check(&keys).err().map(|e| e.code());
        assert_eq!(e, Some(tonic::Code::ResourceExhausted));
        // Another handle from another address is not held back.
        assert!(a.check(&["h:bob".into(), "a:10.0.0.2".into()]).is_ok());
        // The same address is, whatever the handle.
        assert!(a.check(&["h:bob".into(), "a:10.0.0.1".into()]).is_err());
    }
}
