//! Rules tests of the Oppobot on constructed solitaire states: the rulebook's two Oppobot
//! examples with their dice, and one test per rule difference of "Managing the Oppobot".

use super::data::*;
use super::tests::open_map;
use super::*;

fn solitaire(difficulty: &str) -> VotesForWomen {
    VotesForWomen::new(
        &Setup::new(Variant::Solitaire.as_str(), 1, 7).with_option("oppobot", difficulty),
    )
    .expect("set-up")
}

/// A Turn-2 solitaire state with an empty map, the Oppobot to play round 2 with `top` on
/// top of its deck and `dice` as the next die results. Purple and yellow Campaigners are
/// in the Northeast, one red in the South; every State card is available.
fn bot_to_play(top: CardId, dice: &[u8], tweak: impl FnOnce(&mut Board)) -> VotesForWomen {
    let mut g = solitaire("normal");
    g.edit(|b, h| {
        b.turn = 2;
        b.phase = Phase::Operations;
        b.round = 2;
        b.active = Side::Opposition;
        b.hand_done = false;
        b.stack.clear();
        open_map(b, h);
        h.decks[1].remove(top);
        h.decks[1].top.push(top);
        h.oppobot_set_aside.retain(|&c| c != top);
        h.forced_dice = dice.to_vec();
        tweak(b);
    });
    g
}

fn red(g: &VotesForWomen, s: St) -> u8 {
    g.board().states[s as usize].red
}

fn total_red(g: &VotesForWomen) -> u32 {
    g.board().states.iter().map(|s| s.red as u32).sum()
}

fn logged(g: &VotesForWomen, text: &str) -> bool {
    g.log().iter().any(|e| e.text.contains(text))
}

const CONSERVATIVE_OPPOSITION: CardId = 152;
const EMMA_GOLDMAN: CardId = 149;

#[test]
fn example_1_conservative_opposition_is_placed_by_the_gray_and_black_dice() {
    let g = bot_to_play(CONSERVATIVE_OPPOSITION, &[1, 4, 2, 1, 6, 8], |_| {});
    assert_eq!(
        card(CONSERVATIVE_OPPOSITION).name,
        "Conservative Opposition"
    );
    assert_eq!((red(&g, ID), red(&g, MT), red(&g, NJ)), (2, 2, 2));
    assert_eq!(total_red(&g), 6);
    assert!(logged(&g, "region d6 1, state d8 4 → Idaho"));
    assert!(logged(&g, "region d6 6, state d8 8 → New Jersey"));
    assert!(g.board().out.contains(&CONSERVATIVE_OPPOSITION));
    assert!(g.hidden().forced_dice.is_empty(), "exactly six dice rolled");
}

#[test]
fn example_2_emma_goldman_puts_one_cube_in_one_state_of_each_region_by_the_black_die() {
    let g = bot_to_play(EMMA_GOLDMAN, &[4, 1, 8, 2, 7, 3], |_| {});
    assert_eq!(card(EMMA_GOLDMAN).name, "Emma Goldman");
    for s in [ID, MT, FL, IA, MD, NH] {
        assert_eq!(red(&g, s), 1, "{}", code(s));
    }
    assert_eq!(total_red(&g), 6);
    for r in REGIONS {
        assert_eq!(r.states().filter(|&s| red(&g, s) > 0).count(), 1);
    }
    assert!(
        g.hidden().forced_dice.is_empty(),
        "one die per region, no region die"
    );
}

