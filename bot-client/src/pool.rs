//! The bot pool: follows the lobby stream and fills every seat that waits for an AI, playing
//! many matches at once.
//!
//! A pool never gives up on a server that is away: the lobby and every seat it holds are
//! retried with capped backoff for as long as the pool runs, and the server's state is told
//! once per change ("unreachable", then "answers again"), not once per try. The tokens of
//! the seats it holds are kept in its seat book ([`crate::seats`]), in memory and in a file
//! under its data directory: when the server is back each seat's stream is opened again
//! with its token, and a pool started again over the same data directory takes up every
//! seat the last one held before it follows the lobby.
//!
//! Given several nodes of a cluster (`--server A,B`), the lobby stream and each seat keep
//! to one node and move to the next ([`crate::nodes`]) when it stops answering; a seat
//! taken after a move starts on the node the pool moved to.
//!
//! Run with a bot account's token ([`run_pool_on`] a cluster with an [`crate::nodes::Auth`],
//! `hustings-bot pool --token`), every call carries it and the seats the pool fills are
//! held by the bot account: the match shows its handle.

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::bail;
use hustings_proto::servers::Servers;
use hustings_proto::v1 as pb;
use tokio::sync::{Mutex, OwnedSemaphorePermit, Semaphore};
use tokio_stream::StreamExt;
use tracing::{debug, info, warn};

use crate::ai::{AI_NAMES, make_ai};
use crate::net::{self, AiDecider, Retry, is_transient};
use crate::nodes::{Cluster, Node};
use crate::seats::{HeldSeat, SeatBook};

/// What the pool plays.
#[derive(Clone, Debug)]
pub struct PoolConfig {
    /// The server, or the nodes of a cluster, in the order to try them.
    pub servers: Servers,
    /// The AI for seats that do not name one.
    pub ai: String,
    /// Only matches of these games (empty: every game).
    pub games: Vec<String>,
    /// Seats played at once.
    pub concurrency: usize,
    /// Stop after this many seats' matches have finished (`None`: run until stopped).
    pub max_seats: Option<u64>,
    /// Display name prefix.
    pub name: String,
    /// The backoff between tries (its `attempts` is ignored: the pool retries forever).
    pub retry: Retry,
    pub seed: u64,
    /// Where the seat book is kept (`pool-seats.json` inside it); `None`: in memory only,
    /// so a restarted pool cannot take up its seats again.
    pub data_dir: Option<PathBuf>,
}

/// What a pool did.
#[derive(Clone, Debug, Default)]
pub struct PoolReport {
    pub seats_played: u64,
    pub failures: u64,
    /// Seats held by an earlier run (from the seat book) that this one took up again.
    pub seats_resumed: u64,
}

/// What every seat task shares.
struct Shared {
    cluster: Cluster,
    /// The server list as given (`A,B`): the key of this pool's entries in the seat book.
    server: String,
    name: String,
    retry: Retry,
    book: SeatBook,
    report: Mutex<PoolReport>,
    /// The seats taken or being taken now, so that a lobby event about a seat already in
    /// hand starts no second try. A seat leaves it when its play ends, however it ends: a
    /// seat the pool failed to take is tried again at the next event that says it waits, and
    /// a pool that runs for months does not keep every seat it ever played.
    claimed: std::sync::Mutex<HashSet<(String, u32)>>,
}

impl Shared {
    /// Marks a seat as in hand; false if it already was.
    fn claim(&self, match_id: &str, seat: u32) -> bool {
        self.claimed
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert((match_id.to_string(), seat))
    }

    /// The seat is no longer in hand (its play ended, or taking it failed).
    fn release(&self, match_id: &str, seat: u32) {
        self.claimed
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&(match_id.to_string(), seat));
    }
}

/// Whether the lobby's node answers, as last told to the user: one message per change.
struct Link {
    /// The lobby stream's node.
    node: Node,
    /// Since when no node has answered (`None`: the node in use answers).
    down_since: Option<Instant>,
}

impl Link {
    /// The lobby's node stopped answering: moves to the next one, and says so once (not
    /// once per try while every node is away).
    fn lost(&mut self, why: &str, held: usize, retry: &Retry) {
        let several = self.node.several();
        let (lost, next) = self.node.lost();
        if self.down_since.is_some() {
            debug!(error = why, lost = %lost, next = %next, "the server is still unreachable");
            return;
        }
        self.down_since = Some(Instant::now());
        let what = if several {
            format!("lost node {lost} ({why}); trying {next}, and the other nodes in turn,")
        } else {
            format!("the server at {lost} is unreachable ({why});")
        };
        eprintln!(
            "hustings-bot pool: {what} retrying every {} at most for as long as the pool \
             runs, keeping its {}",
            seconds(retry.max_backoff),
            plural(held, "seat")
        );
    }

