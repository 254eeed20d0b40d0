//! Match lifecycle over gRPC: taking back a choice (undo).

use hustings::{connect, create, join, start_server_with};
use hustings_proto::v1 as pb;
use hustings_service::{Database, ServerConfig};
use tonic::Code;

type Stream = tonic::Streaming<pb::MatchUpdate>;

async fn watch(c: &mut hustings::Client, id: &str, token: &str) -> Stream {
    c.watch_match(pb::WatchMatchRequest {
        match_id: id.into(),
        token: token.into(),
        from_version: 0,
        include_json_view: false,
        seat: None,
    })
    .await
    .expect("watch")
    .into_inner()
}

/// The next message with this version (presence messages repeat a version).
async fn at(stream: &mut Stream, version: u64) -> pb::MatchUpdate {
    loop {
        let u = stream.message().await.expect("stream").expect("message");
        if u.version == version {
            return u;
        }
    }
}

async fn act(
    c: &mut hustings::Client,
    id: &str,
    token: &str,
    version: u64,
    choice: &str,
) -> Result<u64, tonic::Status> {
    c.act(pb::ActRequest {
        match_id: id.into(),
        token: token.into(),
        version,
        choice_id: choice.into(),
        seat: None,
    })
    .await
    .map(|r| r.into_inner().version)
}

fn ids(u: &pb::MatchUpdate) -> Vec<String> {
    u.prompt
        .as_ref()
        .map(|p| p.choices.iter().map(|c| c.id.clone()).collect())
        .unwrap_or_default()
}

fn money_and_votes(u: &pb::MatchUpdate) -> Vec<(u32, u32)> {
    match u.view.as_ref().and_then(|v| v.game.as_ref()) {
        Some(pb::game_view::Game::Presidency(p)) => {
            p.players.iter().map(|p| (p.money, p.votes)).collect()
        }
        other => panic!("not a Presidential Race view: {other:?}"),
    }
}

/// A fresh two-seat Presidential Race: (client, id, tokens, streams, seat to act first).
async fn race(
    url: &str,
    seed: u64,
) -> (
    hustings::Client,
    String,
    [String; 2],
    [Stream; 2],
    usize,
    pb::MatchUpdate,
) {
    let mut c = connect(url).await;
    let id = create(&mut c, "presidency", "standard", 2, seed).await;
    let t = [
        join(&mut c, &id, 0, "alice").await,
        join(&mut c, &id, 1, "bob").await,
    ];
    let mut s = [
        watch(&mut c, &id, &t[0]).await,
        watch(&mut c, &id, &t[1]).await,
    ];
    let first = [at(&mut s[0], 0).await, at(&mut s[1], 0).await];
    let m = if first[0].prompt.is_some() { 0 } else { 1 };
    let snapshot = first[m].clone();
    (c, id, t, s, m, snapshot)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_conversion_can_be_taken_back_but_not_a_roll() {
    let server = start_server_with(ServerConfig::default()).await;
    let (mut c, id, t, mut s, m, v0) = race(&server.url(), 7).await;
    let o = 1 - m;
    assert!(ids(&v0).contains(&"convert:1".to_string()));
    assert!(
        !ids(&v0).contains(&"undo".to_string()),
        "nothing to take back yet"
    );

    // Convert, then take it back.
    assert_eq!(act(&mut c, &id, &t[m], 0, "convert:1").await.unwrap(), 1);
    let v1 = at(&mut s[m], 1).await;
    let undo = v1
        .prompt
        .as_ref()
        .and_then(|p| p.choices.iter().find(|c| c.id == "undo"))
        .expect("the conversion can be taken back");
    assert_eq!(undo.kind, "undo");
    assert_ne!(money_and_votes(&v1), money_and_votes(&v0));
    // The opponent is never offered the undo (it has no prompt at all).
    assert!(at(&mut s[o], 1).await.prompt.is_none());
    assert_eq!(
        act(&mut c, &id, &t[o], 1, "undo").await.unwrap_err().code(),
        Code::FailedPrecondition,
        "only the seat that chose may take it back"
    );

    assert_eq!(act(&mut c, &id, &t[m], 1, "undo").await.unwrap(), 2);
    let v2 = at(&mut s[m], 2).await;
    assert_eq!(
        money_and_votes(&v2),
        money_and_votes(&v0),
        "the conversion is gone"
    );
    assert!(
        !ids(&v2).contains(&"undo".to_string()),
        "nothing left to take back"
    );
    assert_eq!(ids(&v2), ids(&v0), "the same decision again");
    let seen = at(&mut s[o], 2).await;
    assert!(
        seen.log
            .iter()
            .any(|e| e.kind == "undo" && e.text.contains("took back")),
        "the opponent reads it in the log: {:?}",
        seen.log
    );
    assert_eq!(money_and_votes(&seen), money_and_votes(&v0));

    // Convert again, then roll: the roll can no longer be taken back, nor what came before.
    act(&mut c, &id, &t[m], 2, "convert:1").await.unwrap();
    assert!(ids(&at(&mut s[m], 3).await).contains(&"undo".to_string()));
    act(&mut c, &id, &t[m], 3, "dice:1d6").await.unwrap();
    let v4 = at(&mut s[m], 4).await;
    assert!(!ids(&v4).contains(&"undo".to_string()), "a die was rolled");
    assert_eq!(
        act(&mut c, &id, &t[m], 4, "undo").await.unwrap_err().code(),
        Code::FailedPrecondition
    );
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_taken_back_choice_stays_taken_back_after_a_restart() {
    let dir = std::env::temp_dir().join(format!("hustings-undo-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let config = || ServerConfig {
        database: Database::Sqlite(dir.join("m.db")),
        ..Default::default()
    };
    let server = start_server_with(config()).await;
    let (mut c, id, t, mut s, m, v0) = race(&server.url(), 11).await;
    act(&mut c, &id, &t[m], 0, "convert:1").await.unwrap();
    act(&mut c, &id, &t[m], 1, "undo").await.unwrap();
    act(&mut c, &id, &t[m], 2, "convert:1").await.unwrap();
    let before = at(&mut s[m], 3).await;
    drop(s);
    server.shutdown().await;

    let server = start_server_with(config()).await;
    let mut c = connect(&server.url()).await;
    let mut st = watch(&mut c, &id, &t[m]).await;
    let after = at(&mut st, 3).await;
    assert_eq!(money_and_votes(&after), money_and_votes(&before));
    assert_ne!(money_and_votes(&after), money_and_votes(&v0));
    assert!(
        ids(&after).contains(&"undo".to_string()),
        "still undoable after the restart"
    );
    act(&mut c, &id, &t[m], 3, "undo").await.unwrap();
    let back = at(&mut st, 4).await;
    assert_eq!(money_and_votes(&back), money_and_votes(&v0));
    server.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}
