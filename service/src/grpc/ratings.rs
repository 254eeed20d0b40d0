//! GetRatings and GetLeaderboard: the ratings of rated matches, read from the store
//! ([`crate::ratings`]). Both are public, like GetProfile: a rating says no more than the
//! results of matches anyone may list.

use hustings_engine as engine;
use hustings_proto::v1 as pb;
use tonic::Status;

use crate::accounts::handle::id_of;
use crate::ratings::records::MAX_LEADERBOARD;
use crate::ratings::{HistoryRow, RatingRow, Who};
use crate::store::{Store, StoreError};
use crate::validate::quote;

/// Lines of a leaderboard when the request asks for none in particular.
const DEFAULT_LEADERBOARD: usize = 20;

fn unavailable(e: StoreError) -> Status {
    Status::unavailable(format!("could not read the ratings: {e}"))
}

/// The wire form of a stored rating.
pub fn rating_pb(row: &RatingRow) -> pb::PlayerRating {
    let r = row.rating;
    let (low, high) = r.interval_95();
    pb::PlayerRating {
        game: row.game.clone(),
        variant: row.variant.clone(),
        rating: r.display(),
        low,
        high,
        provisional: r.is_provisional(),
        games: row.games,
        mu: r.mu,
        sigma: r.sigma,
        updated_at_unix_ms: row.updated_at_unix_ms,
        history: Vec::new(),
    }
}

/// Most points of a rating's history GetRatings sends: a chart's worth.
pub const MAX_HISTORY: usize = 200;

/// The wire form of a rating's history: the latest [`MAX_HISTORY`] points, oldest first.
fn history_pb(rows: &[HistoryRow]) -> Vec<pb::RatingPoint> {
    let skip = rows.len().saturating_sub(MAX_HISTORY);
    rows[skip..]
        .iter()
        .map(|h| {
            let (low, high) = h.after.interval_95();
            pb::RatingPoint {
                match_id: h.match_id.clone(),
                rating: h.after.display(),
                low,
                high,
                provisional: h.after.is_provisional(),
                at_unix_ms: h.at_unix_ms,
            }
        })
        .collect()
}

/// GetRatings: an account's ratings, by game and variant.
pub async fn get_ratings(
    store: &dyn Store,
    req: &pb::GetRatingsRequest,
) -> Result<pb::GetRatingsResponse, Status> {
    let id = id_of(&req.handle);
    let account = store
        .accounts()
        .account(&id)
        .await
        .map_err(unavailable)?
        .filter(|a| !a.deleted)
        .ok_or_else(|| Status::not_found("no account has that handle"))?;
    let rows = store.ratings_of(&id).await.map_err(unavailable)?;
    let mut ratings = Vec::with_capacity(rows.len());
    for row in &rows {
        let mut r = rating_pb(row);
        if req.include_history {
            let history = store
                .rating_history(&id, &row.game, &row.variant)
                .await
                .map_err(unavailable)?;
            r.history = history_pb(&history);
        }
        ratings.push(r);
    }
    Ok(pb::GetRatingsResponse {
        handle: account.handle,
        bot: account.bot.is_some(),
        ratings,
    })
}

