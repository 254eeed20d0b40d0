//! Presence: a seat whose client goes away is seen to leave, every time, however it goes —
//! politely (its stream cancelled with RST_STREAM while the connection lives on) or by a
//! hard cut of its connection — and whenever it goes, even while its stream is still being
//! opened. Then its abandon grace starts and the others may claim the win.
//!
//! The case these tests were written for: a call cancelled after the server took the
//! stream but before the client read the answer left the seat present for good (the actor
//! had counted the viewer and only learned of a closed channel when it next sent, and a
//! match waiting for that seat sends nothing). Each test goes away `ROUNDS` times at random
//! moments, seeded (the seed is printed), while other matches are played on the same
//! server.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use hustings::relay::Relay;
use hustings::{Client, connect, join, play_two_seats, start_server};
use hustings_proto::v1 as pb;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tokio::time::Instant;

/// Times each test's seat goes away.
const ROUNDS: usize = 300;
/// Matches played at once beside the test's own, so the server is busy while seats go.
const BUSY_MATCHES: usize = 4;

/// A Presidential Race with both seats joined and a short abandon grace: (id, the tokens,
/// the seat to act). Nobody acts in it until the end of the test, so nothing but presence
/// makes it send anything.
async fn waiting_match(c: &mut Client, seed: u64) -> (String, [String; 2], usize) {
    let id = c
        .create_match(pb::CreateMatchRequest {
            game: "presidency".into(),
            seed: Some(seed),
            abandon_grace_ms: Some(1_000),
            ..Default::default()
        })
        .await
        .expect("match created")
        .into_inner()
        .summary
        .expect("summary")
        .match_id;
    let tokens = [
        join(c, &id, 0, "leaving").await,
        join(c, &id, 1, "staying").await,
    ];
    let first = hustings::open_stream(c, &id, "", 0)
        .await
        .message()
        .await
        .expect("stream")
        .expect("a snapshot");
    let to_act = first.to_act[0] as usize;
    (id, tokens, to_act)
}

/// Whether a fresh spectator's snapshot shows `seat` connected.
async fn connected(c: &mut Client, id: &str, seat: usize) -> bool {
    let mut s = hustings::open_stream(c, id, "", 0).await;
    let u = s.message().await.expect("stream").expect("a snapshot");
    u.seats[seat].connected
}

