//! Single-observer information-set Monte Carlo tree search (SO-ISMCTS, Cowling, Powley and
//! Whitehouse 2012).
//!
//! Each iteration draws one determinization — a full state consistent with the deciding
//! seat's view, from one [`hustings_engine::Resampler`] per search — and walks one shared
//! tree whose edges are (seat, action code) pairs (the engine's cheap path: codes, not
//! choice ids; only the chosen root edge is turned back into an id): only the edges legal in this determinization compete,
//! with UCB1 counting how often each was available rather than how often its parent was
//! visited. Dice and hidden cards differ from one iteration to the next, so a node stands
//! for everything the observer cannot tell apart. The tree holds every seat's decisions;
//! each node keeps the reward of the seat that chose it, so several opponents (the
//! convention variant's 2–6 nominees) are each searched on their own behalf.
//!
//! Playouts are random; for a game with a heuristic ([`super::eval`]) they stop after a few
//! plies and the heuristic's win estimates stand in for the result.

use std::time::{Duration, Instant};

use hustings_engine::{AnyGame, Seat};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::greedy::{follow_through, score_choices};
use super::levels::Level;
use super::settings::Settings;
use super::{Ai, AiError, Decision, eval, outcome_rewards, resampler};

/// How long the search runs for each decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A fixed number of iterations: reproducible, independent of the machine.
    Iterations(u32),
    /// As many iterations as fit in this time.
    Time(Duration),
}

impl Budget {
    /// `400` (iterations), `150ms` or `2s` (time).
    pub fn parse(text: &str) -> Result<Budget, String> {
        let t = text.trim();
        let bad = || {
            format!(
                "ismcts level '{t}' is neither a named level (easy, medium, hard), an iteration count (400) nor a time (150ms, 2s)"
            )
        };
        if let Some(ms) = t.strip_suffix("ms") {
            let ms: u64 = ms.trim().parse().map_err(|_| bad())?;
            return Ok(Budget::Time(Duration::from_millis(ms.max(1))));
        }
        if let Some(s) = t.strip_suffix('s') {
            let s: f64 = s.trim().parse().map_err(|_| bad())?;
            if !(s.is_finite() && s > 0.0) {
                return Err(bad());
            }
            return Ok(Budget::Time(Duration::from_secs_f64(s)));
        }
        let n: u32 = t.parse().map_err(|_| bad())?;
        Ok(Budget::Iterations(n.max(1)))
    }
}

/// A playout that goes on this long is cut off (games end far sooner).
const MAX_PLAYOUT: usize = 100_000;

/// One node of the shared tree: the edge into it (who chose what) and its statistics.
struct Node {
    seat: Seat,
    /// The action's code (see [`hustings_engine::Action::code`]).
    choice: u32,
    visits: f64,
    /// How many times this edge was legal when its parent was reached.
    available: f64,
    /// Total reward of `seat` through this node.
    reward: f64,
    children: Vec<usize>,
}

/// What one search found: iterations run and each root choice's visit count.
#[derive(Clone, Debug)]
pub struct SearchReport {
    pub iterations: u64,
    pub visits: Vec<(String, u64)>,
    pub best: String,
}

/// The IS-MCTS player.
pub struct Ismcts {
    rng: ChaCha8Rng,
    /// `None`: the game's default ([`Settings::iterations`]).
    budget: Option<Budget>,
    /// A named level: its settings replace the game's defaults (the knobs still apply).
    level: Option<Level>,
    /// Settings changed from the game's defaults, each `name=value` (checked when set).
    knobs: Vec<String>,
}

impl Ismcts {
    /// A player with `budget` per decision.
    pub fn new(seed: u64, budget: Budget) -> Self {
        Ismcts {
            rng: ChaCha8Rng::seed_from_u64(seed),
            budget: Some(budget),
            level: None,
            knobs: Vec::new(),
        }
    }

    /// A player at a named level (its budget the level's, in each game).
    pub fn at_level(seed: u64, level: Level) -> Self {
        Ismcts {
            rng: ChaCha8Rng::seed_from_u64(seed),
            budget: None,
            level: Some(level),
            knobs: Vec::new(),
        }
    }

    /// A player from its level text (`SeatConfig.ai_level`): empty for the default budget,
    /// a named level (`easy`), an iteration count (`400`) or a time (`150ms`).
    pub fn from_level(seed: u64, text: &str) -> Result<Self, String> {
        let text = text.trim();
        Ok(if text.is_empty() {
            Ismcts::with_default_budget(seed)
        } else if let Some(level) = Level::parse(text) {
            Ismcts::at_level(seed, level)
        } else {
            Ismcts::new(seed, Budget::parse(text)?)
        })
    }

    /// A player with its game's default budget.
    pub fn with_default_budget(seed: u64) -> Self {
        Ismcts {
            rng: ChaCha8Rng::seed_from_u64(seed),
            budget: None,
            level: None,
            knobs: Vec::new(),
        }
    }

