//! The clients given several nodes of a cluster (issue 19): `hustings-bot play --server
//! A,B` plays its seat through A, and when A is SIGKILLed mid-match it moves to B, resumes
//! from the last version it saw and plays the match to its end there. Two real
//! `hustings-server` processes on one PostgreSQL. (The terminal client's failover, which
//! needs no cluster to show, is in cli_play.rs.)

use std::time::{Duration, Instant};

use hustings::cli_bin::bot_bin;
use hustings::server_proc::fresh_postgres_database;
use hustings::{connect, join};
use hustings_proto::v1 as pb;

use super::cluster::{TimedAcks, drive, node};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_finishes_its_match_through_the_other_node_when_its_node_is_killed() {
    let Some(db) = fresh_postgres_database("urls_bot") else {
        return;
    };
    let a = node(&db, "node-a");
    let b = node(&db, "node-b");
    let (a_url, b_url) = (a.url(), b.url());
    // Created on A, so A owns the match until it dies.
    let mut ca = connect(&a.url()).await;
    let id = ca
        .create_match(pb::CreateMatchRequest {
            game: "presidency".into(),
            variant: "standard".into(),
            seats: 2,
            seed: Some(1905),
            options: [("rounds".to_string(), "10".to_string())].into(),
            // The bot's seat is away while it moves between nodes: that is no abandonment.
            abandon_grace_ms: Some(0),
            ..Default::default()
        })
        .await
        .expect("created")
        .into_inner()
        .summary
        .expect("summary")
        .match_id;
    let mut cb = connect(&b.url()).await;
    let token = join(&mut cb, &id, 0, "tester").await;

    // Seat 1: the bot, given A first.
    let servers = format!("{},{}", a.url(), b.url());
    let mut cmd = tokio::process::Command::new(bot_bin());
    cmd.args(["--server", &servers, "--retries", "12"])
        .args(["play", "--match", &id, "--seat", "1", "--ai", "random"])
        .env("RUST_LOG", "warn")
        .env_remove("HUSTINGS_SERVER")
        .kill_on_drop(true);
    let bot = tokio::spawn(async move { cmd.output().await });

    // Seat 0: the test, through B (which forwards to A while A lives).
    let acks = TimedAcks::default();
    let tester = tokio::spawn(drive(
        vec![b.url(), a.url()],
        0,
        id.clone(),
        token,
        0,
        7,
        acks.clone(),
    ));

    // Mid-match, once the bot has made two choices (the versions up to seat 0's latest
    // that are not seat 0's are the bot's), SIGKILL the node the bot plays through.
    let deadline = Instant::now() + Duration::from_secs(60);
    let at_kill = loop {
        let (made, latest) = {
            let acks = acks.lock().expect("acks");
            (
                acks.len() as u64,
                acks.iter().map(|a| a.version).max().unwrap_or(0),
            )
        };
        if latest >= made + 2 {
            break latest;
        }
        assert!(Instant::now() < deadline, "the match is not being played");
        tokio::time::sleep(Duration::from_millis(5)).await;
    };
    a.kill9();

    let out = tokio::time::timeout(Duration::from_secs(120), bot)
        .await
        .expect("the bot ends with the match")
        .expect("task")
        .expect("the bot ran");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("over after"), "{stdout}\n{stderr}");
    assert!(
        stderr.contains(&format!("lost node {a_url}; trying {b_url}")),
        "the bot says which node it lost and which it tries: {stderr}"
    );
    assert!(
        tokio::time::timeout(Duration::from_secs(60), tester)
            .await
            .expect("seat 0 sees the end")
            .expect("task"),
        "the match ended"
    );

    // The bot's seat played on after the kill, through B.
    let replay = cb
        .get_replay(pb::GetReplayRequest {
            match_id: id.clone(),
        })
        .await
        .expect("replay")
        .into_inner();
    let summary = replay.summary.expect("summary");
    assert_eq!(summary.status, pb::MatchStatus::Finished as i32);
    assert!(
        replay
            .choices
            .iter()
            .any(|c| c.seat == 1 && c.version > at_kill + 1),
        "no choice of the bot's seat after the kill (at version {at_kill}): {:?}",
        replay.choices
    );
}
