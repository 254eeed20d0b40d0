//! Every decision of The Vote, one section each: the actions it allows (in the order its
//! prompt lists them — the fuzzers pick by index, so the order is part of the contract),
//! its text, each action's [`Choice`], and what applying it does.
//!
//! | decision | who | actions |
//! |---|---|---|
//! | [`Decision::ChooseFirst`] | the richer side | `first:F` |
//! | [`Decision::Action`] | the active side | `pass`, `radicalize:C`, `organize:C`, `suppression:C`, `pass-law:C`, `event:C`, `persuade:C`, `amendment:C`, `discard-action`, `federal-law` |
//! | [`Decision::Region`] | the acting side | `region:R` |
//! | [`Decision::LawType`], [`Decision::LawRegion`] | Equality | `law:L`, `region:R` |
//! | [`Decision::Bonus`] | the acting side | `done`, `bonus:C` |
//! | [`Decision::Block`] | the other side | `pass`, `block:R:C` |
//! | [`Decision::Counter`] | the acting side | `done`, `counter:R:C` |
//! | [`Decision::Marker`] | the acting side | `done` (Radicalize only), `flip:W`, `replace:W` |
//! | [`Decision::Keep`] | the acting side | `keep:reserve`, `keep:discard` |
//! | [`Decision::VoteOrder`] | Supremacy (Law), Equality (Amendment) | `region:R` |
//! | [`Decision::Suppress`] | Supremacy | `suppress:C` |
//! | [`Decision::PayPublicOpinion`] | the acting side | `remove:C` |
//! | [`Decision::CourtTarget`] | Supremacy | `strike:R:L` |
//! | [`Decision::SentinelRemove`] | Equality | `done`, `remove:C` |
//! | [`Decision::DiscardWhat`], [`Decision::DiscardMore`] | the active side | `discard:C`, `remove-reserve:C`, `done` |
//! | [`Decision::Refresh`] | each side at Turn End | `refresh:C`, `done` (revision 1) |
//!
//! A decision with one legal action is taken without asking, and one with none is stepped
//! over ([`TheVote::settle`]): the prompts only ever show real choices.

use super::actions::{Action, Card, KeepTo, Op, Play, Region};
use super::data::{CardKind, Faction, Law, Special};
use super::*;

/// What the game waits for, read from [`Step`] and the action in progress without building
/// any list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Who is the First Player this turn.
    ChooseFirst,
    /// An action of the Player Phase, or pass.
    Action,
    /// The Region of a Public Opinion action.
    Region,
    /// Which Law a Region card or an Any Law card puts to the vote.
    LawType,
    /// Where this Law is voted.
    LawRegion(Law),
    /// Bonus Actions to announce.
    Bonus,
    /// Whether (and where) to Block the opponent's action.
    Block,
    /// Whether (and where) to Counter a Block.
    Counter,
    /// Markers to change in `region` (`targets[target]`), `left` more at most.
    Marker {
        target: usize,
        left: u8,
        region: Region,
    },
    /// Whether the card goes into the Reserve.
    Keep,
    /// Which Region's vote is resolved next.
    VoteOrder,
    /// Cards to flip to suppress `left` more votes in `region` (`targets[target]`).
    Suppress {
        target: usize,
        left: u8,
        region: Region,
    },
    /// The face-up Public Opinion card Removed to pay.
    PayPublicOpinion,
    /// The Law the Supreme Courts strike.
    CourtTarget,
    /// Reserve cards Silent Sentinels Removes.
    SentinelRemove,
    /// The Discard Action's first card.
    DiscardWhat,
    /// More cards of the same type to Discard.
    DiscardMore,
    /// Face-down cards to flip face-up, `left` more.
    Refresh { left: u8 },
}

/// Counts the actions pushed (up to two) and keeps the first: enough to tell a decision
/// with one legal action, which is taken without asking.
#[derive(Default)]
struct Forced {
    count: u8,
    first: Option<Action>,
}

impl ActionSink<Action> for Forced {
    fn push(&mut self, action: Action) {
        if self.first.is_none() {
            self.first = Some(action);
        }
        self.count = self.count.saturating_add(1).min(2);
    }
}

fn region_choice(id: String, r: Region) -> Choice {
    Choice::new(id, "region", r.name().to_string()).location(r.id())
}

fn card_choice(id: String, kind: &str, label: String, c: Card) -> Choice {
    Choice::new(id, kind, label).card(c.id())
}

