//! The Presidential Race in 22 to 28 lines: the 40 spaces as a ring of two-line cells (the
//! space's number and the pawns on it, then its short name), the scoreboard inside the ring,
//! and each nominee's Candidate cards under it.
//!
//! On a narrow screen the cells are narrower (shorter names). On a short one the ring folds
//! to 13 lines: its top and bottom rows keep two-line cells, its sides get one-line cells
//! ("12 D Space 12"), wider to fit the name, and the scoreboard inside keeps what it needs
//! most; the Candidate cards share a line or two.

use hustings_proto::v1::{PresidencyPlayer, PresidencyView};

use super::super::presidency::{
    SIDE, center, election_draw, pawn_letters, ring_position, round_line, space_name, vote_cells,
};
use super::super::size::Size;
use super::super::style::{Style, clip, count, pad, visible_width};
use super::{lines_text, wrap_items};

/// Printed width of a ring cell, its gap included (the last column has no gap).
const CELL: usize = 11;
/// Longest short name of a space in a cell of [`CELL`]: the cell less its gap.
pub const SHORT: usize = CELL - 1;

/// The ring's shape for a screen.
#[derive(Clone, Copy)]
struct Ring {
    /// Printed width of a cell of the top and bottom rows, its gap included.
    cell: usize,
    /// Side cells on one line each (number, pawns and name) rather than two.
    folded: bool,
}

impl Ring {
    fn for_size(size: Size, folded: bool) -> Ring {
        Ring {
            // 11 cells of 9 less the last gap: 98 columns.
            cell: if size.narrow() { 9 } else { CELL },
            folded,
        }
    }

    /// The ring's printed width: eleven cells, the last without its gap.
    fn width(&self) -> usize {
        SIDE * self.cell - 1
    }

    /// Printed width of a cell of the left and right columns: nearly two cells when
    /// folded, so the name fits beside the number.
    fn side(&self) -> usize {
        if self.folded {
            self.cell * 2 - 2
        } else {
            self.cell
        }
    }

    /// Printed width inside the ring (the right column's cells have no gap after them).
    fn inner(&self) -> usize {
        self.width() + 1 - 2 * self.side()
    }

    /// Lines inside the ring: one or two per middle row.
    fn inner_lines(&self) -> usize {
        (SIDE - 2) * self.lines_per_side_cell()
    }

    fn lines_per_side_cell(&self) -> usize {
        if self.folded { 1 } else { 2 }
    }
}

/// The compact board, one line per row, ending with a newline: the two-line ring when it
/// fits the screen's rows, else the folded one.
pub fn board(v: &PresidencyView, style: &Style, size: Size) -> String {
    let pawns = pawn_letters(&v.players);
    let mut lines = ring(v, &pawns, style, Ring::for_size(size, false));
    lines.extend(candidates(v, &pawns, style, size, None));
    if lines.len() > size.board_lines() {
        lines = ring(v, &pawns, style, Ring::for_size(size, true));
        let room = size.board_lines().saturating_sub(lines.len()).max(1);
        lines.extend(candidates(v, &pawns, style, size, Some(room)));
    }
    lines_text(&lines)
}

/// Words a short name leaves out first.
const FILLER: &[&str] = &[
    "the", "of", "on", "out", "a", "an", "and", "to", "for", "in",
];

/// A space's name in at most `width` characters: whole when it fits; else without filler
/// words; a name of three words or more keeps its first words when they fit ("Deep South")
/// or else becomes their initials and its last word ("GOTV Drive", "NE States"); the longest
/// words are then shortened with a dot ("PAC Contr.").
pub fn short_name(name: &str, width: usize) -> String {
    let len = |w: &[String]| -> usize {
        w.iter().map(|s| s.chars().count()).sum::<usize>() + w.len().saturating_sub(1)
    };
    if name.chars().count() <= width {
        return name.to_string();
    }
    let all: Vec<&str> = name.split_whitespace().collect();
    let mut words: Vec<String> = all
        .iter()
        .filter(|w| !FILLER.contains(&w.to_lowercase().as_str()))
        .map(|w| w.to_string())
        .collect();
    if words.is_empty() {
        words = vec![name.to_string()];
    }
    if len(&words) > width && all.len() >= 4 {
        words = initials_and_last(&all);
    } else if len(&words) > width && words.len() >= 3 {
        let first = words[..words.len() - 1].to_vec();
        words = if len(&first) <= width {
            first
        } else {
            initials_and_last(&all)
        };
    }
    while len(&words) > width {
        let excess = len(&words) - width;
        let Some((i, longest)) = words
            .iter()
            .map(|w| w.chars().count())
            .enumerate()
            .max_by_key(|&(_, n)| n)
        else {
            break;
        };
        let keep = longest.saturating_sub(excess + 1).max(3);
        if keep + 1 >= longest {
            break;
        }
        let cut: String = words[i].chars().take(keep).collect();
        words[i] = format!("{cut}.");
    }
    let out = words.join(" ");
    if out.chars().count() > width {
        let cut: String = out.chars().take(width.saturating_sub(1)).collect();
        format!("{cut}…")
    } else {
        out
    }
}

