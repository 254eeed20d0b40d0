//! Self-play figures for balance work: the same AI in every seat, in-process, over many
//! seeds, with each seat's wins (and a 95% interval), game lengths in turns and how games
//! ended. `cargo run --release -p hustings-bot --example balance` prints them.

use hustings_engine::{AnyView, Seat, Setup, Viewer};

use crate::ai::make_ai;
use crate::local::play_local_to_end;
use crate::stats::{Z95, wilson};

/// One finished self-play game.
#[derive(Clone, Debug)]
pub struct Record {
    /// The seeds' game: `seed` of [`self_play`] plus its index.
    pub seed: u64,
    /// The sole winner (`None` for a draw or a shared win).
    pub winner: Option<Seat>,
    /// Game Turns played, for games that count turns (The Vote, Votes for Women).
    pub turns: Option<u32>,
    /// The engine's reason for the end.
    pub reason: String,
    /// Final scores, by seat.
    pub scores: Vec<i64>,
}

/// Turns played so far, for the games whose view counts them.
fn turns_of(view: &AnyView) -> Option<u32> {
    match view {
        AnyView::TheVote(v) => Some(v.turn),
        AnyView::VotesForWomen(v) => Some(v.board.turn as u32),
        _ => None,
    }
}

/// Plays `games` games of `game_id` (standard variant, `seats` seats, rules revision `rules`)
/// with the AI `ai` at `level` in every seat; game `i` uses setup seed `seed + i`, and each
/// seat's AI its own seed derived from it. Fails if an AI errs or picks an illegal choice, or
/// if a game has not ended after `max_choices` choices.
#[allow(clippy::too_many_arguments)]
pub fn self_play(
    game_id: &str,
    seats: usize,
    rules: u32,
    ai: &str,
    level: &str,
    games: u64,
    seed: u64,
    max_choices: usize,
) -> Result<Vec<Record>, String> {
    let mut out = Vec::with_capacity(games as usize);
    for i in 0..games {
        let game_seed = seed.wrapping_add(i);
        let mut setup = Setup::new("standard", seats, game_seed);
        setup.rules = rules;
        let mut ais = (0..seats)
            .map(|s| {
                make_ai(
                    ai,
                    level,
                    game_seed.wrapping_mul(31).wrapping_add(s as u64 + 1),
                )
            })
            .collect::<Result<Vec<_>, _>>()?;
        let (played, game) = play_local_to_end(game_id, &setup, &mut ais, max_choices)
            .map_err(|e| format!("seed {game_seed}: {e}"))?;
        let outcome = played.outcome;
        out.push(Record {
            seed: game_seed,
            winner: (outcome.winners.len() == 1).then(|| outcome.winners[0]),
            turns: turns_of(&game.view(Viewer::Spectator)),
            reason: outcome.reason,
            scores: outcome.scores,
        });
    }
    Ok(out)
}

/// [`self_play`] on `threads` threads at once (the games split among them by seed), the
/// records in seed order: the same records as one thread gives, sooner.
#[allow(clippy::too_many_arguments)]
pub fn self_play_parallel(
    game_id: &str,
    seats: usize,
    rules: u32,
    ai: &str,
    level: &str,
    games: u64,
    seed: u64,
    max_choices: usize,
    threads: usize,
) -> Result<Vec<Record>, String> {
    let threads = threads.clamp(1, games.max(1) as usize) as u64;
    let per = games.div_ceil(threads);
    let mut out = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let first = t * per;
                let count = per.min(games.saturating_sub(first));
                scope.spawn(move || {
                    self_play(
                        game_id,
                        seats,
                        rules,
                        ai,
                        level,
                        count,
                        seed.wrapping_add(first),
                        max_choices,
                    )
                })
            })
            .collect();
        let mut all = Vec::with_capacity(games as usize);
        for w in workers {
            all.extend(
                w.join()
                    .map_err(|_| "a self-play thread panicked".to_string())??,
            );
        }
        Ok::<_, String>(all)
    })?;
    out.sort_by_key(|r| r.seed);
    Ok(out)
}

/// The summary of a set of self-play games.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub games: u64,
    /// Sole wins per seat.
    pub wins: Vec<u64>,
    /// Mean and median turns (0 when the game does not count turns).
    pub mean_turns: f64,
    pub median_turns: f64,
    pub min_turns: u32,
    pub max_turns: u32,
    /// Mean final score per seat.
    pub mean_scores: Vec<f64>,
}

impl Summary {
    pub fn of(records: &[Record], seats: usize) -> Summary {
        let games = records.len() as u64;
        let mut wins = vec![0u64; seats];
        for r in records {
            if let Some(w) = r.winner.filter(|&w| w < seats) {
                wins[w] += 1;
            }
        }
        let mut turns: Vec<u32> = records.iter().filter_map(|r| r.turns).collect();
        turns.sort_unstable();
        let mean_turns = if turns.is_empty() {
            0.0
        } else {
            turns.iter().map(|&t| t as f64).sum::<f64>() / turns.len() as f64
        };
        let median_turns = match turns.len() {
            0 => 0.0,
            n if n % 2 == 1 => turns[n / 2] as f64,
            n => (turns[n / 2 - 1] + turns[n / 2]) as f64 / 2.0,
        };
        let mean_scores = (0..seats)
            .map(|s| {
                records
                    .iter()
                    .map(|r| r.scores.get(s).copied().unwrap_or(0) as f64)
                    .sum::<f64>()
                    / games.max(1) as f64
            })
            .collect();
        Summary {
            games,
            wins,
            mean_turns,
            median_turns,
            min_turns: turns.first().copied().unwrap_or(0),
            max_turns: turns.last().copied().unwrap_or(0),
            mean_scores,
        }
    }

    /// Share of games seat `s` won, with its 95% Wilson interval.
    pub fn win_rate(&self, s: Seat) -> (f64, f64, f64) {
        let w = self.wins.get(s).copied().unwrap_or(0);
        let (lo, hi) = wilson(w, self.games, Z95);
        (w as f64 / self.games.max(1) as f64, lo, hi)
    }
}
