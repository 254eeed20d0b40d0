//! The corrections of rules revision 1 (issue 20, `revision.rs`), one test per rule, each
//! set beside the revision-0 behaviour that stored matches keep.

use super::*;

/// The same position played under rules revision 0, as a match stored before the
/// corrections is.
fn at_revision_0(mut g: TheVote) -> TheVote {
    g.public.rules = 0;
    g
}

fn logged(g: &TheVote, kind: &str) -> Vec<String> {
    g.log()
        .iter()
        .filter(|e| e.kind == kind)
        .map(|e| e.text.clone())
        .collect()
}

/// Supremacy Radicalizes with The Birth of a Nation in the Midwest (all Red Apathy);
/// Equality holds the Midwest card and Sojourner Truth face-up to Block, and Supremacy
/// `counters` face-up Public Opinion cards to Counter.
fn radicalize_into_blocks(counters: &[&str]) -> TheVote {
    let mw = region("midwest");
    let mut g = phase_of(SUPREMACY, cost("the-birth-of-a-nation"));
    set_men(&mut g, mw, [0, 0, 7, 0]);
    to_display(&mut g, "the-birth-of-a-nation");
    to_reserve(&mut g, EQUALITY, "midwest", true);
    to_reserve(&mut g, EQUALITY, "sojourner-truth", true);
    for id in counters {
        to_reserve(&mut g, SUPREMACY, id, true);
    }
    choose(&mut g, SUPREMACY, "radicalize:the-birth-of-a-nation");
    choose(&mut g, SUPREMACY, "region:midwest");
    g
}

#[test]
fn rule_7_3_several_blocks_against_one_action_in_a_region_each_with_its_own_counter() {
    let strength = cost("the-birth-of-a-nation");
    let (small, big) = (cost("midwest"), cost("sojourner-truth"));
    assert!(small < big && small + big < strength);

    // Two Blocks in the Midwest, neither Countered: both costs come off.
    let mut g = radicalize_into_blocks(&[]);
    choose(&mut g, EQUALITY, "block:midwest:midwest");
    assert_eq!(
        ids(&g, EQUALITY),
        vec!["pass", "block:midwest:sojourner-truth"],
        "a second Block is offered in the Region already Blocked"
    );
    choose(&mut g, EQUALITY, "block:midwest:sojourner-truth");
    let left = strength - small - big;
    assert_eq!(g.public.step, Step::Flip { target: 0, left });
    let t = &g.public.action.as_ref().unwrap().targets[0];
    assert_eq!(t.blocks().count(), 2);

    // One Counter negates one Block, the stronger one; a second Counter negates the other.
    let mut g = radicalize_into_blocks(&["separate-spheres", "ridicule"]);
    choose(&mut g, EQUALITY, "block:midwest:midwest");
    choose(&mut g, EQUALITY, "block:midwest:sojourner-truth");
    assert_eq!(
        ids(&g, SUPREMACY),
        vec![
            "done",
            "counter:midwest:separate-spheres",
            "counter:midwest:ridicule"
        ]
    );
    choose(&mut g, SUPREMACY, "counter:midwest:separate-spheres");
    assert_eq!(
        logged(&g, "counter"),
        ["Supremacy Counters the Block of Sojourner Truth in Midwest with Separate Spheres"]
    );
    assert_eq!(
        ids(&g, SUPREMACY),
        vec!["done", "counter:midwest:ridicule"],
        "the Block of the Midwest card may still be Countered"
    );
    let mut once = g.clone();
    choose(&mut once, SUPREMACY, "done");
    assert_eq!(
        once.public.step,
        Step::Flip {
            target: 0,
            left: strength - small
        }
    );
    choose(&mut g, SUPREMACY, "counter:midwest:ridicule");
    assert_eq!(
        g.public.step,
        Step::Flip {
            target: 0,
            left: strength
        }
    );
    assert_eq!(face_up(&g, SUPREMACY, "ridicule"), Some(false));

    // Revision 0 allowed one Block a Region: the second card is never offered.
    let mut g = at_revision_0(radicalize_into_blocks(&[]));
    assert_eq!(
        ids(&g, EQUALITY),
        vec![
            "pass",
            "block:midwest:midwest",
            "block:midwest:sojourner-truth"
        ]
    );
    choose(&mut g, EQUALITY, "block:midwest:midwest");
    assert_eq!(
        g.public.step,
        Step::Flip {
            target: 0,
            left: strength - small
        }
    );
    assert_eq!(face_up(&g, EQUALITY, "sojourner-truth"), Some(true));
}

