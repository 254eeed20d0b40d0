//! [`Card`]: one of The Vote's 36 cards, by its printed number. The state holds cards as
//! this type, never as a bare number, so a hand, a deck or an action cannot hold something
//! that is not a card; the stored JSON and the wire still carry the number.

use serde::{Deserialize, Serialize};

use super::data::{CARDS, CardDef};

/// A card, by its printed number (1–36).
///
/// Serialized as the bare number, so stored matches read back byte for byte; reading a
/// number the table has no card for is an error, not a card that panics later.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Card(u8);

impl Card {
    /// The card with this number, if the table has one. Every revision's table has the same
    /// cards (`retune.rs` tests it): a card's facts need no game, so they are read from
    /// [`CARDS`] here.
    pub fn new(number: u8) -> Option<Card> {
        (1..=CARDS.len())
            .contains(&(number as usize))
            .then_some(Card(number))
    }
    /// The printed number.
    pub fn number(self) -> u8 {
        self.0
    }
    /// The card's facts, the same in every revision's data table.
    pub fn def(self) -> &'static CardDef {
        &CARDS[self.0 as usize - 1]
    }
    /// The card's stable id (`sojourner-truth`).
    pub fn id(self) -> &'static str {
        self.def().id
    }
    /// The card's printed name.
    pub fn name(self) -> &'static str {
        self.def().name
    }
    /// The card with this stable id, if any.
    pub fn from_id(id: &str) -> Option<Card> {
        CARDS
            .iter()
            .find(|c| c.id == id)
            .and_then(|c| Card::new(c.number))
    }
    /// Every card, in number order.
    pub fn all() -> impl Iterator<Item = Card> {
        (1..=CARDS.len() as u8).map(Card)
    }
}

/// The error of reading a number that is no card's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoSuchCard(pub u8);

impl std::fmt::Display for NoSuchCard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "The Vote has no card {}", self.0)
    }
}

impl std::error::Error for NoSuchCard {}

impl TryFrom<u8> for Card {
    type Error = NoSuchCard;
    fn try_from(number: u8) -> Result<Card, NoSuchCard> {
        Card::new(number).ok_or(NoSuchCard(number))
    }
}

impl From<Card> for u8 {
    fn from(card: Card) -> u8 {
        card.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serializes_as_the_bare_number_and_refuses_numbers_no_card_has() {
        let card = Card::from_id("sojourner-truth").expect("a card of the table");
        assert_eq!(
            serde_json::to_string(&vec![card]).ok().as_deref(),
            Some("[3]")
        );
        assert_eq!(serde_json::from_str::<Card>("3").ok(), Some(card));
        assert!(serde_json::from_str::<Card>("0").is_err());
        assert!(serde_json::from_str::<Card>("37").is_err());
        assert_eq!(Card::all().count(), CARDS.len());
        assert!(Card::all().all(|c| Card::from_id(c.id()) == Some(c)));
    }
}
