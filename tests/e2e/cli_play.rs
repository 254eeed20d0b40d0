//! End-to-end tests of the `hustings` CLI: the real binary against a real server on
//! 127.0.0.1:0, with a gRPC client in the test playing the other seat.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::Stdio;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use hustings::cli_bin::hustings_bin;
use hustings::{Client, connect as client, start_server as server};
use hustings_proto::v1::{
    ActRequest, ClientKind, CreateMatchRequest, GetReplayRequest, JoinMatchRequest, MatchUpdate,
    Outcome, Replay, WatchMatchRequest,
};
use hustings_service::RunningServer;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::process::Command;
use tokio::sync::watch;
use tokio::task::{AbortHandle, JoinHandle};
use tonic::Streaming;

/// Longest a whole test may take before it counts as hung.
const LIMIT: Duration = Duration::from_secs(180);

async fn create_match(c: &mut Client, game: &str, seed: u64) -> String {
    c.create_match(CreateMatchRequest {
        game: game.into(),
        seed: Some(seed),
        // No claim-win over an absent seat: on a loaded machine the CLI may join seat 0
        // later than a grace period after the opponent, who would then win by its absence.
        abandon_grace_ms: Some(0),
        ..Default::default()
    })
    .await
    .expect("match created")
    .into_inner()
    .summary
    .expect("summary")
    .match_id
}

/// Plays `seat` to the end with a fixed rule (the choice at the version's index, modulo
/// the number of choices), reporting each version it sees; returns the outcome.
async fn opponent(
    url: String,
    match_id: String,
    seat: u32,
    versions: watch::Sender<u64>,
) -> Outcome {
    let mut c = client(&url).await;
    let token = join_as_opponent(&mut c, &match_id, seat).await;
    play_seat(url, match_id, token, versions).await
}

/// Takes `seat` of `match_id` as the test's opponent (a bot named `test-opponent`); returns
/// its token.
async fn join_as_opponent(c: &mut Client, match_id: &str, seat: u32) -> String {
    c.join_match(JoinMatchRequest {
        match_id: match_id.to_string(),
        seat: Some(seat),
        display_name: "test-opponent".into(),
        client_kind: ClientKind::Bot as i32,
    })
    .await
    .expect("opponent joins")
    .into_inner()
    .token
}

/// A client of its own for the seat of `token`, and that seat's stream of `match_id` from the
/// start.
async fn watch_seat(url: &str, match_id: &str, token: &str) -> (Client, Streaming<MatchUpdate>) {
    let mut c = client(url).await;
    let stream = c
        .watch_match(WatchMatchRequest {
            match_id: match_id.to_string(),
            token: token.to_string(),
            from_version: 0,
            include_json_view: false,
            seat: None,
        })
        .await
        .expect("opponent watches")
        .into_inner();
    (c, stream)
}

/// Makes `choice` at `version`; only a stale version (the CLI acted first) may be refused.
async fn act(c: &mut Client, match_id: &str, token: &str, version: u64, choice: &str) {
    let res = c
        .act(ActRequest {
            match_id: match_id.to_string(),
            token: token.to_string(),
            version,
            choice_id: choice.to_string(),
            seat: None,
        })
        .await;
    if let Err(s) = res {
        assert_eq!(
            s.code(),
            tonic::Code::Aborted,
            "opponent's act refused: {s}"
        );
    }
}

/// The test's [`opponent`] playing seat 1 of `match_id` in the background, and the versions it
/// sees.
fn spawn_opponent(url: &str, match_id: &str) -> (JoinHandle<Outcome>, watch::Receiver<u64>) {
    let (tx, rx) = watch::channel(0);
    let opp = tokio::spawn(opponent(url.to_string(), match_id.to_string(), 1, tx));
    (opp, rx)
}

/// A server with one match, seat 1 of which the test's [`opponent`] plays in the background.
struct Against {
    srv: RunningServer,
    url: String,
    /// The test's own client.
    c: Client,
    match_id: String,
    opp: JoinHandle<Outcome>,
    /// The versions the opponent has seen.
    versions: watch::Receiver<u64>,
}

/// Starts a server, creates a match of `game` from `seed` and sets the opponent on seat 1.
async fn against_opponent(game: &str, seed: u64) -> Against {
    let srv = server().await;
    let url = srv.url();
    let mut c = client(&url).await;
    let match_id = create_match(&mut c, game, seed).await;
    let (opp, versions) = spawn_opponent(&url, &match_id);
    Against {
        srv,
        url,
        c,
        match_id,
        opp,
        versions,
    }
}

/// The CLI takes seat 0 of a match of `game` against the opponent, types `first` (lines) at
/// its first prompts, then resigns (and confirms); returns the CLI's run and the outcome
/// the opponent saw.
async fn answer_then_resign(game: &str, seed: u64, first: &str) -> (Run, Outcome) {
    let t = against_opponent(game, seed).await;
    let run = play_cli(
        &t.url,
        &t.match_id,
        &["--seat", "0"],
        Choices::Stdin(format!("{first}resign\nyes\n")),
    )
    .await;
    let outcome = t.opp.await.expect("opponent finished");
    t.srv.shutdown().await;
    (run, outcome)
}

/// Plays the seat of `token` to the end, as [`opponent`] does.
async fn play_seat(
    url: String,
    match_id: String,
    token: String,
    versions: watch::Sender<u64>,
) -> Outcome {
    let (mut c, mut stream) = watch_seat(&url, &match_id, &token).await;
    while let Some(u) = stream.message().await.expect("opponent's stream") {
        let _ = versions.send(u.version);
        if let Some(o) = u.outcome {
            return o;
        }
        if let Some(p) = u.prompt {
            let i = u.version as usize % p.choices.len();
            act(&mut c, &match_id, &token, u.version, &p.choices[i].id).await;
        }
    }
    panic!("the opponent's stream ended before the outcome");
}

/// The choices the CLI's seat reads: a bad number first (it must be asked again), then a
/// mix of valid and out-of-range numbers, far more than a match needs.
fn script() -> String {
    let mut s = String::from("9\n");
    for _ in 0..200 {
        s += "2\n1\n2\n3\n";
    }
    s
}

fn temp_file(name: &str, contents: &str) -> PathBuf {
    // Numbered as well: tests run side by side in one process, and two of them asking for
    // the same name (the three `*_fits_a_100_by_30_terminal`) once wrote their CLIs' output
    // into one file and removed it under each other.
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("hustings-{}-{n}-{name}", std::process::id()));
    std::fs::write(&path, contents).expect("temp file written");
    path
}

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs the CLI to its end, feeding `stdin` when given.
async fn run_cli(args: &[&str], stdin: Option<String>) -> Run {
    run_cli_sized(args, stdin, None).await
}

