//! Updates checked against the reference implementation of the model.
//!
//! The expected numbers were produced by openskill 6.2.0 from PyPI (the OpenSkill
//! project's Python package), model `BradleyTerryFull` with its defaults (mu 25, sigma 25/3,
//! beta 25/6, tau 25/300, kappa 1e-4): that is Weng and Lin's full-pairing Bradley-Terry
//! algorithm, the one skillratings implements (not openskill's default PlackettLuce).
//! The script, run with `python3 -m venv /tmp/osk && /tmp/osk/bin/pip install openskill==6.2.0`:
//!
//! ```python
//! from openskill.models import BradleyTerryFull
//! m = BradleyTerryFull()
//! R = m.rating
//! def show(name, teams):
//!     for t in teams:
//!         print(name, [(repr(p.mu), repr(p.sigma)) for p in t])
//! show("1v1-new", m.rate([[R()], [R()]], ranks=[1, 2]))
//! show("1v1-upset", m.rate([[R(mu=30, sigma=4)], [R(mu=22, sigma=6)]], ranks=[2, 1]))
//! show("2v2", m.rate([[R(mu=28, sigma=5), R(mu=24, sigma=7)],
//!                     [R(mu=26, sigma=3), R(mu=20, sigma=8)]], ranks=[2, 1]))
//! show("ffa4-tie", m.rate([[R()], [R(mu=30, sigma=5)], [R(mu=20, sigma=6)],
//!                          [R(mu=27, sigma=3)]], ranks=[1, 2, 2, 4]))
//! show("1v1-seats", m.rate([[R(), R(mu=0, sigma=25/6)], [R(), R(mu=0, sigma=25/6)]],
//!                          ranks=[2, 1]))
//! ```
//!
//! Tolerance: 1e-9 on every mu and sigma (the two differ only in floating-point rounding).

use std::collections::BTreeMap;

use hustings_ratings::{Config, Rating, SeatAdvantages, SeatKey, config::DEFAULT_TAU, rate};

use crate::support::result;

const TOLERANCE: f64 = 1e-9;

fn plain() -> Config {
    Config {
        seat_advantage: false,
        ..Config::default()
    }
}

fn r(mu: f64, sigma: f64) -> Rating {
    Rating { mu, sigma }
}

fn assert_close(what: &str, got: Rating, want: (f64, f64)) {
    assert!(
        (got.mu - want.0).abs() < TOLERANCE && (got.sigma - want.1).abs() < TOLERANCE,
        "{what}: got {got:?}, reference {want:?}"
    );
}

/// Rates `sides` with `start` as the stored ratings and checks each account's new rating.
fn check(
    name: &str,
    start: &[(u32, Rating)],
    sides: &[(&[u32], &str, u32)],
    want: &[(u32, (f64, f64))],
) {
    let stored: BTreeMap<u32, Rating> = start.iter().copied().collect();
    let update = rate(
        &result("test", "test", sides),
        |a| stored.get(a).copied(),
        &SeatAdvantages::new(),
        &plain(),
    )
    .expect("a well-formed result");
    assert!(
        update.seats.is_empty(),
        "{name}: no seat learned with the correction off"
    );
    assert_eq!(update.accounts.len(), want.len(), "{name}");
    for ((account, got), (want_account, want)) in update.accounts.iter().zip(want) {
        assert_eq!(account, want_account, "{name}");
        assert_close(&format!("{name}, account {account}"), *got, *want);
    }
}

#[test]
fn one_v_one_between_new_accounts() {
    check(
        "1v1-new",
        &[],
        &[(&[1], "a", 1), (&[2], "b", 2)],
        &[
            (1, (27.635389493140497, 8.06590141354368)),
            (2, (22.364610506859503, 8.06590141354368)),
        ],
    );
}

#[test]
fn one_v_one_upset() {
    check(
        "1v1-upset",
        &[(1, r(30.0, 4.0)), (2, r(22.0, 6.0))],
        &[(&[1], "a", 2), (&[2], "b", 1)],
        &[
            (1, (28.79267521315586, 3.9675811325415333)),
            (2, (24.71582603895309, 5.830433793433786)),
        ],
    );
}

#[test]
fn two_v_two_teams() {
    check(
        "2v2",
        &[
            (1, r(28.0, 5.0)),
            (2, r(24.0, 7.0)),
            (3, r(26.0, 3.0)),
            (4, r(20.0, 8.0)),
        ],
        &[(&[1, 2], "a", 2), (&[3, 4], "b", 1)],
        &[
            (1, (26.869499556116804, 4.948164989640052)),
            (2, (21.78452051305645, 6.8556429962705945)),
            (3, (26.40718108184296, 2.9899175834507243)),
            (4, (22.89359138885627, 7.785008024701874)),
        ],
    );
}

#[test]
fn four_player_ranking_with_a_tie() {
    check(
        "ffa4-tie",
        &[(2, r(30.0, 5.0)), (3, r(20.0, 6.0)), (4, r(27.0, 3.0))],
        &[
            (&[1], "a", 1),
            (&[2], "b", 2),
            (&[3], "c", 2),
            (&[4], "d", 4),
        ],
        &[
            (1, (34.60942905989087, 6.990131884020143)),
            (2, (29.298414810241674, 4.7457178626967895)),
            (3, (22.430257421387616, 5.560405863490195)),
            (4, (25.398561145418633, 2.963082892284319)),
        ],
    );
}

/// The seat correction is exactly "the seat is one more team member": the reference rates
/// it as such (from the default seat prior, mu 0 and sigma 25/6), with one tau for
/// everyone, so the seat's drift is set to the accounts' here.
#[test]
fn seats_are_rated_as_hidden_team_members() {
    let config = Config {
        seat_tau: DEFAULT_TAU,
        ..Config::default()
    };
    let update = rate(
        &result(
            "votes-for-women",
            "1v1",
            &[(&[1], "suffragist", 2), (&[2], "opposition", 1)],
        ),
        |_| None,
        &SeatAdvantages::new(),
        &config,
    )
    .expect("a well-formed result");
    let accounts: Vec<_> = update.accounts.iter().map(|(a, r)| (*a, *r)).collect();
    assert_eq!(accounts.len(), 2);
    assert_close(
        "suffragist player",
        accounts[0].1,
        (22.59429369083935, 8.106514275714412),
    );
    assert_close(
        "opposition player",
        accounts[1].1,
        (27.40570630916065, 8.106514275714412),
    );
    let seats: Vec<_> = update.seats.iter().map(|(k, r)| (k.clone(), *r)).collect();
    assert_eq!(
        seats.iter().map(|(k, _)| k.clone()).collect::<Vec<_>>(),
        vec![
            SeatKey::new("votes-for-women", "1v1", "suffragist"),
            SeatKey::new("votes-for-women", "1v1", "opposition"),
        ]
    );
    assert_close(
        "suffragist seat",
        seats[0].1,
        (-0.6016069872223564, 4.13937519516246),
    );
    assert_close(
        "opposition seat",
        seats[1].1,
        (0.6016069872223564, 4.13937519516246),
    );
}
