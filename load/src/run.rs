//! One run of the harness, as the command line asks: the echo baseline, the fan-out
//! baseline, then the match load (or the idle fill), with every figure next to its ratio to
//! the baselines'.

use std::fmt;
use std::net::SocketAddr;
use std::time::Duration;

use clap::Parser;

use crate::echo::{self, EchoReport};
use crate::fanout::{self, FanoutConfig, FanoutReport};
use crate::idle::{self, IdleReport};
use crate::matches::{self, LoadConfig, LoadReport, MATCHES_PER_CONNECTION, Route};
use crate::{Latency, connect_pool, human_bytes, rss};

/// Drives matches of random players over loopback gRPC and measures the server against a
/// bare tonic echo.
#[derive(Parser, Clone, Debug)]
#[command(name = "hustings-load", version)]
pub struct Options {
    /// Matches kept active at once (a finished match is replaced by a new one).
    #[arg(long, default_value_t = 1_000)]
    pub matches: usize,
    /// Choices in flight at once (and concurrent calls of the echo baseline).
    #[arg(long, default_value_t = 16)]
    pub concurrency: usize,
    /// Seconds to measure, after every match is set up (the echo gets as long).
    #[arg(long, default_value_t = 10.0)]
    pub duration: f64,
    /// A running server to load, e.g. http://127.0.0.1:50051; several nodes of one
    /// cluster comma-separated (see --route).
    #[arg(long, conflicts_with = "embedded")]
    pub server: Option<String>,
    /// Trust only the certificate authority in FILE (PEM) for an https:// --server.
    #[arg(long, value_name = "FILE", requires = "server")]
    pub ca: Option<std::path::PathBuf>,
    /// The process id of that server, to read its resident memory and CPU time; with
    /// several nodes, one pid per --server URL, comma-separated in the same order (CPU is
    /// then reported per node too).
    #[arg(long, requires = "server", value_delimiter = ',')]
    pub server_pid: Vec<u32>,
    /// With several --server nodes: `direct` plays each match through the node that
    /// created (owns) it, round robin; `forwarded` creates it on node i and makes every
    /// other call through node i+1, so that every Join, Watch and Act is forwarded.
    #[arg(long, value_enum, default_value_t = Route::Direct)]
    pub route: Route,
    /// Also report the CPU time per choice of every process whose command line contains
    /// TEXT, over the same window, e.g. "hustings DB " for the PostgreSQL backends of user
    /// hustings on database DB (their title; the bare name would match the nodes too,
    /// whose --database-url holds it). May be given several times.
    #[arg(long, value_name = "TEXT")]
    pub cpu_of: Vec<String>,
    /// Start an in-memory server inside this process (the default when --server is absent).
    #[arg(long)]
    pub embedded: bool,
    /// The embedded server serves TLS (a self-signed certificate made for the run, which
    /// the harness trusts), to measure what TLS costs against a plain-text run.
    #[arg(long, conflicts_with = "server")]
    pub embedded_tls: bool,
    /// Game id.
    #[arg(long, default_value = "presidency")]
    pub game: String,
    /// Instead of active load: create this many matches with every seat joined, no
    /// streams and no choices, and report the memory per idle match.
    #[arg(long)]
    pub idle: Option<usize>,
    /// Skip the echo baseline.
    #[arg(long)]
    pub no_echo: bool,
    /// Skip the fan-out baseline (a unary publish answered by a stream message to each of
    /// two listeners per room, with as many rooms as matches).
    #[arg(long)]
    pub no_fanout: bool,
    /// Bytes each listener gets per publish in the fan-out baseline (about one Presidential
    /// Race update on a seat's stream).
    #[arg(long, default_value_t = echo::DEFAULT_REPLY_BYTES as u32)]
    pub fanout_bytes: u32,
    /// Measure the baselines against this echo server (e.g. one started with
    /// --serve-echo) instead of one inside this process.
    #[arg(long, value_name = "URL")]
    pub echo_server: Option<String>,
    /// Serve only the baselines (unary echo and fan-out) on this address, e.g.
    /// 127.0.0.1:0; print the bound address on the first line of stdout, then run until
    /// killed.
    #[arg(long, value_name = "ADDR", exclusive = true)]
    pub serve_echo: Option<String>,
    /// Seed of the random players.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Create/join/watch calls in flight at once while setting matches up.
    #[arg(long, default_value_t = 64)]
    pub setup_parallelism: usize,
    /// Soak: report the server's resident memory every this many seconds while the load
    /// runs (with a long --duration, e.g. 1800): each report is the mean of one reading a
    /// second over its interval, with the interval's lowest and highest reading; at the end,
    /// how far the means strayed from their mean after the first tenth of the run. Needs
    /// the server's memory: --embedded or --server-pid.
    #[arg(long, value_name = "SECONDS")]
    pub soak: Option<f64>,
    /// Stagger the start: each first match is conceded after a uniformly random number of
    /// choices below this, so the matches that replace them start and finish spread over
    /// time, not in waves that began together (about a match's length; a Presidential Race
    /// takes about 86). 0: every match is played to its end.
    #[arg(long, value_name = "CHOICES", default_value_t = 0)]
    pub stagger: u32,
    /// Where the embedded server keeps matches (memory:, sqlite:PATH, postgres://…);
    /// default memory.
    #[arg(long, value_name = "URL", conflicts_with = "server")]
    pub embedded_database: Option<String>,
    /// Instead of load: this many rounds of ListMatches pages of 50 (the first page, the
    /// next page by token, the first page of ACTIVE matches), with latency percentiles.
    #[arg(long, value_name = "N")]
    pub list_pages: Option<usize>,
    /// Instead of load: open one spectator stream on each of this many unfinished matches
    /// not in memory (no clock), one at a time, and time its first message.
    #[arg(long, value_name = "N")]
    pub first_watch: Option<usize>,
}

