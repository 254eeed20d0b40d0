//! The actions of a Player Phase once chosen: pass, Discard Action, Federal Law, and each
//! card's action (Radicalize 7.1, Persuade 7.2, Organization 8.0, Suppression 9.0, Law 10.0,
//! Special Events 11.0, Amendments 11.3; Discard 12.0, Federal Law 13.0): what each costs
//! and starts, and what the opponent earns once an action is complete.

use super::*;

impl TheVote {
    /// Pass: the Player Phase ends.
    pub(super) fn pass(&mut self, seat: Seat) {
        self.note(|| TvEvent::Pass { seat });
        self.end_player_phase();
    }

    /// The Discard Action (12.0) spends all PW, then asks what to Discard or Remove.
    pub(super) fn discard_action(&mut self, seat: Seat) {
        let pw = self.spend_all(seat);
        self.note(|| TvEvent::DiscardAction { seat, pw });
        self.public.step = Step::DiscardWhat;
    }

    /// A Federal Law (13.0) buys VP with all PW and ends the phase.
    pub(super) fn federal_law(&mut self, seat: Seat) {
        let pw = self.spend_all(seat);
        self.note(|| TvEvent::FederalLaw { seat, pw });
        self.gain_vp(seat, federal_law_vp(pw), VpFor::FederalLaw);
        self.end_player_phase();
    }

    /// An action with a card: each card type allows one (see `decisions.rs` for which).
    pub(super) fn play(&mut self, seat: Seat, play: Play, card: Card) {
        match play {
            Play::Radicalize => self.radicalize(seat, card),
            Play::Persuade => self.persuade(seat, card),
            Play::Organize => self.organize(seat, card),
            Play::Suppression => self.suppression(seat, card),
            Play::PassLaw => self.law_action(seat, card),
            Play::Event => self.event(seat, card),
            Play::Amendment => self.amendment(seat, card),
        }
    }

    /// Radicalize (7.1): pay the card from the Display; its cost is the strength.
    pub(super) fn radicalize(&mut self, seat: Seat, card: Card) {
        let cost = card.def().cost();
        self.start_paid(seat, card, ActionKind::Radicalize, cost);
        self.public.step = Step::Region;
    }

    /// The start of an action paid with the card's PW cost (Radicalize, Suppression, Law):
    /// the card leaves the Display, its cost is paid and logged ("Equality Radicalizes with
    /// … (2 PW)"), and the action of `kind` begins with `strength`.
    fn start_paid(&mut self, seat: Seat, card: Card, kind: ActionKind, strength: u8) {
        self.take_from_display(card);
        self.pay(seat, card.def().cost());
        self.note(|| TvEvent::Paid { seat, kind, card });
        self.new_action(kind, seat, card, strength);
    }

    /// The start of an action that spends all PW with a card from the Display (Organization,
    /// a Special Event): the card leaves the Display, the PW are spent and logged ("Equality
    /// plays the Special Event … , spending 4 PW").
    fn start_all_in(&mut self, seat: Seat, card: Card, event: bool) {
        self.take_from_display(card);
        let pw = self.spend_all(seat);
        self.note(|| TvEvent::AllIn {
            seat,
            card,
            pw,
            event,
        });
    }

    /// Persuade (7.2): pay with a Reserve card, which is flipped face-down; each face-up Public
    /// Opinion card adds one to the strength, counted here once.
    pub(super) fn persuade(&mut self, seat: Seat, card: Card) {
        self.pay(seat, card.def().cost());
        let strength = self.face_up_po_iter(seat).count() as u8;
        // Revision 0 turned the card face-down at once; 7.2 does it once the action is
        // over (`next_flip`), so it may still Counter a Block against this action.
        if !self.public.persuade_card_counters() {
            self.set_face(seat, card, false);
        }
        self.note(|| TvEvent::Persuade {
            seat,
            card,
            strength,
        });
        self.new_action(ActionKind::Persuade, seat, card, strength);
        self.public.step = Step::Region;
    }

    /// Organization (8.0): score, raise Org, refresh the Reserve; a Last Action.
    pub(super) fn organize(&mut self, seat: Seat, card: Card) {
        let d = card.def();
        self.start_all_in(seat, card, false);
        self.org_score(seat);
        let before = self.player(seat).org;
        let table = self.public.table();
        let after = (before + 1).min(table.org_max);
        self.player_mut(seat).org = after;
        self.refresh_all(seat);
        self.note(|| TvEvent::Org {
            seat,
            before,
            after,
        });
        self.discard_card(card);
        if seat == EQUALITY
            && before + 1 == table.org_max
            && after == table.org_max
            && let Some(ss) = table.special(Special::SilentSentinels)
            && self.public.aside.contains(&ss)
        {
            {
                self.public.aside.retain(|&c| c != ss);
                self.public.discard.push(ss);
                self.note(|| TvEvent::SentinelsToDiscard);
            }
        }
        self.gain_pw(1 - seat, d.opponent_pw());
        self.end_player_phase();
    }

