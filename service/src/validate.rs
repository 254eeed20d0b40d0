//! Request validation in one place: every request to the `hustings.v1.Hustings` service
//! passes through [`Validated`] before tonic decodes it.
//!
//! [`Validated`] reads the request body (at most the message limit, plus the 5-byte gRPC
//! frame header), then checks, in order:
//! - the size: a message over the limit is refused with RESOURCE_EXHAUSTED as soon as its
//!   header (or the bytes received) says so, without reading the rest;
//! - the framing: exactly one uncompressed message, whole (else INVALID_ARGUMENT);
//! - the message: it decodes as the method's request type (else INVALID_ARGUMENT: garbage,
//!   wrong wire types, invalid UTF-8, groups nested too deep);
//! - its fields ([`Checked`]): every string within its cap, every repeated field within its
//!   count, every enum a known value, the required fields present (else INVALID_ARGUMENT).
//!
//! Only then is the body handed on to tonic, which decodes the same bytes again (they are
//! known good) and calls the handler. tonic's own answers for these cases (INTERNAL for a
//! decode failure, OUT_OF_RANGE for a message over the limit) are thereby never given. The
//! caps are documented on each field in `proto/hustings/v1/hustings.proto`; an error names
//! the field and quotes at most a short prefix of what was sent ([`quote`]), so an error's
//! metadata stays small whatever the request held.

use std::convert::Infallible;
use std::pin::Pin;
use std::task::{Context, Poll};

use hustings_engine::SetupError;
use hustings_proto::v1 as pb;
use tonic::body::Body;
use tonic::codegen::Bytes;
use tonic::codegen::http::{self, HeaderMap};
use tonic::server::NamedService;
use tonic::{Code, Status};

pub use crate::text::{MAX_ID, QUOTE_CHARS, quote};
use crate::wrap::{Call, Inner, Policy, Wrapped, method_in};

/// Longest choice id, display name, seat token or option value accepted, in bytes.
pub const MAX_TEXT: usize = 256;
/// Longest AI name or AI level accepted in a seat's configuration, in bytes.
pub const MAX_AI: usize = 64;
/// Most options one CreateMatch may set.
pub const MAX_OPTIONS: usize = 32;
/// Most seat configurations one CreateMatch may give.
pub const MAX_SEAT_CONFIGS: usize = 16;
/// Most games one WatchLobby may filter on.
pub const MAX_GAME_FILTERS: usize = 16;
/// Most AIs one bot pool may offer (WatchLobby's `pool_ais`).
pub const MAX_POOL_AIS: usize = 16;

/// The gRPC frame header: a compression flag and a 4-byte big-endian length.
const HEADER: usize = 5;

/// A set-up refused by the engine, in words that quote the request only in short.
pub fn setup_error(e: &SetupError) -> String {
    match e {
        SetupError::UnknownGame(g) => format!("unknown game {}", quote(g)),
        SetupError::UnknownVariant {
            game,
            variant,
            known,
        } => format!(
            "game '{game}' has no variant {}; variants: {}",
            quote(variant),
            known.join(", ")
        ),
        SetupError::SeatCount { .. } => e.to_string(),
        SetupError::UnknownOption { key, known } => {
            format!(
                "unknown option {}; options: {}",
                quote(key),
                known.join(", ")
            )
        }
        SetupError::BadOptionValue {
            key,
            value,
            expected,
        } => format!(
            "option '{key}' = {} is not valid: expected {expected}",
            quote(value)
        ),
        // The key is the engine's own (a game asking its options for a key or kind it never
        // declared), not the request's.
        SetupError::MissingOption(_) => e.to_string(),
    }
}

/// A request message whose fields can be checked before it is handled.
pub trait Checked: prost::Message + Default {
    /// INVALID_ARGUMENT naming the first field that is out of bounds, if any.
    fn check(&self) -> Result<(), Status>;
}

fn cap(field: &str, value: &str, max: usize) -> Result<(), Status> {
    if value.len() > max {
        return Err(Status::invalid_argument(format!(
            "{field} is {} bytes long; at most {max} are accepted",
            value.len()
        )));
    }
    Ok(())
}

