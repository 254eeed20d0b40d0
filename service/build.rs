//! Embeds the web client's committed build (`../web/dist`) into the server: writes a table of
//! `(path, bytes, etag)` to `$OUT_DIR/web_assets.rs`, each file's bytes taken with
//! `include_bytes!`, so the Rust build never needs node (the bundle is committed and `.ci/run`
//! checks it is what the source builds to).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?);
    let dist = manifest.join("..").join("web").join("dist");
    // A directory here makes cargo re-run this script when any file under it changes.
    println!("cargo:rerun-if-changed={}", dist.display());
    let mut files = Vec::new();
    if dist.is_dir() {
        collect(&dist, &dist, &mut files)?;
    }
    files.sort();
    let mut out = String::from("&[\n");
    for (rel, abs) in &files {
        let bytes = std::fs::read(abs)?;
        writeln!(
            out,
            "    ({rel:?}, include_bytes!({abs:?}), \"\\\"{:016x}\\\"\"),",
            fnv1a(&bytes),
            abs = abs.display().to_string(),
        )?;
    }
    out.push(']');
    let out_dir = PathBuf::from(std::env::var("OUT_DIR")?);
    std::fs::write(out_dir.join("web_assets.rs"), out)?;
    Ok(())
}

/// Every file under `dir`, as (path relative to `root` with `/` separators, absolute path).
fn collect(
    root: &Path,
    dir: &Path,
    files: &mut Vec<(String, PathBuf)>,
) -> Result<(), Box<dyn std::error::Error>> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            collect(root, &path, files)?;
        } else {
            let rel = path
                .strip_prefix(root)?
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/");
            files.push((rel, path.canonicalize()?));
        }
    }
    Ok(())
}

/// A content hash for the ETag (FNV-1a, 64 bits: a cache validator, not a security check).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}
