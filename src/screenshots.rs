//! The docs' screenshots (`docs/screenshots/`), made by the browser tests themselves
//! (`HUSTINGS_UPDATE_SCREENSHOTS=1 cargo test --test e2e web::`), each recorded in
//! `docs/screenshots/MADE_FROM` with a digest of the code that decides what a page shows:
//! the web client's bundle, the engine (rules, texts, log), the service's conversion to the
//! wire, and the contract. A test compares every recorded digest with today's code, so a
//! screenshot cannot quietly go on showing what the code no longer does.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

/// The folders whose files decide what a page shows, from the workspace's root.
pub const INPUTS: &[&str] = &[
    "web/dist",
    "engine/src",
    "service/src/convert",
    "proto/hustings",
];

/// The manifest beside the screenshots: one line per screenshot, `name digest`.
pub const MANIFEST: &str = "MADE_FROM";

/// The workspace's root.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `docs/screenshots/`.
pub fn docs_dir() -> PathBuf {
    root().join("docs").join("screenshots")
}

/// The files under `dir`, recursively, as paths relative to the root.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let path = e.path();
        if path.is_dir() {
            files(&path, out);
        } else if let Ok(rel) = path.strip_prefix(root()) {
            out.push(rel.to_path_buf());
        }
    }
}

/// The digest of [`INPUTS`]: every file's path and contents, in path order.
pub fn inputs_digest() -> String {
    let mut paths = Vec::new();
    for dir in INPUTS {
        files(&root().join(dir), &mut paths);
    }
    paths.sort();
    let mut h = Sha256::new();
    for p in &paths {
        h.update(p.to_string_lossy().as_bytes());
        h.update([0]);
        h.update(std::fs::read(root().join(p)).unwrap_or_default());
        h.update([0]);
    }
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// The manifest as it stands: screenshot name → digest.
pub fn manifest() -> BTreeMap<String, String> {
    std::fs::read_to_string(docs_dir().join(MANIFEST))
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.split_once(' '))
        .map(|(n, d)| (n.to_string(), d.trim().to_string()))
        .collect()
}

/// Saves `png` as the docs' screenshot `name` and records today's digest for it.
///
/// The browser tests run side by side, and each saving test reads the manifest, changes its
/// own line and writes it back: one lock keeps two of them from each writing back what it
/// read before the other's line was in (which lost a screenshot's line), and the manifest is
/// replaced whole by a rename, so no test ever reads it half written.
pub fn save_for_docs(name: &str, png: &[u8]) {
    static MANIFEST_LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let dir = docs_dir();
    std::fs::create_dir_all(&dir).expect("docs/screenshots");
    std::fs::write(dir.join(format!("{name}.png")), png).expect("screenshot copied");
    // A test that panicked while holding the lock left the manifest whole (see the rename).
    let _held = MANIFEST_LOCK
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut m = manifest();
    m.insert(name.to_string(), inputs_digest());
    let text: String = m.iter().map(|(n, d)| format!("{n} {d}\n")).collect();
    let part = dir.join(format!("{MANIFEST}.part"));
    std::fs::write(&part, text).expect("manifest written");
    std::fs::rename(&part, dir.join(MANIFEST)).expect("manifest replaced");
}
