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
//! # Where each rule lives
//!
//! | rule | file |
//! |---|---|
//! | the map, the 36 cards and the fixed numbers of the rules, as one table | `data.rs` |
//! | rules revision 2's retuned map (set-up sides, Congress Control Points) and the table each revision plays with | `retune.rs` |
//! | what each rules revision corrects, and how a game asks | `revision.rs` |
//! | set-up (3.0), the Initiative Phase's draw and income (5.0) | `setup.rs` |
//! | every decision — who decides, its legal actions in prompt order, its text, each action's label and what applying it does — side by side; the steps taken without asking | `decisions.rs` |
//! | the typed actions: choice ids and codes | `actions.rs` |
//! | the actions of a Player Phase once chosen (7.0–13.0): what each costs and starts, and what the opponent earns | `plays.rs` |
//! | Public Opinion in the Regions (7.0): Bonus Actions, Blocks, Counters, strength, markers | `opinion.rs` |
//! | Law votes and Amendment ratification (10.0, 11.3), suppression (10.3), Laws placed and struck, Supreme Courts and Silent Sentinels (11.0), reshuffles | `votes.rs` |
//! | PW, VP and Org scoring; the Reserve and cards moving between Display, Reserve, Discard and Removed | `tracks.rs` |
//! | the end of a Player Phase (6.0), Turn End (14.0): game end, Congress Control, the exhausted Deck, passive abilities, Refresh; the next turn | `turns.rs` |
//! | what the view says the game waits for, and where each Amendment stands | `pending.rs` |
//! | what no seat sees, and how search redraws it | `hidden.rs` |
//! | the log as typed events, rendered to text only when read | `log.rs` |
//!
//! Readings of the engine's own (beyond findings.md):
//! - Radicalize may stop short of its strength (`done`); Persuade changes as many markers as
//!   it can. Markers are chosen one at a time by row (Men / Women).
//! - The Suppression Action needs room in the Reserve after the Public Opinion card it
//!   Removes has gone.
//! - Refresh (14.4): at rules revision 0, a player who could refresh every face-down card
//!   had all flipped without asking; from revision 1 each flip is asked, with `done` to keep
//!   the rest face-down (see `revision.rs` for every revision-1 correction).
//! - Blocks and Counters (7.3): the opponent plays its Blocks (from revision 1, as many as
//!   it likes in any Region of the action; findings 9's one a Region held at revision 0),
//!   then the acting side its Counters; a Counter cannot be answered. The choice id names
//!   the Region and the Countering card only: the Counter negates the strongest Block not
//!   yet Countered there, which is always the acting side's best pick.
//! - Votes whose result no card can change are resolved at once; only Regions where
//!   Supremacy must suppress are put in order (by Supremacy for a Law, Equality for an
//!   Amendment).
//! - After the safety cap of [`data::Table::turn_cap`] turns the higher VP wins, Supremacy on
//!   a tie.

pub mod actions;
pub mod card;
pub mod data;
mod decisions;
pub mod help;
mod hidden;
pub mod log;
mod opinion;
pub mod pending;
mod plays;
pub mod region;
pub mod retune;
mod revision;
mod setup;
mod tracks;
mod turns;
mod votes;

use rand::RngCore;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

pub use self::actions::Action;
use self::actions::{Op, Play};
pub use self::card::Card;
use self::data::{CardKind, CardType, Faction, Law, Special};
pub use self::decisions::Decision;
use self::log::{ReshuffleFor, TvEvent, VoteResult, VpFor};
pub use self::pending::{AmendmentStatus, Pending};
pub use self::region::Region;
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
    pub card: Card,
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

impl ActionKind {
    /// The stable slug: the wire's name of the action, and the log kind of its start.
    pub fn slug(self) -> &'static str {
        match self {
            ActionKind::Radicalize => "radicalize",
            ActionKind::Persuade => "persuade",
            ActionKind::Law => "law",
            ActionKind::Suppression => "suppression",
            ActionKind::Amendment => "amendment",
            ActionKind::SupremeCourts => "supreme-courts",
            ActionKind::SilentSentinels => "silent-sentinels",
            ActionKind::Discard => "discard",
        }
    }
}

/// One Region an action works in: the original one, then the Bonus Actions in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Target {
    pub region: Region,
    /// The Region card flipped for this Bonus Action.
    pub bonus: Option<Card>,
    /// The opponent's card that Blocks here, and the card that Counters it.
    pub block: Option<Card>,
    pub counter: Option<Card>,
    /// Rules revision 1 (7.3 sets no limit): the Blocks played here after the first, in
    /// order, each with its own Counter. Always empty at revision 0.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub further_blocks: Vec<BlockPlay>,
    /// Votes suppressed here, and the cards Supremacy flipped for them.
    pub suppressed: u8,
    pub suppress_cards: Vec<Card>,
    /// Votes resolved (Law, Amendment) and whether it passed or ratified.
    pub resolved: bool,
    pub passed: bool,
    /// Markers flipped or replaced here (Public Opinion).
    pub changed: u8,
    /// Rules revision 1 (7.2): the rows where this Persuade flipped a Supremacy marker to
    /// Red Apathy, one entry a marker, so that marker is not replaced by the same action.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flipped: Vec<Row>,
}

