//! The hub: every running match's actor, the lobby's summaries and event stream, and the
//! token index. Handlers look matches up here and talk to their actors.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::{SystemTime, UNIX_EPOCH};

use hustings_engine::{self as engine, Seat, Setup};
use hustings_proto::v1 as pb;
use rand::Rng;
use tokio::sync::{broadcast, mpsc, oneshot, watch};
use tonic::Status;
use tracing::{info, warn};

use crate::Limits;
use crate::actor::{Command, Mailbox, MatchActor};
use crate::store::{MatchRecord, MatchSettings, SeatRecord, Store};
use crate::validate::{quote, setup_error};

/// Shared state of the server.
pub struct Hub {
    pub store: Arc<dyn Store>,
    pub limits: Limits,
    actors: RwLock<HashMap<String, Mailbox>>,
    summaries: RwLock<HashMap<String, pb::MatchSummary>>,
    /// Token hash → (match id, seat).
    tokens: RwLock<HashMap<String, (String, Seat)>>,
    /// The further (match id, seat) pairs of tokens that hold a seat in more than one match:
    /// a player's token holds its rotated seat in each rematch too.
    more_tokens: RwLock<HashMap<String, Vec<(String, Seat)>>>,
    lobby: broadcast::Sender<pb::LobbyEvent>,
    /// Flips to true when the server shuts down; long-lived streams end on it.
    pub closing: watch::Sender<bool>,
}

/// A verified seat: the token was known and belongs to this match.
pub struct SeatAuth {
    pub seat: Seat,
}

impl Hub {
    pub fn new(store: Arc<dyn Store>, limits: Limits) -> Arc<Self> {
        let (lobby, _) = broadcast::channel(1024);
        let (closing, _) = watch::channel(false);
        Arc::new(Hub {
            closing,
            store,
            limits,
            actors: RwLock::default(),
            summaries: RwLock::default(),
            tokens: RwLock::default(),
            more_tokens: RwLock::default(),
            lobby,
        })
    }

    /// Rebuilds every stored match (replaying its choices) and starts its actor.
    pub fn restore(self: &Arc<Self>) -> anyhow::Result<usize> {
        let mut records = self.store.load_all()?;
        let n = records.len();
        // Link each match to its rematch (the rematch names the match it follows).
        let next: HashMap<String, String> = records
            .iter()
            .filter_map(|r| Some((r.settings.rematch_of.clone()?, r.id.clone())))
            .collect();
        for r in &mut records {
            r.rematch_next = next.get(&r.id).cloned();
        }
        for record in records {
            for (seat, s) in record.seats.iter().enumerate() {
                if let Some(h) = &s.token_hash {
                    self.register_token(h.clone(), &record.id, seat);
                }
            }
            let id = record.id.clone();
            match MatchActor::rebuild(self.clone(), record) {
                Ok(actor) => self.spawn(id, actor),
                Err(e) => warn!(match_id = %id, error = %e, "stored match could not be rebuilt"),
            }
        }
        Ok(n)
    }

