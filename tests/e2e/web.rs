//! The web client (issue 17) in a real headless Chromium, against a real server and the real
//! bot pool (`hustings-bot pool`, a separate process): a whole Presidential Race played by
//! clicks on the board and its buttons, a spectator whose page never shows what is still
//! hidden, the server killed and restarted mid-match with the page carrying on by itself,
//! a choice clicked twice sent once, and the lobby's create / join / resume after a reload;
//! a Votes for Women solitaire against the Oppobot played to its outcome by clicks on the
//! map (with its cube-by-cube progress), and Votes for Women pages (a spectator's, a seat's)
//! that never show a hand they may not see; a match of The Vote played to its outcome by
//! clicks on its Regions and cards, and a spectator of The Vote that never sees a card
//! still in the Deck; keys, undo, clocks, resign and rematch from the page; the generic
//! board (forced by `?board=generic`) played by buttons. The outcomes are checked in words
//! ("The Oppobot wins", "You both lose to the Oppobot").
//! Skipped with a message when Chromium is not installed, failing under `CI=true` (see
//! `hustings::browser`). Screenshots land in `target/web-screenshots/`
//! (`HUSTINGS_UPDATE_SCREENSHOTS=1` also refreshes `docs/screenshots/`).

use std::collections::BTreeSet;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use hustings::browser::{Browser, HEIGHT, one_at_a_time};
use hustings::cli_bin::bot_bin;
use hustings::server_proc::{ServerProcess, temp_dir};
use hustings::{Client, connect, start_server_with};
use hustings_proto::v1 as pb;
use hustings_service::{RunningServer, ServerConfig};
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use serde_json::Value;
use tokio::sync::MutexGuard;

/// A `hustings-bot pool` process filling the server's bot seats; killed when dropped.
struct BotPool(Child);

impl BotPool {
    fn start(url: &str) -> BotPool {
        // A seat list of its own: the pool keeps its seats' tokens in its data directory.
        let data = temp_dir("web-pool");
        let child = Command::new(bot_bin())
            .args(["--server", url, "pool", "--ai", "greedy", "--data-dir"])
            .arg(&data)
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("hustings-bot pool starts");
        BotPool(child)
    }
}

impl Drop for BotPool {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// What every browser test stands on: its turn (browser tests run one at a time), a headless
/// Chromium, an in-memory server and, when asked, the bot pool filling the server's bot
/// seats. Dropping it kills the pool; [`Stage::end`] closes the browser and the server.
pub(crate) struct Stage {
    pub(crate) b: Browser,
    pub(crate) url: String,
    /// The seed the server deals its matches from (printed; `HUSTINGS_TEST_SEED` repeats it).
    seed: u64,
    server: RunningServer,
    _pool: Option<BotPool>,
    _turn: MutexGuard<'static, ()>,
}

impl Stage {
    /// Sets the stage (with the bot pool when `pool`); `None`, after a message, when
    /// Chromium is not installed (see `hustings::browser`).
    async fn new(pool: bool) -> Option<Stage> {
        Stage::on(pool, None).await
    }

    /// The stage with its browser on a phone of `phone` (width, height) CSS pixels.
    pub(crate) async fn on(pool: bool, phone: Option<(u32, u32)>) -> Option<Stage> {
        let turn = one_at_a_time().await;
        let b = match phone {
            Some((w, h)) => Browser::launch_phone(w, h).await?,
            None => Browser::launch().await?,
        };
        let seed = hustings::test_seed("browser test");
        let server = start_server_with(ServerConfig {
            match_seeds: Some(seed),
            ..ServerConfig::default()
        })
        .await;
        let url = server.url();
        let pool = pool.then(|| BotPool::start(&url));
        Some(Stage {
            b,
            url,
            seed,
            server,
            _pool: pool,
            _turn: turn,
        })
    }

    /// A second browser with a profile of its own (another person, or a spectator's tab).
    async fn another_browser(&self) -> Browser {
        Browser::launch()
            .await
            .expect("Chromium launched once already")
    }

