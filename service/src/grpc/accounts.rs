//! The account methods of `hustings.v1.Hustings` (SignUp … GetProfile): what each checks,
//! stores and answers. The match methods reach accounts through [`AccountRpc::principals`].

use std::sync::Arc;

use hustings_proto::v1 as pb;
use tonic::metadata::{MetadataMap, MetadataValue};
use tonic::{Request, Response, Status};

use crate::accounts::Registration;
use crate::accounts::attempts::Attempts;
use crate::accounts::credentials::{self, COOKIE, Kind, SESSION_LIFE_MS, Scope};
use crate::accounts::handle::{self, id_of};
use crate::accounts::password;
use crate::accounts::principal::{Principal, Principals, now_ms};
use crate::accounts::records::{
    AccountError, AccountRecord, AccountStore, BotInfo, CredentialRecord, Revoke,
};
use crate::grpc::seat_results;
use crate::hub::Hub;
use crate::store::{ListQuery, StoreError, status};

/// Most finished matches a profile shows.
const RECENT: usize = 20;

/// The account methods' state.
pub struct AccountRpc {
    hub: Arc<Hub>,
    /// Credentials to accounts (shared with the match methods).
    pub principals: Arc<Principals>,
    attempts: Attempts,
    registration: Registration,
    /// Mark the session cookie `Secure` (the server speaks TLS).
    secure_cookie: bool,
}

fn unavailable(e: StoreError) -> Status {
    Status::unavailable(format!("could not reach the accounts: {e}"))
}

/// The wire form of an account.
pub fn account_pb(a: &AccountRecord) -> pb::Account {
    pb::Account {
        handle: a.handle.clone(),
        display_name: a.display_name.clone(),
        bot: a.bot.is_some(),
        bot_owner: a.bot.as_ref().map(|b| b.owner.clone()).unwrap_or_default(),
        bot_version: a
            .bot
            .as_ref()
            .map(|b| b.version.clone())
            .unwrap_or_default(),
        created_at_unix_ms: a.created_at_unix_ms,
    }
}

fn token_info(c: &CredentialRecord) -> pb::TokenInfo {
    pb::TokenInfo {
        id: c.id.clone(),
        name: c.name.clone(),
        scopes: c.scopes.iter().map(|s| s.wire() as i32).collect(),
        created_at_unix_ms: c.created_at_unix_ms,
        last_used_unix_ms: c.last_used_unix_ms,
    }
}

/// The scopes a session of this account has: all, BOT only for a bot.
fn session_scopes(bot: bool) -> Vec<Scope> {
    Scope::ALL
        .into_iter()
        .filter(|s| bot || *s != Scope::Bot)
        .collect()
}

impl AccountRpc {
    pub fn new(hub: Arc<Hub>, registration: Registration, secure_cookie: bool) -> Self {
        AccountRpc {
            principals: Arc::new(Principals::new(hub.store.clone())),
            hub,
            attempts: Attempts::default(),
            registration,
            secure_cookie,
        }
    }

    /// Where accounts are kept.
    fn store(&self) -> &dyn AccountStore {
        self.hub.store.accounts()
    }

    fn cookie(
        &self,
        secret: &str,
        max_age_s: i64,
    ) -> Result<MetadataValue<tonic::metadata::Ascii>, Status> {
        let secure = if self.secure_cookie { "; Secure" } else { "" };
        format!("{COOKIE}={secret}; Path=/; HttpOnly; SameSite=Strict; Max-Age={max_age_s}{secure}")
            .parse()
            .map_err(|_| Status::internal("could not make the session cookie"))
    }

