//! Durable matches (issue 9), end to end: the real `hustings-server` process is SIGKILLed in
//! the middle of several matches and started again on the same database; the clients
//! reconnect with their seat tokens and finish every match, and no acknowledged choice is
//! lost — on SQLite (the default, in `--data-dir`) and on PostgreSQL (`--database-url`).
//! Also: a first start creates and migrates an empty database; a damaged database, one of a
//! newer schema, a foreign one, or an unreachable server stop the server with a clear error.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use hustings::server_proc::{
    ServerProcess, free_port, fresh_postgres_database, postgres_execute, sqlite_file,
    start_expecting_failure, temp_dir,
};
use hustings::{Client, connect, create, join};
use hustings_proto::v1 as pb;
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use tonic::Code;

/// One choice the server acknowledged: Act returned OK with this new version.
#[derive(Clone, Debug, PartialEq)]
struct Ack {
    version: u64,
    seat: u32,
    choice: String,
}

type Acks = Arc<Mutex<Vec<Ack>>>;

/// Plays one seat with random legal choices, recording every acknowledged choice. Returns
/// true when the match ended, false when the server went away.
async fn drive_seat(
    url: String,
    match_id: String,
    token: String,
    seat: u32,
    seed: u64,
    acks: Acks,
) -> bool {
    let Ok(mut client) = pb::hustings_client::HustingsClient::connect(url).await else {
        return false;
    };
    let Ok(resp) = client
        .watch_match(pb::WatchMatchRequest {
            match_id: match_id.clone(),
            token: token.clone(),
            from_version: 0,
            include_json_view: false,
            seat: None,
        })
        .await
    else {
        return false;
    };
    let mut stream = resp.into_inner();
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut acted_at = None;
    loop {
        let update = match stream.message().await {
            Ok(Some(u)) => u,
            _ => return false,
        };
        if update.outcome.is_some() {
            return true;
        }
        let Some(prompt) = update.prompt else {
            continue;
        };
        // Presence changes resend the prompt: act once per version.
        if acted_at == Some(update.version) {
            continue;
        }
        acted_at = Some(update.version);
        let choice = prompt
            .choices
            .choose(&mut rng)
            .map(|c| c.id.clone())
            .expect("a prompt has choices");
        match client
            .act(pb::ActRequest {
                match_id: match_id.clone(),
                token: token.clone(),
                version: update.version,
                choice_id: choice.clone(),
                seat: None,
            })
            .await
        {
            Ok(r) => acks.lock().expect("acks").push(Ack {
                version: r.into_inner().version,
                seat,
                choice,
            }),
            Err(s) if matches!(s.code(), Code::Aborted | Code::FailedPrecondition) => {}
            Err(_) => return false,
        }
    }
}

struct TestMatch {
    id: String,
    tokens: Vec<String>,
    acks: Acks,
}

/// The first message of a spectator's stream: the match as the server holds it now.
async fn snapshot(client: &mut Client, id: &str) -> pb::MatchUpdate {
    client
        .watch_match(pb::WatchMatchRequest {
            match_id: id.into(),
            token: String::new(),
            from_version: 0,
            include_json_view: false,
            seat: None,
        })
        .await
        .expect("the restored match can be watched")
        .into_inner()
        .message()
        .await
        .expect("stream healthy")
        .expect("a snapshot first")
}

async fn replay(client: &mut Client, id: &str) -> pb::Replay {
    client
        .get_replay(pb::GetReplayRequest {
            match_id: id.into(),
        })
        .await
        .expect("a finished match has a replay")
        .into_inner()
}

/// A new Presidential Race with every seat joined.
async fn seated(c: &mut Client, variant: &str, seats: u32, seed: u64) -> TestMatch {
    let id = create(c, "presidency", variant, seats, seed).await;
    let mut tokens = Vec::new();
    for s in 0..seats {
        tokens.push(join(c, &id, s, &format!("p{s}")).await);
    }
    TestMatch {
        id,
        tokens,
        acks: Acks::default(),
    }
}

