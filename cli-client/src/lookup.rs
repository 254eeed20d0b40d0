//! `? NAME` at a prompt: a card's text, looked up by any part of its name among the cards
//! the viewer can see (hand, displays, claimed and State cards, Reserves, Candidate cards),
//! then among every card of the game; `? ZONE` lists a zone's cards with their texts; in
//! the Presidential Race `? 14` tells what a space does.
//!
//! Texts come from the match's reference (`MatchReference`), which holds every card of the
//! game: public facts, the same in every match, so a lookup reveals nothing.

use hustings_proto::v1::{GameView, PresidencyCard, TheVoteCard, VotesForWomenCard, game_view};

use crate::reference::Reference;
use crate::render::Style;

/// A card as a lookup shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Card {
    id: String,
    name: String,
    /// Cost and kind, when the view tells them.
    facts: String,
}

/// A zone of cards the viewer sees: its names to type (the first is shown), its cards.
type Zone = (&'static [&'static str], Vec<Card>);

fn vfw(c: &VotesForWomenCard) -> Card {
    let mut facts = Vec::new();
    if !c.deck.is_empty() {
        facts.push(c.deck.clone());
    }
    if !c.era.is_empty() {
        facts.push(c.era.clone());
    }
    if c.cost > 0 {
        facts.push(crate::render::style::count(c.cost, "button", "buttons"));
    }
    Card {
        id: c.id.clone(),
        name: c.name.clone(),
        facts: facts.join(", "),
    }
}

