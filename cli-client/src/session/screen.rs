//! What the player sees of the match: the header printed once, the screen (the rule with
//! the version and clocks, the board, the last events and the prompt), the status line
//! above `> `, and the prompt shown on its own.
//!
//! All of it is drawn from what is known of the match ([`Tracker`]) and nothing else, so
//! the same state always draws the same screen; whether to draw it is decided by the
//! callers, which know what was already told.

use hustings_proto::v1::Prompt;

use super::clocks::{clock_text, clocks_line, clocks_text, own_time_left};
use super::state::Tracker;
use super::told::out;
use super::{Pending, SHORT_TIME, Session};
use crate::render::frame::{self, Frame};
use crate::render::prompt::Context;
use crate::render::{self, Layout, Size, seat_name};

impl Session {
    /// The match's heading, printed once: the match, who the player is, and the seats.
    pub(super) fn print_header(&self, t: &Tracker) {
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
    pub(super) fn screen_with(
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

    /// The screen without a prompt.
    pub(super) fn board_text(&self, t: &Tracker) -> String {
        self.screen(t, None)
    }

    /// The prompt's screen, its status line and `> `.
    pub(super) fn show_prompt(&self, t: &Tracker, p: &Pending) {
        self.show_prompt_noted(t, p, None);
    }

    /// The prompt's screen with `note` (why queued answers stopped) just above its status
    /// line and `> `.
    pub(super) fn show_prompt_noted(&self, t: &Tracker, p: &Pending, note: Option<&str>) {
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
    pub(super) fn status_line(&self, t: &Tracker) -> Option<String> {
        let clocks = clocks_text(t, &self.style)?;
        if own_time_left(t).is_some_and(|d| d < SHORT_TIME) {
            Some(format!("  {}  {}", self.warning(t), clocks))
        } else {
            Some(format!("  {} {clocks}", self.style.dim("⏱")))
        }
    }

    /// "⚠ 0:07 left on your clock", painted as a warning.
    pub(super) fn warning(&self, t: &Tracker) -> String {
        let left = own_time_left(t).unwrap_or_default();
        self.style.bad(&format!(
            "⚠ {} left on your clock: answer now",
            clock_text(left)
        ))
    }

    /// A line for the player at the prompt, then the status line and `> ` again.
    pub(super) fn say_at_prompt(&self, t: &Tracker, text: &str) {
        out(&format!("{}\n", self.style.bad(text)));
        out(&self.status_and_cursor(t));
    }

    /// The status line (when there is one) and the `> ` the player types at.
    pub(super) fn status_and_cursor(&self, t: &Tracker) -> String {
        match self.status_line(t) {
            Some(s) => format!("{s}\n> "),
            None => "> ".to_string(),
        }
    }
}
