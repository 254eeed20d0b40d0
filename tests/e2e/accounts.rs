//! Accounts over real gRPC on loopback: one account playing one seat from two sessions,
//! tokens and their scopes, sessions ended, sign-in limits, deleted accounts, bot accounts,
//! registration by invitation, and the browser's cookie as the server sets and reads it.

use hustings::bearer as as_;
use hustings::{Client, connect, start_server_with};
use hustings_proto::v1 as pb;
use hustings_service::ServerConfig;
use hustings_service::accounts::Registration;
use tonic::{Code, Request};

const PASSWORD: &str = "correct horse battery";

async fn sign_up(c: &mut Client, handle: &str) -> pb::SignInResponse {
    c.sign_up(pb::SignUpRequest {
        handle: handle.into(),
        password: PASSWORD.into(),
        ..Default::default()
    })
    .await
    .expect("signed up")
    .into_inner()
}

async fn sign_in(c: &mut Client, handle: &str, password: &str) -> Result<String, tonic::Status> {
    c.sign_in(pb::SignInRequest {
        handle: handle.into(),
        password: password.into(),
    })
    .await
    .map(|r| r.into_inner().session_token)
}

async fn server(registration: Registration) -> (hustings_service::RunningServer, Client) {
    let s = start_server_with(ServerConfig {
        registration,
        ..ServerConfig::default()
    })
    .await;
    let c = connect(&s.url()).await;
    (s, c)
}

/// A two-seat Presidential Race of people.
async fn race(c: &mut Client, secret: Option<&str>) -> Result<String, tonic::Status> {
    let req = pb::CreateMatchRequest {
        game: "presidency".into(),
        seed: Some(11),
        ..Default::default()
    };
    let r = match secret {
        Some(s) => c.create_match(as_(s, req)).await,
        None => c.create_match(req).await,
    };
    r.map(|r| r.into_inner().summary.unwrap_or_default().match_id)
}

/// The first update of `stream` at `version`.
async fn at(stream: &mut tonic::Streaming<pb::MatchUpdate>, version: u64) -> pb::MatchUpdate {
    loop {
        let u = stream
            .message()
            .await
            .expect("stream healthy")
            .expect("stream open");
        if u.version == version {
            return u;
        }
    }
}

fn first_game_choice(u: &pb::MatchUpdate) -> String {
    let p = u.prompt.as_ref().expect("a prompt");
    p.choices
        .iter()
        .find(|c| c.origin == pb::Origin::Game as i32)
        .map(|c| c.id.clone())
        .expect("a game choice")
}