    /// The same player with one setting changed from its game's (see [`Settings::set`]),
    /// to measure each setting against the defaults (`examples/versus.rs`).
    pub fn with_knob(mut self, knob: &str) -> Result<Self, String> {
        // Checked on a copy here, so the settings read later cannot fail.
        let mut check = Settings::BASE;
        check.set(knob)?;
        self.knobs.push(knob.to_string());
        Ok(self)
    }

    /// The settings it plays `game` with.
    pub fn settings(&self, game: &str) -> Settings {
        let mut s = match self.level {
            Some(level) => level.settings(game),
            None => Settings::for_game(game),
        };
        for knob in &self.knobs {
            // Checked by `with_knob`.
            let _ = s.set(knob);
        }
        s
    }

    /// Runs one search and reports what it found.
    pub fn search(&mut self, decision: &Decision) -> Result<SearchReport, AiError> {
        if decision.prompt.choices.is_empty() {
            return Err(AiError::NoChoice);
        }
        let settings = self.settings(decision.game);
        let budget = self
            .budget
            .unwrap_or(Budget::Iterations(settings.iterations));
        let sampler = resampler(decision, &mut self.rng)?;
        // The root's edges: the real prompt's choices, as codes of this game.
        let probe = sampler.sample(&mut self.rng);
        // Listing the seat's codes first makes every id it offers known to the game.
        let mut listed = Vec::new();
        probe.legal_codes(decision.seat, &mut listed);
        let mut root: Vec<u32> = decision
            .prompt
            .choices
            .iter()
            .filter_map(|c| probe.choice_code(&c.id))
            .collect();
        // Greedy's opinion of each root choice, to search the promising ones first (or only).
        let mut prior: Vec<(u32, f64)> = Vec::new();
        if root.len() > 1 && (settings.top > 0 || settings.bias > 0.0) {
            let scores = score_choices(
                decision,
                sampler.as_ref(),
                settings.prior_samples,
                settings.heuristic,
                &mut self.rng,
            );
            let scale =
                eval::evaluation_with(decision.game, settings.heuristic).map_or(1.0, |e| e.scale);
            prior = decision
                .prompt
                .choices
                .iter()
                .zip(scores)
                .filter_map(|(c, score)| {
                    let code = probe.choice_code(&c.id)?;
                    let p = score.map_or(0.0, |s| 1.0 / (1.0 + (-s / scale).exp()));
                    Some((code, p))
                })
                .collect();
            if settings.top > 0 && prior.len() > settings.top {
                let mut ranked = prior.clone();
                ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
                ranked.truncate(settings.top);
                root.retain(|c| ranked.iter().any(|(k, _)| k == c));
            }
        }
        let mut tree = vec![Node {
            seat: decision.seat,
            choice: 0,
            visits: 0.0,
            available: 0.0,
            reward: 0.0,
            children: Vec::new(),
        }];
        let started = Instant::now();
        let mut iterations = 0u64;
        let mut buf = Buffers::default();
        if root.len() > 1 {
            loop {
                match budget {
                    Budget::Iterations(n) if iterations >= n as u64 => break,
                    Budget::Time(t) if iterations > 0 && started.elapsed() >= t => break,
                    _ => {}
                }
                if iterations > 0
                    && decision
                        .time_limit
                        .is_some_and(|cap| started.elapsed() >= cap)
                {
                    break;
                }
                let state = sampler.sample(&mut self.rng);
                let search = Search {
                    settings: &settings,
                    me: decision.seat,
                    root: &root,
                    prior: &prior,
                };
                self.iterate(&mut tree, state, &search, &mut buf);
                iterations += 1;
            }
        }
        let visits: Vec<(String, u64)> = tree[0]
            .children
            .iter()
            .filter_map(|&c| Some((probe.choice_id(tree[c].choice)?, tree[c].visits as u64)))
            .collect();
        let best = visits
            .iter()
            .max_by_key(|(_, v)| *v)
            .map(|(id, _)| id.clone())
            .or_else(|| {
                decision
                    .prompt
                    .choices
                    .choose(&mut self.rng)
                    .map(|c| c.id.clone())
            })
            .ok_or(AiError::NoChoice)?;
        Ok(SearchReport {
            iterations,
            visits,
            best,
        })
    }

