//! The Vote: Suffrage and Suppression in America (`the-vote`): Equality against Supremacy
//! over six Regions of Support Boxes, Local Laws and Congress Control, for the Seventeenth
//! and Nineteenth Amendments or 75 VP.
//!
//! The components are reconstructed (see [`data`] and
//! `shared/reference/the-vote/findings.md`); every unclear rule follows the reading given
//! there. The state machine keeps the action in progress ([`ActionInProgress`]) and the step
//! it waits for ([`Step`]), from which [`Decision`] reads who decides what; reactions (Block,
//! Counter, Suppression) are steps of the other seat. Decisions are typed [`Action`]s whose
//! `Display` is the choice id (`radicalize:sojourner-truth`, `block:the-west:ridicule`).
//!
//! Readings of the engine's own (beyond findings.md):
//! - Radicalize may stop short of its strength (`done`); Persuade changes as many markers as
//!   it can. Markers are chosen one at a time by row (Men / Women).
//! - The Suppression Action needs room in the Reserve after the Public Opinion card it
//!   Removes has gone.
//! - When a player can refresh every face-down card, all are flipped without asking.
//! - Votes whose result no card can change are resolved at once; only Regions where
//!   Supremacy must suppress are put in order (by Supremacy for a Law, Equality for an
//!   Amendment).
//! - After the safety cap of [`data::Table::turn_cap`] turns the higher VP wins, Supremacy on
//!   a tie.

/// Logs a formatted text about a seat, formatting nothing when the state keeps no log (a
/// search state): `say!(game, kind, seat, "format", args…)`.
macro_rules! say {
    ($game:expr, $kind:expr, $seat:expr, $($fmt:tt)+) => {
        if $game.log.is_on() {
            let text = format!($($fmt)+);
            $game.say($kind, $seat, text);
        }
    };
}

/// Logs the entry `$entry` builds, building nothing when the state keeps no log.
macro_rules! note {
    ($game:expr, $entry:expr) => {
        if $game.log.is_on() {
            let entry = $entry;
            $game.log.push(entry);
        }
    };
}

pub mod actions;
pub mod data;
mod decisions;

use rand::RngCore;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

pub use self::actions::Action;
use self::actions::{Op, Play};
use self::data::{CardKind, CardType, Faction, Law, Special, TABLE, Table};
pub use self::decisions::Decision;
use crate::core::*;
use crate::rng::{self, GameRng};
use crate::{Game, Options};

pub const GAME_ID: &str = "the-vote";
pub const EQUALITY: Seat = 0;
pub const SUPREMACY: Seat = 1;

/// Marker sides, as indices into a row's counts.
pub const EQ: usize = 0;
pub const BLUE: usize = 1;
pub const RED: usize = 2;
pub const SUP: usize = 3;
const SIDE_NAMES: [&str; 4] = ["Equality", "Blue Apathy", "Red Apathy", "Supremacy"];

const T: Table = TABLE;

/// The data table the rules play with (for AIs and tools that read card and region facts).
pub fn table() -> &'static Table {
    &T
}

fn card_id(n: u8) -> &'static str {
    T.card(n).id
}

fn card_name(n: u8) -> &'static str {
    T.card(n).name
}

fn region_id(r: usize) -> &'static str {
    T.regions[r].id
}

fn region_name(r: usize) -> &'static str {
    T.regions[r].name
}

fn faction_name(seat: Seat) -> &'static str {
    Faction::from_seat(seat).name()
}

/// A row of Support Boxes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Row {
    Men,
    Women,
}

impl Row {
    pub fn slug(self) -> &'static str {
        match self {
            Row::Men => "men",
            Row::Women => "women",
        }
    }
    fn from_slug(s: &str) -> Option<Row> {
        match s {
            "men" => Some(Row::Men),
            "women" => Some(Row::Women),
            _ => None,
        }
    }
}

/// The marker changes a Public Opinion action can make in one Region: at most two per row.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MarkerOps {
    ops: [(Op, Row); 4],
    len: usize,
}

impl Default for MarkerOps {
    fn default() -> Self {
        MarkerOps {
            ops: [(Op::Flip, Row::Men); 4],
            len: 0,
        }
    }
}

impl MarkerOps {
    fn push(&mut self, op: Op, row: Row) {
        self.ops[self.len] = (op, row);
        self.len += 1;
    }
    /// The changes, in prompt order.
    pub(crate) fn iter(&self) -> std::slice::Iter<'_, (Op, Row)> {
        self.ops[..self.len].iter()
    }
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// One Region: its markers by side (Equality, Blue Apathy, Red Apathy, Supremacy) in the Men
/// and Women rows, its Local Laws and who holds its Congress Control Points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RegionState {
    pub men: [u8; 4],
    /// All zero while the Women boxes are out of play.
    pub women: [u8; 4],
    pub women_open: bool,
    /// Municipal Elections, Direct Election, Woman Suffrage.
    pub laws: [bool; 3],
    pub congress: Seat,
}

impl RegionState {
    pub fn count(&self, side: usize) -> u8 {
        self.men[side] + self.women[side]
    }
    pub fn total(&self) -> u8 {
        self.men.iter().chain(self.women.iter()).sum()
    }
    /// Equality plus Blue Apathy.
    pub fn blue(&self) -> u8 {
        self.count(EQ) + self.count(BLUE)
    }
    /// Supremacy plus Red Apathy.
    pub fn red(&self) -> u8 {
        self.count(RED) + self.count(SUP)
    }
    pub fn law(&self, law: Law) -> bool {
        self.laws[law.index()]
    }
    pub fn discs(&self) -> u8 {
        self.laws.iter().filter(|&&l| l).count() as u8
    }
    pub fn row(&self, row: Row) -> &[u8; 4] {
        match row {
            Row::Men => &self.men,
            Row::Women => &self.women,
        }
    }
    fn row_mut(&mut self, row: Row) -> &mut [u8; 4] {
        match row {
            Row::Men => &mut self.men,
            Row::Women => &mut self.women,
        }
    }
}

/// A card in a Reserve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReserveCard {
    pub card: u8,
    pub face_up: bool,
}

/// One player's tracks and Reserve.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub org: u8,
    pub pw: u8,
    pub vp: u8,
    pub reserve: Vec<ReserveCard>,
}

/// The kind of action in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ActionKind {
    Radicalize,
    Persuade,
    Law,
    Suppression,
    Amendment,
    SupremeCourts,
    SilentSentinels,
    Discard,
}

/// One Region an action works in: the original one, then the Bonus Actions in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Target {
    pub region: u8,
    /// The Region card flipped for this Bonus Action.
    pub bonus: Option<u8>,
    /// The opponent's card that Blocks here, and the card that Counters it.
    pub block: Option<u8>,
    pub counter: Option<u8>,
    /// Votes suppressed here, and the cards Supremacy flipped for them.
    pub suppressed: u8,
    pub suppress_cards: Vec<u8>,
    /// Votes resolved (Law, Amendment) and whether it passed or ratified.
    pub resolved: bool,
    pub passed: bool,
    /// Markers flipped or replaced here (Public Opinion).
    pub changed: u8,
}

impl Target {
    fn new(region: usize, bonus: Option<u8>) -> Self {
        Target {
            region: region as u8,
            bonus,
            block: None,
            counter: None,
            suppressed: 0,
            suppress_cards: Vec::new(),
            resolved: false,
            passed: false,
            changed: 0,
        }
    }
}

