//! The fan-out baseline: the match server's wire shape with no game behind it.
//!
//! A choice in the match server is one small unary call (`Act`) whose effect is one
//! server-stream message to each seat of its match. Here a room stands for a match and a
//! `Listen` stream for a seat's `WatchMatch`: `rooms` rooms with two listeners each, spread
//! over HTTP/2 connections as the match load spreads its matches, and `concurrency`
//! publishes in flight, each to a random room with none in flight. A publish's latency runs
//! from `Publish` sent to the first of its room's listeners receiving the message, and the
//! room is free again from then on (as a match may act again once the acting seat has
//! its update).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use futures::{StreamExt, TryStreamExt, stream};
use prost::bytes::Bytes;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tokio::sync::oneshot;
use tonic::transport::Channel;

use crate::echo::pb::echo_client::EchoClient;
use crate::echo::pb::{ListenRequest, PublishRequest};
use crate::matches::MATCHES_PER_CONNECTION;
use crate::{Latency, latency_histogram, record};

/// Listeners per room, as seats per match in the Presidential Race.
pub const LISTENERS_PER_ROOM: usize = 2;

/// Size of a `Publish` request's payload: with the room name, about an `Act` request.
pub const PUBLISH_PAYLOAD: usize = 80;

/// What to measure.
#[derive(Clone, Debug)]
pub struct FanoutConfig {
    /// Rooms, each with [`LISTENERS_PER_ROOM`] listeners.
    pub rooms: usize,
    /// Publishes in flight at once.
    pub concurrency: usize,
    pub duration: Duration,
    /// Bytes each listener gets per publish (0: the server's default, 1,024).
    pub reply_bytes: u32,
    /// Listen calls in flight at once while setting rooms up.
    pub setup_parallelism: usize,
    pub seed: u64,
}

/// What the fan-out baseline measured.
#[derive(Clone, Debug)]
pub struct FanoutReport {
    pub rooms: usize,
    pub concurrency: usize,
    /// Publishes whose message reached a listener during the measurement.
    pub calls: u64,
    pub seconds: f64,
    pub per_second: f64,
    pub latency: Latency,
    /// Listener messages the server reported sent and skipped (buffer full), over every
    /// publish answered during the measurement.
    pub delivered: u64,
    pub skipped: u64,
    /// Publishes the server refused.
    pub errors: u64,
    /// Seconds it took to open every listener.
    pub setup_seconds: f64,
}

/// A room: whether a publish to it is in flight, and who waits for its first delivery.
struct Room {
    busy: AtomicBool,
    /// The sequence number of the publish in flight and where to report its delivery.
    waiter: std::sync::Mutex<Option<(u64, oneshot::Sender<()>)>>,
}