impl View {
    /// Who decides now, and what; `None` once the game is over.
    pub(super) fn decision(&self) -> Option<(Seat, Decision)> {
        if self.outcome.is_some() {
            return None;
        }
        let active = self.active;
        let a = self.action.as_ref();
        Some(match self.step {
            Step::Finished => return None,
            Step::ChooseFirst { chooser } => (chooser, Decision::ChooseFirst),
            Step::Action => (active, Decision::Action),
            Step::Region => (active, Decision::Region),
            Step::LawType => {
                a?;
                (active, Decision::LawType)
            }
            Step::LawRegion => (active, Decision::LawRegion(a?.law?)),
            Step::Bonus => (a?.seat, Decision::Bonus),
            Step::Block => (1 - a?.seat, Decision::Block),
            Step::Counter => (a?.seat, Decision::Counter),
            Step::Flip { target, left } => {
                let a = a?;
                let region = a.targets.get(target)?.region;
                (
                    a.seat,
                    Decision::Marker {
                        target,
                        left,
                        region,
                    },
                )
            }
            Step::Keep => (a?.seat, Decision::Keep),
            Step::VoteOrder { chooser } => {
                a?;
                (chooser, Decision::VoteOrder)
            }
            Step::SuppressCard { target, left } => {
                let region = a?.targets.get(target)?.region;
                (
                    SUPREMACY,
                    Decision::Suppress {
                        target,
                        left,
                        region,
                    },
                )
            }
            Step::RemovePublicOpinion => (a?.seat, Decision::PayPublicOpinion),
            Step::CourtTarget => (SUPREMACY, Decision::CourtTarget),
            Step::SentinelRemove => (EQUALITY, Decision::SentinelRemove),
            Step::DiscardWhat => (active, Decision::DiscardWhat),
            Step::DiscardMore => (a?.seat, Decision::DiscardMore),
            Step::Refresh { seat, left } => (seat, Decision::Refresh { left }),
        })
    }
}

impl TheVote {
    // ----- the dispatch ---------------------------------------------------------------------

    /// Who decides now, and what; `None` once the game is over (see [`View::decision`]).
    pub(super) fn decision(&self) -> Option<(Seat, Decision)> {
        self.public.decision()
    }

    /// The decision `seat` faces, if it faces one.
    pub(super) fn decision_of(&self, seat: Seat) -> Option<Decision> {
        self.decision().filter(|&(s, _)| s == seat).map(|(_, d)| d)
    }

    /// [`crate::Game::legal_actions`].
    pub(super) fn push_legal(&self, seat: Seat, out: &mut impl ActionSink<Action>) {
        if let Some(d) = self.decision_of(seat) {
            self.push_actions(seat, d, out);
        }
    }

    fn push_actions(&self, seat: Seat, d: Decision, out: &mut impl ActionSink<Action>) {
        match d {
            Decision::ChooseFirst => self.first_actions(out),
            Decision::Action => self.action_actions(seat, out),
            Decision::Region => self.region_actions(out),
            Decision::LawType => self.law_type_actions(out),
            Decision::LawRegion(law) => self.law_region_actions(law, out),
            Decision::Bonus => self.bonus_actions(out),
            Decision::Block => self.block_actions(out),
            Decision::Counter => self.counter_actions(out),
            Decision::Marker { region, .. } => self.marker_actions(region, out),
            Decision::Keep => self.keep_actions(out),
            Decision::VoteOrder => self.vote_order_actions(out),
            Decision::Suppress { left, region, .. } => self.suppress_actions(region, left, out),
            Decision::PayPublicOpinion => self.pay_actions(out),
            Decision::CourtTarget => self.court_actions(out),
            Decision::SentinelRemove => self.sentinel_actions(out),
            Decision::DiscardWhat => self.discard_what_actions(seat, out),
            Decision::DiscardMore => self.discard_more_actions(out),
            Decision::Refresh { .. } => self.refresh_actions(seat, out),
        }
    }

    /// [`crate::Game::prompt_text`].
    pub(super) fn decision_text(&self, seat: Seat) -> String {
        let Some(d) = self.decision_of(seat) else {
            return String::new();
        };
        match d {
            Decision::ChooseFirst => self.first_text(),
            Decision::Action => self.action_text(seat),
            Decision::Region => "In which Region?".into(),
            Decision::LawType => "Which Law is put to the vote?".into(),
            Decision::LawRegion(law) => format!("In which Region is {} voted?", law.name()),
            Decision::Bonus => "Announce a Bonus Action?".into(),
            Decision::Block => self.block_text(),
            Decision::Counter => "Your action was Blocked: Counter?".into(),
            Decision::Marker { left, region, .. } => {
                format!("{}: up to {left} more markers", region.name())
            }
            Decision::Keep => self.keep_text(),
            Decision::VoteOrder => "Which Region's vote is resolved next?".into(),
            Decision::Suppress { left, region, .. } => format!(
                "Suppress {left} more votes in {} (exactly as many as needed)",
                region.name()
            ),
            Decision::PayPublicOpinion => "Remove which face-up Public Opinion card to pay?".into(),
            Decision::CourtTarget => "Which Law do the Supreme Courts strike?".into(),
            Decision::SentinelRemove => "Remove cards from your Reserve?".into(),
            Decision::DiscardWhat => "Discard Action: Discard cards of one type from the \
                                      Display, or Remove one Reserve card"
                .into(),
            Decision::DiscardMore => "Discard more cards of the same type?".into(),
            Decision::Refresh { left } if self.public.optional_refresh() => {
                format!("Refresh: you may flip up to {left} more cards face-up")
            }
            Decision::Refresh { left } => format!("Refresh: flip {left} more cards face-up"),
        }
    }

