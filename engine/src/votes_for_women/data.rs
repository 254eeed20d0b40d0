//! Votes for Women's components as data: the map (6 regions of 8 states, in the order of the
//! die numbers printed on the board, with land borders inside each region) and the 128 cards
//! (Suffragist 1–52, Opposition 53–104, Strategy 105–116, State 117–128, numbered as in
//! `shared/reference/votes-for-women/facts.md`).
//!
//! A card is a row: name, deck, era, prerequisites, button cost, the persistent box it goes
//! to (with what it does while there) and an effect program of [`Op`]s that the interpreter
//! in `mod.rs` runs. Every description players read is rendered from these rows.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

/// A state's index 0..48: `region * 8 + (printed die number - 1)`.
pub type St = u8;
/// A card's number 1..=128.
pub type CardId = u8;

/// The two sides. Seat 0 plays the Suffragist side, seat 1 the Opposition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    Suffragist,
    Opposition,
}

impl Side {
    pub fn index(self) -> usize {
        match self {
            Side::Suffragist => 0,
            Side::Opposition => 1,
        }
    }
    /// The side with this index (0 Suffragist, 1 Opposition); `None` for any other: an
    /// index that is no side is a bug to report, not the Opposition.
    pub fn from_index(i: usize) -> Option<Side> {
        match i {
            0 => Some(Side::Suffragist),
            1 => Some(Side::Opposition),
            _ => None,
        }
    }
    /// The side of player `p` (players alternate: 0, 2 Suffragist; 1, 3 Opposition).
    pub fn of_player(p: usize) -> Side {
        if p.is_multiple_of(2) {
            Side::Suffragist
        } else {
            Side::Opposition
        }
    }
    pub fn other(self) -> Side {
        match self {
            Side::Suffragist => Side::Opposition,
            Side::Opposition => Side::Suffragist,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Side::Suffragist => "Suffragist",
            Side::Opposition => "Opposition",
        }
    }
    /// Most buttons the side can hold (the physical buttons in the box).
    pub fn button_cap(self) -> u8 {
        match self {
            Side::Suffragist => 12,
            Side::Opposition => 6,
        }
    }
}

/// Cube and Campaigner colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Hue {
    Purple,
    Yellow,
    Red,
}

impl Hue {
    pub fn side(self) -> Side {
        match self {
            Hue::Red => Side::Opposition,
            _ => Side::Suffragist,
        }
    }
    pub fn slug(self) -> &'static str {
        match self {
            Hue::Purple => "purple",
            Hue::Yellow => "yellow",
            Hue::Red => "red",
        }
    }
}

/// The six regions, numbered 1–6 on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Region {
    West,
    Plains,
    South,
    Midwest,
    AtlanticAppalachia,
    Northeast,
}

pub const REGIONS: [Region; 6] = [
    Region::West,
    Region::Plains,
    Region::South,
    Region::Midwest,
    Region::AtlanticAppalachia,
    Region::Northeast,
];

impl Region {
    /// 0-based index (the printed number minus one).
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn name(self) -> &'static str {
        match self {
            Region::West => "West",
            Region::Plains => "Plains",
            Region::South => "South",
            Region::Midwest => "Midwest",
            Region::AtlanticAppalachia => "Atlantic & Appalachia",
            Region::Northeast => "Northeast",
        }
    }
    pub fn slug(self) -> &'static str {
        match self {
            Region::West => "west",
            Region::Plains => "plains",
            Region::South => "south",
            Region::Midwest => "midwest",
            Region::AtlanticAppalachia => "atlantic-appalachia",
            Region::Northeast => "northeast",
        }
    }
    pub fn from_slug(s: &str) -> Option<Region> {
        REGIONS.iter().copied().find(|r| r.slug() == s)
    }
    /// The region's eight states in printed order.
    pub fn states(self) -> impl Iterator<Item = St> {
        let base = (self.index() * 8) as St;
        base..base + 8
    }
}

/// One state of the map.
#[derive(Clone, Copy, Debug)]
pub struct StateDef {
    pub code: &'static str,
    pub name: &'static str,
    pub region: Region,
    /// The number printed in the state (1–8 within its region).
    pub die: u8,
    /// Land neighbours within the same region (postal codes).
    pub adjacent: &'static [&'static str],
}

const fn st(
    code: &'static str,
    name: &'static str,
    region: Region,
    die: u8,
    adjacent: &'static [&'static str],
) -> StateDef {
    StateDef {
        code,
        name,
        region,
        die,
        adjacent,
    }
}

use Region::*;

/// The 48 states, region by region, each region in printed die order.
pub const STATES: [StateDef; 48] = [
    st("WA", "Washington", West, 1, &["OR", "ID"]),
    st("OR", "Oregon", West, 2, &["WA", "ID", "NV", "CA"]),
    st("CA", "California", West, 3, &["OR", "NV", "AZ"]),
    st("ID", "Idaho", West, 4, &["WA", "OR", "NV", "UT"]),
    st("NV", "Nevada", West, 5, &["OR", "CA", "ID", "UT", "AZ"]),
    st("UT", "Utah", West, 6, &["ID", "NV", "AZ"]),
    st("AZ", "Arizona", West, 7, &["CA", "NV", "UT", "NM"]),
    st("NM", "New Mexico", West, 8, &["AZ"]),
    st("MT", "Montana", Plains, 1, &["WY", "ND", "SD"]),
    st("WY", "Wyoming", Plains, 2, &["MT", "SD", "NE", "CO"]),
    st("CO", "Colorado", Plains, 3, &["WY", "NE", "KS", "OK"]),
    st("ND", "North Dakota", Plains, 4, &["MT", "SD"]),
    st("SD", "South Dakota", Plains, 5, &["MT", "WY", "ND", "NE"]),
    st("NE", "Nebraska", Plains, 6, &["WY", "CO", "SD", "KS"]),
    st("KS", "Kansas", Plains, 7, &["CO", "NE", "OK"]),
    st("OK", "Oklahoma", Plains, 8, &["CO", "KS"]),
    st("TX", "Texas", South, 1, &["AR", "LA"]),
    st("AR", "Arkansas", South, 2, &["TX", "LA", "MS"]),
    st("LA", "Louisiana", South, 3, &["TX", "AR", "MS"]),
    st("MS", "Mississippi", South, 4, &["AR", "LA", "AL"]),
    st("AL", "Alabama", South, 5, &["MS", "GA", "FL"]),
    st("GA", "Georgia", South, 6, &["AL", "SC", "FL"]),
    st("SC", "South Carolina", South, 7, &["GA"]),
    st("FL", "Florida", South, 8, &["AL", "GA"]),
    st("MN", "Minnesota", Midwest, 1, &["IA", "WI"]),
    st("IA", "Iowa", Midwest, 2, &["MN", "MO", "WI", "IL"]),
    st("MO", "Missouri", Midwest, 3, &["IA", "IL"]),
    st("WI", "Wisconsin", Midwest, 4, &["MN", "IA", "MI", "IL"]),
    st("MI", "Michigan", Midwest, 5, &["WI", "IN", "OH"]),
    st("IL", "Illinois", Midwest, 6, &["IA", "MO", "WI", "IN"]),
    st("IN", "Indiana", Midwest, 7, &["MI", "IL", "OH"]),
    st("OH", "Ohio", Midwest, 8, &["MI", "IN"]),
    st(
        "TN",
        "Tennessee",
        AtlanticAppalachia,
        1,
        &["KY", "VA", "NC"],
    ),
    st("KY", "Kentucky", AtlanticAppalachia, 2, &["TN", "WV", "VA"]),
    st(
        "WV",
        "West Virginia",
        AtlanticAppalachia,
        3,
        &["KY", "PA", "VA", "MD"],
    ),
    st(
        "PA",
        "Pennsylvania",
        AtlanticAppalachia,
        4,
        &["WV", "MD", "DE"],
    ),
    st(
        "VA",
        "Virginia",
        AtlanticAppalachia,
        5,
        &["TN", "KY", "WV", "MD", "NC"],
    ),
    st("NC", "North Carolina", AtlanticAppalachia, 6, &["TN", "VA"]),
    st(
        "MD",
        "Maryland",
        AtlanticAppalachia,
        7,
        &["WV", "PA", "VA", "DE"],
    ),
    st("DE", "Delaware", AtlanticAppalachia, 8, &["PA", "MD"]),
    st("NY", "New York", Northeast, 1, &["VT", "MA", "CT", "NJ"]),
    st("VT", "Vermont", Northeast, 2, &["NY", "NH", "MA"]),
    st("NH", "New Hampshire", Northeast, 3, &["VT", "ME", "MA"]),
    st("ME", "Maine", Northeast, 4, &["NH"]),
    st(
        "MA",
        "Massachusetts",
        Northeast,
        5,
        &["NY", "VT", "NH", "RI", "CT"],
    ),
    st("RI", "Rhode Island", Northeast, 6, &["MA", "CT"]),
    st("CT", "Connecticut", Northeast, 7, &["NY", "MA", "RI"]),
    st("NJ", "New Jersey", Northeast, 8, &["NY"]),
];

