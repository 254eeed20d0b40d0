//! The Vote on the wire: its typed view and cards. Plain field mapping: what the game waits
//! for and where each Amendment stands come from the engine ([`tv::Pending`],
//! [`tv::AmendmentStatus`]).

use std::collections::HashMap;
use std::sync::OnceLock;

use hustings_engine::the_vote as tv;
use hustings_proto::v1 as pb;

/// A card type of The Vote as its slug on the wire.
pub(super) fn card_type_slug(t: tv::data::CardType) -> &'static str {
    use tv::data::CardType;
    match t {
        CardType::PublicOpinion => "public-opinion",
        CardType::Organization => "organization",
        CardType::Suppression => "suppression",
        CardType::Law => "law",
        CardType::Region => "region",
        CardType::Special => "special",
    }
}

/// A card of The Vote on the wire, with its text when `full`.
pub(super) fn the_vote_card(card: tv::Card, full: bool) -> pb::TheVoteCard {
    use tv::data::{CardKind, Special};
    let c = card.def();
    let (region, law, suppress) = match c.kind {
        // Only Supremacy flips cards to suppress: Equality's Region cards never do.
        CardKind::Region { region, suppress } => (
            // Region ids are the same in every rules revision (the engine tests it).
            tv::Region::new(region as usize)
                .map(|r| r.id().to_string())
                .unwrap_or_default(),
            String::new(),
            if c.faction == tv::data::Faction::Supremacy {
                suppress as u32
            } else {
                0
            },
        ),
        CardKind::Suppression => (String::new(), String::new(), 1),
        CardKind::Law(Some(l)) | CardKind::Special(Special::Amendment(l)) => {
            (String::new(), l.slug().to_string(), 0)
        }
        _ => (String::new(), String::new(), 0),
    };
    pb::TheVoteCard {
        number: c.number as u32,
        id: c.id.to_string(),
        name: c.name.to_string(),
        faction: c.faction.slug().to_string(),
        r#type: card_type_slug(c.card_type()).to_string(),
        cost: c.cost.map(u32::from),
        region,
        law,
        suppress,
        last_action: c.last_action(),
        description: if full {
            the_vote_description(c.number)
        } else {
            String::new()
        },
    }
}

/// The text of a card of The Vote, rendered once per card: the cards, and the region names
/// their texts use, are the same in every rules revision (the engine tests it), so any
/// revision's table renders them alike.
pub(super) fn the_vote_description(number: u8) -> String {
    static TEXTS: OnceLock<HashMap<u8, String>> = OnceLock::new();
    TEXTS
        .get_or_init(|| {
            tv::data::TABLE
                .cards
                .iter()
                .map(|c| (c.number, c.describe(&tv::data::TABLE)))
                .collect()
        })
        .get(&number)
        .cloned()
        .unwrap_or_default()
}

pub(super) fn the_vote_cards(cards: &[tv::Card], full: bool) -> Vec<pb::TheVoteCard> {
    cards.iter().map(|&c| the_vote_card(c, full)).collect()
}

pub(super) fn the_vote_boxes(boxes: u8, markers: &[u8; 4]) -> pb::TheVoteBoxes {
    pb::TheVoteBoxes {
        boxes: boxes as u32,
        equality: markers[tv::EQ] as u32,
        blue_apathy: markers[tv::BLUE] as u32,
        red_apathy: markers[tv::RED] as u32,
        supremacy: markers[tv::SUP] as u32,
    }
}

/// The decision a view waits for: the engine's [`tv::Pending`] on the wire.
pub(super) fn the_vote_pending(v: &tv::View) -> pb::TheVotePending {
    let p = v.pending();
    pb::TheVotePending {
        step: p.slug().into(),
        seat: p.seat.map(|s| s as u32),
        text: p.text(),
        region: p.region.map(|r| r.id().to_string()).unwrap_or_default(),
        left: p.left as u32,
    }
}

