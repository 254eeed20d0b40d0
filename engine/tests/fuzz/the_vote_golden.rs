//! The Vote at rules revision 0 plays exactly as it did before the corrections of issue 20:
//! 300 seeded random games, each reduced to one digest of every prompt (seat, text, choices
//! with their labels), every choice made, the full log and the outcome. The table was
//! computed on the base commit aaf3c77, before any correction; a change that alters what a
//! stored match at revision 0 is offered, logs or ends with fails here.
//!
//! To print the table for the current code (only to re-derive it on a base commit):
//! `THE_VOTE_GOLDEN_PRINT=1 cargo test -p hustings-engine --test fuzz the_vote_golden -- --nocapture`.

use hustings_engine::core::digest_of;
use hustings_engine::testing::{log_as_recorded, prompt_as_recorded, scrambled_seed};
use hustings_engine::the_vote::TheVote;
use hustings_engine::{Game, Setup};
use rand::SeedableRng;
use rand::seq::IndexedRandom;

/// One random game at revision 0, folded into a digest of everything a player would notice.
fn digest_of_game(seed: u64) -> u64 {
    let setup = Setup {
        rules: 0,
        ..Setup::new("standard", 2, scrambled_seed(seed))
    };
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut game = TheVote::new(&setup).expect("set-up");
    let mut acc: Vec<u64> = Vec::new();
    let mut legal = Vec::new();
    for _ in 0..100_000 {
        let Some(seat) = game.first_to_act() else {
            break;
        };
        // As the prompts were on the base commit: without the fields added since.
        acc.push(digest_of(&prompt_as_recorded(game.prompt(seat))));
        legal.clear();
        game.legal_actions(seat, &mut legal);
        let action = *legal.choose(&mut rng).expect("a legal action");
        acc.push(digest_of(&(seat, action.to_string())));
        game.apply_action(seat, action);
    }
    acc.push(digest_of(&log_as_recorded(&game.log())));
    acc.push(digest_of(&game.outcome()));
    digest_of(&acc)
}

#[test]
fn rules_revision_0_plays_as_on_the_base_commit() {
    let got: Vec<(u64, u64)> = (0..GOLDEN.len() as u64)
        .map(|seed| (seed, digest_of_game(seed)))
        .collect();
    if std::env::var_os("THE_VOTE_GOLDEN_PRINT").is_some() {
        for (seed, d) in &got {
            println!("    ({seed}, 0x{d:016x}),");
        }
    }
    let differ: Vec<u64> = got
        .iter()
        .zip(GOLDEN.iter())
        .filter(|(g, want)| g != want)
        .map(|(g, _)| g.0)
        .collect();
    assert!(
        differ.is_empty(),
        "{} of {} revision-0 games play differently, seeds {:?}",
        differ.len(),
        GOLDEN.len(),
        &differ[..differ.len().min(20)]
    );
}

/// (seed, digest) computed on aaf3c77.
const GOLDEN: [(u64, u64); 300] = include!("the_vote_golden.table");
