//! Limits per client: token buckets for CreateMatch, JoinMatch and Act, and a cap on the
//! streams (WatchMatch, WatchLobby) one client holds open at once.
//!
//! A client is its API key when it sends one of the server's keys (`authorization: Bearer
//! KEY`, the create keys of `keys.rs`; kept as its hash), else its peer's IP address (for
//! IPv6 its /64, the block one host is usually given): so one operator's bot pool behind a
//! key has its own budget, and many people behind one address share one. A key the server
//! does not know counts for nothing, or every made-up key would be a fresh budget. A call
//! past a limit is refused with RESOURCE_EXHAUSTED before it is read or handled, with a
//! `google.rpc.RetryInfo` in the status details saying when the bucket has a token again
//! (a stream cap's hint is a second: streams end when matches do).
//!
//! The cap on streams per connection is HTTP/2's own (`max_concurrent_streams`, set at
//! start-up): a client asking for more waits for one of its streams to end.

use std::collections::HashMap;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use sha2::{Digest, Sha256};
use tonic::body::Body;
use tonic::codegen::Bytes;
use tonic::codegen::http;
use tonic::transport::server::{TcpConnectInfo, TlsConnectInfo};
use tonic::{Code, Status};
use tonic_types::{ErrorDetails, StatusExt};

use crate::forward::Secret;
use crate::keys::CreateKeys;
use crate::wrap::{Call, Inner, Policy, Wrapped, method_in};

/// A token bucket's refill rate and size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    /// Tokens added per second.
    pub per_second: f64,
    /// Tokens the bucket holds at most (the burst a quiet client may send at once).
    pub burst: f64,
}

/// The limits every client gets.
#[derive(Clone, Debug, PartialEq)]
pub struct ClientLimits {
    /// CreateMatch calls.
    pub create: Rate,
    /// JoinMatch calls.
    pub join: Rate,
    /// Act calls (choices, undo, rematch and claim-win alike).
    pub act: Rate,
    /// Calls that check or hash a password (SignUp, SignIn, ChangePassword, DeleteAccount,
    /// BecomeBot): each costs the server an argon2id hash, about 30 ms of a core.
    pub password: Rate,
    /// WatchMatch and WatchLobby streams open at once.
    pub streams: usize,
}

impl Default for ClientLimits {
    /// Generous for a bot pool playing dozens of matches at once from one address, and
    /// tight enough that one address cannot fill the server with matches (CreateMatch).
    ///
    /// Measured (BENCHMARKS.md, "Limits per client against a bot pool"): one
    /// `hustings-bot pool --ai random --concurrency 32` playing 60 bot-against-bot
    /// Presidential Races acts as fast as the server answers, 2,100–2,900 choices a second
    /// on the loaded development machine (4,800 a second was reached on the quiet one).
    /// The first defaults, Act 500 a second after 1,000, refused 33,000 acts of that pool
    /// (it waited as RetryInfo asked and played at 600 a second); Act is now 5,000 a
    /// second after 10,000, which refused none. JoinMatch is 100 a second after 200: at
    /// that pace the pool finishes about 27 matches (54 seats) a second.
    fn default() -> Self {
        ClientLimits {
            create: Rate {
                per_second: 2.0,
                burst: 60.0,
            },
            join: Rate {
                per_second: 100.0,
                burst: 200.0,
            },
            act: Rate {
                per_second: 5_000.0,
                burst: 10_000.0,
            },
            // A person signs in now and then; a household or an office behind one address
            // may sign in together.
            password: Rate {
                per_second: 2.0,
                burst: 30.0,
            },
            streams: 512,
        }
    }
}

/// Who a call is counted against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum ClientId {
    /// The SHA-256 of the API key it sent.
    Key([u8; 32]),
    /// Its peer's address (an IPv6 address cut to its /64).
    Addr(IpAddr),
}

#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn full(rate: Rate, now: Instant) -> Self {
        Bucket {
            tokens: rate.burst,
            at: now,
        }
    }

    /// Takes a token, or says how long until there is one.
    fn take(&mut self, rate: Rate, now: Instant) -> Result<(), Duration> {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.tokens = (self.tokens + elapsed * rate.per_second).min(rate.burst);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            Ok(())
        } else if rate.per_second > 0.0 {
            Err(Duration::from_secs_f64(
                (1.0 - self.tokens) / rate.per_second,
            ))
        } else {
            Err(Duration::from_secs(3600))
        }
    }
}

