//! The log of The Vote as typed events: what happened, with its faction, cards, Regions,
//! Laws, markers and amounts as fields. Playing only records events; each entry's English
//! text is rendered from its event when the log is read (the outcome's from the board's
//! outcome, which never changes once decided), so a game that nobody reads builds no text.
//! The rendered log reads exactly as the text once built during play did: the golden
//! `engine/tests/fuzz/log_golden.rs` holds every game to that.
//!
//! Anything that changes during play (PW, VP, Org, the Deck's size, Congress points) is
//! stored in the event when it happens, never read back from the board at rendering.

use serde::{Deserialize, Serialize};

use super::actions::Op;
use super::data::Law;
use super::{ActionKind, Card, EQUALITY, Region, Row, SIDE_NAMES, SUPREMACY, View, faction_name};
use crate::core::{LogEntry, Seat};

/// What Victory Points are scored for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum VpFor {
    FederalLaw,
    LawsInPlace,
    /// The Laws of one Region, once a Law passes there.
    LawsIn(Region),
    RedRegions,
    SuppressionCards,
    FullRegionCards,
}

impl VpFor {
    fn text(self) -> String {
        match self {
            VpFor::FederalLaw => "a Federal Law".into(),
            VpFor::LawsInPlace => "Laws in place".into(),
            VpFor::LawsIn(r) => format!("Laws in {}", r.name()),
            VpFor::RedRegions => "Regions with more red than blue markers".into(),
            VpFor::SuppressionCards => "face-up Suppression cards".into(),
            VpFor::FullRegionCards => "Region cards with all three Laws".into(),
        }
    }
}

/// Why the Discards are shuffled into the Deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReshuffleFor {
    DeckExhausted,
    AmendmentPassed,
    SupremeCourts,
    SilentSentinels,
}

impl ReshuffleFor {
    fn text(self) -> &'static str {
        match self {
            ReshuffleFor::DeckExhausted => "the Deck is exhausted",
            ReshuffleFor::AmendmentPassed => "the Amendment passed",
            ReshuffleFor::SupremeCourts => "the Supreme Courts",
            ReshuffleFor::SilentSentinels => "Silent Sentinels",
        }
    }
}

/// A Region's vote on a Law or an Amendment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum VoteResult {
    /// The Amendment's Law is already in force there (`votes` for Equality all the same).
    InForce { votes: u8 },
    /// `votes` of `total` for Equality after `suppressed` were suppressed.
    Counted {
        votes: u8,
        total: u8,
        suppressed: u8,
        passed: bool,
        amendment: bool,
    },
}

