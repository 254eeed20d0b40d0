//! Rule-by-rule tests of the Presidential Race, with the readings of
//! `shared/reference/presidential-race/notes.md` (cited as "notes N").
//!
//! Precise situations are built by editing a real game: the helpers below (test-only, in
//! this child module, so no production code path changes) set votes, money and positions,
//! stack a deck, or give the game a generator whose next dice are known.

use std::collections::BTreeSet;

use super::data::*;
use super::*;
use crate::Game;

// ----- helpers ----------------------------------------------------------------------------

fn setup_game(setup: Setup) -> Presidency {
    Presidency::new(&setup).expect("a valid set-up")
}

fn new_game(variant: &str, seats: usize, seed: u64) -> Presidency {
    setup_game(Setup::new(variant, seats, seed))
}

/// A game whose set-up is over, every nominee on Start with `votes` votes, no money and no
/// debate bonus, Undecided holding the rest: a clean table for precise situations.
fn table(setup: Setup, votes: u32) -> Presidency {
    let mut g = setup_game(setup);
    assert_eq!(g.public.phase, Phase::Declare, "set-up waits for nobody");
    for s in 0..g.num_seats() {
        g.set_player(s, votes, 0, 1);
        g.public.players[s].debate_bonus = 0;
    }
    g
}

fn standard(votes: u32) -> Presidency {
    table(Setup::new("standard", 2, 1), votes)
}

fn ids(entries: &[LogEntry]) -> Vec<&str> {
    entries.iter().map(|e| e.kind.as_str()).collect()
}

/// The entries of `kind` (owned: a game renders its log when it is read).
fn of_kind(entries: impl AsRef<[LogEntry]>, kind: &str) -> Vec<LogEntry> {
    entries
        .as_ref()
        .iter()
        .filter(|e| e.kind == kind)
        .cloned()
        .collect()
}

fn choice_ids(g: &Presidency) -> Vec<String> {
    let seat = g.to_act()[0];
    g.prompt(seat)
        .expect("a prompt")
        .choices
        .into_iter()
        .map(|c| c.id)
        .collect()
}

fn state(g: &Presidency) -> String {
    serde_json::to_string(g).expect("state serializes")
}

impl Presidency {
    /// Sets a nominee's votes, money and space; Undecided takes what is left of the 100.
    fn set_player(&mut self, seat: Seat, votes: u32, money: u32, position: u8) {
        let p = &mut self.public.players[seat];
        p.votes = votes;
        p.money = money;
        p.position = position;
        let owned: u32 = self.public.players.iter().map(|p| p.votes).sum();
        assert!(owned <= TOTAL_VOTES, "more than 100 votes set");
        self.public.undecided = TOTAL_VOTES - owned;
    }

    /// Moves `n` votes from Undecided to nobody in particular: sets Undecided to `n` by
    /// giving or taking the difference to/from `seat`.
    fn set_undecided(&mut self, seat: Seat, n: u32) {
        let others: u32 = self
            .public
            .players
            .iter()
            .enumerate()
            .filter(|&(s, _)| s != seat)
            .map(|(_, p)| p.votes)
            .sum();
        self.public.players[seat].votes = TOTAL_VOTES - n - others;
        self.public.undecided = n;
    }

    /// Replaces the generator by one whose next six-sided dice are `rolls`, in order.
    fn load_dice(&mut self, rolls: &[u32]) {
        let seed = (0u64..)
            .find(|&s| rng::dice(&mut rng::from_seed(s), rolls.len()) == rolls)
            .expect("some seed rolls these dice");
        self.hidden.rng = rng::from_seed(seed);
    }

    /// Puts these Campaign cards on top of the deck, the first to be drawn first.
    fn stack_campaign(&mut self, cards: &[&str]) {
        stack(&mut self.hidden.campaign, Deck::Campaign, cards);
    }

    /// Replaces the Election deck by exactly these cards, the first to be drawn first.
    fn set_election_deck(&mut self, cards: &[&str]) {
        self.hidden.election = cards
            .iter()
            .rev()
            .map(|id| card_index(Deck::Election, id).expect("an Election card"))
            .collect();
        self.public.election_deck_count = cards.len() as u32;
    }

    /// The Campaign cards still in the deck, next to be drawn first (hidden information).
    fn upcoming_campaign(&self) -> Vec<&'static str> {
        self.hidden
            .campaign
            .iter()
            .rev()
            .map(|&i| CAMPAIGN[i as usize].id)
            .collect()
    }

    /// Applies `choice` for whoever must act, failing the test if it is refused.
    fn play(&mut self, choice: &str) -> Vec<LogEntry> {
        let seat = *self.to_act().first().expect("someone must act");
        self.apply(seat, choice)
            .unwrap_or_else(|e| panic!("{choice} refused: {e}"))
    }

    /// Ends the campaign: the last nominee of the last round, after moving, ends the turn.
    fn end_campaign(&mut self) -> Vec<LogEntry> {
        let last = self.public.order.len() - 1;
        self.public.turn_index = last;
        self.public.round = self.public.rules.rounds;
        self.public.phase = Phase::AfterMove;
        let seat = self.public.order[last];
        if self.public.players[seat].money < 2 {
            self.public.players[seat].money = 2;
        }
        self.play("done")
    }
}

fn stack(deck: &mut Vec<u8>, which: Deck, cards: &[&str]) {
    for id in cards.iter().rev() {
        let idx = card_index(which, id).expect("a card of this deck");
        let at = deck
            .iter()
            .position(|&i| i == idx)
            .expect("the card is in the deck");
        deck.remove(at);
        deck.push(idx);
    }
}

fn effects_sum(cards: &[CardDef], pick: impl Fn(&Effect) -> u32) -> u32 {
    cards.iter().flat_map(|c| c.effects).map(pick).sum()
}

// ----- components as data ------------------------------------------------------------------

#[test]
fn the_board_has_40_spaces_numbered_clockwise_with_four_corners() {
    assert_eq!(SPACES.len(), 40);
    for (i, s) in SPACES.iter().enumerate() {
        assert_eq!(s.number as usize, i + 1);
    }
    let corners: Vec<&str> = [1, 11, 21, 31]
        .iter()
        .map(|&n| SPACES[n - 1].name)
        .collect();
    assert_eq!(
        corners,
        ["Start", "Scandal", "Mud-Slinging", "Negative Press"]
    );
    let trail: Vec<u8> = SPACES
        .iter()
        .filter(|s| s.effects == [Effect::DrawCampaign])
        .map(|s| s.number)
        .collect();
    assert_eq!(trail, [6, 16, 26, 36]);
}

#[test]
fn the_lost_minus_signs_are_restored_on_the_board() {
    // notes, "the key finding": the ad spaces cost money, the three bad corners cost votes.
    let at = |n: usize| SPACES[n - 1].effects;
    assert_eq!(at(11), [Effect::Lose(5)]);
    assert_eq!(at(21), [Effect::OpponentLoses(2), Effect::Lose(1)]);
    assert_eq!(at(31), [Effect::Lose(3)]);
    let ads: Vec<(u8, u32, u32)> = SPACES
        .iter()
        .filter_map(|s| match s.effects {
            [Effect::Ad { votes, cost }] => Some((s.number, *votes, *cost)),
            _ => None,
        })
        .collect();
    assert_eq!(
        ads,
        [
            (4, 2, 1),
            (8, 2, 1),
            (9, 4, 2),
            (14, 6, 3),
            (19, 3, 1),
            (24, 2, 1),
            (29, 2, 1),
            (34, 2, 1),
            (38, 4, 2),
            (39, 1, 1)
        ]
    );
    // Every other space is a plain gain of votes or money, or a Campaign draw.
    let plain = SPACES.iter().filter(|s| {
        matches!(
            s.effects,
            [Effect::Gain(_)] | [Effect::Money(_)] | [Effect::DrawCampaign]
        )
    });
    assert_eq!(plain.count(), 40 - 3 - 10);
    // Descriptions are rendered from the effects.
    assert_eq!(
        describe(at(4), 0),
        "pay 1 money for +2 votes (no money, no votes)"
    );
    assert_eq!(
        describe(at(21), 0),
        "an opponent loses 2 votes, you lose 1 vote"
    );
}

#[test]
fn the_decks_hold_43_campaign_30_candidate_and_20_election_cards() {
    assert_eq!(CAMPAIGN.len(), 43);
    assert_eq!(CANDIDATE.len(), 30);
    assert_eq!(ELECTION.len(), 20);
    let mut all = BTreeSet::new();
    for c in CAMPAIGN.iter().chain(&CANDIDATE).chain(&ELECTION) {
        assert!(all.insert(c.id), "card id {} is used twice", c.id);
        assert_eq!(card_by_id(c.id).map(|(_, d)| d.name), Some(c.name));
    }
    // Only Candidate cards carry debate bonuses: five at +2 and four at +1.
    let bonus: Vec<u32> = CANDIDATE.iter().map(|c| c.debate).collect();
    assert_eq!(bonus.iter().filter(|&&b| b == 2).count(), 5);
    assert_eq!(bonus.iter().filter(|&&b| b == 1).count(), 4);
    assert!(CAMPAIGN.iter().chain(&ELECTION).all(|c| c.debate == 0));
    assert_eq!(
        describe(
            card_by_id("good-looking").map(|(_, c)| c.effects).unwrap(),
            1
        ),
        "+2 votes, +1 to debate rolls"
    );
}