/// One client's state.
#[derive(Debug)]
struct Entry {
    create: Bucket,
    join: Bucket,
    act: Bucket,
    password: Bucket,
    streams: usize,
    seen: Instant,
}

/// Which limit a method is under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Create,
    Join,
    Act,
    Password,
    Stream,
    Free,
}

fn kind_of(method: &str) -> Kind {
    match method {
        "CreateMatch" => Kind::Create,
        "JoinMatch" => Kind::Join,
        "Act" => Kind::Act,
        "SignUp" | "SignIn" | "ChangePassword" | "DeleteAccount" | "BecomeBot" => Kind::Password,
        "WatchMatch" | "WatchLobby" => Kind::Stream,
        _ => Kind::Free,
    }
}

/// Clients forgotten once this many are known (those at rest: full buckets, no stream).
const PRUNE_AT: usize = 50_000;

/// The limits' state, shared by every connection.
#[derive(Debug)]
pub struct Limiter {
    limits: ClientLimits,
    /// The keys that name a client of their own (the server's create keys).
    keys: CreateKeys,
    /// What marks a call another node of the cluster passed on: it was held to its
    /// client's limits there, and is not held to them again here.
    forwarded: Secret,
    clients: Mutex<HashMap<ClientId, Entry>>,
}

impl Limiter {
    /// A limiter giving every client `limits`; a request carrying one of `keys` is its
    /// key's client, any other its address's.
    pub fn new(limits: ClientLimits, keys: CreateKeys, forwarded: Secret) -> Arc<Self> {
        Arc::new(Limiter {
            limits,
            keys,
            forwarded,
            clients: Mutex::new(HashMap::new()),
        })
    }

    /// Counts a call of `kind` against `client`: Err(RESOURCE_EXHAUSTED) past a limit.
    fn admit(&self, client: ClientId, kind: Kind, now: Instant) -> Result<(), Status> {
        let l = &self.limits;
        let mut clients = self
            .clients
            .lock()
            .map_err(|_| Status::internal("the limiter is poisoned"))?;
        if clients.len() >= PRUNE_AT && !clients.contains_key(&client) {
            clients.retain(|_, e| e.streams > 0 || now.duration_since(e.seen) < REST);
        }
        let e = clients.entry(client).or_insert_with(|| Entry {
            create: Bucket::full(l.create, now),
            join: Bucket::full(l.join, now),
            act: Bucket::full(l.act, now),
            password: Bucket::full(l.password, now),
            streams: 0,
            seen: now,
        });
        e.seen = now;
        let (taken, what, rate) = match kind {
            Kind::Create => (e.create.take(l.create, now), "CreateMatch", l.create),
            Kind::Join => (e.join.take(l.join, now), "JoinMatch", l.join),
            Kind::Act => (e.act.take(l.act, now), "Act", l.act),
            Kind::Password => (e.password.take(l.password, now), "password", l.password),
            Kind::Stream => {
                if e.streams >= l.streams {
                    return Err(exhausted(
                        format!(
                            "too many open streams: this client has {} open, the most the server allows; close one first",
                            e.streams
                        ),
                        Duration::from_secs(1),
                    ));
                }
                e.streams += 1;
                return Ok(());
            }
            Kind::Free => return Ok(()),
        };
        taken.map_err(|wait| {
            exhausted(
                format!(
                    "rate limit: at most {} {what} calls in a burst and {} a second per client; retry in {} ms",
                    rate.burst,
                    rate.per_second,
                    wait.as_millis().max(1)
                ),
                wait,
            )
        })
    }

    fn stream_closed(&self, client: ClientId) {
        if let Ok(mut clients) = self.clients.lock()
            && let Some(e) = clients.get_mut(&client)
        {
            e.streams = e.streams.saturating_sub(1);
        }
    }
}

/// How long a client with no open stream is remembered when the table is full (its
/// buckets have refilled long before).
const REST: Duration = Duration::from_secs(600);

/// RESOURCE_EXHAUSTED with `google.rpc.RetryInfo` asking to wait `wait`.
fn exhausted(message: String, wait: Duration) -> Status {
    Status::with_error_details(
        Code::ResourceExhausted,
        message,
        ErrorDetails::with_retry_info(Some(wait)),
    )
}

