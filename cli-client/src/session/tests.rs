//! The session as a whole, fed updates by hand: what it prints and the prompt it leaves,
//! over catching up, spectating, the outcome and leaving. Helpers shared with the tests of
//! the other files of the session (the two-seat match's seats) are here too.

use std::time::Duration;

use hustings_proto::servers::Servers;
use hustings_proto::v1::{
    Choice, LastAction, LogEntry, MatchStatus, MatchUpdate, Origin, Prompt, SeatSummary,
};

use super::state::Tracker;
use super::told::{Told, capture};
use super::{End, MAX_BACKOFF, Session, backoff};
use crate::render::{self, Style};

fn session(token: Option<&str>) -> Session {
    Session {
        servers: Servers::one(crate::DEFAULT_SERVER),
        match_id: "m1".into(),
        token: token.map(str::to_string),
        seat: None,
        style: Style::PLAIN,
        layout: render::Layout::Compact,
        log_lines: 8,
        rematches: 0,
        ask_rematch: false,
        rematch: Default::default(),
    }
}

pub(super) fn seats() -> Vec<SeatSummary> {
    ["Democrat", "Republican"]
        .iter()
        .enumerate()
        .map(|(i, n)| SeatSummary {
            seat: i as u32,
            name: n.to_string(),
            taken: true,
            connected: true,
            ..Default::default()
        })
        .collect()
}

fn entry(seq: u64) -> LogEntry {
    LogEntry {
        seq,
        text: format!("event {seq}"),
        ..Default::default()
    }
}

/// An update of a two-seat match seen by seat 0, with log entries `from..to`.
fn update(version: u64, snapshot: bool, log: std::ops::Range<u64>, to_act: u32) -> MatchUpdate {
    MatchUpdate {
        match_id: "m1".into(),
        version,
        snapshot,
        viewer_seat: Some(0),
        status: MatchStatus::Active as i32,
        view: None,
        log: log.map(entry).collect(),
        to_act: vec![to_act],
        prompt: (to_act == 0).then(|| Prompt {
            seat: 0,
            text: "Roll?".into(),
            choices: vec![Choice {
                id: "dice:1d6".into(),
                label: "Roll 1D6".into(),
                ..Default::default()
            }],
        }),
        seats: seats(),
        last_action: (!snapshot).then(|| LastAction {
            seat: if to_act == 0 { 1 } else { 0 },
            choice_id: "x".into(),
            label: format!("move {version}"),
            ..Default::default()
        }),
        outcome: None,
        ..Default::default()
    }
}

#[test]
fn views_after_the_first_message_get_its_fixed_data_back() {
    use hustings_proto::v1::{
        GameView, MatchReference, PresidencyCard, PresidencyPlayer, PresidencyReference,
        PresidencySpace, PresidencyView, game_view, match_reference,
    };
    let card = |description: &str| PresidencyCard {
        id: "ally".into(),
        name: "Ally".into(),
        description: description.into(),
    };
    let space = PresidencySpace {
        number: 1,
        name: "Start".into(),
        description: "collect $1M".into(),
        ..Default::default()
    };
    let view = |board: Vec<PresidencySpace>, description: &str| GameView {
        json: String::new(),
        game: Some(game_view::Game::Presidency(PresidencyView {
            players: vec![PresidencyPlayer {
                position: 1,
                candidates: vec![card(description)],
                ..Default::default()
            }],
            board,
            ..Default::default()
        })),
    };
    let s = session(Some("tok"));
    let mut t = Tracker::default();
    let mut told = Told::default();
    let mut pending = None;
    let mut first = update(2, true, 0..3, 1);
    first.view = Some(view(vec![space.clone()], "an ally helps"));
    first.reference = Some(MatchReference {
        game: Some(match_reference::Game::Presidency(PresidencyReference {
            board: vec![space.clone()],
            cards: vec![card("an ally helps")],
        })),
        help: None,
    });
    capture(|| s.handle(&mut t, &mut told, first, &mut pending));
    let mut next = update(3, false, 3..4, 1);
    next.view = Some(view(Vec::new(), ""));
    capture(|| s.handle(&mut t, &mut told, next, &mut pending));
    let Some(game_view::Game::Presidency(p)) = t.view.as_ref().and_then(|v| v.game.as_ref()) else {
        panic!("a Presidential Race view")
    };
    assert_eq!(p.board, vec![space]);
    assert_eq!(p.players[0].candidates[0].description, "an ally helps");
    assert!(s.board_text(&t).contains("collect $1M"));
}

