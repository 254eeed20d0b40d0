//! Choosing where a card acts: a region whose every state gets cubes
//! ([`Task::ChooseRegion`]), and the state a Veto, a Reconsideration or Bellwether picks
//! ([`Task::PickState`]), with what each does there.

use super::super::actions::Action;
use super::super::decisions::{Offer, ch};
use super::super::*;

/// The prompt of [`Task::ChooseRegion`].
pub(super) const CHOOSE_REGION_TEXT: &str = "Choose a region";

/// The prompt of [`Task::PickState`].
pub(super) const PICK_STATE_TEXT: &str = "Choose a state";

impl VotesForWomen {
    /// Each region.
    pub(super) fn choose_region_offers(n: u8, out: &mut impl Offer) {
        for r in REGIONS {
            out.offer(Action::Region(r), || {
                ch(
                    "region",
                    format!("Add {n} in every state of the {}", r.name()),
                )
                .location(r.slug())
            });
        }
    }

    /// `region:R`: `n` cubes into each state of R, one at a time.
    pub(super) fn apply_choose_region(&mut self, side: Side, n: u8, a: Action) {
        if let Action::Region(r) = a {
            let queue = r
                .states()
                .flat_map(|s| std::iter::repeat_n(s, n as usize))
                .collect();
            note!(
                self,
                VfwEvent::ChoosesRegion {
                    by: self.actor(side),
                    region: r
                }
            );
            self.set_task(Some(Task::Fixed { queue }));
        }
    }

    /// The states a Veto, a Reconsideration or Bellwether may pick.
    pub(super) fn pick_state_offers(&self, side: Side, pick: StatePick, out: &mut impl Offer) {
        for s in 0..48u8 {
            if out.enough() {
                break;
            }
            let st = &self.board.states[s as usize];
            let ok = match pick {
                StatePick::Veto => st.mark == Some(Mark::Check),
                StatePick::Reconsideration => match side {
                    Side::Suffragist => st.mark == Some(Mark::X) && !self.blocked(side, s),
                    Side::Opposition => st.mark == Some(Mark::Check),
                },
                StatePick::Bellwether => self.can_add(side, s),
            };
            if ok {
                out.offer(Action::cube(s), || {
                    ch("state", STATES[s as usize].name).location(code(s))
                });
            }
        }
    }

    /// The state picked for Veto, Reconsideration or Bellwether, and what it does there.
    pub(super) fn apply_pick_state(&mut self, side: Side, pick: StatePick, a: Action) {
        let Some(s) = a.state() else {
            return;
        };
        self.set_task(None);
        match pick {
            StatePick::Veto => {
                self.board.states[s as usize].mark = Some(Mark::X);
                self.board.checks -= 1;
                self.board.xs += 1;
                note!(
                    self,
                    VfwEvent::Vetoed {
                        by: self.actor(side),
                        state: s
                    }
                );
                self.check_victory();
            }
            StatePick::Reconsideration => {
                self.board.states[s as usize].mark = None;
                match side {
                    Side::Suffragist => self.board.xs -= 1,
                    Side::Opposition => self.board.checks -= 1,
                }
                note!(
                    self,
                    VfwEvent::Reconsiders {
                        by: self.actor(side),
                        state: s
                    }
                );
                self.set_task(Some(Task::Fixed { queue: vec![s, s] }));
            }
            StatePick::Bellwether => {
                let x = &mut self.board.states[s as usize];
                match side {
                    Side::Suffragist => x.red = 0,
                    Side::Opposition => {
                        x.purple = 0;
                        x.yellow = 0;
                    }
                }
                note!(
                    self,
                    VfwEvent::OpposingCubesLeave {
                        by: self.actor(side),
                        state: s
                    }
                );
                self.set_task(Some(Task::Fixed { queue: vec![s; 4] }));
            }
        }
    }
}
