//! Rules tests of The Vote: the data checks of the findings, the rulebook's examples, one
//! test per action and per law, turn end, redaction.

use rand::SeedableRng;
use rand::seq::IndexedRandom;

use super::data::{CARDS, Entry, REGIONS, TABLE};
use super::*;
use crate::testing::{check_redaction, random_prompt_step};

mod revision;

fn card(id: &str) -> Card {
    Card::from_id(id).unwrap_or_else(|| panic!("no card {id}"))
}

/// A card's PW cost in the data table.
fn cost(id: &str) -> u8 {
    card(id).def().cost()
}

fn region(id: &str) -> Region {
    Region::from_id(id).unwrap_or_else(|| panic!("no region {id}"))
}

/// A new game from a fixed seed, under rules revision 1: the worked examples and rules
/// tests here are written against revision 1's set-up and costs (`data::TABLE`). Revision 2
/// changes only numbers, read through `View::table`; `retune.rs` tests that a revision-2
/// game plays with its own, and the fuzzer plays thousands of revision-2 games.
fn game(seed: u64) -> TheVote {
    let mut setup = Setup::new("standard", 2, seed);
    setup.rules = 1;
    TheVote::new(&setup).unwrap()
}

/// Takes a card from wherever it is (Deck, set-up discards, Display, Discard, Reserves, aside).
fn lift(g: &mut TheVote, c: Card) {
    g.hidden.deck.retain(|&x| x != c);
    g.hidden.setup_discards.retain(|&x| x != c);
    g.public.deck_count = g.hidden.deck.len() as u8;
    g.public.hidden_discards = g.hidden.setup_discards.len() as u8;
    g.public.display.retain(|&x| x != c);
    g.public.discard.retain(|&x| x != c);
    g.public.removed.retain(|&x| x != c);
    g.public.aside.retain(|&x| x != c);
    for p in &mut g.public.players {
        p.reserve.retain(|r| r.card != c);
    }
}

/// Moves every card of the Display back to the bottom of the Deck.
fn clear_display(g: &mut TheVote) {
    for c in std::mem::take(&mut g.public.display) {
        g.hidden.deck.insert(0, c);
    }
    g.public.deck_count = g.hidden.deck.len() as u8;
}

fn to_display(g: &mut TheVote, id: &str) {
    let c = card(id);
    lift(g, c);
    g.public.display.push(c);
}

fn to_reserve(g: &mut TheVote, seat: Seat, id: &str, face_up: bool) {
    let c = card(id);
    lift(g, c);
    g.public.players[seat]
        .reserve
        .push(ReserveCard { card: c, face_up });
}

/// The start of `seat`'s (first) Player Phase with `pw` PW and an empty Display.
fn phase_of(seat: Seat, pw: u8) -> TheVote {
    let mut g = game(7);
    clear_display(&mut g);
    g.public.first_player = seat;
    g.public.active = seat;
    g.public.phase_index = 0;
    g.public.step = Step::Action;
    g.public.players[seat].pw = pw;
    g.public.players[1 - seat].pw = 0;
    g
}

/// Gives `seat` one PW and a face-down card that can neither Block nor suppress, so that
/// its next Player Phase waits for a decision instead of passing by itself.
fn hold(g: &mut TheVote, seat: Seat) {
    let id = if seat == SUPREMACY {
        "black-codes"
    } else {
        "new-england"
    };
    to_reserve(g, seat, id, false);
    g.public.players[seat].pw = 1;
}

fn ids(g: &TheVote, seat: Seat) -> Vec<String> {
    g.prompt(seat)
        .map(|p| p.choices.into_iter().map(|c| c.id).collect())
        .unwrap_or_default()
}

/// Applies a choice that must be offered to `seat`.
fn choose(g: &mut TheVote, seat: Seat, id: &str) {
    let offered = ids(g, seat);
    assert!(
        offered.iter().any(|c| c == id),
        "{id} not offered to seat {seat} at {:?}: {offered:?}",
        g.public.step
    );
    g.apply(seat, id).unwrap();
}

fn set_men(g: &mut TheVote, r: Region, sides: [u8; 4]) {
    assert_eq!(sides.iter().sum::<u8>(), g.public.region_def(r).men);
    g.public.regions[r.index()].men = sides;
}

fn face_up(g: &TheVote, seat: Seat, id: &str) -> Option<bool> {
    g.public.players[seat]
        .reserve
        .iter()
        .find(|r| r.card == card(id))
        .map(|r| r.face_up)
}

// ----- the data checks of findings.md ---------------------------------------------------

#[test]
fn data_36_cards_numbered_with_prelude_regular_and_the_four_specials() {
    assert_eq!(CARDS.len(), 36);
    for (i, c) in CARDS.iter().enumerate() {
        assert_eq!(c.number as usize, i + 1);
        let entry = match c.number {
            1..=12 => Entry::Prelude,
            13..=32 => Entry::Regular,
            _ => Entry::Special,
        };
        assert_eq!(c.entry, entry, "{}", c.name);
    }
    let specials = [
        (
            33,
            "Supreme Courts",
            Faction::Supremacy,
            Special::SupremeCourts,
        ),
        (
            34,
            "Silent Sentinels",
            Faction::Equality,
            Special::SilentSentinels,
        ),
        (
            35,
            "Seventeenth Amendment",
            Faction::Equality,
            Special::Amendment(Law::DirectElection),
        ),
        (
            36,
            "Nineteenth Amendment",
            Faction::Equality,
            Special::Amendment(Law::WomanSuffrage),
        ),
    ];
    for (n, name, faction, special) in specials {
        let c = TABLE.card(n);
        assert_eq!(
            (c.name, c.faction, c.kind),
            (name, faction, CardKind::Special(special))
        );
        assert!(c.last_action());
    }
    let mut ids: Vec<&str> = CARDS.iter().map(|c| c.id).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 36, "card ids are unique");
}

#[test]
fn data_factions_and_types_of_the_cards_named_in_the_rulebook() {
    for id in [
        "woman-suffrage",
        "alice-paul",
        "the-west",
        "vindication-of-the-rights-of-women",
        "middle-atlantic",
    ] {
        assert_eq!(card(id).def().faction, Faction::Equality, "{id}");
    }
    for id in ["ridicule", "gerrymandering"] {
        assert_eq!(card(id).def().faction, Faction::Supremacy, "{id}");
    }
    assert_eq!(
        card("woman-suffrage").def().kind,
        CardKind::Law(Some(Law::WomanSuffrage))
    );
    assert_eq!(card("gerrymandering").def().kind, CardKind::Suppression);
    assert_eq!(card("the-west").def().region(), Some(region("the-west")));
    assert_eq!(
        card("middle-atlantic").def().region(),
        Some(region("middle-atlantic"))
    );
}

#[test]
fn data_upper_and_deep_south_are_supremacy_region_cards_suppressing_two() {
    for (id, r) in [("upper-south", "upper-south"), ("deep-south", "deep-south")] {
        let c = card(id).def();
        assert_eq!(c.faction, Faction::Supremacy);
        assert_eq!(
            c.kind,
            CardKind::Region {
                region: region(r).index() as u8,
                suppress: 2
            }
        );
    }
    // Every other Region card is Equality's (Supremacy never suppresses with them).
    for c in CARDS.iter() {
        if let CardKind::Region { region: r, .. } = c.kind
            && c.faction == Faction::Supremacy
        {
            assert!(
                [Some(region("upper-south")), Some(region("deep-south"))].contains(&c.region()),
                "{} is in Region {r}",
                c.id
            );
        }
    }
}

#[test]
fn data_one_organization_card_per_faction_and_four_prelude_cards_each() {
    for f in [Faction::Equality, Faction::Supremacy] {
        let orgs = CARDS
            .iter()
            .filter(|c| c.faction == f && c.kind == CardKind::Organization)
            .count();
        assert_eq!(orgs, 1, "{f:?}");
        let prelude = CARDS
            .iter()
            .filter(|c| c.faction == f && c.entry == Entry::Prelude)
            .count();
        assert!(
            prelude >= TABLE.setup_display_each,
            "{f:?} has {prelude} Prelude cards"
        );
    }
}

#[test]
fn data_map_34_men_boxes_the_west_5_and_4_markers_within_limits() {
    assert_eq!(REGIONS.iter().map(|r| r.men as u32).sum::<u32>(), 34);
    let west = &REGIONS[region("the-west").index()];
    assert_eq!((west.men, west.women), (5, 4));
    let (mut e, mut s) = (0u32, 0u32);
    for r in REGIONS.iter() {
        let su = r.setup;
        assert_eq!(
            su.equality + su.blue_apathy + su.red_apathy + su.supremacy,
            r.men,
            "{}",
            r.name
        );
        e += (su.equality + su.blue_apathy) as u32;
        s += (su.red_apathy + su.supremacy) as u32;
    }
    assert!(e <= 39 && s <= 39, "set-up markers {e} and {s}");
    let g = game(1);
    assert_eq!(g.public.markers_on_map(EQUALITY), e);
    assert_eq!(g.public.markers_on_map(SUPREMACY), s);
}

