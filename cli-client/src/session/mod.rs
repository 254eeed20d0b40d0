//! Following a match to its end — as a seat that answers prompts, or as a spectator.
//!
//! The session keeps the last version it has seen. When the connection drops it reconnects
//! with backoff and asks the stream to resume from that version, so nothing is missed and
//! nothing is shown twice (log entries are de-duplicated by their sequence number). A
//! choice whose Act was cut off by a drop is sent again once the same prompt comes back.
//! Given several nodes of a cluster, the stream and the Acts keep to one node, and each
//! reconnection goes to the next node of the list ("Lost node A; trying B").
//!
//! A prompt is shown only once the stream has been quiet for a moment, so that catching up
//! after a reconnect (many versions in a burst) never asks a question that is already
//! answered — and never consumes a scripted answer meant for a later prompt.
//!
//! Two records outlive each connection, and are kept apart because they change for
//! different reasons: what the client knows of the match ([`state`], from the server's
//! updates) and what it has already told the player ([`told`], so that a header, a wait or
//! an outcome is printed once however often an update repeats it). Drawing a screen reads
//! only the first; deciding whether to print reads the second.
//!
//! This file holds the session and the reconnection loop. The rest, one concept a file:
//! - [`follow`]: one stream read until it ends, the player's lines and the Acts they send;
//! - [`update`]: one update taken in: what it prints, the prompt it leaves, the end;
//! - [`state`]: the match as known, and applying an update to it;
//! - [`told`]: what was announced, and the one way anything is printed;
//! - [`screen`]: the header, the screen with its board, the prompt and the status line;
//! - [`clocks`]: the seats' clocks counted down, as text, redrawn once a second;
//! - [`presence`]: players joining, leaving, coming back, and why bot seats wait.

mod clocks;
mod follow;
mod presence;
mod screen;
mod state;
mod told;
mod update;

#[cfg(test)]
mod tests;

use std::time::Duration;

use hustings_proto::servers::Servers;
use hustings_proto::v1::Prompt;
use tokio::time::{Instant, sleep};

use crate::client::describe;
use crate::input::Input;
use crate::lobby::server_flag;
use crate::render::{self, Style};

use follow::{Break, OpenError, interrupts};
use state::Tracker;
use told::{Told, out};

/// How long the stream must be quiet before a prompt is shown.
const SETTLE: Duration = Duration::from_millis(60);
/// First wait before reconnecting; it doubles on each failure up to [`MAX_BACKOFF`].
const FIRST_BACKOFF: Duration = Duration::from_millis(250);
/// Longest wait between two reconnection attempts.
const MAX_BACKOFF: Duration = Duration::from_secs(5);
/// Failed attempts in a row before giving up (about two and a half minutes).
const MAX_ATTEMPTS: u32 = 35;
/// How often running clocks are redrawn.
const TICK: Duration = Duration::from_secs(1);
/// Time left on the player's own clock under which the prompt warns.
const SHORT_TIME: Duration = Duration::from_secs(10);
/// The choice added to the end-of-match prompt: leave without a rematch.
const QUIT: &str = "quit";
/// Rows the end-of-match prompt takes under the final board.
const END_PROMPT: usize = 4;

/// Why a session ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// The match is over.
    Finished,
    /// The player typed `quit` (or closed the terminal's input).
    Left,
    /// Ctrl-C.
    Interrupted,
    /// The choices file ran out before the match ended.
    InputEnded,
    /// The match is over and its rematch has started: follow it (see
    /// [`Session::take_rematch`]).
    Rematch,
}

impl End {
    /// The process exit code for this ending.
    pub fn exit_code(self) -> i32 {
        match self {
            End::Finished | End::Left | End::Rematch => 0,
            End::InputEnded => 3,
            End::Interrupted => 130,
        }
    }
}

/// One seat's (or a spectator's) connection to a match.
pub struct Session {
    /// The server's address, or the nodes of a cluster.
    pub servers: Servers,
    /// The match followed.
    pub match_id: String,
    /// The seat token; `None` to watch as a spectator. Empty: the seat of the account
    /// whose credential the calls carry (see `seat`).
    pub token: Option<String>,
    /// With an empty token: which of the account's seats this is. Always given then, so a
    /// seat the account does not hold is refused rather than watched as a spectator.
    pub seat: Option<u32>,
    /// Output painting.
    pub style: Style,
    /// How boards are drawn.
    pub layout: render::Layout,
    /// Log entries shown under the board.
    pub log_lines: usize,
    /// Rematches to offer or accept by themselves (and follow) at the end of a match.
    pub rematches: u32,
    /// Ask the player at the end whether to offer or accept a rematch (a terminal).
    pub ask_rematch: bool,
    /// The rematch the last match led to, once it started.
    pub rematch: std::sync::Mutex<Option<Rematch>>,
}

/// The rematch a match led to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rematch {
    pub match_id: String,
    /// This player's seat there: the seats rotate by one (seat i's player gets i+1).
    pub seat: Option<u32>,
}

/// A prompt received for this seat.
#[derive(Clone)]
struct Pending {
    version: u64,
    prompt: Prompt,
    /// Shown to the player (answers are read only after that).
    shown: bool,
    /// When to show it if the stream stays quiet.
    show_at: Instant,
    /// Answer it by itself with this choice (a rematch with --rematches).
    auto: Option<String>,
    /// Draw the whole screen again before it (the player typed `board`).
    redraw: bool,
}