#[test]
fn the_election_deck_splits_9_opponent_losses_and_11_gains() {
    let losses = ELECTION
        .iter()
        .filter(|c| matches!(c.effects, [Effect::OpponentLoses(_)]))
        .count();
    let gains = ELECTION
        .iter()
        .filter(|c| matches!(c.effects, [Effect::Gain(_)] | [Effect::StateVotes { .. }]))
        .count();
    assert_eq!((losses, gains), (9, 11));
    assert_eq!(
        effects_sum(&ELECTION, |e| match e {
            Effect::OpponentLoses(n) => *n,
            _ => 0,
        }),
        18
    );
}

#[test]
fn the_attack_cards_cost_the_attacker_a_vote_and_no_card_costs_money() {
    // notes: "-4 VO 1 V" lost its minus like Mud-Slinging; every M on a card is a gain.
    for id in ["negative-campaigning", "personal-attacks"] {
        let (_, c) = card_by_id(id).unwrap();
        assert_eq!(c.effects, [Effect::OpponentLoses(4), Effect::Lose(1)]);
    }
    for c in CAMPAIGN.iter().chain(&CANDIDATE).chain(&ELECTION) {
        assert!(
            !c.effects.iter().any(|e| matches!(e, Effect::Ad { .. })),
            "{} costs money",
            c.name
        );
    }
    let (_, c) = card_by_id("self-made-man").unwrap();
    assert_eq!(c.effects, [Effect::Money(3), Effect::Gain(1)]);
}

// ----- set-up ------------------------------------------------------------------------------

/// Replays the set-up by hand from the log's dice and cards: votes base + dice, money dice,
/// Undecided the rest, then each nominee's five Candidate cards in turn (gains from
/// Undecided first, then from the opponent; losses to Undecided, never below 0).
/// Returns (votes, money, undecided), or `None` when a decision was needed (convention).
fn replay_setup(g: &Presidency, vote_base: u32) -> Option<(Vec<u32>, Vec<u32>, u32)> {
    let n = g.num_seats();
    let log = g.log();
    let rolls = of_kind(&log, "setup");
    let mut votes = vec![0; n];
    let mut money = vec![0; n];
    let vote_dice = if vote_base == 0 { 2 } else { 1 };
    for s in 0..n {
        let d = &rolls[s].dice;
        votes[s] = vote_base + d[..vote_dice].iter().sum::<u32>();
        money[s] = d[vote_dice..].iter().sum();
    }
    let mut undecided = TOTAL_VOTES - votes.iter().sum::<u32>();
    assert_eq!(
        rolls[n].amount,
        Some(undecided as i64),
        "undecided remainder"
    );
    for e in of_kind(&log, "candidate") {
        let s = e.seat.unwrap();
        let (_, card) = card_by_id(e.card.as_deref().unwrap()).unwrap();
        for effect in card.effects {
            match *effect {
                Effect::Gain(k) => {
                    let from_u = k.min(undecided);
                    undecided -= from_u;
                    votes[s] += from_u;
                    if k > from_u {
                        if n > 2 {
                            return None;
                        }
                        let o = 1 - s;
                        let t = (k - from_u).min(votes[o]);
                        votes[o] -= t;
                        votes[s] += t;
                    }
                }
                Effect::Lose(k) => {
                    let l = k.min(votes[s]);
                    votes[s] -= l;
                    undecided += l;
                }
                Effect::Money(k) => money[s] += k,
                other => panic!("unexpected Candidate effect {other:?}"),
            }
        }
    }
    Some((votes, money, undecided))
}

#[test]
fn setup_rolls_37_plus_1d6_votes_and_2d6_money_and_undecided_holds_the_rest() {
    let mut seen_votes = BTreeSet::new();
    for seed in 0..300 {
        let g = new_game("standard", 2, seed);
        let rolls = of_kind(g.log(), "setup");
        for (s, roll) in rolls.iter().take(2).enumerate() {
            assert_eq!(roll.seat, Some(s));
            assert_eq!(roll.dice.len(), 3, "1D6 for votes, 2D6 for money");
            assert!(roll.dice.iter().all(|d| (1..=6).contains(d)));
            seen_votes.insert(37 + roll.dice[0]);
        }
        let (votes, money, undecided) = replay_setup(&g, 37).unwrap();
        let v = g.public();
        assert_eq!(
            v.players.iter().map(|p| p.votes).collect::<Vec<_>>(),
            votes,
            "seed {seed}"
        );
        assert_eq!(
            v.players.iter().map(|p| p.money).collect::<Vec<_>>(),
            money,
            "seed {seed}"
        );
        assert_eq!(v.undecided, undecided, "seed {seed}");
        assert!(
            of_kind(g.log(), "damage-control").is_empty(),
            "no Damage Control at set-up by default"
        );
    }
    assert_eq!(seen_votes, (38..=43).collect(), "votes range over 38-43");
}

#[test]
// Candidate cards became `Copy` newtypes (issue 18); the test is kept as it was written.
#[allow(clippy::clone_on_copy)]
fn setup_deals_five_candidate_cards_each_with_their_debate_bonus() {
    for seed in 0..100 {
        for (variant, seats) in [("standard", 2), ("convention", 6)] {
            let g = new_game(variant, seats, seed);
            let v = g.public();
            let mut all = BTreeSet::new();
            for (s, p) in v.players.iter().enumerate() {
                assert_eq!(p.candidates.len(), CANDIDATE_CARDS_EACH);
                let bonus: u32 = p
                    .candidates
                    .iter()
                    .map(|id| card_by_id(id).unwrap().1.debate)
                    .sum();
                assert_eq!(p.debate_bonus, bonus);
                for id in &p.candidates {
                    assert!(all.insert(id.clone()), "{id} dealt twice");
                    assert_eq!(card_by_id(id).unwrap().0, Deck::Candidate);
                }
                let logged: Vec<_> = of_kind(g.log(), "candidate")
                    .into_iter()
                    .filter(|e| e.seat == Some(s))
                    .filter_map(|e| e.card.clone())
                    .collect();
                assert_eq!(logged, p.candidates);
            }
            assert_eq!(v.candidate_deck_count as usize, 30 - 5 * seats);
        }
    }
}

#[test]
fn first_player_is_the_high_roll_and_ties_roll_again() {
    let mut rerolls = 0;
    for seed in 0..200 {
        let g = new_game("standard", 2, seed);
        let rolls = of_kind(g.log(), "first-player-roll");
        let (last, earlier) = rolls.split_last().unwrap();
        for r in earlier {
            assert_eq!(r.dice[0], r.dice[1], "only a tie is rolled again");
            rerolls += 1;
        }
        assert_ne!(last.dice[0], last.dice[1]);
        let first = if last.dice[0] > last.dice[1] { 0 } else { 1 };
        assert_eq!(g.public().order, [first, 1 - first]);
        assert_eq!(g.to_act(), [first]);
        let first_entry = of_kind(g.log(), "first-player");
        assert_eq!(first_entry[0].seat, Some(first));
    }
    assert!(rerolls > 10, "ties happen about one time in six");
}

#[test]
fn setup_damage_control_rolls_only_with_the_option() {
    let mut checked = 0;
    for seed in 0..200 {
        let plain = new_game("standard", 2, seed);
        let negatives = of_kind(plain.log(), "candidate")
            .iter()
            .filter(|e| {
                let (_, c) = card_by_id(e.card.as_deref().unwrap()).unwrap();
                c.effects.iter().any(|e| matches!(e, Effect::Lose(_)))
            })
            .count();
        if negatives == 0 {
            continue;
        }
        checked += 1;
        assert!(of_kind(plain.log(), "damage-control").is_empty());
        let opt =
            setup_game(Setup::new("standard", 2, seed).with_option("setup-damage-control", "true"));
        // One roll per negative card (nobody has 0 votes at a standard set-up).
        let rolls = of_kind(opt.log(), "damage-control");
        assert_eq!(rolls.len(), negatives, "seed {seed}");
        for r in rolls {
            let saved = if r.dice[0] == 6 { 2 } else { 0 };
            assert_eq!(r.amount, Some(saved));
        }
    }
    assert!(checked > 50);
}

#[test]
fn convention_setup_rolls_2d6_votes_and_1d6_money() {
    let mut checked = 0;
    for seed in 0..200 {
        let g = new_game("convention", 5, seed);
        let rolls = of_kind(g.log(), "setup");
        for roll in rolls.iter().take(5) {
            assert_eq!(roll.dice.len(), 3, "2D6 for votes, 1D6 for money");
        }
        if let Some((votes, money, undecided)) = replay_setup(&g, 0) {
            if g.public().phase != Phase::Declare {
                continue;
            }
            checked += 1;
            let v = g.public();
            assert_eq!(v.players.iter().map(|p| p.votes).collect::<Vec<_>>(), votes);
            assert_eq!(v.players.iter().map(|p| p.money).collect::<Vec<_>>(), money);
            assert_eq!(v.undecided, undecided);
        }
        assert_eq!(g.public().election_deck_count, 0, "no Election deck");
    }
    assert!(checked > 150);
}

// ----- a turn: declaring, moving, resolving the space -----------------------------------

/// The nominee to move declares `choice` with the next dice loaded as `rolls`.
fn roll(g: &mut Presidency, choice: &str, rolls: &[u32]) -> Vec<LogEntry> {
    g.load_dice(rolls);
    g.play(choice)
}

