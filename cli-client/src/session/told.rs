//! What the session has already told the player, and the one way it tells them anything.
//!
//! The stream repeats itself: a reconnection resumes with a snapshot, and every update
//! carries the seats, who is to act and the outcome again. What the player was told is kept
//! here, apart from what is known of the match ([`super::state`]), so that each of these is
//! printed once, when it changes, and not on every update that repeats it.
//!
//! Everything the session prints goes through [`out`], so that a unit test can capture it
//! and so that the terminal knows whether the "waiting for …" line is still the last line
//! (which running clocks redraw in place).

use std::sync::atomic::{AtomicBool, Ordering};

/// What has been announced to the player so far, over every connection.
#[derive(Default)]
pub(super) struct Told {
    /// The match's header (who plays which seat) was shown.
    pub header_shown: bool,
    /// The seats last announced as "waiting for …".
    pub announced: Option<Vec<u32>>,
    /// The open seats last announced while the match was waiting for players.
    pub open_announced: Option<Vec<u32>>,
    /// Why the empty bot seats wait, as last shown (`MatchUpdate.bot_waits`).
    pub waits_announced: Option<Vec<String>>,
    /// The outcome was shown.
    pub over_shown: bool,
    /// "Waiting for the others to accept the rematch" was shown.
    pub rematch_told: bool,
    /// The player was told their clock is short (plain output), for the current prompt.
    pub warned: bool,
    /// The last "waiting for …" line, which running clocks extend on a terminal.
    pub waiting: Option<String>,
}

/// True while the last line printed is the "waiting for …" line, which a terminal's
/// running clocks redraw in place. Global rather than in [`Told`] because every print
/// clears it, and printing needs no session at hand.
static WAITING_SHOWN: AtomicBool = AtomicBool::new(false);

/// Marks the "waiting for …" line just printed as the last line.
pub(super) fn waiting_shown() {
    WAITING_SHOWN.store(true, Ordering::Relaxed);
}

/// Whether the "waiting for …" line is still the last line printed.
pub(super) fn waiting_is_last() -> bool {
    WAITING_SHOWN.load(Ordering::Relaxed)
}

/// Prints `text` to the player.
pub(super) fn out(text: &str) {
    WAITING_SHOWN.store(false, Ordering::Relaxed);
    out_raw(text);
}

/// Prints without ending the "waiting for …" line's turn as the last line (a redraw).
pub(super) fn out_raw(text: &str) {
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

#[cfg(test)]
thread_local! {
    /// What the session printed, when a unit test captures it.
    static CAPTURE: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f`, returning what it printed beside its result.
#[cfg(test)]
pub(super) fn capture<T>(f: impl FnOnce() -> T) -> (T, String) {
    CAPTURE.with(|c| *c.borrow_mut() = Some(String::new()));
    let r = f();
    let text = CAPTURE.with(|c| c.borrow_mut().take()).unwrap_or_default();
    (r, text)
}