    /// A new session for `a`, answered with its cookie.
    async fn new_session(&self, a: &AccountRecord) -> Result<Response<pb::SignInResponse>, Status> {
        let secret = credentials::new_secret(Kind::Session);
        let now = now_ms();
        let c = CredentialRecord {
            id: credentials::new_id(),
            account: a.id.clone(),
            hash: crate::auth::hash_token(&secret),
            kind: Kind::Session,
            name: String::new(),
            scopes: session_scopes(a.bot.is_some()),
            created_at_unix_ms: now,
            expires_at_unix_ms: Some(now + SESSION_LIFE_MS),
            last_used_unix_ms: now,
        };
        self.store().add_credential(&c).await.map_err(unavailable)?;
        let cookie = self.cookie(&secret, SESSION_LIFE_MS / 1000)?;
        let mut r = Response::new(pb::SignInResponse {
            session_token: secret,
            account: Some(account_pb(a)),
            expires_at_unix_ms: now + SESSION_LIFE_MS,
        });
        r.metadata_mut().insert("set-cookie", cookie);
        Ok(r)
    }

    /// The account a principal names, as stored now.
    async fn account_of(&self, p: &Principal) -> Result<AccountRecord, Status> {
        self.store()
            .account(&p.account)
            .await
            .map_err(unavailable)?
            .filter(|a| !a.deleted)
            .ok_or_else(|| Status::unauthenticated("the account was deleted"))
    }

    /// Checks a password against the account `handle` names, under the sign-in limits
    /// (`address`: the client's); the same UNAUTHENTICATED for an unknown handle as for a
    /// wrong password, and as long to answer.
    async fn check_password(
        &self,
        handle: &str,
        password: &str,
        address: Option<std::net::IpAddr>,
    ) -> Result<AccountRecord, Status> {
        let id = id_of(handle);
        let mut keys = vec![format!("h:{id}")];
        keys.extend(address.map(|a| format!("a:{a}")));
        self.attempts.begin(&keys)?;
        let account = self
            .store()
            .account(&id)
            .await
            .map_err(unavailable)?
            .filter(|a| !a.deleted && !a.password_hash.is_empty());
        let stored = account
            .as_ref()
            .map(|a| a.password_hash.clone())
            .unwrap_or_else(|| password::decoy().to_string());
        let ok = password::verify(password.to_string(), stored).await;
        match account {
            Some(a) if ok => {
                self.attempts.succeeded(&keys);
                Ok(a)
            }
            _ => Err(Status::unauthenticated("wrong handle or password")),
        }
    }

    pub async fn sign_up(
        &self,
        req: Request<pb::SignUpRequest>,
    ) -> Result<Response<pb::SignInResponse>, Status> {
        let req = req.into_inner();
        let invite = match self.registration {
            Registration::Closed => {
                return Err(Status::permission_denied(
                    "this server does not take new accounts",
                ));
            }
            Registration::Invite if req.invite_code.is_empty() => {
                return Err(Status::permission_denied(
                    "this server takes new accounts by invitation: an invitation code is required",
                ));
            }
            Registration::Invite => Some(crate::auth::hash_token(req.invite_code.trim())),
            Registration::Open => None,
        };
        let h = handle::check_new_handle(&req.handle)?;
        let display_name = handle::check_display_name(&req.display_name, &h)?;
        handle::check_new_password(&req.password)?;
        let account = AccountRecord {
            id: id_of(&h),
            handle: h,
            display_name,
            password_hash: password::hash(req.password).await?,
            created_at_unix_ms: now_ms(),
            bot: None,
            deleted: false,
        };
        match self
            .store()
            .create_account(&account, invite.as_deref())
            .await
        {
            Ok(()) => {}
            Err(AccountError::Taken) => {
                return Err(Status::already_exists(format!(
                    "the handle '{}' is taken",
                    account.handle
                )));
            }
            Err(AccountError::BadInvite) => {
                return Err(Status::permission_denied(
                    "that invitation code is not one this server made, or it was used",
                ));
            }
            Err(AccountError::Store(e)) => return Err(unavailable(e)),
        }
        tracing::info!(account = %account.id, "account made");
        self.new_session(&account).await
    }

    pub async fn sign_in(
        &self,
        req: Request<pb::SignInRequest>,
    ) -> Result<Response<pb::SignInResponse>, Status> {
        let address = req.remote_addr().map(|a| a.ip());
        let req = req.into_inner();
        let account = self
            .check_password(&req.handle, &req.password, address)
            .await?;
        self.new_session(&account).await
    }

