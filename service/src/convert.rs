//! Conversions from the engine's types to the wire contract's messages.

use std::collections::HashMap;
use std::sync::OnceLock;

use hustings_engine as engine;
use hustings_engine::presidency::data::Deck;
use hustings_engine::presidency::{self, data as pdata};
use hustings_engine::the_vote as tv;
use hustings_engine::votes_for_women::{self as vfw, data as vfwdata};
use hustings_proto::v1 as pb;

/// A catalogue entry on the wire.
pub fn game_info(info: &engine::GameInfo) -> pb::GameInfo {
    pb::GameInfo {
        id: info.id.clone(),
        name: info.name.clone(),
        summary: info.summary.clone(),
        variants: info
            .variants
            .iter()
            .map(|v| pb::VariantInfo {
                id: v.id.clone(),
                name: v.name.clone(),
                description: v.description.clone(),
                min_seats: v.min_seats as u32,
                max_seats: v.max_seats as u32,
                default_seats: v.default_seats as u32,
                seat_names: v.seat_names.clone(),
                timeout_policy: v
                    .timeout_policy
                    .map_or(pb::TimeoutPolicy::Unspecified, policy)
                    as i32,
            })
            .collect(),
        options: info.options.iter().map(option_spec).collect(),
        timeout_policy: policy(info.timeout_policy) as i32,
    }
}

fn policy(p: engine::TimeoutPolicy) -> pb::TimeoutPolicy {
    match p {
        engine::TimeoutPolicy::Forfeit => pb::TimeoutPolicy::Forfeit,
        engine::TimeoutPolicy::DefaultChoice => pb::TimeoutPolicy::DefaultChoice,
    }
}

fn option_spec(o: &engine::OptionSpec) -> pb::OptionSpec {
    use pb::option_spec::Kind;
    let kind = match &o.kind {
        engine::OptionKind::Int { min, max, default } => Kind::Int(pb::IntOption {
            min: *min,
            max: *max,
            default_value: *default,
        }),
        engine::OptionKind::Bool { default } => Kind::Bool(pb::BoolOption {
            default_value: *default,
        }),
        engine::OptionKind::Choice { values, default } => Kind::Choice(pb::ChoiceOption {
            values: values.clone(),
            default_value: default.clone(),
        }),
    };
    pb::OptionSpec {
        key: o.key.clone(),
        label: o.label.clone(),
        description: o.description.clone(),
        kind: Some(kind),
    }
}

/// A prompt on the wire.
pub fn prompt(p: &engine::Prompt) -> pb::Prompt {
    pb::Prompt {
        seat: p.seat as u32,
        text: p.text.clone(),
        choices: p
            .choices
            .iter()
            .map(|c| pb::Choice {
                id: c.id.clone(),
                label: c.label.clone(),
                kind: c.kind.clone(),
                card: c.card.clone().unwrap_or_default(),
                location: c.location.clone().unwrap_or_default(),
                amount: c.amount,
                target: c.target.map(|t| t as u32),
            })
            .collect(),
    }
}

/// A log entry on the wire (already redacted for its viewer).
pub fn log_entry(e: &engine::LogEntry) -> pb::LogEntry {
    pb::LogEntry {
        seq: e.seq,
        seat: e.seat.map(|s| s as u32),
        kind: e.kind.clone(),
        text: e.text.clone(),
        dice: e.dice.clone(),
        card: e.card.clone().unwrap_or_default(),
        location: e.location.clone().unwrap_or_default(),
        amount: e.amount,
        target: e.target.map(|t| t as u32),
    }
}

/// An outcome on the wire.
pub fn outcome(o: &engine::Outcome, resigned: bool) -> pb::Outcome {
    pb::Outcome {
        winners: o.winners.iter().map(|&w| w as u32).collect(),
        reason: o.reason.clone(),
        scores: o.scores.clone(),
        draw: o.is_draw(),
        resigned,
        forfeit: if resigned {
            "resign".into()
        } else {
            String::new()
        },
    }
}

/// What a view on the wire holds besides the state itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ViewParts {
    /// The engine's JSON view (only for streams that asked for it).
    pub json: bool,
    /// The fixed data (board, card texts) in the view itself. Stream messages leave it out
    /// (the match's reference holds it); the reference's own cards are built with it.
    pub fixed: bool,
}

/// A game's view on the wire: the typed message of its game, plus the engine's JSON and
/// the fixed data when `parts` asks for them.
pub fn game_view(
    game: &dyn engine::AnyGame,
    viewer: engine::Viewer,
    parts: ViewParts,
) -> pb::GameView {
    game_view_of(&game.view(viewer), &game.to_act(), parts)
}

/// [`game_view`] from the engine's view, already built (`to_act` is the game's, public).
pub fn game_view_of(
    view: &engine::AnyView,
    to_act: &[engine::Seat],
    parts: ViewParts,
) -> pb::GameView {
    // The JSON is the engine's view serialized, as `AnyGame::view_json` gives it, written
    // straight to text rather than through a `serde_json::Value`.
    let json = |v: &dyn erased::Json| if parts.json { v.text() } else { String::new() };
    let full = parts.fixed;
    let (json, typed) = match view {
        engine::AnyView::Presidency(v) => (
            json(v),
            pb::game_view::Game::Presidency(presidency_view(v, full)),
        ),
        engine::AnyView::VotesForWomen(v) => (
            json(v),
            pb::game_view::Game::VotesForWomen(votes_for_women_view(v, to_act, full)),
        ),
        engine::AnyView::TheVote(v) => (
            json(v),
            pb::game_view::Game::TheVote(the_vote_view(v, full)),
        ),
    };
    pb::GameView {
        json,
        game: Some(typed),
    }
}

mod erased {
    /// A view that can be written as JSON text.
    pub trait Json {
        fn text(&self) -> String;
    }

    impl<T: serde::Serialize> Json for T {
        fn text(&self) -> String {
            serde_json::to_string(self).unwrap_or_else(|_| "null".into())
        }
    }
}

