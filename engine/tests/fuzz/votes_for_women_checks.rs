//! What the Votes for Women fuzzers (two-player, solitaire against the Oppobot, team and co-op)
//! all check: where every card is, and the board rules that hold in every variant. Each fuzzer
//! adds its own variant's checks (who may win, the Oppobot's zones, the partners' hands).

// Each fuzzer is its own crate and uses only the parts its variants need.
#![allow(dead_code)]

use hustings_engine::Setup;
use hustings_engine::testing::{FuzzOptions, GameRecord, HeavyChecks, games_from_env, random_game};
use hustings_engine::votes_for_women::data::{
    CardId, Deck, LAST_CARD, NOT_VERSUS_OPPOBOT, Side, card, is_oppobot,
};
use hustings_engine::votes_for_women::{Mark, Phase, Source, VotesForWomen};

/// How often the two-player and the solitaire fuzzers run the costlier checks: one game in 200
/// gets the redaction checker every 13 choices and an illegal choice every 7. Both play a
/// two-seat game at 10,000 games a batch, so one rate serves both.
pub const HEAVY: HeavyChecks = HeavyChecks {
    heavy_every: 200,
    redaction_every: 13,
    illegal_every: 7,
};

/// Games per fuzz batch: 10,000, or `VFW_GAMES` for quick runs.
pub fn games() -> u64 {
    games_from_env("VFW_GAMES", 10_000)
}

/// Whether a card is in a game against the Oppobot: not the Opposition deck (the Oppobot
/// plays its own) and not the two Strategy cards set aside against it.
pub fn in_play_against_the_oppobot(c: CardId) -> bool {
    !((card(c).deck == Deck::Opposition && !is_oppobot(c)) || NOT_VERSUS_OPPOBOT.contains(&c))
}

/// The game keeps hands and claimed cards for `players` players, and every card is in exactly
/// one place if `in_play(card)`, and nowhere otherwise. Counts every zone: each player's hand
/// and claimed cards, the drawn cards and decks, the Strategy deck and display, the set-aside
/// State cards, the Oppobot's set-aside and start cards, the board's piles and the stack.
pub fn cards_conserved(
    g: &VotesForWomen,
    players: usize,
    in_play: impl Fn(CardId) -> bool,
) -> Result<(), String> {
    let b = g.board();
    let h = g.hidden();
    if h.hands.len() != players || b.claimed.len() != players {
        return Err(format!(
            "hands and claimed cards for {}/{} players, not {players}",
            h.hands.len(),
            b.claimed.len()
        ));
    }
    let mut seen = [0u8; LAST_CARD as usize + 1];
    let starts = b
        .oppobot
        .as_ref()
        .map(|m| m.starts.clone())
        .unwrap_or_default();
    let on_stack: Vec<CardId> = b
        .stack
        .iter()
        .filter_map(|f| match f.source {
            Source::Card(c) => Some(c),
            _ => None,
        })
        .collect();
    let mut zones: Vec<&[u8]> = vec![
        &on_stack,
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
            let n = seen
                .get_mut(c as usize)
                .ok_or_else(|| format!("card {c} does not exist"))?;
            *n += 1;
        }
    }
    for c in 1..=LAST_CARD {
        if seen[c as usize] != u8::from(in_play(c)) {
            return Err(format!(
                "card {c} ({}) is in {} places",
                card(c).name,
                seen[c as usize]
            ));
        }
    }
    Ok(())
}

/// The board rules of every variant: no state holds cubes of both sides, a decided state
/// holds none, the marks agree with the map and stay within 36 checks and 13 Xs, buttons stay
/// within each side's cap, Congress within 6 and at 0 once the amendment is sent, at most six
/// Campaigners, six turns and six rounds, and an outcome exactly when the game is finished.
/// After the amendment no undecided state holds 4 or more cubes of a side: while the game
/// runs, and also once it is over where `cubes_checked_after_the_end`.
pub fn board_consistent(
    g: &VotesForWomen,
    cubes_checked_after_the_end: bool,
) -> Result<(), String> {
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
        if (b.outcome.is_none() || cubes_checked_after_the_end)
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
    if b.buttons[0] > Side::Suffragist.button_cap() || b.buttons[1] > Side::Opposition.button_cap()
    {
        return Err(format!("buttons beyond the caps: {:?}", b.buttons));
    }
    if b.congress > 6 || (b.amendment_sent && b.congress != 0) {
        return Err(format!("Congress at {}", b.congress));
    }
    if b.campaigners.len() > 6 || b.turn > 6 || b.round > 6 {
        return Err(format!(
            "{} campaigners, turn {} round {}",
            b.campaigners.len(),
            b.turn,
            b.round
        ));
    }
    if b.outcome.is_some() != (b.phase == Phase::Finished) {
        return Err("outcome and phase disagree".into());
    }
    Ok(())
}

/// How a game ended, from its outcome's reason: for the win-rate reports.
pub fn ending(reason: &str) -> &'static str {
    if reason.contains("never sent") {
        "Congress never sent the amendment"
    } else if reason.contains("reject") {
        "13 rejections"
    } else {
        "36 ratifications"
    }
}

/// One random game of `setup` with only the fuzzer's generic checks and no replay: for the
/// win-rate reports.
pub fn unchecked_game(setup: &Setup, seed: u64) -> GameRecord {
    let opts = FuzzOptions {
        replay: false,
        ..FuzzOptions::default()
    };
    random_game::<VotesForWomen>(setup, seed, &opts, &mut |_| Ok(()))
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"))
}
