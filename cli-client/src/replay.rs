//! `hustings replay`: step through a finished match, choice by choice.
//!
//! GetReplay gives the set-up, the seed and every choice. What each choice did comes from
//! the match stream read as a spectator from version 0: the server sends each version as
//! its own message, with its new log entries and the view after it.

use std::collections::BTreeMap;
use std::time::Duration;

use anyhow::Context;
use hustings_proto::v1::{GameView, GetReplayRequest, LastAction, LogEntry, WatchMatchRequest};

use crate::client::{Client, describe, status_error};
use crate::input::Input;
use crate::render::{self, Style, seat_name};

/// What one version brought.
#[derive(Default)]
struct Step {
    action: Option<LastAction>,
    log: Vec<LogEntry>,
    view: Option<GameView>,
}

/// How long to wait for the next message of the stream before taking what came as all.
const QUIET: Duration = Duration::from_secs(2);

/// Prints a finished match's record, one choice at a time (Enter) or all at once.
pub async fn replay(
    client: &mut Client,
    match_id: &str,
    all: bool,
    boards: bool,
    style: &Style,
) -> anyhow::Result<()> {
    let rep = client
        .get_replay(GetReplayRequest {
            match_id: match_id.to_string(),
        })
        .await
        .map_err(status_error)?
        .into_inner();
    let summary = rep.r#match.clone().unwrap_or_default();
    let seats = summary.seats.clone();
    println!(
        "{} {} — {}{} · {} seats · seed {} · {} choices",
        style.heading("Replay of match"),
        style.bold(match_id),
        summary.game,
        if summary.variant.is_empty() {
            String::new()
        } else {
            format!("/{}", summary.variant)
        },
        rep.seats,
        rep.seed,
        rep.choices.len()
    );
    if !summary.options.is_empty() {
        let mut opts: Vec<String> = summary
            .options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        opts.sort();
        println!("  options: {}", opts.join(" "));
    }
    println!("  {}", render::seats_line(&seats, style));

    let (setup_log, steps) = collect_steps(client, match_id).await?;
    println!("\n{}", style.heading("Set-up"));
    for e in &setup_log {
        println!("{}", render::log_entry(e, style));
    }
    let mut input = if all { None } else { Some(Input::open(None)?) };
    for (i, c) in rep.choices.iter().enumerate() {
        if let Some(inp) = input.as_mut() {
            print!(
                "{}",
                style.dim(&format!(
                    "[Enter: next choice ({}/{}), a: all the rest, q: stop] ",
                    i + 1,
                    rep.choices.len()
                ))
            );
            use std::io::Write;
            let _ = std::io::stdout().flush();
            match inp.next_line().await.as_deref().map(str::trim) {
                None | Some("q") | Some("quit") => {
                    println!();
                    return Ok(());
                }
                Some("a") | Some("all") => input = None,
                _ => {}
            }
        }
        let step = steps.get(&c.version);
        let label = step
            .and_then(|s| s.action.as_ref())
            .filter(|a| a.choice_id == c.choice_id && !a.label.is_empty())
            .map(|a| format!("{} [{}]", a.label, a.choice_id))
            .unwrap_or_else(|| c.choice_id.clone());
        println!(
            "\n{} {}: {label}",
            style.bold(&format!("v{}", c.version)),
            style.seat_bold(c.seat, &seat_name(&seats, c.seat)),
        );
        if let Some(s) = step {
            for e in &s.log {
                println!("{}", render::log_entry(e, style));
            }
            if boards && let Some(v) = &s.view {
                print!("{}", render::board(v, &seats, style));
            }
        }
    }
    if steps.is_empty() && !rep.choices.is_empty() {
        println!(
            "{}",
            style.dim("(the server sent no per-version log; the whole log is under Set-up)")
        );
    }
    if let Some(o) = &summary.outcome {
        println!();
        print!("{}", render::outcome(o, &seats, None, style));
    }
    Ok(())
}

/// Reads the match as a spectator from version 0: the log before the first choice, and
/// what each later version brought.
async fn collect_steps(
    client: &mut Client,
    match_id: &str,
) -> anyhow::Result<(Vec<LogEntry>, BTreeMap<u64, Step>)> {
    let mut stream = client
        .watch_match(WatchMatchRequest {
            match_id: match_id.to_string(),
            token: String::new(),
            from_version: 0,
        })
        .await
        .map_err(|s| anyhow::anyhow!("cannot read the match: {}", describe(&s)))?
        .into_inner();
    let mut snapshot_log: Vec<LogEntry> = Vec::new();
    let mut steps: BTreeMap<u64, Step> = BTreeMap::new();
    loop {
        let msg = match tokio::time::timeout(QUIET, stream.message()).await {
            Err(_) | Ok(Ok(None)) => break,
            Ok(r) => r
                .map_err(|s| anyhow::anyhow!(describe(&s)))
                .context("the match stream failed")?,
        };
        let Some(u) = msg else { break };
        if u.snapshot {
            snapshot_log = u.log;
        } else {
            let step = steps.entry(u.version).or_default();
            step.action = u.last_action;
            step.log.extend(u.log);
            step.view = u.view;
        }
        if steps.keys().next_back().is_some_and(|&v| v >= u.version) && u.outcome.is_some() {
            break;
        }
    }
    // Entries that belong to a version are shown with it; the rest came before any choice.
    let first_step_seq = steps
        .values()
        .flat_map(|s| s.log.iter().map(|e| e.seq))
        .min();
    let setup: Vec<LogEntry> = snapshot_log
        .into_iter()
        .filter(|e| first_step_seq.is_none_or(|f| e.seq < f))
        .collect();
    Ok((setup, steps))
}
