//! The Presidential Race board, drawn from the typed `PresidencyView`.
//!
//! The 40-space track is drawn as a square ring of numbered cells (Start at the top left,
//! clockwise), each showing the pawns on it; the middle of the ring holds the round and the
//! scoreboard. Below come the spaces the pawns stand on with what they do, a vote bar, each
//! nominee's Candidate cards and debate bonus, the Election cards drawn and the decks.

use hustings_proto::v1::{PresidencyElectionDraw, PresidencyPlayer, PresidencyView};

use super::style::{Style, pad, truncate};

/// Cells along one side of the ring, corners included.
pub(crate) const SIDE: usize = 11;
/// Printed width of one cell: a two-digit number, a space and up to four pawns.
const CELL: usize = 7;
/// Printed width of the ring's middle.
const INNER: usize = (SIDE - 2) * CELL;
/// Characters of the vote bar; each stands for two of the 100 votes.
const BAR: usize = 50;

/// The whole board as text, one line per row, ending with a newline.
pub fn board(v: &PresidencyView, style: &Style) -> String {
    let pawns = pawn_letters(&v.players);
    let mut out = String::new();
    out += &ring(v, &pawns, style);
    out.push('\n');
    out += &occupied_spaces(v, &pawns, style);
    out += &vote_bar(v, &pawns, style);
    out += &candidates(v, &pawns, style);
    out += &cards_and_decks(v, style);
    out
}

/// One letter per pawn: the nominees' initials when they differ (D, R), else seat numbers
/// from 1 (a convention's "Nominee N").
pub fn pawn_letters(players: &[PresidencyPlayer]) -> Vec<char> {
    let initials: Vec<char> = players
        .iter()
        .map(|p| p.name.chars().next().unwrap_or('?').to_ascii_uppercase())
        .collect();
    let mut sorted = initials.clone();
    sorted.sort_unstable();
    sorted.dedup();
    if sorted.len() == initials.len() {
        initials
    } else {
        players
            .iter()
            .map(|p| char::from_digit((p.seat + 1) % 36, 36).unwrap_or('?'))
            .collect()
    }
}

/// Where space `n` (1–40) sits on the 11×11 ring: (row, column).
pub(crate) fn ring_position(n: u32) -> (usize, usize) {
    let n = n as usize;
    match n {
        1..=11 => (0, n - 1),
        12..=20 => (n - 11, SIDE - 1),
        21..=31 => (SIDE - 1, SIDE - 1 - (n - 21)),
        _ => (SIDE - 1 - (n.clamp(32, 40) - 31), 0),
    }
}

fn cell(v: &PresidencyView, n: u32, pawns: &[char], style: &Style) -> String {
    let here: Vec<&PresidencyPlayer> = v.players.iter().filter(|p| p.position == n).collect();
    let number = format!("{n:>2}");
    if here.is_empty() {
        return pad(&style.dim(&number), CELL);
    }
    let mut marks = String::new();
    for (i, p) in here.iter().enumerate() {
        if here.len() > 4 && i == 3 {
            marks += "+";
            break;
        }
        let letter = pawns.get(p.seat as usize).copied().unwrap_or('?');
        marks += &style.seat_bold(p.seat, &letter.to_string());
    }
    pad(&format!("{} {marks}", style.bold(&number)), CELL)
}

fn ring(v: &PresidencyView, pawns: &[char], style: &Style) -> String {
    let mut grid: Vec<Vec<String>> = vec![vec![String::new(); SIDE]; SIDE];
    for n in 1..=40 {
        let (r, c) = ring_position(n);
        grid[r][c] = cell(v, n, pawns, style);
    }
    let inner = inner_lines(v, pawns, style);
    let mut out = String::new();
    for (r, row) in grid.iter().enumerate() {
        let line = if r == 0 || r == SIDE - 1 {
            row.concat()
        } else {
            let middle = inner.get(r - 1).cloned().unwrap_or_default();
            format!("{}{}{}", row[0], pad(&middle, INNER), row[SIDE - 1])
        };
        out += line.trim_end();
        out.push('\n');
    }
    out
}

pub(crate) fn center(text: &str, width: usize) -> String {
    let w = super::style::visible_width(text);
    if w >= width {
        text.to_string()
    } else {
        format!("{}{text}", " ".repeat((width - w) / 2))
    }
}

