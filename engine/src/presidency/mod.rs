//! The race for the US Presidency (`presidency`): two nominees race round a 40-space track
//! for 100 Vote tokens; after the last round the Election deck settles it. The National
//! Convention variant seats 2–6 nominees of one party with no Election deck.
//!
//! Every reading of an unclear rule follows `shared/reference/presidential-race/notes.md`;
//! the ones the notes call options are catalogue options here.

pub mod data;

use std::collections::VecDeque;

use rand::RngCore;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use self::data::{
    CAMPAIGN, CANDIDATE, Deck, ELECTION, Effect, SPACES, card_index, describe, votes,
};
use crate::core::*;
use crate::rng::{self, GameRng, d6, dice};
use crate::{Game, Options};

pub const GAME_ID: &str = "presidency";
/// The fixed pool of Vote tokens.
pub const TOTAL_VOTES: u32 = 100;
/// Candidate cards each nominee draws at set-up.
pub const CANDIDATE_CARDS_EACH: usize = 5;
/// Election cards each player draws before the count.
pub const ELECTION_DRAWS_EACH: u32 = 5;

/// The two ways to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Variant {
    /// Democrat against Republican, settled by the Election deck.
    Standard,
    /// 2–6 nominees of one party; the most votes after the last round wins.
    Convention,
}

/// The options of one game, after validation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    /// Rounds before the election (each nominee moves once a round).
    pub rounds: u32,
    /// Money may be converted only once (2 → 1) per turn instead of any number of times.
    pub convert_once_per_turn: bool,
    /// Red State / Blue State go to that party's nominee, whoever draws them.
    pub party_bound_states: bool,
    /// Damage Control also applies to the negative Candidate cards drawn at set-up.
    pub setup_damage_control: bool,
}

/// One nominee's public position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub name: String,
    pub votes: u32,
    pub money: u32,
    /// Board space 1–40 the pawn stands on.
    pub position: u8,
    /// Candidate card ids, in the order drawn.
    pub candidates: Vec<String>,
    /// Sum of the Candidate cards' debate bonuses.
    pub debate_bonus: u32,
    /// Conversions made this turn (limited by the once-per-turn option).
    pub converted_this_turn: u32,
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Rolling start values and playing Candidate cards.
    Setup,
    /// The current nominee declares 1D6 or 2D6 (or converts money first).
    Declare,
    /// A move is being resolved.
    Resolving,
    /// After the move: convert money or end the turn.
    AfterMove,
    /// The Election deck is being drawn.
    Election,
    Finished,
}

/// A step waiting in the resolution queue. Steps run in order; one that needs a decision
/// (which opponent to take from, to hurt, or to debate) waits for a prompt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// `seat` applies `effect` (from a space, a card or a conversion).
    Effect { seat: Seat, effect: Effect },
    /// `seat` still gains `amount` votes that Undecided could not supply: from an opponent.
    TakeFromOpponent { seat: Seat, amount: u32 },
    /// An opponent of `seat` loses `amount` votes.
    OpponentLoses { seat: Seat, amount: u32 },
    /// `seat` debates an opponent on its space.
    Debate { seat: Seat },
}

/// Everything public: this is also the view, since the game hides only deck order and dice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub variant: Variant,
    pub rules: Rules,
    pub players: Vec<Player>,
    pub undecided: u32,
    pub phase: Phase,
    /// The current round, 1-based (0 during set-up).
    pub round: u32,
    /// Turn order: seats from the first player.
    pub order: Vec<Seat>,
    /// Index into `order` of the nominee whose turn it is.
    pub turn_index: usize,
    /// Campaign cards drawn since the last reshuffle (face up).
    pub campaign_discard: Vec<String>,
    pub campaign_deck_count: u32,
    pub candidate_deck_count: u32,
    pub election_deck_count: u32,
    /// Election cards drawn so far, with who drew them.
    pub election_drawn: Vec<(Seat, String)>,
    /// The seat that draws the next Election card.
    pub election_next: Option<Seat>,
    /// Steps still to resolve; the first may be waiting for a decision.
    pub pending: VecDeque<Step>,
    pub outcome: Option<Outcome>,
}

impl View {
    /// The seat whose turn it is (during the campaign).
    pub fn current(&self) -> Option<Seat> {
        match self.phase {
            Phase::Declare | Phase::Resolving | Phase::AfterMove => {
                self.order.get(self.turn_index).copied()
            }
            _ => None,
        }
    }
}

/// What no seat may see: deck order and the generator.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Hidden {
    campaign: Vec<u8>,
    candidate: Vec<u8>,
    election: Vec<u8>,
    rng: GameRng,
}

/// A game of the Presidential Race.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Presidency {
    public: View,
    hidden: Hidden,
    log: Vec<LogEntry>,
    /// Resampled copies used by search do not keep a log.
    #[serde(default = "yes")]
    logging: bool,
}

fn yes() -> bool {
    true
}

