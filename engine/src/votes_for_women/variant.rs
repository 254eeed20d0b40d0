//! [`Variant`]: the ways to play Votes for Women, by who sits at the table. The board holds
//! its variant as this type, never as a bare id, and asks it the questions a variant
//! decides (the side of each seat, who plays a side, whether the Oppobot is the
//! Opposition); the stored JSON and the catalogue still carry the id (`team-4`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::GAME_ID;
use super::data::Side;
use crate::core::{Seat, SetupError};

/// A Votes for Women variant. Serialized as its id, so stored boards and views read back
/// byte for byte; reading an id no variant has is an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Variant {
    /// Two players: the Suffragist (seat 0) against the Opposition (seat 1).
    #[serde(rename = "standard")]
    Standard,
    /// One Suffragist seat against the Oppobot, the automated Opposition.
    #[serde(rename = "solitaire")]
    Solitaire,
    /// Purple and Yellow (two seats) together against the Oppobot.
    #[serde(rename = "coop")]
    Coop,
    /// Purple and Yellow against one Opposition player (3 seats).
    #[serde(rename = "team-3-suffragists")]
    Team3Suffragists,
    /// One Suffragist against a First and a Second Opposition player (3 seats).
    #[serde(rename = "team-3-opposition")]
    Team3Opposition,
    /// Purple and Yellow against a First and a Second Opposition player (4 seats).
    #[serde(rename = "team-4")]
    Team4,
}

impl Variant {
    /// Every variant, in the catalogue's order.
    pub const ALL: [Variant; 6] = [
        Variant::Standard,
        Variant::Solitaire,
        Variant::Coop,
        Variant::Team3Suffragists,
        Variant::Team3Opposition,
        Variant::Team4,
    ];

    /// The variant's id, as in the catalogue, a [`crate::Setup`] and the stored JSON.
    pub const fn as_str(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::Solitaire => "solitaire",
            Variant::Coop => "coop",
            Variant::Team3Suffragists => "team-3-suffragists",
            Variant::Team3Opposition => "team-3-opposition",
            Variant::Team4 => "team-4",
        }
    }

    /// Whether the Opposition is the Oppobot (solitaire and co-op): it has no seat, plays
    /// the Oppobot deck, and the Strategy cards it cannot use are left out.
    pub const fn against_oppobot(self) -> bool {
        matches!(self, Variant::Solitaire | Variant::Coop)
    }

    /// The side of each seat, seat 0 first: a side's seats are its players in order
    /// (Purple then Yellow, First then Second Opposition).
    pub const fn seats(self) -> &'static [Side] {
        use Side::{Opposition as O, Suffragist as S};
        match self {
            Variant::Standard => &[S, O],
            Variant::Solitaire => &[S],
            Variant::Coop => &[S, S],
            Variant::Team3Suffragists => &[S, S, O],
            Variant::Team3Opposition => &[S, O, O],
            Variant::Team4 => &[S, S, O, O],
        }
    }

    /// How many players play `side`: two partners, one, or none (the Oppobot's side).
    pub fn players(self, side: Side) -> usize {
        self.seats().iter().filter(|&&s| s == side).count()
    }

    /// Whether a side is played by two partners (the team variants and co-op).
    pub fn has_pair(self) -> bool {
        self.sides().iter().any(|seats| seats.len() == 2)
    }

    /// The seats of each side that has any, the Suffragist's first: `[[0, 1], [2]]` in
    /// `team-3-suffragists`, a single side in solitaire and co-op (the Oppobot has no seat).
    pub fn sides(self) -> Vec<Vec<Seat>> {
        let seats = self.seats();
        [Side::Suffragist, Side::Opposition]
            .into_iter()
            .map(|side| (0..seats.len()).filter(|&i| seats[i] == side).collect())
            .filter(|of_side: &Vec<Seat>| !of_side.is_empty())
            .collect()
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Variant {
    type Err = SetupError;

    /// The variant with this id; any other is the catalogue's unknown-variant error.
    fn from_str(id: &str) -> Result<Variant, SetupError> {
        Variant::ALL
            .into_iter()
            .find(|v| v.as_str() == id)
            .ok_or_else(|| SetupError::UnknownVariant {
                game: GAME_ID.into(),
                variant: id.into(),
                known: Variant::ALL.iter().map(|v| v.as_str().into()).collect(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, Setup};

    use super::super::VotesForWomen;

    #[test]
    fn ids_are_the_catalogues_and_the_json_is_the_bare_id() {
        let info = VotesForWomen::info();
        let ids: Vec<&str> = info.variants.iter().map(|v| v.id.as_str()).collect();
        let ours: Vec<&str> = Variant::ALL.iter().map(|v| v.as_str()).collect();
        assert_eq!(ids, ours);
        for v in Variant::ALL {
            let catalogue = info.variant(v.as_str()).expect("in the catalogue");
            assert_eq!(catalogue.max_seats, v.seats().len(), "{v}");
            assert_eq!(v.to_string().parse::<Variant>().ok(), Some(v));
            let json = serde_json::to_string(&v).ok();
            assert_eq!(json, Some(format!("\"{v}\"")));
            assert_eq!(
                serde_json::from_str::<Variant>(&format!("\"{v}\"")).ok(),
                Some(v)
            );
        }
        assert!(serde_json::from_str::<Variant>("\"team-5\"").is_err());
    }

    #[test]
    fn an_unknown_id_is_the_catalogues_error() {
        let setup = Setup::new("team-5", 5, 1);
        let catalogue = VotesForWomen::info().validate(&setup).err();
        let ours = "team-5".parse::<Variant>().err();
        assert_eq!(
            ours.map(|e| e.to_string()),
            catalogue.map(|e| e.to_string())
        );
    }
}
