//! The dice of a card or an action: keep or re-roll a roll ([`Task::Dice`]), and hand kept
//! Campaign dice to the player's Campaigners, one die each ([`Task::Assign`]) or one by one
//! from a pool ([`Task::PoolAssign`]).

use super::super::actions::{Action, Word};
use super::super::decisions::{Offer, ch};
use super::super::*;

impl VotesForWomen {
    /// `keep`, and `reroll` for a button where a re-roll can still help.
    pub(super) fn dice_offers(
        &self,
        side: Side,
        purpose: DicePurpose,
        dice: &[u8],
        out: &mut impl Offer,
    ) {
        let b = self.buttons(side);
        let reroll_ok = b > 0
            && match purpose {
                DicePurpose::Gate => dice[0] < 3,
                DicePurpose::Lobby | DicePurpose::Superior => dice.iter().any(|&d| d < 6),
                _ => true,
            };
        let keep = if purpose == DicePurpose::Gate {
            "accept the failure"
        } else {
            "keep the roll"
        };
        out.offer(Action::Word(Word::Keep), || ch("keep", keep));
        if reroll_ok {
            out.offer(Action::Word(Word::Reroll), || {
                ch("reroll", format!("Re-roll all (1 of {b} buttons)")).amount(1)
            });
        }
    }

    /// The roll, its total and what it needs.
    pub(super) fn dice_text(purpose: DicePurpose, die: Die, dice: &[u8]) -> String {
        let total: u8 = dice.iter().sum();
        // What the roll needs, so a player weighs a re-roll without the rulebook.
        let needs = match purpose {
            DicePurpose::Gate => "the card goes on only on 3 or more".to_string(),
            DicePurpose::Lobby | DicePurpose::Superior => {
                let hits = dice.iter().filter(|&&d| d >= 6).count();
                let word = if hits == 1 { "success" } else { "successes" };
                format!("each die of 6 or more is a success: {hits} {word}")
            }
            DicePurpose::Campaign => "each die is that many cubes for a Campaigner".into(),
            DicePurpose::Count => "the total is the number the card uses".into(),
        };
        let word = if dice.len() == 1 { "die" } else { "dice" };
        format!(
            "You rolled {} on {} {} {word} (total {total}; {needs}): keep or re-roll?",
            join(dice),
            dice.len(),
            die.name()
        )
    }

    /// Keep or re-roll: a kept Gate failure ends the card, a kept Campaign roll hands the
    /// dice to the Campaigners, a kept Lobby roll moves Congress (or, under revision 1,
    /// leaves its successes to spend one by one).
    pub(super) fn apply_dice(
        &mut self,
        side: Side,
        purpose: DicePurpose,
        die: Die,
        dice: Vec<u8>,
        action: Action,
    ) {
        if action == Action::Word(Word::Reroll) {
            self.spend(side, 1);
            let dice: Vec<u8> = (0..dice.len()).map(|_| self.roll_die(die)).collect();
            self.log_roll(side, die, &dice);
            if let Some(f) = self.board.stack.last_mut()
                && purpose == DicePurpose::Count
            {
                f.count = dice.iter().sum();
            }
            let done = purpose == DicePurpose::Gate && dice[0] >= 3;
            self.set_task((!done).then_some(Task::Dice { purpose, die, dice }));
            return;
        }
        self.set_task(None);
        match purpose {
            DicePurpose::Gate => {
                if let Some(f) = self.board.stack.last_mut() {
                    f.failed = true;
                }
                note!(
                    self,
                    VfwEvent::GateFails {
                        by: self.actor(side)
                    }
                );
            }
            DicePurpose::Count => {}
            DicePurpose::Campaign => self.campaign_dice(side, dice),
            DicePurpose::Lobby | DicePurpose::Superior => {
                let hits = dice.iter().filter(|&&d| d >= 6).count() as u8;
                self.lobbying_successes(side, hits);
            }
        }
    }

    /// The kept Campaign dice go to the player's own Campaigners: all to a lone one, one by
    /// one from a pool when there are fewer Campaigners than dice, else one die each.
    fn campaign_dice(&mut self, side: Side, dice: Vec<u8>) {
        let slot = self.board.stack.last().map(|f| f.slot).unwrap_or(0);
        let own = self.own_campaigners(side, slot);
        if own.len() == 1 {
            // One Campaigner of its own: every die is its.
            let sum: u8 = dice.iter().sum();
            self.set_task(Some(Task::Campaign {
                queue: vec![(own[0], sum)],
                left: sum,
                started: false,
                moved: false,
            }));
        } else if own.len() < dice.len() {
            let mut dice = dice;
            dice.sort_unstable_by(|a, b| b.cmp(a));
            self.set_task(Some(Task::PoolAssign {
                dice,
                totals: own.iter().map(|&i| (i, 0)).collect(),
            }));
        } else {
            self.set_task(Some(Task::Assign {
                dice,
                given: Vec::new(),
            }));
            self.settle_assign();
        }
    }

