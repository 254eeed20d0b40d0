//! Greedy: try each legal choice on a few states resampled from the view and keep the one
//! whose results score best on the game's evaluation.
//!
//! Prompts are atomic, so one choice often only starts an action ("lobby with this card"
//! rolls dice, then asks whether to keep them; "campaign" asks where each cube goes). Scoring
//! the state right after such a choice would see nothing gained yet, and the AI would shun
//! every multi-step action. So, for a game whose evaluation asks for it
//! (`Evaluation::follow_through`), after each tried choice the seat's own follow-up decisions
//! are played out on the same sampled state, each by the best immediate score, until another
//! seat must act (or [`FOLLOW_THROUGH`] decisions were made), and that state is scored.
//! A game whose evaluation says when an action is under way (`Evaluation::in_action`, The
//! Vote, whose actions take the other seat's reactions) has the whole action played out
//! instead, each deciding seat taking its own best next step.

use hustings_engine::{AnyGame, Seat};
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

use super::eval::Heuristic;
use super::{Ai, AiError, Decision, eval, resampler};

/// Resampled states per choice when no level is given.
pub const DEFAULT_SAMPLES: usize = 8;

/// Most follow-up decisions of the same seat played out after a tried choice.
pub const FOLLOW_THROUGH: usize = 40;
/// Follow-up states scored greedily after a tried choice before the rest go at random.
pub const FOLLOW_EVALS: usize = 24;

/// Most steps of an action in progress played out before a choice is scored.
const MAX_ACTION_STEPS: usize = 16;

/// For a game whose evaluation says when an action is under way: plays the rest of the
/// action out, each deciding seat taking the step that scores best for itself one step on,
/// so that a choice opening an action is judged by its result and not by its cost.
fn play_out_action(
    state: &mut Box<dyn AnyGame>,
    evaluation: eval::Evaluation,
    in_action: fn(&dyn AnyGame) -> bool,
) {
    let mut legal = Vec::new();
    for _ in 0..MAX_ACTION_STEPS {
        if state.outcome().is_some() || !in_action(state.as_ref()) {
            return;
        }
        let Some(seat) = state.first_to_act() else {
            return;
        };
        legal.clear();
        state.legal_codes(seat, &mut legal);
        let mut best: Option<(f64, Box<dyn AnyGame>)> = None;
        for &code in &legal {
            let mut next = state.clone_box();
            if next.apply_code(seat, code).is_ok() {
                let v = eval::score_with(Some(evaluation), next.as_ref(), seat);
                if best.as_ref().is_none_or(|(b, _)| v > *b + 1e-9) {
                    best = Some((v, next));
                }
            }
        }
        match best {
            Some((_, next)) => *state = next,
            None => return,
        }
    }
}

/// Looks one choice ahead, averaging over hidden information and dice.
pub struct Greedy {
    rng: ChaCha8Rng,
    samples: usize,
    heuristic: Heuristic,
}

impl Greedy {
    pub fn new(seed: u64, samples: usize) -> Self {
        Greedy {
            rng: ChaCha8Rng::seed_from_u64(seed),
            samples: samples.max(1),
            heuristic: Heuristic::Hand,
        }
    }

    /// The same player judging by `heuristic` (see [`Heuristic`]).
    pub fn with_heuristic(mut self, heuristic: Heuristic) -> Self {
        self.heuristic = heuristic;
        self
    }
}

