//! The lobby commands: `games`, `create`, `list`, `join`.

use std::collections::HashMap;
use std::fmt::Write as _;

use anyhow::{Context, bail};
use hustings_proto::v1::{
    ClientKind, ClockSetting, CreateMatchRequest, GameInfo, JoinMatchRequest, JoinMatchResponse,
    ListGamesRequest, ListMatchesRequest, MatchStatus, MatchSummary, SeatConfig, TimeoutPolicy,
    option_spec,
};

use crate::cli::{ListArgs, SetupArgs};
use crate::client::{Client, status_error};
use crate::render::style::count;
use crate::render::{Style, seats_line, status_word};

/// `hustings games`: the catalogue.
pub async fn games(client: &mut Client, style: &Style) -> anyhow::Result<()> {
    let games = client
        .list_games(ListGamesRequest {})
        .await
        .map_err(status_error)?
        .into_inner()
        .games;
    if games.is_empty() {
        crate::outln!("The server hosts no games.");
    }
    for g in &games {
        crate::outp!("{}", describe_game(g, style));
    }
    Ok(())
}

/// One game of the catalogue, with its variants, seats and options.
pub fn describe_game(g: &GameInfo, style: &Style) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}  {}", style.heading(&g.id), style.bold(&g.name));
    if !g.summary.is_empty() {
        let _ = writeln!(out, "  {}", g.summary);
    }
    let _ = writeln!(out, "  Variants (--variant):");
    for (i, v) in g.variants.iter().enumerate() {
        let default = if i == 0 { " (default)" } else { "" };
        let seats = if v.min_seats == v.max_seats {
            count(v.min_seats, "seat", "seats")
        } else {
            format!(
                "{}–{} seats, default {}",
                v.min_seats, v.max_seats, v.default_seats
            )
        };
        let _ = writeln!(
            out,
            "    {}{default}: {} — {seats}",
            style.bold(&v.id),
            v.name
        );
        if !v.description.is_empty() {
            let _ = writeln!(out, "      {}", v.description);
        }
        let names: Vec<String> = v
            .seat_names
            .iter()
            .enumerate()
            .map(|(i, n)| format!("{i}={n}"))
            .collect();
        if !names.is_empty() {
            let _ = writeln!(out, "      seats: {}", names.join(", "));
        }
        let policy = if v.timeout_policy == TimeoutPolicy::Unspecified as i32 {
            g.timeout_policy
        } else {
            v.timeout_policy
        };
        let on_timeout = match TimeoutPolicy::try_from(policy) {
            Ok(TimeoutPolicy::Forfeit) => "the seat forfeits",
            Ok(TimeoutPolicy::DefaultChoice) => "a default choice is made for the seat",
            _ => "",
        };
        if !on_timeout.is_empty() {
            let _ = writeln!(out, "      out of time (--clock): {on_timeout}");
        }
    }
    if !g.options.is_empty() {
        let _ = writeln!(out, "  Options (--option KEY=VALUE):");
    }
    for o in &g.options {
        let values = match &o.kind {
            Some(option_spec::Kind::Int(i)) => {
                format!("{}..{}, default {}", i.min, i.max, i.default_value)
            }
            Some(option_spec::Kind::Bool(b)) => format!("true/false, default {}", b.default_value),
            Some(option_spec::Kind::Choice(c)) => {
                format!("{}, default {}", c.values.join("/"), c.default_value)
            }
            None => "text".to_string(),
        };
        let _ = writeln!(out, "    {} ({values}): {}", style.bold(&o.key), o.label);
        if !o.description.is_empty() && o.description != o.label {
            let _ = writeln!(out, "      {}", o.description);
        }
    }
    if !g.ais.is_empty() {
        let _ = writeln!(out, "  AIs for bot seats (--bot SEAT=AI or SEAT=AI:LEVEL):");
    }
    for a in &g.ais {
        let _ = writeln!(
            out,
            "    {}: {} — {}",
            style.bold(&a.id),
            a.name,
            a.description
        );
        for l in &a.levels {
            let default = if l.id == a.default_level {
                " (default)"
            } else {
                ""
            };
            let _ = writeln!(
                out,
                "      {}:{}{default}: {}",
                a.id,
                style.bold(&l.id),
                l.description
            );
        }
    }
    out.push('\n');
    out
}