/// [`run_cli`] with `COLUMNS` × `LINES` set to `size` (the piped client draws for that
/// window), or both removed so the client draws its default 120×40.
async fn run_cli_sized(args: &[&str], stdin: Option<String>, size: Option<(usize, usize)>) -> Run {
    let mut cmd = Command::new(hustings_bin());
    match size {
        Some((columns, lines)) => cmd
            .env("COLUMNS", columns.to_string())
            .env("LINES", lines.to_string()),
        None => cmd.env_remove("COLUMNS").env_remove("LINES"),
    };
    cmd.args(args)
        .env_remove("HUSTINGS_SERVER")
        .env("NO_COLOR", "1")
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    let mut child = cmd.spawn().expect("the CLI starts");
    if let (Some(text), Some(mut pipe)) = (stdin, child.stdin.take()) {
        tokio::spawn(async move {
            let _ = pipe.write_all(text.as_bytes()).await;
        });
    }
    let out = child.wait_with_output().await.expect("the CLI runs");
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// [`run_cli_sized`] that, should the CLI not end within `limit`, kills it and fails with
/// the end of what it printed (so a stuck session says where it stuck).
async fn run_cli_or_show(
    args: &[&str],
    stdin: String,
    size: (usize, usize),
    limit: Duration,
) -> Run {
    let out_path = temp_file("sized-out", "");
    let out = std::fs::File::create(&out_path).expect("output file");
    let err = out.try_clone().expect("output file");
    let mut child = Command::new(hustings_bin())
        .args(args)
        .env("COLUMNS", size.0.to_string())
        .env("LINES", size.1.to_string())
        .env_remove("HUSTINGS_SERVER")
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(out)
        .stderr(err)
        .kill_on_drop(true)
        .spawn()
        .expect("the CLI starts");
    if let Some(mut pipe) = child.stdin.take() {
        tokio::spawn(async move {
            let _ = pipe.write_all(stdin.as_bytes()).await;
        });
    }
    let status = tokio::time::timeout(limit, child.wait()).await;
    let text = std::fs::read_to_string(&out_path).unwrap_or_default();
    let _ = std::fs::remove_file(&out_path);
    let Ok(status) = status else {
        let _ = child.kill().await;
        let tail: String = text
            .chars()
            .rev()
            .take(4000)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        panic!("the CLI did not end within {limit:?}; it printed, last:\n{tail}");
    };
    Run {
        code: status.expect("the CLI ran").code(),
        stdout: text,
        stderr: String::new(),
    }
}

/// Where the CLI's seat reads its choices.
enum Choices {
    /// Standard input, fed this text.
    Stdin(String),
    /// A temporary file of this name holding this text, removed afterwards.
    File(&'static str, String),
}

/// Runs `hustings --server <server> play --match <match_id>`, then `args` (seat or token,
/// name…), then `--choices-from` as `choices` says, to its end.
async fn play_cli(server: &str, match_id: &str, args: &[&str], choices: Choices) -> Run {
    let mut all = vec!["--server", server, "play", "--match", match_id];
    all.extend_from_slice(args);
    all.push("--choices-from");
    match choices {
        Choices::Stdin(text) => {
            all.push("-");
            run_cli(&all, Some(text)).await
        }
        Choices::File(name, text) => {
            let path = temp_file(name, &text);
            let arg = path.to_string_lossy().into_owned();
            all.push(&arg);
            let run = run_cli(&all, None).await;
            let _ = std::fs::remove_file(&path);
            run
        }
    }
}

async fn replay(c: &mut Client, match_id: &str) -> Replay {
    c.get_replay(GetReplayRequest {
        match_id: match_id.to_string(),
    })
    .await
    .expect("replay of a finished match")
    .into_inner()
}

/// The line the CLI prints for an outcome, from the seat names of the replay.
fn winner_line(o: &Outcome, r: &Replay) -> String {
    let seats = r
        .summary
        .as_ref()
        .map(|s| s.seats.clone())
        .unwrap_or_default();
    let names: Vec<String> = o
        .winners
        .iter()
        .map(|&w| {
            seats
                .iter()
                .find(|s| s.seat == w)
                .map(|s| s.name.clone())
                .unwrap_or_default()
        })
        .collect();
    if o.draw || names.is_empty() {
        "No seat wins.".to_string()
    } else {
        format!("Winner: {}", names.join(", "))
    }
}

fn assert_played_to_the_end(run: &Run, outcome: &Outcome, r: &Replay) {
    assert_eq!(
        run.code,
        Some(0),
        "the CLI failed\nstdout:\n{}\nstderr:\n{}",
        run.stdout,
        run.stderr
    );
    let out = &run.stdout;
    assert!(out.contains("The match is over."), "no outcome:\n{out}");
    assert!(
        out.contains(&winner_line(outcome, r)),
        "wrong winner:\n{out}"
    );
    if !outcome.reason.is_empty() {
        assert!(out.contains(&outcome.reason), "no reason:\n{out}");
    }
    // The board was drawn, with the track, the scoreboard and the decks.
    assert!(out.contains("THE PRESIDENTIAL RACE"), "no board:\n{out}");
    assert!(out.contains("Undecided:"), "no scoreboard:\n{out}");
    assert!(out.contains("Decks: Campaign"), "no decks:\n{out}");
    assert!(out.contains("debate +"), "no candidates:\n{out}");
    assert_screens_fit(out);
    // The final board's header says the match is over and why.
    assert!(
        out.contains(&format!("· THE MATCH IS OVER: {}", outcome.reason)),
        "no final header:\n{out}"
    );
    // What the other side did, and the wait for it.
    assert!(
        out.contains("Republican chose:"),
        "opponent's moves not shown:\n{out}"
    );
    assert!(
        out.contains("waiting for Republican…"),
        "no waiting line:\n{out}"
    );
    // The out-of-range first answer was refused locally and asked again.
    assert!(
        out.contains("9 is not a choice: type a number from 1 to"),
        "bad number not re-asked:\n{out}"
    );
    // The CLI's seat really played.
    let mine: Vec<_> = r.choices.iter().filter(|c| c.seat == 0).collect();
    assert!(
        !mine.is_empty(),
        "no choice by the CLI's seat in the replay"
    );
}

/// Every screen the CLI drew — from its header line to the `> ` under the prompt — fits a
/// 120×40 terminal, and there was at least one.
fn assert_screens_fit(out: &str) {
    assert_screens_fit_in(out, 120, 40);
}

/// Every screen the CLI drew — from its header line to the `> ` under the prompt — fits a
/// `width` × `height` terminal, and there was at least one.
fn assert_screens_fit_in(out: &str, width: usize, height: usize) {
    let mut screens = 0;
    for (start, _) in out.match_indices("──── match") {
        let Some(end) = out[start..].find("\n> ") else {
            continue;
        };
        let screen = &out[start..start + end + 3];
        // Only whole screens: a header followed by another before the prompt is a board
        // printed for a spectator or at the end.
        if screen["──── match".len()..].contains("──── match") {
            continue;
        }
        screens += 1;
        let lines: Vec<&str> = screen.lines().collect();
        assert!(lines.len() <= height, "{} lines:\n{screen}", lines.len());
        for l in &lines {
            assert!(l.chars().count() <= width, "too wide: {l}");
        }
    }
    assert!(screens > 0, "no screen with a prompt:\n{out}");
}

/// A board the CLI drew mid-game, with the prompt under it, for docs/playing/terminal.md.
fn sample_board(out: &str) -> Option<String> {
    let starts: Vec<usize> = out.match_indices("──── match").map(|(i, _)| i).collect();
    let start = *starts.get(starts.len() / 2)?;
    let end = out[start..].find("\n> ")? + start;
    Some(out[start..end].trim_end().to_string() + "\n> ")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cli_plays_a_presidential_race_to_its_outcome() {
    tokio::time::timeout(LIMIT, async {
        let Against {
            srv,
            url,
            mut c,
            match_id,
            opp,
            ..
        } = against_opponent("presidency", 2024).await;

        let run = play_cli(
            &url,
            &match_id,
            &["--seat", "0", "--name", "cli"],
            Choices::File("choices.txt", script()),
        )
        .await;
        let outcome = opp.await.expect("opponent finished");
        let r = replay(&mut c, &match_id).await;
        assert_played_to_the_end(&run, &outcome, &r);
        // The first prompt of the Democrat is the dice: the script's "2" rolled two dice.
        let first = r.choices.iter().find(|c| c.seat == 0).expect("a choice");
        assert_eq!(first.choice_id, "dice:2d6");
        assert!(run.stdout.contains("You hold seat 0 (Democrat)"));
        assert!(
            run.stdout.contains("--token"),
            "the token is not shown:\n{}",
            run.stdout
        );

        if let Ok(path) = std::env::var("HUSTINGS_BOARD_SAMPLE") {
            let board = sample_board(&run.stdout).expect("a board with a prompt");
            std::fs::write(path, board + "\n").expect("sample written");
        }

        // The finished match replays choice by choice with labels and the same winner.
        let rep = run_cli(&["--server", &url, "replay", &match_id, "--all"], None).await;
        assert_eq!(rep.code, Some(0), "replay failed: {}", rep.stderr);
        assert!(rep.stdout.contains(&format!("{} choices", r.choices.len())));
        // Every choice, the first included, comes with its label and its own log entries.
        assert!(rep.stdout.contains("\nSet-up"), "{}", rep.stdout);
        let seat_names = ["Democrat", "Republican"];
        for c in &r.choices {
            let head = format!("v{} {}: ", c.version, seat_names[c.seat as usize]);
            let tail = format!("[{}]", c.choice_id);
            let labelled = rep.stdout.lines().any(|l| {
                l.starts_with(&head) && l.ends_with(&tail) && l.len() > head.len() + tail.len()
            });
            assert!(labelled, "no labelled line for {c:?}:\n{}", rep.stdout);
        }
        assert!(
            rep.stdout.contains(&winner_line(&outcome, &r)),
            "{}",
            rep.stdout
        );

        // A spectator of the finished match sees the final board and the result.
        let w = run_cli(&["--server", &url, "watch", &match_id], None).await;
        assert_eq!(w.code, Some(0), "watch failed: {}", w.stderr);
        assert!(w.stdout.contains("watching as a spectator"));
        assert!(w.stdout.contains(&winner_line(&outcome, &r)));
        srv.shutdown().await;
    })
    .await
    .expect("the test finished in time");
}

/// A TCP proxy between the CLI and the server that the test can cut.
struct Proxy {
    addr: SocketAddr,
    blocked: Arc<AtomicBool>,
    conns: Arc<Mutex<Vec<AbortHandle>>>,
}

impl Proxy {
    async fn start(upstream: SocketAddr) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("proxy binds");
        let addr = listener.local_addr().expect("proxy address");
        let blocked = Arc::new(AtomicBool::new(false));
        let conns: Arc<Mutex<Vec<AbortHandle>>> = Arc::default();
        let (b, cs) = (blocked.clone(), conns.clone());
        tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                if b.load(Ordering::SeqCst) {
                    drop(inbound); // the server is "unreachable"
                    continue;
                }
                let task = tokio::spawn(async move {
                    if let Ok(mut out) = TcpStream::connect(upstream).await {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut out).await;
                    }
                });
                cs.lock().expect("lock").push(task.abort_handle());
            }
        });
        Proxy {
            addr,
            blocked,
            conns,
        }
    }

    /// Closes every connection and refuses new ones until [`Proxy::restore`].
    fn cut(&self) {
        self.blocked.store(true, Ordering::SeqCst);
        for c in self.conns.lock().expect("lock").drain(..) {
            c.abort();
        }
    }

    fn restore(&self) {
        self.blocked.store(false, Ordering::SeqCst);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cli_resumes_after_the_connection_is_cut_mid_game() {
    tokio::time::timeout(LIMIT, async {
        let Against {
            srv,
            url: _,
            mut c,
            match_id,
            opp,
            mut versions,
        } = against_opponent("presidency", 77).await;
        let proxy = Proxy::start(srv.addr()).await;
        let proxy_url = format!("http://{}", proxy.addr);

        // The CLI plays through the proxy, reading its choices from standard input.
        let cli = tokio::spawn({
            let (proxy_url, match_id) = (proxy_url.clone(), match_id.clone());
            async move {
                play_cli(
                    &proxy_url,
                    &match_id,
                    &["--seat", "0"],
                    Choices::Stdin(script()),
                )
                .await
            }
        });

        // Mid-game, cut the line for a second and a half.
        let cut_at = 6;
        versions
            .wait_for(|&v| v >= cut_at)
            .await
            .expect("the match reaches the cut");
        proxy.cut();
        tokio::time::sleep(Duration::from_millis(1500)).await;
        proxy.restore();

        let run = cli.await.expect("CLI task");
        let outcome = opp.await.expect("opponent finished");
        let r = replay(&mut c, &match_id).await;
        assert_played_to_the_end(&run, &outcome, &r);
        assert!(
            run.stdout.contains("Connection lost"),
            "no drop seen:\n{}",
            run.stdout
        );
        assert!(
            run.stdout.contains("Reconnected"),
            "no reconnection:\n{}",
            run.stdout
        );
        // The CLI's seat kept playing after the cut.
        assert!(
            r.choices
                .iter()
                .any(|c| c.seat == 0 && c.version > cut_at + 1),
            "no choice by the CLI after the cut: {:?}",
            r.choices
        );
        srv.shutdown().await;
    })
    .await
    .expect("the test finished in time");
}

/// A URL nothing listens on (a port just freed).
fn dead_url() -> String {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port");
    format!("http://127.0.0.1:{port}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cli_given_several_nodes_passes_a_dead_one_and_moves_on_when_its_node_goes() {
    tokio::time::timeout(LIMIT, async {
        let Against {
            srv,
            url,
            mut c,
            match_id,
            opp,
            mut versions,
        } = against_opponent("presidency", 78).await;
        // Two "nodes" of one server, each behind a proxy the test can cut, after a URL
        // where nothing listens.
        let (first, second) = (
            Proxy::start(srv.addr()).await,
            Proxy::start(srv.addr()).await,
        );
        let (dead, a, b) = (
            dead_url(),
            format!("http://{}", first.addr),
            format!("http://{}", second.addr),
        );

        // The lobby commands pass over the dead URL (comma-separated, or the flag repeated).
        let games = run_cli(&["--server", &format!("{dead},{a}"), "games"], None).await;
        assert_eq!(games.code, Some(0), "{}", games.stderr);
        assert!(games.stdout.contains("presidency"), "{}", games.stdout);
        let listed = run_cli(&["--server", &dead, "--server", &url, "list"], None).await;
        assert_eq!(listed.code, Some(0), "{}", listed.stderr);
        assert!(listed.stdout.contains(&match_id), "{}", listed.stdout);

        // The CLI plays through A, the first node that answers; mid-game A goes for good.
        let servers = format!("{dead},{a},{b}");
        let cli = tokio::spawn({
            let (servers, match_id) = (servers.clone(), match_id.clone());
            async move {
                play_cli(
                    &servers,
                    &match_id,
                    &["--seat", "0"],
                    Choices::Stdin(script()),
                )
                .await
            }
        });
        let cut_at = 6;
        versions
            .wait_for(|&v| v >= cut_at)
            .await
            .expect("the match reaches the cut");
        first.cut();

        let run = cli.await.expect("CLI task");
        let outcome = opp.await.expect("opponent finished");
        let r = replay(&mut c, &match_id).await;
        assert_played_to_the_end(&run, &outcome, &r);
        // It says which node it lost and where it went: B (or the dead URL first, then B).
        assert!(
            run.stdout.contains(&format!("Lost node {a} (")),
            "the lost node is not named:\n{}",
            run.stdout
        );
        assert!(
            run.stdout.contains(&format!("Reconnected to {b}")),
            "no reconnection to the next node:\n{}",
            run.stdout
        );
        // Resuming the seat later names every node.
        assert!(
            run.stdout
                .contains(&format!("--server {servers} play --match")),
            "{}",
            run.stdout
        );
        assert!(
            r.choices
                .iter()
                .any(|c| c.seat == 0 && c.version > cut_at + 1),
            "no choice by the CLI after its node went: {:?}",
            r.choices
        );
        srv.shutdown().await;
    })
    .await
    .expect("the test finished in time");
}

/// Waits until `text` shows `needle`, polling the output collected so far.
async fn wait_for_output(text: &Arc<Mutex<String>>, needle: &str) {
    loop {
        if text.lock().expect("lock").contains(needle) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ctrl_c_leaves_cleanly_and_the_token_resumes_the_seat() {
    tokio::time::timeout(LIMIT, async {
        let Against {
            srv,
            url,
            mut c,
            match_id,
            opp,
            ..
        } = against_opponent("presidency", 5).await;

        // A person at the first prompt, with nothing typed yet, presses Ctrl-C.
        let cli = spawn_cli(&[
            "--server", &url, "play", "--match", &match_id, "--seat", "0",
        ]);
        let (mut child, text) = (cli.child, cli.text);
        // Hold standard input open: `wait` would close it, racing the interrupt with an EOF.
        let _stdin = child.stdin.take();
        wait_for_output(&text, "\n> ").await;
        let pid = child.id().expect("running");
        let kill = std::process::Command::new("sh")
            .args(["-c", &format!("kill -INT {pid}")])
            .status()
            .expect("kill runs");
        assert!(kill.success());
        let status = child.wait().await.expect("the CLI exits");
        cli.reader.await.expect("reader");
        let out = text.lock().expect("lock").clone();
        assert_eq!(status.code(), Some(130), "output:\n{out}");
        assert!(out.contains("your seat is kept"), "{out}");

        // The printed command takes the seat back and plays on to the end.
        let resume = out
            .lines()
            .find(|l| l.trim_start().starts_with("hustings") && l.contains("--token"))
            .expect("a resume command");
        let token = resume
            .split_whitespace()
            .skip_while(|w| *w != "--token")
            .nth(1)
            .expect("the token");
        assert!(resume.contains(&format!("play --match {match_id} --token {token}")));
        let run = play_cli(
            &url,
            &match_id,
            &["--token", token],
            Choices::File("resume.txt", script()),
        )
        .await;
        let outcome = opp.await.expect("opponent finished");
        let r = replay(&mut c, &match_id).await;
        assert_played_to_the_end(&run, &outcome, &r);
        srv.shutdown().await;
    })
    .await
    .expect("the test finished in time");
}

/// A CLI running in the background whose output can be read while it runs.
struct Running {
    child: tokio::process::Child,
    text: Arc<Mutex<String>>,
    reader: tokio::task::JoinHandle<()>,
}

fn spawn_cli(args: &[&str]) -> Running {
    use tokio::io::AsyncReadExt;
    let mut child = Command::new(hustings_bin())
        .args(args)
        .env_remove("HUSTINGS_SERVER")
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .kill_on_drop(true)
        .spawn()
        .expect("the CLI starts");
    let mut stdout = child.stdout.take().expect("stdout");
    let text: Arc<Mutex<String>> = Arc::default();
    let reader = tokio::spawn({
        let text = text.clone();
        async move {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stdout.read(&mut buf).await {
                if n == 0 {
                    break;
                }
                text.lock()
                    .expect("lock")
                    .push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        }
    });
    Running {
        child,
        text,
        reader,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_game_creates_a_match_that_the_lobby_commands_see() {
    tokio::time::timeout(LIMIT, async {
        let srv = server().await;
        let url = srv.url();

        let games = run_cli(&["--server", &url, "games"], None).await;
        assert_eq!(games.code, Some(0), "{}", games.stderr);
        assert!(games.stdout.contains("presidency"), "{}", games.stdout);
        assert!(
            games.stdout.contains("seats: 0=Democrat, 1=Republican"),
            "{}",
            games.stdout
        );
        assert!(
            games.stdout.contains("Options (--option KEY=VALUE):"),
            "{}",
            games.stdout
        );

        // `play --game` creates the match, takes a seat and says how others join.
        let choices = temp_file("create.txt", &script());
        let choices_arg = choices.to_string_lossy().into_owned();
        let mut cli = spawn_cli(&[
            "--server",
            &url,
            "play",
            "--game",
            "presidency",
            "--option",
            "rounds=3",
            "--seed",
            "3",
            "--name",
            "carol",
            "--choices-from",
            &choices_arg,
        ]);
        wait_for_output(&cli.text, "Others join with:").await;
        wait_for_output(&cli.text, "Waiting for players to join: Republican").await;
        let out = cli.text.lock().expect("lock").clone();
        let match_id = out
            .split_whitespace()
            .skip_while(|w| *w != "--match")
            .nth(1)
            .expect("a match id")
            .to_string();

        // The lobby lists it as waiting, with the CLI's player seated and one seat open.
        let list = run_cli(&["--server", &url, "list", "--status", "waiting"], None).await;
        assert_eq!(list.code, Some(0), "{}", list.stderr);
        let line = list
            .stdout
            .lines()
            .find(|l| l.starts_with(&match_id))
            .unwrap_or_else(|| panic!("{match_id} not listed:\n{}", list.stdout));
        assert!(line.contains("presidency/standard  waiting  v0"), "{line}");
        assert!(
            line.contains("Democrat (carol)  Republican (open)"),
            "{line}"
        );

        // `join` prints the token alone on stdout; the test plays that seat with it.
        let join = run_cli(&["--server", &url, "join", &match_id, "--seat", "1"], None).await;
        assert_eq!(join.code, Some(0), "{}", join.stderr);
        let token = join.stdout.trim().to_string();
        assert_eq!(token.len(), 32, "a 128-bit hex token: {token:?}");
        assert!(
            join.stderr.contains("seat 1 (Republican)"),
            "{}",
            join.stderr
        );
        let (tx, _rx) = watch::channel(0);
        let outcome = play_seat(url.clone(), match_id.clone(), token, tx).await;

        let status = cli.child.wait().await.expect("the CLI exits");
        cli.reader.await.expect("reader");
        let _ = std::fs::remove_file(&choices);
        let out = cli.text.lock().expect("lock").clone();
        assert_eq!(status.code(), Some(0), "{out}");
        let mut c = client(&url).await;
        let r = replay(&mut c, &match_id).await;
        assert!(out.contains(&winner_line(&outcome, &r)), "{out}");
        assert_eq!(
            r.summary.as_ref().map(|s| s.options.get("rounds").cloned()),
            Some(Some("3".to_string()))
        );

        // Replay steps on Enter and stops at q.
        let rep = run_cli(
            &["--server", &url, "replay", &match_id],
            Some("\n\nq\n".into()),
        )
        .await;
        assert_eq!(rep.code, Some(0), "{}", rep.stderr);
        assert!(rep.stdout.contains("\nv1 "), "{}", rep.stdout);
        assert!(rep.stdout.contains("\nv2 "), "{}", rep.stdout);
        assert!(!rep.stdout.contains("\nv3 "), "{}", rep.stdout);
        srv.shutdown().await;
    })
    .await
    .expect("the test finished in time");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resigning_at_the_prompt_ends_the_match_for_the_other_side() {
    tokio::time::timeout(LIMIT, async {
        // Declined once, then confirmed.
        let (run, outcome) = answer_then_resign("presidency", 8, "resign\nnot really\n").await;
        let asked = "Resign the match? Every other seat wins. Type yes to confirm.";
        assert_eq!(run.stdout.matches(asked).count(), 2, "{}", run.stdout);
        assert!(run.stdout.contains("Not resigned."), "{}", run.stdout);
        assert!(outcome.resigned, "{outcome:?}");
        assert_eq!(outcome.winners, vec![1]);
        assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
        assert!(run.stdout.contains("You resigned."), "{}", run.stdout);
        assert!(run.stdout.contains("Winner: Republican"), "{}", run.stdout);
        assert!(
            run.stdout.contains("(ended by resignation)"),
            "{}",
            run.stdout
        );
        assert!(run.stdout.contains("You lost."), "{}", run.stdout);
    })
    .await
    .expect("the test finished in time");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cli_draws_the_votes_for_women_map_and_the_seats_own_hand() {
    use hustings_engine::Game;
    use hustings_engine::votes_for_women::{VotesForWomen, data};
    tokio::time::timeout(LIMIT, async {
        let seed = 19;
        // Before resigning, look up the text of a card in the hand and of a State card on
        // display, by part of their names in any case.
        let game =
            VotesForWomen::new(&hustings_engine::Setup::new("standard", 2, seed)).expect("set-up");
        let in_hand = data::card(game.hidden().hands[0][0]).name;
        let (run, outcome) = answer_then_resign(
            "votes-for-women",
            seed,
            &format!("? {}\n? states\n", in_hand.to_uppercase()),
        )
        .await;
        assert_eq!(outcome.winners, vec![1]);
        assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
        let out = &run.stdout;
        assert!(out.contains("VOTES FOR WOMEN"), "{out}");
        for region in [
            "1 West",
            "2 Plains",
            "3 South",
            "4 Midwest",
            "5 Atlantic & Appalachia",
            "6 Northeast",
        ] {
            assert!(out.contains(region), "no {region} in {out}");
        }
        assert!(out.contains("Suffragist (you):"), "{out}");
        assert_screens_fit(out);
        // The hand the server dealt the Suffragist from this seed is listed, card by card.
        let game =
            VotesForWomen::new(&hustings_engine::Setup::new("standard", 2, seed)).expect("set-up");
        let hand = &game.hidden().hands[0];
        assert!(!hand.is_empty());
        let start = out.find("Your hand: ").expect("the hand");
        let listed = &out[start..start + out[start..].find("\nOn display").expect("displays")];
        for &card in hand {
            assert!(
                listed.contains(data::card(card).name),
                "{} missing from {listed}",
                data::card(card).name
            );
        }
        // The lookups printed each card's text as the server's reference gives it.
        let texts = reference_texts(&run_reference(seed).await);
        let text = texts.get(in_hand).expect("the card's text");
        assert!(
            out.contains(&format!("  {in_hand} (suffragist, "))
                && out.contains(&format!("): {text}\n")),
            "no text of {in_hand} ({text}) in {out}"
        );
        let shown: Vec<&str> = out
            .lines()
            .skip_while(|l| !l.ends_with("> ? states"))
            .skip(1)
            .take_while(|l| l.starts_with("  ") && l.contains(": "))
            .collect();
        assert!(!shown.is_empty(), "no State cards listed: {out}");
        for l in shown {
            let name = l.trim_start().split(" (").next().unwrap_or_default();
            let text = texts
                .get(name)
                .unwrap_or_else(|| panic!("{name} is a card: {l}"));
            assert!(l.ends_with(&format!(": {text}")), "{l}");
        }
    })
    .await
    .expect("the test finished in time");
}

/// The fixed data a spectator's stream of a fresh Votes for Women match from `seed` sends.
async fn run_reference(seed: u64) -> hustings_proto::v1::MatchReference {
    let srv = server().await;
    let mut c = client(&srv.url()).await;
    let id = create_match(&mut c, "votes-for-women", seed).await;
    let mut stream = c
        .watch_match(WatchMatchRequest {
            match_id: id,
            ..Default::default()
        })
        .await
        .expect("watch")
        .into_inner();
    let first = stream.message().await.expect("stream").expect("a message");
    srv.shutdown().await;
    first
        .reference
        .expect("the first message has the reference")
}

/// Card texts by card name.
fn reference_texts(
    r: &hustings_proto::v1::MatchReference,
) -> std::collections::HashMap<String, String> {
    match &r.game {
        Some(hustings_proto::v1::match_reference::Game::VotesForWomen(v)) => v
            .cards
            .iter()
            .map(|c| (c.name.clone(), c.description.clone()))
            .collect(),
        _ => Default::default(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_card_placing_several_cubes_is_answered_in_one_line_with_the_colour_asked_once() {
    use hustings_engine::Game;
    use hustings_engine::votes_for_women::{VotesForWomen, data};
    // Cards of the first hand that roll a die and add that many cubes in one region, at
    // most one per state.
    const ROLLERS: [(&str, [&str; 8]); 3] = [
        (
            "frederick-douglass",
            ["ny", "vt", "nh", "me", "ma", "ri", "ct", "nj"],
        ),
        (
            "frances-harper",
            ["tn", "ky", "wv", "pa", "va", "nc", "md", "de"],
        ),
        (
            "pioneer-women",
            ["mt", "wy", "co", "nd", "sd", "ne", "ks", "ok"],
        ),
    ];
    tokio::time::timeout(LIMIT, async {
        // A seed whose Suffragist holds one of them and rolls at least 3 with it: found by
        // playing the engine itself, so the test knows how many cubes the line places.
        let (seed, card, states, placed) = (1..500u64)
            .find_map(|seed| {
                let setup = hustings_engine::Setup::new("standard", 2, seed);
                let mut g = VotesForWomen::new(&setup).ok()?;
                let hand: Vec<&str> = g.hidden().hands[0]
                    .iter()
                    .map(|&c| data::card(c).slug())
                    .collect();
                let (card, states) = ROLLERS.iter().find(|(c, _)| hand.contains(c))?;
                g.apply(0, &format!("event:{card}")).ok()?;
                let mut placed = 0;
                for s in states {
                    let id = format!("yellow:{}", s.to_uppercase());
                    let offered = g
                        .prompt(0)
                        .is_some_and(|p| p.choices.iter().any(|c| c.id == id));
                    if !offered || g.apply(0, &id).is_err() {
                        break;
                    }
                    placed += 1;
                }
                (placed >= 3).then_some((seed, *card, *states, placed))
            })
            .expect("a seed with a rolling card");
        // The card by its id in upper case, then every state of the region in lower case
        // on one line, then the colour (asked once), then the resignation.
        let script = format!("EVENT:{}\n{}\ny\n", card.to_uppercase(), states.join(" "));
        let t = against_opponent("votes-for-women", seed).await;
        let run = play_cli(
            &t.url,
            &t.match_id,
            &["--seat", "0"],
            Choices::Stdin(format!("{script}resign\nyes\n")),
        )
        .await;
        let outcome = t.opp.await.expect("opponent finished");
        assert!(outcome.resigned, "{outcome:?}\n{}", run.stdout);
        let mut c = client(&t.url).await;
        let r = replay(&mut c, &t.match_id).await;
        t.srv.shutdown().await;
        let mine: Vec<&str> = r
            .choices
            .iter()
            .filter(|c| c.seat == 0)
            .map(|c| c.choice_id.as_str())
            .collect();
        let expected: Vec<String> = std::iter::once(format!("event:{card}"))
            .chain(
                states[..placed]
                    .iter()
                    .map(|s| format!("yellow:{}", s.to_uppercase())),
            )
            .chain(std::iter::once("resign".to_string()))
            .collect();
        assert_eq!(mine, expected, "{}", run.stdout);
        let out = &run.stdout;
        assert_eq!(
            out.matches("Which colour for this card's cubes: purple or yellow?")
                .count(),
            1,
            "{out}"
        );
        if placed < states.len() {
            // The roll placed fewer than the line named: the rest was not sent, and the
            // player was told why.
            let rest = states[placed..].join(" ");
            assert!(out.contains(&format!("not sent: {rest}")), "{out}");
        }
        assert_screens_fit(out);
    })
    .await
    .expect("the test finished in time");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_clock_is_warned_about_at_the_prompt() {
    tokio::time::timeout(LIMIT, async {
        let srv = server().await;
        let url = srv.url();
        let mut c = client(&url).await;
        let match_id = c
            .create_match(CreateMatchRequest {
                game: "presidency".into(),
                seed: Some(3),
                clock: Some(hustings_proto::v1::ClockSetting {
                    kind: Some(hustings_proto::v1::clock_setting::Kind::PerDecision(
                        hustings_proto::v1::PerDecisionClock { limit_ms: 8_000 },
                    )),
                }),
                ..Default::default()
            })
            .await
            .expect("match created")
            .into_inner()
            .summary
            .expect("summary")
            .match_id;
        let (opp, _) = spawn_opponent(&url, &match_id);
        let run = play_cli(
            &url,
            &match_id,
            &["--seat", "0"],
            Choices::Stdin("resign\nyes\n".into()),
        )
        .await;
        let _ = opp.await;
        srv.shutdown().await;
        let out = &run.stdout;
        // 8 seconds a decision: under 10 from the start, so the line above "> " warns.
        let warning = out
            .lines()
            .find(|l| l.contains("left on your clock: answer now"))
            .unwrap_or_else(|| panic!("no warning:\n{out}"));
        assert!(warning.contains("⚠ 0:0"), "{warning}");
        assert!(
            out.contains(&format!("{warning}\n> ")),
            "the warning is just above the prompt:\n{out}"
        );
    })
    .await
    .expect("the test finished in time");
}

/// A finished two-round Presidential Race played by two test players; its id and replay.
async fn finished_race(url: &str, seed: u64) -> (String, Replay) {
    let mut c = client(url).await;
    let match_id = c
        .create_match(CreateMatchRequest {
            game: "presidency".into(),
            seed: Some(seed),
            options: [("rounds".to_string(), "2".to_string())].into(),
            ..Default::default()
        })
        .await
        .expect("match created")
        .into_inner()
        .summary
        .expect("summary")
        .match_id;
    let (first, _) = spawn_opponent(url, &match_id);
    let token = join_as_opponent(&mut c, &match_id, 0).await;
    let (tx, _rx) = watch::channel(0);
    play_seat(url.to_string(), match_id.clone(), token, tx).await;
    first.await.expect("opponent finished");
    let r = replay(&mut c, &match_id).await;
    (match_id, r)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replay_boards_draw_every_version_as_the_engine_had_it() {
    use hustings_engine::{Setup, Viewer, new_game};
    tokio::time::timeout(LIMIT, async {
        let srv = server().await;
        let url = srv.url();
        let seed = 12;
        let (match_id, r) = finished_race(&url, seed).await;
        let rep = run_cli(
            &["--server", &url, "replay", &match_id, "--boards", "--all"],
            None,
        )
        .await;
        srv.shutdown().await;
        assert_eq!(rep.code, Some(0), "{}", rep.stderr);
        let out = &rep.stdout;
        // One board per version, the set-up's included, in order.
        let boards: Vec<&str> = out.split("──── replay of ").skip(1).collect();
        assert_eq!(boards.len(), r.choices.len() + 1, "{out}");
        // Each board shows the pawns where the engine, replaying the same choices from
        // the same seed, had them at that version.
        let mut setup = Setup::new("standard", 2, seed);
        setup.options.insert("rounds".into(), "2".into());
        let mut game = new_game("presidency", &setup).expect("set-up");
        let mut applied: Vec<(usize, String)> = Vec::new();
        for (v, board) in boards.iter().enumerate() {
            assert!(
                board.starts_with(&format!("{match_id} · version {v} of {}", r.choices.len())),
                "{board}"
            );
            let view = game.view_json(Viewer::Spectator);
            for (p, name) in ["Democrat", "Republican"].iter().enumerate() {
                let at = view["players"][p]["position"].as_u64().expect("a position");
                let line = board
                    .lines()
                    .find(|l| l.contains(&format!(" {name} ")) && l.contains(" votes  $"))
                    .unwrap_or_else(|| panic!("no {name} line at version {v}:\n{board}"));
                assert!(
                    line.contains(&format!(" on {at:>2} ")),
                    "version {v}: {name} should be on {at}: {line}"
                );
            }
            if let Some(c) = r.choices.get(v) {
                if c.choice_id == "undo" {
                    // Taken back: the game is the choices still in force, replayed.
                    applied.pop();
                    game = new_game("presidency", &setup).expect("set-up");
                    for (seat, id) in &applied {
                        game.apply(*seat, id).expect("a choice in force applies");
                    }
                } else {
                    game.apply(c.seat as usize, &c.choice_id)
                        .expect("the recorded choice applies");
                    applied.push((c.seat as usize, c.choice_id.clone()));
                }
            }
        }
        assert!(
            boards.last().is_some_and(|b| b.contains("the end")),
            "{out}"
        );
    })
    .await
    .expect("the test finished in time");
}

/// On a terminal (a pseudo-terminal made by `script`), `q` stops the replay at once,
/// without Enter, and the terminal's settings come back.
#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replay_on_a_terminal_stops_at_q_without_enter() {
    use tokio::io::AsyncReadExt;
    tokio::time::timeout(LIMIT, async {
        let srv = server().await;
        let url = srv.url();
        let (match_id, r) = finished_race(&url, 13).await;
        assert!(r.choices.len() > 2);
        let command = format!(
            "{} --server {url} replay {match_id} --boards",
            hustings_bin().display()
        );
        let mut child = Command::new("script")
            .args(["-q", "-e", "-c", &command, "/dev/null"])
            .env_remove("HUSTINGS_SERVER")
            .env("NO_COLOR", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .expect("script runs");
        let mut stdin = child.stdin.take().expect("stdin");
        let mut stdout = child.stdout.take().expect("stdout");
        let mut text = String::new();
        let mut buf = [0u8; 4096];
        // Wait for the first step's hint, then: one key for the next choice, then q.
        // Standard input stays open, so only the keys themselves can end the replay.
        let mut sent = 0;
        while sent < 2 {
            let n = stdout.read(&mut buf).await.expect("read");
            assert!(n > 0, "the replay ended early:\n{text}");
            text.push_str(&String::from_utf8_lossy(&buf[..n]));
            let hints = text.matches("[1/").count() + text.matches("[2/").count();
            if hints > sent {
                let key: &[u8] = if sent == 0 { b" " } else { b"q" };
                stdin.write_all(key).await.expect("a key");
                stdin.flush().await.expect("flush");
                sent += 1;
            }
        }
        let status = tokio::time::timeout(Duration::from_secs(20), child.wait())
            .await
            .expect("q ended the replay without Enter")
            .expect("exit status");
        let mut rest = Vec::new();
        let _ = stdout.read_to_end(&mut rest).await;
        text.push_str(&String::from_utf8_lossy(&rest));
        drop(stdin);
        srv.shutdown().await;
        assert_eq!(status.code(), Some(0), "{text}");
        assert!(
            text.contains("\nv1 ") || text.contains("\r\nv1 "),
            "the first choice was shown:\n{text}"
        );
        assert!(
            !text.contains("v2 "),
            "stopped before the second choice:\n{text}"
        );
        assert!(
            text.contains("version 1 of"),
            "the board after the first choice:\n{text}"
        );
    })
    .await
    .expect("the test finished in time");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cli_offers_undo_and_shows_the_take_back_in_its_log() {
    tokio::time::timeout(LIMIT, async {
        let Against {
            srv,
            url,
            match_id,
            opp,
            ..
        } = against_opponent("presidency", 2024).await;
        // Convert once, then take it back by its id; the script then ends.
        let run = play_cli(
            &url,
            &match_id,
            &["--seat", "0"],
            Choices::File("undo.txt", "convert:1\nundo\n".into()),
        )
        .await;
        opp.abort();
        assert!(
            run.stdout.contains("Take back your last choice"),
            "the undo choice is listed:\n{}",
            run.stdout
        );
        assert!(
            run.stdout
                .contains("Democrat took back: Convert 2 money into 1 vote"),
            "the take-back is in the log:\n{}",
            run.stdout
        );
        srv.shutdown().await;
    })
    .await
    .expect("in time");
}

/// Plays `seat` of a match to its end as [`play_seat`] does, then offers or accepts the
/// rematch and returns the new match's id.
async fn play_then_rematch(url: String, match_id: String, token: String) -> String {
    let (mut c, mut stream) = watch_seat(&url, &match_id, &token).await;
    let mut offered = false;
    while let Some(u) = stream.message().await.expect("opponent's stream") {
        if !u.rematch_match_id.is_empty() {
            return u.rematch_match_id;
        }
        let Some(p) = u.prompt else { continue };
        let choice = if u.outcome.is_some() {
            if offered || !p.choices.iter().any(|c| c.id == "rematch") {
                continue;
            }
            offered = true;
            "rematch".to_string()
        } else {
            let game: Vec<_> = p.choices.iter().filter(|c| c.kind != "undo").collect();
            game[u.version as usize % game.len()].id.clone()
        };
        act(&mut c, &match_id, &token, u.version, &choice).await;
    }
    panic!("the stream ended before the rematch started");
}

/// The times (`m:ss`) a clocks line shows, in seconds.
fn clock_seconds(line: &str) -> Vec<u32> {
    line.split_whitespace()
        .filter_map(|w| {
            let (m, s) = w.split_once(':')?;
            let digits = |x: &str| !x.is_empty() && x.bytes().all(|b| b.is_ascii_digit());
            (digits(m) && s.len() == 2 && digits(s))
                .then(|| m.parse::<u32>().ok().zip(s.parse::<u32>().ok()))
                .flatten()
                .map(|(m, s)| m * 60 + s)
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cli_shows_the_clocks_and_follows_a_rematch_with_the_seats_swapped() {
    tokio::time::timeout(LIMIT, async {
        let srv = server().await;
        let url = srv.url();
        let mut c = client(&url).await;
        let match_id = c
            .create_match(CreateMatchRequest {
                game: "presidency".into(),
                seed: Some(31),
                options: [("rounds".to_string(), "2".to_string())].into(),
                clock: Some(hustings_proto::v1::ClockSetting {
                    kind: Some(hustings_proto::v1::clock_setting::Kind::Game(
                        hustings_proto::v1::GameClock {
                            base_ms: 600_000,
                            increment_ms: 5_000,
                            max_ms: 0,
                        },
                    )),
                }),
                ..Default::default()
            })
            .await
            .expect("match created")
            .into_inner()
            .summary
            .expect("summary")
            .match_id;
        let token = join_as_opponent(&mut c, &match_id, 1).await;
        let opp = tokio::spawn({
            let (url, match_id, token) = (url.clone(), match_id.clone(), token.clone());
            async move {
                let next = play_then_rematch(url.clone(), match_id, token.clone()).await;
                // The same token plays the Democrat (seat 0) in the rematch.
                let (tx, _rx) = watch::channel(0);
                let outcome = play_seat(url, next.clone(), token, tx).await;
                (next, outcome)
            }
        });
        let run = play_cli(
            &url,
            &match_id,
            &["--seat", "0", "--name", "cli-player", "--rematches", "1"],
            Choices::Stdin(script()),
        )
        .await;
        let (next, outcome) = opp.await.expect("opponent finished");
        assert_eq!(
            run.code,
            Some(0),
            "the CLI failed\nstdout:\n{}\nstderr:\n{}",
            run.stdout,
            run.stderr
        );
        let out = &run.stdout;
        assert_ne!(next, match_id, "a new match");
        assert!(
            out.contains(&format!("Rematch: the seats rotate; on to match {next}")),
            "{out}"
        );
        // The end prompt offers the rematch and leaving.
        assert!(
            out.contains("1) Offer a rematch") || out.contains("1) Accept the rematch"),
            "{out}"
        );
        assert!(out.contains("2) Leave (no rematch)"), "{out}");
        // The clocks are drawn above the board, counting from 10 minutes: the first board
        // shows both seats near 10:00 (a few of the 5 s increments may be in already when a
        // loaded machine draws it late, as the opponent plays on meanwhile).
        let clocks = out
            .lines()
            .find(|l| l.contains("Clocks:"))
            .unwrap_or_else(|| panic!("no clocks drawn:\n{out}"));
        assert!(
            clocks.contains("Democrat") && clocks.contains("Republican"),
            "{clocks}"
        );
        let times = clock_seconds(clocks);
        assert_eq!(times.len(), 2, "one time per seat: {clocks}");
        assert!(
            times.iter().all(|t| (540..=660).contains(t)),
            "counting from 10 minutes: {clocks}"
        );
        // The second match: the CLI's player now holds the Republican seat, and it played.
        assert!(out.contains("you play Republican (seat 1)"), "{out}");
        assert_eq!(out.matches("The match is over.\n").count(), 2, "{out}");
        let r = replay(&mut c, &next).await;
        let summary = r.summary.clone().expect("summary");
        assert_eq!(summary.rematch_of, match_id);
        assert_eq!(summary.seats[0].player_name, "test-opponent");
        assert_eq!(summary.seats[1].player_name, "cli-player");
        assert!(summary.clock.is_some(), "same clock");
        assert!(
            r.choices
                .iter()
                .any(|c| c.seat == 1 && c.choice_id != "resign"),
            "the CLI's new seat played: {:?}",
            r.choices
        );
        assert!(
            out.contains(&winner_line(&outcome, &r)),
            "the rematch's outcome is shown:\n{out}"
        );
        srv.shutdown().await;
    })
    .await
    .expect("the test finished in time");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_seat_no_pool_will_take_says_why_within_two_seconds_of_creation() {
    tokio::time::timeout(LIMIT, async {
        let srv = server().await;
        let url = srv.url();
        let mut cli = spawn_cli(&[
            "--server",
            &url,
            "play",
            "--game",
            "presidency",
            "--bot",
            "1=deepblue",
        ]);
        // The match is created: the CLI says how others join.
        wait_for_output(&cli.text, "Others join with:").await;
        let created = std::time::Instant::now();
        let said = "Republican: waiting for a bot: no bot pool is connected";
        tokio::time::timeout(Duration::from_secs(2), wait_for_output(&cli.text, said))
            .await
            .unwrap_or_else(|_| {
                panic!(
                    "no explanation within 2 s of creation:\n{}",
                    cli.text.lock().expect("lock")
                )
            });
        let took = created.elapsed();
        wait_for_output(&cli.text, "hustings-bot pool --ai greedy --server").await;

        // A pool connects that offers other AIs: the seat now waits for that reason.
        let mut pool = client(&url).await;
        let _lobby = pool
            .watch_lobby(hustings_proto::v1::WatchLobbyRequest {
                bot_pool: true,
                pool_ais: vec!["random".into(), "greedy".into(), "ismcts".into()],
                pool_name: "test pool".into(),
                ..Default::default()
            })
            .await
            .expect("the pool follows the lobby")
            .into_inner();
        let offered = "Republican: waiting for a bot: no pool offers 'deepblue' \
                       (pools offer: random, greedy, ismcts)";
        tokio::time::timeout(Duration::from_secs(10), wait_for_output(&cli.text, offered))
            .await
            .unwrap_or_else(|_| panic!("{}", cli.text.lock().expect("lock")));
        wait_for_output(&cli.text, "(--bot 1=random)").await;
        eprintln!(
            "the explanation came {} ms after creation",
            took.as_millis()
        );
        let _ = cli.child.start_kill();
        let _ = cli.child.wait().await;
        srv.shutdown().await;
    })
    .await
    .expect("the test finished in time");
}

/// `hustings list | head -1`: a reader that closes the pipe early ends the command quietly
/// with success (as `ls | head -1` does), never with a panic and a backtrace.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_pipe_ends_the_listing_quietly() {
    tokio::time::timeout(LIMIT, async {
        let srv = server().await;
        let url = srv.url();
        let mut c = client(&url).await;
        for seed in 0..3 {
            create_match(&mut c, "presidency", seed).await;
        }
        // The deterministic case: the pipe's reader is gone before the command starts, so
        // its very first write fails with EPIPE.
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let bin = hustings_bin();
        let list_url = url.clone();
        let out = tokio::task::spawn_blocking(move || {
            std::process::Command::new(bin)
                .args(["--server", &list_url, "list"])
                .env_remove("HUSTINGS_SERVER")
                .stdin(Stdio::null())
                .stdout(writer)
                .stderr(Stdio::piped())
                .output()
        })
        .await
        .expect("joined")
        .expect("the CLI runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(stderr.is_empty(), "a closed pipe is not an error: {stderr}");
        // The shell pipeline a person types, with pipefail so that the listing's own exit
        // status counts.
        let line = format!(
            "set -o pipefail; '{}' --server '{url}' list | head -1",
            hustings_bin().display()
        );
        let out = Command::new("bash")
            .args(["-c", &line])
            .env_remove("HUSTINGS_SERVER")
            .output()
            .await
            .expect("bash runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 1);
        srv.shutdown().await;
    })
    .await
    .expect("the test finished in time");
}

/// In a 100×30 window (`COLUMNS`/`LINES`, as a terminal of that size reports), every screen
/// of `game` — header line, board, last events, prompt and `> ` — fits: no line wider than
/// 100, no screen taller than 30, so the header and the prompt are on screen together.
async fn fits_a_100_by_30_terminal(game: &str, seed: u64) {
    tokio::time::timeout(LIMIT, async {
        let t = against_opponent(game, seed).await;
        // Half a dozen choices by number (a bad one first), then resign.
        let text = format!("9\n{}resign\nyes\n", "1\n".repeat(6));
        let args = [
            "--server",
            &t.url,
            "play",
            "--match",
            &t.match_id,
            "--seat",
            "0",
            "--choices-from",
            "-",
        ];
        let run = run_cli_or_show(&args, text, (100, 30), Duration::from_secs(100)).await;
        assert_eq!(run.code, Some(0), "{game}: {}\n{}", run.stdout, run.stderr);
        assert!(
            run.stdout.contains("resigned"),
            "{game}: no resignation:\n{}",
            run.stdout
        );
        let _ = t.opp.await.expect("opponent finished");
        t.srv.shutdown().await;
        assert_screens_fit_in(&run.stdout, 100, 30);
        let screens = run.stdout.matches("──── match").count();
        assert!(screens >= 3, "{game}: {screens} screens:\n{}", run.stdout);
    })
    .await
    .expect("the test finished in time");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_presidential_race_fits_a_100_by_30_terminal() {
    fits_a_100_by_30_terminal("presidency", 7).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn votes_for_women_fits_a_100_by_30_terminal() {
    fits_a_100_by_30_terminal("votes-for-women", 19).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_vote_fits_a_100_by_30_terminal() {
    fits_a_100_by_30_terminal("the-vote", 5).await;
}
