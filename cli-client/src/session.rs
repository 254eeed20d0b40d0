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

use std::time::Duration;

use hustings_proto::servers::{Failover, Servers};
use hustings_proto::v1::{
    ActRequest, Choice, GameView, LogEntry, MatchStatus, MatchUpdate, Origin, Prompt,
    ResignRequest, SeatClock, SeatSummary, WatchMatchRequest,
};
use tokio::sync::mpsc;
use tokio::time::{Instant, sleep, sleep_until};
use tonic::{Code, Status, Streaming};

use std::sync::atomic::{AtomicBool, Ordering};

use crate::asking::{Answers, Do, play_key};
use crate::client::{Client, connect_node, describe, is_transient};
use crate::input::Input;
use crate::lobby::server_flag;
use crate::reference::Reference;
use crate::render::frame::{self, Frame};
use crate::render::prompt::Context;
use crate::render::{self, Layout, Size, Style, seat_name};

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

/// True while the last line printed is the "waiting for …" line, which a terminal's
/// running clocks redraw in place.
static WAITING_SHOWN: AtomicBool = AtomicBool::new(false);

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

/// What the client knows of the match so far.
#[derive(Default)]
struct Tracker {
    /// Updates received so far, over every connection.
    updates: u64,
    version: Option<u64>,
    last_seq: Option<u64>,
    log: Vec<LogEntry>,
    seats: Vec<SeatSummary>,
    view: Option<GameView>,
    /// The match's fixed data, from the first message of the stream.
    reference: Reference,
    viewer: Option<u32>,
    status: i32,
    header_shown: bool,
    /// The seats last announced as "waiting for …".
    announced: Option<Vec<u32>>,
    /// The open seats last announced while the match was waiting for players.
    open_announced: Option<Vec<u32>>,
    /// Why the empty bot seats wait, as last shown (`MatchUpdate.bot_waits`).
    waits_announced: Option<Vec<String>>,
    /// Each seat's clock as last received, and when it was received.
    clocks: Vec<SeatClock>,
    clocks_at: Option<Instant>,
    /// The outcome was shown.
    over_shown: bool,
    /// "Waiting for the others to accept the rematch" was shown.
    rematch_told: bool,
    /// How the match ended, once it has.
    outcome: Option<hustings_proto::v1::Outcome>,
    /// Answers queued beyond the current prompt, questions pending, the layout chosen.
    answers: Answers,
    /// The player was told their clock is short (plain output), for the current prompt.
    warned: bool,
    /// The last "waiting for …" line, which running clocks extend on a terminal.
    waiting: Option<String>,
}

/// How one pass over a stream ended.
enum Break {
    /// The session is over.
    End(End),
    /// The connection dropped: reconnect.
    Dropped(String),
}

#[cfg(test)]
thread_local! {
    /// What the session printed, when a unit test captures it.
    static CAPTURE: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

fn out(text: &str) {
    WAITING_SHOWN.store(false, Ordering::Relaxed);
    out_raw(text);
}

/// Prints without ending the "waiting for …" line's turn as the last line (a redraw).
fn out_raw(text: &str) {
    #[cfg(test)]
    if CAPTURE.with(|c| {
        c.borrow_mut()
            .as_mut()
            .map(|buf| buf.push_str(text))
            .is_some()
    }) {
        return;
    }
    crate::stdout::write(text);
}

/// Ctrl-C presses, as a channel that can be waited on beside everything else.
fn interrupts() -> mpsc::UnboundedReceiver<()> {
    let (tx, rx) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        while tokio::signal::ctrl_c().await.is_ok() {
            if tx.send(()).is_err() {
                break;
            }
        }
    });
    rx
}

