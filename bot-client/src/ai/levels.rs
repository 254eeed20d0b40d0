//! The search's named levels (`ismcts:easy`, `SeatConfig.ai_level = "medium"`): the names
//! and the sentences a person reads are the contract's (`hustings_proto::ais`); what each
//! level plays with in each game is here, as settings changed from the game's (see
//! [`Settings::set`]). A level is made weaker by a smaller budget and by `blunder`, the
//! chance of a random move, so that each level beats the one below it most of the time
//! (measured per game with `examples/versus.rs`; docs/ais.md has the figures).

use super::settings::Settings;

/// A named level of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Easy,
    Medium,
    Hard,
}

impl Level {
    /// Weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// Its id, as `SeatConfig.ai_level` and the catalogue write it.
    pub fn id(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// The level with this id (exactly as the catalogue writes it).
    pub fn parse(id: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.id() == id)
    }

    /// The settings it changes from `game`'s defaults; `hard` is the defaults themselves.
    pub fn knobs(self, game: &str) -> &'static [&'static str] {
        use hustings_engine::{presidency, the_vote, votes_for_women};
        match (self, game) {
            (Level::Hard, _) => &[],
            // The Presidential Race's dice leave little room: the default search beats
            // random about 80% of the time, so easy is close to random.
            (Level::Medium, presidency::GAME_ID) => &["iterations=1000", "blunder=0.3"],
            (Level::Easy, presidency::GAME_ID) => &["iterations=200", "blunder=0.9"],
            // In The Vote every slip costs more: a tenth of the moves at random already
            // loses most games to the default.
            (Level::Medium, the_vote::GAME_ID) => &["iterations=1000", "blunder=0.12"],
            (Level::Easy, the_vote::GAME_ID) => &["iterations=200", "blunder=0.45"],
            // Votes for Women favours the Opposition, so a level shows mostly in the games
            // it plays the Suffragist: medium's Opposition must slip for hard to win those.
            (Level::Medium, votes_for_women::GAME_ID) => &["iterations=1000", "blunder=0.3"],
            (Level::Easy, votes_for_women::GAME_ID) => &["iterations=200", "blunder=0.9"],
            (Level::Medium, _) => &["iterations=1000", "blunder=0.3"],
            (Level::Easy, _) => &["iterations=200", "blunder=0.7"],
        }
    }

    /// `game`'s settings at this level.
    pub fn settings(self, game: &str) -> Settings {
        let mut s = Settings::for_game(game);
        for knob in self.knobs(game) {
            // Each is checked by the test below for every game.
            let _ = s.set(knob);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_levels_are_the_catalogues_and_each_is_weaker_than_the_next_in_every_game() {
        let listed: Vec<&str> = hustings_proto::ais::SEARCH_LEVELS
            .iter()
            .map(|l| l.id)
            .collect();
        let ours: Vec<&str> = Level::ALL.iter().map(|l| l.id()).collect();
        assert_eq!(
            listed, ours,
            "the catalogue lists exactly the levels played"
        );
        assert_eq!(
            hustings_proto::ais::builtin("ismcts").map(|a| a.default_level),
            Some("hard"),
            "an empty level plays the default budget, which is hard's"
        );
        for info in hustings_engine::catalogue() {
            let game = info.id.as_str();
            for level in Level::ALL {
                for knob in level.knobs(game) {
                    let mut check = Settings::BASE;
                    check.set(knob).expect(knob);
                }
            }
            let [easy, medium, hard] = Level::ALL.map(|l| l.settings(game));
            assert_eq!(hard, Settings::for_game(game));
            assert!(easy.iterations < medium.iterations && medium.iterations < hard.iterations);
            assert!(easy.blunder > medium.blunder && medium.blunder > hard.blunder);
        }
        assert_eq!(Level::parse("medium"), Some(Level::Medium));
        assert_eq!(Level::parse("Medium"), None);
    }
}
