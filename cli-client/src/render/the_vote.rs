//! The Vote's board, drawn from the typed `TheVoteView`.
//!
//! A heading with the turn, the phase and the decision awaited; each side's Org, PW and VP
//! tracks, markers and Reserve (face-up and face-down); Congress Control; one line per
//! Region with its Men and Women boxes (one letter per marker), its Local Laws, its votes and
//! who holds its Congress Control Points; the action being resolved; the Events Display by
//! faction; the Discard, the Deck and the cards set aside, Removed and the Amendments.

use hustings_proto::v1::{
    TheVoteAction, TheVoteBoxes, TheVoteCard, TheVotePlayer, TheVoteRegion, TheVoteTarget,
    TheVoteView,
};

use super::style::{Style, pad, truncate};

/// Characters of a VP bar; each stands for `vp_max / BAR` VP.
const BAR: usize = 25;

/// The whole board as text, one line per row, ending with a newline.
pub fn board(v: &TheVoteView, style: &Style) -> String {
    let mut out = String::new();
    out += &heading(v, style);
    out += &tracks(v, style);
    out += &congress(v, style);
    out += &regions(v, style);
    if let Some(a) = &v.action {
        out += &action(v, a, style);
    }
    out += &display(v, style);
    out += &piles(v, style);
    out
}

/// The faction name of a seat ("seat N" beyond the two).
pub(crate) fn faction(v: &TheVoteView, seat: u32) -> String {
    v.players
        .iter()
        .find(|p| p.seat == seat)
        .map(|p| p.faction.clone())
        .unwrap_or_else(|| match seat {
            0 => "Equality".into(),
            1 => "Supremacy".into(),
            _ => format!("seat {seat}"),
        })
}

pub(crate) fn region_name(v: &TheVoteView, id: &str) -> String {
    v.regions
        .iter()
        .find(|r| r.id == id)
        .map(|r| r.name.clone())
        .unwrap_or_else(|| id.to_string())
}

fn heading(v: &TheVoteView, style: &Style) -> String {
    let phase = match v.phase.as_str() {
        "first-player-phase" => format!("First Player Phase ({})", faction(v, v.active)),
        "second-player-phase" => format!("Second Player Phase ({})", faction(v, v.active)),
        "finished" => "Finished".to_string(),
        other => other.to_string(),
    };
    let mut out = format!(
        "{} · Turn {} · {}\n",
        style.heading("THE VOTE"),
        v.turn,
        phase
    );
    if let Some(p) = &v.pending
        && !p.text.is_empty()
    {
        let text = match p.seat {
            Some(s) => style.seat_bold(s, &p.text),
            None => style.bold(&p.text),
        };
        out += &format!("  {} {text}\n", style.dim("▶"));
    }
    out
}

/// "3/5": a value on a track out of its top.
pub(crate) fn of(value: u32, max: u32) -> String {
    if max == 0 {
        value.to_string()
    } else {
        format!("{value}/{max}")
    }
}

/// A bar of the VP track, each side in its colour.
pub(crate) fn vp_bar(p: &TheVotePlayer, max: u32, style: &Style) -> String {
    if max == 0 {
        return String::new();
    }
    let filled = ((p.vp.min(max) as usize * BAR) + max as usize / 2) / max as usize;
    let letter = if p.seat == 0 { "E" } else { "S" };
    format!(
        "[{}{}]",
        style.seat_bold(p.seat, &letter.repeat(filled)),
        style.dim(&".".repeat(BAR - filled))
    )
}

pub(crate) fn card_name(c: Option<&TheVoteCard>) -> String {
    c.map(|c| c.name.clone()).unwrap_or_else(|| "?".into())
}

/// Each side's tracks, markers and Reserve.
fn tracks(v: &TheVoteView, style: &Style) -> String {
    let limits = v.limits.unwrap_or_default();
    let mut out = format!("\n{}\n", style.heading("Sides"));
    for p in &v.players {
        let mark = if v.active == p.seat && v.phase != "finished" {
            "▶"
        } else {
            " "
        };
        out += &format!(
            "  {mark} {} Org {:<4} PW {:<5} VP {:<5} {}\n",
            style.seat_bold(p.seat, &pad(&p.faction, 9)),
            of(p.org, limits.org_max),
            of(p.pw, limits.pw_max),
            of(p.vp, limits.vp_max),
            vp_bar(p, limits.vp_max, style),
        );
        out += &format!(
            "      markers: {} on the map, {} in the pool\n",
            p.markers_on_map, p.markers_in_pool
        );
        let up: Vec<String> = p
            .reserve
            .iter()
            .filter(|r| r.face_up)
            .map(|r| card_name(r.card.as_ref()))
            .collect();
        let down: Vec<String> = p
            .reserve
            .iter()
            .filter(|r| !r.face_up)
            .map(|r| card_name(r.card.as_ref()))
            .collect();
        out += &wrap(
            &format!(
                "      Reserve {}, face-up: ",
                of(p.reserve.len() as u32, p.reserve_limit)
            ),
            &up,
            8,
        );
        out += &wrap("        face-down: ", &down, 19);
    }
    out
}

