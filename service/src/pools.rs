//! The bot pools that follow the lobby, and which AIs each offers for which games: a pool
//! says so when it opens WatchLobby (`WatchLobbyRequest.bot_pool`), and counts while that
//! stream is open. From it, each bot seat nobody has joined gets the reason it waits when no
//! connected pool will take it ([`Pools::wait_for`]), which every viewer of its match is told
//! (`MatchUpdate.bot_waits`) — rather than the same silent "waiting for players" whatever
//! the cause.
//!
//! On several nodes (the relay, `relay.rs`) a pool connected to any node fills bot seats of
//! every node's matches, so each node also keeps the pools the other nodes announce, and
//! counts them with its own wherever it says whether a seat will be taken.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use hustings_proto::v1 as pb;
use serde::{Deserialize, Serialize};
use tokio::sync::Notify;

/// One connected pool, as this node keeps it and as nodes announce theirs to each other.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pool {
    /// The games it fills seats of (empty: every game).
    pub games: Vec<String>,
    /// The AIs it can play.
    pub ais: Vec<String>,
}

impl Pool {
    fn serves(&self, game: &str) -> bool {
        self.games.is_empty() || self.games.iter().any(|g| g == game)
    }
}

/// The registry of connected pools. Cheap to read: a lock around a small map.
#[derive(Debug, Default)]
pub struct Pools {
    inner: Mutex<Inner>,
    /// Notified when a pool connects to or leaves this node (the announcer tells the other
    /// nodes at once rather than at its next tick).
    pub local_changed: Notify,
}

#[derive(Debug, Default)]
struct Inner {
    next: u64,
    /// By registration, the earliest first.
    pools: BTreeMap<u64, Pool>,
    /// The pools connected to the other nodes, by node name.
    remote: BTreeMap<String, Vec<Pool>>,
}

impl Inner {
    /// The pools that serve `game`: this node's, the earliest first, then the other
    /// nodes', by node name.
    fn serving(&self, game: &str) -> Vec<&Pool> {
        self.pools
            .values()
            .chain(self.remote.values().flatten())
            .filter(|p| p.serves(game))
            .collect()
    }

    fn any(&self) -> bool {
        !self.pools.is_empty() || self.remote.values().any(|p| !p.is_empty())
    }
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
        self.pools.local_changed.notify_one();
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
        drop(inner);
        self.local_changed.notify_one();
        Registration {
            pools: self.clone(),
            id,
        }
    }

    /// How many pools are connected to this node.
    pub fn count(&self) -> usize {
        self.lock().pools.len()
    }

    /// The pools connected to this node, in JSON, as the other nodes are told of them.
    pub fn local_json(&self) -> String {
        let inner = self.lock();
        let pools: Vec<&Pool> = inner.pools.values().collect();
        serde_json::to_string(&pools).unwrap_or_else(|_| "[]".into())
    }

    /// Replaces what the other nodes' pools are (by node name; a node without pools may be
    /// left out). Returns whether that changed anything.
    pub fn set_remote(&self, remote: BTreeMap<String, Vec<Pool>>) -> bool {
        let remote: BTreeMap<String, Vec<Pool>> =
            remote.into_iter().filter(|(_, p)| !p.is_empty()).collect();
        let mut inner = self.lock();
        if inner.remote == remote {
            return false;
        }
        inner.remote = remote;
        true
    }

    /// Why a bot seat of a `game` match asking for `ai` (empty: any) waits, when no
    /// connected pool will take it; `None` when one will.
    pub fn wait_for(&self, seat: u32, game: &str, ai: &str) -> Option<pb::BotWait> {
        let inner = self.lock();
        let serving = inner.serving(game);
        let ai = ai.trim();
        if serving.is_empty() {
            let text = if !inner.any() {
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
        offered_by(&self.lock().serving(game))
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

    fn seat(seat: u32, ai: &str) -> pb::SeatSummary {
        pb::SeatSummary {
            seat,
            bot: true,
            ai: ai.into(),
            ..Default::default()
        }
    }

    #[test]
    fn pools_on_other_nodes_count_for_every_seat_as_this_nodes_own_do() {
        let pools = Arc::new(Pools::default());
        let seats = [seat(0, ""), seat(1, "ismcts"), seat(2, "greedy")];
        assert_eq!(pools.waits_of("presidency", false, &seats).len(), 3);

        let remote = |node: &str, games: &[&str], ais: &[&str]| {
            (
                node.to_string(),
                vec![Pool {
                    games: names(games),
                    ais: names(ais),
                }],
            )
        };
        let changed = pools.set_remote(
            [
                remote("node-c", &[], &["greedy", "random"]),
                remote("node-a", &["presidency"], &["ismcts", "random"]),
            ]
            .into(),
        );
        assert!(changed);
        assert_eq!(
            pools.waits_of("presidency", false, &seats),
            Vec::new(),
            "every seat is taken by some node's pool"
        );
        // This node's own pools first, then the other nodes' by name.
        let here = pools.register(&[], &names(&["minimax"]));
        assert_eq!(
            pools.offered("presidency"),
            names(&["minimax", "ismcts", "random", "greedy"])
        );
        assert_eq!(
            pools.count(),
            1,
            "only this node's pools are connected here"
        );
        assert_eq!(
            pools.local_json(),
            r#"[{"games":[],"ais":["minimax"]}]"#,
            "what the other nodes are told"
        );
        // The pool for the Presidential Race only does not serve The Vote.
        let vote = pools.wait_for(1, "the-vote", "ismcts").expect("waits");
        assert_eq!(vote.reason, pb::BotWaitReason::AiNotOffered as i32);
        assert_eq!(vote.offered, names(&["minimax", "greedy", "random"]));

        assert!(
            !pools.set_remote(
                [
                    remote("node-a", &["presidency"], &["ismcts", "random"]),
                    remote("node-c", &[], &["greedy", "random"]),
                    ("node-b".to_string(), Vec::new()),
                ]
                .into()
            ),
            "the same pools again (a node without pools counts for nothing)"
        );
        assert!(pools.set_remote(BTreeMap::new()));
        drop(here);
        let gone = pools.wait_for(0, "presidency", "").expect("waits");
        assert_eq!(gone.text, "waiting for a bot: no bot pool is connected");
    }
}
