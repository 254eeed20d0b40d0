//! Hostile input against a real server over HTTP/2: more than ten thousand random and
//! crafted request bodies across every RPC — garbage, bad framing, bad wire types, invalid
//! UTF-8, deep nesting, oversize messages, 64 KB strings in every field, out-of-range enums
//! — each answered with its documented code (see the error list at the top of
//! `proto/hustings/v1/hustings.proto`, and each account method's own comment), while a
//! match is played beside them to its end.
//!
//! The bodies go out through a raw HTTP/2 client (h2), so that they can be anything at all,
//! framing included; a few go through the ordinary tonic client too, to show that what a
//! client written from the .proto sees is the documented code and not a transport error.
//! No request carries a credential: the account methods that need one answer
//! UNAUTHENTICATED to every well-formed body whose fields are within bounds.
//!
//! The test's list of RPCs, and of each request's string fields, is checked against the
//! service's descriptor (`the_rpc_list_is_the_services_methods`), so that a new RPC or a new
//! string field cannot be left out of the barrage.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use hustings::{connect, create, join, play_seat, spectate, start_server_with};
use hustings_proto::v1 as pb;
use hustings_service::{Limits, ServerConfig};
use prost::Message;
use prost::bytes::Bytes;
use prost_types::field_descriptor_proto::{Label, Type};
use prost_types::{FieldDescriptorProto, FileDescriptorSet, MethodDescriptorProto};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tonic::Code;
use tonic::codegen::http;

/// The server's request limit in these tests (the default).
const LIMIT: usize = 64 * 1024;
/// A string as long as the issue asks for in every field.
const BIG: usize = 64 * 1024;

/// The caps on string fields (service/src/validate.rs; each documented on its field):
/// ids, names and handles.
const ID: usize = 64;
/// Seat tokens, choice ids, display names of seats, pool names and passwords.
const TEXT: usize = 256;
/// Page tokens.
const PAGE_TOKEN: usize = 128;

/// A match id and a seat token that name nothing on the server.
const NO_MATCH: &str = "00000000deadbeef";
const NO_TOKEN: &str = "ffffffffffffffffffffffffffffffff";

/// The account the test makes (before the barrage), and its password.
const HANDLE: &str = "Mallory";
const PASSWORD: &str = "correct horse battery";

/// Page tokens of the right size that this server never gave.
const FORGED_PAGE_TOKENS: [&str; 6] = [
    "zzzz",
    "12.",
    ".00ab",
    "a.00ab",
    "12.0 1",
    "12.'; DROP TABLE",
];

/// The service's RPCs from one table: `enum Rpc`, the list `RPCS`, each one's request
/// message (`request`, `decodes`). A `match` on `Rpc` below (`sample`, `strings`, …) then
/// fails to compile until a new RPC is given its cases, and the descriptor test fails until
/// the table names every method of the service.
macro_rules! rpcs {
    ($($rpc:ident($request:ident)),* $(,)?) => {
        /// One RPC of the service.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
        enum Rpc {
            $($rpc),*
        }

        const RPCS: &[Rpc] = &[$(Rpc::$rpc),*];

        impl Rpc {
            /// The name of its request message.
            fn request(self) -> &'static str {
                match self {
                    $(Rpc::$rpc => stringify!($request)),*
                }
            }

            /// Does `payload` decode as this RPC's request message?
            fn decodes(self, payload: &[u8]) -> bool {
                match self {
                    $(Rpc::$rpc => pb::$request::decode(payload).is_ok()),*
                }
            }
        }
    };
}

rpcs! {
    ListGames(ListGamesRequest),
    CreateMatch(CreateMatchRequest),
    ListMatches(ListMatchesRequest),
    JoinMatch(JoinMatchRequest),
    WatchLobby(WatchLobbyRequest),
    WatchMatch(WatchMatchRequest),
    Act(ActRequest),
    Resign(ResignRequest),
    GetReplay(GetReplayRequest),
    GetReplayView(GetReplayViewRequest),
    SignUp(SignUpRequest),
    SignIn(SignInRequest),
    SignOut(SignOutRequest),
    SignOutEverywhere(SignOutEverywhereRequest),
    WhoAmI(WhoAmIRequest),
    ChangePassword(ChangePasswordRequest),
    DeleteAccount(DeleteAccountRequest),
    ExportAccount(ExportAccountRequest),
    CreateToken(CreateTokenRequest),
    ListTokens(ListTokensRequest),
    RevokeToken(RevokeTokenRequest),
    BecomeBot(BecomeBotRequest),
    ListMyMatches(ListMyMatchesRequest),
    GetProfile(GetProfileRequest),
    GetRatings(GetRatingsRequest),
    GetLeaderboard(GetLeaderboardRequest),
}

/// A string field of a request: its number and name, its cap in bytes, and whether the
/// server requires it (refuses it empty).
#[derive(Clone, Copy, Debug)]
struct Text {
    field: u32,
    name: &'static str,
    cap: usize,
    required: bool,
}

const fn opt(field: u32, name: &'static str, cap: usize) -> Text {
    Text {
        field,
        name,
        cap,
        required: false,
    }
}

const fn req(field: u32, name: &'static str, cap: usize) -> Text {
    Text {
        field,
        name,
        cap,
        required: true,
    }
}

impl Rpc {
    fn path(self) -> String {
        format!("/hustings.v1.Hustings/{self:?}")
    }

    /// Does it answer with a stream?
    fn streams(self) -> bool {
        matches!(self, Rpc::WatchLobby | Rpc::WatchMatch)
    }

