//! Rules revision 2's data: the reconstructed map numbers of [`data`] retuned for balance
//! under the strongest AI's self-play (IS-MCTS against itself, issue 22).
//!
//! Revision 1's numbers were tuned under greedy self-play, and under IS-MCTS self-play they
//! let Equality win 94% of 200 games: a player who plans takes Congress with the North alone
//! and passes both Amendments long before Supremacy's VP reach 75. Revision 2 changes only
//! numbers the reconstruction chose (never a FACT of `shared/reference/the-vote/findings.md`):
//! each Region's Men-box set-up sides and Congress Control Points. A game keeps the table of
//! its set-up's revision, so a match stored under revision 0 or 1 replays with the numbers it
//! was played with. The figures that chose these numbers are in docs/rules.md ("Rules revision 2: the retuned map").

use super::data::{self, RegionDef, SetupSides, Table};

/// The first rules revision that plays with [`TABLE_2`].
pub const REVISION: u32 = 2;

/// The tables, in a static so that each has one address: revision 1's (also revision 0's)
/// and revision 2's.
///
/// Every table keeps [`data::CARDS`] and the Regions' ids and names, in the same order: a
/// [`super::Card`] or [`super::Region`] reads those without a game (to name itself in a
/// choice id, a log line or a stored state), and a retune that changed them would make it
/// say something its game does not. The test below holds every table to that.
static TABLES: [Table; 2] = [data::TABLE, TABLE_2];

/// The data table a game set up under rules revision `rules` plays with: a game reads every
/// number and fact of its data through this (as [`super::View::table`]), never through
/// [`data::TABLE`], so that whatever a revision retunes is played.
pub fn table_of(rules: u32) -> &'static Table {
    &TABLES[usize::from(rules >= REVISION)]
}

/// Revision 2's Regions, in table order: the Men boxes' set-up sides (Equality / Blue
/// Apathy / Red Apathy / Supremacy) and the Congress Control Points.
///
/// - Set-up: Red Apathy replaces one Blue Apathy in every Northern Region and one Equality
///   marker in the Middle Atlantic and the Midwest, so Equality needs more Persuades and
///   Radicalizes before a Law passes in the North; a Supremacy marker replaces the Upper
///   South's Blue Apathy.
/// - Congress Control Points: the South holds half of the 80, most of it in the Deep South.
///   The North's 40 is no longer more than half (ties go to Supremacy), so Equality needs a
///   Southern Region with Direct Election and a blue majority to take Congress; and the North
///   with the Upper South makes 55, so an Amendment needs the Deep South to ratify it (or its
///   Law in force there).
#[rustfmt::skip]
const REGIONS_2: [([u8; 4], u8); 6] = [
    ([1, 1, 2, 1], 5),  // New England (was 1/2/1/1, 5 points)
    ([0, 2, 4, 1], 15), // Middle Atlantic (was 1/3/2/1, 20)
    ([0, 1, 5, 1], 15), // Midwest (was 1/2/3/1, 20)
    ([1, 1, 2, 1], 5),  // The West (was 1/2/1/1, 20)
    ([0, 0, 2, 3], 15), // Upper South (was 0/1/2/2, 10)
    ([0, 0, 1, 4], 25), // Deep South (was 0/0/1/4, 5)
];

const fn regions_2() -> [RegionDef; 6] {
    let mut regions = data::REGIONS;
    let mut i = 0;
    while i < regions.len() {
        let ([equality, blue_apathy, red_apathy, supremacy], points) = REGIONS_2[i];
        regions[i].setup = SetupSides {
            equality,
            blue_apathy,
            red_apathy,
            supremacy,
        };
        regions[i].congress_points = points;
        i += 1;
    }
    regions
}

const REGIONS_2_DEFS: [RegionDef; 6] = regions_2();

