//! `--metrics`: the Prometheus text scraped after a match shows the match's RPCs, its
//! choices, its streams and the store's commits. (A test binary of its own: the metrics
//! recorder is the process's.)

use hustings::server_proc::temp_dir;
use hustings::{connect, create, play_two_seats, start_server_with};
use hustings_proto::v1 as pb;
use hustings_service::{Database, ServerConfig};

/// `GET /metrics` from `addr`: the body.
async fn scrape(addr: std::net::SocketAddr) -> String {
    let text = hustings::http_get(&addr.to_string(), "/metrics").await;
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    assert!(text.contains("text/plain"), "{text}");
    text.split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default()
}

/// The value of the sample `name` whose labels include every one of `labels`
/// (`key="value"`), if there is one.
fn sample(text: &str, name: &str, labels: &[&str]) -> Option<f64> {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.rsplit_once(' '))
        .find(|(series, _)| {
            let (n, rest) = series.split_once('{').unwrap_or((series, ""));
            n == name && labels.iter().all(|want| rest.contains(want))
        })
        .and_then(|(_, v)| v.parse().ok())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_scraped_after_a_match_show_its_rpcs_and_choices() {
    let dir = temp_dir("metrics");
    let server = start_server_with(ServerConfig {
        database: Database::Sqlite(dir.join("m.sqlite")),
        metrics: Some("127.0.0.1:0".parse().expect("addr")),
        ..Default::default()
    })
    .await;
    let url = server.url();
    let addr = server.metrics_addr().expect("a metrics address");
    let mut c = connect(&url).await;
    let id = create(&mut c, "presidency", "standard", 2, 9).await;
    let watched = play_two_seats(&url, &mut c, &id, [("a", 1), ("b", 2)]).await;
    assert!(
        watched
            .spectator
            .last()
            .and_then(|u| u.outcome.as_ref())
            .is_some()
    );
    let replay = c
        .get_replay(pb::GetReplayRequest {
            match_id: id.clone(),
        })
        .await
        .expect("replay")
        .into_inner();
    let choices = replay.choices.len() as f64;
    // One refusal, to be counted by its code.
    let refused = c
        .act(pb::ActRequest {
            match_id: id.clone(),
            token: "not-a-token".into(),
            version: 0,
            choice_id: "x".into(),
            seat: None,
        })
        .await
        .expect_err("a foreign token");

    let text = scrape(addr).await;
    let rpc = |method: &str, code: &str| {
        sample(
            &text,
            "hustings_rpc_requests_total",
            &[&format!("method=\"{method}\""), &format!("code=\"{code}\"")],
        )
    };
    assert_eq!(rpc("CreateMatch", "OK"), Some(1.0), "{text}");
    assert_eq!(rpc("JoinMatch", "OK"), Some(2.0), "{text}");
    assert_eq!(rpc("Act", "OK"), Some(choices), "{text}");
    assert_eq!(rpc("GetReplay", "OK"), Some(1.0), "{text}");
    assert_ne!(refused.code(), tonic::Code::Ok);
    let refusals: f64 = ["UNAUTHENTICATED", "NOT_FOUND", "PERMISSION_DENIED"]
        .iter()
        .filter_map(|c| rpc("Act", c))
        .sum();
    assert_eq!(refusals, 1.0, "{text}");
    // Three streams were opened: the two seats' and the spectator's.
    assert_eq!(rpc("WatchMatch", "OK"), Some(3.0), "{text}");
    assert_eq!(
        sample(&text, "hustings_choices_total", &["game=\"presidency\""]),
        Some(choices),
        "{text}"
    );
    assert!(choices > 10.0);
    // Every Act call is timed: the choices, the refusal, any stale version.
    let timed = sample(
        &text,
        "hustings_rpc_duration_seconds_count",
        &["method=\"Act\""],
    )
    .expect("Act timed");
    assert!(timed >= choices + 1.0, "{timed}\n{text}");
    assert!(
        text.contains("hustings_rpc_duration_seconds_bucket{method=\"Act\",le=\"0.001\"}"),
        "{text}"
    );
    assert_eq!(
        sample(&text, "hustings_matches_live", &[]),
        Some(1.0),
        "{text}"
    );
    let commits = sample(
        &text,
        "hustings_store_commit_batch_size_count",
        &["store=\"sqlite\""],
    )
    .expect("store commits counted");
    assert!(commits >= 1.0, "{text}");
    let written = sample(
        &text,
        "hustings_store_commit_batch_size_sum",
        &["store=\"sqlite\""],
    )
    .expect("writes counted");
    assert!(
        written >= choices,
        "{written} writes for {choices} choices\n{text}"
    );
    assert!(
        sample(
            &text,
            "hustings_store_commit_seconds_count",
            &["store=\"sqlite\""]
        )
        .is_some(),
        "{text}"
    );
    // Every stream of the match has ended.
    assert_eq!(
        sample(&text, "hustings_streams_open", &["kind=\"match\""]).unwrap_or(0.0),
        0.0,
        "{text}"
    );
    assert!(
        text.contains("# HELP hustings_rpc_requests_total"),
        "{text}"
    );
    server.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}
