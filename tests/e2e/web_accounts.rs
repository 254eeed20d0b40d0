//! Accounts in the web client, in a real headless Chromium against a real in-process server:
//! signing up in the lobby (a refusal shows the server's message), the session cookie as the
//! browser holds it (HttpOnly, SameSite=Strict, out of `document.cookie` and the page's
//! storage), a match created and joined while signed in, then a second browser (a fresh
//! cookie jar) signed into the same account that finds the match under "My matches" (marked
//! when it is the account's turn) and plays its seat without the seat's token; signing out.
//! And a guest, who never signs in, creates, joins and plays as before. And one account
//! in a browser and in the terminal client at once: signed up in the browser, logged in
//! with `hustings login` (a real process), its seat played in turns from the page and from
//! `hustings play --match`, its match in "My matches" and `hustings mine`, its profile page
//! (#/profile/HANDLE), and its settings (a new password, signing out everywhere).
//! Skipped with a message when Chromium is not installed, failing under `CI=true` (see
//! `hustings::browser`). Screenshots land in `target/web-screenshots/accounts-*.png`.

use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

use fantoccini::Locator;
use hustings::browser::{Browser, one_at_a_time};
use hustings::cli_bin::hustings_bin;
use hustings::server_proc::temp_dir;
use hustings::{connect, start_server_with};
use hustings_proto::v1 as pb;
use hustings_service::{RunningServer, ServerConfig};
use serde_json::Value;
use tokio::io::AsyncWriteExt;
use tokio::process::Command;
use tokio::sync::MutexGuard;

const COOKIE: &str = "hustings_session";
const HANDLE: &str = "ada";
const PASSWORD: &str = "correct horse battery";
const WAIT: Duration = Duration::from_secs(30);

/// A browser, an in-memory server (registration open) and the browser tests' turn.
struct Stage {
    b: Browser,
    url: String,
    server: RunningServer,
    _turn: MutexGuard<'static, ()>,
}

impl Stage {
    async fn new() -> Option<Stage> {
        let turn = one_at_a_time().await;
        let b = Browser::launch().await?;
        let server = start_server_with(ServerConfig::default()).await;
        let url = server.url();
        Some(Stage {
            b,
            url,
            server,
            _turn: turn,
        })
    }

    async fn end(self) {
        self.b.close().await;
        self.server.shutdown().await;
    }
}

/// `document.querySelector(css)` as a script's value.
fn query(css: &str) -> String {
    format!(
        "return document.querySelector('{}');",
        css.replace('\\', "\\\\").replace('\'', "\\'")
    )
}

/// Waits for the element `css` finds.
async fn wait_css(b: &Browser, what: &str, css: &str) -> Value {
    b.wait_for(what, WAIT, &query(css)).await
}

/// Types `text` into the input `css` finds, as a person would (clearing it first).
async fn type_into(b: &Browser, css: &str, text: &str) {
    let el = b
        .client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no input {css}: {e}"));
    el.clear().await.expect("input cleared");
    el.send_keys(text).await.expect("typed");
}

/// Opens the lobby and waits for it to know whether the browser is signed in.
async fn open_lobby(b: &Browser, url: &str) {
    b.open(&format!("{url}/")).await;
    b.wait_for(
        "the lobby to know who is signed in",
        WAIT,
        "return document.querySelector('[data-account], [data-form]') && document.querySelector('[data-game]');",
    )
    .await;
}

/// Signs in through the lobby's form; waits for "Signed in as @ada".
async fn sign_in_from_lobby(b: &Browser, handle: &str, password: &str) {
    type_into(b, "[data-form=\"sign-in\"] input[name=\"handle\"]", handle).await;
    type_into(
        b,
        "[data-form=\"sign-in\"] input[name=\"password\"]",
        password,
    )
    .await;
    b.click("[data-action=\"sign-in\"]").await;
    wait_css(
        b,
        "\"Signed in as\" in the header",
        &format!("[data-account=\"{HANDLE}\"]"),
    )
    .await;
}

/// The session cookie as the browser holds it, if it holds one.
async fn session_cookie(b: &Browser) -> Option<fantoccini::cookies::Cookie<'static>> {
    b.client
        .get_all_cookies()
        .await
        .expect("cookies")
        .into_iter()
        .find(|c| c.name() == COOKIE)
}

