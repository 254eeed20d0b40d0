//! Votes for Women over gRPC: a whole match between two clients, and what each seat is sent.
//!
//! The server's game is rebuilt here from the seed and the choices the stream reports (same
//! seed + same choices = same game), so every message can be checked against the true hidden
//! state at its version: the hands, the deck order and the 3 State cards set aside.

use std::collections::{BTreeMap, HashSet};

use hustings::{Watched, connect, create, play_two_seats, start_server};
use hustings_engine::votes_for_women::{Task, VotesForWomen, data};
use hustings_engine::{Game, Setup};
use hustings_proto::v1 as pb;
use prost::Message;

const GAME: &str = "votes-for-women";

/// Every update each seat (0, 1) and a spectator received in one random match.
struct Played {
    seed: u64,
    seats: [Vec<pb::MatchUpdate>; 2],
    spectator: Vec<pb::MatchUpdate>,
}

async fn play_match(seed: u64) -> Played {
    let server = start_server().await;
    let url = server.url();
    let mut c = connect(&url).await;
    let id = create(&mut c, GAME, "standard", 2, seed).await;
    let Watched { seats, spectator } = play_two_seats(
        &url,
        &mut c,
        &id,
        [("suffragist", seed ^ 1), ("opposition", seed ^ 2)],
    )
    .await;
    server.shutdown().await;
    Played {
        seed,
        seats,
        spectator,
    }
}

/// The engine's game at every version, rebuilt from the seed and the reported choices.
fn replay(p: &Played) -> Vec<VotesForWomen> {
    let mut actions: BTreeMap<u64, (u32, String)> = BTreeMap::new();
    for u in p.seats.iter().flatten().chain(&p.spectator) {
        // A choice redacted for this viewer (a card stacked by the other side) is taken
        // from a stream that was told it.
        if let (false, Some(a)) = (u.snapshot, &u.last_action)
            && !a.redacted
        {
            actions.insert(u.version, (a.seat, a.choice_id.clone()));
        }
    }
    let mut game = VotesForWomen::new(&Setup::new("standard", 2, p.seed)).expect("set-up");
    let mut states = vec![game.clone()];
    for (i, (version, (seat, choice))) in actions.into_iter().enumerate() {
        assert_eq!(version, i as u64 + 1, "every version is reported");
        let seat = seat as usize;
        let offered = game
            .prompt(seat)
            .is_some_and(|pr| pr.choices.iter().any(|c| c.id == choice));
        assert!(offered, "version {version}: {choice} was not offered");
        game.apply_legal(seat, &choice);
        states.push(game.clone());
    }
    states
}

fn typed(u: &pb::MatchUpdate) -> &pb::VotesForWomenView {
    match u.view.as_ref().and_then(|v| v.game.as_ref()) {
        Some(pb::game_view::Game::VotesForWomen(v)) => v,
        other => panic!("no Votes for Women view: {other:?}"),
    }
}

fn slugs(ids: &[u8]) -> Vec<String> {
    let mut v: Vec<String> = ids.iter().map(|&c| data::slug(c).to_string()).collect();
    v.sort();
    v
}

