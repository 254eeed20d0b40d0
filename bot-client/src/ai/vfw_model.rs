//! A learned evaluation of Votes for Women: the Suffragist's chance of winning as a logistic
//! of a few features of the board, fitted to the outcomes of self-play games.
//!
//! The hand-written evaluation ([`super::eval`]) adds cubes and Congress markers together
//! at fixed rates, so a search that uses it trades a Congress marker for a cube or two at
//! any time of the game; it never learns that an amendment still in Congress late in the
//! game loses whatever the states look like. The features here are built around the two
//! things the Suffragist must do, in order: send the amendment (markers, and how much of
//! the game is left to find the rest), then carry 36 states (the expected number of checks
//! if every undecided state were voted now). The weights come from games: `cargo run
//! --release -p hustings-bot --example train_vfw_eval` plays them and fits the weights, and
//! writes `vfw_eval.json` with the command that made it (docs/ais.md says how it was made
//! and what it measured).

use std::sync::OnceLock;

use hustings_engine::votes_for_women::data::Side;
use hustings_engine::votes_for_women::{Board, CHECKS_TO_WIN, Mark, Phase, VotesForWomen};
use serde::{Deserialize, Serialize};

/// The features' names, in order. The weights file names the feature of each weight, so a
/// file is read by name: a feature it does not name weighs nothing (a model fitted before
/// the feature existed still plays, which is how the previous model's games train the next
/// one), and a name this code does not know is refused rather than misread.
pub const FEATURES: [&str; 14] = [
    "bias",
    "sent",
    "unsent_markers",
    "unsent_markers_late",
    "unsent_markers_sq",
    "unsent_late",
    "unsent_margin",
    "sent_margin",
    "sent_margin_late",
    "sent_late",
    "buttons",
    "cards",
    "oppobot",
    "oppobot_hard",
];

/// The number of features.
pub const N: usize = FEATURES.len();

/// The margin is measured from just under the checks the Suffragist needs.
const MARGIN_ZERO: f64 = CHECKS_TO_WIN as f64 - 0.5;
/// The margin's unit, in checks.
const MARGIN_UNIT: f64 = 12.0;

/// The shipped weights, fitted by `examples/train_vfw_eval.rs`.
const SHIPPED: &str = include_str!("vfw_eval.json");

/// A fitted model, as the weights file holds it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Model {
    /// The command that fitted it, to make it again.
    pub recipe: String,
    /// The feature names, in the order of `weights`.
    pub features: Vec<String>,
    pub weights: Vec<f64>,
    /// Games played and positions sampled for the fit.
    pub games: u64,
    pub positions: u64,
    /// The Suffragist's share of wins in those games.
    pub suffragist_wins: f64,
    /// Mean log loss on the positions of every fifth game, left out of the fit, and that of
    /// always predicting the Suffragist's share of wins (what the features add).
    pub held_out_log_loss: f64,
    pub base_log_loss: f64,
}

impl Model {
    /// The weight of each of this code's features, in [`FEATURES`] order (0 for a feature
    /// the file does not name); refused if the file names a feature this code does not
    /// know, names one twice, or holds a weight that is not a finite number.
    pub fn by_feature(&self) -> Result<[f64; N], String> {
        if self.features.len() != self.weights.len() {
            return Err(format!(
                "{} feature names for {} weights",
                self.features.len(),
                self.weights.len()
            ));
        }
        let mut w = [0.0; N];
        let mut seen = [false; N];
        for (name, &weight) in self.features.iter().zip(&self.weights) {
            let i = FEATURES
                .iter()
                .position(|f| f == name)
                .ok_or_else(|| format!("the weights name a feature this code lacks: '{name}'"))?;
            if seen[i] {
                return Err(format!("the weights name '{name}' twice"));
            }
            if !weight.is_finite() {
                return Err(format!("the weight of '{name}' is not a finite number"));
            }
            (w[i], seen[i]) = (weight, true);
        }
        Ok(w)
    }
}

