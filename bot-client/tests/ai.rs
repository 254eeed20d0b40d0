//! The AIs against each other in-process, straight on the engine (no server): each is handed
//! only its seat's view and prompt, as over the network.

use hustings_bot::ai::{Ai, Budget, Decision, Ismcts, from_spec, make_ai, outcome_rewards};
use hustings_bot::local::{local_tournament, play_local};
use hustings_engine::{Outcome, Setup, Viewer, new_game};

mod common;
use common::{
    ALPHA, binomial_upper_tail, bound_against_random, bound_at_one_percent,
    lower_bound_at_one_percent, measured_rate, poisson_binomial_lower_tail,
};

fn ais(names: &[&str], seed: u64) -> Vec<Box<dyn Ai>> {
    names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let (name, level) = n.split_once(':').unwrap_or((n, ""));
            make_ai(name, level, seed * 31 + i as u64).expect("known AI")
        })
        .collect()
}

#[test]
fn every_ai_plays_whole_games_of_every_variant_with_legal_choices() {
    let tables: &[(&str, &[&str])] = &[
        ("standard", &["random", "greedy:2"]),
        ("standard", &["ismcts:20", "greedy:2"]),
        ("standard", &["random", "ismcts:20"]),
        (
            "convention",
            &["ismcts:20", "random", "greedy:2", "ismcts:10"],
        ),
    ];
    for (i, (variant, names)) in tables.iter().enumerate() {
        let setup = Setup::new(variant, names.len(), 40 + i as u64);
        let r = play_local("presidency", &setup, &mut ais(names, i as u64), 10_000)
            .unwrap_or_else(|e| panic!("{variant} {names:?}: {e}"));
        assert!(
            r.choices > 20,
            "{variant} {names:?}: only {} choices",
            r.choices
        );
        assert!(
            r.decisions.iter().all(|&d| d > 0),
            "every seat decided: {:?}",
            r.decisions
        );
        assert_eq!(r.outcome.scores.len(), names.len());
    }
}

/// Greedy against random in the Presidential Race, 1,000 seeded games, sides swapped every
/// other game. Null: an AI no stronger than random, whose wins the tail of Binomial(1000,
/// 1/2) bounds (`bound_against_random`): it reaches 538 with probability 0.88% (537: 1.05%),
/// so greedy must win 538. Greedy:4 won 1,232 of 2,000 games from this seed (61.6%; 1,209
/// from seed 50,000), and 620 of these 1,000; about 1 s. (The old bound, over 110 of 200,
/// let an AI no stronger than random through 6.9% of the time; greedy won 117 of those 200.)
#[test]
fn greedy_beats_random_over_a_thousand_games() {
    const GAMES: u64 = 1_000;
    let t = local_tournament(
        "presidency",
        "standard",
        2,
        GAMES,
        9_000,
        ("greedy", "random"),
        &mut |is_a, g, s| {
            make_ai(
                if is_a { "greedy" } else { "random" },
                "4",
                g * 2 + s as u64,
            )
        },
    );
    // (random ignores the level.)
    let t = t.expect("played");
    assert_eq!(t.games, GAMES);
    let bound = bound_against_random(GAMES);
    eprintln!("greedy vs random (bound {bound}): {}", t.summary());
    assert!(
        t.a_wins >= bound,
        "greedy won only {} of {GAMES} against random, below {bound} (a random player's 1% tail)",
        t.a_wins
    );
}

/// IS-MCTS at `level` against random over `games` seeded games of `game` (sides swapped
/// every other game) must win at least `bound_against_random(games)`: the wins an AI no
/// stronger than random reaches with probability at most 1%.
fn ismcts_beats_random(game: &str, level: &str, games: u64, seed: u64) {
    let t = local_tournament(
        game,
        "standard",
        2,
        games,
        seed,
        ("ismcts", "random"),
        &mut |is_a, g, s| {
            let name = if is_a { "ismcts" } else { "random" };
            make_ai(name, level, g * 2 + s as u64)
        },
    )
    .expect("played");
    let bound = bound_against_random(games);
    eprintln!(
        "{game}: ismcts:{level} against random (bound {bound}): {}",
        t.summary()
    );
    assert!(
        t.a_wins >= bound,
        "{game}: ismcts:{level} won only {} of {games} against random, below {bound} (a random \
         player's 1% tail)",
        t.a_wins
    );
}

