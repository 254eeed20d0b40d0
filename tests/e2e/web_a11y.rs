//! The web client's accessibility, checked by axe-core (issue 40) in a real headless
//! Chromium: the lobby and a live match page of each game (a decision open, the board and
//! its choices shown), on a phone (390×844, touch) and on a desktop (1024×768), must have
//! no violation axe rates "serious" or "critical". axe-core is web/'s pinned dev dependency
//! (`npm ci` in web/ installs it), injected into the page over WebDriver: its own CLI would
//! download a chromedriver of its own, and the Debian one is what the other tests drive.
//! Skipped with a message when Chromium or axe-core is missing, failing under `CI=true`.
//! Lighthouse's scores of the same pages are CI's other check (`.ci/lighthouse/`).

use std::path::Path;
use std::time::Duration;

use hustings::browser::Browser;
use serde_json::Value;

use crate::web::{Form, Stage, create_from_lobby, ready, wait_board};

/// axe-core's browser bundle, or None (after saying why) when web/'s packages are not
/// installed outside CI. Panics under `CI=true`: CI must run this check.
fn axe_source() -> Option<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("web/node_modules/axe-core/axe.min.js");
    match std::fs::read_to_string(&path) {
        Ok(s) => Some(s),
        Err(e) => {
            assert!(
                std::env::var("CI").as_deref() != Ok("true"),
                "CI=true but {} cannot be read ({e}): run `npm ci` in web/ first",
                path.display()
            );
            eprintln!(
                "\n!!! SKIPPING the accessibility test: {} not found. Run `npm ci` in web/ \
                 to include it. !!!\n",
                path.display()
            );
            None
        }
    }
}

/// Runs axe on the whole document and resolves to its violations, each cut to what a
/// failure message needs (the first three elements' selectors of each).
const AXE_RUN: &str = r#"
const done = arguments[arguments.length - 1];
axe.run(document, { resultTypes: ['violations'] }).then(
  r => done(r.violations.map(v => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    count: v.nodes.length,
    targets: v.nodes.slice(0, 3).map(n => n.target.join(' ')),
  }))),
  e => done({ error: String(e) }),
);
"#;

/// axe's violations on the page `b` shows (injecting axe first when the page has none:
/// a match opened from the lobby is the same document, a reload is not).
async fn violations(b: &Browser, axe: &str) -> Vec<Value> {
    if b.js("return typeof axe === 'undefined';").await == Value::Bool(true) {
        b.js(axe).await;
    }
    let r = b.js_async(AXE_RUN).await;
    assert!(r.get("error").is_none(), "axe.run failed: {r}");
    r.as_array().cloned().expect("axe's violations")
}

/// The serious and critical violations of `page`, described one a line ("" when none);
/// the minor and moderate ones are printed, not failed on.
async fn serious(b: &Browser, axe: &str, page: &str) -> String {
    let mut out = String::new();
    for v in violations(b, axe).await {
        let line = format!(
            "{page}: {} ({}, {} elements): {} at {}",
            v["id"].as_str().unwrap_or("?"),
            v["impact"].as_str().unwrap_or("?"),
            v["count"],
            v["help"].as_str().unwrap_or("?"),
            v["targets"]
        );
        if matches!(v["impact"].as_str(), Some("serious" | "critical")) {
            out.push_str(&line);
            out.push('\n');
        } else {
            eprintln!("(not failed on) {line}");
        }
    }
    out
}

/// On a phone (390×844) and a desktop (1024×768), the lobby and a live match of each game,
/// a decision open, have no serious or critical accessibility violation that axe finds.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn axe_finds_no_serious_violation_in_the_lobby_or_a_match_of_each_game() {
    let Some(axe) = axe_source() else {
        return;
    };
    let mut found = String::new();
    for (screen, phone) in [
        ("phone 390×844", Some((390, 844))),
        ("desktop 1024×768", None),
    ] {
        let Some(stage) = Stage::on(true, phone).await else {
            return;
        };
        let (b, url) = (&stage.b, stage.url.clone());
        if phone.is_none() {
            // Smaller than the other tests' 1280×800: the narrowest desktop layout.
            b.resize_viewport(1024, 768).await;
        }
        b.open(&format!("{url}/")).await;
        b.wait_for(
            "the lobby's catalogue",
            Duration::from_secs(20),
            "return document.querySelector('[data-game]');",
        )
        .await;
        found += &serious(b, &axe, &format!("the lobby ({screen})")).await;
        for game in ["presidency", "votes-for-women", "the-vote"] {
            create_from_lobby(b, &url, game, Form::default()).await;
            wait_board(b, game).await;
            ready(b, Duration::from_secs(30)).await;
            found += &serious(b, &axe, &format!("{game} ({screen})")).await;
        }
        stage.end().await;
    }
    assert!(
        found.is_empty(),
        "axe finds serious or critical accessibility violations:\n{found}"
    );
}
