//! The baseline: a bare tonic unary echo, served and called on this machine at the same
//! concurrency as the match load, over its own loopback connection.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tonic::transport::server::TcpIncoming;
use tonic::{Request, Response, Status};

use crate::{Latency, latency_histogram, record};

/// Generated code for package `echo.v1`.
#[allow(clippy::doc_lazy_continuation)]
pub mod pb {
    tonic::include_proto!("echo.v1");
}

use pb::EchoMessage;
use pb::echo_client::EchoClient;
use pb::echo_server::{Echo, EchoServer};

/// The echo service: sends the payload back.
#[derive(Default)]
pub struct EchoService;

#[tonic::async_trait]
impl Echo for EchoService {
    async fn echo(&self, req: Request<EchoMessage>) -> Result<Response<EchoMessage>, Status> {
        Ok(Response::new(req.into_inner()))
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

    pub async fn shutdown(mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        let _ = (&mut self.join).await;
    }
}

/// Starts an echo server on a free loopback port.
pub async fn serve() -> anyhow::Result<EchoServerHandle> {
    let listener = TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    let (tx, rx) = oneshot::channel::<()>();
    let join = tokio::spawn(async move {
        let _ = tonic::transport::Server::builder()
            .add_service(EchoServer::new(EchoService))
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
    /// CPU time of this process (echo client and server) per call, in µs.
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
    let body = vec![7u8; payload];
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