/// Waits until the server shows `seat` away; fails the test after 10 s.
async fn until_away(c: &mut Client, id: &str, seat: usize, what: &str) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while connected(c, id, seat).await {
        assert!(
            Instant::now() < deadline,
            "{what}: the seat is still shown present 10 s after its client went"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Random matches played on a server beside a test's own, until [`Busy::end`].
struct Busy {
    stop: Arc<AtomicBool>,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Busy {
    /// Plays random matches on `url`, one after another on each of `BUSY_MATCHES` tasks.
    fn start(url: &str, seed: u64) -> Busy {
        let stop = Arc::new(AtomicBool::new(false));
        let tasks = (0..BUSY_MATCHES as u64)
            .map(|task| {
                let (url, stop) = (url.to_string(), stop.clone());
                tokio::spawn(async move {
                    let mut c = connect(&url).await;
                    let mut n = 0;
                    while !stop.load(Ordering::Relaxed) {
                        let s = seed + 1_000 * task + n;
                        let id = hustings::create(&mut c, "presidency", "standard", 2, s).await;
                        play_two_seats(&url, &mut c, &id, [("a", s), ("b", s + 1)]).await;
                        n += 1;
                    }
                })
            })
            .collect();
        Busy { stop, tasks }
    }

    /// Lets each task finish the match it is playing.
    async fn end(self) {
        self.stop.store(true, Ordering::Relaxed);
        for t in self.tasks {
            t.await.expect("the busy matches play to the end");
        }
    }
}

/// How a round's client goes away: after `yields` turns of the runtime, or after `ms`
/// milliseconds, or once it has read its stream's first message. The first two land
/// anywhere between sending the call and reading its answer.
#[derive(Debug, Clone, Copy)]
enum When {
    Yields(u32),
    Millis(u64),
    AfterFirstMessage,
}

impl When {
    fn draw(rng: &mut StdRng) -> When {
        match rng.random_range(0..3) {
            0 => When::Yields(rng.random_range(0..200)),
            1 => When::Millis(rng.random_range(0..3)),
            _ => When::AfterFirstMessage,
        }
    }

    /// Waits as `self` says (for `AfterFirstMessage`, forever: the stream's own branch ends
    /// the round).
    async fn wait(self) {
        match self {
            When::Yields(k) => {
                for _ in 0..k {
                    tokio::task::yield_now().await;
                }
            }
            When::Millis(ms) => tokio::time::sleep(Duration::from_millis(ms)).await,
            When::AfterFirstMessage => std::future::pending().await,
        }
    }
}

/// Opens the seat's stream on `c` and reads its first message, or stops at `when`.
async fn open_until(c: &mut Client, id: &str, token: &str, when: When) {
    let open = async {
        if let Ok(r) = c
            .watch_match(pb::WatchMatchRequest {
                match_id: id.into(),
                token: token.into(),
                from_version: 0,
                include_json_view: false,
                seat: None,
            })
            .await
        {
            let _ = r.into_inner().message().await;
        }
    };
    tokio::select! {
        _ = open => {}
        _ = when.wait() => {}
    }
}

/// After the rounds: the seat, away, can be claimed against once the grace has passed.
async fn the_win_can_be_claimed(c: &mut Client, id: &str, tokens: &[String; 2], away: usize) {
    let other = &tokens[1 - away];
    let mut s = hustings::open_stream(c, id, other, 0).await;
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let u = tokio::time::timeout_at(deadline, s.message())
            .await
            .expect("the claim is offered within 10 s")
            .expect("stream")
            .expect("an update");
        let offered = u
            .prompt
            .iter()
            .flat_map(|p| &p.choices)
            .any(|ch| ch.id == "claim-win");
        if offered {
            c.act(pb::ActRequest {
                match_id: id.into(),
                token: other.clone(),
                version: u.version,
                choice_id: "claim-win".into(),
                seat: None,
            })
            .await
            .expect("the win is claimed");
            break;
        }
    }
    let outcome = loop {
        let u = s.message().await.expect("stream").expect("an update");
        if let Some(o) = u.outcome {
            break o;
        }
    };
    assert_eq!(outcome.forfeit, "abandoned");
    assert_eq!(outcome.winners, vec![(1 - away) as u32]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stream_cancelled_on_a_live_connection_always_leaves_even_while_it_opens() {
    let seed = hustings::test_seed("presence polite-drop");
    let mut rng = StdRng::seed_from_u64(seed);
    let server = start_server().await;
    let url = server.url();
    let busy = Busy::start(&url, seed);
    let mut c = connect(&url).await;
    let (id, tokens, seat) = waiting_match(&mut c, 7).await;
    // One connection for every round: each round's stream is cancelled on it (RST_STREAM),
    // and the connection stays up.
    let seat_client = connect(&url).await;
    for round in 0..ROUNDS {
        let when = When::draw(&mut rng);
        open_until(&mut seat_client.clone(), &id, &tokens[seat], when).await;
        let what = format!("seed {seed}, round {round}, cancelled {when:?}");
        until_away(&mut c, &id, seat, &what).await;
    }
    the_win_can_be_claimed(&mut c, &id, &tokens, seat).await;
    busy.end().await;
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_cut_at_any_moment_always_leaves() {
    let seed = hustings::test_seed("presence hard-cut");
    let mut rng = StdRng::seed_from_u64(seed);
    let server = start_server().await;
    let url = server.url();
    let listen = url.trim_start_matches("http://").to_string();
    let busy = Busy::start(&url, seed);
    let mut c = connect(&url).await;
    let (id, tokens, seat) = waiting_match(&mut c, 8).await;
    for round in 0..ROUNDS {
        let when = When::draw(&mut rng);
        // Each round its own network, cut at `when` with the stream open or opening.
        let network = Relay::to(&listen).await;
        let mut seat_client = connect(&network.url).await;
        open_until(&mut seat_client, &id, &tokens[seat], when).await;
        network.cut();
        let what = format!("seed {seed}, round {round}, cut {when:?}");
        until_away(&mut c, &id, seat, &what).await;
    }
    the_win_can_be_claimed(&mut c, &id, &tokens, seat).await;
    busy.end().await;
    server.shutdown().await;
}