/// A game's fixed data on the wire (see `MatchReference`), built once per game and cloned
/// for each message that carries it.
pub fn reference(game: &str) -> Option<pb::MatchReference> {
    use pb::match_reference::Game;
    static PRESIDENCY: OnceLock<pb::MatchReference> = OnceLock::new();
    static VOTES_FOR_WOMEN: OnceLock<pb::MatchReference> = OnceLock::new();
    static THE_VOTE: OnceLock<pb::MatchReference> = OnceLock::new();
    let wrap = |g: Game| pb::MatchReference { game: Some(g) };
    let r = match game {
        "presidency" => PRESIDENCY.get_or_init(|| {
            let mut cards: Vec<pb::PresidencyCard> = Vec::new();
            for deck in [Deck::Campaign, Deck::Candidate, Deck::Election] {
                for c in deck.cards() {
                    if !cards.iter().any(|k| k.id == c.id) {
                        cards.push(presidency_card(c.id, true));
                    }
                }
            }
            wrap(Game::Presidency(pb::PresidencyReference {
                board: presidency_board(),
                cards,
            }))
        }),
        "votes-for-women" => VOTES_FOR_WOMEN.get_or_init(|| {
            wrap(Game::VotesForWomen(pb::VotesForWomenReference {
                cards: (1..=vfwdata::LAST_CARD)
                    .map(|c| vfw_card(c, true))
                    .collect(),
            }))
        }),
        "the-vote" => THE_VOTE.get_or_init(|| {
            wrap(Game::TheVote(pb::TheVoteReference {
                cards: tv::data::TABLE
                    .cards
                    .iter()
                    .map(|c| the_vote_card(c.number, true))
                    .collect(),
            }))
        }),
        _ => return None,
    };
    Some(r.clone())
}

/// A card of the Presidential Race on the wire, with its text when `full`. Cards are fixed
/// data, so each one is rendered once and cloned afterwards: rendering the descriptions of
/// every card in every view was a large part of the cost of each update.
fn presidency_card(id: &str, full: bool) -> pb::PresidencyCard {
    static CARDS: OnceLock<HashMap<&'static str, pb::PresidencyCard>> = OnceLock::new();
    let cards = CARDS.get_or_init(|| {
        let mut cards = HashMap::new();
        // The first deck holding an id wins, as in `card_by_id`.
        for deck in [Deck::Campaign, Deck::Candidate, Deck::Election] {
            for c in deck.cards() {
                cards
                    .entry(c.id)
                    .or_insert_with(|| render_presidency_card(c.id));
            }
        }
        cards
    });
    match cards.get(id) {
        Some(c) if full => c.clone(),
        Some(c) => pb::PresidencyCard {
            id: c.id.clone(),
            name: c.name.clone(),
            description: String::new(),
        },
        None => render_presidency_card(id),
    }
}

fn render_presidency_card(id: &str) -> pb::PresidencyCard {
    match pdata::card_by_id(id) {
        Some((_, c)) => pb::PresidencyCard {
            id: c.id.to_string(),
            name: c.name.to_string(),
            description: pdata::describe(c.effects, c.debate),
        },
        None => pb::PresidencyCard {
            id: id.to_string(),
            name: id.to_string(),
            description: String::new(),
        },
    }
}

/// The Presidential Race's board on the wire, rendered once (it never changes).
fn presidency_board() -> Vec<pb::PresidencySpace> {
    static BOARD: OnceLock<Vec<pb::PresidencySpace>> = OnceLock::new();
    BOARD.get_or_init(render_presidency_board).clone()
}

fn render_presidency_board() -> Vec<pb::PresidencySpace> {
    pdata::SPACES
        .iter()
        .map(|s| pb::PresidencySpace {
            number: s.number as u32,
            name: s.name.to_string(),
            description: pdata::describe(s.effects, 0),
        })
        .collect()
}

/// The Presidential Race's typed view; with the board and the card texts when `full`.
pub fn presidency_view(v: &presidency::View, full: bool) -> pb::PresidencyView {
    use presidency::Phase;
    pb::PresidencyView {
        variant: match v.variant {
            presidency::Variant::Standard => "standard",
            presidency::Variant::Convention => "convention",
        }
        .into(),
        rounds: v.rules.rounds,
        round: v.round,
        phase: match v.phase {
            Phase::Setup => "setup",
            Phase::Declare => "declare",
            Phase::Resolving => "resolving",
            Phase::AfterMove => "after-move",
            Phase::Election => "election",
            Phase::Finished => "finished",
        }
        .into(),
        players: v
            .players
            .iter()
            .enumerate()
            .map(|(seat, p)| pb::PresidencyPlayer {
                seat: seat as u32,
                name: p.name.clone(),
                votes: p.votes,
                money: p.money,
                position: p.position as u32,
                candidates: p
                    .candidates
                    .iter()
                    .map(|c| presidency_card(c, full))
                    .collect(),
                debate_bonus: p.debate_bonus,
            })
            .collect(),
        undecided: v.undecided,
        order: v.order.iter().map(|&s| s as u32).collect(),
        current: v.current().map(|s| s as u32),
        campaign_discard: v
            .campaign_discard
            .iter()
            .map(|c| presidency_card(c, full))
            .collect(),
        campaign_deck_count: v.campaign_deck_count,
        candidate_deck_count: v.candidate_deck_count,
        election_deck_count: v.election_deck_count,
        election_drawn: v
            .election_drawn
            .iter()
            .map(|(s, c)| pb::PresidencyElectionDraw {
                seat: *s as u32,
                card: Some(presidency_card(c, full)),
            })
            .collect(),
        board: if full { presidency_board() } else { Vec::new() },
        rules: Some(pb::PresidencyRules {
            rounds: v.rules.rounds,
            convert_once_per_turn: v.rules.convert_once_per_turn,
            party_bound_states: v.rules.party_bound_states,
            setup_damage_control: v.rules.setup_damage_control,
        }),
    }
}

// ----- Votes for Women ---------------------------------------------------------------------

