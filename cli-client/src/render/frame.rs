//! One screen: the header line (match, version, clocks, or how the match ended), the board,
//! the last events, the prompt and the status line above the `> ` the player types at.
//!
//! In the compact layout the screen keeps to the terminal's size (120×40 unless the
//! terminal says otherwise, at least 100×30; see [`Size`]): the prompt gets the rows it needs up to what is left after the
//! board, and the log gets the rest, so the clocks at the top and the prompt at the bottom
//! are on screen together. The full layout prints everything, as tall as it is.

use hustings_proto::v1::{LogEntry, Prompt};

use super::prompt::{self, Context};
use super::size::Size;
use super::style::{Style, clip};
use super::{Layout, log_entry, recent_log};

/// Log entries a compact screen keeps even when the prompt is long.
const MIN_LOG: usize = 2;

/// What one screen shows.
pub struct Frame<'a> {
    /// The header line.
    pub rule: String,
    /// The board, one line per row.
    pub board: String,
    /// The log so far.
    pub log: &'a [LogEntry],
    /// At most this many log entries.
    pub log_lines: usize,
    /// Lines after the last events (the outcome of a finished match).
    pub tail: Vec<String>,
    /// The prompt to answer, with what drawing it needs.
    pub prompt: Option<(&'a Prompt, Context<'a>)>,
    /// The line just above `> ` (clocks, a warning), if any.
    pub status: Option<String>,
}

