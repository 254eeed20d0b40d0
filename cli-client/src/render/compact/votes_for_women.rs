//! Votes for Women in about 25 lines: the score line, the map as two columns of three
//! regions (West, Plains and South beside Midwest, Atlantic & Appalachia and Northeast),
//! each region its heading and two rows of four states, then one line per side, the players
//! of a team game, the viewer's cards and the displays by name, and what the game waits for.
//!
//! On a narrow screen the state cells are shorter; on a short one each list takes one line
//! and, when that is still too many, the displays go first (see [`fit_lines`]).

use hustings_proto::v1::{VotesForWomenCard, VotesForWomenState, VotesForWomenView};

use super::super::size::Size;
use super::super::style::{Style, clip, count, pad, visible_width};
use super::super::votes_for_women::{cubes, pending, phase_text, side_name, side_seat};
use super::{Need, fit_lines, lines_text, wrap_items, wrap_zones};

/// States per row of a region block.
const PER_ROW: usize = 4;
/// Regions side by side.
const COLUMNS: usize = 2;

/// How wide the map's pieces are: two columns of four cells must fit the screen.
#[derive(Clone, Copy)]
struct Grid {
    /// Printed width of one state cell, its gap included.
    cell: usize,
    /// Spaces before a region's first cell.
    indent: usize,
    /// Spaces between the two columns of regions.
    gap: usize,
}

impl Grid {
    fn for_size(size: Size) -> Grid {
        if size.narrow() {
            // 1 + 4×12, a space, 1 + 4×12 less the last cell's gap: 98 columns.
            Grid {
                cell: 12,
                indent: 1,
                gap: 1,
            }
        } else {
            Grid {
                cell: 14,
                indent: 2,
                gap: 2,
            }
        }
    }

    /// Printed width of a region block: the indent and four cells.
    fn block(&self) -> usize {
        self.indent + PER_ROW * self.cell
    }
}

/// The compact board, one line per row, ending with a newline.
pub fn board(v: &VotesForWomenView, style: &Style, size: Size) -> String {
    // Lists wrap to their usual lines when the board fits that way, else to one line each.
    let mut lines = needed_lines(v, style, size, false);
    if lines.len() > size.board_lines() {
        lines = needed_lines(v, style, size, true);
    }
    lines_text(&fit_lines(lines, size.board_lines()))
}

/// The board's lines with how much each is needed, each list on one line when `fold`.
fn needed_lines(
    v: &VotesForWomenView,
    style: &Style,
    size: Size,
    fold: bool,
) -> Vec<(Need, String)> {
    let must = |lines: Vec<String>| lines.into_iter().map(|l| (0, l));
    let mut lines: Vec<(Need, String)> = Vec::new();
    lines.extend(must(header(v, style, size)));
    lines.extend(must(map(v, style, size)));
    lines.extend(must(sides(v, style, size)));
    lines.extend(players(v, style, size, fold).into_iter().map(|l| (1, l)));
    lines.extend(cards(v, style, size, fold));
    // The last line says what the game waits for; the ones before it are what is going on.
    let pending = pending(v, style);
    let last = pending.lines().count().saturating_sub(1);
    for (i, l) in pending.lines().enumerate() {
        lines.push((if i == last { 0 } else { 1 }, clip(l, size.width)));
    }
    lines
}

/// Lines a wrapped list may take: `most`, or one when the board is folded.
fn most(fold: bool, most: usize) -> usize {
    if fold { 1 } else { most }
}

fn header(v: &VotesForWomenView, style: &Style, size: Size) -> Vec<String> {
    let mut first = format!(
        "{} · Turn {} of 6 · {}",
        style.heading("VOTES FOR WOMEN"),
        v.turn,
        phase_text(v)
    );
    if v.phase == "operations" {
        let who = if v.active_player.is_empty() {
            side_name(&v.active_side).to_string()
        } else {
            v.active_player.clone()
        };
        first += &format!(" · {who} to play");
    }
    if !v.viewer_player.is_empty() && v.viewer_player != side_name(&v.viewer_side) {
        first += &format!(" · you are {}", v.viewer_player);
    }
    let congress = v.congress.unwrap_or_default();
    let sent = if congress.amendment_sent {
        style.good("19th Amendment sent to the states")
    } else {
        "19th Amendment not yet sent".into()
    };
    let second = format!(
        "Checks {} {}/{} · Xs {} {}/{} · Congress {} · {sent}",
        style.good("✓"),
        v.checks,
        v.checks_to_win,
        style.bad("✗"),
        v.xs,
        v.xs_to_win,
        congress.position,
    );
    vec![clip(&first, size.width), clip(&second, size.width)]
}

