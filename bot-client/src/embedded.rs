//! `tournament --embedded`: a `hustings-server --memory` child process on a free loopback
//! port, so the bot client stays a thin client of the contract (it links no server code).
//! The server binary is looked for beside the bot's own, then on `PATH`.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use anyhow::{Context, bail};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

/// The server binary's file name.
fn server_file() -> String {
    format!("hustings-server{}", std::env::consts::EXE_SUFFIX)
}

/// The `hustings-server` binary beside `exe` (the bot's own), else the first on `path` (a
/// `PATH` value); a clear error when there is none.
pub fn find_server(exe: &Path, path: Option<&std::ffi::OsStr>) -> anyhow::Result<PathBuf> {
    let name = server_file();
    if let Some(beside) = exe.parent().map(|d| d.join(&name))
        && beside.is_file()
    {
        return Ok(beside);
    }
    if let Some(found) = path
        .into_iter()
        .flat_map(std::env::split_paths)
        // An empty entry would be the current directory: not a place to look.
        .filter(|d| !d.as_os_str().is_empty())
        .map(|d| d.join(&name))
        .find(|p| p.is_file())
    {
        return Ok(found);
    }
    bail!(
        "--embedded runs `hustings-server --memory`, but there is no {name} beside {} or on \
         PATH: build it (`cargo build --release -p hustings-service` puts it beside \
         hustings-bot), or play on a running server with --server URL instead of --embedded",
        exe.display()
    )
}

/// A running child server; stopped by [`EmbeddedServer::stop`] (or killed when dropped).
pub struct EmbeddedServer {
    child: Child,
    url: String,
}

impl EmbeddedServer {
    /// Starts `hustings-server --memory --listen 127.0.0.1:0` and waits (up to 60 s) until
    /// it says where it listens.
    pub async fn start() -> anyhow::Result<EmbeddedServer> {
        let exe = std::env::current_exe().context("cannot tell where hustings-bot is")?;
        let bin = find_server(&exe, std::env::var_os("PATH").as_deref())?;
        let mut child = Command::new(&bin)
            .args(["--memory", "--listen", "127.0.0.1:0"])
            // The tournament is one address playing many matches at full speed: no limits
            // per client on a server of its own.
            .env("HUSTINGS_NO_CLIENT_LIMITS", "true")
            .env("RUST_LOG", "warn")
            .env_remove("HUSTINGS_LISTEN")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true)
            .spawn()
            .with_context(|| format!("could not start {}", bin.display()))?;
        let stdout = child.stdout.take().context("the server's stdout")?;
        let mut lines = BufReader::new(stdout).lines();
        let url = tokio::time::timeout(Duration::from_secs(60), async {
            while let Some(line) = lines.next_line().await? {
                if let Some(url) = line.strip_prefix("hustings-server listening on ") {
                    return Ok(Some(url.trim().to_string()));
                }
            }
            Ok::<_, std::io::Error>(None)
        })
        .await
        .with_context(|| format!("{} did not start listening within 60 s", bin.display()))??;
        let Some(url) = url else {
            let status = child.wait().await?;
            bail!("{} exited ({status}) before listening", bin.display());
        };
        // Keep reading its stdout, so it never blocks on a full pipe.
        tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
        Ok(EmbeddedServer { child, url })
    }

    /// Its URL, `http://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        self.url.clone()
    }

    /// Stops it and waits for it to exit.
    pub async fn stop(mut self) {
        let _ = self.child.start_kill();
        let _ = self.child.wait().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_server_is_found_beside_the_bot_then_on_path_else_a_clear_error() {
        let beside = tempfile::tempdir().expect("dir");
        let on_path = tempfile::tempdir().expect("dir");
        let bot = beside.path().join("hustings-bot");
        let path = std::env::join_paths([on_path.path()]).expect("path");
        let err = find_server(&bot, Some(&path)).expect_err("none anywhere");
        let text = format!("{err:#}");
        assert!(text.contains("hustings-server"), "{text}");
        assert!(
            text.contains("cargo build --release -p hustings-service"),
            "{text}"
        );

        std::fs::write(on_path.path().join(server_file()), "").expect("written");
        assert_eq!(
            find_server(&bot, Some(&path)).expect("on PATH"),
            on_path.path().join(server_file())
        );
        std::fs::write(beside.path().join(server_file()), "").expect("written");
        assert_eq!(
            find_server(&bot, Some(&path)).expect("beside"),
            beside.path().join(server_file())
        );
    }
}