#[tokio::test]
async fn one_account_plays_its_seat_from_two_sessions_and_finds_it_in_its_matches() {
    let (_s, mut c) = server(Registration::Open).await;
    let phone = sign_up(&mut c, "Ada").await.session_token;
    let laptop = sign_in(&mut c, "ada", PASSWORD)
        .await
        .expect("signed in again");
    assert_ne!(phone, laptop);
    let id = race(&mut c, Some(&phone)).await.expect("created");
    // Ada joins seat 0 from the phone; a guest joins seat 1 as guests always have.
    let joined = c
        .join_match(as_(
            &phone,
            pb::JoinMatchRequest {
                match_id: id.clone(),
                seat: Some(0),
                client_kind: pb::ClientKind::Human as i32,
                ..Default::default()
            },
        ))
        .await
        .expect("joined")
        .into_inner();
    assert_eq!(joined.seat, 0);
    let guest = hustings::join(&mut c, &id, 1, "guest").await;
    let summary = c
        .list_matches(pb::ListMatchesRequest::default())
        .await
        .expect("listed")
        .into_inner()
        .matches
        .into_iter()
        .find(|m| m.match_id == id)
        .expect("listed");
    assert_eq!(summary.seats[0].handle, "Ada");
    assert_eq!(
        summary.seats[0].player_name, "Ada",
        "the account's display name"
    );
    assert_eq!(summary.seats[1].handle, "", "a guest has no handle");
    // Both devices watch seat 0 with no seat token: the account's credential is enough.
    let watch = |secret: &str| {
        as_(
            secret,
            pb::WatchMatchRequest {
                match_id: id.clone(),
                ..Default::default()
            },
        )
    };
    let mut streams = [
        c.watch_match(watch(&phone))
            .await
            .expect("phone watches")
            .into_inner(),
        c.watch_match(watch(&laptop))
            .await
            .expect("laptop watches")
            .into_inner(),
    ];
    let mut guest_stream = hustings::open_stream(&mut c, &id, &guest, 0).await;
    let mut spectator = hustings::open_stream(&mut c, &id, "", 0).await;
    let secrets = [phone.clone(), laptop.clone()];
    let (mut version, mut ada_moves, mut turn_seen) = (0u64, 0usize, false);
    // A spectator says who is to act at each version; that seat's stream gives its prompt.
    while ada_moves < 6 {
        let now = at(&mut spectator, version).await;
        assert!(
            now.outcome.is_none(),
            "the match ends only by resigning here"
        );
        let ada_to_act = now.to_act.contains(&0);
        let r = if ada_to_act {
            if !turn_seen {
                let mine = c
                    .list_my_matches(as_(&laptop, pb::ListMyMatchesRequest::default()))
                    .await
                    .expect("listed")
                    .into_inner();
                let m = mine.matches.first().expect("the match is listed first");
                assert_eq!((m.match_id.as_str(), m.my_turn), (id.as_str(), true));
                assert_eq!(m.my_seats, vec![0]);
                turn_seen = true;
            }
            // Ada's devices take turns acting for her seat.
            let device = ada_moves % 2;
            ada_moves += 1;
            let u = at(&mut streams[device], version).await;
            c.act(as_(
                &secrets[device],
                pb::ActRequest {
                    match_id: id.clone(),
                    version,
                    choice_id: first_game_choice(&u),
                    ..Default::default()
                },
            ))
            .await
        } else {
            let g = at(&mut guest_stream, version).await;
            c.act(pb::ActRequest {
                match_id: id.clone(),
                token: guest.clone(),
                version,
                choice_id: first_game_choice(&g),
                seat: None,
            })
            .await
        };
        version = r.expect("the choice is taken").into_inner().version;
    }
    assert!(
        ada_moves >= 4,
        "Ada played from both devices ({ada_moves} moves)"
    );
    assert!(turn_seen);
    // Ada resigns from the laptop: the match is over, and both devices list it as
    // finished.
    c.resign(as_(
        &laptop,
        pb::ResignRequest {
            match_id: id.clone(),
            ..Default::default()
        },
    ))
    .await
    .expect("resigned");
    for s in [&phone, &laptop] {
        let mine = c
            .list_my_matches(as_(s, pb::ListMyMatchesRequest::default()))
            .await
            .expect("listed")
            .into_inner();
        assert_eq!(mine.matches.len(), 1);
        assert_eq!(mine.matches[0].status, pb::MatchStatus::Finished as i32);
    }
    // Another account's credential holds no seat here: it may not act.
    let bob = sign_up(&mut c, "bob").await.session_token;
    let e = c
        .resign(as_(
            &bob,
            pb::ResignRequest {
                match_id: id.clone(),
                ..Default::default()
            },
        ))
        .await
        .expect_err("not Bob's seat");
    assert_eq!(e.code(), Code::PermissionDenied);
    let profile = c
        .get_profile(pb::GetProfileRequest {
            handle: "ADA".into(),
        })
        .await
        .expect("profile")
        .into_inner();
    assert_eq!(profile.matches_per_game.get("presidency"), Some(&1));
    assert_eq!(profile.recent.len(), 1);
}