fn congress(v: &TheVoteView, style: &Style) -> String {
    let Some(c) = &v.congress else {
        return String::new();
    };
    let points: Vec<String> = c
        .points
        .iter()
        .enumerate()
        .map(|(seat, n)| format!("{} {n}", faction(v, seat as u32)))
        .collect();
    let mut out = format!(
        "  Congress: {} controls ({} of {} points)\n",
        style.seat_bold(c.controller, &faction(v, c.controller)),
        points.join(" · "),
        c.total
    );
    if let Some(l) = v.limits {
        out += &style.dim(&format!(
            "            an Amendment is ratified with {} points\n",
            l.amendment_points
        ));
    }
    out
}

/// One letter per box: E Equality, b Blue Apathy, r Red Apathy, S Supremacy, · empty; a
/// closed row is dashes.
pub(crate) fn boxes(b: Option<&TheVoteBoxes>, open: bool, style: &Style) -> String {
    let Some(b) = b else {
        return String::new();
    };
    if !open {
        return style.dim(&"-".repeat(b.boxes as usize));
    }
    let used = b.equality + b.blue_apathy + b.red_apathy + b.supremacy;
    let mut s = String::new();
    s += &style.seat_bold(0, &"E".repeat(b.equality as usize));
    s += &style.seat(0, &"b".repeat(b.blue_apathy as usize));
    s += &style.seat(1, &"r".repeat(b.red_apathy as usize));
    s += &style.seat_bold(1, &"S".repeat(b.supremacy as usize));
    s += &style.dim(&"·".repeat(b.boxes.saturating_sub(used) as usize));
    s
}

/// Passed Laws by initial (M, D, W), a dot for each not in force.
pub(crate) fn laws(r: &TheVoteRegion, style: &Style) -> String {
    r.laws
        .iter()
        .map(|l| {
            let initial = match l.id.as_str() {
                "municipal" => "M".to_string(),
                "direct-election" => "D".to_string(),
                "woman-suffrage" => "W".to_string(),
                _ => l.name.chars().next().unwrap_or('?').to_string(),
            };
            if l.passed {
                style.good(&initial)
            } else {
                style.dim("·")
            }
        })
        .collect()
}

fn regions(v: &TheVoteView, style: &Style) -> String {
    let men_width = v
        .regions
        .iter()
        .filter_map(|r| r.men.map(|b| b.boxes as usize))
        .max()
        .unwrap_or(0);
    let women_width = v
        .regions
        .iter()
        .filter_map(|r| r.women.map(|b| b.boxes as usize))
        .max()
        .unwrap_or(0);
    let mut out = format!("\n{}\n", style.heading("Regions"));
    out += &style.dim(&format!(
        "  {}  CP  holder     {}  {}  Laws  blue-red\n",
        pad("", 15),
        pad("Men", men_width),
        pad("Women", women_width.max(5))
    ));
    for r in &v.regions {
        let holder = faction(v, r.congress_holder);
        out += &format!(
            "  {}  {:>2}  {}  {}  {}  {}   {}-{}\n",
            style.bold(&pad(&truncate(&r.name, 15), 15)),
            r.congress_points,
            style.seat_bold(r.congress_holder, &pad(&truncate(&holder, 9), 9)),
            pad(&boxes(r.men.as_ref(), true, style), men_width),
            pad(
                &boxes(r.women.as_ref(), r.women_open, style),
                women_width.max(5)
            ),
            laws(r, style),
            style.seat_bold(0, &r.blue.to_string()),
            style.seat_bold(1, &r.red.to_string()),
        );
    }
    out += &style.dim(
        "  E Equality  b Blue Apathy  r Red Apathy  S Supremacy  · empty  - closed\n  \
         Laws: M Municipal Elections  D Direct Election  W Woman Suffrage\n",
    );
    out
}

