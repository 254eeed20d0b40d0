//! The Vote's typed decisions: one [`Action`] variant per kind of choice, its arguments
//! typed ([`Card`], [`Region`], [`Law`], [`Row`], [`Faction`]), its `Display` the choice id
//! that stored matches, replays and external AIs have always used.
//!
//! | action | id |
//! |---|---|
//! | [`Action::First`] | `first:equality`, `first:supremacy` |
//! | [`Action::Pass`] (end the phase; do not Block) | `pass` |
//! | [`Action::Done`] (no more Bonus Actions, Counters, markers, removals, discards) | `done` |
//! | [`Action::Play`] (an action with a card: Radicalize, Organization, …) | `radicalize:C`, `organize:C`, `suppression:C`, `pass-law:C`, `event:C`, `persuade:C`, `amendment:C` |
//! | [`Action::DiscardAction`], [`Action::FederalLaw`] | `discard-action`, `federal-law` |
//! | [`Action::Region`] | `region:R` |
//! | [`Action::Law`] | `law:L` |
//! | [`Action::Bonus`], [`Action::Suppress`], [`Action::Remove`], [`Action::Discard`], [`Action::RemoveReserve`], [`Action::Refresh`] | `bonus:C`, `suppress:C`, `remove:C`, `discard:C`, `remove-reserve:C`, `refresh:C` |
//! | [`Action::Block`], [`Action::Counter`] | `block:R:C`, `counter:R:C` |
//! | [`Action::Marker`] | `flip:men`, `replace:women`, … |
//! | [`Action::Keep`] | `keep:reserve`, `keep:discard` |
//! | [`Action::Strike`] | `strike:R:L` |
//!
//! `C` is a card's id (`sojourner-truth`), `R` a Region's (`the-west`), `L` a Law's slug
//! (`woman-suffrage`). Card and Region ids can be the same words (`new-england`): the verb
//! says which is meant.

use std::fmt;
use std::str::FromStr;

use super::Row;
pub use super::card::Card;
use super::data::{Faction, Law};
pub use super::region::Region;

/// The action a card is played for from the Display, the Reserve or beside the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Play {
    Radicalize,
    Organize,
    Suppression,
    PassLaw,
    Event,
    Persuade,
    Amendment,
}

impl Play {
    const ALL: [Play; 7] = [
        Play::Radicalize,
        Play::Organize,
        Play::Suppression,
        Play::PassLaw,
        Play::Event,
        Play::Persuade,
        Play::Amendment,
    ];
    /// The verb of the choice id, which is also the choice's kind.
    pub fn verb(self) -> &'static str {
        match self {
            Play::Radicalize => "radicalize",
            Play::Organize => "organize",
            Play::Suppression => "suppression",
            Play::PassLaw => "pass-law",
            Play::Event => "event",
            Play::Persuade => "persuade",
            Play::Amendment => "amendment",
        }
    }
}

/// What a Public Opinion action does to one marker: flip it in place, or replace it with a
/// marker from the pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Op {
    Flip,
    Replace,
}

impl Op {
    /// The verb of the choice id, which is also the choice's kind.
    pub fn verb(self) -> &'static str {
        match self {
            Op::Flip => "flip",
            Op::Replace => "replace",
        }
    }
}

/// Where a Radicalize or Region card goes once its action is done.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeepTo {
    Reserve,
    Discard,
}

