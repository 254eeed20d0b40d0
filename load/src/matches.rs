//! Active load: many matches of random players, each seat following its own stream.
//!
//! Every match is one task: it creates the match, joins every seat, opens one `WatchMatch`
//! stream per seat and, whenever a seat is prompted at the match's current version, picks
//! one of the offered choices uniformly at random and sends it with `Act`. A shared
//! semaphore bounds how many choices are in flight at once (the concurrency); a permit is
//! held from `Act` sent until the acting seat's stream brings the new version, and that
//! interval is the latency recorded. When a match ends, the task starts a new one, so the
//! number of active matches stays constant.
//!
//! A soak staggers the first matches (`stagger`): each slot's first match is conceded after
//! a random number of choices, so the matches that replace them start, and later finish,
//! spread over time instead of in waves of a thousand that all began together. Its memory
//! readings are means: the server's resident memory is read once a second and each
//! reported reading is the mean of those in its interval, with their lowest and highest.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use futures::StreamExt;
use futures::stream::{BoxStream, SelectAll};
use hdrhistogram::Histogram;
use hustings_proto::v1 as pb;
use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use tokio::sync::{Mutex, Semaphore, mpsc};
use tonic::transport::Channel;

use crate::player::{HustingsClient, PlayerUpdate};
use crate::{Latency, latency_histogram, record};

/// Most matches sharing one HTTP/2 connection: two streams each plus their `Act`s stay
/// under the server's limit of concurrent streams per connection.
pub const MATCHES_PER_CONNECTION: usize = 48;

/// How players reach the matches when the server is several nodes of one cluster.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Route {
    /// Each match is created, joined, watched and played through one node (round robin
    /// over the nodes), the one that owns it: no call is forwarded.
    #[default]
    Direct,
    /// Each match is created on node i (round robin) and every other call about it goes
    /// through node i+1, so every Join, Watch stream and Act is forwarded to the owner.
    /// With one node this is the same as direct.
    Forwarded,
}

impl Route {
    /// The nodes (indexes among `nodes`) that create match slot `slot` and that carry
    /// every other call about it.
    pub fn nodes_of(self, slot: usize, nodes: usize) -> (usize, usize) {
        let n = nodes.max(1);
        let owner = slot % n;
        match self {
            Route::Direct => (owner, owner),
            Route::Forwarded => (owner, (owner + 1) % n),
        }
    }
}

/// What to drive.
#[derive(Clone, Debug)]
pub struct LoadConfig {
    /// Matches kept active at once.
    pub matches: usize,
    /// Choices in flight at once.
    pub concurrency: usize,
    /// How long to measure, once every match is set up.
    pub duration: Duration,
    /// Game id.
    pub game: String,
    /// How many create/join/watch calls run at once while setting matches up.
    pub setup_parallelism: usize,
    /// Seed of the players' random choices.
    pub seed: u64,
    /// The server's processes (one per node), whose resident memory (summed) is read
    /// after set-up and at the end, and whose CPU time is read over the measurement.
    pub server_pids: Vec<u32>,
    /// How players reach the matches when the pool holds several nodes.
    pub route: Route,
    /// Also read the CPU time of every process whose command line contains each of these
    /// texts over the measurement (e.g. the database's PostgreSQL backends).
    pub cpu_of: Vec<String>,
    /// Soak: also report the server's resident memory this often during the measurement
    /// (each report the mean of one reading a second over the interval).
    pub sample_every: Option<Duration>,
    /// Each slot's first match is conceded after a uniformly random number of choices
    /// below this (0: played to its end like the others), so finishes spread over time.
    pub stagger: u32,
}

/// How often a soak reads the server's memory within one reported interval.
pub const SOAK_READING: Duration = Duration::from_secs(1);

