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
        let ch = Endpoint::from_shared(url.to_string())?
            .tcp_nodelay(true)
            .connect()
            .await
            .map_err(|e| anyhow::anyhow!("cannot connect to {url}: {e}"))?;
        pool.push(ch);
    }
    Ok(pool)
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
