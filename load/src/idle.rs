//! Idle load: matches with every seat joined and nothing happening, to measure what one
//! match costs the server in memory while it waits.

use std::sync::Arc;
use std::time::Instant;

use hustings_proto::v1 as pb;
use hustings_proto::v1::hustings_client::HustingsClient;
use tokio::sync::Semaphore;
use tonic::transport::Channel;

/// What the idle run did.
#[derive(Clone, Debug)]
pub struct IdleReport {
    pub matches: usize,
    pub failed: usize,
    pub seconds: f64,
}

/// Creates `n` matches of `game` and joins every seat of each, `parallelism` calls at a
/// time. Tokens are dropped at once: the client keeps nothing per match.
pub async fn fill(
    pool: Vec<Channel>,
    game: &str,
    n: usize,
    parallelism: usize,
) -> anyhow::Result<IdleReport> {
    let gate = Arc::new(Semaphore::new(parallelism.max(1)));
    let start = Instant::now();
    let mut tasks = Vec::with_capacity(n.min(100_000));
    let mut failed = 0;
    for i in 0..n {
        let permit = gate.clone().acquire_owned().await?;
        let mut client = HustingsClient::new(pool[i % pool.len()].clone());
        let game = game.to_string();
        tasks.push(tokio::spawn(async move {
            let _permit = permit;
            create_and_join(&mut client, &game).await
        }));
        // Reap finished tasks now and then so the list stays short.
        if tasks.len() >= 10_000 {
            for t in tasks.drain(..) {
                if !matches!(t.await, Ok(Ok(()))) {
                    failed += 1;
                }
            }
        }
    }
    for t in tasks {
        if !matches!(t.await, Ok(Ok(()))) {
            failed += 1;
        }
    }
    Ok(IdleReport {
        matches: n - failed,
        failed,
        seconds: start.elapsed().as_secs_f64(),
    })
}

async fn create_and_join(client: &mut HustingsClient<Channel>, game: &str) -> anyhow::Result<()> {
    let summary = client
        .create_match(pb::CreateMatchRequest {
            game: game.to_string(),
            ..Default::default()
        })
        .await?
        .into_inner()
        .summary
        .ok_or_else(|| anyhow::anyhow!("CreateMatch returned no summary"))?;
    for seat in 0..summary.seats.len() as u32 {
        client
            .join_match(pb::JoinMatchRequest {
                match_id: summary.match_id.clone(),
                seat: Some(seat),
                display_name: format!("idle-{seat}"),
                client_kind: pb::ClientKind::Bot as i32,
            })
            .await?;
    }
    Ok(())
}
