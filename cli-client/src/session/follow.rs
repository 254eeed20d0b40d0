//! One stream read until the match ends, the player leaves or the connection drops: the
//! updates taken in, the prompt shown once the stream is quiet, the player's lines
//! answered, and the Acts (and a resignation) sent on the same node as the stream.
//!
//! The reconnection loop around it ([`super::Session::run`]) only learns how the stream
//! ended ([`Break`]); a choice cut off by a drop is left in `resend` for the next stream.

use hustings_proto::servers::Failover;
use hustings_proto::v1::{ActRequest, MatchUpdate, ResignRequest, WatchMatchRequest};
use tokio::sync::mpsc;
use tokio::time::{Instant, sleep_until};
use tonic::{Code, Status, Streaming};

use super::clocks::own_time_left;
use super::state::Tracker;
use super::told::{Told, out};
use super::{End, Pending, QUIT, SHORT_TIME, Session, TICK};
use crate::asking::{Do, play_key};
use crate::client::{Client, connect_node, describe, is_transient};
use crate::input::Input;
use crate::render::prompt::Context;
use crate::render::{self, Layout};

/// How one pass over a stream ended.
pub(super) enum Break {
    /// The session is over.
    End(End),
    /// The connection dropped: reconnect.
    Dropped(String),
}

/// Why a stream could not be opened.
pub(super) enum OpenError {
    /// A network problem, worth retrying.
    Transient(String),
    /// A refusal that will not change (no such match, bad token).
    Refused(Status),
}

/// How sending one choice went.
enum ActResult {
    /// Applied (or overtaken by the match): wait for the stream.
    Sent,
    /// The connection dropped before the answer.
    Dropped(String),
    /// Refused: ask again.
    Retry,
}

/// Ctrl-C presses, as a channel that can be waited on beside everything else.
pub(super) fn interrupts() -> mpsc::UnboundedReceiver<()> {
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

/// The player's next line; never, for a spectator (who has no input).
async fn next_line(input: &mut Option<Input>) -> Option<String> {
    match input {
        Some(i) => i.next_line().await,
        None => std::future::pending().await,
    }
}

impl Session {
    /// Opens the match's stream on `node` from `from_version`; the client returned is that
    /// node's, for the Acts answering the stream's prompts.
    pub(super) async fn open(
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
    /// The node's client (for the Acts) comes with its stream, as [`Self::open`] made them.
    pub(super) async fn follow(
        &self,
        (mut client, mut stream): (Client, Streaming<MatchUpdate>),
        t: &mut Tracker,
        told: &mut Told,
        input: &mut Option<Input>,
        ctrl_c: &mut mpsc::UnboundedReceiver<()>,
        resend: &mut Option<(u64, String)>,
    ) -> anyhow::Result<Break> {
        let mut pending: Option<Pending> = None;
        // Once a second the clocks are redrawn (on a terminal) or the player warned that
        // their time is short (in plain output).
        let mut tick = tokio::time::interval(TICK);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        // Sends the choice `$id` for `$version`: once sent (or overtaken by the match, which
        // the stream then catches up with) the prompt is answered; a dropped connection ends
        // this stream (the choice is sent again after the reconnection); a refusal runs
        // `$refused`, where the player is asked again.
        macro_rules! send {
            ($version:expr, $id:expr, refused => $refused:expr) => {
                match self.act(&mut client, $version, $id, resend).await? {
                    ActResult::Sent => pending = None,
                    ActResult::Dropped(why) => return Ok(Break::Dropped(why)),
                    ActResult::Retry => $refused,
                }
            };
        }
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
                        if let Some(end) = self.handle(t, told, update, &mut pending) {
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
                    told.warned = own_time_left(t).is_some_and(|d| d < SHORT_TIME);
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
                        send!(p.version, &id, refused => {});
                        continue;
                    }
                    // The rest of a line that named several places, or the colour already
                    // chosen for this card.
                    let key = play_key(t.view.as_ref(), &p.prompt);
                    match t.answers.on_prompt(&p.prompt, &key, &t.log) {
                        Some(Do::Act { id }) => send!(p.version, &id, refused => {
                            self.say_refused(t);
                            self.show_prompt(t, p);
                        }),
                        Some(Do::Say(why)) => self.show_prompt_noted(t, p, Some(&why)),
                        Some(_) | None => self.show_prompt(t, p),
                    }
                },
                _ = tick.tick(), if clocks_run => self.on_tick(t, told, asking),
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
                            send!(p.version, &id, refused => {
                                self.say_refused(t);
                                out(&self.status_and_cursor(t));
                            });
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

    /// Says why the rest of a line's answers were not sent, if the refusal dropped any.
    fn say_refused(&self, t: &mut Tracker) {
        if let Some(why) = t.answers.refused() {
            out(&format!("{}\n", self.style.bad(&why)));
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
}
