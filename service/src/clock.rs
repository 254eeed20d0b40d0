//! Match clocks and the other per-match lifecycle settings (abandonment grace, rematch link).
//!
//! The match actor owns one [`Clocks`] per clocked match. A seat's clock runs only while the
//! seat has a decision pending in an ACTIVE match; the actor tells the clocks which seats run
//! after every change ([`Clocks::run_only`]) and charges them when a choice is made
//! ([`Clocks::charge`]). Time is read from `tokio::time::Instant`, so tests drive it with a
//! paused runtime.
//!
//! Durability: the remaining time of every seat is stored with each choice record. A restored
//! match resumes from the values stored with its last choice; the time between that choice
//! and the restart (the server being down included) is not charged to anyone, so a crash can
//! only give a seat back the time of its current decision, never take time it did not use.

use std::time::Duration;

use hustings_proto::v1 as pb;
use serde::{Deserialize, Serialize};
use tokio::time::Instant;

/// Shortest accepted limit or base time: anything shorter cannot be played over a network.
pub const MIN_CLOCK_MS: u64 = 1_000;
/// Longest accepted limit, base time or increment (a week).
pub const MAX_CLOCK_MS: u64 = 7 * 24 * 3_600_000;

/// The clock a match is played on, as chosen at CreateMatch.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClockSetting {
    /// No clock.
    #[default]
    None,
    /// The same time for every decision.
    PerDecision { limit_ms: u64 },
    /// A bank per seat for the whole match, plus an increment after each choice, the bank
    /// held to at most `max_ms` after an increment when it is not 0 (a correspondence
    /// clock: "1 day + 4 h a move, up to 3 days"). Left out of the stored JSON when 0, so
    /// older records read as uncapped and uncapped ones are stored as before.
    Game {
        base_ms: u64,
        increment_ms: u64,
        #[serde(default, skip_serializing_if = "is_zero")]
        max_ms: u64,
    },
}

fn is_zero(ms: &u64) -> bool {
    *ms == 0
}

/// A decision of at least this long, or a bank of at least [`OWN_PACE_BANK_MS`], makes a
/// match one played at one's own pace: its absences are the clock's business, not a
/// grace's (see [`ClockSetting::own_pace`]).
pub const OWN_PACE_DECISION_MS: u64 = 3_600_000;
/// See [`OWN_PACE_DECISION_MS`].
pub const OWN_PACE_BANK_MS: u64 = 24 * 3_600_000;

impl ClockSetting {
    /// Reads and checks the wire setting.
    pub fn from_pb(c: Option<&pb::ClockSetting>) -> Result<ClockSetting, String> {
        use pb::clock_setting::Kind;
        let in_range = |what: &str, ms: u64, min: u64| {
            if ms < min || ms > MAX_CLOCK_MS {
                Err(format!(
                    "clock {what} must be between {min} and {MAX_CLOCK_MS} ms; got {ms}"
                ))
            } else {
                Ok(ms)
            }
        };
        Ok(match c.and_then(|c| c.kind.as_ref()) {
            None => ClockSetting::None,
            Some(Kind::PerDecision(p)) => ClockSetting::PerDecision {
                limit_ms: in_range("per-decision limit", p.limit_ms, MIN_CLOCK_MS)?,
            },
            Some(Kind::Game(g)) => {
                let base_ms = in_range("base time", g.base_ms, MIN_CLOCK_MS)?;
                ClockSetting::Game {
                    base_ms,
                    increment_ms: in_range("increment", g.increment_ms, 0)?,
                    max_ms: match g.max_ms {
                        0 => 0,
                        max => in_range("cap (max_ms, at least the base time)", max, base_ms)?,
                    },
                }
            }
        })
    }

    /// A match at one's own pace (a correspondence clock): a decision of an hour or more,
    /// or a bank of a day or more. Such a match claims no win by absence unless its creator
    /// set a grace: a player away is what the clock is for.
    pub fn own_pace(self) -> bool {
        match self {
            ClockSetting::None => false,
            ClockSetting::PerDecision { limit_ms } => limit_ms >= OWN_PACE_DECISION_MS,
            ClockSetting::Game { base_ms, .. } => base_ms >= OWN_PACE_BANK_MS,
        }
    }