/// The action being resolved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionInProgress {
    pub kind: ActionKind,
    pub seat: Seat,
    pub card: u8,
    /// The markers each Region's action may change (before Municipal Elections and Blocks).
    pub strength: u8,
    pub law: Option<Law>,
    pub targets: Vec<Target>,
    /// 12.1: the type of the cards being discarded.
    pub discard_type: Option<CardType>,
}

/// The decision the game waits for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// The player with the most PW chooses the First Player.
    ChooseFirst {
        chooser: Seat,
    },
    /// The active player picks an action (or passes).
    Action,
    /// Public Opinion: the Region of the original action.
    Region,
    /// Law: which Law (Region card or Any Law card).
    LawType,
    /// Law: which Region (Law card).
    LawRegion,
    /// Bonus Actions may be announced.
    Bonus,
    /// The opponent may Block.
    Block,
    /// The acting player may Counter.
    Counter,
    /// The acting player changes markers in `targets[target]`, `left` more at most.
    Flip {
        target: usize,
        left: u8,
    },
    /// Radicalize / Region card: into the Reserve or Discarded.
    Keep,
    /// Which Region's vote to suppress next (Supremacy for a Law, Equality for an Amendment).
    VoteOrder {
        chooser: Seat,
    },
    /// Supremacy flips cards to suppress `left` more votes in `targets[target]`.
    SuppressCard {
        target: usize,
        left: u8,
    },
    /// A face-up Public Opinion card is Removed to pay for the action.
    RemovePublicOpinion,
    /// Supreme Courts: which Law to strike.
    CourtTarget,
    /// Silent Sentinels: Remove blue cards from the Reserve, or stop.
    SentinelRemove,
    /// Discard Action: the first card to Discard, or the Reserve card to Remove.
    DiscardWhat,
    /// Discard Action: more cards of the same type, or stop.
    DiscardMore,
    /// Turn End: `seat` flips `left` face-down cards face-up.
    Refresh {
        seat: Seat,
        left: u8,
    },
    Finished,
}

/// Everything public. Nothing in this game is hidden from one seat only, so this is every
/// viewer's view: the deck order and the set-up discards are in no view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Game Turn, from 1.
    pub turn: u32,
    pub first_player: Seat,
    /// Whose Player Phase it is.
    pub active: Seat,
    /// 0 during the First Player Phase, 1 during the Second.
    pub phase_index: u8,
    /// Equality, Supremacy.
    pub players: Vec<Player>,
    pub regions: Vec<RegionState>,
    /// Who controls Congress this turn, and the points each holds.
    pub congress: Seat,
    pub congress_points: [u32; 2],
    /// The Events Display, in draw order (faction is a card fact).
    pub display: Vec<u8>,
    /// The face-up Discard pile, bottom to top.
    pub discard: Vec<u8>,
    /// Cards dealt face-down under Supreme Courts at set-up, unseen until the first reshuffle.
    pub hidden_discards: u8,
    pub deck_count: u8,
    /// Permanently Removed cards.
    pub removed: Vec<u8>,
    /// Cards beside the map: Silent Sentinels before Org 5, Amendments not passed.
    pub aside: Vec<u8>,
    pub amendments_passed: Vec<u8>,
    pub reshuffles: u32,
    pub action: Option<ActionInProgress>,
    pub step: Step,
    pub outcome: Option<Outcome>,
}

impl View {
    /// Support Markers of a faction on the map.
    pub fn markers_on_map(&self, seat: Seat) -> u32 {
        let sides = if seat == EQUALITY {
            [EQ, BLUE]
        } else {
            [RED, SUP]
        };
        self.regions
            .iter()
            .map(|r| sides.iter().map(|&s| r.count(s) as u32).sum::<u32>())
            .sum()
    }
    /// Markers a faction has left in its pool.
    pub fn pool(&self, seat: Seat) -> u8 {
        (T.markers_each as u32).saturating_sub(self.markers_on_map(seat)) as u8
    }
    pub fn display_of(&self, seat: Seat) -> impl Iterator<Item = u8> + '_ {
        self.display
            .iter()
            .copied()
            .filter(move |&c| T.card(c).faction.seat() == seat)
    }
}

/// What no seat may see: the deck order, the set-up discards and the generator.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Hidden {
    /// Top of the deck is the last card.
    deck: Vec<u8>,
    setup_discards: Vec<u8>,
    rng: GameRng,
}

/// A game of The Vote.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TheVote {
    public: View,
    hidden: Hidden,
    log: GameLog,
}

/// Subset sums reachable with `values` (bit i set: sum i reachable).
fn reachable(values: &[u8]) -> u64 {
    let mut bits: u64 = 1;
    for &v in values {
        bits |= bits << v;
    }
    bits
}

/// The number of votes Supremacy must suppress with cards worth `values` against a shortfall
/// of `need`: exactly `need` if possible, else the least above it, else everything (10.3).
pub fn suppression_goal(values: &[u8], need: u8) -> u8 {
    let cap: u8 = values.iter().sum();
    if cap <= need {
        return cap;
    }
    let bits = reachable(values);
    (need..=cap).find(|&s| bits >> s & 1 == 1).unwrap_or(cap)
}

/// VP bought by a Federal Law with `pw` PW (13.0).
pub fn federal_law_vp(pw: u8) -> u8 {
    match pw {
        0 => 0,
        1..=5 => 1,
        6..=14 => 2,
        _ => 3,
    }
}

impl TheVote {
    /// The public state (every viewer's view).
    pub fn public(&self) -> &View {
        &self.public
    }

    /// Logs `text` about `seat` (through `say!`, which formats nothing when the log is
    /// off).
    fn say(&mut self, kind: &str, seat: Option<Seat>, text: String) {
        let mut e = LogEntry::new(kind, text);
        e.seat = seat;
        self.log.push(e);
    }

    fn player(&self, seat: Seat) -> &Player {
        &self.public.players[seat]
    }

    fn player_mut(&mut self, seat: Seat) -> &mut Player {
        &mut self.public.players[seat]
    }

    fn action(&self) -> Option<&ActionInProgress> {
        self.public.action.as_ref()
    }

    // ----- set-up -------------------------------------------------------------------------

    fn setup(setup: &Setup) -> Result<Self, SetupError> {
        let info = Self::info();
        let (_variant, _opts): (VariantInfo, Options) = info.validate(setup)?;
        let mut rng = rng::from_seed(setup.seed);
        let regions = T
            .regions
            .iter()
            .map(|r| RegionState {
                men: [
                    r.setup.equality,
                    r.setup.blue_apathy,
                    r.setup.red_apathy,
                    r.setup.supremacy,
                ],
                women: [0; 4],
                women_open: false,
                laws: [false; 3],
                congress: SUPREMACY,
            })
            .collect();
        let of = |entry: data::Entry| -> Vec<u8> {
            T.cards
                .iter()
                .filter(|c| c.entry == entry)
                .map(|c| c.number)
                .collect()
        };
        let mut prelude = of(data::Entry::Prelude);
        let mut regular = of(data::Entry::Regular);
        prelude.shuffle(&mut rng);
        regular.shuffle(&mut rng);
        let setup_discards: Vec<u8> = regular
            .drain(..T.setup_discards.min(regular.len()))
            .collect();
        let mut deck = regular;
        deck.extend(prelude);
        let court = T.special(Special::SupremeCourts);
        let aside: Vec<u8> = T
            .cards
            .iter()
            .filter(|c| c.entry == data::Entry::Special && Some(c.number) != court)
            .map(|c| c.number)
            .collect();
        let player = || Player {
            org: T.org_start,
            pw: 0,
            vp: 0,
            reserve: Vec::new(),
        };
        let mut game = TheVote {
            public: View {
                turn: 1,
                first_player: EQUALITY,
                active: EQUALITY,
                phase_index: 0,
                players: vec![player(), player()],
                regions,
                congress: SUPREMACY,
                congress_points: [0, T.total_points()],
                display: Vec::new(),
                discard: court.into_iter().collect(),
                hidden_discards: setup_discards.len() as u8,
                deck_count: deck.len() as u8,
                removed: Vec::new(),
                aside,
                amendments_passed: Vec::new(),
                reshuffles: 0,
                action: None,
                step: Step::Action,
                outcome: None,
            },
            hidden: Hidden {
                deck,
                setup_discards,
                rng,
            },
            log: GameLog::new(),
        };
        say!(
            game,
            "setup",
            None,
            "Set-up: {} cards dealt face-down under Supreme Courts; {} cards in the Deck",
            game.public.hidden_discards,
            game.public.deck_count
        );
        let each = T.setup_display_each;
        game.fill_display([each, each]);
        game.income();
        game.settle();
        Ok(game)
    }

