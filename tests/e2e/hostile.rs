//! Hostile input against a real server over HTTP/2: more than ten thousand random and
//! crafted request bodies across every RPC — garbage, bad framing, bad wire types, invalid
//! UTF-8, deep nesting, oversize messages, 64 KB strings in every field, out-of-range enums
//! — each answered with its documented code (see the error list at the top of
//! `proto/hustings/v1/hustings.proto`), while a match is played beside them to its end.
//!
//! The bodies go out through a raw HTTP/2 client (h2), so that they can be anything at all,
//! framing included; a few go through the ordinary tonic client too, to show that what a
//! client written from the .proto sees is the documented code and not a transport error.

use std::collections::BTreeMap;

use hustings::{connect, create, join, play_seat, spectate_all, start_server_with};
use hustings_proto::v1 as pb;
use hustings_service::{Limits, ServerConfig};
use prost::Message;
use prost::bytes::Bytes;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tonic::Code;
use tonic::codegen::http;

/// The server's request limit in these tests (the default).
const LIMIT: usize = 64 * 1024;
/// A string as long as the issue asks for in every field.
const BIG: usize = 64 * 1024;

/// One RPC of the service.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Rpc {
    ListGames,
    CreateMatch,
    ListMatches,
    JoinMatch,
    WatchLobby,
    WatchMatch,
    Act,
    Resign,
    GetReplay,
    GetReplayView,
}

const RPCS: [Rpc; 10] = [
    Rpc::ListGames,
    Rpc::CreateMatch,
    Rpc::ListMatches,
    Rpc::JoinMatch,
    Rpc::WatchLobby,
    Rpc::WatchMatch,
    Rpc::Act,
    Rpc::Resign,
    Rpc::GetReplay,
    Rpc::GetReplayView,
];

impl Rpc {
    fn path(self) -> String {
        format!("/hustings.v1.Hustings/{self:?}")
    }

    /// Does `payload` decode as this RPC's request message?
    fn decodes(self, payload: &[u8]) -> bool {
        match self {
            Rpc::ListGames => pb::ListGamesRequest::decode(payload).is_ok(),
            Rpc::CreateMatch => pb::CreateMatchRequest::decode(payload).is_ok(),
            Rpc::ListMatches => pb::ListMatchesRequest::decode(payload).is_ok(),
            Rpc::JoinMatch => pb::JoinMatchRequest::decode(payload).is_ok(),
            Rpc::WatchLobby => pb::WatchLobbyRequest::decode(payload).is_ok(),
            Rpc::WatchMatch => pb::WatchMatchRequest::decode(payload).is_ok(),
            Rpc::Act => pb::ActRequest::decode(payload).is_ok(),
            Rpc::Resign => pb::ResignRequest::decode(payload).is_ok(),
            Rpc::GetReplay => pb::GetReplayRequest::decode(payload).is_ok(),
            Rpc::GetReplayView => pb::GetReplayViewRequest::decode(payload).is_ok(),
        }
    }