    /// The wire setting (`None` for no clock).
    pub fn to_pb(self) -> Option<pb::ClockSetting> {
        use pb::clock_setting::Kind;
        let kind = match self {
            ClockSetting::None => return None,
            ClockSetting::PerDecision { limit_ms } => {
                Kind::PerDecision(pb::PerDecisionClock { limit_ms })
            }
            ClockSetting::Game {
                base_ms,
                increment_ms,
                max_ms,
            } => Kind::Game(pb::GameClock {
                base_ms,
                increment_ms,
                max_ms,
            }),
        };
        Some(pb::ClockSetting { kind: Some(kind) })
    }

    /// Each seat's time before the first decision.
    fn full_ms(self) -> u64 {
        match self {
            ClockSetting::None => 0,
            ClockSetting::PerDecision { limit_ms } => limit_ms,
            ClockSetting::Game { base_ms, .. } => base_ms,
        }
    }
}

/// What a match keeps besides the game's set-up: chosen at CreateMatch (or inherited by a
/// rematch) and stored with the match.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchSettings {
    /// The clock.
    #[serde(default)]
    pub clock: ClockSetting,
    /// How long a seat that must act may be away before the others may claim the win;
    /// `None`: the server's default; `Some(0)`: never.
    #[serde(default)]
    pub abandon_grace_ms: Option<u64>,
    /// The match this one is a rematch of.
    #[serde(default)]
    pub rematch_of: Option<String>,
    /// A rated match (issue 38; the rules are the `rater` module's). Left out of the stored JSON when
    /// false, so that what unrated matches store is unchanged and older records read as
    /// unrated.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
    /// Bot seats too may claim the win over an absent person (issue 39: by default a person
    /// who steps away from a match against bots keeps the seat). Left out of the stored
    /// JSON when false, so older records read as "people only".
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bots_claim_wins: bool,
}

/// The running clocks of one match.
#[derive(Clone, Debug)]
pub struct Clocks {
    setting: ClockSetting,
    /// Time left per seat, as of `since` for a running seat.
    remaining: Vec<Duration>,
    /// When each running seat's clock was last charged; `None` while stopped.
    since: Vec<Option<Instant>>,
}

impl Clocks {
    /// Fresh clocks, or `None` for a match without a clock.
    pub fn new(setting: ClockSetting, seats: usize) -> Option<Clocks> {
        if setting == ClockSetting::None {
            return None;
        }
        Some(Clocks {
            setting,
            remaining: vec![Duration::from_millis(setting.full_ms()); seats],
            since: vec![None; seats],
        })
    }

    /// Puts back the times stored with a choice record (milliseconds per seat). A
    /// per-decision clock that is not running is full again.
    pub fn restore(&mut self, stored: &[u64]) {
        for (r, &ms) in self.remaining.iter_mut().zip(stored) {
            *r = Duration::from_millis(ms);
        }
    }

    /// The clocks of `running` seats have been running since `since` (an evicted match's
    /// clocks, which ran while it was out of memory).
    pub fn resume(&mut self, running: &[bool], since: Instant) {
        for (s, &run) in self.since.iter_mut().zip(running) {
            if run {
                *s = Some(since);
            }
        }
    }

    /// Every seat's time left at `now` (milliseconds) and which clocks run.
    pub fn snapshot(&mut self, now: Instant) -> (Vec<u64>, Vec<bool>) {
        self.settle(now);
        (
            self.stored(),
            self.since.iter().map(|s| s.is_some()).collect(),
        )
    }

    /// Charges every running clock up to `now` (they keep running from `now`).
    fn settle(&mut self, now: Instant) {
        for (r, s) in self.remaining.iter_mut().zip(self.since.iter_mut()) {
            if let Some(since) = s {
                *r = r.saturating_sub(now.saturating_duration_since(*since));
                *s = Some(now);
            }
        }
    }

