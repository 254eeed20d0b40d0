//! `hustings-load`: drives matches of random players against a Hustings server (embedded,
//! or running elsewhere with `--server`) and prints throughput, latency and memory next to
//! a bare tonic echo baseline measured in the same run. With `--serve-echo ADDR` it serves
//! only the baselines, for other runs to use with `--echo-server`.

use clap::Parser;
use hustings_load::echo;
use hustings_load::run::{Options, run};

/// The same allocator as hustings-server, so the baselines this binary serves
/// (`--serve-echo`) run on the same footing as the match server they are compared with.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let options = Options::parse();
    if let Some(addr) = &options.serve_echo {
        // Only the baselines' server: its address on the first line of stdout, for the
        // script or test that started it, then serve until killed.
        let server = echo::serve_on(addr).await?;
        println!("{}", server.addr);
        server.wait().await;
        return Ok(());
    }
    let report = run(options).await?;
    print!("{report}");
    Ok(())
}
