//! The loopback end-to-end tests of the whole product, as one test binary: each module was a
//! test crate of its own, and twenty binaries each linking the server, tonic and tokio made
//! the test build most of CI's time on 2 cores. One binary builds that code once, and its
//! tests share the 2 test threads, so a long test no longer leaves a core idle while the
//! next binary waits.
//!
//! Run one module with a filter: `cargo test --test e2e audit::`, `cargo test --test e2e
//! web::`. The metrics test stays a binary of its own (`tests/metrics.rs`): the metrics
//! recorder is the process's, and other modules' servers would count into it.

mod accounts;
mod accounts_clients;
mod audit;
mod bot_cli;
mod bot_network;
mod cli_play;
mod cli_solitaire;
mod clocks;
mod cluster;
mod cluster_accounts;
mod cluster_clients;
mod cluster_clocks;
mod cluster_limits;
mod cluster_lobby;
mod durable;
mod evict;
mod fixtures;
mod hostile;
mod lifecycle;
mod pools;
mod presence;
mod public;
mod rated;
mod records;
mod service;
mod stores;
mod the_vote;
mod votes_for_women;
mod web;
mod web_a11y;
mod web_accounts;
mod web_pace;
mod web_ratings;
mod web_server;
mod web_touch;
