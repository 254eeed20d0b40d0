//! Guards The Vote's tuned data (engine `the_vote::data::TABLE`) against silent drift: in
//! seeded greedy-against-greedy self-play each side must keep winning a fair share and games
//! must keep a sensible length. The full figures come from
//! `cargo run --release -p hustings-bot --example balance -- the-vote greedy:2 400 1001`.

use hustings_bot::selfplay::{Summary, self_play};

/// 200 seeded games of greedy:2 against itself. The tuning measured about 51% for Equality
/// and 25 turns on average (400 games) under the rules as first read (revision 0); the
/// corrections of rules revision 1 (several Blocks against one action, the Persuade card
/// still able to Counter, Persuade's count taken once, optional refresh) moved it to 38%
/// for Equality and 29 turns (400 games, seed 1001): each correction a little, none alone.
/// The data is to be retuned under the strongest AI's self-play (issue 22), not greedy's.
/// The bounds are loose on purpose: each side wins at least 30%, and the mean game lasts
/// 12 to 33 turns, so only a real shift from today's figures fails.
#[test]
fn the_vote_greedy_self_play_stays_balanced() {
    let records = self_play("the-vote", 2, "greedy", "2", 200, 1, 1_000_000)
        .expect("greedy plays The Vote to the end");
    let s = Summary::of(&records, 2);
    eprintln!(
        "the-vote greedy:2 self-play: {} games, Equality {} Supremacy {} wins, mean {:.1} turns (median {:.1})",
        s.games, s.wins[0], s.wins[1], s.mean_turns, s.median_turns
    );
    for (seat, name) in ["Equality", "Supremacy"].iter().enumerate() {
        let (p, lo, hi) = s.win_rate(seat);
        assert!(
            p >= 0.30,
            "{name} wins only {:.1}% (95% CI {:.1}%–{:.1}%)",
            100.0 * p,
            100.0 * lo,
            100.0 * hi
        );
    }
    assert!(
        (12.0..=33.0).contains(&s.mean_turns),
        "games last {:.1} turns on average",
        s.mean_turns
    );
    // Games end by the rules (Amendments or 75 VP), hardly ever at the engine's safety cap.
    let capped = records.iter().filter(|r| r.reason.contains("cap")).count();
    assert!(capped <= 4, "{capped} of 200 games hit the safety cap");
}
