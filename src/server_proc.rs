//! The real `hustings-server` as a separate process, for tests that kill it (SIGKILL) and
//! start it again on the same data; plus throw-away data directories and PostgreSQL
//! databases for them.

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::cli_bin::server_bin;

/// A running `hustings-server` process.
pub struct ServerProcess {
    child: Child,
    url: String,
    stderr: Arc<Mutex<String>>,
}

/// The server's command with quiet logs, listening on `listen`.
fn command(listen: &str, args: &[&str]) -> Command {
    let mut cmd = Command::new(server_bin());
    cmd.args(["--listen", listen])
        .args(args)
        .env("RUST_LOG", "warn")
        .env("RUST_BACKTRACE", "0")
        .env_remove("HUSTINGS_DATABASE_URL")
        .env_remove("HUSTINGS_DATA_DIR")
        // The tests of the real server play many matches at full speed from one address;
        // a test of the limits removes this.
        .env("HUSTINGS_NO_CLIENT_LIMITS", "true")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd
}

fn collect(mut from: impl Read + Send + 'static) -> Arc<Mutex<String>> {
    let text = Arc::new(Mutex::new(String::new()));
    let t = text.clone();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = from.read(&mut buf) {
            if n == 0 {
                break;
            }
            if let Ok(mut t) = t.lock() {
                t.push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        }
    });
    text
}

impl ServerProcess {
    /// Starts the server with extra arguments (e.g. `--data-dir DIR`) and waits until it
    /// prints the address it listens on. Panics (with its stderr) if it exits first.
    pub fn start(args: &[&str]) -> ServerProcess {
        Self::start_with_env(args, &[])
    }

    /// Like [`ServerProcess::start`], with extra environment variables.
    pub fn start_with_env(args: &[&str], env: &[(&str, &str)]) -> ServerProcess {
        Self::start_on("127.0.0.1:0", args, env)
    }

