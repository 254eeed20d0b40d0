//! The account commands: `signup`, `login`, `logout`, `whoami` and `mine`, and which
//! credential the other commands send.
//!
//! `login` signs in with the password for a session, makes a personal access token named
//! after this computer with it, and signs the session out again: only the token is kept
//! (see [`crate::logins`]), so the password is never stored and the token alone can be
//! revoked (`logout`, or from another device) without touching the other devices' logins.

use std::fmt::Write as _;

use anyhow::{Context, bail};
use hustings_proto::servers::Servers;
use hustings_proto::v1::{
    Account, CreateTokenRequest, ListMyMatchesRequest, MatchStatus, MatchSummary, Scope,
    SeatSummary, SignInRequest, SignOutRequest, SignUpRequest, WhoAmIRequest,
};
use tonic::Code;

use crate::cli::{LoginArgs, LogoutArgs, MineArgs, SignupArgs};
use crate::client::{Client, as_account, status_error};
use crate::logins::{Login, LoginFile, Logins};
use crate::render::style::{pad, truncate};
use crate::render::{Style, holder, seat_name, status_word};

/// The prefixes of an account's credentials: a session, a personal access token.
const PREFIXES: [&str; 2] = ["hss_", "hsp_"];
/// The longest token name the server takes.
const MAX_TOKEN_NAME: usize = 64;

/// The account credential the commands send, and where it came from.
#[derive(Clone, Debug)]
pub struct Current {
    pub token: String,
    /// The handle it was stored under (a token given on the command line: unknown).
    pub handle: Option<String>,
    /// True when it came from `--account-token` / HUSTINGS_TOKEN rather than the logins file.
    pub given: bool,
    /// The token's id on the server, when the logins file knows it (to mark it in
    /// `hustings tokens`).
    pub token_id: Option<String>,
}

/// The credential for `servers`: the one given (`--account-token`, HUSTINGS_TOKEN), else
/// the login kept for the first of its URLs that has one.
pub fn current(servers: &Servers, given: Option<&str>) -> anyhow::Result<Option<Current>> {
    if let Some(token) = given.map(str::trim).filter(|t| !t.is_empty()) {
        check_shape(token)?;
        return Ok(Some(Current {
            token: token.to_string(),
            handle: None,
            given: true,
            token_id: None,
        }));
    }
    let logins = LoginFile::default_place()?.load()?;
    Ok(logins.find(servers.urls()).map(|(_, l)| Current {
        token: l.token.clone(),
        handle: Some(l.handle.clone()),
        given: false,
        token_id: Some(l.token_id.clone()).filter(|i| !i.is_empty()),
    }))
}

/// Refuses what is not an account's token: a seat token or a create key would be sent
/// as a credential the server does not take for one, and the command would run as a
/// guest without a word.
fn check_shape(token: &str) -> anyhow::Result<()> {
    if PREFIXES.iter().any(|p| token.starts_with(p)) {
        Ok(())
    } else {
        bail!(
            "--account-token (HUSTINGS_TOKEN) takes an account's token, which starts with hsp_ \
             or hss_; a seat token goes to `play --token`, a create key to --key"
        )
    }
}

/// The credential for a command that needs one.
pub(crate) fn required(current: Option<Current>, server: &str) -> anyhow::Result<Current> {
    current.with_context(|| {
        format!(
            "not logged in to {server}: log in with `hustings{} login HANDLE` (or make an \
             account with `hustings{} signup HANDLE`)",
            crate::lobby::server_flag(server),
            crate::lobby::server_flag(server)
        )
    })
}

/// This computer's name, for the token's ("hustings on NAME").
fn computer_name() -> String {
    #[cfg(unix)]
    let name = rustix::system::uname()
        .nodename()
        .to_string_lossy()
        .into_owned();
    #[cfg(not(unix))]
    let name = std::env::var("COMPUTERNAME").unwrap_or_default();
    let name = name.trim().to_string();
    if name.is_empty() {
        "this computer".to_string()
    } else {
        name
    }
}

/// "hustings on NAME", cut to what the server takes.
fn token_name() -> String {
    let mut name = format!("hustings on {}", computer_name());
    while name.len() > MAX_TOKEN_NAME {
        name.pop();
    }
    name
}

