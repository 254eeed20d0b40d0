//! A small run of the harness against an embedded server, so it cannot rot: a few matches
//! for a second, and a small idle fill. It checks that choices flow, latencies and the echo
//! baseline are measured, matches finish and are replaced, and nothing is refused.

use clap::Parser;
use hustings_load::run::{Options, run};

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
    let text = report.to_string();
    assert!(
        text.contains("choices/s") && text.contains("ratio to echo"),
        "{text}"
    );
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