async fn next_line(input: &mut Option<Input>) -> Option<String> {
    match input {
        Some(i) => i.next_line().await,
        None => std::future::pending().await,
    }
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
        let mut t = Tracker::default();
        let mut failures = 0u32;
        let mut reconnecting = false;
        let mut drops = 0u32;
        // A choice whose Act was cut off by a drop: (version, choice id).
        let mut resend: Option<(u64, String)> = None;
        loop {
            let opened = self.open(&node, t.version.unwrap_or(0)).await;
            let (client, stream) = match opened {
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
                .follow(client, stream, &mut t, input, &mut ctrl_c, &mut resend)
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

    /// Opens the match's stream on `node` from `from_version`; the client returned is that
    /// node's, for the Acts answering the stream's prompts.
    async fn open(
        &self,
        node: &Failover,
        from_version: u64,
    ) -> Result<(Client, Streaming<MatchUpdate>), OpenError> {
        let mut client = connect_node(node)
            .await
            .map_err(|e| OpenError::Transient(format!("{e:#}")))?;
        let stream = client
            .watch_match(WatchMatchRequest {
                match_id: self.match_id.clone(),
                token: self.token.clone().unwrap_or_default(),
                from_version,
                include_json_view: true,
                seat: self.account_seat(),
            })
            .await
            .map_err(|s| {
                if is_transient(&s) {
                    OpenError::Transient(describe(&s))
                } else {
                    OpenError::Refused(s)
                }
            })?
            .into_inner();
        Ok((client, stream))
    }

    /// Reads one stream until the match ends, the player leaves, or the connection drops.
    async fn follow(
        &self,
        mut client: Client,
        mut stream: Streaming<MatchUpdate>,
        t: &mut Tracker,
        input: &mut Option<Input>,
        ctrl_c: &mut mpsc::UnboundedReceiver<()>,
        resend: &mut Option<(u64, String)>,
    ) -> anyhow::Result<Break> {
        let mut pending: Option<Pending> = None;
        // Once a second the clocks are redrawn (on a terminal) or the player warned that
        // their time is short (in plain output).
        let mut tick = tokio::time::interval(TICK);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        loop {
            let show_at = pending.as_ref().filter(|p| !p.shown).map(|p| p.show_at);
            let asking = pending.as_ref().is_some_and(|p| p.shown);
            let clocks_run = t.clocks.iter().any(|c| c.running);
            tokio::select! {
                // Ctrl-C first: it wins over whatever else is ready at the same moment.
                biased;
                _ = ctrl_c.recv() => return Ok(Break::End(self.leave(End::Interrupted))),
                msg = stream.message() => match msg {
                    Ok(Some(update)) => {
                        if let Some(end) = self.handle(t, update, &mut pending) {
                            return Ok(Break::End(end));
                        }
                    }
                    Ok(None) => return Ok(Break::Dropped("the server closed the stream".into())),
                    Err(status) if is_transient(&status) => {
                        return Ok(Break::Dropped(describe(&status)));
                    }
                    Err(status) => anyhow::bail!("{}", describe(&status)),
                },
                _ = sleep_until(show_at.unwrap_or_else(Instant::now)), if show_at.is_some() => {
                    let Some(p) = pending.as_mut() else { continue };
                    p.shown = true;
                    // A prompt shown with little time left carries the warning already.
                    t.warned = own_time_left(t).is_some_and(|d| d < SHORT_TIME);
                    // A choice cut off by a drop is sent again, once, if still on offer.
                    if let Some((version, id)) = resend.take()
                        && version == p.version
                        && p.prompt.choices.iter().any(|c| c.id == id)
                    {
                        out(&format!("{}\n", self.style.dim(&format!("(sending {id} again after the reconnection)"))));
                        match self.act(&mut client, version, &id, resend).await? {
                            ActResult::Sent => { pending = None; continue; }
                            ActResult::Dropped(why) => return Ok(Break::Dropped(why)),
                            ActResult::Retry => {}
                        }
                    }
                    if let Some(id) = p.auto.clone() {
                        self.show_prompt(t, p);
                        out(&format!("{id}\n"));
                        let version = p.version;
                        match self.act(&mut client, version, &id, resend).await? {
                            ActResult::Sent => pending = None,
                            ActResult::Dropped(why) => return Ok(Break::Dropped(why)),
                            ActResult::Retry => {}
                        }
                        continue;
                    }
                    // The rest of a line that named several places, or the colour already
                    // chosen for this card.
                    let key = play_key(t.view.as_ref(), &p.prompt);
                    match t.answers.on_prompt(&p.prompt, &key, &t.log) {
                        Some(Do::Act { id }) => {
                            let version = p.version;
                            match self.act(&mut client, version, &id, resend).await? {
                                ActResult::Sent => pending = None,
                                ActResult::Dropped(why) => return Ok(Break::Dropped(why)),
                                ActResult::Retry => {
                                    if let Some(why) = t.answers.refused() {
                                        out(&format!("{}\n", self.style.bad(&why)));
                                    }
                                    self.show_prompt(t, p);
                                }
                            }
                        }
                        Some(Do::Say(why)) => self.show_prompt_noted(t, p, Some(&why)),
                        Some(_) | None => self.show_prompt(t, p),
                    }
                },
                _ = tick.tick(), if clocks_run => self.on_tick(t, asking),
                line = next_line(input), if asking => {
                    let Some(p) = pending.as_ref() else { continue };
                    // Leaving at the rematch offer leaves a finished match: nothing to resume.
                    let over = p.prompt.choices.iter().any(|c| c.id == "rematch");
                    let Some(line) = line else {
                        if over {
                            out("\n");
                            return Ok(Break::End(End::Finished));
                        }
                        let end = if input.as_ref().is_some_and(|i| i.interactive) {
                            End::Left
                        } else {
                            out("\n");
                            out(&self.style.bad("The choices ran out before the end of the match.\n"));
                            End::InputEnded
                        };
                        return Ok(Break::End(self.leave(end)));
                    };
                    if input.as_ref().is_some_and(|i| !i.interactive) {
                        out(&format!("{line}\n"));
                    }
                    let key = play_key(t.view.as_ref(), &p.prompt);
                    match t.answers.on_line(&line, &p.prompt, &key) {
                        Do::Act { id } => {
                            if id == QUIT {
                                return Ok(Break::End(End::Finished));
                            }
                            let version = p.version;
                            match self.act(&mut client, version, &id, resend).await? {
                                ActResult::Sent => pending = None,
                                ActResult::Dropped(why) => return Ok(Break::Dropped(why)),
                                ActResult::Retry => {
                                    if let Some(why) = t.answers.refused() {
                                        out(&format!("{}\n", self.style.bad(&why)));
                                    }
                                    out(&self.status_and_cursor(t));
                                }
                            }
                        }
                        Do::Say(text) => self.say_at_prompt(t, &text),
                        Do::Wait => out(&self.status_and_cursor(t)),
                        Do::Help => {
                            out(crate::answer::help());
                            out(&self.status_and_cursor(t));
                        }
                        Do::Lookup(q) => {
                            out(&crate::lookup::lookup(&q, t.view.as_ref(), &t.reference, &self.style));
                            out(&self.status_and_cursor(t));
                        }
                        Do::Choices => {
                            let ctx = Context { view: t.view.as_ref(), reference: &t.reference };
                            for l in render::prompt::lines(&p.prompt, ctx, &self.style, Layout::Full, usize::MAX, usize::MAX) {
                                out(&format!("{l}\n"));
                            }
                            out(&self.status_and_cursor(t));
                        }
                        Do::Redraw => {
                            let mut again = p.clone();
                            again.redraw = true;
                            self.show_prompt(t, &again);
                        }
                        Do::Quit if over => return Ok(Break::End(End::Finished)),
                        Do::Quit => return Ok(Break::End(self.leave(End::Left))),
                        Do::Resign => {
                            let token = self.token.clone().unwrap_or_default();
                            let req = ResignRequest { match_id: self.match_id.clone(), token, seat: self.account_seat() };
                            match client.resign(req).await {
                                Ok(_) => {
                                    out("You resigned.\n");
                                    pending = None;
                                }
                                Err(s) if is_transient(&s) => return Ok(Break::Dropped(describe(&s))),
                                Err(s) => self.say_at_prompt(t, &self.style.bad(&describe(&s))),
                            }
                        }
                    }
                },
            }
        }
    }

    /// A line for the player at the prompt, then the status line and `> ` again.
    fn say_at_prompt(&self, t: &Tracker, text: &str) {
        out(&format!("{}\n", self.style.bad(text)));
        out(&self.status_and_cursor(t));
    }

    /// The status line (when there is one) and the `> ` the player types at.
    fn status_and_cursor(&self, t: &Tracker) -> String {
        match self.status_line(t) {
            Some(s) => format!("{s}\n> "),
            None => "> ".to_string(),
        }
    }

    /// Once a second while a clock runs: on a terminal, the clocks are redrawn in place
    /// (above `> ` while asking, in the waiting line otherwise); in plain output the
    /// player is told once when their own clock passes under [`SHORT_TIME`].
    fn on_tick(&self, t: &mut Tracker, asking: bool) {
        let tty = crate::term::stdout_is_tty();
        if asking {
            if tty {
                if let Some(s) = self.status_line(t) {
                    out_raw(&crate::term::redraw_line_above(&s));
                }
            } else if !t.warned && own_time_left(t).is_some_and(|d| d < SHORT_TIME) {
                t.warned = true;
                out(&format!("\n{}\n> ", self.warning(t)));
            }
        } else if tty
            && WAITING_SHOWN.load(Ordering::Relaxed)
            && let Some(line) = t.waiting.clone()
            && let Some(clocks) = clocks_text(t, &self.style)
        {
            out_raw(&crate::term::redraw_line_above(&format!(
                "{line}  {clocks}"
            )));
        }
    }

    /// Sends one choice.
    async fn act(
        &self,
        client: &mut Client,
        version: u64,
        id: &str,
        resend: &mut Option<(u64, String)>,
    ) -> anyhow::Result<ActResult> {
        let req = ActRequest {
            match_id: self.match_id.clone(),
            token: self.token.clone().unwrap_or_default(),
            version,
            choice_id: id.to_string(),
            seat: self.account_seat(),
        };
        match client.act(req).await {
            Ok(_) => Ok(ActResult::Sent),
            Err(s) if s.code() == Code::Aborted => {
                out(&format!(
                    "{}\n",
                    self.style
                        .dim("The match moved on before that choice arrived; catching up.")
                ));
                Ok(ActResult::Sent)
            }
            Err(s) if is_transient(&s) => {
                *resend = Some((version, id.to_string()));
                Ok(ActResult::Dropped(describe(&s)))
            }
            Err(s) if s.code() == Code::FailedPrecondition => {
                out(&format!("{}\n", self.style.bad(&describe(&s))));
                Ok(ActResult::Retry)
            }
            Err(s) => Err(anyhow::anyhow!(describe(&s))),
        }
    }

    /// Takes in one update: prints what is new, and returns an ending when the match is over.
    fn handle(
        &self,
        t: &mut Tracker,
        u: MatchUpdate,
        pending: &mut Option<Pending>,
    ) -> Option<End> {
        let style = &self.style;
        t.updates += 1;
        let resuming = t.version.is_some();
        if !u.snapshot && t.version.is_some_and(|v| u.version < v) {
            return None;
        }
        let newer = t.version.is_none_or(|v| u.version > v);
        if !u.seats.is_empty() {
            if t.header_shown {
                out(&presence_changes(&t.seats, &u.seats, u.viewer_seat, style));
            }
            t.seats = u.seats.clone();
            t.answers.seats = t.seats.len();
        }
        t.reference.absorb(&u);
        if let Some(mut view) = u.view.clone() {
            t.reference.fill(&mut view);
            t.view = Some(view);
        }
        if !u.clocks.is_empty() {
            t.clocks = u.clocks.clone();
            t.clocks_at = Some(Instant::now());
        }
        t.viewer = u.viewer_seat;
        t.status = u.status;
        if !t.header_shown {
            t.header_shown = true;
            self.print_header(t);
        }
        if newer
            && !u.snapshot
            && let Some(a) = &u.last_action
        {
            out(&format!(
                "{}\n",
                render::last_action(a, &t.seats, t.viewer, style)
            ));
        }
        // A choice was taken back: the log got shorter and its positions are used again.
        // Show the take-back entries and go on from the log's new end.
        let undone = resuming
            && u.snapshot
            && u.last_action
                .as_ref()
                .is_some_and(|a| a.choice_id == "undo");
        let fresh: Vec<LogEntry> = if undone {
            u.log.iter().filter(|e| e.kind == "undo").cloned().collect()
        } else {
            u.log
                .iter()
                .filter(|e| t.last_seq.is_none_or(|s| e.seq > s))
                .cloned()
                .collect()
        };
        if undone {
            t.last_seq = u
                .log
                .iter()
                .filter(|e| e.kind != "undo")
                .map(|e| e.seq)
                .max();
        } else if let Some(last) = fresh
            .iter()
            .filter(|e| e.origin() == Origin::Game)
            .map(|e| e.seq)
            .max()
        {
            // The service's own entries take the position of the next game entry: they
            // never move the log on.
            t.last_seq = Some(last);
        }
        // A fresh stream's whole log is shown once, under the first board; later entries
        // are printed as they come.
        let first_snapshot = u.snapshot && !resuming;
        if !first_snapshot {
            for e in &fresh {
                out(&format!("{}\n", render::log_entry(e, style)));
            }
        }
        t.log.extend(fresh);
        t.version = Some(t.version.map_or(u.version, |v| v.max(u.version)));

        if let Some(o) = &u.outcome {
            if !t.over_shown {
                t.over_shown = true;
                t.outcome = Some(o.clone());
                *pending = None;
                // The final board with the outcome under it, room left for the end prompt.
                let result: Vec<String> = render::outcome(o, &t.seats, t.viewer, style)
                    .lines()
                    .map(str::to_string)
                    .collect();
                let asks = self.token.is_some() && (self.ask_rematch || self.rematches > 0);
                out(&self.screen_with(t, None, result, if asks { END_PROMPT } else { 0 }, true));
            }
            return self.after_the_end(t, u, pending);
        }
        if u.status == MatchStatus::Finished as i32 {
            out("The match is over.\n");
            return Some(End::Finished);
        }
        if u.status == MatchStatus::Waiting as i32 {
            let open: Vec<u32> = t
                .seats
                .iter()
                .filter(|s| !s.taken)
                .map(|s| s.seat)
                .collect();
            if first_snapshot {
                out(&self.board_text(t));
            }
            if t.open_announced.as_ref() != Some(&open) {
                let names: Vec<String> = open.iter().map(|&s| seat_name(&t.seats, s)).collect();
                out(&format!(
                    "{} {}\n",
                    style.dim("Waiting for players to join:"),
                    names.join(", ")
                ));
                t.open_announced = Some(open);
            }
            let waits: Vec<String> = u.bot_waits.iter().map(|w| w.text.clone()).collect();
            if t.waits_announced.as_ref() != Some(&waits) {
                out(&bot_waits_text(
                    &u.bot_waits,
                    &t.seats,
                    &self.servers.to_string(),
                ));
                t.waits_announced = Some(waits);
            }
            return None;
        }
        match u.prompt {
            Some(prompt) if t.viewer == Some(prompt.seat) && self.token.is_some() => {
                let same = pending
                    .as_ref()
                    .is_some_and(|p| p.version == u.version && p.prompt == prompt);
                if !same {
                    *pending = Some(Pending {
                        version: u.version,
                        prompt,
                        shown: false,
                        show_at: Instant::now() + SETTLE,
                        auto: None,
                        redraw: false,
                    });
                }
                t.announced = None;
            }
            _ => {
                if pending.as_ref().is_some_and(|p| p.version < u.version) {
                    *pending = None;
                }
                let announce = !u.to_act.is_empty() && t.announced.as_ref() != Some(&u.to_act);
                if first_snapshot || (announce && self.token.is_none()) {
                    out(&self.board_text(t));
                }
                if announce {
                    let names: Vec<String> = u
                        .to_act
                        .iter()
                        .map(|&s| style.seat_bold(s, &seat_name(&t.seats, s)))
                        .collect();
                    let line = format!("{} {}…", style.dim("waiting for"), names.join(", "));
                    out(&format!("{line}\n"));
                    WAITING_SHOWN.store(true, Ordering::Relaxed);
                    t.waiting = Some(line);
                    t.announced = Some(u.to_act.clone());
                }
            }
        }
        None
    }

    /// Once the match is over: the rematch offer (asked, or answered by itself with
    /// --rematches), the wait for the others, and the rematch to follow.
    fn after_the_end(
        &self,
        t: &mut Tracker,
        u: MatchUpdate,
        pending: &mut Option<Pending>,
    ) -> Option<End> {
        if self.token.is_none() || (self.rematches == 0 && !self.ask_rematch) {
            return Some(End::Finished);
        }
        if !u.rematch_match_id.is_empty() {
            out(&format!(
                "{} {}\n",
                self.style.good("Rematch: the seats rotate; on to match"),
                self.style.bold(&u.rematch_match_id)
            ));
            let seats = t.seats.len() as u32;
            let seat = t.viewer.filter(|_| seats > 0).map(|v| (v + 1) % seats);
            if let Ok(mut next) = self.rematch.lock() {
                *next = Some(Rematch {
                    match_id: u.rematch_match_id,
                    seat,
                });
            }
            return Some(End::Rematch);
        }
        let offer = u
            .prompt
            .filter(|p| t.viewer == Some(p.seat) && p.choices.iter().any(|c| c.id == "rematch"));
        match offer {
            Some(mut prompt) => {
                // The end prompt offers leaving as well as the rematch.
                prompt.choices.push(Choice {
                    id: QUIT.into(),
                    label: "Leave (no rematch)".into(),
                    kind: QUIT.into(),
                    ..Default::default()
                });
                let same = pending
                    .as_ref()
                    .is_some_and(|p| p.version == u.version && p.prompt == prompt);
                if !same {
                    *pending = Some(Pending {
                        version: u.version,
                        prompt,
                        shown: false,
                        show_at: Instant::now() + SETTLE,
                        auto: (self.rematches > 0).then(|| "rematch".to_string()),
                        redraw: false,
                    });
                }
                None
            }
            None if t.viewer.is_some_and(|v| u.rematch_offers.contains(&v)) => {
                if !t.rematch_told {
                    t.rematch_told = true;
                    out(&format!(
                        "{}\n",
                        self.style
                            .dim("Waiting for the others to accept the rematch… (Ctrl-C leaves)")
                    ));
                }
                None
            }
            None => Some(End::Finished),
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

    fn print_header(&self, t: &Tracker) {
        let style = &self.style;
        let who = match t.viewer {
            Some(s) => format!(
                "you play {} (seat {s})",
                style.seat_bold(s, &seat_name(&t.seats, s))
            ),
            None => "watching as a spectator".to_string(),
        };
        // This client is connected, whatever the server knew when it sent the snapshot.
        let mut seats = t.seats.clone();
        for s in seats.iter_mut().filter(|s| Some(s.seat) == t.viewer) {
            s.connected = true;
        }
        out(&format!(
            "{} {} — {who}\n  {}\n",
            style.heading("Match"),
            style.bold(&self.match_id),
            render::seats_line(&seats, style)
        ));
    }

    /// The layout in force: the one the player switched to, else the session's.
    fn layout(&self, t: &Tracker) -> Layout {
        t.answers.layout.unwrap_or(self.layout)
    }

    /// The header line of a screen: the match and its version, and the clocks; once the
    /// match is over, that it is and why.
    fn rule(&self, t: &Tracker) -> String {
        let style = &self.style;
        let head = format!(
            "──── match {} · version {} ",
            self.match_id,
            t.version.unwrap_or(0)
        );
        if let Some(o) = &t.outcome {
            let why = if o.reason.is_empty() {
                String::new()
            } else {
                format!(": {}", o.reason)
            };
            return format!(
                "{}{} {}",
                style.dim(&head),
                style.heading(&format!("· THE MATCH IS OVER{why}")),
                style.dim("────")
            );
        }
        match clocks_line(t, style) {
            Some(clocks) => format!("{}{}{}", style.dim(&head), clocks, style.dim(" ────")),
            None => style.dim(&format!("{head}{}", "─".repeat(20))),
        }
    }

    /// The screen: header, board, last events and, when asking, the prompt and the
    /// status line.
    fn screen(&self, t: &Tracker, prompt: Option<&Prompt>) -> String {
        self.screen_with(t, prompt, Vec::new(), 0, true)
    }

    /// [`Self::screen`] with `tail` after the last events, leaving `spare` rows free, with
    /// the status line under a prompt when `status` (else the caller prints it).
    fn screen_with(
        &self,
        t: &Tracker,
        prompt: Option<&Prompt>,
        tail: Vec<String>,
        spare: usize,
        status: bool,
    ) -> String {
        let style = &self.style;
        let layout = self.layout(t);
        let full = Size::of_terminal();
        let board = t
            .view
            .as_ref()
            .map(|v| render::board(v, &t.seats, style, layout, full))
            .unwrap_or_default();
        let ctx = Context {
            view: t.view.as_ref(),
            reference: &t.reference,
        };
        let f = Frame {
            rule: self.rule(t),
            board,
            log: &t.log,
            log_lines: self.log_lines,
            tail,
            prompt: prompt.map(|p| (p, ctx)),
            status: prompt.filter(|_| status).and_then(|_| self.status_line(t)),
        };
        // The status line and a note under the screen take rows of their own: the log and
        // the prompt get fewer.
        let size = Size {
            height: full.height.saturating_sub(spare),
            ..full
        };
        frame::compose(&f, style, layout, size)
    }

    fn board_text(&self, t: &Tracker) -> String {
        self.screen(t, None)
    }

    fn show_prompt(&self, t: &Tracker, p: &Pending) {
        self.show_prompt_noted(t, p, None);
    }

    /// The prompt's screen with `note` (why queued answers stopped) just above its status
    /// line and `> `.
    fn show_prompt_noted(&self, t: &Tracker, p: &Pending, note: Option<&str>) {
        if t.outcome.is_some() && !p.redraw {
            // The final board and the outcome are on screen just above.
            let ctx = Context {
                view: t.view.as_ref(),
                reference: &t.reference,
            };
            let width = Size::of_terminal().width;
            for l in render::prompt::lines(&p.prompt, ctx, &self.style, self.layout(t), 8, width) {
                out(&format!("{l}\n"));
            }
        } else {
            // The status line and the note come under the screen: leave them their rows.
            let spare = usize::from(note.is_some()) + usize::from(self.status_line(t).is_some());
            out(&self.screen_with(t, Some(&p.prompt), Vec::new(), spare, false));
        }
        if let Some(n) = note {
            out(&format!("{}\n", self.style.bad(n)));
        }
        out(&self.status_and_cursor(t));
    }

    /// The line above `> `: every clock with the player's own first, and a warning when
    /// it runs under [`SHORT_TIME`]; `None` without a clock.
    fn status_line(&self, t: &Tracker) -> Option<String> {
        let clocks = clocks_text(t, &self.style)?;
        if own_time_left(t).is_some_and(|d| d < SHORT_TIME) {
            Some(format!("  {}  {}", self.warning(t), clocks))
        } else {
            Some(format!("  {} {clocks}", self.style.dim("⏱")))
        }
    }

    /// "⚠ 0:07 left on your clock", painted as a warning.
    fn warning(&self, t: &Tracker) -> String {
        let left = own_time_left(t).unwrap_or_default();
        self.style.bad(&format!(
            "⚠ {} left on your clock: answer now",
            clock_text(left)
        ))
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

/// Why each empty bot seat waits, with what would end the wait: a pool to start, or an AI a
/// pool offers.
fn bot_waits_text(
    waits: &[hustings_proto::v1::BotWait],
    seats: &[SeatSummary],
    server: &str,
) -> String {
    use hustings_proto::v1::BotWaitReason;
    let mut text = String::new();
    for w in waits {
        text += &format!("{}: {}\n", seat_name(seats, w.seat), w.text);
        if w.reason == BotWaitReason::AiNotOffered as i32 {
            let offered = w.offered.first().map_or("greedy", String::as_str);
            text += &format!(
                "  No pool can play '{}': create the match again with an AI a pool offers \
                 (--bot {}={offered}), or start a pool that plays it.\n",
                w.ai, w.seat
            );
        } else {
            // A pool plays the AI a seat asks for; --ai is only for seats that ask for none.
            text += &format!(
                "  Start a bot pool to fill it: hustings-bot pool --ai greedy{}\n",
                server_flag(server)
            );
        }
    }
    text
}

/// A clock's time left now: counted down since it was received, while it runs.
fn time_left(t: &Tracker, c: &SeatClock) -> Duration {
    let left = Duration::from_millis(c.remaining_ms);
    if c.running {
        let since = t.clocks_at.map(|at| at.elapsed()).unwrap_or_default();
        left.saturating_sub(since)
    } else {
        left
    }
}

/// The player's own time left, while their clock runs.
fn own_time_left(t: &Tracker) -> Option<Duration> {
    let me = t.viewer?;
    t.clocks
        .iter()
        .find(|c| c.seat == me && c.running)
        .map(|c| time_left(t, c))
}

/// Each seat's time left, the running one marked `▶`; `None` when the match has no clock.
fn clocks_text(t: &Tracker, style: &Style) -> Option<String> {
    if t.clocks.is_empty() {
        return None;
    }
    let parts: Vec<String> = t
        .clocks
        .iter()
        .map(|c| {
            let mark = if c.running { "▶ " } else { "" };
            let name = seat_name(&t.seats, c.seat);
            let name = if t.viewer == Some(c.seat) {
                format!("you ({name})")
            } else {
                name
            };
            format!(
                "{mark}{} {}",
                style.seat_bold(c.seat, &name),
                clock_text(time_left(t, c))
            )
        })
        .collect();
    Some(parts.join(" · "))
}

/// The clocks for a screen's header line, or `None` when the match has no clock.
fn clocks_line(t: &Tracker, style: &Style) -> Option<String> {
    clocks_text(t, style).map(|c| format!("  {} {c}", style.dim("Clocks:")))
}

/// `4:05`, or `1:02:03` from an hour up.
fn clock_text(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// Lines telling that other players joined, left or came back.
fn presence_changes(
    old: &[SeatSummary],
    new: &[SeatSummary],
    viewer: Option<u32>,
    style: &Style,
) -> String {
    let mut text = String::new();
    for n in new.iter().filter(|n| Some(n.seat) != viewer) {
        let Some(o) = old.iter().find(|o| o.seat == n.seat) else {
            continue;
        };
        let who = style.seat_bold(n.seat, &n.name);
        let what = if !o.taken && n.taken {
            let by = if n.player_name.is_empty() {
                String::new()
            } else {
                format!(" ({})", n.player_name)
            };
            format!("{who}{by} joined")
        } else if o.connected && !n.connected {
            format!("{who} is away (disconnected)")
        } else if o.taken && !o.connected && n.connected {
            format!("{who} is connected")
        } else {
            continue;
        };
        text += &format!("{}\n", style.dim(&format!("· {what}")));
    }
    text
}

enum OpenError {
    /// A network problem, worth retrying.
    Transient(String),
    /// A refusal that will not change (no such match, bad token).
    Refused(Status),
}

enum ActResult {
    /// Applied (or overtaken by the match): wait for the stream.
    Sent,
    /// The connection dropped before the answer.
    Dropped(String),
    /// Refused: ask again.
    Retry,
}

#[cfg(test)]
mod tests {
    use super::*;

    use hustings_proto::v1::{Choice, LastAction};

    fn capture<T>(f: impl FnOnce() -> T) -> (T, String) {
        CAPTURE.with(|c| *c.borrow_mut() = Some(String::new()));
        let r = f();
        let text = CAPTURE.with(|c| c.borrow_mut().take()).unwrap_or_default();
        (r, text)
    }

    fn session(token: Option<&str>) -> Session {
        Session {
            servers: Servers::one(crate::DEFAULT_SERVER),
            match_id: "m1".into(),
            token: token.map(str::to_string),
            seat: None,
            style: Style::PLAIN,
            layout: render::Layout::Compact,
            log_lines: 8,
            rematches: 0,
            ask_rematch: false,
            rematch: Default::default(),
        }
    }

    fn seats() -> Vec<SeatSummary> {
        ["Democrat", "Republican"]
            .iter()
            .enumerate()
            .map(|(i, n)| SeatSummary {
                seat: i as u32,
                name: n.to_string(),
                taken: true,
                connected: true,
                ..Default::default()
            })
            .collect()
    }

    fn entry(seq: u64) -> LogEntry {
        LogEntry {
            seq,
            text: format!("event {seq}"),
            ..Default::default()
        }
    }

    /// An update of a two-seat match seen by seat 0, with log entries `from..to`.
    fn update(version: u64, snapshot: bool, log: std::ops::Range<u64>, to_act: u32) -> MatchUpdate {
        MatchUpdate {
            match_id: "m1".into(),
            version,
            snapshot,
            viewer_seat: Some(0),
            status: MatchStatus::Active as i32,
            view: None,
            log: log.map(entry).collect(),
            to_act: vec![to_act],
            prompt: (to_act == 0).then(|| Prompt {
                seat: 0,
                text: "Roll?".into(),
                choices: vec![Choice {
                    id: "dice:1d6".into(),
                    label: "Roll 1D6".into(),
                    ..Default::default()
                }],
            }),
            seats: seats(),
            last_action: (!snapshot).then(|| LastAction {
                seat: if to_act == 0 { 1 } else { 0 },
                choice_id: "x".into(),
                label: format!("move {version}"),
                ..Default::default()
            }),
            outcome: None,
            ..Default::default()
        }
    }

    #[test]
    fn views_after_the_first_message_get_its_fixed_data_back() {
        use hustings_proto::v1::{
            GameView, MatchReference, PresidencyCard, PresidencyPlayer, PresidencyReference,
            PresidencySpace, PresidencyView, game_view, match_reference,
        };
        let card = |description: &str| PresidencyCard {
            id: "ally".into(),
            name: "Ally".into(),
            description: description.into(),
        };
        let space = PresidencySpace {
            number: 1,
            name: "Start".into(),
            description: "collect $1M".into(),
            ..Default::default()
        };
        let view = |board: Vec<PresidencySpace>, description: &str| GameView {
            json: String::new(),
            game: Some(game_view::Game::Presidency(PresidencyView {
                players: vec![PresidencyPlayer {
                    position: 1,
                    candidates: vec![card(description)],
                    ..Default::default()
                }],
                board,
                ..Default::default()
            })),
        };
        let s = session(Some("tok"));
        let mut t = Tracker::default();
        let mut pending = None;
        let mut first = update(2, true, 0..3, 1);
        first.view = Some(view(vec![space.clone()], "an ally helps"));
        first.reference = Some(MatchReference {
            game: Some(match_reference::Game::Presidency(PresidencyReference {
                board: vec![space.clone()],
                cards: vec![card("an ally helps")],
            })),
            help: None,
        });
        capture(|| s.handle(&mut t, first, &mut pending));
        let mut next = update(3, false, 3..4, 1);
        next.view = Some(view(Vec::new(), ""));
        capture(|| s.handle(&mut t, next, &mut pending));
        let Some(game_view::Game::Presidency(p)) = t.view.as_ref().and_then(|v| v.game.as_ref())
        else {
            panic!("a Presidential Race view")
        };
        assert_eq!(p.board, vec![space]);
        assert_eq!(p.players[0].candidates[0].description, "an ally helps");
        assert!(s.board_text(&t).contains("collect $1M"));
    }

    #[test]
    fn catching_up_shows_each_log_entry_once() {
        let s = session(Some("tok"));
        let mut t = Tracker::default();
        let mut pending = None;
        let (_, first) = capture(|| s.handle(&mut t, update(3, true, 0..5, 1), &mut pending));
        assert!(first.contains("event 4"));
        assert!(first.contains("waiting for Republican…"));
        // After a drop the stream resumes from version 3: versions 4 and 5, then a resync
        // snapshot holding the whole log again, then a repeat of version 5.
        let (_, later) = capture(|| {
            s.handle(&mut t, update(4, false, 5..7, 1), &mut pending);
            s.handle(&mut t, update(5, false, 7..8, 1), &mut pending);
            s.handle(&mut t, update(5, true, 0..8, 1), &mut pending);
            s.handle(&mut t, update(5, false, 7..8, 1), &mut pending);
        });
        for seq in 5..8 {
            assert_eq!(
                later.matches(&format!("event {seq}\n")).count(),
                1,
                "{later}"
            );
        }
        assert!(!later.contains("event 4\n"), "{later}");
        assert_eq!(later.matches("move 5").count(), 1, "{later}");
        // The wait was already announced: not again for the same seat.
        assert!(!later.contains("waiting for"), "{later}");
        assert_eq!(t.version, Some(5));
        assert!(pending.is_none());
    }

    #[test]
    fn a_prompt_for_this_seat_waits_to_be_shown_and_a_newer_version_replaces_it() {
        let s = session(Some("tok"));
        let mut t = Tracker::default();
        let mut pending = None;
        capture(|| s.handle(&mut t, update(2, true, 0..3, 0), &mut pending));
        let p = pending.as_ref().expect("a prompt for seat 0");
        assert_eq!(p.version, 2);
        assert!(!p.shown, "shown only once the stream is quiet");
        // A later version where the other seat acts withdraws it.
        let (_, text) = capture(|| s.handle(&mut t, update(3, false, 3..4, 1), &mut pending));
        assert!(pending.is_none());
        assert!(text.contains("▶ You (Democrat) chose: move 3"), "{text}");
        assert!(text.contains("waiting for Republican…"), "{text}");
    }

    #[test]
    fn a_spectator_is_never_prompted_and_sees_the_board_each_turn() {
        let s = session(None);
        let mut t = Tracker::default();
        let mut pending = None;
        let mut u = update(2, true, 0..3, 0);
        u.viewer_seat = None;
        let (_, text) = capture(|| s.handle(&mut t, u, &mut pending));
        assert!(pending.is_none());
        assert!(text.contains("watching as a spectator"), "{text}");
        assert!(text.contains("waiting for Democrat…"), "{text}");
        assert!(text.contains("──── match m1 · version 2"), "{text}");
    }

    #[test]
    fn the_outcome_ends_the_session() {
        let s = session(Some("tok"));
        let mut t = Tracker::default();
        let mut pending = None;
        let mut u = update(9, false, 0..2, 1);
        u.outcome = Some(hustings_proto::v1::Outcome {
            winners: vec![0],
            reason: "Democrat wins 51 to 49".into(),
            ..Default::default()
        });
        u.status = MatchStatus::Finished as i32;
        let (end, text) = capture(|| s.handle(&mut t, u, &mut pending));
        assert_eq!(end, Some(End::Finished));
        assert!(text.contains("Winner: Democrat"), "{text}");
        assert!(text.contains("You won!"), "{text}");
    }

    #[test]
    fn other_players_joining_leaving_and_returning_are_told() {
        let mut old = seats();
        old[1].taken = false;
        old[1].connected = false;
        let mut joined = seats();
        joined[1].player_name = "bob".into();
        let text = presence_changes(&old, &joined, Some(0), &Style::PLAIN);
        assert_eq!(text, "· Republican (bob) joined\n");
        let mut away = joined.clone();
        away[1].connected = false;
        let text = presence_changes(&joined, &away, Some(0), &Style::PLAIN);
        assert_eq!(text, "· Republican is away (disconnected)\n");
        let text = presence_changes(&away, &joined, Some(0), &Style::PLAIN);
        assert_eq!(text, "· Republican is connected\n");
        // Nothing is said about the viewer's own seat, or when nothing changed.
        assert_eq!(presence_changes(&joined, &away, Some(1), &Style::PLAIN), "");
        assert_eq!(
            presence_changes(&joined, &joined, Some(0), &Style::PLAIN),
            ""
        );
    }

    #[test]
    fn leaving_prints_the_resume_command() {
        let s = session(Some("abc123"));
        let (end, text) = capture(|| s.leave(End::Interrupted));
        assert_eq!(end, End::Interrupted);
        assert!(
            text.contains("hustings play --match m1 --token abc123"),
            "{text}"
        );
        // The account's seat needs no token to resume, only the account's login.
        let mine = Session {
            seat: Some(1),
            ..session(Some(""))
        };
        let (_, text) = capture(|| mine.leave(End::Left));
        assert!(
            text.contains("hustings play --match m1 --seat 1\n"),
            "{text}"
        );
        assert!(!text.contains("--token"), "{text}");
    }

    #[test]
    fn a_timeout_note_is_shown_and_the_next_entry_is_not_lost() {
        let s = session(Some("tok"));
        let mut t = Tracker::default();
        let mut pending = None;
        capture(|| s.handle(&mut t, update(3, true, 0..3, 1), &mut pending));
        let mut u = update(4, false, 3..5, 1);
        u.log.push(LogEntry {
            seq: 5,
            kind: "timeout".into(),
            text: "Republican ran out of time; the default choice was made: Roll".into(),
            origin: Origin::Service as i32,
            ..Default::default()
        });
        let (_, text) = capture(|| {
            s.handle(&mut t, u, &mut pending);
            s.handle(&mut t, update(5, false, 5..6, 1), &mut pending);
        });
        assert!(text.contains("Republican ran out of time"), "{text}");
        assert!(text.contains("event 5\n"), "{text}");
    }

    #[test]
    fn the_clocks_line_shows_each_seats_time_and_which_runs() {
        let t = Tracker {
            seats: seats(),
            clocks: vec![
                SeatClock {
                    seat: 0,
                    remaining_ms: 605_000,
                    running: false,
                },
                SeatClock {
                    seat: 1,
                    remaining_ms: 3_725_500,
                    running: true,
                },
            ],
            clocks_at: Some(Instant::now()),
            ..Tracker::default()
        };
        let line = clocks_line(&t, &Style::PLAIN).expect("a clocked match");
        assert_eq!(line, "  Clocks: Democrat 10:05 · ▶ Republican 1:02:05");
        assert!(clocks_line(&Tracker::default(), &Style::PLAIN).is_none());
    }

    #[test]
    fn backoff_doubles_up_to_a_ceiling() {
        assert_eq!(backoff(1), Duration::from_millis(250));
        assert_eq!(backoff(2), Duration::from_millis(500));
        assert_eq!(backoff(3), Duration::from_secs(1));
        assert_eq!(backoff(10), MAX_BACKOFF);
    }

    #[test]
    fn endings_have_distinct_exit_codes() {
        assert_eq!(End::Finished.exit_code(), 0);
        assert_eq!(End::Interrupted.exit_code(), 130);
        assert_ne!(End::InputEnded.exit_code(), 0);
    }
}