/// "Get out the Vote Drive" → ["GOTV", "Drive"].
fn initials_and_last(words: &[&str]) -> Vec<String> {
    let Some((last, rest)) = words.split_last() else {
        return Vec::new();
    };
    let initials: String = rest
        .iter()
        .filter_map(|w| w.chars().next())
        .map(|c| c.to_ascii_uppercase())
        .collect();
    vec![initials, last.to_string()]
}

/// One ring cell of `width` (its gap included) as its two lines: the number and the pawns
/// on the space, then its short name.
fn cell(v: &PresidencyView, n: u32, pawns: &[char], style: &Style, width: usize) -> [String; 2] {
    let short = width - 1;
    let here: Vec<&PresidencyPlayer> = v.players.iter().filter(|p| p.position == n).collect();
    let number = format!("{n:>2}");
    let top = if here.is_empty() {
        style.dim(&number)
    } else {
        let marks: String = here
            .iter()
            .take(short - 3)
            .map(|p| {
                let letter = pawns.get(p.seat as usize).copied().unwrap_or('?');
                style.seat_bold(p.seat, &letter.to_string())
            })
            .collect();
        format!("{} {marks}", style.bold(&number))
    };
    let name = short_name(&space_name(v, n), short);
    let name = if here.is_empty() {
        name
    } else {
        style.bold(&name)
    };
    [top, name]
}

/// One side cell of a folded ring on one line of `width` (its gap included): the number,
/// the pawns and as much of the short name as is left.
fn side_cell(v: &PresidencyView, n: u32, pawns: &[char], style: &Style, width: usize) -> String {
    let [top, _] = cell(v, n, pawns, style, width);
    let room = (width - 1).saturating_sub(visible_width(&top) + 1);
    let name = short_name(&space_name(v, n), room);
    let occupied = v.players.iter().any(|p| p.position == n);
    let name = if occupied { style.bold(&name) } else { name };
    format!("{top} {name}")
}

fn ring(v: &PresidencyView, pawns: &[char], style: &Style, shape: Ring) -> Vec<String> {
    let mut grid: Vec<Vec<[String; 2]>> = vec![vec![Default::default(); SIDE]; SIDE];
    for n in 1..=40 {
        let (r, c) = ring_position(n);
        grid[r][c] = if shape.folded && r != 0 && r != SIDE - 1 {
            [side_cell(v, n, pawns, style, shape.side()), String::new()]
        } else {
            cell(v, n, pawns, style, shape.cell)
        };
    }
    let inner = inner_lines(v, pawns, style, shape);
    let per_cell = shape.lines_per_side_cell();
    let mut out = Vec::new();
    for (r, row) in grid.iter().enumerate() {
        let top_or_bottom = r == 0 || r == SIDE - 1;
        let halves = if top_or_bottom { 2 } else { per_cell };
        for half in 0..halves {
            let line = if top_or_bottom {
                row.iter()
                    .map(|c| pad(&c[half], shape.cell))
                    .collect::<String>()
            } else {
                let middle = inner
                    .get((r - 1) * per_cell + half)
                    .cloned()
                    .unwrap_or_default();
                format!(
                    "{}{}{}",
                    pad(&row[0][half], shape.side()),
                    pad(&clip(&middle, shape.inner() - 1), shape.inner()),
                    row[SIDE - 1][half]
                )
            };
            out.push(line.trim_end().to_string());
        }
    }
    out
}