// The guard that IS-MCTS still beats random in every game: seeded runs at a small budget
// (with today's per-game settings, `ai/settings.rs`), each bound the wins an AI no stronger
// than random reaches with probability at most 1% (`bound_against_random`).

/// The Presidential Race is much more a matter of luck: IS-MCTS at 100 iterations wins about
/// 62% against random (251 of the first 400 games from this seed, 613 of 1,000 from seed
/// 60,000; 300 iterations won 257 of 400, 1,000 iterations 138 of 200 at ten times the cost),
/// so it takes 600 games: Binomial(600, 1/2) reaches 329 with probability 0.99% (328: 1.23%).
/// IS-MCTS wins 379 of them; about 8 s. (The old bound, over 30 of 60, let a random player
/// through 45% of the time.)
#[test]
fn ismcts_beats_random_in_the_presidential_race() {
    ismcts_beats_random("presidency", "100", 600, 12_000);
}

/// Binomial(30, 1/2) reaches 22 with probability 0.81% (21: 2.1%). IS-MCTS at 300 iterations
/// wins 28 of these 30 (54 of 60 from seed 30,000), about 30 s. (The old bound, 20 of 30,
/// let a random player through 4.9% of the time.)
#[test]
fn ismcts_beats_random_in_votes_for_women() {
    ismcts_beats_random("votes-for-women", "300", 30, 5_000);
}

/// Binomial(30, 1/2) reaches 22 with probability 0.81% (21: 2.1%). IS-MCTS at 300 iterations
/// wins 27 of these 30 (91 of 100 from seed 30,000), about 11 s. (The old bound, 20 of 30,
/// let a random player through 4.9% of the time.)
#[test]
fn ismcts_beats_random_in_the_vote() {
    ismcts_beats_random("the-vote", "300", 30, 7_000);
}

/// The helpers' figures, exactly, and the old bounds' odds for the record: a player no
/// stronger than random passed the Presidential Race's IS-MCTS guard (over 30 of 60) 45% of
/// the time, greedy's (over 110 of 200) 6.9%, the other IS-MCTS guards (20 of 30) 4.9%.
#[test]
fn the_guards_bounds_are_what_a_weaker_ai_reaches_one_time_in_a_hundred() {
    let close = |a: f64, b: f64| (a - b).abs() < 1e-12 * b.max(1e-300);
    assert!(close(binomial_upper_tail(10, 8, 0.5), 56.0 / 1024.0));
    assert!(close(
        binomial_upper_tail(4, 1, 0.25),
        1.0 - 0.75f64.powi(4)
    ));
    assert_eq!(binomial_upper_tail(5, 0, 0.3), 1.0);
    assert_eq!(binomial_upper_tail(5, 6, 0.3), 0.0);
    // Thousands of games neither underflow nor overflow.
    assert!((binomial_upper_tail(3_000, 1_500, 0.5) - 0.507).abs() < 0.001);
    // The Poisson binomial with equal chances is the binomial.
    let equal = [0.3; 12];
    for b in 0..=12 {
        let lower = poisson_binomial_lower_tail(&equal, b);
        assert!((lower - (1.0 - binomial_upper_tail(12, b as u64 + 1, 0.3))).abs() < 1e-12);
    }
    assert_eq!(lower_bound_at_one_percent(&[0.5; 7]), Some(0));
    assert_eq!(lower_bound_at_one_percent(&[0.5; 6]), None);
    // The bounds the guards use.
    let old = [(60, 31), (200, 111), (30, 20)];
    let odds = old.map(|(n, k)| binomial_upper_tail(n, k, 0.5));
    eprintln!("the old bounds' odds for a random player: {odds:?}");
    assert!(odds.iter().all(|&p| p > ALPHA));
    for (n, k) in [(30, 22), (600, 329), (1_000, 538)] {
        assert_eq!(bound_against_random(n), k);
        assert!(binomial_upper_tail(n, k, 0.5) <= ALPHA);
        assert!(binomial_upper_tail(n, k - 1, 0.5) > ALPHA);
    }
    assert_eq!(bound_at_one_percent(30, measured_rate(20, 2_000)), 4);
    assert_eq!(bound_at_one_percent(30, measured_rate(0, 2_000)), 2);
}

