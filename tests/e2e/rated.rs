//! Rated matches (issue 38), end to end against the real `hustings-server` process on
//! SQLite: the rules a rated match is held to (two sides of players, an account on every
//! seat, no take-backs), and its rating made exactly once across a SIGKILL between its last
//! choice (a resignation once both seats have chosen) and its rating, read back over gRPC and with `hustings ratings` and `hustings
//! leaderboard`.
//!
//! The kill: the server rates a match a moment after storing its last choice, so a SIGKILL
//! right after that choice falls on either side of the rating. Whichever it was, the test
//! then removes the rows the rating writes (this database has no other rated match), which
//! leaves the database exactly as a kill between the last choice and the rating does: the
//! outcome stored, no rating. The restarted server's recovery pass must rate the match,
//! once; a second restart must change nothing.

use std::path::Path;
use std::time::Duration;

use hustings::cli_bin::hustings_bin;
use hustings::server_proc::{ServerProcess, sqlite_file, temp_dir};
use hustings::{Client, bearer, connect, open_stream};
use hustings_proto::v1 as pb;
use tokio::process::Command;
use tonic::Code;

const PASSWORD: &str = "correct horse battery";

pub(crate) async fn sign_up(c: &mut Client, handle: &str) -> String {
    c.sign_up(pb::SignUpRequest {
        handle: handle.into(),
        password: PASSWORD.into(),
        ..Default::default()
    })
    .await
    .expect("signed up")
    .into_inner()
    .session_token
}

pub(crate) fn rated_the_vote(seed: u64) -> pb::CreateMatchRequest {
    pb::CreateMatchRequest {
        game: "the-vote".into(),
        seed: Some(seed),
        rated: true,
        ..Default::default()
    }
}

pub(crate) fn join_request(id: &str, seat: u32) -> pb::JoinMatchRequest {
    pb::JoinMatchRequest {
        match_id: id.into(),
        seat: Some(seat),
        display_name: format!("P{seat}"),
        client_kind: pb::ClientKind::Human as i32,
    }
}

async fn ratings(c: &mut Client, handle: &str) -> Vec<pb::PlayerRating> {
    c.get_ratings(pb::GetRatingsRequest {
        handle: handle.into(),
        include_history: false,
    })
    .await
    .expect("ratings read")
    .into_inner()
    .ratings
}