    /// [`crate::Game::describe_action`]: the label and fields of one of `seat`'s legal
    /// actions.
    pub(super) fn describe(&self, seat: Seat, action: Action) -> Choice {
        let id = action.to_string();
        let d = self.decision_of(seat);
        match (d, action) {
            (_, Action::First(f)) => {
                Choice::new(id, "first", format!("{} plays first", f.name())).target(f.seat())
            }
            (Some(Decision::Action), _) => self.action_choice(seat, id, action),
            (_, Action::Region(r)) => region_choice(id, r),
            (_, Action::Law(l)) => Choice::new(id, "law", l.name()),
            (Some(Decision::Bonus), _) => bonus_choice(id, action),
            (Some(Decision::Block), _) => block_choice(id, action),
            (Some(Decision::Counter), _) => counter_choice(id, action),
            (Some(Decision::Marker { region, .. }), _) => self.marker_choice(id, region, action),
            (_, Action::Keep(k)) => self.keep_choice(id, k),
            (Some(Decision::Suppress { region, .. }), Action::Suppress(c)) => card_choice(
                id,
                "suppress",
                format!("Flip {} face-down to suppress votes", c.name()),
                c,
            )
            .location(region.id()),
            (_, Action::Strike(r, l)) => {
                Choice::new(id, "strike", format!("Strike {} in {}", l.name(), r.name()))
                    .location(r.id())
            }
            (_, Action::Remove(c)) => card_choice(
                id,
                "remove",
                format!("Remove {} from the game", c.name()),
                c,
            ),
            (Some(Decision::SentinelRemove), Action::Done) => {
                Choice::new(id, "done", "Remove no more cards")
            }
            (Some(Decision::DiscardWhat), _) => discard_what_choice(id, action),
            (Some(Decision::DiscardMore), _) => discard_more_choice(id, action),
            (Some(Decision::Refresh { .. }), Action::Done) => {
                Choice::new(id, "done", "Keep the other cards face-down")
            }
            (_, Action::Refresh(c)) => {
                card_choice(id, "refresh", format!("Flip {} face-up", c.name()), c)
            }
            // Not a legal action of `seat` now: described by its id alone.
            _ => Choice::new(id.clone(), "", id),
        }
    }

    /// [`crate::Game::apply_action`]: what the action does, then every step up to the next
    /// real decision.
    pub(super) fn take(&mut self, seat: Seat, action: Action) {
        if let Some(d) = self.decision_of(seat) {
            self.act(seat, d, action);
        }
        self.settle();
    }

    fn act(&mut self, seat: Seat, d: Decision, action: Action) {
        match d {
            Decision::ChooseFirst => self.apply_first(seat, action),
            Decision::Action => self.apply_action_choice(seat, action),
            Decision::Region | Decision::LawRegion(_) => self.apply_region(action),
            Decision::LawType => self.apply_law_type(action),
            Decision::Bonus => self.apply_bonus(seat, action),
            Decision::Block => self.apply_block(seat, action),
            Decision::Counter => self.apply_counter(seat, action),
            Decision::Marker { target, left, .. } => self.apply_marker(target, left, action),
            Decision::Keep => self.apply_keep(action),
            Decision::VoteOrder => self.apply_vote_order(action),
            Decision::Suppress { target, left, .. } => self.apply_suppress(target, left, action),
            Decision::PayPublicOpinion => self.apply_pay(seat, action),
            Decision::CourtTarget => self.apply_court(action),
            Decision::SentinelRemove => self.apply_sentinel(action),
            Decision::DiscardWhat => self.apply_discard_what(seat, action),
            Decision::DiscardMore => self.apply_discard_more(action),
            Decision::Refresh { left } => self.apply_refresh(seat, left, action),
        }
    }

