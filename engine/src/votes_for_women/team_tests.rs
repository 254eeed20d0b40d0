//! Rules tests of the team variants ("Playing with Two Suffragist Players", "… Two Opposition
//! Players") and of co-op against the Oppobot: one test per rule difference from the
//! two-player game, each checking what the players would see.

use super::tests::{offered, pick};
use super::*;
use crate::testing::check_redaction;

const SENECA_FALLS: CardId = 1;
const THE_PATRIARCHY: CardId = 53;
const RIOTS: CardId = 99;
/// Hand fillers that are never played in these tests.
const S_FILLER: CardId = 47;
const O_FILLER: CardId = 93;

fn new(variant: &str, seats: usize, seed: u64) -> VotesForWomen {
    VotesForWomen::new(&Setup::new(variant, seats, seed)).expect("set-up")
}

/// Takes the first choice (preferring ids that start with one of `prefer`) until `stop`.
fn play_until(g: &mut VotesForWomen, prefer: &[&str], stop: impl Fn(&VotesForWomen) -> bool) {
    let came = super::tests::play_preferring(g, prefer, 20_000, stop);
    assert!(came, "the condition never came");
}

/// A Turn-2 Operations state, round `round`, with an empty map; `campaigners` on the board,
/// 6 and 3 buttons; every player holds only a filler card.
pub(super) fn table(
    variant: &str,
    seats: usize,
    round: u8,
    campaigners: &[(Hue, Region)],
) -> VotesForWomen {
    let mut g = new(variant, seats, 5);
    let b = &mut g.board;
    b.turn = 2;
    b.phase = Phase::Operations;
    b.round = round;
    b.active = Side::Suffragist;
    b.hand_done = false;
    b.claimed_done = false;
    b.commit = None;
    b.states = vec![UsState::default(); 48];
    b.campaigners = campaigners
        .iter()
        .map(|&(hue, region)| Campaigner { hue, region })
        .collect();
    b.buttons = [6, 3];
    b.stack.clear();
    for p in 0..g.hidden.hands.len() {
        let side = Side::of_player(p);
        let old = std::mem::take(&mut g.hidden.hands[p]);
        g.hidden.decks[side.index()].middle.extend(old);
        let filler = if side == Side::Suffragist {
            S_FILLER
        } else {
            O_FILLER
        };
        if p < 2 || g.board.pair(side) {
            g.hidden.decks[side.index()].remove(filler);
            g.hidden.hands[p].push(filler);
        }
    }
    g
}

/// Moves `c` from its side's deck into player `p`'s hand.
pub(super) fn give(g: &mut VotesForWomen, p: usize, c: CardId) {
    let side = Side::of_player(p);
    assert!(
        g.hidden.decks[side.index()].remove(c),
        "card {c} in the deck"
    );
    g.hidden.hands[p].push(c);
}

#[test]
fn team_catalogue_has_every_mode_with_its_seats() {
    let info = VotesForWomen::info();
    for (id, seats) in [
        ("standard", 2),
        (Variant::Solitaire.as_str(), 1),
        (Variant::Coop.as_str(), 2),
        (Variant::Team3Suffragists.as_str(), 3),
        (Variant::Team3Opposition.as_str(), 3),
        (Variant::Team4.as_str(), 4),
    ] {
        let v = info.variants.iter().find(|v| v.id == id).expect(id);
        assert_eq!((v.min_seats, v.max_seats), (seats, seats), "{id}");
        assert_eq!(v.seat_names.len(), seats, "{id}");
        assert_eq!(new(id, seats, 1).num_seats(), seats, "{id}");
    }
    let g = new(Variant::Team4.as_str(), 4, 1);
    let names: Vec<&str> = (0..4)
        .map(|s| {
            let (side, slot) = g.board.seat_player(s).expect("seat");
            g.board.player_name(side, slot)
        })
        .collect();
    assert_eq!(
        names,
        ["Purple", "Yellow", "First Opposition", "Second Opposition"]
    );
}