    /// A well-formed request naming no real match or token, to mutate.
    fn sample(self) -> Vec<u8> {
        let id = "00000000deadbeef".to_string();
        let token = "f".repeat(32);
        match self {
            Rpc::ListGames => pb::ListGamesRequest {}.encode_to_vec(),
            Rpc::CreateMatch => pb::CreateMatchRequest {
                game: "presidency".into(),
                variant: "standard".into(),
                seats: 2,
                options: [("rounds".to_string(), "12".to_string())].into(),
                seed: Some(7),
                seat_config: vec![pb::SeatConfig {
                    bot: true,
                    ai: "random".into(),
                    ai_level: "1".into(),
                }],
                clock: Some(pb::ClockSetting {
                    kind: Some(pb::clock_setting::Kind::PerDecision(pb::PerDecisionClock {
                        limit_ms: 60_000,
                    })),
                }),
                abandon_grace_ms: Some(1000),
            }
            .encode_to_vec(),
            Rpc::ListMatches => pb::ListMatchesRequest {
                game: "presidency".into(),
                status: 2,
                open_seats_only: true,
                limit: 3,
                page_size: 20,
                page_token: "1700000000000.00000000deadbeef".into(),
            }
            .encode_to_vec(),
            Rpc::JoinMatch => pb::JoinMatchRequest {
                match_id: id,
                seat: Some(1),
                display_name: "mallory".into(),
                client_kind: 2,
            }
            .encode_to_vec(),
            Rpc::WatchLobby => pb::WatchLobbyRequest {
                games: vec!["presidency".into(), "the-vote".into()],
                bot_pool: true,
                pool_ais: vec!["random".into()],
                pool_name: "mallory's pool".into(),
            }
            .encode_to_vec(),
            Rpc::WatchMatch => pb::WatchMatchRequest {
                match_id: id,
                token,
                from_version: 3,
                include_json_view: true,
            }
            .encode_to_vec(),
            Rpc::Act => pb::ActRequest {
                match_id: id,
                token,
                version: 4,
                choice_id: "dice:2d6".into(),
            }
            .encode_to_vec(),
            Rpc::Resign => pb::ResignRequest {
                match_id: id,
                token,
            }
            .encode_to_vec(),
            Rpc::GetReplay => pb::GetReplayRequest { match_id: id }.encode_to_vec(),
            Rpc::GetReplayView => pb::GetReplayViewRequest {
                match_id: id,
                version: 2,
            }
            .encode_to_vec(),
        }
    }

    /// The request's string fields: (field number, what it is).
    fn strings(self) -> &'static [u32] {
        match self {
            Rpc::ListGames => &[],
            Rpc::CreateMatch => &[1, 2],
            Rpc::ListMatches => &[1, 6],
            Rpc::JoinMatch => &[1, 3],
            Rpc::WatchLobby => &[1],
            Rpc::WatchMatch => &[1, 2],
            Rpc::Act => &[1, 2, 4],
            Rpc::Resign => &[1, 2],
            Rpc::GetReplay => &[1],
            Rpc::GetReplayView => &[1],
        }
    }
}

/// What the server must answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expect {
    /// Exactly this code.
    Code(Code),
    /// The message is well-formed: whatever the handler says, as long as it is one of the
    /// codes the contract documents for a request it has handled.
    Handled,
}

/// The codes a handled request may get.
const HANDLED: [Code; 8] = [
    Code::Ok,
    Code::InvalidArgument,
    Code::NotFound,
    Code::Unauthenticated,
    Code::PermissionDenied,
    Code::FailedPrecondition,
    Code::Aborted,
    Code::ResourceExhausted,
];

/// A body as a gRPC client frames one message.
fn framed(payload: &[u8]) -> Vec<u8> {
    let mut v = vec![0];
    v.extend_from_slice(&(payload.len() as u32).to_be_bytes());
    v.extend_from_slice(payload);
    v
}

/// What the contract says about any body, read as the server must read it.
fn expect(rpc: Rpc, body: &[u8]) -> Expect {
    if body.len() < 5 {
        return Expect::Code(Code::InvalidArgument);
    }
    let len = u32::from_be_bytes([body[1], body[2], body[3], body[4]]) as usize;
    if len > LIMIT || body.len() - 5 > LIMIT {
        return Expect::Code(Code::ResourceExhausted);
    }
    if body[0] != 0 || body.len() - 5 != len || !rpc.decodes(&body[5..]) {
        return Expect::Code(Code::InvalidArgument);
    }
    Expect::Handled
}

// ----- protobuf by hand, for what prost would never write ---------------------------------

fn varint(mut v: u64, out: &mut Vec<u8>) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn key(field: u32, wire: u8, out: &mut Vec<u8>) {
    varint(((field as u64) << 3) | wire as u64, out);
}

fn bytes_field(field: u32, value: &[u8], out: &mut Vec<u8>) {
    key(field, 2, out);
    varint(value.len() as u64, out);
    out.extend_from_slice(value);
}

