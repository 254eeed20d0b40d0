//! What a line typed at a prompt asks for, and which choice each word of it names.
//!
//! A line is a command (`board`, `quit`, `? seneca`, …), a choice number, or one or more
//! words naming choices: an id in any case (`dice:2d6`, `DICE:2D6`), the part of an id
//! after its kind when that is unique (`2d6`), or a place (`PA`). Several places answer
//! several prompts in a row — a card that places three cubes takes `PA PA NY`, `3xPA` or
//! `3×PA` — and a colour word (`purple`, `yellow`, or its first letter) before places says
//! which colour they get; otherwise the colour is asked once per card play.

use hustings_proto::v1::{Choice, Prompt};

use crate::render::Layout;

/// What a line typed at a prompt asks for.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// Nothing (an empty line): ask again.
    Empty,
    /// The input forms.
    Help,
    /// Card texts (or a board space's) matching the words, or a zone's cards.
    Lookup(String),
    /// Draw the board again, in this layout when one is named.
    Board(Option<Layout>),
    /// List every choice, one a line.
    Choices,
    /// Leave the match, keeping the seat.
    Quit,
    /// Concede the match (asked to confirm first).
    Resign,
    /// The choice at this index of the prompt (from 0).
    Number(usize),
    /// Words naming choices, one per prompt in a row (places repeated by `3xPA`).
    Words(Vec<String>),
    /// Not understood; the reason to show.
    Invalid(String),
}

/// Reads a line typed at a prompt with `choices` choices.
pub fn parse(line: &str, choices: usize) -> Line {
    let line = line.trim();
    let lower = line.to_lowercase();
    match lower.as_str() {
        "" => return Line::Empty,
        "help" | "h" | "?" => return Line::Help,
        "board" | "b" => return Line::Board(None),
        "board full" | "full" => return Line::Board(Some(Layout::Full)),
        "board compact" | "compact" => return Line::Board(Some(Layout::Compact)),
        "choices" | "list" | "ls" => return Line::Choices,
        "quit" | "q" | "exit" => return Line::Quit,
        "resign" => return Line::Resign,
        _ => {}
    }
    // `hand greedy`: the reserved choice that hands an absent seat to a bot of that AI.
    if let Some(ai) = lower.strip_prefix("hand ") {
        return Line::Words(vec![format!("hand-to-bot:{}", ai.trim())]);
    }
    if let Some(rest) = line.strip_prefix('?') {
        return Line::Lookup(rest.trim().to_string());
    }
    if let Ok(n) = line.parse::<usize>() {
        if (1..=choices).contains(&n) {
            return Line::Number(n - 1);
        }
        return Line::Invalid(format!(
            "{n} is not a choice: type a number from 1 to {choices} (help lists every form)"
        ));
    }
    let mut words = Vec::new();
    for w in line.split(|c: char| c.is_whitespace() || c == ',') {
        if w.is_empty() {
            continue;
        }
        match repeated(w) {
            Some((n, word)) => words.extend(std::iter::repeat_n(word, n)),
            None => words.push(w.to_string()),
        }
    }
    Line::Words(words)
}

/// `3xPA`, `3×PA`, `PAx3`: (3, "PA"); up to 20 repeats.
fn repeated(word: &str) -> Option<(usize, String)> {
    for sep in ['x', 'X', '×', '*'] {
        if let Some((a, b)) = word.split_once(sep) {
            let (n, w) = match (a.parse::<usize>(), b.parse::<usize>()) {
                (Ok(n), Err(_)) if !b.is_empty() => (n, b),
                (Err(_), Ok(n)) if !a.is_empty() => (n, a),
                _ => continue,
            };
            if (1..=20).contains(&n) {
                return Some((n, w.to_string()));
            }
        }
    }
    None
}

/// What one word names in a prompt.
#[derive(Debug, PartialEq, Eq)]
pub enum Named {
    /// The choice at this index.
    Choice(usize),
    /// A colour (or other variant) for the places that follow it.
    Variant(String),
    /// A place offered in several variants (`purple:PA`, `yellow:PA`) and none chosen yet:
    /// the variants on offer, in the prompt's order.
    NeedsVariant(Vec<String>),
    /// Nothing on offer; the reason to show.
    NotOffered(String),
}

/// The variant part of an id (`purple` of `purple:PA`), when it has one.
fn variant_of(c: &Choice) -> Option<&str> {
    c.id.split_once(':').map(|(v, _)| v)
}

