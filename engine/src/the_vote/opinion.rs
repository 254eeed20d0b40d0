//! Public Opinion actions in their Regions (7.0): the original Region and Bonus Actions,
//! Blocks and Counters, the strength left in each Region, and the markers changed.

use super::*;

impl TheVote {
    /// The Region of the action's `target`-th Region, if it has that many.
    pub(super) fn target_region(&self, target: usize) -> Option<Region> {
        self.action()
            .and_then(|a| a.targets.get(target))
            .map(|t| t.region)
    }

    pub(super) fn target_mut(&mut self, region: Region) -> Option<&mut Target> {
        self.public
            .action
            .as_mut()?
            .targets
            .iter_mut()
            .find(|t| t.region == region)
    }

    pub(super) fn add_target(&mut self, region: Region, bonus: Option<Card>) {
        if let Some(a) = self.public.action.as_mut() {
            a.targets.push(Target::new(region, bonus));
        }
    }

    pub(super) fn bonus_cards(&self, a: &ActionInProgress) -> Vec<Card> {
        self.face_up(a.seat, |c| match c.def().kind {
            CardKind::Region { .. } => c.def().region().is_some_and(|region| {
                !a.targets.iter().any(|t| t.region == region)
                    && (a.kind != ActionKind::Law
                        || a.law.is_some_and(|l| !self.public.region(region).law(l)))
            }),
            _ => false,
        })
    }

    /// The cards that may block a Public Opinion action in a Region for `seat`, or counter
    /// there: face-up Public Opinion cards, and a face-up Region card of that Region.
    pub(super) fn block_cards(&self, seat: Seat, region: Region) -> Vec<Card> {
        self.face_up(seat, |c| match c.def().kind {
            CardKind::PublicOpinion => true,
            CardKind::Region { .. } => c.def().region() == Some(region),
            _ => false,
        })
    }

    pub(super) fn block_options(&self, a: &ActionInProgress) -> Vec<(Region, Card)> {
        let mut v = Vec::new();
        // Revision 0 allowed one Block a Region (findings 9); 7.3 sets no limit.
        let several = self.public.several_blocks();
        for t in a.targets.iter().filter(|t| several || t.block.is_none()) {
            for card in self.block_cards(1 - a.seat, t.region) {
                v.push((t.region, card));
            }
        }
        v
    }

    pub(super) fn counter_options(&self, a: &ActionInProgress) -> Vec<(Region, Card)> {
        let mut v = Vec::new();
        // At revision 0 a Region holds one Block at most, so this is its Counter or none.
        for t in a.targets.iter().filter(|t| t.has_open_block()) {
            for card in self.block_cards(a.seat, t.region) {
                v.push((t.region, card));
            }
        }
        v
    }

    /// Once the original Region is chosen: Bonus Actions may be announced.
    pub(super) fn after_targets(&mut self) {
        let Some(a) = self.action() else {
            return;
        };
        if self.bonus_cards(a).is_empty() {
            self.after_bonus();
        } else {
            self.public.step = Step::Bonus;
        }
    }

    pub(super) fn after_bonus(&mut self) {
        let Some(a) = self.action() else {
            return;
        };
        match a.kind {
            ActionKind::Law => self.advance_votes(),
            _ => {
                if self.block_options(a).is_empty() {
                    self.next_flip(0);
                } else {
                    self.public.step = Step::Block;
                }
            }
        }
    }

    /// Strength of a Public Opinion action in one of its Regions.
    pub(super) fn strength_in(&self, a: &ActionInProgress, t: &Target) -> u8 {
        let municipal =
            a.seat == EQUALITY && self.public.region(t.region).law(Law::MunicipalElections);
        (a.strength + municipal as u8).saturating_sub(t.blocked())
    }