    /// Takes every decision that has exactly one legal action, and steps over any with none.
    pub(super) fn settle(&mut self) {
        for _ in 0..10_000 {
            let Some((seat, d)) = self.decision() else {
                return;
            };
            let mut forced = Forced::default();
            self.push_actions(seat, d, &mut forced);
            match (forced.count, forced.first) {
                (0, _) => self.nothing_to_choose(),
                (1, Some(action)) => self.act(seat, d, action),
                _ => return,
            }
        }
    }

    /// A step with no legal action moves on as if its optional part were declined.
    fn nothing_to_choose(&mut self) {
        match self.public.step {
            Step::Flip { target, .. } => self.next_flip(target + 1),
            Step::VoteOrder { .. } | Step::SuppressCard { .. } => {
                if let Some(a) = self.public.action.as_mut() {
                    for t in a.targets.iter_mut() {
                        t.resolved = true;
                    }
                }
                self.advance_votes();
            }
            Step::CourtTarget => self.finish_court(),
            Step::Refresh { seat, .. } => self.after_refresh(seat),
            // Every other step always offers a choice; end the phase rather than stall.
            _ => {
                self.public.action = None;
                self.end_player_phase();
            }
        }
    }

    // ----- who plays first ------------------------------------------------------------------

    fn first_actions(&self, out: &mut impl ActionSink<Action>) {
        out.push(Action::First(Faction::Equality));
        out.push(Action::First(Faction::Supremacy));
    }

    fn first_text(&self) -> String {
        format!("Turn {}: who is the First Player?", self.public.turn)
    }

    fn apply_first(&mut self, seat: Seat, action: Action) {
        let Action::First(f) = action else { return };
        let first = f.seat();
        self.note(|| TvEvent::FirstPlayer { seat, first });
        self.public.first_player = first;
        self.public.active = first;
        self.public.phase_index = 0;
        self.public.step = Step::Action;
    }

    // ----- the Player Phase's action --------------------------------------------------------

    /// Pass, then the Display's cards in draw order (each for the one action its type
    /// allows), Persuade from the Reserve, the Amendments, the Discard Action, a Federal Law.
    fn action_actions(&self, seat: Seat, out: &mut impl ActionSink<Action>) {
        let p = self.player(seat);
        let pw = p.pw;
        out.push(Action::Pass);
        for c in self.public.display_of(seat) {
            let d = c.def();
            if d.cost() > pw {
                continue;
            }
            let play = match d.kind {
                CardKind::PublicOpinion => Some(Play::Radicalize),
                CardKind::Organization => Some(Play::Organize),
                // Suppression Removes a face-up Public Opinion card, so it needs the room
                // that card leaves.
                CardKind::Suppression if seat == SUPREMACY => (self.has_face_up_po(seat)
                    && p.reserve.len() - 1 < p.org as usize)
                    .then_some(Play::Suppression),
                CardKind::Region { .. } if seat == SUPREMACY => {
                    self.room(seat).then_some(Play::Suppression)
                }
                CardKind::Law(_) | CardKind::Region { .. }
                    if seat == EQUALITY && self.law_action_possible(c) =>
                {
                    Some(Play::PassLaw)
                }
                CardKind::Special(Special::SupremeCourts | Special::SilentSentinels) => {
                    Some(Play::Event)
                }
                _ => None,
            };
            if let Some(play) = play {
                out.push(Action::Play(play, c));
            }
        }
        for c in self.face_up_po_iter(seat) {
            if c.def().cost() <= pw {
                out.push(Action::Play(Play::Persuade, c));
            }
        }
        if seat == EQUALITY && self.has_congress(EQUALITY) && self.has_face_up_po(seat) {
            for &c in &self.public.aside {
                if matches!(c.def().kind, CardKind::Special(Special::Amendment(_))) {
                    out.push(Action::Play(Play::Amendment, c));
                }
            }
        }
        if pw >= 1 && self.can_discard(seat) {
            out.push(Action::DiscardAction);
        }
        if pw >= 1 && self.has_congress(seat) {
            out.push(Action::FederalLaw);
        }
    }

    fn action_text(&self, seat: Seat) -> String {
        let p = self.player(seat);
        format!(
            "Turn {}, {} Player Phase: {} has {} PW (Org {}). Take an action or pass",
            self.public.turn,
            if self.public.phase_index == 0 {
                "First"
            } else {
                "Second"
            },
            faction_name(seat),
            p.pw,
            p.org
        )
    }

