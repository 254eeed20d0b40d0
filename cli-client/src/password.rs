//! Reading a password: from the terminal without echo, or, when standard input is not a
//! terminal (a script, a pipe), as its first line.
//!
//! Echo is turned off with the terminal settings the client already uses for single key
//! presses (rustix's termios), so no crate is added for it. Ctrl-C while typing is caught,
//! so the terminal's echo always comes back before the process ends.

use std::io::IsTerminal;

use anyhow::{Context, bail};

/// Reads a password after `prompt` (written to stderr, on a terminal only).
pub async fn read(prompt: &str) -> anyhow::Result<String> {
    let line = if std::io::stdin().is_terminal() {
        read_hidden(prompt).await?
    } else {
        read_piped().await?
    };
    let password = line.trim_end_matches(['\n', '\r']).to_string();
    if password.is_empty() {
        bail!("no password given");
    }
    Ok(password)
}

/// A new password: asked twice on a terminal (a typo would lock the account out), once
/// from a pipe.
pub async fn read_new(prompt: &str) -> anyhow::Result<String> {
    let password = read(prompt).await?;
    if std::io::stdin().is_terminal() && read("Type it again: ").await? != password {
        bail!("the two passwords differ");
    }
    Ok(password)
}

/// A line typed in the open (a confirmation): after `prompt` on a terminal, else the next
/// line of standard input. Its end of line is removed.
pub async fn read_line(prompt: &str) -> anyhow::Result<String> {
    let line = if std::io::stdin().is_terminal() {
        read_terminal(prompt, false).await?
    } else {
        read_piped().await?
    };
    Ok(line.trim_end_matches(['\n', '\r']).to_string())
}

/// The first line of standard input, read on a thread (the runtime goes on meanwhile).
async fn read_piped() -> anyhow::Result<String> {
    let line = tokio::task::spawn_blocking(|| {
        let mut line = String::new();
        std::io::stdin().read_line(&mut line).map(|_| line)
    })
    .await
    .context("could not read the password")?
    .context("could not read the password from standard input")?;
    if line.is_empty() {
        bail!(
            "standard input ended before an answer: give the password (and each answer asked for) one a line"
        );
    }
    Ok(line)
}

/// One line typed at the terminal with echo off. The line is read on a plain thread, so
/// Ctrl-C can be waited on beside it and the echo put back before leaving (a thread still
/// blocked on the terminal does not keep the process: see main's `shutdown_background`).
async fn read_hidden(prompt: &str) -> anyhow::Result<String> {
    read_terminal(prompt, true).await
}

/// One line typed at the terminal, with echo off when `hide`; Ctrl-C is caught (a signal
/// handler is installed once a password was read, so it would not stop the process).
async fn read_terminal(prompt: &str, hide: bool) -> anyhow::Result<String> {
    use std::io::Write;
    eprint!("{prompt}");
    let _ = std::io::stderr().flush();
    let quiet = hide.then(NoEcho::start);
    let (tx, rx) = tokio::sync::oneshot::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = tx.send(std::io::stdin().read_line(&mut line).map(|_| line));
    });
    let line = tokio::select! {
        line = rx => line,
        _ = tokio::signal::ctrl_c() => {
            drop(quiet);
            eprintln!();
            bail!("interrupted");
        }
    };
    drop(quiet);
    match line {
        Ok(Ok(line)) if !line.is_empty() => Ok(line),
        Ok(Ok(_)) => {
            eprintln!();
            bail!("the terminal's input ended before an answer")
        }
        Ok(Err(e)) => Err(e).context("could not read the password"),
        Err(_) => bail!("could not read the password"),
    }
}

/// The terminal's echo turned off while it lives (the newline still shows, so the next
/// line starts where it should); put back when dropped.
struct NoEcho {
    #[cfg(unix)]
    saved: Option<rustix::termios::Termios>,
}

impl NoEcho {
    fn start() -> NoEcho {
        #[cfg(unix)]
        {
            use rustix::termios::{LocalModes, OptionalActions, tcgetattr, tcsetattr};
            let stdin = rustix::stdio::stdin();
            let saved = tcgetattr(stdin).ok();
            if let Some(saved) = &saved {
                let mut quiet = saved.clone();
                quiet.local_modes -= LocalModes::ECHO;
                quiet.local_modes |= LocalModes::ECHONL;
                let _ = tcsetattr(stdin, OptionalActions::Now, &quiet);
            }
            NoEcho { saved }
        }
        #[cfg(not(unix))]
        {
            // No termios: the password shows as it is typed.
            NoEcho {}
        }
    }
}

impl Drop for NoEcho {
    fn drop(&mut self) {
        #[cfg(unix)]
        if let Some(saved) = self.saved.take() {
            let _ = rustix::termios::tcsetattr(
                rustix::stdio::stdin(),
                rustix::termios::OptionalActions::Now,
                &saved,
            );
        }
    }
}
