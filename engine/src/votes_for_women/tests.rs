//! Rules tests of Votes for Women on constructed states: the rulebook's worked examples and
//! one test per card, each playing the card and checking what a player would see change.

use super::*;

/// A Turn-2 Operations state with an empty map: the Suffragist has a purple and a yellow
/// Campaigner in the Northeast, the Opposition a red one in the South; 6 and 3 buttons.
/// `side` is to play a card from a hand holding `hand`.
pub(super) fn table(side: Side, hand: &[CardId]) -> VotesForWomen {
    let mut g = VotesForWomen::new(&Setup::new("standard", 2, 11)).expect("set-up");
    let b = &mut g.board;
    b.turn = 2;
    b.phase = Phase::Operations;
    b.round = 1;
    b.active = side;
    b.hand_done = false;
    b.claimed_done = false;
    b.commit = None;
    b.congress = 0;
    b.buttons = [6, 3];
    b.stack.clear();
    open_map(b, &mut g.hidden);
    // Hands: the tested card plus a filler that is never played.
    let filler = |s: Side| if s == Side::Suffragist { 47 } else { 93 };
    for s in [Side::Suffragist, Side::Opposition] {
        let mut h = vec![filler(s)];
        if s == side {
            h.extend(hand);
        }
        let old = std::mem::replace(&mut g.hidden.hands[s.index()], h.clone());
        g.hidden.decks[s.index()].middle.extend(old);
        for c in h {
            g.hidden.decks[s.index()].remove(c);
        }
    }
    g
}

/// The map both the card tests and the Oppobot tests start from: no cube and no mark in any
/// state, a purple and a yellow Campaigner in the Northeast and a red one in the South, and
/// every State card available (none set aside), so that claims can be seen.
pub(super) fn open_map(b: &mut Board, h: &mut Hidden) {
    b.states = vec![UsState::default(); 48];
    b.campaigners = vec![
        Campaigner {
            hue: Hue::Purple,
            region: Region::Northeast,
        },
        Campaigner {
            hue: Hue::Yellow,
            region: Region::Northeast,
        },
        Campaigner {
            hue: Hue::Red,
            region: Region::South,
        },
    ];
    b.available_states = deck_cards(Deck::State).collect();
    h.set_aside_states.clear();
}

fn seat(side: Side) -> Seat {
    side.index()
}

/// Chooses `id` for whoever must act, failing if it is not offered; returns the seat (the
/// team tests check which partner acted).
pub(super) fn pick(g: &mut VotesForWomen, id: &str) -> Seat {
    let s = g.to_act()[0];
    if let Err(e) = g.apply(s, id) {
        panic!("{id} refused for seat {s}: {e}");
    }
    s
}

/// Whether the seat to act is offered `id`.
pub(super) fn offered(g: &VotesForWomen, id: &str) -> bool {
    g.to_act()
        .first()
        .and_then(|&s| g.prompt(s))
        .is_some_and(|p| p.find(id).is_some())
}

/// Plays `c` from hand as an event.
fn event(g: &mut VotesForWomen, side: Side, c: CardId) {
    let id = format!("event:{}", slug(c));
    assert!(offered(g, &id), "{} not playable", card(c).name);
    g.apply(seat(side), &id).expect("event refused");
}

/// Moves cards from `side`'s deck into its hand.
fn give(g: &mut VotesForWomen, side: Side, cards: &[CardId]) {
    for &c in cards {
        g.hidden.decks[side.index()].remove(c);
        g.hidden.hands[side.index()].push(c);
    }
}

/// Plays the claimed card `c` (taken from wherever it lay).
pub(super) fn claimed(g: &mut VotesForWomen, side: Side, c: CardId) {
    g.board.strategy_display.retain(|&x| x != c);
    g.board.available_states.retain(|&x| x != c);
    g.hidden.strategy_deck.retain(|&x| x != c);
    while g.board.strategy_display.len() < 3 {
        match g.hidden.strategy_deck.pop() {
            Some(n) => g.board.strategy_display.push(n),
            None => break,
        }
    }
    g.board.claimed[side.index()].push(c);
    let id = format!("claimed:{}", slug(c));
    assert!(offered(g, &id), "claimed {} not playable", card(c).name);
    g.apply(seat(side), &id).expect("claimed refused");
}

/// Resolves the play in progress, taking the first offered choice that starts with one of
/// `prefer` (else the first choice) until the stack is empty.
pub(super) fn resolve(g: &mut VotesForWomen, prefer: &[&str]) {
    let ended = play_preferring(g, prefer, 1000, |g| g.board.stack.is_empty());
    assert!(ended, "the play never ended");
}

/// Plays, until `stop` holds or the game ends, the first offered choice that starts with one
/// of `prefer` (else the first choice); false if `limit` choices do not get there.
pub(super) fn play_preferring(
    g: &mut VotesForWomen,
    prefer: &[&str],
    limit: usize,
    stop: impl Fn(&VotesForWomen) -> bool,
) -> bool {
    for _ in 0..limit {
        if stop(g) || g.board.outcome.is_some() {
            return true;
        }
        let s = g.to_act()[0];
        let p = g.prompt(s).expect("a prompt for the seat to act");
        let id = prefer
            .iter()
            .find_map(|pre| p.choices.iter().find(|c| c.id.starts_with(pre)))
            .unwrap_or(&p.choices[0])
            .id
            .clone();
        g.apply(s, &id)
            .unwrap_or_else(|e| panic!("{id} refused: {e}"));
    }
    false
}

fn cubes(g: &VotesForWomen, side: Side, s: St) -> u8 {
    g.board.states[s as usize].cubes(side)
}

fn total(g: &VotesForWomen, side: Side) -> u32 {
    (0..48).map(|s| cubes(g, side, s) as u32).sum()
}

fn in_region(g: &VotesForWomen, side: Side, r: Region) -> Vec<u8> {
    r.states().map(|s| cubes(g, side, s)).collect()
}

fn max_per_state(g: &VotesForWomen, side: Side) -> u8 {
    (0..48).map(|s| cubes(g, side, s)).max().unwrap_or(0)
}

fn regions_touched(g: &VotesForWomen, side: Side) -> Vec<usize> {
    REGIONS
        .iter()
        .map(|r| r.states().filter(|&s| cubes(g, side, s) > 0).count())
        .collect()
}

fn boxed(g: &VotesForWomen, c: CardId) -> bool {
    g.in_box(c)
}

fn put_red(g: &mut VotesForWomen, list: &[(St, u8)]) {
    for &(s, n) in list {
        g.board.states[s as usize].red = n;
    }
}

/// Puts `cards` on top of `side`'s deck, the first drawn first.
pub(super) fn stack_deck(g: &mut VotesForWomen, side: Side, cards: &[CardId]) {
    let d = &mut g.hidden.decks[side.index()];
    for &c in cards {
        d.remove(c);
    }
    for &c in cards.iter().rev() {
        d.top.push(c);
    }
}

const S: Side = Side::Suffragist;
const O: Side = Side::Opposition;

// ----- the rulebook's worked examples -------------------------------------------------------

#[test]
fn example_campaigning_reroll_assign_and_move() {
    // The same example under both revisions: revision 1 asks, once the purple Campaigner's
    // cubes are placed, whether it moves after placing (it stays).
    for rules in [0, 1] {
        example_campaigning(rules);
    }
}

fn example_campaigning(rules: u32) {
    let mut g = table(S, &[3]);
    g.board.rules = rules;
    g.hidden.forced_dice = vec![1, 1, 3, 4];
    g.apply(0, "campaign:frances-willard").unwrap();
    // Rolled 1 and 1: re-roll for a button, get 3 and 4.
    pick(&mut g, "reroll");
    assert_eq!(g.board.buttons[0], 5);
    pick(&mut g, "keep");
    // The 3 to the purple Campaigner, so the yellow one gets the 4.
    pick(&mut g, "die:3");
    pick(&mut g, "state:VT");
    pick(&mut g, "state:VT");
    pick(&mut g, "state:CT");
    if rules >= 1 {
        pick(&mut g, "stay");
    }
    // The yellow Campaigner moves to the West for a button and puts 4 in California.
    pick(&mut g, "move:west");
    for _ in 0..4 {
        pick(&mut g, "state:CA");
    }
    let st = |s: St| g.board.states[s as usize];
    assert_eq!(st(VT).purple, 2);
    assert_eq!(st(CT).purple, 1);
    assert_eq!(st(CA).yellow, 4);
    assert_eq!(g.board.buttons[0], 4);
    assert_eq!(g.board.campaigners[1].region, Region::West);
    assert_eq!(g.board.campaigners[0].region, Region::Northeast);
    // The fourth cube in California claims its State card.
    assert!(g.board.claimed[0].contains(&117));
    assert!(g.board.stack.is_empty());
}

