//! What the game waits for, and the one loop that settles everything else.
//!
//! A [`Decision`] is read from the board (the top frame's task, else the phase) without
//! building any list. Each decision's actions are *offered* ([`Offer`]) in the order the
//! prompt lists them — the fuzzers pick by index, so the order is part of the contract —
//! each with a closure that describes it, called only when a prompt is shown. The same
//! offering code therefore serves the cheap path ([`Listing`]: actions only), the loop that
//! takes single-choice steps by itself ([`Forced`]: counts to two) and the prompt
//! ([`Find`]: the one action described).
//!
//! | decision | who | actions | where |
//! |---|---|---|---|
//! | [`Decision::Task`] | the side playing the top card | see `tasks/mod.rs` | `tasks/` |
//! | [`Decision::Operations`] | the active player | `event:C`, `campaign:C`, `organize:C`, `lobby:C`, `discard:C`, `claimed:C`, `done` | `operations.rs` |
//! | [`Decision::Commit`], [`Decision::Answer`] | the Suffragist, the Opposition | `commit:N`; `defer`, `match`, `supersede` | `strategy.rs` |
//! | [`Decision::VotePick`], [`Decision::VoteReroll`] | the picker, the losing side | `state:NY`; `keep`, `reroll` | `voting.rs` |
//! | [`Decision::Propose`], [`Decision::Accept`] | the partners of a two-player side | `done`, `held`, `give:C`, `ask:C`; `decline`, `accept` | `cleanup.rs` |

use super::actions::Action;
use super::*;

/// What the game waits for, found without building any list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Decision {
    /// A choice of the card (or action) being played: the top frame's [`Task`].
    Task,
    /// A card to play in the Operations round, or `done`.
    Operations,
    /// The Suffragist's Strategy commitment.
    Commit,
    /// The Opposition's answer to a commitment of `n` buttons.
    Answer(u8),
    /// The next state to vote in Final Voting.
    VotePick,
    /// Whether the side losing the vote in progress re-rolls.
    VoteReroll,
    /// A Cleanup proposal to the partner, or `done`.
    Propose,
    /// The partner's answer to a Cleanup proposal.
    Accept,
}

/// Who decides and what.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Asked {
    pub side: Side,
    /// Which of the side's players decides.
    pub slot: u8,
    pub what: Decision,
}

/// Where a decision's legal actions go, each offered with the closure that describes it.
pub(super) trait Offer {
    /// Offers one legal action; `choice` builds its label and fields (its id is filled in).
    fn offer(&mut self, action: Action, choice: impl FnOnce() -> Choice);
    /// How many actions were offered so far.
    fn offered(&self) -> usize;
    /// Whether the caller need offer no more (only counting stops early).
    fn enough(&self) -> bool {
        false
    }
}

/// The cheap path: the actions into an [`ActionSink`], no label built.
pub(super) struct Listing<'a, S> {
    pub out: &'a mut S,
    pub n: usize,
}

impl<S: ActionSink<Action>> Offer for Listing<'_, S> {
    #[inline]
    fn offer(&mut self, action: Action, _choice: impl FnOnce() -> Choice) {
        self.out.push(action);
        self.n += 1;
    }
    fn offered(&self) -> usize {
        self.n
    }
}

/// Counts the actions (up to two) and keeps the first: enough to tell a decision with one
/// legal action, which the game takes without asking, from a real one.
#[derive(Default)]
pub(super) struct Forced {
    pub n: usize,
    pub first: Option<Action>,
}

impl Offer for Forced {
    #[inline]
    fn offer(&mut self, action: Action, _choice: impl FnOnce() -> Choice) {
        if self.first.is_none() {
            self.first = Some(action);
        }
        self.n += 1;
    }
    fn offered(&self) -> usize {
        self.n
    }
    fn enough(&self) -> bool {
        self.n >= 2
    }
}

/// Describes one action: the first offered that equals `wanted`.
pub(super) struct Find {
    pub wanted: Action,
    pub n: usize,
    pub found: Option<Choice>,
}

