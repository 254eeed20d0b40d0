//! `hustings-bot`: AI players for a Hustings server.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, anyhow};
use clap::{Args, Parser, Subcommand};
use hustings_bot::ai::make_ai;
use hustings_bot::embedded::EmbeddedServer;
use hustings_bot::net::{self, AiDecider, Decider, Retry};
use hustings_bot::nodes::{Auth, Cluster, Node};
use hustings_bot::pool::{PoolConfig, run_pool_on};
use hustings_bot::seats::default_data_dir;
use hustings_bot::sprt::Sprt;
use hustings_bot::stats::Tally;
use hustings_bot::stdio::{Fallback, StdioEngine};
use hustings_bot::tournament::{Side, TournamentConfig, run_tournament};
use hustings_proto::servers::Servers;
use tracing_subscriber::EnvFilter;

/// AI players for Hustings: they take seats over the same gRPC contract as people.
///
/// AIs: random (uniform legal choices), greedy (one ply ahead on the game's evaluation),
/// ismcts (information-set Monte Carlo tree search on states resampled from its seat's view).
#[derive(Parser)]
#[command(
    name = "hustings-bot",
    version,
    about,
    long_about,
    after_help = "Examples:\n  \
    hustings-bot pool --ai ismcts                      fill every bot seat on the server\n  \
    hustings-bot play --match 3f2a9c01 --ai greedy     take any open seat of one match\n  \
    hustings-bot tournament --game presidency --a ismcts --b random --games 400 --embedded\n  \
    hustings-bot pool --ai greedy --data-dir /var/lib/hustings-pool   keep its seats there\n  \
    hustings-bot pool --ai greedy --server http://10.0.0.5:50051,http://10.0.0.6:50051\n  \
    hustings-bot pool --ai ismcts --token hsp_…           fill bot seats as your bot account\n  \
    hustings-bot stdio --cmd \"python3 examples/stdio_random.py\" --match 3f2a9c01"
)]
struct Cli {
    /// The server's URL; for a cluster, several nodes' URLs, comma-separated or with the
    /// flag repeated (`--server http://10.0.0.5:50051,http://10.0.0.6:50051`; also in
    /// HUSTINGS_SERVER). The bot talks to the first and moves to the next, round robin, when
    /// the node in use stops answering, resuming each match where it was.
    #[arg(
        long,
        global = true,
        env = "HUSTINGS_SERVER",
        value_name = "URL[,URL…]",
        default_value = "http://127.0.0.1:50051"
    )]
    server: Vec<String>,
    /// Trust only the certificate authority in FILE (PEM) for an https:// server, e.g. a
    /// private one that signed the server's certificate; without it the system's roots.
    #[arg(long, global = true, env = "HUSTINGS_CA", value_name = "FILE")]
    ca: Option<PathBuf>,
    /// Failed tries in a row before `play`, `stdio` and `tournament` give up on an
    /// unreachable server (with backoff 0.2 s, 0.4 s, … up to 5 s between tries). `pool`
    /// never gives up: it retries with the same backoff for as long as it runs.
    #[arg(long, global = true, default_value_t = 8)]
    retries: u32,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Join one match and play it to the end with an AI.
    Play(PlayArgs),
    /// Follow the lobby and fill every seat that waits for a bot, many matches at once.
    Pool(PoolArgs),
    /// Play two AIs against each other over many matches and report win rates.
    Tournament(TournamentArgs),
    /// Play one match with an external engine speaking the line protocol on stdin/stdout
    /// (see docs/ais.md, "External engines over stdin/stdout").
    Stdio(StdioArgs),
}

#[derive(Args)]
struct AiArgs {
    /// The AI: random, greedy or ismcts.
    #[arg(long)]
    ai: String,
    /// The AI's level: for ismcts a named level (easy, medium, hard: docs/ais.md, "Levels"),
    /// iterations (400) or time per decision (150ms); greedy samples per choice (8). Empty:
    /// the default (ismcts: hard).
    #[arg(long, default_value = "")]
    level: String,
    /// Seed of the AI's own random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Who the bot plays as.
#[derive(Args)]
struct AccountArgs {
    /// Play as the account of TOKEN: a bot account's personal access token with the BOT
    /// scope (hsp_…; see docs/ais.md, "Bot accounts"). Every call carries it, and the seats
    /// the bot takes are held by the account: matches show its handle. Without it the bot
    /// plays as a guest (on a seat created for a built-in AI, as that AI's account, e.g.
    /// greedy-ai).
    #[arg(
        long,
        env = "HUSTINGS_TOKEN",
        value_name = "TOKEN",
        hide_env_values = true
    )]
    token: Option<String>,
}