#[test]
fn catching_up_shows_each_log_entry_once() {
    let s = session(Some("tok"));
    let mut t = Tracker::default();
    let mut told = Told::default();
    let mut pending = None;
    let (_, first) =
        capture(|| s.handle(&mut t, &mut told, update(3, true, 0..5, 1), &mut pending));
    assert!(first.contains("event 4"));
    assert!(first.contains("waiting for Republican…"));
    // After a drop the stream resumes from version 3: versions 4 and 5, then a resync
    // snapshot holding the whole log again, then a repeat of version 5.
    let (_, later) = capture(|| {
        s.handle(&mut t, &mut told, update(4, false, 5..7, 1), &mut pending);
        s.handle(&mut t, &mut told, update(5, false, 7..8, 1), &mut pending);
        s.handle(&mut t, &mut told, update(5, true, 0..8, 1), &mut pending);
        s.handle(&mut t, &mut told, update(5, false, 7..8, 1), &mut pending);
    });
    for seq in 5..8 {
        assert_eq!(
            later.matches(&format!("event {seq}\n")).count(),
            1,
            "{later}"
        );
    }
    assert!(!later.contains("event 4\n"), "{later}");
    assert_eq!(later.matches("move 5").count(), 1, "{later}");
    // The wait was already announced: not again for the same seat.
    assert!(!later.contains("waiting for"), "{later}");
    assert_eq!(t.version, Some(5));
    assert!(pending.is_none());
}

#[test]
fn a_prompt_for_this_seat_waits_to_be_shown_and_a_newer_version_replaces_it() {
    let s = session(Some("tok"));
    let mut t = Tracker::default();
    let mut told = Told::default();
    let mut pending = None;
    capture(|| s.handle(&mut t, &mut told, update(2, true, 0..3, 0), &mut pending));
    let p = pending.as_ref().expect("a prompt for seat 0");
    assert_eq!(p.version, 2);
    assert!(!p.shown, "shown only once the stream is quiet");
    // A later version where the other seat acts withdraws it.
    let (_, text) =
        capture(|| s.handle(&mut t, &mut told, update(3, false, 3..4, 1), &mut pending));
    assert!(pending.is_none());
    assert!(text.contains("▶ You (Democrat) chose: move 3"), "{text}");
    assert!(text.contains("waiting for Republican…"), "{text}");
}

#[test]
fn a_spectator_is_never_prompted_and_sees_the_board_each_turn() {
    let s = session(None);
    let mut t = Tracker::default();
    let mut told = Told::default();
    let mut pending = None;
    let mut u = update(2, true, 0..3, 0);
    u.viewer_seat = None;
    let (_, text) = capture(|| s.handle(&mut t, &mut told, u, &mut pending));
    assert!(pending.is_none());
    assert!(text.contains("watching as a spectator"), "{text}");
    assert!(text.contains("waiting for Democrat…"), "{text}");
    assert!(text.contains("──── match m1 · version 2"), "{text}");
}

#[test]
fn the_outcome_ends_the_session() {
    let s = session(Some("tok"));
    let mut t = Tracker::default();
    let mut told = Told::default();
    let mut pending = None;
    let mut u = update(9, false, 0..2, 1);
    u.outcome = Some(hustings_proto::v1::Outcome {
        winners: vec![0],
        reason: "Democrat wins 51 to 49".into(),
        ..Default::default()
    });
    u.status = MatchStatus::Finished as i32;
    let (end, text) = capture(|| s.handle(&mut t, &mut told, u, &mut pending));
    assert_eq!(end, Some(End::Finished));
    assert!(text.contains("Winner: Democrat"), "{text}");
    assert!(text.contains("You won!"), "{text}");
}

#[test]
fn leaving_prints_the_resume_command() {
    let s = session(Some("abc123"));
    let (end, text) = capture(|| s.leave(End::Interrupted));
    assert_eq!(end, End::Interrupted);
    assert!(
        text.contains("hustings play --match m1 --token abc123"),
        "{text}"
    );
    // The account's seat needs no token to resume, only the account's login.
    let mine = Session {
        seat: Some(1),
        ..session(Some(""))
    };
    let (_, text) = capture(|| mine.leave(End::Left));
    assert!(
        text.contains("hustings play --match m1 --seat 1\n"),
        "{text}"
    );
    assert!(!text.contains("--token"), "{text}");
}

#[test]
fn a_timeout_note_is_shown_and_the_next_entry_is_not_lost() {
    let s = session(Some("tok"));
    let mut t = Tracker::default();
    let mut told = Told::default();
    let mut pending = None;
    capture(|| s.handle(&mut t, &mut told, update(3, true, 0..3, 1), &mut pending));
    let mut u = update(4, false, 3..5, 1);
    u.log.push(LogEntry {
        seq: 5,
        kind: "timeout".into(),
        text: "Republican ran out of time; the default choice was made: Roll".into(),
        origin: Origin::Service as i32,
        ..Default::default()
    });
    let (_, text) = capture(|| {
        s.handle(&mut t, &mut told, u, &mut pending);
        s.handle(&mut t, &mut told, update(5, false, 5..6, 1), &mut pending);
    });
    assert!(text.contains("Republican ran out of time"), "{text}");
    assert!(text.contains("event 5\n"), "{text}");
}

#[test]
fn backoff_doubles_up_to_a_ceiling() {
    assert_eq!(backoff(1), Duration::from_millis(250));
    assert_eq!(backoff(2), Duration::from_millis(500));
    assert_eq!(backoff(3), Duration::from_secs(1));
    assert_eq!(backoff(10), MAX_BACKOFF);
}

#[test]
fn endings_have_distinct_exit_codes() {
    assert_eq!(End::Finished.exit_code(), 0);
    assert_eq!(End::Interrupted.exit_code(), 130);
    assert_ne!(End::InputEnded.exit_code(), 0);
}