/// The state with this postal code.
pub fn state_by_code(code: &str) -> Option<St> {
    STATES
        .iter()
        .position(|s| s.code.eq_ignore_ascii_case(code))
        .map(|i| i as St)
}

/// The in-region neighbours of a state.
pub fn neighbours(s: St) -> Vec<St> {
    STATES[s as usize]
        .adjacent
        .iter()
        .filter_map(|c| state_by_code(c))
        .collect()
}

pub fn region_of(s: St) -> Region {
    STATES[s as usize].region
}

pub fn code(s: St) -> &'static str {
    STATES[s as usize].code
}

// State indices by postal code, for the card table.
pub const WA: St = 0;
pub const OR: St = 1;
pub const CA: St = 2;
pub const ID: St = 3;
pub const NV: St = 4;
pub const UT: St = 5;
pub const AZ: St = 6;
pub const NM: St = 7;
pub const MT: St = 8;
pub const WY: St = 9;
pub const CO: St = 10;
pub const ND: St = 11;
pub const SD: St = 12;
pub const NE: St = 13;
pub const KS: St = 14;
pub const OK: St = 15;
pub const TX: St = 16;
pub const AR: St = 17;
pub const LA: St = 18;
pub const MS: St = 19;
pub const AL: St = 20;
pub const GA: St = 21;
pub const SC: St = 22;
pub const FL: St = 23;
pub const MN: St = 24;
pub const IA: St = 25;
pub const MO: St = 26;
pub const WI: St = 27;
pub const MI: St = 28;
pub const IL: St = 29;
pub const IN: St = 30;
pub const OH: St = 31;
pub const TN: St = 32;
pub const KY: St = 33;
pub const WV: St = 34;
pub const PA: St = 35;
pub const VA: St = 36;
pub const NC: St = 37;
pub const MD: St = 38;
pub const DE: St = 39;
pub const NY: St = 40;
pub const VT: St = 41;
pub const NH: St = 42;
pub const ME: St = 43;
pub const MA: St = 44;
pub const RI: St = 45;
pub const CT: St = 46;
pub const NJ: St = 47;

/// Dice: blue d4, red d6, white d8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Die {
    D4,
    D6,
    D8,
}

impl Die {
    pub fn sides(self) -> u32 {
        match self {
            Die::D4 => 4,
            Die::D6 => 6,
            Die::D8 => 8,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Die::D4 => "d4",
            Die::D6 => "d6",
            Die::D8 => "d8",
        }
    }
}

/// The five decks. The Oppobot's deck (our reconstruction, `oppobot_deck.md`) is numbered
/// 129–170 after the published cards; its cards belong to the Opposition side and are
/// listed by [`oppobot_cards`], never by `deck_cards(Deck::Opposition)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Deck {
    Suffragist,
    Opposition,
    Strategy,
    State,
}

/// When an event card enters its side's Draw Deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Era {
    Start,
    Early,
    Middle,
    Late,
    /// Strategy and State cards have no era.
    Undated,
}

/// The three persistent-event boxes on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BoxKind {
    RestOfTurn,
    RestOfGame,
    FinalVoting,
}

impl BoxKind {
    pub fn name(self) -> &'static str {
        match self {
            BoxKind::RestOfTurn => "rest of the turn",
            BoxKind::RestOfGame => "rest of the game",
            BoxKind::FinalVoting => "Final Voting",
        }
    }
}

/// What a card does while it sits in its box.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Lasting {
    /// Nothing by itself: other cards test whether it is in effect.
    Marker,
    /// The card's side campaigns with d6 instead of d4 (boosts do not stack).
    CampaignD6,
    /// The Suffragist lobbies with d8, succeeding on 6–8.
    LobbyD8,
    /// The Suffragist may not add cubes in the Atlantic & Appalachia and South regions.
    NoSuffragistCubesSouth,
    /// The Suffragist pays 1 button per Campaigning action.
    CampaignCostsButton,
    /// The Suffragist pays 1 button per Event card played as an event (not cumulative).
    EventCostsButton,
    /// The card's side rolls d8 in Final Voting.
    FinalVotingD8,
    /// The Suffragist wins ties in Final Voting.
    SuffragistWinsTies,
    /// The Oppobot rolls two dice in Final Voting and keeps the higher.
    OppobotTwoVoteDice,
}

/// A prerequisite for playing a card as an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Prereq {
    InEffect(CardId),
    NotInEffect(CardId),
    /// Congress has sent the 19th Amendment to the states.
    AmendmentSent,
    /// It is this turn or later.
    TurnAtLeast(u8),
    /// Oppobot "play if": at least this many markers in Congress.
    CongressAtLeast(u8),
    /// Oppobot "play if": at least this many Green checks on the board.
    ChecksAtLeast(u8),
    /// Oppobot "play if": the card's removals, resolved now by the Oppobot's fixed
    /// priorities, would take at least this many Suffragist cubes.
    WouldRemove(u8),
}

/// How many cubes an add or remove effect moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Count {
    Fixed(u8),
    /// The total of the preceding [`Op::Roll`].
    Rolled,
}

/// Where cubes may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Area {
    Anywhere,
    In(Region),
}

/// Which opposing cubes a "remove all" effect takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HueSet {
    Purple,
    Yellow,
    Suffragist,
}

/// One instruction of a card's effect program. "Own" and "opponent" are relative to the side
/// playing the card: the same op adds purple/yellow cubes for the Suffragist and red for the
/// Opposition. Congress is the exception: [`Op::Congress`] is signed by the way it moves the
/// markers on the board, in every deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// Put a Campaigner of this colour into play in a region.
    Campaigner(Hue, Region),
    /// Receive buttons (up to the side's cap).
    Buttons(u8),
    /// The opponent loses buttons.
    OpponentLosesButtons(u8),
    /// The opponent loses half their buttons, rounded up.
    OpponentLosesHalfButtons,
    /// Markers into Congress (positive: towards sending the amendment) or out of it
    /// (negative), whichever side plays it: the Suffragist's cards add, the Opposition's and
    /// the Oppobot's remove. Rendered with the same sign (`+1 Congress` adds a marker,
    /// `-1 Congress` removes one).
    Congress(i8),
    /// Roll one die; the rest of the card happens only on 3 or more (re-roll allowed).
    Gate(Die),
    /// Roll dice; the total is the count of the next op (re-roll allowed).
    Roll(u8, Die),
    /// Add own cubes in an area, at most `cap` per state (0: no cap).
    Add(Count, Area, u8),
    /// Add this many own cubes in each listed state.
    AddEach(&'static [(St, u8)]),
    /// Add this many own cubes in every state of these regions.
    AddRegions(&'static [Region], u8),
    /// Add this many own cubes in one state of each region.
    AddOneStateEachRegion(u8),
    /// Choose a region; add this many own cubes in each of its states.
    AddChosenRegion(u8),
    /// Remove opposing cubes anywhere, at most `cap` per state.
    Remove(Count, u8),
    /// Remove all cubes of a colour in up to this many states.
    RemoveAll(HueSet, u8),
    /// Remove every Suffragist cube from one state.
    ClearSuffragists(St),
    /// Take a card out of its box.
    DiscardFromBox(CardId),
    /// Select one of the available Strategy cards.
    ClaimStrategy,
    /// Draw 2, discard 1, play the other as an event.
    DrawDiscardPlay,
    /// Draw 6, play 1, put any of the rest on top in any order, the others at the bottom.
    WinningPlan,
    /// Draw this many, put any on top in any order, the others at the bottom.
    Rearrange(u8),
    /// Choose any playable card in the Draw Deck, play it, reshuffle the deck.
    EyeOnTheFuture,
    /// The opponent discards this many random cards and draws as many.
    RandomDiscardRedraw(u8),
    /// See the opponent's hand; they discard one card without a Campaigner and draw one.
    ChangeInPlans,
    /// Suffragist: a Red X becomes 2 own cubes; Opposition: a check becomes 2 red cubes.
    Reconsideration,
    /// A Green check becomes a Red X.
    Veto,
    /// One state: remove the opposing cubes and add 4 own.
    Bellwether,
    /// Roll 4 d8; each 6–8 moves Congress one step your way.
    SuperiorLobbying,
    /// Move any own Campaigners to any regions for free, then a Campaigning action.
    Transportation,
    /// Take one card out of the rest-of-the-turn box.
    CounterStrat,
    /// Oppobot only: add this many cubes in each of this many different states (anywhere, or
    /// in one region), the states picked by the gray and black dice.
    AddInStates(u8, u8, Option<Region>),
}

/// A card's persistent box and what it does there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Persist {
    pub kind: BoxKind,
    pub lasting: Lasting,
}

