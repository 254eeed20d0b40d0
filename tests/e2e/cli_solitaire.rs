//! End-to-end: a Votes for Women solitaire game against the Oppobot, played to its outcome
//! by the real `hustings` binary over gRPC against a real server on 127.0.0.1:0.

use std::net::SocketAddr;
use std::process::Stdio;
use std::time::Duration;

use hustings::cli_bin::hustings_bin;
use hustings_proto::v1::hustings_client::HustingsClient;
use hustings_proto::v1::{GetReplayRequest, ListMatchesRequest};
use hustings_service::ServerConfig;
use tokio::process::Command;

const LIMIT: Duration = Duration::from_secs(300);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cli_plays_a_solitaire_game_against_the_oppobot_to_its_outcome() {
    tokio::time::timeout(LIMIT, async {
        let addr: SocketAddr = "127.0.0.1:0".parse().expect("address");
        let srv = hustings_service::start(ServerConfig::default(), addr)
            .await
            .expect("server starts");
        let url = srv.url();
        // The seat always takes the first choice offered: enough lines for a whole game.
        let path = std::env::temp_dir().join(format!("hustings-{}-solo.txt", std::process::id()));
        std::fs::write(&path, "1\n".repeat(2_000)).expect("choices file");
        let out = Command::new(hustings_bin())
            .args([
                "--server",
                &url,
                "play",
                "--game",
                "votes-for-women",
                "--variant",
                "solitaire",
                "--option",
                "oppobot=normal",
                "--seed",
                "4",
                "--name",
                "solo",
                "--choices-from",
            ])
            .arg(&path)
            .env_remove("HUSTINGS_SERVER")
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .kill_on_drop(true)
            .output()
            .await
            .expect("the CLI runs");
        let _ = std::fs::remove_file(&path);
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{stdout}\n{stderr}");

        // The server's record of the match: finished, with the outcome the CLI printed.
        let mut c = HustingsClient::connect(url.clone()).await.expect("client");
        let list = c
            .list_matches(ListMatchesRequest::default())
            .await
            .expect("list")
            .into_inner();
        let id = list
            .matches
            .iter()
            .find(|m| m.game == "votes-for-women")
            .expect("the solitaire match")
            .match_id
            .clone();
        let replay = c
            .get_replay(GetReplayRequest { match_id: id })
            .await
            .expect("replay of a finished match")
            .into_inner();
        let outcome = replay
            .summary
            .as_ref()
            .and_then(|s| s.outcome.clone())
            .expect("an outcome");
        assert!(stdout.contains("The match is over."), "{stdout}");
        assert!(stdout.contains(&outcome.reason), "{stdout}");
        if outcome.winners.is_empty() {
            assert!(outcome.reason.starts_with("The Oppobot (Opposition) wins"));
            assert!(stdout.contains("No seat wins."), "{stdout}");
        } else {
            assert!(stdout.contains("Winner: Suffragist"), "{stdout}");
        }
        // Only the CLI's seat chose; the Oppobot acted inside the engine, and the CLI
        // showed what it did and why.
        assert!(
            replay.choices.len() > 30,
            "{} choices",
            replay.choices.len()
        );
        assert!(replay.choices.iter().all(|c| c.seat == 0));
        assert!(stdout.contains("VOTES FOR WOMEN"), "{stdout}");
        assert!(stdout.contains("Oppobot (red) automated"), "{stdout}");
        assert!(stdout.contains("Oppobot: draws "), "{stdout}");
        assert!(stdout.contains("Oppobot: plays its Start card"), "{stdout}");
        assert!(stdout.contains("Oppobot: Strategy die"), "{stdout}");
        assert!(stdout.contains("Turn 6 of 6"), "{stdout}");
        srv.shutdown().await;
    })
    .await
    .expect("the test finished in time");
}
