//! Prometheus metrics on their own port (`--metrics ADDR`, `GET /metrics`).
//!
//! The numbers are counted where they live through the `metrics` facade (its macros cost
//! next to nothing while no recorder is installed, so a server without `--metrics` pays
//! nothing); [`serve`] installs the Prometheus recorder of `metrics-exporter-prometheus`
//! and serves its text. What is counted, in Prometheus' naming:
//!
//! | metric | kind | labels | where |
//! |---|---|---|---|
//! | `hustings_rpc_requests_total` | counter | `method`, `code` | [`Observed`], every call of the Hustings service, refusals by the request checks included |
//! | `hustings_rpc_duration_seconds` | histogram | `method` | [`Observed`], until the response's headers (a stream's start) |
//! | `hustings_matches_live` | gauge | | the hub, read at each scrape |
//! | `hustings_matches_evicted_total` | counter | | an actor leaving memory |
//! | `hustings_streams_open` | gauge | `kind` (`match`, `lobby`) | the service's streams |
//! | `hustings_viewers_resynced_total` | counter | | a lagging viewer sent a snapshot |
//! | `hustings_store_commit_seconds` | histogram | `store` | one group commit |
//! | `hustings_store_commit_batch_size` | histogram | `store` | writes in one group commit |
//! | `hustings_choices_total` | counter | `game` | a choice applied (`rate()` gives choices per second) |
//!
//! The recorder is the process's (the facade has one): a process runs one server with
//! metrics.

use std::net::SocketAddr;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use tonic::body::Body;
use tonic::codegen::http;
use tonic::server::NamedService;
use tracing::info;

use crate::wrap::{Call, Inner, Policy, Wrapped, method_in};

/// RPC calls, by method and status code.
pub const RPC_REQUESTS: &str = "hustings_rpc_requests_total";
/// RPC latency until the response's headers, by method.
pub const RPC_DURATION: &str = "hustings_rpc_duration_seconds";
/// Matches with an actor in memory.
pub const MATCHES_LIVE: &str = "hustings_matches_live";
/// Matches that left memory.
pub const MATCHES_EVICTED: &str = "hustings_matches_evicted_total";
/// Streams open, by kind.
pub const STREAMS_OPEN: &str = "hustings_streams_open";
/// Lagging viewers caught up with a snapshot.
pub const VIEWERS_RESYNCED: &str = "hustings_viewers_resynced_total";
/// Seconds one group commit of the store took.
pub const STORE_COMMIT: &str = "hustings_store_commit_seconds";
/// Writes one group commit carried.
pub const STORE_BATCH: &str = "hustings_store_commit_batch_size";
/// Choices applied, by game.
pub const CHOICES: &str = "hustings_choices_total";

/// The process's Prometheus recorder, installed by the first [`serve`].
static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

fn handle() -> anyhow::Result<&'static PrometheusHandle> {
    if let Some(h) = HANDLE.get() {
        return Ok(h);
    }
    // Latencies from 100 µs to 10 s; batch sizes from 1 to the writers' largest batch.
    let latency = [
        0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
        5.0, 10.0,
    ];
    let sizes = [1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0, 512.0];
    let recorder = PrometheusBuilder::new()
        .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), &latency)?
        .set_buckets_for_metric(Matcher::Full(STORE_BATCH.into()), &sizes)?
        .build_recorder();
    let h = recorder.handle();
    if metrics::set_global_recorder(recorder).is_err() {
        anyhow::bail!("another metrics recorder is installed in this process");
    }
    metrics::describe_counter!(
        RPC_REQUESTS,
        "RPC calls of hustings.v1.Hustings by method and status code"
    );
    metrics::describe_histogram!(
        RPC_DURATION,
        metrics::Unit::Seconds,
        "RPC latency until the response headers (a stream's start), by method"
    );
    metrics::describe_gauge!(MATCHES_LIVE, "matches with an actor in memory");
    metrics::describe_counter!(
        MATCHES_EVICTED,
        "matches that left memory (rebuilt from the store on demand)"
    );
    metrics::describe_gauge!(STREAMS_OPEN, "open WatchMatch and WatchLobby streams");
    metrics::describe_counter!(
        VIEWERS_RESYNCED,
        "lagging viewers caught up with a snapshot"
    );
    metrics::describe_histogram!(
        STORE_COMMIT,
        metrics::Unit::Seconds,
        "time of one group commit of the store"
    );
    metrics::describe_histogram!(STORE_BATCH, "writes carried by one group commit");
    metrics::describe_counter!(CHOICES, "choices applied, by game");
    Ok(HANDLE.get_or_init(|| h))
}

