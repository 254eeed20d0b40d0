//! Every decision of the Presidential Race: its legal actions, its prompt and what it does,
//! side by side.
//!
//! | decision | who | actions (ids) |
//! |---|---|---|
//! | [`Decision::Declare`]: roll one die or two (money may be converted first) | the nominee whose turn it is | `dice:1d6`, `dice:2d6`, `convert:K` |
//! | [`Decision::AfterMove`]: convert money or end the turn | the same nominee, after the move resolves | `done`, `convert:K` |
//! | [`Decision::Opponent`]: which opponent — to take votes from (Undecided is empty), to lose votes, to debate — when more than one qualifies (one alone is chosen without asking) | the nominee the step is for | `take:S`, `target:S`, `debate:S` |
//!
//! `K` is the number of votes bought (2 money each), `S` the opponent's seat.

use std::fmt;
use std::str::FromStr;

use super::data::votes;
use super::{Phase, Presidency, Step};
use crate::core::*;

/// How many dice a move rolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dice {
    One,
    Two,
}

impl Dice {
    /// The number of dice.
    pub fn count(self) -> usize {
        match self {
            Dice::One => 1,
            Dice::Two => 2,
        }
    }
}

/// One decision of a nominee.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Roll one die or two and move (`dice:1d6`, `dice:2d6`).
    Roll(Dice),
    /// Convert `2 K` money into `K` votes (`convert:K`).
    Convert(u32),
    /// End the turn (`done`).
    Done,
    /// Take the votes Undecided cannot supply from this opponent (`take:S`).
    Take(Seat),
    /// This opponent loses the votes (`target:S`).
    Target(Seat),
    /// Debate this opponent (`debate:S`).
    Debate(Seat),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Roll(Dice::One) => f.write_str("dice:1d6"),
            Action::Roll(Dice::Two) => f.write_str("dice:2d6"),
            Action::Convert(k) => write!(f, "convert:{k}"),
            Action::Done => f.write_str("done"),
            Action::Take(s) => write!(f, "take:{s}"),
            Action::Target(s) => write!(f, "target:{s}"),
            Action::Debate(s) => write!(f, "debate:{s}"),
        }
    }
}

/// Why a text is not an action of this game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotAnAction;

/// Codes: the kind in the top byte, the argument (votes or seat) below.
const ARG_BITS: u32 = 24;
const ARG_MAX: u32 = (1 << ARG_BITS) - 1;

impl FromStr for Action {
    type Err = NotAnAction;
    fn from_str(s: &str) -> Result<Self, NotAnAction> {
        let (kind, arg) = s.split_once(':').unwrap_or((s, ""));
        let number = || arg.parse::<u32>().ok().filter(|&n| n <= ARG_MAX);
        let seat = || number().map(|n| n as Seat);
        Ok(match (kind, arg) {
            ("dice", "1d6") => Action::Roll(Dice::One),
            ("dice", "2d6") => Action::Roll(Dice::Two),
            ("done", "") => Action::Done,
            ("convert", _) => Action::Convert(number().ok_or(NotAnAction)?),
            ("take", _) => Action::Take(seat().ok_or(NotAnAction)?),
            ("target", _) => Action::Target(seat().ok_or(NotAnAction)?),
            ("debate", _) => Action::Debate(seat().ok_or(NotAnAction)?),
            _ => return Err(NotAnAction),
        })
    }
}

impl crate::core::Action for Action {
    fn code(self) -> u32 {
        let (kind, arg) = match self {
            Action::Roll(Dice::One) => (0, 0),
            Action::Roll(Dice::Two) => (0, 1),
            Action::Convert(k) => (1, k),
            Action::Done => (2, 0),
            Action::Take(s) => (3, s as u32),
            Action::Target(s) => (4, s as u32),
            Action::Debate(s) => (5, s as u32),
        };
        (kind << ARG_BITS) | (arg & ARG_MAX)
    }

    fn from_code(code: u32) -> Option<Self> {
        let arg = code & ARG_MAX;
        Some(match code >> ARG_BITS {
            0 if arg == 0 => Action::Roll(Dice::One),
            0 if arg == 1 => Action::Roll(Dice::Two),
            1 => Action::Convert(arg),
            2 if arg == 0 => Action::Done,
            3 => Action::Take(arg as Seat),
            4 => Action::Target(arg as Seat),
            5 => Action::Debate(arg as Seat),
            _ => return None,
        })
    }
}

/// Which opponent a waiting step needs chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpponentChoice {
    /// Whom to take `amount` votes from (Undecided has none left).
    Take { amount: u32 },
    /// Who loses `amount` votes.
    Hurt { amount: u32 },
    /// Whom to debate (several share the space).
    Debate,
}

/// The decision a seat faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Declare,
    AfterMove,
    Opponent(OpponentChoice),
}