#[tokio::test]
async fn an_account_holding_two_seats_says_which() {
    let (_s, mut c) = server(Registration::Open).await;
    let me = sign_up(&mut c, "hotseat").await.session_token;
    let id = race(&mut c, None)
        .await
        .expect("a guest creates a match as before");
    for seat in [0, 1] {
        c.join_match(as_(
            &me,
            pb::JoinMatchRequest {
                match_id: id.clone(),
                seat: Some(seat),
                ..Default::default()
            },
        ))
        .await
        .expect("joined");
    }
    let e = c
        .resign(as_(
            &me,
            pb::ResignRequest {
                match_id: id.clone(),
                ..Default::default()
            },
        ))
        .await
        .expect_err("which seat?");
    assert_eq!(e.code(), Code::InvalidArgument);
    assert!(e.message().contains("seats 0 and 1"), "{}", e.message());
    c.resign(as_(
        &me,
        pb::ResignRequest {
            match_id: id.clone(),
            seat: Some(1),
            ..Default::default()
        },
    ))
    .await
    .expect("seat 1 resigns");
}

#[tokio::test]
async fn tokens_carry_their_scopes_and_end_when_revoked() {
    let (_s, mut c) = server(Registration::Open).await;
    let session = sign_up(&mut c, "carol").await.session_token;
    let token = |scopes: Vec<pb::Scope>| pb::CreateTokenRequest {
        name: "a script".into(),
        scopes: scopes.into_iter().map(|s| s as i32).collect(),
    };
    let play = c
        .create_token(as_(&session, token(vec![pb::Scope::Play])))
        .await
        .expect("token made")
        .into_inner();
    assert!(play.token.starts_with("hsp_"));
    // Without the CREATE scope it cannot create a match; with it, it can.
    let e = race(&mut c, Some(&play.token))
        .await
        .expect_err("no CREATE scope");
    assert_eq!(e.code(), Code::PermissionDenied);
    assert!(e.message().contains("CREATE"), "{}", e.message());
    let create = c
        .create_token(as_(
            &session,
            token(vec![pb::Scope::Create, pb::Scope::Play]),
        ))
        .await
        .expect("token made")
        .into_inner();
    race(&mut c, Some(&create.token))
        .await
        .expect("created with CREATE");
    // BOT is for bot accounts only; a token cannot make tokens.
    let e = c
        .create_token(as_(&session, token(vec![pb::Scope::Bot])))
        .await
        .expect_err("not a bot");
    assert_eq!(e.code(), Code::InvalidArgument);
    let e = c
        .create_token(as_(&create.token, token(vec![pb::Scope::Play])))
        .await
        .expect_err("a token is no session");
    assert_eq!(e.code(), Code::PermissionDenied);
    let listed = c
        .list_tokens(as_(&session, pb::ListTokensRequest {}))
        .await
        .expect("listed")
        .into_inner()
        .tokens;
    assert_eq!(listed.len(), 2);
    assert!(
        !format!("{listed:?}").contains(&play.token[4..]),
        "no secret is listed"
    );
    let id = play.info.expect("info").id;
    c.revoke_token(as_(&session, pb::RevokeTokenRequest { id: id.clone() }))
        .await
        .expect("revoked");
    let e = c
        .who_am_i(as_(&play.token, pb::WhoAmIRequest {}))
        .await
        .expect_err("revoked");
    assert_eq!(e.code(), Code::Unauthenticated);
    let e = c
        .revoke_token(as_(&session, pb::RevokeTokenRequest { id }))
        .await
        .expect_err("already gone");
    assert_eq!(e.code(), Code::NotFound);
    // A made-up credential is refused, not taken for a guest.
    let e = race(&mut c, Some("hss_00000000000000000000000000000000"))
        .await
        .expect_err("unknown");
    assert_eq!(e.code(), Code::Unauthenticated);
}

