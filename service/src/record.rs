//! What a match stores for each step, typed: a game choice, or one of the service's own
//! entries (a take-back, a resignation, a clock run out, a win claimed over absent seats, seats
//! handed to a bot). Every store keeps the step as text (`ChoiceRecord::choice`), exactly as
//! before this type existed: [`Record`]'s `Display` and `FromStr` round-trip every string
//! (a text that is no service entry is a game choice), so stored matches need no migration.
//!
//! The reserved ids live here and nowhere else; the service's choices offered in prompts
//! (the same ids, plus `rematch`, which is never stored) are built by [`service_choice`],
//! and every message marks what the service added with [`pb::Origin::Service`], so clients
//! need no list of reserved ids.

use std::fmt;
use std::str::FromStr;

use hustings_engine::Seat;
use hustings_proto::v1 as pb;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Takes back the seat's last choice (offered while that choice revealed and rolled nothing
/// and the seat is still to act).
pub const UNDO: &str = "undo";
/// A resignation.
pub const RESIGN: &str = "resign";
/// A seat whose clock ran out where its game forfeits.
pub const TIMEOUT: &str = "timeout";
/// The win claimed over seats away past the grace period.
pub const CLAIM_WIN: &str = "claim-win";
/// Absent people's seats handed to a bot: the choice is `hand-to-bot:<ai>`, the record
/// `hand-to-bot:<ai>:<seat>[,<seat>…]`.
pub const HAND_TO_BOT: &str = "hand-to-bot";
/// Offers or accepts a rematch once the match is over; never stored (it changes nothing in
/// the finished match).
pub const REMATCH: &str = "rematch";

/// One stored step of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Record {
    /// A choice the game offered, by its id.
    Game(String),
    /// The seat took back its last choice still in force.
    Undo,
    /// The seat resigned: the match ended.
    Resign,
    /// The seat's clock ran out where its game forfeits: the match ended.
    Timeout,
    /// The seat claimed the win over the seats that had to act and were away: the match
    /// ended.
    ClaimWin,
    /// The seat handed absent people's seats to a bot; the game is the same. Boxed: the
    /// common case, a game choice, keeps the record two words and a tag.
    HandToBot(Box<Handoff>),
}

/// Seats handed to a bot: the AI and the seats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Handoff {
    pub ai: String,
    pub seats: Vec<Seat>,
}

/// How a record that ended the match ended it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Resign,
    Timeout,
    ClaimWin,
}

impl Ending {
    /// How the outcome names it (`Outcome.forfeit`): "resign", "timeout", "abandoned".
    pub fn forfeit(self) -> &'static str {
        match self {
            Ending::Resign => "resign",
            Ending::Timeout => "timeout",
            Ending::ClaimWin => "abandoned",
        }
    }

    /// The id it is stored (and logged) under.
    pub fn id(self) -> &'static str {
        match self {
            Ending::Resign => RESIGN,
            Ending::Timeout => TIMEOUT,
            Ending::ClaimWin => CLAIM_WIN,
        }
    }

    /// Its label, the same for every viewer.
    pub fn label(self) -> &'static str {
        match self {
            Ending::Resign => "Resign",
            Ending::Timeout => "Ran out of time",
            Ending::ClaimWin => "Claim the win",
        }
    }

    /// The record that stores it.
    pub fn record(self) -> Record {
        match self {
            Ending::Resign => Record::Resign,
            Ending::Timeout => Record::Timeout,
            Ending::ClaimWin => Record::ClaimWin,
        }
    }
}

impl Record {
    /// A game choice's record.
    pub fn game(choice: impl Into<String>) -> Self {
        Record::Game(choice.into())
    }

    /// Seats handed to `ai`.
    pub fn hand_to_bot(ai: impl Into<String>, seats: Vec<Seat>) -> Self {
        Record::HandToBot(Box::new(Handoff {
            ai: ai.into(),
            seats,
        }))
    }

    /// How the match ended, when this record ended it.
    pub fn ending(&self) -> Option<Ending> {
        match self {
            Record::Resign => Some(Ending::Resign),
            Record::Timeout => Some(Ending::Timeout),
            Record::ClaimWin => Some(Ending::ClaimWin),
            Record::Game(_) | Record::Undo | Record::HandToBot(_) => None,
        }
    }

    /// Where the step came from: the game's rules, or the service.
    pub fn origin(&self) -> pb::Origin {
        match self {
            Record::Game(_) => pb::Origin::Game,
            Record::Undo
            | Record::Resign
            | Record::Timeout
            | Record::ClaimWin
            | Record::HandToBot(_) => pb::Origin::Service,
        }
    }

    /// The game choice's id, when this is one.
    pub fn as_game(&self) -> Option<&str> {
        match self {
            Record::Game(c) => Some(c),
            _ => None,
        }
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Record::Game(c) => f.write_str(c),
            Record::Undo => f.write_str(UNDO),
            Record::Resign => f.write_str(RESIGN),
            Record::Timeout => f.write_str(TIMEOUT),
            Record::ClaimWin => f.write_str(CLAIM_WIN),
            Record::HandToBot(h) => {
                write!(f, "{HAND_TO_BOT}:{}:", h.ai)?;
                for (i, s) in h.seats.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{s}")?;
                }
                Ok(())
            }
        }
    }
}

