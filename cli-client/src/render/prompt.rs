//! A prompt as the player reads it: its text, hints the game's view gives (where the dice
//! can take the pawn), and its choices.
//!
//! The full layout lists one choice a line with its id. The compact layout keeps within a
//! number of rows: choices in columns; when they do not fit, the choices of one card on
//! one line ("Seneca Falls Convention: 1) event · 2) campaign …") and choices of a place
//! as a list of codes to type ("add a purple or yellow cube: NY NH RI"). Numbers always
//! stay those of the full list, so any number shown can be typed.

use std::collections::BTreeMap;

use hustings_proto::v1::{Choice, GameView, Prompt, game_view};

use super::compact::wrap_items;
use super::style::{Style, clip, pad, visible_width};
use super::{Layout, compact};
use crate::reference::Reference;

/// What drawing a prompt needs besides the prompt: the view it belongs to and the match's
/// fixed data (card names).
#[derive(Clone, Copy)]
pub struct Context<'a> {
    /// The viewer's view of the state the prompt is about.
    pub view: Option<&'a GameView>,
    /// The match's fixed data.
    pub reference: &'a Reference,
}

/// Most columns of numbered choices.
const MAX_COLUMNS: usize = 3;
/// Places (of one kind of choice) from which the compact layout lists codes to type.
const MANY_PLACES: usize = 6;

/// The prompt's lines: its text, then hints and choices; the compact layout keeps to
/// `max_rows` lines (at least the text and one line of choices) of at most `width`
/// printed characters.
pub fn lines(
    prompt: &Prompt,
    ctx: Context<'_>,
    style: &Style,
    layout: Layout,
    max_rows: usize,
    width: usize,
) -> Vec<String> {
    let mut out = vec![match layout {
        Layout::Full => style.heading(&prompt.text),
        Layout::Compact => clip(&style.heading(&prompt.text), width),
    }];
    let hints = hints(prompt, ctx, style, width);
    if layout == Layout::Full {
        for (i, c) in prompt.choices.iter().enumerate() {
            out.push(format!(
                "  {} {}  {}",
                style.bold(&format!("{:>2})", i + 1)),
                c.label,
                style.dim(&format!("[{}]", c.id))
            ));
        }
        out.extend(hints);
        return out;
    }
    let rows = max_rows.saturating_sub(1 + hints.len()).max(1);
    out.extend(compact_choices(prompt, ctx, style, rows, width));
    out.extend(hints);
    out
}

/// `NN) label`, the number as it is typed.
fn numbered(i: usize, label: &str, style: &Style) -> String {
    format!("{} {label}", style.bold(&format!("{:>2})", i + 1)))
}

/// Items laid out in as few columns as fit in `rows` of `width`, clipped to their column;
/// the last row says how many did not fit when even [`MAX_COLUMNS`] are not enough.
fn columns(items: &[String], rows: usize, width: usize) -> Vec<String> {
    if items.is_empty() {
        return Vec::new();
    }
    let widest = items.iter().map(|i| visible_width(i)).max().unwrap_or(0) + 3;
    let mut cols = (width / widest).clamp(1, MAX_COLUMNS);
    while cols < MAX_COLUMNS && items.len().div_ceil(cols) > rows {
        cols += 1;
    }
    let per_row = items.len().div_ceil(cols);
    let cell = (width / cols).min(widest);
    let cut = per_row > rows;
    // With too many, the last row shown says how many were left out.
    let shown_rows = if cut { rows.saturating_sub(1) } else { per_row };
    let mut out: Vec<String> = (0..shown_rows)
        .map(|r| {
            let cells: String = (0..cols)
                .filter_map(|c| items.get(c * per_row + r))
                .map(|item| pad(&clip(item, cell - 2), cell))
                .collect();
            clip(format!("  {cells}").trim_end(), width)
        })
        .collect();
    if cut {
        let shown = (0..items.len())
            .filter(|i| i % per_row < shown_rows)
            .count();
        out.push(format!(
            "  … and {} more: type 'choices' to list them all",
            items.len() - shown
        ));
    }
    out
}

/// The id's part that is not the card: `event:seneca-falls` → `event`.
fn verb(c: &Choice) -> Option<String> {
    if c.card.is_empty() || !c.id.contains(&c.card) {
        return None;
    }
    let v = c.id.replacen(&c.card, "", 1);
    let v = v.trim_matches(':').replace(':', " ");
    (!v.is_empty()).then_some(v)
}