/// Crafted payloads that must all be refused as malformed, for `rpc`.
fn malformed(rpc: Rpc) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for &f in rpc.strings() {
        let mut v = Vec::new();
        bytes_field(f, &[0x66, 0xFF, 0xFE, 0x80], &mut v);
        out.push((format!("invalid UTF-8 in field {f}"), v));
        let mut v = Vec::new();
        key(f, 0, &mut v);
        varint(5, &mut v);
        out.push((format!("a varint for string field {f}"), v));
        let mut v = Vec::new();
        key(f, 5, &mut v);
        v.extend_from_slice(&[1, 2, 3, 4]);
        out.push((format!("a fixed32 for string field {f}"), v));
        let mut v = Vec::new();
        key(f, 2, &mut v);
        varint(1_000, &mut v);
        v.extend_from_slice(b"short");
        out.push((format!("field {f} cut short"), v));
    }
    // Groups nested 1,000 deep (in an unknown field: prost skips groups recursively).
    let mut v = Vec::new();
    for _ in 0..1000 {
        key(15, 3, &mut v);
    }
    out.push(("groups nested 1000 deep".into(), v));
    // An unterminated group, an end-group out of nowhere, wire types 6 and 7.
    let mut v = Vec::new();
    key(15, 3, &mut v);
    out.push(("an unterminated group".into(), v));
    let mut v = Vec::new();
    key(15, 4, &mut v);
    out.push(("a stray end-group".into(), v));
    out.push(("wire type 6".into(), vec![0x0E]));
    out.push(("wire type 7".into(), vec![0x0F]));
    out.push(("field number 0".into(), vec![0x00, 0x01]));
    // An 11-byte varint.
    let mut v = Vec::new();
    key(15, 0, &mut v);
    v.extend_from_slice(&[0xFF; 10]);
    v.push(0x01);
    out.push(("an overlong varint".into(), v));
    if rpc == Rpc::CreateMatch {
        // Messages nested past the decoder's recursion limit: clock → kind → …, built as a
        // length-delimited field 7 holding itself 200 times.
        let mut inner: Vec<u8> = Vec::new();
        for _ in 0..200 {
            let mut outer = Vec::new();
            bytes_field(1, &inner, &mut outer);
            inner = outer;
        }
        let mut v = Vec::new();
        bytes_field(7, &inner, &mut v);
        out.push(("messages nested 200 deep".into(), v));
    }
    out
}

