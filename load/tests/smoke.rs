//! A small run of the harness against an embedded server, so it cannot rot: a few matches
//! for a second, and a small idle fill. It checks that choices flow, latencies and the echo
//! and fan-out baselines are measured (in this process, and in a `--serve-echo` process of
//! their own), matches finish and are replaced, and nothing is refused.

use std::process::Stdio;
use std::time::Duration;

use clap::Parser;
use hustings_load::run::{Options, Report, run};
use tokio::io::{AsyncBufReadExt, BufReader};

fn options(args: &[&str]) -> Options {
    Options::parse_from(std::iter::once("hustings-load").chain(args.iter().copied()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn active_matches_take_choices_and_are_measured_against_echo() {
    let report = run(options(&[
        "--embedded",
        "--matches",
        "8",
        "--concurrency",
        "4",
        "--duration",
        "2",
    ]))
    .await
    .expect("the harness runs");
    let load = report
        .load
        .as_ref()
        .expect("an active run reports its load");
    assert!(load.choices > 50, "choices flowed: {load:?}");
    assert_eq!(
        load.act_errors, 0,
        "every choice sent was legal and current"
    );
    assert_eq!(load.match_errors, 0, "no match broke");
    assert!(load.latency.p50_us > 0.0 && load.latency.p50_us <= load.latency.p99_us);
    assert!(load.latency.p99_us <= load.latency.p999_us);
    let echo = report.echo.as_ref().expect("the echo baseline ran");
    assert!(echo.calls > 50 && echo.latency.p50_us > 0.0, "{echo:?}");
    assert!(report.throughput_ratio().is_some_and(|r| r > 0.0));
    assert!(report.bytes_per_match().is_some(), "server memory was read");
    assert_fanout_sane(&report);
    let text = report.to_string();
    assert!(
        text.contains("choices/s") && text.contains("ratio to echo"),
        "{text}"
    );
    assert!(text.contains("ratio to fan-out"), "{text}");
    // The fan-out's three columns come after the original nine.
    let row = report.markdown_row().expect("a load run has a table row");
    assert_eq!(row.matches('|').count(), 13, "{row}");
    assert!(!row.ends_with("| – | – | – |"), "{row}");
}

/// The fan-out baseline ran and its figures are sane.
fn assert_fanout_sane(report: &Report) {
    let fanout = report.fanout.as_ref().expect("the fan-out baseline ran");
    assert!(fanout.calls > 0, "{fanout:?}");
    assert!(fanout.per_second > 0.0, "{fanout:?}");
    assert!(
        fanout.latency.p50_us > 0.0 && fanout.latency.p50_us <= fanout.latency.p99_us,
        "{fanout:?}"
    );
    assert!(
        fanout.latency.p99_us <= fanout.latency.p999_us,
        "{fanout:?}"
    );
    // Every answered publish reached both listeners of its room (buffers of a few
    // messages, read at once, never fill at this load).
    assert!(fanout.delivered >= fanout.calls, "{fanout:?}");
    assert_eq!((fanout.skipped, fanout.errors), (0, 0), "{fanout:?}");
    assert!(
        report
            .fanout_throughput_ratio()
            .is_some_and(|r| r > 0.0 && r.is_finite())
    );
    assert!(report.fanout_p50_ratio().is_some_and(|r| r > 0.0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fanout_baseline_runs_for_a_few_seconds_with_sane_figures() {
    let report = run(options(&[
        "--embedded",
        "--matches",
        "16",
        "--concurrency",
        "4",
        "--duration",
        "3",
        "--no-echo",
    ]))
    .await
    .expect("the harness runs");
    assert!(report.echo.is_none());
    assert_fanout_sane(&report);
    let fanout = report.fanout.as_ref().expect("checked above");
    assert_eq!((fanout.rooms, fanout.concurrency), (16, 4));
    assert!(fanout.calls > 100, "a few seconds of publishes: {fanout:?}");
    let without = run(options(&[
        "--embedded",
        "--matches",
        "2",
        "--concurrency",
        "1",
        "--duration",
        "0.5",
        "--no-echo",
        "--no-fanout",
    ]))
    .await
    .expect("the harness runs");
    assert!(without.fanout.is_none() && without.echo.is_none());
    assert!(without.load.is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn baselines_can_run_in_their_own_process() {
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_hustings-load"))
        .args(["--serve-echo", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("hustings-load --serve-echo starts");
    let stdout = child.stdout.take().expect("stdout is piped");
    let mut line = String::new();
    tokio::time::timeout(
        Duration::from_secs(30),
        BufReader::new(stdout).read_line(&mut line),
    )
    .await
    .expect("the echo server prints its address in time")
    .expect("its stdout is readable");
    let addr: std::net::SocketAddr = line
        .trim()
        .parse()
        .unwrap_or_else(|e| panic!("{line:?} is an address: {e}"));
    assert_ne!(addr.port(), 0, "the bound port, not the one asked for");
    let url = format!("http://{addr}");
    let report = run(options(&[
        "--embedded",
        "--matches",
        "4",
        "--concurrency",
        "2",
        "--duration",
        "1",
        "--echo-server",
        &url,
    ]))
    .await
    .expect("the harness runs against the separate echo server");
    let echo = report.echo.as_ref().expect("the echo baseline ran");
    assert!(echo.calls > 50 && echo.latency.p50_us > 0.0, "{echo:?}");
    assert_fanout_sane(&report);
    assert!(
        report.load.as_ref().is_some_and(|l| l.choices > 0),
        "the match load ran too"
    );
    assert!(report.to_string().contains(&url));
    // Still serving after a run: a second one uses it too.
    let again = run(options(&[
        "--embedded",
        "--matches",
        "2",
        "--concurrency",
        "1",
        "--duration",
        "0.5",
        "--echo-server",
        &url,
    ]))
    .await
    .expect("a second run against the same echo server");
    assert_fanout_sane(&again);
    child.kill().await.expect("the echo server stops");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn matches_are_replaced_when_they_end() {
    // A random Presidential Race takes about a hundred choices: several end in 3 s.
    let report = run(options(&[
        "--matches",
        "2",
        "--concurrency",
        "2",
        "--duration",
        "3",
        "--no-echo",
        "--game",
        "presidency",
    ]))
    .await
    .expect("the harness runs");
    let load = report.load.expect("an active run reports its load");
    assert!(
        load.finished >= 1,
        "a match ended and a new one took its place: {load:?}"
    );
    assert_eq!(load.act_errors, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_matches_are_counted_and_weighed() {
    let report = run(options(&["--embedded", "--idle", "200"]))
        .await
        .expect("the harness runs");
    let idle = report.idle.as_ref().expect("an idle run reports its fill");
    assert_eq!((idle.matches, idle.failed), (200, 0));
    assert!(report.echo.is_none() && report.load.is_none());
    assert!(report.bytes_per_match().is_some());
    assert!(report.to_string().contains("memory per match"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_soak_reads_the_memory_over_time_on_sqlite() {
    let dir = std::env::temp_dir().join(format!("hustings-soak-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let db = format!("sqlite:{}", dir.join("h.sqlite").display());
    let report = run(options(&[
        "--embedded",
        "--embedded-database",
        &db,
        "--matches",
        "4",
        "--concurrency",
        "4",
        "--duration",
        "3",
        "--soak",
        "0.5",
        "--stagger",
        "20",
        "--no-echo",
        "--no-fanout",
    ]))
    .await
    .expect("the harness runs");
    let load = report.load.as_ref().expect("a load");
    assert!(load.samples.len() >= 5, "{:?}", load.samples);
    assert!(
        load.samples
            .windows(2)
            .all(|w| w[0].seconds < w[1].seconds && w[0].choices <= w[1].choices)
    );
    assert!(
        load.finished >= 1,
        "matches finished and were replaced: {load:?}"
    );
    assert_eq!(load.act_errors, 0);
    assert!(
        load.samples
            .iter()
            .all(|s| s.readings >= 1 && s.rss_min <= s.rss && s.rss <= s.rss_max),
        "each interval's mean lies between its lowest and highest reading: {:?}",
        load.samples
    );
    let flat = load
        .rss_flatness()
        .expect("enough intervals after the first tenth");
    assert!(flat.low <= 0.0 && flat.high >= 0.0 && flat.single_low <= flat.low);
    let text = report.to_string();
    assert!(
        text.contains("soak") && text.contains("server RSS"),
        "{text}"
    );
    assert!(
        dir.join("h.sqlite").exists(),
        "the embedded server stored its matches there"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn probes_list_pages_and_time_first_watches_of_evicted_matches() {
    let dir = std::env::temp_dir().join(format!("hustings-probe-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let config = hustings_service::ServerConfig {
        database: hustings_service::Database::Sqlite(dir.join("h.sqlite")),
        limits: hustings_service::Limits {
            evict_idle: Some(Duration::from_millis(200)),
            ..Default::default()
        },
        ..Default::default()
    };
    let server = hustings_service::start(config, "127.0.0.1:0".parse().expect("addr"))
        .await
        .expect("server starts");
    let pool = hustings_load::connect_pool(&server.url(), 1)
        .await
        .expect("connects");
    let filled = hustings_load::idle::fill(pool.clone(), "presidency", 60, 8)
        .await
        .expect("filled");
    assert_eq!(filled.matches, 60);
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while server.hub().match_count() > 0 {
        assert!(
            std::time::Instant::now() < deadline,
            "the matches leave memory"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let before = server.hub().rebuilds();
    let report = hustings_load::probe::run(pool[0].clone(), 3, 5)
        .await
        .expect("probes run");
    assert_eq!(report.list_calls, 9);
    assert_eq!(report.watches, 5);
    assert_eq!(
        server.hub().rebuilds() - before,
        5,
        "each watch rebuilt its match"
    );
    let w = report.first_watch.expect("timed");
    assert!(w.p50_us > 0.0 && w.p50_us <= w.p99_us);
    assert!(report.list_first.is_some_and(|l| l.p50_us > 0.0));
    server.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}
