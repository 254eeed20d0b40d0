//! Match lifecycle driven by time: clocks and timeouts, abandoned seats, and rematches.
//!
//! These tests run the hub and its match actors in-process on a paused tokio clock
//! (`start_paused`): time stands still while anything can run and jumps straight to the next
//! timer when everything waits, so a 30-second clock runs out at exactly 30 s of virtual
//! time, instantly and deterministically. (Real sockets do not mix well with a paused clock;
//! the actor is the part that keeps time, so the tests talk to it through the hub.)

use std::sync::Arc;
use std::time::Duration;

use hustings::in_process::{Updates, act, close, create, hub_on, join, next, watch};
use hustings_engine::Viewer;
use hustings_proto::v1 as pb;
use hustings_service::actor::Command;
use hustings_service::hub::Hub;
use hustings_service::sql::postgres::PostgresStore;
use hustings_service::sql::sqlite::SqliteStore;
use hustings_service::store::{MemoryStore, Store};
use tokio::time::{Instant, timeout};
use tonic::Code;

fn per_decision(secs: u64) -> Option<pb::ClockSetting> {
    Some(pb::ClockSetting {
        kind: Some(pb::clock_setting::Kind::PerDecision(pb::PerDecisionClock {
            limit_ms: secs * 1000,
        })),
    })
}

fn game_clock(base_secs: u64, increment_secs: u64) -> Option<pb::ClockSetting> {
    Some(pb::ClockSetting {
        kind: Some(pb::clock_setting::Kind::Game(pb::GameClock {
            base_ms: base_secs * 1000,
            increment_ms: increment_secs * 1000,
            max_ms: 0,
        })),
    })
}

/// The first update that satisfies `f`.
async fn until(rx: &mut Updates, f: impl Fn(&pb::MatchUpdate) -> bool) -> pb::MatchUpdate {
    loop {
        let u = next(rx).await;
        if f(&u) {
            return u;
        }
    }
}

fn choice_ids(u: &pb::MatchUpdate) -> Vec<String> {
    u.prompt
        .as_ref()
        .map(|p| p.choices.iter().map(|c| c.id.clone()).collect())
        .unwrap_or_default()
}

fn clock_of(u: &pb::MatchUpdate, seat: usize) -> pb::SeatClock {
    u.clocks
        .iter()
        .find(|c| c.seat as usize == seat)
        .cloned()
        .unwrap_or_else(|| panic!("no clock for seat {seat} in {:?}", u.clocks))
}

/// A two-seat Presidential Race with both seats joined and watched: (id, tokens, streams,
/// seat to act, its first snapshot).
async fn race(
    hub: &Arc<Hub>,
    clock: Option<pb::ClockSetting>,
    grace_ms: Option<u64>,
) -> (
    String,
    [String; 2],
    [Updates; 2],
    usize,
    pb::MatchUpdate,
    [u64; 2],
) {
    let id = create(
        hub,
        pb::CreateMatchRequest {
            game: "presidency".into(),
            seed: Some(5),
            clock,
            abandon_grace_ms: grace_ms,
            ..Default::default()
        },
    )
    .await;
    let t = [
        join(hub, &id, 0, "ann").await,
        join(hub, &id, 1, "bo").await,
    ];
    let (ia, mut a) = watch(hub, &id, Viewer::Seat(0)).await;
    let (ib, mut b) = watch(hub, &id, Viewer::Seat(1)).await;
    let first = [next(&mut a).await, next(&mut b).await];
    let m = if first[0].prompt.is_some() { 0 } else { 1 };
    let snap = first[m].clone();
    (id, t, [a, b], m, snap, [ia, ib])
}

