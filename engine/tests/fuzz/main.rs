//! The rules fuzzers, one test binary: thousands of seeded random games of every game and
//! variant, invariants checked after every choice. One binary shares the 2 test threads
//! among them all, so the longest fuzzer (the team variants) no longer runs alone while a
//! core idles. Run one with a filter: `cargo test -p hustings-engine --test fuzz the_vote::`.

mod golden_digests;
mod log_digest;
mod log_golden;
mod presidency;
mod the_vote;
mod the_vote_golden;
mod votes_for_women;
mod votes_for_women_checks;
mod votes_for_women_log_golden;
mod votes_for_women_oppobot;
mod votes_for_women_rev0_golden;
mod votes_for_women_team;