#[test]
fn example_california_adding_removes_the_red_cube_first() {
    let mut g = table(S, &[32]);
    put_red(&mut g, &[(CA, 1)]);
    event(&mut g, S, 32);
    resolve(&mut g, &[]);
    let ca = g.board.states[CA as usize];
    assert_eq!((ca.red, ca.purple + ca.yellow), (0, 1));
    assert_eq!(cubes(&g, S, NV), 2);
}

/// The Final Voting example: 35 checks, 12 Xs, Tennessee last with 2 red cubes; Voter
/// Registration and Miss Febb in the ballot box; the Suffragist has 1 button.
fn final_vote_table(febb: bool) -> VotesForWomen {
    let mut g = table(S, &[]);
    let mut checks = 0;
    for s in 0..48u8 {
        if s == TN {
            continue;
        }
        let mark = if checks < 35 {
            checks += 1;
            Mark::Check
        } else {
            Mark::X
        };
        g.board.states[s as usize].mark = Some(mark);
    }
    g.board.states[TN as usize].red = 2;
    g.board.checks = 35;
    g.board.xs = 12;
    g.board.turn = 6;
    g.board.amendment_sent = true;
    g.board.phase = Phase::FinalVoting;
    g.board.chooser = S;
    g.board.buttons = [1, 0];
    g.board.final_voting_box = if febb { vec![41, 52] } else { vec![41] };
    g.hidden.forced_dice = vec![5, 4, 6];
    g.run();
    g
}

#[test]
fn example_final_voting_with_miss_febb_and_voter_registration() {
    let mut g = final_vote_table(true);
    assert_eq!(g.vote_die(S), Die::D8);
    assert_eq!(g.vote_die(O), Die::D6);
    // Tennessee, the only open state, was chosen by itself: 5 against 4 + 2 cubes.
    assert_eq!(g.board.vote.map(|v| v.rolls), Some([5, 4]));
    assert_eq!(g.to_act(), vec![0]);
    pick(&mut g, "reroll");
    // 6 against 6: Miss Febb gives the tie to the Suffragist, the 36th check wins.
    assert_eq!(g.board.buttons[0], 0);
    assert_eq!(g.board.states[TN as usize].mark, Some(Mark::Check));
    let o = g.outcome().expect("game over");
    assert_eq!(o.winners, vec![0]);
}

#[test]
fn final_voting_ties_go_to_the_opposition_without_miss_febb() {
    let mut g = final_vote_table(false);
    pick(&mut g, "reroll");
    assert_eq!(g.board.states[TN as usize].mark, Some(Mark::X));
    assert_eq!(g.outcome().expect("game over").winners, vec![1]);
}

#[test]
fn final_voting_offers_no_reroll_that_cannot_change_the_result() {
    let mut g = table(S, &[]);
    // 30 checks and 11 Xs; Tennessee, Kentucky and five more states are open.
    let open = [TN, KY, WV, PA, VA, NC, MD];
    let mut n = 0;
    for s in 0..48u8 {
        if !open.contains(&s) {
            g.board.states[s as usize].mark = Some(if n < 30 { Mark::Check } else { Mark::X });
            n += 1;
        }
    }
    g.board.checks = 30;
    g.board.xs = 11;
    g.board.states[TN as usize].red = 9;
    g.board.amendment_sent = true;
    g.board.phase = Phase::FinalVoting;
    g.board.buttons = [5, 0];
    g.hidden.forced_dice = vec![1, 1];
    g.run();
    pick(&mut g, "state:TN");
    // 1 against 1 + 9: no d6 can catch up, so nobody is asked and the X goes in.
    assert_eq!(g.board.states[TN as usize].mark, Some(Mark::X));
    assert_eq!(g.board.buttons[0], 5);
    assert_eq!(g.board.chooser, O);
}

// ----- turn structure ------------------------------------------------------------------------

#[test]
fn a_new_game_starts_in_turn_one_with_the_start_cards_in_hand() {
    let g = VotesForWomen::new(&Setup::new("standard", 2, 3)).unwrap();
    assert_eq!(g.board.turn, 1);
    assert_eq!(g.board.phase, Phase::Operations);
    assert_eq!(g.hand(S).len(), 7);
    assert_eq!(g.hand(O).len(), 7);
    assert!(g.hand(S).contains(&SENECA_FALLS));
    assert!(g.hand(O).contains(&THE_PATRIARCHY));
    assert_eq!(g.board.available_states.len(), 9);
    assert_eq!(g.board.strategy_display.len(), 3);
    assert_eq!(g.hidden.set_aside_states.len(), 3);
    // Drawn from the top: Early cards only.
    for &c in g.hand(S) {
        assert!(matches!(card(c).era, Era::Start | Era::Early));
    }
    assert_eq!(g.to_act(), vec![0]);
}

#[test]
fn strategy_phase_supersede_gives_the_opposition_a_card() {
    let mut g = table(S, &[]);
    g.board.phase = Phase::Strategy;
    g.board.buttons = [3, 4];
    g.run();
    assert!(offered(&g, "commit:3") && !offered(&g, "commit:4"));
    pick(&mut g, "commit:2");
    assert_eq!(g.board.buttons[0], 1);
    assert!(offered(&g, "defer") && offered(&g, "match") && offered(&g, "supersede"));
    let display = g.board.strategy_display.clone();
    pick(&mut g, "supersede");
    assert_eq!(g.board.buttons[1], 1);
    pick(&mut g, &format!("strategy:{}", slug(display[0])));
    assert_eq!(g.board.claimed[1], vec![display[0]]);
    assert_eq!(g.board.strategy_display.len(), 3);
    assert_eq!(g.board.phase, Phase::Operations);
}

#[test]
fn strategy_phase_commitment_beyond_the_opposition_is_an_automatic_defer() {
    let mut g = table(S, &[]);
    g.board.phase = Phase::Strategy;
    g.board.buttons = [3, 0];
    g.run();
    pick(&mut g, "commit:1");
    // The Suffragist picks at once.
    assert_eq!(g.to_act(), vec![0]);
    assert!(matches!(
        g.board.stack.last().and_then(|f| f.task.clone()),
        Some(Task::PickStrategy)
    ));
}

#[test]
fn lobbying_sends_the_amendment_and_decides_states_with_four_cubes() {
    let mut g = table(S, &[3]);
    g.board.congress = 5;
    g.board.states[NY as usize].purple = 5;
    g.board.states[TX as usize].red = 4;
    g.hidden.forced_dice = vec![6, 2];
    g.apply(0, "lobby:frances-willard").unwrap();
    resolve(&mut g, &["keep"]);
    assert!(g.board.amendment_sent);
    assert_eq!(g.board.congress, 0);
    assert_eq!(g.board.states[NY as usize].mark, Some(Mark::Check));
    assert_eq!(g.board.states[TX as usize].mark, Some(Mark::X));
    assert_eq!((g.board.checks, g.board.xs), (1, 1));
    // Lobbying is no longer offered.
    assert_eq!(g.to_act(), vec![1]);
    assert!(offered(&g, "organize:red-scare") && !offered(&g, "lobby:red-scare"));
}

#[test]
fn organizing_is_not_offered_at_the_button_cap() {
    let mut g = table(O, &[56]);
    g.board.buttons = [6, 6];
    g.run();
    assert!(!offered(&g, "organize:senator-joseph-brown"));
    g.board.buttons = [6, 5];
    assert!(offered(&g, "organize:senator-joseph-brown"));
    g.apply(1, "organize:senator-joseph-brown").unwrap();
    // One Campaigner, one button, capped at 6.
    assert_eq!(g.board.buttons[1], 6);
}

#[test]
fn the_end_of_turn_six_without_the_amendment_is_an_opposition_win() {
    let mut g = table(O, &[]);
    g.board.turn = 6;
    g.board.round = 6;
    g.board.hand_done = true;
    g.board.claimed_done = true;
    g.run();
    let o = g.outcome().expect("over");
    assert_eq!(o.winners, vec![1]);
    assert!(o.reason.contains("never sent"));
}

#[test]
fn the_36th_check_ends_the_game_at_once_mid_campaign() {
    let mut g = table(S, &[40]);
    g.board.amendment_sent = true;
    g.board.checks = 35;
    for s in 0..35u8 {
        g.board.states[s as usize].mark = Some(Mark::Check);
    }
    g.board.states[NY as usize].purple = 3;
    g.hidden.forced_dice = vec![4, 1];
    g.apply(0, "campaign:maud-wood-park").unwrap();
    // The purple Campaigner's first cube in New York is the fourth: the 36th check.
    resolve(&mut g, &["keep", "die:4", "state:NY"]);
    assert_eq!(g.board.checks, 36);
    assert_eq!(g.board.states[NY as usize].mark, Some(Mark::Check));
    assert_eq!(g.outcome().expect("over").winners, vec![0]);
    assert!(g.to_act().is_empty());
}