fn required(field: &str, value: &str, max: usize) -> Result<(), Status> {
    if value.is_empty() {
        return Err(Status::invalid_argument(format!("{field} is required")));
    }
    cap(field, value, max)
}

fn count(field: &str, n: usize, max: usize) -> Result<(), Status> {
    if n > max {
        return Err(Status::invalid_argument(format!(
            "{field} has {n} entries; at most {max} are accepted"
        )));
    }
    Ok(())
}

fn known_enum<E: TryFrom<i32>>(field: &str, value: i32) -> Result<(), Status> {
    if E::try_from(value).is_err() {
        return Err(Status::invalid_argument(format!(
            "{field} = {value} is not one of its values"
        )));
    }
    Ok(())
}

impl Checked for pb::ListGamesRequest {
    fn check(&self) -> Result<(), Status> {
        Ok(())
    }
}

impl Checked for pb::CreateMatchRequest {
    fn check(&self) -> Result<(), Status> {
        if self.game.is_empty() {
            return Err(Status::invalid_argument("game is required (see ListGames)"));
        }
        cap("game", &self.game, MAX_ID)?;
        cap("variant", &self.variant, MAX_ID)?;
        count("options", self.options.len(), MAX_OPTIONS)?;
        for (key, value) in &self.options {
            cap("an option key", key, MAX_ID)?;
            cap(&format!("option {}", quote(key)), value, MAX_TEXT)?;
        }
        count("seat_config", self.seat_config.len(), MAX_SEAT_CONFIGS)?;
        for (i, c) in self.seat_config.iter().enumerate() {
            cap(&format!("seat_config[{i}].ai"), &c.ai, MAX_AI)?;
            cap(&format!("seat_config[{i}].ai_level"), &c.ai_level, MAX_AI)?;
            if let Some(why) = level_error(&c.ai, &c.ai_level) {
                return Err(Status::invalid_argument(format!(
                    "seat_config[{i}].ai_level: {why}"
                )));
            }
        }
        crate::clock::ClockSetting::from_pb(self.clock.as_ref())
            .map_err(Status::invalid_argument)?;
        if let Some(grace) = self.abandon_grace_ms
            && grace > crate::clock::MAX_CLOCK_MS
        {
            return Err(Status::invalid_argument(format!(
                "abandon_grace_ms must be at most {} (a week); got {grace}",
                crate::clock::MAX_CLOCK_MS
            )));
        }
        Ok(())
    }
}

impl Checked for pb::ListMatchesRequest {
    fn check(&self) -> Result<(), Status> {
        cap("game", &self.game, MAX_ID)?;
        known_enum::<pb::MatchStatus>("status", self.status)?;
        // `limit`, kept for older clients, is clamped to the maximum rather than refused.
        page(self.page_size, &self.page_token)
    }
}

/// A page's size and token: the size at most the maximum, the token one this server gave.
fn page(page_size: u32, page_token: &str) -> Result<(), Status> {
    if page_size > crate::paging::MAX_PAGE_SIZE {
        return Err(Status::invalid_argument(format!(
            "page_size is {page_size}; at most {} are accepted (follow next_page_token for more)",
            crate::paging::MAX_PAGE_SIZE
        )));
    }
    crate::paging::parse(page_token).map(|_| ())
}

impl Checked for pb::JoinMatchRequest {
    fn check(&self) -> Result<(), Status> {
        required("match_id", &self.match_id, MAX_ID)?;
        cap("display_name", &self.display_name, MAX_TEXT)?;
        known_enum::<pb::ClientKind>("client_kind", self.client_kind)
    }
}

impl Checked for pb::WatchLobbyRequest {
    fn check(&self) -> Result<(), Status> {
        count("games", self.games.len(), MAX_GAME_FILTERS)?;
        for g in &self.games {
            cap("a games entry", g, MAX_ID)?;
        }
        count("pool_ais", self.pool_ais.len(), MAX_POOL_AIS)?;
        for a in &self.pool_ais {
            cap("a pool_ais entry", a, MAX_AI)?;
        }
        cap("pool_name", &self.pool_name, MAX_TEXT)
    }
}

