//! The server's browser side, over raw HTTP/1.1 on a real socket (no browser needed): the
//! embedded web client's files with their content types and caching, gRPC-web on the same
//! port, CORS off unless `--cors-origin` allows an origin, gRPC's UNIMPLEMENTED for unknown
//! services; and GetReplayView, the per-version views the replay page draws.

use std::time::Duration;

use hustings::{Watched, connect, create, play_two_seats, start_server, start_server_with};
use hustings_proto::v1 as pb;
use hustings_service::ServerConfig;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tonic::Code;

/// A response: its status, its headers (names lower-cased) and its body.
type Response = (u16, Vec<(String, String)>, Vec<u8>);

/// One HTTP/1.1 exchange; returns (status, lower-cased headers, body). The server keeps the
/// connection open, so the body is read by its length (or chunk by chunk) and no further.
async fn http(addr: std::net::SocketAddr, request: &[u8]) -> Response {
    let mut s = TcpStream::connect(addr).await.expect("connect");
    s.write_all(request).await.expect("send");
    let mut buf = Vec::new();
    let mut chunk = [0u8; 8192];
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let n = tokio::time::timeout_at(deadline, s.read(&mut chunk))
            .await
            .expect("a response in time")
            .expect("read");
        buf.extend_from_slice(&chunk[..n]);
        if let Some(parsed) = parse(&buf) {
            return parsed;
        }
        assert!(n > 0, "connection closed mid-response: {buf:?}");
    }
}

/// A complete response in `buf`, if it holds one.
fn parse(buf: &[u8]) -> Option<Response> {
    let end = buf.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = String::from_utf8_lossy(&buf[..end]).to_string();
    let mut lines = head.split("\r\n");
    let status: u16 = lines.next()?.split(' ').nth(1)?.parse().ok()?;
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let rest = &buf[end + 4..];
    let get = |k: &str| headers.iter().find(|(h, _)| h == k).map(|(_, v)| v.clone());
    if let Some(len) = get("content-length").and_then(|l| l.parse::<usize>().ok()) {
        return (rest.len() >= len).then(|| (status, headers.clone(), rest[..len].to_vec()));
    }
    if get("transfer-encoding").as_deref() == Some("chunked") {
        let mut body = Vec::new();
        let mut at = 0;
        loop {
            let line_end = rest[at..].windows(2).position(|w| w == b"\r\n")? + at;
            let size =
                usize::from_str_radix(std::str::from_utf8(&rest[at..line_end]).ok()?, 16).ok()?;
            if size == 0 {
                return Some((status, headers, body));
            }
            let start = line_end + 2;
            if rest.len() < start + size + 2 {
                return None;
            }
            body.extend_from_slice(&rest[start..start + size]);
            at = start + size + 2;
        }
    }
    // No body (204/304, or a HEAD answer).
    Some((status, headers, Vec::new()))
}

fn header<'a>(h: &'a [(String, String)], k: &str) -> Option<&'a str> {
    h.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str())
}

