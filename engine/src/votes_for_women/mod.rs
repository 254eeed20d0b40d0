//! Votes for Women (`votes-for-women`): the Suffragist side pushes Congress to send the 19th
//! Amendment to the states and then wins 36 ratifications; the Opposition blocks Congress
//! for six turns or wins 13 rejections.
//!
//! The state is a public [`Board`] plus [`Hidden`] parts (hands, deck order, the cards an
//! effect has drawn, the Strategy deck, the 3 set-aside State cards, the generator). Cards run
//! through one interpreter: each play is a [`Frame`] on a stack holding the card, its
//! program counter and the [`Task`] that waits for a decision; a card that plays another
//! card pushes a frame on top, and the parent resumes when it pops. Every reading of an
//! unclear rule follows `shared/reference/votes-for-women/facts.md`.
//!
//! Seats: seat 0 is the Suffragist, seat 1 the Opposition. `Board::seats` maps seats to
//! sides; in the team variants a side has two seats (Purple and Yellow, or First and Second
//! Opposition), `coop` is Purple and Yellow against the Oppobot. Buttons, decks and the drawn
//! zone stay per side; hands and claimed cards are per player ([`player`]).
//!
//! Choice ids: `event:<card>`, `campaign:<card>`, `organize:<card>`, `lobby:<card>`,
//! `claimed:<card>`, `done`; cubes are `state:NY`, or `purple:NY` / `yellow:NY` where a colour
//! is chosen (the Suffragist adding, or the Opposition removing from a state that holds
//! both); `move:<region>`, `die:<n>`, `keep` / `reroll`, `commit:<n>`, `defer` / `match` /
//! `supersede`, `strategy:<card>`, `play:<card>`, `top:<card>`, `discard:<card>`,
//! `remove:<card>`, `region:<region>`, `stay`, `pass`.
//!
//! Our own readings where neither the rulebook nor `facts.md` decides:
//! - a hand card with no legal use (no Campaigner, event not playable) may be discarded
//!   without effect, so that a round never dead-ends; a side with an empty hand skips;
//! - the card discarded by "draw 2, discard 1" is shown to both sides;
//! - cards stacked on the deck by The Winning Plan / Progress, Not Politics are placed one at
//!   a time, each above the last; the owner remembers them, the opponent sees counts;
//! - a Campaigner must place its cubes while its region has an open state; it may pass only
//!   when none is open (and it could still pay to move).
//! - cubes are unlimited, as in `facts.md`'s source (the box holds 65/65/60); buttons are
//!   capped at 12 and 6.
//! - team variants: a player campaigns only with a Campaigner of her own colour (the Opposition
//!   has one colour, so its partners share theirs); with fewer own Campaigners than dice each
//!   die goes to one of them (`campaigner:<k>`), otherwise one die each as in the two-player
//!   game; Organizing and Lobbying need any Campaigner of the side;
//! - Eye on the Future shows the searcher the playable cards of her deck (the choices), not
//!   the whole deck: in the team variants the whole shared deck would tell her partner's hand
//!   by elimination, and the rulebook never shows a partner's hand;
//! - team variants: Change In Plans looks at the hand of the opposing player whose round it
//!   is; the side's drawn cards and stacked deck ends are seen by both partners;
//! - team variants: in Final Voting each side's die is rolled (and re-rolled) by the partner
//!   who picked last for that side; in Cleanup each partner proposes in turn (first, then
//!   second) until `done`, and each proposal (the held-card swap, or one claimed card) can be
//!   made once per Cleanup, so the phase always ends; the Strategy card a two-player side
//!   wins is taken by its second player, who keeps it or gives it (`give:<card>`).

pub mod data;
mod oppobot;
#[cfg(test)]
mod oppobot_tests;
#[cfg(test)]
mod team_tests;
#[cfg(test)]
mod tests;

pub use oppobot::OppobotMode;

use std::collections::HashSet;

use rand::seq::SliceRandom;
use rand::{Rng, RngCore};
use serde::{Deserialize, Serialize};

use self::data::*;
use crate::core::*;
use crate::rng::{self, GameRng};
use crate::{Game, Options};

pub const GAME_ID: &str = "votes-for-women";
/// Checks the Suffragist needs, and Xs the Opposition needs.
pub const CHECKS_TO_WIN: u8 = 36;
pub const XS_TO_WIN: u8 = 13;
pub const TURNS: u8 = 6;
pub const ROUNDS: u8 = 6;
/// Cards drawn in each Planning phase.
pub const PLANNING_DRAW: usize = 6;
/// The variant with one Suffragist seat against the Oppobot.
pub const SOLITAIRE: &str = "solitaire";
/// Purple and Yellow (two seats) together against the Oppobot.
pub const COOP: &str = "coop";
/// Purple and Yellow against one Opposition player (3 seats).
pub const TEAM_3_SUFFRAGISTS: &str = "team-3-suffragists";
/// One Suffragist against a First and a Second Opposition player (3 seats).
pub const TEAM_3_OPPOSITION: &str = "team-3-opposition";
/// Purple and Yellow against a First and a Second Opposition player (4 seats).
pub const TEAM_4: &str = "team-4";
/// Cards each player of a two-player side draws in the Planning phase (to hold 4).
pub const TEAM_PLANNING_DRAW: usize = 3;

/// The index of a player: its side's index for the side's first (or only) player (Purple,
/// the First Opposition player), plus 2 for the second (Yellow, the Second Opposition
/// player). Hands and claimed cards are kept per player.
pub fn player(side: Side, slot: u8) -> usize {
    side.index() + 2 * slot as usize
}

/// A Green check (ratified) or a Red X (rejected).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mark {
    Check,
    X,
}

/// What lies in one state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UsState {
    pub purple: u8,
    pub yellow: u8,
    pub red: u8,
    pub mark: Option<Mark>,
}

impl UsState {
    pub fn cubes(&self, side: Side) -> u8 {
        match side {
            Side::Suffragist => self.purple + self.yellow,
            Side::Opposition => self.red,
        }
    }
}

/// A Campaigner on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Campaigner {
    pub hue: Hue,
    pub region: Region,
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Turns 2–6: the Suffragist commits buttons, the Opposition answers.
    Strategy,
    /// Six rounds of card play.
    Operations,
    /// After turn 6: states vote one by one.
    FinalVoting,
    Finished,
    /// End of turns 1–5 with a two-player side: partners may exchange held and claimed
    /// cards, each exchange proposed by one and accepted or declined by the other.
    Cleanup,
}

/// The Cleanup exchanges of a two-player side in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exchanges {
    /// The side whose partners exchange now.
    pub side: Side,
    /// Which of the two proposes now (0 first, 1 second); each proposes until `done`.
    pub proposer: u8,
    /// The proposal waiting for the partner's answer: `held` (swap the held cards),
    /// `give:<card>` (the proposer gives a claimed card), `ask:<card>` (the partner gives one).
    pub offer: Option<String>,
    /// What was proposed already this Cleanup (`held`, or a claimed card's slug): each at
    /// most once, so the phase always ends.
    pub made: Vec<String>,
}

/// Why dice were rolled, which decides when a re-roll is offered and what follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DicePurpose {
    /// 3+ lets the card continue; a re-roll is offered only after a failure.
    Gate,
    /// The total is the count of the next op.
    Count,
    /// A Campaigning action: one die per Campaigner.
    Campaign,
    /// A Lobbying action: each success moves Congress.
    Lobby,
    /// Superior Lobbying: 4d8, each 6+ moves Congress.
    Superior,
}

/// Where a placement may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlaceArea {
    Anywhere,
    In(Region),
    /// One state per region, `n` cubes there.
    OnePerRegion(u8),
}

/// What a state choice is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StatePick {
    Veto,
    Reconsideration,
    Bellwether,
}

/// Which cards a "play one" choice is among.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayFrom {
    /// The 2 drawn cards: play one, discard the rest.
    DrawnDiscardRest,
    /// The 6 drawn cards of The Winning Plan: play one, stack the rest.
    DrawnThenStack,
    /// The whole Draw Deck (Eye on the Future), then reshuffle.
    Deck,
}

/// A decision a frame waits for (or an automatic continuation of one op).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Task {
    Dice {
        purpose: DicePurpose,
        die: Die,
        dice: Vec<u8>,
    },
    /// Give die values to the side's Campaigners, in board order.
    Assign {
        dice: Vec<u8>,
        given: Vec<(u8, u8)>,
    },
    /// Campaigning on a two-player side: the dice of all the side's Campaigners go one by
    /// one to the player's own Campaigners (`totals`: campaigner index, cubes so far).
    PoolAssign {
        dice: Vec<u8>,
        totals: Vec<(u8, u8)>,
    },
    /// Each Campaigner in turn places its cubes (`queue`: campaigner index, cubes).
    Campaign {
        queue: Vec<(u8, u8)>,
        left: u8,
        started: bool,
        moved: bool,
    },
    Place {
        left: u8,
        area: PlaceArea,
        cap: u8,
        placed: Vec<(St, u8)>,
    },
    /// One cube into each listed state, front first.
    Fixed {
        queue: Vec<St>,
    },
    Remove {
        left: u8,
        cap: u8,
        placed: Vec<(St, u8)>,
    },
    RemoveAll {
        hue: HueSet,
        left: u8,
    },
    ChooseRegion {
        n: u8,
    },
    PickStrategy,
    PlayOne {
        from: PlayFrom,
    },
    /// Put drawn cards on top of the deck one by one; `done` sends the rest to the bottom.
    Stack,
    ChangeInPlans,
    PickState {
        pick: StatePick,
    },
    /// Move own Campaigners for free (index into the side's Campaigners), then campaign.
    Transport {
        next: u8,
    },
    CounterStrat,
}

/// What a frame plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Source {
    /// A card played as an event (from hand, from a claimed card, or from another card).
    Card(CardId),
    Campaign,
    Lobby,
    /// Choosing the Strategy card won in the Strategy Phase.
    StrategyPick,
}

/// One play in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Frame {
    pub side: Side,
    pub source: Source,
    /// Next op of the card's program.
    pub pc: u8,
    /// The last roll's total, for "add that number".
    pub count: u8,
    /// The card's roll failed: it ends without effect and is not boxed.
    pub failed: bool,
    /// Where this frame's drawn cards start in its side's drawn zone (cards drawn by a
    /// card it plays come after them).
    #[serde(default)]
    pub base: u8,
    pub task: Option<Task>,
    /// Which player of the side plays it (0: first or only, 1: second).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub slot: u8,
    /// The card is a State or Strategy card the Oppobot claimed, played for its Oppobot
    /// text (`oppobot_alt_texts.md`) instead of its own.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub oppobot_text: bool,
}

/// A state being decided in Final Voting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Vote {
    pub state: St,
    /// Die results of the Suffragist and the Opposition.
    pub rolls: [u8; 2],
}

/// Everything public.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    pub variant: String,
    /// The side of each seat.
    pub seats: Vec<Side>,
    pub turn: u8,
    pub phase: Phase,
    /// Operations round 1–6.
    pub round: u8,
    /// The side whose part of the round it is.
    pub active: Side,
    pub hand_done: bool,
    pub claimed_done: bool,
    /// Buttons the Suffragist committed in this Strategy Phase, once announced.
    pub commit: Option<u8>,
    pub states: Vec<UsState>,
    pub campaigners: Vec<Campaigner>,
    pub congress: u8,
    pub amendment_sent: bool,
    pub checks: u8,
    pub xs: u8,
    pub buttons: [u8; 2],
    pub rest_of_turn: Vec<CardId>,
    pub rest_of_game: Vec<CardId>,
    pub final_voting_box: Vec<CardId>,
    pub available_states: Vec<CardId>,
    pub strategy_display: Vec<CardId>,
    /// Claimed State and Strategy cards per player (see [`player`]): 2 entries, or 4 when a
    /// side has two players.
    pub claimed: Vec<Vec<CardId>>,
    /// Cards out of the game, seen by both sides.
    pub out: Vec<CardId>,
    /// The Draw Deck is still stacked by era (no reshuffle yet).
    pub era_ordered: [bool; 2],
    pub stack: Vec<Frame>,
    /// Who chooses the next state in Final Voting.
    pub chooser: Side,
    /// States decided in Final Voting so far: sets whose turn it is to pick and roll.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub votes_cast: u8,
    /// The Cleanup exchanges in progress (team variants only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exchanges: Option<Exchanges>,
    pub vote: Option<Vote>,
    pub outcome: Option<Outcome>,
    /// Set when the Opposition is the Oppobot (solitaire): its difficulty and its Start
    /// cards still face up. Absent in the two-player game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub oppobot: Option<OppobotMode>,
}

/// What one viewer may know: the board, every count, and the private zones it may see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub board: Board,
    pub viewer: Option<Side>,
    /// Which player of its side the viewer is (0 first or only, 1 second).
    #[serde(default)]
    pub viewer_slot: u8,
    /// Cards in each player's hand (see [`player`]).
    pub hand_count: Vec<u8>,
    pub drawn_count: [u8; 2],
    pub deck_count: [u8; 2],
    pub deck_top_count: [u8; 2],
    pub deck_bottom_count: [u8; 2],
    pub strategy_deck_count: u8,
    /// Each player's hand, when this viewer may see it (its own, or an opponent's under
    /// Change In Plans); a partner's hand stays hidden.
    pub hands: Vec<Option<Vec<CardId>>>,
    /// Cards an effect has drawn and not yet placed (own only).
    pub drawn: [Option<Vec<CardId>>; 2],
    /// Cards the owner put on top of its deck, the next draw last (own only).
    pub deck_top: [Option<Vec<CardId>>; 2],
    /// Cards the owner put at the bottom of its deck, the very bottom first (own only).
    pub deck_bottom: [Option<Vec<CardId>>; 2],
    /// While the viewer resolves Eye on the Future: the cards of its side's Draw Deck it may
    /// play, sorted (its prompt's choices). The deck's other cards and their order stay
    /// hidden, and so does a partner's hand (see [`VotesForWomen::deck_search`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck_search: Option<Vec<CardId>>,
}

/// A side's Draw Deck: cards of known position at both ends, unknown order between.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawDeck {
    /// Bottom first.
    pub bottom: Vec<CardId>,
    /// Bottom first; the end is the top.
    pub middle: Vec<CardId>,
    /// The end is the top card.
    pub top: Vec<CardId>,
}

impl DrawDeck {
    fn len(&self) -> usize {
        self.bottom.len() + self.middle.len() + self.top.len()
    }
    fn draw(&mut self) -> Option<CardId> {
        self.top
            .pop()
            .or_else(|| self.middle.pop())
            .or_else(|| self.bottom.pop())
    }
    fn all(&self) -> Vec<CardId> {
        let mut v = self.bottom.clone();
        v.extend(&self.middle);
        v.extend(&self.top);
        v
    }
    fn remove(&mut self, c: CardId) -> bool {
        for zone in [&mut self.top, &mut self.middle, &mut self.bottom] {
            if let Some(i) = zone.iter().position(|&x| x == c) {
                zone.remove(i);
                return true;
            }
        }
        false
    }
}

/// What no other seat may see.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Hidden {
    /// Per player (see [`player`]).
    pub hands: Vec<Vec<CardId>>,
    pub drawn: [Vec<CardId>; 2],
    pub decks: [DrawDeck; 2],
    /// Top is the end.
    pub strategy_deck: Vec<CardId>,
    pub set_aside_states: Vec<CardId>,
    pub rng: GameRng,
    /// Die results to use before the generator's, first first (tests set these to replay
    /// the rulebook's examples).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forced_dice: Vec<u8>,
    /// The Oppobot's 6 event cards set aside unseen at set-up.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub oppobot_set_aside: Vec<CardId>,
}

