//! The proof that the views' `pending` (and The Vote's Amendment statuses) stay byte for
//! byte what the service sent when it re-derived them from the interpreter's frames: the
//! old conversion, kept here only until the recorded digests replace it.

use super::*;

/// What a Votes for Women game waits for, in words, from public facts only: the board's
/// play stack and phase, and who must act (`to_act`, as every viewer is told).
pub(super) fn old_vfw_pending(v: &vfw::View, to_act: &[engine::Seat]) -> pb::VotesForWomenPending {
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
    let (cubes_done, cubes_total) = top.map(old_vfw_cube_step).unwrap_or((0, 0));
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
fn old_vfw_cube_step(task: &vfw::Task) -> (u32, u32) {
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

/// Where an Amendment stands, from the public places a card can be.
pub(super) fn old_amendment_status(v: &tv::View, card: u8) -> &'static str {
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
pub(super) fn old_the_vote_pending(v: &tv::View) -> pb::TheVotePending {
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

/// 64-bit FNV-1a: a digest that is the same on every machine and every Rust release.
fn fnv(hash: &mut u64, bytes: &[u8]) {
    for &b in bytes {
        *hash ^= u64::from(b);
        *hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
}

/// Every view's `pending` (and The Vote's Amendment statuses) at every version of seeded
/// random games of each variant of both games, for every viewer: the same message as the
/// old conversion, and the same for every viewer. Returns a digest per variant.
fn play_and_compare(
    game_id: &str,
    seeds: u64,
    kinds: &mut std::collections::BTreeSet<String>,
) -> Vec<(String, u64, usize)> {
    use prost::Message;
    use rand::{Rng, SeedableRng};
    let info = engine::game_info(game_id).expect("a game of the catalogue");
    let mut digests = Vec::new();
    for variant in &info.variants {
        let mut hash = 0xcbf2_9ce4_8422_2325_u64;
        let mut versions = 0;
        for seed in 0..seeds {
            let setup = engine::Setup::new(&variant.id, variant.default_seats, seed);
            let mut game = engine::new_game(game_id, &setup).expect("set-up");
            let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
            let viewers: Vec<engine::Viewer> = std::iter::once(engine::Viewer::Spectator)
                .chain((0..game.num_seats()).map(engine::Viewer::Seat))
                .collect();
            let mut codes = Vec::new();
            loop {
                let to_act = game.to_act();
                let mut seen: Option<Vec<u8>> = None;
                for &viewer in &viewers {
                    let bytes = match game.view(viewer) {
                        engine::AnyView::VotesForWomen(v) => {
                            let new = vfw_pending(&v);
                            kinds.insert(new.kind.clone());
                            assert_eq!(
                                new,
                                old_vfw_pending(&v, &to_act),
                                "{game_id} {} seed {seed} version {versions} {viewer:?}",
                                variant.id
                            );
                            new.encode_to_vec()
                        }
                        engine::AnyView::TheVote(v) => {
                            let new = the_vote_pending(&v);
                            kinds.insert(new.step.clone());
                            assert_eq!(
                                new,
                                old_the_vote_pending(&v),
                                "{game_id} {} seed {seed} version {versions}",
                                variant.id
                            );
                            let mut bytes = new.encode_to_vec();
                            for c in tv::data::TABLE.cards {
                                if matches!(
                                    c.kind,
                                    tv::data::CardKind::Special(tv::data::Special::Amendment(_))
                                ) {
                                    let status = v.amendment_status(c.number).slug();
                                    assert_eq!(status, old_amendment_status(&v, c.number));
                                    bytes.extend_from_slice(status.as_bytes());
                                }
                            }
                            bytes
                        }
                        engine::AnyView::Presidency(_) => unreachable!("not compared"),
                    };
                    match &seen {
                        Some(first) => assert_eq!(first, &bytes, "the same for every viewer"),
                        None => seen = Some(bytes),
                    }
                }
                fnv(&mut hash, &seen.unwrap_or_default());
                versions += 1;
                let Some(&seat) = to_act.first() else { break };
                codes.clear();
                game.legal_codes(seat, &mut codes);
                let code = codes[rng.random_range(0..codes.len())];
                game.apply_code(seat, code).expect("a legal action");
            }
        }
        digests.push((variant.id.clone(), hash, versions));
    }
    digests
}

#[test]
fn votes_for_women_pending_is_what_the_old_conversion_sent() {
    let mut kinds = Default::default();
    let d = play_and_compare(vfw::GAME_ID, 16, &mut kinds);
    eprintln!("{d:?} {kinds:?}");
    assert!(d.iter().all(|&(_, _, n)| n > 2000), "{d:?}");
    // Every kind of decision but 'counter' (Counter-Strategy), which random play seldom reaches.
    assert!(kinds.len() >= 22, "{kinds:?}");
}

#[test]
fn the_vote_pending_and_amendments_are_what_the_old_conversion_sent() {
    let mut kinds = Default::default();
    let d = play_and_compare(tv::GAME_ID, 16, &mut kinds);
    eprintln!("{d:?} {kinds:?}");
    assert!(d.iter().all(|&(_, _, n)| n > 2000), "{d:?}");
    assert_eq!(kinds.len(), 19, "every step: {kinds:?}");
}