#[test]
fn a_claimed_card_may_be_played_before_the_hand_card() {
    let mut g = table(S, &[22]);
    g.board.claimed[0].push(119);
    g.run();
    g.apply(0, "claimed:montana").unwrap();
    assert_eq!(g.board.buttons[0], 8);
    assert!(g.board.out.contains(&119));
    // Still the Suffragist's turn: the hand card is due, no second claimed card.
    assert_eq!(g.to_act(), vec![0]);
    assert!(!offered(&g, "done"));
}

#[test]
fn the_civil_war_blocks_suffragist_cubes_in_the_south_and_a_and_a() {
    let mut g = table(S, &[24]);
    g.board.rest_of_turn.push(THE_CIVIL_WAR);
    g.hidden.forced_dice = vec![6, 6];
    event(&mut g, S, 24);
    resolve(&mut g, &[]);
    for r in [Region::South, Region::AtlanticAppalachia] {
        assert!(in_region(&g, S, r).iter().all(|&n| n == 0));
    }
    assert_eq!(total(&g, S), 12);
}

#[test]
fn redaction_holds_on_constructed_states_with_private_zones() {
    // The Winning Plan mid-way: one card played, five drawn cards to stack.
    let mut g = table(S, &[22]);
    stack_deck(&mut g, S, &[50, 40, 3, 8, 9, 10]);
    claimed(&mut g, S, 111);
    pick(&mut g, "play:maud-wood-park");
    pick(&mut g, "top:lucy-stone");
    crate::testing::check_redaction(&g, 5).unwrap();
    // Change In Plans: the chooser sees the other hand, nobody else does.
    let mut g = table(S, &[22]);
    give(&mut g, O, &[56, 57, 58]);
    claimed(&mut g, S, 108);
    assert!(g.view(Viewer::Seat(0)).hands[1].is_some());
    assert!(g.view(Viewer::Spectator).hands[1].is_none());
    crate::testing::check_redaction(&g, 6).unwrap();
}

#[test]
fn a_card_stacked_on_the_deck_is_named_only_to_its_side() {
    // Progress, Not Politics: the Opposition stacks drawn cards on its deck.
    let mut g = table(O, &[66]);
    stack_deck(&mut g, O, &[54, 56, 57, 58, 59, 60]);
    event(&mut g, O, 66);
    let hidden = SeenChoice::Redacted("Put a card on top of the deck".into());
    for (viewer, seen) in [
        (Viewer::Seat(1), SeenChoice::Whole),
        (Viewer::Seat(0), hidden.clone()),
        (Viewer::Spectator, hidden),
    ] {
        assert_eq!(
            g.choice_seen_by(1, "top:gerrymandering", viewer),
            seen,
            "{viewer}"
        );
        // The rest go to the bottom, unnamed; that much everyone may know.
        assert_eq!(g.choice_seen_by(1, "done", viewer), SeenChoice::Whole);
    }
    // A card played is shown to all as it is played.
    let g = table(S, &[22]);
    assert_eq!(
        g.choice_seen_by(0, "event:lucy-stone", Viewer::Seat(1)),
        SeenChoice::Whole
    );
}

// ----- one test per card ---------------------------------------------------------------------

macro_rules! card_test {
    ($name:ident, $body:block) => {
        #[test]
        fn $name() $body
    };
}

/// Plays one event for `side` from the table and resolves it with `prefer`.
fn played(
    side: Side,
    c: CardId,
    prep: impl FnOnce(&mut VotesForWomen),
    prefer: &[&str],
) -> VotesForWomen {
    let mut g = table(side, &[c]);
    prep(&mut g);
    g.run();
    event(&mut g, side, c);
    resolve(&mut g, prefer);
    g
}

/// Plays a claimed State or Strategy card.
fn played_claimed(
    side: Side,
    c: CardId,
    prep: impl FnOnce(&mut VotesForWomen),
    prefer: &[&str],
) -> VotesForWomen {
    let mut g = table(side, &[]);
    prep(&mut g);
    claimed(&mut g, side, c);
    resolve(&mut g, prefer);
    g
}

fn no_prep(_: &mut VotesForWomen) {}

fn one_per_region(g: &VotesForWomen, side: Side, n: u8) {
    assert_eq!(regions_touched(g, side), vec![1; 6]);
    assert_eq!(total(g, side), 6 * n as u32);
}

card_test!(card_001_seneca_falls_convention, {
    let mut g = table(S, &[1]);
    g.board.campaigners.retain(|c| c.hue == Hue::Red);
    g.board.buttons[0] = 0;
    event(&mut g, S, 1);
    resolve(&mut g, &[]);
    let suff: Vec<_> = g
        .board
        .campaigners
        .iter()
        .filter(|c| c.hue != Hue::Red)
        .collect();
    assert_eq!(suff.len(), 2);
    assert!(suff.iter().all(|c| c.region == Region::Northeast));
    assert_eq!(g.board.buttons[0], 2);
    assert_eq!(cubes(&g, S, NY), 2);
});

fn campaign_boost(c: CardId, side: Side) {
    let g = played(side, c, no_prep, &[]);
    assert!(g.board.rest_of_turn.contains(&c));
    assert_eq!(g.campaign_die(side), Die::D6);
    assert_eq!(g.campaign_die(side.other()), Die::D4);
}

card_test!(card_002_property_rights_for_women, { campaign_boost(2, S) });

card_test!(card_003_frances_willard, {
    let g = played(S, 3, no_prep, &[]);
    assert_eq!((g.board.congress, g.board.buttons[0]), (1, 8));
});

fn draw_discard_play(side: Side, c: CardId, claimed_card: bool) {
    let (good, other) = if side == S { (22, 40) } else { (101, 86) };
    let prep = |g: &mut VotesForWomen| stack_deck(g, side, &[good, other]);
    let pref = format!("play:{}", slug(good));
    let g = if claimed_card {
        played_claimed(side, c, prep, &[&pref])
    } else {
        played(side, c, prep, &[&pref])
    };
    let gained = if side == S { 4 } else { 3 };
    let start = if side == S { 6 } else { 3 };
    assert_eq!(
        g.board.buttons[side.index()],
        (start + gained).min(side.button_cap())
    );
    assert!(g.board.out.contains(&other) && g.board.out.contains(&good));
    assert_eq!(g.board.congress, 0);
}

card_test!(card_004_a_vindication_of_the_rights_of_woman, {
    draw_discard_play(S, 4, false)
});

card_test!(card_005_union_victory, {
    let g = played(
        S,
        5,
        |g| {
            g.board.rest_of_turn.push(THE_CIVIL_WAR);
            g.hidden.forced_dice = vec![4];
        },
        &[],
    );
    assert_eq!(g.board.buttons[0], 8);
    assert!(!boxed(&g, THE_CIVIL_WAR));
    assert!(!table(S, &[5]).playable(S, 5));
});

card_test!(card_006_fifteenth_amendment, {
    let g = played(S, 6, |g| g.hidden.forced_dice = vec![3], &[]);
    assert_eq!(g.board.congress, 2);
    assert_eq!(total(&g, S), 8);
    assert!(max_per_state(&g, S) <= 2);
    assert!(g.board.rest_of_game.contains(&6));
    // A failed roll, accepted: nothing happens and the card is not boxed.
    let g = played(S, 6, |g| g.hidden.forced_dice = vec![2], &["keep"]);
    assert_eq!((g.board.congress, total(&g, S)), (0, 0));
    assert!(!boxed(&g, 6) && g.board.out.contains(&6));
});

card_test!(card_007_reconstruction, {
    assert!(!table(S, &[7]).playable(S, 7));
    let g = played(S, 7, |g| g.board.rest_of_game.push(6), &[]);
    for s in [VA, NC, SC, GA, FL, AL, MS, TN, AR, LA, TX] {
        assert_eq!(cubes(&g, S, s), 1);
    }
    assert_eq!(total(&g, S), 11);
});

card_test!(card_008_petition_to_congress, {
    let g = played(S, 8, no_prep, &[]);
    assert_eq!(g.board.congress, 1);
    one_per_region(&g, S, 1);
});

fn button_and_one_each(c: CardId, buttons: u8) {
    let g = played(S, c, no_prep, &[]);
    assert_eq!(g.board.buttons[0], 6 + buttons);
    one_per_region(&g, S, 1);
}

card_test!(card_009_lucy_stone, { button_and_one_each(9, 1) });
card_test!(card_010_susan_b_anthony_indicted, {
    button_and_one_each(10, 1)
});
card_test!(card_011_anna_dickinson, { button_and_one_each(11, 1) });

