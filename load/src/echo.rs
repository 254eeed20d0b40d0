//! The baselines: a bare tonic unary echo and a bare fan-out (one unary `Publish` answered
//! by one stream message to each listener of a room), served on this machine (in this
//! process, or in its own with `--serve-echo`) and called at the same concurrency as the
//! match load.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use futures::Stream;
use prost::bytes::{Bytes, BytesMut};
use tokio::net::TcpListener;
use tokio::sync::{mpsc, oneshot};
use tonic::transport::server::TcpIncoming;
use tonic::{Request, Response, Status};

use crate::{Latency, latency_histogram, record};

/// Generated code for package `echo.v1`.
#[allow(clippy::doc_lazy_continuation)]
pub mod pb {
    tonic::include_proto!("echo.v1");
}

use pb::echo_client::EchoClient;
use pb::echo_server::{Echo, EchoServer};
use pb::{EchoMessage, ListenRequest, PublishRequest, PublishResponse};

/// Size of a published message when the request leaves it at 0: about one Presidential Race
/// update on a seat's stream.
pub const DEFAULT_REPLY_BYTES: usize = 1_024;

/// Messages buffered per listener; a publish skips a listener whose buffer is full.
const LISTENER_BUFFER: usize = 16;

type Listener = mpsc::Sender<Result<EchoMessage, Status>>;

/// Open listeners by room, each with its id so its stream can take it out when dropped.
#[derive(Default)]
struct Rooms {
    next_id: AtomicU64,
    rooms: Mutex<HashMap<String, Vec<(u64, Listener)>>>,
}

impl Rooms {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Vec<(u64, Listener)>>> {
        // A panic while holding the lock leaves the map consistent (pushes and removals
        // only), so a poisoned lock is still usable.
        self.rooms.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn remove(&self, room: &str, id: u64) {
        let mut rooms = self.lock();
        if let Some(listeners) = rooms.get_mut(room) {
            listeners.retain(|(i, _)| *i != id);
            if listeners.is_empty() {
                rooms.remove(room);
            }
        }
    }
}

/// One `Listen` stream: the listener's buffer, leaving its room when the call ends.
pub struct RoomStream {
    rx: mpsc::Receiver<Result<EchoMessage, Status>>,
    rooms: Arc<Rooms>,
    room: String,
    id: u64,
}

impl Stream for RoomStream {
    type Item = Result<EchoMessage, Status>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.rx.poll_recv(cx)
    }
}

impl Drop for RoomStream {
    fn drop(&mut self) {
        self.rooms.remove(&self.room, self.id);
    }
}

/// The echo service: sends the payload back, and fans published messages out to rooms.
#[derive(Default)]
pub struct EchoService {
    rooms: Arc<Rooms>,
}

#[tonic::async_trait]
impl Echo for EchoService {
    async fn echo(&self, req: Request<EchoMessage>) -> Result<Response<EchoMessage>, Status> {
        Ok(Response::new(req.into_inner()))
    }

    type ListenStream = RoomStream;

    async fn listen(
        &self,
        req: Request<ListenRequest>,
    ) -> Result<Response<Self::ListenStream>, Status> {
        let room = req.into_inner().room;
        let (tx, rx) = mpsc::channel(LISTENER_BUFFER);
        let id = self.rooms.next_id.fetch_add(1, Ordering::Relaxed);
        self.rooms
            .lock()
            .entry(room.clone())
            .or_default()
            .push((id, tx));
        Ok(Response::new(RoomStream {
            rx,
            rooms: self.rooms.clone(),
            room,
            id,
        }))
    }

    async fn publish(
        &self,
        req: Request<PublishRequest>,
    ) -> Result<Response<PublishResponse>, Status> {
        let req = req.into_inner();
        let len = match req.reply_bytes {
            0 => DEFAULT_REPLY_BYTES,
            n => n as usize,
        };
        // Built once; every listener gets a reference to the same bytes.
        let mut body = BytesMut::zeroed(len);
        let head = req.payload.len().min(len);
        body[..head].copy_from_slice(&req.payload[..head]);
        let message = EchoMessage {
            payload: body.freeze(),
        };
        let (mut delivered, mut skipped) = (0u32, 0u32);
        if let Some(listeners) = self.rooms.lock().get(&req.room) {
            for (_, tx) in listeners {
                match tx.try_send(Ok(message.clone())) {
                    Ok(()) => delivered += 1,
                    // Full, or closed and about to leave the room.
                    Err(_) => skipped += 1,
                }
            }
        }
        Ok(Response::new(PublishResponse { delivered, skipped }))
    }
}