    /// Removes credentials as `revoke` says, and forgets them here.
    async fn revoke(&self, account: &str, revoke: &Revoke) -> Result<Vec<String>, Status> {
        let gone = self
            .store()
            .revoke(account, revoke)
            .await
            .map_err(unavailable)?;
        self.principals.forget(&gone);
        Ok(gone)
    }

    /// A response that also clears the browser's session cookie.
    fn signed_out<T>(&self, message: T) -> Result<Response<T>, Status> {
        let mut r = Response::new(message);
        r.metadata_mut().insert("set-cookie", self.cookie("", 0)?);
        Ok(r)
    }

    pub async fn sign_out(
        &self,
        req: Request<pb::SignOutRequest>,
    ) -> Result<Response<pb::SignOutResponse>, Status> {
        // Without a good credential there is nothing to end, but a stale cookie is still
        // cleared.
        let Some(p) = self.principals.of(req.metadata()).await? else {
            return self.signed_out(pb::SignOutResponse { ended: 0 });
        };
        let c = self
            .store()
            .credential(&p.hash)
            .await
            .map_err(unavailable)?;
        let mut ended = 0;
        if let Some(c) = c {
            let revoke = Revoke {
                id: Some(c.id),
                ..Revoke::default()
            };
            ended = self.revoke(&p.account, &revoke).await?.len() as u32;
        }
        self.signed_out(pb::SignOutResponse { ended })
    }

    pub async fn sign_out_everywhere(
        &self,
        req: Request<pb::SignOutEverywhereRequest>,
    ) -> Result<Response<pb::SignOutResponse>, Status> {
        let p = self.principals.required(req.metadata()).await?;
        p.require_session()?;
        let revoke = Revoke {
            kind: Some(Kind::Session),
            ..Revoke::default()
        };
        let ended = self.revoke(&p.account, &revoke).await?.len() as u32;
        self.signed_out(pb::SignOutResponse { ended })
    }

    pub async fn who_am_i(
        &self,
        req: Request<pb::WhoAmIRequest>,
    ) -> Result<Response<pb::WhoAmIResponse>, Status> {
        let p = self.principals.required(req.metadata()).await?;
        let a = self.account_of(&p).await?;
        Ok(Response::new(pb::WhoAmIResponse {
            account: Some(account_pb(&a)),
            scopes: p.scopes.iter().map(|s| s.wire() as i32).collect(),
            session: p.kind == Kind::Session,
        }))
    }

    pub async fn change_password(
        &self,
        req: Request<pb::ChangePasswordRequest>,
    ) -> Result<Response<pb::ChangePasswordResponse>, Status> {
        let address = req.remote_addr().map(|a| a.ip());
        let p = self.principals.required(req.metadata()).await?;
        p.require_session()?;
        let req = req.into_inner();
        handle::check_new_password(&req.new_password)?;
        let mut a = self
            .check_password(&p.account, &req.current_password, address)
            .await?;
        a.password_hash = password::hash(req.new_password).await?;
        self.store().update_account(&a).await.map_err(unavailable)?;
        let revoke = Revoke {
            kind: Some(Kind::Session),
            except_hash: Some(p.hash.clone()),
            ..Revoke::default()
        };
        let ended = self.revoke(&p.account, &revoke).await?.len() as u32;
        Ok(Response::new(pb::ChangePasswordResponse { ended }))
    }

    pub async fn delete_account(
        &self,
        req: Request<pb::DeleteAccountRequest>,
    ) -> Result<Response<pb::DeleteAccountResponse>, Status> {
        let address = req.remote_addr().map(|a| a.ip());
        let p = self.principals.required(req.metadata()).await?;
        p.require_session()?;
        let req = req.into_inner();
        let mut a = self
            .check_password(&p.account, &req.password, address)
            .await?;
        // The handle stays reserved (old matches name it); nothing else of the account is
        // kept.
        a.deleted = true;
        a.password_hash.clear();
        a.display_name.clear();
        self.store().update_account(&a).await.map_err(unavailable)?;
        self.revoke(&p.account, &Revoke::default()).await?;
        self.principals.forget_account(&p.account);
        tracing::info!(account = %p.account, "account deleted");
        self.signed_out(pb::DeleteAccountResponse {})
    }

