//! Per-game position evaluations for the greedy AI and for cutting IS-MCTS playouts short.
//!
//! [`evaluation`] is the one place to add a game: map its id to a function that scores a
//! state for a seat (higher is better, in the game's own units) and a scale that turns score
//! differences into win chances. A game without an entry still works: greedy then only sees
//! wins and losses, and IS-MCTS plays every playout to the end.

use hustings_engine::{AnyGame, Seat};

/// Score of a won (or lost) game: larger than any heuristic score.
pub const WIN: f64 = 1000.0;

/// A game's heuristic.
#[derive(Clone, Copy, Debug)]
pub struct Evaluation {
    /// How good an unfinished state looks for a seat: 0 is even, positive is ahead.
    pub score: fn(&dyn AnyGame, Seat) -> f64,
    /// Score difference that makes a seat about 73% sure to win (the logistic's unit).
    pub scale: f64,
    /// Whether a state is part-way through a multi-step action. Greedy then plays the rest
    /// of the action out (each seat taking its own best next step) before scoring, so that
    /// the first step of an action is judged by what the action does.
    pub in_action: Option<fn(&dyn AnyGame) -> bool>,
    /// Whether greedy plays the seat's own follow-up decisions out before scoring a choice
    /// (for games whose actions are many atomic prompts of the same seat: Votes for Women's
    /// dice to keep and cubes to place). Off where it measured worse (the Presidential Race:
    /// 53.8% against random over 400 games, against 61.8% without).
    pub follow_through: bool,
}

/// Which of a game's evaluations a player uses: the hand-written one every game has, or a
/// learned one where a game has it (Votes for Women: [`super::vfw_model`]); a game without
/// a learned one uses its hand-written one under either.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Heuristic {
    #[default]
    Hand,
    Learned,
}

impl Heuristic {
    /// `hand` or `learned`.
    pub fn parse(text: &str) -> Result<Heuristic, String> {
        match text.trim() {
            "hand" => Ok(Heuristic::Hand),
            "learned" => Ok(Heuristic::Learned),
            other => Err(format!("no evaluation '{other}' (hand, learned)")),
        }
    }
}

/// The hand-written heuristic of a game, if it has one.
pub fn evaluation(game_id: &str) -> Option<Evaluation> {
    evaluation_with(game_id, Heuristic::Hand)
}

/// The heuristic of a game a player using `heuristic` judges by, if the game has one.
pub fn evaluation_with(game_id: &str, heuristic: Heuristic) -> Option<Evaluation> {
    match game_id {
        hustings_engine::votes_for_women::GAME_ID if heuristic == Heuristic::Learned => {
            Some(Evaluation {
                score: votes_for_women_learned,
                scale: VFW_LEARNED_SCALE,
                in_action: None,
                follow_through: true,
            })
        }
        hustings_engine::presidency::GAME_ID => Some(Evaluation {
            score: presidency_score,
            scale: 8.0,
            in_action: None,
            follow_through: false,
        }),
        hustings_engine::votes_for_women::GAME_ID => Some(Evaluation {
            score: votes_for_women_score,
            scale: 6.0,
            in_action: None,
            follow_through: true,
        }),
        hustings_engine::the_vote::GAME_ID => Some(Evaluation {
            score: the_vote_score,
            scale: 10.0,
            in_action: Some(the_vote_in_action),
            follow_through: false,
        }),
        _ => None,
    }
}

/// How good `game` is for `seat`: ±[`WIN`] once finished (a draw or shared win scores by
/// share), otherwise the game's hand-written heuristic, or 0 for a game without one.
pub fn score(game: &dyn AnyGame, seat: Seat) -> f64 {
    score_with(evaluation(game.game_id()), game, seat)
}

/// [`score`] by the heuristic `evaluation` (the game's, from [`evaluation_with`]).
pub fn score_with(evaluation: Option<Evaluation>, game: &dyn AnyGame, seat: Seat) -> f64 {
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
    evaluation.map_or(0.0, |e| (e.score)(game, seat))
}