/// A game of Votes for Women.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct VotesForWomen {
    board: Board,
    hidden: Hidden,
    log: Vec<LogEntry>,
    #[serde(default = "yes")]
    logging: bool,
}

fn yes() -> bool {
    true
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl Board {
    /// Whether `side` is played by two players (Purple and Yellow, or First and Second).
    pub fn pair(&self, side: Side) -> bool {
        self.seats.iter().filter(|&&s| s == side).count() == 2
    }

    /// The seat of `side`'s player `slot`, if a person plays it (not the Oppobot).
    pub fn player_seat(&self, side: Side, slot: u8) -> Option<Seat> {
        self.seats
            .iter()
            .enumerate()
            .filter(|&(_, &s)| s == side)
            .nth(slot as usize)
            .map(|(i, _)| i)
    }

    /// The side and slot a seat plays.
    pub fn seat_player(&self, seat: Seat) -> Option<(Side, u8)> {
        let side = *self.seats.get(seat)?;
        let slot = self.seats[..seat].iter().filter(|&&s| s == side).count() as u8;
        Some((side, slot))
    }

    /// The name of `side`'s player `slot`: Purple / Yellow or First / Second Opposition on
    /// a two-player side, else the side's name.
    pub fn player_name(&self, side: Side, slot: u8) -> &'static str {
        if !self.pair(side) {
            return side.name();
        }
        match (side, slot) {
            (Side::Suffragist, 0) => "Purple",
            (Side::Suffragist, _) => "Yellow",
            (Side::Opposition, 0) => "First Opposition",
            (Side::Opposition, _) => "Second Opposition",
        }
    }

    /// Which of `side`'s players plays this Operations round: on a two-player side the first
    /// plays rounds 1, 3, 5 and the second rounds 2, 4, 6.
    pub fn round_slot(&self, side: Side) -> u8 {
        u8::from(self.pair(side) && self.round.is_multiple_of(2))
    }

    /// The player who makes `side`'s Strategy Phase decisions: the second on a two-player side.
    pub fn strategy_slot(&self, side: Side) -> u8 {
        u8::from(self.pair(side))
    }

    /// Final Voting: the player who picks the next state. The order is Suffragist first,
    /// Opposition first, Suffragist second, Opposition second, and again.
    pub fn vote_picker(&self) -> (Side, u8) {
        let k = self.votes_cast % 4;
        let side = if k.is_multiple_of(2) {
            Side::Suffragist
        } else {
            Side::Opposition
        };
        (side, u8::from(k >= 2 && self.pair(side)))
    }

    /// Final Voting: the player of `side` who rolls (and may re-roll) for the state being
    /// decided: the one of its players who picked last (its first player before any pick).
    pub fn vote_roller(&self, side: Side) -> u8 {
        if !self.pair(side) {
            return 0;
        }
        let k = self.votes_cast;
        match side {
            Side::Suffragist => (k / 2) % 2,
            Side::Opposition => (k.saturating_sub(1) / 2) % 2,
        }
    }
}

/// The decision the game waits for.
struct Decision {
    side: Side,
    /// Which of the side's players decides.
    slot: u8,
    text: String,
    choices: Vec<Choice>,
}

fn roll(rng: &mut GameRng, die: Die) -> u8 {
    rng.random_range(1..=die.sides()) as u8
}

/// A choice; its label is rendered only for prompts shown to a player (`full`), not for the
/// engine's own bookkeeping (who acts, single-choice steps).
fn mk<L: Into<String>>(
    full: bool,
    id: impl Into<String>,
    kind: &str,
    label: impl FnOnce() -> L,
) -> Choice {
    let label = if full { label().into() } else { String::new() };
    Choice::new(id, kind, label)
}

/// The ids and labels of the cube choices in one state, rendered once: cube placements
/// are most of the choices a game offers.
struct StateTexts {
    code: &'static str,
    id_state: String,
    id_purple: String,
    id_yellow: String,
    add_purple: String,
    add_yellow: String,
    add_red: String,
    rm_red: String,
    rm_purple: String,
    rm_yellow: String,
    rm_suffragist: String,
    rm_cube: String,
}

fn state_texts(s: St) -> &'static StateTexts {
    static TEXTS: std::sync::OnceLock<Vec<StateTexts>> = std::sync::OnceLock::new();
    let all = TEXTS.get_or_init(|| {
        STATES
            .iter()
            .map(|d| {
                let (c, n) = (d.code, d.name);
                StateTexts {
                    code: c,
                    id_state: format!("state:{c}"),
                    id_purple: format!("purple:{c}"),
                    id_yellow: format!("yellow:{c}"),
                    add_purple: format!("{n}: add a purple cube"),
                    add_yellow: format!("{n}: add a yellow cube"),
                    add_red: format!("{n}: add a red cube"),
                    rm_red: format!("{n}: remove a red cube"),
                    rm_purple: format!("{n}: remove a purple cube"),
                    rm_yellow: format!("{n}: remove a yellow cube"),
                    rm_suffragist: format!("{n}: remove a Suffragist cube"),
                    rm_cube: format!("{n}: remove a cube"),
                }
            })
            .collect()
    });
    &all[(s as usize).min(47)]
}

fn join(d: &[u8]) -> String {
    d.iter().map(u8::to_string).collect::<Vec<_>>().join(", ")
}

impl VotesForWomen {
    // ----- accessors (also used by tests) ------------------------------------------------

    pub fn board(&self) -> &Board {
        &self.board
    }
    /// The hand of `side`'s first (or only) player.
    pub fn hand(&self, side: Side) -> &[CardId] {
        &self.hidden.hands[side.index()]
    }
    /// The hand of `side`'s player `slot`.
    pub fn player_hand(&self, side: Side, slot: u8) -> &[CardId] {
        self.hidden
            .hands
            .get(player(side, slot))
            .map(Vec::as_slice)
            .unwrap_or(&[])
    }
    pub fn deck_len(&self, side: Side) -> usize {
        self.hidden.decks[side.index()].len()
    }
    pub fn hidden(&self) -> &Hidden {
        &self.hidden
    }

    /// Test support: change the state directly, then let the game continue from it.
    #[doc(hidden)]
    pub fn edit(&mut self, f: impl FnOnce(&mut Board, &mut Hidden)) {
        f(&mut self.board, &mut self.hidden);
        self.run();
    }

    /// The seat of `side`'s player acting now (see [`Self::slot_now`]); a seat number past
    /// the last seat for the Oppobot, whose log entries then name no seat.
    fn seat_of(&self, side: Side) -> Seat {
        self.board
            .player_seat(side, self.slot_now(side))
            .unwrap_or(usize::MAX)
    }

    /// Which of `side`'s players acts now: the one playing the latest card of that side, else
    /// the one whose part of the phase it is.
    fn slot_now(&self, side: Side) -> u8 {
        if let Some(f) = self.board.stack.iter().rev().find(|f| f.side == side) {
            return f.slot;
        }
        match self.board.phase {
            Phase::Operations => self.board.round_slot(side),
            Phase::Strategy => self.board.strategy_slot(side),
            Phase::FinalVoting => self.board.vote_roller(side),
            Phase::Cleanup => match &self.board.exchanges {
                Some(x) if x.side == side => x.proposer,
                _ => 0,
            },
            Phase::Finished => 0,
        }
    }

    /// The hand of `side`'s player acting now.
    fn hand_now(&self, side: Side) -> &Vec<CardId> {
        &self.hidden.hands[player(side, self.slot_now(side))]
    }

    /// `side`'s Campaigners that its player `slot` controls: on a two-player Suffragist side,
    /// Purple's or Yellow's only; else all of the side's.
    fn own_campaigners(&self, side: Side, slot: u8) -> Vec<u8> {
        let all = self.campaigners_of(side);
        if side == Side::Suffragist && self.board.pair(side) {
            let hue = if slot == 0 { Hue::Purple } else { Hue::Yellow };
            all.into_iter()
                .filter(|&i| self.board.campaigners[i as usize].hue == hue)
                .collect()
        } else {
            all
        }
    }

