//! Whole games played by taps alone on touch screens — a phone held upright (390×844) and a
//! tablet on its side (1024×768), both Chromium's mobile emulation with touch — and the
//! rules help a person opens there: the glossary, the board's legend and the cards, and a
//! card's whole text by tapping the card on the board (issue 40). Every `click` of these
//! tests is a touch sequence ([`Browser::tap`]); nothing is typed.

use std::time::{Duration, Instant};

use hustings::browser::Browser;
use hustings_proto::v1 as pb;
use hustings_service::convert;
use rand::SeedableRng;

use crate::web::{
    Form, Stage, click_one, create_from_lobby, outcome_headline, play_vfw_by_clicks, ready,
    summary, wait_board,
};

const PHONE: (u32, u32) = (390, 844);
const TABLET: (u32, u32) = (1024, 768);

/// The texts of the open help panel's entries (terms, or card ids) and its swatches.
const HELP_PANEL: &str = r#"
const d = document.querySelector('dialog.help-dialog[open]');
if (!d) return null;
const panel = d.querySelector('[data-help-panel]');
return {
  tab: panel.dataset.helpPanel,
  terms: [...panel.querySelectorAll('.help-term dt .term-name')].map(e => e.textContent),
  cards: [...panel.querySelectorAll('[data-help-card]')].map(e => e.dataset.helpCard),
  swatches: panel.querySelectorAll('[data-swatch]').length,
  wide: d.getBoundingClientRect().right <= window.innerWidth,
};
"#;

/// Waits for the help dialog to show `tab` and reads it.
async fn help_panel(b: &Browser, tab: &str) -> serde_json::Value {
    b.wait_for(
        &format!("the rules help's {tab}"),
        Duration::from_secs(10),
        &format!(
            "const v = (() => {{ {HELP_PANEL} }})(); return v && v.tab === '{tab}' ? v : null;"
        ),
    )
    .await
}