impl Checked for pb::WatchMatchRequest {
    fn check(&self) -> Result<(), Status> {
        required("match_id", &self.match_id, MAX_ID)?;
        cap("token", &self.token, MAX_TEXT)
    }
}

impl Checked for pb::ActRequest {
    fn check(&self) -> Result<(), Status> {
        required("match_id", &self.match_id, MAX_ID)?;
        cap("token", &self.token, MAX_TEXT)?;
        required("choice_id", &self.choice_id, MAX_TEXT)
    }
}

impl Checked for pb::ResignRequest {
    fn check(&self) -> Result<(), Status> {
        required("match_id", &self.match_id, MAX_ID)?;
        cap("token", &self.token, MAX_TEXT)
    }
}

impl Checked for pb::GetReplayRequest {
    fn check(&self) -> Result<(), Status> {
        required("match_id", &self.match_id, MAX_ID)
    }
}

impl Checked for pb::GetReplayViewRequest {
    fn check(&self) -> Result<(), Status> {
        required("match_id", &self.match_id, MAX_ID)
    }
}

// The account methods (accounts/rpc.rs). Handles and names are checked against their
// rules there; here only their sizes, so an oversized request never reaches argon2.

/// Longest password accepted, in bytes.
pub const MAX_PASSWORD: usize = crate::accounts::handle::MAX_PASSWORD;

impl Checked for pb::SignUpRequest {
    fn check(&self) -> Result<(), Status> {
        required("handle", &self.handle, MAX_ID)?;
        cap("display_name", &self.display_name, MAX_ID)?;
        required("password", &self.password, MAX_PASSWORD)?;
        cap("invite_code", &self.invite_code, MAX_ID)
    }
}

impl Checked for pb::SignInRequest {
    fn check(&self) -> Result<(), Status> {
        required("handle", &self.handle, MAX_ID)?;
        required("password", &self.password, MAX_PASSWORD)
    }
}

impl Checked for pb::SignOutRequest {
    fn check(&self) -> Result<(), Status> {
        Ok(())
    }
}

impl Checked for pb::SignOutEverywhereRequest {
    fn check(&self) -> Result<(), Status> {
        Ok(())
    }
}

impl Checked for pb::WhoAmIRequest {
    fn check(&self) -> Result<(), Status> {
        Ok(())
    }
}

impl Checked for pb::ChangePasswordRequest {
    fn check(&self) -> Result<(), Status> {
        required("current_password", &self.current_password, MAX_PASSWORD)?;
        required("new_password", &self.new_password, MAX_PASSWORD)
    }
}

impl Checked for pb::DeleteAccountRequest {
    fn check(&self) -> Result<(), Status> {
        required("password", &self.password, MAX_PASSWORD)
    }
}

impl Checked for pb::ExportAccountRequest {
    fn check(&self) -> Result<(), Status> {
        Ok(())
    }
}

impl Checked for pb::CreateTokenRequest {
    fn check(&self) -> Result<(), Status> {
        required("name", &self.name, MAX_ID)?;
        count(
            "scopes",
            self.scopes.len(),
            crate::accounts::credentials::MAX_SCOPES,
        )?;
        for &s in &self.scopes {
            known_enum::<pb::Scope>("a scopes entry", s)?;
        }
        Ok(())
    }
}

impl Checked for pb::ListTokensRequest {
    fn check(&self) -> Result<(), Status> {
        Ok(())
    }
}

impl Checked for pb::RevokeTokenRequest {
    fn check(&self) -> Result<(), Status> {
        required("id", &self.id, MAX_ID)
    }
}

impl Checked for pb::BecomeBotRequest {
    fn check(&self) -> Result<(), Status> {
        required("owner_handle", &self.owner_handle, MAX_ID)?;
        required("owner_password", &self.owner_password, MAX_PASSWORD)?;
        cap("version", &self.version, MAX_ID)
    }
}

impl Checked for pb::ListMyMatchesRequest {
    fn check(&self) -> Result<(), Status> {
        page(self.page_size, &self.page_token)
    }
}

impl Checked for pb::GetProfileRequest {
    fn check(&self) -> Result<(), Status> {
        required("handle", &self.handle, MAX_ID)
    }
}

impl Checked for pb::GetRatingsRequest {
    fn check(&self) -> Result<(), Status> {
        required("handle", &self.handle, MAX_ID)
    }
}

