//! Acting on a match: joining a seat, a choice, taking one back, resigning. Each checks the
//! request against the state and hands the record to [`MatchActor::commit`].

use hustings_engine::{self as engine, Seat};
use hustings_proto::v1 as pb;
use tonic::Status;
use tracing::{debug, info};

use super::commit::{Effect, Step, Told};
use super::forfeit::resign_outcome;
use super::played::{last_choice_of, undo_action};
use super::{Joiner, MatchActor};
use crate::projection::LastChoice;
use crate::record::{CLAIM_WIN, Ending, HAND_TO_BOT, REMATCH, Record, UNDO};
use crate::store::{ChoiceRecord, SeatRecord};

impl MatchActor {
    pub(super) async fn join(
        &mut self,
        seat: Option<Seat>,
        name: String,
        kind: pb::ClientKind,
        account: Option<Joiner>,
    ) -> Result<pb::JoinMatchResponse, Status> {
        // A bot account's seat is a bot client's, whatever the client said.
        let kind = match &account {
            Some(a) if a.bot => pb::ClientKind::Bot,
            _ => kind,
        };
        if self.outcome().is_some() {
            return Err(Status::failed_precondition(
                "the match is over; no seat can be joined",
            ));
        }
        let open = |s: &SeatRecord| s.token_hash.is_none();
        let seat = match seat {
            Some(s) => {
                let rec = self.record.seats.get(s).ok_or_else(|| {
                    Status::invalid_argument(format!(
                        "seat {s} does not exist: this match has seats 0 to {}",
                        self.record.seats.len() - 1
                    ))
                })?;
                // A bot seat whose bot has been away past the grace period while it must act
                // may be taken over by another bot (a pool): the old token no longer holds it.
                let take_over = kind == pb::ClientKind::Bot
                    && self.bot_seats_to_take_over().contains(&(s as u32));
                if !open(rec) && !take_over {
                    return Err(Status::failed_precondition(format!(
                        "seat {s} is already taken by {}{}",
                        display(&rec.player_name),
                        if rec.bot {
                            " (another bot may take it over once that one has been away for \
                             the grace period while the seat must act)"
                        } else {
                            ""
                        }
                    )));
                }
                if take_over {
                    info!(match_id = %self.record.id, seat = s, "a bot takes over a bot seat whose holder left");
                    // The new holder's grace starts now, not when the old one left.
                    if let Some(away) = self.away_since.get_mut(s) {
                        *away = Some(tokio::time::Instant::now());
                    }
                }
                s
            }
            None => {
                // Bots prefer seats created for bots, people the others.
                let wants_bot = kind == pb::ClientKind::Bot;
                let seats = &self.record.seats;
                (0..seats.len())
                    .find(|&s| open(&seats[s]) && seats[s].bot == wants_bot)
                    .or_else(|| (0..seats.len()).find(|&s| open(&seats[s])))
                    .ok_or_else(|| {
                        Status::failed_precondition("every seat of this match is taken")
                    })?
            }
        };
        let token = crate::auth::new_token();
        let hash = crate::auth::hash_token(&token);
        let mut rec = self.record.seats[seat].clone();
        rec.token_hash = Some(hash.clone());
        rec.account_handle = match &account {
            Some(a) => a.handle.clone(),
            // A bot client with no account playing one of the server's own AIs plays as
            // that AI's account.
            None if kind == pb::ClientKind::Bot => crate::accounts::builtin::handle_for(&rec.ai)
                .unwrap_or_default()
                .to_string(),
            None => String::new(),
        };
        self.check_rated_seat(seat, &rec)?;
        rec.player_name = name;
        rec.client_kind = match kind {
            pb::ClientKind::Human => "human",
            pb::ClientKind::Bot => "bot",
            pb::ClientKind::Unspecified => "",
        }
        .into();
        self.host
            .store()
            .set_seat(&self.record.id, seat, &rec)
            .await
            .map_err(|e| Status::unavailable(format!("could not store the seat: {e}")))?;
        self.record.seats[seat] = rec;
        info!(match_id = %self.record.id, seat, "seat joined");
        self.after_change(None);
        Ok(pb::JoinMatchResponse {
            match_id: self.record.id.clone(),
            seat: seat as u32,
            seat_name: self.seat_name(seat),
            token,
        })
    }

