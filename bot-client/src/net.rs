//! A seat played over the network: join, follow the match stream, decide on every prompt
//! and act with the version the prompt came with.
//!
//! The player survives what networks do: a stale version (ABORTED) is answered by reading
//! the stream again; a dropped stream or an unreachable server is retried with exponential
//! backoff, resuming the stream from the last version seen, each try on the next node of
//! the server list ([`crate::nodes`]; with one URL, the same server), until
//! [`Retry::attempts`] tries in a row have failed — then it stops with an error that says
//! so ([`Retry::forever`] never stops: the bot pool's seats wait for a server that is away
//! for as long as the pool runs). Only the first failure of a run of them is logged as a
//! warning, so a server that is away for minutes gives one line, not one per try.
//!
//! Every call carries the node's account credential when it has one ([`crate::nodes::Auth`],
//! `--token`): the seats the bot joins are then held by that account.

use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use anyhow::{Context, anyhow, bail};
use futures::FutureExt;
use hustings_engine::{Choice, Prompt};
use hustings_proto::v1 as pb;
use hustings_proto::v1::hustings_client::HustingsClient;
use tokio_stream::StreamExt;
use tonic::transport::Channel;
use tonic::{Code, Status};
use tracing::{debug, info, warn};

use crate::ai::{Ai, Decision};
use crate::nodes::{Auth, Node};

/// The certificate authority (`--ca FILE`) that `https://` servers are checked against
/// instead of the system's: one for the whole process, set once from the command line
/// before the first connection (the pool and the tournament connect deep inside).
static CA: OnceLock<PathBuf> = OnceLock::new();

/// Trusts only the authority in `ca` (a PEM file) for `https://` servers from now on.
pub fn set_ca(ca: PathBuf) {
    let _ = CA.set(ca);
}

/// A client for a server URL (`http://`, or `https://` over TLS). The channel connects
/// lazily and reconnects by itself, so a server that is down now can still be reached by a
/// later call.
///
/// HTTP/2 keep-alive pings make a node that vanished without closing its connections (a
/// machine powered off, a network cut) fail the seat's stream within seconds, so the seat
/// moves to the next node instead of waiting on a silent connection for ever.
pub fn connect(server: &str) -> anyhow::Result<HustingsClient<Channel>> {
    let endpoint = hustings_proto::endpoint::endpoint(server, CA.get().map(|p| p.as_path()))?
        .connect_timeout(Duration::from_secs(3))
        .tcp_nodelay(true)
        .http2_keep_alive_interval(Duration::from_secs(10))
        .keep_alive_timeout(Duration::from_secs(10))
        .keep_alive_while_idle(true);
    Ok(HustingsClient::new(endpoint.connect_lazy()).max_decoding_message_size(16 * 1024 * 1024))
}

/// How hard to try again when the server cannot be reached.
#[derive(Clone, Copy, Debug)]
pub struct Retry {
    /// Failed tries in a row before giving up ([`u32::MAX`]: never, see [`Retry::forever`]).
    pub attempts: u32,
    /// Wait before the first retry; doubled after each failure.
    pub first_backoff: Duration,
    /// The longest wait between two tries.
    pub max_backoff: Duration,
}

impl Default for Retry {
    fn default() -> Self {
        Retry {
            attempts: 8,
            first_backoff: Duration::from_millis(200),
            max_backoff: Duration::from_secs(5),
        }
    }
}

impl Retry {
    /// The same backoff, but never giving up: every failure is retried after at most
    /// `max_backoff`, for as long as the program runs.
    pub fn forever(self) -> Retry {
        Retry {
            attempts: u32::MAX,
            ..self
        }
    }

    /// Whether this retries forever. Then the caller tells the server's state itself (the
    /// pool: once per change, for all its seats), and each try is logged at debug level only.
    pub fn is_forever(&self) -> bool {
        self.attempts == u32::MAX
    }

    /// Whether `failures` tries in a row that failed are enough to give up.
    pub fn exhausted(&self, failures: u32) -> bool {
        !self.is_forever() && failures >= self.attempts
    }

    /// The wait before retry number `n` (from 0).
    pub fn backoff(&self, n: u32) -> Duration {
        self.first_backoff
            .saturating_mul(1u32 << n.min(16))
            .min(self.max_backoff)
    }
}

/// Whether an error means the server could not be reached (worth retrying), rather than a
/// refusal that retrying would only repeat.
pub fn is_transient(status: &Status) -> bool {
    matches!(
        status.code(),
        Code::Unavailable | Code::Unknown | Code::Cancelled | Code::DeadlineExceeded
    )
}

