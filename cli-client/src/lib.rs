//! `hustings`, the human terminal client: create, join, play, watch and replay matches of
//! any game the server hosts.
//!
//! The client holds no game rules. It draws what the server sends — the typed view, the
//! log and the prompt — and answers prompts with choice ids; see [`render`] for the boards.

pub mod account;
pub mod answer;
pub mod asking;
pub mod cli;
pub mod client;
pub mod input;
pub mod lobby;
pub mod logins;
pub mod lookup;
pub mod manage;
pub mod password;
pub mod ratings;
pub mod reference;
pub mod render;
pub mod replay;
pub mod session;
pub mod stdout;
pub mod term;

use std::path::Path;

use cli::{Cli, Command, PlayArgs};
use hustings_proto::servers::Servers;
use render::Style;
use session::{End, Session};

/// The server used when neither `--server` nor `HUSTINGS_SERVER` says otherwise.
pub const DEFAULT_SERVER: &str = "http://127.0.0.1:50051";

/// Runs one command line; returns the process exit code.
pub async fn run(cli: Cli) -> anyhow::Result<i32> {
    let style = if cli.no_color {
        Style::PLAIN
    } else {
        Style::detect()
    };
    let servers = client::servers(&cli.server)?;
    // As `--server` takes it back, for the commands printed to reach the same nodes.
    let server = servers.to_string();
    if let Command::Play(args) = &cli.command {
        if args.match_id.is_some() && args.setup.is_set() {
            anyhow::bail!(
                "--variant, --seats, --option, --bot and --seed set up a new match: use them with --game"
            );
        }
        if args.match_id.is_none() && args.game.is_none() {
            anyhow::bail!(
                "say which match to play: --match ID (to join or resume) or --game GAME (to create one)"
            );
        }
    }
    if let Some(ca) = cli.ca.clone() {
        client::set_ca(ca);
    }
    let client = client::connect(&servers).await?;
    let given = cli.account_token.as_deref();
    let current = match account::current(&servers, given) {
        Ok(c) => c,
        // A given token that is not one is the user's mistake: say so. A logins file that
        // cannot be read should not stop a guest from playing.
        Err(e) if given.is_some() => return Err(e),
        Err(e) => {
            eprintln!("hustings: {e:#}; going on without logging in");
            None
        }
    };
    // The commands that play do so as the account logged in to the server, if any; the
    // account commands send the credential they work with themselves (`signup` and
    // `login` make one).
    if let Some(c) = &current
        && !cli.command.is_account()
    {
        client::set_credential(&c.token)?;
    }
    let result = commands(cli, client, servers, style, current.as_ref()).await;
    // A kept login the server no longer knows fails every call that needs it: say why.
    if let (Err(e), Some(c)) = (&result, &current)
        && refused_credential(e)
    {
        let how = if c.given {
            "the account token given (--account-token or HUSTINGS_TOKEN) is refused".to_string()
        } else {
            format!(
                "the login kept for this server was revoked or has expired: log in again with \
                 `hustings{} login {}`, or forget it with `hustings logout`",
                lobby::server_flag(&server),
                c.handle.as_deref().unwrap_or("HANDLE")
            )
        };
        eprintln!("hustings: {how}");
    }
    result
}

/// Whether `e` is the server refusing the account's credential itself (not a seat token).
fn refused_credential(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<client::Refusal>().is_some_and(|r| {
            r.status.code() == tonic::Code::Unauthenticated
                && r.status.message().contains("session or token")
        }) || c.to_string().contains("revoked session or token")
    })
}