#[tokio::test]
async fn sessions_end_by_sign_out_password_change_and_everywhere() {
    let (_s, mut c) = server(Registration::Open).await;
    let a = sign_up(&mut c, "dora").await.session_token;
    let b = sign_in(&mut c, "dora", PASSWORD).await.expect("in");
    let d = sign_in(&mut c, "dora", PASSWORD).await.expect("in");
    let who = |s: &str| as_(s, pb::WhoAmIRequest {});
    c.sign_out(as_(&a, pb::SignOutRequest {}))
        .await
        .expect("out");
    assert_eq!(
        c.who_am_i(who(&a)).await.map_err(|e| e.code()).err(),
        Some(Code::Unauthenticated)
    );
    assert!(c.who_am_i(who(&b)).await.is_ok());
    let changed = c
        .change_password(as_(
            &b,
            pb::ChangePasswordRequest {
                current_password: PASSWORD.into(),
                new_password: "a new long password".into(),
            },
        ))
        .await
        .expect("changed")
        .into_inner();
    assert_eq!(changed.ended, 1, "the other session ended");
    assert_eq!(
        c.who_am_i(who(&d)).await.map_err(|e| e.code()).err(),
        Some(Code::Unauthenticated)
    );
    assert!(
        c.who_am_i(who(&b)).await.is_ok(),
        "the session that changed it stays"
    );
    assert!(sign_in(&mut c, "dora", PASSWORD).await.is_err());
    let e = sign_in(&mut c, "dora", "a new long password")
        .await
        .expect("in");
    let everywhere = c
        .sign_out_everywhere(as_(&e, pb::SignOutEverywhereRequest {}))
        .await
        .expect("out everywhere")
        .into_inner();
    assert_eq!(everywhere.ended, 2);
    assert!(c.who_am_i(who(&b)).await.is_err() && c.who_am_i(who(&e)).await.is_err());
}

#[tokio::test]
async fn the_21st_wrong_password_within_a_minute_is_resource_exhausted() {
    let (_s, mut c) = server(Registration::Open).await;
    sign_up(&mut c, "erin").await;
    for i in 0..20 {
        let e = sign_in(&mut c, "erin", "wrong password")
            .await
            .expect_err("wrong");
        assert_eq!(e.code(), Code::Unauthenticated, "attempt {}", i + 1);
        assert_eq!(e.message(), "wrong handle or password");
    }
    let e = sign_in(&mut c, "erin", "wrong password")
        .await
        .expect_err("limited");
    assert_eq!(e.code(), Code::ResourceExhausted);
    // Even the right password waits now: guessing must not be told when it hit.
    let e = sign_in(&mut c, "erin", PASSWORD)
        .await
        .expect_err("limited");
    assert_eq!(e.code(), Code::ResourceExhausted);
    // An unknown handle gets the same answer as a wrong password (the address is limited
    // too now, so this is checked on a fresh server).
    let (_s2, mut c2) = server(Registration::Open).await;
    sign_up(&mut c2, "frank").await;
    let unknown = sign_in(&mut c2, "nobody-here", PASSWORD)
        .await
        .expect_err("unknown");
    let wrong = sign_in(&mut c2, "frank", "not it at all")
        .await
        .expect_err("wrong");
    assert_eq!(
        (unknown.code(), unknown.message()),
        (wrong.code(), wrong.message())
    );
}

