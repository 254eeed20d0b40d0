//! The conversions' tests: views per viewer, fixed data, JSON, cube steps.

use super::presidency::*;
use super::reference;
use super::the_vote::*;
use super::votes_for_women::*;
use super::*;
use hustings_engine::Game;
use hustings_engine::presidency::data::{self as pdata, Deck};
use std::collections::HashMap;

#[test]
fn votes_for_women_team_view_names_each_player_and_hides_partners_hands() {
    use hustings_engine::votes_for_women::{VotesForWomen, data::slug};
    let game = VotesForWomen::new(&engine::Setup::new("team-4", 4, 11)).expect("set-up");
    let to_act = game.to_act();
    assert_eq!(to_act, vec![0], "Purple plays round 1 of turn 1");
    let names = ["Purple", "Yellow", "First Opposition", "Second Opposition"];
    for seat in 0..4usize {
        let p = votes_for_women_view(&game.view(engine::Viewer::Seat(seat)), &to_act, true);
        assert_eq!(p.viewer_player, names[seat]);
        assert_eq!(p.active_player, "Purple");
        assert_eq!(p.pending.as_ref().expect("pending").player, "Purple");
        let (side, slot) = game.board().seat_player(seat).expect("seat");
        let mut own: Vec<&str> = game
            .player_hand(side, slot)
            .iter()
            .map(|&c| slug(c))
            .collect();
        own.sort_unstable();
        let mut shown: Vec<&str> = p.hand.iter().map(|c| c.id.as_str()).collect();
        shown.sort_unstable();
        assert_eq!(shown, own, "seat {seat} sees its own 4 cards");
        assert_eq!(own.len(), 4);
        assert!(
            p.opponent_hand.is_empty(),
            "no other hand, not the partner's"
        );
        assert_eq!(p.players.len(), 4);
        for (i, pl) in p.players.iter().enumerate() {
            assert_eq!(pl.seat, Some(i as u32));
            assert_eq!(pl.name, names[i]);
            assert_eq!(pl.hand_count, 4);
            assert_eq!(pl.to_act, i == 0);
        }
        assert_eq!(p.players[0].colour, "purple");
        assert_eq!(p.players[1].colour, "yellow");
        assert_eq!(p.players[3].colour, "red");
        // The side's count is both partners' cards.
        assert_eq!(p.sides[0].hand_count, 8);
    }
    let coop = VotesForWomen::new(&engine::Setup::new("coop", 2, 3)).expect("set-up");
    let p = votes_for_women_view(&coop.view(engine::Viewer::Seat(1)), &coop.to_act(), true);
    assert_eq!(p.players.len(), 3, "Purple, Yellow and the Oppobot");
    assert_eq!(p.players[2].name, "Oppobot");
    assert_eq!(p.players[2].seat, None);
}

