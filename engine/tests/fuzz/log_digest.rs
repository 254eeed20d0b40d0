//! One random game folded into a digest of its log as every reader gets it: the entries each
//! choice returned, the whole log, and every viewer's redacted log from the start and from
//! its middle. Every field counts (text, kind, seat, card, place, amount, dice, who may read
//! an entry and what the others read instead). The log goldens of every game digest this way,
//! so a change in how a log is kept (typed events rendered on demand) is held to reading
//! exactly as the text once built during play did. The fields added to an entry since the
//! tables were recorded are left out (`testing::log_as_recorded`), as the recordings had none.

use crate::golden_digests::Fnv;
use hustings_engine::testing::log_as_recorded;
use hustings_engine::{AnyGame, Game, Viewer};
use rand::SeedableRng;
use rand::seq::IndexedRandom;

/// Plays `g` to its end uniformly at random (the policy seeded by `seed`), through the
/// checked `apply` as a client plays, and digests its log as every reader gets it. `what`
/// names the game in a failure.
pub fn log_digest<G: Game + AnyGame>(mut g: G, seed: u64, what: &str) -> u64 {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut h = Fnv::new();
    // The set-up's entries, before any choice.
    h.json(&log_as_recorded(&Game::log(&g)));
    let mut legal = Vec::new();
    let mut steps = 0;
    while let Some(seat) = Game::first_to_act(&g) {
        legal.clear();
        g.legal_actions(seat, &mut legal);
        let action = *legal.choose(&mut rng).expect("a legal action");
        let new = Game::apply(&mut g, seat, &action.to_string()).expect("a legal choice");
        h.json(&log_as_recorded(&new));
        steps += 1;
        assert!(steps < 100_000, "{what} seed {seed}: no end");
    }
    assert!(
        Game::outcome(&g).is_some(),
        "{what} seed {seed}: no outcome"
    );
    let len = AnyGame::log_len(&g);
    h.json(&len);
    h.json(&log_as_recorded(&Game::log(&g)));
    for from in [0, len / 2] {
        h.json(&log_as_recorded(&AnyGame::log_all(&g, from)));
        for viewer in Viewer::every(Game::num_seats(&g)) {
            h.json(&log_as_recorded(&Game::log_for(&g, viewer, from)));
        }
    }
    h.0
}

/// Holds the digests `got` (in seed order) to those recorded under `heading` in `table`, or
/// prints them in the table's layout when the environment variable `print` is set (only to
/// re-derive a table on the commit it names).
pub fn check(table: &str, heading: &str, got: &[u64], print: &str) {
    if std::env::var_os(print).is_some() {
        println!("{heading}");
        for chunk in got.chunks(6) {
            let hex: Vec<String> = chunk.iter().map(|d| format!("{d:016x}")).collect();
            println!("  {}", hex.join(" "));
        }
        return;
    }
    let want = crate::golden_digests::under(table, heading);
    assert_eq!(want.len(), got.len(), "{heading}: the table's length");
    for (seed, (w, g)) in want.iter().zip(got).enumerate() {
        assert_eq!(w, g, "{heading} seed {seed}: the log reads differently");
    }
}