/// Builds a CreateMatch request from the command line's set-up flags.
pub fn create_request(game: &str, setup: &SetupArgs) -> anyhow::Result<CreateMatchRequest> {
    let mut options = HashMap::new();
    for kv in &setup.options {
        let Some((k, v)) = kv.split_once('=') else {
            bail!("--option {kv:?}: write it as KEY=VALUE");
        };
        if k.trim().is_empty() {
            bail!("--option {kv:?}: the key is empty");
        }
        options.insert(k.trim().to_string(), v.trim().to_string());
    }
    let mut seat_config: Vec<SeatConfig> = Vec::new();
    for b in &setup.bots {
        let (seat, ai) = match b.split_once('=') {
            Some((s, ai)) => (s, ai.trim()),
            None => (b.as_str(), ""),
        };
        // `ismcts:easy`: the AI, then its level (a named one or the AI's own setting).
        let (ai, ai_level) = ai.split_once(':').unwrap_or((ai, ""));
        let seat: usize = seat
            .trim()
            .parse()
            .with_context(|| format!("--bot {b:?}: the seat must be a number from 0"))?;
        if seat >= 64 {
            bail!("--bot {b:?}: no game has that many seats");
        }
        if seat_config.len() <= seat {
            seat_config.resize(seat + 1, SeatConfig::default());
        }
        seat_config[seat] = SeatConfig {
            bot: true,
            ai: ai.trim().to_string(),
            ai_level: ai_level.trim().to_string(),
        };
    }
    Ok(CreateMatchRequest {
        game: game.to_string(),
        variant: setup.variant.clone().unwrap_or_default(),
        seats: setup.seats.unwrap_or(0),
        options,
        seed: setup.seed,
        seat_config,
        clock: setup.clock.as_deref().map(parse_clock).transpose()?,
        abandon_grace_ms: setup.abandon_grace.map(|s| s.saturating_mul(1000)),
        rated: setup.rated,
        bots_claim_wins: setup.bots_claim_wins,
    })
}

/// `30s` or `2d` (per decision), `10m+5s` (a game clock with an increment) or `1d+4h/3d`
/// (a correspondence clock: a bank with an increment, held to at most the cap).
pub fn parse_clock(spec: &str) -> anyhow::Result<ClockSetting> {
    use hustings_proto::v1::{GameClock, PerDecisionClock, clock_setting::Kind};
    let kind = match spec.split_once('+') {
        Some((base, rest)) => {
            let (inc, cap) = match rest.split_once('/') {
                Some((inc, cap)) => (inc, Some(cap)),
                None => (rest, None),
            };
            Kind::Game(GameClock {
                base_ms: parse_duration_ms(base)
                    .with_context(|| format!("--clock {spec:?}: the base time"))?,
                increment_ms: parse_duration_ms(inc)
                    .with_context(|| format!("--clock {spec:?}: the increment"))?,
                max_ms: cap
                    .map(parse_duration_ms)
                    .transpose()
                    .with_context(|| format!("--clock {spec:?}: the cap"))?
                    .unwrap_or(0),
            })
        }
        None => Kind::PerDecision(PerDecisionClock {
            limit_ms: parse_duration_ms(spec).with_context(|| format!("--clock {spec:?}"))?,
        }),
    };
    Ok(ClockSetting { kind: Some(kind) })
}

/// `90`, `90s`, `1.5m`, `2h` → milliseconds.
fn parse_duration_ms(text: &str) -> anyhow::Result<u64> {
    let t = text.trim();
    let (num, unit) = match t.char_indices().find(|(_, c)| c.is_ascii_alphabetic()) {
        Some((i, _)) => t.split_at(i),
        None => (t, "s"),
    };
    let n: f64 = num
        .trim()
        .parse()
        .map_err(|_| anyhow::anyhow!("'{t}' is not a time such as 30s, 10m or 1h"))?;
    let scale = match unit.trim() {
        "ms" => 1.0,
        "s" | "sec" => 1_000.0,
        "m" | "min" => 60_000.0,
        "h" => 3_600_000.0,
        "d" | "day" | "days" => 86_400_000.0,
        other => bail!("unknown time unit '{other}': use s, m, h or d"),
    };
    if !(n.is_finite() && n >= 0.0) {
        bail!("'{t}' is not a time such as 30s, 10m or 1h");
    }
    Ok((n * scale).round() as u64)
}