    fn action_choice(&self, seat: Seat, id: String, action: Action) -> Choice {
        let pw = self.player(seat).pw;
        match action {
            Action::Play(play, c) => {
                let d = c.def();
                let label = match play {
                    Play::Radicalize => format!("Radicalize with {} ({} PW)", d.name, d.cost()),
                    Play::Organize => format!("Organization with {} (last action)", d.name),
                    Play::Suppression => {
                        format!("Suppression: take {} into the Reserve", d.name)
                    }
                    Play::PassLaw => format!("Law Action with {} ({} PW)", d.name, d.cost()),
                    Play::Event => format!("Special Event: {} (last action)", d.name),
                    Play::Persuade => format!("Persuade with {} ({} PW)", d.name, d.cost()),
                    Play::Amendment => format!("Attempt the {} (last action)", d.name),
                };
                card_choice(id, play.verb(), label, c).amount(d.cost() as i64)
            }
            Action::DiscardAction => Choice::new(
                id,
                "discard-action",
                format!(
                    "Discard Action: spend all {pw} PW to Discard from the Display or Remove \
                     from the Reserve (last action)"
                ),
            ),
            Action::FederalLaw => Choice::new(
                id,
                "federal-law",
                format!(
                    "Pass a Federal Law: all {pw} PW for {} VP (last action)",
                    federal_law_vp(pw)
                ),
            )
            .amount(federal_law_vp(pw) as i64),
            _ => Choice::new(id, "pass", "End your Player Phase"),
        }
    }

    fn apply_action_choice(&mut self, seat: Seat, action: Action) {
        match action {
            Action::Pass => self.pass(seat),
            Action::DiscardAction => self.discard_action(seat),
            Action::FederalLaw => self.federal_law(seat),
            Action::Play(play, c) => self.play(seat, play, c),
            _ => {}
        }
    }

    // ----- the Region of a Public Opinion action, a Law vote --------------------------------

    fn region_actions(&self, out: &mut impl ActionSink<Action>) {
        for r in Region::all() {
            out.push(Action::Region(r));
        }
    }

    fn law_type_actions(&self, out: &mut impl ActionSink<Action>) {
        let Some(a) = self.action() else { return };
        let fixed = a.card.def().region();
        let open = |l: Law| match fixed {
            Some(r) => !self.public.region(r).law(l),
            None => self.public.regions.iter().any(|r| !r.law(l)),
        };
        for l in Law::ALL {
            if open(l) {
                out.push(Action::Law(l));
            }
        }
    }

    fn law_region_actions(&self, law: Law, out: &mut impl ActionSink<Action>) {
        for r in Region::all() {
            if !self.public.region(r).law(law) {
                out.push(Action::Region(r));
            }
        }
    }

    fn apply_region(&mut self, action: Action) {
        if let Action::Region(r) = action {
            self.add_target(r, None);
            self.after_targets();
        }
    }

    fn apply_law_type(&mut self, action: Action) {
        let Action::Law(law) = action else { return };
        let fixed_region = self.action().and_then(|a| a.card.def().region());
        if let Some(a) = self.public.action.as_mut() {
            a.law = Some(law);
        }
        match fixed_region {
            Some(r) => {
                self.add_target(r, None);
                self.after_targets();
            }
            None => self.public.step = Step::LawRegion,
        }
    }

    // ----- Bonus Actions --------------------------------------------------------------------

    fn bonus_actions(&self, out: &mut impl ActionSink<Action>) {
        let Some(a) = self.action() else { return };
        out.push(Action::Done);
        for c in self.bonus_cards(a) {
            out.push(Action::Bonus(c));
        }
    }

    fn apply_bonus(&mut self, seat: Seat, action: Action) {
        let Action::Bonus(c) = action else {
            self.after_bonus();
            return;
        };
        // Only Region cards are offered for a Bonus Action, and only offered actions are
        // applied; a card without a Region here is a bug, not a move to read as Region 0.
        let Some(r) = c.def().region() else {
            unreachable!(
                "{} was offered for a Bonus Action but has no Region",
                c.id()
            )
        };
        self.set_face(seat, c, false);
        self.add_target(r, Some(c));
        self.note(|| TvEvent::Bonus {
            seat,
            card: c,
            region: r,
        });
    }

    // ----- Blocks and Counters --------------------------------------------------------------

    fn block_actions(&self, out: &mut impl ActionSink<Action>) {
        let Some(a) = self.action() else { return };
        out.push(Action::Pass);
        for (r, c) in self.block_options(a) {
            out.push(Action::Block(r, c));
        }
    }

    fn block_text(&self) -> String {
        self.action().map_or_else(String::new, |a| {
            format!(
                "{} takes a {:?} action: Block it?",
                faction_name(a.seat),
                a.kind
            )
        })
    }

    fn apply_block(&mut self, seat: Seat, action: Action) {
        let Action::Block(r, c) = action else {
            self.public.step = Step::Counter;
            return;
        };
        self.set_face(seat, c, false);
        if let Some(t) = self.target_mut(r) {
            // Only revision 1 offers a Block where one is already played.
            if t.block.is_none() {
                t.block = Some(c);
            } else {
                t.further_blocks.push(BlockPlay {
                    card: c,
                    counter: None,
                });
            }
        }
        self.note(|| TvEvent::Block {
            seat,
            card: c,
            region: r,
        });
    }

