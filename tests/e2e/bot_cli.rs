//! The `hustings-bot` binary against a real server on 127.0.0.1:0 (here rather than in
//! bot-client/: the bot client links no server code), and its embedded tournament server.

use std::path::PathBuf;
use std::time::Duration;

use hustings_bot::ai::make_ai;
use hustings_bot::net::{self, AiDecider, Retry};
use hustings_bot::nodes::Cluster;
use hustings_proto::v1 as pb;

use hustings::cli_bin::{bot_bin, server_bin};

/// Runs `hustings-bot ARGS` for seat 1 of a fresh two-seat match while this test plays seat
/// 0 randomly; returns the binary's exit status, stdout and stderr.
async fn seat_one_by_the_binary(args: &[&str]) -> (std::process::Output, net::Played) {
    let server = hustings::start_server().await;
    let mut node = Cluster::one(&server.url()).expect("client").node();
    let m = node
        .client()
        .create_match(pb::CreateMatchRequest {
            game: "presidency".into(),
            seed: Some(21),
            ..Default::default()
        })
        .await
        .expect("created")
        .into_inner()
        .summary
        .expect("summary");
    let retry = Retry::default();
    let me = net::join(&mut node, &m.match_id, Some(0), "tester", &retry)
        .await
        .expect("joined");
    let mut cmd = tokio::process::Command::new(bot_bin());
    cmd.arg("--server").arg(server.url()).args(args);
    cmd.args(["--match", &m.match_id, "--seat", "1"]);
    cmd.current_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    let bot = tokio::spawn(async move { cmd.output().await });
    let played = net::play_seat(
        &mut node,
        "presidency",
        &m.match_id,
        me.seat,
        &me.token,
        Box::new(AiDecider(make_ai("random", "", 4).expect("ai"))),
        &retry,
    )
    .await
    .expect("played to the end");
    let out = tokio::time::timeout(Duration::from_secs(60), bot)
        .await
        .expect("the binary ends with the match")
        .expect("task")
        .expect("the binary ran");
    server.shutdown().await;
    (out, played)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_takes_a_seat_and_plays_the_match_to_its_end() {
    let (out, played) = seat_one_by_the_binary(&["play", "--ai", "greedy", "--level", "2"]).await;
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("over after"), "{stdout}");
    assert!(stdout.contains(&played.outcome.reason), "{stdout}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stdio_runs_the_python_example_engine_for_a_whole_match() {
    let (out, played) =
        seat_one_by_the_binary(&["stdio", "--cmd", "python3 examples/stdio_random.py 5"]).await;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains(&played.outcome.reason), "{stdout}");
    assert!(
        !stderr.contains("failed at version"),
        "no fallback was needed: {stderr}"
    );
}

#[test]
fn an_unreachable_server_is_a_clear_error_after_the_retries() {
    let out = std::process::Command::new(bot_bin())
        .args(["--server", "http://127.0.0.1:9", "--retries", "2"])
        .args(["play", "--match", "nope", "--ai", "random"])
        .output()
        .expect("ran");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("could not join the match"), "{stderr}");
    assert!(stderr.contains("did not answer after 2 tries"), "{stderr}");
}

#[test]
fn an_embedded_tournament_plays_on_a_child_server_process() {
    // Built beside hustings-bot, where --embedded looks first.
    let server = server_bin();
    assert_eq!(server.parent(), bot_bin().parent());
    let out = std::process::Command::new(bot_bin())
        .args([
            "tournament",
            "--game",
            "presidency",
            "--a",
            "greedy:2",
            "--b",
            "random",
        ])
        .args(["--games", "4", "--embedded", "--json"])
        .env("PATH", "")
        .output()
        .expect("ran");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    let summary: serde_json::Value = serde_json::from_str(&stdout).expect("JSON summary");
    assert_eq!(summary["games"], 4, "{stdout}");
}

#[test]
fn an_embedded_tournament_without_a_server_binary_says_how_to_get_one() {
    // The bot binary alone in a directory, with nothing on PATH.
    let dir = hustings::server_proc::temp_dir("bot-alone");
    let alone = dir.join("hustings-bot");
    std::fs::copy(bot_bin(), &alone).expect("copied");
    let out = std::process::Command::new(&alone)
        .args([
            "tournament",
            "--game",
            "presidency",
            "--a",
            "random",
            "--b",
            "random",
        ])
        .args(["--games", "1", "--embedded"])
        .env("PATH", "")
        .output()
        .expect("ran");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("no hustings-server beside"), "{stderr}");
    assert!(
        stderr.contains("cargo build --release -p hustings-service"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