/// A mid-game decision of a Presidential Race, as seat `seat` sees it.
fn midgame(seed: u64) -> (serde_json::Value, hustings_engine::Prompt, usize) {
    let mut game = new_game("presidency", &Setup::new("standard", 2, seed)).expect("game");
    let mut random = make_ai("random", "", seed).expect("ai");
    for _ in 0..15 {
        let seat = game.to_act()[0];
        let prompt = game.prompt(seat).expect("prompt");
        let view = game.view_json(Viewer::Seat(seat));
        let d = Decision {
            game: "presidency",
            seat,
            view: &view,
            prompt: &prompt,
            time_limit: None,
        };
        let c = random.choose(&d).expect("choice");
        game.apply(seat, &c).expect("legal");
    }
    loop {
        let seat = game.to_act()[0];
        let prompt = game.prompt(seat).expect("prompt");
        if prompt.choices.len() > 1 {
            return (game.view_json(Viewer::Seat(seat)), prompt, seat);
        }
        game.apply(seat, &prompt.choices[0].id.clone())
            .expect("legal");
    }
}

#[test]
fn ismcts_stops_at_the_time_its_clock_allows_whatever_its_own_budget() {
    let (view, prompt, seat) = midgame(4);
    let d = Decision {
        game: "presidency",
        seat,
        view: &view,
        prompt: &prompt,
        time_limit: Some(std::time::Duration::from_millis(30)),
    };
    // Without the clock's limit this search would run for billions of iterations.
    let report = Ismcts::new(1, Budget::Iterations(u32::MAX))
        .search(&d)
        .expect("search");
    assert!(report.iterations >= 1 && report.iterations < u32::MAX as u64);
    assert!(prompt.find(&report.best).is_some());
}

#[test]
fn ismcts_runs_exactly_its_iteration_budget_and_answers_a_legal_choice() {
    let (view, prompt, seat) = midgame(3);
    let d = Decision {
        game: "presidency",
        seat,
        view: &view,
        prompt: &prompt,
        time_limit: None,
    };
    let report = Ismcts::new(1, Budget::Iterations(150))
        .search(&d)
        .expect("search");
    assert_eq!(report.iterations, 150);
    assert!(
        prompt.find(&report.best).is_some(),
        "{} is not offered",
        report.best
    );
    let visits: u64 = report.visits.iter().map(|(_, v)| v).sum();
    assert_eq!(visits, 150, "every iteration went through one root choice");
    assert!(
        report
            .visits
            .iter()
            .all(|(id, _)| prompt.find(id).is_some())
    );
}

#[test]
fn ismcts_stops_on_a_time_budget() {
    let (view, prompt, seat) = midgame(4);
    let d = Decision {
        game: "presidency",
        seat,
        view: &view,
        prompt: &prompt,
        time_limit: None,
    };
    let started = std::time::Instant::now();
    let report = Ismcts::new(1, Budget::parse("60ms").expect("budget"))
        .search(&d)
        .expect("search");
    let took = started.elapsed();
    assert!(report.iterations > 1);
    assert!(
        took >= std::time::Duration::from_millis(60) && took < std::time::Duration::from_secs(2),
        "{took:?}"
    );
}

#[test]
fn ismcts_with_the_same_seed_decides_the_same_from_the_same_view() {
    let (view, prompt, seat) = midgame(5);
    let d = Decision {
        game: "presidency",
        seat,
        view: &view,
        prompt: &prompt,
        time_limit: None,
    };
    let a = Ismcts::new(9, Budget::Iterations(80))
        .search(&d)
        .expect("search");
    let b = Ismcts::new(9, Budget::Iterations(80))
        .search(&d)
        .expect("search");
    assert_eq!(a.visits, b.visits);
}

#[test]
fn unknown_ais_and_bad_levels_are_refused_with_the_known_names() {
    let err = make_ai("alphazero", "", 0).err().expect("refused");
    assert!(err.contains("random, greedy, ismcts"), "{err}");
    let err = make_ai("ismcts", "lots", 0).err().expect("refused");
    assert!(err.contains("150ms"), "{err}");
    assert_eq!(Budget::parse("250").expect("ok"), Budget::Iterations(250));
    assert_eq!(
        Budget::parse("2s").expect("ok"),
        Budget::Time(std::time::Duration::from_secs(2))
    );
    assert!(make_ai("greedy", "x", 0).is_err());
}