    fn spawn(self: &Arc<Self>, id: String, actor: MatchActor) {
        let (tx, rx) = mpsc::unbounded_channel();
        self.summaries
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id.clone(), actor.summary());
        let me = tx.downgrade();
        self.actors
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id, tx);
        tokio::spawn(actor.run(rx, me));
    }

    /// Creates a match and starts its actor.
    pub fn create(
        self: &Arc<Self>,
        req: pb::CreateMatchRequest,
    ) -> Result<pb::MatchSummary, Status> {
        if self.actors.read().unwrap_or_else(|e| e.into_inner()).len() >= self.limits.max_matches {
            return Err(Status::resource_exhausted(format!(
                "the server holds {} matches, the most it allows",
                self.limits.max_matches
            )));
        }
        let info = engine::game_info(&req.game).ok_or_else(|| {
            let known: Vec<String> = engine::catalogue().into_iter().map(|g| g.id).collect();
            Status::invalid_argument(format!(
                "unknown game {}; games: {}",
                quote(&req.game),
                known.join(", ")
            ))
        })?;
        let variant = if req.variant.is_empty() {
            info.variants[0].clone()
        } else {
            info.variant(&req.variant).cloned().ok_or_else(|| {
                Status::invalid_argument(format!(
                    "game '{}' has no variant {}; variants: {}",
                    info.id,
                    quote(&req.variant),
                    info.variants
                        .iter()
                        .map(|v| v.id.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
            })?
        };
        let seats = if req.seats == 0 {
            variant.default_seats
        } else {
            req.seats as usize
        };
        if req.seat_config.len() > seats {
            return Err(Status::invalid_argument(format!(
                "{} seat configs given for {seats} seats",
                req.seat_config.len()
            )));
        }
        let setup = Setup {
            variant: variant.id.clone(),
            seats,
            options: req.options.clone().into_iter().collect(),
            seed: req.seed.unwrap_or_else(|| rand::rng().random()),
        };
        let (_, options) = info
            .validate(&setup)
            .map_err(|e| Status::invalid_argument(setup_error(&e)))?;
        let options = options
            .0
            .iter()
            .map(|(k, v)| {
                let text = match v {
                    engine::OptionValue::Int(i) => i.to_string(),
                    engine::OptionValue::Bool(b) => b.to_string(),
                    engine::OptionValue::Choice(c) => c.clone(),
                };
                (k.clone(), text)
            })
            .collect();
        // Both were checked with the request (validate.rs).
        let clock = crate::clock::ClockSetting::from_pb(req.clock.as_ref())
            .map_err(Status::invalid_argument)?;
        let grace = req
            .abandon_grace_ms
            .unwrap_or(self.limits.abandon_grace.as_millis() as u64)
            .min(crate::clock::MAX_CLOCK_MS);
        let id = new_match_id();
        let record = MatchRecord {
            id: id.clone(),
            game: info.id.clone(),
            setup,
            options,
            seats: (0..seats)
                .map(|i| {
                    let c = req.seat_config.get(i).cloned().unwrap_or_default();
                    SeatRecord {
                        bot: c.bot,
                        ai: c.ai,
                        ai_level: c.ai_level,
                        ..SeatRecord::default()
                    }
                })
                .collect(),
            choices: Vec::new(),
            created_at_unix_ms: now_ms(),
            outcome: None,
            settings: MatchSettings {
                clock,
                abandon_grace_ms: Some(grace),
                rematch_of: None,
            },
            rematch_next: None,
        };
        self.start_record(record)
    }

    /// A rematch of a finished match: the same game, variant, options, clock and grace, a
    /// new seed, and the seats rotated by one (the player of seat i gets seat i+1, the last
    /// player seat 0). People keep their seat token, which now also holds (only) their new
    /// seat there; bot seats are opened again for bots. Returns the new match's id.
    pub fn start_rematch(self: &Arc<Self>, old: &MatchRecord) -> Result<String, Status> {
        let n = old.seats.len();
        let mut seats = vec![SeatRecord::default(); n];
        for (i, s) in old.seats.iter().enumerate() {
            seats[(i + 1) % n] = if s.bot {
                SeatRecord {
                    bot: true,
                    ai: s.ai.clone(),
                    ai_level: s.ai_level.clone(),
                    ..SeatRecord::default()
                }
            } else {
                s.clone()
            };
        }
        let record = MatchRecord {
            id: new_match_id(),
            game: old.game.clone(),
            setup: Setup {
                seed: rand::rng().random(),
                ..old.setup.clone()
            },
            options: old.options.clone(),
            seats,
            choices: Vec::new(),
            created_at_unix_ms: now_ms(),
            outcome: None,
            settings: MatchSettings {
                rematch_of: Some(old.id.clone()),
                ..old.settings.clone()
            },
            rematch_next: None,
        };
        let id = record.id.clone();
        self.start_record(record)?;
        Ok(id)
    }

    /// Stores a new match, registers its seats' tokens and starts its actor.
    fn start_record(self: &Arc<Self>, record: MatchRecord) -> Result<pb::MatchSummary, Status> {
        if self.actors.read().unwrap_or_else(|e| e.into_inner()).len() >= self.limits.max_matches {
            return Err(Status::resource_exhausted(format!(
                "the server holds {} matches, the most it allows",
                self.limits.max_matches
            )));
        }
        let id = record.id.clone();
        let seats = record.seats.len();
        let actor =
            MatchActor::rebuild(self.clone(), record.clone()).map_err(Status::invalid_argument)?;
        self.store
            .create(&record)
            .map_err(|e| Status::unavailable(format!("could not store the match: {e}")))?;
        for (seat, s) in record.seats.iter().enumerate() {
            if let Some(h) = &s.token_hash {
                self.register_token(h.clone(), &id, seat);
            }
        }
        let summary = actor.summary();
        info!(match_id = %id, game = %record.game, variant = %record.setup.variant, seats, "match created");
        self.spawn(id, actor);
        Ok(summary)
    }

    /// The actor of a match, or NOT_FOUND.
    pub fn actor(&self, id: &str) -> Result<Mailbox, Status> {
        if id.is_empty() {
            return Err(Status::invalid_argument("match_id is required"));
        }
        self.actors
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(id)
            .cloned()
            .ok_or_else(|| Status::not_found(format!("no match {}", quote(id))))
    }

    /// Sends a command and waits for its reply.
    pub async fn ask<T>(
        &self,
        id: &str,
        make: impl FnOnce(oneshot::Sender<Result<T, Status>>) -> Command,
    ) -> Result<T, Status> {
        let actor = self.actor(id)?;
        let (tx, rx) = oneshot::channel();
        actor
            .send(Box::new(make(tx)))
            .map_err(|_| Status::unavailable("the match is shutting down"))?;
        rx.await
            .map_err(|_| Status::unavailable("the match is shutting down"))?
    }

    /// Checks a seat token for a match: UNAUTHENTICATED when unknown, PERMISSION_DENIED when
    /// it belongs to another match.
    pub fn authenticate(&self, match_id: &str, token: &str) -> Result<SeatAuth, Status> {
        if token.is_empty() {
            return Err(Status::unauthenticated(
                "a seat token is required (from JoinMatch)",
            ));
        }
        let hash = crate::auth::hash_token(token);
        let tokens = self.tokens.read().unwrap_or_else(|e| e.into_inner());
        let (m, seat) = tokens
            .get(&hash)
            .ok_or_else(|| Status::unauthenticated("unknown seat token"))?;
        if m == match_id {
            return Ok(SeatAuth { seat: *seat });
        }
        let more = self.more_tokens.read().unwrap_or_else(|e| e.into_inner());
        more.get(&hash)
            .and_then(|pairs| pairs.iter().find(|(m, _)| m == match_id))
            .map(|&(_, seat)| SeatAuth { seat })
            .ok_or_else(|| Status::permission_denied("this seat token belongs to another match"))
    }

    pub fn register_token(&self, hash: String, match_id: &str, seat: Seat) {
        let mut tokens = self.tokens.write().unwrap_or_else(|e| e.into_inner());
        match tokens.get(&hash) {
            Some((m, _)) if m != match_id => {
                let mut more = self.more_tokens.write().unwrap_or_else(|e| e.into_inner());
                let pairs = more.entry(hash).or_default();
                if !pairs.iter().any(|(m, _)| m == match_id) {
                    pairs.push((match_id.to_string(), seat));
                }
            }
            _ => {
                tokens.insert(hash, (match_id.to_string(), seat));
            }
        }
    }

    /// Records a match's new summary and tells the lobby.
    pub fn publish(&self, summary: pb::MatchSummary) {
        let waiting = waiting_bot_seats(&summary);
        self.summaries
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(summary.match_id.clone(), summary.clone());
        let _ = self.lobby.send(pb::LobbyEvent {
            summary: Some(summary),
            waiting_bot_seats: waiting,
        });
    }

    /// A match moved to `version` and nothing else in its summary changed: the listing
    /// gets the new version in place; the lobby stream, whose events are changes of
    /// seats, presence and status, hears nothing.
    pub fn publish_version(&self, match_id: &str, version: u64) {
        if let Some(s) = self
            .summaries
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .get_mut(match_id)
        {
            s.version = version;
        }
    }

    /// Matches filtered as ListMatches asks, newest first.
    pub fn list(&self, req: &pb::ListMatchesRequest) -> Vec<pb::MatchSummary> {
        let limit = if req.limit == 0 {
            100
        } else {
            (req.limit as usize).min(self.limits.max_list)
        };
        let mut out: Vec<pb::MatchSummary> = self
            .summaries
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .values()
            .filter(|m| req.game.is_empty() || m.game == req.game)
            .filter(|m| req.status == 0 || m.status == req.status)
            .filter(|m| !req.open_seats_only || m.seats.iter().any(|s| !s.taken))
            .cloned()
            .collect();
        out.sort_by(|a, b| {
            b.created_at_unix_ms
                .cmp(&a.created_at_unix_ms)
                .then(b.match_id.cmp(&a.match_id))
        });
        out.truncate(limit);
        out
    }

    /// Lobby events now: every unfinished match with a bot seat waiting.
    pub fn waiting_now(&self, games: &[String]) -> Vec<pb::LobbyEvent> {
        self.summaries
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .values()
            .filter(|m| games.is_empty() || games.contains(&m.game))
            .filter_map(|m| {
                let waiting = waiting_bot_seats(m);
                (!waiting.is_empty()).then(|| pb::LobbyEvent {
                    summary: Some(m.clone()),
                    waiting_bot_seats: waiting,
                })
            })
            .collect()
    }

    pub fn subscribe_lobby(&self) -> broadcast::Receiver<pb::LobbyEvent> {
        self.lobby.subscribe()
    }

    /// How many matches the server holds.
    pub fn match_count(&self) -> usize {
        self.actors.read().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// Stops every match actor, which ends every open match stream.
    pub fn shutdown(&self) {
        self.closing.send_replace(true);
        for tx in self
            .actors
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .values()
        {
            let _ = tx.send(Box::new(Command::Shutdown));
        }
    }
}

fn waiting_bot_seats(m: &pb::MatchSummary) -> Vec<u32> {
    if m.status == pb::MatchStatus::Finished as i32 {
        return Vec::new();
    }
    m.seats
        .iter()
        .filter(|s| s.bot && !s.taken)
        .map(|s| s.seat)
        .collect()
}

fn new_match_id() -> String {
    let n: u64 = rand::rng().random();
    format!("{n:016x}")
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}
