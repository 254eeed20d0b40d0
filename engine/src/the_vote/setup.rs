//! Set-up (3.0–5.0): the map, the Deck and its Prelude, the cards set aside, the first
//! Display and income; and each turn's draw to the Display and income.

use super::*;

impl TheVote {
    pub(super) fn setup(setup: &Setup) -> Result<Self, SetupError> {
        let info = Self::info();
        let (_variant, _opts): (VariantInfo, Options) = info.validate(setup)?;
        let mut rng = rng::from_seed(setup.seed);
        // The set-up reads the table of its own revision (`retune.rs`).
        let table = retune::table_of(setup.rules);
        let regions = table
            .regions
            .iter()
            .map(|r| RegionState {
                men: [
                    r.setup.equality,
                    r.setup.blue_apathy,
                    r.setup.red_apathy,
                    r.setup.supremacy,
                ],
                women: [0; 4],
                women_open: false,
                laws: [false; 3],
                congress: SUPREMACY,
            })
            .collect();
        let of = |entry: data::Entry| -> Vec<Card> {
            table
                .cards
                .iter()
                .filter(|c| c.entry == entry)
                .filter_map(|c| Card::new(c.number))
                .collect()
        };
        let mut prelude = of(data::Entry::Prelude);
        let mut regular = of(data::Entry::Regular);
        prelude.shuffle(&mut rng);
        regular.shuffle(&mut rng);
        let setup_discards: Vec<Card> = regular
            .drain(..table.setup_discards.min(regular.len()))
            .collect();
        let mut deck = regular;
        deck.extend(prelude);
        let court = table.special(Special::SupremeCourts);
        let aside: Vec<Card> = table
            .cards
            .iter()
            .filter_map(|c| Card::new(c.number))
            .filter(|&c| c.def().entry == data::Entry::Special && Some(c) != court)
            .collect();
        let player = || Player {
            org: table.org_start,
            pw: 0,
            vp: 0,
            reserve: Vec::new(),
        };
        let mut game = TheVote {
            public: View {
                rules: setup.rules,
                turn: 1,
                first_player: EQUALITY,
                active: EQUALITY,
                phase_index: 0,
                players: vec![player(), player()],
                regions,
                congress: SUPREMACY,
                congress_points: [0, table.total_points()],
                display: Vec::new(),
                discard: court.into_iter().collect(),
                hidden_discards: setup_discards.len() as u8,
                deck_count: deck.len() as u8,
                removed: Vec::new(),
                aside,
                amendments_passed: Vec::new(),
                reshuffles: 0,
                action: None,
                step: Step::Action,
                outcome: None,
            },
            hidden: Hidden {
                deck,
                setup_discards,
                rng,
            },
            log: GameLog::new(),
        };
        let (hidden, deck) = (game.public.hidden_discards, game.public.deck_count);
        game.note(|| TvEvent::SetUp { hidden, deck });
        let each = table.setup_display_each;
        game.fill_display([each, each]);
        game.income();
        game.settle();
        Ok(game)
    }

    /// Draws into the Display until each side has at least `want` cards there, or the Deck
    /// runs out (3.2, 5.0).
    pub(super) fn fill_display(&mut self, want: [usize; 2]) {
        loop {
            let have = [
                self.public.display_of(EQUALITY).count(),
                self.public.display_of(SUPREMACY).count(),
            ];
            if have[0] >= want[0] && have[1] >= want[1] {
                return;
            }
            let Some(card) = self.hidden.deck.pop() else {
                self.note(|| TvEvent::DeckEmpty);
                return;
            };
            self.public.deck_count = self.hidden.deck.len() as u8;
            self.public.display.push(card);
            self.note(|| TvEvent::Drawn { card });
        }
    }

    /// Each side gains PW equal to its highest-cost card in the Display; the most PW
    /// (Equality if tied) chooses the First Player.
    pub(super) fn income(&mut self) {
        for seat in [EQUALITY, SUPREMACY] {
            let best = self
                .public
                .display_of(seat)
                .map(|c| c.def().cost())
                .max()
                .unwrap_or(0);
            self.gain_pw(seat, best);
        }
        let chooser = if self.player(SUPREMACY).pw > self.player(EQUALITY).pw {
            SUPREMACY
        } else {
            EQUALITY
        };
        self.public.step = Step::ChooseFirst { chooser };
    }
}