/// Each seat's estimated chance of winning an unfinished game from the heuristic
/// `evaluation` (a logistic of its score), or `None` without one.
pub fn win_estimates(evaluation: Option<Evaluation>, game: &dyn AnyGame) -> Option<Vec<f64>> {
    let e = evaluation?;
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
    use hustings_engine::presidency::{Phase, Presidency};
    // Every seat sees the whole public state: read it in place rather than build a view.
    let Some(view) = game
        .as_any()
        .downcast_ref::<Presidency>()
        .map(Presidency::public)
    else {
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

/// Worth of one Red X, in checks: the Opposition needs 13 where the Suffragist needs 36.
const VFW_X: f64 = hustings_engine::votes_for_women::CHECKS_TO_WIN as f64
    / hustings_engine::votes_for_women::XS_TO_WIN as f64;
/// Worth of a state holding the 4 cubes that decide it once the amendment is out, as a
/// share of its check (or X): cubes can still be removed before it votes.
const VFW_LEAN: f64 = 0.7;
/// Worth of the amendment sent, in checks: without it the Opposition wins.
const VFW_SENT: f64 = 24.0;
/// Worth of a button and of a card in hand, in checks.
const VFW_BUTTON: f64 = 0.25;
const VFW_CARD: f64 = 0.3;

/// Votes for Women, from the Suffragist's side (the Opposition's score is its negation):
/// checks less Xs (an X worth 36/13 checks), states leaning by their cubes up to the 4 that
/// decide them, the Congress track (each marker worth more as turns run out, the amendment
/// sent worth a lot), buttons and cards in hand. Only the seat's own view is read.
fn votes_for_women_score(game: &dyn AnyGame, seat: Seat) -> f64 {
    use hustings_engine::votes_for_women::VotesForWomen;
    use hustings_engine::votes_for_women::data::Side;
    // Everything read here is public (the board and how many cards each player holds):
    // read it in place rather than build the seat's view, a copy of the whole board.
    let Some(game) = game.as_any().downcast_ref::<VotesForWomen>() else {
        return 0.0;
    };
    let b = game.board();
    let hands = &game.hidden().hands;
    let Some(&my_side) = b.seats.get(seat) else {
        return 0.0;
    };
    let mut s = b.checks as f64 - VFW_X * b.xs as f64;
    for st in &b.states {
        if st.mark.is_some() {
            continue;
        }
        let suff = st.cubes(Side::Suffragist).min(4) as f64 / 4.0;
        let opp = st.cubes(Side::Opposition).min(4) as f64 / 4.0;
        // A state at the threshold is worth much more than one cube short of it.
        s += VFW_LEAN * (suff * suff - VFW_X * opp * opp);
    }
    if b.amendment_sent {
        s += VFW_SENT;
    } else {
        // Markers matter more the fewer turns remain to send the amendment.
        let urgency = 1.0 + b.turn as f64 / 3.0;
        s += b.congress as f64 * urgency * VFW_SENT / 12.0;
    }
    s += VFW_BUTTON * (b.buttons[0] as f64 - b.buttons[1] as f64);
    let held = |side: Side| -> f64 {
        hands
            .iter()
            .enumerate()
            .filter(|&(p, _)| Side::of_player(p) == side)
            .map(|(_, h)| h.len() as f64)
            .sum()
    };
    s += VFW_CARD * (held(Side::Suffragist) - held(Side::Opposition));
    match my_side {
        Side::Suffragist => s,
        Side::Opposition => -s,
    }
}

/// The learned Votes for Women evaluation's unit: its score is this times the Suffragist's
/// log-odds, so that [`win_estimates`] gives back the model's chance.
const VFW_LEARNED_SCALE: f64 = 6.0;

/// Votes for Women by the learned model ([`super::vfw_model`]): the Suffragist's log-odds
/// of winning, in the evaluation's units (the Opposition's is its negation).
fn votes_for_women_learned(game: &dyn AnyGame, seat: Seat) -> f64 {
    use hustings_engine::votes_for_women::VotesForWomen;
    use hustings_engine::votes_for_women::data::Side;
    let Some(game) = game.as_any().downcast_ref::<VotesForWomen>() else {
        return 0.0;
    };
    let s = VFW_LEARNED_SCALE * super::vfw_model::suffragist_logit(game);
    match game.board().seats.get(seat) {
        Some(Side::Suffragist) => s,
        Some(Side::Opposition) => -s,
        None => 0.0,
    }
}

/// Worth, in VP-like units, of an Amendment passed (Equality needs both).
const VOTE_AMENDMENT: f64 = 30.0;
/// Worth of the Regions that would ratify a pending Amendment, at the 60 points it needs.
const VOTE_AMENDMENT_PROGRESS: f64 = 8.0;
/// Worth of being able to attempt an Amendment (Congress Control and a card to pay).
const VOTE_AMENDMENT_READY: f64 = 4.0;
/// Worth of a Local Law in a Region: Direct Election and Woman Suffrage lead to the
/// Amendments and Congress, Municipal Elections adds a marker.
const VOTE_LAW: [f64; 3] = [1.5, 3.0, 3.0];
/// Worth of a marker in a Region (own side or own Apathy, less the other's).
const VOTE_MARKER: f64 = 0.4;
/// Worth of Equality's votes (its own markers, not Blue Apathy) towards the majority that
/// passes a Law, for a Region with Laws still to pass: the full amount at the majority.
const VOTE_MAJORITY: f64 = 5.0;
/// Share of a vote an Apathy marker counts for in that majority.
const VOTE_BLUE_AS_VOTE: f64 = 0.6;
const VOTE_RED_AS_VOTE: f64 = 0.3;
/// Worth of a Supremacy marker over Red Apathy (Equality must flip it before replacing it).
const VOTE_HARD_RED: f64 = 0.15;
/// Worth of holding Congress Control, and of each Congress Control Point's share.
const VOTE_CONGRESS: f64 = 4.0;
const VOTE_POINTS: f64 = 10.0;
/// Worth of an Org level and of a PW.
const VOTE_ORG: f64 = 1.5;
const VOTE_PW: f64 = 0.3;
/// Worth of a card in the Reserve, face-up and face-down; a face-up Suppression card
/// scores Supremacy a VP every turn and a face-up Region card gives Bonus Actions.
const VOTE_RESERVE_UP: f64 = 1.0;
const VOTE_RESERVE_DOWN: f64 = 0.4;
const VOTE_SUPPRESSION_UP: f64 = 2.0;

/// The Vote, from Equality's side (Supremacy's score is its negation): Amendments passed,
/// Local Laws, markers (the majority of each Region, which decides its Congress points once
/// it has Direct Election, and Equality's own markers, which are its votes for Laws),
/// Congress Control and points, VP (Supremacy's count towards its 75 twice as much), Org, PW
/// and the cards in each Reserve.
fn the_vote_score(game: &dyn AnyGame, seat: Seat) -> f64 {
    use hustings_engine::the_vote::data::{CardKind, Law, Special};
    use hustings_engine::the_vote::{BLUE, EQ, EQUALITY, RED, SUP, SUPREMACY, TheVote};
    // Every seat's view is the public state: read it in place rather than copy it.
    let Some(view) = game.as_any().downcast_ref::<TheVote>().map(TheVote::public) else {
        return 0.0;
    };
    let (Some(e), Some(su)) = (view.players.get(EQUALITY), view.players.get(SUPREMACY)) else {
        return 0.0;
    };
    let table = view.table();
    let mut s = VOTE_AMENDMENT * view.amendments_passed.len() as f64;
    // Progress towards each Amendment still to pass: the Congress Control Points of the
    // Regions that would ratify it now (its Law in force, or an Equality majority).
    let mut pending = 0;
    for &card in &view.aside {
        let CardKind::Special(Special::Amendment(law)) = card.def().kind else {
            continue;
        };
        pending += 1;
        let points: u32 = view
            .regions
            .iter()
            .zip(table.regions)
            .filter(|(r, _)| r.law(law) || 2 * r.count(EQ) > r.total())
            .map(|(_, d)| d.congress_points as u32)
            .sum();
        let goal = table.amendment_points.max(1);
        s += VOTE_AMENDMENT_PROGRESS * points.min(goal) as f64 / goal as f64;
    }
    // Congress Control with a face-up Public Opinion card to pay lets Equality attempt one.
    let e_po_up = view.players[EQUALITY]
        .reserve
        .iter()
        .filter(|c| c.face_up && c.card.def().kind == CardKind::PublicOpinion)
        .count();
    if pending > 0 && view.congress == EQUALITY && e_po_up > 0 {
        s += VOTE_AMENDMENT_READY;
    }
    s += 0.5 * e.vp as f64 - 1.0 * su.vp as f64;
    for r in &view.regions {
        for (i, &on) in r.laws.iter().enumerate() {
            if on {
                s += VOTE_LAW[i];
            }
        }
        let lead = r.blue() as f64 - r.red() as f64;
        s += VOTE_MARKER * lead;
        // A majority counts once Direct Election turns it into Congress points.
        if r.law(Law::DirectElection) {
            s += lead.signum();
        }
        if r.discs() < 3 {
            // Apathy counts part-way: Blue Apathy is a Radicalize away from a vote, Red
            // Apathy a Persuade and a Radicalize.
            let need = (r.total() / 2 + 1) as f64;
            let votes = r.count(EQ) as f64
                + VOTE_BLUE_AS_VOTE * r.count(BLUE) as f64
                + VOTE_RED_AS_VOTE * r.count(RED) as f64;
            s += VOTE_MAJORITY * votes.min(need) / need;
        }
        s -= VOTE_HARD_RED * r.count(SUP) as f64;
    }
    let total = (view.congress_points[0] + view.congress_points[1]).max(1) as f64;
    s += VOTE_POINTS
        * (view.congress_points[EQUALITY] as f64 - view.congress_points[SUPREMACY] as f64)
        / total;
    s += if view.congress == EQUALITY {
        VOTE_CONGRESS
    } else {
        -VOTE_CONGRESS
    };
    s += VOTE_ORG * (e.org as f64 - su.org as f64);
    s += VOTE_PW * (e.pw as f64 - su.pw as f64);
    let reserve = |p: &hustings_engine::the_vote::Player| -> f64 {
        p.reserve
            .iter()
            .map(|c| match (c.face_up, c.card.def().kind) {
                (true, CardKind::Suppression) => VOTE_SUPPRESSION_UP,
                (true, _) => VOTE_RESERVE_UP,
                (false, _) => VOTE_RESERVE_DOWN,
            })
            .sum()
    };
    s += reserve(e) - reserve(su);
    if seat == EQUALITY { s } else { -s }
}

/// Whether The Vote is in the middle of an action (a card played, its Regions, reactions,
/// markers and votes still to settle), so that a search should play it out before judging.
fn the_vote_in_action(game: &dyn AnyGame) -> bool {
    use hustings_engine::the_vote::TheVote;
    game.as_any()
        .downcast_ref::<TheVote>()
        .is_some_and(|g| g.public().action.is_some())
}