/// The scopes of the token `login` makes: play and create, and a bot account's BOT (its
/// seats need it).
fn login_scopes(account: Option<&Account>) -> Vec<i32> {
    let mut scopes = vec![Scope::Play as i32, Scope::Create as i32];
    if account.is_some_and(|a| a.bot) {
        scopes.push(Scope::Bot as i32);
    }
    scopes
}

/// "ada", or "ada (Ada Lovelace)" when the display name says more.
pub(crate) fn account_name(a: &Account) -> String {
    if a.display_name.is_empty() || a.display_name == a.handle {
        a.handle.clone()
    } else {
        format!("{} ({})", a.handle, a.display_name)
    }
}

/// `hustings signup`: makes the account, then logs this computer in to it as `login` does.
pub async fn signup(
    client: &mut Client,
    servers: &Servers,
    args: &SignupArgs,
    style: &Style,
) -> anyhow::Result<()> {
    let password =
        crate::password::read_new(&format!("New password for {}: ", args.handle)).await?;
    let resp = client
        .sign_up(SignUpRequest {
            handle: args.handle.clone(),
            display_name: args.name.clone().unwrap_or_default(),
            password,
            invite_code: args.invite.clone().unwrap_or_default(),
        })
        .await
        .map_err(status_error)?
        .into_inner();
    let name = resp.account.as_ref().map(account_name).unwrap_or_default();
    crate::outln!("Made the account {} on {}.", style.bold(&name), servers);
    keep_login(
        client,
        servers,
        &resp.session_token,
        resp.account.as_ref(),
        style,
    )
    .await
}

/// `hustings login`.
pub async fn login(
    client: &mut Client,
    servers: &Servers,
    args: &LoginArgs,
    style: &Style,
) -> anyhow::Result<()> {
    let password = crate::password::read(&format!("Password for {}: ", args.handle)).await?;
    let resp = client
        .sign_in(SignInRequest {
            handle: args.handle.clone(),
            password,
        })
        .await
        .map_err(status_error)?
        .into_inner();
    keep_login(
        client,
        servers,
        &resp.session_token,
        resp.account.as_ref(),
        style,
    )
    .await
}

/// Turns a session just signed in into a stored personal access token: makes the token,
/// signs the session out, stores the token for every URL of `servers` and revokes the
/// token an earlier login kept for them.
async fn keep_login(
    client: &mut Client,
    servers: &Servers,
    session: &str,
    account: Option<&Account>,
    style: &Style,
) -> anyhow::Result<()> {
    let made = client
        .create_token(as_account(
            CreateTokenRequest {
                name: token_name(),
                scopes: login_scopes(account),
            },
            session,
        )?)
        .await
        .map_err(status_error)
        .context("could not make a token for this computer")?
        .into_inner();
    // The session is not kept: the token stands for this computer from now on.
    if let Err(s) = client
        .sign_out(as_account(SignOutRequest {}, session)?)
        .await
    {
        eprintln!(
            "hustings: could not end the sign-in session ({}); it ends by itself after 30 days unused",
            crate::client::describe(&s)
        );
    }
    let handle = account.map(|a| a.handle.clone()).unwrap_or_default();
    let login = Login {
        handle: handle.clone(),
        token: made.token.clone(),
        token_id: made.info.map(|i| i.id).unwrap_or_default(),
    };
    let file = LoginFile::default_place()?;
    let mut logins = match file.load() {
        Ok(l) => l,
        Err(e) => {
            eprintln!("hustings: {e:#}; it is replaced");
            Logins::default()
        }
    };
    let before = logins.find(servers.urls()).map(|(_, l)| l.clone());
    logins.set(servers.urls(), &login);
    if let Err(e) = file.save(&logins) {
        // A token nobody keeps is revoked at once rather than left valid.
        let _ = client
            .sign_out(as_account(SignOutRequest {}, &made.token)?)
            .await;
        return Err(e);
    }
    // The token of the login this one replaces would stay valid for ever, unknown to
    // anyone: revoke it (a token already revoked is fine).
    if let Some(old) = before.filter(|o| o.token != login.token) {
        match client
            .sign_out(as_account(SignOutRequest {}, &old.token)?)
            .await
        {
            Ok(_) => {}
            Err(s) if s.code() == Code::Unauthenticated => {}
            Err(s) => eprintln!(
                "hustings: could not revoke the token of the earlier login ({}): {}",
                old.handle,
                crate::client::describe(&s)
            ),
        }
        if !old.handle.eq_ignore_ascii_case(&handle) {
            crate::outln!("No longer logged in as {}.", old.handle);
        }
    }
    crate::outln!(
        "Logged in to {} as {}. This computer plays as the account from now on, with the \
         token kept in {}.",
        servers,
        style.bold(&handle),
        file.path().display()
    );
    Ok(())
}