impl AccountArgs {
    fn auth(&self) -> anyhow::Result<Auth> {
        match self
            .token
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty())
        {
            Some(t) => Auth::token(t),
            None => Ok(Auth::guest()),
        }
    }
}

#[derive(Args)]
struct PlayArgs {
    /// The match id.
    #[arg(long = "match")]
    match_id: String,
    /// The seat to take; any open seat when not given.
    #[arg(long)]
    seat: Option<u32>,
    #[command(flatten)]
    ai: AiArgs,
    /// The name other players see.
    #[arg(long)]
    name: Option<String>,
    #[command(flatten)]
    account: AccountArgs,
}

#[derive(Args)]
struct PoolArgs {
    /// The AI for bot seats that do not ask for one (a seat's SeatConfig.ai wins).
    #[arg(long)]
    ai: String,
    /// Only fill seats of these games (comma-separated ids; all games when not given).
    #[arg(long, value_delimiter = ',')]
    games: Vec<String>,
    /// Seats played at once.
    #[arg(long, default_value_t = 8)]
    concurrency: usize,
    /// Stop after this many seats have been played (run until stopped when not given).
    #[arg(long)]
    max_seats: Option<u64>,
    /// The name other players see.
    #[arg(long, default_value = "hustings-bot pool")]
    name: String,
    /// Seed of the AIs' own random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Directory for the pool's seat list (pool-seats.json: the tokens of the seats it
    /// holds, so a restarted pool takes them up again); created if missing. Default:
    /// $XDG_DATA_HOME/hustings, else ~/.local/share/hustings, else ./hustings-data (the
    /// server's rules). Give each pool running at once its own.
    #[arg(long, env = "HUSTINGS_DATA_DIR")]
    data_dir: Option<PathBuf>,
    #[command(flatten)]
    account: AccountArgs,
}

#[derive(Args)]
struct TournamentArgs {
    /// The game id (presidency, …).
    #[arg(long)]
    game: String,
    /// The variant id; the game's first when not given.
    #[arg(long, default_value = "")]
    variant: String,
    /// Seats per match; the variant's default when not given. Sides alternate round the
    /// table.
    #[arg(long, default_value_t = 0)]
    seats: u32,
    /// Side A's AI, optionally with a level: `ismcts`, `ismcts:easy`, `ismcts:200`,
    /// `ismcts:50ms`.
    #[arg(long)]
    a: String,
    /// Side B's AI, the same way.
    #[arg(long)]
    b: String,
    /// The most matches to play; the sides swap seats every other match. The tournament
    /// stops sooner once the result is clear (see --sprt), unless --fixed.
    #[arg(long, default_value_t = 400)]
    games: u64,
    /// The early-stopping test: Wald's SPRT on A's score per game (win 1, draw ½), H0 "A
    /// scores P0" against H1 "A scores P1", with 5% error rates each way. It is printed
    /// when the tournament starts, and the summary says when and why it stopped. A
    /// single-seat variant (against the Oppobot) plays every game.
    #[arg(long, value_name = "P0:P1", default_value = "0.5:0.6")]
    sprt: String,
    /// Play all --games matches, never stopping early.
    #[arg(long)]
    fixed: bool,
    /// Start a `hustings-server --memory` child process on 127.0.0.1:0 (the binary beside
    /// this one, or on PATH) and play there instead of --server; it stops with the
    /// tournament.
    #[arg(long)]
    embedded: bool,
    /// Matches played at once.
    #[arg(long, default_value_t = 2)]
    concurrency: usize,
    /// Seed of the first match; match i uses seed + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print a machine-readable JSON summary instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct StdioArgs {
    /// The engine to run: a program and its arguments, quoted as in a shell.
    #[arg(long)]
    cmd: String,
    /// The match id.
    #[arg(long = "match")]
    match_id: String,
    /// The seat to take; any open seat when not given.
    #[arg(long)]
    seat: Option<u32>,
    /// What to do when the engine answers something that is not a legal choice id, or
    /// nothing in time: take a random legal choice, or resign.
    #[arg(long, value_enum, default_value = "random")]
    fallback: Fallback,
    /// Seconds to wait for each answer.
    #[arg(long, default_value_t = 10.0)]
    timeout: f64,
    /// The name other players see.
    #[arg(long)]
    name: Option<String>,
    #[command(flatten)]
    account: AccountArgs,
}

