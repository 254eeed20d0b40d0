//! The lobby across server nodes on one PostgreSQL (issue 19): each node's lobby events
//! go through the `lobby_events` table to the other nodes, and each node's connected bot
//! pools through its row in `nodes` (the relay, `relay.rs`, drives these).
//!
//! The table is an outbox read by sequence number: a reader asks for everything after the
//! last `seq` it read. That only loses nothing if a row can never be committed later with
//! a smaller `seq` than one a reader has already seen, so appends take one
//! transaction-level advisory lock and give `seq` = MAX + 1 under it: appends commit one
//! at a time, in `seq` order. (PostgreSQL makes a commit visible before it releases the
//! transaction's locks, so the next appender, reading MAX after the lock is its, sees the
//! row before.) NOTIFY `hustings_lobby` only wakes the readers up: a notification may be
//! lost (the listening connection broke), a row may not, and readers poll as well.
//!
//! Rows older than [`KEEP`] are pruned, never the newest: the sequence must never restart
//! below what readers have seen.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use deadpool_postgres::GenericClient;
use futures::StreamExt;
use hustings_proto::v1 as pb;
use prost::Message;
use tokio::sync::mpsc;
use tokio_postgres::{AsyncMessage, NoTls};
use tracing::{debug, warn};

use crate::store::{LobbyPage, StoreError};

/// The channel of the wake-ups.
pub const CHANNEL: &str = "hustings_lobby";

/// How long lobby events are kept: a node that falls further behind (paused, or cut off
/// from the database) misses what was pruned; its lobby streams still start from the
/// store's listing of the seats waiting now.
pub const KEEP: Duration = Duration::from_secs(600);

/// How often, at most, old events are pruned (by the next append after that).
pub const PRUNE_EVERY: Duration = Duration::from_secs(60);

/// The database's clock in milliseconds since 1970.
macro_rules! now_ms {
    () => {
        "CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)"
    };
}

/// The advisory lock every append takes for its transaction (a constant of our own:
/// "hustlobb" in ASCII).
const APPEND_LOCK: &str = "SELECT pg_advisory_xact_lock(7526749357417226850)";

/// The last sequence number given (0: none).
const HEAD: &str = "SELECT COALESCE(MAX(seq), 0) FROM lobby_events";

/// Event `$3` of node `$2` at sequence number `$1`.
const INSERT: &str = concat!(
    "INSERT INTO lobby_events (seq, node_id, at_ms, event) VALUES ($1, $2, ",
    now_ms!(),
    ", $3)"
);

/// Events older than `$1` ms, except the newest row.
const PRUNE: &str = concat!(
    "DELETE FROM lobby_events WHERE at_ms < ",
    now_ms!(),
    " - $1 AND seq < (SELECT MAX(seq) FROM lobby_events)"
);

/// At most `$2` events after sequence number `$1`, oldest first.
const AFTER: &str = "SELECT seq, node_id, event FROM lobby_events WHERE seq > $1 ORDER BY seq
    LIMIT $2";

/// Node `$1` (reachable at `$2`) is alive and has the pools `$3` connected.
const ANNOUNCE: &str = concat!(
    "INSERT INTO nodes (node_id, advertise_url, heartbeat_at_ms, pools) VALUES ($1, $2, ",
    now_ms!(),
    ", $3) ON CONFLICT (node_id) DO UPDATE SET advertise_url = excluded.advertise_url,
        heartbeat_at_ms = excluded.heartbeat_at_ms, pools = excluded.pools"
);

/// The pools of the nodes other than `$1` heard from within `$2` ms, by node name.
const OTHERS: &str = concat!(
    "SELECT node_id, pools FROM nodes WHERE node_id <> $1 AND heartbeat_at_ms > ",
    now_ms!(),
    " - $2 ORDER BY node_id"
);

fn backend(e: tokio_postgres::Error) -> StoreError {
    StoreError::Backend(format!("postgres: {e}"))
}