fn vote(c: &TheVoteCard) -> Card {
    let cost = match c.cost {
        Some(n) => format!("{n} PW"),
        None => "all PW".into(),
    };
    Card {
        id: c.id.clone(),
        name: c.name.clone(),
        facts: format!("{}, {}, {cost}", c.faction, c.r#type.replace('-', " ")),
    }
}

fn race(c: &PresidencyCard) -> Card {
    Card {
        id: c.id.clone(),
        name: c.name.clone(),
        facts: String::new(),
    }
}

/// The zones of cards this view shows, in the order a lookup searches them.
fn zones(view: &GameView) -> Vec<Zone> {
    match &view.game {
        Some(game_view::Game::VotesForWomen(v)) => {
            let all = |lists: &[&Vec<VotesForWomenCard>]| -> Vec<Card> {
                lists.iter().flat_map(|l| l.iter().map(vfw)).collect()
            };
            let claimed: Vec<VotesForWomenCard> = v
                .sides
                .iter()
                .flat_map(|s| s.claimed.iter().cloned())
                .collect();
            vec![
                (&["hand"][..], all(&[&v.hand])),
                (&["drawn"][..], all(&[&v.drawn])),
                (&["strategy"][..], all(&[&v.strategy_display])),
                (&["states", "state cards"][..], all(&[&v.available_states])),
                (&["claimed"][..], all(&[&claimed])),
                (
                    &["effects", "in effect", "boxes"][..],
                    all(&[&v.rest_of_turn, &v.rest_of_game, &v.final_voting_box]),
                ),
                (&["opponent", "their hand"][..], all(&[&v.opponent_hand])),
                (&["deck"][..], all(&[&v.deck_top, &v.deck_bottom])),
                (&["out", "out of the game"][..], all(&[&v.out_of_game])),
                (
                    &["playing", "plays"][..],
                    v.plays
                        .iter()
                        .filter_map(|p| p.card.as_ref())
                        .map(vfw)
                        .collect(),
                ),
            ]
        }
        Some(game_view::Game::TheVote(v)) => {
            let reserves: Vec<Card> = v
                .players
                .iter()
                .flat_map(|p| p.reserve.iter())
                .filter_map(|r| r.card.as_ref())
                .map(vote)
                .collect();
            vec![
                (
                    &["display", "events"][..],
                    v.display.iter().map(vote).collect(),
                ),
                (&["reserve", "reserves"][..], reserves),
                (&["discard"][..], v.discard.iter().rev().map(vote).collect()),
                (&["aside"][..], v.aside.iter().map(vote).collect()),
                (&["removed"][..], v.removed.iter().map(vote).collect()),
            ]
        }
        Some(game_view::Game::Presidency(v)) => vec![
            (
                &["candidates", "candidate cards"][..],
                v.players
                    .iter()
                    .flat_map(|p| {
                        p.candidates.iter().map(|c| Card {
                            facts: p.name.clone(),
                            ..race(c)
                        })
                    })
                    .collect(),
            ),
            (
                &["campaign", "campaign cards"][..],
                v.campaign_discard.iter().rev().map(race).collect(),
            ),
            (
                &["election", "election cards"][..],
                v.election_drawn
                    .iter()
                    .filter_map(|d| d.card.as_ref())
                    .map(race)
                    .collect(),
            ),
        ],
        None => Vec::new(),
    }
}

fn line(c: &Card, reference: &Reference, style: &Style) -> String {
    let text = reference.text_of(&c.id).unwrap_or("");
    let facts = if c.facts.is_empty() {
        String::new()
    } else {
        format!(" ({})", c.facts)
    };
    let text = if text.is_empty() {
        style.dim("no text known")
    } else {
        text.to_string()
    };
    format!("  {}{facts}: {text}", style.bold(&c.name))
}

/// Folds a name for matching: lower case, letters and digits only.
fn fold(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// The answer to `? query`, one line per card or space, ending with a newline.
pub fn lookup(
    query: &str,
    view: Option<&GameView>,
    reference: &Reference,
    style: &Style,
) -> String {
    let zones = view.map(zones).unwrap_or_default();
    let q = query.trim().to_lowercase();
    if q.is_empty() {
        return crate::answer::help().to_string();
    }
    // A zone by name.
    if let Some((names, cards)) = zones.iter().find(|(names, _)| names.contains(&q.as_str())) {
        if cards.is_empty() {
            return format!("  {}\n", style.dim(&format!("no cards: {}", names[0])));
        }
        return cards
            .iter()
            .map(|c| line(c, reference, style) + "\n")
            .collect();
    }
    // A space of the Presidential Race by number.
    if let Ok(n) = q.parse::<u32>() {
        let board = match view.and_then(|v| v.game.as_ref()) {
            Some(game_view::Game::Presidency(p)) if !p.board.is_empty() => p.board.clone(),
            _ => reference.board().to_vec(),
        };
        if let Some(s) = board.iter().find(|s| s.number == n) {
            return format!("  {} {}: {}\n", n, style.bold(&s.name), s.description);
        }
    }
    let folded = fold(&q);
    if folded.is_empty() {
        return format!("  nothing matches {query:?}\n");
    }
    // The cards in view, then every card of the game.
    let mut seen: Vec<Card> = Vec::new();
    for (_, cards) in &zones {
        for c in cards {
            if (fold(&c.name).contains(&folded) || fold(&c.id) == folded)
                && !seen.iter().any(|s| s.id == c.id)
            {
                seen.push(c.clone());
            }
        }
    }
    if seen.is_empty() {
        seen = reference
            .cards()
            .iter()
            .filter(|(id, name, _)| fold(name).contains(&folded) || fold(id) == folded)
            .map(|(id, name, _)| Card {
                id: id.clone(),
                name: name.clone(),
                facts: String::new(),
            })
            .collect();
    }
    // An exact name wins over names that contain it.
    if let Some(exact) = seen.iter().find(|c| fold(&c.name) == folded).cloned() {
        seen = vec![exact];
    }
    match seen.len() {
        0 => {
            let names: Vec<&str> = zones
                .iter()
                .filter(|(_, cards)| !cards.is_empty())
                .map(|(names, _)| names[0])
                .collect();
            let zones = if names.is_empty() {
                String::new()
            } else {
                format!(", or a zone: ? {}", names.join(", ? "))
            };
            format!("  no card matches {query:?}: try part of a card's name{zones}\n")
        }
        1..=6 => seen
            .iter()
            .map(|c| line(c, reference, style) + "\n")
            .collect(),
        n => {
            let names: Vec<&str> = seen.iter().map(|c| c.name.as_str()).collect();
            format!(
                "  {n} cards match {query:?}: {}\n  (type more of the name)\n",
                names.join(", ")
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::test_views::{presidency_view, vfw_view};
    use hustings_proto::v1::{
        MatchReference, MatchUpdate, PresidencyReference, VotesForWomenReference, match_reference,
    };

    fn vfw_reference() -> Reference {
        let card = |id: &str, name: &str, text: &str| VotesForWomenCard {
            id: id.into(),
            name: name.into(),
            description: text.into(),
            ..Default::default()
        };
        let mut r = Reference::default();
        r.absorb(&MatchUpdate {
            reference: Some(MatchReference {
                game: Some(match_reference::Game::VotesForWomen(
                    VotesForWomenReference {
                        cards: vec![
                            card(
                                "seneca-falls-convention",
                                "Seneca Falls Convention",
                                "place 2 cubes",
                            ),
                            card("big-parade", "Big Parade", "lobby twice"),
                            card("new-jersey", "New Jersey", "gain 2 buttons"),
                            card(
                                "opposition-research",
                                "Opposition Research",
                                "opponent loses half their buttons",
                            ),
                        ],
                    },
                )),
                help: None,
            }),
            ..Default::default()
        });
        r
    }

    fn view(v: hustings_proto::v1::VotesForWomenView) -> GameView {
        GameView {
            json: String::new(),
            game: Some(game_view::Game::VotesForWomen(v)),
        }
    }

    #[test]
    fn a_card_in_hand_is_found_by_part_of_its_name_in_any_case() {
        let r = vfw_reference();
        let v = view(vfw_view("standard"));
        let text = lookup("seneca", Some(&v), &r, &Style::PLAIN);
        assert_eq!(text, "  Seneca Falls Convention: place 2 cubes\n");
        let text = lookup("BIG parade", Some(&v), &r, &Style::PLAIN);
        assert_eq!(text, "  Big Parade (1 button): lobby twice\n");
    }

    #[test]
    fn zones_list_their_cards_and_unseen_cards_come_from_the_reference() {
        let r = vfw_reference();
        let mut game = vfw_view("standard");
        game.strategy_display = vec![VotesForWomenCard {
            id: "opposition-research".into(),
            name: "Opposition Research".into(),
            ..Default::default()
        }];
        let v = view(game);
        let text = lookup("strategy", Some(&v), &r, &Style::PLAIN);
        assert_eq!(
            text,
            "  Opposition Research: opponent loses half their buttons\n"
        );
        let text = lookup("states", Some(&v), &r, &Style::PLAIN);
        assert_eq!(text, "  New Jersey: gain 2 buttons\n");
        // A card nowhere in view is still found among every card of the game.
        let mut game = vfw_view("standard");
        game.hand.clear();
        let v = view(game);
        let text = lookup("seneca", Some(&v), &r, &Style::PLAIN);
        assert_eq!(text, "  Seneca Falls Convention: place 2 cubes\n");
        let text = lookup("zebra", Some(&v), &r, &Style::PLAIN);
        assert!(text.contains("no card matches \"zebra\""), "{text}");
        assert!(text.contains("? states"), "{text}");
    }

    #[test]
    fn a_space_of_the_race_is_found_by_its_number() {
        let mut r = Reference::default();
        let p = presidency_view(2);
        r.absorb(&MatchUpdate {
            reference: Some(MatchReference {
                game: Some(match_reference::Game::Presidency(PresidencyReference {
                    board: p.board.clone(),
                    cards: vec![PresidencyCard {
                        id: "orator".into(),
                        name: "Orator".into(),
                        description: "+2 to debate rolls".into(),
                    }],
                })),
                help: None,
            }),
            ..Default::default()
        });
        let v = GameView {
            json: String::new(),
            game: Some(game_view::Game::Presidency(p)),
        };
        assert_eq!(
            lookup("14", Some(&v), &r, &Style::PLAIN),
            "  14 Space 14: effect of 14\n"
        );
        assert_eq!(
            lookup("candidates", Some(&v), &r, &Style::PLAIN),
            "  Orator (Democrat): +2 to debate rolls\n"
        );
    }
}
