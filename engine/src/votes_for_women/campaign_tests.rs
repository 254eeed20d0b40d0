//! Rules tests of the Campaigning corrections of rules revision 1 (§ Play a Card for a
//! Campaigning Action, the player aid's Campaigning action, and § Playing with Two
//! Suffragist Players), each checked against revision 0, which stored matches keep.

use super::team_tests;
use super::tests::{offered, pick, table};
use super::*;

const S: Side = Side::Suffragist;
/// Frances Willard: the hand card the two-player tests campaign with.
const WILLARD: CardId = 3;

/// The two-player table at `rules`, the Suffragist campaigning with `dice` (its purple and
/// its yellow Campaigner in the Northeast, 6 buttons) and keeping the roll.
fn campaigning(rules: u32, dice: &[u8]) -> VotesForWomen {
    let mut g = table(S, &[WILLARD]);
    g.board.rules = rules;
    g.hidden.forced_dice = dice.to_vec();
    pick(&mut g, "campaign:frances-willard");
    pick(&mut g, "keep");
    g
}

fn cubes(g: &VotesForWomen, r: Region) -> u32 {
    r.states()
        .map(|s| g.board.states[s as usize].cubes(S) as u32)
        .sum()
}

/// The Campaigner the game waits on and the cubes it has left, if it is placing.
fn campaign_task(g: &VotesForWomen) -> Option<(u8, u8)> {
    match g.board.stack.last().and_then(|f| f.task.as_ref()) {
        Some(Task::Campaign { queue, left, .. }) => queue.first().map(|q| (q.0, *left)),
        _ => None,
    }
}

#[test]
fn campaigner_may_move_after_placing_its_cubes() {
    // Player aid, Campaigning action: a button moves the Campaigner before or after it
    // places. The purple Campaigner (die 1) places in Vermont, then moves to the West.
    let mut g = campaigning(1, &[1, 2]);
    pick(&mut g, "die:1");
    pick(&mut g, "state:VT");
    assert!(offered(&g, "stay") && offered(&g, "move:west"));
    assert!(!offered(&g, "state:VT"), "its one cube is placed");
    let text = g.prompt(0).map(|p| p.text).unwrap_or_default();
    assert!(text.contains("move it"), "{text}");
    pick(&mut g, "move:west");
    assert_eq!(g.board.campaigners[0].region, Region::West);
    assert_eq!(g.board.buttons[0], 5, "the move cost a button");
    assert_eq!(g.board.states[VT as usize].purple, 1, "its cube stays");
    // The yellow Campaigner's turn comes next, in the Northeast.
    assert_eq!(campaign_task(&g), Some((1, 2)));
    assert!(offered(&g, "state:VT"));

    // Revision 0: after placing, the next Campaigner follows without a question.
    let mut g = campaigning(0, &[1, 2]);
    pick(&mut g, "die:1");
    pick(&mut g, "state:VT");
    // (The move offered now is the yellow Campaigner's, before it places.)
    assert!(!offered(&g, "stay"));
    assert_eq!(campaign_task(&g), Some((1, 2)));
    assert_eq!(g.board.campaigners[0].region, Region::Northeast);
}

#[test]
fn campaigner_may_still_move_before_placing() {
    // The rulebook's order is kept: move first (a button), then place in the new region.
    let mut g = campaigning(1, &[1, 2]);
    pick(&mut g, "die:1");
    pick(&mut g, "move:west");
    assert!(!offered(&g, "move:south"), "one move per Campaigner");
    pick(&mut g, "state:CA");
    assert_eq!(g.board.states[CA as usize].purple, 1);
    // Having moved, it is not asked again once placed.
    assert_eq!(campaign_task(&g), Some((1, 2)));
}

#[test]
fn campaigner_moving_after_placing_never_splits_its_cubes() {
    // § Campaigning: all of a Campaigner's cubes go to one region. The amendment is out and
    // Vermont, with 3 purple cubes, is the Northeast's one open state: its first cube makes
    // a check and closes it, so the Campaigner may move on, but its 2 other cubes are lost.
    let mut g = campaigning(1, &[3, 1]);
    g.board.amendment_sent = true;
    for s in Region::Northeast.states() {
        if s != VT {
            g.board.states[s as usize].mark = Some(Mark::Check);
            g.board.checks += 1;
        }
    }
    g.board.states[VT as usize].purple = 3;
    pick(&mut g, "die:3");
    pick(&mut g, "state:VT");
    assert_eq!(g.board.states[VT as usize].mark, Some(Mark::Check));
    assert!(offered(&g, "move:west") && offered(&g, "stay"));
    pick(&mut g, "move:west");
    assert_eq!(cubes(&g, Region::West), 0, "no cube follows it to the West");
    // The yellow Campaigner, with nowhere open and a button left, may move or pass.
    assert_eq!(campaign_task(&g).map(|t| t.0), Some(1));
    assert!(!offered(&g, "state:CA"));
}

