//! The Strategy Phase (turns 2–6): the Suffragist commits buttons, the Opposition defers,
//! matches or supersedes; against the Oppobot its bid is rolled (`oppobot.rs`).

use super::actions::{Action, Word};
use super::decisions::{Asked, Decision, Offer, ch};
use super::*;

impl VotesForWomen {
    /// The Suffragist's commitment, then the Opposition's answer where it has a choice (not
    /// against the Oppobot, whose bid is rolled; not when it cannot match).
    pub(super) fn strategy_asked(&self) -> Option<Asked> {
        match self.board.commit {
            None => Some(Asked {
                side: Side::Suffragist,
                slot: self.board.strategy_slot(Side::Suffragist),
                what: Decision::Commit,
            }),
            Some(n) => {
                let ob = self.buttons(Side::Opposition);
                if n > ob || (n == 0 && ob == 0) || self.board.oppobot.is_some() {
                    return None;
                }
                Some(Asked {
                    side: Side::Opposition,
                    slot: self.board.strategy_slot(Side::Opposition),
                    what: Decision::Answer(n),
                })
            }
        }
    }

    /// `commit:0` up to what the Opposition could supersede (every button against the
    /// Oppobot, §3.8).
    pub(super) fn commit_offers(&self, out: &mut impl Offer) {
        let sb = self.buttons(Side::Suffragist);
        let ob = self.buttons(Side::Opposition);
        let max = if self.board.oppobot.is_some() {
            sb
        } else {
            sb.min(ob + 1)
        };
        for n in 0..=max {
            out.offer(Action::Commit(n), || {
                ch("commit", format!("Commit {n} buttons")).amount(n as i64)
            });
        }
    }

    pub(super) fn commit_text(&self) -> String {
        let sb = self.buttons(Side::Suffragist);
        let ob = self.buttons(Side::Opposition);
        format!(
            "Strategy Phase: commit buttons for a Strategy card (you have {sb}, the \
             Opposition {ob})"
        )
    }

    /// The answers to a commitment of `n`: defer (when there is something to defer to),
    /// match, and supersede when the Opposition can pay one more.
    pub(super) fn answer_offers(&self, n: u8, out: &mut impl Offer) {
        let ob = self.buttons(Side::Opposition);
        if n > 0 {
            out.offer(Action::Word(Word::Defer), || {
                ch("defer", "Defer: the Suffragist takes a card")
            });
        }
        out.offer(Action::Word(Word::Match), || {
            ch("match", format!("Match: both spend {n}, no card")).amount(n as i64)
        });
        if ob > n {
            out.offer(Action::Word(Word::Supersede), || {
                ch(
                    "supersede",
                    format!("Supersede: spend {}, take a card", n + 1),
                )
                .amount(n as i64 + 1)
            });
        }
    }

    pub(super) fn apply_strategy(&mut self, side: Side, action: Action) {
        match action {
            Action::Commit(n) => {
                self.spend(Side::Suffragist, n);
                self.board.commit = Some(n);
                note!(
                    self,
                    VfwEvent::Commits {
                        by: self.actor(side),
                        n
                    }
                );
            }
            Action::Word(w) => self.resolve_bid(Some(w)),
            _ => {}
        }
    }

    /// Settles the bid; `answer` is the Opposition's (none when it had no choice).
    pub(super) fn resolve_bid(&mut self, answer: Option<Word>) {
        if self.board.oppobot.is_some() {
            self.bot_bid();
            return;
        }
        let n = self.board.commit.unwrap_or(0);
        let ob = self.buttons(Side::Opposition);
        let answer = answer.unwrap_or(if n > ob { Word::Defer } else { Word::Match });
        let winner = match answer {
            Word::Defer => Some(Side::Suffragist),
            Word::Supersede => {
                self.spend(Side::Opposition, n + 1);
                Some(Side::Opposition)
            }
            _ => {
                self.spend(Side::Opposition, n);
                None
            }
        };
        note!(
            self,
            VfwEvent::Answers {
                by: self.actor(Side::Opposition),
                word: answer
            }
        );
        self.end_strategy_phase();
        if let Some(w) = winner {
            // The side's Strategy decider (its second player) takes the card.
            let slot = self.board.strategy_slot(w);
            self.push_frame_for(w, slot, Source::StrategyPick, Some(Task::PickStrategy));
        }
    }

    /// The bid is settled, by the Opposition's answer or the Oppobot's die: Operations begin
    /// in the current round and the commitment is forgotten. The Strategy card the winner
    /// takes is still to come (its frame goes on top after this).
    pub(super) fn end_strategy_phase(&mut self) {
        self.board.phase = Phase::Operations;
        self.board.commit = None;
        self.log_round();
    }
}
