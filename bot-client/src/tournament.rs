//! Tournaments: two AIs play N matches on a server (or on one started in-process), swapping
//! seats every other game, and the result is a win rate per AI with a 95% interval. In a
//! single-seat variant (solitaire against the Oppobot) side A plays every game, and the games
//! no seat won are the automated opponent's wins.
//!
//! A tournament may stop before its N games once the result is clear ([`crate::sprt`]): no
//! new match starts once the test has decided, and the matches already under way are
//! played out and counted.

use std::sync::Arc;

use anyhow::Context;
use hustings_proto::servers::Servers;
use hustings_proto::v1 as pb;
use indicatif::{ProgressBar, ProgressStyle};

use crate::ai::make_ai;
use crate::local::side_is_a;
use crate::net::{self, AiDecider, Played, Retry};
use crate::nodes::Cluster;
use crate::sprt::{Sprt, Verdict};
use crate::stats::{Stopped, Tally};

/// One side of a tournament: an AI name and its level.
#[derive(Clone, Debug)]
pub struct Side {
    pub ai: String,
    pub level: String,
}

impl Side {
    /// `ismcts`, or `ismcts:200` / `ismcts:50ms` with a level.
    pub fn parse(text: &str) -> Side {
        match text.split_once(':') {
            Some((ai, level)) => Side {
                ai: ai.trim().to_string(),
                level: level.trim().to_string(),
            },
            None => Side {
                ai: text.trim().to_string(),
                level: String::new(),
            },
        }
    }

    pub fn label(&self) -> String {
        if self.level.is_empty() {
            self.ai.clone()
        } else {
            format!("{}:{}", self.ai, self.level)
        }
    }
}

/// What to play.
#[derive(Clone, Debug)]
pub struct TournamentConfig {
    /// The server, or the nodes of a cluster, in the order to try them.
    pub servers: Servers,
    pub game: String,
    pub variant: String,
    /// Seats per match (0: the variant's default).
    pub seats: u32,
    pub a: Side,
    pub b: Side,
    pub games: u64,
    /// Matches played at once.
    pub concurrency: usize,
    /// Match seeds are `seed`, `seed + 1`, …
    pub seed: u64,
    /// Show progress on stderr: a bar on a terminal, else a line per game.
    pub progress: bool,
    /// Stop once this test has decided (two-sided tournaments only; a single-seat variant
    /// plays every game).
    pub stop: Option<Sprt>,
    pub retry: Retry,
}