    fn counter_actions(&self, out: &mut impl ActionSink<Action>) {
        let Some(a) = self.action() else { return };
        out.push(Action::Done);
        for (r, c) in self.counter_options(a) {
            out.push(Action::Counter(r, c));
        }
    }

    fn apply_counter(&mut self, seat: Seat, action: Action) {
        let Action::Counter(r, c) = action else {
            self.next_flip(0);
            return;
        };
        self.set_face(seat, c, false);
        let mut named = None;
        if let Some(t) = self.target_mut(r) {
            named = counter_block(t, c);
        }
        // Several Blocks here (revision 1 only): the entry says which one is Countered.
        self.note(|| TvEvent::Counter {
            seat,
            card: c,
            region: r,
            block: named,
        });
    }

    // ----- markers --------------------------------------------------------------------------

    fn marker_actions(&self, region: Region, out: &mut impl ActionSink<Action>) {
        let Some(a) = self.action() else { return };
        if a.kind == ActionKind::Radicalize {
            out.push(Action::Done);
        }
        for &(op, row) in self.marker_ops(a.kind, a.seat, region).iter() {
            out.push(Action::Marker(op, row));
        }
    }

    fn marker_choice(&self, id: String, region: Region, action: Action) -> Choice {
        let (Action::Marker(op, row), Some(a)) = (action, self.action()) else {
            return Choice::new(id, "done", "Flip no more markers here");
        };
        // The words and the marker it takes away, from the table the effect uses.
        let (from, to) = super::opinion::marker_change(a.kind, a.seat, op);
        let name = |m: usize| ["Equality", "Blue Apathy", "Red Apathy", "Supremacy"][m];
        let what = match op {
            Op::Flip => format!("Flip a {} marker to {}", name(from), name(to)),
            Op::Replace => format!("Replace a {} marker with {}", name(from), name(to)),
        };
        Choice::new(id, op.verb(), format!("{what} ({} voters)", row.slug()))
            .location(region.id())
            .subject(["equality", "blue-apathy", "red-apathy", "supremacy"][from])
    }

    fn apply_marker(&mut self, target: usize, left: u8, action: Action) {
        let Action::Marker(op, row) = action else {
            self.next_flip(target + 1);
            return;
        };
        self.change_marker(target, op, row);
        if left <= 1 {
            self.next_flip(target + 1);
        } else {
            self.public.step = Step::Flip {
                target,
                left: left - 1,
            };
        }
    }

    // ----- keeping the card -----------------------------------------------------------------

    fn keep_actions(&self, out: &mut impl ActionSink<Action>) {
        if self.action().is_some() {
            out.push(Action::Keep(KeepTo::Reserve));
            out.push(Action::Keep(KeepTo::Discard));
        }
    }

    fn keep_text(&self) -> String {
        self.action()
            .map_or_else(String::new, |a| format!("Keep {}?", a.card.name()))
    }

    fn keep_choice(&self, id: String, k: KeepTo) -> Choice {
        let label = match k {
            KeepTo::Reserve => "Take the card into your Reserve",
            KeepTo::Discard => "Discard the card",
        };
        let c = Choice::new(id, "keep", label);
        match self.action() {
            Some(a) => c.card(a.card.id()),
            None => c,
        }
    }

    fn apply_keep(&mut self, action: Action) {
        if let (Action::Keep(k), Some(a)) = (action, self.public.action.clone()) {
            if k == KeepTo::Reserve {
                self.player_mut(a.seat).reserve.push(ReserveCard {
                    card: a.card,
                    face_up: true,
                });
                self.note(|| TvEvent::ToReserve {
                    seat: a.seat,
                    card: a.card,
                });
            } else {
                self.discard_card(a.card);
            }
        }
        self.complete_action();
    }

    // ----- votes and their suppression ------------------------------------------------------

    fn vote_order_actions(&self, out: &mut impl ActionSink<Action>) {
        let Some(a) = self.action() else { return };
        for t in a.targets.iter().filter(|t| !t.resolved) {
            out.push(Action::Region(t.region));
        }
    }

    fn apply_vote_order(&mut self, action: Action) {
        if let Action::Region(r) = action {
            self.start_suppression(r);
        }
    }

    fn suppress_actions(&self, region: Region, left: u8, out: &mut impl ActionSink<Action>) {
        for c in self.suppress_options(region, left) {
            out.push(Action::Suppress(c));
        }
    }

