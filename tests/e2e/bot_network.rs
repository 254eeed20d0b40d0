//! The bot client (`hustings-bot`'s library) against a real server on 127.0.0.1:0, over
//! gRPC. Here rather than in bot-client/: the bot client links no server code.

use std::path::PathBuf;
use std::sync::mpsc as std_mpsc;
use std::time::{Duration, Instant};

use hustings_bot::ai::{Decision, make_ai};
use hustings_bot::net::{self, Action, AiDecider, Decider, Retry};
use hustings_bot::nodes::{Cluster, Node};
use hustings_bot::pool::{PoolConfig, run_pool};
use hustings_bot::stdio::{Fallback, StdioEngine};
use hustings_bot::tournament::{Side, TournamentConfig, run_tournament};
use hustings_proto::servers::Servers;
use hustings_proto::v1 as pb;
use hustings_proto::v1::hustings_client::HustingsClient;
use hustings_service::{RunningServer, ServerConfig};
use tonic::transport::Channel;

async fn server() -> RunningServer {
    hustings::start_server().await
}

fn quick_retry() -> Retry {
    Retry {
        attempts: 3,
        first_backoff: Duration::from_millis(50),
        max_backoff: Duration::from_millis(400),
    }
}

async fn create(
    client: &mut HustingsClient<Channel>,
    variant: &str,
    seats: u32,
    seat_config: Vec<pb::SeatConfig>,
) -> pb::MatchSummary {
    client
        .create_match(pb::CreateMatchRequest {
            game: "presidency".into(),
            variant: variant.into(),
            seats,
            seed: Some(7),
            seat_config,
            ..Default::default()
        })
        .await
        .expect("match created")
        .into_inner()
        .summary
        .expect("summary")
}

async fn join(node: &mut Node, id: &str, seat: u32) -> pb::JoinMatchResponse {
    net::join(node, id, Some(seat), "tester", &quick_retry())
        .await
        .expect("joined")
}

async fn summary_of(client: &mut HustingsClient<Channel>, id: &str) -> pb::MatchSummary {
    client
        .list_matches(pb::ListMatchesRequest::default())
        .await
        .expect("list")
        .into_inner()
        .matches
        .into_iter()
        .find(|m| m.match_id == id)
        .expect("match listed")
}

