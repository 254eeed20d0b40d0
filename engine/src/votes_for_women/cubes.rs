//! Cubes and states, Congress and ratification: placing and removing cubes (a State card
//! is claimed at 4 own cubes), Congress's markers and the 19th Amendment, the checks and Xs
//! that decide the game.

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
        say!(
            self,
            actor,
            "congress",
            "Congress: {before} → {now} markers"
        );
        if now == 6 {
            self.send_amendment();
        }
    }

    /// Congress passes the 19th Amendment: markers leave, states with 4+ cubes decide.
    pub(super) fn send_amendment(&mut self) {
        self.board.amendment_sent = true;
        self.board.congress = 0;
        note!(
            self,
            LogEntry::new(
                "amendment",
                "Congress sends the 19th Amendment to the states",
            )
        );
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
        let word = match side {
            Side::Suffragist => {
                st.mark = Some(Mark::Check);
                self.board.checks += 1;
                "ratifies"
            }
            Side::Opposition => {
                st.mark = Some(Mark::X);
                self.board.xs += 1;
                "rejects"
            }
        };
        let seat = self.seat_of(side);
        note!(
            self,
            LogEntry::new(
                "decided",
                format!(
                    "{} {word} the amendment ({} checks, {} Xs)",
                    STATES[s as usize].name, self.board.checks, self.board.xs
                ),
            )
            .seat(seat)
            .location(code(s))
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
        let seat = self.seat_of(winner);
        let who = if self.is_bot(winner) {
            "The Oppobot (Opposition)"
        } else {
            winner.name()
        };
        let reason = format!("{who} wins: {reason}");
        note!(self, LogEntry::new("outcome", reason.clone()).seat(seat));
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
        let what;
        match side {
            Side::Suffragist if st.red > 0 => {
                st.red -= 1;
                what = "removes a red cube from";
            }
            Side::Suffragist => {
                if hue == Some(Hue::Yellow) {
                    st.yellow += 1;
                    what = "adds a yellow cube in";
                } else {
                    st.purple += 1;
                    what = "adds a purple cube in";
                }
            }
            Side::Opposition if st.purple + st.yellow > 0 => {
                if (hue == Some(Hue::Yellow) && st.yellow > 0) || st.purple == 0 {
                    st.yellow -= 1;
                    what = "removes a yellow cube from";
                } else {
                    st.purple -= 1;
                    what = "removes a purple cube from";
                }
            }
            Side::Opposition => {
                st.red += 1;
                what = "adds a red cube in";
            }
        }
        let own = self.board.states[s as usize].cubes(side);
        let seat = self.seat_of(side);
        note!(
            self,
            LogEntry::new("cube", format!("{} {what} {}", side.name(), code(s)))
                .seat(seat)
                .location(code(s))
        );
        if own == 4 && what.starts_with("adds") {
            if let Some(i) = self
                .board
                .available_states
                .iter()
                .position(|&c| card(c).state == Some(s))
            {
                let c = self.board.available_states.remove(i);
                let p = player(side, self.slot_now(side));
                self.board.claimed[p].push(c);
                say!(
                    self,
                    side,
                    "claim",
                    "{} claims the State card {}",
                    self.who(side),
                    card(c).name
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
                "red"
            }
            Side::Opposition => {
                if (hue == Some(Hue::Yellow) && st.yellow > 0) || st.purple == 0 {
                    st.yellow = st.yellow.saturating_sub(1);
                    "yellow"
                } else {
                    st.purple -= 1;
                    "purple"
                }
            }
        };
        say!(
            self,
            side,
            "remove",
            "{} removes a {what} cube from {}",
            side.name(),
            code(s)
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