fn get(path: &str, extra: &str) -> Vec<u8> {
    format!("GET {path} HTTP/1.1\r\nHost: localhost\r\n{extra}\r\n").into_bytes()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_web_client_is_served_at_the_root_with_types_and_caching() {
    let server = start_server().await;
    let addr = server.addr();
    let (status, h, body) = http(addr, &get("/", "")).await;
    assert_eq!(status, 200);
    assert_eq!(header(&h, "content-type"), Some("text/html; charset=utf-8"));
    assert_eq!(header(&h, "cache-control"), Some("no-cache"));
    let html = String::from_utf8(body).expect("utf-8");
    assert!(html.contains("<div id=\"app\">"), "{html}");
    // The page names its script and stylesheet by content hash; both are kept a year.
    let script = html
        .split("src=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .expect("a script");
    let style = html
        .split("rel=\"stylesheet\" href=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .expect("a stylesheet");
    for (path, ty) in [
        (script, "text/javascript; charset=utf-8"),
        (style, "text/css; charset=utf-8"),
    ] {
        let (status, h, body) = http(addr, &get(&format!("/{path}"), "")).await;
        assert_eq!(status, 200, "{path}");
        assert_eq!(header(&h, "content-type"), Some(ty));
        assert!(header(&h, "cache-control").is_some_and(|c| c.contains("immutable")));
        assert!(!body.is_empty());
        // Browsers say they take gzip: they get it, about a third of the size.
        let (status, gh, gz) = http(
            addr,
            &get(&format!("/{path}"), "Accept-Encoding: gzip, br\r\n"),
        )
        .await;
        assert_eq!(status, 200);
        assert_eq!(header(&gh, "content-encoding"), Some("gzip"));
        assert_eq!(header(&gh, "vary"), Some("accept-encoding"));
        assert_eq!(gz.get(..2), Some(&[0x1f, 0x8b][..]), "a gzip stream");
        assert!(
            gz.len() * 2 < body.len(),
            "{path}: {} gzipped of {}",
            gz.len(),
            body.len()
        );
        assert_ne!(
            header(&gh, "etag"),
            header(&h, "etag"),
            "each form has its own ETag"
        );
    }
    // A page already held is confirmed with its ETag, not sent again.
    let etag = header(&h, "etag").expect("an etag").to_string();
    let (status, _, body) = http(addr, &get("/", &format!("If-None-Match: {etag}\r\n"))).await;
    assert_eq!(status, 304);
    assert!(body.is_empty());
    let (status, _, _) = http(addr, &get("/no/such/file.js", "")).await;
    assert_eq!(status, 404);
    server.shutdown().await;
}

/// A gRPC-web request for ListGames over HTTP/1.1 (an empty message in one frame), with an
/// Origin header when given.
fn grpc_web_list_games(origin: Option<&str>) -> Vec<u8> {
    let origin = origin
        .map(|o| format!("Origin: {o}\r\n"))
        .unwrap_or_default();
    let mut req = format!(
        "POST /hustings.v1.Hustings/ListGames HTTP/1.1\r\nHost: localhost\r\n\
         Content-Type: application/grpc-web+proto\r\nX-Grpc-Web: 1\r\n{origin}\
         Content-Length: 5\r\n\r\n"
    )
    .into_bytes();
    req.extend_from_slice(&[0, 0, 0, 0, 0]);
    req
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn grpc_web_over_http1_and_plain_grpc_share_the_port() {
    let server = start_server().await;
    let (status, h, body) = http(server.addr(), &grpc_web_list_games(None)).await;
    assert_eq!(status, 200);
    assert_eq!(
        header(&h, "content-type"),
        Some("application/grpc-web+proto")
    );
    // A data frame with the catalogue, then the trailers frame saying OK.
    assert_eq!(body.first(), Some(&0));
    let len = u32::from_be_bytes([body[1], body[2], body[3], body[4]]) as usize;
    let games =
        <pb::ListGamesResponse as prost::Message>::decode(&body[5..5 + len]).expect("a catalogue");
    assert!(games.games.iter().any(|g| g.id == "presidency"));
    let trailers = String::from_utf8_lossy(&body[5 + len + 5..]).to_lowercase();
    assert!(trailers.contains("grpc-status:0"), "{trailers}");
    // The same port still speaks gRPC over HTTP/2 to tonic clients.
    let mut c = connect(&server.url()).await;
    let games = c.list_games(pb::ListGamesRequest {}).await.expect("gRPC");
    assert_eq!(games.into_inner().games.len(), 3);
    // A gRPC call to a service the server does not have is UNIMPLEMENTED, not a web page.
    let req = b"POST /no.Such/Call HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/grpc-web+proto\r\nContent-Length: 5\r\n\r\n\0\0\0\0\0";
    let (_, h, _) = http(server.addr(), req).await;
    assert_eq!(header(&h, "grpc-status"), Some("12"), "{h:?}");
    server.shutdown().await;
}

fn preflight(origin: &str) -> Vec<u8> {
    format!(
        "OPTIONS /hustings.v1.Hustings/ListGames HTTP/1.1\r\nHost: localhost\r\nOrigin: {origin}\r\n\
         Access-Control-Request-Method: POST\r\n\
         Access-Control-Request-Headers: content-type,x-grpc-web\r\n\r\n"
    )
    .into_bytes()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cors_is_off_unless_an_origin_is_allowed() {
    // Off by default: no page of another origin is told it may call.
    let server = start_server().await;
    let (_, h, _) = http(server.addr(), &preflight("http://elsewhere.example")).await;
    assert_eq!(header(&h, "access-control-allow-origin"), None, "{h:?}");
    let (_, h, _) = http(
        server.addr(),
        &grpc_web_list_games(Some("http://elsewhere.example")),
    )
    .await;
    assert_eq!(header(&h, "access-control-allow-origin"), None);
    server.shutdown().await;

    // --cors-origin lets exactly the origins given.
    let allowed = "http://localhost:5173";
    let server = start_server_with(ServerConfig {
        cors_origins: vec![allowed.into()],
        ..Default::default()
    })
    .await;
    let (status, h, _) = http(server.addr(), &preflight(allowed)).await;
    assert_eq!(status, 200);
    assert_eq!(header(&h, "access-control-allow-origin"), Some(allowed));
    assert!(header(&h, "access-control-allow-headers").is_some_and(|v| v.contains("x-grpc-web")));
    let (status, h, _) = http(server.addr(), &grpc_web_list_games(Some(allowed))).await;
    assert_eq!(status, 200);
    assert_eq!(header(&h, "access-control-allow-origin"), Some(allowed));
    assert!(header(&h, "access-control-expose-headers").is_some_and(|v| v.contains("grpc-status")));
    let (_, h, _) = http(server.addr(), &preflight("http://elsewhere.example")).await;
    assert_eq!(header(&h, "access-control-allow-origin"), None);
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replay_views_are_what_a_spectator_saw_at_each_version() {
    let server = start_server().await;
    let url = server.url();
    let mut c = connect(&url).await;
    // Refused while the match is under way.
    let live = create(&mut c, "presidency", "standard", 2, 5).await;
    let r = c
        .get_replay_view(pb::GetReplayViewRequest {
            match_id: live,
            version: 0,
        })
        .await;
    assert_eq!(r.map(|_| ()).unwrap_err().code(), Code::FailedPrecondition);

    let id = create(&mut c, "presidency", "standard", 2, 42).await;
    let Watched { spectator, .. } =
        play_two_seats(&url, &mut c, &id, [("alice", 1), ("bob", 2)]).await;
    let last = spectator.last().expect("updates").version;
    let mut log: Vec<pb::LogEntry> = Vec::new();
    let mut checked = 0;
    for live in &spectator {
        if live.snapshot {
            log = live.log.clone();
        } else {
            log.extend(live.log.iter().cloned());
        }
        let frame = c
            .get_replay_view(pb::GetReplayViewRequest {
                match_id: id.clone(),
                version: live.version,
            })
            .await
            .expect("a replay view")
            .into_inner();
        assert_eq!(frame.version, live.version);
        assert!(frame.snapshot && frame.prompt.is_none() && frame.viewer_seat.is_none());
        assert!(
            frame.reference.is_some(),
            "the board comes with every frame"
        );
        let mut seen = live.view.clone().expect("a view");
        seen.json.clear();
        assert_eq!(
            frame.view,
            Some(seen),
            "the view at version {}",
            live.version
        );
        assert_eq!(
            frame.to_act, live.to_act,
            "who acts at version {}",
            live.version
        );
        assert_eq!(frame.log, log, "the log up to version {}", live.version);
        if live.version > 0 {
            assert_eq!(frame.last_action, live.last_action);
        }
        assert_eq!(frame.outcome.is_some(), live.version == last);
        checked += 1;
    }
    assert!(checked as u64 > last, "every version compared");
    let past = c
        .get_replay_view(pb::GetReplayViewRequest {
            match_id: id,
            version: last + 1,
        })
        .await;
    assert_eq!(past.map(|_| ()).unwrap_err().code(), Code::InvalidArgument);
    server.shutdown().await;
}
