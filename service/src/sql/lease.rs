//! Leases and fencing on a PostgreSQL shared by several server nodes (issue 19).
//!
//! Each match is owned by at most one node at a time: the node whose row in `match_leases`
//! names it, until `expires_at_ms` (the database's clock) unless it renews. Taking a match
//! over raises the row's epoch; this node remembers the epoch under which it holds each
//! match, and every write of a match checks that epoch against the row, under a share
//! lock, in the write's own transaction. A take-over waits for that lock, so a write either
//! commits before the take-over (and the new owner, which loads the match after taking
//! it, sees it) or finds the epoch raised and stores nothing ([`StoreError::Fenced`]).
//! That is what keeps one ordered log per match when a paused node wakes up.
//!
//! Why rows and not advisory locks: a session-level advisory lock belongs to a connection,
//! and a SIGSTOPped node keeps its TCP connections open, so its locks would never lapse and
//! nobody could take its matches over. A row with an expiry lapses by the clock whatever
//! its holder's connections do. (A paused node caught inside a transaction would still
//! hold its row locks: the pool's sessions set `idle_in_transaction_session_timeout` to the
//! lease, so PostgreSQL ends such a transaction within a lease.)

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use deadpool_postgres::GenericClient;

use super::Write;
use crate::store::{Ownership, StoreError};

/// The database's clock in milliseconds since 1970 (its wall clock, not the transaction's
/// start).
macro_rules! now_ms {
    () => {
        "CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)"
    };
}

/// Takes match `$1`'s lease for node `$2` for `$3` ms: a new row (epoch 1), or the row of a
/// lapsed lease or of this node's own, its epoch raised. No row back: the match does not
/// exist, or another node holds a lease that has not lapsed.
const ACQUIRE: &str = concat!(
    "INSERT INTO match_leases (match_id, node_id, epoch, expires_at_ms)
    SELECT m.id, CAST($2 AS TEXT), 1, ",
    now_ms!(),
    " + CAST($3 AS BIGINT) FROM matches m WHERE m.id = CAST($1 AS TEXT)
    ON CONFLICT (match_id) DO UPDATE SET node_id = excluded.node_id,
        epoch = match_leases.epoch + 1, expires_at_ms = excluded.expires_at_ms
    WHERE match_leases.expires_at_ms < ",
    now_ms!(),
    " OR match_leases.node_id = excluded.node_id
    RETURNING epoch"
);

/// Who holds match `$1`'s lease, where it can be reached, and for how many more ms.
const HOLDER: &str = concat!(
    "SELECT l.node_id, n.advertise_url, l.expires_at_ms - ",
    now_ms!(),
    " FROM match_leases l LEFT JOIN nodes n ON n.node_id = l.node_id WHERE l.match_id = $1"
);

/// A new match's lease, epoch 1, for node `$2` for `$3` ms (in the transaction that stores
/// the match).
pub(crate) const CREATE_LEASE: &str = concat!(
    "INSERT INTO match_leases (match_id, node_id, epoch, expires_at_ms) VALUES ($1, $2, 1, ",
    now_ms!(),
    " + $3) ON CONFLICT (match_id) DO NOTHING"
);

/// Renews node `$1`'s leases on the matches `$2` for `$3` ms; returns the ones still its
/// own with their epochs. Rows are locked in match order, as the writers lock them, so the
/// two never deadlock.
const RENEW: &str = concat!(
    "WITH mine AS (SELECT match_id FROM match_leases WHERE node_id = $1 AND match_id = ANY($2)
        ORDER BY match_id FOR UPDATE)
    UPDATE match_leases l SET expires_at_ms = ",
    now_ms!(),
    " + $3 FROM mine WHERE l.match_id = mine.match_id RETURNING l.match_id, l.epoch"
);

/// This node is alive and reachable at `$2`.
const HEARTBEAT: &str = concat!(
    "INSERT INTO nodes (node_id, advertise_url, heartbeat_at_ms) VALUES ($1, $2, ",
    now_ms!(),
    ") ON CONFLICT (node_id) DO UPDATE SET advertise_url = excluded.advertise_url,
        heartbeat_at_ms = excluded.heartbeat_at_ms"
);

/// Gives up match `$1`'s lease if node `$2` still holds it at epoch `$3`.
const RELEASE: &str =
    "DELETE FROM match_leases WHERE match_id = $1 AND node_id = $2 AND epoch = $3";