/// One entry of a game's log, as it happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TvEvent {
    /// Set-up: `hidden` cards dealt face-down under the Supreme Courts, `deck` left.
    SetUp {
        hidden: u8,
        deck: u8,
    },
    DeckEmpty,
    /// `card` drawn to the Display for its faction.
    Drawn {
        card: Card,
    },
    /// `seat` earns `n` PW, of which it keeps `got`, reaching `now`.
    Pw {
        seat: Seat,
        n: u8,
        got: u8,
        now: u8,
    },
    Vp {
        seat: Seat,
        n: u8,
        why: VpFor,
        now: u8,
    },
    Discarded {
        card: Card,
    },
    Removed {
        seat: Seat,
        card: Card,
    },
    /// `seat` discards `lost` PW above its Org at the end of its phase.
    PwLost {
        seat: Seat,
        lost: u8,
    },
    /// The Deck and the Discards are both empty: both sides refresh and score anyway.
    NothingToShuffle,
    Reshuffled {
        why: ReshuffleFor,
        deck: u8,
    },
    /// `holder` takes Congress Control with `points` (indexed by seat).
    Congress {
        holder: Seat,
        points: [u32; 2],
    },
    RefreshesAll {
        seat: Seat,
    },
    Refreshes {
        seat: Seat,
        card: Card,
    },
    RefreshStops {
        seat: Seat,
    },
    Turn {
        turn: u32,
    },
    Outcome,
    FirstPlayer {
        seat: Seat,
        first: Seat,
    },
    Bonus {
        seat: Seat,
        card: Card,
        region: Region,
    },
    Block {
        seat: Seat,
        card: Card,
        region: Region,
    },
    /// `seat` Counters a Block in `region` with `card` (`block`: which one, when several).
    Counter {
        seat: Seat,
        card: Card,
        region: Region,
        block: Option<Card>,
    },
    /// A Radicalize or Region card taken into its player's Reserve.
    ToReserve {
        seat: Seat,
        card: Card,
    },
    /// A Suppression Action's card enters Supremacy's Reserve.
    SuppressionReserve {
        card: Card,
        face_up: bool,
    },
    Suppress {
        card: Card,
        value: u8,
        region: Region,
    },
    /// A card's action resolved: markers changed per Region.
    Resolved {
        seat: Seat,
        kind: ActionKind,
        changed: Vec<(u8, Region)>,
    },
    /// One marker of `row` in `region` changed from side `from` to side `to` (indices of a
    /// row: Equality, Blue Apathy, Red Apathy, Supremacy).
    Marker {
        seat: Seat,
        region: Region,
        op: Op,
        from: u8,
        to: u8,
        row: Row,
    },
    Pass {
        seat: Seat,
    },
    DiscardAction {
        seat: Seat,
        pw: u8,
    },
    FederalLaw {
        seat: Seat,
        pw: u8,
    },
    /// An action paid with the card's PW cost (Radicalize, Suppression, Law).
    Paid {
        seat: Seat,
        kind: ActionKind,
        card: Card,
    },
    /// An action spending all PW: the Organization Action or a Special Event (`event`).
    AllIn {
        seat: Seat,
        card: Card,
        pw: u8,
        event: bool,
    },
    Persuade {
        seat: Seat,
        card: Card,
        strength: u8,
    },
    Org {
        seat: Seat,
        before: u8,
        after: u8,
    },
    SentinelsToDiscard,
    BlueTurnsEquality,
    Amendment {
        seat: Seat,
        card: Card,
        pw: u8,
    },
    Vote {
        region: Region,
        result: VoteResult,
    },
    AmendmentPassed {
        card: Card,
        points: u32,
    },
    AmendmentFailed {
        card: Card,
        points: u32,
    },
    Law {
        law: Law,
        region: Region,
    },
    WomenOpen {
        region: Region,
        red: u8,
        blue: u8,
    },
    Strike {
        law: Law,
        region: Region,
    },
}

impl TvEvent {
    /// The entry as it reads, numbered `seq`, on the board `v` (for the outcome).
    pub fn render(&self, v: &View, seq: u64) -> LogEntry {
        let mut e = self.entry(v);
        e.seq = seq;
        e
    }

