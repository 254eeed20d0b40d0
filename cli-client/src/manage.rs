//! The account-management commands: `tokens` (list, create, revoke), `password`,
//! `logout --everywhere`, `account export`, `account delete` and `profile`.
//!
//! The server takes these (all but GetProfile) from a session only, never from the
//! personal access token `login` keeps: so each asks for the password, signs in for a
//! short session, makes its call with it and signs the session out again, as `login` does.
//! The password is never kept.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;

use anyhow::{Context, bail};
use hustings_proto::servers::Servers;
use hustings_proto::v1::{
    ChangePasswordRequest, CreateTokenRequest, DeleteAccountRequest, ExportAccountRequest,
    GetProfileRequest, ListTokensRequest, MatchSummary, Profile, RevokeTokenRequest, Scope,
    SignInRequest, SignOutEverywhereRequest, SignOutRequest, TokenInfo, WhoAmIRequest,
};
use tonic::Code;

use crate::account::{Current, account_name, required, scope_word};
use crate::cli::{
    AccountAction, AccountArgs, ProfileArgs, ScopeArg, TokenCreateArgs, TokensAction, TokensArgs,
};
use crate::client::{Client, as_account, describe, status_error};
use crate::logins::LoginFile;
use crate::render::style::{count, pad, truncate};
use crate::render::{Style, holder, seat_name};

/// The account a management command works on: the login's credential and its handle.
struct Who {
    current: Current,
    handle: String,
}

/// The logged-in account (its handle from the logins file, else from WhoAmI).
async fn who(
    client: &mut Client,
    servers: &Servers,
    current: Option<Current>,
) -> anyhow::Result<Who> {
    let current = required(current, &servers.to_string())?;
    let handle = match current.handle.clone().filter(|h| !h.is_empty()) {
        Some(h) => h,
        None => client
            .who_am_i(as_account(WhoAmIRequest {}, &current.token)?)
            .await
            .map_err(status_error)?
            .into_inner()
            .account
            .map(|a| a.handle)
            .filter(|h| !h.is_empty())
            .context("the server named no account for the token")?,
    };
    Ok(Who { current, handle })
}

/// Asks for the password of `handle`.
async fn ask_password(handle: &str) -> anyhow::Result<String> {
    crate::password::read(&format!("Password for {handle}: ")).await
}

/// A short session for `handle` (the password is checked here).
async fn sign_in(client: &mut Client, handle: &str, password: &str) -> anyhow::Result<String> {
    Ok(client
        .sign_in(SignInRequest {
            handle: handle.to_string(),
            password: password.to_string(),
        })
        .await
        .map_err(status_error)?
        .into_inner()
        .session_token)
}

/// Ends the short session (one already gone is fine).
async fn sign_out(client: &mut Client, session: &str) {
    let Ok(req) = as_account(SignOutRequest {}, session) else {
        return;
    };
    match client.sign_out(req).await {
        Ok(_) => {}
        Err(s) if s.code() == Code::Unauthenticated => {}
        Err(s) => eprintln!(
            "hustings: could not end the sign-in session ({}); it ends by itself after 30 days unused",
            describe(&s)
        ),
    }
}

/// Asks for the password, signs in, and returns the account and a session for one call.
async fn session(
    client: &mut Client,
    servers: &Servers,
    current: Option<Current>,
) -> anyhow::Result<(Who, String)> {
    let who = who(client, servers, current).await?;
    let password = ask_password(&who.handle).await?;
    let session = sign_in(client, &who.handle, &password).await?;
    Ok((who, session))
}

/// `hustings tokens [list | create | revoke]`.
pub async fn tokens(
    client: &mut Client,
    servers: &Servers,
    current: Option<Current>,
    args: TokensArgs,
    style: &Style,
) -> anyhow::Result<()> {
    let (who, session) = session(client, servers, current).await?;
    let result = match args.action.unwrap_or(TokensAction::List) {
        TokensAction::List => list_tokens(client, &who, &session, style).await,
        TokensAction::Create(args) => create_token(client, &session, &args).await,
        TokensAction::Revoke(args) => revoke_token(client, servers, &session, &args.id).await,
    };
    sign_out(client, &session).await;
    result
}

