//! Finding the real `hustings` binary (package `hustings-cli`), `hustings-server` (package
//! `hustings-service`) and `hustings-bot` for the end-to-end tests.
//!
//! `env!("CARGO_BIN_EXE_…")` only names binaries of the package under test. Each of the
//! three packages has integration tests of its own, so `cargo test --workspace` builds its
//! binary into the target directory with the very settings of the test build (profile and
//! unified features). The tests make sure of it by running that same build once, with
//! `--no-run`: after the README's test command it is a no-op of a second or two, as long as
//! it is not handed this test's own package variables (see [`build_workspace_tests`]).
//! (Building them with `cargo build -p <package> --bin …`, as before, unified features per
//! package, and with those variables rebuilt ring, rustls, tonic and every crate of ours —
//! minutes of CI — which every `cargo test` after it rebuilt back.)

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

/// The path of the `hustings` binary, built first (once per test process) if needed.
///
/// Panics with cargo's message when the build fails: a test cannot go on without it.
pub fn hustings_bin() -> PathBuf {
    workspace_bin("hustings")
}

/// The path of the `hustings-server` binary (package `hustings-service`), built first (once
/// per test process) if needed.
pub fn server_bin() -> PathBuf {
    workspace_bin("hustings-server")
}

/// The path of the `hustings-bot` binary (package `hustings-bot`), built first (once per
/// test process) if needed.
pub fn bot_bin() -> PathBuf {
    workspace_bin("hustings-bot")
}

/// The path of workspace binary `bin`, once the workspace's test build is up to date.
fn workspace_bin(bin: &str) -> PathBuf {
    static PROFILE_DIR: OnceLock<PathBuf> = OnceLock::new();
    let dir = PROFILE_DIR.get_or_init(build_workspace_tests);
    let path = dir.join(format!("{bin}{}", std::env::consts::EXE_SUFFIX));
    assert!(path.exists(), "{} was not built", path.display());
    path
}

/// Runs `cargo test --workspace --no-run` with the cargo, profile and target directory of
/// the running test, and returns the profile's directory, where the binaries are.
fn build_workspace_tests() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary knows its path");
    // target/<profile>/deps/<test binary>
    let profile_dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("test binaries live in target/<profile>/deps")
        .to_path_buf();
    let target_dir = profile_dir
        .parent()
        .expect("the profile directory is inside the target directory")
        .to_path_buf();
    let mut args = vec!["test", "--workspace", "--no-run", "--quiet"];
    // `cargo test --release` puts everything in target/release.
    if profile_dir.file_name().and_then(|n| n.to_str()) == Some("release") {
        args.push("--release");
    }
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| env!("CARGO").to_string());
    let mut command = Command::new(cargo);
    command
        .args(&args)
        .env("CARGO_TARGET_DIR", &target_dir)
        .current_dir(env!("CARGO_MANIFEST_DIR"));
    // `cargo test` gives this process its package's CARGO_MANIFEST_DIR and CARGO_PKG_*.
    // Passed on, they reach build scripts that watch them (ring's does), whose outputs
    // then differ from the outer build's: ring and all above it (rustls, tonic, every crate
    // of ours) were rebuilt here, minutes of CI, and rebuilt back by the next `cargo test`.
    for (name, _) in std::env::vars_os() {
        let name = name.to_string_lossy();
        if name == "CARGO_MANIFEST_DIR"
            || name == "CARGO_MANIFEST_PATH"
            || name.starts_with("CARGO_PKG_")
        {
            command.env_remove(name.as_ref());
        }
    }
    let status = command.status().expect("cargo runs");
    assert!(status.success(), "cargo {} failed", args.join(" "));
    profile_dir
}
