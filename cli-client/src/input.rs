//! Where choices come from: the terminal, a file, or standard input, one line at a time.
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

/// What a line typed at a prompt asks for.
#[derive(Debug, PartialEq, Eq)]
pub enum Answer {
    /// The choice at this index of the prompt (from 0).
    Choice(usize),
    /// Nothing (an empty line): ask again.
    Empty,
    /// Draw the board again.
    Board,
    /// Leave the match, keeping the seat.
    Quit,
    /// Concede the match.
    Resign,
    /// Not understood; the reason to show.
    Invalid(String),
}

/// Reads an answer to a prompt with `ids.len()` choices: a number from 1, or a choice id.
pub fn parse_answer(line: &str, ids: &[&str]) -> Answer {
    let line = line.trim();
    match line {
        "" => return Answer::Empty,
        "board" | "b" => return Answer::Board,
        "quit" | "q" | "exit" => return Answer::Quit,
        "resign" => return Answer::Resign,
        _ => {}
    }
    if let Ok(n) = line.parse::<usize>() {
        if (1..=ids.len()).contains(&n) {
            return Answer::Choice(n - 1);
        }
        return Answer::Invalid(format!(
            "{n} is not a choice: type a number from 1 to {}",
            ids.len()
        ));
    }
    if let Some(i) = ids.iter().position(|id| *id == line) {
        return Answer::Choice(i);
    }
    Answer::Invalid(format!(
        "{line:?} is not a choice: type a number from 1 to {} (or board, quit, resign)",
        ids.len()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    const IDS: [&str; 3] = ["dice:1d6", "dice:2d6", "convert:1"];

    #[test]
    fn numbers_count_from_one() {
        assert_eq!(parse_answer("1", &IDS), Answer::Choice(0));
        assert_eq!(parse_answer(" 3 ", &IDS), Answer::Choice(2));
    }

    #[test]
    fn out_of_range_and_garbage_are_refused_with_the_range() {
        for bad in ["0", "4", "-1", "two"] {
            match parse_answer(bad, &IDS) {
                Answer::Invalid(why) => assert!(why.contains("1 to 3"), "{why}"),
                other => panic!("{bad:?} gave {other:?}"),
            }
        }
    }

    #[test]
    fn ids_and_commands_are_understood() {
        assert_eq!(parse_answer("dice:2d6", &IDS), Answer::Choice(1));
        assert_eq!(parse_answer("", &IDS), Answer::Empty);
        assert_eq!(parse_answer("board", &IDS), Answer::Board);
        assert_eq!(parse_answer("quit", &IDS), Answer::Quit);
        assert_eq!(parse_answer("resign", &IDS), Answer::Resign);
    }

    #[tokio::test]
    async fn lines_arrive_in_order_then_end() {
        let mut input = Input::from_reader(std::io::Cursor::new("2\n1\n"), false);
        assert_eq!(input.next_line().await.as_deref(), Some("2"));
        assert_eq!(input.next_line().await.as_deref(), Some("1"));
        assert_eq!(input.next_line().await, None);
    }
}
