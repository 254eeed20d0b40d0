//! Random-play fuzzing of Votes for Women: 10,000 seeded games with the board invariants
//! checked after every choice, and redaction / refusal checks on a subset.

use hustings_engine::testing::{FuzzOptions, random_game};
use hustings_engine::votes_for_women::data::Side;
use hustings_engine::votes_for_women::{Mark, Phase, Source, VotesForWomen};
use hustings_engine::{Game, Setup};
use rand::SeedableRng;

/// Every one of the 128 cards is in exactly one place.
fn cards_conserved(g: &VotesForWomen) -> Result<(), String> {
    let b = g.board();
    let h = g.hidden();
    let mut seen = [0u8; 129];
    let zones: Vec<&[u8]> = vec![
        &h.hands[0],
        &h.hands[1],
        &h.drawn[0],
        &h.drawn[1],
        &h.decks[0].bottom,
        &h.decks[0].middle,
        &h.decks[0].top,
        &h.decks[1].bottom,
        &h.decks[1].middle,
        &h.decks[1].top,
        &h.strategy_deck,
        &h.set_aside_states,
        &b.out,
        &b.rest_of_turn,
        &b.rest_of_game,
        &b.final_voting_box,
        &b.available_states,
        &b.strategy_display,
        &b.claimed[0],
        &b.claimed[1],
    ];
    for zone in zones {
        for &c in zone {
            seen[c as usize] += 1;
        }
    }
    for f in &b.stack {
        if let Source::Card(c) = f.source {
            seen[c as usize] += 1;
        }
    }
    match (1..=128).find(|&c| seen[c] != 1) {
        Some(c) => Err(format!("card {c} is in {} places", seen[c])),
        None => Ok(()),
    }
}

