//! Phases and turns (6.0, 14.0): the end of a Player Phase, Turn End (game end, Congress
//! Control, the exhausted Deck, passive abilities, Refresh), the next turn, the outcome.

use super::*;

impl TheVote {
    pub(super) fn end_player_phase(&mut self) {
        let seat = self.public.active;
        let p = self.player_mut(seat);
        let lost = p.pw.saturating_sub(p.org);
        p.pw -= lost;
        if lost > 0 {
            self.note(|| TvEvent::PwLost { seat, lost });
        }
        self.public.action = None;
        if self.public.phase_index == 0 {
            self.public.phase_index = 1;
            self.public.active = 1 - self.public.first_player;
            self.public.step = Step::Action;
        } else {
            self.turn_end();
        }
    }

    pub(super) fn turn_end(&mut self) {
        // 14.1 Game end.
        let (e, s) = (self.player(EQUALITY).vp, self.player(SUPREMACY).vp);
        let both = Law::ALL
            .into_iter()
            .filter(|&l| l != Law::MunicipalElections)
            .all(|l| {
                self.public
                    .amendments_passed
                    .iter()
                    .any(|&a| a.def().kind == CardKind::Special(Special::Amendment(l)))
            });
        if both && e >= s {
            self.finish(
                vec![EQUALITY],
                format!("Equality has passed both Amendments and leads on VP ({e} to {s})"),
            );
            return;
        }
        let vp_max = self.public.table().vp_max;
        if s >= vp_max {
            self.finish(vec![SUPREMACY], format!("Supremacy reaches {vp_max} VP"));
            return;
        }
        self.congress_control();
        // 14.3 Reshuffle.
        if self.hidden.deck.is_empty() && !self.public.discard.is_empty() {
            self.reshuffle(ReshuffleFor::DeckExhausted);
            self.refresh_all(EQUALITY);
            self.refresh_all(SUPREMACY);
            self.org_score(SUPREMACY);
            self.org_score(EQUALITY);
        } else if self.hidden.deck.is_empty() && self.public.refresh_on_empty_deck() {
            // 14.3 asks only that the Deck be empty: with no Discards to shuffle, both
            // players still refresh and score (revision 0 skipped the step).
            self.note(|| TvEvent::NothingToShuffle);
            self.refresh_all(EQUALITY);
            self.refresh_all(SUPREMACY);
            self.org_score(SUPREMACY);
            self.org_score(EQUALITY);
        }
        // 14.4 Passive abilities: scoring, conditional scoring, then refresh.
        let sup = self
            .face_up(SUPREMACY, |c| c.def().kind == CardKind::Suppression)
            .len() as u8;
        self.gain_vp(SUPREMACY, sup, VpFor::SuppressionCards);
        let full = self
            .face_up(EQUALITY, |c| {
                c.def()
                    .region()
                    .is_some_and(|r| self.public.region(r).discs() == 3)
            })
            .len() as u8;
        self.gain_vp(EQUALITY, full, VpFor::FullRegionCards);
        self.start_refresh(EQUALITY);
    }

    /// 14.2: each Region's Congress Control Points (its revision's, `View::table`) go to
    /// Equality where Direct Election is in force and blue markers outnumber red, else to
    /// Supremacy; the side with more points (Supremacy if tied) holds Congress next turn.
    pub(super) fn congress_control(&mut self) {
        let mut points = [0u32; 2];
        let table = self.public.table();
        for (def, r) in table.regions.iter().zip(self.public.regions.iter_mut()) {
            r.congress = if r.law(Law::DirectElection) && r.blue() > r.red() {
                EQUALITY
            } else {
                SUPREMACY
            };
            points[r.congress] += def.congress_points as u32;
        }
        let holder = if points[EQUALITY] > points[SUPREMACY] {
            EQUALITY
        } else {
            SUPREMACY
        };
        self.public.congress_points = points;
        if holder != self.public.congress {
            self.note(|| TvEvent::Congress { holder, points });
        }
        self.public.congress = holder;
    }

    /// Refresh passive: one face-down card flipped per face-up Public Opinion card (and
    /// Region card, for Supremacy); at revision 1 each flip is optional.
    pub(super) fn start_refresh(&mut self, seat: Seat) {
        let n = self
            .face_up(seat, |c| match c.def().kind {
                CardKind::PublicOpinion => true,
                CardKind::Region { .. } => seat == SUPREMACY,
                _ => false,
            })
            .len() as u8;
        let down = self
            .player(seat)
            .reserve
            .iter()
            .filter(|r| !r.face_up)
            .count() as u8;
        if n == 0 || down == 0 {
            self.after_refresh(seat);
        } else if self.public.optional_refresh() {
            // 14.4: each flip is a choice, and the player may stop (`done`).
            self.public.step = Step::Refresh {
                seat,
                left: n.min(down),
            };
        } else if n >= down {
            self.refresh_all(seat);
            self.note(|| TvEvent::RefreshesAll { seat });
            self.after_refresh(seat);
        } else {
            self.public.step = Step::Refresh { seat, left: n };
        }
    }

    pub(super) fn after_refresh(&mut self, seat: Seat) {
        if seat == EQUALITY {
            self.start_refresh(SUPREMACY);
            return;
        }
        let turn_cap = self.public.table().turn_cap;
        if self.public.turn >= turn_cap {
            let (e, s) = (self.player(EQUALITY).vp, self.player(SUPREMACY).vp);
            let w = if e > s { EQUALITY } else { SUPREMACY };
            self.finish(
                vec![w],
                format!(
                    "the safety cap of {} turns is reached: {} leads on VP ({e} to {s})",
                    turn_cap,
                    faction_name(w)
                ),
            );
            return;
        }
        self.public.turn += 1;
        let turn = self.public.turn;
        self.note(|| TvEvent::Turn { turn });
        let want = [
            self.player(EQUALITY).org as usize,
            self.player(SUPREMACY).org as usize,
        ];
        self.fill_display(want);
        self.income();
    }

    pub(super) fn finish(&mut self, winners: Vec<Seat>, reason: String) {
        self.public.step = Step::Finished;
        self.public.action = None;
        self.note(|| TvEvent::Outcome);
        self.public.outcome = Some(Outcome {
            winners,
            reason,
            scores: vec![
                self.player(EQUALITY).vp as i64,
                self.player(SUPREMACY).vp as i64,
            ],
        });
    }
}