fn strings(v: &serde_json::Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// Closes the open dialog (rules help or a card's text) by its Close button, as a person
/// would, and waits until it is gone.
async fn close_dialog(b: &Browser) {
    b.click("dialog[open] [data-action=\"close-help\"]").await;
    b.wait_for(
        "the dialog closed",
        Duration::from_secs(10),
        "return !document.querySelector('dialog[open]');",
    )
    .await;
}

/// Opens the rules help by its button, reads each tab and closes it: the glossary and the
/// legend are the engine's, in its order; the legend draws the marks it has drawings
/// for; the cards are every card of the game; the dialog fits the screen.
async fn read_the_rules_help(b: &Browser, game: &str) {
    let help = hustings_engine::help::of(game).expect("the game has rules help");
    let cards = card_texts(game);
    b.click("[data-action=\"rules-help\"]").await;
    let glossary = help_panel(b, "glossary").await;
    let want: Vec<&str> = help.glossary.iter().map(|t| t.term).collect();
    assert_eq!(strings(&glossary["terms"]), want, "{game}: the glossary");
    assert_eq!(glossary["wide"], true, "{game}: the help fits the screen");
    b.click("[data-help-tab=\"legend\"]").await;
    let legend = help_panel(b, "legend").await;
    let want: Vec<&str> = help.legend.iter().map(|t| t.term).collect();
    assert_eq!(strings(&legend["terms"]), want, "{game}: the legend");
    assert!(
        legend["swatches"].as_u64().unwrap_or(0) > 0,
        "{game}: the legend draws its marks: {legend}"
    );
    b.click("[data-help-tab=\"cards\"]").await;
    let listed = help_panel(b, "cards").await;
    let ids: Vec<String> = cards.iter().map(|(id, _)| id.clone()).collect();
    assert_eq!(
        strings(&listed["cards"]),
        ids,
        "{game}: every card, in order"
    );
    close_dialog(b).await;
}

/// Every card of `game` (id, text) from the server's reference.
fn card_texts(game: &str) -> Vec<(String, String)> {
    let reference = convert::reference(game).expect("a reference");
    match reference.game {
        Some(pb::match_reference::Game::Presidency(r)) => {
            r.cards.into_iter().map(|c| (c.id, c.description)).collect()
        }
        Some(pb::match_reference::Game::VotesForWomen(r)) => {
            r.cards.into_iter().map(|c| (c.id, c.description)).collect()
        }
        Some(pb::match_reference::Game::TheVote(r)) => {
            r.cards.into_iter().map(|c| (c.id, c.description)).collect()
        }
        None => Vec::new(),
    }
}

/// Marks a card drawn on the board whose middle a finger can tap without landing on a
/// choice (a card's action chips choose; the rest of the card opens its text); returns its
/// id, or null when the board shows none now.
const TAPPABLE_CARD: &str = r#"
document.querySelectorAll('[data-tap-me]').forEach(e => e.removeAttribute('data-tap-me'));
for (const e of document.querySelectorAll('svg [data-card]')) {
  if (e.closest('[data-choice]')) continue;
  e.scrollIntoView({ block: 'center', inline: 'center' });
  const r = e.getBoundingClientRect();
  if (r.width < 8 || r.height < 8) continue;
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  if (top && e.contains(top) && !top.closest('[data-choice]')) {
    e.setAttribute('data-tap-me', '1');
    return e.dataset.card;
  }
}
return null;
"#;

/// Taps a card on the board, if one is drawn, and checks the dialog shows its whole text
/// (the board's card is cut to a few lines); closes it. Returns whether a card was tapped.
async fn tap_a_card(b: &Browser, game: &str) -> bool {
    let Some(id) = b.js(TAPPABLE_CARD).await.as_str().map(str::to_string) else {
        return false;
    };
    b.click("[data-tap-me]").await;
    let shown = b
        .wait_for(
            &format!("the text of card {id}"),
            Duration::from_secs(10),
            &format!(
                "const d = document.querySelector('dialog.card-dialog[open] [data-card-text=\"{id}\"]'); \
                 return d ? d.textContent : null;"
            ),
        )
        .await;
    let text = card_texts(game)
        .into_iter()
        .find(|(c, _)| *c == id)
        .map(|(_, t)| t)
        .expect("a card of the game");
    assert!(
        shown.as_str().is_some_and(|s| s.contains(&text)),
        "{game}: card {id}'s dialog shows its text {text:?}: {shown}"
    );
    close_dialog(b).await;
    true
}

/// A whole Presidential Race against the bot pool, by taps on a touch screen `w`×`h`.
async fn a_presidential_race_by_taps((w, h): (u32, u32)) {
    let Some(stage) = Stage::on(true, Some((w, h))).await else {
        return;
    };
    let (b, url) = (&stage.b, stage.url.clone());
    let id = create_from_lobby(b, &url, "presidency", Form::default()).await;
    wait_board(b, "presidency").await;
    ready(b, Duration::from_secs(60)).await;
    read_the_rules_help(b, "presidency").await;
    let mut rng = rand::rngs::StdRng::seed_from_u64(23);
    let (mut decisions, mut card_read) = (0, false);
    let started = Instant::now();
    loop {
        let s = ready(b, Duration::from_secs(60)).await;
        if !s["outcome"].is_null() {
            break;
        }
        if !card_read {
            card_read = tap_a_card(b, "presidency").await;
        }
        decisions += 1;
        if decisions == 24 {
            // The top of the page: the board, as a person opening the match sees it.
            b.js("window.scrollTo(0, 0); return true;").await;
            b.screenshot_for_docs(&format!("touch-{w}x{h}-presidency"))
                .await;
        }
        click_one(b, &s, &mut rng, Duration::from_secs(60)).await;
        assert!(decisions < 400, "the race does not end");
    }
    println!(
        "Presidential Race at {w}×{h}: {decisions} decisions by taps in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    assert!(
        card_read,
        "a card on the board was tapped and its text read"
    );
    let m = summary(&url, &id).await;
    assert_eq!(m.status, pb::MatchStatus::Finished as i32);
    assert!(
        !outcome_headline(b).await.is_empty(),
        "the outcome in words"
    );
    stage.end().await;
}

/// A whole Votes for Women solitaire against the Oppobot, by taps on a touch screen.
async fn a_votes_for_women_solitaire_by_taps((w, h): (u32, u32)) {
    let Some(stage) = Stage::on(false, Some((w, h))).await else {
        return;
    };
    let (b, url) = (&stage.b, stage.url.clone());
    let form = Form {
        variant: Some("solitaire"),
        ..Form::default()
    };
    let id = create_from_lobby(b, &url, "votes-for-women", form).await;
    wait_board(b, "votes-for-women").await;
    ready(b, Duration::from_secs(60)).await;
    read_the_rules_help(b, "votes-for-women").await;
    assert!(
        tap_a_card(b, "votes-for-women").await,
        "a card on the board opens its text"
    );
    let started = Instant::now();
    let shot = format!("touch-{w}x{h}-votes-for-women");
    let p = play_vfw_by_clicks(b, 29, Some(&shot), false).await;
    println!(
        "Votes for Women solitaire at {w}×{h}: {} decisions by taps ({} on states) in {:.1} s",
        p.decisions,
        p.on_states,
        started.elapsed().as_secs_f64()
    );
    let m = summary(&url, &id).await;
    assert_eq!(m.status, pb::MatchStatus::Finished as i32);
    assert!(
        p.on_states > 20,
        "states were tapped on the map: {}",
        p.on_states
    );
    assert!(p.shot, "a screenshot was taken with states on offer");
    assert!(
        !outcome_headline(b).await.is_empty(),
        "the outcome in words"
    );
    stage.end().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_presidential_race_by_taps_on_a_phone() {
    a_presidential_race_by_taps(PHONE).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_presidential_race_by_taps_on_a_tablet() {
    a_presidential_race_by_taps(TABLET).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_votes_for_women_solitaire_by_taps_on_a_phone() {
    a_votes_for_women_solitaire_by_taps(PHONE).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_votes_for_women_solitaire_by_taps_on_a_tablet() {
    a_votes_for_women_solitaire_by_taps(TABLET).await;
}

/// The Vote's help too, on a touch screen `w`×`h`: its glossary, its legend with the four
/// Support Markers drawn, its cards, and a card's text on tap.
async fn the_votes_rules_help_by_taps((w, h): (u32, u32)) {
    let Some(stage) = Stage::on(true, Some((w, h))).await else {
        return;
    };
    let (b, url) = (&stage.b, stage.url.clone());
    create_from_lobby(b, &url, "the-vote", Form::default()).await;
    wait_board(b, "the-vote").await;
    ready(b, Duration::from_secs(60)).await;
    b.screenshot_for_docs(&format!("touch-{w}x{h}-the-vote"))
        .await;
    read_the_rules_help(b, "the-vote").await;
    b.click("[data-action=\"rules-help\"]").await;
    // The dialog opens on the glossary; its tabs can be tapped once it is up.
    help_panel(b, "glossary").await;
    b.click("[data-help-tab=\"legend\"]").await;
    let drawn = b
        .wait_for(
            "the legend's Support Markers",
            Duration::from_secs(10),
            "const d = document.querySelector('dialog.help-dialog[open]'); \
             return d ? [...d.querySelectorAll('[data-swatch^=\"marker:\"]')].map(e => e.dataset.swatch) : null;",
        )
        .await;
    for kind in ["equality", "blue", "red", "supremacy"] {
        assert!(
            strings(&drawn).contains(&format!("marker:{kind}")),
            "the legend draws the {kind} marker: {drawn}"
        );
    }
    b.screenshot_for_docs(&format!("touch-{w}x{h}-the-vote-rules-help"))
        .await;
    close_dialog(b).await;
    assert!(
        tap_a_card(b, "the-vote").await,
        "a card on the board opens its text"
    );
    stage.end().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_votes_rules_help_and_a_cards_text_on_a_phone() {
    the_votes_rules_help_by_taps(PHONE).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_votes_rules_help_and_a_cards_text_on_a_tablet() {
    the_votes_rules_help_by_taps(TABLET).await;
}
