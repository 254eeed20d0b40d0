//! Votes (10.0, 11.3): Law votes and Amendment ratification Region by Region, Supremacy's
//! suppression of exactly the votes needed (10.3), Laws placed and struck (the Supreme
//! Courts and Silent Sentinels, 11.0), and the reshuffle they bring.

use super::*;

impl TheVote {
    /// Votes Equality must lose in a Region to fail (0: it fails already).
    pub(super) fn shortfall(&self, target: &Target) -> u8 {
        let r = &self.public.region(target.region);
        let votes = r.count(EQ).saturating_sub(target.suppressed);
        votes.saturating_sub(r.total() / 2)
    }

    /// Supremacy's face-up cards that can suppress in `region`, with their values.
    pub(super) fn suppressors(&self, region: Region) -> Vec<(Card, u8)> {
        self.player(SUPREMACY)
            .reserve
            .iter()
            .filter(|r| r.face_up)
            .filter_map(|r| match r.card.def().kind {
                CardKind::Suppression => Some((r.card, 1)),
                CardKind::Region { suppress, .. } if r.card.def().region() == Some(region) => {
                    Some((r.card, suppress))
                }
                _ => None,
            })
            .collect()
    }

    pub(super) fn vote_passes(&self, target: &Target) -> bool {
        let r = &self.public.region(target.region);
        let votes = r.count(EQ).saturating_sub(target.suppressed);
        2 * votes as u32 > r.total() as u32
    }