    fn entry(&self, v: &View) -> LogEntry {
        use TvEvent as E;
        let f = faction_name;
        let said = |kind: &str, seat: Option<Seat>, text: String| {
            let e = LogEntry::new(kind, text);
            match seat {
                Some(s) => e.seat(s),
                None => e,
            }
        };
        match *self {
            E::SetUp { hidden, deck } => said(
                "setup",
                None,
                format!(
                    "Set-up: {hidden} cards dealt face-down under Supreme Courts; {deck} cards in the Deck"
                ),
            ),
            E::DeckEmpty => said(
                "deck-empty",
                None,
                "The Deck is exhausted: no more cards are drawn".into(),
            ),
            E::Drawn { card } => {
                let faction = card.def().faction;
                LogEntry::new(
                    "draw",
                    format!(
                        "Drawn to the Display for {}: {} ({})",
                        faction.name(),
                        card.name(),
                        card.def().describe(v.table())
                    ),
                )
                .seat(faction.seat())
                .card(card.id())
            }
            E::Pw { seat, n, got, now } => LogEntry::new(
                "pw",
                format!(
                    "{} earns {n} PW{} (now {now})",
                    f(seat),
                    if got < n {
                        format!(", {} lost above {}", n - got, v.table().pw_max)
                    } else {
                        String::new()
                    }
                ),
            )
            .seat(seat)
            .amount(got as i64),
            E::Vp { seat, n, why, now } => LogEntry::new(
                "vp",
                format!("{} scores {n} VP for {} (now {now})", f(seat), why.text()),
            )
            .seat(seat)
            .amount(n as i64),
            E::Discarded { card } => {
                LogEntry::new("discard", format!("{} is Discarded", card.name())).card(card.id())
            }
            E::Removed { seat, card } => LogEntry::new(
                "remove",
                format!("{} Removes {} from the game", f(seat), card.name()),
            )
            .seat(seat)
            .card(card.id()),
            E::PwLost { seat, lost } => LogEntry::new(
                "pw-lost",
                format!("{} discards {lost} PW above its Org", f(seat)),
            )
            .seat(seat)
            .amount(lost as i64),
            E::NothingToShuffle => said(
                "reshuffle",
                None,
                "The Deck and the Discards are empty: nothing to shuffle, but both sides \
                 refresh and score"
                    .into(),
            ),
            E::Reshuffled { why, deck } => LogEntry::new(
                "reshuffle",
                format!(
                    "The Discards are shuffled into the Deck ({}): {deck} cards",
                    why.text()
                ),
            )
            .amount(deck as i64),
            E::Congress { holder, points } => said(
                "congress",
                Some(holder),
                format!(
                    "{} takes Congress Control ({} to {})",
                    f(holder),
                    points[holder],
                    points[1 - holder]
                ),
            ),
            E::RefreshesAll { seat } => said(
                "refresh",
                Some(seat),
                format!("{} refreshes its whole Reserve", f(seat)),
            ),
            E::Refreshes { seat, card } => said(
                "refresh",
                Some(seat),
                format!("{} refreshes {}", f(seat), card.name()),
            ),
            E::RefreshStops { seat } => said(
                "refresh-stop",
                Some(seat),
                format!("{} keeps its other cards face-down", f(seat)),
            ),
            E::Turn { turn } => said("turn", None, format!("Turn {turn} begins")),
            E::Outcome => LogEntry::new(
                "outcome",
                v.outcome
                    .as_ref()
                    .map_or_else(String::new, |o| o.reason.clone()),
            ),
            E::FirstPlayer { seat, first } => said(
                "first-player",
                Some(seat),
                format!("{} chooses {} as First Player", f(seat), f(first)),
            ),
            E::Bonus { seat, card, region } => said(
                "bonus",
                Some(seat),
                format!(
                    "{} flips {} for a Bonus Action in {}",
                    f(seat),
                    card.name(),
                    region.name()
                ),
            ),
            E::Block { seat, card, region } => said(
                "block",
                Some(seat),
                format!(
                    "{} Blocks {} markers in {} with {}",
                    f(seat),
                    card.def().cost(),
                    region.name(),
                    card.name()
                ),
            ),
            E::Counter {
                seat,
                card,
                region,
                block,
            } => said(
                "counter",
                Some(seat),
                match block {
                    Some(b) => format!(
                        "{} Counters the Block of {} in {} with {}",
                        f(seat),
                        b.name(),
                        region.name(),
                        card.name()
                    ),
                    None => format!(
                        "{} Counters the Block in {} with {}",
                        f(seat),
                        region.name(),
                        card.name()
                    ),
                },
            ),
            E::ToReserve { seat, card } => said(
                "reserve",
                Some(seat),
                format!("{} takes {} into its Reserve", f(seat), card.name()),
            ),
            E::SuppressionReserve { card, face_up } => said(
                "reserve",
                Some(SUPREMACY),
                format!(
                    "{} enters Supremacy's Reserve face-{}",
                    card.name(),
                    if face_up { "up" } else { "down" }
                ),
            ),
            E::Suppress {
                card,
                value,
                region,
            } => said(
                "suppress",
                Some(SUPREMACY),
                format!(
                    "Supremacy flips {} to suppress {value} votes in {}",
                    card.name(),
                    region.name()
                ),
            ),
            E::Resolved {
                seat,
                kind,
                ref changed,
            } => said(
                "resolved",
                Some(seat),
                format!(
                    "{kind:?} resolved: markers changed {}",
                    changed
                        .iter()
                        .map(|(n, r)| format!("{n} in {}", r.name()))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ),
            E::Marker {
                seat,
                region,
                op,
                from,
                to,
                row,
            } => LogEntry::new(
                "marker",
                format!(
                    "{}: {} {} → {} ({} voters)",
                    region.name(),
                    op.verb(),
                    SIDE_NAMES[usize::from(from)],
                    SIDE_NAMES[usize::from(to)],
                    row.slug()
                ),
            )
            .seat(seat)
            .location(region.id())
            .region(region.id()),
            E::Pass { seat } => said(
                "pass",
                Some(seat),
                format!("{} ends its Player Phase", f(seat)),
            ),
            E::DiscardAction { seat, pw } => said(
                "discard-action",
                Some(seat),
                format!("{} takes the Discard Action, spending {pw} PW", f(seat)),
            ),
            E::FederalLaw { seat, pw } => said(
                "federal-law",
                Some(seat),
                format!("{} passes a Federal Law with {pw} PW", f(seat)),
            ),
            E::Paid { seat, kind, card } => {
                let how = match kind {
                    ActionKind::Radicalize => "Radicalizes with",
                    ActionKind::Suppression => "takes the Suppression Action with",
                    _ => "takes a Law Action with",
                };
                said(
                    kind.slug(),
                    Some(seat),
                    format!(
                        "{} {how} {} ({} PW)",
                        f(seat),
                        card.def().name,
                        card.def().cost()
                    ),
                )
            }
            E::AllIn {
                seat,
                card,
                pw,
                event,
            } => {
                let (kind, how) = if event {
                    ("event", "plays the Special Event")
                } else {
                    ("organize", "takes the Organization Action with")
                };
                said(
                    kind,
                    Some(seat),
                    format!("{} {how} {}, spending {pw} PW", f(seat), card.name()),
                )
            }
            E::Persuade {
                seat,
                card,
                strength,
            } => said(
                "persuade",
                Some(seat),
                format!(
                    "{} Persuades with {} ({} PW), strength {strength}",
                    f(seat),
                    card.def().name,
                    card.def().cost()
                ),
            ),
            E::Org {
                seat,
                before,
                after,
            } => LogEntry::new(
                "org",
                format!(
                    "{} Org {before} → {after}; its Reserve is refreshed",
                    f(seat)
                ),
            )
            .seat(seat)
            .amount(after as i64),
            E::SentinelsToDiscard => said(
                "silent-sentinels",
                Some(EQUALITY),
                "Silent Sentinels enters the Discard pile".into(),
            ),
            E::BlueTurnsEquality => said(
                "silent-sentinels",
                Some(EQUALITY),
                "Every Blue Apathy marker turns to Equality".into(),
            ),
            E::Amendment { seat, card, pw } => said(
                "amendment",
                Some(seat),
                format!(
                    "{} attempts the {}, spending {pw} PW",
                    f(seat),
                    card.def().name
                ),
            ),
            E::Vote { region, result } => {
                let (text, votes) = match result {
                    VoteResult::InForce { votes } => (
                        format!("{} ratifies: the Law is already in force", region.name()),
                        votes,
                    ),
                    VoteResult::Counted {
                        votes,
                        total,
                        suppressed,
                        passed,
                        amendment,
                    } => (
                        format!(
                            "{}: {votes} of {total} votes for Equality ({suppressed} suppressed): {}",
                            region.name(),
                            match (passed, amendment) {
                                (true, true) => "ratified",
                                (false, true) => "not ratified",
                                (true, false) => "the Law passes",
                                (false, false) => "the Law fails",
                            }
                        ),
                        votes,
                    ),
                };
                LogEntry::new("vote", text)
                    .seat(EQUALITY)
                    .location(region.id())
                    .region(region.id())
                    .amount(votes as i64)
            }
            E::AmendmentPassed { card, points } => LogEntry::new(
                "amendment-passed",
                format!(
                    "The {} passes with {points} Congress Control Points",
                    card.name()
                ),
            )
            .seat(EQUALITY)
            .card(card.id())
            .amount(points as i64),
            E::AmendmentFailed { card, points } => LogEntry::new(
                "amendment-failed",
                format!(
                    "The {} fails with {points} of {} Congress Control Points",
                    card.name(),
                    v.table().amendment_points
                ),
            )
            .seat(EQUALITY)
            .card(card.id())
            .amount(points as i64),
            E::Law { law, region } => LogEntry::new(
                "law",
                format!("{} is in force in {}", law.name(), region.name()),
            )
            .seat(EQUALITY)
            .location(region.id())
            .region(region.id()),
            E::WomenOpen { region, red, blue } => said(
                "women-voters",
                None,
                format!(
                    "The Women boxes of {} open: {red} Red Apathy, {blue} Blue Apathy",
                    region.name()
                ),
            ),
            E::Strike { law, region } => LogEntry::new(
                "strike",
                format!(
                    "The Supreme Courts strike {} in {}",
                    law.name(),
                    region.name()
                ),
            )
            .seat(SUPREMACY)
            .location(region.id())
            .region(region.id()),
        }
    }
}