#[tokio::test(start_paused = true)]
async fn a_seat_whose_clock_runs_out_forfeits_a_two_sided_game() {
    let hub = hub_on(Arc::new(MemoryStore::default()));
    let (id, _t, mut s, m, snap, _) = race(&hub, per_decision(30), None).await;
    let o = 1 - m;
    let start = Instant::now();
    // Every message shows both clocks; only the seat to act runs.
    assert!(clock_of(&snap, m).running);
    assert_eq!(clock_of(&snap, m).remaining_ms, 30_000);
    assert!(!clock_of(&snap, o).running);

    let ended = |u: &pb::MatchUpdate| u.outcome.is_some();
    assert!(
        timeout(Duration::from_millis(29_900), until(&mut s[o], ended))
            .await
            .is_err(),
        "nothing happens before the 30 s are up"
    );
    let u = until(&mut s[o], ended).await;
    assert_eq!(start.elapsed().as_secs(), 30, "it ran out at 30 s exactly");
    let outcome = u.outcome.clone().expect("over");
    assert_eq!(outcome.winners, vec![o as u32]);
    assert_eq!(outcome.forfeit, "timeout");
    assert!(!outcome.resigned);
    let name = if m == 0 { "Democrat" } else { "Republican" };
    assert_eq!(outcome.reason, format!("{name} ran out of time"));
    assert!(
        u.log
            .iter()
            .any(|e| e.text == format!("{name} ran out of time")),
        "the log says so: {:?}",
        u.log
    );
    assert_eq!(
        u.last_action.as_ref().expect("last action").choice_id,
        "timeout"
    );
    assert_eq!(clock_of(&u, m).remaining_ms, 0);
    assert!(
        u.clocks.iter().all(|c| !c.running),
        "clocks stop at the end"
    );
    // Acting late is refused.
    let late = act(&hub, &id, m, u.version, "dice:1d6").await;
    assert_eq!(late.unwrap_err().code(), Code::FailedPrecondition);
}

#[tokio::test(start_paused = true)]
async fn a_clock_does_not_run_while_the_seat_waits_and_a_choice_restarts_it() {
    let hub = hub_on(Arc::new(MemoryStore::default()));
    let (id, _t, mut s, m, _, _) = race(&hub, per_decision(30), None).await;
    let o = 1 - m;
    // 20 s into its decision the seat converts money (it still has to roll): a new decision,
    // a fresh 30 s.
    tokio::time::sleep(Duration::from_secs(20)).await;
    act(&hub, &id, m, 0, "convert:1").await.expect("convert");
    let u = until(&mut s[m], |u| u.version == 1).await;
    assert_eq!(clock_of(&u, m).remaining_ms, 30_000);
    assert!(clock_of(&u, m).running);
    tokio::time::sleep(Duration::from_secs(25)).await;
    act(&hub, &id, m, 1, "dice:1d6").await.expect("roll");
    // The seat finishes its turn (10 s a decision); the opponent's clock stays stopped and
    // full all along, then starts full when its turn comes.
    let mut version = 2;
    loop {
        let mine = until(&mut s[m], |u| u.version == version).await;
        let theirs = until(&mut s[o], |u| u.version == version).await;
        assert!(theirs.outcome.is_none());
        assert_eq!(
            clock_of(&theirs, o).remaining_ms,
            30_000,
            "version {version}"
        );
        if theirs.to_act == vec![o as u32] {
            assert!(clock_of(&theirs, o).running);
            assert!(!clock_of(&theirs, m).running);
            break;
        }
        assert!(!clock_of(&theirs, o).running, "version {version}");
        tokio::time::sleep(Duration::from_secs(10)).await;
        let choice = choice_ids(&mine)
            .into_iter()
            .find(|c| c != "undo")
            .expect("the seat still has a decision");
        version = act(&hub, &id, m, version, &choice).await.expect("acts");
    }
}

#[tokio::test(start_paused = true)]
async fn a_clock_out_of_range_is_refused_at_creation() {
    let hub = hub_on(Arc::new(MemoryStore::default()));
    let err = hub
        .create(pb::CreateMatchRequest {
            game: "presidency".into(),
            clock: per_decision(0),
            ..Default::default()
        })
        .await
        .expect_err("a zero limit");
    assert_eq!(err.code(), Code::InvalidArgument);
    assert!(
        err.message().contains("per-decision limit"),
        "{}",
        err.message()
    );
    // The grace's range is checked with the request's other fields, where every request
    // is (the service's validation layer, before the hub sees it).
    let endless = pb::CreateMatchRequest {
        game: "presidency".into(),
        abandon_grace_ms: Some(u64::MAX),
        ..Default::default()
    };
    let err = hustings_service::validate::Checked::check(&endless).expect_err("an endless grace");
    assert_eq!(err.code(), Code::InvalidArgument);
    assert!(
        err.message().contains("abandon_grace_ms"),
        "{}",
        err.message()
    );
    assert_eq!(hub.match_count(), 0, "nothing created");
}

