//! The bot pool (`hustings-bot pool`, a real process) against servers that go away: a
//! server stopped for 60 s and restarted on its SQLite data while the pool plays two
//! matches, and a pool killed and started again over its data directory. In both the pool
//! must take up the seats it held — with their tokens, kept in its seat list — and play
//! the matches to their end.

use std::path::Path;
use std::time::Duration;

use hustings::pool_proc::PoolProcess;
use hustings::relay::Relay;
use hustings::server_proc::{ServerProcess, sqlite_file, temp_dir};
use hustings::{Client, connect, join};
use hustings_proto::v1 as pb;
use rand::SeedableRng;
use rand::seq::IndexedRandom;

/// Choices the service adds: a person playing on never takes them here.
const RESERVED: &[&str] = &["undo", "claim-win", "hand-to-bot", "rematch"];

/// A Presidential Race with seat 0 for the test (playing as a person would, at random) and
/// seat 1 for a pool's `random` bot. The grace before claim-win is long: the test's own
/// seat is away while the server is, and no side should win by the other's absence.
async fn create_against_bot(client: &mut Client, seed: u64) -> String {
    client
        .create_match(pb::CreateMatchRequest {
            game: "presidency".into(),
            seed: Some(seed),
            seat_config: hustings::person_and_bot("random"),
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

/// What the test's seat saw: the last update, how many versions seat 1 produced, and
/// whether it was ever offered to hand a seat to a bot.
struct Seen {
    last: pb::MatchUpdate,
    bot_choices: usize,
    handoff_offered: bool,
}

/// Plays seat 0 (token `token`) from version `from` with random game choices until the
/// match is over or seat 1 (the pool's bot) has made `bot_choices` choices.
async fn play_seat_zero(
    url: &str,
    match_id: &str,
    token: &str,
    from: u64,
    seed: u64,
    bot_choices: Option<usize>,
) -> Seen {
    let mut client = connect(url).await;
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut stream = client
        .watch_match(pb::WatchMatchRequest {
            match_id: match_id.into(),
            token: token.into(),
            from_version: from,
            include_json_view: false,
            seat: None,
        })
        .await
        .expect("stream opens")
        .into_inner();
    let mut seen = Seen {
        last: pb::MatchUpdate::default(),
        bot_choices: 0,
        handoff_offered: false,
    };
    let mut acted_at = None;
    // Presence changes resend a version: count each version once.
    let mut counted = from;
    while let Some(update) = stream.message().await.expect("stream healthy") {
        if update.version > counted {
            counted = update.version;
            if update.last_action.as_ref().is_some_and(|a| a.seat == 1) {
                seen.bot_choices += 1;
            }
        }
        seen.handoff_offered |= update
            .prompt
            .iter()
            .flat_map(|p| p.choices.iter())
            .any(|c| c.kind == "hand-to-bot");
        let over = update.outcome.is_some();
        let version = update.version;
        let choice = update
            .prompt
            .as_ref()
            .filter(|_| update.status == pb::MatchStatus::Active as i32)
            .and_then(|p| {
                let game: Vec<_> = p
                    .choices
                    .iter()
                    .filter(|c| !RESERVED.contains(&c.kind.as_str()))
                    .collect();
                game.choose(&mut rng).map(|c| c.id.clone())
            });
        seen.last = update;
        if over || bot_choices.is_some_and(|n| seen.bot_choices >= n) {
            break;
        }
        if let Some(choice) = choice.filter(|_| acted_at != Some(version)) {
            acted_at = Some(version);
            match client
                .act(pb::ActRequest {
                    match_id: match_id.into(),
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
                Err(s) => panic!("the test's choice was refused: {s:?}"),
            }
        }
    }
    seen
}

/// The choices each seat made after version `after`, from the finished match's replay.
async fn choices_after(client: &mut Client, match_id: &str, after: u64) -> Vec<u32> {
    client
        .get_replay(pb::GetReplayRequest {
            match_id: match_id.into(),
        })
        .await
        .expect("replay of a finished match")
        .into_inner()
        .choices
        .iter()
        .filter(|c| c.version > after)
        .map(|c| c.seat)
        .collect()
}

/// The seats the pool's seat list holds (its tokens), as written in its data directory.
fn seats_in_book(dir: &Path) -> usize {
    let text = std::fs::read_to_string(dir.join("pool-seats.json")).unwrap_or_default();
    let book: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
    book["seats"].as_array().map_or(0, |s| s.len())
}

/// Waits up to 10 s for the pool's seat list to hold `n` seats.
async fn book_holds(dir: &Path, n: usize) -> bool {
    for _ in 0..200 {
        if seats_in_book(dir) == n {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    false
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free loopback port")
        .port()
}

fn is_pools(seat: &pb::SeatSummary) -> bool {
    seat.player_name.starts_with("hustings-bot pool")
}

/// The one long test of the pool (about 75 s): it is what the issue asks to see.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_away_for_sixty_seconds_gets_both_matches_finished_by_the_pools_bots() {
    let data = temp_dir("pool-restart-server");
    let pool_dir = temp_dir("pool-restart-pool");
    let data_arg = data.display().to_string();
    let listen = format!("127.0.0.1:{}", free_port());
    let server = ServerProcess::start_on(&listen, &["--data-dir", &data_arg], &[]);
    let url = server.url();
    let pool = PoolProcess::start(&url, "random", &pool_dir, &[]);
    let mut client = connect(&url).await;
    let mut matches = Vec::new();
    for seed in [11, 12] {
        let id = create_against_bot(&mut client, seed).await;
        let token = join(&mut client, &id, 0, "person").await;
        matches.push((id, token));
    }
    // Both matches under way, the pool's bot having played in each.
    let mut stopped_at = Vec::new();
    for (i, (id, token)) in matches.iter().enumerate() {
        let seen = tokio::time::timeout(
            Duration::from_secs(60),
            play_seat_zero(&url, id, token, 0, i as u64, Some(2)),
        )
        .await
        .expect("the pool's bot plays");
        assert!(seen.last.outcome.is_none(), "the match is still under way");
        assert!(is_pools(&seen.last.seats[1]), "{:?}", seen.last.seats);
        stopped_at.push(seen.last.version);
    }
    assert!(
        book_holds(&pool_dir, 2).await,
        "the pool keeps both seats' tokens"
    );

    server.kill9();
    tokio::time::sleep(Duration::from_secs(60)).await;
    let server = ServerProcess::start_on(&listen, &["--data-dir", &data_arg], &[]);
    assert_eq!(server.url(), url);
    assert!(sqlite_file(&data).exists());

    let mut client = connect(&url).await;
    for (i, (id, token)) in matches.iter().enumerate() {
        let seen = tokio::time::timeout(
            Duration::from_secs(120),
            play_seat_zero(&url, id, token, stopped_at[i], 10 + i as u64, None),
        )
        .await
        .expect("the match goes on after the restart");
        let outcome = seen.last.outcome.expect("the match finished");
        assert_eq!(outcome.forfeit, "", "ended by the rules: {outcome:?}");
        assert!(is_pools(&seen.last.seats[1]), "{:?}", seen.last.seats);
        let after = choices_after(&mut client, id, stopped_at[i]).await;
        assert!(
            after.contains(&1),
            "the pool's bot played after the restart: {after:?}"
        );
    }
    assert!(
        book_holds(&pool_dir, 0).await,
        "finished matches leave the seat list"
    );
    // One message when the server went away and one when it came back, not one per try
    // (the backoff's cap is 5 s: a dozen tries in 60 s).
    let said = pool.stderr();
    assert_eq!(said.matches("is unreachable").count(), 1, "{said}");
    assert_eq!(said.matches("answers again").count(), 1, "{said}");
    assert!(!said.contains("tries in a row failed"), "{said}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pool_started_again_over_its_data_directory_takes_up_the_seat_it_held() {
    let server = hustings::start_server().await;
    let url = server.url();
    let pool_dir = temp_dir("pool-again");
    let first = PoolProcess::start(&url, "random", &pool_dir, &[]);
    let mut client = connect(&url).await;
    let id = create_against_bot(&mut client, 21).await;
    let token = join(&mut client, &id, 0, "person").await;
    let seen = tokio::time::timeout(
        Duration::from_secs(60),
        play_seat_zero(&url, &id, &token, 0, 1, Some(2)),
    )
    .await
    .expect("the pool's bot plays");
    assert!(seen.last.outcome.is_none());
    assert!(
        book_holds(&pool_dir, 1).await,
        "the pool keeps the seat's token"
    );
    first.kill9();
    let killed_at = seen.last.version;

    let second = PoolProcess::start(&url, "random", &pool_dir, &[]);
    assert!(
        second.wait_for_stderr("taking up 1 seat held before", Duration::from_secs(30)),
        "{}",
        second.stderr()
    );
    let seen = tokio::time::timeout(
        Duration::from_secs(120),
        play_seat_zero(&url, &id, &token, killed_at, 2, None),
    )
    .await
    .expect("the match goes on with the second pool");
    let outcome = seen.last.outcome.expect("the match finished");
    assert_eq!(outcome.forfeit, "", "ended by the rules: {outcome:?}");
    assert!(is_pools(&seen.last.seats[1]), "{:?}", seen.last.seats);
    let after = choices_after(&mut client, &id, killed_at).await;
    assert!(
        after.contains(&1),
        "the second pool played seat 1: {after:?}"
    );
    assert!(
        book_holds(&pool_dir, 0).await,
        "the finished match leaves the list"
    );
    drop(second);
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_pool_takes_over_a_bot_seat_whose_pool_left_past_the_grace_period() {
    let server = hustings::start_server().await;
    let url = server.url();
    let mut client = connect(&url).await;
    // A grace of 2 s: the seat may be taken over 2 s after its pool left while it must act.
    let id = client
        .create_match(pb::CreateMatchRequest {
            game: "presidency".into(),
            seed: Some(31),
            seat_config: hustings::person_and_bot("random"),
            abandon_grace_ms: Some(2_000),
            ..Default::default()
        })
        .await
        .expect("match created")
        .into_inner()
        .summary
        .expect("summary")
        .match_id;
    let token = join(&mut client, &id, 0, "person").await;
    // Seat 0 stays connected throughout (this stream is never read), so that between the
    // test's own streams no bot may claim the win over it.
    let _present = hustings::open_stream(&mut client, &id, &token, 0).await;
    let gone_dir = temp_dir("pool-gone");
    let gone = PoolProcess::start(&url, "random", &gone_dir, &[]);
    let seen = tokio::time::timeout(
        Duration::from_secs(60),
        play_seat_zero(&url, &id, &token, 0, 3, Some(2)),
    )
    .await
    .expect("the first pool's bot plays");
    assert!(seen.last.outcome.is_none());
    assert!(!seen.handoff_offered);
    // That pool is gone for good, its seat list with it.
    gone.kill9();
    let _ = std::fs::remove_dir_all(&gone_dir);
    let left_at = seen.last.version;

    // Too early: within the grace the seat is still the first pool's.
    let refused = client
        .join_match(pb::JoinMatchRequest {
            match_id: id.clone(),
            seat: Some(1),
            display_name: "eager bot".into(),
            client_kind: pb::ClientKind::Bot as i32,
        })
        .await
        .expect_err("the seat is not free yet");
    assert_eq!(refused.code(), tonic::Code::FailedPrecondition);
    assert!(refused.message().contains("take it over"), "{refused:?}");

    let new_dir = temp_dir("pool-new");
    let _second = PoolProcess::start(&url, "random", &new_dir, &[]);
    let seen = tokio::time::timeout(
        Duration::from_secs(120),
        play_seat_zero(&url, &id, &token, left_at, 4, None),
    )
    .await
    .expect("the second pool takes the seat over and the match goes on");
    // Seat 1 was a bot's: away past the grace it waits for another bot to take it over,
    // so it is never offered to be handed to one (while the second pool connects and
    // before it joins, it was offered with a pool connected that offers `random`).
    assert!(
        !seen.handoff_offered,
        "a bot's seat is never offered to be handed to a bot"
    );
    let outcome = seen.last.outcome.expect("the match finished");
    assert_eq!(
        outcome.forfeit, "",
        "ended by the rules, not claimed: {outcome:?}"
    );
    assert!(is_pools(&seen.last.seats[1]), "{:?}", seen.last.seats);
    let after = choices_after(&mut client, &id, left_at).await;
    assert!(
        after.contains(&1),
        "seat 1 was played after its pool left: {after:?}"
    );
    server.shutdown().await;
}

/// Plays `token`'s seat at random (never a reserved choice) from version `from` until the
/// match is over or `stop` says so; hands the absent seats to a bot of `hand` once it is
/// offered, after trying an AI no pool offers (refused, and nothing changes: the good
/// handoff is then accepted at the same version). Returns the last update and the version
/// the handoff made, if it did.
async fn play_and_hand(
    url: &str,
    match_id: &str,
    token: &str,
    seed: u64,
    hand: Option<&str>,
    stop: impl Fn(&pb::MatchUpdate) -> bool,
) -> (pb::MatchUpdate, Option<u64>) {
    let mut client = connect(url).await;
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut stream = hustings::open_stream(&mut client, match_id, token, 0).await;
    let mut acted_at = None;
    let mut handed_at = None;
    let mut last = pb::MatchUpdate::default();
    while let Some(update) = stream.message().await.expect("stream healthy") {
        let version = update.version;
        let ids: Vec<String> = update
            .prompt
            .iter()
            .flat_map(|p| p.choices.iter().map(|c| c.id.clone()))
            .collect();
        let game: Vec<String> = update
            .prompt
            .iter()
            .flat_map(|p| p.choices.iter())
            .filter(|c| !RESERVED.contains(&c.kind.as_str()))
            .map(|c| c.id.clone())
            .collect();
        let done = update.outcome.is_some() || stop(&update);
        let active = update.status == pb::MatchStatus::Active as i32;
        last = update;
        if done {
            break;
        }
        let want = hand.map(|ai| format!("hand-to-bot:{ai}"));
        if let Some(want) = want.filter(|w| handed_at.is_none() && ids.contains(w)) {
            assert!(
                ids.contains(&"claim-win".to_string()),
                "beside claim-win: {ids:?}"
            );
            let act = |choice: &str| pb::ActRequest {
                match_id: match_id.into(),
                token: token.into(),
                version,
                choice_id: choice.into(),
                seat: None,
            };
            let bad = client
                .act(act("hand-to-bot:deepblue"))
                .await
                .expect_err("an AI no pool offers");
            assert_eq!(bad.code(), tonic::Code::InvalidArgument, "{bad:?}");
            assert!(
                bad.message().contains("deepblue") && bad.message().contains("random"),
                "names the AIs offered: {bad:?}"
            );
            let v = client
                .act(act(&want))
                .await
                .expect("the handoff, at the same version: the bad one changed nothing")
                .into_inner()
                .version;
            assert_eq!(v, version + 1);
            handed_at = Some(v);
            continue;
        }
        let Some(choice) = game.choose(&mut rng).filter(|_| active) else {
            continue;
        };
        if acted_at == Some(version) {
            continue;
        }
        acted_at = Some(version);
        match client
            .act(pb::ActRequest {
                match_id: match_id.into(),
                token: token.into(),
                version,
                choice_id: choice.clone(),
                seat: None,
            })
            .await
        {
            Ok(_) => {}
            // Another seat moved first (a shared prompt): read on.
            Err(s) if s.code() == tonic::Code::Aborted => {}
            Err(s) => panic!("the choice was refused: {s:?}"),
        }
    }
    (last, handed_at)
}

/// The old token of a seat handed to a bot is refused, saying so.
async fn refused_as_handed(client: &mut Client, match_id: &str, token: &str) {
    let refused = client
        .act(pb::ActRequest {
            match_id: match_id.into(),
            token: token.into(),
            version: 0,
            choice_id: "done".into(),
            seat: None,
        })
        .await
        .expect_err("the seat is no longer this token's");
    assert_eq!(refused.code(), tonic::Code::PermissionDenied, "{refused:?}");
    assert!(
        refused.message().contains("handed") && refused.message().contains("to a bot"),
        "{refused:?}"
    );
}

/// The "an absent human's seat handed to a bot finishes the match": two people
/// play; one vanishes; past the grace the other hands the seat to a bot, which a pool
/// takes and plays, through a server restart, to the end of the match.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_absent_humans_seat_handed_to_a_bot_finishes_the_match() {
    let data = temp_dir("handoff-server");
    let data_arg = data.display().to_string();
    let listen = format!("127.0.0.1:{}", free_port());
    let server = ServerProcess::start_on(&listen, &["--data-dir", &data_arg], &[]);
    let url = server.url();
    let pool_dir = temp_dir("handoff-pool");
    let pool = PoolProcess::start(&url, "random", &pool_dir, &[]);
    let mut client = connect(&url).await;
    let id = client
        .create_match(pb::CreateMatchRequest {
            game: "presidency".into(),
            seed: Some(41),
            abandon_grace_ms: Some(2_000),
            ..Default::default()
        })
        .await
        .expect("match created")
        .into_inner()
        .summary
        .expect("summary")
        .match_id;
    let alice = join(&mut client, &id, 0, "alice").await;
    let bob = join(&mut client, &id, 1, "bob").await;
    // Bob plays a few choices, then his client vanishes: his network goes, every
    // connection of his cut at once.
    let bobs_network = Relay::to(&listen).await;
    let bobs = tokio::spawn({
        let (url, id, bob) = (bobs_network.url.clone(), id.clone(), bob.clone());
        async move {
            let seen = play_and_hand(&url, &id, &bob, 2, None, |u| u.version >= 6).await;
            bobs_network.cut();
            seen
        }
    });
    // Alice plays on; once Bob has been away 2 s she hands his seat to a bot, and plays
    // until that bot has made two choices.
    let (seen, handed_at) = tokio::time::timeout(
        Duration::from_secs(60),
        play_and_hand(&url, &id, &alice, 1, Some("random"), |u| {
            u.version > 1
                && u.seats.get(1).is_some_and(is_pools)
                && u.last_action.as_ref().is_some_and(|a| a.seat == 1)
        }),
    )
    .await
    .unwrap_or_else(|_| {
        panic!(
            "the seat was not handed, or the pool's bot did not play it; the pool said:\n{}",
            pool.stderr()
        )
    });
    let (bob_last, _) = bobs.await.expect("bob's client");
    assert!(bob_last.outcome.is_none(), "bob left a match under way");
    assert!(seen.outcome.is_none(), "under way: {:?}", seen.outcome);
    let handed_at = handed_at.expect("alice handed bob's seat to a bot");
    assert!(is_pools(&seen.seats[1]), "{:?}", seen.seats);
    assert!(seen.seats[1].bot, "a bot seat now: {:?}", seen.seats[1]);
    refused_as_handed(&mut client, &id, &bob).await;

    // Stored: after a restart the old token is still refused and the match goes on.
    server.kill9();
    let server = ServerProcess::start_on(&listen, &["--data-dir", &data_arg], &[]);
    let mut client = connect(&url).await;
    refused_as_handed(&mut client, &id, &bob).await;
    let (seen, _) = tokio::time::timeout(
        Duration::from_secs(120),
        play_and_hand(&url, &id, &alice, 3, None, |_| false),
    )
    .await
    .expect("the match goes on after the restart with the pool's bot");
    let outcome = seen.outcome.expect("the match finished");
    assert_eq!(outcome.forfeit, "", "ended by the rules: {outcome:?}");
    let replay = client
        .get_replay(pb::GetReplayRequest {
            match_id: id.clone(),
        })
        .await
        .expect("replay")
        .into_inner();
    let handoff = replay
        .choices
        .iter()
        .find(|c| c.version == handed_at)
        .expect("the handoff is in the replay");
    assert_eq!(handoff.choice_id, "hand-to-bot:random:1", "{handoff:?}");
    assert_eq!(handoff.seat, 0, "alice chose it");
    assert!(handoff.log.is_empty(), "no game entry: {handoff:?}");
    assert!(
        replay
            .choices
            .iter()
            .any(|c| c.version > handed_at && c.seat == 1),
        "the pool's bot played seat 1"
    );
    drop(server);
    drop(pool);
}