/// The lines inside the ring, in order, dropping the least useful when there are more than
/// the ring holds: (priority, line), 0 the most needed.
fn inner_lines(v: &PresidencyView, pawns: &[char], style: &Style, shape: Ring) -> Vec<String> {
    let inner = shape.inner();
    let max_lines = shape.inner_lines();
    let mut lines: Vec<(u8, String)> = vec![
        (0, center(&style.heading("THE PRESIDENTIAL RACE"), inner)),
        (
            0,
            center(
                &format!(
                    "{} · Undecided: {}",
                    round_line(v),
                    count(v.undecided, "vote", "votes")
                ),
                inner,
            ),
        ),
        (3, String::new()),
    ];
    let name_width = v
        .players
        .iter()
        .map(|p| p.name.chars().count())
        .max()
        .unwrap_or(0)
        .min(12);
    for p in &v.players {
        let mark = if v.current == Some(p.seat) {
            "▶"
        } else {
            " "
        };
        let letter = pawns.get(p.seat as usize).copied().unwrap_or('?');
        let space = v.board.iter().find(|s| s.number == p.position);
        let what = space
            .map(|s| {
                if s.description.is_empty() {
                    s.name.clone()
                } else {
                    format!("{}: {}", s.name, s.description)
                }
            })
            .unwrap_or_default();
        lines.push((
            0,
            format!(
                "  {mark} {} {} {:>9}  ${:<3} debate +{}  on {:>2} {what}",
                style.seat_bold(p.seat, &letter.to_string()),
                style.seat_bold(p.seat, &pad(&p.name, name_width)),
                count(p.votes, "vote", "votes"),
                p.money,
                p.debate_bonus,
                p.position,
            ),
        ));
    }
    lines.push((3, String::new()));
    lines.push((1, format!("  {}", vote_bar(v, pawns, style))));
    let legend: Vec<String> = v
        .players
        .iter()
        .map(|p| format!("{} {}", style.seat_bold(p.seat, &p.name), p.votes))
        .chain(std::iter::once(format!("undecided {}", v.undecided)))
        .collect();
    lines.push((2, format!("        {}", legend.join(" · "))));
    lines.push((3, String::new()));
    for d in &v.election_drawn {
        let (who, name, what) = election_draw(v, d);
        lines.push((
            1,
            format!(
                "  Election: {} drew {}{}",
                style.seat_bold(d.seat, &who),
                style.bold(name),
                if what.is_empty() {
                    String::new()
                } else {
                    format!(" ({what})")
                }
            ),
        ));
    }
    if let Some(c) = v.campaign_discard.last() {
        let what = if c.description.is_empty() {
            String::new()
        } else {
            format!(": {}", c.description)
        };
        lines.push((
            2,
            format!("  Last Campaign card: {}{what}", style.bold(&c.name)),
        ));
    }
    lines.push((
        1,
        format!(
            "  {} Campaign {} · Candidate {} · Election {}",
            style.dim("Decks:"),
            v.campaign_deck_count,
            v.candidate_deck_count,
            v.election_deck_count
        ),
    ));
    if let Some(r) = &v.rules {
        let mut opts = vec![count(r.rounds, "round", "rounds")];
        if r.convert_once_per_turn {
            opts.push("one conversion a turn".into());
        }
        if r.party_bound_states {
            opts.push("party-bound state cards".into());
        }
        if r.setup_damage_control {
            opts.push("damage control at set-up".into());
        }
        lines.push((2, style.dim(&format!("  Options: {}", opts.join(", ")))));
    }
    for cut in (1..=3).rev() {
        if lines.len() <= max_lines {
            break;
        }
        let mut excess = lines.len() - max_lines;
        lines.retain(|(p, _)| {
            if *p >= cut && excess > 0 {
                excess -= 1;
                false
            } else {
                true
            }
        });
    }
    lines.truncate(max_lines);
    lines.into_iter().map(|(_, l)| l).collect()
}

/// The 100 votes as a bar: each nominee's share in their colour, the undecided as dots.
fn vote_bar(v: &PresidencyView, pawns: &[char], style: &Style) -> String {
    let bar = vote_cells(v, pawns, style);
    format!("{} [{bar}]", style.heading("Votes"))
}

