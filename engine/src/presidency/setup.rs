//! Set-up: the catalogue entry and its options, start votes and money, the Candidate cards
//! each nominee draws (their effects queue up as [`Step`]s), and the roll for first move.

use rand::seq::SliceRandom;

use super::data::{CAMPAIGN, CANDIDATE, CandidateCard, ELECTION};
use super::hidden::Hidden;
use super::log::{PresEvent, Rolled};
use super::{
    CANDIDATE_CARDS_EACH, GAME_ID, Phase, Player, Presidency, Rules, Step, TOTAL_VOTES, Variant,
    View,
};
use crate::Game;
use crate::core::*;
use crate::rng::{self, d6, dice};

/// The catalogue entry.
pub(super) fn info() -> GameInfo {
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
                description: "Democrat against Republican, settled by the Election deck.".into(),
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
                description: "Rounds before the election; each nominee moves once a round.".into(),
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

impl Presidency {
    pub(super) fn setup(setup: &Setup) -> Result<Self, SetupError> {
        let (variant_info, opts): (VariantInfo, Options) = Self::info().validate(setup)?;
        let variant = if variant_info.id == "convention" {
            Variant::Convention
        } else {
            Variant::Standard
        };
        let rules = Rules {
            rounds: u32::try_from(opts.int("rounds")?).map_err(|_| SetupError::BadOptionValue {
                key: "rounds".into(),
                value: setup.options.get("rounds").cloned().unwrap_or_default(),
                expected: "a positive number of rounds".into(),
            })?,
            convert_once_per_turn: opts.choice("conversion")? == "once-per-turn",
            party_bound_states: opts.choice("red-blue-states")? == "party",
            setup_damage_control: opts.flag("setup-damage-control")?,
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
                pending: Default::default(),
                outcome: None,
            },
            hidden: Hidden {
                campaign,
                candidate,
                election,
                rng,
            },
            log: GameLog::new(),
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
            self.note(|| PresEvent::StartValues {
                seat,
                votes,
                vote_dice: Rolled::of(&v),
                money,
                money_dice: Rolled::of(&m),
            });
        }
        let undecided = self.public.undecided;
        self.note(|| PresEvent::Undecided { votes: undecided });
    }

    /// Each nominee in turn draws five Candidate cards; their effects queue up in order.
    fn deal_candidates(&mut self) {
        for seat in 0..self.public.players.len() {
            for _ in 0..CANDIDATE_CARDS_EACH {
                let Some(idx) = self.hidden.candidate.pop() else {
                    break;
                };
                self.public.candidate_deck_count -= 1;
                let card = CandidateCard(idx);
                let def = card.def();
                let p = &mut self.public.players[seat];
                p.candidates.push(card);
                p.debate_bonus += def.debate;
                self.note(|| PresEvent::CandidateCard { seat, card });
                for &effect in def.effects {
                    self.public.pending.push_back(Step::Effect { seat, effect });
                }
            }
        }
    }

    /// Each rolls 1D6; the highest moves first; tied leaders roll again.
    pub(super) fn roll_for_first(&mut self) {
        let mut contenders: Vec<Seat> = (0..self.public.players.len()).collect();
        while contenders.len() > 1 {
            let rolls: Vec<u32> = contenders
                .iter()
                .map(|_| d6(&mut self.hidden.rng))
                .collect();
            let best = rolls.iter().copied().max().unwrap_or(0);
            self.note(|| PresEvent::FirstPlayerRoll {
                rolls: contenders
                    .iter()
                    .copied()
                    .zip(rolls.iter().copied())
                    .collect(),
            });
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
        self.note(|| PresEvent::FirstPlayer { seat: first });
        self.log_round_start();
    }

    pub(super) fn log_round_start(&mut self) {
        let round = self.public.round;
        self.note(|| PresEvent::Round { round });
    }
}