#[test]
fn votes_for_women_view_shows_each_seat_its_own_hand_only() {
    use hustings_engine::votes_for_women::{VotesForWomen, data::slug};
    let game = VotesForWomen::new(&engine::Setup::new("standard", 2, 7)).expect("set-up");
    let to_act = game.to_act();
    assert_eq!(to_act.len(), 1, "one seat decides at a time");
    for seat in 0..2usize {
        let p = votes_for_women_view(&game.view(engine::Viewer::Seat(seat)), &to_act, true);
        let mut own: Vec<&str> = game.hidden().hands[seat].iter().map(|&c| slug(c)).collect();
        own.sort_unstable();
        let mut shown: Vec<&str> = p.hand.iter().map(|c| c.id.as_str()).collect();
        shown.sort_unstable();
        assert!(!own.is_empty());
        assert_eq!(shown, own, "seat {seat} sees its own hand");
        assert!(p.opponent_hand.is_empty(), "seat {seat} sees no other hand");
        assert_eq!(p.viewer_side, p.seat_sides[seat]);
        let other = &p.sides[1 - seat];
        assert_eq!(
            other.hand_count as usize,
            game.hidden().hands[1 - seat].len()
        );
        let pending = p.pending.as_ref().expect("pending");
        assert_eq!(pending.side, p.seat_sides[to_act[0]]);
        assert!(pending.text.starts_with(if to_act[0] == 0 {
            "Suffragist:"
        } else {
            "Opposition:"
        }));
    }
    let p = votes_for_women_view(&game.view(engine::Viewer::Spectator), &to_act, true);
    assert!(p.hand.is_empty() && p.viewer_side.is_empty());
    assert_eq!(p.states.len(), 48);
    assert_eq!(p.regions.len(), 6);
    assert!(p.regions.iter().all(|r| r.states.len() == 8));
    // Every State card on display marks its state, and only those states are marked.
    let displayed: Vec<String> = p.available_states.iter().map(|c| c.state.clone()).collect();
    assert!(!displayed.is_empty());
    for s in &p.states {
        assert_eq!(
            s.state_card == "available",
            displayed.contains(&s.code),
            "{}",
            s.code
        );
    }
    // Cubes on the wire are the engine's.
    let b = game.board();
    for (w, e) in p.states.iter().zip(&b.states) {
        assert_eq!(
            (w.purple, w.yellow, w.red),
            (e.purple as u32, e.yellow as u32, e.red as u32)
        );
    }
    assert_eq!(p.campaigners.len(), b.campaigners.len());
}

#[test]
fn the_vote_view_carries_the_boards_markers_tracks_and_hidden_counts() {
    let game = tv::TheVote::new(&engine::Setup::new("standard", 2, 5)).expect("set-up");
    let v = game.view(engine::Viewer::Spectator);
    let p = the_vote_view(&v, true);
    assert_eq!(p.regions.len(), 6);
    for (r, e) in p.regions.iter().zip(&v.regions) {
        let men = r.men.as_ref().expect("men boxes");
        assert_eq!(
            men.equality + men.blue_apathy + men.red_apathy + men.supremacy,
            e.men.iter().map(|&n| n as u32).sum::<u32>()
        );
        assert!(!r.women_open && r.laws.iter().all(|l| !l.passed));
        assert_eq!(r.laws.len(), 3);
    }
    // 34 Men boxes are in play at set-up, one marker in each.
    let on_map: u32 = p.players.iter().map(|p| p.markers_on_map).sum();
    assert_eq!(on_map, 34);
    assert_eq!(p.players[0].faction, "Equality");
    assert_eq!(p.players[1].org, 2);
    assert_eq!(p.hidden_discards, 9);
    assert_eq!(p.deck_count as usize, v.deck_count as usize);
    assert_eq!(p.discard.len(), 1);
    assert_eq!(p.discard[0].id, "supreme-courts");
    assert_eq!(p.amendments.len(), 2);
    assert!(p.amendments.iter().all(|a| a.status == "aside"));
    // Each Region's Congress Control Points are those of the match's rules revision, and
    // a revision-1 match keeps revision 1's.
    let table_points = |rules| -> Vec<u32> {
        let regions = tv::retune::table_of(rules).regions;
        regions.iter().map(|r| r.congress_points as u32).collect()
    };
    for rules in [1, engine::RULES_REVISION] {
        let mut setup = engine::Setup::new("standard", 2, 5);
        setup.rules = rules;
        let g = tv::TheVote::new(&setup).expect("set-up");
        let wire = the_vote_view(&g.view(engine::Viewer::Spectator), false);
        let points: Vec<u32> = wire.regions.iter().map(|r| r.congress_points).collect();
        assert_eq!(points, table_points(rules), "revision {rules}");
    }
    assert_ne!(
        table_points(1),
        table_points(engine::RULES_REVISION),
        "the revisions differ"
    );
    let congress = p.congress.as_ref().expect("congress");
    assert_eq!(congress.controller, 1);
    assert_eq!(congress.points, vec![0, congress.total]);
    let pending = p.pending.as_ref().expect("pending");
    assert_eq!(pending.seat, game.to_act().first().map(|&s| s as u32));
    assert!(!pending.text.is_empty());
    // Suppression values: Supremacy's Region cards as printed, its Suppression cards 1,
    // Equality's cards none.
    let by_id = |id: &str| the_vote_card(tv::Card::from_id(id).expect("card"), true);
    assert_eq!(by_id("deep-south").suppress, 2);
    assert_eq!(by_id("deep-south").region, "deep-south");
    assert_eq!(by_id("poll-tax").suppress, 1);
    assert_eq!(by_id("new-england").suppress, 0);
    assert_eq!(by_id("new-england").faction, "equality");
    assert_eq!(by_id("nineteenth-amendment").law, "woman-suffrage");
    assert_eq!(by_id("nineteenth-amendment").cost, None);
    assert_eq!(by_id("initiative-and-referendum").law, "");
    assert!(by_id("redeemers").last_action);
    // Every card in the Display says who owns it and what it costs.
    assert!(!p.display.is_empty());
    for c in &p.display {
        assert!(c.faction == "equality" || c.faction == "supremacy");
        assert!(!c.description.is_empty() && c.cost.is_some());
    }
}

