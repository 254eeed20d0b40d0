//! Cubes a card places or removes one at a time: a placement in an area ([`Task::Place`]),
//! into listed states ([`Task::Fixed`]), removing opposing cubes ([`Task::Remove`]), and
//! clearing whole states ([`Task::RemoveAll`]); with the cube choices Campaigning offers too.

use super::super::actions::Action;
use super::super::decisions::{Offer, ch};
use super::super::*;

/// The label of a cube choice (`New York: add a purple cube`).
fn cube_label(s: St, what: &str) -> String {
    format!("{}: {what}", STATES[s as usize].name)
}

impl VotesForWomen {
    /// A placement's states in map order: open to `side`, in the area, under the cap (0: no
    /// cap), one state per region for `OnePerRegion`. What is placed already is counted
    /// once up front: this list is most of the choices a game offers.
    pub(super) fn place_offers(
        &self,
        side: Side,
        left: u8,
        area: PlaceArea,
        cap: u8,
        placed: &[(St, u8)],
        out: &mut impl Offer,
    ) {
        if left == 0 {
            return;
        }
        let mut here = [0u8; 48];
        let mut per_region = [0u8; 6];
        for &(s, n) in placed {
            if let Some(h) = here.get_mut(s as usize) {
                *h = n;
            }
            if n > 0 {
                per_region[region_of(s).index()] += 1;
            }
        }
        let south_blocked = self.south_blocked(side);
        for s in 0..48u8 {
            if out.enough() {
                break;
            }
            let r = region_of(s);
            let open = self.board.states[s as usize].mark.is_none()
                && !(south_blocked && Self::southern(r));
            if !open {
                continue;
            }
            let n = here[s as usize];
            let ok = match area {
                PlaceArea::Anywhere => true,
                PlaceArea::In(a) => r == a,
                // No other state of the region has cubes from this placement.
                PlaceArea::OnePerRegion(_) => per_region[r.index()] == u8::from(n > 0),
            };
            if ok && (cap == 0 || n < cap) {
                self.cube_offers(side, s, None, out);
            }
        }
    }

    pub(super) fn place_text(left: u8) -> String {
        format!("Place a cube ({left} left)")
    }

    /// The first state of the queue still open to `side`: the only one offered.
    pub(super) fn fixed_offers(&self, side: Side, queue: &[St], out: &mut impl Offer) {
        if let Some(i) = self.first_open(side, queue) {
            self.cube_offers(side, queue[i], None, out);
        }
    }

    pub(super) fn fixed_text(queue: &[St]) -> String {
        format!("Place a cube ({} left)", queue.len())
    }

    /// One cube into the first open state of the queue; the states before it are passed.
    pub(super) fn apply_fixed(&mut self, side: Side, mut queue: Vec<St>, a: Action) {
        // The state is the first open one of the queue (the only one offered).
        if let Some(i) = self.first_open(side, &queue) {
            let s = queue[i];
            queue.drain(..=i);
            self.set_task(Some(Task::Fixed { queue }));
            self.place_cube(side, s, a.hue());
        }
    }

    /// Each state holding opposing cubes, under the cap (0: no cap).
    pub(super) fn remove_offers(
        &self,
        side: Side,
        left: u8,
        cap: u8,
        placed: &[(St, u8)],
        out: &mut impl Offer,
    ) {
        if left > 0 {
            for s in 0..48u8 {
                if out.enough() {
                    break;
                }
                let st = &self.board.states[s as usize];
                if st.cubes(side.other()) > 0 && (cap == 0 || Self::placed_in(placed, s) < cap) {
                    self.removal_offers(side, s, out);
                }
            }
        }
    }

    pub(super) fn remove_text(left: u8) -> String {
        format!("Remove an opposing cube ({left} left)")
    }

    /// `state:NY` (or a colour's) in a placement ([`Task::Place`]) or a removal
    /// ([`Task::Remove`]): one cube fewer left, one more counted there against the cap, and
    /// `cube` ([`Self::place_cube`] or [`Self::remove_cube`]) puts it in or takes it out.
    pub(super) fn apply_counted(
        &mut self,
        side: Side,
        a: Action,
        cube: fn(&mut Self, Side, St, Option<Hue>),
    ) {
        let Some(s) = a.state() else {
            return;
        };
        if let Some(Task::Place { left, placed, .. } | Task::Remove { left, placed, .. }) =
            self.task_mut()
        {
            *left -= 1;
            Self::bump(placed, s);
        }
        cube(self, side, s, a.hue());
    }