#[test]
fn team_second_player_starts_with_a_random_early_card_and_partners_hold_four() {
    let mut yellow_starts = HashSet::new();
    for seed in 0..12 {
        let g = new(Variant::Team4.as_str(), 4, seed);
        let purple = g.player_hand(Side::Suffragist, 0);
        let yellow = g.player_hand(Side::Suffragist, 1);
        let first = g.player_hand(Side::Opposition, 0);
        let second = g.player_hand(Side::Opposition, 1);
        for h in [purple, yellow, first, second] {
            assert_eq!(h.len(), 4, "start card + 3 drawn");
        }
        assert!(purple.contains(&SENECA_FALLS) && first.contains(&THE_PATRIARCHY));
        assert!(!yellow.contains(&SENECA_FALLS) && !second.contains(&THE_PATRIARCHY));
        assert!(
            yellow
                .iter()
                .chain(second)
                .all(|&c| card(c).era == Era::Early)
        );
        // 52 cards: 1 Start and 1 Early start card, 6 drawn, 44 left.
        assert_eq!(g.deck_len(Side::Suffragist), 44);
        assert_eq!(g.deck_len(Side::Opposition), 44);
        // Yellow's start card is the one card of her hand no draw log names.
        let log = g.log();
        let drawn: Vec<&LogEntry> = log.iter().filter(|e| e.kind == "draw").collect();
        assert_eq!(drawn.len(), 4, "each of the four players draws once");
        let text = &drawn[1].text;
        let start: Vec<CardId> = yellow
            .iter()
            .copied()
            .filter(|&c| !text.contains(card(c).name))
            .collect();
        assert_eq!(start.len(), 1, "{text}");
        yellow_starts.insert(start[0]);
    }
    assert!(yellow_starts.len() > 3, "a random card, not a fixed one");
}

#[test]
fn team_partners_draw_three_each_in_planning() {
    let mut g = new(Variant::Team3Suffragists.as_str(), 3, 2);
    play_until(&mut g, &["done", "decline"], |g| g.board.turn == 2);
    assert_eq!(g.board.phase, Phase::Strategy);
    assert_eq!(g.player_hand(Side::Suffragist, 0).len(), 4);
    assert_eq!(g.player_hand(Side::Suffragist, 1).len(), 4);
    // The lone Opposition player still holds 7.
    assert_eq!(g.player_hand(Side::Opposition, 0).len(), 7);
}

#[test]
fn team_rounds_alternate_between_partners() {
    let mut g = new(Variant::Team4.as_str(), 4, 3);
    let mut order = Vec::new();
    for _ in 0..4 {
        let seat = g.to_act()[0];
        order.push(seat);
        let r = g.board.round;
        play_until(&mut g, &["organize", "done"], |g| {
            g.board.stack.is_empty() && g.to_act().first() != Some(&seat) || g.board.round != r
        });
    }
    assert_eq!(order, [0, 2, 1, 3], "Purple, First, Yellow, Second");
    let p = g.prompt(g.to_act()[0]).expect("prompt");
    assert!(p.text.contains("round 3: Purple"), "{}", p.text);
}

#[test]
fn team_one_opposition_player_plays_every_round() {
    let mut g = new(Variant::Team3Suffragists.as_str(), 3, 4);
    let mut order = Vec::new();
    while order.len() < 4 {
        let seat = g.to_act()[0];
        if order.last() != Some(&seat) {
            order.push(seat);
        }
        let p = g.prompt(seat).expect("prompt");
        let id = p.choices[0].id.clone();
        g.apply(seat, &id).expect("legal");
    }
    assert_eq!(
        order,
        [0, 2, 1, 2],
        "Purple, Opposition, Yellow, Opposition"
    );
}

#[test]
fn team_buttons_are_pooled_and_organizing_counts_both_colours() {
    let mut g = table(
        Variant::Team3Suffragists.as_str(),
        3,
        2,
        &[
            (Hue::Purple, Region::Northeast),
            (Hue::Yellow, Region::West),
            (Hue::Red, Region::South),
        ],
    );
    give(&mut g, player(Side::Suffragist, 1), 5);
    g.run();
    // Round 2: Yellow organizes; the side's one pool gains one button per Campaigner.
    assert_eq!(g.to_act(), vec![1]);
    pick(&mut g, &format!("organize:{}", slug(5)));
    assert_eq!(
        g.board.buttons[0], 8,
        "6 + 2 Campaigners, purple and yellow"
    );
}