    /// A well-formed request, naming the match `id` and the seat token `token` where it
    /// names one. With [`NO_MATCH`] and [`NO_TOKEN`] it is mutated in the barrage (and
    /// answered [`Rpc::sample_answer`] as it is); with the match beside and a real token,
    /// the base of the requests whose strings are out of bounds.
    fn sample(self, id: &str, token: &str) -> Vec<u8> {
        let (id, token) = (id.to_string(), token.to_string());
        match self {
            Rpc::ListGames => pb::ListGamesRequest {}.encode_to_vec(),
            Rpc::CreateMatch => pb::CreateMatchRequest {
                game: "presidency".into(),
                variant: "standard".into(),
                seats: 2,
                options: [("rounds".to_string(), "12".to_string())].into(),
                seed: Some(7),
                seat_config: vec![pb::SeatConfig {
                    bot: true,
                    ai: "random".into(),
                    ai_level: "1".into(),
                }],
                clock: Some(pb::ClockSetting {
                    kind: Some(pb::clock_setting::Kind::PerDecision(pb::PerDecisionClock {
                        limit_ms: 60_000,
                    })),
                }),
                abandon_grace_ms: Some(1000),
                rated: false,
                bots_claim_wins: false,
            }
            .encode_to_vec(),
            Rpc::ListMatches => pb::ListMatchesRequest {
                game: "presidency".into(),
                status: 2,
                open_seats_only: true,
                limit: 3,
                page_size: 20,
                page_token: "1700000000000.00000000deadbeef".into(),
            }
            .encode_to_vec(),
            Rpc::JoinMatch => pb::JoinMatchRequest {
                match_id: id,
                seat: Some(1),
                display_name: "mallory".into(),
                client_kind: 2,
            }
            .encode_to_vec(),
            Rpc::WatchLobby => pb::WatchLobbyRequest {
                games: vec!["presidency".into(), "the-vote".into()],
                bot_pool: true,
                pool_ais: vec!["random".into()],
                pool_name: "mallory's pool".into(),
            }
            .encode_to_vec(),
            Rpc::WatchMatch => pb::WatchMatchRequest {
                match_id: id,
                token,
                from_version: 3,
                include_json_view: true,
                seat: Some(1),
            }
            .encode_to_vec(),
            Rpc::Act => pb::ActRequest {
                match_id: id,
                token,
                version: 4,
                choice_id: "dice:2d6".into(),
                seat: Some(0),
            }
            .encode_to_vec(),
            Rpc::Resign => pb::ResignRequest {
                match_id: id,
                token,
                seat: Some(1),
            }
            .encode_to_vec(),
            Rpc::GetReplay => pb::GetReplayRequest { match_id: id }.encode_to_vec(),
            Rpc::GetReplayView => pb::GetReplayViewRequest {
                match_id: id,
                version: 2,
            }
            .encode_to_vec(),
            // Its password is one byte short of the rule's 8: the handler refuses it before
            // hashing it, and so its mutants, which keep that length, cost no argon2 hash
            // each (see the answers in `exact` for a sign-up that succeeds).
            Rpc::SignUp => pb::SignUpRequest {
                handle: "mallory-2".into(),
                display_name: "Mallory the Second".into(),
                password: "hunter2".into(),
                invite_code: String::new(),
            }
            .encode_to_vec(),
            // The account's handle with a wrong password: the failed attempts count against
            // the handle and the address, and soon exhaust them (RESOURCE_EXHAUSTED).
            Rpc::SignIn => pb::SignInRequest {
                handle: HANDLE.into(),
                password: "not the password".into(),
            }
            .encode_to_vec(),
            Rpc::SignOut => pb::SignOutRequest {}.encode_to_vec(),
            Rpc::SignOutEverywhere => pb::SignOutEverywhereRequest {}.encode_to_vec(),
            Rpc::WhoAmI => pb::WhoAmIRequest {}.encode_to_vec(),
            Rpc::ChangePassword => pb::ChangePasswordRequest {
                current_password: PASSWORD.into(),
                new_password: "another horse battery".into(),
            }
            .encode_to_vec(),
            Rpc::DeleteAccount => pb::DeleteAccountRequest {
                password: PASSWORD.into(),
            }
            .encode_to_vec(),
            Rpc::ExportAccount => pb::ExportAccountRequest {}.encode_to_vec(),
            Rpc::CreateToken => pb::CreateTokenRequest {
                name: "mallory's laptop".into(),
                scopes: vec![pb::Scope::Play as i32, pb::Scope::Create as i32],
            }
            .encode_to_vec(),
            Rpc::ListTokens => pb::ListTokensRequest {}.encode_to_vec(),
            Rpc::RevokeToken => pb::RevokeTokenRequest { id }.encode_to_vec(),
            Rpc::BecomeBot => pb::BecomeBotRequest {
                owner_handle: HANDLE.into(),
                owner_password: PASSWORD.into(),
                version: "2.1.0".into(),
            }
            .encode_to_vec(),
            Rpc::ListMyMatches => pb::ListMyMatchesRequest {
                page_size: 20,
                page_token: "1700000000000.00000000deadbeef".into(),
            }
            .encode_to_vec(),
            Rpc::GetProfile => pb::GetProfileRequest {
                handle: "nobody-here".into(),
            }
            .encode_to_vec(),
            Rpc::GetRatings => pb::GetRatingsRequest {
                handle: "nobody-here".into(),
                include_history: true,
            }
            .encode_to_vec(),
            Rpc::GetLeaderboard => pb::GetLeaderboardRequest {
                game: "presidency".into(),
                variant: "standard".into(),
                filter: pb::LeaderboardFilter::People as i32,
                limit: 10,
            }
            .encode_to_vec(),
        }
    }

    /// What [`Rpc::sample`] with [`NO_MATCH`] and [`NO_TOKEN`] gets as it is, sent without a
    /// credential.
    fn sample_answer(self) -> Code {
        match self {
            Rpc::ListGames | Rpc::CreateMatch | Rpc::ListMatches => Code::Ok,
            // A stream that begins.
            Rpc::WatchLobby => Code::Ok,
            // An unknown match is NOT_FOUND whatever the token.
            Rpc::JoinMatch
            | Rpc::WatchMatch
            | Rpc::Act
            | Rpc::Resign
            | Rpc::GetReplay
            | Rpc::GetReplayView => Code::NotFound,
            // The password breaks its rule.
            Rpc::SignUp => Code::InvalidArgument,
            // A wrong password, as an unknown handle.
            Rpc::SignIn => Code::Unauthenticated,
            // Signing out with no session ends nothing (and clears a stale cookie).
            Rpc::SignOut => Code::Ok,
            // They need a credential.
            Rpc::SignOutEverywhere
            | Rpc::WhoAmI
            | Rpc::ChangePassword
            | Rpc::DeleteAccount
            | Rpc::ExportAccount
            | Rpc::CreateToken
            | Rpc::ListTokens
            | Rpc::RevokeToken
            | Rpc::BecomeBot
            | Rpc::ListMyMatches => Code::Unauthenticated,
            Rpc::GetProfile | Rpc::GetRatings => Code::NotFound,
            Rpc::GetLeaderboard => Code::Ok,
        }
    }

    /// The request's string fields, every one (checked against the descriptor), with their
    /// caps. Repeated ones (`games`, `pool_ais`) are capped per entry.
    fn strings(self) -> Vec<Text> {
        match self {
            Rpc::ListGames => vec![],
            Rpc::CreateMatch => vec![req(1, "game", ID), opt(2, "variant", ID)],
            Rpc::ListMatches => vec![opt(1, "game", ID), opt(6, "page_token", PAGE_TOKEN)],
            Rpc::JoinMatch => vec![req(1, "match_id", ID), opt(3, "display_name", TEXT)],
            Rpc::WatchLobby => vec![
                opt(1, "games", ID),
                opt(3, "pool_ais", ID),
                opt(4, "pool_name", TEXT),
            ],
            Rpc::WatchMatch | Rpc::Resign => vec![req(1, "match_id", ID), opt(2, "token", TEXT)],
            Rpc::Act => vec![
                req(1, "match_id", ID),
                opt(2, "token", TEXT),
                req(4, "choice_id", TEXT),
            ],
            Rpc::GetReplay | Rpc::GetReplayView => vec![req(1, "match_id", ID)],
            Rpc::SignUp => vec![
                req(1, "handle", ID),
                opt(2, "display_name", ID),
                req(3, "password", TEXT),
                opt(4, "invite_code", ID),
            ],
            Rpc::SignIn => vec![req(1, "handle", ID), req(2, "password", TEXT)],
            Rpc::SignOut
            | Rpc::SignOutEverywhere
            | Rpc::WhoAmI
            | Rpc::ExportAccount
            | Rpc::ListTokens => vec![],
            Rpc::ChangePassword => vec![
                req(1, "current_password", TEXT),
                req(2, "new_password", TEXT),
            ],
            Rpc::DeleteAccount => vec![req(1, "password", TEXT)],
            Rpc::CreateToken => vec![req(1, "name", ID)],
            Rpc::RevokeToken => vec![req(1, "id", ID)],
            Rpc::BecomeBot => vec![
                req(1, "owner_handle", ID),
                req(2, "owner_password", TEXT),
                opt(3, "version", ID),
            ],
            Rpc::ListMyMatches => vec![opt(2, "page_token", PAGE_TOKEN)],
            Rpc::GetProfile | Rpc::GetRatings => vec![req(1, "handle", ID)],
            Rpc::GetLeaderboard => vec![req(1, "game", ID), opt(2, "variant", ID)],
        }
    }