impl Options {
    /// The --server URLs, one per node (empty without --server), and the matching
    /// --server-pid pids (empty, or as many as URLs).
    pub fn nodes(&self) -> anyhow::Result<(Vec<String>, Vec<u32>)> {
        let urls = match &self.server {
            Some(list) => parse_urls(list)?,
            None => Vec::new(),
        };
        if !self.server_pid.is_empty() && self.server_pid.len() != urls.len() {
            anyhow::bail!(
                "--server-pid gives {} pids for {} --server URLs: give one per URL, in the same order",
                self.server_pid.len(),
                urls.len()
            );
        }
        Ok((urls, self.server_pid.clone()))
    }
}

/// Splits a comma-separated list of server URLs; an empty entry is refused.
pub fn parse_urls(list: &str) -> anyhow::Result<Vec<String>> {
    list.split(',')
        .map(|u| {
            let u = u.trim();
            if u.is_empty() {
                anyhow::bail!("empty URL in --server {list:?}");
            }
            Ok(u.to_string())
        })
        .collect()
}

/// What one run measured.
#[derive(Clone, Debug)]
pub struct Report {
    pub options: Options,
    pub echo: Option<EchoReport>,
    pub fanout: Option<FanoutReport>,
    pub load: Option<LoadReport>,
    pub idle: Option<IdleReport>,
    pub probe: Option<crate::probe::ProbeReport>,
    /// Server resident memory before any match, in bytes.
    pub rss_before: Option<u64>,
    /// After the idle fill.
    pub rss_after_idle: Option<u64>,
}

impl Report {
    /// Server memory per match: what the matches added to the server's resident memory,
    /// divided by their number (idle matches, or the active ones right after set-up).
    pub fn bytes_per_match(&self) -> Option<f64> {
        let before = self.rss_before? as f64;
        if let Some(idle) = &self.idle {
            let after = self.rss_after_idle? as f64;
            return Some((after - before) / idle.matches.max(1) as f64);
        }
        let load = self.load.as_ref()?;
        Some((load.rss_after_setup? as f64 - before) / load.matches.max(1) as f64)
    }

    /// Throughput as a fraction of the echo's.
    pub fn throughput_ratio(&self) -> Option<f64> {
        Some(self.load.as_ref()?.per_second / self.echo.as_ref()?.per_second)
    }

    /// Median latency as a multiple of the echo's.
    pub fn p50_ratio(&self) -> Option<f64> {
        Some(self.load.as_ref()?.latency.p50_us / self.echo.as_ref()?.latency.p50_us)
    }

    /// Throughput as a fraction of the fan-out baseline's.
    pub fn fanout_throughput_ratio(&self) -> Option<f64> {
        Some(self.load.as_ref()?.per_second / self.fanout.as_ref()?.per_second)
    }