fn d8_in_region(c: CardId, r: Region) {
    let g = played(S, c, |g| g.hidden.forced_dice = vec![5], &["keep"]);
    let v = in_region(&g, S, r);
    assert_eq!(v.iter().map(|&n| n as u32).sum::<u32>(), 5);
    assert!(v.iter().all(|&n| n <= 1));
    assert_eq!(total(&g, S), 5);
}

card_test!(card_012_frederick_douglass, {
    d8_in_region(12, Region::Northeast)
});
card_test!(card_013_frances_harper, {
    d8_in_region(13, Region::AtlanticAppalachia)
});
card_test!(card_014_the_union_signal, { button_and_one_each(14, 1) });
card_test!(card_015_sojourner_truth, {
    d8_in_region(15, Region::Midwest)
});
card_test!(card_016_pioneer_women, { d8_in_region(16, Region::Plains) });

fn fixed_states(side: Side, c: CardId, list: &[(St, u8)], congress: i8, buttons: u8) {
    let mut g = table(side, &[c]);
    g.board.congress = 3;
    event(&mut g, side, c);
    resolve(&mut g, &[]);
    for &(s, n) in list {
        assert_eq!(cubes(&g, side, s), n, "{} in {}", card(c).name, code(s));
    }
    assert_eq!(
        total(&g, side),
        list.iter().map(|&(_, n)| n as u32).sum::<u32>()
    );
    assert_eq!(g.board.congress as i8, 3 + congress);
    let start = [6, 3][side.index()];
    assert_eq!(g.board.buttons[side.index()], start + buttons);
}

card_test!(card_017_women_to_the_polls, {
    fixed_states(S, 17, &[(NJ, 2), (PA, 2), (DE, 2)], 0, 0)
});

card_test!(card_018_national_womans_rights_convention, {
    let g = played(S, 18, no_prep, &[]);
    assert_eq!(g.board.congress, 1);
    one_per_region(&g, S, 1);
    let mut t = table(S, &[18]);
    t.board.rest_of_turn.push(THE_CIVIL_WAR);
    assert!(!t.playable(S, 18));
});

card_test!(card_019_national_american_woman_suffrage_association, {
    let g = played(S, 19, no_prep, &[]);
    assert_eq!(g.board.campaigners.len(), 4);
    assert_eq!(
        g.board.campaigners[3],
        Campaigner {
            hue: Hue::Purple,
            region: Region::AtlanticAppalachia
        }
    );
    assert_eq!(g.board.buttons[0], 9);
});

card_test!(card_020_jeannette_rankin, {
    let g = played(S, 20, |g| g.hidden.forced_dice = vec![3], &[]);
    assert_eq!(g.board.congress, 1);
    assert_eq!(
        in_region(&g, S, Region::Plains),
        vec![4, 2, 2, 2, 2, 2, 2, 2]
    );
    // The fourth cube in Montana claims its State card.
    assert!(g.board.claimed[0].contains(&119));
});

card_test!(card_021_ida_b_wells_barnett, {
    fixed_states(
        S,
        21,
        &[
            (IL, 2),
            (MN, 1),
            (IA, 1),
            (MO, 1),
            (WI, 1),
            (MI, 1),
            (IN, 1),
            (OH, 1),
        ],
        0,
        2,
    )
});

card_test!(card_022_the_club_movement, {
    let mut g = table(S, &[22]);
    event(&mut g, S, 22);
    assert_eq!(g.board.buttons[0], 10);
});

card_test!(card_023_equality_league_of_self_supporting_women, {
    button_and_one_each(23, 2)
});

fn roll_add(side: Side, c: CardId, dice: Vec<u8>, cap: u8) {
    let n: u32 = dice.iter().map(|&d| d as u32).sum();
    let g = played(side, c, |g| g.hidden.forced_dice = dice, &["keep"]);
    assert_eq!(total(&g, side), n);
    assert!(max_per_state(&g, side) <= cap);
}

fn roll_remove(side: Side, c: CardId, dice: Vec<u8>) {
    let n: u32 = dice.iter().map(|&d| d as u32).sum();
    let g = played(
        side,
        c,
        |g| {
            g.hidden.forced_dice = dice;
            for s in 0..12u8 {
                if side == S {
                    g.board.states[s as usize].red = 3;
                } else {
                    g.board.states[s as usize].purple = 3;
                }
            }
        },
        &["keep"],
    );
    assert_eq!(total(&g, side.other()), 36 - n);
    assert!(
        (0..12).all(|s| cubes(&g, side.other(), s) >= 1),
        "no more than 2 a state"
    );
    assert_eq!(total(&g, side), 0, "removing never adds");
}

card_test!(card_024_emmeline_pankhurst, {
    roll_add(S, 24, vec![3, 4], 2)
});
card_test!(card_025_debate_us_you_cowards, {
    roll_remove(S, 25, vec![2, 3])
});
card_test!(card_026_carrie_chapman_catt, { button_and_one_each(26, 2) });
card_test!(card_027_alice_paul_lucy_burns, {
    roll_remove(S, 27, vec![6, 5])
});

card_test!(card_028_inez_milholland, {
    let g = played(S, 28, no_prep, &[]);
    assert_eq!((g.board.congress, g.board.buttons[0]), (1, 8));
    one_per_region(&g, S, 1);
});

card_test!(card_029_farmers_for_suffrage, {
    fixed_states(S, 29, &[(WI, 2), (MN, 2), (IA, 2), (ND, 2), (SD, 2)], 0, 0)
});
card_test!(card_030_zitkala_sa, {
    fixed_states(S, 30, &[(ND, 2), (SD, 2), (NE, 2), (MT, 2), (WY, 2)], 0, 0)
});
card_test!(card_031_helen_keller, { roll_add(S, 31, vec![6, 6], 2) });
card_test!(card_032_maria_de_lopez, {
    fixed_states(S, 32, &[(CA, 2), (NV, 2), (AZ, 2)], 0, 2)
});
card_test!(card_033_marie_louise_bottineau_baldwin, {
    campaign_boost(33, S)
});
card_test!(card_034_the_wests_awakening, {
    let g = played(S, 34, no_prep, &[]);
    assert_eq!(in_region(&g, S, Region::West), vec![2; 8]);
    assert_eq!(total(&g, S), 16);
});

card_test!(card_035_southern_strategy, {
    let mut g = table(S, &[35]);
    let first = g.board.strategy_display[0];
    event(&mut g, S, 35);
    resolve(&mut g, &[]);
    assert_eq!(g.board.buttons[0], 8);
    assert_eq!(in_region(&g, S, Region::South), vec![2; 8]);
    assert_eq!(g.board.claimed[0], vec![first]);
    assert!(g.board.rest_of_game.contains(&35));
    // The Texas and Georgia State cards are not claimed with only 2 cubes.
    assert!(!g.board.claimed[0].contains(&121));
});

card_test!(card_036_womens_trade_union_league, {
    let g = played(S, 36, no_prep, &[]);
    assert_eq!(
        g.board.campaigners.last().copied(),
        Some(Campaigner {
            hue: Hue::Yellow,
            region: Region::AtlanticAppalachia
        })
    );
    assert_eq!((g.board.congress, g.board.buttons[0]), (1, 8));
});

card_test!(card_037_the_young_woman_citizen, {
    draw_discard_play(S, 37, false)
});

card_test!(card_038_1918_midterm_elections, {
    let g = played(S, 38, |g| g.hidden.forced_dice = vec![1, 6], &["reroll"]);
    assert_eq!(g.board.buttons[0], 5, "one re-roll after the failure");
    assert_eq!(g.board.congress, 3);
});

card_test!(card_039_woodrow_wilson, {
    let mut t = table(S, &[39]);
    t.board.buttons[0] = 3;
    assert!(!t.playable(S, 39));
    let g = played(S, 39, no_prep, &[]);
    assert_eq!(g.board.buttons[0], 2);
    assert_eq!(g.board.claimed[0].len(), 1);
    // Under the 1918 Pandemic the Suffragist needs 5.
    let mut t = table(S, &[39]);
    t.board.rest_of_turn.push(89);
    t.board.buttons[0] = 4;
    assert!(!t.playable(S, 39));
});

card_test!(card_040_maud_wood_park, {
    let g = played(S, 40, no_prep, &[]);
    assert_eq!(g.board.congress, 2);
});

card_test!(card_041_voter_registration, {
    let g = played(S, 41, no_prep, &[]);
    assert!(g.board.final_voting_box.contains(&41));
    assert_eq!((g.vote_die(S), g.vote_die(O)), (Die::D8, Die::D6));
});

card_test!(card_042_processions_for_suffrage, {
    let mut g = played(S, 42, no_prep, &[]);
    assert!(g.board.rest_of_turn.contains(&42));
    // A Suffragist lobby now succeeds on 7 and 8 as well.
    g.board.active = S;
    g.board.hand_done = false;
    g.board.claimed_done = false;
    g.hidden.hands[0].push(40);
    g.hidden.forced_dice = vec![7, 8];
    g.apply(0, "lobby:maud-wood-park").unwrap();
    resolve(&mut g, &["keep"]);
    assert_eq!(g.board.congress, 2);
});

