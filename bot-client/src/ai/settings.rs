//! IS-MCTS's settings, per game: each one was measured against the others' values before it
//! was kept (docs/ais.md, "What the search knows of each game"; `examples/versus.rs` runs the measurements), so
//! nothing here is on faith. A player may change any of them (`Ismcts::with_knob`), which is
//! how each was measured.

use super::eval::Heuristic;

/// The search's settings for one game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Iterations per decision when no level is given (the default budget), chosen so a
    /// decision takes well under 250 ms on a 2-core machine of 2026.
    pub iterations: u32,
    /// Plies of random play after the tree before the heuristic judges the position.
    pub playout_depth: usize,
    /// The UCB1 exploration constant (rewards are in 0..=1).
    pub exploration: f64,
    /// Evaluations a seat's own follow-up decisions may spend per iteration once it has
    /// chosen an edge of the tree (0: none, each follow-up is a node of its own). With
    /// them, the tree branches on the first step of each action, and the rest of it (dice
    /// to keep, cubes to place) is played as greedy would.
    pub macro_evals: usize,
    /// Root choices kept after greedy's look at them (0: all).
    pub top: usize,
    /// Weight of greedy's opinion of each root choice in its selection, fading with visits.
    pub bias: f64,
    /// States greedy looks at per root choice, for `top` and `bias`.
    pub prior_samples: usize,
    /// The evaluation that judges cut playouts and greedy's look at the root.
    pub heuristic: Heuristic,
    /// The chance, per decision with a choice, of playing a uniformly random legal choice
    /// instead of searching: how the easier named levels are made weaker (0: never).
    pub blunder: f64,
}

impl Settings {
    /// What every game starts from.
    pub const BASE: Settings = Settings {
        iterations: 400,
        playout_depth: 16,
        exploration: 0.7,
        macro_evals: 0,
        top: 0,
        bias: 0.0,
        prior_samples: 2,
        heuristic: Heuristic::Hand,
        blunder: 0.0,
    };

    /// The settings for `game`, each measured against greedy at 1,000 iterations in 200
    /// games, sides swapped (`examples/versus.rs`, seeds 1–200, 2026-12-03; win rates of
    /// IS-MCTS, BASE first):
    /// - the Presidential Race: BASE 66.0%, `top` 8 71.0%, `c` 0.4 62.5% → `top` 8;
    /// - The Vote: BASE 62.0%, `top` 8 66.0%, `c` 0.4 68.5%, both 73.0%, `macro` 24 70.5% at
    ///   3.4× the time, `bias` 1 65.0%, `c` 1.0 65.0% → `top` 8 and `c` 0.4;
    /// - Votes for Women: BASE 52.0%, `top` 8 59.0%, `top` 8 with `c` 0.4 64.0%, `macro` 24
    ///   62.5% at 2.6× the time, `bias` 1 55.5%, `c` 1.0 56.5%, `depth` 32 56.0% → `top` 8
    ///   and `c` 0.4.
    ///
    /// The budgets give a decision about 20–45 ms on this 2-core machine when it is quiet
    /// (1,000 iterations took 2.5, 5.9 and 10.8 ms), a fifth of the 250 ms a decision may
    /// take, so the AI stays quick on a busy server.
    pub fn for_game(game: &str) -> Settings {
        use hustings_engine::{presidency, the_vote, votes_for_women};
        match game {
            presidency::GAME_ID => Settings {
                iterations: 8_000,
                top: 8,
                ..Settings::BASE
            },
            the_vote::GAME_ID => Settings {
                iterations: 4_000,
                top: 8,
                exploration: 0.4,
                ..Settings::BASE
            },
            votes_for_women::GAME_ID => Settings {
                iterations: 4_000,
                top: 8,
                exploration: 0.4,
                ..Settings::BASE
            },
            _ => Settings::BASE,
        }
    }

    /// Changes one setting, written `name=value`: `iterations`, `depth` (playout plies),
    /// `c` (exploration), `macro`, `top`, `bias`, `ps` (prior samples), `eval` (`hand` or
    /// `learned`), `blunder` (a chance from 0 to 1).
    pub fn set(&mut self, knob: &str) -> Result<(), String> {
        let (name, value) = knob
            .split_once('=')
            .ok_or_else(|| format!("a setting is name=value, not '{knob}'"))?;
        let value = value.trim();
        let bad = || format!("'{value}' is not a value for {name}");
        match name.trim() {
            "iterations" => self.iterations = value.parse().map_err(|_| bad())?,
            "depth" => self.playout_depth = value.parse().map_err(|_| bad())?,
            "c" => self.exploration = value.parse().map_err(|_| bad())?,
            "macro" => self.macro_evals = value.parse().map_err(|_| bad())?,
            "top" => self.top = value.parse().map_err(|_| bad())?,
            "bias" => self.bias = value.parse().map_err(|_| bad())?,
            "ps" => self.prior_samples = value.parse().map_err(|_| bad())?,
            "eval" => self.heuristic = Heuristic::parse(value)?,
            "blunder" => {
                self.blunder = value
                    .parse()
                    .ok()
                    .filter(|p: &f64| (0.0..=1.0).contains(p))
                    .ok_or_else(bad)?
            }
            other => {
                return Err(format!(
                    "no setting '{other}' (iterations, depth, c, macro, top, bias, ps, eval, blunder)"
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_setting_is_changed_by_name_and_a_bad_one_refused() {
        let mut s = Settings::BASE;
        s.set("depth=4").expect("depth");
        s.set("c=0.5").expect("c");
        assert_eq!((s.playout_depth, s.exploration), (4, 0.5));
        assert!(s.set("depth=-1").is_err());
        assert!(s.set("speed=9").unwrap_err().contains("no setting 'speed'"));
        assert!(s.set("depth").is_err());
        s.set("eval=learned").expect("eval");
        assert_eq!(s.heuristic, Heuristic::Learned);
        s.set("blunder=0.25").expect("blunder");
        assert_eq!(s.blunder, 0.25);
        assert!(s.set("blunder=1.5").is_err(), "a chance is at most 1");
        assert!(s.set("blunder=NaN").is_err());
        assert!(
            s.set("eval=oracle")
                .unwrap_err()
                .contains("no evaluation 'oracle'")
        );
    }
}
