//! The `hustings` binary: see `hustings --help`.

use clap::Parser;
use hustings_cli::client::Refusal;

fn main() {
    let cli = hustings_cli::cli::Cli::parse();
    // Each URL given, for the advice on a wrong scheme below.
    let urls: Vec<String> = hustings_cli::client::servers(&cli.server)
        .map(|s| s.urls().to_vec())
        .unwrap_or_default();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("hustings: cannot start: {e}");
            std::process::exit(1);
        }
    };
    let code = match runtime.block_on(hustings_cli::run(cli)) {
        Ok(code) => code,
        Err(e) => {
            // "connection closed" says nothing to a user who only typed the wrong scheme.
            let statuses = e.chain().map(|c| match c.downcast_ref::<Refusal>() {
                Some(r) => &r.status as &(dyn std::error::Error + 'static),
                None => c,
            });
            if hustings_proto::endpoint::is_transport_failure(statuses) {
                for url in &urls {
                    if let Some(advice) =
                        runtime.block_on(hustings_proto::endpoint::wrong_scheme(url))
                    {
                        eprintln!("hustings: {advice}");
                    }
                }
            }
            eprintln!("hustings: {e:#}");
            1
        }
    };
    // Do not wait for the thread blocked on reading the terminal.
    runtime.shutdown_background();
    std::process::exit(code);
}
