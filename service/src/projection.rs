//! The per-viewer projection: every field of every message a viewer is sent about a match
//! is built here, from what the engine says that viewer may know.
//!
//! A match stream's message ([`pb::MatchUpdate`]) is three disjoint sets of fields, encoded
//! apart and concatenated (see [`EncodedUpdate`]): what every viewer is told alike
//! ([`Projector::common`]: the version, status, seats, clocks — nothing of the game's hidden
//! state), the view (the typed view and the engine's JSON view, built once per distinct view
//! and shared by the viewers who see the same) and the viewer's own fields
//! ([`Projector::own`]: its log, prompt, last action, reference). Each of the three is
//! written as a struct literal naming every field of the message, so a field added to the
//! contract does not compile until it is given to one of them here. The replay of a
//! finished match is assembled here too ([`replay`]), and refused before the end.
//!
//! What the engine decides, the projection only carries: views from [`AnyGame::view`], the
//! log from [`AnyGame::log_for`], the last action from [`AnyGame::choice_seen_by`]. The
//! audit (`tests/e2e/audit.rs`) runs this code in-process over thousands of seeded games.

use hustings_engine::{self as engine, AnyGame, Seat, SeenChoice, Viewer};
use hustings_proto::EncodedUpdate;
use hustings_proto::v1 as pb;
use prost::Message as _;
use prost::bytes::Bytes;
use tonic::Status;

use crate::convert;
use crate::record::Record;

/// What a version's messages say that is the same for every viewer and is not the game's
/// state: the actor builds it from its own records (all of it public to every viewer).
#[derive(Clone, Debug, Default)]
pub struct Public {
    pub match_id: String,
    pub version: u64,
    pub status: pb::MatchStatus,
    pub outcome: Option<pb::Outcome>,
    pub seats: Vec<pb::SeatSummary>,
    pub clocks: Vec<pb::SeatClock>,
    pub clock: Option<pb::ClockSetting>,
    pub rematch_offers: Vec<u32>,
    pub rematch_match_id: String,
    /// Why each empty bot seat waits, when no connected pool will take it (from the hub's
    /// pool registry: who is connected, not the game's state).
    pub bot_waits: Vec<pb::BotWait>,
}

/// The choice that produced a version, as each viewer may be told of it.
#[derive(Clone, Debug, PartialEq)]
pub struct LastChoice {
    /// What a viewer who may know the whole choice is told.
    whole: pb::LastAction,
    /// The viewers told less, each with the description it gets instead (every viewer not
    /// listed is told `whole`).
    redacted: Vec<(Viewer, String)>,
}

impl LastChoice {
    /// The game choice `choice` (offered with `label`) that `seat` made in `before`, the
    /// state it was offered in: each viewer is told what the engine says it may know.
    pub fn of_game(before: &dyn AnyGame, seat: Seat, choice: &str, label: &str) -> Self {
        let viewers = (0..before.num_seats())
            .map(Viewer::Seat)
            .chain(std::iter::once(Viewer::Spectator));
        let redacted = viewers
            .filter_map(|v| match before.choice_seen_by(seat, choice, v) {
                SeenChoice::Whole => None,
                SeenChoice::Redacted(text) => Some((v, text)),
            })
            .collect();
        LastChoice {
            whole: pb::LastAction {
                seat: seat as u32,
                choice_id: choice.to_string(),
                label: label.to_string(),
                redacted: false,
                origin: pb::Origin::Game as i32,
            },
            redacted,
        }
    }

    /// A step of the service's own (a take-back, a resignation, a clock run out, a claimed
    /// win, a handoff): it names nothing hidden, and every viewer is told it whole.
    pub fn service(seat: Seat, record: &Record, label: &str) -> Self {
        LastChoice {
            whole: pb::LastAction {
                seat: seat as u32,
                choice_id: record.to_string(),
                label: label.to_string(),
                redacted: false,
                origin: pb::Origin::Service as i32,
            },
            redacted: Vec::new(),
        }
    }

