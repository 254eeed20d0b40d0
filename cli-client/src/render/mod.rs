//! Drawing what the server sends: boards, log entries, prompts and outcomes.
//!
//! The client knows no rules. Each game with a typed view gets its own board module
//! ([`presidency`], [`the_vote`], [`votes_for_women`]); any other game falls back to
//! [`generic`], which summarises the view's JSON, so a game added to the server later is
//! still playable from the log and the prompt before anyone writes its board.

pub mod compact;
pub mod frame;
pub mod generic;
pub mod presidency;
pub mod prompt;
pub mod size;
pub mod style;
#[cfg(test)]
pub mod test_views;
pub mod the_vote;
pub mod votes_for_women;

use hustings_proto::v1::{
    GameView, LastAction, LogEntry, MatchStatus, Outcome, Prompt, SeatSummary, game_view,
};

pub use size::Size;
pub use style::Style;

/// The game's name for a seat, from the seat list the server sent ("seat N" when unknown).
pub fn seat_name(seats: &[SeatSummary], seat: u32) -> String {
    seats
        .iter()
        .find(|s| s.seat == seat)
        .map(|s| s.name.clone())
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| format!("seat {seat}"))
}

/// How much of the state a board shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Layout {
    /// Fits the terminal (120×40, folded down to 100×30) with the log and the prompt:
    /// cards by name, facts packed on few lines (`? NAME` shows a card's text).
    #[default]
    Compact,
    /// Everything, card texts included, one fact a line: taller than a terminal.
    Full,
}

/// The board for a view: the game's own renderer, or the generic summary; the compact
/// layout fits `size`.
pub fn board(
    view: &GameView,
    seats: &[SeatSummary],
    style: &Style,
    layout: Layout,
    size: Size,
) -> String {
    match (&view.game, layout) {
        (Some(game_view::Game::Presidency(p)), Layout::Compact) => {
            compact::presidency::board(p, style, size)
        }
        (Some(game_view::Game::Presidency(p)), Layout::Full) => presidency::board(p, style),
        (Some(game_view::Game::VotesForWomen(v)), Layout::Compact) => {
            compact::votes_for_women::board(v, style, size)
        }
        (Some(game_view::Game::VotesForWomen(v)), Layout::Full) => votes_for_women::board(v, style),
        (Some(game_view::Game::TheVote(v)), Layout::Compact) => {
            compact::the_vote::board(v, style, size)
        }
        (Some(game_view::Game::TheVote(v)), Layout::Full) => the_vote::board(v, style),
        #[allow(unreachable_patterns)]
        (_, layout) => generic::board(&view.json, seats, style, layout, size.board_lines()),
    }
}

/// One log entry as a line, in the colour of the seat it is about.
pub fn log_entry(entry: &LogEntry, style: &Style) -> String {
    let text = match entry.seat {
        Some(seat) => style.seat(seat, &entry.text),
        None => entry.text.clone(),
    };
    format!("  {} {text}", style.dim("·"))
}

/// The last few entries of a log, under a heading.
pub fn recent_log(log: &[LogEntry], count: usize, style: &Style) -> String {
    if log.is_empty() {
        return String::new();
    }
    let mut out = style.heading("Last events") + "\n";
    let skip = log.len().saturating_sub(count);
    if skip > 0 {
        out += &style.dim(&format!("  … {skip} earlier\n"));
    }
    for e in &log[skip..] {
        out += &log_entry(e, style);
        out.push('\n');
    }
    out
}

/// What another seat (or this one) just chose.
pub fn last_action(
    action: &LastAction,
    seats: &[SeatSummary],
    viewer: Option<u32>,
    style: &Style,
) -> String {
    let name = seat_name(seats, action.seat);
    let who = if viewer == Some(action.seat) {
        format!("You ({name})")
    } else {
        name
    };
    let what = if action.label.is_empty() {
        action.choice_id.clone()
    } else {
        action.label.clone()
    };
    format!(
        "{} {} chose: {}",
        style.dim("▶"),
        style.seat_bold(action.seat, &who),
        what
    )
}

/// A prompt with its numbered choices.
pub fn prompt(prompt: &Prompt, style: &Style) -> String {
    let mut out = style.heading(&prompt.text) + "\n";
    for (i, c) in prompt.choices.iter().enumerate() {
        out += &format!(
            "  {} {}  {}\n",
            style.bold(&format!("{:>2})", i + 1)),
            c.label,
            style.dim(&format!("[{}]", c.id))
        );
    }
    out
}

/// Who is seated where and whether they are connected.
pub fn seats_line(seats: &[SeatSummary], style: &Style) -> String {
    let parts: Vec<String> = seats
        .iter()
        .map(|s| {
            let who = holder(s);
            let holder = if s.taken && !s.connected {
                format!("{who}, away")
            } else {
                who
            };
            format!("{} ({holder})", style.seat_bold(s.seat, &s.name))
        })
        .collect();
    parts.join("  ")
}

/// Who holds a seat: its player's name, with the handle of the account that holds it
/// (`Ada @ada`, or `@ada` alone when the name is the handle); `open`, or `open for a bot`
/// with the AI it waits for, when nobody has joined it.
pub fn holder(s: &SeatSummary) -> String {
    if !s.taken {
        return if s.bot {
            format!("open for a bot{}", ai_suffix(&s.ai))
        } else {
            "open".to_string()
        };
    }
    match (s.player_name.as_str(), s.handle.as_str()) {
        ("", "") => "joined".to_string(),
        (name, "") => name.to_string(),
        (name, handle) if name.is_empty() || name.eq_ignore_ascii_case(handle) => {
            format!("@{handle}")
        }
        (name, handle) => format!("{name} @{handle}"),
    }
}

