//! The Hustings match server.
//!
//! [`start`] binds a listener and serves the `hustings.v1.Hustings` service (plus gRPC health
//! and reflection) until [`RunningServer::shutdown`], over gRPC (HTTP/2) and gRPC-web (HTTP/1.1
//! or HTTP/2), with the web client's files at `/` on the same port ([`web`]). Inside, a
//! [`hub::Hub`] holds one [`actor::MatchActor`] task per live match; each owns its engine
//! state, applies choices one at a time, stores them before acknowledging them, and streams
//! redacted updates to its viewers. Matches nobody follows leave memory and are rebuilt from
//! the [`store`] on demand.

pub mod accounts;
pub mod actor;
pub mod adopt;
pub mod auth;
pub mod clock;
pub mod convert;
pub mod forward;
pub mod grpc;
pub mod hub;
pub mod keys;
pub mod limits;
pub mod metrics;
pub mod owners;
pub mod paging;
pub mod pools;
pub mod projection;
pub mod rater;
pub mod ratings;
pub mod record;
pub mod relay;
pub mod sql;
pub mod store;
pub mod store_error;
pub mod text;
pub mod tls;
pub mod validate;
pub mod web;
pub mod wrap;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use hustings_proto::encoded::hustings_server::HustingsServer;
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tonic::service::Routes;
use tonic::transport::server::TcpIncoming;
use tonic_web::GrpcWebLayer;
use tower_layer::Layer;
use tracing::info;

use crate::grpc::HustingsService;
use crate::hub::Hub;
use crate::store::{MemoryStore, Store};

/// Server limits; anything beyond them is refused with RESOURCE_EXHAUSTED.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Matches live (in memory) at once; creating one more is refused.
    pub max_matches: usize,
    /// Open streams on one match.
    pub max_viewers_per_match: usize,
    /// Largest request message, in bytes.
    pub max_message_bytes: usize,
    /// Updates buffered per viewer before it counts as lagging.
    pub stream_buffer: usize,
    /// Most matches one ListMatches returns.
    pub max_list: usize,
    /// How long a seat that must act may have no open stream before the other seats may
    /// claim the win, for matches that do not set their own (zero: never).
    pub abandon_grace: std::time::Duration,
    /// How long an unfinished match with no open stream stays in memory after its last
    /// request (`None`: until the server stops). It is rebuilt from the store when asked
    /// for again; a running clock wakes it in time.
    pub evict_idle: Option<std::time::Duration>,
    /// How long a finished match stays in memory after its last stream closed and its last
    /// request (rematch offers and replays right after the end stay instant).
    pub linger: Option<std::time::Duration>,
    /// Streams one HTTP/2 connection may have open at once (its SETTINGS); a client asking
    /// for more waits for one to end.
    pub max_streams_per_connection: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_matches: 200_000,
            max_viewers_per_match: 64,
            max_message_bytes: 64 * 1024,
            stream_buffer: 256,
            max_list: paging::MAX_PAGE_SIZE as usize,
            abandon_grace: std::time::Duration::from_secs(180),
            evict_idle: Some(std::time::Duration::from_secs(300)),
            linger: Some(std::time::Duration::from_secs(30)),
            max_streams_per_connection: 256,
        }
    }
}

/// Where matches are kept.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Database {
    /// In memory only: every match is lost when the server stops.
    #[default]
    Memory,
    /// A SQLite file (created with its directory on first start).
    Sqlite(PathBuf),
    /// A PostgreSQL database, `postgres://user:password@host:port/dbname`.
    Postgres(String),
}

impl Database {
    /// Parses a `--database-url`: `memory:`, `sqlite:PATH` or `postgres://…`
    /// (`postgresql://…`).
    pub fn from_url(url: &str) -> anyhow::Result<Database> {
        if url == "memory:" || url == "memory" {
            Ok(Database::Memory)
        } else if let Some(path) = url.strip_prefix("sqlite:") {
            let path = path.strip_prefix("//").unwrap_or(path);
            if path.is_empty() {
                anyhow::bail!(
                    "a sqlite: URL needs a file path, e.g. sqlite:/var/lib/hustings/hustings.sqlite"
                );
            }
            Ok(Database::Sqlite(PathBuf::from(path)))
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(Database::Postgres(url.to_string()))
        } else {
            anyhow::bail!(
                "unsupported database URL '{}': use postgres://…, sqlite:PATH or memory:",
                sql::postgres::redact(url)
            )
        }
    }