    /// The lobby stream broke: the next try, on the next node, tells whether that node is
    /// away too. With several nodes the move is told, since the pool's seats may follow.
    fn broke(&mut self, why: &str) {
        let several = self.node.several();
        let (lost, next) = self.node.lost();
        if several && self.down_since.is_none() {
            eprintln!("hustings-bot pool: lost node {lost} ({why}); trying {next}");
        } else {
            debug!(error = why, lost = %lost, "the lobby stream broke");
        }
    }

    fn back(&mut self, held: usize) {
        if let Some(since) = self.down_since.take() {
            let who = if self.node.several() {
                format!("node {}", self.node.url())
            } else {
                format!("the server at {}", self.node.url())
            };
            eprintln!(
                "hustings-bot pool: {who} answers again after {}; following the lobby and \
                 playing its {} again",
                seconds(since.elapsed()),
                plural(held, "seat")
            );
        }
    }
}

fn seconds(d: Duration) -> String {
    format!("{:.0} s", d.as_secs_f64())
}

fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// Runs the pool until `max_seats` matches are over (or forever), as a guest.
pub async fn run_pool(config: PoolConfig) -> anyhow::Result<PoolReport> {
    let cluster = Cluster::connect(config.servers.clone())?;
    run_pool_on(cluster, config).await
}

/// [`run_pool`] through `cluster`'s nodes (made from `config.servers`), every call carrying
/// the cluster's credential.
pub async fn run_pool_on(cluster: Cluster, config: PoolConfig) -> anyhow::Result<PoolReport> {
    let book = match &config.data_dir {
        Some(dir) => SeatBook::open_in(dir)?,
        None => SeatBook::in_memory(),
    };
    let server = config.servers.to_string();
    let shared = Arc::new(Shared {
        cluster,
        server: server.clone(),
        name: config.name.clone(),
        retry: config.retry.forever(),
        book,
        report: Mutex::default(),
        claimed: std::sync::Mutex::default(),
    });
    let slots = Arc::new(Semaphore::new(config.concurrency.max(1)));
    let mut started = 0u64;
    let full = |started: u64| config.max_seats.is_some_and(|m| started >= m);

    // The seats an earlier run held: play them again before anything else.
    let held = shared.book.held_on(&server);
    if !held.is_empty() {
        eprintln!(
            "hustings-bot pool: taking up {} held before (from {})",
            plural(held.len(), "seat"),
            shared
                .book
                .path()
                .map(|p| p.display().to_string())
                .unwrap_or_default()
        );
    }
    for seat in held {
        if full(started) {
            break;
        }
        shared.claim(&seat.match_id, seat.seat);
        let permit = slots.clone().acquire_owned().await?;
        started += 1;
        shared.report.lock().await.seats_resumed += 1;
        tokio::spawn(play_held(shared.clone(), seat, permit));
    }

    let mut link = Link {
        node: shared.cluster.node(),
        down_since: None,
    };
    let mut failures = 0u32;
    'lobby: loop {
        if full(started) {
            break;
        }
        if failures > 0 {
            tokio::time::sleep(shared.retry.backoff(failures - 1)).await;
        }
        let opened = link
            .node
            .client()
            .watch_lobby(link.node.auth().request(pb::WatchLobbyRequest {
                games: config.games.clone(),
                // Say that this is a pool, and what it plays: the server tells the players
                // of a seat no pool will take why it waits.
                bot_pool: true,
                pool_ais: AI_NAMES.iter().map(|a| a.to_string()).collect(),
                pool_name: config.name.clone(),
            }))
            .await;
        let mut lobby = match opened {
            Ok(s) => s.into_inner(),
            Err(s) if is_transient(&s) || s.code() == tonic::Code::Internal => {
                failures += 1;
                link.lost(
                    s.message(),
                    shared.book.held_on(&server).len(),
                    &shared.retry,
                );
                continue 'lobby;
            }
            Err(s) => bail!("cannot follow the lobby: {} ({:?})", s.message(), s.code()),
        };
        link.back(shared.book.held_on(&server).len());
        loop {
            if full(started) {
                break 'lobby;
            }
            let event = match lobby.next().await {
                Some(Ok(e)) => e,
                // However the stream ended, open it again: the next try tells whether the
                // server is away.
                Some(Err(s)) => {
                    failures += 1;
                    link.broke(s.message());
                    continue 'lobby;
                }
                None => {
                    failures += 1;
                    link.broke("the stream ended");
                    continue 'lobby;
                }
            };
            failures = 0;
            let Some(summary) = event.summary else {
                continue;
            };
            for seat in event.waiting_bot_seats {
                if full(started) {
                    break;
                }
                let wanted = summary.seats.get(seat as usize);
                let ai = wanted
                    .map(|s| s.ai.trim())
                    .filter(|a| !a.is_empty())
                    .unwrap_or(&config.ai)
                    .to_string();
                let level = wanted.map(|s| s.ai_level.clone()).unwrap_or_default();
                // A seat for an AI this pool does not play is left to a pool that does (the
                // server tells the match's players which AIs the connected pools offer).
                if let Err(why) = make_ai(&ai, &level, 0) {
                    debug!(
                        match_id = summary.match_id,
                        seat, why, "a seat for another pool"
                    );
                    continue;
                }
                if !shared.claim(&summary.match_id, seat) {
                    continue;
                }
                let permit = slots.clone().acquire_owned().await?;
                let seed = config.seed.wrapping_add(started);
                started += 1;
                let want = Wanted {
                    match_id: summary.match_id.clone(),
                    game: summary.game.clone(),
                    seat,
                    ai,
                    level,
                };
                tokio::spawn(take_and_play(shared.clone(), want, seed, permit));
            }
        }
    }
    // Wait for every seat in play to finish.
    let _ = slots.acquire_many(config.concurrency.max(1) as u32).await?;
    let r = shared.report.lock().await.clone();
    Ok(r)
}