/// A state as `CA3 2p1y✓[S]`: code and die, cubes, mark, State card (without its brackets
/// when the cell is too narrow for them).
fn state_cell(s: &VotesForWomenState, style: &Style, grid: Grid) -> String {
    let code = style.bold(&format!("{}{}", s.code, s.die));
    let c = cubes(s).replace(' ', "");
    let c = if s.red > 0 {
        style.seat(1, &c)
    } else if s.purple + s.yellow > 0 {
        style.seat(0, &c)
    } else {
        style.dim(&c)
    };
    let mark = match s.mark.as_str() {
        "check" => style.good("✓"),
        "x" => style.bad("✗"),
        _ => String::new(),
    };
    let card = |bracket: bool| {
        let (seat, letter) = match s.state_card.as_str() {
            "suffragist" => (Some(0), "S"),
            "opposition" => (Some(1), "O"),
            "available" => (None, "·"),
            _ => return String::new(),
        };
        let text = if bracket {
            format!("[{letter}]")
        } else {
            letter.to_string()
        };
        match seat {
            Some(seat) => style.seat(seat, &text),
            None => text,
        }
    };
    let room = grid.cell - 1;
    let mut text = format!("{code} {c}{mark}{}", card(true));
    if visible_width(&text) > room {
        text = format!("{code} {c}{mark}{}", card(false));
    }
    pad(&clip(&text, room), grid.cell)
}

/// One region: its heading (number, name, the Campaigners there), then its states.
fn region_block(v: &VotesForWomenView, index: usize, style: &Style, grid: Grid) -> Vec<String> {
    let Some(r) = v.regions.get(index) else {
        return Vec::new();
    };
    let mut hues: Vec<(String, u32, usize)> = Vec::new();
    for c in v.campaigners.iter().filter(|c| c.region == r.slug) {
        match hues.iter_mut().find(|(h, _, _)| *h == c.hue) {
            Some(h) => h.2 += 1,
            None => hues.push((c.hue.clone(), side_seat(&c.side), 1)),
        }
    }
    let who: Vec<String> = hues
        .iter()
        .map(|(hue, seat, n)| {
            let text = if *n > 1 {
                format!("{n} {hue}")
            } else {
                hue.clone()
            };
            style.seat_bold(*seat, &text)
        })
        .collect();
    let heading = if who.is_empty() {
        format!("{} {}", style.bold(&r.number.to_string()), r.name)
    } else {
        format!(
            "{} {} — {}",
            style.bold(&r.number.to_string()),
            r.name,
            who.join(", ")
        )
    };
    let states: Vec<&VotesForWomenState> = r
        .states
        .iter()
        .filter_map(|code| v.states.iter().find(|s| &s.code == code))
        .collect();
    let mut out = vec![clip(&heading, grid.block() - 1)];
    for row in states.chunks(PER_ROW) {
        let cells: String = row.iter().map(|s| state_cell(s, style, grid)).collect();
        out.push(format!("{}{cells}", " ".repeat(grid.indent)));
    }
    out
}

/// The six regions as two columns of three blocks.
fn map(v: &VotesForWomenView, style: &Style, size: Size) -> Vec<String> {
    let grid = Grid::for_size(size);
    let rows = v.regions.len().div_ceil(COLUMNS);
    let mut out = Vec::new();
    for row in 0..rows {
        let left = region_block(v, row, style, grid);
        let right = region_block(v, row + rows, style, grid);
        for i in 0..left.len().max(right.len()) {
            let l = left.get(i).cloned().unwrap_or_default();
            let r = right.get(i).cloned().unwrap_or_default();
            let line = format!("{}{}{r}", pad(&l, grid.block()), " ".repeat(grid.gap));
            out.push(clip(line.trim_end(), size.width));
        }
    }
    out
}

fn names(list: &[VotesForWomenCard]) -> Vec<String> {
    list.iter().map(|c| c.name.clone()).collect()
}

/// One line per side: buttons, cards, deck and claimed cards.
fn sides(v: &VotesForWomenView, style: &Style, size: Size) -> Vec<String> {
    v.sides
        .iter()
        .map(|s| {
            let you = if s.side == v.viewer_side {
                " (you)"
            } else {
                ""
            };
            let mut line = format!(
                "{}{you}: {}/{} buttons · {} in hand · deck {}",
                style.seat_bold(side_seat(&s.side), side_name(&s.side)),
                s.buttons,
                s.button_cap,
                s.hand_count,
                s.deck_count
            );
            if s.deck_top_count + s.deck_bottom_count > 0 {
                line += &format!(
                    " ({} on top, {} at the bottom)",
                    s.deck_top_count, s.deck_bottom_count
                );
            }
            if s.drawn_count > 0 {
                line += &format!(" · {} drawn", s.drawn_count);
            }
            if !s.claimed.is_empty() {
                line += &format!(" · claimed: {}", names(&s.claimed).join(", "));
            }
            clip(&line, size.width)
        })
        .collect()
}

