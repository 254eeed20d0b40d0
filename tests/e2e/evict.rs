//! Matches leave memory and come back (issue 23): an unfinished match nobody follows is
//! evicted after the idle time, a finished one after the linger, and any request rebuilds
//! it from the store — once, however many race for it — so that what a client sees is the
//! same as if it had never left: views, prompts, log, clocks, presence, rematch offers and
//! link, undo. Clocks of evicted matches still run out on time, and seat tokens work after
//! eviction and after a restart.
//!
//! Like tests/e2e/clocks.rs these run the hub in-process (most on a paused tokio clock) and
//! talk to the actors through it.

use std::sync::Arc;
use std::time::Duration;

use hustings::in_process::{act, evicting_hub as hub, join, next as first, watch_at};
use hustings_engine::Viewer;
use hustings_proto::v1 as pb;
use hustings_service::actor::Command;
use hustings_service::hub::Hub;
use hustings_service::sql::sqlite::SqliteStore;
use hustings_service::store::{MemoryStore, Store};
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use tonic::Code;

const IDLE: Duration = Duration::from_secs(2);

/// Every viewer's first message now (each seat, then a spectator), opened one after the
/// other, then every stream closed as the gRPC layer closes them. Match ids are blanked:
/// the two hubs compared give their matches different ones.
async fn look(hub: &Arc<Hub>, id: &str, seats: usize) -> Vec<pb::MatchUpdate> {
    let mut seen = Vec::new();
    let mut open = Vec::new();
    for v in (0..seats).map(Viewer::Seat).chain([Viewer::Spectator]) {
        let (_, mut rx) = watch_at(hub, id, v, true).await;
        let mut u = first(&mut rx).await;
        u.match_id.clear();
        if !u.rematch_match_id.is_empty() {
            u.rematch_match_id = "linked".into();
        }
        seen.push(u);
        open.push(rx);
    }
    // Closed as the gRPC layer closes them: dropped.
    drop(open);
    seen
}

/// Where two looks differ: viewer, field and both values (the whole messages are too long
/// to read in a failure).
fn same(x: &[pb::MatchUpdate], y: &[pb::MatchUpdate], what: &str) {
    assert_eq!(x.len(), y.len(), "{what}");
    for (v, (a, b)) in x.iter().zip(y).enumerate() {
        if a == b {
            continue;
        }
        let fields: [(&str, String, String); 12] = [
            (
                "version",
                format!("{:?}", a.version),
                format!("{:?}", b.version),
            ),
            (
                "status",
                format!("{:?}", a.status),
                format!("{:?}", b.status),
            ),
            ("view", format!("{:?}", a.view), format!("{:?}", b.view)),
            ("log", format!("{:?}", a.log), format!("{:?}", b.log)),
            (
                "to_act",
                format!("{:?}", a.to_act),
                format!("{:?}", b.to_act),
            ),
            (
                "prompt",
                format!("{:?}", a.prompt),
                format!("{:?}", b.prompt),
            ),
            ("seats", format!("{:?}", a.seats), format!("{:?}", b.seats)),
            (
                "last_action",
                format!("{:?}", a.last_action),
                format!("{:?}", b.last_action),
            ),
            (
                "outcome",
                format!("{:?}", a.outcome),
                format!("{:?}", b.outcome),
            ),
            (
                "clocks",
                format!("{:?}", a.clocks),
                format!("{:?}", b.clocks),
            ),
            (
                "rematch_offers",
                format!("{:?}", a.rematch_offers),
                format!("{:?}", b.rematch_offers),
            ),
            (
                "rematch_match_id",
                a.rematch_match_id.clone(),
                b.rematch_match_id.clone(),
            ),
        ];
        for (name, l, r) in fields {
            assert_eq!(l, r, "{what}: viewer #{v} differs in {name}");
        }
        panic!("{what}: viewer #{v} differs in another field");
    }
}