#[tokio::test(start_paused = true)]
async fn a_convention_nominee_out_of_time_gets_the_default_choice_and_play_goes_on() {
    let hub = hub_on(Arc::new(MemoryStore::default()));
    let id = create(
        &hub,
        pb::CreateMatchRequest {
            game: "presidency".into(),
            variant: "convention".into(),
            seats: 3,
            seed: Some(9),
            clock: per_decision(10),
            ..Default::default()
        },
    )
    .await;
    for seat in 0..3 {
        join(&hub, &id, seat, &format!("p{seat}")).await;
    }
    let (_, mut spectator) = watch(&hub, &id, Viewer::Spectator).await;
    let first = next(&mut spectator).await;
    assert_eq!(first.status, pb::MatchStatus::Active as i32);
    let m = first.to_act[0] as usize;
    let start = Instant::now();
    let u = until(&mut spectator, |u| u.version == 1).await;
    assert_eq!(start.elapsed().as_secs(), 10);
    assert!(u.outcome.is_none(), "a convention goes on: {:?}", u.outcome);
    let last = u.last_action.expect("last action");
    assert_eq!(last.seat as usize, m);
    assert!(
        last.label.starts_with("Ran out of time: "),
        "{}",
        last.label
    );
    let note = format!(
        "Nominee {} ran out of time; the default choice was made",
        m + 1
    );
    assert!(
        u.log
            .iter()
            .any(|e| e.kind == "timeout" && e.text.starts_with(&note)),
        "{:?}",
        u.log
    );
    // The catalogue says why: the convention takes the default, the two-party race forfeits.
    let info = hustings_engine::game_info("presidency").expect("presidency");
    assert_eq!(
        info.timeout_policy_of("convention"),
        hustings_engine::TimeoutPolicy::DefaultChoice
    );
    assert_eq!(
        info.timeout_policy_of("standard"),
        hustings_engine::TimeoutPolicy::Forfeit
    );
    let wire = hustings_service::convert::game_info(&info);
    let conv = wire
        .variants
        .iter()
        .find(|v| v.id == "convention")
        .expect("convention");
    assert_eq!(conv.timeout_policy, pb::TimeoutPolicy::DefaultChoice as i32);
    assert_eq!(wire.timeout_policy, pb::TimeoutPolicy::Forfeit as i32);
}

#[tokio::test(start_paused = true)]
async fn a_restart_mid_match_keeps_each_seats_remaining_time() {
    let dir = hustings::server_proc::temp_dir("clock-restart");
    let path = dir.join("hustings.sqlite");
    restart_keeps_the_clocks(async || -> Arc<dyn Store> {
        let store: Arc<dyn Store> = Arc::new(SqliteStore::open(&path).expect("sqlite opens"));
        store
    })
    .await;
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(start_paused = true)]
async fn a_restart_on_postgres_keeps_each_seats_remaining_time() {
    let Some(url) = hustings::server_proc::fresh_postgres_database("clocks") else {
        return;
    };
    restart_keeps_the_clocks(async || -> Arc<dyn Store> {
        let store: Arc<dyn Store> =
            Arc::new(PostgresStore::open(&url).await.expect("postgres opens"));
        store
    })
    .await;
}

/// Plays 100 s into a game clock, restarts on the same database an hour later, and checks
/// the clocks resume from the stored times.
async fn restart_keeps_the_clocks(open: impl AsyncFn() -> Arc<dyn Store>) {
    let hub = hub_on(open().await);
    hub.restore().await.expect("nothing to restore");
    let (id, _t, mut s, m, _, _) = race(&hub, game_clock(600, 5), None).await;
    let o = 1 - m;
    // 100 s, then a conversion: 600 - 100 + 5 = 505 s left, stored with the choice.
    tokio::time::sleep(Duration::from_secs(100)).await;
    act(&hub, &id, m, 0, "convert:1").await.expect("convert");
    let u = until(&mut s[m], |u| u.version == 1).await;
    assert_eq!(clock_of(&u, m).remaining_ms, 505_000);
    assert_eq!(clock_of(&u, o).remaining_ms, 600_000);

    // The server stops 50 s later and is down for an hour.
    tokio::time::sleep(Duration::from_secs(50)).await;
    drop(s);
    hub.shutdown();
    while Arc::strong_count(&hub) > 1 {
        tokio::task::yield_now().await;
    }
    drop(hub);
    tokio::time::sleep(Duration::from_secs(3600)).await;

    let hub = hub_on(open().await);
    assert_eq!(hub.restore().await.expect("restored"), 1);
    let (_, mut st) = watch(&hub, &id, Viewer::Seat(m)).await;
    let u = next(&mut st).await;
    assert_eq!(u.version, 1);
    // The times stored with the last choice: neither the downtime nor the 50 s before it
    // count against the seat (documented in service/src/clock.rs).
    assert_eq!(clock_of(&u, m).remaining_ms, 505_000);
    assert!(clock_of(&u, m).running);
    assert_eq!(clock_of(&u, o).remaining_ms, 600_000);
    assert!(!clock_of(&u, o).running);
    // …and the clock goes on from there: 505 s later the seat runs out of time.
    let back = Instant::now();
    let u = until(&mut st, |u| u.outcome.is_some()).await;
    assert_eq!(back.elapsed().as_secs(), 505);
    assert_eq!(u.outcome.expect("over").forfeit, "timeout");
}

