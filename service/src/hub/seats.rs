//! Which seat a request speaks for: a seat token, or an account holding a seat.

use std::sync::Arc;

use hustings_engine::Seat;
use tonic::Status;

use crate::actor::{Command, SeatKey};

use super::Hub;

/// A verified seat: the token was known and belongs to this match.
pub struct SeatAuth {
    pub seat: Seat,
}

impl Hub {
    /// Checks a seat token for a match: UNAUTHENTICATED when unknown, PERMISSION_DENIED when
    /// it belongs to another match. The match's actor knows its own seats' token hashes;
    /// only a token it does not know is looked up in the store's token index.
    pub async fn authenticate(
        self: &Arc<Self>,
        match_id: &str,
        token: &str,
    ) -> Result<SeatAuth, Status> {
        if token.is_empty() {
            // An unknown match is NOT_FOUND whatever the token.
            self.actor(match_id).await?;
            return Err(Status::unauthenticated(
                "a seat token is required (from JoinMatch)",
            ));
        }
        let hash = crate::auth::hash_token(token);
        let seat = self
            .ask(match_id, |reply| Command::Seat {
                key: SeatKey::Token(hash.clone()),
                reply,
            })
            .await?;
        if let Some(seat) = seat {
            return Ok(SeatAuth { seat });
        }
        let known = self
            .store
            .token_seats(&hash)
            .await
            .map_err(|e| Status::unavailable(format!("could not check the token: {e}")))?;
        if known.is_empty() {
            Err(Status::unauthenticated("unknown seat token"))
        } else if known.iter().any(|(m, _)| m == match_id) {
            // It held a seat here that another bot took over while it was away.
            Err(Status::permission_denied(
                "this seat token no longer holds a seat of this match: another bot took the \
                 seat over after it had been away past the grace period",
            ))
        } else {
            Err(Status::permission_denied(
                "this seat token belongs to another match",
            ))
        }
    }

    /// The seat an account holds in a match (`seat` says which when it holds several):
    /// PERMISSION_DENIED when it holds none there.
    pub async fn authenticate_account(
        self: &Arc<Self>,
        match_id: &str,
        account_id: &str,
        seat: Option<Seat>,
    ) -> Result<SeatAuth, Status> {
        let held = self
            .ask(match_id, |reply| Command::Seat {
                key: SeatKey::Account {
                    id: account_id.to_string(),
                    seat,
                },
                reply,
            })
            .await?;
        match (held, seat) {
            (Some(seat), _) => Ok(SeatAuth { seat }),
            (None, Some(s)) => Err(Status::permission_denied(format!(
                "your account does not hold seat {s} of this match"
            ))),
            (None, None) => Err(Status::permission_denied(
                "your account holds no seat of this match (join one, or send a seat token)",
            )),
        }
    }
}
