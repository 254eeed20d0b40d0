//! News of the other seats: players joining, going away and coming back, and why empty bot
//! seats are still waiting with what would end the wait.
//!
//! Both are worked out from what the server sends (the seats before and after an update,
//! the bot seats' waits) into the lines to print; the session decides when to print them,
//! so these stay plain functions that a test can call with two lists of seats.

use hustings_proto::v1::SeatSummary;

use crate::lobby::server_flag;
use crate::render::{Style, seat_name};

/// Lines telling that other players joined, left or came back.
pub(super) fn presence_changes(
    old: &[SeatSummary],
    new: &[SeatSummary],
    viewer: Option<u32>,
    style: &Style,
) -> String {
    let mut text = String::new();
    for n in new.iter().filter(|n| Some(n.seat) != viewer) {
        let Some(o) = old.iter().find(|o| o.seat == n.seat) else {
            continue;
        };
        let who = style.seat_bold(n.seat, &n.name);
        let what = if !o.taken && n.taken {
            let by = if n.player_name.is_empty() {
                String::new()
            } else {
                format!(" ({})", n.player_name)
            };
            format!("{who}{by} joined")
        } else if o.connected && !n.connected {
            format!("{who} is away (disconnected)")
        } else if o.taken && !o.connected && n.connected {
            format!("{who} is connected")
        } else {
            continue;
        };
        text += &format!("{}\n", style.dim(&format!("· {what}")));
    }
    text
}

/// Why each empty bot seat waits, with what would end the wait: a pool to start, or an AI a
/// pool offers.
pub(super) fn bot_waits_text(
    waits: &[hustings_proto::v1::BotWait],
    seats: &[SeatSummary],
    server: &str,
) -> String {
    use hustings_proto::v1::BotWaitReason;
    let mut text = String::new();
    for w in waits {
        text += &format!("{}: {}\n", seat_name(seats, w.seat), w.text);
        if w.reason == BotWaitReason::AiNotOffered as i32 {
            let offered = w.offered.first().map_or("greedy", String::as_str);
            text += &format!(
                "  No pool can play '{}': create the match again with an AI a pool offers \
                 (--bot {}={offered}), or start a pool that plays it.\n",
                w.ai, w.seat
            );
        } else {
            // A pool plays the AI a seat asks for; --ai is only for seats that ask for none.
            text += &format!(
                "  Start a bot pool to fill it: hustings-bot pool --ai greedy{}\n",
                server_flag(server)
            );
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::session::tests::seats;

    #[test]
    fn other_players_joining_leaving_and_returning_are_told() {
        let mut old = seats();
        old[1].taken = false;
        old[1].connected = false;
        let mut joined = seats();
        joined[1].player_name = "bob".into();
        let text = presence_changes(&old, &joined, Some(0), &Style::PLAIN);
        assert_eq!(text, "· Republican (bob) joined\n");
        let mut away = joined.clone();
        away[1].connected = false;
        let text = presence_changes(&joined, &away, Some(0), &Style::PLAIN);
        assert_eq!(text, "· Republican is away (disconnected)\n");
        let text = presence_changes(&away, &joined, Some(0), &Style::PLAIN);
        assert_eq!(text, "· Republican is connected\n");
        // Nothing is said about the viewer's own seat, or when nothing changed.
        assert_eq!(presence_changes(&joined, &away, Some(1), &Style::PLAIN), "");
        assert_eq!(
            presence_changes(&joined, &joined, Some(0), &Style::PLAIN),
            ""
        );
    }
}
