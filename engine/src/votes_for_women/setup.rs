//! Set-up and the start of each turn: the decks by era, the Start hands, the State and
//! Strategy cards in play, and the Planning draw (6 each, or 3 each for two partners).

use super::*;

impl VotesForWomen {
    pub(super) fn setup(setup: &Setup) -> Result<Self, SetupError> {
        let info = Self::info();
        let (_, opts) = info.validate(setup)?;
        // The catalogue has checked the id; every id it lists parses (`variant.rs` tests
        // it), and one that did not would be refused with the catalogue's own error.
        let variant: Variant = setup.variant.parse()?;
        let hard = opts.choice("oppobot")? == "hard";
        let solitaire = variant.against_oppobot();
        let seats = variant.seats().to_vec();
        let players = if variant.has_pair() { 4 } else { 2 };
        let mut rng = rng::from_seed(setup.seed);
        let mut states: Vec<CardId> = deck_cards(Deck::State).collect();
        states.shuffle(&mut rng);
        let set_aside = states.split_off(9);
        states.sort_unstable();
        let mut strategy: Vec<CardId> = deck_cards(Deck::Strategy)
            .filter(|c| !solitaire || !NOT_VERSUS_OPPOBOT.contains(c))
            .collect();
        strategy.shuffle(&mut rng);
        let display = strategy.split_off(strategy.len() - 3);
        let mut decks = [DrawDeck::default(), DrawDeck::default()];
        let mut hands = vec![Vec::new(); players];
        let mut bot_set_aside = Vec::new();
        for (i, deck) in [Deck::Suffragist, Deck::Opposition].into_iter().enumerate() {
            let bot_deck = solitaire && i == 1;
            let mut middle = Vec::new();
            for era in [Era::Late, Era::Middle, Era::Early] {
                let mut cards: Vec<CardId> = if bot_deck {
                    oppobot_cards().filter(|&c| card(c).era == era).collect()
                } else {
                    deck_cards(deck).filter(|&c| card(c).era == era).collect()
                };
                cards.shuffle(&mut rng);
                if bot_deck {
                    // The top two of each era are set aside unseen.
                    let k = cards.len() - 2;
                    bot_set_aside.extend(cards.split_off(k));
                }
                middle.extend(cards);
            }
            if bot_deck {
                decks[i].middle = middle;
                continue;
            }
            decks[i].middle = middle;
            hands[i] = deck_cards(deck)
                .filter(|&c| card(c).era == Era::Start)
                .collect();
            // The second player of a side starts with a random Early card: the top of the
            // shuffled Early cards.
            if variant.players(Side::of_player(i)) == 2
                && let Some(c) = decks[i].draw()
            {
                hands[i + 2].push(c);
            }
        }
        let mut game = VotesForWomen {
            board: Board {
                variant,
                seats,
                turn: 1,
                phase: Phase::Operations,
                round: 1,
                active: Side::Suffragist,
                hand_done: false,
                claimed_done: false,
                commit: None,
                states: vec![UsState::default(); 48],
                campaigners: Vec::new(),
                congress: 0,
                amendment_sent: false,
                checks: 0,
                xs: 0,
                buttons: [0, 0],
                rest_of_turn: Vec::new(),
                rest_of_game: Vec::new(),
                final_voting_box: Vec::new(),
                available_states: states,
                strategy_display: display,
                claimed: vec![Vec::new(); players],
                out: Vec::new(),
                era_ordered: [true, true],
                stack: Vec::new(),
                chooser: Side::Suffragist,
                votes_cast: 0,
                exchanges: None,
                vote: None,
                outcome: None,
                oppobot: solitaire.then(|| OppobotMode {
                    hard,
                    starts: OPPOBOT_STARTS.to_vec(),
                }),
                rules: setup.rules,
            },
            hidden: Hidden {
                hands,
                drawn: [Vec::new(), Vec::new()],
                decks,
                strategy_deck: strategy,
                set_aside_states: set_aside,
                rng,
                forced_dice: Vec::new(),
                oppobot_set_aside: bot_set_aside,
            },
            log: GameLog::new(),
        };
        note!(
            game,
            VfwEvent::StatesInPlay {
                cards: game.board.available_states.clone()
            }
        );
        note!(
            game,
            VfwEvent::StrategyAvailable {
                cards: game.board.strategy_display.clone()
            }
        );
        game.begin_turn();
        game.run();
        Ok(game)
    }

    /// Planning (draw 6 each), then the Strategy Phase from turn 2 on, else Operations.
    pub(super) fn begin_turn(&mut self) {
        let t = self.board.turn;
        note!(self, VfwEvent::TurnBegins { turn: t });
        self.board.round = 1;
        for side in [Side::Suffragist, Side::Opposition] {
            // The Oppobot skips the Planning Phase; each of two partners draws 3.
            if self.is_bot(side) {
            } else if self.board.pair(side) {
                for slot in 0..2 {
                    self.draw_to(side, slot, TEAM_PLANNING_DRAW, false);
                }
            } else {
                self.draw(side, PLANNING_DRAW, false);
            }
        }
        self.board.active = Side::Suffragist;
        self.board.hand_done = false;
        self.board.claimed_done = false;
        if t >= 2 {
            self.board.phase = Phase::Strategy;
            self.board.commit = None;
        } else {
            self.board.phase = Phase::Operations;
        }
    }

    /// Draws up to `n` cards into the acting player's hand (or into the side's drawn zone
    /// for an effect).
    pub(super) fn draw(&mut self, side: Side, n: usize, to_drawn: bool) -> usize {
        let slot = self.slot_now(side);
        self.draw_to(side, slot, n, to_drawn)
    }

    /// Draws up to `n` cards into the hand of `side`'s player `slot` (or the drawn zone).
    pub(super) fn draw_to(&mut self, side: Side, slot: u8, n: usize, to_drawn: bool) -> usize {
        let i = side.index();
        let mut got = Vec::new();
        for _ in 0..n {
            match self.hidden.decks[i].draw() {
                Some(c) => got.push(c),
                None => break,
            }
        }
        let k = got.len();
        // Drawn-zone cards are the side's (both partners see them); a hand is one player's.
        if to_drawn {
            self.hidden.drawn[i].extend(&got);
        } else {
            self.hidden.hands[player(side, slot)].extend(&got);
        }
        note!(
            self,
            VfwEvent::Draws {
                by: Actor { side, slot },
                cards: got,
                to_side: to_drawn,
            }
        );
        k
    }
}
