//! The Vote's components as ONE data table: the six Regions (support boxes, set-up sides,
//! Congress Control Points) and the 36 cards (number, name, faction, PW cost, type).
//!
//! The published components are not available: every region value and every card that the
//! rulebook does not name is the reconstruction of `shared/reference/the-vote/findings.md`,
//! with its uncertain numbers tuned by bot self-play (greedy against greedy) until each side
//! wins about half the games and games last about 25 turns. Tuned, against findings.md:
//! - Public Opinion costs: Equality's 1–4 curve became 3–6, Supremacy's became 5–9 (a card's
//!   cost is its income, Radicalize and Block strength, so higher costs speed the game up;
//!   Supremacy's higher curve drives its Federal Laws, its clock to 75 VP);
//! - Suppression cards cost 1–2 (were 1–3), the Upper/Deep South cards 2 (were 3/4), the
//!   Redeemers 2 (was 3);
//! - Congress Control Points New England 5, Middle Atlantic 20, Midwest 20, the West 20,
//!   Upper South 10, Deep South 5 (were 10/15/20/15/10/10; the total stays 80, so 60 is
//!   still three quarters), and the Deep South sets up 1 Red Apathy and 4 Supremacy (was 2/3).
//!
//! These are rules revisions 0 and 1's numbers. Revision 2 retunes the map's set-up sides and
//! Congress Control Points for balance under IS-MCTS self-play (`retune.rs` lists each change);
//! a game reads every number of its table from its own revision's (`View::table`), never from
//! [`TABLE`], so a revision that retunes any of them is played as it says. Only the cards and
//! the Regions' ids and names, the same in every revision, are read from [`CARDS`] and
//! [`REGIONS`] directly (by `Card` and `Region`).
//!
//! Structure is as findings.md has it (card numbers, factions, types and counts, 34 Men boxes,
//! the West's 5 and 4). `cargo run --release -p hustings-bot --example balance` prints the
//! balance figures, and `hustings-bot`'s `balance` test guards them. Replacing [`TABLE`] with
//! the real components needs no change to the rules code: everything else a card does (last
//! action, passive ability, PW the opponent earns) follows from its type.

use serde::{Deserialize, Serialize};

use super::card::Card;

/// The two players. Seat 0 is Equality, seat 1 Supremacy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Faction {
    Equality,
    Supremacy,
}

impl Faction {
    pub const fn seat(self) -> usize {
        match self {
            Faction::Equality => 0,
            Faction::Supremacy => 1,
        }
    }
    pub const fn from_seat(seat: usize) -> Faction {
        if seat == 0 {
            Faction::Equality
        } else {
            Faction::Supremacy
        }
    }
    pub const fn other(self) -> Faction {
        match self {
            Faction::Equality => Faction::Supremacy,
            Faction::Supremacy => Faction::Equality,
        }
    }
    pub const fn name(self) -> &'static str {
        match self {
            Faction::Equality => "Equality",
            Faction::Supremacy => "Supremacy",
        }
    }
    pub const fn slug(self) -> &'static str {
        match self {
            Faction::Equality => "equality",
            Faction::Supremacy => "supremacy",
        }
    }
}

/// The three Local Laws of every Region.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Law {
    MunicipalElections,
    DirectElection,
    WomanSuffrage,
}

impl Law {
    pub const ALL: [Law; 3] = [
        Law::MunicipalElections,
        Law::DirectElection,
        Law::WomanSuffrage,
    ];
    pub const fn index(self) -> usize {
        match self {
            Law::MunicipalElections => 0,
            Law::DirectElection => 1,
            Law::WomanSuffrage => 2,
        }
    }
    pub const fn name(self) -> &'static str {
        match self {
            Law::MunicipalElections => "Municipal Elections",
            Law::DirectElection => "Direct Election",
            Law::WomanSuffrage => "Woman Suffrage",
        }
    }
    pub const fn slug(self) -> &'static str {
        match self {
            Law::MunicipalElections => "municipal",
            Law::DirectElection => "direct-election",
            Law::WomanSuffrage => "woman-suffrage",
        }
    }
    pub fn from_slug(s: &str) -> Option<Law> {
        Law::ALL.into_iter().find(|l| l.slug() == s)
    }
}

/// The printed set-up side of the Men boxes of a Region, as counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetupSides {
    pub equality: u8,
    pub blue_apathy: u8,
    pub red_apathy: u8,
    pub supremacy: u8,
}

/// One Region of the map.
#[derive(Clone, Copy, Debug)]
pub struct RegionDef {
    /// Stable id used in choices, logs and views.
    pub id: &'static str,
    pub name: &'static str,
    /// Men Voter Support Boxes (in play from the start).
    pub men: u8,
    /// Women Voter Support Boxes (in play once Woman Suffrage passes there).
    pub women: u8,
    pub setup: SetupSides,
    pub congress_points: u8,
}