/// Who sent `req`, to be held to the limits: the server's key it carries, if any, else its
/// peer's address; `None` for a call another node of the cluster passed on (`forwarded`
/// vouches for it), which that node held to its own client's limits. Counted here, every
/// client of that node would share one address's limits.
fn client_of(req: &http::Request<Body>, keys: &CreateKeys, forwarded: &Secret) -> Option<ClientId> {
    let passed_on = req.headers().get(crate::forward::FORWARDED);
    if forwarded.vouches(passed_on.map(|v| v.as_bytes())) {
        return None;
    }
    if let Some(key) = req
        .headers()
        .get(crate::keys::HEADER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix(crate::keys::SCHEME))
        .map(str::trim)
        .filter(|k| keys.knows(k))
    {
        return Some(ClientId::Key(Sha256::digest(key.as_bytes()).into()));
    }
    let ext = req.extensions();
    let addr = ext
        .get::<TcpConnectInfo>()
        .and_then(|i| i.remote_addr())
        .or_else(|| {
            ext.get::<TlsConnectInfo<TcpConnectInfo>>()
                .and_then(|i| i.get_ref().remote_addr())
        })?;
    Some(ClientId::Addr(host_of(addr.ip())))
}

/// The address a client is counted by: an IPv4 address as it is, an IPv6 one cut to its
/// /64, since one host usually holds a whole /64 and could take a fresh address per call.
fn host_of(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !((1u128 << 64) - 1)).into()),
        },
    }
}

/// The service behind the limits (see the module's documentation).
pub type Limited<S> = Wrapped<S, Limit>;

/// The limits' policy: `None`, no limits (calls pass through untouched).
#[derive(Clone, Debug)]
pub struct Limit(pub Option<Arc<Limiter>>);

impl Policy for Limit {
    fn call<S: Inner>(&self, mut inner: S, req: http::Request<Body>) -> Call {
        let Some(limiter) = self.0.clone() else {
            return Box::pin(inner.call(req));
        };
        let kind = method_in::<S>(req.uri().path())
            .map(kind_of)
            .unwrap_or(Kind::Free);
        let client = client_of(&req, &limiter.keys, &limiter.forwarded);
        Box::pin(async move {
            let Some(client) = client.filter(|_| kind != Kind::Free) else {
                return inner.call(req).await;
            };
            if let Err(status) = limiter.admit(client, kind, Instant::now()) {
                return Ok(status.into_http());
            }
            if kind != Kind::Stream {
                return inner.call(req).await;
            }
            // The stream counts until its response body is dropped (ended or abandoned).
            let guard = StreamGuard { limiter, client };
            let response = inner.call(req).await?;
            let (parts, body) = response.into_parts();
            Ok(http::Response::from_parts(
                parts,
                Body::new(Guarded {
                    body,
                    _guard: guard,
                }),
            ))
        })
    }
}

/// Gives a client's stream back when dropped.
struct StreamGuard {
    limiter: Arc<Limiter>,
    client: ClientId,
}

impl Drop for StreamGuard {
    fn drop(&mut self) {
        self.limiter.stream_closed(self.client);
    }
}

/// A response body that holds its stream's place in the client's count.
struct Guarded {
    body: Body,
    _guard: StreamGuard,
}