/// The variants a place is offered in, when it is offered in several.
pub fn place_variants<'a>(prompt: &'a Prompt, place: &str) -> Vec<&'a str> {
    let here: Vec<&Choice> = prompt
        .choices
        .iter()
        .filter(|c| c.location.eq_ignore_ascii_case(place))
        .collect();
    let variants: Vec<&str> = here.iter().filter_map(|c| variant_of(c)).collect();
    let mut distinct = variants.clone();
    distinct.sort_unstable();
    distinct.dedup();
    if here.len() > 1 && distinct.len() == here.len() {
        variants
    } else {
        Vec::new()
    }
}

/// Every variant offered for some place of the prompt (`purple`, `yellow`).
fn offered_variants(prompt: &Prompt) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for c in prompt.choices.iter().filter(|c| !c.location.is_empty()) {
        for v in place_variants(prompt, &c.location) {
            if !out.iter().any(|o| o == v) {
                out.push(v.to_string());
            }
        }
    }
    out
}

/// The variant a word names among `variants`: the whole word or its first letter, any case.
pub fn variant_named(word: &str, variants: &[String]) -> Option<String> {
    let w = word.to_lowercase();
    let whole = variants.iter().find(|v| v.to_lowercase() == w);
    let initial = || {
        let mut found = variants
            .iter()
            .filter(|v| w.chars().count() == 1 && v.to_lowercase().starts_with(&w));
        match (found.next(), found.next()) {
            (Some(v), None) => Some(v),
            _ => None,
        }
    };
    whole.or_else(initial).cloned()
}

/// Which choice `word` names in `prompt`; `variant` is the colour already chosen, if any.
pub fn name(word: &str, prompt: &Prompt, variant: Option<&str>) -> Named {
    let choices = &prompt.choices;
    if let Some(i) = choices.iter().position(|c| c.id.eq_ignore_ascii_case(word)) {
        return Named::Choice(i);
    }
    let here: Vec<usize> = (0..choices.len())
        .filter(|&i| choices[i].location.eq_ignore_ascii_case(word))
        .collect();
    match here.as_slice() {
        [i] => return Named::Choice(*i),
        [] => {}
        several => {
            let variants = place_variants(prompt, word);
            if variants.is_empty() {
                let ids: Vec<&str> = several.iter().map(|&i| choices[i].id.as_str()).collect();
                return Named::NotOffered(format!(
                    "{word} names several choices: type one of {}",
                    ids.join(", ")
                ));
            }
            if let Some(v) = variant
                && let Some(&i) = several
                    .iter()
                    .find(|&&i| variant_of(&choices[i]).is_some_and(|x| x.eq_ignore_ascii_case(v)))
            {
                return Named::Choice(i);
            }
            return Named::NeedsVariant(variants.iter().map(|v| v.to_string()).collect());
        }
    }
    if let Some(v) = variant_named(word, &offered_variants(prompt)) {
        return Named::Variant(v);
    }
    // The id without its kind, when only one choice ends so: "2d6" for "dice:2d6".
    let tail: Vec<usize> = (0..choices.len())
        .filter(|&i| {
            choices[i]
                .id
                .split_once(':')
                .is_some_and(|(_, t)| t.eq_ignore_ascii_case(word))
        })
        .collect();
    if let [i] = tail.as_slice() {
        return Named::Choice(*i);
    }
    Named::NotOffered(format!(
        "{word:?} is not on offer: type a number from 1 to {}, a choice's id or a place's code \
         (help lists every form)",
        choices.len()
    ))
}

/// A prompt's kind of decision, to tell whether queued answers still apply: its text
/// without numbers ("Place a cube (3 left)" and "(2 left)" are one kind).
pub fn family(prompt: &Prompt) -> String {
    prompt
        .text
        .chars()
        .filter(|c| !c.is_ascii_digit())
        .collect()
}

/// When a prompt asks nothing but a colour for one place (`purple:PA` or `yellow:PA`),
/// the place.
pub fn only_variant_of_one_place(prompt: &Prompt) -> Option<&str> {
    let first = prompt.choices.first()?;
    if first.location.is_empty()
        || !prompt.choices.iter().all(|c| c.location == first.location)
        || place_variants(prompt, &first.location).is_empty()
    {
        return None;
    }
    Some(first.location.as_str())
}

/// The input forms, for `help`.
pub fn help() -> &'static str {
    "\
At a prompt you may type:
  3                  the choice numbered 3
  dice:2d6, 2D6      a choice by its id (any case), or the part after its kind when unique
  PA                 a place by its code: a state, a region (any case)
  PA PA NY, 3xPA     several places at once, one per prompt in a row (a card that places
                     several cubes); it stops and says why if one is refused or the
                     prompt changes
  purple PA, y NY    the colour (or its first letter) for the places after it; without
                     one the colour is asked once per card
  ? NAME             a card's text (any part of its name; a space's number in the
                     Presidential Race); ? hand, ? strategy, ? display … a zone's cards
  board, b           draw the board again (board full, board compact: switch layouts)
  choices            every choice, one a line
  resign             concede the match (asks you to confirm)
  claim-win          claim the win over an opponent away past the grace period (offered
                     then)
  hand greedy        hand that absent opponent's seat to a bot of this AI instead, and
                     play on (offered with claim-win, one per AI the bot pools offer)
  quit, q            leave; the seat stays yours (the command to come back is printed)
  help, ?            this list
