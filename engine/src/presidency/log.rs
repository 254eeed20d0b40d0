//! The log of the Presidential Race as typed events: what happened, with its seats, dice,
//! cards, spaces and amounts as fields. Playing only records events; each entry's English
//! text is rendered from its event and the board's fixed parts (the nominees' names, the
//! number of rounds, the outcome once decided) when the log is read, so a game that nobody
//! reads builds no text. The rendered log reads exactly as the text once built during play
//! did: the golden `engine/tests/fuzz/log_golden.rs` holds every game to that.
//!
//! Anything that changes during play (votes, Undecided, the round) is stored in the event
//! when it happens, never read back from the board at rendering.

use serde::{Deserialize, Serialize};

use super::data::{CampaignCard, CandidateCard, ELECTION, ElectionCard, Space, describe, votes};
use super::{View, join};
use crate::core::{LogEntry, Seat};

/// Up to two dice, as rolled (a search rolls millions: kept off the heap).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rolled {
    rolled: [u32; 2],
    n: u8,
}

impl Rolled {
    /// The first `n` (at most two) of `rolled`.
    pub fn new(rolled: [u32; 2], n: usize) -> Self {
        Rolled {
            rolled,
            n: n.min(2) as u8,
        }
    }

    pub fn of(d: &[u32]) -> Self {
        let mut rolled = [0; 2];
        for (r, &x) in rolled.iter_mut().zip(d) {
            *r = x;
        }
        Rolled::new(rolled, d.len())
    }

    pub fn as_slice(&self) -> &[u32] {
        &self.rolled[..usize::from(self.n)]
    }

    pub fn total(&self) -> u32 {
        self.as_slice().iter().sum()
    }
}

/// A debate: `mover` against `other`, their dice and totals (dice plus bonus), and who won
/// how many votes (no winner on a tie).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Debate {
    pub mover: Seat,
    pub other: Seat,
    pub a: [u32; 2],
    pub b: [u32; 2],
    pub ta: u32,
    pub tb: u32,
    pub winner: Option<Seat>,
    pub taken: u32,
}

/// One entry of a game's log, as it happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PresEvent {
    /// `seat`'s start: `votes` (rolled `vote_dice`) and `money` (rolled `money_dice`).
    StartValues {
        seat: Seat,
        votes: u32,
        vote_dice: Rolled,
        money: u32,
        money_dice: Rolled,
    },
    /// After every start roll, `votes` are undecided.
    Undecided {
        votes: u32,
    },
    CandidateCard {
        seat: Seat,
        card: CandidateCard,
    },
    /// One roll for the first move: each contender and its die.
    FirstPlayerRoll {
        rolls: Vec<(Seat, u32)>,
    },
    FirstPlayer {
        seat: Seat,
    },
    Round {
        round: u32,
    },
    /// `seat` converts `2 k` money into `k` votes.
    Convert {
        seat: Seat,
        k: u32,
    },
    /// `seat` rolls `dice` and moves their total to `to`.
    Move {
        seat: Seat,
        dice: Rolled,
        to: Space,
    },
    /// The campaign is over: the Election deck is drawn.
    Election,
    /// Votes tied at `votes` after the regular draws: another round of draws.
    Tie {
        votes: u32,
    },
    ElectionCard {
        seat: Seat,
        card: ElectionCard,
    },
    /// The game's end: its text is the outcome's reason.
    Outcome,
    /// `seat` takes `taken` votes from `from` (Undecided being empty).
    Take {
        seat: Seat,
        from: Seat,
        taken: u32,
    },
    /// No opponent of `seat` has votes to lose.
    NoOpponentVotes {
        seat: Seat,
    },
    /// `seat` has no votes to lose.
    NoVotesToLose {
        seat: Seat,
    },
    Money {
        seat: Seat,
        n: u32,
    },
    Pay {
        seat: Seat,
        cost: u32,
    },
    CannotPay {
        seat: Seat,
        cost: u32,
    },
    /// `seat` gains `n` votes from Undecided.
    Gain {
        seat: Seat,
        n: u32,
    },
    /// `seat` rolls `roll` for Damage Control and saves `saved` votes.
    DamageControl {
        seat: Seat,
        roll: u32,
        saved: u32,
    },
    /// `seat` loses `lost` votes to Undecided.
    Lose {
        seat: Seat,
        lost: u32,
    },
    Reshuffle,
    CampaignCard {
        seat: Seat,
        card: CampaignCard,
    },
    Debate(Debate),
}

