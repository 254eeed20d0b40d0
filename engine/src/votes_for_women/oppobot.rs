//! The Oppobot: the automated Opposition of the solitaire game, as the rulebook's "Managing
//! the Oppobot" defines it, with the readings of `oppobot_deck.md` §3.
//!
//! It is part of the rules, not a player: it never gets a prompt. Its cards run through the
//! same card table and interpreter as everyone's; where a card would ask the Opposition to
//! choose, [`VotesForWomen::bot_decide`] takes one of the offered (legal) choices by a die
//! roll or a fixed priority. Every such decision is a public log entry of kind `oppobot`
//! that says what was rolled or which priority applied, so a person can follow it.

use serde::{Deserialize, Serialize};

use super::actions::Action;
use super::data::*;
use super::decisions::Listing;
use super::oppobot_log::{RRoll, Why};
use super::*;

/// The Oppobot's public set-up: difficulty and the Start cards not yet played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OppobotMode {
    /// Hard: d8 instead of d4 for its bid and campaigns, d8 instead of d6 in Final Voting.
    pub hard: bool,
    /// Start cards still face up, for turns 1, 3 and 5 in that order.
    pub starts: Vec<CardId>,
}

/// A Suffragist cube colour to take first from a state holding both: the one with more
/// cubes there, purple on a tie (§3.6).
fn colour_rule(st: &UsState) -> Hue {
    if st.yellow > st.purple {
        Hue::Yellow
    } else {
        Hue::Purple
    }
}

impl VotesForWomen {
    /// Whether `side` is played by the Oppobot.
    pub(super) fn is_bot(&self, side: Side) -> bool {
        side == Side::Opposition && self.board.oppobot.is_some()
    }

    fn bot_die(&self) -> Die {
        match &self.board.oppobot {
            Some(m) if m.hard => Die::D8,
            _ => Die::D4,
        }
    }

    /// Logs one step of the Oppobot's play (an event built by value: none holds text).
    fn bot_log(&mut self, event: BotEvent) {
        note!(self, VfwEvent::Oppobot(event));
    }

    fn open(&self, s: St) -> bool {
        self.board.states[s as usize].mark.is_none()
    }

    /// Procedure R (§3.4): the gray d6 picks a region holding a candidate (rolled again
    /// until it does; skipped when all candidates share one region), then the black d8 is
    /// rolled until it shows a candidate's printed number.
    pub(super) fn bot_random_state(&mut self, cands: &[St]) -> Option<St> {
        let first = *cands.first()?;
        let mut rolls = Vec::new();
        let region = if cands.iter().all(|&s| region_of(s) == region_of(first)) {
            region_of(first)
        } else {
            let mut found = None;
            for _ in 0..1000 {
                let r = self.roll_die(Die::D6);
                rolls.push(RRoll::Region(r));
                let reg = REGIONS[(r - 1) as usize];
                if cands.iter().any(|&s| region_of(s) == reg) {
                    found = Some(reg);
                    break;
                }
            }
            found.unwrap_or(region_of(first))
        };
        let mut pick = None;
        for _ in 0..1000 {
            let d = self.roll_die(Die::D8);
            rolls.push(RRoll::State(d));
            let s = (region.index() * 8) as St + d - 1;
            if cands.contains(&s) {
                pick = Some(s);
                break;
            }
        }
        let s = pick.unwrap_or_else(|| {
            cands
                .iter()
                .copied()
                .find(|&s| region_of(s) == region)
                .unwrap_or(first)
        });
        note!(
            self,
            VfwEvent::Oppobot(BotEvent::RandomState {
                rolls,
                region,
                state: s
            })
        );
        Some(s)
    }

    /// The Oppobot's card roll failed: it rolls once more (§1, `reroll_once`).
    pub(super) fn bot_gate_reroll(&mut self, die: Die) {
        self.bot_log(BotEvent::GateReroll);
        let v = self.roll_die(die);
        self.log_roll(Side::Opposition, die, &[v]);
        if v < 3 {
            self.bot_log(BotEvent::GateFailedAgain);
            if let Some(f) = self.board.stack.last_mut() {
                f.failed = true;
            }
        }
    }