#[test]
fn declaring_1d6_or_2d6_rolls_that_many_dice_and_moves_clockwise() {
    let mut totals = [BTreeSet::new(), BTreeSet::new()];
    for seed in 0..40 {
        let mut g = table(Setup::new("standard", 2, seed), 40);
        for turn in 0..20 {
            if choice_ids(&g).contains(&"done".to_string()) {
                g.play("done");
            }
            let seat = g.to_act()[0];
            let before = g.public.players[seat].position as u32;
            let n = turn % 2 + 1;
            // What the view says the roll can reach, before it is rolled.
            let reach = g.public.reach();
            assert_eq!(reach.iter().map(|(d, _)| *d).collect::<Vec<_>>(), [1, 2]);
            let in_reach = reach[n - 1].1.clone();
            let log = g.play(&format!("dice:{n}d6"));
            let mv = &of_kind(&log, "move")[0];
            assert_eq!(mv.seat, Some(seat));
            assert_eq!(mv.dice.len(), n);
            let total: u32 = mv.dice.iter().sum();
            totals[n - 1].insert(total);
            let to = (before - 1 + total) % 40 + 1;
            assert_eq!(g.public.players[seat].position as u32, to);
            assert!(
                in_reach
                    .iter()
                    .any(|r| r.total as u32 == total && r.space.number() as u32 == to),
                "{total} to {to} is in the reach {in_reach:?}"
            );
            assert_eq!(mv.location.as_deref(), Some(to.to_string().as_str()));
        }
    }
    assert_eq!(totals[0], (1..=6).collect());
    assert_eq!(totals[1], (2..=12).collect());
}

#[test]
fn a_rolls_reach_wraps_round_the_track_with_each_totals_chance() {
    use crate::presidency::data::Space;
    let from = Space::new(38).expect("space 38");
    let one: Vec<(u8, u8, u8)> = from
        .reach(1)
        .iter()
        .map(|r| (r.space.number(), r.total, r.in_36))
        .collect();
    assert_eq!(
        one,
        [
            (39, 1, 6),
            (40, 2, 6),
            (1, 3, 6),
            (2, 4, 6),
            (3, 5, 6),
            (4, 6, 6)
        ]
    );
    let two = from.reach(2);
    assert_eq!(two.len(), 11);
    assert_eq!((two[0].space.number(), two[0].in_36), (40, 1));
    let seven = two.iter().find(|r| r.total == 7).expect("7");
    assert_eq!(
        (seven.space.number(), seven.in_36),
        (5, 6),
        "7 is the likeliest"
    );
    assert_eq!(two.iter().map(|r| r.in_36 as u32).sum::<u32>(), 36);
    assert!(from.reach(3).is_empty());
}

#[test]
fn moving_wraps_round_from_space_40_and_only_landing_on_start_pays() {
    let mut g = standard(40);
    let m = g.to_act()[0];
    g.set_player(m, 40, 0, 38);
    g.set_player(1 - m, 40, 0, 20); // off Start, so that no debate happens there
    let log = roll(&mut g, "dice:2d6", &[1, 2]);
    assert_eq!(g.public.players[m].position, 1);
    assert_eq!(g.public.players[m].money, 1, "Start gives +1 money");
    assert_eq!(ids(&log), ["move", "money"]);

    let mut g = standard(40);
    let m = g.to_act()[0];
    g.set_player(m, 40, 0, 38);
    let log = roll(&mut g, "dice:2d6", &[3, 4]);
    assert_eq!(g.public.players[m].position, 5, "38 + 7 wraps to Florida");
    assert_eq!(g.public.players[m].money, 0, "passing Start gives nothing");
    assert_eq!(g.public.players[m].votes, 42);
    assert_eq!(ids(&log), ["move", "gain"]);
}

#[test]
fn a_vote_space_gains_votes_from_undecided() {
    let mut g = standard(40);
    let m = g.to_act()[0];
    let log = roll(&mut g, "dice:1d6", &[4]); // 1 -> 5 Florida, +2
    assert_eq!(g.public.players[m].votes, 42);
    assert_eq!(g.public.undecided, 18);
    assert_eq!(g.public.players[1 - m].votes, 40);
    assert_eq!(of_kind(&log, "gain")[0].amount, Some(2));
    assert_eq!(g.to_act(), [1 - m], "no money to convert: the turn passes");
}

#[test]
fn a_money_space_gains_money() {
    let mut g = standard(40);
    let m = g.to_act()[0];
    roll(&mut g, "dice:1d6", &[1]); // 1 -> 2 PAC Contributions, +4 M
    assert_eq!(g.public.players[m].money, 4);
    assert_eq!(g.public.players[m].votes, 40);
    assert_eq!(g.public.phase, Phase::AfterMove, "4 money may be converted");
    assert_eq!(g.to_act(), [m]);
}

#[test]
fn an_ad_space_charges_its_cost_for_its_votes() {
    let mut g = standard(40);
    let m = g.to_act()[0];
    g.set_player(m, 40, 3, 4);
    let log = roll(&mut g, "dice:2d6", &[5, 5]); // 4 -> 14 TV Ads: pay 3 for +6
    assert_eq!(ids(&log), ["move", "pay", "gain"]);
    assert_eq!(g.public.players[m].money, 0);
    assert_eq!(g.public.players[m].votes, 46);
    assert_eq!(g.public.undecided, 14);
}

#[test]
fn an_ad_space_you_cannot_fully_pay_costs_nothing_and_gives_nothing() {
    let mut g = standard(40);
    let m = g.to_act()[0];
    g.set_player(m, 40, 2, 4);
    let log = roll(&mut g, "dice:2d6", &[5, 5]); // TV Ads costs 3; only 2
    assert_eq!(ids(&log), ["move", "cannot-pay"]);
    assert_eq!(g.public.players[m].money, 2, "nothing paid");
    assert_eq!(g.public.players[m].votes, 40, "nothing gained");
    assert_eq!(g.public.undecided, 20);
}

#[test]
fn scandal_and_negative_press_lose_votes_to_undecided() {
    let mut g = standard(40);
    let m = g.to_act()[0];
    let log = roll(&mut g, "dice:2d6", &[5, 5, 3]); // 1 -> 11 Scandal, Damage Control 3
    assert_eq!(ids(&log), ["move", "damage-control", "lose"]);
    assert_eq!(g.public.players[m].votes, 35);
    assert_eq!(g.public.undecided, 25, "lost votes go to Undecided");
    assert_eq!(g.public.players[1 - m].votes, 40);

    let mut g = standard(40);
    let m = g.to_act()[0];
    g.set_player(m, 40, 0, 25);
    roll(&mut g, "dice:1d6", &[6, 1]); // 25 -> 31 Negative Press, Damage Control 1
    assert_eq!(g.public.players[m].votes, 37);
    assert_eq!(g.public.undecided, 23);
}

#[test]
fn mud_slinging_costs_the_opponent_two_and_the_mover_one() {
    let mut g = standard(40);
    let m = g.to_act()[0];
    g.set_player(m, 40, 0, 15);
    // 15 -> 21; the opponent's Damage Control roll, then the mover's.
    let log = roll(&mut g, "dice:1d6", &[6, 2, 3]);
    assert_eq!(
        ids(&log),
        ["move", "damage-control", "lose", "damage-control", "lose"]
    );
    assert_eq!(log[1].seat, Some(1 - m));
    assert_eq!(log[3].seat, Some(m));
    assert_eq!(g.public.players[1 - m].votes, 38);
    assert_eq!(g.public.players[m].votes, 39);
    assert_eq!(g.public.undecided, 23);
}

#[test]
fn campaign_trail_draws_and_plays_the_top_campaign_card() {
    let mut g = standard(40);
    let m = g.to_act()[0];
    g.stack_campaign(&["grass-roots-support", "tobacco-industry"]);
    let log = roll(&mut g, "dice:1d6", &[5]); // 1 -> 6 Campaign Trail
    assert_eq!(ids(&log), ["move", "campaign-card", "money", "gain"]);
    assert_eq!(log[1].card.as_deref(), Some("grass-roots-support"));
    assert_eq!(g.public.players[m].money, 1);
    assert_eq!(g.public.players[m].votes, 42);
    assert_eq!(g.public.campaign_discard, ["grass-roots-support"]);
    assert_eq!(g.public.campaign_deck_count, 42);
    assert_eq!(g.upcoming_campaign()[0], "tobacco-industry");
}

#[test]
fn an_attack_card_hurts_the_opponent_then_costs_the_drawer_a_vote() {
    let mut g = standard(40);
    let m = g.to_act()[0];
    g.stack_campaign(&["negative-campaigning"]);
    let log = roll(&mut g, "dice:1d6", &[5, 1, 1]);
    assert_eq!(
        ids(&log),
        [
            "move",
            "campaign-card",
            "damage-control",
            "lose",
            "damage-control",
            "lose"
        ]
    );
    assert_eq!(g.public.players[1 - m].votes, 36);
    assert_eq!(g.public.players[m].votes, 39);
}

// ----- money into votes ----------------------------------------------------------------

fn convert_ids(g: &Presidency) -> Vec<String> {
    choice_ids(g)
        .into_iter()
        .filter(|c| c.starts_with("convert:"))
        .collect()
}

#[test]
fn two_money_buy_one_vote_any_number_of_times_in_a_turn() {
    let mut g = standard(40);
    let m = g.to_act()[0];
    g.set_player(m, 40, 7, 1);
    // Before moving: up to 3 votes for 7 money.
    assert_eq!(convert_ids(&g), ["convert:1", "convert:2", "convert:3"]);
    let log = g.play("convert:1");
    assert_eq!(ids(&log), ["convert", "gain"]);
    assert_eq!(
        (g.public.players[m].money, g.public.players[m].votes),
        (5, 41)
    );
    assert_eq!(g.public.undecided, 19);
    // Again, still before moving; then move and convert once more after.
    g.play("convert:1");
    assert_eq!(g.to_act(), [m]);
    roll(&mut g, "dice:1d6", &[4]); // Florida +2
    assert_eq!(g.public.phase, Phase::AfterMove);
    assert_eq!(convert_ids(&g), ["convert:1"]);
    g.play("convert:1");
    assert_eq!(
        (g.public.players[m].money, g.public.players[m].votes),
        (1, 45)
    );
    assert_eq!(
        g.to_act(),
        [1 - m],
        "nothing left to convert: the turn ends"
    );
}