/// A slug in words: "supreme-courts" → "Supreme Courts".
pub(crate) fn title(slug: &str) -> String {
    slug.split('-')
        .map(|w| {
            let mut c = w.chars();
            match c.next() {
                Some(f) => f.to_uppercase().chain(c).collect(),
                None => String::new(),
            }
        })
        .collect::<Vec<String>>()
        .join(" ")
}

/// The action being resolved and where it works.
fn action(v: &TheVoteView, a: &TheVoteAction, style: &Style) -> String {
    let mut out = format!(
        "\n{} {}\n",
        style.heading("Now:"),
        style.seat_bold(a.seat, &action_what(v, a))
    );
    for t in &a.targets {
        out += &wrap("  • ", &target_parts(v, t), 4);
    }
    out
}

/// Who does what with which card: the head of the action line (both layouts).
pub(crate) fn action_what(v: &TheVoteView, a: &TheVoteAction) -> String {
    let mut what = format!(
        "{}: {} with {}",
        faction(v, a.seat),
        title(&a.kind),
        card_name(a.card.as_ref())
    );
    if !a.law.is_empty() {
        what += &format!(" ({})", title(&a.law));
    }
    if a.strength > 0 {
        what += &format!(", strength {}", a.strength);
    }
    what
}

/// Where an action works and what happened there so far (both layouts).
pub(crate) fn target_parts(v: &TheVoteView, t: &TheVoteTarget) -> Vec<String> {
    let mut parts = vec![region_name(v, &t.region)];
    if let Some(b) = &t.bonus {
        parts.push(format!("Bonus Action ({})", b.name));
    }
    if let Some(b) = &t.block {
        parts.push(format!("Blocked by {}", b.name));
    }
    if let Some(c) = &t.counter {
        parts.push(format!("Countered by {}", c.name));
    }
    // Rules revision 1: more Blocks against the same action here, each with its Counter.
    for b in &t.further_blocks {
        if let Some(card) = &b.block {
            parts.push(match &b.counter {
                Some(c) => format!("Blocked by {}, countered by {}", card.name, c.name),
                None => format!("Blocked by {}", card.name),
            });
        }
    }
    if t.changed > 0 {
        parts.push(format!("markers changed: {}", t.changed));
    }
    if t.suppressed > 0 {
        parts.push(format!("votes suppressed: {}", t.suppressed));
    }
    if t.resolved {
        parts.push(if t.passed { "passed" } else { "failed" }.into());
    }
    parts
}