    /// The SQLite database inside a data directory.
    pub fn in_data_dir(dir: &std::path::Path) -> Database {
        Database::Sqlite(dir.join(sql::sqlite::FILE_NAME))
    }

    /// For messages (no password).
    pub fn describe(&self) -> String {
        match self {
            Database::Memory => "memory (matches are lost when the server stops)".into(),
            Database::Sqlite(p) => format!("sqlite {}", p.display()),
            Database::Postgres(url) => sql::postgres::redact(url),
        }
    }
}

/// How to run the server.
#[derive(Clone, Debug, Default)]
pub struct ServerConfig {
    /// Where matches are kept; the default keeps them in memory only.
    pub database: Database,
    pub limits: Limits,
    /// Origins (`http://host:port`) whose pages may call the service with gRPC-web besides
    /// the server's own page; empty (the default): none (CORS off).
    pub cors_origins: Vec<String>,
    /// Keys one of which CreateMatch must carry (`authorization: Bearer KEY`); empty (the
    /// default): anyone may create matches.
    pub create_keys: Vec<String>,
    /// Serve TLS only, with this certificate and key (reloaded by
    /// [`RunningServer::reload_tls`]); `None` (the default): plain text.
    pub tls: Option<tls::TlsFiles>,
    /// Limits per client (token buckets, open streams; see [`limits`]); `None` (the
    /// library's default, for tests and embedding): none. `hustings-server` sets them
    /// unless `--no-client-limits`.
    pub client_limits: Option<limits::ClientLimits>,
    /// Serve Prometheus metrics on this address (`GET /metrics`); `None`: no metrics.
    pub metrics: Option<SocketAddr>,
    /// This server as a node of the servers sharing one PostgreSQL database: its name, its
    /// advertised URL and its lease (see [`sql::lease`]). Unused by the single-node stores.
    pub node: sql::lease::Node,
    /// Seeds for the matches created without one (and for rematches) drawn from a generator
    /// started at this seed, so that a test's server deals the same games every run of that
    /// seed; `None` (the default): fresh randomness for each.
    pub match_seeds: Option<u64>,
    /// Who may make an account (see [`accounts`]); the default: anyone.
    pub registration: accounts::Registration,
}

/// How long a new connection may take to finish its TLS handshake.
pub const HANDSHAKE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);
/// How often an HTTP/2 connection is pinged, and how long its answer may take before the
/// connection is dropped: a vanished or stalled peer frees its streams within a minute.
pub const KEEPALIVE_INTERVAL: std::time::Duration = std::time::Duration::from_secs(30);
/// See [`KEEPALIVE_INTERVAL`].
pub const KEEPALIVE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(20);

/// A server running in this process.
pub struct RunningServer {
    addr: SocketAddr,
    hub: Arc<Hub>,
    /// The certificate, when serving TLS.
    tls: Option<Arc<tls::CertStore>>,
    /// The metrics endpoint, when asked for.
    metrics: Option<metrics::MetricsServer>,
    shutdown: Option<oneshot::Sender<()>>,
    join: JoinHandle<Result<(), tonic::transport::Error>>,
}

impl RunningServer {
    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Its URL for clients, e.g. `http://127.0.0.1:50051` (`https://` with TLS).
    pub fn url(&self) -> String {
        let scheme = if self.tls.is_some() { "https" } else { "http" };
        format!("{scheme}://{}", self.addr)
    }

    /// Reads the TLS certificate and key again (on SIGHUP): connections made from now on
    /// get the new certificate, open ones keep theirs. On an error the certificate in use
    /// stays. Without TLS, nothing to do.
    pub fn reload_tls(&self) -> anyhow::Result<()> {
        match &self.tls {
            Some(store) => store.reload(),
            None => Ok(()),
        }
    }