    /// The player name of `side`'s player acting now, for log lines and prompts.
    fn who(&self, side: Side) -> &'static str {
        self.board.player_name(side, self.slot_now(side))
    }

    /// The seats playing `side`.
    fn side_seats(&self, side: Side) -> Vec<Seat> {
        (0..self.board.seats.len())
            .filter(|&s| self.board.seats[s] == side)
            .collect()
    }

    fn push_log(&mut self, entry: LogEntry) {
        if self.logging {
            let mut entry = entry;
            entry.seq = self.log.len() as u64;
            // The Oppobot has no seat: its entries name no seat.
            if entry.seat.is_some_and(|s| s >= self.board.seats.len()) {
                entry.seat = None;
            }
            self.log.push(entry);
        }
    }

    fn say(&mut self, side: Side, kind: &str, text: String) {
        let seat = self.seat_of(side);
        self.push_log(LogEntry::new(kind, text).seat(seat));
    }

    /// Whether card `c` is in effect. Oppobot cards count as the Opposition cards whose
    /// names they bear (its The Civil War is the one Union Victory tests).
    fn in_box(&self, c: CardId) -> bool {
        let name = card(c).name;
        self.board
            .rest_of_turn
            .iter()
            .chain(&self.board.rest_of_game)
            .chain(&self.board.final_voting_box)
            .any(|&x| x == c || card(x).name == name)
    }

    fn lasting(&self, l: Lasting) -> impl Iterator<Item = &'static CardDef> + '_ {
        self.board
            .rest_of_turn
            .iter()
            .chain(&self.board.rest_of_game)
            .chain(&self.board.final_voting_box)
            .map(|&c| card(c))
            .filter(move |c| c.persist.is_some_and(|p| p.lasting == l))
    }

    fn has_lasting(&self, l: Lasting) -> bool {
        self.lasting(l).next().is_some()
    }

    fn side_lasting(&self, side: Side, l: Lasting) -> bool {
        self.lasting(l).any(|c| c.side() == Some(side))
    }

    fn campaigners_of(&self, side: Side) -> Vec<u8> {
        (0..self.board.campaigners.len() as u8)
            .filter(|&i| self.board.campaigners[i as usize].hue.side() == side)
            .collect()
    }

    fn buttons(&self, side: Side) -> u8 {
        self.board.buttons[side.index()]
    }

    fn gain_buttons(&mut self, side: Side, n: u8) {
        let b = &mut self.board.buttons[side.index()];
        let before = *b;
        *b = (*b + n).min(side.button_cap());
        let got = *b - before;
        let now = *b;
        self.say(
            side,
            "buttons",
            format!("{} receives {got} buttons (now {now})", side.name()),
        );
    }

    fn lose_buttons(&mut self, side: Side, n: u8) {
        let b = &mut self.board.buttons[side.index()];
        let lost = n.min(*b);
        *b -= lost;
        let now = *b;
        self.say(
            side,
            "buttons",
            format!("{} loses {lost} buttons (now {now})", side.name()),
        );
    }

    fn spend(&mut self, side: Side, n: u8) {
        let b = &mut self.board.buttons[side.index()];
        *b = b.saturating_sub(n);
    }

    /// Extra buttons the Suffragist pays to play an event card while a cost card is boxed.
    fn event_tax(&self, side: Side, c: CardId) -> u8 {
        u8::from(
            side == Side::Suffragist
                && card(c).is_event_card()
                && self.has_lasting(Lasting::EventCostsButton),
        )
    }

    /// Whether `side` may play card `c` as an event now.
    pub fn playable(&self, side: Side, c: CardId) -> bool {
        let def = card(c);
        let prereqs = def.prereqs.iter().all(|&p| self.prereq_met(p, def.ops));
        prereqs && self.buttons(side) >= def.cost + self.event_tax(side, c)
    }

    fn prereq_met(&self, p: Prereq, ops: &[Op]) -> bool {
        match p {
            Prereq::InEffect(x) => self.in_box(x),
            Prereq::NotInEffect(x) => !self.in_box(x),
            Prereq::AmendmentSent => self.board.amendment_sent,
            Prereq::TurnAtLeast(t) => self.board.turn >= t,
            Prereq::CongressAtLeast(n) => self.board.congress >= n,
            Prereq::ChecksAtLeast(n) => self.board.checks >= n,
            Prereq::WouldRemove(n) => self.would_remove(ops) >= n as u32,
        }
    }

    fn campaign_die(&self, side: Side) -> Die {
        if self.side_lasting(side, Lasting::CampaignD6) {
            Die::D6
        } else {
            Die::D4
        }
    }

    fn campaign_cost(&self, side: Side) -> u8 {
        u8::from(side == Side::Suffragist && self.has_lasting(Lasting::CampaignCostsButton))
    }

    /// The Suffragist may not add cubes here (The Civil War).
    fn blocked(&self, side: Side, s: St) -> bool {
        side == Side::Suffragist
            && matches!(region_of(s), Region::South | Region::AtlanticAppalachia)
            && self.has_lasting(Lasting::NoSuffragistCubesSouth)
    }

    fn can_add(&self, side: Side, s: St) -> bool {
        self.board.states[s as usize].mark.is_none() && !self.blocked(side, s)
    }

    // ----- set-up ------------------------------------------------------------------------

    fn setup(setup: &Setup) -> Result<Self, SetupError> {
        let info = Self::info();
        let (variant, opts): (VariantInfo, Options) = info.validate(setup)?;
        let solitaire = variant.id == SOLITAIRE || variant.id == COOP;
        let seats: Vec<Side> = match variant.id.as_str() {
            SOLITAIRE => vec![Side::Suffragist],
            COOP => vec![Side::Suffragist, Side::Suffragist],
            TEAM_3_SUFFRAGISTS => vec![Side::Suffragist, Side::Suffragist, Side::Opposition],
            TEAM_3_OPPOSITION => vec![Side::Suffragist, Side::Opposition, Side::Opposition],
            TEAM_4 => vec![
                Side::Suffragist,
                Side::Suffragist,
                Side::Opposition,
                Side::Opposition,
            ],
            _ => vec![Side::Suffragist, Side::Opposition],
        };
        let pair = |side: Side| seats.iter().filter(|&&s| s == side).count() == 2;
        let players = if pair(Side::Suffragist) || pair(Side::Opposition) {
            4
        } else {
            2
        };
        let mut rng = rng::from_seed(setup.seed);
        let mut states: Vec<CardId> = deck_cards(Deck::State).collect();
        states.shuffle(&mut rng);
        let set_aside = states.split_off(9);
        states.sort_unstable();
        let mut strategy: Vec<CardId> = deck_cards(Deck::Strategy)
            .filter(|c| !solitaire || !NOT_VERSUS_OPPOBOT.contains(c))
            .collect();
        strategy.shuffle(&mut rng);
        let display = strategy.split_off(strategy.len() - 3);
        let mut decks = [DrawDeck::default(), DrawDeck::default()];
        let mut hands = vec![Vec::new(); players];
        let mut bot_set_aside = Vec::new();
        for (i, deck) in [Deck::Suffragist, Deck::Opposition].into_iter().enumerate() {
            let bot_deck = solitaire && i == 1;
            let mut middle = Vec::new();
            for era in [Era::Late, Era::Middle, Era::Early] {
                let mut cards: Vec<CardId> = if bot_deck {
                    oppobot_cards().filter(|&c| card(c).era == era).collect()
                } else {
                    deck_cards(deck).filter(|&c| card(c).era == era).collect()
                };
                cards.shuffle(&mut rng);
                if bot_deck {
                    // The top two of each era are set aside unseen.
                    let k = cards.len() - 2;
                    bot_set_aside.extend(cards.split_off(k));
                }
                middle.extend(cards);
            }
            if bot_deck {
                decks[i].middle = middle;
                continue;
            }
            decks[i].middle = middle;
            hands[i] = deck_cards(deck)
                .filter(|&c| card(c).era == Era::Start)
                .collect();
            // The second player of a side starts with a random Early card: the top of the
            // shuffled Early cards.
            if pair(Side::from_index(i))
                && let Some(c) = decks[i].draw()
            {
                hands[i + 2].push(c);
            }
        }
        let mut game = VotesForWomen {
            board: Board {
                variant: variant.id.clone(),
                seats,
                turn: 1,
                phase: Phase::Operations,
                round: 1,
                active: Side::Suffragist,
                hand_done: false,
                claimed_done: false,
                commit: None,
                states: vec![UsState::default(); 48],
                campaigners: Vec::new(),
                congress: 0,
                amendment_sent: false,
                checks: 0,
                xs: 0,
                buttons: [0, 0],
                rest_of_turn: Vec::new(),
                rest_of_game: Vec::new(),
                final_voting_box: Vec::new(),
                available_states: states,
                strategy_display: display,
                claimed: vec![Vec::new(); players],
                out: Vec::new(),
                era_ordered: [true, true],
                stack: Vec::new(),
                chooser: Side::Suffragist,
                votes_cast: 0,
                exchanges: None,
                vote: None,
                outcome: None,
                oppobot: solitaire.then(|| OppobotMode {
                    hard: opts.choice("oppobot") == "hard",
                    starts: OPPOBOT_STARTS.to_vec(),
                }),
            },
            hidden: Hidden {
                hands,
                drawn: [Vec::new(), Vec::new()],
                decks,
                strategy_deck: strategy,
                set_aside_states: set_aside,
                rng,
                forced_dice: Vec::new(),
                oppobot_set_aside: bot_set_aside,
            },
            log: Vec::new(),
            logging: true,
        };
        let names: Vec<&str> = game
            .board
            .available_states
            .iter()
            .map(|&c| card(c).name)
            .collect();
        let text = format!("State cards in play: {}", names.join(", "));
        game.push_log(LogEntry::new("setup", text));
        let names: Vec<&str> = game
            .board
            .strategy_display
            .iter()
            .map(|&c| card(c).name)
            .collect();
        let text = format!("Strategy cards available: {}", names.join(", "));
        game.push_log(LogEntry::new("setup", text));
        game.begin_turn();
        game.run();
        Ok(game)
    }

    /// Planning (draw 6 each), then the Strategy Phase from turn 2 on, else Operations.
    fn begin_turn(&mut self) {
        let t = self.board.turn;
        self.push_log(LogEntry::new("turn", format!("Turn {t} begins")).amount(t as i64));
        self.board.round = 1;
        for side in [Side::Suffragist, Side::Opposition] {
            // The Oppobot skips the Planning Phase; each of two partners draws 3.
            if self.is_bot(side) {
            } else if self.board.pair(side) {
                for slot in 0..2 {
                    self.draw_to(side, slot, TEAM_PLANNING_DRAW, false);
                }
            } else {
                self.draw(side, PLANNING_DRAW, false);
            }
        }
        self.board.active = Side::Suffragist;
        self.board.hand_done = false;
        self.board.claimed_done = false;
        if t >= 2 {
            self.board.phase = Phase::Strategy;
            self.board.commit = None;
        } else {
            self.board.phase = Phase::Operations;
        }
    }

    /// Draws up to `n` cards into the acting player's hand (or into the side's drawn zone
    /// for an effect).
    fn draw(&mut self, side: Side, n: usize, to_drawn: bool) -> usize {
        let slot = self.slot_now(side);
        self.draw_to(side, slot, n, to_drawn)
    }

    /// Draws up to `n` cards into the hand of `side`'s player `slot` (or the drawn zone).
    fn draw_to(&mut self, side: Side, slot: u8, n: usize, to_drawn: bool) -> usize {
        let i = side.index();
        let mut got = Vec::new();
        for _ in 0..n {
            match self.hidden.decks[i].draw() {
                Some(c) => got.push(c),
                None => break,
            }
        }
        let names: Vec<&str> = got.iter().map(|&c| card(c).name).collect();
        let k = got.len();
        // Drawn-zone cards are the side's (both partners see them); a hand is one player's.
        let readers = if to_drawn {
            self.hidden.drawn[i].extend(&got);
            self.side_seats(side)
        } else {
            self.hidden.hands[player(side, slot)].extend(&got);
            self.board.player_seat(side, slot).into_iter().collect()
        };
        let seat = self.board.player_seat(side, slot).unwrap_or(usize::MAX);
        let who = self.board.player_name(side, slot);
        self.push_log(
            LogEntry::new("draw", format!("{who} draws {}", names.join(", ")))
                .seat(seat)
                .amount(k as i64)
                .private(readers, Some(format!("{who} draws {k} cards"))),
        );
        k
    }

    // ----- the interpreter ---------------------------------------------------------------

    /// Runs automatic steps and single-choice decisions until a real decision or the end.
    fn run(&mut self) {
        for _ in 0..100_000 {
            if self.board.outcome.is_some() {
                self.board.stack.clear();
                return;
            }
            // A card the Oppobot claimed is played before anyone acts again.
            if self.is_bot(Side::Opposition)
                && self.board.stack.is_empty()
                && !self.board.claimed[1].is_empty()
                && self.bot_step()
            {
                continue;
            }
            if let Some(d) = self.decision(false) {
                if d.choices.len() == 1 {
                    let id = d.choices[0].id.clone();
                    self.choose(d.side, &id);
                    continue;
                }
                if self.is_bot(d.side) {
                    self.bot_decide();
                    continue;
                }
                return;
            }
            if self.bot_step() {
                continue;
            }
            self.auto_step();
        }
    }

    /// One automatic step: finish a task with no choices, run the next op, pop a frame, or
    /// move the turn on.
    fn auto_step(&mut self) {
        if let Some(frame) = self.board.stack.last() {
            if frame.task.is_some() {
                self.finish_task();
                return;
            }
            let ops = match frame.source {
                Source::Card(c) if frame.oppobot_text => oppobot_alt(c).map(|a| a.1).unwrap_or(&[]),
                Source::Card(c) => card(c).ops,
                _ => &[],
            };
            if (frame.pc as usize) < ops.len() && !frame.failed {
                let op = ops[frame.pc as usize];
                if let Some(f) = self.board.stack.last_mut() {
                    f.pc += 1;
                }
                self.exec(op);
            } else {
                self.pop_frame();
            }
            return;
        }
        match self.board.phase {
            Phase::Operations => self.end_side_turn(),
            Phase::Strategy => {
                // Only reached when the commitment leaves the Opposition no decision.
                self.resolve_bid(None);
            }
            Phase::FinalVoting => {
                if self.board.vote.is_some() {
                    self.settle_vote();
                } else {
                    // No open state: cannot happen (49 marks are needed for 48 states).
                    self.finish(Side::Opposition, "no state left to vote".into());
                }
            }
            Phase::Cleanup => {
                // Only reached without exchanges in progress: the next turn begins.
                self.board.exchanges = None;
                self.board.turn += 1;
                self.begin_turn();
            }
            Phase::Finished => {}
        }
    }

    fn push_frame(&mut self, side: Side, source: Source, task: Option<Task>) {
        let slot = self.slot_now(side);
        self.push_frame_for(side, slot, source, task);
    }

    /// Pushes a frame played by `side`'s player `slot`.
    fn push_frame_for(&mut self, side: Side, slot: u8, source: Source, task: Option<Task>) {
        self.board.stack.push(Frame {
            side,
            source,
            pc: 0,
            count: 0,
            failed: false,
            base: 0,
            task,
            slot,
            oppobot_text: false,
        });
    }

    /// Starts playing card `c` as an event for `side`: pays its cost and pushes its frame.
    fn play_event(&mut self, side: Side, c: CardId) {
        let cost = card(c).cost + self.event_tax(side, c);
        self.spend(side, cost);
        let extra = if cost > 0 {
            format!(" (spends {cost} buttons)")
        } else {
            String::new()
        };
        let seat = self.seat_of(side);
        self.push_log(
            LogEntry::new(
                "event",
                format!(
                    "{} plays {} as an event{extra}: {}",
                    self.who(side),
                    card(c).name,
                    describe(c)
                ),
            )
            .seat(seat)
            .card(slug(c)),
        );
        self.push_frame(side, Source::Card(c), None);
    }

    fn pop_frame(&mut self) {
        let Some(frame) = self.board.stack.pop() else {
            return;
        };
        if let Source::Card(c) = frame.source {
            match card(c).persist {
                Some(p) if !frame.failed => {
                    match p.kind {
                        BoxKind::RestOfTurn => self.board.rest_of_turn.push(c),
                        BoxKind::RestOfGame => self.board.rest_of_game.push(c),
                        BoxKind::FinalVoting => self.board.final_voting_box.push(c),
                    }
                    self.say(
                        frame.side,
                        "box",
                        format!("{} is in effect for the {}", card(c).name, p.kind.name()),
                    );
                }
                _ => self.board.out.push(c),
            }
        }
    }

    fn top_side(&self) -> Side {
        self.board
            .stack
            .last()
            .map(|f| f.side)
            .unwrap_or(self.board.active)
    }

    fn set_task(&mut self, task: Option<Task>) {
        if let Some(f) = self.board.stack.last_mut() {
            f.task = task;
        }
    }

    fn task_mut(&mut self) -> Option<&mut Task> {
        self.board.stack.last_mut().and_then(|f| f.task.as_mut())
    }

    /// Executes one op of the top frame's card.
    fn exec(&mut self, op: Op) {
        let side = self.top_side();
        let foe = side.other();
        match op {
            Op::Campaigner(hue, region) => {
                self.board.campaigners.push(Campaigner { hue, region });
                self.say(
                    side,
                    "campaigner",
                    format!("A {} Campaigner enters the {}", hue.slug(), region.name()),
                );
            }
            Op::Buttons(n) => self.gain_buttons(side, n),
            Op::OpponentLosesButtons(n) => self.lose_buttons(foe, n),
            Op::OpponentLosesHalfButtons => {
                let n = self.buttons(foe).div_ceil(2);
                self.lose_buttons(foe, n);
            }
            Op::Congress(n) => self.move_congress(side, n.unsigned_abs()),
            Op::Gate(die) => {
                let v = self.roll_die(die);
                self.log_roll(side, die, &[v]);
                if v < 3 && self.is_bot(side) {
                    self.bot_gate_reroll(die);
                } else if v < 3 {
                    self.set_task(Some(Task::Dice {
                        purpose: DicePurpose::Gate,
                        die,
                        dice: vec![v],
                    }));
                }
            }
            Op::Roll(n, die) => {
                let dice: Vec<u8> = (0..n).map(|_| self.roll_die(die)).collect();
                self.log_roll(side, die, &dice);
                if let Some(f) = self.board.stack.last_mut() {
                    f.count = dice.iter().sum();
                }
                self.set_task(Some(Task::Dice {
                    purpose: DicePurpose::Count,
                    die,
                    dice,
                }));
            }
            Op::Add(count, area, cap) => {
                let left = self.count(count);
                let area = match area {
                    Area::Anywhere => PlaceArea::Anywhere,
                    Area::In(r) => PlaceArea::In(r),
                };
                self.set_task(Some(Task::Place {
                    left,
                    area,
                    cap,
                    placed: Vec::new(),
                }));
            }
            Op::AddEach(list) => {
                let queue = list
                    .iter()
                    .flat_map(|&(s, n)| std::iter::repeat_n(s, n as usize))
                    .collect();
                self.set_task(Some(Task::Fixed { queue }));
            }
            Op::AddRegions(regions, n) => {
                let queue = regions
                    .iter()
                    .flat_map(|r| r.states())
                    .flat_map(|s| std::iter::repeat_n(s, n as usize))
                    .collect();
                self.set_task(Some(Task::Fixed { queue }));
            }
            Op::AddOneStateEachRegion(n) => self.set_task(Some(Task::Place {
                left: 6 * n,
                area: PlaceArea::OnePerRegion(n),
                cap: n,
                placed: Vec::new(),
            })),
            Op::AddChosenRegion(n) => self.set_task(Some(Task::ChooseRegion { n })),
            Op::Remove(count, cap) => {
                let left = self.count(count);
                self.set_task(Some(Task::Remove {
                    left,
                    cap,
                    placed: Vec::new(),
                }));
            }
            Op::RemoveAll(hue, n) => self.set_task(Some(Task::RemoveAll { hue, left: n })),
            Op::ClearSuffragists(s) => {
                let st = &mut self.board.states[s as usize];
                let n = st.purple + st.yellow;
                st.purple = 0;
                st.yellow = 0;
                self.say(
                    side,
                    "remove",
                    format!("{n} Suffragist cubes removed from {}", code(s)),
                );
            }
            Op::DiscardFromBox(c) => {
                let name = card(c).name;
                if let Some(i) = self
                    .board
                    .rest_of_turn
                    .iter()
                    .position(|&x| card(x).name == name)
                {
                    let c = self.board.rest_of_turn[i];
                    self.board.rest_of_turn.remove(i);
                    self.board.out.push(c);
                    self.say(side, "box", format!("{} is discarded", card(c).name));
                }
            }
            Op::ClaimStrategy => self.set_task(Some(Task::PickStrategy)),
            Op::DrawDiscardPlay => {
                self.mark_draw_base(side);
                self.draw(side, 2, true);
                self.set_task(Some(Task::PlayOne {
                    from: PlayFrom::DrawnDiscardRest,
                }));
            }
            Op::WinningPlan => {
                self.mark_draw_base(side);
                self.draw(side, 6, true);
                self.set_task(Some(Task::PlayOne {
                    from: PlayFrom::DrawnThenStack,
                }));
            }
            Op::Rearrange(n) => {
                self.mark_draw_base(side);
                self.draw(side, n as usize, true);
                self.set_task(Some(Task::Stack));
            }
            Op::EyeOnTheFuture => self.set_task(Some(Task::PlayOne {
                from: PlayFrom::Deck,
            })),
            Op::RandomDiscardRedraw(_) if self.board.pair(foe) => {
                // Two partners: each discards one card at random and draws one.
                for slot in 0..2 {
                    let hand = &mut self.hidden.hands[player(foe, slot)];
                    if hand.is_empty() {
                        continue;
                    }
                    let k = (self.hidden.rng.next_u32() as usize) % hand.len();
                    let c = hand.remove(k);
                    let who = self.board.player_name(foe, slot);
                    let seat = self.board.player_seat(foe, slot).unwrap_or(usize::MAX);
                    self.push_log(
                        LogEntry::new(
                            "discard",
                            format!("{who} discards at random: {}", card(c).name),
                        )
                        .seat(seat),
                    );
                    self.board.out.push(c);
                    self.draw_to(foe, slot, 1, false);
                }
            }
            Op::RandomDiscardRedraw(n) => {
                let i = foe.index();
                let mut gone = Vec::new();
                for _ in 0..n {
                    let hand = &mut self.hidden.hands[i];
                    if hand.is_empty() {
                        break;
                    }
                    let k = (self.hidden.rng.next_u32() as usize) % hand.len();
                    gone.push(hand.remove(k));
                }
                let names: Vec<&str> = gone.iter().map(|&c| card(c).name).collect();
                self.say(
                    foe,
                    "discard",
                    format!("{} discards at random: {}", foe.name(), names.join(", ")),
                );
                self.board.out.extend(&gone);
                self.draw(foe, gone.len(), false);
            }
            Op::ChangeInPlans => self.set_task(Some(Task::ChangeInPlans)),
            Op::Reconsideration => self.set_task(Some(Task::PickState {
                pick: StatePick::Reconsideration,
            })),
            Op::Veto => self.set_task(Some(Task::PickState {
                pick: StatePick::Veto,
            })),
            Op::Bellwether => self.set_task(Some(Task::PickState {
                pick: StatePick::Bellwether,
            })),
            Op::SuperiorLobbying => {
                let mut dice: Vec<u8> = (0..4).map(|_| self.roll_die(Die::D8)).collect();
                self.log_roll(side, Die::D8, &dice);
                if self.is_bot(side) && dice.iter().all(|&d| d < 6) {
                    // Its Oppobot text: roll all four again once if none shows 6–8.
                    self.push_log(LogEntry::new(
                        "oppobot",
                        "Oppobot: no 6, 7 or 8; it rolls the four dice again",
                    ));
                    dice = (0..4).map(|_| self.roll_die(Die::D8)).collect();
                    self.log_roll(side, Die::D8, &dice);
                }
                self.set_task(Some(Task::Dice {
                    purpose: DicePurpose::Superior,
                    die: Die::D8,
                    dice,
                }));
            }
            Op::Transportation => self.set_task(Some(Task::Transport { next: 0 })),
            Op::CounterStrat => self.set_task(Some(Task::CounterStrat)),
            Op::AddInStates(n, k, region) => self.bot_add_in_states(side, n, k, region),
        }
    }

    fn roll_die(&mut self, die: Die) -> u8 {
        if self.hidden.forced_dice.is_empty() {
            roll(&mut self.hidden.rng, die)
        } else {
            self.hidden.forced_dice.remove(0)
        }
    }

    fn count(&self, c: Count) -> u8 {
        match c {
            Count::Fixed(n) => n,
            Count::Rolled => self.board.stack.last().map(|f| f.count).unwrap_or(0),
        }
    }

    fn log_roll(&mut self, side: Side, die: Die, dice: &[u8]) {
        let seat = self.seat_of(side);
        self.push_log(
            LogEntry::new(
                "roll",
                format!(
                    "{} rolls {} {}: {}",
                    side.name(),
                    dice.len(),
                    die.name(),
                    join(dice)
                ),
            )
            .seat(seat)
            .dice(dice.iter().map(|&d| d as u32).collect()),
        );
    }

    /// Moves Congress `n` steps `side`'s way; the 6th marker sends the amendment.
    fn move_congress(&mut self, side: Side, n: u8) {
        if self.board.amendment_sent || n == 0 {
            return;
        }
        let before = self.board.congress;
        self.board.congress = match side {
            Side::Suffragist => (before + n).min(6),
            Side::Opposition => before.saturating_sub(n),
        };
        let now = self.board.congress;
        if now == before {
            return;
        }
        self.say(
            side,
            "congress",
            format!("Congress: {before} → {now} markers"),
        );
        if now == 6 {
            self.send_amendment();
        }
    }

    /// Congress passes the 19th Amendment: markers leave, states with 4+ cubes decide.
    fn send_amendment(&mut self) {
        self.board.amendment_sent = true;
        self.board.congress = 0;
        self.push_log(LogEntry::new(
            "amendment",
            "Congress sends the 19th Amendment to the states",
        ));
        for s in 0..48u8 {
            for side in [Side::Suffragist, Side::Opposition] {
                if self.board.states[s as usize].mark.is_none()
                    && self.board.states[s as usize].cubes(side) >= 4
                {
                    self.decide_state(s, side);
                    if self.board.outcome.is_some() {
                        return;
                    }
                }
            }
        }
    }

    /// The state's cubes give way to `side`'s check or X; the game may end.
    fn decide_state(&mut self, s: St, side: Side) {
        let st = &mut self.board.states[s as usize];
        *st = UsState::default();
        let word = match side {
            Side::Suffragist => {
                st.mark = Some(Mark::Check);
                self.board.checks += 1;
                "ratifies"
            }
            Side::Opposition => {
                st.mark = Some(Mark::X);
                self.board.xs += 1;
                "rejects"
            }
        };
        let seat = self.seat_of(side);
        self.push_log(
            LogEntry::new(
                "decided",
                format!(
                    "{} {word} the amendment ({} checks, {} Xs)",
                    STATES[s as usize].name, self.board.checks, self.board.xs
                ),
            )
            .seat(seat)
            .location(code(s)),
        );
        self.check_victory();
    }

    fn check_victory(&mut self) {
        if self.board.outcome.is_some() {
            return;
        }
        if self.board.checks >= CHECKS_TO_WIN {
            self.finish(
                Side::Suffragist,
                format!("{} states ratify the 19th Amendment", self.board.checks),
            );
        } else if self.board.xs >= XS_TO_WIN {
            self.finish(
                Side::Opposition,
                format!("{} states reject the 19th Amendment", self.board.xs),
            );
        }
    }

    fn finish(&mut self, winner: Side, reason: String) {
        let seat = self.seat_of(winner);
        let who = if self.is_bot(winner) {
            "The Oppobot (Opposition)"
        } else {
            winner.name()
        };
        let reason = format!("{who} wins: {reason}");
        self.push_log(LogEntry::new("outcome", reason.clone()).seat(seat));
        self.board.phase = Phase::Finished;
        // Cards still being played when the game ends leave the game.
        for f in std::mem::take(&mut self.board.stack) {
            if let Source::Card(c) = f.source {
                self.board.out.push(c);
            }
        }
        self.board.vote = None;
        // Every seat of the winning side wins; against the Oppobot its win is the
        // Suffragist seats' loss: no seat wins. Each seat scores its side's checks or Xs.
        self.board.outcome = Some(Outcome {
            winners: self.side_seats(winner),
            reason,
            scores: self
                .board
                .seats
                .iter()
                .map(|&s| match s {
                    Side::Suffragist => self.board.checks as i64,
                    Side::Opposition => self.board.xs as i64,
                })
                .collect(),
        });
    }

    /// `side` puts one cube into state `s`: it removes an opposing cube if there is one
    /// (`hue` picks which for the Opposition), else adds one of `side`'s (`hue` picks the
    /// colour for the Suffragist). Claims a State card and decides the state at 4.
    fn place_cube(&mut self, side: Side, s: St, hue: Option<Hue>) {
        let st = &mut self.board.states[s as usize];
        let what;
        match side {
            Side::Suffragist if st.red > 0 => {
                st.red -= 1;
                what = "removes a red cube from";
            }
            Side::Suffragist => {
                if hue == Some(Hue::Yellow) {
                    st.yellow += 1;
                    what = "adds a yellow cube in";
                } else {
                    st.purple += 1;
                    what = "adds a purple cube in";
                }
            }
            Side::Opposition if st.purple + st.yellow > 0 => {
                if (hue == Some(Hue::Yellow) && st.yellow > 0) || st.purple == 0 {
                    st.yellow -= 1;
                    what = "removes a yellow cube from";
                } else {
                    st.purple -= 1;
                    what = "removes a purple cube from";
                }
            }
            Side::Opposition => {
                st.red += 1;
                what = "adds a red cube in";
            }
        }
        let own = self.board.states[s as usize].cubes(side);
        let seat = self.seat_of(side);
        self.push_log(
            LogEntry::new("cube", format!("{} {what} {}", side.name(), code(s)))
                .seat(seat)
                .location(code(s)),
        );
        if own == 4 && what.starts_with("adds") {
            if let Some(i) = self
                .board
                .available_states
                .iter()
                .position(|&c| card(c).state == Some(s))
            {
                let c = self.board.available_states.remove(i);
                let p = player(side, self.slot_now(side));
                self.board.claimed[p].push(c);
                self.say(
                    side,
                    "claim",
                    format!("{} claims the State card {}", self.who(side), card(c).name),
                );
            }
            if self.board.amendment_sent {
                self.decide_state(s, side);
            }
        }
    }

    /// `side` removes one opposing cube from `s` (`hue` picks the colour).
    fn remove_cube(&mut self, side: Side, s: St, hue: Option<Hue>) {
        let st = &mut self.board.states[s as usize];
        let what = match side {
            Side::Suffragist => {
                st.red = st.red.saturating_sub(1);
                "red"
            }
            Side::Opposition => {
                if (hue == Some(Hue::Yellow) && st.yellow > 0) || st.purple == 0 {
                    st.yellow = st.yellow.saturating_sub(1);
                    "yellow"
                } else {
                    st.purple -= 1;
                    "purple"
                }
            }
        };
        self.say(
            side,
            "remove",
            format!("{} removes a {what} cube from {}", side.name(), code(s)),
        );
    }

    /// Choices for putting one cube of `side` in state `s`. `fixed` is a Campaigner's colour.
    fn cube_choices(
        &self,
        full: bool,
        side: Side,
        s: St,
        fixed: Option<Hue>,
        out: &mut Vec<Choice>,
    ) {
        let st = &self.board.states[s as usize];
        let t = state_texts(s);
        let c = t.code;
        let hue_id = |h: Hue| {
            if h == Hue::Yellow {
                &t.id_yellow
            } else {
                &t.id_purple
            }
        };
        let add = |h: Hue| {
            if h == Hue::Yellow {
                &t.add_yellow
            } else {
                &t.add_purple
            }
        };
        let remove = |h: Hue| {
            if h == Hue::Yellow {
                &t.rm_yellow
            } else {
                &t.rm_purple
            }
        };
        match side {
            Side::Suffragist if st.red > 0 => {
                out.push(mk(full, t.id_state.as_str(), "cube", || t.rm_red.as_str()).location(c))
            }
            Side::Suffragist => match fixed {
                Some(h) => {
                    out.push(mk(full, t.id_state.as_str(), "cube", || add(h).as_str()).location(c))
                }
                None => {
                    for h in [Hue::Purple, Hue::Yellow] {
                        out.push(
                            mk(full, hue_id(h).as_str(), "cube", || add(h).as_str()).location(c),
                        );
                    }
                }
            },
            Side::Opposition if st.purple > 0 && st.yellow > 0 => {
                for h in [Hue::Purple, Hue::Yellow] {
                    out.push(
                        mk(full, hue_id(h).as_str(), "cube", || remove(h).as_str()).location(c),
                    );
                }
            }
            Side::Opposition => {
                let label = if st.purple + st.yellow > 0 {
                    &t.rm_suffragist
                } else {
                    &t.add_red
                };
                out.push(mk(full, t.id_state.as_str(), "cube", || label.as_str()).location(c));
            }
        }
    }

    /// Choices for removing one opposing cube from `s`.
    fn removal_choices(&self, full: bool, side: Side, s: St, out: &mut Vec<Choice>) {
        let st = &self.board.states[s as usize];
        let t = state_texts(s);
        let c = t.code;
        if side == Side::Opposition && st.purple > 0 && st.yellow > 0 {
            out.push(
                mk(full, t.id_purple.as_str(), "remove", || {
                    t.rm_purple.as_str()
                })
                .location(c),
            );
            out.push(
                mk(full, t.id_yellow.as_str(), "remove", || {
                    t.rm_yellow.as_str()
                })
                .location(c),
            );
        } else {
            out.push(mk(full, t.id_state.as_str(), "remove", || t.rm_cube.as_str()).location(c));
        }
    }

    fn placed_in(placed: &[(St, u8)], s: St) -> u8 {
        placed
            .iter()
            .find(|(x, _)| *x == s)
            .map(|p| p.1)
            .unwrap_or(0)
    }

    fn bump(placed: &mut Vec<(St, u8)>, s: St) {
        match placed.iter_mut().find(|(x, _)| *x == s) {
            Some(p) => p.1 += 1,
            None => placed.push((s, 1)),
        }
    }

    fn first_open(&self, side: Side, queue: &[St]) -> Option<usize> {
        queue.iter().position(|&s| self.can_add(side, s))
    }

    // ----- decisions ---------------------------------------------------------------------

    /// The decision the game waits for, or `None` when the next step is automatic.
    fn decision(&self, full: bool) -> Option<Decision> {
        if self.board.outcome.is_some() {
            return None;
        }
        if let Some(frame) = self.board.stack.last() {
            let task = frame.task.as_ref()?;
            let (text, choices) = self.task_choices(full, frame, task);
            return (!choices.is_empty()).then_some(Decision {
                side: frame.side,
                slot: frame.slot,
                text,
                choices,
            });
        }
        match self.board.phase {
            Phase::Operations => self.operations_decision(full),
            Phase::Strategy => self.strategy_decision(full),
            Phase::FinalVoting => self.voting_decision(full),
            Phase::Cleanup => self.cleanup_decision(full),
            Phase::Finished => None,
        }
    }

    fn card_choice(
        full: bool,
        id: String,
        kind: &str,
        label: impl FnOnce() -> String,
        c: CardId,
    ) -> Choice {
        mk(full, id, kind, label).card(slug(c))
    }

    fn task_choices(&self, full: bool, frame: &Frame, task: &Task) -> (String, Vec<Choice>) {
        let side = frame.side;
        let mut ch = Vec::new();
        let b = self.buttons(side);
        let text = match task {
            Task::Dice { purpose, die, dice } => {
                let total: u8 = dice.iter().sum();
                let reroll_ok = b > 0
                    && match purpose {
                        DicePurpose::Gate => dice[0] < 3,
                        DicePurpose::Lobby | DicePurpose::Superior => dice.iter().any(|&d| d < 6),
                        _ => true,
                    };
                let keep = if *purpose == DicePurpose::Gate {
                    "accept the failure"
                } else {
                    "keep the roll"
                };
                ch.push(mk(full, "keep", "keep", || keep));
                if reroll_ok {
                    ch.push(
                        mk(full, "reroll", "reroll", || {
                            format!("Re-roll all (1 of {b} buttons)")
                        })
                        .amount(1),
                    );
                }
                format!(
                    "You rolled {} on {} {} (total {total}): keep or re-roll?",
                    join(dice),
                    dice.len(),
                    die.name()
                )
            }
            Task::Assign { dice, given } => {
                let own = self.own_campaigners(side, frame.slot);
                let next = own.get(given.len()).copied().unwrap_or(0);
                let cp = self.board.campaigners.get(next as usize);
                let mut vals = dice.clone();
                vals.sort_unstable();
                vals.dedup();
                for v in vals {
                    ch.push(
                        mk(full, format!("die:{v}"), "die", || format!("Give the {v}"))
                            .amount(v as i64),
                    );
                }
                match cp {
                    Some(cp) => format!(
                        "Which die for the {} Campaigner in the {}?",
                        cp.hue.slug(),
                        cp.region.name()
                    ),
                    None => "Which die?".into(),
                }
            }
            Task::Campaign {
                queue,
                left,
                started,
                moved,
            } => {
                let Some(&(idx, _)) = queue.first() else {
                    return (String::new(), ch);
                };
                let cp = self.board.campaigners[idx as usize];
                if *left > 0 {
                    for s in cp.region.states() {
                        if self.can_add(side, s) {
                            self.cube_choices(full, side, s, Some(cp.hue), &mut ch);
                        }
                    }
                    let can_place = !ch.is_empty();
                    if !started && !moved && b > 0 {
                        for r in REGIONS {
                            if r != cp.region {
                                ch.push(
                                    mk(full, format!("move:{}", r.slug()), "move", || {
                                        format!("Move it to the {} (1 button)", r.name())
                                    })
                                    .location(r.slug())
                                    .amount(1),
                                );
                            }
                        }
                        if !can_place {
                            ch.push(mk(full, "pass", "pass", || "Place nothing"));
                        }
                    }
                }
                format!(
                    "{} Campaigner in the {}: place {left} more cube(s)",
                    cp.hue.slug(),
                    cp.region.name()
                )
            }
            Task::Place {
                left,
                area,
                cap,
                placed,
            } => {
                if *left > 0 {
                    for s in 0..48u8 {
                        if !full && ch.len() >= 2 {
                            break;
                        }
                        if !self.can_add(side, s) {
                            continue;
                        }
                        let here = Self::placed_in(placed, s);
                        let ok = match *area {
                            PlaceArea::Anywhere => true,
                            PlaceArea::In(r) => region_of(s) == r,
                            PlaceArea::OnePerRegion(_) => region_of(s)
                                .states()
                                .all(|o| o == s || Self::placed_in(placed, o) == 0),
                        };
                        if ok && (*cap == 0 || here < *cap) {
                            self.cube_choices(full, side, s, None, &mut ch);
                        }
                    }
                }
                format!("Place a cube ({left} left)")
            }
            Task::Fixed { queue } => {
                if let Some(i) = self.first_open(side, queue) {
                    self.cube_choices(full, side, queue[i], None, &mut ch);
                }
                format!("Place a cube ({} left)", queue.len())
            }
            Task::Remove { left, cap, placed } => {
                if *left > 0 {
                    for s in 0..48u8 {
                        if !full && ch.len() >= 2 {
                            break;
                        }
                        let st = &self.board.states[s as usize];
                        if st.cubes(side.other()) > 0
                            && (*cap == 0 || Self::placed_in(placed, s) < *cap)
                        {
                            self.removal_choices(full, side, s, &mut ch);
                        }
                    }
                }
                format!("Remove an opposing cube ({left} left)")
            }
            Task::RemoveAll { hue, left } => {
                if *left > 0 {
                    for s in 0..48u8 {
                        if !full && ch.len() >= 2 {
                            break;
                        }
                        let st = &self.board.states[s as usize];
                        let n = match hue {
                            HueSet::Purple => st.purple,
                            HueSet::Yellow => st.yellow,
                            HueSet::Suffragist => st.purple + st.yellow,
                        };
                        if n > 0 {
                            let c = code(s);
                            ch.push(
                                mk(full, format!("state:{c}"), "remove", || {
                                    format!("Clear {} ({n} cubes)", STATES[s as usize].name)
                                })
                                .location(c)
                                .amount(n as i64),
                            );
                        }
                    }
                    if !ch.is_empty() {
                        ch.push(mk(full, "done", "done", || "Clear no more states"));
                    }
                }
                format!("Clear cubes from up to {left} more state(s)")
            }
            Task::ChooseRegion { n } => {
                for r in REGIONS {
                    ch.push(
                        mk(full, format!("region:{}", r.slug()), "region", || {
                            format!("Add {n} in every state of the {}", r.name())
                        })
                        .location(r.slug()),
                    );
                }
                "Choose a region".into()
            }
            Task::PickStrategy => {
                // A card won in the Strategy Phase by a two-player side: its second player
                // decides who receives it.
                let give = frame.source == Source::StrategyPick && self.board.pair(side);
                let partner = self.board.player_name(side, 1 - frame.slot.min(1));
                for &c in &self.board.strategy_display {
                    ch.push(Self::card_choice(
                        full,
                        format!("strategy:{}", slug(c)),
                        "strategy",
                        || format!("{}: {}", card(c).name, describe(c)),
                        c,
                    ));
                    if give {
                        ch.push(Self::card_choice(
                            full,
                            format!("give:{}", slug(c)),
                            "give",
                            || format!("{} for {partner}: {}", card(c).name, describe(c)),
                            c,
                        ));
                    }
                }
                "Take a Strategy card".into()
            }
            Task::PoolAssign { dice, totals } => {
                if let Some(&v) = dice.first() {
                    for (k, &(idx, sum)) in totals.iter().enumerate() {
                        let cp = self.board.campaigners[idx as usize];
                        ch.push(
                            mk(full, format!("campaigner:{k}"), "die", || {
                                format!(
                                    "Give the {v} to the {} Campaigner in the {} (has {sum})",
                                    cp.hue.slug(),
                                    cp.region.name()
                                )
                            })
                            .location(cp.region.slug())
                            .amount(v as i64),
                        );
                    }
                }
                format!(
                    "Dice left {}: which of your Campaigners gets the {}?",
                    join(dice),
                    dice.first().copied().unwrap_or(0)
                )
            }
            Task::PlayOne { from } => {
                let pool: Vec<CardId> = match from {
                    PlayFrom::Deck => {
                        let mut v = self.hidden.decks[side.index()].all();
                        v.sort_unstable();
                        v
                    }
                    _ => self.own_drawn(side).to_vec(),
                };
                for c in pool {
                    if self.playable(side, c) {
                        ch.push(Self::card_choice(
                            full,
                            format!("play:{}", slug(c)),
                            "play",
                            || format!("Play {}: {}", card(c).name, describe(c)),
                            c,
                        ));
                    }
                }
                "Play one card as an event".into()
            }
            Task::Stack => {
                for &c in self.own_drawn(side) {
                    ch.push(Self::card_choice(
                        full,
                        format!("top:{}", slug(c)),
                        "top",
                        || format!("Put {} on top of your deck", card(c).name),
                        c,
                    ));
                }
                if !ch.is_empty() {
                    ch.push(mk(
                        full,
                        "done",
                        "done",
                        || "Put the rest at the bottom of your deck",
                    ));
                }
                "Stack cards on your deck (each one goes above the last)".into()
            }
            Task::ChangeInPlans => {
                let mut hand = self.hand_now(side.other()).clone();
                hand.sort_unstable();
                for &c in &hand {
                    if !card(c).campaigner_icon {
                        ch.push(Self::card_choice(
                            full,
                            format!("discard:{}", slug(c)),
                            "discard",
                            || format!("Make them discard {}", card(c).name),
                            c,
                        ));
                    }
                }
                "Choose the card your opponent discards".into()
            }
            Task::PickState { pick } => {
                for s in 0..48u8 {
                    if !full && ch.len() >= 2 {
                        break;
                    }
                    let st = &self.board.states[s as usize];
                    let ok = match pick {
                        StatePick::Veto => st.mark == Some(Mark::Check),
                        StatePick::Reconsideration => match side {
                            Side::Suffragist => st.mark == Some(Mark::X) && !self.blocked(side, s),
                            Side::Opposition => st.mark == Some(Mark::Check),
                        },
                        StatePick::Bellwether => self.can_add(side, s),
                    };
                    if ok {
                        let c = code(s);
                        ch.push(
                            mk(full, format!("state:{c}"), "state", || {
                                STATES[s as usize].name.to_string()
                            })
                            .location(c),
                        );
                    }
                }
                "Choose a state".into()
            }
            Task::Transport { next } => {
                let own = self.own_campaigners(side, frame.slot);
                if let Some(&idx) = own.get(*next as usize) {
                    let cp = self.board.campaigners[idx as usize];
                    ch.push(mk(full, "stay", "stay", || "Leave it where it is"));
                    for r in REGIONS {
                        if r != cp.region {
                            ch.push(
                                mk(full, format!("move:{}", r.slug()), "move", || {
                                    format!("Move it to the {}", r.name())
                                })
                                .location(r.slug()),
                            );
                        }
                    }
                    format!(
                        "Move the {} Campaigner in the {} for free?",
                        cp.hue.slug(),
                        cp.region.name()
                    )
                } else {
                    String::new()
                }
            }
            Task::CounterStrat => {
                for &c in &self.board.rest_of_turn {
                    ch.push(Self::card_choice(
                        full,
                        format!("remove:{}", slug(c)),
                        "remove",
                        || format!("Discard {}", card(c).name),
                        c,
                    ));
                }
                "Discard a card in effect for the rest of the turn".into()
            }
        };
        (text, ch)
    }

    /// A task whose choices ran out: finish it (some tasks chain into the next stage).
    fn finish_task(&mut self) {
        let Some(frame) = self.board.stack.last() else {
            return;
        };
        let side = frame.side;
        let Some(task) = frame.task.clone() else {
            return;
        };
        let next = match task {
            Task::Campaign { mut queue, .. } => {
                if !queue.is_empty() {
                    queue.remove(0);
                }
                queue.first().map(|&(_, n)| Task::Campaign {
                    queue: queue.clone(),
                    left: n,
                    started: false,
                    moved: false,
                })
            }
            Task::PlayOne { from } => match from {
                PlayFrom::DrawnDiscardRest => {
                    self.discard_drawn(side);
                    None
                }
                PlayFrom::DrawnThenStack => Some(Task::Stack),
                PlayFrom::Deck => {
                    self.reshuffle(side);
                    None
                }
            },
            Task::Stack => {
                let i = side.index();
                let rest = self.take_own_drawn(side);
                let k = rest.len();
                for c in rest {
                    self.hidden.decks[i].bottom.insert(0, c);
                }
                if k > 0 {
                    self.say(
                        side,
                        "deck",
                        format!("{} puts {k} cards at the bottom of the deck", side.name()),
                    );
                }
                None
            }
            Task::Transport { .. } => {
                self.set_task(None);
                self.start_campaign(side);
                return;
            }
            _ => None,
        };
        self.set_task(next);
    }

    /// The cards the top frame drew (its slice of the drawn zone).
    fn own_drawn(&self, side: Side) -> &[CardId] {
        let base = self
            .board
            .stack
            .last()
            .map(|f| f.base as usize)
            .unwrap_or(0);
        let d = &self.hidden.drawn[side.index()];
        &d[base.min(d.len())..]
    }

    fn take_own_drawn(&mut self, side: Side) -> Vec<CardId> {
        let base = self
            .board
            .stack
            .last()
            .map(|f| f.base as usize)
            .unwrap_or(0);
        let d = &mut self.hidden.drawn[side.index()];
        let base = base.min(d.len());
        d.split_off(base)
    }

    /// Marks where the top frame's drawn cards begin, before it draws.
    fn mark_draw_base(&mut self, side: Side) {
        let n = self.hidden.drawn[side.index()].len() as u8;
        if let Some(f) = self.board.stack.last_mut() {
            f.base = n;
        }
    }

    fn discard_drawn(&mut self, side: Side) {
        let rest = self.take_own_drawn(side);
        if !rest.is_empty() {
            let names: Vec<&str> = rest.iter().map(|&c| card(c).name).collect();
            self.say(
                side,
                "discard",
                format!("{} discards {}", side.name(), names.join(", ")),
            );
            self.board.out.extend(rest);
        }
    }

    fn reshuffle(&mut self, side: Side) {
        let i = side.index();
        let mut all = self.hidden.decks[i].all();
        all.shuffle(&mut self.hidden.rng);
        self.hidden.decks[i] = DrawDeck {
            bottom: Vec::new(),
            middle: all,
            top: Vec::new(),
        };
        self.board.era_ordered[i] = false;
        self.say(side, "deck", format!("{} reshuffles the deck", side.name()));
    }

    /// A Campaigning action for `side` (its cost already paid): roll a die per Campaigner.
    /// On a two-player side the dice are one per Campaigner of the side, and the player needs
    /// a Campaigner of its own.
    fn start_campaign(&mut self, side: Side) {
        let n = self.campaigners_of(side).len();
        let own = self.own_campaigners(side, self.slot_now(side)).len();
        let cost = self.campaign_cost(side);
        if own == 0 || self.buttons(side) < cost {
            return;
        }
        self.spend(side, cost);
        let die = self.campaign_die(side);
        let dice: Vec<u8> = (0..n).map(|_| self.roll_die(die)).collect();
        self.log_roll(side, die, &dice);
        self.push_frame(
            side,
            Source::Campaign,
            Some(Task::Dice {
                purpose: DicePurpose::Campaign,
                die,
                dice,
            }),
        );
    }

    /// Applies a choice to the top frame's task.
    fn apply_task(&mut self, side: Side, choice: &str) {
        let Some(task) = self.board.stack.last().and_then(|f| f.task.clone()) else {
            return;
        };
        let (kind, arg) = choice.split_once(':').unwrap_or((choice, ""));
        let st = state_by_code(arg);
        let hue = match kind {
            "purple" => Some(Hue::Purple),
            "yellow" => Some(Hue::Yellow),
            _ => None,
        };
        match task {
            Task::Dice { purpose, die, dice } => {
                if kind == "reroll" {
                    self.spend(side, 1);
                    let dice: Vec<u8> = (0..dice.len()).map(|_| self.roll_die(die)).collect();
                    self.log_roll(side, die, &dice);
                    if let Some(f) = self.board.stack.last_mut()
                        && purpose == DicePurpose::Count
                    {
                        f.count = dice.iter().sum();
                    }
                    let done = purpose == DicePurpose::Gate && dice[0] >= 3;
                    self.set_task((!done).then_some(Task::Dice { purpose, die, dice }));
                    return;
                }
                self.set_task(None);
                match purpose {
                    DicePurpose::Gate => {
                        if let Some(f) = self.board.stack.last_mut() {
                            f.failed = true;
                        }
                        self.say(side, "fail", "The roll fails: no effect".into());
                    }
                    DicePurpose::Count => {}
                    DicePurpose::Campaign => {
                        let slot = self.board.stack.last().map(|f| f.slot).unwrap_or(0);
                        let own = self.own_campaigners(side, slot);
                        if own.len() == 1 {
                            // One Campaigner of its own: every die is its.
                            let sum: u8 = dice.iter().sum();
                            self.set_task(Some(Task::Campaign {
                                queue: vec![(own[0], sum)],
                                left: sum,
                                started: false,
                                moved: false,
                            }));
                        } else if own.len() < dice.len() {
                            let mut dice = dice;
                            dice.sort_unstable_by(|a, b| b.cmp(a));
                            self.set_task(Some(Task::PoolAssign {
                                dice,
                                totals: own.iter().map(|&i| (i, 0)).collect(),
                            }));
                        } else {
                            self.set_task(Some(Task::Assign {
                                dice,
                                given: Vec::new(),
                            }));
                            self.settle_assign();
                        }
                    }
                    DicePurpose::Lobby | DicePurpose::Superior => {
                        let hits = dice.iter().filter(|&&d| d >= 6).count() as u8;
                        let word = if hits == 1 { "success" } else { "successes" };
                        self.say(side, "lobby", format!("{hits} {word}"));
                        self.move_congress(side, hits);
                    }
                }
            }
            Task::Assign {
                mut dice,
                mut given,
            } => {
                let v: u8 = arg.parse().unwrap_or(0);
                if let Some(i) = dice.iter().position(|&d| d == v) {
                    dice.remove(i);
                    let slot = self.board.stack.last().map(|f| f.slot).unwrap_or(0);
                    let own = self.own_campaigners(side, slot);
                    if let Some(&idx) = own.get(given.len()) {
                        given.push((idx, v));
                    }
                }
                self.set_task(Some(Task::Assign { dice, given }));
                self.settle_assign();
            }
            Task::PoolAssign {
                mut dice,
                mut totals,
            } => {
                let k: usize = arg.parse().unwrap_or(usize::MAX);
                if dice.is_empty() || k >= totals.len() {
                    return;
                }
                let v = dice.remove(0);
                totals[k].1 += v;
                if dice.is_empty() {
                    let queue: Vec<(u8, u8)> = totals.into_iter().filter(|t| t.1 > 0).collect();
                    let first = queue.first().map(|q| q.1).unwrap_or(0);
                    self.set_task(Some(Task::Campaign {
                        queue,
                        left: first,
                        started: false,
                        moved: false,
                    }));
                } else {
                    self.set_task(Some(Task::PoolAssign { dice, totals }));
                }
            }
            Task::Campaign {
                queue, left, moved, ..
            } => {
                let Some(&(idx, _)) = queue.first() else {
                    return;
                };
                match kind {
                    "move" => {
                        if let Some(r) = Region::from_slug(arg) {
                            self.spend(side, 1);
                            self.board.campaigners[idx as usize].region = r;
                            self.say(
                                side,
                                "move",
                                format!("A Campaigner moves to the {} (1 button)", r.name()),
                            );
                        }
                        self.set_task(Some(Task::Campaign {
                            queue,
                            left,
                            started: false,
                            moved: true,
                        }));
                    }
                    "pass" => self.set_task(Some(Task::Campaign {
                        queue,
                        left: 0,
                        started: true,
                        moved,
                    })),
                    _ => {
                        if let Some(s) = st {
                            let h = self.board.campaigners[idx as usize].hue;
                            self.set_task(Some(Task::Campaign {
                                queue,
                                left: left - 1,
                                started: true,
                                moved,
                            }));
                            self.place_cube(side, s, Some(h));
                        }
                    }
                }
            }
            Task::Place {
                left,
                area,
                cap,
                mut placed,
            } => {
                if let Some(s) = st {
                    Self::bump(&mut placed, s);
                    self.set_task(Some(Task::Place {
                        left: left - 1,
                        area,
                        cap,
                        placed,
                    }));
                    self.place_cube(side, s, hue);
                }
            }
            Task::Fixed { mut queue } => {
                if let Some(i) = self.first_open(side, &queue) {
                    let s = queue[i];
                    queue.drain(..=i);
                    self.set_task(Some(Task::Fixed { queue }));
                    self.place_cube(side, s, hue);
                }
            }
            Task::Remove {
                left,
                cap,
                mut placed,
            } => {
                if let Some(s) = st {
                    Self::bump(&mut placed, s);
                    self.set_task(Some(Task::Remove {
                        left: left - 1,
                        cap,
                        placed,
                    }));
                    self.remove_cube(side, s, hue);
                }
            }
            Task::RemoveAll { hue: which, left } => {
                if kind == "done" {
                    self.set_task(None);
                    return;
                }
                if let Some(s) = st {
                    let x = &mut self.board.states[s as usize];
                    let n = match which {
                        HueSet::Purple => std::mem::take(&mut x.purple),
                        HueSet::Yellow => std::mem::take(&mut x.yellow),
                        HueSet::Suffragist => {
                            std::mem::take(&mut x.purple) + std::mem::take(&mut x.yellow)
                        }
                    };
                    self.say(
                        side,
                        "remove",
                        format!("{} clears {n} cubes from {}", side.name(), code(s)),
                    );
                    self.set_task(Some(Task::RemoveAll {
                        hue: which,
                        left: left - 1,
                    }));
                }
            }
            Task::ChooseRegion { n } => {
                if let Some(r) = Region::from_slug(arg) {
                    let queue = r
                        .states()
                        .flat_map(|s| std::iter::repeat_n(s, n as usize))
                        .collect();
                    self.say(
                        side,
                        "region",
                        format!("{} chooses the {}", side.name(), r.name()),
                    );
                    self.set_task(Some(Task::Fixed { queue }));
                }
            }
            Task::PickStrategy => {
                if let Some(c) = card_by_slug(arg) {
                    let slot = self.board.stack.last().map(|f| f.slot).unwrap_or(0);
                    self.set_task(None);
                    let to = if kind == "give" {
                        1 - slot.min(1)
                    } else {
                        slot
                    };
                    self.claim_strategy(side, to, c);
                }
            }
            Task::PlayOne { from } => {
                let Some(c) = card_by_slug(arg) else {
                    return;
                };
                let i = side.index();
                match from {
                    PlayFrom::Deck => {
                        self.hidden.decks[i].remove(c);
                        self.set_task(None);
                        self.reshuffle(side);
                    }
                    PlayFrom::DrawnDiscardRest => {
                        self.hidden.drawn[i].retain(|&x| x != c);
                        self.discard_drawn(side);
                        self.set_task(None);
                    }
                    PlayFrom::DrawnThenStack => {
                        self.hidden.drawn[i].retain(|&x| x != c);
                        self.set_task(Some(Task::Stack));
                    }
                }
                self.play_event(side, c);
            }
            Task::Stack => {
                let i = side.index();
                if kind == "done" {
                    self.finish_task();
                    return;
                }
                if let Some(c) = card_by_slug(arg) {
                    self.hidden.drawn[i].retain(|&x| x != c);
                    self.hidden.decks[i].top.push(c);
                    let seat = self.seat_of(side);
                    self.push_log(
                        LogEntry::new(
                            "deck",
                            format!("{} puts {} on top of the deck", side.name(), card(c).name),
                        )
                        .seat(seat)
                        .private(
                            vec![seat],
                            Some(format!("{} puts a card on top of the deck", side.name())),
                        ),
                    );
                }
            }
            Task::ChangeInPlans => {
                if let Some(c) = card_by_slug(arg) {
                    let foe = side.other();
                    let p = player(foe, self.slot_now(foe));
                    self.hidden.hands[p].retain(|&x| x != c);
                    self.board.out.push(c);
                    self.set_task(None);
                    self.say(
                        foe,
                        "discard",
                        format!("{} discards {}", foe.name(), card(c).name),
                    );
                    self.draw(foe, 1, false);
                }
            }
            Task::PickState { pick } => {
                let Some(s) = st else {
                    return;
                };
                self.set_task(None);
                match pick {
                    StatePick::Veto => {
                        self.board.states[s as usize].mark = Some(Mark::X);
                        self.board.checks -= 1;
                        self.board.xs += 1;
                        self.say(
                            side,
                            "decided",
                            format!("{}'s check becomes an X", STATES[s as usize].name),
                        );
                        self.check_victory();
                    }
                    StatePick::Reconsideration => {
                        self.board.states[s as usize].mark = None;
                        match side {
                            Side::Suffragist => self.board.xs -= 1,
                            Side::Opposition => self.board.checks -= 1,
                        }
                        self.say(
                            side,
                            "decided",
                            format!("{} reconsiders the amendment", STATES[s as usize].name),
                        );
                        self.set_task(Some(Task::Fixed { queue: vec![s, s] }));
                    }
                    StatePick::Bellwether => {
                        let x = &mut self.board.states[s as usize];
                        match side {
                            Side::Suffragist => x.red = 0,
                            Side::Opposition => {
                                x.purple = 0;
                                x.yellow = 0;
                            }
                        }
                        self.say(
                            side,
                            "remove",
                            format!("Opposing cubes leave {}", STATES[s as usize].name),
                        );
                        self.set_task(Some(Task::Fixed { queue: vec![s; 4] }));
                    }
                }
            }
            Task::Transport { next } => {
                let slot = self.board.stack.last().map(|f| f.slot).unwrap_or(0);
                let own = self.own_campaigners(side, slot);
                if kind == "move"
                    && let (Some(r), Some(&idx)) = (Region::from_slug(arg), own.get(next as usize))
                {
                    self.board.campaigners[idx as usize].region = r;
                    self.say(
                        side,
                        "move",
                        format!("A Campaigner moves to the {}", r.name()),
                    );
                }
                if (next as usize + 1) < own.len() {
                    self.set_task(Some(Task::Transport { next: next + 1 }));
                } else {
                    self.set_task(None);
                    self.start_campaign(side);
                }
            }
            Task::CounterStrat => {
                if let Some(c) = card_by_slug(arg) {
                    self.board.rest_of_turn.retain(|&x| x != c);
                    self.board.out.push(c);
                    self.set_task(None);
                    self.say(side, "box", format!("{} is discarded", card(c).name));
                }
            }
        }
    }

    /// When one die is left (or the rest are equal), it goes to the last Campaigner.
    fn settle_assign(&mut self) {
        let side = self.top_side();
        let slot = self.board.stack.last().map(|f| f.slot).unwrap_or(0);
        let own = self.own_campaigners(side, slot);
        let Some(Task::Assign { dice, given }) = self.task_mut().cloned() else {
            return;
        };
        let mut dice = dice;
        let mut given = given;
        // With all remaining dice equal, the assignment is forced.
        if dice.iter().all(|&d| d == dice[0]) {
            while let Some(v) = dice.pop() {
                if let Some(&idx) = own.get(given.len()) {
                    given.push((idx, v));
                }
            }
        }
        if dice.is_empty() {
            let first = given.first().map(|g| g.1).unwrap_or(0);
            self.set_task(Some(Task::Campaign {
                queue: given,
                left: first,
                started: false,
                moved: false,
            }));
        } else {
            self.set_task(Some(Task::Assign { dice, given }));
        }
    }

    /// `side`'s player `slot` receives Strategy card `c` from the display.
    fn claim_strategy(&mut self, side: Side, slot: u8, c: CardId) {
        self.board.strategy_display.retain(|&x| x != c);
        self.board.claimed[player(side, slot)].push(c);
        let who = self.board.player_name(side, slot);
        self.say(
            side,
            "claim",
            format!("{who} takes the Strategy card {}", card(c).name),
        );
        if let Some(n) = self.hidden.strategy_deck.pop() {
            self.board.strategy_display.push(n);
            self.push_log(LogEntry::new(
                "strategy",
                format!("{} joins the available Strategy cards", card(n).name),
            ));
        }
    }

    // ----- Operations --------------------------------------------------------------------

    fn operations_decision(&self, full: bool) -> Option<Decision> {
        let side = self.board.active;
        if self.is_bot(side) {
            // The Oppobot's part of the round runs in `bot_step`.
            return None;
        }
        let b = self.buttons(side);
        let slot = self.board.round_slot(side);
        let p = player(side, slot);
        let mut ch = Vec::new();
        let hand = &self.hidden.hands[p];
        if !self.board.hand_done && !hand.is_empty() {
            let mut sorted = hand.clone();
            sorted.sort_unstable();
            let has_campaigners = !self.campaigners_of(side).is_empty();
            // On a two-player side only one's own Campaigners campaign.
            let can_campaign = !self.own_campaigners(side, slot).is_empty();
            for &c in &sorted {
                if !full && ch.len() >= 2 {
                    break;
                }
                let name = card(c).name;
                let sl = slug(c);
                if self.playable(side, c) {
                    ch.push(Self::card_choice(
                        full,
                        format!("event:{sl}"),
                        "event",
                        || format!("Event {name}: {}", describe(c)),
                        c,
                    ));
                }
                if has_campaigners {
                    if can_campaign && b >= self.campaign_cost(side) {
                        ch.push(Self::card_choice(
                            full,
                            format!("campaign:{sl}"),
                            "campaign",
                            || format!("Campaign with {name}"),
                            c,
                        ));
                    }
                    if b < side.button_cap() {
                        ch.push(Self::card_choice(
                            full,
                            format!("organize:{sl}"),
                            "organize",
                            || format!("Organize with {name}"),
                            c,
                        ));
                    }
                    if !self.board.amendment_sent {
                        ch.push(Self::card_choice(
                            full,
                            format!("lobby:{sl}"),
                            "lobby",
                            || format!("Lobby with {name}"),
                            c,
                        ));
                    }
                }
            }
            if ch.is_empty() {
                // Nothing else is possible: the card is spent without effect.
                for &c in &sorted {
                    ch.push(Self::card_choice(
                        full,
                        format!("discard:{}", slug(c)),
                        "discard",
                        || format!("Discard {} without effect", card(c).name),
                        c,
                    ));
                }
            }
        }
        if !self.board.claimed_done {
            let mut claimed = self.board.claimed[p].clone();
            claimed.sort_unstable();
            for c in claimed {
                if self.playable(side, c) {
                    ch.push(Self::card_choice(
                        full,
                        format!("claimed:{}", slug(c)),
                        "claimed",
                        || format!("Play claimed {}: {}", card(c).name, describe(c)),
                        c,
                    ));
                }
            }
        }
        let hand_pending = !self.board.hand_done && !hand.is_empty();
        if !hand_pending {
            if ch.is_empty() {
                return None;
            }
            ch.push(mk(full, "done", "done", || "End your part of the round"));
        }
        Some(Decision {
            side,
            slot,
            text: format!(
                "Turn {}, round {}: {}, play a card ({b} buttons)",
                self.board.turn,
                self.board.round,
                self.board.player_name(side, slot)
            ),
            choices: ch,
        })
    }

    fn apply_operations(&mut self, side: Side, choice: &str) {
        let (kind, arg) = choice.split_once(':').unwrap_or((choice, ""));
        if kind == "done" {
            self.board.hand_done = true;
            self.board.claimed_done = true;
            return;
        }
        let Some(c) = card_by_slug(arg) else {
            return;
        };
        let i = player(side, self.board.round_slot(side));
        if kind == "claimed" {
            self.board.claimed[i].retain(|&x| x != c);
            self.board.claimed_done = true;
            self.play_event(side, c);
            return;
        }
        self.hidden.hands[i].retain(|&x| x != c);
        self.board.hand_done = true;
        let name = card(c).name;
        let who = self.who(side);
        match kind {
            "event" => self.play_event(side, c),
            "campaign" => {
                self.board.out.push(c);
                self.say(side, "action", format!("{who} campaigns with {name}"));
                self.start_campaign(side);
            }
            "organize" => {
                self.board.out.push(c);
                self.say(side, "action", format!("{who} organizes with {name}"));
                let n = self.campaigners_of(side).len() as u8;
                self.gain_buttons(side, n);
            }
            "lobby" => {
                self.board.out.push(c);
                self.say(side, "action", format!("{who} lobbies with {name}"));
                let n = self.campaigners_of(side).len();
                let die = if side == Side::Suffragist && self.has_lasting(Lasting::LobbyD8) {
                    Die::D8
                } else {
                    Die::D6
                };
                let dice: Vec<u8> = (0..n).map(|_| self.roll_die(die)).collect();
                self.log_roll(side, die, &dice);
                self.push_frame(
                    side,
                    Source::Lobby,
                    Some(Task::Dice {
                        purpose: DicePurpose::Lobby,
                        die,
                        dice,
                    }),
                );
            }
            _ => {
                self.board.out.push(c);
                self.say(side, "action", format!("{who} discards {name}"));
            }
        }
    }

    /// The active side's part of the round is over: next side, next round, or Cleanup.
    fn end_side_turn(&mut self) {
        self.board.hand_done = false;
        self.board.claimed_done = false;
        if self.board.active == Side::Suffragist {
            self.board.active = Side::Opposition;
            return;
        }
        self.board.active = Side::Suffragist;
        if self.board.round < ROUNDS {
            self.board.round += 1;
            let r = self.board.round;
            self.push_log(LogEntry::new("round", format!("Round {r}")).amount(r as i64));
            return;
        }
        self.cleanup();
    }

    fn cleanup(&mut self) {
        let rot = std::mem::take(&mut self.board.rest_of_turn);
        self.board.out.extend(rot);
        if self.board.turn < TURNS {
            self.start_exchanges(Side::Suffragist);
            return;
        }
        if !self.board.amendment_sent {
            self.finish(
                Side::Opposition,
                "Congress never sent the 19th Amendment to the states".into(),
            );
            return;
        }
        let rog = std::mem::take(&mut self.board.rest_of_game);
        self.board.out.extend(rog);
        self.board.phase = Phase::FinalVoting;
        self.board.chooser = Side::Suffragist;
        self.push_log(LogEntry::new("final-voting", "Final Voting begins"));
    }

    /// Cleanup exchanges of the first two-player side from `from` on (Suffragist, then
    /// Opposition); with none left, the next turn begins.
    fn start_exchanges(&mut self, from: Side) {
        let sides: &[Side] = if from == Side::Suffragist {
            &[Side::Suffragist, Side::Opposition]
        } else {
            &[Side::Opposition]
        };
        for &side in sides {
            if self.board.pair(side) {
                self.board.phase = Phase::Cleanup;
                self.board.exchanges = Some(Exchanges {
                    side,
                    proposer: 0,
                    offer: None,
                    made: Vec::new(),
                });
                return;
            }
        }
        self.board.exchanges = None;
        self.board.turn += 1;
        self.begin_turn();
    }

    fn cleanup_decision(&self, full: bool) -> Option<Decision> {
        let x = self.board.exchanges.as_ref()?;
        let side = x.side;
        let me = x.proposer;
        let partner = 1 - me;
        let (my, their) = (player(side, me), player(side, partner));
        let name = |slot| self.board.player_name(side, slot);
        if let Some(offer) = &x.offer {
            let (kind, arg) = offer.split_once(':').unwrap_or((offer.as_str(), ""));
            let what = match (kind, card_by_slug(arg)) {
                ("give", Some(c)) => format!("{} offers you {}", name(me), card(c).name),
                ("ask", Some(c)) => format!("{} asks you for {}", name(me), card(c).name),
                _ => format!("{} offers to exchange your held cards", name(me)),
            };
            return Some(Decision {
                side,
                slot: partner,
                text: format!("Cleanup: {what}; do you agree?"),
                choices: vec![
                    mk(full, "decline", "decline", || "Decline"),
                    mk(full, "accept", "accept", || "Accept"),
                ],
            });
        }
        let mut ch = vec![mk(full, "done", "done", || "Propose nothing more")];
        let made = |key: &str| x.made.iter().any(|m| m == key);
        if !made("held")
            && !self.hidden.hands[my].is_empty()
            && !self.hidden.hands[their].is_empty()
        {
            ch.push(mk(full, "held", "held", || {
                format!("Propose to exchange held cards with {}", name(partner))
            }));
        }
        for (kind, p) in [("give", my), ("ask", their)] {
            let mut cards = self.board.claimed[p].clone();
            cards.sort_unstable();
            for c in cards {
                if made(slug(c)) {
                    continue;
                }
                ch.push(Self::card_choice(
                    full,
                    format!("{kind}:{}", slug(c)),
                    kind,
                    || {
                        if kind == "give" {
                            format!("Propose to give {} to {}", card(c).name, name(partner))
                        } else {
                            format!("Ask {} for {}", name(partner), card(c).name)
                        }
                    },
                    c,
                ));
            }
        }
        Some(Decision {
            side,
            slot: me,
            text: format!(
                "Cleanup of turn {}: {}, propose an exchange with {}?",
                self.board.turn,
                name(me),
                name(partner)
            ),
            choices: ch,
        })
    }

    fn apply_cleanup(&mut self, choice: &str) {
        let Some(mut x) = self.board.exchanges.take() else {
            return;
        };
        let side = x.side;
        let (me, partner) = (x.proposer, 1 - x.proposer);
        let (a, b) = (
            self.board.player_name(side, me),
            self.board.player_name(side, partner),
        );
        let seat = self.board.player_seat(side, me).unwrap_or(usize::MAX);
        match (choice, x.offer.take()) {
            ("done", None) => {
                if me == 0 {
                    x.proposer = 1;
                } else {
                    let next = side.other();
                    if side == Side::Suffragist {
                        self.start_exchanges(next);
                    } else {
                        self.board.exchanges = None;
                        self.board.turn += 1;
                        self.begin_turn();
                    }
                    return;
                }
            }
            (offer, None) => {
                let (kind, arg) = offer.split_once(':').unwrap_or((offer, ""));
                let key = if kind == "held" { "held" } else { arg };
                x.made.push(key.to_string());
                x.offer = Some(offer.to_string());
                let text = match card_by_slug(arg) {
                    Some(c) if kind == "give" => format!("{a} offers {} to {b}", card(c).name),
                    Some(c) => format!("{a} asks {b} for {}", card(c).name),
                    None => format!("{a} proposes to exchange held cards with {b}"),
                };
                self.push_log(LogEntry::new("exchange", text).seat(seat));
            }
            (answer, Some(offer)) => {
                let seat_b = self.board.player_seat(side, partner).unwrap_or(usize::MAX);
                if answer != "accept" {
                    self.push_log(LogEntry::new("exchange", format!("{b} declines")).seat(seat_b));
                } else {
                    let (pa, pb) = (player(side, me), player(side, partner));
                    let (kind, arg) = offer.split_once(':').unwrap_or((offer.as_str(), ""));
                    let text = match (kind, card_by_slug(arg)) {
                        ("give", Some(c)) => {
                            self.board.claimed[pa].retain(|&y| y != c);
                            self.board.claimed[pb].push(c);
                            format!("{b} accepts: {a} gives {} to {b}", card(c).name)
                        }
                        ("ask", Some(c)) => {
                            self.board.claimed[pb].retain(|&y| y != c);
                            self.board.claimed[pa].push(c);
                            format!("{b} accepts: {b} gives {} to {a}", card(c).name)
                        }
                        _ => {
                            self.hidden.hands.swap(pa, pb);
                            format!("{b} accepts: {a} and {b} exchange their held cards")
                        }
                    };
                    self.push_log(LogEntry::new("exchange", text).seat(seat_b));
                }
            }
        }
        self.board.exchanges = Some(x);
    }

    // ----- Strategy Phase ----------------------------------------------------------------

    fn strategy_decision(&self, full: bool) -> Option<Decision> {
        let sb = self.buttons(Side::Suffragist);
        let ob = self.buttons(Side::Opposition);
        match self.board.commit {
            None => {
                // Against the Oppobot the Suffragist may commit every button (§3.8).
                let max = if self.board.oppobot.is_some() {
                    sb
                } else {
                    sb.min(ob + 1)
                };
                let ch = (0..=max)
                    .map(|n| {
                        mk(full, format!("commit:{n}"), "commit", || {
                            format!("Commit {n} buttons")
                        })
                        .amount(n as i64)
                    })
                    .collect();
                Some(Decision {
                    side: Side::Suffragist,
                    slot: self.board.strategy_slot(Side::Suffragist),
                    text: format!(
                        "Strategy Phase: commit buttons for a Strategy card (you have {sb}, the \
                         Opposition {ob})"
                    ),
                    choices: ch,
                })
            }
            Some(n) => {
                if n > ob || (n == 0 && ob == 0) || self.board.oppobot.is_some() {
                    return None;
                }
                let mut ch = Vec::new();
                if n > 0 {
                    ch.push(mk(
                        full,
                        "defer",
                        "defer",
                        || "Defer: the Suffragist takes a card",
                    ));
                }
                ch.push(
                    mk(full, "match", "match", || {
                        format!("Match: both spend {n}, no card")
                    })
                    .amount(n as i64),
                );
                if ob > n {
                    ch.push(
                        mk(full, "supersede", "supersede", || {
                            format!("Supersede: spend {}, take a card", n + 1)
                        })
                        .amount(n as i64 + 1),
                    );
                }
                Some(Decision {
                    side: Side::Opposition,
                    slot: self.board.strategy_slot(Side::Opposition),
                    text: format!("The Suffragist commits {n} buttons: defer, match or supersede?"),
                    choices: ch,
                })
            }
        }
    }

    fn apply_strategy(&mut self, side: Side, choice: &str) {
        let (kind, arg) = choice.split_once(':').unwrap_or((choice, ""));
        if kind == "commit" {
            let n: u8 = arg.parse().unwrap_or(0);
            self.spend(Side::Suffragist, n);
            self.board.commit = Some(n);
            self.say(side, "bid", format!("The Suffragist commits {n} buttons"));
            return;
        }
        self.resolve_bid(Some(kind));
    }

    /// Settles the bid; `answer` is the Opposition's (none when it had no choice).
    fn resolve_bid(&mut self, answer: Option<&str>) {
        if self.board.oppobot.is_some() {
            self.bot_bid();
            return;
        }
        let n = self.board.commit.unwrap_or(0);
        let ob = self.buttons(Side::Opposition);
        let answer = answer.unwrap_or(if n > ob { "defer" } else { "match" });
        let winner = match answer {
            "defer" => Some(Side::Suffragist),
            "supersede" => {
                self.spend(Side::Opposition, n + 1);
                Some(Side::Opposition)
            }
            _ => {
                self.spend(Side::Opposition, n);
                None
            }
        };
        self.say(
            Side::Opposition,
            "bid",
            format!("The Opposition answers: {answer}"),
        );
        self.board.phase = Phase::Operations;
        self.board.commit = None;
        let r = self.board.round;
        self.push_log(LogEntry::new("round", format!("Round {r}")).amount(r as i64));
        if let Some(w) = winner {
            // The side's Strategy decider (its second player) takes the card.
            let slot = self.board.strategy_slot(w);
            self.push_frame_for(w, slot, Source::StrategyPick, Some(Task::PickStrategy));
        }
    }

    // ----- Final Voting ------------------------------------------------------------------

    fn vote_die(&self, side: Side) -> Die {
        if let Some(m) = &self.board.oppobot
            && side == Side::Opposition
        {
            return if m.hard { Die::D8 } else { Die::D6 };
        }
        if self.side_lasting(side, Lasting::FinalVotingD8) {
            Die::D8
        } else {
            Die::D6
        }
    }

    /// The totals of the vote in progress, and who would win it as it stands.
    fn vote_standing(&self, v: &Vote) -> ([u8; 2], Side) {
        let st = &self.board.states[v.state as usize];
        let t = [
            v.rolls[0] + st.cubes(Side::Suffragist),
            v.rolls[1] + st.cubes(Side::Opposition),
        ];
        let febb = self.has_lasting(Lasting::SuffragistWinsTies);
        let suff_wins = t[0] > t[1] || (t[0] == t[1] && febb);
        (
            t,
            if suff_wins {
                Side::Suffragist
            } else {
                Side::Opposition
            },
        )
    }

    fn voting_decision(&self, full: bool) -> Option<Decision> {
        match self.board.vote {
            None => {
                let side = self.board.chooser;
                let mut ch = Vec::new();
                for s in 0..48u8 {
                    if !full && ch.len() >= 2 {
                        break;
                    }
                    let st = &self.board.states[s as usize];
                    if st.mark.is_none() {
                        let c = code(s);
                        ch.push(
                            mk(full, format!("state:{c}"), "state", || {
                                format!(
                                    "{} (Suffragist {}, Opposition {})",
                                    STATES[s as usize].name,
                                    st.cubes(Side::Suffragist),
                                    st.cubes(Side::Opposition)
                                )
                            })
                            .location(c),
                        );
                    }
                }
                let slot = self.board.vote_picker().1;
                (!ch.is_empty()).then(|| Decision {
                    side,
                    slot,
                    text: format!(
                        "Final Voting: {}, choose the next state to vote",
                        self.board.player_name(side, slot)
                    ),
                    choices: ch,
                })
            }
            Some(v) => {
                let (t, leader) = self.vote_standing(&v);
                let loser = leader.other();
                let li = loser.index();
                let own_cubes = t[li] - v.rolls[li];
                let best = own_cubes + self.vote_die(loser).sides() as u8;
                let febb = self.has_lasting(Lasting::SuffragistWinsTies);
                let wins_tie = (loser == Side::Suffragist) == febb;
                let other = t[leader.index()];
                let could_turn = best > other || (best == other && wins_tie);
                if self.buttons(loser) == 0 || !could_turn {
                    return None;
                }
                Some(Decision {
                    side: loser,
                    slot: self.board.vote_roller(loser),
                    text: format!(
                        "{}: Suffragist {} against Opposition {}; you are losing",
                        STATES[v.state as usize].name, t[0], t[1]
                    ),
                    choices: vec![
                        mk(full, "keep", "keep", || "Accept the result"),
                        mk(full, "reroll", "reroll", || "Re-roll your die (1 button)").amount(1),
                    ],
                })
            }
        }
    }

    fn apply_voting(&mut self, side: Side, choice: &str) {
        let (kind, arg) = choice.split_once(':').unwrap_or((choice, ""));
        match kind {
            "state" => {
                let Some(s) = state_by_code(arg) else {
                    return;
                };
                let (da, db) = (
                    self.vote_die(Side::Suffragist),
                    self.vote_die(Side::Opposition),
                );
                let a = self.roll_die(da);
                let b = if self.is_bot(Side::Opposition)
                    && self.has_lasting(Lasting::OppobotTwoVoteDice)
                {
                    self.roll_die(db).max(self.roll_die(db))
                } else {
                    self.roll_die(db)
                };
                let seat = self.seat_of(side);
                self.push_log(
                    LogEntry::new(
                        "vote",
                        format!(
                            "{} votes: the Suffragist rolls {a}, the Opposition rolls {b}",
                            STATES[s as usize].name
                        ),
                    )
                    .seat(seat)
                    .location(code(s))
                    .dice(vec![a as u32, b as u32]),
                );
                self.board.vote = Some(Vote {
                    state: s,
                    rolls: [a, b],
                });
            }
            "reroll" => {
                if let Some(mut v) = self.board.vote {
                    self.spend(side, 1);
                    let die = self.vote_die(side);
                    let d = self.roll_die(die);
                    v.rolls[side.index()] = d;
                    self.board.vote = Some(v);
                    self.log_roll(side, self.vote_die(side), &[d]);
                }
            }
            _ => self.settle_vote(),
        }
    }

    fn settle_vote(&mut self) {
        let Some(v) = self.board.vote.take() else {
            return;
        };
        let (_, winner) = self.vote_standing(&v);
        self.board.votes_cast = self.board.votes_cast.saturating_add(1);
        self.board.chooser = self.board.vote_picker().0;
        self.decide_state(v.state, winner);
    }

    /// Applies one legal choice of `side`'s current decision.
    fn choose(&mut self, side: Side, choice: &str) {
        if !self.board.stack.is_empty() {
            self.apply_task(side, choice);
            return;
        }
        match self.board.phase {
            Phase::Operations => self.apply_operations(side, choice),
            Phase::Strategy => self.apply_strategy(side, choice),
            Phase::FinalVoting => self.apply_voting(side, choice),
            Phase::Cleanup => self.apply_cleanup(choice),
            Phase::Finished => {}
        }
    }

    // ----- views and resampling ----------------------------------------------------------

    fn viewer_side(&self, viewer: Viewer) -> Option<Side> {
        viewer.seat().and_then(|s| self.board.seats.get(s).copied())
    }

    /// Whether the viewer (a side and slot) sees player `p`'s hand now: its own, or the
    /// opponent's whose round it is while the viewer resolves Change In Plans. A partner's
    /// hand stays hidden.
    fn sees_hand(board: &Board, viewer: Option<(Side, u8)>, p: usize) -> bool {
        let Some((side, slot)) = viewer else {
            return false;
        };
        if player(side, slot) == p {
            return true;
        }
        let foe = side.other();
        p == player(foe, board.round_slot(foe))
            && board.stack.last().is_some_and(|f| {
                f.side == side && f.slot == slot && f.task == Some(Task::ChangeInPlans)
            })
    }

    /// Eye on the Future, while player `slot` of `side` resolves it: the cards of the side's
    /// Draw Deck it may play (its prompt's choices), sorted. Our reading: the searcher is
    /// shown the playable cards, not the whole deck, so that on a two-player side the deck
    /// does not tell her partner's hand by elimination (the rulebook never shows a partner's
    /// hand).
    fn deck_search(&self, side: Side, slot: u8) -> Option<Vec<CardId>> {
        let f = self.board.stack.last()?;
        let searching = f.side == side
            && f.slot == slot
            && f.task
                == Some(Task::PlayOne {
                    from: PlayFrom::Deck,
                });
        searching.then(|| {
            let mut v: Vec<CardId> = self.hidden.decks[side.index()]
                .all()
                .into_iter()
                .filter(|&c| self.playable(side, c))
                .collect();
            v.sort_unstable();
            v
        })
    }

    /// Makes a state resampled from `view` agree with the view's [`View::deck_search`]: the
    /// listed cards lie in the searching side's deck, and any other playable card that could
    /// be in either the deck or the partner's hand is in the hand (else it would be listed).
    fn honour_deck_search(&mut self, view: &View, rng: &mut dyn RngCore) {
        let (Some(listed), Some(side)) = (&view.deck_search, view.viewer) else {
            return;
        };
        let i = side.index();
        let partner = player(side, 1 - view.viewer_slot.min(1));
        if partner >= self.hidden.hands.len()
            || view.hands.get(partner).is_some_and(|h| h.is_some())
        {
            // No partner, or one whose hand is known: the unknown part of the deck is all
            // the side's unseen cards, as built.
            return;
        }
        let mut pool = std::mem::take(&mut self.hidden.decks[i].middle);
        pool.append(&mut self.hidden.hands[partner]);
        let (in_deck, rest): (Vec<CardId>, Vec<CardId>) =
            pool.into_iter().partition(|c| listed.contains(c));
        let (mut hand, mut free): (Vec<CardId>, Vec<CardId>) =
            rest.into_iter().partition(|&c| self.playable(side, c));
        free.shuffle(&mut rng::fork(rng));
        let room = (view.hand_count[partner] as usize).saturating_sub(hand.len());
        hand.extend(free.split_off(free.len().saturating_sub(room)));
        let mut middle = in_deck;
        middle.extend(free);
        middle.shuffle(&mut rng::fork(rng));
        if view.board.era_ordered[i] {
            Self::order_by_era(&mut middle);
        }
        self.hidden.decks[i].middle = middle;
        self.hidden.hands[partner] = hand;
    }

    /// Every card whose place is public.
    fn public_cards(board: &Board) -> HashSet<CardId> {
        let mut s: HashSet<CardId> = HashSet::new();
        s.extend(&board.out);
        s.extend(&board.rest_of_turn);
        s.extend(&board.rest_of_game);
        s.extend(&board.final_voting_box);
        s.extend(&board.available_states);
        s.extend(&board.strategy_display);
        s.extend(board.claimed.iter().flatten());
        for f in &board.stack {
            if let Source::Card(c) = f.source {
                s.insert(c);
            }
        }
        if let Some(m) = &board.oppobot {
            s.extend(&m.starts);
        }
        s
    }

    fn order_by_era(cards: &mut [CardId]) {
        // Late at the bottom (first), Early on top (last); a stable sort keeps the shuffle
        // within each era.
        cards.sort_by_key(|&c| std::cmp::Reverse(card(c).era));
    }

    fn build_hidden(view: &View, rng: &mut dyn RngCore) -> Hidden {
        let mut r = rng::fork(rng);
        let public = Self::public_cards(&view.board);
        let mut hands = vec![Vec::new(); view.hand_count.len()];
        let mut drawn = [Vec::new(), Vec::new()];
        let mut decks = [DrawDeck::default(), DrawDeck::default()];
        let mut bot_set_aside = Vec::new();
        for (i, deck) in [Deck::Suffragist, Deck::Opposition].into_iter().enumerate() {
            if i == 1 && view.board.oppobot.is_some() {
                // The Oppobot's deck: 11 per era, Early on top, never reshuffled; whatever of
                // an era is unseen and not in the deck is among the 6 set aside.
                let mut left = view.deck_count[1] as usize;
                let mut middle = Vec::new();
                for era in [Era::Late, Era::Middle, Era::Early] {
                    let mut cards: Vec<CardId> = oppobot_cards()
                        .filter(|&c| card(c).era == era && !public.contains(&c))
                        .collect();
                    cards.shuffle(&mut r);
                    let k = left.min(11).min(cards.len());
                    left -= k;
                    let rest = cards.split_off(k);
                    bot_set_aside.extend(rest);
                    middle.extend(cards);
                }
                decks[1].middle = middle;
                continue;
            }
            let mut known: Vec<CardId> = Vec::new();
            let take = |o: &Option<Vec<CardId>>, known: &mut Vec<CardId>| -> Option<Vec<CardId>> {
                o.as_ref().map(|v| {
                    known.extend(v);
                    v.clone()
                })
            };
            // The side's players: the first, and the second when there is one.
            let ps: Vec<usize> = [i, i + 2]
                .into_iter()
                .filter(|&p| p < view.hand_count.len())
                .collect();
            let seen: Vec<Option<Vec<CardId>>> = ps
                .iter()
                .map(|&p| take(view.hands.get(p).unwrap_or(&None), &mut known))
                .collect();
            let dr = take(&view.drawn[i], &mut known);
            let top = take(&view.deck_top[i], &mut known);
            let bottom = take(&view.deck_bottom[i], &mut known);
            let mut pool: Vec<CardId> = deck_cards(deck)
                .filter(|c| !public.contains(c) && !known.contains(c))
                .collect();
            pool.shuffle(&mut r);
            let grab = |n: u8, pool: &mut Vec<CardId>| -> Vec<CardId> {
                let k = (n as usize).min(pool.len());
                pool.split_off(pool.len() - k)
            };
            for (&p, hand) in ps.iter().zip(seen) {
                hands[p] = hand.unwrap_or_else(|| grab(view.hand_count[p], &mut pool));
            }
            drawn[i] = dr.unwrap_or_else(|| grab(view.drawn_count[i], &mut pool));
            let top = top.unwrap_or_else(|| grab(view.deck_top_count[i], &mut pool));
            let bottom = bottom.unwrap_or_else(|| grab(view.deck_bottom_count[i], &mut pool));
            let mut middle = pool;
            if view.board.era_ordered[i] {
                Self::order_by_era(&mut middle);
            }
            decks[i] = DrawDeck {
                bottom,
                middle,
                top,
            };
        }
        let solitaire = view.board.oppobot.is_some();
        let mut strategy: Vec<CardId> = deck_cards(Deck::Strategy)
            .filter(|c| !(public.contains(c) || solitaire && NOT_VERSUS_OPPOBOT.contains(c)))
            .collect();
        strategy.shuffle(&mut r);
        let set_aside: Vec<CardId> = deck_cards(Deck::State)
            .filter(|c| !public.contains(c))
            .collect();
        Hidden {
            hands,
            drawn,
            decks,
            strategy_deck: strategy,
            set_aside_states: set_aside,
            rng: r,
            forced_dice: Vec::new(),
            oppobot_set_aside: bot_set_aside,
        }
    }
}

