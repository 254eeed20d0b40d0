//! `hustings` as a person first meets it: its `--help`, a mistyped flag, and a server that
//! is not there, each answered with a message and an exit status a script can test.
//!
//! (Being an integration test of this package also makes `cargo test --workspace` build the
//! `hustings` binary with the workspace's settings, which the end-to-end tests in tests/
//! then run without building it again.)

use std::process::{Command, Output};

fn hustings(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hustings"))
        .args(args)
        .env_remove("HUSTINGS_SERVER")
        .output()
        .expect("hustings runs")
}

#[test]
fn help_lists_every_command() {
    let out = hustings(&["--help"]);
    assert!(out.status.success(), "{out:?}");
    let help = String::from_utf8_lossy(&out.stdout);
    for command in ["games", "create", "list", "join", "play", "watch", "replay"] {
        assert!(
            help.lines()
                .any(|l| l.trim_start().starts_with(&format!("{command} "))),
            "--help does not list '{command}':\n{help}"
        );
    }
}

#[test]
fn a_mistyped_flag_is_a_usage_error() {
    let out = hustings(&["--sever", "http://127.0.0.1:50051", "games"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--sever"), "{err}");
}

#[test]
fn a_server_that_is_not_there_is_named_with_a_hint() {
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    let out = hustings(&["--server", "http://127.0.0.1:1", "games"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("http://127.0.0.1:1"), "{err}");
    assert!(err.contains("hustings-server running"), "{err}");
}
