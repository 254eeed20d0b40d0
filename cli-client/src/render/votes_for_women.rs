//! The Votes for Women board, drawn from the typed `VotesForWomenView`.
//!
//! A score line (turn, phase, checks, Xs, Congress), then the map region by region: each
//! region's heading names the Campaigners standing there, and each state shows its code and
//! die number, its cubes (`p` purple, `y` yellow, `r` red), its mark (`✓` ratified, `✗`
//! rejected) and its State card (`[S]` claimed by the Suffragist, `[O]` by the Opposition,
//! `[·]` on display). Below come both sides' buttons and decks, the viewer's hand, the
//! claimed cards, the persistent boxes, the displays and what the game waits for.

use hustings_proto::v1::{VotesForWomenCard, VotesForWomenState, VotesForWomenView};

use super::style::{Style, count, pad};

/// States per printed row of a region.
const PER_ROW: usize = 4;
/// Printed width of one state cell.
const CELL: usize = 19;

/// The whole board as text, one line per row, ending with a newline.
pub fn board(v: &VotesForWomenView, style: &Style) -> String {
    let mut out = String::new();
    out += &header(v, style);
    out += &map(v, style);
    out += &sides(v, style);
    out += &players(v, style);
    out += &cards(v, style);
    out += &pending(v, style);
    out
}

/// The seat colour of a side: seat 0 for the Suffragist, seat 1 for the Opposition.
pub(crate) fn side_seat(side: &str) -> u32 {
    if side == "opposition" { 1 } else { 0 }
}

pub(crate) fn side_name(side: &str) -> &'static str {
    match side {
        "suffragist" => "Suffragist",
        "opposition" => "Opposition",
        _ => "—",
    }
}

pub(crate) fn phase_text(v: &VotesForWomenView) -> String {
    match v.phase.as_str() {
        "strategy" => "Strategy Phase".into(),
        "operations" => format!("Operations round {} of 6", v.round),
        "final-voting" => "Final Voting".into(),
        "cleanup" => "Cleanup: partners may exchange cards".into(),
        "finished" => "game over".into(),
        other => other.to_string(),
    }
}

fn header(v: &VotesForWomenView, style: &Style) -> String {
    let mut out = style.heading("VOTES FOR WOMEN") + "\n";
    out += &format!("Turn {} of 6 · {}", v.turn, phase_text(v));
    if v.phase == "operations" {
        // In team modes (and against the Oppobot) name the player, not just the side.
        let who = if v.active_player.is_empty() {
            side_name(&v.active_side).to_string()
        } else {
            v.active_player.clone()
        };
        out += &format!(" · {who} to play");
    }
    if !v.viewer_player.is_empty() && v.viewer_player != side_name(&v.viewer_side) {
        out += &format!(" · you are {}", v.viewer_player);
    }
    out.push('\n');
    let congress = v.congress.unwrap_or_default();
    let sent = if congress.amendment_sent {
        style.good("19th Amendment sent to the states")
    } else {
        "19th Amendment not yet sent".into()
    };
    out += &format!(
        "Checks {} {}/{} · Xs {} {}/{} · Congress {} · {sent}\n",
        style.good("✓"),
        v.checks,
        v.checks_to_win,
        style.bad("✗"),
        v.xs,
        v.xs_to_win,
        congress.position,
    );
    out.push('\n');
    out
}

/// The cubes of a state in short form ("2p 1y", "3r", "-").
pub fn cubes(s: &VotesForWomenState) -> String {
    let mut parts = Vec::new();
    for (n, letter) in [(s.purple, 'p'), (s.yellow, 'y'), (s.red, 'r')] {
        if n > 0 {
            parts.push(format!("{n}{letter}"));
        }
    }
    if parts.is_empty() {
        "-".into()
    } else {
        parts.join(" ")
    }
}

fn state_cell(s: &VotesForWomenState, style: &Style) -> String {
    let code = style.bold(&format!("{}{}", s.code, s.die));
    let cubes = cubes(s);
    let cubes = if s.red > 0 {
        style.seat(1, &cubes)
    } else if s.purple + s.yellow > 0 {
        style.seat(0, &cubes)
    } else {
        style.dim(&cubes)
    };
    let mark = match s.mark.as_str() {
        "check" => format!(" {}", style.good("✓")),
        "x" => format!(" {}", style.bad("✗")),
        _ => String::new(),
    };
    let card = match s.state_card.as_str() {
        "suffragist" => format!(" {}", style.seat(0, "[S]")),
        "opposition" => format!(" {}", style.seat(1, "[O]")),
        "available" => " [·]".into(),
        _ => String::new(),
    };
    pad(&format!("{code} {cubes}{mark}{card}"), CELL)
}