async fn list_tokens(
    client: &mut Client,
    who: &Who,
    session: &str,
    style: &Style,
) -> anyhow::Result<()> {
    let tokens = client
        .list_tokens(as_account(ListTokensRequest {}, session)?)
        .await
        .map_err(status_error)?
        .into_inner()
        .tokens;
    crate::outp!(
        "{}",
        tokens_table(&tokens, who.current.token_id.as_deref(), style)
    );
    if !tokens.is_empty() {
        crate::outln!(
            "{}",
            style.dim("Revoke one with: hustings tokens revoke ID (the sessions: hustings logout --everywhere)")
        );
    }
    Ok(())
}

/// The table of `tokens`: one line per token under a header; `*` marks `mine`, the one
/// this computer's login holds.
pub fn tokens_table(tokens: &[TokenInfo], mine: Option<&str>, style: &Style) -> String {
    if tokens.is_empty() {
        return "The account has no personal access tokens.\n".to_string();
    }
    let rows: Vec<Vec<String>> = tokens
        .iter()
        .map(|t| {
            vec![
                t.id.clone(),
                truncate(&t.name, 40),
                scope_names(&t.scopes),
                date_time(t.created_at_unix_ms),
                if t.last_used_unix_ms == 0 {
                    "never".to_string()
                } else {
                    date_time(t.last_used_unix_ms)
                },
            ]
        })
        .collect();
    let marks: Vec<bool> = tokens
        .iter()
        .map(|t| mine.is_some_and(|m| m == t.id))
        .collect();
    let mut out = table(
        &["ID", "NAME", "SCOPES", "CREATED (UTC)", "LAST USED"],
        &rows,
        &marks,
        style,
    );
    if marks.iter().any(|&m| m) {
        let _ = writeln!(out, "{}", style.dim("* this computer's login"));
    }
    out
}

/// "play, create", the short names of scopes.
fn scope_names(scopes: &[i32]) -> String {
    let names: Vec<&str> = scopes
        .iter()
        .filter_map(|&s| match Scope::try_from(s) {
            Ok(Scope::Play) => Some("play"),
            Ok(Scope::Create) => Some("create"),
            Ok(Scope::Bot) => Some("bot"),
            _ => None,
        })
        .collect();
    names.join(", ")
}

/// The scopes asked for on the command line (none: play and create, as `login`'s token).
fn wire_scopes(scopes: &[ScopeArg]) -> Vec<i32> {
    if scopes.is_empty() {
        return vec![Scope::Play as i32, Scope::Create as i32];
    }
    let mut out: Vec<i32> = Vec::new();
    for s in scopes {
        let w = match s {
            ScopeArg::Play => Scope::Play,
            ScopeArg::Create => Scope::Create,
            ScopeArg::Bot => Scope::Bot,
        } as i32;
        if !out.contains(&w) {
            out.push(w);
        }
    }
    out
}

async fn create_token(
    client: &mut Client,
    session: &str,
    args: &TokenCreateArgs,
) -> anyhow::Result<()> {
    let made = client
        .create_token(as_account(
            CreateTokenRequest {
                name: args.name.clone(),
                scopes: wire_scopes(&args.scopes),
            },
            session,
        )?)
        .await
        .map_err(status_error)?
        .into_inner();
    if made.token.is_empty() {
        bail!("the server answered without a token");
    }
    let info = made.info.unwrap_or_default();
    let may: Vec<&str> = info
        .scopes
        .iter()
        .filter_map(|&s| Scope::try_from(s).ok())
        .map(scope_word)
        .collect();
    // The token alone on standard output (for `TOKEN=$(hustings tokens create …)`), the
    // words on standard error.
    crate::outln!("{}", made.token);
    eprintln!(
        "Made the token \"{}\" (id {}) that may {}. It is shown only once, here: keep it now. \
         Send it with --account-token or HUSTINGS_TOKEN (a bot pool: hustings-bot pool \
         --token); revoke it with `hustings tokens revoke {}`.",
        info.name,
        info.id,
        may.join(", "),
        info.id
    );
    Ok(())
}

async fn revoke_token(
    client: &mut Client,
    servers: &Servers,
    session: &str,
    id: &str,
) -> anyhow::Result<()> {
    let id = id.trim();
    if id.is_empty() {
        bail!("say which token: hustings tokens revoke ID (the ids: hustings tokens)");
    }
    client
        .revoke_token(as_account(
            RevokeTokenRequest { id: id.to_string() },
            session,
        )?)
        .await
        .map_err(status_error)
        .with_context(|| format!("could not revoke the token {id}"))?;
    crate::outln!("Revoked the token {id}.");
    // This computer's own token: its login is gone with it.
    let file = LoginFile::default_place()?;
    let mut logins = file.load()?;
    let kept: Vec<String> = logins
        .servers
        .values()
        .filter(|l| l.token_id == id)
        .map(|l| l.token.clone())
        .collect();
    if !kept.is_empty() {
        for token in &kept {
            logins.forget(token);
        }
        file.save(&logins)?;
        crate::outln!(
            "It was this computer's login to {servers}, so this computer is logged out (log in \
             again with `hustings{} login HANDLE`).",
            crate::lobby::server_flag(&servers.to_string())
        );
    }
    Ok(())
}