/// When old events were last pruned, so that it happens at most every [`PRUNE_EVERY`].
#[derive(Debug, Default)]
pub(crate) struct Pruning {
    last: Mutex<Option<Instant>>,
}

impl Pruning {
    /// Whether an append should prune now (and, if so, counts it as done).
    fn due(&self) -> bool {
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        let due = last.is_none_or(|t| t.elapsed() >= PRUNE_EVERY);
        if due {
            *last = Some(Instant::now());
        }
        due
    }
}

/// Appends `events` of node `node` in one transaction (see the module's comment), pruning
/// old rows first when due, and wakes the readers once it commits.
pub(crate) async fn append(
    client: &mut deadpool_postgres::Object,
    node: &str,
    events: &[pb::LobbyEvent],
    pruning: &Pruning,
) -> Result<(), StoreError> {
    if events.is_empty() {
        return Ok(());
    }
    let tx = client.transaction().await.map_err(backend)?;
    tx.batch_execute(APPEND_LOCK).await.map_err(backend)?;
    if pruning.due() {
        // Before the insert: the newest row kept is then the one before this batch, which
        // readers may already have read past.
        tx.execute(PRUNE, &[&(KEEP.as_millis() as i64)])
            .await
            .map_err(backend)?;
    }
    let head: i64 = tx
        .query_one(HEAD, &[])
        .await
        .map_err(backend)?
        .try_get(0)
        .map_err(backend)?;
    let insert = tx.prepare_cached(INSERT).await.map_err(backend)?;
    for (i, e) in events.iter().enumerate() {
        let seq = head + 1 + i as i64;
        tx.execute(&insert, &[&seq, &node, &e.encode_to_vec()])
            .await
            .map_err(backend)?;
    }
    // Delivered when the transaction commits, after the rows are visible.
    tx.batch_execute(&format!("NOTIFY {CHANNEL}"))
        .await
        .map_err(backend)?;
    tx.commit().await.map_err(backend)
}

/// The last sequence number given (0: none yet).
pub(crate) async fn head(c: &impl GenericClient) -> Result<i64, StoreError> {
    c.query_one(HEAD, &[])
        .await
        .map_err(backend)?
        .try_get(0)
        .map_err(backend)
}

/// At most `limit` events after `after`, oldest first. A row that does not decode (written
/// by a newer server, or damaged) is skipped, and read past.
pub(crate) async fn after(
    c: &impl GenericClient,
    after: i64,
    limit: usize,
) -> Result<LobbyPage, StoreError> {
    let rows = c
        .query(AFTER, &[&after, &(limit.max(1) as i64)])
        .await
        .map_err(backend)?;
    let mut page = LobbyPage {
        last: after,
        events: Vec::with_capacity(rows.len()),
    };
    for r in &rows {
        let seq: i64 = r.try_get(0).map_err(backend)?;
        let node: String = r.try_get(1).map_err(backend)?;
        let bytes: Vec<u8> = r.try_get(2).map_err(backend)?;
        page.last = seq;
        match pb::LobbyEvent::decode(bytes.as_slice()) {
            Ok(e) => page.events.push((node, e)),
            Err(e) => {
                warn!(seq, node, error = %e, "a lobby event that does not decode was skipped")
            }
        }
    }
    Ok(page)
}

/// Writes node `node`'s pools (and that it is alive, reachable at `advertise`); returns
/// the pools of the other nodes heard from within `lease`, by node name.
pub(crate) async fn announce(
    c: &impl GenericClient,
    node: &str,
    advertise: Option<&str>,
    pools: &str,
    lease: Duration,
) -> Result<Vec<(String, String)>, StoreError> {
    c.execute(ANNOUNCE, &[&node, &advertise, &pools])
        .await
        .map_err(backend)?;
    c.query(OTHERS, &[&node, &(lease.as_millis() as i64)])
        .await
        .map_err(backend)?
        .iter()
        .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
        .collect::<Result<_, tokio_postgres::Error>>()
        .map_err(backend)
}