    /// The codes a well-formed body may get: the request's fields are checked before it is
    /// handled (INVALID_ARGUMENT), then the handler answers as the method documents, for a
    /// request without a credential.
    fn handled(self) -> &'static [Code] {
        match self {
            Rpc::ListGames
            | Rpc::CreateMatch
            | Rpc::ListMatches
            | Rpc::JoinMatch
            | Rpc::WatchLobby
            | Rpc::WatchMatch
            | Rpc::Act
            | Rpc::Resign
            | Rpc::GetReplay
            | Rpc::GetReplayView => &HANDLED,
            // A new account, a handle taken, or a handle, display name or password that
            // breaks its rule (registration is open).
            Rpc::SignUp => &[Code::Ok, Code::InvalidArgument, Code::AlreadyExists],
            // Never OK: no body of the barrage holds the account's password. Past 20 failures
            // a minute from this address, RESOURCE_EXHAUSTED.
            Rpc::SignIn => &[
                Code::InvalidArgument,
                Code::Unauthenticated,
                Code::ResourceExhausted,
            ],
            // No fields to check; nothing to end without a credential.
            Rpc::SignOut => &[Code::Ok],
            // No fields to check; no credential.
            Rpc::SignOutEverywhere | Rpc::WhoAmI | Rpc::ExportAccount | Rpc::ListTokens => {
                &[Code::Unauthenticated]
            }
            Rpc::ChangePassword
            | Rpc::DeleteAccount
            | Rpc::CreateToken
            | Rpc::RevokeToken
            | Rpc::BecomeBot
            | Rpc::ListMyMatches => &[Code::InvalidArgument, Code::Unauthenticated],
            // OK when a mutant names an account (the test's, or a built-in AI's).
            Rpc::GetProfile | Rpc::GetRatings => &[Code::Ok, Code::InvalidArgument, Code::NotFound],
            // INVALID_ARGUMENT for a mutant naming no game or variant.
            Rpc::GetLeaderboard => &[Code::Ok, Code::InvalidArgument],
        }
    }
}

/// What the server must answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expect {
    /// Exactly this code.
    Code(Code),
    /// The message is well-formed: whatever the handler says, as long as it is one of
    /// these ([`Rpc::handled`]).
    OneOf(&'static [Code]),
}

/// The codes a handled request of a match method may get.
const HANDLED: [Code; 8] = [
    Code::Ok,
    Code::InvalidArgument,
    Code::NotFound,
    Code::Unauthenticated,
    Code::PermissionDenied,
    Code::FailedPrecondition,
    Code::Aborted,
    Code::ResourceExhausted,
];

/// A body as a gRPC client frames one message.
fn framed(payload: &[u8]) -> Vec<u8> {
    let mut v = vec![0];
    v.extend_from_slice(&(payload.len() as u32).to_be_bytes());
    v.extend_from_slice(payload);
    v
}

/// What the contract says about any body, read as the server must read it.
fn expect(rpc: Rpc, body: &[u8]) -> Expect {
    if body.len() < 5 {
        return Expect::Code(Code::InvalidArgument);
    }
    let len = u32::from_be_bytes([body[1], body[2], body[3], body[4]]) as usize;
    if len > LIMIT || body.len() - 5 > LIMIT {
        return Expect::Code(Code::ResourceExhausted);
    }
    if body[0] != 0 || body.len() - 5 != len || !rpc.decodes(&body[5..]) {
        return Expect::Code(Code::InvalidArgument);
    }
    Expect::OneOf(rpc.handled())
}

// ----- the service as the .proto declares it -----------------------------------------------

/// The contract's descriptor set (what the server's reflection serves).
fn descriptor() -> &'static FileDescriptorSet {
    static SET: OnceLock<FileDescriptorSet> = OnceLock::new();
    SET.get_or_init(|| {
        FileDescriptorSet::decode(hustings_proto::FILE_DESCRIPTOR_SET).expect("the descriptor set")
    })
}

/// The methods of `hustings.v1.Hustings`.
fn declared_methods() -> &'static [MethodDescriptorProto] {
    &descriptor()
        .file
        .iter()
        .flat_map(|f| &f.service)
        .find(|s| s.name() == "Hustings")
        .expect("the Hustings service")
        .method
}

/// The fields of `rpc`'s request message.
fn request_fields(rpc: Rpc) -> &'static [FieldDescriptorProto] {
    descriptor()
        .file
        .iter()
        .filter(|f| f.package() == "hustings.v1")
        .flat_map(|f| &f.message_type)
        .find(|m| m.name() == rpc.request())
        .map(|m| m.field.as_slice())
        .unwrap_or_else(|| panic!("no message {}", rpc.request()))
}

/// The wire types a field's value may come in: its own, and for a repeated number also the
/// packed form (length-delimited).
fn allowed_wire_types(f: &FieldDescriptorProto) -> Vec<u8> {
    let own = match f.r#type() {
        Type::Double | Type::Fixed64 | Type::Sfixed64 => 1,
        Type::Float | Type::Fixed32 | Type::Sfixed32 => 5,
        Type::String | Type::Bytes | Type::Message => 2,
        Type::Group => 3,
        // The varint types: integers, bool, enums.
        _ => 0,
    };
    if f.label() == Label::Repeated && own != 2 && own != 3 {
        vec![own, 2]
    } else {
        vec![own]
    }
}

