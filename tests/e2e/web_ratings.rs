//! The ratings in the browser (issue 38): after a rated match of The Vote between two
//! accounts, the leaderboard page lists them in the server's order with the server's
//! ratings ("?" while provisional), the winner's profile shows the same rating, links
//! back to the leaderboard, charts its history and lists its results by seat, the bots-only board is empty, and the lobby links to the
//! ratings.

use std::time::Duration;

use hustings::{bearer, connect};
use hustings_proto::v1 as pb;

use crate::rated::{first_choices, join_request, rated, rated_the_vote, sign_up};
use crate::web::Stage;

/// The rows of the leaderboard on the page: handle and rating text, in order.
const BOARD_ROWS: &str = r#"
const rows = [...document.querySelectorAll('[data-leaderboard-line]')];
return rows.length ? rows.map(r => [r.dataset.leaderboardLine, r.querySelector('[data-rating]').textContent]) : null;
"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_leaderboard_and_a_profile_show_the_servers_ratings() {
    let Some(stage) = Stage::on(false, None).await else {
        return;
    };
    let (b, url) = (&stage.b, stage.url.clone());
    let mut c = connect(&url).await;
    let ada = sign_up(&mut c, "ada").await;
    let bea = sign_up(&mut c, "Bea").await;
    let id = c
        .create_match(rated_the_vote(44))
        .await
        .expect("created")
        .into_inner()
        .summary
        .expect("summary")
        .match_id;
    let mut tokens = Vec::new();
    for (seat, session) in [&ada, &bea].into_iter().enumerate() {
        let t = c
            .join_match(bearer(session, join_request(&id, seat as u32)))
            .await
            .expect("joins")
            .into_inner()
            .token;
        tokens.push(t);
    }
    first_choices(&mut c, &id, [&tokens[0], &tokens[1]]).await;
    c.resign(pb::ResignRequest {
        match_id: id.clone(),
        token: tokens[1].clone(),
        seat: None,
    })
    .await
    .expect("Bea resigns");
    let ada_r = rated(&mut c, "ada").await;
    rated(&mut c, "bea").await;
    let board = c
        .get_leaderboard(pb::GetLeaderboardRequest {
            game: "the-vote".into(),
            variant: "standard".into(),
            filter: pb::LeaderboardFilter::People as i32,
            limit: 0,
        })
        .await
        .expect("a leaderboard")
        .into_inner()
        .entries;
    let want: Vec<(String, String)> = board
        .iter()
        .map(|e| {
            let r = e.rating.as_ref().expect("a rating");
            let q = if r.provisional { "?" } else { "" };
            (e.handle.clone(), format!("{}{q}", r.rating))
        })
        .collect();
    assert_eq!(want.len(), 2, "both accounts are on the board");
    assert_eq!(want[0].0, "ada", "the winner leads");

    // The lobby links to the ratings; the address chooses the board.
    b.open(&format!("{url}/")).await;
    b.wait_for(
        "the lobby's ratings link",
        Duration::from_secs(20),
        "return document.querySelector('[data-action=\"ratings\"]');",
    )
    .await;
    b.click("[data-action=\"ratings\"]").await;
    b.wait_for(
        "a leaderboard page",
        Duration::from_secs(20),
        "return document.querySelector('[data-leaderboard], [data-leaderboard-empty]');",
    )
    .await;
    b.open(&format!("{url}/#/ratings/the-vote/standard/people"))
        .await;
    let rows = b
        .wait_for(
            "the leaderboard's rows",
            Duration::from_secs(20),
            BOARD_ROWS,
        )
        .await;
    let shown: Vec<(String, String)> = rows
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            (
                r[0].as_str().unwrap_or("").to_string(),
                r[1].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    assert_eq!(shown, want, "the page's leaderboard is the server's");
    assert!(shown[0].1.ends_with('?'), "one match played: provisional");

    // Bots only: nobody yet.
    b.click("[data-leaderboard-filter=\"bots\"]").await;
    b.wait_for(
        "the bots' leaderboard, empty",
        Duration::from_secs(20),
        "return location.hash.endsWith('/bots') && document.querySelector('[data-leaderboard-empty]');",
    )
    .await;

    // The winner's profile: the same rating, linking to its leaderboard.
    b.open(&format!("{url}/#/profile/ada")).await;
    let on_profile = b
        .wait_for(
            "ada's rating on her profile",
            Duration::from_secs(20),
            "const r = document.querySelector('[data-rating-of=\"the-vote/standard\"]'); \
             return r ? [r.querySelector('[data-rating]').textContent, r.querySelector('a').getAttribute('href')] : null;",
        )
        .await;
    assert_eq!(
        on_profile[0].as_str(),
        Some(format!("{}?", ada_r[0].rating).as_str()),
        "the profile's rating: {on_profile}"
    );
    assert_eq!(on_profile[1].as_str(), Some("#/ratings/the-vote/standard"));
    // Her rating's history as a chart: one rated match, one point, at her rating.
    let chart = b
        .js(
            "const c = document.querySelector('[data-rating-chart=\"the-vote/standard\"]'); \
             return c ? [[...c.querySelectorAll('[data-point]')].map(p => Number(p.dataset.point)), \
                         c.getAttribute('aria-label')] : null;",
        )
        .await;
    assert_eq!(
        chart[0],
        serde_json::json!([ada_r[0].rating]),
        "the chart's points: {chart}"
    );
    assert_eq!(
        chart[1].as_str(),
        Some(
            format!(
                "Rating history: {0} to {0} over 1 rated match",
                ada_r[0].rating
            )
            .as_str()
        )
    );
    // Her results by seat: she held seat 0 of The Vote and won there.
    let seat = b
        .js(
            "const r = document.querySelector('[data-seat-results=\"the-vote/standard/0\"]'); \
             return r ? [r.querySelector('th').textContent, r.querySelector('[data-win-rate]').textContent] : null;",
        )
        .await;
    let name = &hustings_engine::game_info("the-vote")
        .and_then(|g| g.variant("standard").map(|v| v.seat_names[0].clone()))
        .expect("the seat's name");
    assert!(
        seat[0].as_str().is_some_and(|t| t.ends_with(name.as_str())),
        "the seat's line names it: {seat}"
    );
    assert_eq!(
        seat[1].as_str(),
        Some("100%"),
        "one match on it, won: {seat}"
    );
    stage.end().await;
}
