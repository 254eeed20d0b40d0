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
//! Where each rule lives:
//!
//! | file | what |
//! |---|---|
//! | `data.rs` | the map, the 128 cards (and the Oppobot deck) as one typed table, each effect a program of [`data::Op`]s |
//! | `actions.rs` | [`actions::Action`], one variant per kind of choice; its `Display` is the choice id |
//! | `decisions.rs` | what the game waits for (`Decision`, read from the board), the `Offer` sinks, and `run`: the loop that takes automatic and single-choice steps |
//! | `setup.rs` | set-up, the start of a turn, the Planning draw |
//! | `operations.rs` | the Operations rounds: events, Campaigning, Organizing, Lobbying, claimed cards |
//! | `lobbying.rs` | Lobbying successes spent one by one, each adding or removing a marker (revision 1) |
//! | `revision.rs` | which rules corrections a game plays by (its rules revision) |
//! | `interpreter.rs` | the effect interpreter: frames, ops, a card's end (boxed or out), drawn cards |
//! | `tasks/` | the decisions a card in play waits for, one file per family, each task's offers, text and application side by side: `dice.rs` (keep or re-roll, dice to Campaigners), `campaign.rs` (Campaigners placing and moving), `cubes.rs` (placing and removing cubes), `states.rs` (a region or a state to pick), `cards.rs` (cards to take, play, stack or discard); `mod.rs` dispatches |
//! | `cubes.rs` | cubes and states, Congress and the amendment, checks, Xs and the end of the game |
//! | `strategy.rs` | the Strategy Phase: commitment and answer |
//! | `variant.rs` | [`Variant`]: the ways to play (seats, partners, the Oppobot), serialized as their ids |
//! | `voting.rs` | Final Voting |
//! | `cleanup.rs` | Cleanup and the team exchanges |
//! | `pending.rs` | what the views say the game waits for (kind, player, a cube step's progress) |
//! | `hidden.rs` | what each viewer sees, and resampling for search |
//! | `oppobot.rs` | the Oppobot, the automated Opposition of solitaire and co-op |
//! | `log.rs` | the log as typed events ([`log::VfwEvent`]), put into words only when read |
//! | `oppobot_log.rs` | the Oppobot's log events ([`oppobot_log::BotEvent`]) and their words |
//! | `mod.rs` | the types (board, frames, tasks, view), who plays what, what is in effect, the `Game` impl |
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
//! `remove:<card>`, `region:<region>`, `stay`, `pass`, `add-marker` / `remove-marker` (a
//! Lobbying success, revision 1).
//!
//! Rules revisions (`Setup::rules`, kept in [`Board::rules`]; see `revision.rs`): a game of
//! revision 0 (stored before the corrections) plays as it always did. From revision 1:
//! - Lobbying and Superior Lobbying follow the rulebook's "add or remove": each success adds
//!   a marker, removes one, or goes unused, whichever side rolled it (the player's own way
//!   is offered first). `facts.md` reads it as one way only (the Suffragist adds, the
//!   Opposition removes); that reading is revision 0's, and the Oppobot's, whose text only
//!   removes;
//! - Eye on the Future plays the card found first and reshuffles the deck once that card has
//!   resolved (revision 0 reshuffled first, so the card's draws came from the shuffled deck
//!   and a deck it stacked kept its order);
//! - card text shows each Congress effect with the sign of the way it moves the markers in
//!   every deck (`+1 Congress` adds, `-1 Congress` removes: the Oppobot's cards read `+1`
//!   under revision 0, which their games' logs keep).
//!
//! Our own readings where neither the rulebook nor `facts.md` decides:
//! - a hand card with no legal use (no Campaigner, event not playable) may be discarded
//!   without effect, so that a round never dead-ends; a side with an empty hand skips;
//! - the card discarded by "draw 2, discard 1" is shown to both sides;
//! - cards stacked on the deck by The Winning Plan / Progress, Not Politics are placed one at
//!   a time, each above the last; the owner remembers them, the opponent sees counts;
//! - Campaigning at rules revision 0 (stored matches): a Campaigner must place its cubes
//!   while its region has an open state, passing only when none is open (and it could still
//!   pay to move), and it may move only before placing. From revision 1 it may place
//!   nothing (`pass`, before its first cube), and it may pay to move before placing or once
//!   its placing is over (`move:<region>` or `stay`); we read "may place the corresponding
//!   number" as all of them or none, so once begun it places the rest unless its region
//!   closes, and a move after placing carries no cube along;
//! - cubes are unlimited, as in `facts.md`'s source (the box holds 65/65/60); buttons are
//!   capped at 12 and 6.
//! - team variants: a player campaigns only with a Campaigner of her own colour (the Opposition
//!   has one colour, so its partners share theirs); with fewer own Campaigners than dice each
//!   die goes to one of them (`campaigner:<k>`), otherwise one die each as in the two-player
//!   game; from revision 1 each of her Campaigners gets at least one die (the rulebook's
//!   example), the last dice going by themselves where needed; Organizing and Lobbying need
//!   any Campaigner of the side;
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

