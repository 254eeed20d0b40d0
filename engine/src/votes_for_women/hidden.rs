//! Hidden information: what each viewer may see (hands, drawn cards, the known ends of a
//! deck, an Eye on the Future search), and resampling a full state from a view for search.

use super::*;

impl VotesForWomen {
    pub(super) fn viewer_side(&self, viewer: Viewer) -> Option<Side> {
        viewer.seat().and_then(|s| self.board.seats.get(s).copied())
    }

    /// Whether the viewer (a side and slot) sees player `p`'s hand now: its own, or the
    /// opponent's whose round it is while the viewer resolves Change In Plans. A partner's
    /// hand stays hidden.
    pub(super) fn sees_hand(board: &Board, viewer: Option<(Side, u8)>, p: usize) -> bool {
        let Some((side, slot)) = viewer else {
            return false;
        };
        if player(side, slot) == p {
            return true;
        }
        let foe = side.other();
        p == player(foe, board.round_slot(foe))
            && board.stack.last().is_some_and(|f| {
                f.side == side && f.slot == slot && f.task == Some(Task::ChangeInPlans)
            })
    }

    /// Eye on the Future, while player `slot` of `side` resolves it: the cards of the side's
    /// Draw Deck it may play (its prompt's choices), sorted. Our reading: the searcher is
    /// shown the playable cards, not the whole deck, so that on a two-player side the deck
    /// does not tell her partner's hand by elimination (the rulebook never shows a partner's
    /// hand).
    pub(super) fn deck_search(&self, side: Side, slot: u8) -> Option<Vec<CardId>> {
        let f = self.board.stack.last()?;
        let searching = f.side == side
            && f.slot == slot
            && f.task
                == Some(Task::PlayOne {
                    from: PlayFrom::Deck,
                });
        searching.then(|| {
            let mut v: Vec<CardId> = self.hidden.decks[side.index()]
                .all()
                .into_iter()
                .filter(|&c| self.playable(side, c))
                .collect();
            v.sort_unstable();
            v
        })
    }

    /// Makes a state resampled from `view` agree with the view's [`View::deck_search`]: the
    /// listed cards lie in the searching side's deck, and any other playable card that could
    /// be in either the deck or the partner's hand is in the hand (else it would be listed).
    pub(super) fn honour_deck_search(&mut self, view: &View, rng: &mut dyn RngCore) {
        let (Some(listed), Some(side)) = (&view.deck_search, view.viewer) else {
            return;
        };
        let i = side.index();
        let partner = player(side, 1 - view.viewer_slot.min(1));
        if partner >= self.hidden.hands.len()
            || view.hands.get(partner).is_some_and(|h| h.is_some())
        {
            // No partner, or one whose hand is known: the unknown part of the deck is all
            // the side's unseen cards, as built.
            return;
        }
        let mut pool = std::mem::take(&mut self.hidden.decks[i].middle);
        pool.append(&mut self.hidden.hands[partner]);
        let (in_deck, rest): (Vec<CardId>, Vec<CardId>) =
            pool.into_iter().partition(|c| listed.contains(c));
        let (mut hand, mut free): (Vec<CardId>, Vec<CardId>) =
            rest.into_iter().partition(|&c| self.playable(side, c));
        free.shuffle(&mut rng::fork(rng));
        let room = (view.hand_count[partner] as usize).saturating_sub(hand.len());
        hand.extend(free.split_off(free.len().saturating_sub(room)));
        let mut middle = in_deck;
        middle.extend(free);
        middle.shuffle(&mut rng::fork(rng));
        if view.board.era_ordered[i] {
            Self::order_by_era(&mut middle);
        }
        self.hidden.decks[i].middle = middle;
        self.hidden.hands[partner] = hand;
    }

    /// Every card whose place is public.
    pub(super) fn public_cards(board: &Board) -> HashSet<CardId> {
        let mut s: HashSet<CardId> = HashSet::new();
        s.extend(&board.out);
        s.extend(&board.rest_of_turn);
        s.extend(&board.rest_of_game);
        s.extend(&board.final_voting_box);
        s.extend(&board.available_states);
        s.extend(&board.strategy_display);
        s.extend(board.claimed.iter().flatten());
        for f in &board.stack {
            if let Source::Card(c) = f.source {
                s.insert(c);
            }
        }
        if let Some(m) = &board.oppobot {
            s.extend(&m.starts);
        }
        s
    }