/// `hustings password`: changes the password; the other sessions end.
pub async fn password(
    client: &mut Client,
    servers: &Servers,
    current: Option<Current>,
) -> anyhow::Result<()> {
    let who = who(client, servers, current).await?;
    let old = crate::password::read(&format!("Current password for {}: ", who.handle)).await?;
    let new = crate::password::read_new(&format!("New password for {}: ", who.handle)).await?;
    if new == old {
        bail!("the new password is the current one: nothing changed");
    }
    let session = sign_in(client, &who.handle, &old).await?;
    let request = ChangePasswordRequest {
        current_password: old,
        new_password: new,
    };
    let changed = match as_account(request, &session) {
        Ok(req) => client.change_password(req).await.map_err(status_error),
        Err(e) => Err(e),
    };
    sign_out(client, &session).await;
    let ended = changed?.into_inner().ended;
    crate::outln!(
        "Changed the password of {} on {servers}. {} of the account ended (browsers, other \
         devices); personal access tokens, this computer's login among them, stay valid.",
        who.handle,
        count(ended, "other session", "other sessions"),
    );
    Ok(())
}

/// `hustings logout --everywhere`: ends every session of the account; tokens stay.
pub async fn logout_everywhere(
    client: &mut Client,
    servers: &Servers,
    current: Option<Current>,
) -> anyhow::Result<()> {
    let (who, session) = session(client, servers, current).await?;
    let ended = match as_account(SignOutEverywhereRequest {}, &session) {
        Ok(req) => client.sign_out_everywhere(req).await.map_err(status_error),
        Err(e) => Err(e),
    };
    let ended = match ended {
        Ok(r) => r.into_inner().ended,
        Err(e) => {
            sign_out(client, &session).await;
            return Err(e);
        }
    };
    // The count holds the session just made for this call.
    let others = ended.saturating_sub(1);
    crate::outln!(
        "Ended every session of {} on {servers} ({} besides this command's). Personal access \
         tokens stay valid, this computer's login among them: list them with `hustings \
         tokens`, revoke one with `hustings tokens revoke ID`.",
        who.handle,
        count(others, "other", "others"),
    );
    Ok(())
}

/// `hustings account export | delete`.
pub async fn account(
    client: &mut Client,
    servers: &Servers,
    current: Option<Current>,
    args: AccountArgs,
    style: &Style,
) -> anyhow::Result<()> {
    match args.action {
        AccountAction::Export(args) => {
            export(client, servers, current, args.out.as_deref(), style).await
        }
        AccountAction::Delete(args) => delete(client, servers, current, args.yes).await,
    }
}

async fn export(
    client: &mut Client,
    servers: &Servers,
    current: Option<Current>,
    out: Option<&Path>,
    style: &Style,
) -> anyhow::Result<()> {
    let (who, session) = session(client, servers, current).await?;
    let exported = match as_account(ExportAccountRequest {}, &session) {
        Ok(req) => client.export_account(req).await.map_err(status_error),
        Err(e) => Err(e),
    };
    sign_out(client, &session).await;
    let json = exported?.into_inner().json;
    // Indented for reading when it parses; as the server sent it otherwise.
    let text = match serde_json::from_str::<serde_json::Value>(&json) {
        Ok(v) => serde_json::to_string_pretty(&v).unwrap_or(json),
        Err(_) => json,
    } + "\n";
    match out {
        None => crate::outp!("{text}"),
        Some(path) => {
            write_private(path, &text)?;
            eprintln!(
                "Wrote everything {servers} keeps about {} to {} {}",
                who.handle,
                path.display(),
                style.dim("(readable by you alone)")
            );
        }
    }
    Ok(())
}

/// Writes `text` to `path` as a new file only its owner may read (mode 0600 from its
/// creation), renamed over whatever was there.
fn write_private(path: &Path, text: &str) -> anyhow::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .with_context(|| format!("{} names no file", path.display()))?;
    let tmp = dir.join(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    let _ = std::fs::remove_file(&tmp);
    let written = crate::logins::private_file(&tmp).and_then(|mut f| {
        f.write_all(text.as_bytes())?;
        f.sync_all()
    });
    if let Err(e) = written.and_then(|()| std::fs::rename(&tmp, path)) {
        let _ = std::fs::remove_file(&tmp);
        return Err(e).with_context(|| format!("cannot write {}", path.display()));
    }
    Ok(())
}

