//! The compact boards: each game's state in at most [`Size::board_lines`] lines of at most
//! [`Size::width`] printed characters, so that the terminal (120×40 unless it says; boards
//! fold down to 100×30) holds the board, the last events, the prompt and the clocks at once
//! (`--board full` draws the longer boards of the parent module instead).
//!
//! [`Size::board_lines`]: super::Size::board_lines
//! [`Size::width`]: super::Size::width
//!
//! Compact boards name cards without their texts (`? NAME` at the prompt shows a card's
//! text) and put related facts on one line.

pub mod presidency;
pub mod the_vote;
pub mod votes_for_women;

use super::style::{clip, visible_width};

/// `head` then the items joined by `sep`, broken into lines of at most `width` printed
/// characters (later lines indented by `indent` spaces), at most `max_lines` of them: what
/// does not fit is counted on the last line ("… 3 more"). Nothing when there are no items.
pub fn wrap_items(
    head: &str,
    items: &[String],
    sep: &str,
    indent: usize,
    max_lines: usize,
    width: usize,
) -> Vec<String> {
    let pieces: Vec<(String, String)> = items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let sep = if i == 0 { "" } else { sep };
            (sep.to_string(), item.clone())
        })
        .collect();
    wrap_pieces(head, &pieces, indent, max_lines, width)
}

/// Zones of items, as `head` then "title: a, b · title: c": each zone's title before its
/// first item, items joined by ", " and zones by " · ", wrapped as [`wrap_items`] does.
pub fn wrap_zones(
    head: &str,
    zones: &[(&str, Vec<String>)],
    indent: usize,
    max_lines: usize,
    width: usize,
) -> Vec<String> {
    let mut pieces: Vec<(String, String)> = Vec::new();
    for (title, items) in zones {
        for (i, item) in items.iter().enumerate() {
            let sep = match (pieces.is_empty(), i) {
                (true, _) => "",
                (false, 0) => " · ",
                _ => ", ",
            };
            let text = if i == 0 && !title.is_empty() {
                format!("{title}: {item}")
            } else {
                item.clone()
            };
            pieces.push((sep.to_string(), text));
        }
    }
    wrap_pieces(head, &pieces, indent, max_lines, width)
}

/// `head` then each (separator, text) piece, a piece that would pass `width` starting
/// the next line (without its separator); see [`wrap_items`].
fn wrap_pieces(
    head: &str,
    pieces: &[(String, String)],
    indent: usize,
    max_lines: usize,
    width: usize,
) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    if pieces.is_empty() || max_lines == 0 {
        return lines;
    }
    let mut line = head.to_string();
    let mut fresh = true;
    for (i, (sep, text)) in pieces.iter().enumerate() {
        let piece = format!("{sep}{text}");
        if !fresh && visible_width(&line) + visible_width(&piece) > width {
            if lines.len() + 1 == max_lines {
                let more = format!(" … {} more", pieces.len() - i);
                let room = width.saturating_sub(visible_width(&more));
                lines.push(format!("{}{more}", clip(&line, room)));
                return lines;
            }
            lines.push(clip(&line, width));
            line = format!("{}{text}", " ".repeat(indent));
        } else {
            line += &piece;
        }
        fresh = false;
    }
    lines.push(clip(&line, width));
    lines
}

/// How much a board's line is needed when the screen is short of rows: 0 is never left out.
pub type Need = u8;

/// The lines of `lines` that fit in `max_lines`: when there are too many, the least needed
/// go first (the last of them first), so a short terminal keeps what the game waits for
/// and loses the displays. Lines of need 0 always stay.
pub fn fit_lines(lines: Vec<(Need, String)>, max_lines: usize) -> Vec<String> {
    let mut lines = lines;
    let least = lines.iter().map(|(n, _)| *n).max().unwrap_or(0);
    for need in (1..=least).rev() {
        while lines.len() > max_lines {
            match lines.iter().rposition(|(n, _)| *n == need) {
                Some(i) => {
                    lines.remove(i);
                }
                None => break,
            }
        }
    }
    lines.into_iter().map(|(_, l)| l).collect()
}