fn invariant(g: &VotesForWomen) -> Result<(), String> {
    cards_conserved(g)?;
    let b = g.board();
    let mut checks = 0;
    let mut xs = 0;
    for (i, s) in b.states.iter().enumerate() {
        if s.red > 0 && s.purple + s.yellow > 0 {
            return Err(format!("state {i} holds cubes of both sides: {s:?}"));
        }
        match s.mark {
            Some(Mark::Check) => checks += 1,
            Some(Mark::X) => xs += 1,
            None => {}
        }
        if s.mark.is_some() && s.red + s.purple + s.yellow > 0 {
            return Err(format!("decided state {i} still holds cubes: {s:?}"));
        }
        if b.amendment_sent && s.mark.is_none() && (s.red >= 4 || s.purple + s.yellow >= 4) {
            return Err(format!("state {i} has 4+ cubes after the amendment: {s:?}"));
        }
    }
    if checks != b.checks || xs != b.xs {
        return Err(format!(
            "mark counts {}/{} disagree with the map {checks}/{xs}",
            b.checks, b.xs
        ));
    }
    if b.checks > 36 || b.xs > 13 {
        return Err(format!("{} checks, {} Xs", b.checks, b.xs));
    }
    if b.buttons[0] > Side::Suffragist.button_cap() || b.buttons[1] > Side::Opposition.button_cap()
    {
        return Err(format!("buttons beyond the caps: {:?}", b.buttons));
    }
    if b.congress > 6 || (b.amendment_sent && b.congress != 0) {
        return Err(format!("Congress at {}", b.congress));
    }
    if b.campaigners.len() > 6 {
        return Err("more than six Campaigners".into());
    }
    if b.turn > 6 || b.round > 6 {
        return Err(format!("turn {} round {}", b.turn, b.round));
    }
    if b.available_states.len() + b.claimed.iter().flatten().filter(|&&c| c > 116).count() > 9 {
        return Err("more State cards than the nine in play".into());
    }
    if b.outcome.is_some() != (b.phase == Phase::Finished) {
        return Err("outcome and phase disagree".into());
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

fn fuzz(seeds: std::ops::Range<u64>, heavy_every: u64) -> [u32; 2] {
    let light = FuzzOptions::default();
    let heavy = FuzzOptions {
        redaction_every: 13,
        illegal_every: 7,
        ..FuzzOptions::default()
    };
    let mut wins = [0u32; 2];
    for seed in seeds {
        let opts = if seed % heavy_every == 0 {
            &heavy
        } else {
            &light
        };
        let setup = Setup::new("standard", 2, seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let record = random_game::<VotesForWomen>(&setup, seed, opts, &mut invariant)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        wins[record.outcome.winners[0]] += 1;
    }
    wins
}

/// Games per half of the 10,000 (`VFW_GAMES` sets the total, for quick runs).
fn half() -> u64 {
    std::env::var("VFW_GAMES")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(10_000)
        / 2
}

// The 10,000 games run as two tests of 5,000 so that the harness can use both cores.
#[test]
fn fuzz_10000_games_first_half() {
    let wins = fuzz(0..half(), 200);
    // Random play gives each side some wins; a side that never wins means a broken rule.
    assert!(wins[0] > 0 && wins[1] > 0, "wins {wins:?}");
}

#[test]
fn fuzz_10000_games_second_half() {
    let wins = fuzz(half()..2 * half(), 200);
    assert!(wins[0] > 0 && wins[1] > 0, "wins {wins:?}");
}

#[test]
fn seed_and_hidden_cards_never_appear_in_the_other_seat_view() {
    for i in 0..30u64 {
        let seed = 0xDEAD_BEEF_0000_0000u64 + i * 7_919;
        let mut g = VotesForWomen::new(&Setup::new("standard", 2, seed)).unwrap();
        let mut steps = 0;
        while g.outcome().is_none() && steps < 300 {
            for viewer in [
                hustings_engine::Viewer::Spectator,
                hustings_engine::Viewer::Seat(0),
                hustings_engine::Viewer::Seat(1),
            ] {
                let text = serde_json::to_string(&(g.view(viewer), g.log_for(viewer, 0))).unwrap();
                assert!(!text.contains(&seed.to_string()), "seed leaked to {viewer}");
                assert!(!text.contains("rng"), "generator leaked to {viewer}");
                let v = g.view(viewer);
                for side in 0..2 {
                    if viewer.seat() != Some(side) {
                        assert!(v.drawn[side].is_none() && v.deck_top[side].is_none());
                    }
                }
                if viewer == hustings_engine::Viewer::Spectator {
                    assert!(v.hands.iter().all(Option::is_none));
                }
                // The three set-aside State cards are named nowhere.
                for &c in &g.hidden().set_aside_states {
                    let name = hustings_engine::votes_for_women::data::card(c).name;
                    let slug = hustings_engine::votes_for_women::data::slug(c);
                    assert!(
                        !text.contains(&format!("\"{slug}\""))
                            && !text.contains(&format!(":{slug}")),
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
            }
            let seat = g.to_act()[0];
            let c = g.prompt(seat).unwrap().choices[0].id.clone();
            g.apply(seat, &c).unwrap();
            steps += 1;
        }
    }
}

/// Win rates of random against random. Run with
/// `cargo test -p hustings-engine --release --test fuzz_votes_for_women -- --ignored --nocapture`.
#[test]
#[ignore]
fn random_vs_random_win_rates() {
    let mut wins = [0u32; 2];
    let mut reasons = std::collections::BTreeMap::<String, u32>::new();
    let n = 400u64;
    for seed in 0..n {
        let setup = Setup::new("standard", 2, 1_000_000 + seed);
        let r = random_game::<VotesForWomen>(
            &setup,
            seed,
            &FuzzOptions {
                replay: false,
                ..FuzzOptions::default()
            },
            &mut |_| Ok(()),
        )
        .unwrap();
        wins[r.outcome.winners[0]] += 1;
        let kind = if r.outcome.reason.contains("never sent") {
            "Congress never sent the amendment"
        } else if r.outcome.reason.contains("reject") {
            "13 rejections"
        } else {
            "36 ratifications"
        };
        *reasons.entry(kind.to_string()).or_default() += 1;
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
    use rand::seq::IndexedRandom;
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
            let seat = g.to_act()[0];
            let c = g
                .prompt(seat)
                .unwrap()
                .choices
                .choose(&mut rng)
                .unwrap()
                .id
                .clone();
            g.apply(seat, &c).unwrap();
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