/// What an Amendment does when it passes: which Law it puts in force everywhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Special {
    /// Supremacy: strikes one Law, then reshuffles the Discards.
    SupremeCourts,
    /// Equality, enters at Org 5: scores Laws, flips Blue Apathy, refreshes, reshuffles.
    SilentSentinels,
    /// Equality, outside the Display: a ratification vote for this Law across the Regions.
    Amendment(Law),
}

/// A card's type. Everything else a card does follows from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardKind {
    PublicOpinion,
    Organization,
    Suppression,
    /// A Law card: for this Law, or any Law (`None`).
    Law(Option<Law>),
    /// A Region card (index into [`Table::regions`]); `suppress` is the votes it suppresses
    /// when Supremacy flips it (10.3).
    Region {
        region: u8,
        suppress: u8,
    },
    Special(Special),
}

/// The broad type, as 12.1 counts "a single type".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CardType {
    PublicOpinion,
    Organization,
    Suppression,
    Law,
    Region,
    Special,
}

impl CardType {
    pub const fn name(self) -> &'static str {
        match self {
            CardType::PublicOpinion => "Public Opinion",
            CardType::Organization => "Organization",
            CardType::Suppression => "Suppression",
            CardType::Law => "Law",
            CardType::Region => "Region",
            CardType::Special => "Special",
        }
    }
}

/// How a card enters the game (3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Entry {
    Prelude,
    Regular,
    Special,
}

/// The passive abilities of 14.4, derived from the type and faction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Passive {
    Scoring,
    ConditionalScoring,
    Refresh,
}

/// One card.
#[derive(Clone, Copy, Debug)]
pub struct CardDef {
    /// The printed number, 1–36.
    pub number: u8,
    /// Stable id (a slug of the name), used in choices, logs and views.
    pub id: &'static str,
    pub name: &'static str,
    pub faction: Faction,
    /// PW cost; `None` for the Amendments, which spend all PW with no minimum.
    pub cost: Option<u8>,
    pub kind: CardKind,
    pub entry: Entry,
}

impl CardDef {
    pub fn cost(&self) -> u8 {
        self.cost.unwrap_or(0)
    }
    pub fn card_type(&self) -> CardType {
        match self.kind {
            CardKind::PublicOpinion => CardType::PublicOpinion,
            CardKind::Organization => CardType::Organization,
            CardKind::Suppression => CardType::Suppression,
            CardKind::Law(_) => CardType::Law,
            CardKind::Region { .. } => CardType::Region,
            CardKind::Special(_) => CardType::Special,
        }
    }
    /// The asterisk: playing this card must be the Last Action of the phase.
    pub fn last_action(&self) -> bool {
        matches!(self.kind, CardKind::Organization | CardKind::Special(_))
    }
    pub fn passive(&self) -> Option<Passive> {
        match (self.kind, self.faction) {
            (CardKind::PublicOpinion, _) => Some(Passive::Refresh),
            (CardKind::Suppression, _) => Some(Passive::Scoring),
            (CardKind::Region { .. }, Faction::Equality) => Some(Passive::ConditionalScoring),
            (CardKind::Region { .. }, Faction::Supremacy) => Some(Passive::Refresh),
            _ => None,
        }
    }
    /// The PW the opponent earns when this card is used for its action.
    pub fn opponent_pw(&self) -> u8 {
        match (self.kind, self.faction) {
            (CardKind::PublicOpinion, _) | (CardKind::Suppression, _) => 2,
            (CardKind::Organization, _) => 5,
            (CardKind::Law(_), _) | (CardKind::Region { .. }, Faction::Equality) => 4,
            (CardKind::Region { .. }, Faction::Supremacy) => 2,
            (CardKind::Special(_), _) => 6,
        }
    }
    /// The Region of a Region card.
    pub fn region(&self) -> Option<super::region::Region> {
        match self.kind {
            CardKind::Region { region, .. } => super::region::Region::new(region as usize),
            _ => None,
        }
    }
    /// Everything the card does, in words, rendered from its type.
    pub fn describe(&self, table: &Table) -> String {
        let cost = match self.cost {
            Some(c) => format!("{c} PW"),
            None => "all PW".into(),
        };
        let what = match self.kind {
            CardKind::PublicOpinion => "Public Opinion: Radicalize from the Display, Persuade \
                                        or Block from the Reserve"
                .to_string(),
            CardKind::Organization => "Organization: score, raise Org, refresh the Reserve \
                                       (last action)"
                .to_string(),
            CardKind::Suppression => {
                "Suppression: into the Reserve face-down; suppresses 1 vote".to_string()
            }
            CardKind::Law(Some(l)) => format!("Law: {} in a Region of your choice", l.name()),
            CardKind::Law(None) => "Law: any Law in a Region of your choice".to_string(),
            CardKind::Region { region, suppress } => {
                let r = table.regions[region as usize].name;
                match self.faction {
                    Faction::Equality => {
                        format!("Region: a Law vote in {r}; from the Reserve a Bonus Action there")
                    }
                    Faction::Supremacy => format!(
                        "Region: into the Reserve face-up; suppresses {suppress} in {r}, \
                         Blocks and Bonus Actions there"
                    ),
                }
            }
            CardKind::Special(Special::SupremeCourts) => {
                "Special: strike one Law, reshuffle the Discards (last action)".to_string()
            }
            CardKind::Special(Special::SilentSentinels) => "Special: score the Laws, Blue \
                                                             Apathy turns to Equality, refresh, \
                                                             reshuffle (last action)"
                .to_string(),
            CardKind::Special(Special::Amendment(l)) => format!(
                "Special: ratify {} with {} Congress Control Points (last action)",
                l.name(),
                table.amendment_points
            ),
        };
        let passive = match self.passive() {
            Some(Passive::Scoring) => ", passive: +1 VP while face-up",
            Some(Passive::ConditionalScoring) => ", passive: +1 VP if all three Laws pass there",
            Some(Passive::Refresh) => ", passive: refresh one card",
            None => "",
        };
        format!(
            "{} card, {cost}; {what}; the opponent earns {} PW{passive}",
            self.faction.name(),
            self.opponent_pw()
        )
    }
}