/// The shipped model's weights. A shipped file that cannot be read is a build defect (the
/// unit test below fails); the search then falls back to weights of zero, which judge every
/// position a coin toss, rather than stop playing.
fn weights() -> &'static [f64; N] {
    static W: OnceLock<[f64; N]> = OnceLock::new();
    W.get_or_init(|| shipped().and_then(|m| m.by_feature()).unwrap_or([0.0; N]))
}

/// The shipped model.
pub fn shipped() -> Result<Model, String> {
    serde_json::from_str::<Model>(SHIPPED).map_err(|e| e.to_string())
}

/// The Suffragist's chance to win a Final Voting state with `diff` more cubes than the
/// Opposition, each side rolling its die (d6, or d8 for the hard Oppobot) and ties going
/// to the Opposition: `[d6 against d6, d6 against d8]`, diff from -12 to 12.
fn vote_chances() -> &'static [[f64; 25]; 2] {
    static T: OnceLock<[[f64; 25]; 2]> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = [[0.0; 25]; 2];
        for (k, opp_die) in [6i32, 8].into_iter().enumerate() {
            for (i, slot) in t[k].iter_mut().enumerate() {
                let diff = i as i32 - 12;
                let wins = (1..=6)
                    .flat_map(|a| (1..=opp_die).map(move |b| (a, b)))
                    .filter(|&(a, b)| a + diff > b)
                    .count();
                *slot = wins as f64 / (6 * opp_die) as f64;
            }
        }
        t
    })
}

/// How far through the game the board is, from 0 (turn 1's start) to 1 (Final Voting).
fn progress(b: &Board) -> f64 {
    let within = match b.phase {
        Phase::Strategy => 0.0,
        Phase::Operations => (b.round.saturating_sub(1)).min(6) as f64 / 6.0,
        Phase::Cleanup => 1.0,
        Phase::FinalVoting | Phase::Finished => return 1.0,
    };
    ((b.turn.max(1) - 1) as f64 + within).min(6.0) / 6.0
}

/// The checks the Suffragist would end with if every undecided state were voted now (a
/// state with 4 or more of a side's cubes before the amendment is sent counts as decided
/// for it, since sending it decides such states).
fn expected_checks(b: &Board) -> f64 {
    let table = &vote_chances()[usize::from(b.oppobot.as_ref().is_some_and(|m| m.hard))];
    let mut e = 0.0;
    for st in &b.states {
        match st.mark {
            Some(Mark::Check) => e += 1.0,
            Some(Mark::X) => {}
            None => {
                let (s, o) = (st.cubes(Side::Suffragist), st.cubes(Side::Opposition));
                e += if !b.amendment_sent && s >= 4 {
                    1.0
                } else if !b.amendment_sent && o >= 4 {
                    0.0
                } else {
                    let diff = (s as i32 - o as i32).clamp(-12, 12);
                    table[(diff + 12) as usize]
                };
            }
        }
    }
    e
}

/// The features of `game`, from the Suffragist's side (public facts only: the board and
/// how many cards each player holds).
pub fn features(game: &VotesForWomen) -> [f64; N] {
    let b = game.board();
    let t = progress(b);
    let sent = f64::from(u8::from(b.amendment_sent));
    let unsent = 1.0 - sent;
    let markers = b.congress.min(6) as f64 / 6.0;
    let margin = (expected_checks(b) - MARGIN_ZERO) / MARGIN_UNIT;
    let held = |side: Side| -> f64 {
        game.hidden()
            .hands
            .iter()
            .enumerate()
            .filter(|&(p, _)| Side::of_player(p) == side)
            .map(|(_, h)| h.len() as f64)
            .sum()
    };
    let solitaire = b.oppobot.as_ref();

    [
        1.0,
        sent,
        unsent * markers,
        unsent * markers * t,
        unsent * markers * markers,
        unsent * t,
        unsent * margin,
        sent * margin,
        sent * margin * t,
        sent * t,
        (b.buttons[0] as f64 - b.buttons[1] as f64) / 4.0,
        (held(Side::Suffragist) - held(Side::Opposition)) / 7.0,
        f64::from(u8::from(solitaire.is_some())),
        f64::from(u8::from(solitaire.is_some_and(|m| m.hard))),
    ]
}