impl http_body::Body for Guarded {
    type Data = Bytes;
    type Error = Status;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Bytes>, Status>>> {
        Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.body.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limiter() -> Arc<Limiter> {
        Limiter::new(
            ClientLimits {
                create: Rate {
                    per_second: 1.0,
                    burst: 3.0,
                },
                streams: 2,
                ..ClientLimits::default()
            },
            CreateKeys::new(&["operator-1"]),
            Secret::default(),
        )
    }

    #[test]
    fn a_bucket_refuses_past_its_burst_and_refills_at_its_rate() {
        let l = limiter();
        let a = ClientId::Addr([127, 0, 0, 1].into());
        let b = ClientId::Addr([127, 0, 0, 2].into());
        let t = Instant::now();
        for _ in 0..3 {
            assert!(l.admit(a, Kind::Create, t).is_ok());
        }
        let e = l.admit(a, Kind::Create, t).expect_err("past the burst");
        assert_eq!(e.code(), Code::ResourceExhausted);
        let retry = e.get_details_retry_info().and_then(|r| r.retry_delay);
        assert_eq!(retry, Some(Duration::from_secs(1)), "{e:?}");
        // Another client has its own bucket; this one refills.
        assert!(l.admit(b, Kind::Create, t).is_ok());
        assert!(
            l.admit(a, Kind::Create, t + Duration::from_millis(1_100))
                .is_ok()
        );
        assert!(
            l.admit(a, Kind::Create, t + Duration::from_millis(1_100))
                .is_err()
        );
        // Other methods are not counted against CreateMatch.
        assert!(l.admit(a, Kind::Join, t).is_ok());
        assert!(l.admit(a, Kind::Free, t).is_ok());
    }

    #[test]
    fn streams_are_capped_until_one_closes() {
        let l = limiter();
        let a = ClientId::Key([7; 32]);
        let t = Instant::now();
        assert!(l.admit(a, Kind::Stream, t).is_ok());
        assert!(l.admit(a, Kind::Stream, t).is_ok());
        let e = l.admit(a, Kind::Stream, t).expect_err("over the cap");
        assert_eq!(e.code(), Code::ResourceExhausted);
        l.stream_closed(a);
        assert!(l.admit(a, Kind::Stream, t).is_ok());
    }

    /// A request from `ip` carrying `key` (if any), as tonic hands it to the layer.
    fn request(ip: IpAddr, key: Option<&str>) -> http::Request<Body> {
        let mut req = http::Request::new(Body::empty());
        if let Some(key) = key {
            let value = format!("Bearer {key}").parse().expect("ascii");
            req.headers_mut().insert("authorization", value);
        }
        let info = TcpConnectInfo {
            local_addr: None,
            remote_addr: Some(std::net::SocketAddr::new(ip, 4000)),
        };
        req.extensions_mut().insert(info);
        req
    }

    #[test]
    fn only_the_servers_keys_name_a_client_and_an_ipv6_host_is_its_64() {
        let keys = CreateKeys::new(&["operator-1"]);
        let client_of =
            |r: &http::Request<Body>, k: &CreateKeys| client_of(r, k, &Secret::default());
        let home: IpAddr = [127, 0, 0, 1].into();
        let by_addr = Some(ClientId::Addr(home));
        assert_eq!(client_of(&request(home, None), &keys), by_addr);
        // A made-up key is no budget of its own: it counts as its address.
        assert_eq!(client_of(&request(home, Some("made-up")), &keys), by_addr);
        assert_eq!(
            client_of(&request(home, Some("operator-1")), &keys),
            Some(ClientId::Key(Sha256::digest(b"operator-1").into()))
        );
        // Every address of one IPv6 /64 is one client; the next /64 is another.
        let a: IpAddr = "2001:db8:1:2::1".parse().expect("ip");
        let b: IpAddr = "2001:db8:1:2:ffff:1:2:3".parse().expect("ip");
        let c: IpAddr = "2001:db8:1:3::1".parse().expect("ip");
        let of = |ip| client_of(&request(ip, None), &keys);
        assert_eq!(of(a), of(b));
        assert_ne!(of(a), of(c));
        // An IPv4 client reaching a dual-stack socket is still its IPv4 address.
        let mapped: IpAddr = "::ffff:127.0.0.1".parse().expect("ip");
        assert_eq!(of(mapped), by_addr);
    }

    /// A request as another node passes it on, marked `value`.
    fn passed_on(value: &str) -> http::Request<Body> {
        let mut req = request([127, 0, 0, 1].into(), None);
        let value = value.parse().expect("ascii");
        req.headers_mut().insert(crate::forward::FORWARDED, value);
        req
    }

    #[test]
    fn a_call_passed_on_by_a_node_is_not_limited_again_and_a_forged_mark_is_no_pass() {
        let keys = CreateKeys::new(&["operator-1"]);
        let secret = Secret::new(Some("cluster-secret".into()));
        let home = Some(ClientId::Addr([127, 0, 0, 1].into()));
        // The node that passed it on held it to its client's limits.
        assert_eq!(
            client_of(&passed_on("cluster-secret"), &keys, &secret),
            None
        );
        // A client that marks its own call is counted as itself, however close its guess.
        for forged in [
            "1",
            "cluster-secreT",
            "cluster-secret-",
            "cluster-secre",
            "",
        ] {
            assert_eq!(
                client_of(&passed_on(forged), &keys, &secret),
                home,
                "{forged:?}"
            );
        }
        // A server of one node has no secret: nothing it hears is passed on.
        for mark in ["cluster-secret", ""] {
            assert_eq!(client_of(&passed_on(mark), &keys, &Secret::default()), home);
        }
    }
}
