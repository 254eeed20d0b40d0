//! Resolution: what a space, a card or a conversion does, one [`Step`] at a time. Gains come
//! from Undecided first and the rest from an opponent; losses go to Undecided, with Damage
//! Control's roll; a Campaign Trail space draws (and reshuffles) the Campaign deck; landing
//! on an opponent starts a debate. A step that needs an opponent chosen among several waits
//! for that decision (see `actions.rs`).

use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use super::data::{CampaignCard, Effect};
use super::log::{Debate, PresEvent};
use super::{Phase, Player, Presidency, Variant};
use crate::core::*;
use crate::rng::{d6, dice_array};

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

impl Presidency {
    /// Runs pending steps until one needs a decision or the game waits for its next turn.
    pub(super) fn run(&mut self) {
        loop {
            if self.opponent_choice().is_some() {
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

    /// Executes one step; `target` is the opponent chosen for it, when a choice was needed.
    pub(super) fn execute(&mut self, step: Step, target: Option<Seat>) {
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
                self.note(|| PresEvent::Take { seat, from, taken });
                self.still_to_take(seat, amount - taken);
            }
            Step::OpponentLoses { seat, amount } => {
                let Some(victim) = target.or_else(|| self.only_candidate(seat, |p| p.votes > 0))
                else {
                    self.note(|| PresEvent::NoOpponentVotes { seat });
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
                self.note(|| PresEvent::Money { seat, n });
            }
            Effect::Ad { votes, cost } => {
                if self.public.players[seat].money >= cost {
                    self.public.players[seat].money -= cost;
                    self.note(|| PresEvent::Pay { seat, cost });
                    self.gain(seat, votes);
                } else {
                    self.note(|| PresEvent::CannotPay { seat, cost });
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
    pub(super) fn gain(&mut self, seat: Seat, n: u32) {
        let from_undecided = n.min(self.public.undecided);
        self.public.undecided -= from_undecided;
        self.public.players[seat].votes += from_undecided;
        if from_undecided > 0 {
            self.note(|| PresEvent::Gain {
                seat,
                n: from_undecided,
            });
        }
        self.still_to_take(seat, n - from_undecided);
    }

    /// Queues the `amount` votes `seat` still gains from an opponent (none: nothing).
    fn still_to_take(&mut self, seat: Seat, amount: u32) {
        if amount > 0 {
            self.public
                .pending
                .push_front(Step::TakeFromOpponent { seat, amount });
        }
    }

    /// Loses votes to Undecided, never below zero; with Damage Control, a 6 saves two.
    fn lose(&mut self, seat: Seat, n: u32, damage_control: bool) {
        if self.public.players[seat].votes == 0 {
            self.note(|| PresEvent::NoVotesToLose { seat });
            return;
        }
        let mut amount = n;
        if damage_control {
            let roll = d6(&mut self.hidden.rng);
            let saved = if roll >= 6 { n.min(2) } else { 0 };
            amount -= saved;
            self.note(|| PresEvent::DamageControl { seat, roll, saved });
        }
        let lost = amount.min(self.public.players[seat].votes);
        self.public.players[seat].votes -= lost;
        self.public.undecided += lost;
        self.note(|| PresEvent::Lose { seat, lost });
    }

    /// Draws the top Campaign card (reshuffling the discards into a new deck when it is
    /// empty) and queues its effects first.
    fn draw_campaign(&mut self, seat: Seat) {
        if self.hidden.campaign.is_empty() {
            let mut deck: Vec<u8> = self
                .public
                .campaign_discard
                .drain(..)
                .map(|c| c.0)
                .collect();
            deck.shuffle(&mut self.hidden.rng);
            self.hidden.campaign = deck;
            self.public.campaign_deck_count = self.hidden.campaign.len() as u32;
            self.note(|| PresEvent::Reshuffle);
        }
        let Some(idx) = self.hidden.campaign.pop() else {
            return;
        };
        self.public.campaign_deck_count -= 1;
        let card = CampaignCard(idx);
        let def = card.def();
        self.public.campaign_discard.push(card);
        self.note(|| PresEvent::CampaignCard { seat, card });
        for &effect in def.effects.iter().rev() {
            self.public
                .pending
                .push_front(Step::Effect { seat, effect });
        }
    }

    /// Both roll 2D6 plus debate bonuses; the higher takes the difference from the loser.
    fn debate(&mut self, mover: Seat, other: Seat) {
        let a: [u32; 2] = dice_array(&mut self.hidden.rng);
        let b: [u32; 2] = dice_array(&mut self.hidden.rng);
        let ta = a.iter().sum::<u32>() + self.public.players[mover].debate_bonus;
        let tb = b.iter().sum::<u32>() + self.public.players[other].debate_bonus;
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
        let debate = Debate {
            mover,
            other,
            a,
            b,
            ta,
            tb,
            winner,
            taken,
        };
        self.note(|| PresEvent::Debate(debate));
    }
}