/// In random games, the pending step of the typed view always names the seat the engine
/// asks, and the markers by side always add up to what the rows and pools hold.
#[test]
fn the_vote_pending_step_names_the_seat_that_is_prompted() {
    use rand::{Rng, SeedableRng};
    let mut steps = std::collections::BTreeSet::new();
    // Both revisions of the data: random play at revision 2, where Equality needs the South
    // for Congress, seldom reaches an Amendment's vote order.
    for (seed, rules) in (0..40u64).flat_map(|s| [(s, 1), (s, engine::RULES_REVISION)]) {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut setup = engine::Setup::new("standard", 2, seed);
        setup.rules = rules;
        let mut game = tv::TheVote::new(&setup).expect("set-up");
        for _ in 0..5000 {
            let p = the_vote_view(&game.view(engine::Viewer::Spectator), true);
            let pending = p.pending.clone().expect("pending");
            steps.insert(pending.step.clone());
            let to_act = game.to_act();
            assert_eq!(
                pending.seat,
                to_act.first().map(|&s| s as u32),
                "seed {seed}: {pending:?}"
            );
            for player in &p.players {
                assert_eq!(player.markers_on_map + player.markers_in_pool, 39);
            }
            let Some(&seat) = to_act.first() else {
                assert_eq!(pending.step, "finished");
                assert_eq!(p.phase, "finished");
                break;
            };
            let prompt = game.prompt(seat).expect("a prompt for the seat to act");
            if pending.step == "flip" || pending.step == "suppress" {
                // The Region named is the one the prompt's choices work in.
                assert!(!pending.region.is_empty() && pending.left > 0);
                for c in prompt.choices.iter().filter_map(|c| c.location.as_ref()) {
                    assert_eq!(c, &pending.region, "seed {seed}: {pending:?}");
                }
            }
            let choice = &prompt.choices[rng.random_range(0..prompt.choices.len())];
            game.apply(seat, &choice.id).expect("a legal choice");
        }
    }
    // Every step the contract documents comes up in random play.
    for step in [
        "choose-first",
        "action",
        "region",
        "law-type",
        "law-region",
        "bonus",
        "block",
        "counter",
        "flip",
        "keep",
        "vote-order",
        "suppress",
        "remove-public-opinion",
        "court-target",
        "sentinel-remove",
        "discard-what",
        "discard-more",
        "refresh",
        "finished",
    ] {
        assert!(
            steps.contains(step),
            "no {step} step in 80 games: {steps:?}"
        );
    }
}

