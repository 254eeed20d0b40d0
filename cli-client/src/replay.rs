//! `hustings replay`: step through a finished match, choice by choice, optionally with the
//! board of every version.
//!
//! GetReplay gives the set-up, the seed and every choice with its log. The boards come from
//! GetReplayView: a finished match as a spectator saw it at one version (its view and the
//! match's reference), fetched as the player steps to it.
//!
//! On a terminal keys act at once (no Enter): Enter, space, `n` or → the next choice, `p`
//! or ← the previous one, `a` all the rest, `q` (or Esc, Ctrl-C) stops. From a pipe or a
//! file the same come as lines (an empty line is the next choice).

use std::time::Duration;

use hustings_proto::v1::{GetReplayRequest, GetReplayViewRequest, Replay, SeatSummary};

use crate::client::{Client, status_error};
use crate::input::Input;
use crate::reference::Reference;
use crate::render::frame::{self, Frame};
use crate::render::style::count;
use crate::render::{self, Layout, Size, Style, seat_name};
use crate::term::Keys;

/// What the player asks for between two steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Next,
    Back,
    All,
    Quit,
}

/// Where the steps come from: keys on a terminal, lines otherwise.
enum Stepper {
    Keys(Keys),
    Lines(Input),
}

/// The next key when it comes at once (the rest of an escape sequence).
async fn follow(keys: &mut Keys) -> Option<u8> {
    tokio::time::timeout(Duration::from_millis(30), keys.next())
        .await
        .ok()
        .flatten()
}

impl Stepper {
    fn open() -> anyhow::Result<Stepper> {
        Ok(match Keys::open() {
            Some(k) => Stepper::Keys(k),
            None => Stepper::Lines(Input::open(None)?),
        })
    }

    fn hint(&self) -> &'static str {
        match self {
            Stepper::Keys(_) => "Enter/→ next · ← back · a all · q quit",
            Stepper::Lines(_) => "Enter: next choice, p: back, a: all the rest, q: stop",
        }
    }

    async fn next(&mut self) -> Step {
        match self {
            Stepper::Keys(keys) => loop {
                let Some(k) = keys.next().await else {
                    return Step::Quit;
                };
                match key_step(k) {
                    Some(step) => return step,
                    // Esc alone stops; Esc [ C and Esc [ D are the arrow keys.
                    None if k == 0x1b => match follow(keys).await {
                        None => return Step::Quit,
                        Some(b'[') => match follow(keys).await {
                            Some(b'C') | Some(b'B') => return Step::Next,
                            Some(b'D') | Some(b'A') => return Step::Back,
                            _ => {}
                        },
                        Some(_) => {}
                    },
                    None => {}
                }
            },
            Stepper::Lines(input) => match input.next_line().await {
                None => Step::Quit,
                Some(line) => line_step(&line),
            },
        }
    }
}

/// What a key pressed asks for (`None`: nothing, or the start of an escape sequence).
pub fn key_step(k: u8) -> Option<Step> {
    match k {
        b'\n' | b'\r' | b' ' | b'n' | b'j' => Some(Step::Next),
        b'p' | b'k' | b'b' => Some(Step::Back),
        b'a' => Some(Step::All),
        // q, Ctrl-C (not a signal while keys are read one by one), Ctrl-D.
        b'q' | 3 | 4 => Some(Step::Quit),
        _ => None,
    }
}

/// What a line asks for.
pub fn line_step(line: &str) -> Step {
    match line.trim() {
        "q" | "quit" | "exit" => Step::Quit,
        "a" | "all" => Step::All,
        "p" | "b" | "back" => Step::Back,
        _ => Step::Next,
    }
}