card_test!(card_043_prison_tour_special, { campaign_boost(43, S) });

card_test!(card_044_victory_map, {
    let g = played(S, 44, no_prep, &[]);
    assert_eq!(in_region(&g, S, Region::West), vec![1; 8]);
    assert_eq!(in_region(&g, S, Region::Plains), vec![1; 8]);
    for s in [TX, AR, IL, MI, NY, VT] {
        assert_eq!(cubes(&g, S, s), 1);
    }
    assert_eq!(total(&g, S), 22);
});

card_test!(card_045_women_and_world_war_i, {
    assert!(!table(S, &[45]).playable(S, 45));
    let g = played(S, 45, |g| g.board.rest_of_turn.push(88), &[]);
    assert_eq!(total(&g, S), 10);
    assert!(max_per_state(&g, S) <= 2);
});

card_test!(card_046_eighteenth_amendment, {
    let g = played(S, 46, |g| g.hidden.forced_dice = vec![5], &[]);
    assert_eq!((g.board.congress, g.board.buttons[0]), (1, 8));
    assert!(g.board.rest_of_game.contains(&46));
    // It shuts out the Opposition's liquor cards.
    assert!(!g.playable(O, 68) && !g.playable(O, 83) && !g.playable(O, 92));
});

card_test!(card_047_mary_mcleod_bethune, {
    roll_remove(S, 47, vec![8, 7])
});
card_test!(card_048_make_a_home_run_for_suffrage, {
    roll_remove(S, 48, vec![1, 2])
});
card_test!(card_049_mary_church_terrell, {
    roll_add(S, 49, vec![8, 8], 2)
});

card_test!(card_050_tea_parties_for_suffrage, {
    let g = played(S, 50, no_prep, &[]);
    assert_eq!((g.board.congress, g.board.buttons[0]), (1, 10));
});

card_test!(card_051_dr_mabel_ping_hua_lee, {
    roll_add(S, 51, vec![5, 2], 2)
});

card_test!(card_052_miss_febb_wins_the_last_vote, {
    let g = played(S, 52, no_prep, &[]);
    assert!(g.board.final_voting_box.contains(&52));
    assert!(g.has_lasting(Lasting::SuffragistWinsTies));
});

card_test!(card_053_the_patriarchy, {
    let mut g = table(O, &[53]);
    g.board.campaigners.retain(|c| c.hue != Hue::Red);
    event(&mut g, O, 53);
    resolve(&mut g, &[]);
    assert_eq!(
        g.board.campaigners.last().copied(),
        Some(Campaigner {
            hue: Hue::Red,
            region: Region::South
        })
    );
    assert_eq!(g.board.buttons[1], 6, "4 buttons, capped at 6");
    assert_eq!(total(&g, O), 32);
    assert_eq!(in_region(&g, O, Region::West), vec![0; 8]);
});

card_test!(card_054_the_civil_war, {
    let mut g = table(O, &[54]);
    g.board.congress = 2;
    event(&mut g, O, 54);
    resolve(&mut g, &[]);
    assert_eq!(g.board.congress, 1);
    assert!(g.board.rest_of_turn.contains(&54));
    assert!(g.blocked(S, GA) && g.blocked(S, VA) && !g.blocked(S, NY) && !g.blocked(O, GA));
});

fn remove_all(
    c: CardId,
    which: Hue,
    states: usize,
    buttons_lost: u8,
    prep: fn(&mut VotesForWomen),
) {
    let g = played(
        O,
        c,
        |g| {
            prep(g);
            for s in 0..6u8 {
                g.board.states[s as usize].purple = 2;
                g.board.states[s as usize].yellow = 1;
            }
        },
        &["state:"],
    );
    let left: Vec<u8> = (0..6)
        .map(|s| {
            let st = g.board.states[s as usize];
            if which == Hue::Purple {
                st.purple
            } else {
                st.yellow
            }
        })
        .collect();
    assert_eq!(left.iter().filter(|&&n| n == 0).count(), states);
    // The other colour stays.
    let other: u32 = (0..6)
        .map(|s| {
            let st = g.board.states[s as usize];
            (if which == Hue::Purple {
                st.yellow
            } else {
                st.purple
            }) as u32
        })
        .sum();
    assert_eq!(other, if which == Hue::Purple { 6 } else { 12 });
    assert_eq!(g.board.buttons[0], 6 - buttons_lost);
}

card_test!(card_055_15th_divides_suffragists, {
    assert!(!table(O, &[55]).playable(O, 55));
    remove_all(55, Hue::Purple, 4, 2, |g| g.board.rest_of_game.push(6));
});

card_test!(card_056_senator_joseph_brown, {
    fixed_states(O, 56, &[(GA, 2)], -1, 0)
});

card_test!(card_057_minor_v_happersett, {
    let g = played(
        O,
        57,
        |g| {
            g.board.congress = 2;
            g.hidden.forced_dice = vec![3];
        },
        &[],
    );
    assert_eq!((g.board.congress, cubes(&g, O, MO)), (1, 2));
});

card_test!(card_058_senate_rejects_suffrage_amendment, {
    let g = played(
        O,
        58,
        |g| {
            g.board.congress = 2;
            g.hidden.forced_dice = vec![6];
        },
        &[],
    );
    assert_eq!((g.board.congress, g.board.buttons[1]), (1, 4));
});

card_test!(card_059_south_dakota_rejects_suffrage, {
    let g = played(
        O,
        59,
        |g| {
            g.board.congress = 2;
            g.hidden.forced_dice = vec![4];
        },
        &[],
    );
    assert_eq!((g.board.congress, cubes(&g, O, SD)), (1, 2));
});

card_test!(card_060_gerrymandering, {
    remove_all(60, Hue::Yellow, 2, 0, |_| {})
});

card_test!(card_061_border_states, {
    fixed_states(O, 61, &[(DE, 1), (MD, 1), (WV, 1), (KY, 1), (MO, 1)], 0, 0)
});
card_test!(card_062_horace_greeley, {
    fixed_states(O, 62, &[(NY, 2), (CT, 2)], 0, 0)
});
card_test!(card_063_new_york_newspapers, {
    fixed_states(O, 63, &[(NY, 2), (NJ, 2)], 0, 0)
});
card_test!(card_064_senator_george_vest, {
    fixed_states(O, 64, &[(MO, 2)], -1, 0)
});
card_test!(card_065_catharine_beecher, { roll_add(O, 65, vec![3], 1) });

card_test!(card_066_progress_not_politics, {
    let mut g = table(O, &[66]);
    let six = [54, 56, 57, 58, 59, 60];
    stack_deck(&mut g, O, &six);
    let deck_before = g.deck_len(O);
    event(&mut g, O, 66);
    assert_eq!(g.hidden.drawn[1].len(), 6);
    pick(&mut g, "top:gerrymandering");
    pick(&mut g, "top:the-civil-war");
    pick(&mut g, "done");
    assert_eq!(g.deck_len(O), deck_before);
    let d = &g.hidden.decks[1];
    // The last card stacked is drawn first; the other four went to the bottom.
    assert_eq!(d.top, vec![60, 54]);
    assert_eq!(d.bottom.len(), 4);
    // The opponent only sees counts.
    let v = g.view(Viewer::Seat(0));
    assert!(v.deck_top[1].is_none());
    assert_eq!(v.deck_top_count[1], 2);
});

card_test!(card_067_southern_hospitality, {
    fixed_states(O, 67, &[(VA, 1), (NC, 1), (SC, 1), (GA, 1), (TN, 1)], 0, 0)
});

card_test!(card_068_beer_brewers, {
    campaign_boost(68, O);
    let mut t = table(O, &[68]);
    t.board.rest_of_game.push(46);
    assert!(!t.playable(O, 68));
});

card_test!(card_069_southern_resentment, {
    assert!(!table(O, &[69]).playable(O, 69));
    let g = played(O, 69, |g| g.board.rest_of_game.push(6), &[]);
    for s in [TX, LA, AR, MS, AL] {
        assert_eq!(cubes(&g, O, s), 1);
    }
});

card_test!(card_070_old_dixie, {
    fixed_states(O, 70, &[(LA, 1), (MS, 1), (AL, 1), (GA, 1), (FL, 1)], 0, 0)
});

card_test!(card_071_naows_forms, {
    let g = played(O, 71, no_prep, &[]);
    assert_eq!(
        g.board.campaigners.last().copied(),
        Some(Campaigner {
            hue: Hue::Red,
            region: Region::Northeast
        })
    );
    assert_eq!(g.board.buttons[1], 5);
});