fn vfw_side(s: vfwdata::Side) -> String {
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

fn vfw_cards(ids: &[vfwdata::CardId], full: bool) -> Vec<pb::VotesForWomenCard> {
    ids.iter().map(|&c| vfw_card(c, full)).collect()
}

/// What a Votes for Women game waits for, in words, from public facts only: the board's
/// play stack and phase, and who must act (`to_act`, as every viewer is told).
fn vfw_pending(v: &vfw::View, to_act: &[engine::Seat]) -> pb::VotesForWomenPending {
    use vfw::{DicePurpose, Phase, Task};
    let b = &v.board;
    let Some((side, slot)) = to_act.first().and_then(|&s| b.seat_player(s)) else {
        return pb::VotesForWomenPending {
            side: String::new(),
            kind: "none".into(),
            text: "Nothing: the game is over".into(),
            player: String::new(),
            ..Default::default()
        };
    };
    let name = b.player_name(side, slot);
    let top = b.stack.last().and_then(|f| f.task.as_ref());
    let (kind, text) = match top {
        Some(Task::Dice { purpose, die, dice }) => {
            let why = match purpose {
                DicePurpose::Gate => "a card's roll",
                DicePurpose::Count => "a roll for a count",
                DicePurpose::Campaign => "a Campaigning roll",
                DicePurpose::Lobby => "a Lobbying roll",
                DicePurpose::Superior => "a Superior Lobbying roll",
            };
            let rolled: Vec<String> = dice.iter().map(|d| d.to_string()).collect();
            (
                "dice",
                format!(
                    "keep or re-roll {why}: {} on {}",
                    rolled.join(", "),
                    die.name()
                ),
            )
        }
        Some(Task::Assign { .. }) => ("assign", "give the dice to the Campaigners".into()),
        Some(Task::PoolAssign { dice, .. }) => (
            "pool-assign",
            format!(
                "give the side's campaign dice to own Campaigners ({} left)",
                dice.len()
            ),
        ),
        Some(Task::Campaign { left, .. }) => (
            "campaign",
            format!("place a Campaigner's cubes ({left} left), or move it"),
        ),
        Some(Task::Place { left, .. }) => ("place", format!("place cubes ({left} left)")),
        Some(Task::Fixed { queue }) => ("place", format!("place cubes ({} left)", queue.len())),
        Some(Task::Remove { left, .. }) => ("remove", format!("remove cubes ({left} left)")),
        Some(Task::RemoveAll { left, .. }) => {
            ("remove", format!("remove cubes from a state ({left} left)"))
        }
        Some(Task::ChooseRegion { .. }) => ("region", "choose a region".into()),
        Some(Task::PickStrategy) => ("strategy", "take a Strategy card".into()),
        Some(Task::PlayOne { .. }) => ("play-one", "play one of the drawn cards".into()),
        Some(Task::Stack) => ("stack", "put the drawn cards on the Draw Deck".into()),
        Some(Task::ChangeInPlans) => (
            "change-in-plans",
            "choose a card from the opponent's hand".into(),
        ),
        Some(Task::PickState { .. }) => ("state", "choose a state".into()),
        Some(Task::Transport { .. }) => ("transport", "move Campaigners, then campaign".into()),
        Some(Task::CounterStrat) => ("counter", "answer the opponent's play".into()),
        None => match b.phase {
            Phase::Strategy if b.commit.is_none() => (
                "commit",
                "commit buttons to bid for the Strategy card".into(),
            ),
            Phase::Strategy => ("answer", "answer the Suffragist's bid".into()),
            Phase::Operations if !b.hand_done => {
                ("hand-card", format!("play a hand card (round {})", b.round))
            }
            Phase::Operations => (
                "claimed-card",
                format!("use a claimed card or end the round ({})", b.round),
            ),
            Phase::FinalVoting if b.vote.is_some() => {
                ("vote-roll", "roll (or re-roll) for the state voting".into())
            }
            Phase::FinalVoting => ("vote-state", "choose the next state to vote".into()),
            Phase::Cleanup if b.exchanges.as_ref().is_some_and(|x| x.offer.is_some()) => (
                "exchange-answer",
                "accept or decline the partner's exchange".into(),
            ),
            Phase::Cleanup => (
                "exchange-propose",
                "propose an exchange of cards with the partner, or none".into(),
            ),
            Phase::Finished => ("none", "nothing".into()),
        },
    };
    let (cubes_done, cubes_total) = top.map(vfw_cube_step).unwrap_or((0, 0));
    pb::VotesForWomenPending {
        side: vfw_side(side),
        kind: kind.into(),
        text: format!("{name}: {text}"),
        player: name.into(),
        cubes_total,
        cubes_done,
    }
}

/// A cube-by-cube task's place, (cubes done, cubes in all), or (0, 0) when the task is not
/// one or its total is not fixed in advance. A Campaigner's cubes are the first entry of
/// the campaign's queue (it leaves the queue when done); a card's placements and removals
/// count the cubes so far per state (`placed`) beside those `left`.
fn vfw_cube_step(task: &vfw::Task) -> (u32, u32) {
    use vfw::Task;
    let (done, left) = match task {
        Task::Campaign { queue, left, .. } => {
            let all = queue.first().map_or(0, |&(_, n)| n);
            (all.saturating_sub(*left), *left)
        }
        Task::Place { left, placed, .. } | Task::Remove { left, placed, .. } => {
            (placed.iter().map(|&(_, n)| n).sum(), *left)
        }
        _ => return (0, 0),
    };
    let total = u32::from(done) + u32::from(left);
    if left == 0 || total < 2 {
        return (0, 0);
    }
    (u32::from(done), total)
}

/// The name of `side`'s player `slot`, "Oppobot" for the automated Opposition.
fn vfw_player_name(b: &vfw::Board, side: vfwdata::Side, slot: u8) -> String {
    if side == vfwdata::Side::Opposition && b.oppobot.is_some() {
        "Oppobot".into()
    } else {
        b.player_name(side, slot).into()
    }
}

/// Every player: the seats in order, then the Oppobot when it plays.
fn vfw_players(v: &vfw::View, to_act: &[engine::Seat], full: bool) -> Vec<pb::VotesForWomenPlayer> {
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
            [0, 2]
                .into_iter()
                .map(|k| s.other().index() + k)
                .find_map(|p| v.hands.get(p).and_then(|h| h.as_deref()))
        })
        .map(vfw_cards)
        .unwrap_or_default();
    // Sums over a side's players (index `i` and `i + 2`).
    let side_hand = |i: usize| {
        v.hand_count
            .iter()
            .enumerate()
            .filter(|&(p, _)| p % 2 == i)
            .map(|(_, &n)| n as u32)
            .sum::<u32>()
    };
    let side_claimed = |i: usize| -> Vec<vfwdata::CardId> {
        b.claimed
            .iter()
            .enumerate()
            .filter(|&(p, _)| p % 2 == i)
            .flat_map(|(_, c)| c.iter().copied())
            .collect()
    };
    let state_card_of = |s: vfwdata::St| -> String {
        let holds =
            |ids: &[vfwdata::CardId]| ids.iter().any(|&c| vfwdata::card(c).state == Some(s));
        if holds(&side_claimed(0)) {
            "suffragist".into()
        } else if holds(&side_claimed(1)) {
            "opposition".into()
        } else if holds(&b.available_states) {
            "available".into()
        } else {
            String::new()
        }
    };
    let seat_of = |side: Side| b.seats.iter().position(|&s| s == side).unwrap_or(0) as u32;
    pb::VotesForWomenView {
        variant: b.variant.clone(),
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
                    hand_count: side_hand(i),
                    drawn_count: v.drawn_count[i] as u32,
                    deck_count: v.deck_count[i] as u32,
                    deck_top_count: v.deck_top_count[i] as u32,
                    deck_bottom_count: v.deck_bottom_count[i] as u32,
                    deck_by_era: b.era_ordered[i],
                    claimed: vfw_cards(&side_claimed(i)),
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
        pending: Some(vfw_pending(v, to_act)),
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

/// A card type of The Vote as its slug on the wire.
fn card_type_slug(t: tv::data::CardType) -> &'static str {
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

/// A card of The Vote on the wire, from its number in the data table, with its text when
/// `full`.
fn the_vote_card(number: u8, full: bool) -> pb::TheVoteCard {
    use tv::data::{CardKind, Special};
    let Some(c) = tv::data::TABLE.cards.get((number as usize).wrapping_sub(1)) else {
        return pb::TheVoteCard {
            number: number as u32,
            ..Default::default()
        };
    };
    let (region, law, suppress) = match c.kind {
        // Only Supremacy flips cards to suppress: Equality's Region cards never do.
        CardKind::Region { region, suppress } => (
            tv::data::TABLE
                .regions
                .get(region as usize)
                .map(|r| r.id.to_string())
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

/// The text of a card of The Vote, rendered once per card.
fn the_vote_description(number: u8) -> String {
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

fn the_vote_cards(cards: &[u8], full: bool) -> Vec<pb::TheVoteCard> {
    cards.iter().map(|&c| the_vote_card(c, full)).collect()
}

fn the_vote_boxes(boxes: u8, markers: &[u8; 4]) -> pb::TheVoteBoxes {
    pb::TheVoteBoxes {
        boxes: boxes as u32,
        equality: markers[tv::EQ] as u32,
        blue_apathy: markers[tv::BLUE] as u32,
        red_apathy: markers[tv::RED] as u32,
        supremacy: markers[tv::SUP] as u32,
    }
}

/// Where an Amendment stands, from the public places a card can be.
fn amendment_status(v: &tv::View, card: u8) -> &'static str {
    if v.amendments_passed.contains(&card) {
        "passed"
    } else if v.aside.contains(&card) {
        "aside"
    } else if v.action.as_ref().is_some_and(|a| a.card == card) {
        "in-play"
    } else if v.display.contains(&card) {
        "display"
    } else if v
        .players
        .iter()
        .any(|p| p.reserve.iter().any(|r| r.card == card))
    {
        "reserve"
    } else if v.discard.contains(&card) {
        "discard"
    } else if v.removed.contains(&card) {
        "removed"
    } else {
        "unknown"
    }
}

/// The decision a view waits for: its slug, who decides, the words and the Region and count
/// it concerns.
fn the_vote_pending(v: &tv::View) -> pb::TheVotePending {
    use tv::Step;
    let faction = |s: usize| tv::data::Faction::from_seat(s).name();
    let region_of = |target: usize| -> (String, String) {
        v.action
            .as_ref()
            .and_then(|a| a.targets.get(target))
            .and_then(|t| tv::data::TABLE.regions.get(t.region as usize))
            .map(|r| (r.id.to_string(), r.name.to_string()))
            .unwrap_or_default()
    };
    let actor = v.action.as_ref().map(|a| a.seat).unwrap_or(v.active);
    let (step, seat, text, region, left): (&str, Option<usize>, String, String, u8) = match &v.step
    {
        Step::ChooseFirst { chooser } => (
            "choose-first",
            Some(*chooser),
            format!("{} chooses the First Player", faction(*chooser)),
            String::new(),
            0,
        ),
        Step::Action => (
            "action",
            Some(v.active),
            format!("{} takes an action or passes", faction(v.active)),
            String::new(),
            0,
        ),
        Step::Region => (
            "region",
            Some(v.active),
            format!("{} chooses the Region of the action", faction(v.active)),
            String::new(),
            0,
        ),
        Step::LawType => (
            "law-type",
            Some(v.active),
            format!("{} chooses which Law is put to the vote", faction(v.active)),
            String::new(),
            0,
        ),
        Step::LawRegion => (
            "law-region",
            Some(v.active),
            format!("{} chooses where the Law is voted", faction(v.active)),
            String::new(),
            0,
        ),
        Step::Bonus => (
            "bonus",
            Some(actor),
            format!("{} may announce Bonus Actions", faction(actor)),
            String::new(),
            0,
        ),
        Step::Block => (
            "block",
            Some(1 - actor),
            format!("{} may Block the action", faction(1 - actor)),
            String::new(),
            0,
        ),
        Step::Counter => (
            "counter",
            Some(actor),
            format!("{} may Counter the Block", faction(actor)),
            String::new(),
            0,
        ),
        Step::Flip { target, left } => {
            let (id, name) = region_of(*target);
            (
                "flip",
                Some(actor),
                format!(
                    "{} changes up to {left} more markers in {name}",
                    faction(actor)
                ),
                id,
                *left,
            )
        }
        Step::Keep => (
            "keep",
            Some(actor),
            format!(
                "{} keeps the card in the Reserve or Discards it",
                faction(actor)
            ),
            String::new(),
            0,
        ),
        Step::VoteOrder { chooser } => (
            "vote-order",
            Some(*chooser),
            format!(
                "{} chooses which Region's vote is resolved next",
                faction(*chooser)
            ),
            String::new(),
            0,
        ),
        Step::SuppressCard { target, left } => {
            let (id, name) = region_of(*target);
            (
                "suppress",
                Some(tv::SUPREMACY),
                format!("Supremacy suppresses {left} more votes in {name}"),
                id,
                *left,
            )
        }
        Step::RemovePublicOpinion => (
            "remove-public-opinion",
            Some(actor),
            format!(
                "{} Removes a face-up Public Opinion card to pay",
                faction(actor)
            ),
            String::new(),
            0,
        ),
        Step::CourtTarget => (
            "court-target",
            Some(tv::SUPREMACY),
            "Supremacy chooses the Law the Supreme Courts strike".to_string(),
            String::new(),
            0,
        ),
        Step::SentinelRemove => (
            "sentinel-remove",
            Some(tv::EQUALITY),
            "Equality may Remove cards from its Reserve".to_string(),
            String::new(),
            0,
        ),
        Step::DiscardWhat => (
            "discard-what",
            Some(v.active),
            format!("{} chooses what to Discard or Remove", faction(v.active)),
            String::new(),
            0,
        ),
        Step::DiscardMore => (
            "discard-more",
            Some(actor),
            format!("{} may Discard more cards of the same type", faction(actor)),
            String::new(),
            0,
        ),
        Step::Refresh { seat, left } => (
            "refresh",
            Some(*seat),
            format!("{} flips {left} more Reserve cards face-up", faction(*seat)),
            String::new(),
            *left,
        ),
        Step::Finished => (
            "finished",
            None,
            "The game is over".to_string(),
            String::new(),
            0,
        ),
    };
    let (seat, text) = if v.outcome.is_some() {
        (None, "The game is over".to_string())
    } else {
        (seat, text)
    };
    pb::TheVotePending {
        step: step.into(),
        seat: seat.map(|s| s as u32),
        text,
        region,
        left: left as u32,
    }
}

/// The Vote's typed view, with the card texts when `full`.
pub fn the_vote_view(v: &tv::View, full: bool) -> pb::TheVoteView {
    use tv::data::{Law, TABLE};
    let the_vote_card = |number: u8| the_vote_card(number, full);
    let the_vote_cards = |cards: &[u8]| the_vote_cards(cards, full);
    let finished = v.outcome.is_some();
    pb::TheVoteView {
        turn: v.turn,
        turn_cap: TABLE.turn_cap,
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
            .zip(TABLE.regions)
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
            total: TABLE.total_points(),
        }),
        display: the_vote_cards(&v.display),
        discard: the_vote_cards(&v.discard),
        hidden_discards: v.hidden_discards as u32,
        deck_count: v.deck_count as u32,
        removed: the_vote_cards(&v.removed),
        aside: the_vote_cards(&v.aside),
        amendments: TABLE
            .cards
            .iter()
            .filter_map(|c| match c.kind {
                tv::data::CardKind::Special(tv::data::Special::Amendment(l)) => {
                    Some(pb::TheVoteAmendment {
                        card: Some(the_vote_card(c.number)),
                        law: l.slug().into(),
                        status: amendment_status(v, c.number).into(),
                    })
                }
                _ => None,
            })
            .collect(),
        reshuffles: v.reshuffles,
        action: v.action.as_ref().map(|a| pb::TheVoteAction {
            kind: match a.kind {
                tv::ActionKind::Radicalize => "radicalize",
                tv::ActionKind::Persuade => "persuade",
                tv::ActionKind::Law => "law",
                tv::ActionKind::Suppression => "suppression",
                tv::ActionKind::Amendment => "amendment",
                tv::ActionKind::SupremeCourts => "supreme-courts",
                tv::ActionKind::SilentSentinels => "silent-sentinels",
                tv::ActionKind::Discard => "discard",
            }
            .into(),
            seat: a.seat as u32,
            card: Some(the_vote_card(a.card)),
            strength: a.strength as u32,
            law: a.law.map(|l| l.slug().to_string()).unwrap_or_default(),
            targets: a
                .targets
                .iter()
                .map(|t| pb::TheVoteTarget {
                    region: TABLE
                        .regions
                        .get(t.region as usize)
                        .map(|r| r.id.to_string())
                        .unwrap_or_default(),
                    bonus: t.bonus.map(the_vote_card),
                    block: t.block.map(the_vote_card),
                    counter: t.counter.map(the_vote_card),
                    suppressed: t.suppressed as u32,
                    suppress_cards: the_vote_cards(&t.suppress_cards),
                    resolved: t.resolved,
                    passed: t.passed,
                    changed: t.changed as u32,
                })
                .collect(),
            discard_type: a
                .discard_type
                .map(|t| card_type_slug(t).to_string())
                .unwrap_or_default(),
        }),
        pending: Some(the_vote_pending(v)),
        limits: Some(pb::TheVoteLimits {
            markers_each: TABLE.markers_each as u32,
            org_max: TABLE.org_max as u32,
            pw_max: TABLE.pw_max as u32,
            vp_max: TABLE.vp_max as u32,
            amendment_points: TABLE.amendment_points,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hustings_engine::Game;

    #[test]
    fn votes_for_women_team_view_names_each_player_and_hides_partners_hands() {
        use hustings_engine::votes_for_women::{VotesForWomen, data::slug};
        let game = VotesForWomen::new(&engine::Setup::new("team-4", 4, 11)).expect("set-up");
        let to_act = game.to_act();
        assert_eq!(to_act, vec![0], "Purple plays round 1 of turn 1");
        let names = ["Purple", "Yellow", "First Opposition", "Second Opposition"];
        for seat in 0..4usize {
            let p = votes_for_women_view(&game.view(engine::Viewer::Seat(seat)), &to_act, true);
            assert_eq!(p.viewer_player, names[seat]);
            assert_eq!(p.active_player, "Purple");
            assert_eq!(p.pending.as_ref().expect("pending").player, "Purple");
            let (side, slot) = game.board().seat_player(seat).expect("seat");
            let mut own: Vec<&str> = game
                .player_hand(side, slot)
                .iter()
                .map(|&c| slug(c))
                .collect();
            own.sort_unstable();
            let mut shown: Vec<&str> = p.hand.iter().map(|c| c.id.as_str()).collect();
            shown.sort_unstable();
            assert_eq!(shown, own, "seat {seat} sees its own 4 cards");
            assert_eq!(own.len(), 4);
            assert!(
                p.opponent_hand.is_empty(),
                "no other hand, not the partner's"
            );
            assert_eq!(p.players.len(), 4);
            for (i, pl) in p.players.iter().enumerate() {
                assert_eq!(pl.seat, Some(i as u32));
                assert_eq!(pl.name, names[i]);
                assert_eq!(pl.hand_count, 4);
                assert_eq!(pl.to_act, i == 0);
            }
            assert_eq!(p.players[0].colour, "purple");
            assert_eq!(p.players[1].colour, "yellow");
            assert_eq!(p.players[3].colour, "red");
            // The side's count is both partners' cards.
            assert_eq!(p.sides[0].hand_count, 8);
        }
        let coop = VotesForWomen::new(&engine::Setup::new("coop", 2, 3)).expect("set-up");
        let p = votes_for_women_view(&coop.view(engine::Viewer::Seat(1)), &coop.to_act(), true);
        assert_eq!(p.players.len(), 3, "Purple, Yellow and the Oppobot");
        assert_eq!(p.players[2].name, "Oppobot");
        assert_eq!(p.players[2].seat, None);
    }

    #[test]
    fn votes_for_women_view_shows_each_seat_its_own_hand_only() {
        use hustings_engine::votes_for_women::{VotesForWomen, data::slug};
        let game = VotesForWomen::new(&engine::Setup::new("standard", 2, 7)).expect("set-up");
        let to_act = game.to_act();
        assert_eq!(to_act.len(), 1, "one seat decides at a time");
        for seat in 0..2usize {
            let p = votes_for_women_view(&game.view(engine::Viewer::Seat(seat)), &to_act, true);
            let mut own: Vec<&str> = game.hidden().hands[seat].iter().map(|&c| slug(c)).collect();
            own.sort_unstable();
            let mut shown: Vec<&str> = p.hand.iter().map(|c| c.id.as_str()).collect();
            shown.sort_unstable();
            assert!(!own.is_empty());
            assert_eq!(shown, own, "seat {seat} sees its own hand");
            assert!(p.opponent_hand.is_empty(), "seat {seat} sees no other hand");
            assert_eq!(p.viewer_side, p.seat_sides[seat]);
            let other = &p.sides[1 - seat];
            assert_eq!(
                other.hand_count as usize,
                game.hidden().hands[1 - seat].len()
            );
            let pending = p.pending.as_ref().expect("pending");
            assert_eq!(pending.side, p.seat_sides[to_act[0]]);
            assert!(pending.text.starts_with(if to_act[0] == 0 {
                "Suffragist:"
            } else {
                "Opposition:"
            }));
        }
        let p = votes_for_women_view(&game.view(engine::Viewer::Spectator), &to_act, true);
        assert!(p.hand.is_empty() && p.viewer_side.is_empty());
        assert_eq!(p.states.len(), 48);
        assert_eq!(p.regions.len(), 6);
        assert!(p.regions.iter().all(|r| r.states.len() == 8));
        // Every State card on display marks its state, and only those states are marked.
        let displayed: Vec<String> = p.available_states.iter().map(|c| c.state.clone()).collect();
        assert!(!displayed.is_empty());
        for s in &p.states {
            assert_eq!(
                s.state_card == "available",
                displayed.contains(&s.code),
                "{}",
                s.code
            );
        }
        // Cubes on the wire are the engine's.
        let b = game.board();
        for (w, e) in p.states.iter().zip(&b.states) {
            assert_eq!(
                (w.purple, w.yellow, w.red),
                (e.purple as u32, e.yellow as u32, e.red as u32)
            );
        }
        assert_eq!(p.campaigners.len(), b.campaigners.len());
    }

    #[test]
    fn the_vote_view_carries_the_boards_markers_tracks_and_hidden_counts() {
        let game = tv::TheVote::new(&engine::Setup::new("standard", 2, 5)).expect("set-up");
        let v = game.view(engine::Viewer::Spectator);
        let p = the_vote_view(&v, true);
        assert_eq!(p.regions.len(), 6);
        for (r, e) in p.regions.iter().zip(&v.regions) {
            let men = r.men.as_ref().expect("men boxes");
            assert_eq!(
                men.equality + men.blue_apathy + men.red_apathy + men.supremacy,
                e.men.iter().map(|&n| n as u32).sum::<u32>()
            );
            assert!(!r.women_open && r.laws.iter().all(|l| !l.passed));
            assert_eq!(r.laws.len(), 3);
        }
        // 34 Men boxes are in play at set-up, one marker in each.
        let on_map: u32 = p.players.iter().map(|p| p.markers_on_map).sum();
        assert_eq!(on_map, 34);
        assert_eq!(p.players[0].faction, "Equality");
        assert_eq!(p.players[1].org, 2);
        assert_eq!(p.hidden_discards, 9);
        assert_eq!(p.deck_count as usize, v.deck_count as usize);
        assert_eq!(p.discard.len(), 1);
        assert_eq!(p.discard[0].id, "supreme-courts");
        assert_eq!(p.amendments.len(), 2);
        assert!(p.amendments.iter().all(|a| a.status == "aside"));
        let congress = p.congress.as_ref().expect("congress");
        assert_eq!(congress.controller, 1);
        assert_eq!(congress.points, vec![0, congress.total]);
        let pending = p.pending.as_ref().expect("pending");
        assert_eq!(pending.seat, game.to_act().first().map(|&s| s as u32));
        assert!(!pending.text.is_empty());
        // Suppression values: Supremacy's Region cards as printed, its Suppression cards 1,
        // Equality's cards none.
        let by_id = |id: &str| the_vote_card(tv::data::TABLE.card_by_id(id).expect("card"), true);
        assert_eq!(by_id("deep-south").suppress, 2);
        assert_eq!(by_id("deep-south").region, "deep-south");
        assert_eq!(by_id("poll-tax").suppress, 1);
        assert_eq!(by_id("new-england").suppress, 0);
        assert_eq!(by_id("new-england").faction, "equality");
        assert_eq!(by_id("nineteenth-amendment").law, "woman-suffrage");
        assert_eq!(by_id("nineteenth-amendment").cost, None);
        assert_eq!(by_id("initiative-and-referendum").law, "");
        assert!(by_id("redeemers").last_action);
        // Every card in the Display says who owns it and what it costs.
        assert!(!p.display.is_empty());
        for c in &p.display {
            assert!(c.faction == "equality" || c.faction == "supremacy");
            assert!(!c.description.is_empty() && c.cost.is_some());
        }
    }

    /// In random games, the pending step of the typed view always names the seat the engine
    /// asks, and the markers by side always add up to what the rows and pools hold.
    #[test]
    fn the_vote_pending_step_names_the_seat_that_is_prompted() {
        use rand::{Rng, SeedableRng};
        let mut steps = std::collections::BTreeSet::new();
        for seed in 0..40u64 {
            let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
            let mut game =
                tv::TheVote::new(&engine::Setup::new("standard", 2, seed)).expect("set-up");
            for _ in 0..5000 {
                let p = the_vote_view(&game.view(engine::Viewer::Spectator), true);
                let pending = p.pending.clone().expect("pending");
                steps.insert(pending.step.clone());
                let to_act = game.to_act();
                assert_eq!(
                    pending.seat,
                    to_act.first().map(|&s| s as u32),
                    "seed {seed}: {pending:?}"
                );
                for player in &p.players {
                    assert_eq!(player.markers_on_map + player.markers_in_pool, 39);
                }
                let Some(&seat) = to_act.first() else {
                    assert_eq!(pending.step, "finished");
                    assert_eq!(p.phase, "finished");
                    break;
                };
                let prompt = game.prompt(seat).expect("a prompt for the seat to act");
                if pending.step == "flip" || pending.step == "suppress" {
                    // The Region named is the one the prompt's choices work in.
                    assert!(!pending.region.is_empty() && pending.left > 0);
                    for c in prompt.choices.iter().filter_map(|c| c.location.as_ref()) {
                        assert_eq!(c, &pending.region, "seed {seed}: {pending:?}");
                    }
                }
                let choice = &prompt.choices[rng.random_range(0..prompt.choices.len())];
                game.apply(seat, &choice.id).expect("a legal choice");
            }
        }
        // Every step the contract documents comes up in random play.
        for step in [
            "choose-first",
            "action",
            "region",
            "law-type",
            "law-region",
            "bonus",
            "block",
            "counter",
            "flip",
            "keep",
            "vote-order",
            "suppress",
            "remove-public-opinion",
            "court-target",
            "sentinel-remove",
            "discard-what",
            "discard-more",
            "refresh",
            "finished",
        ] {
            assert!(
                steps.contains(step),
                "no {step} step in 40 games: {steps:?}"
            );
        }
    }

    /// Views without the fixed data leave out the board and every card's text, and the
    /// game's reference holds exactly what they leave out, for every card they show.
    #[test]
    fn views_without_fixed_data_leave_out_what_the_reference_holds() {
        use rand::{Rng, SeedableRng};
        let fixed = ViewParts {
            json: false,
            fixed: true,
        };
        let lean = ViewParts {
            json: false,
            fixed: false,
        };
        for game_id in ["presidency", "votes-for-women", "the-vote"] {
            let reference = reference(game_id).expect("a reference for every game");
            let texts: HashMap<String, String> = match reference.game.expect("game") {
                pb::match_reference::Game::Presidency(p) => {
                    assert_eq!(p.board, presidency_board());
                    p.cards.into_iter().map(|c| (c.id, c.description)).collect()
                }
                pb::match_reference::Game::VotesForWomen(v) => {
                    v.cards.into_iter().map(|c| (c.id, c.description)).collect()
                }
                pb::match_reference::Game::TheVote(v) => {
                    v.cards.into_iter().map(|c| (c.id, c.description)).collect()
                }
            };
            assert!(texts.values().filter(|t| !t.is_empty()).count() > 20);
            let mut rng = rand::rngs::StdRng::seed_from_u64(3);
            let mut game =
                engine::new_game(game_id, &engine::Setup::new("standard", 2, 3)).expect("set-up");
            let mut cards_seen = 0;
            for _ in 0..300 {
                for viewer in [engine::Viewer::Seat(0), engine::Viewer::Spectator] {
                    let full = game_view(&*game, viewer, fixed);
                    let stripped = game_view(&*game, viewer, lean);
                    assert!(full.json.is_empty() && stripped.json.is_empty());
                    // Every (id, text) pair, in order, of each view.
                    let pairs = |v: &pb::GameView| -> Vec<(String, String)> {
                        match v.game.clone().expect("typed view") {
                            pb::game_view::Game::Presidency(p) => {
                                assert_eq!(p.board.is_empty(), v == &stripped);
                                p.players
                                    .iter()
                                    .flat_map(|p| p.candidates.iter())
                                    .chain(p.campaign_discard.iter())
                                    .chain(p.election_drawn.iter().filter_map(|d| d.card.as_ref()))
                                    .map(|c| (c.id.clone(), c.description.clone()))
                                    .collect()
                            }
                            pb::game_view::Game::VotesForWomen(v) => v
                                .hand
                                .iter()
                                .chain(v.available_states.iter())
                                .chain(v.strategy_display.iter())
                                .map(|c| (c.id.clone(), c.description.clone()))
                                .collect(),
                            pb::game_view::Game::TheVote(v) => v
                                .display
                                .iter()
                                .chain(v.discard.iter())
                                .map(|c| (c.id.clone(), c.description.clone()))
                                .collect(),
                        }
                    };
                    let (full_pairs, lean_pairs) = (pairs(&full), pairs(&stripped));
                    assert_eq!(full_pairs.len(), lean_pairs.len());
                    for ((id, text), (lean_id, lean_text)) in full_pairs.iter().zip(&lean_pairs) {
                        assert_eq!(id, lean_id);
                        assert!(lean_text.is_empty(), "{game_id}: text of {id} sent");
                        assert_eq!(Some(text), texts.get(id), "{game_id}: {id}");
                        cards_seen += 1;
                    }
                }
                let Some(&seat) = game.to_act().first() else {
                    break;
                };
                let prompt = game.prompt(seat).expect("prompt");
                let choice = &prompt.choices[rng.random_range(0..prompt.choices.len())];
                game.apply(seat, &choice.id).expect("legal");
            }
            assert!(cards_seen > 0, "{game_id}: no card shown in 300 choices");
        }
        assert!(reference("no-such-game").is_none());
    }

    /// The JSON view, written straight from the engine's view, is the engine's `view_json`.
    #[test]
    fn the_json_view_is_the_engines_view_json() {
        let parts = ViewParts {
            json: true,
            fixed: false,
        };
        for game_id in ["presidency", "votes-for-women", "the-vote"] {
            let game =
                engine::new_game(game_id, &engine::Setup::new("standard", 2, 4)).expect("set-up");
            for viewer in [engine::Viewer::Seat(1), engine::Viewer::Spectator] {
                let wire = game_view(&*game, viewer, parts);
                let parsed: serde_json::Value =
                    serde_json::from_str(&wire.json).expect("JSON text");
                assert_eq!(parsed, game.view_json(viewer), "{game_id} {viewer:?}");
            }
        }
    }

    #[test]
    fn cached_presidency_cards_and_board_match_a_fresh_rendering() {
        for deck in [Deck::Campaign, Deck::Candidate, Deck::Election] {
            for c in deck.cards() {
                let card = presidency_card(c.id, true);
                assert_eq!(card, render_presidency_card(c.id), "{}", c.id);
                assert!(
                    !card.description.is_empty() || c.effects.is_empty(),
                    "{}",
                    c.id
                );
            }
        }
        assert_eq!(presidency_card("no-such-card", true).name, "no-such-card");
        assert_eq!(presidency_board(), render_presidency_board());
        assert_eq!(presidency_board().len(), pdata::SPACES.len());
    }

    /// Which step a Votes for Women game is at: the plays in progress, the top one's source
    /// and next op, and the Campaigners still to campaign.
    type StepKey = (usize, Option<vfw::Source>, Option<u8>, usize);

    fn step_key(b: &vfw::Board) -> StepKey {
        let top = b.stack.last();
        let campaigners = match top.and_then(|f| f.task.as_ref()) {
            Some(vfw::Task::Campaign { queue, .. }) => queue.len(),
            _ => 0,
        };
        (
            b.stack.len(),
            top.map(|f| f.source),
            top.map(|f| f.pc),
            campaigners,
        )
    }

    /// In random games of every Votes for Women table, a cube-by-cube step says where it is:
    /// its cubes left (`cubes_total - cubes_done`) are the "(N left)" of its text, and each
    /// cube placed or removed takes the next decision of the same step one cube on.
    #[test]
    fn votes_for_women_pending_counts_the_cubes_of_a_step() {
        use hustings_engine::votes_for_women::VotesForWomen;
        use rand::{Rng, SeedableRng};
        let mut followed = std::collections::BTreeMap::<String, usize>::new();
        for (variant, seats) in [
            ("solitaire", 1),
            ("coop", 2),
            ("standard", 2),
            ("team-4", 4),
        ] {
            for seed in 0..6u64 {
                let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
                let mut game =
                    VotesForWomen::new(&engine::Setup::new(variant, seats, seed)).expect("set-up");
                let mut before: Option<(pb::VotesForWomenPending, String, StepKey)> = None;
                for _ in 0..4000 {
                    let to_act = game.to_act();
                    let Some(&seat) = to_act.first() else { break };
                    let key = step_key(game.board());
                    let p =
                        votes_for_women_view(&game.view(engine::Viewer::Spectator), &to_act, true);
                    let pending = p.pending.expect("pending");
                    if pending.cubes_total > 0 {
                        assert!(
                            ["campaign", "place", "remove"].contains(&pending.kind.as_str()),
                            "{variant} {seed}: {pending:?}"
                        );
                        assert!(pending.cubes_done < pending.cubes_total, "{pending:?}");
                        let left = pending.cubes_total - pending.cubes_done;
                        assert!(
                            pending.text.contains(&format!("({left} left)")),
                            "{variant} {seed}: {pending:?}"
                        );
                        // The same step (the same play, at the same op, the same
                        // Campaigner), one cube on.
                        if let Some((b, chosen, k)) = &before
                            && *k == key
                            && b.kind == pending.kind
                            && (chosen.starts_with("purple:")
                                || chosen.starts_with("yellow:")
                                || chosen.starts_with("state:"))
                        {
                            assert_eq!(pending.cubes_total, b.cubes_total, "{variant} {seed}");
                            assert_eq!(pending.cubes_done, b.cubes_done + 1, "{variant} {seed}");
                            *followed.entry(pending.kind.clone()).or_default() += 1;
                        }
                    } else {
                        assert_eq!(pending.cubes_done, 0);
                    }
                    let prompt = game.prompt(seat).expect("a prompt for the seat to act");
                    let choice = &prompt.choices[rng.random_range(0..prompt.choices.len())];
                    before = Some((pending, choice.id.clone(), key));
                    game.apply(seat, &choice.id).expect("a legal choice");
                }
            }
        }
        for kind in ["campaign", "place", "remove"] {
            assert!(
                followed.get(kind).is_some_and(|&n| n > 0),
                "a {kind} step was followed cube by cube: {followed:?}"
            );
        }
    }
}
