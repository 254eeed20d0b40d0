//! Where answers come from: the terminal, a file, or standard input, one line at a time
//! (what a line means is [`crate::answer`]'s business).
//!
//! Lines are read on their own thread and handed over a channel, so the match stream, the
//! prompt and Ctrl-C can all be waited on together. A plain thread (not a blocking tokio
//! task) is used so that leaving never waits for a read that will not finish.

use std::io::{BufRead, BufReader, IsTerminal};
use std::path::Path;

use anyhow::Context;
use tokio::sync::mpsc;

/// A source of answer lines.
pub struct Input {
    lines: mpsc::UnboundedReceiver<String>,
    /// True when a person types at a terminal (their typing is already on screen); false
    /// for a file or a pipe, whose answers are echoed so the transcript shows them.
    pub interactive: bool,
}

impl Input {
    /// Standard input, or the file at `path` (`-` is standard input).
    pub fn open(path: Option<&Path>) -> anyhow::Result<Input> {
        match path {
            Some(p) if p != Path::new("-") => {
                let file = std::fs::File::open(p)
                    .with_context(|| format!("cannot open the choices file {}", p.display()))?;
                Ok(Self::from_reader(BufReader::new(file), false))
            }
            _ => {
                let interactive = std::io::stdin().is_terminal();
                Ok(Self::from_reader(
                    BufReader::new(std::io::stdin()),
                    interactive,
                ))
            }
        }
    }

    /// Lines from any reader, read on a thread of their own.
    pub fn from_reader<R: BufRead + Send + 'static>(reader: R, interactive: bool) -> Input {
        let (tx, rx) = mpsc::unbounded_channel();
        std::thread::spawn(move || {
            for line in reader.lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Input {
            lines: rx,
            interactive,
        }
    }

    /// The next line; `None` once the source is exhausted.
    pub async fn next_line(&mut self) -> Option<String> {
        self.lines.recv().await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn lines_arrive_in_order_then_end() {
        let mut input = Input::from_reader(std::io::Cursor::new("2\n1\n"), false);
        assert_eq!(input.next_line().await.as_deref(), Some("2"));
        assert_eq!(input.next_line().await.as_deref(), Some("1"));
        assert_eq!(input.next_line().await, None);
    }
}
