//! Votes for Women on the wire: its typed view, players and cards. Plain field mapping:
//! what the game waits for comes from the engine's [`vfw::Pending`].

use std::sync::OnceLock;

use hustings_engine as engine;
use hustings_engine::votes_for_women::{self as vfw, data as vfwdata};
use hustings_proto::v1 as pb;

pub(super) fn vfw_side(s: vfwdata::Side) -> String {
    match s {
        vfwdata::Side::Suffragist => "suffragist",
        vfwdata::Side::Opposition => "opposition",
    }
    .into()
}

/// A Votes for Women card, with its effect in words when `full`.
pub fn vfw_card(id: vfwdata::CardId, full: bool) -> pb::VotesForWomenCard {
    use vfwdata::{BoxKind, Deck, Era};
    let c = vfwdata::card(id);
    pb::VotesForWomenCard {
        id: c.slug().to_string(),
        number: c.id as u32,
        name: c.name.to_string(),
        deck: match c.deck {
            Deck::Suffragist => "suffragist",
            Deck::Opposition => "opposition",
            Deck::Strategy => "strategy",
            Deck::State => "state",
        }
        .into(),
        era: match c.era {
            Era::Start => "start",
            Era::Early => "early",
            Era::Middle => "middle",
            Era::Late => "late",
            Era::Undated => "",
        }
        .into(),
        cost: c.cost as u32,
        persistent_box: match c.persist.map(|p| p.kind) {
            Some(BoxKind::RestOfTurn) => "rest-of-turn",
            Some(BoxKind::RestOfGame) => "rest-of-game",
            Some(BoxKind::FinalVoting) => "final-voting",
            None => "",
        }
        .into(),
        state: c
            .state
            .map(|s| vfwdata::code(s).to_string())
            .unwrap_or_default(),
        description: if full {
            vfwdata::describe(id).to_string()
        } else {
            String::new()
        },
    }
}

pub(super) fn vfw_cards(ids: &[vfwdata::CardId], full: bool) -> Vec<pb::VotesForWomenCard> {
    ids.iter().map(|&c| vfw_card(c, full)).collect()
}

/// What a Votes for Women game waits for: the engine's [`vfw::Pending`] on the wire.
pub(super) fn vfw_pending(v: &vfw::View) -> pb::VotesForWomenPending {
    let (p, b) = (&v.pending, &v.board);
    pb::VotesForWomenPending {
        side: p.player.map(|(side, _)| vfw_side(side)).unwrap_or_default(),
        kind: p.kind.slug().into(),
        text: p.text(b),
        player: p.player_name(b).into(),
        cubes_total: p.cubes.map_or(0, |c| c.total),
        cubes_done: p.cubes.map_or(0, |c| c.done),
        left: p.kind.left().map_or(0, |(n, _)| n),
        left_unit: p.kind.left().map_or("", |(_, unit)| unit).into(),
    }
}

/// The name of `side`'s player `slot`, "Oppobot" for the automated Opposition.
pub(super) fn vfw_player_name(b: &vfw::Board, side: vfwdata::Side, slot: u8) -> String {
    if side == vfwdata::Side::Opposition && b.oppobot.is_some() {
        "Oppobot".into()
    } else {
        b.player_name(side, slot).into()
    }
}

/// Every player: the seats in order, then the Oppobot when it plays.
pub(super) fn vfw_players(
    v: &vfw::View,
    to_act: &[engine::Seat],
    full: bool,
) -> Vec<pb::VotesForWomenPlayer> {
    use vfwdata::Side;
    let b = &v.board;
    let colour = |side: Side, slot: u8| match side {
        Side::Opposition => "red",
        Side::Suffragist if !b.pair(side) => "purple+yellow",
        Side::Suffragist if slot == 0 => "purple",
        Side::Suffragist => "yellow",
    };
    let entry = |seat: Option<usize>, side: Side, slot: u8| {
        let p = vfw::player(side, slot);
        pb::VotesForWomenPlayer {
            seat: seat.map(|s| s as u32),
            side: vfw_side(side),
            name: vfw_player_name(b, side, slot),
            colour: colour(side, slot).into(),
            slot: slot as u32,
            hand_count: v.hand_count.get(p).copied().unwrap_or(0) as u32,
            claimed: b
                .claimed
                .get(p)
                .map(|c| vfw_cards(c, full))
                .unwrap_or_default(),
            to_act: seat.is_some_and(|s| to_act.contains(&s)),
        }
    };
    let mut out: Vec<pb::VotesForWomenPlayer> = (0..b.seats.len())
        .filter_map(|seat| {
            b.seat_player(seat)
                .map(|(side, slot)| entry(Some(seat), side, slot))
        })
        .collect();
    if b.oppobot.is_some() {
        out.push(entry(None, Side::Opposition, 0));
    }
    out
}