/// One decision of a player of The Vote.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// This faction is the First Player (`first:equality`).
    First(Faction),
    /// End the Player Phase, or do not Block (`pass`).
    Pass,
    /// Stop an optional run of choices: Bonus Actions, Counters, markers, removals,
    /// discards (`done`).
    Done,
    /// Take an action with a card (`radicalize:C`, `persuade:C`, …).
    Play(Play, Card),
    /// The Discard Action, with all PW (`discard-action`).
    DiscardAction,
    /// A Federal Law, with all PW (`federal-law`).
    FederalLaw,
    /// This Region: of the action, of a Law vote, of the next vote (`region:R`).
    Region(Region),
    /// This Law is put to the vote (`law:L`).
    Law(Law),
    /// Flip a Region card face-down for a Bonus Action (`bonus:C`).
    Bonus(Card),
    /// Block the action in a Region with a card (`block:R:C`).
    Block(Region, Card),
    /// Counter the Block in a Region with a card (`counter:R:C`).
    Counter(Region, Card),
    /// Change one marker of a row (`flip:men`, `replace:women`).
    Marker(Op, Row),
    /// Keep the card in the Reserve, or Discard it (`keep:reserve`, `keep:discard`).
    Keep(KeepTo),
    /// Flip a card face-down to suppress votes (`suppress:C`).
    Suppress(Card),
    /// Remove a Reserve card from the game: to pay, or for Silent Sentinels (`remove:C`).
    Remove(Card),
    /// The Supreme Courts strike a Law in a Region (`strike:R:L`).
    Strike(Region, Law),
    /// Discard a Display card (`discard:C`).
    Discard(Card),
    /// The Discard Action Removes a Reserve card (`remove-reserve:C`).
    RemoveReserve(Card),
    /// Flip a face-down Reserve card face-up (`refresh:C`).
    Refresh(Card),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::First(side) => write!(f, "first:{}", side.slug()),
            Action::Pass => f.write_str("pass"),
            Action::Done => f.write_str("done"),
            Action::Play(play, c) => write!(f, "{}:{}", play.verb(), c.id()),
            Action::DiscardAction => f.write_str("discard-action"),
            Action::FederalLaw => f.write_str("federal-law"),
            Action::Region(r) => write!(f, "region:{}", r.id()),
            Action::Law(l) => write!(f, "law:{}", l.slug()),
            Action::Bonus(c) => write!(f, "bonus:{}", c.id()),
            Action::Block(r, c) => write!(f, "block:{}:{}", r.id(), c.id()),
            Action::Counter(r, c) => write!(f, "counter:{}:{}", r.id(), c.id()),
            Action::Marker(op, row) => write!(f, "{}:{}", op.verb(), row.slug()),
            Action::Keep(KeepTo::Reserve) => f.write_str("keep:reserve"),
            Action::Keep(KeepTo::Discard) => f.write_str("keep:discard"),
            Action::Suppress(c) => write!(f, "suppress:{}", c.id()),
            Action::Remove(c) => write!(f, "remove:{}", c.id()),
            Action::Strike(r, l) => write!(f, "strike:{}:{}", r.id(), l.slug()),
            Action::Discard(c) => write!(f, "discard:{}", c.id()),
            Action::RemoveReserve(c) => write!(f, "remove-reserve:{}", c.id()),
            Action::Refresh(c) => write!(f, "refresh:{}", c.id()),
        }
    }
}

/// Why a text is not an action of this game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotAnAction;