/// One card of any deck.
#[derive(Clone, Copy, Debug)]
pub struct CardDef {
    pub id: CardId,
    pub name: &'static str,
    pub deck: Deck,
    pub era: Era,
    pub prereqs: &'static [Prereq],
    /// Buttons that must be spent to play it as an event.
    pub cost: u8,
    pub persist: Option<Persist>,
    /// Carries a Campaigner icon (Change In Plans may not take it).
    pub campaigner_icon: bool,
    pub ops: &'static [Op],
    /// For a State card, its state.
    pub state: Option<St>,
}

impl CardDef {
    pub fn slug(&self) -> &'static str {
        slug(self.id)
    }
    pub fn side(&self) -> Option<Side> {
        match self.deck {
            Deck::Suffragist => Some(Side::Suffragist),
            Deck::Opposition => Some(Side::Opposition),
            _ => None,
        }
    }
    pub fn is_event_card(&self) -> bool {
        matches!(self.deck, Deck::Suffragist | Deck::Opposition)
    }
}

const fn ev(id: CardId, name: &'static str, deck: Deck, era: Era, ops: &'static [Op]) -> CardDef {
    CardDef {
        id,
        name,
        deck,
        era,
        prereqs: &[],
        cost: 0,
        persist: None,
        campaigner_icon: false,
        ops,
        state: None,
    }
}

const fn s(id: CardId, name: &'static str, era: Era, ops: &'static [Op]) -> CardDef {
    ev(id, name, Deck::Suffragist, era, ops)
}
const fn o(id: CardId, name: &'static str, era: Era, ops: &'static [Op]) -> CardDef {
    ev(id, name, Deck::Opposition, era, ops)
}
const fn strat(id: CardId, name: &'static str, ops: &'static [Op]) -> CardDef {
    ev(id, name, Deck::Strategy, Era::Undated, ops)
}
const fn state_card(id: CardId, name: &'static str, st: St, ops: &'static [Op]) -> CardDef {
    let mut c = ev(id, name, Deck::State, Era::Undated, ops);
    c.state = Some(st);
    c
}

impl CardDef {
    const fn needs(mut self, prereqs: &'static [Prereq]) -> Self {
        self.prereqs = prereqs;
        self
    }
    const fn costs(mut self, cost: u8) -> Self {
        self.cost = cost;
        self
    }
    const fn boxed(mut self, kind: BoxKind, lasting: Lasting) -> Self {
        self.persist = Some(Persist { kind, lasting });
        self
    }
    const fn campaigner(mut self) -> Self {
        self.campaigner_icon = true;
        self
    }
}

use BoxKind::*;
use Count::*;
use Era::*;
use Lasting::*;
use Op::*;
use Prereq::*;

pub const THE_CIVIL_WAR: CardId = 54;
pub const FIFTEENTH_AMENDMENT: CardId = 6;
pub const EIGHTEENTH_AMENDMENT: CardId = 46;
pub const SOUTHERN_STRATEGY: CardId = 35;
pub const WAR_IN_EUROPE: CardId = 88;
pub const MISS_FEBB: CardId = 52;
pub const VOTER_REGISTRATION: CardId = 41;
pub const SENECA_FALLS: CardId = 1;
pub const THE_PATRIARCHY: CardId = 53;

const ONE_EACH: &[Op] = &[AddOneStateEachRegion(1)];
const DDP: &[Op] = &[DrawDiscardPlay];