#[test]
fn team_campaign_rolls_for_every_campaigner_of_the_side_but_moves_only_own() {
    // The rulebook's example: two purple and one yellow Campaigner.
    let camps = [
        (Hue::Purple, Region::Northeast),
        (Hue::Purple, Region::West),
        (Hue::Yellow, Region::South),
        (Hue::Red, Region::Midwest),
    ];
    // Yellow (round 2) rolls three dice and all three go to her one Campaigner.
    let mut g = table(Variant::Team3Suffragists.as_str(), 3, 2, &camps);
    give(&mut g, player(Side::Suffragist, 1), 5);
    g.hidden.forced_dice = vec![1, 2, 3];
    g.run();
    pick(&mut g, &format!("campaign:{}", slug(5)));
    assert!(g.log().last().is_some_and(|e| e.dice == vec![1, 2, 3]));
    pick(&mut g, "keep");
    match g.board.stack.last().and_then(|f| f.task.clone()) {
        Some(Task::Campaign { queue, left, .. }) => {
            assert_eq!(
                queue,
                vec![(2, 6)],
                "the yellow Campaigner places 1 + 2 + 3"
            );
            assert_eq!(left, 6);
        }
        t => panic!("expected the yellow Campaigner's cubes, got {t:?}"),
    }
    let p = g.prompt(1).expect("Yellow places");
    assert!(p.choices.iter().all(|c| {
        c.id.starts_with("move:")
            || c.id == "pass"
            || c.id
                .split_once(':')
                .and_then(|(_, code)| state_by_code(code))
                .is_some_and(|s| region_of(s) == Region::South)
    }));
    // Purple (round 1) rolls three dice and gives each to one of her two Campaigners.
    let mut g = table(Variant::Team3Suffragists.as_str(), 3, 1, &camps);
    give(&mut g, player(Side::Suffragist, 0), 5);
    g.hidden.forced_dice = vec![3, 4, 1];
    g.run();
    pick(&mut g, &format!("campaign:{}", slug(5)));
    pick(&mut g, "keep");
    let p = g.prompt(0).expect("Purple assigns");
    assert!(p.text.contains("gets the 4"), "{}", p.text);
    assert_eq!(p.choices.len(), 2, "only the two purple Campaigners");
    pick(&mut g, "campaigner:0");
    pick(&mut g, "campaigner:1");
    pick(&mut g, "campaigner:0");
    match g.board.stack.last().and_then(|f| f.task.clone()) {
        Some(Task::Campaign { queue, .. }) => assert_eq!(queue, vec![(0, 5), (1, 3)]),
        t => panic!("expected the purple Campaigners' cubes, got {t:?}"),
    }
    // A player without a Campaigner of her own cannot campaign.
    let mut g = table(
        Variant::Team3Suffragists.as_str(),
        3,
        2,
        &[(Hue::Purple, Region::Northeast), (Hue::Red, Region::South)],
    );
    give(&mut g, player(Side::Suffragist, 1), 5);
    g.run();
    assert!(!offered(&g, &format!("campaign:{}", slug(5))));
    assert!(
        offered(&g, &format!("lobby:{}", slug(5))),
        "the side's Campaigners lobby"
    );
}

#[test]
fn team_second_player_decides_the_strategy_commitment_and_who_gets_the_card() {
    let mut g = new(Variant::Team4.as_str(), 4, 6);
    play_until(&mut g, &["done", "decline"], |g| {
        g.board.phase == Phase::Strategy
    });
    g.board.buttons = [4, 4];
    assert_eq!(g.to_act(), vec![1], "Yellow commits");
    assert!(g.prompt(0).is_none(), "Purple does not");
    pick(&mut g, "commit:2");
    assert_eq!(g.to_act(), vec![3], "the Second Opposition player answers");
    let yellow_had = g.board.claimed[player(Side::Suffragist, 1)].len();
    pick(&mut g, "defer");
    // Yellow takes the card, or gives it to Purple.
    assert_eq!(g.to_act(), vec![1]);
    let c = g.board.strategy_display[0];
    let p = g.prompt(1).expect("Yellow picks");
    assert!(p.find(&format!("strategy:{}", slug(c))).is_some());
    pick(&mut g, &format!("give:{}", slug(c)));
    assert!(g.board.claimed[player(Side::Suffragist, 0)].contains(&c));
    assert_eq!(
        g.board.claimed[player(Side::Suffragist, 1)].len(),
        yellow_had
    );
}

