//! The bot pool: follows the lobby stream and fills every seat that waits for an AI, playing
//! many matches at once.

use std::collections::HashSet;
use std::sync::Arc;

use anyhow::bail;
use hustings_proto::v1 as pb;
use tokio::sync::{Mutex, Semaphore};
use tokio_stream::StreamExt;
use tracing::{info, warn};

use crate::ai::make_ai;
use crate::net::{self, AiDecider, Retry, is_transient};

/// What the pool plays.
#[derive(Clone, Debug)]
pub struct PoolConfig {
    pub server: String,
    /// The AI for seats that do not name one.
    pub ai: String,
    /// Only matches of these games (empty: every game).
    pub games: Vec<String>,
    /// Seats played at once.
    pub concurrency: usize,
    /// Stop after this many seats' matches have finished (`None`: run until stopped).
    pub max_seats: Option<u64>,
    /// Display name prefix.
    pub name: String,
    pub retry: Retry,
    pub seed: u64,
}

/// What a pool did.
#[derive(Clone, Debug, Default)]
pub struct PoolReport {
    pub seats_played: u64,
    pub failures: u64,
}

/// Runs the pool until `max_seats` matches are over (or forever).
pub async fn run_pool(config: PoolConfig) -> anyhow::Result<PoolReport> {
    let client = net::connect(&config.server)?;
    let slots = Arc::new(Semaphore::new(config.concurrency.max(1)));
    let claimed: Arc<Mutex<HashSet<(String, u32)>>> = Arc::default();
    let report: Arc<Mutex<PoolReport>> = Arc::default();
    let mut started = 0u64;
    let mut failures = 0u32;
    'lobby: loop {
        if failures > 0 {
            if failures >= config.retry.attempts {
                bail!(
                    "lost the lobby stream of {}: {failures} tries in a row failed",
                    config.server
                );
            }
            tokio::time::sleep(config.retry.backoff(failures - 1)).await;
        }
        let mut lobby = match client
            .clone()
            .watch_lobby(pb::WatchLobbyRequest {
                games: config.games.clone(),
            })
            .await
        {
            Ok(s) => s.into_inner(),
            Err(s) if is_transient(&s) => {
                warn!(error = %s.message(), "lobby unreachable; retrying");
                failures += 1;
                continue 'lobby;
            }
            Err(s) => bail!("cannot follow the lobby: {} ({:?})", s.message(), s.code()),
        };
        loop {
            if config.max_seats.is_some_and(|m| started >= m) {
                break 'lobby;
            }
            let event = match lobby.next().await {
                Some(Ok(e)) => e,
                Some(Err(s)) if !is_transient(&s) => {
                    bail!("the lobby stream failed: {} ({:?})", s.message(), s.code())
                }
                _ => {
                    failures += 1;
                    continue 'lobby;
                }
            };
            failures = 0;
            let Some(summary) = event.summary else {
                continue;
            };
            for seat in event.waiting_bot_seats {
                if config.max_seats.is_some_and(|m| started >= m) {
                    break;
                }
                let key = (summary.match_id.clone(), seat);
                if !claimed.lock().await.insert(key.clone()) {
                    continue;
                }
                let permit = slots.clone().acquire_owned().await?;
                let wanted = summary.seats.get(seat as usize);
                let ai = wanted
                    .map(|s| s.ai.trim())
                    .filter(|a| !a.is_empty())
                    .unwrap_or(&config.ai)
                    .to_string();
                let level = wanted.map(|s| s.ai_level.clone()).unwrap_or_default();
                let game = summary.game.clone();
                let match_id = summary.match_id.clone();
                let mut client = client.clone();
                let retry = config.retry;
                let name = format!("{} ({ai})", config.name);
                let seed = config.seed.wrapping_add(started);
                let report = report.clone();
                started += 1;
                tokio::spawn(async move {
                    let result = async {
                        let ai = make_ai(&ai, &level, seed).map_err(anyhow::Error::msg)?;
                        let joined =
                            net::join(&mut client, &match_id, Some(seat), &name, &retry).await?;
                        info!(match_id, seat, "pool took a seat");
                        net::play_seat(
                            &mut client,
                            &game,
                            &match_id,
                            joined.seat,
                            &joined.token,
                            Box::new(AiDecider(ai)),
                            &retry,
                        )
                        .await
                    }
                    .await;
                    let mut r = report.lock().await;
                    match result {
                        Ok(p) => {
                            info!(match_id, seat, reason = %p.outcome.reason, "pool seat finished");
                            r.seats_played += 1;
                        }
                        Err(e) => {
                            warn!(match_id, seat, error = %format!("{e:#}"), "pool seat failed");
                            r.failures += 1;
                        }
                    }
                    drop(permit);
                });
            }
        }
    }
    // Wait for every seat in play to finish.
    let _ = slots.acquire_many(config.concurrency.max(1) as u32).await?;
    let r = report.lock().await.clone();
    Ok(r)
}