/// Equality Persuades in the Deep South with Vindication, its only face-up card, and
/// Supremacy holds Separate Spheres face-up to Block.
fn persuade_into_a_block() -> TheVote {
    let mut g = phase_of(EQUALITY, cost("vindication-of-the-rights-of-women"));
    set_men(&mut g, region("deep-south"), [0, 0, 2, 3]);
    to_reserve(&mut g, EQUALITY, "vindication-of-the-rights-of-women", true);
    to_reserve(&mut g, SUPREMACY, "separate-spheres", true);
    choose(
        &mut g,
        EQUALITY,
        "persuade:vindication-of-the-rights-of-women",
    );
    choose(&mut g, EQUALITY, "region:deep-south");
    g
}

#[test]
fn rule_7_2_the_persuade_card_turns_face_down_once_the_action_is_done_so_it_may_counter() {
    let vindication = "vindication-of-the-rights-of-women";
    let mut g = persuade_into_a_block();
    assert_eq!(
        face_up(&g, EQUALITY, vindication),
        Some(true),
        "face-up while the action is under way"
    );
    choose(&mut g, SUPREMACY, "block:deep-south:separate-spheres");
    assert_eq!(
        ids(&g, EQUALITY),
        vec![
            "done",
            "counter:deep-south:vindication-of-the-rights-of-women"
        ]
    );
    choose(
        &mut g,
        EQUALITY,
        "counter:deep-south:vindication-of-the-rights-of-women",
    );
    // Strength 1 (one face-up card, counted at the start), the Block negated: one marker
    // changes, and the phase goes on with the card face-down.
    assert_eq!(g.public.step, Step::Flip { target: 0, left: 1 });
    choose(&mut g, EQUALITY, "replace:men");
    assert_eq!(
        g.public.regions[region("deep-south").index()].men,
        [0, 1, 1, 3]
    );
    assert_eq!(g.public.step, Step::Action);
    assert_eq!(face_up(&g, EQUALITY, vindication), Some(false));

    // Without a Block the card turns face-down at the end all the same.
    let mut g = persuade_into_a_block();
    choose(&mut g, SUPREMACY, "pass");
    choose(&mut g, EQUALITY, "flip:men");
    assert_eq!(g.public.step, Step::Action);
    assert_eq!(face_up(&g, EQUALITY, vindication), Some(false));

    // Revision 0 turned it face-down at once: nothing is left to Counter with.
    let mut g = at_revision_0(phase_of(EQUALITY, cost(vindication)));
    set_men(&mut g, region("deep-south"), [0, 0, 2, 3]);
    to_reserve(&mut g, EQUALITY, vindication, true);
    to_reserve(&mut g, SUPREMACY, "separate-spheres", true);
    choose(
        &mut g,
        EQUALITY,
        "persuade:vindication-of-the-rights-of-women",
    );
    assert_eq!(face_up(&g, EQUALITY, vindication), Some(false));
    choose(&mut g, EQUALITY, "region:deep-south");
    choose(&mut g, SUPREMACY, "block:deep-south:separate-spheres");
    assert_eq!(
        g.public.step,
        Step::Action,
        "Blocked, and no Counter offered"
    );
}

/// Equality Persuades in the Deep South, Men at `men`, with two face-up Public Opinion
/// cards (strength 2) and no Block possible.
fn persuade_strength_2(men: [u8; 4], revision_0: bool) -> TheVote {
    let mut g = phase_of(EQUALITY, cost("vindication-of-the-rights-of-women"));
    if revision_0 {
        g = at_revision_0(g);
    }
    set_men(&mut g, region("deep-south"), men);
    to_reserve(&mut g, EQUALITY, "vindication-of-the-rights-of-women", true);
    to_reserve(&mut g, EQUALITY, "declaration-of-sentiments", true);
    choose(
        &mut g,
        EQUALITY,
        "persuade:vindication-of-the-rights-of-women",
    );
    choose(&mut g, EQUALITY, "region:deep-south");
    g
}

#[test]
fn rule_7_2_a_marker_flipped_by_a_persuade_is_not_then_replaced_by_it() {
    let ds = region("deep-south").index();
    // Only Supremacy markers: the first flip makes Red Apathy, which this Persuade may not
    // replace, so its second change is another flip (both taken without asking).
    let g = persuade_strength_2([0, 0, 0, 5], false);
    assert_eq!(g.public.step, Step::Action);
    assert_eq!(g.public.regions[ds].men, [0, 0, 2, 3]);
    // Red Apathy there from before may still be replaced, once for each such marker.
    let g = persuade_strength_2([0, 0, 1, 4], false);
    assert_eq!(ids(&g, EQUALITY), vec!["replace:men", "flip:men"]);
    let mut g2 = g.clone();
    choose(&mut g2, EQUALITY, "flip:men");
    assert_eq!(g2.public.step, Step::Flip { target: 0, left: 1 });
    assert_eq!(ids(&g2, EQUALITY), vec!["replace:men", "flip:men"]);
    choose(&mut g2, EQUALITY, "replace:men");
    assert_eq!(g2.public.regions[ds].men, [0, 1, 1, 3]);

    // Revision 0 let the marker it had just flipped be replaced too.
    let mut g = persuade_strength_2([0, 0, 0, 5], true);
    assert_eq!(g.public.regions[ds].men, [0, 0, 1, 4]);
    assert_eq!(ids(&g, EQUALITY), vec!["replace:men", "flip:men"]);
    choose(&mut g, EQUALITY, "replace:men");
    assert_eq!(g.public.regions[ds].men, [0, 1, 0, 4]);
}

