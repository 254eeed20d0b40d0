//! The `hustings.v1.Hustings` service: authenticates seat tokens and hands the work to the
//! hub and the match actors. Requests arrive here already checked (size, decoding, field
//! caps, enums: `validate.rs`).

use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use futures::Stream;
use hustings_engine::{self as engine, Viewer};
use hustings_proto::EncodedUpdate;
use hustings_proto::encoded::hustings_server::Hustings;
use hustings_proto::v1 as pb;
use tokio::sync::{broadcast, mpsc};
use tokio_stream::wrappers::ReceiverStream;
use tonic::{Request, Response, Status};

use crate::accounts::Registration as Signups;
use crate::accounts::credentials::Scope;
use crate::accounts::principal::Principal;
use crate::actor::{Command, Joiner, UpdateResult};
use crate::convert;
use crate::forward::{self, Peers, Secret};
use crate::hub::{Hub, Route};
use crate::keys::CreateKeys;
use crate::metrics::StreamGauge;
use crate::pools::Registration;
use crate::sql::lease::DEFAULT_LEASE;
use hustings_proto::v1::hustings_client::HustingsClient;
use tonic::metadata::MetadataMap;
use tonic::transport::Channel;

use self::accounts::AccountRpc;

pub mod accounts;
pub mod mine;
pub mod ratings;
pub mod seat_results;

/// The gRPC service.
pub struct HustingsService {
    hub: Arc<Hub>,
    /// The account methods, and who a request's credential names.
    accounts: AccountRpc,
    /// Who may create matches (everyone when empty).
    create_keys: CreateKeys,
    /// The other nodes on the same database, for calls about the matches they own.
    peers: Peers,
}

impl HustingsService {
    /// The service over `hub`, CreateMatch open to holders of `create_keys` (to all when
    /// there are none).
    pub fn new(
        hub: Arc<Hub>,
        create_keys: CreateKeys,
        registration: Signups,
        secure_cookie: bool,
    ) -> Self {
        let lease = hub.store.lease_period().unwrap_or(DEFAULT_LEASE);
        let secret = Secret::new(hub.store.cluster_secret());
        HustingsService {
            accounts: AccountRpc::new(hub.clone(), registration, secure_cookie),
            hub,
            create_keys,
            peers: Peers::new(lease, secret),
        }
    }

    /// Passes a call about match `id` on to the node that owns it, when another live node
    /// does (`call` makes it on that node's client), and returns the answer; `None` when
    /// this node is to serve the call itself: the match is served here, or its owner failed
    /// (could not be reached, answered UNAVAILABLE, or not within a lease: see
    /// [`Peers::within`]), and the call then takes the match over once it may.
    ///
    /// An owner that fails is forgotten (see [`Hub::route`]). When it was a remembered one,
    /// the database is asked once more before serving here: the match may have changed
    /// hands since it was remembered (its owner stopped cleanly and another node took the
    /// match), and the call then goes to the new owner instead of waiting here for a lease
    /// that node keeps renewing.
    async fn pass_on<T, Fut>(
        &self,
        metadata: &MetadataMap,
        id: &str,
        call: impl Fn(HustingsClient<Channel>) -> Fut,
    ) -> Result<Option<Result<Response<T>, Status>>, Status>
    where
        Fut: Future<Output = Result<Response<T>, Status>>,
    {
        let forwarded = self.peers.forwarded(metadata);
        let mut failed: Option<String> = None;
        loop {
            let Route::At { url, remembered } = self.hub.route(id, forwarded).await? else {
                return Ok(None);
            };
            if failed.as_deref() == Some(url.as_str()) {
                // The database still names the node that just failed (it died, and its
                // lease has not lapsed yet): not remembered, so that the next call asks
                // again; this one is served here.
                self.hub.owner_failed(id, &url);
                return Ok(None);
            }
            if let Some(answer) = self.peers.within(call(self.peers.client(&url)?)).await {
                return Ok(Some(answer));
            }
            self.hub.owner_failed(id, &url);
            if !remembered || failed.is_some() {
                return Ok(None);
            }
            tracing::debug!(match_id = %id, owner = %url, "the remembered owner failed; asking the database again");
            failed = Some(url);
        }
    }
}