fn ai_suffix(ai: &str) -> String {
    if ai.is_empty() {
        String::new()
    } else {
        format!(": {ai}")
    }
}

/// The match status in words.
pub fn status_word(status: i32) -> &'static str {
    match MatchStatus::try_from(status) {
        Ok(MatchStatus::Waiting) => "waiting",
        Ok(MatchStatus::Active) => "active",
        Ok(MatchStatus::Finished) => "finished",
        _ => "unknown",
    }
}

/// The result of a match, said from the viewer's side when it has one.
pub fn outcome(o: &Outcome, seats: &[SeatSummary], viewer: Option<u32>, style: &Style) -> String {
    let mut out = style.heading("The match is over.") + "\n";
    let names: Vec<String> = o
        .winners
        .iter()
        .map(|&w| style.seat_bold(w, &seat_name(seats, w)))
        .collect();
    if o.draw || o.winners.is_empty() {
        // A draw, or an automated opponent (the Oppobot) won: the reason line says which.
        out += &format!("  {}\n", style.bold("No seat wins."));
    } else {
        out += &format!("  {} {}\n", style.good("Winner:"), names.join(", "));
    }
    if !o.reason.is_empty() {
        out += &format!("  {}\n", o.reason);
    }
    if o.resigned {
        out += &format!("  {}\n", style.dim("(ended by resignation)"));
    }
    if !o.scores.is_empty() {
        let scores: Vec<String> = o
            .scores
            .iter()
            .enumerate()
            .map(|(i, s)| format!("{} {s}", seat_name(seats, i as u32)))
            .collect();
        out += &format!("  Scores: {}\n", scores.join(", "));
    }
    if let Some(v) = viewer {
        if o.winners.contains(&v) {
            out += &format!("  {}\n", style.good("You won!"));
        } else if !o.draw && !o.winners.is_empty() {
            out += &format!("  {}\n", style.bad("You lost."));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use hustings_proto::v1::Choice;

    fn seats() -> Vec<SeatSummary> {
        vec![
            SeatSummary {
                seat: 0,
                name: "Democrat".into(),
                taken: true,
                player_name: "alice".into(),
                connected: true,
                ..Default::default()
            },
            SeatSummary {
                seat: 1,
                name: "Republican".into(),
                bot: true,
                ai: "random".into(),
                ..Default::default()
            },
        ]
    }

    #[test]
    fn prompt_numbers_choices_from_one_and_shows_ids() {
        let p = Prompt {
            seat: 0,
            text: "Roll one die or two?".into(),
            choices: vec![
                Choice {
                    id: "dice:1d6".into(),
                    label: "Roll 1D6 and move".into(),
                    ..Default::default()
                },
                Choice {
                    id: "dice:2d6".into(),
                    label: "Roll 2D6 and move".into(),
                    ..Default::default()
                },
            ],
        };
        let text = prompt(&p, &Style::PLAIN);
        assert!(text.starts_with("Roll one die or two?\n"));
        assert!(text.contains("   1) Roll 1D6 and move  [dice:1d6]\n"));
        assert!(text.contains("   2) Roll 2D6 and move  [dice:2d6]\n"));
    }

    #[test]
    fn outcome_names_the_winner_and_tells_the_loser() {
        let o = Outcome {
            winners: vec![1],
            reason: "Republican has 52 votes".into(),
            scores: vec![40, 52],
            ..Default::default()
        };
        let text = outcome(&o, &seats(), Some(0), &Style::PLAIN);
        assert!(text.contains("Winner: Republican"));
        assert!(text.contains("Republican has 52 votes"));
        assert!(text.contains("Scores: Democrat 40, Republican 52"));
        assert!(text.contains("You lost."));
        let text = outcome(&o, &seats(), Some(1), &Style::PLAIN);
        assert!(text.contains("You won!"));
    }

    #[test]
    fn seats_line_shows_who_holds_each_seat() {
        let line = seats_line(&seats(), &Style::PLAIN);
        assert_eq!(
            line,
            "Democrat (alice)  Republican (open for a bot: random)"
        );
        // An account's seat shows its handle.
        let mut held = seats();
        held[0].handle = "ada".into();
        held[1].taken = true;
        held[1].connected = false;
        held[1].player_name = "greedy-ai".into();
        held[1].handle = "greedy-ai".into();
        assert_eq!(
            seats_line(&held, &Style::PLAIN),
            "Democrat (alice @ada)  Republican (@greedy-ai, away)"
        );
    }

    #[test]
    fn last_action_uses_the_label() {
        let a = LastAction {
            seat: 1,
            choice_id: "dice:2d6".into(),
            label: "Roll 2D6 and move".into(),
            ..Default::default()
        };
        assert_eq!(
            last_action(&a, &seats(), Some(0), &Style::PLAIN),
            "▶ Republican chose: Roll 2D6 and move"
        );
        assert_eq!(
            last_action(&a, &seats(), Some(1), &Style::PLAIN),
            "▶ You (Republican) chose: Roll 2D6 and move"
        );
    }

    #[test]
    fn recent_log_keeps_the_last_entries() {
        let log: Vec<LogEntry> = (0..5)
            .map(|i| LogEntry {
                seq: i,
                text: format!("event {i}"),
                ..Default::default()
            })
            .collect();
        let text = recent_log(&log, 2, &Style::PLAIN);
        assert!(text.contains("… 3 earlier"));
        assert!(!text.contains("event 2"));
        assert!(text.contains("event 3") && text.contains("event 4"));
    }
}