/// Views without the fixed data leave out the board and every card's text, and the
/// game's reference holds exactly what they leave out, for every card they show.
#[test]
fn views_without_fixed_data_leave_out_what_the_reference_holds() {
    use rand::{Rng, SeedableRng};
    let fixed = ViewParts {
        json: false,
        fixed: true,
    };
    let lean = ViewParts {
        json: false,
        fixed: false,
    };
    for game_id in ["presidency", "votes-for-women", "the-vote"] {
        let reference = reference(game_id).expect("a reference for every game");
        let texts: HashMap<String, String> = match reference.game.expect("game") {
            pb::match_reference::Game::Presidency(p) => {
                assert_eq!(p.board, presidency_board());
                p.cards.into_iter().map(|c| (c.id, c.description)).collect()
            }
            pb::match_reference::Game::VotesForWomen(v) => {
                v.cards.into_iter().map(|c| (c.id, c.description)).collect()
            }
            pb::match_reference::Game::TheVote(v) => {
                v.cards.into_iter().map(|c| (c.id, c.description)).collect()
            }
        };
        assert!(texts.values().filter(|t| !t.is_empty()).count() > 20);
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        let mut game =
            engine::new_game(game_id, &engine::Setup::new("standard", 2, 3)).expect("set-up");
        let mut cards_seen = 0;
        for _ in 0..300 {
            for viewer in [engine::Viewer::Seat(0), engine::Viewer::Spectator] {
                let full = game_view(&*game, viewer, fixed);
                let stripped = game_view(&*game, viewer, lean);
                assert!(full.json.is_empty() && stripped.json.is_empty());
                // Every (id, text) pair, in order, of each view.
                let pairs = |v: &pb::GameView| -> Vec<(String, String)> {
                    match v.game.clone().expect("typed view") {
                        pb::game_view::Game::Presidency(p) => {
                            assert_eq!(p.board.is_empty(), v == &stripped);
                            p.players
                                .iter()
                                .flat_map(|p| p.candidates.iter())
                                .chain(p.campaign_discard.iter())
                                .chain(p.election_drawn.iter().filter_map(|d| d.card.as_ref()))
                                .map(|c| (c.id.clone(), c.description.clone()))
                                .collect()
                        }
                        pb::game_view::Game::VotesForWomen(v) => v
                            .hand
                            .iter()
                            .chain(v.available_states.iter())
                            .chain(v.strategy_display.iter())
                            .map(|c| (c.id.clone(), c.description.clone()))
                            .collect(),
                        pb::game_view::Game::TheVote(v) => v
                            .display
                            .iter()
                            .chain(v.discard.iter())
                            .map(|c| (c.id.clone(), c.description.clone()))
                            .collect(),
                    }
                };
                let (full_pairs, lean_pairs) = (pairs(&full), pairs(&stripped));
                assert_eq!(full_pairs.len(), lean_pairs.len());
                for ((id, text), (lean_id, lean_text)) in full_pairs.iter().zip(&lean_pairs) {
                    assert_eq!(id, lean_id);
                    assert!(lean_text.is_empty(), "{game_id}: text of {id} sent");
                    assert_eq!(Some(text), texts.get(id), "{game_id}: {id}");
                    cards_seen += 1;
                }
            }
            let Some(&seat) = game.to_act().first() else {
                break;
            };
            let prompt = game.prompt(seat).expect("prompt");
            let choice = &prompt.choices[rng.random_range(0..prompt.choices.len())];
            game.apply(seat, &choice.id).expect("legal");
        }
        assert!(cards_seen > 0, "{game_id}: no card shown in 300 choices");
    }
    assert!(reference("no-such-game").is_none());
}

/// The JSON view, written straight from the engine's view, is the engine's `view_json`.
#[test]
fn the_json_view_is_the_engines_view_json() {
    let parts = ViewParts {
        json: true,
        fixed: false,
    };
    for game_id in ["presidency", "votes-for-women", "the-vote"] {
        let game =
            engine::new_game(game_id, &engine::Setup::new("standard", 2, 4)).expect("set-up");
        for viewer in [engine::Viewer::Seat(1), engine::Viewer::Spectator] {
            let wire = game_view(&*game, viewer, parts);
            let parsed: serde_json::Value = serde_json::from_str(&wire.json).expect("JSON text");
            assert_eq!(parsed, game.view_json(viewer), "{game_id} {viewer:?}");
        }
    }
}