impl HustingsService {
    /// The request's account, if it names one; its credential must have `scope`.
    async fn account_with(
        &self,
        metadata: &MetadataMap,
        scope: Scope,
    ) -> Result<Option<Arc<Principal>>, Status> {
        let p = self.accounts.principal(metadata).await?;
        if let Some(p) = &p {
            p.require(if p.bot { Scope::Bot } else { scope })?;
        }
        Ok(p)
    }

    /// The seat an Act or Resign is for: the seat token's, or with none the account's
    /// (`seat` says which when it holds several).
    async fn seat_for(
        &self,
        metadata: &MetadataMap,
        match_id: &str,
        token: &str,
        seat_wanted: Option<u32>,
    ) -> Result<engine::Seat, Status> {
        if token.is_empty()
            && let Some(p) = self.account_with(metadata, Scope::Play).await?
        {
            return Ok(self
                .hub
                .authenticate_account(match_id, &p.account, seat(seat_wanted))
                .await?
                .seat);
        }
        Ok(self.hub.authenticate(match_id, token).await?.seat)
    }
}

/// A seat number from the wire.
fn seat(s: Option<u32>) -> Option<engine::Seat> {
    s.map(|s| s as engine::Seat)
}

/// A match stream: from this node's actor, which it tells when the client goes away, or
/// passed on from the node that owns the match.
pub struct WatchStream {
    /// The actor's stream (which tells the actor when it is dropped), or one passed on.
    inner: Pin<Box<dyn Stream<Item = UpdateResult> + Send>>,
    /// Counts it among the open streams while it lives.
    _open: StreamGauge,
}

impl Stream for WatchStream {
    type Item = UpdateResult;
    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        Pin::new(&mut self.inner).poll_next(cx)
    }
}

type LobbyStream = Pin<Box<dyn Stream<Item = Result<pb::LobbyEvent, Status>> + Send>>;

/// A bot pool's lobby stream: the pool is in the hub's registry while it lives, and the
/// matches are told when it comes and goes.
struct PoolStream {
    hub: Arc<Hub>,
    registration: Option<Registration>,
}

impl PoolStream {
    fn open(hub: &Arc<Hub>, games: &[String], ais: &[String]) -> PoolStream {
        let registration = Some(hub.pools.register(games, ais));
        hub.pools_changed();
        PoolStream {
            hub: hub.clone(),
            registration,
        }
    }
}

impl Drop for PoolStream {
    fn drop(&mut self) {
        self.registration.take();
        self.hub.pools_changed();
    }
}

#[tonic::async_trait]
impl Hustings for HustingsService {
    async fn list_games(
        &self,
        _req: Request<pb::ListGamesRequest>,
    ) -> Result<Response<pb::ListGamesResponse>, Status> {
        Ok(Response::new(pb::ListGamesResponse {
            games: engine::catalogue().iter().map(convert::game_info).collect(),
        }))
    }

    async fn create_match(
        &self,
        req: Request<pb::CreateMatchRequest>,
    ) -> Result<Response<pb::CreateMatchResponse>, Status> {
        // An account's credential needs the CREATE scope; a server's create keys, when it
        // has some, are still required (a credential does not stand in for one).
        if let Some(p) = self.accounts.principal(req.metadata()).await? {
            p.require(Scope::Create)?;
        }
        self.create_keys.check(req.metadata())?;
        let req = req.into_inner();
        let summary = self.hub.create(req).await?;
        Ok(Response::new(pb::CreateMatchResponse {
            summary: Some(summary),
        }))
    }

    async fn list_matches(
        &self,
        req: Request<pb::ListMatchesRequest>,
    ) -> Result<Response<pb::ListMatchesResponse>, Status> {
        Ok(Response::new(self.hub.list(req.get_ref()).await?))
    }

