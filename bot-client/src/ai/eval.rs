//! Per-game position evaluations for the greedy AI and for cutting IS-MCTS playouts short.
//!
//! [`evaluation`] is the one place to add a game: map its id to a function that scores a
//! state for a seat (higher is better, in the game's own units) and a scale that turns score
//! differences into win chances. A game without an entry still works: greedy then only sees
//! wins and losses, and IS-MCTS plays every playout to the end.

use hustings_engine::{AnyGame, AnyView, Seat, Viewer};

/// Score of a won (or lost) game: larger than any heuristic score.
pub const WIN: f64 = 1000.0;

/// A game's heuristic.
#[derive(Clone, Copy, Debug)]
pub struct Evaluation {
    /// How good an unfinished state looks for a seat: 0 is even, positive is ahead.
    pub score: fn(&dyn AnyGame, Seat) -> f64,
    /// Score difference that makes a seat about 73% sure to win (the logistic's unit).
    pub scale: f64,
}

/// The heuristic of a game, if it has one.
pub fn evaluation(game_id: &str) -> Option<Evaluation> {
    match game_id {
        hustings_engine::presidency::GAME_ID => Some(Evaluation {
            score: presidency_score,
            scale: 8.0,
        }),
        // Votes for Women and The Vote: add their evaluations here (`the_vote::GAME_ID` …).
        _ => None,
    }
}

/// How good `game` is for `seat`: ±[`WIN`] once finished (a draw or shared win scores by
/// share), otherwise the game's heuristic, or 0 for a game without one.
pub fn score(game: &dyn AnyGame, seat: Seat) -> f64 {
    if let Some(outcome) = game.outcome() {
        let r = super::outcome_rewards(&outcome, game.num_seats());
        let even = 1.0 / game.num_seats().max(1) as f64;
        let share = r.get(seat).copied().unwrap_or(0.0);
        return if share > even {
            WIN * share
        } else if share < even {
            -WIN
        } else {
            0.0
        };
    }
    evaluation(game.game_id()).map_or(0.0, |e| (e.score)(game, seat))
}

/// Each seat's estimated chance of winning an unfinished game from its heuristic (a
/// logistic of its score), or `None` for a game without one.
pub fn win_estimates(game: &dyn AnyGame) -> Option<Vec<f64>> {
    let e = evaluation(game.game_id())?;
    Some(
        (0..game.num_seats())
            .map(|s| 1.0 / (1.0 + (-(e.score)(game, s) / e.scale).exp()))
            .collect(),
    )
}

/// Money a nominee keeps for the Ads spaces, which sell votes at up to three per money.
const PRESIDENCY_AD_RESERVE: u32 = 3;
/// Worth of a reserve money token, in votes, while the seat still moves.
const PRESIDENCY_RESERVE_MONEY: f64 = 1.0;
/// Worth of money beyond the reserve: a little under the half vote it converts into, so
/// that converting surplus money is preferred to sitting on it.
const PRESIDENCY_SURPLUS_MONEY: f64 = 0.45;
/// Worth of money once the seat can no longer spend or convert it: it only breaks ties.
const PRESIDENCY_IDLE_MONEY: f64 = 0.01;

/// Presidential Race: own votes minus the best opponent's, plus a little for money: more for
/// the few tokens kept for Ads, less for the rest, and almost nothing once the seat's last
/// turn is over.
fn presidency_score(game: &dyn AnyGame, seat: Seat) -> f64 {
    use hustings_engine::presidency::Phase;
    let AnyView::Presidency(view) = game.view(Viewer::Seat(seat)) else {
        return 0.0;
    };
    let Some(me) = view.players.get(seat) else {
        return 0.0;
    };
    let best_other = view
        .players
        .iter()
        .enumerate()
        .filter(|&(s, _)| s != seat)
        .map(|(_, p)| p.votes)
        .max()
        .unwrap_or(0);
    let campaigning = matches!(
        view.phase,
        Phase::Setup | Phase::Declare | Phase::Resolving | Phase::AfterMove
    );
    let still_moves = campaigning
        && (view.round < view.rules.rounds
            || view.phase == Phase::Setup
            || view
                .order
                .iter()
                .position(|&s| s == seat)
                .is_some_and(|i| i >= view.turn_index));
    let money = if still_moves {
        let reserve = me.money.min(PRESIDENCY_AD_RESERVE);
        PRESIDENCY_RESERVE_MONEY * reserve as f64
            + PRESIDENCY_SURPLUS_MONEY * (me.money - reserve) as f64
    } else {
        PRESIDENCY_IDLE_MONEY * me.money as f64
    };
    me.votes as f64 - best_other as f64 + money
}
