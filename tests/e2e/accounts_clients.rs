//! The clients and accounts, as real processes against a server on loopback: `hustings
//! signup`, `login` (a token kept in a private file), `whoami`, `mine` and `logout`; one
//! account's seat played in turns from the CLI and from another session over gRPC; a bot
//! pool (`hustings-bot pool --token`) filling bot seats as a bot account; a pool without a
//! token playing a built-in AI under that AI's account; a create key sent in place of
//! the account's credential where a keyed server needs it; and the account actions
//! (`tokens`, `password`, `logout --everywhere`, `account export|delete`, `profile`).

use hustings::bearer as as_;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use hustings::cli_bin::{bot_bin, hustings_bin};
use hustings::pool_proc::PoolProcess;
use hustings::server_proc::temp_dir;
use hustings::{Client, connect};
use hustings_proto::v1 as pb;
use hustings_service::ServerConfig;
use tokio::io::AsyncWriteExt;
use tokio::process::Command;
use tonic::Code;

const PASSWORD: &str = "correct horse battery";
/// Longest one CLI run may take.
const RUN_LIMIT: Duration = Duration::from_secs(60);
/// Longest a whole match against a pool's bot may take.
const MATCH_LIMIT: Duration = Duration::from_secs(180);

/// Where a CLI run keeps its logins: `config` as XDG_CONFIG_HOME, else under `home`.
struct Place {
    home: PathBuf,
    config: Option<PathBuf>,
}

impl Place {
    fn new(tag: &str, xdg: bool) -> Place {
        let root = temp_dir(tag);
        Place {
            home: root.join("home"),
            config: xdg.then(|| root.join("config")),
        }
    }

    /// The logins file the CLI should use.
    fn logins(&self) -> PathBuf {
        match &self.config {
            Some(c) => c.join("hustings").join("logins.json"),
            None => self
                .home
                .join(".config")
                .join("hustings")
                .join("logins.json"),
        }
    }

    /// The token kept for the (only) server in the logins file.
    fn kept_token(&self) -> Option<String> {
        let text = std::fs::read_to_string(self.logins()).ok()?;
        let v: serde_json::Value = serde_json::from_str(&text).ok()?;
        let servers = v.get("servers")?.as_object()?;
        let token = servers.values().next()?.get("token")?.as_str()?;
        Some(token.to_string())
    }
}

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

impl Run {
    fn ok(&self) -> &Self {
        assert_eq!(
            self.code,
            Some(0),
            "the CLI failed\nstdout:\n{}\nstderr:\n{}",
            self.stdout,
            self.stderr
        );
        self
    }
}

