//! The Hustings match server.
//!
//! [`start`] binds a listener and serves the `hustings.v1.Hustings` service (plus gRPC health
//! and reflection) until [`RunningServer::shutdown`]. Inside, a [`hub::Hub`] holds one
//! [`actor::MatchActor`] task per match; each owns its engine state, applies choices one at a
//! time, stores them before acknowledging them, and streams redacted updates to its viewers.

pub mod actor;
pub mod auth;
pub mod convert;
pub mod grpc;
pub mod hub;
pub mod store;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use hustings_proto::v1::hustings_server::HustingsServer;
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tonic::transport::server::TcpIncoming;
use tracing::info;

use crate::grpc::HustingsService;
use crate::hub::Hub;
use crate::store::{MemoryStore, Store};

/// Server limits; anything beyond them is refused with RESOURCE_EXHAUSTED.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Matches held at once.
    pub max_matches: usize,
    /// Open streams on one match.
    pub max_viewers_per_match: usize,
    /// Largest request message, in bytes.
    pub max_message_bytes: usize,
    /// Updates buffered per viewer before it counts as lagging.
    pub stream_buffer: usize,
    /// Most matches one ListMatches returns.
    pub max_list: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_matches: 200_000,
            max_viewers_per_match: 64,
            max_message_bytes: 64 * 1024,
            stream_buffer: 256,
            max_list: 1_000,
        }
    }
}

/// How to run the server.
#[derive(Clone, Debug, Default)]
pub struct ServerConfig {
    /// Where durable data lives; `None` keeps matches in memory only.
    pub data_dir: Option<PathBuf>,
    pub limits: Limits,
}

/// A server running in this process.
pub struct RunningServer {
    addr: SocketAddr,
    hub: Arc<Hub>,
    shutdown: Option<oneshot::Sender<()>>,
    join: JoinHandle<Result<(), tonic::transport::Error>>,
}

impl RunningServer {
    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Its URL for clients, e.g. `http://127.0.0.1:50051`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// The shared state (for tests and embedding).
    pub fn hub(&self) -> &Arc<Hub> {
        &self.hub
    }

    /// Stops accepting requests, ends every stream and waits for the server to stop.
    pub async fn shutdown(mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        let _ = (&mut self.join).await;
    }

    /// Waits until the server stops by itself (it only does on a fatal error).
    pub async fn wait(self) -> anyhow::Result<()> {
        self.join.await??;
        Ok(())
    }
}

/// Opens the store the configuration asks for.
pub fn open_store(config: &ServerConfig) -> anyhow::Result<Arc<dyn Store>> {
    if let Some(dir) = &config.data_dir {
        std::fs::create_dir_all(dir)?;
    }
    Ok(Arc::new(MemoryStore::default()))
}

/// Starts a server on `listen` (port 0 picks a free port).
pub async fn start(config: ServerConfig, listen: SocketAddr) -> anyhow::Result<RunningServer> {
    let store = open_store(&config)?;
    let hub = Hub::new(store, config.limits.clone());
    let restored = hub.restore()?;
    let listener = TcpListener::bind(listen)
        .await
        .map_err(|e| anyhow::anyhow!("cannot listen on {listen}: {e}"))?;
    let addr = listener.local_addr()?;

    let (health_reporter, health_service) = tonic_health::server::health_reporter();
    health_reporter
        .set_serving::<HustingsServer<HustingsService>>()
        .await;
    let reflection = tonic_reflection::server::Builder::configure()
        .register_encoded_file_descriptor_set(hustings_proto::FILE_DESCRIPTOR_SET)
        .register_encoded_file_descriptor_set(tonic_health::pb::FILE_DESCRIPTOR_SET)
        .build_v1()?;
    let service = HustingsServer::new(HustingsService::new(hub.clone()))
        .max_decoding_message_size(config.limits.max_message_bytes);

    // Without TCP_NODELAY a small stream message written while an earlier one is still
    // unacknowledged waits for the peer's delayed ACK (about 40 ms on Linux); tonic only
    // sets it on listeners it binds itself.
    let incoming = TcpIncoming::from(listener).with_nodelay(Some(true));
    let (tx, rx) = oneshot::channel::<()>();
    let hub2 = hub.clone();
    let join = tokio::spawn(async move {
        tonic::transport::Server::builder()
            .add_service(health_service)
            .add_service(reflection)
            .add_service(service)
            .serve_with_incoming_shutdown(incoming, async move {
                let _ = rx.await;
                info!("shutting down: ending every stream");
                hub2.shutdown();
            })
            .await
    });
    info!(%addr, restored, "hustings server listening");
    Ok(RunningServer {
        addr,
        hub,
        shutdown: Some(tx),
        join,
    })
}