#[test]
fn the_once_per_turn_option_allows_one_conversion_each_turn() {
    let mut g = table(
        Setup::new("standard", 2, 1).with_option("conversion", "once-per-turn"),
        40,
    );
    let m = g.to_act()[0];
    g.set_player(m, 40, 8, 1);
    assert_eq!(convert_ids(&g), ["convert:1"], "one vote at a time");
    g.play("convert:1");
    assert!(convert_ids(&g).is_empty());
    assert_eq!(choice_ids(&g), ["dice:1d6", "dice:2d6"]);
    roll(&mut g, "dice:1d6", &[4]);
    assert_eq!(g.to_act(), [1 - m], "no second conversion after moving");
    // The opponent's turn, then ours again: a new turn, a new conversion.
    roll(&mut g, "dice:1d6", &[2]);
    assert_eq!(g.to_act(), [m]);
    assert_eq!(convert_ids(&g), ["convert:1"]);
}

// ----- gains, losses and Damage Control --------------------------------------------------

#[test]
fn gains_come_from_undecided_first_then_from_the_opponent_without_damage_control() {
    let mut g = standard(40);
    let m = g.to_act()[0];
    g.set_undecided(m, 1); // m holds 59, the opponent 40, one vote undecided
    let log = roll(&mut g, "dice:2d6", &[4, 5]); // 1 -> 10 New England States, +3
    assert_eq!(ids(&log), ["move", "gain", "take"]);
    assert_eq!(log[1].amount, Some(1));
    assert_eq!(log[2].amount, Some(2));
    assert_eq!(log[2].target, Some(1 - m));
    assert_eq!(g.public.undecided, 0);
    assert_eq!(g.public.players[m].votes, 62);
    assert_eq!(g.public.players[1 - m].votes, 38);
}

#[test]
fn a_gain_takes_no_more_than_the_opponent_has() {
    let mut g = standard(0);
    let m = g.to_act()[0];
    g.set_player(1 - m, 1, 0, 20);
    g.set_player(m, 99, 0, 1);
    roll(&mut g, "dice:2d6", &[4, 5]); // +3 wanted, 1 available
    assert_eq!(g.public.players[m].votes, 100);
    assert_eq!(g.public.players[1 - m].votes, 0);
}

#[test]
fn damage_control_on_a_six_saves_two_votes() {
    for (dc, lost) in [(1, 5), (2, 5), (3, 5), (4, 5), (5, 5), (6, 3)] {
        let mut g = standard(40);
        let m = g.to_act()[0];
        let log = roll(&mut g, "dice:2d6", &[5, 5, dc]); // Scandal, -5
        let roll = &of_kind(&log, "damage-control")[0];
        assert_eq!(roll.dice, [dc]);
        assert_eq!(roll.seat, Some(m), "the loser rolls");
        assert_eq!(g.public.players[m].votes, 40 - lost, "roll {dc}");
    }
    // A loss of one is cancelled entirely, never turned into a gain.
    let mut g = standard(40);
    let m = g.to_act()[0];
    g.stack_campaign(&["political-pundits"]);
    roll(&mut g, "dice:1d6", &[5, 6]);
    assert_eq!(g.public.players[1 - m].votes, 40);
    assert_eq!(g.public.undecided, 20);
}

#[test]
fn damage_control_is_one_roll_per_loss_event() {
    // Mud-Slinging: two losses, two rolls; a 6 for the opponent saves both of their votes.
    let mut g = standard(40);
    let m = g.to_act()[0];
    g.set_player(m, 40, 0, 15);
    let log = roll(&mut g, "dice:1d6", &[6, 6, 5]);
    assert_eq!(of_kind(&log, "damage-control").len(), 2);
    assert_eq!(g.public.players[1 - m].votes, 40);
    assert_eq!(g.public.players[m].votes, 39);
}

#[test]
fn damage_control_is_not_rolled_in_debates_or_when_votes_are_taken() {
    // A lost debate: 1+1 against 6+6, on a space with no loss of its own.
    let mut g = standard(40);
    let m = g.to_act()[0];
    g.set_player(1 - m, 40, 0, 5);
    let log = roll(&mut g, "dice:1d6", &[4, 1, 1, 6, 6]);
    assert_eq!(ids(&log), ["move", "debate", "gain"]);
    assert_eq!(g.public.players[m].votes, 40 - 10 + 2);
    // Votes taken because Undecided is empty: the opponent does not roll.
    let mut g = standard(40);
    let m = g.to_act()[0];
    g.set_undecided(m, 0);
    let log = roll(&mut g, "dice:1d6", &[4]);
    assert_eq!(ids(&log), ["move", "take"]);
    assert_eq!(g.public.players[1 - m].votes, 38);
}

#[test]
fn damage_control_is_not_rolled_for_a_nominee_with_no_votes() {
    let mut g = standard(0);
    let m = g.to_act()[0];
    g.set_player(m, 0, 0, 1);
    let log = roll(&mut g, "dice:2d6", &[5, 5]);
    assert_eq!(ids(&log), ["move", "no-effect"]);
    assert_eq!(g.public.players[m].votes, 0, "never below zero");
}

#[test]
fn conversion_offers_no_more_votes_than_there_are_to_gain() {
    // Undecided is empty and the opponent has one vote left: 2 money buy that vote, and no
    // choice may take money for votes that do not exist.
    let mut g = standard(0);
    let m = g.to_act()[0];
    g.set_player(1 - m, 1, 0, 20);
    g.set_player(m, 99, 10, 1);
    assert_eq!(convert_ids(&g), ["convert:1"]);
    g.play("convert:1");
    assert_eq!(
        (g.public.players[m].votes, g.public.players[m].money),
        (100, 8)
    );
    assert!(convert_ids(&g).is_empty(), "nothing left to buy");
}

// ----- debates ------------------------------------------------------------------------------

/// A standard table with the mover on Start and the opponent on space `other_at`;
/// returns (game, mover, opponent).
fn debate_table(other_at: u8) -> (Presidency, Seat, Seat) {
    let mut g = standard(40);
    let m = g.to_act()[0];
    let o = 1 - m;
    g.set_player(o, 40, 0, other_at);
    (g, m, o)
}

#[test]
fn landing_on_the_opponent_starts_a_debate_with_candidate_bonuses() {
    let (mut g, m, o) = debate_table(4);
    g.public.players[m].debate_bonus = 2;
    g.public.players[o].debate_bonus = 1;
    // Move 3 onto the opponent; the mover rolls 4+4 (+2 = 10), the opponent 5+5 (+1 = 11).
    let log = roll(&mut g, "dice:1d6", &[3, 4, 4, 5, 5]);
    let d = &of_kind(&log, "debate")[0];
    assert_eq!(d.dice, [4, 4, 5, 5]);
    assert_eq!((d.seat, d.target), (Some(m), Some(o)));
    assert_eq!(d.amount, Some(1), "the winner takes the difference");
    assert_eq!(d.location.as_deref(), Some(format!("winner:{o}").as_str()));
    assert_eq!(g.public.players[o].votes, 41);
    assert_eq!(g.public.players[m].votes, 39);
    assert_eq!(
        g.public.undecided, 20,
        "debate votes do not pass through Undecided"
    );
    let (mn, on) = (&g.public.players[m].name, &g.public.players[o].name);
    assert_eq!(
        d.text,
        format!(
            "Debate: {mn} rolls 4+4, +2 bonus (total 10), {on} rolls 5+5, +1 bonus (total 11): \
             {on} wins and takes 1 vote"
        ),
        "the text shows how each total is made"
    );
    assert!(
        of_kind(&log, "damage-control").is_empty(),
        "no Damage Control in a debate"
    );
}

#[test]
fn a_debate_takes_no_more_votes_than_the_loser_has() {
    let (mut g, m, o) = debate_table(4);
    g.set_player(o, 4, 0, 4);
    roll(&mut g, "dice:1d6", &[3, 6, 6, 1, 1]); // 12 against 2
    assert_eq!(g.public.players[o].votes, 0);
    assert_eq!(g.public.players[m].votes, 44);
}

#[test]
fn a_tied_debate_moves_no_votes() {
    let (mut g, m, o) = debate_table(4);
    let log = roll(&mut g, "dice:1d6", &[3, 3, 4, 5, 2]);
    let d = &of_kind(&log, "debate")[0];
    assert_eq!(d.amount, Some(0));
    assert_eq!(d.location, None, "no winner");
    assert_eq!(
        (g.public.players[m].votes, g.public.players[o].votes),
        (40, 40)
    );
}

#[test]
fn a_debates_entry_gives_its_seats_and_totals_as_data() {
    // What a client draws under the dice, without reading the text: the winner is the third
    // seat listed, the votes taken the first amount, the two totals the next.
    let (mut g, m, o) = debate_table(4);
    g.public.players[m].debate_bonus = 2;
    g.public.players[o].debate_bonus = 1;
    let log = roll(&mut g, "dice:1d6", &[3, 4, 4, 5, 5]);
    let d = &of_kind(&log, "debate")[0];
    assert_eq!(d.seats, [m, o, o]);
    assert_eq!(d.amounts, [1, 10, 11]);

    let (mut g, m, o) = debate_table(4);
    let log = roll(&mut g, "dice:1d6", &[3, 3, 4, 5, 2]);
    let d = &of_kind(&log, "debate")[0];
    assert_eq!(d.seats, [m, o], "a tie lists no winner");
    assert_eq!(d.amounts.len(), 3);
    assert_eq!(d.amounts[0], 0, "no votes taken");
    assert_eq!(d.amounts[1], d.amounts[2], "equal totals");
}

