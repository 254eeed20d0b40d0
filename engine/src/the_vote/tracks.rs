//! The players' tracks and Reserves: PW, VP, Org scoring, and cards moving between
//! the Display, the Reserve, the Discard pile and the Removed cards.

use super::*;

impl TheVote {
    pub(super) fn gain_pw(&mut self, seat: Seat, n: u8) {
        if n == 0 {
            return;
        }
        let pw_max = self.public.table().pw_max;
        let p = self.player_mut(seat);
        let before = p.pw;
        p.pw = (p.pw + n).min(pw_max);
        let got = p.pw - before;
        let now = p.pw;
        self.note(|| TvEvent::Pw { seat, n, got, now });
    }

    pub(super) fn gain_vp(&mut self, seat: Seat, n: u8, why: VpFor) {
        if n == 0 {
            return;
        }
        let vp_max = self.public.table().vp_max;
        let p = self.player_mut(seat);
        p.vp = (p.vp + n).min(vp_max);
        let now = p.vp;
        self.note(|| TvEvent::Vp { seat, n, why, now });
    }

    pub(super) fn pay(&mut self, seat: Seat, n: u8) {
        let p = self.player_mut(seat);
        p.pw = p.pw.saturating_sub(n);
    }

    pub(super) fn spend_all(&mut self, seat: Seat) -> u8 {
        let p = self.player_mut(seat);
        std::mem::take(&mut p.pw)
    }

    pub(super) fn room(&self, seat: Seat) -> bool {
        let p = self.player(seat);
        p.reserve.len() < p.org as usize
    }

    pub(super) fn face_up(&self, seat: Seat, pred: impl Fn(Card) -> bool) -> Vec<Card> {
        self.player(seat)
            .reserve
            .iter()
            .filter(|r| r.face_up && pred(r.card))
            .map(|r| r.card)
            .collect()
    }

    /// `seat`'s face-up Public Opinion cards, in Reserve order.
    pub(super) fn face_up_po_iter(&self, seat: Seat) -> impl Iterator<Item = Card> + '_ {
        self.player(seat)
            .reserve
            .iter()
            .filter(|r| r.face_up && r.card.def().kind == CardKind::PublicOpinion)
            .map(|r| r.card)
    }

    pub(super) fn has_face_up_po(&self, seat: Seat) -> bool {
        self.face_up_po_iter(seat).next().is_some()
    }

    /// `seat`'s Reserve cards that may be Removed: all but the Amendments it has passed.
    pub(super) fn removable(&self, seat: Seat) -> impl Iterator<Item = Card> + '_ {
        self.player(seat)
            .reserve
            .iter()
            .filter(|r| !matches!(r.card.def().kind, CardKind::Special(Special::Amendment(_))))
            .map(|r| r.card)
    }

    /// Whether the Discard Action has something to Discard or Remove.
    pub(super) fn can_discard(&self, seat: Seat) -> bool {
        self.public.display_of(seat).next().is_some() || self.removable(seat).next().is_some()
    }

    pub(super) fn set_face(&mut self, seat: Seat, card: Card, up: bool) {
        if let Some(r) = self
            .player_mut(seat)
            .reserve
            .iter_mut()
            .find(|r| r.card == card)
        {
            r.face_up = up;
        }
    }

    pub(super) fn take_from_reserve(&mut self, seat: Seat, card: Card) {
        self.player_mut(seat).reserve.retain(|r| r.card != card);
    }

    pub(super) fn take_from_display(&mut self, card: Card) {
        self.public.display.retain(|&c| c != card);
    }

    pub(super) fn refresh_all(&mut self, seat: Seat) {
        for r in &mut self.player_mut(seat).reserve {
            r.face_up = true;
        }
    }

    pub(super) fn has_congress(&self, seat: Seat) -> bool {
        self.public.congress == seat
    }

    /// Org scoring (8.0, 14.3): Supremacy 1 per Region with more red than blue, Equality 1
    /// per Law in place.
    pub(super) fn org_score(&mut self, seat: Seat) {
        if seat == SUPREMACY {
            let n = self
                .public
                .regions
                .iter()
                .filter(|r| r.red() > r.blue())
                .count() as u8;
            self.gain_vp(seat, n, VpFor::RedRegions);
        } else {
            let n = self
                .public
                .regions
                .iter()
                .map(RegionState::discs)
                .sum::<u8>();
            self.gain_vp(seat, n, VpFor::LawsInPlace);
        }
    }

    pub(super) fn discard_card(&mut self, card: Card) {
        self.public.discard.push(card);
        self.note(|| TvEvent::Discarded { card });
    }

    pub(super) fn remove_card(&mut self, seat: Seat, card: Card) {
        self.take_from_reserve(seat, card);
        self.public.removed.push(card);
        self.note(|| TvEvent::Removed { seat, card });
    }
}
