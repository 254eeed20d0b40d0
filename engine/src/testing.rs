//! Generic checks every game reuses: a random-play fuzzer (one game, or a seeded batch) and a
//! redaction checker.
//!
//! They live in the library (not behind `cfg(test)`) so that each game's tests, the
//! service's tests and the bots' tests can all call them.

use std::ops::Range;

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

use crate::Game;
use crate::core::*;

/// A finished random game: enough to replay it.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub setup: Setup,
    pub choices: Vec<(Seat, String)>,
    pub outcome: Outcome,
}

/// What the fuzzer checks besides the generic rules.
pub struct FuzzOptions {
    /// Give up (and fail) after this many choices: the game must end before.
    pub max_choices: usize,
    /// Run the redaction checker every this many choices (0: never).
    pub redaction_every: usize,
    /// Try an illegal choice every this many choices and check it changes nothing (0: never).
    pub illegal_every: usize,
    /// Replay the game from its set-up and choices and compare the final states.
    pub replay: bool,
}

impl Default for FuzzOptions {
    fn default() -> Self {
        FuzzOptions {
            max_choices: 100_000,
            redaction_every: 0,
            illegal_every: 0,
            replay: true,
        }
    }
}

/// A game set-up seed far from its neighbours, from a small fuzzing seed: consecutive fuzz
/// seeds then give unrelated set-ups.
pub fn scrambled_seed(seed: u64) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// How often a batch of fuzzed games runs the costlier checks: every `heavy_every`-th seed gets
/// the redaction checker every `redaction_every` choices and an illegal choice every
/// `illegal_every` choices; the other seeds get [`FuzzOptions::default`].
#[derive(Clone, Copy, Debug)]
pub struct HeavyChecks {
    pub heavy_every: u64,
    pub redaction_every: usize,
    pub illegal_every: usize,
}

/// Plays [`random_game`] once per seed of `seeds`, set up by `setup(seed)`, with `invariant`
/// checked after every choice and the costlier checks as `heavy` says. Panics on the first game
/// that fails, naming `label` (variant, difficulty: whatever tells the batches apart) and the
/// seed; hands every finished game to `each`, for the caller's own checks, and returns what
/// `each` made of every game, in seed order (who won, for [`wins_per_side`]).
#[track_caller]
pub fn fuzz_seeds<G: Game, T>(
    label: &str,
    seeds: Range<u64>,
    heavy: HeavyChecks,
    setup: impl Fn(u64) -> Setup,
    invariant: &mut dyn FnMut(&G) -> Result<(), String>,
    mut each: impl FnMut(u64, &GameRecord) -> T,
) -> Vec<T> {
    let light = FuzzOptions::default();
    let heavy_opts = FuzzOptions {
        redaction_every: heavy.redaction_every,
        illegal_every: heavy.illegal_every,
        ..FuzzOptions::default()
    };
    let label = if label.is_empty() {
        String::new()
    } else {
        format!("{label} ")
    };
    let mut made = Vec::with_capacity(seeds.end.saturating_sub(seeds.start) as usize);
    for seed in seeds {
        let opts = if seed.is_multiple_of(heavy.heavy_every) {
            &heavy_opts
        } else {
            &light
        };
        let record = match random_game::<G>(&setup(seed), seed, opts, invariant) {
            Ok(record) => record,
            Err(e) => panic!("{label}seed {seed}: {e}"),
        };
        made.push(each(seed, &record));
    }
    made
}

/// How many of a batch's two-sided games each side won, from the winning side (0 or 1) of
/// each game, as a fuzzer's `each` named it for [`fuzz_seeds`].
pub fn wins_per_side(winners: &[usize]) -> [u32; 2] {
    let mut wins = [0u32; 2];
    for &side in winners {
        wins[side] += 1;
    }
    wins
}

/// Asserts that each side won some of a batch's games ([`wins_per_side`]; a test helper: it
/// panics). Random play gives each side some wins; a side that never wins means a broken
/// rule.
#[track_caller]
pub fn assert_both_sides_win(wins: [u32; 2]) {
    assert!(wins[0] > 0 && wins[1] > 0, "wins {wins:?}");
}