    /// Closes the browser and shuts the server down.
    pub(crate) async fn end(self) {
        self.b.close().await;
        self.server.shutdown().await;
    }
}

/// Creates a match over gRPC (not from the lobby), with nobody seated yet; returns a client
/// and the match's id.
async fn create_over_grpc(
    url: &str,
    game: &str,
    variant: &str,
    options: &[(&str, &str)],
) -> (Client, String) {
    let mut c = connect(url).await;
    let id = c
        .create_match(pb::CreateMatchRequest {
            game: game.into(),
            variant: variant.into(),
            options: options
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            ..Default::default()
        })
        .await
        .expect("created")
        .into_inner()
        .summary
        .expect("summary")
        .match_id;
    (c, id)
}

/// Plays the seat of `token` to the end with random legal choices (never an undo), 60 ms
/// apart so that a page watching can be read at nearly every version; `record` sees every
/// update the seat's stream sends (into `out`, returned at the end).
async fn play_randomly<R>(
    url: String,
    id: String,
    token: String,
    seed: u64,
    mut out: R,
    mut record: impl FnMut(&mut R, &pb::MatchUpdate),
) -> R {
    let mut c = connect(&url).await;
    let mut stream = hustings::open_stream(&mut c, &id, &token, 0).await;
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut acted = None;
    while let Some(u) = stream.message().await.expect("stream") {
        record(&mut out, &u);
        if u.outcome.is_some() {
            break;
        }
        // Presence changes resend the prompt: act once per version.
        let Some(p) = u.prompt.as_ref().filter(|_| acted != Some(u.version)) else {
            continue;
        };
        let game: Vec<_> = p.choices.iter().filter(|c| c.kind != "undo").collect();
        let Some(choice) = game.choose(&mut rng) else {
            continue;
        };
        acted = Some(u.version);
        tokio::time::sleep(Duration::from_millis(60)).await;
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
    out
}

/// Waits for `game`'s board on the page (`data-board`, "generic" for the generic board).
pub(crate) async fn wait_board(b: &Browser, game: &str) {
    b.wait_for(
        &format!("the {game} board"),
        Duration::from_secs(20),
        &format!("return document.querySelector('[data-board=\"{game}\"]');"),
    )
    .await;
}

/// What the match page shows, read in one script: its version, the stream's health, the
/// prompt's version while a decision is open (and no choice is on its way), the choices
/// offered on the board and as buttons, and the outcome's winners once over.
const PAGE_STATE: &str = r#"
const page = document.querySelector('.match-page');
if (!page || !document.querySelector('[data-board]')) return null;
const prompt = document.querySelector('.prompt:not(.sending)');
const outcome = document.querySelector('.outcome');
return {
  version: Number(page.dataset.version),
  link: page.dataset.link,
  prompt: prompt ? Number(prompt.dataset.promptVersion) : null,
  board: [...document.querySelectorAll('svg .clickable.offered[data-choice]')].map(e => e.dataset.choice),
  buttons: [...document.querySelectorAll('.choices button[data-choice]:not(:disabled)')].map(e => e.dataset.choice),
  outcome: outcome ? outcome.dataset.outcome : null,
  viewer: document.querySelector('.seat.you') ? Number(document.querySelector('.seat.you').dataset.seat) : null,
};
"#;

/// The page state once a decision is open or the match is over.
const READY: &str = r#"
const s = (() => { PAGE })();
if (!s) return null;
if (s.outcome !== null) return s;
return s.prompt !== null && s.prompt === s.version && (s.board.length + s.buttons.length) > 0 ? s : null;
"#;

pub(crate) fn ready_script() -> String {
    READY.replace("PAGE", PAGE_STATE)
}

fn version_of(s: &Value) -> u64 {
    s["version"].as_u64().unwrap_or(0)
}

fn list(s: &Value, key: &str) -> Vec<String> {
    s[key]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// The lobby form's fields a test sets; the others keep the form's defaults: the first
/// variant, you in seat 0, a greedy bot in every other seat, no clock.
#[derive(Clone, Copy, Default)]
pub(crate) struct Form<'a> {
    pub(crate) variant: Option<&'a str>,
    /// Who plays seat 1: "open" for another person.
    pub(crate) second: Option<&'a str>,
    /// The clock ("game": the form's time bank).
    pub(crate) clock: Option<&'a str>,
    /// The grace before a win by absence (a value of the form's select: "300000" is 5 min).
    pub(crate) grace: Option<&'a str>,
    /// Tick "bots may claim it too".
    pub(crate) bots_claim: bool,
    /// The AI and named level for seat 1 (a bot seat), picked from the catalogue's lists.
    pub(crate) bot: Option<(&'a str, &'a str)>,
}

/// Creates a match of `game` from the lobby's form as a person would, with `form`'s
/// changes. Returns the new match's id; the page is then on the match.
pub(crate) async fn create_from_lobby(
    b: &Browser,
    url: &str,
    game: &str,
    form: Form<'_>,
) -> String {
    b.open(&format!("{url}/")).await;
    let card = format!("[data-game=\"{game}\"]");
    b.wait_for(
        "the lobby's catalogue",
        Duration::from_secs(20),
        &format!("return document.querySelector('{card}');"),
    )
    .await;
    b.click(&card).await;
    let set = |select: &str, value: &str| {
        format!(
            "const s = document.querySelector('{select}'); s.value = '{value}'; \
             s.dispatchEvent(new Event('change', {{bubbles: true}})); return true;"
        )
    };
    if let Some(v) = form.variant {
        b.js(&set("#variant", v)).await;
    }
    if let Some(kind) = form.second {
        b.js(&set("[data-seat-kind=\"1\"]", kind)).await;
    }
    if let Some((ai, level)) = form.bot {
        b.js(&set("[data-seat-ai=\"1\"]", ai)).await;
        b.js(&set("[data-seat-level=\"1\"]", level)).await;
        // The form says what the level plays like, in the catalogue's words.
        let about = b
            .wait_for(
                "the level's sentence",
                Duration::from_secs(5),
                "const e = document.querySelector('[data-seat-about=\"1\"]'); \
                 return e && e.textContent.length > 0 ? e.textContent : null;",
            )
            .await;
        let want = hustings_proto::ais::named_level(ai, level).expect("a listed level");
        assert_eq!(about.as_str(), Some(want.description));
    }
    if let Some(clock) = form.clock {
        b.js(&set("select[aria-label=\"Clock\"]", clock)).await;
    }
    if let Some(grace) = form.grace {
        b.js(&set(
            "select[aria-label=\"Grace before a win by absence\"]",
            grace,
        ))
        .await;
    }
    if form.bots_claim {
        b.click(".absence-plan input[type=\"checkbox\"]").await;
    }
    b.click("[data-action=\"create\"]").await;
    let id = b
        .wait_for(
            "the new match's page",
            Duration::from_secs(20),
            "const m = /#\\/match\\/([^/]+)/.exec(location.hash); \
             return m && document.querySelector('[data-board]') ? m[1] : null;",
        )
        .await;
    id.as_str().expect("a match id").to_string()
}

/// Waits until the page has a decision open (or the match is over) and returns its state.
pub(crate) async fn ready(b: &Browser, timeout: Duration) -> Value {
    b.wait_for("a decision or the outcome", timeout, &ready_script())
        .await
}

/// Makes the decision open in state `s` by clicking: a choice drawn on the board when there
/// is one, else a button (at random, with a bias to end the turn so the race moves on);
/// then waits for the match to move on.
pub(crate) async fn click_one(
    b: &Browser,
    s: &Value,
    rng: &mut rand::rngs::StdRng,
    timeout: Duration,
) {
    let board = list(s, "board");
    let buttons = list(s, "buttons");
    let id = match board.choose(rng) {
        Some(id) => id.clone(),
        None if buttons.iter().any(|c| c == "done") && rand::Rng::random_bool(rng, 0.6) => {
            "done".to_string()
        }
        None => buttons.choose(rng).cloned().expect("a button"),
    };
    click_choice(b, s, &id, timeout).await;
}

/// Makes one decision by clicking (see [`click_one`]); returns the state it decided in, or
/// the final one once the match is over.
async fn decide(b: &Browser, rng: &mut rand::rngs::StdRng, timeout: Duration) -> Value {
    let s = ready(b, timeout).await;
    if s["outcome"].is_null() {
        click_one(b, &s, rng, timeout).await;
    }
    s
}

/// Milliseconds from the page's start to its first board (the client's performance mark).
pub(crate) async fn time_to_first_board(b: &Browser) -> f64 {
    let v = b
        .wait_for(
            "the first board",
            Duration::from_secs(20),
            "const m = performance.getEntriesByName('hustings:first-board')[0]; return m ? m.startTime : null;",
        )
        .await;
    v.as_f64().expect("a time")
}

/// The page fits the window: nothing scrolls, and the prompt panel ends inside the window.
async fn assert_fits_window(b: &Browser) {
    let v = b
        .js(
            "const p = document.querySelector('.prompt-panel').getBoundingClientRect(); \
             return [document.documentElement.scrollHeight, window.innerHeight, p.bottom, \
                     document.documentElement.scrollWidth, window.innerWidth];",
        )
        .await;
    let n = |i: usize| v[i].as_f64().unwrap_or(f64::MAX);
    assert_eq!(n(1), HEIGHT as f64, "the viewport is 1280×800");
    assert!(n(0) <= n(1), "the page scrolls vertically: {v}");
    assert!(n(3) <= n(4), "the page scrolls horizontally: {v}");
    assert!(n(2) <= n(1), "the prompt panel ends below the window: {v}");
}

/// The match's summary as the server has it.
pub(crate) async fn summary(url: &str, id: &str) -> pb::MatchSummary {
    let mut c = connect(url).await;
    let all = c
        .list_matches(pb::ListMatchesRequest::default())
        .await
        .expect("list")
        .into_inner()
        .matches;
    all.into_iter()
        .find(|m| m.match_id == id)
        .expect("the match is listed")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_picks_the_tree_searchs_easy_level_and_the_pool_plays_it() {
    let Some(stage) = Stage::new(true).await else {
        return;
    };
    let (b, url) = (&stage.b, stage.url.clone());
    let form = Form {
        bot: Some(("ismcts", "easy")),
        ..Form::default()
    };
    let id = create_from_lobby(b, &url, "presidency", form).await;
    let m = summary(&url, &id).await;
    let bot = &m.seats[1];
    assert!(bot.bot);
    assert_eq!((bot.ai.as_str(), bot.ai_level.as_str()), ("ismcts", "easy"));
    // The pool takes the seat at that level and answers: the person gets decision after
    // decision, the bot's turns between them played.
    let mut rng = rand::rngs::StdRng::seed_from_u64(5);
    let before = summary(&url, &id).await.version;
    for _ in 0..12 {
        let s = ready(b, Duration::from_secs(60)).await;
        if !s["outcome"].is_null() {
            break;
        }
        click_one(b, &s, &mut rng, Duration::from_secs(60)).await;
    }
    let m = summary(&url, &id).await;
    assert!(m.seats[1].taken, "the pool took the seat");
    assert!(
        m.version > before + 12,
        "the bot played too: {} → {}",
        before,
        m.version
    );
    stage.end().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_presidential_race_played_by_clicks_against_the_bot_pool() {
    let Some(stage) = Stage::new(true).await else {
        return;
    };
    let (b, url) = (&stage.b, stage.url.clone());
    let id = create_from_lobby(b, &url, "presidency", Form::default()).await;
    // Load the match page afresh (it finds its seat token in the browser's storage), so
    // "time to first board" measures a whole page load.
    b.open("about:blank").await;
    b.open(&format!("{url}/#/match/{id}")).await;
    let first_board = time_to_first_board(b).await;
    println!("time to first board (page load → board drawn): {first_board:.0} ms");

    let mut rng = rand::rngs::StdRng::seed_from_u64(17);
    let mut shot = false;
    let mut decisions = 0;
    let started = Instant::now();
    let last = loop {
        let s = ready(b, Duration::from_secs(60)).await;
        if !s["outcome"].is_null() {
            break s;
        }
        decisions += 1;
        assert_eq!(s["viewer"], 0, "the page plays the Democrat");
        if !shot && decisions >= 24 && list(&s, "board").iter().any(|c| c == "dice:2d6") {
            // Mid-race, at a roll: the reach of both rolls is drawn.
            assert_fits_window(b).await;
            b.screenshot_for_docs("presidency").await;
            shot = true;
        }
        click_one(b, &s, &mut rng, Duration::from_secs(60)).await;
        assert!(decisions < 400, "the race does not end");
    };
    println!(
        "{decisions} decisions made by clicks in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    assert!(shot, "a screenshot was taken mid-race");
    b.screenshot("presidency-outcome").await;

    // The page's outcome and version are the server's.
    let m = summary(&url, &id).await;
    assert_eq!(m.status, pb::MatchStatus::Finished as i32);
    let winners: Vec<String> = m
        .outcome
        .expect("an outcome")
        .winners
        .iter()
        .map(|w| w.to_string())
        .collect();
    assert_eq!(last["outcome"].as_str(), Some(winners.join(",").as_str()));
    let headline = match winners.join(",").as_str() {
        "0" => "You win",
        "1" => "Republican wins",
        _ => "You share the win with Republican",
    };
    assert_eq!(outcome_headline(b).await, headline, "the outcome in words");
    let text = b.text().await;
    assert!(
        text.contains("Replay"),
        "the finished match offers its replay"
    );

    // The replay steps through the match with the board.
    b.open(&format!("{url}/#/replay/{id}")).await;
    let end = m.version;
    b.wait_for(
        "the replay at its end",
        Duration::from_secs(20),
        &format!(
            "return document.querySelector('[data-replay-version=\"{end}\"] svg[data-board]');"
        ),
    )
    .await;
    for _ in 0..3 {
        b.click("[data-action=\"back\"]").await;
    }
    b.wait_for(
        "the replay three versions back",
        Duration::from_secs(20),
        &format!(
            "return document.querySelector('[data-replay-version=\"{}\"] svg[data-board]');",
            end - 3
        ),
    )
    .await;
    b.screenshot_for_docs("presidency-replay").await;
    stage.end().await;
}

/// Follows a match as a spectator in the browser until its outcome, reading the page at
/// every version it shows (see [`Seen`]); `start_players` is called once the page shows the
/// board, and with `shot` (a name, a version) the page is photographed for the docs once
/// past that version. Asserts the page never offers a choice or a seat's actions.
async fn spectate(
    b: &Browser,
    url: &str,
    id: &str,
    start_players: impl FnOnce(),
    shot: Option<(&str, u64)>,
) -> Vec<Seen> {
    b.open(&format!("{url}/#/match/{id}/watch")).await;
    b.wait_for(
        "the spectator's board",
        Duration::from_secs(20),
        "return document.querySelector('svg[data-board]');",
    )
    .await;
    start_players();
    let mut seen: Vec<Seen> = Vec::new();
    let mut shot = shot;
    let deadline = Instant::now() + Duration::from_secs(240);
    loop {
        let v = read_page(b).await;
        if !v.is_null() {
            assert_spectator(&v);
            Seen::add(&mut seen, &v);
            if let Some((name, after)) = shot
                && version_of(&v) > after
            {
                b.screenshot_for_docs(name).await;
                shot = None;
            }
            if !v["outcome"].is_null() {
                assert!(shot.is_none(), "the spectator's page was photographed");
                return seen;
            }
        }
        assert!(Instant::now() < deadline, "the watched match did not end");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A match of `game` (game, variant, options) created over gRPC, its two seats played by
/// random players ([`play_randomly`], seeds `seed` and `seed + 1`, each recording into an
/// `R` with `record`) that start once the browser follows it as a spectator
/// ([`spectate`], with `shot`) until its outcome. Returns a client, the match's id, the
/// pages seen and what each seat recorded.
async fn spectate_random_match<R: Default + Send + 'static>(
    b: &Browser,
    url: &str,
    game: (&str, &str, &[(&str, &str)]),
    seed: u64,
    record: fn(&mut R, &pb::MatchUpdate),
    shot: Option<(&str, u64)>,
) -> (Client, String, Vec<Seen>, Vec<R>, Vec<VfwHidden>) {
    let (mut c, id) = create_over_grpc(url, game.0, game.1, game.2).await;
    // What the server sends a spectator, beside the spectator's page.
    let spectator = tokio::spawn(watch_vfw_hidden(url.to_string(), id.clone(), String::new()));
    let mut tokens = Vec::new();
    for seat in 0..2 {
        tokens.push(hustings::join(&mut c, &id, seat, "slow random").await);
    }
    let mut players = Vec::new();
    let start = || {
        for (seat, token) in tokens.into_iter().enumerate() {
            let play = play_randomly(
                url.to_string(),
                id.clone(),
                token,
                seed + seat as u64,
                R::default(),
                record,
            );
            players.push(tokio::spawn(play));
        }
    };
    let seen = spectate(b, url, &id, start, shot).await;
    let mut recorded = Vec::new();
    for p in players {
        recorded.push(p.await.expect("a player plays to the end"));
    }
    let spectator = spectator.await.expect("the spectator's stream follows");
    (c, id, seen, recorded, spectator)
}

/// A spectator's page (read by [`read_page`]) offers no choice and holds no seat.
fn assert_spectator(v: &Value) {
    assert_eq!(v["actions"], 0, "a spectator is offered no choice: {v}");
    assert!(v["viewer"].is_null(), "a spectator holds no seat");
}

/// The names of the Presidential Race's cards, by id, from a match's reference.
fn card_names(reference: &pb::MatchReference) -> std::collections::HashMap<String, String> {
    match &reference.game {
        Some(pb::match_reference::Game::Presidency(p)) => p
            .cards
            .iter()
            .map(|c| (c.id.clone(), c.name.clone()))
            .collect(),
        _ => Default::default(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectators_page_never_shows_what_is_still_hidden() {
    let Some(stage) = Stage::new(false).await else {
        return;
    };
    let (b, url) = (&stage.b, stage.url.clone());
    // Two unhurried random players take the seats once the spectator's page is open.
    let (mut c, id, seen, _, _) = spectate_random_match::<()>(
        b,
        &url,
        ("presidency", "", &[("rounds", "12")]),
        40,
        |_, _| {},
        None,
    )
    .await;
    assert!(
        seen.len() > 5,
        "the spectator saw the match move: {}",
        seen.len()
    );
    b.screenshot("presidency-spectator").await;

    // In the Presidential Race the seats see no more than spectators: what is hidden from
    // everyone is the decks' order. So at each version the page showed, no card drawn only
    // later may appear on it.
    let replay = c
        .get_replay(pb::GetReplayRequest {
            match_id: id.clone(),
        })
        .await
        .expect("replay")
        .into_inner();
    let reference = c
        .get_replay_view(pb::GetReplayViewRequest {
            match_id: id.clone(),
            version: 0,
        })
        .await
        .expect("replay view")
        .into_inner()
        .reference
        .expect("reference");
    let names = card_names(&reference);
    let board: BTreeSet<String> = match &reference.game {
        Some(pb::match_reference::Game::Presidency(p)) => {
            p.board.iter().map(|s| s.name.clone()).collect()
        }
        _ => BTreeSet::new(),
    };
    // Card names drawn at each version (0: set-up), in order.
    let mut drawn: Vec<(u64, String)> = Vec::new();
    let log_cards = |v: u64, log: &[pb::LogEntry], out: &mut Vec<(u64, String)>| {
        for e in log.iter().filter(|e| !e.card.is_empty()) {
            if let Some(n) = names.get(&e.card) {
                out.push((v, n.clone()));
            }
        }
    };
    log_cards(0, &replay.setup_log, &mut drawn);
    for ch in &replay.choices {
        log_cards(ch.version, &ch.log, &mut drawn);
    }
    let mut checked = 0;
    for Seen { version, text, .. } in &seen {
        let known: BTreeSet<&String> = drawn
            .iter()
            .filter(|(v, _)| v <= version)
            .map(|(_, n)| n)
            .collect();
        for (v, name) in drawn.iter().filter(|(v, _)| v > version) {
            if known.contains(name) || board.contains(name) {
                continue;
            }
            checked += 1;
            assert!(
                !text.contains(name.as_str()),
                "at version {version} the spectator's page shows {name:?}, drawn only at version {v}"
            );
        }
    }
    assert!(
        checked > 0,
        "some cards were still hidden when the page was read"
    );
    stage.end().await;
}

/// A Votes for Women choice that names a state (`state:NY`, `purple:NY`, `yellow:NY`).
fn names_a_state(id: &str) -> bool {
    ["state:", "purple:", "yellow:"]
        .iter()
        .any(|p| id.strip_prefix(p).is_some_and(|c| c.len() == 2))
}

/// The prompt panel's progress bar, when it shows one: (label, step, steps).
async fn progress_bar(b: &Browser) -> Option<(String, u64, u64)> {
    let v = b
        .js("const p = document.querySelector('.progress'); return p ? [p.getAttribute('aria-label'), \
             Number(p.getAttribute('aria-valuenow')), Number(p.getAttribute('aria-valuemax'))] : null;")
        .await;
    Some((
        v.get(0)?.as_str()?.to_string(),
        v.get(1)?.as_u64()?,
        v.get(2)?.as_u64()?,
    ))
}

/// Clicks choice `id` of state `s` (on the board when it is drawn there, else its button)
/// and waits for the match to move on.
async fn click_choice(b: &Browser, s: &Value, id: &str, timeout: Duration) {
    if list(s, "board").iter().any(|c| c == id) {
        b.click(&format!("svg .clickable[data-choice=\"{id}\"]"))
            .await;
    } else {
        b.click(&format!(".choices button[data-choice=\"{id}\"]"))
            .await;
    }
    let v = version_of(s);
    b.wait_for(
        "the match to move on after a click",
        timeout,
        &format!(
            "const s = (() => {{ {PAGE_STATE} }})(); return s && (s.version > {v} || s.outcome !== null);"
        ),
    )
    .await;
}

/// What playing a Votes for Women seat by clicks did (see [`play_vfw_by_clicks`]).
#[derive(Default)]
pub(crate) struct VfwPlay {
    pub(crate) decisions: usize,
    /// Choices made by clicking a state on the map, and of those, yellow cubes.
    pub(crate) on_states: usize,
    yellow: usize,
    /// Times the progress bar read one step on after a click ("cube 3 of 8" → "4 of 8").
    steps: usize,
    /// What those steps were part of: the label before ':' ("Campaigning", a card's name).
    progress: BTreeSet<String>,
    /// The kinds of choice (the id's part before ':') made by clicks on the board.
    board_kinds: BTreeSet<String>,
    /// The page at each decision (when asked for).
    seen: Vec<Seen>,
    /// Whether the docs' screenshot was taken.
    pub(crate) shot: bool,
}

/// Plays the page's Votes for Women seat to the outcome by clicks, at random: a choice drawn
/// on the board when there is one (states on the map, regions, cards), else a button;
/// asserts no state choice is ever a button, sometimes picks yellow cubes with the colour
/// picker, follows the progress bar, and takes `shot` (for the docs) mid-game with states
/// on offer.
pub(crate) async fn play_vfw_by_clicks(
    b: &Browser,
    seed: u64,
    shot: Option<&str>,
    read_text: bool,
) -> VfwPlay {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut out = VfwPlay::default();
    // The progress bar before the last click.
    let mut before: Option<(String, u64, u64)> = None;
    loop {
        let mut s = ready(b, Duration::from_secs(60)).await;
        if !s["outcome"].is_null() {
            return out;
        }
        out.decisions += 1;
        assert!(out.decisions < 1500, "the game does not end");
        let buttons = list(&s, "buttons");
        assert!(
            !buttons.iter().any(|c| names_a_state(c)),
            "a state choice is a button, not a state on the map: {buttons:?}"
        );
        let progress = progress_bar(b).await;
        if let (Some((label, done, total)), Some((l0, d0, t0))) = (&progress, &before)
            && label.split(':').next() == l0.split(':').next()
            && total == t0
            && *done == d0 + 1
        {
            out.steps += 1;
            out.progress
                .insert(label.split(':').next().unwrap_or("").to_string());
        }
        // Where a state takes a cube of either colour, pick one now and then, by a click on
        // the colour picker or by its key (P, Y): the map then offers cubes of that colour.
        let both = b
            .js("return !!document.querySelector('svg .colour-picker');")
            .await;
        if both == true && rand::Rng::random_bool(&mut rng, 0.6) {
            let colour = *["purple", "yellow"].choose(&mut rng).expect("a colour");
            // On a touch screen there is no keyboard: always the picker.
            if b.is_touch() || rand::Rng::random_bool(&mut rng, 0.5) {
                b.click(&format!("svg .colour-picker [data-colour='{colour}']"))
                    .await;
            } else {
                b.press_key(if colour == "purple" { 'p' } else { 'y' })
                    .await;
            }
            let other = if colour == "purple" {
                "yellow"
            } else {
                "purple"
            };
            s = b
                .wait_for(
                    &format!("{colour} cubes offered on the map, and no {other} ones"),
                    Duration::from_secs(10),
                    &format!(
                        "const s = (() => {{ {READY} }})(); return s && s.board.some(c => c.startsWith('{colour}:')) \
                         && !s.board.some(c => c.startsWith('{other}:')) ? s : null;",
                        READY = ready_script()
                    ),
                )
                .await;
        }
        if read_text {
            out.seen.push(Seen::from_page(&read_page(b).await));
        }
        let board = list(&s, "board");
        // The match is dealt from a fresh seed each run, so the colour picker may never be
        // up mid-game with states on offer: past 80 decisions the shot does without it.
        if let Some(name) = shot.filter(|_| !out.shot)
            && out.decisions > 30
            && (both == true || out.decisions > 80)
            && board.iter().filter(|c| names_a_state(c)).count() > 4
        {
            // Mid-game, cubes to place: the map's offered states are highlighted. (A touch
            // screen's page scrolls: the phone layout is one column.)
            if !b.is_touch() {
                assert_fits_window(b).await;
            }
            b.screenshot_for_docs(name).await;
            out.shot = true;
        }
        // A board choice when there is one, else a button (with a bias to end the turn);
        // until a Campaigning has shown its progress, a card's Campaigning action half the
        // times it is offered.
        let campaign: Vec<&String> = board
            .iter()
            .filter(|c| c.starts_with("campaign:"))
            .collect();
        let pick = if !out.progress.contains("Campaigning")
            && !campaign.is_empty()
            && rand::Rng::random_bool(&mut rng, 0.5)
        {
            campaign.choose(&mut rng).copied()
        } else {
            board.choose(&mut rng)
        };
        let id = match pick {
            Some(id) => {
                out.board_kinds
                    .insert(id.split(':').next().unwrap_or("").to_string());
                id.clone()
            }
            None if buttons.iter().any(|c| c == "done")
                && rand::Rng::random_bool(&mut rng, 0.6) =>
            {
                "done".to_string()
            }
            None => buttons.choose(&mut rng).cloned().expect("a choice"),
        };
        out.on_states += usize::from(names_a_state(&id));
        out.yellow += usize::from(id.starts_with("yellow:"));
        click_choice(b, &s, &id, Duration::from_secs(60)).await;
        before = progress;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_votes_for_women_solitaire_played_by_clicks_on_the_map_against_the_oppobot() {
    let Some(stage) = Stage::new(false).await else {
        return;
    };
    let (b, url) = (&stage.b, stage.url.clone());
    let id = create_from_lobby(
        b,
        &url,
        "votes-for-women",
        Form {
            variant: Some("solitaire"),
            ..Form::default()
        },
    )
    .await;
    // Load the match page afresh, so "time to first board" measures a whole page load.
    b.open("about:blank").await;
    b.open(&format!("{url}/#/match/{id}")).await;
    let first_board = time_to_first_board(b).await;
    println!("Votes for Women: time to first board (page load → board drawn): {first_board:.0} ms");
    b.wait_for(
        "the Votes for Women board",
        Duration::from_secs(20),
        "return document.querySelector('svg[data-board=\"votes-for-women\"]');",
    )
    .await;
    let started = Instant::now();
    let p = play_vfw_by_clicks(b, 19, Some("votes-for-women"), false).await;
    println!(
        "Votes for Women solitaire: {} decisions by clicks ({} on states, {} of them yellow \
         cubes; {} progress steps followed, of {:?}; on the board: {:?}) in {:.1} s",
        p.decisions,
        p.on_states,
        p.yellow,
        p.steps,
        p.progress,
        p.board_kinds,
        started.elapsed().as_secs_f64()
    );
    b.screenshot("votes-for-women-outcome").await;
    let m = summary(&url, &id).await;
    assert_eq!(m.status, pb::MatchStatus::Finished as i32);
    assert!(
        b.js("return !!document.querySelector('.outcome');").await == true,
        "the page shows the outcome"
    );
    assert!(p.shot, "a screenshot was taken with states on offer");
    assert!(
        p.on_states > 20,
        "states were clicked on the map: {}",
        p.on_states
    );
    assert!(
        p.yellow > 0,
        "yellow cubes were placed from the colour picker"
    );
    assert!(
        p.steps > 0,
        "a multi-step play showed its progress step by step"
    );
    assert!(
        p.progress.contains("Campaigning"),
        "Campaigning showed its cube-by-cube progress: {:?}",
        p.progress
    );
    // The outcome in words: a win of the Oppobot (no seat won) is not "a draw".
    let won = !m.outcome.expect("an outcome").winners.is_empty();
    assert_eq!(
        outcome_headline(b).await,
        if won { "You win" } else { "The Oppobot wins" },
        "the outcome's headline"
    );
    stage.end().await;
}

/// What a page showed at one version: its whole text (HTML and SVG, tooltips too) and the
/// ids of the cards it drew (`data-card`).
#[derive(Clone)]
struct Seen {
    version: u64,
    text: String,
    cards: BTreeSet<String>,
}

impl Seen {
    /// The page as [`read_page`] read it.
    fn from_page(v: &Value) -> Seen {
        Seen {
            version: version_of(v),
            text: v["text"].as_str().unwrap_or("").to_string(),
            cards: list(v, "cards").into_iter().collect(),
        }
    }

    /// Adds the page read as `v` to `seen` when it shows a version not there yet.
    fn add(seen: &mut Vec<Seen>, v: &Value) {
        if seen.last().map(|l| l.version) != Some(version_of(v)) {
            seen.push(Seen::from_page(v));
        }
    }
}

/// The names of Votes for Women cards whose appearance on a page can only come from the card
/// itself: no other card has the name, and no card's text mentions it ("needs Fifteenth
/// Amendment in effect"). From the match's reference.
async fn telltale_names(c: &mut hustings::Client, id: &str) -> BTreeSet<String> {
    let reference = c
        .get_replay_view(pb::GetReplayViewRequest {
            match_id: id.to_string(),
            version: 0,
        })
        .await
        .expect("replay view")
        .into_inner()
        .reference
        .expect("reference");
    let Some(pb::match_reference::Game::VotesForWomen(r)) = &reference.game else {
        panic!("a Votes for Women reference");
    };
    let mut count = std::collections::HashMap::<&str, usize>::new();
    for c in &r.cards {
        *count.entry(c.name.as_str()).or_default() += 1;
    }
    let names: BTreeSet<String> = count
        .into_iter()
        .filter(|&(name, n)| n == 1 && !r.cards.iter().any(|c| c.description.contains(name)))
        .map(|(name, _)| name.to_string())
        .collect();
    assert!(
        names.len() > 50,
        "most cards have a telltale name: {}",
        names.len()
    );
    names
}

/// Cards (id, name) at one version a stream showed.
type AtVersion = (u64, Vec<(String, String)>);
/// Cards at each version a stream showed.
type Cards = Vec<AtVersion>;

/// Asserts that no page in `seen` drew a card of `hidden` (cards hidden from the page's
/// viewer, by version, from their holder's own stream) or wrote its telltale name, at the
/// version it showed — unless the server had shown that card to the viewer by then: the
/// viewer's own stream (`viewers_stream`, as the server sends it to that viewer) showed the
/// card in its view at that version or an earlier one (its own hand, a hand legally shown
/// to it, its side's drawn or stacked cards, a deck search, any public zone), or named it
/// in anything it sent (log, last action, prompt). What the page itself drew earlier counts
/// for nothing: a page that drew a hidden card once would otherwise excuse itself after.
/// Returns how many (version, card) pairs were checked.
fn assert_never_shown(
    seen: &[Seen],
    hidden: &[AtVersion],
    viewers_stream: &[VfwHidden],
    telltale: &BTreeSet<String>,
    whose: &str,
) -> usize {
    never_shown(seen, hidden, viewers_stream, telltale, whose).unwrap_or_else(|e| panic!("{e}"))
}

/// [`assert_never_shown`]'s check: the first page that shows a card it may not, as an error.
fn never_shown(
    seen: &[Seen],
    hidden: &[AtVersion],
    viewers_stream: &[VfwHidden],
    telltale: &BTreeSet<String>,
    whose: &str,
) -> Result<usize, String> {
    let mut checked = 0;
    // Card ids and telltale names the server had shown the viewer by the page's version.
    let mut known = BTreeSet::new();
    let mut known_names = BTreeSet::new();
    let mut shown = viewers_stream.iter().peekable();
    for page in seen {
        while let Some(s) = shown.next_if(|s| s.version <= page.version) {
            known.extend(s.ids.iter().cloned());
            known_names.extend(
                telltale
                    .iter()
                    .filter(|n| s.text.contains(n.as_str()))
                    .cloned(),
            );
        }
        let hand = hidden
            .iter()
            .find(|(v, _)| *v == page.version)
            .map(|(_, h)| h.as_slice())
            .unwrap_or_default();
        let hidden = hand
            .iter()
            .filter(|(card, name)| !known.contains(card) && !known_names.contains(name));
        for (card, name) in hidden {
            checked += 1;
            let version = page.version;
            let around = page
                .text
                .find(name.as_str())
                .map(|i| {
                    let from = page.text.floor_char_boundary(i.saturating_sub(300));
                    let to = page.text.floor_char_boundary(i + 200);
                    page.text.get(from..to).unwrap_or("")
                })
                .unwrap_or("");
            if page.cards.contains(card) {
                return Err(format!(
                    "at version {version} the page draws {name:?}, in {whose} hand: …{around}…"
                ));
            }
            if telltale.contains(name) && page.text.contains(name.as_str()) {
                return Err(format!(
                    "at version {version} the page shows {name:?}, in {whose} hand: …{around}…"
                ));
            }
        }
    }
    Ok(checked)
}

/// Shows that [`assert_never_shown`] can fail on these very pages: the first page at whose
/// version a card of `hidden` is not yet known to its viewer is made to draw that card (as a
/// page that leaked it would, a `data-card` of its id), and the check must catch it.
fn assert_catches_a_drawn_card(
    seen: &[Seen],
    hidden: &[AtVersion],
    viewers_stream: &[VfwHidden],
    telltale: &BTreeSet<String>,
) {
    let known_at = |version: u64| -> BTreeSet<&String> {
        viewers_stream
            .iter()
            .filter(|s| s.version <= version)
            .flat_map(|s| &s.ids)
            .collect()
    };
    let leak = seen.iter().enumerate().find_map(|(i, page)| {
        let known = known_at(page.version);
        hidden
            .iter()
            .find(|(v, _)| *v == page.version)
            .and_then(|(_, hand)| hand.iter().find(|(card, _)| !known.contains(card)))
            .map(|(card, _)| (i, card.clone()))
    });
    let (i, card) = leak.expect("some page had a hidden card to leak");
    let mut leaky: Vec<Seen> = seen.to_vec();
    leaky[i].cards.insert(card.clone());
    let message = never_shown(&leaky, hidden, viewers_stream, telltale, "a hidden")
        .expect_err("a page that draws a hidden card is caught");
    assert!(
        message.contains("the page draws"),
        "caught for drawing it: {message}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn votes_for_women_coop_played_by_clicks_never_shows_the_partners_hand() {
    let Some(stage) = Stage::new(false).await else {
        return;
    };
    let (b, url) = (&stage.b, stage.url.clone());
    // The page plays Purple against the Oppobot; Yellow, its partner, plays over gRPC.
    let form = Form {
        variant: Some("coop"),
        second: Some("open"),
        ..Form::default()
    };
    let id = create_from_lobby(b, &url, "votes-for-women", form).await;
    let mut c = connect(&url).await;
    let token = hustings::join(&mut c, &id, 1, "random yellow").await;
    let partner = tokio::spawn(play_randomly(
        url.clone(),
        id.clone(),
        token,
        stage.seed.wrapping_add(71),
        Vec::new(),
        VfwHidden::record,
    ));
    // Purple's own stream, beside its page (with the token the page keeps in the browser).
    let purple = b
        .js(&format!(
            "return JSON.parse(localStorage.getItem('hustings.seats.v1')).find(s => s.matchId === '{id}').token;"
        ))
        .await;
    let purple = tokio::spawn(watch_vfw_hidden(
        url.clone(),
        id.clone(),
        purple.as_str().expect("Purple's token").to_string(),
    ));
    let started = Instant::now();
    let p = play_vfw_by_clicks(b, 23, None, true).await;
    let yellow = partner.await.expect("the partner plays to the end");
    let purple = purple.await.expect("Purple's stream follows to the end");
    b.screenshot("votes-for-women-coop").await;
    assert_eq!(
        summary(&url, &id).await.status,
        pb::MatchStatus::Finished as i32
    );
    // What Purple may know of Yellow's cards is what the server showed Purple: its own
    // stream (the side's drawn and stacked cards are in it, as are the cards Purple held and
    // may have given Yellow).
    let hands = VfwHidden::cards(&yellow, |h| h.hand.iter().collect());
    let telltale = telltale_names(&mut c, &id).await;
    let checked = assert_never_shown(
        &p.seen,
        &hands,
        &purple,
        &telltale,
        "Yellow's (the partner's)",
    );
    println!(
        "Votes for Women co-op: {} decisions by clicks ({} on states; on the board: {:?}; \
         progress followed: {:?}) in {:.1} s; the partner's cards checked at its versions: {checked}",
        p.decisions,
        p.on_states,
        p.board_kinds,
        p.progress,
        started.elapsed().as_secs_f64()
    );
    assert!(checked > 50, "the partner's cards were checked: {checked}");
    assert_catches_a_drawn_card(&p.seen, &hands, &purple, &telltale);
    assert!(
        p.on_states > 10,
        "states were clicked on the map: {}",
        p.on_states
    );
    let headline = outcome_headline(b).await;
    let won = !summary(&url, &id)
        .await
        .outcome
        .expect("an outcome")
        .winners
        .is_empty();
    assert_eq!(
        headline,
        if won {
            "You both win"
        } else {
            "You both lose to the Oppobot"
        },
        "the outcome in words"
    );
    stage.end().await;
}

/// A Votes for Women seat's hidden cards (id, name) at one version of its own stream.
#[derive(Default)]
struct VfwHidden {
    version: u64,
    /// Its own hand: only this player sees it.
    hand: Vec<(String, String)>,
    /// The side's cards drawn by an effect: both partners see them.
    drawn: Vec<(String, String)>,
    /// Every card id the view shows this viewer, in any field (a hand Change In Plans shows
    /// it included).
    ids: BTreeSet<String>,
    /// All the text the update sends this viewer (but the match's reference, which lists
    /// every card): log, last action, prompt and view.
    text: String,
}

impl VfwHidden {
    /// Adds what update `u` shows its viewer to `out`: every card its view shows and all its
    /// text, in any game; the hand and the side's drawn cards of a Votes for Women view.
    fn record(out: &mut Vec<VfwHidden>, u: &pb::MatchUpdate) {
        let view = u.view.as_ref().and_then(|v| v.game.as_ref());
        let cards = |cs: &[pb::VotesForWomenCard]| -> Vec<(String, String)> {
            cs.iter().map(|c| (c.id.clone(), c.name.clone())).collect()
        };
        let (hand, drawn) = match view {
            Some(pb::game_view::Game::VotesForWomen(v)) => (cards(&v.hand), cards(&v.drawn)),
            _ => (Vec::new(), Vec::new()),
        };
        let mut sent = u.clone();
        sent.reference = None;
        out.push(VfwHidden {
            version: u.version,
            hand,
            drawn,
            ids: card_ids(&format!("{view:?}")),
            text: format!("{sent:?}"),
        });
    }

    /// The cards `pick` takes at each version.
    fn cards(seen: &[VfwHidden], pick: impl Fn(&VfwHidden) -> Vec<&(String, String)>) -> Cards {
        seen.iter()
            .map(|h| (h.version, pick(h).into_iter().cloned().collect()))
            .collect()
    }
}

/// The ids of every card in a view, whatever field holds it, read from the view's `Debug`
/// text (each card prints as `…Card { …id: "…"`, its id among its first fields).
fn card_ids(view: &str) -> BTreeSet<String> {
    const ID: &str = "id: \"";
    view.match_indices("Card { ")
        .filter_map(|(i, _)| {
            let head = view.get(i..view.len().min(i + 120))?;
            let from = head.find(ID)? + ID.len();
            head[from..].split('"').next().map(str::to_string)
        })
        .collect()
}

/// Follows the stream of the seat of `token` (empty: a spectator's) to the outcome without acting, recording its
/// hidden cards at every version (see [`VfwHidden`]).
async fn watch_vfw_hidden(url: String, id: String, token: String) -> Vec<VfwHidden> {
    let mut c = connect(&url).await;
    let mut stream = hustings::open_stream(&mut c, &id, &token, 0).await;
    let mut out = Vec::new();
    while let Some(u) = stream.message().await.expect("stream") {
        VfwHidden::record(&mut out, &u);
        if u.outcome.is_some() {
            break;
        }
    }
    out
}

/// The outcome's headline on the match page.
pub(crate) async fn outcome_headline(b: &Browser) -> String {
    b.wait_for(
        "the outcome's headline",
        Duration::from_secs(20),
        "const h = document.querySelector('.outcome h2'); return h ? h.textContent : null;",
    )
    .await
    .as_str()
    .unwrap_or("")
    .to_string()
}

/// Reads a match page: its version, its whole text (HTML and SVG, tooltips too), the
/// choices and seat actions it offers, its viewer and outcome.
async fn read_page(b: &Browser) -> Value {
    b.js(&format!(
        "const s = (() => {{ {PAGE_STATE} }})(); if (!s) return null; \
         s.text = document.body.textContent; \
         s.cards = [...document.querySelectorAll('[data-card]')].map(e => e.dataset.card); \
         s.actions = document.querySelectorAll('[data-choice], [data-action=\"resign\"]').length; \
         return s;"
    ))
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn votes_for_women_pages_never_show_a_hand_they_may_not_see() {
    let Some(stage) = Stage::new(false).await else {
        return;
    };
    let (watcher, url) = (&stage.b, stage.url.clone());
    let seat_page = stage.another_browser().await;
    // A standard match: the Suffragist (seat 0) and the Opposition (seat 1) both played
    // over gRPC by random players that record their own hands.
    let (mut c, id) = create_over_grpc(&url, "votes-for-women", "standard", &[]).await;
    // What the server sends a spectator, recorded beside the spectator's page.
    let spectator = tokio::spawn(watch_vfw_hidden(url.clone(), id.clone(), String::new()));
    let tokens = [
        hustings::join(&mut c, &id, 0, "random suffragist").await,
        hustings::join(&mut c, &id, 1, "random opposition").await,
    ];
    // A spectator's tab, and the Suffragist's own page (its token in the browser's storage,
    // as if it had joined there); neither ever clicks.
    watcher.open(&format!("{url}/#/match/{id}/watch")).await;
    seat_page.open(&format!("{url}/")).await;
    seat_page
        .js(&format!(
            "localStorage.setItem('hustings.seats.v1', JSON.stringify([{{matchId: '{id}', seat: 0, \
             seatName: 'Suffragist', token: '{}', game: 'votes-for-women', variant: 'standard', \
             joinedAt: Date.now()}}])); return true;",
            tokens[0]
        ))
        .await;
    seat_page.open(&format!("{url}/#/match/{id}/seat/0")).await;
    for b in [watcher, &seat_page] {
        b.wait_for(
            "the Votes for Women board",
            Duration::from_secs(20),
            "return document.querySelector('svg[data-board=\"votes-for-women\"]');",
        )
        .await;
    }
    let players: Vec<_> = tokens
        .iter()
        .enumerate()
        .map(|(seat, token)| {
            let play = play_randomly(
                url.clone(),
                id.clone(),
                token.clone(),
                stage.seed.wrapping_add(seat as u64 + 70),
                Vec::new(),
                VfwHidden::record,
            );
            tokio::spawn(play)
        })
        .collect();
    // Both pages read at every version they show, until the outcome.
    let mut seen: [Vec<Seen>; 2] = [Vec::new(), Vec::new()];
    let mut shot = false;
    let deadline = Instant::now() + Duration::from_secs(240);
    let mut done = [false, false];
    while !(done[0] && done[1]) {
        for (i, b) in [watcher, &seat_page].into_iter().enumerate() {
            let v = read_page(b).await;
            if v.is_null() || done[i] {
                continue;
            }
            if i == 0 {
                assert_spectator(&v);
            } else {
                assert_eq!(v["viewer"], 0, "the seat's page is the Suffragist's");
            }
            Seen::add(&mut seen[i], &v);
            done[i] = !v["outcome"].is_null();
        }
        if !shot && seen[0].last().is_some_and(|l| l.version > 60) {
            watcher
                .screenshot_for_docs("votes-for-women-spectator")
                .await;
            seat_page.screenshot("votes-for-women-standard-seat").await;
            shot = true;
        }
        assert!(Instant::now() < deadline, "the watched match did not end");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // Each seat's stream, as the server sent it; its hand and the cards its side has drawn.
    let mut streams = Vec::new();
    for p in players {
        streams.push(p.await.expect("a player plays to the end"));
    }
    let hands: Vec<Cards> = streams
        .iter()
        .map(|seen| VfwHidden::cards(seen, |h| h.hand.iter().chain(&h.drawn).collect()))
        .collect();
    let spectator = spectator
        .await
        .expect("the spectator's stream follows to the end");
    let telltale = telltale_names(&mut c, &id).await;
    // The spectator sees neither hand; the Suffragist's page never the Opposition's but
    // what the server showed the Suffragist (Change In Plans shows her the whole hand).
    let checked = [
        assert_never_shown(
            &seen[0],
            &hands[0],
            &spectator,
            &telltale,
            "the Suffragist's",
        ) + assert_never_shown(
            &seen[0],
            &hands[1],
            &spectator,
            &telltale,
            "the Opposition's",
        ),
        assert_never_shown(
            &seen[1],
            &hands[1],
            &streams[0],
            &telltale,
            "the Opposition's",
        ),
    ];
    // And the Suffragist's page does show its own hand (so the check above can see a card).
    let own = seen[1]
        .iter()
        .filter(|page| {
            hands[0]
                .iter()
                .find(|(v, _)| *v == page.version)
                .is_some_and(|(_, h)| h.iter().all(|(card, _)| page.cards.contains(card)))
        })
        .count();
    println!(
        "Votes for Women pages read: {} spectator, {} seat versions; hidden cards checked: {checked:?}; own hand shown at {own}",
        seen[0].len(),
        seen[1].len()
    );
    assert!(
        checked[0] > 100 && checked[1] > 50,
        "hidden cards were checked: {checked:?}"
    );
    assert_catches_a_drawn_card(&seen[1], &hands[1], &streams[0], &telltale);
    assert!(
        own * 2 > seen[1].len(),
        "the seat's page shows its own hand: {own}"
    );
    seat_page.close().await;
    stage.end().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_carries_on_by_itself_after_the_server_restarts() {
    // Its own server, a process on a data directory, that can be killed and restarted.
    let _turn = one_at_a_time().await;
    let Some(browser) = Browser::launch().await else {
        return;
    };
    let b = &browser;
    let data = temp_dir("web-restart");
    let data_arg = data.display().to_string();
    let port = hustings::browser::free_port();
    let listen = format!("127.0.0.1:{port}");
    let server = ServerProcess::start_on(&listen, &["--data-dir", &data_arg], &[]);
    let url = server.url();
    let _pool = BotPool::start(&url);
    let id = create_from_lobby(b, &url, "presidency", Form::default()).await;
    let mut rng = rand::rngs::StdRng::seed_from_u64(3);
    for _ in 0..6 {
        decide(b, &mut rng, Duration::from_secs(60)).await;
    }
    let before = b
        .wait_for("a decision", Duration::from_secs(60), &ready_script())
        .await;
    let v_before = version_of(&before);

    server.kill9();
    b.wait_for(
        "the page to notice the server is gone",
        Duration::from_secs(20),
        "return document.querySelector('.match-page[data-link=\"reconnecting\"]');",
    )
    .await;
    b.screenshot("presidency-reconnecting").await;
    let server = ServerProcess::start_on(&listen, &["--data-dir", &data_arg], &[]);
    // Nothing is clicked or reloaded: the page reopens its stream from its last version.
    let back = b
        .wait_for(
            "the page to be live again with its decision",
            Duration::from_secs(30),
            &format!(
                "const s = (() => {{ {PAGE_STATE} }})(); \
                 return s && s.link === 'live' && s.version >= {v_before} && s.prompt === s.version ? s : null;"
            ),
        )
        .await;
    assert_eq!(version_of(&back), v_before, "no version lost or invented");
    let notice = b
        .js("const n = document.querySelector('.notice'); return n ? n.textContent : '';")
        .await;
    assert_eq!(notice, "", "no error shown after the restart");
    for _ in 0..6 {
        decide(b, &mut rng, Duration::from_secs(60)).await;
    }
    // Read once the page's seat must decide again (or the match is over): the bot's seat
    // then waits for it, so the server is where the page is. (Read at once after the last
    // click, the page could be a version behind a bot already answering it: a flake hunt
    // run saw the page at 21 and the server at 22.)
    let after = version_of(&ready(b, Duration::from_secs(60)).await);
    assert!(
        after > v_before + 4,
        "play went on after the restart: {v_before} → {after}"
    );
    assert_eq!(summary(&url, &id).await.version, after);
    browser.close().await;
    drop(server);
    let _ = std::fs::remove_dir_all(&data);
}

/// Counts the page's Act calls (gRPC-web POSTs) since the resource timings were cleared.
const ACTS: &str = "return performance.getEntriesByType('resource').filter(e => e.name.endsWith('/hustings.v1.Hustings/Act')).length;";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_choice_clicked_twice_quickly_is_sent_once() {
    let Some(stage) = Stage::new(true).await else {
        return;
    };
    let (b, url) = (&stage.b, stage.url.clone());
    let id = create_from_lobby(b, &url, "presidency", Form::default()).await;
    b.js("performance.setResourceTimingBufferSize(100000); return true;")
        .await;
    let mut tried_board = false;
    let mut tried_button = false;
    let mut rng = rand::rngs::StdRng::seed_from_u64(5);
    for _ in 0..40 {
        if tried_board && tried_button {
            break;
        }
        let s = b
            .wait_for("a decision", Duration::from_secs(60), &ready_script())
            .await;
        let v = version_of(&s);
        let (selector, which) = if !tried_board && list(&s, "board").iter().any(|c| c == "dice:1d6")
        {
            ("svg .clickable[data-choice=\"dice:1d6\"]", &mut tried_board)
        } else if !tried_button && list(&s, "buttons").iter().any(|c| c == "done") {
            (".choices button[data-choice=\"done\"]", &mut tried_button)
        } else {
            decide(b, &mut rng, Duration::from_secs(60)).await;
            continue;
        };
        *which = true;
        // Two clicks in the same moment, before the page can redraw.
        b.js(&format!(
            "performance.clearResourceTimings(); const el = document.querySelector('{}'); \
             el.dispatchEvent(new MouseEvent('click', {{bubbles: true}})); \
             el.dispatchEvent(new MouseEvent('click', {{bubbles: true}})); return true;",
            selector.replace('\'', "\\'")
        ))
        .await;
        b.wait_for(
            "the choice's Act to complete",
            Duration::from_secs(20),
            &ACTS.replace("return ", "return 0 < "),
        )
        .await;
        tokio::time::sleep(Duration::from_millis(400)).await;
        assert_eq!(b.js(ACTS).await, 1, "one Act for two clicks on {selector}");
        let notice = b
            .js("const n = document.querySelector('.notice'); return n ? n.textContent : '';")
            .await;
        assert_eq!(notice, "", "no refused second choice");
        if selector.contains("dice") {
            // The Democrat moved and is still to act: exactly one version was added.
            let now = b
                .wait_for("the move", Duration::from_secs(20), &ready_script())
                .await;
            assert_eq!(version_of(&now), v + 1);
            assert_eq!(summary(&url, &id).await.version, v + 1);
        }
    }
    assert!(
        tried_board && tried_button,
        "both a board die and a button were double-clicked"
    );
    stage.end().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_creates_joins_and_resumes_after_a_reload() {
    let Some(stage) = Stage::new(false).await else {
        return;
    };
    let (a, url) = (&stage.b, stage.url.clone());
    let b = stage.another_browser().await;
    // A leaves the Republican seat open for another person.
    let id = create_from_lobby(
        a,
        &url,
        "presidency",
        Form {
            second: Some("open"),
            ..Form::default()
        },
    )
    .await;
    a.wait_for(
        "the page waiting for the second player",
        Duration::from_secs(20),
        "return document.querySelector('.waiting-seats');",
    )
    .await;
    a.screenshot("lobby-waiting").await;

    // B finds it in the lobby and joins it.
    b.open(&format!("{url}/")).await;
    let join = format!("[data-match=\"{id}\"] [data-join=\"1\"]");
    b.wait_for(
        "the open seat in B's lobby",
        Duration::from_secs(20),
        &format!(
            "return document.querySelector('{}');",
            join.replace('\'', "\\'")
        ),
    )
    .await;
    b.screenshot_for_docs("lobby").await;
    b.click(&join).await;
    let seat_of = "const s = (() => { PAGE })(); return s && s.viewer !== null ? s.viewer : null;"
        .replace("PAGE", PAGE_STATE);
    let seat = b
        .wait_for("B's match page", Duration::from_secs(20), &seat_of)
        .await;
    assert_eq!(seat, 1, "B plays the Republican");
    // A, who moves first or second, sees B arrive and the match start.
    a.wait_for(
        "A to see the Republican online",
        Duration::from_secs(20),
        "const s = document.querySelector('.seat[data-seat=\"1\"] .presence.on'); return !!s && !document.querySelector('.waiting-seats');",
    )
    .await;

    // A reload keeps B's seat (its token is in the browser's storage).
    b.client.refresh().await.expect("reload");
    let seat = b
        .wait_for("B's page after a reload", Duration::from_secs(20), &seat_of)
        .await;
    assert_eq!(seat, 1, "B still plays the Republican after a reload");

    // And the lobby lists it under "My matches", to resume.
    b.open(&format!("{url}/")).await;
    let resume = format!(".mine [data-match=\"{id}\"] [data-action=\"resume\"]");
    b.wait_for(
        "B's own matches",
        Duration::from_secs(20),
        &format!(
            "return document.querySelector('{}');",
            resume.replace('\'', "\\'")
        ),
    )
    .await;
    b.client.refresh().await.expect("reload the lobby");
    b.wait_for(
        "B's own matches after a reload",
        Duration::from_secs(20),
        &format!(
            "return document.querySelector('{}');",
            resume.replace('\'', "\\'")
        ),
    )
    .await;
    b.click(&resume).await;
    let seat = b
        .wait_for("B's resumed match", Duration::from_secs(20), &seat_of)
        .await;
    assert_eq!(seat, 1);
    b.close().await;
    stage.end().await;
}

/// The prefixes of The Vote's choices that name a Region, a marker row, a Law in a Region
/// or a card: the board draws all of them, so none may be a button.
const TV_BOARD_PREFIXES: [&str; 20] = [
    "region:",
    "flip:",
    "replace:",
    "strike:",
    "radicalize:",
    "persuade:",
    "organize:",
    "suppression:",
    "pass-law:",
    "event:",
    "amendment:",
    "bonus:",
    "block:",
    "counter:",
    "suppress:",
    "remove:",
    "remove-reserve:",
    "discard:",
    "refresh:",
    "keep:",
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_of_the_vote_played_by_clicks_on_regions_and_cards_to_its_outcome() {
    let Some(stage) = Stage::new(true).await else {
        return;
    };
    let (b, url) = (&stage.b, stage.url.clone());
    // The page plays Equality (seat 0); the bot pool plays Supremacy.
    let id = create_from_lobby(b, &url, "the-vote", Form::default()).await;
    b.wait_for(
        "The Vote's board",
        Duration::from_secs(20),
        "return document.querySelector('svg[data-board=\"the-vote\"]');",
    )
    .await;
    let started = Instant::now();
    let mut rng = rand::rngs::StdRng::seed_from_u64(31);
    let mut decisions = 0;
    let mut kinds = BTreeSet::new();
    let (mut on_regions, mut on_cards, mut steps) = (0, 0, 0);
    let mut before: Option<(String, u64, u64)> = None;
    let mut shot = false;
    loop {
        let s = ready(b, Duration::from_secs(60)).await;
        if !s["outcome"].is_null() {
            break;
        }
        decisions += 1;
        assert!(decisions < 1500, "the game does not end");
        let board = list(&s, "board");
        let buttons = list(&s, "buttons");
        assert!(
            !buttons
                .iter()
                .any(|c| TV_BOARD_PREFIXES.iter().any(|p| c.starts_with(p))),
            "a Region or card choice is a button, not a thing on the board: {buttons:?}"
        );
        let progress = progress_bar(b).await;
        if let (Some((label, done, total)), Some((l0, d0, t0))) = (&progress, &before)
            && label.split(':').next() == l0.split(':').next()
            && total == t0
            && *done == d0 + 1
        {
            steps += 1;
        }
        if !shot && decisions > 8 && board.len() >= 3 {
            // Mid-game, Regions or cards on offer: they are highlighted on the board.
            assert_fits_window(b).await;
            b.screenshot_for_docs("the-vote").await;
            shot = true;
        }
        // A board choice when there is one, else a button (with a bias to play on rather
        // than pass, so that the board's things get clicked).
        let id = match board.choose(&mut rng) {
            Some(id) => {
                kinds.insert(id.split(':').next().unwrap_or("").to_string());
                if id.starts_with("region:")
                    || id.starts_with("flip:")
                    || id.starts_with("replace:")
                    || id.starts_with("strike:")
                {
                    on_regions += 1;
                } else {
                    on_cards += 1;
                }
                id.clone()
            }
            None => buttons.choose(&mut rng).cloned().expect("a choice"),
        };
        click_choice(b, &s, &id, Duration::from_secs(60)).await;
        before = progress;
    }
    println!(
        "The Vote: {decisions} decisions by clicks ({on_regions} on Regions and markers, \
         {on_cards} on cards, {steps} progress steps followed; on the board: {kinds:?}) in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    b.screenshot("the-vote-outcome").await;
    let m = summary(&url, &id).await;
    assert_eq!(m.status, pb::MatchStatus::Finished as i32);
    let won = m.outcome.expect("an outcome").winners == [0];
    assert_eq!(
        outcome_headline(b).await,
        if won { "You win" } else { "Supremacy wins" },
        "the outcome in words"
    );
    assert!(
        b.js("return !!document.querySelector('.outcome');").await == true,
        "the page shows the outcome"
    );
    assert!(shot, "a screenshot was taken with things on offer");
    assert!(
        on_regions > 3,
        "Regions were clicked on the board: {on_regions}"
    );
    assert!(on_cards > 3, "cards were clicked on the board: {on_cards}");
    stage.end().await;
}

/// Every card id The Vote's view `v` shows: the Display, the Reserves, the piles, the
/// Amendments and the action being resolved.
fn tv_shown(v: &pb::TheVoteView) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut add = |c: &pb::TheVoteCard| {
        out.insert(c.id.clone());
    };
    v.display
        .iter()
        .chain(&v.discard)
        .chain(&v.removed)
        .chain(&v.aside)
        .for_each(&mut add);
    v.players
        .iter()
        .flat_map(|p| &p.reserve)
        .filter_map(|r| r.card.as_ref())
        .for_each(&mut add);
    v.amendments
        .iter()
        .filter_map(|a| a.card.as_ref())
        .for_each(&mut add);
    if let Some(a) = &v.action {
        a.card.iter().for_each(&mut add);
        for t in &a.targets {
            t.bonus
                .iter()
                .chain(&t.block)
                .chain(&t.counter)
                .chain(&t.suppress_cards)
                .for_each(&mut add);
        }
    }
    out
}

/// What a seat of The Vote does not see, at every version its own stream showed: every card
/// of the reference (kept as `.0` from the stream's first update) that its view does not
/// show (the Deck and the set-up discards), by id and name, in `.1`.
type TvUnseen = (Vec<(String, String)>, Cards);

/// Adds what update `u` shows to `out` (see [`TvUnseen`]).
fn record_tv_unseen(out: &mut TvUnseen, u: &pb::MatchUpdate) {
    if let Some(pb::match_reference::Game::TheVote(r)) =
        u.reference.as_ref().and_then(|r| r.game.as_ref())
    {
        out.0 = r
            .cards
            .iter()
            .map(|c| (c.id.clone(), c.name.clone()))
            .collect();
    }
    if let Some(pb::game_view::Game::TheVote(v)) = u.view.as_ref().and_then(|v| v.game.as_ref()) {
        let shown = tv_shown(v);
        let unseen = out.0.iter().filter(|(c, _)| !shown.contains(c)).cloned();
        out.1.push((u.version, unseen.collect()));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_of_the_vote_never_sees_a_card_still_in_the_deck() {
    let Some(stage) = Stage::new(false).await else {
        return;
    };
    let (b, url) = (&stage.b, stage.url.clone());
    let (mut c, id, seen, unseen, spectator) = spectate_random_match(
        b,
        &url,
        ("the-vote", "standard", &[]),
        90,
        record_tv_unseen,
        Some(("the-vote-spectator", 40)),
    )
    .await;
    let unseen: Vec<Cards> = unseen.into_iter().map(|u| u.1).collect();
    // A card's name is a telltale when nothing else on the page is called that: no other
    // card, no Region (the Region cards share their Region's name) and no card's text.
    let start = c
        .get_replay_view(pb::GetReplayViewRequest {
            match_id: id.clone(),
            version: 0,
        })
        .await
        .expect("replay view")
        .into_inner();
    let Some(pb::match_reference::Game::TheVote(r)) =
        start.reference.as_ref().and_then(|r| r.game.as_ref())
    else {
        panic!("a The Vote reference");
    };
    let regions: Vec<String> = match start.view.as_ref().and_then(|v| v.game.as_ref()) {
        Some(pb::game_view::Game::TheVote(v)) => v.regions.iter().map(|r| r.name.clone()).collect(),
        _ => Vec::new(),
    };
    let telltale: BTreeSet<String> = r
        .cards
        .iter()
        .map(|c| c.name.clone())
        .filter(|n| {
            !regions.contains(n)
                && r.cards.iter().filter(|c| &c.name == n).count() == 1
                && !r.cards.iter().any(|c| c.description.contains(n.as_str()))
        })
        .collect();
    let checked = [
        assert_never_shown(
            &seen,
            &unseen[0],
            &spectator,
            &telltale,
            "the Deck (Equality's view)",
        ),
        assert_never_shown(
            &seen,
            &unseen[1],
            &spectator,
            &telltale,
            "the Deck (Supremacy's view)",
        ),
    ];
    let drawn = seen.iter().filter(|p| p.cards.len() >= 6).count();
    println!(
        "The Vote spectator: {} versions read, {} telltale names; unseen cards checked: {checked:?}; \
         versions with at least 6 cards drawn: {drawn}",
        seen.len(),
        telltale.len()
    );
    assert!(
        checked[0] > 100 && checked[1] > 100,
        "unseen cards were checked: {checked:?}"
    );
    assert!(
        drawn * 2 > seen.len(),
        "the spectator's page draws the cards in view: {drawn} of {}",
        seen.len()
    );
    stage.end().await;
}

/// Waits until the page state satisfies `cond` (a JavaScript expression over `s`, the page
/// state), and returns the state.
async fn until(b: &Browser, what: &str, cond: &str) -> Value {
    b.wait_for(
        what,
        Duration::from_secs(30),
        &format!("const s = (() => {{ {PAGE_STATE} }})(); return s && ({cond}) ? s : null;"),
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn keys_undo_clocks_resign_and_rematch_from_the_page() {
    let Some(stage) = Stage::new(false).await else {
        return;
    };
    let (b, url) = (&stage.b, stage.url.clone());
    // A match on the form's time bank (10 minutes + 5 s a choice); the Republican is another
    // person, here a random player over gRPC.
    let form = Form {
        second: Some("open"),
        clock: Some("game"),
        ..Form::default()
    };
    let id = create_from_lobby(b, &url, "presidency", form).await;
    let mut c = connect(&url).await;
    let token = hustings::join(&mut c, &id, 1, "random republican").await;
    let play = play_randomly(url.clone(), id.clone(), token.clone(), 8, (), |_, _| {});
    let republican = tokio::spawn(play);

    // The Democrat's clock runs down on the page while it decides.
    let s = ready(b, Duration::from_secs(60)).await;
    let clock = "return document.querySelector('[data-clock=\"0\"]').textContent;";
    let seconds = |t: &Value| {
        let (m, s) = t.as_str().and_then(|t| t.split_once(':')).expect("m:ss");
        m.parse::<u64>().expect("minutes") * 60 + s.parse::<u64>().expect("seconds")
    };
    let first = seconds(&b.js(clock).await);
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let later = seconds(&b.js(clock).await);
    assert!(
        later < first,
        "the clock counts down live: {first} s, then {later} s"
    );
    // 10 minutes, and 5 s a choice: the Democrat has made none yet.
    assert!((590..=600).contains(&first), "the time bank: {first} s");

    // Number keys choose: "1" is the first choice listed (on the board: roll 1D6).
    assert_eq!(
        list(&s, "board").first().map(String::as_str),
        Some("dice:1d6")
    );
    let v = version_of(&s);
    b.press_key('1').await;
    until(b, "the roll made by a key", &format!("s.version > {v}")).await;
    let text = b.text().await;
    assert!(text.contains("Democrat rolls 1D6"), "a 1D6 roll was made");

    // Undo: after converting money (which reveals nothing), take it back. Converted before
    // the roll, while 1D6 and 2D6 are offered too, the Democrat is still to act afterwards,
    // so its undo is offered, and nobody else can move before it is taken: in the
    // Presidential Race one seat decides at a time.
    let mut rng = rand::rngs::StdRng::seed_from_u64(21);
    let mut s = ready(b, Duration::from_secs(60)).await;
    let before_roll = |s: &Value| {
        let buttons = list(s, "buttons");
        buttons.iter().any(|c| c == "convert:1") && list(s, "board").iter().any(|c| c == "dice:1d6")
    };
    for _ in 0..200 {
        if before_roll(&s) {
            break;
        }
        click_one(b, &s, &mut rng, Duration::from_secs(60)).await;
        s = ready(b, Duration::from_secs(60)).await;
        assert!(
            s["outcome"].is_null(),
            "the race ended before a conversion before a roll"
        );
    }
    assert!(
        before_roll(&s),
        "a conversion was offered before a roll: {s}"
    );
    let money =
        "return document.querySelector('.nominee[data-seat=\"0\"] .stat-money').textContent;";
    let had = b.js(money).await;
    let v = version_of(&s);
    b.click(".choices button[data-choice=\"convert:1\"]").await;
    let converted = until(
        b,
        "the undo button",
        &format!(
            "s.version === {} && s.prompt === s.version && document.querySelector('.match-actions [data-choice=\"undo\"]')",
            v + 1
        ),
    )
    .await;
    let dollars = |m: &Value| {
        m.as_str()
            .and_then(|t| t.trim_start_matches('$').parse::<i64>().ok())
            .expect("the Democrat's money")
    };
    assert_eq!(
        dollars(&b.js(money).await),
        dollars(&had) - 2,
        "2 money converted"
    );
    assert!(
        list(&converted, "board").iter().any(|c| c == "dice:1d6"),
        "the roll is still to make"
    );
    b.click(".match-actions [data-choice=\"undo\"]").await;
    let back = until(
        b,
        "the conversion taken back",
        &format!("s.version === {} && s.prompt === s.version", v + 2),
    )
    .await;
    assert_eq!(b.js(money).await, had, "the money is back to what it was");
    assert!(
        before_roll(&back),
        "the conversion is offered again, before the roll: {back}"
    );
    assert!(
        b.js("return !document.querySelector('.match-actions [data-choice=\"undo\"]');")
            .await
            == true,
        "nothing left to take back"
    );
    assert!(
        b.text().await.contains("took back"),
        "the log says it was taken back"
    );

    // Resign asks first; "Keep playing" keeps playing.
    b.click("[data-action=\"resign\"]").await;
    b.wait_for(
        "the confirmation",
        Duration::from_secs(10),
        "return document.querySelector('[role=\"alertdialog\"]');",
    )
    .await;
    b.click("[role=\"alertdialog\"] button:not(.danger)").await;
    let gone = b
        .js("return !document.querySelector('[role=\"alertdialog\"]');")
        .await;
    assert_eq!(gone, true);
    assert_eq!(
        summary(&url, &id).await.status,
        pb::MatchStatus::Active as i32
    );
    b.click("[data-action=\"resign\"]").await;
    b.click("[data-action=\"confirm-resign\"]").await;
    let s = until(b, "the outcome after resigning", "s.outcome !== null").await;
    assert_eq!(s["outcome"], "1", "the Republican wins");
    assert_eq!(outcome_headline(b).await, "Republican wins");
    republican.await.expect("the Republican plays to the end");
    let m = summary(&url, &id).await;
    assert!(m.outcome.is_some_and(|o| o.resigned));

    // A rematch: offered from the page, accepted by the Republican (a person's seat must
    // accept), then followed.
    b.click(".match-actions [data-choice=\"rematch\"]").await;
    b.wait_for(
        "the page's rematch offer",
        Duration::from_secs(20),
        "return document.body.textContent.includes('Rematch offered by Democrat');",
    )
    .await;
    c.act(pb::ActRequest {
        match_id: id.clone(),
        token,
        version: m.version,
        choice_id: "rematch".into(),
        seat: None,
    })
    .await
    .expect("the Republican accepts the rematch");
    b.wait_for(
        "the rematch",
        Duration::from_secs(20),
        "return document.querySelector('[data-action=\"follow-rematch\"]');",
    )
    .await;
    b.click("[data-action=\"follow-rematch\"]").await;
    // The new match has no outcome: the finished one's page, still drawn for a moment after
    // the address changed, does not pass for it (once it did: viewer 0 read from the old
    // page under the new address).
    let s = until(
        b,
        "the rematch's page",
        &format!("s.viewer !== null && s.outcome === null && !location.hash.includes('{id}')"),
    )
    .await;
    assert_eq!(
        s["viewer"], 1,
        "seats rotate: the Democrat's player is the Republican now"
    );
    stage.end().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_generic_board_plays_a_game_it_does_not_know_by_buttons() {
    // The generic board is the one a game without a board of its own gets (a newer
    // server's game); `?board=generic` forces it, here on a Votes for Women solitaire.
    let Some(stage) = Stage::new(false).await else {
        return;
    };
    let (b, url) = (&stage.b, stage.url.clone());
    let form = Form {
        variant: Some("solitaire"),
        ..Form::default()
    };
    let id = create_from_lobby(b, &url, "votes-for-women", form).await;
    b.open(&format!("{url}/?board=generic#/match/{id}")).await;
    wait_board(b, "generic").await;
    assert!(
        b.js("return !document.querySelector('svg[data-board]');")
            .await
            == true,
        "no game's own board is drawn"
    );
    // The typed view as an outline: its fields by name, the map's states, the seat's hand.
    let text = b.text().await;
    for field in ["Checks To Win", "States", "New York", "Hand", "Pending"] {
        assert!(text.contains(field), "the outline shows {field:?}");
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(29);
    let (mut decisions, mut things) = (0, 0);
    while decisions < 30 {
        let s = ready(b, Duration::from_secs(60)).await;
        if !s["outcome"].is_null() {
            break;
        }
        decisions += 1;
        assert!(
            list(&s, "board").is_empty(),
            "nothing is clicked on a generic board: {s}"
        );
        // What the game's own board would draw (a state, a card) is a button here.
        let buttons = list(&s, "buttons");
        things += buttons
            .iter()
            .filter(|c| {
                names_a_state(c)
                    || ["event:", "campaign:", "organize:", "lobby:"]
                        .iter()
                        .any(|p| c.starts_with(p))
            })
            .count()
            .min(1);
        if decisions == 5 {
            assert_fits_window(b).await;
            b.screenshot("generic-board").await;
        }
        click_one(b, &s, &mut rng, Duration::from_secs(60)).await;
    }
    println!(
        "generic board: {decisions} decisions by buttons, {things} of them with states or cards as buttons"
    );
    assert!(decisions >= 20, "the match went on by buttons: {decisions}");
    assert!(things > 5, "states and cards were buttons: {things}");
    stage.end().await;
}

/// Every screenshot in docs/screenshots was made by these tests from today's code (see
/// `hustings::screenshots`): none is missing from the manifest, and each one's digest is
/// that of the code now. Needs no browser.
#[test]
fn the_docs_screenshots_were_made_from_this_code() {
    use hustings::screenshots::{MANIFEST, docs_dir, inputs_digest, manifest};
    let now = inputs_digest();
    let made = manifest();
    let pngs: Vec<String> = std::fs::read_dir(docs_dir())
        .expect("docs/screenshots")
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().to_string();
            name.strip_suffix(".png").map(str::to_string)
        })
        .collect();
    assert!(!pngs.is_empty(), "the docs' screenshots are there");
    let stale: Vec<&String> = pngs.iter().filter(|n| made.get(*n) != Some(&now)).collect();
    assert!(
        stale.is_empty(),
        "docs/screenshots {stale:?} were not made from today's web client, engine and contract \
         (docs/screenshots/{MANIFEST}): run `HUSTINGS_UPDATE_SCREENSHOTS=1 cargo test --test e2e \
         web::` and commit the result"
    );
}

/// What overflows a phone's screen: the viewport's width, the page's scroll width, the
/// visible elements whose right edge passes the screen's (each as tag.class "text"), and
/// the board's width. An element inside a box that scrolls sideways by design (the board
/// area, a wide table) is reachable by scrolling and does not count. The screen's width,
/// not the window's: a mobile browser widens the window to fit a page wider than the
/// screen (and shrinks it all), which would hide the very overflow looked for.
const OVERFLOW: &str = r#"
const w = Math.min(window.innerWidth, screen.width);
const cut = [];
for (const e of document.querySelectorAll('body *')) {
  const r = e.getBoundingClientRect();
  if (r.width === 0 || r.height === 0 || r.right <= w + 1) continue;
  if (getComputedStyle(e).visibility === 'hidden') continue;
  let scrolls = false;
  for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
    const ox = getComputedStyle(p).overflowX;
    if ((ox === 'auto' || ox === 'scroll') && p.getBoundingClientRect().right <= w + 1) { scrolls = true; break; }
  }
  if (scrolls) continue;
  cut.push(`${e.tagName.toLowerCase()}.${[...e.classList].join('.')} "${(e.textContent || '').trim().slice(0, 40)}"`);
}
const board = document.querySelector('svg.board');
return {
  width: w,
  scroll: document.documentElement.scrollWidth,
  cut: cut.slice(0, 20),
  cuts: cut.length,
  board: board ? board.getBoundingClientRect().width : 0,
};
"#;

/// Asserts that nothing on the page passes the right edge of a phone's screen.
async fn assert_nothing_cut_off(b: &Browser, page: &str) -> Value {
    let v = b.js(OVERFLOW).await;
    assert_eq!(v["cuts"], 0, "{page}: cut off at the right edge: {v}");
    assert!(
        v["scroll"].as_f64() <= v["width"].as_f64(),
        "{page}: the page scrolls sideways: {v}"
    );
    v
}

/// At 390×844 and 360×740 (Chromium's mobile emulation, touch), the lobby and a live match
/// of each game fit the screen: no control or text past the right edge, and the board at
/// least 300 px wide (before the phone layout the side panel left it none).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_phone_the_board_gets_the_width_and_nothing_is_cut_off() {
    for (w, h) in [(390, 844), (360, 740)] {
        let Some(stage) = Stage::on(true, Some((w, h))).await else {
            return;
        };
        let (b, url) = (&stage.b, stage.url.clone());
        b.open(&format!("{url}/")).await;
        b.wait_for(
            "the lobby's catalogue",
            Duration::from_secs(20),
            "return document.querySelector('[data-game]');",
        )
        .await;
        // The page's viewport meta makes the layout as wide as the phone's screen (without
        // it a mobile browser lays pages out 980 px wide and shrinks them).
        let inner = b.js("return window.innerWidth;").await;
        assert_eq!(inner, w, "the emulated phone's layout width");
        assert_nothing_cut_off(b, &format!("the lobby at {w}×{h}")).await;
        for game in ["presidency", "votes-for-women", "the-vote"] {
            create_from_lobby(b, &url, game, Form::default()).await;
            wait_board(b, game).await;
            ready(b, Duration::from_secs(30)).await;
            let v = assert_nothing_cut_off(b, &format!("{game} at {w}×{h}")).await;
            let board = v["board"].as_f64().unwrap_or(0.0);
            assert!(
                board >= 300.0,
                "{game} at {w}×{h}: the board is {board} px wide"
            );
            // Zoomed in twice by taps, the board is twice as wide and pans inside its box;
            // the page around it still fits the screen.
            b.click("[aria-label=\"Zoom in\"]").await;
            b.click("[aria-label=\"Zoom in\"]").await;
            let zoomed = assert_nothing_cut_off(b, &format!("{game} zoomed at {w}×{h}")).await;
            let wide = zoomed["board"].as_f64().unwrap_or(0.0);
            assert!(
                wide >= 1.9 * board,
                "{game} at {w}×{h}: zoomed twice the board is {wide} px wide, from {board}"
            );
            b.click("[aria-label=\"Fit the board to the window\"]")
                .await;
            b.screenshot_for_docs(&format!("phone-{w}x{h}-{game}"))
                .await;
        }
        stage.end().await;
    }
}
