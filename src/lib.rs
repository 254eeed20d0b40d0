//! Support for the loopback end-to-end tests in `tests/`: start a real Hustings server on
//! 127.0.0.1:0 and drive real gRPC clients against it.

pub mod cli_bin;
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