#[test]
fn passing_the_opponent_starts_no_debate() {
    let (mut g, m, o) = debate_table(3);
    let log = roll(&mut g, "dice:1d6", &[3]); // 1 -> 4, past the opponent on 3
    assert!(of_kind(&log, "debate").is_empty());
    assert_eq!(g.public.players[m].position, 4);
    assert_eq!(g.public.players[o].position, 3);
}

#[test]
fn the_debate_comes_before_the_space_and_both_happen() {
    let (mut g, m, o) = debate_table(4);
    g.public.players[m].money = 1;
    // Lose the debate 2+2 against 6+6, then pay 1 for Mass Mailings' +2.
    let log = roll(&mut g, "dice:1d6", &[3, 2, 2, 6, 6]);
    assert_eq!(ids(&log), ["move", "debate", "pay", "gain"]);
    assert_eq!(g.public.players[m].votes, 40 - 8 + 2);
    assert_eq!(g.public.players[o].votes, 48);
}

// ----- the Campaign deck ------------------------------------------------------------------

#[test]
fn the_campaign_deck_reshuffles_its_discards_when_it_runs_out() {
    let mut g = standard(40);
    g.hidden.campaign.clear();
    g.public.campaign_discard = (0..CAMPAIGN.len() as u8).map(CampaignCard).collect();
    g.public.campaign_deck_count = 0;
    let log = roll(&mut g, "dice:1d6", &[5]);
    assert_eq!(&ids(&log)[..3], ["move", "reshuffle", "campaign-card"]);
    let drawn = log[2].card.clone().unwrap();
    assert_eq!(g.public.campaign_discard, std::slice::from_ref(&drawn));
    assert_eq!(g.public.campaign_deck_count, 42);
    let mut all: Vec<&str> = g.upcoming_campaign();
    all.push(&drawn);
    all.sort_unstable();
    let mut every: Vec<&str> = CAMPAIGN.iter().map(|c| c.id).collect();
    every.sort_unstable();
    assert_eq!(all, every, "the new deck is the old discards");
}

#[test]
fn campaign_draws_come_off_the_deck_in_order_and_go_face_up() {
    let mut g = standard(40);
    let next = g.upcoming_campaign();
    let mut drawn = Vec::new();
    // Four trips to a Campaign Trail space: from Start roll 5, then 10 each time.
    for i in 0..4 {
        let m = g.to_act()[0];
        g.set_player(m, g.public.players[m].votes, 0, if i == 0 { 1 } else { 26 });
        g.set_player(1 - m, g.public.players[1 - m].votes, 0, 30);
        let rolls: &[u32] = if i == 0 {
            &[5, 1, 1, 1]
        } else {
            &[6, 4, 1, 1, 1]
        };
        let choice = if i == 0 { "dice:1d6" } else { "dice:2d6" };
        let log = roll(&mut g, choice, rolls);
        drawn.push(of_kind(&log, "campaign-card")[0].card.clone().unwrap());
        if choice_ids(&g).contains(&"done".to_string()) {
            g.play("done");
        }
    }
    assert_eq!(drawn, next[..4]);
    assert_eq!(g.public.campaign_discard, drawn);
    assert_eq!(g.public.campaign_deck_count, 39);
}

// ----- the election -------------------------------------------------------------------------

/// Plays a whole game with fixed simple choices: always roll `dice`, never convert.
fn play_out(g: &mut Presidency, dice: &str) {
    let mut steps = 0;
    while g.outcome().is_none() {
        let offered = choice_ids(g);
        let c = if offered.contains(&"done".to_string()) {
            "done".to_string()
        } else if offered.contains(&dice.to_string()) {
            dice.to_string()
        } else {
            offered[0].clone() // a convention target: the lowest seat
        };
        g.play(&c);
        steps += 1;
        assert!(steps < 10_000, "the game ends");
    }
}

#[test]
fn the_election_follows_the_configured_number_of_rounds() {
    for (rounds, seed) in [(1, 3), (2, 4), (7, 5), (30, 6)] {
        let mut g =
            setup_game(Setup::new("standard", 2, seed).with_option("rounds", &rounds.to_string()));
        play_out(&mut g, "dice:2d6");
        let log = g.log();
        let election = log.iter().position(|e| e.kind == "election").unwrap();
        let moves = of_kind(&log[..election], "move").len();
        assert_eq!(moves, 2 * rounds, "each nominee moves once a round");
        assert!(of_kind(&log[election..], "move").is_empty());
        let round_marks: Vec<i64> = of_kind(log, "round")
            .iter()
            .map(|e| e.amount.unwrap())
            .collect();
        assert_eq!(round_marks, (1..=rounds as i64).collect::<Vec<_>>());
        assert!(g.outcome().is_some());
    }
}

#[test]
fn election_draws_alternate_five_each_and_the_second_mover_draws_first() {
    let mut ended = 0;
    for seed in 0..100 {
        let mut g = setup_game(Setup::new("standard", 2, seed).with_option("rounds", "3"));
        play_out(&mut g, "dice:1d6");
        let order = g.public.order.clone();
        let draws: Vec<Seat> = of_kind(g.log(), "election-card")
            .iter()
            .map(|e| e.seat.unwrap())
            .collect();
        assert!(draws.len() >= 10);
        for (i, &s) in draws.iter().enumerate() {
            assert_eq!(s, order[(i + 1) % 2], "draw {i} of seed {seed}");
        }
        let o = g.outcome().unwrap();
        let v: Vec<u32> = g.public.players.iter().map(|p| p.votes).collect();
        assert_eq!(o.scores, v.iter().map(|&x| x as i64).collect::<Vec<_>>());
        if draws.len() == 10 {
            ended += 1;
            let w = if v[0] > v[1] { 0 } else { 1 };
            assert_eq!(o.winners, [w], "the most votes wins");
            assert_eq!(
                o.reason,
                format!(
                    "{} wins the election with {} votes to {}",
                    g.public.players[w].name,
                    v[w],
                    v[1 - w]
                )
            );
        }
    }
    assert!(ended > 80, "most elections end after ten draws");
}

#[test]
fn election_losses_go_to_undecided_with_damage_control() {
    let mut g = standard(40);
    let (a, b) = (g.public.order[0], g.public.order[1]);
    g.set_player(a, 40, 2, 1);
    g.set_player(b, 40, 2, 1);
    g.set_election_deck(&[
        "lost-votes",        // b: a loses 3, Damage Control 6: only 1
        "ballot-problems",   // a: b loses 3, roll 2
        "recount",           // b +1
        "popular-vote",      // a +1
        "electoral-college", // b +2
        "electoral-votes",   // a +2
        "general-ticket",    // b +2
        "high-turnout",      // a +2
        "winner-takes-all",  // b +5
        "pick-up-key-state", // a +4
    ]);
    g.load_dice(&[6, 2]);
    let log = g.end_campaign();
    let dc = of_kind(&log, "damage-control");
    assert_eq!(dc.len(), 2, "one roll per Election loss card");
    assert_eq!((dc[0].seat, dc[0].dice.clone()), (Some(a), vec![6]));
    assert_eq!((dc[1].seat, dc[1].dice.clone()), (Some(b), vec![2]));
    assert_eq!(g.public.players[a].votes, 40 - 1 + 1 + 2 + 2 + 4);
    assert_eq!(g.public.players[b].votes, 40 - 3 + 1 + 2 + 2 + 5);
    assert_eq!(g.outcome().unwrap().winners, [a]);
}

/// Ten Election cards that leave `a` (one vote ahead before the count) and `b` tied:
/// `b` draws first and gets 13 votes, `a` gets 12 (Blue State read literally).
const TYING_DRAWS: [&str; 10] = [
    "winner-takes-all",
    "pick-up-key-state",
    "recount",
    "popular-vote",
    "electoral-college",
    "electoral-votes",
    "plurality-system",
    "blue-state",
    "general-ticket",
    "high-turnout",
];

fn tied_election(extra: &[&str], money: (u32, u32)) -> (Presidency, Seat, Seat) {
    let mut g = standard(0);
    let (a, b) = (g.public.order[0], g.public.order[1]);
    g.set_player(a, 38, money.0, 1);
    g.set_player(b, 37, money.1, 1);
    let deck: Vec<&str> = TYING_DRAWS.iter().chain(extra).copied().collect();
    g.set_election_deck(&deck);
    g.end_campaign();
    (g, a, b)
}

#[test]
fn a_tied_count_is_broken_by_more_alternating_draws() {
    let (g, a, b) = tied_election(&["red-state", "recount"], (2, 2));
    let draws = of_kind(g.log(), "election-card");
    assert_eq!(draws.len(), 11, "one more draw breaks the tie");
    assert_eq!(draws[10].seat, Some(b), "the alternation goes on");
    assert_eq!(of_kind(g.log(), "tie").len(), 1);
    // Undecided ran dry on the tenth draw: Red State's 3 come from the opponent.
    assert_eq!(g.public.undecided, 0);
    assert_eq!(g.public.players[b].votes, 53);
    assert_eq!(g.public.players[a].votes, 47);
    assert_eq!(g.outcome().unwrap().winners, [b]);
}