/// How many games a fuzz test plays: `default`, unless the environment variable `var` holds a
/// number (for quick runs).
pub fn games_from_env(var: &str, default: u64) -> u64 {
    std::env::var(var)
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(default)
}

fn state_json<G: Game>(g: &G) -> String {
    serde_json::to_string(g).unwrap_or_default()
}

/// How often [`random_game`] checks a seat's legal actions against its prompt (every step of
/// a heavy game: see [`FuzzOptions::redaction_every`]).
const PROMPT_CHECK_EVERY: usize = 8;

/// Plays one game with uniformly random legal actions (the cheap path: `legal_actions` and
/// `apply_action`), checking after every choice that: some seat can act until the game ends
/// (no dead end); every seat in `to_act` has legal actions and no other seat has any;
/// `first_to_act` is the first of `to_act`; `invariant` holds. Every few steps (every step of
/// a game with heavy checks) the actions are checked against the prompt: the same ids in the
/// same order, each one legal, read back from its id and its code ([`check_actions`]).
/// Optionally checks redaction, that illegal choices change nothing, and that replaying the
/// choice ids through the checked `apply` gives the same state.
pub fn random_game<G: Game>(
    setup: &Setup,
    rng_seed: u64,
    opts: &FuzzOptions,
    invariant: &mut dyn FnMut(&G) -> Result<(), String>,
) -> Result<GameRecord, String> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(rng_seed);
    let mut game = G::new(setup).map_err(|e| format!("set-up failed: {e}"))?;
    invariant(&game)?;
    let mut choices = Vec::new();
    let n = game.num_seats();
    let heavy = opts.redaction_every > 0 || opts.illegal_every > 0;
    let mut legal: Vec<G::Action> = Vec::new();
    loop {
        if game.outcome().is_some() {
            if !game.to_act().is_empty() || game.first_to_act().is_some() {
                return Err("the game is over but seats are still asked to act".into());
            }
            break;
        }
        if choices.len() >= opts.max_choices {
            return Err(format!("no end after {} choices", choices.len()));
        }
        let to_act = game.to_act();
        if to_act.is_empty() {
            return Err(format!(
                "dead end after {} choices: nobody can act",
                choices.len()
            ));
        }
        if game.first_to_act() != to_act.first().copied() {
            return Err(format!(
                "first_to_act {:?} is not the first of to_act {to_act:?}",
                game.first_to_act()
            ));
        }
        let step = choices.len();
        for seat in 0..n {
            legal.clear();
            game.legal_actions(seat, &mut legal);
            match (to_act.contains(&seat), legal.is_empty()) {
                (true, true) => {
                    let text = game.prompt(seat).map(|p| p.text).unwrap_or_default();
                    return Err(format!(
                        "seat {seat} must act but has no legal action: {text}"
                    ));
                }
                (false, false) => {
                    return Err(format!("seat {seat} has legal actions but is not to act"));
                }
                _ => {}
            }
            if heavy || step % PROMPT_CHECK_EVERY == 0 {
                check_actions(&game, seat, &legal)?;
            }
        }
        if opts.redaction_every > 0 && step % opts.redaction_every == 0 {
            check_redaction(&game, rng.random())?;
        }
        let seat = *to_act.choose(&mut rng).ok_or("no seat")?;
        if opts.illegal_every > 0 && step % opts.illegal_every == 0 {
            check_refusals(&game, seat)?;
        }
        legal.clear();
        game.legal_actions(seat, &mut legal);
        let action = *legal.choose(&mut rng).ok_or("no choice")?;
        game.apply_action(seat, action);
        choices.push((seat, action.to_string()));
        invariant(&game)?;
    }
    if opts.replay {
        let mut again = G::new(setup).map_err(|e| e.to_string())?;
        for (seat, c) in &choices {
            again
                .apply(*seat, c)
                .map_err(|e| format!("replay refused {c}: {e}"))?;
        }
        if state_json(&again) != state_json(&game) {
            return Err("replaying the same set-up and choices gave a different state".into());
        }
    }
    Ok(GameRecord {
        setup: setup.clone(),
        choices,
        outcome: game.outcome().ok_or("no outcome")?,
    })
}

