//! Play at your own pace, in the browser (issue 39): the new-match form sets what a
//! player's absence leads to and the lobby shows it; the tab's title and icon say "your
//! turn" when the turn comes to the page, and stop saying it when it passes.

use std::time::Duration;

use hustings::browser::Browser;
use hustings::connect;
use hustings_proto::v1 as pb;
use rand::SeedableRng;
use tokio::sync::watch;

use crate::web::{Form, Stage, click_one, create_from_lobby, ready, ready_script, summary};

const WAIT: Duration = Duration::from_secs(60);

/// The tab's title and whether its icon carries the "your turn" dot.
async fn tab(b: &Browser) -> (String, bool) {
    let v = b
        .js("const l = document.querySelector('link[rel=\"icon\"]'); \
             return [document.title, l ? l.dataset.turn === 'yours' : false];")
        .await;
    (
        v[0].as_str().unwrap_or_default().to_string(),
        v[1].as_bool().unwrap_or(false),
    )
}

/// Waits until the match's tab (its title names the race) says "your turn" (`yours`), title
/// and icon, or says neither.
async fn tab_says(b: &Browser, yours: bool) -> String {
    let cond = if yours { "" } else { "!" };
    b.wait_for(
        if yours {
            "the tab to say your turn"
        } else {
            "the tab to stop saying your turn"
        },
        WAIT,
        &format!(
            "const l = document.querySelector('link[rel=\"icon\"]'); \
             const t = document.title.startsWith('● Your turn'); \
             return document.title.includes('Presidential') && {cond}t && \
             ({cond}(l && l.dataset.turn === 'yours')) ? document.title : null;"
        ),
    )
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

/// Plays the Republican's turn over gRPC ("done" when offered, else the first of the game's
/// choices) until the Democrat is to act.
async fn play_republicans_turn(
    c: &mut hustings::Client,
    id: &str,
    token: &str,
    latest: &mut watch::Receiver<pb::MatchUpdate>,
) {
    let mut acted = None;
    loop {
        let u = latest
            .wait_for(|u| Some(u.version) != acted || u.to_act.contains(&0))
            .await
            .expect("the Republican's stream")
            .clone();
        if u.to_act.contains(&0) {
            return;
        }
        let Some(p) = u.prompt.as_ref().filter(|_| u.to_act == [1]) else {
            latest.changed().await.expect("the Republican's stream");
            continue;
        };
        let choice = p
            .choices
            .iter()
            .find(|c| c.id == "done")
            .or_else(|| p.choices.iter().find(|c| c.kind != "undo"))
            .expect("a choice");
        acted = Some(u.version);
        c.act(pb::ActRequest {
            match_id: id.into(),
            token: token.into(),
            version: u.version,
            choice_id: choice.id.clone(),
            seat: None,
        })
        .await
        .expect("the Republican acts");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tab_says_your_turn_and_the_lobby_what_an_absence_leads_to() {
    let Some(stage) = Stage::on(false, None).await else {
        return;
    };
    let (b, url) = (&stage.b, stage.url.clone());
    // A race against another person, who may claim the win after 5 minutes away.
    let form = Form {
        second: Some("open"),
        grace: Some("300000"),
        ..Form::default()
    };
    let id = create_from_lobby(b, &url, "presidency", form).await;
    let m = summary(&url, &id).await;
    assert_eq!(m.abandon_grace_ms, 300_000, "the form's grace was sent");
    assert!(!m.bots_claim_wins, "bots may not claim unless ticked");

    // The Republican: the test, over gRPC, acting only when told to.
    let mut c = connect(&url).await;
    let token = hustings::join(&mut c, &id, 1, "republican").await;
    let mut stream = hustings::open_stream(&mut c, &id, &token, 0).await;
    let (tx, mut latest) = watch::channel(pb::MatchUpdate::default());
    tokio::spawn(async move {
        while let Ok(Some(u)) = stream.message().await {
            if tx.send(u).is_err() {
                break;
            }
        }
    });
    let republicans_turn = |u: &pb::MatchUpdate| u.to_act == [1] && u.prompt.is_some();
    let first = latest
        .wait_for(|u| !u.to_act.is_empty())
        .await
        .expect("the Republican's stream")
        .clone();
    let title = if republicans_turn(&first) {
        // The Republican moves first (the roll for first move): the tab is quiet until the
        // turn comes to the page.
        tab_says(b, false).await;
        play_republicans_turn(&mut c, &id, &token, &mut latest).await;
        tab_says(b, true).await
    } else {
        tab_says(b, true).await
    };
    // The Democrat (this page) decides: the tab says so, title and icon.
    ready(b, WAIT).await;
    assert!(title.contains("Presidential"), "{title}");
    assert!(tab(b).await.1, "the icon carries the dot");

    // The page plays its turn by clicks until the Republican is to act: the tab goes quiet.
    let mut rng = rand::rngs::StdRng::seed_from_u64(39);
    for _ in 0..400 {
        if republicans_turn(&latest.borrow()) {
            break;
        }
        let s = b.js(&ready_script()).await;
        if s.is_null() {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        }
        assert!(s["outcome"].is_null(), "the race ended in the first turn");
        click_one(b, &s, &mut rng, WAIT).await;
    }
    assert!(republicans_turn(&latest.borrow()), "the turn passed");
    let title = tab_says(b, false).await;
    assert!(title.contains("Presidential"), "{title}");
    assert!(!tab(b).await.1, "no dot while the other side decides");

    // The Republican plays its turn: when it comes back to the page, the tab says so again.
    play_republicans_turn(&mut c, &id, &token, &mut latest).await;
    tab_says(b, true).await;
    assert!(tab(b).await.1, "the icon carries the dot");

    // The lobby lists the match with what an absence leads to.
    b.open(&format!("{url}/")).await;
    let line = b
        .wait_for(
            "the match's absence line in the lobby",
            WAIT,
            &format!(
                "const e = document.querySelector('[data-match=\"{id}\"] [data-absence]'); \
                 return e ? e.textContent : null;"
            ),
        )
        .await;
    assert_eq!(line, "no clock · away 5 min → people may claim the win");
    assert!(!tab(b).await.1, "the lobby's icon has no dot");
    stage.end().await;
}