#[test]
fn data_sixty_points_are_reachable_and_more_than_half() {
    let total = TABLE.total_points();
    assert!(TABLE.amendment_points * 2 > total);
    let n = REGIONS.len();
    let reachable_without_all = (0..(1u32 << n) - 1).any(|mask| {
        (0..n)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| REGIONS[i].congress_points as u32)
            .sum::<u32>()
            >= TABLE.amendment_points
    });
    assert!(reachable_without_all, "60 needs fewer than all six Regions");
}

// ----- set-up and initiative --------------------------------------------------------------

#[test]
fn setup_builds_the_deck_the_display_and_the_income() {
    for seed in 0..50 {
        let g = game(seed);
        let v = &g.public;
        // Supreme Courts tops the Discard pile over 9 unseen cards.
        assert_eq!(v.discard, vec![card("supreme-courts")]);
        assert_eq!(v.hidden_discards, 9);
        assert_eq!(g.hidden.setup_discards.len(), 9);
        assert!(
            g.hidden
                .setup_discards
                .iter()
                .all(|&c| c.def().entry == Entry::Regular)
        );
        // At least four cards each; the last card drawn is the one that completed the set.
        let e = v.display_of(EQUALITY).count();
        let s = v.display_of(SUPREMACY).count();
        assert!(e >= 4 && s >= 4);
        assert!(e == 4 || s == 4);
        // Prelude cards come first.
        assert!(v.display.iter().all(|&c| c.def().entry == Entry::Prelude));
        assert_eq!(v.display.len() + v.deck_count as usize, 32 - 9);
        for seat in [EQUALITY, SUPREMACY] {
            let best = v.display_of(seat).map(|c| c.def().cost()).max().unwrap();
            assert_eq!(v.players[seat].pw, best);
        }
        let chooser = if v.players[1].pw > v.players[0].pw {
            1
        } else {
            0
        };
        assert_eq!(g.to_act(), vec![chooser]);
        assert_eq!(ids(&g, chooser), vec!["first:equality", "first:supremacy"]);
    }
}

#[test]
fn example_5_0_drawing_gives_equality_seven_and_supremacy_three() {
    let mut g = game(3);
    clear_display(&mut g);
    g.public.players[0].org = 3;
    g.public.players[1].org = 3;
    for id in [
        "declaration-of-sentiments",
        "sojourner-truth",
        "separate-spheres",
    ] {
        to_display(&mut g, id);
    }
    let order = [
        "woman-suffrage",
        "ridicule",
        "alice-paul",
        "the-west",
        "vindication-of-the-rights-of-women",
        "middle-atlantic",
        "gerrymandering",
    ];
    for id in order {
        lift(&mut g, card(id));
    }
    // The Deck's top is its last card: the example's cards go on top, in order.
    for id in order.iter().rev() {
        g.hidden.deck.push(card(id));
    }
    let before = g.hidden.deck.len();
    g.fill_display([3, 3]);
    assert_eq!(
        g.public.display_of(EQUALITY).count(),
        7,
        "not the printed six"
    );
    assert_eq!(g.public.display_of(SUPREMACY).count(), 3);
    assert_eq!(g.hidden.deck.len(), before - 7);
    assert!(order.iter().all(|id| g.public.display.contains(&card(id))));
}

#[test]
fn initiative_draws_to_org_pays_income_capped_at_15_and_the_richest_chooses() {
    let mut g = phase_of(SUPREMACY, 0);
    g.public.players[EQUALITY].pw = 12;
    g.public.players[SUPREMACY].pw = 1;
    to_display(&mut g, "alice-paul"); // 4 PW for Equality
    to_display(&mut g, "ridicule"); // 2 PW for Supremacy
    g.public.phase_index = 1;
    g.public.first_player = EQUALITY;
    g.public.players[EQUALITY].org = 5;
    // Keep Equality's PW through the phase end: Supremacy ends its phase.
    choose(&mut g, SUPREMACY, "pass");
    // Turn end passed; initiative of turn 2 drew up to each Org.
    assert!(g.public.display_of(EQUALITY).count() >= 5 || g.public.deck_count == 0);
    assert!(g.public.display_of(SUPREMACY).count() >= 2 || g.public.deck_count == 0);
    assert_eq!(g.public.players[EQUALITY].pw, 15, "capped at 15");
    assert_eq!(g.public.step, Step::ChooseFirst { chooser: EQUALITY });
    choose(&mut g, EQUALITY, "first:supremacy");
    assert_eq!((g.public.active, g.public.turn), (SUPREMACY, 2));
}

#[test]
fn ties_in_pw_let_equality_choose() {
    let mut g = game(5);
    g.public.players[0].pw = 3;
    g.public.players[1].pw = 3;
    g.public.display.clear();
    g.income();
    assert_eq!(g.public.step, Step::ChooseFirst { chooser: EQUALITY });
    g.public.players[1].pw = 4;
    g.income();
    assert_eq!(g.public.step, Step::ChooseFirst { chooser: SUPREMACY });
}

#[test]
fn pw_above_org_is_discarded_at_the_end_of_the_phase() {
    let mut g = phase_of(EQUALITY, 9);
    g.public.players[SUPREMACY].pw = 9;
    choose(&mut g, EQUALITY, "pass");
    assert_eq!(g.public.players[EQUALITY].pw, 2, "down to Org 2");
    assert_eq!(g.public.players[SUPREMACY].pw, 9, "only the acting player");
    assert_eq!(g.to_act(), vec![SUPREMACY]);
}

// ----- Public Opinion ----------------------------------------------------------------------

#[test]
fn radicalize_flips_aligned_apathy_up_to_the_cost_and_may_keep_the_card() {
    let mut g = phase_of(EQUALITY, 5);
    to_display(&mut g, "sojourner-truth");
    let w = region("the-west");
    set_men(&mut g, w, [1, 2, 1, 1]);
    choose(&mut g, EQUALITY, "radicalize:sojourner-truth");
    choose(&mut g, EQUALITY, "region:the-west");
    assert_eq!(ids(&g, EQUALITY), vec!["done", "flip:men"]);
    choose(&mut g, EQUALITY, "flip:men");
    choose(&mut g, EQUALITY, "flip:men");
    // Nothing left to flip: the card may go to the Reserve.
    assert_eq!(g.public.regions[w.index()].men, [3, 0, 1, 1]);
    choose(&mut g, EQUALITY, "keep:reserve");
    assert_eq!(face_up(&g, EQUALITY, "sojourner-truth"), Some(true));
    assert_eq!(g.public.players[EQUALITY].pw, 5 - cost("sojourner-truth"));
    assert_eq!(g.public.players[SUPREMACY].pw, 2);
    assert_eq!(g.public.step, Step::Action);
}

#[test]
fn radicalize_for_supremacy_flips_red_apathy_and_discards_with_a_full_reserve() {
    let strength = cost("ridicule");
    // One PW to spare keeps the phase open after the action.
    let mut g = phase_of(SUPREMACY, strength + 1);
    to_display(&mut g, "ridicule");
    to_reserve(&mut g, SUPREMACY, "states-rights", false);
    to_reserve(&mut g, SUPREMACY, "liquor-interests", false);
    let mw = region("midwest");
    set_men(&mut g, mw, [0, 0, 7, 0]);
    choose(&mut g, SUPREMACY, "radicalize:ridicule");
    choose(&mut g, SUPREMACY, "region:midwest");
    for _ in 0..strength {
        choose(&mut g, SUPREMACY, "flip:men");
    }
    // No more than the card's cost, though Red Apathy is left.
    assert_eq!(
        g.public.regions[mw.index()].men,
        [0, 0, 7 - strength, strength]
    );
    // The Reserve is full (Org 2): discarded without a question.
    assert_eq!(g.public.discard.last(), Some(&card("ridicule")));
    assert_eq!(g.public.step, Step::Action);
    assert_eq!(g.public.players[EQUALITY].pw, 2);
}

