//! The screen a compact layout draws for: the terminal's columns and rows.
//!
//! The compact boards were made for 120×40; from 100×30 up they fold to fit (shorter cells,
//! fewer lines), so the header line and the prompt stay on screen together. Smaller
//! terminals get the 100×30 layout and scroll: below that a board cannot stay readable.

/// Columns and rows to draw in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    /// The widest line, in printed characters.
    pub width: usize,
    /// The rows of a screen, the `> ` line included.
    pub height: usize,
}

impl Size {
    /// What the compact layout was made for, and what it draws when the terminal does not
    /// say (piped output, a transcript).
    pub const DEFAULT: Size = Size {
        width: 120,
        height: 40,
    };
    /// The smallest screen the compact layout folds to.
    pub const SMALLEST: Size = Size {
        width: 100,
        height: 30,
    };

    /// The size to draw for a terminal of `columns` × `rows`: at least [`Self::SMALLEST`];
    /// no wider than [`Self::DEFAULT`] (the boards have nothing to put in more columns),
    /// but as tall as the terminal, so the log gets the extra rows.
    pub fn fit(columns: usize, rows: usize) -> Size {
        Size {
            width: columns.clamp(Self::SMALLEST.width, Self::DEFAULT.width),
            height: rows.max(Self::SMALLEST.height),
        }
    }

    /// The terminal's size when standard output is one that says; else `COLUMNS` × `LINES`
    /// from the environment when both are set (the convention curses programs follow, so
    /// `COLUMNS=100 LINES=30 hustings play … | tee log` draws for a 100×30 window); else
    /// [`Self::DEFAULT`].
    pub fn of_terminal() -> Size {
        let env = |name: &str| std::env::var(name).ok();
        crate::term::size()
            .or_else(|| from_env(env("COLUMNS").as_deref(), env("LINES").as_deref()))
            .map(|(columns, rows)| Size::fit(columns, rows))
            .unwrap_or(Self::DEFAULT)
    }

    /// Narrower than the compact boards were made for: cells and labels get shorter.
    pub fn narrow(&self) -> bool {
        self.width < Self::DEFAULT.width
    }

    /// Shorter than the compact boards were made for: boards fold to fewer lines.
    pub fn short(&self) -> bool {
        self.height < Self::DEFAULT.height
    }

    /// The most lines a compact board takes: what leaves the header, a few log entries,
    /// a prompt of several lines, the status line and `> ` room (28 of 40 rows).
    pub fn board_lines(&self) -> usize {
        self.height.saturating_sub(12)
    }
}

/// Columns and rows from the values of `COLUMNS` and `LINES`: both whole numbers above
/// zero, or nothing (one alone says too little to draw for).
fn from_env(columns: Option<&str>, lines: Option<&str>) -> Option<(usize, usize)> {
    let number = |v: Option<&str>| v?.trim().parse::<usize>().ok().filter(|&n| n > 0);
    Some((number(columns)?, number(lines)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_environment_gives_a_size_only_when_both_numbers_are_there() {
        assert_eq!(from_env(Some("100"), Some("30")), Some((100, 30)));
        assert_eq!(from_env(Some(" 132 "), Some("50")), Some((132, 50)));
        assert_eq!(from_env(Some("100"), None), None);
        assert_eq!(from_env(None, Some("30")), None);
        assert_eq!(from_env(Some("wide"), Some("30")), None);
        assert_eq!(from_env(Some("0"), Some("30")), None);
    }

    #[test]
    fn a_size_is_clamped_to_the_range_the_layout_folds_to() {
        assert_eq!(Size::fit(80, 24), Size::SMALLEST);
        assert_eq!(
            Size::fit(100, 30),
            Size {
                width: 100,
                height: 30
            }
        );
        assert_eq!(
            Size::fit(200, 60),
            Size {
                width: 120,
                height: 60
            }
        );
        assert!(Size::SMALLEST.narrow() && Size::SMALLEST.short());
        assert!(!Size::DEFAULT.narrow() && !Size::DEFAULT.short());
        assert_eq!(Size::DEFAULT.board_lines(), 28);
    }
}