impl FromStr for Action {
    type Err = NotAnAction;
    fn from_str(s: &str) -> Result<Self, NotAnAction> {
        let (verb, arg) = s.split_once(':').unwrap_or((s, ""));
        let card = || Card::from_id(arg).ok_or(NotAnAction);
        let region = || Region::from_id(arg).ok_or(NotAnAction);
        // `R:C` and `R:L`: a Region id has no colon, so the first one splits.
        let pair = || arg.split_once(':').ok_or(NotAnAction);
        if let Some(play) = Play::ALL.into_iter().find(|p| p.verb() == verb) {
            return Ok(Action::Play(play, card()?));
        }
        Ok(match (verb, arg) {
            ("first", "equality") => Action::First(Faction::Equality),
            ("first", "supremacy") => Action::First(Faction::Supremacy),
            ("pass", "") => Action::Pass,
            ("done", "") => Action::Done,
            ("discard-action", "") => Action::DiscardAction,
            ("federal-law", "") => Action::FederalLaw,
            ("keep", "reserve") => Action::Keep(KeepTo::Reserve),
            ("keep", "discard") => Action::Keep(KeepTo::Discard),
            ("region", _) => Action::Region(region()?),
            ("law", _) => Action::Law(Law::from_slug(arg).ok_or(NotAnAction)?),
            ("bonus", _) => Action::Bonus(card()?),
            ("suppress", _) => Action::Suppress(card()?),
            ("remove", _) => Action::Remove(card()?),
            ("discard", _) => Action::Discard(card()?),
            ("remove-reserve", _) => Action::RemoveReserve(card()?),
            ("refresh", _) => Action::Refresh(card()?),
            ("flip" | "replace", _) => {
                let op = if verb == "flip" {
                    Op::Flip
                } else {
                    Op::Replace
                };
                Action::Marker(op, Row::from_slug(arg).ok_or(NotAnAction)?)
            }
            ("block" | "counter", _) => {
                let (r, c) = pair()?;
                let r = Region::from_id(r).ok_or(NotAnAction)?;
                let c = Card::from_id(c).ok_or(NotAnAction)?;
                if verb == "block" {
                    Action::Block(r, c)
                } else {
                    Action::Counter(r, c)
                }
            }
            ("strike", _) => {
                let (r, l) = pair()?;
                let r = Region::from_id(r).ok_or(NotAnAction)?;
                Action::Strike(r, Law::from_slug(l).ok_or(NotAnAction)?)
            }
            _ => return Err(NotAnAction),
        })
    }
}

/// Codes: the kind in the top byte, then the Region (or Law, side, row, …) in the second
/// byte and the card in the lowest.
const KIND_SHIFT: u32 = 24;
const ARG_SHIFT: u32 = 8;

fn faction_index(f: Faction) -> u32 {
    f.seat() as u32
}

fn law_index(l: Law) -> u32 {
    l.index() as u32
}

fn row_index(r: Row) -> u32 {
    match r {
        Row::Men => 0,
        Row::Women => 1,
    }
}

impl crate::core::Action for Action {
    fn code(self) -> u32 {
        let card = |c: Card| c.number() as u32;
        let region = |r: Region| r.index() as u32;
        let (kind, hi, lo): (u32, u32, u32) = match self {
            Action::First(f) => (0, faction_index(f), 0),
            Action::Pass => (1, 0, 0),
            Action::Done => (2, 0, 0),
            Action::Play(p, c) => (3, p as u32, card(c)),
            Action::DiscardAction => (4, 0, 0),
            Action::FederalLaw => (5, 0, 0),
            Action::Region(r) => (6, region(r), 0),
            Action::Law(l) => (7, law_index(l), 0),
            Action::Bonus(c) => (8, 0, card(c)),
            Action::Block(r, c) => (9, region(r), card(c)),
            Action::Counter(r, c) => (10, region(r), card(c)),
            Action::Marker(op, row) => (11, op as u32, row_index(row)),
            Action::Keep(k) => (12, k as u32, 0),
            Action::Suppress(c) => (13, 0, card(c)),
            Action::Remove(c) => (14, 0, card(c)),
            Action::Strike(r, l) => (15, region(r), law_index(l)),
            Action::Discard(c) => (16, 0, card(c)),
            Action::RemoveReserve(c) => (17, 0, card(c)),
            Action::Refresh(c) => (18, 0, card(c)),
        };
        (kind << KIND_SHIFT) | (hi << ARG_SHIFT) | lo
    }