#[test]
fn municipal_elections_add_one_for_equality_only() {
    let ma = region("middle-atlantic");
    let e = cost("declaration-of-sentiments");
    let mut g = phase_of(EQUALITY, e);
    g.public.regions[ma.index()].laws[Law::MunicipalElections.index()] = true;
    set_men(&mut g, ma, [0, 6, 0, 1]);
    to_display(&mut g, "declaration-of-sentiments");
    choose(&mut g, EQUALITY, "radicalize:declaration-of-sentiments");
    choose(&mut g, EQUALITY, "region:middle-atlantic");
    for _ in 0..e + 1 {
        choose(&mut g, EQUALITY, "flip:men");
    }
    assert_eq!(
        g.public.regions[ma.index()].men,
        [e + 1, 5 - e, 0, 1],
        "cost + 1"
    );
    assert_eq!(g.public.step, Step::Keep, "no further flip");

    let s = cost("separate-spheres");
    let mut g = phase_of(SUPREMACY, s);
    g.public.regions[ma.index()].laws[Law::MunicipalElections.index()] = true;
    set_men(&mut g, ma, [0, 0, 7, 0]);
    to_display(&mut g, "separate-spheres");
    choose(&mut g, SUPREMACY, "radicalize:separate-spheres");
    choose(&mut g, SUPREMACY, "region:middle-atlantic");
    for _ in 0..s {
        choose(&mut g, SUPREMACY, "flip:men");
    }
    assert_eq!(
        g.public.regions[ma.index()].men,
        [0, 0, 7 - s, s],
        "cost only"
    );
    assert_eq!(g.public.step, Step::Keep, "no further flip");
}

#[test]
fn persuade_counts_face_up_public_opinion_cards_and_flips_the_card_down() {
    let mut g = phase_of(EQUALITY, 5);
    to_reserve(&mut g, EQUALITY, "vindication-of-the-rights-of-women", true);
    to_reserve(&mut g, EQUALITY, "declaration-of-sentiments", true);
    let ds = region("deep-south");
    set_men(&mut g, ds, [0, 0, 2, 3]);
    choose(
        &mut g,
        EQUALITY,
        "persuade:vindication-of-the-rights-of-women",
    );
    choose(&mut g, EQUALITY, "region:deep-south");
    // Strength 2 (both face-up cards); no "done": Persuade changes as many as it can.
    assert_eq!(ids(&g, EQUALITY), vec!["replace:men", "flip:men"]);
    choose(&mut g, EQUALITY, "replace:men");
    choose(&mut g, EQUALITY, "flip:men");
    assert_eq!(g.public.regions[ds.index()].men, [0, 1, 2, 2]);
    assert_eq!(
        face_up(&g, EQUALITY, "vindication-of-the-rights-of-women"),
        Some(false)
    );
    assert_eq!(
        g.public.players[EQUALITY].pw,
        5 - cost("vindication-of-the-rights-of-women")
    );
    assert_eq!(g.public.players[SUPREMACY].pw, 2);
    assert_eq!(g.public.step, Step::Action);
}

#[test]
fn supremacy_persuades_blue_apathy_only_while_its_pool_lasts() {
    let mut g = phase_of(SUPREMACY, cost("ridicule") + 1);
    to_reserve(&mut g, SUPREMACY, "ridicule", true);
    let ma = region("middle-atlantic");
    set_men(&mut g, ma, [1, 3, 2, 1]);
    choose(&mut g, SUPREMACY, "persuade:ridicule");
    choose(&mut g, SUPREMACY, "region:middle-atlantic");
    assert_eq!(g.public.regions[ma.index()].men, [1, 2, 3, 1]);
    assert_eq!(g.public.step, Step::Action);

    // With an empty pool nothing can be replaced.
    let mut g = phase_of(SUPREMACY, 5);
    for id in ["new-england", "middle-atlantic", "midwest", "the-west"] {
        let r = region(id);
        g.public.regions[r.index()].women_open = true;
        g.public.regions[r.index()].laws[Law::WomanSuffrage.index()] = true;
        g.public.regions[r.index()].women = [0, 0, g.public.region_def(r).women, 0];
    }
    g.public.regions[region("the-west").index()].women = [0, 1, 3, 0];
    assert_eq!(g.public.markers_on_map(SUPREMACY), 39);
    assert_eq!(g.public.pool(SUPREMACY), 0);
    assert!(g.marker_ops(ActionKind::Persuade, SUPREMACY, ma).is_empty());
}

#[test]
fn equality_cannot_persuade_men_until_the_women_are_all_blue() {
    let w = region("the-west");
    let mut g = phase_of(EQUALITY, 5);
    g.public.regions[w.index()].laws[Law::WomanSuffrage.index()] = true;
    g.public.regions[w.index()].women_open = true;
    g.public.regions[w.index()].women = [0, 3, 1, 0];
    set_men(&mut g, w, [0, 0, 3, 2]);
    to_reserve(&mut g, EQUALITY, "vindication-of-the-rights-of-women", true);
    to_reserve(&mut g, EQUALITY, "declaration-of-sentiments", true);
    choose(
        &mut g,
        EQUALITY,
        "persuade:vindication-of-the-rights-of-women",
    );
    choose(&mut g, EQUALITY, "region:the-west");
    // Only the Women row: one replacement there, then the Men row opens.
    assert_eq!(g.public.step, Step::Flip { target: 0, left: 1 });
    assert_eq!(g.public.regions[w.index()].women, [0, 4, 0, 0]);
    assert_eq!(ids(&g, EQUALITY), vec!["replace:men", "flip:men"]);
}

#[test]
fn block_is_asked_of_the_opponent_and_counter_of_the_actor() {
    let mw = region("midwest");
    let (strength, block) = (cost("alice-paul"), cost("separate-spheres"));
    assert!(strength > block);
    let setup = |counter: bool| {
        let mut g = phase_of(EQUALITY, strength);
        set_men(&mut g, mw, [0, 7, 0, 0]);
        to_display(&mut g, "alice-paul");
        to_reserve(&mut g, SUPREMACY, "separate-spheres", true);
        if counter {
            to_reserve(&mut g, EQUALITY, "declaration-of-sentiments", true);
        }
        choose(&mut g, EQUALITY, "radicalize:alice-paul");
        choose(&mut g, EQUALITY, "region:midwest");
        assert_eq!(
            g.to_act(),
            vec![SUPREMACY],
            "the Block is Supremacy's decision"
        );
        assert_eq!(
            ids(&g, SUPREMACY),
            vec!["pass", "block:midwest:separate-spheres"]
        );
        choose(&mut g, SUPREMACY, "block:midwest:separate-spheres");
        assert_eq!(face_up(&g, SUPREMACY, "separate-spheres"), Some(false));
        g
    };
    // Blocked by the blocking card's cost.
    let left = strength - block;
    let mut g = setup(false);
    assert_eq!(g.public.step, Step::Flip { target: 0, left });
    for _ in 0..left {
        choose(&mut g, EQUALITY, "flip:men");
    }
    assert_eq!(g.public.regions[mw.index()].men, [left, 7 - left, 0, 0]);
    // Countered: the full strength.
    let mut g = setup(true);
    assert_eq!(g.to_act(), vec![EQUALITY]);
    choose(
        &mut g,
        EQUALITY,
        "counter:midwest:declaration-of-sentiments",
    );
    assert_eq!(
        face_up(&g, EQUALITY, "declaration-of-sentiments"),
        Some(false)
    );
    assert_eq!(
        g.public.step,
        Step::Flip {
            target: 0,
            left: strength
        }
    );
}

#[test]
fn bonus_action_repeats_the_action_in_the_region_card_s_region() {
    let mut g = phase_of(EQUALITY, 5);
    let (ne, w) = (region("new-england"), region("the-west"));
    set_men(&mut g, ne, [1, 2, 1, 1]);
    set_men(&mut g, w, [1, 2, 1, 1]);
    to_display(&mut g, "vindication-of-the-rights-of-women");
    to_reserve(&mut g, EQUALITY, "the-west", true);
    // Supremacy's Deep South card cannot Block outside the Deep South.
    to_reserve(&mut g, SUPREMACY, "deep-south", true);
    choose(
        &mut g,
        EQUALITY,
        "radicalize:vindication-of-the-rights-of-women",
    );
    choose(&mut g, EQUALITY, "region:new-england");
    assert_eq!(ids(&g, EQUALITY), vec!["done", "bonus:the-west"]);
    choose(&mut g, EQUALITY, "bonus:the-west");
    assert_eq!(face_up(&g, EQUALITY, "the-west"), Some(false));
    for _ in 0..4 {
        choose(&mut g, EQUALITY, "flip:men");
    }
    assert_eq!(g.public.regions[ne.index()].men, [3, 0, 1, 1]);
    assert_eq!(g.public.regions[w.index()].men, [3, 0, 1, 1]);
    choose(&mut g, EQUALITY, "keep:discard");
    assert_eq!(g.public.players[SUPREMACY].pw, 2, "2 PW in total");
}

// ----- Organization, Suppression -----------------------------------------------------------