/// The epochs of the matches `$1` a batch writes, share-locked until it commits, in match
/// order.
const LOCK_EPOCHS: &str = "SELECT match_id, epoch FROM match_leases WHERE match_id = ANY($1)
    ORDER BY match_id FOR SHARE";

/// The running-clock matches nobody else holds a live lease on (node `$1`).
pub(crate) const RUNNING_CLOCKS_FREE: &str = concat!(
    "SELECT m.id FROM matches m WHERE m.status = 2 AND m.clocked = 1 AND NOT EXISTS
        (SELECT 1 FROM match_leases l WHERE l.match_id = m.id AND l.node_id <> $1
            AND l.expires_at_ms > ",
    now_ms!(),
    ")"
);

/// The running-clock matches no node holds a live lease on: their node died (or stopped)
/// and nothing has asked for them since, so nothing counts their clocks. At most `$1`.
pub(crate) const ORPHANED_CLOCKS: &str = concat!(
    "SELECT m.id FROM matches m WHERE m.status = 2 AND m.clocked = 1 AND NOT EXISTS
        (SELECT 1 FROM match_leases l WHERE l.match_id = m.id AND l.expires_at_ms > ",
    now_ms!(),
    ") ORDER BY m.id LIMIT $1"
);

/// This server as one node of a cluster.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// Its name in `match_leases` and `nodes` (`--node-id`). A node started again under the
    /// same name takes its old leases back at once.
    pub id: String,
    /// The URL other nodes reach it at (`--advertise`).
    pub advertise: Option<String>,
    /// How long a lease runs unrenewed (`--lease`): a dead node's matches can be taken over
    /// that long after its last renewal.
    pub lease: Duration,
}

/// The default lease: a dead node's matches are free again within five seconds.
/// Stores `$1` as the cluster's secret unless a node stored one before.
const OFFER_SECRET: &str =
    "INSERT INTO cluster (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING";
/// The cluster's secret.
const SECRET: &str = "SELECT secret FROM cluster WHERE id = 1";

/// The secret every node on this database shares (see [`crate::forward::Secret`]): the
/// first node to start stores a fresh random one, and every node reads the one stored.
pub async fn cluster_secret(c: &impl GenericClient) -> Result<String, StoreError> {
    let fresh = hex::encode(rand::random::<[u8; 32]>());
    c.execute(OFFER_SECRET, &[&fresh]).await.map_err(backend)?;
    let row = c.query_one(SECRET, &[]).await.map_err(backend)?;
    row.try_get(0).map_err(backend)
}

pub const DEFAULT_LEASE: Duration = Duration::from_secs(5);

impl Node {
    /// The node name used when none is given: the advertised URL, else this host's name
    /// (so a server restarted on the same host takes its matches back at once).
    pub fn default_id(advertise: Option<&str>) -> String {
        if let Some(url) = advertise {
            return url.to_string();
        }
        std::fs::read_to_string("/proc/sys/kernel/hostname")
            .ok()
            .or_else(|| std::env::var("HOSTNAME").ok())
            .map(|h| h.trim().to_string())
            .filter(|h| !h.is_empty())
            .unwrap_or_else(|| "localhost".into())
    }
}

impl Default for Node {
    fn default() -> Self {
        Node {
            id: Node::default_id(None),
            advertise: None,
            lease: DEFAULT_LEASE,
        }
    }
}

/// The leases this node holds: each match's epoch.
pub(crate) struct Leases {
    pub node: Node,
    held: Mutex<HashMap<String, i64>>,
}

fn backend(e: tokio_postgres::Error) -> StoreError {
    StoreError::Backend(format!("postgres: {e}"))
}

impl Leases {
    pub fn new(node: Node) -> Self {
        Leases {
            node,
            held: Mutex::default(),
        }
    }

    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<String, i64>> {
        self.held.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn lease_ms(&self) -> i64 {
        self.node.lease.as_millis() as i64
    }

    /// Whether this node holds the match's lease, as far as it knows.
    pub fn holds(&self, id: &str) -> bool {
        self.map().contains_key(id)
    }

    /// This node now holds the match at `epoch`.
    pub fn hold(&self, id: &str, epoch: i64) {
        self.map().insert(id.to_string(), epoch);
    }

    /// This node no longer holds the match.
    pub fn forget(&self, id: &str) {
        self.map().remove(id);
    }

    /// Takes the match's lease (see [`crate::store::Store::acquire`]).
    pub async fn acquire(&self, c: &impl GenericClient, id: &str) -> Result<Ownership, StoreError> {
        let got = c
            .query_opt(ACQUIRE, &[&id, &self.node.id, &self.lease_ms()])
            .await
            .map_err(backend)?;
        if let Some(row) = got {
            let epoch: i64 = row.try_get(0).map_err(backend)?;
            self.hold(id, epoch);
            return Ok(Ownership::Mine);
        }
        self.forget(id);
        match c.query_opt(HOLDER, &[&id]).await.map_err(backend)? {
            None => Err(StoreError::NoSuchMatch(id.to_string())),
            Some(row) => Ok(Ownership::Elsewhere {
                node_id: row.try_get(0).map_err(backend)?,
                url: row.try_get(1).map_err(backend)?,
                expires_in_ms: row.try_get(2).map_err(backend)?,
            }),
        }
    }

    /// Says this node is alive (its advertised URL and a heartbeat).
    pub async fn heartbeat(&self, c: &impl GenericClient) -> Result<(), StoreError> {
        c.execute(HEARTBEAT, &[&self.node.id, &self.node.advertise])
            .await
            .map_err(backend)?;
        Ok(())
    }

    /// Renews every lease held; returns (and forgets) the lost ones.
    pub async fn renew(&self, c: &impl GenericClient) -> Result<Vec<String>, StoreError> {
        self.heartbeat(c).await?;
        let held: Vec<(String, i64)> = self.map().iter().map(|(id, e)| (id.clone(), *e)).collect();
        if held.is_empty() {
            return Ok(Vec::new());
        }
        let ids: Vec<&str> = held.iter().map(|(id, _)| id.as_str()).collect();
        let rows = c
            .query(RENEW, &[&self.node.id, &ids, &self.lease_ms()])
            .await
            .map_err(backend)?;
        let mut kept = HashMap::with_capacity(rows.len());
        for r in &rows {
            let id: String = r.try_get(0).map_err(backend)?;
            let epoch: i64 = r.try_get(1).map_err(backend)?;
            kept.insert(id, epoch);
        }
        let mut lost = Vec::new();
        let mut map = self.map();
        for (id, epoch) in held {
            if kept.get(&id) != Some(&epoch) && map.get(&id) == Some(&epoch) {
                map.remove(&id);
                lost.push(id);
            }
        }
        Ok(lost)
    }

    /// Gives up the match's lease, if this node holds it.
    pub async fn release(&self, c: &impl GenericClient, id: &str) -> Result<(), StoreError> {
        let Some(epoch) = self.map().remove(id) else {
            return Ok(());
        };
        c.execute(RELEASE, &[&id, &self.node.id, &epoch])
            .await
            .map_err(backend)?;
        Ok(())
    }

    /// Gives up every lease held.
    pub async fn release_all(&self, c: &impl GenericClient) -> Result<(), StoreError> {
        let held: Vec<(String, i64)> = self.map().drain().collect();
        for (id, epoch) in held {
            c.execute(RELEASE, &[&id, &self.node.id, &epoch])
                .await
                .map_err(backend)?;
        }
        Ok(())
    }

    /// The lease's milliseconds, for [`CREATE_LEASE`].
    pub fn lease_param(&self) -> i64 {
        self.lease_ms()
    }

    /// Locks the epochs of the matches a batch writes and says, for each write, whether it
    /// is fenced: its match has a lease row whose epoch is not the one this node holds it
    /// at. (A match with no lease row — stored before leases, or by an import — is written
    /// as before: every node takes a lease before it serves a match.)
    pub async fn fence(
        &self,
        c: &impl GenericClient,
        writes: &[Write],
    ) -> Result<Vec<bool>, StoreError> {
        let mut ids: Vec<&str> = writes.iter().filter_map(Write::fenced_id).collect();
        if ids.is_empty() {
            return Ok(vec![false; writes.len()]);
        }
        ids.sort_unstable();
        ids.dedup();
        let rows = c.query(LOCK_EPOCHS, &[&ids]).await.map_err(backend)?;
        let mut current = HashMap::with_capacity(rows.len());
        for r in &rows {
            let id: String = r.try_get(0).map_err(backend)?;
            let epoch: i64 = r.try_get(1).map_err(backend)?;
            current.insert(id, epoch);
        }
        let map = self.map();
        Ok(writes
            .iter()
            .map(|w| {
                w.fenced_id()
                    .and_then(|id| current.get(id).map(|e| map.get(id) != Some(e)))
                    .unwrap_or(false)
            })
            .collect())
    }
}