fn map(v: &VotesForWomenView, style: &Style) -> String {
    let mut out = String::new();
    for r in &v.regions {
        let here: Vec<String> = v
            .campaigners
            .iter()
            .filter(|c| c.region == r.slug)
            .map(|c| style.seat_bold(side_seat(&c.side), &format!("{} Campaigner", c.hue)))
            .collect();
        let who = if here.is_empty() {
            String::new()
        } else {
            format!(" — {}", here.join(", "))
        };
        out += &format!("{} {}{who}\n", style.bold(&r.number.to_string()), r.name);
        let states: Vec<&VotesForWomenState> = r
            .states
            .iter()
            .filter_map(|code| v.states.iter().find(|s| &s.code == code))
            .collect();
        for row in states.chunks(PER_ROW) {
            let line: String = row.iter().map(|s| state_cell(s, style)).collect();
            out += "  ";
            out += line.trim_end();
            out.push('\n');
        }
    }
    out.push('\n');
    out
}

fn sides(v: &VotesForWomenView, style: &Style) -> String {
    let mut out = String::new();
    for s in &v.sides {
        let you = if s.side == v.viewer_side {
            " (you)"
        } else {
            ""
        };
        let name = style.seat_bold(side_seat(&s.side), side_name(&s.side));
        let mut line = format!(
            "{name}{you}: {}/{} buttons · {} in hand · deck {}",
            s.buttons, s.button_cap, s.hand_count, s.deck_count
        );
        if s.deck_top_count + s.deck_bottom_count > 0 {
            line += &format!(
                " ({} stacked on top, {} at the bottom)",
                s.deck_top_count, s.deck_bottom_count
            );
        }
        if s.drawn_count > 0 {
            line += &format!(" · {} drawn", s.drawn_count);
        }
        out += &line;
        out.push('\n');
        if !s.claimed.is_empty() {
            let names: Vec<&str> = s.claimed.iter().map(|c| c.name.as_str()).collect();
            out += &format!("  claimed: {}\n", names.join(", "));
        }
    }
    out
}

/// The players, when a side has two or the Oppobot plays: colour, cards held, claimed cards
/// and who acts now.
fn players(v: &VotesForWomenView, style: &Style) -> String {
    let team = v.players.len() > 2 || v.players.iter().any(|p| p.seat.is_none());
    if !team {
        return String::new();
    }
    let mut out = style.heading("Players")
        + "
";
    for p in &v.players {
        let seat = p.seat.unwrap_or_else(|| side_seat(&p.side));
        let mut line = format!(
            "  {} ({})",
            style.seat_bold(seat, &p.name),
            p.colour.replace('+', " or ")
        );
        if p.seat.is_none() {
            line += " · automated, its moves are in the log";
        } else {
            line += &format!(" · {} in hand", p.hand_count);
        }
        if p.name == v.viewer_player {
            line += " · you";
        }
        if !p.claimed.is_empty() {
            line += &format!(" · claimed: {}", names(&p.claimed));
        }
        if p.to_act {
            line += " ◀ to act";
        }
        out += &line;
        out.push('\n');
    }
    out
}

fn card_list(title: &str, list: &[VotesForWomenCard], style: &Style) -> String {
    if list.is_empty() {
        return String::new();
    }
    let mut out = style.heading(title) + "\n";
    for c in list {
        let cost = if c.cost > 0 {
            format!(" ({})", count(c.cost, "button", "buttons"))
        } else {
            String::new()
        };
        out += &format!(
            "  • {}{cost}: {}\n",
            style.bold(&c.name),
            style.dim(&c.description)
        );
    }
    out
}

