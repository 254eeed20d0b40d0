//! The `hustings-bot` binary against a real server on 127.0.0.1:0.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use hustings_bot::ai::make_ai;
use hustings_bot::net::{self, AiDecider, Retry};
use hustings_proto::v1 as pb;
use hustings_service::ServerConfig;

const BIN: &str = env!("CARGO_BIN_EXE_hustings-bot");

/// Runs `hustings-bot ARGS` for seat 1 of a fresh two-seat match while this test plays seat
/// 0 randomly; returns the binary's exit status, stdout and stderr.
async fn seat_one_by_the_binary(args: &[&str]) -> (std::process::Output, net::Played) {
    let listen: SocketAddr = "127.0.0.1:0".parse().expect("address");
    let server = hustings_service::start(ServerConfig::default(), listen)
        .await
        .expect("server");
    let mut client = net::connect(&server.url()).expect("client");
    let m = client
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
    let me = net::join(&mut client, &m.match_id, Some(0), "tester", &retry)
        .await
        .expect("joined");
    let mut cmd = tokio::process::Command::new(BIN);
    cmd.arg("--server").arg(server.url()).args(args);
    cmd.args(["--match", &m.match_id, "--seat", "1"]);
    cmd.current_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(".."));
    let bot = tokio::spawn(async move { cmd.output().await });
    let played = net::play_seat(
        &mut client,
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
    let out = std::process::Command::new(BIN)
        .args(["--server", "http://127.0.0.1:9", "--retries", "2"])
        .args(["play", "--match", "nope", "--ai", "random"])
        .output()
        .expect("ran");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("could not join the match"), "{stderr}");
    assert!(stderr.contains("did not answer after 2 tries"), "{stderr}");
}