async fn delete(
    client: &mut Client,
    servers: &Servers,
    current: Option<Current>,
    yes: bool,
) -> anyhow::Result<()> {
    let who = who(client, servers, current).await?;
    let password = ask_password(&who.handle).await?;
    if !yes {
        let typed = crate::password::read_line(&format!(
            "This deletes the account {} on {servers} for good. Type its handle to go on: ",
            who.handle
        ))
        .await?;
        if !typed.trim().eq_ignore_ascii_case(&who.handle) {
            bail!(
                "the handle typed is not {}: the account is not deleted",
                who.handle
            );
        }
    }
    let session = sign_in(client, &who.handle, &password).await?;
    let deleted = match as_account(DeleteAccountRequest { password }, &session) {
        Ok(req) => client.delete_account(req).await.map_err(status_error),
        Err(e) => Err(e),
    };
    if let Err(e) = deleted {
        sign_out(client, &session).await;
        return Err(e);
    }
    // Its sessions and tokens ended with it: forget this computer's login to it.
    let file = LoginFile::default_place()?;
    let mut logins = file.load()?;
    let before = logins.servers.len();
    let urls = servers.urls();
    logins.servers.retain(|url, l| {
        l.token != who.current.token
            && !(urls.contains(url) && l.handle.eq_ignore_ascii_case(&who.handle))
    });
    if logins.servers.len() != before {
        file.save(&logins)?;
    }
    crate::outln!(
        "Deleted the account {} on {servers}: its sessions and tokens ended and its profile is \
         gone; its matches stay, and the handle stays reserved. This computer is logged out \
         of it.",
        who.handle
    );
    Ok(())
}

/// `hustings profile [HANDLE]`: needs no credential.
pub async fn profile(
    client: &mut Client,
    current: Option<Current>,
    args: ProfileArgs,
    style: &Style,
) -> anyhow::Result<()> {
    let handle = handle_or_login(client, current, args.handle).await?;
    if handle.trim().is_empty() {
        bail!("say whose profile: hustings profile HANDLE");
    }
    let profile = client
        .get_profile(GetProfileRequest {
            handle: handle.trim().to_string(),
        })
        .await
        .map_err(status_error)
        .with_context(|| format!("no profile for {}", handle.trim()))?
        .into_inner();
    crate::outp!("{}", profile_text(&profile, style));
    Ok(())
}

/// The handle given, else the one this computer is logged in to (from the logins file, else
/// from WhoAmI); empty when neither.
pub async fn handle_or_login(
    client: &mut Client,
    current: Option<Current>,
    given: Option<String>,
) -> anyhow::Result<String> {
    Ok(match (given, current) {
        (Some(h), _) => h,
        (None, Some(c)) => match c.handle.filter(|h| !h.is_empty()) {
            Some(h) => h,
            None => client
                .who_am_i(as_account(WhoAmIRequest {}, &c.token)?)
                .await
                .map_err(status_error)?
                .into_inner()
                .account
                .map(|a| a.handle)
                .unwrap_or_default(),
        },
        (None, None) => String::new(),
    })
}