fn repo_file(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pool_fills_the_bot_seats_of_a_match_a_human_created() {
    let server = server().await;
    let mut node = Cluster::one(&server.url()).expect("client").node();
    let mut client = node.client();
    let bot = |ai: &str| pb::SeatConfig {
        bot: true,
        ai: ai.into(),
        ai_level: String::new(),
    };
    // A three-nominee convention: the human takes seat 0, seats 1 and 2 wait for bots, the
    // second asking for a particular AI.
    let m = create(
        &mut client,
        "convention",
        3,
        vec![pb::SeatConfig::default(), bot(""), bot("greedy")],
    )
    .await;
    let pool = tokio::spawn(run_pool(PoolConfig {
        servers: Servers::one(&server.url()),
        ai: "random".into(),
        games: vec!["presidency".into()],
        concurrency: 4,
        max_seats: Some(2),
        name: "pool".into(),
        retry: quick_retry(),
        seed: 3,
        data_dir: None,
    }));
    let human = join(&mut node, &m.match_id, 0).await;
    let played = net::play_seat(
        &mut node,
        "presidency",
        &m.match_id,
        human.seat,
        &human.token,
        Box::new(AiDecider(make_ai("random", "", 5).expect("ai"))),
        &quick_retry(),
    )
    .await
    .expect("the human's match is played to the end");
    assert!(played.decisions > 0, "the human was asked to decide");
    let report = tokio::time::timeout(Duration::from_secs(60), pool)
        .await
        .expect("the pool stops after its two seats")
        .expect("pool task")
        .expect("pool ran");
    assert_eq!(report.seats_played, 2);
    assert_eq!(report.failures, 0);
    let s = summary_of(&mut client, &m.match_id).await;
    assert_eq!(s.status, pb::MatchStatus::Finished as i32);
    for seat in [1usize, 2] {
        assert!(s.seats[seat].taken);
        assert_eq!(s.seats[seat].client_kind, pb::ClientKind::Bot as i32);
    }
    assert!(
        s.seats[1].player_name.contains("random"),
        "{:?}",
        s.seats[1]
    );
    assert!(
        s.seats[2].player_name.contains("greedy"),
        "the seat's own AI is honoured: {:?}",
        s.seats[2]
    );
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_solitaire_tournament_seats_side_a_every_game_and_counts_the_oppobots_wins() {
    let server = server().await;
    let tally = run_tournament(TournamentConfig {
        servers: Servers::one(&server.url()),
        game: "votes-for-women".into(),
        variant: "solitaire".into(),
        seats: 0,
        a: Side::parse("random"),
        b: Side::parse("greedy"),
        games: 4,
        concurrency: 2,
        seed: 7,
        progress: false,
        stop: None,
        retry: quick_retry(),
    })
    .await
    .expect("tournament ran");
    assert_eq!(tally.games, 4);
    assert!(tally.a_decisions > 0, "side A played");
    assert_eq!(tally.b_decisions, 0, "side B has no seat to play");
    assert_eq!(tally.b_wins, 0);
    // A random Suffragist loses to the Oppobot: no seat wins, the games count as draws.
    assert_eq!(tally.draws + tally.a_wins, 4);
    let text = tally.summary().to_string();
    assert!(
        text.contains("single-seat variant, random played every game; the automated opponent won"),
        "{text}"
    );
    // Nobody draws against the Oppobot: the summary does not call its wins draws.
    assert!(text.starts_with("4 games, "), "{text}");
    assert!(!text.contains("draws"), "{text}");
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_stops_once_its_sequential_test_has_decided() {
    let server = server().await;
    let tally = run_tournament(TournamentConfig {
        servers: Servers::one(&server.url()),
        game: "the-vote".into(),
        variant: String::new(),
        seats: 0,
        a: Side::parse("greedy:2"),
        b: Side::parse("random"),
        games: 400,
        concurrency: 2,
        seed: 300,
        progress: false,
        stop: Some(hustings_bot::sprt::Sprt::default()),
        retry: quick_retry(),
    })
    .await
    .expect("tournament ran");
    // Greedy beats random by far more than the 60% the test looks for: a few dozen games
    // decide it, and only the match under way beside the deciding one is played on.
    let stopped = tally.stopped.expect("the test decided");
    assert_eq!(stopped.verdict, hustings_bot::sprt::Verdict::AStronger);
    assert!(stopped.after_games < 100, "{stopped:?}");
    assert!(tally.games <= stopped.after_games + 1, "{tally:?}");
    let (lo, hi) = stopped.rule.bounds();
    assert!(stopped.llr >= hi && lo < 0.0, "{stopped:?}");
    let text = tally.summary().to_string();
    assert!(
        text.contains("stopped early: A is stronger after"),
        "{text}"
    );
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_twenty_game_tournament_over_loopback_completes() {
    let server = server().await;
    let tally = run_tournament(TournamentConfig {
        servers: Servers::one(&server.url()),
        game: "presidency".into(),
        variant: String::new(),
        seats: 0,
        a: Side::parse("greedy:2"),
        b: Side::parse("random"),
        games: 20,
        concurrency: 4,
        seed: 100,
        progress: false,
        stop: None,
        retry: quick_retry(),
    })
    .await
    .expect("tournament ran");
    assert_eq!(tally.games, 20);
    assert_eq!(tally.a_wins + tally.b_wins + tally.draws, 20);
    assert!(tally.a_decisions > 0 && tally.b_decisions > 0);
    let summary = tally.summary();
    assert!(summary.mean_game_length > 10.0, "{summary}");
    assert!(summary.a.ci95_low <= summary.a.win_rate && summary.a.win_rate <= summary.a.ci95_high);
    // Every match is finished on the server.
    let mut client = net::connect(&server.url()).expect("client");
    let finished = client
        .list_matches(pb::ListMatchesRequest {
            status: pb::MatchStatus::Finished as i32,
            ..Default::default()
        })
        .await
        .expect("list")
        .into_inner()
        .matches;
    assert_eq!(finished.len(), 20);
    server.shutdown().await;
}

/// A two-seat Presidential Race with both seats taken: a client, the match id, and each
/// seat's join (seat 0, then seat 1).
async fn two_seat_race(server: &RunningServer) -> (Node, String, [pb::JoinMatchResponse; 2]) {
    let mut node = Cluster::one(&server.url()).expect("client").node();
    let m = create(&mut node.client(), "", 0, vec![]).await;
    let a = join(&mut node, &m.match_id, 0).await;
    let b = join(&mut node, &m.match_id, 1).await;
    (node, m.match_id, [a, b])
}

/// Plays the seat `joined` of the Presidential Race `id` with `decider`, in a task of its own.
fn spawn_seat(
    node: &Node,
    id: &str,
    joined: pb::JoinMatchResponse,
    decider: Box<dyn Decider>,
) -> tokio::task::JoinHandle<anyhow::Result<net::Played>> {
    let mut c = node.clone();
    let id = id.to_string();
    tokio::spawn(async move {
        net::play_seat(
            &mut c,
            "presidency",
            &id,
            joined.seat,
            &joined.token,
            decider,
            &quick_retry(),
        )
        .await
    })
}

fn random_ai(seed: u64) -> Box<dyn Decider> {
    Box::new(AiDecider(make_ai("random", "", seed).expect("ai")))
}

/// Plays a two-seat match: `seat0` against a random AI in seat 1.
async fn play_against_random(
    server: &RunningServer,
    seat0: Box<dyn Decider>,
) -> anyhow::Result<net::Played> {
    let (node, id, [a, b]) = two_seat_race(server).await;
    let other = spawn_seat(&node, &id, b, random_ai(9));
    let mine = spawn_seat(&node, &id, a, seat0).await.expect("task");
    other.await.expect("task")?;
    mine
}

/// Plays seat 0 against a random AI (see [`play_against_random`]) with the stdio engine run by
/// `command`, on a server of its own; returns how the match went and the engine's incidents.
async fn play_stdio_engine(
    command: &str,
    timeout: Duration,
    fallback: Fallback,
) -> (anyhow::Result<net::Played>, Vec<String>) {
    let server = server().await;
    let engine = StdioEngine::spawn(command, timeout, fallback, 1).expect("engine starts");
    let incidents = engine.incidents.clone();
    let played = play_against_random(&server, Box::new(engine)).await;
    server.shutdown().await;
    let incidents = incidents.lock().expect("lock").clone();
    (played, incidents)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_python_stdio_example_engine_plays_a_full_game() {
    let script = repo_file("examples/stdio_random.py");
    let (played, incidents) = play_stdio_engine(
        &format!("python3 {} 42", script.display()),
        Duration::from_secs(10),
        Fallback::Resign,
    )
    .await;
    let played = played.expect("played");
    assert!(played.decisions > 5, "the engine made the decisions");
    assert!(
        !played.outcome.resigned,
        "the engine never needed the fallback"
    );
    assert!(incidents.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_garbage_answering_engine_falls_back_to_random_choices_with_a_clear_message() {
    let (played, incidents) = play_stdio_engine(
        "sh -c 'while read line; do echo not-a-choice; done'",
        Duration::from_secs(10),
        Fallback::Random,
    )
    .await;
    let played = played.expect("the match is still played to the end");
    assert_eq!(
        incidents.len() as u64,
        played.decisions,
        "every answer was refused"
    );
    let first = &incidents[0];
    assert!(first.contains("answered 'not-a-choice'"), "{first}");
    assert!(first.contains("not one of the legal choice ids"), "{first}");
    assert!(
        first.contains("falling back to a random legal choice"),
        "{first}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_silent_engine_times_out_and_resigns_by_the_fallback() {
    let (played, incidents) = play_stdio_engine(
        "sh -c 'while read line; do :; done'",
        Duration::from_millis(300),
        Fallback::Resign,
    )
    .await;
    let played = played.expect("played");
    assert!(played.outcome.resigned, "{:?}", played.outcome);
    assert_eq!(played.outcome.winners, vec![1]);
    assert_eq!(incidents.len(), 1);
    assert!(
        incidents[0].contains("no answer within 0.3 s"),
        "{}",
        incidents[0]
    );
    assert!(incidents[0].contains("resigning"), "{}", incidents[0]);
}

/// Decides randomly a few times, reports it, then thinks until released (or a minute).
struct Stalls {
    left: u32,
    ai: Box<dyn hustings_bot::ai::Ai>,
    told: std_mpsc::Sender<()>,
    release: std_mpsc::Receiver<()>,
}

impl Decider for Stalls {
    fn describe(&self) -> String {
        "stalling".into()
    }
    fn decide(&mut self, d: &Decision, _v: u64) -> anyhow::Result<Action> {
        if self.left == 0 {
            let _ = self.told.send(());
            let _ = self.release.recv_timeout(Duration::from_secs(60));
            anyhow::bail!("released");
        }
        self.left -= 1;
        Ok(Action::Choose(self.ai.choose(d)?))
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_vanishes_mid_game_gives_retries_then_a_clear_error() {
    let server = server().await;
    let (node, id, [a, b]) = two_seat_race(&server).await;
    let (told, stalled) = std_mpsc::channel();
    let (release, released) = std_mpsc::channel::<()>();
    let stalls = Stalls {
        left: 3,
        ai: make_ai("random", "", 1).expect("ai"),
        told,
        release: released,
    };
    // The stalling seat plays in a detached task: how it ends does not matter.
    drop(spawn_seat(&node, &id, b, Box::new(stalls)));
    let mine = spawn_seat(&node, &id, a, random_ai(2));
    // Mid-game: the other seat has moved three times and now thinks forever.
    tokio::task::spawn_blocking(move || stalled.recv_timeout(Duration::from_secs(30)))
        .await
        .expect("task")
        .expect("the game got under way");
    let vanished = Instant::now();
    server.shutdown().await;
    let err = tokio::time::timeout(Duration::from_secs(30), mine)
        .await
        .expect("the player gives up in time")
        .expect("task")
        .expect_err("no server, no game");
    let text = format!("{err:#}");
    assert!(text.contains("lost the server"), "{text}");
    assert!(text.contains("3 reconnection tries failed"), "{text}");
    assert!(text.contains(&id), "{text}");
    // It backed off between tries (50 ms, then 100 ms) before giving up.
    assert!(
        vanished.elapsed() >= Duration::from_millis(150),
        "{:?}",
        vanished.elapsed()
    );
    drop(release);
}

/// Thinks for a while, then picks the first choice.
struct Slow(Duration);

impl Decider for Slow {
    fn describe(&self) -> String {
        "slow".into()
    }
    fn decide(&mut self, d: &Decision, _v: u64) -> anyhow::Result<Action> {
        std::thread::sleep(self.0);
        Ok(Action::Choose(d.prompt.choices[0].id.clone()))
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_opponent_resigning_while_the_bot_thinks_ends_its_match_cleanly() {
    let server = server().await;
    let (node, id, [a, b]) = two_seat_race(&server).await;
    let mut client = node.client();
    // Whoever moves first, seat 0 is slow and seat 1 resigns as soon as seat 0 thinks.
    let bot = spawn_seat(&node, &id, a, Box::new(Slow(Duration::from_millis(600))));
    // Seat 1 plays until it is seat 0's turn, then resigns while seat 0 thinks.
    let mut stream = client
        .watch_match(pb::WatchMatchRequest {
            match_id: id.clone(),
            token: b.token.clone(),
            from_version: 0,
            include_json_view: false,
            seat: None,
        })
        .await
        .expect("watch")
        .into_inner();
    while let Some(Ok(u)) = tokio_stream::StreamExt::next(&mut stream).await {
        if u.status != pb::MatchStatus::Active as i32 {
            continue;
        }
        if u.to_act.contains(&0) {
            tokio::time::sleep(Duration::from_millis(200)).await;
            break;
        }
        if let Some(p) = u.prompt {
            let _ = client
                .act(pb::ActRequest {
                    match_id: id.clone(),
                    token: b.token.clone(),
                    version: u.version,
                    choice_id: p.choices[0].id.clone(),
                    seat: None,
                })
                .await;
        }
    }
    client
        .resign(pb::ResignRequest {
            match_id: id.clone(),
            token: b.token.clone(),
            seat: None,
        })
        .await
        .expect("resigned");
    let played = bot
        .await
        .expect("task")
        .expect("the bot's act is refused, and it sees the match is over");
    assert!(played.outcome.resigned);
    assert_eq!(played.outcome.winners, vec![0]);
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_of_finds_a_match_older_than_the_first_page() {
    // Pages of at most 5: the match sought, the oldest of 13, is on the third.
    let config = ServerConfig {
        limits: hustings_service::Limits {
            max_list: 5,
            ..Default::default()
        },
        ..Default::default()
    };
    let server = hustings::start_server_with(config).await;
    let mut client = net::connect(&server.url()).expect("client");
    let old = client
        .create_match(pb::CreateMatchRequest {
            game: "the-vote".into(),
            ..Default::default()
        })
        .await
        .expect("match created")
        .into_inner()
        .summary
        .expect("summary")
        .match_id;
    // Strictly newer than it (the listing orders by creation time, then id).
    tokio::time::sleep(Duration::from_millis(5)).await;
    for _ in 0..12 {
        create(&mut client, "standard", 2, Vec::new()).await;
    }
    let first = client
        .list_matches(pb::ListMatchesRequest {
            page_size: 1000,
            ..Default::default()
        })
        .await
        .expect("listed")
        .into_inner();
    assert_eq!(first.matches.len(), 5);
    assert!(
        first.matches.iter().all(|m| m.match_id != old),
        "the match sought is not on the first page"
    );
    assert_eq!(
        net::game_of(&mut client, &old).await.expect("found"),
        "the-vote"
    );
    let missing = net::game_of(&mut client, "no-such-match")
        .await
        .expect_err("not in the list");
    assert!(missing.to_string().contains("no-such-match"), "{missing}");
}
