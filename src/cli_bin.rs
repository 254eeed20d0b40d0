//! Finding the real `hustings` binary (package `hustings-cli`), `hustings-server` (package
//! `hustings-service`) and `hustings-bot` for the end-to-end tests.
//!
//! `env!("CARGO_BIN_EXE_…")` only names binaries of the package under test, so the tests
//! build them with the same cargo and profile that built them, then run it from the
//! target directory.

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

/// The path of the `hustings` binary, built first (once per test process) if needed.
///
/// Panics with cargo's message when the build fails: a test cannot go on without it.
pub fn hustings_bin() -> PathBuf {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| build_workspace_bin("hustings-cli", "hustings"))
        .clone()
}

/// The path of the `hustings-server` binary (package `hustings-service`), built first (once
/// per test process) if needed.
pub fn server_bin() -> PathBuf {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| build_workspace_bin("hustings-service", "hustings-server"))
        .clone()
}

/// The path of the `hustings-bot` binary (package `hustings-bot`), built first (once per
/// test process) if needed.
pub fn bot_bin() -> PathBuf {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| build_workspace_bin("hustings-bot", "hustings-bot"))
        .clone()
}

/// Builds binary `bin` of workspace package `package` with the cargo, profile and target
/// directory of the running test, and returns its path.
fn build_workspace_bin(package: &str, bin: &str) -> PathBuf {
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
    // `cargo test` builds everything with the `test` profile into target/debug. Building the
    // binaries with that same profile reuses every library it built (the engine, proto and
    // service at opt-level 3): with `dev`, whose per-package settings differ, the server,
    // the CLI and the bot client and all they link were built a second time inside the
    // first test that asked, and each `cargo build --profile dev` afterwards overwrote the
    // binaries `cargo test` had made.
    let profile = match profile_dir.file_name().and_then(|n| n.to_str()) {
        Some("debug") | None => "test".to_string(),
        Some(other) => other.to_string(),
    };
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| env!("CARGO").to_string());
    let status = Command::new(cargo)
        .args(["build", "--quiet", "-p", package, "--bin", bin])
        .args(["--profile", &profile])
        .env("CARGO_TARGET_DIR", &target_dir)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .status()
        .expect("cargo runs");
    assert!(status.success(), "building {bin} ({package}) failed");
    let path = profile_dir.join(format!("{bin}{}", std::env::consts::EXE_SUFFIX));
    assert!(path.exists(), "{} was not built", path.display());
    path
}