    /// Draws into the Display until each side has at least `want` cards there, or the Deck
    /// runs out (3.2, 5.0).
    fn fill_display(&mut self, want: [usize; 2]) {
        loop {
            let have = [
                self.public.display_of(EQUALITY).count(),
                self.public.display_of(SUPREMACY).count(),
            ];
            if have[0] >= want[0] && have[1] >= want[1] {
                return;
            }
            let Some(card) = self.hidden.deck.pop() else {
                say!(
                    self,
                    "deck-empty",
                    None,
                    "The Deck is exhausted: no more cards are drawn"
                );
                return;
            };
            self.public.deck_count = self.hidden.deck.len() as u8;
            self.public.display.push(card);
            let f = T.card(card).faction;
            note!(
                self,
                LogEntry::new(
                    "draw",
                    format!(
                        "Drawn to the Display for {}: {} ({})",
                        f.name(),
                        card_name(card),
                        T.card(card).describe(&T)
                    ),
                )
                .seat(f.seat())
                .card(card_id(card))
            );
        }
    }

    /// Each side gains PW equal to its highest-cost card in the Display; the most PW
    /// (Equality if tied) chooses the First Player.
    fn income(&mut self) {
        for seat in [EQUALITY, SUPREMACY] {
            let best = self
                .public
                .display_of(seat)
                .map(|c| T.card(c).cost())
                .max()
                .unwrap_or(0);
            self.gain_pw(seat, best);
        }
        let chooser = if self.player(SUPREMACY).pw > self.player(EQUALITY).pw {
            SUPREMACY
        } else {
            EQUALITY
        };
        self.public.step = Step::ChooseFirst { chooser };
    }

    fn gain_pw(&mut self, seat: Seat, n: u8) {
        if n == 0 {
            return;
        }
        let p = self.player_mut(seat);
        let before = p.pw;
        p.pw = (p.pw + n).min(T.pw_max);
        let got = p.pw - before;
        let now = p.pw;
        note!(
            self,
            LogEntry::new(
                "pw",
                format!(
                    "{} earns {n} PW{} (now {now})",
                    faction_name(seat),
                    if got < n {
                        format!(", {} lost above {}", n - got, T.pw_max)
                    } else {
                        String::new()
                    }
                ),
            )
            .seat(seat)
            .amount(got as i64)
        );
    }

    fn gain_vp(&mut self, seat: Seat, n: u8, why: &str) {
        if n == 0 {
            return;
        }
        let p = self.player_mut(seat);
        p.vp = (p.vp + n).min(T.vp_max);
        let now = p.vp;
        note!(
            self,
            LogEntry::new(
                "vp",
                format!("{} scores {n} VP for {why} (now {now})", faction_name(seat)),
            )
            .seat(seat)
            .amount(n as i64)
        );
    }

    fn pay(&mut self, seat: Seat, n: u8) {
        let p = self.player_mut(seat);
        p.pw = p.pw.saturating_sub(n);
    }

    fn spend_all(&mut self, seat: Seat) -> u8 {
        let p = self.player_mut(seat);
        std::mem::take(&mut p.pw)
    }

    // ----- queries --------------------------------------------------------------------------

    fn room(&self, seat: Seat) -> bool {
        let p = self.player(seat);
        p.reserve.len() < p.org as usize
    }

    fn face_up(&self, seat: Seat, pred: impl Fn(u8) -> bool) -> Vec<u8> {
        self.player(seat)
            .reserve
            .iter()
            .filter(|r| r.face_up && pred(r.card))
            .map(|r| r.card)
            .collect()
    }

