//! A server on the open internet (issue 21): discovery by gRPC reflection in both versions,
//! create keys, TLS with its reload, and the clients over TLS.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use futures::StreamExt;
use hustings::certs::{Authority, CertFiles};
use hustings::cli_bin::{bot_bin, hustings_bin};
use hustings::server_proc::temp_dir;
use hustings::{Client, connect, join, start_server, start_server_with};
use hustings_proto::v1 as pb;
use hustings_proto::v1::hustings_client::HustingsClient;
use hustings_service::limits::ClientLimits;
use hustings_service::tls::TlsFiles;
use hustings_service::{RunningServer, ServerConfig};
use prost::Message;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::process::Command;
use tonic::Code;

/// Whether a missing tool fails the test (CI) rather than skipping it.
fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

/// A Python with grpcio-reflection, in a virtualenv kept in the target directory between
/// runs; `None` (after a message) when python3, venv or pip is missing — a failure in CI.
async fn python_with_grpc_reflection() -> Option<PathBuf> {
    let skip = |why: &str| {
        assert!(!in_ci(), "{why} (CI=true: this test must run)");
        eprintln!("!!! SKIPPING the grpcio-reflection test: {why}");
        None
    };
    let venv = Path::new(env!("CARGO_TARGET_TMPDIR")).join("grpcio-reflection-venv");
    let python = venv.join("bin").join("python");
    let runs = |cmd: &mut Command| {
        let status = cmd.stdout(Stdio::null()).status();
        async move { status.await.is_ok_and(|s| s.success()) }
    };
    if !python.exists() && !runs(Command::new("python3").arg("-m").arg("venv").arg(&venv)).await {
        return skip("python3 -m venv does not work here");
    }
    let has = |python: &Path| {
        let mut c = Command::new(python);
        c.args(["-c", "import grpc_reflection.v1alpha, grpc"]);
        c
    };
    if !runs(&mut has(&python)).await {
        let installed = runs(Command::new(&python).args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "grpcio",
            "grpcio-reflection",
        ]))
        .await;
        if !installed || !runs(&mut has(&python)).await {
            return skip("pip could not install grpcio and grpcio-reflection");
        }
    }
    Some(python)
}

