//! Votes for Women's typed decisions: one [`Action`] variant per kind of choice, its
//! arguments typed ([`Card`], [`State`], [`Region`], a cube colour, a small number), its
//! `Display` the choice id that stored matches, replays and external AIs have always used.
//!
//! | action | id |
//! |---|---|
//! | [`Action::Card`] | `event:C`, `campaign:C`, `organize:C`, `lobby:C`, `claimed:C`, `discard:C`, `strategy:C`, `give:C`, `ask:C`, `play:C`, `top:C`, `remove:C` |
//! | [`Action::Cube`] (a state, no colour to choose) | `state:NY` |
//! | [`Action::Colour`] (a state and the cube colour) | `purple:NY`, `yellow:NY` |
//! | [`Action::Move`], [`Action::Region`] | `move:R`, `region:R` |
//! | [`Action::Die`], [`Action::Commit`], [`Action::Campaigner`] | `die:N`, `commit:N`, `campaigner:K` |
//! | the words | `done`, `pass`, `stay`, `keep`, `reroll`, `defer`, `match`, `supersede`, `held`, `accept`, `decline`, `add-marker`, `remove-marker` |
//!
//! `C` is a card's slug (`seneca-falls-convention`), `R` a region's (`atlantic-appalachia`),
//! `NY` a state's postal code. `FromStr` reads exactly what `Display` writes and nothing else
//! ([`crate::parse_action`] then refuses any other spelling, such as `state:ny`).

use std::fmt;
use std::str::FromStr;

use super::data::{CardId, Hue, LAST_CARD, REGIONS, Region, St, card_by_slug, code, slug};

/// A card, by its number (1–128, and the Oppobot's 129–170).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(CardId);

impl Card {
    /// The card with this number, if there is one.
    pub fn new(id: CardId) -> Option<Card> {
        (1..=LAST_CARD).contains(&id).then_some(Card(id))
    }
    /// The card's number, as the rules' tables know it.
    pub fn id(self) -> CardId {
        self.0
    }
    /// The card's stable slug (`seneca-falls-convention`).
    pub fn slug(self) -> &'static str {
        slug(self.0)
    }
    fn from_slug(s: &str) -> Option<Card> {
        card_by_slug(s).map(Card)
    }
}

/// A state of the map, by its index (0–47: region × 8 + printed number − 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct State(St);

impl State {
    /// The state with this index, if the map has one.
    pub fn new(s: St) -> Option<State> {
        (s < 48).then_some(State(s))
    }
    /// The state's index.
    pub fn index(self) -> St {
        self.0
    }
    /// The state's postal code (`NY`).
    pub fn code(self) -> &'static str {
        code(self.0)
    }
    fn from_code(c: &str) -> Option<State> {
        // Case matters: the id is written in capitals, and only that spelling is an id.
        super::data::STATES
            .iter()
            .position(|d| d.code == c)
            .map(|i| State(i as St))
    }
}

/// What is done with one card: the verb of its choice id, which is also the choice's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verb {
    /// Play a hand card as an event.
    Event,
    /// Campaign, Organize or Lobby with a hand card.
    Campaign,
    Organize,
    Lobby,
    /// Play a claimed State or Strategy card.
    Claimed,
    /// Discard a hand card without effect, or make the opponent discard it (Change In Plans).
    Discard,
    /// Take a Strategy card from the display.
    Strategy,
    /// Give a card to the partner: a Strategy card won, or a claimed card in Cleanup.
    Give,
    /// Ask the partner for a claimed card in Cleanup.
    Ask,
    /// Play one of the cards an effect offers.
    Play,
    /// Put a drawn card on top of the deck.
    Top,
    /// Discard a card in effect for the rest of the turn (Counter-Strategy).
    Remove,
}