impl Game for VotesForWomen {
    const ID: &'static str = GAME_ID;
    type View = View;

    fn info() -> GameInfo {
        GameInfo {
            id: GAME_ID.into(),
            name: "Votes for Women".into(),
            summary: "The fight over the 19th Amendment: the Suffragist pushes Congress to send \
                      it to the states and wins 36 ratifications; the Opposition blocks Congress \
                      or wins 13 rejections."
                .into(),
            variants: vec![
                VariantInfo {
                    id: "standard".into(),
                    name: "Two players".into(),
                    description: "Suffragist against Opposition.".into(),
                    min_seats: 2,
                    max_seats: 2,
                    default_seats: 2,
                    seat_names: vec!["Suffragist".into(), "Opposition".into()],
                    timeout_policy: None,
                },
                VariantInfo {
                    id: SOLITAIRE.into(),
                    name: "Solitaire against the Oppobot".into(),
                    description: "One Suffragist against the Oppobot, the automated Opposition, \
                              with the Oppobot deck (reconstruction): its cards are our own \
                              design, not the published deck. Every Oppobot decision is a die \
                              roll or a fixed priority, shown in the log."
                        .into(),
                    min_seats: 1,
                    max_seats: 1,
                    default_seats: 1,
                    seat_names: vec!["Suffragist".into()],
                    // Solitaire: nobody would win a forfeit; the default choice keeps it going.
                    timeout_policy: Some(TimeoutPolicy::DefaultChoice),
                },
                VariantInfo {
                    id: COOP.into(),
                    name: "Co-op against the Oppobot".into(),
                    description: "Purple and Yellow Suffragists together against the Oppobot \
                              (Oppobot deck (reconstruction)). Buttons are pooled, each draws 3 \
                              cards to hold 4, Purple plays rounds 1, 3, 5 and Yellow 2, 4, 6, \
                              Yellow decides the Strategy commitment, and in Cleanup the two may \
                              exchange held and claimed cards when both agree."
                        .into(),
                    min_seats: 2,
                    max_seats: 2,
                    default_seats: 2,
                    seat_names: vec!["Purple".into(), "Yellow".into()],
                    // Co-op: nobody would win a forfeit; the default choice keeps it going.
                    timeout_policy: Some(TimeoutPolicy::DefaultChoice),
                },
                VariantInfo {
                    id: TEAM_3_SUFFRAGISTS.into(),
                    name: "Three players: two Suffragists".into(),
                    description: "Purple and Yellow Suffragists against one Opposition player. \
                              The Suffragists pool buttons and campaign dice, draw 3 cards each \
                              to hold 4, alternate rounds (Purple 1, 3, 5), Yellow decides the \
                              Strategy commitment and who gets the card, and Final Voting goes \
                              Purple, Opposition, Yellow, Opposition."
                        .into(),
                    min_seats: 3,
                    max_seats: 3,
                    default_seats: 3,
                    seat_names: vec!["Purple".into(), "Yellow".into(), "Opposition".into()],
                    // Teams: a forfeit would also sink the partner; the default choice
                    // plays the absent player's decision instead.
                    timeout_policy: Some(TimeoutPolicy::DefaultChoice),
                },
                VariantInfo {
                    id: TEAM_3_OPPOSITION.into(),
                    name: "Three players: two Opposition".into(),
                    description: "One Suffragist against a First and a Second Opposition player, \
                              who pool buttons, draw 3 cards each to hold 4, alternate rounds \
                              (First 1, 3, 5); the Second decides the Strategy answer and who \
                              gets the card, and Final Voting goes Suffragist, First, Suffragist, \
                              Second."
                        .into(),
                    min_seats: 3,
                    max_seats: 3,
                    default_seats: 3,
                    seat_names: vec![
                        "Suffragist".into(),
                        "First Opposition".into(),
                        "Second Opposition".into(),
                    ],
                    // Teams: a forfeit would also sink the partner; the default choice
                    // plays the absent player's decision instead.
                    timeout_policy: Some(TimeoutPolicy::DefaultChoice),
                },
                VariantInfo {
                    id: TEAM_4.into(),
                    name: "Four players: two against two".into(),
                    description: "Purple and Yellow Suffragists against a First and a Second \
                              Opposition player, each side with the team rules above; Final \
                              Voting goes Purple, First, Yellow, Second."
                        .into(),
                    min_seats: 4,
                    max_seats: 4,
                    default_seats: 4,
                    seat_names: vec![
                        "Purple".into(),
                        "Yellow".into(),
                        "First Opposition".into(),
                        "Second Opposition".into(),
                    ],
                    // Teams: a forfeit would also sink the partner; the default choice
                    // plays the absent player's decision instead.
                    timeout_policy: Some(TimeoutPolicy::DefaultChoice),
                },
            ],
            options: vec![OptionSpec {
                key: "oppobot".into(),
                label: "Oppobot difficulty".into(),
                description: "Against the Oppobot (solitaire and co-op): normal rolls d4 for its bid and campaigns and \
                              d6 in Final Voting; hard rolls d8 for all three."
                    .into(),
                kind: OptionKind::Choice {
                    values: vec!["normal".into(), "hard".into()],
                    default: "normal".into(),
                },
            }],
            timeout_policy: TimeoutPolicy::Forfeit,
        }
    }

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        Self::setup(setup)
    }

    fn num_seats(&self) -> usize {
        self.board.seats.len()
    }

    fn to_act(&self) -> Vec<Seat> {
        self.decision(false)
            .and_then(|d| self.board.player_seat(d.side, d.slot))
            .into_iter()
            .collect()
    }

    fn prompt(&self, seat: Seat) -> Option<Prompt> {
        // Who decides is cheap to find out; the labelled choices only for that seat.
        let d = self.decision(false)?;
        if self.board.player_seat(d.side, d.slot) != Some(seat) {
            return None;
        }
        let d = self.decision(true)?;
        (self.board.player_seat(d.side, d.slot) == Some(seat)).then_some(Prompt {
            seat,
            text: d.text,
            choices: d.choices,
        })
    }

    fn apply_legal(&mut self, seat: Seat, choice: &str) {
        let side = self
            .board
            .seats
            .get(seat)
            .copied()
            .unwrap_or(Side::Suffragist);
        self.choose(side, choice);
        self.run();
    }

    fn log(&self) -> &[LogEntry] {
        &self.log
    }

    fn view(&self, viewer: Viewer) -> View {
        let me = self.viewer_side(viewer);
        let who = viewer.seat().and_then(|s| self.board.seat_player(s));
        let h = &self.hidden;
        // The drawn zone and the known ends of the deck are the side's: both partners see them.
        let own = |i: usize, v: &Vec<CardId>| (me.map(|s| s.index()) == Some(i)).then(|| v.clone());
        View {
            board: self.board.clone(),
            viewer: me,
            viewer_slot: who.map(|w| w.1).unwrap_or(0),
            hand_count: h.hands.iter().map(|x| x.len() as u8).collect(),
            drawn_count: [h.drawn[0].len() as u8, h.drawn[1].len() as u8],
            deck_count: [h.decks[0].len() as u8, h.decks[1].len() as u8],
            deck_top_count: [h.decks[0].top.len() as u8, h.decks[1].top.len() as u8],
            deck_bottom_count: [h.decks[0].bottom.len() as u8, h.decks[1].bottom.len() as u8],
            strategy_deck_count: h.strategy_deck.len() as u8,
            hands: (0..h.hands.len())
                .map(|i| {
                    Self::sees_hand(&self.board, who, i).then(|| {
                        let mut v = h.hands[i].clone();
                        v.sort_unstable();
                        v
                    })
                })
                .collect(),
            drawn: [own(0, &h.drawn[0]), own(1, &h.drawn[1])],
            deck_top: [own(0, &h.decks[0].top), own(1, &h.decks[1].top)],
            deck_bottom: [own(0, &h.decks[0].bottom), own(1, &h.decks[1].bottom)],
            deck_search: who.and_then(|(side, slot)| self.deck_search(side, slot)),
        }
    }

    fn choice_seen_by(&self, seat: Seat, choice: &str, viewer: Viewer) -> SeenChoice {
        // Only stacking puts a card face down: `top:<card>` (The Winning Plan, Progress, Not
        // Politics). The side's drawn cards and the known ends of its deck are seen by both
        // partners (see `view`), so they are told the card; opponents and spectators only
        // that a card went on top, as their log says. Every other choice names public things:
        // a card played, discarded or removed is shown as it goes, and states, regions, dice
        // and amounts are on the board.
        let side = self.board.seats.get(seat).copied();
        if choice.starts_with("top:") && self.viewer_side(viewer) != side {
            SeenChoice::Redacted("Put a card on top of the deck".into())
        } else {
            SeenChoice::Whole
        }
    }

    fn resample(view: &View, _viewer: Viewer, rng: &mut dyn RngCore) -> Self {
        let mut s = VotesForWomen {
            board: view.board.clone(),
            hidden: Self::build_hidden(view, rng),
            log: Vec::new(),
            logging: false,
        };
        s.honour_deck_search(view, rng);
        s
    }

    fn shuffle_hidden(&self, viewer: Viewer, rng: &mut dyn RngCore) -> Self {
        let mut s = Self::resample(&self.view(viewer), viewer, rng);
        s.log = self.log.clone();
        s.logging = self.logging;
        s
    }

    fn hidden_digest(&self, viewer: Viewer) -> u64 {
        // Everything hidden, less what the viewer's own seat sees (its hand, the cards it
        // drew, the known top of its deck).
        let mut h = self.hidden.clone();
        if let Some((side, slot)) = viewer.seat().and_then(|s| self.board.seat_player(s)) {
            let i = side.index();
            h.hands[player(side, slot)].clear();
            h.drawn[i].clear();
            h.decks[i].top.clear();
        }
        crate::core::digest_of(&h)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.board.outcome.clone()
    }
}
