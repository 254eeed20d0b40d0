//! Campaigning: the action's start (a die per Campaigner), each Campaigner placing its
//! cubes and paying to move ([`Task::Campaign`], under revision 0's rules or the corrected
//! ones), and the free moves of a transport card before it campaigns ([`Task::Transport`]).

use super::super::actions::{Action, Word};
use super::super::decisions::{Offer, ch};
use super::super::*;

impl VotesForWomen {
    /// A Campaigning action for `side` (its cost already paid): roll a die per Campaigner.
    /// On a two-player side the dice are one per Campaigner of the side, and the player needs
    /// a Campaigner of its own.
    pub(in super::super) fn start_campaign(&mut self, side: Side) {
        let own = self.own_campaigners(side, self.slot_now(side)).len();
        let cost = self.campaign_cost(side);
        if own == 0 || self.buttons(side) < cost {
            return;
        }
        self.spend(side, cost);
        let die = self.campaign_die(side);
        self.roll_per_campaigner(side, die, Source::Campaign, DicePurpose::Campaign);
    }

    /// The Campaigner first in `queue` places, moves or passes, by this game's rules.
    pub(super) fn campaign_offers(
        &self,
        side: Side,
        queue: &[(u8, u8)],
        left: u8,
        started: bool,
        moved: bool,
        out: &mut impl Offer,
    ) {
        if self.campaign_corrected() {
            self.campaign_offers_corrected(side, queue, left, started, moved, out)
        } else {
            self.campaign_offers_rev0(side, queue, left, started, moved, out)
        }
    }

    /// A Campaigner places its cubes in its region's open states; before its first cube it
    /// may pay a button to move (once), and it may pass only when it cannot place.
    fn campaign_offers_rev0(
        &self,
        side: Side,
        queue: &[(u8, u8)],
        left: u8,
        started: bool,
        moved: bool,
        out: &mut impl Offer,
    ) {
        let Some(&(idx, _)) = queue.first() else {
            return;
        };
        if left == 0 {
            return;
        }
        let cp = self.board.campaigners[idx as usize];
        self.campaigner_cube_offers(side, cp, out);
        let can_place = out.offered() > 0;
        if !started && !moved && self.buttons(side) > 0 {
            Self::paid_move_offers(cp.region, false, out);
            if !can_place {
                out.offer(Action::Word(Word::Pass), || ch("pass", "Place nothing"));
            }
        }
    }

    /// Whether the Campaigner first in the queue is done placing and may still pay to move
    /// (revision 1: the player aid lets it move before or after placing its cubes). Its
    /// placing is over once it placed a cube and has none left, or none it can place.
    fn campaign_moves_after(
        &self,
        side: Side,
        idx: u8,
        left: u8,
        started: bool,
        moved: bool,
    ) -> bool {
        if !started || moved || self.buttons(side) == 0 {
            return false;
        }
        let region = self.board.campaigners[idx as usize].region;
        left == 0 || !region.states().any(|s| self.can_add(side, s))
    }

    /// Revision 1 (§ Play a Card for a Campaigning Action, and the player aid): before its
    /// first cube a Campaigner may place, pay a button to move (once), or place nothing at
    /// all, even with open states in its region; once it has placed, it places the rest
    /// where it is (cubes never split between regions), and then it may pay to move or stay.
    fn campaign_offers_corrected(
        &self,
        side: Side,
        queue: &[(u8, u8)],
        left: u8,
        started: bool,
        moved: bool,
        out: &mut impl Offer,
    ) {
        let Some(&(idx, _)) = queue.first() else {
            return;
        };
        let cp = self.board.campaigners[idx as usize];
        if self.campaign_moves_after(side, idx, left, started, moved) {
            out.offer(Action::Word(Word::Stay), || {
                ch("stay", format!("Leave it in the {}", cp.region.name()))
            });
            Self::paid_move_offers(cp.region, false, out);
            return;
        }
        if left == 0 {
            return;
        }
        self.campaigner_cube_offers(side, cp, out);
        if started {
            return;
        }
        if !moved && self.buttons(side) > 0 {
            Self::paid_move_offers(cp.region, true, out);
        }
        out.offer(Action::Word(Word::Pass), || ch("pass", "Place nothing"));
    }

    /// A cube of the Campaigner's colour into each state of its region open to `side`.
    fn campaigner_cube_offers(&self, side: Side, cp: Campaigner, out: &mut impl Offer) {
        for s in cp.region.states() {
            if self.can_add(side, s) {
                self.cube_offers(side, s, Some(cp.hue), out);
            }
        }
    }

    /// Moving the Campaigner from region `from` to each other region for a button; `first`
    /// when the move would come before its placing under the corrected rules.
    fn paid_move_offers(from: Region, first: bool, out: &mut impl Offer) {
        let when = if first { " first" } else { "" };
        for r in REGIONS {
            if r != from {
                out.offer(Action::Move(r), || {
                    ch(
                        "move",
                        format!("Move it to the {}{when} (1 button)", r.name()),
                    )
                    .location(r.slug())
                    .amount(1)
                });
            }
        }
    }

