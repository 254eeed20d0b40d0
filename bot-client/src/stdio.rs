//! The stdio adapter: an external engine, in any language, plays by reading one JSON line per
//! decision on its standard input and writing one choice id per line on its standard output.
//! The protocol is documented in docs/ais.md (section "External engines over stdin/stdout").
//!
//! An engine that answers something that is not a legal choice id, answers nothing within
//! the time limit, or exits, gets a clear message on standard error naming what it answered
//! and what it was asked, and the seat then takes the documented fallback: a random legal
//! choice, or resigning.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{Context, bail};
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::ai::Decision;
use crate::net::{Action, Decider};

/// What the seat does when the engine fails to give a legal answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Fallback {
    /// Take a random legal choice for this decision and carry on.
    Random,
    /// Resign the match.
    Resign,
}

/// One line sent to the engine.
#[derive(Serialize)]
pub struct Request<'a> {
    pub game: &'a str,
    pub seat: usize,
    pub version: u64,
    pub view: &'a serde_json::Value,
    pub prompt: PromptLine<'a>,
    pub choices: &'a [hustings_engine::Choice],
}

/// The prompt part of a request line.
#[derive(Serialize)]
pub struct PromptLine<'a> {
    pub seat: usize,
    pub text: &'a str,
}

/// An external engine process.
pub struct StdioEngine {
    command: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: mpsc::Receiver<std::io::Result<String>>,
    timeout: Duration,
    fallback: Fallback,
    rng: ChaCha8Rng,
    /// Messages about every failed answer, also printed on standard error.
    pub incidents: Arc<Mutex<Vec<String>>>,
    /// The engine stopped answering for good (exited or closed its output).
    gone: bool,
}

impl StdioEngine {
    /// Starts `command` (a program and its arguments, split like a shell would).
    pub fn spawn(
        command: &str,
        timeout: Duration,
        fallback: Fallback,
        seed: u64,
    ) -> anyhow::Result<Self> {
        let words = shell_words::split(command)
            .with_context(|| format!("cannot split the engine command '{command}'"))?;
        let Some((program, args)) = words.split_first() else {
            bail!("the engine command is empty");
        };
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .with_context(|| format!("cannot start the engine '{command}'"))?;
        let stdin = child.stdin.take();
        let stdout = child
            .stdout
            .take()
            .context("the engine has no standard output")?;
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        Ok(StdioEngine {
            command: command.to_string(),
            child,
            stdin,
            lines,
            timeout,
            fallback,
            rng: ChaCha8Rng::seed_from_u64(seed),
            incidents: Arc::new(Mutex::new(Vec::new())),
            gone: false,
        })
    }

    /// Sends one request line and waits for the answer line. `Err` describes what went wrong.
    fn ask(&mut self, line: &str) -> Result<String, String> {
        if self.gone {
            return Err("the engine has stopped answering earlier".into());
        }
        // Drop any late answer to an earlier request that timed out.
        while let Ok(Ok(_)) = self.lines.try_recv() {}
        let Some(stdin) = self.stdin.as_mut() else {
            return Err("the engine's input is closed".into());
        };
        if let Err(e) = stdin
            .write_all(line.as_bytes())
            .and_then(|_| stdin.write_all(b"\n"))
            .and_then(|_| stdin.flush())
        {
            self.gone = true;
            return Err(format!(
                "could not write to the engine ({e}); has it exited?"
            ));
        }
        match self.lines.recv_timeout(self.timeout) {
            Ok(Ok(answer)) => Ok(answer),
            Ok(Err(e)) => {
                self.gone = true;
                Err(format!("could not read the engine's answer ({e})"))
            }
            Err(mpsc::RecvTimeoutError::Timeout) => Err(format!(
                "no answer within {:.1} s",
                self.timeout.as_secs_f64()
            )),
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                self.gone = true;
                Err("the engine closed its output (exited?) without answering".into())
            }
        }
    }
}

/// Shortens a text for an error message.
fn clip(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        format!(
            "{}… ({} bytes in all)",
            s.chars().take(max).collect::<String>(),
            s.len()
        )
    }
}

impl Decider for StdioEngine {
    fn describe(&self) -> String {
        format!("engine '{}'", self.command)
    }

    fn decide(&mut self, decision: &Decision, version: u64) -> anyhow::Result<Action> {
        let request = Request {
            game: decision.game,
            seat: decision.seat,
            version,
            view: decision.view,
            prompt: PromptLine {
                seat: decision.prompt.seat,
                text: &decision.prompt.text,
            },
            choices: &decision.prompt.choices,
        };
        let line = serde_json::to_string(&request)?;
        let problem = match self.ask(&line) {
            Ok(answer) => {
                let id = answer.trim();
                if decision.prompt.find(id).is_some() {
                    return Ok(Action::Choose(id.to_string()));
                }
                format!(
                    "answered '{}', which is not one of the legal choice ids ({})",
                    clip(id, 80),
                    hustings_engine::legal_list(Some(decision.prompt))
                )
            }
            Err(e) => e,
        };
        let fallback = match self.fallback {
            Fallback::Random => {
                let choice = decision
                    .prompt
                    .choices
                    .choose(&mut self.rng)
                    .map(|c| c.id.clone())
                    .context("the prompt offers no choice")?;
                let text = format!("falling back to a random legal choice: '{choice}'");
                (Action::Choose(choice), text)
            }
            Fallback::Resign => (Action::Resign, "falling back to resigning the match".into()),
        };
        let message = format!(
            "engine '{}' failed at version {version} (seat {}, prompt \"{}\"): it {problem}; {}",
            self.command,
            decision.seat,
            clip(&decision.prompt.text, 100),
            fallback.1
        );
        eprintln!("hustings-bot: {message}");
        tracing::warn!("{message}");
        if let Ok(mut list) = self.incidents.lock() {
            list.push(message);
        }
        Ok(fallback.0)
    }
}

impl Drop for StdioEngine {
    fn drop(&mut self) {
        // Closing its input tells a well-behaved engine to stop; then make sure it does.
        self.stdin.take();
        std::thread::sleep(Duration::from_millis(20));
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}
