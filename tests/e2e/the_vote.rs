//! The Vote end to end: a real server on 127.0.0.1:0, two seat clients and a spectator over
//! gRPC, and what every serialized message may and may not hold.

use std::collections::{BTreeMap, BTreeSet};

use hustings::named::the_vote_distinctive_name as distinctive_name;
use hustings::{Watched, connect, create, play_two_seats, start_server};
use hustings_engine::the_vote::data::TABLE;
use hustings_engine::{AnyView, Setup, Viewer};
use hustings_proto::v1 as pb;
use prost::Message;

const GAME: &str = "the-vote";

/// What a whole match left: each seat's and the spectator's updates, the replay, and the
/// server (still running, for more clients) with the match id.
struct Played {
    a: Vec<pb::MatchUpdate>,
    b: Vec<pb::MatchUpdate>,
    s: Vec<pb::MatchUpdate>,
    replay: pb::Replay,
    server: hustings_service::RunningServer,
    id: String,
}

/// Plays a whole match between two random clients with a spectator watching from version 0.
async fn play_match(seed: u64) -> Played {
    let server = start_server().await;
    let url = server.url();
    let mut c = connect(&url).await;
    let id = create(&mut c, GAME, "standard", 2, seed).await;
    let Watched {
        seats: [a, b],
        spectator: s,
    } = play_two_seats(
        &url,
        &mut c,
        &id,
        [("equality", seed ^ 1), ("supremacy", seed ^ 2)],
    )
    .await;
    let replay = c
        .get_replay(pb::GetReplayRequest {
            match_id: id.clone(),
        })
        .await
        .expect("replay of a finished match")
        .into_inner();
    Played {
        a,
        b,
        s,
        replay,
        server,
        id,
    }
}

fn the_vote(u: &pb::MatchUpdate) -> &pb::TheVoteView {
    match u.view.as_ref().and_then(|v| v.game.as_ref()) {
        Some(pb::game_view::Game::TheVote(v)) => v,
        other => panic!("expected The Vote's typed view, got {other:?}"),
    }
}