#[test]
fn every_named_level_in_the_catalogue_is_played_and_a_slip_is_any_legal_choice() {
    let mut listed: Vec<&str> = hustings_proto::ais::BUILTIN_AIS
        .iter()
        .map(|a| a.id)
        .collect();
    let mut played = hustings_bot::ai::AI_NAMES.to_vec();
    listed.sort();
    played.sort();
    assert_eq!(listed, played, "the pool plays exactly the catalogue's AIs");
    for ai in hustings_proto::ais::BUILTIN_AIS {
        assert!(make_ai(ai.id, "", 0).is_ok(), "{}", ai.id);
        for level in ai.levels {
            assert!(
                make_ai(ai.id, level.id, 0).is_ok(),
                "{}:{}",
                ai.id,
                level.id
            );
        }
    }
    let err = make_ai("ismcts", "expert", 0).err().expect("refused");
    assert!(err.contains("easy, medium, hard"), "{err}");
    // A level's slips (`blunder`) are drawn from every legal choice, not just the ones the
    // search likes: at a chance of 1, 300 decisions reach each of the prompt's choices.
    let (view, prompt, seat) = midgame(3);
    let d = Decision {
        game: "presidency",
        seat,
        view: &view,
        prompt: &prompt,
        time_limit: None,
    };
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..300 {
        let mut ai = from_spec("ismcts:hard/blunder=1", seed).expect("spec");
        seen.insert(ai.choose(&d).expect("a choice"));
    }
    let offered: std::collections::BTreeSet<String> =
        prompt.choices.iter().map(|c| c.id.clone()).collect();
    assert_eq!(seen, offered);
}

#[test]
fn rewards_split_shared_wins_and_draws() {
    let o = |w: Vec<usize>| Outcome {
        winners: w,
        reason: String::new(),
        scores: vec![],
    };
    assert_eq!(outcome_rewards(&o(vec![1]), 3), vec![0.0, 1.0, 0.0]);
    assert_eq!(outcome_rewards(&o(vec![0, 2]), 3), vec![0.5, 0.0, 0.5]);
    assert_eq!(outcome_rewards(&o(vec![]), 2), vec![0.5, 0.5]);
}

#[test]
fn the_ais_also_play_the_other_games_without_a_heuristic_of_their_own() {
    for game in ["the-vote", "votes-for-women"] {
        for (i, names) in [["random", "greedy:1"], ["ismcts:3", "random"]]
            .iter()
            .enumerate()
        {
            let setup = Setup::new("standard", 2, 70 + i as u64);
            let r = play_local(game, &setup, &mut ais(names, i as u64), 100_000)
                .unwrap_or_else(|e| panic!("{game} {names:?}: {e}"));
            assert!(
                r.decisions.iter().all(|&d| d > 0),
                "{game}: {:?}",
                r.decisions
            );
        }
    }
}

/// Wins of the AI `name` playing `seat` against random, over `games` seeds from `seed`.
fn wins_in_seat(game: &str, name: &str, seat: usize, games: u64, seed: u64) -> u64 {
    let mut wins = 0;
    for g in 0..games {
        let mut names = ["random", "random"];
        names[seat] = name;
        let setup = Setup::new("standard", 2, seed + g);
        let r = play_local(game, &setup, &mut ais(&names, seed + g), 1_000_000)
            .unwrap_or_else(|e| panic!("{game} {names:?}: {e}"));
        if r.outcome.winners.contains(&seat) {
            wins += 1;
        }
    }
    wins
}

/// Greedy in `seat` against random over `games` seeded games must win at least the bound
/// that random in that seat reaches with probability at most 1%, random's rate there taken
/// as `random_wins` (of games measured random against random) at the upper end of its 95%
/// interval. Random in the same seat on the same seeds must itself miss the bound, a check
/// that the measured rate still holds.
fn greedy_beats_random_in_seat(game: &str, seat: usize, games: u64, random_wins: (u64, u64)) {
    let null = measured_rate(random_wins.0, random_wins.1);
    let bound = bound_at_one_percent(games, null);
    let greedy = wins_in_seat(game, "greedy:2", seat, games, 5_000);
    let random = wins_in_seat(game, "random", seat, games, 5_000);
    eprintln!(
        "{game} seat {seat}: greedy won {greedy}/{games}, random {random}/{games}; bound {bound} \
         (random at {:.2}%: {:.3}%)",
        100.0 * null,
        100.0 * binomial_upper_tail(games, bound, null)
    );
    assert!(
        random < bound,
        "{game} seat {seat}: random won {random} of {games}: its measured rate is stale"
    );
    assert!(
        greedy >= bound,
        "{game} seat {seat}: greedy won {greedy} of {games}, below {bound} (random's 1% tail)"
    );
}