#[test]
fn organization_scores_raises_org_refreshes_and_ends_the_phase() {
    let mut g = phase_of(SUPREMACY, 5);
    to_display(&mut g, "redeemers");
    to_reserve(&mut g, SUPREMACY, "ridicule", false);
    hold(&mut g, EQUALITY);
    choose(&mut g, SUPREMACY, "organize:redeemers");
    // Set-up map: red leads in Midwest, Upper South and Deep South.
    let s = &g.public.players[SUPREMACY];
    assert_eq!((s.vp, s.org, s.pw), (3, 3, 0));
    assert_eq!(face_up(&g, SUPREMACY, "ridicule"), Some(true));
    assert_eq!(g.public.players[EQUALITY].pw, 1 + 5);
    assert_eq!(g.public.discard.last(), Some(&card("redeemers")));
    assert_eq!(g.to_act(), vec![EQUALITY], "a Last Action ends the phase");
}

#[test]
fn equality_reaching_org_5_adds_silent_sentinels_to_the_discards() {
    let mut g = phase_of(EQUALITY, 3);
    g.public.players[EQUALITY].org = 4;
    g.public.regions[0].laws = [true, true, false];
    to_display(&mut g, "national-woman-suffrage-association");
    choose(
        &mut g,
        EQUALITY,
        "organize:national-woman-suffrage-association",
    );
    let e = &g.public.players[EQUALITY];
    assert_eq!((e.vp, e.org), (2, 5), "1 VP per Law");
    assert!(g.public.discard.contains(&card("silent-sentinels")));
    assert!(!g.public.aside.contains(&card("silent-sentinels")));
}

#[test]
fn suppression_action_takes_cards_into_the_reserve() {
    let pw = 6;
    assert!(pw >= cost("gerrymandering") + cost("upper-south"));
    let mut g = phase_of(SUPREMACY, pw);
    to_display(&mut g, "gerrymandering");
    to_display(&mut g, "upper-south");
    // Without a face-up Public Opinion card, no Suppression card can be taken.
    assert!(!ids(&g, SUPREMACY).contains(&"suppression:gerrymandering".to_string()));
    to_reserve(&mut g, SUPREMACY, "ridicule", true);
    choose(&mut g, SUPREMACY, "suppression:gerrymandering");
    // The only face-up Public Opinion card pays: removed for good.
    assert!(g.public.removed.contains(&card("ridicule")));
    assert_eq!(face_up(&g, SUPREMACY, "gerrymandering"), Some(false));
    assert_eq!(g.public.players[EQUALITY].pw, 2);
    choose(&mut g, SUPREMACY, "suppression:upper-south");
    assert_eq!(face_up(&g, SUPREMACY, "upper-south"), Some(true));
    assert_eq!(
        g.public.players[SUPREMACY].pw,
        pw - cost("gerrymandering") - cost("upper-south")
    );
    assert_eq!(g.public.players[EQUALITY].pw, 4);
    // The Reserve is full now (Org 2).
    to_display(&mut g, "deep-south");
    assert!(
        !ids(&g, SUPREMACY)
            .iter()
            .any(|c| c.starts_with("suppression:"))
    );
}

// ----- Law ----------------------------------------------------------------------------------

/// A Law Action by Equality with `card` in `region` for `law` (if asked); returns the game.
fn law_in(g: &mut TheVote, card_id: &str, law: Option<&str>, region_id: Option<&str>) {
    choose(g, EQUALITY, &format!("pass-law:{card_id}"));
    if let Some(l) = law {
        choose(g, EQUALITY, &format!("law:{l}"));
    }
    if let Some(r) = region_id {
        choose(g, EQUALITY, &format!("region:{r}"));
    }
}

#[test]
fn example_10_0_the_west_needs_three_of_five_or_five_of_nine() {
    let w = region("the-west");
    for (men, women, passes) in [
        ([3, 1, 1, 0], None, true),
        ([2, 2, 1, 0], None, false),
        ([3, 0, 1, 1], Some([2, 0, 2, 0]), true),
        ([3, 0, 1, 1], Some([1, 1, 2, 0]), false),
    ] {
        let mut g = phase_of(EQUALITY, 5);
        set_men(&mut g, w, men);
        if let Some(women) = women {
            g.public.regions[w.index()].women_open = true;
            g.public.regions[w.index()].laws[Law::WomanSuffrage.index()] = true;
            g.public.regions[w.index()].women = women;
        }
        to_display(&mut g, "the-west");
        law_in(&mut g, "the-west", Some("municipal"), None);
        assert_eq!(
            g.public.regions[w.index()].law(Law::MunicipalElections),
            passes,
            "{men:?} {women:?}"
        );
        let discs = if women.is_some() { 2 } else { 1 };
        assert_eq!(
            g.public.players[EQUALITY].vp,
            if passes { discs } else { 0 }
        );
        // A Region card may go to the Reserve whatever the vote.
        choose(&mut g, EQUALITY, "keep:reserve");
        assert_eq!(face_up(&g, EQUALITY, "the-west"), Some(true));
        assert_eq!(g.public.players[SUPREMACY].pw, 4);
    }
}

#[test]
fn example_10_3_supremacy_suppresses_exactly_what_is_needed() {
    let w = region("the-west");
    // Equality leads by two (4 of 5 votes: two must go); Supremacy could suppress three.
    let mut g = phase_of(EQUALITY, 5);
    set_men(&mut g, w, [4, 0, 1, 0]);
    for id in ["gerrymandering", "white-primary", "poll-tax"] {
        to_reserve(&mut g, SUPREMACY, id, true);
    }
    to_display(&mut g, "oregon-system");
    law_in(&mut g, "oregon-system", None, Some("the-west"));
    assert_eq!(g.to_act(), vec![SUPREMACY]);
    assert_eq!(g.public.step, Step::SuppressCard { target: 0, left: 2 });
    choose(&mut g, SUPREMACY, "suppress:white-primary");
    choose(&mut g, SUPREMACY, "suppress:poll-tax");
    assert!(!g.public.regions[w.index()].law(Law::DirectElection));
    assert_eq!(
        face_up(&g, SUPREMACY, "gerrymandering"),
        Some(true),
        "no excess"
    );
    assert_eq!(face_up(&g, SUPREMACY, "white-primary"), Some(false));
    assert_eq!(g.public.players[SUPREMACY].pw, 4);

    // Short of cards: everything valid is used, and the Law still passes.
    let mut g = phase_of(EQUALITY, 5);
    set_men(&mut g, w, [4, 0, 1, 0]);
    to_reserve(&mut g, SUPREMACY, "poll-tax", true);
    to_reserve(&mut g, SUPREMACY, "upper-south", true); // not valid in the West
    to_display(&mut g, "oregon-system");
    law_in(&mut g, "oregon-system", None, Some("the-west"));
    assert_eq!(face_up(&g, SUPREMACY, "poll-tax"), Some(false));
    assert_eq!(face_up(&g, SUPREMACY, "upper-south"), Some(true));
    assert!(g.public.regions[w.index()].law(Law::DirectElection));
}

#[test]
fn suppression_prefers_the_exact_card_and_else_uses_a_two_vote_card() {
    let us = region("upper-south");
    // One vote needed: the 1-vote card, not Upper South's 2.
    let mut g = phase_of(EQUALITY, 5);
    set_men(&mut g, us, [3, 0, 1, 1]);
    to_reserve(&mut g, SUPREMACY, "upper-south", true);
    to_reserve(&mut g, SUPREMACY, "black-codes", true);
    to_display(&mut g, "municipal-suffrage");
    law_in(&mut g, "municipal-suffrage", None, Some("upper-south"));
    assert_eq!(face_up(&g, SUPREMACY, "black-codes"), Some(false));
    assert_eq!(face_up(&g, SUPREMACY, "upper-south"), Some(true));
    assert!(!g.public.regions[us.index()].law(Law::MunicipalElections));
    // Only the 2-vote card: it must be used.
    let mut g = phase_of(EQUALITY, 5);
    set_men(&mut g, us, [3, 0, 1, 1]);
    to_reserve(&mut g, SUPREMACY, "upper-south", true);
    to_display(&mut g, "municipal-suffrage");
    law_in(&mut g, "municipal-suffrage", None, Some("upper-south"));
    assert_eq!(face_up(&g, SUPREMACY, "upper-south"), Some(false));
    // Two needed: Upper South alone or two 1-vote cards: Supremacy chooses.
    let mut g = phase_of(EQUALITY, 5);
    set_men(&mut g, us, [4, 0, 1, 0]);
    to_reserve(&mut g, SUPREMACY, "upper-south", true);
    to_reserve(&mut g, SUPREMACY, "black-codes", true);
    to_reserve(&mut g, SUPREMACY, "poll-tax", true);
    g.public.players[SUPREMACY].org = 3;
    to_display(&mut g, "municipal-suffrage");
    law_in(&mut g, "municipal-suffrage", None, Some("upper-south"));
    assert_eq!(
        ids(&g, SUPREMACY),
        vec![
            "suppress:upper-south",
            "suppress:black-codes",
            "suppress:poll-tax"
        ]
    );
    choose(&mut g, SUPREMACY, "suppress:upper-south");
    assert_eq!(g.public.step, Step::Action);
    assert_eq!(face_up(&g, SUPREMACY, "black-codes"), Some(true));
}

