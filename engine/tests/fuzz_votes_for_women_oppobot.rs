//! Random-play fuzzing of Votes for Women solitaire against the Oppobot (normal and hard):
//! 10,000 seeded games per difficulty, the two-player fuzzer's board invariants after every
//! choice, redaction and refusal checks on a subset, and replays compared.

use hustings_engine::Setup;
use hustings_engine::testing::{FuzzOptions, random_game};
use hustings_engine::votes_for_women::data::{
    Deck, LAST_CARD, NOT_VERSUS_OPPOBOT, card, is_oppobot,
};
use hustings_engine::votes_for_women::{Mark, Phase, Source, VotesForWomen};

/// Every card of the solitaire game is in exactly one place; the Opposition deck and the
/// two Strategy cards set aside against the Oppobot are nowhere.
fn cards_conserved(g: &VotesForWomen) -> Result<(), String> {
    let b = g.board();
    let h = g.hidden();
    let mut seen = [0u8; LAST_CARD as usize + 1];
    let starts = b
        .oppobot
        .as_ref()
        .map(|m| m.starts.clone())
        .unwrap_or_default();
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
        &h.oppobot_set_aside,
        &starts,
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
    for c in 1..=LAST_CARD {
        let absent =
            (card(c).deck == Deck::Opposition && !is_oppobot(c)) || NOT_VERSUS_OPPOBOT.contains(&c);
        let want = u8::from(!absent);
        if seen[c as usize] != want {
            return Err(format!(
                "card {c} ({}) is in {} places",
                card(c).name,
                seen[c as usize]
            ));
        }
    }
    if h.oppobot_set_aside.len() != 6 {
        return Err("the Oppobot must have 6 cards set aside".into());
    }
    Ok(())
}

fn invariant(g: &VotesForWomen) -> Result<(), String> {
    cards_conserved(g)?;
    let b = g.board();
    let (mut checks, mut xs) = (0, 0);
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
        if b.outcome.is_none()
            && b.amendment_sent
            && s.mark.is_none()
            && (s.red >= 4 || s.purple + s.yellow >= 4)
        {
            return Err(format!("state {i} has 4+ cubes after the amendment: {s:?}"));
        }
    }
    if checks != b.checks || xs != b.xs || b.checks > 36 || b.xs > 13 {
        return Err(format!("marks {}/{} vs map {checks}/{xs}", b.checks, b.xs));
    }
    if b.buttons[1] != 0 {
        return Err("the Oppobot never holds buttons".into());
    }
    if b.buttons[0] > 12 || b.congress > 6 || (b.amendment_sent && b.congress != 0) {
        return Err(format!("buttons {:?} Congress {}", b.buttons, b.congress));
    }
    if b.campaigners.len() > 6 || b.turn > 6 || b.round > 6 {
        return Err("campaigners, turn or round out of range".into());
    }
    if !g
        .hand(hustings_engine::votes_for_women::data::Side::Opposition)
        .is_empty()
    {
        return Err("the Oppobot never holds a hand".into());
    }
    if b.outcome.is_some() != (b.phase == Phase::Finished) {
        return Err("outcome and phase disagree".into());
    }
    if let Some(o) = &b.outcome {
        let ok = if o.winners == [0] {
            b.checks == 36
        } else {
            o.winners.is_empty() && (b.xs == 13 || (!b.amendment_sent && b.turn == 6))
        };
        if !ok {
            return Err(format!("a result without its condition: {o:?}"));
        }
    } else if !b.claimed[1].is_empty() && b.stack.is_empty() {
        return Err("the Oppobot holds a claimed card instead of playing it".into());
    }
    Ok(())
}

fn fuzz(difficulty: &str, seeds: std::ops::Range<u64>, heavy_every: u64) -> [u32; 2] {
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
        let setup = Setup::new("solitaire", 1, seed.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .with_option("oppobot", difficulty);
        let record = random_game::<VotesForWomen>(&setup, seed, opts, &mut invariant)
            .unwrap_or_else(|e| panic!("{difficulty} seed {seed}: {e}"));
        wins[usize::from(record.outcome.winners.is_empty())] += 1;
    }
    wins
}

fn games() -> u64 {
    std::env::var("VFW_GAMES")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(10_000)
}

#[test]
fn fuzz_10000_solitaire_games_normal() {
    let wins = fuzz("normal", 0..games(), 200);
    // A random Suffragist seldom if ever beats the Oppobot; the Oppobot must win some.
    assert!(wins[1] > 0, "Suffragist/Oppobot wins {wins:?}");
}

#[test]
fn fuzz_10000_solitaire_games_hard() {
    let wins = fuzz("hard", 0..games(), 200);
    assert!(wins[1] > 0, "Suffragist/Oppobot wins {wins:?}");
}

/// The Oppobot's win rate against a uniformly random Suffragist. Run with
/// `cargo test -p hustings-engine --release --test fuzz_votes_for_women_oppobot -- --ignored --nocapture`.
#[test]
#[ignore]
fn oppobot_win_rate_against_random() {
    for difficulty in ["normal", "hard"] {
        let n = 400u64;
        let mut bot = 0;
        let mut reasons = std::collections::BTreeMap::<String, u32>::new();
        for seed in 0..n {
            let setup =
                Setup::new("solitaire", 1, 5_000_000 + seed).with_option("oppobot", difficulty);
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
            bot += u32::from(r.outcome.winners.is_empty());
            let kind = if r.outcome.reason.contains("never sent") {
                "Congress never sent the amendment"
            } else if r.outcome.reason.contains("reject") {
                "13 rejections"
            } else {
                "36 ratifications"
            };
            *reasons.entry(kind.to_string()).or_default() += 1;
        }
        println!(
            "{difficulty}: Oppobot wins {bot}/{n} ({:.1}%) against a random Suffragist; endings {reasons:?}",
            100.0 * bot as f64 / n as f64
        );
    }
}