card_test!(card_072_woman_and_the_republic, {
    draw_discard_play(O, 72, false)
});
card_test!(card_073_the_ladies_battle, {
    draw_discard_play(O, 73, false)
});

card_test!(card_074_backlash_to_the_movement, {
    let g = played(
        O,
        74,
        |g| {
            for s in 0..5u8 {
                g.board.states[s as usize].yellow = 3;
            }
        },
        &[],
    );
    assert_eq!(total(&g, S), 15 - 6);
    assert!((0..5).all(|s| cubes(&g, S, s) >= 1));
    assert_eq!(total(&g, O), 0);
});

card_test!(card_075_xenophobia, {
    let g = played(
        O,
        75,
        |g| {
            g.board.states[NY as usize].purple = 3;
            g.board.states[NY as usize].yellow = 2;
            g.board.states[CA as usize].yellow = 3;
        },
        &["state:CA", "state:NY"],
    );
    // Purple first: only NY has purple; then yellow: CA is preferred.
    assert_eq!(g.board.states[NY as usize].purple, 0);
    assert_eq!(g.board.states[NY as usize].yellow, 2);
    assert_eq!(g.board.states[CA as usize].yellow, 0);
});

card_test!(card_076_o_save_us_senators_from_ourselves, {
    let g = played(O, 76, no_prep, &[]);
    one_per_region(&g, O, 1);
});

card_test!(card_077_emma_goldman, { roll_add(O, 77, vec![4], 1) });

card_test!(card_078_the_great_1906_san_francisco_earthquake, {
    let g = played(
        O,
        78,
        |g| {
            g.board.states[CA as usize].purple = 2;
            g.board.states[CA as usize].yellow = 1;
            g.board.states[OR as usize].purple = 1;
        },
        &[],
    );
    assert_eq!(cubes(&g, S, CA), 0);
    assert_eq!(cubes(&g, S, OR), 1);
    assert_eq!(g.board.buttons[0], 5);
});

fn event_tax(c: CardId) {
    let mut g = played(O, c, no_prep, &[]);
    assert!(g.board.rest_of_turn.contains(&c));
    // Now the Suffragist's turn: an event costs a button, an action does not.
    g.board.active = S;
    g.board.hand_done = false;
    g.hidden.hands[0].push(40);
    g.board.buttons[0] = 2;
    g.run();
    event(&mut g, S, 40);
    assert_eq!(g.board.buttons[0], 1);
    g.board.buttons[0] = 0;
    assert!(!g.playable(S, 3));
    assert!(g.playable(O, 56), "the Opposition pays nothing");
}

card_test!(card_079_a_threat_to_the_ideal_of_womanhood, {
    event_tax(79)
});
card_test!(card_080_unwarranted_unnecessary_dangerous_interference, {
    let g = played(O, 80, no_prep, &[]);
    one_per_region(&g, O, 1);
});
card_test!(card_081_conservative_opposition, { campaign_boost(81, O) });

card_test!(card_082_the_sswsc, {
    assert!(!table(O, &[82]).playable(O, 82));
    let g = played(O, 82, |g| g.board.rest_of_game.push(35), &[]);
    assert_eq!(g.board.buttons[1], 5);
    let v = in_region(&g, O, Region::South);
    assert_eq!(v.iter().map(|&n| n as u32).sum::<u32>(), 6);
    assert!(v.iter().all(|&n| n <= 2));
});

card_test!(card_083_western_saloons_push_suffrage_veto, {
    fixed_states(O, 83, &[(AZ, 2), (NM, 1), (NV, 1), (UT, 1)], 0, 0)
});

fn transportation(side: Side, c: CardId, claimed_card: bool) {
    let mut g = table(side, &[c]);
    g.hidden.forced_dice = vec![3, 3, 3];
    if claimed_card {
        claimed(&mut g, side, c);
    } else {
        event(&mut g, side, c);
    }
    let before = g.board.buttons;
    // Every own Campaigner moves to the Plains for free, then campaigns there.
    resolve(&mut g, &["move:plains", "keep", "state:"]);
    let own = g.campaigners_of(side);
    assert!(
        own.iter()
            .all(|&i| g.board.campaigners[i as usize].region == Region::Plains)
    );
    assert_eq!(g.board.buttons, before);
    let placed: u32 = in_region(&g, side, Region::Plains)
        .iter()
        .map(|&n| n as u32)
        .sum();
    assert_eq!(placed, 3 * own.len() as u32);
}

card_test!(card_084_transcontinental_railroad, {
    transportation(O, 84, false)
});

card_test!(card_085_white_supremacy_and_the_suffrage_movement, {
    assert!(!table(O, &[85]).playable(O, 85));
    remove_all(85, Hue::Yellow, 4, 2, |g| g.board.rest_of_game.push(35));
});

card_test!(card_086_senator_john_weeks, {
    fixed_states(O, 86, &[(NH, 2)], -1, 0)
});
card_test!(card_087_senator_cotton_ed_smith, {
    fixed_states(O, 87, &[(SC, 2)], -1, 0)
});

card_test!(card_088_war_in_europe, {
    let mut g = played(O, 88, |g| g.board.congress = 1, &[]);
    assert_eq!(g.board.congress, 0);
    assert!(g.board.rest_of_turn.contains(&88));
    g.board.active = S;
    g.board.hand_done = false;
    g.hidden.hands[0].push(40);
    g.board.buttons[0] = 0;
    g.run();
    assert!(!offered(&g, "campaign:maud-wood-park"));
    g.board.buttons[0] = 1;
    g.hidden.forced_dice = vec![1, 1];
    g.apply(0, "campaign:maud-wood-park").unwrap();
    assert_eq!(g.board.buttons[0], 0, "the campaign cost its button");
});

card_test!(card_089_1918_pandemic, {
    event_tax(89);
    let g = played(O, 89, |g| g.board.congress = 4, &[]);
    assert_eq!(g.board.congress, 3);
});

card_test!(card_090_the_business_of_being_a_woman, {
    draw_discard_play(O, 90, false)
});
card_test!(card_091_the_eden_sphinx, {
    draw_discard_play(O, 91, false)
});

card_test!(card_092_big_liquors_big_money, {
    campaign_boost(92, O);
    let mut t = table(O, &[92]);
    t.board.rest_of_game.push(46);
    assert!(!t.playable(O, 92));
});

card_test!(card_093_red_scare, {
    remove_all(93, Hue::Purple, 2, 0, |_| {})
});

fn southern_d8(c: CardId) {
    assert!(!table(O, &[c]).playable(O, c));
    let g = played(
        O,
        c,
        |g| {
            g.board.rest_of_game.push(35);
            g.hidden.forced_dice = vec![7];
        },
        &["keep"],
    );
    let v = in_region(&g, O, Region::South);
    assert_eq!(v.iter().map(|&n| n as u32).sum::<u32>(), 7);
    assert!(v.iter().all(|&n| n <= 2));
}

card_test!(card_094_southern_womens_rejection_league, {
    southern_d8(94)
});
card_test!(card_095_united_daughters_of_the_confederacy, {
    southern_d8(95)
});

card_test!(card_096_cheers_to_no_on_suffrage, {
    roll_add(O, 96, vec![8], 2);
    let mut t = table(O, &[96]);
    t.board.rest_of_game.push(46);
    assert!(!t.playable(O, 96));
});

card_test!(card_097_the_unnecessary_privilege, {
    roll_add(O, 97, vec![6], 1)
});

card_test!(card_098_voter_suppression, {
    let g = played(O, 98, no_prep, &[]);
    assert!(g.board.final_voting_box.contains(&98));
    assert_eq!((g.vote_die(S), g.vote_die(O)), (Die::D6, Die::D8));
});

card_test!(card_099_anti_suffrage_riots, {
    let mut g = table(O, &[99]);
    g.hidden.hands[0] = vec![3, 8, 9];
    let deck = g.deck_len(S);
    event(&mut g, O, 99);
    resolve(&mut g, &[]);
    assert_eq!(g.hand(S).len(), 3);
    assert_eq!(g.deck_len(S), deck - 2);
    let gone = [3, 8, 9].iter().filter(|c| g.board.out.contains(c)).count();
    assert_eq!(gone, 2, "two of the three were discarded for both to see");
});

card_test!(card_100_american_constitutional_league, {
    let mut t = table(O, &[100]);
    t.board.buttons[1] = 3;
    assert!(!t.playable(O, 100));
    let g = played(O, 100, |g| g.board.buttons[1] = 5, &[]);
    assert_eq!(g.board.buttons[1], 1);
    assert_eq!(g.board.claimed[1].len(), 1);
    assert_eq!(g.board.strategy_display.len(), 3);
});

card_test!(card_101_the_woman_patriot, {
    let g = played(O, 101, no_prep, &[]);
    assert_eq!(g.board.buttons[1], 6);
});