/// Requests well-formed on the wire whose fields are out of bounds: every string one byte
/// over its cap and (where the message limit allows) 64 KB long, enums out of range,
/// repeated fields over their counts. With `limit` the server's message limit.
fn out_of_bounds(rpc: Rpc, real_match: &str, real_token: &str) -> Vec<(String, Vec<u8>)> {
    let over = |n: usize| "z".repeat(n);
    let mut out: Vec<(String, Vec<u8>)> = Vec::new();
    let mut add = |what: &str, m: &dyn Fn(usize) -> Vec<u8>| {
        out.push((format!("{what} one byte over its cap"), m(0)));
        out.push((format!("{what} 20 KB long"), m(20_000)));
        out.push((format!("{what} 64 KB long"), m(BIG)));
    };
    let id = real_match.to_string();
    let token = real_token.to_string();
    match rpc {
        Rpc::ListGames => {}
        Rpc::CreateMatch => {
            let base = || pb::CreateMatchRequest {
                game: "presidency".into(),
                ..Default::default()
            };
            add("game", &|n| {
                pb::CreateMatchRequest {
                    game: over(n.max(65)),
                    ..base()
                }
                .encode_to_vec()
            });
            add("variant", &|n| {
                pb::CreateMatchRequest {
                    variant: over(n.max(65)),
                    ..base()
                }
                .encode_to_vec()
            });
            add("an option key", &|n| {
                pb::CreateMatchRequest {
                    options: [(over(n.max(65)), "1".into())].into(),
                    ..base()
                }
                .encode_to_vec()
            });
            add("an option value", &|n| {
                pb::CreateMatchRequest {
                    options: [("rounds".into(), over(n.max(257)))].into(),
                    ..base()
                }
                .encode_to_vec()
            });
            add("SeatConfig.ai", &|n| {
                pb::CreateMatchRequest {
                    seat_config: vec![pb::SeatConfig {
                        ai: over(n.max(65)),
                        ..Default::default()
                    }],
                    ..base()
                }
                .encode_to_vec()
            });
            add("SeatConfig.ai_level", &|n| {
                pb::CreateMatchRequest {
                    seat_config: vec![pb::SeatConfig {
                        ai_level: over(n.max(65)),
                        ..Default::default()
                    }],
                    ..base()
                }
                .encode_to_vec()
            });
            add("every string at once", &|n| {
                pb::CreateMatchRequest {
                    game: over(n.max(65)),
                    variant: over(n.max(65)),
                    options: [(over(n.max(65)), over(n.max(257)))].into(),
                    seat_config: vec![pb::SeatConfig {
                        bot: true,
                        ai: over(n.max(65)),
                        ai_level: over(n.max(65)),
                    }],
                    ..Default::default()
                }
                .encode_to_vec()
            });
            let options: std::collections::HashMap<String, String> =
                (0..33).map(|i| (format!("k{i}"), "v".into())).collect();
            out.push((
                "33 options".into(),
                pb::CreateMatchRequest { options, ..base() }.encode_to_vec(),
            ));
            out.push((
                "17 seat configs".into(),
                pb::CreateMatchRequest {
                    seat_config: vec![pb::SeatConfig::default(); 17],
                    ..base()
                }
                .encode_to_vec(),
            ));
            out.push((
                "no game".into(),
                pb::CreateMatchRequest::default().encode_to_vec(),
            ));
        }
        Rpc::ListMatches => {
            add("game", &|n| {
                pb::ListMatchesRequest {
                    game: over(n.max(65)),
                    ..Default::default()
                }
                .encode_to_vec()
            });
            add("page_token", &|n| {
                pb::ListMatchesRequest {
                    page_token: over(n.max(129)),
                    ..Default::default()
                }
                .encode_to_vec()
            });
            for token in [
                "zzzz",
                "12.",
                ".00ab",
                "a.00ab",
                "12.0 1",
                "12.'; DROP TABLE",
            ] {
                out.push((
                    format!("page_token {token:?}, not one the server gave"),
                    pb::ListMatchesRequest {
                        page_token: token.into(),
                        ..Default::default()
                    }
                    .encode_to_vec(),
                ));
            }
            for page_size in [1_001, u32::MAX] {
                out.push((
                    format!("page_size {page_size}"),
                    pb::ListMatchesRequest {
                        page_size,
                        ..Default::default()
                    }
                    .encode_to_vec(),
                ));
            }
            for status in [4, 999, -1, i32::MAX] {
                out.push((
                    format!("status {status}"),
                    pb::ListMatchesRequest {
                        status,
                        ..Default::default()
                    }
                    .encode_to_vec(),
                ));
            }
        }
        Rpc::JoinMatch => {
            add("match_id", &|n| {
                pb::JoinMatchRequest {
                    match_id: over(n.max(65)),
                    ..Default::default()
                }
                .encode_to_vec()
            });
            add("display_name", &|n| {
                pb::JoinMatchRequest {
                    match_id: id.clone(),
                    display_name: over(n.max(257)),
                    ..Default::default()
                }
                .encode_to_vec()
            });
            for kind in [3, 999, -5] {
                out.push((
                    format!("client_kind {kind}"),
                    pb::JoinMatchRequest {
                        match_id: id.clone(),
                        client_kind: kind,
                        ..Default::default()
                    }
                    .encode_to_vec(),
                ));
            }
        }
        Rpc::WatchLobby => {
            add("a games entry", &|n| {
                pb::WatchLobbyRequest {
                    games: vec![over(n.max(65))],
                    ..Default::default()
                }
                .encode_to_vec()
            });
            add("a pool_ais entry", &|n| {
                pb::WatchLobbyRequest {
                    bot_pool: true,
                    pool_ais: vec![over(n.max(65))],
                    ..Default::default()
                }
                .encode_to_vec()
            });
            add("pool_name", &|n| {
                pb::WatchLobbyRequest {
                    bot_pool: true,
                    pool_name: over(n.max(257)),
                    ..Default::default()
                }
                .encode_to_vec()
            });
            out.push((
                "17 games".into(),
                pb::WatchLobbyRequest {
                    games: vec!["presidency".into(); 17],
                    ..Default::default()
                }
                .encode_to_vec(),
            ));
            out.push((
                "17 pool_ais".into(),
                pb::WatchLobbyRequest {
                    bot_pool: true,
                    pool_ais: vec!["random".into(); 17],
                    ..Default::default()
                }
                .encode_to_vec(),
            ));
        }
        Rpc::WatchMatch => {
            add("match_id", &|n| {
                pb::WatchMatchRequest {
                    match_id: over(n.max(65)),
                    ..Default::default()
                }
                .encode_to_vec()
            });
            add("token", &|n| {
                pb::WatchMatchRequest {
                    match_id: id.clone(),
                    token: over(n.max(257)),
                    ..Default::default()
                }
                .encode_to_vec()
            });
        }
        Rpc::Act => {
            add("match_id", &|n| {
                pb::ActRequest {
                    match_id: over(n.max(65)),
                    token: token.clone(),
                    choice_id: "done".into(),
                    version: 0,
                }
                .encode_to_vec()
            });
            add("token", &|n| {
                pb::ActRequest {
                    match_id: id.clone(),
                    token: over(n.max(257)),
                    choice_id: "done".into(),
                    version: 0,
                }
                .encode_to_vec()
            });
            add("choice_id", &|n| {
                pb::ActRequest {
                    match_id: id.clone(),
                    token: token.clone(),
                    choice_id: over(n.max(257)),
                    version: 0,
                }
                .encode_to_vec()
            });
            out.push((
                "no choice".into(),
                pb::ActRequest {
                    match_id: id.clone(),
                    token: token.clone(),
                    ..Default::default()
                }
                .encode_to_vec(),
            ));
        }
        Rpc::Resign => {
            add("match_id", &|n| {
                pb::ResignRequest {
                    match_id: over(n.max(65)),
                    token: token.clone(),
                }
                .encode_to_vec()
            });
            add("token", &|n| {
                pb::ResignRequest {
                    match_id: id.clone(),
                    token: over(n.max(257)),
                }
                .encode_to_vec()
            });
        }
        Rpc::GetReplay => {
            add("match_id", &|n| {
                pb::GetReplayRequest {
                    match_id: over(n.max(65)),
                }
                .encode_to_vec()
            });
            out.push((
                "no match".into(),
                pb::GetReplayRequest::default().encode_to_vec(),
            ));
        }
        Rpc::GetReplayView => {
            add("match_id", &|n| {
                pb::GetReplayViewRequest {
                    match_id: over(n.max(65)),
                    version: 0,
                }
                .encode_to_vec()
            });
            out.push((
                "no match".into(),
                pb::GetReplayViewRequest::default().encode_to_vec(),
            ));
        }
    }
    out
}

