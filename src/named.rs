//! Which words name a card: each game's card ids and names, and which names cannot be
//! confused with another word of their game (another card's name, a state, a region, a
//! law). The redaction tests search messages for the cards a viewer may not know.

use std::collections::HashMap;
use std::sync::OnceLock;

use hustings_engine::presidency::data as presidency;
use hustings_engine::the_vote::data as the_vote;
use hustings_engine::votes_for_women::data as vfw;

/// One card as messages name it: its id (in choice ids, log entries and views) and its
/// name (in texts), when the name is distinctive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Named {
    /// The card's id, when no other thing of the game has the same.
    pub id: Option<&'static str>,
    /// The card's name, when no other word of the game contains it or is contained in it.
    pub name: Option<&'static str>,
}

/// `name` when it is neither inside nor around any of `others` (itself excluded once).
fn distinctive(name: &'static str, others: &[&'static str]) -> Option<&'static str> {
    let mut seen_self = false;
    for &o in others {
        if o == name && !seen_self {
            seen_self = true;
            continue;
        }
        if o.contains(name) || name.contains(o) {
            return None;
        }
    }
    Some(name)
}

/// A card name of The Vote that cannot be confused with another word of the game (a
/// Region or a Law of the same name, or a name inside another name).
pub fn the_vote_distinctive_name(number: u8) -> Option<&'static str> {
    static WORDS: OnceLock<Vec<&'static str>> = OnceLock::new();
    let words = WORDS.get_or_init(|| {
        the_vote::TABLE
            .cards
            .iter()
            .map(|c| c.name)
            .chain(the_vote::TABLE.regions.iter().map(|r| r.name))
            .chain(the_vote::Law::ALL.iter().map(|l| l.name()))
            .collect()
    });
    distinctive(the_vote::TABLE.card(number).name, words)
}

/// The Vote's card `number`. Its id is `None` when a Region or a Law has the same id (cards
/// named after them), so that a message naming the Region or Law is not taken for one
/// naming the card.
pub fn the_vote_card(number: u8) -> Named {
    let id = the_vote::TABLE.card(number).id;
    let shared = the_vote::TABLE.regions.iter().any(|r| r.id == id)
        || the_vote::Law::ALL.iter().any(|l| l.slug() == id);
    Named {
        id: (!shared).then_some(id),
        name: the_vote_distinctive_name(number),
    }
}

/// Votes for Women's card `id` (the Oppobot's included).
pub fn vfw_card(id: vfw::CardId) -> Named {
    static NAMES: OnceLock<HashMap<vfw::CardId, Option<&'static str>>> = OnceLock::new();
    let names = NAMES.get_or_init(|| {
        let words: Vec<&'static str> = vfw_all()
            .map(|c| vfw::card(c).name)
            .chain(vfw::STATES.iter().map(|s| s.name))
            .chain(vfw::REGIONS.iter().map(|r| r.name()))
            .collect();
        vfw_all()
            .map(|c| (c, distinctive(vfw::card(c).name, &words)))
            .collect()
    });
    Named {
        id: Some(vfw::slug(id)),
        name: names.get(&id).copied().flatten(),
    }
}

/// Every card of Votes for Women, the Oppobot's included.
pub fn vfw_all() -> impl Iterator<Item = vfw::CardId> {
    [
        vfw::Deck::Suffragist,
        vfw::Deck::Opposition,
        vfw::Deck::Strategy,
        vfw::Deck::State,
    ]
    .into_iter()
    .flat_map(vfw::deck_cards)
    .chain(vfw::oppobot_cards())
}

/// The Presidential Race's card `index` of `deck` ("campaign", "candidate", "election").
pub fn presidency_card(deck: &str, index: usize) -> Option<Named> {
    let table: &[presidency::CardDef] = match deck {
        "campaign" => &presidency::CAMPAIGN,
        "candidate" => &presidency::CANDIDATE,
        "election" => &presidency::ELECTION,
        _ => return None,
    };
    static WORDS: OnceLock<Vec<&'static str>> = OnceLock::new();
    let words = WORDS.get_or_init(|| {
        presidency::CAMPAIGN
            .iter()
            .chain(&presidency::CANDIDATE)
            .chain(&presidency::ELECTION)
            .map(|c| c.name)
            .chain(presidency::SPACES.iter().map(|s| s.name))
            .collect()
    });
    table.get(index).map(|c| Named {
        id: Some(c.id),
        name: distinctive(c.name, words),
    })
}

/// The phrases Votes for Women's texts use to state a card's prerequisites ("needs X in
/// effect"): rules, which name a card without saying where it lies.
pub fn vfw_rule_phrases() -> Vec<String> {
    vfw_all()
        .flat_map(|c| vfw::card(c).prereqs.iter().map(|p| p.describe()))
        .collect()
}