/// The wait a server asks for when it refused a call past a limit of its own
/// (RESOURCE_EXHAUSTED with a `google.rpc.RetryInfo`), at most a minute; `None` for any
/// other error, a limit that gives no hint included (it will not pass by itself).
pub fn retry_after(status: &Status) -> Option<Duration> {
    use tonic_types::StatusExt;
    if status.code() != Code::ResourceExhausted {
        return None;
    }
    let delay = status.get_details_retry_info()?.retry_delay?;
    Some(delay.min(Duration::from_secs(60)))
}

/// Calls made again after a rate limit's hint, in a row, before giving up.
const MAX_LIMITED: u32 = 1_000;

/// How long to wait, after the server refused an act, for an update that explains it
/// (the match ended meanwhile) before reporting the refusal as an error.
const REFUSAL_GRACE: Duration = Duration::from_secs(3);

/// What a player does with its decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    Choose(String),
    Resign,
}

/// Anything that decides for a seat: a built-in AI or an external engine.
pub trait Decider: Send + 'static {
    /// A short name for messages.
    fn describe(&self) -> String;
    /// Decides one prompt. `version` is the match version it belongs to.
    fn decide(&mut self, decision: &Decision, version: u64) -> anyhow::Result<Action>;
}

/// A built-in AI as a [`Decider`].
pub struct AiDecider(pub Box<dyn Ai>);

impl Decider for AiDecider {
    fn describe(&self) -> String {
        self.0.name().to_string()
    }
    fn decide(&mut self, decision: &Decision, _version: u64) -> anyhow::Result<Action> {
        Ok(Action::Choose(self.0.choose(decision)?))
    }
}

/// How long a decision may take on the seat's clock: a game clock spends a twentieth of
/// what is left plus most of the increment (never more than half of what is left); a
/// per-decision limit, half of it. `None` without a clock.
pub fn clock_time_limit(update: &pb::MatchUpdate, seat: u32) -> Option<Duration> {
    use pb::clock_setting::Kind;
    let left = update.clocks.iter().find(|c| c.seat == seat)?;
    let left = Duration::from_millis(left.remaining_ms);
    match update.clock.as_ref()?.kind.as_ref()? {
        Kind::PerDecision(_) => Some(left / 2),
        Kind::Game(g) => {
            let increment = Duration::from_millis(g.increment_ms).mul_f64(0.8);
            Some((left / 20 + increment).min(left / 2))
        }
    }
}

/// The engine's prompt from the wire's.
pub fn prompt_from_wire(p: &pb::Prompt) -> Prompt {
    let text = |s: &str| (!s.is_empty()).then(|| s.to_string());
    Prompt {
        seat: p.seat as usize,
        text: p.text.clone(),
        // A bot plays its game: the service's own choices (take a choice back, claim a win,
        // hand a seat to a bot, a rematch) are not the game's.
        choices: p
            .choices
            .iter()
            .filter(|c| c.origin() == pb::Origin::Game)
            .map(|c| Choice {
                id: c.id.clone(),
                label: c.label.clone(),
                kind: c.kind.clone(),
                card: text(&c.card),
                location: text(&c.location),
                amount: c.amount,
                target: c.target.map(|t| t as usize),
                subject: text(&c.subject),
            })
            .collect(),
    }
}

/// The largest page ListMatches gives (`ListMatchesRequest.page_size`: at most 1,000).
const MAX_PAGE_SIZE: u32 = 1_000;

/// Finds which game a match plays, from the lobby's list: page after page (newest first,
/// following `next_page_token`) until the match is found or the list ends, so a match
/// older than any one page is found too. The contract has no lookup by id; a match just
/// joined is among the newest, so this usually takes one page.
pub async fn game_of(
    client: &mut HustingsClient<Channel>,
    match_id: &str,
) -> anyhow::Result<String> {
    game_of_as(client, &Auth::guest(), match_id).await
}

/// [`game_of`], each call carrying `auth`.
pub async fn game_of_as(
    client: &mut HustingsClient<Channel>,
    auth: &Auth,
    match_id: &str,
) -> anyhow::Result<String> {
    let mut page_token = String::new();
    loop {
        let page = client
            .list_matches(auth.request(pb::ListMatchesRequest {
                page_size: MAX_PAGE_SIZE,
                page_token: page_token.clone(),
                ..Default::default()
            }))
            .await
            .with_context(|| "could not list the matches")?
            .into_inner();
        if let Some(m) = page.matches.iter().find(|m| m.match_id == match_id) {
            return Ok(m.game.clone());
        }
        if page.next_page_token.is_empty() {
            bail!("match '{match_id}' is not in the server's list of matches");
        }
        page_token = page.next_page_token;
    }
}