impl Debate {
    fn entry(&self, v: &View) -> LogEntry {
        let name = |s: Seat| v.name(s);
        let result = match self.winner {
            Some(w) => format!("{} wins and takes {}", name(w), votes(self.taken)),
            None => "a tie: no votes change hands".into(),
        };
        let mut all = self.a.to_vec();
        all.extend(self.b);
        // The bonus is what the total adds to the dice.
        let bonus = |t: u32, d: [u32; 2]| t - d[0] - d[1];
        let mut entry = LogEntry::new(
            "debate",
            format!(
                "Debate: {} rolls {}{} (total {}), {} rolls {}{} (total {}): {result}",
                name(self.mover),
                join(&self.a),
                bonus_text(bonus(self.ta, self.a)),
                self.ta,
                name(self.other),
                join(&self.b),
                bonus_text(bonus(self.tb, self.b)),
                self.tb,
            ),
        )
        .seat(self.mover)
        .target(self.other)
        .dice(all)
        .amount(self.taken as i64)
        .also_amount(i64::from(self.ta))
        .also_amount(i64::from(self.tb));
        // The winner: the third of `seats`, and (as servers before `seats` sent it) the
        // location "winner:<seat>".
        if let Some(w) = self.winner {
            entry = entry.also_seat(w);
            entry.location = Some(format!("winner:{w}"));
        }
        entry
    }
}

/// A debate bonus as shown after the dice: ", +2 bonus" (nothing without a bonus).
fn bonus_text(bonus: u32) -> String {
    if bonus > 0 {
        format!(", +{bonus} bonus")
    } else {
        String::new()
    }
}

impl PresEvent {
    /// The entry as it reads, numbered `seq`, on the board `v` (for its names and rules).
    pub fn render(&self, v: &View, seq: u64) -> LogEntry {
        let mut e = self.entry(v);
        e.seq = seq;
        e
    }

