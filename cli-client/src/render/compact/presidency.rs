//! The Presidential Race in 22 to 28 lines: the 40 spaces as a ring of two-line cells (the
//! space's number and the pawns on it, then its short name), the scoreboard inside the ring,
//! and each nominee's Candidate cards under it.

use hustings_proto::v1::{PresidencyPlayer, PresidencyView};

use super::super::presidency::{
    SIDE, center, election_draw, pawn_letters, ring_position, round_line, space_name, vote_cells,
};
use super::super::style::{Style, clip, count, pad, visible_width};
use super::{WIDTH, lines_text};

/// Printed width of a ring cell, its gap included (the last column has no gap).
const CELL: usize = 11;
/// Longest short name of a space: a cell less its gap.
pub const SHORT: usize = CELL - 1;
/// Printed width inside the ring.
const INNER: usize = (SIDE - 2) * CELL;
/// Lines inside the ring: two per middle row.
const INNER_LINES: usize = (SIDE - 2) * 2;

/// The compact board, one line per row, ending with a newline.
pub fn board(v: &PresidencyView, style: &Style) -> String {
    let pawns = pawn_letters(&v.players);
    let mut lines = ring(v, &pawns, style);
    lines.extend(candidates(v, &pawns, style));
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

/// One ring cell as its two lines: the number and the pawns on the space, then its short
/// name.
fn cell(v: &PresidencyView, n: u32, pawns: &[char], style: &Style) -> [String; 2] {
    let here: Vec<&PresidencyPlayer> = v.players.iter().filter(|p| p.position == n).collect();
    let number = format!("{n:>2}");
    let top = if here.is_empty() {
        style.dim(&number)
    } else {
        let marks: String = here
            .iter()
            .take(SHORT - 3)
            .map(|p| {
                let letter = pawns.get(p.seat as usize).copied().unwrap_or('?');
                style.seat_bold(p.seat, &letter.to_string())
            })
            .collect();
        format!("{} {marks}", style.bold(&number))
    };
    let name = short_name(&space_name(v, n), SHORT);
    let name = if here.is_empty() {
        name
    } else {
        style.bold(&name)
    };
    [top, name]
}

fn ring(v: &PresidencyView, pawns: &[char], style: &Style) -> Vec<String> {
    let mut grid: Vec<Vec<[String; 2]>> = vec![vec![Default::default(); SIDE]; SIDE];
    for n in 1..=40 {
        let (r, c) = ring_position(n);
        grid[r][c] = cell(v, n, pawns, style);
    }
    let inner = inner_lines(v, pawns, style);
    let mut out = Vec::new();
    for (r, row) in grid.iter().enumerate() {
        for half in 0..2 {
            let line = if r == 0 || r == SIDE - 1 {
                row.iter().map(|c| pad(&c[half], CELL)).collect::<String>()
            } else {
                let middle = inner.get((r - 1) * 2 + half).cloned().unwrap_or_default();
                format!(
                    "{}{}{}",
                    pad(&row[0][half], CELL),
                    pad(&clip(&middle, INNER - 1), INNER),
                    row[SIDE - 1][half]
                )
            };
            out.push(line.trim_end().to_string());
        }
    }
    out
}

/// The lines inside the ring, in order, dropping the least useful when there are more than
/// [`INNER_LINES`]: (priority, line), 0 the most needed.
fn inner_lines(v: &PresidencyView, pawns: &[char], style: &Style) -> Vec<String> {
    let mut lines: Vec<(u8, String)> = vec![
        (0, center(&style.heading("THE PRESIDENTIAL RACE"), INNER)),
        (
            0,
            center(
                &format!(
                    "{} · Undecided: {}",
                    round_line(v),
                    count(v.undecided, "vote", "votes")
                ),
                INNER,
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
        if lines.len() <= INNER_LINES {
            break;
        }
        let mut excess = lines.len() - INNER_LINES;
        lines.retain(|(p, _)| {
            if *p >= cut && excess > 0 {
                excess -= 1;
                false
            } else {
                true
            }
        });
    }
    lines.truncate(INNER_LINES);
    lines.into_iter().map(|(_, l)| l).collect()
}

/// The 100 votes as a bar: each nominee's share in their colour, the undecided as dots.
fn vote_bar(v: &PresidencyView, pawns: &[char], style: &Style) -> String {
    let bar = vote_cells(v, pawns, style);
    format!("{} [{bar}]", style.heading("Votes"))
}

/// One line per nominee: the Candidate cards, with their texts when they fit.
fn candidates(v: &PresidencyView, pawns: &[char], style: &Style) -> Vec<String> {
    v.players
        .iter()
        .map(|p| {
            let letter = pawns.get(p.seat as usize).copied().unwrap_or('?');
            let head = format!(
                "{} {}: ",
                style.seat_bold(p.seat, &letter.to_string()),
                style.seat_bold(p.seat, &p.name)
            );
            if p.candidates.is_empty() {
                return format!("{head}{}", style.dim("no Candidate cards"));
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
            if visible_width(&line) <= WIDTH {
                return line;
            }
            let names: Vec<String> = p.candidates.iter().map(|c| style.bold(&c.name)).collect();
            clip(&format!("{head}{}", names.join(" · ")), WIDTH)
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
        let text = board(&v, &Style::PLAIN);
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
        let text = board(&presidency_view(2), &Style::PLAIN);
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