pub mod actions;
#[cfg(test)]
mod campaign_tests;
mod cleanup;
mod cubes;
pub mod data;
mod decisions;
pub mod help;
mod hidden;
mod interpreter;
mod lobbying;
pub mod log;
mod operations;
mod oppobot;
pub mod oppobot_log;
#[cfg(test)]
mod oppobot_tests;
pub mod pending;
mod revision;
#[cfg(test)]
mod revision_tests;
mod setup;
mod strategy;
mod tasks;
#[cfg(test)]
mod team_tests;
#[cfg(test)]
mod tests;
mod variant;
mod voting;

pub use oppobot::OppobotMode;
pub use pending::{CubeProgress, Pending, PendingKind};
pub use variant::Variant;

use std::collections::HashSet;

use rand::seq::SliceRandom;
use rand::{Rng, RngCore};
use serde::{Deserialize, Serialize};

use self::actions::Action;
use self::data::*;
use self::decisions::{Describe, Listing};
use self::log::{Actor, VfwEvent};
use self::oppobot_log::BotEvent;
use crate::Game;
use crate::core::*;
use crate::rng::{self, GameRng};

pub const GAME_ID: &str = "votes-for-women";
/// Checks the Suffragist needs, and Xs the Opposition needs.
pub const CHECKS_TO_WIN: u8 = 36;
pub const XS_TO_WIN: u8 = 13;
pub const TURNS: u8 = 6;
pub const ROUNDS: u8 = 6;
/// Cards drawn in each Planning phase.
pub const PLANNING_DRAW: usize = 6;
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
    /// Eye on the Future's card is chosen and being played: the deck is reshuffled once it
    /// has resolved (revision 1).
    DeckPlayed,
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
    /// Lobbying or Superior Lobbying successes still to use, one at a time: each adds or
    /// removes a marker, or the rest go unused (revision 1; see `lobbying.rs`).
    Successes {
        left: u8,
    },
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
    pub variant: Variant,
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
    /// The rules revision the game is played under (`Setup::rules`; see `revision.rs`).
    /// Absent (0) in the state of a game stored before revisions existed.
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub rules: u32,
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
    /// What the game waits for: the decision, who makes it, a cube step's progress.
    #[serde(default)]
    pub pending: Pending,
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
    /// Typed events, rendered to entries only when the log is read (see `log.rs`).
    log: GameLog<VfwEvent>,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

