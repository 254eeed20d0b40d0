//! The seats' clocks: each one's time left, counted down on this computer since the server
//! sent it; the clocks as text for the screen's rule and the status line; and, once a
//! second while one runs, their redraw in place (or the warning that time is short).
//!
//! The server sends a clock only when it changes, so the time shown between two updates is
//! worked out here from when the last one arrived.

use std::time::Duration;

use hustings_proto::v1::SeatClock;

use super::state::Tracker;
use super::told::{Told, out, out_raw, waiting_is_last};
use super::{SHORT_TIME, Session};
use crate::render::{Style, seat_name};

impl Session {
    /// Once a second while a clock runs: on a terminal, the clocks are redrawn in place
    /// (above `> ` while asking, in the waiting line otherwise); in plain output the
    /// player is told once when their own clock passes under [`SHORT_TIME`].
    pub(super) fn on_tick(&self, t: &Tracker, told: &mut Told, asking: bool) {
        let tty = crate::term::stdout_is_tty();
        if asking {
            if tty {
                if let Some(s) = self.status_line(t) {
                    out_raw(&crate::term::redraw_line_above(&s));
                }
            } else if !told.warned && own_time_left(t).is_some_and(|d| d < SHORT_TIME) {
                told.warned = true;
                out(&format!("\n{}\n> ", self.warning(t)));
            }
        } else if tty
            && waiting_is_last()
            && let Some(line) = told.waiting.clone()
            && let Some(clocks) = clocks_text(t, &self.style)
        {
            out_raw(&crate::term::redraw_line_above(&format!(
                "{line}  {clocks}"
            )));
        }
    }
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
pub(super) fn own_time_left(t: &Tracker) -> Option<Duration> {
    let me = t.viewer?;
    t.clocks
        .iter()
        .find(|c| c.seat == me && c.running)
        .map(|c| time_left(t, c))
}

/// Each seat's time left, the running one marked `▶`; `None` when the match has no clock.
pub(super) fn clocks_text(t: &Tracker, style: &Style) -> Option<String> {
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
pub(super) fn clocks_line(t: &Tracker, style: &Style) -> Option<String> {
    clocks_text(t, style).map(|c| format!("  {} {c}", style.dim("Clocks:")))
}

/// `4:05`, or `1:02:03` from an hour up.
pub(super) fn clock_text(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use tokio::time::Instant;

    use crate::session::tests::seats;

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
}