#[test]
fn cached_presidency_cards_and_board_match_a_fresh_rendering() {
    for deck in [Deck::Campaign, Deck::Candidate, Deck::Election] {
        for c in deck.cards() {
            let card = presidency_card(c.id, true);
            assert_eq!(card, render_presidency_card(c.id), "{}", c.id);
            assert!(
                !card.description.is_empty() || c.effects.is_empty(),
                "{}",
                c.id
            );
        }
    }
    assert_eq!(presidency_card("no-such-card", true).name, "no-such-card");
    assert_eq!(presidency_board(), render_presidency_board());
    assert_eq!(presidency_board().len(), pdata::SPACES.len());
}

/// Which step a Votes for Women game is at: the plays in progress, the top one's source
/// and next op, and the Campaigners still to campaign.
type StepKey = (usize, Option<vfw::Source>, Option<u8>, usize);

fn step_key(b: &vfw::Board) -> StepKey {
    let top = b.stack.last();
    let campaigners = match top.and_then(|f| f.task.as_ref()) {
        Some(vfw::Task::Campaign { queue, .. }) => queue.len(),
        _ => 0,
    };
    (
        b.stack.len(),
        top.map(|f| f.source),
        top.map(|f| f.pc),
        campaigners,
    )
}

/// Plays 6 seeded random games of every Votes for Women table to their ends, calling `step`
/// at each decision with the table, the seed, the game, what the views say it waits for,
/// and the choice about to be made.
fn each_vfw_pending(
    mut step: impl FnMut(
        &str,
        u64,
        &hustings_engine::votes_for_women::VotesForWomen,
        pb::VotesForWomenPending,
        &str,
    ),
) {
    use hustings_engine::votes_for_women::VotesForWomen;
    use rand::{Rng, SeedableRng};
    for (variant, seats) in [
        ("solitaire", 1),
        ("coop", 2),
        ("standard", 2),
        ("team-4", 4),
    ] {
        for seed in 0..6u64 {
            let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
            let mut game =
                VotesForWomen::new(&engine::Setup::new(variant, seats, seed)).expect("set-up");
            for _ in 0..4000 {
                let to_act = game.to_act();
                let Some(&seat) = to_act.first() else { break };
                let p = votes_for_women_view(&game.view(engine::Viewer::Spectator), &to_act, true);
                let pending = p.pending.expect("pending");
                let prompt = game.prompt(seat).expect("a prompt for the seat to act");
                let choice = prompt.choices[rng.random_range(0..prompt.choices.len())]
                    .id
                    .clone();
                step(variant, seed, &game, pending, &choice);
                game.apply(seat, &choice).expect("a legal choice");
            }
        }
    }
}

/// In random games of every Votes for Women table, a cube-by-cube step says where it is:
/// its cubes left (`cubes_total - cubes_done`) are the "(N left)" of its text, and each
/// cube placed or removed takes the next decision of the same step one cube on.
#[test]
fn votes_for_women_pending_counts_the_cubes_of_a_step() {
    let mut followed = std::collections::BTreeMap::<String, usize>::new();
    let mut before: Option<(pb::VotesForWomenPending, String, StepKey)> = None;
    let mut playing = (String::new(), u64::MAX);
    each_vfw_pending(|variant, seed, game, pending, choice| {
        // A new game follows no step of the last one.
        if (variant, seed) != (playing.0.as_str(), playing.1) {
            playing = (variant.to_string(), seed);
            before = None;
        }
        let key = step_key(game.board());
        if pending.cubes_total > 0 {
            assert!(
                ["campaign", "place", "remove"].contains(&pending.kind.as_str()),
                "{variant} {seed}: {pending:?}"
            );
            assert!(pending.cubes_done < pending.cubes_total, "{pending:?}");
            let left = pending.cubes_total - pending.cubes_done;
            assert!(
                pending.text.contains(&format!("({left} left)")),
                "{variant} {seed}: {pending:?}"
            );
            // The same step (the same play, at the same op, the same
            // Campaigner), one cube on.
            if let Some((b, chosen, k)) = &before
                && *k == key
                && b.kind == pending.kind
                && (chosen.starts_with("purple:")
                    || chosen.starts_with("yellow:")
                    || chosen.starts_with("state:"))
            {
                assert_eq!(pending.cubes_total, b.cubes_total, "{variant} {seed}");
                assert_eq!(pending.cubes_done, b.cubes_done + 1, "{variant} {seed}");
                *followed.entry(pending.kind.clone()).or_default() += 1;
            }
        } else {
            assert_eq!(pending.cubes_done, 0);
        }
        before = Some((pending, choice.to_string(), key));
    });
    for kind in ["campaign", "place", "remove"] {
        assert!(
            followed.get(kind).is_some_and(|&n| n > 0),
            "a {kind} step was followed cube by cube: {followed:?}"
        );
    }
}