/// The Suffragist's log-odds of winning `game` by the shipped weights.
pub fn suffragist_logit(game: &VotesForWomen) -> f64 {
    super::fit::logit(weights(), &features(game))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_weights_match_the_features() {
        let m = shipped().expect("vfw_eval.json reads");
        assert_eq!(
            m.features, FEATURES,
            "fitted to this code's features, in order"
        );
        m.by_feature().expect("every weight a known feature's");
        assert!(m.positions > 0 && m.games > 0, "{m:?}");
        // The fit must say more than the base rate, or it is not worth shipping.
        assert!(m.held_out_log_loss < m.base_log_loss, "{m:?}");
    }

    #[test]
    fn a_weights_file_is_read_by_feature_name() {
        let mut m = Model {
            recipe: String::new(),
            features: vec!["sent".into(), "bias".into()],
            weights: vec![2.0, -1.0],
            games: 1,
            positions: 1,
            suffragist_wins: 0.5,
            held_out_log_loss: 0.0,
            base_log_loss: 0.0,
        };
        // Read by name, in any order; features it does not name weigh nothing.
        let w = m.by_feature().expect("known names");
        assert_eq!((w[0], w[1], w[2]), (-1.0, 2.0, 0.0));
        m.features[0] = "luck".into();
        assert!(m.by_feature().unwrap_err().contains("lacks: 'luck'"));
        m.features[0] = "bias".into();
        assert!(m.by_feature().unwrap_err().contains("twice"));
        m.features = vec!["bias".into()];
        assert!(
            m.by_feature()
                .unwrap_err()
                .contains("1 feature names for 2 weights")
        );
    }

    #[test]
    fn votes_follow_the_dice() {
        let t = vote_chances();
        // Equal cubes, d6 each: the Suffragist needs a higher roll, 15 of 36.
        assert!((t[0][12] - 15.0 / 36.0).abs() < 1e-12);
        // Six more cubes always win; six fewer never do.
        assert_eq!((t[0][18], t[0][6]), (1.0, 0.0));
        // The hard Oppobot's d8 makes an even state worse for the Suffragist.
        assert!(t[1][12] < t[0][12]);
    }

    #[test]
    fn the_learned_evaluation_is_chosen_by_name_for_votes_for_women_only() {
        use super::super::eval::{Heuristic, evaluation_with};
        use super::super::from_spec;
        let scale = |g: &str, h| evaluation_with(g, h).map(|e| e.scale);
        // Other games have no learned evaluation and keep their hand-written one.
        for g in ["presidency", "the-vote"] {
            assert_eq!(scale(g, Heuristic::Learned), scale(g, Heuristic::Hand));
        }
        let learned = evaluation_with("votes-for-women", Heuristic::Learned).expect("learned");
        let hand = evaluation_with("votes-for-women", Heuristic::Hand).expect("hand");
        assert!(!std::ptr::fn_addr_eq(learned.score, hand.score));
        assert!(from_spec("ismcts:50/eval=learned", 1).is_ok());
        assert!(from_spec("greedy:2/eval=learned", 1).is_ok());
        let refused = |spec: &str| from_spec(spec, 1).err().unwrap_or_default();
        assert!(refused("greedy/depth=2").contains("only eval"));
        assert!(refused("random/eval=learned").contains("ismcts and greedy"));
    }

    #[test]
    fn a_new_game_is_at_its_start_with_no_amendment() {
        use hustings_engine::{Game, Setup};
        let g = VotesForWomen::new(&Setup::new("standard", 2, 7)).expect("set up");
        let f = features(&g);
        assert_eq!(f[0], 1.0);
        assert_eq!(f[1], 0.0, "not sent");
        assert_eq!(f[5], 0.0, "no time has passed");
    }
}
