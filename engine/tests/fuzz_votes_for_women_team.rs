//! Random-play fuzzing of the Votes for Women team variants (two Suffragists and/or two
//! Opposition players) and of co-op against the Oppobot: 10,000 seeded games per variant
//! (co-op: per difficulty), the board invariants after every choice, redaction and refusal
//! checks on a subset, and every game replayed from its set-up and choices.

use hustings_engine::Setup;
use hustings_engine::testing::{FuzzOptions, random_game};
use hustings_engine::votes_for_women::data::{
    Deck, LAST_CARD, NOT_VERSUS_OPPOBOT, Side, card, is_oppobot,
};
use hustings_engine::votes_for_women::{Mark, Phase, Source, VotesForWomen, player};

/// Every card in play is in exactly one place, hands and claimed cards counted per player.
fn cards_conserved(g: &VotesForWomen) -> Result<(), String> {
    let b = g.board();
    let h = g.hidden();
    let bot = b.oppobot.is_some();
    let mut seen = [0u8; LAST_CARD as usize + 1];
    let starts = b
        .oppobot
        .as_ref()
        .map(|m| m.starts.clone())
        .unwrap_or_default();
    let mut zones: Vec<&[u8]> = vec![
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
    ];
    zones.extend(h.hands.iter().map(Vec::as_slice));
    zones.extend(b.claimed.iter().map(Vec::as_slice));
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
        let absent = if bot {
            (card(c).deck == Deck::Opposition && !is_oppobot(c)) || NOT_VERSUS_OPPOBOT.contains(&c)
        } else {
            is_oppobot(c)
        };
        if seen[c as usize] != u8::from(!absent) {
            return Err(format!(
                "card {c} ({}) is in {} places",
                card(c).name,
                seen[c as usize]
            ));
        }
    }
    Ok(())
}

fn invariant(g: &VotesForWomen) -> Result<(), String> {
    cards_conserved(g)?;
    let b = g.board();
    let h = g.hidden();
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
    if b.buttons[0] > 12 || b.buttons[1] > 6 || b.congress > 6 {
        return Err(format!("buttons {:?} Congress {}", b.buttons, b.congress));
    }
    if b.amendment_sent && b.congress != 0 {
        return Err("Congress moved after the amendment".into());
    }
    if b.campaigners.len() > 6 || b.turn > 6 || b.round > 6 {
        return Err("campaigners, turn or round out of range".into());
    }
    if h.hands.len() != 4 || b.claimed.len() != 4 {
        return Err("a team game keeps hands and claimed cards for 4 players".into());
    }
    for side in [Side::Suffragist, Side::Opposition] {
        if !b.pair(side) {
            let second = player(side, 1);
            if !h.hands[second].is_empty() || !b.claimed[second].is_empty() {
                return Err(format!("{side:?} has one player but a second hand"));
            }
        } else {
            // Partners hold 4 cards each at most (3 drawn to a held or start card).
            for slot in 0..2u8 {
                let n = h.hands[player(side, slot)].len();
                if n > 4 {
                    return Err(format!("{side:?} player {slot} holds {n} cards"));
                }
            }
        }
    }
    if b.phase == Phase::Cleanup {
        let x = b
            .exchanges
            .as_ref()
            .ok_or("Cleanup without its exchanges")?;
        if !b.pair(x.side) || b.turn >= 6 {
            return Err("Cleanup exchanges for a side of one, or after turn 5".into());
        }
    }
    if b.outcome.is_some() != (b.phase == Phase::Finished) {
        return Err("outcome and phase disagree".into());
    }
    if let Some(o) = &b.outcome {
        let side_of = |s: usize| b.seats[s];
        let suff_won = b.checks == 36;
        let opp_won = b.xs == 13 || (!b.amendment_sent && b.turn == 6);
        let winners: Vec<Side> = o.winners.iter().map(|&w| side_of(w)).collect();
        let all_of = |side: Side| {
            (0..b.seats.len())
                .filter(|&s| side_of(s) == side)
                .all(|s| o.winners.contains(&s))
        };
        let ok = if winners.contains(&Side::Suffragist) {
            suff_won && all_of(Side::Suffragist) && !winners.contains(&Side::Opposition)
        } else {
            opp_won && (b.oppobot.is_some() || all_of(Side::Opposition))
        };
        if !ok {
            return Err(format!("a result without its condition: {o:?}"));
        }
    }
    Ok(())
}

/// Plays `games()` seeded games of `variant` and returns (Suffragist wins, Opposition wins).
fn fuzz(variant: &str, seats: usize, difficulty: &str) -> [u32; 2] {
    let light = FuzzOptions::default();
    let heavy = FuzzOptions {
        redaction_every: 11,
        illegal_every: 7,
        ..FuzzOptions::default()
    };
    let mut wins = [0u32; 2];
    for seed in 0..games() {
        let opts = if seed % 100 == 0 { &heavy } else { &light };
        let setup = Setup::new(variant, seats, seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 7)
            .with_option("oppobot", difficulty);
        let record = random_game::<VotesForWomen>(&setup, seed, opts, &mut invariant)
            .unwrap_or_else(|e| panic!("{variant} {difficulty} seed {seed}: {e}"));
        // Seat 0 plays the Suffragist in every variant.
        wins[usize::from(!record.outcome.winners.contains(&0))] += 1;
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
fn fuzz_10000_games_two_suffragists_against_one_opposition() {
    let wins = fuzz("team-3-suffragists", 3, "normal");
    assert!(wins[0] > 0 && wins[1] > 0, "wins {wins:?}");
}

#[test]
fn fuzz_10000_games_one_suffragist_against_two_opposition() {
    let wins = fuzz("team-3-opposition", 3, "normal");
    assert!(wins[0] > 0 && wins[1] > 0, "wins {wins:?}");
}

#[test]
fn fuzz_10000_games_two_against_two() {
    let wins = fuzz("team-4", 4, "normal");
    assert!(wins[0] > 0 && wins[1] > 0, "wins {wins:?}");
}

#[test]
fn fuzz_10000_coop_games_normal() {
    let wins = fuzz("coop", 2, "normal");
    assert!(wins[1] > 0, "Suffragist/Oppobot wins {wins:?}");
}

#[test]
fn fuzz_10000_coop_games_hard() {
    let wins = fuzz("coop", 2, "hard");
    assert!(wins[1] > 0, "Suffragist/Oppobot wins {wins:?}");
}
