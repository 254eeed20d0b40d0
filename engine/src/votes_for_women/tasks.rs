//! The decisions a card (or a Campaigning or Lobbying action) waits for while it is played:
//! the top frame's [`Task`]. Per task, side by side: the actions offered (in the old prompt's
//! order), the prompt's text, and what applying one does.
//!
//! | task | actions |
//! |---|---|
//! | [`Task::Dice`] | `keep`, `reroll` |
//! | [`Task::Assign`] | `die:N` |
//! | [`Task::PoolAssign`] | `campaigner:K` |
//! | [`Task::Campaign`] | `state:NY` (the Campaigner's colour), `move:R`, `pass`; from rules revision 1 also `stay` once placed |
//! | [`Task::Place`], [`Task::Fixed`] | `state:NY`, `purple:NY`, `yellow:NY` |
//! | [`Task::Remove`] | `state:NY`, `purple:NY`, `yellow:NY` |
//! | [`Task::RemoveAll`] | `state:NY`, `done` |
//! | [`Task::ChooseRegion`] | `region:R` |
//! | [`Task::PickStrategy`] | `strategy:C`, `give:C` |
//! | [`Task::PlayOne`] | `play:C` |
//! | [`Task::Stack`] | `top:C`, `done` |
//! | [`Task::ChangeInPlans`] | `discard:C` |
//! | [`Task::PickState`] | `state:NY` |
//! | [`Task::Transport`] | `stay`, `move:R` |
//! | [`Task::CounterStrat`] | `remove:C` |
//! | [`Task::Successes`] | `add-marker`, `remove-marker`, `done` (see `lobbying.rs`) |
//!
//! A task that offers nothing is finished by [`VotesForWomen::finish_task`] (some chain into
//! the next stage: a Campaigner done hands over to the next one).

use super::actions::{Action, Verb, Word};
use super::decisions::{Offer, card_ch, ch};
use super::*;

/// The label of a cube choice (`New York: add a purple cube`).
fn cube_label(s: St, what: &str) -> String {
    format!("{}: {what}", STATES[s as usize].name)
}

