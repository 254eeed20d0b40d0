//! The lobby across nodes on one PostgreSQL (issue 19), with three real `hustings-server`
//! processes (cluster.rs's nodes) and a real `hustings-bot pool`: a match created on node C
//! is heard of by a lobby stream on node B and listed by node A; C counts the pool that
//! connected to A for its bot seats' waits; and that pool fills C's bot seat and plays the
//! match to its end.

use std::time::Duration;

use hustings::pool_proc::PoolProcess;
use hustings::server_proc::{fresh_postgres_database, temp_dir};
use hustings::{Client, connect, join, person_and_bot};
use hustings_proto::v1 as pb;
use rand::SeedableRng;
use rand::seq::IndexedRandom;

use super::cluster::node;

/// A short Presidential Race whose seat 1 is a bot seat for `ai`. The grace before
/// claim-win is long: the person's seat is joined well before it plays, and no side should
/// win by the other's absence.
async fn create_on(client: &mut Client, ai: &str, seed: u64) -> String {
    client
        .create_match(pb::CreateMatchRequest {
            game: "presidency".into(),
            seed: Some(seed),
            options: [("rounds".to_string(), "3".to_string())].into(),
            seat_config: person_and_bot(ai),
            abandon_grace_ms: Some(3_600_000),
            ..Default::default()
        })
        .await
        .expect("match created")
        .into_inner()
        .summary
        .expect("summary")
        .match_id
}