#[tokio::test]
async fn a_deleted_accounts_finished_matches_still_replay() {
    let (_s, mut c) = server(Registration::Open).await;
    let gone = sign_up(&mut c, "gina").await.session_token;
    let id = race(&mut c, Some(&gone)).await.expect("created");
    c.join_match(as_(
        &gone,
        pb::JoinMatchRequest {
            match_id: id.clone(),
            seat: Some(0),
            ..Default::default()
        },
    ))
    .await
    .expect("joined");
    hustings::join(&mut c, &id, 1, "guest").await;
    c.resign(as_(
        &gone,
        pb::ResignRequest {
            match_id: id.clone(),
            ..Default::default()
        },
    ))
    .await
    .expect("resigned");
    let export = c
        .export_account(as_(&gone, pb::ExportAccountRequest {}))
        .await
        .expect("exported")
        .into_inner()
        .json;
    let json: serde_json::Value = serde_json::from_str(&export).expect("JSON");
    assert_eq!(json["account"]["handle"], "gina");
    assert_eq!(json["matches"][0]["match_id"], id.as_str());
    assert!(
        !export.contains("argon2") && !export.contains(&gone[4..]),
        "no secret exported"
    );
    let e = c
        .delete_account(as_(
            &gone,
            pb::DeleteAccountRequest {
                password: "wrong one!".into(),
            },
        ))
        .await
        .expect_err("needs the password");
    assert_eq!(e.code(), Code::Unauthenticated);
    c.delete_account(as_(
        &gone,
        pb::DeleteAccountRequest {
            password: PASSWORD.into(),
        },
    ))
    .await
    .expect("deleted");
    let replay = c
        .get_replay(pb::GetReplayRequest {
            match_id: id.clone(),
        })
        .await
        .expect("still replays")
        .into_inner();
    assert_eq!(replay.summary.expect("summary").seats[0].handle, "gina");
    assert_eq!(
        c.who_am_i(as_(&gone, pb::WhoAmIRequest {}))
            .await
            .map_err(|e| e.code())
            .err(),
        Some(Code::Unauthenticated)
    );
    assert!(sign_in(&mut c, "gina", PASSWORD).await.is_err());
    let e = c
        .get_profile(pb::GetProfileRequest {
            handle: "gina".into(),
        })
        .await
        .expect_err("gone");
    assert_eq!(e.code(), Code::NotFound);
    let again = c
        .sign_up(pb::SignUpRequest {
            handle: "Gina".into(),
            password: PASSWORD.into(),
            ..Default::default()
        })
        .await
        .expect_err("the handle stays reserved");
    assert_eq!(again.code(), Code::AlreadyExists);
}

#[tokio::test]
async fn a_bot_account_takes_a_bot_seat_under_its_handle() {
    let (_s, mut c) = server(Registration::Open).await;
    sign_up(&mut c, "owner").await;
    let bot = sign_up(&mut c, "DeepThought").await.session_token;
    let made = c
        .become_bot(as_(
            &bot,
            pb::BecomeBotRequest {
                owner_handle: "owner".into(),
                owner_password: PASSWORD.into(),
                version: "0.1".into(),
            },
        ))
        .await
        .expect("a bot now")
        .into_inner()
        .account
        .expect("account");
    assert!(made.bot);
    assert_eq!(
        (made.bot_owner.as_str(), made.bot_version.as_str()),
        ("owner", "0.1")
    );
    let token = c
        .create_token(as_(
            &bot,
            pb::CreateTokenRequest {
                name: "engine".into(),
                scopes: vec![pb::Scope::Bot as i32],
            },
        ))
        .await
        .expect("a BOT token")
        .into_inner()
        .token;
    let id = c
        .create_match(pb::CreateMatchRequest {
            game: "presidency".into(),
            seat_config: hustings::person_and_bot(""),
            ..Default::default()
        })
        .await
        .expect("created")
        .into_inner()
        .summary
        .expect("summary")
        .match_id;
    c.join_match(as_(
        &token,
        pb::JoinMatchRequest {
            match_id: id.clone(),
            seat: Some(1),
            ..Default::default()
        },
    ))
    .await
    .expect("the bot joins");
    let seat = c
        .list_matches(pb::ListMatchesRequest::default())
        .await
        .expect("listed")
        .into_inner()
        .matches
        .into_iter()
        .find(|m| m.match_id == id)
        .expect("listed")
        .seats[1]
        .clone();
    assert_eq!(
        (seat.handle.as_str(), seat.handle_bot),
        ("DeepThought", true)
    );
    assert_eq!(seat.client_kind, pb::ClientKind::Bot as i32);
    // The built-in AIs are the server's own bot accounts.
    let greedy = c
        .get_profile(pb::GetProfileRequest {
            handle: "greedy-ai".into(),
        })
        .await
        .expect("a built-in AI's account")
        .into_inner()
        .account
        .expect("account");
    assert!(greedy.bot && greedy.bot_owner.is_empty());
    let e = c
        .become_bot(as_(
            &bot,
            pb::BecomeBotRequest {
                owner_handle: "owner".into(),
                owner_password: PASSWORD.into(),
                version: "0.2".into(),
            },
        ))
        .await
        .expect_err("once only");
    assert_eq!(e.code(), Code::FailedPrecondition);
}