fn clock() -> Option<pb::ClockSetting> {
    Some(pb::ClockSetting {
        kind: Some(pb::clock_setting::Kind::Game(pb::GameClock {
            base_ms: 3_600_000,
            increment_ms: 1_000,
            max_ms: 0,
        })),
    })
}

/// The same match on a hub that never evicts and on one that evicts it between every two
/// steps: after each step, every viewer's snapshot is the same on both.
async fn same_as_never_evicted(game: &str, variant: &str, seats: u32, seed: u64, steps: usize) {
    let keep = hub(Arc::new(MemoryStore::default()), None);
    let evict = hub(Arc::new(MemoryStore::default()), Some(IDLE));
    let req = pb::CreateMatchRequest {
        game: game.into(),
        variant: variant.into(),
        seats,
        seed: Some(seed),
        clock: clock(),
        ..Default::default()
    };
    let a = keep.create(req.clone()).await.expect("created").match_id;
    let b = evict.create(req).await.expect("created").match_id;
    let n = seats as usize;
    for s in 0..n {
        join(&keep, &a, s, &format!("p{s}")).await;
        join(&evict, &b, s, &format!("p{s}")).await;
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut evictions = 0;
    let mut undos = 0;
    for step in 0..steps {
        // Both hubs' streams are closed: after the idle time only the evicting one lets go.
        tokio::time::sleep(IDLE + Duration::from_millis(10)).await;
        assert!(keep.is_live(&a), "step {step}: never evicted");
        if !evict.is_live(&b) {
            evictions += 1;
        }
        let before = evict.rebuilds();
        let (x, y) = (look(&keep, &a, n).await, look(&evict, &b, n).await);
        same(&x, &y, &format!("{game}/{variant}, step {step}"));
        assert!(
            evict.rebuilds() <= before + 1,
            "one rebuild for all the viewers"
        );
        let now = &x[0];
        if now.outcome.is_some() {
            break;
        }
        // One seat that must act picks a choice; now and then it takes it back.
        let Some((seat, prompt)) = x[..n]
            .iter()
            .enumerate()
            .find_map(|(s, u)| u.prompt.as_ref().map(|p| (s, p)))
        else {
            continue;
        };
        let ids: Vec<&str> = prompt.choices.iter().map(|c| c.id.as_str()).collect();
        let choice = if ids.contains(&"undo") && undos < 3 {
            undos += 1;
            "undo"
        } else {
            let moves: Vec<&str> = ids.iter().copied().filter(|c| *c != "undo").collect();
            moves.choose(&mut rng).copied().expect("a choice")
        };
        let va = act(&keep, &a, seat, now.version, choice)
            .await
            .expect("accepted");
        let vb = act(&evict, &b, seat, now.version, choice)
            .await
            .expect("accepted");
        assert_eq!(va, vb);
    }
    assert!(
        evictions >= 3,
        "{game}: the match left memory {evictions} times"
    );

    // Resign, offer a rematch, leave: the offer and then the link survive the linger.
    if x_outcome(&keep, &a, n).await.is_none() {
        keep.ask(&a, |reply| Command::Resign { seat: 0, reply })
            .await
            .expect("resign");
        evict
            .ask(&b, |reply| Command::Resign { seat: 0, reply })
            .await
            .expect("resign");
    }
    let v = look(&keep, &a, n).await[0].version;
    act(&keep, &a, 0, v, "rematch").await.expect("offered");
    act(&evict, &b, 0, v, "rematch").await.expect("offered");
    tokio::time::sleep(IDLE + Duration::from_millis(10)).await;
    assert!(
        !evict.is_live(&b),
        "a finished match leaves memory after the linger"
    );
    same(
        &look(&keep, &a, n).await,
        &look(&evict, &b, n).await,
        "the offer is kept",
    );
    for s in 1..n {
        act(&keep, &a, s, v, "rematch").await.expect("accepted");
        act(&evict, &b, s, v, "rematch").await.expect("accepted");
    }
    tokio::time::sleep(IDLE + Duration::from_millis(10)).await;
    let (x, y) = (look(&keep, &a, n).await, look(&evict, &b, n).await);
    assert_eq!(x[0].rematch_match_id, "linked");
    same(&x, &y, "the rematch link is kept");
}

async fn x_outcome(h: &Arc<Hub>, id: &str, n: usize) -> Option<pb::Outcome> {
    look(h, id, n).await[0].outcome.clone()
}

#[tokio::test(start_paused = true)]
async fn an_evicted_presidential_race_is_rebuilt_as_if_never_evicted() {
    same_as_never_evicted("presidency", "standard", 2, 3, 40).await;
}

#[tokio::test(start_paused = true)]
async fn an_evicted_convention_is_rebuilt_as_if_never_evicted() {
    same_as_never_evicted("presidency", "convention", 3, 4, 40).await;
}

#[tokio::test(start_paused = true)]
async fn an_evicted_the_vote_is_rebuilt_as_if_never_evicted() {
    same_as_never_evicted("the-vote", "", 2, 5, 30).await;
}

#[tokio::test(start_paused = true)]
async fn an_evicted_votes_for_women_is_rebuilt_as_if_never_evicted() {
    same_as_never_evicted("votes-for-women", "standard", 2, 6, 30).await;
}

#[tokio::test(start_paused = true)]
async fn an_evicted_votes_for_women_solitaire_is_rebuilt_as_if_never_evicted() {
    same_as_never_evicted("votes-for-women", "solitaire", 1, 7, 30).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hundred_concurrent_first_requests_rebuild_an_evicted_match_once() {
    let dir = hustings::server_proc::temp_dir("evict-race");
    let store: Arc<dyn Store> =
        Arc::new(SqliteStore::open(&dir.join("h.sqlite")).expect("sqlite opens"));
    let hub = hub(store, Some(Duration::from_millis(100)));
    let id = hub
        .create(pb::CreateMatchRequest {
            game: "presidency".into(),
            seed: Some(1),
            ..Default::default()
        })
        .await
        .expect("created")
        .match_id;
    let tokens = [
        join(&hub, &id, 0, "p0").await,
        join(&hub, &id, 1, "p1").await,
    ];
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while hub.is_live(&id) {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the match never left memory"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let before = hub.rebuilds();
    let mut tasks = Vec::new();
    for i in 0..100 {
        let (hub, id, token) = (hub.clone(), id.clone(), tokens[i % 2].clone());
        tasks.push(tokio::spawn(async move {
            match i % 3 {
                0 => hub.authenticate(&id, &token).await.map(|a| a.seat as u64),
                1 => watch_at(&hub, &id, Viewer::Spectator, true)
                    .await
                    .0
                    .checked_add(0)
                    .ok_or_else(|| tonic::Status::internal("")),
                _ => hub
                    .ask(&id, |reply| Command::Replay { reply })
                    .await
                    .map(|_| 0)
                    .or_else(|e| {
                        if e.code() == Code::FailedPrecondition {
                            Ok(0)
                        } else {
                            Err(e)
                        }
                    }),
            }
        }));
    }
    for t in tasks {
        t.await.expect("task").expect("every request answered");
    }
    assert_eq!(hub.rebuilds() - before, 1, "rebuilt once for all hundred");
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(start_paused = true)]
async fn a_clock_that_runs_out_while_its_match_is_evicted_fires_on_time() {
    let hub = hub(
        Arc::new(MemoryStore::default()),
        Some(Duration::from_secs(5)),
    );
    let id = hub
        .create(pb::CreateMatchRequest {
            game: "presidency".into(),
            seed: Some(5),
            clock: Some(pb::ClockSetting {
                kind: Some(pb::clock_setting::Kind::PerDecision(pb::PerDecisionClock {
                    limit_ms: 30_000,
                })),
            }),
            ..Default::default()
        })
        .await
        .expect("created")
        .match_id;
    join(&hub, &id, 0, "p0").await;
    join(&hub, &id, 1, "p1").await;
    let start = tokio::time::Instant::now();
    let status = |hub: Arc<Hub>, id: String| async move {
        hub.list(&pb::ListMatchesRequest::default())
            .await
            .expect("list")
            .matches
            .into_iter()
            .find(|m| m.match_id == id)
            .expect("listed")
    };
    tokio::time::sleep(Duration::from_secs(6)).await;
    assert!(!hub.is_live(&id), "evicted after 5 s without a stream");
    tokio::time::sleep_until(start + Duration::from_millis(29_900)).await;
    assert!(!hub.is_live(&id), "nothing to do yet");
    assert_eq!(
        status(hub.clone(), id.clone()).await.status,
        pb::MatchStatus::Active as i32
    );
    tokio::time::sleep_until(start + Duration::from_millis(30_050)).await;
    let s = status(hub.clone(), id.clone()).await;
    assert_eq!(
        s.status,
        pb::MatchStatus::Finished as i32,
        "timed out at 30 s"
    );
    let o = s.outcome.expect("outcome");
    assert_eq!(o.forfeit, "timeout");
    assert!(o.reason.ends_with("ran out of time"), "{}", o.reason);
}

#[tokio::test(start_paused = true)]
async fn tokens_work_after_eviction_and_after_a_restart() {
    let dir = hustings::server_proc::temp_dir("evict-tokens");
    let path = dir.join("h.sqlite");
    let (id, other, tokens) = {
        let hub = hub(
            Arc::new(SqliteStore::open(&path).expect("opens")),
            Some(IDLE),
        );
        let req = pb::CreateMatchRequest {
            game: "presidency".into(),
            seed: Some(9),
            ..Default::default()
        };
        let id = hub.create(req.clone()).await.expect("created").match_id;
        let other = hub.create(req).await.expect("created").match_id;
        let tokens = [
            join(&hub, &id, 0, "p0").await,
            join(&hub, &id, 1, "p1").await,
        ];
        gone(&hub, &id).await;
        gone(&hub, &other).await;
        check_tokens(&hub, &id, &other, &tokens).await;
        hub.shutdown();
        (id, other, tokens)
    };
    // A new server on the same file (the old one's thread lets go of it first).
    let store = loop {
        match SqliteStore::open(&path) {
            Ok(s) => break s,
            Err(_) => tokio::time::sleep(Duration::from_millis(20)).await,
        }
    };
    let hub = hub(Arc::new(store), Some(IDLE));
    assert_eq!(hub.restore().await.expect("restore"), 0, "nothing must run");
    check_tokens(&hub, &id, &other, &tokens).await;
    let _ = std::fs::remove_dir_all(&dir);
}

/// Waits (thirty real seconds at most) until the match left memory. Storing its
/// state is real I/O on the SQLite thread, during which the paused clock runs on.
async fn gone(hub: &Arc<Hub>, id: &str) {
    // Bounded by the wall clock, not the paused one: while the runtime waits for the SQLite
    // thread it has nothing else to do, so the paused clock jumps from one sleep to the
    // next, and a bound in virtual time (it was a minute) could run out in a third of a
    // real second, before the store had answered once.
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while std::time::Instant::now() < deadline {
        if !hub.is_live(id) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("match {id} never left memory");
}

async fn check_tokens(hub: &Arc<Hub>, id: &str, other: &str, tokens: &[String; 2]) {
    for (seat, t) in tokens.iter().enumerate() {
        assert_eq!(
            hub.authenticate(id, t)
                .await
                .expect("the token holds its seat")
                .seat,
            seat
        );
        let err = hub.authenticate(other, t).await.err().expect("foreign");
        assert_eq!(err.code(), Code::PermissionDenied);
    }
    let err = hub
        .authenticate(id, "not-a-token")
        .await
        .err()
        .expect("unknown");
    assert_eq!(err.code(), Code::Unauthenticated);
    let err = hub
        .authenticate("0000000000000000", &tokens[0])
        .await
        .err()
        .expect("no match");
    assert_eq!(err.code(), Code::NotFound);
}