    /// Each distinct die value left, lowest first.
    pub(super) fn assign_offers(dice: &[u8], out: &mut impl Offer) {
        let mut vals = dice.to_vec();
        vals.sort_unstable();
        vals.dedup();
        for v in vals {
            out.offer(Action::Die(v), || {
                ch("die", format!("Give the {v}")).amount(v as i64)
            });
        }
    }

    /// Which Campaigner the next die is for.
    pub(super) fn assign_text(&self, frame: &Frame, given: &[(u8, u8)]) -> String {
        let own = self.own_campaigners(frame.side, frame.slot);
        let next = own.get(given.len()).copied().unwrap_or(0);
        match self.board.campaigners.get(next as usize) {
            Some(cp) => format!(
                "Which die for the {} Campaigner in the {}?",
                cp.hue.slug(),
                cp.region.name()
            ),
            None => "Which die?".into(),
        }
    }

    /// `die:N`: the next Campaigner in board order gets a die of value N.
    pub(super) fn apply_assign(
        &mut self,
        side: Side,
        mut dice: Vec<u8>,
        mut given: Vec<(u8, u8)>,
        a: Action,
    ) {
        let Action::Die(v) = a else {
            return;
        };
        if let Some(i) = dice.iter().position(|&d| d == v) {
            dice.remove(i);
            let slot = self.board.stack.last().map(|f| f.slot).unwrap_or(0);
            let own = self.own_campaigners(side, slot);
            if let Some(&idx) = own.get(given.len()) {
                given.push((idx, v));
            }
        }
        self.set_task(Some(Task::Assign { dice, given }));
        self.settle_assign();
    }

    /// When one die is left (or the rest are equal), it goes to the last Campaigner.
    fn settle_assign(&mut self) {
        let side = self.top_side();
        let slot = self.board.stack.last().map(|f| f.slot).unwrap_or(0);
        let own = self.own_campaigners(side, slot);
        let Some(Task::Assign { dice, given }) = self.task_mut().cloned() else {
            return;
        };
        let mut dice = dice;
        let mut given = given;
        // With all remaining dice equal, the assignment is forced.
        if dice.iter().all(|&d| d == dice[0]) {
            while let Some(v) = dice.pop() {
                if let Some(&idx) = own.get(given.len()) {
                    given.push((idx, v));
                }
            }
        }
        if dice.is_empty() {
            let first = given.first().map(|g| g.1).unwrap_or(0);
            self.set_task(Some(Task::Campaign {
                queue: given,
                left: first,
                started: false,
                moved: false,
            }));
        } else {
            self.set_task(Some(Task::Assign { dice, given }));
        }
    }

    /// The highest die left, to each of the player's Campaigners. Under the corrected rules
    /// (revision 1, the example of § Playing with Two Suffragist Players) each Campaigner
    /// gets at least one die: once the dice left are no more than the Campaigners still
    /// without one, only those are offered.
    pub(super) fn pool_offers(&self, dice: &[u8], totals: &[(u8, u8)], out: &mut impl Offer) {
        let empty = totals.iter().filter(|t| t.1 == 0).count();
        let only_empty = self.campaign_corrected() && dice.len() <= empty;
        if let Some(&v) = dice.first() {
            for (k, &(idx, sum)) in totals.iter().enumerate() {
                if only_empty && sum > 0 {
                    continue;
                }
                let cp = self.board.campaigners[idx as usize];
                out.offer(Action::Campaigner(k as u8), || {
                    ch(
                        "die",
                        format!(
                            "Give the {v} to the {} Campaigner in the {} (has {sum})",
                            cp.hue.slug(),
                            cp.region.name()
                        ),
                    )
                    .location(cp.region.slug())
                    .amount(v as i64)
                });
            }
        }
    }

    /// The dice left, and which goes next.
    pub(super) fn pool_text(dice: &[u8]) -> String {
        format!(
            "Dice left {}: which of your Campaigners gets the {}?",
            join(dice),
            dice.first().copied().unwrap_or(0)
        )
    }

    /// `campaigner:K`: the highest die left goes to the player's Campaigner K; with none
    /// left, each Campaigner that got dice places its cubes.
    pub(super) fn apply_pool_assign(
        &mut self,
        mut dice: Vec<u8>,
        mut totals: Vec<(u8, u8)>,
        a: Action,
    ) {
        let Action::Campaigner(k) = a else {
            return;
        };
        let k = k as usize;
        if dice.is_empty() || k >= totals.len() {
            return;
        }
        let v = dice.remove(0);
        totals[k].1 += v;
        if dice.is_empty() {
            let queue: Vec<(u8, u8)> = totals.into_iter().filter(|t| t.1 > 0).collect();
            let first = queue.first().map(|q| q.1).unwrap_or(0);
            self.set_task(Some(Task::Campaign {
                queue,
                left: first,
                started: false,
                moved: false,
            }));
        } else {
            self.set_task(Some(Task::PoolAssign { dice, totals }));
        }
    }
}