    async fn join_match(
        &self,
        req: Request<pb::JoinMatchRequest>,
    ) -> Result<Response<pb::JoinMatchResponse>, Status> {
        let (metadata, _, req) = req.into_parts();
        if let Some(r) = self
            .pass_on(&metadata, &req.match_id, |mut peer| {
                let req = self.peers.request_from(req.clone(), &metadata);
                async move { peer.join_match(req).await }
            })
            .await?
        {
            return r.map(|r| Response::new(r.into_inner()));
        }
        let kind = pb::ClientKind::try_from(req.client_kind).unwrap_or(pb::ClientKind::Unspecified);
        let seat = req.seat.map(|s| s as usize);
        let principal = self.accounts.principal(&metadata).await?;
        if let Some(p) = &principal {
            p.require(if p.bot { Scope::Bot } else { Scope::Play })?;
        }
        let mut name = req.display_name.trim().to_string();
        if name.is_empty()
            && let Some(p) = &principal
        {
            name = p.display_name.clone();
        }
        let account = principal.map(|p| Joiner {
            handle: p.handle.clone(),
            bot: p.bot,
        });
        let resp = self
            .hub
            .ask(&req.match_id, |reply| Command::Join {
                seat,
                name: name.clone(),
                kind,
                account: account.clone(),
                reply,
            })
            .await?;
        Ok(Response::new(resp))
    }

    type WatchLobbyStream = LobbyStream;

    async fn watch_lobby(
        &self,
        req: Request<pb::WatchLobbyRequest>,
    ) -> Result<Response<Self::WatchLobbyStream>, Status> {
        let req = req.into_inner();
        let games = req.games;
        let mut rx = self.hub.subscribe_lobby();
        let initial = self.hub.waiting_now(&games).await?;
        let hub = self.hub.clone();
        let mut closing = self.hub.closing.subscribe();
        let (tx, out) = mpsc::channel(256);
        // A bot pool counts as connected while its stream's task runs.
        let pool = req
            .bot_pool
            .then(|| PoolStream::open(&self.hub, &games, &req.pool_ais));
        tokio::spawn(async move {
            let _open = StreamGauge::open("lobby");
            let _pool = pool;
            for e in initial {
                if tx.send(Ok(e)).await.is_err() {
                    return;
                }
            }
            loop {
                let event = tokio::select! {
                    e = rx.recv() => e,
                    _ = tx.closed() => return,
                    _ = closing.wait_for(|c| *c) => return,
                };
                match event {
                    Ok(e) => {
                        let game = e
                            .summary
                            .as_ref()
                            .map(|m| m.game.clone())
                            .unwrap_or_default();
                        if (games.is_empty() || games.contains(&game))
                            && tx.send(Ok(e)).await.is_err()
                        {
                            return;
                        }
                    }
                    Err(broadcast::error::RecvError::Lagged(_)) => {
                        // Fell behind: send the current state again.
                        let Ok(now) = hub.waiting_now(&games).await else {
                            return;
                        };
                        for e in now {
                            if tx.send(Ok(e)).await.is_err() {
                                return;
                            }
                        }
                    }
                    Err(broadcast::error::RecvError::Closed) => return,
                }
            }
        });
        Ok(Response::new(Box::pin(ReceiverStream::new(out))))
    }

    type WatchMatchStream = WatchStream;