/// A metrics endpoint being served.
pub struct MetricsServer {
    /// The address it listens on.
    pub addr: SocketAddr,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for MetricsServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Installs the recorder and serves `GET /metrics` (Prometheus text) on `listen`.
/// `live_matches` counts the live matches at each scrape (the hub's count: a function,
/// so that the metrics, which the match actors count through, need nothing above them).
pub async fn serve(
    listen: SocketAddr,
    live_matches: impl Fn() -> usize + Clone + Send + Sync + 'static,
) -> anyhow::Result<MetricsServer> {
    let handle = handle()?;
    let listener = tokio::net::TcpListener::bind(listen)
        .await
        .map_err(|e| anyhow::anyhow!("cannot listen on {listen} for --metrics: {e}"))?;
    let addr = listener.local_addr()?;
    let app = axum::Router::new().route(
        "/metrics",
        axum::routing::get(move || {
            let live = live_matches();
            async move {
                metrics::gauge!(MATCHES_LIVE).set(live as f64);
                handle.run_upkeep();
                (
                    [(
                        http::header::CONTENT_TYPE,
                        "text/plain; version=0.0.4; charset=utf-8",
                    )],
                    handle.render(),
                )
            }
        }),
    );
    let task = tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            tracing::error!(error = %e, "the metrics endpoint stopped");
        }
    });
    info!(%addr, "metrics at http://{addr}/metrics");
    Ok(MetricsServer { addr, task })
}

/// Counts one open stream of `kind` while alive.
pub struct StreamGauge(&'static str);

impl StreamGauge {
    /// One more open stream of `kind` (`match`, `lobby`).
    pub fn open(kind: &'static str) -> StreamGauge {
        metrics::gauge!(STREAMS_OPEN, "kind" => kind).increment(1.0);
        StreamGauge(kind)
    }
}

impl Drop for StreamGauge {
    fn drop(&mut self) {
        metrics::gauge!(STREAMS_OPEN, "kind" => self.0).decrement(1.0);
    }
}

/// Records one group commit of `store` that carried `writes` and took `took`.
pub fn commit(store: &'static str, writes: usize, took: Duration) {
    metrics::histogram!(STORE_COMMIT, "store" => store).record(took.as_secs_f64());
    metrics::histogram!(STORE_BATCH, "store" => store).record(writes as f64);
}

/// The service with every call counted and timed (see the module's documentation).
pub type Observed<S> = Wrapped<S, Observe>;

/// The metrics' policy: off (calls pass through untouched) when the server serves no
/// metrics.
#[derive(Clone, Copy, Debug)]
pub struct Observe {
    /// Whether calls are counted and timed.
    pub on: bool,
}

/// The method's name in a request path of service `S`, as a static label (`other` for a
/// name the service does not have, so labels stay few whatever clients send).
fn method_label<S: NamedService>(path: &str) -> &'static str {
    let name = method_in::<S>(path).unwrap_or_default();
    crate::validate::method_name(name).unwrap_or("other")
}

/// The status code of a response, as gRPC names it: from its headers when the call ended
/// there (a refusal), else OK (the status follows in the trailers of a body under way).
fn code_label(response: &http::Response<Body>) -> &'static str {
    let code = response
        .headers()
        .get("grpc-status")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<i32>().ok())
        .map(tonic::Code::from_i32)
        .unwrap_or(tonic::Code::Ok);
    code_name(code)
}

fn code_name(code: tonic::Code) -> &'static str {
    use tonic::Code::*;
    match code {
        Ok => "OK",
        Cancelled => "CANCELLED",
        Unknown => "UNKNOWN",
        InvalidArgument => "INVALID_ARGUMENT",
        DeadlineExceeded => "DEADLINE_EXCEEDED",
        NotFound => "NOT_FOUND",
        AlreadyExists => "ALREADY_EXISTS",
        PermissionDenied => "PERMISSION_DENIED",
        ResourceExhausted => "RESOURCE_EXHAUSTED",
        FailedPrecondition => "FAILED_PRECONDITION",
        Aborted => "ABORTED",
        OutOfRange => "OUT_OF_RANGE",
        Unimplemented => "UNIMPLEMENTED",
        Internal => "INTERNAL",
        Unavailable => "UNAVAILABLE",
        DataLoss => "DATA_LOSS",
        Unauthenticated => "UNAUTHENTICATED",
    }
}

impl Policy for Observe {
    fn call<S: Inner>(&self, mut inner: S, req: http::Request<Body>) -> Call {
        if !self.on {
            return Box::pin(inner.call(req));
        }
        let method = method_label::<S>(req.uri().path());
        Box::pin(async move {
            let start = Instant::now();
            let response = inner.call(req).await?;
            let code = code_label(&response);
            metrics::counter!(RPC_REQUESTS, "method" => method, "code" => code).increment(1);
            metrics::histogram!(RPC_DURATION, "method" => method)
                .record(start.elapsed().as_secs_f64());
            Ok(response)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_its_grpc_name() {
        for i in 0..=16 {
            let code = tonic::Code::from_i32(i);
            let name = code_name(code);
            assert!(
                name.chars().all(|c| c.is_ascii_uppercase() || c == '_'),
                "{name}"
            );
        }
        assert_eq!(
            code_name(tonic::Code::ResourceExhausted),
            "RESOURCE_EXHAUSTED"
        );
    }
}