#[test]
fn set_up_sets_two_cards_of_each_era_aside_and_removes_two_strategy_cards() {
    let g = solitaire("normal");
    let h = g.hidden();
    for era in [Era::Early, Era::Middle, Era::Late] {
        let n = h
            .oppobot_set_aside
            .iter()
            .filter(|&&c| card(c).era == era)
            .count();
        assert_eq!(n, 2, "{era:?}");
    }
    assert!(h.hands[1].is_empty(), "the Oppobot holds no hand");
    // 33 cards in the deck at the start, Early on top.
    assert_eq!(g.deck_len(Side::Opposition), 33);
    let all = h.decks[1].all();
    assert!(all[22..].iter().all(|&c| card(c).era == Era::Early));
    assert!(all[..11].iter().all(|&c| card(c).era == Era::Late));
    let b = g.board();
    for c in NOT_VERSUS_OPPOBOT {
        assert!(!b.strategy_display.contains(&c) && !h.strategy_deck.contains(&c));
    }
    assert_eq!(b.seats, vec![Side::Suffragist]);
    // The set-aside cards are nowhere in the Suffragist's view.
    let json = serde_json::to_string(&g.view(Viewer::Seat(0))).unwrap();
    for &c in &h.oppobot_set_aside {
        assert!(!json.contains(&format!("\"{}\"", slug(c))));
    }
    assert_eq!(
        b.oppobot.as_ref().map(|m| m.starts.clone()),
        Some(OPPOBOT_STARTS.to_vec())
    );
}

#[test]
fn start_cards_are_played_in_round_one_of_turns_one_three_and_five() {
    // Turn 1: the Suffragist plays first, then the Oppobot plays The Patriarchy.
    let mut g = solitaire("normal");
    let p = g.prompt(0).unwrap();
    let id = p
        .choices
        .iter()
        .find(|c| c.id.starts_with("organize:") || c.id.starts_with("event:"))
        .unwrap()
        .id
        .clone();
    g.apply(0, &id).unwrap();
    while g.board().round == 1 && g.outcome().is_none() {
        let id = g.prompt(0).unwrap().choices[0].id.clone();
        g.apply(0, &id).unwrap();
    }
    assert!(logged(&g, "plays its Start card The Patriarchy"));
    assert!(
        g.board()
            .campaigners
            .iter()
            .any(|c| c.hue == Hue::Red && c.region == Region::South)
    );
    let in_four: usize = [
        Region::Northeast,
        Region::AtlanticAppalachia,
        Region::South,
        Region::Midwest,
    ]
    .iter()
    .flat_map(|r| r.states())
    .filter(|&s| red(&g, s) == 1)
    .count();
    assert!(in_four >= 28, "{in_four} states got a red cube");
    assert_eq!(g.deck_len(Side::Opposition), 33, "no draw for a Start card");
    // Turn 3, round 1: NAOWS Forms brings the second Campaigner.
    let g = bot_to_play(CONSERVATIVE_OPPOSITION, &[], |b| {
        b.turn = 3;
        b.round = 1;
        if let Some(m) = b.oppobot.as_mut() {
            m.starts = vec![130, 131];
        }
    });
    assert!(logged(&g, "plays its Start card NAOWS Forms"));
    let reds = g
        .board()
        .campaigners
        .iter()
        .filter(|c| c.hue == Hue::Red)
        .count();
    assert_eq!(reds, 2);
    assert_eq!(total_red(&g), 0, "the drawn card waits for the next round");
}

#[test]
fn a_failed_play_if_test_means_a_campaigning_action_at_an_available_state_card() {
    // Woman and the Republic needs 1 in Congress; Congress is empty. Region d6 1 = West,
    // which holds California and Utah: d6 2 picks the lower number (California); d4 3.
    let g = bot_to_play(145, &[1, 2, 3], |b| b.congress = 0);
    assert!(logged(&g, "fails its test"));
    assert_eq!(red(&g, CA), 3);
    assert_eq!(total_red(&g), 3);
    let camp = g
        .board()
        .campaigners
        .iter()
        .find(|c| c.hue == Hue::Red)
        .unwrap();
    assert_eq!(camp.region, Region::West, "the Campaigner moves for free");
    assert!(g.board().out.contains(&145));
    // With Congress at 1 the same card is played as its event.
    let g = bot_to_play(145, &[], |b| b.congress = 1);
    assert_eq!(g.board().congress, 0);
    assert_eq!(total_red(&g), 0);
}

