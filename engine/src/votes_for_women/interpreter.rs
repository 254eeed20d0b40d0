//! The effect interpreter: every card is a program of [`Op`]s run in a [`Frame`] on the
//! board's stack. A card that plays another pushes a frame on top; the parent resumes when
//! it pops. An op that needs a decision leaves a [`Task`] on its frame (see `tasks/`).

use super::*;

impl VotesForWomen {
    /// One automatic step: finish a task with no choices, run the next op, pop a frame, or
    /// move the turn on.
    pub(super) fn auto_step(&mut self) {
        if let Some(frame) = self.board.stack.last() {
            if frame.task.is_some() {
                self.finish_task();
                return;
            }
            let ops = match frame.source {
                Source::Card(c) if frame.oppobot_text => oppobot_alt(c).map(|a| a.1).unwrap_or(&[]),
                Source::Card(c) => card(c).ops,
                _ => &[],
            };
            if (frame.pc as usize) < ops.len() && !frame.failed {
                let op = ops[frame.pc as usize];
                if let Some(f) = self.board.stack.last_mut() {
                    f.pc += 1;
                }
                self.exec(op);
            } else {
                self.pop_frame();
            }
            return;
        }
        match self.board.phase {
            Phase::Operations => self.end_side_turn(),
            Phase::Strategy => {
                // Only reached when the commitment leaves the Opposition no decision.
                self.resolve_bid(None);
            }
            Phase::FinalVoting => {
                if self.board.vote.is_some() {
                    self.settle_vote();
                } else {
                    // No open state: cannot happen (49 marks are needed for 48 states).
                    self.finish(Side::Opposition, "no state left to vote".into());
                }
            }
            Phase::Cleanup => {
                // Only reached without exchanges in progress: the next turn begins.
                self.board.exchanges = None;
                self.board.turn += 1;
                self.begin_turn();
            }
            Phase::Finished => {}
        }
    }

    pub(super) fn push_frame(&mut self, side: Side, source: Source, task: Option<Task>) {
        let slot = self.slot_now(side);
        self.push_frame_for(side, slot, source, task);
    }

    /// Pushes a frame played by `side`'s player `slot`.
    pub(super) fn push_frame_for(
        &mut self,
        side: Side,
        slot: u8,
        source: Source,
        task: Option<Task>,
    ) {
        self.board.stack.push(Frame {
            side,
            source,
            pc: 0,
            count: 0,
            failed: false,
            base: 0,
            task,
            slot,
            oppobot_text: false,
        });
    }

    /// Starts playing card `c` as an event for `side`: pays its cost and pushes its frame.
    pub(super) fn play_event(&mut self, side: Side, c: CardId) {
        let cost = card(c).cost + self.event_tax(side, c);
        self.spend(side, cost);
        note!(
            self,
            VfwEvent::Event {
                by: self.actor(side),
                card: c,
                cost
            }
        );
        self.push_frame(side, Source::Card(c), None);
    }

    pub(super) fn pop_frame(&mut self) {
        let Some(frame) = self.board.stack.pop() else {
            return;
        };
        if let Source::Card(c) = frame.source {
            match card(c).persist {
                Some(p) if !frame.failed => {
                    match p.kind {
                        BoxKind::RestOfTurn => self.board.rest_of_turn.push(c),
                        BoxKind::RestOfGame => self.board.rest_of_game.push(c),
                        BoxKind::FinalVoting => self.board.final_voting_box.push(c),
                    }
                    note!(
                        self,
                        VfwEvent::InEffect {
                            by: self.actor(frame.side),
                            card: c
                        }
                    );
                }
                _ => self.board.out.push(c),
            }
        }
    }

    pub(super) fn top_side(&self) -> Side {
        self.board
            .stack
            .last()
            .map(|f| f.side)
            .unwrap_or(self.board.active)
    }

    pub(super) fn set_task(&mut self, task: Option<Task>) {
        if let Some(f) = self.board.stack.last_mut() {
            f.task = task;
        }
    }

    pub(super) fn task_mut(&mut self) -> Option<&mut Task> {
        self.board.stack.last_mut().and_then(|f| f.task.as_mut())
    }