#[tokio::test]
async fn registration_can_be_by_invitation_or_closed() {
    let (s, mut c) = server(Registration::Invite).await;
    let new = |code: &str| pb::SignUpRequest {
        handle: "henry".into(),
        password: PASSWORD.into(),
        invite_code: code.into(),
        ..Default::default()
    };
    let e = c
        .sign_up(new(""))
        .await
        .expect_err("an invitation is needed");
    assert_eq!(e.code(), Code::PermissionDenied);
    let e = c.sign_up(new("made-up")).await.expect_err("not a code");
    assert_eq!(e.code(), Code::PermissionDenied);
    let codes = hustings_service::accounts::invite(s.hub().store.as_ref(), 1)
        .await
        .expect("code");
    c.sign_up(new(&codes[0])).await.expect("invited");
    let e = c
        .sign_up(pb::SignUpRequest {
            handle: "ivy".into(),
            ..new(&codes[0])
        })
        .await
        .expect_err("used");
    assert_eq!(e.code(), Code::PermissionDenied);
    let (_s, mut closed) = server(Registration::Closed).await;
    let e = closed.sign_up(new("")).await.expect_err("closed");
    assert_eq!(e.code(), Code::PermissionDenied);
}

#[tokio::test]
async fn the_session_cookie_is_http_only_and_only_same_origin_calls_carry_it() {
    let (_s, mut c) = server(Registration::Open).await;
    let r = c
        .sign_up(pb::SignUpRequest {
            handle: "jo".into(),
            password: PASSWORD.into(),
            ..Default::default()
        })
        .await
        .expect("signed up");
    let cookie = r
        .metadata()
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .expect("a cookie is set")
        .to_string();
    let secret = r.into_inner().session_token;
    assert!(
        cookie.starts_with(&format!("hustings_session={secret};")),
        "{cookie}"
    );
    for flag in ["HttpOnly", "SameSite=Strict", "Path=/"] {
        assert!(cookie.contains(flag), "{cookie} lacks {flag}");
    }
    assert!(
        !cookie.contains("Secure"),
        "no Secure flag over plain HTTP: {cookie}"
    );
    let with_cookie = |site: Option<&str>| {
        let mut r = Request::new(pb::WhoAmIRequest {});
        let v = format!("other=1; hustings_session={secret}")
            .parse()
            .expect("ascii");
        r.metadata_mut().insert("cookie", v);
        if let Some(site) = site {
            r.metadata_mut()
                .insert("sec-fetch-site", site.parse().expect("ascii"));
        }
        r
    };
    let me = c
        .who_am_i(with_cookie(Some("same-origin")))
        .await
        .expect("the cookie names me");
    assert_eq!(me.into_inner().account.expect("account").handle, "jo");
    let e = c
        .who_am_i(with_cookie(Some("cross-site")))
        .await
        .expect_err("a cross-site call");
    assert_eq!(
        e.code(),
        Code::Unauthenticated,
        "a cross-site request's cookie is not used"
    );
    // Once the session ended, the browser still sends the cookie: it is then ignored, and
    // the page may do what a guest may; SignOut clears it.
    c.sign_out(as_(&secret, pb::SignOutRequest {}))
        .await
        .expect("signed out");
    let mut stale = Request::new(pb::CreateMatchRequest {
        game: "presidency".into(),
        ..Default::default()
    });
    let v = format!("hustings_session={secret}").parse().expect("ascii");
    stale.metadata_mut().insert("cookie", v);
    c.create_match(stale)
        .await
        .expect("a stale cookie is a guest's request");
    let mut out = Request::new(pb::SignOutRequest {});
    let v = format!("hustings_session={secret}").parse().expect("ascii");
    out.metadata_mut().insert("cookie", v);
    let r = c.sign_out(out).await.expect("nothing to end, but OK");
    let cleared = r
        .metadata()
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    assert!(
        cleared.starts_with("hustings_session=;") && cleared.contains("Max-Age=0"),
        "{cleared}"
    );
    assert_eq!(r.into_inner().ended, 0);
}

