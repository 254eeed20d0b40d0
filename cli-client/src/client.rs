//! Connecting to the server and telling passing network trouble from real refusals.

use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Duration;

use anyhow::Context;
use hustings_proto::servers::{Failover, Servers};
use hustings_proto::v1::hustings_client::HustingsClient;
use tonic::metadata::{Ascii, MetadataValue};
use tonic::service::Interceptor;
use tonic::service::interceptor::InterceptedService;
use tonic::transport::Channel;
use tonic::{Code, Request, Status};

/// A client of the Hustings service; every call it makes carries the account's credential
/// when one is set ([`set_credential`]).
pub type Client = HustingsClient<InterceptedService<Channel, Credential>>;

/// The metadata key of a credential or a create key.
const AUTHORIZATION: &str = "authorization";

/// The account's credential (`authorization: Bearer hsp_…`) for every call of the process:
/// set once from the command line before the first connection, like [`CA`], because a
/// session reconnects deep inside (to the next node of a cluster, too) and must go on
/// acting for the account's seat.
static CREDENTIAL: OnceLock<MetadataValue<Ascii>> = OnceLock::new();

/// Sends `token` (an account's session or personal access token) with every call from now
/// on, except where a call carries its own `authorization` (a create key: see [`with_key`]).
pub fn set_credential(token: &str) -> anyhow::Result<()> {
    let _ = CREDENTIAL.set(bearer(token)?);
    Ok(())
}

/// `Bearer TOKEN` as a metadata value; refused for a token that cannot travel in a header.
pub fn bearer(token: &str) -> anyhow::Result<MetadataValue<Ascii>> {
    format!("Bearer {}", token.trim())
        .parse()
        .map_err(|_| anyhow::anyhow!("a token must be printable ASCII"))
}

/// `msg` as a request that carries `token` as its credential, whatever [`set_credential`]
/// set (the account commands: a session just signed in, a token to revoke).
pub fn as_account<T>(msg: T, token: &str) -> anyhow::Result<Request<T>> {
    let mut req = Request::new(msg);
    req.metadata_mut().insert(AUTHORIZATION, bearer(token)?);
    Ok(req)
}

/// Adds the process's credential to each call that has no `authorization` of its own.
#[derive(Clone, Copy, Debug, Default)]
pub struct Credential;

impl Interceptor for Credential {
    fn call(&mut self, mut req: Request<()>) -> Result<Request<()>, Status> {
        // A create key (`--key`) wins on CreateMatch: a keyed server needs the key, and a
        // request carries one `authorization` only.
        if let Some(value) = CREDENTIAL.get()
            && !req.metadata().contains_key(AUTHORIZATION)
        {
            req.metadata_mut().insert(AUTHORIZATION, value.clone());
        }
        Ok(req)
    }
}

/// The certificate authority (`--ca FILE`) that `https://` servers are checked against
/// instead of the system's: one for the whole process, set once from the command line
/// before the first connection (reconnections deep in a session use it too).
static CA: OnceLock<PathBuf> = OnceLock::new();

/// Trusts only the authority in `ca` (a PEM file) for `https://` servers from now on.
pub fn set_ca(ca: PathBuf) {
    let _ = CA.set(ca);
}

/// The `--server` values as a list of URLs, `http://` put in front of a bare `host:port`.
pub fn servers(values: &[String]) -> anyhow::Result<Servers> {
    Servers::parse_with(values, with_scheme).map_err(anyhow::Error::msg)
}

/// Opens a connection to the first node of `servers` that answers, starting with the one
/// the process last moved to (at first, the first URL) and trying each once, in turn: a
/// lobby command works as long as one node does. Fails with every node's error.
pub async fn connect(servers: &Servers) -> anyhow::Result<Client> {
    let mut node = servers.failover();
    let mut errors = Vec::new();
    for _ in servers.urls() {
        match connect_to(node.url()).await {
            Ok(client) => return Ok(client),
            Err(e) if !servers.several() => return Err(e),
            Err(e) => {
                errors.push(format!("{e:#}"));
                node.advance();
            }
        }
    }
    anyhow::bail!("no node answered: {}", errors.join("; "))
}

/// A connection to the node `failover` is on, for a session that keeps to one node.
pub async fn connect_node(failover: &Failover) -> anyhow::Result<Client> {
    connect_to(failover.url()).await
}

