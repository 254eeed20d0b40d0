//! Hustings bots: AI players that take seats over the same gRPC contract as people.
//!
//! - [`ai`]: the AIs (random, greedy, IS-MCTS) behind one trait, deciding from exactly what
//!   their seat may know.
//! - [`local`]: AIs against each other in-process, for tests and quick measurements.
//! - [`stats`]: win rates with confidence intervals.

pub mod ai;
pub mod local;
pub mod stats;