/// Longest wait between attempts to listen again.
const MAX_BACKOFF: Duration = Duration::from_secs(5);

/// Wake-ups on every notification of [`CHANNEL`], from a connection of its own (a pooled
/// connection cannot be kept listening), connected again with backoff whenever it breaks,
/// until the receiver is dropped. Also one wake-up each time it starts listening: whatever
/// was notified while it was not is read then. Wake-ups coalesce: one waiting is enough.
pub(crate) fn listen(config: tokio_postgres::Config) -> mpsc::Receiver<()> {
    let (tx, rx) = mpsc::channel(1);
    tokio::spawn(async move {
        let mut failures = 0u32;
        while !tx.is_closed() {
            match listen_once(&config, &tx).await {
                Ok(()) => return,
                Err((listened, e)) => {
                    if listened {
                        failures = 0;
                    }
                    warn!(error = %e, "the lobby's LISTEN connection broke; connecting again");
                }
            }
            let wait = Duration::from_millis(100 << failures.min(6)).min(MAX_BACKOFF);
            failures = failures.saturating_add(1);
            tokio::select! {
                _ = tokio::time::sleep(wait) => {}
                _ = tx.closed() => return,
            }
        }
    });
    rx
}

/// One listening connection: `Ok` once nobody wants wake-ups any more; otherwise why it
/// ended, and whether it was listening by then.
async fn listen_once(
    config: &tokio_postgres::Config,
    tx: &mpsc::Sender<()>,
) -> Result<(), (bool, String)> {
    let (client, mut connection) = config
        .connect(NoTls)
        .await
        .map_err(|e| (false, e.to_string()))?;
    // The connection must be polled for the LISTEN to be answered, and for its
    // notifications: on a task of its own, until it ends.
    let wake = tx.clone();
    let mut driver = tokio::spawn(async move {
        let mut messages = futures::stream::poll_fn(move |cx| connection.poll_message(cx));
        while let Some(m) = messages.next().await {
            match m {
                Ok(AsyncMessage::Notification(_)) => {
                    let _ = wake.try_send(());
                }
                Ok(_) => {}
                Err(e) => return e.to_string(),
            }
        }
        "the database closed the connection".to_string()
    });
    let listen = format!("LISTEN {CHANNEL}");
    let listening = tokio::select! {
        r = client.batch_execute(&listen) => r,
        _ = tx.closed() => {
            driver.abort();
            return Ok(());
        }
    };
    if let Err(e) = listening {
        driver.abort();
        return Err((false, e.to_string()));
    }
    debug!("listening for lobby events");
    let _ = tx.try_send(());
    let ended = tokio::select! {
        r = &mut driver => r,
        _ = tx.closed() => {
            driver.abort();
            return Ok(());
        }
    };
    drop(client);
    Err((true, ended.unwrap_or_else(|e| e.to_string())))
}

#[cfg(test)]
pub(crate) mod tests {
    use std::time::Duration;

    use hustings_proto::v1 as pb;
    use prost::Message;

    use crate::sql::lease::Node;
    use crate::sql::postgres::PostgresStore;
    use crate::store::Store;

