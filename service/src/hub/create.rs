//! New matches: CreateMatch's set-up checked against the engine, rematches, their seeds and
//! ids, and starting a new match's actor.

use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use hustings_engine::{self as engine, Setup};
use hustings_proto::v1 as pb;
use rand::{Rng, SeedableRng};
use tonic::Status;
use tracing::info;

use crate::actor::MatchActor;
use crate::store::{MatchRecord, MatchSettings, SeatRecord};
use crate::validate::{quote, setup_error};

use super::{Hub, Slot};

impl Hub {
    /// Draws the seeds of matches created without one, and of rematches, from a generator
    /// started at `seed` (`ServerConfig::match_seeds`).
    pub fn seed_matches(&self, seed: u64) {
        *self.seeds.lock().unwrap_or_else(|e| e.into_inner()) =
            Some(rand::rngs::StdRng::seed_from_u64(seed));
    }

    /// A new match's seed: from the seeded generator if there is one, else fresh.
    fn new_seed(&self) -> u64 {
        match self
            .seeds
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_mut()
        {
            Some(rng) => rng.random(),
            None => rand::rng().random(),
        }
    }

    /// Creates a match and starts its actor.
    pub async fn create(
        self: &Arc<Self>,
        req: pb::CreateMatchRequest,
    ) -> Result<pb::MatchSummary, Status> {
        self.check_capacity()?;
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
            seed: req.seed.unwrap_or_else(|| self.new_seed()),
            rules: engine::RULES_REVISION,
        };
        let (_, options) = info
            .validate(&setup)
            .map_err(|e| Status::invalid_argument(setup_error(&e)))?;
        if req.rated && !crate::ratings::sides::can_be_rated(&info.id, &variant.id, seats) {
            return Err(Status::invalid_argument(format!(
                "a rated match needs at least two sides of players; {} {} has one",
                info.id, variant.id
            )));
        }
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
        // A match at one's own pace leaves absence to its clock unless a grace was asked for.
        let default_grace = if clock.own_pace() {
            0
        } else {
            self.limits.abandon_grace.as_millis() as u64
        };
        let grace = req
            .abandon_grace_ms
            .unwrap_or(default_grace)
            .min(crate::clock::MAX_CLOCK_MS);
        let record = MatchRecord {
            id: new_match_id(),
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
                rated: req.rated,
                bots_claim_wins: req.bots_claim_wins,
            },
            rematch_next: None,
            live: Default::default(),
        };
        self.start_record(record).await
    }

    /// A rematch of a finished match: the same game, variant, options, clock and grace, a
    /// new seed, and the seats rotated by one (the player of seat i gets seat i+1, the last
    /// player seat 0). People keep their seat token, which now also holds (only) their new
    /// seat there; bot seats are opened again for bots. Returns the new match's id.
    pub async fn start_rematch(self: &Arc<Self>, old: &MatchRecord) -> Result<String, Status> {
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
            // A rematch is a new game: today's rules, whatever the old one was played by.
            setup: Setup {
                seed: self.new_seed(),
                rules: engine::RULES_REVISION,
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
            live: Default::default(),
        };
        let id = record.id.clone();
        self.start_record(record).await?;
        Ok(id)
    }

    fn check_capacity(&self) -> Result<(), Status> {
        if self.match_count() >= self.limits.max_matches {
            return Err(Status::resource_exhausted(format!(
                "the server holds {} live matches, the most it allows",
                self.limits.max_matches
            )));
        }
        Ok(())
    }

    /// Stores a new match, starts its actor and tells the lobby.
    async fn start_record(
        self: &Arc<Self>,
        record: MatchRecord,
    ) -> Result<pb::MatchSummary, Status> {
        self.check_capacity()?;
        let id = record.id.clone();
        let seats = record.seats.len();
        let actor =
            MatchActor::rebuild(self.clone(), record.clone()).map_err(Status::invalid_argument)?;
        self.store
            .create(&record)
            .await
            .map_err(|e| Status::unavailable(format!("could not store the match: {e}")))?;
        let summary = actor.summary();
        info!(match_id = %id, game = %record.game, variant = %record.setup.variant, seats, "match created");
        self.start_renewing();
        let mailbox = Self::spawn(actor);
        self.map().insert(id, Slot::Live(mailbox));
        self.publish(summary.clone(), &[]);
        Ok(summary)
    }
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