    /// Adds `n` red cubes in each of `k` different open states picked by procedure R.
    pub(super) fn bot_add_in_states(&mut self, side: Side, n: u8, k: u8, region: Option<Region>) {
        let mut picked: Vec<St> = Vec::new();
        for _ in 0..k {
            let cands: Vec<St> = (0..48u8)
                .filter(|&s| {
                    self.can_add(side, s)
                        && !picked.contains(&s)
                        && region.is_none_or(|r| region_of(s) == r)
                })
                .collect();
            let Some(s) = self.bot_random_state(&cands) else {
                break;
            };
            picked.push(s);
            for _ in 0..n {
                if self.board.outcome.is_some() || !self.can_add(side, s) {
                    break;
                }
                let hue = colour_rule(&self.board.states[s as usize]);
                self.place_cube(side, s, Some(hue));
            }
        }
    }

    /// How many Suffragist cubes the card's removals would take now, resolved by the
    /// Oppobot's priorities (most cubes first).
    pub(super) fn would_remove(&self, ops: &[Op]) -> u32 {
        let mut cubes: Vec<(u8, u8)> = self
            .board
            .states
            .iter()
            .map(|st| {
                if st.mark.is_none() {
                    (st.purple, st.yellow)
                } else {
                    (0, 0)
                }
            })
            .collect();
        let mut total = 0u32;
        for op in ops {
            match *op {
                Op::RemoveAll(h, k) => {
                    let amount = |c: &(u8, u8)| match h {
                        HueSet::Purple => c.0,
                        HueSet::Yellow => c.1,
                        HueSet::Suffragist => c.0 + c.1,
                    };
                    for _ in 0..k {
                        let Some(i) = (0..48).max_by_key(|&i| amount(&cubes[i])) else {
                            break;
                        };
                        total += amount(&cubes[i]) as u32;
                        match h {
                            HueSet::Purple => cubes[i].0 = 0,
                            HueSet::Yellow => cubes[i].1 = 0,
                            HueSet::Suffragist => cubes[i] = (0, 0),
                        }
                    }
                }
                Op::Remove(Count::Fixed(t), cap) => {
                    let mut per: Vec<u8> = cubes.iter().map(|c| c.0 + c.1).collect();
                    per.sort_unstable_by(|a, b| b.cmp(a));
                    let mut left = t;
                    for p in per {
                        let take = if cap == 0 { p } else { p.min(cap) }.min(left);
                        left -= take;
                        total += take as u32;
                    }
                }
                _ => {}
            }
        }
        total
    }

    /// Whether playing these ops now would change anything (§3.3).
    fn bot_benefit(&self, ops: &[Op], persist: Option<Persist>) -> bool {
        let open_in = |r: Region| r.states().any(|s| self.open(s));
        let any_open = (0..48u8).any(|s| self.open(s));
        let suff = |h: HueSet| {
            self.board.states.iter().any(|st| {
                st.mark.is_none()
                    && match h {
                        HueSet::Purple => st.purple > 0,
                        HueSet::Yellow => st.yellow > 0,
                        HueSet::Suffragist => st.purple + st.yellow > 0,
                    }
            })
        };
        for op in ops {
            let useful = match *op {
                Op::Congress(_) => !self.board.amendment_sent && self.board.congress > 0,
                Op::Gate(_) | Op::Roll(..) => false,
                Op::AddEach(list) => list.iter().any(|&(s, _)| self.open(s)),
                Op::AddRegions(rs, _) => rs.iter().any(|&r| open_in(r)),
                Op::Add(_, Area::In(r), _) | Op::AddInStates(_, _, Some(r)) => open_in(r),
                Op::Add(..)
                | Op::AddInStates(..)
                | Op::AddOneStateEachRegion(_)
                | Op::AddChosenRegion(_) => any_open,
                Op::RemoveAll(h, _) => suff(h),
                Op::Remove(..) => suff(HueSet::Suffragist),
                Op::OpponentLosesButtons(_) | Op::OpponentLosesHalfButtons => {
                    self.buttons(Side::Suffragist) > 0
                }
                _ => true,
            };
            if useful {
                return true;
            }
        }
        match persist {
            Some(p) if p.kind == BoxKind::RestOfTurn => {
                self.board.round < ROUNDS && !self.has_lasting(p.lasting)
            }
            Some(_) => true,
            None => false,
        }
    }

