//! Accounts across the nodes of a cluster: a session made on one node works on another
//! (the credential is read from the shared database the first time a node meets it), a seat
//! joined on one node is played through another, and a sign-out on one node ends the
//! session on the others within the cache's recheck time.

use hustings::bearer as as_;
use std::time::Duration;

use hustings::connect;
use hustings::server_proc::fresh_postgres_database;
use hustings_proto::v1 as pb;
use tonic::Code;

use super::cluster::node;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_made_on_one_node_works_on_another() {
    let Some(db) = fresh_postgres_database("cluster_accounts") else {
        return;
    };
    let (a, b) = (node(&db, "node-a"), node(&db, "node-b"));
    let (mut ca, mut cb) = (connect(&a.url()).await, connect(&b.url()).await);
    let session = ca
        .sign_up(pb::SignUpRequest {
            handle: "Nell".into(),
            password: "a long enough password".into(),
            ..Default::default()
        })
        .await
        .expect("signed up on A")
        .into_inner()
        .session_token;
    let me = cb
        .who_am_i(as_(&session, pb::WhoAmIRequest {}))
        .await
        .expect("B knows the session")
        .into_inner();
    assert_eq!(me.account.expect("account").handle, "Nell");
    // A match created and joined through A (so A owns it) is played through B: B passes
    // the calls on with the credential.
    let id = ca
        .create_match(as_(
            &session,
            pb::CreateMatchRequest {
                game: "presidency".into(),
                seed: Some(5),
                ..Default::default()
            },
        ))
        .await
        .expect("created")
        .into_inner()
        .summary
        .expect("summary")
        .match_id;
    ca.join_match(as_(
        &session,
        pb::JoinMatchRequest {
            match_id: id.clone(),
            seat: Some(0),
            ..Default::default()
        },
    ))
    .await
    .expect("joined on A");
    hustings::join(&mut ca, &id, 1, "guest").await;
    let mine = cb
        .list_my_matches(as_(&session, pb::ListMyMatchesRequest::default()))
        .await
        .expect("listed on B")
        .into_inner();
    assert_eq!(mine.matches.len(), 1);
    assert_eq!(mine.matches[0].my_seats, vec![0]);
    let outcome = cb
        .resign(as_(
            &session,
            pb::ResignRequest {
                match_id: id.clone(),
                ..Default::default()
            },
        ))
        .await
        .expect("resigned through B");
    assert!(outcome.into_inner().outcome.is_some());
    // Signed out on B: B refuses it at once, A once its cache rechecks (30 s at most).
    cb.sign_out(as_(&session, pb::SignOutRequest {}))
        .await
        .expect("signed out on B");
    let e = cb
        .who_am_i(as_(&session, pb::WhoAmIRequest {}))
        .await
        .expect_err("ended on B");
    assert_eq!(e.code(), Code::Unauthenticated);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(40);
    loop {
        match ca.who_am_i(as_(&session, pb::WhoAmIRequest {})).await {
            Err(e) if e.code() == Code::Unauthenticated => break,
            _ if tokio::time::Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(500)).await
            }
            other => panic!("A still takes the ended session after 40 s: {other:?}"),
        }
    }
}
