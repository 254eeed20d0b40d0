//! The Vote in about 20 lines: the heading and the decision awaited, one or two lines per
//! side (tracks, markers, Reserve), Congress, one line per Region, the action being
//! resolved, the Events Display by faction and the piles.
//!
//! On a narrow screen labels are shorter; on a short one each list takes one line and, when
//! that is still too many, the piles and the legend go first (see [`fit_lines`]).

use hustings_proto::v1::{TheVoteAction, TheVoteView};

use super::super::size::Size;
use super::super::style::{Style, clip, pad, truncate};
use super::super::the_vote::{
    action_what, boxes, card_line, card_name, faction, laws, names, of, target_parts, vp_bar,
};
use super::{Need, fit_lines, lines_text, wrap_items};

/// The compact board, one line per row, ending with a newline.
pub fn board(v: &TheVoteView, style: &Style, size: Size) -> String {
    // Lists wrap to their usual lines when the board fits that way, else to one line each.
    let mut lines = needed_lines(v, style, size, false);
    if lines.len() > size.board_lines() {
        lines = needed_lines(v, style, size, true);
    }
    lines_text(&fit_lines(lines, size.board_lines()))
}

/// The board's lines with how much each is needed, each list on one line when `fold`.
fn needed_lines(v: &TheVoteView, style: &Style, size: Size, fold: bool) -> Vec<(Need, String)> {
    let mut lines: Vec<(Need, String)> = heading(v, style, size)
        .into_iter()
        .map(|l| (0, l))
        .collect();
    lines.extend(sides(v, style, size, fold));
    lines.extend(regions(v, style, size));
    if let Some(a) = &v.action {
        // Its first line says what is being done; the rest, where.
        let what = action(v, a, style, size, fold).into_iter().enumerate();
        lines.extend(what.map(|(i, l)| (Need::from(i > 0), l)));
    }
    lines.extend(display(v, style, size, fold).into_iter().map(|l| (1, l)));
    lines.extend(piles(v, style, size, fold));
    lines
}

/// Lines a wrapped list may take: `most`, or one when the board is folded.
fn most(fold: bool, most: usize) -> usize {
    if fold { 1 } else { most }
}

fn heading(v: &TheVoteView, style: &Style, size: Size) -> Vec<String> {
    let phase = match v.phase.as_str() {
        "first-player-phase" => format!("First Player Phase ({})", faction(v, v.active)),
        "second-player-phase" => format!("Second Player Phase ({})", faction(v, v.active)),
        "finished" => "Finished".to_string(),
        other => other.to_string(),
    };
    let mut line = format!("{} · Turn {} · {phase}", style.heading("THE VOTE"), v.turn);
    if let Some(p) = &v.pending
        && !p.text.is_empty()
    {
        let text = match p.seat {
            Some(s) => style.seat_bold(s, &p.text),
            None => style.bold(&p.text),
        };
        line += &format!(" · {} {text}", style.dim("▶"));
    }
    vec![clip(&line, size.width)]
}