/// A Block after the first in one Region (rules revision 1), and the card that Counters it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BlockPlay {
    pub card: Card,
    pub counter: Option<Card>,
}

impl Target {
    /// Every Block here with its Counter, the first one first.
    pub fn blocks(&self) -> impl Iterator<Item = (Card, Option<Card>)> + '_ {
        self.block
            .map(|b| (b, self.counter))
            .into_iter()
            .chain(self.further_blocks.iter().map(|b| (b.card, b.counter)))
    }
    /// Markers the Blocks not Countered here take off the action's strength.
    pub fn blocked(&self) -> u8 {
        self.blocks()
            .filter(|(_, counter)| counter.is_none())
            .map(|(b, _)| b.def().cost())
            .fold(0u8, u8::saturating_add)
    }
    /// Whether a Block here is still not Countered.
    pub fn has_open_block(&self) -> bool {
        self.blocks().any(|(_, counter)| counter.is_none())
    }
}

impl Target {
    fn new(region: Region, bonus: Option<Card>) -> Self {
        Target {
            region,
            bonus,
            block: None,
            counter: None,
            suppressed: 0,
            suppress_cards: Vec::new(),
            resolved: false,
            passed: false,
            changed: 0,
            further_blocks: Vec::new(),
            flipped: Vec::new(),
        }
    }
}

/// The action being resolved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionInProgress {
    pub kind: ActionKind,
    pub seat: Seat,
    pub card: Card,
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
    /// The rules revision the game is played under (from its set-up; absent in stored
    /// states: 0). See `revision.rs` for what each revision corrects.
    #[serde(default)]
    pub rules: u32,
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
    pub display: Vec<Card>,
    /// The face-up Discard pile, bottom to top.
    pub discard: Vec<Card>,
    /// Cards dealt face-down under Supreme Courts at set-up, unseen until the first reshuffle.
    pub hidden_discards: u8,
    pub deck_count: u8,
    /// Permanently Removed cards.
    pub removed: Vec<Card>,
    /// Cards beside the map: Silent Sentinels before Org 5, Amendments not passed.
    pub aside: Vec<Card>,
    pub amendments_passed: Vec<Card>,
    pub reshuffles: u32,
    pub action: Option<ActionInProgress>,
    pub step: Step,
    pub outcome: Option<Outcome>,
}

impl View {
    /// The state of one Region of the map.
    pub fn region(&self, r: Region) -> &RegionState {
        &self.regions[r.index()]
    }
    /// The state of one Region of the map, to change it.
    pub fn region_mut(&mut self, r: Region) -> &mut RegionState {
        &mut self.regions[r.index()]
    }
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
        (self.table().markers_each as u32).saturating_sub(self.markers_on_map(seat)) as u8
    }
    /// Every card whose place is public: the Display, the Discard pile, the Removed cards,
    /// the cards beside the map and the Reserves (not the card of the action in progress).
    pub fn placed_cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.display
            .iter()
            .chain(&self.discard)
            .chain(&self.removed)
            .chain(&self.aside)
            .copied()
            .chain(
                self.players
                    .iter()
                    .flat_map(|p| p.reserve.iter().map(|r| r.card)),
            )
    }
    pub fn display_of(&self, seat: Seat) -> impl Iterator<Item = Card> + '_ {
        self.display
            .iter()
            .copied()
            .filter(move |&c| c.def().faction.seat() == seat)
    }
}

/// What no seat may see: the deck order, the set-up discards and the generator.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Hidden {
    /// Top of the deck is the last card.
    deck: Vec<Card>,
    setup_discards: Vec<Card>,
    rng: GameRng,
}

/// A game of The Vote.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TheVote {
    public: View,
    hidden: Hidden,
    log: GameLog<TvEvent>,
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

    /// Logs the event `event()` builds, if this state keeps a log (a state built for
    /// search does not).
    #[inline]
    fn note(&mut self, event: impl FnOnce() -> TvEvent) {
        self.log.push_event(event);
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
}

impl Game for TheVote {
    const ID: &'static str = GAME_ID;
    type View = View;
    type Action = Action;
    type Event = TvEvent;

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

    fn events(&self) -> &GameLog<TvEvent> {
        &self.log
    }

    fn render_event(&self, event: &TvEvent, seq: u64) -> LogEntry {
        event.render(&self.public, seq)
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
