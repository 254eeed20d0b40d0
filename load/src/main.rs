//! `hustings-load`: drives matches of random players against a Hustings server (embedded,
//! or running elsewhere with `--server`) and prints throughput, latency and memory next to
//! a bare tonic echo baseline measured in the same run.

use clap::Parser;
use hustings_load::run::{Options, run};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let options = Options::parse();
    let report = run(options).await?;
    print!("{report}");
    Ok(())
}
