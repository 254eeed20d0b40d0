//! Final Voting after turn 6: states are picked one by one, each side rolls its die and
//! adds its cubes; the side losing a vote may re-roll for a button.

use super::actions::{Action, Word};
use super::decisions::{Asked, Decision, Offer, ch};
use super::*;

impl VotesForWomen {
    pub(super) fn vote_die(&self, side: Side) -> Die {
        if let Some(m) = &self.board.oppobot
            && side == Side::Opposition
        {
            return if m.hard { Die::D8 } else { Die::D6 };
        }
        if self.side_lasting(side, Lasting::FinalVotingD8) {
            Die::D8
        } else {
            Die::D6
        }
    }

    /// The totals of the vote in progress, and who would win it as it stands.
    pub(super) fn vote_standing(&self, v: &Vote) -> ([u8; 2], Side) {
        let st = &self.board.states[v.state as usize];
        let t = [
            v.rolls[0] + st.cubes(Side::Suffragist),
            v.rolls[1] + st.cubes(Side::Opposition),
        ];
        let febb = self.has_lasting(Lasting::SuffragistWinsTies);
        let suff_wins = t[0] > t[1] || (t[0] == t[1] && febb);
        (
            t,
            if suff_wins {
                Side::Suffragist
            } else {
                Side::Opposition
            },
        )
    }

    /// Who picks the next state (no vote in progress), or whether the side losing the vote
    /// in progress may re-roll: it has a button and its best roll could turn the vote.
    pub(super) fn voting_asked(&self) -> Option<Asked> {
        let Some(v) = self.board.vote else {
            return Some(Asked {
                side: self.board.chooser,
                slot: self.board.vote_picker().1,
                what: Decision::VotePick,
            });
        };
        let (t, leader) = self.vote_standing(&v);
        let loser = leader.other();
        let li = loser.index();
        let own_cubes = t[li] - v.rolls[li];
        let best = own_cubes + self.vote_die(loser).sides() as u8;
        let febb = self.has_lasting(Lasting::SuffragistWinsTies);
        let wins_tie = (loser == Side::Suffragist) == febb;
        let other = t[leader.index()];
        let could_turn = best > other || (best == other && wins_tie);
        if self.buttons(loser) == 0 || !could_turn {
            return None;
        }
        Some(Asked {
            side: loser,
            slot: self.board.vote_roller(loser),
            what: Decision::VoteReroll,
        })
    }

    /// Every open state, `state:NY`.
    pub(super) fn vote_pick_offers(&self, _side: Side, out: &mut impl Offer) {
        for s in 0..48u8 {
            if out.enough() {
                break;
            }
            let st = &self.board.states[s as usize];
            if st.mark.is_none() {
                out.offer(Action::cube(s), || {
                    ch(
                        "state",
                        format!(
                            "{} (Suffragist {}, Opposition {})",
                            STATES[s as usize].name,
                            st.cubes(Side::Suffragist),
                            st.cubes(Side::Opposition)
                        ),
                    )
                    .location(code(s))
                });
            }
        }
    }

    pub(super) fn vote_pick_text(&self, side: Side, slot: u8) -> String {
        format!(
            "Final Voting: {}, choose the next state to vote",
            self.board.player_name(side, slot)
        )
    }

    pub(super) fn vote_reroll_offers(&self, out: &mut impl Offer) {
        out.offer(Action::Word(Word::Keep), || ch("keep", "Accept the result"));
        out.offer(Action::Word(Word::Reroll), || {
            ch("reroll", "Re-roll your die (1 button)").amount(1)
        });
    }

    pub(super) fn vote_reroll_text(&self) -> String {
        let Some(v) = self.board.vote else {
            return String::new();
        };
        let (t, _) = self.vote_standing(&v);
        format!(
            "{}: Suffragist {} against Opposition {}; you are losing",
            STATES[v.state as usize].name, t[0], t[1]
        )
    }

    /// `state:NY` starts that state's vote with both dice rolled; `reroll` rolls the losing
    /// side's die again for a button; `keep` settles the vote.
    pub(super) fn apply_voting(&mut self, side: Side, action: Action) {
        match action {
            Action::Cube(s) => self.start_vote(side, s.index()),
            Action::Word(Word::Reroll) => {
                if let Some(mut v) = self.board.vote {
                    self.spend(side, 1);
                    let die = self.vote_die(side);
                    let d = self.roll_die(die);
                    v.rolls[side.index()] = d;
                    self.board.vote = Some(v);
                    self.log_roll(side, self.vote_die(side), &[d]);
                }
            }
            _ => self.settle_vote(),
        }
    }

    fn start_vote(&mut self, side: Side, s: St) {
        let (da, db) = (
            self.vote_die(Side::Suffragist),
            self.vote_die(Side::Opposition),
        );
        let a = self.roll_die(da);
        let b = if self.is_bot(Side::Opposition) && self.has_lasting(Lasting::OppobotTwoVoteDice) {
            self.roll_die(db).max(self.roll_die(db))
        } else {
            self.roll_die(db)
        };
        note!(
            self,
            VfwEvent::Vote {
                by: self.actor(side),
                state: s,
                rolls: [a, b]
            }
        );
        self.board.vote = Some(Vote {
            state: s,
            rolls: [a, b],
        });
    }

    pub(super) fn settle_vote(&mut self) {
        let Some(v) = self.board.vote.take() else {
            return;
        };
        let (_, winner) = self.vote_standing(&v);
        self.board.votes_cast = self.board.votes_cast.saturating_add(1);
        self.board.chooser = self.board.vote_picker().0;
        self.decide_state(v.state, winner);
    }
}
