//! Every kind of stored step, told the same live and to a stream that resumes after it: a
//! game choice, a take-back, a resignation, a clock run out, a claimed win and seats handed
//! to a bot. A client that reconnects passes the last version it saw and gets the versions
//! it missed; each must carry the same last action (id, label, origin) a stream open
//! throughout got. (A stream resumed after a handoff once got an empty label: only the
//! endings were told apart there.)

use std::sync::Arc;
use std::time::Duration;

use hustings::in_process::{Updates, act, close, create, hub_on, join, next, watch, watch_from};
use hustings_engine::Viewer;
use hustings_proto::v1 as pb;
use hustings_service::actor::Command;
use hustings_service::hub::Hub;
use hustings_service::store::MemoryStore;

/// A two-seat Presidential Race (seed 7: its first decision is a conversion, which may be
/// taken back), both seats joined, with a per-decision clock of `clock_secs` when given and
/// a minute's grace for absent seats; (id, the seat to act, its stream, its first prompt).
async fn race(hub: &Arc<Hub>, clock_secs: Option<u64>) -> (String, usize, Updates, pb::Prompt) {
    let id = create(
        hub,
        pb::CreateMatchRequest {
            game: "presidency".into(),
            seed: Some(7),
            clock: clock_secs.map(|s| pb::ClockSetting {
                kind: Some(pb::clock_setting::Kind::PerDecision(pb::PerDecisionClock {
                    limit_ms: s * 1000,
                })),
            }),
            abandon_grace_ms: Some(60_000),
            ..Default::default()
        },
    )
    .await;
    join(hub, &id, 0, "ann").await;
    join(hub, &id, 1, "bo").await;
    let (_, mut a) = watch(hub, &id, Viewer::Seat(0)).await;
    let (_, mut b) = watch(hub, &id, Viewer::Seat(1)).await;
    let first = [next(&mut a).await, next(&mut b).await];
    let m = if first[0].prompt.is_some() { 0 } else { 1 };
    let prompt = first[m].prompt.clone().expect("the seat to act is asked");
    (id, m, if m == 0 { a } else { b }, prompt)
}

/// The first update of `rx` at `version`.
async fn at(rx: &mut Updates, version: u64) -> pb::MatchUpdate {
    loop {
        let u = next(rx).await;
        if u.version == version {
            return u;
        }
    }
}

/// What a spectator watching throughout was told of the step that made `version`, and what
/// one resuming after `version - 1` is told: they must be the same, and say `label` with
/// the service as the origin (`origin`) and `id_starts` as the id's start.
async fn told_alike(
    hub: &Arc<Hub>,
    id: &str,
    live: &mut Updates,
    version: u64,
    label: &str,
    origin: pb::Origin,
    id_starts: &str,
) {
    let seen = at(live, version)
        .await
        .last_action
        .expect("a last action live");
    let mut resumed = watch_from(hub, id, Viewer::Spectator, version - 1).await;
    let again = at(&mut resumed, version)
        .await
        .last_action
        .expect("a last action when resumed");
    assert_eq!(again, seen, "resumed after version {}", version - 1);
    assert_eq!(seen.label, label, "{seen:?}");
    assert_eq!(seen.origin(), origin, "{seen:?}");
    assert!(seen.choice_id.starts_with(id_starts), "{seen:?}");
}

#[tokio::test(start_paused = true)]
async fn a_resumed_stream_is_told_a_game_choice_and_a_take_back_as_live() {
    let hub = hub_on(Arc::new(MemoryStore::default()));
    let (id, m, _mine, prompt) = race(&hub, None).await;
    let (_, mut spectator) = watch(&hub, &id, Viewer::Spectator).await;
    next(&mut spectator).await;
    let offered = prompt
        .choices
        .iter()
        .find(|c| c.id == "convert:1")
        .expect("a conversion is offered");
    assert_eq!(offered.origin(), pb::Origin::Game);
    assert_eq!(act(&hub, &id, m, 0, "convert:1").await.expect("played"), 1);
    let label = offered.label.clone();
    told_alike(
        &hub,
        &id,
        &mut spectator,
        1,
        &label,
        pb::Origin::Game,
        "convert:1",
    )
    .await;
    assert_eq!(act(&hub, &id, m, 1, "undo").await.expect("taken back"), 2);
    told_alike(
        &hub,
        &id,
        &mut spectator,
        2,
        "Take back the last choice",
        pb::Origin::Service,
        "undo",
    )
    .await;
}

#[tokio::test(start_paused = true)]
async fn a_resumed_stream_is_told_a_resignation_as_live() {
    let hub = hub_on(Arc::new(MemoryStore::default()));
    let (id, m, _mine, _) = race(&hub, None).await;
    let (_, mut spectator) = watch(&hub, &id, Viewer::Spectator).await;
    next(&mut spectator).await;
    act(&hub, &id, m, 0, "convert:1").await.expect("played");
    hub.ask(&id, |reply| Command::Resign { seat: m, reply })
        .await
        .expect("resigned");
    told_alike(
        &hub,
        &id,
        &mut spectator,
        2,
        "Resign",
        pb::Origin::Service,
        "resign",
    )
    .await;
}

#[tokio::test(start_paused = true)]
async fn a_resumed_stream_is_told_a_clock_run_out_as_live() {
    let hub = hub_on(Arc::new(MemoryStore::default()));
    let (id, m, _mine, _) = race(&hub, Some(30)).await;
    let (_, mut spectator) = watch(&hub, &id, Viewer::Spectator).await;
    next(&mut spectator).await;
    act(&hub, &id, m, 0, "convert:1").await.expect("played");
    // Nobody acts again: the seat's 30 s run out.
    tokio::time::sleep(Duration::from_secs(31)).await;
    let label = "Ran out of time";
    told_alike(
        &hub,
        &id,
        &mut spectator,
        2,
        label,
        pb::Origin::Service,
        "timeout",
    )
    .await;
}

#[tokio::test(start_paused = true)]
async fn a_resumed_stream_is_told_a_claimed_win_and_a_handoff_as_live() {
    for handoff in [false, true] {
        let hub = hub_on(Arc::new(MemoryStore::default()));
        let (id, m, mine, _) = race(&hub, None).await;
        let o = 1 - m;
        let (_, mut spectator) = watch(&hub, &id, Viewer::Spectator).await;
        next(&mut spectator).await;
        let _pool = hub.pools.register(&[], &["greedy".to_string()]);
        hub.pools_changed();
        // The seat to act goes away past the grace: the other may claim or hand it over.
        close(mine);
        tokio::time::sleep(Duration::from_secs(61)).await;
        if handoff {
            act(&hub, &id, o, 0, "hand-to-bot:greedy")
                .await
                .expect("handed");
            let name = if m == 0 { "Democrat" } else { "Republican" };
            let label = format!("Handed {name} to a bot (greedy) after they left");
            let starts = format!("hand-to-bot:greedy:{m}");
            told_alike(
                &hub,
                &id,
                &mut spectator,
                1,
                &label,
                pb::Origin::Service,
                &starts,
            )
            .await;
        } else {
            act(&hub, &id, o, 0, "claim-win").await.expect("claimed");
            let label = "Claim the win";
            told_alike(
                &hub,
                &id,
                &mut spectator,
                1,
                label,
                pb::Origin::Service,
                "claim-win",
            )
            .await;
        }
    }
}