    /// The Oppobot's automatic steps when nothing waits: play a claimed card at once, or
    /// take its part of the round. Returns whether it did something.
    pub(super) fn bot_step(&mut self) -> bool {
        if self.board.oppobot.is_none()
            || !self.board.stack.is_empty()
            || self.board.outcome.is_some()
        {
            return false;
        }
        if !self.board.claimed[1].is_empty() {
            let c = self.board.claimed[1].remove(0);
            self.bot_play_claimed(c);
            return true;
        }
        if self.board.phase == Phase::Operations
            && self.board.active == Side::Opposition
            && !self.board.hand_done
        {
            self.bot_turn();
            return true;
        }
        false
    }

    fn bot_play_claimed(&mut self, c: CardId) {
        let Some((prereqs, ops)) = oppobot_alt(c) else {
            self.bot_log(BotEvent::NoOppobotText { card: c });
            self.board.out.push(c);
            return;
        };
        if let Some(p) = prereqs.iter().find(|&&p| !self.prereq_met(p, ops)) {
            self.bot_log(BotEvent::ClaimedFailsTest {
                card: c,
                prereq: *p,
            });
            self.board.out.push(c);
            self.bot_campaign();
            return;
        }
        if !self.bot_benefit(ops, None) {
            self.bot_log(BotEvent::ClaimedNoBenefit { card: c });
            self.board.out.push(c);
            self.bot_campaign();
            return;
        }
        self.bot_log(BotEvent::PlaysClaimed { card: c });
        self.push_frame(Side::Opposition, Source::Card(c), None);
        if let Some(f) = self.board.stack.last_mut() {
            f.oppobot_text = true;
        }
    }

    /// The Oppobot's part of a round: its Start card, or the top card of its deck as an
    /// event or for a Campaigning action.
    fn bot_turn(&mut self) {
        self.board.hand_done = true;
        let t = self.board.turn;
        let start = self.board.round == 1 && t % 2 == 1;
        let c = if start {
            let want = OPPOBOT_STARTS[((t - 1) / 2) as usize % 3];
            match self.board.oppobot.as_mut() {
                Some(m) => {
                    m.starts.retain(|&x| x != want);
                    Some(want)
                }
                None => None,
            }
        } else {
            self.hidden.decks[1].draw()
        };
        let Some(c) = c else {
            self.bot_log(BotEvent::NoCardLeft);
            return;
        };
        if start {
            self.bot_log(BotEvent::PlaysStart { card: c, turn: t });
            self.play_event(Side::Opposition, c);
            return;
        }
        note!(
            self,
            VfwEvent::Oppobot(BotEvent::Draws {
                card: c,
                left: self.hidden.decks[1].len()
            })
        );
        let def = card(c);
        if let Some(p) = def.prereqs.iter().find(|&&p| !self.prereq_met(p, def.ops)) {
            self.bot_log(BotEvent::FailsTest {
                card: c,
                prereq: *p,
            });
            self.board.out.push(c);
            self.bot_campaign();
            return;
        }
        if !self.bot_benefit(def.ops, def.persist) {
            self.bot_log(BotEvent::NoBenefit { card: c });
            self.board.out.push(c);
            self.bot_campaign();
            return;
        }
        self.play_event(Side::Opposition, c);
    }

