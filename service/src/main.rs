//! `hustings-server`: runs the Hustings match server.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::Parser;
use hustings_service::{Database, Limits, ServerConfig, start};
use tracing::info;

/// The Hustings match server: hosts Presidential Race, Votes for Women and The Vote matches over
/// gRPC for people and AIs alike, and serves the web client at / on the same port.
#[derive(Parser, Debug)]
#[command(
    version,
    after_help = "Memory: only matches that someone follows stay in memory; the others leave it after --evict-idle (finished ones after --linger) and are rebuilt from the database on the next request.\n\nStorage: matches are kept in the SQLite file hustings.sqlite inside the data directory, created on first start (default: $XDG_DATA_HOME/hustings, else ~/.local/share/hustings, else ./hustings-data). --database-url postgres://user:password@host/db uses PostgreSQL instead; --memory keeps matches in memory only. A database that cannot be read, or that was written by a newer server, stops the server with an error.\n\nExample:\n  hustings-server --listen 127.0.0.1:50051\n\nThen open http://127.0.0.1:50051/ in a browser to play there (the web client is served on the same port, its calls travel as gRPC-web), or play with `hustings play --game presidency`, or fill bot seats with `hustings-bot pool --ai greedy`."
)]
struct Args {
    /// Address to listen on (port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:50051", env = "HUSTINGS_LISTEN")]
    listen: SocketAddr,
    /// Directory for the server's data (the SQLite database hustings.sqlite); created if
    /// missing. Default: $XDG_DATA_HOME/hustings, else ~/.local/share/hustings, else
    /// ./hustings-data.
    #[arg(long, env = "HUSTINGS_DATA_DIR")]
    data_dir: Option<PathBuf>,
    /// Database to use instead of the data directory's SQLite file: postgres://user:password@host:port/dbname,
    /// sqlite:PATH, or memory:.
    #[arg(long, env = "HUSTINGS_DATABASE_URL", conflicts_with = "memory")]
    database_url: Option<String>,
    /// Keep matches in memory only: they are lost when the server stops.
    #[arg(long)]
    memory: bool,
    /// Most matches held at once.
    #[arg(long, default_value_t = Limits::default().max_matches)]
    max_matches: usize,
    /// Most open streams on one match.
    #[arg(long, default_value_t = Limits::default().max_viewers_per_match)]
    max_viewers_per_match: usize,
    /// Largest accepted request, in bytes.
    #[arg(long, default_value_t = Limits::default().max_message_bytes)]
    max_message_bytes: usize,
    /// Seconds a seat that must act may have no open stream before the other seats are
    /// offered to claim the win ("claim-win" in their prompt); 0 never offers it. A match
    /// may set its own at CreateMatch (abandon_grace_ms). At most a week (604800).
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = Limits::default().abandon_grace.as_secs(),
        value_parser = clap::value_parser!(u64).range(0..=604_800)
    )]
    abandon_grace: u64,
    /// Seconds an unfinished match with no open stream stays in memory after its last
    /// request; then it leaves memory and is rebuilt from the database when asked for again
    /// (a running clock still runs out on time). 0 keeps every unfinished match in memory.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 300,
        value_parser = clap::value_parser!(u64).range(0..=604_800)
    )]
    evict_idle: u64,
    /// Seconds a finished match stays in memory once its last stream closed (so rematch
    /// offers and replays right after the end are instant). 0 keeps finished matches in
    /// memory until the server stops.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 30,
        value_parser = clap::value_parser!(u64).range(0..=604_800)
    )]
    linger: u64,
    /// Also let web pages from ORIGIN (scheme://host:port, as the browser sends it, e.g.
    /// http://localhost:5173) call the service with gRPC-web; repeatable. By default only
    /// the page this server serves at / may (CORS off).
    #[arg(long = "cors-origin", value_name = "ORIGIN")]
    cors_origins: Vec<String>,
}

/// mimalloc rather than the system allocator: a version's messages are trees of small
/// strings, and with glibc's malloc about a third of the server's instructions per choice
/// were spent allocating and freeing them (see BENCHMARKS.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() {
    if let Err(e) = run().await {
        // One readable line (with its causes), not a debug dump, and a non-zero exit.
        eprintln!("hustings-server: error: {e:#}");
        std::process::exit(1);
    }
}

async fn run() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()),
        )
        .init();
    let args = Args::parse();
    let database = if args.memory {
        Database::Memory
    } else if let Some(url) = &args.database_url {
        Database::from_url(url)?
    } else {
        Database::in_data_dir(&args.data_dir.unwrap_or_else(default_data_dir))
    };
    let config = ServerConfig {
        database,
        limits: Limits {
            max_matches: args.max_matches,
            max_viewers_per_match: args.max_viewers_per_match,
            max_message_bytes: args.max_message_bytes,
            abandon_grace: std::time::Duration::from_secs(args.abandon_grace),
            evict_idle: seconds_or_never(args.evict_idle),
            linger: seconds_or_never(args.linger),
            ..Limits::default()
        },
        cors_origins: args.cors_origins,
    };
    let server = start(config, args.listen).await?;
    println!("hustings-server listening on {}", server.url());
    println!("web client: {}/", server.url());
    shutdown_signal().await;
    info!("signal received; shutting down");
    server.shutdown().await;
    Ok(())
}

/// A number of seconds from the command line; 0 is never.
fn seconds_or_never(s: u64) -> Option<std::time::Duration> {
    (s > 0).then(|| std::time::Duration::from_secs(s))
}

/// `$XDG_DATA_HOME/hustings`, else `~/.local/share/hustings`, else `./hustings-data`.
fn default_data_dir() -> PathBuf {
    let nonempty = |v: &str| {
        std::env::var_os(v)
            .filter(|s| !s.is_empty())
            .map(PathBuf::from)
    };
    if let Some(xdg) = nonempty("XDG_DATA_HOME") {
        xdg.join("hustings")
    } else if let Some(home) = nonempty("HOME") {
        home.join(".local").join("share").join("hustings")
    } else {
        PathBuf::from("hustings-data")
    }
}

async fn shutdown_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(s) => s,
                Err(_) => {
                    let _ = ctrl_c.await;
                    return;
                }
            };
        tokio::select! {
            _ = ctrl_c => {},
            _ = term.recv() => {},
        }
    }
    #[cfg(not(unix))]
    {
        let _ = ctrl_c.await;
    }
}