    /// What `viewer` is told: the choice id and label, or (`redacted` set) no id and the
    /// engine's description.
    pub fn to(&self, viewer: Viewer) -> pb::LastAction {
        match self.redacted.iter().find(|(v, _)| *v == viewer) {
            None => self.whole.clone(),
            Some((_, text)) => pb::LastAction {
                seat: self.whole.seat,
                choice_id: String::new(),
                label: text.clone(),
                redacted: true,
                origin: self.whole.origin,
            },
        }
    }

    /// The choice as a spectator is told it: what a log entry every viewer reads may say.
    pub fn public_label(&self) -> String {
        self.to(Viewer::Spectator).label
    }

    /// The same choice made for a seat whose clock ran out: every label says so.
    pub fn timed_out(mut self) -> Self {
        self.whole.label = format!("Ran out of time: {}", self.whole.label);
        for (_, text) in &mut self.redacted {
            *text = format!("Ran out of time: {text}");
        }
        self
    }
}

/// One viewer's message: whose it is and what it carries besides the state.
#[derive(Clone, Copy, Debug)]
pub struct Own {
    pub viewer: Viewer,
    /// The stream asked for the engine's JSON view.
    pub json: bool,
    /// The first engine log entry to send (0 with a snapshot).
    pub log_from: usize,
    /// The message replaces everything the client had.
    pub snapshot: bool,
    /// The message carries the match's reference (the first of a stream, every snapshot).
    pub reference: bool,
    /// The message is for the match's current version (only then is a prompt offered, and
    /// the service's note added to the log).
    pub current: bool,
}

/// What the actor adds to a seat's prompt (undo, claim-win, rematch): given the viewer, the
/// status, whether the message is current, and the game's prompt on the wire.
pub type PromptExtras<'a> =
    &'a dyn Fn(Viewer, pb::MatchStatus, bool, Option<pb::Prompt>) -> Option<pb::Prompt>;

/// Builds the messages of one version of a match for its viewers.
pub struct Projector<'g> {
    game: &'g dyn AnyGame,
    public: Public,
    to_act: Vec<u32>,
    last: Option<&'g LastChoice>,
    /// A log entry of the service's own for this version ("… took back …", a timeout):
    /// public, written from public labels only.
    note: Option<&'g engine::LogEntry>,
    common: Option<Bytes>,
    views: Vec<SharedView>,
    /// Each seat's prompt, once asked for.
    prompts: Vec<(Seat, Option<engine::Prompt>)>,
}

/// One distinct view of a version.
struct SharedView {
    /// The viewers it is for.
    viewers: Vec<Viewer>,
    json: bool,
    /// The engine's view, when built ahead to find the viewers that share it.
    engine: Option<engine::AnyView>,
    /// The view encoded as a `MatchUpdate` field, once a message needed it.
    bytes: Option<Bytes>,
}

impl<'g> Projector<'g> {
    /// The projector of the version `game` is in, with the service's fields `public`, the
    /// choice that produced it and the service's log note, if any.
    pub fn new(
        game: &'g dyn AnyGame,
        public: Public,
        last: Option<&'g LastChoice>,
        note: Option<&'g engine::LogEntry>,
    ) -> Self {
        let to_act = if public.outcome.is_some() {
            Vec::new()
        } else {
            game.to_act().into_iter().map(|s| s as u32).collect()
        };
        Projector {
            game,
            public,
            to_act,
            last,
            note,
            common: None,
            views: Vec::new(),
            prompts: Vec::new(),
        }
    }

    /// One viewer's whole message.
    pub fn message(&mut self, own: &Own, extras: PromptExtras<'_>) -> EncodedUpdate {
        let common = self.common_bytes();
        let view = self.view_bytes(own.viewer, own.json);
        let own = self.own(own, extras).encode_to_vec();
        EncodedUpdate::concat(&[&common, &view, &own])
    }