    /// The marker changes `seat` can make in `region` with this Public Opinion action, in
    /// the order the prompt lists them (Men first).
    pub(super) fn marker_ops(&self, kind: ActionKind, seat: Seat, region: Region) -> MarkerOps {
        let r = &self.public.region(region);
        let rows: &[Row] = if r.women_open {
            &[Row::Men, Row::Women]
        } else {
            &[Row::Men]
        };
        let mut ops = MarkerOps::default();
        match (kind, seat) {
            (ActionKind::Radicalize, EQUALITY) => {
                for &row in rows {
                    if r.row(row)[BLUE] > 0 {
                        ops.push(Op::Flip, row);
                    }
                }
            }
            (ActionKind::Radicalize, _) => {
                for &row in rows {
                    if r.row(row)[RED] > 0 {
                        ops.push(Op::Flip, row);
                    }
                }
            }
            (ActionKind::Persuade, EQUALITY) => {
                // Men may be persuaded only once no Women marker is red.
                let women_red = r.women[RED] + r.women[SUP] > 0;
                let pool = self.public.pool(EQUALITY);
                // Red Apathy this action made by a flip is not replaced by it (revision 1).
                let flipped_here = |row: Row| {
                    self.action()
                        .and_then(|a| a.targets.iter().find(|t| t.region == region))
                        .map_or(0, |t| t.flipped.iter().filter(|&&x| x == row).count())
                };
                for &row in rows {
                    if row == Row::Men && women_red {
                        continue;
                    }
                    if r.row(row)[RED] as usize > flipped_here(row) && pool > 0 {
                        ops.push(Op::Replace, row);
                    }
                    if r.row(row)[SUP] > 0 {
                        ops.push(Op::Flip, row);
                    }
                }
            }
            (ActionKind::Persuade, _) => {
                let pool = self.public.pool(SUPREMACY);
                for &row in rows {
                    if r.row(row)[BLUE] > 0 && pool > 0 {
                        ops.push(Op::Replace, row);
                    }
                }
            }
            _ => {}
        }
        ops
    }

    /// Moves to the markers of target `from` (or the next one with something to change).
    pub(super) fn next_flip(&mut self, from: usize) {
        let Some(a) = self.public.action.clone() else {
            return;
        };
        let mut i = from;
        while let Some(t) = a.targets.get(i) {
            let left = self.strength_in(&a, t);
            if left > 0 && !self.marker_ops(a.kind, a.seat, t.region).is_empty() {
                self.public.step = Step::Flip { target: i, left };
                return;
            }
            i += 1;
        }
        // Every Region is done.
        self.note(|| TvEvent::Resolved {
            seat: a.seat,
            kind: a.kind,
            changed: a.targets.iter().map(|t| (t.changed, t.region)).collect(),
        });
        if a.kind == ActionKind::Persuade && self.public.persuade_card_counters() {
            // 7.2: the card turns face-down once the action is over (already so if it
            // Countered a Block).
            self.set_face(a.seat, a.card, false);
        }
        if a.kind == ActionKind::Radicalize && self.room(a.seat) {
            self.public.step = Step::Keep;
        } else {
            if a.kind == ActionKind::Radicalize {
                self.discard_card(a.card);
            }
            self.complete_action();
        }
    }

    pub(super) fn change_marker(&mut self, target: usize, op: Op, row: Row) {
        let Some(a) = self.public.action.clone() else {
            return;
        };
        let Some(region) = a.targets.get(target).map(|t| t.region) else {
            return;
        };
        let seat = a.seat;
        let (from, to) = marker_change(a.kind, seat, op);
        let cells = self.public.region_mut(region).row_mut(row);
        if cells[from] == 0 {
            return;
        }
        cells[from] -= 1;
        cells[to] += 1;
        let counted_once = self.public.persuade_counted_once();
        if let Some(t) = self
            .public
            .action
            .as_mut()
            .and_then(|a| a.targets.get_mut(target))
        {
            t.changed += 1;
            if counted_once && (from, to) == (SUP, RED) {
                t.flipped.push(row);
            }
        }
        self.note(|| TvEvent::Marker {
            seat,
            region,
            op,
            from: from as u8,
            to: to as u8,
            row,
        });
    }
}

/// The marker a flip or replace takes away and the one it puts in its place (indices of a
/// row: [`EQ`], [`BLUE`], [`RED`], [`SUP`]), for an action of `kind` by `seat`: one table for
/// the effect ([`TheVote::change_marker`]) and the choice that offers it.
pub(super) fn marker_change(kind: ActionKind, seat: Seat, op: Op) -> (usize, usize) {
    match (kind, seat, op) {
        (ActionKind::Radicalize, EQUALITY, _) => (BLUE, EQ),
        (ActionKind::Radicalize, _, _) => (RED, SUP),
        (_, EQUALITY, Op::Flip) => (SUP, RED),
        (_, EQUALITY, _) => (RED, BLUE),
        _ => (BLUE, RED),
    }
}