impl Presidency {
    /// The opponent choice the first waiting step needs, and who makes it: only when
    /// several opponents qualify (one alone is taken without asking).
    pub(super) fn opponent_choice(&self) -> Option<(Seat, OpponentChoice)> {
        let (seat, choice) = match *self.public.pending.front()? {
            Step::TakeFromOpponent { seat, amount } => (seat, OpponentChoice::Take { amount }),
            Step::OpponentLoses { seat, amount } => (seat, OpponentChoice::Hurt { amount }),
            Step::Debate { seat } => (seat, OpponentChoice::Debate),
            Step::Effect { .. } => return None,
        };
        let mut candidates = self.candidates(seat, choice);
        (candidates.next().is_some() && candidates.next().is_some()).then_some((seat, choice))
    }

    /// The opponents `seat` may choose for `choice`: those with votes (to take or to lose),
    /// those on its space (to debate).
    fn candidates(&self, seat: Seat, choice: OpponentChoice) -> impl Iterator<Item = Seat> + '_ {
        let pos = self.public.players[seat].position;
        self.opponents(seat).filter(move |&o| {
            let p = &self.public.players[o];
            match choice {
                OpponentChoice::Take { .. } | OpponentChoice::Hurt { .. } => p.votes > 0,
                OpponentChoice::Debate => p.position == pos,
            }
        })
    }

    /// Who decides now, and what.
    fn decision(&self) -> Option<(Seat, Decision)> {
        if self.public.outcome.is_some() {
            return None;
        }
        if let Some((seat, choice)) = self.opponent_choice() {
            return Some((seat, Decision::Opponent(choice)));
        }
        match self.public.phase {
            Phase::Declare => Some((self.current_seat(), Decision::Declare)),
            Phase::AfterMove => Some((self.current_seat(), Decision::AfterMove)),
            _ => None,
        }
    }

    /// The decision `seat` faces, if it faces one.
    fn decision_of(&self, seat: Seat) -> Option<Decision> {
        self.decision().filter(|&(s, _)| s == seat).map(|(_, d)| d)
    }

    /// The seat that decides now.
    pub(super) fn decider(&self) -> Option<Seat> {
        self.decision().map(|(s, _)| s)
    }

    /// [`crate::Game::legal_actions`].
    pub(super) fn push_legal(&self, seat: Seat, out: &mut impl ActionSink<Action>) {
        let Some(decision) = self.decision_of(seat) else {
            return;
        };
        match decision {
            Decision::Declare => {
                out.push(Action::Roll(Dice::One));
                out.push(Action::Roll(Dice::Two));
            }
            Decision::AfterMove => out.push(Action::Done),
            Decision::Opponent(choice) => {
                let pick = opponent_action(choice);
                for o in self.candidates(seat, choice) {
                    out.push(pick(o));
                }
                return;
            }
        }
        for k in 1..=self.max_conversions(seat) {
            out.push(Action::Convert(k));
        }
    }

    /// [`crate::Game::is_legal`], without listing the legal actions.
    pub(super) fn allows(&self, seat: Seat, action: Action) -> bool {
        let Some(decision) = self.decision_of(seat) else {
            return false;
        };
        match (decision, action) {
            (Decision::Declare, Action::Roll(_)) | (Decision::AfterMove, Action::Done) => true,
            (Decision::Declare | Decision::AfterMove, Action::Convert(k)) => {
                (1..=self.max_conversions(seat)).contains(&k)
            }
            (
                Decision::Opponent(choice),
                Action::Take(o) | Action::Target(o) | Action::Debate(o),
            ) => {
                opponent_action(choice)(o) == action
                    && self.candidates(seat, choice).any(|c| c == o)
            }
            _ => false,
        }
    }

    /// [`crate::Game::apply_action`]: what each decision does, then the resolution that
    /// follows up to the next decision.
    pub(super) fn take_action(&mut self, seat: Seat, action: Action) {
        match action {
            Action::Take(o) | Action::Target(o) | Action::Debate(o) => {
                if let Some(step) = self.public.pending.pop_front() {
                    self.execute(step, Some(o));
                }
            }
            Action::Roll(dice) => self.roll_and_move(seat, dice.count()),
            Action::Convert(k) => self.convert(seat, k),
            Action::Done => self.end_turn(),
        }
        self.run();
    }

    /// [`crate::Game::prompt_text`].
    pub(super) fn decision_text(&self, seat: Seat) -> String {
        let p = &self.public.players[seat];
        match self.decision_of(seat) {
            Some(Decision::Declare) => format!(
                "Round {} of {}: {}, you are on space {} with {} and {} money. Roll one die or two?",
                self.public.round,
                self.public.rules.rounds,
                p.name,
                p.position,
                votes(p.votes),
                p.money
            ),
            Some(Decision::AfterMove) => format!(
                "{}, you have {} money: convert some into votes (2 money each) or end your turn?",
                p.name, p.money
            ),
            Some(Decision::Opponent(OpponentChoice::Take { amount })) => format!(
                "No undecided votes left: take {} from which opponent?",
                votes(amount)
            ),
            Some(Decision::Opponent(OpponentChoice::Hurt { amount })) => {
                format!("Which opponent loses {}?", votes(amount))
            }
            Some(Decision::Opponent(OpponentChoice::Debate)) => {
                "Several opponents share this space: debate which one?".to_string()
            }
            None => String::new(),
        }
    }

    /// [`crate::Game::describe_action`].
    pub(super) fn describe(&self, action: Action) -> Choice {
        let id = action.to_string();
        match action {
            Action::Roll(Dice::One) => Choice::new(id, "dice", "Roll 1D6 and move").amount(1),
            Action::Roll(Dice::Two) => Choice::new(id, "dice", "Roll 2D6 and move").amount(2),
            Action::Done => Choice::new(id, "done", "End your turn"),
            Action::Convert(k) => Choice::new(
                id,
                "convert",
                format!(
                    "Convert {} money into {k} {}",
                    2 * k,
                    if k == 1 { "vote" } else { "votes" }
                ),
            )
            .amount(k as i64),
            Action::Take(o) | Action::Target(o) | Action::Debate(o) => {
                let kind = match action {
                    Action::Take(_) => "take",
                    Action::Target(_) => "target",
                    _ => "debate",
                };
                let label = self.public.players.get(o).map_or_else(String::new, |p| {
                    format!("{} ({}, {} money)", p.name, votes(p.votes), p.money)
                });
                Choice::new(id, kind, label).target(o)
            }
        }
    }
}