    /// The prompts built for this version's messages (the next `Act` is checked against
    /// them).
    pub fn into_prompts(self) -> Vec<(Seat, engine::Prompt)> {
        self.prompts
            .into_iter()
            .filter_map(|(seat, p)| p.map(|p| (seat, p)))
            .collect()
    }

    /// The fields every viewer gets alike: public facts only.
    fn common(&self) -> pb::MatchUpdate {
        let p = &self.public;
        pb::MatchUpdate {
            match_id: p.match_id.clone(),
            version: p.version,
            status: p.status as i32,
            to_act: self.to_act.clone(),
            seats: p.seats.clone(),
            outcome: p.outcome.clone(),
            clocks: p.clocks.clone(),
            rematch_offers: p.rematch_offers.clone(),
            rematch_match_id: p.rematch_match_id.clone(),
            clock: p.clock,
            bot_waits: p.bot_waits.clone(),
            // The view: `view_bytes`; the viewer's own fields: `own`.
            view: None,
            snapshot: false,
            viewer_seat: None,
            log: Vec::new(),
            prompt: None,
            last_action: None,
            reference: None,
        }
    }

    fn common_bytes(&mut self) -> Bytes {
        if self.common.is_none() {
            self.common = Some(self.common().encode_to_vec().into());
        }
        self.common.clone().unwrap_or_default()
    }

    /// The viewer's own fields: its seat, its part of the log, its prompt, what it is told
    /// of the last choice, and the match's fixed data when asked.
    fn own(&mut self, own: &Own, extras: PromptExtras<'_>) -> pb::MatchUpdate {
        let viewer = own.viewer;
        let status = self.public.status;
        let prompt = match (viewer.seat(), status, own.current) {
            (Some(seat), pb::MatchStatus::Active, true) => self.prompt(seat).map(convert::prompt),
            _ => None,
        };
        let note = self.note.filter(|_| own.current);
        pb::MatchUpdate {
            snapshot: own.snapshot,
            viewer_seat: viewer.seat().map(|s| s as u32),
            log: self
                .game
                .log_for(viewer, own.log_from)
                .iter()
                .map(convert::log_entry)
                .chain(note.map(|n| pb::LogEntry {
                    origin: pb::Origin::Service as i32,
                    ..convert::log_entry(n)
                }))
                .collect(),
            prompt: extras(viewer, status, own.current, prompt),
            last_action: self.last.map(|l| l.to(viewer)),
            reference: if own.reference {
                convert::reference(self.game.game_id())
            } else {
                None
            },
            // Every viewer's alike: `common`; the view: `view_bytes`.
            match_id: String::new(),
            version: 0,
            status: 0,
            view: None,
            to_act: Vec::new(),
            seats: Vec::new(),
            outcome: None,
            clocks: Vec::new(),
            rematch_offers: Vec::new(),
            rematch_match_id: String::new(),
            clock: None,
            bot_waits: Vec::new(),
        }
    }

    /// `seat`'s prompt in this state, built on first use.
    fn prompt(&mut self, seat: Seat) -> Option<&engine::Prompt> {
        let i = match self.prompts.iter().position(|(s, _)| *s == seat) {
            Some(i) => i,
            None => {
                self.prompts.push((seat, self.game.prompt(seat)));
                self.prompts.len() - 1
            }
        };
        self.prompts[i].1.as_ref()
    }

    fn find(&self, viewer: Viewer, json: bool) -> Option<usize> {
        self.views
            .iter()
            .position(|v| v.json == json && v.viewers.contains(&viewer))
    }