/// The whole game's data: map, cards and the fixed numbers of the rules.
#[derive(Clone, Copy, Debug)]
pub struct Table {
    pub regions: &'static [RegionDef],
    pub cards: &'static [CardDef],
    /// Support Markers per player (piece limit).
    pub markers_each: u8,
    pub org_start: u8,
    pub org_max: u8,
    pub pw_max: u8,
    pub vp_max: u8,
    /// Congress Control Points needed to pass an Amendment.
    pub amendment_points: u32,
    /// Regular cards dealt face-down under Supreme Courts at set-up.
    pub setup_discards: usize,
    /// Cards each faction needs in the Display at set-up.
    pub setup_display_each: usize,
    /// PW the opponent earns for a Special Event.
    pub special_pw: u8,
    /// The engine's safety cap on Game Turns (not in the rules): then VP decide.
    pub turn_cap: u32,
}

impl Table {
    pub fn card(&self, number: u8) -> &'static CardDef {
        &self.cards[number as usize - 1]
    }
    pub fn card_by_id(&self, id: &str) -> Option<u8> {
        self.cards.iter().find(|c| c.id == id).map(|c| c.number)
    }
    pub fn region_by_id(&self, id: &str) -> Option<usize> {
        self.regions.iter().position(|r| r.id == id)
    }
    pub fn special(&self, s: Special) -> Option<Card> {
        self.cards
            .iter()
            .find(|c| c.kind == CardKind::Special(s))
            .and_then(|c| Card::new(c.number))
    }
    pub fn total_points(&self) -> u32 {
        self.regions.iter().map(|r| r.congress_points as u32).sum()
    }
}

use CardKind::*;
use Entry::{Prelude, Regular};
use Faction::{Equality as E, Supremacy as S};

const fn region(
    id: &'static str,
    name: &'static str,
    men: u8,
    women: u8,
    [equality, blue_apathy, red_apathy, supremacy]: [u8; 4],
    congress_points: u8,
) -> RegionDef {
    RegionDef {
        id,
        name,
        men,
        women,
        setup: SetupSides {
            equality,
            blue_apathy,
            red_apathy,
            supremacy,
        },
        congress_points,
    }
}

const fn card(
    number: u8,
    id: &'static str,
    name: &'static str,
    faction: Faction,
    cost: u8,
    kind: CardKind,
    entry: Entry,
) -> CardDef {
    CardDef {
        number,
        id,
        name,
        faction,
        cost: Some(cost),
        kind,
        entry,
    }
}

const fn amendment(number: u8, id: &'static str, name: &'static str, law: Law) -> CardDef {
    CardDef {
        number,
        id,
        name,
        faction: E,
        cost: None,
        kind: Special(self::Special::Amendment(law)),
        entry: Entry::Special,
    }
}

const NE: u8 = 0;
const MA: u8 = 1;
const MW: u8 = 2;
const WEST: u8 = 3;
const US: u8 = 4;
const DS: u8 = 5;

/// The Regions: Men boxes, Women boxes, set-up sides of the Men boxes
/// (Equality / Blue Apathy / Red Apathy / Supremacy) and Congress Control Points.
#[rustfmt::skip]
pub const REGIONS: [RegionDef; 6] = [
    region("new-england", "New England", 5, 4, [1, 2, 1, 1], 5),
    region("middle-atlantic", "Middle Atlantic", 7, 6, [1, 3, 2, 1], 20),
    region("midwest", "Midwest", 7, 6, [1, 2, 3, 1], 20),
    region("the-west", "The West", 5, 4, [1, 2, 1, 1], 20),
    region("upper-south", "Upper South", 5, 4, [0, 1, 2, 2], 10),
    region("deep-south", "Deep South", 5, 4, [0, 0, 1, 4], 5),
];