/// Creates a match and returns it.
pub async fn create(
    client: &mut Client,
    game: &str,
    setup: &SetupArgs,
    key: Option<&str>,
) -> anyhow::Result<MatchSummary> {
    let req = crate::client::with_key(create_request(game, setup)?, key)?;
    let resp = match client.create_match(req).await {
        Ok(r) => r.into_inner(),
        // Logged in, the account's token went where the key was wanted: say what to give.
        Err(s)
            if key.is_none()
                && s.code() == tonic::Code::Unauthenticated
                && s.message().contains("create key") =>
        {
            return Err(status_error(s))
                .context("this server asks for a create key to create matches: give it with --key KEY (or HUSTINGS_KEY)");
        }
        Err(s) => return Err(status_error(s)),
    };
    resp.summary
        .context("the server created a match but did not describe it")
}

/// `hustings list`.
pub async fn list(client: &mut Client, args: &ListArgs, style: &Style) -> anyhow::Result<()> {
    let status = match args.status.as_deref() {
        None => MatchStatus::Unspecified,
        Some("waiting") => MatchStatus::Waiting,
        Some("active") => MatchStatus::Active,
        Some("finished") => MatchStatus::Finished,
        Some(other) => bail!("--status {other:?}: use waiting, active or finished"),
    };
    let matches = client
        .list_matches(ListMatchesRequest {
            game: args.game.clone().unwrap_or_default(),
            status: status as i32,
            open_seats_only: args.open,
            limit: args.limit.unwrap_or(0),
            ..Default::default()
        })
        .await
        .map_err(status_error)?
        .into_inner()
        .matches;
    if matches.is_empty() {
        crate::outln!("No matches.");
    }
    for m in &matches {
        crate::outln!("{}", match_line(m, style));
    }
    Ok(())
}

/// One match as a line of the list.
pub fn match_line(m: &MatchSummary, style: &Style) -> String {
    let variant = if m.variant.is_empty() {
        String::new()
    } else {
        format!("/{}", m.variant)
    };
    format!(
        "{}  {}{variant}  {}  v{}  {}  {}",
        style.bold(&m.match_id),
        m.game,
        status_word(m.status),
        m.version,
        seats_line(&m.seats, style),
        style.dim(&format!("{} · {}", pace_text(m), absence_text(m)))
    )
}

/// The match's clock in the `--clock` flag's own words: "no clock", "30s a decision",
/// "10m+5s", "1d+4h/3d".
pub fn pace_text(m: &MatchSummary) -> String {
    use hustings_proto::v1::clock_setting::Kind;
    let d = |ms: u64| short_duration(ms / 1000);
    match m.clock.as_ref().and_then(|c| c.kind.as_ref()) {
        None => "no clock".into(),
        Some(Kind::PerDecision(p)) => format!("{} a decision", d(p.limit_ms)),
        Some(Kind::Game(g)) if g.max_ms > 0 => {
            format!("{}+{}/{}", d(g.base_ms), d(g.increment_ms), d(g.max_ms))
        }
        Some(Kind::Game(g)) => format!("{}+{}", d(g.base_ms), d(g.increment_ms)),
    }
}

/// What a seat's absence leads to in match `m`: after how long the others may claim the
/// win, and whether bots may too.
pub fn absence_text(m: &MatchSummary) -> String {
    if m.abandon_grace_ms == 0 {
        return "no win by absence".to_string();
    }
    let who = if m.bots_claim_wins {
        "anyone"
    } else {
        "people"
    };
    format!(
        "away {} → {who} may claim",
        short_duration(m.abandon_grace_ms / 1000)
    )
}

/// `90` → `1m30s`, `180` → `3m`, `7200` → `2h`, `86400` → `1d`.
fn short_duration(secs: u64) -> String {
    let units = [(86_400, "d"), (3_600, "h"), (60, "m"), (1, "s")];
    let mut left = secs;
    let mut text = String::new();
    for (size, unit) in units {
        if left >= size {
            text += &format!("{}{unit}", left / size);
            left %= size;
        }
    }
    if text.is_empty() { "0s".into() } else { text }
}