    async fn watch_match(
        &self,
        req: Request<pb::WatchMatchRequest>,
    ) -> Result<Response<Self::WatchMatchStream>, Status> {
        let (metadata, _, req) = req.into_parts();
        // An owner that is stalled or gone is not waited for beyond a lease: this node
        // serves the stream itself, taking the match over once it may.
        if let Some(answer) = self
            .pass_on(&metadata, &req.match_id, |mut peer| {
                let req = self.peers.request_from(req.clone(), &metadata);
                async move { peer.watch_match(req).await }
            })
            .await?
        {
            let from = answer?.into_inner();
            return Ok(Response::new(WatchStream {
                inner: Box::pin(forward::stream(from)),
                _open: StreamGauge::open("match"),
            }));
        }
        let viewer = if req.token.is_empty() {
            // An account that holds a seat here watches as it; otherwise as a spectator.
            match self.account_with(&metadata, Scope::Play).await? {
                Some(p) => match self
                    .hub
                    .authenticate_account(&req.match_id, &p.account, seat(req.seat))
                    .await
                {
                    Ok(auth) => Viewer::Seat(auth.seat),
                    Err(e) if req.seat.is_some() => return Err(e),
                    Err(_) => Viewer::Spectator,
                },
                None => Viewer::Spectator,
            }
        } else {
            Viewer::Seat(self.hub.authenticate(&req.match_id, &req.token).await?.seat)
        };
        let from_version = req.from_version;
        let watching = self
            .hub
            .ask(&req.match_id, |reply| Command::Watch {
                viewer,
                from_version,
                json: req.include_json_view,
                reply,
            })
            .await?;
        Ok(Response::new(WatchStream {
            inner: Box::pin(watching),
            _open: StreamGauge::open("match"),
        }))
    }

    async fn act(&self, req: Request<pb::ActRequest>) -> Result<Response<pb::ActResponse>, Status> {
        let (metadata, _, req) = req.into_parts();
        if let Some(r) = self
            .pass_on(&metadata, &req.match_id, |mut peer| {
                let req = self.peers.request_from(req.clone(), &metadata);
                async move { peer.act(req).await }
            })
            .await?
        {
            return r.map(|r| Response::new(r.into_inner()));
        }
        let seat = self
            .seat_for(&metadata, &req.match_id, &req.token, req.seat)
            .await?;
        let version = self
            .hub
            .ask(&req.match_id, |reply| Command::Act {
                seat,
                version: req.version,
                choice: req.choice_id.clone(),
                reply,
            })
            .await?;
        Ok(Response::new(pb::ActResponse { version }))
    }

    async fn resign(
        &self,
        req: Request<pb::ResignRequest>,
    ) -> Result<Response<pb::ResignResponse>, Status> {
        let (metadata, _, req) = req.into_parts();
        if let Some(r) = self
            .pass_on(&metadata, &req.match_id, |mut peer| {
                let req = self.peers.request_from(req.clone(), &metadata);
                async move { peer.resign(req).await }
            })
            .await?
        {
            return r.map(|r| Response::new(r.into_inner()));
        }
        let seat = self
            .seat_for(&metadata, &req.match_id, &req.token, req.seat)
            .await?;
        let outcome = self
            .hub
            .ask(&req.match_id, |reply| Command::Resign { seat, reply })
            .await?;
        Ok(Response::new(pb::ResignResponse {
            outcome: Some(outcome),
        }))
    }

    async fn get_replay(
        &self,
        req: Request<pb::GetReplayRequest>,
    ) -> Result<Response<pb::Replay>, Status> {
        let (metadata, _, req) = req.into_parts();
        if let Some(r) = self
            .pass_on(&metadata, &req.match_id, |mut peer| {
                let req = self.peers.request_from(req.clone(), &metadata);
                async move { peer.get_replay(req).await }
            })
            .await?
        {
            return r.map(|r| Response::new(r.into_inner()));
        }
        let replay = self
            .hub
            .ask(&req.match_id, |reply| Command::Replay { reply })
            .await?;
        Ok(Response::new(replay))
    }

    async fn get_replay_view(
        &self,
        req: Request<pb::GetReplayViewRequest>,
    ) -> Result<Response<EncodedUpdate>, Status> {
        let (metadata, _, req) = req.into_parts();
        if let Some(r) = self
            .pass_on(&metadata, &req.match_id, |mut peer| {
                let req = self.peers.request_from(req.clone(), &metadata);
                async move { peer.get_replay_view(req).await }
            })
            .await?
        {
            return r.map(|r| Response::new(EncodedUpdate::of(&r.into_inner())));
        }
        let version = req.version;
        let update = self
            .hub
            .ask(&req.match_id, |reply| Command::ReplayView {
                version,
                reply,
            })
            .await?;
        Ok(Response::new(update))
    }