    /// The address of the metrics endpoint (`http://ADDR/metrics`), if it serves one.
    pub fn metrics_addr(&self) -> Option<SocketAddr> {
        self.metrics.as_ref().map(|m| m.addr)
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
        // Other nodes on the same database may take this one's matches at once.
        self.hub.release_leases().await;
    }

    /// Waits until the server stops by itself (it only does on a fatal error).
    pub async fn wait(self) -> anyhow::Result<()> {
        self.join.await??;
        Ok(())
    }
}

/// Opens the store the configuration asks for: creates or migrates a database, or fails with
/// a message saying why it cannot be used (never starting afresh over existing data).
pub async fn open_store(config: &ServerConfig) -> anyhow::Result<Arc<dyn Store>> {
    Ok(match &config.database {
        Database::Memory => Arc::new(MemoryStore::default()),
        Database::Sqlite(path) => Arc::new(sql::sqlite::SqliteStore::open(path)?),
        Database::Postgres(url) => {
            Arc::new(sql::postgres::PostgresStore::open_node(url, config.node.clone()).await?)
        }
    })
}

/// Everything the port answers: the Hustings service with gRPC health and reflection, each
/// behind tonic-web's translation (which passes gRPC through untouched), the web client's
/// files for every other request, and the CORS policy.
async fn routes(config: &ServerConfig, hub: Arc<Hub>) -> anyhow::Result<Routes> {
    let (health_reporter, health_service) = tonic_health::server::health_reporter();
    health_reporter
        .set_serving::<HustingsServer<HustingsService>>()
        .await;
    // Reflection in both versions: v1, and v1alpha for the tools that only speak it
    // (Python's grpcio-reflection, older grpcurl and grpcui).
    let reflection = || {
        tonic_reflection::server::Builder::configure()
            .register_encoded_file_descriptor_set(hustings_proto::FILE_DESCRIPTOR_SET)
            .register_encoded_file_descriptor_set(tonic_health::pb::FILE_DESCRIPTOR_SET)
    };
    let reflection_v1 = reflection().build_v1()?;
    let reflection_v1alpha = reflection().build_v1alpha()?;
    // Every request is counted (when metrics are on), then held to its client's limits,
    // then checked (size, framing, decoding, field caps) before tonic sees it; gRPC-web
    // requests too, since tonic-web has turned them into gRPC by then.
    let create_keys = keys::CreateKeys::new(&config.create_keys);
    let forwarded = forward::Secret::new(hub.store.cluster_secret());
    let service = validate::Validated::new(
        HustingsServer::new(HustingsService::new(
            hub,
            create_keys.clone(),
            config.registration,
            config.tls.is_some(),
        ))
        .max_decoding_message_size(config.limits.max_message_bytes),
        validate::Checks {
            limit: config.limits.max_message_bytes,
        },
    );
    let limiter = config
        .client_limits
        .clone()
        .map(|l| limits::Limiter::new(l, create_keys, forwarded));
    let service = metrics::Observed::new(
        limits::Limited::new(service, limits::Limit(limiter)),
        metrics::Observe {
            on: config.metrics.is_some(),
        },
    );
    let grpc_web = GrpcWebLayer::new();
    let mut router = Routes::new(grpc_web.layer(health_service))
        .add_service(grpc_web.layer(reflection_v1))
        .add_service(grpc_web.layer(reflection_v1alpha))
        .add_service(grpc_web.layer(service))
        .into_axum_router()
        .fallback(web::serve);
    if let Some(cors) = web::cors(&config.cors_origins)? {
        router = router.layer(cors);
    }
    Ok(Routes::from(router))
}