    /// `seat`'s face-up Public Opinion cards, in Reserve order.
    fn face_up_po_iter(&self, seat: Seat) -> impl Iterator<Item = u8> + '_ {
        self.player(seat)
            .reserve
            .iter()
            .filter(|r| r.face_up && T.card(r.card).kind == CardKind::PublicOpinion)
            .map(|r| r.card)
    }

    fn has_face_up_po(&self, seat: Seat) -> bool {
        self.face_up_po_iter(seat).next().is_some()
    }

    /// `seat`'s Reserve cards that may be Removed: all but the Amendments it has passed.
    fn removable(&self, seat: Seat) -> impl Iterator<Item = u8> + '_ {
        self.player(seat)
            .reserve
            .iter()
            .filter(|r| {
                !matches!(
                    T.card(r.card).kind,
                    CardKind::Special(Special::Amendment(_))
                )
            })
            .map(|r| r.card)
    }

    /// Whether the Discard Action has something to Discard or Remove.
    fn can_discard(&self, seat: Seat) -> bool {
        self.public.display_of(seat).next().is_some() || self.removable(seat).next().is_some()
    }

    fn set_face(&mut self, seat: Seat, card: u8, up: bool) {
        if let Some(r) = self
            .player_mut(seat)
            .reserve
            .iter_mut()
            .find(|r| r.card == card)
        {
            r.face_up = up;
        }
    }

    fn take_from_reserve(&mut self, seat: Seat, card: u8) {
        self.player_mut(seat).reserve.retain(|r| r.card != card);
    }

    fn take_from_display(&mut self, card: u8) {
        self.public.display.retain(|&c| c != card);
    }

    fn refresh_all(&mut self, seat: Seat) {
        for r in &mut self.player_mut(seat).reserve {
            r.face_up = true;
        }
    }

    fn has_congress(&self, seat: Seat) -> bool {
        self.public.congress == seat
    }

    /// Org scoring (8.0, 14.3): Supremacy 1 per Region with more red than blue, Equality 1
    /// per Law in place.
    fn org_score(&mut self, seat: Seat) {
        if seat == SUPREMACY {
            let n = self
                .public
                .regions
                .iter()
                .filter(|r| r.red() > r.blue())
                .count() as u8;
            self.gain_vp(seat, n, "Regions with more red than blue markers");
        } else {
            let n = self
                .public
                .regions
                .iter()
                .map(RegionState::discs)
                .sum::<u8>();
            self.gain_vp(seat, n, "Laws in place");
        }
    }

    /// Votes Equality must lose in a Region to fail (0: it fails already).
    fn shortfall(&self, target: &Target) -> u8 {
        let r = &self.public.regions[target.region as usize];
        let votes = r.count(EQ).saturating_sub(target.suppressed);
        votes.saturating_sub(r.total() / 2)
    }

    /// Supremacy's face-up cards that can suppress in `region`, with their values.
    fn suppressors(&self, region: usize) -> Vec<(u8, u8)> {
        self.player(SUPREMACY)
            .reserve
            .iter()
            .filter(|r| r.face_up)
            .filter_map(|r| match T.card(r.card).kind {
                CardKind::Suppression => Some((r.card, 1)),
                CardKind::Region {
                    region: g,
                    suppress,
                } if g as usize == region => Some((r.card, suppress)),
                _ => None,
            })
            .collect()
    }

    fn vote_passes(&self, target: &Target) -> bool {
        let r = &self.public.regions[target.region as usize];
        let votes = r.count(EQ).saturating_sub(target.suppressed);
        2 * votes as u32 > r.total() as u32
    }

    /// The cards that may block a Public Opinion action in a Region for `seat`, or counter
    /// there: face-up Public Opinion cards, and a face-up Region card of that Region.
    fn block_cards(&self, seat: Seat, region: usize) -> Vec<u8> {
        self.face_up(seat, |c| match T.card(c).kind {
            CardKind::PublicOpinion => true,
            CardKind::Region { region: g, .. } => g as usize == region,
            _ => false,
        })
    }

    /// The marker changes `seat` can make in `region` with this Public Opinion action, in
    /// the order the prompt lists them (Men first).
    fn marker_ops(&self, kind: ActionKind, seat: Seat, region: usize) -> MarkerOps {
        let r = &self.public.regions[region];
        let rows: &[Row] = if r.women_open {
            &[Row::Men, Row::Women]
        } else {
            &[Row::Men]
        };
        let mut ops = MarkerOps::default();
        match (kind, seat) {
            (ActionKind::Radicalize, EQUALITY) => {
                for &row in rows {
                    if r.row(row)[BLUE] > 0 {
                        ops.push(Op::Flip, row);
                    }
                }
            }
            (ActionKind::Radicalize, _) => {
                for &row in rows {
                    if r.row(row)[RED] > 0 {
                        ops.push(Op::Flip, row);
                    }
                }
            }
            (ActionKind::Persuade, EQUALITY) => {
                // Men may be persuaded only once no Women marker is red.
                let women_red = r.women[RED] + r.women[SUP] > 0;
                let pool = self.public.pool(EQUALITY);
                for &row in rows {
                    if row == Row::Men && women_red {
                        continue;
                    }
                    if r.row(row)[RED] > 0 && pool > 0 {
                        ops.push(Op::Replace, row);
                    }
                    if r.row(row)[SUP] > 0 {
                        ops.push(Op::Flip, row);
                    }
                }
            }
            (ActionKind::Persuade, _) => {
                let pool = self.public.pool(SUPREMACY);
                for &row in rows {
                    if r.row(row)[BLUE] > 0 && pool > 0 {
                        ops.push(Op::Replace, row);
                    }
                }
            }
            _ => {}
        }
        ops
    }

    /// Strength of a Public Opinion action in one of its Regions.
    fn strength_in(&self, a: &ActionInProgress, t: &Target) -> u8 {
        let municipal = a.seat == EQUALITY
            && self.public.regions[t.region as usize].law(Law::MunicipalElections);
        let mut s = a.strength + municipal as u8;
        if let (Some(b), None) = (t.block, t.counter) {
            s = s.saturating_sub(T.card(b).cost());
        }
        s
    }

    /// Laws not yet in place in `region`.
    fn open_laws(&self, region: usize) -> Vec<Law> {
        Law::ALL
            .into_iter()
            .filter(|l| !self.public.regions[region].law(*l))
            .collect()
    }

    fn law_action_possible(&self, card: u8) -> bool {
        match T.card(card).kind {
            CardKind::Law(Some(l)) => self.public.regions.iter().any(|r| !r.law(l)),
            CardKind::Law(None) => self.public.regions.iter().any(|r| r.discs() < 3),
            CardKind::Region { region, .. } => !self.open_laws(region as usize).is_empty(),
            _ => false,
        }
    }

    fn strikable_laws(&self) -> Vec<(usize, Law)> {
        let mut v = Vec::new();
        for (i, r) in self.public.regions.iter().enumerate() {
            for l in Law::ALL {
                let protected = self
                    .public
                    .amendments_passed
                    .iter()
                    .any(|&a| T.card(a).kind == CardKind::Special(Special::Amendment(l)));
                if r.law(l) && !protected {
                    v.push((i, l));
                }
            }
        }
        v
    }

    // ----- what an action may do ---------------------------------------------------------

    fn bonus_cards(&self, a: &ActionInProgress) -> Vec<u8> {
        self.face_up(a.seat, |c| match T.card(c).kind {
            CardKind::Region { region, .. } => {
                !a.targets.iter().any(|t| t.region == region)
                    && (a.kind != ActionKind::Law
                        || a.law
                            .is_some_and(|l| !self.public.regions[region as usize].law(l)))
            }
            _ => false,
        })
    }

    fn block_options(&self, a: &ActionInProgress) -> Vec<(usize, u8)> {
        let mut v = Vec::new();
        for t in a.targets.iter().filter(|t| t.block.is_none()) {
            for card in self.block_cards(1 - a.seat, t.region as usize) {
                v.push((t.region as usize, card));
            }
        }
        v
    }

    fn counter_options(&self, a: &ActionInProgress) -> Vec<(usize, u8)> {
        let mut v = Vec::new();
        for t in a
            .targets
            .iter()
            .filter(|t| t.block.is_some() && t.counter.is_none())
        {
            for card in self.block_cards(a.seat, t.region as usize) {
                v.push((t.region as usize, card));
            }
        }
        v
    }

    /// Cards Supremacy may flip next to suppress exactly `left` more votes in `region`.
    fn suppress_options(&self, region: usize, left: u8) -> Vec<u8> {
        let cards = self.suppressors(region);
        cards
            .iter()
            .enumerate()
            .filter(|&(i, &(_, v))| {
                if v > left {
                    return false;
                }
                let rest: Vec<u8> = cards
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, &(_, w))| w)
                    .collect();
                reachable(&rest) >> (left - v) & 1 == 1
            })
            .map(|(_, &(c, _))| c)
            .collect()
    }

    // ----- the action in progress --------------------------------------------------------

    fn target_region(&self, target: usize) -> usize {
        self.action()
            .and_then(|a| a.targets.get(target))
            .map_or(0, |t| t.region as usize)
    }

    fn target_mut(&mut self, region: usize) -> Option<&mut Target> {
        self.public
            .action
            .as_mut()?
            .targets
            .iter_mut()
            .find(|t| t.region as usize == region)
    }

    fn add_target(&mut self, region: usize, bonus: Option<u8>) {
        if let Some(a) = self.public.action.as_mut() {
            a.targets.push(Target::new(region, bonus));
        }
    }

    fn new_action(&mut self, kind: ActionKind, seat: Seat, card: u8, strength: u8) {
        self.public.action = Some(ActionInProgress {
            kind,
            seat,
            card,
            strength,
            law: None,
            targets: Vec::new(),
            discard_type: None,
        });
    }

    /// Pass: the Player Phase ends.
    fn pass(&mut self, seat: Seat) {
        say!(
            self,
            "pass",
            Some(seat),
            "{} ends its Player Phase",
            faction_name(seat)
        );
        self.end_player_phase();
    }

    /// The Discard Action (12.1) spends all PW, then asks what to Discard or Remove.
    fn discard_action(&mut self, seat: Seat) {
        let pw = self.spend_all(seat);
        say!(
            self,
            "discard-action",
            Some(seat),
            "{} takes the Discard Action, spending {pw} PW",
            faction_name(seat)
        );
        self.public.step = Step::DiscardWhat;
    }

    /// A Federal Law (13.0) buys VP with all PW and ends the phase.
    fn federal_law(&mut self, seat: Seat) {
        let pw = self.spend_all(seat);
        say!(
            self,
            "federal-law",
            Some(seat),
            "{} passes a Federal Law with {pw} PW",
            faction_name(seat)
        );
        self.gain_vp(seat, federal_law_vp(pw), "a Federal Law");
        self.end_player_phase();
    }

    /// An action with a card: each card type allows one (see `decisions.rs` for which).
    fn play(&mut self, seat: Seat, play: Play, card: u8) {
        match play {
            Play::Radicalize => self.radicalize(seat, card),
            Play::Persuade => self.persuade(seat, card),
            Play::Organize => self.organize(seat, card),
            Play::Suppression => self.suppression(seat, card),
            Play::PassLaw => self.law_action(seat, card),
            Play::Event => self.event(seat, card),
            Play::Amendment => self.amendment(seat, card),
        }
    }

    /// Radicalize (7.1): pay the card from the Display; its cost is the strength.
    fn radicalize(&mut self, seat: Seat, card: u8) {
        let name = faction_name(seat);
        let d = T.card(card);
        let cname = d.name;
        self.take_from_display(card);
        self.pay(seat, d.cost());
        say!(
            self,
            "radicalize",
            Some(seat),
            "{name} Radicalizes with {cname} ({} PW)",
            d.cost()
        );
        self.new_action(ActionKind::Radicalize, seat, card, d.cost());
        self.public.step = Step::Region;
    }

    /// Persuade (7.2): pay and flip a Reserve card; each face-up Public Opinion card adds one.
    fn persuade(&mut self, seat: Seat, card: u8) {
        let name = faction_name(seat);
        let d = T.card(card);
        let cname = d.name;
        self.pay(seat, d.cost());
        let strength = self.face_up_po_iter(seat).count() as u8;
        self.set_face(seat, card, false);
        say!(
            self,
            "persuade",
            Some(seat),
            "{name} Persuades with {cname} ({} PW), strength {strength}",
            d.cost()
        );
        self.new_action(ActionKind::Persuade, seat, card, strength);
        self.public.step = Step::Region;
    }

    /// Organization (8.0): score, raise Org, refresh the Reserve; a Last Action.
    fn organize(&mut self, seat: Seat, card: u8) {
        let name = faction_name(seat);
        let d = T.card(card);
        let cname = d.name;
        self.take_from_display(card);
        let pw = self.spend_all(seat);
        say!(
            self,
            "organize",
            Some(seat),
            "{name} takes the Organization Action with {cname}, spending {pw} PW"
        );
        self.org_score(seat);
        let before = self.player(seat).org;
        let after = (before + 1).min(T.org_max);
        self.player_mut(seat).org = after;
        self.refresh_all(seat);
        note!(
            self,
            LogEntry::new(
                "org",
                format!("{name} Org {before} → {after}; its Reserve is refreshed"),
            )
            .seat(seat)
            .amount(after as i64)
        );
        self.discard_card(card);
        if seat == EQUALITY
            && before + 1 == T.org_max
            && after == T.org_max
            && let Some(ss) = T.special(Special::SilentSentinels)
            && self.public.aside.contains(&ss)
        {
            {
                self.public.aside.retain(|&c| c != ss);
                self.public.discard.push(ss);
                say!(
                    self,
                    "silent-sentinels",
                    Some(EQUALITY),
                    "Silent Sentinels enters the Discard pile"
                );
            }
        }
        self.gain_pw(1 - seat, d.opponent_pw());
        self.end_player_phase();
    }

    /// The Suppression Action (9.0): a Suppression card costs a face-up Public Opinion card;
    /// a Region card enters the Reserve face-up.
    fn suppression(&mut self, seat: Seat, card: u8) {
        let name = faction_name(seat);
        let d = T.card(card);
        let cname = d.name;
        self.take_from_display(card);
        self.pay(seat, d.cost());
        say!(
            self,
            "suppression",
            Some(seat),
            "{name} takes the Suppression Action with {cname} ({} PW)",
            d.cost()
        );
        self.new_action(ActionKind::Suppression, seat, card, 0);
        if d.kind == CardKind::Suppression {
            self.public.step = Step::RemovePublicOpinion;
        } else {
            self.after_payment();
        }
    }

    /// A Law Action (10.0): the Law (and Region) to vote, from the card.
    fn law_action(&mut self, seat: Seat, card: u8) {
        let name = faction_name(seat);
        let d = T.card(card);
        let cname = d.name;
        self.take_from_display(card);
        self.pay(seat, d.cost());
        say!(
            self,
            "law",
            Some(seat),
            "{name} takes a Law Action with {cname} ({} PW)",
            d.cost()
        );
        self.new_action(ActionKind::Law, seat, card, 0);
        match d.kind {
            CardKind::Law(Some(l)) => {
                if let Some(a) = self.public.action.as_mut() {
                    a.law = Some(l);
                }
                self.public.step = Step::LawRegion;
            }
            _ => self.public.step = Step::LawType,
        }
    }

    /// A Special Event (11.0): the Supreme Courts strike a Law; Silent Sentinels score, turn
    /// Blue Apathy to Equality and Remove cards.
    fn event(&mut self, seat: Seat, card: u8) {
        let name = faction_name(seat);
        let d = T.card(card);
        let cname = d.name;
        self.take_from_display(card);
        let pw = self.spend_all(seat);
        say!(
            self,
            "event",
            Some(seat),
            "{name} plays the Special Event {cname}, spending {pw} PW"
        );
        match d.kind {
            CardKind::Special(Special::SupremeCourts) => {
                self.new_action(ActionKind::SupremeCourts, seat, card, 0);
                self.public.step = Step::CourtTarget;
            }
            _ => {
                self.new_action(ActionKind::SilentSentinels, seat, card, 0);
                let laws: u8 = self.public.regions.iter().map(RegionState::discs).sum();
                self.gain_vp(EQUALITY, laws, "Laws in place");
                for r in &mut self.public.regions {
                    r.men[EQ] += std::mem::take(&mut r.men[BLUE]);
                    r.women[EQ] += std::mem::take(&mut r.women[BLUE]);
                }
                say!(
                    self,
                    "silent-sentinels",
                    Some(EQUALITY),
                    "Every Blue Apathy marker turns to Equality"
                );
                self.refresh_all(EQUALITY);
                self.public.step = Step::SentinelRemove;
            }
        }
    }

    /// An Amendment (11.3): all PW, a Public Opinion card Removed to pay, then a ratification
    /// vote in every Region.
    fn amendment(&mut self, seat: Seat, card: u8) {
        let name = faction_name(seat);
        let d = T.card(card);
        let cname = d.name;
        self.public.aside.retain(|&c| c != card);
        let pw = self.spend_all(seat);
        say!(
            self,
            "amendment",
            Some(seat),
            "{name} attempts the {cname}, spending {pw} PW"
        );
        self.new_action(ActionKind::Amendment, seat, card, 0);
        if let CardKind::Special(Special::Amendment(l)) = d.kind
            && let Some(a) = self.public.action.as_mut()
        {
            a.law = Some(l);
        }
        self.public.step = Step::RemovePublicOpinion;
    }

    /// The Discard Action's first card (12.1): later ones must be of its type.
    fn start_discarding(&mut self, seat: Seat, card: u8) {
        let d = T.card(card);
        self.take_from_display(card);
        self.discard_card(card);
        self.new_action(ActionKind::Discard, seat, card, 0);
        if let Some(a) = self.public.action.as_mut() {
            a.discard_type = Some(d.card_type());
        }
        self.public.step = Step::DiscardMore;
    }

    fn discard_card(&mut self, card: u8) {
        self.public.discard.push(card);
        note!(
            self,
            LogEntry::new("discard", format!("{} is Discarded", card_name(card)))
                .card(card_id(card))
        );
    }

    fn remove_card(&mut self, seat: Seat, card: u8) {
        self.take_from_reserve(seat, card);
        self.public.removed.push(card);
        note!(
            self,
            LogEntry::new(
                "remove",
                format!(
                    "{} Removes {} from the game",
                    faction_name(seat),
                    card_name(card)
                ),
            )
            .seat(seat)
            .card(card_id(card))
        );
    }

    /// After the payment of a Public Opinion card (Suppression, Amendment) or none (Region).
    fn after_payment(&mut self) {
        let Some(a) = self.public.action.clone() else {
            return;
        };
        match a.kind {
            ActionKind::Suppression => {
                let face_up = T.card(a.card).kind != CardKind::Suppression;
                self.player_mut(SUPREMACY).reserve.push(ReserveCard {
                    card: a.card,
                    face_up,
                });
                say!(
                    self,
                    "reserve",
                    Some(SUPREMACY),
                    "{} enters Supremacy's Reserve face-{}",
                    card_name(a.card),
                    if face_up { "up" } else { "down" }
                );
                self.complete_action();
            }
            ActionKind::Amendment => {
                if let Some(a) = self.public.action.as_mut() {
                    a.targets = (0..T.regions.len()).map(|r| Target::new(r, None)).collect();
                }
                self.advance_votes();
            }
            _ => {}
        }
    }

    /// Once the original Region is chosen: Bonus Actions may be announced.
    fn after_targets(&mut self) {
        let Some(a) = self.action() else {
            return;
        };
        if self.bonus_cards(a).is_empty() {
            self.after_bonus();
        } else {
            self.public.step = Step::Bonus;
        }
    }

    fn after_bonus(&mut self) {
        let Some(a) = self.action() else {
            return;
        };
        match a.kind {
            ActionKind::Law => self.advance_votes(),
            _ => {
                if self.block_options(a).is_empty() {
                    self.next_flip(0);
                } else {
                    self.public.step = Step::Block;
                }
            }
        }
    }

    /// Moves to the markers of target `from` (or the next one with something to change).
    fn next_flip(&mut self, from: usize) {
        let Some(a) = self.public.action.clone() else {
            return;
        };
        let mut i = from;
        while let Some(t) = a.targets.get(i) {
            let left = self.strength_in(&a, t);
            if left > 0
                && !self
                    .marker_ops(a.kind, a.seat, t.region as usize)
                    .is_empty()
            {
                self.public.step = Step::Flip { target: i, left };
                return;
            }
            i += 1;
        }
        // Every Region is done.
        say!(
            self,
            "resolved",
            Some(a.seat),
            "{:?} resolved: markers changed {}",
            a.kind,
            a.targets
                .iter()
                .map(|t| format!("{} in {}", t.changed, region_name(t.region as usize)))
                .collect::<Vec<_>>()
                .join(", ")
        );
        if a.kind == ActionKind::Radicalize && self.room(a.seat) {
            self.public.step = Step::Keep;
        } else {
            if a.kind == ActionKind::Radicalize {
                self.discard_card(a.card);
            }
            self.complete_action();
        }
    }

    fn change_marker(&mut self, target: usize, op: Op, row: Row) {
        let Some(a) = self.public.action.clone() else {
            return;
        };
        let Some(region) = a.targets.get(target).map(|t| t.region as usize) else {
            return;
        };
        let seat = a.seat;
        let (from, to) = match (a.kind, seat, op) {
            (ActionKind::Radicalize, EQUALITY, _) => (BLUE, EQ),
            (ActionKind::Radicalize, _, _) => (RED, SUP),
            (_, EQUALITY, Op::Flip) => (SUP, RED),
            (_, EQUALITY, _) => (RED, BLUE),
            _ => (BLUE, RED),
        };
        let cells = self.public.regions[region].row_mut(row);
        if cells[from] == 0 {
            return;
        }
        cells[from] -= 1;
        cells[to] += 1;
        if let Some(t) = self
            .public
            .action
            .as_mut()
            .and_then(|a| a.targets.get_mut(target))
        {
            t.changed += 1;
        }
        note!(
            self,
            LogEntry::new(
                "marker",
                format!(
                    "{}: {} {} → {} ({} voters)",
                    region_name(region),
                    op.verb(),
                    SIDE_NAMES[from],
                    SIDE_NAMES[to],
                    row.slug()
                ),
            )
            .seat(seat)
            .location(region_id(region))
        );
    }

    /// The opponent earns the card's PW and the phase goes on (or ends after a Last Action).
    fn complete_action(&mut self) {
        let Some(a) = self.public.action.take() else {
            return;
        };
        self.gain_pw(1 - a.seat, T.card(a.card).opponent_pw());
        self.public.step = Step::Action;
    }

    // ----- votes ------------------------------------------------------------------------------

    /// Resolves what needs no decision, then asks for the next Region to suppress (or ends).
    fn advance_votes(&mut self) {
        let Some(a) = self.public.action.clone() else {
            return;
        };
        let mut open = Vec::new();
        for (i, t) in a.targets.iter().enumerate() {
            if t.resolved {
                continue;
            }
            let region = t.region as usize;
            let in_force = a.kind == ActionKind::Amendment
                && a.law.is_some_and(|l| self.public.regions[region].law(l));
            if in_force || self.shortfall(t) == 0 || self.suppressors(region).is_empty() {
                self.resolve_target(i);
            } else {
                open.push(i);
            }
        }
        match open.len() {
            0 => self.finish_votes(),
            1 => self.start_suppression(a.targets[open[0]].region as usize),
            _ => {
                let chooser = if a.kind == ActionKind::Amendment {
                    EQUALITY
                } else {
                    SUPREMACY
                };
                self.public.step = Step::VoteOrder { chooser };
            }
        }
    }

    fn start_suppression(&mut self, region: usize) {
        let Some(a) = self.action() else {
            return;
        };
        let Some(i) = a
            .targets
            .iter()
            .position(|t| t.region as usize == region && !t.resolved)
        else {
            return;
        };
        let need = self.shortfall(&a.targets[i]);
        let values: Vec<u8> = self.suppressors(region).iter().map(|&(_, v)| v).collect();
        let goal = suppression_goal(&values, need);
        if goal == 0 {
            self.resolve_target(i);
            self.advance_votes();
        } else {
            self.public.step = Step::SuppressCard {
                target: i,
                left: goal,
            };
        }
    }

    fn resolve_target(&mut self, i: usize) {
        let Some(a) = self.action() else {
            return;
        };
        let Some(t) = a.targets.get(i) else {
            return;
        };
        let region = t.region as usize;
        let in_force = a.kind == ActionKind::Amendment
            && a.law.is_some_and(|l| self.public.regions[region].law(l));
        let passed = in_force || self.vote_passes(t);
        let r = &self.public.regions[region];
        let votes = r.count(EQ).saturating_sub(t.suppressed);
        if self.log.is_on() {
            let text = if in_force {
                format!(
                    "{} ratifies: the Law is already in force",
                    region_name(region)
                )
            } else {
                format!(
                    "{}: {votes} of {} votes for Equality ({} suppressed): {}",
                    region_name(region),
                    r.total(),
                    t.suppressed,
                    match (passed, a.kind) {
                        (true, ActionKind::Amendment) => "ratified",
                        (false, ActionKind::Amendment) => "not ratified",
                        (true, _) => "the Law passes",
                        (false, _) => "the Law fails",
                    }
                )
            };
            self.log.push(
                LogEntry::new("vote", text)
                    .seat(EQUALITY)
                    .location(region_id(region))
                    .amount(votes as i64),
            );
        }
        if let Some(t) = self
            .public
            .action
            .as_mut()
            .and_then(|a| a.targets.get_mut(i))
        {
            t.resolved = true;
            t.passed = passed;
        }
    }

    fn finish_votes(&mut self) {
        let Some(a) = self.public.action.clone() else {
            return;
        };
        let Some(law) = a.law else {
            self.complete_action();
            return;
        };
        match a.kind {
            ActionKind::Law => {
                for t in a.targets.iter().filter(|t| t.passed) {
                    let region = t.region as usize;
                    self.place_law(region, law);
                    let discs = self.public.regions[region].discs();
                    self.gain_vp(EQUALITY, discs, &format!("Laws in {}", region_name(region)));
                }
                if T.card(a.card).region().is_some() && self.room(EQUALITY) {
                    self.public.step = Step::Keep;
                } else {
                    self.discard_card(a.card);
                    self.complete_action();
                }
            }
            _ => {
                let points: u32 = a
                    .targets
                    .iter()
                    .filter(|t| t.passed)
                    .map(|t| T.regions[t.region as usize].congress_points as u32)
                    .sum();
                let name = card_name(a.card);
                if points >= T.amendment_points {
                    note!(
                        self,
                        LogEntry::new(
                            "amendment-passed",
                            format!("The {name} passes with {points} Congress Control Points"),
                        )
                        .seat(EQUALITY)
                        .card(card_id(a.card))
                        .amount(points as i64)
                    );
                    for r in 0..T.regions.len() {
                        if !self.public.regions[r].law(law) {
                            self.place_law(r, law);
                        }
                    }
                    self.org_score(EQUALITY);
                    self.public.amendments_passed.push(a.card);
                    self.player_mut(EQUALITY).reserve.push(ReserveCard {
                        card: a.card,
                        face_up: true,
                    });
                    self.refresh_all(EQUALITY);
                    self.refresh_all(SUPREMACY);
                    self.reshuffle("the Amendment passed");
                } else {
                    note!(
                        self,
                        LogEntry::new(
                            "amendment-failed",
                            format!(
                                "The {name} fails with {points} of {} Congress Control Points",
                                T.amendment_points
                            ),
                        )
                        .seat(EQUALITY)
                        .card(card_id(a.card))
                        .amount(points as i64)
                    );
                    self.public.aside.push(a.card);
                }
                self.public.action = None;
                self.gain_pw(SUPREMACY, T.special_pw);
                self.end_player_phase();
            }
        }
    }

    fn place_law(&mut self, region: usize, law: Law) {
        self.public.regions[region].laws[law.index()] = true;
        note!(
            self,
            LogEntry::new(
                "law",
                format!("{} is in force in {}", law.name(), region_name(region)),
            )
            .seat(EQUALITY)
            .location(region_id(region))
        );
        if law == Law::WomanSuffrage && !self.public.regions[region].women_open {
            let boxes = T.regions[region].women;
            let red = boxes.min(self.public.pool(SUPREMACY));
            let blue = (boxes - red).min(self.public.pool(EQUALITY));
            let r = &mut self.public.regions[region];
            r.women_open = true;
            r.women = [0, blue, red, 0];
            say!(
                self,
                "women-voters",
                None,
                "The Women boxes of {} open: {red} Red Apathy, {blue} Blue Apathy",
                region_name(region)
            );
        }
    }

    fn strike_law(&mut self, region: usize, law: Law) {
        self.public.regions[region].laws[law.index()] = false;
        note!(
            self,
            LogEntry::new(
                "strike",
                format!(
                    "The Supreme Courts strike {} in {}",
                    law.name(),
                    region_name(region)
                ),
            )
            .seat(SUPREMACY)
            .location(region_id(region))
        );
        if law == Law::WomanSuffrage {
            let r = &mut self.public.regions[region];
            r.women = [0; 4];
            r.women_open = false;
        }
    }

    fn finish_court(&mut self) {
        let Some(a) = self.public.action.take() else {
            return;
        };
        self.reshuffle("the Supreme Courts");
        self.public.discard.push(a.card);
        self.gain_pw(EQUALITY, T.special_pw);
        self.end_player_phase();
    }

    fn finish_sentinels(&mut self) {
        let Some(a) = self.public.action.take() else {
            return;
        };
        self.reshuffle("Silent Sentinels");
        self.public.removed.push(a.card);
        self.gain_pw(SUPREMACY, T.special_pw);
        self.end_player_phase();
    }

    /// Shuffles every Discard (the set-up ones too) into the Deck.
    fn reshuffle(&mut self, why: &str) {
        let mut cards = std::mem::take(&mut self.public.discard);
        cards.append(&mut self.hidden.setup_discards);
        self.hidden.deck.extend(cards);
        self.hidden.deck.shuffle(&mut self.hidden.rng);
        self.public.hidden_discards = 0;
        self.public.deck_count = self.hidden.deck.len() as u8;
        self.public.reshuffles += 1;
        note!(
            self,
            LogEntry::new(
                "reshuffle",
                format!(
                    "The Discards are shuffled into the Deck ({why}): {} cards",
                    self.public.deck_count
                ),
            )
            .amount(self.public.deck_count as i64)
        );
    }

    // ----- phases -----------------------------------------------------------------------------

    fn end_player_phase(&mut self) {
        let seat = self.public.active;
        let p = self.player_mut(seat);
        let lost = p.pw.saturating_sub(p.org);
        p.pw -= lost;
        if lost > 0 {
            note!(
                self,
                LogEntry::new(
                    "pw-lost",
                    format!("{} discards {lost} PW above its Org", faction_name(seat)),
                )
                .seat(seat)
                .amount(lost as i64)
            );
        }
        self.public.action = None;
        if self.public.phase_index == 0 {
            self.public.phase_index = 1;
            self.public.active = 1 - self.public.first_player;
            self.public.step = Step::Action;
        } else {
            self.turn_end();
        }
    }

    fn turn_end(&mut self) {
        // 14.1 Game end.
        let (e, s) = (self.player(EQUALITY).vp, self.player(SUPREMACY).vp);
        let both = Law::ALL
            .into_iter()
            .filter(|&l| l != Law::MunicipalElections)
            .all(|l| {
                self.public
                    .amendments_passed
                    .iter()
                    .any(|&a| T.card(a).kind == CardKind::Special(Special::Amendment(l)))
            });
        if both && e >= s {
            self.finish(
                vec![EQUALITY],
                format!("Equality has passed both Amendments and leads on VP ({e} to {s})"),
            );
            return;
        }
        if s >= T.vp_max {
            self.finish(
                vec![SUPREMACY],
                format!("Supremacy reaches {} VP", T.vp_max),
            );
            return;
        }
        // 14.2 Congress Control.
        let mut points = [0u32; 2];
        for (i, r) in self.public.regions.iter_mut().enumerate() {
            r.congress = if r.law(Law::DirectElection) && r.blue() > r.red() {
                EQUALITY
            } else {
                SUPREMACY
            };
            points[r.congress] += T.regions[i].congress_points as u32;
        }
        let holder = if points[EQUALITY] > points[SUPREMACY] {
            EQUALITY
        } else {
            SUPREMACY
        };
        self.public.congress_points = points;
        if holder != self.public.congress {
            say!(
                self,
                "congress",
                Some(holder),
                "{} takes Congress Control ({} to {})",
                faction_name(holder),
                points[holder],
                points[1 - holder]
            );
        }
        self.public.congress = holder;
        // 14.3 Reshuffle.
        if self.hidden.deck.is_empty() && !self.public.discard.is_empty() {
            self.reshuffle("the Deck is exhausted");
            self.refresh_all(EQUALITY);
            self.refresh_all(SUPREMACY);
            self.org_score(SUPREMACY);
            self.org_score(EQUALITY);
        }
        // 14.4 Passive abilities: scoring, conditional scoring, then refresh.
        let sup = self
            .face_up(SUPREMACY, |c| T.card(c).kind == CardKind::Suppression)
            .len() as u8;
        self.gain_vp(SUPREMACY, sup, "face-up Suppression cards");
        let full = self
            .face_up(EQUALITY, |c| {
                T.card(c)
                    .region()
                    .is_some_and(|r| self.public.regions[r].discs() == 3)
            })
            .len() as u8;
        self.gain_vp(EQUALITY, full, "Region cards with all three Laws");
        self.start_refresh(EQUALITY);
    }

    /// Refresh passive: one face-down card flipped per face-up Public Opinion card (and
    /// Region card, for Supremacy).
    fn start_refresh(&mut self, seat: Seat) {
        let n = self
            .face_up(seat, |c| match T.card(c).kind {
                CardKind::PublicOpinion => true,
                CardKind::Region { .. } => seat == SUPREMACY,
                _ => false,
            })
            .len() as u8;
        let down = self
            .player(seat)
            .reserve
            .iter()
            .filter(|r| !r.face_up)
            .count() as u8;
        if n == 0 || down == 0 {
            self.after_refresh(seat);
        } else if n >= down {
            self.refresh_all(seat);
            say!(
                self,
                "refresh",
                Some(seat),
                "{} refreshes its whole Reserve",
                faction_name(seat)
            );
            self.after_refresh(seat);
        } else {
            self.public.step = Step::Refresh { seat, left: n };
        }
    }

    fn after_refresh(&mut self, seat: Seat) {
        if seat == EQUALITY {
            self.start_refresh(SUPREMACY);
            return;
        }
        if self.public.turn >= T.turn_cap {
            let (e, s) = (self.player(EQUALITY).vp, self.player(SUPREMACY).vp);
            let w = if e > s { EQUALITY } else { SUPREMACY };
            self.finish(
                vec![w],
                format!(
                    "the safety cap of {} turns is reached: {} leads on VP ({e} to {s})",
                    T.turn_cap,
                    faction_name(w)
                ),
            );
            return;
        }
        self.public.turn += 1;
        say!(self, "turn", None, "Turn {} begins", self.public.turn);
        let want = [
            self.player(EQUALITY).org as usize,
            self.player(SUPREMACY).org as usize,
        ];
        self.fill_display(want);
        self.income();
    }

    fn finish(&mut self, winners: Vec<Seat>, reason: String) {
        self.public.step = Step::Finished;
        self.public.action = None;
        note!(self, LogEntry::new("outcome", reason.clone()));
        self.public.outcome = Some(Outcome {
            winners,
            reason,
            scores: vec![
                self.player(EQUALITY).vp as i64,
                self.player(SUPREMACY).vp as i64,
            ],
        });
    }

    /// Every card whose place is not public: the Deck and the set-up discards.
    fn unseen(view: &View) -> Vec<u8> {
        let mut seen = vec![false; T.cards.len() + 1];
        let places = view
            .display
            .iter()
            .chain(&view.discard)
            .chain(&view.removed)
            .chain(&view.aside)
            .chain(view.action.iter().map(|a| &a.card))
            .copied()
            .chain(
                view.players
                    .iter()
                    .flat_map(|p| p.reserve.iter().map(|r| r.card)),
            );
        for c in places {
            seen[c as usize] = true;
        }
        (1..=T.cards.len() as u8)
            .filter(|&c| !seen[c as usize])
            .collect()
    }

    fn hidden_from(view: &View, rng: &mut dyn RngCore) -> Hidden {
        let mut r = rng::fork(rng);
        let mut cards = Self::unseen(view);
        cards.shuffle(&mut r);
        let k = (view.hidden_discards as usize).min(cards.len());
        let setup_discards = cards.split_off(cards.len() - k);
        Hidden {
            deck: cards,
            setup_discards,
            rng: r,
        }
    }
}