/// The cookie is the server's, HttpOnly and SameSite=Strict: the page's scripts cannot read
/// it, and the page kept no copy of the session anywhere it can.
async fn assert_session_hidden(b: &Browser) {
    let c = session_cookie(b).await.expect("the session cookie is set");
    assert!(c.value().starts_with("hss_"), "a session: {c}");
    assert_eq!(c.http_only(), Some(true), "HttpOnly: {c}");
    assert_eq!(
        c.same_site().map(|s| s.to_string()).as_deref(),
        Some("Strict"),
        "SameSite=Strict: {c}"
    );
    assert_eq!(c.path(), Some("/"), "Path=/: {c}");
    let seen = b
        .js(
            "return [document.cookie, JSON.stringify({...localStorage}), \
             JSON.stringify({...sessionStorage})];",
        )
        .await;
    let seen = seen.to_string();
    assert!(!seen.contains(COOKIE), "the page sees the cookie: {seen}");
    assert!(
        !seen.contains(c.value()),
        "the page holds the session: {seen}"
    );
}

/// Creates a Presidential Race from the lobby's form, with you in seat 0 and seat 1 left
/// open for another person; returns its id (the page is then on the match).
async fn create_from_lobby(b: &Browser, url: &str) -> String {
    open_lobby(b, url).await;
    b.click("[data-game=\"presidency\"]").await;
    b.js(
        "const s = document.querySelector('[data-seat-kind=\"1\"]'); s.value = 'open'; \
         s.dispatchEvent(new Event('change', {bubbles: true})); return true;",
    )
    .await;
    b.click("[data-action=\"create\"]").await;
    let id = b
        .wait_for(
            "the new match's page",
            WAIT,
            "const m = /#\\/match\\/([^/]+)/.exec(location.hash); \
             return m && document.querySelector('[data-board]') ? m[1] : null;",
        )
        .await;
    id.as_str().expect("a match id").to_string()
}

/// Takes seat 1 over gRPC as a guest and plays it (its first offered choice each time) in
/// the background, so that seat 0 always comes to a decision.
async fn guest_plays_seat_1(url: &str, id: &str) -> tokio::task::JoinHandle<()> {
    let mut c = connect(url).await;
    let token = c
        .join_match(pb::JoinMatchRequest {
            match_id: id.into(),
            seat: Some(1),
            display_name: "Bea".into(),
            client_kind: pb::ClientKind::Human as i32,
        })
        .await
        .expect("seat 1 joined")
        .into_inner()
        .token;
    let id = id.to_string();
    tokio::spawn(async move {
        let mut stream = hustings::open_stream(&mut c, &id, &token, 0).await;
        let mut acted = None;
        while let Ok(Some(u)) = stream.message().await {
            if u.outcome.is_some() {
                return;
            }
            let Some(p) = u.prompt.as_ref().filter(|_| acted != Some(u.version)) else {
                continue;
            };
            let Some(choice) = p.choices.iter().find(|c| c.kind != "undo") else {
                continue;
            };
            acted = Some(u.version);
            let _ = c
                .act(pb::ActRequest {
                    match_id: id.clone(),
                    token: token.clone(),
                    version: u.version,
                    choice_id: choice.id.clone(),
                    seat: None,
                })
                .await;
        }
    })
}

/// The match page's state: version, the seat it plays, and the decision open now (its
/// board choices and buttons) when no choice is on its way.
const DECISION: &str = r#"
const page = document.querySelector('.match-page');
if (!page || !document.querySelector('[data-board]')) return null;
const prompt = document.querySelector('.prompt:not(.sending)');
const you = document.querySelector('.seat.you');
const version = Number(page.dataset.version);
const board = [...document.querySelectorAll('svg .clickable.offered[data-choice]')].map(e => e.dataset.choice);
const buttons = [...document.querySelectorAll('.choices button[data-choice]:not(:disabled)')].map(e => e.dataset.choice);
if (!prompt || Number(prompt.dataset.promptVersion) !== version || board.length + buttons.length === 0) return null;
return { version, viewer: you ? Number(you.dataset.seat) : null, board, buttons };
"#;