/// Joins a seat (or any open seat), retrying while the server cannot be reached, on the
/// next node of `node`'s list after each failure. `node` is left on the node that
/// answered: the seat is best played through it.
pub async fn join(
    node: &mut Node,
    match_id: &str,
    seat: Option<u32>,
    name: &str,
    retry: &Retry,
) -> anyhow::Result<pb::JoinMatchResponse> {
    let req = pb::JoinMatchRequest {
        match_id: match_id.to_string(),
        seat,
        display_name: name.to_string(),
        client_kind: pb::ClientKind::Bot as i32,
    };
    let auth = node.auth().clone();
    with_retry(node, retry, "join the match", |mut c| {
        let r = auth.request(req.clone());
        async move { c.join_match(r).await.map(|r| r.into_inner()) }
    })
    .await
}

/// The account the node's credential names (WhoAmI), to check a `--token` before playing:
/// `Ok(None)` for a guest, or when the server cannot be reached now (the calls that follow
/// retry as they always do); an error when the server refuses the token.
pub async fn who_am_i(node: &Node) -> anyhow::Result<Option<pb::WhoAmIResponse>> {
    if !node.auth().is_account() {
        return Ok(None);
    }
    match node
        .client()
        .who_am_i(node.auth().request(pb::WhoAmIRequest {}))
        .await
    {
        Ok(r) => Ok(Some(r.into_inner())),
        Err(s) if is_transient(&s) => {
            debug!(error = %s.message(), "could not check the token now");
            Ok(None)
        }
        Err(s) => bail!(
            "the server refuses the --token: {} ({:?})",
            s.message(),
            s.code()
        ),
    }
}

/// Runs `call` with a client of `node` until it succeeds, fails for good, or fails
/// `retry.attempts` times in a row because no node could be reached; after each such
/// failure the next try goes to the next node of the list.
pub async fn with_retry<T, F, Fut>(
    node: &mut Node,
    retry: &Retry,
    what: &str,
    mut call: F,
) -> anyhow::Result<T>
where
    F: FnMut(HustingsClient<Channel>) -> Fut,
    Fut: std::future::Future<Output = Result<T, Status>>,
{
    let mut failures = 0;
    let mut limited = 0;
    loop {
        match call(node.client()).await {
            Ok(v) => return Ok(v),
            Err(s) if limited < MAX_LIMITED && retry_after(&s).is_some() => {
                limited += 1;
                let wait = retry_after(&s).unwrap_or_default();
                debug!(
                    what,
                    ?wait,
                    "rate limited by the server; waiting as it asks"
                );
                tokio::time::sleep(wait).await;
            }
            Err(s) if is_transient(&s) => {
                failures += 1;
                if retry.exhausted(failures) {
                    let whom = if node.several() {
                        "no node answered"
                    } else {
                        "the server did not answer"
                    };
                    bail!(
                        "could not {what}: {whom} after {failures} tries ({}: {})",
                        node.url(),
                        s.message()
                    );
                }
                let wait = retry.backoff(failures - 1);
                let moved = node.lost_text();
                if failures == 1 && !retry.is_forever() {
                    warn!(what, ?wait, error = %s.message(), "{moved}; retrying");
                } else {
                    debug!(what, failures, ?wait, error = %s.message(), "{moved}; retrying");
                }
                tokio::time::sleep(wait).await;
            }
            Err(s) => bail!("could not {what}: {} ({:?})", s.message(), s.code()),
        }
    }
}

/// How one seat's match ended.
#[derive(Clone, Debug)]
pub struct Played {
    pub match_id: String,
    pub seat: u32,
    pub outcome: pb::Outcome,
    /// The match's final version: choices made by every seat.
    pub version: u64,
    /// Decisions this seat made.
    pub decisions: u64,
    /// Time this seat spent deciding.
    pub think_time: Duration,
    /// Stream drops that were recovered from.
    pub reconnects: u32,
}