#[test]
fn suppression_values_follow_10_3() {
    assert_eq!(suppression_goal(&[1, 1, 1], 2), 2);
    assert_eq!(suppression_goal(&[1], 2), 1);
    assert_eq!(suppression_goal(&[2], 1), 2);
    assert_eq!(suppression_goal(&[2, 1], 1), 1);
    assert_eq!(suppression_goal(&[2, 2], 3), 4);
    assert_eq!(suppression_goal(&[], 3), 0);
}

#[test]
fn law_bonus_actions_and_supremacy_chooses_the_order_of_regions() {
    let (ne, w) = (region("new-england"), region("the-west"));
    let mut g = phase_of(EQUALITY, 5);
    set_men(&mut g, ne, [3, 1, 0, 1]);
    set_men(&mut g, w, [3, 1, 1, 0]);
    to_reserve(&mut g, EQUALITY, "the-west", true);
    to_reserve(&mut g, SUPREMACY, "gerrymandering", true);
    g.public.regions[ne.index()].laws[Law::MunicipalElections.index()] = true;
    to_display(&mut g, "oregon-system");
    law_in(&mut g, "oregon-system", None, Some("new-england"));
    choose(&mut g, EQUALITY, "bonus:the-west");
    assert_eq!(g.to_act(), vec![SUPREMACY]);
    assert_eq!(
        ids(&g, SUPREMACY),
        vec!["region:new-england", "region:the-west"]
    );
    choose(&mut g, SUPREMACY, "region:the-west");
    // The only card went to the West: New England passes with no card left.
    assert!(!g.public.regions[w.index()].law(Law::DirectElection));
    assert!(g.public.regions[ne.index()].law(Law::DirectElection));
    assert_eq!(g.public.players[EQUALITY].vp, 2, "two discs in New England");
    assert_eq!(g.public.players[SUPREMACY].pw, 4, "4 PW in total");
}

#[test]
fn any_law_card_lets_equality_choose_the_law() {
    let mut g = phase_of(EQUALITY, 5);
    let w = region("the-west");
    set_men(&mut g, w, [3, 1, 1, 0]);
    to_display(&mut g, "initiative-and-referendum");
    choose(&mut g, EQUALITY, "pass-law:initiative-and-referendum");
    assert_eq!(
        ids(&g, EQUALITY),
        vec!["law:municipal", "law:direct-election", "law:woman-suffrage"]
    );
    choose(&mut g, EQUALITY, "law:woman-suffrage");
    choose(&mut g, EQUALITY, "region:the-west");
    let r = &g.public.regions[w.index()];
    assert!(r.law(Law::WomanSuffrage) && r.women_open);
    assert_eq!(r.women, [0, 0, 4, 0], "Red Apathy fills the Women boxes");
    assert_eq!(
        g.public.discard.last(),
        Some(&card("initiative-and-referendum"))
    );
}

#[test]
fn woman_suffrage_falls_back_to_blue_apathy_when_red_runs_out() {
    let mut g = phase_of(EQUALITY, 5);
    for id in ["new-england", "middle-atlantic", "midwest"] {
        let r = region(id);
        g.public.regions[r.index()].women_open = true;
        g.public.regions[r.index()].laws[Law::WomanSuffrage.index()] = true;
        g.public.regions[r.index()].women = [0, 0, g.public.region_def(r).women, 0];
    }
    set_men(&mut g, region("new-england"), [0, 2, 1, 2]);
    assert_eq!(g.public.pool(SUPREMACY), 2);
    let w = region("the-west");
    set_men(&mut g, w, [3, 0, 1, 1]);
    to_display(&mut g, "woman-suffrage");
    law_in(&mut g, "woman-suffrage", None, Some("the-west"));
    assert_eq!(g.public.regions[w.index()].women, [0, 2, 2, 0]);
    assert_eq!(g.public.pool(SUPREMACY), 0);
}

#[test]
fn direct_election_gives_congress_points_when_blue_leads() {
    let mut g = phase_of(SUPREMACY, 0);
    g.public.phase_index = 1;
    for id in ["middle-atlantic", "midwest", "the-west"] {
        g.public.regions[region(id).index()].laws[Law::DirectElection.index()] = true;
    }
    set_men(&mut g, region("midwest"), [2, 2, 2, 1]);
    choose(&mut g, SUPREMACY, "pass");
    // Middle Atlantic, Midwest and the West (20 each) against the rest.
    assert_eq!(g.public.congress_points, [60, 20]);
    assert_eq!(g.public.congress, EQUALITY);
    assert_eq!(
        g.public.regions[region("midwest").index()].congress,
        EQUALITY
    );
    // A Region with Direct Election where red leads stays with Supremacy.
    let mut g = phase_of(SUPREMACY, 0);
    g.public.phase_index = 1;
    for id in ["midwest", "the-west", "new-england"] {
        g.public.regions[region(id).index()].laws[Law::DirectElection.index()] = true;
    }
    set_men(&mut g, region("midwest"), [2, 2, 2, 1]);
    set_men(&mut g, region("the-west"), [1, 2, 1, 1]);
    set_men(&mut g, region("new-england"), [1, 1, 2, 1]);
    choose(&mut g, SUPREMACY, "pass");
    assert_eq!(
        g.public.regions[region("new-england").index()].congress,
        SUPREMACY
    );
    // And 40-40 overall goes to Supremacy.
    assert_eq!(g.public.congress_points, [40, 40]);
    assert_eq!(g.public.congress, SUPREMACY);
    let mut g = phase_of(SUPREMACY, 0);
    g.public.phase_index = 1;
    for id in ["midwest", "new-england", "upper-south"] {
        g.public.regions[region(id).index()].laws[Law::DirectElection.index()] = true;
    }
    set_men(&mut g, region("midwest"), [2, 2, 2, 1]);
    set_men(&mut g, region("upper-south"), [2, 1, 1, 1]);
    choose(&mut g, SUPREMACY, "pass");
    assert_eq!(g.public.congress_points, [35, 45]);
    assert_eq!(g.public.congress, SUPREMACY);
}

// ----- Special Events -----------------------------------------------------------------------

#[test]
fn supreme_courts_strike_a_law_clear_the_women_and_reshuffle() {
    let (w, ne) = (region("the-west"), region("new-england"));
    let mut g = phase_of(SUPREMACY, 4);
    g.public.regions[w.index()].laws[Law::WomanSuffrage.index()] = true;
    g.public.regions[w.index()].women_open = true;
    g.public.regions[w.index()].women = [1, 1, 2, 0];
    g.public.regions[ne.index()].laws[Law::DirectElection.index()] = true;
    to_display(&mut g, "supreme-courts");
    to_display(&mut g, "ridicule");
    hold(&mut g, EQUALITY);
    choose(&mut g, SUPREMACY, "event:supreme-courts");
    assert_eq!(
        ids(&g, SUPREMACY),
        vec![
            "strike:new-england:direct-election",
            "strike:the-west:woman-suffrage"
        ]
    );
    choose(&mut g, SUPREMACY, "strike:the-west:woman-suffrage");
    let r = &g.public.regions[w.index()];
    assert!(!r.law(Law::WomanSuffrage) && !r.women_open && r.women == [0; 4]);
    // Every Discard (the unseen set-up ones too) went into the Deck; Supreme Courts is
    // the Discard pile now.
    assert_eq!(g.public.discard, vec![card("supreme-courts")]);
    assert_eq!(g.public.hidden_discards, 0);
    assert_eq!(g.public.reshuffles, 1);
    assert_eq!(g.public.players[SUPREMACY].pw, 0, "all PW spent");
    assert_eq!(g.public.players[EQUALITY].pw, 1 + 6);
    assert_eq!(g.to_act(), vec![EQUALITY]);
}

#[test]
fn supreme_courts_cannot_strike_a_law_whose_amendment_passed() {
    let w = region("the-west");
    let mut g = phase_of(SUPREMACY, 4);
    g.public.regions[w.index()].laws = [true, false, true];
    g.public.regions[w.index()].women_open = true;
    g.public.regions[w.index()].women = [0, 0, 4, 0];
    lift(&mut g, card("nineteenth-amendment"));
    g.public
        .amendments_passed
        .push(card("nineteenth-amendment"));
    g.public.players[EQUALITY].reserve.push(ReserveCard {
        card: card("nineteenth-amendment"),
        face_up: true,
    });
    to_display(&mut g, "supreme-courts");
    choose(&mut g, SUPREMACY, "event:supreme-courts");
    // Only Municipal Elections could go: taken without asking.
    assert!(!g.public.regions[w.index()].law(Law::MunicipalElections));
    assert!(g.public.regions[w.index()].law(Law::WomanSuffrage));
}