#[tokio::main]
async fn main() {
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("warn")),
        )
        .with_writer(std::io::stderr)
        .init();
    let cli = Cli::parse();
    let servers = match Servers::parse(&cli.server) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("hustings-bot: error: {e}");
            std::process::exit(2);
        }
    };
    if let Err(e) = run(cli, servers.clone()).await {
        // "connection closed" says nothing to a user who only typed the wrong scheme.
        if hustings_proto::endpoint::is_transport_failure(e.chain()) {
            for url in servers.urls() {
                if let Some(advice) = hustings_proto::endpoint::wrong_scheme(url).await {
                    eprintln!("hustings-bot: error: {advice}");
                }
            }
        }
        eprintln!("hustings-bot: error: {e:#}");
        std::process::exit(1);
    }
}

async fn run(cli: Cli, servers: Servers) -> anyhow::Result<()> {
    if let Some(ca) = cli.ca.clone() {
        net::set_ca(ca);
    }
    let retry = Retry {
        attempts: cli.retries.max(1),
        ..Retry::default()
    };
    match cli.command {
        Command::Play(args) => {
            let ai = make_ai(&args.ai.ai, &args.ai.level, args.ai.seed).map_err(|e| anyhow!(e))?;
            let name = args
                .name
                .unwrap_or_else(|| format!("hustings-bot {}", args.ai.ai));
            let cluster = Cluster::connect(servers.clone())?.with_auth(args.account.auth()?);
            play(
                &cluster,
                &args.match_id,
                args.seat,
                &name,
                Box::new(AiDecider(ai)),
                &retry,
            )
            .await
        }
        Command::Stdio(args) => {
            // The token is checked before the engine is started.
            let cluster = Cluster::connect(servers.clone())?.with_auth(args.account.auth()?);
            let timeout = Duration::from_secs_f64(args.timeout.max(0.001));
            let engine = StdioEngine::spawn(&args.cmd, timeout, args.fallback, 1)?;
            let name = args.name.unwrap_or_else(|| format!("stdio: {}", args.cmd));
            play(
                &cluster,
                &args.match_id,
                args.seat,
                &name,
                Box::new(engine),
                &retry,
            )
            .await
        }
        Command::Pool(args) => {
            make_ai(&args.ai, "", 0).map_err(|e| anyhow!(e))?;
            let cluster = Cluster::connect(servers.clone())?.with_auth(args.account.auth()?);
            introduce(&cluster.node(), true).await?;
            let report = run_pool_on(
                cluster,
                PoolConfig {
                    servers,
                    ai: args.ai,
                    games: args.games,
                    concurrency: args.concurrency,
                    max_seats: args.max_seats,
                    name: args.name,
                    retry,
                    seed: args.seed,
                    data_dir: Some(args.data_dir.unwrap_or_else(default_data_dir)),
                },
            )
            .await?;
            println!(
                "pool: {} seats played ({} taken up again after a restart), {} failed",
                report.seats_played, report.seats_resumed, report.failures
            );
            Ok(())
        }
        Command::Tournament(args) => tournament(servers, args, retry).await,
    }
}

/// Says which account the bot plays as (stderr), after checking the token with the server;
/// a pool (`pool`) needs a bot account's token with the BOT scope, which it takes bot
/// seats with. Nothing to say for a guest, nor while the server cannot be reached (the
/// calls that follow retry, and the server refuses a bad token then).
async fn introduce(node: &Node, pool: bool) -> anyhow::Result<()> {
    let Some(who) = net::who_am_i(node).await? else {
        return Ok(());
    };
    let account = who.account.unwrap_or_default();
    let has_bot_scope = who
        .scopes
        .contains(&(hustings_proto::v1::Scope::Bot as i32));
    if pool && !(account.bot && has_bot_scope) {
        anyhow::bail!(
            "a pool fills bot seats as a bot account: --token must be a bot account's token              with the BOT scope ({} {})",
            account.handle,
            if account.bot {
                "is a bot, but this token lacks the BOT scope"
            } else {
                "is a person's account"
            }
        );
    }
    let what = if account.bot && !account.bot_owner.is_empty() {
        format!(", a bot of {}", account.bot_owner)
    } else {
        String::new()
    };
    eprintln!("hustings-bot: playing as {}{what}", account.handle);
    Ok(())
}

