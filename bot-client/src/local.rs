//! Plays AIs against each other in-process, straight on the engine: each AI is handed the
//! same [`Decision`] a network player builds from a `MatchUpdate` (its seat's view as JSON
//! and its prompt), so what is measured here is what plays over the network.

use std::time::{Duration, Instant};

use hustings_engine::{AnyGame, Outcome, Setup, Viewer, new_game};

use crate::ai::{Ai, Decision};

/// A finished in-process game.
#[derive(Clone, Debug)]
pub struct LocalGame {
    pub outcome: Outcome,
    /// Choices made, by every seat.
    pub choices: usize,
    /// Decisions each seat made.
    pub decisions: Vec<u64>,
    /// Time each seat spent deciding.
    pub think_time: Vec<Duration>,
}

/// Plays one game of `game_id` with `ais[s]` in seat `s`. Fails if an AI errs or picks a
/// choice the rules refuse, or if the game has not ended after `max_choices` choices.
pub fn play_local(
    game_id: &str,
    setup: &Setup,
    ais: &mut [Box<dyn Ai>],
    max_choices: usize,
) -> Result<LocalGame, String> {
    play_local_to_end(game_id, setup, ais, max_choices).map(|(r, _)| r)
}

/// [`play_local`], also handing back the finished game (for figures its outcome does not
/// carry, such as its length in turns).
pub fn play_local_to_end(
    game_id: &str,
    setup: &Setup,
    ais: &mut [Box<dyn Ai>],
    max_choices: usize,
) -> Result<(LocalGame, Box<dyn AnyGame>), String> {
    play_local_observed(game_id, setup, ais, max_choices, &mut |_| {})
}

/// [`play_local_to_end`], showing `observe` the whole state before every decision (for
/// collecting positions to fit an evaluation to).
pub fn play_local_observed(
    game_id: &str,
    setup: &Setup,
    ais: &mut [Box<dyn Ai>],
    max_choices: usize,
    observe: &mut dyn FnMut(&dyn AnyGame),
) -> Result<(LocalGame, Box<dyn AnyGame>), String> {
    let mut game = new_game(game_id, setup).map_err(|e| e.to_string())?;
    let seats = game.num_seats();
    if ais.len() != seats {
        return Err(format!("{seats} seats but {} AIs", ais.len()));
    }
    let mut decisions = vec![0u64; seats];
    let mut think_time = vec![Duration::ZERO; seats];
    let mut choices = 0usize;
    loop {
        if let Some(outcome) = game.outcome() {
            let r = LocalGame {
                outcome,
                choices,
                decisions,
                think_time,
            };
            return Ok((r, game));
        }
        if choices >= max_choices {
            return Err(format!("no end after {choices} choices"));
        }
        observe(game.as_ref());
        let Some(&seat) = game.to_act().first() else {
            return Err(format!("nobody can act after {choices} choices"));
        };
        let prompt = game
            .prompt(seat)
            .ok_or_else(|| format!("seat {seat} must act but has no prompt"))?;
        let view = game.view_json(Viewer::Seat(seat));
        let decision = Decision {
            game: game_id,
            seat,
            view: &view,
            prompt: &prompt,
            time_limit: None,
        };
        let started = Instant::now();
        let ai = &mut ais[seat];
        let choice = ai
            .choose(&decision)
            .map_err(|e| format!("{} in seat {seat}: {e}", ai.name()))?;
        think_time[seat] += started.elapsed();
        decisions[seat] += 1;
        game.apply(seat, &choice)
            .map_err(|e| format!("{} in seat {seat} chose '{choice}': {e}", ai.name()))?;
        choices += 1;
    }
}

/// Plays `games` in-process games of side A against side B (A in seat 0 of even games, in
/// seat 1 of odd ones; with more seats, the sides alternate round the table), each with its
/// own seed from `seed`. `make(side_is_a, game_index, seat)` builds each seat's AI.
pub fn local_tournament(
    game_id: &str,
    variant: &str,
    seats: usize,
    games: u64,
    seed: u64,
    names: (&str, &str),
    make: &mut dyn FnMut(bool, u64, usize) -> Result<Box<dyn Ai>, String>,
) -> Result<crate::stats::Tally, String> {
    let mut tally = crate::stats::Tally::new(names.0, names.1);
    for g in 0..games {
        let a_seats: Vec<usize> = (0..seats).filter(|&s| side_is_a(g, s)).collect();
        let mut ais = (0..seats)
            .map(|s| make(side_is_a(g, s), g, s))
            .collect::<Result<Vec<_>, _>>()?;
        let setup = Setup::new(variant, seats, seed.wrapping_add(g));
        let r = play_local(game_id, &setup, &mut ais, 1_000_000)?;
        let won = |a: bool| r.outcome.winners.iter().any(|w| a_seats.contains(w) == a);
        let sum = |a: bool| -> (u64, f64) {
            (0..seats)
                .filter(|s| a_seats.contains(s) == a)
                .fold((0, 0.0), |(d, t), s| {
                    (d + r.decisions[s], t + r.think_time[s].as_secs_f64())
                })
        };
        let (ad, at) = sum(true);
        let (bd, bt) = sum(false);
        tally.record(won(true), won(false), r.choices as u64, ad, at, bd, bt);
        let is_a: Vec<bool> = (0..seats).map(|s| a_seats.contains(&s)).collect();
        tally.record_seats(&is_a, &r.outcome.winners);
    }
    Ok(tally)
}

/// Whether seat `seat` of game number `game` belongs to side A: sides alternate round the
/// table, and swap every other game so that neither side always moves first.
pub fn side_is_a(game: u64, seat: usize) -> bool {
    (seat as u64 + game).is_multiple_of(2)
}
