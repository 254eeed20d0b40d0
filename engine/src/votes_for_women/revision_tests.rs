//! Rules tests of the corrections of revision 1 (issue 20), each beside the old behaviour
//! revision 0 keeps: Lobbying and Superior Lobbying in both directions, Eye on the Future's
//! event before the reshuffle, and the sign of every rendered Congress effect.

use super::data::*;
use super::tests::{claimed, offered, pick, resolve, stack_deck, table};
use super::*;

const S: Side = Side::Suffragist;
const O: Side = Side::Opposition;
const FRANCES_WILLARD: CardId = 3;
const A_VINDICATION: CardId = 4;
const MAUD_WOOD_PARK: CardId = 40;
const PROGRESS_NOT_POLITICS: CardId = 66;
const SUPERIOR_LOBBYING: CardId = 110;
const EYE_ON_THE_FUTURE: CardId = 113;
const ANTI_SUFFRAGE_ALLIANCE: CardId = 56;

/// The ids of the prompt of the seat to act.
fn choices(g: &VotesForWomen) -> Vec<String> {
    let seat = g.to_act()[0];
    let p = g.prompt(seat).expect("a prompt");
    p.choices.into_iter().map(|c| c.id).collect()
}

/// `side` lobbies with hand card `c` at Congress `congress`, the dice showing `dice`.
fn lobbying(side: Side, c: CardId, congress: u8, dice: &[u8]) -> VotesForWomen {
    let mut g = table(side, &[c]);
    g.board.congress = congress;
    g.hidden.forced_dice = dice.to_vec();
    g.run();
    pick(&mut g, &format!("lobby:{}", slug(c)));
    g
}

/// Index of the first log entry containing `text`.
fn log_at(g: &VotesForWomen, text: &str) -> usize {
    g.log()
        .iter()
        .position(|e| e.text.contains(text))
        .unwrap_or_else(|| panic!("no log entry with {text:?}"))
}

// ----- Lobbying: "Play a Card for a Lobbying Action", and Superior Lobbying ----------------

#[test]
fn lobbying_each_success_adds_or_removes_a_marker_or_goes_unused() {
    // Rulebook, "Play a Card for a Lobbying Action": per 6, add a marker or remove one.
    // Two Suffragist Campaigners roll 6 and 6 at Congress 2.
    let mut g = lobbying(S, FRANCES_WILLARD, 2, &[6, 6]);
    // Her own way first, then the other, then leaving the rest unused.
    assert_eq!(choices(&g), ["add-marker", "remove-marker", "done"]);
    pick(&mut g, "remove-marker");
    assert_eq!(g.board.congress, 1);
    assert_eq!(choices(&g), ["add-marker", "remove-marker", "done"]);
    pick(&mut g, "add-marker");
    assert_eq!(g.board.congress, 2);
    // Both successes spent: the Opposition's part of the round.
    assert!(g.board.stack.is_empty());
    assert_eq!(g.to_act(), vec![1]);
}

#[test]
fn lobbying_offers_the_opposition_its_own_way_first_and_adding_too() {
    let mut g = lobbying(O, ANTI_SUFFRAGE_ALLIANCE, 3, &[6]);
    assert_eq!(choices(&g), ["remove-marker", "add-marker", "done"]);
    pick(&mut g, "remove-marker");
    assert_eq!(g.board.congress, 2);
    // At 0 there is nothing to remove: adding, or leaving it unused.
    let g = lobbying(O, ANTI_SUFFRAGE_ALLIANCE, 0, &[6]);
    assert_eq!(choices(&g), ["add-marker", "done"]);
}

