//! The Oppobot's log entries as typed events: each roll of its procedures and each of its
//! fixed priorities, recorded as numbers while it plays and put into words ("Oppobot: …")
//! only when the log is read (see `log.rs`). The Oppobot has no seat: its entries name none.

use serde::{Deserialize, Serialize};

use super::Board;
use super::actions::Action;
use super::data::{
    CardId, Die, Prereq, Region, STATES, Side, St, card, code, describe_oppobot_ops, oppobot_alt,
    slug,
};
use crate::{Action as _, LogEntry};

/// One die of procedure R: the gray d6 picking a region, or the black d8 a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RRoll {
    Region(u8),
    State(u8),
}

/// Why the Oppobot picks a state: the priority its text gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Why {
    MostOfColour,
    MostSuffragist,
    FinalVotingMostRed,
    FinalVotingFewestSuffragist,
}

impl Why {
    fn words(self) -> &'static str {
        match self {
            Why::MostOfColour => "most cubes of that colour",
            Why::MostSuffragist => "most Suffragist cubes",
            Why::FinalVotingMostRed => "Final Voting: most red cubes",
            Why::FinalVotingFewestSuffragist => "Final Voting: fewest Suffragist cubes",
        }
    }
}

/// One step of the Oppobot's play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BotEvent {
    /// Procedure R's dice picked `state` within `region`.
    RandomState {
        rolls: Vec<RRoll>,
        region: Region,
        state: St,
    },
    GateReroll,
    GateFailedAgain,
    NoSixes,
    NoOppobotText {
        card: CardId,
    },
    ClaimedFailsTest {
        card: CardId,
        prereq: Prereq,
    },
    ClaimedNoBenefit {
        card: CardId,
    },
    PlaysClaimed {
        card: CardId,
    },
    NoCardLeft,
    PlaysStart {
        card: CardId,
        turn: u8,
    },
    /// It draws `card`, leaving `left` in its deck.
    Draws {
        card: CardId,
        left: usize,
    },
    FailsTest {
        card: CardId,
        prereq: Prereq,
    },
    NoBenefit {
        card: CardId,
    },
    NoCampaigner,
    CampaignRegion {
        roll: u8,
        region: Region,
    },
    RegionClosed {
        roll: u8,
        region: Region,
    },
    NoStateCard,
    TargetsCard {
        state: St,
    },
    TwoStateCards {
        roll: u8,
        state: St,
    },
    CubeDie {
        die: Die,
        n: u8,
        state: St,
    },
    /// `from` is decided: the `left` cubes go to `to`.
    Spill {
        from: St,
        to: St,
        left: u8,
    },
    CubesLost {
        region: Region,
        left: u8,
    },
    /// Its Strategy die `roll` against `committed` buttons; `winner` takes a card.
    StrategyDie {
        die: Die,
        roll: u8,
        committed: u8,
        winner: Option<Side>,
    },
    NoStrategyCard,
    /// The d6 `roll` picks display `slot` (from 0), holding `card`.
    StrategySlot {
        roll: u8,
        slot: u8,
        card: CardId,
    },
    Tie {
        n: u8,
        why: Why,
    },
    Picks {
        state: St,
        why: Why,
    },
    PicksRegion {
        region: Region,
    },
    /// It takes the first choice offered, the action with this code.
    TakesFirst {
        choice: u32,
    },
}

fn name(s: St) -> &'static str {
    STATES[s as usize].name
}

