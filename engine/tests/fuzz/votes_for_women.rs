//! Random-play fuzzing of Votes for Women: 10,000 seeded games with the board invariants
//! checked after every choice, and redaction / refusal checks on a subset.

use super::votes_for_women_checks::{
    HEAVY, board_consistent, cards_conserved, ending, games, unchecked_game,
};
use hustings_engine::testing::{
    assert_both_sides_win, assert_seed_never_shown, fuzz_seeds, random_prompt_step, scrambled_seed,
    wins_per_side,
};
use hustings_engine::votes_for_women::VotesForWomen;
use hustings_engine::votes_for_women::data::is_oppobot;
use hustings_engine::{Game, RULES_REVISION, Setup, Viewer};
use rand::SeedableRng;

fn invariant(g: &VotesForWomen) -> Result<(), String> {
    // Two players, no Oppobot: the 128 cards of the two-player game, each in one place.
    let (b, h) = (g.board(), g.hidden());
    if b.oppobot.is_some() || !h.oppobot_set_aside.is_empty() {
        return Err("an Oppobot in a two-player game".into());
    }
    cards_conserved(g, 2, |c| !is_oppobot(c))?;
    board_consistent(g, true)?;
    if b.available_states.len() + b.claimed.iter().flatten().filter(|&&c| c > 116).count() > 9 {
        return Err("more State cards than the nine in play".into());
    }
    if let Some(o) = &b.outcome {
        let w = o.winners.first().copied();
        let ok = match w {
            Some(0) => b.checks == 36,
            Some(1) => b.xs == 13 || (!b.amendment_sent && b.turn == 6),
            _ => false,
        };
        if !ok {
            return Err(format!("a win without its condition: {o:?}"));
        }
    }
    Ok(())
}

fn fuzz(seeds: std::ops::Range<u64>) -> [u32; 2] {
    fuzz_at(RULES_REVISION, seeds)
}

/// Plays the seeds under rules revision `rules`.
fn fuzz_at(rules: u32, seeds: std::ops::Range<u64>) -> [u32; 2] {
    let winners = fuzz_seeds::<VotesForWomen, _>(
        &format!("rules {rules}"),
        seeds,
        HEAVY,
        |seed| Setup {
            rules,
            ..Setup::new("standard", 2, scrambled_seed(seed))
        },
        &mut invariant,
        |_, record| record.outcome.winners[0],
    );
    wins_per_side(&winners)
}

/// Games per half of the 10,000 (`VFW_GAMES` sets the total, for quick runs).
fn half() -> u64 {
    games() / 2
}

// The 10,000 games run as two tests of 5,000 so that the harness can use both cores.
#[test]
fn fuzz_10000_games_first_half() {
    // Random play gives each side some wins; a side that never wins means a broken rule.
    assert_both_sides_win(fuzz(0..half()));
}

#[test]
fn fuzz_10000_games_second_half() {
    assert_both_sides_win(fuzz(half()..2 * half()));
}

/// Matches stored under revision 0 and still in progress play on by its rules: a smaller
/// batch (a tenth) keeps that path checked.
#[test]
fn fuzz_1000_games_at_rules_revision_0() {
    assert_both_sides_win(fuzz_at(0, 0..games() / 10));
}

#[test]
fn seed_and_hidden_cards_never_appear_in_the_other_seat_view() {
    assert_seed_never_shown::<VotesForWomen>(
        |seed| Setup::new("standard", 2, seed),
        |_, _| 0,
        |g, viewer, text| {
            let v = g.view(viewer);
            for side in 0..2 {
                if viewer.seat() != Some(side) {
                    assert!(v.drawn[side].is_none() && v.deck_top[side].is_none());
                }
            }
            if viewer == Viewer::Spectator {
                assert!(v.hands.iter().all(Option::is_none));
            }
            // The three set-aside State cards are named nowhere.
            for &c in &g.hidden().set_aside_states {
                let name = hustings_engine::votes_for_women::data::card(c).name;
                let slug = hustings_engine::votes_for_women::data::slug(c);
                assert!(
                    !text.contains(&format!("\"{slug}\"")) && !text.contains(&format!(":{slug}")),
                    "set-aside {name} leaked to {viewer}"
                );
                let b = &v.board;
                assert!(
                    !b.available_states.contains(&c)
                        && !b.out.contains(&c)
                        && !b.claimed.iter().flatten().any(|&x| x == c),
                    "set-aside {name} is on the board"
                );
            }
        },
    );
}