    /// `seat` made a choice at `now`: charge the running clocks, then give `seat` its
    /// increment (a game clock) or a fresh decision's time (a per-decision clock), unless
    /// the choice was an undo. Returns what to store with the record.
    pub fn charge(&mut self, seat: usize, now: Instant, undo: bool) -> Vec<u64> {
        self.settle(now);
        if !undo && let Some(r) = self.remaining.get_mut(seat) {
            match self.setting {
                ClockSetting::PerDecision { limit_ms } => *r = Duration::from_millis(limit_ms),
                ClockSetting::Game {
                    increment_ms,
                    max_ms,
                    ..
                } => {
                    *r = r.saturating_add(Duration::from_millis(increment_ms));
                    if max_ms > 0 {
                        *r = (*r).min(Duration::from_millis(max_ms));
                    }
                }
                ClockSetting::None => {}
            }
        }
        self.stored()
    }

    /// Every seat's time left now, in milliseconds (to store).
    pub fn stored(&self) -> Vec<u64> {
        self.remaining
            .iter()
            .map(|r| r.as_millis() as u64)
            .collect()
    }

    /// Runs exactly the clocks of `running` from `now` and stops the others. A stopped
    /// per-decision clock is full again for the seat's next decision.
    pub fn run_only(&mut self, running: &[usize], now: Instant) {
        self.settle(now);
        let limit = match self.setting {
            ClockSetting::PerDecision { limit_ms } => Some(Duration::from_millis(limit_ms)),
            _ => None,
        };
        for seat in 0..self.since.len() {
            let run = running.contains(&seat);
            match (run, self.since[seat].is_some()) {
                (true, false) => self.since[seat] = Some(now),
                (false, true) => {
                    self.since[seat] = None;
                    if let Some(l) = limit {
                        self.remaining[seat] = l;
                    }
                }
                (false, false) => {
                    if let Some(l) = limit {
                        self.remaining[seat] = l;
                    }
                }
                (true, true) => {}
            }
        }
    }

    /// Stops every clock where it stands (the match is over).
    pub fn stop(&mut self, now: Instant) {
        self.settle(now);
        self.since.iter_mut().for_each(|s| *s = None);
    }

    /// When the first running clock runs out, and whose it is.
    pub fn next_expiry(&self) -> Option<(Instant, usize)> {
        self.since
            .iter()
            .enumerate()
            .filter_map(|(seat, s)| s.map(|since| (since + self.remaining[seat], seat)))
            .min()
    }

    /// Time left for `seat` at `now`.
    pub fn remaining_at(&self, seat: usize, now: Instant) -> Duration {
        let r = self.remaining.get(seat).copied().unwrap_or_default();
        match self.since.get(seat).copied().flatten() {
            Some(since) => r.saturating_sub(now.saturating_duration_since(since)),
            None => r,
        }
    }

    /// The clocks as a MatchUpdate shows them, at `now`.
    pub fn to_pb(&self, now: Instant) -> Vec<pb::SeatClock> {
        (0..self.remaining.len())
            .map(|seat| pb::SeatClock {
                seat: seat as u32,
                remaining_ms: self.remaining_at(seat, now).as_millis() as u64,
                running: self.since[seat].is_some(),
            })
            .collect()
    }