impl Checked for pb::GetLeaderboardRequest {
    fn check(&self) -> Result<(), Status> {
        required("game", &self.game, MAX_ID)?;
        cap("variant", &self.variant, MAX_ID)?;
        known_enum::<pb::LeaderboardFilter>("filter", self.filter)
    }
}

/// Checks a request's encoded message.
type Check = fn(&[u8]) -> Result<(), Status>;

/// One method's table entry: its name, its request type's name, its checks.
macro_rules! method {
    ($name:literal, $request:ident) => {
        (
            $name,
            stringify!($request),
            check_message::<pb::$request> as Check,
        )
    };
}

/// Every method of the service with its request's checks: the one table a new RPC must be
/// added to (a unit test compares it with the service's descriptor).
const METHODS: &[(&str, &str, Check)] = &[
    method!("ListGames", ListGamesRequest),
    method!("CreateMatch", CreateMatchRequest),
    method!("ListMatches", ListMatchesRequest),
    method!("JoinMatch", JoinMatchRequest),
    method!("WatchLobby", WatchLobbyRequest),
    method!("WatchMatch", WatchMatchRequest),
    method!("Act", ActRequest),
    method!("Resign", ResignRequest),
    method!("GetReplay", GetReplayRequest),
    method!("GetReplayView", GetReplayViewRequest),
    method!("SignUp", SignUpRequest),
    method!("SignIn", SignInRequest),
    method!("SignOut", SignOutRequest),
    method!("SignOutEverywhere", SignOutEverywhereRequest),
    method!("WhoAmI", WhoAmIRequest),
    method!("ChangePassword", ChangePasswordRequest),
    method!("DeleteAccount", DeleteAccountRequest),
    method!("ExportAccount", ExportAccountRequest),
    method!("CreateToken", CreateTokenRequest),
    method!("ListTokens", ListTokensRequest),
    method!("RevokeToken", RevokeTokenRequest),
    method!("BecomeBot", BecomeBotRequest),
    method!("ListMyMatches", ListMyMatchesRequest),
    method!("GetProfile", GetProfileRequest),
    method!("GetRatings", GetRatingsRequest),
    method!("GetLeaderboard", GetLeaderboardRequest),
];

/// The method of the service named `name` (`Act`), as a static string, if it has one.
pub fn method_name(name: &str) -> Option<&'static str> {
    METHODS
        .iter()
        .find(|(m, _, _)| *m == name)
        .map(|(m, _, _)| *m)
}

/// Decodes a message as `T` and checks its fields.
fn check_message<T: Checked>(bytes: &[u8]) -> Result<(), Status> {
    let msg = T::decode(bytes).map_err(|e| {
        // prost's error names the field and the problem, never the bytes sent.
        Status::invalid_argument(format!("the request is not a valid message: {e}"))
    })?;
    msg.check()
}

/// The checks of the method a request path names (`/hustings.v1.Hustings/Act`), if it is
/// one of ours.
fn method_of<S: NamedService>(path: &str) -> Option<Check> {
    let name = method_in::<S>(path)?;
    METHODS
        .iter()
        .find(|(m, _, _)| *m == name)
        .map(|(_, _, f)| *f)
}

/// The Hustings service behind the checks (see the module's documentation).
pub type Validated<S> = Wrapped<S, Checks>;

/// The checks' policy: request messages over `limit` bytes are refused.
#[derive(Clone, Copy, Debug)]
pub struct Checks {
    /// Largest request message, in bytes.
    pub limit: usize,
}

impl Policy for Checks {
    fn call<S: Inner>(&self, mut inner: S, req: http::Request<Body>) -> Call {
        let limit = self.limit;
        Box::pin(async move {
            let check = method_of::<S>(req.uri().path());
            let encoded = req
                .headers()
                .get("grpc-encoding")
                .is_some_and(|e| e.as_bytes() != b"identity");
            // Unknown methods and compressed requests are tonic's to refuse (UNIMPLEMENTED:
            // the server accepts no compression).
            let Some(check) = check.filter(|_| !encoded) else {
                return inner.call(req).await;
            };
            let (parts, body) = req.into_parts();
            let checked = match read(body, limit).await {
                Ok((bytes, trailers)) => frame(&bytes, limit)
                    .and_then(check)
                    .map(|()| (bytes, trailers)),
                Err(status) => Err(status),
            };
            match checked {
                Ok((bytes, trailers)) => {
                    let body = Body::new(Buffered {
                        data: Some(bytes),
                        trailers,
                    });
                    inner.call(http::Request::from_parts(parts, body)).await
                }
                Err(status) => Ok(status.into_http()),
            }
        })
    }
}