#[test]
fn the_rpc_list_is_the_services_methods() {
    // Name, request message and whether it streams its answer (`call` reads a stream's
    // headers only); no method streams its request (`call` sends one message).
    let mut declared: Vec<(String, String, bool)> = declared_methods()
        .iter()
        .map(|m| {
            assert!(!m.client_streaming(), "{}", m.name());
            let request = m.input_type().rsplit('.').next().unwrap_or_default();
            (m.name().into(), request.into(), m.server_streaming())
        })
        .collect();
    let mut ours: Vec<(String, String, bool)> = RPCS
        .iter()
        .map(|r| (format!("{r:?}"), r.request().into(), r.streams()))
        .collect();
    declared.sort();
    ours.sort();
    assert_eq!(
        ours, declared,
        "the RPCs of this test (`rpcs!`) are not the service's methods"
    );
    // Every string field of every request gets invalid UTF-8, a cut-off, and strings over
    // its cap up to 64 KB.
    for &rpc in RPCS {
        let mut declared: Vec<(u32, &str)> = request_fields(rpc)
            .iter()
            .filter(|f| f.r#type() == Type::String)
            .map(|f| (f.number() as u32, f.name()))
            .collect();
        let mut ours: Vec<(u32, &str)> = rpc.strings().iter().map(|t| (t.field, t.name)).collect();
        declared.sort();
        ours.sort();
        assert_eq!(
            ours,
            declared,
            "{rpc:?}: the string fields of {}",
            rpc.request()
        );
    }
}

// ----- protobuf by hand, for what prost would never write ---------------------------------

fn varint(mut v: u64, out: &mut Vec<u8>) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn key(field: u32, wire: u8, out: &mut Vec<u8>) {
    varint(((field as u64) << 3) | wire as u64, out);
}

fn bytes_field(field: u32, value: &[u8], out: &mut Vec<u8>) {
    key(field, 2, out);
    varint(value.len() as u64, out);
    out.extend_from_slice(value);
}

/// Crafted payloads that must all be refused as malformed, for `rpc`.
fn malformed(rpc: Rpc) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for t in rpc.strings() {
        let f = t.field;
        let mut v = Vec::new();
        bytes_field(f, &[0x66, 0xFF, 0xFE, 0x80], &mut v);
        out.push((format!("invalid UTF-8 in {} (field {f})", t.name), v));
        let mut v = Vec::new();
        key(f, 2, &mut v);
        varint(1_000, &mut v);
        v.extend_from_slice(b"short");
        out.push((format!("{} (field {f}) cut short", t.name), v));
    }
    // Every field (the `seat` numbers included) in each wire type it may not come in. Not
    // message fields: prost reads a map entry whatever wire type its key says, so such a
    // body can decode.
    for f in request_fields(rpc) {
        if f.r#type() == Type::Message {
            continue;
        }
        let allowed = allowed_wire_types(f);
        for wire in [0u8, 1, 2, 5].into_iter().filter(|w| !allowed.contains(w)) {
            let mut v = Vec::new();
            key(f.number() as u32, wire, &mut v);
            match wire {
                0 => varint(5, &mut v),
                1 => v.extend_from_slice(&[1; 8]),
                2 => {
                    varint(3, &mut v);
                    v.extend_from_slice(b"abc");
                }
                _ => v.extend_from_slice(&[1; 4]),
            }
            out.push((
                format!("wire type {wire} for {} (field {})", f.name(), f.number()),
                v,
            ));
        }
    }
    // Groups nested 1,000 deep (in an unknown field: prost skips groups recursively).
    let mut v = Vec::new();
    for _ in 0..1000 {
        key(15, 3, &mut v);
    }
    out.push(("groups nested 1000 deep".into(), v));
    // An unterminated group, an end-group out of nowhere, wire types 6 and 7.
    let mut v = Vec::new();
    key(15, 3, &mut v);
    out.push(("an unterminated group".into(), v));
    let mut v = Vec::new();
    key(15, 4, &mut v);
    out.push(("a stray end-group".into(), v));
    out.push(("wire type 6".into(), vec![0x0E]));
    out.push(("wire type 7".into(), vec![0x0F]));
    out.push(("field number 0".into(), vec![0x00, 0x01]));
    // An 11-byte varint.
    let mut v = Vec::new();
    key(15, 0, &mut v);
    v.extend_from_slice(&[0xFF; 10]);
    v.push(0x01);
    out.push(("an overlong varint".into(), v));
    if rpc == Rpc::CreateMatch {
        // Messages nested past the decoder's recursion limit: clock → kind → …, built as a
        // length-delimited field 7 holding itself 200 times.
        let mut inner: Vec<u8> = Vec::new();
        for _ in 0..200 {
            let mut outer = Vec::new();
            bytes_field(1, &inner, &mut outer);
            inner = outer;
        }
        let mut v = Vec::new();
        bytes_field(7, &inner, &mut v);
        out.push(("messages nested 200 deep".into(), v));
    }
    out
}

/// Every string field of `rpc`'s request `base` (a well-formed one) one byte over its cap,
/// 20 KB and 64 KB long (with the rest of the message, over the size limit), and each
/// required one empty: all refused. The field is appended to `base`: a later value of a
/// string field replaces the earlier one, and a repeated field gains an entry.
fn strings_out_of_bounds(rpc: Rpc, base: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for t in rpc.strings() {
        let with = |value: &[u8]| {
            let mut v = base.to_vec();
            bytes_field(t.field, value, &mut v);
            v
        };
        for (what, n) in [
            ("one byte over its cap", t.cap + 1),
            ("20 KB long", 20_000),
            ("64 KB long", BIG),
        ] {
            out.push((format!("{} {what}", t.name), with("z".repeat(n).as_bytes())));
        }
        if t.required {
            out.push((format!("{} empty", t.name), with(b"")));
        }
    }
    out
}

