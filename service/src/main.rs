//! `hustings-server`: runs the Hustings match server.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::Parser;
use hustings_service::{Limits, ServerConfig, start};
use tracing::info;

/// The Hustings match server: hosts Presidential Race matches (and more games) over gRPC for
/// people and AIs alike.
#[derive(Parser, Debug)]
#[command(
    version,
    after_help = "Example:\n  hustings-server --listen 127.0.0.1:50051\n\nThen play with `hustings play --game presidency`, or fill bot seats with `hustings-bot pool --ai greedy`."
)]
struct Args {
    /// Address to listen on (port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:50051", env = "HUSTINGS_LISTEN")]
    listen: SocketAddr,
    /// Directory for the server's data.
    #[arg(long, env = "HUSTINGS_DATA_DIR")]
    data_dir: Option<PathBuf>,
    /// Most matches held at once.
    #[arg(long, default_value_t = Limits::default().max_matches)]
    max_matches: usize,
    /// Most open streams on one match.
    #[arg(long, default_value_t = Limits::default().max_viewers_per_match)]
    max_viewers_per_match: usize,
    /// Largest accepted request, in bytes.
    #[arg(long, default_value_t = Limits::default().max_message_bytes)]
    max_message_bytes: usize,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()),
        )
        .init();
    let args = Args::parse();
    let config = ServerConfig {
        data_dir: args.data_dir,
        limits: Limits {
            max_matches: args.max_matches,
            max_viewers_per_match: args.max_viewers_per_match,
            max_message_bytes: args.max_message_bytes,
            ..Limits::default()
        },
    };
    let server = start(config, args.listen).await?;
    println!("hustings-server listening on {}", server.url());
    shutdown_signal().await;
    info!("signal received; shutting down");
    server.shutdown().await;
    Ok(())
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