#[test]
fn silent_sentinels_score_turn_blue_apathy_refresh_remove_and_reshuffle() {
    let mut g = phase_of(EQUALITY, 3);
    g.public.regions[0].laws = [true, true, false];
    to_display(&mut g, "silent-sentinels");
    to_reserve(&mut g, EQUALITY, "alice-paul", false);
    to_reserve(&mut g, EQUALITY, "the-west", false);
    let blue_before: u8 = g.public.regions.iter().map(|r| r.count(BLUE)).sum();
    let eq_before: u8 = g.public.regions.iter().map(|r| r.count(EQ)).sum();
    choose(&mut g, EQUALITY, "event:silent-sentinels");
    assert_eq!(g.public.players[EQUALITY].vp, 2);
    assert_eq!(
        g.public.regions.iter().map(|r| r.count(BLUE)).sum::<u8>(),
        0
    );
    assert_eq!(
        g.public.regions.iter().map(|r| r.count(EQ)).sum::<u8>(),
        eq_before + blue_before
    );
    assert_eq!(face_up(&g, EQUALITY, "alice-paul"), Some(true));
    assert_eq!(
        ids(&g, EQUALITY),
        vec!["done", "remove:alice-paul", "remove:the-west"]
    );
    choose(&mut g, EQUALITY, "remove:the-west");
    choose(&mut g, EQUALITY, "done");
    assert!(g.public.removed.contains(&card("the-west")));
    assert!(g.public.removed.contains(&card("silent-sentinels")));
    assert!(g.public.discard.is_empty());
    assert_eq!(g.public.hidden_discards, 0);
    assert_eq!(g.public.players[SUPREMACY].pw, 6);
    assert_eq!(g.to_act(), vec![SUPREMACY]);
}

/// Equality with Congress Control, a face-up Public Opinion card, and Direct Election in
/// `with_law`.
fn amendment_game(with_law: &[&str]) -> TheVote {
    let mut g = phase_of(EQUALITY, 4);
    g.public.congress = EQUALITY;
    to_reserve(&mut g, EQUALITY, "vindication-of-the-rights-of-women", true);
    for id in with_law {
        g.public.regions[region(id).index()].laws[Law::DirectElection.index()] = true;
    }
    g
}

#[test]
fn amendment_needs_congress_control_and_a_public_opinion_card() {
    let mut g = amendment_game(&[]);
    assert!(ids(&g, EQUALITY).contains(&"amendment:seventeenth-amendment".to_string()));
    g.public.congress = SUPREMACY;
    assert!(
        !ids(&g, EQUALITY)
            .iter()
            .any(|c| c.starts_with("amendment:"))
    );
    let mut g = amendment_game(&[]);
    g.public.players[EQUALITY].reserve.clear();
    assert!(
        !ids(&g, EQUALITY)
            .iter()
            .any(|c| c.starts_with("amendment:"))
    );
}

#[test]
fn amendment_passes_with_60_points_of_ratifying_regions() {
    let mut g = amendment_game(&["new-england", "middle-atlantic", "midwest", "the-west"]);
    to_reserve(&mut g, SUPREMACY, "gerrymandering", false);
    choose(&mut g, EQUALITY, "amendment:seventeenth-amendment");
    assert!(
        g.public
            .removed
            .contains(&card("vindication-of-the-rights-of-women"))
    );
    // The North's 60 points ratify; the South is bound all the same.
    assert!(g.public.regions.iter().all(|r| r.law(Law::DirectElection)));
    assert_eq!(g.public.players[EQUALITY].vp, 6, "1 VP per Law in place");
    assert_eq!(face_up(&g, EQUALITY, "seventeenth-amendment"), Some(true));
    assert_eq!(
        face_up(&g, SUPREMACY, "gerrymandering"),
        Some(true),
        "refreshed"
    );
    assert_eq!(
        g.public.amendments_passed,
        vec![card("seventeenth-amendment")]
    );
    assert_eq!(g.public.reshuffles, 1);
    assert_eq!(g.public.players[SUPREMACY].pw, 6);
    assert_eq!(g.public.players[EQUALITY].pw, 0);
    // It can never leave the Reserve.
    g.public.active = EQUALITY;
    g.public.step = Step::Action;
    g.public.players[EQUALITY].pw = 3;
    to_reserve(&mut g, EQUALITY, "alice-paul", false);
    to_reserve(&mut g, EQUALITY, "ida-b-wells", false);
    choose(&mut g, EQUALITY, "discard-action");
    assert_eq!(
        ids(&g, EQUALITY),
        vec!["remove-reserve:alice-paul", "remove-reserve:ida-b-wells"]
    );
}

#[test]
fn amendment_fails_below_60_points_and_returns_to_the_side() {
    let mut g = amendment_game(&["new-england", "middle-atlantic", "midwest"]);
    hold(&mut g, SUPREMACY);
    // The West votes: 2 of 5 is not enough.
    set_men(&mut g, region("the-west"), [2, 2, 1, 0]);
    choose(&mut g, EQUALITY, "amendment:seventeenth-amendment");
    assert!(!g.public.regions[region("the-west").index()].law(Law::DirectElection));
    assert!(g.public.aside.contains(&card("seventeenth-amendment")));
    assert!(g.public.amendments_passed.is_empty());
    assert_eq!(g.public.players[SUPREMACY].pw, 1 + 6);
    assert_eq!(g.public.players[EQUALITY].vp, 0);
}

#[test]
fn amendment_votes_are_suppressed_in_the_order_equality_chooses() {
    let mut g = amendment_game(&["new-england", "middle-atlantic"]);
    set_men(&mut g, region("midwest"), [4, 1, 1, 1]);
    set_men(&mut g, region("the-west"), [3, 1, 1, 0]);
    to_reserve(&mut g, SUPREMACY, "gerrymandering", true);
    choose(&mut g, EQUALITY, "amendment:seventeenth-amendment");
    assert_eq!(g.to_act(), vec![EQUALITY]);
    assert_eq!(ids(&g, EQUALITY), vec!["region:midwest", "region:the-west"]);
    choose(&mut g, EQUALITY, "region:midwest");
    // The card went to the Midwest; the West ratifies: 10 + 15 + 15 = 40 < 60.
    assert_eq!(face_up(&g, SUPREMACY, "gerrymandering"), Some(false));
    assert!(g.public.aside.contains(&card("seventeenth-amendment")));
}

// ----- Discard, Federal Laws ----------------------------------------------------------------

#[test]
fn discard_action_discards_cards_of_one_type_and_ends_the_phase() {
    let mut g = phase_of(EQUALITY, 0);
    to_display(&mut g, "alice-paul");
    to_display(&mut g, "ida-b-wells");
    to_display(&mut g, "oregon-system");
    assert!(
        !ids(&g, EQUALITY).contains(&"discard-action".to_string()),
        "needs 1 PW"
    );
    g.public.players[EQUALITY].pw = 3;
    hold(&mut g, SUPREMACY);
    choose(&mut g, EQUALITY, "discard-action");
    assert_eq!(g.public.players[EQUALITY].pw, 0, "all PW spent");
    assert_eq!(
        ids(&g, EQUALITY),
        vec![
            "discard:alice-paul",
            "discard:ida-b-wells",
            "discard:oregon-system"
        ]
    );
    choose(&mut g, EQUALITY, "discard:alice-paul");
    assert_eq!(ids(&g, EQUALITY), vec!["done", "discard:ida-b-wells"]);
    choose(&mut g, EQUALITY, "discard:ida-b-wells");
    assert_eq!(g.public.display, vec![card("oregon-system")]);
    assert_eq!(g.public.players[EQUALITY].pw, 0);
    assert_eq!(g.to_act(), vec![SUPREMACY]);
    assert_eq!(g.public.players[SUPREMACY].pw, 1, "no PW for the opponent");
}

#[test]
fn discard_action_may_remove_one_reserve_card() {
    let mut g = phase_of(SUPREMACY, 1);
    to_reserve(&mut g, SUPREMACY, "poll-tax", false);
    hold(&mut g, EQUALITY);
    // The only card to Remove: taken without a second question.
    choose(&mut g, SUPREMACY, "discard-action");
    assert!(g.public.players[SUPREMACY].reserve.is_empty());
    assert!(g.public.removed.contains(&card("poll-tax")));
    assert_eq!(g.to_act(), vec![EQUALITY]);
}

#[test]
fn federal_laws_buy_vp_with_all_pw_for_the_congress_holder() {
    assert_eq!(
        (1..=15).map(federal_law_vp).collect::<Vec<_>>(),
        vec![1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3]
    );
    let mut g = phase_of(SUPREMACY, 6);
    hold(&mut g, EQUALITY);
    choose(&mut g, SUPREMACY, "federal-law");
    assert_eq!(g.public.players[SUPREMACY].vp, 2);
    assert_eq!(g.public.players[SUPREMACY].pw, 0);
    let g = phase_of(EQUALITY, 6);
    assert!(!ids(&g, EQUALITY).contains(&"federal-law".to_string()));
}

