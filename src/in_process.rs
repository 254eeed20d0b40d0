//! Support for the tests that run the hub and its match actors in this process
//! (tests/e2e/evict.rs, tests/e2e/clocks.rs) and talk to the actors through it, most on a paused
//! tokio clock: a hub on a store, and the commands a client's requests become.

use std::sync::Arc;
use std::time::Duration;

use hustings_engine::Viewer;
use hustings_proto::v1 as pb;
use hustings_service::Limits;
use hustings_service::actor::{Command, Watching};
use hustings_service::hub::Hub;
use hustings_service::store::Store;
use tokio_stream::StreamExt;

/// A viewer's stream as the actor hands it out (dropping it closes it, as when a client goes).
pub type Updates = Watching;

/// A hub on `store` with the default limits.
pub fn hub_on(store: Arc<dyn Store>) -> Arc<Hub> {
    Hub::new(store, Limits::default())
}

/// A hub on `store` whose matches leave memory after `after` once nobody follows them,
/// unfinished or finished (`None`: never).
pub fn evicting_hub(store: Arc<dyn Store>, after: Option<Duration>) -> Arc<Hub> {
    Hub::new(
        store,
        Limits {
            evict_idle: after,
            linger: after,
            ..Limits::default()
        },
    )
}

/// Creates a match; its id.
pub async fn create(hub: &Arc<Hub>, req: pb::CreateMatchRequest) -> String {
    hub.create(req).await.expect("match created").match_id
}

/// Joins `seat` as a person named `name`; the seat's token.
pub async fn join(hub: &Arc<Hub>, id: &str, seat: usize, name: &str) -> String {
    hub.ask(id, |reply| Command::Join {
        seat: Some(seat),
        name: name.into(),
        kind: pb::ClientKind::Human,
        account: None,
        reply,
    })
    .await
    .expect("joined")
    .token
}

/// Opens `viewer`'s stream from the start (with the JSON view when `json`): the
/// subscription's id and its updates.
pub async fn watch_at(hub: &Arc<Hub>, id: &str, viewer: Viewer, json: bool) -> (u64, Updates) {
    let rx = hub
        .ask(id, |reply| Command::Watch {
            viewer,
            from_version: 0,
            json,
            reply,
        })
        .await
        .expect("watching");
    (rx.id(), rx)
}

/// Opens `viewer`'s stream resuming after `from_version`, as a client that reconnects does:
/// the versions it missed, each as its own message (or one snapshot when a take-back is
/// among them or they are too many).
pub async fn watch_from(hub: &Arc<Hub>, id: &str, viewer: Viewer, from_version: u64) -> Updates {
    hub.ask(id, |reply| Command::Watch {
        viewer,
        from_version,
        json: false,
        reply,
    })
    .await
    .expect("watching")
}

/// Opens `viewer`'s stream from the start, without the JSON view.
pub async fn watch(hub: &Arc<Hub>, id: &str, viewer: Viewer) -> (u64, Updates) {
    watch_at(hub, id, viewer, false).await
}

/// `seat` acts on `version` with `choice`.
pub async fn act(
    hub: &Arc<Hub>,
    id: &str,
    seat: usize,
    version: u64,
    choice: &str,
) -> Result<u64, tonic::Status> {
    hub.ask(id, |reply| Command::Act {
        seat,
        version,
        choice: choice.into(),
        reply,
    })
    .await
}

/// The next update of a stream, decoded.
pub async fn next(rx: &mut Updates) -> pb::MatchUpdate {
    rx.next()
        .await
        .expect("stream open")
        .expect("an update")
        .to_update()
        .expect("a well-formed update")
}

/// Closes a stream as the gRPC layer does when a client goes away: dropping it tells its
/// actor.
pub fn close(rx: Updates) {
    drop(rx);
}