    /// The Oppobot's Campaigning action (§3.5), for each red Campaigner in order.
    pub(super) fn bot_campaign(&mut self) {
        let camps = self.campaigners_of(Side::Opposition);
        if camps.is_empty() {
            self.bot_log(BotEvent::NoCampaigner);
            return;
        }
        let die = self.bot_die();
        for i in camps {
            if self.board.outcome.is_some() || !(0..48u8).any(|s| self.open(s)) {
                return;
            }
            let mut region = None;
            for _ in 0..1000 {
                let r = self.roll_die(Die::D6);
                let reg = REGIONS[(r - 1) as usize];
                if reg.states().any(|s| self.open(s)) {
                    self.bot_log(BotEvent::CampaignRegion {
                        roll: r,
                        region: reg,
                    });
                    region = Some(reg);
                    break;
                }
                self.bot_log(BotEvent::RegionClosed {
                    roll: r,
                    region: reg,
                });
            }
            let Some(region) = region else {
                return;
            };
            if let Some(cp) = self.board.campaigners.get_mut(i as usize) {
                cp.region = region;
            }
            let mut cards: Vec<St> = self
                .board
                .available_states
                .iter()
                .filter_map(|&c| card(c).state)
                .filter(|&s| region_of(s) == region && self.open(s))
                .collect();
            cards.sort_unstable();
            let target = match cards.len() {
                0 => {
                    let cands: Vec<St> = region.states().filter(|&s| self.open(s)).collect();
                    self.bot_log(BotEvent::NoStateCard);
                    self.bot_random_state(&cands)
                }
                1 => {
                    self.bot_log(BotEvent::TargetsCard { state: cards[0] });
                    Some(cards[0])
                }
                _ => {
                    let d = self.roll_die(Die::D6);
                    let s = if d <= 3 { cards[0] } else { cards[1] };
                    self.bot_log(BotEvent::TwoStateCards { roll: d, state: s });
                    Some(s)
                }
            };
            let Some(target) = target else {
                continue;
            };
            let n = self.roll_die(die);
            self.bot_log(BotEvent::CubeDie {
                die,
                n,
                state: target,
            });
            self.bot_place_with_spill(target, n);
        }
    }

    /// Places `n` red cubes in `target`; once the amendment is out, cubes left when the
    /// target becomes a Red X go to the closest open state of its region.
    fn bot_place_with_spill(&mut self, target: St, n: u8) {
        let mut cur = target;
        let mut left = n;
        while left > 0 && self.board.outcome.is_none() {
            if self.open(cur) {
                let hue = colour_rule(&self.board.states[cur as usize]);
                self.place_cube(Side::Opposition, cur, Some(hue));
                left -= 1;
                continue;
            }
            match self.closest_open(target) {
                Some(s) => {
                    self.bot_log(BotEvent::Spill {
                        from: cur,
                        to: s,
                        left,
                    });
                    cur = s;
                }
                None => {
                    self.bot_log(BotEvent::CubesLost {
                        region: region_of(target),
                        left,
                    });
                    return;
                }
            }
        }
    }

    /// The open state of `from`'s region fewest borders away (ties: lowest printed number).
    pub(super) fn closest_open(&self, from: St) -> Option<St> {
        let mut dist = [u8::MAX; 48];
        dist[from as usize] = 0;
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(s) = queue.pop_front() {
            for nb in neighbours(s) {
                if dist[nb as usize] == u8::MAX {
                    dist[nb as usize] = dist[s as usize] + 1;
                    queue.push_back(nb);
                }
            }
        }
        region_of(from)
            .states()
            .filter(|&s| s != from && self.open(s))
            .min_by_key(|&s| (dist[s as usize], s))
    }

    /// The Strategy Phase against the Oppobot: it rolls against the commitment (§3.8).
    pub(super) fn bot_bid(&mut self) {
        let n = self.board.commit.unwrap_or(0);
        let die = self.bot_die();
        let r = self.roll_die(die);
        let winner = match n.cmp(&r) {
            std::cmp::Ordering::Greater => Some(Side::Suffragist),
            std::cmp::Ordering::Equal => None,
            std::cmp::Ordering::Less => Some(Side::Opposition),
        };
        self.bot_log(BotEvent::StrategyDie {
            die,
            roll: r,
            committed: n,
            winner,
        });
        self.end_strategy_phase();
        match winner {
            Some(Side::Suffragist) => {
                // In co-op Yellow, the side's Strategy decider, takes the card.
                let slot = self.board.strategy_slot(Side::Suffragist);
                self.push_frame_for(
                    Side::Suffragist,
                    slot,
                    Source::StrategyPick,
                    Some(Task::PickStrategy),
                );
            }
            Some(Side::Opposition) => {
                self.bot_take_strategy();
            }
            None => {}
        }
    }