/// The choice prefix that picks a variant of the same place (`purple` of `purple:NY`).
fn prefix(c: &Choice) -> &str {
    c.id.split_once(':').map(|(p, _)| p).unwrap_or("")
}

/// What a place's choice does, its place named in `label` before ": " left out, with the
/// variant word replaced by `{}` ("New York: add a purple cube" → "add a {} cube").
fn place_key(c: &Choice) -> (String, String) {
    let rest = c
        .label
        .split_once(": ")
        .map(|(_, r)| r.to_string())
        .unwrap_or_default();
    let p = prefix(c);
    if !p.is_empty() && rest.split_whitespace().any(|w| w == p) {
        let key = rest
            .split_whitespace()
            .map(|w| if w == p { "{}" } else { w })
            .collect::<Vec<_>>()
            .join(" ");
        (key, p.to_string())
    } else {
        (rest, String::new())
    }
}

fn compact_choices(
    prompt: &Prompt,
    ctx: Context<'_>,
    style: &Style,
    rows: usize,
    width: usize,
) -> Vec<String> {
    let plain: Vec<String> = prompt
        .choices
        .iter()
        .enumerate()
        .map(|(i, c)| numbered(i, &c.label, style))
        .collect();
    let places = prompt
        .choices
        .iter()
        .filter(|c| !c.location.is_empty())
        .count();
    let fits = columns(&plain, usize::MAX, width).len() <= rows;
    if fits && places < MANY_PLACES * 2 {
        return columns(&plain, rows, width);
    }
    // Choices of one card, on one line each.
    let mut cards: BTreeMap<usize, (String, Vec<usize>)> = BTreeMap::new();
    let mut card_first: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, c) in prompt.choices.iter().enumerate() {
        if verb(c).is_some() {
            let first = *card_first.entry(c.card.as_str()).or_insert(i);
            cards
                .entry(first)
                .or_insert_with(|| (c.card.clone(), Vec::new()))
                .1
                .push(i);
        }
    }
    cards.retain(|_, (_, members)| members.len() >= 2);
    let in_card: Vec<usize> = cards.values().flat_map(|(_, m)| m.clone()).collect();
    // Places, as codes to type, by what choosing them does.
    let mut groups: Vec<(String, Vec<String>, Vec<String>)> = Vec::new();
    let place_choices: Vec<(usize, &Choice)> = prompt
        .choices
        .iter()
        .enumerate()
        .filter(|(i, c)| !c.location.is_empty() && !in_card.contains(i))
        .collect();
    let by_place = place_choices.len() >= MANY_PLACES;
    if by_place {
        for (_, c) in &place_choices {
            let (key, variant) = place_key(c);
            let g = match groups.iter_mut().find(|g| g.0 == key) {
                Some(g) => g,
                None => {
                    groups.push((key, Vec::new(), Vec::new()));
                    let last = groups.len() - 1;
                    &mut groups[last]
                }
            };
            if !g.1.contains(&c.location) {
                g.1.push(c.location.clone());
            }
            if !variant.is_empty() && !g.2.contains(&variant) {
                g.2.push(variant);
            }
        }
    }
    let mut out = Vec::new();
    for (card, members) in cards.values() {
        let name = ctx
            .reference
            .name(card)
            .map(str::to_string)
            .unwrap_or_else(|| card.replace('-', " "));
        let verbs: Vec<String> = members
            .iter()
            .filter_map(|&i| {
                let c = prompt.choices.get(i)?;
                Some(numbered(i, &verb(c)?, style))
            })
            .collect();
        out.push(clip(
            &format!("  {} {}", style.bold(&format!("{name}:")), verbs.join("  ")),
            width,
        ));
    }
    if by_place {
        let variants = groups.iter().any(|g| g.2.len() > 1);
        let how = if variants {
            "type codes, several at once (PA PA NY, 3xPA); the colour is asked once per card"
        } else {
            "type codes, several at once (PA PA NY, 3xPA)"
        };
        out.push(format!("  {}", style.dim(how)));
        for (key, codes, variants) in &groups {
            let title = if key.is_empty() {
                "one of".to_string()
            } else {
                key.replace("{}", &variants.join(" or "))
            };
            out.extend(wrap_items(
                &format!("    {} ", style.bold(&format!("{title}:"))),
                codes,
                " ",
                6,
                2,
                width,
            ));
        }
    }
    let rest: Vec<String> = prompt
        .choices
        .iter()
        .enumerate()
        .filter(|(i, c)| !in_card.contains(i) && (!by_place || c.location.is_empty()))
        .map(|(i, c)| numbered(i, &c.label, style))
        .collect();
    let left = rows.saturating_sub(out.len()).max(1);
    out.extend(columns(&rest, left, width));
    if out.len() > rows {
        out.truncate(rows.saturating_sub(1));
        out.push(format!(
            "  {}",
            style.dim("… more: type 'choices' to list them all")
        ));
    }
    out
}

