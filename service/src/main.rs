//! `hustings-server`: runs the Hustings match server.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::Parser;
use hustings_service::accounts::Registration;
use hustings_service::limits::{ClientLimits, Rate};
use hustings_service::sql::lease::Node;
use hustings_service::tls::TlsFiles;
use hustings_service::{Database, Limits, RunningServer, ServerConfig, start};
use tracing::info;

/// The Hustings match server: hosts Presidential Race, Votes for Women and The Vote matches over
/// gRPC for people and AIs alike, and serves the web client at / on the same port.
#[derive(Parser, Debug)]
#[command(
    version,
    after_help = "Memory: only matches that someone follows stay in memory; the others leave it after --evict-idle (finished ones after --linger) and are rebuilt from the database on the next request.\n\nStorage: matches are kept in the SQLite file hustings.sqlite inside the data directory, created on first start (default: $XDG_DATA_HOME/hustings, else ~/.local/share/hustings, else ./hustings-data). --database-url postgres://user:password@host/db uses PostgreSQL instead; --memory keeps matches in memory only. A database that cannot be read, or that was written by a newer server, stops the server with an error.\n\nSeveral nodes: servers started with the same --database-url postgres://… share its matches; each match is served by the node holding its lease (a row in the database, renewed every --lease/3; a node that stops renewing loses its matches to the next node asked for them). Give each node --advertise URL (and --node-id NAME if two share a URL). Every node answers every call: a call about a match another node serves is passed on to it (WatchMatch streams too); an owner that does not answer within a lease is not waited for, and the next call takes its matches over once its lease lapses. The lobby is every node's: WatchLobby on any node hears of every node's matches, and a bot pool connected to any node fills bot seats on all of them. Put any gRPC load balancer in front (round robin per call).\n\nExample:\n  hustings-server --listen 127.0.0.1:50051\n\nThen open http://127.0.0.1:50051/ in a browser to play there (the web client is served on the same port, its calls travel as gRPC-web), or play with `hustings play --game presidency`, or fill bot seats with `hustings-bot pool --ai greedy`."
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
    /// may set its own at CreateMatch (abandon_grace_ms). At most a week (604800). Bots are
    /// offered the claim only in matches created with bots_claim_wins.
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
    /// Let only holders of KEY create matches (repeatable: any of the keys will do): each
    /// CreateMatch must carry `authorization: Bearer KEY` (`hustings --key KEY`). Without
    /// it anyone may create matches. Joining, watching and acting are not affected (seat
    /// tokens guard acting). Keep keys out of shell history: HUSTINGS_CREATE_KEYS takes
    /// them comma-separated.
    #[arg(
        long = "create-key",
        value_name = "KEY",
        env = "HUSTINGS_CREATE_KEYS",
        value_delimiter = ',',
        hide_env_values = true
    )]
    create_keys: Vec<String>,
    /// Serve TLS only (gRPC, gRPC-web and the web client alike) with the certificate in
    /// FILE (PEM; the server's certificate first, then any intermediates). Clients then
    /// connect with https://. Send SIGHUP to read it and --tls-key again (renewals):
    /// open connections and matches carry on.
    #[arg(
        long,
        value_name = "FILE",
        env = "HUSTINGS_TLS_CERT",
        requires = "tls_key"
    )]
    tls_cert: Option<PathBuf>,
    /// The private key of --tls-cert (PEM: PKCS#8, PKCS#1 or SEC1).
    #[arg(
        long,
        value_name = "FILE",
        env = "HUSTINGS_TLS_KEY",
        requires = "tls_cert"
    )]
    tls_key: Option<PathBuf>,
    /// Serve Prometheus metrics at http://ADDR/metrics (a port of its own, plain text;
    /// keep it private), e.g. 127.0.0.1:9150.
    #[arg(long, value_name = "ADDR", env = "HUSTINGS_METRICS")]
    metrics: Option<SocketAddr>,
    /// CreateMatch calls one client (its create key, else its IP address) may make per
    /// second, after a burst of --create-burst.
    #[arg(long, value_name = "PER_SECOND", default_value_t = ClientLimits::default().create.per_second)]
    create_rate: f64,
    /// CreateMatch calls a quiet client may make at once.
    #[arg(long, value_name = "N", default_value_t = ClientLimits::default().create.burst)]
    create_burst: f64,
    /// JoinMatch calls one client may make per second, after a burst of --join-burst.
    #[arg(long, value_name = "PER_SECOND", default_value_t = ClientLimits::default().join.per_second)]
    join_rate: f64,
    /// JoinMatch calls a quiet client may make at once.
    #[arg(long, value_name = "N", default_value_t = ClientLimits::default().join.burst)]
    join_burst: f64,
    /// Act calls one client may make per second, after a burst of --act-burst.
    #[arg(long, value_name = "PER_SECOND", default_value_t = ClientLimits::default().act.per_second)]
    act_rate: f64,
    /// Act calls a quiet client may make at once.
    #[arg(long, value_name = "N", default_value_t = ClientLimits::default().act.burst)]
    act_burst: f64,
    /// Calls that check a password (SignUp, SignIn, ChangePassword, DeleteAccount,
    /// BecomeBot) one client may make per second, after a burst of --password-burst.
    /// (Besides: 20 failed sign-ins a minute per handle and per address.)
    #[arg(long, value_name = "PER_SECOND", default_value_t = ClientLimits::default().password.per_second)]
    password_rate: f64,
    /// Password calls a quiet client may make at once.
    #[arg(long, value_name = "N", default_value_t = ClientLimits::default().password.burst)]
    password_burst: f64,
    /// WatchMatch and WatchLobby streams one client may hold open at once.
    #[arg(long, value_name = "N", default_value_t = ClientLimits::default().streams)]
    streams_per_client: usize,
    /// Streams one HTTP/2 connection may hold open at once (a client asking for more
    /// waits for one to end).
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_streams_per_connection)]
    streams_per_connection: u32,
    /// Run as one node of several servers sharing one PostgreSQL database (needs
    /// --database-url postgres://…), reachable by the other nodes at URL (e.g.
    /// http://10.0.0.5:50051): they pass calls about this node's matches on to it. Each
    /// match is served by one node at a time, the holder of its lease; a node that dies
    /// or stalls loses its matches to the next node asked for them within --lease.
    #[arg(long, value_name = "URL", env = "HUSTINGS_ADVERTISE")]
    advertise: Option<String>,
    /// This node's name among the nodes sharing the database. Default: the --advertise URL,
    /// else this host's name. A node started again under the same name takes back its
    /// matches at once, without waiting for their leases to lapse; two running nodes must
    /// not share a name.
    #[arg(long, value_name = "NAME", env = "HUSTINGS_NODE_ID")]
    node_id: Option<String>,
    /// Seconds a node's lease on a match runs unrenewed (PostgreSQL only; renewed every
    /// third of it): when a node dies or stalls, other nodes take its matches over this
    /// long after its last renewal. Every write checks the lease's epoch, so a node that
    /// wakes after losing a match cannot write to it.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = hustings_service::sql::lease::DEFAULT_LEASE.as_secs(),
        value_parser = clap::value_parser!(u64).range(1..=3600)
    )]
    lease: u64,
    /// No limits per client (rates and streams per client): for load tests, or behind a
    /// proxy that applies its own (behind one, every client has the proxy's address).
    #[arg(long, env = "HUSTINGS_NO_CLIENT_LIMITS")]
    no_client_limits: bool,
    /// Who may make an account: anyone (open), holders of an invitation code made with
    /// `hustings-server invite` (invite), or nobody (closed; existing accounts still sign
    /// in). Playing as a guest, without an account, is always possible.
    #[arg(long, value_enum, default_value_t = Registration::Open, env = "HUSTINGS_REGISTRATION")]
    registration: Registration,
    #[command(subcommand)]
    command: Option<Command>,
}

