//! Support for the loopback end-to-end tests in `tests/`: start a real Hustings server on
//! 127.0.0.1:0 and connect real clients to it.

pub mod cli_bin;
