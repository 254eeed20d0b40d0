//! The AIs against each other in-process, straight on the engine (no server): each is handed
//! only its seat's view and prompt, as over the network.

use hustings_bot::ai::{Ai, Budget, Decision, Ismcts, make_ai, outcome_rewards};
use hustings_bot::local::{local_tournament, play_local};
use hustings_engine::{Outcome, Setup, Viewer, new_game};

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

#[test]
fn greedy_beats_random_over_two_hundred_games() {
    let t = local_tournament(
        "presidency",
        "standard",
        2,
        200,
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
    assert_eq!(t.games, 200);
    eprintln!("greedy vs random: {}", t.summary());
    assert!(
        t.a_wins > 110,
        "greedy won only {} of 200 against random",
        t.a_wins
    );
}

/// IS-MCTS at `level` against random over `games` seeded games of `game` (sides swapped
/// every other game): how many IS-MCTS won.
fn ismcts_wins_against_random(game: &str, level: &str, games: u64, seed: u64) -> u64 {
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
    eprintln!("{game}: ismcts:{level} against random: {}", t.summary());
    t.a_wins
}

// The guard that IS-MCTS still beats random in every game: short, seeded runs whose
// thresholds a player choosing at random fails (it would win about half the games, and 20
// or more of 30 at even odds happens about 5% of the time), and which IS-MCTS at a small
// budget passes by a margin (with today's per-game settings, `ai/settings.rs`: Votes for
// Women 28 and The Vote 29 of 30; the Presidential Race, much more a matter of luck, 36 of
// 60).

#[test]
fn ismcts_wins_most_games_against_random_in_the_presidential_race() {
    let wins = ismcts_wins_against_random("presidency", "100", 60, 12_000);
    assert!(wins > 30, "ismcts won only {wins} of 60 against random");
}

#[test]
fn ismcts_wins_most_games_against_random_in_votes_for_women() {
    let wins = ismcts_wins_against_random("votes-for-women", "300", 30, 5_000);
    assert!(wins >= 20, "ismcts won only {wins} of 30 against random");
}

#[test]
fn ismcts_wins_most_games_against_random_in_the_vote() {
    let wins = ismcts_wins_against_random("the-vote", "300", 30, 7_000);
    assert!(wins >= 20, "ismcts won only {wins} of 30 against random");
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

/// Greedy in `seat` against random, and random in the same seat on the same seeds (the
/// games are seeded, so the counts are exact): greedy must win at least `margin` more.
fn greedy_beats_random_in_seat(game: &str, seat: usize, games: u64, margin: u64) {
    let greedy = wins_in_seat(game, "greedy:2", seat, games, 5_000);
    let random = wins_in_seat(game, "random", seat, games, 5_000);
    eprintln!("{game} seat {seat}: greedy won {greedy}/{games}, random {random}/{games}");
    assert!(
        greedy >= random + margin,
        "{game} seat {seat}: greedy won {greedy} of {games}, random {random}"
    );
}

// Both games are lopsided under weak play (random Suffragists and Equality players almost
// never win; see the issues), so the weaker side is where greedy's gain shows: random wins
// 1 and 0 of these 30 seeded games, greedy 3 and 28 (The Vote's greedy plays each action
// out before judging it). On the stronger side random already wins (nearly) every game, so
// the check there is that greedy never does worse.

#[test]
fn greedy_beats_random_as_the_suffragist() {
    greedy_beats_random_in_seat("votes-for-women", 0, 30, 2);
}

#[test]
fn greedy_does_no_worse_than_random_as_the_opposition() {
    greedy_beats_random_in_seat("votes-for-women", 1, 30, 0);
}

#[test]
fn greedy_beats_random_as_equality() {
    greedy_beats_random_in_seat("the-vote", 0, 30, 20);
}

#[test]
fn greedy_does_no_worse_than_random_as_supremacy() {
    greedy_beats_random_in_seat("the-vote", 1, 30, 0);
}

/// The Vote's Refresh (14.4) is optional from rules revision 1 on (`done` keeps the other
/// cards face-down). Greedy must still refresh by default: a face-up card is worth more to
/// it than a face-down one, and keeping one down gains nothing it can see. Not always: a
/// refresh that ends the turn is judged after the next turn's draws, which greedy:2 samples
/// anew for each choice, so where a flip is worth little that noise now and then prefers
/// keeping (11 of 411 decisions in 200 games at rules revision 2). At least nine in ten
/// refresh.
#[test]
fn greedy_refreshes_by_default_where_the_vote_lets_it_keep_cards_face_down() {
    let (mut asked, mut kept) = (0, 0);
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
            }
            let c = random.choose(&d).expect("choice");
            game.apply(seat, &c).expect("legal");
        }
        if asked >= 100 {
            break;
        }
    }
    assert!(asked >= 100, "only {asked} optional Refresh decisions met");
    assert!(
        kept * 10 <= asked,
        "greedy kept cards face-down in {kept} of {asked}"
    );
}

/// Votes for Women, rules revision 1: a Lobbying success may add or remove a marker (or go
/// unused), the player's own way offered first. Greedy, judging each by its evaluation,
/// spends a success its own way (the Suffragist adds, the Opposition removes) wherever that
/// does not send the amendment (which may also decide states against it): it never removes
/// its own markers by default. Decisions found in random games, as each seat sees them.
#[test]
fn greedy_spends_lobbying_successes_its_own_way() {
    let mut found = [0u32; 2];
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
                c
            } else {
                random.choose(&d).expect("choice")
            };
            game.apply(seat, &c).expect("legal");
        }
    }
    assert_eq!(found, [4, 4], "Lobbying decisions found per seat");
}