/// Plays the tournament and returns the tally.
pub async fn run_tournament(config: TournamentConfig) -> anyhow::Result<Tally> {
    let mut tally = Tally::new(&config.a.label(), &config.b.label());
    for side in [&config.a, &config.b] {
        make_ai(&side.ai, &side.level, 0).map_err(anyhow::Error::msg)?;
    }
    let cluster = Cluster::connect(config.servers.clone())?;
    let lines = config.progress && !std::io::IsTerminal::is_terminal(&std::io::stderr());
    let bar = if config.progress && !lines {
        let bar = ProgressBar::new(config.games);
        bar.set_style(
            ProgressStyle::with_template(
                "{bar:40} {pos}/{len} games, {elapsed} elapsed, ~{eta} left  {msg}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    let config = Arc::new(config);
    let mut tasks = tokio::task::JoinSet::new();
    let mut next = 0u64;
    loop {
        // Keep `concurrency` matches under way; a new one starts only once the last result
        // is counted, so none starts after the test has decided.
        while tasks.len() < config.concurrency.max(1)
            && next < config.games
            && tally.stopped.is_none()
        {
            let (game_config, cluster, g) = (config.clone(), cluster.clone(), next);
            tasks.spawn(async move { (g, play_one(&game_config, &cluster, g).await) });
            next += 1;
        }
        let Some(done) = tasks.join_next().await else {
            break;
        };
        record(&mut tally, done?, &bar)?;
        judge(&mut tally, &config, lines);
    }
    bar.finish_and_clear();
    Ok(tally)
}

/// After a game is counted: whether the test has decided (the first time it does, the
/// tally says so and no new match starts), and a line of progress where no bar is drawn.
fn judge(tally: &mut Tally, config: &TournamentConfig, lines: bool) {
    let single_seat = tally.by_seat.len() == 1;
    let (score, draws, lost) = tally.a_score();
    let sprt = config.stop.filter(|_| !single_seat);
    if let Some(sprt) = sprt
        && tally.stopped.is_none()
    {
        let verdict = sprt.verdict(score, draws, lost);
        if verdict != Verdict::Continue {
            tally.stopped = Some(Stopped {
                rule: sprt,
                verdict,
                llr: sprt.llr(score, draws, lost),
                after_games: tally.games,
            });
        }
    }
    if lines {
        let llr = sprt
            .map(|t| {
                let (lo, hi) = t.bounds();
                format!(
                    ", LLR {:.2} of [{lo:.2}, {hi:.2}]",
                    t.llr(score, draws, lost)
                )
            })
            .unwrap_or_default();
        let decided = match &tally.stopped {
            Some(s) if s.after_games == tally.games => {
                format!(" — decided: {}", s.verdict_words())
            }
            _ => String::new(),
        };
        if single_seat {
            // Side A plays every game against the game's automaton, which wins the rest.
            eprintln!(
                "game {}/{}: {} won {}, the automated opponent {}",
                tally.games,
                config.games,
                tally.a,
                tally.a_wins,
                tally.games - tally.a_wins
            );
        } else {
            eprintln!(
                "game {}/{}: {} {} – {} {} ({} drawn){llr}{decided}",
                tally.games,
                config.games,
                tally.a,
                tally.a_wins,
                tally.b_wins,
                tally.b,
                tally.draws
            );
        }
    }
}

/// The result of one match: each seat's `Played`, and which seats were side A.
type GameResult = anyhow::Result<(Vec<Played>, Vec<bool>)>;

fn record(
    tally: &mut Tally,
    (g, result): (u64, GameResult),
    bar: &ProgressBar,
) -> anyhow::Result<()> {
    let (played, is_a) = result.with_context(|| format!("game {g} of the tournament failed"))?;
    let outcome = &played[0].outcome;
    let winners: Vec<usize> = outcome.winners.iter().map(|&w| w as usize).collect();
    let side_won = |a: bool| winners.iter().any(|&w| is_a.get(w) == Some(&a));
    let sum = |a: bool| {
        played
            .iter()
            .filter(|p| is_a.get(p.seat as usize) == Some(&a))
            .fold((0u64, 0.0f64), |(d, t), p| {
                (d + p.decisions, t + p.think_time.as_secs_f64())
            })
    };
    let (ad, at) = sum(true);
    let (bd, bt) = sum(false);
    tally.record(
        side_won(true),
        side_won(false),
        played[0].version,
        ad,
        at,
        bd,
        bt,
    );
    tally.record_seats(&is_a, &winners);
    bar.inc(1);
    bar.set_message(format!(
        "{} {} – {} {}",
        tally.a, tally.a_wins, tally.b_wins, tally.b
    ));
    Ok(())
}

/// Creates one match, seats both sides and plays it out. Every seat starts on the node
/// that created the match, and moves on by itself if that node stops answering.
async fn play_one(config: &TournamentConfig, cluster: &Cluster, g: u64) -> GameResult {
    let mut node = cluster.node();
    let request = pb::CreateMatchRequest {
        game: config.game.clone(),
        variant: config.variant.clone(),
        seats: config.seats,
        seed: Some(config.seed.wrapping_add(g)),
        ..Default::default()
    };
    let created = net::with_retry(&mut node, &config.retry, "create a match", |mut c| {
        let r = request.clone();
        async move { c.create_match(r).await.map(|r| r.into_inner()) }
    })
    .await?
    .summary
    .context("the server created a match but did not describe it")?;
    let seats = created.seats.len();
    // A single-seat variant (solitaire against the Oppobot) has no seat to swap: side A plays
    // every game, and a game no seat wins is the automated opponent's win (a draw here).
    let is_a: Vec<bool> = if seats == 1 {
        vec![true]
    } else {
        (0..seats).map(|s| side_is_a(g, s)).collect()
    };
    let mut players = tokio::task::JoinSet::new();
    for (seat, &a) in is_a.iter().enumerate() {
        let side = if a { &config.a } else { &config.b };
        let ai = make_ai(
            &side.ai,
            &side.level,
            g.wrapping_mul(7919).wrapping_add(seat as u64),
        )
        .map_err(anyhow::Error::msg)?;
        let joined = net::join(
            &mut node,
            &created.match_id,
            Some(seat as u32),
            &format!("{} ({})", side.label(), if a { "A" } else { "B" }),
            &config.retry,
        )
        .await?;
        let mut seat_node = node.clone();
        let game = created.game.clone();
        let match_id = created.match_id.clone();
        let retry = config.retry;
        players.spawn(async move {
            net::play_seat(
                &mut seat_node,
                &game,
                &match_id,
                joined.seat,
                &joined.token,
                Box::new(AiDecider(ai)),
                &retry,
            )
            .await
        });
    }
    let mut played = Vec::with_capacity(seats);
    while let Some(r) = players.join_next().await {
        played.push(r??);
    }
    played.sort_by_key(|p| p.seat);
    Ok((played, is_a))
}