/// Opens a connection to `server` (e.g. `http://127.0.0.1:50051`, or `https://…` over TLS).
///
/// HTTP/2 keep-alive pings make a silently dead connection fail within seconds, so a
/// player waiting for the opponent notices a drop and reconnects instead of hanging.
pub async fn connect_to(server: &str) -> anyhow::Result<Client> {
    let endpoint =
        hustings_proto::endpoint::endpoint(&with_scheme(server), CA.get().map(|p| p.as_path()))?
            .connect_timeout(Duration::from_secs(5))
            .tcp_nodelay(true)
            .http2_keep_alive_interval(Duration::from_secs(10))
            .keep_alive_timeout(Duration::from_secs(10))
            .keep_alive_while_idle(true);
    let channel = endpoint.connect().await.with_context(|| {
        if server.starts_with("https://") {
            format!(
                "cannot reach the Hustings server at {server} over TLS (is hustings-server running with --tls-cert, and does --ca name the authority that signed its certificate?)"
            )
        } else {
            format!(
                "cannot reach the Hustings server at {server} (is hustings-server running? if it uses TLS, use https://)"
            )
        }
    })?;
    Ok(HustingsClient::with_interceptor(channel, Credential))
}

/// `msg` as a request carrying the create key `key` (`authorization: Bearer KEY`), for a
/// server started with `--create-key`; without a key, as it is.
pub fn with_key<T>(msg: T, key: Option<&str>) -> anyhow::Result<Request<T>> {
    let mut req = Request::new(msg);
    if let Some(key) = key {
        let value: MetadataValue<_> = format!("Bearer {key}")
            .parse()
            .map_err(|_| anyhow::anyhow!("--key must be printable ASCII"))?;
        req.metadata_mut().insert(AUTHORIZATION, value);
    }
    Ok(req)
}

/// The address with `http://` in front when it names no scheme (`127.0.0.1:50051`).
pub fn with_scheme(server: &str) -> String {
    if server.contains("://") {
        server.to_string()
    } else {
        format!("http://{server}")
    }
}

/// True for failures that may pass by themselves (the connection dropped, the server is
/// restarting); false for answers that will not change on a retry (bad token, no such
/// match, illegal choice, stale version).
pub fn is_transient(status: &Status) -> bool {
    !matches!(
        status.code(),
        Code::InvalidArgument
            | Code::NotFound
            | Code::AlreadyExists
            | Code::PermissionDenied
            | Code::Unauthenticated
            | Code::FailedPrecondition
            | Code::Aborted
            | Code::OutOfRange
            | Code::Unimplemented
            | Code::ResourceExhausted
    )
}

/// A refusal in words, for the person at the terminal: the server's message, after a few
/// words on the kind of refusal unless the message already says it ("unknown seat token",
/// not "unknown seat token: unknown seat token").
pub fn describe(status: &Status) -> String {
    let (what, said_by): (&str, &[&str]) = match status.code() {
        Code::InvalidArgument => ("invalid request", &[]),
        Code::NotFound => ("not found", &["no ", "not found", "unknown"]),
        // Accounts' refusals say what they are about: a password, a session, a scope.
        Code::Unauthenticated => (
            "unknown seat token",
            &["token", "key", "password", "sign in", "session"],
        ),
        Code::PermissionDenied => (
            "that token is for another match",
            &[
                "token",
                "another match",
                "account",
                "session",
                "scope",
                "invitation",
            ],
        ),
        Code::AlreadyExists => ("already exists", &["taken", "exists"]),
        Code::FailedPrecondition => ("not possible now", &[]),
        Code::Aborted => ("the match moved on", &[]),
        Code::ResourceExhausted => ("server limit reached", &["limit", "most allowed"]),
        Code::Unavailable => ("server unavailable", &["unavailable"]),
        _ => ("error", &[]),
    };
    let message = status.message().trim();
    let lower = message.to_lowercase();
    if message.is_empty() {
        what.to_string()
    } else if lower.starts_with(what) || said_by.iter().any(|w| lower.contains(w)) {
        message.to_string()
    } else {
        format!("{what}: {message}")
    }
}

