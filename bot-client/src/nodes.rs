//! The server nodes a bot talks to: a client for every URL of its `--server` list, made
//! once and shared (the channels connect lazily and reconnect by themselves), and for each
//! seat or stream a [`Node`], its own place in that list.
//!
//! A seat follows its stream and sends its Acts through one node; when that node stops
//! answering (a call fails UNAVAILABLE, the stream ends with an error) the seat moves to
//! the next node round robin ([`Node::lost`]) and resumes from the last version it saw.
//! The list and its rotation are [`hustings_proto::servers`], shared with the terminal
//! client.
//!
//! A cluster may also carry an account's credential ([`Auth`], `--token`): every call made
//! through its nodes sends it, so the seats the bot takes are held by that account.

use std::sync::Arc;

use hustings_proto::servers::{Failover, Servers};
use hustings_proto::v1::hustings_client::HustingsClient;
use tonic::metadata::{Ascii, MetadataValue};
use tonic::transport::Channel;

use crate::net;

/// The prefixes of an account's credentials: a session, a personal access token.
const ACCOUNT_PREFIXES: [&str; 2] = ["hss_", "hsp_"];

/// The account credential a bot's calls carry (`authorization: Bearer TOKEN`), or none: a
/// guest. Its `Debug` never shows the token.
#[derive(Clone, Default)]
pub struct Auth {
    bearer: Option<MetadataValue<Ascii>>,
}

impl std::fmt::Debug for Auth {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = if self.bearer.is_some() {
            "Auth(account token)"
        } else {
            "Auth(guest)"
        };
        f.write_str(what)
    }
}

impl Auth {
    /// No credential: the bot plays as a guest (or, on a seat created for one of the
    /// server's own AIs, as that AI's account).
    pub fn guest() -> Auth {
        Auth::default()
    }

    /// An account's token (`hsp_…` personal access token or `hss_…` session). Anything
    /// else is refused: a seat token or a create key sent in its place would be ignored by
    /// the server, and the bot would play as a guest without a word.
    pub fn token(token: &str) -> anyhow::Result<Auth> {
        let token = token.trim();
        if !ACCOUNT_PREFIXES.iter().any(|p| token.starts_with(p)) {
            anyhow::bail!(
                "--token (HUSTINGS_TOKEN) takes an account's token, which starts with hsp_ or hss_"
            );
        }
        let bearer = format!("Bearer {token}")
            .parse()
            .map_err(|_| anyhow::anyhow!("--token must be printable ASCII"))?;
        Ok(Auth {
            bearer: Some(bearer),
        })
    }

    /// True when calls carry an account's credential.
    pub fn is_account(&self) -> bool {
        self.bearer.is_some()
    }

    /// `msg` as a request carrying the credential, if there is one.
    pub fn request<T>(&self, msg: T) -> tonic::Request<T> {
        let mut req = tonic::Request::new(msg);
        if let Some(b) = &self.bearer {
            req.metadata_mut().insert("authorization", b.clone());
        }
        req
    }
}

/// A client for every node of a server list.
#[derive(Clone, Debug)]
pub struct Cluster {
    servers: Servers,
    clients: Arc<[HustingsClient<Channel>]>,
    auth: Auth,
}

impl Cluster {
    /// Clients for every URL of `servers`; fails on a URL that is not one (or a `--ca`
    /// given for a plain-text URL) before anything is tried.
    pub fn connect(servers: Servers) -> anyhow::Result<Cluster> {
        let clients = servers
            .urls()
            .iter()
            .map(|url| net::connect(url))
            .collect::<anyhow::Result<Vec<_>>>()?;
        Ok(Cluster {
            servers,
            clients: clients.into(),
            auth: Auth::guest(),
        })
    }

    /// The same nodes, every call through them carrying `auth`.
    pub fn with_auth(self, auth: Auth) -> Cluster {
        Cluster { auth, ..self }
    }

    /// The credential the calls carry.
    pub fn auth(&self) -> &Auth {
        &self.auth
    }