    /// Cards Supremacy may flip next to suppress exactly `left` more votes in `region`.
    pub(super) fn suppress_options(&self, region: Region, left: u8) -> Vec<Card> {
        let cards = self.suppressors(region);
        cards
            .iter()
            .enumerate()
            .filter(|&(i, &(_, v))| {
                if v > left {
                    return false;
                }
                let rest: Vec<u8> = cards
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, &(_, w))| w)
                    .collect();
                reachable(&rest) >> (left - v) & 1 == 1
            })
            .map(|(_, &(c, _))| c)
            .collect()
    }

    /// Laws not yet in place in `region`.
    pub(super) fn open_laws(&self, region: Region) -> Vec<Law> {
        Law::ALL
            .into_iter()
            .filter(|l| !self.public.region(region).law(*l))
            .collect()
    }

    pub(super) fn strikable_laws(&self) -> Vec<(Region, Law)> {
        let mut v = Vec::new();
        for (i, r) in Region::all().zip(&self.public.regions) {
            for l in Law::ALL {
                let protected = self
                    .public
                    .amendments_passed
                    .iter()
                    .any(|&a| a.def().kind == CardKind::Special(Special::Amendment(l)));
                if r.law(l) && !protected {
                    v.push((i, l));
                }
            }
        }
        v
    }

    /// Resolves what needs no decision, then asks for the next Region to suppress (or ends).
    pub(super) fn advance_votes(&mut self) {
        let Some(a) = self.public.action.clone() else {
            return;
        };
        let mut open = Vec::new();
        for (i, t) in a.targets.iter().enumerate() {
            if t.resolved {
                continue;
            }
            let region = t.region;
            let in_force = a.kind == ActionKind::Amendment
                && a.law.is_some_and(|l| self.public.region(region).law(l));
            if in_force || self.shortfall(t) == 0 || self.suppressors(region).is_empty() {
                self.resolve_target(i);
            } else {
                open.push(i);
            }
        }
        match open.len() {
            0 => self.finish_votes(),
            1 => self.start_suppression(a.targets[open[0]].region),
            _ => {
                let chooser = if a.kind == ActionKind::Amendment {
                    EQUALITY
                } else {
                    SUPREMACY
                };
                self.public.step = Step::VoteOrder { chooser };
            }
        }
    }

    pub(super) fn start_suppression(&mut self, region: Region) {
        let Some(a) = self.action() else {
            return;
        };
        let Some(i) = a
            .targets
            .iter()
            .position(|t| t.region == region && !t.resolved)
        else {
            return;
        };
        let need = self.shortfall(&a.targets[i]);
        let values: Vec<u8> = self.suppressors(region).iter().map(|&(_, v)| v).collect();
        let goal = suppression_goal(&values, need);
        if goal == 0 {
            self.resolve_target(i);
            self.advance_votes();
        } else {
            self.public.step = Step::SuppressCard {
                target: i,
                left: goal,
            };
        }
    }

    pub(super) fn resolve_target(&mut self, i: usize) {
        let Some(a) = self.action() else {
            return;
        };
        let Some(t) = a.targets.get(i) else {
            return;
        };
        let region = t.region;
        let in_force = a.kind == ActionKind::Amendment
            && a.law.is_some_and(|l| self.public.region(region).law(l));
        let passed = in_force || self.vote_passes(t);
        let r = self.public.region(region);
        let votes = r.count(EQ).saturating_sub(t.suppressed);
        let result = if in_force {
            VoteResult::InForce { votes }
        } else {
            VoteResult::Counted {
                votes,
                total: r.total(),
                suppressed: t.suppressed,
                passed,
                amendment: a.kind == ActionKind::Amendment,
            }
        };
        self.note(|| TvEvent::Vote { region, result });
        if let Some(t) = self
            .public
            .action
            .as_mut()
            .and_then(|a| a.targets.get_mut(i))
        {
            t.resolved = true;
            t.passed = passed;
        }
    }

    pub(super) fn finish_votes(&mut self) {
        let Some(a) = self.public.action.clone() else {
            return;
        };
        let Some(law) = a.law else {
            self.complete_action();
            return;
        };
        match a.kind {
            ActionKind::Law => {
                for t in a.targets.iter().filter(|t| t.passed) {
                    let region = t.region;
                    self.place_law(region, law);
                    let discs = self.public.region(region).discs();
                    self.gain_vp(EQUALITY, discs, VpFor::LawsIn(region));
                }
                if a.card.def().region().is_some() && self.room(EQUALITY) {
                    self.public.step = Step::Keep;
                } else {
                    self.discard_card(a.card);
                    self.complete_action();
                }
            }
            _ => {
                let points: u32 = a
                    .targets
                    .iter()
                    .filter(|t| t.passed)
                    .map(|t| self.public.region_points(t.region))
                    .sum();
                let card = a.card;
                if points >= self.public.table().amendment_points {
                    self.note(|| TvEvent::AmendmentPassed { card, points });
                    for r in Region::all() {
                        if !self.public.region(r).law(law) {
                            self.place_law(r, law);
                        }
                    }
                    self.org_score(EQUALITY);
                    self.public.amendments_passed.push(a.card);
                    self.player_mut(EQUALITY).reserve.push(ReserveCard {
                        card: a.card,
                        face_up: true,
                    });
                    self.refresh_all(EQUALITY);
                    self.refresh_all(SUPREMACY);
                    self.reshuffle(ReshuffleFor::AmendmentPassed);
                } else {
                    self.note(|| TvEvent::AmendmentFailed { card, points });
                    self.public.aside.push(a.card);
                }
                self.public.action = None;
                self.gain_pw(SUPREMACY, self.public.table().special_pw);
                self.end_player_phase();
            }
        }
    }

    pub(super) fn place_law(&mut self, region: Region, law: Law) {
        self.public.region_mut(region).laws[law.index()] = true;
        self.note(|| TvEvent::Law { law, region });
        if law == Law::WomanSuffrage && !self.public.region(region).women_open {
            let boxes = self.public.region_def(region).women;
            let red = boxes.min(self.public.pool(SUPREMACY));
            let blue = (boxes - red).min(self.public.pool(EQUALITY));
            let r = self.public.region_mut(region);
            r.women_open = true;
            r.women = [0, blue, red, 0];
            self.note(|| TvEvent::WomenOpen { region, red, blue });
        }
    }

    pub(super) fn strike_law(&mut self, region: Region, law: Law) {
        self.public.region_mut(region).laws[law.index()] = false;
        self.note(|| TvEvent::Strike { law, region });
        if law == Law::WomanSuffrage {
            let r = self.public.region_mut(region);
            r.women = [0; 4];
            r.women_open = false;
        }
    }

    pub(super) fn finish_court(&mut self) {
        // Supremacy played it: Equality earns the PW; the card is discarded.
        self.finish_reshuffling_special(ReshuffleFor::SupremeCourts, EQUALITY, |v, c| {
            v.discard.push(c)
        });
    }

    pub(super) fn finish_sentinels(&mut self) {
        // Equality played it: Supremacy earns the PW; the card is Permanently Removed.
        self.finish_reshuffling_special(ReshuffleFor::SilentSentinels, SUPREMACY, |v, c| {
            v.removed.push(c)
        });
    }

    /// Ends a Special Event that reshuffles the Deck (the Supreme Courts, Silent Sentinels):
    /// every Discard goes into the Deck, and only then the card goes where `put` puts it (so
    /// that it is not shuffled in); the opponent `earner` gains the Special Event's PW, and
    /// the Player Phase ends. Nothing happens without an action in progress.
    fn finish_reshuffling_special(
        &mut self,
        why: ReshuffleFor,
        earner: Seat,
        put: impl FnOnce(&mut View, Card),
    ) {
        let Some(a) = self.public.action.take() else {
            return;
        };
        self.reshuffle(why);
        put(&mut self.public, a.card);
        self.gain_pw(earner, self.public.table().special_pw);
        self.end_player_phase();
    }

    /// Shuffles every Discard (the set-up ones too) into the Deck.
    pub(super) fn reshuffle(&mut self, why: ReshuffleFor) {
        let mut cards = std::mem::take(&mut self.public.discard);
        cards.append(&mut self.hidden.setup_discards);
        self.hidden.deck.extend(cards);
        self.hidden.deck.shuffle(&mut self.hidden.rng);
        self.public.hidden_discards = 0;
        self.public.deck_count = self.hidden.deck.len() as u8;
        self.public.reshuffles += 1;
        let deck = self.public.deck_count;
        self.note(|| TvEvent::Reshuffled { why, deck });
    }
}