/// Requests well-formed on the wire whose fields are out of bounds, beyond the top-level
/// strings of [`strings_out_of_bounds`]: strings inside nested messages and maps, enums out
/// of range, repeated fields over their counts, page sizes and tokens the server refuses.
fn out_of_bounds(rpc: Rpc, real_match: &str) -> Vec<(String, Vec<u8>)> {
    let over = |n: usize| "z".repeat(n);
    let mut out: Vec<(String, Vec<u8>)> = Vec::new();
    let mut add = |what: &str, m: &dyn Fn(usize) -> Vec<u8>| {
        out.push((format!("{what} one byte over its cap"), m(0)));
        out.push((format!("{what} 20 KB long"), m(20_000)));
        out.push((format!("{what} 64 KB long"), m(BIG)));
    };
    let id = real_match.to_string();
    match rpc {
        Rpc::CreateMatch => {
            let base = || pb::CreateMatchRequest {
                game: "presidency".into(),
                ..Default::default()
            };
            add("an option key", &|n| {
                pb::CreateMatchRequest {
                    options: [(over(n.max(65)), "1".into())].into(),
                    ..base()
                }
                .encode_to_vec()
            });
            add("an option value", &|n| {
                pb::CreateMatchRequest {
                    options: [("rounds".into(), over(n.max(257)))].into(),
                    ..base()
                }
                .encode_to_vec()
            });
            add("SeatConfig.ai", &|n| {
                pb::CreateMatchRequest {
                    seat_config: vec![pb::SeatConfig {
                        ai: over(n.max(65)),
                        ..Default::default()
                    }],
                    ..base()
                }
                .encode_to_vec()
            });
            add("SeatConfig.ai_level", &|n| {
                pb::CreateMatchRequest {
                    seat_config: vec![pb::SeatConfig {
                        ai_level: over(n.max(65)),
                        ..Default::default()
                    }],
                    ..base()
                }
                .encode_to_vec()
            });
            add("every string at once", &|n| {
                pb::CreateMatchRequest {
                    game: over(n.max(65)),
                    variant: over(n.max(65)),
                    options: [(over(n.max(65)), over(n.max(257)))].into(),
                    seat_config: vec![pb::SeatConfig {
                        bot: true,
                        ai: over(n.max(65)),
                        ai_level: over(n.max(65)),
                    }],
                    ..Default::default()
                }
                .encode_to_vec()
            });
            let options: std::collections::HashMap<String, String> =
                (0..33).map(|i| (format!("k{i}"), "v".into())).collect();
            out.push((
                "33 options".into(),
                pb::CreateMatchRequest { options, ..base() }.encode_to_vec(),
            ));
            out.push((
                "17 seat configs".into(),
                pb::CreateMatchRequest {
                    seat_config: vec![pb::SeatConfig::default(); 17],
                    ..base()
                }
                .encode_to_vec(),
            ));
        }
        Rpc::ListMatches => {
            for token in FORGED_PAGE_TOKENS {
                out.push((
                    format!("page_token {token:?}, not one the server gave"),
                    pb::ListMatchesRequest {
                        page_token: token.into(),
                        ..Default::default()
                    }
                    .encode_to_vec(),
                ));
            }
            for page_size in [1_001, u32::MAX] {
                out.push((
                    format!("page_size {page_size}"),
                    pb::ListMatchesRequest {
                        page_size,
                        ..Default::default()
                    }
                    .encode_to_vec(),
                ));
            }
            for status in [4, 999, -1, i32::MAX] {
                out.push((
                    format!("status {status}"),
                    pb::ListMatchesRequest {
                        status,
                        ..Default::default()
                    }
                    .encode_to_vec(),
                ));
            }
        }
        Rpc::JoinMatch => {
            for kind in [3, 999, -5] {
                out.push((
                    format!("client_kind {kind}"),
                    pb::JoinMatchRequest {
                        match_id: id.clone(),
                        client_kind: kind,
                        ..Default::default()
                    }
                    .encode_to_vec(),
                ));
            }
        }
        Rpc::WatchLobby => {
            out.push((
                "17 games".into(),
                pb::WatchLobbyRequest {
                    games: vec!["presidency".into(); 17],
                    ..Default::default()
                }
                .encode_to_vec(),
            ));
            out.push((
                "17 pool_ais".into(),
                pb::WatchLobbyRequest {
                    bot_pool: true,
                    pool_ais: vec!["random".into(); 17],
                    ..Default::default()
                }
                .encode_to_vec(),
            ));
        }
        Rpc::CreateToken => {
            let token = |scopes: Vec<i32>| {
                pb::CreateTokenRequest {
                    name: "laptop".into(),
                    scopes,
                }
                .encode_to_vec()
            };
            out.push(("9 scopes".into(), token(vec![pb::Scope::Play as i32; 9])));
            for scope in [4, 999, -1, i32::MAX] {
                out.push((
                    format!("scope {scope}"),
                    token(vec![pb::Scope::Play as i32, scope]),
                ));
            }
        }
        Rpc::ListMyMatches => {
            for token in FORGED_PAGE_TOKENS {
                out.push((
                    format!("page_token {token:?}, not one the server gave"),
                    pb::ListMyMatchesRequest {
                        page_token: token.into(),
                        ..Default::default()
                    }
                    .encode_to_vec(),
                ));
            }
            for page_size in [1_001, u32::MAX] {
                out.push((
                    format!("page_size {page_size}"),
                    pb::ListMyMatchesRequest {
                        page_size,
                        ..Default::default()
                    }
                    .encode_to_vec(),
                ));
            }
        }
        // Their only bounds are those of their strings.
        Rpc::ListGames
        | Rpc::WatchMatch
        | Rpc::Act
        | Rpc::Resign
        | Rpc::GetReplay
        | Rpc::GetReplayView
        | Rpc::SignUp
        | Rpc::SignIn
        | Rpc::SignOut
        | Rpc::SignOutEverywhere
        | Rpc::WhoAmI
        | Rpc::ChangePassword
        | Rpc::DeleteAccount
        | Rpc::ExportAccount
        | Rpc::ListTokens
        | Rpc::RevokeToken
        | Rpc::BecomeBot
        | Rpc::GetProfile
        | Rpc::GetRatings => {}
        Rpc::GetLeaderboard => {
            for filter in [3, 999, -1, i32::MAX] {
                out.push((
                    format!("filter {filter}"),
                    pb::GetLeaderboardRequest {
                        game: "presidency".into(),
                        filter,
                        ..Default::default()
                    }
                    .encode_to_vec(),
                ));
            }
        }
    }
    out
}