/// An echo server running in this process.
pub struct EchoServerHandle {
    pub addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    join: tokio::task::JoinHandle<()>,
}

impl EchoServerHandle {
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Serves until the server stops on its own (it does not, short of an error).
    pub async fn wait(mut self) {
        let _ = (&mut self.join).await;
        drop(self.stop.take());
    }

    pub async fn shutdown(mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        let _ = (&mut self.join).await;
    }
}

/// Starts an echo server on a free loopback port.
pub async fn serve() -> anyhow::Result<EchoServerHandle> {
    serve_on("127.0.0.1:0").await
}

/// Starts an echo server listening on `addr` (port 0: any free port).
pub async fn serve_on(addr: &str) -> anyhow::Result<EchoServerHandle> {
    let listener = TcpListener::bind(addr)
        .await
        .map_err(|e| anyhow::anyhow!("cannot listen on {addr}: {e}"))?;
    let addr = listener.local_addr()?;
    let (tx, rx) = oneshot::channel::<()>();
    let join = tokio::spawn(async move {
        let _ = tonic::transport::Server::builder()
            .add_service(EchoServer::new(EchoService::default()))
            .serve_with_incoming_shutdown(
                TcpIncoming::from(listener).with_nodelay(Some(true)),
                async move {
                    let _ = rx.await;
                },
            )
            .await;
    });
    Ok(EchoServerHandle {
        addr,
        stop: Some(tx),
        join,
    })
}

/// What the echo baseline measured.
#[derive(Clone, Debug)]
pub struct EchoReport {
    pub concurrency: usize,
    pub calls: u64,
    pub seconds: f64,
    pub per_second: f64,
    pub latency: Latency,
    /// CPU time of this process per call, in µs: echo client and server when the echo runs
    /// in this process, the client alone otherwise.
    pub cpu_us_per_call: Option<f64>,
}

/// Calls the echo at `url` from `concurrency` loops at once for `duration`, each call
/// carrying `payload` bytes.
pub async fn measure(
    url: &str,
    concurrency: usize,
    duration: Duration,
    payload: usize,
) -> anyhow::Result<EchoReport> {
    let channel = crate::connect_pool(url, 1).await?.remove(0);
    let stop = Arc::new(AtomicBool::new(false));
    let body = Bytes::from(vec![7u8; payload]);
    let own_cpu = || crate::rss::cpu_time_of(std::process::id()).ok();
    let cpu_start = own_cpu();
    let start = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..concurrency.max(1) {
        let mut client = EchoClient::new(channel.clone());
        let stop = stop.clone();
        let body = body.clone();
        tasks.push(tokio::spawn(async move {
            let mut h = latency_histogram();
            let mut calls = 0u64;
            while !stop.load(Ordering::Relaxed) {
                let t0 = Instant::now();
                client
                    .echo(EchoMessage {
                        payload: body.clone(),
                    })
                    .await?;
                record(&mut h, t0.elapsed());
                calls += 1;
            }
            Ok::<_, Status>((h, calls))
        }));
    }
    tokio::time::sleep(duration).await;
    stop.store(true, Ordering::Relaxed);
    let seconds = start.elapsed().as_secs_f64();
    let cpu_end = own_cpu();
    let mut all = latency_histogram();
    let mut calls = 0;
    for t in tasks {
        let (h, n) = t.await??;
        all.add(&h)?;
        calls += n;
    }
    Ok(EchoReport {
        concurrency,
        calls,
        seconds,
        per_second: calls as f64 / seconds,
        latency: Latency::of(&all),
        cpu_us_per_call: cpu_start
            .zip(cpu_end)
            .map(|(a, b)| (b - a).as_secs_f64() * 1e6 / calls.max(1) as f64),
    })
}