    fn apply_suppress(&mut self, target: usize, left: u8, action: Action) {
        let Action::Suppress(c) = action else { return };
        let Some(region) = self.target_region(target) else {
            return;
        };
        let value = self
            .suppressors(region)
            .iter()
            .find(|(x, _)| *x == c)
            .map_or(1, |&(_, v)| v);
        self.set_face(SUPREMACY, c, false);
        if let Some(t) = self
            .public
            .action
            .as_mut()
            .and_then(|a| a.targets.get_mut(target))
        {
            t.suppressed += value;
            t.suppress_cards.push(c);
        }
        self.note(|| TvEvent::Suppress {
            card: c,
            value,
            region,
        });
        let left = left.saturating_sub(value);
        if left == 0 {
            self.resolve_target(target);
            self.advance_votes();
        } else {
            self.public.step = Step::SuppressCard { target, left };
        }
    }

    // ----- paying with a Public Opinion card ------------------------------------------------

    fn pay_actions(&self, out: &mut impl ActionSink<Action>) {
        let Some(a) = self.action() else { return };
        for c in self.face_up_po_iter(a.seat) {
            out.push(Action::Remove(c));
        }
    }

    fn apply_pay(&mut self, seat: Seat, action: Action) {
        if let Action::Remove(c) = action {
            self.remove_card(seat, c);
            self.after_payment();
        }
    }

    // ----- Special Events -------------------------------------------------------------------

    fn court_actions(&self, out: &mut impl ActionSink<Action>) {
        for (r, l) in self.strikable_laws() {
            out.push(Action::Strike(r, l));
        }
    }

    fn apply_court(&mut self, action: Action) {
        if let Action::Strike(r, l) = action {
            self.strike_law(r, l);
        }
        self.finish_court();
    }

    fn sentinel_actions(&self, out: &mut impl ActionSink<Action>) {
        out.push(Action::Done);
        for c in self.removable(EQUALITY) {
            out.push(Action::Remove(c));
        }
    }

    fn apply_sentinel(&mut self, action: Action) {
        match action {
            Action::Remove(c) => self.remove_card(EQUALITY, c),
            _ => self.finish_sentinels(),
        }
    }

    // ----- the Discard Action ---------------------------------------------------------------

    fn discard_what_actions(&self, seat: Seat, out: &mut impl ActionSink<Action>) {
        for c in self.public.display_of(seat) {
            out.push(Action::Discard(c));
        }
        for c in self.removable(seat) {
            out.push(Action::RemoveReserve(c));
        }
    }

    fn apply_discard_what(&mut self, seat: Seat, action: Action) {
        match action {
            Action::Discard(c) => self.start_discarding(seat, c),
            Action::RemoveReserve(c) => {
                self.remove_card(seat, c);
                self.end_player_phase();
            }
            _ => {}
        }
    }

    fn discard_more_actions(&self, out: &mut impl ActionSink<Action>) {
        let Some(a) = self.action() else { return };
        out.push(Action::Done);
        for c in self.public.display_of(a.seat) {
            if Some(c.def().card_type()) == a.discard_type {
                out.push(Action::Discard(c));
            }
        }
    }

    fn apply_discard_more(&mut self, action: Action) {
        if let Action::Discard(c) = action {
            self.take_from_display(c);
            self.discard_card(c);
        } else {
            self.public.action = None;
            self.end_player_phase();
        }
    }

    // ----- Refresh at Turn End --------------------------------------------------------------

    /// The face-down cards, then (revision 1, where Refresh is optional) `done`: last, so a
    /// client that takes the first choice refreshes.
    fn refresh_actions(&self, seat: Seat, out: &mut impl ActionSink<Action>) {
        for r in &self.player(seat).reserve {
            if !r.face_up {
                out.push(Action::Refresh(r.card));
            }
        }
        if self.public.optional_refresh() {
            out.push(Action::Done);
        }
    }

    fn apply_refresh(&mut self, seat: Seat, left: u8, action: Action) {
        let Action::Refresh(c) = action else {
            // `done`: the other cards stay face-down.
            self.note(|| TvEvent::RefreshStops { seat });
            self.after_refresh(seat);
            return;
        };
        self.set_face(seat, c, true);
        self.note(|| TvEvent::Refreshes { seat, card: c });
        if left <= 1 {
            self.after_refresh(seat);
        } else {
            self.public.step = Step::Refresh {
                seat,
                left: left - 1,
            };
        }
    }
}

// ----- the choices whose labels need only the action -----------------------------------------