#[test]
fn a_tie_with_the_election_deck_exhausted_goes_to_the_richer_nominee() {
    let (g, a, _) = tied_election(&[], (5, 3));
    assert_eq!(g.public.players[0].votes, g.public.players[1].votes);
    let o = g.outcome().unwrap();
    assert_eq!(o.winners, [a]);
    assert_eq!(
        o.reason,
        format!(
            "votes tied at 50; {} wins on money (5 to 3)",
            g.public.players[a].name
        )
    );
}

#[test]
fn money_cannot_be_converted_during_the_election_draws() {
    // Both nominees are rich and votes are left to gain: in a campaign turn conversion
    // would be offered (the end of the campaign below starts from one).
    let mut g = standard(30);
    let (a, b) = (g.public.order[0], g.public.order[1]);
    g.set_player(a, 30, 20, 1);
    g.set_player(b, 30, 20, 1);

    // Part-way through the draws (before the first): no seat is asked anything, so no
    // `convert:K` is offered to either.
    let mut paused = g.clone();
    paused.public.phase = Phase::Election;
    paused.public.election_next = Some(b);
    for seat in [a, b] {
        let mut legal = Vec::new();
        paused.legal_actions(seat, &mut legal);
        assert!(
            legal.is_empty(),
            "seat {seat} offered {legal:?} in the draws"
        );
        assert!(paused.prompt(seat).is_none());
    }

    // The whole Election runs out from the campaign's last choice, and the money is still
    // all there: none of it was converted during the draws.
    let before = g.clone();
    let choices_before = choice_ids(&before);
    assert!(
        choices_before.iter().any(|c| c.starts_with("convert:")),
        "a campaign turn offers conversion: {choices_before:?}"
    );
    let log = g.end_campaign();
    assert!(g.outcome().is_some(), "the Election asks nobody anything");
    assert!(of_kind(&log, "election-card").len() >= 10);
    let start = log
        .iter()
        .position(|e| e.kind == "election")
        .expect("drawn");
    assert!(
        log[start..].iter().all(|e| !e.kind.contains("convert")),
        "{:?}",
        ids(&log[start..])
    );
    assert_eq!(g.public.players[a].money, 20);
    assert_eq!(g.public.players[b].money, 20);
}

#[test]
fn a_tie_in_votes_and_money_is_a_draw() {
    let (g, _, _) = tied_election(&[], (4, 4));
    let o = g.outcome().unwrap();
    assert!(o.is_draw());
    assert_eq!(o.reason, "votes tied at 50 and money tied at 4: a draw");
}

#[test]
fn red_and_blue_state_go_to_the_drawer_or_with_the_option_to_their_party() {
    for (option, party_bound) in [("literal", false), ("party", true)] {
        let mut g = table(
            Setup::new("standard", 2, 1).with_option("red-blue-states", option),
            40,
        );
        let b = g.public.order[1];
        g.set_election_deck(&[
            "red-state",
            "blue-state",
            "recount",
            "popular-vote",
            "electoral-college",
            "electoral-votes",
            "general-ticket",
            "high-turnout",
            "plurality-system",
            "winner-takes-all",
        ]);
        g.public.players[0].money = 2;
        g.public.players[1].money = 2;
        let log = g.end_campaign();
        // The gain right after each State card.
        let gains: Vec<Option<Seat>> = log
            .iter()
            .enumerate()
            .filter(|(_, e)| matches!(e.card.as_deref(), Some("red-state" | "blue-state")))
            .map(|(i, _)| log[i + 1..].iter().find(|e| e.kind == "gain").unwrap().seat)
            .collect();
        let expected = if party_bound {
            [Some(Party::Republican.seat()), Some(Party::Democrat.seat())]
        } else {
            [Some(b), Some(1 - b)]
        };
        assert_eq!(gains, expected, "{option}");
    }
}

// ----- the National Convention ------------------------------------------------------------

fn convention(seats: usize) -> Presidency {
    table(Setup::new("convention", seats, 2), 20)
}

fn targets(g: &Presidency) -> Vec<Seat> {
    let seat = g.to_act()[0];
    g.prompt(seat)
        .unwrap()
        .choices
        .iter()
        .map(|c| c.target.unwrap())
        .collect()
}

#[test]
fn convention_the_acting_nominee_chooses_who_loses_votes() {
    let mut g = convention(4);
    let m = g.to_act()[0];
    let others: Vec<Seat> = (0..4).filter(|&s| s != m).collect();
    g.set_player(others[0], 0, 0, 1); // nothing to lose: not offered
    g.stack_campaign(&["political-backlash"]);
    g.load_dice(&[5, 2]); // to Campaign Trail; the victim's Damage Control roll
    let log = g.play("dice:1d6");
    assert_eq!(ids(&log), ["move", "campaign-card"]);
    assert_eq!(g.to_act(), [m], "the drawer decides");
    assert_eq!(targets(&g), [others[1], others[2]]);
    assert_eq!(
        choice_ids(&g),
        [
            format!("target:{}", others[1]),
            format!("target:{}", others[2])
        ]
    );
    let log = g.play(&format!("target:{}", others[2]));
    assert_eq!(ids(&log), ["damage-control", "lose"]);
    assert_eq!(log[0].seat, Some(others[2]), "the victim rolls");
    assert_eq!(g.public.players[others[2]].votes, 15);
    assert_eq!(g.public.players[others[1]].votes, 20);
}

#[test]
fn convention_a_single_possible_victim_is_hit_without_asking() {
    let mut g = convention(3);
    let m = g.to_act()[0];
    let others: Vec<Seat> = (0..3).filter(|&s| s != m).collect();
    g.set_player(others[0], 0, 0, 1);
    g.stack_campaign(&["allegations"]);
    let log = roll(&mut g, "dice:1d6", &[5, 1]);
    assert_eq!(
        ids(&log),
        ["move", "campaign-card", "damage-control", "lose"]
    );
    assert_eq!(g.public.players[others[1]].votes, 18);
    assert_ne!(g.to_act(), [m]);
}

#[test]
fn convention_the_gainer_chooses_whom_to_take_from_when_undecided_is_empty() {
    let mut g = convention(3);
    let m = g.to_act()[0];
    let others: Vec<Seat> = (0..3).filter(|&s| s != m).collect();
    g.set_undecided(m, 1);
    roll(&mut g, "dice:2d6", &[4, 5]); // New England States, +3: 1 undecided, 2 to take
    assert_eq!(g.to_act(), [m]);
    assert_eq!(targets(&g), others);
    let log = g.play(&format!("take:{}", others[1]));
    assert_eq!(
        ids(&log),
        ["take"],
        "no Damage Control when votes are taken"
    );
    assert_eq!(g.public.players[others[1]].votes, 18);
    assert_eq!(g.public.players[others[0]].votes, 20);
    assert_eq!(g.public.players[m].votes, 59 + 3);
}

#[test]
fn convention_landing_on_several_opponents_debates_the_one_the_mover_picks() {
    let mut g = convention(4);
    let m = g.to_act()[0];
    let others: Vec<Seat> = (0..4).filter(|&s| s != m).collect();
    g.set_player(others[0], 20, 0, 4);
    g.set_player(others[2], 20, 0, 4);
    g.load_dice(&[3, 6, 6, 1, 1]);
    g.play("dice:1d6");
    assert_eq!(targets(&g), [others[0], others[2]]);
    let log = g.play(&format!("debate:{}", others[2]));
    let d = of_kind(&log, "debate");
    assert_eq!(d.len(), 1, "one debate only");
    assert_eq!(d[0].target, Some(others[2]));
    assert_eq!(g.public.players[others[2]].votes, 10);
    assert_eq!(g.public.players[others[0]].votes, 20);
    assert_eq!(g.public.players[m].votes, 30);
}

#[test]
fn convention_ends_after_the_rounds_with_no_election_deck() {
    for seed in 0..30 {
        let mut g = setup_game(Setup::new("convention", 6, seed).with_option("rounds", "4"));
        play_out(&mut g, "dice:2d6");
        assert_eq!(of_kind(g.log(), "move").len(), 24);
        assert!(of_kind(g.log(), "election-card").is_empty());
        assert_eq!(g.public.election_deck_count, 0);
        let best = g.public.players.iter().map(|p| p.votes).max().unwrap();
        let o = g.outcome().unwrap();
        assert!(!o.winners.is_empty());
        assert!(o.winners.iter().all(|&w| g.public.players[w].votes == best));
    }
}

#[test]
fn convention_ties_go_to_money_then_are_shared() {
    let mut g = convention(3);
    g.set_player(0, 30, 5, 1);
    g.set_player(1, 30, 4, 1);
    g.set_player(2, 29, 9, 1);
    g.end_campaign();
    let o = g.outcome().unwrap();
    assert_eq!(o.winners, [0]);
    assert_eq!(
        o.reason,
        "Nominee 1 wins the nomination: tied at 30 votes, ahead on money"
    );

    let mut g = convention(3);
    g.set_player(0, 30, 5, 1);
    g.set_player(1, 30, 5, 1);
    g.set_player(2, 29, 9, 1);
    g.end_campaign();
    let o = g.outcome().unwrap();
    assert_eq!(o.winners, [0, 1]);
    assert_eq!(
        o.reason,
        "Nominee 1 and Nominee 2 share the nomination: tied on votes (30) and money"
    );
}