/// `hustings logout`: revokes the token on the server and forgets it here.
pub async fn logout(
    client: &mut Client,
    servers: &Servers,
    current: Option<Current>,
    args: &LogoutArgs,
) -> anyhow::Result<()> {
    let server = servers.to_string();
    if args.everywhere {
        return crate::manage::logout_everywhere(client, servers, current).await;
    }
    let Some(current) = current else {
        crate::outln!("Not logged in to {server}.");
        return Ok(());
    };
    if !args.local {
        match client
            .sign_out(as_account(SignOutRequest {}, &current.token)?)
            .await
        {
            Ok(_) => {}
            // Revoked already (from another device, or the account is gone): forget it.
            Err(s) if s.code() == Code::Unauthenticated => {
                crate::outln!("The server no longer knew the token.");
            }
            Err(s) => {
                return Err(status_error(s)).context(format!(
                    "could not revoke the token on {server}; it is still kept here (try again, \
                     or forget it on this computer only with `hustings logout --local`)"
                ));
            }
        }
    }
    let file = LoginFile::default_place()?;
    let mut logins = file.load()?;
    let forgotten = logins.forget(&current.token);
    if forgotten {
        file.save(&logins)?;
    }
    let who = current
        .handle
        .map(|h| format!(" ({h})"))
        .unwrap_or_default();
    match (args.local, forgotten) {
        (false, true) => {
            crate::outln!("Logged out of {server}{who}: the token is revoked and forgotten.")
        }
        (false, false) => crate::outln!("The token is revoked."),
        (true, true) => crate::outln!(
            "Forgot the login to {server}{who} on this computer; the token itself stays valid \
             until revoked."
        ),
        (true, false) => crate::outln!("No login to {server} is kept on this computer."),
    }
    Ok(())
}

/// `hustings whoami`.
pub async fn whoami(
    client: &mut Client,
    servers: &Servers,
    current: Option<Current>,
    style: &Style,
) -> anyhow::Result<()> {
    let server = servers.to_string();
    let current = required(current, &server)?;
    let who = client
        .who_am_i(as_account(WhoAmIRequest {}, &current.token)?)
        .await
        .map_err(status_error)?
        .into_inner();
    let account = who.account.unwrap_or_default();
    crate::outln!("{}", style.bold(&account_name(&account)));
    if account.bot {
        let owner = if account.bot_owner.is_empty() {
            "the server's own".to_string()
        } else {
            format!("a bot of {}", account.bot_owner)
        };
        let version = if account.bot_version.is_empty() {
            String::new()
        } else {
            format!(", version {}", account.bot_version)
        };
        crate::outln!("  {owner}{version}");
    }
    let scopes: Vec<&str> = who
        .scopes
        .iter()
        .filter_map(|&s| Scope::try_from(s).ok())
        .map(scope_word)
        .collect();
    let kind = if who.session {
        "a session"
    } else {
        "a personal access token"
    };
    let from = if current.given {
        "given on the command line"
    } else {
        "kept by `hustings login`"
    };
    crate::outln!(
        "  on {server}, with {kind} ({from}) that may {}",
        scopes.join(", ")
    );
    Ok(())
}

pub(crate) fn scope_word(s: Scope) -> &'static str {
    match s {
        Scope::Play => "play",
        Scope::Create => "create matches",
        Scope::Bot => "play as a bot",
        Scope::Unspecified => "",
    }
}