async fn play(
    cluster: &Cluster,
    match_id: &str,
    seat: Option<u32>,
    name: &str,
    decider: Box<dyn Decider>,
    retry: &Retry,
) -> anyhow::Result<()> {
    let servers = cluster.servers();
    let mut node = cluster.node();
    introduce(&node, false).await?;
    let joined = net::join(&mut node, match_id, seat, name, retry).await?;
    let game = net::game_of_as(&mut node.client(), node.auth(), match_id).await?;
    let through = if servers.several() {
        format!(" through {}", node.url())
    } else {
        String::new()
    };
    eprintln!(
        "joined match {match_id} ({game}) as seat {} ({}) with {}{through}",
        joined.seat,
        joined.seat_name,
        decider.describe()
    );
    let played = net::play_seat(
        &mut node,
        &game,
        match_id,
        joined.seat,
        &joined.token,
        decider,
        retry,
    )
    .await?;
    let won = played.outcome.winners.contains(&played.seat);
    println!(
        "match {match_id} over after {} choices: {} ({}; {} decisions by this seat)",
        played.version,
        played.outcome.reason,
        if played.outcome.draw {
            "a draw"
        } else if won {
            "we won"
        } else {
            "we lost"
        },
        played.decisions
    );
    Ok(())
}

async fn tournament(servers: Servers, args: TournamentArgs, retry: Retry) -> anyhow::Result<()> {
    let embedded = if args.embedded {
        Some(
            EmbeddedServer::start()
                .await
                .context("could not start the embedded server")?,
        )
    } else {
        None
    };
    let servers = embedded
        .as_ref()
        .map(|s| Servers::one(&s.url()))
        .unwrap_or(servers);
    let stop = if args.fixed {
        None
    } else {
        Some(Sprt::parse(&args.sprt).map_err(anyhow::Error::msg)?)
    };
    match &stop {
        _ if single_seat(&args) => eprintln!(
            "tournament of {} games (a single-seat variant plays every game: its automated \
             opponent is not side B)",
            args.games
        ),
        Some(t) => eprintln!(
            "tournament of at most {} games; {}",
            args.games,
            t.describe()
        ),
        None => eprintln!("tournament of {} games (--fixed)", args.games),
    }
    let config = TournamentConfig {
        servers,
        game: args.game,
        variant: args.variant,
        seats: args.seats,
        a: Side::parse(&args.a),
        b: Side::parse(&args.b),
        games: args.games,
        concurrency: args.concurrency,
        seed: args.seed,
        progress: true,
        stop,
        retry,
    };
    // Ctrl-C or a SIGTERM ends the tournament without a summary, but never leaves the
    // embedded server running behind it.
    let result = tokio::select! {
        r = run_tournament(config) => r,
        s = interrupted() => Err(anyhow::anyhow!("the tournament was interrupted ({s})")),
    };
    if let Some(s) = embedded {
        s.stop().await;
    }
    report(&result?, args.json)
}

/// Waits for Ctrl-C (or, on Unix, SIGTERM) and names the signal; never returns when no
/// handler can be installed (the tournament then runs to its end).
async fn interrupted() -> &'static str {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let term = async {
            match signal(SignalKind::terminate()) {
                Ok(mut term) => {
                    term.recv().await;
                }
                Err(_) => std::future::pending::<()>().await,
            }
        };
        tokio::select! {
            _ = ctrl_c => "Ctrl-C",
            _ = term => "SIGTERM",
        }
    }
    #[cfg(not(unix))]
    {
        ctrl_c.await;
        "Ctrl-C"
    }
}

/// Whether the tournament's variant seats one player (solitaire against the Oppobot), as
/// far as this client's copy of the engine knows; the server has the last word.
fn single_seat(args: &TournamentArgs) -> bool {
    if args.seats != 0 {
        return args.seats == 1;
    }
    let Some(info) = hustings_engine::game_info(&args.game) else {
        return false;
    };
    let variant = if args.variant.is_empty() {
        info.variants.first()
    } else {
        info.variant(&args.variant)
    };
    variant.is_some_and(|v| v.default_seats == 1)
}

fn report(tally: &Tally, json: bool) -> anyhow::Result<()> {
    let summary = tally.summary();
    if json {
        println!("{}", serde_json::to_string_pretty(&summary)?);
    } else {
        print!("{summary}");
    }
    Ok(())
}