#[test]
fn team_cleanup_exchanges_happen_only_when_both_agree() {
    let mut g = new(Variant::Team3Suffragists.as_str(), 3, 8);
    play_until(&mut g, &["organize", "done"], |g| {
        g.board.phase == Phase::Cleanup
    });
    assert_eq!(g.board.turn, 1);
    let (pp, yp) = (player(Side::Suffragist, 0), player(Side::Suffragist, 1));
    let (held_p, held_y) = (g.hidden.hands[pp].clone(), g.hidden.hands[yp].clone());
    assert_eq!((held_p.len(), held_y.len()), (1, 1), "each holds one card");
    // Purple holds a claimed card (so that she still has a proposal to make after one).
    let c = g.board.available_states[0];
    g.board.available_states.remove(0);
    g.board.claimed[pp].push(c);
    // Purple proposes; Yellow declines: nothing moves, and it cannot be proposed again.
    assert_eq!(g.to_act(), vec![0]);
    pick(&mut g, "held");
    assert_eq!(g.to_act(), vec![1], "the partner answers");
    assert!(offered(&g, "accept") && offered(&g, "decline"));
    pick(&mut g, "decline");
    assert_eq!(g.hidden.hands[pp], held_p);
    assert!(!offered(&g, "held"));
    // A claimed card given and accepted moves to the partner.
    pick(&mut g, &format!("give:{}", slug(c)));
    pick(&mut g, "accept");
    assert!(g.board.claimed[yp].contains(&c) && !g.board.claimed[pp].contains(&c));
    // With nothing left to propose (a single choice) the engine moves on by itself: the
    // held cards were proposed already this Cleanup, the card was given.
    // The lone Opposition has no partner: turn 2 begins.
    assert_eq!((g.board.turn, g.board.phase), (2, Phase::Strategy));
    // Next Cleanup: the swap, accepted, exchanges the held cards.
    play_until(&mut g, &["organize", "done", "commit:0"], |g| {
        g.board.phase == Phase::Cleanup
    });
    let (held_p, held_y) = (g.hidden.hands[pp].clone(), g.hidden.hands[yp].clone());
    pick(&mut g, "held");
    pick(&mut g, "accept");
    assert_eq!(
        (&g.hidden.hands[pp], &g.hidden.hands[yp]),
        (&held_y, &held_p)
    );
    assert!(
        g.log()
            .iter()
            .any(|e| e.text.contains("exchange their held cards"))
    );
}

#[test]
fn team_anti_suffrage_riots_hit_each_suffragist_player() {
    let mut g = table(
        Variant::Team3Suffragists.as_str(),
        3,
        1,
        &[(Hue::Purple, Region::Northeast), (Hue::Red, Region::South)],
    );
    g.board.active = Side::Opposition;
    g.board.amendment_sent = true;
    give(&mut g, player(Side::Opposition, 0), RIOTS);
    for p in [0, 2] {
        for c in g.hidden.decks[0].all().into_iter().take(2) {
            give(&mut g, p, c);
        }
    }
    g.run();
    let before = [g.hidden.hands[0].clone(), g.hidden.hands[2].clone()];
    pick(&mut g, &format!("event:{}", slug(RIOTS)));
    for (i, p) in [0, 2].into_iter().enumerate() {
        let now = &g.hidden.hands[p];
        assert_eq!(now.len(), 3, "one card out, one drawn");
        let kept = now.iter().filter(|c| before[i].contains(c)).count();
        assert_eq!(kept, 2, "player {p} lost exactly one card");
    }
    let log = g.log();
    let lines = log.iter().filter(|e| e.text.contains("discards at random"));
    assert_eq!(lines.count(), 2, "Purple and Yellow each discard");
}