card_test!(card_102_governor_clements_veto, {
    assert!(!table(O, &[102]).playable(O, 102));
    let g = played(
        O,
        102,
        |g| {
            g.board.amendment_sent = true;
            g.board.states[OH as usize].mark = Some(Mark::Check);
            g.board.checks = 1;
        },
        &[],
    );
    assert_eq!(g.board.states[OH as usize].mark, Some(Mark::X));
    assert_eq!((g.board.checks, g.board.xs), (0, 1));
});

card_test!(card_103_senator_henry_cabot_lodge, {
    fixed_states(O, 103, &[(MA, 2)], -1, 0)
});
card_test!(card_104_senator_william_borah, {
    fixed_states(O, 104, &[(UT, 2)], -1, 0)
});

card_test!(card_105_efficient_organizing, {
    let g = played_claimed(S, 105, no_prep, &[]);
    assert_eq!(g.board.buttons[0], 11);
    assert!(g.board.out.contains(&105) && g.board.claimed[0].is_empty());
});

card_test!(card_106_reconsideration, {
    let mut t = table(S, &[]);
    t.board.claimed[0].push(106);
    assert!(!t.playable(S, 106));
    let prep = |g: &mut VotesForWomen| {
        g.board.amendment_sent = true;
        g.board.states[OH as usize].mark = Some(Mark::X);
        g.board.states[NY as usize].mark = Some(Mark::Check);
        g.board.xs = 1;
        g.board.checks = 1;
    };
    let g = played_claimed(S, 106, prep, &[]);
    assert_eq!(g.board.states[OH as usize].mark, None);
    assert_eq!(cubes(&g, S, OH), 2);
    assert_eq!((g.board.checks, g.board.xs), (1, 0));
    let g = played_claimed(O, 106, prep, &[]);
    assert_eq!(cubes(&g, O, NY), 2);
    assert_eq!((g.board.checks, g.board.xs), (0, 1));
});

card_test!(card_107_opposition_research, {
    let g = played_claimed(O, 107, |g| g.board.buttons[0] = 7, &[]);
    assert_eq!(g.board.buttons[0], 3);
    let g = played_claimed(S, 107, |g| g.board.buttons[1] = 3, &[]);
    assert_eq!(g.board.buttons[1], 1);
});

card_test!(card_108_change_in_plans, {
    let mut g = table(S, &[]);
    g.hidden.hands[1] = vec![53, 56, 57];
    let deck = g.deck_len(O);
    claimed(&mut g, S, 108);
    // The Patriarchy carries a Campaigner: not a legal pick.
    assert!(!offered(&g, "discard:the-patriarchy"));
    pick(&mut g, "discard:minor-v-happersett");
    assert!(g.board.out.contains(&57));
    assert_eq!(g.hand(O).len(), 3);
    assert_eq!(g.deck_len(O), deck - 1);
    assert!(
        g.view(Viewer::Seat(0)).hands[1].is_none(),
        "the look is over"
    );
});

card_test!(card_109_bellwether_state, {
    let g = played_claimed(
        S,
        109,
        |g| put_red(g, &[(WA, 3)]),
        &["purple:WA", "state:WA"],
    );
    let wa = g.board.states[WA as usize];
    assert_eq!((wa.red, wa.purple), (0, 4));
    let g = played_claimed(
        O,
        109,
        |g| g.board.states[NY as usize].yellow = 2,
        &["state:NY"],
    );
    let ny = g.board.states[NY as usize];
    assert_eq!((ny.red, ny.purple + ny.yellow), (4, 0));
    // Four red cubes claim the New York State card.
    assert!(g.board.claimed[1].contains(&127));
});

card_test!(card_110_superior_lobbying, {
    let g = played_claimed(
        S,
        110,
        |g| g.hidden.forced_dice = vec![6, 7, 2, 8],
        &["keep"],
    );
    assert_eq!(g.board.congress, 3);
    let g = played_claimed(
        O,
        110,
        |g| {
            g.board.congress = 4;
            g.hidden.forced_dice = vec![6, 1, 2, 3];
        },
        &["keep"],
    );
    assert_eq!(g.board.congress, 3);
});

card_test!(card_111_the_winning_plan, {
    let mut g = table(S, &[]);
    stack_deck(&mut g, S, &[22, 40, 3, 8, 9, 10]);
    let deck = g.deck_len(S);
    claimed(&mut g, S, 111);
    pick(&mut g, "play:the-club-movement");
    assert_eq!(g.board.buttons[0], 10);
    pick(&mut g, "top:maud-wood-park");
    pick(&mut g, "done");
    assert_eq!(g.deck_len(S), deck - 1);
    assert_eq!(g.hidden.decks[0].top, vec![40]);
    assert_eq!(g.hidden.decks[0].bottom.len(), 4);
    assert!(g.board.stack.is_empty());
});

card_test!(card_112_regional_focus, {
    let g = played_claimed(O, 112, no_prep, &["region:midwest"]);
    assert_eq!(in_region(&g, O, Region::Midwest), vec![1; 8]);
    assert_eq!(total(&g, O), 8);
});

card_test!(card_113_eye_on_the_future, {
    let mut t = table(S, &[]);
    t.board.claimed[0].push(113);
    assert!(!t.playable(S, 113));
    let mut g = table(S, &[]);
    g.board.turn = 5;
    let deck = g.deck_len(S);
    assert!(g.hidden.decks[0].all().contains(&50));
    claimed(&mut g, S, 113);
    pick(&mut g, "play:tea-parties-for-suffrage");
    resolve(&mut g, &[]);
    assert_eq!((g.board.congress, g.board.buttons[0]), (1, 10));
    assert_eq!(g.deck_len(S), deck - 1);
    assert!(!g.board.era_ordered[0], "the deck was reshuffled");
});

card_test!(card_114_transportation, { transportation(S, 114, true) });

card_test!(card_115_counter_strat, {
    let g = played_claimed(
        S,
        115,
        |g| g.board.rest_of_turn = vec![81, 88],
        &["remove:war-in-europe"],
    );
    assert_eq!(g.board.rest_of_turn, vec![81]);
    assert!(g.board.out.contains(&88));
});

card_test!(card_116_national_focus, {
    let g = played_claimed(O, 116, no_prep, &[]);
    one_per_region(&g, O, 2);
    assert!(max_per_state(&g, O) == 2);
});

card_test!(card_117_california, { draw_discard_play(S, 117, true) });

fn state_six(c: CardId, r: Region) {
    for side in [S, O] {
        let g = played_claimed(side, c, no_prep, &[]);
        let v = in_region(&g, side, r);
        assert_eq!(
            v.iter().map(|&n| n as u32).sum::<u32>(),
            6,
            "{}",
            card(c).name
        );
        assert!(v.iter().all(|&n| n <= 2));
        assert_eq!(total(&g, side), 6);
    }
}

fn state_buttons(c: CardId) {
    let g = played_claimed(O, c, |g| g.board.buttons[1] = 1, &[]);
    assert_eq!(g.board.buttons[1], 3);
    let g = played_claimed(S, c, no_prep, &[]);
    assert_eq!(g.board.buttons[0], 8);
}

card_test!(card_118_utah, { state_six(118, Region::West) });
card_test!(card_119_montana, { state_buttons(119) });
card_test!(card_120_kansas, { state_six(120, Region::Plains) });
card_test!(card_121_texas, { state_six(121, Region::South) });
card_test!(card_122_georgia, { state_buttons(122) });
card_test!(card_123_illinois, { state_six(123, Region::Midwest) });
card_test!(card_124_ohio, { draw_discard_play(O, 124, true) });
card_test!(card_125_pennsylvania, {
    state_six(125, Region::AtlanticAppalachia)
});
card_test!(card_126_virginia, { draw_discard_play(S, 126, true) });
card_test!(card_127_new_york, { state_six(127, Region::Northeast) });
card_test!(card_128_new_jersey, { state_buttons(128) });

#[test]
fn a_card_played_inside_the_winning_plan_keeps_its_own_drawn_cards() {
    let mut g = table(S, &[]);
    stack_deck(&mut g, S, &[4, 22, 40, 3, 8, 9, 50, 10]);
    claimed(&mut g, S, 111);
    // The Winning Plan plays A Vindication…, which draws 2 of its own.
    pick(&mut g, "play:a-vindication-of-the-rights-of-woman");
    assert_eq!(g.hidden.drawn[0].len(), 7);
    assert!(offered(&g, "play:tea-parties-for-suffrage"));
    assert!(
        !offered(&g, "play:the-club-movement"),
        "not one of its two cards"
    );
    pick(&mut g, "play:tea-parties-for-suffrage");
    assert!(
        g.board.out.contains(&10),
        "the other of its two is discarded"
    );
    // Back in the Winning Plan: its five remaining cards are still there to stack.
    let p = g.prompt(0).expect("stacking");
    assert_eq!(p.choices.iter().filter(|c| c.kind == "top").count(), 5);
    pick(&mut g, "done");
    assert_eq!(g.hidden.decks[0].bottom.len(), 5);
    assert!(g.board.stack.is_empty());
}