/// The 36 cards, by number.
#[rustfmt::skip]
pub const CARDS: [CardDef; 36] = [
    card(1, "vindication-of-the-rights-of-women", "Vindication of the Rights of Women", E, 4, PublicOpinion, Prelude),
    card(2, "declaration-of-sentiments", "Declaration of Sentiments", E, 3, PublicOpinion, Prelude),
    card(3, "sojourner-truth", "Sojourner Truth", E, 5, PublicOpinion, Prelude),
    card(4, "national-woman-suffrage-association", "National Woman Suffrage Association", E, 3, Organization, Prelude),
    card(5, "municipal-suffrage", "Municipal Suffrage", E, 2, Law(Some(self::Law::MunicipalElections)), Prelude),
    card(6, "new-england", "New England", E, 2, Region { region: NE, suppress: 1 }, Prelude),
    card(7, "ridicule", "Ridicule", S, 6, PublicOpinion, Prelude),
    card(8, "separate-spheres", "Separate Spheres", S, 5, PublicOpinion, Prelude),
    card(9, "the-lost-cause", "The Lost Cause", S, 7, PublicOpinion, Prelude),
    card(10, "redeemers", "Redeemers", S, 2, Organization, Prelude),
    card(11, "black-codes", "Black Codes", S, 1, Suppression, Prelude),
    card(12, "deep-south", "Deep South", S, 2, Region { region: DS, suppress: 2 }, Prelude),
    card(13, "alice-paul", "Alice Paul", E, 6, PublicOpinion, Regular),
    card(14, "carrie-chapman-catt", "Carrie Chapman Catt", E, 6, PublicOpinion, Regular),
    card(15, "ida-b-wells", "Ida B. Wells", E, 5, PublicOpinion, Regular),
    card(16, "woman-suffrage-procession", "Woman Suffrage Procession", E, 4, PublicOpinion, Regular),
    card(17, "woman-suffrage", "Woman Suffrage", E, 3, Law(Some(self::Law::WomanSuffrage)), Regular),
    card(18, "oregon-system", "Oregon System", E, 3, Law(Some(self::Law::DirectElection)), Regular),
    card(19, "initiative-and-referendum", "Initiative and Referendum", E, 4, Law(None), Regular),
    card(20, "middle-atlantic", "Middle Atlantic", E, 3, Region { region: MA, suppress: 1 }, Regular),
    card(21, "midwest", "Midwest", E, 3, Region { region: MW, suppress: 1 }, Regular),
    card(22, "the-west", "The West", E, 2, Region { region: WEST, suppress: 1 }, Regular),
    card(23, "gerrymandering", "Gerrymandering", S, 1, Suppression, Regular),
    card(24, "white-primary", "White Primary", S, 1, Suppression, Regular),
    card(25, "poll-tax", "Poll Tax", S, 1, Suppression, Regular),
    card(26, "literacy-tests", "Literacy Tests", S, 2, Suppression, Regular),
    card(27, "grandfather-clause", "Grandfather Clause", S, 2, Suppression, Regular),
    card(28, "upper-south", "Upper South", S, 2, Region { region: US, suppress: 2 }, Regular),
    card(29, "states-rights", "States' Rights", S, 6, PublicOpinion, Regular),
    card(30, "liquor-interests", "Liquor Interests", S, 7, PublicOpinion, Regular),
    card(31, "anti-suffrage-association", "Anti-Suffrage Association", S, 9, PublicOpinion, Regular),
    card(32, "the-birth-of-a-nation", "The Birth of a Nation", S, 9, PublicOpinion, Regular),
    card(33, "supreme-courts", "Supreme Courts", S, 3, Special(self::Special::SupremeCourts), Entry::Special),
    card(34, "silent-sentinels", "Silent Sentinels", E, 3, Special(self::Special::SilentSentinels), Entry::Special),
    amendment(35, "seventeenth-amendment", "Seventeenth Amendment", self::Law::DirectElection),
    amendment(36, "nineteenth-amendment", "Nineteenth Amendment", self::Law::WomanSuffrage),
];

/// The game's data table.
pub const TABLE: Table = Table {
    regions: &REGIONS,
    cards: &CARDS,
    markers_each: 39,
    org_start: 2,
    org_max: 5,
    pw_max: 15,
    vp_max: 75,
    amendment_points: 60,
    setup_discards: 9,
    setup_display_each: 4,
    special_pw: 6,
    turn_cap: 80,
};