/// What `profile` prints.
pub fn profile_text(p: &Profile, style: &Style) -> String {
    let account = p.account.clone().unwrap_or_default();
    let mut out = String::new();
    let _ = writeln!(out, "{}", style.bold(&account_name(&account)));
    let kind = if account.bot {
        let owner = if account.bot_owner.is_empty() {
            "a bot of the server's own".to_string()
        } else {
            format!("a bot of {}", account.bot_owner)
        };
        if account.bot_version.is_empty() {
            owner
        } else {
            format!("{owner}, version {}", account.bot_version)
        }
    } else {
        "a player".to_string()
    };
    let since = if account.created_at_unix_ms > 0 {
        format!(", since {}", date(account.created_at_unix_ms))
    } else {
        String::new()
    };
    let _ = writeln!(out, "  {kind}{since}");
    let mut games: Vec<(&String, &u32)> = p.matches_per_game.iter().collect();
    games.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    if games.is_empty() {
        let _ = writeln!(out, "  No matches yet.");
    } else {
        let list: Vec<String> = games.iter().map(|(g, n)| format!("{g} {n}")).collect();
        let _ = writeln!(out, "  Matches: {}", list.join(", "));
    }
    if !p.seat_results.is_empty() {
        // In games of unequal sides a record means most beside the seat it was made on.
        let _ = writeln!(out, "\n{}", style.heading("By seat"));
        for r in &p.seat_results {
            // Rounded to the nearest percent; "–" before any match.
            let rate = (r.won * 100 + r.played / 2)
                .checked_div(r.played)
                .map_or_else(|| "–".to_string(), |p| format!("{p}%"));
            let _ = writeln!(
                out,
                "  {}/{} as {}: {} won, {} drawn, {} lost of {} ({rate} won)",
                r.game, r.variant, r.seat_name, r.won, r.drawn, r.lost, r.played
            );
        }
    }
    if !p.recent.is_empty() {
        let _ = writeln!(out, "\n{}", style.heading("Recent results"));
        let rows: Vec<Vec<String>> = p
            .recent
            .iter()
            .map(|m| {
                let theirs = seats_of(m, &account.handle);
                let game = if m.variant.is_empty() {
                    m.game.clone()
                } else {
                    format!("{}/{}", m.game, m.variant)
                };
                let played: Vec<String> = theirs.iter().map(|&s| seat_name(&m.seats, s)).collect();
                let others: Vec<String> = m
                    .seats
                    .iter()
                    .filter(|s| !theirs.contains(&s.seat))
                    .map(|s| format!("{}: {}", s.name, holder(s)))
                    .collect();
                vec![
                    m.match_id.clone(),
                    truncate(&game, 28),
                    result_word(m, &theirs).to_string(),
                    played.join(", "),
                    others.join(", "),
                ]
            })
            .collect();
        let marks = vec![false; rows.len()];
        out += &table(
            &["ID", "GAME", "RESULT", "AS", "OPPONENTS"],
            &rows,
            &marks,
            style,
        );
    }
    out
}

/// The seats of `m` held by the account `handle`.
fn seats_of(m: &MatchSummary, handle: &str) -> Vec<u32> {
    m.seats
        .iter()
        .filter(|s| !handle.is_empty() && s.handle.eq_ignore_ascii_case(handle))
        .map(|s| s.seat)
        .collect()
}

/// "won", "lost", "draw" or "finished", for `seats`.
fn result_word(m: &MatchSummary, seats: &[u32]) -> &'static str {
    match &m.outcome {
        Some(o) if o.draw => "draw",
        Some(o) if seats.iter().any(|s| o.winners.contains(s)) => "won",
        Some(o) if !o.winners.is_empty() && !seats.is_empty() => "lost",
        _ => "finished",
    }
}