impl Game for TheVote {
    const ID: &'static str = GAME_ID;
    type View = View;
    type Action = Action;

    fn info() -> GameInfo {
        GameInfo {
            id: GAME_ID.into(),
            name: "The Vote: Suffrage and Suppression in America".into(),
            summary: "Equality against Supremacy, 1866 to 1920: win over the voters of six \
                      Regions, pass Local Laws, and ratify the Seventeenth and Nineteenth \
                      Amendments, or hold power to 75 VP. The cards and map are not published: \
                      this engine plays a reconstruction of the components, its costs and \
                      set-up tuned by bot self-play (Hollandspiele)."
                .into(),
            variants: vec![VariantInfo {
                id: "standard".into(),
                name: "Standard".into(),
                description: "The two-player game with the reconstructed components, tuned by \
                              self-play."
                    .into(),
                min_seats: 2,
                max_seats: 2,
                default_seats: 2,
                seat_names: vec!["Equality".into(), "Supremacy".into()],
                timeout_policy: None,
            }],
            options: Vec::new(),
            timeout_policy: TimeoutPolicy::Forfeit,
        }
    }

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        Self::setup(setup)
    }

    fn num_seats(&self) -> usize {
        2
    }

    fn to_act(&self) -> Vec<Seat> {
        self.first_to_act().into_iter().collect()
    }

    fn first_to_act(&self) -> Option<Seat> {
        self.decision().map(|(seat, _)| seat)
    }

    fn legal_actions(&self, seat: Seat, out: &mut impl ActionSink<Action>) {
        self.push_legal(seat, out);
    }

    fn apply_action(&mut self, seat: Seat, action: Action) {
        self.take(seat, action);
    }

    fn prompt_text(&self, seat: Seat) -> String {
        self.decision_text(seat)
    }

    fn describe_action(&self, seat: Seat, action: Action) -> Choice {
        self.describe(seat, action)
    }

    fn log(&self) -> &[LogEntry] {
        self.log.entries()
    }

    fn view(&self, _viewer: Viewer) -> View {
        self.public.clone()
    }

    fn choice_seen_by(&self, _seat: Seat, _choice: &str, _viewer: Viewer) -> SeenChoice {
        // Both seats and spectators see one view, and every prompt is built from it: no
        // choice names anything hidden (the Deck's cards are named only once drawn).
        SeenChoice::Whole
    }

    fn resample(view: &View, _viewer: Viewer, rng: &mut dyn RngCore) -> Self {
        TheVote {
            public: view.clone(),
            hidden: Self::hidden_from(view, rng),
            log: GameLog::off(),
        }
    }

    fn shuffle_hidden(&self, viewer: Viewer, rng: &mut dyn RngCore) -> Self {
        let mut s = Self::resample(&self.public, viewer, rng);
        s.log = self.log.clone();
        s
    }

    fn hidden_digest(&self, _viewer: Viewer) -> u64 {
        // The deck order, the set-aside discards and the generator are hidden from all alike.
        crate::core::digest_of(&self.hidden)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.public.outcome.clone()
    }
}

#[cfg(test)]
mod tests;