#[test]
fn team_final_voting_order_alternates_partners() {
    for (variant, seats, order) in [
        (Variant::Team4.as_str(), 4, vec![0, 2, 1, 3, 0]),
        (Variant::Team3Suffragists.as_str(), 3, vec![0, 2, 1, 2, 0]),
        (Variant::Team3Opposition.as_str(), 3, vec![0, 1, 0, 2, 0]),
        // Co-op: Purple, the Oppobot (no seat), Yellow, the Oppobot, Purple.
        (Variant::Coop.as_str(), 2, vec![0, 1, 0]),
    ] {
        let mut g = new(variant, seats, 9);
        g.edit(|b, _| {
            b.phase = Phase::FinalVoting;
            b.stack.clear();
            b.amendment_sent = true;
            b.congress = 0;
            b.buttons = [0, 0];
        });
        let mut seen = Vec::new();
        while seen.len() < order.len() {
            let s = g.to_act()[0];
            let id = g.prompt(s).expect("prompt").choices[0].id.clone();
            pick(&mut g, &id);
            seen.push(s);
            play_until(&mut g, &["keep"], |g| g.board.vote.is_none());
        }
        assert_eq!(seen, order, "{variant}");
        if variant == Variant::Coop.as_str() {
            // Each of the Oppobot's picks came between two of the players'.
            let log = g.log();
            let picks = log.iter().filter(|e| {
                e.text.starts_with("Oppobot: picks") && e.text.contains("(Final Voting")
            });
            // The Oppobot picks at once after each of the three: three picks.
            assert_eq!(picks.count(), 3, "the Oppobot picked after each player");
        }
    }
}

#[test]
fn team_a_win_goes_to_every_seat_of_the_side() {
    let mut g = new(Variant::Team4.as_str(), 4, 10);
    g.edit(|b, _| {
        b.amendment_sent = true;
        b.checks = 35;
    });
    g.edit(|b, _| b.states[0] = UsState::default());
    g.decide_state(0, Side::Suffragist);
    let o = g.outcome().expect("over");
    assert_eq!(o.winners, vec![0, 1]);
    let mut g = new(Variant::Team3Opposition.as_str(), 3, 10);
    g.edit(|b, _| {
        b.amendment_sent = true;
        b.xs = 12;
    });
    g.decide_state(0, Side::Opposition);
    assert_eq!(g.outcome().expect("over").winners, vec![1, 2]);
}

#[test]
fn coop_yellow_commits_against_the_oppobot_and_both_win_or_lose_together() {
    let mut g = new(Variant::Coop.as_str(), 2, 12);
    assert_eq!(g.board.seats, vec![Side::Suffragist, Side::Suffragist]);
    assert!(g.board.oppobot.is_some());
    assert!(
        g.hidden
            .strategy_deck
            .iter()
            .chain(&g.board.strategy_display)
            .all(|c| !NOT_VERSUS_OPPOBOT.contains(c)),
        "the two Strategy cards are removed"
    );
    play_until(&mut g, &["organize", "done"], |g| {
        g.board.phase == Phase::Cleanup
    });
    pick(&mut g, "done");
    pick(&mut g, "done");
    assert_eq!(g.board.phase, Phase::Strategy);
    assert_eq!(g.to_act(), vec![1], "Yellow commits");
    pick(&mut g, "commit:0");
    // Every Oppobot line names no seat: it is neither Purple nor Yellow.
    assert!(g.log().iter().any(|e| e.kind == "oppobot"));
    assert!(
        g.log()
            .iter()
            .filter(|e| e.kind == "oppobot")
            .all(|e| e.seat.is_none())
    );
    g.edit(|b, _| {
        b.amendment_sent = true;
        b.checks = 35;
    });
    g.decide_state(0, Side::Suffragist);
    assert_eq!(g.outcome().expect("over").winners, vec![0, 1]);
    let mut g = new(Variant::Coop.as_str(), 2, 13);
    g.edit(|b, _| {
        b.amendment_sent = true;
        b.xs = 12;
    });
    g.decide_state(0, Side::Opposition);
    assert!(g.outcome().expect("over").winners.is_empty());
}