/// Every card id the typed view names anywhere.
fn cards_in(v: &pb::VotesForWomenView) -> HashSet<String> {
    let mut out = HashSet::new();
    let lists = [
        &v.rest_of_turn,
        &v.rest_of_game,
        &v.final_voting_box,
        &v.available_states,
        &v.strategy_display,
        &v.out_of_game,
        &v.hand,
        &v.opponent_hand,
        &v.drawn,
        &v.deck_top,
        &v.deck_bottom,
    ];
    for list in lists {
        out.extend(list.iter().map(|c| c.id.clone()));
    }
    for s in &v.sides {
        out.extend(s.claimed.iter().map(|c| c.id.clone()));
    }
    out.extend(
        v.plays
            .iter()
            .filter_map(|p| p.card.as_ref())
            .map(|c| c.id.clone()),
    );
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_match_over_grpc_ends_as_the_engine_says() {
    let p = play_match(0x5EED_0019).await;
    let states = replay(&p);
    let last = states.last().expect("at least the set-up");
    let truth = last.outcome().expect("the rebuilt game is over");
    for updates in p.seats.iter().chain([&p.spectator]) {
        let end = updates.last().expect("updates");
        let outcome = end
            .outcome
            .as_ref()
            .expect("the stream ends with the outcome");
        let winners: Vec<u32> = truth.winners.iter().map(|&w| w as u32).collect();
        assert_eq!(outcome.winners, winners);
        assert_eq!(outcome.reason, truth.reason);
        assert_eq!(end.version as usize, states.len() - 1);
        // The final typed view shows the board the engine ended on.
        let v = typed(end);
        let b = last.board();
        assert_eq!(v.phase, "finished");
        assert_eq!((v.checks, v.xs), (b.checks as u32, b.xs as u32));
        assert_eq!(
            v.congress.as_ref().map(|c| c.position),
            Some(b.congress as u32)
        );
        assert_eq!(v.states.len(), 48);
        for (s, st) in v.states.iter().zip(&b.states) {
            assert_eq!(
                (s.purple, s.yellow, s.red),
                (st.purple as u32, st.yellow as u32, st.red as u32),
                "cubes in {}",
                s.code
            );
            assert!(
                s.red == 0 || s.purple + s.yellow == 0,
                "both sides in {}",
                s.code
            );
        }
        let marked = v.states.iter().filter(|s| s.mark == "check").count();
        assert_eq!(marked as u32, v.checks);
    }
    // A seat is prompted exactly when it must act, and only then (once it is over, the only
    // prompt is the service's rematch offer).
    for (seat, updates) in p.seats.iter().enumerate() {
        for u in updates {
            let game = &states[u.version as usize];
            let must = game.to_act().contains(&seat);
            if u.outcome.is_some() {
                let ids: Vec<&str> = u
                    .prompt
                    .iter()
                    .flat_map(|p| &p.choices)
                    .map(|c| c.id.as_str())
                    .collect();
                assert_eq!(ids, ["rematch"], "version {}", u.version);
                continue;
            }
            assert_eq!(u.prompt.is_some(), must, "version {}", u.version);
            if must {
                let v = typed(u);
                let pending = v.pending.as_ref().expect("pending");
                assert_eq!(pending.side, v.seat_sides[seat]);
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hands_deck_order_and_set_aside_states_never_reach_the_other_seat() {
    let p = play_match(0xB0A7_1920).await;
    let states = replay(&p);
    let set_aside = slugs(&states[0].hidden().set_aside_states);
    assert_eq!(set_aside.len(), 3, "three State cards are set aside");
    let all: Vec<(Option<usize>, &pb::MatchUpdate)> = p
        .seats
        .iter()
        .enumerate()
        .flat_map(|(s, us)| us.iter().map(move |u| (Some(s), u)))
        .chain(p.spectator.iter().map(|u| (None, u)))
        .collect();
    let mut opponent_cards_checked = 0usize;
    for (seat, u) in all {
        let game = &states[u.version as usize];
        let hidden = game.hidden();
        let bytes = u.encode_to_vec();
        let text = String::from_utf8_lossy(&bytes);
        // The engine's JSON view carries no hidden zone.
        let json = &u.view.as_ref().expect("view").json;
        for key in [
            "\"hidden\"",
            "\"rng\"",
            "\"middle\"",
            "\"set_aside",
            "\"decks\"",
        ] {
            assert!(!json.contains(key), "{key} in the JSON view");
        }
        assert!(!text.contains(&p.seed.to_string()), "seed sent");
        let v = typed(u);
        let named = cards_in(v);
        let mut named_elsewhere: HashSet<String> = named.clone();
        if let Some(pr) = &u.prompt {
            named_elsewhere.extend(pr.choices.iter().map(|c| c.card.clone()));
        }
        if !u.snapshot {
            named_elsewhere.extend(u.log.iter().map(|e| e.card.clone()));
        }
        // The set-aside State cards are never named, to anyone: not in the view, a choice
        // (its card or the card in its id) or any log entry.
        let mut ever: HashSet<String> = named_elsewhere.clone();
        ever.extend(u.log.iter().map(|e| e.card.clone()));
        if let Some(pr) = &u.prompt {
            ever.extend(
                pr.choices
                    .iter()
                    .filter_map(|c| c.id.split_once(':'))
                    .map(|(_, card)| card.to_string()),
            );
        }
        if let Some(a) = &u.last_action
            && let Some((_, card)) = a.choice_id.split_once(':')
        {
            ever.insert(card.to_string());
        }
        for s in &set_aside {
            assert!(!ever.contains(s), "set-aside {s} sent");
        }
        match seat {
            Some(s) => {
                // Its own hand, exactly.
                let mut own: Vec<String> = v.hand.iter().map(|c| c.id.clone()).collect();
                own.sort();
                assert_eq!(own, slugs(&hidden.hands[s]), "seat {s}'s hand");
                let o = 1 - s;
                let json_view: serde_json::Value = serde_json::from_str(json).expect("JSON view");
                for zone in ["drawn", "deck_top", "deck_bottom"] {
                    assert!(json_view[zone][o].is_null(), "opponent's {zone} in JSON");
                }
                // The opponent's hand is only counted, unless this seat is choosing from it
                // (Change In Plans).
                let choosing_from_it = game.board().stack.last().is_some_and(|f| {
                    Some(f.side) == data::Side::from_index(s) && f.task == Some(Task::ChangeInPlans)
                });
                if !choosing_from_it {
                    assert!(v.opponent_hand.is_empty(), "opponent's hand sent");
                    assert!(json_view["hands"][o].is_null(), "opponent's hand in JSON");
                    for c in slugs(&hidden.hands[o]) {
                        opponent_cards_checked += 1;
                        assert!(
                            !named_elsewhere.contains(&c),
                            "seat {s} was sent {c} from the opponent's hand at version {}",
                            u.version
                        );
                    }
                }
                assert_eq!(v.sides[o].hand_count as usize, hidden.hands[o].len());
                // What lies in either Draw Deck is never named, except the cards the owner
                // itself stacked on top or at the bottom.
                for side in 0..2 {
                    let deck = &hidden.decks[side];
                    let known: Vec<u8> = if side == s {
                        deck.top.iter().chain(&deck.bottom).copied().collect()
                    } else {
                        Vec::new()
                    };
                    for c in deck.middle.iter().chain(&deck.top).chain(&deck.bottom) {
                        if !known.contains(c) {
                            assert!(!named.contains(data::slug(*c)), "deck card named");
                        }
                    }
                }
            }
            None => {
                assert!(v.hand.is_empty() && v.opponent_hand.is_empty() && v.drawn.is_empty());
                for side in 0..2 {
                    for c in slugs(&hidden.hands[side]) {
                        assert!(!named_elsewhere.contains(&c), "a spectator saw {c}");
                    }
                }
            }
        }
    }
    assert!(
        opponent_cards_checked > 100,
        "the test looked at the opponent's cards ({opponent_cards_checked})"
    );
}
