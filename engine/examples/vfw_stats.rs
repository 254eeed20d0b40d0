use hustings_engine::votes_for_women::VotesForWomen;
use hustings_engine::{Game, Setup};
use rand::SeedableRng;
use rand::seq::IndexedRandom;
fn main() {
    let mut tot = 0;
    let mut logs = 0;
    let mut choices_sum = 0usize;
    let t = std::time::Instant::now();
    for seed in 0..200u64 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut g = VotesForWomen::new(&Setup::new("standard", 2, seed)).unwrap();
        while g.outcome().is_none() {
            let seat = g.to_act()[0];
            let p = g.prompt(seat).unwrap();
            choices_sum += p.choices.len();
            let c = &p.choices.choose(&mut rng).unwrap().id;
            g.apply_legal(seat, c);
            tot += 1;
        }
        logs += g.log().len();
    }
    println!(
        "{:?} per game; choices/game {}, log/game {}, avg prompt size {}",
        t.elapsed() / 200,
        tot / 200,
        logs / 200,
        choices_sum / tot
    );
}