    /// One iteration on one determinization: select, expand, play out, back up.
    fn iterate(
        &mut self,
        tree: &mut Vec<Node>,
        mut state: Box<dyn AnyGame>,
        search: &Search,
        buf: &mut Buffers,
    ) {
        let (settings, me, root, prior) = (search.settings, search.me, search.root, search.prior);
        buf.path.clear();
        buf.path.push(0usize);
        let mut node = 0usize;
        // Selection and expansion.
        loop {
            if state.outcome().is_some() {
                break;
            }
            let Some(actor) = state.first_to_act() else {
                break;
            };
            buf.legal.clear();
            state.legal_codes(actor, &mut buf.legal);
            // At the root the real prompt is the truth: never search anything else.
            if node == 0 && actor == me {
                buf.legal.retain(|c| root.contains(c));
            }
            if buf.legal.is_empty() {
                break;
            }
            buf.untried.clear();
            buf.known.clear();
            for &code in &buf.legal {
                match tree[node]
                    .children
                    .iter()
                    .copied()
                    .find(|&c| tree[c].seat == actor && tree[c].choice == code)
                {
                    Some(c) => buf.known.push(c),
                    None => buf.untried.push(code),
                }
            }
            for &c in &buf.known {
                tree[c].available += 1.0;
            }
            let next = if let Some(&code) = buf.untried.choose(&mut self.rng) {
                if state.apply_code(actor, code).is_err() {
                    break;
                }
                self.follow_up(&mut state, actor, settings);
                tree.push(Node {
                    seat: actor,
                    choice: code,
                    visits: 0.0,
                    available: 1.0,
                    reward: 0.0,
                    children: Vec::new(),
                });
                let new = tree.len() - 1;
                tree[node].children.push(new);
                buf.path.push(new);
                break;
            } else {
                let bias = if node == 0 { settings.bias } else { 0.0 };
                let value = |c: usize| {
                    let n = &tree[c];
                    let p = prior
                        .iter()
                        .find(|(k, _)| *k == n.choice)
                        .map_or(0.0, |(_, p)| *p);
                    ucb(n, settings.exploration) + bias * p / (n.visits + 1.0)
                };
                let best = buf
                    .known
                    .iter()
                    .copied()
                    .max_by(|&a, &b| value(a).total_cmp(&value(b)));
                let Some(best) = best else { break };
                if state.apply_code(actor, tree[best].choice).is_err() {
                    break;
                }
                self.follow_up(&mut state, actor, settings);
                best
            };
            buf.path.push(next);
            node = next;
        }
        // Playout.
        let rewards = self.playout(state.as_mut(), settings, &mut buf.legal);
        for &n in &buf.path {
            let node = &mut tree[n];
            node.visits += 1.0;
            node.reward += rewards.get(node.seat).copied().unwrap_or(0.0);
        }
    }

    /// After `seat` chose an edge: its own follow-up decisions of the same action, played
    /// greedily within the evaluation budget (see [`follow_through`]), so that the tree
    /// branches on the first step of each action rather than on every cube of it.
    fn follow_up(&mut self, state: &mut Box<dyn AnyGame>, seat: Seat, settings: &Settings) {
        if settings.macro_evals > 0
            && let Some(e) = eval::evaluation_with(state.game_id(), settings.heuristic)
        {
            follow_through(state, seat, e, settings.macro_evals, &mut self.rng);
        }
    }

    /// Random play from `state`, then each seat's reward: the result if the game ended,
    /// the heuristic's win estimate if it was cut short.
    fn playout(
        &mut self,
        state: &mut dyn AnyGame,
        settings: &Settings,
        legal: &mut Vec<u32>,
    ) -> Vec<f64> {
        let evaluation = eval::evaluation_with(state.game_id(), settings.heuristic);
        let limit = if evaluation.is_some() {
            settings.playout_depth
        } else {
            MAX_PLAYOUT
        };
        for _ in 0..limit {
            if state.outcome().is_some() {
                break;
            }
            let Some(actor) = state.first_to_act() else {
                break;
            };
            legal.clear();
            state.legal_codes(actor, legal);
            let Some(&code) = legal.choose(&mut self.rng) else {
                break;
            };
            if state.apply_code(actor, code).is_err() {
                break;
            }
        }
        let n = state.num_seats();
        if let Some(outcome) = state.outcome() {
            return outcome_rewards(&outcome, n);
        }
        // Unfinished: the heuristic's estimate, or an even share without one.
        eval::win_estimates(evaluation, state).unwrap_or_else(|| vec![1.0 / n.max(1) as f64; n])
    }
}

/// What every iteration of one search shares.
struct Search<'a> {
    settings: &'a Settings,
    /// The deciding seat.
    me: Seat,
    /// The root's choices to search (the prompt's, less those `top` leaves out).
    root: &'a [u32],
    /// Greedy's opinion of each root choice, as a win chance (empty without `top`/`bias`).
    prior: &'a [(u32, f64)],
}

/// Scratch space one search reuses from iteration to iteration.
#[derive(Default)]
struct Buffers {
    path: Vec<usize>,
    legal: Vec<u32>,
    untried: Vec<u32>,
    known: Vec<usize>,
}

/// UCB1 with availability counts: mean reward plus an exploration bonus.
fn ucb(node: &Node, exploration: f64) -> f64 {
    if node.visits <= 0.0 {
        return f64::INFINITY;
    }
    node.reward / node.visits + exploration * (node.available.max(1.0).ln() / node.visits).sqrt()
}

impl Ai for Ismcts {
    fn name(&self) -> &str {
        "ismcts"
    }

    fn choose(&mut self, decision: &Decision) -> Result<String, AiError> {
        let choices = &decision.prompt.choices;
        if choices.len() == 1 {
            return Ok(choices[0].id.clone());
        }
        let blunder = self.settings(decision.game).blunder;
        if blunder > 0.0 && self.rng.random_bool(blunder) {
            // An easier level's slip: any legal choice, as the random AI would.
            return choices
                .choose(&mut self.rng)
                .map(|c| c.id.clone())
                .ok_or(AiError::NoChoice);
        }
        Ok(self.search(decision)?.best)
    }
}
