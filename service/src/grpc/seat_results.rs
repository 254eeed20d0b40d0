//! An account's results per seat (GetProfile's `seat_results`): for each game, variant and
//! seat it has held in finished matches, how often it won, drew and lost there. In games of
//! unequal sides (Votes for Women's Opposition wins most between equals) a player's record
//! means little without the seat it was made on.

use std::collections::BTreeMap;

use hustings_engine as engine;
use hustings_proto::v1 as pb;

use crate::store::Listed;

/// Most finished matches the profile reads for these figures (the latest ones): a bound on
/// the work one GetProfile does, however long the account has played.
pub const SCAN: usize = 1_000;

/// How a finished match went for the seat the account held.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Result {
    Won,
    Drawn,
    Lost,
}

/// The result of seat `seat` in a match of `game` won by `winners`. No winner is a draw,
/// except in Votes for Women, where it is the Oppobot's win (the one player with no seat).
fn result(game: &str, winners: &[usize], seat: usize) -> Result {
    if winners.contains(&seat) {
        Result::Won
    } else if winners.is_empty() && game != engine::votes_for_women::GAME_ID {
        Result::Drawn
    } else {
        Result::Lost
    }
}

/// The seat's name in the variant ("Suffragist", "Equality"), or "Seat N" when the
/// catalogue names none.
fn seat_name(game: &str, variant: &str, seat: usize) -> String {
    engine::game_info(game)
        .and_then(|g| {
            g.variant(variant)
                .and_then(|v| v.seat_names.get(seat).cloned())
        })
        .unwrap_or_else(|| format!("Seat {}", seat + 1))
}

/// Tallies the finished matches in `matches` by the seats the account `account` (its id)
/// held: one line per game, variant and seat, in that order.
pub fn seat_results(account: &str, matches: &[Listed]) -> Vec<pb::SeatResults> {
    let mut tally: BTreeMap<(String, String, usize), [u32; 3]> = BTreeMap::new();
    for l in matches {
        let r = &l.record;
        let Some(outcome) = &r.outcome else { continue };
        for (seat, s) in r.seats.iter().enumerate() {
            if s.account_id().as_deref() != Some(account) {
                continue;
            }
            let key = (r.game.clone(), r.setup.variant.clone(), seat);
            let counts = tally.entry(key).or_default();
            match result(&r.game, &outcome.winners, seat) {
                Result::Won => counts[0] += 1,
                Result::Drawn => counts[1] += 1,
                Result::Lost => counts[2] += 1,
            }
        }
    }
    tally
        .into_iter()
        .map(
            |((game, variant, seat), [won, drawn, lost])| pb::SeatResults {
                seat_name: seat_name(&game, &variant, seat),
                game,
                variant,
                seat: seat as u32,
                played: won + drawn + lost,
                won,
                drawn,
                lost,
            },
        )
        .collect()
}

#[cfg(test)]
mod tests {
    use hustings_engine::{Outcome, Setup};

    use super::*;
    use crate::store::{MatchRecord, SeatRecord};

    fn finished(game: &str, variant: &str, holders: &[&str], winners: &[usize]) -> Listed {
        let record = MatchRecord {
            id: "m".into(),
            game: game.into(),
            setup: Setup::new(variant, holders.len(), 1),
            options: Vec::new(),
            seats: holders
                .iter()
                .map(|h| SeatRecord {
                    account_handle: h.to_string(),
                    ..SeatRecord::default()
                })
                .collect(),
            choices: Vec::new(),
            created_at_unix_ms: 0,
            outcome: Some(Outcome {
                winners: winners.to_vec(),
                reason: String::new(),
                scores: Vec::new(),
            }),
            settings: Default::default(),
            rematch_next: None,
            live: Default::default(),
        };
        Listed {
            record,
            version: 1,
            forfeit: None,
        }
    }

    #[test]
    fn results_are_told_apart_by_seat_and_count_only_the_accounts_seats() {
        let matches = [
            finished("votes-for-women", "standard", &["Ada", "bea"], &[0]),
            finished("votes-for-women", "standard", &["bea", "ada"], &[0]),
            finished("votes-for-women", "standard", &["ada", "bea"], &[1]),
            // No seat won Votes for Women: the Oppobot did, a loss.
            finished("votes-for-women", "coop", &["ada", "bea"], &[]),
            // No seat won The Vote: a draw.
            finished("the-vote", "standard", &["ada", "cy"], &[]),
            // Not hers.
            finished("the-vote", "standard", &["bea", "cy"], &[0]),
        ];
        let lines: Vec<(String, u32, u32, u32, u32)> = seat_results("ada", &matches)
            .into_iter()
            .map(|r| {
                (
                    format!("{} {} {}", r.game, r.variant, r.seat_name),
                    r.played,
                    r.won,
                    r.drawn,
                    r.lost,
                )
            })
            .collect();
        let name = |g: &str, v: &str, s: usize| format!("{g} {v} {}", seat_name(g, v, s));
        assert_eq!(
            lines,
            [
                (name("the-vote", "standard", 0), 1, 0, 1, 0),
                (name("votes-for-women", "coop", 0), 1, 0, 0, 1),
                (name("votes-for-women", "standard", 0), 2, 1, 0, 1),
                (name("votes-for-women", "standard", 1), 1, 0, 0, 1),
            ]
        );
        assert_eq!(seat_name("votes-for-women", "standard", 0), "Suffragist");
    }

    #[test]
    fn an_unfinished_match_counts_for_nothing() {
        let mut open = finished("the-vote", "standard", &["ada", "cy"], &[0]);
        open.record.outcome = None;
        assert!(seat_results("ada", &[open]).is_empty());
    }
}