/// Runs `hustings --server URL ARGS…` to its end with its logins in `place`, feeding
/// `stdin`; `env` adds variables (HUSTINGS_TOKEN …).
async fn cli(place: &Place, url: &str, args: &[&str], stdin: &str, env: &[(&str, &str)]) -> Run {
    let mut cmd = Command::new(hustings_bin());
    cmd.args(["--server", url])
        .args(args)
        .env("HOME", &place.home)
        .env("NO_COLOR", "1")
        .env_remove("HUSTINGS_SERVER")
        .env_remove("HUSTINGS_TOKEN")
        .env_remove("HUSTINGS_KEY")
        .env_remove("XDG_CONFIG_HOME")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    if let Some(config) = &place.config {
        cmd.env("XDG_CONFIG_HOME", config);
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().expect("the CLI starts");
    if let Some(mut pipe) = child.stdin.take() {
        let text = stdin.to_string();
        tokio::spawn(async move {
            let _ = pipe.write_all(text.as_bytes()).await;
        });
    }
    let out = tokio::time::timeout(RUN_LIMIT, child.wait_with_output())
        .await
        .unwrap_or_else(|_| panic!("hustings {args:?} did not end within {RUN_LIMIT:?}"))
        .expect("the CLI runs");
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

async fn sign_up(c: &mut Client, handle: &str) -> String {
    c.sign_up(pb::SignUpRequest {
        handle: handle.into(),
        password: PASSWORD.into(),
        ..Default::default()
    })
    .await
    .expect("signed up")
    .into_inner()
    .session_token
}

async fn sign_in(c: &mut Client, handle: &str) -> String {
    c.sign_in(pb::SignInRequest {
        handle: handle.into(),
        password: PASSWORD.into(),
    })
    .await
    .expect("signed in")
    .into_inner()
    .session_token
}

async fn new_token(c: &mut Client, session: &str, scopes: &[pb::Scope]) -> String {
    c.create_token(as_(
        session,
        pb::CreateTokenRequest {
            name: "test".into(),
            scopes: scopes.iter().map(|&s| s as i32).collect(),
        },
    ))
    .await
    .expect("token made")
    .into_inner()
    .token
}

/// WhoAmI's answer for `secret`.
async fn who(c: &mut Client, secret: &str) -> Result<pb::WhoAmIResponse, tonic::Status> {
    c.who_am_i(as_(secret, pb::WhoAmIRequest {}))
        .await
        .map(|r| r.into_inner())
}

async fn summary(c: &mut Client, id: &str) -> pb::MatchSummary {
    c.list_matches(pb::ListMatchesRequest::default())
        .await
        .expect("listed")
        .into_inner()
        .matches
        .into_iter()
        .find(|m| m.match_id == id)
        .expect("the match is listed")
}

/// Waits (up to a minute) until seat `seat` of `id` is taken, and returns its summary.
async fn taken(c: &mut Client, id: &str, seat: usize) -> pb::SeatSummary {
    for _ in 0..600 {
        let s = summary(c, id).await.seats[seat].clone();
        if s.taken {
            return s;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("nobody took seat {seat} of {id} within a minute");
}

/// A two-seat Presidential Race: seat 0 for a person, seat 1 for a pool's bot playing
/// `ai` (empty: the pool's choice). No claim-win over an absent seat: the test's seat is
/// away between its phases.
async fn against_a_bot(c: &mut Client, ai: &str, seed: u64) -> String {
    c.create_match(pb::CreateMatchRequest {
        game: "presidency".into(),
        seed: Some(seed),
        seat_config: hustings::person_and_bot(ai),
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

/// The first of the game's own choices (not a service choice such as undo).
fn game_choice(p: &pb::Prompt, version: u64) -> String {
    let game: Vec<&pb::Choice> = p
        .choices
        .iter()
        .filter(|c| c.origin() == pb::Origin::Game)
        .collect();
    let pick = if game.is_empty() {
        &p.choices[0]
    } else {
        game[version as usize % game.len()]
    };
    pick.id.clone()
}

/// Follows `stream` to the next update that asks its seat to choose (or ends the match).
async fn next_prompt(stream: &mut tonic::Streaming<pb::MatchUpdate>) -> pb::MatchUpdate {
    loop {
        let u = tokio::time::timeout(RUN_LIMIT, stream.message())
            .await
            .expect("an update within a minute")
            .expect("stream healthy")
            .expect("stream open");
        if u.outcome.is_some() || u.prompt.is_some() {
            return u;
        }
    }
}

/// Makes `n` choices for the account's seat of `id` through `secret` (a credential of the
/// account, with an empty seat token); returns the update that asks for the next one.
async fn play_as_account(c: &mut Client, secret: &str, id: &str, n: usize) -> pb::MatchUpdate {
    let mut stream = c
        .watch_match(as_(
            secret,
            pb::WatchMatchRequest {
                match_id: id.into(),
                token: String::new(),
                from_version: 0,
                include_json_view: false,
                seat: None,
            },
        ))
        .await
        .expect("the account watches its seat")
        .into_inner();
    let mut made = 0;
    loop {
        let u = next_prompt(&mut stream).await;
        assert_eq!(u.viewer_seat, Some(0), "watched as the account's seat");
        assert!(
            u.outcome.is_none(),
            "the match ended early: {:?}",
            u.outcome
        );
        if made == n {
            return u;
        }
        let Some(p) = &u.prompt else { continue };
        let r = c
            .act(as_(
                secret,
                pb::ActRequest {
                    match_id: id.into(),
                    token: String::new(),
                    version: u.version,
                    choice_id: game_choice(p, u.version),
                    seat: None,
                },
            ))
            .await;
        match r {
            Ok(_) => made += 1,
            Err(s) if s.code() == Code::Aborted => {}
            Err(s) => panic!("the account's act was refused: {s}"),
        }
    }
}

/// Plays seat `token`'s seat of `id` to the end (the game's choices only); the outcome.
async fn play_to_the_end(c: &mut Client, id: &str, token: &str) -> pb::Outcome {
    let mut stream = hustings::open_stream(c, id, token, 0).await;
    loop {
        let u = next_prompt(&mut stream).await;
        if let Some(o) = u.outcome {
            return o;
        }
        let Some(p) = &u.prompt else { continue };
        let r = c
            .act(pb::ActRequest {
                match_id: id.into(),
                token: token.into(),
                version: u.version,
                choice_id: game_choice(p, u.version),
                seat: None,
            })
            .await;
        if let Err(s) = r {
            assert_eq!(s.code(), Code::Aborted, "act refused: {s}");
        }
    }
}

#[cfg(unix)]
fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path)
        .map(|m| m.permissions().mode() & 0o777)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The walk-through: sign up and log in from the CLI, play one seat of the account
/// in turns from the CLI (which finds the seat without its token) and from a second
/// session over gRPC, see the match in `hustings mine`, and log out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_account_plays_from_the_cli_and_another_session_then_logs_out() {
    let server = hustings::start_server().await;
    let url = server.url();
    let mut c = connect(&url).await;
    let place = Place::new("accounts-cli", true);
    let pw = format!("{PASSWORD}\n");

    // Sign up (which logs in too), then log in again: the new login replaces the first,
    // whose token is revoked.
    let up = cli(
        &place,
        &url,
        &["signup", "ada", "--name", "Ada L"],
        &pw,
        &[],
    )
    .await;
    up.ok();
    assert!(
        up.stdout.contains("Made the account ada (Ada L)"),
        "{}",
        up.stdout
    );
    let first = place.kept_token().expect("signup keeps a token");
    let login = cli(&place, &url, &["login", "ada"], &pw, &[]).await;
    login.ok();
    assert!(login.stdout.contains("Logged in to"), "{}", login.stdout);
    let token = place.kept_token().expect("login keeps a token");
    assert!(token.starts_with("hsp_"), "a personal access token is kept");
    assert_ne!(token, first);
    let e = who(&mut c, &first).await.expect_err("replaced");
    assert_eq!(e.code(), Code::Unauthenticated);
    // Only the token is kept (the sign-in session was ended), in a file for its owner only.
    let me = who(&mut c, &token).await.expect("the kept token works");
    assert!(!me.session);
    let mut scopes = me.scopes.clone();
    scopes.sort();
    assert_eq!(
        scopes,
        vec![pb::Scope::Play as i32, pb::Scope::Create as i32]
    );
    #[cfg(unix)]
    {
        assert_eq!(mode(&place.logins()), 0o600);
        assert_eq!(mode(place.logins().parent().expect("dir")), 0o700);
    }
    let text = std::fs::read_to_string(place.logins()).expect("logins");
    assert!(!text.contains(PASSWORD), "the password is never kept");

    let whoami = cli(&place, &url, &["whoami"], "", &[]).await;
    whoami.ok();
    assert!(
        whoami.stdout.lines().next().unwrap_or("").contains("ada"),
        "{}",
        whoami.stdout
    );

    // A match with one seat for the account and one for a pool's greedy bot; the account
    // joins seat 0 from the CLI.
    let pool_dir = temp_dir("accounts-cli-pool");
    let _pool = PoolProcess::start(&url, "greedy", &pool_dir, &[]);
    let created = cli(
        &place,
        &url,
        &[
            "create",
            "presidency",
            "--bot",
            "1=greedy",
            "--seed",
            "5",
            "--abandon-grace",
            "0",
        ],
        "",
        &[],
    )
    .await;
    created.ok();
    let id = created.stdout.trim().to_string();
    let join = cli(&place, &url, &["join", &id, "--seat", "0"], "", &[]).await;
    join.ok();
    assert!(
        join.stderr.contains("belongs to your account"),
        "{}",
        join.stderr
    );
    let seat = summary(&mut c, &id).await.seats[0].clone();
    assert_eq!((seat.handle.as_str(), seat.handle_bot), ("ada", false));
    assert_eq!(seat.player_name, "Ada L", "the account's display name");
    taken(&mut c, &id, 1).await;

    // Three choices from the CLI, without the seat token: the account's login finds it.
    let a = cli(
        &place,
        &url,
        &["play", "--match", &id, "--choices-from", "-"],
        "1\n1\n1\n",
        &[],
    )
    .await;
    assert_eq!(
        a.code,
        Some(3),
        "the choices ran out\n{}\n{}",
        a.stdout,
        a.stderr
    );
    assert!(
        a.stdout.contains("Your account holds seat Democrat"),
        "{}",
        a.stdout
    );
    assert!(a.stdout.contains("you play Democrat"), "{}", a.stdout);
    assert!(
        a.stdout.contains(&format!("play --match {id} --seat 0")),
        "the resume command needs no token:\n{}",
        a.stdout
    );
    assert!(!a.stdout.contains("--token"), "{}", a.stdout);

    // Three more through another credential of the account: a second session.
    let session = sign_in(&mut c, "ada").await;
    let waiting = play_as_account(&mut c, &session, &id, 3).await;
    assert!(
        waiting.prompt.is_some(),
        "the account's seat must choose now"
    );

    // `hustings mine` lists the match first, marked: it waits for the account.
    let mine = cli(&place, &url, &["mine"], "", &[]).await;
    mine.ok();
    let line = mine
        .stdout
        .lines()
        .find(|l| l.contains(&id))
        .unwrap_or_else(|| panic!("the match is not listed:\n{}", mine.stdout));
    assert!(line.starts_with("▶ "), "not marked:\n{}", mine.stdout);
    assert!(line.contains("your turn"), "{}", mine.stdout);
    assert!(line.contains("presidency"), "{}", mine.stdout);
    assert!(line.contains("Democrat"), "{}", mine.stdout);
    assert!(line.contains("Republican: "), "{}", mine.stdout);
    assert!(line.contains("@greedy-ai"), "{}", mine.stdout);

    // Back to the CLI: two choices, then it resigns.
    let b = cli(
        &place,
        &url,
        &["play", "--match", &id, "--choices-from", "-"],
        "1\n1\nresign\nyes\n",
        &[],
    )
    .await;
    b.ok();
    assert!(b.stdout.contains("You resigned."), "{}", b.stdout);
    let r = c
        .get_replay(pb::GetReplayRequest {
            match_id: id.clone(),
        })
        .await
        .expect("a finished match replays")
        .into_inner();
    let ours: Vec<&str> = r
        .choices
        .iter()
        .filter(|c| c.seat == 0)
        .map(|c| c.choice_id.as_str())
        .collect();
    // Three choices from the CLI, three through the session, two from the CLI, then its
    // resignation.
    let made = 3 + 3 + 2;
    assert!(ours.len() > made, "{ours:?}");
    assert_eq!(ours.last(), Some(&"resign"));
    let mine = cli(&place, &url, &["mine"], "", &[]).await;
    mine.ok();
    let line = mine
        .stdout
        .lines()
        .find(|l| l.contains(&id))
        .unwrap_or_else(|| panic!("the match is not listed:\n{}", mine.stdout));
    assert!(line.contains("lost"), "{}", mine.stdout);

    // Logging out revokes the token and removes the file.
    let out = cli(&place, &url, &["logout"], "", &[]).await;
    out.ok();
    assert!(out.stdout.contains("Logged out"), "{}", out.stdout);
    assert!(!place.logins().exists(), "the logins file is gone");
    let e = who(&mut c, &token).await.expect_err("revoked");
    assert_eq!(e.code(), Code::Unauthenticated);
    let whoami = cli(&place, &url, &["whoami"], "", &[]).await;
    assert_ne!(whoami.code, Some(0));
    assert!(whoami.stderr.contains("not logged in"), "{}", whoami.stderr);
    server.shutdown().await;
}

/// A pool run with a bot account's token fills a bot seat as the bot account, and plays the
/// match to its end; a person's token is refused before the pool starts.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pool_with_a_bot_accounts_token_holds_its_seats_as_the_bot() {
    let server = hustings::start_server().await;
    let url = server.url();
    let mut c = connect(&url).await;
    let owner = sign_up(&mut c, "owner").await;
    let bot = sign_up(&mut c, "mybot").await;
    c.become_bot(as_(
        &bot,
        pb::BecomeBotRequest {
            owner_handle: "owner".into(),
            owner_password: PASSWORD.into(),
            version: "1.0".into(),
        },
    ))
    .await
    .expect("a bot now");
    let bot_token = new_token(&mut c, &bot, &[pb::Scope::Bot]).await;

    // A person's token is no pool's: refused at once, with the reason.
    let person = new_token(&mut c, &owner, &[pb::Scope::Play]).await;
    let refused = tokio::time::timeout(
        RUN_LIMIT,
        Command::new(bot_bin())
            .args([
                "--server", &url, "pool", "--ai", "greedy", "--token", &person,
            ])
            .arg("--data-dir")
            .arg(temp_dir("accounts-pool-refused"))
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .kill_on_drop(true)
            .output(),
    )
    .await
    .expect("the pool stops at once")
    .expect("hustings-bot runs");
    assert!(!refused.status.success());
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(said.contains("bot account"), "{said}");

    let pool_dir = temp_dir("accounts-pool");
    let pool = PoolProcess::start(&url, "greedy", &pool_dir, &["--token", &bot_token]);
    assert!(
        pool.wait_for_stderr("playing as mybot, a bot of owner", RUN_LIMIT),
        "{}",
        pool.stderr()
    );
    let id = against_a_bot(&mut c, "", 8).await;
    let mine = hustings::join(&mut c, &id, 0, "person").await;
    let seat = taken(&mut c, &id, 1).await;
    assert_eq!(
        (seat.handle.as_str(), seat.handle_bot),
        ("mybot", true),
        "{seat:?}"
    );
    assert_eq!(seat.client_kind, pb::ClientKind::Bot as i32);
    let outcome = tokio::time::timeout(MATCH_LIMIT, play_to_the_end(&mut c, &id, &mine))
        .await
        .expect("the match ends");
    assert_eq!(outcome.forfeit, "", "played to the end: {outcome:?}");
    let end = summary(&mut c, &id).await;
    assert_eq!(end.status, pb::MatchStatus::Finished as i32);
    assert_eq!(end.seats[1].handle, "mybot");
    // The bot account's profile counts the match.
    let profile = c
        .get_profile(pb::GetProfileRequest {
            handle: "mybot".into(),
        })
        .await
        .expect("profile")
        .into_inner();
    assert_eq!(profile.matches_per_game.get("presidency"), Some(&1));
    drop(pool);
    server.shutdown().await;
}

/// A pool without a token playing a seat created for a built-in AI holds it as that AI's
/// account; the CLI's list shows the handle.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_pool_plays_a_built_in_ai_under_its_account() {
    let server = hustings::start_server().await;
    let url = server.url();
    let mut c = connect(&url).await;
    let pool_dir = temp_dir("accounts-guest-pool");
    let _pool = PoolProcess::start(&url, "random", &pool_dir, &[]);
    let id = against_a_bot(&mut c, "greedy", 9).await;
    let seat = taken(&mut c, &id, 1).await;
    assert_eq!(
        (seat.handle.as_str(), seat.handle_bot),
        ("greedy-ai", true),
        "{seat:?}"
    );
    let place = Place::new("accounts-guest-cli", true);
    let list = cli(&place, &url, &["list"], "", &[]).await;
    list.ok();
    assert!(
        list.stdout.contains("@greedy-ai"),
        "the list shows the handle:\n{}",
        list.stdout
    );
    let mine = hustings::join(&mut c, &id, 0, "person").await;
    c.resign(pb::ResignRequest {
        match_id: id.clone(),
        token: mine,
        seat: None,
    })
    .await
    .expect("resigned");
    server.shutdown().await;
}

/// On a server with create keys, `--key` goes with CreateMatch in place of the account's
/// credential (given here by HUSTINGS_TOKEN), which the other calls still carry; the logins
/// file falls back to ~/.config/hustings without XDG_CONFIG_HOME.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_create_key_goes_with_create_match_and_the_account_with_the_rest() {
    let server = hustings::start_server_with(ServerConfig {
        create_keys: vec!["the-key".into()],
        ..ServerConfig::default()
    })
    .await;
    let url = server.url();
    let mut c = connect(&url).await;
    let session = sign_up(&mut c, "bea").await;
    let token = new_token(&mut c, &session, &[pb::Scope::Play, pb::Scope::Create]).await;
    let place = Place::new("accounts-keyed", false);
    let env = [("HUSTINGS_TOKEN", token.as_str())];

    let refused = cli(&place, &url, &["create", "presidency"], "", &env).await;
    assert_ne!(refused.code, Some(0));
    assert!(refused.stderr.contains("create key"), "{}", refused.stderr);
    let created = cli(
        &place,
        &url,
        &["--key", "the-key", "create", "presidency"],
        "",
        &env,
    )
    .await;
    created.ok();
    let id = created.stdout.trim().to_string();
    cli(&place, &url, &["join", &id], "", &env).await.ok();
    let mine = c
        .list_my_matches(as_(&token, pb::ListMyMatchesRequest::default()))
        .await
        .expect("listed")
        .into_inner()
        .matches;
    assert_eq!(mine.len(), 1);
    assert_eq!(
        (mine[0].match_id.as_str(), &mine[0].my_seats[..]),
        (id.as_str(), &[0][..])
    );
    // Nothing was kept: the token was given, not logged in.
    assert!(!place.logins().exists());
    // A seat token where an account's token belongs is refused, not sent as one.
    let wrong = cli(&place, &url, &["whoami"], "", &[("HUSTINGS_TOKEN", "abc")]).await;
    assert_ne!(wrong.code, Some(0));
    assert!(wrong.stderr.contains("hsp_"), "{}", wrong.stderr);

    // Logged in without XDG_CONFIG_HOME: the file is under ~/.config/hustings.
    cli(
        &place,
        &url,
        &["login", "bea"],
        &format!("{PASSWORD}\n"),
        &[],
    )
    .await
    .ok();
    assert!(place.logins().exists(), "{}", place.logins().display());
    server.shutdown().await;
}

/// The line of `text` whose cells include `needle`.
fn line_with<'a>(text: &'a str, needle: &str) -> Option<&'a str> {
    text.lines().find(|l| l.contains(needle))
}