impl BotEvent {
    /// The entry this event reads as, numbered `seq`.
    pub fn render(&self, seq: usize, board: &Board) -> LogEntry {
        use BotEvent::*;
        let text = match self {
            RandomState {
                rolls,
                region,
                state,
            } => {
                let rolls: Vec<String> = rolls
                    .iter()
                    .map(|r| match r {
                        RRoll::Region(d) => format!("region d6 {d}"),
                        RRoll::State(d) => format!("state d8 {d}"),
                    })
                    .collect();
                format!(
                    "rolls {} → {} ({} {})",
                    rolls.join(", "),
                    name(*state),
                    region.name(),
                    STATES[*state as usize].die
                )
            }
            GateReroll => "the roll failed; it rolls once more".into(),
            GateFailedAgain => "the roll failed again; the card has no effect".into(),
            NoSixes => "no 6, 7 or 8; it rolls the four dice again".into(),
            NoOppobotText { card: c } => {
                format!("{} has no Oppobot text; it leaves the game", card(*c).name)
            }
            ClaimedFailsTest { card: c, prereq } => format!(
                "plays the claimed {}, but it fails its test ({}): a Campaigning action \
                 instead",
                card(*c).name,
                prereq.describe()
            ),
            ClaimedNoBenefit { card: c } => format!(
                "the claimed {} would have no benefit: a Campaigning action instead",
                card(*c).name
            ),
            PlaysClaimed { card: c } => {
                let text = oppobot_alt(*c)
                    .map(|(_, ops)| describe_oppobot_ops(ops, board.rules))
                    .unwrap_or_default();
                format!(
                    "plays the claimed {} at once for its Oppobot text: {text}",
                    card(*c).name
                )
            }
            NoCardLeft => "has no card left to play".into(),
            PlaysStart { card: c, turn } => format!(
                "plays its Start card {} (turn {turn}, round 1)",
                card(*c).name
            ),
            Draws { card: c, left } => {
                let mut e = LogEntry::new("oppobot", format!("Oppobot: draws {}", card(*c).name))
                    .card(slug(*c))
                    .amount(*left as i64);
                e.seq = seq as u64;
                return e;
            }
            FailsTest { card: c, prereq } => format!(
                "{} fails its test ({}): a Campaigning action",
                card(*c).name,
                prereq.describe()
            ),
            NoBenefit { card: c } => format!(
                "{} would have no benefit now: a Campaigning action",
                card(*c).name
            ),
            NoCampaigner => "has no Campaigner in play: the Campaigning action does nothing".into(),
            CampaignRegion { roll, region } => {
                format!("campaigns: region d6 {roll} → {}", region.name())
            }
            RegionClosed { roll, region } => format!(
                "region d6 {roll} → {} has no open state; rolls again",
                region.name()
            ),
            NoStateCard => "no available State card there: the black die picks".into(),
            TargetsCard { state } => format!(
                "targets {}, the region's available State card",
                name(*state)
            ),
            TwoStateCards { roll, state } => {
                format!("two State cards available: d6 {roll} → {}", name(*state))
            }
            CubeDie { die, n, state } => {
                let mut e = LogEntry::new(
                    "oppobot",
                    format!(
                        "Oppobot: cube die {} {n} → {} for {}",
                        die.name(),
                        super::log::many(*n, "cube"),
                        name(*state)
                    ),
                )
                .dice(vec![u32::from(*n)])
                .location(code(*state))
                .state(code(*state));
                e.seq = seq as u64;
                return e;
            }
            Spill { from, to, left } => format!(
                "{} is decided; {left} cube(s) go to the closest open state, {}",
                name(*from),
                name(*to)
            ),
            CubesLost { region, left } => format!(
                "no open state left in the {}: {left} cube(s) are lost",
                region.name()
            ),
            StrategyDie {
                die,
                roll,
                committed,
                winner,
            } => {
                let what = match winner {
                    Some(Side::Suffragist) => "the Suffragist takes a Strategy card",
                    Some(Side::Opposition) => "the Oppobot takes a Strategy card",
                    None => "nobody takes a Strategy card",
                };
                let mut e = LogEntry::new(
                    "oppobot",
                    format!(
                        "Oppobot: Strategy die {} {roll} against {committed} committed: {what}",
                        die.name()
                    ),
                )
                .dice(vec![u32::from(*roll)]);
                e.seq = seq as u64;
                return e;
            }
            NoStrategyCard => "no Strategy card is available".into(),
            StrategySlot {
                roll,
                slot,
                card: c,
            } => format!(
                "Strategy card d6 {roll} → slot {}: {}",
                slot + 1,
                card(*c).name
            ),
            Tie { n, why } => format!("{n} states tie for {}: the dice pick", why.words()),
            Picks { state, why } => format!("picks {} ({})", name(*state), why.words()),
            PicksRegion { region } => format!(
                "picks the {}: most open states holding Suffragist cubes",
                region.name()
            ),
            TakesFirst { choice } => {
                let id = Action::from_code(*choice)
                    .map(|a| a.to_string())
                    .unwrap_or_default();
                format!("takes the first choice offered ({id})")
            }
        };
        let mut e = LogEntry::new("oppobot", format!("Oppobot: {text}"));
        e.seq = seq as u64;
        e
    }
}
