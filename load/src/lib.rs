//! The Hustings load harness.
//!
//! [`drive`] keeps a number of matches of random players going over loopback gRPC, with a
//! fixed number of choices in flight at once, and measures how many choices the server takes
//! per second and how long each takes from `Act` sent to the acting seat's stream update for
//! the new version. [`idle`] fills a server with joined but silent matches and measures
//! the memory each costs. [`echo`] runs the baseline: a bare tonic unary echo at the same
//! concurrency, so each figure can be given as a ratio to the transport's own cost.
//! [`fanout`] runs a second one with the match server's shape but no game: one small unary
//! call whose effect is a stream message to each of two listeners.

pub mod echo;
pub mod fanout;
pub mod idle;
pub mod matches;
pub mod player;
pub mod probe;
pub mod rss;
pub mod run;

use std::time::Duration;

use hdrhistogram::Histogram;
use tonic::transport::{Channel, Endpoint};

/// The certificate authority (`--ca FILE`) that `https://` servers are checked against,
/// set once from the command line before the first connection.
static CA: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();

/// Trusts only the authority in `ca` (a PEM file) for `https://` servers from now on.
pub fn set_ca(ca: std::path::PathBuf) {
    let _ = CA.set(ca);
}

/// The endpoint for `url`: plain text for `http://`, TLS for `https://` (see
/// [`set_ca`]).
pub fn endpoint(url: &str) -> anyhow::Result<Endpoint> {
    Ok(hustings_proto::endpoint::endpoint(
        url,
        CA.get().map(|p| p.as_path()),
    )?)
}

/// Latency figures, in microseconds, from one histogram.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Latency {
    pub p50_us: f64,
    pub p99_us: f64,
    pub p999_us: f64,
}

impl Latency {
    /// Reads the percentiles of a histogram of nanoseconds.
    pub fn of(h: &Histogram<u64>) -> Self {
        let us = |q: f64| h.value_at_quantile(q) as f64 / 1_000.0;
        Latency {
            p50_us: us(0.5),
            p99_us: us(0.99),
            p999_us: us(0.999),
        }
    }
}

/// A histogram for latencies in nanoseconds, from 1 µs to 60 s at 3 significant digits.
pub fn latency_histogram() -> Histogram<u64> {
    Histogram::new_with_bounds(1_000, 60_000_000_000, 3).expect("valid histogram bounds")
}

/// Records one latency, clamped into the histogram's range.
pub fn record(h: &mut Histogram<u64>, d: Duration) {
    let ns = (d.as_nanos() as u64).clamp(1_000, 60_000_000_000);
    h.saturating_record(ns);
}

/// Opens `n` separate HTTP/2 connections to `url`.
///
/// One connection carries at most a couple of hundred concurrent streams (the server's
/// HTTP/2 limit), so many matches, each with one open stream per seat, are spread over
/// several.
pub async fn connect_pool(url: &str, n: usize) -> anyhow::Result<Vec<Channel>> {
    let mut pool = Vec::with_capacity(n);
    for _ in 0..n.max(1) {
        let ch = match endpoint(url)?.tcp_nodelay(true).connect().await {
            Ok(ch) => ch,
            Err(e) => {
                let advice = hustings_proto::endpoint::wrong_scheme(url).await;
                let advice = advice.map(|a| format!("{a}: ")).unwrap_or_default();
                anyhow::bail!("{advice}cannot connect to {url}: {e}");
            }
        };
        pool.push(ch);
    }
    Ok(pool)
}

/// A self-signed certificate for `127.0.0.1` and `localhost`, written to a fresh temporary
/// directory, and trusted from now on as the authority of `https://` servers (see
/// [`set_ca`]): the TLS files for an embedded server.
pub fn self_signed() -> anyhow::Result<hustings_service::tls::TlsFiles> {
    let cert =
        rcgen::generate_simple_self_signed(vec!["127.0.0.1".to_string(), "localhost".to_string()])?;
    let dir = std::env::temp_dir().join(format!("hustings-load-tls-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let files = hustings_service::tls::TlsFiles {
        cert: dir.join("cert.pem"),
        key: dir.join("key.pem"),
    };
    std::fs::write(&files.cert, cert.cert.pem())?;
    std::fs::write(&files.key, cert.signing_key.serialize_pem())?;
    set_ca(files.cert.clone());
    Ok(files)
}

/// Formats a byte count for people.
pub fn human_bytes(b: f64) -> String {
    if b.abs() >= 1024.0 * 1024.0 * 1024.0 {
        format!("{:.2} GiB", b / (1024.0 * 1024.0 * 1024.0))
    } else if b.abs() >= 1024.0 * 1024.0 {
        format!("{:.1} MiB", b / (1024.0 * 1024.0))
    } else if b.abs() >= 1024.0 {
        format!("{:.1} KiB", b / 1024.0)
    } else {
        format!("{b:.0} B")
    }
}