#[tokio::test(start_paused = true)]
async fn the_others_may_claim_the_win_once_a_seat_to_act_is_away_past_the_grace() {
    let hub = hub_on(Arc::new(MemoryStore::default()));
    let (id, _t, s, m, _, _) = race(&hub, None, Some(60_000)).await;
    let o = 1 - m;
    let [a, b] = s;
    let (mine, mut theirs) = if m == 0 { (a, b) } else { (b, a) };
    let (_, mut spectator) = watch(&hub, &id, Viewer::Spectator).await;
    next(&mut spectator).await;
    // The seat to act goes away: its stream closes.
    close(mine);
    let away = Instant::now();
    // Every viewer, spectators too, sees it disconnected.
    let u = until(&mut spectator, |u| !u.seats[m].connected).await;
    assert!(u.seats[o].connected);
    let u = until(&mut theirs, |u| !u.seats[m].connected).await;
    assert!(!choice_ids(&u).contains(&"claim-win".to_string()));

    // Not before the grace period…
    tokio::time::sleep(Duration::from_secs(59)).await;
    let early = act(&hub, &id, o, 0, "claim-win").await;
    assert_eq!(early.unwrap_err().code(), Code::FailedPrecondition);
    // …but once it has passed, the opponent's prompt offers the claim.
    let u = until(&mut theirs, |u| {
        choice_ids(u).contains(&"claim-win".to_string())
    })
    .await;
    assert_eq!(away.elapsed().as_secs(), 60);
    assert_eq!(
        u.to_act,
        vec![m as u32],
        "it is still the absent seat's turn"
    );
    assert!(u.prompt.as_ref().is_some_and(|p| p.text.contains("away")));
    // The absent seat itself cannot claim.
    assert_eq!(
        act(&hub, &id, m, 0, "claim-win").await.unwrap_err().code(),
        Code::FailedPrecondition
    );
    assert_eq!(act(&hub, &id, o, 0, "claim-win").await.expect("claimed"), 1);
    let u = until(&mut spectator, |u| u.outcome.is_some()).await;
    let outcome = u.outcome.expect("over");
    assert_eq!(outcome.winners, vec![o as u32]);
    assert_eq!(outcome.forfeit, "abandoned");
    assert!(
        outcome.reason.contains("claimed the win"),
        "{}",
        outcome.reason
    );
}

/// A Presidential Race of a person against a bot seat (joined by a bot client), on a 60 s
/// grace, the person's seat to act first: (id, the person's seat, the person's stream, the
/// bot's stream).
async fn person_against_bot(
    hub: &Arc<Hub>,
    bots_claim_wins: bool,
) -> (String, usize, Updates, Updates) {
    // Which seat acts first with this seed: the person takes that one.
    let (_, _, _, m, _, _) = race(hub, None, None).await;
    let b = 1 - m;
    let mut seat_config = vec![pb::SeatConfig::default(); 2];
    seat_config[b] = pb::SeatConfig {
        bot: true,
        ai: "random".into(),
        ai_level: String::new(),
    };
    let summary = hub
        .create(pb::CreateMatchRequest {
            game: "presidency".into(),
            seed: Some(5),
            seat_config,
            abandon_grace_ms: Some(60_000),
            bots_claim_wins,
            ..Default::default()
        })
        .await
        .expect("match created");
    // The lobby shows what absence leads to.
    assert_eq!(summary.abandon_grace_ms, 60_000);
    assert_eq!(summary.bots_claim_wins, bots_claim_wins);
    let id = summary.match_id;
    join(hub, &id, m, "ann").await;
    hub.ask(&id, |reply| Command::Join {
        seat: Some(b),
        name: "pool".into(),
        kind: pb::ClientKind::Bot,
        account: None,
        reply,
    })
    .await
    .expect("the bot joined");
    let (_, mut person) = watch(hub, &id, Viewer::Seat(m)).await;
    let (_, mut bot) = watch(hub, &id, Viewer::Seat(b)).await;
    assert!(
        next(&mut person).await.prompt.is_some(),
        "the person acts first"
    );
    next(&mut bot).await;
    (id, m, person, bot)
}