    /// The Oppobot takes a displayed Strategy card by slot: d6 1–2, 3–4, 5–6 (§3.7).
    fn bot_take_strategy(&mut self) {
        let len = self.board.strategy_display.len();
        if len == 0 {
            self.bot_log(BotEvent::NoStrategyCard);
            return;
        }
        let d = self.roll_die(Die::D6);
        let slot = (((d - 1) / 2) as usize).min(len - 1);
        let c = self.board.strategy_display[slot];
        self.bot_log(BotEvent::StrategySlot {
            roll: d,
            slot: slot as u8,
            card: c,
        });
        self.claim_strategy(Side::Opposition, 0, c);
    }

    /// Resolves a choice point of one of the Oppobot's cards, or its Final Voting pick,
    /// from the legal choices by dice or a fixed priority.
    pub(super) fn bot_decide(&mut self) {
        let Some(asked) = self.asked() else {
            return;
        };
        let mut actions: Vec<Action> = Vec::new();
        self.offers(
            asked,
            &mut Listing {
                out: &mut actions,
                n: 0,
            },
        );
        // The Oppobot's priorities read the choices as their ids (`state:NY`, `keep`, …).
        let ids: Vec<String> = actions.iter().map(Action::to_string).collect();
        let choice = self.bot_pick(&ids);
        if let Some(action) = crate::parse_action::<Action>(&choice) {
            self.choose(Side::Opposition, action);
        }
    }

    fn bot_pick(&mut self, ids: &[String]) -> String {
        let states: Vec<St> = {
            let mut v: Vec<St> = ids
                .iter()
                .filter_map(|id| {
                    let (k, a) = id.split_once(':')?;
                    matches!(k, "state" | "purple" | "yellow")
                        .then(|| state_by_code(a))
                        .flatten()
                })
                .collect();
            v.dedup();
            v
        };
        let has = |id: &str| ids.iter().any(|x| x == id);
        let task = self.board.stack.last().and_then(|f| f.task.clone());
        let with_colour = |me: &Self, s: St| -> String {
            let c = code(s);
            if has(&format!("state:{c}")) {
                return format!("state:{c}");
            }
            let hue = colour_rule(&me.board.states[s as usize]);
            let want = format!("{}:{c}", hue.slug());
            if has(&want) {
                want
            } else {
                ids.iter()
                    .find(|x| x.ends_with(&format!(":{c}")))
                    .cloned()
                    .unwrap_or_else(|| ids[0].clone())
            }
        };
        // The state(s) scoring highest, ties broken by procedure R.
        let best_by = |me: &mut Self, score: &dyn Fn(&Self, St) -> i32, why: Why| -> String {
            let top = states.iter().map(|&s| score(me, s)).max().unwrap_or(0);
            let tied: Vec<St> = states
                .iter()
                .copied()
                .filter(|&s| score(me, s) == top)
                .collect();
            let s = if tied.len() == 1 {
                tied[0]
            } else {
                me.bot_log(BotEvent::Tie {
                    n: tied.len() as u8,
                    why,
                });
                me.bot_random_state(&tied).unwrap_or(tied[0])
            };
            me.bot_log(BotEvent::Picks { state: s, why });
            with_colour(me, s)
        };
        if states.is_empty() {
            return self.bot_pick_no_state(ids, task);
        }
        match task {
            Some(Task::RemoveAll { hue, .. }) => best_by(
                self,
                &|me, s| {
                    let st = &me.board.states[s as usize];
                    (match hue {
                        HueSet::Purple => st.purple,
                        HueSet::Yellow => st.yellow,
                        HueSet::Suffragist => st.purple + st.yellow,
                    }) as i32
                },
                Why::MostOfColour,
            ),
            Some(Task::Remove { .. }) => best_by(
                self,
                &|me, s| me.board.states[s as usize].cubes(Side::Suffragist) as i32,
                Why::MostSuffragist,
            ),
            Some(Task::Place { placed, area, .. }) => {
                // Keep filling the state begun last while it has room, else the dice.
                if let Some(&(s, _)) = placed.last()
                    && states.contains(&s)
                {
                    return with_colour(self, s);
                }
                let cands: Vec<St> = match area {
                    PlaceArea::OnePerRegion(_) => {
                        // Regions in order, 1 to 6: only the black die is rolled.
                        let r = states.iter().map(|&s| region_of(s).index()).min();
                        states
                            .iter()
                            .copied()
                            .filter(|&s| Some(region_of(s).index()) == r)
                            .collect()
                    }
                    _ => states.clone(),
                };
                let s = self.bot_random_state(&cands).unwrap_or(states[0]);
                with_colour(self, s)
            }
            Some(Task::Fixed { .. }) => with_colour(self, states[0]),
            Some(_) => {
                let s = self.bot_random_state(&states).unwrap_or(states[0]);
                with_colour(self, s)
            }
            None => {
                // Final Voting: the open state with the most red cubes, else the fewest
                // Suffragist cubes.
                let any_red = states
                    .iter()
                    .any(|&s| self.board.states[s as usize].red > 0);
                if any_red {
                    best_by(
                        self,
                        &|me, s| me.board.states[s as usize].red as i32,
                        Why::FinalVotingMostRed,
                    )
                } else {
                    best_by(
                        self,
                        &|me, s| -(me.board.states[s as usize].cubes(Side::Suffragist) as i32),
                        Why::FinalVotingFewestSuffragist,
                    )
                }
            }
        }
    }