/// Starts a server on `listen` (port 0 picks a free port).
pub async fn start(config: ServerConfig, listen: SocketAddr) -> anyhow::Result<RunningServer> {
    let store = open_store(&config).await?;
    accounts::ensure_builtin(store.as_ref())
        .await
        .map_err(|e| anyhow::anyhow!("cannot store the built-in AIs' accounts: {e}"))?;
    let hub = Hub::new(store, config.limits.clone());
    if let Some(seed) = config.match_seeds {
        hub.seed_matches(seed);
    }
    // On a store shared by several nodes, the lobby travels through it to the others.
    relay::start(&hub, config.node.id.clone()).await;
    let restored = hub
        .restore_in_background()
        .await
        .map_err(|e| anyhow::anyhow!("cannot load the stored matches: {e}"))?;
    adopt::start(&hub);
    // Finished rated matches a crash left unrated are rated now, then looked for again
    // every minute (on a cluster, by every node: the store rates each once).
    rater::start(hub.store.clone(), hub.closing.subscribe());
    // A certificate that cannot be used stops the server before it listens.
    let tls = config.tls.clone().map(tls::CertStore::open).transpose()?;
    let listener = TcpListener::bind(listen)
        .await
        .map_err(|e| anyhow::anyhow!("cannot listen on {listen}: {e}"))?;
    let addr = listener.local_addr()?;

    let routes = routes(&config, hub.clone()).await?;
    let metrics = match config.metrics {
        Some(at) => {
            let hub = hub.clone();
            Some(metrics::serve(at, move || hub.match_count()).await?)
        }
        None => None,
    };

    let acceptor = match &tls {
        Some(store) => Some(tokio_rustls::TlsAcceptor::from(store.server_config()?)),
        None => None,
    };
    let (tx, rx) = oneshot::channel::<()>();
    let hub2 = hub.clone();
    let max_streams = config.limits.max_streams_per_connection;
    let join = tokio::spawn(async move {
        let router = tonic::transport::Server::builder()
            // HTTP/1.1 for browsers' gRPC-web and page loads; HTTP/2 (prior knowledge, or
            // ALPN over TLS) for gRPC clients and browsers alike.
            .accept_http1(true)
            // Slow or vanished peers: pings drop a connection that stops answering, and
            // one connection holds a bounded number of streams (HTTP/1.1 headers must
            // arrive within hyper's 30 s; a TLS handshake within HANDSHAKE_TIMEOUT).
            .http2_keepalive_interval(Some(KEEPALIVE_INTERVAL))
            .http2_keepalive_timeout(Some(KEEPALIVE_TIMEOUT))
            .max_concurrent_streams(Some(max_streams))
            .add_routes(routes);
        let stopped = async move {
            let _ = rx.await;
            info!("shutting down: ending every stream");
            hub2.shutdown();
        };
        match acceptor {
            // The same service, port and certificate for gRPC, gRPC-web and the pages.
            Some(acceptor) => {
                let incoming = tls::incoming(listener, acceptor, HANDSHAKE_TIMEOUT);
                router.serve_with_incoming_shutdown(incoming, stopped).await
            }
            None => {
                // Without TCP_NODELAY a small stream message written while an earlier one
                // is still unacknowledged waits for the peer's delayed ACK (about 40 ms on
                // Linux); tonic only sets it on listeners it binds itself. (tls::incoming
                // sets it too.)
                let incoming = TcpIncoming::from(listener).with_nodelay(Some(true));
                router.serve_with_incoming_shutdown(incoming, stopped).await
            }
        }
    });
    let tls_on = tls.is_some();
    info!(%addr, restored, tls = tls_on, database = %config.database.describe(), "hustings server listening");
    Ok(RunningServer {
        addr,
        hub,
        tls,
        metrics,
        shutdown: Some(tx),
        join,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn database_urls() {
        assert_eq!(Database::from_url("memory:").ok(), Some(Database::Memory));
        assert_eq!(
            Database::from_url("sqlite:/var/lib/h/hustings.sqlite").ok(),
            Some(Database::Sqlite("/var/lib/h/hustings.sqlite".into()))
        );
        assert_eq!(
            Database::from_url("sqlite://rel/h.sqlite").ok(),
            Some(Database::Sqlite("rel/h.sqlite".into()))
        );
        let pg = "postgresql://u:p@db:5432/h";
        assert_eq!(
            Database::from_url(pg).ok(),
            Some(Database::Postgres(pg.into()))
        );
        assert!(Database::from_url("sqlite:").is_err());
        let err = Database::from_url("mysql://u:secret@h/db").unwrap_err();
        assert!(!err.to_string().contains("secret"), "{err}");
        assert_eq!(ServerConfig::default().database, Database::Memory);
    }
}