/// A decision the first pending step waits for: who decides, and the candidate opponents.
struct Decision {
    seat: Seat,
    kind: &'static str,
    candidates: Vec<Seat>,
}

impl Presidency {
    /// The public state (the same for every viewer).
    pub fn public(&self) -> &View {
        &self.public
    }

    fn name(&self, seat: Seat) -> String {
        self.public.players[seat].name.clone()
    }

    fn push_log(&mut self, entry: LogEntry) {
        if self.logging {
            let mut entry = entry;
            entry.seq = self.log.len() as u64;
            self.log.push(entry);
        }
    }

    fn opponents(&self, seat: Seat) -> impl Iterator<Item = Seat> + '_ {
        (0..self.public.players.len()).filter(move |&s| s != seat)
    }

    // ----- set-up -----------------------------------------------------------------------

    fn setup(setup: &Setup) -> Result<Self, SetupError> {
        let info = Self::info();
        let (variant_info, opts): (VariantInfo, Options) = info.validate(setup)?;
        let variant = if variant_info.id == "convention" {
            Variant::Convention
        } else {
            Variant::Standard
        };
        let rules = Rules {
            rounds: opts.int("rounds") as u32,
            convert_once_per_turn: opts.choice("conversion") == "once-per-turn",
            party_bound_states: opts.choice("red-blue-states") == "party",
            setup_damage_control: opts.flag("setup-damage-control"),
        };
        let mut rng = rng::from_seed(setup.seed);
        let mut campaign: Vec<u8> = (0..CAMPAIGN.len() as u8).collect();
        let mut candidate: Vec<u8> = (0..CANDIDATE.len() as u8).collect();
        let mut election: Vec<u8> = (0..ELECTION.len() as u8).collect();
        campaign.shuffle(&mut rng);
        candidate.shuffle(&mut rng);
        election.shuffle(&mut rng);
        let players = (0..setup.seats)
            .map(|s| Player {
                name: variant_info.seat_names[s].clone(),
                votes: 0,
                money: 0,
                position: 1,
                candidates: Vec::new(),
                debate_bonus: 0,
                converted_this_turn: 0,
            })
            .collect();
        let mut game = Presidency {
            public: View {
                variant,
                rules,
                players,
                undecided: TOTAL_VOTES,
                phase: Phase::Setup,
                round: 0,
                order: Vec::new(),
                turn_index: 0,
                campaign_discard: Vec::new(),
                campaign_deck_count: campaign.len() as u32,
                candidate_deck_count: candidate.len() as u32,
                election_deck_count: if variant == Variant::Standard {
                    election.len() as u32
                } else {
                    0
                },
                election_drawn: Vec::new(),
                election_next: None,
                pending: VecDeque::new(),
                outcome: None,
            },
            hidden: Hidden {
                campaign,
                candidate,
                election,
                rng,
            },
            log: Vec::new(),
            logging: true,
        };
        if variant == Variant::Convention {
            game.hidden.election.clear();
        }
        game.roll_start_values();
        game.deal_candidates();
        game.run();
        Ok(game)
    }

    /// Votes 37+1D6 and money 2D6 each (convention: votes 2D6, money 1D6).
    fn roll_start_values(&mut self) {
        let (vote_dice, base, money_dice) = match self.public.variant {
            Variant::Standard => (1, 37, 2),
            Variant::Convention => (2, 0, 1),
        };
        for seat in 0..self.public.players.len() {
            let v = dice(&mut self.hidden.rng, vote_dice);
            let m = dice(&mut self.hidden.rng, money_dice);
            let votes = base + v.iter().sum::<u32>();
            let money = m.iter().sum::<u32>();
            self.public.players[seat].votes = votes;
            self.public.players[seat].money = money;
            self.public.undecided -= votes;
            let name = self.name(seat);
            let mut all = v.clone();
            all.extend(&m);
            self.push_log(
                LogEntry::new(
                    "setup",
                    format!(
                        "{name} starts with {votes} votes (rolled {}) and {money} money (rolled {})",
                        join(&v),
                        join(&m)
                    ),
                )
                .seat(seat)
                .dice(all),
            );
        }
        let u = self.public.undecided;
        self.push_log(LogEntry::new("setup", format!("{u} votes are undecided")).amount(u as i64));
    }

    /// Each nominee in turn draws five Candidate cards; their effects queue up in order.
    fn deal_candidates(&mut self) {
        for seat in 0..self.public.players.len() {
            for _ in 0..CANDIDATE_CARDS_EACH {
                let Some(idx) = self.hidden.candidate.pop() else {
                    break;
                };
                self.public.candidate_deck_count -= 1;
                let card = &CANDIDATE[idx as usize];
                let p = &mut self.public.players[seat];
                p.candidates.push(card.id.to_string());
                p.debate_bonus += card.debate;
                let name = self.name(seat);
                self.push_log(
                    LogEntry::new(
                        "candidate",
                        format!(
                            "{name} draws Candidate card {}: {}",
                            card.name,
                            describe(card.effects, card.debate)
                        ),
                    )
                    .seat(seat)
                    .card(card.id),
                );
                for &effect in card.effects {
                    self.public.pending.push_back(Step::Effect { seat, effect });
                }
            }
        }
    }

    /// Each rolls 1D6; the highest moves first; tied leaders roll again.
    fn roll_for_first(&mut self) {
        let mut contenders: Vec<Seat> = (0..self.public.players.len()).collect();
        while contenders.len() > 1 {
            let rolls: Vec<u32> = contenders
                .iter()
                .map(|_| d6(&mut self.hidden.rng))
                .collect();
            let best = rolls.iter().copied().max().unwrap_or(0);
            let text = contenders
                .iter()
                .zip(&rolls)
                .map(|(&s, r)| format!("{} {r}", self.name(s)))
                .collect::<Vec<_>>()
                .join(", ");
            self.push_log(
                LogEntry::new("first-player-roll", format!("Roll for first move: {text}"))
                    .dice(rolls.clone()),
            );
            contenders = contenders
                .into_iter()
                .zip(rolls)
                .filter(|&(_, r)| r == best)
                .map(|(s, _)| s)
                .collect();
        }
        let first = contenders[0];
        let n = self.public.players.len();
        self.public.order = (0..n).map(|i| (first + i) % n).collect();
        self.public.turn_index = 0;
        self.public.round = 1;
        self.public.phase = Phase::Declare;
        let name = self.name(first);
        self.push_log(LogEntry::new("first-player", format!("{name} moves first")).seat(first));
        self.log_round_start();
    }

    fn log_round_start(&mut self) {
        let (r, total) = (self.public.round, self.public.rules.rounds);
        self.push_log(LogEntry::new("round", format!("Round {r} of {total}")).amount(r as i64));
    }

    // ----- resolution -------------------------------------------------------------------

    /// The decision the first pending step needs, if any (several possible opponents).
    fn decision(&self) -> Option<Decision> {
        let step = self.public.pending.front()?;
        let (seat, kind, candidates): (Seat, &'static str, Vec<Seat>) = match *step {
            Step::TakeFromOpponent { seat, .. } => (
                seat,
                "take",
                self.opponents(seat)
                    .filter(|&o| self.public.players[o].votes > 0)
                    .collect(),
            ),
            Step::OpponentLoses { seat, .. } => (
                seat,
                "hurt",
                self.opponents(seat)
                    .filter(|&o| self.public.players[o].votes > 0)
                    .collect(),
            ),
            Step::Debate { seat } => {
                let pos = self.public.players[seat].position;
                (
                    seat,
                    "debate",
                    self.opponents(seat)
                        .filter(|&o| self.public.players[o].position == pos)
                        .collect(),
                )
            }
            Step::Effect { .. } => return None,
        };
        (candidates.len() > 1).then_some(Decision {
            seat,
            kind,
            candidates,
        })
    }

    /// Runs pending steps until one needs a decision or the game waits for its next turn.
    fn run(&mut self) {
        loop {
            if self.decision().is_some() {
                return;
            }
            if let Some(step) = self.public.pending.pop_front() {
                self.execute(step, None);
                continue;
            }
            // The queue is empty: move the game on.
            match self.public.phase {
                Phase::Setup => self.roll_for_first(),
                Phase::Resolving => {
                    self.public.phase = Phase::AfterMove;
                    if !self.can_convert(self.current_seat()) {
                        self.end_turn();
                    }
                }
                Phase::AfterMove => {
                    if !self.can_convert(self.current_seat()) {
                        self.end_turn();
                    }
                }
                Phase::Election => self.election_step(),
                Phase::Declare | Phase::Finished => {}
            }
            if self.public.pending.is_empty()
                && matches!(
                    self.public.phase,
                    Phase::Declare | Phase::AfterMove | Phase::Finished
                )
            {
                return;
            }
        }
    }

    fn current_seat(&self) -> Seat {
        self.public
            .order
            .get(self.public.turn_index)
            .copied()
            .unwrap_or(0)
    }

    /// Executes one step; `target` is the opponent chosen for it, when a choice was needed.
    fn execute(&mut self, step: Step, target: Option<Seat>) {
        match step {
            Step::Effect { seat, effect } => self.effect(seat, effect),
            Step::TakeFromOpponent { seat, amount } => {
                let Some(from) = target.or_else(|| self.only_candidate(seat, |p| p.votes > 0))
                else {
                    return;
                };
                let taken = amount.min(self.public.players[from].votes);
                self.public.players[from].votes -= taken;
                self.public.players[seat].votes += taken;
                let (n, o) = (self.name(seat), self.name(from));
                self.push_log(
                    LogEntry::new(
                        "take",
                        format!(
                            "{n} takes {} from {o} (no undecided votes left)",
                            votes(taken)
                        ),
                    )
                    .seat(seat)
                    .target(from)
                    .amount(taken as i64),
                );
                if amount > taken {
                    self.public.pending.push_front(Step::TakeFromOpponent {
                        seat,
                        amount: amount - taken,
                    });
                }
            }
            Step::OpponentLoses { seat, amount } => {
                let Some(victim) = target.or_else(|| self.only_candidate(seat, |p| p.votes > 0))
                else {
                    let n = self.name(seat);
                    self.push_log(
                        LogEntry::new("no-effect", format!("No opponent of {n} has votes to lose"))
                            .seat(seat),
                    );
                    return;
                };
                self.lose(victim, amount, true);
            }
            Step::Debate { seat } => {
                let pos = self.public.players[seat].position;
                let Some(other) =
                    target.or_else(|| self.only_candidate(seat, |p| p.position == pos))
                else {
                    return;
                };
                self.debate(seat, other);
            }
        }
    }

    /// The only opponent of `seat` that satisfies `pred`, if there is exactly one.
    fn only_candidate(&self, seat: Seat, pred: impl Fn(&Player) -> bool) -> Option<Seat> {
        let mut it = self
            .opponents(seat)
            .filter(|&o| pred(&self.public.players[o]));
        let first = it.next()?;
        it.next().is_none().then_some(first)
    }

    fn effect(&mut self, seat: Seat, effect: Effect) {
        match effect {
            Effect::Gain(n) => self.gain(seat, n),
            Effect::Lose(n) => {
                let dc =
                    self.public.phase != Phase::Setup || self.public.rules.setup_damage_control;
                self.lose(seat, n, dc);
            }
            Effect::OpponentLoses(n) => {
                self.public
                    .pending
                    .push_front(Step::OpponentLoses { seat, amount: n });
            }
            Effect::Money(n) => {
                self.public.players[seat].money += n;
                let name = self.name(seat);
                self.push_log(
                    LogEntry::new("money", format!("{name} gains {n} money"))
                        .seat(seat)
                        .amount(n as i64),
                );
            }
            Effect::Ad { votes, cost } => {
                let name = self.name(seat);
                if self.public.players[seat].money >= cost {
                    self.public.players[seat].money -= cost;
                    self.push_log(
                        LogEntry::new("pay", format!("{name} pays {cost} money"))
                            .seat(seat)
                            .amount(cost as i64),
                    );
                    self.gain(seat, votes);
                } else {
                    self.push_log(
                        LogEntry::new(
                            "cannot-pay",
                            format!("{name} cannot pay {cost} money and gains nothing"),
                        )
                        .seat(seat)
                        .amount(cost as i64),
                    );
                }
            }
            Effect::DrawCampaign => self.draw_campaign(seat),
            Effect::StateVotes { party, votes } => {
                let to = if self.public.rules.party_bound_states
                    && self.public.variant == Variant::Standard
                {
                    party.seat()
                } else {
                    seat
                };
                self.gain(to, votes);
            }
        }
    }

    /// Gains votes from Undecided first; the rest comes from an opponent.
    fn gain(&mut self, seat: Seat, n: u32) {
        let from_undecided = n.min(self.public.undecided);
        self.public.undecided -= from_undecided;
        self.public.players[seat].votes += from_undecided;
        if from_undecided > 0 {
            let name = self.name(seat);
            self.push_log(
                LogEntry::new("gain", format!("{name} gains {}", votes(from_undecided)))
                    .seat(seat)
                    .amount(from_undecided as i64),
            );
        }
        if n > from_undecided {
            self.public.pending.push_front(Step::TakeFromOpponent {
                seat,
                amount: n - from_undecided,
            });
        }
    }

    /// Loses votes to Undecided, never below zero; with Damage Control, a 6 saves two.
    fn lose(&mut self, seat: Seat, n: u32, damage_control: bool) {
        let name = self.name(seat);
        if self.public.players[seat].votes == 0 {
            self.push_log(
                LogEntry::new("no-effect", format!("{name} has no votes to lose")).seat(seat),
            );
            return;
        }
        let mut amount = n;
        if damage_control {
            let roll = d6(&mut self.hidden.rng);
            let saved = if roll >= 6 { n.min(2) } else { 0 };
            amount -= saved;
            self.push_log(
                LogEntry::new(
                    "damage-control",
                    if saved > 0 {
                        format!(
                            "{name} rolls {roll} for Damage Control and saves {}",
                            votes(saved)
                        )
                    } else {
                        format!("{name} rolls {roll} for Damage Control: no help")
                    },
                )
                .seat(seat)
                .dice(vec![roll])
                .amount(saved as i64),
            );
        }
        let lost = amount.min(self.public.players[seat].votes);
        self.public.players[seat].votes -= lost;
        self.public.undecided += lost;
        self.push_log(
            LogEntry::new("lose", format!("{name} loses {} to Undecided", votes(lost)))
                .seat(seat)
                .amount(lost as i64),
        );
    }

    fn draw_campaign(&mut self, seat: Seat) {
        if self.hidden.campaign.is_empty() {
            // Reshuffle the discards into a new deck.
            let mut deck: Vec<u8> = self
                .public
                .campaign_discard
                .drain(..)
                .filter_map(|id| card_index(Deck::Campaign, &id))
                .collect();
            deck.shuffle(&mut self.hidden.rng);
            self.hidden.campaign = deck;
            self.public.campaign_deck_count = self.hidden.campaign.len() as u32;
            self.push_log(LogEntry::new(
                "reshuffle",
                "The Campaign deck is reshuffled",
            ));
        }
        let Some(idx) = self.hidden.campaign.pop() else {
            return;
        };
        self.public.campaign_deck_count -= 1;
        let card = &CAMPAIGN[idx as usize];
        self.public.campaign_discard.push(card.id.to_string());
        let name = self.name(seat);
        self.push_log(
            LogEntry::new(
                "campaign-card",
                format!("{name} draws {}: {}", card.name, describe(card.effects, 0)),
            )
            .seat(seat)
            .card(card.id),
        );
        for &effect in card.effects.iter().rev() {
            self.public
                .pending
                .push_front(Step::Effect { seat, effect });
        }
    }

    /// Both roll 2D6 plus debate bonuses; the higher takes the difference from the loser.
    fn debate(&mut self, mover: Seat, other: Seat) {
        let a = dice(&mut self.hidden.rng, 2);
        let b = dice(&mut self.hidden.rng, 2);
        let ta = a.iter().sum::<u32>() + self.public.players[mover].debate_bonus;
        let tb = b.iter().sum::<u32>() + self.public.players[other].debate_bonus;
        let (n, o) = (self.name(mover), self.name(other));
        let mut all = a.clone();
        all.extend(&b);
        let (winner, loser, diff) = if ta > tb {
            (Some(mover), other, ta - tb)
        } else if tb > ta {
            (Some(other), mover, tb - ta)
        } else {
            (None, mover, 0)
        };
        let taken = winner.map_or(0, |_| diff.min(self.public.players[loser].votes));
        if let Some(w) = winner {
            self.public.players[loser].votes -= taken;
            self.public.players[w].votes += taken;
        }
        let result = match winner {
            Some(w) => format!("{} wins and takes {}", self.name(w), votes(taken)),
            None => "a tie: no votes change hands".into(),
        };
        let mut entry = LogEntry::new(
            "debate",
            format!(
                "Debate: {n} rolls {}{} (total {ta}), {o} rolls {}{} (total {tb}): {result}",
                join(&a),
                bonus_text(self.public.players[mover].debate_bonus),
                join(&b),
                bonus_text(self.public.players[other].debate_bonus),
            ),
        )
        .seat(mover)
        .target(other)
        .dice(all)
        .amount(taken as i64);
        if let Some(w) = winner {
            entry.location = Some(format!("winner:{w}"));
        }
        self.push_log(entry);
    }

    // ----- turns ------------------------------------------------------------------------

    fn can_convert(&self, seat: Seat) -> bool {
        let p = &self.public.players[seat];
        let others_have_votes = self
            .opponents(seat)
            .any(|o| self.public.players[o].votes > 0);
        p.money >= 2
            && (self.public.undecided > 0 || others_have_votes)
            && !(self.public.rules.convert_once_per_turn && p.converted_this_turn > 0)
    }

    fn max_conversions(&self, seat: Seat) -> u32 {
        if !self.can_convert(seat) {
            return 0;
        }
        if self.public.rules.convert_once_per_turn {
            1
        } else {
            // No more votes than Undecided and the opponents can supply: money is never
            // paid for a vote that does not exist.
            let available = self.public.undecided
                + self
                    .opponents(seat)
                    .map(|o| self.public.players[o].votes)
                    .sum::<u32>();
            (self.public.players[seat].money / 2).min(available)
        }
    }

    fn convert(&mut self, seat: Seat, k: u32) {
        let p = &mut self.public.players[seat];
        p.money -= 2 * k;
        p.converted_this_turn += 1;
        let name = self.name(seat);
        self.push_log(
            LogEntry::new(
                "convert",
                format!("{name} converts {} money into {}", 2 * k, votes(k)),
            )
            .seat(seat)
            .amount(k as i64),
        );
        self.gain(seat, k);
    }

    fn roll_and_move(&mut self, seat: Seat, n: usize) {
        let d = dice(&mut self.hidden.rng, n);
        let total: u32 = d.iter().sum();
        let p = &mut self.public.players[seat];
        let to = ((p.position as u32 - 1 + total) % 40 + 1) as u8;
        p.position = to;
        let space = &SPACES[to as usize - 1];
        let name = self.name(seat);
        self.push_log(
            LogEntry::new(
                "move",
                format!(
                    "{name} rolls {n}D6: {} and moves {total} to space {to}, {} ({})",
                    join(&d),
                    space.name,
                    describe(space.effects, 0)
                ),
            )
            .seat(seat)
            .dice(d)
            .location(to.to_string())
            .amount(total as i64),
        );
        self.public.phase = Phase::Resolving;
        // Debate first (if an opponent stands here), then the space itself.
        if self
            .opponents(seat)
            .any(|o| self.public.players[o].position == to)
        {
            self.public.pending.push_back(Step::Debate { seat });
        }
        for &effect in space.effects {
            self.public.pending.push_back(Step::Effect { seat, effect });
        }
    }

    fn end_turn(&mut self) {
        let seat = self.current_seat();
        self.public.players[seat].converted_this_turn = 0;
        self.public.turn_index += 1;
        if self.public.turn_index >= self.public.order.len() {
            self.public.turn_index = 0;
            self.public.round += 1;
            if self.public.round > self.public.rules.rounds {
                self.public.round = self.public.rules.rounds;
                self.start_end();
                return;
            }
            self.log_round_start();
        }
        self.public.phase = Phase::Declare;
    }

    fn start_end(&mut self) {
        match self.public.variant {
            Variant::Standard => {
                self.public.phase = Phase::Election;
                // The nominee who moved second in the campaign draws first.
                self.public.election_next = Some(self.public.order[1]);
                self.push_log(LogEntry::new(
                    "election",
                    "The campaign is over: the Election deck is drawn",
                ));
            }
            Variant::Convention => self.finish_convention(),
        }
    }

    /// Draws the next Election card, or counts the votes once each has drawn five.
    fn election_step(&mut self) {
        let draws_each = |s: Seat| {
            self.public
                .election_drawn
                .iter()
                .filter(|(d, _)| *d == s)
                .count() as u32
        };
        let (a, b) = (self.public.order[0], self.public.order[1]);
        let done_regular =
            draws_each(a) >= ELECTION_DRAWS_EACH && draws_each(b) >= ELECTION_DRAWS_EACH;
        let (va, vb) = (self.public.players[a].votes, self.public.players[b].votes);
        if done_regular && va != vb {
            let (w, l) = if va > vb { (a, b) } else { (b, a) };
            let (wv, lv) = (va.max(vb), va.min(vb));
            let reason = format!("{} wins the election with {wv} votes to {lv}", self.name(w));
            let _ = l;
            self.finish(vec![w], reason);
            return;
        }
        if done_regular && self.hidden.election.is_empty() {
            // Still tied with the deck exhausted: money decides, then it is a draw.
            let (ma, mb) = (self.public.players[a].money, self.public.players[b].money);
            if ma != mb {
                let w = if ma > mb { a } else { b };
                let reason = format!(
                    "votes tied at {va}; {} wins on money ({} to {})",
                    self.name(w),
                    ma.max(mb),
                    ma.min(mb)
                );
                self.finish(vec![w], reason);
            } else {
                self.finish(
                    vec![],
                    format!("votes tied at {va} and money tied at {ma}: a draw"),
                );
            }
            return;
        }
        if done_regular {
            self.push_log(LogEntry::new(
                "tie",
                format!("Votes tied at {va}: another round of draws"),
            ));
        }
        let (Some(seat), Some(idx)) = (self.public.election_next, self.hidden.election.pop())
        else {
            // Cannot happen with 20 cards and 10 regular draws; end rather than loop.
            self.finish(
                vec![],
                format!("the Election deck ran out with votes at {va} to {vb}"),
            );
            return;
        };
        self.public.election_deck_count -= 1;
        let card = &ELECTION[idx as usize];
        self.public.election_drawn.push((seat, card.id.to_string()));
        self.public.election_next = Some(if seat == a { b } else { a });
        let name = self.name(seat);
        self.push_log(
            LogEntry::new(
                "election-card",
                format!(
                    "{name} draws Election card {}: {}",
                    card.name,
                    describe(card.effects, 0)
                ),
            )
            .seat(seat)
            .card(card.id),
        );
        for &effect in card.effects {
            self.public.pending.push_back(Step::Effect { seat, effect });
        }
    }

    fn finish_convention(&mut self) {
        let players = &self.public.players;
        let best_votes = players.iter().map(|p| p.votes).max().unwrap_or(0);
        let top: Vec<Seat> = (0..players.len())
            .filter(|&s| players[s].votes == best_votes)
            .collect();
        let best_money = top.iter().map(|&s| players[s].money).max().unwrap_or(0);
        let winners: Vec<Seat> = top
            .iter()
            .copied()
            .filter(|&s| players[s].money == best_money)
            .collect();
        let names: Vec<String> = winners.iter().map(|&s| self.name(s)).collect();
        let reason = if top.len() == 1 {
            format!("{} wins the nomination with {best_votes} votes", names[0])
        } else if winners.len() == 1 {
            format!(
                "{} wins the nomination: tied at {best_votes} votes, ahead on money",
                names[0]
            )
        } else {
            format!(
                "{} share the nomination: tied on votes ({best_votes}) and money",
                names.join(" and ")
            )
        };
        self.finish(winners, reason);
    }

    fn finish(&mut self, winners: Vec<Seat>, reason: String) {
        self.public.phase = Phase::Finished;
        self.public.election_next = None;
        self.public.pending.clear();
        let scores = self.public.players.iter().map(|p| p.votes as i64).collect();
        self.push_log(LogEntry::new("outcome", reason.clone()));
        self.public.outcome = Some(Outcome {
            winners,
            reason,
            scores,
        });
    }

    /// Rebuilds the hidden decks from what is public: every card not seen is in its deck.
    fn hidden_from(view: &View, rng: &mut dyn RngCore) -> Hidden {
        let mut r = rng::fork(rng);
        let unseen = |deck: Deck, seen: &mut dyn Iterator<Item = &String>| -> Vec<u8> {
            let seen: Vec<u8> = seen.filter_map(|id| card_index(deck, id)).collect();
            (0..deck.cards().len() as u8)
                .filter(|i| !seen.contains(i))
                .collect()
        };
        let mut campaign = unseen(Deck::Campaign, &mut view.campaign_discard.iter());
        let mut candidate = unseen(
            Deck::Candidate,
            &mut view.players.iter().flat_map(|p| p.candidates.iter()),
        );
        let mut election = if view.variant == Variant::Standard {
            unseen(
                Deck::Election,
                &mut view.election_drawn.iter().map(|(_, c)| c),
            )
        } else {
            Vec::new()
        };
        campaign.shuffle(&mut r);
        candidate.shuffle(&mut r);
        election.shuffle(&mut r);
        Hidden {
            campaign,
            candidate,
            election,
            rng: r,
        }
    }
}