impl Verb {
    const ALL: [Verb; 12] = [
        Verb::Event,
        Verb::Campaign,
        Verb::Organize,
        Verb::Lobby,
        Verb::Claimed,
        Verb::Discard,
        Verb::Strategy,
        Verb::Give,
        Verb::Ask,
        Verb::Play,
        Verb::Top,
        Verb::Remove,
    ];
    /// The verb of the choice id.
    pub fn word(self) -> &'static str {
        match self {
            Verb::Event => "event",
            Verb::Campaign => "campaign",
            Verb::Organize => "organize",
            Verb::Lobby => "lobby",
            Verb::Claimed => "claimed",
            Verb::Discard => "discard",
            Verb::Strategy => "strategy",
            Verb::Give => "give",
            Verb::Ask => "ask",
            Verb::Play => "play",
            Verb::Top => "top",
            Verb::Remove => "remove",
        }
    }
    fn from_word(w: &str) -> Option<Verb> {
        Verb::ALL.into_iter().find(|v| v.word() == w)
    }
}

/// A choice that is one word and nothing else.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Word {
    /// Finish the decision (no more of it).
    Done,
    /// A Campaigner places nothing.
    Pass,
    /// A Campaigner stays where it is (Transportation).
    Stay,
    /// Keep a roll (or accept a failed one).
    Keep,
    /// Re-roll for a button.
    Reroll,
    /// The Opposition's answers to the Strategy commitment.
    Defer,
    Match,
    Supersede,
    /// Propose to exchange held cards (Cleanup).
    Held,
    /// Answer a partner's proposal (Cleanup).
    Accept,
    Decline,
    /// A Lobbying success adds a marker to Congress, or removes one (revision 1).
    AddMarker,
    RemoveMarker,
}

impl Word {
    // Codes are positions here: new words go at the end.
    const ALL: [Word; 13] = [
        Word::Done,
        Word::Pass,
        Word::Stay,
        Word::Keep,
        Word::Reroll,
        Word::Defer,
        Word::Match,
        Word::Supersede,
        Word::Held,
        Word::Accept,
        Word::Decline,
        Word::AddMarker,
        Word::RemoveMarker,
    ];
    /// The choice id, which is also the choice's kind.
    pub fn word(self) -> &'static str {
        match self {
            Word::Done => "done",
            Word::Pass => "pass",
            Word::Stay => "stay",
            Word::Keep => "keep",
            Word::Reroll => "reroll",
            Word::Defer => "defer",
            Word::Match => "match",
            Word::Supersede => "supersede",
            Word::Held => "held",
            Word::Accept => "accept",
            Word::Decline => "decline",
            Word::AddMarker => "add-marker",
            Word::RemoveMarker => "remove-marker",
        }
    }
    fn from_word(w: &str) -> Option<Word> {
        Word::ALL.into_iter().find(|x| x.word() == w)
    }
}

/// One decision of a player of Votes for Women.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Something done with one card (`event:C`, `top:C`, …).
    Card(Verb, Card),
    /// A cube into (or out of) a state where no colour is chosen (`state:NY`); also a state
    /// picked for a card or for Final Voting.
    Cube(State),
    /// A cube of a chosen Suffragist colour, added or removed (`purple:NY`, `yellow:NY`).
    Colour(Hue, State),
    /// A Campaigner moves to a region (`move:R`).
    Move(Region),
    /// A region chosen for a card (`region:R`).
    Region(Region),
    /// A die value given to the next Campaigner (`die:N`).
    Die(u8),
    /// Buttons committed in the Strategy Phase (`commit:N`).
    Commit(u8),
    /// The next die goes to the player's Campaigner number K (`campaigner:K`).
    Campaigner(u8),
    /// A one-word choice (`done`, `keep`, `accept`, …).
    Word(Word),
}

impl Action {
    /// `done`.
    pub const DONE: Action = Action::Word(Word::Done);