/// The methods of `hustings.v1.Hustings` as the proto declares them.
fn methods_in_proto() -> Vec<String> {
    let fds = prost_types::FileDescriptorSet::decode(hustings_proto::FILE_DESCRIPTOR_SET)
        .expect("the descriptor set");
    let service = fds
        .file
        .iter()
        .flat_map(|f| &f.service)
        .find(|s| s.name() == "Hustings")
        .expect("the Hustings service");
    service
        .method
        .iter()
        .map(|m| format!("hustings.v1.Hustings/{}", m.name()))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_v1alpha_reflection_client_lists_the_service_and_its_methods() {
    let Some(python) = python_with_grpc_reflection().await else {
        return;
    };
    let server = start_server().await;
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/python/reflection_v1alpha.py");
    let out = tokio::time::timeout(
        Duration::from_secs(60),
        Command::new(&python)
            .arg(&script)
            .arg(server.addr().to_string())
            .kill_on_drop(true)
            .output(),
    )
    .await
    .expect("the reflection client finishes")
    .expect("python runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines.contains(&"service hustings.v1.Hustings"), "{stdout}");
    assert!(lines.contains(&"service grpc.health.v1.Health"), "{stdout}");
    let listed: Vec<String> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("method hustings.v1.Hustings/"))
        .map(|m| format!("hustings.v1.Hustings/{m}"))
        .collect();
    let mut expected = methods_in_proto();
    let mut listed_sorted = listed.clone();
    expected.sort();
    listed_sorted.sort();
    assert!(expected.len() >= 10, "{expected:?}");
    assert_eq!(listed_sorted, expected, "{stdout}");
    server.shutdown().await;
}

fn create_request() -> pb::CreateMatchRequest {
    pb::CreateMatchRequest {
        game: "presidency".into(),
        ..Default::default()
    }
}

fn with_key(key: &str) -> tonic::Request<pb::CreateMatchRequest> {
    let mut req = tonic::Request::new(create_request());
    req.metadata_mut().insert(
        "authorization",
        format!("Bearer {key}").parse().expect("ascii"),
    );
    req
}

/// Runs the `hustings` CLI with `args`, no server from the environment; (status, stdout,
/// stderr).
async fn cli(args: &[&str]) -> (Option<i32>, String, String) {
    let out = tokio::time::timeout(
        Duration::from_secs(180),
        Command::new(hustings_bin())
            .args(args)
            .env_remove("HUSTINGS_SERVER")
            .env_remove("HUSTINGS_KEY")
            .env_remove("HUSTINGS_CA")
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .kill_on_drop(true)
            .output(),
    )
    .await
    .expect("the CLI finishes")
    .expect("the CLI runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_create_keys_create_match_needs_one_and_seats_need_none() {
    let server = start_server_with(ServerConfig {
        create_keys: vec!["lobby-key".into(), "bots-key".into()],
        ..Default::default()
    })
    .await;
    let url = server.url();
    let mut c = connect(&url).await;

    let e = c.create_match(create_request()).await.expect_err("no key");
    assert_eq!(e.code(), Code::Unauthenticated, "{e:?}");
    assert!(e.message().contains("authorization: Bearer"), "{e:?}");
    let e = c
        .create_match(with_key("guess"))
        .await
        .expect_err("a wrong key");
    assert_eq!(e.code(), Code::Unauthenticated, "{e:?}");
    let listed = c
        .list_matches(pb::ListMatchesRequest::default())
        .await
        .expect("list")
        .into_inner();
    assert!(listed.matches.is_empty(), "a refused create made a match");

    let id = c
        .create_match(with_key("bots-key"))
        .await
        .expect("created with a key")
        .into_inner()
        .summary
        .expect("summary")
        .match_id;
    c.create_match(with_key("lobby-key"))
        .await
        .expect("either key will do");
    // Joining and acting take no key: seat tokens are the only way to act.
    let t0 = join(&mut c, &id, 0, "alice").await;
    join(&mut c, &id, 1, "bob").await;
    let mut stream = hustings::open_stream(&mut c, &id, &t0, 0).await;
    let first = stream.message().await.expect("stream").expect("snapshot");
    if let Some(p) = first.prompt {
        c.act(pb::ActRequest {
            match_id: id.clone(),
            token: t0.clone(),
            version: first.version,
            choice_id: p.choices[0].id.clone(),
            seat: None,
        })
        .await
        .expect("acting needs no create key");
    }

    // The CLI: refused in words without --key, served with it.
    let (code, _, stderr) = cli(&["--server", &url, "create", "presidency"]).await;
    assert_ne!(code, Some(0), "{stderr}");
    assert!(stderr.contains("create key"), "{stderr}");
    assert!(!stderr.contains("seat token"), "{stderr}");
    let (code, stdout, stderr) = cli(&[
        "--server",
        &url,
        "--key",
        "lobby-key",
        "create",
        "presidency",
    ])
    .await;
    assert_eq!(code, Some(0), "{stdout}\n{stderr}");
    assert_eq!(stdout.trim().len(), id.len(), "a match id: {stdout}");
    server.shutdown().await;

    // Without keys CreateMatch stays open, as before.
    let open = start_server().await;
    let mut c = connect(&open.url()).await;
    c.create_match(create_request()).await.expect("open server");
    open.shutdown().await;
}

/// A TLS server with a certificate of `authority`, files in `dir`.
async fn tls_server(authority: &Authority, dir: &Path) -> (RunningServer, CertFiles) {
    let files = authority.write(dir);
    let server = start_server_with(ServerConfig {
        tls: Some(TlsFiles {
            cert: files.cert.clone(),
            key: files.key.clone(),
        }),
        ..Default::default()
    })
    .await;
    (server, files)
}

/// A client of `url` trusting only the authority in `ca`.
async fn tls_client(url: &str, ca: &Path) -> Result<Client, tonic::transport::Error> {
    let endpoint = hustings_proto::endpoint::endpoint(url, Some(ca)).expect("endpoint");
    let channel = endpoint.connect().await?;
    Ok(HustingsClient::new(channel))
}

async fn lists_games(c: &mut Client) -> bool {
    c.list_games(pb::ListGamesRequest {}).await.is_ok()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tls_server_serves_tls_clients_and_refuses_plain_text_cleanly() {
    let dir = temp_dir("tls-plain");
    let (server, files) = tls_server(&Authority::new("Hustings test CA"), &dir).await;
    let url = server.url();
    assert!(url.starts_with("https://"), "{url}");
    let mut c = tls_client(&url, &files.ca).await.expect("TLS connects");
    assert!(lists_games(&mut c).await);

    // A connection that says nothing holds up no one.
    let _silent = tokio::net::TcpStream::connect(server.addr())
        .await
        .expect("tcp");
    let mut c2 = tls_client(&url, &files.ca)
        .await
        .expect("TLS beside a silent one");
    assert!(lists_games(&mut c2).await);

    // A gRPC client in plain text gets an error at once, not a hang.
    let plain = format!("http://{}", server.addr());
    let attempt = tokio::time::timeout(Duration::from_secs(10), async {
        let mut p = HustingsClient::connect(plain.clone()).await?;
        p.list_games(pb::ListGamesRequest {})
            .await
            .map(|_| ())
            .map_err(|s| -> Box<dyn std::error::Error + Send + Sync> { Box::new(s) })?;
        Ok::<(), Box<dyn std::error::Error + Send + Sync>>(())
    })
    .await
    .expect("a plain-text client is answered, not left hanging");
    let err = attempt.expect_err("plain text must be refused");
    eprintln!("plain-text gRPC client: {err}");

    // A browser (or curl) in plain text is told to use https://.
    let mut tcp = tokio::net::TcpStream::connect(server.addr())
        .await
        .expect("tcp");
    tcp.write_all(b"GET / HTTP/1.1\r\nhost: localhost\r\n\r\n")
        .await
        .expect("write");
    let mut answer = String::new();
    tokio::time::timeout(Duration::from_secs(10), tcp.read_to_string(&mut answer))
        .await
        .expect("answered")
        .expect("read");
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    assert!(answer.contains("https://"), "{answer}");

    // The server is unharmed.
    let mut c3 = tls_client(&url, &files.ca)
        .await
        .expect("TLS after plain text");
    assert!(lists_games(&mut c3).await);
    assert!(lists_games(&mut c).await, "the first connection carries on");
    server.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cli_names_the_right_scheme_when_it_talks_plain_text_to_tls_or_back() {
    let dir = temp_dir("tls-scheme");
    let (tls, files) = tls_server(&Authority::new("Hustings test CA"), &dir).await;
    let plain = start_server().await;

    // http:// to the TLS port: told to use https:// (and --ca for a private authority).
    let wrong = format!("http://{}", tls.addr());
    let (code, stdout, stderr) = cli(&["--server", &wrong, "games"]).await;
    assert_eq!(code, Some(1), "{stdout}\n{stderr}");
    let advice = format!(
        "the server at {wrong} answered like a TLS server; use https://{} (and --ca FILE for a private CA)",
        tls.addr()
    );
    assert!(stderr.contains(&advice), "{stderr}");

    // https:// to a plain-text server: told to use http://.
    let wrong = format!("https://{}", plain.addr());
    let (code, stdout, stderr) = cli(&["--server", &wrong, "games"]).await;
    assert_eq!(code, Some(1), "{stdout}\n{stderr}");
    let advice = format!(
        "the server at {wrong} does not speak TLS; use http://{}",
        plain.addr()
    );
    assert!(stderr.contains(&advice), "{stderr}");

    // The right schemes work, and a scheme that is right gets no such advice.
    let ca = files.ca.to_string_lossy().into_owned();
    let (code, stdout, stderr) = cli(&["--server", &tls.url(), "--ca", &ca, "games"]).await;
    assert_eq!(code, Some(0), "{stdout}\n{stderr}");
    let (code, _, stderr) = cli(&["--server", &tls.url(), "games"]).await;
    assert_eq!(code, Some(1), "an unknown authority is refused");
    assert!(!stderr.contains("use http"), "{stderr}");
    let (code, stdout, stderr) = cli(&["--server", &plain.url(), "games"]).await;
    assert_eq!(code, Some(0), "{stdout}\n{stderr}");
    tls.shutdown().await;
    plain.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reloaded_certificate_serves_new_connections_while_open_streams_carry_on() {
    let dir = temp_dir("tls-reload");
    let first = Authority::new("first CA");
    let (server, files) = tls_server(&first, &dir).await;
    let url = server.url();
    let first_ca = dir.join("first-ca.pem");
    std::fs::copy(&files.ca, &first_ca).expect("copy");

    // A match in progress on a connection made with the first certificate.
    let mut c = tls_client(&url, &first_ca).await.expect("TLS connects");
    let id = hustings::create(&mut c, "presidency", "standard", 2, 3).await;
    let tokens = [
        join(&mut c, &id, 0, "alice").await,
        join(&mut c, &id, 1, "bob").await,
    ];
    let mut streams = Vec::new();
    for t in &tokens {
        streams.push(hustings::open_stream(&mut c, &id, t, 0).await);
    }
    let mut snapshots = Vec::new();
    for s in &mut streams {
        snapshots.push(s.message().await.expect("stream").expect("snapshot"));
    }

    // A second authority's certificate replaces the first one on disk, then the reload.
    let second = Authority::new("second CA");
    second.write(&dir);
    server.reload_tls().expect("the new certificate loads");

    let mut fresh = tls_client(&url, &files.ca)
        .await
        .expect("a new connection gets the new certificate");
    assert!(lists_games(&mut fresh).await);
    let old = match tls_client(&url, &first_ca).await {
        Ok(mut c) => lists_games(&mut c).await,
        Err(_) => false,
    };
    assert!(
        !old,
        "a new connection must no longer get the first certificate"
    );

    // The open connection and its streams carry on: a choice on it reaches both streams.
    let (seat, snap) = snapshots
        .iter()
        .enumerate()
        .find(|(_, u)| u.prompt.is_some())
        .expect("a seat to act");
    let choice = snap.prompt.as_ref().expect("prompt").choices[0].id.clone();
    let acted = c
        .act(pb::ActRequest {
            match_id: id.clone(),
            token: tokens[seat].clone(),
            version: snap.version,
            choice_id: choice,
            seat: None,
        })
        .await
        .expect("acting on the old connection")
        .into_inner()
        .version;
    for s in &mut streams {
        let next = tokio::time::timeout(Duration::from_secs(10), async {
            loop {
                let u = s
                    .message()
                    .await
                    .expect("stream healthy")
                    .expect("an update");
                if u.version >= acted {
                    return u.version;
                }
            }
        })
        .await
        .expect("the open stream gets the new version");
        assert_eq!(next, acted);
    }

    // A reload that cannot be used keeps the certificate in use.
    std::fs::write(&files.key, "not a key").expect("write");
    let e = server.reload_tls().expect_err("a broken key");
    assert!(e.to_string().contains("key.pem"), "{e:#}");
    let mut after = tls_client(&url, &files.ca)
        .await
        .expect("still the second certificate");
    assert!(lists_games(&mut after).await);
    server.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cli_and_the_bot_client_play_a_full_match_over_tls() {
    let dir = temp_dir("tls-match");
    let (server, files) = tls_server(&Authority::new("Hustings test CA"), &dir).await;
    let url = server.url();
    let ca = files.ca.to_string_lossy().into_owned();
    // The bot pool fills the bot seat over TLS and stops after that one seat.
    let mut pool = Command::new(bot_bin())
        .args(["--server", &url, "--ca", &ca, "--retries", "30"])
        .args(["pool", "--ai", "random", "--max-seats", "1"])
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("the bot pool starts");
    let choices = dir.join("choices.txt");
    // Numbers in turn (an out-of-range one is asked again), as tests/e2e/cli_play.rs plays.
    std::fs::write(&choices, "2\n1\n2\n3\n".repeat(500)).expect("choices");
    let choices = choices.to_string_lossy().into_owned();
    let (code, stdout, stderr) = cli(&[
        "--server",
        &url,
        "--ca",
        &ca,
        "play",
        "--game",
        "presidency",
        "--seat",
        "0",
        "--bot",
        "1=random",
        "--option",
        "rounds=3",
        "--seed",
        "5",
        "--name",
        "alice",
        "--choices-from",
        &choices,
    ])
    .await;
    assert_eq!(code, Some(0), "{stdout}\n{stderr}");
    let status = tokio::time::timeout(Duration::from_secs(60), pool.wait())
        .await
        .expect("the pool stops after its seat")
        .expect("pool status");
    assert!(status.success(), "the bot pool failed: {status}");

    let mut c = tls_client(&url, &files.ca).await.expect("TLS connects");
    let list = c
        .list_matches(pb::ListMatchesRequest::default())
        .await
        .expect("list")
        .into_inner();
    let summary = list.matches.first().expect("the match").clone();
    let replay = c
        .get_replay(pb::GetReplayRequest {
            match_id: summary.match_id.clone(),
        })
        .await
        .expect("replay")
        .into_inner();
    let outcome = replay
        .summary
        .and_then(|s| s.outcome)
        .expect("the match was played to its end");
    assert!(!outcome.reason.is_empty());
    assert!(
        replay.choices.len() > 10,
        "{} choices",
        replay.choices.len()
    );

    // The same CLI without --ca does not trust the private authority, and says so.
    let (code, _, stderr) = cli(&["--server", &url, "games"]).await;
    assert_ne!(code, Some(0));
    assert!(stderr.contains("TLS"), "{stderr}");
    server.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}

/// A server with the default limits per client, as `hustings-server` runs.
async fn limited_server() -> RunningServer {
    start_server_with(ServerConfig {
        client_limits: Some(ClientLimits::default()),
        ..Default::default()
    })
    .await
}

/// A client of `url` whose connections come from `source` (loopback has every 127.x.y.z).
async fn client_from(url: &str, source: [u8; 4]) -> Client {
    let channel = tonic::transport::Endpoint::from_shared(url.to_string())
        .expect("url")
        .local_address(Some(source.into()))
        .connect()
        .await
        .expect("connects");
    HustingsClient::new(channel)
}

/// On a server with create keys, each key is a client of its own, wherever it calls from.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_key_has_its_own_budget_from_an_exhausted_address() {
    let server = start_server_with(ServerConfig {
        client_limits: Some(ClientLimits::default()),
        create_keys: vec!["operator-1".into()],
        ..Default::default()
    })
    .await;
    let url = server.url();
    let burst = ClientLimits::default().create.burst as usize;
    let mut c = client_from(&url, [127, 0, 0, 1]).await;
    // Unkeyed calls spend the address's tokens even though each is refused for its key.
    for _ in 0..burst {
        let e = c.create_match(create_request()).await.expect_err("no key");
        assert_eq!(e.code(), Code::Unauthenticated, "{e:?}");
    }
    let e = c.create_match(create_request()).await.expect_err("spent");
    assert_eq!(e.code(), Code::ResourceExhausted, "{e:?}");
    let e = c
        .create_match(with_key("made-up"))
        .await
        .expect_err("a made-up key counts as the address");
    assert_eq!(e.code(), Code::ResourceExhausted, "{e:?}");
    c.create_match(with_key("operator-1"))
        .await
        .expect("the server's key has its own budget");
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_create_match_from_one_address_is_limited_while_another_is_served() {
    use tonic_types::StatusExt;
    let server = limited_server().await;
    let url = server.url();
    let burst = ClientLimits::default().create.burst as usize;
    let c = client_from(&url, [127, 0, 0, 1]).await;
    let started = std::time::Instant::now();
    let calls = (0..1_000).map(|_| {
        let mut c = c.clone();
        async move { c.create_match(create_request()).await }
    });
    let results: Vec<_> = futures::stream::iter(calls)
        .buffer_unordered(32)
        .collect()
        .await;
    let elapsed = started.elapsed().as_secs_f64();
    let served = results.iter().filter(|r| r.is_ok()).count();
    let refused: Vec<&tonic::Status> = results.iter().filter_map(|r| r.as_ref().err()).collect();
    // The burst, and what the bucket refilled meanwhile.
    let allowed = burst + (elapsed * ClientLimits::default().create.per_second).ceil() as usize;
    assert!(
        served >= burst && served <= allowed,
        "{served} served of 1,000 in {elapsed:.1} s (burst {burst}, at most {allowed})"
    );
    assert_eq!(served + refused.len(), 1_000);
    for s in &refused {
        assert_eq!(s.code(), Code::ResourceExhausted, "{s:?}");
        let delay = s
            .get_details_retry_info()
            .and_then(|r| r.retry_delay)
            .expect("a retry-after hint in the details");
        assert!(
            delay > Duration::ZERO && delay <= Duration::from_secs(1),
            "{delay:?}"
        );
    }
    assert!(
        refused[0].message().contains("CreateMatch"),
        "{}",
        refused[0].message()
    );

    // Another address has a bucket of its own.
    let mut other = client_from(&url, [127, 0, 0, 2]).await;
    other
        .create_match(create_request())
        .await
        .expect("a second address is served");
    // A key the server does not know buys no budget of its own: a made-up one per call
    // would otherwise lift the limit.
    let mut made_up = client_from(&url, [127, 0, 0, 1]).await;
    let e = made_up
        .create_match(with_key("made-up"))
        .await
        .expect_err("a made-up key counts as its address");
    assert_eq!(e.code(), Code::ResourceExhausted, "{e:?}");
    // Other methods are not held to CreateMatch's bucket.
    let mut first = client_from(&url, [127, 0, 0, 1]).await;
    assert!(lists_games(&mut first).await);
    server.shutdown().await;
}

/// Opens `n` lobby streams on `c`; each waits at most `wait` for the server to answer.
/// Returns the streams opened and the refusals.
async fn open_lobby_streams(
    c: &Client,
    n: usize,
    wait: Duration,
) -> (Vec<tonic::Streaming<pb::LobbyEvent>>, Vec<tonic::Status>) {
    let calls = (0..n).map(|_| {
        let mut c = c.clone();
        async move {
            tokio::time::timeout(wait, c.watch_lobby(pb::WatchLobbyRequest::default()))
                .await
                .ok()
        }
    });
    let results: Vec<_> = futures::future::join_all(calls).await;
    let mut open = Vec::new();
    let mut refused = Vec::new();
    for r in results.into_iter().flatten() {
        match r {
            Ok(s) => open.push(s.into_inner()),
            Err(s) => refused.push(s),
        }
    }
    (open, refused)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_opening_ten_thousand_streams_is_capped() {
    let server = limited_server().await;
    let url = server.url();
    let per_connection = hustings_service::Limits::default().max_streams_per_connection as usize;
    let per_client = ClientLimits::default().streams;

    // One connection asks for 10,000 streams: it gets as many as HTTP/2 lets it hold; the
    // others wait (here: until the test gives up on them).
    let mut c = client_from(&url, [127, 0, 0, 1]).await;
    // One call first, so the client has the server's SETTINGS (its stream limit).
    assert!(lists_games(&mut c).await);
    let (open, refused) = open_lobby_streams(&c, 10_000, Duration::from_secs(5)).await;
    assert_eq!(open.len(), per_connection, "{} refused", refused.len());
    assert!(refused.is_empty(), "{:?}", refused.first());
    drop(open);
    // The server hears of the streams' end.
    tokio::time::sleep(Duration::from_secs(1)).await;

    // Over several connections one address gets at most its share; the rest are refused
    // with RESOURCE_EXHAUSTED, while another address is served.
    let mut held = Vec::new();
    let mut refusals = Vec::new();
    for _ in 0..3 {
        let mut c = client_from(&url, [127, 0, 0, 1]).await;
        assert!(lists_games(&mut c).await);
        let (open, refused) = open_lobby_streams(&c, 200, Duration::from_secs(10)).await;
        held.extend(open);
        refusals.extend(refused);
    }
    assert_eq!(held.len(), per_client, "{} refused", refusals.len());
    assert_eq!(refusals.len(), 600 - per_client);
    assert!(
        refusals.iter().all(|s| s.code() == Code::ResourceExhausted),
        "{:?}",
        refusals.first()
    );
    let other = client_from(&url, [127, 0, 0, 2]).await;
    let (open, refused) = open_lobby_streams(&other, 10, Duration::from_secs(10)).await;
    assert_eq!((open.len(), refused.len()), (10, 0));
    // A stream that ends gives its place back.
    held.truncate(per_client - 5);
    let again = client_from(&url, [127, 0, 0, 1]).await;
    let mut back = None;
    for _ in 0..50 {
        let (open, _) = open_lobby_streams(&again, 5, Duration::from_secs(5)).await;
        if open.len() == 5 {
            back = Some(open);
            break;
        }
        drop(open);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(back.is_some(), "closed streams are given back");
    server.shutdown().await;
}