    /// Says that a message will need this viewer's view, so that the viewers who see the
    /// same share one: a viewer the game says sees as another does
    /// ([`AnyGame::same_view_as`]), or whose engine view is equal to another's.
    pub fn will_use(&mut self, viewer: Viewer, json: bool) {
        if self.find(viewer, json).is_some() {
            return;
        }
        let like = self.game.same_view_as(viewer);
        if like != viewer
            && let Some(i) = self.views.iter().position(|v| {
                v.json == json
                    && v.viewers
                        .iter()
                        .any(|&w| w == like || self.game.same_view_as(w) == like)
            })
        {
            self.views[i].viewers.push(viewer);
            return;
        }
        let engine = self.game.view(viewer);
        if let Some(v) = self
            .views
            .iter_mut()
            .find(|v| v.json == json && v.engine.as_ref() == Some(&engine))
        {
            v.viewers.push(viewer);
            return;
        }
        self.views.push(SharedView {
            viewers: vec![viewer],
            json,
            engine: Some(engine),
            bytes: None,
        });
    }

    /// The view for `viewer` encoded as a `MatchUpdate`'s view field, built and encoded on
    /// first use and shared by every message that needs it.
    fn view_bytes(&mut self, viewer: Viewer, json: bool) -> Bytes {
        let i = self.find(viewer, json).unwrap_or_else(|| {
            self.views.push(SharedView {
                viewers: vec![viewer],
                json,
                engine: None,
                bytes: None,
            });
            self.views.len() - 1
        });
        let game = self.game;
        let entry = &mut self.views[i];
        if let Some(b) = &entry.bytes {
            return b.clone();
        }
        let parts = convert::ViewParts {
            json: entry.json,
            fixed: false,
        };
        let view = match &entry.engine {
            Some(engine) => convert::game_view_of(engine, &game.to_act(), parts),
            None => convert::game_view(game, viewer, parts),
        };
        let bytes: Bytes = pb::MatchUpdate {
            view: Some(view),
            ..Default::default()
        }
        .encode_to_vec()
        .into();
        entry.bytes = Some(bytes.clone());
        bytes
    }
}

/// A seat's prompt with no additions (what a projection without the actor's lifecycle
/// sends: the audit's).
pub fn no_extras(
    _viewer: Viewer,
    _status: pb::MatchStatus,
    _current: bool,
    prompt: Option<pb::Prompt>,
) -> Option<pb::Prompt> {
    prompt
}

/// What a replay holds besides the match's summary: built by replaying the match.
pub struct ReplayParts {
    pub seats: u32,
    pub seed: u64,
    /// The rules revision it was played under.
    pub rules: u32,
    /// The log entries of the set-up, unredacted.
    pub setup_log: Vec<engine::LogEntry>,
    pub choices: Vec<ReplayStep>,
}

/// One recorded choice of a replay.
pub struct ReplayStep {
    pub seat: Seat,
    pub record: Record,
    pub label: String,
    /// The log entries it produced, unredacted.
    pub log: Vec<engine::LogEntry>,
}

/// The replay of a match: refused before the end (it reveals the seed, and with it every
/// hidden card), whole afterwards, when every viewer may know everything. `build` replays
/// the match, and is only called once it is over.
pub fn replay(
    finished: bool,
    summary: pb::MatchSummary,
    build: impl FnOnce() -> Result<ReplayParts, Status>,
) -> Result<pb::Replay, Status> {
    if !finished {
        return Err(Status::failed_precondition(
            "the match is not over: its replay (which reveals the seed) is available once it ends",
        ));
    }
    let parts = build()?;
    let log = |entries: &[engine::LogEntry]| entries.iter().map(convert::log_entry).collect();
    Ok(pb::Replay {
        summary: Some(summary),
        seats: parts.seats,
        seed: parts.seed,
        rules: parts.rules,
        setup_log: log(&parts.setup_log),
        choices: parts
            .choices
            .iter()
            .enumerate()
            .map(|(i, c)| pb::RecordedChoice {
                version: i as u64 + 1,
                seat: c.seat as u32,
                choice_id: c.record.to_string(),
                label: c.label.clone(),
                log: log(&c.log),
                origin: c.record.origin() as i32,
            })
            .collect(),
    })
}