/// The action that picks an opponent for `choice`.
fn opponent_action(choice: OpponentChoice) -> fn(Seat) -> Action {
    match choice {
        OpponentChoice::Take { .. } => Action::Take,
        OpponentChoice::Hurt { .. } => Action::Target,
        OpponentChoice::Debate => Action::Debate,
    }
}

#[cfg(test)]
mod contract_tests {
    use rand::SeedableRng;
    use rand::seq::IndexedRandom;

    use super::*;
    use crate::Game;
    use crate::core::Action as _;
    use crate::testing::check_action_spelling;

    /// Every action a game could name, legal or not, for a game of `seats` seats.
    fn universe(seats: usize) -> Vec<Action> {
        let mut all = vec![
            Action::Roll(Dice::One),
            Action::Roll(Dice::Two),
            Action::Done,
        ];
        all.extend((0..=80).map(Action::Convert));
        for s in 0..=seats {
            all.extend([Action::Take(s), Action::Target(s), Action::Debate(s)]);
        }
        all
    }

    #[test]
    fn ids_and_codes_read_back_exactly_and_only_in_their_own_spelling() {
        let bad = [
            "convert:01",
            "convert:+1",
            "convert:",
            "convert",
            "dice:3d6",
            "dice:2D6",
            "take:-1",
            "take:1:2",
            "done:",
            "done:1",
            " done",
            "done ",
            "target:x",
            "debate:007",
            "",
        ];
        // Today's ids, byte for byte, as stored matches hold them.
        let today = [
            "dice:1d6",
            "dice:2d6",
            "convert:3",
            "done",
            "take:1",
            "target:2",
            "debate:5",
        ];
        check_action_spelling(&universe(6), &bad, &today);
        assert_eq!(
            Action::from_code(2 << ARG_BITS | 1),
            None,
            "done takes no argument"
        );
    }

    #[test]
    fn legality_checks_agree_with_the_listed_actions_in_every_state() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut states = 0;
        for (variant, seats) in [("standard", 2), ("convention", 3), ("convention", 6)] {
            for seed in 0..20 {
                let mut g = Presidency::new(&Setup::new(variant, seats, seed)).expect("set-up");
                let mut legal = Vec::new();
                while let Some(seat) = g.first_to_act() {
                    for s in 0..=seats {
                        legal.clear();
                        g.legal_actions(s, &mut legal);
                        for a in universe(seats) {
                            assert_eq!(g.is_legal(s, a), legal.contains(&a), "{a} for seat {s}");
                        }
                    }
                    states += 1;
                    legal.clear();
                    g.legal_actions(seat, &mut legal);
                    let a = *legal.choose(&mut rng).expect("an action");
                    g.apply_action(seat, a);
                }
            }
        }
        assert!(states > 5_000, "{states} states checked");
    }

    #[test]
    fn a_non_canonical_or_illegal_id_is_refused_and_changes_nothing() {
        let mut g = Presidency::new(&Setup::new("standard", 2, 1)).expect("set-up");
        g.public.players[0].money = 9;
        g.public.players[1].money = 9;
        let seat = g.first_to_act().expect("a seat to act");
        let before = serde_json::to_string(&g).expect("state");
        for bad in ["convert:01", "convert:5", "done", "take:1", "dice:1D6"] {
            assert!(
                matches!(g.apply(seat, bad), Err(RuleError::IllegalChoice { .. })),
                "{bad}"
            );
        }
        assert_eq!(serde_json::to_string(&g).expect("state"), before);
        assert!(g.apply(seat, "convert:4").is_ok());
    }
}