/// Plays one random game through the cheap path for each seed of `seeds` (the set-up
/// `setup` makes from it; the same seed draws the choices), handing `each` every state where
/// a seat decides, with that seat and its legal actions. Returns how many states there were.
pub fn random_states<G: Game>(
    seeds: Range<u64>,
    setup: impl Fn(u64) -> Setup,
    mut each: impl FnMut(&G, Seat, &[G::Action]),
) -> usize {
    let mut states = 0;
    let mut legal = Vec::new();
    for seed in seeds {
        let mut g = G::new(&setup(seed)).expect("set-up");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        while let Some(seat) = g.first_to_act() {
            legal.clear();
            g.legal_actions(seat, &mut legal);
            each(&g, seat, &legal);
            states += 1;
            let a = *legal.choose(&mut rng).expect("a legal action");
            g.apply_action(seat, a);
        }
        assert!(g.outcome().is_some(), "seed {seed}: no outcome");
    }
    states
}

/// Plays one random game through the cheap path in two copies, `logged` and `quiet` (the
/// same state, but keeping no log, as search states do), and checks that they offer the same
/// actions and reach the same `state` after every one (a test helper: it panics); the quiet
/// copy logs nothing, the logged one a whole game.
pub fn assert_quiet_copy_plays_the_same<G: Game, S: PartialEq + std::fmt::Debug>(
    mut logged: G,
    mut quiet: G,
    seed: u64,
    state: impl Fn(&G) -> S,
) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let (mut legal, mut again) = (Vec::new(), Vec::new());
    while let Some(seat) = logged.first_to_act() {
        legal.clear();
        again.clear();
        logged.legal_actions(seat, &mut legal);
        quiet.legal_actions(seat, &mut again);
        assert_eq!(legal, again, "seed {seed}");
        let a = *legal.choose(&mut rng).expect("a legal action");
        logged.apply_action(seat, a);
        quiet.apply_action(seat, a);
        assert_eq!(state(&logged), state(&quiet), "seed {seed} after {a}");
    }
    assert!(quiet.log().is_empty());
    assert!(
        logged.log().len() > 50,
        "seed {seed}: a whole game is logged"
    );
}

/// Checks a game's spelling of its actions (a test helper: it panics): every action of `all`
/// reads back from its id and from its code and shares neither with another; no id of `bad`
/// reads as an action, nor does the code with every bit set (no game packs its codes that
/// full); every id of `today` reads and writes back byte for byte.
pub fn check_action_spelling<A: Action>(all: &[A], bad: &[&str], today: &[&str]) {
    let mut codes = std::collections::HashSet::new();
    let mut ids = std::collections::HashSet::new();
    for &a in all {
        let id = a.to_string();
        assert_eq!(parse_action::<A>(&id), Some(a), "{id}");
        assert_eq!(A::from_code(a.code()), Some(a), "{id}");
        assert!(codes.insert(a.code()), "{id}: code shared");
        assert!(ids.insert(id.clone()), "{id}: id shared");
    }
    for bad in bad {
        assert_eq!(parse_action::<A>(bad), None, "{bad:?} must not read");
    }
    assert_eq!(A::from_code(u32::MAX), None, "the code with every bit set");
    for &id in today {
        let a = parse_action::<A>(id).unwrap_or_else(|| panic!("{id} does not read"));
        assert_eq!(a.to_string(), id);
    }
}

/// One step of a random game taken the way a client takes it: the first seat to act picks
/// one of its prompt's choice ids at random and applies it through the checked `apply`.
/// Returns the seat and the id, so that a copy can be played along.
pub fn random_prompt_step<G: Game>(
    game: &mut G,
    rng: &mut impl Rng,
) -> Result<(Seat, String), String> {
    let seat = *game.to_act().first().ok_or("nobody to act")?;
    let prompt = game.prompt(seat).ok_or("no prompt for the seat to act")?;
    let id = prompt.choices.choose(rng).ok_or("no choices")?.id.clone();
    game.apply(seat, &id)
        .map_err(|e| format!("{id} refused: {e}"))?;
    Ok((seat, id))
}