/// The nine lines inside the ring: title, round, undecided votes, then one per nominee.
fn inner_lines(v: &PresidencyView, pawns: &[char], style: &Style) -> Vec<String> {
    let mut lines = vec![
        center(&style.heading("THE PRESIDENTIAL RACE"), INNER),
        center(&round_line(v), INNER),
        center(
            &format!(
                "Undecided: {}",
                super::style::count(v.undecided, "vote", "votes")
            ),
            INNER,
        ),
    ];
    let name_width = v
        .players
        .iter()
        .map(|p| p.name.chars().count())
        .max()
        .unwrap_or(0)
        .min(12);
    for p in v.players.iter().take(6) {
        let mark = if v.current == Some(p.seat) {
            "▶"
        } else {
            " "
        };
        let letter = pawns.get(p.seat as usize).copied().unwrap_or('?');
        let space = space_name(v, p.position);
        let text = format!(
            "{} {} {:>9}  ${:<3} on {:>2} {}",
            style.seat_bold(p.seat, &letter.to_string()),
            style.seat_bold(p.seat, &pad(&truncate(&p.name, name_width), name_width)),
            super::style::count(p.votes, "vote", "votes"),
            p.money,
            p.position,
            truncate(&space, 22),
        );
        lines.push(format!("  {mark} {text}"));
    }
    lines
}

pub(crate) fn round_line(v: &PresidencyView) -> String {
    let mut parts = Vec::new();
    if v.round == 0 {
        parts.push(format!(
            "Set-up ({})",
            super::style::count(v.rounds, "round", "rounds")
        ));
    } else {
        parts.push(format!("Round {} of {}", v.round, v.rounds));
    }
    match v.phase.as_str() {
        "election" => parts.push("Election".into()),
        "finished" => parts.push("Finished".into()),
        _ => {}
    }
    if let Some(cur) = v
        .current
        .and_then(|c| v.players.iter().find(|p| p.seat == c))
        && v.phase != "finished"
    {
        parts.push(format!("{} to move", cur.name));
    }
    parts.join(" · ")
}

pub(crate) fn space_name(v: &PresidencyView, n: u32) -> String {
    v.board
        .iter()
        .find(|s| s.number == n)
        .map(|s| s.name.clone())
        .unwrap_or_default()
}

/// Each space a pawn stands on, with what it does.
fn occupied_spaces(v: &PresidencyView, pawns: &[char], style: &Style) -> String {
    let mut positions: Vec<u32> = v.players.iter().map(|p| p.position).collect();
    positions.sort_unstable();
    positions.dedup();
    let mut out = String::new();
    for n in positions {
        let marks: String = v
            .players
            .iter()
            .filter(|p| p.position == n)
            .map(|p| {
                let letter = pawns.get(p.seat as usize).copied().unwrap_or('?');
                style.seat_bold(p.seat, &letter.to_string())
            })
            .collect();
        let space = v.board.iter().find(|s| s.number == n);
        let (name, what) = space
            .map(|s| (s.name.as_str(), s.description.as_str()))
            .unwrap_or(("", ""));
        let what = if what.is_empty() {
            String::new()
        } else {
            format!(" — {what}")
        };
        out += &format!(
            "  {} on {n:>2} {}{}\n",
            pad(&marks, 2),
            style.bold(name),
            what
        );
    }
    out
}

/// The 100 votes as a bar: each nominee's share in their colour, the undecided as dots.
fn vote_bar(v: &PresidencyView, pawns: &[char], style: &Style) -> String {
    let bar = vote_cells(v, pawns, style);
    let legend: Vec<String> = v
        .players
        .iter()
        .map(|p| format!("{} {}", style.seat_bold(p.seat, &p.name), p.votes))
        .chain(std::iter::once(format!("undecided {}", v.undecided)))
        .collect();
    format!(
        "\n{} [{bar}]\n       {}\n",
        style.heading("Votes"),
        legend.join(" · ")
    )
}

/// The vote bar's [`BAR`] cells: each nominee's share of the votes in their pawn letter,
/// the undecided votes as dots (shared by the full and the compact board).
pub(crate) fn vote_cells(v: &PresidencyView, pawns: &[char], style: &Style) -> String {
    let total: u32 = v.players.iter().map(|p| p.votes).sum::<u32>() + v.undecided;
    let scale = |n: u32| -> usize {
        if total == 0 {
            0
        } else {
            (n as usize * BAR + total as usize / 2) / total as usize
        }
    };
    let mut bar = String::new();
    let mut used = 0;
    for p in &v.players {
        let n = scale(p.votes).min(BAR - used);
        used += n;
        let letter = pawns.get(p.seat as usize).copied().unwrap_or('?');
        bar += &style.seat_bold(p.seat, &letter.to_string().repeat(n));
    }
    bar += &style.dim(&".".repeat(BAR - used));
    bar
}