    fn from_code(code: u32) -> Option<Self> {
        let kind = code >> KIND_SHIFT;
        let hi = ((code >> ARG_SHIFT) & 0xFFFF) as usize;
        let lo = (code & 0xFF) as usize;
        let card = || Card::new(u8::try_from(lo).ok()?);
        let region = || Region::new(hi);
        let law = |i: usize| Law::ALL.get(i).copied();
        let bare = hi == 0 && lo == 0;
        let only_card = || if hi == 0 { card() } else { None };
        Some(match kind {
            0 if lo == 0 => Action::First(match hi {
                0 => Faction::Equality,
                1 => Faction::Supremacy,
                _ => return None,
            }),
            1 if bare => Action::Pass,
            2 if bare => Action::Done,
            3 => Action::Play(*Play::ALL.get(hi)?, card()?),
            4 if bare => Action::DiscardAction,
            5 if bare => Action::FederalLaw,
            6 if lo == 0 => Action::Region(region()?),
            7 if lo == 0 => Action::Law(law(hi)?),
            8 => Action::Bonus(only_card()?),
            9 => Action::Block(region()?, card()?),
            10 => Action::Counter(region()?, card()?),
            11 => {
                let op = [Op::Flip, Op::Replace].get(hi).copied()?;
                Action::Marker(op, [Row::Men, Row::Women].get(lo).copied()?)
            }
            12 if lo == 0 => Action::Keep([KeepTo::Reserve, KeepTo::Discard].get(hi).copied()?),
            13 => Action::Suppress(only_card()?),
            14 => Action::Remove(only_card()?),
            15 => Action::Strike(region()?, law(lo)?),
            16 => Action::Discard(only_card()?),
            17 => Action::RemoveReserve(only_card()?),
            18 => Action::Refresh(only_card()?),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Action as _;
    use crate::testing::check_action_spelling;

    /// Every action the game could name, legal or not.
    fn universe() -> Vec<Action> {
        let cards: Vec<Card> = Card::all().collect();
        let regions: Vec<Region> = Region::all().collect();
        let mut all = vec![
            Action::First(Faction::Equality),
            Action::First(Faction::Supremacy),
            Action::Pass,
            Action::Done,
            Action::DiscardAction,
            Action::FederalLaw,
            Action::Keep(KeepTo::Reserve),
            Action::Keep(KeepTo::Discard),
        ];
        for op in [Op::Flip, Op::Replace] {
            all.extend([Row::Men, Row::Women].map(|row| Action::Marker(op, row)));
        }
        all.extend(Law::ALL.map(Action::Law));
        for &c in &cards {
            all.extend(Play::ALL.map(|p| Action::Play(p, c)));
            all.extend([
                Action::Bonus(c),
                Action::Suppress(c),
                Action::Remove(c),
                Action::Discard(c),
                Action::RemoveReserve(c),
                Action::Refresh(c),
            ]);
        }
        for &r in &regions {
            all.push(Action::Region(r));
            all.extend(Law::ALL.map(|l| Action::Strike(r, l)));
            for &c in &cards {
                all.extend([Action::Block(r, c), Action::Counter(r, c)]);
            }
        }
        all
    }

    #[test]
    fn ids_and_codes_read_back_exactly_and_only_in_their_own_spelling() {
        let bad = [
            "",
            "pass:",
            "done:1",
            " done",
            "first:Equality",
            "first:",
            "radicalize:",
            "radicalize:no-such-card",
            "region:the-west:",
            "region:sojourner-truth",
            "block:the-west",
            "block:the-west:",
            "block:sojourner-truth:the-west",
            "strike:the-west:woman-suffrage:x",
            "flip:both",
            "keep:hand",
            "law:suffrage",
            "discard-action:1",
        ];
        // Today's ids, byte for byte, as stored matches hold them.
        let today = [
            "first:supremacy",
            "radicalize:sojourner-truth",
            "pass-law:new-england",
            "region:new-england",
            "block:the-west:ridicule",
            "flip:women",
            "replace:men",
            "strike:deep-south:direct-election",
            "remove-reserve:black-codes",
        ];
        check_action_spelling(&universe(), &bad, &today);
        assert_eq!(
            Action::from_code((1 << KIND_SHIFT) | 1),
            None,
            "pass takes no argument"
        );
        assert_eq!(
            Action::from_code(8 << KIND_SHIFT),
            None,
            "card 0 does not exist"
        );
        assert!(std::mem::size_of::<Action>() <= 4, "an action stays small");
    }
}
