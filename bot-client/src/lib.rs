//! Hustings bots: AI players that take seats over the same gRPC contract as people.
//!
//! - [`ai`]: the AIs (random, greedy, IS-MCTS) behind one trait, deciding from exactly what
//!   their seat may know.
//! - [`net`]: one seat played over the network, with reconnection and retries.
//! - [`nodes`]: the clients of every node of the `--server` list, and each seat's place in
//!   it, moving to the next node when the one in use stops answering.
//! - [`pool`]: fills every seat that waits for a bot, and never gives up on its server.
//! - [`seats`]: the seats a pool holds, in memory and in a file, to take them up again.
//! - [`tournament`]: two AIs against each other over many matches.
//! - [`embedded`]: a `hustings-server --memory` child process for `tournament --embedded`.
//! - [`stdio`]: an external engine that plays through a line protocol on stdin/stdout.
//! - [`local`]: AIs against each other in-process, for tests and quick measurements.
//! - [`stats`]: win rates with confidence intervals.
//! - [`sprt`]: when a tournament's result is clear enough to stop (a sequential test).
//! - [`selfplay`]: the same AI in every seat over many seeds, for balance figures.

pub mod ai;
pub mod embedded;
pub mod local;
pub mod net;
pub mod nodes;
pub mod pool;
pub mod seats;
pub mod selfplay;
pub mod sprt;
pub mod stats;
pub mod stdio;
pub mod tournament;