/// Greedy in `seat`, where random already wins (nearly) every game, must win at least as
/// many of `games` seeded games as random in the same seat on the same seeds (the games are
/// seeded, so the counts are exact). Random wins all 30 of them in both games, so greedy
/// must too: an AI winning at most 85.7% in the seat does that with probability at most 1%.
fn greedy_does_no_worse_than_random_in_seat(game: &str, seat: usize, games: u64) {
    let greedy = wins_in_seat(game, "greedy:2", seat, games, 5_000);
    let random = wins_in_seat(game, "random", seat, games, 5_000);
    // The best rate in the seat that reaches `random` wins at most one time in a hundred.
    let caught = (0..=1_000)
        .map(|q| q as f64 / 1_000.0)
        .take_while(|&q| binomial_upper_tail(games, random, q) <= ALPHA)
        .last()
        .unwrap_or(0.0);
    eprintln!(
        "{game} seat {seat}: greedy won {greedy}/{games}, random {random}/{games} (an AI winning \
         {:.1}% or less there reaches {random} at most 1% of the time)",
        100.0 * caught
    );
    assert!(
        greedy >= random,
        "{game} seat {seat}: greedy won {greedy} of {games}, random {random}"
    );
}

// Both games are lopsided under weak play (random Suffragists and Equality players almost
// never win; see the issues), so the weaker side is where greedy's gain shows. Random against
// random over 2,000 seeded games (from seed 100,000): the Suffragist won 20 (1.0%, 95% upper
// bound 1.54%), Equality none (upper bound 0.19%). On the stronger side random already wins
// (nearly) every game (the Opposition 1,980 of 2,000, Supremacy all), so the check there is
// that greedy never does worse.

/// Null: random as the Suffragist, 1.54%; Binomial(30, 1.54%) reaches 4 with probability
/// 0.10% (3: 1.09%), so greedy must win 4 of 30. Greedy:2 wins 28 of these 30 (86 of 100 from
/// seed 20,000), random none; about 6 s. (The old bound, 2 more wins than random's on the
/// same seeds, let a player of random's strength through 3.6% of the time.)
#[test]
fn greedy_beats_random_as_the_suffragist() {
    greedy_beats_random_in_seat("votes-for-women", 0, 30, (20, 2_000));
}

/// Greedy:2 wins all 30 as the Opposition (100 of 100 from seed 20,000), as random does;
/// about 3 s.
#[test]
fn greedy_does_no_worse_than_random_as_the_opposition() {
    greedy_does_no_worse_than_random_in_seat("votes-for-women", 1, 30);
}

/// Null: random as Equality, 0.19%; Binomial(30, 0.19%) reaches 2 with probability 0.15% (1:
/// 5.6%), so greedy must win 2 of 30. Greedy:2 wins 22 of these 30 (163 of 200 from seed
/// 20,000: The Vote's greedy plays each action out before judging it), random none; under a
/// second. (The old bound, 20 more wins than random on the same seeds, asked far more than
/// beating random: greedy's 22 cleared it by 2.)
#[test]
fn greedy_beats_random_as_equality() {
    greedy_beats_random_in_seat("the-vote", 0, 30, (0, 2_000));
}

/// Greedy:2 wins all 30 as Supremacy (200 of 200 from seed 20,000), as random does.
#[test]
fn greedy_does_no_worse_than_random_as_supremacy() {
    greedy_does_no_worse_than_random_in_seat("the-vote", 1, 30);
}