#[test]
fn team_partner_hands_stay_hidden_and_views_pass_the_redaction_checker() {
    for (variant, seats) in [
        (Variant::Coop.as_str(), 2),
        (Variant::Team3Suffragists.as_str(), 3),
        (Variant::Team3Opposition.as_str(), 3),
        (Variant::Team4.as_str(), 4),
    ] {
        let mut g = new(variant, seats, 14);
        for step in 0..400 {
            if g.board.outcome.is_some() {
                break;
            }
            check_redaction(&g, step).unwrap_or_else(|e| {
                let s = g.to_act()[0];
                panic!(
                    "{variant} step {step}: {e}\n{:?}\n{:?}\n{:?}",
                    g.prompt(s),
                    g.board.stack,
                    g.hidden.drawn
                )
            });
            for seat in 0..seats {
                let v = g.view(Viewer::Seat(seat));
                let (side, slot) = g.board.seat_player(seat).expect("seat");
                let mine = player(side, slot);
                assert!(v.hands[mine].is_some());
                // Never the partner's hand, not even while searching the shared deck.
                if g.board.pair(side) {
                    assert!(v.hands[player(side, 1 - slot)].is_none(), "partner's hand");
                }
            }
            let s = g.to_act()[0];
            let p = g.prompt(s).expect("prompt");
            let id = p.choices[(step as usize * 7) % p.choices.len()].id.clone();
            g.apply(s, &id).expect("legal");
        }
    }
}

#[test]
fn team_eye_on_the_future_shows_the_playable_deck_cards_never_the_partners_hand() {
    const EYE_ON_THE_FUTURE: CardId = 113;
    const TEA_PARTIES: CardId = 50;
    let mut g = table(Variant::Team4.as_str(), 4, 1, &[]);
    g.board.turn = 5;
    // The Start cards were played long ago (the table put them back in the decks).
    for (side, start) in [(0, SENECA_FALLS), (1, THE_PATRIARCHY)] {
        assert!(g.hidden.decks[side].remove(start));
        g.board.out.push(start);
    }
    g.board.claimed[0].push(EYE_ON_THE_FUTURE);
    // The partners' fillers are one card each side; the second players get cards of their
    // own: Yellow one Purple could play from the deck, were it there.
    g.hidden.hands[2].clear();
    g.hidden.hands[3].clear();
    give(&mut g, 2, TEA_PARTIES);
    let c = g.hidden.decks[1].middle[0];
    give(&mut g, 3, c);
    assert_eq!(pick(&mut g, "claimed:eye-on-the-future"), 0);
    let purple = g.view(Viewer::Seat(0));
    assert!(purple.hands[2].is_none(), "Yellow's hand stays hidden");
    let listed = purple.deck_search.clone().expect("the search is shown");
    let offered: Vec<CardId> = g
        .prompt(0)
        .expect("Purple plays one")
        .choices
        .iter()
        .filter_map(|c| c.card.as_deref().and_then(card_by_slug))
        .collect();
    assert_eq!(
        listed, offered,
        "the search lists exactly the cards offered"
    );
    assert!(!listed.contains(&TEA_PARTIES));
    assert!(!listed.is_empty() && listed.iter().all(|&c| g.playable(Side::Suffragist, c)));
    // Nobody else sees the search; and a state drawn from Purple's view puts the playable card
    // that is not listed in Yellow's hand, so it offers Purple the same choices.
    for seat in 1..4 {
        assert!(
            g.view(Viewer::Seat(seat)).deck_search.is_none(),
            "seat {seat}"
        );
    }
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(3);
    for _ in 0..20 {
        let s = VotesForWomen::resample(&purple, Viewer::Seat(0), &mut rng);
        assert!(s.hidden.hands[2].contains(&TEA_PARTIES));
        assert_eq!(s.view(Viewer::Seat(0)), purple);
        assert_eq!(s.prompt(0), g.prompt(0));
    }
    check_redaction(&g, 7).expect("the search passes the redaction checker");
}

#[test]
fn team_a_card_stacked_on_the_shared_deck_is_named_to_both_partners_only() {
    let g = new(Variant::Team4.as_str(), 4, 3);
    // Purple stacks (the choice is only asked about, not made: the answer depends on who
    // chose and who is told).
    let told = |viewer| g.choice_seen_by(0, "top:lucy-stone", viewer);
    assert_eq!(told(Viewer::Seat(0)), SeenChoice::Whole);
    assert_eq!(
        told(Viewer::Seat(1)),
        SeenChoice::Whole,
        "Yellow sees the deck top too"
    );
    for viewer in [Viewer::Seat(2), Viewer::Seat(3), Viewer::Spectator] {
        assert!(matches!(told(viewer), SeenChoice::Redacted(_)), "{viewer}");
    }
}