/// Win rates of random against random. Run with
/// `cargo test -p hustings-engine --release --test fuzz votes_for_women::random_vs_random -- --ignored --nocapture`.
#[test]
#[ignore]
fn random_vs_random_win_rates() {
    let mut wins = [0u32; 2];
    let mut reasons = std::collections::BTreeMap::<String, u32>::new();
    let n = 400u64;
    for seed in 0..n {
        let setup = Setup::new("standard", 2, 1_000_000 + seed);
        let r = unchecked_game(&setup, seed);
        wins[r.outcome.winners[0]] += 1;
        *reasons
            .entry(ending(&r.outcome.reason).to_string())
            .or_default() += 1;
    }
    println!("endings: {reasons:?}");
    println!(
        "random vs random over {n} games: Suffragist {} ({:.1}%), Opposition {} ({:.1}%)",
        wins[0],
        100.0 * wins[0] as f64 / n as f64,
        wins[1],
        100.0 * wins[1] as f64 / n as f64
    );
}

#[test]
fn registered_in_the_catalogue_and_resampled_from_json() {
    let info = hustings_engine::game_info("votes-for-women").expect("in the catalogue");
    let v = info.variant("standard").expect("standard variant");
    assert_eq!(v.seat_names, vec!["Suffragist", "Opposition"]);
    let setup = Setup::new("standard", 2, 42);
    let mut g = hustings_engine::new_game("votes-for-women", &setup).expect("new game");
    // Play a few choices so that hands, decks and the board have moved.
    for _ in 0..25 {
        let seat = g.to_act()[0];
        let c = g.prompt(seat).unwrap().choices.last().unwrap().id.clone();
        g.apply(seat, &c).unwrap();
    }
    for viewer in [
        hustings_engine::Viewer::Seat(0),
        hustings_engine::Viewer::Seat(1),
        hustings_engine::Viewer::Spectator,
    ] {
        let json = g.view_json(viewer);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let s = hustings_engine::resample_any("votes-for-women", &json, viewer, &mut rng)
            .expect("resampled");
        assert_eq!(s.view_json(viewer), json, "{viewer}");
        if let Some(seat) = viewer.seat() {
            assert_eq!(s.prompt(seat), g.prompt(seat));
        }
    }
    assert!(matches!(
        g.view(hustings_engine::Viewer::Seat(0)),
        hustings_engine::AnyView::VotesForWomen(_)
    ));
}

#[test]
fn a_state_saved_as_json_plays_on_exactly_like_the_original() {
    for seed in 0..20u64 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut g = VotesForWomen::new(&Setup::new("standard", 2, seed)).unwrap();
        let mut copy: Option<VotesForWomen> = None;
        let mut steps = 0;
        while g.outcome().is_none() {
            if steps == 60 {
                let json = serde_json::to_string(&g).unwrap();
                copy = Some(serde_json::from_str(&json).unwrap());
            }
            let (seat, c) = random_prompt_step(&mut g, &mut rng).unwrap();
            if let Some(k) = copy.as_mut() {
                k.apply(seat, &c).unwrap();
            }
            steps += 1;
        }
        if let Some(k) = copy {
            assert_eq!(
                serde_json::to_string(&k).unwrap(),
                serde_json::to_string(&g).unwrap(),
                "seed {seed}"
            );
        }
    }
}