fn backoff(attempt: u32) -> Duration {
    let factor = 1u32 << attempt.saturating_sub(1).min(5);
    (FIRST_BACKOFF * factor).min(MAX_BACKOFF)
}

impl Session {
    /// Follows the match to its end, answering prompts from `input` (none for a spectator).
    pub async fn run(&self, input: &mut Option<Input>) -> anyhow::Result<End> {
        let mut ctrl_c = interrupts();
        // The node the stream and the Acts go to; the next one after each failure.
        let mut node = self.servers.failover();
        let several = self.servers.several();
        // Both outlive each connection: a reconnection resumes from what is known, and
        // tells the player nothing twice.
        let mut t = Tracker::default();
        let mut told = Told::default();
        let mut failures = 0u32;
        let mut reconnecting = false;
        let mut drops = 0u32;
        // A choice whose Act was cut off by a drop: (version, choice id).
        let mut resend: Option<(u64, String)> = None;
        loop {
            let opened = self.open(&node, t.version.unwrap_or(0)).await;
            let connection = match opened {
                Ok(pair) => {
                    if reconnecting {
                        let to = if several {
                            format!(" to {}", node.url())
                        } else {
                            String::new()
                        };
                        out(&format!(
                            "{}\n",
                            self.style.good(&format!(
                                "Reconnected{to}; catching up from version {}.",
                                t.version.unwrap_or(0)
                            ))
                        ));
                    }
                    failures = 0;
                    pair
                }
                Err(OpenError::Refused(status)) => {
                    anyhow::bail!("{}", describe(&status));
                }
                Err(OpenError::Transient(why)) => {
                    failures += 1;
                    reconnecting = true;
                    if failures > MAX_ATTEMPTS {
                        self.print_resume();
                        anyhow::bail!("giving up after {MAX_ATTEMPTS} attempts: {why}");
                    }
                    let delay = backoff(failures);
                    let (lost, next) = node.advance();
                    let text = if several {
                        format!(
                            "Cannot reach node {lost} ({why}); trying {next} in {:.1}s (attempt {failures})…",
                            delay.as_secs_f32()
                        )
                    } else {
                        format!(
                            "Cannot reach the server ({why}); retrying in {:.1}s (attempt {failures})…",
                            delay.as_secs_f32()
                        )
                    };
                    out(&format!("{}\n", self.style.bad(&text)));
                    tokio::select! {
                        _ = sleep(delay) => continue,
                        _ = ctrl_c.recv() => return Ok(self.leave(End::Interrupted)),
                    }
                }
            };
            let seen = t.updates;
            match self
                .follow(
                    connection,
                    &mut t,
                    &mut told,
                    input,
                    &mut ctrl_c,
                    &mut resend,
                )
                .await?
            {
                Break::End(end) => return Ok(end),
                Break::Dropped(why) => {
                    reconnecting = true;
                    // A stream that drops before bringing anything counts as a failed
                    // attempt, so a flapping connection backs off and is given up on too.
                    drops = if t.updates == seen { drops + 1 } else { 1 };
                    if drops > MAX_ATTEMPTS {
                        self.print_resume();
                        anyhow::bail!("giving up after {MAX_ATTEMPTS} dropped connections: {why}");
                    }
                    let delay = backoff(drops);
                    let (lost, next) = node.advance();
                    let text = if several {
                        format!(
                            "Lost node {lost} ({why}); trying {next} in {:.1}s…",
                            delay.as_secs_f32()
                        )
                    } else {
                        format!(
                            "Connection lost ({why}); reconnecting in {:.1}s…",
                            delay.as_secs_f32()
                        )
                    };
                    out(&format!("{}\n", self.style.bad(&text)));
                    tokio::select! {
                        _ = sleep(delay) => {}
                        _ = ctrl_c.recv() => return Ok(self.leave(End::Interrupted)),
                    }
                }
            }
        }
    }

    /// The rematch the last run led to (taken once).
    pub fn take_rematch(&self) -> Option<Rematch> {
        self.rematch.lock().ok().and_then(|mut r| r.take())
    }

    /// The account's seat the calls are for: only with an empty seat token (a token names
    /// its seat itself).
    fn account_seat(&self) -> Option<u32> {
        self.seat.filter(|_| self.token.as_deref() == Some(""))
    }

    /// Prints how to come back, and returns the ending.
    fn leave(&self, end: End) -> End {
        out("\n");
        match end {
            End::Finished => {}
            _ if self.token.is_some() => self.print_resume(),
            _ => out("Stopped watching.\n"),
        }
        end
    }

    fn print_resume(&self) {
        let server = server_flag(&self.servers.to_string());
        match self.token.as_deref() {
            None => {}
            // The account's seat: its credential is enough, from any computer.
            Some("") => {
                let seat = self
                    .seat
                    .map(|s| format!(" --seat {s}"))
                    .unwrap_or_default();
                out(&format!(
                    "You left the match; your account keeps the seat. Resume with (from any computer logged in to it):\n  hustings{server} play --match {}{seat}\n",
                    self.match_id
                ));
            }
            Some(token) => out(&format!(
                "You left the match; your seat is kept. Resume with:\n  hustings{server} play --match {} --token {token}\n",
                self.match_id
            )),
        }
    }
}