/// Prints a finished match's record, one choice at a time or all at once, with the
/// boards when `boards`.
pub async fn replay(
    client: &mut Client,
    match_id: &str,
    all: bool,
    boards: bool,
    style: &Style,
    layout: Layout,
) -> anyhow::Result<()> {
    let rep = client
        .get_replay(GetReplayRequest {
            match_id: match_id.to_string(),
        })
        .await
        .map_err(status_error)?
        .into_inner();
    let summary = rep.summary.clone().unwrap_or_default();
    let seats = summary.seats.clone();
    crate::outln!(
        "{} {} — {}{} · {} · seed {} · {}",
        style.heading("Replay of match"),
        style.bold(match_id),
        summary.game,
        if summary.variant.is_empty() {
            String::new()
        } else {
            format!("/{}", summary.variant)
        },
        count(rep.seats, "seat", "seats"),
        rep.seed,
        count(rep.choices.len() as u64, "choice", "choices")
    );
    if !summary.options.is_empty() {
        let mut opts: Vec<String> = summary
            .options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        opts.sort();
        crate::outln!("  options: {}", opts.join(" "));
    }
    crate::outln!("  {}", render::seats_line(&seats, style));
    crate::outln!("\n{}", style.heading("Set-up"));
    for e in &rep.setup_log {
        crate::outln!("{}", render::log_entry(e, style));
    }
    let mut boards = boards.then(|| Boards {
        reference: Reference::default(),
        layout,
    });
    if let Some(b) = boards.as_mut() {
        b.draw(client, match_id, &rep, 0, &seats, style).await?;
    }
    let mut stepper = if all { None } else { Some(Stepper::open()?) };
    let total = rep.choices.len();
    let mut at = 0;
    while at < total {
        if let Some(s) = stepper.as_mut() {
            crate::outp!(
                "{}",
                style.dim(&format!("[{}/{total} · {}] ", at + 1, s.hint()))
            );
            let step = s.next().await;
            if matches!(s, Stepper::Keys(_)) {
                crate::outln!();
            }
            match step {
                Step::Quit => {
                    crate::outln!();
                    return Ok(());
                }
                Step::All => stepper = None,
                Step::Back if at > 0 => {
                    at -= 1;
                    show_choice(&rep, at, &seats, style, true);
                    if let Some(b) = boards.as_mut() {
                        b.draw(client, match_id, &rep, at as u64, &seats, style)
                            .await?;
                    }
                    continue;
                }
                Step::Back | Step::Next => {}
            }
        }
        show_choice(&rep, at, &seats, style, false);
        at += 1;
        if let Some(b) = boards.as_mut() {
            b.draw(client, match_id, &rep, at as u64, &seats, style)
                .await?;
        }
    }
    drop(stepper);
    if let Some(o) = &summary.outcome {
        crate::outln!();
        crate::outp!("{}", render::outcome(o, &seats, None, style));
    }
    Ok(())
}

/// Prints choice `index` (the one that made version `index + 1`) and its log; `back` when
/// stepping back to the version before it.
fn show_choice(rep: &Replay, index: usize, seats: &[SeatSummary], style: &Style, back: bool) {
    if back {
        crate::outln!(
            "\n{}",
            style.dim(&format!("(back to version {index}, before:)"))
        );
    }
    let Some(c) = rep.choices.get(index) else {
        return;
    };
    let label = if c.label.is_empty() {
        c.choice_id.clone()
    } else {
        format!("{} [{}]", c.label, c.choice_id)
    };
    crate::outln!(
        "\n{} {}: {label}",
        style.bold(&format!("v{}", c.version)),
        style.seat_bold(c.seat, &seat_name(seats, c.seat)),
    );
    if back {
        return;
    }
    for e in &c.log {
        crate::outln!("{}", render::log_entry(e, style));
    }
}

/// The boards of a replay, drawn version by version.
struct Boards {
    reference: Reference,
    layout: Layout,
}

impl Boards {
    /// Fetches version `version` as a spectator saw it and draws its board.
    async fn draw(
        &mut self,
        client: &mut Client,
        match_id: &str,
        rep: &Replay,
        version: u64,
        seats: &[SeatSummary],
        style: &Style,
    ) -> anyhow::Result<()> {
        let u = client
            .get_replay_view(GetReplayViewRequest {
                match_id: match_id.to_string(),
                version,
            })
            .await
            .map_err(status_error)?
            .into_inner();
        self.reference.absorb(&u);
        let Some(mut view) = u.view else {
            crate::outln!("{}", style.dim("(no board for this version)"));
            return Ok(());
        };
        self.reference.fill(&mut view);
        let total = rep.choices.len();
        let rule = if version as usize == total {
            format!("──── replay of {match_id} · version {version} of {total} · the end ")
        } else {
            format!("──── replay of {match_id} · version {version} of {total} ")
        };
        let size = Size::of_terminal();
        let f = Frame {
            rule: style.dim(&format!("{rule}{}", "─".repeat(12))),
            board: render::board(&view, seats, style, self.layout, size),
            log: &[],
            log_lines: 0,
            tail: Vec::new(),
            prompt: None,
            status: None,
        };
        crate::outp!("{}", frame::compose(&f, style, self.layout, size));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_and_lines_step_forward_back_all_or_stop() {
        for k in [b'\r', b'\n', b' ', b'n'] {
            assert_eq!(key_step(k), Some(Step::Next));
        }
        assert_eq!(key_step(b'p'), Some(Step::Back));
        assert_eq!(key_step(b'a'), Some(Step::All));
        for k in [b'q', 3, 4] {
            assert_eq!(key_step(k), Some(Step::Quit));
        }
        assert_eq!(key_step(0x1b), None, "the start of an arrow key, or Esc");
        assert_eq!(key_step(b'x'), None);
        assert_eq!(line_step(""), Step::Next);
        assert_eq!(line_step(" q "), Step::Quit);
        assert_eq!(line_step("all"), Step::All);
        assert_eq!(line_step("back"), Step::Back);
    }
}