#[test]
fn lobbying_an_opposition_player_may_add_the_sixth_marker_to_win_with_thirteen_xs() {
    // Rulebook, "Sending the Nineteenth Amendment to the States": the sixth marker sends it,
    // and every state with 4 cubes of a side is decided at once. With 12 Xs and 4 red cubes
    // in Texas, the Opposition wins by adding the sixth marker.
    let mut g = table(O, &[ANTI_SUFFRAGE_ALLIANCE]);
    g.board.congress = 5;
    let xs: Vec<St> = (0..48u8).filter(|&s| s != TX).take(12).collect();
    for &s in &xs {
        g.board.states[s as usize].mark = Some(Mark::X);
    }
    g.board.xs = 12;
    g.board.states[TX as usize].red = 4;
    g.hidden.forced_dice = vec![6];
    g.run();
    pick(&mut g, &format!("lobby:{}", slug(ANTI_SUFFRAGE_ALLIANCE)));
    assert!(offered(&g, "add-marker"));
    pick(&mut g, "add-marker");
    assert!(g.board.amendment_sent);
    assert_eq!(g.board.states[TX as usize].mark, Some(Mark::X));
    assert_eq!(g.board.xs, 13);
    let outcome = g.outcome().expect("the game is over");
    assert_eq!(outcome.winners, vec![1]);
}

#[test]
fn lobbying_a_suffragist_may_leave_successes_unused_to_hold_the_amendment() {
    // At Congress 5 a success would send the amendment; she keeps it back.
    let mut g = lobbying(S, FRANCES_WILLARD, 5, &[6, 2]);
    pick(&mut g, "keep");
    let p = g.prompt(0).expect("a prompt");
    let add = p.find("add-marker").expect("adding offered");
    assert!(add.label.contains("sends the amendment"), "{}", add.label);
    pick(&mut g, "done");
    assert_eq!(g.board.congress, 5);
    assert!(!g.board.amendment_sent);
    assert!(g.log().iter().any(|e| e.text == "1 success left unused"));
    assert_eq!(g.to_act(), vec![1]);
}

#[test]
fn lobbying_successes_past_the_sixth_marker_are_lost() {
    // Two successes at Congress 5: the first added sends the amendment, and Congress then
    // moves no more, so nothing is left to decide.
    let mut g = lobbying(S, FRANCES_WILLARD, 5, &[6, 6]);
    pick(&mut g, "add-marker");
    assert!(g.board.amendment_sent);
    assert_eq!(g.board.congress, 0);
    assert!(g.board.stack.is_empty());
}

#[test]
fn superior_lobbying_each_six_to_eight_adds_or_removes_a_marker() {
    // The Superior Lobbying card: per 6, 7 or 8 of four d8, add or remove a marker.
    let mut g = table(O, &[]);
    g.board.congress = 2;
    g.hidden.forced_dice = vec![6, 7, 8, 1];
    claimed(&mut g, O, SUPERIOR_LOBBYING);
    pick(&mut g, "keep");
    assert_eq!(choices(&g), ["remove-marker", "add-marker", "done"]);
    pick(&mut g, "add-marker");
    pick(&mut g, "add-marker");
    pick(&mut g, "remove-marker");
    assert_eq!(g.board.congress, 3);
    assert!(g.board.stack.is_empty());
    // The card's text says so (the Suffragist's prompt offered it).
    assert!(describe(SUPERIOR_LOBBYING).contains("+1 Congress or -1 Congress"));
}

#[test]
fn revision_0_lobbying_moves_congress_only_the_players_way() {
    // A game stored before the correction keeps its old reading: no direction to choose.
    let mut g = table(O, &[ANTI_SUFFRAGE_ALLIANCE]);
    g.board.rules = 0;
    g.board.congress = 3;
    g.hidden.forced_dice = vec![6];
    g.run();
    pick(&mut g, &format!("lobby:{}", slug(ANTI_SUFFRAGE_ALLIANCE)));
    assert_eq!(g.board.congress, 2);
    assert!(g.board.stack.is_empty());
    assert_eq!(g.to_act(), vec![0]);
    // And Superior Lobbying's text is the old one.
    assert_eq!(
        describe_for(SUPERIOR_LOBBYING, 0),
        "roll 4d8: each 6+ moves Congress your way"
    );
}

// ----- Eye on the Future: play the card found, then reshuffle -----------------------------

