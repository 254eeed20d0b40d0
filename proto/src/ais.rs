//! The project's own AIs as the contract names them (`GameInfo.ais`, `SeatConfig.ai` and
//! `ai_level`): one table read by the server (the catalogue, and CreateMatch's check of a
//! level), the bot client (which plays each named level; its tests check it plays every one
//! listed here) and, through the catalogue, the lobby and the terminal client, which keep
//! no list of their own.

use crate::v1::{AiInfo, AiLevel};

/// One built-in AI.
#[derive(Clone, Copy, Debug)]
pub struct BuiltinAi {
    /// `SeatConfig.ai`.
    pub id: &'static str,
    pub name: &'static str,
    pub description: &'static str,
    /// Named levels, weakest first.
    pub levels: &'static [Level],
    /// The level an empty `ai_level` plays at (empty: the AI has no levels).
    pub default_level: &'static str,
}

/// One named level.
#[derive(Clone, Copy, Debug)]
pub struct Level {
    /// `SeatConfig.ai_level`.
    pub id: &'static str,
    pub name: &'static str,
    pub description: &'static str,
}

/// The search's levels: the same names in every game, their budgets the bot client's (per
/// game, measured so that each beats the one below; docs/ais.md).
pub const SEARCH_LEVELS: &[Level] = &[
    Level {
        id: "easy",
        name: "Easy",
        description: "Thinks briefly and often plays a move at random: an opponent to learn the rules against.",
    },
    Level {
        id: "medium",
        name: "Medium",
        description: "Thinks a little and now and then slips: a fair game for a casual player.",
    },
    Level {
        id: "hard",
        name: "Hard",
        description: "Searches the full default budget and never plays at random: the strongest built-in opponent.",
    },
];

/// Every built-in AI, strongest last.
pub const BUILTIN_AIS: &[BuiltinAi] = &[
    BuiltinAi {
        id: "random",
        name: "Random",
        description: "Picks any legal move, each as likely as the next.",
        levels: &[],
        default_level: "",
    },
    BuiltinAi {
        id: "greedy",
        name: "Greedy",
        description: "Looks one move ahead and takes what its evaluation of the board likes best.",
        levels: &[],
        default_level: "",
    },
    BuiltinAi {
        id: "ismcts",
        name: "Tree search",
        description: "Plays thousands of imagined games from what its seat knows (IS-MCTS) and picks the move that wins most.",
        levels: SEARCH_LEVELS,
        default_level: "hard",
    },
];

/// The built-in AI with this id.
pub fn builtin(id: &str) -> Option<&'static BuiltinAi> {
    BUILTIN_AIS.iter().find(|a| a.id == id)
}

/// The named level `level` of the built-in AI `ai`, if it has one by that id.
pub fn named_level(ai: &str, level: &str) -> Option<&'static Level> {
    builtin(ai)?.levels.iter().find(|l| l.id == level)
}

/// The catalogue's entries (`GameInfo.ais`).
pub fn catalogue() -> Vec<AiInfo> {
    BUILTIN_AIS
        .iter()
        .map(|a| AiInfo {
            id: a.id.into(),
            name: a.name.into(),
            description: a.description.into(),
            levels: a
                .levels
                .iter()
                .map(|l| AiLevel {
                    id: l.id.into(),
                    name: l.name.into(),
                    description: l.description.into(),
                })
                .collect(),
            default_level: a.default_level.into(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_level_is_one_of_the_ais_levels() {
        for a in BUILTIN_AIS {
            if a.levels.is_empty() {
                assert!(a.default_level.is_empty(), "{}", a.id);
            } else {
                assert!(named_level(a.id, a.default_level).is_some(), "{}", a.id);
            }
        }
        assert_eq!(
            named_level("ismcts", "medium").map(|l| l.name),
            Some("Medium")
        );
        assert!(named_level("greedy", "hard").is_none());
        assert!(named_level("ismcts", "Hard").is_none(), "ids are exact");
    }
}