    pub async fn export_account(
        &self,
        req: Request<pb::ExportAccountRequest>,
    ) -> Result<Response<pb::ExportAccountResponse>, Status> {
        let p = self.principals.required(req.metadata()).await?;
        p.require_session()?;
        let a = self.account_of(&p).await?;
        let accounts = self.store();
        let credentials = accounts
            .credentials(&p.account)
            .await
            .map_err(unavailable)?;
        let mut matches = Vec::new();
        let mut after = None;
        loop {
            let page = self
                .hub
                .store
                .list(&ListQuery {
                    page_size: 1000,
                    after,
                    account: Some(p.account.clone()),
                    ..ListQuery::default()
                })
                .await
                .map_err(unavailable)?;
            for l in &page.matches {
                let r = &l.record;
                let seats: Vec<usize> = (0..r.seats.len())
                    .filter(|&s| r.seats[s].account_id().as_deref() == Some(p.account.as_str()))
                    .collect();
                matches.push(serde_json::json!({
                    "match_id": r.id,
                    "game": r.game,
                    "created_at_unix_ms": r.created_at_unix_ms,
                    "status": match r.status() {
                        status::WAITING => "waiting",
                        status::ACTIVE => "active",
                        _ => "finished",
                    },
                    "seats": seats,
                }));
            }
            match page.next {
                Some(next) => after = Some(next),
                None => break,
            }
        }
        let json = serde_json::json!({
            "account": a,
            "credentials": credentials,
            "matches": matches,
        });
        Ok(Response::new(pb::ExportAccountResponse {
            json: serde_json::to_string_pretty(&json)
                .map_err(|e| Status::internal(format!("could not write the export: {e}")))?,
        }))
    }

    pub async fn create_token(
        &self,
        req: Request<pb::CreateTokenRequest>,
    ) -> Result<Response<pb::CreateTokenResponse>, Status> {
        let p = self.principals.required(req.metadata()).await?;
        p.require_session()?;
        let req = req.into_inner();
        let mut scopes: Vec<Scope> = req
            .scopes
            .iter()
            .filter_map(|&s| Scope::from_wire(s))
            .collect();
        scopes.sort();
        scopes.dedup();
        if scopes.is_empty() {
            return Err(Status::invalid_argument(
                "a token needs at least one scope (PLAY, CREATE, BOT)",
            ));
        }
        if scopes.contains(&Scope::Bot) && !p.bot {
            return Err(Status::invalid_argument(
                "only a bot account's tokens may have the BOT scope",
            ));
        }
        let secret = credentials::new_secret(Kind::Token);
        let c = CredentialRecord {
            id: credentials::new_id(),
            account: p.account.clone(),
            hash: crate::auth::hash_token(&secret),
            kind: Kind::Token,
            name: req.name.trim().to_string(),
            scopes,
            created_at_unix_ms: now_ms(),
            expires_at_unix_ms: None,
            last_used_unix_ms: 0,
        };
        self.store().add_credential(&c).await.map_err(unavailable)?;
        Ok(Response::new(pb::CreateTokenResponse {
            token: secret,
            info: Some(token_info(&c)),
        }))
    }

    pub async fn list_tokens(
        &self,
        req: Request<pb::ListTokensRequest>,
    ) -> Result<Response<pb::ListTokensResponse>, Status> {
        let p = self.principals.required(req.metadata()).await?;
        p.require_session()?;
        let all = self
            .store()
            .credentials(&p.account)
            .await
            .map_err(unavailable)?;
        Ok(Response::new(pb::ListTokensResponse {
            tokens: all
                .iter()
                .filter(|c| c.kind == Kind::Token)
                .map(token_info)
                .collect(),
        }))
    }