/// A seat the lobby offered.
struct Wanted {
    match_id: String,
    game: String,
    seat: u32,
    ai: String,
    level: String,
}

/// Joins a seat the lobby offered, records its token in the seat book, and plays it.
async fn take_and_play(shared: Arc<Shared>, want: Wanted, seed: u64, permit: OwnedSemaphorePermit) {
    // The seat is played through the node that let it join.
    let mut node = shared.cluster.node();
    let joined = async {
        make_ai(&want.ai, &want.level, seed).map_err(anyhow::Error::msg)?;
        let name = format!("{} ({})", shared.name, want.ai);
        net::join(
            &mut node,
            &want.match_id,
            Some(want.seat),
            &name,
            &shared.retry,
        )
        .await
    }
    .await;
    let joined = match joined {
        Ok(j) => j,
        Err(e) => {
            warn!(match_id = want.match_id, seat = want.seat, error = %format!("{e:#}"), "pool could not take a seat");
            shared.report.lock().await.failures += 1;
            shared.release(&want.match_id, want.seat);
            drop(permit);
            return;
        }
    };
    info!(
        match_id = want.match_id,
        seat = joined.seat,
        "pool took a seat"
    );
    let held = HeldSeat {
        server: shared.server.clone(),
        match_id: want.match_id,
        seat: joined.seat,
        token: joined.token,
        game: want.game,
        ai: want.ai,
        level: want.level,
    };
    if let Err(e) = shared.book.add(held.clone()) {
        // The seat is still played; only a restarted pool could not take it up again.
        warn!(error = %format!("{e:#}"), "could not record the seat's token");
    }
    play(shared, node, held, seed, permit).await;
}

/// Plays a seat an earlier run of the pool held.
async fn play_held(shared: Arc<Shared>, held: HeldSeat, permit: OwnedSemaphorePermit) {
    info!(
        match_id = held.match_id,
        seat = held.seat,
        "pool takes up a seat it held"
    );
    let seed = u64::from(held.seat).wrapping_add(held.match_id.len() as u64);
    let node = shared.cluster.node();
    play(shared, node, held, seed, permit).await;
}

/// Plays a held seat to the end of its match through `node` (and the next ones if it
/// stops answering), then forgets it.
async fn play(
    shared: Arc<Shared>,
    mut node: Node,
    held: HeldSeat,
    seed: u64,
    permit: OwnedSemaphorePermit,
) {
    let result = async {
        let ai = make_ai(&held.ai, &held.level, seed).map_err(anyhow::Error::msg)?;
        net::play_seat(
            &mut node,
            &held.game,
            &held.match_id,
            held.seat,
            &held.token,
            Box::new(AiDecider(ai)),
            &shared.retry,
        )
        .await
    }
    .await;
    // Retrying forever, an error here is for good (the match or the token is unknown to the
    // server, or the AI failed): the seat is not kept either way.
    if let Err(e) = shared.book.remove(&held.server, &held.match_id, held.seat) {
        warn!(error = %format!("{e:#}"), "could not update the seat book");
    }
    shared.release(&held.match_id, held.seat);
    let mut r = shared.report.lock().await;
    match result {
        Ok(p) => {
            info!(match_id = held.match_id, seat = held.seat, reason = %p.outcome.reason, "pool seat finished");
            r.seats_played += 1;
        }
        Err(e) => {
            warn!(match_id = held.match_id, seat = held.seat, error = %format!("{e:#}"), "pool seat failed");
            r.failures += 1;
        }
    }
    drop(permit);
}
