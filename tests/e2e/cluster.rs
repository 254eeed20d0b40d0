//! Several server nodes on one PostgreSQL (issue 19), end to end with real `hustings-server`
//! processes: each match is owned by one node at a time through a lease, and every write is
//! fenced by the lease's epoch, so a node that was paused (SIGSTOP) past its lease and wakes
//! up cannot write to a match another node took over: its pending Act and its streams end
//! UNAVAILABLE, and the match's record stays one ordered log.

use std::time::Duration;

use hustings::server_proc::{ServerProcess, free_port, fresh_postgres_database};
use hustings::{Client, connect, join, open_stream};
use hustings_proto::v1 as pb;
use tonic::Code;

/// The lease the nodes run with, in seconds (short, so the test waits little).
const LEASE: &str = "2";

/// A node on `db`, listening on a port picked now so that it can advertise its URL.
fn node(db: &str, name: &str) -> ServerProcess {
    let port = free_port();
    let listen = format!("127.0.0.1:{port}");
    let url = format!("http://{listen}");
    ServerProcess::start_on(
        &listen,
        &[
            "--database-url",
            db,
            "--advertise",
            &url,
            "--node-id",
            name,
            "--lease",
            LEASE,
        ],
        &[],
    )
}

/// A choice the server acknowledged.
#[derive(Clone, Debug, PartialEq)]
struct Ack {
    version: u64,
    seat: u32,
    choice: String,
}

/// What the seat to act is offered now, read from its stream's first message: its seat,
/// the version and the first choice that is not a take-back.
async fn next_move(c: &mut Client, id: &str, tokens: &[String]) -> (u32, u64, String) {
    for (seat, token) in tokens.iter().enumerate() {
        let first = open_stream(c, id, token, 0)
            .await
            .message()
            .await
            .expect("stream healthy")
            .expect("a snapshot first");
        if let Some(p) = first.prompt
            && let Some(choice) = p.choices.iter().find(|c| c.kind != "undo")
        {
            return (seat as u32, first.version, choice.id.clone());
        }
    }
    panic!("match {id}: no seat has a prompt");
}

fn act(id: &str, token: &str, version: u64, choice: &str) -> pb::ActRequest {
    pb::ActRequest {
        match_id: id.into(),
        token: token.into(),
        version,
        choice_id: choice.into(),
    }
}

/// Plays `n` choices through the node `c` talks to.
async fn play(c: &mut Client, id: &str, tokens: &[String], n: usize, acks: &mut Vec<Ack>) {
    for _ in 0..n {
        let (seat, version, choice) = next_move(c, id, tokens).await;
        let r = c
            .act(act(id, &tokens[seat as usize], version, &choice))
            .await
            .expect("the owner accepts a legal choice")
            .into_inner();
        assert_eq!(r.version, version + 1);
        acks.push(Ack {
            version: r.version,
            seat,
            choice,
        });
    }
}

