//! The corrections each rules revision brings (see `crate::core::RULES_REVISION`). A game
//! keeps the revision of its set-up, so a match stored under revision 0 replays exactly as
//! it was played; each correction below applies from revision 1 on, and the code of every
//! rule it touches keeps the revision-0 path beside the corrected one.
//!
//! Revision 1 (issue 20):
//! - 7.3 sets no limit on Blocks: several may be played against one action in one Region,
//!   and each may be Countered on its own ([`View::several_blocks`]).
//! - 7.2 turns the Persuade card face-down only once the action is over, so it can still
//!   Counter a Block against that action ([`View::persuade_card_counters`]).
//! - 7.2 counts the markers to change once, at the start: a Supremacy marker this Persuade
//!   flipped to Red Apathy is not then replaced by it ([`View::persuade_counted_once`]).
//! - 14.4's Refresh is optional: a player may keep face-down cards face-down
//!   ([`View::optional_refresh`]).
//! - 14.3 with the Deck and the Discards both empty: both players still refresh and score
//!   ([`View::refresh_on_empty_deck`]).
//!
//! Revision 2 (issue 22): the reconstructed numbers retuned for balance under IS-MCTS
//! self-play (`retune.rs`).
//!
//! A game reads every number and every Region or card fact of the data table (PW, VP and Org
//! limits, the pool, the turn cap, set-up sides, Congress Control Points, box counts) from
//! its own revision's table ([`View::table`], [`View::region_def`]), never from
//! [`super::data::TABLE`]: that is revision 0 and 1's table, and reading it in a game would
//! silently ignore whatever a later revision retunes. An AI reads it from the view it is given
//! the same way.

use super::data::{RegionDef, Table};
use super::region::Region;
use super::{View, retune};

impl View {
    /// The data table of this game's rules revision.
    pub fn table(&self) -> &'static Table {
        retune::table_of(self.rules)
    }
    /// `region`'s facts under this game's revision: its boxes, set-up sides and Congress
    /// Control Points ([`Region`] itself names only its id and name, the same in every
    /// revision).
    pub fn region_def(&self, region: Region) -> &'static RegionDef {
        &self.table().regions[region.index()]
    }
    /// `region`'s Congress Control Points under this game's revision.
    pub fn region_points(&self, region: Region) -> u32 {
        self.region_def(region).congress_points as u32
    }
    fn corrected(&self) -> bool {
        self.rules >= 1
    }
    /// 7.3: more than one Block against an action in a Region.
    pub fn several_blocks(&self) -> bool {
        self.corrected()
    }
    /// 7.2: the Persuade card stays face-up (and may Counter) until the action is done.
    pub fn persuade_card_counters(&self) -> bool {
        self.corrected()
    }
    /// 7.2: a marker flipped by a Persuade is not also replaced by it.
    pub fn persuade_counted_once(&self) -> bool {
        self.corrected()
    }
    /// 14.4: Refresh may leave cards face-down.
    pub fn optional_refresh(&self) -> bool {
        self.corrected()
    }
    /// 14.3: an empty Deck refreshes and scores even with nothing to shuffle.
    pub fn refresh_on_empty_deck(&self) -> bool {
        self.corrected()
    }
}
