//! What the view says the game waits for ([`View::pending`]) and where each Amendment
//! stands ([`View::amendment_status`]). The seat that decides is the one the prompts are
//! built for ([`View::decision`] in `decisions.rs`), so a view never names a decision the
//! game does not ask for. Everything here is public, like the whole view.

use super::actions::Region;
use super::*;

/// What a game of The Vote waits for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pending {
    /// The step of the turn the game is at.
    pub step: Step,
    /// The seat that decides; `None` once the game is over.
    pub seat: Option<Seat>,
    /// The Region the decision concerns (changing markers, suppressing votes), if any.
    pub region: Option<Region>,
    /// How many more: markers to change, votes to suppress or cards to flip face-up; 0 for
    /// any other step.
    pub left: u8,
    /// Whether the step may be declined part-way (Refresh at rules revision 1).
    pub optional: bool,
}

impl Pending {
    /// The step's stable slug, as the wire names it.
    pub fn slug(&self) -> &'static str {
        match self.step {
            Step::ChooseFirst { .. } => "choose-first",
            Step::Action => "action",
            Step::Region => "region",
            Step::LawType => "law-type",
            Step::LawRegion => "law-region",
            Step::Bonus => "bonus",
            Step::Block => "block",
            Step::Counter => "counter",
            Step::Flip { .. } => "flip",
            Step::Keep => "keep",
            Step::VoteOrder { .. } => "vote-order",
            Step::SuppressCard { .. } => "suppress",
            Step::RemovePublicOpinion => "remove-public-opinion",
            Step::CourtTarget => "court-target",
            Step::SentinelRemove => "sentinel-remove",
            Step::DiscardWhat => "discard-what",
            Step::DiscardMore => "discard-more",
            Step::Refresh { .. } => "refresh",
            Step::Finished => "finished",
        }
    }

    /// The decision in words, naming the deciding faction.
    pub fn text(&self) -> String {
        let Some(seat) = self.seat else {
            return "The game is over".into();
        };
        let who = faction_name(seat);
        let left = self.left;
        let region = self.region.map_or("", Region::name);
        match self.step {
            Step::ChooseFirst { .. } => format!("{who} chooses the First Player"),
            Step::Action => format!("{who} takes an action or passes"),
            Step::Region => format!("{who} chooses the Region of the action"),
            Step::LawType => format!("{who} chooses which Law is put to the vote"),
            Step::LawRegion => format!("{who} chooses where the Law is voted"),
            Step::Bonus => format!("{who} may announce Bonus Actions"),
            Step::Block => format!("{who} may Block the action"),
            Step::Counter => format!("{who} may Counter the Block"),
            Step::Flip { .. } => format!("{who} changes up to {left} more markers in {region}"),
            Step::Keep => format!("{who} keeps the card in the Reserve or Discards it"),
            Step::VoteOrder { .. } => {
                format!("{who} chooses which Region's vote is resolved next")
            }
            Step::SuppressCard { .. } => {
                format!("{who} suppresses {left} more votes in {region}")
            }
            Step::RemovePublicOpinion => {
                format!("{who} Removes a face-up Public Opinion card to pay")
            }
            Step::CourtTarget => format!("{who} chooses the Law the Supreme Courts strike"),
            Step::SentinelRemove => format!("{who} may Remove cards from its Reserve"),
            Step::DiscardWhat => format!("{who} chooses what to Discard or Remove"),
            Step::DiscardMore => format!("{who} may Discard more cards of the same type"),
            Step::Refresh { .. } if self.optional => {
                format!("{who} may flip up to {left} more Reserve cards face-up")
            }
            Step::Refresh { .. } => format!("{who} flips {left} more Reserve cards face-up"),
            Step::Finished => "The game is over".into(),
        }
    }
}

/// Where an Amendment card stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AmendmentStatus {
    /// Ratified: its Law holds everywhere.
    Passed,
    /// Beside the map, not yet played.
    Aside,
    /// The card of the action in progress.
    InPlay,
    /// In the Events Display.
    Display,
    /// In a Reserve.
    Reserve,
    /// In the face-up Discard pile.
    Discard,
    /// Permanently Removed.
    Removed,
    /// In no public place: in the Deck, or among the face-down set-up discards.
    Unknown,
}

impl AmendmentStatus {
    /// The status's stable slug, as the wire names it.
    pub fn slug(self) -> &'static str {
        match self {
            AmendmentStatus::Passed => "passed",
            AmendmentStatus::Aside => "aside",
            AmendmentStatus::InPlay => "in-play",
            AmendmentStatus::Display => "display",
            AmendmentStatus::Reserve => "reserve",
            AmendmentStatus::Discard => "discard",
            AmendmentStatus::Removed => "removed",
            AmendmentStatus::Unknown => "unknown",
        }
    }
}

impl View {
    /// What the game waits for: the step, who decides, and the Region and count it
    /// concerns. The step's Region and count are told even once the game is over.
    pub fn pending(&self) -> Pending {
        let region_of = |target: usize| {
            self.action
                .as_ref()
                .and_then(|a| a.targets.get(target))
                .map(|t| t.region)
        };
        let (region, left) = match self.step {
            Step::Flip { target, left } | Step::SuppressCard { target, left } => {
                (region_of(target), left)
            }
            Step::Refresh { left, .. } => (None, left),
            _ => (None, 0),
        };
        Pending {
            step: self.step.clone(),
            seat: self.decision().map(|(seat, _)| seat),
            region,
            left,
            optional: matches!(self.step, Step::Refresh { .. }) && self.optional_refresh(),
        }
    }

    /// Where Amendment card `card` stands, from the public places a card can be.
    pub fn amendment_status(&self, card: Card) -> AmendmentStatus {
        if self.amendments_passed.contains(&card) {
            AmendmentStatus::Passed
        } else if self.aside.contains(&card) {
            AmendmentStatus::Aside
        } else if self.action.as_ref().is_some_and(|a| a.card == card) {
            AmendmentStatus::InPlay
        } else if self.display.contains(&card) {
            AmendmentStatus::Display
        } else if self
            .players
            .iter()
            .any(|p| p.reserve.iter().any(|r| r.card == card))
        {
            AmendmentStatus::Reserve
        } else if self.discard.contains(&card) {
            AmendmentStatus::Discard
        } else if self.removed.contains(&card) {
            AmendmentStatus::Removed
        } else {
            AmendmentStatus::Unknown
        }
    }
}
