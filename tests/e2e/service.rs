//! End-to-end tests of the contract: a real server on 127.0.0.1:0, real tonic clients.

use hustings::{
    Watched, connect, create, join, open_stream, play_seat, play_two_seats, start_server,
    until_outcome,
};
use hustings_proto::v1 as pb;
use prost::Message;
use tonic::Code;

/// Checks that a stream of updates walks the versions one by one and ends with an outcome.
fn assert_every_version(updates: &[pb::MatchUpdate]) {
    assert!(updates[0].snapshot, "the first message is a snapshot");
    let mut last = updates[0].version;
    for u in &updates[1..] {
        assert!(
            u.version == last || u.version == last + 1,
            "versions must not skip: {} after {last}",
            u.version
        );
        last = u.version;
    }
    assert!(updates.last().unwrap().outcome.is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn full_presidential_race_between_two_clients_and_a_spectator() {
    let server = start_server().await;
    let url = server.url();
    let mut c = connect(&url).await;
    let id = create(&mut c, "presidency", "standard", 2, 42).await;
    // The spectator joins before anyone plays, so it must see every version from 0.
    let Watched {
        seats: [a, b],
        spectator: s,
    } = play_two_seats(&url, &mut c, &id, [("alice", 1), ("bob", 2)]).await;
    let outcome = a.last().unwrap().outcome.clone().unwrap();
    assert_eq!(Some(&outcome), b.last().unwrap().outcome.as_ref());
    assert_eq!(Some(&outcome), s.last().unwrap().outcome.as_ref());
    assert!(!outcome.reason.is_empty());
    let final_version = s.last().unwrap().version;
    let versions: Vec<u64> = s.iter().map(|u| u.version).collect();
    for v in 0..=final_version {
        assert!(versions.contains(&v), "spectator missed version {v}");
    }
    assert_every_version(&s);
    // The spectator never gets a prompt; the players' log is the spectator's log.
    assert!(
        s.iter()
            .all(|u| u.prompt.is_none() && u.viewer_seat.is_none())
    );
    let view = s.last().unwrap().view.clone().unwrap();
    match view.game {
        Some(pb::game_view::Game::Presidency(p)) => {
            assert_eq!(p.players.len(), 2);
            // The board comes in the reference of the first message only (see the test on
            // fixed data).
            assert!(p.board.is_empty());
            let reference = s[0].reference.as_ref().and_then(|r| r.game.as_ref());
            let Some(pb::match_reference::Game::Presidency(fixed)) = reference else {
                panic!("a Presidential Race reference first")
            };
            assert_eq!(fixed.board.len(), 40);
            let total: u32 = p.players.iter().map(|p| p.votes).sum::<u32>() + p.undecided;
            assert_eq!(total, 100);
            assert_eq!(p.phase, "finished");
        }
        other => panic!("expected a Presidential Race view, got {other:?}"),
    }
    // The replay reproduces the same outcome through the engine.
    let replay = c
        .get_replay(pb::GetReplayRequest {
            match_id: id.clone(),
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(replay.seed, 42);
    assert_eq!(replay.choices.len() as u64, final_version);
    // The replay's logs, set-up then choice by choice, are the whole log, each entry once.
    let seqs: Vec<u64> = replay
        .setup_log
        .iter()
        .chain(replay.choices.iter().flat_map(|c| c.log.iter()))
        .map(|e| e.seq)
        .collect();
    assert_eq!(seqs, (0..seqs.len() as u64).collect::<Vec<_>>());
    assert!(replay.choices.iter().all(|c| !c.label.is_empty()));
    assert!(replay.choices[0].log.iter().any(|e| e.kind == "move"));
    // A new match is played under today's rules, and its replay says so: a program with
    // its own copy of the rules needs the revision to reproduce it.
    assert_eq!(replay.rules, hustings_engine::RULES_REVISION);
    let setup = hustings_engine::Setup {
        rules: replay.rules,
        ..hustings_engine::Setup::new("standard", 2, replay.seed)
    };
    let choices: Vec<(usize, String)> = replay
        .choices
        .iter()
        .map(|c| (c.seat as usize, c.choice_id.clone()))
        .collect();
    let game = hustings_engine::replay("presidency", &setup, &choices).unwrap();
    assert_eq!(game.outcome().unwrap().reason, outcome.reason);
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_seat_convention_match_to_its_outcome() {
    let server = start_server().await;
    let url = server.url();
    let mut c = connect(&url).await;
    let id = c
        .create_match(pb::CreateMatchRequest {
            game: "presidency".into(),
            variant: "convention".into(),
            seats: 4,
            options: [("rounds".to_string(), "8".to_string())].into(),
            seed: Some(7),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner()
        .summary
        .unwrap()
        .match_id;
    let mut tasks = Vec::new();
    for seat in 0..4 {
        let token = join(&mut c, &id, seat, &format!("nominee{seat}")).await;
        tasks.push(tokio::spawn(play_seat(
            url.clone(),
            id.clone(),
            token,
            seat as u64,
        )));
    }
    let mut outcomes = Vec::new();
    for t in tasks {
        let updates = t.await.unwrap();
        assert_every_version(&updates);
        outcomes.push(updates.last().unwrap().outcome.clone().unwrap());
    }
    assert!(outcomes.windows(2).all(|w| w[0] == w[1]));
    assert!(!outcomes[0].winners.is_empty() || outcomes[0].draw);
    server.shutdown().await;
}

/// Collects the first `n` updates of a stream.
async fn take(stream: &mut tonic::Streaming<pb::MatchUpdate>, n: usize) -> Vec<pb::MatchUpdate> {
    let mut out = Vec::new();
    while out.len() < n {
        out.push(stream.message().await.unwrap().unwrap());
    }
    out
}

/// A server with one Presidential Race from `seed` whose two seats ("a", "b") are taken: the
/// server, its URL, a client, the match id and the seats' tokens.
async fn seated_race(
    seed: u64,
) -> (
    hustings_service::RunningServer,
    String,
    hustings::Client,
    String,
    [String; 2],
) {
    let server = start_server().await;
    let url = server.url();
    let mut c = connect(&url).await;
    let id = create(&mut c, "presidency", "standard", 2, seed).await;
    let tokens = [
        join(&mut c, &id, 0, "a").await,
        join(&mut c, &id, 1, "b").await,
    ];
    (server, url, c, id, tokens)
}

/// Makes the first offered choice for whichever of the two seats must act.
async fn step(c: &mut hustings::Client, id: &str, tokens: &[String; 2]) -> u64 {
    for token in tokens {
        let mut s = open_stream(c, id, token, 0).await;
        let u = s.message().await.unwrap().unwrap();
        if let Some(p) = u.prompt {
            return c
                .act(pb::ActRequest {
                    match_id: id.into(),
                    token: token.clone(),
                    version: u.version,
                    choice_id: p.choices[0].id.clone(),
                    seat: None,
                })
                .await
                .unwrap()
                .into_inner()
                .version;
        }
    }
    panic!("nobody could act");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reconnecting_with_from_version_gets_exactly_the_missed_versions() {
    let (server, url, mut c, id, tokens) = seated_race(5).await;
    for _ in 0..3 {
        step(&mut c, &id, &tokens).await;
    }
    let mut watcher = connect(&url).await;
    let mut s = open_stream(&mut watcher, &id, &tokens[0], 0).await;
    let first = take(&mut s, 1).await;
    let seen = first[0].version;
    assert_eq!(seen, 3);
    let full_log = first[0].log.clone();
    drop(s); // the client drops mid-stream
    let mut last = seen;
    for _ in 0..4 {
        last = step(&mut c, &id, &tokens).await;
    }
    assert_eq!(last, seen + 4);
    let mut s = open_stream(&mut watcher, &id, &tokens[0], seen).await;
    let missed = take(&mut s, 4).await;
    let versions: Vec<u64> = missed.iter().map(|u| u.version).collect();
    assert_eq!(versions, vec![seen + 1, seen + 2, seen + 3, seen + 4]);
    assert!(
        missed
            .iter()
            .all(|u| !u.snapshot && u.last_action.is_some())
    );
    // The missed log entries continue the log exactly where the client left it.
    let mut seq = full_log.last().unwrap().seq;
    for u in &missed {
        for e in &u.log {
            assert_eq!(
                e.seq,
                seq + 1,
                "log entries continue without gaps or repeats"
            );
            seq = e.seq;
        }
    }
    // It goes on live afterwards.
    step(&mut c, &id, &tokens).await;
    // (Presence changes arrive as updates of the same version; skip them.)
    let mut live = take(&mut s, 1).await.remove(0);
    while live.version == seen + 4 {
        assert!(
            live.log.is_empty(),
            "a presence update carries no log entries"
        );
        live = take(&mut s, 1).await.remove(0);
    }
    assert_eq!(live.version, seen + 5);
    server.shutdown().await;
}

fn code<T: std::fmt::Debug>(r: Result<T, tonic::Status>) -> Code {
    r.expect_err("must be refused").code()
}

async fn version_of(c: &mut hustings::Client, id: &str) -> u64 {
    let list = c
        .list_matches(pb::ListMatchesRequest::default())
        .await
        .unwrap()
        .into_inner();
    list.matches
        .iter()
        .find(|m| m.match_id == id)
        .unwrap()
        .version
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_gets_the_right_code_and_changes_nothing() {
    let server = start_server().await;
    let mut c = connect(&server.url()).await;
    let id = create(&mut c, "presidency", "standard", 2, 9).await;
    let other = create(&mut c, "presidency", "standard", 2, 10).await;
    let t0 = join(&mut c, &id, 0, "a").await;
    // Acting before every seat is taken.
    let act = |token: &str, version: u64, choice: &str| pb::ActRequest {
        match_id: id.clone(),
        token: token.into(),
        version,
        choice_id: choice.into(),
        seat: None,
    };
    let r = c.act(act(&t0, 0, "dice:1d6")).await;
    assert_eq!(code(r), Code::FailedPrecondition);
    let t1 = join(&mut c, &id, 1, "b").await;
    let foreign = join(&mut c, &other, 0, "c").await;
    // Taking a taken seat.
    let r = c
        .join_match(pb::JoinMatchRequest {
            match_id: id.clone(),
            seat: Some(0),
            ..Default::default()
        })
        .await;
    assert_eq!(code(r), Code::FailedPrecondition);
    // Who moves first is random: find the seat to act from its stream.
    let mut s = open_stream(&mut c, &id, &t0, 0).await;
    let u = s.message().await.unwrap().unwrap();
    let (mover, idle) = if u.prompt.is_some() {
        (&t0, &t1)
    } else {
        (&t1, &t0)
    };
    let v = u.version;
    assert_eq!(v, 0);

    assert_eq!(
        code(c.act(act("not-a-token", v, "dice:1d6")).await),
        Code::Unauthenticated
    );
    assert_eq!(
        code(c.act(act("", v, "dice:1d6")).await),
        Code::Unauthenticated
    );
    assert_eq!(
        code(c.act(act(&foreign, v, "dice:1d6")).await),
        Code::PermissionDenied
    );
    assert_eq!(
        code(c.act(act(mover, v + 1, "dice:1d6")).await),
        Code::Aborted
    );
    assert_eq!(
        code(c.act(act(mover, v, "dice:7d6")).await),
        Code::FailedPrecondition
    );
    assert_eq!(
        code(c.act(act(idle, v, "dice:1d6")).await),
        Code::FailedPrecondition
    );
    assert_eq!(code(c.act(act(mover, v, "")).await), Code::InvalidArgument);
    let long = "x".repeat(10_000);
    assert_eq!(
        code(c.act(act(mover, v, &long)).await),
        Code::InvalidArgument
    );
    let r = c
        .act(pb::ActRequest {
            match_id: "no-such-match".into(),
            token: t0.clone(),
            version: 0,
            choice_id: "dice:1d6".into(),
            seat: None,
        })
        .await;
    assert_eq!(code(r), Code::NotFound);
    let r = c
        .create_match(pb::CreateMatchRequest {
            game: "chess".into(),
            ..Default::default()
        })
        .await;
    assert_eq!(code(r), Code::InvalidArgument);
    let r = c
        .create_match(pb::CreateMatchRequest {
            game: "presidency".into(),
            options: [("rounds".to_string(), "zero".to_string())].into(),
            ..Default::default()
        })
        .await;
    let status = r.expect_err("bad option");
    assert_eq!(status.code(), Code::InvalidArgument);
    assert!(status.message().contains("rounds"), "{}", status.message());
    // An oversized request is refused by the transport limit.
    let huge = "y".repeat(200_000);
    let r = c
        .join_match(pb::JoinMatchRequest {
            match_id: id.clone(),
            display_name: huge,
            ..Default::default()
        })
        .await;
    let code_huge = code(r);
    assert!(
        matches!(code_huge, Code::ResourceExhausted | Code::OutOfRange),
        "oversized request gave {code_huge:?}"
    );
    let r = c
        .get_replay(pb::GetReplayRequest {
            match_id: id.clone(),
        })
        .await;
    assert_eq!(
        code(r),
        Code::FailedPrecondition,
        "no replay (and seed) before the end"
    );

    // Nothing changed, and the right seat can still act.
    assert_eq!(version_of(&mut c, &id).await, 0);
    let ok = c.act(act(mover, v, "dice:1d6")).await.unwrap().into_inner();
    assert_eq!(ok.version, 1);
    // The same (now stale) request again is refused.
    assert_eq!(code(c.act(act(mover, v, "dice:1d6")).await), Code::Aborted);
    assert_eq!(version_of(&mut c, &id).await, 1);
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nothing_sent_to_a_seat_holds_the_seed_or_the_deck_order() {
    let seed: u64 = 0xC0FF_EE12_3456_789A;
    let server = start_server().await;
    let url = server.url();
    let mut c = connect(&url).await;
    let id = create(&mut c, "presidency", "standard", 2, seed).await;
    let Watched {
        seats: [mut all, b],
        spectator,
    } = play_two_seats(&url, &mut c, &id, [("a", 11), ("b", 12)]).await;
    all.extend(b);
    all.extend(spectator);
    // Rebuild the true deck order from the seed, as only the server knows it.
    let game = hustings_engine::new_game(
        "presidency",
        &hustings_engine::Setup::new("standard", 2, seed),
    )
    .unwrap();
    let state: serde_json::Value = serde_json::from_str(&game.state_json()).unwrap();
    let deck: Vec<u64> = state["hidden"]["campaign"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    // Cards are drawn from the end: the next three, in draw order.
    let next: Vec<&str> = deck
        .iter()
        .rev()
        .take(3)
        .map(|&i| hustings_engine::presidency::data::CAMPAIGN[i as usize].id)
        .collect();
    let needle = format!("\"{}\",\"{}\",\"{}\"", next[0], next[1], next[2]);
    for u in &all {
        let bytes = u.encode_to_vec();
        let text = String::from_utf8_lossy(&bytes);
        assert!(!text.contains(&seed.to_string()), "seed leaked");
        let json = &u.view.as_ref().unwrap().json;
        assert!(!json.contains(&seed.to_string()));
        assert!(!json.contains("\"hidden\"") && !json.contains("\"rng\""));
        // Until the first of those cards is drawn, nothing may show their order.
        let view: serde_json::Value = serde_json::from_str(json).unwrap();
        let drawn = view["campaign_discard"].as_array().unwrap();
        if !drawn.iter().any(|c| c.as_str() == Some(next[0])) {
            assert!(!json.contains(&needle), "the upcoming deck order leaked");
        }
    }
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reflection_lists_the_service_and_health_is_serving() {
    use tonic_health::pb::health_client::HealthClient;
    use tonic_reflection::pb::v1::ServerReflectionRequest;
    use tonic_reflection::pb::v1::server_reflection_client::ServerReflectionClient;
    use tonic_reflection::pb::v1::server_reflection_request::MessageRequest;
    use tonic_reflection::pb::v1::server_reflection_response::MessageResponse;

    let server = start_server().await;
    let channel = tonic::transport::Endpoint::from_shared(server.url())
        .unwrap()
        .connect()
        .await
        .unwrap();
    let mut health = HealthClient::new(channel.clone());
    let r = health
        .check(tonic_health::pb::HealthCheckRequest {
            service: "hustings.v1.Hustings".into(),
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(
        r.status,
        tonic_health::pb::health_check_response::ServingStatus::Serving as i32
    );

    let mut refl = ServerReflectionClient::new(channel);
    let req = ServerReflectionRequest {
        host: String::new(),
        message_request: Some(MessageRequest::ListServices(String::new())),
    };
    let mut resp = refl
        .server_reflection_info(tokio_stream::iter(vec![req]))
        .await
        .unwrap()
        .into_inner();
    let msg = resp.message().await.unwrap().unwrap();
    let Some(MessageResponse::ListServicesResponse(list)) = msg.message_response else {
        panic!("expected a service list");
    };
    let names: Vec<String> = list.service.into_iter().map(|s| s.name).collect();
    assert!(
        names.contains(&"hustings.v1.Hustings".to_string()),
        "{names:?}"
    );
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn presence_follows_streams_and_the_lobby_announces_bot_seats() {
    let server = start_server().await;
    let url = server.url();
    let mut c = connect(&url).await;
    let mut lobby = c
        .watch_lobby(pb::WatchLobbyRequest::default())
        .await
        .unwrap()
        .into_inner();
    let id = c
        .create_match(pb::CreateMatchRequest {
            game: "presidency".into(),
            seat_config: hustings::person_and_bot("greedy"),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner()
        .summary
        .unwrap()
        .match_id;
    let e = lobby.message().await.unwrap().unwrap();
    assert_eq!(e.summary.as_ref().unwrap().match_id, id);
    assert_eq!(e.waiting_bot_seats, vec![1]);
    // A bot joining without naming a seat gets the bot seat.
    let j = c
        .join_match(pb::JoinMatchRequest {
            match_id: id.clone(),
            client_kind: pb::ClientKind::Bot as i32,
            display_name: "robot".into(),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(j.seat, 1);
    let e = lobby.message().await.unwrap().unwrap();
    assert!(e.waiting_bot_seats.is_empty());
    let t0 = join(&mut c, &id, 0, "human").await;
    // The human watches; the bot's stream opens and closes: the human sees it come and go.
    let mut human = open_stream(&mut c, &id, &t0, 0).await;
    let first = human.message().await.unwrap().unwrap();
    assert!(first.seats[0].connected && !first.seats[1].connected);
    let mut bot_client = connect(&url).await;
    let bot_stream = open_stream(&mut bot_client, &id, &j.token, 0).await;
    let u = human.message().await.unwrap().unwrap();
    assert!(u.seats[1].connected, "bot shown as connected");
    drop(bot_stream);
    let u = human.message().await.unwrap().unwrap();
    assert!(!u.seats[1].connected, "bot shown as gone");
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_ends_open_streams_and_stops_the_server() {
    let server = start_server().await;
    let url = server.url();
    let mut c = connect(&url).await;
    let id = create(&mut c, "presidency", "standard", 2, 1).await;
    let mut stream = open_stream(&mut c, &id, "", 0).await;
    let mut lobby = c
        .watch_lobby(pb::WatchLobbyRequest::default())
        .await
        .unwrap()
        .into_inner();
    assert!(stream.message().await.unwrap().is_some());
    // Open streams must not keep the server from stopping.
    tokio::time::timeout(std::time::Duration::from_secs(10), server.shutdown())
        .await
        .expect("shutdown finishes while streams are open");
    let end = tokio::time::timeout(std::time::Duration::from_secs(5), stream.message()).await;
    assert!(
        matches!(end, Ok(Ok(None)) | Ok(Err(_))),
        "the match stream ended"
    );
    let end = tokio::time::timeout(std::time::Duration::from_secs(5), lobby.message()).await;
    assert!(
        matches!(end, Ok(Ok(None)) | Ok(Err(_))),
        "the lobby stream ended"
    );
    assert!(
        hustings_proto::v1::hustings_client::HustingsClient::connect(url)
            .await
            .is_err(),
        "nothing listens any more"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_viewer_that_stops_reading_never_blocks_the_match_and_is_resynced() {
    let config = hustings_service::ServerConfig {
        limits: hustings_service::Limits {
            stream_buffer: 4,
            ..Default::default()
        },
        ..Default::default()
    };
    let server = hustings::start_server_with(config).await;
    let url = server.url();
    let mut c = connect(&url).await;
    let id = create(&mut c, "presidency", "standard", 2, 77).await;
    // A small HTTP/2 window, so that what the client does not read stays on the server.
    let channel = tonic::transport::Endpoint::from_shared(url.clone())
        .unwrap()
        .initial_stream_window_size(Some(16 * 1024))
        .initial_connection_window_size(Some(16 * 1024))
        .connect()
        .await
        .unwrap();
    let mut slow = open_stream(
        &mut pb::hustings_client::HustingsClient::new(channel),
        &id,
        "",
        0,
    )
    .await;
    assert!(slow.message().await.unwrap().unwrap().snapshot);
    // The slow spectator now reads nothing while two players play the whole game.
    let t0 = join(&mut c, &id, 0, "a").await;
    let t1 = join(&mut c, &id, 1, "b").await;
    let a = tokio::spawn(play_seat(url.clone(), id.clone(), t0, 3));
    let b = tokio::spawn(play_seat(url.clone(), id.clone(), t1, 4));
    let played = tokio::time::timeout(std::time::Duration::from_secs(120), async {
        (a.await.unwrap(), b.await.unwrap())
    })
    .await
    .expect("the match finishes although a viewer is not reading");
    let final_version = played.0.last().unwrap().version;
    assert!(
        final_version > 50,
        "a long enough game to overflow every buffer"
    );
    // When it reads again it is caught up by a snapshot, and ends on the final state.
    let got = until_outcome(&mut slow).await;
    assert!(got.iter().any(|u| u.snapshot), "resynced with a snapshot");
    assert!(
        got.len() < final_version as usize,
        "versions were skipped, not queued"
    );
    let last = got.last().unwrap();
    assert_eq!(last.version, final_version);
    assert!(last.outcome.is_some());
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_limits_answer_resource_exhausted() {
    let config = hustings_service::ServerConfig {
        limits: hustings_service::Limits {
            max_matches: 2,
            max_viewers_per_match: 2,
            ..Default::default()
        },
        ..Default::default()
    };
    let server = hustings::start_server_with(config).await;
    let mut c = connect(&server.url()).await;
    let id = create(&mut c, "presidency", "standard", 2, 1).await;
    create(&mut c, "presidency", "standard", 2, 2).await;
    let r = c
        .create_match(pb::CreateMatchRequest {
            game: "presidency".into(),
            ..Default::default()
        })
        .await;
    assert_eq!(code(r), Code::ResourceExhausted);
    let watch = || pb::WatchMatchRequest {
        match_id: id.clone(),
        token: String::new(),
        from_version: 0,
        include_json_view: false,
        seat: None,
    };
    let _s1 = c.watch_match(watch()).await.unwrap().into_inner();
    let _s2 = c.watch_match(watch()).await.unwrap().into_inner();
    let r = c.watch_match(watch()).await;
    let status = r.expect_err("third viewer refused");
    assert_eq!(status.code(), Code::ResourceExhausted);
    assert!(status.message().contains("viewers"), "{}", status.message());
    // A viewer that leaves frees its place.
    drop(_s1);
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    assert!(c.watch_match(watch()).await.is_ok());
    server.shutdown().await;
}

fn presidency(u: &pb::MatchUpdate) -> &pb::PresidencyView {
    match u.view.as_ref().and_then(|v| v.game.as_ref()) {
        Some(pb::game_view::Game::Presidency(p)) => p,
        other => panic!("expected a Presidential Race view, got {other:?}"),
    }
}

/// The engine's JSON view comes only to streams that ask for it, and the fixed data (the
/// board, the cards' texts) only in the reference of a stream's first message and of
/// snapshots, never in views: a client keeps it from the first message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn json_view_only_on_request_and_fixed_data_only_in_the_first_message() {
    let (server, _url, mut c, id, tokens) = seated_race(9).await;
    let watcher = c.clone();
    let open = |token: String, json: bool, from_version: u64| {
        let mut c = watcher.clone();
        let id = id.clone();
        async move {
            c.watch_match(pb::WatchMatchRequest {
                match_id: id,
                token,
                from_version,
                include_json_view: json,
                seat: None,
            })
            .await
            .unwrap()
            .into_inner()
        }
    };
    let lean = open(tokens[0].clone(), false, 0).await;
    let with_json = open(tokens[1].clone(), true, 0).await;
    let spectator = open(String::new(), false, 0).await;
    for _ in 0..6 {
        step(&mut c, &id, &tokens).await;
    }
    // Each stream: the snapshot, presence changes of version 0, then versions 1 to 6.
    let until_six = |mut s: tonic::Streaming<pb::MatchUpdate>| async move {
        let mut out = Vec::new();
        while out.last().is_none_or(|u: &pb::MatchUpdate| u.version < 6) {
            out.push(s.message().await.unwrap().unwrap());
        }
        (out, s)
    };
    let (lean_updates, lean_rest) = until_six(lean).await;
    let (json_updates, _) = until_six(with_json).await;
    let (spectator_updates, _) = until_six(spectator).await;
    for (updates, json) in [
        (&lean_updates, false),
        (&json_updates, true),
        (&spectator_updates, false),
    ] {
        assert!(updates[0].snapshot);
        let reference = updates[0].reference.clone().expect("reference first");
        let Some(pb::match_reference::Game::Presidency(fixed)) = &reference.game else {
            panic!("a Presidential Race reference")
        };
        assert_eq!(fixed.board.len(), 40);
        assert!(fixed.cards.iter().all(|c| !c.name.is_empty()));
        assert!(fixed.cards.iter().any(|c| !c.description.is_empty()));
        let texts: std::collections::HashMap<&str, &str> = fixed
            .cards
            .iter()
            .map(|c| (c.id.as_str(), c.description.as_str()))
            .collect();
        for (i, u) in updates.iter().enumerate() {
            if i > 0 {
                assert!(
                    !u.snapshot && u.reference.is_none(),
                    "version {}",
                    u.version
                );
            }
            let p = presidency(u);
            assert!(
                p.board.is_empty(),
                "the board again at version {}",
                u.version
            );
            for card in p.players.iter().flat_map(|p| p.candidates.iter()) {
                assert!(card.description.is_empty(), "text of {} again", card.id);
                assert!(
                    texts.contains_key(card.id.as_str()),
                    "{} not in the reference",
                    card.id
                );
            }
        }
        for u in updates.iter() {
            let text = &u.view.as_ref().unwrap().json;
            assert_eq!(!text.is_empty(), json, "JSON view at version {}", u.version);
            if json {
                let v: serde_json::Value = serde_json::from_str(text).expect("JSON view");
                assert!(v["players"].is_array());
            }
        }
    }
    // A resumed stream is not a snapshot, yet its first message carries the reference.
    drop(lean_rest);
    let mut resumed = open(tokens[0].clone(), false, 4).await;
    let first = resumed.message().await.unwrap().unwrap();
    assert!(!first.snapshot && first.version == 5);
    assert!(first.reference.is_some());
    assert!(presidency(&first).board.is_empty());
    let second = resumed.message().await.unwrap().unwrap();
    assert_eq!(second.version, 6);
    assert!(second.reference.is_none() && presidency(&second).board.is_empty());
    server.shutdown().await;
}

/// Pages ListMatches through `next_page_token` on `server` (which holds nothing yet): 23
/// matches in pages of 5 (the fifth a short one with no token), a match created after the
/// first page, which no later page shows, and together the pages are exactly the one-page
/// listing taken before, in its order: no repeats, no gaps.
async fn pages_follow_one_another(server: hustings_service::RunningServer) {
    let mut c = connect(&server.url()).await;
    for seed in 0..23 {
        create(&mut c, "presidency", "standard", 2, seed).await;
    }
    let all = c
        .list_matches(pb::ListMatchesRequest {
            page_size: 1_000,
            ..Default::default()
        })
        .await
        .expect("one page of everything")
        .into_inner();
    assert_eq!(all.matches.len(), 23);
    assert!(all.next_page_token.is_empty(), "one page holds them all");
    let ids = |ms: &[pb::MatchSummary]| ms.iter().map(|m| m.match_id.clone()).collect::<Vec<_>>();

    let mut paged = Vec::new();
    let mut token = String::new();
    let mut pages = 0;
    let mut late = None;
    loop {
        let page = c
            .list_matches(pb::ListMatchesRequest {
                page_size: 5,
                page_token: token.clone(),
                ..Default::default()
            })
            .await
            .expect("a page")
            .into_inner();
        pages += 1;
        assert!(page.matches.len() <= 5, "{} on a page", page.matches.len());
        paged.extend(ids(&page.matches));
        if page.next_page_token.is_empty() {
            break;
        }
        assert_eq!(page.matches.len(), 5, "only the last page is short");
        token = page.next_page_token;
        if late.is_none() {
            // Created between pages: newer than every listed match, so on no later page.
            late = Some(create(&mut c, "the-vote", "standard", 2, 99).await);
        }
        assert!(pages < 10, "the pages never end");
    }
    assert_eq!(pages, 5);
    assert_eq!(
        paged,
        ids(&all.matches),
        "the pages are the listing, in order"
    );
    let late = late.expect("created mid-paging");
    assert!(!paged.contains(&late), "a later page showed the new match");
    // The new match heads a fresh first page.
    let first = c
        .list_matches(pb::ListMatchesRequest {
            page_size: 1,
            ..Default::default()
        })
        .await
        .expect("a fresh first page")
        .into_inner();
    assert_eq!(ids(&first.matches), [late]);
    // The filters hold across pages: the one the-vote match, alone on its page.
    let vote = c
        .list_matches(pb::ListMatchesRequest {
            game: "the-vote".into(),
            page_size: 5,
            ..Default::default()
        })
        .await
        .expect("the-vote's matches")
        .into_inner();
    assert_eq!(vote.matches.len(), 1);
    assert!(vote.next_page_token.is_empty());
    // A token the server did not give, and a page over the cap, are refused.
    let refused = |page_size: u32, page_token: &str| pb::ListMatchesRequest {
        page_size,
        page_token: page_token.into(),
        ..Default::default()
    };
    let s = c
        .list_matches(refused(5, &format!("x{}", "z".repeat(60))))
        .await
        .expect_err("a forged token");
    assert_eq!(s.code(), Code::InvalidArgument);
    assert!(
        s.message().contains("page_token") && !s.message().contains(&"z".repeat(40)),
        "{}",
        s.message()
    );
    let s = c
        .list_matches(refused(1_001, ""))
        .await
        .expect_err("a page over the cap");
    assert_eq!(s.code(), Code::InvalidArgument);
    assert!(s.message().contains("page_size"), "{}", s.message());
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn list_matches_pages_through_next_page_token_to_the_end() {
    pages_follow_one_another(start_server().await).await;
    let dir = hustings::server_proc::temp_dir("paging");
    let sqlite = hustings::start_server_with(hustings_service::ServerConfig {
        database: hustings_service::Database::Sqlite(dir.join("h.sqlite")),
        ..Default::default()
    })
    .await;
    pages_follow_one_another(sqlite).await;
    let _ = std::fs::remove_dir_all(&dir);
}

/// Reads `stream` until an update whose bot waits satisfy `f` (10 s at most).
async fn until_waits(
    stream: &mut tonic::Streaming<pb::MatchUpdate>,
    f: impl Fn(&[pb::BotWait]) -> bool,
) -> pb::MatchUpdate {
    tokio::time::timeout(std::time::Duration::from_secs(10), async {
        loop {
            let u = stream.message().await.unwrap().expect("stream open");
            if f(&u.bot_waits) {
                return u;
            }
        }
    })
    .await
    .expect("the bot waits changed in time")
}

/// A lobby stream opened as a bot pool offering `ais` (with the client it came on).
async fn pool_stream(
    url: &str,
    ais: &[&str],
) -> (hustings::Client, tonic::Streaming<pb::LobbyEvent>) {
    let mut c = connect(url).await;
    let s = c
        .watch_lobby(pb::WatchLobbyRequest {
            bot_pool: true,
            pool_ais: ais.iter().map(|a| a.to_string()).collect(),
            pool_name: "test pool".into(),
            ..Default::default()
        })
        .await
        .expect("the pool follows the lobby")
        .into_inner();
    (c, s)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_seat_no_connected_pool_takes_tells_every_viewer_why_it_waits() {
    let server = start_server().await;
    let url = server.url();
    let mut c = connect(&url).await;
    let summary = c
        .create_match(pb::CreateMatchRequest {
            game: "presidency".into(),
            seat_config: hustings::person_and_bot("deepblue"),
            ..Default::default()
        })
        .await
        .expect("created though no pool offers the AI")
        .into_inner()
        .summary
        .unwrap();
    let id = summary.match_id.clone();
    let no_pool = |w: &[pb::BotWait]| {
        w.len() == 1 && w[0].seat == 1 && w[0].reason == pb::BotWaitReason::NoPool as i32
    };
    assert!(no_pool(&summary.bot_waits), "{:?}", summary.bot_waits);
    assert_eq!(
        summary.bot_waits[0].text,
        "waiting for a bot: no bot pool is connected"
    );
    let token = join(&mut c, &id, 0, "alice").await;
    let mut seat = open_stream(&mut c, &id, &token, 0).await;
    let mut spectator = open_stream(&mut c, &id, "", 0).await;
    for s in [&mut seat, &mut spectator] {
        until_waits(s, no_pool).await;
    }
    // A lobby stream that is not a pool's counts for nothing.
    let _watcher = c
        .watch_lobby(pb::WatchLobbyRequest::default())
        .await
        .unwrap()
        .into_inner();

    // A pool that plays other AIs connects: both viewers are told at once.
    let pool = pool_stream(&url, &["random", "greedy", "ismcts"]).await;
    let not_offered =
        |w: &[pb::BotWait]| w.len() == 1 && w[0].reason == pb::BotWaitReason::AiNotOffered as i32;
    for s in [&mut seat, &mut spectator] {
        let u = until_waits(s, not_offered).await;
        assert_eq!(
            u.bot_waits[0].text,
            "waiting for a bot: no pool offers 'deepblue' (pools offer: random, greedy, ismcts)"
        );
        assert_eq!(u.bot_waits[0].offered, ["random", "greedy", "ismcts"]);
        assert_eq!(u.bot_waits[0].ai, "deepblue");
        assert_eq!(u.version, 0, "no version is added");
    }
    let listed = c
        .list_matches(pb::ListMatchesRequest::default())
        .await
        .unwrap()
        .into_inner()
        .matches;
    let m = listed.iter().find(|m| m.match_id == id).expect("listed");
    assert!(not_offered(&m.bot_waits), "{:?}", m.bot_waits);

    // It leaves: back to no pool.
    drop(pool);
    until_waits(&mut spectator, no_pool).await;
    // One that offers the AI: nothing to explain (it would take the seat).
    let _deepblue = pool_stream(&url, &["deepblue"]).await;
    until_waits(&mut spectator, |w| w.is_empty()).await;
    server.shutdown().await;
}

/// A level the server can read for one of the project's own AIs is checked at creation: a
/// bad one (`ismcts` level `abc`) is INVALID_ARGUMENT naming it, and no match is made,
/// rather than a seat no pool will take.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn create_match_refuses_a_level_the_ai_cannot_read() {
    let server = start_server().await;
    let url = server.url();
    let mut c = connect(&url).await;
    let create = |ai: &str, level: &str| pb::CreateMatchRequest {
        game: "presidency".into(),
        seat_config: vec![
            pb::SeatConfig::default(),
            pb::SeatConfig {
                bot: true,
                ai: ai.into(),
                ai_level: level.into(),
            },
        ],
        ..Default::default()
    };
    let listed = |c: &mut hustings::Client| {
        let mut c = c.clone();
        async move {
            c.list_matches(pb::ListMatchesRequest::default())
                .await
                .expect("listing")
                .into_inner()
                .matches
                .len()
        }
    };
    let before = listed(&mut c).await;
    let e = c
        .create_match(create("ismcts", "abc"))
        .await
        .expect_err("a level ismcts cannot read");
    assert_eq!(e.code(), tonic::Code::InvalidArgument);
    assert!(
        e.message().contains("seat_config[1].ai_level") && e.message().contains("'abc'"),
        "{e:?}"
    );
    let e = c
        .create_match(create("greedy", "many"))
        .await
        .expect_err("a level greedy cannot read");
    assert!(e.message().contains("samples"), "{e:?}");
    assert_eq!(listed(&mut c).await, before, "no match was made");
    c.create_match(create("ismcts", "150ms"))
        .await
        .expect("a time budget is a level");
    assert_eq!(listed(&mut c).await, before + 1);
    server.shutdown().await;
}