/// Each side's tracks and markers, then its Reserve (face-down cards in brackets), and
/// Congress Control.
fn sides(v: &TheVoteView, style: &Style, size: Size, fold: bool) -> Vec<(Need, String)> {
    let limits = v.limits.unwrap_or_default();
    let mut out = Vec::new();
    for p in &v.players {
        let mark = if v.active == p.seat && v.phase != "finished" {
            "▶"
        } else {
            " "
        };
        let markers = if size.narrow() {
            format!(
                "markers {} on map, {} in pool",
                p.markers_on_map, p.markers_in_pool
            )
        } else {
            format!(
                "markers: {} on the map, {} in the pool",
                p.markers_on_map, p.markers_in_pool
            )
        };
        let line = format!(
            "{mark} {} Org {:<4} PW {:<5} VP {:<5} {}  {markers}",
            style.seat_bold(p.seat, &pad(&p.faction, 9)),
            of(p.org, limits.org_max),
            of(p.pw, limits.pw_max),
            of(p.vp, limits.vp_max),
            vp_bar(p, limits.vp_max, style),
        );
        out.push((0, clip(&line, size.width)));
        let legend = if p.reserve.iter().any(|r| !r.face_up) {
            " ([face-down])"
        } else {
            ""
        };
        let head = format!(
            "      Reserve {}{legend}: ",
            of(p.reserve.len() as u32, p.reserve_limit)
        );
        let reserve: Vec<String> = p
            .reserve
            .iter()
            .map(|r| {
                let name = card_name(r.card.as_ref());
                if r.face_up { name } else { format!("[{name}]") }
            })
            .collect();
        if reserve.is_empty() {
            out.push((1, format!("{head}none")));
        } else {
            let lines = wrap_items(&head, &reserve, ", ", 8, most(fold, 2), size.width);
            out.extend(lines.into_iter().map(|l| (1, l)));
        }
    }
    if let Some(c) = &v.congress {
        let points: Vec<String> = c
            .points
            .iter()
            .enumerate()
            .map(|(seat, n)| format!("{} {n}", faction(v, seat as u32)))
            .collect();
        let ratify = v
            .limits
            .map(|l| {
                if size.narrow() {
                    format!("; Amendments ratify at {}", l.amendment_points)
                } else {
                    format!("; an Amendment is ratified with {}", l.amendment_points)
                }
            })
            .unwrap_or_default();
        out.push((
            1,
            clip(
                &format!(
                    "  Congress: {} controls ({} of {} points{ratify})",
                    style.seat_bold(c.controller, &faction(v, c.controller)),
                    points.join(" · "),
                    c.total
                ),
                size.width,
            ),
        ));
    }
    out
}

/// The Regions' table: its heading and rows, which are needed, and the legend.
fn regions(v: &TheVoteView, style: &Style, size: Size) -> Vec<(Need, String)> {
    let men = v
        .regions
        .iter()
        .filter_map(|r| r.men.map(|b| b.boxes as usize))
        .max()
        .unwrap_or(0)
        .max(3);
    let women = v
        .regions
        .iter()
        .filter_map(|r| r.women.map(|b| b.boxes as usize))
        .max()
        .unwrap_or(0)
        .max(5);
    let mut out = vec![(
        0,
        style.dim(&format!(
            "  {}  CP  holder     {}  {}  Laws  blue-red",
            pad("Region", 15),
            pad("Men", men),
            pad("Women", women)
        )),
    )];
    for r in &v.regions {
        let holder = faction(v, r.congress_holder);
        let row = format!(
            "  {}  {:>2}  {}  {}  {}  {}   {}-{}",
            style.bold(&pad(&truncate(&r.name, 15), 15)),
            r.congress_points,
            style.seat_bold(r.congress_holder, &pad(&truncate(&holder, 9), 9)),
            pad(&boxes(r.men.as_ref(), true, style), men),
            pad(&boxes(r.women.as_ref(), r.women_open, style), women),
            laws(r, style),
            style.seat_bold(0, &r.blue.to_string()),
            style.seat_bold(1, &r.red.to_string()),
        );
        out.push((0, clip(&row, size.width)));
    }
    let legend = if size.narrow() {
        "  E Equality  b/r Blue/Red Apathy  S Supremacy  · empty  - closed │ M Municipal D Direct W Suffrage"
    } else {
        "  E Equality  b Blue Apathy  r Red Apathy  S Supremacy  · empty  - closed │ Laws: M Municipal D Direct W Woman Suffrage"
    };
    out.push((2, style.dim(legend)));
    out
}

/// The action being resolved, then where it works, on as few lines as fit.
fn action(
    v: &TheVoteView,
    a: &TheVoteAction,
    style: &Style,
    size: Size,
    fold: bool,
) -> Vec<String> {
    let targets: Vec<String> = a
        .targets
        .iter()
        .map(|t| target_parts(v, t).join(", "))
        .collect();
    let head = format!(
        "{} {} — ",
        style.heading("Now:"),
        style.seat_bold(a.seat, &action_what(v, a))
    );
    if targets.is_empty() {
        return vec![clip(head.trim_end_matches(" — "), size.width)];
    }
    wrap_items(&head, &targets, " · ", 6, most(fold, 2), size.width)
}