/// A card in a list: name, type and cost, and a star when it must be the Last Action.
pub(crate) fn card_line(c: &TheVoteCard) -> String {
    let cost = match c.cost {
        Some(n) => format!("{n} PW"),
        None => "all PW".into(),
    };
    let star = if c.last_action { " *" } else { "" };
    format!("{} ({}, {cost}){star}", c.name, c.r#type.replace('-', " "))
}

/// The Events Display, by faction.
fn display(v: &TheVoteView, style: &Style) -> String {
    let mut out = format!("\n{}\n", style.heading("Events Display"));
    for (seat, slug) in [(0u32, "equality"), (1, "supremacy")] {
        let cards: Vec<String> = v
            .display
            .iter()
            .filter(|c| c.faction == slug)
            .map(card_line)
            .collect();
        out += &format!(
            "  {}\n",
            style.seat_bold(seat, &format!("{}:", faction(v, seat)))
        );
        if cards.is_empty() {
            out += &style.dim("      none\n");
        }
        for c in cards {
            out += &format!("      {c}\n");
        }
    }
    out += &style.dim("  * playing it is the Last Action of the phase\n");
    out
}

/// Printed width the board keeps to.
const WIDTH: usize = 80;

/// `head` then the items joined by commas ("none" if there are none), broken before an item
/// that would pass [`WIDTH`]; later lines are indented by `indent`. Ends with a newline.
fn wrap(head: &str, items: &[String], indent: usize) -> String {
    if items.is_empty() {
        return format!("{head}none\n");
    }
    let mut out = String::new();
    let mut line = head.to_string();
    let mut first = true;
    for (i, item) in items.iter().enumerate() {
        let piece = if i + 1 < items.len() {
            format!("{item},")
        } else {
            item.clone()
        };
        let sep = if first { "" } else { " " };
        if !first && line.chars().count() + 1 + piece.chars().count() > WIDTH {
            out += &line;
            out.push('\n');
            line = format!("{}{piece}", " ".repeat(indent));
        } else {
            line += sep;
            line += &piece;
        }
        first = false;
    }
    out += &line;
    out.push('\n');
    out
}

pub(crate) fn names(cards: &[TheVoteCard]) -> Vec<String> {
    cards.iter().map(|c| c.name.clone()).collect()
}

/// The Discard, the Deck, the face-down set-up discards, the cards aside and Removed, and
/// the Amendments.
fn piles(v: &TheVoteView, style: &Style) -> String {
    let mut out = format!("\n{}\n", style.heading("Cards"));
    let top = v
        .discard
        .last()
        .map(|c| format!(" (top: {})", c.name))
        .unwrap_or_default();
    out += &format!(
        "  Deck {} · Discard {}{top} · reshuffles {}\n",
        v.deck_count,
        v.discard.len(),
        v.reshuffles
    );
    if v.hidden_discards > 0 {
        out += &format!(
            "  {} face-down under the Discard, unseen until the first reshuffle\n",
            super::style::count(v.hidden_discards, "card", "cards")
        );
    }
    out += &wrap("  Aside: ", &names(&v.aside), 4);
    out += &wrap("  Removed: ", &names(&v.removed), 4);
    if !v.amendments.is_empty() {
        let list: Vec<String> = v
            .amendments
            .iter()
            .map(|a| format!("{} {}", card_name(a.card.as_ref()), a.status))
            .collect();
        out += &format!("  Amendments: {}\n", list.join(" · "));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::test_views::tcard as card;
    use hustings_proto::v1::{TheVotePending, TheVoteReserveCard};

    /// The same sample view the compact board and the 120×40 frame tests draw.
    fn view() -> TheVoteView {
        crate::render::test_views::the_vote_view()
    }

    fn line<'a>(text: &'a str, start: &str) -> &'a str {
        text.lines()
            .find(|l| l.trim_start().starts_with(start))
            .unwrap_or_else(|| panic!("no line starting with {start:?} in\n{text}"))
    }

    #[test]
    fn regions_show_men_and_women_boxes_laws_votes_and_congress() {
        let text = board(&view(), &Style::PLAIN);
        let west = line(&text, "The West");
        // Men: 3 Equality, 1 Blue Apathy, 1 Red Apathy; Women open: 1 Equality, 1 Red
        // Apathy and two empty boxes; Municipal Elections and Woman Suffrage in force.
        assert!(west.contains("EEEbr"), "{west}");
        assert!(west.contains("Er··"), "{west}");
        assert!(west.contains("M·W"), "{west}");
        assert!(west.contains("5-2"), "{west}");
        assert!(west.contains("15  Equality "), "{west}");
        let deep = line(&text, "Deep South");
        // The Women boxes are closed there, and no Law is in force.
        assert!(deep.contains("rrSSS"), "{deep}");
        assert!(deep.contains("----"), "{deep}");
        assert!(deep.contains("···"), "{deep}");
        assert!(deep.contains("0-5"), "{deep}");
        assert!(
            text.contains("Congress: Supremacy controls (Equality 15 · Supremacy 10 of 25 points)")
        );
        assert!(text.contains("an Amendment is ratified with 60 points"));
    }

    #[test]
    fn tracks_and_reserves_show_both_sides() {
        let text = board(&view(), &Style::PLAIN);
        let eq = line(&text, "▶ Equality  Org");
        assert!(eq.contains("Org 3/5") && eq.contains("PW 7/15") && eq.contains("VP 15/75"));
        // 15 of 75 VP on a 25-character bar: 5 characters.
        assert!(eq.contains("[EEEEE....................]"), "{eq}");
        let sup = line(&text, "Supremacy Org");
        assert!(
            sup.contains("VP 30/75") && sup.contains("[SSSSSSSSSS..."),
            "{sup}"
        );
        assert!(text.contains("markers: 20 on the map, 19 in the pool"));
        assert!(text.contains(
            "Reserve 1/3, face-up: Declaration of Sentiments\n        face-down: none\n"
        ));
        assert!(text.contains("Reserve 2/2, face-up: Ridicule\n        face-down: Poll Tax\n"));
    }

    /// Rules revision 1 (7.3): a second Block against the same action in a Region is on the
    /// board with its own Counter, after the first.
    #[test]
    fn every_block_in_a_region_is_shown_with_its_own_counter() {
        let mut v = view();
        let target = &mut v.action.as_mut().expect("action").targets[0];
        target.further_blocks = vec![
            hustings_proto::v1::TheVoteBlock {
                block: Some(card(30, "Poll Tax", "supremacy", "event", 2)),
                counter: Some(card(8, "Ida B. Wells", "equality", "event", 3)),
            },
            hustings_proto::v1::TheVoteBlock {
                block: Some(card(31, "Literacy Test", "supremacy", "event", 2)),
                counter: None,
            },
        ];
        let text = board(&v, &Style::PLAIN);
        // The line wraps to the terminal's width: compare its words.
        let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            words.contains(
                "Deep South, Blocked by Ridicule, Blocked by Poll Tax, countered by Ida B. Wells, \
                 Blocked by Literacy Test, markers changed: 1"
            ),
            "{text}"
        );
    }

    #[test]
    fn the_heading_display_action_and_piles_are_shown() {
        let text = board(&view(), &Style::PLAIN);
        assert!(text.starts_with("THE VOTE · Turn 4 · Second Player Phase (Equality)\n"));
        assert!(text.contains("▶ Equality may Counter the Block"));
        assert!(text.contains("Now: Equality: Persuade with Alice Paul, strength 4"));
        assert!(text.contains("• Deep South, Blocked by Ridicule, markers changed: 1"));
        let display = &text[text.find("Events Display").expect("display")..];
        let eq = display.find("Equality:").expect("equality");
        let sup = display.find("Supremacy:").expect("supremacy");
        let alice = display
            .find("Alice Paul (public opinion, 4 PW)")
            .expect("alice");
        let redeemers = display
            .find("Redeemers (organization, 3 PW) *")
            .expect("redeemers");
        assert!(eq < alice && alice < sup && sup < redeemers);
        assert!(text.contains("Deck 11 · Discard 1 (top: Supreme Courts) · reshuffles 0"));
        assert!(text.contains("9 cards face-down under the Discard, unseen"));
        assert!(text.contains("Aside: Silent Sentinels"));
        assert!(text.contains("Removed: Separate Spheres"));
        assert!(text.contains("Amendments: Nineteenth Amendment aside"));
    }

    #[test]
    fn a_finished_game_names_no_one_to_act() {
        let mut v = view();
        v.phase = "finished".into();
        v.action = None;
        v.hidden_discards = 0;
        v.reshuffles = 2;
        v.pending = Some(TheVotePending {
            step: "finished".into(),
            text: "The game is over".into(),
            ..Default::default()
        });
        let text = board(&v, &Style::PLAIN);
        assert!(text.starts_with("THE VOTE · Turn 4 · Finished\n"));
        assert!(!text.contains("▶ Equality Org"));
        assert!(!text.contains("Now:"));
        assert!(!text.contains("face-down under the Discard"));
        assert!(text.contains("reshuffles 2"));
    }

    #[test]
    fn lines_fit_an_80_column_terminal_and_colour_marks_the_sides() {
        let text = board(&view(), &Style::PLAIN);
        for l in text.lines() {
            assert!(l.chars().count() <= 80, "too wide: {l:?}");
        }
        let coloured = board(&view(), &Style::COLOR);
        assert!(coloured.contains("\x1b[1;34mEEE\x1b[0m"));
        assert!(coloured.contains("\x1b[1;31mSSS\x1b[0m"));
    }

    #[test]
    fn long_lists_wrap_at_80_columns_without_splitting_a_name() {
        let mut v = view();
        let many: Vec<TheVoteCard> = (1..=12)
            .map(|n| {
                card(
                    n,
                    &format!("Card Number {n}"),
                    "supremacy",
                    "suppression",
                    2,
                )
            })
            .collect();
        v.removed = many.clone();
        v.players[1].reserve = many
            .iter()
            .map(|c| TheVoteReserveCard {
                card: Some(c.clone()),
                face_up: false,
            })
            .collect();
        let text = board(&v, &Style::PLAIN);
        for l in text.lines() {
            assert!(l.chars().count() <= 80, "too wide: {l:?}");
        }
        // Every name is whole on one line, in order, once in each list.
        for n in 1..=12 {
            let name = format!("Card Number {n}");
            let lines = text
                .lines()
                .filter(|l| l.contains(&format!("{name},")) || l.ends_with(&name));
            assert_eq!(lines.count(), 2, "{name} in\n{text}");
        }
        assert!(text.contains("        face-down: Card Number 1, Card Number 2,"));
        assert!(text.contains("\n                   Card Number"));
        assert!(text.contains("  Removed: Card Number 1,"));
    }
}