/// Runs the command, as the account of `current` when there is one.
async fn commands(
    cli: Cli,
    mut client: client::Client,
    servers: Servers,
    style: Style,
    current: Option<&account::Current>,
) -> anyhow::Result<i32> {
    let server = servers.to_string();
    // Seats are joined for the account only when the calls carry its credential.
    let logged_in = current.is_some() && !cli.command.is_account();
    match cli.command {
        Command::Games => lobby::games(&mut client, &style).await?,
        Command::Create(args) => {
            let m = lobby::create(&mut client, &args.game, &args.setup, cli.key.as_deref()).await?;
            crate::outln!("{}", m.match_id);
            eprintln!(
                "Created {} match {} ({}). Join it with: hustings{} play --match {}",
                m.game,
                m.match_id,
                lobby::absence_text(&m),
                lobby::server_flag(&server),
                m.match_id
            );
        }
        Command::List(args) => lobby::list(&mut client, &args, &style).await?,
        Command::Join(args) => {
            let j = lobby::join(
                &mut client,
                &args.match_id,
                args.seat,
                args.name.as_deref(),
                logged_in,
            )
            .await?;
            crate::outln!("{}", j.token);
            if let Some(c) = current {
                eprintln!(
                    "You hold seat {} ({}) of match {}; it belongs to your account{}, so you can play it from any computer logged in to it.\nPlay with: hustings{} play --match {}",
                    j.seat,
                    j.seat_name,
                    j.match_id,
                    c.handle
                        .as_deref()
                        .map(|h| format!(" {h}"))
                        .unwrap_or_default(),
                    lobby::server_flag(&server),
                    j.match_id,
                );
            } else {
                eprintln!(
                    "You hold seat {} ({}) of match {}. Keep the token above: it is the only way into the seat.\nPlay with: hustings{} play --match {} --token {}",
                    j.seat,
                    j.seat_name,
                    j.match_id,
                    lobby::server_flag(&server),
                    j.match_id,
                    j.token
                );
            }
        }
        Command::Play(args) => {
            let key = cli.key.as_deref();
            return play(
                &mut client,
                &servers,
                key,
                args,
                style,
                cli.board,
                logged_in,
            )
            .await;
        }
        Command::Watch(args) => {
            let session = Session {
                servers,
                match_id: args.match_id,
                token: None,
                seat: None,
                style,
                layout: cli.board,
                log_lines: args.log_lines,
                rematches: 0,
                ask_rematch: false,
                rematch: Default::default(),
            };
            return Ok(session.run(&mut None).await?.exit_code());
        }
        Command::Replay(args) => {
            replay::replay(
                &mut client,
                &args.match_id,
                args.all,
                args.boards,
                &style,
                cli.board,
            )
            .await?
        }
        Command::Signup(args) => account::signup(&mut client, &servers, &args, &style).await?,
        Command::Login(args) => account::login(&mut client, &servers, &args, &style).await?,
        Command::Logout(args) => {
            account::logout(&mut client, &servers, current.cloned(), &args).await?
        }
        Command::Whoami => account::whoami(&mut client, &servers, current.cloned(), &style).await?,
        Command::Mine(args) => {
            account::mine(&mut client, &servers, current.cloned(), &args, &style).await?
        }
        Command::Tokens(args) => {
            manage::tokens(&mut client, &servers, current.cloned(), args, &style).await?
        }
        Command::Password => manage::password(&mut client, &servers, current.cloned()).await?,
        Command::Account(args) => {
            manage::account(&mut client, &servers, current.cloned(), args, &style).await?
        }
        Command::Profile(args) => {
            manage::profile(&mut client, current.cloned(), args, &style).await?
        }
        Command::Ratings(args) => {
            ratings::ratings(&mut client, current.cloned(), args, &style).await?
        }
        Command::Leaderboard(args) => ratings::leaderboard(&mut client, args, &style).await?,
    }
    Ok(0)
}

