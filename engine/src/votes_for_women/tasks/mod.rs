//! The decisions a card (or a Campaigning or Lobbying action) waits for while it is played:
//! the top frame's [`Task`]. One file per family of tasks holds, per task side by side, the
//! actions offered (in the old prompt's order), the prompt's text, and what applying one
//! does; this file only dispatches on the task.
//!
//! | task | actions | file |
//! |---|---|---|
//! | [`Task::Dice`] | `keep`, `reroll` | `dice.rs` |
//! | [`Task::Assign`] | `die:N` | `dice.rs` |
//! | [`Task::PoolAssign`] | `campaigner:K` | `dice.rs` |
//! | [`Task::Campaign`] | `state:NY` (the Campaigner's colour), `move:R`, `pass`; from rules revision 1 also `stay` once placed | `campaign.rs` |
//! | [`Task::Transport`] | `stay`, `move:R` | `campaign.rs` |
//! | [`Task::Place`], [`Task::Fixed`] | `state:NY`, `purple:NY`, `yellow:NY` | `cubes.rs` |
//! | [`Task::Remove`] | `state:NY`, `purple:NY`, `yellow:NY` | `cubes.rs` |
//! | [`Task::RemoveAll`] | `state:NY`, `done` | `cubes.rs` |
//! | [`Task::ChooseRegion`] | `region:R` | `states.rs` |
//! | [`Task::PickState`] | `state:NY` | `states.rs` |
//! | [`Task::PickStrategy`] | `strategy:C`, `give:C` | `cards.rs` |
//! | [`Task::PlayOne`] | `play:C` | `cards.rs` |
//! | [`Task::Stack`] | `top:C`, `done` | `cards.rs` |
//! | [`Task::ChangeInPlans`] | `discard:C` | `cards.rs` |
//! | [`Task::CounterStrat`] | `remove:C` | `cards.rs` |
//! | [`Task::Successes`] | `add-marker`, `remove-marker`, `done` | `../lobbying.rs` |
//!
//! A task that offers nothing is finished by [`VotesForWomen::finish_task`] (some chain into
//! the next stage: a Campaigner done hands over to the next one).

mod campaign;
mod cards;
mod cubes;
mod dice;
mod states;

use super::actions::Action;
use super::decisions::Offer;
use super::*;

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
        match task {
            // dice.rs
            Task::Dice { purpose, dice, .. } => self.dice_offers(side, *purpose, dice, out),
            Task::Assign { dice, .. } => Self::assign_offers(dice, out),
            Task::PoolAssign { dice, totals } => self.pool_offers(dice, totals, out),
            // campaign.rs
            Task::Campaign {
                queue,
                left,
                started,
                moved,
            } => self.campaign_offers(side, queue, *left, *started, *moved, out),
            Task::Transport { next } => self.transport_offers(frame, *next, out),
            // cubes.rs
            Task::Place {
                left,
                area,
                cap,
                placed,
            } => self.place_offers(side, *left, *area, *cap, placed, out),
            Task::Fixed { queue } => self.fixed_offers(side, queue, out),
            Task::Remove { left, cap, placed } => {
                self.remove_offers(side, *left, *cap, placed, out)
            }
            Task::RemoveAll { hue, left } => self.remove_all_offers(*hue, *left, out),
            // states.rs
            Task::ChooseRegion { n } => Self::choose_region_offers(*n, out),
            Task::PickState { pick } => self.pick_state_offers(side, *pick, out),
            // cards.rs
            Task::PickStrategy => self.pick_strategy_offers(frame, out),
            Task::PlayOne { from } => self.play_one_offers(side, *from, out),
            Task::Stack => self.stack_offers(side, out),
            Task::ChangeInPlans => self.change_in_plans_offers(side, out),
            Task::CounterStrat => self.counter_strat_offers(out),
            // ../lobbying.rs
            Task::Successes { left } => self.successes_offers(side, *left, out),
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
            // dice.rs
            Task::Dice { purpose, die, dice } => Self::dice_text(*purpose, *die, dice),
            Task::Assign { given, .. } => self.assign_text(frame, given),
            Task::PoolAssign { dice, .. } => Self::pool_text(dice),
            // campaign.rs
            Task::Campaign {
                queue,
                left,
                started,
                moved,
            } => self.campaign_text(side, queue, *left, *started, *moved),
            Task::Transport { next } => self.transport_text(frame, *next),
            // cubes.rs
            Task::Place { left, .. } => Self::place_text(*left),
            Task::Fixed { queue } => Self::fixed_text(queue),
            Task::Remove { left, .. } => Self::remove_text(*left),
            Task::RemoveAll { left, .. } => Self::remove_all_text(*left),
            // states.rs
            Task::ChooseRegion { .. } => states::CHOOSE_REGION_TEXT.into(),
            Task::PickState { .. } => states::PICK_STATE_TEXT.into(),
            // cards.rs
            Task::PickStrategy => cards::PICK_STRATEGY_TEXT.into(),
            Task::PlayOne { .. } => cards::PLAY_ONE_TEXT.into(),
            Task::Stack => cards::STACK_TEXT.into(),
            Task::ChangeInPlans => cards::CHANGE_IN_PLANS_TEXT.into(),
            Task::CounterStrat => cards::COUNTER_STRAT_TEXT.into(),
            // ../lobbying.rs
            Task::Successes { left } => self.successes_text(*left),
        }
    }

    /// Applies one of the actions [`Self::task_offers`] listed to the top frame's task.
    pub(super) fn apply_task(&mut self, side: Side, action: Action) {
        let Some(task) = self.board.stack.last().and_then(|f| f.task.clone()) else {
            return;
        };
        match task {
            // dice.rs
            Task::Dice { purpose, die, dice } => self.apply_dice(side, purpose, die, dice, action),
            Task::Assign { dice, given } => self.apply_assign(side, dice, given, action),
            Task::PoolAssign { dice, totals } => self.apply_pool_assign(dice, totals, action),
            // campaign.rs
            Task::Campaign {
                queue,
                left,
                started,
                moved,
            } => self.apply_campaign(side, queue, left, started, moved, action),
            Task::Transport { next } => self.apply_transport(side, next, action),
            // cubes.rs
            Task::Place { .. } => self.apply_counted(side, action, Self::place_cube),
            Task::Fixed { queue } => self.apply_fixed(side, queue, action),
            Task::Remove { .. } => self.apply_counted(side, action, Self::remove_cube),
            Task::RemoveAll { hue, left } => self.apply_remove_all(side, hue, left, action),
            // states.rs
            Task::ChooseRegion { n } => self.apply_choose_region(side, n, action),
            Task::PickState { pick } => self.apply_pick_state(side, pick, action),
            // cards.rs
            Task::PickStrategy => self.apply_pick_strategy(side, action),
            Task::PlayOne { from } => self.apply_play_one(side, from, action),
            Task::Stack => self.apply_stack(side, action),
            Task::ChangeInPlans => self.apply_change_in_plans(side, action),
            Task::CounterStrat => self.apply_counter_strat(side, action),
            // ../lobbying.rs
            Task::Successes { left } => self.apply_successes(side, left, action),
        }
    }
}