/// The players of a team game (or against the Oppobot), all on one or two lines.
fn players(v: &VotesForWomenView, style: &Style, size: Size, fold: bool) -> Vec<String> {
    let team = v.players.len() > 2 || v.players.iter().any(|p| p.seat.is_none());
    if !team {
        return Vec::new();
    }
    let items: Vec<String> = v
        .players
        .iter()
        .map(|p| {
            let seat = p.seat.unwrap_or_else(|| side_seat(&p.side));
            let mut item = format!(
                "{} ({})",
                style.seat_bold(seat, &p.name),
                p.colour.replace('+', " or ")
            );
            if p.seat.is_none() {
                item += " automated";
            } else {
                item += &format!(" {} in hand", p.hand_count);
            }
            if p.name == v.viewer_player {
                item += " · you";
            }
            if !p.claimed.is_empty() {
                item += &format!(" · claimed {}", names(&p.claimed).join(", "));
            }
            if p.to_act {
                item += " ◀";
            }
            item
        })
        .collect();
    wrap_items(
        &format!("{} ", style.heading("Players:")),
        &items,
        " │ ",
        9,
        most(fold, 2),
        size.width,
    )
}

/// The viewer's cards by name (with costs), then the displays and boxes, each line with how
/// much it is needed.
fn cards(v: &VotesForWomenView, style: &Style, size: Size, fold: bool) -> Vec<(Need, String)> {
    let mut out = Vec::new();
    let mut add = |need: Need, lines: Vec<String>| out.extend(lines.into_iter().map(|l| (need, l)));
    let costed = |list: &[VotesForWomenCard]| -> Vec<String> {
        list.iter()
            .map(|c| {
                if c.cost > 0 {
                    format!("{} ({})", c.name, count(c.cost, "button", "buttons"))
                } else {
                    c.name.clone()
                }
            })
            .collect()
    };
    add(
        1,
        wrap_items(
            &format!("{} ", style.heading("Your hand:")),
            &costed(&v.hand),
            " · ",
            4,
            most(fold, 2),
            size.width,
        ),
    );
    // Cards only some moments show: the opponent's hand (Change In Plans), cards drawn
    // to place, the viewer's stacked deck ends.
    let top: Vec<VotesForWomenCard> = v.deck_top.iter().rev().cloned().collect();
    let moments = [
        ("Opponent's hand (shown to you)", names(&v.opponent_hand)),
        ("Drawn, to place", costed(&v.drawn)),
        ("On top of your deck, next first", names(&top)),
        ("at its bottom", names(&v.deck_bottom)),
    ];
    add(1, wrap_zones("", &moments, 4, most(fold, 2), size.width));
    let effects = [
        ("this turn", names(&v.rest_of_turn)),
        ("for the game", names(&v.rest_of_game)),
        ("in Final Voting", names(&v.final_voting_box)),
    ];
    add(2, wrap_zones("In effect ", &effects, 4, 1, size.width));
    let display = [
        ("State cards", names(&v.available_states)),
        ("Strategy cards", names(&v.strategy_display)),
        ("", vec![format!("Strategy deck {}", v.strategy_deck_count)]),
        ("out of the game", names(&v.out_of_game)),
    ];
    add(
        2,
        wrap_zones("On display: ", &display, 4, most(fold, 3), size.width),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::test_views::vfw_view;

    #[test]
    fn the_map_puts_three_regions_beside_three_with_every_state() {
        let v = vfw_view("standard");
        let text = board(&v, &Style::PLAIN, Size::DEFAULT);
        let lines: Vec<&str> = text.lines().collect();
        let west = lines
            .iter()
            .position(|l| l.starts_with("1 West"))
            .expect("West heading");
        assert!(lines[west].contains("4 Midwest"), "{}", lines[west]);
        assert!(lines[west].contains("1 West — purple"), "{}", lines[west]);
        assert!(
            lines[west + 1].starts_with("  WA1 -"),
            "{}",
            lines[west + 1]
        );
        assert!(
            lines[west + 1].contains("CA3 2p1y[S]"),
            "{}",
            lines[west + 1]
        );
        assert!(lines[west + 2].contains("UT6 -✓"), "{}", lines[west + 2]);
        for s in &v.states {
            assert!(
                text.contains(&format!("{}{}", s.code, s.die)),
                "{} missing",
                s.code
            );
        }
    }

    #[test]
    fn sides_hand_and_displays_are_named_on_few_lines() {
        let text = board(&vfw_view("standard"), &Style::PLAIN, Size::DEFAULT);
        assert!(text.starts_with(
            "VOTES FOR WOMEN · Turn 2 of 6 · Operations round 3 of 6 · Suffragist to play\n"
        ));
        assert!(text.contains(
            "Suffragist (you): 5/12 buttons · 2 in hand · deck 30 · claimed: California"
        ));
        assert!(text.contains("Your hand: Seneca Falls Convention · Big Parade (1 button)"));
        assert!(text.contains("In effect for the game: Anti Lobby"));
        assert!(text.contains("On display: State cards: New Jersey"));
        assert!(text.contains("Waiting for Suffragist: place cubes (2 left)"));
        // Card texts are left to `? NAME`.
        assert!(!text.contains("place 2 cubes"), "{text}");
    }
}