/// Administration commands (run against the same database flags as the server).
#[derive(clap::Subcommand, Debug)]
enum Command {
    /// Make invitation codes for `--registration invite` and print them, one a line. Each
    /// lets one account be made. Example: hustings-server --data-dir DIR invite --count 3
    Invite {
        /// How many codes.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1000))]
        count: u32,
    },
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
    if args.advertise.is_some() && !matches!(database, Database::Postgres(_)) {
        anyhow::bail!(
            "--advertise runs this server as a node of a cluster, which needs the nodes' shared \
             PostgreSQL database: add --database-url postgres://…"
        );
    }
    let node = Node {
        id: args
            .node_id
            .clone()
            .unwrap_or_else(|| Node::default_id(args.advertise.as_deref())),
        advertise: args.advertise.clone(),
        lease: std::time::Duration::from_secs(args.lease),
    };
    let config = ServerConfig {
        node,
        database,
        limits: Limits {
            max_matches: args.max_matches,
            max_viewers_per_match: args.max_viewers_per_match,
            max_message_bytes: args.max_message_bytes,
            abandon_grace: std::time::Duration::from_secs(args.abandon_grace),
            evict_idle: seconds_or_never(args.evict_idle),
            linger: seconds_or_never(args.linger),
            max_streams_per_connection: args.streams_per_connection.max(1),
            ..Limits::default()
        },
        cors_origins: args.cors_origins,
        create_keys: args.create_keys,
        tls: match (args.tls_cert, args.tls_key) {
            (Some(cert), Some(key)) => Some(TlsFiles { cert, key }),
            _ => None,
        },
        client_limits: (!args.no_client_limits).then_some(ClientLimits {
            create: Rate {
                per_second: args.create_rate,
                burst: args.create_burst,
            },
            join: Rate {
                per_second: args.join_rate,
                burst: args.join_burst,
            },
            act: Rate {
                per_second: args.act_rate,
                burst: args.act_burst,
            },
            password: Rate {
                per_second: args.password_rate,
                burst: args.password_burst,
            },
            streams: args.streams_per_client,
        }),
        metrics: args.metrics,
        match_seeds: None,
        registration: args.registration,
    };
    if let Some(Command::Invite { count }) = args.command {
        let store = hustings_service::open_store(&config).await?;
        for code in hustings_service::accounts::invite(store.as_ref(), count).await? {
            println!("{code}");
        }
        return Ok(());
    }
    let server = start(config, args.listen).await?;
    println!("hustings-server listening on {}", server.url());
    println!("web client: {}/", server.url());
    tokio::select! {
        _ = shutdown_signal() => {},
        _ = reload_on_sighup(&server) => {},
    }
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

/// Reads the TLS certificate again on every SIGHUP; a failed reload keeps the one in use
/// and logs why. Never returns (unless SIGHUP cannot be listened to).
async fn reload_on_sighup(server: &RunningServer) {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let Ok(mut hup) = signal(SignalKind::hangup()) else {
            tracing::warn!("cannot listen for SIGHUP: the certificate will not be reloaded");
            return std::future::pending().await;
        };
        while hup.recv().await.is_some() {
            match server.reload_tls() {
                Ok(()) if server.url().starts_with("https") => {
                    info!("SIGHUP: TLS certificate read again")
                }
                Ok(()) => info!("SIGHUP: no TLS certificate to read again"),
                Err(e) => tracing::error!("SIGHUP: keeping the TLS certificate in use: {e:#}"),
            }
        }
    }
    std::future::pending().await
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