#[tokio::test]
async fn parallel_guesses_get_no_more_than_twenty_tries() {
    let (s, mut c) = server(Registration::Open).await;
    sign_up(&mut c, "kim").await;
    // Forty guesses at once: each is counted when it starts, not when its hash is done.
    let guesses = (0..40).map(|i| {
        let url = s.url();
        tokio::spawn(async move {
            let mut c = connect(&url).await;
            sign_in(&mut c, "kim", &format!("guess number {i}"))
                .await
                .expect_err("a wrong guess")
                .code()
        })
    });
    let mut codes = Vec::new();
    for g in guesses {
        codes.push(g.await.expect("the guess ran"));
    }
    let tried = codes
        .iter()
        .filter(|&&c| c == Code::Unauthenticated)
        .count();
    let refused = codes
        .iter()
        .filter(|&&c| c == Code::ResourceExhausted)
        .count();
    assert_eq!((tried, refused), (20, 20), "{codes:?}");
}

#[tokio::test]
async fn my_matches_says_whose_turn_without_loading_a_match_that_left_memory() {
    let s = start_server_with(ServerConfig {
        limits: hustings_service::Limits {
            evict_idle: Some(std::time::Duration::from_millis(300)),
            ..Default::default()
        },
        ..ServerConfig::default()
    })
    .await;
    let mut c = connect(&s.url()).await;
    let me = sign_up(&mut c, "lena").await.session_token;
    let mut ids = Vec::new();
    // Two races: the account is seat 0 in one and seat 1 in the other, so that it is to
    // act in exactly one of them.
    for seat in [0, 1] {
        let id = race(&mut c, Some(&me)).await.expect("created");
        c.join_match(as_(
            &me,
            pb::JoinMatchRequest {
                match_id: id.clone(),
                seat: Some(seat),
                ..Default::default()
            },
        ))
        .await
        .expect("joined");
        hustings::join(&mut c, &id, 1 - seat, "guest").await;
        ids.push(id);
    }
    let turns = |mine: pb::ListMatchesResponse| {
        let mut t: Vec<(String, bool)> = mine
            .matches
            .into_iter()
            .map(|m| (m.match_id, m.my_turn))
            .collect();
        t.sort();
        t
    };
    let mine = || as_(&me, pb::ListMyMatchesRequest::default());
    let live = turns(
        c.list_my_matches(mine())
            .await
            .expect("listed")
            .into_inner(),
    );
    assert_eq!(live.iter().filter(|(_, t)| *t).count(), 1, "{live:?}");
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(20);
    while ids.iter().any(|id| s.hub().is_live(id)) {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the matches left memory"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let parked = turns(
        c.list_my_matches(mine())
            .await
            .expect("listed")
            .into_inner(),
    );
    assert_eq!(parked, live, "the same turns from what the matches parked");
    assert!(
        ids.iter().all(|id| !s.hub().is_live(id)),
        "listing did not bring the matches back into memory"
    );
}