/// Turn 5, the Suffragist to play her claimed Eye on the Future, with `top` on top of her
/// deck (the first drawn first).
fn eye_on_the_future(top: &[CardId]) -> VotesForWomen {
    let mut g = table(S, &[]);
    g.board.turn = 5;
    stack_deck(&mut g, S, top);
    claimed(&mut g, S, EYE_ON_THE_FUTURE);
    g
}

#[test]
fn eye_on_the_future_a_card_that_draws_draws_from_the_deck_before_the_reshuffle() {
    // Eye on the Future: play the card found for its event, then reshuffle. A Vindication
    // of the Rights of Woman draws 2: the two on top of the deck as it stands.
    let mut g = eye_on_the_future(&[FRANCES_WILLARD, MAUD_WOOD_PARK]);
    let deck = g.deck_len(S);
    pick(&mut g, &format!("play:{}", slug(A_VINDICATION)));
    let drawn = g.hidden.drawn[0].clone();
    assert_eq!(drawn, vec![FRANCES_WILLARD, MAUD_WOOD_PARK]);
    assert!(offered(&g, "play:frances-willard") && offered(&g, "play:maud-wood-park"));
    pick(&mut g, "play:frances-willard");
    resolve(&mut g, &[]);
    // Frances Willard's event: +1 Congress, +2 buttons; Maud Wood Park is discarded.
    assert_eq!((g.board.congress, g.board.buttons[0]), (1, 8));
    assert!(g.board.out.contains(&MAUD_WOOD_PARK));
    assert_eq!(g.deck_len(S), deck - 3);
    // The reshuffle comes after everything the card found did.
    assert!(!g.board.era_ordered[0]);
    assert!(log_at(&g, "reshuffles the deck") > log_at(&g, "plays Frances Willard"));
    assert!(g.hidden.decks[0].top.is_empty() && g.hidden.decks[0].bottom.is_empty());
}

#[test]
fn eye_on_the_future_a_deck_stacked_by_the_card_found_is_reshuffled_after() {
    // The Opposition's Progress, Not Politics draws 6 and stacks some on top; the reshuffle
    // that follows leaves no known order (revision 0 kept the stack, as it reshuffled first).
    let top = [94, 95, 96, 97, 99, 100];
    for rules in [1, 0] {
        let mut g = table(O, &[]);
        g.board.rules = rules;
        g.board.turn = 5;
        stack_deck(&mut g, O, &top);
        claimed(&mut g, O, EYE_ON_THE_FUTURE);
        pick(&mut g, &format!("play:{}", slug(PROGRESS_NOT_POLITICS)));
        if rules == 1 {
            // Drawn from the deck as it stood: the six on top.
            assert_eq!(g.hidden.drawn[1], top);
        }
        let first = g.hidden.drawn[1][0];
        pick(&mut g, &format!("top:{}", slug(first)));
        pick(&mut g, "done");
        assert!(g.board.stack.is_empty());
        let deck = &g.hidden.decks[1];
        if rules == 1 {
            assert!(deck.top.is_empty() && deck.bottom.is_empty(), "reshuffled");
            assert!(log_at(&g, "reshuffles the deck") > log_at(&g, "on top of the deck"));
        } else {
            assert_eq!(deck.top, vec![first], "revision 0: the stack survives");
            assert!(log_at(&g, "reshuffles the deck") < log_at(&g, "plays Progress, Not Politics"));
        }
    }
}

#[test]
fn revision_0_eye_on_the_future_reshuffles_before_the_card_found() {
    let mut g = table(S, &[]);
    g.board.rules = 0;
    g.board.turn = 5;
    stack_deck(&mut g, S, &[FRANCES_WILLARD, MAUD_WOOD_PARK]);
    claimed(&mut g, S, EYE_ON_THE_FUTURE);
    pick(&mut g, &format!("play:{}", slug(A_VINDICATION)));
    assert!(log_at(&g, "reshuffles the deck") < log_at(&g, "plays A Vindication"));
    assert!(g.hidden.decks[0].top.is_empty());
}

// ----- Congress effects: one sign for every deck ----------------------------------------