#[test]
fn log_and_prompt_texts_say_one_vote_not_one_votes() {
    let bad = |t: &str| {
        t.split(|c: char| !c.is_ascii_alphanumeric())
            .collect::<Vec<_>>()
            .windows(2)
            .any(|w| w == ["1", "votes"])
    };
    let mut ones = 0;
    for seed in 0..20 {
        let mut g = setup_game(Setup::new("convention", 4, seed).with_option("rounds", "10"));
        while g.outcome().is_none() {
            let seat = g.to_act()[0];
            let p = g.prompt(seat).unwrap();
            assert!(!bad(&p.text), "{}", p.text);
            assert!(p.choices.iter().all(|c| !bad(&c.label)));
            let c = p.choices[seed as usize % p.choices.len()].id.clone();
            g.play(&c);
        }
        for e in g.log().iter() {
            assert!(!bad(&e.text), "{}", e.text);
            ones += e.text.contains(" 1 vote") as usize;
        }
    }
    assert!(ones > 0, "single votes do occur");
}

// ----- a scripted game, checked by hand ------------------------------------------------

/// Seed 15, standard game, eight turns with fixed choices. Every line below was checked by
/// hand against the rules and the notes' readings (V = votes, U = Undecided, M = money):
///
/// - Set-up: D 37+6 = 43 V, 3+3 = 6 M; R 37+4 = 41 V, 3+2 = 5 M; U = 100-84 = 16.
///   D's cards +2 -2 -4 +2 +2 (V 45 43 39 41 43, U 14 16 20 18 16); R's +4 +3 +4 -3
///   (V 45 48 52 49, U 12 9 5 8). No Damage Control at set-up. Bonuses: D 1+1, R 2.
///   Roll-off 3 against 2: the Democrat moves first.
/// - R1: D 8 from 1 to 9, Print Ads: pays 2 (M 4) for +4 (V 47, U 4); ends the turn.
///   R 6 from 1 to 7, Individual Donations: M 7; ends the turn.
/// - R2: D 5 to 14, TV Ads: pays 3 (M 1) for +6: 4 from U (now 0), 2 taken from R
///   (R 47; no Damage Control for a take). D has 1 money: the turn ends by itself.
///   R converts 2 M (M 5) before moving: U is empty, so the vote comes from D (D 52, R 48).
///   R 9 from 7 to 16, Campaign Trail: Conservative Interest Groups +6, all from D
///   (D 46, R 54).
/// - R3: D 3 from 14 to 17, Hard Money: M 2. R 5 from 16 to 21, Mud-Slinging: D rolls 2,
///   loses 2 (D 44, U 2); R rolls 5, loses 1 (R 53, U 3).
/// - R4: D 4 from 17 to 21, onto R: the debate comes first, 5+5+2 = 12 against
///   6+2+2 = 10, D takes 2 (D 46, R 51). Then the space: R rolls 5, loses 2 (R 49, U 5);
///   D rolls a 6, which saves the whole 1-vote loss. D converts 2 M for 1 V (D 47, M 0,
///   U 4). R 3 from 21 to 24, Newspaper Ads: pays 1 (M 4) for +2 (R 51, U 2).
/// - End: D 47 V, 0 M on 21; R 51 V, 4 M on 24; U 2; 47+51+2 = 100.
#[test]
fn a_scripted_game_from_seed_15_reproduces_the_hand_checked_log() {
    const SCRIPT: [(Seat, &str); 16] = [
        (0, "dice:2d6"),
        (0, "done"),
        (1, "dice:1d6"),
        (1, "done"),
        (0, "dice:2d6"),
        (1, "convert:1"),
        (1, "dice:2d6"),
        (1, "done"),
        (0, "dice:1d6"),
        (0, "done"),
        (1, "dice:2d6"),
        (1, "done"),
        (0, "dice:2d6"),
        (0, "convert:1"),
        (1, "dice:1d6"),
        (1, "done"),
    ];
    const LOG: [&str; 61] = [
        "Democrat starts with 43 votes (rolled 6) and 6 money (rolled 3+3)",
        "Republican starts with 41 votes (rolled 4) and 5 money (rolled 3+2)",
        "16 votes are undecided",
        "Democrat draws Candidate card Military Service: +2 votes",
        "Democrat draws Candidate card Troubled Youth: you lose 2 votes",
        "Democrat draws Candidate card Sickness: you lose 4 votes",
        "Democrat draws Candidate card Strong Platform: +2 votes, +1 to debate rolls",
        "Democrat draws Candidate card Diplomatic: +2 votes, +1 to debate rolls",
        "Republican draws Candidate card Governor: +4 votes",
        "Republican draws Candidate card Religious: +3 votes",
        "Republican draws Candidate card Public Speaker: +2 to debate rolls",
        "Republican draws Candidate card Charismatic: +4 votes",
        "Republican draws Candidate card Foolish: you lose 3 votes",
        "Democrat gains 2 votes",
        "Democrat loses 2 votes to Undecided",
        "Democrat loses 4 votes to Undecided",
        "Democrat gains 2 votes",
        "Democrat gains 2 votes",
        "Republican gains 4 votes",
        "Republican gains 3 votes",
        "Republican gains 4 votes",
        "Republican loses 3 votes to Undecided",
        "Roll for first move: Democrat 3, Republican 2",
        "Democrat moves first",
        "Round 1 of 30",
        "Democrat rolls 2D6: 5+3 and moves 8 to space 9, Print Ads (pay 2 money for +4 votes (no money, no votes))",
        "Democrat pays 2 money",
        "Democrat gains 4 votes",
        "Republican rolls 1D6: 6 and moves 6 to space 7, Individual Donations (+2 money)",
        "Republican gains 2 money",
        "Round 2 of 30",
        "Democrat rolls 2D6: 3+2 and moves 5 to space 14, TV Ads (pay 3 money for +6 votes (no money, no votes))",
        "Democrat pays 3 money",
        "Democrat gains 4 votes",
        "Democrat takes 2 votes from Republican (no undecided votes left)",
        "Republican converts 2 money into 1 vote",
        "Republican takes 1 vote from Democrat (no undecided votes left)",
        "Republican rolls 2D6: 5+4 and moves 9 to space 16, Campaign Trail (draw a Campaign card)",
        "Republican draws Conservative Interest Groups: +6 votes",
        "Republican takes 6 votes from Democrat (no undecided votes left)",
        "Round 3 of 30",
        "Democrat rolls 1D6: 3 and moves 3 to space 17, Hard Money (+1 money)",
        "Democrat gains 1 money",
        "Republican rolls 2D6: 4+1 and moves 5 to space 21, Mud-Slinging (an opponent loses 2 votes, you lose 1 vote)",
        "Democrat rolls 2 for Damage Control: no help",
        "Democrat loses 2 votes to Undecided",
        "Republican rolls 5 for Damage Control: no help",
        "Republican loses 1 vote to Undecided",
        "Round 4 of 30",
        "Democrat rolls 2D6: 3+1 and moves 4 to space 21, Mud-Slinging (an opponent loses 2 votes, you lose 1 vote)",
        "Debate: Democrat rolls 5+5, +2 bonus (total 12), Republican rolls 6+2, +2 bonus (total 10): Democrat wins and takes 2 votes",
        "Republican rolls 5 for Damage Control: no help",
        "Republican loses 2 votes to Undecided",
        "Democrat rolls 6 for Damage Control and saves 1 vote",
        "Democrat loses 0 votes to Undecided",
        "Democrat converts 2 money into 1 vote",
        "Democrat gains 1 vote",
        "Republican rolls 1D6: 3 and moves 3 to space 24, Newspaper Ads (pay 1 money for +2 votes (no money, no votes))",
        "Republican pays 1 money",
        "Republican gains 2 votes",
        "Round 5 of 30",
    ];
    let mut g = new_game("standard", 2, 15);
    for (seat, choice) in SCRIPT {
        assert_eq!(g.to_act(), [seat], "before {choice}");
        g.apply(seat, choice)
            .unwrap_or_else(|e| panic!("{choice}: {e}"));
    }
    let log = g.log();
    let texts: Vec<&str> = log.iter().map(|e| e.text.as_str()).collect();
    assert_eq!(texts, LOG);
    // The structured fields agree with the texts.
    let debate = &g.log()[50];
    assert_eq!(debate.dice, [5, 5, 6, 2]);
    assert_eq!(
        (debate.seat, debate.target, debate.amount),
        (Some(0), Some(1), Some(2))
    );
    assert_eq!(
        g.log()[38].card.as_deref(),
        Some("conservative-interest-groups")
    );
    assert_eq!(g.log()[43].location.as_deref(), Some("21"));
    assert_eq!(g.log()[53].dice, [6]);
    for (i, e) in g.log().iter().enumerate() {
        assert_eq!(e.seq, i as u64);
    }
    let v = g.public();
    let p = &v.players;
    assert_eq!((p[0].votes, p[0].money, p[0].position), (47, 0, 21));
    assert_eq!((p[1].votes, p[1].money, p[1].position), (51, 4, 24));
    assert_eq!(v.undecided, 2);
    assert_eq!((v.round, v.phase, g.to_act()), (5, Phase::Declare, vec![0]));
    assert_eq!(v.campaign_discard, ["conservative-interest-groups"]);
}

// ----- bad input -------------------------------------------------------------------------

/// Applies `choice` for `seat`, expects a refusal, and checks the state did not change.
fn refused(g: &mut Presidency, seat: Seat, choice: &str) -> RuleError {
    let before = state(g);
    let log_len = g.log().len();
    let err = g
        .apply(seat, choice)
        .expect_err("the choice must be refused");
    assert_eq!(state(g), before, "{choice} changed the state");
    assert_eq!(g.log().len(), log_len);
    err
}