// ----- the raw HTTP/2 client ---------------------------------------------------------------

/// One answer: its gRPC status code, message and how many bytes of metadata carried it.
#[derive(Debug)]
struct Answer {
    code: Code,
    message: String,
    metadata_bytes: usize,
}

fn status_of(headers: &http::HeaderMap) -> Option<(Code, String)> {
    let code = headers.get("grpc-status")?;
    let code = Code::from_bytes(code.as_bytes());
    let message = headers
        .get("grpc-message")
        .map(|m| String::from_utf8_lossy(m.as_bytes()).into_owned())
        .unwrap_or_default();
    Some((code, message))
}

fn size_of(headers: &http::HeaderMap) -> usize {
    headers
        .iter()
        .map(|(k, v)| k.as_str().len() + v.len())
        .sum()
}

/// Sends `body` as the whole request body of `rpc` and reads the answer.
async fn call(send: &h2::client::SendRequest<Bytes>, rpc: Rpc, body: Vec<u8>) -> Answer {
    let req = http::Request::post(format!("http://127.0.0.1{}", rpc.path()))
        .header("content-type", "application/grpc")
        .header("te", "trailers")
        .body(())
        .expect("a request");
    let mut send = send
        .clone()
        .ready()
        .await
        .expect("the connection takes streams");
    let (response, mut stream) = send.send_request(req, false).expect("stream opens");
    // The server may answer (and reset the stream) before an oversize body is all sent.
    let _ = stream.send_data(Bytes::from(body), true);
    let response = response.await.expect("an HTTP/2 response");
    let (parts, mut body) = response.into_parts();
    assert_eq!(
        parts.status,
        http::StatusCode::OK,
        "gRPC answers with HTTP 200"
    );
    let mut metadata = size_of(&parts.headers);
    if let Some((code, message)) = status_of(&parts.headers) {
        return Answer {
            code,
            message,
            metadata_bytes: metadata,
        };
    }
    // Headers without a status: a server stream that has begun (WatchMatch, WatchLobby) is
    // OK (dropping it cancels it); a unary answer follows, then its trailers.
    if matches!(rpc, Rpc::WatchLobby | Rpc::WatchMatch) {
        return Answer {
            code: Code::Ok,
            message: String::new(),
            metadata_bytes: metadata,
        };
    }
    let wait = std::time::Duration::from_secs(10);
    let read = async {
        while let Some(Ok(chunk)) = body.data().await {
            let _ = body.flow_control().release_capacity(chunk.len());
        }
    };
    tokio::time::timeout(wait, read)
        .await
        .unwrap_or_else(|_| panic!("{rpc:?}: no answer in {wait:?}"));
    let trailers = body
        .trailers()
        .await
        .expect("trailers")
        .expect("a unary answer ends with trailers");
    metadata += size_of(&trailers);
    let (code, message) = status_of(&trailers).expect("grpc-status in the trailers");
    Answer {
        code,
        message,
        metadata_bytes: metadata,
    }
}