/// Votes for Women's typed view, with the card texts when `full`. `to_act` (public) names
/// who decides now.
pub fn votes_for_women_view(
    v: &vfw::View,
    to_act: &[engine::Seat],
    full: bool,
) -> pb::VotesForWomenView {
    let vfw_cards = |ids: &[vfwdata::CardId]| vfw_cards(ids, full);
    use vfw::{Mark, Phase, Source};
    use vfwdata::{REGIONS, STATES, Side};
    let b = &v.board;
    let own = |zone: &[Option<Vec<vfwdata::CardId>>; 2]| {
        v.viewer
            .and_then(|s| zone[s.index()].as_deref())
            .map(vfw_cards)
            .unwrap_or_default()
    };
    let me = v.viewer.map(|s| vfw::player(s, v.viewer_slot));
    let hand = me
        .and_then(|p| v.hands.get(p).and_then(|h| h.as_deref()))
        .map(vfw_cards)
        .unwrap_or_default();
    // Another player's hand shown to the viewer (Change In Plans): never a partner's.
    let opponent_hand = v
        .viewer
        .and_then(|s| {
            [0, 1]
                .into_iter()
                .map(|slot| vfw::player(s.other(), slot))
                .find_map(|p| v.hands.get(p).and_then(|h| h.as_deref()))
        })
        .map(vfw_cards)
        .unwrap_or_default();
    // Sums over a side's players (see `vfw::player` for the layout).
    let side_hand = |side: Side| {
        v.hand_count
            .iter()
            .enumerate()
            .filter(|&(p, _)| Side::of_player(p) == side)
            .map(|(_, &n)| n as u32)
            .sum::<u32>()
    };
    let side_claimed = |side: Side| -> Vec<vfwdata::CardId> {
        b.claimed
            .iter()
            .enumerate()
            .filter(|&(p, _)| Side::of_player(p) == side)
            .flat_map(|(_, c)| c.iter().copied())
            .collect()
    };
    let state_card_of = |s: vfwdata::St| -> String {
        let holds =
            |ids: &[vfwdata::CardId]| ids.iter().any(|&c| vfwdata::card(c).state == Some(s));
        if holds(&side_claimed(Side::Suffragist)) {
            "suffragist".into()
        } else if holds(&side_claimed(Side::Opposition)) {
            "opposition".into()
        } else if holds(&b.available_states) {
            "available".into()
        } else {
            String::new()
        }
    };
    let seat_of = |side: Side| b.seats.iter().position(|&s| s == side).unwrap_or(0) as u32;
    pb::VotesForWomenView {
        variant: b.variant.to_string(),
        viewer_side: v.viewer.map(vfw_side).unwrap_or_default(),
        seat_sides: b.seats.iter().map(|&s| vfw_side(s)).collect(),
        turn: b.turn as u32,
        phase: match b.phase {
            Phase::Strategy => "strategy",
            Phase::Operations => "operations",
            Phase::FinalVoting => "final-voting",
            Phase::Finished => "finished",
            Phase::Cleanup => "cleanup",
        }
        .into(),
        round: if b.phase == Phase::Operations {
            b.round as u32
        } else {
            0
        },
        active_side: vfw_side(b.active),
        hand_card_done: b.hand_done,
        claimed_card_done: b.claimed_done,
        states: b
            .states
            .iter()
            .enumerate()
            .map(|(i, st)| {
                let s = i as vfwdata::St;
                let def = &STATES[i];
                pb::VotesForWomenState {
                    code: def.code.into(),
                    name: def.name.into(),
                    region: def.region.slug().into(),
                    die: def.die as u32,
                    purple: st.purple as u32,
                    yellow: st.yellow as u32,
                    red: st.red as u32,
                    mark: match st.mark {
                        Some(Mark::Check) => "check",
                        Some(Mark::X) => "x",
                        None => "",
                    }
                    .into(),
                    state_card: state_card_of(s),
                    adjacent: def.adjacent.iter().map(|a| a.to_string()).collect(),
                }
            })
            .collect(),
        regions: REGIONS
            .iter()
            .map(|r| pb::VotesForWomenRegion {
                number: r.index() as u32 + 1,
                slug: r.slug().into(),
                name: r.name().into(),
                states: r.states().map(|s| vfwdata::code(s).to_string()).collect(),
            })
            .collect(),
        campaigners: b
            .campaigners
            .iter()
            .map(|c| pb::VotesForWomenCampaigner {
                hue: c.hue.slug().into(),
                side: vfw_side(c.hue.side()),
                region: c.region.slug().into(),
            })
            .collect(),
        congress: Some(pb::VotesForWomenCongress {
            position: b.congress as u32,
            amendment_sent: b.amendment_sent,
        }),
        checks: b.checks as u32,
        xs: b.xs as u32,
        checks_to_win: vfw::CHECKS_TO_WIN as u32,
        xs_to_win: vfw::XS_TO_WIN as u32,
        sides: [Side::Suffragist, Side::Opposition]
            .into_iter()
            .map(|side| {
                let i = side.index();
                pb::VotesForWomenSide {
                    side: vfw_side(side),
                    seat: seat_of(side),
                    buttons: b.buttons[i] as u32,
                    button_cap: side.button_cap() as u32,
                    hand_count: side_hand(side),
                    drawn_count: v.drawn_count[i] as u32,
                    deck_count: v.deck_count[i] as u32,
                    deck_top_count: v.deck_top_count[i] as u32,
                    deck_bottom_count: v.deck_bottom_count[i] as u32,
                    deck_by_era: b.era_ordered[i],
                    claimed: vfw_cards(&side_claimed(side)),
                }
            })
            .collect(),
        rest_of_turn: vfw_cards(&b.rest_of_turn),
        rest_of_game: vfw_cards(&b.rest_of_game),
        final_voting_box: vfw_cards(&b.final_voting_box),
        available_states: vfw_cards(&b.available_states),
        strategy_display: vfw_cards(&b.strategy_display),
        out_of_game: vfw_cards(&b.out),
        strategy_deck_count: v.strategy_deck_count as u32,
        hand,
        opponent_hand,
        drawn: own(&v.drawn),
        deck_top: own(&v.deck_top),
        deck_bottom: own(&v.deck_bottom),
        deck_search: v.deck_search.as_deref().map(vfw_cards).unwrap_or_default(),
        strategy_commit: b.commit.map(|c| c as u32),
        vote: b.vote.map(|vote| pb::VotesForWomenVote {
            state: vfwdata::code(vote.state).into(),
            suffragist_roll: vote.rolls[0] as u32,
            opposition_roll: vote.rolls[1] as u32,
        }),
        final_voting_chooser: if b.phase == Phase::FinalVoting {
            vfw_side(b.chooser)
        } else {
            String::new()
        },
        pending: Some(vfw_pending(v)),
        plays: b
            .stack
            .iter()
            .map(|f| {
                let (kind, card) = match f.source {
                    Source::Card(c) => ("card", Some(vfw_card(c, full))),
                    Source::Campaign => ("campaign", None),
                    Source::Lobby => ("lobby", None),
                    Source::StrategyPick => ("strategy-pick", None),
                };
                pb::VotesForWomenPlay {
                    side: vfw_side(f.side),
                    kind: kind.into(),
                    card,
                    failed: f.failed,
                    player: vfw_player_name(b, f.side, f.slot),
                }
            })
            .collect(),
        players: vfw_players(v, to_act, full),
        viewer_player: v
            .viewer
            .map(|s| b.player_name(s, v.viewer_slot).to_string())
            .unwrap_or_default(),
        active_player: if b.phase == Phase::Operations {
            vfw_player_name(b, b.active, b.round_slot(b.active))
        } else {
            String::new()
        },
        exchange: b.exchanges.as_ref().map(|x| {
            let (kind, arg) = x
                .offer
                .as_deref()
                .map(|o| o.split_once(':').unwrap_or((o, "")))
                .unwrap_or(("", ""));
            pb::VotesForWomenExchange {
                side: vfw_side(x.side),
                proposer: b.player_name(x.side, x.proposer).into(),
                offer: kind.into(),
                card: vfwdata::card_by_slug(arg).map(|c| vfw_card(c, full)),
            }
        }),
        final_voting_picker: if b.phase == Phase::FinalVoting {
            let (side, slot) = b.vote_picker();
            vfw_player_name(b, side, slot)
        } else {
            String::new()
        },
    }
}

/// Votes for Women's fixed data: every card of the table with its text, built once.
pub(super) fn reference() -> pb::match_reference::Game {
    static REFERENCE: OnceLock<pb::VotesForWomenReference> = OnceLock::new();
    let r = REFERENCE.get_or_init(|| pb::VotesForWomenReference {
        cards: (1..=vfwdata::LAST_CARD)
            .map(|c| vfw_card(c, true))
            .collect(),
    });
    pb::match_reference::Game::VotesForWomen(r.clone())
}