/// Well-formed requests without a credential, each with the one code its method documents
/// for it, beyond each RPC's sample ([`Rpc::sample_answer`]): the account the test makes
/// and what may and may not be done with it, and the new `seat` fields. Sent one at a time,
/// in order, before the barrage: its failed sign-ins soon use up this address's 20 a
/// minute, after which even the right password is RESOURCE_EXHAUSTED.
fn exact(real_match: &str) -> Vec<(Rpc, &'static str, Vec<u8>, Code)> {
    let sign_up = |handle: &str, display_name: &str, password: &str| {
        pb::SignUpRequest {
            handle: handle.into(),
            display_name: display_name.into(),
            password: password.into(),
            invite_code: String::new(),
        }
        .encode_to_vec()
    };
    let sign_in = |handle: &str, password: &str| {
        pb::SignInRequest {
            handle: handle.into(),
            password: password.into(),
        }
        .encode_to_vec()
    };
    let profile = |handle: &str| {
        pb::GetProfileRequest {
            handle: handle.into(),
        }
        .encode_to_vec()
    };
    let watch = |token: &str, seat: Option<u32>| {
        pb::WatchMatchRequest {
            match_id: real_match.into(),
            token: token.into(),
            seat,
            ..Default::default()
        }
        .encode_to_vec()
    };
    let act = |match_id: &str, seat: Option<u32>| {
        pb::ActRequest {
            match_id: match_id.into(),
            token: String::new(),
            version: 0,
            choice_id: "done".into(),
            seat,
        }
        .encode_to_vec()
    };
    let resign = |seat: Option<u32>| {
        pb::ResignRequest {
            match_id: real_match.into(),
            token: String::new(),
            seat,
        }
        .encode_to_vec()
    };
    use Code as C;
    vec![
        (
            Rpc::SignUp,
            "a new account",
            sign_up(HANDLE, "", PASSWORD),
            C::Ok,
        ),
        (
            Rpc::SignUp,
            "its handle again, in another case",
            sign_up("MALLORY", "", "another password"),
            C::AlreadyExists,
        ),
        (
            Rpc::SignUp,
            "a reserved handle",
            sign_up("Admin", "", PASSWORD),
            C::InvalidArgument,
        ),
        (
            Rpc::SignUp,
            "a handle starting with '-'",
            sign_up("-mallory", "", PASSWORD),
            C::InvalidArgument,
        ),
        (
            Rpc::SignUp,
            "a 64-letter handle (within the field's cap, over the handle rule's 24)",
            sign_up(&"m".repeat(64), "", PASSWORD),
            C::InvalidArgument,
        ),
        (
            Rpc::SignUp,
            "a display name with a newline",
            sign_up("mallory-3", "Mal\nlory", PASSWORD),
            C::InvalidArgument,
        ),
        (
            Rpc::SignIn,
            "the account's handle, in another case, and password",
            sign_in("mALLORY", PASSWORD),
            C::Ok,
        ),
        (
            Rpc::SignIn,
            "an unknown handle",
            sign_in("nobody-here", PASSWORD),
            C::Unauthenticated,
        ),
        (
            Rpc::GetProfile,
            "the new account",
            profile("mallory"),
            C::Ok,
        ),
        // A password in the request is no credential: these need a session.
        (
            Rpc::DeleteAccount,
            "the account's password",
            pb::DeleteAccountRequest {
                password: PASSWORD.into(),
            }
            .encode_to_vec(),
            C::Unauthenticated,
        ),
        (
            Rpc::BecomeBot,
            "the owner's handle and password",
            Rpc::BecomeBot.sample(NO_MATCH, NO_TOKEN),
            C::Unauthenticated,
        ),
        // A `seat` says which of an account's seats: without a credential it is no key to
        // any. WatchMatch with no token watches as a spectator, whatever the seat.
        (
            Rpc::WatchMatch,
            "the match beside, no token, seat 0",
            watch("", Some(0)),
            C::Ok,
        ),
        (
            Rpc::WatchMatch,
            "the match beside, no token, seat 4294967295",
            watch("", Some(u32::MAX)),
            C::Ok,
        ),
        (
            Rpc::WatchMatch,
            "the match beside, an unknown token, seat 0",
            watch(NO_TOKEN, Some(0)),
            C::Unauthenticated,
        ),
        (
            Rpc::Act,
            "the match beside, no token, seat 0",
            act(real_match, Some(0)),
            C::Unauthenticated,
        ),
        (
            Rpc::Act,
            "the match beside, no token, seat 4294967295",
            act(real_match, Some(u32::MAX)),
            C::Unauthenticated,
        ),
        (
            Rpc::Act,
            "an unknown match, no token, seat 0",
            act(NO_MATCH, Some(0)),
            C::NotFound,
        ),
        (
            Rpc::Resign,
            "the match beside, no token, seat 1",
            resign(Some(1)),
            C::Unauthenticated,
        ),
        (
            Rpc::Resign,
            "the match beside, no token, no seat",
            resign(None),
            C::Unauthenticated,
        ),
    ]
}

// ----- the raw HTTP/2 client ---------------------------------------------------------------

/// One answer: its gRPC status code, message and how many bytes of metadata carried it.
#[derive(Debug)]
struct Answer {
    code: Code,
    message: String,
    metadata_bytes: usize,
}

fn status_of(headers: &http::HeaderMap) -> Option<(Code, String)> {
    let code = headers.get("grpc-status")?;
    let code = Code::from_bytes(code.as_bytes());
    let message = headers
        .get("grpc-message")
        .map(|m| String::from_utf8_lossy(m.as_bytes()).into_owned())
        .unwrap_or_default();
    Some((code, message))
}

fn size_of(headers: &http::HeaderMap) -> usize {
    headers
        .iter()
        .map(|(k, v)| k.as_str().len() + v.len())
        .sum()
}

/// Sends `body` as the whole request body of `rpc` and reads the answer.
async fn call(send: &h2::client::SendRequest<Bytes>, rpc: Rpc, body: Vec<u8>) -> Answer {
    let req = http::Request::post(format!("http://127.0.0.1{}", rpc.path()))
        .header("content-type", "application/grpc")
        .header("te", "trailers")
        .body(())
        .expect("a request");
    let mut send = send
        .clone()
        .ready()
        .await
        .expect("the connection takes streams");
    let (response, mut stream) = send.send_request(req, false).expect("stream opens");
    // The server may answer (and reset the stream) before an oversize body is all sent.
    let _ = stream.send_data(Bytes::from(body), true);
    let response = response.await.expect("an HTTP/2 response");
    let (parts, mut body) = response.into_parts();
    assert_eq!(
        parts.status,
        http::StatusCode::OK,
        "gRPC answers with HTTP 200"
    );
    let mut metadata = size_of(&parts.headers);
    if let Some((code, message)) = status_of(&parts.headers) {
        return Answer {
            code,
            message,
            metadata_bytes: metadata,
        };
    }
    // Headers without a status: a server stream that has begun (WatchMatch, WatchLobby) is
    // OK (dropping it cancels it); a unary answer follows, then its trailers.
    if rpc.streams() {
        return Answer {
            code: Code::Ok,
            message: String::new(),
            metadata_bytes: metadata,
        };
    }
    let wait = std::time::Duration::from_secs(10);
    let read = async {
        while let Some(Ok(chunk)) = body.data().await {
            let _ = body.flow_control().release_capacity(chunk.len());
        }
    };
    tokio::time::timeout(wait, read)
        .await
        .unwrap_or_else(|_| panic!("{rpc:?}: no answer in {wait:?}"));
    let trailers = body
        .trailers()
        .await
        .expect("trailers")
        .expect("a unary answer ends with trailers");
    metadata += size_of(&trailers);
    let (code, message) = status_of(&trailers).expect("grpc-status in the trailers");
    Answer {
        code,
        message,
        metadata_bytes: metadata,
    }
}

async fn raw_client(addr: std::net::SocketAddr) -> h2::client::SendRequest<Bytes> {
    let tcp = tokio::net::TcpStream::connect(addr).await.expect("tcp");
    let (send, conn) = h2::client::handshake(tcp).await.expect("h2 handshake");
    tokio::spawn(async move {
        let _ = conn.await;
    });
    send
}

/// The answers seen, per RPC and code.
type Tally = BTreeMap<Rpc, BTreeMap<String, u32>>;

