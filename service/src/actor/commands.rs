//! The command loop: one task per match takes its commands one at a time, and wakes by
//! itself for a clock, an absence past its grace, or leaving memory.

use tokio::sync::mpsc;
use tracing::debug;

use super::{Command, MatchActor};

impl MatchActor {
    /// Runs the actor until it is told to shut down, or leaves memory (see
    /// [`Self::evict_at`]).
    pub async fn run(
        mut self,
        mut rx: mpsc::UnboundedReceiver<Box<Command>>,
        me: mpsc::WeakUnboundedSender<Box<Command>>,
    ) {
        self.me = Some(me);
        // Clocks start (again) now: time while the server was down is nobody's.
        self.sync_lifecycle();
        loop {
            let deadline = self.next_deadline();
            let evict = self.evict_at();
            let wake = deadline.into_iter().chain(evict).min();
            let cmd = match wake {
                Some(at) => tokio::select! {
                    cmd = rx.recv() => cmd,
                    _ = tokio::time::sleep_until(at) => {
                        if evict.is_some_and(|e| e <= tokio::time::Instant::now()) && rx.is_empty() {
                            if self.evict().await {
                                break;
                            }
                        } else if deadline.is_some_and(|d| d <= tokio::time::Instant::now()) {
                            self.on_deadline().await;
                        }
                        continue;
                    }
                },
                None => rx.recv().await,
            };
            let Some(cmd) = cmd else { break };
            // A pool connecting somewhere is no activity of this match's: it does not keep
            // an idle match in memory.
            if !matches!(*cmd, Command::PoolsChanged | Command::LeaseLost) {
                self.last_activity = tokio::time::Instant::now();
            }
            match *cmd {
                Command::Join {
                    seat,
                    name,
                    kind,
                    account,
                    reply,
                } => {
                    let r = self.join(seat, name, kind, account).await;
                    let _ = reply.send(r);
                }
                Command::Act {
                    seat,
                    version,
                    choice,
                    reply,
                } => {
                    let r = self.act(seat, version, &choice).await;
                    let _ = reply.send(r);
                }
                Command::Resign { seat, reply } => {
                    let r = self.resign(seat).await;
                    let _ = reply.send(r);
                }
                Command::Watch {
                    viewer,
                    from_version,
                    json,
                    reply,
                } => {
                    let r = self.watch(viewer, from_version, json);
                    let _ = reply.send(r);
                }
                Command::Seat { key, reply } => {
                    let _ = reply.send(self.seat_of(&key));
                }
                Command::ToAct { reply } => {
                    let _ = reply.send(Ok(self.deciding()));
                }
                Command::Unwatch { id } => self.unwatch(id),
                Command::Resync { id } => self.resync(id),
                Command::Replay { reply } => {
                    let _ = reply.send(self.replay());
                }
                Command::ReplayView { version, reply } => {
                    let _ = reply.send(self.replay_view(version));
                }
                Command::PoolsChanged => self.pools_changed(),
                Command::LeaseLost => {}
                Command::Shutdown => break,
            }
            // Another node took the match over (this node's write was fenced, or its lease
            // renewal found it gone): this actor's state may be behind the match's.
            if !self.host.store().holds(&self.record.id) {
                self.fenced();
                break;
            }
        }
        // Commands that arrived after the hub let go of this actor are dropped unanswered:
        // the hub sends them again to the rebuilt one.
        rx.close();
        while rx.try_recv().is_ok() {}
        debug!(match_id = %self.record.id, "match actor stopped");
    }
}
