//! Votes for Women in about 25 lines: the score line, the map as two columns of three
//! regions (West, Plains and South beside Midwest, Atlantic & Appalachia and Northeast),
//! each region its heading and two rows of four states, then one line per side, the players
//! of a team game, the viewer's cards and the displays by name, and what the game waits for.

use hustings_proto::v1::{VotesForWomenCard, VotesForWomenState, VotesForWomenView};

use super::super::style::{Style, clip, count, pad};
use super::super::votes_for_women::{cubes, pending, phase_text, side_name, side_seat};
use super::{WIDTH, lines_text, wrap_items, wrap_zones};

/// Printed width of one state cell, its gap included.
const CELL: usize = 14;
/// States per row of a region block.
const PER_ROW: usize = 4;
/// Printed width of a region block: an indent and four cells.
const BLOCK: usize = 2 + PER_ROW * CELL;
/// Regions side by side.
const COLUMNS: usize = 2;

/// The compact board, one line per row, ending with a newline.
pub fn board(v: &VotesForWomenView, style: &Style) -> String {
    let mut lines = header(v, style);
    lines.extend(map(v, style));
    lines.extend(sides(v, style));
    lines.extend(players(v, style));
    lines.extend(cards(v, style));
    for l in pending(v, style).lines() {
        lines.push(clip(l, WIDTH));
    }
    lines_text(&lines)
}

fn header(v: &VotesForWomenView, style: &Style) -> Vec<String> {
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
    vec![clip(&first, WIDTH), clip(&second, WIDTH)]
}

/// A state as `CA3 2p1y✓[S]`: code and die, cubes, mark, State card.
fn state_cell(s: &VotesForWomenState, style: &Style) -> String {
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
    let card = match s.state_card.as_str() {
        "suffragist" => style.seat(0, "[S]"),
        "opposition" => style.seat(1, "[O]"),
        "available" => "[·]".into(),
        _ => String::new(),
    };
    pad(&clip(&format!("{code} {c}{mark}{card}"), CELL - 1), CELL)
}

/// One region: its heading (number, name, the Campaigners there), then its states.
fn region_block(v: &VotesForWomenView, index: usize, style: &Style) -> Vec<String> {
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
    let mut out = vec![clip(&heading, BLOCK - 1)];
    for row in states.chunks(PER_ROW) {
        let cells: String = row.iter().map(|s| state_cell(s, style)).collect();
        out.push(format!("  {cells}"));
    }
    out
}

/// The six regions as two columns of three blocks.
fn map(v: &VotesForWomenView, style: &Style) -> Vec<String> {
    let rows = v.regions.len().div_ceil(COLUMNS);
    let mut out = Vec::new();
    for row in 0..rows {
        let left = region_block(v, row, style);
        let right = region_block(v, row + rows, style);
        for i in 0..left.len().max(right.len()) {
            let l = left.get(i).cloned().unwrap_or_default();
            let r = right.get(i).cloned().unwrap_or_default();
            out.push(format!("{}  {r}", pad(&l, BLOCK)).trim_end().to_string());
        }
    }
    out
}

fn names(list: &[VotesForWomenCard]) -> Vec<String> {
    list.iter().map(|c| c.name.clone()).collect()
}

/// One line per side: buttons, cards, deck and claimed cards.
fn sides(v: &VotesForWomenView, style: &Style) -> Vec<String> {
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
            clip(&line, WIDTH)
        })
        .collect()
}

/// The players of a team game (or against the Oppobot), all on one or two lines.
fn players(v: &VotesForWomenView, style: &Style) -> Vec<String> {
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
        2,
    )
}

/// The viewer's cards by name (with costs), then the displays and boxes.
fn cards(v: &VotesForWomenView, style: &Style) -> Vec<String> {
    let mut out = Vec::new();
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
    out.extend(wrap_items(
        &format!("{} ", style.heading("Your hand:")),
        &costed(&v.hand),
        " · ",
        4,
        2,
    ));
    // Cards only some moments show: the opponent's hand (Change In Plans), cards drawn
    // to place, the viewer's stacked deck ends.
    let top: Vec<VotesForWomenCard> = v.deck_top.iter().rev().cloned().collect();
    let moments = [
        ("Opponent's hand (shown to you)", names(&v.opponent_hand)),
        ("Drawn, to place", costed(&v.drawn)),
        ("On top of your deck, next first", names(&top)),
        ("at its bottom", names(&v.deck_bottom)),
    ];
    out.extend(wrap_zones("", &moments, 4, 2));
    let effects = [
        ("this turn", names(&v.rest_of_turn)),
        ("for the game", names(&v.rest_of_game)),
        ("in Final Voting", names(&v.final_voting_box)),
    ];
    out.extend(wrap_zones("In effect ", &effects, 4, 1));
    let display = [
        ("State cards", names(&v.available_states)),
        ("Strategy cards", names(&v.strategy_display)),
        ("", vec![format!("Strategy deck {}", v.strategy_deck_count)]),
        ("out of the game", names(&v.out_of_game)),
    ];
    out.extend(wrap_zones("On display: ", &display, 4, 3));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::test_views::vfw_view;

    #[test]
    fn the_map_puts_three_regions_beside_three_with_every_state() {
        let v = vfw_view("standard");
        let text = board(&v, &Style::PLAIN);
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
        let text = board(&vfw_view("standard"), &Style::PLAIN);
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
