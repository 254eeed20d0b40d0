//! Who holds a seat: the seat a token or an account is asked about.

use hustings_engine::Seat;
use tonic::Status;

use super::{MatchActor, SeatKey};

impl MatchActor {
    /// The seat `key` holds in this match, if any. A token whose seat was handed to a bot is
    /// refused with the reason. An account holding several seats (it joined more than one)
    /// must say which; one it names but does not hold is no seat of its.
    pub(super) fn seat_of(&self, key: &SeatKey) -> Result<Option<Seat>, Status> {
        match key {
            SeatKey::Token(hash) => {
                let seat = self
                    .record
                    .seats
                    .iter()
                    .position(|s| s.token_hash.as_deref() == Some(hash.as_str()));
                match (seat, self.handed_refusal(hash)) {
                    (None, Some(refusal)) => Err(refusal),
                    (seat, _) => Ok(seat),
                }
            }
            SeatKey::Account { id, seat } => {
                let held: Vec<Seat> = (0..self.record.seats.len())
                    .filter(|&s| self.record.seats[s].account_id().as_deref() == Some(id.as_str()))
                    .collect();
                match (seat, held.as_slice()) {
                    (Some(s), _) => Ok(held.contains(s).then_some(*s)),
                    (None, [one]) => Ok(Some(*one)),
                    (None, []) => Ok(None),
                    (None, several) => Err(Status::invalid_argument(format!(
                        "your account holds seats {} of this match: say which one (seat)",
                        several
                            .iter()
                            .map(|s| s.to_string())
                            .collect::<Vec<_>>()
                            .join(" and ")
                    ))),
                }
            }
        }
    }
}