/// One reported interval of a soak run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Sample {
    /// Seconds into the measurement, at the interval's end.
    pub seconds: f64,
    /// Server resident memory, bytes: the mean of the interval's readings.
    pub rss: u64,
    /// The lowest and highest single reading of the interval, bytes.
    pub rss_min: u64,
    pub rss_max: u64,
    /// How many readings (one a second, [`SOAK_READING`]) the interval holds.
    pub readings: u32,
    /// Choices and finished matches since the measurement began.
    pub choices: u64,
    pub finished: u64,
}

/// What the load measured.
#[derive(Clone, Debug, Default)]
pub struct LoadReport {
    pub matches: usize,
    pub concurrency: usize,
    /// Seconds it took to create, join and watch every match.
    pub setup_seconds: f64,
    /// Choices completed (update received) during the measurement.
    pub choices: u64,
    pub seconds: f64,
    pub per_second: f64,
    pub latency: Latency,
    /// Matches that reached their end during the measurement.
    pub finished: u64,
    /// Acts refused (should stay 0: every choice sent is offered at the current version).
    pub act_errors: u64,
    /// Matches that failed to set up or whose streams broke.
    pub match_errors: u64,
    /// Server resident memory once every match was set up, and at the end, in bytes.
    pub rss_after_setup: Option<u64>,
    pub rss_end: Option<u64>,
    /// Server CPU time (user + system) per choice during the measurement, in µs: every
    /// node's together.
    pub server_cpu_us_per_choice: Option<f64>,
    /// The same for each node, in the order of the server pids (empty without them).
    pub node_cpu_us_per_choice: Vec<f64>,
    /// For each text of `cpu_of`: the CPU per choice (µs) of the processes whose command
    /// line holds it, and how many such processes ran at the end.
    pub other_cpu_us_per_choice: Vec<(String, f64, usize)>,
    /// Soak readings, in order (empty unless asked for).
    pub samples: Vec<Sample>,
}

/// How flat a soak's memory stayed, over the intervals after the first tenth of the run
/// (set-up's last allocations, the first finished matches and their linger settle there).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Flatness {
    /// How many intervals count.
    pub intervals: usize,
    /// The mean of their means, bytes.
    pub mean: f64,
    /// The lowest and highest interval mean, as a fraction of `mean` minus one (−0.04 is
    /// 4% below it).
    pub low: f64,
    pub high: f64,
    /// The lowest and highest single reading, likewise.
    pub single_low: f64,
    pub single_high: f64,
    /// The mean of the second half's intervals over the first half's, minus one: a trend.
    pub trend: f64,
}

impl Flatness {
    /// Whether every interval mean is within `fraction` of the mean (0.10: 10%).
    pub fn within(&self, fraction: f64) -> bool {
        self.low >= -fraction && self.high <= fraction
    }
}

impl LoadReport {
    /// Soak: how flat the memory stayed after the first tenth of the run; `None` with
    /// fewer than two intervals there.
    pub fn rss_flatness(&self) -> Option<Flatness> {
        let settled: Vec<&Sample> = self
            .samples
            .iter()
            .filter(|s| s.seconds > self.seconds / 10.0 && s.readings > 0)
            .collect();
        if settled.len() < 2 {
            return None;
        }
        let mean_of =
            |xs: &[&Sample]| xs.iter().map(|s| s.rss as f64).sum::<f64>() / xs.len() as f64;
        let mean = mean_of(&settled);
        if mean <= 0.0 {
            return None;
        }
        let rel = |x: u64| x as f64 / mean - 1.0;
        let (first, second) = settled.split_at(settled.len() / 2);
        Some(Flatness {
            intervals: settled.len(),
            mean,
            low: settled
                .iter()
                .map(|s| rel(s.rss))
                .fold(f64::INFINITY, f64::min),
            high: settled
                .iter()
                .map(|s| rel(s.rss))
                .fold(f64::NEG_INFINITY, f64::max),
            single_low: settled
                .iter()
                .map(|s| rel(s.rss_min))
                .fold(f64::INFINITY, f64::min),
            single_high: settled
                .iter()
                .map(|s| rel(s.rss_max))
                .fold(f64::NEG_INFINITY, f64::max),
            trend: mean_of(second) / mean_of(first) - 1.0,
        })
    }
}