/// Every card, by number: `CARDS[id - 1]`.
pub const CARDS: [CardDef; 128] = [
    // ----- Suffragist: Start
    s(
        1,
        "Seneca Falls Convention",
        Start,
        &[
            Campaigner(Hue::Purple, Northeast),
            Campaigner(Hue::Yellow, Northeast),
            Buttons(2),
            AddEach(&[(NY, 2)]),
        ],
    )
    .campaigner(),
    // ----- Suffragist: Early
    s(2, "Property Rights for Women", Early, &[]).boxed(RestOfTurn, CampaignD6),
    s(3, "Frances Willard", Early, &[Congress(1), Buttons(2)]),
    s(4, "A Vindication of the Rights of Woman", Early, DDP),
    s(
        5,
        "Union Victory",
        Early,
        &[Gate(Die::D6), Buttons(2), DiscardFromBox(THE_CIVIL_WAR)],
    )
    .needs(&[InEffect(THE_CIVIL_WAR)]),
    s(
        6,
        "Fifteenth Amendment",
        Early,
        &[Gate(Die::D6), Congress(2), Add(Fixed(8), Area::Anywhere, 2)],
    )
    .needs(&[NotInEffect(THE_CIVIL_WAR)])
    .boxed(RestOfGame, Marker),
    s(
        7,
        "Reconstruction",
        Early,
        &[AddEach(&[
            (VA, 1),
            (NC, 1),
            (SC, 1),
            (GA, 1),
            (FL, 1),
            (AL, 1),
            (MS, 1),
            (TN, 1),
            (AR, 1),
            (LA, 1),
            (TX, 1),
        ])],
    )
    .needs(&[NotInEffect(THE_CIVIL_WAR), InEffect(FIFTEENTH_AMENDMENT)]),
    s(
        8,
        "Petition to Congress",
        Early,
        &[Congress(1), AddOneStateEachRegion(1)],
    ),
    s(
        9,
        "Lucy Stone",
        Early,
        &[Buttons(1), AddOneStateEachRegion(1)],
    ),
    s(
        10,
        "Susan B. Anthony Indicted",
        Early,
        &[Buttons(1), AddOneStateEachRegion(1)],
    ),
    s(
        11,
        "Anna Dickinson",
        Early,
        &[Buttons(1), AddOneStateEachRegion(1)],
    ),
    s(
        12,
        "Frederick Douglass",
        Early,
        &[Roll(1, Die::D8), Add(Rolled, Area::In(Northeast), 1)],
    ),
    s(
        13,
        "Frances Harper",
        Early,
        &[
            Roll(1, Die::D8),
            Add(Rolled, Area::In(AtlanticAppalachia), 1),
        ],
    ),
    s(
        14,
        "The Union Signal",
        Early,
        &[Buttons(1), AddOneStateEachRegion(1)],
    ),
    s(
        15,
        "Sojourner Truth",
        Early,
        &[Roll(1, Die::D8), Add(Rolled, Area::In(Midwest), 1)],
    ),
    s(
        16,
        "Pioneer Women",
        Early,
        &[Roll(1, Die::D8), Add(Rolled, Area::In(Plains), 1)],
    ),
    s(
        17,
        "Women to the Polls",
        Early,
        &[AddEach(&[(NJ, 2), (PA, 2), (DE, 2)])],
    ),
    s(
        18,
        "National Woman’s Rights Convention",
        Early,
        &[Congress(1), AddOneStateEachRegion(1)],
    )
    .needs(&[NotInEffect(THE_CIVIL_WAR)]),
    // ----- Suffragist: Middle
    s(
        19,
        "National American Woman Suffrage Association",
        Middle,
        &[Campaigner(Hue::Purple, AtlanticAppalachia), Buttons(3)],
    )
    .campaigner(),
    s(
        20,
        "Jeannette Rankin",
        Middle,
        &[
            Gate(Die::D6),
            Congress(1),
            AddEach(&[
                (MT, 4),
                (WY, 2),
                (CO, 2),
                (ND, 2),
                (SD, 2),
                (NE, 2),
                (KS, 2),
                (OK, 2),
            ]),
        ],
    ),
    s(
        21,
        "Ida B. Wells-Barnett",
        Middle,
        &[
            Buttons(2),
            AddEach(&[
                (IL, 2),
                (MN, 1),
                (IA, 1),
                (MO, 1),
                (WI, 1),
                (MI, 1),
                (IN, 1),
                (OH, 1),
            ]),
        ],
    ),
    s(22, "The Club Movement", Middle, &[Buttons(4)]),
    s(
        23,
        "Equality League of Self-Supporting Women",
        Middle,
        &[Buttons(2), AddOneStateEachRegion(1)],
    ),
    s(
        24,
        "Emmeline Pankhurst",
        Middle,
        &[Roll(2, Die::D6), Add(Rolled, Area::Anywhere, 2)],
    ),
    s(
        25,
        "“Debate Us, You Cowards!”",
        Middle,
        &[Roll(2, Die::D6), Remove(Rolled, 2)],
    ),
    s(
        26,
        "Carrie Chapman Catt",
        Middle,
        &[Buttons(2), AddOneStateEachRegion(1)],
    ),
    s(
        27,
        "Alice Paul & Lucy Burns",
        Middle,
        &[Roll(2, Die::D6), Remove(Rolled, 2)],
    ),
    s(
        28,
        "Inez Milholland",
        Middle,
        &[Congress(1), Buttons(2), AddOneStateEachRegion(1)],
    ),
    s(
        29,
        "Farmers for Suffrage",
        Middle,
        &[AddEach(&[(WI, 2), (MN, 2), (IA, 2), (ND, 2), (SD, 2)])],
    ),
    s(
        30,
        "Zitkala-Ša",
        Middle,
        &[AddEach(&[(ND, 2), (SD, 2), (NE, 2), (MT, 2), (WY, 2)])],
    ),
    s(
        31,
        "Helen Keller",
        Middle,
        &[Roll(2, Die::D6), Add(Rolled, Area::Anywhere, 2)],
    ),
    s(
        32,
        "Maria de Lopez",
        Middle,
        &[Buttons(2), AddEach(&[(CA, 2), (NV, 2), (AZ, 2)])],
    ),
    s(33, "Marie Louise Bottineau Baldwin", Middle, &[]).boxed(RestOfTurn, CampaignD6),
    s(
        34,
        "The West’s Awakening",
        Middle,
        &[AddRegions(&[West], 2)],
    ),
    s(
        35,
        "Southern Strategy",
        Middle,
        &[Buttons(2), AddRegions(&[South], 2), ClaimStrategy],
    )
    .boxed(RestOfGame, Marker),
    // ----- Suffragist: Late
    s(
        36,
        "Women’s Trade Union League",
        Late,
        &[
            Campaigner(Hue::Yellow, AtlanticAppalachia),
            Congress(1),
            Buttons(2),
        ],
    )
    .campaigner(),
    s(37, "The Young Woman Citizen", Late, DDP),
    s(
        38,
        "1918 Midterm Elections",
        Late,
        &[Gate(Die::D6), Congress(3)],
    ),
    s(39, "Woodrow Wilson", Late, &[ClaimStrategy]).costs(4),
    s(40, "Maud Wood Park", Late, &[Congress(2)]),
    s(41, "Voter Registration", Late, &[]).boxed(FinalVoting, FinalVotingD8),
    s(42, "Processions for Suffrage", Late, &[]).boxed(RestOfTurn, LobbyD8),
    s(43, "Prison Tour Special", Late, &[]).boxed(RestOfTurn, CampaignD6),
    s(
        44,
        "Victory Map",
        Late,
        &[
            AddRegions(&[West, Plains], 1),
            AddEach(&[(TX, 1), (AR, 1), (IL, 1), (MI, 1), (NY, 1), (VT, 1)]),
        ],
    ),
    s(
        45,
        "Women and World War I",
        Late,
        &[Add(Fixed(10), Area::Anywhere, 2)],
    )
    .needs(&[InEffect(WAR_IN_EUROPE)]),
    s(
        46,
        "Eighteenth Amendment",
        Late,
        &[Gate(Die::D6), Congress(1), Buttons(2)],
    )
    .boxed(RestOfGame, Marker),
    s(
        47,
        "Mary McLeod Bethune",
        Late,
        &[Roll(2, Die::D8), Remove(Rolled, 2)],
    ),
    s(
        48,
        "Make a Home Run for Suffrage",
        Late,
        &[Roll(2, Die::D8), Remove(Rolled, 2)],
    ),
    s(
        49,
        "Mary Church Terrell",
        Late,
        &[Roll(2, Die::D8), Add(Rolled, Area::Anywhere, 2)],
    ),
    s(
        50,
        "Tea Parties for Suffrage",
        Late,
        &[Congress(1), Buttons(4)],
    ),
    s(
        51,
        "Dr. Mabel Ping-Hua Lee",
        Late,
        &[Roll(2, Die::D8), Add(Rolled, Area::Anywhere, 2)],
    ),
    s(52, "Miss Febb Wins the Last Vote", Late, &[]).boxed(FinalVoting, SuffragistWinsTies),
    // ----- Opposition: Start
    o(
        53,
        "The Patriarchy",
        Start,
        &[
            Campaigner(Hue::Red, South),
            Buttons(4),
            AddRegions(&[Northeast, AtlanticAppalachia, South, Midwest], 1),
        ],
    )
    .campaigner(),
    // ----- Opposition: Early
    o(54, "The Civil War", Early, &[Congress(-1)]).boxed(RestOfTurn, NoSuffragistCubesSouth),
    o(
        55,
        "15th Divides Suffragists",
        Early,
        &[RemoveAll(HueSet::Purple, 4), OpponentLosesButtons(2)],
    )
    .needs(&[InEffect(FIFTEENTH_AMENDMENT)]),
    o(
        56,
        "Senator Joseph Brown",
        Early,
        &[Congress(-1), AddEach(&[(GA, 2)])],
    ),
    o(
        57,
        "Minor v. Happersett",
        Early,
        &[Gate(Die::D6), Congress(-1), AddEach(&[(MO, 2)])],
    ),
    o(
        58,
        "Senate Rejects Suffrage Amendment",
        Early,
        &[Gate(Die::D6), Buttons(1), Congress(-1)],
    ),
    o(
        59,
        "South Dakota Rejects Suffrage",
        Early,
        &[Gate(Die::D6), Congress(-1), AddEach(&[(SD, 2)])],
    ),
    o(60, "Gerrymandering", Early, &[RemoveAll(HueSet::Yellow, 2)]),
    o(
        61,
        "Border States",
        Early,
        &[AddEach(&[(DE, 1), (MD, 1), (WV, 1), (KY, 1), (MO, 1)])],
    ),
    o(62, "Horace Greeley", Early, &[AddEach(&[(NY, 2), (CT, 2)])]),
    o(
        63,
        "New York Newspapers",
        Early,
        &[AddEach(&[(NY, 2), (NJ, 2)])],
    ),
    o(
        64,
        "Senator George Vest",
        Early,
        &[Congress(-1), AddEach(&[(MO, 2)])],
    ),
    o(
        65,
        "Catharine Beecher",
        Early,
        &[Roll(1, Die::D4), Add(Rolled, Area::Anywhere, 1)],
    ),
    o(66, "Progress, Not Politics", Early, &[Rearrange(6)]),
    o(
        67,
        "Southern “Hospitality”",
        Early,
        &[AddEach(&[(VA, 1), (NC, 1), (SC, 1), (GA, 1), (TN, 1)])],
    ),
    o(68, "Beer Brewers", Early, &[])
        .needs(&[NotInEffect(EIGHTEENTH_AMENDMENT)])
        .boxed(RestOfTurn, CampaignD6),
    o(
        69,
        "Southern Resentment",
        Early,
        &[AddEach(&[(TX, 1), (LA, 1), (AR, 1), (MS, 1), (AL, 1)])],
    )
    .needs(&[InEffect(FIFTEENTH_AMENDMENT)]),
    o(
        70,
        "Old Dixie",
        Early,
        &[AddEach(&[(LA, 1), (MS, 1), (AL, 1), (GA, 1), (FL, 1)])],
    ),
    // ----- Opposition: Middle
    o(
        71,
        "NAOWS Forms",
        Middle,
        &[Campaigner(Hue::Red, Northeast), Buttons(2)],
    )
    .campaigner(),
    o(72, "Woman and the Republic", Middle, DDP),
    o(73, "The Ladies’ Battle", Middle, DDP),
    o(
        74,
        "Backlash to the Movement",
        Middle,
        &[Remove(Fixed(6), 2)],
    ),
    o(
        75,
        "Xenophobia",
        Middle,
        &[RemoveAll(HueSet::Purple, 1), RemoveAll(HueSet::Yellow, 1)],
    ),
    o(76, "“O Save Us Senators, From Ourselves”", Middle, ONE_EACH),
    o(
        77,
        "Emma Goldman",
        Middle,
        &[Roll(1, Die::D6), Add(Rolled, Area::Anywhere, 1)],
    ),
    o(
        78,
        "The Great 1906 San Francisco Earthquake",
        Middle,
        &[ClearSuffragists(CA), OpponentLosesButtons(1)],
    ),
    o(79, "A Threat to the Ideal of Womanhood", Middle, &[]).boxed(RestOfTurn, EventCostsButton),
    o(
        80,
        "“Unwarranted, Unnecessary & Dangerous Interference”",
        Middle,
        ONE_EACH,
    ),
    o(81, "Conservative Opposition", Middle, &[]).boxed(RestOfTurn, CampaignD6),
    o(
        82,
        "The SSWSC",
        Middle,
        &[Buttons(2), Add(Fixed(6), Area::In(South), 2)],
    )
    .needs(&[InEffect(SOUTHERN_STRATEGY)]),
    o(
        83,
        "Western Saloons Push Suffrage Veto",
        Middle,
        &[AddEach(&[(AZ, 2), (NM, 1), (NV, 1), (UT, 1)])],
    )
    .needs(&[NotInEffect(EIGHTEENTH_AMENDMENT)]),
    o(84, "Transcontinental Railroad", Middle, &[Transportation]).campaigner(),
    o(
        85,
        "White Supremacy and the Suffrage Movement",
        Middle,
        &[RemoveAll(HueSet::Yellow, 4), OpponentLosesButtons(2)],
    )
    .needs(&[InEffect(SOUTHERN_STRATEGY)]),
    o(
        86,
        "Senator John Weeks",
        Middle,
        &[Congress(-1), AddEach(&[(NH, 2)])],
    ),
    o(
        87,
        "Senator “Cotton Ed” Smith",
        Middle,
        &[Congress(-1), AddEach(&[(SC, 2)])],
    ),
    // ----- Opposition: Late
    o(88, "War in Europe", Late, &[Congress(-1)]).boxed(RestOfTurn, CampaignCostsButton),
    o(89, "1918 Pandemic", Late, &[Congress(-1)]).boxed(RestOfTurn, EventCostsButton),
    o(90, "The Business of Being a Woman", Late, DDP),
    o(91, "The Eden Sphinx", Late, DDP),
    o(92, "Big Liquor’s Big Money", Late, &[])
        .needs(&[NotInEffect(EIGHTEENTH_AMENDMENT)])
        .boxed(RestOfTurn, CampaignD6),
    o(93, "Red Scare", Late, &[RemoveAll(HueSet::Purple, 2)]),
    o(
        94,
        "Southern Women’s Rejection League",
        Late,
        &[Roll(1, Die::D8), Add(Rolled, Area::In(South), 2)],
    )
    .needs(&[InEffect(SOUTHERN_STRATEGY)]),
    o(
        95,
        "United Daughters of the Confederacy",
        Late,
        &[Roll(1, Die::D8), Add(Rolled, Area::In(South), 2)],
    )
    .needs(&[InEffect(SOUTHERN_STRATEGY)]),
    o(
        96,
        "Cheers to “No on Suffrage”",
        Late,
        &[Roll(1, Die::D8), Add(Rolled, Area::Anywhere, 2)],
    )
    .needs(&[NotInEffect(EIGHTEENTH_AMENDMENT)]),
    o(
        97,
        "The Unnecessary Privilege",
        Late,
        &[Roll(1, Die::D6), Add(Rolled, Area::Anywhere, 1)],
    ),
    o(98, "Voter Suppression", Late, &[]).boxed(FinalVoting, FinalVotingD8),
    o(99, "Anti-Suffrage Riots", Late, &[RandomDiscardRedraw(2)]),
    o(
        100,
        "American Constitutional League",
        Late,
        &[ClaimStrategy],
    )
    .costs(4),
    o(101, "The Woman Patriot", Late, &[Buttons(3)]),
    o(102, "Governor Clement’s Veto", Late, &[Veto]).needs(&[AmendmentSent]),
    o(
        103,
        "Senator Henry Cabot Lodge",
        Late,
        &[Congress(-1), AddEach(&[(MA, 2)])],
    ),
    o(
        104,
        "Senator William Borah",
        Late,
        &[Congress(-1), AddEach(&[(UT, 2)])],
    ),
    // ----- Strategy
    strat(105, "Efficient Organizing", &[Buttons(5)]),
    strat(106, "Reconsideration", &[Reconsideration]).needs(&[AmendmentSent]),
    strat(107, "Opposition Research", &[OpponentLosesHalfButtons]),
    strat(108, "Change In Plans", &[ChangeInPlans]),
    strat(109, "Bellwether State", &[Bellwether]),
    strat(110, "Superior Lobbying", &[SuperiorLobbying]),
    strat(111, "The Winning Plan", &[WinningPlan]),
    strat(112, "Regional Focus", &[AddChosenRegion(1)]),
    strat(113, "Eye on the Future", &[EyeOnTheFuture]).needs(&[TurnAtLeast(5)]),
    strat(114, "Transportation", &[Transportation]),
    strat(115, "Counter Strat", &[CounterStrat]),
    strat(116, "National Focus", &[AddOneStateEachRegion(2)]),
    // ----- State
    state_card(117, "California", CA, DDP),
    state_card(118, "Utah", UT, &[Add(Fixed(6), Area::In(West), 2)]),
    state_card(119, "Montana", MT, &[Buttons(2)]),
    state_card(120, "Kansas", KS, &[Add(Fixed(6), Area::In(Plains), 2)]),
    state_card(121, "Texas", TX, &[Add(Fixed(6), Area::In(South), 2)]),
    state_card(122, "Georgia", GA, &[Buttons(2)]),
    state_card(123, "Illinois", IL, &[Add(Fixed(6), Area::In(Midwest), 2)]),
    state_card(124, "Ohio", OH, DDP),
    state_card(
        125,
        "Pennsylvania",
        PA,
        &[Add(Fixed(6), Area::In(AtlanticAppalachia), 2)],
    ),
    state_card(126, "Virginia", VA, DDP),
    state_card(
        127,
        "New York",
        NY,
        &[Add(Fixed(6), Area::In(Northeast), 2)],
    ),
    state_card(128, "New Jersey", NJ, &[Buttons(2)]),
];

