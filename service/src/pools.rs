//! The bot pools that follow the lobby, and which AIs each offers for which games: a pool
//! says so when it opens WatchLobby (`WatchLobbyRequest.bot_pool`), and counts while that
//! stream is open. From it, each bot seat nobody has joined gets the reason it waits when no
//! connected pool will take it ([`Pools::wait_for`]), which every viewer of its match is told
//! (`MatchUpdate.bot_waits`) — rather than the same silent "waiting for players" whatever
//! the cause.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use hustings_proto::v1 as pb;

/// One connected pool.
#[derive(Clone, Debug)]
struct Pool {
    /// The games it fills seats of (empty: every game).
    games: Vec<String>,
    /// The AIs it can play.
    ais: Vec<String>,
}

/// The registry of connected pools. Cheap to read: a lock around a small map.
#[derive(Debug, Default)]
pub struct Pools {
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    next: u64,
    /// By registration, the earliest first.
    pools: BTreeMap<u64, Pool>,
}

/// A pool's place in the registry, held by its lobby stream: dropping it (the stream ended)
/// takes the pool out.
pub struct Registration {
    pools: Arc<Pools>,
    id: u64,
}

impl Drop for Registration {
    fn drop(&mut self) {
        self.pools.lock().pools.remove(&self.id);
    }
}

impl Pools {
    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Counts a pool as connected until the returned registration is dropped. AI names are
    /// kept as given (trimmed), empty ones dropped.
    pub fn register(self: &Arc<Self>, games: &[String], ais: &[String]) -> Registration {
        let mut inner = self.lock();
        inner.next += 1;
        let id = inner.next;
        let ais = ais
            .iter()
            .map(|a| a.trim().to_string())
            .filter(|a| !a.is_empty())
            .collect();
        inner.pools.insert(
            id,
            Pool {
                games: games.to_vec(),
                ais,
            },
        );
        Registration {
            pools: self.clone(),
            id,
        }
    }

    /// How many pools are connected.
    pub fn count(&self) -> usize {
        self.lock().pools.len()
    }

    /// Why a bot seat of a `game` match asking for `ai` (empty: any) waits, when no
    /// connected pool will take it; `None` when one will.
    pub fn wait_for(&self, seat: u32, game: &str, ai: &str) -> Option<pb::BotWait> {
        let inner = self.lock();
        let serving: Vec<&Pool> = inner
            .pools
            .values()
            .filter(|p| p.games.is_empty() || p.games.iter().any(|g| g == game))
            .collect();
        let ai = ai.trim();
        if serving.is_empty() {
            let text = if inner.pools.is_empty() {
                "waiting for a bot: no bot pool is connected".to_string()
            } else {
                format!("waiting for a bot: no connected bot pool plays '{game}'")
            };
            return Some(pb::BotWait {
                seat,
                reason: pb::BotWaitReason::NoPool as i32,
                ai: ai.to_string(),
                offered: Vec::new(),
                text,
            });
        }
        if ai.is_empty() || serving.iter().any(|p| p.ais.iter().any(|a| a == ai)) {
            return None;
        }
        let offered = offered_by(&serving);
        Some(pb::BotWait {
            seat,
            reason: pb::BotWaitReason::AiNotOffered as i32,
            ai: ai.to_string(),
            text: format!(
                "waiting for a bot: no pool offers '{ai}' (pools offer: {})",
                offered.join(", ")
            ),
            offered,
        })
    }

    /// The AIs the connected pools that serve `game` offer, each once, in the pools' order.
    pub fn offered(&self, game: &str) -> Vec<String> {
        let inner = self.lock();
        let serving: Vec<&Pool> = inner
            .pools
            .values()
            .filter(|p| p.games.is_empty() || p.games.iter().any(|g| g == game))
            .collect();
        offered_by(&serving)
    }

    /// The waits of a match's bot seats nobody has joined (none once it is over).
    pub fn waits_of(
        &self,
        game: &str,
        finished: bool,
        seats: &[pb::SeatSummary],
    ) -> Vec<pb::BotWait> {
        if finished {
            return Vec::new();
        }
        seats
            .iter()
            .filter(|s| s.bot && !s.taken)
            .filter_map(|s| self.wait_for(s.seat, game, &s.ai))
            .collect()
    }
}

/// What `pools` offer: in their own order (the earliest connected first), each AI once.
fn offered_by(pools: &[&Pool]) -> Vec<String> {
    let mut offered: Vec<String> = Vec::new();
    for a in pools.iter().flat_map(|p| p.ais.iter()) {
        if !offered.contains(a) {
            offered.push(a.clone());
        }
    }
    offered
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_seat_waits_with_a_reason_until_a_pool_that_offers_its_ai_connects() {
        let pools = Arc::new(Pools::default());
        let none = pools.wait_for(1, "presidency", "deepblue").expect("waits");
        assert_eq!(none.reason, pb::BotWaitReason::NoPool as i32);
        assert_eq!(none.text, "waiting for a bot: no bot pool is connected");

        let a = pools.register(&[], &names(&["random", "ismcts"]));
        let b = pools.register(&names(&["the-vote"]), &names(&["minimax"]));
        let c = pools.register(&[], &names(&["greedy", "random"]));
        let wait = pools.wait_for(1, "presidency", "deepblue").expect("waits");
        assert_eq!(wait.reason, pb::BotWaitReason::AiNotOffered as i32);
        assert_eq!(
            wait.text,
            "waiting for a bot: no pool offers 'deepblue' (pools offer: random, ismcts, greedy)"
        );
        assert_eq!(pools.wait_for(1, "presidency", "ismcts"), None);
        assert_eq!(pools.wait_for(1, "presidency", ""), None, "any AI will do");
        drop(a);
        drop(c);
        // Only a pool for another game is left.
        let other = pools.wait_for(0, "presidency", "minimax").expect("waits");
        assert_eq!(other.reason, pb::BotWaitReason::NoPool as i32);
        assert!(other.text.contains("'presidency'"), "{}", other.text);
        assert_eq!(pools.wait_for(0, "the-vote", "minimax"), None);
        drop(b);
        assert_eq!(pools.count(), 0);
    }
}
