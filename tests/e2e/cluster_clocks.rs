//! A node dies with a match whose clock runs, and nobody asks for that match again: another
//! node adopts it by itself (service/src/adopt.rs), so the clock still runs out and the
//! seat that had to move loses on time. Without adoption the match would wait, unfinished,
//! for a request that never comes.

use std::time::{Duration, Instant};

use hustings::server_proc::fresh_postgres_database;
use hustings::{connect, join};
use hustings_proto::v1 as pb;

use super::cluster::node;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dead_nodes_running_clock_runs_out_without_a_request() {
    let Some(db) = fresh_postgres_database("cluster_clocks") else {
        return;
    };
    let a = node(&db, "node-a");
    let b = node(&db, "node-b");

    // A match with a 3-second clock per decision, created and joined through A, which
    // owns it: every seat is taken, so its clock runs.
    let mut ca = connect(&a.url()).await;
    let id = ca
        .create_match(pb::CreateMatchRequest {
            game: "presidency".into(),
            variant: "standard".into(),
            seats: 2,
            seed: Some(7),
            clock: Some(pb::ClockSetting {
                kind: Some(pb::clock_setting::Kind::PerDecision(pb::PerDecisionClock {
                    limit_ms: 3_000,
                })),
            }),
            ..Default::default()
        })
        .await
        .expect("created")
        .into_inner()
        .summary
        .expect("summary")
        .match_id;
    for seat in 0..2 {
        join(&mut ca, &id, seat, &format!("p{seat}")).await;
    }
    a.kill9();
    let killed = Instant::now();

    // Nothing asks B about the match: B's listing reads the store, not the match.
    let mut cb = connect(&b.url()).await;
    let finished = loop {
        let page = cb
            .list_matches(pb::ListMatchesRequest {
                status: pb::MatchStatus::Finished as i32,
                ..Default::default()
            })
            .await
            .expect("listing")
            .into_inner();
        if let Some(m) = page.matches.into_iter().find(|m| m.match_id == id) {
            break m;
        }
        assert!(
            killed.elapsed() < Duration::from_secs(40),
            "the dead node's match never ran out of time"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    let outcome = finished.outcome.expect("a finished match has an outcome");
    assert_eq!(outcome.forfeit, "timeout", "{outcome:?}");
    eprintln!(
        "cluster clocks: the orphan ran out of time {:.1} s after its node was killed",
        killed.elapsed().as_secs_f64()
    );
}