/// Waits (two minutes at most) until `played` says the matches are far enough, SIGKILLs
/// the server then, and waits for every seat's client to notice. Returns for each seat
/// whether its match had ended.
async fn kill_once_played(
    server: ServerProcess,
    matches: &[TestMatch],
    handles: Vec<tokio::task::JoinHandle<bool>>,
    played: impl Fn(&[TestMatch]) -> bool,
) -> Vec<bool> {
    let deadline = Instant::now() + Duration::from_secs(120);
    while !played(matches) {
        assert!(
            Instant::now() < deadline,
            "the matches are not being played"
        );
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    server.kill9();
    let mut ended = Vec::new();
    for h in handles {
        ended.push(
            tokio::time::timeout(Duration::from_secs(30), h)
                .await
                .expect("clients notice the server is gone")
                .expect("client task"),
        );
    }
    ended
}

/// Plays every seat of `matches` on `url` until each match ends (`want_end`) or the server
/// is killed. Returns for each seat whether its match ended.
fn spawn_seats(url: &str, matches: &[TestMatch], seed: u64) -> Vec<tokio::task::JoinHandle<bool>> {
    let mut handles = Vec::new();
    for (m_i, m) in matches.iter().enumerate() {
        for (seat, token) in m.tokens.iter().enumerate() {
            handles.push(tokio::spawn(drive_seat(
                url.to_string(),
                m.id.clone(),
                token.clone(),
                seat as u32,
                seed + 100 * m_i as u64 + seat as u64,
                m.acks.clone(),
            )));
        }
    }
    handles
}

/// The whole scenario, on whatever database `args` selects.
async fn kill_mid_play_restart_and_finish(args: &[&str]) {
    let server = ServerProcess::start(args);
    let url = server.url();
    let mut c = connect(&url).await;

    // Three matches in play and one still waiting for its last seat.
    let mut matches = Vec::new();
    for (variant, seats, seed) in [
        ("standard", 2, 11),
        ("standard", 2, 12),
        ("convention", 4, 13),
    ] {
        matches.push(seated(&mut c, variant, seats, seed).await);
    }
    let waiting_id = create(&mut c, "presidency", "convention", 3, 14).await;
    let waiting_tokens = vec![
        join(&mut c, &waiting_id, 0, "w0").await,
        join(&mut c, &waiting_id, 1, "w1").await,
    ];

    // Play all three at once and SIGKILL the server while they are being played: as soon as
    // each has at least 12 acknowledged choices (Acts are still in flight then).
    let handles = spawn_seats(&url, &matches, 1000);
    let ended = kill_once_played(server, &matches, handles, |ms| {
        ms.iter().all(|m| m.acks.lock().expect("acks").len() >= 12)
    })
    .await;
    assert!(
        !ended.contains(&true),
        "a match ended before the kill; the test would not be mid-match"
    );
    let before: Vec<Vec<Ack>> = matches
        .iter()
        .map(|m| m.acks.lock().expect("acks").clone())
        .collect();

    // Same database, new process.
    let server = ServerProcess::start(args);
    let url = server.url();
    let mut c = connect(&url).await;
    for (m, acks) in matches.iter().zip(&before) {
        let last_acked = acks.iter().map(|a| a.version).max().unwrap_or(0);
        let snap = snapshot(&mut c, &m.id).await;
        assert!(
            snap.version >= last_acked,
            "match {}: restored at version {} but version {last_acked} was acknowledged",
            m.id,
            snap.version
        );
        assert!(snap.outcome.is_none(), "the match is still unfinished");
    }
    let snap = snapshot(&mut c, &waiting_id).await;
    let taken: Vec<bool> = snap.seats.iter().map(|s| s.taken).collect();
    assert_eq!(
        taken,
        vec![true, true, false],
        "joined seats survive the restart"
    );

    // The waiting match gets its last player; everyone reconnects with their old tokens.
    let mut tokens = waiting_tokens;
    tokens.push(join(&mut c, &waiting_id, 2, "w2").await);
    matches.push(TestMatch {
        id: waiting_id,
        tokens,
        acks: Acks::default(),
    });
    let handles = spawn_seats(&url, &matches, 2000);
    for h in handles {
        let ended = tokio::time::timeout(Duration::from_secs(300), h)
            .await
            .expect("the matches finish")
            .expect("client task");
        assert!(ended, "every match is played to its end after the restart");
    }

    // Every acknowledged choice, before and after the kill, is in the replay at its version.
    let mut replays = Vec::new();
    for (i, m) in matches.iter().enumerate() {
        let r = replay(&mut c, &m.id).await;
        let summary = r.summary.clone().expect("summary");
        assert_eq!(summary.status, pb::MatchStatus::Finished as i32);
        assert_eq!(r.choices.len() as u64, summary.version);
        for (n, rc) in r.choices.iter().enumerate() {
            assert_eq!(rc.version, n as u64 + 1, "replay versions are consecutive");
        }
        let mut all = before.get(i).cloned().unwrap_or_default();
        all.extend(m.acks.lock().expect("acks").iter().cloned());
        assert!(!all.is_empty());
        for a in &all {
            let rc = &r.choices[(a.version - 1) as usize];
            assert_eq!(
                (rc.seat, rc.choice_id.as_str()),
                (a.seat, a.choice.as_str()),
                "match {}: acknowledged choice at version {} lost or changed",
                m.id,
                a.version
            );
        }
        replays.push(r);
    }
    server.kill9();

    // Finished matches stay listable and replayable across another restart.
    let server = ServerProcess::start(args);
    let mut c = connect(&server.url()).await;
    let listed = c
        .list_matches(pb::ListMatchesRequest {
            status: pb::MatchStatus::Finished as i32,
            ..Default::default()
        })
        .await
        .expect("list")
        .into_inner()
        .matches;
    for (m, before) in matches.iter().zip(&replays) {
        assert!(
            listed.iter().any(|s| s.match_id == m.id),
            "finished match {} is listed after a restart",
            m.id
        );
        let after = replay(&mut c, &m.id).await;
        assert_eq!(after.choices, before.choices);
        assert_eq!(after.seed, before.seed);
        // A seat token still identifies its seat.
        let seat_view = c
            .watch_match(pb::WatchMatchRequest {
                match_id: m.id.clone(),
                token: m.tokens[1].clone(),
                from_version: 0,
                include_json_view: false,
                seat: None,
            })
            .await
            .expect("the token still works")
            .into_inner()
            .message()
            .await
            .expect("stream")
            .expect("snapshot");
        assert_eq!(seat_view.viewer_seat, Some(1));
        assert!(seat_view.outcome.is_some());
    }
    server.kill9();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_matches_survive_sigkill_mid_play() {
    let dir = temp_dir("sigkill");
    let dir_s = dir.to_string_lossy().to_string();
    kill_mid_play_restart_and_finish(&["--data-dir", &dir_s]).await;
    assert!(sqlite_file(&dir).exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_matches_survive_sigkill_mid_play() {
    let Some(url) = fresh_postgres_database("sigkill") else {
        return;
    };
    kill_mid_play_restart_and_finish(&["--database-url", &url]).await;
}

/// The schema version a SQLite database records.
fn sqlite_schema_version(path: &std::path::Path) -> i64 {
    let conn = rusqlite::Connection::open(path).expect("open");
    conn.query_row("SELECT version FROM schema_version", [], |r| r.get(0))
        .expect("a schema_version row")
}

async fn create_one_match(url: &str) -> String {
    let mut c = connect(url).await;
    create(&mut c, "presidency", "standard", 2, 7).await
}

async fn listed_ids(url: &str) -> Vec<String> {
    let mut c = connect(url).await;
    c.list_matches(pb::ListMatchesRequest::default())
        .await
        .expect("list")
        .into_inner()
        .matches
        .into_iter()
        .map(|m| m.match_id)
        .collect()
}

#[tokio::test]
async fn first_start_creates_and_migrates_the_sqlite_database() {
    // A data directory that does not exist yet.
    let dir = temp_dir("fresh").join("nested").join("data");
    let dir_s = dir.to_string_lossy().to_string();
    let server = ServerProcess::start(&["--data-dir", &dir_s]);
    let id = create_one_match(&server.url()).await;
    server.kill9();
    assert_eq!(
        sqlite_schema_version(&sqlite_file(&dir)),
        hustings_service::sql::current_version()
    );
    let server = ServerProcess::start(&["--data-dir", &dir_s]);
    assert_eq!(listed_ids(&server.url()).await, vec![id]);
    server.kill9();

    // An empty (zero-byte) file is an empty database: migrated, not refused.
    let dir = temp_dir("empty-file");
    std::fs::write(sqlite_file(&dir), b"").expect("write");
    let dir_s = dir.to_string_lossy().to_string();
    let server = ServerProcess::start(&["--data-dir", &dir_s]);
    assert!(listed_ids(&server.url()).await.is_empty());
    server.kill9();
    assert_eq!(
        sqlite_schema_version(&sqlite_file(&dir)),
        hustings_service::sql::current_version()
    );
}

#[tokio::test]
async fn with_no_flags_matches_go_to_sqlite_in_the_users_data_dir() {
    let home = temp_dir("xdg");
    let xdg = home.to_string_lossy().to_string();
    let server = ServerProcess::start_with_env(&[], &[("XDG_DATA_HOME", &xdg)]);
    let id = create_one_match(&server.url()).await;
    server.kill9();
    let file = home.join("hustings").join("hustings.sqlite");
    assert!(file.exists(), "{} created", file.display());
    let server = ServerProcess::start_with_env(&[], &[("XDG_DATA_HOME", &xdg)]);
    assert_eq!(listed_ids(&server.url()).await, vec![id]);
    server.kill9();
    // --memory keeps nothing.
    let server = ServerProcess::start_with_env(&["--memory"], &[("XDG_DATA_HOME", &xdg)]);
    assert!(listed_ids(&server.url()).await.is_empty());
    server.kill9();
    let _ = std::fs::remove_dir_all(&home);
}

#[tokio::test]
async fn an_empty_postgres_database_is_migrated() {
    let Some(url) = fresh_postgres_database("empty") else {
        return;
    };
    let server = ServerProcess::start(&["--database-url", &url]);
    let id = create_one_match(&server.url()).await;
    server.kill9();
    let server = ServerProcess::start(&["--database-url", &url]);
    assert_eq!(listed_ids(&server.url()).await, vec![id]);
    server.kill9();
    // The recorded version is the one this server writes: a newer one is refused below.
    let v = hustings_service::sql::current_version();
    postgres_execute(
        &url,
        &format!(
            "DO $$ BEGIN IF (SELECT version FROM schema_version) <> {v} THEN RAISE EXCEPTION 'wrong version'; END IF; END $$"
        ),
    );
}

#[test]
fn a_damaged_sqlite_file_stops_the_server_and_is_left_untouched() {
    let dir = temp_dir("corrupt");
    let junk: Vec<u8> = (0..8192u32).map(|i| (i * 7919 % 251) as u8).collect();
    std::fs::write(sqlite_file(&dir), &junk).expect("write");
    let (status, stderr) = start_expecting_failure(&["--data-dir", &dir.to_string_lossy()]);
    assert!(!status.success(), "exit status {status}");
    assert!(
        stderr.contains("damaged or not a SQLite database"),
        "stderr: {stderr}"
    );
    assert!(
        stderr.contains("hustings.sqlite"),
        "names the file: {stderr}"
    );
    assert_eq!(std::fs::read(sqlite_file(&dir)).expect("read"), junk);
}

#[tokio::test]
async fn a_sqlite_database_with_garbled_pages_stops_the_server() {
    let dir = temp_dir("garbled");
    let dir_s = dir.to_string_lossy().to_string();
    let server = ServerProcess::start(&["--data-dir", &dir_s]);
    let mut c = connect(&server.url()).await;
    for seed in 0..40 {
        create(&mut c, "presidency", "convention", 6, seed).await;
    }
    server.kill9();
    // Move everything from the WAL into the main file, then garble its table pages (the
    // 100-byte header and page 1 stay valid, so the file still looks like SQLite).
    let file = sqlite_file(&dir);
    rusqlite::Connection::open(&file)
        .and_then(|c| c.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(())))
        .expect("checkpoint");
    let mut bytes = std::fs::read(&file).expect("read");
    assert!(bytes.len() > 4 * 4096, "a few pages: {}", bytes.len());
    for (i, b) in bytes[4096..].iter_mut().enumerate() {
        if i % 4096 < 2048 {
            *b = (i * 31 % 253) as u8;
        }
    }
    std::fs::write(&file, &bytes).expect("write");
    let (status, stderr) = start_expecting_failure(&["--data-dir", &dir_s]);
    assert!(!status.success(), "exit status {status}");
    assert!(stderr.contains("damaged"), "stderr: {stderr}");
    assert_eq!(std::fs::read(&file).expect("read"), bytes, "left untouched");
}

#[tokio::test]
async fn a_sqlite_database_of_a_newer_schema_stops_the_server() {
    let dir = temp_dir("newer");
    let dir_s = dir.to_string_lossy().to_string();
    let server = ServerProcess::start(&["--data-dir", &dir_s]);
    let id = create_one_match(&server.url()).await;
    server.kill9();
    let newer = hustings_service::sql::current_version() + 1;
    rusqlite::Connection::open(sqlite_file(&dir))
        .and_then(|c| c.execute("UPDATE schema_version SET version = ?1", [newer]))
        .expect("bump the version");
    let (status, stderr) = start_expecting_failure(&["--data-dir", &dir_s]);
    assert!(!status.success());
    assert!(
        stderr.contains(&format!("schema version {newer}")) && stderr.contains("newer"),
        "stderr: {stderr}"
    );
    // Nothing was rewritten: back at the known version, the match is still there.
    assert_eq!(sqlite_schema_version(&sqlite_file(&dir)), newer);
    rusqlite::Connection::open(sqlite_file(&dir))
        .and_then(|c| {
            c.execute(
                "UPDATE schema_version SET version = ?1",
                [hustings_service::sql::current_version()],
            )
        })
        .expect("restore the version");
    let server = ServerProcess::start(&["--data-dir", &dir_s]);
    assert_eq!(listed_ids(&server.url()).await, vec![id]);
    server.kill9();
}

#[test]
fn a_foreign_sqlite_database_stops_the_server() {
    let dir = temp_dir("foreign");
    rusqlite::Connection::open(sqlite_file(&dir))
        .and_then(|c| {
            c.execute_batch("CREATE TABLE users (name TEXT); INSERT INTO users VALUES ('x');")
        })
        .expect("a foreign database");
    let (status, stderr) = start_expecting_failure(&["--data-dir", &dir.to_string_lossy()]);
    assert!(!status.success());
    assert!(
        stderr.contains("not a Hustings database"),
        "stderr: {stderr}"
    );
}

#[tokio::test]
async fn a_postgres_database_of_a_newer_schema_stops_the_server() {
    let Some(url) = fresh_postgres_database("newer") else {
        return;
    };
    let server = ServerProcess::start(&["--database-url", &url]);
    create_one_match(&server.url()).await;
    server.kill9();
    let newer = hustings_service::sql::current_version() + 1;
    postgres_execute(
        &url,
        &format!("UPDATE schema_version SET version = {newer}"),
    );
    let (status, stderr) = start_expecting_failure(&["--database-url", &url]);
    assert!(!status.success());
    assert!(
        stderr.contains(&format!("schema version {newer}")) && stderr.contains("newer"),
        "stderr: {stderr}"
    );
}

#[test]
fn an_unreachable_postgres_server_stops_the_server() {
    // A loopback port nobody listens on.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let url = format!("postgres://hustings:s3cret@127.0.0.1:{port}/hustings");
    let (status, stderr) = start_expecting_failure(&["--database-url", &url]);
    assert!(!status.success());
    assert!(
        stderr.contains("cannot connect to the PostgreSQL database"),
        "stderr: {stderr}"
    );
    assert!(
        !stderr.contains("s3cret"),
        "the password is never shown: {stderr}"
    );
}

/// Many matches played at once, so that their choices reach the store together and are
/// committed in shared transactions; the server is SIGKILLed mid-play. After a restart each
/// match is resigned (which makes its replay available) and every choice acknowledged
/// before the kill is in its replay, at its version.
async fn kill_during_group_commit(args: &[&str]) {
    const MATCHES: usize = 32;
    // The first server's metrics show that choices really were committed together.
    let metrics = format!("127.0.0.1:{}", free_port());
    let first: Vec<&str> = args
        .iter()
        .copied()
        .chain(["--metrics", &metrics])
        .collect();
    let server = ServerProcess::start(&first);
    let url = server.url();
    let mut c = connect(&url).await;
    let mut matches = Vec::new();
    for seed in 0..MATCHES as u64 {
        matches.push(seated(&mut c, "standard", 2, 500 + seed).await);
    }
    let handles = spawn_seats(&url, &matches, 7000);
    let played = |ms: &[TestMatch]| {
        let total: usize = ms.iter().map(|m| m.acks.lock().expect("acks").len()).sum();
        total >= 20 * MATCHES
    };
    let deadline = Instant::now() + Duration::from_secs(120);
    while !played(&matches) {
        assert!(
            Instant::now() < deadline,
            "the matches are not being played"
        );
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    // A test of group commit must have had groups: batches of more than one write.
    let (batches, of_one) = commit_batches(&metrics).await;
    println!("group commit before the kill: {batches} batches, {of_one} of one write");
    assert!(
        batches > of_one,
        "no batch of more than one write was committed ({batches} batches, all of one)"
    );
    kill_once_played(server, &matches, handles, played).await;
    let server = ServerProcess::start(args);
    let mut c = connect(&server.url()).await;
    let mut checked = 0;
    for m in &matches {
        let resigned = c
            .resign(pb::ResignRequest {
                match_id: m.id.clone(),
                token: m.tokens[0].clone(),
                seat: None,
            })
            .await;
        if let Err(s) = &resigned {
            assert_eq!(
                s.code(),
                Code::FailedPrecondition,
                "only a finished match refuses: {s:?}"
            );
        }
        let r = replay(&mut c, &m.id).await;
        for a in m.acks.lock().expect("acks").iter() {
            let rc = r.choices.get((a.version - 1) as usize).unwrap_or_else(|| {
                panic!("match {}: acknowledged version {} lost", m.id, a.version)
            });
            assert_eq!(
                (rc.seat, rc.choice_id.as_str()),
                (a.seat, a.choice.as_str()),
                "match {}: acknowledged choice at version {} changed",
                m.id,
                a.version
            );
            checked += 1;
        }
    }
    assert!(
        checked >= 20 * MATCHES,
        "{checked} acknowledged choices checked"
    );
    server.kill9();
}

/// From the server's metrics at `addr`: how many group commits there were, and how many of
/// them held a single write (`hustings_store_commit_batch_size`, whose first bucket is 1).
async fn commit_batches(addr: &str) -> (f64, f64) {
    let text = hustings::http_get(addr, "/metrics").await;
    let value = |prefix: &str, needle: &str| -> f64 {
        text.lines()
            .filter(|l| l.starts_with(prefix) && l.contains(needle))
            .filter_map(|l| l.rsplit_once(' ')?.1.parse::<f64>().ok())
            .sum()
    };
    let count = value("hustings_store_commit_batch_size_count", "");
    let of_one = value("hustings_store_commit_batch_size_bucket", "le=\"1\"");
    assert!(count > 0.0, "the store's commits are counted: {text}");
    (count, of_one)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_group_commit_loses_no_acknowledged_choice_on_sigkill() {
    let dir = temp_dir("group-kill");
    let dir_s = dir.to_string_lossy().to_string();
    kill_during_group_commit(&["--data-dir", &dir_s]).await;
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_group_commit_loses_no_acknowledged_choice_on_sigkill() {
    let Some(url) = fresh_postgres_database("groupkill") else {
        return;
    };
    kill_during_group_commit(&["--database-url", &url]).await;
}