    /// The setting these clocks follow.
    pub fn setting(&self) -> ClockSetting {
        self.setting
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    #[test]
    fn a_game_clock_runs_only_for_the_seats_to_act_and_adds_the_increment() {
        let t0 = Instant::now();
        let mut c = Clocks::new(
            ClockSetting::Game {
                base_ms: 60_000,
                increment_ms: 5_000,
                max_ms: 0,
            },
            2,
        )
        .expect("a clock");
        c.run_only(&[0], t0);
        assert_eq!(c.remaining_at(0, t0 + secs(10)), secs(50));
        assert_eq!(c.remaining_at(1, t0 + secs(10)), secs(60));
        assert_eq!(c.charge(0, t0 + secs(10), false), vec![55_000, 60_000]);
        c.run_only(&[1], t0 + secs(10));
        assert_eq!(c.next_expiry(), Some((t0 + secs(70), 1)));
        // An undo gets no increment.
        assert_eq!(c.charge(1, t0 + secs(20), true), vec![55_000, 50_000]);
    }

    #[test]
    fn a_correspondence_bank_never_grows_past_its_cap() {
        let day = 86_400_000;
        let t0 = Instant::now();
        // 1 day + 4 h a move, up to 3 days (Rally the Troops' usual pace).
        let setting = ClockSetting::Game {
            base_ms: day,
            increment_ms: day / 6,
            max_ms: 3 * day,
        };
        let mut c = Clocks::new(setting, 2).expect("a clock");
        c.run_only(&[0], t0);
        // Moves an hour apart: 4 h in, 1 h out each time, until the cap holds it.
        let mut at = t0;
        let mut banks = Vec::new();
        for _ in 0..20 {
            at += secs(3_600);
            banks.push(c.charge(0, at, false)[0]);
            c.run_only(&[0], at);
        }
        assert_eq!(banks[0], day + day / 6 - 3_600_000);
        assert!(banks.iter().all(|&b| b <= 3 * day), "{banks:?}");
        assert_eq!(banks.last(), Some(&(3 * day)), "held at the cap");
        // The other seat's bank is untouched.
        assert_eq!(c.stored()[1], day);
    }

    #[test]
    fn own_pace_is_a_long_decision_or_a_bank_of_a_day() {
        let game = |base_ms| ClockSetting::Game {
            base_ms,
            increment_ms: 0,
            max_ms: 0,
        };
        assert!(!ClockSetting::None.own_pace());
        assert!(
            !ClockSetting::PerDecision {
                limit_ms: 59 * 60_000
            }
            .own_pace()
        );
        assert!(
            ClockSetting::PerDecision {
                limit_ms: 3_600_000
            }
            .own_pace()
        );
        assert!(!game(10 * 60_000).own_pace());
        assert!(game(86_400_000).own_pace());
    }

    #[test]
    fn an_uncapped_clock_is_stored_as_before_and_old_records_read_uncapped() {
        let old = r#"{"Game":{"base_ms":600000,"increment_ms":5000}}"#;
        let read: ClockSetting = serde_json::from_str(old).expect("an older record");
        assert_eq!(
            read,
            ClockSetting::Game {
                base_ms: 600_000,
                increment_ms: 5_000,
                max_ms: 0
            }
        );
        assert_eq!(serde_json::to_string(&read).expect("json"), old);
    }

    #[test]
    fn a_per_decision_clock_is_full_at_each_new_decision() {
        let t0 = Instant::now();
        let mut c = Clocks::new(ClockSetting::PerDecision { limit_ms: 30_000 }, 2).expect("clock");
        c.run_only(&[0], t0);
        assert_eq!(c.next_expiry(), Some((t0 + secs(30), 0)));
        c.charge(0, t0 + secs(20), false);
        c.run_only(&[0], t0 + secs(20));
        assert_eq!(c.next_expiry(), Some((t0 + secs(50), 0)), "a fresh 30 s");
        c.run_only(&[1], t0 + secs(25));
        assert_eq!(c.remaining_at(0, t0 + secs(25)), secs(30));
        assert_eq!(c.next_expiry(), Some((t0 + secs(55), 1)));
    }

    #[test]
    fn settings_are_checked() {
        let per = |ms| pb::ClockSetting {
            kind: Some(pb::clock_setting::Kind::PerDecision(pb::PerDecisionClock {
                limit_ms: ms,
            })),
        };
        assert_eq!(ClockSetting::from_pb(None), Ok(ClockSetting::None));
        assert_eq!(
            ClockSetting::from_pb(Some(&per(30_000))),
            Ok(ClockSetting::PerDecision { limit_ms: 30_000 })
        );
        assert!(ClockSetting::from_pb(Some(&per(10))).is_err());
        assert_eq!(
            ClockSetting::from_pb(Some(&per(30_000))).map(|c| c.to_pb()),
            Ok(Some(per(30_000)))
        );
        let game = |base_ms, max_ms| pb::ClockSetting {
            kind: Some(pb::clock_setting::Kind::Game(pb::GameClock {
                base_ms,
                increment_ms: 1_000,
                max_ms,
            })),
        };
        let capped = ClockSetting::from_pb(Some(&game(60_000, 120_000)));
        assert_eq!(capped.map(|c| c.to_pb()), Ok(Some(game(60_000, 120_000))));
        let below = ClockSetting::from_pb(Some(&game(60_000, 30_000)));
        assert!(
            below.is_err_and(|e| e.contains("cap")),
            "a cap below the base"
        );
        assert!(ClockSetting::from_pb(Some(&game(60_000, MAX_CLOCK_MS + 1))).is_err());
    }
}