/// `hustings mine`: the account's matches as a table, the ones waiting for it first.
pub async fn mine(
    client: &mut Client,
    servers: &Servers,
    current: Option<Current>,
    args: &MineArgs,
    style: &Style,
) -> anyhow::Result<()> {
    let server = servers.to_string();
    let current = required(current, &server)?;
    let mut matches = Vec::new();
    let mut page_token = String::new();
    let more = loop {
        let page = client
            .list_my_matches(as_account(
                ListMyMatchesRequest {
                    page_size: 0,
                    page_token: page_token.clone(),
                },
                &current.token,
            )?)
            .await
            .map_err(status_error)?
            .into_inner();
        matches.extend(page.matches);
        if page.next_page_token.is_empty() {
            break false;
        }
        if !args.all {
            break true;
        }
        page_token = page.next_page_token;
    };
    crate::outp!("{}", mine_table(&matches, style));
    if matches.iter().any(|m| m.my_turn) {
        crate::outln!(
            "{}",
            style.dim(&format!(
                "▶ waits for your choice. Play it with: hustings{} play --match ID",
                crate::lobby::server_flag(&server)
            ))
        );
    }
    if more {
        crate::outln!(
            "{}",
            style.dim("Older finished matches: hustings mine --all")
        );
    }
    Ok(())
}