/// The service entry `s` is, if it is one.
fn service_entry(s: &str) -> Option<Record> {
    Some(match s {
        UNDO => Record::Undo,
        RESIGN => Record::Resign,
        TIMEOUT => Record::Timeout,
        CLAIM_WIN => Record::ClaimWin,
        _ => Record::HandToBot(Box::new(parse_handoff(s)?)),
    })
}

impl FromStr for Record {
    /// Every text is a record: one that is no service entry is a game choice (the game
    /// refuses it when it replays it, if it is none of its own).
    type Err = std::convert::Infallible;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(Record::from(s))
    }
}

impl From<&str> for Record {
    fn from(s: &str) -> Self {
        service_entry(s).unwrap_or_else(|| Record::Game(s.to_string()))
    }
}

impl From<String> for Record {
    fn from(s: String) -> Self {
        service_entry(&s).unwrap_or(Record::Game(s))
    }
}

/// `hand-to-bot:<ai>:<seat>[,<seat>…]`, only when it prints back the same: seats as plain
/// decimal numbers (no sign, no leading zero), so that every text round-trips.
fn parse_handoff(s: &str) -> Option<Handoff> {
    let rest = s.strip_prefix(HAND_TO_BOT)?.strip_prefix(':')?;
    let (ai, seats) = rest.rsplit_once(':')?;
    let seats = seats
        .split(',')
        .map(|n| {
            let plain = !n.is_empty()
                && n.bytes().all(|b| b.is_ascii_digit())
                && (n == "0" || !n.starts_with('0'));
            plain.then(|| n.parse::<Seat>().ok()).flatten()
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Handoff {
        ai: ai.to_string(),
        seats,
    })
}

impl Serialize for Record {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Record {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = std::borrow::Cow::<'de, str>::deserialize(d)?;
        Ok(Record::from(&*s))
    }
}

/// A choice the service adds to a prompt (never the game's), marked as such.
pub fn service_choice(id: impl Into<String>, label: impl Into<String>, kind: &str) -> pb::Choice {
    pb::Choice {
        id: id.into(),
        label: label.into(),
        kind: kind.into(),
        origin: pb::Origin::Service as i32,
        ..Default::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_record_reads_back_as_written() {
        let records = [
            Record::game("dice:2d6"),
            Record::game("done"),
            Record::Undo,
            Record::Resign,
            Record::Timeout,
            Record::ClaimWin,
            Record::hand_to_bot("greedy", vec![1]),
            Record::hand_to_bot("mcts:hard", vec![0, 2]),
        ];
        for r in records {
            let text = r.to_string();
            assert_eq!(Record::from(text.as_str()), r, "{text}");
        }
        assert_eq!(
            Record::hand_to_bot("mcts", vec![0, 3]).to_string(),
            "hand-to-bot:mcts:0,3"
        );
    }

    #[test]
    fn every_text_prints_back_unchanged() {
        // Texts near the reserved ones stay game choices and print back as they were read.
        for text in [
            "",
            "undo ",
            "Undo",
            "hand-to-bot",
            "hand-to-bot:",
            "hand-to-bot:greedy",
            "hand-to-bot:greedy:",
            "hand-to-bot:greedy:01",
            "hand-to-bot:greedy:+1",
            "hand-to-bot:greedy:1,",
            "hand-to-bot:greedy:x",
            "hand-to-bot::1",
            "resign:1",
            "top:Progress",
        ] {
            let r = Record::from(text);
            assert_eq!(r.to_string(), text);
        }
        assert_eq!(
            Record::from("hand-to-bot:greedy:01"),
            Record::game("hand-to-bot:greedy:01")
        );
        assert_eq!(
            Record::from("hand-to-bot::1"),
            Record::hand_to_bot("", vec![1]),
            "an empty AI name is what the text says; the service never writes one"
        );
    }

    #[test]
    fn records_are_stored_as_their_text() {
        let r = Record::hand_to_bot("greedy", vec![1, 2]);
        let json = serde_json::to_string(&r).expect("serialises");
        assert_eq!(json, "\"hand-to-bot:greedy:1,2\"");
        assert_eq!(serde_json::from_str::<Record>(&json).expect("reads"), r);
        assert_eq!(
            serde_json::from_str::<Record>("\"dice:1\"").expect("reads"),
            Record::game("dice:1")
        );
    }

    #[test]
    fn only_the_game_choices_are_the_games() {
        assert_eq!(Record::game("done").origin(), pb::Origin::Game);
        for r in [
            Record::Undo,
            Record::Resign,
            Record::Timeout,
            Record::ClaimWin,
            Record::hand_to_bot("greedy", vec![0]),
        ] {
            assert_eq!(r.origin(), pb::Origin::Service, "{r}");
        }
        assert_eq!(Record::Resign.ending(), Some(Ending::Resign));
        assert_eq!(
            Record::ClaimWin.ending().map(Ending::forfeit),
            Some("abandoned")
        );
        assert_eq!(Record::Undo.ending(), None);
    }
}