/// Each nominee's money, Candidate cards and debate bonus.
fn candidates(v: &PresidencyView, pawns: &[char], style: &Style) -> String {
    let mut out = format!("\n{}\n", style.heading("Candidates"));
    for p in &v.players {
        let letter = pawns.get(p.seat as usize).copied().unwrap_or('?');
        out += &format!(
            "  {} {}: {}, ${} money, debate bonus +{}\n",
            style.seat_bold(p.seat, &letter.to_string()),
            style.seat_bold(p.seat, &p.name),
            super::style::count(p.votes, "vote", "votes"),
            p.money,
            p.debate_bonus
        );
        if p.candidates.is_empty() {
            out += &style.dim("      no Candidate cards\n");
        }
        for c in &p.candidates {
            out += &format!("      • {}: {}\n", style.bold(&c.name), c.description);
        }
    }
    out
}

/// An Election card drawn: who drew it, its name and what it does (both layouts).
pub(crate) fn election_draw<'a>(
    v: &PresidencyView,
    d: &'a PresidencyElectionDraw,
) -> (String, &'a str, &'a str) {
    let who = v
        .players
        .iter()
        .find(|p| p.seat == d.seat)
        .map(|p| p.name.clone())
        .unwrap_or_else(|| format!("seat {}", d.seat));
    let (name, what) = d
        .card
        .as_ref()
        .map(|c| (c.name.as_str(), c.description.as_str()))
        .unwrap_or(("?", ""));
    (who, name, what)
}

