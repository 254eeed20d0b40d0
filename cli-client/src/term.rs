//! What the terminal offers: its size, redrawing the status line in place, and key presses
//! read one at a time (without Enter).
//!
//! Everything here applies only when standard output (or input, for keys) is a terminal;
//! piped output and scripted input stay plain lines, so transcripts and tests read the same
//! text a person sees, without escape codes or redraws.

use std::io::IsTerminal;

use tokio::sync::mpsc;

/// True when standard output is a terminal.
pub fn stdout_is_tty() -> bool {
    std::io::stdout().is_terminal()
}

/// The terminal's (columns, rows), when standard output is one that says.
pub fn size() -> Option<(usize, usize)> {
    #[cfg(unix)]
    {
        if !stdout_is_tty() {
            return None;
        }
        let ws = rustix::termios::tcgetwinsize(rustix::stdio::stdout()).ok()?;
        (ws.ws_col > 0 && ws.ws_row > 0).then_some((ws.ws_col as usize, ws.ws_row as usize))
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// Escape codes that rewrite the line above the cursor and put the cursor back where it
/// was, so a person typing an answer on the line below keeps the letters typed so far.
pub fn redraw_line_above(text: &str) -> String {
    // Save the cursor, go up one line to its start, clear it, write, restore the cursor.
    format!("\x1b7\x1b[1A\r\x1b[2K{text}\x1b8")
}

/// Key presses from a terminal, read without waiting for Enter and without echo while it
/// lives; the terminal's settings come back when it is dropped. Ctrl-C arrives as a key
/// (byte 3) rather than a signal, so the settings are always put back.
pub struct Keys {
    rx: mpsc::UnboundedReceiver<u8>,
    #[cfg(unix)]
    saved: Option<rustix::termios::Termios>,
}

impl Keys {
    /// Starts reading single keys from standard input, when it is a terminal.
    pub fn open() -> Option<Keys> {
        #[cfg(unix)]
        {
            use rustix::termios::{
                LocalModes, OptionalActions, SpecialCodeIndex, tcgetattr, tcsetattr,
            };
            if !std::io::stdin().is_terminal() {
                return None;
            }
            let stdin = rustix::stdio::stdin();
            let saved = tcgetattr(stdin).ok()?;
            let mut raw = saved.clone();
            raw.local_modes -= LocalModes::ICANON | LocalModes::ECHO | LocalModes::ISIG;
            raw.special_codes[SpecialCodeIndex::VMIN] = 1;
            raw.special_codes[SpecialCodeIndex::VTIME] = 0;
            tcsetattr(stdin, OptionalActions::Now, &raw).ok()?;
            let (tx, rx) = mpsc::unbounded_channel();
            std::thread::spawn(move || {
                use std::io::Read;
                let mut byte = [0u8; 1];
                let mut input = std::io::stdin();
                while let Ok(1) = input.read(&mut byte) {
                    if tx.send(byte[0]).is_err() {
                        break;
                    }
                }
            });
            Some(Keys {
                rx,
                saved: Some(saved),
            })
        }
        #[cfg(not(unix))]
        {
            None
        }
    }

    /// The next key pressed; `None` once input has ended.
    pub async fn next(&mut self) -> Option<u8> {
        self.rx.recv().await
    }
}

impl Drop for Keys {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_above_is_rewritten_and_the_cursor_comes_back() {
        let s = redraw_line_above("▶ you 0:09");
        assert!(s.starts_with("\x1b7\x1b[1A\r\x1b[2K"));
        assert!(s.ends_with("▶ you 0:09\x1b8"));
    }
}