/// Checks `seat`'s legal actions (`legal`, as [`Game::legal_actions`] listed them) against
/// its prompt: the prompt offers exactly their ids, in the same order, each described with
/// that id; each action is legal ([`Game::is_legal`]), reads back from its id
/// ([`parse_action`]) and from its code, and no two share an id or a code. No legal action,
/// no prompt.
pub fn check_actions<G: Game>(game: &G, seat: Seat, legal: &[G::Action]) -> Result<(), String> {
    let prompt = game.prompt(seat);
    let Some(prompt) = prompt else {
        return if legal.is_empty() {
            Ok(())
        } else {
            Err(format!("seat {seat} has legal actions but no prompt"))
        };
    };
    let ids: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
    let offered: Vec<&str> = prompt.choices.iter().map(|c| c.id.as_str()).collect();
    if ids != offered {
        return Err(format!(
            "seat {seat}: legal actions {ids:?} but the prompt offers {offered:?}"
        ));
    }
    let mut codes = std::collections::HashSet::new();
    let mut seen = std::collections::HashSet::new();
    // `is_legal` and `describe_action` may each list the whole decision (Votes for Women's
    // `describe_action` does): asked of every action, a step of 60 choices would list 120.
    // They are asked of the first, the middle and the last action; random games vary
    // which actions stand there.
    let described = |i: usize| i == 0 || i == legal.len() / 2 || i + 1 == legal.len();
    for (i, (&a, id)) in legal.iter().zip(&ids).enumerate() {
        if described(i) && !game.is_legal(seat, a) {
            return Err(format!("seat {seat}: listed action {id} is not legal"));
        }
        if parse_action::<G::Action>(id) != Some(a) {
            return Err(format!(
                "seat {seat}: id {id} does not read back as its action"
            ));
        }
        if G::Action::from_code(a.code()) != Some(a) {
            return Err(format!(
                "seat {seat}: action {id} does not read back from its code"
            ));
        }
        if described(i) && game.describe_action(seat, a).id != *id {
            return Err(format!(
                "seat {seat}: action {id} is described with another id"
            ));
        }
        if !codes.insert(a.code()) || !seen.insert(id.as_str()) {
            return Err(format!("seat {seat}: action {id} listed twice"));
        }
    }
    Ok(())
}

/// How many games [`assert_seed_never_shown`] plays, and for how many choices each at most:
/// every game's checks use the same amount of play, enough to reach every kind of view and
/// log entry (the most any game's check played before they shared it).
const SEED_CHECK_GAMES: u64 = 50;
const SEED_CHECK_STEPS: usize = 400;

/// Plays [`SEED_CHECK_GAMES`] games set up by `setup(seed)` from large seeds (so that their
/// digits cannot turn up by chance), each for at most [`SEED_CHECK_STEPS`] choices: the first
/// seat to act takes the choice at `pick(number of choices, step)`. Before every choice,
/// asserts that no viewer ([`Viewer::every`]) is shown (view and whole log, as JSON) the seed
/// or the generator's state, then hands the game, the viewer and that text to `also` for the
/// game's own checks.
#[track_caller]
pub fn assert_seed_never_shown<G: Game>(
    setup: impl Fn(u64) -> Setup,
    pick: impl Fn(usize, usize) -> usize,
    mut also: impl FnMut(&G, Viewer, &str),
) {
    for i in 0..SEED_CHECK_GAMES {
        let seed = 0xDEAD_BEEF_0000_0000u64 + i * 7_919;
        let mut g = G::new(&setup(seed)).expect("set-up");
        let mut steps = 0;
        while g.outcome().is_none() && steps < SEED_CHECK_STEPS {
            for viewer in Viewer::every(g.num_seats()) {
                let text = serde_json::to_string(&(g.view(viewer), g.log_for(viewer, 0)))
                    .expect("views serialize");
                assert!(!text.contains(&seed.to_string()), "seed leaked to {viewer}");
                assert!(!text.contains("rng"), "generator state leaked to {viewer}");
                also(&g, viewer, &text);
            }
            let seat = g.to_act()[0];
            let p = g.prompt(seat).expect("the seat to act has a prompt");
            let c = p.choices[pick(p.choices.len(), steps)].id.clone();
            g.apply(seat, &c).expect("an offered choice");
            steps += 1;
        }
    }
}