/// Election cards drawn, the latest Campaign cards, the deck sizes and the options.
fn cards_and_decks(v: &PresidencyView, style: &Style) -> String {
    let mut out = String::new();
    if !v.election_drawn.is_empty() {
        out += &format!("\n{}\n", style.heading("Election cards drawn"));
        for d in &v.election_drawn {
            let (who, name, what) = election_draw(v, d);
            out += &format!(
                "  {}: {} — {what}\n",
                style.seat_bold(d.seat, &who),
                style.bold(name)
            );
        }
    }
    if !v.campaign_discard.is_empty() {
        out += &format!(
            "\n{}\n",
            style.heading("Campaign cards played (latest last)")
        );
        let skip = v.campaign_discard.len().saturating_sub(3);
        for c in &v.campaign_discard[skip..] {
            out += &format!("  {}: {}\n", style.bold(&c.name), c.description);
        }
    }
    out += &format!(
        "\n{} Campaign {} · Candidate {} · Election {}\n",
        style.heading("Decks:"),
        v.campaign_deck_count,
        v.candidate_deck_count,
        v.election_deck_count
    );
    if let Some(r) = &v.rules {
        let mut opts = vec![super::style::count(r.rounds, "round", "rounds")];
        if r.convert_once_per_turn {
            opts.push("one money conversion per turn".into());
        }
        if r.party_bound_states {
            opts.push("party-bound state cards".into());
        }
        if r.setup_damage_control {
            opts.push("damage control at set-up".into());
        }
        out += &style.dim(&format!("Options: {}\n", opts.join(", ")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use hustings_proto::v1::{
        PresidencyCard, PresidencyElectionDraw, PresidencyRules, PresidencySpace,
    };

    fn card(name: &str, description: &str) -> PresidencyCard {
        PresidencyCard {
            id: name.to_lowercase().replace(' ', "-"),
            name: name.into(),
            description: description.into(),
        }
    }

    fn player(seat: u32, name: &str, votes: u32, money: u32, position: u32) -> PresidencyPlayer {
        PresidencyPlayer {
            seat,
            name: name.into(),
            votes,
            money,
            position,
            candidates: vec![],
            debate_bonus: 0,
        }
    }

    /// A hand-built mid-game view of the two-player race.
    fn view() -> PresidencyView {
        let mut dem = player(0, "Democrat", 23, 4, 12);
        dem.candidates = vec![card("Orator", "+2 to debate rolls")];
        dem.debate_bonus = 2;
        let rep = player(1, "Republican", 15, 6, 27);
        PresidencyView {
            variant: "standard".into(),
            rounds: 7,
            round: 3,
            phase: "declare".into(),
            players: vec![dem, rep],
            undecided: 62,
            order: vec![0, 1],
            current: Some(0),
            campaign_discard: vec![card("Rally", "+3 votes")],
            campaign_deck_count: 20,
            candidate_deck_count: 6,
            election_deck_count: 12,
            election_drawn: vec![],
            board: (1..=40)
                .map(|n| PresidencySpace {
                    number: n,
                    name: format!("Space {n}"),
                    description: format!("effect of {n}"),
                    effects: vec![],
                })
                .collect(),
            reach: vec![],
            rules: Some(PresidencyRules {
                rounds: 7,
                ..Default::default()
            }),
        }
    }

    #[test]
    fn ring_places_every_space_once_clockwise() {
        let mut seen = std::collections::HashSet::new();
        for n in 1..=40 {
            let (r, c) = ring_position(n);
            assert!(
                r == 0 || r == SIDE - 1 || c == 0 || c == SIDE - 1,
                "{n} off the ring"
            );
            assert!(seen.insert((r, c)), "two spaces on one cell at {n}");
        }
        assert_eq!(ring_position(1), (0, 0));
        assert_eq!(ring_position(11), (0, 10));
        assert_eq!(ring_position(21), (10, 10));
        assert_eq!(ring_position(31), (10, 0));
        assert_eq!(ring_position(40), (1, 0));
    }

    #[test]
    fn the_board_shows_pawns_on_their_spaces() {
        let text = board(&view(), &Style::PLAIN);
        let lines: Vec<&str> = text.lines().collect();
        // Space 12 is the first cell of the right-hand column, on the ring's second row;
        // space 27 is on the bottom row.
        assert!(lines[1].ends_with("12 D"), "row 1: {:?}", lines[1]);
        assert!(lines[10].contains("27 R"), "bottom row: {:?}", lines[10]);
        // Every space number appears on the ring.
        let ring = lines[..SIDE].join("\n");
        for n in 1..=40 {
            assert!(ring.contains(&format!("{n:>2}")), "space {n} missing");
        }
        // The lines fit an 80-column terminal.
        for l in &lines[..SIDE] {
            assert!(l.chars().count() <= SIDE * CELL, "too wide: {l:?}");
        }
    }

    #[test]
    fn the_board_shows_the_scoreboard_cards_and_decks() {
        let text = board(&view(), &Style::PLAIN);
        assert!(text.contains("Round 3 of 7 · Democrat to move"));
        assert!(text.contains("Undecided: 62 votes"));
        assert!(text.contains("▶ D Democrat    23 votes  $4   on 12 Space 12"));
        assert!(text.contains("   R Republican  15 votes  $6   on 27 Space 27"));
        assert!(text.contains("D  on 12 Space 12 — effect of 12"));
        assert!(text.contains("Democrat: 23 votes, $4 money, debate bonus +2"));
        assert!(text.contains("• Orator: +2 to debate rolls"));
        assert!(text.contains("Republican: 15 votes, $6 money, debate bonus +0"));
        assert!(text.contains("Rally: +3 votes"));
        assert!(text.contains("Campaign 20 · Candidate 6 · Election 12"));
        assert!(text.contains("Democrat 23 · Republican 15 · undecided 62"));
    }

    #[test]
    fn the_vote_bar_is_proportional() {
        let text = board(&view(), &Style::PLAIN);
        let bar = text
            .lines()
            .find(|l| l.starts_with("Votes ["))
            .expect("vote bar");
        // 23 and 15 of 100 votes on a 50-character bar: 12 and 8 characters (rounded).
        assert_eq!(bar.matches('D').count(), 12);
        assert_eq!(bar.matches('R').count(), 8);
        assert_eq!(bar.matches('.').count(), 30);
    }

    #[test]
    fn shared_spaces_and_convention_seats_use_numbers() {
        let mut v = view();
        v.players = (0..6)
            .map(|s| player(s, &format!("Nominee {}", s + 1), 5, 1, 7))
            .collect();
        v.undecided = 70;
        assert_eq!(pawn_letters(&v.players), vec!['1', '2', '3', '4', '5', '6']);
        let text = board(&v, &Style::PLAIN);
        // Six pawns on one cell: three shown and a "+".
        assert!(text.lines().next().is_some_and(|l| l.contains(" 7 123+")));
        assert!(text.contains("123456 on  7 Space 7"));
    }

    #[test]
    fn election_draws_are_listed_with_who_drew_them() {
        let mut v = view();
        v.phase = "election".into();
        v.election_drawn = vec![PresidencyElectionDraw {
            seat: 1,
            card: Some(card("Landslide", "+5 votes")),
        }];
        let text = board(&v, &Style::PLAIN);
        assert!(text.contains("Election cards drawn"));
        assert!(text.contains("Republican: Landslide — +5 votes"));
        assert!(text.contains("Round 3 of 7 · Election"));
    }

    #[test]
    fn colour_paints_the_pawns_in_their_party_colours() {
        let text = board(&view(), &Style::COLOR);
        assert!(text.contains("\x1b[1;34mD\x1b[0m"));
        assert!(text.contains("\x1b[1;31mR\x1b[0m"));
    }
}