    /// Each state holding cubes of `hue` to clear, then `done`.
    pub(super) fn remove_all_offers(&self, hue: HueSet, left: u8, out: &mut impl Offer) {
        if left > 0 {
            for s in 0..48u8 {
                if out.enough() {
                    break;
                }
                let st = &self.board.states[s as usize];
                let n = match hue {
                    HueSet::Purple => st.purple,
                    HueSet::Yellow => st.yellow,
                    HueSet::Suffragist => st.purple + st.yellow,
                };
                if n > 0 {
                    out.offer(Action::cube(s), || {
                        ch(
                            "remove",
                            format!(
                                "Clear {} ({})",
                                STATES[s as usize].name,
                                super::super::log::many(n, "cube")
                            ),
                        )
                        .location(code(s))
                        .amount(n as i64)
                    });
                }
            }
            if out.offered() > 0 {
                out.offer(Action::DONE, || ch("done", "Clear no more states"));
            }
        }
    }

    pub(super) fn remove_all_text(left: u8) -> String {
        format!("Clear cubes from up to {left} more state(s)")
    }

    /// `state:NY` clears the state of cubes of that colour; `done` stops early.
    pub(super) fn apply_remove_all(&mut self, side: Side, which: HueSet, left: u8, a: Action) {
        if a == Action::DONE {
            self.set_task(None);
            return;
        }
        let Some(s) = a.state() else {
            return;
        };
        let x = &mut self.board.states[s as usize];
        let n = match which {
            HueSet::Purple => std::mem::take(&mut x.purple),
            HueSet::Yellow => std::mem::take(&mut x.yellow),
            HueSet::Suffragist => std::mem::take(&mut x.purple) + std::mem::take(&mut x.yellow),
        };
        note!(
            self,
            VfwEvent::Clears {
                by: self.actor(side),
                state: s,
                n
            }
        );
        self.set_task(Some(Task::RemoveAll {
            hue: which,
            left: left - 1,
        }));
    }

    /// Offers putting one cube of `side` in state `s`: a Suffragist chooses the colour
    /// (`purple:NY` / `yellow:NY`) unless a Campaigner's colour is `fixed`; the Opposition
    /// removing from a state holding both colours chooses which.
    pub(super) fn cube_offers(&self, side: Side, s: St, fixed: Option<Hue>, out: &mut impl Offer) {
        let st = &self.board.states[s as usize];
        let c = code(s);
        let cube = |what: &str| ch("cube", cube_label(s, what)).location(c);
        let add = |h: Hue| {
            if h == Hue::Yellow {
                "add a yellow cube"
            } else {
                "add a purple cube"
            }
        };
        let remove = |h: Hue| {
            if h == Hue::Yellow {
                "remove a yellow cube"
            } else {
                "remove a purple cube"
            }
        };
        match side {
            Side::Suffragist if st.red > 0 => {
                out.offer(Action::cube(s), || cube("remove a red cube"))
            }
            Side::Suffragist => match fixed {
                Some(h) => out.offer(Action::cube(s), || cube(add(h))),
                None => {
                    for h in [Hue::Purple, Hue::Yellow] {
                        out.offer(Action::colour(h, s), || cube(add(h)));
                    }
                }
            },
            Side::Opposition if st.purple > 0 && st.yellow > 0 => {
                for h in [Hue::Purple, Hue::Yellow] {
                    out.offer(Action::colour(h, s), || cube(remove(h)));
                }
            }
            Side::Opposition => {
                let what = if st.purple + st.yellow > 0 {
                    "remove a Suffragist cube"
                } else {
                    "add a red cube"
                };
                out.offer(Action::cube(s), || cube(what));
            }
        }
    }

    /// Offers removing one opposing cube from `s` (the Opposition chooses the colour where
    /// both are there).
    fn removal_offers(&self, side: Side, s: St, out: &mut impl Offer) {
        let st = &self.board.states[s as usize];
        let c = code(s);
        let removal = |what: &str| ch("remove", cube_label(s, what)).location(c);
        if side == Side::Opposition && st.purple > 0 && st.yellow > 0 {
            out.offer(Action::colour(Hue::Purple, s), || {
                removal("remove a purple cube")
            });
            out.offer(Action::colour(Hue::Yellow, s), || {
                removal("remove a yellow cube")
            });
        } else {
            out.offer(Action::cube(s), || removal("remove a cube"));
        }
    }
}
