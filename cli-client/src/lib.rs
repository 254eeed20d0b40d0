//! `hustings`, the human terminal client: create, join, play, watch and replay matches of
//! any game the server hosts.
//!
//! The client holds no game rules. It draws what the server sends — the typed view, the
//! log and the prompt — and answers prompts with choice ids; see [`render`] for the boards.

pub mod answer;
pub mod asking;
pub mod cli;
pub mod client;
pub mod input;
pub mod lobby;
pub mod lookup;
pub mod reference;
pub mod render;
pub mod replay;
pub mod session;
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
    let mut client = client::connect(&servers).await?;
    match cli.command {
        Command::Games => lobby::games(&mut client, &style).await?,
        Command::Create(args) => {
            let m = lobby::create(&mut client, &args.game, &args.setup, cli.key.as_deref()).await?;
            println!("{}", m.match_id);
            eprintln!(
                "Created {} match {}. Join it with: hustings{} play --match {}",
                m.game,
                m.match_id,
                lobby::server_flag(&server),
                m.match_id
            );
        }
        Command::List(args) => lobby::list(&mut client, &args, &style).await?,
        Command::Join(args) => {
            let j =
                lobby::join(&mut client, &args.match_id, args.seat, args.name.as_deref()).await?;
            println!("{}", j.token);
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
        Command::Play(args) => {
            let key = cli.key.as_deref();
            return play(&mut client, &servers, key, args, style, cli.board).await;
        }
        Command::Watch(args) => {
            let session = Session {
                servers,
                match_id: args.match_id,
                token: None,
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
) -> anyhow::Result<i32> {
    let server = &servers.to_string();
    // Open the answers first: a missing file should fail before a seat is taken.
    let input = input::Input::open(args.choices_from.as_deref().map(Path::new))?;
    let (match_id, token) = match (&args.match_id, &args.game, &args.token) {
        (Some(m), _, Some(t)) => (m.clone(), t.clone()),
        (Some(m), _, None) => take_seat(client, server, m, &args, &style).await?,
        (None, Some(game), _) => {
            let m = lobby::create(client, game, &args.setup, key).await?;
            println!(
                "Created {} match {}. Others join with: hustings{} play --match {}",
                m.game,
                style.bold(&m.match_id),
                lobby::server_flag(server),
                m.match_id
            );
            take_seat(client, server, &m.match_id, &args, &style).await?
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
            // The same token holds this player's (rotated) seat in the rematch.
            session.match_id = next;
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
) -> anyhow::Result<(String, String)> {
    let j = lobby::join(client, match_id, args.seat, args.name.as_deref()).await?;
    println!(
        "You hold seat {} ({}). Your seat token is {}\n  (to come back later: hustings{} play --match {} --token {})",
        j.seat,
        style.seat_bold(j.seat, &j.seat_name),
        style.bold(&j.token),
        lobby::server_flag(server),
        j.match_id,
        j.token
    );
    Ok((j.match_id, j.token))
}