    /// The Campaigner first in `queue`: the cubes it has left, or (revision 1) whether it
    /// moves once they are placed.
    pub(super) fn campaign_text(
        &self,
        side: Side,
        queue: &[(u8, u8)],
        left: u8,
        started: bool,
        moved: bool,
    ) -> String {
        match queue.first() {
            Some(&(idx, _))
                if self.campaign_corrected()
                    && self.campaign_moves_after(side, idx, left, started, moved) =>
            {
                let cp = self.board.campaigners[idx as usize];
                format!(
                    "{} Campaigner in the {}: its cubes are placed; move it (1 button) or leave it?",
                    cp.hue.slug(),
                    cp.region.name()
                )
            }
            Some(&(idx, _)) => {
                let cp = self.board.campaigners[idx as usize];
                format!(
                    "{} Campaigner in the {}: place {left} more cube(s)",
                    cp.hue.slug(),
                    cp.region.name()
                )
            }
            None => String::new(),
        }
    }

    /// The Campaigner first in `queue` moves (for a button), passes, or places a cube; under
    /// the corrected rules it may also stay or move once its placing is over, and passing
    /// ends its turn at once.
    pub(super) fn apply_campaign(
        &mut self,
        side: Side,
        queue: Vec<(u8, u8)>,
        left: u8,
        started: bool,
        moved: bool,
        a: Action,
    ) {
        let Some(&(idx, _)) = queue.first() else {
            return;
        };
        match a {
            // Revision 1 only (revision 0 offers neither): the Campaigner is done.
            Action::Word(Word::Stay) => self.finish_task(),
            Action::Word(Word::Pass) if self.campaign_corrected() => self.finish_task(),
            Action::Move(r) => {
                self.spend(side, 1);
                self.board.campaigners[idx as usize].region = r;
                note!(
                    self,
                    VfwEvent::CampaignerMoves {
                        by: self.actor(side),
                        region: r,
                        paid: true
                    }
                );
                // A move after placing (revision 1) ends the Campaigner's placing: its
                // cubes never go to two regions. Revision 0 moves only before placing.
                self.set_task(Some(Task::Campaign {
                    queue,
                    left: if started { 0 } else { left },
                    started,
                    moved: true,
                }));
            }
            Action::Word(Word::Pass) => self.set_task(Some(Task::Campaign {
                queue,
                left: 0,
                started: true,
                moved,
            })),
            _ => {
                if let Some(s) = a.state() {
                    let h = self.board.campaigners[idx as usize].hue;
                    self.set_task(Some(Task::Campaign {
                        queue,
                        left: left - 1,
                        started: true,
                        moved,
                    }));
                    self.place_cube(side, s, Some(h));
                }
            }
        }
    }

    /// The next own Campaigner stays or moves for free.
    pub(super) fn transport_offers(&self, frame: &Frame, next: u8, out: &mut impl Offer) {
        let side = frame.side;
        let own = self.own_campaigners(side, frame.slot);
        if let Some(&idx) = own.get(next as usize) {
            let cp = self.board.campaigners[idx as usize];
            out.offer(Action::Word(Word::Stay), || {
                ch("stay", "Leave it where it is")
            });
            for r in REGIONS {
                if r != cp.region {
                    out.offer(Action::Move(r), || {
                        ch("move", format!("Move it to the {}", r.name())).location(r.slug())
                    });
                }
            }
        }
    }

    /// Which Campaigner may move for free.
    pub(super) fn transport_text(&self, frame: &Frame, next: u8) -> String {
        let own = self.own_campaigners(frame.side, frame.slot);
        match own.get(next as usize) {
            Some(&idx) => {
                let cp = self.board.campaigners[idx as usize];
                format!(
                    "Move the {} Campaigner in the {} for free?",
                    cp.hue.slug(),
                    cp.region.name()
                )
            }
            None => String::new(),
        }
    }

    /// `move:R` or `stay` for the player's next Campaigner; after the last, it campaigns.
    pub(super) fn apply_transport(&mut self, side: Side, next: u8, a: Action) {
        let slot = self.board.stack.last().map(|f| f.slot).unwrap_or(0);
        let own = self.own_campaigners(side, slot);
        if let (Action::Move(r), Some(&idx)) = (a, own.get(next as usize)) {
            self.board.campaigners[idx as usize].region = r;
            note!(
                self,
                VfwEvent::CampaignerMoves {
                    by: self.actor(side),
                    region: r,
                    paid: false
                }
            );
        }
        if (next as usize + 1) < own.len() {
            self.set_task(Some(Task::Transport { next: next + 1 }));
        } else {
            self.set_task(None);
            self.start_campaign(side);
        }
    }
}