    /// A new empty database on the test PostgreSQL server (`HUSTINGS_TEST_POSTGRES_URL`);
    /// `None`, and the test skipped, without one (but under `CI=true`, where it fails).
    pub(crate) fn fresh_database(tag: &str) -> Option<String> {
        let Some(base) = std::env::var("HUSTINGS_TEST_POSTGRES_URL")
            .ok()
            .map(|u| u.trim().to_string())
            .filter(|u| !u.is_empty())
        else {
            // CI must run it: there (CI=true) a missing server fails the test, as it does the
            // other PostgreSQL tests (`hustings::server_proc::postgres_test_url`).
            assert!(
                std::env::var("CI").as_deref() != Ok("true"),
                "CI=true but HUSTINGS_TEST_POSTGRES_URL is not set: CI must run the PostgreSQL tests"
            );
            eprintln!("!!! SKIPPING a PostgreSQL test: HUSTINGS_TEST_POSTGRES_URL is not set");
            return None;
        };
        let name = format!(
            "hustings_lib_{tag}_{}_{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_millis() % 1_000_000)
                .unwrap_or(0)
        );
        let (b2, n2) = (base.clone(), name.clone());
        std::thread::spawn(move || {
            let mut admin =
                postgres::Client::connect(&b2, postgres::NoTls).expect("reach the test server");
            admin
                .batch_execute(&format!("CREATE DATABASE {n2}"))
                .expect("database created");
        })
        .join()
        .expect("database created");
        let (url, query) = match base.split_once('?') {
            Some((u, q)) => (u.to_string(), format!("?{q}")),
            None => (base.clone(), String::new()),
        };
        let cut = url.rfind('/').expect("a database URL has a path");
        Some(format!("{}/{name}{query}", &url[..cut]))
    }

    async fn open(url: &str, node: &str) -> PostgresStore {
        PostgresStore::open_node(
            url,
            Node {
                id: node.into(),
                advertise: Some(format!("http://{node}:50051")),
                lease: Duration::from_secs(5),
            },
        )
        .await
        .expect("store opens")
    }

    /// A plain connection, for what the store does not do itself.
    async fn raw(url: &str) -> tokio_postgres::Client {
        let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
            .await
            .expect("connects");
        tokio::spawn(connection);
        client
    }

    fn event(id: &str) -> pb::LobbyEvent {
        pb::LobbyEvent {
            summary: Some(pb::MatchSummary {
                match_id: id.into(),
                game: "presidency".into(),
                ..Default::default()
            }),
            waiting_bot_seats: vec![1],
        }
    }

    fn ids(events: &[(String, pb::LobbyEvent)]) -> Vec<(String, String)> {
        events
            .iter()
            .map(|(node, e)| {
                let id = e.summary.as_ref().map(|m| m.match_id.clone());
                (node.clone(), id.unwrap_or_default())
            })
            .collect()
    }