/// Waits for the page's decision as seat `seat`, makes one (a board choice if any, else the
/// first button) by a click, and waits for the page to move past it. Returns the version
/// it decided at.
async fn make_one_move(b: &Browser, seat: u64) -> u64 {
    let s = b.wait_for("a decision on the page", WAIT, DECISION).await;
    assert_eq!(s["viewer"], seat, "the page plays seat {seat}: {s}");
    let version = s["version"].as_u64().expect("a version");
    let first = |k: &str| {
        s[k].as_array()
            .and_then(|a| a.first())
            .and_then(Value::as_str)
            .map(str::to_string)
    };
    let css = match (first("board"), first("buttons")) {
        (Some(c), _) => format!("svg .clickable[data-choice=\"{c}\"]"),
        (None, Some(c)) => format!(".choices button[data-choice=\"{c}\"]"),
        (None, None) => panic!("no choice offered: {s}"),
    };
    b.click(&css).await;
    b.wait_for(
        "the page to move past the choice",
        WAIT,
        &format!(
            "const p = document.querySelector('.match-page'); \
             return p && Number(p.dataset.version) > {version};"
        ),
    )
    .await;
    version
}

/// The match as the server lists it.
async fn summary(url: &str, id: &str) -> pb::MatchSummary {
    let mut c = connect(url).await;
    c.list_matches(pb::ListMatchesRequest::default())
        .await
        .expect("list")
        .into_inner()
        .matches
        .into_iter()
        .find(|m| m.match_id == id)
        .expect("the match is listed")
}