    pub(super) fn order_by_era(cards: &mut [CardId]) {
        // Late at the bottom (first), Early on top (last); a stable sort keeps the shuffle
        // within each era.
        cards.sort_by_key(|&c| std::cmp::Reverse(card(c).era));
    }

    pub(super) fn build_hidden(view: &View, rng: &mut dyn RngCore) -> Hidden {
        let mut r = rng::fork(rng);
        let public = Self::public_cards(&view.board);
        let mut hands = vec![Vec::new(); view.hand_count.len()];
        let mut drawn = [Vec::new(), Vec::new()];
        let mut decks = [DrawDeck::default(), DrawDeck::default()];
        let mut bot_set_aside = Vec::new();
        for (i, deck) in [Deck::Suffragist, Deck::Opposition].into_iter().enumerate() {
            if i == 1 && view.board.oppobot.is_some() {
                // The Oppobot's deck: 11 per era, Early on top, never reshuffled; whatever of
                // an era is unseen and not in the deck is among the 6 set aside.
                let mut left = view.deck_count[1] as usize;
                let mut middle = Vec::new();
                for era in [Era::Late, Era::Middle, Era::Early] {
                    let mut cards: Vec<CardId> = oppobot_cards()
                        .filter(|&c| card(c).era == era && !public.contains(&c))
                        .collect();
                    cards.shuffle(&mut r);
                    let k = left.min(11).min(cards.len());
                    left -= k;
                    let rest = cards.split_off(k);
                    bot_set_aside.extend(rest);
                    middle.extend(cards);
                }
                decks[1].middle = middle;
                continue;
            }
            let mut known: Vec<CardId> = Vec::new();
            let take = |o: &Option<Vec<CardId>>, known: &mut Vec<CardId>| -> Option<Vec<CardId>> {
                o.as_ref().map(|v| {
                    known.extend(v);
                    v.clone()
                })
            };
            // The side's players: the first, and the second when there is one.
            let ps: Vec<usize> = [i, i + 2]
                .into_iter()
                .filter(|&p| p < view.hand_count.len())
                .collect();
            let seen: Vec<Option<Vec<CardId>>> = ps
                .iter()
                .map(|&p| take(view.hands.get(p).unwrap_or(&None), &mut known))
                .collect();
            let dr = take(&view.drawn[i], &mut known);
            let top = take(&view.deck_top[i], &mut known);
            let bottom = take(&view.deck_bottom[i], &mut known);
            let mut pool: Vec<CardId> = deck_cards(deck)
                .filter(|c| !public.contains(c) && !known.contains(c))
                .collect();
            pool.shuffle(&mut r);
            let grab = |n: u8, pool: &mut Vec<CardId>| -> Vec<CardId> {
                let k = (n as usize).min(pool.len());
                pool.split_off(pool.len() - k)
            };
            for (&p, hand) in ps.iter().zip(seen) {
                hands[p] = hand.unwrap_or_else(|| grab(view.hand_count[p], &mut pool));
            }
            drawn[i] = dr.unwrap_or_else(|| grab(view.drawn_count[i], &mut pool));
            let top = top.unwrap_or_else(|| grab(view.deck_top_count[i], &mut pool));
            let bottom = bottom.unwrap_or_else(|| grab(view.deck_bottom_count[i], &mut pool));
            let mut middle = pool;
            if view.board.era_ordered[i] {
                Self::order_by_era(&mut middle);
            }
            decks[i] = DrawDeck {
                bottom,
                middle,
                top,
            };
        }
        let solitaire = view.board.oppobot.is_some();
        let mut strategy: Vec<CardId> = deck_cards(Deck::Strategy)
            .filter(|c| !(public.contains(c) || solitaire && NOT_VERSUS_OPPOBOT.contains(c)))
            .collect();
        strategy.shuffle(&mut r);
        let set_aside: Vec<CardId> = deck_cards(Deck::State)
            .filter(|c| !public.contains(c))
            .collect();
        Hidden {
            hands,
            drawn,
            decks,
            strategy_deck: strategy,
            set_aside_states: set_aside,
            rng: r,
            forced_dice: Vec::new(),
            oppobot_set_aside: bot_set_aside,
        }
    }
}