/// The table of `mine`: one line per match under a header; `▶` marks the matches where one
/// of the account's seats must choose.
pub fn mine_table(matches: &[MatchSummary], style: &Style) -> String {
    if matches.is_empty() {
        return "You hold no seat in any match.\n".to_string();
    }
    let rows: Vec<[String; 5]> = matches
        .iter()
        .map(|m| {
            let game = if m.variant.is_empty() {
                m.game.clone()
            } else {
                format!("{}/{}", m.game, m.variant)
            };
            let status = if m.my_turn {
                "your turn".to_string()
            } else if m.status == MatchStatus::Finished as i32 {
                finished_word(m)
            } else {
                status_word(m.status).to_string()
            };
            let yours: Vec<String> = m.my_seats.iter().map(|&s| seat_name(&m.seats, s)).collect();
            let others: Vec<String> = m
                .seats
                .iter()
                .filter(|s| !m.my_seats.contains(&s.seat))
                .map(opponent)
                .collect();
            [
                m.match_id.clone(),
                truncate(&game, 28),
                status,
                yours.join(", "),
                others.join(", "),
            ]
        })
        .collect();
    let header = ["ID", "GAME", "STATUS", "YOU", "OPPONENTS"];
    let mut widths = header.map(str::len);
    for r in &rows {
        for (w, cell) in widths.iter_mut().zip(r) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: [&str; 5], paint: &dyn Fn(usize, &str) -> String| {
        let mut out = String::new();
        for (i, (cell, w)) in cells.iter().zip(widths).enumerate() {
            if i + 1 == cells.len() {
                out += &paint(i, cell);
            } else {
                out += &pad(&paint(i, cell), w + 2);
            }
        }
        out.trim_end().to_string()
    };
    let mut out = String::new();
    let _ = writeln!(out, "  {}", line(header, &|_, c| style.dim(c)));
    for (m, r) in matches.iter().zip(&rows) {
        let mark = if m.my_turn { "▶ " } else { "  " };
        let cells = [
            r[0].as_str(),
            r[1].as_str(),
            r[2].as_str(),
            r[3].as_str(),
            r[4].as_str(),
        ];
        let painted = line(cells, &|i, c| match i {
            0 => style.bold(c),
            2 if m.my_turn => style.good(c),
            _ => c.to_string(),
        });
        let _ = writeln!(out, "{}{painted}", style.good(mark));
    }
    out
}

/// "won", "lost", "draw" or "finished", from the account's seats.
fn finished_word(m: &MatchSummary) -> String {
    let Some(o) = &m.outcome else {
        return "finished".into();
    };
    if o.draw {
        "draw".into()
    } else if m.my_seats.iter().any(|s| o.winners.contains(s)) {
        "won".into()
    } else if o.winners.is_empty() {
        "finished".into()
    } else {
        "lost".into()
    }
}

/// An opponent's seat: "Republican: @greedy-ai", "Republican: bob", "Republican: open".
fn opponent(s: &SeatSummary) -> String {
    format!("{}: {}", s.name, holder(s))
}

/// The account's seats in `match_id`, when the first page of its matches (every unfinished
/// one) holds it; `None` when it holds none there, or the credential may not list them.
pub async fn my_seats(client: &mut Client, match_id: &str) -> anyhow::Result<Option<MatchSummary>> {
    let page = match client
        .list_my_matches(ListMyMatchesRequest::default())
        .await
    {
        Ok(p) => p.into_inner(),
        // A token without the PLAY scope (a bot's): it holds no seat to resume.
        Err(s) if s.code() == Code::PermissionDenied => return Ok(None),
        Err(s) => return Err(status_error(s)),
    };
    Ok(page
        .matches
        .into_iter()
        .find(|m| m.match_id == match_id && !m.my_seats.is_empty()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use hustings_proto::v1::Outcome;

    fn seat(seat: u32, name: &str, player: &str, handle: &str) -> SeatSummary {
        SeatSummary {
            seat,
            name: name.into(),
            taken: !player.is_empty() || !handle.is_empty(),
            player_name: player.into(),
            handle: handle.into(),
            connected: true,
            ..Default::default()
        }
    }

    #[test]
    fn the_table_puts_a_mark_on_the_matches_waiting_for_you() {
        let active = MatchSummary {
            match_id: "m1".into(),
            game: "presidency".into(),
            status: MatchStatus::Active as i32,
            seats: vec![
                seat(0, "Democrat", "Ada", "ada"),
                seat(1, "Republican", "hustings-bot pool (greedy)", "greedy-ai"),
            ],
            my_seats: vec![0],
            my_turn: true,
            ..Default::default()
        };
        let finished = MatchSummary {
            match_id: "m2".into(),
            game: "the-vote".into(),
            variant: "standard".into(),
            status: MatchStatus::Finished as i32,
            seats: vec![seat(0, "A", "bob", ""), seat(1, "B", "ada", "ada")],
            my_seats: vec![1],
            outcome: Some(Outcome {
                winners: vec![1],
                ..Default::default()
            }),
            ..Default::default()
        };
        let text = mine_table(&[active, finished], &Style::PLAIN);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3, "{text}");
        assert!(lines[0].starts_with("  ID"), "{text}");
        assert!(lines[1].starts_with("▶ m1"), "{text}");
        assert!(lines[1].contains("your turn"), "{text}");
        assert!(lines[1].contains("Democrat"), "{text}");
        assert!(
            lines[1].contains("Republican: hustings-bot pool (greedy) @greedy-ai"),
            "{text}"
        );
        assert!(lines[2].starts_with("  m2"), "{text}");
        assert!(lines[2].contains("the-vote/standard"), "{text}");
        assert!(lines[2].contains("won"), "{text}");
        assert!(lines[2].contains("A: bob"), "{text}");
        // The columns line up.
        let col = |l: &str| {
            let at = l.find("presidency").or_else(|| l.find("the-vote"))?;
            Some(l[..at].chars().count())
        };
        assert_eq!(col(lines[1]), col(lines[2]));
        assert_eq!(
            mine_table(&[], &Style::PLAIN),
            "You hold no seat in any match.\n"
        );
    }

    #[test]
    fn only_an_accounts_token_is_taken_as_one() {
        assert!(check_shape("hsp_abc").is_ok());
        assert!(check_shape("hss_abc").is_ok());
        let err = check_shape("3f2a9c01deadbeef").expect_err("a seat token");
        assert!(err.to_string().contains("play --token"), "{err}");
    }

    #[test]
    fn the_token_is_named_after_the_computer_within_the_servers_limit() {
        let name = token_name();
        assert!(name.starts_with("hustings on "), "{name}");
        assert!(name.len() <= MAX_TOKEN_NAME);
        let bot = Account {
            bot: true,
            ..Default::default()
        };
        assert_eq!(login_scopes(None).len(), 2);
        assert!(login_scopes(Some(&bot)).contains(&(Scope::Bot as i32)));
    }
}
