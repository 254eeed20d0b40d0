//! Colour on a terminal, plain text everywhere else.
//!
//! Every renderer takes a [`Style`] and asks it to paint words; with colour off it returns
//! the words unchanged, so piped output, files and tests see plain text.

use std::io::IsTerminal;

/// How output is painted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    color: bool,
}

/// The palette seats are painted with, in seat order (Democrat blue, Republican red, then
/// the other nominees of a convention).
const SEAT_COLORS: [&str; 6] = ["34", "31", "32", "35", "33", "36"];

impl Style {
    /// Plain text, no escape codes.
    pub const PLAIN: Style = Style { color: false };
    /// ANSI colours.
    pub const COLOR: Style = Style { color: true };

    /// Colour when stdout is a terminal and `NO_COLOR` is not set; plain otherwise.
    pub fn detect() -> Style {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Style {
            color: !no_color && std::io::stdout().is_terminal(),
        }
    }

    /// Whether escape codes are written.
    pub fn is_color(&self) -> bool {
        self.color
    }

    fn paint(&self, code: &str, text: &str) -> String {
        if self.color && !text.is_empty() {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// Emphasis.
    pub fn bold(&self, text: &str) -> String {
        self.paint("1", text)
    }
    /// De-emphasis.
    pub fn dim(&self, text: &str) -> String {
        self.paint("2", text)
    }
    /// Good news, winners.
    pub fn good(&self, text: &str) -> String {
        self.paint("1;32", text)
    }
    /// Warnings, errors.
    pub fn bad(&self, text: &str) -> String {
        self.paint("1;31", text)
    }
    /// Headings and the prompt.
    pub fn heading(&self, text: &str) -> String {
        self.paint("1;36", text)
    }
    /// Text in a seat's colour.
    pub fn seat(&self, seat: u32, text: &str) -> String {
        self.paint(SEAT_COLORS[seat as usize % SEAT_COLORS.len()], text)
    }
    /// Text in a seat's colour, bold.
    pub fn seat_bold(&self, seat: u32, text: &str) -> String {
        let code = format!("1;{}", SEAT_COLORS[seat as usize % SEAT_COLORS.len()]);
        self.paint(&code, text)
    }
}

/// The printed width of a string: characters outside escape sequences.
pub fn visible_width(s: &str) -> usize {
    let mut width = 0;
    let mut in_escape = false;
    for c in s.chars() {
        if in_escape {
            if c.is_ascii_alphabetic() {
                in_escape = false;
            }
        } else if c == '\x1b' {
            in_escape = true;
        } else {
            width += 1;
        }
    }
    width
}

/// Pads a (possibly painted) string with spaces to `width` printed characters.
pub fn pad(s: &str, width: usize) -> String {
    let w = visible_width(s);
    if w >= width {
        s.to_string()
    } else {
        format!("{s}{}", " ".repeat(width - w))
    }
}

/// Cuts plain text to at most `width` characters, marking the cut with an ellipsis.
pub fn truncate(s: &str, width: usize) -> String {
    if s.chars().count() <= width {
        s.to_string()
    } else if width == 0 {
        String::new()
    } else {
        let mut out: String = s.chars().take(width - 1).collect();
        out.push('…');
        out
    }
}

/// Cuts a possibly painted line to at most `width` printed characters, marking the cut
/// with an ellipsis. Escape sequences are kept whole, and a cut line ends with a reset so
/// a colour never runs on into the next line.
pub fn clip(s: &str, width: usize) -> String {
    if visible_width(s) <= width {
        return s.to_string();
    }
    let mut out = String::new();
    let mut shown = 0;
    let mut in_escape = false;
    let mut painted = false;
    for c in s.chars() {
        if in_escape {
            out.push(c);
            if c.is_ascii_alphabetic() {
                in_escape = false;
            }
        } else if c == '\x1b' {
            in_escape = true;
            painted = true;
            out.push(c);
        } else if shown + 1 < width {
            out.push(c);
            shown += 1;
        } else {
            break;
        }
    }
    if width > 0 {
        out.push('…');
    }
    if painted {
        out.push_str("\x1b[0m");
    }
    out
}

/// `1 seat`, `2 seats`: a count with its noun, plural when it is not one.
pub fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clip_cuts_printed_characters_and_keeps_escapes_whole() {
        assert_eq!(clip("Texas", 10), "Texas");
        assert_eq!(clip("Get out the Vote", 8), "Get out…");
        let painted = Style::COLOR.seat(0, "Democrat");
        let cut = clip(&painted, 4);
        assert_eq!(visible_width(&cut), 4);
        assert!(cut.starts_with("\x1b[34mDem…"), "{cut:?}");
        assert!(cut.ends_with("\x1b[0m"));
    }

    #[test]
    fn counts_are_singular_for_one() {
        assert_eq!(count(1u32, "seat", "seats"), "1 seat");
        assert_eq!(count(0u32, "button", "buttons"), "0 buttons");
        assert_eq!(count(3u32, "cube", "cubes"), "3 cubes");
    }

    #[test]
    fn plain_style_writes_no_escape_codes() {
        let s = Style::PLAIN;
        assert_eq!(s.bold("x"), "x");
        assert_eq!(s.seat(1, "Republican"), "Republican");
    }

    #[test]
    fn colour_style_paints_and_padding_ignores_the_codes() {
        let s = Style::COLOR;
        let painted = s.seat(0, "Democrat");
        assert!(painted.contains("\x1b[34m"));
        assert_eq!(visible_width(&painted), 8);
        assert_eq!(visible_width(&pad(&painted, 12)), 12);
    }

    #[test]
    fn truncate_marks_the_cut() {
        assert_eq!(truncate("Get out the Vote Drive", 10), "Get out t…");
        assert_eq!(truncate("Texas", 10), "Texas");
    }
}