/// In random games of every Votes for Women table, a decision taken step by step says how
/// many steps are left and what each is, as data: `left` is the "(N left)" its text says,
/// `left_unit` what it counts (a whole state when every cube of one goes at once), and a
/// cube-by-cube step's `left` is its cubes not yet placed.
#[test]
fn votes_for_women_pending_gives_the_steps_left_and_their_unit() {
    let mut units = std::collections::BTreeMap::<(String, String), usize>::new();
    each_vfw_pending(|variant, seed, _, pending, _| {
        let said = pending
            .text
            .rsplit_once(" left)")
            .and_then(|(head, _)| head.rsplit_once('(')?.1.parse::<u32>().ok());
        match said {
            Some(n) => {
                assert_eq!(pending.left, n, "{variant} {seed}: {pending:?}");
                let unit = match pending.kind.as_str() {
                    "pool-assign" => "die",
                    "remove" if pending.text.contains("from a state") => "state",
                    "campaign" | "place" | "remove" => "cube",
                    "congress" => "success",
                    other => panic!("{other}: steps left in {pending:?}"),
                };
                assert_eq!(pending.left_unit, unit, "{variant} {seed}: {pending:?}");
                *units
                    .entry((pending.kind.clone(), unit.to_string()))
                    .or_default() += 1;
            }
            None => {
                assert_eq!((pending.left, pending.left_unit.as_str()), (0, ""));
            }
        }
        if pending.cubes_total > 0 {
            assert_eq!(pending.left, pending.cubes_total - pending.cubes_done);
        }
    });
    for kind in ["campaign", "place", "remove"] {
        assert!(
            units.contains_key(&(kind.to_string(), "cube".to_string())),
            "a {kind} step counted cubes: {units:?}"
        );
    }
}

#[test]
fn a_log_entry_keeps_its_data_on_the_wire_and_a_redacted_one_loses_it() {
    let whole = engine::LogEntry::new("cube", "Opposition adds a red cube in NY")
        .seat(1)
        .card("horace-greeley")
        .amount(2)
        .location("NY")
        .state("NY")
        .run("Opposition adds {n} red cubes: {places}")
        .private(vec![1], Some("Opposition does something".into()));
    let own = log_entry(&whole.for_viewer(engine::Viewer::Seat(1)).expect("seen"));
    assert_eq!(own.text, "Opposition adds a red cube in NY");
    assert_eq!(own.run, "Opposition adds {n} red cubes: {places}");
    assert_eq!(
        (own.seats, own.cards, own.states, own.amounts),
        (
            vec![1],
            vec!["horace-greeley".to_string()],
            vec!["NY".to_string()],
            vec![2]
        )
    );
    let other = log_entry(&whole.for_viewer(engine::Viewer::Seat(0)).expect("redacted"));
    assert_eq!(other.text, "Opposition does something");
    assert_eq!((other.seat, &other.seats), (Some(1), &vec![1]));
    assert!(
        other.run.is_empty()
            && other.location.is_empty()
            && other.states.is_empty()
            && other.cards.is_empty(),
        "{other:?}"
    );
}
