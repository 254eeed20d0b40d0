//! Rules help a client shows beside the board: each game's terms (a glossary) and what each
//! mark on its board stands for (a legend), written for this project in its own words — no
//! rulebook prose. The service sends them with a match's fixed data, so every client (the
//! browser's help, the terminal's, an external AI's) explains the same words the same way.

/// One entry: a term of the game, or a mark on its board, and what it means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Term {
    /// A stable key a client may draw a swatch or symbol by ("marker:equality",
    /// "cube:purple"); empty when the entry is words only. Keys are lower-case, `kind:name`.
    pub key: &'static str,
    /// The term or mark as the game and its board name it ("Equality marker", "PW").
    pub term: &'static str,
    /// What it means, in one or two plain sentences.
    pub meaning: &'static str,
}

/// A game's rules help.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Help {
    /// The game's words, alphabetical by term.
    pub glossary: &'static [Term],
    /// The board's marks and colours, in the order a reader meets them on the board.
    pub legend: &'static [Term],
}

/// The rules help of the game `id`, or None for a game without any.
pub fn of(id: &str) -> Option<Help> {
    match id {
        crate::presidency::GAME_ID => Some(crate::presidency::help::HELP),
        crate::votes_for_women::GAME_ID => Some(crate::votes_for_women::help::HELP),
        crate::the_vote::GAME_ID => Some(crate::the_vote::help::HELP),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every game's help: terms unique, in order, each with a meaning that is a sentence;
    /// keys unique and well-formed.
    #[test]
    fn every_games_help_is_complete_and_ordered() {
        for id in [
            crate::presidency::GAME_ID,
            crate::votes_for_women::GAME_ID,
            crate::the_vote::GAME_ID,
        ] {
            let help = of(id).expect("every game has help");
            assert!(help.glossary.len() >= 12, "{id}: a glossary worth the name");
            assert!(!help.legend.is_empty(), "{id}: a legend");
            let terms: Vec<String> = help
                .glossary
                .iter()
                .map(|t| t.term.to_lowercase())
                .collect();
            let mut sorted = terms.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(terms, sorted, "{id}: glossary alphabetical, no term twice");
            let mut keys = std::collections::BTreeSet::new();
            for t in help.glossary.iter().chain(help.legend) {
                assert!(!t.term.is_empty(), "{id}: a term");
                assert!(
                    t.meaning.ends_with('.') && t.meaning.len() >= 20,
                    "{id}: {}'s meaning is a sentence",
                    t.term
                );
                if !t.key.is_empty() {
                    assert!(
                        t.key.contains(':') && t.key == t.key.to_lowercase(),
                        "{id}: key {} is kind:name",
                        t.key
                    );
                    assert!(keys.insert(t.key), "{id}: key {} used twice", t.key);
                }
            }
        }
        assert_eq!(of("chess"), None);
    }
}
