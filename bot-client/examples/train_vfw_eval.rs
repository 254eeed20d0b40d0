//! Fits the learned Votes for Women evaluation (`bot-client/src/ai/vfw_model.rs`) to the
//! outcomes of self-play games, and writes the weights file the bot ships
//! (`bot-client/src/ai/vfw_eval.json`), with the command that made it.
//!
//! `cargo run --release -p hustings-bot --example train_vfw_eval -- --help`
//!
//! Every seat of each game is played by `--ai`; a share of the games are solitaire against
//! the Oppobot (normal and hard alternating), so the weights also know that game. Positions
//! are sampled from each game before its decisions (`--sample`), labelled with whether the
//! Suffragist won; every fifth game is held out of the fit to report how well the weights
//! predict games they were not fitted to.

use std::sync::{Arc, Mutex};

use clap::Parser;
use hustings_bot::ai::fit::{Sample, fit_logistic, log_loss};
use hustings_bot::ai::vfw_model::{FEATURES, Model, features};
use hustings_bot::ai::{Ai, from_spec};
use hustings_bot::local::play_local_observed;
use hustings_engine::Setup;
use hustings_engine::votes_for_women::data::Side;
use hustings_engine::votes_for_women::{GAME_ID, Variant, VotesForWomen};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[derive(Parser, Debug)]
#[command(about = "Fit the learned Votes for Women evaluation to self-play outcomes")]
struct Args {
    /// Games to play.
    #[arg(long, default_value_t = 400)]
    games: u64,
    /// The AI in every seat, as `versus` takes it (`ismcts:300/eval=learned`).
    #[arg(long, default_value = "ismcts:300")]
    ai: String,
    /// Every Nth game is solitaire against the Oppobot (0: none).
    #[arg(long, default_value_t = 4)]
    solitaire_every: u64,
    /// Chance that a position before a decision is kept.
    #[arg(long, default_value_t = 0.1)]
    sample: f64,
    /// L2 penalty on the weights (not the bias).
    #[arg(long, default_value_t = 1.0)]
    l2: f64,
    /// First game seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Where to write the weights (stdout when absent).
    #[arg(long)]
    out: Option<std::path::PathBuf>,
}

/// One game's sampled positions and outcome.
struct Played {
    index: u64,
    samples: Vec<Sample>,
    suffragist_won: bool,
    /// How it ended: the amendment sent, checks and Xs.
    end: (bool, u8, u8),
}

fn play(args: &Args, g: u64) -> Result<Played, String> {
    let seed = args.seed.wrapping_add(g);
    let solitaire = args.solitaire_every > 0 && g.is_multiple_of(args.solitaire_every);
    let setup = if solitaire {
        let hard = (g / args.solitaire_every) % 2 == 1;
        Setup::new(Variant::Solitaire.as_str(), 1, seed)
            .with_option("oppobot", if hard { "hard" } else { "normal" })
    } else {
        Setup::new("standard", 2, seed)
    };
    let mut ais = (0..setup.seats)
        .map(|s| from_spec(&args.ai, seed.wrapping_mul(7919).wrapping_add(s as u64)))
        .collect::<Result<Vec<Box<dyn Ai>>, _>>()?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut xs = Vec::new();
    let (r, end) = play_local_observed(GAME_ID, &setup, &mut ais, 2_000_000, &mut |game| {
        if let Some(g) = game.as_any().downcast_ref::<VotesForWomen>()
            && rng.random_bool(args.sample)
        {
            xs.push(features(g).to_vec());
        }
    })?;
    let board = end
        .as_any()
        .downcast_ref::<VotesForWomen>()
        .ok_or("not a Votes for Women game")?
        .board();
    let suffragist_won = r
        .outcome
        .winners
        .iter()
        .any(|&w| board.seats.get(w) == Some(&Side::Suffragist));
    let y = f64::from(u8::from(suffragist_won));
    Ok(Played {
        index: g,
        samples: xs.into_iter().map(|x| Sample { x, y }).collect(),
        suffragist_won,
        end: (board.amendment_sent, board.checks, board.xs),
    })
}

