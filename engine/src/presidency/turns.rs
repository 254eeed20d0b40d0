//! Turns and the end: moving, what conversion allows, the order of turns and rounds, the
//! Election deck's draws and the count (standard game), and the convention's end.

use super::data::{ELECTION, ElectionCard, Space};
use super::log::{PresEvent, Rolled};
use super::{ELECTION_DRAWS_EACH, Phase, Presidency, Step, Variant};
use crate::core::*;
use crate::rng::d6;

impl Presidency {
    /// The nominee whose turn it is.
    pub(super) fn current_seat(&self) -> Seat {
        self.public
            .order
            .get(self.public.turn_index)
            .copied()
            .unwrap_or(0)
    }

    /// Whether `seat` may convert money now: two money, a vote to buy somewhere, and (with
    /// the once-per-turn option) no conversion yet this turn.
    pub(super) fn can_convert(&self, seat: Seat) -> bool {
        let p = &self.public.players[seat];
        let others_have_votes = self
            .opponents(seat)
            .any(|o| self.public.players[o].votes > 0);
        p.money >= 2
            && (self.public.undecided > 0 || others_have_votes)
            && !(self.public.rules.convert_once_per_turn && p.converted_this_turn > 0)
    }

    /// The most votes `seat` may buy in one conversion now.
    pub(super) fn max_conversions(&self, seat: Seat) -> u32 {
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

    /// Pays `2 k` money for `k` votes.
    pub(super) fn convert(&mut self, seat: Seat, k: u32) {
        let p = &mut self.public.players[seat];
        p.money -= 2 * k;
        p.converted_this_turn += 1;
        self.note(|| PresEvent::Convert { seat, k });
        self.gain(seat, k);
    }

    /// Rolls `n` dice and moves; queues the debate (an opponent on the space) and the
    /// space's effects, in that order.
    pub(super) fn roll_and_move(&mut self, seat: Seat, n: usize) {
        // One die or two, rolled in order, kept off the heap (a search rolls millions).
        let mut two = [0u32; 2];
        for die in two.iter_mut().take(n) {
            *die = d6(&mut self.hidden.rng);
        }
        let d = &two[..n.min(2)];
        let total: u32 = d.iter().sum();
        let p = &mut self.public.players[seat];
        let to = Space::new(p.position)
            .unwrap_or(Space::START)
            .advance(total);
        p.position = to.number();
        let space = to.def();
        self.note(|| PresEvent::Move {
            seat,
            dice: Rolled::new(two, n),
            to,
        });
        self.public.phase = Phase::Resolving;
        // Debate first (if an opponent stands here), then the space itself.
        if self
            .opponents(seat)
            .any(|o| self.public.players[o].position == to.number())
        {
            self.public.pending.push_back(Step::Debate { seat });
        }
        for &effect in space.effects {
            self.public.pending.push_back(Step::Effect { seat, effect });
        }
    }

    /// The next nominee's turn; after the last round, the end.
    pub(super) fn end_turn(&mut self) {
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
                self.note(|| PresEvent::Election);
            }
            Variant::Convention => self.finish_convention(),
        }
    }

    /// Draws the next Election card, or counts the votes once each has drawn five.
    pub(super) fn election_step(&mut self) {
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
        let name = |s: Seat| self.public.name(s).to_string();
        if done_regular && va != vb {
            let w = if va > vb { a } else { b };
            let (wv, lv) = (va.max(vb), va.min(vb));
            let reason = format!("{} wins the election with {wv} votes to {lv}", name(w));
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
                    name(w),
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
            self.note(|| PresEvent::Tie { votes: va });
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
        let card = ElectionCard(idx);
        let def = &ELECTION[idx as usize];
        self.public.election_drawn.push((seat, card));
        self.public.election_next = Some(if seat == a { b } else { a });
        self.note(|| PresEvent::ElectionCard { seat, card });
        for &effect in def.effects {
            self.public.pending.push_back(Step::Effect { seat, effect });
        }
    }

    /// The convention's end: the most votes wins, money breaks a tie, else it is shared.
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
        let names: Vec<&str> = winners.iter().map(|&s| self.public.name(s)).collect();
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
        self.note(|| PresEvent::Outcome);
        self.public.outcome = Some(Outcome {
            winners,
            reason,
            scores,
        });
    }
}