/// Revision 2's table: revision 1's with [`REGIONS_2`].
pub const TABLE_2: Table = Table {
    regions: &REGIONS_2_DEFS,
    ..data::TABLE
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;
    use crate::core::Setup;
    use crate::the_vote::TheVote;

    fn sides(s: SetupSides) -> [u8; 4] {
        [s.equality, s.blue_apathy, s.red_apathy, s.supremacy]
    }

    #[test]
    fn revision_2_keeps_every_fact_of_the_reconstruction() {
        let (one, two) = (table_of(1), table_of(REVISION));
        assert!(std::ptr::eq(one, table_of(0)));
        assert!(!std::ptr::eq(one, two));
        for (a, b) in one.regions.iter().zip(two.regions) {
            // As many Men boxes, so 34 are still in play at set-up.
            assert_eq!(sides(a.setup).iter().sum::<u8>(), a.men, "{}", a.id);
            assert_eq!(sides(b.setup).iter().sum::<u8>(), b.men, "{}", b.id);
            assert_eq!((a.id, a.men, a.women), (b.id, b.men, b.women));
        }
        // 80 points, so 60 is still three quarters; each side within its 39 markers.
        assert_eq!(one.total_points(), two.total_points());
        assert_eq!(two.amendment_points, 60);
        for side in [[0, 1], [2, 3]] {
            let on_map: u8 = two
                .regions
                .iter()
                .map(|r| side.iter().map(|&i| sides(r.setup)[i]).sum::<u8>())
                .sum();
            assert!(on_map <= two.markers_each, "{on_map} markers of one side");
        }
        // The cards are revision 1's.
        assert!(std::ptr::eq(one.cards, two.cards));
    }

    /// What `Card` and `Region` read from `data::CARDS` and `data::REGIONS` without a game is
    /// the same in every revision's table.
    #[test]
    fn every_revision_has_the_same_cards_and_region_names() {
        for table in &TABLES {
            assert_eq!(table.cards.len(), data::CARDS.len());
            for (a, b) in table.cards.iter().zip(&data::CARDS) {
                assert_eq!(
                    (a.number, a.id, a.name, a.faction, a.cost, a.kind, a.entry),
                    (b.number, b.id, b.name, b.faction, b.cost, b.kind, b.entry)
                );
            }
            assert_eq!(table.regions.len(), data::REGIONS.len());
            for (a, b) in table.regions.iter().zip(&data::REGIONS) {
                assert_eq!((a.id, a.name), (b.id, b.name));
            }
        }
    }

    #[test]
    fn every_region_of_revision_2_changes_only_what_it_lists() {
        for (i, (setup, points)) in REGIONS_2.iter().enumerate() {
            assert_eq!(sides(TABLE_2.regions[i].setup), *setup);
            assert_eq!(TABLE_2.regions[i].congress_points, *points);
        }
        let changed = REGIONS_2
            .iter()
            .zip(data::REGIONS.iter())
            .filter(|((s, p), r)| *s != sides(r.setup) || *p != r.congress_points)
            .count();
        assert!(changed > 0, "revision 2 changes nothing");
    }

    /// A revision-2 game sets up and counts Congress with revision 2's numbers, and a
    /// revision-1 game with revision 1's, from the same seed.
    #[test]
    fn a_game_plays_with_the_table_of_its_own_revision() {
        for rules in [0, 1, REVISION] {
            let table = table_of(rules);
            let mut setup = Setup::new("standard", 2, 7);
            setup.rules = rules;
            let mut g = TheVote::new(&setup).expect("set-up");
            for (state, def) in g.public.regions.iter().zip(table.regions) {
                assert_eq!(
                    state.men,
                    sides(def.setup),
                    "{} at revision {rules}",
                    def.id
                );
            }
            assert_eq!(g.public.congress_points, [0, table.total_points()]);
            // Direct Election with a blue majority in every Region but the Deep South:
            // Equality's points are the table's for those five.
            for r in g.public.regions.iter_mut() {
                r.laws[data::Law::DirectElection.index()] = true;
                r.men = [r.men.iter().sum(), 0, 0, 0];
            }
            let deep_south = table.regions.len() - 1;
            g.public.regions[deep_south].laws = [false; 3];
            g.congress_control();
            let theirs = table.regions[deep_south].congress_points as u32;
            assert_eq!(
                g.public.congress_points,
                [table.total_points() - theirs, theirs],
                "revision {rules}"
            );
        }
    }
}