/// The Events Display, one faction a line (a star: playing it is the Last Action).
fn display(v: &TheVoteView, style: &Style, size: Size, fold: bool) -> Vec<String> {
    let mut out = Vec::new();
    for (seat, slug) in [(0u32, "equality"), (1, "supremacy")] {
        let cards: Vec<String> = v
            .display
            .iter()
            .filter(|c| c.faction == slug)
            .map(card_line)
            .collect();
        let head = format!(
            "{} {} ",
            if seat == 0 {
                style.heading("Display")
            } else {
                " ".repeat(7)
            },
            style.seat_bold(seat, &pad(&format!("{}:", faction(v, seat)), 10))
        );
        if cards.is_empty() {
            out.push(format!("{head}{}", style.dim("none")));
        } else {
            out.extend(wrap_items(
                &head,
                &cards,
                " · ",
                19,
                most(fold, 2),
                size.width,
            ));
        }
    }
    out
}

/// The Deck, the Discard, the cards aside and Removed, and the Amendments, on two lines.
fn piles(v: &TheVoteView, style: &Style, size: Size, fold: bool) -> Vec<(Need, String)> {
    let top = v
        .discard
        .last()
        .map(|c| format!(" (top: {})", c.name))
        .unwrap_or_default();
    let mut first = vec![format!(
        "Deck {} · Discard {}{top} · reshuffles {}",
        v.deck_count,
        v.discard.len(),
        v.reshuffles
    )];
    if v.hidden_discards > 0 {
        first.push(format!(
            "{} face-down under the Discard, unseen",
            v.hidden_discards
        ));
    }
    if !v.amendments.is_empty() {
        let list: Vec<String> = v
            .amendments
            .iter()
            .map(|a| format!("{} {}", card_name(a.card.as_ref()), a.status))
            .collect();
        first.push(format!("Amendments: {}", list.join(", ")));
    }
    let head = format!("{} ", style.heading("Cards"));
    let mut out: Vec<(Need, String)> =
        wrap_items(&head, &first, " · ", 6, most(fold, 2), size.width)
            .into_iter()
            .map(|l| (1, l))
            .collect();
    let mut rest = Vec::new();
    if !v.aside.is_empty() {
        rest.push(format!("Aside: {}", names(&v.aside).join(", ")));
    }
    if !v.removed.is_empty() {
        rest.push(format!("Removed: {}", names(&v.removed).join(", ")));
    }
    let rest = wrap_items("      ", &rest, " · ", 6, most(fold, 2), size.width);
    out.extend(rest.into_iter().map(|l| (2, l)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::test_views::the_vote_view;

    #[test]
    fn sides_regions_and_display_fit_on_a_line_each() {
        let text = board(&the_vote_view(), &Style::PLAIN, Size::DEFAULT);
        assert!(text.starts_with(
            "THE VOTE · Turn 4 · Second Player Phase (Equality) · ▶ Equality may Counter the Block\n"
        ));
        let eq = text
            .lines()
            .find(|l| l.starts_with("▶ Equality"))
            .expect("Equality line");
        assert!(eq.contains("Org 3/5") && eq.contains("VP 15/75"), "{eq}");
        assert!(
            eq.contains("markers: 20 on the map, 19 in the pool"),
            "{eq}"
        );
        assert!(text.contains("\n      Reserve 1/3: Declaration of Sentiments\n  Supremacy"));
        assert!(text.contains("\n      Reserve 2/2 ([face-down]): [Poll Tax], Ridicule\n"));
        let west = text
            .lines()
            .find(|l| l.trim_start().starts_with("The West"))
            .expect("The West");
        assert!(west.contains("EEEbr") && west.contains("Er··") && west.contains("M·W"));
        assert!(text.contains("Now: Equality: Persuade with Alice Paul, strength 4 — Deep South, Blocked by Ridicule, markers changed: 1"));
        assert!(text.contains("Display Equality:  Alice Paul (public opinion, 4 PW)\n"));
        assert!(text.contains("\n        Supremacy: Redeemers (organization, 3 PW) *\n"));
        assert!(text.contains("Deck 11 · Discard 1 (top: Supreme Courts) · reshuffles 0"));
        assert!(text.contains("Aside: Silent Sentinels · Removed: Separate Spheres"));
    }
}
