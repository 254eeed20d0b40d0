//! Where a request for a match is served: here, or at the node holding its lease (with the
//! owners this node remembers, see `owners.rs`).

use tonic::Status;

use crate::store::Ownership;
use crate::validate::quote;

use super::Hub;

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

impl Hub {
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
}