fn too_large(len: usize, limit: usize) -> Status {
    Status::resource_exhausted(format!(
        "the request message is {len} bytes or more; the server accepts at most {limit}"
    ))
}

/// Reads a request body of at most one message of `limit` bytes and its header; more is
/// refused as soon as it shows.
async fn read(mut body: Body, limit: usize) -> Result<(Bytes, Option<HeaderMap>), Status> {
    use tonic::codegen::Body as _;
    let mut data = Vec::new();
    let mut trailers = None;
    while let Some(frame) = std::future::poll_fn(|cx| Pin::new(&mut body).poll_frame(cx)).await {
        let frame = frame.map_err(|s| match s.code() {
            Code::Cancelled => s,
            _ => Status::invalid_argument(format!("the request body broke off: {}", s.message())),
        })?;
        match frame.into_data() {
            Ok(chunk) => {
                data.extend_from_slice(&chunk);
                if let Some(len) = declared_len(&data)
                    && len > limit
                {
                    return Err(too_large(len, limit));
                }
                if data.len() > HEADER + limit {
                    return Err(too_large(data.len() - HEADER, limit));
                }
            }
            Err(frame) => {
                if let Ok(t) = frame.into_trailers() {
                    trailers = Some(t);
                }
            }
        }
    }
    Ok((data.into(), trailers))
}

/// The length a gRPC frame's header declares, once the header is in.
fn declared_len(data: &[u8]) -> Option<usize> {
    let len: [u8; 4] = data.get(1..HEADER)?.try_into().ok()?;
    Some(u32::from_be_bytes(len) as usize)
}

/// The one message of a whole request body.
fn frame(data: &[u8], limit: usize) -> Result<&[u8], Status> {
    let Some(len) = declared_len(data) else {
        return Err(Status::invalid_argument(
            "the request holds no message (a gRPC message starts with a 5-byte header)",
        ));
    };
    if len > limit {
        return Err(too_large(len, limit));
    }
    match data[0] {
        0 => {}
        1 => {
            return Err(Status::invalid_argument(
                "the request message is marked compressed, but no grpc-encoding was given",
            ));
        }
        f => {
            return Err(Status::invalid_argument(format!(
                "the request's compression flag is {f}; only 0 (or 1 with grpc-encoding) is valid"
            )));
        }
    }
    let body = &data[HEADER..];
    if body.len() < len {
        return Err(Status::invalid_argument(format!(
            "the request message is cut short: {} of {len} bytes",
            body.len()
        )));
    }
    if body.len() > len {
        return Err(Status::invalid_argument(
            "the request holds more than one message; this method takes exactly one",
        ));
    }
    Ok(body)
}

/// A request body already read: its bytes, then its trailers.
struct Buffered {
    data: Option<Bytes>,
    trailers: Option<HeaderMap>,
}

impl tonic::codegen::Body for Buffered {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Bytes>, Infallible>>> {
        if let Some(data) = self.data.take() {
            return Poll::Ready(Some(Ok(http_body::Frame::data(data))));
        }
        Poll::Ready(
            self.trailers
                .take()
                .map(|t| Ok(http_body::Frame::trailers(t))),
        )
    }

    fn is_end_stream(&self) -> bool {
        self.data.is_none() && self.trailers.is_none()
    }
}