#[test]
fn a_choice_id_not_in_the_prompt_is_refused_and_changes_nothing() {
    let mut g = standard(40);
    let m = g.to_act()[0];
    for bad in [
        "done",
        "convert:1",
        "dice:3d6",
        "dice:",
        "",
        "DICE:1D6",
        "take:1",
        "target:1",
    ] {
        match refused(&mut g, m, bad) {
            RuleError::IllegalChoice { choice, legal } => {
                assert_eq!(choice, bad);
                assert_eq!(legal, "dice:1d6, dice:2d6");
            }
            other => panic!("{bad}: {other:?}"),
        }
    }
    // After moving, with money to convert: no second move, no more than the money buys.
    g.set_player(m, 40, 5, 1);
    roll(&mut g, "dice:1d6", &[4]);
    assert_eq!(choice_ids(&g), ["done", "convert:1", "convert:2"]);
    for bad in [
        "dice:1d6",
        "convert:3",
        "convert:0",
        "convert:-1",
        "convert:x",
    ] {
        assert!(matches!(
            refused(&mut g, m, bad),
            RuleError::IllegalChoice { .. }
        ));
    }
    // A convention target that is not offered: oneself, a nominee without votes, no one.
    let mut g = convention(4);
    let m = g.to_act()[0];
    let others: Vec<Seat> = (0..4).filter(|&s| s != m).collect();
    g.set_player(others[0], 0, 0, 1);
    g.stack_campaign(&["political-backlash"]);
    roll(&mut g, "dice:1d6", &[5]);
    for bad in [
        format!("target:{m}"),
        format!("target:{}", others[0]),
        "target:9".into(),
        format!("take:{}", others[1]),
        "dice:1d6".into(),
    ] {
        assert!(matches!(
            refused(&mut g, m, &bad),
            RuleError::IllegalChoice { .. }
        ));
    }
}

#[test]
fn a_seat_that_is_not_to_act_is_refused_and_changes_nothing() {
    let mut g = standard(40);
    let m = g.to_act()[0];
    assert_eq!(
        refused(&mut g, 1 - m, "dice:1d6"),
        RuleError::NotYourTurn {
            seat: 1 - m,
            waiting: vec![m]
        }
    );
    assert_eq!(
        refused(&mut g, 2, "dice:1d6"),
        RuleError::NoSuchSeat { seat: 2 }
    );
    // During a convention decision only the decider may answer.
    let mut g = convention(3);
    let m = g.to_act()[0];
    g.set_undecided(m, 0);
    roll(&mut g, "dice:2d6", &[4, 5]);
    let other = (m + 1) % 3;
    assert_eq!(
        refused(&mut g, other, &format!("take:{other}")),
        RuleError::NotYourTurn {
            seat: other,
            waiting: vec![m]
        }
    );
    // Once the game is over, nobody may act.
    let mut g = standard(40);
    g.end_campaign();
    assert!(g.outcome().is_some());
    assert_eq!(refused(&mut g, 0, "dice:1d6"), RuleError::GameOver);
    assert!(g.to_act().is_empty());
}

// ----- catalogue and options ----------------------------------------------------------------

#[test]
fn the_catalogue_offers_both_variants_and_the_notes_options_with_defaults() {
    let info = Presidency::info();
    assert_eq!(info.id, "presidency");
    let seats: Vec<(&str, usize, usize)> = info
        .variants
        .iter()
        .map(|v| (v.id.as_str(), v.min_seats, v.max_seats))
        .collect();
    assert_eq!(seats, [("standard", 2, 2), ("convention", 2, 6)]);
    assert_eq!(info.variants[0].seat_names, ["Democrat", "Republican"]);
    let defaults: Vec<(&str, String)> = info
        .options
        .iter()
        .map(|o| (o.key.as_str(), o.kind.default_text()))
        .collect();
    assert_eq!(
        defaults,
        [
            ("rounds", "30".to_string()),
            ("conversion", "unlimited".to_string()),
            ("red-blue-states", "literal".to_string()),
            ("setup-damage-control", "false".to_string()),
        ]
    );
    let g = new_game("standard", 2, 0);
    assert_eq!(
        g.public.rules,
        Rules {
            rounds: 30,
            convert_once_per_turn: false,
            party_bound_states: false,
            setup_damage_control: false,
        }
    );
    // Set-ups the catalogue does not allow are refused with a reason.
    let bad = [
        Setup::new("standard", 3, 0),
        Setup::new("convention", 7, 0),
        Setup::new("primary", 2, 0),
        Setup::new("standard", 2, 0).with_option("rounds", "0"),
        Setup::new("standard", 2, 0).with_option("rounds", "101"),
        Setup::new("standard", 2, 0).with_option("conversion", "twice"),
        Setup::new("standard", 2, 0).with_option("mulligan", "true"),
    ];
    for setup in bad {
        assert!(Presidency::new(&setup).is_err(), "{setup:?}");
    }
}

#[test]
fn in_random_play_every_conversion_buys_exactly_its_votes() {
    use rand::SeedableRng;
    use rand::seq::IndexedRandom;
    let mut conversions = 0;
    for seed in 0..300u64 {
        let (variant, seats) = if seed % 2 == 0 {
            ("standard", 2)
        } else {
            ("convention", 5)
        };
        let mut g = setup_game(Setup::new(variant, seats, seed).with_option("rounds", "20"));
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        while g.outcome().is_none() {
            let seat = g.to_act()[0];
            let p = g.prompt(seat).unwrap();
            // Prefer the largest conversion now and then, to reach the edges.
            let c = match p.choices.iter().rfind(|c| c.kind == "convert") {
                Some(c) if seed % 3 == 0 => c.clone(),
                _ => p.choices.choose(&mut rng).unwrap().clone(),
            };
            let before = g.public.players[seat].clone();
            g.play(&c.id);
            // (The last conversion of the campaign may start the election: skip that one.)
            if c.kind == "convert" && g.outcome().is_none() {
                conversions += 1;
                // In a convention, whom to take from may have to be chosen first.
                while !g.public.pending.is_empty() {
                    let take = choice_ids(&g)[0].clone();
                    assert!(take.starts_with("take:"));
                    g.play(&take);
                }
                let k = c.amount.unwrap() as u32;
                let after = &g.public.players[seat];
                assert_eq!(after.money, before.money - 2 * k);
                assert_eq!(after.votes, before.votes + k, "{}", c.id);
            }
        }
    }
    assert!(conversions > 1000);
}

#[test]
fn choices_carry_structured_fields() {
    let mut g = standard(40);
    let m = g.to_act()[0];
    g.set_player(m, 40, 4, 1);
    let p = g.prompt(m).unwrap();
    let fields: Vec<(&str, &str, Option<i64>)> = p
        .choices
        .iter()
        .map(|c| (c.id.as_str(), c.kind.as_str(), c.amount))
        .collect();
    assert_eq!(
        fields,
        [
            ("dice:1d6", "dice", Some(1)),
            ("dice:2d6", "dice", Some(2)),
            ("convert:1", "convert", Some(1)),
            ("convert:2", "convert", Some(2)),
        ]
    );
    assert_eq!(p.choices[3].label, "Convert 4 money into 2 votes");
    let mut g = convention(3);
    let m = g.to_act()[0];
    g.set_undecided(m, 0);
    roll(&mut g, "dice:2d6", &[4, 5]);
    let p = g.prompt(m).unwrap();
    for c in &p.choices {
        let t = c.target.unwrap();
        assert_eq!(c.id, format!("take:{t}"));
        assert_eq!(c.kind, "take");
        assert_eq!(
            c.label,
            format!("{} (20 votes, 0 money)", g.public.players[t].name)
        );
    }
    assert_eq!(
        p.text,
        "No undecided votes left: take 3 votes from which opponent?"
    );
}

// ----- what may be taken back ---------------------------------------------------------------

#[test]
fn converting_keeps_the_hidden_digest_but_rolling_changes_it() {
    let mut g = standard(40);
    let m = g.to_act()[0];
    g.set_player(m, 40, 7, 1);
    let viewers = [Viewer::Seat(m), Viewer::Seat(1 - m), Viewer::Spectator];
    let before: Vec<u64> = viewers.iter().map(|&v| g.hidden_digest(v)).collect();
    g.play("convert:1");
    let after: Vec<u64> = viewers.iter().map(|&v| g.hidden_digest(v)).collect();
    assert_eq!(before, after, "a conversion reveals and rolls nothing");
    assert_eq!(g.to_act(), [m]);
    g.play("dice:1d6");
    for (i, &v) in viewers.iter().enumerate() {
        assert_ne!(
            g.hidden_digest(v),
            after[i],
            "the roll used the generator, hidden from {v}"
        );
    }
}

/// `same_view_as` lets a server build one view for every seat: it must be true at every
/// step of every kind of game (each seat's view equals the spectators').
#[test]
fn every_seat_sees_what_spectators_see_at_every_step() {
    let setups = [
        Setup::new("standard", 2, 0),
        Setup::new("convention", 3, 0),
        Setup::new("convention", 6, 0),
    ];
    for base in setups {
        for seed in 0..20 {
            let mut setup = base.clone();
            setup.seed = seed;
            let mut same = |g: &Presidency| -> Result<(), String> {
                for s in 0..g.num_seats() {
                    let v = Viewer::Seat(s);
                    let like = g.same_view_as(v);
                    if like == v {
                        return Err(format!("seat {s} names no other viewer"));
                    }
                    if g.view(v) != g.view(like) {
                        return Err(format!("seat {s} sees more or less than {like}"));
                    }
                }
                Ok(())
            };
            crate::testing::random_game::<Presidency>(
                &setup,
                seed,
                &crate::testing::FuzzOptions::default(),
                &mut same,
            )
            .unwrap_or_else(|e| panic!("{} seed {seed}: {e}", setup.variant));
        }
    }
}