/// Turns a refusal into an error with a readable message (that keeps the status, so the
/// binary can still tell a connection that failed from an answer).
pub fn status_error(status: Status) -> anyhow::Error {
    anyhow::Error::new(Refusal {
        text: describe(&status),
        status,
    })
}

/// A refusal described for the terminal ([`describe`]), with its status.
#[derive(Debug)]
pub struct Refusal {
    text: String,
    /// The status the server (or the transport) answered.
    pub status: Status,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

impl std::error::Error for Refusal {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drops_are_transient_and_refusals_are_not() {
        assert!(is_transient(&Status::unavailable("connection refused")));
        assert!(is_transient(&Status::unknown("h2 protocol error")));
        assert!(is_transient(&Status::cancelled("")));
        assert!(!is_transient(&Status::not_found("no match")));
        assert!(!is_transient(&Status::unauthenticated("")));
        assert!(!is_transient(&Status::aborted("stale version")));
    }

    #[test]
    fn a_bare_address_gets_http() {
        assert_eq!(with_scheme("127.0.0.1:50051"), "http://127.0.0.1:50051");
        assert_eq!(with_scheme("https://example:1"), "https://example:1");
    }

    #[test]
    fn every_url_of_the_list_gets_its_scheme() {
        let list = servers(&["127.0.0.1:1,https://b:2".into(), "c:3".into()]).expect("list");
        assert_eq!(
            list.urls(),
            ["http://127.0.0.1:1", "https://b:2", "http://c:3"]
        );
        assert!(servers(&[",".into()]).is_err());
    }

    #[tokio::test]
    async fn when_no_node_answers_each_is_tried_and_named() {
        // Nothing listens on a port just freed.
        let dead = || {
            let port = std::net::TcpListener::bind("127.0.0.1:0")
                .and_then(|l| l.local_addr())
                .map(|a| a.port())
                .expect("a free port");
            format!("http://127.0.0.1:{port}")
        };
        let (a, b) = (dead(), dead());
        let list = servers(&[format!("{a},{b}")]).expect("list");
        let err = connect(&list).await.expect_err("nothing answers");
        let text = format!("{err:#}");
        assert!(text.starts_with("no node answered"), "{text}");
        assert!(text.contains(&a) && text.contains(&b), "{text}");
    }

    #[test]
    fn refusals_read_as_sentences() {
        assert_eq!(
            describe(&Status::not_found("match abc")),
            "not found: match abc"
        );
        assert_eq!(describe(&Status::unauthenticated("")), "unknown seat token");
    }

    #[test]
    fn account_refusals_are_not_taken_for_seat_tokens() {
        assert_eq!(
            describe(&Status::unauthenticated("wrong handle or password")),
            "wrong handle or password"
        );
        assert_eq!(
            describe(&Status::permission_denied(
                "this needs a session (sign in with the password), not a personal access token"
            )),
            "this needs a session (sign in with the password), not a personal access token"
        );
        assert_eq!(
            describe(&Status::already_exists("the handle 'ada' is taken")),
            "the handle 'ada' is taken"
        );
    }

    #[test]
    fn the_credential_goes_with_calls_that_carry_no_key() {
        // The process's credential is set once; this test is the only one that sets it.
        set_credential("hsp_test").expect("ascii");
        let plain = Credential.call(Request::new(())).expect("passes");
        assert_eq!(
            plain
                .metadata()
                .get(AUTHORIZATION)
                .and_then(|v| v.to_str().ok()),
            Some("Bearer hsp_test")
        );
        let keyed = with_key((), Some("create-key")).expect("ascii");
        let keyed = Credential.call(keyed).expect("passes");
        assert_eq!(
            keyed
                .metadata()
                .get(AUTHORIZATION)
                .and_then(|v| v.to_str().ok()),
            Some("Bearer create-key")
        );
    }

    #[test]
    fn a_message_that_says_it_already_gets_no_prefix() {
        assert_eq!(
            describe(&Status::unauthenticated("unknown seat token")),
            "unknown seat token"
        );
        assert_eq!(
            describe(&Status::permission_denied(
                "this seat token belongs to another match"
            )),
            "this seat token belongs to another match"
        );
        assert_eq!(
            describe(&Status::not_found("no match 'abc'")),
            "no match 'abc'"
        );
        assert_eq!(
            describe(&Status::failed_precondition("it is not your turn")),
            "not possible now: it is not your turn"
        );
    }
}