#[test]
fn after_the_amendment_a_fourth_cube_claims_the_state_card_then_ratifies() {
    let mut g = table(S, &[32]);
    g.board.amendment_sent = true;
    g.board.states[CA as usize].yellow = 2;
    event(&mut g, S, 32);
    resolve(&mut g, &[]);
    assert!(g.board.claimed[0].contains(&117), "California claimed");
    assert_eq!(g.board.states[CA as usize].mark, Some(Mark::Check));
    assert_eq!(g.board.checks, 1);
}

#[test]
fn cleanup_empties_the_turn_box_and_turn_six_empties_the_game_box_too() {
    let mut g = table(O, &[]);
    g.board.round = 6;
    g.board.hand_done = true;
    g.board.claimed_done = true;
    g.board.rest_of_turn = vec![81];
    g.board.rest_of_game = vec![6];
    g.board.final_voting_box = vec![52];
    g.run();
    assert_eq!(g.board.turn, 3);
    assert!(g.board.rest_of_turn.is_empty() && g.board.out.contains(&81));
    assert_eq!(g.board.rest_of_game, vec![6]);
    // Planning drew 6 for each; the Strategy Phase asks the Suffragist first.
    assert_eq!(g.hand(S).len(), 7);
    assert_eq!(g.board.phase, Phase::Strategy);
    let mut g = table(O, &[]);
    g.board.turn = 6;
    g.board.round = 6;
    g.board.hand_done = true;
    g.board.claimed_done = true;
    g.board.amendment_sent = true;
    g.board.rest_of_game = vec![6];
    g.board.final_voting_box = vec![52];
    g.run();
    assert_eq!(g.board.phase, Phase::FinalVoting);
    assert!(g.board.rest_of_game.is_empty());
    assert_eq!(g.board.final_voting_box, vec![52]);
    assert_eq!(
        g.to_act(),
        vec![0],
        "the Suffragist chooses the first state"
    );
}

#[test]
fn a_zero_commitment_against_no_buttons_is_a_match_without_a_question() {
    let mut g = table(S, &[]);
    g.board.phase = Phase::Strategy;
    g.board.buttons = [0, 0];
    let display = g.board.strategy_display.clone();
    g.run();
    // Nothing to decide: straight into Operations with the display untouched.
    assert_eq!(g.board.phase, Phase::Operations);
    assert_eq!(g.board.strategy_display, display);
    assert!(g.board.claimed.iter().all(|c| c.is_empty()));
}

#[test]
fn a_successful_gate_roll_asks_nothing() {
    let mut g = table(S, &[38]);
    g.hidden.forced_dice = vec![3];
    event(&mut g, S, 38);
    assert_eq!(g.board.congress, 3);
    assert!(g.board.stack.is_empty());
    assert_eq!(g.board.buttons[0], 6);
}

#[test]
fn final_voting_alternates_choosers_and_adds_cubes_to_the_roll() {
    let mut g = table(S, &[]);
    // 30 checks and 12 Xs; six Northeast states are open.
    let open = [NY, VT, NH, ME, MA, RI];
    for s in 0..48u8 {
        if !open.contains(&s) {
            g.board.states[s as usize].mark = Some(if s < 30 { Mark::Check } else { Mark::X });
        }
    }
    g.board.checks = 30;
    g.board.xs = 12;
    g.board.states[NY as usize].purple = 3;
    g.board.amendment_sent = true;
    g.board.phase = Phase::FinalVoting;
    g.board.buttons = [0, 0];
    // NY: 2 + 3 cubes against 4: ratified. Then the Opposition chooses.
    g.hidden.forced_dice = vec![2, 4];
    g.run();
    pick(&mut g, "state:NY");
    assert_eq!(g.board.states[NY as usize].mark, Some(Mark::Check));
    assert_eq!(g.to_act(), vec![1]);
    g.hidden.forced_dice = vec![5, 5];
    pick(&mut g, "state:VT");
    // A tie goes to the Opposition: the 13th X ends the game.
    assert_eq!(g.board.states[VT as usize].mark, Some(Mark::X));
    assert_eq!(g.outcome().expect("over").winners, vec![1]);
}

#[test]
fn a_seats_hidden_digest_leaves_out_its_own_hand_but_not_the_other_sides() {
    let mut g = VotesForWomen::new(&Setup::new("standard", 2, 3)).expect("set-up");
    let side0 = g.board().seats[0];
    let digests = |g: &VotesForWomen| {
        [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator].map(|v| g.hidden_digest(v))
    };
    let before = digests(&g);
    assert!(g.hand(side0).len() >= 2, "seat 0 holds cards");
    // Reorder seat 0's own hand: nothing it cannot see changed, but the others' did.
    g.edit(|_, h| h.hands[side0.index()].reverse());
    let after = digests(&g);
    assert_eq!(after[0], before[0], "seat 0 sees its own hand");
    assert_ne!(after[1], before[1], "seat 1 does not see seat 0's hand");
    assert_ne!(after[2], before[2], "spectators see no hand");
}

#[test]
fn log_entries_name_their_states_as_data() {
    // A client renders an entry from its data: a cube, a state's vote or its decision
    // names the state (also its `location`) in `states`; so does a state's check turned
    // to an X, its reconsidering, and opposing cubes leaving it.
    let mut states = 0;
    for (variant, seats) in [("standard", 2), ("solitaire", 1), ("team-4", 4)] {
        for seed in 0..10 {
            let setup = Setup::new(variant, seats, seed);
            for e in crate::testing::random_log::<VotesForWomen>(&setup, seed) {
                if let Some(place) = &e.location
                    && ["cube", "vote", "decided"].contains(&e.kind.as_str())
                {
                    assert_eq!(e.states, std::slice::from_ref(place), "{e:?}");
                    states += 1;
                }
                for s in &e.states {
                    assert!(STATES.iter().any(|d| d.code == s), "{e:?}");
                }
                assert_eq!(e.seats.first(), e.seat.as_ref(), "{e:?}");
                assert_eq!(e.cards.first(), e.card.as_ref(), "{e:?}");
            }
        }
    }
    assert!(states > 1000, "entries about a state: {states}");
}

#[test]
fn cube_steps_give_the_line_a_run_of_them_reads_as() {
    // A client folds consecutive entries of one seat with the same `run` into one line (the
    // browser's log pane). Two cube steps share a run exactly when they are the same step
    // in another state: the same seat, and the same words but for the state's code. Only
    // cube steps have a run; its holes are `{n}` and `{places}`.
    let (mut cubes, mut same) = (0, 0);
    let without_place = |e: &LogEntry| {
        let place = e.location.as_deref().unwrap_or_default();
        e.text.strip_suffix(place).map(str::to_string)
    };
    for (variant, seats) in [("standard", 2), ("solitaire", 1), ("team-4", 4)] {
        for seed in 0..10 {
            let setup = Setup::new(variant, seats, seed);
            let log = crate::testing::random_log::<VotesForWomen>(&setup, seed);
            for e in &log {
                let Some(run) = &e.run else {
                    assert_ne!(e.kind, "cube", "{e:?}");
                    continue;
                };
                assert_eq!(e.kind, "cube", "{e:?}");
                assert!(run.contains("{n}") && run.contains("{places}"), "{run}");
                assert!(
                    without_place(e).is_some(),
                    "the text ends with the place: {e:?}"
                );
                cubes += 1;
            }
            for pair in log.windows(2) {
                let [a, b] = pair else { continue };
                if a.kind != "cube" || b.kind != "cube" {
                    continue;
                }
                let alike = a.seat == b.seat && without_place(a) == without_place(b);
                assert_eq!(a.run == b.run && a.seat == b.seat, alike, "{a:?} {b:?}");
                same += usize::from(alike);
            }
        }
    }
    assert!(
        cubes > 1000 && same > 300,
        "cube steps {cubes}, alike in a row {same}"
    );
    let added = VfwEvent::Cube {
        by: Actor {
            side: Side::Suffragist,
            slot: 0,
        },
        state: 31,
        change: log::CubeChange::Added(Hue::Purple),
    };
    let board = VotesForWomen::new(&Setup::new("standard", 2, 1))
        .expect("set-up")
        .board;
    let e = added.render(0, &board);
    assert_eq!(
        e.text,
        format!("Suffragist adds a purple cube in {}", STATES[31].code)
    );
    assert_eq!(
        e.run.as_deref(),
        Some("Suffragist adds {n} purple cubes: {places}")
    );
}