impl Offer for Find {
    fn offer(&mut self, action: Action, choice: impl FnOnce() -> Choice) {
        if self.found.is_none() && action == self.wanted {
            let mut c = choice();
            c.id = action.to_string();
            self.found = Some(c);
        }
        self.n += 1;
    }
    fn offered(&self) -> usize {
        self.n
    }
}

/// Every action described, in order: a whole prompt in one listing.
#[derive(Default)]
pub(super) struct Describe(pub Vec<Choice>);

impl Offer for Describe {
    fn offer(&mut self, action: Action, choice: impl FnOnce() -> Choice) {
        let mut c = choice();
        c.id = action.to_string();
        self.0.push(c);
    }
    fn offered(&self) -> usize {
        self.0.len()
    }
}

/// A choice's kind and label (its id is the action's, filled in by [`Find`]).
pub(super) fn ch(kind: &str, label: impl Into<String>) -> Choice {
    Choice::new(String::new(), kind, label)
}

/// A choice about a card.
pub(super) fn card_ch(kind: &str, label: impl Into<String>, c: CardId) -> Choice {
    ch(kind, label).card(slug(c))
}

impl VotesForWomen {
    /// Who decides now and what, read from the board; `None` when the next step is
    /// automatic (or the game is over). A decision found here may still offer no action:
    /// see [`Self::pending`].
    pub(super) fn asked(&self) -> Option<Asked> {
        if self.board.outcome.is_some() {
            return None;
        }
        if let Some(frame) = self.board.stack.last() {
            frame.task.as_ref()?;
            return Some(Asked {
                side: frame.side,
                slot: frame.slot,
                what: Decision::Task,
            });
        }
        match self.board.phase {
            Phase::Operations => self.operations_asked(),
            Phase::Strategy => self.strategy_asked(),
            Phase::FinalVoting => self.voting_asked(),
            Phase::Cleanup => self.cleanup_asked(),
            Phase::Finished => None,
        }
    }

    /// The decision the game waits for, if it offers at least one action.
    pub(super) fn pending(&self) -> Option<Asked> {
        let a = self.asked()?;
        let mut f = Forced::default();
        self.offers(a, &mut f);
        (f.n > 0).then_some(a)
    }

    /// The seat that decides `a`, if a person plays it (not the Oppobot).
    pub(super) fn seat_asked(&self, a: Asked) -> Option<Seat> {
        self.board.player_seat(a.side, a.slot)
    }

    /// The decision `seat` faces, if any.
    pub(super) fn asked_of(&self, seat: Seat) -> Option<Asked> {
        self.asked().filter(|&a| self.seat_asked(a) == Some(seat))
    }

    /// Offers every legal action of decision `a`, in prompt order.
    pub(super) fn offers(&self, a: Asked, out: &mut impl Offer) {
        match a.what {
            Decision::Task => self.task_offers(out),
            Decision::Operations => self.operations_offers(a.side, a.slot, out),
            Decision::Commit => self.commit_offers(out),
            Decision::Answer(n) => self.answer_offers(n, out),
            Decision::VotePick => self.vote_pick_offers(a.side, out),
            Decision::VoteReroll => self.vote_reroll_offers(out),
            Decision::Propose => self.propose_offers(out),
            Decision::Accept => self.accept_offers(out),
        }
    }

    /// The prompt's text for decision `a`.
    pub(super) fn text(&self, a: Asked) -> String {
        match a.what {
            Decision::Task => self.task_text(),
            Decision::Operations => self.operations_text(a.side, a.slot),
            Decision::Commit => self.commit_text(),
            Decision::Answer(n) => {
                format!("The Suffragist commits {n} buttons: defer, match or supersede?")
            }
            Decision::VotePick => self.vote_pick_text(a.side, a.slot),
            Decision::VoteReroll => self.vote_reroll_text(),
            Decision::Propose => self.propose_text(),
            Decision::Accept => self.accept_text(),
        }
    }

    /// One legal action of `seat`, described; an action it may not take now is described
    /// by its id alone.
    pub(super) fn describe(&self, seat: Seat, action: Action) -> Choice {
        let mut find = Find {
            wanted: action,
            n: 0,
            found: None,
        };
        if let Some(a) = self.asked_of(seat) {
            self.offers(a, &mut find);
        }
        find.found.unwrap_or_else(|| {
            let id = action.to_string();
            Choice::new(id.clone(), "", id)
        })
    }

