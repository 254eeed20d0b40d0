//! Player ratings for the Hustings games (issue 38): pure computation, no I/O, no storage.
//!
//! # The model
//!
//! Weng and Lin's Bayesian approximation for online ranking (known as OpenSkill), in its
//! Bradley-Terry full-pairing form. It is chosen because our games need all of what it does
//! natively: sides of one or more accounts (Votes for Women's team variants), rankings of
//! two to six (Presidency's nominees), and ties; and it keeps an uncertainty per account,
//! which tells a new account from a settled one. Elo and Glicko are two-player only;
//! TrueSkill does the same job with a heavier update.
//!
//! The update comes from the [`skillratings`] crate (0.29.2 of September 2026; released
//! since 2022, six times in 2026; no dependencies; MIT/Apache-2.0), whose
//! `weng_lin_multi_team` is the paper's algorithm. Around it this crate adds OpenSkill's
//! drift term `tau` (skillratings has none) and the seat advantage. The result matches the
//! reference Python implementation, openskill 6.2.0's `BradleyTerryFull` with its defaults,
//! to 1e-9, with the seat correction off and also with it on (the reference then given
//! each seat as one more team member): see tests/ratings/reference.rs.
//!
//! Parameters are the model's defaults: a new account is mu 25, sigma 25/3; beta 25/6; tau
//! 25/300. A seat starts at mu 0, sigma 25/6, and drifts at a tenth of tau ([`Config`]).
//! [`Rating::display`] shows mu on an Elo-like scale (1500 for a new account,
//! [`rating::DISPLAY_PER_MU`] points per mu), and a rating is provisional while sigma is
//! at least [`rating::PROVISIONAL_SIGMA`] (Lichess's 110-point threshold on that scale).
//!
//! # Seats
//!
//! A seat can win more often between equal players (Votes for Women's Opposition about
//! 80%). Each seat of each game's variant is rated as a hidden extra member of whichever
//! side sits in it: its mu adds to the side's strength in the expected result, and every
//! rated result moves it like any member. The strong seat's mu climbs until its wins are
//! expected, after which a player gains from sitting there only by beating the seat's
//! usual win rate. See [`seat`] and docs/ratings.md, which also gives the simulation's
//! figures.
//!
//! # Use
//!
//! [`rate()`] takes one [`MatchResult`] and the current ratings and returns an [`Update`];
//! [`Ledger`] keeps ratings in memory and applies updates.
//!
//! ```
//! use hustings_ratings::{Config, Ledger, MatchResult, Side};
//!
//! let mut ledger = Ledger::new(Config::default());
//! let result = MatchResult {
//!     game: "votes-for-women".into(),
//!     variant: "1v1".into(),
//!     sides: vec![
//!         Side { accounts: vec!["ada"], seat: "suffragist".into(), rank: 1 },
//!         Side { accounts: vec!["bea"], seat: "opposition".into(), rank: 2 },
//!     ],
//! };
//! let update = ledger.record(&result)?;
//! assert_eq!(update.accounts.len(), 2);
//! assert_eq!(update.seats.len(), 2);
//! let ada = ledger.rating(&"ada");
//! assert!(ada.display() > 1500 && ada.is_provisional());
//! # Ok::<(), hustings_ratings::RateError>(())
//! ```

pub mod config;
pub mod ledger;
pub mod rate;
pub mod rating;
pub mod result;
pub mod seat;

pub use config::Config;
pub use ledger::Ledger;
pub use rate::{Update, rate};
pub use rating::Rating;
pub use result::{MatchResult, RateError, Side};
pub use seat::{SeatAdvantages, SeatKey};