    /// Executes one op of the top frame's card: at once, or by leaving a [`Task`] on the
    /// frame for the decision it needs.
    pub(super) fn exec(&mut self, op: Op) {
        let side = self.top_side();
        let foe = side.other();
        match op {
            Op::Campaigner(hue, region) => {
                self.board.campaigners.push(Campaigner { hue, region });
                note!(
                    self,
                    VfwEvent::CampaignerEnters {
                        by: self.actor(side),
                        hue,
                        region
                    }
                );
            }
            Op::Buttons(n) => self.gain_buttons(side, n),
            Op::OpponentLosesButtons(n) => self.lose_buttons(foe, n),
            Op::OpponentLosesHalfButtons => {
                let n = self.buttons(foe).div_ceil(2);
                self.lose_buttons(foe, n);
            }
            Op::Congress(n) => {
                // Signed by the way the markers move, whoever plays it (see `Op::Congress`).
                let toward = if n > 0 {
                    Side::Suffragist
                } else {
                    Side::Opposition
                };
                self.push_congress(side, toward, n.unsigned_abs());
            }
            Op::Gate(die) => self.gate(side, die),
            Op::Roll(n, die) => {
                let dice: Vec<u8> = (0..n).map(|_| self.roll_die(die)).collect();
                self.log_roll(side, die, &dice);
                if let Some(f) = self.board.stack.last_mut() {
                    f.count = dice.iter().sum();
                }
                self.set_task(Some(Task::Dice {
                    purpose: DicePurpose::Count,
                    die,
                    dice,
                }));
            }
            Op::Add(..)
            | Op::AddEach(_)
            | Op::AddRegions(..)
            | Op::AddOneStateEachRegion(_)
            | Op::AddChosenRegion(_)
            | Op::Remove(..)
            | Op::RemoveAll(..)
            | Op::ClearSuffragists(_) => self.exec_cubes(side, op),
            Op::DiscardFromBox(c) => self.discard_from_box(side, c),
            Op::ClaimStrategy => self.set_task(Some(Task::PickStrategy)),
            Op::DrawDiscardPlay => {
                self.mark_draw_base(side);
                self.draw(side, 2, true);
                self.set_task(Some(Task::PlayOne {
                    from: PlayFrom::DrawnDiscardRest,
                }));
            }
            Op::WinningPlan => {
                self.mark_draw_base(side);
                self.draw(side, 6, true);
                self.set_task(Some(Task::PlayOne {
                    from: PlayFrom::DrawnThenStack,
                }));
            }
            Op::Rearrange(n) => {
                self.mark_draw_base(side);
                self.draw(side, n as usize, true);
                self.set_task(Some(Task::Stack));
            }
            Op::EyeOnTheFuture => self.set_task(Some(Task::PlayOne {
                from: PlayFrom::Deck,
            })),
            Op::RandomDiscardRedraw(n) => self.random_discard_redraw(foe, n),
            Op::ChangeInPlans => self.set_task(Some(Task::ChangeInPlans)),
            Op::Reconsideration => self.set_task(Some(Task::PickState {
                pick: StatePick::Reconsideration,
            })),
            Op::Veto => self.set_task(Some(Task::PickState {
                pick: StatePick::Veto,
            })),
            Op::Bellwether => self.set_task(Some(Task::PickState {
                pick: StatePick::Bellwether,
            })),
            Op::SuperiorLobbying => self.superior_lobbying(side),
            Op::Transportation => self.set_task(Some(Task::Transport { next: 0 })),
            Op::CounterStrat => self.set_task(Some(Task::CounterStrat)),
            Op::AddInStates(n, k, region) => self.bot_add_in_states(side, n, k, region),
        }
    }

    /// A 3+ lets the card go on; a failure is offered a re-roll (the Oppobot re-rolls by
    /// its own rule).
    fn gate(&mut self, side: Side, die: Die) {
        let v = self.roll_die(die);
        self.log_roll(side, die, &[v]);
        if v < 3 && self.is_bot(side) {
            self.bot_gate_reroll(die);
        } else if v < 3 {
            self.set_task(Some(Task::Dice {
                purpose: DicePurpose::Gate,
                die,
                dice: vec![v],
            }));
        }
    }