/// One line per nominee: the Candidate cards, with their texts when they fit.
/// One line per nominee: the Candidate cards, with their texts when they fit. With at
/// most `room` lines for more nominees than that, the nominees share lines, cards by name.
fn candidates(
    v: &PresidencyView,
    pawns: &[char],
    style: &Style,
    size: Size,
    room: Option<usize>,
) -> Vec<String> {
    let head = |p: &PresidencyPlayer| {
        let letter = pawns.get(p.seat as usize).copied().unwrap_or('?');
        format!(
            "{} {}: ",
            style.seat_bold(p.seat, &letter.to_string()),
            style.seat_bold(p.seat, &p.name)
        )
    };
    let names = |p: &PresidencyPlayer| -> String {
        if p.candidates.is_empty() {
            return style.dim("no Candidate cards");
        }
        let names: Vec<String> = p.candidates.iter().map(|c| style.bold(&c.name)).collect();
        names.join(" · ")
    };
    if let Some(room) = room.filter(|&r| r < v.players.len()) {
        let items: Vec<String> = v
            .players
            .iter()
            .map(|p| format!("{}{}", head(p), names(p)))
            .collect();
        return wrap_items("", &items, " │ ", 0, room, size.width);
    }
    v.players
        .iter()
        .map(|p| {
            let head = head(p);
            if p.candidates.is_empty() {
                return format!("{head}{}", names(p));
            }
            let with_texts: Vec<String> = p
                .candidates
                .iter()
                .map(|c| {
                    if c.description.is_empty() {
                        style.bold(&c.name)
                    } else {
                        format!("{} ({})", style.bold(&c.name), c.description)
                    }
                })
                .collect();
            let line = format!("{head}{}", with_texts.join(" · "));
            if visible_width(&line) <= size.width {
                return line;
            }
            clip(&format!("{head}{}", names(p)), size.width)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::test_views::presidency_view;

    #[test]
    fn short_names_fit_a_cell_and_stay_readable() {
        let cases = [
            ("TV Ads", "TV Ads"),
            ("California", "California"),
            ("PAC Contributions", "PAC Contr."),
            ("Get out the Vote Drive", "GOTV Drive"),
            ("Deep South States", "Deep South"),
            ("New England States", "NE States"),
            ("Special Interest Groups", "SI Groups"),
            ("Campaign Trail", "Cam. Trail"),
        ];
        for (name, short) in cases {
            assert_eq!(short_name(name, SHORT), short, "{name}");
        }
        for name in [
            "Individual Donations",
            "Paid Advertisements",
            "Knock on Doors",
        ] {
            assert!(short_name(name, SHORT).chars().count() <= SHORT, "{name}");
        }
    }

    #[test]
    fn every_space_shows_its_number_and_short_name_on_the_ring() {
        let v = presidency_view(2);
        let text = board(&v, &Style::PLAIN, Size::DEFAULT);
        let lines: Vec<&str> = text.lines().collect();
        // Top row: spaces 1 to 11, numbers then names.
        assert!(
            lines[0].starts_with(&format!("{:<11}{:<11} 3", " 1", " 2")),
            "{:?}",
            lines[0]
        );
        assert!(
            lines[1].starts_with("Space 1    Space 2    Space 3"),
            "{:?}",
            lines[1]
        );
        for n in 1..=40 {
            assert!(text.contains(&format!("Space {n}")), "space {n} missing");
        }
        // Space 12 (the Democrat's) opens the right-hand column on the ring's second row.
        assert!(lines[2].ends_with("12 D"), "{:?}", lines[2]);
        assert!(lines[3].ends_with("Space 12"), "{:?}", lines[3]);
    }

    #[test]
    fn the_ring_holds_the_scoreboard_and_the_candidates_follow() {
        let text = board(&presidency_view(2), &Style::PLAIN, Size::DEFAULT);
        assert!(text.contains("THE PRESIDENTIAL RACE"));
        assert!(text.contains("Round 3 of 7 · Democrat to move · Undecided: 62 votes"));
        assert!(
            text.contains("▶ D Democrat    23 votes  $4   debate +2  on 12 Space 12: effect of 12")
        );
        assert!(text.contains("Votes [DDDDDDDDDDDDRRRRRRRR......"));
        assert!(text.contains("D Democrat: Orator (+2 to debate rolls)"));
        assert!(text.contains("R Republican: no Candidate cards"));
        assert!(text.contains("Decks: Campaign 20 · Candidate 6 · Election 12"));
    }
}