#[test]
fn an_event_with_no_benefit_becomes_a_campaigning_action() {
    // A rest-of-turn card in round 6 could not touch the Suffragist any more.
    let g = bot_to_play(150, &[1, 5, 2], |b| b.round = 6);
    assert!(logged(&g, "would have no benefit"));
    assert!(!g.board().rest_of_turn.contains(&150));
    assert_eq!(red(&g, UT), 2);
    // In round 2 it goes to its box.
    let g = bot_to_play(150, &[], |_| {});
    assert!(g.board().rest_of_turn.contains(&150));
}

#[test]
fn with_no_state_card_the_black_die_picks_and_cubes_spill_to_the_closest_state_after_the_amendment()
{
    // West, no State card available: d8 1 = Washington (3 red already); d4 4. The first
    // cube makes Washington a Red X; the 3 others go to Oregon (1 border away, lower
    // printed number than Idaho).
    let g = bot_to_play(145, &[1, 1, 4], |b| {
        b.available_states.clear();
        b.amendment_sent = true;
        b.states[WA as usize].red = 3;
    });
    assert_eq!(g.board().states[WA as usize].mark, Some(Mark::X));
    assert_eq!(red(&g, OR), 3);
    assert_eq!(red(&g, ID), 0);
    assert!(logged(&g, "closest open state, Oregon"));
    // Before the amendment every cube goes to the target, even past 4.
    let g = bot_to_play(145, &[1, 1, 4], |b| {
        b.available_states.clear();
        b.states[WA as usize].red = 3;
    });
    assert_eq!(red(&g, WA), 7);
}

#[test]
fn a_claimed_state_card_is_played_at_once_for_its_oppobot_text() {
    // A campaign in the West puts the 4th red cube in California: the Oppobot claims it
    // and at once removes 1 from Congress.
    // Gerrymandering would remove no yellow cube: a Campaigning action.
    let g = bot_to_play(137, &[1, 1, 1], |b| {
        b.congress = 2;
        b.states[CA as usize].red = 3;
    });
    assert_eq!(red(&g, CA), 4);
    assert_eq!(g.board().congress, 1);
    assert!(logged(&g, "plays the claimed California"));
    assert!(g.board().claimed[1].is_empty());
    assert!(g.board().out.contains(&117));
    // Utah's text: 1 red cube in every other West state.
    let g = bot_to_play(137, &[1, 4, 1], |b| b.states[UT as usize].red = 3);
    for s in [WA, OR, CA, ID, NV, AZ, NM] {
        assert_eq!(red(&g, s), 1, "{}", code(s));
    }
}

/// A Turn-2 Strategy Phase against the Oppobot at `difficulty` where the Suffragist, with 5
/// buttons, commits `commit`; `dice` are the next die results (the Oppobot's Strategy die
/// first). Every bid test starts here.
fn strategy_bid(difficulty: &str, commit: u8, dice: &[u8]) -> VotesForWomen {
    let mut g = solitaire(difficulty);
    g.edit(|b, h| {
        b.turn = 2;
        b.phase = Phase::Strategy;
        b.round = 1;
        b.active = Side::Suffragist;
        b.commit = None;
        b.buttons = [5, 0];
        b.stack.clear();
        h.forced_dice = dice.to_vec();
    });
    let id = format!("commit:{commit}");
    assert!(g.prompt(0).unwrap().choices.iter().any(|c| c.id == id));
    g.apply(0, &id).unwrap();
    g
}

/// The normal Oppobot's bid with its Strategy die at `die` (and a 1 for the slot die).
fn strategy_phase(commit: u8, die: u8) -> VotesForWomen {
    strategy_bid("normal", commit, &[die, 1])
}