    pub(super) async fn act(
        &mut self,
        seat: Seat,
        version: u64,
        choice: &str,
    ) -> Result<u64, Status> {
        if choice == REMATCH {
            return self.rematch(seat, version).await;
        }
        if self.outcome().is_some() {
            return Err(Status::failed_precondition("the match is over"));
        }
        if self.status() == pb::MatchStatus::Waiting {
            let open: Vec<String> = (0..self.record.seats.len())
                .filter(|&s| self.record.seats[s].token_hash.is_none())
                .map(|s| self.seat_name(s))
                .collect();
            return Err(Status::failed_precondition(format!(
                "the match has not started: waiting for {} to join",
                open.join(", ")
            )));
        }
        if version != self.version() {
            return Err(Status::aborted(format!(
                "stale version: you acted on version {version} but the match is at version {}; \
                 read the stream and decide again",
                self.version()
            )));
        }
        if choice == CLAIM_WIN {
            return self.claim_win(seat).await;
        }
        if let Some(ai) = choice
            .strip_prefix(HAND_TO_BOT)
            .and_then(|r| r.strip_prefix(':'))
        {
            return self.hand_to_bot(seat, ai).await;
        }
        if choice == UNDO && self.game.prompt(seat).is_some() {
            return self.undo(seat).await;
        }
        let cached = self
            .prompt_cache
            .take()
            .filter(|c| c.version == self.version())
            .and_then(|c| c.prompts.into_iter().find(|(s, _)| *s == seat))
            .map(|(_, p)| p);
        // The choice is checked against the prompt just sent, or else read as the game's
        // typed action and checked on its own (no other label is built).
        let offered = match &cached {
            Some(prompt) => prompt.find(choice).cloned(),
            None => self.game.describe_choice(seat, choice),
        };
        let Some(offered) = offered else {
            let Some(prompt) = cached.or_else(|| self.game.prompt(seat)) else {
                let waiting: Vec<String> = self
                    .game
                    .to_act()
                    .into_iter()
                    .map(|s| self.seat_name(s))
                    .collect();
                return Err(Status::failed_precondition(format!(
                    "it is not your turn: waiting for {}",
                    waiting.join(", ")
                )));
            };
            return Err(Status::failed_precondition(format!(
                "{} is not a legal choice now; legal: {}",
                crate::validate::quote(choice),
                engine::legal_list(Some(&prompt))
            )));
        };
        // Stored, a game's choice must read back as one: no game offers a reserved id.
        let record = Record::from(choice);
        if record.as_game().is_none() {
            return Err(Status::internal(format!(
                "the game offered {choice:?}, an id the service reserves"
            )));
        }
        // What each viewer is told of it, asked of the state it is made in.
        let last = LastChoice::of_game(&*self.game, seat, choice, &offered.label);
        let step = Step {
            record: ChoiceRecord {
                seat,
                choice: record,
                clocks: self.charge_clocks(seat, false),
            },
            effect: Effect::Play,
            what: "choice",
        };
        let version = self
            .commit(step, |a| {
                let (last, note) = a.timeout_note(last);
                Told {
                    last,
                    note,
                    snapshot_all: false,
                }
            })
            .await?;
        debug!(match_id = %self.record.id, seat, choice, version, "choice applied");
        metrics::counter!(crate::metrics::CHOICES, "game" => self.record.game.clone()).increment(1);
        Ok(version)
    }

    /// Takes back `seat`'s last choice, if it may be.
    pub(super) async fn undo(&mut self, seat: Seat) -> Result<u64, Status> {
        if self.record.settings.rated {
            return Err(Status::failed_precondition(
                "this match is rated: choices cannot be taken back",
            ));
        }
        let Some(&last) = self.applied.last() else {
            return Err(Status::failed_precondition("there is nothing to take back"));
        };
        if self.undoable == 0 || self.record.choices[last].seat != seat {
            return Err(Status::failed_precondition(
                "your last choice cannot be taken back: it revealed something hidden, rolled \
                 a die or ended your turn",
            ));
        }
        let undone = self.record.choices[last].choice.to_string();
        let step = Step {
            record: ChoiceRecord {
                seat,
                choice: Record::Undo,
                clocks: self.charge_clocks(seat, true),
            },
            effect: Effect::Play,
            what: "undo",
        };
        let version = self
            .commit(step, |a| {
                // The choice as everyone may be told of it, from the state it is taken back
                // to; the log got shorter, so every viewer gets a snapshot.
                let shown = last_choice_of(&*a.game, seat, &undone).public_label();
                let mut note = engine::LogEntry::new(
                    "undo",
                    format!("{} took back: {shown}", a.seat_name(seat)),
                )
                .seat(seat);
                note.seq = a.game.log_len() as u64;
                Told {
                    last: undo_action(seat),
                    note: Some(note),
                    snapshot_all: true,
                }
            })
            .await?;
        info!(match_id = %self.record.id, seat, "choice taken back");
        Ok(version)
    }

    pub(super) async fn resign(&mut self, seat: Seat) -> Result<pb::Outcome, Status> {
        if self.outcome().is_some() {
            return Err(Status::failed_precondition("the match is already over"));
        }
        let step = Step {
            record: ChoiceRecord {
                seat,
                choice: Record::Resign,
                clocks: self.charge_clocks(seat, true),
            },
            effect: Effect::End {
                outcome: resign_outcome(&*self.game, &self.record, seat),
                ending: Ending::Resign,
            },
            what: "resignation",
        };
        self.commit(step, |_| Told {
            last: LastChoice::service(seat, &Record::Resign, Ending::Resign.label()),
            note: None,
            snapshot_all: false,
        })
        .await?;
        self.outcome_pb()
            .ok_or_else(|| Status::internal("no outcome after resigning"))
    }
}

impl MatchActor {
    /// In a rated match, a seat must be held by an account that holds no other seat of it
    /// (see [`crate::rater`]): `rec` is the seat as it would be stored.
    fn check_rated_seat(&self, seat: Seat, rec: &SeatRecord) -> Result<(), Status> {
        if !self.record.settings.rated {
            return Ok(());
        }
        let Some(account) = rec.account_id() else {
            return Err(Status::failed_precondition(
                "this match is rated: every seat must be held by a signed-in account; sign \
                 in (hustings login) and join again",
            ));
        };
        let other = self
            .record
            .seats
            .iter()
            .enumerate()
            .find(|(s, r)| *s != seat && r.account_id().as_deref() == Some(account.as_str()));
        if let Some((s, _)) = other {
            return Err(Status::failed_precondition(format!(
                "this match is rated: your account already holds seat {s}, and an account may \
                 hold one seat of a rated match"
            )));
        }
        Ok(())
    }
}

fn display(name: &str) -> &str {
    if name.is_empty() {
        "another player"
    } else {
        name
    }
}