// ----- Turn End ------------------------------------------------------------------------------

/// The Second Player Phase of a turn, with Supremacy to act.
fn end_of_turn() -> TheVote {
    let mut g = phase_of(SUPREMACY, 0);
    g.public.first_player = EQUALITY;
    g.public.phase_index = 1;
    g
}

#[test]
fn equality_wins_with_both_amendments_and_at_least_supremacy_s_score() {
    for (e, s, wins) in [(30, 30, true), (29, 30, false)] {
        let mut g = end_of_turn();
        for id in ["seventeenth-amendment", "nineteenth-amendment"] {
            lift(&mut g, card(id));
            g.public.amendments_passed.push(card(id));
            g.public.players[EQUALITY].reserve.push(ReserveCard {
                card: card(id),
                face_up: true,
            });
        }
        g.public.players[EQUALITY].vp = e;
        g.public.players[SUPREMACY].vp = s;
        choose(&mut g, SUPREMACY, "pass");
        assert_eq!(
            g.outcome().map(|o| o.winners),
            wins.then(|| vec![EQUALITY]),
            "{e} to {s}"
        );
    }
}

#[test]
fn supremacy_wins_at_75_vp_and_vp_stop_at_75() {
    let mut g = end_of_turn();
    g.public.players[SUPREMACY].vp = 74;
    g.gain_vp(SUPREMACY, 5, VpFor::SuppressionCards);
    assert_eq!(g.public.players[SUPREMACY].vp, 75);
    choose(&mut g, SUPREMACY, "pass");
    let o = g.outcome().unwrap();
    assert_eq!(o.winners, vec![SUPREMACY]);
    assert_eq!(o.scores, vec![0, 75]);
    assert!(g.to_act().is_empty());
}

#[test]
fn an_empty_deck_reshuffles_refreshes_and_scores_both() {
    let mut g = end_of_turn();
    let deck = std::mem::take(&mut g.hidden.deck);
    g.public.discard.extend(deck);
    g.public.deck_count = 0;
    to_reserve(&mut g, SUPREMACY, "ridicule", false);
    to_reserve(&mut g, EQUALITY, "alice-paul", false);
    g.public.regions[0].laws[0] = true;
    choose(&mut g, SUPREMACY, "pass");
    assert_eq!(g.public.reshuffles, 1);
    assert!(g.public.discard.is_empty() && g.public.hidden_discards == 0);
    assert_eq!(face_up(&g, SUPREMACY, "ridicule"), Some(true));
    assert_eq!(face_up(&g, EQUALITY, "alice-paul"), Some(true));
    assert_eq!(g.public.players[SUPREMACY].vp, 3);
    assert_eq!(g.public.players[EQUALITY].vp, 1);
}

#[test]
fn passive_abilities_score_then_refresh_one_card_per_refresher() {
    let mut g = end_of_turn();
    g.public.players[SUPREMACY].org = 5;
    to_reserve(&mut g, SUPREMACY, "gerrymandering", true);
    to_reserve(&mut g, SUPREMACY, "poll-tax", false);
    to_reserve(&mut g, SUPREMACY, "white-primary", false);
    to_reserve(&mut g, SUPREMACY, "ridicule", true);
    g.public.players[EQUALITY].org = 3;
    to_reserve(&mut g, EQUALITY, "the-west", true);
    to_reserve(&mut g, EQUALITY, "midwest", true);
    g.public.regions[region("the-west").index()].laws = [true, true, true];
    g.public.regions[region("the-west").index()].women_open = true;
    g.public.regions[region("the-west").index()].women = [0, 0, 4, 0];
    choose(&mut g, SUPREMACY, "pass");
    // Scoring: one face-up Suppression card (the face-down ones do not score).
    assert_eq!(g.public.players[SUPREMACY].vp, 1);
    // Conditional scoring: only the Region card with all three Laws.
    assert_eq!(g.public.players[EQUALITY].vp, 1);
    // Refresh: one face-up Public Opinion card, two face-down cards: Supremacy picks one.
    assert_eq!(g.to_act(), vec![SUPREMACY]);
    assert_eq!(
        ids(&g, SUPREMACY),
        vec!["refresh:poll-tax", "refresh:white-primary", "done"]
    );
    choose(&mut g, SUPREMACY, "refresh:white-primary");
    assert_eq!(face_up(&g, SUPREMACY, "poll-tax"), Some(false));
    assert_eq!(g.public.turn, 2);
    assert!(matches!(g.public.step, Step::ChooseFirst { .. }));
}

#[test]
fn the_safety_cap_ends_the_game_on_vp() {
    let mut g = end_of_turn();
    g.public.turn = g.public.table().turn_cap;
    g.public.players[EQUALITY].vp = 20;
    g.public.players[SUPREMACY].vp = 10;
    choose(&mut g, SUPREMACY, "pass");
    let o = g.outcome().unwrap();
    assert_eq!(o.winners, vec![EQUALITY]);
    assert!(o.reason.contains("cap"));
}

#[test]
fn reserve_limit_follows_org() {
    let mut g = phase_of(EQUALITY, 5);
    to_reserve(&mut g, EQUALITY, "alice-paul", true);
    to_reserve(&mut g, EQUALITY, "ida-b-wells", true);
    to_display(&mut g, "declaration-of-sentiments");
    choose(&mut g, EQUALITY, "radicalize:declaration-of-sentiments");
    choose(&mut g, EQUALITY, "region:the-west");
    choose(&mut g, EQUALITY, "flip:men");
    choose(&mut g, EQUALITY, "done");
    // Full at Org 2: the card is Discarded, no question asked.
    assert_eq!(g.public.step, Step::Action);
    assert_eq!(g.public.players[EQUALITY].reserve.len(), 2);
    assert!(
        g.public
            .discard
            .contains(&card("declaration-of-sentiments"))
    );
}

// ----- redaction ------------------------------------------------------------------------------

#[test]
fn deck_order_and_setup_discards_stay_hidden_until_the_first_reshuffle() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    for seed in 0..40 {
        let mut g = game(seed);
        let mut steps = 0;
        while g.outcome().is_none() && steps < 400 {
            if steps % 13 == 0 {
                check_redaction(&g, seed * 1000 + steps).unwrap();
            }
            if g.public.hidden_discards > 0 {
                // No view or log names a face-down set-up card.
                let v = g.view(Viewer::Spectator);
                let log = g.log_for(Viewer::Seat(0), 0);
                for &c in &g.hidden.setup_discards {
                    assert!(
                        !log.iter().any(|e| e.card.as_deref() == Some(c.id())),
                        "{} leaked",
                        c.name()
                    );
                    assert!(!v.discard.contains(&c) && !v.display.contains(&c));
                }
            }
            random_prompt_step(&mut g, &mut rng).unwrap();
            steps += 1;
        }
    }
}

#[test]
fn two_deck_orders_look_the_same_to_everyone() {
    let g = game(11);
    let mut h = g.clone();
    h.hidden.deck.reverse();
    let mut all: Vec<Card> = h.hidden.deck.clone();
    all.append(&mut h.hidden.setup_discards);
    all.rotate_left(3);
    h.hidden.setup_discards = all.split_off(all.len() - 9);
    h.hidden.deck = all;
    for v in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator] {
        assert_eq!(g.view(v), h.view(v));
    }
    // And they play differently: the Deck order is real.
    assert_ne!(g.hidden.deck, h.hidden.deck);
}

#[test]
fn resampled_states_keep_the_view_and_redraw_the_unseen_cards() {
    let g = game(12);
    let view = g.view(Viewer::Seat(1));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let s = TheVote::resample(&view, Viewer::Seat(1), &mut rng);
    assert_eq!(s.view(Viewer::Seat(1)), view);
    let mut a: Vec<Card> = s
        .hidden
        .deck
        .iter()
        .chain(&s.hidden.setup_discards)
        .copied()
        .collect();
    let mut b: Vec<Card> = g
        .hidden
        .deck
        .iter()
        .chain(&g.hidden.setup_discards)
        .copied()
        .collect();
    a.sort_unstable();
    b.sort_unstable();
    assert_eq!(a, b, "the same unseen cards");
}

#[test]
fn resampled_states_play_on_to_the_end() {
    // What a search AI does: resample from its view mid-game and play on.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(21);
    for seed in 0..60 {
        let mut g = game(seed);
        let stop = 20 + seed as usize * 7;
        for _ in 0..stop {
            if g.outcome().is_some() {
                break;
            }
            random_prompt_step(&mut g, &mut rng).unwrap();
        }
        for viewer in [Viewer::Seat(0), Viewer::Seat(1)] {
            let mut s = TheVote::resample(&g.view(viewer), viewer, &mut rng);
            let mut n = 0;
            while s.outcome().is_none() {
                random_prompt_step(&mut s, &mut rng).unwrap();
                n += 1;
                assert!(n < 100_000, "no end");
            }
            let v = &s.public;
            let mut all: Vec<u8> = v
                .placed_cards()
                .chain(s.hidden.deck.iter().copied())
                .chain(s.hidden.setup_discards.iter().copied())
                .map(Card::number)
                .collect();
            all.sort_unstable();
            assert_eq!(all, (1..=36).collect::<Vec<u8>>(), "seed {seed}");
        }
    }
}

