//! What accounts cost, measured through the real server over loopback:
//!
//! 1. Act through an account's session against Act through a seat token: concurrent random
//!    two-seat Presidential Races, every seat played by a real tonic client, in alternating
//!    rounds (token, session, token, session …) so that both meet the same machine. An Act
//!    through a session looks its credential up in the server's cache, never in the
//!    database (see `accounts/principal.rs`); the ratio says what that costs.
//! 2. Sign-in: the time of one SignIn at the chosen argon2id parameters (19 MiB, 2 passes,
//!    1 lane), sequential calls, median.
//!
//! ```sh
//! cargo bench -p hustings-service --bench accounts
//! ```
//! `BENCH_SECONDS` (default 5) sets each round's length, `BENCH_ROUNDS` (default 3) the
//! rounds per kind, `BENCH_PAIRS` (default 16) the matches played at once.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use hustings_proto::v1 as pb;
use hustings_proto::v1::hustings_client::HustingsClient;
use hustings_service::ServerConfig;
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use tonic::Request;
use tonic::transport::Channel;

type Client = HustingsClient<Channel>;

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// How a seat is played: with its seat token, or with an account's session.
#[derive(Clone)]
enum Cred {
    Token(String),
    Session(String),
}

impl Cred {
    fn wrap<T>(&self, message: T) -> Request<T> {
        let mut r = Request::new(message);
        if let Cred::Session(s) = self {
            let v = format!("Bearer {s}").parse().expect("ascii");
            r.metadata_mut().insert("authorization", v);
        }
        r
    }

    fn token(&self) -> String {
        match self {
            Cred::Token(t) => t.clone(),
            Cred::Session(_) => String::new(),
        }
    }
}

async fn seat_loop(
    url: String,
    id: String,
    cred: Cred,
    seed: u64,
    deadline: Instant,
    acks: Arc<AtomicU64>,
) {
    let mut c = Client::connect(url).await.expect("connect");
    let watch = pb::WatchMatchRequest {
        match_id: id.clone(),
        token: cred.token(),
        ..Default::default()
    };
    let mut stream = c
        .watch_match(cred.wrap(watch))
        .await
        .expect("watch")
        .into_inner();
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut acted_at = None;
    while let Ok(Some(u)) = stream.message().await {
        if u.outcome.is_some() || Instant::now() >= deadline {
            return;
        }
        let Some(p) = u.prompt else { continue };
        if acted_at == Some(u.version) {
            continue;
        }
        acted_at = Some(u.version);
        let act = pb::ActRequest {
            match_id: id.clone(),
            token: cred.token(),
            version: u.version,
            choice_id: p.choices.choose(&mut rng).expect("choices").id.clone(),
            seat: None,
        };
        if c.act(cred.wrap(act)).await.is_ok() {
            acks.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// Matches played back to back by one pair of seats until the deadline; `sessions` are the
/// two accounts' sessions when the seats are played through accounts.
async fn pair_loop(
    url: String,
    sessions: Option<[String; 2]>,
    seed: u64,
    deadline: Instant,
    acks: Arc<AtomicU64>,
) {
    let mut c = Client::connect(url.clone()).await.expect("connect");
    let mut n = 0;
    while Instant::now() < deadline {
        n += 1;
        let create = pb::CreateMatchRequest {
            game: "presidency".into(),
            seed: Some(seed * 1000 + n),
            ..Default::default()
        };
        let id = c
            .create_match(create)
            .await
            .expect("create")
            .into_inner()
            .summary
            .expect("summary")
            .match_id;
        let mut seats = Vec::new();
        for s in 0..2u32 {
            let join = pb::JoinMatchRequest {
                match_id: id.clone(),
                seat: Some(s),
                display_name: format!("p{s}"),
                client_kind: pb::ClientKind::Bot as i32,
            };
            let cred = match &sessions {
                Some(ss) => Cred::Session(ss[s as usize].clone()),
                None => Cred::Token(String::new()),
            };
            let token = c
                .join_match(cred.wrap(join))
                .await
                .expect("join")
                .into_inner()
                .token;
            let cred = match cred {
                Cred::Token(_) => Cred::Token(token),
                session => session,
            };
            seats.push(tokio::spawn(seat_loop(
                url.clone(),
                id.clone(),
                cred,
                seed + s as u64,
                deadline,
                acks.clone(),
            )));
        }
        for s in seats {
            let _ = s.await;
        }
    }
}

async fn round(url: &str, sessions: &[Option<[String; 2]>], seconds: u64) -> f64 {
    let acks = Arc::new(AtomicU64::new(0));
    let start = Instant::now();
    let deadline = start + Duration::from_secs(seconds);
    let pairs: Vec<_> = sessions
        .iter()
        .enumerate()
        .map(|(i, s)| {
            tokio::spawn(pair_loop(
                url.to_string(),
                s.clone(),
                i as u64 + 1,
                deadline,
                acks.clone(),
            ))
        })
        .collect();
    for p in pairs {
        let _ = p.await;
    }
    acks.load(Ordering::Relaxed) as f64 / start.elapsed().as_secs_f64()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

#[tokio::main]
async fn main() {
    let seconds = env_or("BENCH_SECONDS", 5u64);
    let rounds = env_or("BENCH_ROUNDS", 3usize);
    let pairs = env_or("BENCH_PAIRS", 16usize);
    let server = hustings_service::start(
        ServerConfig::default(),
        "127.0.0.1:0".parse().expect("addr"),
    )
    .await
    .expect("server");
    let url = server.url();
    let mut c = Client::connect(url.clone()).await.expect("connect");
    // Sign-in at the chosen argon2id parameters.
    let password = "bench password, long enough";
    let mut sessions = Vec::new();
    for i in 0..(2 * pairs) {
        let r = c
            .sign_up(pb::SignUpRequest {
                handle: format!("bench{i}"),
                password: password.into(),
                ..Default::default()
            })
            .await
            .expect("sign up");
        sessions.push(r.into_inner().session_token);
    }
    let mut sign_in_ms = Vec::new();
    for i in 0..20 {
        let t = Instant::now();
        c.sign_in(pb::SignInRequest {
            handle: format!("bench{}", i % (2 * pairs)),
            password: password.into(),
        })
        .await
        .expect("sign in");
        sign_in_ms.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    println!(
        "sign-in: median {:.1} ms over 20 calls (argon2id m=19456 KiB, t=2, p=1)",
        median(sign_in_ms)
    );
    let by_token: Vec<Option<[String; 2]>> = vec![None; pairs];
    let by_session: Vec<Option<[String; 2]>> = (0..pairs)
        .map(|i| Some([sessions[2 * i].clone(), sessions[2 * i + 1].clone()]))
        .collect();
    let (mut tokens, mut accounts) = (Vec::new(), Vec::new());
    for r in 0..rounds {
        let t = round(&url, &by_token, seconds).await;
        let a = round(&url, &by_session, seconds).await;
        println!(
            "round {}: seat token {t:.0} choices/s, account session {a:.0} choices/s",
            r + 1
        );
        tokens.push(t);
        accounts.push(a);
    }
    let (t, a) = (median(tokens), median(accounts));
    println!(
        "Act through a session costs {:.3}x Act through a seat token (medians: {t:.0} vs {a:.0} choices/s; target at most 1.05x)",
        t / a
    );
    server.shutdown().await;
}