    /// The ops that add or remove cubes: each leaves the placement task it needs (the
    /// decisions are in `tasks/cubes.rs`), except clearing a state, done at once.
    fn exec_cubes(&mut self, side: Side, op: Op) {
        match op {
            Op::Add(count, area, cap) => {
                let left = self.count(count);
                let area = match area {
                    Area::Anywhere => PlaceArea::Anywhere,
                    Area::In(r) => PlaceArea::In(r),
                };
                self.set_task(Some(Task::Place {
                    left,
                    area,
                    cap,
                    placed: Vec::new(),
                }));
            }
            Op::AddEach(list) => {
                let queue = list
                    .iter()
                    .flat_map(|&(s, n)| std::iter::repeat_n(s, n as usize))
                    .collect();
                self.set_task(Some(Task::Fixed { queue }));
            }
            Op::AddRegions(regions, n) => {
                let queue = regions
                    .iter()
                    .flat_map(|r| r.states())
                    .flat_map(|s| std::iter::repeat_n(s, n as usize))
                    .collect();
                self.set_task(Some(Task::Fixed { queue }));
            }
            Op::AddOneStateEachRegion(n) => self.set_task(Some(Task::Place {
                left: 6 * n,
                area: PlaceArea::OnePerRegion(n),
                cap: n,
                placed: Vec::new(),
            })),
            Op::AddChosenRegion(n) => self.set_task(Some(Task::ChooseRegion { n })),
            Op::Remove(count, cap) => {
                let left = self.count(count);
                self.set_task(Some(Task::Remove {
                    left,
                    cap,
                    placed: Vec::new(),
                }));
            }
            Op::RemoveAll(hue, n) => self.set_task(Some(Task::RemoveAll { hue, left: n })),
            Op::ClearSuffragists(s) => {
                let st = &mut self.board.states[s as usize];
                let n = st.purple + st.yellow;
                st.purple = 0;
                st.yellow = 0;
                note!(
                    self,
                    VfwEvent::SuffragistCubesRemoved {
                        by: self.actor(side),
                        state: s,
                        n
                    }
                );
            }
            _ => {}
        }
    }

    /// A card in effect for the rest of the turn, by name, leaves the game.
    fn discard_from_box(&mut self, side: Side, c: CardId) {
        let name = card(c).name;
        if let Some(i) = self
            .board
            .rest_of_turn
            .iter()
            .position(|&x| card(x).name == name)
        {
            let c = self.board.rest_of_turn[i];
            self.board.rest_of_turn.remove(i);
            self.board.out.push(c);
            note!(
                self,
                VfwEvent::Discarded {
                    by: self.actor(side),
                    card: c
                }
            );
        }
    }

    /// `foe` discards `n` cards at random and draws as many; two partners discard one each
    /// (and each draws one).
    fn random_discard_redraw(&mut self, foe: Side, n: u8) {
        if self.board.pair(foe) {
            // Two partners: each discards one card at random and draws one.
            for slot in 0..2 {
                let hand = &mut self.hidden.hands[player(foe, slot)];
                if hand.is_empty() {
                    continue;
                }
                let k = (self.hidden.rng.next_u32() as usize) % hand.len();
                let c = hand.remove(k);
                note!(
                    self,
                    VfwEvent::DiscardsAtRandom {
                        by: Actor { side: foe, slot },
                        cards: vec![c]
                    }
                );
                self.board.out.push(c);
                self.draw_to(foe, slot, 1, false);
            }
            return;
        }
        let i = foe.index();
        let mut gone = Vec::new();
        for _ in 0..n {
            let hand = &mut self.hidden.hands[i];
            if hand.is_empty() {
                break;
            }
            let k = (self.hidden.rng.next_u32() as usize) % hand.len();
            gone.push(hand.remove(k));
        }
        note!(
            self,
            VfwEvent::DiscardsAtRandom {
                by: self.actor(foe),
                cards: gone.clone()
            }
        );
        self.board.out.extend(&gone);
        self.draw(foe, gone.len(), false);
    }

    /// Superior Lobbying: 4d8, each 6+ moves Congress once kept (the Oppobot rolls again
    /// once when none does).
    fn superior_lobbying(&mut self, side: Side) {
        let mut dice: Vec<u8> = (0..4).map(|_| self.roll_die(Die::D8)).collect();
        self.log_roll(side, Die::D8, &dice);
        if self.is_bot(side) && dice.iter().all(|&d| d < 6) {
            // Its Oppobot text: roll all four again once if none shows 6–8.
            note!(self, VfwEvent::Oppobot(BotEvent::NoSixes));
            dice = (0..4).map(|_| self.roll_die(Die::D8)).collect();
            self.log_roll(side, Die::D8, &dice);
        }
        self.set_task(Some(Task::Dice {
            purpose: DicePurpose::Superior,
            die: Die::D8,
            dice,
        }));
    }

