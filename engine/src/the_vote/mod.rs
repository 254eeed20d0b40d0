//! The Vote: Suffrage and Suppression in America (`the-vote`): Equality against Supremacy
//! over six Regions of Support Boxes, Local Laws and Congress Control, for the Seventeenth
//! and Nineteenth Amendments or 75 VP.
//!
//! The components are reconstructed (see [`data`] and
//! `shared/reference/the-vote/findings.md`); every unclear rule follows the reading given
//! there. The state machine keeps the action in progress ([`Action`]) and the decision it
//! waits for ([`Step`]); reactions (Block, Counter, Suppression) are steps of the other seat.
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

pub mod data;

use rand::RngCore;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use self::data::{CardKind, CardType, Faction, Law, Special, TABLE, Table};
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
pub struct Action {
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
    pub action: Option<Action>,
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
    log: Vec<LogEntry>,
    #[serde(default = "yes")]
    logging: bool,
}

fn yes() -> bool {
    true
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

    fn push_log(&mut self, entry: LogEntry) {
        if self.logging {
            let mut entry = entry;
            entry.seq = self.log.len() as u64;
            self.log.push(entry);
        }
    }

    fn say(&mut self, kind: &str, seat: Option<Seat>, text: String) {
        let mut e = LogEntry::new(kind, text);
        e.seat = seat;
        self.push_log(e);
    }

    fn player(&self, seat: Seat) -> &Player {
        &self.public.players[seat]
    }

    fn player_mut(&mut self, seat: Seat) -> &mut Player {
        &mut self.public.players[seat]
    }

    fn action(&self) -> Option<&Action> {
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
            log: Vec::new(),
            logging: true,
        };
        game.say(
            "setup",
            None,
            format!(
                "Set-up: {} cards dealt face-down under Supreme Courts; {} cards in the Deck",
                game.public.hidden_discards, game.public.deck_count
            ),
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
                self.say(
                    "deck-empty",
                    None,
                    "The Deck is exhausted: no more cards are drawn".into(),
                );
                return;
            };
            self.public.deck_count = self.hidden.deck.len() as u8;
            self.public.display.push(card);
            let f = T.card(card).faction;
            self.push_log(
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
                .card(card_id(card)),
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
        self.push_log(
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
            .amount(got as i64),
        );
    }

    fn gain_vp(&mut self, seat: Seat, n: u8, why: &str) {
        if n == 0 {
            return;
        }
        let p = self.player_mut(seat);
        p.vp = (p.vp + n).min(T.vp_max);
        let now = p.vp;
        self.push_log(
            LogEntry::new(
                "vp",
                format!("{} scores {n} VP for {why} (now {now})", faction_name(seat)),
            )
            .seat(seat)
            .amount(n as i64),
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

    fn face_up_po(&self, seat: Seat) -> Vec<u8> {
        self.face_up(seat, |c| T.card(c).kind == CardKind::PublicOpinion)
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

    /// The marker changes `seat` can make in `region` with this Public Opinion action.
    fn marker_ops(&self, kind: ActionKind, seat: Seat, region: usize) -> Vec<(&'static str, Row)> {
        let r = &self.public.regions[region];
        let mut rows = vec![Row::Men];
        if r.women_open {
            rows.push(Row::Women);
        }
        let mut ops = Vec::new();
        match (kind, seat) {
            (ActionKind::Radicalize, EQUALITY) => {
                for row in rows {
                    if r.row(row)[BLUE] > 0 {
                        ops.push(("flip", row));
                    }
                }
            }
            (ActionKind::Radicalize, _) => {
                for row in rows {
                    if r.row(row)[RED] > 0 {
                        ops.push(("flip", row));
                    }
                }
            }
            (ActionKind::Persuade, EQUALITY) => {
                let women_red = r.women[RED] + r.women[SUP] > 0;
                let pool = self.public.pool(EQUALITY);
                for row in rows {
                    if row == Row::Men && women_red {
                        continue;
                    }
                    if r.row(row)[RED] > 0 && pool > 0 {
                        ops.push(("replace", row));
                    }
                    if r.row(row)[SUP] > 0 {
                        ops.push(("flip", row));
                    }
                }
            }
            (ActionKind::Persuade, _) => {
                let pool = self.public.pool(SUPREMACY);
                for row in rows {
                    if r.row(row)[BLUE] > 0 && pool > 0 {
                        ops.push(("replace", row));
                    }
                }
            }
            _ => {}
        }
        ops
    }

    /// Strength of a Public Opinion action in one of its Regions.
    fn strength_in(&self, a: &Action, t: &Target) -> u8 {
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

    // ----- choices --------------------------------------------------------------------------

    /// The seat that decides now, the prompt text and every legal choice.
    fn options(&self) -> Option<(Seat, String, Vec<Choice>)> {
        if self.public.outcome.is_some() {
            return None;
        }
        let active = self.public.active;
        let a = self.action();
        let mut c = Vec::new();
        let (seat, text) = match &self.public.step {
            Step::Finished => return None,
            Step::ChooseFirst { chooser } => {
                for s in [EQUALITY, SUPREMACY] {
                    let f = Faction::from_seat(s);
                    c.push(
                        Choice::new(
                            format!("first:{}", f.slug()),
                            "first",
                            format!("{} plays first", f.name()),
                        )
                        .target(s),
                    );
                }
                (
                    *chooser,
                    format!("Turn {}: who is the First Player?", self.public.turn),
                )
            }
            Step::Action => {
                self.action_choices(active, &mut c);
                let p = self.player(active);
                (
                    active,
                    format!(
                        "Turn {}, {} Player Phase: {} has {} PW (Org {}). Take an action or pass",
                        self.public.turn,
                        if self.public.phase_index == 0 {
                            "First"
                        } else {
                            "Second"
                        },
                        faction_name(active),
                        p.pw,
                        p.org
                    ),
                )
            }
            Step::Region => {
                for r in 0..T.regions.len() {
                    c.push(region_choice(r));
                }
                (active, "In which Region?".into())
            }
            Step::LawType => {
                let a = a?;
                let regions: Vec<usize> = match T.card(a.card).kind {
                    CardKind::Region { region, .. } => vec![region as usize],
                    _ => (0..T.regions.len()).collect(),
                };
                for l in Law::ALL {
                    if regions.iter().any(|&r| !self.public.regions[r].law(l)) {
                        c.push(Choice::new(format!("law:{}", l.slug()), "law", l.name()));
                    }
                }
                (active, "Which Law is put to the vote?".into())
            }
            Step::LawRegion => {
                let law = a?.law?;
                for r in 0..T.regions.len() {
                    if !self.public.regions[r].law(law) {
                        c.push(region_choice(r));
                    }
                }
                (active, format!("In which Region is {} voted?", law.name()))
            }
            Step::Bonus => {
                let a = a?;
                c.push(Choice::new("done", "done", "No more Bonus Actions"));
                for card in self.bonus_cards(a) {
                    let r = T.card(card).region().unwrap_or(0);
                    c.push(
                        Choice::new(
                            format!("bonus:{}", card_id(card)),
                            "bonus",
                            format!(
                                "Flip {} face-down for a Bonus Action in {}",
                                card_name(card),
                                region_name(r)
                            ),
                        )
                        .card(card_id(card))
                        .location(region_id(r)),
                    );
                }
                (a.seat, "Announce a Bonus Action?".into())
            }
            Step::Block => {
                let a = a?;
                let opp = 1 - a.seat;
                c.push(Choice::new("pass", "pass", "Do not Block (more)"));
                for (region, card) in self.block_options(a) {
                    c.push(
                        Choice::new(
                            format!("block:{}:{}", region_id(region), card_id(card)),
                            "block",
                            format!(
                                "Block {} markers in {} with {}",
                                T.card(card).cost(),
                                region_name(region),
                                card_name(card)
                            ),
                        )
                        .card(card_id(card))
                        .location(region_id(region))
                        .amount(T.card(card).cost() as i64),
                    );
                }
                (
                    opp,
                    format!(
                        "{} takes a {:?} action: Block it?",
                        faction_name(a.seat),
                        a.kind
                    ),
                )
            }
            Step::Counter => {
                let a = a?;
                c.push(Choice::new("done", "done", "Do not Counter (more)"));
                for (region, card) in self.counter_options(a) {
                    c.push(
                        Choice::new(
                            format!("counter:{}:{}", region_id(region), card_id(card)),
                            "counter",
                            format!(
                                "Counter the Block in {} with {}",
                                region_name(region),
                                card_name(card)
                            ),
                        )
                        .card(card_id(card))
                        .location(region_id(region)),
                    );
                }
                (a.seat, "Your action was Blocked: Counter?".into())
            }
            Step::Flip { target, left } => {
                let a = a?;
                let region = a.targets.get(*target)?.region as usize;
                if a.kind == ActionKind::Radicalize {
                    c.push(Choice::new("done", "done", "Flip no more markers here"));
                }
                for (op, row) in self.marker_ops(a.kind, a.seat, region) {
                    let what = match (op, a.seat) {
                        ("flip", EQUALITY) if a.kind == ActionKind::Persuade => {
                            "Flip a Supremacy marker to Red Apathy"
                        }
                        ("flip", EQUALITY) => "Flip a Blue Apathy marker to Equality",
                        ("flip", _) => "Flip a Red Apathy marker to Supremacy",
                        (_, EQUALITY) => "Replace a Red Apathy marker with Blue Apathy",
                        _ => "Replace a Blue Apathy marker with Red Apathy",
                    };
                    c.push(
                        Choice::new(
                            format!("{op}:{}", row.slug()),
                            op,
                            format!("{what} ({} voters)", row.slug()),
                        )
                        .location(region_id(region)),
                    );
                }
                (
                    a.seat,
                    format!("{}: up to {left} more markers", region_name(region)),
                )
            }
            Step::Keep => {
                let a = a?;
                c.push(
                    Choice::new("keep:reserve", "keep", "Take the card into your Reserve")
                        .card(card_id(a.card)),
                );
                c.push(
                    Choice::new("keep:discard", "keep", "Discard the card").card(card_id(a.card)),
                );
                (a.seat, format!("Keep {}?", card_name(a.card)))
            }
            Step::VoteOrder { chooser } => {
                let a = a?;
                for t in a.targets.iter().filter(|t| !t.resolved) {
                    c.push(region_choice(t.region as usize));
                }
                (*chooser, "Which Region's vote is resolved next?".into())
            }
            Step::SuppressCard { target, left } => {
                let a = a?;
                let t = a.targets.get(*target)?;
                let region = t.region as usize;
                for card in self.suppress_options(region, *left) {
                    c.push(
                        Choice::new(
                            format!("suppress:{}", card_id(card)),
                            "suppress",
                            format!("Flip {} face-down to suppress votes", card_name(card)),
                        )
                        .card(card_id(card))
                        .location(region_id(region)),
                    );
                }
                (
                    SUPREMACY,
                    format!(
                        "Suppress {left} more votes in {} (exactly as many as needed)",
                        region_name(region)
                    ),
                )
            }
            Step::RemovePublicOpinion => {
                let a = a?;
                for card in self.face_up_po(a.seat) {
                    c.push(
                        Choice::new(
                            format!("remove:{}", card_id(card)),
                            "remove",
                            format!("Remove {} from the game", card_name(card)),
                        )
                        .card(card_id(card)),
                    );
                }
                (
                    a.seat,
                    "Remove which face-up Public Opinion card to pay?".into(),
                )
            }
            Step::CourtTarget => {
                for (r, l) in self.strikable_laws() {
                    c.push(
                        Choice::new(
                            format!("strike:{}:{}", region_id(r), l.slug()),
                            "strike",
                            format!("Strike {} in {}", l.name(), region_name(r)),
                        )
                        .location(region_id(r)),
                    );
                }
                (SUPREMACY, "Which Law do the Supreme Courts strike?".into())
            }
            Step::SentinelRemove => {
                c.push(Choice::new("done", "done", "Remove no more cards"));
                for r in &self.player(EQUALITY).reserve {
                    if !matches!(
                        T.card(r.card).kind,
                        CardKind::Special(Special::Amendment(_))
                    ) {
                        c.push(
                            Choice::new(
                                format!("remove:{}", card_id(r.card)),
                                "remove",
                                format!("Remove {} from the game", card_name(r.card)),
                            )
                            .card(card_id(r.card)),
                        );
                    }
                }
                (EQUALITY, "Remove cards from your Reserve?".into())
            }
            Step::DiscardWhat => {
                c = self.discard_options(active);
                (
                    active,
                    "Discard Action: Discard cards of one type from the Display, or Remove one Reserve card".into(),
                )
            }
            Step::DiscardMore => {
                let a = a?;
                c.push(Choice::new("done", "done", "Discard no more"));
                for card in self.public.display_of(a.seat) {
                    if Some(T.card(card).card_type()) == a.discard_type {
                        c.push(
                            Choice::new(
                                format!("discard:{}", card_id(card)),
                                "discard",
                                format!("Discard {}", card_name(card)),
                            )
                            .card(card_id(card)),
                        );
                    }
                }
                (a.seat, "Discard more cards of the same type?".into())
            }
            Step::Refresh { seat, left } => {
                for r in &self.player(*seat).reserve {
                    if !r.face_up {
                        c.push(
                            Choice::new(
                                format!("refresh:{}", card_id(r.card)),
                                "refresh",
                                format!("Flip {} face-up", card_name(r.card)),
                            )
                            .card(card_id(r.card)),
                        );
                    }
                }
                (*seat, format!("Refresh: flip {left} more cards face-up"))
            }
        };
        Some((seat, text, c))
    }

    fn action_choices(&self, seat: Seat, c: &mut Vec<Choice>) {
        let p = self.player(seat);
        let pw = p.pw;
        c.push(Choice::new("pass", "pass", "End your Player Phase"));
        let mut add = |verb: &str, card: u8, label: String| {
            c.push(
                Choice::new(format!("{verb}:{}", card_id(card)), verb, label)
                    .card(card_id(card))
                    .amount(T.card(card).cost() as i64),
            );
        };
        for card in self.public.display_of(seat) {
            let d = T.card(card);
            if d.cost() > pw {
                continue;
            }
            match d.kind {
                CardKind::PublicOpinion => add(
                    "radicalize",
                    card,
                    format!("Radicalize with {} ({} PW)", d.name, d.cost()),
                ),
                CardKind::Organization => add(
                    "organize",
                    card,
                    format!("Organization with {} (last action)", d.name),
                ),
                CardKind::Suppression if seat == SUPREMACY => {
                    let po = self.face_up_po(seat);
                    if !po.is_empty() && p.reserve.len() - 1 < p.org as usize {
                        add(
                            "suppression",
                            card,
                            format!("Suppression: take {} into the Reserve", d.name),
                        );
                    }
                }
                CardKind::Region { .. } if seat == SUPREMACY && self.room(seat) => add(
                    "suppression",
                    card,
                    format!("Suppression: take {} into the Reserve", d.name),
                ),
                CardKind::Law(_) | CardKind::Region { .. }
                    if seat == EQUALITY && self.law_action_possible(card) =>
                {
                    add(
                        "pass-law",
                        card,
                        format!("Law Action with {} ({} PW)", d.name, d.cost()),
                    )
                }
                CardKind::Special(Special::SupremeCourts | Special::SilentSentinels) => add(
                    "event",
                    card,
                    format!("Special Event: {} (last action)", d.name),
                ),
                _ => {}
            }
        }
        for card in self.face_up_po(seat) {
            if T.card(card).cost() <= pw {
                add(
                    "persuade",
                    card,
                    format!(
                        "Persuade with {} ({} PW)",
                        card_name(card),
                        T.card(card).cost()
                    ),
                );
            }
        }
        if seat == EQUALITY && self.has_congress(EQUALITY) && !self.face_up_po(seat).is_empty() {
            for &card in &self.public.aside {
                if matches!(T.card(card).kind, CardKind::Special(Special::Amendment(_))) {
                    add(
                        "amendment",
                        card,
                        format!("Attempt the {} (last action)", card_name(card)),
                    );
                }
            }
        }
        if pw >= 1 && !self.discard_options(seat).is_empty() {
            c.push(Choice::new(
                "discard-action",
                "discard-action",
                format!(
                    "Discard Action: spend all {pw} PW to Discard from the Display or Remove \
                     from the Reserve (last action)"
                ),
            ));
        }
        if pw >= 1 && self.has_congress(seat) {
            c.push(
                Choice::new(
                    "federal-law",
                    "federal-law",
                    format!(
                        "Pass a Federal Law: all {pw} PW for {} VP (last action)",
                        federal_law_vp(pw)
                    ),
                )
                .amount(federal_law_vp(pw) as i64),
            );
        }
    }

    /// The Discard Action's choices: own Display cards to Discard, Reserve cards to Remove.
    fn discard_options(&self, seat: Seat) -> Vec<Choice> {
        let mut c = Vec::new();
        for card in self.public.display_of(seat) {
            c.push(
                Choice::new(
                    format!("discard:{}", card_id(card)),
                    "discard",
                    format!("Discard {} from the Display", card_name(card)),
                )
                .card(card_id(card)),
            );
        }
        for r in &self.player(seat).reserve {
            if !matches!(
                T.card(r.card).kind,
                CardKind::Special(Special::Amendment(_))
            ) {
                c.push(
                    Choice::new(
                        format!("remove-reserve:{}", card_id(r.card)),
                        "remove-reserve",
                        format!("Remove {} from your Reserve", card_name(r.card)),
                    )
                    .card(card_id(r.card)),
                );
            }
        }
        c
    }

    fn bonus_cards(&self, a: &Action) -> Vec<u8> {
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

    fn block_options(&self, a: &Action) -> Vec<(usize, u8)> {
        let mut v = Vec::new();
        for t in a.targets.iter().filter(|t| t.block.is_none()) {
            for card in self.block_cards(1 - a.seat, t.region as usize) {
                v.push((t.region as usize, card));
            }
        }
        v
    }

    fn counter_options(&self, a: &Action) -> Vec<(usize, u8)> {
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

    // ----- applying -------------------------------------------------------------------------

    /// Takes every decision that has exactly one legal choice, and steps over any with none.
    fn settle(&mut self) {
        for _ in 0..10_000 {
            let Some((seat, _, choices)) = self.options() else {
                return;
            };
            match choices.len() {
                0 => self.nothing_to_choose(),
                1 => {
                    let id = choices[0].id.clone();
                    self.act(seat, &id);
                }
                _ => return,
            }
        }
    }

    /// A step with no legal choice moves on as if its optional part were declined.
    fn nothing_to_choose(&mut self) {
        match self.public.step.clone() {
            Step::Flip { target, .. } => self.next_flip(target + 1),
            Step::VoteOrder { .. } | Step::SuppressCard { .. } => {
                if let Some(a) = self.public.action.as_mut() {
                    for t in a.targets.iter_mut() {
                        t.resolved = true;
                    }
                }
                self.advance_votes();
            }
            Step::CourtTarget => self.finish_court(),
            Step::Refresh { seat, .. } => self.after_refresh(seat),
            // Every other step always offers a choice; end the phase rather than stall.
            _ => {
                self.public.action = None;
                self.end_player_phase();
            }
        }
    }

    fn act(&mut self, seat: Seat, id: &str) {
        let (verb, arg) = id.split_once(':').unwrap_or((id, ""));
        let card = T.card_by_id(arg);
        match (self.public.step.clone(), verb) {
            (Step::ChooseFirst { .. }, "first") => {
                let first = if arg == Faction::Supremacy.slug() {
                    SUPREMACY
                } else {
                    EQUALITY
                };
                self.say(
                    "first-player",
                    Some(seat),
                    format!(
                        "{} chooses {} as First Player",
                        faction_name(seat),
                        faction_name(first)
                    ),
                );
                self.public.first_player = first;
                self.public.active = first;
                self.public.phase_index = 0;
                self.public.step = Step::Action;
            }
            (Step::Action, _) => self.start_action(seat, verb, card),
            (Step::DiscardWhat, _) => {
                if let Some(c) = card {
                    self.start_action(seat, verb, Some(c));
                }
            }
            (Step::Region, "region") | (Step::LawRegion, "region") => {
                if let Some(r) = T.region_by_id(arg) {
                    self.add_target(r, None);
                    self.after_targets();
                }
            }
            (Step::LawType, "law") => {
                let law = Law::from_slug(arg);
                let fixed_region = self.action().and_then(|a| T.card(a.card).region());
                if let Some(a) = self.public.action.as_mut() {
                    a.law = law;
                }
                match fixed_region {
                    Some(r) => {
                        self.add_target(r, None);
                        self.after_targets();
                    }
                    None => self.public.step = Step::LawRegion,
                }
            }
            (Step::Bonus, "bonus") => {
                if let Some(c) = card {
                    self.set_face(seat, c, false);
                    let r = T.card(c).region().unwrap_or(0);
                    self.add_target(r, Some(c));
                    self.say(
                        "bonus",
                        Some(seat),
                        format!(
                            "{} flips {} for a Bonus Action in {}",
                            faction_name(seat),
                            card_name(c),
                            region_name(r)
                        ),
                    );
                }
            }
            (Step::Bonus, _) => self.after_bonus(),
            (Step::Block, "block") => {
                let (r, c) = arg.split_once(':').unwrap_or(("", ""));
                if let (Some(r), Some(c)) = (T.region_by_id(r), T.card_by_id(c)) {
                    self.set_face(seat, c, false);
                    if let Some(t) = self.target_mut(r) {
                        t.block = Some(c);
                    }
                    self.say(
                        "block",
                        Some(seat),
                        format!(
                            "{} Blocks {} markers in {} with {}",
                            faction_name(seat),
                            T.card(c).cost(),
                            region_name(r),
                            card_name(c)
                        ),
                    );
                }
            }
            (Step::Block, _) => self.public.step = Step::Counter,
            (Step::Counter, "counter") => {
                let (r, c) = arg.split_once(':').unwrap_or(("", ""));
                if let (Some(r), Some(c)) = (T.region_by_id(r), T.card_by_id(c)) {
                    self.set_face(seat, c, false);
                    if let Some(t) = self.target_mut(r) {
                        t.counter = Some(c);
                    }
                    self.say(
                        "counter",
                        Some(seat),
                        format!(
                            "{} Counters the Block in {} with {}",
                            faction_name(seat),
                            region_name(r),
                            card_name(c)
                        ),
                    );
                }
            }
            (Step::Counter, _) => self.next_flip(0),
            (Step::Flip { target, left }, "flip" | "replace") => {
                if let Some(row) = Row::from_slug(arg) {
                    self.change_marker(target, verb, row);
                }
                if left <= 1 {
                    self.next_flip(target + 1);
                } else {
                    self.public.step = Step::Flip {
                        target,
                        left: left - 1,
                    };
                }
            }
            (Step::Flip { target, .. }, _) => self.next_flip(target + 1),
            (Step::Keep, "keep") => {
                if let Some(a) = self.public.action.clone() {
                    if arg == "reserve" {
                        self.player_mut(a.seat).reserve.push(ReserveCard {
                            card: a.card,
                            face_up: true,
                        });
                        self.say(
                            "reserve",
                            Some(a.seat),
                            format!(
                                "{} takes {} into its Reserve",
                                faction_name(a.seat),
                                card_name(a.card)
                            ),
                        );
                    } else {
                        self.discard_card(a.card);
                    }
                }
                self.complete_action();
            }
            (Step::VoteOrder { .. }, "region") => {
                if let Some(r) = T.region_by_id(arg) {
                    self.start_suppression(r);
                }
            }
            (Step::SuppressCard { target, left }, "suppress") => {
                if let Some(c) = card {
                    let value = self
                        .suppressors(self.target_region(target))
                        .iter()
                        .find(|(x, _)| *x == c)
                        .map_or(1, |&(_, v)| v);
                    self.set_face(SUPREMACY, c, false);
                    let region = self.target_region(target);
                    if let Some(t) = self
                        .public
                        .action
                        .as_mut()
                        .and_then(|a| a.targets.get_mut(target))
                    {
                        t.suppressed += value;
                        t.suppress_cards.push(c);
                    }
                    self.say(
                        "suppress",
                        Some(SUPREMACY),
                        format!(
                            "Supremacy flips {} to suppress {value} votes in {}",
                            card_name(c),
                            region_name(region)
                        ),
                    );
                    let left = left.saturating_sub(value);
                    if left == 0 {
                        self.resolve_target(target);
                        self.advance_votes();
                    } else {
                        self.public.step = Step::SuppressCard { target, left };
                    }
                }
            }
            (Step::RemovePublicOpinion, "remove") => {
                if let Some(c) = card {
                    self.remove_card(seat, c);
                    self.after_payment();
                }
            }
            (Step::CourtTarget, "strike") => {
                let (r, l) = arg.split_once(':').unwrap_or(("", ""));
                if let (Some(r), Some(l)) = (T.region_by_id(r), Law::from_slug(l)) {
                    self.strike_law(r, l);
                }
                self.finish_court();
            }
            (Step::SentinelRemove, "remove") => {
                if let Some(c) = card {
                    self.remove_card(EQUALITY, c);
                }
            }
            (Step::SentinelRemove, _) => self.finish_sentinels(),
            (Step::DiscardMore, "discard") => {
                if let Some(c) = card {
                    self.take_from_display(c);
                    self.discard_card(c);
                }
            }
            (Step::DiscardMore, _) => {
                self.public.action = None;
                self.end_player_phase();
            }
            (Step::Refresh { seat: s, left }, "refresh") => {
                if let Some(c) = card {
                    self.set_face(s, c, true);
                    self.say(
                        "refresh",
                        Some(s),
                        format!("{} refreshes {}", faction_name(s), card_name(c)),
                    );
                }
                if left <= 1 {
                    self.after_refresh(s);
                } else {
                    self.public.step = Step::Refresh {
                        seat: s,
                        left: left - 1,
                    };
                }
            }
            _ => {}
        }
    }

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
        self.public.action = Some(Action {
            kind,
            seat,
            card,
            strength,
            law: None,
            targets: Vec::new(),
            discard_type: None,
        });
    }

    fn start_action(&mut self, seat: Seat, verb: &str, card: Option<u8>) {
        let name = faction_name(seat);
        if verb == "pass" {
            self.say("pass", Some(seat), format!("{name} ends its Player Phase"));
            self.end_player_phase();
            return;
        }
        if verb == "discard-action" {
            let pw = self.spend_all(seat);
            self.say(
                "discard-action",
                Some(seat),
                format!("{name} takes the Discard Action, spending {pw} PW"),
            );
            self.public.step = Step::DiscardWhat;
            return;
        }
        if verb == "federal-law" {
            let pw = self.spend_all(seat);
            self.say(
                "federal-law",
                Some(seat),
                format!("{name} passes a Federal Law with {pw} PW"),
            );
            self.gain_vp(seat, federal_law_vp(pw), "a Federal Law");
            self.end_player_phase();
            return;
        }
        let Some(card) = card else {
            return;
        };
        let d = T.card(card);
        let cname = d.name;
        match verb {
            "radicalize" => {
                self.take_from_display(card);
                self.pay(seat, d.cost());
                self.say(
                    "radicalize",
                    Some(seat),
                    format!("{name} Radicalizes with {cname} ({} PW)", d.cost()),
                );
                self.new_action(ActionKind::Radicalize, seat, card, d.cost());
                self.public.step = Step::Region;
            }
            "persuade" => {
                self.pay(seat, d.cost());
                let strength = self.face_up_po(seat).len() as u8;
                self.set_face(seat, card, false);
                self.say(
                    "persuade",
                    Some(seat),
                    format!(
                        "{name} Persuades with {cname} ({} PW), strength {strength}",
                        d.cost()
                    ),
                );
                self.new_action(ActionKind::Persuade, seat, card, strength);
                self.public.step = Step::Region;
            }
            "organize" => {
                self.take_from_display(card);
                let pw = self.spend_all(seat);
                self.say(
                    "organize",
                    Some(seat),
                    format!("{name} takes the Organization Action with {cname}, spending {pw} PW"),
                );
                self.org_score(seat);
                let before = self.player(seat).org;
                let after = (before + 1).min(T.org_max);
                self.player_mut(seat).org = after;
                self.refresh_all(seat);
                self.push_log(
                    LogEntry::new(
                        "org",
                        format!("{name} Org {before} → {after}; its Reserve is refreshed"),
                    )
                    .seat(seat)
                    .amount(after as i64),
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
                        self.say(
                            "silent-sentinels",
                            Some(EQUALITY),
                            "Silent Sentinels enters the Discard pile".into(),
                        );
                    }
                }
                self.gain_pw(1 - seat, d.opponent_pw());
                self.end_player_phase();
            }
            "suppression" => {
                self.take_from_display(card);
                self.pay(seat, d.cost());
                self.say(
                    "suppression",
                    Some(seat),
                    format!(
                        "{name} takes the Suppression Action with {cname} ({} PW)",
                        d.cost()
                    ),
                );
                self.new_action(ActionKind::Suppression, seat, card, 0);
                if d.kind == CardKind::Suppression {
                    self.public.step = Step::RemovePublicOpinion;
                } else {
                    self.after_payment();
                }
            }
            "pass-law" => {
                self.take_from_display(card);
                self.pay(seat, d.cost());
                self.say(
                    "law",
                    Some(seat),
                    format!("{name} takes a Law Action with {cname} ({} PW)", d.cost()),
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
            "event" => {
                self.take_from_display(card);
                let pw = self.spend_all(seat);
                self.say(
                    "event",
                    Some(seat),
                    format!("{name} plays the Special Event {cname}, spending {pw} PW"),
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
                        self.say(
                            "silent-sentinels",
                            Some(EQUALITY),
                            "Every Blue Apathy marker turns to Equality".into(),
                        );
                        self.refresh_all(EQUALITY);
                        self.public.step = Step::SentinelRemove;
                    }
                }
            }
            "amendment" => {
                self.public.aside.retain(|&c| c != card);
                let pw = self.spend_all(seat);
                self.say(
                    "amendment",
                    Some(seat),
                    format!("{name} attempts the {cname}, spending {pw} PW"),
                );
                self.new_action(ActionKind::Amendment, seat, card, 0);
                if let CardKind::Special(Special::Amendment(l)) = d.kind
                    && let Some(a) = self.public.action.as_mut()
                {
                    a.law = Some(l);
                }
                self.public.step = Step::RemovePublicOpinion;
            }
            "discard" => {
                self.take_from_display(card);
                self.discard_card(card);
                self.new_action(ActionKind::Discard, seat, card, 0);
                if let Some(a) = self.public.action.as_mut() {
                    a.discard_type = Some(d.card_type());
                }
                self.public.step = Step::DiscardMore;
            }
            "remove-reserve" => {
                self.remove_card(seat, card);
                self.end_player_phase();
            }
            _ => {}
        }
    }

    fn discard_card(&mut self, card: u8) {
        self.public.discard.push(card);
        self.push_log(
            LogEntry::new("discard", format!("{} is Discarded", card_name(card)))
                .card(card_id(card)),
        );
    }

    fn remove_card(&mut self, seat: Seat, card: u8) {
        self.take_from_reserve(seat, card);
        self.public.removed.push(card);
        self.push_log(
            LogEntry::new(
                "remove",
                format!(
                    "{} Removes {} from the game",
                    faction_name(seat),
                    card_name(card)
                ),
            )
            .seat(seat)
            .card(card_id(card)),
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
                self.say(
                    "reserve",
                    Some(SUPREMACY),
                    format!(
                        "{} enters Supremacy's Reserve face-{}",
                        card_name(a.card),
                        if face_up { "up" } else { "down" }
                    ),
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
        let summary: Vec<String> = a
            .targets
            .iter()
            .map(|t| format!("{} in {}", t.changed, region_name(t.region as usize)))
            .collect();
        self.say(
            "resolved",
            Some(a.seat),
            format!(
                "{:?} resolved: markers changed {}",
                a.kind,
                summary.join(", ")
            ),
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

    fn change_marker(&mut self, target: usize, op: &str, row: Row) {
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
            (_, EQUALITY, "flip") => (SUP, RED),
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
        self.push_log(
            LogEntry::new(
                "marker",
                format!(
                    "{}: {} {} → {} ({} voters)",
                    region_name(region),
                    if op == "flip" { "flip" } else { "replace" },
                    SIDE_NAMES[from],
                    SIDE_NAMES[to],
                    row.slug()
                ),
            )
            .seat(seat)
            .location(region_id(region)),
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
        self.push_log(
            LogEntry::new("vote", text)
                .seat(EQUALITY)
                .location(region_id(region))
                .amount(votes as i64),
        );
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
                    self.push_log(
                        LogEntry::new(
                            "amendment-passed",
                            format!("The {name} passes with {points} Congress Control Points"),
                        )
                        .seat(EQUALITY)
                        .card(card_id(a.card))
                        .amount(points as i64),
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
                    self.push_log(
                        LogEntry::new(
                            "amendment-failed",
                            format!(
                                "The {name} fails with {points} of {} Congress Control Points",
                                T.amendment_points
                            ),
                        )
                        .seat(EQUALITY)
                        .card(card_id(a.card))
                        .amount(points as i64),
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
        self.push_log(
            LogEntry::new(
                "law",
                format!("{} is in force in {}", law.name(), region_name(region)),
            )
            .seat(EQUALITY)
            .location(region_id(region)),
        );
        if law == Law::WomanSuffrage && !self.public.regions[region].women_open {
            let boxes = T.regions[region].women;
            let red = boxes.min(self.public.pool(SUPREMACY));
            let blue = (boxes - red).min(self.public.pool(EQUALITY));
            let r = &mut self.public.regions[region];
            r.women_open = true;
            r.women = [0, blue, red, 0];
            self.say(
                "women-voters",
                None,
                format!(
                    "The Women boxes of {} open: {red} Red Apathy, {blue} Blue Apathy",
                    region_name(region)
                ),
            );
        }
    }

    fn strike_law(&mut self, region: usize, law: Law) {
        self.public.regions[region].laws[law.index()] = false;
        self.push_log(
            LogEntry::new(
                "strike",
                format!(
                    "The Supreme Courts strike {} in {}",
                    law.name(),
                    region_name(region)
                ),
            )
            .seat(SUPREMACY)
            .location(region_id(region)),
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
        self.push_log(
            LogEntry::new(
                "reshuffle",
                format!(
                    "The Discards are shuffled into the Deck ({why}): {} cards",
                    self.public.deck_count
                ),
            )
            .amount(self.public.deck_count as i64),
        );
    }

    // ----- phases -----------------------------------------------------------------------------

    fn end_player_phase(&mut self) {
        let seat = self.public.active;
        let p = self.player_mut(seat);
        let lost = p.pw.saturating_sub(p.org);
        p.pw -= lost;
        if lost > 0 {
            self.push_log(
                LogEntry::new(
                    "pw-lost",
                    format!("{} discards {lost} PW above its Org", faction_name(seat)),
                )
                .seat(seat)
                .amount(lost as i64),
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
            self.say(
                "congress",
                Some(holder),
                format!(
                    "{} takes Congress Control ({} to {})",
                    faction_name(holder),
                    points[holder],
                    points[1 - holder]
                ),
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
            self.say(
                "refresh",
                Some(seat),
                format!("{} refreshes its whole Reserve", faction_name(seat)),
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
        self.say("turn", None, format!("Turn {} begins", self.public.turn));
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
        self.push_log(LogEntry::new("outcome", reason.clone()));
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

fn region_choice(r: usize) -> Choice {
    Choice::new(
        format!("region:{}", region_id(r)),
        "region",
        region_name(r).to_string(),
    )
    .location(region_id(r))
}

impl Game for TheVote {
    const ID: &'static str = GAME_ID;
    type View = View;

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
        self.options().map(|(s, _, _)| vec![s]).unwrap_or_default()
    }

    fn prompt(&self, seat: Seat) -> Option<Prompt> {
        let (s, text, choices) = self.options()?;
        (s == seat).then_some(Prompt {
            seat,
            text,
            choices,
        })
    }

    fn apply_legal(&mut self, seat: Seat, choice: &str) {
        self.act(seat, choice);
        self.settle();
    }

    fn log(&self) -> &[LogEntry] {
        &self.log
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
            log: Vec::new(),
            logging: false,
        }
    }

    fn shuffle_hidden(&self, viewer: Viewer, rng: &mut dyn RngCore) -> Self {
        let mut s = Self::resample(&self.public, viewer, rng);
        s.log = self.log.clone();
        s.logging = self.logging;
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