/// The screen as text ending with a newline; the caller prints `> ` after it when there is
/// a prompt (counted in `size.height`). The board was drawn for `size` already.
pub fn compose(f: &Frame<'_>, style: &Style, layout: Layout, size: Size) -> String {
    let (width, height) = (size.width, size.height);
    if layout == Layout::Full {
        let mut out = format!(
            "\n{}\n{}\n{}",
            f.rule,
            f.board,
            recent_log(f.log, f.log_lines, style)
        );
        for l in &f.tail {
            out += l;
            out.push('\n');
        }
        if let Some((p, ctx)) = f.prompt {
            out.push('\n');
            for l in prompt::lines(p, ctx, style, layout, usize::MAX, width) {
                out += &l;
                out.push('\n');
            }
        }
        if let Some(s) = &f.status {
            out += s;
            out.push('\n');
        }
        return out;
    }
    let board: Vec<&str> = f.board.lines().collect();
    let fixed = 1 + board.len() + usize::from(f.status.is_some()) + usize::from(f.prompt.is_some());
    let prompt_lines = match f.prompt {
        Some((p, ctx)) => {
            let room = height.saturating_sub(fixed + MIN_LOG.min(f.log_lines));
            prompt::lines(p, ctx, style, layout, room.max(2), width)
        }
        None => Vec::new(),
    };
    let log_room = height.saturating_sub(fixed + prompt_lines.len());
    let shown = f.log_lines.min(log_room).min(f.log.len());
    let mut out = String::new();
    out += &clip(&f.rule, width);
    out.push('\n');
    for l in board {
        out += l;
        out.push('\n');
    }
    for e in &f.log[f.log.len() - shown..] {
        out += &clip(&log_entry(e, style), width);
        out.push('\n');
    }
    for l in &f.tail {
        out += &clip(l, width);
        out.push('\n');
    }
    for l in prompt_lines {
        out += &l;
        out.push('\n');
    }
    if let Some(s) = &f.status {
        out += &clip(s, width);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::Reference;
    use crate::render::board;
    use crate::render::style::visible_width;
    use crate::render::test_views::every_view;
    use hustings_proto::v1::Choice;

    /// The longest prompts the games ask: a card to play (four ways each), and a cube for
    /// any of 48 states in either colour.
    fn long_prompts() -> Vec<Prompt> {
        let mut play = Vec::new();
        for n in 0..8 {
            for verb in ["event", "campaign", "organize", "lobby"] {
                play.push(Choice {
                    id: format!("{verb}:card-{n}"),
                    label: format!("{verb} with Card {n}: roll d6: the rest only on 3+; +1 Congress; add cubes: 4 in Montana, 2 in Wyoming"),
                    card: format!("card-{n}"),
                    kind: verb.into(),
                    ..Default::default()
                });
            }
        }
        play.push(Choice {
            id: "done".into(),
            label: "Play no more this round".into(),
            ..Default::default()
        });
        let mut place = Vec::new();
        for n in 0..48 {
            for hue in ["purple", "yellow"] {
                place.push(Choice {
                    id: format!("{hue}:S{n}"),
                    label: format!("State number {n}: add a {hue} cube"),
                    kind: "cube".into(),
                    location: format!("S{n}"),
                    ..Default::default()
                });
            }
        }
        let many: Vec<Choice> = (0..15)
            .map(|n| Choice {
                id: format!("radicalize:card-{n}"),
                label: format!("Radicalize with Vindication of the Rights of Women {n} ({n} PW), then Block the markers it flips"),
                ..Default::default()
            })
            .collect();
        [play, place, many]
            .into_iter()
            .map(|choices| Prompt {
                seat: 0,
                text: "Turn 4, round 2: Suffragist, play a card (9 buttons); what the game asks can be long but is cut to the width".into(),
                choices,
            })
            .collect()
    }

    fn log() -> Vec<LogEntry> {
        (0..30)
            .map(|i| LogEntry {
                seq: i,
                text: format!("event {i}: {}", "something long happened ".repeat(8)),
                ..Default::default()
            })
            .collect()
    }

    /// Every board with every long prompt, at `size`: the screen and its `> ` line fit,
    /// and the header, the prompt, the status line and the last event are all on it.
    fn every_compact_screen_fits(size: Size) {
        let reference = Reference::default();
        let log = log();
        for (name, view) in every_view() {
            for p in long_prompts() {
                for style in [Style::PLAIN, Style::COLOR] {
                    let f = Frame {
                        rule: "──── match 289bf1fb06fce13e · version 40 ── ▶ Democrat 9:41 · Republican 10:00 ────".into(),
                        board: board(&view, &[], &style, Layout::Compact, size),
                        log: &log,
                        log_lines: 8,
                        tail: Vec::new(),
                        prompt: Some((
                            &p,
                            Context {
                                view: Some(&view),
                                reference: &reference,
                            },
                        )),
                        status: Some("  ▶ you 0:07 — under 10 seconds left!".into()),
                    };
                    let text = compose(&f, &style, Layout::Compact, size);
                    let lines: Vec<&str> = text.lines().collect();
                    // The "> " line comes after it.
                    assert!(
                        lines.len() < size.height,
                        "{name} at {size:?}: {} lines\n{text}",
                        lines.len()
                    );
                    for l in &lines {
                        assert!(
                            visible_width(l) <= size.width,
                            "{name} at {size:?}: too wide: {l}"
                        );
                    }
                    // The header, the prompt's text and a line of its choices, the status
                    // line and the last event are all on it.
                    assert!(lines[0].contains("9:41"), "{name}");
                    let asked = lines
                        .iter()
                        .position(|l| l.contains("Turn 4, round 2"))
                        .unwrap_or_else(|| panic!("{name} at {size:?}: no prompt\n{text}"));
                    assert!(asked + 2 < lines.len(), "{name}: no choices\n{text}");
                    assert!(lines.last().is_some_and(|l| l.contains("under 10 seconds")));
                    assert!(text.contains("event 29"), "{name}: the last event shows");
                }
            }
        }
    }

    #[test]
    fn every_compact_screen_fits_a_120_by_40_terminal() {
        every_compact_screen_fits(Size::DEFAULT);
    }

    #[test]
    fn every_compact_screen_fits_a_100_by_30_terminal() {
        every_compact_screen_fits(Size::SMALLEST);
    }

    #[test]
    fn the_log_takes_what_the_prompt_leaves() {
        let reference = Reference::default();
        let log = log();
        let short = Prompt {
            seat: 0,
            text: "Keep?".into(),
            choices: vec![Choice {
                id: "keep".into(),
                label: "Keep".into(),
                ..Default::default()
            }],
        };
        let f = |log_lines| Frame {
            rule: "rule".into(),
            board: "a\nb\n".into(),
            log: &log,
            log_lines,
            tail: Vec::new(),
            prompt: Some((
                &short,
                Context {
                    view: None,
                    reference: &reference,
                },
            )),
            status: None,
        };
        let text = compose(&f(8), &Style::PLAIN, Layout::Compact, Size::DEFAULT);
        assert_eq!(text.lines().filter(|l| l.contains("· event")).count(), 8);
        let twelve = Size {
            width: 120,
            height: 12,
        };
        let text = compose(&f(50), &Style::PLAIN, Layout::Compact, twelve);
        // 12 rows: the rule, 2 board lines, the prompt's 2, "> ": 6 log entries.
        assert_eq!(text.lines().count(), 11, "{text}");
        assert!(
            text.contains("event 29") && text.contains("event 24") && !text.contains("event 23:")
        );
    }
}