/// The highest card number (the last Oppobot card).
pub const LAST_CARD: CardId = 170;

/// The card with this number (1..=170).
pub fn card(id: CardId) -> &'static CardDef {
    if id > 128 {
        &OPPOBOT_CARDS[(id.min(LAST_CARD) - 129) as usize]
    } else {
        &CARDS[(id.max(1) - 1) as usize]
    }
}

/// The names of `cards` in order, as the log lists them: "Seneca Falls, The Patriarchy".
/// Every log line that names a set of cards (set-up, draws, discards) spells them this way.
pub fn card_names(cards: &[CardId]) -> String {
    let names: Vec<&str> = cards.iter().map(|&c| card(c).name).collect();
    names.join(", ")
}

fn make_slug(name: &str) -> String {
    let mut out = String::new();
    for ch in name.chars() {
        let c = match ch {
            'Š' | 'š' => 's',
            '’' | '\'' | '“' | '”' | '"' | '.' => continue,
            c if c.is_ascii_alphanumeric() => c.to_ascii_lowercase(),
            _ => '-',
        };
        if c == '-' && (out.is_empty() || out.ends_with('-')) {
            continue;
        }
        out.push(c);
    }
    while out.ends_with('-') {
        out.pop();
    }
    out
}

/// A card's stable id in choices and logs: its name in lower case, words joined by `-`
/// (`seneca-falls-convention`).
pub fn slug(id: CardId) -> &'static str {
    static SLUGS: OnceLock<Vec<String>> = OnceLock::new();
    let slugs = SLUGS.get_or_init(|| {
        (1..=LAST_CARD)
            .map(|id| {
                let c = card(id);
                // The Oppobot's cards share their names with Opposition cards.
                if is_oppobot(id) {
                    format!("oppobot-{}", make_slug(c.name))
                } else {
                    make_slug(c.name)
                }
            })
            .collect()
    });
    &slugs[(id.clamp(1, LAST_CARD) - 1) as usize]
}