#[tokio::test(start_paused = true)]
async fn a_person_away_from_a_match_against_a_bot_keeps_the_seat() {
    let hub = hub_on(Arc::new(MemoryStore::default()));
    let (id, m, person, mut bot) = person_against_bot(&hub, false).await;
    let b = 1 - m;
    close(person);
    until(&mut bot, |u| !u.seats[m].connected).await;
    // Five minutes away, five times the grace: the bot is never offered the claim…
    let claim = |u: &pb::MatchUpdate| choice_ids(u).contains(&"claim-win".to_string());
    assert!(
        timeout(Duration::from_secs(300), until(&mut bot, claim))
            .await
            .is_err(),
        "a bot was offered the win over an absent person"
    );
    // …and asking for it anyway is refused, changing nothing.
    assert_eq!(
        act(&hub, &id, b, 0, "claim-win").await.unwrap_err().code(),
        Code::FailedPrecondition
    );
    // The person comes back to the same seat, the same turn, and plays on.
    let (_, mut back) = watch(&hub, &id, Viewer::Seat(m)).await;
    let u = next(&mut back).await;
    assert!(u.outcome.is_none());
    assert_eq!(u.version, 0);
    let first = u.prompt.expect("still the person's turn").choices[0]
        .id
        .clone();
    assert_eq!(act(&hub, &id, m, 0, &first).await.expect("plays on"), 1);
}

#[tokio::test(start_paused = true)]
async fn a_bot_claims_the_win_over_an_absent_person_only_when_the_match_says_so() {
    let hub = hub_on(Arc::new(MemoryStore::default()));
    let (id, m, person, mut bot) = person_against_bot(&hub, true).await;
    let b = 1 - m;
    close(person);
    let away = Instant::now();
    let u = until(&mut bot, |u| {
        choice_ids(u).contains(&"claim-win".to_string())
    })
    .await;
    assert_eq!(
        away.elapsed().as_secs(),
        60,
        "after the grace, as a person would be"
    );
    assert_eq!(
        act(&hub, &id, b, u.version, "claim-win")
            .await
            .expect("claimed"),
        1
    );
    let u = until(&mut bot, |u| u.outcome.is_some()).await;
    assert_eq!(u.outcome.expect("over").winners, vec![b as u32]);
}

const DAY_MS: u64 = 86_400_000;

/// 1 day + 4 h a move, up to 3 days: a correspondence clock (Rally the Troops' usual pace).
fn correspondence() -> Option<pb::ClockSetting> {
    Some(pb::ClockSetting {
        kind: Some(pb::clock_setting::Kind::Game(pb::GameClock {
            base_ms: DAY_MS,
            increment_ms: DAY_MS / 6,
            max_ms: 3 * DAY_MS,
        })),
    })
}