"
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choice(id: &str, location: &str) -> Choice {
        Choice {
            id: id.into(),
            label: id.into(),
            location: location.into(),
            ..Default::default()
        }
    }

    fn placement() -> Prompt {
        Prompt {
            seat: 0,
            text: "Place a cube (3 left)".into(),
            choices: vec![
                choice("purple:PA", "PA"),
                choice("yellow:PA", "PA"),
                choice("purple:NY", "NY"),
                choice("yellow:NY", "NY"),
                choice("state:TX", "TX"),
                choice("dice:2d6", ""),
                choice("done", ""),
            ],
        }
    }

    #[test]
    fn commands_numbers_and_words_are_told_apart() {
        assert_eq!(parse("", 3), Line::Empty);
        assert_eq!(parse(" ? ", 3), Line::Help);
        assert_eq!(parse("HELP", 3), Line::Help);
        assert_eq!(
            parse("? Seneca Falls", 3),
            Line::Lookup("Seneca Falls".into())
        );
        assert_eq!(parse("?strategy", 3), Line::Lookup("strategy".into()));
        assert_eq!(parse("board full", 3), Line::Board(Some(Layout::Full)));
        assert_eq!(parse("B", 3), Line::Board(None));
        assert_eq!(parse("Quit", 3), Line::Quit);
        assert_eq!(parse("resign", 3), Line::Resign);
        assert_eq!(parse("choices", 3), Line::Choices);
        assert_eq!(parse(" 2 ", 3), Line::Number(1));
        for bad in ["0", "4"] {
            match parse(bad, 3) {
                Line::Invalid(why) => assert!(why.contains("1 to 3"), "{why}"),
                other => panic!("{bad}: {other:?}"),
            }
        }
        assert_eq!(parse("DICE:2D6", 3), Line::Words(vec!["DICE:2D6".into()]));
        assert_eq!(
            parse("Hand Greedy", 3),
            Line::Words(vec!["hand-to-bot:greedy".into()])
        );
    }

    #[test]
    fn places_repeat_with_a_count_in_any_spelling() {
        let words = |l: &str| match parse(l, 3) {
            Line::Words(w) => w,
            other => panic!("{l}: {other:?}"),
        };
        assert_eq!(words("PA PA NY"), vec!["PA", "PA", "NY"]);
        assert_eq!(words("3xPA"), vec!["PA", "PA", "PA"]);
        assert_eq!(words("2×pa, ny"), vec!["pa", "pa", "ny"]);
        assert_eq!(words("PAx2 purple NY"), vec!["PA", "PA", "purple", "NY"]);
        // Not a count: left as it is.
        assert_eq!(words("x1"), vec!["x1"]);
        assert_eq!(words("100xPA"), vec!["100xPA"]);
    }

    #[test]
    fn words_name_choices_by_id_place_or_tail_in_any_case() {
        let p = placement();
        assert_eq!(name("DICE:2D6", &p, None), Named::Choice(5));
        assert_eq!(name("2d6", &p, None), Named::Choice(5));
        assert_eq!(name("Done", &p, None), Named::Choice(6));
        assert_eq!(name("tx", &p, None), Named::Choice(4));
        assert_eq!(name("yellow:pa", &p, None), Named::Choice(1));
        // A place offered in two colours needs one.
        assert_eq!(
            name("pa", &p, None),
            Named::NeedsVariant(vec!["purple".into(), "yellow".into()])
        );
        assert_eq!(name("PA", &p, Some("yellow")), Named::Choice(1));
        assert_eq!(name("ny", &p, Some("purple")), Named::Choice(2));
        // Colour words and their initials.
        assert_eq!(name("Purple", &p, None), Named::Variant("purple".into()));
        assert_eq!(name("y", &p, None), Named::Variant("yellow".into()));
        match name("CA", &p, None) {
            Named::NotOffered(why) => assert!(why.contains("not on offer"), "{why}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_prompt_that_only_asks_a_colour_is_recognised() {
        let mut p = placement();
        assert_eq!(only_variant_of_one_place(&p), None);
        p.choices.retain(|c| c.location == "PA");
        assert_eq!(only_variant_of_one_place(&p), Some("PA"));
        assert_eq!(family(&p), "Place a cube ( left)");
    }
}