/// The card with this slug.
pub fn card_by_slug(s: &str) -> Option<CardId> {
    (1..=LAST_CARD).find(|&id| slug(id) == s)
}

/// The cards of one of the five published decks.
pub fn deck_cards(deck: Deck) -> impl Iterator<Item = CardId> {
    (1..=128).filter(move |&id| card(id).deck == deck)
}

/// Whether a card belongs to the Oppobot deck (reconstruction).
pub fn is_oppobot(id: CardId) -> bool {
    id > 128
}

/// The 42 cards of the Oppobot deck (reconstruction).
pub fn oppobot_cards() -> impl Iterator<Item = CardId> {
    129..=LAST_CARD
}

// ----- descriptions ---------------------------------------------------------------------

fn plural(n: u8, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

fn count_text(c: Count, what: &str) -> String {
    match c {
        Fixed(n) => plural(n, what, &format!("{what}s")),
        Rolled => format!("as many {what}s as rolled"),
    }
}

fn states_text(list: &[(St, u8)]) -> String {
    list.iter()
        .map(|&(s, n)| format!("{n} in {}", STATES[s as usize].name))
        .collect::<Vec<_>>()
        .join(", ")
}

/// How card text is worded: by the rules revision (see `revision.rs`), and whether the
/// Oppobot plays it (its own cards, and its text on a claimed State or Strategy card).
///
/// Revision 0 keeps the text its games logged and prompted: the Oppobot's Congress effects
/// were then shown as `+n Congress` (the sign its rows held, though they remove markers),
/// and Superior Lobbying as moving Congress the player's way. Later revisions show every
/// Congress effect with the sign of the way it moves the markers (`+` adds, `-` removes),
/// whoever plays it, and Superior Lobbying with its choice of direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wording {
    pub revision: u32,
    pub oppobot: bool,
}

impl Wording {
    /// Today's wording of a card played by a person.
    pub const CURRENT: Wording = Wording {
        revision: crate::RULES_REVISION,
        oppobot: false,
    };
}

impl Op {
    /// This op in words, for the side playing it, as today's rules word it.
    pub fn describe(&self) -> String {
        self.describe_in(Wording::CURRENT)
    }

    /// This op in words, for the side playing it, as `w` words it.
    pub fn describe_in(&self, w: Wording) -> String {
        let legacy = w.revision == 0;
        match *self {
            Campaigner(h, r) => format!("{} Campaigner enters the {}", cap(h.slug()), r.name()),
            Buttons(n) => format!("+{}", plural(n, "button", "buttons")),
            OpponentLosesButtons(n) => {
                format!("opponent loses {}", plural(n, "button", "buttons"))
            }
            OpponentLosesHalfButtons => "opponent loses half their buttons (round up)".into(),
            Congress(n) => {
                // Revision 0 showed the Oppobot's removals with the wrong sign.
                let shown = if legacy && w.oppobot { -n } else { n };
                if shown > 0 {
                    format!("+{shown} Congress")
                } else {
                    format!("-{} Congress", -shown)
                }
            }
            Gate(d) => format!("roll {}: the rest only on 3+", d.name()),
            Roll(n, d) => format!("roll {n}{}", d.name()),
            Add(c, a, cap) => {
                let place = match a {
                    Area::Anywhere => "anywhere".to_string(),
                    Area::In(r) => format!("in the {}", r.name()),
                };
                let limit = if cap > 0 {
                    format!(", max {cap} per state")
                } else {
                    String::new()
                };
                format!("add {} {place}{limit}", count_text(c, "cube"))
            }
            AddEach(list) => format!("add cubes: {}", states_text(list)),
            AddRegions(rs, n) => format!(
                "add {n} in every state of {}",
                rs.iter().map(|r| r.name()).collect::<Vec<_>>().join(", ")
            ),
            AddOneStateEachRegion(n) => format!("add {n} in one state of every region"),
            AddChosenRegion(n) => format!("add {n} in every state of a region of your choice"),
            Remove(c, cap) => format!(
                "remove {} of the opponent's, max {cap} per state",
                count_text(c, "cube")
            ),
            RemoveAll(h, n) => {
                let what = match h {
                    HueSet::Purple => "purple",
                    HueSet::Yellow => "yellow",
                    HueSet::Suffragist => "purple and yellow",
                };
                format!(
                    "clear {what} cubes from up to {}",
                    plural(n, "state", "states")
                )
            }
            ClearSuffragists(st) => format!(
                "clear purple and yellow cubes from {}",
                STATES[st as usize].name
            ),
            DiscardFromBox(c) => format!("{} leaves its box", card(c).name),
            ClaimStrategy => "take an available Strategy card".into(),
            DrawDiscardPlay => "draw 2: discard one, play the other as an event".into(),
            WinningPlan => {
                "draw 6: play one as an event, stack any others on top, the rest at the bottom"
                    .into()
            }
            Rearrange(n) => format!("draw {n}: stack any on top, the rest at the bottom"),
            EyeOnTheFuture => "play any playable card from your deck, then shuffle it".into(),
            RandomDiscardRedraw(n) => format!("opponent discards {n} at random and redraws"),
            ChangeInPlans => {
                "see the opponent's hand and make them swap a card without a Campaigner".into()
            }
            Reconsideration => {
                "turn an opposing check/X back into 2 of your cubes (after the amendment)".into()
            }
            Veto => "turn a Green check into a Red X".into(),
            Bellwether => "one state: clear opposing cubes, add 4 of yours".into(),
            SuperiorLobbying if legacy => "roll 4d8: each 6+ moves Congress your way".into(),
            SuperiorLobbying if w.oppobot => "roll 4d8: each 6+ is -1 Congress".into(),
            SuperiorLobbying => "roll 4d8: each 6+ is +1 Congress or -1 Congress, or unused".into(),
            Transportation => "move your Campaigners freely, then campaign".into(),
            CounterStrat => "remove one card from the rest-of-the-turn box".into(),
            AddInStates(n, k, r) => {
                let place = match r {
                    Some(r) => format!(" of the {}", r.name()),
                    None => String::new(),
                };
                format!(
                    "add {n} in each of {} at random{place}",
                    plural(k, "state", "states")
                )
            }
        }
    }
}