/// Every account action from the terminal: tokens made, listed and revoked; the password
/// changed (the old one then fails); every session ended while the tokens stay; the
/// account exported (JSON, to stdout and to a private file); its profile; and its deletion
/// (then sign-in fails and the profile is gone). Each command asks for the password on
/// standard input (not a terminal here).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_account_action_from_the_terminal() {
    let server = hustings::start_server().await;
    let url = server.url();
    let mut c = connect(&url).await;
    let place = Place::new("accounts-manage", true);
    let pw = format!("{PASSWORD}\n");
    const NEW: &str = "a new and longer password";
    let new_pw = format!("{NEW}\n");

    cli(&place, &url, &["signup", "cara"], &pw, &[]).await.ok();
    let login_token = place.kept_token().expect("signup keeps a token");

    // A token made from the CLI: printed alone on stdout, with a word that it shows once.
    let made = cli(
        &place,
        &url,
        &[
            "tokens",
            "create",
            "ci runner",
            "--scope",
            "play",
            "--scope",
            "create",
        ],
        &pw,
        &[],
    )
    .await;
    made.ok();
    let ci = made.stdout.trim().to_string();
    assert!(ci.starts_with("hsp_"), "{}", made.stdout);
    assert!(made.stderr.contains("shown only once"), "{}", made.stderr);
    let me = who(&mut c, &ci).await.expect("the new token works");
    let mut scopes = me.scopes.clone();
    scopes.sort();
    assert_eq!(
        scopes,
        vec![pb::Scope::Play as i32, pb::Scope::Create as i32]
    );

    // Listed beside this computer's login, which is marked.
    let list = cli(&place, &url, &["tokens"], &pw, &[]).await;
    list.ok();
    let mine = line_with(&list.stdout, "hustings on")
        .unwrap_or_else(|| panic!("the login's token is not listed:\n{}", list.stdout));
    assert!(mine.starts_with("* "), "not marked:\n{}", list.stdout);
    let row = line_with(&list.stdout, "ci runner")
        .unwrap_or_else(|| panic!("the new token is not listed:\n{}", list.stdout));
    assert!(row.starts_with("  "), "marked:\n{}", list.stdout);
    assert!(row.contains("play, create"), "{}", list.stdout);
    let id = row.split_whitespace().next().expect("an id").to_string();
    assert!(!list.stdout.contains(&ci), "a listed token's secret shows");

    // Revoked: it no longer works, and the list no longer holds it; the login stays.
    let revoked = cli(&place, &url, &["tokens", "revoke", &id], &pw, &[]).await;
    revoked.ok();
    assert!(
        revoked.stdout.contains("Revoked the token"),
        "{}",
        revoked.stdout
    );
    let e = who(&mut c, &ci).await.expect_err("revoked");
    assert_eq!(e.code(), Code::Unauthenticated);
    let list = cli(&place, &url, &["tokens"], &pw, &[]).await;
    list.ok();
    assert!(!list.stdout.contains("ci runner"), "{}", list.stdout);
    assert_eq!(place.kept_token().as_deref(), Some(login_token.as_str()));
    // A wrong password is refused before anything is done.
    let wrong = cli(&place, &url, &["tokens"], "not the password\n", &[]).await;
    assert_ne!(wrong.code, Some(0));

    // The password changed: another session ends, the old password fails, tokens stay.
    let other = sign_in(&mut c, "cara").await;
    let changed = cli(
        &place,
        &url,
        &["password"],
        &format!("{PASSWORD}\n{NEW}\n"),
        &[],
    )
    .await;
    changed.ok();
    assert!(
        changed.stdout.contains("1 other session"),
        "{}",
        changed.stdout
    );
    let e = who(&mut c, &other)
        .await
        .expect_err("the other session ended");
    assert_eq!(e.code(), Code::Unauthenticated);
    let e = c
        .sign_in(pb::SignInRequest {
            handle: "cara".into(),
            password: PASSWORD.into(),
        })
        .await
        .expect_err("the old password fails");
    assert_eq!(e.code(), Code::Unauthenticated);
    who(&mut c, &login_token)
        .await
        .expect("the login's token stays");
    let old = cli(&place, &url, &["tokens"], &pw, &[]).await;
    assert_ne!(
        old.code,
        Some(0),
        "the CLI takes the old password:\n{}",
        old.stdout
    );

    // Signed out everywhere: the sessions end, the tokens stay.
    let s1 = c
        .sign_in(pb::SignInRequest {
            handle: "cara".into(),
            password: NEW.into(),
        })
        .await
        .expect("signed in with the new password")
        .into_inner()
        .session_token;
    let everywhere = cli(&place, &url, &["logout", "--everywhere"], &new_pw, &[]).await;
    everywhere.ok();
    assert!(
        everywhere.stdout.contains("1 other besides"),
        "{}",
        everywhere.stdout
    );
    assert!(
        everywhere.stdout.contains("tokens stay valid")
            && everywhere.stdout.contains("hustings tokens revoke"),
        "{}",
        everywhere.stdout
    );
    let e = who(&mut c, &s1).await.expect_err("the session ended");
    assert_eq!(e.code(), Code::Unauthenticated);
    who(&mut c, &login_token)
        .await
        .expect("the login's token stays");
    assert_eq!(place.kept_token().as_deref(), Some(login_token.as_str()));

    // A finished match, for the profile and the export: cara joins and resigns.
    let created = cli(
        &place,
        &url,
        &["create", "presidency", "--seed", "3"],
        "",
        &[],
    )
    .await;
    created.ok();
    let match_id = created.stdout.trim().to_string();
    cli(&place, &url, &["join", &match_id, "--seat", "0"], "", &[])
        .await
        .ok();
    hustings::join(&mut c, &match_id, 1, "dan").await;
    c.resign(as_(
        &login_token,
        pb::ResignRequest {
            match_id: match_id.clone(),
            token: String::new(),
            seat: None,
        },
    ))
    .await
    .expect("resigned through the account");

    // Exported to stdout and to a private file: JSON naming the account.
    let export = cli(&place, &url, &["account", "export"], &new_pw, &[]).await;
    export.ok();
    let v: serde_json::Value = serde_json::from_str(&export.stdout).expect("the export is JSON");
    assert!(v.to_string().contains("cara"), "{}", export.stdout);
    let out = temp_dir("accounts-manage-export").join("cara.json");
    std::fs::create_dir_all(out.parent().expect("dir")).expect("dir");
    let to_file = cli(
        &place,
        &url,
        &[
            "account",
            "export",
            "--out",
            out.to_str().expect("utf-8 path"),
        ],
        &new_pw,
        &[],
    )
    .await;
    to_file.ok();
    assert!(to_file.stdout.is_empty(), "{}", to_file.stdout);
    let text = std::fs::read_to_string(&out).expect("the export file");
    let v: serde_json::Value = serde_json::from_str(&text).expect("the file is JSON");
    assert!(v.to_string().contains("cara"), "{text}");
    assert!(
        v.to_string().contains(&match_id),
        "the match is exported:\n{text}"
    );
    assert!(!text.contains(&login_token), "no secret is exported");
    #[cfg(unix)]
    assert_eq!(mode(&out), 0o600);

    // The profile, with no credential: the game counted and the result from cara's side.
    let profile = cli(&place, &url, &["profile", "cara"], "", &[]).await;
    profile.ok();
    assert!(
        profile.stdout.lines().next().unwrap_or("").contains("cara"),
        "{}",
        profile.stdout
    );
    assert!(
        profile.stdout.contains("presidency 1"),
        "{}",
        profile.stdout
    );
    let line = line_with(&profile.stdout, &match_id)
        .unwrap_or_else(|| panic!("the match is not listed:\n{}", profile.stdout));
    assert!(line.contains("lost"), "{}", profile.stdout);
    let nobody = cli(&place, &url, &["profile", "nobody-here"], "", &[]).await;
    assert_ne!(nobody.code, Some(0));
    assert!(nobody.stderr.contains("nobody-here"), "{}", nobody.stderr);

    // Deleting needs the handle typed out; a wrong one deletes nothing.
    let kept = cli(
        &place,
        &url,
        &["account", "delete"],
        &format!("{NEW}\nnot-cara\n"),
        &[],
    )
    .await;
    assert_ne!(kept.code, Some(0));
    assert!(kept.stderr.contains("not deleted"), "{}", kept.stderr);
    who(&mut c, &login_token).await.expect("still there");
    let deleted = cli(&place, &url, &["account", "delete", "--yes"], &new_pw, &[]).await;
    deleted.ok();
    assert!(
        deleted.stdout.contains("Deleted the account cara"),
        "{}",
        deleted.stdout
    );
    assert!(!place.logins().exists(), "the login is forgotten");
    let e = who(&mut c, &login_token)
        .await
        .expect_err("the token ended");
    assert_eq!(e.code(), Code::Unauthenticated);
    let e = c
        .sign_in(pb::SignInRequest {
            handle: "cara".into(),
            password: NEW.into(),
        })
        .await
        .expect_err("no such account");
    assert_eq!(e.code(), Code::Unauthenticated);
    let login = cli(&place, &url, &["login", "cara"], &new_pw, &[]).await;
    assert_ne!(login.code, Some(0));
    let e = c
        .get_profile(pb::GetProfileRequest {
            handle: "cara".into(),
        })
        .await
        .expect_err("the profile is gone");
    assert_eq!(e.code(), Code::NotFound);
    let gone = cli(&place, &url, &["profile", "cara"], "", &[]).await;
    assert_ne!(gone.code, Some(0));
    assert!(gone.stderr.contains("cara"), "{}", gone.stderr);
    server.shutdown().await;
}