/// The end of a turn where each side has one face-up refresher and one face-down card.
fn refresh_position() -> TheVote {
    let mut g = end_of_turn();
    to_reserve(&mut g, EQUALITY, "alice-paul", true);
    to_reserve(&mut g, EQUALITY, "the-west", false);
    to_reserve(&mut g, SUPREMACY, "ridicule", true);
    to_reserve(&mut g, SUPREMACY, "poll-tax", false);
    g
}

#[test]
fn rule_14_4_refresh_is_optional_and_cards_may_stay_face_down() {
    let mut g = refresh_position();
    choose(&mut g, SUPREMACY, "pass");
    // Equality refreshes first, and may decline.
    assert_eq!(g.to_act(), vec![EQUALITY]);
    assert_eq!(ids(&g, EQUALITY), vec!["refresh:the-west", "done"]);
    let prompt = g.prompt(EQUALITY).unwrap();
    assert_eq!(
        prompt.find("done").map(|c| c.label.as_str()),
        Some("Keep the other cards face-down")
    );
    choose(&mut g, EQUALITY, "refresh:the-west");
    assert_eq!(face_up(&g, EQUALITY, "the-west"), Some(true));
    assert_eq!(ids(&g, SUPREMACY), vec!["refresh:poll-tax", "done"]);
    choose(&mut g, SUPREMACY, "done");
    assert_eq!(face_up(&g, SUPREMACY, "poll-tax"), Some(false));
    assert_eq!(g.public.turn, 2);
    assert_eq!(
        logged(&g, "refresh-stop"),
        ["Supremacy keeps its other cards face-down"]
    );

    // Revision 0 flipped every card it could without asking.
    let mut g = at_revision_0(refresh_position());
    choose(&mut g, SUPREMACY, "pass");
    assert_eq!(face_up(&g, EQUALITY, "the-west"), Some(true));
    assert_eq!(face_up(&g, SUPREMACY, "poll-tax"), Some(true));
    assert_eq!(g.public.turn, 2);
}

/// The end of a turn with the Deck and the Discards both empty (their cards set out of the
/// game), one face-down card in each Reserve, one Law in place and Supremacy ahead in three
/// Regions (the set-up map).
fn empty_deck_and_discards() -> TheVote {
    let mut g = end_of_turn();
    let mut gone = std::mem::take(&mut g.hidden.deck);
    gone.append(&mut g.public.discard);
    gone.append(&mut g.hidden.setup_discards);
    g.public.removed.extend(gone);
    g.public.deck_count = 0;
    g.public.hidden_discards = 0;
    to_reserve(&mut g, SUPREMACY, "ridicule", false);
    to_reserve(&mut g, EQUALITY, "alice-paul", false);
    g.public.regions[0].laws[0] = true;
    g
}

#[test]
fn rule_14_3_an_empty_deck_with_no_discards_still_refreshes_and_scores_both() {
    let mut g = empty_deck_and_discards();
    let red_ahead = g
        .public
        .regions
        .iter()
        .filter(|r| r.red() > r.blue())
        .count() as u8;
    choose(&mut g, SUPREMACY, "pass");
    assert_eq!(g.public.reshuffles, 0, "nothing to shuffle");
    assert_eq!(face_up(&g, SUPREMACY, "ridicule"), Some(true));
    assert_eq!(face_up(&g, EQUALITY, "alice-paul"), Some(true));
    assert_eq!(g.public.players[SUPREMACY].vp, red_ahead);
    assert_eq!(g.public.players[EQUALITY].vp, 1);
    assert_eq!(logged(&g, "reshuffle").len(), 1);

    // Revision 0 skipped the step when there was nothing to shuffle.
    let mut g = at_revision_0(empty_deck_and_discards());
    choose(&mut g, SUPREMACY, "pass");
    assert_eq!(face_up(&g, SUPREMACY, "ridicule"), Some(false));
    assert_eq!(face_up(&g, EQUALITY, "alice-paul"), Some(false));
    assert_eq!(g.public.players[SUPREMACY].vp, 0);
    assert_eq!(g.public.players[EQUALITY].vp, 0);
}