#[test]
fn strategy_phase_the_oppobot_rolls_against_the_commitment() {
    // Every button may be committed, and is spent whatever happens.
    let g = strategy_phase(3, 2);
    assert_eq!(g.board().buttons[0], 2);
    assert!(g.prompt(0).unwrap().choices[0].id.starts_with("strategy:"));
    let g = strategy_phase(3, 3);
    assert!(logged(&g, "nobody takes a Strategy card"));
    assert_eq!(g.board().buttons[0], 2);
    let before = solitaire("normal").board().strategy_display.clone();
    let g = strategy_phase(3, 4);
    assert!(logged(&g, "the Oppobot takes a Strategy card"));
    // d6 1 → slot 1, played at once and out of the game.
    assert!(g.board().claimed[1].is_empty());
    assert!(g.board().out.contains(&before[0]));
}

#[test]
fn final_voting_the_oppobot_picks_the_state_with_most_red_cubes() {
    let mut g = solitaire("normal");
    g.edit(|b, h| {
        b.turn = 6;
        b.phase = Phase::FinalVoting;
        b.stack.clear();
        b.amendment_sent = true;
        b.congress = 0;
        b.states = vec![UsState::default(); 48];
        b.states[OH as usize].red = 3;
        b.states[TX as usize].red = 1;
        b.chooser = Side::Opposition;
        b.buttons = [0, 0];
        h.forced_dice = vec![1, 6];
    });
    assert!(logged(&g, "picks Ohio"));
    assert_eq!(g.board().states[OH as usize].mark, Some(Mark::X));
    assert_eq!(g.board().chooser, Side::Suffragist);
}

#[test]
fn hard_difficulty_rolls_d8_for_the_bid() {
    let g = strategy_bid("hard", 0, &[]);
    assert!(logged(&g, "Strategy die d8"));
    let g = strategy_bid("normal", 0, &[]);
    assert!(logged(&g, "Strategy die d4"));
}

#[test]
fn the_oppobots_civil_war_counts_as_the_civil_war_for_suffragist_cards() {
    let g = bot_to_play(132, &[], |b| b.congress = 1);
    assert!(g.board().rest_of_turn.contains(&132));
    // Union Victory (5) needs The Civil War in effect.
    assert!(g.playable(Side::Suffragist, 5));
    assert!(!g.playable(Side::Suffragist, FIFTEENTH_AMENDMENT));
}

#[test]
fn the_oppobot_deck_has_42_cards_named_like_opposition_cards() {
    assert_eq!(oppobot_cards().count(), 42);
    for (era, n) in [
        (Era::Start, 3),
        (Era::Early, 13),
        (Era::Middle, 13),
        (Era::Late, 13),
    ] {
        let k = oppobot_cards().filter(|&c| card(c).era == era).count();
        assert_eq!(k, n, "{era:?}");
    }
    for c in oppobot_cards() {
        assert!(deck_cards(Deck::Opposition).any(|o| card(o).name == card(c).name));
        assert_eq!(card_by_slug(slug(c)), Some(c));
    }
    let info = VotesForWomen::info();
    let v = info.variant(Variant::Solitaire.as_str()).unwrap();
    assert!(v.description.contains("Oppobot deck (reconstruction)"));
}

#[test]
fn superior_lobbying_won_by_the_oppobot_rolls_again_once_when_no_die_shows_6_to_8() {
    // Strategy Phase: commit 0, d4 1 → the Oppobot takes slot 1 (d6 1), made Superior
    // Lobbying; Congress 3. Dice 1,2,3,4 fail; the reroll 6,7,1,1 removes 2.
    let mut g = solitaire("normal");
    g.edit(|b, h| {
        b.turn = 2;
        b.phase = Phase::Strategy;
        b.round = 1;
        b.commit = None;
        b.buttons = [2, 0];
        b.congress = 3;
        b.stack.clear();
        let c = 110;
        h.strategy_deck.retain(|&x| x != c);
        b.strategy_display.retain(|&x| x != c);
        b.strategy_display.insert(0, c);
        h.forced_dice = vec![1, 1, 1, 2, 3, 4, 6, 7, 1, 1];
    });
    g.apply(0, "commit:0").unwrap();
    assert!(logged(&g, "plays the claimed Superior Lobbying"));
    assert!(logged(&g, "rolls the four dice again"));
    assert_eq!(g.board().congress, 1);
}