/// Reads a stream to its end; the status it ended with (OK when it just ended).
async fn end_of(stream: &mut tonic::Streaming<pb::MatchUpdate>) -> tonic::Status {
    loop {
        match tokio::time::timeout(Duration::from_secs(20), stream.message()).await {
            Err(_) => panic!("the stream neither ended nor errored within 20 s"),
            Ok(Ok(Some(_))) => continue,
            Ok(Ok(None)) => return tonic::Status::ok(""),
            Ok(Err(s)) => return s,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_paused_past_its_lease_cannot_write_when_it_wakes() {
    let Some(db) = fresh_postgres_database("cluster_stop") else {
        return;
    };
    let a = node(&db, "node-a");
    let b = node(&db, "node-b");
    let (mut ca, mut cb) = (connect(&a.url()).await, connect(&b.url()).await);

    // A match created on A is A's: B, asked for it while A renews its lease, says who
    // serves it instead of taking it.
    let id = ca
        .create_match(pb::CreateMatchRequest {
            game: "presidency".into(),
            variant: "standard".into(),
            seats: 2,
            seed: Some(19),
            options: [("rounds".to_string(), "3".to_string())].into(),
            ..Default::default()
        })
        .await
        .expect("created")
        .into_inner()
        .summary
        .expect("summary")
        .match_id;
    let tokens = vec![
        join(&mut ca, &id, 0, "p0").await,
        join(&mut ca, &id, 1, "p1").await,
    ];
    let mut acks = Vec::new();
    play(&mut ca, &id, &tokens, 4, &mut acks).await;
    let refused = cb
        .watch_match(pb::WatchMatchRequest {
            match_id: id.clone(),
            ..Default::default()
        })
        .await
        .expect_err("B does not serve a match A holds");
    assert_eq!(refused.code(), Code::Unavailable, "{refused:?}");
    assert!(
        refused.message().contains("node-a"),
        "{}",
        refused.message()
    );

    // A stalls (SIGSTOP) with a stream open and an Act on its way; B takes the match over
    // once A's lease lapses and plays on.
    let mut a_stream = open_stream(&mut ca, &id, "", 0).await;
    let (seat, version, choice) = next_move(&mut ca, &id, &tokens).await;
    a.signal("STOP");
    let pending = {
        let mut ca = ca.clone();
        let req = act(&id, &tokens[seat as usize], version, &choice);
        tokio::spawn(async move { ca.act(req).await })
    };
    play(&mut cb, &id, &tokens, 3, &mut acks).await;

    // A wakes: its pending Act is refused, its stream ends UNAVAILABLE.
    a.signal("CONT");
    let refused = tokio::time::timeout(Duration::from_secs(20), pending)
        .await
        .expect("the pending Act is answered")
        .expect("task")
        .expect_err("the old owner's Act is refused");
    assert_eq!(refused.code(), Code::Unavailable, "{refused:?}");
    let ended = end_of(&mut a_stream).await;
    assert_eq!(ended.code(), Code::Unavailable, "{ended:?}");

    // The same the other way round, where only the epoch can tell: B stalls with an Act
    // for the version A will take the match over at, so the choice would be the next one
    // (the sequence check alone would store it) but B's lease is no longer current.
    let (seat, version, choice) = next_move(&mut cb, &id, &tokens).await;
    b.signal("STOP");
    let pending = {
        let mut cb = cb.clone();
        let req = act(&id, &tokens[seat as usize], version, &choice);
        tokio::spawn(async move { cb.act(req).await })
    };
    let taken = open_stream(&mut ca, &id, "", 0)
        .await
        .message()
        .await
        .expect("stream healthy")
        .expect("snapshot");
    assert_eq!(
        taken.version, version,
        "A took the match over where B left it"
    );
    b.signal("CONT");
    let refused = tokio::time::timeout(Duration::from_secs(20), pending)
        .await
        .expect("the pending Act is answered")
        .expect("task")
        .expect_err("a fenced write is refused even when it is the next choice");
    assert_eq!(refused.code(), Code::Unavailable, "{refused:?}");

    // A plays the match to its end with a spectator watching from the start.
    let spectator = tokio::spawn(hustings::spectate_all(a.url(), id.clone()));
    // The spectator is following before anyone moves.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let seats: Vec<_> = tokens
        .iter()
        .enumerate()
        .map(|(s, t)| {
            tokio::spawn(hustings::play_seat(
                a.url(),
                id.clone(),
                t.clone(),
                7 + s as u64,
            ))
        })
        .collect();
    for s in seats {
        s.await.expect("seat plays to the end");
    }
    let watched = spectator.await.expect("the spectator follows to the end");

    // One ordered log: consecutive versions, every acknowledged choice at its version, and
    // what the stream showed version by version.
    let replay = ca
        .get_replay(pb::GetReplayRequest {
            match_id: id.clone(),
        })
        .await
        .expect("replay")
        .into_inner();
    let summary = replay.summary.clone().expect("summary");
    assert_eq!(summary.status, pb::MatchStatus::Finished as i32);
    assert_eq!(replay.choices.len() as u64, summary.version);
    for (n, rc) in replay.choices.iter().enumerate() {
        assert_eq!(rc.version, n as u64 + 1, "versions are consecutive");
    }
    for a in &acks {
        let rc = &replay.choices[(a.version - 1) as usize];
        assert_eq!(
            (rc.seat, rc.choice_id.as_str()),
            (a.seat, a.choice.as_str()),
            "acknowledged choice at version {} lost or changed",
            a.version
        );
    }
    let last = watched.last().expect("updates");
    assert_eq!(last.version, summary.version);
    assert!(last.outcome.is_some());
    for u in watched.iter().filter(|u| !u.snapshot) {
        let shown = u.last_action.as_ref().expect("a version's last action");
        let rc = &replay.choices[(u.version - 1) as usize];
        assert_eq!(
            (shown.seat, shown.choice_id.as_str()),
            (rc.seat, rc.choice_id.as_str())
        );
    }
}