    /// The kind of choice this is, as its id's verb says (`state:NY` is `state`).
    pub fn verb(self) -> &'static str {
        match self {
            Action::Card(v, _) => v.word(),
            Action::Cube(_) => "state",
            Action::Colour(h, _) => h.slug(),
            Action::Move(_) => "move",
            Action::Region(_) => "region",
            Action::Die(_) => "die",
            Action::Commit(_) => "commit",
            Action::Campaigner(_) => "campaigner",
            Action::Word(w) => w.word(),
        }
    }

    /// The state a cube action names.
    pub fn state(self) -> Option<St> {
        match self {
            Action::Cube(s) | Action::Colour(_, s) => Some(s.index()),
            _ => None,
        }
    }

    /// The colour a cube action chooses (none for `state:NY`).
    pub fn hue(self) -> Option<Hue> {
        match self {
            Action::Colour(h, _) => Some(h),
            _ => None,
        }
    }

    /// The card a card action names.
    pub fn card(self) -> Option<CardId> {
        match self {
            Action::Card(_, c) => Some(c.id()),
            _ => None,
        }
    }

    /// The card with this verb.
    pub fn of_card(verb: Verb, c: CardId) -> Action {
        // Every card number the state holds comes from the table.
        Action::Card(
            verb,
            Card::new(c).unwrap_or_else(|| unreachable!("card {c} is not in the table")),
        )
    }

    /// A state's action (`state:NY`).
    pub fn cube(s: St) -> Action {
        Action::Cube(State::new(s).unwrap_or_else(|| unreachable!("state {s} is not on the map")))
    }

    /// A coloured cube's action (`purple:NY`).
    pub fn colour(h: Hue, s: St) -> Action {
        Action::Colour(
            h,
            State::new(s).unwrap_or_else(|| unreachable!("state {s} is not on the map")),
        )
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Card(v, c) => write!(f, "{}:{}", v.word(), c.slug()),
            Action::Cube(s) => write!(f, "state:{}", s.code()),
            Action::Colour(h, s) => write!(f, "{}:{}", h.slug(), s.code()),
            Action::Move(r) => write!(f, "move:{}", r.slug()),
            Action::Region(r) => write!(f, "region:{}", r.slug()),
            Action::Die(n) => write!(f, "die:{n}"),
            Action::Commit(n) => write!(f, "commit:{n}"),
            Action::Campaigner(k) => write!(f, "campaigner:{k}"),
            Action::Word(w) => f.write_str(w.word()),
        }
    }
}

impl FromStr for Action {
    type Err = ();
    fn from_str(s: &str) -> Result<Action, ()> {
        let Some((verb, arg)) = s.split_once(':') else {
            return Word::from_word(s).map(Action::Word).ok_or(());
        };
        let number = || arg.parse::<u8>().map_err(|_| ());
        let state = || State::from_code(arg).ok_or(());
        let region = || Region::from_slug(arg).ok_or(());
        match verb {
            "state" => Ok(Action::Cube(state()?)),
            "purple" => Ok(Action::Colour(Hue::Purple, state()?)),
            "yellow" => Ok(Action::Colour(Hue::Yellow, state()?)),
            "move" => Ok(Action::Move(region()?)),
            "region" => Ok(Action::Region(region()?)),
            "die" => Ok(Action::Die(number()?)),
            "commit" => Ok(Action::Commit(number()?)),
            "campaigner" => Ok(Action::Campaigner(number()?)),
            _ => {
                let v = Verb::from_word(verb).ok_or(())?;
                Ok(Action::Card(v, Card::from_slug(arg).ok_or(())?))
            }
        }
    }
}

// Codes: the kind in the top byte, the argument below. Kinds 0–11 are the card verbs.
const CUBE: u32 = 20;
const PURPLE: u32 = 21;
const YELLOW: u32 = 22;
const MOVE: u32 = 23;
const REGION: u32 = 24;
const DIE: u32 = 25;
const COMMIT: u32 = 26;
const CAMPAIGNER: u32 = 27;
const WORD: u32 = 30;