    /// Applies one legal action of `side`'s current decision (the steps that follow are
    /// [`Self::run`]'s).
    pub(super) fn choose(&mut self, side: Side, action: Action) {
        if !self.board.stack.is_empty() {
            self.apply_task(side, action);
            return;
        }
        match self.board.phase {
            Phase::Operations => self.apply_operations(side, action),
            Phase::Strategy => self.apply_strategy(side, action),
            Phase::FinalVoting => self.apply_voting(side, action),
            Phase::Cleanup => self.apply_cleanup(action),
            Phase::Finished => {}
        }
    }

    /// Runs automatic steps, single-choice decisions and the Oppobot's decisions until a
    /// person has a real decision or the game ends: so every prompt shown is a real choice.
    pub(super) fn run(&mut self) {
        for _ in 0..100_000 {
            if self.board.outcome.is_some() {
                self.board.stack.clear();
                return;
            }
            // A card the Oppobot claimed is played before anyone acts again.
            if self.is_bot(Side::Opposition)
                && self.board.stack.is_empty()
                && !self.board.claimed[1].is_empty()
                && self.bot_step()
            {
                continue;
            }
            if let Some(a) = self.asked() {
                let mut f = Forced::default();
                self.offers(a, &mut f);
                if let (1, Some(only)) = (f.n, f.first) {
                    self.choose(a.side, only);
                    continue;
                }
                if f.n > 0 {
                    if self.is_bot(a.side) {
                        self.bot_decide();
                        continue;
                    }
                    return;
                }
            }
            if self.bot_step() {
                continue;
            }
            self.auto_step();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;
    use crate::testing::{self, assert_quiet_copy_plays_the_same};

    /// Plays `games` random games of `variant` through the cheap path, calling `each` on
    /// every state where a seat decides; returns how many there were.
    fn random_states(
        variant: &str,
        seats: usize,
        games: u64,
        each: impl FnMut(&VotesForWomen, Seat, &[Action]),
    ) -> usize {
        testing::random_states(0..games, |seed| Setup::new(variant, seats, seed), each)
    }

    #[test]
    fn every_decision_left_to_a_seat_is_a_real_choice() {
        // One legal action is taken without asking (`run`), none is stepped over: a prompt
        // always offers two or more, and only the seat deciding has any.
        for (variant, seats) in [("standard", 2), ("team-4", 4), ("solitaire", 1)] {
            let states = random_states(variant, seats, 12, |g, seat, legal| {
                assert!(legal.len() >= 2, "{variant}: {:?}", g.board.stack.last());
                for other in (0..seats).filter(|&s| s != seat) {
                    let mut theirs = Vec::new();
                    g.legal_actions(other, &mut theirs);
                    assert!(theirs.is_empty(), "{variant}: seat {other} has {theirs:?}");
                }
            });
            assert!(states > 1_000, "{variant}: {states} states");
        }
    }

    #[test]
    fn each_action_is_described_with_its_own_id_and_a_label() {
        for (variant, seats) in [("standard", 2), ("team-3-suffragists", 3)] {
            random_states(variant, seats, 6, |g, seat, legal| {
                for &a in legal {
                    let c = g.describe_action(seat, a);
                    assert_eq!(c.id, a.to_string());
                    assert!(!c.label.is_empty() && !c.kind.is_empty(), "{a}: {c:?}");
                }
                assert!(!g.prompt_text(seat).is_empty());
            });
        }
    }

    #[test]
    fn a_state_that_keeps_no_log_plays_the_same_game() {
        // Search states keep no log: nothing else may change.
        for seed in 0..20 {
            let logged = VotesForWomen::new(&Setup::new("standard", 2, seed)).expect("set-up");
            let mut quiet = logged.clone();
            quiet.log = GameLog::off();
            assert_quiet_copy_plays_the_same(logged, quiet, seed, |g| g.board.clone());
        }
    }
}