async fn raw_client(addr: std::net::SocketAddr) -> h2::client::SendRequest<Bytes> {
    let tcp = tokio::net::TcpStream::connect(addr).await.expect("tcp");
    let (send, conn) = h2::client::handshake(tcp).await.expect("h2 handshake");
    tokio::spawn(async move {
        let _ = conn.await;
    });
    send
}

/// The checks every answer gets, whatever the body: its code as the contract says, an
/// error message that quotes at most a short prefix of what was sent, metadata far below a
/// default client's 16 KB limit.
fn judge(rpc: Rpc, what: &str, expected: Expect, a: &Answer, tally: &mut BTreeMap<String, u32>) {
    match expected {
        Expect::Code(c) => assert_eq!(a.code, c, "{rpc:?} {what}: {a:?}"),
        Expect::Handled => assert!(HANDLED.contains(&a.code), "{rpc:?} {what}: {a:?}"),
    }
    assert!(
        a.message.len() <= 512,
        "{rpc:?} {what}: a long message: {a:?}"
    );
    assert!(
        !a.message.contains(&"z".repeat(40)),
        "{rpc:?} {what}: echoed input"
    );
    assert!(
        a.metadata_bytes < 2048,
        "{rpc:?} {what}: {} bytes",
        a.metadata_bytes
    );
    *tally.entry(format!("{:?}", a.code)).or_default() += 1;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ten_thousand_hostile_bodies_get_their_documented_codes_beside_a_match() {
    let server = start_server_with(ServerConfig::default()).await;
    assert_eq!(Limits::default().max_message_bytes, LIMIT);
    let url = server.url();
    let mut c = connect(&url).await;

    // The match beside: two players and a spectator play it while the bodies fly.
    let id = create(&mut c, "presidency", "standard", 2, 1_234).await;
    let spectator = tokio::spawn(spectate_all(url.clone(), id.clone()));
    let t0 = join(&mut c, &id, 0, "alice").await;
    let t1 = join(&mut c, &id, 1, "bob").await;
    let a = tokio::spawn(play_seat(url.clone(), id.clone(), t0.clone(), 5));
    let b = tokio::spawn(play_seat(url.clone(), id.clone(), t1.clone(), 6));

    let send = raw_client(server.addr()).await;
    let mut rng = StdRng::seed_from_u64(0x0405_711E);
    let mut bodies: Vec<(Rpc, String, Vec<u8>)> = Vec::new();
    for rpc in RPCS {
        // Random bytes, unframed: mostly bad framing or impossible lengths.
        for i in 0..450 {
            let n = rng.random_range(0..(if i % 40 == 0 { 3000 } else { 120 }));
            let body: Vec<u8> = (0..n).map(|_| rng.random()).collect();
            bodies.push((rpc, "random bytes".into(), body));
        }
        // Random payloads, framed: bad messages (or, rarely, well-formed ones).
        for _ in 0..350 {
            let n = rng.random_range(0..200);
            let payload: Vec<u8> = (0..n).map(|_| rng.random()).collect();
            bodies.push((rpc, "random message".into(), framed(&payload)));
        }
        // A well-formed request, mutated: flipped bits, cut, spliced bytes.
        let sample = rpc.sample();
        for _ in 0..350 {
            let mut m = sample.clone();
            match rng.random_range(0..3) {
                0 if !m.is_empty() => {
                    let i = rng.random_range(0..m.len());
                    m[i] ^= 1 << rng.random_range(0..8);
                }
                1 if !m.is_empty() => {
                    let at = rng.random_range(0..m.len());
                    m.truncate(at);
                }
                _ => {
                    let at = rng.random_range(0..=m.len());
                    let junk: Vec<u8> = (0..rng.random_range(1..8)).map(|_| rng.random()).collect();
                    m.splice(at..at, junk);
                }
            }
            bodies.push((rpc, "mutated request".into(), framed(&m)));
        }
        // Crafted framing.
        let good = framed(&sample);
        let mut two = good.clone();
        two.extend_from_slice(&good);
        let flag = |f: u8| {
            let mut v = good.clone();
            v[0] = f;
            v
        };
        for (what, body) in [
            ("an empty body", Vec::new()),
            ("a header cut short", vec![0, 0, 0]),
            ("a compressed flag and no grpc-encoding", flag(1)),
            ("compression flag 2", flag(2)),
            ("compression flag 255", flag(255)),
            ("a message cut short", good[..good.len() - 1].to_vec()),
            ("two messages", two),
            ("a length of 4 GB", vec![0, 0xFF, 0xFF, 0xFF, 0xFF, 1, 2, 3]),
            ("a length one over the limit", {
                let mut v = vec![0];
                v.extend_from_slice(&((LIMIT + 1) as u32).to_be_bytes());
                v
            }),
            ("a 70 KB message", framed(&vec![0x42; 70_000])),
            ("a 1 MB body", vec![0; 1 << 20]),
        ] {
            bodies.push((rpc, what.into(), body));
        }
        for (what, payload) in malformed(rpc) {
            bodies.push((rpc, what, framed(&payload)));
        }
        for (what, payload) in out_of_bounds(rpc, &id, &t0) {
            bodies.push((rpc, what, framed(&payload)));
        }
    }
    assert!(bodies.len() >= 10_000, "{} bodies", bodies.len());

    // Sixteen in flight at a time, on one connection.
    let mut tally = BTreeMap::new();
    let mut crafted_refused = 0;
    for chunk in bodies.chunks(16) {
        let answers = futures::future::join_all(
            chunk
                .iter()
                .map(|(rpc, _, body)| call(&send, *rpc, body.clone())),
        )
        .await;
        for ((rpc, what, body), answer) in chunk.iter().zip(answers) {
            let expected = expect(*rpc, body);
            let crafted = !what.starts_with("random") && what != "mutated request";
            if crafted {
                // Every crafted body is refused: malformed (or its field out of bounds),
                // or too large.
                assert!(
                    matches!(answer.code, Code::InvalidArgument | Code::ResourceExhausted),
                    "{rpc:?} {what}: {answer:?}"
                );
                crafted_refused += 1;
            }
            judge(*rpc, what, expected, &answer, &mut tally);
        }
    }
    eprintln!(
        "{} bodies ({crafted_refused} crafted, each refused): {tally:?}",
        bodies.len()
    );
    // Nothing took the server into INTERNAL, UNKNOWN or OUT_OF_RANGE (judged above), and
    // both the size and the malformed codes were seen often.
    assert!(tally.get("ResourceExhausted").copied().unwrap_or(0) > 100);
    assert!(tally.get("InvalidArgument").copied().unwrap_or(0) > 3_000);
    assert!(crafted_refused > 250, "{crafted_refused} crafted bodies");

    // The match beside was played to its end as if nothing had happened: every choice the
    // players made was accepted at the version they saw (play_seat fails otherwise), and
    // its replay reproduces the outcome through the engine.
    let a = a.await.expect("seat 0 plays to the end");
    let b = b.await.expect("seat 1 plays to the end");
    let s = spectator.await.expect("the spectator follows to the end");
    let outcome = s
        .last()
        .and_then(|u| u.outcome.clone())
        .expect("an outcome");
    assert_eq!(
        a.last().and_then(|u| u.outcome.clone()),
        Some(outcome.clone())
    );
    assert_eq!(
        b.last().and_then(|u| u.outcome.clone()),
        Some(outcome.clone())
    );
    let replay = c
        .get_replay(pb::GetReplayRequest {
            match_id: id.clone(),
        })
        .await
        .expect("the replay")
        .into_inner();
    assert_eq!(
        replay.choices.len() as u64,
        s.last().map_or(0, |u| u.version)
    );
    let choices: Vec<(usize, String)> = replay
        .choices
        .iter()
        .map(|c| (c.seat as usize, c.choice_id.clone()))
        .collect();
    let setup = hustings_engine::Setup::new("standard", 2, 1_234);
    let game = hustings_engine::replay("presidency", &setup, &choices).expect("replays");
    assert_eq!(game.outcome().map(|o| o.reason), Some(outcome.reason));

    // And the server is alive: a new connection is served.
    let mut fresh = connect(&url).await;
    let games = fresh
        .list_games(pb::ListGamesRequest {})
        .await
        .expect("ListGames after the barrage");
    assert_eq!(games.into_inner().games.len(), 3);
    server.shutdown().await;
}

/// What a client written from the .proto sees (the tonic client): the documented code with
/// a short message, never a transport error from an error too large for its metadata.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_generated_client_gets_short_documented_errors_for_huge_fields() {
    let server = start_server_with(ServerConfig::default()).await;
    let mut c = connect(&server.url()).await;
    let huge = "q".repeat(20_000);
    let code = |r: Result<tonic::Response<pb::CreateMatchResponse>, tonic::Status>| {
        let s = r.expect_err("refused");
        assert!(s.message().len() < 300, "{}", s.message());
        s.code()
    };
    for req in [
        pb::CreateMatchRequest {
            game: huge.clone(),
            ..Default::default()
        },
        pb::CreateMatchRequest {
            game: "presidency".into(),
            variant: huge.clone(),
            ..Default::default()
        },
        pb::CreateMatchRequest {
            game: "presidency".into(),
            options: [(huge.clone(), "1".into())].into(),
            ..Default::default()
        },
        pb::CreateMatchRequest {
            game: "presidency".into(),
            seat_config: vec![pb::SeatConfig {
                bot: true,
                ai: "a".repeat(50_000),
                ai_level: String::new(),
            }],
            ..Default::default()
        },
    ] {
        assert_eq!(code(c.create_match(req).await), Code::InvalidArgument);
    }
    // Values within the caps but unknown are quoted, in short.
    let s = c
        .create_match(pb::CreateMatchRequest {
            game: "presidency".into(),
            options: [("rounds".to_string(), "r".repeat(250))].into(),
            ..Default::default()
        })
        .await
        .expect_err("a bad option value");
    assert_eq!(s.code(), Code::InvalidArgument);
    assert!(
        s.message().contains("rounds") && s.message().len() < 200,
        "{}",
        s.message()
    );
    let s = c
        .act(pb::ActRequest {
            match_id: "m".repeat(64),
            token: "t".into(),
            version: 0,
            choice_id: "done".into(),
        })
        .await
        .expect_err("no such match");
    assert_eq!(s.code(), Code::NotFound);
    assert!(s.message().len() < 100, "{}", s.message());
    let s = c
        .list_matches(pb::ListMatchesRequest {
            status: 999,
            ..Default::default()
        })
        .await
        .expect_err("status 999");
    assert_eq!(s.code(), Code::InvalidArgument);
    // Over the size limit: RESOURCE_EXHAUSTED, not OUT_OF_RANGE.
    let s = c
        .join_match(pb::JoinMatchRequest {
            match_id: "x".into(),
            display_name: "y".repeat(200_000),
            ..Default::default()
        })
        .await
        .expect_err("too large");
    assert_eq!(s.code(), Code::ResourceExhausted);
    server.shutdown().await;
}
