//! Conversions from the engine's types to the wire contract's messages.

use hustings_engine as engine;
use hustings_engine::presidency::{self, data as pdata};
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
            })
            .collect(),
        options: info.options.iter().map(option_spec).collect(),
        timeout_policy: match info.timeout_policy {
            engine::TimeoutPolicy::Forfeit => pb::TimeoutPolicy::Forfeit,
            engine::TimeoutPolicy::DefaultChoice => pb::TimeoutPolicy::DefaultChoice,
        } as i32,
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
    }
}

/// A game's view on the wire: the engine's JSON plus the typed message of its game.
pub fn game_view(game: &dyn engine::AnyGame, viewer: engine::Viewer) -> pb::GameView {
    let json = game.view_json(viewer).to_string();
    let typed = match game.view(viewer) {
        engine::AnyView::Presidency(v) => {
            Some(pb::game_view::Game::Presidency(presidency_view(&v)))
        }
        engine::AnyView::VotesForWomen(v) => Some(pb::game_view::Game::VotesForWomen(
            votes_for_women_view(&v, &game.to_act()),
        )),
        // Its typed message is not in the contract yet: clients use the JSON view.
        engine::AnyView::TheVote(_) => None,
    };
    pb::GameView { json, game: typed }
}

fn presidency_card(id: &str) -> pb::PresidencyCard {
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

/// The Presidential Race's typed view.
pub fn presidency_view(v: &presidency::View) -> pb::PresidencyView {
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
                candidates: p.candidates.iter().map(|c| presidency_card(c)).collect(),
                debate_bonus: p.debate_bonus,
            })
            .collect(),
        undecided: v.undecided,
        order: v.order.iter().map(|&s| s as u32).collect(),
        current: v.current().map(|s| s as u32),
        campaign_discard: v
            .campaign_discard
            .iter()
            .map(|c| presidency_card(c))
            .collect(),
        campaign_deck_count: v.campaign_deck_count,
        candidate_deck_count: v.candidate_deck_count,
        election_deck_count: v.election_deck_count,
        election_drawn: v
            .election_drawn
            .iter()
            .map(|(s, c)| pb::PresidencyElectionDraw {
                seat: *s as u32,
                card: Some(presidency_card(c)),
            })
            .collect(),
        board: pdata::SPACES
            .iter()
            .map(|s| pb::PresidencySpace {
                number: s.number as u32,
                name: s.name.to_string(),
                description: pdata::describe(s.effects, 0),
            })
            .collect(),
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

/// A Votes for Women card with its effect in words.
pub fn vfw_card(id: vfwdata::CardId) -> pb::VotesForWomenCard {
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
        description: vfwdata::describe(id).to_string(),
    }
}

fn vfw_cards(ids: &[vfwdata::CardId]) -> Vec<pb::VotesForWomenCard> {
    ids.iter().map(|&c| vfw_card(c)).collect()
}

/// What a Votes for Women game waits for, in words, from public facts only: the board's
/// play stack and phase, and who must act (`to_act`, as every viewer is told).
fn vfw_pending(v: &vfw::View, to_act: &[engine::Seat]) -> pb::VotesForWomenPending {
    use vfw::{DicePurpose, Phase, Task};
    let b = &v.board;
    let Some(side) = to_act.first().and_then(|&s| b.seats.get(s).copied()) else {
        return pb::VotesForWomenPending {
            side: String::new(),
            kind: "none".into(),
            text: "Nothing: the game is over".into(),
        };
    };
    let name = side.name();
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
            Phase::Finished => ("none", "nothing".into()),
        },
    };
    pb::VotesForWomenPending {
        side: vfw_side(side),
        kind: kind.into(),
        text: format!("{name}: {text}"),
    }
}

/// Votes for Women's typed view. `to_act` (public) names who decides now.
pub fn votes_for_women_view(v: &vfw::View, to_act: &[engine::Seat]) -> pb::VotesForWomenView {
    use vfw::{Mark, Phase, Source};
    use vfwdata::{REGIONS, STATES, Side};
    let b = &v.board;
    let own = |zone: &[Option<Vec<vfwdata::CardId>>; 2]| {
        v.viewer
            .and_then(|s| zone[s.index()].as_deref())
            .map(vfw_cards)
            .unwrap_or_default()
    };
    let opponent_hand = v
        .viewer
        .and_then(|s| v.hands[s.other().index()].as_deref())
        .map(vfw_cards)
        .unwrap_or_default();
    let state_card_of = |s: vfwdata::St| -> String {
        let holds =
            |ids: &[vfwdata::CardId]| ids.iter().any(|&c| vfwdata::card(c).state == Some(s));
        if holds(&b.claimed[0]) {
            "suffragist".into()
        } else if holds(&b.claimed[1]) {
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
                    hand_count: v.hand_count[i] as u32,
                    drawn_count: v.drawn_count[i] as u32,
                    deck_count: v.deck_count[i] as u32,
                    deck_top_count: v.deck_top_count[i] as u32,
                    deck_bottom_count: v.deck_bottom_count[i] as u32,
                    deck_by_era: b.era_ordered[i],
                    claimed: vfw_cards(&b.claimed[i]),
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
        hand: own(&v.hands),
        opponent_hand,
        drawn: own(&v.drawn),
        deck_top: own(&v.deck_top),
        deck_bottom: own(&v.deck_bottom),
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
                    Source::Card(c) => ("card", Some(vfw_card(c))),
                    Source::Campaign => ("campaign", None),
                    Source::Lobby => ("lobby", None),
                    Source::StrategyPick => ("strategy-pick", None),
                };
                pb::VotesForWomenPlay {
                    side: vfw_side(f.side),
                    kind: kind.into(),
                    card,
                    failed: f.failed,
                }
            })
            .collect(),
    }
}