/// Every card number the typed view shows, wherever it lies.
fn cards_in_view(v: &pb::TheVoteView) -> BTreeSet<u32> {
    let mut cards: Vec<&pb::TheVoteCard> = Vec::new();
    cards.extend(&v.display);
    cards.extend(&v.discard);
    cards.extend(&v.removed);
    cards.extend(&v.aside);
    for p in &v.players {
        cards.extend(p.reserve.iter().filter_map(|r| r.card.as_ref()));
    }
    if let Some(a) = &v.action {
        cards.extend(&a.card);
        for t in &a.targets {
            cards.extend(&t.bonus);
            cards.extend(&t.block);
            cards.extend(&t.counter);
            cards.extend(&t.suppress_cards);
        }
    }
    cards.iter().map(|c| c.number).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn full_match_between_two_clients_to_its_outcome() {
    let seed = 2026;
    let Played {
        a,
        b,
        s,
        replay,
        server,
        id,
    } = play_match(seed).await;
    let outcome = a
        .last()
        .and_then(|u| u.outcome.clone())
        .expect("an outcome");
    assert_eq!(Some(&outcome), b.last().and_then(|u| u.outcome.as_ref()));
    assert_eq!(Some(&outcome), s.last().and_then(|u| u.outcome.as_ref()));
    assert_eq!(outcome.winners.len(), 1, "The Vote has one winner");
    assert!(!outcome.reason.is_empty());

    // The spectator saw every version, each with The Vote's typed view.
    let last = s.last().expect("updates").version;
    let versions: BTreeSet<u64> = s.iter().map(|u| u.version).collect();
    assert_eq!(versions, (0..=last).collect());
    assert!(last > 20, "a whole game takes many decisions, got {last}");

    for (seat, updates) in [(0u32, &a), (1, &b)] {
        for u in updates.iter() {
            let v = the_vote(u);
            // Piece limits and the VP cap hold in every version.
            let limits = v.limits.expect("limits");
            for p in &v.players {
                assert!(p.markers_on_map <= limits.markers_each);
                assert_eq!(p.markers_on_map + p.markers_in_pool, limits.markers_each);
                assert!(p.vp <= limits.vp_max && p.pw <= limits.pw_max);
                assert_eq!(p.reserve_limit, p.org);
            }
            // The markers by side add up to each Region's row, and no row holds more markers
            // than it has boxes; closed Women rows are empty.
            for r in &v.regions {
                let men = r.men.expect("men");
                let women = r.women.expect("women");
                let count =
                    |b: &pb::TheVoteBoxes| b.equality + b.blue_apathy + b.red_apathy + b.supremacy;
                assert!(count(&men) <= men.boxes && count(&women) <= women.boxes);
                assert!(r.women_open || count(&women) == 0);
                assert_eq!(
                    r.blue,
                    men.equality + men.blue_apathy + women.equality + women.blue_apathy
                );
                assert_eq!(
                    r.red,
                    men.red_apathy + men.supremacy + women.red_apathy + women.supremacy
                );
            }
            let congress = v.congress.as_ref().expect("congress");
            let held: u32 = v
                .regions
                .iter()
                .filter(|r| r.congress_holder == 0)
                .map(|r| r.congress_points)
                .sum();
            assert_eq!(congress.points, vec![held, congress.total - held]);
            // The pending step names the seat the prompt goes to (once the match is over the
            // only prompt is the rematch offer, which is not the game's).
            let pending = v.pending.as_ref().expect("pending");
            if let Some(p) = u.prompt.as_ref().filter(|_| u.outcome.is_none()) {
                assert_eq!(p.seat, seat);
                assert_eq!(
                    pending.seat,
                    Some(seat),
                    "pending {pending:?} at {}",
                    u.version
                );
            } else if u.outcome.is_none() && u.to_act.len() == 1 {
                assert_eq!(pending.seat, u.to_act.first().copied());
            }
        }
    }
    let end = the_vote(s.last().expect("updates"));
    assert_eq!(end.phase, "finished");
    assert!(end.pending.as_ref().is_some_and(|p| p.seat.is_none()));
    let vps: Vec<i64> = end.players.iter().map(|p| p.vp as i64).collect();
    assert_eq!(outcome.scores, vps);

    // The replay reproduces the same game through the engine.
    assert_eq!(replay.seed, seed);
    assert_eq!(replay.choices.len() as u64, last);
    let choices: Vec<(usize, String)> = replay
        .choices
        .iter()
        .map(|c| (c.seat as usize, c.choice_id.clone()))
        .collect();
    let game = hustings_engine::replay(GAME, &Setup::new("standard", 2, seed), &choices)
        .expect("the recorded choices replay");
    let o = game.outcome().expect("the replay ends");
    assert_eq!(o.reason, outcome.reason);
    assert_eq!(
        o.winners.iter().map(|&w| w as u32).collect::<Vec<_>>(),
        outcome.winners
    );

    // The terminal client, watching the finished match, draws The Vote's own board from the
    // typed view: every Region with its boxes, the tracks, the Display and the piles.
    let out = tokio::process::Command::new(hustings::cli_bin::hustings_bin())
        .args(["--server", &server.url(), "watch", &id])
        .env_remove("HUSTINGS_SERVER")
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::null())
        .kill_on_drop(true)
        .output()
        .await
        .expect("the CLI runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "watch failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains(&format!("THE VOTE · Turn {} · Finished", end.turn)),
        "{text}"
    );
    for r in &end.regions {
        assert!(
            text.lines().any(|l| l.trim_start().starts_with(&r.name)),
            "no line for {} in\n{text}",
            r.name
        );
    }
    let vp_max = end.limits.expect("limits").vp_max;
    for p in &end.players {
        assert!(text.contains(&format!("VP {}/{vp_max}", p.vp)), "{text}");
    }
    // The compact board (the default): the Regions' header, the Display by faction.
    for heading in [
        "  Region ",
        "Display Equality:",
        "Reserve ",
        "Congress:",
        "Deck ",
    ] {
        assert!(text.contains(heading), "no {heading:?} in\n{text}");
    }
    server.shutdown().await;
}

/// What only the server knows at one version: the Deck (top last) and the set-up discards.
#[derive(Clone, Debug)]
struct Hidden {
    deck: Vec<u8>,
    setup_discards: Vec<u8>,
}