/// The Vote's typed view, with the card texts when `full`.
pub fn the_vote_view(v: &tv::View, full: bool) -> pb::TheVoteView {
    use tv::data::Law;
    // The numbers of the game's own rules revision, as the game plays them.
    let table = v.table();
    let the_vote_card = |card: tv::Card| the_vote_card(card, full);
    let the_vote_cards = |cards: &[tv::Card]| the_vote_cards(cards, full);
    let finished = v.outcome.is_some();
    pb::TheVoteView {
        turn: v.turn,
        turn_cap: table.turn_cap,
        phase: if finished {
            "finished"
        } else if v.phase_index == 0 {
            "first-player-phase"
        } else {
            "second-player-phase"
        }
        .into(),
        first_player: v.first_player as u32,
        active: v.active as u32,
        players: v
            .players
            .iter()
            .enumerate()
            .map(|(seat, p)| pb::TheVotePlayer {
                seat: seat as u32,
                faction: tv::data::Faction::from_seat(seat).name().into(),
                org: p.org as u32,
                pw: p.pw as u32,
                vp: p.vp as u32,
                markers_on_map: v.markers_on_map(seat),
                markers_in_pool: v.pool(seat) as u32,
                reserve: p
                    .reserve
                    .iter()
                    .map(|r| pb::TheVoteReserveCard {
                        card: Some(the_vote_card(r.card)),
                        face_up: r.face_up,
                    })
                    .collect(),
                reserve_limit: p.org as u32,
            })
            .collect(),
        regions: v
            .regions
            .iter()
            // The game's own revision's Congress Control Points (`retune.rs`).
            .zip(v.table().regions)
            .map(|(r, def)| pb::TheVoteRegion {
                id: def.id.into(),
                name: def.name.into(),
                congress_points: def.congress_points as u32,
                congress_holder: r.congress as u32,
                men: Some(the_vote_boxes(def.men, &r.men)),
                women: Some(the_vote_boxes(def.women, &r.women)),
                women_open: r.women_open,
                laws: Law::ALL
                    .iter()
                    .map(|&l| pb::TheVoteLaw {
                        id: l.slug().into(),
                        name: l.name().into(),
                        passed: r.law(l),
                    })
                    .collect(),
                blue: r.blue() as u32,
                red: r.red() as u32,
            })
            .collect(),
        congress: Some(pb::TheVoteCongress {
            controller: v.congress as u32,
            points: v.congress_points.to_vec(),
            total: table.total_points(),
        }),
        display: the_vote_cards(&v.display),
        discard: the_vote_cards(&v.discard),
        hidden_discards: v.hidden_discards as u32,
        deck_count: v.deck_count as u32,
        removed: the_vote_cards(&v.removed),
        aside: the_vote_cards(&v.aside),
        amendments: tv::Card::all()
            .filter_map(|c| match c.def().kind {
                tv::data::CardKind::Special(tv::data::Special::Amendment(l)) => {
                    Some(pb::TheVoteAmendment {
                        card: Some(the_vote_card(c)),
                        law: l.slug().into(),
                        status: v.amendment_status(c).slug().into(),
                    })
                }
                _ => None,
            })
            .collect(),
        reshuffles: v.reshuffles,
        action: v.action.as_ref().map(|a| pb::TheVoteAction {
            kind: a.kind.slug().into(),
            seat: a.seat as u32,
            card: Some(the_vote_card(a.card)),
            strength: a.strength as u32,
            law: a.law.map(|l| l.slug().to_string()).unwrap_or_default(),
            targets: a
                .targets
                .iter()
                .map(|t| pb::TheVoteTarget {
                    region: t.region.id().to_string(),
                    bonus: t.bonus.map(the_vote_card),
                    block: t.block.map(the_vote_card),
                    counter: t.counter.map(the_vote_card),
                    suppressed: t.suppressed as u32,
                    suppress_cards: the_vote_cards(&t.suppress_cards),
                    resolved: t.resolved,
                    passed: t.passed,
                    changed: t.changed as u32,
                    further_blocks: t
                        .further_blocks
                        .iter()
                        .map(|b| pb::TheVoteBlock {
                            block: Some(the_vote_card(b.card)),
                            counter: b.counter.map(the_vote_card),
                        })
                        .collect(),
                })
                .collect(),
            discard_type: a
                .discard_type
                .map(|t| card_type_slug(t).to_string())
                .unwrap_or_default(),
        }),
        pending: Some(the_vote_pending(v)),
        limits: Some(pb::TheVoteLimits {
            markers_each: table.markers_each as u32,
            org_max: table.org_max as u32,
            pw_max: table.pw_max as u32,
            vp_max: table.vp_max as u32,
            amendment_points: table.amendment_points,
        }),
    }
}

/// The Vote's fixed data: every card, 1–36 in order, with its text, built once.
pub(super) fn reference() -> pb::match_reference::Game {
    static REFERENCE: OnceLock<pb::TheVoteReference> = OnceLock::new();
    let r = REFERENCE.get_or_init(|| pb::TheVoteReference {
        cards: tv::Card::all().map(|c| the_vote_card(c, true)).collect(),
    });
    pb::match_reference::Game::TheVote(r.clone())
}