    /// A cluster of one server.
    pub fn one(url: &str) -> anyhow::Result<Cluster> {
        Cluster::connect(Servers::one(url))
    }

    /// The server list.
    pub fn servers(&self) -> &Servers {
        &self.servers
    }

    /// A new seat's (or stream's) place: the node the process last moved to, at first the
    /// first URL.
    pub fn node(&self) -> Node {
        Node {
            clients: self.clients.clone(),
            failover: self.servers.failover(),
            auth: self.auth.clone(),
        }
    }
}

/// One seat's or stream's node in a [`Cluster`].
#[derive(Clone, Debug)]
pub struct Node {
    clients: Arc<[HustingsClient<Channel>]>,
    failover: Failover,
    auth: Auth,
}

impl Node {
    /// A client of the node in use (a clone of the shared one: cheap, same connection).
    pub fn client(&self) -> HustingsClient<Channel> {
        // The failover's index is always within the list the clients were made from.
        self.clients[self.failover.index()].clone()
    }

    /// The credential every call of this seat or stream carries: wrap each request with
    /// [`Auth::request`].
    pub fn auth(&self) -> &Auth {
        &self.auth
    }

    /// The URL of the node in use.
    pub fn url(&self) -> &str {
        self.failover.url()
    }

    /// True when there is another node to move to.
    pub fn several(&self) -> bool {
        self.failover.servers().several()
    }

    /// The node in use stopped answering: moves to the next one (round robin; with one
    /// URL, stays) and returns `(lost, next)` for the message that says so.
    pub fn lost(&mut self) -> (String, String) {
        self.failover.advance()
    }

    /// A sentence for a node lost: "lost node A; trying B", or with a single server, "lost
    /// the server at A".
    pub fn lost_text(&mut self) -> String {
        let several = self.several();
        let (lost, next) = self.lost();
        if several {
            format!("lost node {lost}; trying {next}")
        } else {
            format!("lost the server at {lost}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_seat_moves_to_the_next_node_and_a_new_seat_starts_there() {
        let servers = Servers::parse(&["http://127.0.0.1:1,http://127.0.0.1:2"]).expect("urls");
        let cluster = Cluster::connect(servers).expect("clients");
        let mut seat = cluster.node();
        assert_eq!(seat.url(), "http://127.0.0.1:1");
        assert_eq!(
            seat.lost_text(),
            "lost node http://127.0.0.1:1; trying http://127.0.0.1:2"
        );
        assert_eq!(seat.url(), "http://127.0.0.1:2");
        assert_eq!(cluster.node().url(), "http://127.0.0.1:2");
        let mut alone = Cluster::one("http://127.0.0.1:3").expect("client").node();
        assert_eq!(alone.lost_text(), "lost the server at http://127.0.0.1:3");
        assert_eq!(alone.url(), "http://127.0.0.1:3");
    }

    #[tokio::test]
    async fn a_clusters_credential_goes_with_every_seats_requests() {
        let auth = Auth::token("hsp_secret").expect("an account token");
        let cluster = Cluster::one("http://127.0.0.1:3")
            .expect("client")
            .with_auth(auth);
        let req = cluster.node().auth().request(());
        let sent = req
            .metadata()
            .get("authorization")
            .and_then(|v| v.to_str().ok());
        assert_eq!(sent, Some("Bearer hsp_secret"));
        // Its Debug (in logs) never shows the token.
        assert!(!format!("{cluster:?}").contains("secret"));
        let guest = Cluster::one("http://127.0.0.1:3").expect("client");
        assert!(guest.node().auth().request(()).metadata().is_empty());
        // A seat token or a create key is not an account's.
        assert!(Auth::token("3f2a9c01deadbeef").is_err());
    }

    #[tokio::test]
    async fn a_list_with_an_invalid_url_is_refused_before_anything_is_tried() {
        let servers = Servers::parse(&["http://127.0.0.1:1,not a url"]).expect("split");
        let err = Cluster::connect(servers).expect_err("refused");
        assert!(format!("{err:#}").contains("not a url"), "{err:#}");
    }
}