/// A debate bonus as shown after the dice: ", +2 bonus" (nothing without a bonus).
fn bonus_text(bonus: u32) -> String {
    if bonus > 0 {
        format!(", +{bonus} bonus")
    } else {
        String::new()
    }
}

fn join(d: &[u32]) -> String {
    d.iter().map(u32::to_string).collect::<Vec<_>>().join("+")
}

impl Game for Presidency {
    const ID: &'static str = GAME_ID;
    type View = View;

    fn info() -> GameInfo {
        GameInfo {
            id: GAME_ID.into(),
            name: "Presidential Race".into(),
            summary: "Race round a 40-space campaign trail for 100 votes; after the last round \
                      the Election deck settles the presidency. (Working title; rules by \
                      Warpspawn Games.)"
                .into(),
            variants: vec![
                VariantInfo {
                    id: "standard".into(),
                    name: "Presidential election".into(),
                    description: "Democrat against Republican, settled by the Election deck."
                        .into(),
                    min_seats: 2,
                    max_seats: 2,
                    default_seats: 2,
                    seat_names: vec!["Democrat".into(), "Republican".into()],
                    timeout_policy: None,
                },
                VariantInfo {
                    id: "convention".into(),
                    name: "National Convention".into(),
                    description: "2–6 nominees of one party; the most votes after the last \
                                  round wins. Start with 2D6 votes and 1D6 money; no Election deck."
                        .into(),
                    min_seats: 2,
                    max_seats: 6,
                    default_seats: 4,
                    seat_names: (1..=6).map(|i| format!("Nominee {i}")).collect(),
                    // One nominee running out of time does not make the others one winner.
                    timeout_policy: Some(TimeoutPolicy::DefaultChoice),
                },
            ],
            options: vec![
                OptionSpec {
                    key: "rounds".into(),
                    label: "Rounds".into(),
                    description: "Rounds before the election; each nominee moves once a round."
                        .into(),
                    kind: OptionKind::Int {
                        min: 1,
                        max: 100,
                        default: 30,
                    },
                },
                OptionSpec {
                    key: "conversion".into(),
                    label: "Money conversion".into(),
                    description: "Convert 2 money into 1 vote any number of times in your turn, \
                                  or only once per turn."
                        .into(),
                    kind: OptionKind::Choice {
                        values: vec!["unlimited".into(), "once-per-turn".into()],
                        default: "unlimited".into(),
                    },
                },
                OptionSpec {
                    key: "red-blue-states".into(),
                    label: "Red State / Blue State".into(),
                    description: "literal: the drawer gains the votes; party: Red State goes to \
                                  the Republican and Blue State to the Democrat."
                        .into(),
                    kind: OptionKind::Choice {
                        values: vec!["literal".into(), "party".into()],
                        default: "literal".into(),
                    },
                },
                OptionSpec {
                    key: "setup-damage-control".into(),
                    label: "Damage Control at set-up".into(),
                    description: "Roll Damage Control for negative Candidate cards too.".into(),
                    kind: OptionKind::Bool { default: false },
                },
            ],
            timeout_policy: TimeoutPolicy::Forfeit,
        }
    }

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        Self::setup(setup)
    }

    fn num_seats(&self) -> usize {
        self.public.players.len()
    }

    fn to_act(&self) -> Vec<Seat> {
        if self.public.outcome.is_some() {
            return Vec::new();
        }
        if let Some(d) = self.decision() {
            return vec![d.seat];
        }
        match self.public.phase {
            Phase::Declare | Phase::AfterMove => vec![self.current_seat()],
            _ => Vec::new(),
        }
    }

    fn prompt(&self, seat: Seat) -> Option<Prompt> {
        if self.public.outcome.is_some() {
            return None;
        }
        if let Some(d) = self.decision() {
            if d.seat != seat {
                return None;
            }
            let amount = match self.public.pending.front() {
                Some(
                    Step::TakeFromOpponent { amount, .. } | Step::OpponentLoses { amount, .. },
                ) => *amount,
                _ => 0,
            };
            let (text, prefix) = match d.kind {
                "take" => (
                    format!(
                        "No undecided votes left: take {} from which opponent?",
                        votes(amount)
                    ),
                    "take",
                ),
                "hurt" => (format!("Which opponent loses {}?", votes(amount)), "target"),
                _ => (
                    "Several opponents share this space: debate which one?".to_string(),
                    "debate",
                ),
            };
            let choices = d
                .candidates
                .iter()
                .map(|&o| {
                    let p = &self.public.players[o];
                    Choice::new(
                        format!("{prefix}:{o}"),
                        prefix,
                        format!("{} ({}, {} money)", p.name, votes(p.votes), p.money),
                    )
                    .target(o)
                })
                .collect();
            return Some(Prompt {
                seat,
                text,
                choices,
            });
        }
        if !matches!(self.public.phase, Phase::Declare | Phase::AfterMove)
            || self.current_seat() != seat
        {
            return None;
        }
        let mut choices = Vec::new();
        let p = &self.public.players[seat];
        let text = if self.public.phase == Phase::Declare {
            choices.push(Choice::new("dice:1d6", "dice", "Roll 1D6 and move").amount(1));
            choices.push(Choice::new("dice:2d6", "dice", "Roll 2D6 and move").amount(2));
            format!(
                "Round {} of {}: {}, you are on space {} with {} and {} money. Roll one die or two?",
                self.public.round,
                self.public.rules.rounds,
                p.name,
                p.position,
                votes(p.votes),
                p.money
            )
        } else {
            choices.push(Choice::new("done", "done", "End your turn"));
            format!(
                "{}, you have {} money: convert some into votes (2 money each) or end your turn?",
                p.name, p.money
            )
        };
        for k in 1..=self.max_conversions(seat) {
            choices.push(
                Choice::new(
                    format!("convert:{k}"),
                    "convert",
                    format!(
                        "Convert {} money into {k} {}",
                        2 * k,
                        if k == 1 { "vote" } else { "votes" }
                    ),
                )
                .amount(k as i64),
            );
        }
        Some(Prompt {
            seat,
            text,
            choices,
        })
    }

    fn apply_legal(&mut self, seat: Seat, choice: &str) {
        let (kind, arg) = choice.split_once(':').unwrap_or((choice, ""));
        match kind {
            "take" | "target" | "debate" => {
                let target = arg.parse::<Seat>().ok();
                if let Some(step) = self.public.pending.pop_front() {
                    self.execute(step, target);
                }
            }
            "dice" => {
                let n = if arg == "2d6" { 2 } else { 1 };
                self.roll_and_move(seat, n);
            }
            "convert" => {
                let k = arg.parse().unwrap_or(1);
                self.convert(seat, k);
            }
            "done" => self.end_turn(),
            _ => {}
        }
        self.run();
    }

    fn log(&self) -> &[LogEntry] {
        &self.log
    }

    fn view(&self, _viewer: Viewer) -> View {
        self.public.clone()
    }

    fn same_view_as(&self, _viewer: Viewer) -> Viewer {
        // Nothing is hidden from one seat that another sees.
        Viewer::Spectator
    }

    fn choice_seen_by(&self, _seat: Seat, _choice: &str, _viewer: Viewer) -> SeenChoice {
        // Every prompt is built from the public view, which every viewer has: no choice
        // names anything hidden (a card is named only once it is face up).
        SeenChoice::Whole
    }

    fn resample(view: &View, _viewer: Viewer, rng: &mut dyn RngCore) -> Self {
        Presidency {
            public: view.clone(),
            hidden: Self::hidden_from(view, rng),
            log: Vec::new(),
            logging: false,
        }
    }

    fn shuffle_hidden(&self, viewer: Viewer, rng: &mut dyn RngCore) -> Self {
        let mut s = Self::resample(&self.public, viewer, rng);
        s.log = self.log.clone();
        s.logging = self.logging;
        s
    }

    fn hidden_digest(&self, _viewer: Viewer) -> u64 {
        // Decks and the generator are hidden from every seat alike.
        crate::core::digest_of(&self.hidden)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.public.outcome.clone()
    }
}

#[cfg(test)]
mod tests;
