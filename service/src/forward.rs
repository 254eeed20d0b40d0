//! Forwarding between the nodes sharing one PostgreSQL (issue 19): a node asked about a
//! match that another live node owns passes the call on to that node over gRPC, unary calls
//! and the WatchMatch stream alike, so clients need not know where a match lives.
//!
//! A forwarded call carries [`FORWARDED`] in its metadata, set to the cluster's [`Secret`],
//! and is never forwarded again: the node it reaches serves it itself (taking the match
//! over once the holder's lease lapses, or answering UNAVAILABLE), so two nodes that
//! disagree for a moment about who owns a match cannot bounce a call between them. Nor is
//! it held to the per-client limits again (`limits.rs`): the node that passed it
//! on counted it against the client that made it, and the owner would count every client
//! of that node as one. A client that sets [`FORWARDED`] itself does not know the secret,
//! so its call is an ordinary client's: limited, and passed on to the owner as any other.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures::{Stream, StreamExt};
use hustings_proto::EncodedUpdate;
use hustings_proto::v1 as pb;
use hustings_proto::v1::hustings_client::HustingsClient;
use tonic::metadata::MetadataMap;
use tonic::transport::Channel;
use tonic::{Code, Request, Status};

/// The metadata key that marks a call one node passed on to another.
pub const FORWARDED: &str = "hustings-forwarded";

/// The secret the nodes on one database share (stored there by the first node to start):
/// the value of [`FORWARDED`] on the calls they pass on to each other. No secret (a store
/// of one node): no call counts as passed on.
#[derive(Clone, Debug, Default)]
pub struct Secret(Option<Arc<str>>);

impl Secret {
    /// The cluster's secret, if the store has one.
    pub fn new(secret: Option<String>) -> Self {
        Secret(secret.filter(|s| !s.is_empty()).map(Arc::from))
    }

    /// Whether `value`, a call's [`FORWARDED`] header, is this cluster's secret: the call
    /// was passed on by one of its nodes. Compared in constant time, so that timing does
    /// not tell a client how much of the secret it guessed.
    pub fn vouches(&self, value: Option<&[u8]>) -> bool {
        let (Some(secret), Some(value)) = (&self.0, value) else {
            return false;
        };
        let secret = secret.as_bytes();
        secret.len() == value.len()
            && secret.iter().zip(value).fold(0u8, |d, (a, b)| d | (a ^ b)) == 0
    }

    /// Whether a call with `metadata` was passed on by another node of this cluster (and
    /// so must not be passed on again).
    pub fn forwarded(&self, metadata: &MetadataMap) -> bool {
        self.vouches(metadata.get(FORWARDED).map(|v| v.as_bytes()))
    }
}

/// One lazily connected client per peer node, by its advertised URL.
pub struct Peers {
    clients: Mutex<HashMap<String, HustingsClient<Channel>>>,
    /// The nodes' lease: how long a peer may take to answer before it counts as stalled.
    lease: Duration,
    /// What marks the calls passed on.
    secret: Secret,
}

impl Peers {
    /// No clients yet; peers stall after `lease`; calls passed on carry `secret`.
    pub fn new(lease: Duration, secret: Secret) -> Self {
        Peers {
            clients: Mutex::default(),
            lease,
            secret,
        }
    }

    /// Whether a call with `metadata` was passed on by another node.
    pub fn forwarded(&self, metadata: &MetadataMap) -> bool {
        self.secret.forwarded(metadata)
    }

    /// `message` as a call passed on to another node: marked with the cluster's secret.
    pub fn request<T>(&self, message: T) -> Request<T> {
        let mut r = Request::new(message);
        if let Some(value) = self
            .secret
            .0
            .as_deref()
            .and_then(|s| tonic::metadata::MetadataValue::try_from(s).ok())
        {
            r.metadata_mut().insert(FORWARDED, value);
        }
        r
    }

    /// [`Peers::request`] carrying the client's own credential (its `authorization`, and a
    /// browser's cookie with the header that says where the call came from), so that the
    /// owner knows the account the call is for.
    pub fn request_from<T>(&self, message: T, from: &tonic::metadata::MetadataMap) -> Request<T> {
        let mut r = self.request(message);
        for key in ["authorization", "cookie", "sec-fetch-site"] {
            if let Some(v) = from.get(key) {
                r.metadata_mut().insert(key, v.clone());
            }
        }
        r
    }

    /// How long a call passed on may wait for the owner's answer: a lease. An owner that
    /// takes longer is stalled, and its lease will lapse: the caller then serves the call
    /// itself (taking the match over once it may; fencing refuses whatever the stalled
    /// owner still tries to write).
    pub fn patience(&self) -> Duration {
        self.lease
    }

    /// A call passed on, its answer as the client should hear it; `None` when the owner
    /// did not answer within [`Peers::patience`] or could not be reached (it died, or is
    /// no longer the owner): this node then serves the call itself.
    pub async fn within<T>(
        &self,
        call: impl Future<Output = Result<tonic::Response<T>, Status>>,
    ) -> Option<Result<tonic::Response<T>, Status>> {
        match tokio::time::timeout(self.patience(), call).await {
            Err(_) => None,
            Ok(Err(s)) if peer_status(s.clone()).code() == Code::Unavailable => None,
            Ok(r) => Some(r.map_err(peer_status)),
        }
    }

    /// The client of the node at `url` (connected on first use; a broken connection is
    /// made again by the channel).
    pub fn client(&self, url: &str) -> Result<HustingsClient<Channel>, Status> {
        let mut clients = self.clients.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(c) = clients.get(url) {
            return Ok(c.clone());
        }
        let channel = Channel::from_shared(url.to_string())
            .map_err(|_| Status::unavailable("the node serving this match has an invalid URL"))?
            .tcp_nodelay(true)
            .connect_timeout(self.lease)
            // A peer that stalls or vanishes mid-stream ends the streams passed on from
            // it within about a lease (pings unanswered), so their clients reconnect.
            .http2_keep_alive_interval(Duration::from_secs(1))
            .keep_alive_timeout(self.lease)
            .keep_alive_while_idle(true)
            .connect_lazy();
        let client = HustingsClient::new(channel);
        clients.insert(url.to_string(), client.clone());
        Ok(client)
    }
}

/// What the client hears when the node a call was passed on to fails: its own status, or
/// UNAVAILABLE when the node could not be reached or went away (clients reconnect, and
/// the next call takes the match over once that node's lease lapses).
pub fn peer_status(s: Status) -> Status {
    match s.code() {
        Code::Unknown | Code::Cancelled | Code::Internal if s.metadata().is_empty() => {
            Status::unavailable(format!(
                "the node serving this match went away ({}); reconnect",
                s.message()
            ))
        }
        _ => s,
    }
}

/// A peer's match stream as this node's: each update passed on as it comes, and the end
/// the peer gave it (a peer that vanishes ends it with UNAVAILABLE).
pub fn stream(
    from: tonic::Streaming<pb::MatchUpdate>,
) -> impl Stream<Item = Result<EncodedUpdate, Status>> + Send + 'static {
    from.map(|r| {
        r.map(|u| EncodedUpdate::of(&u))
            .map_err(|s| match s.code() {
                Code::Ok => s,
                _ => peer_status(s),
            })
    })
}