#[test]
fn campaigner_may_place_nothing_even_with_open_states() {
    // § Campaigning: each Campaigner *may* place its cubes. The purple one places nothing
    // in the open Northeast; the yellow one still places its 2.
    let mut g = campaigning(1, &[1, 2]);
    pick(&mut g, "die:1");
    assert!(offered(&g, "pass") && offered(&g, "state:VT"));
    pick(&mut g, "pass");
    assert_eq!(cubes(&g, Region::Northeast), 0);
    assert_eq!(g.board.buttons[0], 6, "passing costs nothing");
    assert_eq!(
        campaign_task(&g),
        Some((1, 2)),
        "the yellow Campaigner's turn"
    );
    pick(&mut g, "state:NY");
    // Once it has begun, a Campaigner places the rest: no passing half-way.
    assert!(!offered(&g, "pass"));
    pick(&mut g, "state:NY");
    assert_eq!(cubes(&g, Region::Northeast), 2);

    // Revision 0: with an open state in its region a Campaigner must place.
    let mut g = campaigning(0, &[1, 2]);
    pick(&mut g, "die:1");
    assert!(!offered(&g, "pass"));
}

#[test]
fn campaigner_with_no_button_and_its_cubes_placed_is_not_asked_to_move() {
    // A step with one choice is the engine's: with no button to pay, "stay" is all that is
    // left after placing, so the next Campaigner follows at once.
    let mut g = campaigning(1, &[1, 2]);
    g.board.buttons[0] = 0;
    pick(&mut g, "die:1");
    assert!(!offered(&g, "move:west"), "no button, no move");
    pick(&mut g, "state:VT");
    assert_eq!(campaign_task(&g), Some((1, 2)));
    assert!(!offered(&g, "stay"));
}

#[test]
fn team_dice_split_gives_each_own_campaigner_at_least_one_die() {
    // § Playing with Two Suffragist Players, the example: Purple, with two Campaigners,
    // rolls three dice and gives two to one Campaigner and one to the other.
    let camps = [
        (Hue::Purple, Region::Northeast),
        (Hue::Purple, Region::West),
        (Hue::Yellow, Region::South),
        (Hue::Red, Region::Midwest),
    ];
    let start = |rules: u32| {
        let mut g = team_tests::table(Variant::Team3Suffragists.as_str(), 3, 1, &camps);
        g.board.rules = rules;
        team_tests::give(&mut g, player(S, 0), 5);
        g.hidden.forced_dice = vec![4, 3, 1];
        g.run();
        pick(&mut g, &format!("campaign:{}", slug(5)));
        pick(&mut g, "keep");
        g
    };
    let mut g = start(1);
    pick(&mut g, "campaigner:0");
    pick(&mut g, "campaigner:0");
    // The last die can only go to the Campaigner without one: the engine gives it.
    match g.board.stack.last().and_then(|f| f.task.clone()) {
        Some(Task::Campaign { queue, .. }) => assert_eq!(queue, vec![(0, 7), (1, 1)]),
        t => panic!("expected the Campaigners' cubes, got {t:?}"),
    }

    // Revision 0 let all three dice go to one Campaigner.
    let mut g = start(0);
    pick(&mut g, "campaigner:0");
    pick(&mut g, "campaigner:0");
    assert!(offered(&g, "campaigner:0"));
    pick(&mut g, "campaigner:0");
    match g.board.stack.last().and_then(|f| f.task.clone()) {
        Some(Task::Campaign { queue, .. }) => assert_eq!(queue, vec![(0, 8)]),
        t => panic!("expected the Campaigner's cubes, got {t:?}"),
    }
}

#[test]
fn team_lone_own_campaigner_takes_every_die() {
    // The example's other half: Yellow, with one Campaigner, gives it all three dice.
    let camps = [
        (Hue::Purple, Region::Northeast),
        (Hue::Purple, Region::West),
        (Hue::Yellow, Region::South),
        (Hue::Red, Region::Midwest),
    ];
    let mut g = team_tests::table(Variant::Team3Suffragists.as_str(), 3, 2, &camps);
    team_tests::give(&mut g, player(S, 1), 5);
    g.hidden.forced_dice = vec![1, 2, 3];
    g.run();
    pick(&mut g, &format!("campaign:{}", slug(5)));
    pick(&mut g, "keep");
    assert_eq!(campaign_task(&g), Some((2, 6)));
}
