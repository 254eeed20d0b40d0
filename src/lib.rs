//! Support for the loopback end-to-end tests in `tests/`: start a real Hustings server on
//! 127.0.0.1:0 and drive real gRPC clients against it.

pub mod browser;
pub mod certs;
pub mod cli_bin;
pub mod in_process;
pub mod named;
pub mod pool_proc;
pub mod relay;
pub mod screenshots;
pub mod server_proc;

use std::net::SocketAddr;

use hustings_proto::v1 as pb;
use hustings_proto::v1::hustings_client::HustingsClient;
use hustings_service::{RunningServer, ServerConfig};
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use tonic::transport::Channel;

/// A gRPC client of the Hustings service.
pub type Client = HustingsClient<Channel>;

/// Starts an in-memory server on a free loopback port.
pub async fn start_server() -> RunningServer {
    start_server_with(ServerConfig::default()).await
}

/// Starts a server with the given configuration on a free loopback port.
pub async fn start_server_with(config: ServerConfig) -> RunningServer {
    let addr: SocketAddr = "127.0.0.1:0".parse().expect("loopback address");
    hustings_service::start(config, addr)
        .await
        .expect("server starts")
}

/// Connects a client to a server URL.
pub async fn connect(url: &str) -> Client {
    HustingsClient::connect(url.to_string())
        .await
        .expect("client connects")
}

/// Creates a match and returns its id.
pub async fn create(
    client: &mut Client,
    game: &str,
    variant: &str,
    seats: u32,
    seed: u64,
) -> String {
    let resp = client
        .create_match(pb::CreateMatchRequest {
            game: game.into(),
            variant: variant.into(),
            seats,
            seed: Some(seed),
            ..Default::default()
        })
        .await
        .expect("match created")
        .into_inner();
    resp.summary.expect("summary").match_id
}

/// The seats of a two-seat match whose seat 0 is the test's (or a person's) and whose seat 1
/// is a bot seat for `ai` at its default level, for a pool to take.
pub fn person_and_bot(ai: &str) -> Vec<pb::SeatConfig> {
    vec![
        pb::SeatConfig::default(),
        pb::SeatConfig {
            bot: true,
            ai: ai.into(),
            ai_level: String::new(),
        },
    ]
}

/// Joins a given seat and returns its token.
pub async fn join(client: &mut Client, match_id: &str, seat: u32, name: &str) -> String {
    client
        .join_match(pb::JoinMatchRequest {
            match_id: match_id.into(),
            seat: Some(seat),
            display_name: name.into(),
            client_kind: pb::ClientKind::Bot as i32,
        })
        .await
        .expect("seat joined")
        .into_inner()
        .token
}

/// Opens the stream of `match_id` for the seat of `token` (empty: a spectator) from
/// `from_version`, without the engine's JSON view.
pub async fn open_stream(
    client: &mut Client,
    match_id: &str,
    token: &str,
    from_version: u64,
) -> tonic::Streaming<pb::MatchUpdate> {
    client
        .watch_match(pb::WatchMatchRequest {
            match_id: match_id.into(),
            token: token.into(),
            from_version,
            include_json_view: false,
            seat: None,
        })
        .await
        .expect("stream opens")
        .into_inner()
}

/// Reads `stream` up to and including the first update with an outcome (or to its end).
pub async fn until_outcome(stream: &mut tonic::Streaming<pb::MatchUpdate>) -> Vec<pb::MatchUpdate> {
    let mut seen = Vec::new();
    while let Some(u) = stream.message().await.expect("stream healthy") {
        let done = u.outcome.is_some();
        seen.push(u);
        if done {
            break;
        }
    }
    seen
}

/// Starts a spectator of `match_id` from version 0 that follows it to its outcome, and
/// returns once the server has it subscribed: every version made after this call returns
/// reaches it (a spectator still connecting while the first choices land would start from a
/// later snapshot). The task returns every update received, JSON view included.
pub async fn spectate(url: &str, match_id: &str) -> tokio::task::JoinHandle<Vec<pb::MatchUpdate>> {
    let mut stream = open_spectator(url, match_id.to_string()).await;
    tokio::spawn(async move { until_outcome(&mut stream).await })
}

/// Opens a spectator's stream from version 0, JSON view included. Once this returns the
/// server has the spectator subscribed, so it is told every version made after it.
async fn open_spectator(url: &str, match_id: String) -> tonic::Streaming<pb::MatchUpdate> {
    let mut client = connect(url).await;
    client
        .watch_match(pb::WatchMatchRequest {
            match_id,
            token: String::new(),
            from_version: 0,
            include_json_view: true,
            seat: None,
        })
        .await
        .expect("spectator stream opens")
        .into_inner()
}