    pub(super) fn roll_die(&mut self, die: Die) -> u8 {
        if self.hidden.forced_dice.is_empty() {
            roll(&mut self.hidden.rng, die)
        } else {
            self.hidden.forced_dice.remove(0)
        }
    }

    pub(super) fn count(&self, c: Count) -> u8 {
        match c {
            Count::Fixed(n) => n,
            Count::Rolled => self.board.stack.last().map(|f| f.count).unwrap_or(0),
        }
    }

    pub(super) fn log_roll(&mut self, side: Side, die: Die, dice: &[u8]) {
        note!(
            self,
            VfwEvent::Roll {
                by: self.actor(side),
                die,
                dice: dice.to_vec()
            }
        );
    }

    /// A task whose choices ran out: finish it (some tasks chain into the next stage).
    pub(super) fn finish_task(&mut self) {
        let Some(frame) = self.board.stack.last() else {
            return;
        };
        let side = frame.side;
        let Some(task) = frame.task.clone() else {
            return;
        };
        let next = match task {
            Task::Campaign { mut queue, .. } => {
                if !queue.is_empty() {
                    queue.remove(0);
                }
                queue.first().map(|&(_, n)| Task::Campaign {
                    queue: queue.clone(),
                    left: n,
                    started: false,
                    moved: false,
                })
            }
            Task::PlayOne { from } => match from {
                PlayFrom::DrawnDiscardRest => {
                    self.discard_drawn(side);
                    None
                }
                PlayFrom::DrawnThenStack => Some(Task::Stack),
                PlayFrom::Deck | PlayFrom::DeckPlayed => {
                    self.reshuffle(side);
                    None
                }
            },
            Task::Stack => {
                let i = side.index();
                let rest = self.take_own_drawn(side);
                let k = rest.len();
                for c in rest {
                    self.hidden.decks[i].bottom.insert(0, c);
                }
                if k > 0 {
                    note!(
                        self,
                        VfwEvent::PutsAtBottom {
                            by: self.actor(side),
                            n: k as u8
                        }
                    );
                }
                None
            }
            Task::Transport { .. } => {
                self.set_task(None);
                self.start_campaign(side);
                return;
            }
            _ => None,
        };
        self.set_task(next);
    }

    /// Where the top frame's drawn cards begin in the drawn zone (0 with no frame): what
    /// [`Self::mark_draw_base`] recorded. Reading and taking the frame's own cards both start
    /// there.
    fn top_draw_base(&self) -> usize {
        self.board
            .stack
            .last()
            .map(|f| f.base as usize)
            .unwrap_or(0)
    }

    /// The cards the top frame drew (its slice of the drawn zone).
    pub(super) fn own_drawn(&self, side: Side) -> &[CardId] {
        let base = self.top_draw_base();
        let d = &self.hidden.drawn[side.index()];
        &d[base.min(d.len())..]
    }

    pub(super) fn take_own_drawn(&mut self, side: Side) -> Vec<CardId> {
        let base = self.top_draw_base();
        let d = &mut self.hidden.drawn[side.index()];
        let base = base.min(d.len());
        d.split_off(base)
    }

    /// Marks where the top frame's drawn cards begin, before it draws.
    pub(super) fn mark_draw_base(&mut self, side: Side) {
        let n = self.hidden.drawn[side.index()].len() as u8;
        if let Some(f) = self.board.stack.last_mut() {
            f.base = n;
        }
    }

    pub(super) fn discard_drawn(&mut self, side: Side) {
        let rest = self.take_own_drawn(side);
        if !rest.is_empty() {
            note!(
                self,
                VfwEvent::SideDiscards {
                    by: self.actor(side),
                    cards: rest.clone()
                }
            );
            self.board.out.extend(rest);
        }
    }

    pub(super) fn reshuffle(&mut self, side: Side) {
        let i = side.index();
        let mut all = self.hidden.decks[i].all();
        all.shuffle(&mut self.hidden.rng);
        self.hidden.decks[i] = DrawDeck {
            bottom: Vec::new(),
            middle: all,
            top: Vec::new(),
        };
        self.board.era_ordered[i] = false;
        note!(
            self,
            VfwEvent::Reshuffles {
                by: self.actor(side)
            }
        );
    }
}