pub(crate) fn names(list: &[VotesForWomenCard]) -> String {
    list.iter()
        .map(|c| c.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

fn cards(v: &VotesForWomenView, style: &Style) -> String {
    let mut out = String::new();
    out += &card_list("Your hand", &v.hand, style);
    out += &card_list("Opponent's hand (shown to you)", &v.opponent_hand, style);
    out += &card_list("Drawn, to place", &v.drawn, style);
    if !v.deck_top.is_empty() {
        // The next draw is the last one: list it first.
        let order: Vec<VotesForWomenCard> = v.deck_top.iter().rev().cloned().collect();
        out += &format!("On top of your deck, next first: {}\n", names(&order));
    }
    if !v.deck_bottom.is_empty() {
        out += &format!("At the bottom of your deck: {}\n", names(&v.deck_bottom));
    }
    for (title, list) in [
        ("In effect this turn", &v.rest_of_turn),
        ("In effect for the game", &v.rest_of_game),
        ("For Final Voting", &v.final_voting_box),
        ("State cards on display", &v.available_states),
        ("Strategy cards on display", &v.strategy_display),
        ("Out of the game", &v.out_of_game),
    ] {
        if !list.is_empty() {
            out += &format!("{title}: {}\n", names(list));
        }
    }
    out += &format!(
        "Strategy deck: {}\n",
        count(v.strategy_deck_count, "card", "cards")
    );
    out
}

pub(crate) fn pending(v: &VotesForWomenView, style: &Style) -> String {
    let mut out = String::new();
    if let Some(x) = &v.exchange {
        let what = match (x.offer.as_str(), &x.card) {
            ("give", Some(c)) => format!("{} offers {}", x.proposer, c.name),
            ("ask", Some(c)) => format!("{} asks for {}", x.proposer, c.name),
            ("held", _) => format!("{} proposes to swap held cards", x.proposer),
            _ => format!("{} may propose an exchange", x.proposer),
        };
        out += &format!("Cleanup exchange: {what}\n");
    }
    if !v.final_voting_picker.is_empty() && v.vote.is_none() {
        out += &format!("{} picks the next state to vote\n", v.final_voting_picker);
    }
    if let Some(c) = v.strategy_commit {
        out += &format!(
            "Suffragist committed {} for the Strategy card\n",
            count(c, "button", "buttons")
        );
    }
    if let Some(vote) = &v.vote {
        let roll = |n: u32| {
            if n == 0 {
                "—".to_string()
            } else {
                n.to_string()
            }
        };
        out += &format!(
            "Voting in {}: Suffragist {} · Opposition {}\n",
            vote.state,
            roll(vote.suffragist_roll),
            roll(vote.opposition_roll)
        );
    }
    let plays: Vec<String> = v
        .plays
        .iter()
        .map(|p| {
            let what = p
                .card
                .as_ref()
                .map(|c| c.name.clone())
                .unwrap_or_else(|| p.kind.replace('-', " "));
            let failed = if p.failed { " (failed)" } else { "" };
            let who = if p.player.is_empty() {
                side_name(&p.side).to_string()
            } else {
                p.player.clone()
            };
            format!("{who} {what}{failed}")
        })
        .collect();
    if !plays.is_empty() {
        out += &format!("Playing: {}\n", plays.join(" ▸ "));
    }
    if let Some(p) = &v.pending
        && !p.side.is_empty()
    {
        out += &style.seat(side_seat(&p.side), &format!("Waiting for {}", p.text));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::test_views::vfw_view;
    use hustings_proto::v1::VotesForWomenCongress;

    fn card(name: &str, description: &str) -> VotesForWomenCard {
        VotesForWomenCard {
            id: name.to_lowercase().replace(' ', "-"),
            name: name.into(),
            description: description.into(),
            ..Default::default()
        }
    }

    /// The shared sample view (`test_views`): seen by the Suffragist mid-Operations, cubes in
    /// California and New York, Utah ratified, New Jersey rejected.
    fn view() -> VotesForWomenView {
        vfw_view("standard")
    }

    #[test]
    fn team_modes_name_the_player_to_act_and_list_every_player() {
        use hustings_proto::v1::{VotesForWomenExchange, VotesForWomenPlayer};
        let mut v = view();
        v.variant = "coop".into();
        v.viewer_player = "Purple".into();
        v.active_player = "Yellow".into();
        let player =
            |seat: Option<u32>, side: &str, name: &str, colour: &str, to_act| VotesForWomenPlayer {
                seat,
                side: side.into(),
                name: name.into(),
                colour: colour.into(),
                hand_count: 3,
                to_act,
                ..Default::default()
            };
        v.players = vec![
            player(Some(0), "suffragist", "Purple", "purple", false),
            player(Some(1), "suffragist", "Yellow", "yellow", true),
            player(None, "opposition", "Oppobot", "red", false),
        ];
        v.players[0].claimed = vec![card("Ohio", "add cubes")];
        v.exchange = Some(VotesForWomenExchange {
            side: "suffragist".into(),
            proposer: "Purple".into(),
            offer: "held".into(),
            card: None,
        });
        let text = board(&v, &Style::PLAIN);
        assert!(text.contains("Operations round 3 of 6 · Yellow to play · you are Purple"));
        assert!(text.contains("  Purple (purple) · 3 in hand · you · claimed: Ohio\n"));
        assert!(text.contains("  Yellow (yellow) · 3 in hand ◀ to act\n"));
        assert!(text.contains("  Oppobot (red) · automated, its moves are in the log\n"));
        assert!(text.contains("Cleanup exchange: Purple proposes to swap held cards"));
        // The two-player board lists no players.
        assert!(!board(&view(), &Style::PLAIN).contains("Players"));
    }

    #[test]
    fn the_map_shows_cubes_marks_and_state_cards_region_by_region() {
        let text = board(&view(), &Style::PLAIN);
        let lines: Vec<&str> = text.lines().collect();
        let west = lines
            .iter()
            .position(|l| l.starts_with("1 West"))
            .expect("West heading");
        assert!(lines[west].contains("purple Campaigner"));
        assert!(!lines[west].contains("red Campaigner"));
        // Four states per row, in die order.
        assert!(
            lines[west + 1].starts_with("  WA1 -"),
            "{:?}",
            lines[west + 1]
        );
        assert!(lines[west + 1].contains("CA3 2p 1y [S]"));
        assert!(lines[west + 2].contains("UT6 - ✓"));
        let ne = lines
            .iter()
            .position(|l| l.starts_with("6 Northeast"))
            .expect("Northeast heading");
        assert!(ne > west + 2);
        assert!(lines[ne].contains("red Campaigner"));
        assert!(lines[ne + 1].contains("NY1 3r"));
        assert!(lines[ne + 2].contains("NJ8 - ✗ [·]"));
        for l in &lines {
            assert!(l.chars().count() <= 80, "too wide: {l:?}");
        }
    }

    #[test]
    fn the_board_shows_score_congress_buttons_hand_and_claimed_cards() {
        let text = board(&view(), &Style::PLAIN);
        assert!(text.contains("Turn 2 of 6 · Operations round 3 of 6 · Suffragist to play"));
        assert!(text.contains("Checks ✓ 1/36 · Xs ✗ 1/13 · Congress 4 · 19th Amendment not"));
        assert!(text.contains("Suffragist (you): 5/12 buttons · 2 in hand · deck 30"));
        assert!(text.contains("Opposition: 2/6 buttons · 4 in hand · deck 28"));
        assert!(text.contains("  claimed: California"));
        assert!(text.contains(
            "Your hand\n  • Seneca Falls Convention: place 2 cubes\n  • Big Parade (1 button): lobby"
        ));
        assert!(text.contains("In effect for the game: Anti Lobby"));
        assert!(text.contains("State cards on display: New Jersey"));
        assert!(text.contains("Out of the game: Civil War"));
        assert!(text.contains("Playing: Suffragist Seneca Falls"));
        assert!(text.contains("Waiting for Suffragist: place cubes (2 left)"));
        assert!(!text.contains("Opponent's hand"));
    }

    #[test]
    fn a_spectator_sees_no_hand_and_final_voting_shows_the_dice() {
        let mut v = view();
        v.viewer_side.clear();
        v.viewer_player.clear();
        v.hand.clear();
        v.phase = "final-voting".into();
        v.congress = Some(VotesForWomenCongress {
            position: 6,
            amendment_sent: true,
        });
        v.vote = Some(hustings_proto::v1::VotesForWomenVote {
            state: "OR".into(),
            suffragist_roll: 5,
            opposition_roll: 0,
        });
        let text = board(&v, &Style::PLAIN);
        assert!(!text.contains("Your hand") && !text.contains("(you)"));
        assert!(text.contains("Turn 2 of 6 · Final Voting\n"));
        assert!(text.contains("19th Amendment sent to the states"));
        assert!(text.contains("Voting in OR: Suffragist 5 · Opposition —"));
    }

    #[test]
    fn cubes_are_written_short_and_coloured_by_side() {
        let mut s = VotesForWomenState {
            code: "TX".into(),
            ..Default::default()
        };
        assert_eq!(cubes(&s), "-");
        s.red = 4;
        assert_eq!(cubes(&s), "4r");
        let text = board(&view(), &Style::COLOR);
        assert!(
            text.contains(&Style::COLOR.seat(1, "3r")),
            "red cubes in red"
        );
        assert!(
            text.contains(&Style::COLOR.seat(0, "2p 1y")),
            "purple and yellow"
        );
    }
}