fn hidden_of(game: &dyn hustings_engine::AnyGame) -> Hidden {
    let state: serde_json::Value =
        serde_json::from_str(&game.state_json()).expect("the state is JSON");
    let cards = |key: &str| -> Vec<u8> {
        state["hidden"][key]
            .as_array()
            .unwrap_or_else(|| panic!("hidden.{key} in the state"))
            .iter()
            .map(|c| c.as_u64().expect("a card number") as u8)
            .collect()
    };
    Hidden {
        deck: cards("deck"),
        setup_discards: cards("setup_discards"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_message_shows_the_deck_order_or_the_face_down_setup_discards() {
    let seed: u64 = 0x7E_57_0F_5E_ED;
    let Played {
        a,
        b,
        s,
        replay,
        server,
        ..
    } = play_match(seed).await;
    server.shutdown().await;

    // Rebuild what the server alone knows at each version. The Deck changes only when a card
    // is drawn or the cards are reshuffled, so the hidden state is read at those versions.
    let setup = Setup::new("standard", 2, seed);
    let mut game = hustings_engine::new_game(GAME, &setup).expect("set-up");
    let public = |g: &dyn hustings_engine::AnyGame| match g.view(Viewer::Spectator) {
        AnyView::TheVote(v) => (v.deck_count, v.reshuffles),
        _ => panic!("not The Vote"),
    };
    let mut hidden: BTreeMap<u64, Hidden> = BTreeMap::new();
    let mut key = public(game.as_ref());
    hidden.insert(0, hidden_of(game.as_ref()));
    for (i, c) in replay.choices.iter().enumerate() {
        game.apply(c.seat as usize, &c.choice_id)
            .expect("recorded choices replay");
        let now = public(game.as_ref());
        if now != key {
            key = now;
            hidden.insert(i as u64 + 1, hidden_of(game.as_ref()));
        }
    }
    let hidden_at = |version: u64| -> &Hidden {
        hidden
            .range(..=version)
            .next_back()
            .map(|(_, h)| h)
            .expect("version 0 is known")
    };
    let first = hidden_at(0).clone();
    assert_eq!(first.setup_discards.len(), 9, "nine cards dealt face-down");
    let mut checked_before_reshuffle = 0;

    // The fixed data comes with the first message of each stream (and any snapshot), and is
    // the same for every viewer at every version, so it tells nothing about the state.
    let reference = s[0]
        .reference
        .clone()
        .expect("the first message carries the reference");
    for updates in [&a, &b, &s] {
        assert!(updates[0].reference.is_some());
        for u in updates.iter() {
            assert_eq!(
                u.reference.is_some(),
                u.snapshot || std::ptr::eq(u, &updates[0])
            );
            if let Some(r) = &u.reference {
                assert_eq!(r, &reference);
            }
        }
    }
    for (viewer, updates) in [("Equality", &a), ("Supremacy", &b), ("spectator", &s)] {
        for u in updates.iter() {
            let v = the_vote(u);
            let h = hidden_at(u.version);
            let json = &u.view.as_ref().expect("view").json;
            // The reference (every card of the game, the same in every message that carries
            // it: checked below) names every card, so it is left out of the scan.
            let bytes = pb::MatchUpdate {
                reference: None,
                ..u.clone()
            }
            .encode_to_vec();
            let text = String::from_utf8_lossy(&bytes);
            assert!(!text.contains(&seed.to_string()), "seed sent to {viewer}");
            for key in ["\"hidden\"", "\"deck\"", "\"setup_discards\"", "\"rng\""] {
                assert!(
                    !json.contains(key),
                    "{key} in the JSON view sent to {viewer}"
                );
            }
            assert_eq!(v.deck_count as usize, h.deck.len());

            // No card of the Deck is shown anywhere in the view or offered in a prompt, by
            // number, id or name, so nothing can tell its order.
            let shown = cards_in_view(v);
            let view_bytes = u
                .view
                .as_ref()
                .map(|v| v.encode_to_vec())
                .unwrap_or_default();
            let prompt_bytes = u
                .prompt
                .as_ref()
                .map(|p| p.encode_to_vec())
                .unwrap_or_default();
            let view_text = String::from_utf8_lossy(&view_bytes);
            let prompt_text = String::from_utf8_lossy(&prompt_bytes);
            let offered: BTreeSet<&str> = u
                .prompt
                .iter()
                .flat_map(|p| p.choices.iter().map(|c| c.card.as_str()))
                .collect();
            for &card in &h.deck {
                assert!(
                    !shown.contains(&(card as u32)),
                    "Deck card {card} in {viewer}'s view"
                );
                assert!(
                    !offered.contains(TABLE.card(card).id),
                    "Deck card {card} offered"
                );
                if let Some(name) = distinctive_name(card) {
                    assert!(
                        !view_text.contains(name),
                        "{name} (in the Deck) in {viewer}'s view"
                    );
                    assert!(
                        !prompt_text.contains(name),
                        "{name} (in the Deck) in a prompt"
                    );
                }
            }

            // Until the first reshuffle, the face-down set-up discards are counted, never
            // shown: not in the view, not in a prompt, not in a log entry.
            if v.reshuffles == 0 {
                checked_before_reshuffle += 1;
                assert_eq!(v.hidden_discards, 9);
                assert_eq!(h.setup_discards, first.setup_discards);
                for &card in &first.setup_discards {
                    assert!(!shown.contains(&(card as u32)));
                    let id = TABLE.card(card).id;
                    assert!(!offered.contains(id));
                    assert!(
                        u.log.iter().all(|e| e.card != id),
                        "{id} logged to {viewer}"
                    );
                    if let Some(name) = distinctive_name(card) {
                        assert!(
                            !text.contains(name),
                            "set-up discard {name} sent to {viewer}"
                        );
                    }
                }
            }
        }
    }
    assert!(
        checked_before_reshuffle >= 3,
        "each viewer saw the game before a reshuffle"
    );
    // The game went on past a reshuffle, so reshuffled Decks were checked too.
    assert!(the_vote(s.last().expect("updates")).reshuffles >= 1);
}