    /// A decision of the Oppobot that names no state: keep a roll, the region with most
    /// open states holding Suffragist cubes, a Strategy card by the d6, else the first
    /// choice that is not `done`, `pass` or `reroll`.
    fn bot_pick_no_state(&mut self, ids: &[String], task: Option<Task>) -> String {
        let has = |id: &str| ids.iter().any(|x| x == id);
        if has("keep") {
            return "keep".into();
        }
        if let Some(Task::ChooseRegion { .. }) = task {
            let score = |r: Region| {
                r.states()
                    .filter(|&s| {
                        let st = &self.board.states[s as usize];
                        st.mark.is_none() && st.purple + st.yellow > 0
                    })
                    .count()
            };
            let best = REGIONS
                .iter()
                .copied()
                .max_by_key(|&r| (score(r), std::cmp::Reverse(r.index())))
                .unwrap_or(Region::West);
            self.bot_log(BotEvent::PicksRegion { region: best });
            return format!("region:{}", best.slug());
        }
        if let Some(Task::PickStrategy) = task {
            let len = self.board.strategy_display.len().max(1);
            let d = self.roll_die(Die::D6);
            let slot = (((d - 1) / 2) as usize).min(len - 1);
            if let Some(&c) = self.board.strategy_display.get(slot) {
                self.bot_log(BotEvent::StrategySlot {
                    roll: d,
                    slot: slot as u8,
                    card: c,
                });
                let id = format!("strategy:{}", slug(c));
                if has(&id) {
                    return id;
                }
            }
        }
        let first = ids
            .iter()
            .find(|x| !matches!(x.as_str(), "done" | "pass" | "reroll"))
            .unwrap_or(&ids[0])
            .clone();
        // `first` is an action's id, so it always parses back to its action.
        note!(
            self,
            VfwEvent::Oppobot(BotEvent::TakesFirst {
                choice: crate::parse_action::<Action>(&first).map_or(u32::MAX, crate::Action::code),
            })
        );
        first
    }
}