/// Checks that bad choices are refused with the right error and change nothing: an unknown
/// id, a seat that is not to act, a seat that does not exist.
pub fn check_refusals<G: Game>(game: &G, acting: Seat) -> Result<(), String> {
    let before = state_json(game);
    let mut g = game.clone();
    match g.apply(acting, "no-such-choice") {
        Err(RuleError::IllegalChoice { .. }) => {}
        other => return Err(format!("unknown choice id gave {other:?}")),
    }
    let to_act = g.to_act();
    if let Some(idle) = (0..g.num_seats()).find(|s| !to_act.contains(s)) {
        let legal = game
            .prompt(acting)
            .and_then(|p| p.choices.first().map(|c| c.id.clone()))
            .unwrap_or_default();
        match g.apply(idle, &legal) {
            Err(RuleError::NotYourTurn { .. }) => {}
            other => return Err(format!("seat {idle} acting out of turn gave {other:?}")),
        }
    }
    match g.apply(g.num_seats(), "done") {
        Err(RuleError::NoSuchSeat { .. }) => {}
        other => return Err(format!("a seat that does not exist gave {other:?}")),
    }
    if state_json(&g) != before {
        return Err("a refused choice changed the state".into());
    }
    Ok(())
}

/// Checks every viewer's view, prompt and log against a copy of the game whose hidden parts
/// were redrawn: if the viewer could see anything hidden, the two would differ. Also checks
/// that a resampled state looks the same to that viewer.
pub fn check_redaction<G: Game>(game: &G, seed: u64) -> Result<(), String> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    for viewer in Viewer::every(game.num_seats()) {
        let view = game.view(viewer);
        let log = game.log_for(viewer, 0);
        let prompt = viewer.seat().and_then(|s| game.prompt(s));
        for _ in 0..2 {
            let other = game.shuffle_hidden(viewer, &mut rng);
            if other.view(viewer) != view {
                return Err(format!("{viewer}'s view depends on hidden information"));
            }
            if other.log_for(viewer, 0) != log {
                return Err(format!("{viewer}'s log depends on hidden information"));
            }
            if viewer.seat().and_then(|s| other.prompt(s)) != prompt {
                return Err(format!("{viewer}'s prompt depends on hidden information"));
            }
        }
        let sampled = G::resample(&view, viewer, &mut rng);
        if sampled.view(viewer) != view {
            return Err(format!(
                "a state resampled for {viewer} does not match its view"
            ));
        }
        if viewer.seat().and_then(|s| sampled.prompt(s)) != prompt {
            return Err(format!(
                "a state resampled for {viewer} offers a different prompt"
            ));
        }
    }
    Ok(())
}

/// `prompt` with the fields added to a choice since the stored-match fixtures were recorded
/// taken away, so that it serializes as the recordings' prompts did and a digest of it
/// still catches every other change. Fields added since (each is tested on its own):
///
/// - Issue 42, `Choice::subject`: The Vote's flip and replace choices name the marker they
///   take away (tested in `the_vote::tests`).
pub fn prompt_as_recorded(prompt: Option<Prompt>) -> Option<Prompt> {
    prompt.map(|mut p| {
        for c in &mut p.choices {
            c.subject = None;
        }
        p
    })
}

/// The whole log of one game of `setup` played to its end uniformly at random (the policy
/// seeded by `seed`), for tests of what its entries say.
pub fn random_log<G: Game>(setup: &Setup, seed: u64) -> Vec<LogEntry> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut g = G::new(setup).expect("set-up");
    let mut legal: Vec<G::Action> = Vec::new();
    for _ in 0..100_000 {
        let Some(seat) = g.first_to_act() else { break };
        legal.clear();
        g.legal_actions(seat, &mut legal);
        let action = *legal.choose(&mut rng).expect("a legal action");
        g.apply_action(seat, action);
    }
    assert!(g.outcome().is_some(), "seed {seed}: no end");
    g.log().into_owned()
}