/// Waits (30 s at most) until `handle` has a rating, and returns its ratings.
pub(crate) async fn rated(c: &mut Client, handle: &str) -> Vec<pb::PlayerRating> {
    for _ in 0..300 {
        let r = ratings(c, handle).await;
        if !r.is_empty() {
            return r;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{handle} was not rated within 30 s");
}

/// `hustings --server URL ARGS…`'s standard output (it must succeed).
async fn cli(url: &str, home: &Path, args: &[&str]) -> String {
    let out = tokio::time::timeout(
        Duration::from_secs(60),
        Command::new(hustings_bin())
            .args(["--server", url])
            .args(args)
            .env("HOME", home)
            .env("NO_COLOR", "1")
            .env_remove("HUSTINGS_SERVER")
            .env_remove("HUSTINGS_TOKEN")
            .env_remove("XDG_CONFIG_HOME")
            .kill_on_drop(true)
            .output(),
    )
    .await
    .expect("the CLI ends")
    .expect("the CLI runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "hustings {args:?} failed\nstdout:\n{stdout}\nstderr:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// Removes what rating writes (and marks the match not recorded again): the state a kill
/// before the rating leaves.
fn unrate(data_dir: &Path) {
    let conn = rusqlite::Connection::open(sqlite_file(data_dir)).expect("open");
    let finished: i64 = conn
        .query_row(
            "SELECT COUNT(*) FROM matches WHERE rated > 0 AND status = 3",
            [],
            |r| r.get(0),
        )
        .expect("counted");
    assert_eq!(finished, 1, "the rated match's outcome is stored");
    conn.execute_batch(
        "DELETE FROM ratings; DELETE FROM seat_advantages; DELETE FROM rating_history;
         DELETE FROM rated_matches; UPDATE matches SET rated = 1 WHERE rated = 2;",
    )
    .expect("unrated");
}

/// Acts for each seat, from a fresh snapshot, until both have made a choice: the first
/// legal one each time. No prompt offers a take-back.
pub(crate) async fn first_choices(c: &mut Client, id: &str, tokens: [&str; 2]) {
    let mut acted = [false; 2];
    for _ in 0..100 {
        for (seat, token) in tokens.iter().enumerate() {
            if acted == [true, true] {
                return;
            }
            let mut stream = open_stream(c, id, token, 0).await;
            let update = stream
                .message()
                .await
                .expect("stream healthy")
                .expect("a snapshot");
            let Some(prompt) = update.prompt else {
                continue;
            };
            assert!(
                prompt.choices.iter().all(|c| c.kind != "undo"),
                "a take-back offered in a rated match"
            );
            let choice = prompt.choices.first().expect("a prompt has choices");
            c.act(pb::ActRequest {
                match_id: id.into(),
                token: token.to_string(),
                version: update.version,
                choice_id: choice.id.clone(),
                seat: None,
            })
            .await
            .expect("a legal choice");
            acted[seat] = true;
        }
    }
    panic!("the seats did not both get to choose");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_match_is_rated_once_across_a_sigkill() {
    let dir = temp_dir("rated");
    let dir_s = dir.to_string_lossy().into_owned();
    let args = ["--data-dir", dir_s.as_str()];
    let server = ServerProcess::start(&args);
    let url = server.url();
    let mut c = connect(&url).await;
    let ada = sign_up(&mut c, "ada").await;
    let bea = sign_up(&mut c, "Bea").await;

    // The rules: one side of players cannot be rated; a guest, or an account already
    // seated, cannot take a rated seat.
    let solo = c
        .create_match(pb::CreateMatchRequest {
            game: "votes-for-women".into(),
            variant: "solitaire".into(),
            rated: true,
            ..Default::default()
        })
        .await
        .expect_err("refused");
    assert_eq!(solo.code(), Code::InvalidArgument, "{solo:?}");
    let summary = c
        .create_match(rated_the_vote(38))
        .await
        .expect("created")
        .into_inner()
        .summary
        .expect("summary");
    assert!(summary.rated);
    let id = summary.match_id;
    let guest = c
        .join_match(join_request(&id, 0))
        .await
        .expect_err("refused");
    assert_eq!(guest.code(), Code::FailedPrecondition, "{guest:?}");
    assert!(guest.message().contains("rated"), "{guest:?}");
    let t0 = c
        .join_match(bearer(&ada, join_request(&id, 0)))
        .await
        .expect("ada joins")
        .into_inner()
        .token;
    let twice = c
        .join_match(bearer(&ada, join_request(&id, 1)))
        .await
        .expect_err("refused");
    assert_eq!(twice.code(), Code::FailedPrecondition, "{twice:?}");
    let t1 = c
        .join_match(bearer(&bea, join_request(&id, 1)))
        .await
        .expect("bea joins")
        .into_inner()
        .token;

    // Each seat makes its first choices (no take-back is ever offered), then Bea resigns:
    // her resignation is the match's last choice. SIGKILLed at once.
    first_choices(&mut c, &id, [&t0, &t1]).await;
    c.resign(pb::ResignRequest {
        match_id: id.clone(),
        token: t1.clone(),
        seat: None,
    })
    .await
    .expect("resigned");
    server.kill9();
    unrate(&dir);

    // The restarted server rates it: once.
    let server = ServerProcess::start(&args);
    let url = server.url();
    let mut c = connect(&url).await;
    let ada_r = rated(&mut c, "ada").await;
    let bea_r = rated(&mut c, "bea").await;
    for r in [&ada_r, &bea_r] {
        assert_eq!(r.len(), 1);
        assert_eq!(
            (r[0].game.as_str(), r[0].variant.as_str()),
            ("the-vote", "standard")
        );
        assert_eq!(r[0].games, 1);
        assert!(r[0].provisional);
    }
    assert!(ada_r[0].rating > 1500 && bea_r[0].rating < 1500);
    // The stream still opens: the match is finished, its replay intact.
    let _ = open_stream(&mut c, &id, &t0, 0).await;

    // The commands.
    let home = temp_dir("rated-cli");
    let text = cli(&url, &home, &["ratings", "ada"]).await;
    assert!(text.starts_with("ada\n"), "{text}");
    assert!(text.contains("the-vote standard"), "{text}");
    assert!(text.contains(&format!("{}?", ada_r[0].rating)), "{text}");
    assert!(text.contains("1 game"), "{text}");
    let board = cli(&url, &home, &["leaderboard", "the-vote", "--people"]).await;
    assert!(board.starts_with("the-vote standard, people\n"), "{board}");
    assert!(board.contains("1. ") && board.contains("2. "), "{board}");
    assert!(board.contains("ada") && board.contains("Bea"), "{board}");
    let bots = cli(&url, &home, &["leaderboard", "the-vote", "--bots"]).await;
    assert!(bots.contains("nobody has played a rated match"), "{bots}");

    // Another restart changes nothing: the match was rated once.
    server.kill9();
    let server = ServerProcess::start(&args);
    let mut c = connect(&server.url()).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(ratings(&mut c, "ada").await, ada_r);
    assert_eq!(ratings(&mut c, "bea").await, bea_r);
    server.kill9();
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&home);
}