/// Reads `lobby` until an event about match `id` that `want` accepts (15 s at most).
async fn hear(
    lobby: &mut tonic::Streaming<pb::LobbyEvent>,
    id: &str,
    want: impl Fn(&pb::LobbyEvent) -> bool,
) -> pb::LobbyEvent {
    let wait = async {
        loop {
            let e = lobby
                .message()
                .await
                .expect("lobby stream healthy")
                .expect("the lobby stream stays open");
            if e.summary.as_ref().is_some_and(|m| m.match_id == id) && want(&e) {
                return e;
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(15), wait)
        .await
        .expect("the lobby stream hears of it within 15 s")
}

/// Match `id` as `client`'s node lists it, once `want` accepts it (15 s at most).
async fn listed(
    client: &mut Client,
    id: &str,
    want: impl Fn(&pb::MatchSummary) -> bool,
) -> pb::MatchSummary {
    let mut last = None;
    for _ in 0..150 {
        let page = client
            .list_matches(pb::ListMatchesRequest::default())
            .await
            .expect("ListMatches")
            .into_inner();
        if let Some(m) = page.matches.into_iter().find(|m| m.match_id == id) {
            if want(&m) {
                return m;
            }
            last = Some(m);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("match {id} was never listed as wanted; last listed: {last:?}");
}

/// Plays seat 0 (a person, at random, never a reserved choice) through `url` until the
/// match is over; the last update.
async fn play_person(url: &str, id: &str, token: &str, seed: u64) -> pb::MatchUpdate {
    let mut client = connect(url).await;
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut stream = hustings::open_stream(&mut client, id, token, 0).await;
    let mut acted_at = None;
    while let Some(update) = stream.message().await.expect("stream healthy") {
        if update.outcome.is_some() {
            return update;
        }
        let version = update.version;
        let choice = update
            .prompt
            .iter()
            .filter(|_| update.status == pb::MatchStatus::Active as i32)
            .flat_map(|p| p.choices.iter())
            .filter(|c| c.origin() == pb::Origin::Game)
            .collect::<Vec<_>>()
            .choose(&mut rng)
            .map(|c| c.id.clone());
        let Some(choice) = choice.filter(|_| acted_at != Some(version)) else {
            continue;
        };
        acted_at = Some(version);
        match client
            .act(pb::ActRequest {
                match_id: id.into(),
                token: token.into(),
                version,
                choice_id: choice,
                seat: None,
            })
            .await
        {
            Ok(_) => {}
            // The bot moved first (a convention prompt can be shared): read on.
            Err(s) if s.code() == tonic::Code::Aborted => {}
            Err(s) => panic!("the person's choice was refused: {s:?}"),
        }
    }
    panic!("match {id}: the stream ended before the outcome");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pool_on_node_a_fills_a_bot_seat_created_on_node_c_heard_of_on_node_b() {
    let Some(db) = fresh_postgres_database("cluster_lobby") else {
        return;
    };
    let (a, b, c) = (
        node(&db, "node-a"),
        node(&db, "node-b"),
        node(&db, "node-c"),
    );
    let (mut ca, mut cb, mut cc) = (
        connect(&a.url()).await,
        connect(&b.url()).await,
        connect(&c.url()).await,
    );
    let mut lobby_b = cb
        .watch_lobby(pb::WatchLobbyRequest::default())
        .await
        .expect("B's lobby stream opens")
        .into_inner();

    // Created on C after B's stream opened: only the relay can tell B.
    let id = create_on(&mut cc, "random", 7).await;
    let heard = hear(&mut lobby_b, &id, |e| e.waiting_bot_seats == [1]).await;
    let summary = heard.summary.expect("summary");
    assert_eq!(summary.game, "presidency");
    assert_eq!(
        summary.bot_waits.first().map(|w| w.reason),
        Some(pb::BotWaitReason::NoPool as i32),
        "no pool is connected anywhere yet: {summary:?}"
    );
    let on_a = listed(&mut ca, &id, |_| true).await;
    assert_eq!(on_a.status, pb::MatchStatus::Waiting as i32, "{on_a:?}");

    // A seat for an AI no pool plays, to see what C knows of A's pool.
    let other = create_on(&mut cc, "deepblue", 8).await;
    let token = join(&mut cb, &id, 0, "person").await;
    let pool_dir = temp_dir("cluster-lobby-pool");
    let pool = PoolProcess::start(&a.url(), "random", &pool_dir, &[]);

    // C counts A's pool: the seat for `deepblue` no longer waits for any pool, but for
    // one that offers it, and C names what A's pool offers (every AI it knows).
    let waits = listed(&mut cc, &other, |m| {
        m.bot_waits
            .first()
            .is_some_and(|w| w.reason == pb::BotWaitReason::AiNotOffered as i32)
    })
    .await
    .bot_waits;
    assert_eq!(
        waits[0].offered,
        ["random", "greedy", "ismcts"],
        "{waits:?}"
    );

    // A's pool takes C's bot seat (its join passed on from A to C), and B hears of it.
    let taken = hear(&mut lobby_b, &id, |e| {
        e.summary
            .as_ref()
            .is_some_and(|m| m.seats.get(1).is_some_and(|s| s.taken))
    })
    .await;
    assert!(taken.waiting_bot_seats.is_empty(), "{taken:?}");

    // The person plays through B; the pool's bot through A; C owns the match.
    let last = tokio::time::timeout(
        Duration::from_secs(120),
        play_person(&b.url(), &id, &token, 9),
    )
    .await
    .expect("the match is played to its end within 120 s");
    let outcome = last.outcome.expect("an outcome");
    assert_eq!(outcome.forfeit, "", "ended by the rules: {outcome:?}");
    assert!(
        last.seats[1].player_name.starts_with("hustings-bot pool"),
        "seat 1 is the pool's: {:?}\n{}",
        last.seats,
        pool.stderr()
    );
    let replay = ca
        .get_replay(pb::GetReplayRequest {
            match_id: id.clone(),
        })
        .await
        .expect("the replay, through A")
        .into_inner();
    assert!(
        replay.choices.iter().any(|ch| ch.seat == 1),
        "the pool's bot made choices"
    );
    let finished = listed(&mut ca, &id, |m| m.outcome.is_some()).await;
    assert_eq!(finished.status, pb::MatchStatus::Finished as i32);
    drop(pool);
    let _ = std::fs::remove_dir_all(&pool_dir);
}