/// `entries` with the fields added to a log entry since the goldens were recorded taken
/// away, so that they serialize as the recordings' entries did and a digest of them still
/// catches every other change. Fields added since (each is tested on its own):
///
/// - Issue 42, `LogEntry::{seats, cards, states, regions, amounts}`: every seat, card,
///   state, region and number an entry names, as data for clients (tested in
///   `presidency::tests`, `the_vote::tests`, `votes_for_women::tests` and the service's
///   `convert` tests).
/// - Issue 42, `LogEntry::run`: the line a run of one repeated step reads as (Votes for
///   Women's cube steps; tested in `votes_for_women::tests` and the browser's
///   `logGroups.test.ts`).
pub fn log_as_recorded(entries: &[LogEntry]) -> Vec<LogEntry> {
    entries
        .iter()
        .map(|e| LogEntry {
            seats: Vec::new(),
            cards: Vec::new(),
            states: Vec::new(),
            regions: Vec::new(),
            amounts: Vec::new(),
            run: None,
            ..e.clone()
        })
        .collect()
}

/// `text` (a log line, a label, a prompt, or any of them serialized as JSON) in the wording
/// the recorded goldens and stored-match fixtures were made with: each deliberate rewording
/// since, undone. The recordings are history and are never re-recorded to make a change
/// pass; a change of words alone is listed here instead, so every other difference of text
/// still fails them, and this list says exactly which words changed and why.
///
/// - Issue 40, Votes for Women: a count of one is singular ("1 cube", "1 button", "1 card",
///   "1 Suffragist cube"); the recordings say "1 cubes" and so on.
/// - Issue 40, Votes for Women: a keep-or-re-roll prompt names its dice ("on 2 d6 dice")
///   and says what the roll needs ("(total 7; each die of 6 or more is a success: 1
///   success)"); the recordings say "on 2 d6 (total 7)".
pub fn worded_as_recorded(text: &str) -> String {
    let mut s = text.to_string();
    for (now, then) in [
        ("1 cube from", "1 cubes from"),
        ("1 Suffragist cube removed", "1 Suffragist cubes removed"),
        ("1 cube for ", "1 cubes for "),
        ("(1 cube)", "(1 cubes)"),
        ("spends 1 button)", "spends 1 buttons)"),
        ("receives 1 button (", "receives 1 buttons ("),
        ("loses 1 button (", "loses 1 buttons ("),
        ("commits 1 button\"", "commits 1 buttons\""),
        ("draws 1 card\"", "draws 1 cards\""),
        ("puts 1 card at", "puts 1 cards at"),
    ] {
        s = s.replace(now, then);
    }
    // "You rolled 2, 5 on 2 d6 dice (total 7; …): keep" → "… on 2 d6 (total 7): keep"
    const TOTAL: &str = "(total ";
    const KEEP: &str = "): keep";
    let mut out = String::with_capacity(s.len());
    let mut rest = s.as_str();
    while let Some(at) = rest.find(TOTAL) {
        let (head, tail) = rest.split_at(at);
        let named = head
            .strip_suffix(" dice ")
            .or_else(|| head.strip_suffix(" die "));
        match (named, tail.find(';'), tail.find(KEEP)) {
            (Some(before), Some(semi), Some(keep)) if semi < keep => {
                out.push_str(before);
                out.push(' ');
                out.push_str(&tail[..semi]);
                rest = &tail[keep..];
            }
            _ => {
                out.push_str(head);
                out.push_str(TOTAL);
                rest = &tail[TOTAL.len()..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod worded_tests {
    use super::worded_as_recorded;

    #[test]
    fn todays_words_read_as_recorded_and_nothing_else_changes() {
        assert_eq!(
            worded_as_recorded(
                "You rolled 2, 5 on 2 d6 dice (total 7; each die of 6 or more is a success: \
                 0 successes): keep or re-roll?"
            ),
            "You rolled 2, 5 on 2 d6 (total 7): keep or re-roll?"
        );
        assert_eq!(
            worded_as_recorded(
                "You rolled 2 on 1 d6 die (total 2; the card goes on only on 3 or more): keep or re-roll?"
            ),
            "You rolled 2 on 1 d6 (total 2): keep or re-roll?"
        );
        assert_eq!(
            worded_as_recorded("Opposition clears 1 cube from VA"),
            "Opposition clears 1 cubes from VA"
        );
        // Other texts pass through: a debate's total, "11 cube", plural counts.
        for same in [
            "Debate: A rolls 3+4 (total 7), B rolls 2+2 (total 4): A wins",
            "clears 11 cubes from VA",
            "Opposition clears 3 cubes from VA",
        ] {
            assert_eq!(worded_as_recorded(same), same);
        }
    }
}
