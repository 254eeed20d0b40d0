//! [`Region`]: one of The Vote's six Regions, by its place in the data table. The state,
//! the decisions and the actions hold Regions as this type, never as a bare index, so a
//! target, a Law vote or a Block cannot name a Region the map does not have; the stored
//! JSON still carries the index.

use serde::{Deserialize, Serialize};

use super::data::REGIONS;

/// A Region, by its index into the data table (0–5).
///
/// Serialized as the bare index, so views and stored states read back byte for byte;
/// reading an index the table has no Region for is an error, not a Region that panics later.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Region(u8);

impl Region {
    /// The Region at this index, if the table has one. Every revision's table has the same
    /// Regions in the same order (`retune.rs` tests it), so this needs no game.
    pub fn new(index: usize) -> Option<Region> {
        (index < REGIONS.len()).then_some(Region(index as u8))
    }
    /// The index into the data table's Regions (and the state's `regions`).
    pub fn index(self) -> usize {
        self.0 as usize
    }
    // A Region hands out only its id and name, which every revision shares, so that choice
    // ids and log lines need no game. Its numbers (boxes, set-up sides, Congress Control
    // Points) are the game's revision's to say: a rules revision may retune them, so they
    // are read through `View::region_def` and never from here.

    /// The Region's stable id (`the-west`).
    pub fn id(self) -> &'static str {
        REGIONS[self.index()].id
    }
    /// The Region's printed name.
    pub fn name(self) -> &'static str {
        REGIONS[self.index()].name
    }
    /// The Region with this stable id, if any.
    pub fn from_id(id: &str) -> Option<Region> {
        REGIONS
            .iter()
            .position(|r| r.id == id)
            .and_then(Region::new)
    }
    /// Every Region, in table order.
    pub fn all() -> impl Iterator<Item = Region> {
        (0..REGIONS.len() as u8).map(Region)
    }
}

/// The error of reading an index that is no Region's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoSuchRegion(pub u8);

impl std::fmt::Display for NoSuchRegion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "The Vote has no Region {}", self.0)
    }
}

impl std::error::Error for NoSuchRegion {}

impl TryFrom<u8> for Region {
    type Error = NoSuchRegion;
    fn try_from(index: u8) -> Result<Region, NoSuchRegion> {
        Region::new(index as usize).ok_or(NoSuchRegion(index))
    }
}

impl From<Region> for u8 {
    fn from(region: Region) -> u8 {
        region.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serializes_as_the_bare_index_and_refuses_indices_no_region_has() {
        let west = Region::from_id("the-west").expect("a Region of the table");
        let json = serde_json::to_string(&vec![west]).ok();
        assert_eq!(json, Some(format!("[{}]", west.index())));
        assert_eq!(
            serde_json::from_str::<Region>(&west.index().to_string()).ok(),
            Some(west)
        );
        assert!(serde_json::from_str::<Region>("6").is_err());
        assert_eq!(Region::all().count(), REGIONS.len());
        assert!(Region::all().all(|r| Region::from_id(r.id()) == Some(r)));
    }
}