/// GetLeaderboard: a variant's best ratings.
pub async fn get_leaderboard(
    store: &dyn Store,
    req: &pb::GetLeaderboardRequest,
) -> Result<pb::GetLeaderboardResponse, Status> {
    let info = engine::game_info(&req.game)
        .ok_or_else(|| Status::invalid_argument(format!("unknown game {}", quote(&req.game))))?;
    let variant = if req.variant.is_empty() {
        info.variants
            .first()
            .map(|v| v.id.clone())
            .unwrap_or_default()
    } else {
        info.variant(&req.variant)
            .map(|v| v.id.clone())
            .ok_or_else(|| {
                Status::invalid_argument(format!(
                    "game '{}' has no variant {}",
                    info.id,
                    quote(&req.variant)
                ))
            })?
    };
    // The enum was checked with the request (validate.rs).
    let who = match pb::LeaderboardFilter::try_from(req.filter) {
        Ok(pb::LeaderboardFilter::People) => Who::People,
        Ok(pb::LeaderboardFilter::Bots) => Who::Bots,
        _ => Who::Everyone,
    };
    let limit = match req.limit {
        0 => DEFAULT_LEADERBOARD,
        n => (n as usize).min(MAX_LEADERBOARD),
    };
    let standings = store
        .leaderboard(&info.id, &variant, who, limit)
        .await
        .map_err(unavailable)?;
    Ok(pb::GetLeaderboardResponse {
        game: info.id.clone(),
        variant,
        entries: standings
            .iter()
            .enumerate()
            .map(|(i, s)| pb::LeaderboardEntry {
                rank: i as u32 + 1,
                handle: s.handle.clone(),
                bot: s.bot,
                rating: Some(rating_pb(&s.row)),
            })
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use hustings_ratings::{MatchResult, Side};

    use super::*;
    use crate::accounts::records::{AccountRecord, BotInfo, HoldsAccounts};
    use crate::ratings::{RatedMatch, RatingStore, Verdict};
    use crate::store::MemoryStore;

    fn account(handle: &str, bot: bool) -> AccountRecord {
        AccountRecord {
            id: id_of(handle),
            handle: handle.into(),
            display_name: handle.into(),
            password_hash: String::new(),
            created_at_unix_ms: 0,
            bot: bot.then(BotInfo::default),
            deleted: false,
        }
    }

    /// A store where Ada beat the bot Robo in one rated The Vote match.
    async fn rated_store() -> MemoryStore {
        let store = MemoryStore::default();
        for (h, bot) in [("Ada", false), ("Robo", true), ("Cy", false)] {
            store
                .accounts()
                .ensure_account(&account(h, bot))
                .await
                .expect("account");
        }
        let side = |a: &str, seat: &str, rank| Side {
            accounts: vec![a.to_string()],
            seat: seat.into(),
            rank,
        };
        let rated = RatedMatch {
            match_id: "m1".into(),
            game: "the-vote".into(),
            variant: "standard".into(),
            at_unix_ms: 9,
            verdict: Verdict::Rated(MatchResult {
                game: "the-vote".into(),
                variant: "standard".into(),
                sides: vec![side("ada", "0/2", 1), side("robo", "1/2", 2)],
            }),
        };
        assert!(store.apply_rated(&rated).await.expect("rated"));
        store
    }

    #[tokio::test]
    async fn get_ratings_gives_value_interval_provisional_and_games() {
        let store = rated_store().await;
        let req = |h: &str| pb::GetRatingsRequest {
            handle: h.into(),
            include_history: false,
        };
        let ada = get_ratings(&store, &req("ADA")).await.expect("found");
        assert_eq!((ada.handle.as_str(), ada.bot), ("Ada", false));
        assert_eq!(ada.ratings.len(), 1);
        let r = &ada.ratings[0];
        assert_eq!(
            (r.game.as_str(), r.variant.as_str()),
            ("the-vote", "standard")
        );
        assert!(r.rating > 1500 && r.low < r.rating && r.rating < r.high);
        assert!(r.provisional);
        assert_eq!((r.games, r.updated_at_unix_ms), (1, 9));
        // An account with no rated match has none; an unknown one is NOT_FOUND.
        let cy = get_ratings(&store, &req("cy")).await.expect("found");
        assert!(cy.ratings.is_empty());
        let unknown = get_ratings(&store, &req("nobody")).await.unwrap_err();
        assert_eq!(unknown.code(), tonic::Code::NotFound);
    }

    /// With include_history, each rating comes with one point per rated match, oldest
    /// first, the last point being the rating itself; without it, none.
    #[tokio::test]
    async fn get_ratings_sends_the_history_when_asked() {
        let store = rated_store().await;
        let second = RatedMatch {
            match_id: "m2".into(),
            game: "the-vote".into(),
            variant: "standard".into(),
            at_unix_ms: 20,
            verdict: Verdict::Rated(MatchResult {
                game: "the-vote".into(),
                variant: "standard".into(),
                sides: vec![
                    Side {
                        accounts: vec!["robo".into()],
                        seat: "0/2".into(),
                        rank: 1,
                    },
                    Side {
                        accounts: vec!["ada".into()],
                        seat: "1/2".into(),
                        rank: 2,
                    },
                ],
            }),
        };
        assert!(store.apply_rated(&second).await.expect("rated"));
        let req = |history| pb::GetRatingsRequest {
            handle: "ada".into(),
            include_history: history,
        };
        let plain = get_ratings(&store, &req(false)).await.expect("found");
        assert!(plain.ratings[0].history.is_empty());
        let ada = get_ratings(&store, &req(true)).await.expect("found");
        let r = &ada.ratings[0];
        let points: Vec<(&str, i64)> = r
            .history
            .iter()
            .map(|p| (p.match_id.as_str(), p.at_unix_ms))
            .collect();
        assert_eq!(points, [("m1", 9), ("m2", 20)]);
        assert!(r.history[0].rating > 1500, "she won the first");
        assert!(
            r.history[1].rating < r.history[0].rating,
            "and lost the second"
        );
        let last = &r.history[1];
        assert_eq!(
            (last.rating, last.low, last.high, last.provisional),
            (r.rating, r.low, r.high, r.provisional),
            "the last point is the rating now"
        );
    }

    #[tokio::test]
    async fn get_leaderboard_ranks_people_bots_or_both() {
        let store = rated_store().await;
        let board = |filter: pb::LeaderboardFilter, variant: &str| pb::GetLeaderboardRequest {
            game: "the-vote".into(),
            variant: variant.into(),
            filter: filter as i32,
            limit: 0,
        };
        let all = get_leaderboard(&store, &board(pb::LeaderboardFilter::Unspecified, ""))
            .await
            .expect("read");
        assert_eq!(all.variant, "standard", "the game's first variant");
        let lines: Vec<(u32, &str, bool)> = all
            .entries
            .iter()
            .map(|e| (e.rank, e.handle.as_str(), e.bot))
            .collect();
        assert_eq!(lines, [(1, "Ada", false), (2, "Robo", true)]);
        let people = get_leaderboard(&store, &board(pb::LeaderboardFilter::People, ""))
            .await
            .expect("read");
        assert_eq!(people.entries.len(), 1);
        assert_eq!(people.entries[0].handle, "Ada");
        let bots = get_leaderboard(&store, &board(pb::LeaderboardFilter::Bots, "standard"))
            .await
            .expect("read");
        assert_eq!(bots.entries[0].handle, "Robo");
        assert_eq!(bots.entries[0].rank, 1);
        let bad = get_leaderboard(&store, &board(pb::LeaderboardFilter::Bots, "nope"))
            .await
            .unwrap_err();
        assert_eq!(bad.code(), tonic::Code::InvalidArgument);
    }
}