/// The signed counts of the `±n Congress` phrases of a rendered text, in order.
fn congress_signs(text: &str) -> Vec<i8> {
    let words: Vec<&str> = text.split([' ', ';', ':', ',']).collect();
    words
        .windows(2)
        .filter(|w| w[1] == "Congress")
        .filter_map(|w| w[0].parse::<i8>().ok())
        .collect()
}

/// The Congress moves of a program, as its structured data holds them: each
/// [`Op::Congress`]'s count, and for Superior Lobbying a marker either way (a player's
/// choice) or only removed (the Oppobot's text).
fn congress_ops(ops: &[Op], oppobot: bool) -> Vec<i8> {
    ops.iter()
        .flat_map(|op| match op {
            Op::Congress(n) => vec![*n],
            Op::SuperiorLobbying if oppobot => vec![-1],
            Op::SuperiorLobbying => vec![1, -1],
            _ => vec![],
        })
        .collect()
}

#[test]
fn every_rendered_congress_effect_has_the_sign_of_the_way_it_moves_the_markers() {
    // One convention in every deck: `+n Congress` adds markers, `-n Congress` removes them.
    // The Suffragist's cards add, the Opposition's and the Oppobot's remove (The Civil War,
    // Senator Joseph Brown, Senator Henry Cabot Lodge and the Oppobot cards named after them
    // included), and the Oppobot's text on the State cards removes.
    let mut seen = 0;
    for id in 1..=LAST_CARD {
        let c = card(id);
        let ops = congress_ops(c.ops, is_oppobot(id));
        assert_eq!(congress_signs(describe(id)), ops, "{}", c.name);
        for op in c.ops {
            if let Op::Congress(n) = *op {
                let adds = c.deck == Deck::Suffragist;
                assert_eq!(n > 0, adds, "{} moves Congress the wrong way", c.name);
                seen += 1;
            }
        }
        if let Some((_, alt)) = oppobot_alt(id) {
            let ops = congress_ops(alt, true);
            assert!(ops.iter().all(|&n| n < 0), "{}", c.name);
            assert_eq!(congress_signs(&describe_oppobot_ops(alt, 1)), ops);
            seen += ops.len();
        }
    }
    // 40 in the tables today: the loop must have seen them all.
    assert!(seen >= 40, "only {seen} Congress effects checked");
    for (id, name) in [(132, "The Civil War"), (54, "The Civil War")] {
        assert_eq!(card(id).name, name);
        assert_eq!(congress_signs(describe(id)), vec![-1]);
    }
    // Superior Lobbying: either way for a player, only removing for the Oppobot.
    assert_eq!(congress_signs(describe(SUPERIOR_LOBBYING)), vec![1, -1]);
    let (_, alt) = oppobot_alt(SUPERIOR_LOBBYING).expect("its Oppobot text");
    assert_eq!(congress_signs(&describe_oppobot_ops(alt, 1)), vec![-1]);
}

#[test]
fn the_oppobot_playing_the_civil_war_removes_a_marker_and_says_minus_one() {
    for (rules, shown) in [(1, "-1 Congress"), (0, "+1 Congress")] {
        let mut g = VotesForWomen::new(
            &Setup::new(Variant::Solitaire.as_str(), 1, 7).with_option("oppobot", "normal"),
        )
        .unwrap();
        g.edit(|b, h| {
            b.rules = rules;
            b.turn = 2;
            b.phase = Phase::Operations;
            b.round = 2;
            b.active = Side::Opposition;
            b.hand_done = false;
            b.stack.clear();
            b.congress = 2;
            h.decks[1].remove(132);
            h.oppobot_set_aside.retain(|&c| c != 132);
            h.decks[1].top.push(132);
        });
        assert_eq!(g.board.congress, 1, "revision {rules}");
        let line = &g.log()[log_at(&g, "plays The Civil War as an event")];
        // Revision 0 logs the text its stored matches hold, wrong sign and all.
        assert!(line.text.contains(shown), "revision {rules}: {}", line.text);
    }
}