/// Waits for "My matches" (the account's, from ListMyMatches) to list `id`, marked as the
/// account's turn when `my_turn`.
async fn wait_listed_as_mine(b: &Browser, id: &str, my_turn: bool) {
    let css = if my_turn {
        format!(".account-matches li.my-turn[data-match=\"{id}\"] [data-my-turn=\"true\"]")
    } else {
        format!(".account-matches [data-match=\"{id}\"]")
    };
    wait_css(b, "the match under the account's \"My matches\"", &css).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_account_plays_its_seat_from_a_second_browser_by_its_cookie() {
    let Some(stage) = Stage::new().await else {
        return;
    };
    let (a, url) = (&stage.b, stage.url.clone());

    // A guest on load: WhoAmI says UNAUTHENTICATED, quietly (no error, the forms shown).
    open_lobby(a, &url).await;
    wait_css(a, "the sign-in form", "[data-form=\"sign-in\"]").await;
    assert_eq!(
        a.js(&query("[role=\"alert\"]")).await,
        Value::Null,
        "no error for a guest"
    );

    // A refusal shows the server's message.
    a.click("[data-action=\"show-sign-up\"]").await;
    type_into(a, "[data-form=\"sign-up\"] input[name=\"handle\"]", HANDLE).await;
    type_into(
        a,
        "[data-form=\"sign-up\"] input[name=\"password\"]",
        "short",
    )
    .await;
    a.click("[data-action=\"sign-up\"]").await;
    let error = a
        .wait_for(
            "the refusal's message",
            WAIT,
            "const e = document.querySelector('[data-account-error]'); return e && e.textContent;",
        )
        .await;
    assert!(
        error
            .as_str()
            .unwrap_or("")
            .to_lowercase()
            .contains("password"),
        "the message says what was wrong: {error}"
    );
    assert!(
        session_cookie(a).await.is_none(),
        "no session after a refusal"
    );
    a.screenshot("accounts-refused").await;

    // Signing up signs in: the cookie is set, and hidden from the page.
    type_into(
        a,
        "[data-form=\"sign-up\"] input[name=\"password\"]",
        PASSWORD,
    )
    .await;
    a.click("[data-action=\"sign-up\"]").await;
    wait_css(
        a,
        "\"Signed in as\"",
        &format!("[data-account=\"{HANDLE}\"]"),
    )
    .await;
    assert_session_hidden(a).await;
    // A reload asks WhoAmI, which the cookie answers.
    a.client.refresh().await.expect("reload");
    wait_css(
        a,
        "\"Signed in as\" after a reload",
        &format!("[data-account=\"{HANDLE}\"]"),
    )
    .await;

    // A match created and seat 0 joined while signed in: the seat is the account's.
    let id = create_from_lobby(a, &url).await;
    let s = summary(&url, &id).await;
    assert_eq!(
        s.seats[0].handle, HANDLE,
        "seat 0 belongs to the account: {s:?}"
    );
    assert!(!s.seats[0].handle_bot);
    let bea = guest_plays_seat_1(&url, &id).await;

    // A second browser: a fresh cookie jar and storage, no seat token.
    let b = Browser::launch()
        .await
        .expect("Chromium launched once already");
    open_lobby(&b, &url).await;
    sign_in_from_lobby(&b, "ADA", PASSWORD).await;
    assert_session_hidden(&b).await;
    wait_listed_as_mine(&b, &id, false).await;
    // The other seats show their holders; the account's seat its handle.
    let line = b
        .wait_for(
            "the seats with the account's handle in the server's list",
            WAIT,
            &format!(
                "const e = document.querySelector('.match-list:not(.mine):not(.account-matches) [data-match=\"{id}\"]'); \
                 return e && e.textContent.includes('@{HANDLE}') ? e.textContent : null;"
            ),
        )
        .await;
    assert!(line.as_str().unwrap_or("").contains("Bea"), "{line}");
    b.click(&format!(
        ".account-matches [data-match=\"{id}\"] [data-action=\"open\"]"
    ))
    .await;

    // Its page plays seat 0 by the cookie alone.
    let decision = b.wait_for("B's decision as seat 0", WAIT, DECISION).await;
    assert_eq!(decision["viewer"], 0, "B plays seat 0: {decision}");
    let held = b
        .js("return localStorage.getItem('hustings.seats.v1');")
        .await;
    assert!(
        held.is_null() || held == "[]",
        "B holds no seat token: {held}"
    );
    // Meanwhile A's "My matches" marks it as the account's turn.
    open_lobby(a, &url).await;
    wait_listed_as_mine(a, &id, true).await;
    a.screenshot("accounts-lobby-your-turn").await;
    b.screenshot("accounts-second-browser-plays").await;
    let before = summary(&url, &id).await.version;
    let at = make_one_move(&b, 0).await;
    assert!(
        at >= before,
        "decided at v{at}, the server was at v{before}"
    );
    let after = summary(&url, &id).await;
    assert!(
        after.version > at,
        "the server took B's choice: v{} after v{at}",
        after.version
    );
    assert_session_hidden(&b).await;

    // Signing out clears the cookie; the page is a guest's again.
    b.open(&format!("{url}/")).await;
    wait_css(&b, "B signed in", &format!("[data-account=\"{HANDLE}\"]")).await;
    b.click("[data-action=\"sign-out\"]").await;
    wait_css(
        &b,
        "the sign-in form after signing out",
        "[data-form=\"sign-in\"]",
    )
    .await;
    assert!(session_cookie(&b).await.is_none(), "the cookie is gone");
    assert!(session_cookie(a).await.is_some(), "A's session lives on");

    bea.abort();
    b.close().await;
    stage.end().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_creates_joins_and_plays_as_before() {
    let Some(stage) = Stage::new().await else {
        return;
    };
    let (a, url) = (&stage.b, stage.url.clone());
    let id = create_from_lobby(a, &url).await;
    let s = summary(&url, &id).await;
    assert!(
        s.seats[0].taken && s.seats[0].handle.is_empty(),
        "a guest's seat: {s:?}"
    );
    let bea = guest_plays_seat_1(&url, &id).await;
    let at = make_one_move(a, 0).await;
    assert!(
        summary(&url, &id).await.version > at,
        "the server took the choice"
    );
    assert!(session_cookie(a).await.is_none(), "a guest has no session");
    // The lobby keeps the seat in this browser, as before.
    open_lobby(a, &url).await;
    wait_css(
        a,
        "the seat under \"My matches\"",
        &format!(".mine [data-match=\"{id}\"] [data-action=\"resume\"]"),
    )
    .await;
    bea.abort();
    stage.end().await;
}

/// What one run of the terminal client did.
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

impl Run {
    fn ok(self) -> Run {
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

/// Runs `hustings --server URL ARGS…` to its end with `home` as HOME (its logins under
/// `home/.config/hustings`), feeding it `stdin`.
async fn cli(home: &Path, url: &str, args: &[&str], stdin: &str) -> Run {
    let mut cmd = Command::new(hustings_bin());
    cmd.args(["--server", url])
        .args(args)
        .env("HOME", home)
        .env("NO_COLOR", "1")
        .env_remove("HUSTINGS_SERVER")
        .env_remove("HUSTINGS_TOKEN")
        .env_remove("HUSTINGS_KEY")
        .env_remove("XDG_CONFIG_HOME")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    let mut child = cmd.spawn().expect("the CLI starts");
    if let Some(mut pipe) = child.stdin.take() {
        let text = stdin.to_string();
        tokio::spawn(async move {
            let _ = pipe.write_all(text.as_bytes()).await;
        });
    }
    let out = tokio::time::timeout(Duration::from_secs(60), child.wait_with_output())
        .await
        .unwrap_or_else(|_| panic!("hustings {args:?} did not end within a minute"))
        .expect("the CLI runs");
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// One choice for the account's seat from `hustings play --match ID` (logged in: no seat
/// token), its first numbered choice; returns the server's version after it.
async fn cli_makes_one_move(home: &Path, url: &str, id: &str) -> u64 {
    let before = summary(url, id).await.version;
    let run = cli(
        home,
        url,
        &["play", "--match", id, "--choices-from", "-"],
        "1\n",
    )
    .await;
    // The choices ran out (3) after the one given.
    assert_eq!(
        run.code,
        Some(3),
        "one choice, then none left\nstdout:\n{}\nstderr:\n{}",
        run.stdout,
        run.stderr
    );
    assert!(
        run.stdout.contains("Your account holds seat Democrat"),
        "the CLI found the account's seat:\n{}",
        run.stdout
    );
    let after = summary(url, id).await.version;
    assert!(
        after > before,
        "the server took the CLI's choice: v{after} after v{before}"
    );
    after
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_account_plays_one_seat_from_the_browser_and_the_terminal_in_turns() {
    let Some(stage) = Stage::new().await else {
        return;
    };
    let (a, url) = (&stage.b, stage.url.clone());

    // Sign up in the browser.
    open_lobby(a, &url).await;
    a.click("[data-action=\"show-sign-up\"]").await;
    type_into(a, "[data-form=\"sign-up\"] input[name=\"handle\"]", HANDLE).await;
    type_into(
        a,
        "[data-form=\"sign-up\"] input[name=\"display-name\"]",
        "Ada L",
    )
    .await;
    type_into(
        a,
        "[data-form=\"sign-up\"] input[name=\"password\"]",
        PASSWORD,
    )
    .await;
    a.click("[data-action=\"sign-up\"]").await;
    wait_css(
        a,
        "\"Signed in as\"",
        &format!("[data-account=\"{HANDLE}\"]"),
    )
    .await;

    // Log in from the terminal client with the same account: the password on stdin.
    let home = temp_dir("web-accounts-cli").join("home");
    std::fs::create_dir_all(&home).expect("home made");
    let login = cli(&home, &url, &["login", HANDLE], &format!("{PASSWORD}\n"))
        .await
        .ok();
    assert!(login.stdout.contains("Logged in to"), "{}", login.stdout);
    let whoami = cli(&home, &url, &["whoami"], "").await.ok();
    assert!(whoami.stdout.contains(HANDLE), "{}", whoami.stdout);

    // A match made in the browser: seat 0 the account's, seat 1 a guest's (played over
    // gRPC in the background, so that seat 0 always comes back to a decision).
    let id = create_from_lobby(a, &url).await;
    let s = summary(&url, &id).await;
    assert_eq!(s.seats[0].handle, HANDLE, "seat 0 is the account's: {s:?}");
    let bea = guest_plays_seat_1(&url, &id).await;

    // The one seat in turns: a click in the page, a choice from the CLI, twice over. The
    // page (holding the seat's token) follows the CLI's choices on its stream.
    for round in 0..2 {
        let at = make_one_move(a, 0).await;
        let after = cli_makes_one_move(&home, &url, &id).await;
        assert!(after > at + 1, "round {round}: v{at} then v{after}");
    }
    a.screenshot("accounts-browser-and-cli").await;

    // The match under "My matches" in the browser, and in `hustings mine`.
    open_lobby(a, &url).await;
    wait_listed_as_mine(a, &id, false).await;
    let mine = cli(&home, &url, &["mine"], "").await.ok();
    let line = mine
        .stdout
        .lines()
        .find(|l| l.contains(&id))
        .unwrap_or_else(|| panic!("the match is not in `hustings mine`:\n{}", mine.stdout));
    assert!(line.contains("presidency"), "{}", mine.stdout);
    assert!(line.contains("Democrat"), "{}", mine.stdout);

    // The account resigns its seat through another session (gRPC, no seat token): the
    // match is over, a result on the profile.
    let mut c = connect(&url).await;
    let session = c
        .sign_in(pb::SignInRequest {
            handle: HANDLE.into(),
            password: PASSWORD.into(),
        })
        .await
        .expect("signed in over gRPC")
        .into_inner()
        .session_token;
    let resign = hustings::bearer(
        &session,
        pb::ResignRequest {
            match_id: id.clone(),
            token: String::new(),
            seat: None,
        },
    );
    c.resign(resign).await.expect("the account's seat resigns");
    open_lobby(a, &url).await;

    // The handle in the server's list links to the profile: the handle, the display name,
    // one Presidential Race, and the match lost by resigning, linking to its replay.
    a.click(&format!(
        ".match-list:not(.mine):not(.account-matches) [data-match=\"{id}\"] a.handle[data-handle=\"{HANDLE}\"]"
    ))
    .await;
    let profile = a
        .wait_for(
            "the profile page",
            WAIT,
            &format!(
                "const c = document.querySelector('[data-profile]'); \
                 const g = document.querySelector('[data-game-count=\"presidency\"] td'); \
                 const r = document.querySelector('.recent-results [data-match=\"{id}\"]'); \
                 return c && g && r ? {{ handle: c.querySelector('[data-profile-handle]').textContent, \
                   name: c.querySelector('h1').textContent, \
                   kind: c.querySelector('[data-profile-kind]').dataset.profileKind, \
                   total: c.querySelector('[data-profile-total]').dataset.profileTotal, \
                   presidency: g.textContent, hash: location.hash, result: r.dataset.result, \
                   words: r.querySelector('.result').textContent, \
                   replay: r.querySelector('[data-action=\"replay\"]').getAttribute('href') }} : null;"
            ),
        )
        .await;
    assert_eq!(profile["handle"], format!("@{HANDLE}"), "{profile}");
    assert!(
        profile["name"].as_str().unwrap_or("").contains("Ada L"),
        "{profile}"
    );
    assert_eq!(profile["kind"], "person", "{profile}");
    assert_eq!(profile["presidency"], "1", "{profile}");
    assert_eq!(profile["total"], "1", "{profile}");
    assert_eq!(profile["hash"], format!("#/profile/{HANDLE}"), "{profile}");
    assert_eq!(profile["result"], "lost", "{profile}");
    assert_eq!(profile["words"], "Lost (resigned)", "{profile}");
    assert_eq!(profile["replay"], format!("#/replay/{id}"), "{profile}");
    a.screenshot("accounts-profile").await;

    // The own profile's settings: a wrong current password is refused with the server's
    // message; the right one changes it, the page stays signed in.
    let new_password = "a longer horse battery";
    wait_css(a, "the account settings", "[data-form=\"change-password\"]").await;
    let form = "[data-form=\"change-password\"]";
    type_into(
        a,
        &format!("{form} input[name=\"current-password\"]"),
        "not the password",
    )
    .await;
    type_into(
        a,
        &format!("{form} input[name=\"new-password\"]"),
        new_password,
    )
    .await;
    type_into(
        a,
        &format!("{form} input[name=\"new-password-again\"]"),
        new_password,
    )
    .await;
    a.click("[data-action=\"change-password\"]").await;
    wait_css(a, "the refusal", "[data-settings-error]").await;
    type_into(
        a,
        &format!("{form} input[name=\"current-password\"]"),
        PASSWORD,
    )
    .await;
    a.click("[data-action=\"change-password\"]").await;
    let notice = a
        .wait_for(
            "the password changed",
            WAIT,
            "const n = document.querySelector('[data-settings-notice]'); return n && n.textContent;",
        )
        .await;
    assert!(
        notice.as_str().unwrap_or("").contains("Password changed"),
        "{notice}"
    );
    c.sign_in(pb::SignInRequest {
        handle: HANDLE.into(),
        password: new_password.into(),
    })
    .await
    .expect("the new password signs in");

    // Sign out everywhere (confirmed): the cookie goes, the page is a guest's; the CLI's
    // token is not a session and still works.
    a.click("[data-action=\"sign-out-everywhere\"]").await;
    a.click("[data-action=\"confirm-sign-out-everywhere\"]")
        .await;
    let notice = a
        .wait_for(
            "signed out everywhere",
            WAIT,
            "const n = document.querySelector('[data-settings-notice]'); \
             return n && !document.querySelector('[data-account]') && n.textContent.includes('everywhere') ? n.textContent : null;",
        )
        .await;
    assert!(notice.as_str().unwrap_or("").contains("ended"), "{notice}");
    assert!(session_cookie(a).await.is_none(), "the cookie is gone");
    cli(&home, &url, &["whoami"], "").await.ok();

    bea.abort();
    stage.end().await;
}