#[tokio::test(start_paused = true)]
async fn a_correspondence_match_leaves_absence_to_its_clock() {
    let hub = hub_on(Arc::new(MemoryStore::default()));
    let created = |grace: Option<u64>| pb::CreateMatchRequest {
        game: "presidency".into(),
        seed: Some(5),
        clock: correspondence(),
        abandon_grace_ms: grace,
        ..Default::default()
    };
    // Unless a grace is asked for, nobody wins by the other's absence: the clock is there.
    let summary = hub.create(created(None)).await.expect("created");
    assert_eq!(summary.abandon_grace_ms, 0, "no grace at one's own pace");
    assert_eq!(summary.clock, correspondence(), "the cap is kept");
    let asked = hub.create(created(Some(3_600_000))).await.expect("created");
    assert_eq!(
        asked.abandon_grace_ms, 3_600_000,
        "a grace asked for is kept"
    );

    let id = summary.match_id;
    join(&hub, &id, 0, "ann").await;
    join(&hub, &id, 1, "bo").await;
    let (_, mut a) = watch(&hub, &id, Viewer::Seat(0)).await;
    let (_, mut b) = watch(&hub, &id, Viewer::Seat(1)).await;
    let first = [next(&mut a).await, next(&mut b).await];
    let m = if first[0].prompt.is_some() { 0 } else { 1 };
    let o = 1 - m;
    let (mine, mut theirs) = if m == 0 { (a, b) } else { (b, a) };
    assert_eq!(
        clock_of(&first[o], m).remaining_ms,
        DAY_MS,
        "a day in the bank"
    );
    // The seat to act goes away for most of a day: nobody is offered the win…
    close(mine);
    let away = Instant::now();
    let claim = |u: &pb::MatchUpdate| choice_ids(u).contains(&"claim-win".to_string());
    assert!(
        timeout(
            Duration::from_millis(DAY_MS - 1_000),
            until(&mut theirs, claim)
        )
        .await
        .is_err(),
        "a win by absence was offered in a correspondence match"
    );
    assert_eq!(
        act(&hub, &id, o, 0, "claim-win").await.unwrap_err().code(),
        Code::FailedPrecondition
    );
    // …and when its day is up, its clock forfeits it, as a live clock would.
    let u = until(&mut theirs, |u| u.outcome.is_some()).await;
    assert_eq!(away.elapsed().as_millis() as u64, DAY_MS);
    let outcome = u.outcome.expect("over");
    assert_eq!(outcome.forfeit, "timeout");
    assert_eq!(outcome.winners, vec![o as u32]);
}

#[tokio::test(start_paused = true)]
async fn a_seat_that_comes_back_in_time_cannot_be_claimed_against() {
    let hub = hub_on(Arc::new(MemoryStore::default()));
    let (id, _t, s, m, _, _) = race(&hub, None, Some(60_000)).await;
    let o = 1 - m;
    let [a, b] = s;
    let (mine, mut theirs) = if m == 0 { (a, b) } else { (b, a) };
    close(mine);
    until(&mut theirs, |u| !u.seats[m].connected).await;
    tokio::time::sleep(Duration::from_secs(30)).await;
    let (_, _back) = watch(&hub, &id, Viewer::Seat(m)).await;
    until(&mut theirs, |u| u.seats[m].connected).await;
    tokio::time::sleep(Duration::from_secs(120)).await;
    assert_eq!(
        act(&hub, &id, o, 0, "claim-win").await.unwrap_err().code(),
        Code::FailedPrecondition
    );
}

#[tokio::test(start_paused = true)]
async fn a_rematch_rotates_the_seats_and_each_token_holds_only_its_new_seat() {
    let hub = hub_on(Arc::new(MemoryStore::default()));
    let (id, t, mut s, m, _, _) = race(&hub, per_decision(30), Some(45_000)).await;
    // End it quickly: a resignation.
    hub.ask(&id, |reply| Command::Resign { seat: m, reply })
        .await
        .expect("resigned");
    let u0 = until(&mut s[0], |u| u.outcome.is_some()).await;
    assert_eq!(choice_ids(&u0), vec!["rematch"], "the rematch is offered");
    assert_eq!(
        act(&hub, &id, 0, u0.version + 1, "rematch")
            .await
            .unwrap_err()
            .code(),
        Code::Aborted
    );
    act(&hub, &id, 0, u0.version, "rematch")
        .await
        .expect("offered");
    let u1 = until(&mut s[1], |u| u.rematch_offers == vec![0]).await;
    let p = u1.prompt.expect("seat 1 is asked");
    assert!(p.text.contains("Democrat offered a rematch"), "{}", p.text);
    assert_eq!(p.choices[0].label, "Accept the rematch");
    assert!(u1.rematch_match_id.is_empty());
    act(&hub, &id, 1, u1.version, "rematch")
        .await
        .expect("accepted");
    let done = until(&mut s[0], |u| !u.rematch_match_id.is_empty()).await;
    let new_id = done.rematch_match_id.clone();
    assert_ne!(new_id, id);
    assert!(done.prompt.is_none(), "nothing left to accept");
    let done1 = until(&mut s[1], |u| !u.rematch_match_id.is_empty()).await;
    assert_eq!(done1.rematch_match_id, new_id);

    // Seats swapped: ann (seat 0) plays seat 1 now, bo seat 0; same settings, new seed.
    let a = hub
        .authenticate(&new_id, &t[0])
        .await
        .expect("ann's token holds her new seat");
    let b = hub
        .authenticate(&new_id, &t[1])
        .await
        .expect("bo's token holds his new seat");
    assert_eq!((a.seat, b.seat), (1, 0));
    assert_eq!(
        hub.authenticate(&id, &t[0])
            .await
            .expect("and the old")
            .seat,
        0
    );
    let summary = hub
        .list(&pb::ListMatchesRequest::default())
        .await
        .expect("listed")
        .matches
        .into_iter()
        .find(|m| m.match_id == new_id)
        .expect("listed");
    assert_eq!(summary.rematch_of, id);
    assert_eq!(summary.clock, per_decision(30));
    assert_eq!(summary.abandon_grace_ms, 45_000);
    assert_eq!(summary.status, pb::MatchStatus::Active as i32);
    assert_eq!(summary.seats[0].player_name, "bo");
    assert_eq!(summary.seats[1].player_name, "ann");
    // It plays: whoever is to act there makes a choice with the seat its token holds.
    let (_, mut st) = watch(&hub, &new_id, Viewer::Seat(1)).await;
    let (_, mut st0) = watch(&hub, &new_id, Viewer::Seat(0)).await;
    let u = next(&mut st).await;
    let u0 = next(&mut st0).await;
    let (seat, first) = if u.prompt.is_some() { (1, u) } else { (0, u0) };
    let choice = choice_ids(&first)[0].clone();
    assert_eq!(
        act(&hub, &new_id, seat, 0, &choice).await.expect("plays"),
        1
    );
    // The old match's summary links forward.
    let old = hub
        .list(&pb::ListMatchesRequest::default())
        .await
        .expect("listed")
        .matches
        .into_iter()
        .find(|s| s.match_id == id)
        .expect("listed");
    assert_eq!(old.rematch_match_id, new_id);
}