/// Plays a joined seat to the end of the match. The decider runs on a blocking thread, so
/// a long search never stalls other matches.
///
/// The seat's stream and its Acts go through one node, `node`'s; when it stops answering,
/// the seat moves to the next node of the list and resumes the stream from the last
/// version it saw. `node` is left on the node that saw the match end.
pub async fn play_seat(
    node: &mut Node,
    game: &str,
    match_id: &str,
    seat: u32,
    token: &str,
    mut decider: Box<dyn Decider>,
    retry: &Retry,
) -> anyhow::Result<Played> {
    let mut last_version = 0u64;
    let mut decisions = 0u64;
    let mut think_time = Duration::ZERO;
    let mut reconnects = 0u32;
    let mut failures = 0u32;
    // The version of the last accepted act: prompts at or before it are already answered.
    let mut acted_at: Option<u64> = None;
    let mut last_error = String::new();
    // A refused act (FAILED_PRECONDITION …), and the version it was made at.
    let mut refused: Option<String> = None;
    let mut refused_at: Option<u64> = None;
    // Retrying forever (the pool), an INTERNAL error is taken for the connection breaking
    // (a server killed mid-call can give one): only a definite refusal — NOT_FOUND,
    // UNAUTHENTICATED, … when the stream is opened again — ends the seat.
    let transient =
        |s: &Status| is_transient(s) || (retry.is_forever() && s.code() == Code::Internal);
    'connect: loop {
        if failures > 0 {
            if retry.exhausted(failures) {
                let whom = if node.several() {
                    "every node"
                } else {
                    "the server"
                };
                bail!(
                    "lost {whom} while playing seat {seat} of match {match_id}: \
                     {failures} reconnection tries failed (last: {}: {last_error})",
                    node.url()
                );
            }
            let wait = retry.backoff(failures - 1);
            let moved = node.lost_text();
            if failures == 1 && !retry.is_forever() {
                warn!(match_id, seat, ?wait, error = %last_error, "{moved}; reconnecting");
            } else {
                debug!(match_id, seat, failures, ?wait, error = %last_error, "{moved}; still reconnecting");
            }
            tokio::time::sleep(wait).await;
        }
        // This pass's stream and every Act it answers with go to the same node.
        let mut client = node.client();
        let auth = node.auth().clone();
        let request = pb::WatchMatchRequest {
            match_id: match_id.to_string(),
            token: token.to_string(),
            from_version: last_version,
            include_json_view: true,
            seat: None,
        };
        let mut stream = match client.watch_match(auth.request(request)).await {
            Ok(s) => s.into_inner(),
            Err(s) if transient(&s) => {
                failures += 1;
                last_error = s.message().to_string();
                continue 'connect;
            }
            Err(s) => bail!(
                "cannot follow match {match_id} as seat {seat}: {} ({:?})",
                s.message(),
                s.code()
            ),
        };
        if failures > 0 || last_version > 0 {
            reconnects += 1;
        }
        loop {
            let next = match &refused {
                // After a refusal, the match may have just ended (say, the opponent
                // resigned): its last update says so. Anything else is a real error.
                Some(why) => match tokio::time::timeout(REFUSAL_GRACE, stream.next()).await {
                    Ok(next) => next,
                    Err(_) => bail!("{why}"),
                },
                None => stream.next().await,
            };
            let mut update = match next {
                Some(Ok(u)) => u,
                Some(Err(s)) if !transient(&s) && !retry.is_forever() => bail!(
                    "the server ended the stream of match {match_id}: {} ({:?})",
                    s.message(),
                    s.code()
                ),
                Some(Err(s)) => {
                    failures += 1;
                    last_error = s.message().to_string();
                    continue 'connect;
                }
                None => {
                    failures += 1;
                    last_error = "the stream ended before the match did".into();
                    continue 'connect;
                }
            };
            failures = 0;
            if update.version > refused_at.unwrap_or(u64::MAX) {
                refused = None;
            }
            // Skip to the newest update already received: older prompts are stale.
            while let Some(Some(Ok(next))) = stream.next().now_or_never() {
                update = next;
            }
            last_version = update.version;
            if let Some(outcome) = update.outcome.clone() {
                info!(match_id, seat, reason = %outcome.reason, "match over");
                return Ok(Played {
                    match_id: match_id.to_string(),
                    seat,
                    outcome,
                    version: update.version,
                    decisions,
                    think_time,
                    reconnects,
                });
            }
            let Some(prompt) = update.prompt.as_ref() else {
                continue;
            };
            if update.status != pb::MatchStatus::Active as i32
                || acted_at.is_some_and(|v| v >= update.version)
                || (refused.is_some() && refused_at.is_some_and(|v| v >= update.version))
                || prompt.choices.is_empty()
            {
                continue;
            }
            let view_text = update
                .view
                .as_ref()
                .map(|v| v.json.as_str())
                .unwrap_or("null");
            let view: serde_json::Value = serde_json::from_str(view_text).with_context(|| {
                format!(
                    "the server sent a view that is not JSON at version {}",
                    update.version
                )
            })?;
            // An opponent who must act has left for good: take the win the server offers.
            let claim = prompt.choices.iter().any(|c| c.id == "claim-win");
            let time_limit = clock_time_limit(&update, seat);
            let prompt = prompt_from_wire(prompt);
            let version = update.version;
            if claim || prompt.choices.is_empty() {
                if claim {
                    info!(
                        match_id,
                        seat, version, "claiming the win over an absent seat"
                    );
                    match client
                        .act(auth.request(pb::ActRequest {
                            match_id: match_id.to_string(),
                            token: token.to_string(),
                            version,
                            choice_id: "claim-win".into(),
                            seat: None,
                        }))
                        .await
                    {
                        Ok(_) => acted_at = Some(version),
                        Err(s) if transient(&s) => {
                            failures += 1;
                            last_error = s.message().to_string();
                            continue 'connect;
                        }
                        Err(s) => debug!(match_id, seat, error = %s.message(), "claim refused"),
                    }
                }
                continue;
            }
            let game_id = game.to_string();
            let (d, action, took) = tokio::task::spawn_blocking(move || {
                let decision = Decision {
                    game: &game_id,
                    seat: seat as usize,
                    view: &view,
                    prompt: &prompt,
                    time_limit,
                };
                let started = Instant::now();
                let action = decider.decide(&decision, version);
                (decider, action, started.elapsed())
            })
            .await
            .map_err(|e| anyhow!("the decider panicked: {e}"))?;
            decider = d;
            think_time += took;
            decisions += 1;
            let action = action.with_context(|| {
                format!(
                    "{} could not decide at version {version}",
                    decider.describe()
                )
            })?;
            let result = match &action {
                Action::Choose(choice) => {
                    let act = pb::ActRequest {
                        match_id: match_id.to_string(),
                        token: token.to_string(),
                        version,
                        choice_id: choice.clone(),
                        seat: None,
                    };
                    // Past the server's rate limit: wait as long as it says, then again.
                    let mut limited = 0;
                    loop {
                        let r = client.act(auth.request(act.clone())).await;
                        match r.as_ref().err().and_then(retry_after) {
                            Some(wait) if limited < MAX_LIMITED => {
                                limited += 1;
                                tokio::time::sleep(wait).await;
                            }
                            _ => break r.map(|r| r.into_inner().version),
                        }
                    }
                }
                Action::Resign => client
                    .resign(auth.request(pb::ResignRequest {
                        match_id: match_id.to_string(),
                        token: token.to_string(),
                        seat: None,
                    }))
                    .await
                    .map(|_| version + 1),
            };
            match result {
                Ok(v) => {
                    debug!(match_id, seat, ?action, version = v, "acted");
                    acted_at = Some(version);
                    refused = None;
                }
                Err(s) if s.code() == Code::Aborted => {
                    // Someone moved first: read the stream and decide again.
                    debug!(match_id, seat, version, "stale version; re-reading");
                }
                Err(s) if transient(&s) => {
                    failures += 1;
                    last_error = s.message().to_string();
                    continue 'connect;
                }
                Err(s) => {
                    refused_at = Some(version);
                    refused = Some(format!(
                        "the server refused {}'s {:?} at version {version}: {} ({:?})",
                        decider.describe(),
                        action,
                        s.message(),
                        s.code()
                    ));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn update(clock: pb::clock_setting::Kind, remaining_ms: u64) -> pb::MatchUpdate {
        pb::MatchUpdate {
            clock: Some(pb::ClockSetting { kind: Some(clock) }),
            clocks: vec![
                pb::SeatClock {
                    seat: 0,
                    remaining_ms: 1,
                    running: false,
                },
                pb::SeatClock {
                    seat: 1,
                    remaining_ms,
                    running: true,
                },
            ],
            ..Default::default()
        }
    }

    #[test]
    fn the_bot_budgets_its_time_from_its_own_clock() {
        use pb::clock_setting::Kind;
        let game = |base_ms, increment_ms| {
            Kind::Game(pb::GameClock {
                base_ms,
                increment_ms,
                max_ms: 0,
            })
        };
        // 10 minutes left, +5 s: 30 s + 4 s.
        assert_eq!(
            clock_time_limit(&update(game(600_000, 5_000), 600_000), 1),
            Some(Duration::from_secs(34))
        );
        // Nearly out of time: never more than half of what is left.
        assert_eq!(
            clock_time_limit(&update(game(600_000, 5_000), 4_000), 1),
            Some(Duration::from_secs(2))
        );
        // 30 s a decision: 15 s.
        let per = Kind::PerDecision(pb::PerDecisionClock { limit_ms: 30_000 });
        assert_eq!(
            clock_time_limit(&update(per, 30_000), 1),
            Some(Duration::from_secs(15))
        );
        assert_eq!(clock_time_limit(&pb::MatchUpdate::default(), 1), None);
    }
}
