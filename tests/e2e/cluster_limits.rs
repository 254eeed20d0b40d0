//! Calls one node passes on to another and the per-client limits (issue 19). The node a
//! client calls holds the call to that client's limits; the owner it is passed on to must
//! not hold it to them again under the passing node's address, or every client of that
//! node would share one budget. A call is known as passed on by the cluster's secret, kept
//! in the database: a client that marks its own call as passed on is limited as itself,
//! and its call is still passed on to the owner. Two real nodes on one PostgreSQL, the
//! per-client limits on (two open streams per client).

use std::time::Duration;

use hustings::server_proc::fresh_postgres_database;
use hustings::{Client, connect};
use hustings_proto::v1 as pb;
use tonic::Code;

use super::cluster::node_with;

/// `message` as the holder of create key `key` sends it, marked as passed on with `forged`
/// if given.
fn as_client<T>(message: T, key: &str, forged: Option<&str>) -> tonic::Request<T> {
    let mut r = tonic::Request::new(message);
    let bearer = format!("Bearer {key}").parse().expect("ascii");
    r.metadata_mut().insert("authorization", bearer);
    if let Some(mark) = forged {
        let mark = mark.parse().expect("ascii");
        r.metadata_mut().insert("hustings-forwarded", mark);
    }
    r
}

/// Opens a spectator stream of `id` through `client` and reads its first update; the
/// stream is returned open, or the status it was refused with.
async fn spectate(
    client: &mut Client,
    id: &str,
    key: &str,
    forged: Option<&str>,
) -> Result<tonic::Streaming<pb::MatchUpdate>, tonic::Status> {
    let request = pb::WatchMatchRequest {
        match_id: id.into(),
        ..Default::default()
    };
    let mut stream = client
        .watch_match(as_client(request, key, forged))
        .await?
        .into_inner();
    let first = tokio::time::timeout(Duration::from_secs(20), stream.message())
        .await
        .map_err(|_| tonic::Status::deadline_exceeded("no first update in 20 s"))??;
    assert!(
        first.is_some(),
        "the stream of {id} ended before its first update"
    );
    Ok(stream)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forwarded_call_is_limited_once_as_its_own_client_and_a_forged_mark_passes_nothing() {
    let Some(db) = fresh_postgres_database("forwarded_limits") else {
        return;
    };
    let limits = ["--create-key", "key-1,key-2", "--streams-per-client", "2"];
    let env = [("HUSTINGS_NO_CLIENT_LIMITS", "false")];
    let a = node_with(&db, "node-a", &limits, &env);
    let b = node_with(&db, "node-b", &limits, &env);
    // Created on A, so A owns the match; B passes every call about it on to A.
    let mut ca = connect(&a.url()).await;
    let create = pb::CreateMatchRequest {
        game: "presidency".into(),
        variant: "standard".into(),
        seats: 2,
        seed: Some(1919),
        ..Default::default()
    };
    let id = ca
        .create_match(as_client(create, "key-1", None))
        .await
        .expect("created")
        .into_inner()
        .summary
        .expect("summary")
        .match_id;

    // Through B: two streams for key-1 and one for key-2, each within its client's
    // limit at B. A sees all three come from B's address; counted there, the third
    // would be refused.
    let mut cb = connect(&b.url()).await;
    let mut open = Vec::new();
    for key in ["key-1", "key-1", "key-2"] {
        let stream = spectate(&mut cb, &id, key, None).await;
        open.push(stream.unwrap_or_else(|s| panic!("{key}'s stream through B refused: {s:?}")));
    }
    // B still holds each client to its own limit.
    let third = spectate(&mut cb, &id, "key-1", None).await.err();
    assert_eq!(
        third.map(|s| s.code()),
        Some(Code::ResourceExhausted),
        "key-1's third stream at B"
    );

    // A client that marks its call as passed on, through B: B does not take the mark for
    // the cluster's, so it passes the call on to A as any other (were the mark believed,
    // B would serve a match A owns, and answer UNAVAILABLE).
    let marked = spectate(&mut cb, &id, "key-2", Some("1")).await;
    open.push(marked.unwrap_or_else(|s| panic!("the marked stream through B: {s:?}")));

    // At A directly, the forged mark buys no exemption: key-2 has two streams like any
    // client (none of its streams through B count at A), and its third is refused.
    for _ in 0..2 {
        let stream = spectate(&mut ca, &id, "key-2", Some("1")).await;
        open.push(stream.unwrap_or_else(|s| panic!("key-2's stream at A: {s:?}")));
    }
    let third = spectate(&mut ca, &id, "key-2", Some("1")).await.err();
    assert_eq!(
        third.map(|s| s.code()),
        Some(Code::ResourceExhausted),
        "key-2's third stream at A, marked as passed on"
    );
    drop(open);
}
