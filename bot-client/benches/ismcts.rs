//! IS-MCTS iterations per second on a mid-game decision of every game:
//! `cargo bench -p hustings-bot --bench ismcts`.
//!
//! Each game is played with random choices from a fixed seed until a decision with several
//! choices comes after its log has grown past `min_log` entries (a few turns in); the search
//! then runs a fixed number of iterations on it, so the throughput line ("elem/s") is
//! iterations per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hustings_bot::ai::{Budget, Decision, Ismcts, make_ai};
use hustings_engine::{Prompt, Seat, Setup, Viewer, new_game};

/// A mid-game decision of `game`: the deciding seat's view (as JSON), its prompt and seat.
fn midgame(game_id: &str, setup: &Setup, min_log: usize) -> (serde_json::Value, Prompt, Seat) {
    let mut game = new_game(game_id, setup).expect("game");
    let mut random = make_ai("random", "", 11).expect("ai");
    loop {
        let seat = game.to_act()[0];
        let prompt = game.prompt(seat).expect("prompt");
        let view = game.view_json(Viewer::Seat(seat));
        if game.log_len() > min_log && prompt.choices.len() > 1 {
            return (view, prompt, seat);
        }
        let d = Decision {
            game: game_id,
            seat,
            view: &view,
            prompt: &prompt,
            time_limit: None,
        };
        let choice = random.choose(&d).expect("choice");
        game.apply(seat, &choice).expect("legal");
    }
}

fn ismcts(c: &mut Criterion) {
    let mut group = c.benchmark_group("ismcts");
    group.sample_size(20);
    for (name, game_id, setup, min_log, iterations) in [
        (
            "presidency_midgame_200_iterations",
            "presidency",
            Setup::new("standard", 2, 11),
            30,
            200u32,
        ),
        (
            "votes_for_women_midgame_50_iterations",
            "votes-for-women",
            Setup::new("standard", 2, 11),
            60,
            50,
        ),
        (
            "the_vote_midgame_50_iterations",
            "the-vote",
            Setup::new("standard", 2, 11),
            40,
            50,
        ),
    ] {
        let (view, prompt, seat) = midgame(game_id, &setup, min_log);
        let decision = Decision {
            game: game_id,
            seat,
            view: &view,
            prompt: &prompt,
            time_limit: None,
        };
        group.throughput(Throughput::Elements(iterations as u64));
        group.bench_function(name, |b| {
            let mut ai = Ismcts::new(1, Budget::Iterations(iterations));
            b.iter(|| ai.search(&decision).expect("search").iterations)
        });
    }
    group.finish();
}

criterion_group!(benches, ismcts);
criterion_main!(benches);