fn is_zero_u32(n: &u32) -> bool {
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
fn roll(rng: &mut GameRng, die: Die) -> u8 {
    rng.random_range(1..=die.sides()) as u8
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

    /// The seats playing `side`.
    fn side_seats(&self, side: Side) -> Vec<Seat> {
        (0..self.board.seats.len())
            .filter(|&s| self.board.seats[s] == side)
            .collect()
    }

    /// Logs an event (through `note!`, which builds none when the log is off).
    fn push_log(&mut self, event: VfwEvent) {
        self.log.push_event(|| event);
    }

    /// `side`'s player acting now (see [`Self::slot_now`]), as a log entry names it.
    fn actor(&self, side: Side) -> Actor {
        Actor {
            side,
            slot: self.slot_now(side),
        }
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
        note!(
            self,
            VfwEvent::GainsButtons {
                by: self.actor(side),
                got,
                now
            }
        );
    }

    fn lose_buttons(&mut self, side: Side, n: u8) {
        let b = &mut self.board.buttons[side.index()];
        let lost = n.min(*b);
        *b -= lost;
        let now = *b;
        note!(
            self,
            VfwEvent::LosesButtons {
                by: self.actor(side),
                lost,
                now
            }
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
        Self::southern(region_of(s)) && self.south_blocked(side)
    }

    /// The regions The Civil War closes to Suffragist cubes.
    fn southern(r: Region) -> bool {
        matches!(r, Region::South | Region::AtlanticAppalachia)
    }

    /// Whether `side` may add no cubes in the southern regions now (The Civil War).
    fn south_blocked(&self, side: Side) -> bool {
        side == Side::Suffragist && self.has_lasting(Lasting::NoSuffragistCubesSouth)
    }

    fn can_add(&self, side: Side, s: St) -> bool {
        self.board.states[s as usize].mark.is_none() && !self.blocked(side, s)
    }
}

impl Game for VotesForWomen {
    const ID: &'static str = GAME_ID;
    type View = View;
    type Action = Action;
    type Event = VfwEvent;

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
                    id: Variant::Standard.as_str().into(),
                    name: "Two players".into(),
                    description: "Suffragist against Opposition.".into(),
                    min_seats: 2,
                    max_seats: 2,
                    default_seats: 2,
                    seat_names: vec!["Suffragist".into(), "Opposition".into()],
                    timeout_policy: None,
                },
                VariantInfo {
                    id: Variant::Solitaire.as_str().into(),
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
                    id: Variant::Coop.as_str().into(),
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
                    id: Variant::Team3Suffragists.as_str().into(),
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
                    id: Variant::Team3Opposition.as_str().into(),
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
                    id: Variant::Team4.as_str().into(),
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
        self.first_to_act().into_iter().collect()
    }

    fn first_to_act(&self) -> Option<Seat> {
        self.pending().and_then(|a| self.seat_asked(a))
    }

    fn legal_actions(&self, seat: Seat, out: &mut impl ActionSink<Action>) {
        if let Some(a) = self.asked_of(seat) {
            self.offers(a, &mut Listing { out, n: 0 });
        }
    }

    fn apply_action(&mut self, seat: Seat, action: Action) {
        // The side of a seat that exists (the caller applies only listed actions).
        let Some(&side) = self.board.seats.get(seat) else {
            return;
        };
        self.choose(side, action);
        self.run();
    }

    fn prompt(&self, seat: Seat) -> Option<Prompt> {
        // The default would describe each action by listing the decision again (quadratic
        // in a 96-choice cube placement): one listing describes them all, the same way.
        let a = self.asked_of(seat)?;
        let mut all = Describe::default();
        self.offers(a, &mut all);
        (!all.0.is_empty()).then(|| Prompt {
            seat,
            text: self.text(a),
            choices: all.0,
        })
    }

    fn prompt_text(&self, seat: Seat) -> String {
        self.asked_of(seat)
            .map(|a| self.text(a))
            .unwrap_or_default()
    }

    fn describe_action(&self, seat: Seat, action: Action) -> Choice {
        self.describe(seat, action)
    }

    fn events(&self) -> &GameLog<VfwEvent> {
        &self.log
    }

    fn render_event(&self, event: &VfwEvent, seq: u64) -> LogEntry {
        event.render(seq as usize, &self.board)
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
            pending: self.waits_for(),
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
            log: GameLog::off(),
        };
        s.honour_deck_search(view, rng);
        s
    }

    fn shuffle_hidden(&self, viewer: Viewer, rng: &mut dyn RngCore) -> Self {
        let mut s = Self::resample(&self.view(viewer), viewer, rng);
        s.log = self.log.clone();
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