impl Ai for Greedy {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(&mut self, decision: &Decision) -> Result<String, AiError> {
        let choices = &decision.prompt.choices;
        if choices.len() <= 1 {
            return choices
                .first()
                .map(|c| c.id.clone())
                .ok_or(AiError::NoChoice);
        }
        let sampler = resampler(decision, &mut self.rng)?;
        let scores = score_choices(
            decision,
            sampler.as_ref(),
            self.samples,
            self.heuristic,
            &mut self.rng,
        );
        let best_score = scores
            .iter()
            .flatten()
            .copied()
            .fold(f64::NEG_INFINITY, f64::max);
        let best: Vec<&str> = choices
            .iter()
            .zip(&scores)
            .filter(|(_, s)| s.is_some_and(|s| (s - best_score).abs() <= 1e-9))
            .map(|(c, _)| c.id.as_str())
            .collect();
        match best.choose(&mut self.rng) {
            Some(id) => Ok(id.to_string()),
            // No sample accepted any choice: fall back to any legal one.
            None => choices
                .choose(&mut self.rng)
                .map(|c| c.id.clone())
                .ok_or(AiError::NoChoice),
        }
    }
}

/// Each choice of `decision`'s prompt scored for the deciding seat as greedy sees it: the
/// game's evaluation after the choice (and, where the game asks, the rest of the action
/// played out), averaged over `samples` states drawn from `sampler`; `None` for a choice no
/// drawn state offered. IS-MCTS uses it to put its search on the promising choices.
pub(crate) fn score_choices(
    decision: &Decision,
    sampler: &dyn hustings_engine::Resampler,
    samples: usize,
    heuristic: Heuristic,
    rng: &mut ChaCha8Rng,
) -> Vec<Option<f64>> {
    let mut legal = Vec::new();
    let evaluation = eval::evaluation_with(decision.game, heuristic);
    decision
        .prompt
        .choices
        .iter()
        .map(|choice| {
            let mut total = 0.0;
            let mut n = 0usize;
            for _ in 0..samples.max(1) {
                let mut state = sampler.sample(rng);
                // A choice the resampled state does not offer tells nothing: skip that sample.
                legal.clear();
                state.legal_codes(decision.seat, &mut legal);
                let Some(code) = state.choice_code(&choice.id) else {
                    continue;
                };
                if legal.contains(&code) && state.apply_code(decision.seat, code).is_ok() {
                    match evaluation {
                        Some(
                            e @ eval::Evaluation {
                                in_action: Some(in_action),
                                ..
                            },
                        ) => play_out_action(&mut state, e, in_action),
                        Some(e) if e.follow_through => {
                            follow_through(&mut state, decision.seat, e, FOLLOW_EVALS, rng)
                        }
                        _ => {}
                    }
                    total += eval::score_with(evaluation, state.as_ref(), decision.seat);
                    n += 1;
                }
            }
            (n > 0).then(|| total / n as f64)
        })
        .collect()
}

/// Plays `seat`'s own follow-up decisions on `state` while it is the only seat to act, at
/// most [`FOLLOW_THROUGH`] of them: each by the best immediate score while fewer than
/// `max_evals` states have been scored, then at random (a long action such as placing a
/// dozen cubes one by one would otherwise cost thousands of evaluations per choice).
pub(crate) fn follow_through(
    state: &mut Box<dyn AnyGame>,
    seat: Seat,
    evaluation: eval::Evaluation,
    max_evals: usize,
    rng: &mut ChaCha8Rng,
) {
    let mut evals = 0usize;
    let mut legal = Vec::new();
    for _ in 0..FOLLOW_THROUGH {
        if state.outcome().is_some() || state.to_act() != [seat] {
            return;
        }
        legal.clear();
        state.legal_codes(seat, &mut legal);
        if legal.is_empty() {
            return;
        }
        if evals + legal.len() > max_evals {
            let Some(&code) = legal.choose(rng) else {
                return;
            };
            if state.apply_code(seat, code).is_err() {
                return;
            }
            continue;
        }
        let mut best: Option<(f64, Box<dyn AnyGame>)> = None;
        for &code in &legal {
            let mut next = state.clone_box();
            if next.apply_code(seat, code).is_err() {
                continue;
            }
            evals += 1;
            let s = eval::score_with(Some(evaluation), next.as_ref(), seat);
            if best.as_ref().is_none_or(|(b, _)| s > *b + 1e-9) {
                best = Some((s, next));
            }
        }
        match best {
            Some((_, next)) => *state = next,
            None => return,
        }
    }
}