/// Why `level` is no level of the built-in AI `ai`, when the server can tell: the syntax
/// the project's bot client reads (`hustings-bot`'s `make_ai`) — `greedy` a number of
/// samples per choice, `ismcts` a named level of the catalogue (`hustings_proto::ais`), an
/// iteration count or a time ("hard", "400", "150ms", "2s"). The
/// `random` AI ignores its level; any other AI is a pool's own, its level the pool's to read.
/// Caught here, a bad level is refused at CreateMatch rather than leaving a seat no pool
/// will take.
pub fn level_error(ai: &str, level: &str) -> Option<String> {
    let level = level.trim();
    if level.is_empty() {
        return None;
    }
    let ok = match ai.trim() {
        "greedy" => level.parse::<u64>().is_ok(),
        "ismcts" => {
            if hustings_proto::ais::named_level("ismcts", level).is_some() {
                true
            } else if let Some(ms) = level.strip_suffix("ms") {
                ms.trim().parse::<u64>().is_ok()
            } else if let Some(secs) = level.strip_suffix('s') {
                secs.trim()
                    .parse::<f64>()
                    .is_ok_and(|s| s.is_finite() && s > 0.0)
            } else {
                level.parse::<u32>().is_ok()
            }
        }
        _ => true,
    };
    (!ok).then(|| match ai.trim() {
        "greedy" => format!(
            "greedy level {} is not a number of samples per choice (e.g. 8)",
            quote(level)
        ),
        _ => format!(
            "ismcts level {} is neither a named level ({}), an iteration count (400) nor a time (150ms, 2s)",
            quote(level),
            hustings_proto::ais::SEARCH_LEVELS
                .iter()
                .map(|l| l.id)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use prost::Message;

    #[test]
    fn quotes_are_short_and_escaped() {
        assert_eq!(quote("chess"), "'chess'");
        let long = "x".repeat(20_000);
        let q = quote(&long);
        assert!(q.chars().count() <= QUOTE_CHARS + 3, "{q}");
        assert!(q.ends_with("…'"));
        assert_eq!(quote("a\nb"), "'a\\nb'");
        // Cut on a character, not inside one.
        assert_eq!(quote(&"é".repeat(40)).chars().count(), QUOTE_CHARS + 3);
    }

    #[test]
    fn every_method_of_the_service_has_its_checks() {
        use prost_types::FileDescriptorSet;
        let fds = FileDescriptorSet::decode(hustings_proto::FILE_DESCRIPTOR_SET).expect("fds");
        let service = fds
            .file
            .iter()
            .flat_map(|f| &f.service)
            .find(|s| s.name() == "Hustings")
            .expect("the Hustings service");
        let mut in_proto: Vec<(&str, &str)> = service
            .method
            .iter()
            .map(|m| {
                (
                    m.name(),
                    m.input_type().rsplit('.').next().unwrap_or_default(),
                )
            })
            .collect();
        let mut checked: Vec<(&str, &str)> = METHODS.iter().map(|(m, t, _)| (*m, *t)).collect();
        in_proto.sort_unstable();
        checked.sort_unstable();
        assert_eq!(checked, in_proto);
    }

    #[test]
    fn framing_errors_are_invalid_argument_and_size_is_resource_exhausted() {
        let msg = pb::ActRequest {
            match_id: "m".into(),
            token: "t".into(),
            version: 1,
            choice_id: "done".into(),
            seat: None,
        }
        .encode_to_vec();
        let framed = |flag: u8, len: usize, body: &[u8]| {
            let mut v = vec![flag];
            v.extend_from_slice(&(len as u32).to_be_bytes());
            v.extend_from_slice(body);
            v
        };
        let ok = framed(0, msg.len(), &msg);
        assert_eq!(frame(&ok, 100).ok(), Some(&msg[..]));
        let code = |data: &[u8]| frame(data, 100).err().map(|s| s.code());
        assert_eq!(code(&[]), Some(Code::InvalidArgument));
        assert_eq!(code(&[0, 0]), Some(Code::InvalidArgument));
        assert_eq!(
            code(&framed(1, msg.len(), &msg)),
            Some(Code::InvalidArgument)
        );
        assert_eq!(
            code(&framed(7, msg.len(), &msg)),
            Some(Code::InvalidArgument)
        );
        assert_eq!(
            code(&framed(0, msg.len() + 1, &msg)),
            Some(Code::InvalidArgument)
        );
        let mut two = ok.clone();
        two.extend_from_slice(&ok);
        assert_eq!(code(&two), Some(Code::InvalidArgument));
        assert_eq!(code(&framed(0, 101, &msg)), Some(Code::ResourceExhausted));
    }

    #[test]
    fn fields_are_capped_enums_checked_and_garbage_refused() {
        let act = |choice: &str| pb::ActRequest {
            match_id: "m".into(),
            choice_id: choice.into(),
            ..Default::default()
        };
        assert!(act("done").check().is_ok());
        assert!(act("").check().is_err());
        let long = "c".repeat(MAX_TEXT + 1);
        let e = act(&long).check().expect_err("over the cap");
        assert_eq!(e.code(), Code::InvalidArgument);
        assert!(!e.message().contains(&long[..40]), "{}", e.message());
        let list = pb::ListMatchesRequest {
            status: 999,
            ..Default::default()
        };
        assert_eq!(
            list.check().map_err(|e| e.code()),
            Err(Code::InvalidArgument)
        );
        let page = |page_size: u32, page_token: &str| pb::ListMatchesRequest {
            page_size,
            page_token: page_token.into(),
            ..Default::default()
        };
        assert!(page(1_000, "1700000000000.00ab").check().is_ok());
        assert!(page(1_001, "").check().is_err(), "page_size is capped");
        let forged = format!("1.{}", "p".repeat(200));
        let e = page(5, &forged).check().expect_err("a token over its cap");
        assert_eq!(e.code(), Code::InvalidArgument);
        assert!(!e.message().contains(&forged[..40]), "{}", e.message());
        let e = page(5, "not-a-token")
            .check()
            .expect_err("a malformed token");
        assert_eq!(e.code(), Code::InvalidArgument);
        assert!(e.message().contains("'not-a-token'"), "{}", e.message());
        let create = pb::CreateMatchRequest {
            game: "presidency".into(),
            seat_config: vec![pb::SeatConfig {
                bot: true,
                ai: "a".repeat(50_000),
                ai_level: String::new(),
            }],
            ..Default::default()
        };
        assert!(create.check().is_err(), "SeatConfig.ai is capped");
        // A level the built-in AI cannot read is refused at creation; a pool's own AI's
        // level is the pool's to read.
        let with_level = |ai: &str, level: &str| pb::CreateMatchRequest {
            game: "presidency".into(),
            seat_config: vec![pb::SeatConfig {
                bot: true,
                ai: ai.into(),
                ai_level: level.into(),
            }],
            ..Default::default()
        };
        for (ai, level) in [
            ("ismcts", "abc"),
            ("ismcts", "-2s"),
            ("greedy", "lots"),
            ("ismcts", "Hard"),
            ("greedy", "easy"),
        ] {
            let e = with_level(ai, level).check().expect_err(level);
            assert_eq!(e.code(), Code::InvalidArgument);
            assert!(
                e.message().contains(&format!("'{level}'")),
                "{}",
                e.message()
            );
        }
        for (ai, level) in [
            ("ismcts", "400"),
            ("ismcts", "easy"),
            ("ismcts", "medium"),
            ("ismcts", "hard"),
            ("ismcts", "150ms"),
            ("ismcts", "2s"),
            ("greedy", "8"),
            ("random", "1"),
            ("mine", "x"),
            ("ismcts", ""),
        ] {
            assert!(with_level(ai, level).check().is_ok(), "{ai} {level}");
        }
        // Invalid UTF-8 in a string field, a wrong wire type, a group nested 1,000 deep.
        for bad in [
            vec![0x0A, 0x02, 0xFF, 0xFE],
            vec![0x0D, 1, 2, 3, 4],
            [0x0Bu8].repeat(1000),
        ] {
            let e = check_message::<pb::ActRequest>(&bad).expect_err("garbage");
            assert_eq!(e.code(), Code::InvalidArgument);
        }
    }

    #[test]
    fn setup_errors_quote_what_was_sent_in_short() {
        let value = "v".repeat(20_000);
        let e = SetupError::BadOptionValue {
            key: "rounds".into(),
            value: value.clone(),
            expected: "a whole number from 1 to 30".into(),
        };
        let m = setup_error(&e);
        assert!(m.len() < 200 && m.contains("rounds"), "{m}");
    }
}
