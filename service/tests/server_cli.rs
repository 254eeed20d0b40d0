//! `hustings-server` as an operator first meets it: its `--help`, and the refusals of a
//! configuration it cannot run, each a message and exit status 1 before anything listens.
//!
//! (Being an integration test of this package also makes `cargo test --workspace` build the
//! `hustings-server` binary with the workspace's settings, which the end-to-end tests in
//! tests/ then run without building it again.)

use std::process::{Command, Output};

fn server(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hustings-server"))
        .args(args)
        .output()
        .expect("hustings-server runs")
}

#[test]
fn help_names_every_storage_memory_and_cluster_flag_and_the_web_page() {
    let out = server(&["--help"]);
    assert!(out.status.success(), "{out:?}");
    let help = String::from_utf8_lossy(&out.stdout);
    for flag in [
        "--listen",
        "--data-dir",
        "--database-url",
        "--memory",
        "--evict-idle",
        "--linger",
        "--lease",
        "--advertise",
        "--node-id",
    ] {
        assert!(
            help.contains(flag),
            "--help does not mention {flag}:\n{help}"
        );
    }
    assert!(help.contains("http://127.0.0.1:50051/"), "{help}");
}

#[test]
fn an_unknown_database_url_is_refused_with_the_forms_it_takes() {
    let out = server(&["--database-url", "ftp://example", "--listen", "127.0.0.1:0"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("ftp://example"), "{err}");
    assert!(
        err.contains("postgres://") && err.contains("sqlite:") && err.contains("memory:"),
        "{err}"
    );
}

#[test]
fn a_cluster_node_without_postgresql_is_refused_before_it_listens() {
    let out = server(&["--memory", "--advertise", "http://10.0.0.5:50051"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--database-url postgres://"), "{err}");
}
