//! `ratings` and `leaderboard`: the ratings of rated matches (GetRatings, GetLeaderboard).
//! Both are public: no login needed, though `ratings` without a handle shows the account
//! this computer is logged in to.

use std::fmt::Write as _;

use anyhow::{Context, bail};
use hustings_proto::v1::{
    GetLeaderboardRequest, GetLeaderboardResponse, GetRatingsRequest, GetRatingsResponse,
    LeaderboardFilter, PlayerRating,
};

use crate::account::Current;
use crate::cli::{LeaderboardArgs, RatingsArgs};
use crate::client::{Client, status_error};
use crate::manage::handle_or_login;
use crate::render::Style;
use crate::render::style::{pad, truncate};

/// `hustings ratings [HANDLE]`.
pub async fn ratings(
    client: &mut Client,
    current: Option<Current>,
    args: RatingsArgs,
    style: &Style,
) -> anyhow::Result<()> {
    let handle = handle_or_login(client, current, args.handle).await?;
    if handle.trim().is_empty() {
        bail!("say whose ratings: hustings ratings HANDLE");
    }
    let answer = client
        .get_ratings(GetRatingsRequest {
            handle: handle.trim().to_string(),
            include_history: false,
        })
        .await
        .map_err(status_error)
        .with_context(|| format!("no ratings for {}", handle.trim()))?
        .into_inner();
    crate::outp!("{}", ratings_text(&answer, style));
    Ok(())
}

/// `hustings leaderboard GAME [--variant V] [--bots|--people]`.
pub async fn leaderboard(
    client: &mut Client,
    args: LeaderboardArgs,
    style: &Style,
) -> anyhow::Result<()> {
    let filter = if args.bots {
        LeaderboardFilter::Bots
    } else if args.people {
        LeaderboardFilter::People
    } else {
        LeaderboardFilter::Unspecified
    };
    let answer = client
        .get_leaderboard(GetLeaderboardRequest {
            game: args.game.clone(),
            variant: args.variant.clone().unwrap_or_default(),
            filter: filter as i32,
            limit: args.limit,
        })
        .await
        .map_err(status_error)
        .with_context(|| format!("no leaderboard for {}", args.game))?
        .into_inner();
    crate::outp!("{}", leaderboard_text(&answer, filter, style));
    Ok(())
}

/// A rating as people read it: `1562? (1080–2044)`, the mark while provisional.
pub fn rating_words(r: &PlayerRating) -> String {
    let mark = if r.provisional { "?" } else { "" };
    format!("{}{mark} ({}–{})", r.rating, r.low, r.high)
}

fn games_word(n: u32) -> String {
    if n == 1 {
        "1 game".into()
    } else {
        format!("{n} games")
    }
}

/// What `ratings` prints.
pub fn ratings_text(r: &GetRatingsResponse, style: &Style) -> String {
    let mut out = String::new();
    let kind = if r.bot { " (bot)" } else { "" };
    let _ = writeln!(out, "{}{kind}", style.bold(&r.handle));
    if r.ratings.is_empty() {
        let _ = writeln!(out, "  no rated matches yet");
    }
    for p in &r.ratings {
        let place = format!("{} {}", p.game, p.variant);
        let _ = writeln!(
            out,
            "  {} {}  {}",
            pad(&truncate(&place, 36), 36),
            pad(&rating_words(p), 20),
            style.dim(&games_word(p.games))
        );
    }
    if r.ratings.iter().any(|p| p.provisional) {
        let _ = writeln!(out, "  ? provisional: the rating is still uncertain");
    }
    out
}

/// What `leaderboard` prints.
pub fn leaderboard_text(
    b: &GetLeaderboardResponse,
    filter: LeaderboardFilter,
    style: &Style,
) -> String {
    let mut out = String::new();
    let whose = match filter {
        LeaderboardFilter::People => ", people",
        LeaderboardFilter::Bots => ", bots",
        LeaderboardFilter::Unspecified => "",
    };
    let _ = writeln!(
        out,
        "{}",
        style.bold(&format!("{} {}{whose}", b.game, b.variant))
    );
    if b.entries.is_empty() {
        let _ = writeln!(out, "  nobody has played a rated match of it yet");
    }
    for e in &b.entries {
        let Some(r) = &e.rating else { continue };
        let name = if e.bot {
            format!("{} (bot)", e.handle)
        } else {
            e.handle.clone()
        };
        let _ = writeln!(
            out,
            "  {:>3}. {} {}  {}",
            e.rank,
            pad(&truncate(&name, 30), 30),
            pad(&rating_words(r), 20),
            style.dim(&games_word(r.games))
        );
    }
    if b.entries
        .iter()
        .any(|e| e.rating.as_ref().is_some_and(|r| r.provisional))
    {
        let _ = writeln!(out, "  ? provisional: the rating is still uncertain");
    }
    out
}

#[cfg(test)]
mod tests {
    use hustings_proto::v1::LeaderboardEntry;

    use super::*;

    fn rating(value: i32, provisional: bool, games: u32) -> PlayerRating {
        PlayerRating {
            game: "the-vote".into(),
            variant: "standard".into(),
            rating: value,
            low: value - 400,
            high: value + 400,
            provisional,
            games,
            ..Default::default()
        }
    }

    #[test]
    fn ratings_show_value_interval_mark_and_games() {
        let text = ratings_text(
            &GetRatingsResponse {
                handle: "Ada".into(),
                bot: false,
                ratings: vec![rating(1562, true, 1)],
            },
            &Style::PLAIN,
        );
        assert!(text.starts_with("Ada\n"), "{text}");
        assert!(text.contains("the-vote standard"), "{text}");
        assert!(text.contains("1562? (1162–1962)"), "{text}");
        assert!(text.contains("1 game"), "{text}");
        assert!(text.contains("? provisional"), "{text}");
        let none = ratings_text(
            &GetRatingsResponse {
                handle: "greedy-ai".into(),
                bot: true,
                ratings: Vec::new(),
            },
            &Style::PLAIN,
        );
        assert_eq!(none, "greedy-ai (bot)\n  no rated matches yet\n");
    }

    #[test]
    fn a_leaderboard_numbers_its_lines_and_marks_bots() {
        let entry = |rank, handle: &str, bot, r| LeaderboardEntry {
            rank,
            handle: handle.into(),
            bot,
            rating: Some(r),
        };
        let text = leaderboard_text(
            &GetLeaderboardResponse {
                game: "the-vote".into(),
                variant: "standard".into(),
                entries: vec![
                    entry(1, "Ada", false, rating(1700, false, 40)),
                    entry(2, "greedy-ai", true, rating(1500, false, 31)),
                ],
            },
            LeaderboardFilter::Unspecified,
            &Style::PLAIN,
        );
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "the-vote standard");
        assert!(lines[1].starts_with("    1. Ada "), "{text}");
        assert!(lines[1].contains("1700 (1300–2100)"), "{text}");
        assert!(lines[2].contains("2. greedy-ai (bot)"), "{text}");
        assert!(!text.contains("provisional"), "{text}");
        let empty = leaderboard_text(
            &GetLeaderboardResponse {
                game: "presidency".into(),
                variant: "standard".into(),
                entries: Vec::new(),
            },
            LeaderboardFilter::People,
            &Style::PLAIN,
        );
        assert!(
            empty.starts_with("presidency standard, people\n"),
            "{empty}"
        );
    }
}
