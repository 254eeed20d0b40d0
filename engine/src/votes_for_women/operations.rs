//! The Operations rounds: the active player plays a hand card (as an event, or to Campaign,
//! Organize or Lobby) and may play claimed cards, then the other side; six rounds a turn.

use super::actions::{Action, Verb};
use super::decisions::{Asked, Decision, Offer, card_ch, ch};
use super::log::CardUse;
use super::*;

impl VotesForWomen {
    /// The active player's decision in the Operations round (the Oppobot's part of the
    /// round runs in `bot_step`, not here).
    pub(super) fn operations_asked(&self) -> Option<Asked> {
        let side = self.board.active;
        if self.is_bot(side) {
            return None;
        }
        Some(Asked {
            side,
            slot: self.board.round_slot(side),
            what: Decision::Operations,
        })
    }

    /// While the hand card is not played: per hand card (sorted) its event, Campaign,
    /// Organize and Lobby actions, or, with none of those possible, a discard without effect;
    /// then the claimed cards that may be played; once the hand card is played, `done`.
    pub(super) fn operations_offers(&self, side: Side, slot: u8, out: &mut impl Offer) {
        let b = self.buttons(side);
        let p = player(side, slot);
        let hand = &self.hidden.hands[p];
        let hand_pending = !self.board.hand_done && !hand.is_empty();
        if hand_pending {
            let mut sorted = hand.clone();
            sorted.sort_unstable();
            let has_campaigners = !self.campaigners_of(side).is_empty();
            // On a two-player side only one's own Campaigners campaign.
            let can_campaign = !self.own_campaigners(side, slot).is_empty();
            for &c in &sorted {
                if out.enough() {
                    break;
                }
                let name = card(c).name;
                if self.playable(side, c) {
                    out.offer(Action::of_card(Verb::Event, c), || {
                        card_ch("event", format!("Event {name}: {}", self.card_text(c)), c)
                    });
                }
                if has_campaigners {
                    if can_campaign && b >= self.campaign_cost(side) {
                        out.offer(Action::of_card(Verb::Campaign, c), || {
                            card_ch("campaign", format!("Campaign with {name}"), c)
                        });
                    }
                    if b < side.button_cap() {
                        out.offer(Action::of_card(Verb::Organize, c), || {
                            card_ch("organize", format!("Organize with {name}"), c)
                        });
                    }
                    if !self.board.amendment_sent {
                        out.offer(Action::of_card(Verb::Lobby, c), || {
                            card_ch("lobby", format!("Lobby with {name}"), c)
                        });
                    }
                }
            }
            if out.offered() == 0 {
                // Nothing else is possible: the card is spent without effect.
                for &c in &sorted {
                    out.offer(Action::of_card(Verb::Discard, c), || {
                        card_ch(
                            "discard",
                            format!("Discard {} without effect", card(c).name),
                            c,
                        )
                    });
                }
            }
        }
        if !self.board.claimed_done {
            let mut claimed = self.board.claimed[p].clone();
            claimed.sort_unstable();
            for c in claimed {
                if self.playable(side, c) {
                    out.offer(Action::of_card(Verb::Claimed, c), || {
                        card_ch(
                            "claimed",
                            format!("Play claimed {}: {}", card(c).name, self.card_text(c)),
                            c,
                        )
                    });
                }
            }
        }
        // `done` only once the hand card is played, and only when something else is offered
        // (else the part of the round just ends).
        if !hand_pending && out.offered() > 0 {
            out.offer(Action::DONE, || ch("done", "End your part of the round"));
        }
    }

    pub(super) fn operations_text(&self, side: Side, slot: u8) -> String {
        format!(
            "Turn {}, round {}: {}, play a card ({} buttons)",
            self.board.turn,
            self.board.round,
            self.board.player_name(side, slot),
            self.buttons(side)
        )
    }

    /// A hand card played (as an event, to Campaign, Organize or Lobby, or discarded), a
    /// claimed card played, or `done`.
    pub(super) fn apply_operations(&mut self, side: Side, action: Action) {
        if action == Action::DONE {
            self.board.hand_done = true;
            self.board.claimed_done = true;
            return;
        }
        let Action::Card(verb, c) = action else {
            return;
        };
        let c = c.id();
        let i = player(side, self.board.round_slot(side));
        if verb == Verb::Claimed {
            self.board.claimed[i].retain(|&x| x != c);
            self.board.claimed_done = true;
            self.play_event(side, c);
            return;
        }
        self.hidden.hands[i].retain(|&x| x != c);
        self.board.hand_done = true;
        let is = match verb {
            Verb::Event => {
                self.play_event(side, c);
                return;
            }
            Verb::Campaign => CardUse::Campaign,
            Verb::Organize => CardUse::Organize,
            Verb::Lobby => CardUse::Lobby,
            _ => CardUse::Discard,
        };
        self.board.out.push(c);
        note!(
            self,
            VfwEvent::UsesCard {
                by: self.actor(side),
                card: c,
                is
            }
        );
        match is {
            CardUse::Campaign => self.start_campaign(side),
            CardUse::Organize => {
                let n = self.campaigners_of(side).len() as u8;
                self.gain_buttons(side, n);
            }
            CardUse::Lobby => self.lobby(side),
            CardUse::Discard => {}
        }
    }

    /// A Lobbying action: a die per Campaigner of the side (d8 for the Suffragist while a
    /// card says so); each 6+ moves Congress once the roll is kept.
    fn lobby(&mut self, side: Side) {
        let die = if side == Side::Suffragist && self.has_lasting(Lasting::LobbyD8) {
            Die::D8
        } else {
            Die::D6
        };
        self.roll_per_campaigner(side, die, Source::Lobby, DicePurpose::Lobby);
    }

    /// The roll of Lobbying and of Campaigning: a `die` per Campaigner of the side, logged,
    /// then a frame from `source` whose Dice task lets the side keep or re-roll them for
    /// `purpose`.
    pub(super) fn roll_per_campaigner(
        &mut self,
        side: Side,
        die: Die,
        source: Source,
        purpose: DicePurpose,
    ) {
        let n = self.campaigners_of(side).len();
        let dice: Vec<u8> = (0..n).map(|_| self.roll_die(die)).collect();
        self.log_roll(side, die, &dice);
        self.push_frame(side, source, Some(Task::Dice { purpose, die, dice }));
    }

    /// The active side's part of the round is over: next side, next round, or Cleanup.
    pub(super) fn end_side_turn(&mut self) {
        self.board.hand_done = false;
        self.board.claimed_done = false;
        if self.board.active == Side::Suffragist {
            self.board.active = Side::Opposition;
            return;
        }
        self.board.active = Side::Suffragist;
        if self.board.round < ROUNDS {
            self.board.round += 1;
            self.log_round();
            return;
        }
        self.cleanup();
    }

    /// The log line that opens an Operations round, after the Strategy Phase or the previous
    /// round: its number as text and as the amount.
    pub(super) fn log_round(&mut self) {
        let r = self.board.round;
        note!(self, VfwEvent::Round { round: r });
    }
}