impl Room {
    fn waiter(&self) -> std::sync::MutexGuard<'_, Option<(u64, oneshot::Sender<()>)>> {
        self.waiter.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Opens the rooms' listeners on `pool` and publishes to them for `config.duration`.
pub async fn measure(pool: Vec<Channel>, config: &FanoutConfig) -> anyhow::Result<FanoutReport> {
    anyhow::ensure!(!pool.is_empty(), "no connection to publish on");
    let rooms_n = config.rooms.max(1);
    // Names unique to this run, so a long-lived echo server never mixes two runs' rooms.
    let clock = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let run_tag = clock ^ (u64::from(std::process::id()) << 32);
    let names: Arc<Vec<String>> = Arc::new(
        (0..rooms_n)
            .map(|i| format!("{run_tag:016x}-{i}"))
            .collect(),
    );
    let rooms: Arc<Vec<Room>> = Arc::new(
        (0..rooms_n)
            .map(|_| Room {
                busy: AtomicBool::new(false),
                waiter: std::sync::Mutex::new(None),
            })
            .collect(),
    );
    let channel_of = |i: usize| pool[i / MATCHES_PER_CONNECTION % pool.len()].clone();

    // Open every listener (the server has joined it to its room once the call's response
    // headers are back), then read each on its own task.
    let setup_start = Instant::now();
    let listeners: Vec<_> =
        stream::iter((0..rooms_n).flat_map(|i| std::iter::repeat_n(i, LISTENERS_PER_ROOM)))
            .map(|i| {
                let mut client = EchoClient::new(channel_of(i));
                let room = names[i].clone();
                async move {
                    let s = client.listen(ListenRequest { room }).await?.into_inner();
                    Ok::<_, tonic::Status>((i, s))
                }
            })
            .buffer_unordered(config.setup_parallelism.max(1))
            .try_collect()
            .await?;
    let setup_seconds = setup_start.elapsed().as_secs_f64();
    let mut readers = Vec::with_capacity(listeners.len());
    for (i, mut s) in listeners {
        let rooms = rooms.clone();
        readers.push(tokio::spawn(async move {
            while let Some(Ok(m)) = s.next().await {
                let Some(seq) = m.payload.get(..8).and_then(|b| b.try_into().ok()) else {
                    continue;
                };
                let seq = u64::from_le_bytes(seq);
                let mut w = rooms[i].waiter();
                if w.as_ref().is_some_and(|(s, _)| *s == seq)
                    && let Some((_, tx)) = w.take()
                {
                    let _ = tx.send(());
                }
            }
        }));
    }

    let stop = Arc::new(AtomicBool::new(false));
    let seq = Arc::new(AtomicU64::new(1));
    let delivered = Arc::new(AtomicU64::new(0));
    let skipped = Arc::new(AtomicU64::new(0));
    let errors = Arc::new(AtomicU64::new(0));
    let start = Instant::now();
    let mut workers = Vec::new();
    // More publishes in flight than rooms could only wait for a free room.
    for w in 0..config.concurrency.clamp(1, rooms_n) {
        let rooms = rooms.clone();
        let stop = stop.clone();
        let seq = seq.clone();
        let counts = (delivered.clone(), skipped.clone(), errors.clone());
        let pool = pool.clone();
        let names = names.clone();
        let reply_bytes = config.reply_bytes;
        let mut rng = SmallRng::seed_from_u64(config.seed.wrapping_add(w as u64));
        workers.push(tokio::spawn(async move {
            let mut h = latency_histogram();
            let mut calls = 0u64;
            while !stop.load(Ordering::Relaxed) {
                // A random room with no publish in flight.
                let i = loop {
                    let i = rng.random_range(0..rooms.len());
                    if rooms[i]
                        .busy
                        .compare_exchange(false, true, Ordering::AcqRel, Ordering::Relaxed)
                        .is_ok()
                    {
                        break i;
                    }
                    tokio::task::yield_now().await;
                };
                let n = seq.fetch_add(1, Ordering::Relaxed);
                let (tx, rx) = oneshot::channel();
                *rooms[i].waiter() = Some((n, tx));
                let mut payload = vec![0u8; PUBLISH_PAYLOAD];
                payload[..8].copy_from_slice(&n.to_le_bytes());
                let req = PublishRequest {
                    room: names[i].clone(),
                    payload: Bytes::from(payload),
                    reply_bytes,
                };
                let sent = Instant::now();
                // The call on its own task, so the delivery is seen the moment it arrives
                // (it may come before the call's own response).
                let mut client =
                    EchoClient::new(pool[i / MATCHES_PER_CONNECTION % pool.len()].clone());
                let (d, s, e) = counts.clone();
                let stop2 = stop.clone();
                tokio::spawn(async move {
                    match client.publish(req).await {
                        Ok(r) if !stop2.load(Ordering::Relaxed) => {
                            let r = r.into_inner();
                            d.fetch_add(r.delivered as u64, Ordering::Relaxed);
                            s.fetch_add(r.skipped as u64, Ordering::Relaxed);
                        }
                        Ok(_) => {}
                        Err(_) => {
                            e.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                });
                // A publish that reaches no listener in 5 s is given up (and not counted).
                let got = tokio::time::timeout(Duration::from_secs(5), rx).await;
                if matches!(got, Ok(Ok(()))) && !stop.load(Ordering::Relaxed) {
                    record(&mut h, sent.elapsed());
                    calls += 1;
                }
                *rooms[i].waiter() = None;
                rooms[i].busy.store(false, Ordering::Release);
            }
            (h, calls)
        }));
    }
    tokio::time::sleep(config.duration).await;
    stop.store(true, Ordering::Relaxed);
    let seconds = start.elapsed().as_secs_f64();
    let mut all = latency_histogram();
    let mut calls = 0;
    for w in workers {
        let (h, n) = w.await?;
        all.add(&h)?;
        calls += n;
    }
    for r in &readers {
        r.abort();
    }
    for r in readers {
        let _ = r.await;
    }
    anyhow::ensure!(calls > 0, "no publish reached a listener");
    Ok(FanoutReport {
        rooms: rooms_n,
        concurrency: config.concurrency,
        calls,
        seconds,
        per_second: calls as f64 / seconds,
        latency: Latency::of(&all),
        delivered: delivered.load(Ordering::Relaxed),
        skipped: skipped.load(Ordering::Relaxed),
        errors: errors.load(Ordering::Relaxed),
        setup_seconds,
    })
}