    async fn seqs(c: &tokio_postgres::Client) -> Vec<i64> {
        c.query("SELECT seq FROM lobby_events ORDER BY seq", &[])
            .await
            .expect("rows")
            .iter()
            .map(|r| r.get(0))
            .collect()
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn events_are_read_after_a_sequence_number_in_the_order_they_were_appended() {
        let Some(url) = fresh_database("lobby_order") else {
            return;
        };
        let (a, b) = (open(&url, "node-a").await, open(&url, "node-b").await);
        let mut woken = b.lobby_wakeups().expect("PostgreSQL wakes its readers");
        // The first wake-up says it listens (whatever came before is to be read).
        tokio::time::timeout(Duration::from_secs(10), woken.recv())
            .await
            .expect("listening within 10 s");
        assert_eq!(a.lobby_head().await.expect("head"), 0);

        a.lobby_append(&[event("m1"), event("m2")])
            .await
            .expect("append");
        tokio::time::timeout(Duration::from_secs(10), woken.recv())
            .await
            .expect("B is woken by A's append")
            .expect("still listening");
        b.lobby_append(&[event("m3")]).await.expect("append");
        a.lobby_append(&[event("m4")]).await.expect("append");
        let page = b.lobby_after(0, 10).await.expect("read");
        assert_eq!(page.last, 4);
        let want = [
            ("node-a", "m1"),
            ("node-a", "m2"),
            ("node-b", "m3"),
            ("node-a", "m4"),
        ];
        let want: Vec<(String, String)> = want
            .iter()
            .map(|(n, m)| (n.to_string(), m.to_string()))
            .collect();
        assert_eq!(ids(&page.events), want);
        let page = a.lobby_after(2, 1).await.expect("read");
        assert_eq!((page.last, ids(&page.events)), (3, want[2..3].to_vec()));
        let page = a.lobby_after(4, 10).await.expect("read");
        assert_eq!((page.last, page.events.len()), (4, 0), "nothing new");
        assert_eq!(b.lobby_head().await.expect("head"), 4);

        // Appends from both nodes at once: each node's events keep their order, and the
        // sequence numbers follow each other with no gap and none given twice.
        let (a, b) = (std::sync::Arc::new(a), std::sync::Arc::new(b));
        let mut tasks = Vec::new();
        for (store, node) in [(a.clone(), "a"), (b.clone(), "b")] {
            tasks.push(tokio::spawn(async move {
                for i in 0..20 {
                    store
                        .lobby_append(&[event(&format!("{node}{i}"))])
                        .await
                        .expect("append");
                }
            }));
        }
        for t in tasks {
            t.await.expect("appends");
        }
        let page = a.lobby_after(4, 100).await.expect("read");
        assert_eq!(page.last, 44);
        for node in ["node-a", "node-b"] {
            let mine: Vec<String> = ids(&page.events)
                .into_iter()
                .filter(|(n, _)| n == node)
                .map(|(_, m)| m)
                .collect();
            let short = &node[5..];
            let expected: Vec<String> = (0..20).map(|i| format!("{short}{i}")).collect();
            assert_eq!(mine, expected);
        }
        assert_eq!(seqs(&raw(&url).await).await, (1..=44).collect::<Vec<i64>>());
    }

    /// An event at `seq` written eleven minutes ago, by a node long gone.
    async fn old(c: &tokio_postgres::Client, seq: i64) {
        let bytes = event(&format!("old{seq}")).encode_to_vec();
        c.execute(
            "INSERT INTO lobby_events (seq, node_id, at_ms, event) VALUES ($1, 'node-x',
                CAST(EXTRACT(EPOCH FROM now()) * 1000 AS BIGINT) - 660000, $2)",
            &[&seq, &bytes],
        )
        .await
        .expect("an event of eleven minutes ago");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn old_events_are_pruned_at_most_once_a_minute_and_never_the_newest() {
        let Some(url) = fresh_database("lobby_prune") else {
            return;
        };
        let store = open(&url, "node-a").await;
        let c = raw(&url).await;
        for seq in 1..=3 {
            old(&c, seq).await;
        }
        // The first append prunes: the old rows go but the newest, which readers may
        // have read past, so the sequence goes on from it.
        store.lobby_append(&[event("new4")]).await.expect("append");
        assert_eq!(seqs(&c).await, [3, 4]);
        // Within the minute, nothing more is pruned.
        old(&c, 5).await;
        store.lobby_append(&[event("new6")]).await.expect("append");
        assert_eq!(seqs(&c).await, [3, 4, 5, 6]);
        let page = store.lobby_after(3, 10).await.expect("read");
        assert_eq!(page.last, 6);
        assert_eq!(page.events.len(), 3);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_node_hears_the_pools_of_the_other_live_nodes() {
        let Some(url) = fresh_database("lobby_pools") else {
            return;
        };
        let (a, b) = (open(&url, "node-a").await, open(&url, "node-b").await);
        let pools = r#"[{"games":[],"ais":["random"]}]"#;
        assert_eq!(
            a.announce(pools).await.expect("announce"),
            [("node-b".to_string(), "[]".to_string())],
            "B is alive with no pool (it registered on opening)"
        );
        assert_eq!(
            b.announce("[]").await.expect("announce"),
            [("node-a".to_string(), pools.to_string())]
        );
        // A node not heard from for a lease counts no more.
        raw(&url)
            .await
            .execute(
                "UPDATE nodes SET heartbeat_at_ms = 0 WHERE node_id = 'node-a'",
                &[],
            )
            .await
            .expect("A's heartbeat made old");
        assert_eq!(
            b.announce("[]").await.expect("announce"),
            Vec::<(String, String)>::new()
        );
    }
}