struct Shared {
    permits: Arc<Semaphore>,
    /// Set once every match is set up: latencies count from then on.
    measuring: AtomicBool,
    stop: AtomicBool,
    choices: AtomicU64,
    finished: AtomicU64,
    act_errors: AtomicU64,
    match_errors: AtomicU64,
    hist: Mutex<Histogram<u64>>,
}

/// Drives `config.matches` matches against the server at `nodes`' connections: one pool of
/// connections per node of a cluster (one pool for a single server), reached as
/// `config.route` says.
pub async fn drive(nodes: Vec<Vec<Channel>>, config: &LoadConfig) -> anyhow::Result<LoadReport> {
    if nodes.iter().any(|p| p.is_empty()) || nodes.is_empty() {
        anyhow::bail!("every node needs at least one connection");
    }
    let shared = Arc::new(Shared {
        permits: Arc::new(Semaphore::new(config.concurrency.max(1))),
        measuring: AtomicBool::new(false),
        stop: AtomicBool::new(false),
        choices: AtomicU64::new(0),
        finished: AtomicU64::new(0),
        act_errors: AtomicU64::new(0),
        match_errors: AtomicU64::new(0),
        hist: Mutex::new(latency_histogram()),
    });
    let setup_gate = Arc::new(Semaphore::new(config.setup_parallelism.max(1)));
    let (ready_tx, mut ready_rx) = mpsc::unbounded_channel::<()>();
    let setup_start = Instant::now();
    let mut tasks = Vec::with_capacity(config.matches);
    for i in 0..config.matches {
        // Slot i's connection on a node: consecutive slots of that node share one, as
        // with a single server (slot / nodes counts the node's own slots).
        let (create_on, play_on) = config.route.nodes_of(i, nodes.len());
        let conn = |node: usize| {
            let pool = &nodes[node];
            HustingsClient::new(pool[i / nodes.len() / MATCHES_PER_CONNECTION % pool.len()].clone())
        };
        let (creator, client) = (conn(create_on), conn(play_on));
        let shared = shared.clone();
        let gate = setup_gate.clone();
        let ready = ready_tx.clone();
        let game = config.game.clone();
        let rng = SmallRng::seed_from_u64(config.seed.wrapping_add(i as u64));
        tasks.push(tokio::spawn(run_player(
            Clients { creator, client },
            game,
            shared,
            gate,
            ready,
            rng,
            config.stagger,
        )));
    }
    drop(ready_tx);
    // Wait until every first match is set up (or failed to).
    let mut ready = 0;
    while ready < config.matches {
        if ready_rx.recv().await.is_none() {
            break;
        }
        ready += 1;
    }
    let setup_seconds = setup_start.elapsed().as_secs_f64();
    let rss = || crate::rss::rss_of_all(&config.server_pids);
    let rss_after_setup = rss();
    if shared.match_errors.load(Ordering::Relaxed) as usize >= config.matches {
        anyhow::bail!("no match could be set up");
    }
    shared.choices.store(0, Ordering::Relaxed);
    shared.finished.store(0, Ordering::Relaxed);
    shared.hist.lock().await.reset();
    let cpu = || -> Option<Vec<Duration>> {
        config
            .server_pids
            .iter()
            .map(|&p| crate::rss::cpu_time_of(p).ok())
            .collect()
    };
    let other_cpu = || -> Vec<(Duration, usize)> {
        config
            .cpu_of
            .iter()
            .map(|t| crate::rss::cpu_time_matching(t))
            .collect()
    };
    let cpu_start = cpu().filter(|c| !c.is_empty());
    let other_start = other_cpu();
    shared.measuring.store(true, Ordering::Relaxed);
    let start = Instant::now();
    let mut samples = Vec::new();
    match (config.sample_every, config.server_pids.is_empty()) {
        (Some(every), false) => {
            let end = start + config.duration;
            let tick = every.min(SOAK_READING);
            let mut readings: Vec<u64> = Vec::new();
            let mut report_at = start + every;
            let mut next = start + tick;
            while next <= end {
                tokio::time::sleep_until(next.into()).await;
                if let Some(rss) = crate::rss::rss_of_all(&config.server_pids) {
                    readings.push(rss);
                }
                // The interval is over: report its mean (the last one may be shorter).
                if next + tick > report_at || next + tick > end {
                    if !readings.is_empty() {
                        let sum: u64 = readings.iter().sum();
                        samples.push(Sample {
                            seconds: start.elapsed().as_secs_f64(),
                            rss: sum / readings.len() as u64,
                            rss_min: readings.iter().copied().min().unwrap_or(0),
                            rss_max: readings.iter().copied().max().unwrap_or(0),
                            readings: readings.len() as u32,
                            choices: shared.choices.load(Ordering::Relaxed),
                            finished: shared.finished.load(Ordering::Relaxed),
                        });
                    }
                    readings.clear();
                    report_at += every;
                }
                next += tick;
            }
            tokio::time::sleep_until(end.into()).await;
        }
        _ => tokio::time::sleep(config.duration).await,
    }
    shared.measuring.store(false, Ordering::Relaxed);
    let seconds = start.elapsed().as_secs_f64();
    let choices = shared.choices.load(Ordering::Relaxed);
    let per_choice = |d: Duration| d.as_secs_f64() * 1e6 / choices.max(1) as f64;
    let node_cpu_us_per_choice: Vec<f64> = cpu_start
        .zip(cpu())
        .map(|(a, b)| {
            a.iter()
                .zip(&b)
                .map(|(a, b)| per_choice(b.saturating_sub(*a)))
                .collect()
        })
        .unwrap_or_default();
    let server_cpu_us_per_choice =
        (!node_cpu_us_per_choice.is_empty()).then(|| node_cpu_us_per_choice.iter().sum());
    let other_cpu_us_per_choice = config
        .cpu_of
        .iter()
        .zip(other_start.iter().zip(other_cpu()))
        .map(|(text, ((a, _), (b, count)))| (text.clone(), per_choice(b.saturating_sub(*a)), count))
        .collect();
    let finished = shared.finished.load(Ordering::Relaxed);
    let latency = Latency::of(&*shared.hist.lock().await);
    let rss_end = rss();
    shared.stop.store(true, Ordering::Relaxed);
    // Players notice the stop at their next update; one that waits for a permit or an
    // update that will not come is simply dropped.
    for t in &tasks {
        t.abort();
    }
    for t in tasks {
        let _ = t.await;
    }
    Ok(LoadReport {
        matches: config.matches,
        concurrency: config.concurrency,
        setup_seconds,
        choices,
        seconds,
        per_second: choices as f64 / seconds,
        latency,
        finished,
        act_errors: shared.act_errors.load(Ordering::Relaxed),
        match_errors: shared.match_errors.load(Ordering::Relaxed),
        rss_after_setup,
        rss_end,
        server_cpu_us_per_choice,
        node_cpu_us_per_choice,
        other_cpu_us_per_choice,
        samples,
    })
}