impl crate::Action for Action {
    fn code(self) -> u32 {
        let (kind, arg) = match self {
            Action::Card(v, c) => (v as u32, c.id() as u32),
            Action::Cube(s) => (CUBE, s.index() as u32),
            Action::Colour(Hue::Yellow, s) => (YELLOW, s.index() as u32),
            Action::Colour(_, s) => (PURPLE, s.index() as u32),
            Action::Move(r) => (MOVE, r.index() as u32),
            Action::Region(r) => (REGION, r.index() as u32),
            Action::Die(n) => (DIE, n as u32),
            Action::Commit(n) => (COMMIT, n as u32),
            Action::Campaigner(k) => (CAMPAIGNER, k as u32),
            Action::Word(w) => (WORD, w as u32),
        };
        kind << 24 | arg
    }

    fn from_code(code: u32) -> Option<Action> {
        let (kind, arg) = (code >> 24, code & 0x00ff_ffff);
        let small = u8::try_from(arg).ok();
        let state = || small.and_then(State::new);
        let region = || REGIONS.get(arg as usize).copied();
        match kind {
            k if (k as usize) < Verb::ALL.len() => {
                Some(Action::Card(Verb::ALL[k as usize], Card::new(small?)?))
            }
            CUBE => state().map(Action::Cube),
            PURPLE => state().map(|s| Action::Colour(Hue::Purple, s)),
            YELLOW => state().map(|s| Action::Colour(Hue::Yellow, s)),
            MOVE => region().map(Action::Move),
            REGION => region().map(Action::Region),
            DIE => small.map(Action::Die),
            COMMIT => small.map(Action::Commit),
            CAMPAIGNER => small.map(Action::Campaigner),
            WORD => Word::ALL.get(arg as usize).copied().map(Action::Word),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Action as _;
    use crate::testing::check_action_spelling;

    /// Every action there is.
    fn universe() -> Vec<Action> {
        let mut all = Vec::new();
        for c in 1..=LAST_CARD {
            for v in Verb::ALL {
                all.push(Action::of_card(v, c));
            }
        }
        for s in 0..48 {
            all.push(Action::cube(s));
            all.push(Action::colour(Hue::Purple, s));
            all.push(Action::colour(Hue::Yellow, s));
        }
        for r in REGIONS {
            all.extend([Action::Move(r), Action::Region(r)]);
        }
        for n in 0..=u8::MAX {
            all.extend([Action::Die(n), Action::Commit(n), Action::Campaigner(n)]);
        }
        all.extend(Word::ALL.map(Action::Word));
        all
    }

    #[test]
    fn ids_and_codes_read_back_exactly_and_only_in_their_own_spelling() {
        let bad = [
            "",
            "done:",
            "done:1",
            " keep",
            "Keep",
            "state:ny",
            "state:XX",
            "state:",
            "red:NY",
            "purple:NY:",
            "move:West",
            "move:",
            "region:seneca-falls-convention",
            "die:03",
            "die:+3",
            "die:256",
            "commit:-1",
            "campaigner:",
            "event:",
            "event:no-such-card",
            "event:NY",
            "play:west",
        ];
        // Today's ids, byte for byte, as stored matches hold them.
        let today = [
            "event:seneca-falls-convention",
            "claimed:new-york",
            "state:NY",
            "yellow:CA",
            "purple:NJ",
            "move:atlantic-appalachia",
            "region:west",
            "die:4",
            "commit:12",
            "campaigner:1",
            "top:oppobot-the-civil-war",
            "supersede",
            "held",
            "add-marker",
            "remove-marker",
        ];
        check_action_spelling(&universe(), &bad, &today);
        assert_eq!(Action::from_code(0), None, "card 0 does not exist");
        assert_eq!(Action::from_code((CUBE << 24) | 48), None, "no 49th state");
        assert_eq!(Action::from_code((MOVE << 24) | 6), None, "no 7th region");
        assert_eq!(Action::from_code((WORD << 24) | 13), None, "no 14th word");
        assert!(std::mem::size_of::<Action>() <= 4, "an action stays small");
    }
}