    /// The Suppression Action (9.0): a Suppression card costs a face-up Public Opinion card;
    /// a Region card enters the Reserve face-up.
    pub(super) fn suppression(&mut self, seat: Seat, card: Card) {
        self.start_paid(seat, card, ActionKind::Suppression, 0);
        if card.def().kind == CardKind::Suppression {
            self.public.step = Step::RemovePublicOpinion;
        } else {
            self.after_payment();
        }
    }

    /// A Law Action (10.0): the Law (and Region) to vote, from the card.
    pub(super) fn law_action(&mut self, seat: Seat, card: Card) {
        self.start_paid(seat, card, ActionKind::Law, 0);
        match card.def().kind {
            CardKind::Law(Some(l)) => {
                if let Some(a) = self.public.action.as_mut() {
                    a.law = Some(l);
                }
                self.public.step = Step::LawRegion;
            }
            _ => self.public.step = Step::LawType,
        }
    }

    /// A Special Event (11.0): the Supreme Courts strike a Law; Silent Sentinels score, turn
    /// Blue Apathy to Equality and Remove cards.
    pub(super) fn event(&mut self, seat: Seat, card: Card) {
        let d = card.def();
        self.start_all_in(seat, card, true);
        match d.kind {
            CardKind::Special(Special::SupremeCourts) => {
                self.new_action(ActionKind::SupremeCourts, seat, card, 0);
                self.public.step = Step::CourtTarget;
            }
            _ => {
                self.new_action(ActionKind::SilentSentinels, seat, card, 0);
                let laws: u8 = self.public.regions.iter().map(RegionState::discs).sum();
                self.gain_vp(EQUALITY, laws, VpFor::LawsInPlace);
                for r in &mut self.public.regions {
                    r.men[EQ] += std::mem::take(&mut r.men[BLUE]);
                    r.women[EQ] += std::mem::take(&mut r.women[BLUE]);
                }
                self.note(|| TvEvent::BlueTurnsEquality);
                self.refresh_all(EQUALITY);
                self.public.step = Step::SentinelRemove;
            }
        }
    }

    /// An Amendment (11.3): all PW, a Public Opinion card Removed to pay, then a ratification
    /// vote in every Region.
    pub(super) fn amendment(&mut self, seat: Seat, card: Card) {
        let d = card.def();
        self.public.aside.retain(|&c| c != card);
        let pw = self.spend_all(seat);
        self.note(|| TvEvent::Amendment { seat, card, pw });
        self.new_action(ActionKind::Amendment, seat, card, 0);
        if let CardKind::Special(Special::Amendment(l)) = d.kind
            && let Some(a) = self.public.action.as_mut()
        {
            a.law = Some(l);
        }
        self.public.step = Step::RemovePublicOpinion;
    }

    /// The Discard Action's first card (12.1): later ones must be of its type.
    pub(super) fn start_discarding(&mut self, seat: Seat, card: Card) {
        let d = card.def();
        self.take_from_display(card);
        self.discard_card(card);
        self.new_action(ActionKind::Discard, seat, card, 0);
        if let Some(a) = self.public.action.as_mut() {
            a.discard_type = Some(d.card_type());
        }
        self.public.step = Step::DiscardMore;
    }

    pub(super) fn law_action_possible(&self, card: Card) -> bool {
        match card.def().kind {
            CardKind::Law(Some(l)) => self.public.regions.iter().any(|r| !r.law(l)),
            CardKind::Law(None) => self.public.regions.iter().any(|r| r.discs() < 3),
            CardKind::Region { .. } => card
                .def()
                .region()
                .is_some_and(|r| !self.open_laws(r).is_empty()),
            _ => false,
        }
    }

    pub(super) fn new_action(&mut self, kind: ActionKind, seat: Seat, card: Card, strength: u8) {
        self.public.action = Some(ActionInProgress {
            kind,
            seat,
            card,
            strength,
            law: None,
            targets: Vec::new(),
            discard_type: None,
        });
    }

    /// After the payment of a Public Opinion card (Suppression, Amendment) or none (Region).
    pub(super) fn after_payment(&mut self) {
        let Some(a) = self.public.action.clone() else {
            return;
        };
        match a.kind {
            ActionKind::Suppression => {
                let face_up = a.card.def().kind != CardKind::Suppression;
                self.player_mut(SUPREMACY).reserve.push(ReserveCard {
                    card: a.card,
                    face_up,
                });
                self.note(|| TvEvent::SuppressionReserve {
                    card: a.card,
                    face_up,
                });
                self.complete_action();
            }
            ActionKind::Amendment => {
                if let Some(a) = self.public.action.as_mut() {
                    a.targets = Region::all().map(|r| Target::new(r, None)).collect();
                }
                self.advance_votes();
            }
            _ => {}
        }
    }

    /// The opponent earns the card's PW and the phase goes on (or ends after a Last Action).
    pub(super) fn complete_action(&mut self) {
        let Some(a) = self.public.action.take() else {
            return;
        };
        self.gain_pw(1 - a.seat, a.card.def().opponent_pw());
        self.public.step = Step::Action;
    }
}