/// Hints from the game's view: where each dice choice can take the pawn, as the engine
/// lists it (`PresidencyView.reach`, the mover's): the client does no track arithmetic.
fn hints(prompt: &Prompt, ctx: Context<'_>, style: &Style, width: usize) -> Vec<String> {
    let Some(game_view::Game::Presidency(v)) = ctx.view.and_then(|v| v.game.as_ref()) else {
        return Vec::new();
    };
    if v.current != Some(prompt.seat) {
        return Vec::new();
    }
    let board = if v.board.is_empty() {
        ctx.reference.board()
    } else {
        &v.board
    };
    let mut out = Vec::new();
    for c in prompt.choices.iter().filter(|c| c.kind == "dice") {
        let Some(reach) = v.reach.iter().find(|r| c.amount == Some(i64::from(r.dice))) else {
            continue;
        };
        let spaces: Vec<String> = reach
            .spaces
            .iter()
            .map(|s| {
                let name = board
                    .iter()
                    .find(|b| b.number == s.space)
                    .map(|b| compact::presidency::short_name(&b.name, compact::presidency::SHORT))
                    .unwrap_or_default();
                format!("{} {name}", s.space)
            })
            .collect();
        // Where the chances differ (two dice), the likeliest total is worth a word.
        let best = reach.spaces.iter().max_by_key(|s| s.chance_in_36);
        let likely = match best {
            Some(b)
                if reach
                    .spaces
                    .iter()
                    .any(|s| s.chance_in_36 != b.chance_in_36) =>
            {
                format!(" ({} the likeliest: space {})", b.total, b.space)
            }
            _ => String::new(),
        };
        out.extend(wrap_items(
            &format!(
                "  {} ",
                style.dim(&format!("{}D6 reaches{likely}:", reach.dice))
            ),
            &spaces,
            " · ",
            6,
            2,
            width,
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::Size;
    use crate::render::test_views::{mover, presidency_view};

    const WIDTH: usize = Size::DEFAULT.width;

    fn choice(id: &str, label: &str) -> Choice {
        Choice {
            id: id.into(),
            label: label.into(),
            ..Default::default()
        }
    }

    fn ctx<'a>(view: Option<&'a GameView>, reference: &'a Reference) -> Context<'a> {
        Context { view, reference }
    }

    #[test]
    fn a_short_prompt_lists_its_choices_numbered_in_columns() {
        let p = Prompt {
            seat: 0,
            text: "Keep or re-roll?".into(),
            choices: vec![
                choice("keep", "Keep the roll"),
                choice("reroll", "Re-roll (1 button)"),
            ],
        };
        let r = Reference::default();
        let text = lines(&p, ctx(None, &r), &Style::PLAIN, Layout::Compact, 10, WIDTH);
        assert_eq!(text[0], "Keep or re-roll?");
        assert_eq!(text[1], "   1) Keep the roll         2) Re-roll (1 button)");
        let full = lines(&p, ctx(None, &r), &Style::PLAIN, Layout::Full, 10, WIDTH);
        assert_eq!(full[2], "   2) Re-roll (1 button)  [reroll]");
    }

    #[test]
    fn dice_choices_say_which_spaces_they_reach() {
        let v = mover(presidency_view(2), 1);
        let view = GameView {
            json: String::new(),
            game: Some(game_view::Game::Presidency(v)),
        };
        let mut one = choice("dice:1d6", "Roll 1D6 and move");
        one.kind = "dice".into();
        one.amount = Some(1);
        let mut two = choice("dice:2d6", "Roll 2D6 and move");
        two.kind = "dice".into();
        two.amount = Some(2);
        let p = Prompt {
            seat: 1,
            text: "Roll one die or two?".into(),
            choices: vec![one, two],
        };
        let r = Reference::default();
        let text = lines(
            &p,
            ctx(Some(&view), &r),
            &Style::PLAIN,
            Layout::Compact,
            10,
            WIDTH,
        )
        .join("\n");
        // The Republican stands on 27: one die reaches 28 to 33, two dice 29 to 39.
        assert!(
            text.contains("1D6 reaches: 28 Space 28 · 29 Space 29 · 30 Space 30 · 31 Space 31 · 32 Space 32 · 33 Space 33"),
            "{text}"
        );
        assert!(
            text.contains("2D6 reaches (7 the likeliest: space 34): 29 Space 29"),
            "{text}"
        );
        assert!(text.contains("39 Space 39"), "{text}");
        assert!(!text.contains("40 Space 40"), "{text}");
        // Past space 40 the track goes on from Start.
        let mut v = presidency_view(2);
        v.players[1].position = 38;
        let v = mover(v, 1);
        let view = GameView {
            json: String::new(),
            game: Some(game_view::Game::Presidency(v)),
        };
        let text = lines(
            &p,
            ctx(Some(&view), &r),
            &Style::PLAIN,
            Layout::Full,
            10,
            WIDTH,
        )
        .join("\n");
        assert!(
            text.contains(
                "39 Space 39 · 40 Space 40 · 1 Space 1 · 2 Space 2 · 3 Space 3 · 4 Space 4"
            ),
            "{text}"
        );
    }

    /// A Votes for Women placement: a purple and a yellow choice for each of 40 states.
    fn placement() -> Prompt {
        let mut choices = Vec::new();
        for n in 0..40 {
            let code = format!("S{n:02}");
            for hue in ["purple", "yellow"] {
                let mut c = choice(
                    &format!("{hue}:{code}"),
                    &format!("State {n}: add a {hue} cube"),
                );
                c.kind = "cube".into();
                c.location = code.clone();
                choices.push(c);
            }
        }
        choices.push(choice("done", "Place no more"));
        Prompt {
            seat: 0,
            text: "Place a cube (3 left)".into(),
            choices,
        }
    }

    #[test]
    fn many_places_become_codes_to_type_and_stay_within_the_rows() {
        let r = Reference::default();
        let text = lines(
            &placement(),
            ctx(None, &r),
            &Style::PLAIN,
            Layout::Compact,
            6,
            WIDTH,
        );
        assert!(text.len() <= 6, "{text:#?}");
        let all = text.join("\n");
        assert!(all.contains("the colour is asked once per card"), "{all}");
        assert!(
            all.contains("add a purple or yellow cube: S00 S01 S02"),
            "{all}"
        );
        assert!(all.contains("S39"), "{all}");
        assert!(all.contains("81) Place no more"), "{all}");
        for l in &text {
            assert!(visible_width(l) <= WIDTH, "{l}");
        }
    }

    #[test]
    fn the_choices_of_one_card_share_a_line() {
        let mut choices = Vec::new();
        for card in [
            "seneca-falls",
            "big-parade",
            "frances-willard",
            "women-voters",
        ] {
            for verb in ["event", "campaign", "organize", "lobby"] {
                let mut c = choice(
                    &format!("{verb}:{card}"),
                    &format!(
                        "{verb} with {card}: a long description of what the card does when played"
                    ),
                );
                c.card = card.into();
                choices.push(c);
            }
        }
        choices.push(choice("done", "Play no more"));
        let p = Prompt {
            seat: 0,
            text: "Play a card".into(),
            choices,
        };
        let r = Reference::default();
        let text = lines(&p, ctx(None, &r), &Style::PLAIN, Layout::Compact, 8, WIDTH);
        assert_eq!(
            text[1],
            "  seneca falls:  1) event   2) campaign   3) organize   4) lobby"
        );
        assert!(
            text[4].starts_with("  women voters: 13) event"),
            "{text:#?}"
        );
        assert_eq!(text[5], "  17) Play no more");
    }
}