/// The Vote's Refresh (14.4) is optional from rules revision 1 on (`done` keeps the other
/// cards face-down). Greedy must still refresh by default: a face-up card is worth more to
/// it than a face-down one, and keeping one down gains nothing it can see. Not always: a
/// refresh that ends the turn is judged after the next turn's draws, which greedy:2 samples
/// anew for each choice, so where a flip is worth little that noise now and then prefers
/// keeping (11 of 411 decisions in 200 games at rules revision 2). At least nine in ten
/// refresh. A player choosing at random keeps cards face-down at each decision with the
/// share of its choices that are not a refresh, and must keep more than one in ten of them
/// but with probability at most 1% (computed from the decisions met): today greedy keeps 5
/// of the 102 met, random would keep 48.3 on average and 10 or fewer with probability 2e-16.
/// Under a tenth of a second.
#[test]
fn greedy_refreshes_by_default_where_the_vote_lets_it_keep_cards_face_down() {
    let (mut asked, mut kept) = (0, 0);
    // Random's chance of keeping cards face-down at each decision.
    let mut random_keeps = Vec::new();
    for seed in 0..100 {
        let mut game = new_game("the-vote", &Setup::new("standard", 2, seed)).expect("game");
        let mut random = make_ai("random", "", seed).expect("ai");
        let mut greedy = make_ai("greedy", "2", seed).expect("ai");
        while game.outcome().is_none() {
            let seat = game.to_act()[0];
            let prompt = game.prompt(seat).expect("prompt");
            let view = game.view_json(Viewer::Seat(seat));
            let d = Decision {
                game: "the-vote",
                seat,
                view: &view,
                prompt: &prompt,
                time_limit: None,
            };
            let optional_refresh =
                prompt.choices.iter().any(|c| c.kind == "refresh") && prompt.find("done").is_some();
            if optional_refresh {
                let c = greedy.choose(&d).expect("choice");
                kept += usize::from(!c.starts_with("refresh:"));
                asked += 1;
                let keeping = prompt
                    .choices
                    .iter()
                    .filter(|c| !c.id.starts_with("refresh:"));
                random_keeps.push(keeping.count() as f64 / prompt.choices.len() as f64);
            }
            let c = random.choose(&d).expect("choice");
            game.apply(seat, &c).expect("legal");
        }
        if asked >= 100 {
            break;
        }
    }
    assert!(asked >= 100, "only {asked} optional Refresh decisions met");
    let random_passes = poisson_binomial_lower_tail(&random_keeps, asked / 10);
    eprintln!(
        "greedy kept cards face-down in {kept} of {asked}; random would keep {:.1} on average, \
         {} or fewer with probability {random_passes:.2e}",
        random_keeps.iter().sum::<f64>(),
        asked / 10
    );
    assert!(random_passes <= ALPHA, "random keeps one in ten too often");
    assert!(
        kept * 10 <= asked,
        "greedy kept cards face-down in {kept} of {asked}"
    );
}

/// Votes for Women, rules revision 1: a Lobbying success may add or remove a marker (or go
/// unused), the player's own way offered first. Greedy, judging each by its evaluation,
/// spends a success its own way (the Suffragist adds, the Opposition removes) wherever that
/// does not send the amendment (which may also decide states against it): it never removes
/// its own markers by default. Decisions found in random games, as each seat sees them. A
/// player choosing at random would choose its own way at all eight with the product of
/// one over each decision's number of choices, which must be at most 1% (today 0.015%).
#[test]
fn greedy_spends_lobbying_successes_its_own_way() {
    let mut found = [0u32; 2];
    // Random's chance of choosing its own way at every decision asked.
    let mut random_passes = 1.0;
    let mut random = make_ai("random", "", 1).expect("ai");
    let mut greedy = make_ai("greedy", "2", 2).expect("ai");
    for seed in 0..200u64 {
        if found.iter().all(|&n| n >= 4) {
            break;
        }
        let setup = Setup::new("standard", 2, 9_000 + seed);
        let mut game = new_game("votes-for-women", &setup).expect("game");
        while game.outcome().is_none() {
            let seat = game.to_act()[0];
            let prompt = game.prompt(seat).expect("prompt");
            let view = game.view_json(Viewer::Seat(seat));
            let d = Decision {
                game: "votes-for-women",
                seat,
                view: &view,
                prompt: &prompt,
                time_limit: None,
            };
            let own = if seat == 0 {
                "add-marker"
            } else {
                "remove-marker"
            };
            let congress = view["board"]["congress"].as_u64().expect("congress");
            // The Suffragist's sixth marker would send the amendment: a real trade-off.
            let plain = prompt.find(own).is_some() && !(seat == 0 && congress == 5);
            let c = if plain && found[seat] < 4 {
                let c = greedy.choose(&d).expect("choice");
                assert_eq!(c, own, "seat {seat} at Congress {congress}, seed {seed}");
                found[seat] += 1;
                random_passes /= prompt.choices.len() as f64;
                c
            } else {
                random.choose(&d).expect("choice")
            };
            game.apply(seat, &c).expect("legal");
        }
    }
    assert_eq!(found, [4, 4], "Lobbying decisions found per seat");
    eprintln!("a random player would choose its own way at all eight with {random_passes:.2e}");
    assert!(random_passes <= ALPHA);
}