/// Every update each seat (0, 1) and a spectator received in one match.
pub struct Watched {
    pub seats: [Vec<pb::MatchUpdate>; 2],
    pub spectator: Vec<pb::MatchUpdate>,
}

/// Plays the two-seat match `match_id` to its end: a spectator watches from version 0, the
/// two `players` (display name, seed of its random choices) take seats 0 and 1, then each
/// plays its seat as [`play_seat`] does.
pub async fn play_two_seats(
    url: &str,
    client: &mut Client,
    match_id: &str,
    players: [(&str, u64); 2],
) -> Watched {
    // Subscribed before any seat can act: a spectator still connecting when the first
    // choice lands would start from a later snapshot and miss version 0 (seen in CI once
    // by web_server::replay_views_are_what_a_spectator_saw_at_each_version).
    let spectator = spectate(url, match_id).await;
    let t0 = join(client, match_id, 0, players[0].0).await;
    let t1 = join(client, match_id, 1, players[1].0).await;
    let a = tokio::spawn(play_seat(url.into(), match_id.into(), t0, players[0].1));
    let b = tokio::spawn(play_seat(url.into(), match_id.into(), t1, players[1].1));
    let seats = [
        a.await.expect("seat 0 plays"),
        b.await.expect("seat 1 plays"),
    ];
    Watched {
        seats,
        spectator: spectator.await.expect("the spectator follows"),
    }
}

/// Plays one seat to the end with random legal choices; returns every update received.
pub async fn play_seat(
    url: String,
    match_id: String,
    token: String,
    seed: u64,
) -> Vec<pb::MatchUpdate> {
    let mut client = connect(&url).await;
    let mut rng = rand_chacha_free(seed);
    let mut stream = client
        .watch_match(pb::WatchMatchRequest {
            match_id: match_id.clone(),
            token: token.clone(),
            from_version: 0,
            include_json_view: true,
            seat: None,
        })
        .await
        .expect("stream opens")
        .into_inner();
    let mut seen = Vec::new();
    // Presence changes resend the current prompt: act once per version.
    let mut acted_at = None;
    while let Some(update) = stream.message().await.expect("stream healthy") {
        let done = update.outcome.is_some();
        let act = update.prompt.as_ref().map(|p| {
            // Random play, but never taking a choice back (that could go on forever).
            let game_choices: Vec<_> = p.choices.iter().filter(|c| c.kind != "undo").collect();
            game_choices
                .choose(&mut rng)
                .map(|c| c.id.clone())
                .expect("a prompt has choices")
        });
        let version = update.version;
        seen.push(update);
        if done {
            break;
        }
        if let Some(choice) = act.filter(|_| acted_at != Some(version)) {
            acted_at = Some(version);
            client
                .act(pb::ActRequest {
                    match_id: match_id.clone(),
                    token: token.clone(),
                    version,
                    choice_id: choice,
                    seat: None,
                })
                .await
                .expect("legal choice accepted");
        }
    }
    seen
}

fn rand_chacha_free(seed: u64) -> rand::rngs::StdRng {
    rand::rngs::StdRng::seed_from_u64(seed)
}

/// A test's seed: `HUSTINGS_TEST_SEED` when set (to run a failure again), else a fresh one.
/// Printed with `what`, so a failing test's output names the seed that reproduces it.
pub fn test_seed(what: &str) -> u64 {
    let seed = std::env::var("HUSTINGS_TEST_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(rand::random);
    println!("{what}: seed {seed} (HUSTINGS_TEST_SEED={seed} runs it again)");
    seed
}

/// `GET path` over plain HTTP/1.1 from `addr` (`host:port`): the whole answer, status line
/// and headers included (the metrics endpoint's, in the tests that read it).
pub async fn http_get(addr: &str, path: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut tcp = tokio::net::TcpStream::connect(addr)
        .await
        .expect("connects");
    let ask = format!("GET {path} HTTP/1.1\r\nhost: localhost\r\nconnection: close\r\n\r\n");
    tcp.write_all(ask.as_bytes()).await.expect("write");
    let mut text = String::new();
    tokio::time::timeout(
        std::time::Duration::from_secs(10),
        tcp.read_to_string(&mut text),
    )
    .await
    .expect("answered")
    .expect("read");
    text
}

/// `message` carrying an account's credential (a session or a personal access token) as
/// `authorization: Bearer <secret>`.
pub fn bearer<T>(secret: &str, message: T) -> tonic::Request<T> {
    let mut r = tonic::Request::new(message);
    let value = format!("Bearer {secret}")
        .parse()
        .expect("a credential is ASCII");
    r.metadata_mut().insert("authorization", value);
    r
}