#[tokio::test(start_paused = true)]
async fn bot_seats_need_not_accept_and_are_opened_again_for_bots() {
    let hub = hub_on(Arc::new(MemoryStore::default()));
    let id = create(
        &hub,
        pb::CreateMatchRequest {
            game: "presidency".into(),
            seed: Some(3),
            seat_config: hustings::person_and_bot("greedy"),
            ..Default::default()
        },
    )
    .await;
    join(&hub, &id, 0, "ann").await;
    join(&hub, &id, 1, "greedy-bot").await;
    let (_, mut s0) = watch(&hub, &id, Viewer::Seat(0)).await;
    let (_, mut s1) = watch(&hub, &id, Viewer::Seat(1)).await;
    hub.ask(&id, |reply| Command::Resign { seat: 0, reply })
        .await
        .expect("resigned");
    let u1 = until(&mut s1, |u| u.outcome.is_some()).await;
    assert!(u1.prompt.is_none(), "the bot seat is not asked");
    assert_eq!(
        act(&hub, &id, 1, u1.version, "rematch")
            .await
            .unwrap_err()
            .code(),
        Code::FailedPrecondition
    );
    let u0 = until(&mut s0, |u| u.outcome.is_some()).await;
    act(&hub, &id, 0, u0.version, "rematch")
        .await
        .expect("rematch");
    let done = until(&mut s0, |u| !u.rematch_match_id.is_empty()).await;
    let new = hub
        .list(&pb::ListMatchesRequest::default())
        .await
        .expect("listed")
        .matches
        .into_iter()
        .find(|m| m.match_id == done.rematch_match_id)
        .expect("listed");
    assert_eq!(new.status, pb::MatchStatus::Waiting as i32);
    assert!(
        new.seats[0].bot && !new.seats[0].taken,
        "{:?}",
        new.seats[0]
    );
    assert_eq!(new.seats[0].ai, "greedy");
    assert!(!new.seats[1].bot && new.seats[1].taken);
    assert_eq!(new.seats[1].player_name, "ann");
}