/// Takes a seat as a person (`logged_in`: for the account, which then holds the seat).
pub async fn join(
    client: &mut Client,
    match_id: &str,
    seat: Option<u32>,
    name: Option<&str>,
    logged_in: bool,
) -> anyhow::Result<JoinMatchResponse> {
    // Logged in and no name given: the server shows the account's display name.
    let display_name = match name {
        Some(n) => n.to_string(),
        None if logged_in => String::new(),
        None => default_name(),
    };
    Ok(client
        .join_match(JoinMatchRequest {
            match_id: match_id.to_string(),
            seat,
            display_name,
            client_kind: ClientKind::Human as i32,
        })
        .await
        .map_err(status_error)?
        .into_inner())
}

/// The name shown to others when none is given: the login name.
pub fn default_name() -> String {
    std::env::var("USER")
        .or_else(|_| std::env::var("USERNAME"))
        .ok()
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| "player".to_string())
}

/// The `hustings` command line that reaches `server` (the flag only when not the default).
pub fn server_flag(server: &str) -> String {
    if server == crate::DEFAULT_SERVER {
        String::new()
    } else {
        format!(" --server {server}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hustings_proto::v1::{
        GameClock, IntOption, OptionSpec, PerDecisionClock, VariantInfo, clock_setting,
    };

    #[test]
    fn clocks_are_read_as_per_decision_or_base_plus_increment() {
        let kind = |t: &str| parse_clock(t).map(|c| c.kind);
        assert_eq!(
            kind("30s").ok(),
            Some(Some(clock_setting::Kind::PerDecision(PerDecisionClock {
                limit_ms: 30_000
            })))
        );
        assert_eq!(
            kind("1.5m+0").ok(),
            Some(Some(clock_setting::Kind::Game(GameClock {
                base_ms: 90_000,
                increment_ms: 0,
                max_ms: 0
            })))
        );
        // A correspondence clock: 1 day + 4 h a move, up to 3 days; or 2 days a move.
        assert_eq!(
            kind("1d+4h/3d").ok(),
            Some(Some(clock_setting::Kind::Game(GameClock {
                base_ms: 86_400_000,
                increment_ms: 14_400_000,
                max_ms: 259_200_000
            })))
        );
        assert_eq!(
            kind("2d").ok(),
            Some(Some(clock_setting::Kind::PerDecision(PerDecisionClock {
                limit_ms: 172_800_000
            })))
        );
        assert!(parse_clock("1d+4h/soon").is_err());
        assert!(parse_clock("soon").is_err());
        assert!(parse_clock("10x").is_err());
        assert!(parse_clock("-5s").is_err());
    }

    #[test]
    fn the_list_says_what_an_absence_leads_to() {
        let mut m = MatchSummary {
            abandon_grace_ms: 180_000,
            ..Default::default()
        };
        assert_eq!(absence_text(&m), "away 3m → people may claim");
        m.abandon_grace_ms = 90_000;
        m.bots_claim_wins = true;
        assert_eq!(absence_text(&m), "away 1m30s → anyone may claim");
        m.abandon_grace_ms = 86_400_000;
        assert_eq!(absence_text(&m), "away 1d → anyone may claim");
        m.abandon_grace_ms = 0;
        assert_eq!(absence_text(&m), "no win by absence");
        assert_eq!(pace_text(&m), "no clock");
        m.clock = Some(parse_clock("1d+4h/3d").expect("a clock"));
        assert_eq!(pace_text(&m), "1d+4h/3d");
        m.clock = Some(parse_clock("10m+5s").expect("a clock"));
        assert_eq!(pace_text(&m), "10m+5s");
        m.clock = Some(parse_clock("2d").expect("a clock"));
        assert_eq!(pace_text(&m), "2d a decision");
    }

    #[test]
    fn set_up_flags_become_a_create_request() {
        let setup = SetupArgs {
            variant: Some("convention".into()),
            seats: Some(4),
            options: vec!["rounds=5".into(), "convert_once = true".into()],
            bots: vec!["3=greedy".into(), "1".into(), "2=ismcts:easy".into()],
            seed: Some(9),
            clock: Some("10m+5s".into()),
            abandon_grace: Some(90),
            rated: true,
            bots_claim_wins: true,
        };
        let req = create_request("presidency", &setup).expect("valid");
        assert!(req.rated);
        assert!(req.bots_claim_wins);
        assert_eq!(
            req.clock.and_then(|c| c.kind),
            Some(clock_setting::Kind::Game(GameClock {
                base_ms: 600_000,
                increment_ms: 5_000,
                max_ms: 0
            }))
        );
        assert_eq!(req.abandon_grace_ms, Some(90_000));
        assert_eq!(req.game, "presidency");
        assert_eq!(req.variant, "convention");
        assert_eq!(req.seats, 4);
        assert_eq!(req.seed, Some(9));
        assert_eq!(req.options.get("rounds").map(String::as_str), Some("5"));
        assert_eq!(
            req.options.get("convert_once").map(String::as_str),
            Some("true")
        );
        let bots: Vec<(bool, &str, &str)> = req
            .seat_config
            .iter()
            .map(|s| (s.bot, s.ai.as_str(), s.ai_level.as_str()))
            .collect();
        assert_eq!(
            bots,
            vec![
                (false, "", ""),
                (true, "", ""),
                (true, "ismcts", "easy"),
                (true, "greedy", "")
            ]
        );
    }

    #[test]
    fn malformed_set_up_flags_are_refused_with_a_reason() {
        let bad_option = SetupArgs {
            options: vec!["rounds".into()],
            ..Default::default()
        };
        let err = create_request("presidency", &bad_option).expect_err("no =");
        assert!(err.to_string().contains("KEY=VALUE"));
        let bad_bot = SetupArgs {
            bots: vec!["republican".into()],
            ..Default::default()
        };
        let err = create_request("presidency", &bad_bot).expect_err("not a number");
        assert!(err.to_string().contains("seat must be a number"));
    }

    #[test]
    fn the_catalogue_lists_variants_seats_and_option_defaults() {
        let g = GameInfo {
            id: "presidency".into(),
            name: "The Presidential Race".into(),
            summary: "Race round a 40-space track.".into(),
            variants: vec![
                VariantInfo {
                    id: "standard".into(),
                    name: "Two parties".into(),
                    min_seats: 2,
                    max_seats: 2,
                    default_seats: 2,
                    seat_names: vec!["Democrat".into(), "Republican".into()],
                    ..Default::default()
                },
                VariantInfo {
                    id: "solo".into(),
                    name: "Alone".into(),
                    min_seats: 1,
                    max_seats: 1,
                    default_seats: 1,
                    ..Default::default()
                },
                VariantInfo {
                    id: "convention".into(),
                    name: "National Convention".into(),
                    min_seats: 2,
                    max_seats: 6,
                    default_seats: 4,
                    ..Default::default()
                },
            ],
            options: vec![OptionSpec {
                key: "rounds".into(),
                label: "Rounds".into(),
                description: "Rounds before the election".into(),
                kind: Some(option_spec::Kind::Int(IntOption {
                    min: 1,
                    max: 20,
                    default_value: 7,
                })),
            }],
            timeout_policy: 0,
            ais: hustings_proto::ais::catalogue(),
        };
        let text = describe_game(&g, &Style::PLAIN);
        // Every built-in AI and each of its levels, with its sentence, as --bot takes them.
        assert!(text.contains("AIs for bot seats (--bot SEAT=AI or SEAT=AI:LEVEL):"));
        assert!(
            text.contains("    greedy: Greedy — Looks one move ahead"),
            "{text}"
        );
        assert!(text.contains("      ismcts:easy: Thinks briefly"), "{text}");
        assert!(
            text.contains("      ismcts:hard (default): Searches the full"),
            "{text}"
        );
        assert!(text.contains("standard (default): Two parties — 2 seats"));
        assert!(text.contains("seats: 0=Democrat, 1=Republican"));
        assert!(text.contains("convention: National Convention — 2–6 seats, default 4"));
        assert!(text.contains("solo: Alone — 1 seat\n"), "{text}");
        assert!(text.contains("rounds (1..20, default 7): Rounds"));
    }
}