/// Lines of cells under a dim header, the columns lined up; a row whose mark is set starts
/// with `*`.
fn table(header: &[&str], rows: &[Vec<String>], marks: &[bool], style: &Style) -> String {
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for r in rows {
        for (w, cell) in widths.iter_mut().zip(r) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: Vec<String>| {
        let last = cells.len().saturating_sub(1);
        let mut out = String::new();
        for (i, (cell, w)) in cells.iter().zip(&widths).enumerate() {
            if i == last {
                out += cell;
            } else {
                out += &pad(cell, w + 2);
            }
        }
        out.trim_end().to_string()
    };
    let mut out = String::new();
    let head = header.iter().map(|h| style.dim(h)).collect();
    let _ = writeln!(out, "  {}", line(head));
    for (r, &mark) in rows.iter().zip(marks) {
        let cells = r
            .iter()
            .enumerate()
            .map(|(i, c)| if i == 0 { style.bold(c) } else { c.clone() })
            .collect();
        let mark = if mark { style.good("* ") } else { "  ".into() };
        let _ = writeln!(out, "{mark}{}", line(cells));
    }
    out
}

/// The civil date (UTC) of a Unix time in milliseconds: (year, month, day, seconds of the
/// day). After Howard Hinnant's `civil_from_days`.
fn civil(unix_ms: i64) -> (i64, i64, i64, i64) {
    let secs = unix_ms.div_euclid(1000);
    let days = secs.div_euclid(86_400);
    let of_day = secs.rem_euclid(86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day, of_day)
}

/// "2025-03-01".
fn date(unix_ms: i64) -> String {
    let (y, m, d, _) = civil(unix_ms);
    format!("{y:04}-{m:02}-{d:02}")
}

/// "2025-03-01 14:05" (UTC).
fn date_time(unix_ms: i64) -> String {
    let (y, m, d, s) = civil(unix_ms);
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02}", s / 3600, s / 60 % 60)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hustings_proto::v1::{Account, Outcome, SeatResults, SeatSummary};

    #[test]
    fn dates_are_civil_utc() {
        assert_eq!(date_time(0), "1970-01-01 00:00");
        // 2024-02-29 12:34:56 UTC.
        assert_eq!(date_time(1_709_210_096_000), "2024-02-29 12:34");
        assert_eq!(date(1_709_210_096_000), "2024-02-29");
        assert_eq!(date(-1), "1969-12-31");
    }

    #[test]
    fn the_tokens_table_marks_this_computers_token() {
        let t = |id: &str, name: &str, scopes: &[Scope], used: i64| TokenInfo {
            id: id.into(),
            name: name.into(),
            scopes: scopes.iter().map(|&s| s as i32).collect(),
            created_at_unix_ms: 1_709_210_096_000,
            last_used_unix_ms: used,
        };
        let tokens = [
            t("t1", "hustings on box", &[Scope::Play, Scope::Create], 0),
            t("t2", "my bot", &[Scope::Bot], 1_709_210_156_000),
        ];
        let text = tokens_table(&tokens, Some("t1"), &Style::PLAIN);
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            lines[0].contains("ID") && lines[0].contains("LAST USED"),
            "{text}"
        );
        assert!(lines[1].starts_with("* t1"), "{text}");
        assert!(lines[1].contains("play, create"), "{text}");
        assert!(lines[1].ends_with("never"), "{text}");
        assert!(lines[2].starts_with("  t2"), "{text}");
        assert!(lines[2].contains("2024-02-29 12:35"), "{text}");
        assert!(text.contains("* this computer's login"), "{text}");
        assert_eq!(
            lines[1].find("hustings on box"),
            lines[2].find("my bot"),
            "{text}"
        );
        let none = tokens_table(&tokens, None, &Style::PLAIN);
        assert!(!none.contains('*'), "{none}");
        assert!(tokens_table(&[], None, &Style::PLAIN).contains("no personal access tokens"));
    }

    #[test]
    fn scopes_default_to_plays_and_creates_and_are_not_repeated() {
        assert_eq!(
            wire_scopes(&[]),
            vec![Scope::Play as i32, Scope::Create as i32]
        );
        assert_eq!(
            wire_scopes(&[ScopeArg::Bot, ScopeArg::Bot]),
            vec![Scope::Bot as i32]
        );
    }

    #[test]
    fn a_profile_shows_games_and_results_from_its_side() {
        let seat = |seat: u32, name: &str, handle: &str| SeatSummary {
            seat,
            name: name.into(),
            taken: true,
            player_name: handle.into(),
            handle: handle.into(),
            ..Default::default()
        };
        let p = Profile {
            account: Some(Account {
                handle: "ada".into(),
                display_name: "Ada L".into(),
                created_at_unix_ms: 1_709_210_096_000,
                ..Default::default()
            }),
            matches_per_game: [("presidency".to_string(), 2), ("the-vote".to_string(), 1)]
                .into_iter()
                .collect(),
            seat_results: vec![SeatResults {
                game: "presidency".into(),
                variant: "standard".into(),
                seat: 0,
                seat_name: "Democrat".into(),
                played: 3,
                won: 2,
                drawn: 0,
                lost: 1,
            }],
            recent: vec![MatchSummary {
                match_id: "m1".into(),
                game: "presidency".into(),
                seats: vec![
                    seat(0, "Democrat", "Ada"),
                    seat(1, "Republican", "greedy-ai"),
                ],
                outcome: Some(Outcome {
                    winners: vec![1],
                    ..Default::default()
                }),
                ..Default::default()
            }],
        };
        let text = profile_text(&p, &Style::PLAIN);
        assert!(text.starts_with("ada (Ada L)\n"), "{text}");
        assert!(text.contains("a player, since 2024-02-29"), "{text}");
        assert!(text.contains("Matches: presidency 2, the-vote 1"), "{text}");
        assert!(
            text.contains("presidency/standard as Democrat: 2 won, 0 drawn, 1 lost of 3 (67% won)"),
            "{text}"
        );
        let line = text
            .lines()
            .find(|l| l.contains("m1"))
            .unwrap_or_default()
            .to_string();
        assert!(line.contains("lost"), "{text}");
        assert!(line.contains("Democrat"), "{text}");
        assert!(line.contains("Republican: @greedy-ai"), "{text}");
    }
}
