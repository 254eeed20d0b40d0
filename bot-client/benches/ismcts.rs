//! IS-MCTS iterations per second on a mid-game decision of the Presidential Race.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hustings_bot::ai::{Budget, Decision, Ismcts, make_ai};
use hustings_engine::{Setup, Viewer, new_game};

const ITERATIONS: u32 = 200;

fn ismcts(c: &mut Criterion) {
    // A decision after 15 random choices: a few rounds into the campaign.
    let mut game = new_game("presidency", &Setup::new("standard", 2, 11)).expect("game");
    let mut random = make_ai("random", "", 11).expect("ai");
    let (view, prompt, seat) = loop {
        let seat = game.to_act()[0];
        let prompt = game.prompt(seat).expect("prompt");
        let view = game.view_json(Viewer::Seat(seat));
        if game.log_len() > 30 && prompt.choices.len() > 1 {
            break (view, prompt, seat);
        }
        let d = Decision {
            game: "presidency",
            seat,
            view: &view,
            prompt: &prompt,
            time_limit: None,
        };
        let choice = random.choose(&d).expect("choice");
        game.apply(seat, &choice).expect("legal");
    };
    let decision = Decision {
        game: "presidency",
        seat,
        view: &view,
        prompt: &prompt,
        time_limit: None,
    };
    let mut group = c.benchmark_group("ismcts");
    group.throughput(Throughput::Elements(ITERATIONS as u64));
    group.sample_size(20);
    group.bench_function("presidency_midgame_200_iterations", |b| {
        let mut ai = Ismcts::new(1, Budget::Iterations(ITERATIONS));
        b.iter(|| ai.search(&decision).expect("search").iterations)
    });
    group.finish();
}

criterion_group!(benches, ismcts);
criterion_main!(benches);