fn cap(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

impl Lasting {
    pub fn describe(self) -> &'static str {
        match self {
            Marker => "no effect of its own",
            CampaignD6 => "Campaigning rolls d6 instead of d4",
            LobbyD8 => "Suffragist Lobbying rolls d8, 6+ succeeds",
            NoSuffragistCubesSouth => "no Suffragist cubes may be added in A&A or the South",
            CampaignCostsButton => "Suffragist Campaigning costs 1 button",
            EventCostsButton => "Suffragist events cost 1 button",
            FinalVotingD8 => "rolls d8 in Final Voting",
            SuffragistWinsTies => "Suffragist wins Final Voting ties",
            OppobotTwoVoteDice => "the Oppobot rolls 2 dice in Final Voting, keeps the higher",
        }
    }
}

impl Prereq {
    pub fn describe(self) -> String {
        match self {
            InEffect(c) => format!("needs {} in effect", card(c).name),
            NotInEffect(c) => format!("needs {} not in effect", card(c).name),
            AmendmentSent => "needs the 19th Amendment sent to the states".into(),
            TurnAtLeast(t) => format!("turn {t} or later"),
            CongressAtLeast(n) => format!("play if Congress holds at least {n}"),
            ChecksAtLeast(n) => format!("play if there are at least {n} Green checks"),
            WouldRemove(n) => format!("play if it would remove at least {n} Suffragist cubes"),
        }
    }
}

/// A card's description under today's rules, rendered from its row (once, then cached).
pub fn describe(id: CardId) -> &'static str {
    describe_for(id, crate::RULES_REVISION)
}

/// A card's description as a game of rules revision `revision` words it (see [`Wording`]):
/// its log and prompts keep the words of the revision it is played under.
pub fn describe_for(id: CardId, revision: u32) -> &'static str {
    static OLD: OnceLock<Vec<String>> = OnceLock::new();
    static NOW: OnceLock<Vec<String>> = OnceLock::new();
    let (table, revision) = if revision == 0 {
        (&OLD, 0)
    } else {
        (&NOW, crate::RULES_REVISION)
    };
    let texts = table.get_or_init(|| (1..=LAST_CARD).map(|c| render(c, revision)).collect());
    &texts[(id.clamp(1, LAST_CARD) - 1) as usize]
}

/// The Oppobot's text on a claimed State or Strategy card (its ops, see [`oppobot_alt`]) as a
/// game of rules revision `revision` words it.
pub fn describe_oppobot_ops(ops: &[Op], revision: u32) -> String {
    let w = Wording {
        revision,
        oppobot: true,
    };
    ops.iter()
        .map(|op| op.describe_in(w))
        .collect::<Vec<_>>()
        .join("; ")
}

fn render(id: CardId, revision: u32) -> String {
    let c = card(id);
    let w = Wording {
        revision,
        oppobot: is_oppobot(id),
    };
    let mut parts: Vec<String> = c.prereqs.iter().map(|p| p.describe()).collect();
    if c.cost > 0 {
        parts.push(format!("spend {}", plural(c.cost, "button", "buttons")));
    }
    parts.extend(c.ops.iter().map(|op| op.describe_in(w)));
    if let Some(p) = c.persist {
        parts.push(format!(
            "in effect for the {}: {}",
            p.kind.name(),
            p.lasting.describe()
        ));
    }
    parts.join("; ")
}

// ----- the Oppobot deck (reconstruction) --------------------------------------------------

/// An Oppobot card: it bears the name of Opposition card `opp` (the same spelling, read
/// from that row). `prereqs` hold its "play if" test.
const fn bot(id: CardId, opp: CardId, era: Era, ops: &'static [Op]) -> CardDef {
    ev(
        id,
        CARDS[(opp - 1) as usize].name,
        Deck::Opposition,
        era,
        ops,
    )
}

/// The Oppobot's three Start cards, for turns 1, 3 and 5.
pub const OPPOBOT_STARTS: [CardId; 3] = [129, 130, 131];
pub const OPPOBOT_VOTER_SUPPRESSION: CardId = 165;

const CONGRESS1: &[Prereq] = &[CongressAtLeast(1)];
const FIFTEENTH: &[Prereq] = &[InEffect(FIFTEENTH_AMENDMENT)];
const SOUTHERN: &[Prereq] = &[InEffect(SOUTHERN_STRATEGY)];
const NO_EIGHTEENTH: &[Prereq] = &[NotInEffect(EIGHTEENTH_AMENDMENT)];

/// "Oppobot deck (reconstruction)": 42 cards of our own design, `oppobot_deck.md` §2
/// (O1..O42 = 129..170). Not the published deck.
pub const OPPOBOT_CARDS: [CardDef; 42] = [
    bot(
        129,
        53,
        Start,
        &[
            Campaigner(Hue::Red, South),
            AddRegions(&[Northeast, AtlanticAppalachia, South, Midwest], 1),
        ],
    ),
    bot(130, 71, Start, &[Campaigner(Hue::Red, Northeast)]),
    bot(131, 88, Start, &[Congress(-1)]).boxed(RestOfTurn, CampaignCostsButton),
    bot(132, 54, Early, &[Congress(-1)]).boxed(RestOfTurn, NoSuffragistCubesSouth),
    bot(
        133,
        55,
        Early,
        &[RemoveAll(HueSet::Purple, 4), OpponentLosesButtons(2)],
    )
    .needs(FIFTEENTH),
    bot(134, 56, Early, &[Congress(-1), AddEach(&[(GA, 2)])]).needs(CONGRESS1),
    bot(
        135,
        57,
        Early,
        &[Gate(Die::D6), Congress(-1), AddEach(&[(MO, 2)])],
    )
    .needs(CONGRESS1),
    bot(
        136,
        59,
        Early,
        &[Gate(Die::D6), Congress(-1), AddEach(&[(SD, 2)])],
    )
    .needs(CONGRESS1),
    bot(137, 60, Early, &[RemoveAll(HueSet::Yellow, 2)]).needs(&[WouldRemove(3)]),
    bot(
        138,
        61,
        Early,
        &[AddEach(&[(DE, 1), (MD, 1), (WV, 1), (KY, 1), (MO, 1)])],
    ),
    bot(139, 62, Early, &[AddEach(&[(NY, 2), (CT, 2)])]),
    bot(140, 64, Early, &[Congress(-1), AddEach(&[(MO, 2)])]).needs(CONGRESS1),
    bot(141, 65, Early, &[AddInStates(1, 4, None)]),
    bot(
        142,
        67,
        Early,
        &[AddEach(&[(VA, 1), (NC, 1), (SC, 1), (GA, 1), (TN, 1)])],
    ),
    bot(
        143,
        69,
        Early,
        &[AddEach(&[(TX, 1), (LA, 1), (AR, 1), (MS, 1), (AL, 1)])],
    )
    .needs(FIFTEENTH),
    bot(
        144,
        70,
        Early,
        &[AddEach(&[(LA, 1), (MS, 1), (AL, 1), (GA, 1), (FL, 1)])],
    ),
    bot(145, 72, Middle, &[Congress(-1)]).needs(CONGRESS1),
    bot(146, 74, Middle, &[Remove(Fixed(6), 2)]).needs(&[WouldRemove(4)]),
    bot(
        147,
        75,
        Middle,
        &[RemoveAll(HueSet::Purple, 1), RemoveAll(HueSet::Yellow, 1)],
    )
    .needs(&[WouldRemove(3)]),
    bot(148, 76, Middle, ONE_EACH),
    bot(149, 77, Middle, ONE_EACH),
    bot(150, 79, Middle, &[]).boxed(RestOfTurn, EventCostsButton),
    bot(151, 80, Middle, ONE_EACH),
    bot(152, 81, Middle, &[AddInStates(2, 3, None)]),
    bot(153, 82, Middle, &[AddInStates(2, 3, Some(South))]).needs(SOUTHERN),
    bot(
        154,
        83,
        Middle,
        &[AddEach(&[(AZ, 2), (NM, 1), (NV, 1), (UT, 1)])],
    ),
    bot(
        155,
        85,
        Middle,
        &[RemoveAll(HueSet::Yellow, 4), OpponentLosesButtons(2)],
    )
    .needs(SOUTHERN),
    bot(156, 86, Middle, &[Congress(-1), AddEach(&[(NH, 2)])]).needs(CONGRESS1),
    bot(157, 87, Middle, &[Congress(-1), AddEach(&[(SC, 2)])]).needs(CONGRESS1),
    bot(158, 89, Late, &[Congress(-1)]).boxed(RestOfTurn, EventCostsButton),
    bot(159, 90, Late, &[Congress(-1)]).needs(CONGRESS1),
    bot(160, 92, Late, &[AddInStates(2, 3, None)]).needs(NO_EIGHTEENTH),
    bot(161, 93, Late, &[RemoveAll(HueSet::Purple, 2)]).needs(&[WouldRemove(3)]),
    bot(162, 94, Late, &[AddInStates(2, 4, Some(South))]).needs(SOUTHERN),
    bot(163, 96, Late, &[AddInStates(2, 4, None)]).needs(NO_EIGHTEENTH),
    bot(164, 97, Late, ONE_EACH),
    bot(165, 98, Late, &[]).boxed(FinalVoting, OppobotTwoVoteDice),
    bot(166, 99, Late, &[RandomDiscardRedraw(2)]),
    bot(167, 100, Late, &[ClaimStrategy]),
    bot(168, 102, Late, &[Veto]).needs(&[ChecksAtLeast(1)]),
    bot(169, 103, Late, &[Congress(-1), AddEach(&[(MA, 2)])]).needs(CONGRESS1),
    bot(170, 104, Late, &[Congress(-1), AddEach(&[(UT, 2)])]).needs(CONGRESS1),
];

