//! Cubes and states, Congress and ratification: placing and removing cubes (a State card
//! is claimed at 4 own cubes), Congress's markers and the 19th Amendment, the checks and Xs
//! that decide the game.

use super::log::CubeChange;
use super::*;

impl VotesForWomen {
    /// Moves Congress `n` steps `side`'s way; the 6th marker sends the amendment.
    pub(super) fn move_congress(&mut self, side: Side, n: u8) {
        self.push_congress(side, side, n);
    }

    /// `actor` moves Congress `n` steps `toward`'s way (up for the Suffragist, down for the
    /// Opposition); the 6th marker sends the amendment.
    pub(super) fn push_congress(&mut self, actor: Side, toward: Side, n: u8) {
        if self.board.amendment_sent || n == 0 {
            return;
        }
        let before = self.board.congress;
        self.board.congress = match toward {
            Side::Suffragist => (before + n).min(6),
            Side::Opposition => before.saturating_sub(n),
        };
        let now = self.board.congress;
        if now == before {
            return;
        }
        note!(
            self,
            VfwEvent::Congress {
                by: self.actor(actor),
                before,
                now
            }
        );
        if now == 6 {
            self.send_amendment();
        }
    }

    /// Congress passes the 19th Amendment: markers leave, states with 4+ cubes decide.
    pub(super) fn send_amendment(&mut self) {
        self.board.amendment_sent = true;
        self.board.congress = 0;
        note!(self, VfwEvent::AmendmentSent);
        for s in 0..48u8 {
            for side in [Side::Suffragist, Side::Opposition] {
                if self.board.states[s as usize].mark.is_none()
                    && self.board.states[s as usize].cubes(side) >= 4
                {
                    self.decide_state(s, side);
                    if self.board.outcome.is_some() {
                        return;
                    }
                }
            }
        }
    }

    /// The state's cubes give way to `side`'s check or X; the game may end.
    pub(super) fn decide_state(&mut self, s: St, side: Side) {
        let st = &mut self.board.states[s as usize];
        *st = UsState::default();
        match side {
            Side::Suffragist => {
                st.mark = Some(Mark::Check);
                self.board.checks += 1;
            }
            Side::Opposition => {
                st.mark = Some(Mark::X);
                self.board.xs += 1;
            }
        }
        note!(
            self,
            VfwEvent::Decided {
                by: self.actor(side),
                state: s,
                checks: self.board.checks,
                xs: self.board.xs,
            }
        );
        self.check_victory();
    }

    pub(super) fn check_victory(&mut self) {
        if self.board.outcome.is_some() {
            return;
        }
        if self.board.checks >= CHECKS_TO_WIN {
            self.finish(
                Side::Suffragist,
                format!("{} states ratify the 19th Amendment", self.board.checks),
            );
        } else if self.board.xs >= XS_TO_WIN {
            self.finish(
                Side::Opposition,
                format!("{} states reject the 19th Amendment", self.board.xs),
            );
        }
    }

    pub(super) fn finish(&mut self, winner: Side, reason: String) {
        let by = self.actor(winner);
        let who = if self.is_bot(winner) {
            "The Oppobot (Opposition)"
        } else {
            winner.name()
        };
        let reason = format!("{who} wins: {reason}");
        note!(
            self,
            VfwEvent::Won {
                by,
                text: reason.clone()
            }
        );
        self.board.phase = Phase::Finished;
        // Cards still being played when the game ends leave the game.
        for f in std::mem::take(&mut self.board.stack) {
            if let Source::Card(c) = f.source {
                self.board.out.push(c);
            }
        }
        self.board.vote = None;
        // Every seat of the winning side wins; against the Oppobot its win is the
        // Suffragist seats' loss: no seat wins. Each seat scores its side's checks or Xs.
        self.board.outcome = Some(Outcome {
            winners: self.side_seats(winner),
            reason,
            scores: self
                .board
                .seats
                .iter()
                .map(|&s| match s {
                    Side::Suffragist => self.board.checks as i64,
                    Side::Opposition => self.board.xs as i64,
                })
                .collect(),
        });
    }

    /// `side` puts one cube into state `s`: it removes an opposing cube if there is one
    /// (`hue` picks which for the Opposition), else adds one of `side`'s (`hue` picks the
    /// colour for the Suffragist). Claims a State card and decides the state at 4.
    pub(super) fn place_cube(&mut self, side: Side, s: St, hue: Option<Hue>) {
        let st = &mut self.board.states[s as usize];
        let change;
        match side {
            Side::Suffragist if st.red > 0 => {
                st.red -= 1;
                change = CubeChange::Removed(Hue::Red);
            }
            Side::Suffragist => {
                if hue == Some(Hue::Yellow) {
                    st.yellow += 1;
                    change = CubeChange::Added(Hue::Yellow);
                } else {
                    st.purple += 1;
                    change = CubeChange::Added(Hue::Purple);
                }
            }
            Side::Opposition if st.purple + st.yellow > 0 => {
                if (hue == Some(Hue::Yellow) && st.yellow > 0) || st.purple == 0 {
                    st.yellow -= 1;
                    change = CubeChange::Removed(Hue::Yellow);
                } else {
                    st.purple -= 1;
                    change = CubeChange::Removed(Hue::Purple);
                }
            }
            Side::Opposition => {
                st.red += 1;
                change = CubeChange::Added(Hue::Red);
            }
        }
        let own = self.board.states[s as usize].cubes(side);
        note!(
            self,
            VfwEvent::Cube {
                by: self.actor(side),
                state: s,
                change
            }
        );
        if own == 4 && matches!(change, CubeChange::Added(_)) {
            if let Some(i) = self
                .board
                .available_states
                .iter()
                .position(|&c| card(c).state == Some(s))
            {
                let c = self.board.available_states.remove(i);
                let p = player(side, self.slot_now(side));
                self.board.claimed[p].push(c);
                note!(
                    self,
                    VfwEvent::ClaimsState {
                        by: self.actor(side),
                        card: c
                    }
                );
            }
            if self.board.amendment_sent {
                self.decide_state(s, side);
            }
        }
    }

    /// `side` removes one opposing cube from `s` (`hue` picks the colour).
    pub(super) fn remove_cube(&mut self, side: Side, s: St, hue: Option<Hue>) {
        let st = &mut self.board.states[s as usize];
        let what = match side {
            Side::Suffragist => {
                st.red = st.red.saturating_sub(1);
                Hue::Red
            }
            Side::Opposition => {
                if (hue == Some(Hue::Yellow) && st.yellow > 0) || st.purple == 0 {
                    st.yellow = st.yellow.saturating_sub(1);
                    Hue::Yellow
                } else {
                    st.purple -= 1;
                    Hue::Purple
                }
            }
        };
        note!(
            self,
            VfwEvent::RemovesCube {
                by: self.actor(side),
                state: s,
                hue: what
            }
        );
    }

    pub(super) fn placed_in(placed: &[(St, u8)], s: St) -> u8 {
        placed
            .iter()
            .find(|(x, _)| *x == s)
            .map(|p| p.1)
            .unwrap_or(0)
    }

    pub(super) fn bump(placed: &mut Vec<(St, u8)>, s: St) {
        match placed.iter_mut().find(|(x, _)| *x == s) {
            Some(p) => p.1 += 1,
            None => placed.push((s, 1)),
        }
    }

    pub(super) fn first_open(&self, side: Side, queue: &[St]) -> Option<usize> {
        queue.iter().position(|&s| self.can_add(side, s))
    }
}
