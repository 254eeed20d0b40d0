//! The real `hustings-bot pool` as a separate process, for tests that kill it or its server
//! and look at what it told its user.

use std::io::Read;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::cli_bin::bot_bin;

/// A running `hustings-bot pool`; killed when dropped.
pub struct PoolProcess {
    child: Child,
    stderr: Arc<Mutex<String>>,
}

impl PoolProcess {
    /// Starts `hustings-bot --server URL pool --ai AI --data-dir DIR` plus `args`.
    pub fn start(url: &str, ai: &str, data_dir: &Path, args: &[&str]) -> PoolProcess {
        let mut child = Command::new(bot_bin())
            .args(["--server", url, "pool", "--ai", ai, "--data-dir"])
            .arg(data_dir)
            .args(args)
            .env("RUST_LOG", "warn")
            .env_remove("HUSTINGS_DATA_DIR")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("hustings-bot pool starts");
        let mut from = child.stderr.take().expect("stderr piped");
        let stderr = Arc::new(Mutex::new(String::new()));
        let text = stderr.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = from.read(&mut buf) {
                if n == 0 {
                    break;
                }
                if let Ok(mut t) = text.lock() {
                    t.push_str(&String::from_utf8_lossy(&buf[..n]));
                }
            }
        });
        PoolProcess { child, stderr }
    }

    /// What it wrote to stderr so far.
    pub fn stderr(&self) -> String {
        self.stderr.lock().map(|s| s.clone()).unwrap_or_default()
    }

    /// Waits (up to `within`) until its stderr contains `text`; false if it never did.
    pub fn wait_for_stderr(&self, text: &str, within: Duration) -> bool {
        let deadline = Instant::now() + within;
        while Instant::now() < deadline {
            if self.stderr().contains(text) {
                return true;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        self.stderr().contains(text)
    }

    /// SIGKILL: the pool gets no chance to write anything more.
    pub fn kill9(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for PoolProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