fn bonus_choice(id: String, action: Action) -> Choice {
    let Action::Bonus(c) = action else {
        return Choice::new(id, "done", "No more Bonus Actions");
    };
    // Only Region cards are offered for a Bonus Action, so `r` is always there.
    let r = c.def().region();
    let choice = card_choice(
        id,
        "bonus",
        format!(
            "Flip {} face-down for a Bonus Action in {}",
            c.name(),
            r.map_or("its Region", Region::name)
        ),
        c,
    );
    match r {
        Some(r) => choice.location(r.id()),
        None => choice,
    }
}

fn block_choice(id: String, action: Action) -> Choice {
    let Action::Block(r, c) = action else {
        return Choice::new(id, "pass", "Do not Block (more)");
    };
    let cost = c.def().cost();
    card_choice(
        id,
        "block",
        format!("Block {cost} markers in {} with {}", r.name(), c.name()),
        c,
    )
    .location(r.id())
    .amount(cost as i64)
}

/// Counters the strongest Block not yet Countered in `t` (the first of equals) with `c`:
/// the acting side loses least that way, so the choice of which Block needs no prompt.
/// Returns the Block's card when the Region holds several Blocks, to name it.
fn counter_block(t: &mut Target, c: Card) -> Option<Card> {
    let several = !t.further_blocks.is_empty();
    let best = t
        .blocks()
        .enumerate()
        .filter(|(_, (_, counter))| counter.is_none())
        .map(|(i, (b, _))| (i, b))
        .fold(None::<(usize, Card)>, |best, (i, b)| match best {
            Some((_, kept)) if kept.def().cost() >= b.def().cost() => best,
            _ => Some((i, b)),
        });
    let (i, b) = best?;
    if i == 0 {
        t.counter = Some(c);
    } else if let Some(more) = t.further_blocks.get_mut(i - 1) {
        more.counter = Some(c);
    }
    several.then_some(b)
}

fn counter_choice(id: String, action: Action) -> Choice {
    let Action::Counter(r, c) = action else {
        return Choice::new(id, "done", "Do not Counter (more)");
    };
    card_choice(
        id,
        "counter",
        format!("Counter the Block in {} with {}", r.name(), c.name()),
        c,
    )
    .location(r.id())
}

fn discard_what_choice(id: String, action: Action) -> Choice {
    match action {
        Action::RemoveReserve(c) => card_choice(
            id,
            "remove-reserve",
            format!("Remove {} from your Reserve", c.name()),
            c,
        ),
        Action::Discard(c) => card_choice(
            id,
            "discard",
            format!("Discard {} from the Display", c.name()),
            c,
        ),
        _ => Choice::new(id.clone(), "", id),
    }
}

fn discard_more_choice(id: String, action: Action) -> Choice {
    match action {
        Action::Discard(c) => card_choice(id, "discard", format!("Discard {}", c.name()), c),
        _ => Choice::new(id, "done", "Discard no more"),
    }
}

#[cfg(test)]
mod contract_tests {

    use super::*;
    use crate::Game;
    use crate::core::{GameLog, Setup};
    use crate::testing::{self, assert_quiet_copy_plays_the_same};

    /// Plays `games` random games through the cheap path, handing each state to `each`
    /// before every action.
    fn random_states(games: u64, each: impl FnMut(&TheVote, Seat, &[Action])) -> usize {
        testing::random_states(0..games, |seed| Setup::new("standard", 2, seed), each)
    }

    #[test]
    fn a_state_that_keeps_no_log_plays_the_same_game() {
        // Search states keep no log (no event is even built): nothing else may change.
        for seed in 0..30 {
            let logged = TheVote::new(&Setup::new("standard", 2, seed)).expect("set-up");
            let mut quiet = logged.clone();
            quiet.log = GameLog::off();
            assert_quiet_copy_plays_the_same(logged, quiet, seed, |g| g.public.clone());
        }
    }

    #[test]
    fn every_decision_left_to_a_seat_is_a_real_choice() {
        // One legal action is taken without asking, none is stepped over (`settle`): a
        // prompt always offers two or more, and only the seat deciding has any.
        let states = random_states(40, |g, seat, legal| {
            assert!(legal.len() >= 2, "{:?}: {legal:?}", g.public.step);
            let mut other = Vec::new();
            g.legal_actions(1 - seat, &mut other);
            assert!(
                other.is_empty(),
                "{:?}: the other seat has {other:?}",
                g.public.step
            );
        });
        assert!(states > 2_000, "{states} states");
    }

    #[test]
    fn each_action_is_described_with_its_own_id_and_a_label() {
        random_states(20, |g, seat, legal| {
            for &a in legal {
                let c = g.describe_action(seat, a);
                assert_eq!(c.id, a.to_string());
                assert!(!c.label.is_empty() && !c.kind.is_empty(), "{a}: {c:?}");
            }
        });
    }
}