/// Lines joined with newlines, each ending with one.
pub fn lines_text(lines: &[String]) -> String {
    let mut out = String::new();
    for l in lines {
        out += l.trim_end();
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::Size;

    const WIDTH: usize = Size::DEFAULT.width;

    #[test]
    fn wrapped_items_stay_within_the_width_and_count_what_is_left_out() {
        let items: Vec<String> = (1..=40).map(|n| format!("Card number {n}")).collect();
        let lines = wrap_items("Hand: ", &items, ", ", 6, 2, WIDTH);
        assert_eq!(lines.len(), 2);
        for l in &lines {
            assert!(visible_width(l) <= WIDTH, "{l}");
        }
        assert!(lines[0].starts_with("Hand: Card number 1, Card number 2"));
        assert!(lines[1].starts_with("      Card number"));
        assert!(lines[1].ends_with("more"), "{}", lines[1]);
        // A zone's title goes before its first item; an item too long for a line is cut.
        let zones = [
            ("this turn", vec!["A".to_string(), "B".to_string()]),
            ("for the game", vec!["C".to_string()]),
        ];
        assert_eq!(
            wrap_zones("In effect ", &zones, 4, 2, WIDTH),
            vec!["In effect this turn: A, B · for the game: C".to_string()]
        );
        let long = vec!["x".repeat(200)];
        let lines = wrap_items("Hand: ", &long, ", ", 4, 2, WIDTH);
        assert_eq!(lines.len(), 1);
        assert_eq!(visible_width(&lines[0]), WIDTH);
        assert_eq!(
            wrap_items("x", &[], ", ", 0, 3, WIDTH),
            Vec::<String>::new()
        );
        assert_eq!(
            wrap_items("Hand: ", &items[..2], ", ", 6, 2, WIDTH),
            vec!["Hand: Card number 1, Card number 2".to_string()]
        );
    }

    #[test]
    fn fitting_lines_drops_the_least_needed_last_first() {
        let lines = |needs: &[Need]| -> Vec<(Need, String)> {
            needs
                .iter()
                .enumerate()
                .map(|(i, n)| (*n, format!("{i}")))
                .collect()
        };
        assert_eq!(fit_lines(lines(&[0, 2, 1, 2]), 4), ["0", "1", "2", "3"]);
        assert_eq!(fit_lines(lines(&[0, 2, 1, 2]), 3), ["0", "1", "2"]);
        assert_eq!(fit_lines(lines(&[0, 2, 1, 2]), 2), ["0", "2"]);
        // What must stay stays, even past the limit.
        assert_eq!(fit_lines(lines(&[0, 0, 1]), 1), ["0", "1"]);
    }
}

#[cfg(test)]
mod size {
    use super::*;
    use crate::render::Size;
    use crate::render::test_views::*;
    use crate::render::{Layout, Style, board};

    #[test]
    fn every_compact_board_fits_its_lines_and_width() {
        for size in [Size::DEFAULT, Size::SMALLEST] {
            for (name, view) in every_view() {
                for style in [Style::PLAIN, Style::COLOR] {
                    let text = board(&view, &[], &style, Layout::Compact, size);
                    let lines: Vec<&str> = text.lines().collect();
                    assert!(
                        lines.len() <= size.board_lines(),
                        "{name} at {size:?}: {} lines\n{text}",
                        lines.len()
                    );
                    for l in &lines {
                        assert!(
                            visible_width(l) <= size.width,
                            "{name} at {size:?}: too wide: {l}"
                        );
                    }
                    // The full board is the longer one (it is what --board full is for).
                    let full = board(&view, &[], &style, Layout::Full, size);
                    assert!(full.lines().count() > lines.len(), "{name}");
                }
            }
        }
    }
}