async fn play(
    client: &mut client::Client,
    servers: &Servers,
    key: Option<&str>,
    args: PlayArgs,
    style: Style,
    layout: render::Layout,
    logged_in: bool,
) -> anyhow::Result<i32> {
    let server = &servers.to_string();
    // Open the answers first: a missing file should fail before a seat is taken.
    let input = input::Input::open(args.choices_from.as_deref().map(Path::new))?;
    // Logged in, a seat the account already holds in the match is taken up again (from
    // any computer) with an empty seat token: the credential speaks for it.
    let resumed = match (&args.match_id, &args.token) {
        (Some(m), None) if logged_in => account_seat(client, m, args.seat, &style).await?,
        _ => None,
    };
    let mut account_seat_held = None;
    let (match_id, token) = match (&args.match_id, &args.game, &args.token) {
        (Some(m), _, Some(t)) => (m.clone(), t.clone()),
        (Some(m), _, None) if resumed.is_some() => {
            account_seat_held = resumed;
            (m.clone(), String::new())
        }
        (Some(m), _, None) => take_seat(client, server, m, &args, &style, logged_in).await?,
        (None, Some(game), _) => {
            let m = lobby::create(client, game, &args.setup, key).await?;
            crate::outln!(
                "Created {} match {}. Others join with: hustings{} play --match {}",
                m.game,
                style.bold(&m.match_id),
                lobby::server_flag(server),
                m.match_id
            );
            take_seat(client, server, &m.match_id, &args, &style, logged_in).await?
        }
        (None, None, _) => {
            anyhow::bail!(
                "say which match to play: --match ID (to join or resume) or --game GAME (to create one)"
            )
        }
    };
    let mut session = Session {
        servers: servers.clone(),
        match_id,
        token: Some(token),
        seat: account_seat_held,
        style,
        layout,
        log_lines: args.log_lines,
        rematches: args.rematches,
        ask_rematch: input.interactive,
        rematch: Default::default(),
    };
    let mut input = Some(input);
    loop {
        let end = session.run(&mut input).await?;
        if end == End::Rematch
            && let Some(next) = session.take_rematch()
        {
            // The same token (or account) holds this player's rotated seat in the rematch.
            session.match_id = next.match_id;
            if session.seat.is_some() {
                session.seat = next.seat;
            }
            session.rematches = session.rematches.saturating_sub(1);
            continue;
        }
        return Ok(end.exit_code());
    }
}

async fn take_seat(
    client: &mut client::Client,
    server: &str,
    match_id: &str,
    args: &PlayArgs,
    style: &Style,
    logged_in: bool,
) -> anyhow::Result<(String, String)> {
    let j = lobby::join(client, match_id, args.seat, args.name.as_deref(), logged_in).await?;
    crate::outln!(
        "You hold seat {} ({}). Your seat token is {}\n  (to come back later: hustings{} play --match {} --token {})",
        j.seat,
        style.seat_bold(j.seat, &j.seat_name),
        style.bold(&j.token),
        lobby::server_flag(server),
        j.match_id,
        j.token
    );
    if logged_in {
        crate::outln!(
            "  The seat belongs to your account: from any computer logged in to it, hustings{} play --match {} takes it up again.",
            lobby::server_flag(server),
            j.match_id
        );
    }
    Ok((j.match_id, j.token))
}

/// The seat of `match_id` the account holds, to resume without a seat token: `wanted`
/// when given (it must be one of them), else the only one; `None` when it holds none
/// there (the seat is then joined as usual).
async fn account_seat(
    client: &mut client::Client,
    match_id: &str,
    wanted: Option<u32>,
    style: &Style,
) -> anyhow::Result<Option<u32>> {
    let Some(m) = account::my_seats(client, match_id).await? else {
        return Ok(None);
    };
    let names = |seats: &[u32]| {
        seats
            .iter()
            .map(|&s| format!("{s} ({})", render::seat_name(&m.seats, s)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let seat = match (wanted, m.my_seats.as_slice()) {
        (Some(w), held) if held.contains(&w) => w,
        // Another seat than the account's: join it as asked.
        (Some(_), _) => return Ok(None),
        (None, [only]) => *only,
        (None, held) => anyhow::bail!(
            "your account holds seats {} of match {match_id}: say which to play with --seat",
            names(held)
        ),
    };
    crate::outln!(
        "Your account holds seat {} of match {match_id}: taking it up again.",
        style.seat_bold(seat, &render::seat_name(&m.seats, seat))
    );
    Ok(Some(seat))
}