    /// Like [`ServerProcess::start_with_env`], listening on `listen` (a fixed port lets a
    /// restarted server keep its address, as the browser tests need).
    pub fn start_on(listen: &str, args: &[&str], env: &[(&str, &str)]) -> ServerProcess {
        let mut cmd = command(listen, args);
        for (k, v) in env {
            cmd.env(k, v);
        }
        let mut child = cmd.spawn().expect("hustings-server starts");
        let stdout = child.stdout.take().expect("stdout piped");
        let stderr = collect(child.stderr.take().expect("stderr piped"));
        let (tx, rx) = mpsc::channel();
        // Keep reading stdout for the server's whole life so it never blocks on a full pipe.
        std::thread::spawn(move || {
            let mut lines = BufReader::new(stdout).lines();
            while let Some(Ok(line)) = lines.next() {
                if let Some(url) = line.strip_prefix("hustings-server listening on ") {
                    let _ = tx.send(url.trim().to_string());
                }
            }
        });
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            match rx.recv_timeout(Duration::from_millis(100)) {
                Ok(url) => {
                    return ServerProcess { child, url, stderr };
                }
                Err(_) => {
                    if let Ok(Some(status)) = child.try_wait() {
                        std::thread::sleep(Duration::from_millis(100));
                        panic!(
                            "hustings-server {args:?} exited with {status} before listening; stderr:\n{}",
                            stderr.lock().map(|s| s.clone()).unwrap_or_default()
                        );
                    }
                    assert!(
                        Instant::now() < deadline,
                        "hustings-server {args:?} did not say where it listens within 60 s"
                    );
                }
            }
        }
    }

    /// Its URL, `http://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        self.url.clone()
    }

    /// What it wrote to stderr so far.
    pub fn stderr(&self) -> String {
        self.stderr.lock().map(|s| s.clone()).unwrap_or_default()
    }

    /// Sends the process a signal by name, as `kill -s NAME PID` does: `STOP` pauses it
    /// (its sockets stay open, it answers nothing), `CONT` lets it run on.
    pub fn signal(&self, name: &str) {
        let status = Command::new("kill")
            .args(["-s", name, &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success(), "kill -s {name} failed");
    }

    /// Pauses the process (SIGSTOP) and returns only once every one of its threads has
    /// stopped. `kill` returns as soon as the signal is queued, while each thread stops only
    /// when it next passes through the kernel's signal handling: on a loaded machine a
    /// runtime thread can still take a request and write it to the database in between
    /// (a clean-clone flake hunt saw a paused node store the Act sent after the pause).
    pub fn pause(&self) {
        self.signal("STOP");
        let tasks = format!("/proc/{}/task", self.child.id());
        let deadline = Instant::now() + Duration::from_secs(10);
        while !all_stopped(Path::new(&tasks)) {
            assert!(
                Instant::now() < deadline,
                "hustings-server did not stop within 10 s of SIGSTOP"
            );
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// Lets a paused process run on (SIGCONT).
    pub fn resume(&self) {
        self.signal("CONT");
    }

    /// SIGKILL: the process gets no chance to flush or clean up.
    pub fn kill9(mut self) {
        self.child.kill().expect("SIGKILL the server");
        let _ = self.child.wait();
    }
}

/// Whether every thread listed under `/proc/PID/task` is stopped (state `T`, or `t` when
/// traced). A thread that exits meanwhile is not waited for.
fn all_stopped(tasks: &Path) -> bool {
    let Ok(entries) = std::fs::read_dir(tasks) else {
        return false;
    };
    entries.flatten().all(|task| {
        match std::fs::read_to_string(task.path().join("stat")) {
            // The state follows the command name, which is in parentheses and may hold
            // spaces: read it after the last ')'.
            Ok(stat) => stat
                .rsplit_once(')')
                .and_then(|(_, rest)| rest.split_whitespace().next())
                .is_some_and(|state| state == "T" || state == "t"),
            Err(_) => true,
        }
    })
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs the server expecting it to refuse to start: returns its exit status and stderr.
/// Panics if it is still running after 30 s (it would be serving).
pub fn start_expecting_failure(args: &[&str]) -> (ExitStatus, String) {
    let mut child = command("127.0.0.1:0", args)
        .spawn()
        .expect("hustings-server starts");
    let stderr = collect(child.stderr.take().expect("stderr piped"));
    let _stdout = collect(child.stdout.take().expect("stdout piped"));
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if let Ok(Some(status)) = child.try_wait() {
            std::thread::sleep(Duration::from_millis(100));
            let text = stderr.lock().map(|s| s.clone()).unwrap_or_default();
            return (status, text);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "hustings-server {args:?} kept running instead of refusing to start; stderr:\n{}",
                stderr.lock().map(|s| s.clone()).unwrap_or_default()
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A TCP port on 127.0.0.1 free now (for a server that must know its URL before it starts,
/// as `--advertise` needs).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// A new empty directory under the system's temp dir, unique to this process and call.
pub fn temp_dir(tag: &str) -> PathBuf {
    static N: AtomicU32 = AtomicU32::new(0);
    let dir = std::env::temp_dir().join(format!(
        "hustings-{tag}-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir created");
    dir
}

/// The PostgreSQL server for tests, from `HUSTINGS_TEST_POSTGRES_URL` (see
/// `.ci/postgres.sh`). In CI (`CI=true`) a missing URL fails the test: PostgreSQL is part of
/// what CI checks. Elsewhere the test is skipped with a loud message.
pub fn postgres_test_url() -> Option<String> {
    match std::env::var("HUSTINGS_TEST_POSTGRES_URL") {
        Ok(url) if !url.trim().is_empty() => Some(url.trim().to_string()),
        _ => {
            assert!(
                std::env::var("CI").as_deref() != Ok("true"),
                "CI=true but HUSTINGS_TEST_POSTGRES_URL is not set: CI must run the PostgreSQL \
                 tests (start one with `export HUSTINGS_TEST_POSTGRES_URL=$(bash .ci/postgres.sh)`)"
            );
            eprintln!(
                "\n!!! SKIPPING a PostgreSQL test: HUSTINGS_TEST_POSTGRES_URL is not set. \
                 Run `export HUSTINGS_TEST_POSTGRES_URL=$(bash .ci/postgres.sh)` (as root) to \
                 include it. !!!\n"
            );
            None
        }
    }
}

/// `url` with its database name replaced by `db`.
pub fn with_database(url: &str, db: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((b, q)) => (b, format!("?{q}")),
        None => (url, String::new()),
    };
    let after_scheme = base.find("://").map(|i| i + 3).unwrap_or(0);
    let base = match base[after_scheme..].find('/') {
        Some(i) => &base[..after_scheme + i],
        None => base,
    };
    format!("{base}/{db}{query}")
}

/// Creates a new empty database on the test PostgreSQL server and returns its URL; `None`
/// when the tests have no PostgreSQL (outside CI). Runs on its own thread, so it may be
/// called from async tests.
pub fn fresh_postgres_database(tag: &str) -> Option<String> {
    let base = postgres_test_url()?;
    static N: AtomicU32 = AtomicU32::new(0);
    let name = format!(
        "hustings_test_{tag}_{}_{}_{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() % 1_000_000)
            .unwrap_or(0)
    );
    let n2 = name.clone();
    let b2 = base.clone();
    std::thread::spawn(move || {
        let mut admin = postgres::Client::connect(&b2, postgres::NoTls)
            .unwrap_or_else(|e| panic!("cannot reach the test PostgreSQL server: {e}"));
        admin
            .batch_execute(&format!("CREATE DATABASE {n2}"))
            .unwrap_or_else(|e| panic!("cannot create database {n2}: {e}"));
    })
    .join()
    .expect("database created");
    Some(with_database(&base, &name))
}

/// Runs SQL on a PostgreSQL database from a thread of its own (safe inside async tests).
pub fn postgres_execute(url: &str, sql: &str) {
    let (url, sql) = (url.to_string(), sql.to_string());
    std::thread::spawn(move || {
        let mut c = postgres::Client::connect(&url, postgres::NoTls)
            .unwrap_or_else(|e| panic!("cannot connect to {url}: {e}"));
        c.batch_execute(&sql)
            .unwrap_or_else(|e| panic!("'{sql}' failed: {e}"));
    })
    .join()
    .expect("SQL ran");
}

/// The SQLite database of a data directory.
pub fn sqlite_file(data_dir: &Path) -> PathBuf {
    data_dir.join("hustings.sqlite")
}