    /// Median latency as a multiple of the fan-out baseline's.
    pub fn fanout_p50_ratio(&self) -> Option<f64> {
        Some(self.load.as_ref()?.latency.p50_us / self.fanout.as_ref()?.latency.p50_us)
    }

    /// One markdown table row: matches, concurrency, choices/s (ratio), p50 (ratio), p99
    /// (ratio), p99.9 (ratio), echo calls/s, echo p50/p99/p99.9, server RSS, per match, then
    /// fan-out calls/s and p50/p99/p99.9, choices/s as a fraction of the fan-out's, p50 as a
    /// multiple of the fan-out's.
    pub fn markdown_row(&self) -> Option<String> {
        let l = self.load.as_ref()?;
        let e = self.echo.as_ref();
        let fo = self.fanout.as_ref();
        let ratio = |x: f64, y: Option<f64>| match y {
            Some(y) if y > 0.0 => format!("{:.2}×", x / y),
            _ => "–".into(),
        };
        let fraction = |x: f64, y: Option<f64>| match y {
            Some(y) if y > 0.0 => format!("{:.2}", x / y),
            _ => "–".into(),
        };
        Some(format!(
            "| {} | {} | {:.0} ({}) | {:.0} µs ({}) | {:.0} µs ({}) | {:.0} µs ({}) | {} | {} | {} | {} | {} | {} |",
            l.matches,
            l.concurrency,
            l.per_second,
            ratio(l.per_second, e.map(|e| e.per_second)),
            l.latency.p50_us,
            ratio(l.latency.p50_us, e.map(|e| e.latency.p50_us)),
            l.latency.p99_us,
            ratio(l.latency.p99_us, e.map(|e| e.latency.p99_us)),
            l.latency.p999_us,
            ratio(l.latency.p999_us, e.map(|e| e.latency.p999_us)),
            e.map(|e| format!(
                "{:.0}/s, {:.0}/{:.0}/{:.0} µs",
                e.per_second, e.latency.p50_us, e.latency.p99_us, e.latency.p999_us
            ))
            .unwrap_or_else(|| "–".into()),
            l.rss_end
                .map(|r| human_bytes(r as f64))
                .unwrap_or_else(|| "–".into()),
            self.bytes_per_match()
                .map(human_bytes)
                .unwrap_or_else(|| "–".into()),
            fo.map(|f| format!(
                "{:.0}/s, {:.0}/{:.0}/{:.0} µs",
                f.per_second, f.latency.p50_us, f.latency.p99_us, f.latency.p999_us
            ))
            .unwrap_or_else(|| "–".into()),
            fraction(l.per_second, fo.map(|f| f.per_second)),
            ratio(l.latency.p50_us, fo.map(|f| f.latency.p50_us)),
        ))
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let o = &self.options;
        let target = match (&o.server, o.embedded_tls) {
            (Some(url), _) => url.as_str(),
            (None, true) => "embedded server over TLS",
            (None, false) => "embedded server",
        };
        let echo_at = match (&o.echo_server, self.echo.is_some() || self.fanout.is_some()) {
            (_, false) => String::new(),
            (Some(url), true) => format!("; echo server {url}"),
            (None, true) => "; echo in this process".into(),
        };
        writeln!(
            f,
            "hustings-load: game {} against {target}{echo_at}",
            o.game
        )?;
        if let Some(e) = &self.echo {
            writeln!(
                f,
                "echo baseline   concurrency {:>3}: {:>9.0} calls/s   p50 {:>8.1} µs   p99 {:>8.1} µs   p99.9 {:>8.1} µs",
                e.concurrency, e.per_second, e.latency.p50_us, e.latency.p99_us, e.latency.p999_us
            )?;
        }
        if let Some(fo) = &self.fanout {
            writeln!(
                f,
                "fan-out  rooms {:>6}  concurrency {:>3}: {:>9.0} calls/s   p50 {:>8.1} µs   p99 {:>8.1} µs   p99.9 {:>8.1} µs",
                fo.rooms,
                fo.concurrency,
                fo.per_second,
                fo.latency.p50_us,
                fo.latency.p99_us,
                fo.latency.p999_us
            )?;
            writeln!(
                f,
                "fan-out: {} publishes in {:.1} s, {} listener messages sent, {} skipped (buffer full), {} refused; {} listeners opened in {:.1} s",
                fo.calls,
                fo.seconds,
                fo.delivered,
                fo.skipped,
                fo.errors,
                fo.rooms * fanout::LISTENERS_PER_ROOM,
                fo.setup_seconds
            )?;
        }
        if let Some(l) = &self.load {
            writeln!(
                f,
                "matches {:>6}  concurrency {:>3}: {:>9.0} choices/s p50 {:>8.1} µs   p99 {:>8.1} µs   p99.9 {:>8.1} µs",
                l.matches,
                l.concurrency,
                l.per_second,
                l.latency.p50_us,
                l.latency.p99_us,
                l.latency.p999_us
            )?;
            // The load's figures as ratios to one baseline's calls/s and latency.
            let ratios =
                |f: &mut fmt::Formatter<'_>, name: &str, per_second: f64, lat: &Latency| {
                    writeln!(
                        f,
                        "ratio to {name} throughput {:.2}   p50 {:.2}×   p99 {:.2}×   p99.9 {:.2}×",
                        l.per_second / per_second,
                        l.latency.p50_us / lat.p50_us,
                        l.latency.p99_us / lat.p99_us,
                        l.latency.p999_us / lat.p999_us
                    )
                };
            if let Some(e) = &self.echo {
                ratios(f, "echo: ", e.per_second, &e.latency)?;
            }
            if let Some(fo) = &self.fanout {
                ratios(f, "fan-out:", fo.per_second, &fo.latency)?;
            }
            if let Some(cpu) = l.server_cpu_us_per_choice {
                let embedded = if o.server.is_none() {
                    " (embedded: the harness's own client work included)"
                } else {
                    ""
                };
                let who = if o.echo_server.is_some() {
                    "echo client alone"
                } else {
                    "echo client and server"
                };
                let echo = self
                    .echo
                    .as_ref()
                    .and_then(|e| e.cpu_us_per_call)
                    .map(|e| format!("; {who}: {e:.1} µs per call"))
                    .unwrap_or_default();
                writeln!(f, "server CPU: {cpu:.1} µs per choice{embedded}{echo}")?;
            }
            if l.node_cpu_us_per_choice.len() > 1 {
                let nodes: Vec<String> = l
                    .node_cpu_us_per_choice
                    .iter()
                    .enumerate()
                    .map(|(i, c)| format!("node {} {c:.1} µs", i + 1))
                    .collect();
                writeln!(
                    f,
                    "server CPU per choice by node (route {:?}): {}",
                    o.route,
                    nodes.join(", ")
                )?;
            }
            for (text, cpu, count) in &l.other_cpu_us_per_choice {
                writeln!(
                    f,
                    "CPU of the {count} processes matching {text:?}: {cpu:.1} µs per choice"
                )?;
            }
            for s in &l.samples {
                writeln!(
                    f,
                    "soak {:>7.0} s: server RSS {:>10} (mean of {:>3} readings, {} to {}), {:>9} choices, {:>6} matches finished",
                    s.seconds,
                    human_bytes(s.rss as f64),
                    s.readings,
                    human_bytes(s.rss_min as f64),
                    human_bytes(s.rss_max as f64),
                    s.choices,
                    s.finished
                )?;
            }
            if let Some(fl) = l.rss_flatness() {
                let pct = |x: f64| format!("{:+.1}%", x * 100.0);
                writeln!(
                    f,
                    "soak: after the first tenth, {} interval means of mean {} lie from {} to {} of it ({} 10%); single readings from {} to {}; second half's mean {} of the first's",
                    fl.intervals,
                    human_bytes(fl.mean),
                    pct(fl.low),
                    pct(fl.high),
                    if fl.within(0.10) {
                        "within"
                    } else {
                        "NOT within"
                    },
                    pct(fl.single_low),
                    pct(fl.single_high),
                    pct(fl.trend)
                )?;
            }
            writeln!(
                f,
                "{} choices in {:.1} s; {} matches finished; set-up of {} matches took {:.1} s; {} refused acts, {} broken matches",
                l.choices,
                l.seconds,
                l.finished,
                l.matches,
                l.setup_seconds,
                l.act_errors,
                l.match_errors
            )?;
        }
        if let Some(p) = &self.probe {
            let line = |f: &mut fmt::Formatter<'_>, name: &str, l: &Option<Latency>| match l {
                Some(l) => writeln!(
                    f,
                    "{name:<38} p50 {:>8.1} µs   p99 {:>8.1} µs   p99.9 {:>8.1} µs",
                    l.p50_us, l.p99_us, l.p999_us
                ),
                None => Ok(()),
            };
            line(f, "ListMatches page of 50, first", &p.list_first)?;
            line(f, "ListMatches page of 50, by token", &p.list_next)?;
            line(f, "ListMatches page of 50, ACTIVE", &p.list_active)?;
            line(f, "first Watch of a match not in memory", &p.first_watch)?;
            writeln!(
                f,
                "probes: {} list calls, {} first watches",
                p.list_calls, p.watches
            )?;
        }
        if let Some(i) = &self.idle {
            writeln!(
                f,
                "idle: {} matches created and fully joined in {:.1} s ({} failed)",
                i.matches, i.seconds, i.failed
            )?;
        }
        let mem = |r: Option<u64>| r.map(|r| human_bytes(r as f64)).unwrap_or("–".into());
        match (&self.load, &self.idle) {
            (Some(l), _) => writeln!(
                f,
                "server RSS: {} before, {} after set-up, {} at the end",
                mem(self.rss_before),
                mem(l.rss_after_setup),
                mem(l.rss_end)
            )?,
            (None, Some(_)) => writeln!(
                f,
                "server RSS: {} before, {} with the idle matches",
                mem(self.rss_before),
                mem(self.rss_after_idle)
            )?,
            _ => {}
        }
        if let Some(b) = self.bytes_per_match() {
            writeln!(f, "memory per match: {}", human_bytes(b))?;
        }
        if let Some(row) = self.markdown_row() {
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

/// Measures the unary echo, then the fan-out, against the echo server at `url`, with the
/// match load's concurrency, duration and (for the fan-out) number of matches as rooms.
async fn baselines(
    options: &Options,
    url: &str,
    duration: Duration,
    want_echo: bool,
    want_fanout: bool,
) -> anyhow::Result<(Option<EchoReport>, Option<FanoutReport>)> {
    let mut echo_report = None;
    if want_echo {
        // An Act request is about this big (match id, token, version, choice id).
        echo_report = Some(echo::measure(url, options.concurrency, duration, 96).await?);
    }
    let mut fanout_report = None;
    if want_fanout {
        let pool = connect_pool(url, options.matches.div_ceil(MATCHES_PER_CONNECTION)).await?;
        let config = FanoutConfig {
            rooms: options.matches,
            concurrency: options.concurrency,
            duration,
            reply_bytes: options.fanout_bytes,
            setup_parallelism: options.setup_parallelism,
            seed: options.seed,
        };
        fanout_report = Some(fanout::measure(pool, &config).await?);
    }
    Ok((echo_report, fanout_report))
}

/// Runs the harness as `options` say.
pub async fn run(options: Options) -> anyhow::Result<Report> {
    let duration = Duration::from_secs_f64(options.duration.max(0.1));
    if let Some(ca) = &options.ca {
        crate::set_ca(ca.clone());
    }
    let mut report = Report {
        options: options.clone(),
        echo: None,
        fanout: None,
        load: None,
        idle: None,
        probe: None,
        rss_before: None,
        rss_after_idle: None,
    };

    let probing = options.list_pages.is_some() || options.first_watch.is_some();
    let want_echo = !options.no_echo && options.idle.is_none() && !probing;
    let want_fanout = !options.no_fanout && options.idle.is_none() && !probing;
    if want_echo || want_fanout {
        // The baselines' server: the one given, or one in this process for as long as they
        // run.
        let (echo_url, in_process) = match &options.echo_server {
            Some(url) => (url.clone(), None),
            None => {
                let s = echo::serve().await?;
                (s.url(), Some(s))
            }
        };
        let r = baselines(&options, &echo_url, duration, want_echo, want_fanout).await;
        if let Some(s) = in_process {
            s.shutdown().await;
        }
        (report.echo, report.fanout) = r?;
    }

    let (urls, pids, embedded) = match &options.server {
        Some(_) => {
            let (urls, pids) = options.nodes()?;
            (urls, pids, None)
        }
        None => {
            let addr: SocketAddr = "127.0.0.1:0".parse()?;
            let database = match &options.embedded_database {
                Some(url) => hustings_service::Database::from_url(url)?,
                None => hustings_service::Database::Memory,
            };
            let tls = if options.embedded_tls {
                Some(crate::self_signed()?)
            } else {
                None
            };
            let config = hustings_service::ServerConfig {
                database,
                tls,
                ..Default::default()
            };
            let s = hustings_service::start(config, addr).await?;
            (vec![s.url()], vec![std::process::id()], Some(s))
        }
    };
    // Probes and idle fills talk to the first node only.
    let url = urls
        .first()
        .cloned()
        .ok_or_else(|| anyhow::anyhow!("no server URL"))?;
    let rss_now = || rss::rss_of_all(&pids);
    report.rss_before = rss_now();

    if probing {
        let pool = connect_pool(&url, 1).await?;
        let channel = pool
            .into_iter()
            .next()
            .ok_or_else(|| anyhow::anyhow!("no connection"))?;
        report.probe = Some(
            crate::probe::run(
                channel,
                options.list_pages.unwrap_or(0),
                options.first_watch.unwrap_or(0),
            )
            .await?,
        );
    } else if let Some(n) = options.idle {
        let pool = connect_pool(&url, 8).await?;
        let r = idle::fill(pool, &options.game, n, options.setup_parallelism).await?;
        // Let the last actors settle before reading the memory.
        tokio::time::sleep(Duration::from_millis(500)).await;
        report.rss_after_idle = rss_now();
        report.idle = Some(r);
    } else {
        // Each node carries the streams and Acts of its share of the matches (with
        // --route forwarded, of the share created on the node before it).
        let per_node = options.matches.div_ceil(urls.len());
        let mut nodes = Vec::with_capacity(urls.len());
        for u in &urls {
            nodes.push(connect_pool(u, per_node.div_ceil(MATCHES_PER_CONNECTION)).await?);
        }
        let config = LoadConfig {
            matches: options.matches,
            concurrency: options.concurrency,
            duration,
            game: options.game.clone(),
            setup_parallelism: options.setup_parallelism,
            seed: options.seed,
            server_pids: pids.clone(),
            route: options.route,
            cpu_of: options.cpu_of.clone(),
            sample_every: options.soak.map(|s| Duration::from_secs_f64(s.max(0.1))),
            stagger: options.stagger,
        };
        report.load = Some(matches::drive(nodes, &config).await?);
    }
    if let Some(s) = embedded {
        s.shutdown().await;
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Options {
        Options::try_parse_from(std::iter::once("hustings-load").chain(args.iter().copied()))
            .expect("valid options")
    }

    #[test]
    fn several_servers_and_pids_are_paired_in_order() {
        let o = parse(&[
            "--server",
            "http://127.0.0.1:1, http://127.0.0.1:2,http://127.0.0.1:3",
            "--server-pid",
            "10,20,30",
            "--route",
            "forwarded",
        ]);
        let (urls, pids) = o.nodes().expect("as many pids as URLs");
        assert_eq!(
            urls,
            [
                "http://127.0.0.1:1",
                "http://127.0.0.1:2",
                "http://127.0.0.1:3"
            ]
        );
        assert_eq!(pids, [10, 20, 30]);
        assert_eq!(o.route, Route::Forwarded);
    }

    #[test]
    fn one_server_parses_as_before() {
        let o = parse(&["--server", "http://127.0.0.1:1", "--server-pid", "7"]);
        assert_eq!(
            o.nodes().expect("one of each"),
            (vec!["http://127.0.0.1:1".to_string()], vec![7])
        );
        assert_eq!(o.route, Route::Direct, "direct is the default");
        let o = parse(&["--server", "http://127.0.0.1:1"]);
        assert_eq!(o.nodes().expect("pids are optional").1, Vec::<u32>::new());
    }

    #[test]
    fn mismatched_pids_and_empty_urls_are_refused() {
        let o = parse(&["--server", "http://a:1,http://b:2", "--server-pid", "7"]);
        let e = o.nodes().expect_err("two URLs, one pid");
        assert!(e.to_string().contains("one per URL"), "{e}");
        let o = parse(&["--server", "http://a:1,,http://b:2"]);
        assert!(o.nodes().is_err(), "an empty URL is refused");
        let bad = Options::try_parse_from([
            "hustings-load",
            "--server",
            "http://a:1",
            "--server-pid",
            "7,x",
        ]);
        assert!(bad.is_err(), "a pid that is not a number is refused");
    }
}