    pub async fn revoke_token(
        &self,
        req: Request<pb::RevokeTokenRequest>,
    ) -> Result<Response<pb::RevokeTokenResponse>, Status> {
        let p = self.principals.required(req.metadata()).await?;
        p.require_session()?;
        let revoke = Revoke {
            id: Some(req.get_ref().id.clone()),
            kind: Some(Kind::Token),
            ..Revoke::default()
        };
        if self.revoke(&p.account, &revoke).await?.is_empty() {
            return Err(Status::not_found("your account has no token with that id"));
        }
        Ok(Response::new(pb::RevokeTokenResponse {}))
    }

    pub async fn become_bot(
        &self,
        req: Request<pb::BecomeBotRequest>,
    ) -> Result<Response<pb::BecomeBotResponse>, Status> {
        let address = req.remote_addr().map(|a| a.ip());
        let p = self.principals.required(req.metadata()).await?;
        p.require_session()?;
        let req = req.into_inner();
        let mut a = self.account_of(&p).await?;
        if a.bot.is_some() {
            return Err(Status::failed_precondition("this account is already a bot"));
        }
        let owner = self
            .check_password(&req.owner_handle, &req.owner_password, address)
            .await?;
        if owner.id == a.id || owner.bot.is_some() {
            return Err(Status::invalid_argument(
                "a bot's owner is another account, a person's",
            ));
        }
        let played = self
            .store()
            .account_games(&a.id)
            .await
            .map_err(unavailable)?;
        if !played.is_empty() {
            return Err(Status::failed_precondition(
                "an account that has held seats as a person cannot become a bot: make a new \
                 account for the bot",
            ));
        }
        a.bot = Some(BotInfo {
            owner: owner.handle,
            version: req.version.trim().to_string(),
        });
        self.store().update_account(&a).await.map_err(unavailable)?;
        // Its sessions get the BOT scope from now on: they are made again at their next use.
        self.principals.forget_account(&a.id);
        Ok(Response::new(pb::BecomeBotResponse {
            account: Some(account_pb(&a)),
        }))
    }

    pub async fn get_profile(
        &self,
        req: Request<pb::GetProfileRequest>,
    ) -> Result<Response<pb::Profile>, Status> {
        let id = id_of(&req.get_ref().handle);
        let a = self
            .store()
            .account(&id)
            .await
            .map_err(unavailable)?
            .filter(|a| !a.deleted)
            .ok_or_else(|| Status::not_found("no account has that handle"))?;
        let per_game = self.store().account_games(&id).await.map_err(unavailable)?;
        let seat_results = self.seat_results(&id).await?;
        let recent = self
            .hub
            .store
            .list(&ListQuery {
                status: status::FINISHED,
                page_size: RECENT,
                account: Some(id),
                ..ListQuery::default()
            })
            .await
            .map_err(unavailable)?;
        Ok(Response::new(pb::Profile {
            account: Some(account_pb(&a)),
            seat_results,
            matches_per_game: per_game.into_iter().collect(),
            recent: recent
                .matches
                .iter()
                .map(|l| self.hub.summary_of_listed(l))
                .collect(),
        }))
    }

    /// The account's results per seat over its latest finished matches (at most
    /// [`seat_results::SCAN`]), read a page at a time.
    async fn seat_results(&self, id: &str) -> Result<Vec<pb::SeatResults>, Status> {
        let mut matches = Vec::new();
        let mut after = None;
        while matches.len() < seat_results::SCAN {
            let page = self
                .hub
                .store
                .list(&ListQuery {
                    status: status::FINISHED,
                    page_size: 200,
                    account: Some(id.to_string()),
                    after,
                    ..ListQuery::default()
                })
                .await
                .map_err(unavailable)?;
            matches.extend(page.matches);
            match page.next {
                Some(next) => after = Some(next),
                None => break,
            }
        }
        matches.truncate(seat_results::SCAN);
        Ok(seat_results::seat_results(id, &matches))
    }

    /// The principal of a match method's request, if it names one (UNAUTHENTICATED for a
    /// credential that is unknown, expired or revoked).
    pub async fn principal(
        &self,
        metadata: &MetadataMap,
    ) -> Result<Option<Arc<Principal>>, Status> {
        self.principals.of(metadata).await
    }
}