/// Creates a match through `creator`, then through `client` joins every seat and opens
/// one stream per seat (the same client, or another node's to have them forwarded).
/// Returns each seat's token and the merged streams, each update tagged with its seat.
pub async fn set_up_match(
    creator: &mut HustingsClient<Channel>,
    client: &mut HustingsClient<Channel>,
    game: &str,
) -> anyhow::Result<(
    String,
    Vec<String>,
    SelectAll<BoxStream<'static, (usize, Result<PlayerUpdate, tonic::Status>)>>,
)> {
    let summary = creator
        .create_match(pb::CreateMatchRequest {
            game: game.to_string(),
            ..Default::default()
        })
        .await?
        .into_inner()
        .summary
        .ok_or_else(|| anyhow::anyhow!("CreateMatch returned no summary"))?;
    let id = summary.match_id;
    let mut tokens = Vec::new();
    for seat in 0..summary.seats.len() as u32 {
        let joined = client
            .join_match(pb::JoinMatchRequest {
                match_id: id.clone(),
                seat: Some(seat),
                display_name: format!("load-{seat}"),
                client_kind: pb::ClientKind::Bot as i32,
            })
            .await?
            .into_inner();
        tokens.push(joined.token);
    }
    let mut streams = SelectAll::new();
    for (seat, token) in tokens.iter().enumerate() {
        let s = client
            .watch_match(pb::WatchMatchRequest {
                match_id: id.clone(),
                token: token.clone(),
                from_version: 0,
                include_json_view: false,
                seat: None,
            })
            .await?
            .into_inner();
        streams.push(s.map(move |u| (seat, u)).boxed());
    }
    Ok((id, tokens, streams))
}

