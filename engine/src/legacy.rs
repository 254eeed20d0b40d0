//! The bridge for a game not yet converted to typed actions: its actions are its prompt's
//! choice ids, interned.
//!
//! A game still written with a hand-built `prompt` and a string-matching `apply_legal`
//! declares `type Action = legacy::ChoiceId` and implements the typed methods with the
//! functions below; it keeps overriding [`Game::prompt`] and [`Game::apply_legal`] with its
//! own. Everything generic — the checked `apply`, the cheap path of [`crate::AnyGame`]
//! (codes), the fuzzers, the search AIs — then works on it unchanged, at the speed of its
//! prompt. Delete this module once the last game is converted (Votes for Women, issue 18;
//! the Presidential Race and The Vote speak typed actions).
//!
//! Interning gives each distinct id one code for the life of the process, so codes are the
//! same from one state to another (what a search tree keys on). Only ids a game offered are
//! interned ([`ChoiceId::from_str`] only looks up), so the table is bounded by the games'
//! finite sets of choice ids, whatever clients send.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;
use std::sync::{OnceLock, RwLock};

use crate::Game;
use crate::core::{Action, ActionSink, Choice, Seat};

/// A choice id of an unconverted game, interned: `Copy`, compared by its code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChoiceId(u32);

#[derive(Default)]
struct Table {
    codes: HashMap<&'static str, u32>,
    ids: Vec<&'static str>,
}

fn table() -> &'static RwLock<Table> {
    static TABLE: OnceLock<RwLock<Table>> = OnceLock::new();
    TABLE.get_or_init(Default::default)
}

impl ChoiceId {
    /// The id of a choice a game offers, interned on first sight.
    pub fn intern(id: &str) -> ChoiceId {
        if let Some(id) = ChoiceId::lookup(id) {
            return id;
        }
        let mut t = table().write().unwrap_or_else(|e| e.into_inner());
        if let Some(&code) = t.codes.get(id) {
            return ChoiceId(code);
        }
        let code = t.ids.len() as u32;
        // Leaked once per distinct id: the set is small and fixed by the games' rules.
        let id: &'static str = Box::leak(id.to_string().into_boxed_str());
        t.ids.push(id);
        t.codes.insert(id, code);
        ChoiceId(code)
    }

    /// The interned id, if some game offered it before.
    pub fn lookup(id: &str) -> Option<ChoiceId> {
        let t = table().read().unwrap_or_else(|e| e.into_inner());
        t.codes.get(id).map(|&c| ChoiceId(c))
    }

    /// The choice id.
    pub fn as_str(self) -> &'static str {
        let t = table().read().unwrap_or_else(|e| e.into_inner());
        t.ids.get(self.0 as usize).copied().unwrap_or("")
    }
}

impl fmt::Display for ChoiceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for ChoiceId {
    type Err = ();
    /// Looks the id up; an id no game ever offered is no legal choice of any state.
    fn from_str(s: &str) -> Result<Self, ()> {
        ChoiceId::lookup(s).ok_or(())
    }
}

impl Action for ChoiceId {
    fn code(self) -> u32 {
        self.0
    }
    fn from_code(code: u32) -> Option<Self> {
        let t = table().read().unwrap_or_else(|e| e.into_inner());
        ((code as usize) < t.ids.len()).then_some(ChoiceId(code))
    }
}

/// The typed half of [`Game`] for an unconverted game, inside its `impl Game`: `type Action
/// = ChoiceId` and the four methods, through its own `prompt` and `apply_legal`.
#[macro_export]
macro_rules! legacy_actions {
    () => {
        type Action = $crate::legacy::ChoiceId;

        fn legal_actions(&self, seat: Seat, out: &mut impl $crate::ActionSink<Self::Action>) {
            $crate::legacy::legal_actions(self, seat, out)
        }

        fn apply_action(&mut self, seat: Seat, action: Self::Action) {
            self.apply_legal(seat, action.as_str());
        }

        fn prompt_text(&self, seat: Seat) -> String {
            $crate::legacy::prompt_text(self, seat)
        }

        fn describe_action(&self, seat: Seat, action: Self::Action) -> $crate::Choice {
            $crate::legacy::describe_action(self, seat, action)
        }
    };
}

/// [`Game::legal_actions`] of an unconverted game: its prompt's choices, interned.
pub fn legal_actions<G: Game<Action = ChoiceId>>(
    game: &G,
    seat: Seat,
    out: &mut impl ActionSink<ChoiceId>,
) {
    if let Some(p) = game.prompt(seat) {
        for c in &p.choices {
            out.push(ChoiceId::intern(&c.id));
        }
    }
}

/// [`Game::prompt_text`] of an unconverted game.
pub fn prompt_text<G: Game<Action = ChoiceId>>(game: &G, seat: Seat) -> String {
    game.prompt(seat).map(|p| p.text).unwrap_or_default()
}

/// [`Game::describe_action`] of an unconverted game: the choice its prompt offers.
pub fn describe_action<G: Game<Action = ChoiceId>>(game: &G, seat: Seat, id: ChoiceId) -> Choice {
    game.prompt(seat)
        .and_then(|p| p.choices.into_iter().find(|c| c.id == id.as_str()))
        .unwrap_or_else(|| Choice::new(id.as_str(), "", id.as_str()))
}