    // Accounts: see accounts/rpc.rs.

    async fn sign_up(
        &self,
        req: Request<pb::SignUpRequest>,
    ) -> Result<Response<pb::SignInResponse>, Status> {
        self.accounts.sign_up(req).await
    }

    async fn sign_in(
        &self,
        req: Request<pb::SignInRequest>,
    ) -> Result<Response<pb::SignInResponse>, Status> {
        self.accounts.sign_in(req).await
    }

    async fn sign_out(
        &self,
        req: Request<pb::SignOutRequest>,
    ) -> Result<Response<pb::SignOutResponse>, Status> {
        self.accounts.sign_out(req).await
    }

    async fn sign_out_everywhere(
        &self,
        req: Request<pb::SignOutEverywhereRequest>,
    ) -> Result<Response<pb::SignOutResponse>, Status> {
        self.accounts.sign_out_everywhere(req).await
    }

    async fn who_am_i(
        &self,
        req: Request<pb::WhoAmIRequest>,
    ) -> Result<Response<pb::WhoAmIResponse>, Status> {
        self.accounts.who_am_i(req).await
    }

    async fn change_password(
        &self,
        req: Request<pb::ChangePasswordRequest>,
    ) -> Result<Response<pb::ChangePasswordResponse>, Status> {
        self.accounts.change_password(req).await
    }

    async fn delete_account(
        &self,
        req: Request<pb::DeleteAccountRequest>,
    ) -> Result<Response<pb::DeleteAccountResponse>, Status> {
        self.accounts.delete_account(req).await
    }

    async fn export_account(
        &self,
        req: Request<pb::ExportAccountRequest>,
    ) -> Result<Response<pb::ExportAccountResponse>, Status> {
        self.accounts.export_account(req).await
    }

    async fn create_token(
        &self,
        req: Request<pb::CreateTokenRequest>,
    ) -> Result<Response<pb::CreateTokenResponse>, Status> {
        self.accounts.create_token(req).await
    }

    async fn list_tokens(
        &self,
        req: Request<pb::ListTokensRequest>,
    ) -> Result<Response<pb::ListTokensResponse>, Status> {
        self.accounts.list_tokens(req).await
    }

    async fn revoke_token(
        &self,
        req: Request<pb::RevokeTokenRequest>,
    ) -> Result<Response<pb::RevokeTokenResponse>, Status> {
        self.accounts.revoke_token(req).await
    }

    async fn become_bot(
        &self,
        req: Request<pb::BecomeBotRequest>,
    ) -> Result<Response<pb::BecomeBotResponse>, Status> {
        self.accounts.become_bot(req).await
    }

    async fn get_profile(
        &self,
        req: Request<pb::GetProfileRequest>,
    ) -> Result<Response<pb::Profile>, Status> {
        self.accounts.get_profile(req).await
    }

    async fn get_ratings(
        &self,
        req: Request<pb::GetRatingsRequest>,
    ) -> Result<Response<pb::GetRatingsResponse>, Status> {
        let store = self.hub.store.as_ref();
        Ok(Response::new(
            ratings::get_ratings(store, req.get_ref()).await?,
        ))
    }

    async fn get_leaderboard(
        &self,
        req: Request<pb::GetLeaderboardRequest>,
    ) -> Result<Response<pb::GetLeaderboardResponse>, Status> {
        let store = self.hub.store.as_ref();
        Ok(Response::new(
            ratings::get_leaderboard(store, req.get_ref()).await?,
        ))
    }

    async fn list_my_matches(
        &self,
        req: Request<pb::ListMyMatchesRequest>,
    ) -> Result<Response<pb::ListMatchesResponse>, Status> {
        let p = self.accounts.principals.required(req.metadata()).await?;
        let page = mine::list_mine(&self.hub, &p, req.get_ref()).await?;
        Ok(Response::new(page))
    }
}