#[test]
fn catalogue_entry_says_the_components_are_reconstructed() {
    let info = TheVote::info();
    assert_eq!(info.id, "the-vote");
    assert!(info.summary.contains("reconstruct"));
    let v = info.variant("standard").unwrap();
    assert_eq!(v.seat_names, vec!["Equality", "Supremacy"]);
    assert!(crate::catalogue().iter().any(|g| g.id == "the-vote"));
    assert!(crate::new_game("the-vote", &Setup::new("standard", 2, 1)).is_ok());
    assert!(TheVote::new(&Setup::new("standard", 3, 1)).is_err());
}

// ----- balance --------------------------------------------------------------------------------

/// Figures of `n` random-vs-random games.
#[derive(Debug, Default)]
struct Figures {
    games: u32,
    wins: [u32; 2],
    turns: u64,
    capped: u32,
    vp: [u64; 2],
    laws: u64,
    congress_games: u32,
    amendments: u64,
}

fn random_figures(n: u64) -> Figures {
    let mut f = Figures::default();
    for seed in 0..n {
        let mut g = game(seed);
        g.log = GameLog::off();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ 0x5EED);
        let mut congress = false;
        while g.outcome().is_none() {
            let seat = g.to_act()[0];
            let p = g.prompt(seat).unwrap();
            let c = p.choices.choose(&mut rng).unwrap().id.clone();
            g.apply_legal(seat, &c);
            congress |= g.public.congress == EQUALITY;
        }
        let o = g.outcome().unwrap();
        f.games += 1;
        f.wins[o.winners[0]] += 1;
        f.turns += g.public.turn as u64;
        f.capped += o.reason.contains("cap") as u32;
        for s in 0..2 {
            f.vp[s] += g.public.players[s].vp as u64;
        }
        f.laws += g
            .public
            .regions
            .iter()
            .map(|r| r.discs() as u64)
            .sum::<u64>();
        f.congress_games += congress as u32;
        f.amendments += g.public.amendments_passed.len() as u64;
    }
    f
}

/// Balance figures under random-vs-random play:
/// `cargo test -p hustings-engine --release --lib balance -- --ignored --nocapture`
#[test]
#[ignore]
fn balance_random_vs_random() {
    let n = 2_000;
    let f = random_figures(n);
    let pct = |x: u32| 100.0 * x as f64 / f.games as f64;
    let avg = |x: u64| x as f64 / f.games as f64;
    println!(
        "{n} random games: Equality wins {:.1}%, Supremacy {:.1}%; mean {:.1} turns, {:.1}% at the cap",
        pct(f.wins[0]),
        pct(f.wins[1]),
        avg(f.turns),
        pct(f.capped)
    );
    println!(
        "  final VP {:.1} to {:.1}; Laws at the end {:.1}; Equality held Congress in {:.1}% of games; {:.2} Amendments per game",
        avg(f.vp[0]),
        avg(f.vp[1]),
        avg(f.laws),
        pct(f.congress_games),
        avg(f.amendments)
    );
}

/// An Amendment's status names the public place it is in, wherever it goes; a card in no
/// public place (the Deck) is unknown.
#[test]
fn an_amendments_status_names_the_public_place_it_is_in() {
    use super::AmendmentStatus as S;
    let mut g = game(5);
    let a = card("seventeenth-amendment");
    assert_eq!(
        g.public.amendment_status(a),
        S::Aside,
        "set-up puts it beside the map"
    );
    lift(&mut g, a);
    assert_eq!(g.public.amendment_status(a), S::Unknown);
    g.public.display.push(a);
    assert_eq!(g.public.amendment_status(a), S::Display);
    lift(&mut g, a);
    g.public.discard.push(a);
    assert_eq!(g.public.amendment_status(a), S::Discard);
    lift(&mut g, a);
    g.public.removed.push(a);
    assert_eq!(g.public.amendment_status(a), S::Removed);
    lift(&mut g, a);
    g.public.players[SUPREMACY].reserve.push(ReserveCard {
        card: a,
        face_up: false,
    });
    assert_eq!(g.public.amendment_status(a), S::Reserve);
    lift(&mut g, a);
    g.public.action = Some(ActionInProgress {
        kind: ActionKind::Amendment,
        seat: EQUALITY,
        card: a,
        strength: 0,
        law: None,
        targets: Vec::new(),
        discard_type: None,
    });
    assert_eq!(g.public.amendment_status(a), S::InPlay);
    g.public.amendments_passed.push(a);
    assert_eq!(
        g.public.amendment_status(a),
        S::Passed,
        "passed outranks every place"
    );
    let slugs: Vec<&str> = [
        S::Passed,
        S::Aside,
        S::InPlay,
        S::Display,
        S::Reserve,
        S::Discard,
        S::Removed,
        S::Unknown,
    ]
    .map(S::slug)
    .to_vec();
    assert_eq!(
        slugs,
        [
            "passed", "aside", "in-play", "display", "reserve", "discard", "removed", "unknown"
        ]
    );
}

/// The view's pending names the seat the game asks (its `first_to_act`) at every step of
/// random games, and no seat once the game is over.
#[test]
fn the_views_pending_names_the_seat_to_act() {
    let mut pending_is_asked = |g: &TheVote| {
        let p = g.view(Viewer::Spectator).pending();
        if p.seat != g.first_to_act() {
            return Err(format!("{p:?} but {:?} is asked", g.first_to_act()));
        }
        if g.public.outcome.is_some() && p.text() != "The game is over" {
            return Err(format!("{p:?} after the end"));
        }
        Ok(())
    };
    for seed in 0..4 {
        let setup = Setup::new("standard", 2, seed);
        let opts = crate::testing::FuzzOptions::default();
        crate::testing::random_game::<TheVote>(&setup, seed, &opts, &mut pending_is_asked)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
}

#[test]
fn a_marker_choice_names_a_marker_its_row_holds_and_each_kind_is_named() {
    let subjects = ["equality", "blue-apathy", "red-apathy", "supremacy"];
    let mut seen = std::collections::BTreeSet::new();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    for seed in 0..40 {
        let mut g = game(seed);
        while let Some(&seat) = g.to_act().first() {
            let prompt = g.prompt(seat).expect("a prompt");
            for c in prompt
                .choices
                .iter()
                .filter(|c| c.kind == "flip" || c.kind == "replace")
            {
                let kind = subjects
                    .iter()
                    .position(|s| c.subject.as_deref() == Some(s))
                    .unwrap_or_else(|| panic!("{} names no marker: {:?}", c.id, c.subject));
                let r = region(c.location.as_deref().expect("a region"));
                let row = if c.id.ends_with(":women") {
                    Row::Women
                } else {
                    Row::Men
                };
                // The marker it takes away is there to be clicked: the row holds one.
                let held = g.public.region(r).row(row)[kind];
                assert!(
                    held > 0,
                    "{} ({}) names {} but the row holds none: {:?}",
                    c.label,
                    c.id,
                    subjects[kind],
                    g.public.region(r).row(row)
                );
                seen.insert(subjects[kind]);
            }
            random_prompt_step(&mut g, &mut rng).unwrap();
        }
    }
    // No action takes an Equality marker away; every other kind is taken by some choice.
    assert_eq!(
        seen.into_iter().collect::<Vec<_>>(),
        ["blue-apathy", "red-apathy", "supremacy"]
    );
}

#[test]
fn log_entries_name_their_regions_cards_and_seats_as_data() {
    // A client renders an entry from its data: the region it is about (also its
    // `location`), its card first among `cards`, its seat first among `seats`.
    let mut regions = 0;
    for seed in 0..20 {
        let setup = Setup::new("standard", 2, seed);
        for e in crate::testing::random_log::<TheVote>(&setup, seed) {
            if let Some(place) = &e.location {
                assert_eq!(e.regions, std::slice::from_ref(place), "{e:?}");
                assert!(Region::from_id(place).is_some(), "{e:?}");
                regions += 1;
            } else {
                assert!(e.regions.is_empty(), "{e:?}");
            }
            assert_eq!(e.cards.first(), e.card.as_ref(), "{e:?}");
            assert_eq!(e.seats.first(), e.seat.as_ref(), "{e:?}");
            assert_eq!(e.amounts.first(), e.amount.as_ref(), "{e:?}");
        }
    }
    assert!(regions > 100, "entries about a region: {regions}");
}