    fn entry(&self, v: &View) -> LogEntry {
        let name = |s: Seat| v.name(s);
        match *self {
            PresEvent::StartValues {
                seat,
                votes,
                vote_dice,
                money,
                money_dice,
            } => {
                let mut all = vote_dice.as_slice().to_vec();
                all.extend(money_dice.as_slice());
                LogEntry::new(
                    "setup",
                    format!(
                        "{} starts with {votes} votes (rolled {}) and {money} money (rolled {})",
                        name(seat),
                        join(vote_dice.as_slice()),
                        join(money_dice.as_slice())
                    ),
                )
                .seat(seat)
                .dice(all)
            }
            PresEvent::Undecided { votes } => {
                LogEntry::new("setup", format!("{votes} votes are undecided")).amount(votes as i64)
            }
            PresEvent::CandidateCard { seat, card } => {
                let def = card.def();
                LogEntry::new(
                    "candidate",
                    format!(
                        "{} draws Candidate card {}: {}",
                        name(seat),
                        def.name,
                        describe(def.effects, def.debate)
                    ),
                )
                .seat(seat)
                .card(def.id)
            }
            PresEvent::FirstPlayerRoll { ref rolls } => {
                let text = rolls
                    .iter()
                    .map(|&(s, r)| format!("{} {r}", name(s)))
                    .collect::<Vec<_>>()
                    .join(", ");
                LogEntry::new("first-player-roll", format!("Roll for first move: {text}"))
                    .dice(rolls.iter().map(|&(_, r)| r).collect())
            }
            PresEvent::FirstPlayer { seat } => {
                LogEntry::new("first-player", format!("{} moves first", name(seat))).seat(seat)
            }
            PresEvent::Round { round } => {
                LogEntry::new("round", format!("Round {round} of {}", v.rules.rounds))
                    .amount(round as i64)
            }
            PresEvent::Convert { seat, k } => LogEntry::new(
                "convert",
                format!("{} converts {} money into {}", name(seat), 2 * k, votes(k)),
            )
            .seat(seat)
            .amount(k as i64),
            PresEvent::Move { seat, dice, to } => {
                let space = to.def();
                let total = dice.total();
                LogEntry::new(
                    "move",
                    format!(
                        "{} rolls {}D6: {} and moves {total} to space {}, {} ({})",
                        name(seat),
                        dice.as_slice().len(),
                        join(dice.as_slice()),
                        to.number(),
                        space.name,
                        describe(space.effects, 0)
                    ),
                )
                .seat(seat)
                .dice(dice.as_slice().to_vec())
                .location(to.number().to_string())
                .amount(total as i64)
            }
            PresEvent::Election => LogEntry::new(
                "election",
                "The campaign is over: the Election deck is drawn",
            ),
            PresEvent::Tie { votes } => LogEntry::new(
                "tie",
                format!("Votes tied at {votes}: another round of draws"),
            ),
            PresEvent::ElectionCard { seat, card } => {
                let def = &ELECTION[card.0 as usize];
                LogEntry::new(
                    "election-card",
                    format!(
                        "{} draws Election card {}: {}",
                        name(seat),
                        def.name,
                        describe(def.effects, 0)
                    ),
                )
                .seat(seat)
                .card(def.id)
            }
            PresEvent::Outcome => LogEntry::new(
                "outcome",
                v.outcome
                    .as_ref()
                    .map_or_else(String::new, |o| o.reason.clone()),
            ),
            PresEvent::Take { seat, from, taken } => LogEntry::new(
                "take",
                format!(
                    "{} takes {} from {} (no undecided votes left)",
                    name(seat),
                    votes(taken),
                    name(from)
                ),
            )
            .seat(seat)
            .target(from)
            .amount(taken as i64),
            PresEvent::NoOpponentVotes { seat } => LogEntry::new(
                "no-effect",
                format!("No opponent of {} has votes to lose", name(seat)),
            )
            .seat(seat),
            PresEvent::NoVotesToLose { seat } => {
                LogEntry::new("no-effect", format!("{} has no votes to lose", name(seat)))
                    .seat(seat)
            }
            PresEvent::Money { seat, n } => {
                LogEntry::new("money", format!("{} gains {n} money", name(seat)))
                    .seat(seat)
                    .amount(n as i64)
            }
            PresEvent::Pay { seat, cost } => {
                LogEntry::new("pay", format!("{} pays {cost} money", name(seat)))
                    .seat(seat)
                    .amount(cost as i64)
            }
            PresEvent::CannotPay { seat, cost } => LogEntry::new(
                "cannot-pay",
                format!("{} cannot pay {cost} money and gains nothing", name(seat)),
            )
            .seat(seat)
            .amount(cost as i64),
            PresEvent::Gain { seat, n } => {
                LogEntry::new("gain", format!("{} gains {}", name(seat), votes(n)))
                    .seat(seat)
                    .amount(n as i64)
            }
            PresEvent::DamageControl { seat, roll, saved } => {
                let name = name(seat);
                LogEntry::new(
                    "damage-control",
                    if saved > 0 {
                        format!(
                            "{name} rolls {roll} for Damage Control and saves {}",
                            votes(saved)
                        )
                    } else {
                        format!("{name} rolls {roll} for Damage Control: no help")
                    },
                )
                .seat(seat)
                .dice(vec![roll])
                .amount(saved as i64)
            }
            PresEvent::Lose { seat, lost } => LogEntry::new(
                "lose",
                format!("{} loses {} to Undecided", name(seat), votes(lost)),
            )
            .seat(seat)
            .amount(lost as i64),
            PresEvent::Reshuffle => LogEntry::new("reshuffle", "The Campaign deck is reshuffled"),
            PresEvent::CampaignCard { seat, card } => {
                let def = card.def();
                LogEntry::new(
                    "campaign-card",
                    format!(
                        "{} draws {}: {}",
                        name(seat),
                        def.name,
                        describe(def.effects, 0)
                    ),
                )
                .seat(seat)
                .card(def.id)
            }
            PresEvent::Debate(d) => d.entry(v),
        }
    }
}