fn main() -> Result<(), String> {
    let args = Arc::new(Args::parse());
    from_spec(&args.ai, 0)?;
    let next = Arc::new(Mutex::new(0u64));
    let played = Arc::new(Mutex::new(Vec::<Played>::new()));
    let workers: Vec<_> = (0..args.threads.max(1))
        .map(|_| {
            let (args, next, played) = (args.clone(), next.clone(), played.clone());
            std::thread::spawn(move || -> Result<(), String> {
                loop {
                    let g = {
                        let mut n = next.lock().map_err(|e| e.to_string())?;
                        if *n >= args.games {
                            return Ok(());
                        }
                        *n += 1;
                        *n - 1
                    };
                    let p = play(&args, g)?;
                    let mut all = played.lock().map_err(|e| e.to_string())?;
                    all.push(p);
                    let wins = all.iter().filter(|p| p.suffragist_won).count();
                    let unsent = all.iter().filter(|p| !p.end.0).count();
                    let (sent, checks, xs) = all.last().map_or((false, 0, 0), |p| p.end);
                    eprintln!(
                        "game {g}: {} positions, sent {sent}, {checks} checks, {xs} Xs; \
                         Suffragist won {wins} of {}, amendment never sent in {unsent}",
                        all.last().map_or(0, |p| p.samples.len()),
                        all.len()
                    );
                }
            })
        })
        .collect();
    for w in workers {
        w.join().map_err(|_| "a worker panicked")??;
    }
    let played = played.lock().map_err(|e| e.to_string())?;
    let (held, fitted): (Vec<&Played>, Vec<&Played>) =
        played.iter().partition(|p| p.index % 5 == 4);
    let gather = |ps: &[&Played]| -> Vec<Sample> {
        ps.iter().flat_map(|p| p.samples.iter().cloned()).collect()
    };
    let (train, test) = (gather(&fitted), gather(&held));
    let w = fit_logistic(&train, args.l2);
    let wins = played.iter().filter(|p| p.suffragist_won).count();
    let rate = wins as f64 / played.len().max(1) as f64;
    // The base rate as a model: the bias alone, at the log-odds of the Suffragist's share.
    let mut base = vec![0.0; FEATURES.len()];
    base[0] = (rate.clamp(1e-6, 1.0 - 1e-6) / (1.0 - rate.clamp(1e-6, 1.0 - 1e-6))).ln();
    let recipe = format!(
        "cargo run --release -p hustings-bot --example train_vfw_eval -- --games {} --ai {} \
         --solitaire-every {} --sample {} --l2 {} --seed {} --out bot-client/src/ai/vfw_eval.json",
        args.games, args.ai, args.solitaire_every, args.sample, args.l2, args.seed
    );
    let model = Model {
        recipe,
        features: FEATURES.iter().map(|f| f.to_string()).collect(),
        weights: w.iter().map(|x| (x * 1e4).round() / 1e4).collect(),
        games: played.len() as u64,
        positions: (train.len() + test.len()) as u64,
        suffragist_wins: (rate * 1e4).round() / 1e4,
        held_out_log_loss: (log_loss(&w, &test) * 1e4).round() / 1e4,
        base_log_loss: (log_loss(&base, &test) * 1e4).round() / 1e4,
    };
    for (name, w) in FEATURES.iter().zip(&model.weights) {
        eprintln!("{name:>22} {w:+.3}");
    }
    eprintln!(
        "held-out log loss {:.4} (base rate {:.4}); Suffragist won {wins} of {}",
        model.held_out_log_loss,
        model.base_log_loss,
        played.len()
    );
    let text = serde_json::to_string_pretty(&model).map_err(|e| e.to_string())? + "\n";
    match &args.out {
        Some(path) => std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?,
        None => print!("{text}"),
    }
    Ok(())
}