/// The Oppobot's text on a State or Strategy card (`oppobot_alt_texts.md`), as a "play if"
/// test and an effect program. `None` for the two Strategy cards not used against it.
pub fn oppobot_alt(id: CardId) -> Option<(&'static [Prereq], &'static [Op])> {
    const WEST: &[(St, u8)] = &[
        (WA, 1),
        (OR, 1),
        (CA, 1),
        (ID, 1),
        (NV, 1),
        (AZ, 1),
        (NM, 1),
    ];
    const PLAINS: &[(St, u8)] = &[
        (MT, 1),
        (WY, 1),
        (CO, 1),
        (ND, 1),
        (SD, 1),
        (NE, 1),
        (OK, 1),
    ];
    const SOUTH: &[(St, u8)] = &[
        (AR, 1),
        (LA, 1),
        (MS, 1),
        (AL, 1),
        (GA, 1),
        (SC, 1),
        (FL, 1),
    ];
    const MIDWEST: &[(St, u8)] = &[
        (MN, 1),
        (IA, 1),
        (MO, 1),
        (WI, 1),
        (MI, 1),
        (IN, 1),
        (OH, 1),
    ];
    const ATLANTIC: &[(St, u8)] = &[
        (TN, 1),
        (KY, 1),
        (WV, 1),
        (VA, 1),
        (NC, 1),
        (MD, 1),
        (DE, 1),
    ];
    const NORTHEAST: &[(St, u8)] = &[
        (VT, 1),
        (NH, 1),
        (ME, 1),
        (MA, 1),
        (RI, 1),
        (CT, 1),
        (NJ, 1),
    ];
    const NONE: &[Prereq] = &[];
    Some(match id {
        117 | 124 | 126 => (CONGRESS1, &[Congress(-1)]),
        118 => (NONE, &[AddEach(WEST)]),
        120 => (NONE, &[AddEach(PLAINS)]),
        121 => (NONE, &[AddEach(SOUTH)]),
        123 => (NONE, &[AddEach(MIDWEST)]),
        125 => (NONE, &[AddEach(ATLANTIC)]),
        127 => (NONE, &[AddEach(NORTHEAST)]),
        119 | 122 | 128 => (NONE, &[AddInStates(3, 2, None)]),
        105 | 115 => (NONE, &[AddInStates(3, 3, None)]),
        106 => (&[ChecksAtLeast(1)], &[Reconsideration]),
        109 | 111 | 113 | 114 => (NONE, &[AddInStates(4, 2, None)]),
        110 => (&[CongressAtLeast(3)], &[SuperiorLobbying]),
        112 => (NONE, &[AddChosenRegion(1)]),
        116 => (NONE, &[AddOneStateEachRegion(2)]),
        _ => return None,
    })
}

/// The two Strategy cards set aside against the Oppobot (Opposition Research, Change In
/// Plans).
pub const NOT_VERSUS_OPPOBOT: [CardId; 2] = [107, 108];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decks_have_the_published_sizes_and_eras() {
        let count = |d: Deck| deck_cards(d).count();
        assert_eq!(count(Deck::Suffragist), 52);
        assert_eq!(count(Deck::Opposition), 52);
        assert_eq!(count(Deck::Strategy), 12);
        assert_eq!(count(Deck::State), 12);
        for d in [Deck::Suffragist, Deck::Opposition] {
            for (era, n) in [(Start, 1), (Early, 17), (Middle, 17), (Late, 17)] {
                assert_eq!(deck_cards(d).filter(|&c| card(c).era == era).count(), n);
            }
        }
        for (i, c) in CARDS.iter().enumerate() {
            assert_eq!(c.id as usize, i + 1, "{} out of place", c.name);
        }
    }

    #[test]
    fn slugs_are_unique_and_round_trip() {
        let mut seen = std::collections::HashSet::new();
        for id in 1..=128u8 {
            let s = slug(id);
            assert!(!s.is_empty() && s.is_ascii(), "{s}");
            assert!(seen.insert(s), "duplicate slug {s}");
            assert_eq!(card_by_slug(s), Some(id));
        }
        assert_eq!(slug(1), "seneca-falls-convention");
        assert_eq!(slug(30), "zitkala-sa");
    }

    #[test]
    fn map_matches_the_printed_numbers_and_borders_are_symmetric() {
        for (i, s) in STATES.iter().enumerate() {
            assert_eq!(i / 8, s.region.index());
            assert_eq!(i % 8 + 1, s.die as usize);
            for n in neighbours(i as St) {
                assert_eq!(region_of(n), s.region, "{} crosses a region", s.code);
                assert!(
                    neighbours(n).contains(&(i as St)),
                    "{} not symmetric",
                    s.code
                );
            }
        }
        // The rulebook's Oppobot examples: Idaho West 4, Montana Plains 1, New Jersey NE 8.
        assert_eq!(STATES[ID as usize].die, 4);
        assert_eq!(STATES[MT as usize].region, Plains);
        assert_eq!(STATES[NJ as usize].die, 8);
        assert_eq!(state_by_code("nj"), Some(NJ));
    }

    #[test]
    fn persistent_cards_are_the_seventeen_of_the_reference() {
        let boxed: Vec<CardId> = (1..=128u8).filter(|&c| card(c).persist.is_some()).collect();
        assert_eq!(
            boxed,
            vec![
                2, 6, 33, 35, 41, 42, 43, 46, 52, 54, 68, 79, 81, 88, 89, 92, 98
            ]
        );
        let icons: Vec<CardId> = (1..=128u8).filter(|&c| card(c).campaigner_icon).collect();
        assert_eq!(icons, vec![1, 19, 36, 53, 71, 84]);
    }

    #[test]
    fn every_state_card_names_its_state_and_every_description_renders() {
        for id in deck_cards(Deck::State) {
            let c = card(id);
            let st = c.state.expect("state card without a state");
            assert_eq!(STATES[st as usize].name, c.name);
        }
        for id in 1..=128u8 {
            assert!(!describe(id).is_empty() || card(id).persist.is_some());
        }
        assert!(describe(5).contains("The Civil War"));
    }
}