/// A slot's clients: the one its matches are created through, and the one that joins,
/// watches and plays them (the same node for a direct route, the next for a forwarded one).
struct Clients {
    creator: HustingsClient<Channel>,
    client: HustingsClient<Channel>,
}

/// Plays matches one after the other, from set-up until the harness stops.
async fn run_player(
    clients: Clients,
    game: String,
    shared: Arc<Shared>,
    gate: Arc<Semaphore>,
    ready: mpsc::UnboundedSender<()>,
    mut rng: SmallRng,
    stagger: u32,
) {
    let Clients {
        mut creator,
        mut client,
    } = clients;
    let mut ready = Some(ready);
    // The first match's cut: after this many choices its first seat concedes.
    let mut cut = (stagger > 0).then(|| rng.random_range(0..stagger));
    while !shared.stop.load(Ordering::Relaxed) {
        let set_up = {
            let _g = gate.acquire().await;
            set_up_match(&mut creator, &mut client, &game).await
        };
        if let Some(r) = ready.take() {
            let _ = r.send(());
        }
        let (id, tokens, streams) = match set_up {
            Ok(x) => x,
            Err(_) => {
                shared.match_errors.fetch_add(1, Ordering::Relaxed);
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let concede_after = cut.take();
        match play_match(
            &mut client,
            &id,
            &tokens,
            streams,
            &shared,
            &mut rng,
            concede_after,
        )
        .await
        {
            Ok(()) => {
                if shared.measuring.load(Ordering::Relaxed) {
                    shared.finished.fetch_add(1, Ordering::Relaxed);
                }
            }
            Err(_) => {
                shared.match_errors.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
}

/// A choice in flight.
struct InFlight {
    seat: usize,
    /// The version the choice produces.
    version: u64,
    sent: Instant,
    _permit: tokio::sync::OwnedSemaphorePermit,
}

/// Plays one match to its end with random choices; with `concede_after`, its first seat
/// resigns once that many choices are made (the match ends at once, for a staggered start).
async fn play_match(
    client: &mut HustingsClient<Channel>,
    id: &str,
    tokens: &[String],
    mut streams: SelectAll<BoxStream<'static, (usize, Result<PlayerUpdate, tonic::Status>)>>,
    shared: &Arc<Shared>,
    rng: &mut SmallRng,
    mut concede_after: Option<u32>,
) -> anyhow::Result<()> {
    let seats = tokens.len();
    // The latest version each seat's stream has shown, and its prompt there.
    let mut seen: Vec<u64> = vec![0; seats];
    let mut prompts: Vec<Option<pb::Prompt>> = vec![None; seats];
    let mut current = 0u64;
    let mut in_flight: Option<InFlight> = None;
    // Choices sent so far, and whether a seat conceded (no choice follows).
    let mut made = 0u32;
    let mut conceded = false;
    // Refused Acts come back here so the match can decide again.
    let (err_tx, mut err_rx) = mpsc::unbounded_channel::<()>();
    loop {
        tokio::select! {
            next = streams.next() => {
                let Some((seat, update)) = next else {
                    anyhow::bail!("every stream of match {id} ended before its outcome");
                };
                let update = update?;
                if update.version > current {
                    current = update.version;
                }
                seen[seat] = update.version;
                prompts[seat] = update.prompt;
                if let Some(f) = &in_flight
                    && f.seat == seat
                    && update.version >= f.version
                {
                    let f = in_flight.take().expect("checked above");
                    shared.choices.fetch_add(1, Ordering::Relaxed);
                    if shared.measuring.load(Ordering::Relaxed) {
                        record(&mut *shared.hist.lock().await, f.sent.elapsed());
                    }
                }
                if update.outcome.is_some() && update.status == pb::MatchStatus::Finished as i32 {
                    return Ok(());
                }
            }
            Some(()) = err_rx.recv() => {
                in_flight = None;
            }
        }
        if in_flight.is_some() || shared.stop.load(Ordering::Relaxed) {
            continue;
        }
        if concede_after.is_some_and(|n| made >= n) {
            // Concede between choices; the outcome comes on the streams like any end. A
            // refusal (the match ended meanwhile) leaves the match to be played out.
            concede_after = None;
            let resigned = client
                .resign(pb::ResignRequest {
                    match_id: id.to_string(),
                    token: tokens[0].clone(),
                    seat: None,
                })
                .await;
            if resigned.is_ok() {
                conceded = true;
            }
        }
        if conceded {
            continue;
        }
        // Act for one seat prompted at the current version (several may be, on a
        // simultaneous step: one choice at a time, as each raises the version).
        let Some(seat) = (0..seats).find(|&s| seen[s] == current && prompts[s].is_some()) else {
            continue;
        };
        // One of the game's own choices: never the service's "undo", which takes a move
        // back (and sends every viewer a snapshot) rather than playing one, so a random
        // player picking it measures take-backs instead of moves and slows its match down.
        let Some(choice) = prompts[seat]
            .as_ref()
            .and_then(|p| {
                let moves: Vec<&pb::Choice> =
                    p.choices.iter().filter(|c| c.kind != "undo").collect();
                moves.choose(rng).copied()
            })
            .map(|c| c.id.clone())
        else {
            continue;
        };
        let permit = shared.permits.clone().acquire_owned().await?;
        made += 1;
        let sent = Instant::now();
        in_flight = Some(InFlight {
            seat,
            version: current + 1,
            sent,
            _permit: permit,
        });
        // Send the Act on its own task, so this one keeps reading the streams and sees the
        // update the moment it arrives (it may come before the Act's own response).
        let mut c = client.clone();
        let req = pb::ActRequest {
            match_id: id.to_string(),
            token: tokens[seat].clone(),
            version: current,
            choice_id: choice,
            seat: None,
        };
        let err_tx = err_tx.clone();
        let shared2 = shared.clone();
        tokio::spawn(async move {
            if c.act(req).await.is_err() {
                shared2.act_errors.fetch_add(1, Ordering::Relaxed);
                let _ = err_tx.send(());
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::Route;

    #[test]
    fn direct_keeps_each_match_on_its_owner_and_forwarded_moves_it_one_on() {
        let direct: Vec<_> = (0..4).map(|i| Route::Direct.nodes_of(i, 3)).collect();
        assert_eq!(direct, [(0, 0), (1, 1), (2, 2), (0, 0)]);
        let forwarded: Vec<_> = (0..4).map(|i| Route::Forwarded.nodes_of(i, 3)).collect();
        assert_eq!(forwarded, [(0, 1), (1, 2), (2, 0), (0, 1)]);
        // One node has nobody to forward to.
        assert_eq!(Route::Forwarded.nodes_of(5, 1), (0, 0));
    }
}