#[tokio::test(start_paused = true)]
async fn an_absent_seat_may_be_handed_to_a_bot_beside_the_claim_and_its_token_is_then_refused() {
    let hub = hub_on(Arc::new(MemoryStore::default()));
    let (id, t, s, m, _, _) = race(&hub, None, Some(60_000)).await;
    let o = 1 - m;
    let [a, b] = s;
    let (mine, mut theirs) = if m == 0 { (a, b) } else { (b, a) };
    let (_, mut spectator) = watch(&hub, &id, Viewer::Spectator).await;
    next(&mut spectator).await;
    close(mine);
    tokio::time::sleep(Duration::from_secs(61)).await;
    // With no pool connected there is no bot to hand the seat to: the claim only.
    let u = until(&mut theirs, |u| {
        choice_ids(u).contains(&"claim-win".to_string())
    })
    .await;
    assert!(
        !choice_ids(&u).iter().any(|c| c.starts_with("hand-to-bot")),
        "{:?}",
        choice_ids(&u)
    );
    let none = act(&hub, &id, o, 0, "hand-to-bot:greedy")
        .await
        .unwrap_err();
    assert_eq!(none.code(), Code::InvalidArgument, "{none:?}");
    assert!(none.message().contains("no connected bot pool"), "{none:?}");

    // A pool offering two AIs connects: each is offered, beside the claim.
    let _pool = hub
        .pools
        .register(&[], &["greedy".to_string(), "random".to_string()]);
    hub.pools_changed();
    let u = until(&mut theirs, |u| {
        choice_ids(u).contains(&"hand-to-bot:random".to_string())
    })
    .await;
    let ids = choice_ids(&u);
    assert!(ids.contains(&"hand-to-bot:greedy".to_string()), "{ids:?}");
    assert!(ids.contains(&"claim-win".to_string()), "{ids:?}");
    let prompt = u.prompt.expect("the absent seat's opponent is asked");
    assert!(
        prompt.text.contains("hand their seat to a bot"),
        "{}",
        prompt.text
    );
    // The absent seat cannot hand itself; an AI no pool offers is refused, naming those
    // offered, and changes nothing (the handoff below is at version 0 still).
    assert_eq!(
        act(&hub, &id, m, 0, "hand-to-bot:random")
            .await
            .unwrap_err()
            .code(),
        Code::FailedPrecondition
    );
    let bad = act(&hub, &id, o, 0, "hand-to-bot:deepblue")
        .await
        .unwrap_err();
    assert_eq!(bad.code(), Code::InvalidArgument);
    assert!(bad.message().contains("greedy, random"), "{bad:?}");
    assert_eq!(
        act(&hub, &id, o, 0, "hand-to-bot:greedy")
            .await
            .expect("handed"),
        1
    );

    // Every viewer is told: the seat is a bot seat for greedy nobody holds yet, the match
    // waits for it, and the log says who handed what. The old token is in no message.
    let u = until(&mut spectator, |u| u.version == 1).await;
    assert!(u.outcome.is_none());
    assert_eq!(u.status, pb::MatchStatus::Waiting as i32);
    let seat = &u.seats[m];
    assert!(seat.bot && !seat.taken && seat.ai == "greedy", "{seat:?}");
    let entry = u.log.last().expect("a log entry");
    assert_eq!(entry.kind, "hand-to-bot");
    assert!(entry.text.contains("to a bot (greedy)"), "{}", entry.text);
    let last = u.last_action.clone().expect("the last action");
    assert_eq!(last.seat, o as u32);
    assert!(
        last.choice_id.starts_with("hand-to-bot:greedy:"),
        "{last:?}"
    );
    let old_hash = hustings_service::auth::hash_token(&t[m]);
    let mine_now = until(&mut theirs, |u| u.version == 1).await;
    for seen in [&u, &mine_now] {
        let text = format!("{seen:?}");
        assert!(!text.contains(&old_hash) && !text.contains(&t[m]));
    }

    // The old token is refused with the reason; the opponent's still holds its seat.
    let Err(refused) = hub.authenticate(&id, &t[m]).await else {
        panic!("the old token still holds a seat");
    };
    assert_eq!(refused.code(), Code::PermissionDenied);
    assert!(refused.message().contains("handed"), "{refused:?}");
    assert!(
        hub.authenticate(&id, &t[o])
            .await
            .is_ok_and(|a| a.seat == o)
    );
    // A bot joins the seat like any bot seat, and the match is under way again.
    hub.ask(&id, |reply| Command::Join {
        seat: Some(m),
        name: "a pool".into(),
        kind: pb::ClientKind::Bot,
        account: None,
        reply,
    })
    .await
    .expect("a bot takes the handed seat");
    let u = until(&mut spectator, |u| {
        u.status == pb::MatchStatus::Active as i32
    })
    .await;
    assert!(u.seats[m].taken && u.to_act == vec![m as u32]);
}
