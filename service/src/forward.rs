//! Forwarding between the nodes sharing one PostgreSQL (issue 19): a node asked about a
//! match that another live node owns passes the call on to that node over gRPC, unary calls
//! and the WatchMatch stream alike, so clients need not know where a match lives.
//!
//! A forwarded call carries [`FORWARDED`] in its metadata and is never forwarded again:
//! the node it reaches serves it itself (taking the match over once the holder's lease
//! lapses, or answering UNAVAILABLE), so two nodes that disagree for a moment about who
//! owns a match cannot bounce a call between them.

use std::collections::HashMap;
use std::sync::Mutex;
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

/// Whether a call was passed on by another node (and so must not be passed on again).
pub fn is_forwarded(metadata: &MetadataMap) -> bool {
    metadata.contains_key(FORWARDED)
}

/// One lazily connected client per peer node, by its advertised URL.
pub struct Peers {
    clients: Mutex<HashMap<String, HustingsClient<Channel>>>,
    /// The nodes' lease: how long a peer may take to answer before it counts as stalled.
    lease: Duration,
}

impl Peers {
    /// No clients yet; peers stall after `lease`.
    pub fn new(lease: Duration) -> Self {
        Peers {
            clients: Mutex::default(),
            lease,
        }
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

/// `message` as a call passed on to another node.
pub fn request<T>(message: T) -> Request<T> {
    let mut r = Request::new(message);
    r.metadata_mut()
        .insert(FORWARDED, tonic::metadata::MetadataValue::from_static("1"));
    r
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