/// The checks every answer gets, whatever the body: its code as the contract says, an
/// error message that quotes at most a short prefix of what was sent, metadata far below a
/// default client's 16 KB limit.
fn judge(rpc: Rpc, what: &str, expected: Expect, a: &Answer, tally: &mut Tally) {
    match expected {
        Expect::Code(c) => assert_eq!(a.code, c, "{rpc:?} {what}: {a:?}"),
        Expect::OneOf(codes) => assert!(codes.contains(&a.code), "{rpc:?} {what}: {a:?}"),
    }
    assert!(
        a.message.len() <= 512,
        "{rpc:?} {what}: a long message: {a:?}"
    );
    assert!(
        !a.message.contains(&"z".repeat(40)),
        "{rpc:?} {what}: echoed input"
    );
    assert!(
        a.metadata_bytes < 2048,
        "{rpc:?} {what}: {} bytes",
        a.metadata_bytes
    );
    *tally
        .entry(rpc)
        .or_default()
        .entry(format!("{:?}", a.code))
        .or_default() += 1;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ten_thousand_hostile_bodies_get_their_documented_codes_beside_a_match() {
    let server = start_server_with(ServerConfig::default()).await;
    assert_eq!(Limits::default().max_message_bytes, LIMIT);
    let url = server.url();
    let mut c = connect(&url).await;

    // The match beside: two players and a spectator play it while the bodies fly.
    let id = create(&mut c, "presidency", "standard", 2, 1_234).await;
    let spectator = spectate(&url, &id).await;
    let t0 = join(&mut c, &id, 0, "alice").await;
    let t1 = join(&mut c, &id, 1, "bob").await;
    let a = tokio::spawn(play_seat(url.clone(), id.clone(), t0.clone(), 5));
    let b = tokio::spawn(play_seat(url.clone(), id.clone(), t1.clone(), 6));

    let send = raw_client(server.addr()).await;
    let mut tally = Tally::new();

    // First, one at a time and in order, well-formed requests that each get one documented
    // code: every RPC's sample as it is, then the account's and the seats' cases.
    let samples = RPCS.iter().map(|&rpc| {
        let what = "its sample";
        (
            rpc,
            what,
            rpc.sample(NO_MATCH, NO_TOKEN),
            rpc.sample_answer(),
        )
    });
    let mut one_by_one = 0;
    for (rpc, what, payload, code) in samples.chain(exact(&id)) {
        let answer = call(&send, rpc, framed(&payload)).await;
        judge(rpc, what, Expect::Code(code), &answer, &mut tally);
        one_by_one += 1;
    }

    let mut rng = StdRng::seed_from_u64(0x0405_711E);
    let mut bodies: Vec<(Rpc, String, Vec<u8>)> = Vec::new();
    for &rpc in RPCS {
        // Random bytes, unframed: mostly bad framing or impossible lengths.
        for i in 0..450 {
            let n = rng.random_range(0..(if i % 40 == 0 { 3000 } else { 120 }));
            let body: Vec<u8> = (0..n).map(|_| rng.random()).collect();
            bodies.push((rpc, "random bytes".into(), body));
        }
        // Random payloads, framed: bad messages (or, rarely, well-formed ones).
        for _ in 0..350 {
            let n = rng.random_range(0..200);
            let payload: Vec<u8> = (0..n).map(|_| rng.random()).collect();
            bodies.push((rpc, "random message".into(), framed(&payload)));
        }
        // A well-formed request, mutated: flipped bits, cut, spliced bytes.
        let sample = rpc.sample(NO_MATCH, NO_TOKEN);
        for _ in 0..350 {
            let mut m = sample.clone();
            match rng.random_range(0..3) {
                0 if !m.is_empty() => {
                    let i = rng.random_range(0..m.len());
                    m[i] ^= 1 << rng.random_range(0..8);
                }
                1 if !m.is_empty() => {
                    let at = rng.random_range(0..m.len());
                    m.truncate(at);
                }
                _ => {
                    let at = rng.random_range(0..=m.len());
                    let junk: Vec<u8> = (0..rng.random_range(1..8)).map(|_| rng.random()).collect();
                    m.splice(at..at, junk);
                }
            }
            bodies.push((rpc, "mutated request".into(), framed(&m)));
        }
        // Crafted framing.
        let good = framed(&sample);
        let mut two = good.clone();
        two.extend_from_slice(&good);
        let flag = |f: u8| {
            let mut v = good.clone();
            v[0] = f;
            v
        };
        for (what, body) in [
            ("an empty body", Vec::new()),
            ("a header cut short", vec![0, 0, 0]),
            ("a compressed flag and no grpc-encoding", flag(1)),
            ("compression flag 2", flag(2)),
            ("compression flag 255", flag(255)),
            ("a message cut short", good[..good.len() - 1].to_vec()),
            ("two messages", two),
            ("a length of 4 GB", vec![0, 0xFF, 0xFF, 0xFF, 0xFF, 1, 2, 3]),
            ("a length one over the limit", {
                let mut v = vec![0];
                v.extend_from_slice(&((LIMIT + 1) as u32).to_be_bytes());
                v
            }),
            ("a 70 KB message", framed(&vec![0x42; 70_000])),
            ("a 1 MB body", vec![0; 1 << 20]),
        ] {
            bodies.push((rpc, what.into(), body));
        }
        for (what, payload) in malformed(rpc) {
            bodies.push((rpc, what, framed(&payload)));
        }
        let real = rpc.sample(&id, &t0);
        let out_of_bounds = strings_out_of_bounds(rpc, &real)
            .into_iter()
            .chain(out_of_bounds(rpc, &id));
        for (what, payload) in out_of_bounds {
            bodies.push((rpc, what, framed(&payload)));
        }
    }
    assert!(bodies.len() >= 10_000, "{} bodies", bodies.len());

    // Sixteen in flight at a time, on one connection.
    let mut crafted_refused = 0;
    for chunk in bodies.chunks(16) {
        let answers = futures::future::join_all(
            chunk
                .iter()
                .map(|(rpc, _, body)| call(&send, *rpc, body.clone())),
        )
        .await;
        for ((rpc, what, body), answer) in chunk.iter().zip(answers) {
            let expected = expect(*rpc, body);
            let crafted = !what.starts_with("random") && what != "mutated request";
            if crafted {
                // Every crafted body is refused: malformed (or its field out of bounds),
                // or too large.
                assert!(
                    matches!(answer.code, Code::InvalidArgument | Code::ResourceExhausted),
                    "{rpc:?} {what}: {answer:?}"
                );
                crafted_refused += 1;
            }
            judge(*rpc, what, expected, &answer, &mut tally);
        }
    }
    let mut totals: BTreeMap<&str, u32> = BTreeMap::new();
    eprintln!(
        "{one_by_one} requests one by one, then {} bodies ({crafted_refused} crafted, each \
         refused); answers per RPC:",
        bodies.len()
    );
    for (rpc, codes) in &tally {
        eprintln!("  {rpc:?}: {} {codes:?}", codes.values().sum::<u32>());
        for (code, n) in codes {
            *totals.entry(code).or_default() += n;
        }
        // Every RPC's size and malformed paths were taken.
        assert!(
            codes.contains_key("ResourceExhausted"),
            "{rpc:?}: {codes:?}"
        );
        assert!(codes.contains_key("InvalidArgument"), "{rpc:?}: {codes:?}");
    }
    eprintln!("  in all: {totals:?}");
    assert_eq!(tally.len(), RPCS.len());
    // Nothing took the server into INTERNAL, UNKNOWN or OUT_OF_RANGE (judged above), and
    // both the size and the malformed codes were seen often.
    assert!(totals.get("ResourceExhausted").copied().unwrap_or(0) > 100);
    assert!(totals.get("InvalidArgument").copied().unwrap_or(0) > 3_000);
    assert!(crafted_refused > 250, "{crafted_refused} crafted bodies");

    // The match beside was played to its end as if nothing had happened: every choice the
    // players made was accepted at the version they saw (play_seat fails otherwise), and
    // its replay reproduces the outcome through the engine.
    let a = a.await.expect("seat 0 plays to the end");
    let b = b.await.expect("seat 1 plays to the end");
    let s = spectator.await.expect("the spectator follows to the end");
    let outcome = s
        .last()
        .and_then(|u| u.outcome.clone())
        .expect("an outcome");
    assert_eq!(
        a.last().and_then(|u| u.outcome.clone()),
        Some(outcome.clone())
    );
    assert_eq!(
        b.last().and_then(|u| u.outcome.clone()),
        Some(outcome.clone())
    );
    let replay = c
        .get_replay(pb::GetReplayRequest {
            match_id: id.clone(),
        })
        .await
        .expect("the replay")
        .into_inner();
    assert_eq!(
        replay.choices.len() as u64,
        s.last().map_or(0, |u| u.version)
    );
    let choices: Vec<(usize, String)> = replay
        .choices
        .iter()
        .map(|c| (c.seat as usize, c.choice_id.clone()))
        .collect();
    let setup = hustings_engine::Setup::new("standard", 2, 1_234);
    let game = hustings_engine::replay("presidency", &setup, &choices).expect("replays");
    assert_eq!(game.outcome().map(|o| o.reason), Some(outcome.reason));

    // And the server is alive: a new connection is served.
    let mut fresh = connect(&url).await;
    let games = fresh
        .list_games(pb::ListGamesRequest {})
        .await
        .expect("ListGames after the barrage");
    assert_eq!(games.into_inner().games.len(), 3);
    server.shutdown().await;
}

/// What a client written from the .proto sees (the tonic client): the documented code with
/// a short message, never a transport error from an error too large for its metadata.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_generated_client_gets_short_documented_errors_for_huge_fields() {
    let server = start_server_with(ServerConfig::default()).await;
    let mut c = connect(&server.url()).await;
    let huge = "q".repeat(20_000);
    let code = |r: Result<tonic::Response<pb::CreateMatchResponse>, tonic::Status>| {
        let s = r.expect_err("refused");
        assert!(s.message().len() < 300, "{}", s.message());
        s.code()
    };
    for req in [
        pb::CreateMatchRequest {
            game: huge.clone(),
            ..Default::default()
        },
        pb::CreateMatchRequest {
            game: "presidency".into(),
            variant: huge.clone(),
            ..Default::default()
        },
        pb::CreateMatchRequest {
            game: "presidency".into(),
            options: [(huge.clone(), "1".into())].into(),
            ..Default::default()
        },
        pb::CreateMatchRequest {
            game: "presidency".into(),
            seat_config: vec![pb::SeatConfig {
                bot: true,
                ai: "a".repeat(50_000),
                ai_level: String::new(),
            }],
            ..Default::default()
        },
    ] {
        assert_eq!(code(c.create_match(req).await), Code::InvalidArgument);
    }
    // Values within the caps but unknown are quoted, in short.
    let s = c
        .create_match(pb::CreateMatchRequest {
            game: "presidency".into(),
            options: [("rounds".to_string(), "r".repeat(250))].into(),
            ..Default::default()
        })
        .await
        .expect_err("a bad option value");
    assert_eq!(s.code(), Code::InvalidArgument);
    assert!(
        s.message().contains("rounds") && s.message().len() < 200,
        "{}",
        s.message()
    );
    let s = c
        .act(pb::ActRequest {
            match_id: "m".repeat(64),
            token: "t".into(),
            version: 0,
            choice_id: "done".into(),
            seat: None,
        })
        .await
        .expect_err("no such match");
    assert_eq!(s.code(), Code::NotFound);
    assert!(s.message().len() < 100, "{}", s.message());
    let s = c
        .list_matches(pb::ListMatchesRequest {
            status: 999,
            ..Default::default()
        })
        .await
        .expect_err("status 999");
    assert_eq!(s.code(), Code::InvalidArgument);
    // Over the size limit: RESOURCE_EXHAUSTED, not OUT_OF_RANGE.
    let s = c
        .join_match(pb::JoinMatchRequest {
            match_id: "x".into(),
            display_name: "y".repeat(200_000),
            ..Default::default()
        })
        .await
        .expect_err("too large");
    assert_eq!(s.code(), Code::ResourceExhausted);

    // The account methods: a field over its cap is refused, in short, before the request
    // is handled (no password is hashed, no credential asked for).
    assert_eq!(
        short_refusal(
            c.sign_up(pb::SignUpRequest {
                handle: huge.clone(),
                password: PASSWORD.into(),
                ..Default::default()
            })
            .await
        ),
        Code::InvalidArgument
    );
    assert_eq!(
        short_refusal(
            c.sign_in(pb::SignInRequest {
                handle: HANDLE.into(),
                password: huge.clone(),
            })
            .await
        ),
        Code::InvalidArgument
    );
    assert_eq!(
        short_refusal(
            c.create_token(pb::CreateTokenRequest {
                name: huge.clone(),
                scopes: vec![pb::Scope::Play as i32],
            })
            .await
        ),
        Code::InvalidArgument
    );
    assert_eq!(
        short_refusal(
            c.become_bot(pb::BecomeBotRequest {
                owner_handle: HANDLE.into(),
                owner_password: PASSWORD.into(),
                version: huge.clone(),
            })
            .await
        ),
        Code::InvalidArgument
    );
    assert_eq!(
        short_refusal(
            c.get_profile(pb::GetProfileRequest {
                handle: huge.clone(),
            })
            .await
        ),
        Code::InvalidArgument
    );
    // Within the caps, without a credential: UNAUTHENTICATED, NOT_FOUND.
    assert_eq!(
        short_refusal(c.list_my_matches(pb::ListMyMatchesRequest::default()).await),
        Code::Unauthenticated
    );
    assert_eq!(
        short_refusal(
            c.get_profile(pb::GetProfileRequest {
                handle: "nobody-here".into(),
            })
            .await
        ),
        Code::NotFound
    );
    // Over the size limit.
    assert_eq!(
        short_refusal(
            c.change_password(pb::ChangePasswordRequest {
                current_password: PASSWORD.into(),
                new_password: "n".repeat(200_000),
            })
            .await
        ),
        Code::ResourceExhausted
    );
    server.shutdown().await;
}

/// The code of a refusal whose message is short.
fn short_refusal<T: std::fmt::Debug>(r: Result<tonic::Response<T>, tonic::Status>) -> Code {
    let s = r.expect_err("refused");
    assert!(s.message().len() < 300, "{}", s.message());
    s.code()
}
