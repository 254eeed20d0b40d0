//! The `hustings` binary: see `hustings --help`.

use clap::Parser;

fn main() {
    let cli = hustings_cli::cli::Cli::parse();
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
            eprintln!("hustings: {e:#}");
            1
        }
    };
    // Do not wait for the thread blocked on reading the terminal.
    runtime.shutdown_background();
    std::process::exit(code);
}