impl VotesForWomen {
    /// Offers the actions of the top frame's task.
    pub(super) fn task_offers(&self, out: &mut impl Offer) {
        let Some(frame) = self.board.stack.last() else {
            return;
        };
        let Some(task) = frame.task.as_ref() else {
            return;
        };
        let side = frame.side;
        let b = self.buttons(side);
        match task {
            Task::Dice { purpose, dice, .. } => {
                let reroll_ok = b > 0
                    && match purpose {
                        DicePurpose::Gate => dice[0] < 3,
                        DicePurpose::Lobby | DicePurpose::Superior => dice.iter().any(|&d| d < 6),
                        _ => true,
                    };
                let keep = if *purpose == DicePurpose::Gate {
                    "accept the failure"
                } else {
                    "keep the roll"
                };
                out.offer(Action::Word(Word::Keep), || ch("keep", keep));
                if reroll_ok {
                    out.offer(Action::Word(Word::Reroll), || {
                        ch("reroll", format!("Re-roll all (1 of {b} buttons)")).amount(1)
                    });
                }
            }
            Task::Assign { dice, .. } => {
                let mut vals = dice.clone();
                vals.sort_unstable();
                vals.dedup();
                for v in vals {
                    out.offer(Action::Die(v), || {
                        ch("die", format!("Give the {v}")).amount(v as i64)
                    });
                }
            }
            Task::Campaign {
                queue,
                left,
                started,
                moved,
            } => {
                let (left, started, moved) = (*left, *started, *moved);
                if self.campaign_corrected() {
                    self.campaign_offers_corrected(side, queue, left, started, moved, out)
                } else {
                    self.campaign_offers(side, queue, left, started, moved, out)
                }
            }
            Task::Place {
                left,
                area,
                cap,
                placed,
            } => {
                if *left > 0 {
                    self.place_offers(side, *area, *cap, placed, out);
                }
            }
            Task::Fixed { queue } => {
                if let Some(i) = self.first_open(side, queue) {
                    self.cube_offers(side, queue[i], None, out);
                }
            }
            Task::Remove { left, cap, placed } => {
                if *left > 0 {
                    for s in 0..48u8 {
                        if out.enough() {
                            break;
                        }
                        let st = &self.board.states[s as usize];
                        if st.cubes(side.other()) > 0
                            && (*cap == 0 || Self::placed_in(placed, s) < *cap)
                        {
                            self.removal_offers(side, s, out);
                        }
                    }
                }
            }
            Task::RemoveAll { hue, left } => self.remove_all_offers(*hue, *left, out),
            Task::ChooseRegion { n } => {
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
            Task::PickStrategy => self.pick_strategy_offers(frame, out),
            Task::PoolAssign { dice, totals } => self.pool_offers(dice, totals, out),
            Task::PlayOne { from } => self.play_one_offers(side, *from, out),
            Task::Stack => {
                for &c in self.own_drawn(side) {
                    out.offer(Action::of_card(Verb::Top, c), || {
                        card_ch(
                            "top",
                            format!("Put {} on top of your deck", card(c).name),
                            c,
                        )
                    });
                }
                if out.offered() > 0 {
                    out.offer(Action::DONE, || {
                        ch("done", "Put the rest at the bottom of your deck")
                    });
                }
            }
            Task::ChangeInPlans => {
                let mut hand = self.hand_now(side.other()).clone();
                hand.sort_unstable();
                for &c in &hand {
                    if !card(c).campaigner_icon {
                        out.offer(Action::of_card(Verb::Discard, c), || {
                            card_ch("discard", format!("Make them discard {}", card(c).name), c)
                        });
                    }
                }
            }
            Task::PickState { pick } => self.pick_state_offers(side, *pick, out),
            Task::Transport { next } => self.transport_offers(frame, *next, out),
            Task::Successes { left } => self.successes_offers(side, *left, out),
            Task::CounterStrat => {
                for &c in &self.board.rest_of_turn {
                    out.offer(Action::of_card(Verb::Remove, c), || {
                        card_ch("remove", format!("Discard {}", card(c).name), c)
                    });
                }
            }
        }
    }

    /// Each state holding cubes of `hue` to clear, then `done`.
    fn remove_all_offers(&self, hue: HueSet, left: u8, out: &mut impl Offer) {
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
                                super::log::many(n, "cube")
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

    /// Each displayed Strategy card, and where a two-player side won it, the same card
    /// given to the partner.
    fn pick_strategy_offers(&self, frame: &Frame, out: &mut impl Offer) {
        let side = frame.side;
        // A card won in the Strategy Phase by a two-player side: its second player
        // decides who receives it.
        let give = frame.source == Source::StrategyPick && self.board.pair(side);
        let partner = self.board.player_name(side, 1 - frame.slot.min(1));
        for &c in &self.board.strategy_display {
            out.offer(Action::of_card(Verb::Strategy, c), || {
                card_ch(
                    "strategy",
                    format!("{}: {}", card(c).name, self.card_text(c)),
                    c,
                )
            });
            if give {
                out.offer(Action::of_card(Verb::Give, c), || {
                    card_ch(
                        "give",
                        format!("{} for {partner}: {}", card(c).name, self.card_text(c)),
                        c,
                    )
                });
            }
        }
    }

    /// The highest die left, to each of the player's Campaigners. Under the corrected rules
    /// (revision 1, the example of § Playing with Two Suffragist Players) each Campaigner
    /// gets at least one die: once the dice left are no more than the Campaigners still
    /// without one, only those are offered.
    fn pool_offers(&self, dice: &[u8], totals: &[(u8, u8)], out: &mut impl Offer) {
        let empty = totals.iter().filter(|t| t.1 == 0).count();
        let only_empty = self.campaign_corrected() && dice.len() <= empty;
        if let Some(&v) = dice.first() {
            for (k, &(idx, sum)) in totals.iter().enumerate() {
                if only_empty && sum > 0 {
                    continue;
                }
                let cp = self.board.campaigners[idx as usize];
                out.offer(Action::Campaigner(k as u8), || {
                    ch(
                        "die",
                        format!(
                            "Give the {v} to the {} Campaigner in the {} (has {sum})",
                            cp.hue.slug(),
                            cp.region.name()
                        ),
                    )
                    .location(cp.region.slug())
                    .amount(v as i64)
                });
            }
        }
    }

    /// The cards of the pool (the drawn cards, or the whole deck sorted) playable now.
    fn play_one_offers(&self, side: Side, from: PlayFrom, out: &mut impl Offer) {
        let mut offer = |c: CardId| {
            if self.playable(side, c) {
                out.offer(Action::of_card(Verb::Play, c), || {
                    card_ch(
                        "play",
                        format!("Play {}: {}", card(c).name, self.card_text(c)),
                        c,
                    )
                });
            }
        };
        match from {
            PlayFrom::Deck => {
                let mut v = self.hidden.decks[side.index()].all();
                v.sort_unstable();
                v.into_iter().for_each(&mut offer);
            }
            // The card is chosen: only the reshuffle is left, once it has resolved.
            PlayFrom::DeckPlayed => {}
            _ => self.own_drawn(side).iter().copied().for_each(&mut offer),
        }
    }

    /// The states a Veto, a Reconsideration or Bellwether may pick.
    fn pick_state_offers(&self, side: Side, pick: StatePick, out: &mut impl Offer) {
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

    /// The next own Campaigner stays or moves for free.
    fn transport_offers(&self, frame: &Frame, next: u8, out: &mut impl Offer) {
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

    /// A placement's states in map order: open to `side`, in the area, under the cap (0: no
    /// cap), one state per region for `OnePerRegion`. What is placed already is counted
    /// once up front: this list is most of the choices a game offers.
    fn place_offers(
        &self,
        side: Side,
        area: PlaceArea,
        cap: u8,
        placed: &[(St, u8)],
        out: &mut impl Offer,
    ) {
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

    /// A Campaigner places its cubes in its region's open states; before its first cube it
    /// may pay a button to move (once), and it may pass only when it cannot place.
    fn campaign_offers(
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
        for s in cp.region.states() {
            if self.can_add(side, s) {
                self.cube_offers(side, s, Some(cp.hue), out);
            }
        }
        let can_place = out.offered() > 0;
        if !started && !moved && self.buttons(side) > 0 {
            for r in REGIONS {
                if r != cp.region {
                    out.offer(Action::Move(r), || {
                        ch("move", format!("Move it to the {} (1 button)", r.name()))
                            .location(r.slug())
                            .amount(1)
                    });
                }
            }
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
        let move_offers = |out: &mut dyn FnMut(Region)| {
            for r in REGIONS {
                if r != cp.region {
                    out(r);
                }
            }
        };
        if self.campaign_moves_after(side, idx, left, started, moved) {
            out.offer(Action::Word(Word::Stay), || {
                ch("stay", format!("Leave it in the {}", cp.region.name()))
            });
            move_offers(&mut |r| {
                out.offer(Action::Move(r), || {
                    ch("move", format!("Move it to the {} (1 button)", r.name()))
                        .location(r.slug())
                        .amount(1)
                })
            });
            return;
        }
        if left == 0 {
            return;
        }
        for s in cp.region.states() {
            if self.can_add(side, s) {
                self.cube_offers(side, s, Some(cp.hue), out);
            }
        }
        if started {
            return;
        }
        if !moved && self.buttons(side) > 0 {
            move_offers(&mut |r| {
                out.offer(Action::Move(r), || {
                    ch(
                        "move",
                        format!("Move it to the {} first (1 button)", r.name()),
                    )
                    .location(r.slug())
                    .amount(1)
                })
            });
        }
        out.offer(Action::Word(Word::Pass), || ch("pass", "Place nothing"));
    }

    /// Offers putting one cube of `side` in state `s`: a Suffragist chooses the colour
    /// (`purple:NY` / `yellow:NY`) unless a Campaigner's colour is `fixed`; the Opposition
    /// removing from a state holding both colours chooses which.
    fn cube_offers(&self, side: Side, s: St, fixed: Option<Hue>, out: &mut impl Offer) {
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

    /// The prompt's text for the top frame's task.
    pub(super) fn task_text(&self) -> String {
        let Some(frame) = self.board.stack.last() else {
            return String::new();
        };
        let Some(task) = frame.task.as_ref() else {
            return String::new();
        };
        let side = frame.side;
        match task {
            Task::Dice { purpose, die, dice } => {
                let total: u8 = dice.iter().sum();
                // What the roll needs, so a player weighs a re-roll without the rulebook.
                let needs = match purpose {
                    DicePurpose::Gate => "the card goes on only on 3 or more".to_string(),
                    DicePurpose::Lobby | DicePurpose::Superior => {
                        let hits = dice.iter().filter(|&&d| d >= 6).count();
                        let word = if hits == 1 { "success" } else { "successes" };
                        format!("each die of 6 or more is a success: {hits} {word}")
                    }
                    DicePurpose::Campaign => "each die is that many cubes for a Campaigner".into(),
                    DicePurpose::Count => "the total is the number the card uses".into(),
                };
                let word = if dice.len() == 1 { "die" } else { "dice" };
                format!(
                    "You rolled {} on {} {} {word} (total {total}; {needs}): keep or re-roll?",
                    join(dice),
                    dice.len(),
                    die.name()
                )
            }
            Task::Assign { given, .. } => {
                let own = self.own_campaigners(side, frame.slot);
                let next = own.get(given.len()).copied().unwrap_or(0);
                match self.board.campaigners.get(next as usize) {
                    Some(cp) => format!(
                        "Which die for the {} Campaigner in the {}?",
                        cp.hue.slug(),
                        cp.region.name()
                    ),
                    None => "Which die?".into(),
                }
            }
            Task::Campaign {
                queue,
                left,
                started,
                moved,
            } => match queue.first() {
                Some(&(idx, _))
                    if self.campaign_corrected()
                        && self.campaign_moves_after(side, idx, *left, *started, *moved) =>
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
            },
            Task::Place { left, .. } => format!("Place a cube ({left} left)"),
            Task::Fixed { queue } => format!("Place a cube ({} left)", queue.len()),
            Task::Remove { left, .. } => format!("Remove an opposing cube ({left} left)"),
            Task::RemoveAll { left, .. } => {
                format!("Clear cubes from up to {left} more state(s)")
            }
            Task::ChooseRegion { .. } => "Choose a region".into(),
            Task::PickStrategy => "Take a Strategy card".into(),
            Task::PoolAssign { dice, .. } => format!(
                "Dice left {}: which of your Campaigners gets the {}?",
                join(dice),
                dice.first().copied().unwrap_or(0)
            ),
            Task::PlayOne { .. } => "Play one card as an event".into(),
            Task::Stack => "Stack cards on your deck (each one goes above the last)".into(),
            Task::ChangeInPlans => "Choose the card your opponent discards".into(),
            Task::PickState { .. } => "Choose a state".into(),
            Task::Transport { next } => {
                let own = self.own_campaigners(side, frame.slot);
                match own.get(*next as usize) {
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
            Task::CounterStrat => "Discard a card in effect for the rest of the turn".into(),
            Task::Successes { left } => self.successes_text(*left),
        }
    }

    /// A Campaigning action for `side` (its cost already paid): roll a die per Campaigner.
    /// On a two-player side the dice are one per Campaigner of the side, and the player needs
    /// a Campaigner of its own.
    pub(super) fn start_campaign(&mut self, side: Side) {
        let own = self.own_campaigners(side, self.slot_now(side)).len();
        let cost = self.campaign_cost(side);
        if own == 0 || self.buttons(side) < cost {
            return;
        }
        self.spend(side, cost);
        let die = self.campaign_die(side);
        self.roll_per_campaigner(side, die, Source::Campaign, DicePurpose::Campaign);
    }

    /// Applies one of the actions [`Self::task_offers`] listed to the top frame's task.
    pub(super) fn apply_task(&mut self, side: Side, action: Action) {
        let Some(task) = self.board.stack.last().and_then(|f| f.task.clone()) else {
            return;
        };
        let (st, hue) = (action.state(), action.hue());
        match task {
            Task::Dice { purpose, die, dice } => self.apply_dice(side, purpose, die, dice, action),
            Task::Assign { dice, given } => self.apply_assign(side, dice, given, action),
            Task::PoolAssign { dice, totals } => self.apply_pool_assign(dice, totals, action),
            Task::Campaign {
                queue,
                left,
                started,
                moved,
            } => self.apply_campaign(side, queue, left, started, moved, action),
            Task::Place {
                left,
                area,
                cap,
                mut placed,
            } => {
                if let Some(s) = st {
                    Self::bump(&mut placed, s);
                    self.set_task(Some(Task::Place {
                        left: left - 1,
                        area,
                        cap,
                        placed,
                    }));
                    self.place_cube(side, s, hue);
                }
            }
            Task::Fixed { mut queue } => {
                // The state is the first open one of the queue (the only one offered).
                if let Some(i) = self.first_open(side, &queue) {
                    let s = queue[i];
                    queue.drain(..=i);
                    self.set_task(Some(Task::Fixed { queue }));
                    self.place_cube(side, s, hue);
                }
            }
            Task::Remove {
                left,
                cap,
                mut placed,
            } => {
                if let Some(s) = st {
                    Self::bump(&mut placed, s);
                    self.set_task(Some(Task::Remove {
                        left: left - 1,
                        cap,
                        placed,
                    }));
                    self.remove_cube(side, s, hue);
                }
            }
            Task::RemoveAll { hue: which, left } => {
                self.apply_remove_all(side, which, left, action)
            }
            Task::ChooseRegion { n } => {
                if let Action::Region(r) = action {
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
            Task::PickStrategy => {
                if let Action::Card(verb, c) = action {
                    let slot = self.board.stack.last().map(|f| f.slot).unwrap_or(0);
                    self.set_task(None);
                    // `give:C`: the partner receives the card the second player picked.
                    let to = if verb == Verb::Give {
                        1 - slot.min(1)
                    } else {
                        slot
                    };
                    self.claim_strategy(side, to, c.id());
                }
            }
            Task::PlayOne { from } => {
                if let Some(c) = action.card() {
                    self.apply_play_one(side, from, c);
                }
            }
            Task::Stack => self.apply_stack(side, action),
            Task::ChangeInPlans => {
                if let Some(c) = action.card() {
                    let foe = side.other();
                    let p = player(foe, self.slot_now(foe));
                    self.hidden.hands[p].retain(|&x| x != c);
                    self.board.out.push(c);
                    self.set_task(None);
                    note!(
                        self,
                        VfwEvent::SideDiscards {
                            by: self.actor(foe),
                            cards: vec![c]
                        }
                    );
                    self.draw(foe, 1, false);
                }
            }
            Task::PickState { pick } => {
                if let Some(s) = st {
                    self.set_task(None);
                    self.apply_pick_state(side, pick, s);
                }
            }
            Task::Transport { next } => self.apply_transport(side, next, action),
            Task::Successes { left } => self.apply_successes(side, left, action),
            Task::CounterStrat => {
                if let Some(c) = action.card() {
                    self.board.rest_of_turn.retain(|&x| x != c);
                    self.board.out.push(c);
                    self.set_task(None);
                    note!(
                        self,
                        VfwEvent::Discarded {
                            by: self.actor(side),
                            card: c
                        }
                    );
                }
            }
        }
    }

    /// Keep or re-roll: a kept Gate failure ends the card, a kept Campaign roll hands the
    /// dice to the Campaigners, a kept Lobby roll moves Congress (or, under revision 1,
    /// leaves its successes to spend one by one).
    fn apply_dice(
        &mut self,
        side: Side,
        purpose: DicePurpose,
        die: Die,
        dice: Vec<u8>,
        action: Action,
    ) {
        if action == Action::Word(Word::Reroll) {
            self.spend(side, 1);
            let dice: Vec<u8> = (0..dice.len()).map(|_| self.roll_die(die)).collect();
            self.log_roll(side, die, &dice);
            if let Some(f) = self.board.stack.last_mut()
                && purpose == DicePurpose::Count
            {
                f.count = dice.iter().sum();
            }
            let done = purpose == DicePurpose::Gate && dice[0] >= 3;
            self.set_task((!done).then_some(Task::Dice { purpose, die, dice }));
            return;
        }
        self.set_task(None);
        match purpose {
            DicePurpose::Gate => {
                if let Some(f) = self.board.stack.last_mut() {
                    f.failed = true;
                }
                note!(
                    self,
                    VfwEvent::GateFails {
                        by: self.actor(side)
                    }
                );
            }
            DicePurpose::Count => {}
            DicePurpose::Campaign => self.campaign_dice(side, dice),
            DicePurpose::Lobby | DicePurpose::Superior => {
                let hits = dice.iter().filter(|&&d| d >= 6).count() as u8;
                self.lobbying_successes(side, hits);
            }
        }
    }

    /// The kept Campaign dice go to the player's own Campaigners: all to a lone one, one by
    /// one from a pool when there are fewer Campaigners than dice, else one die each.
    fn campaign_dice(&mut self, side: Side, dice: Vec<u8>) {
        let slot = self.board.stack.last().map(|f| f.slot).unwrap_or(0);
        let own = self.own_campaigners(side, slot);
        if own.len() == 1 {
            // One Campaigner of its own: every die is its.
            let sum: u8 = dice.iter().sum();
            self.set_task(Some(Task::Campaign {
                queue: vec![(own[0], sum)],
                left: sum,
                started: false,
                moved: false,
            }));
        } else if own.len() < dice.len() {
            let mut dice = dice;
            dice.sort_unstable_by(|a, b| b.cmp(a));
            self.set_task(Some(Task::PoolAssign {
                dice,
                totals: own.iter().map(|&i| (i, 0)).collect(),
            }));
        } else {
            self.set_task(Some(Task::Assign {
                dice,
                given: Vec::new(),
            }));
            self.settle_assign();
        }
    }

    /// `die:N`: the next Campaigner in board order gets a die of value N.
    fn apply_assign(&mut self, side: Side, mut dice: Vec<u8>, mut given: Vec<(u8, u8)>, a: Action) {
        let Action::Die(v) = a else {
            return;
        };
        if let Some(i) = dice.iter().position(|&d| d == v) {
            dice.remove(i);
            let slot = self.board.stack.last().map(|f| f.slot).unwrap_or(0);
            let own = self.own_campaigners(side, slot);
            if let Some(&idx) = own.get(given.len()) {
                given.push((idx, v));
            }
        }
        self.set_task(Some(Task::Assign { dice, given }));
        self.settle_assign();
    }

    /// `campaigner:K`: the highest die left goes to the player's Campaigner K; with none
    /// left, each Campaigner that got dice places its cubes.
    fn apply_pool_assign(&mut self, mut dice: Vec<u8>, mut totals: Vec<(u8, u8)>, a: Action) {
        let Action::Campaigner(k) = a else {
            return;
        };
        let k = k as usize;
        if dice.is_empty() || k >= totals.len() {
            return;
        }
        let v = dice.remove(0);
        totals[k].1 += v;
        if dice.is_empty() {
            let queue: Vec<(u8, u8)> = totals.into_iter().filter(|t| t.1 > 0).collect();
            let first = queue.first().map(|q| q.1).unwrap_or(0);
            self.set_task(Some(Task::Campaign {
                queue,
                left: first,
                started: false,
                moved: false,
            }));
        } else {
            self.set_task(Some(Task::PoolAssign { dice, totals }));
        }
    }

    /// The Campaigner first in `queue` moves (for a button), passes, or places a cube; under
    /// the corrected rules it may also stay or move once its placing is over, and passing
    /// ends its turn at once.
    fn apply_campaign(
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

    /// `state:NY` clears the state of cubes of that colour; `done` stops early.
    fn apply_remove_all(&mut self, side: Side, which: HueSet, left: u8, a: Action) {
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

    /// `play:C`: card C leaves the deck (reshuffled, under revision 0 at once, else once C
    /// has resolved) or the drawn cards (the rest discarded, or stacked next) and is played
    /// as an event.
    fn apply_play_one(&mut self, side: Side, from: PlayFrom, c: CardId) {
        let i = side.index();
        match from {
            PlayFrom::Deck if self.reshuffle_after_eye_on_the_future() => {
                self.hidden.decks[i].remove(c);
                // Eye on the Future's frame waits under C's; it reshuffles when C is done.
                self.set_task(Some(Task::PlayOne {
                    from: PlayFrom::DeckPlayed,
                }));
            }
            PlayFrom::Deck => {
                self.hidden.decks[i].remove(c);
                self.set_task(None);
                self.reshuffle(side);
            }
            PlayFrom::DeckPlayed => return,
            PlayFrom::DrawnDiscardRest => {
                self.hidden.drawn[i].retain(|&x| x != c);
                self.discard_drawn(side);
                self.set_task(None);
            }
            PlayFrom::DrawnThenStack => {
                self.hidden.drawn[i].retain(|&x| x != c);
                self.set_task(Some(Task::Stack));
            }
        }
        self.play_event(side, c);
    }

    /// `top:C` puts a drawn card on top of the deck, seen only by its side; `done` puts the
    /// rest at the bottom.
    fn apply_stack(&mut self, side: Side, a: Action) {
        if a == Action::DONE {
            self.finish_task();
            return;
        }
        let Some(c) = a.card() else {
            return;
        };
        let i = side.index();
        self.hidden.drawn[i].retain(|&x| x != c);
        self.hidden.decks[i].top.push(c);
        note!(
            self,
            VfwEvent::PutsOnTop {
                by: self.actor(side),
                card: c
            }
        );
    }

    /// The state picked for Veto, Reconsideration or Bellwether, and what it does there.
    fn apply_pick_state(&mut self, side: Side, pick: StatePick, s: St) {
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

    /// `move:R` or `stay` for the player's next Campaigner; after the last, it campaigns.
    fn apply_transport(&mut self, side: Side, next: u8, a: Action) {
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

    /// When one die is left (or the rest are equal), it goes to the last Campaigner.
    pub(super) fn settle_assign(&mut self) {
        let side = self.top_side();
        let slot = self.board.stack.last().map(|f| f.slot).unwrap_or(0);
        let own = self.own_campaigners(side, slot);
        let Some(Task::Assign { dice, given }) = self.task_mut().cloned() else {
            return;
        };
        let mut dice = dice;
        let mut given = given;
        // With all remaining dice equal, the assignment is forced.
        if dice.iter().all(|&d| d == dice[0]) {
            while let Some(v) = dice.pop() {
                if let Some(&idx) = own.get(given.len()) {
                    given.push((idx, v));
                }
            }
        }
        if dice.is_empty() {
            let first = given.first().map(|g| g.1).unwrap_or(0);
            self.set_task(Some(Task::Campaign {
                queue: given,
                left: first,
                started: false,
                moved: false,
            }));
        } else {
            self.set_task(Some(Task::Assign { dice, given }));
        }
    }

    /// `side`'s player `slot` receives Strategy card `c` from the display.
    pub(super) fn claim_strategy(&mut self, side: Side, slot: u8, c: CardId) {
        self.board.strategy_display.retain(|&x| x != c);
        self.board.claimed[player(side, slot)].push(c);
        note!(
            self,
            VfwEvent::TakesStrategy {
                by: self.actor(side),
                slot,
                card: c
            }
        );
        if let Some(n) = self.hidden.strategy_deck.pop() {
            self.board.strategy_display.push(n);
            note!(self, VfwEvent::JoinsStrategy { card: n });
        }
    }
}
