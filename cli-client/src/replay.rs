//! `hustings replay`: step through a finished match, choice by choice.
//!
//! GetReplay gives the set-up, the seed and every choice. What each choice did comes from
//! the match stream read as a spectator (see [`collect_steps`]): each version's new log
//! entries and the view after it.

use std::collections::BTreeMap;
use std::time::Duration;

use anyhow::Context;
use hustings_proto::v1::{GameView, GetReplayRequest, LogEntry, MatchUpdate, WatchMatchRequest};

use crate::client::{Client, describe, status_error};
use crate::input::Input;
use crate::reference::Reference;
use crate::render::style::count;
use crate::render::{self, Style, seat_name};

/// What one version brought.
#[derive(Default)]
struct Step {
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
    layout: render::Layout,
) -> anyhow::Result<()> {
    let rep = client
        .get_replay(GetReplayRequest {
            match_id: match_id.to_string(),
        })
        .await
        .map_err(status_error)?
        .into_inner();
    let summary = rep.summary.clone().unwrap_or_default();
    let seats = summary.seats.clone();
    println!(
        "{} {} — {}{} · {} · seed {} · {}",
        style.heading("Replay of match"),
        style.bold(match_id),
        summary.game,
        if summary.variant.is_empty() {
            String::new()
        } else {
            format!("/{}", summary.variant)
        },
        count(rep.seats, "seat", "seats"),
        rep.seed,
        count(rep.choices.len() as u64, "choice", "choices")
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

    // The replay carries each choice's label and log; boards need the views, which only the
    // match stream has.
    let steps = if boards {
        collect_steps(client, match_id, rep.choices.len()).await?.1
    } else {
        BTreeMap::new()
    };
    println!("\n{}", style.heading("Set-up"));
    for e in &rep.setup_log {
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
        let label = if c.label.is_empty() {
            c.choice_id.clone()
        } else {
            format!("{} [{}]", c.label, c.choice_id)
        };
        println!(
            "\n{} {}: {label}",
            style.bold(&format!("v{}", c.version)),
            style.seat_bold(c.seat, &seat_name(&seats, c.seat)),
        );
        for e in &c.log {
            println!("{}", render::log_entry(e, style));
        }
        if let Some(v) = step.and_then(|s| s.view.as_ref()) {
            print!("{}", render::board(v, &seats, style, layout));
        }
    }
    if boards && steps.is_empty() && !rep.choices.is_empty() {
        println!(
            "{}",
            style.dim("(the server sent no per-version views, so no boards can be drawn)")
        );
    }
    if let Some(o) = &summary.outcome {
        println!();
        print!("{}", render::outcome(o, &seats, None, style));
    }
    Ok(())
}

/// Reads the match as a spectator: the whole log from a fresh stream (a snapshot), and what
/// each version from 2 on brought from a stream resumed at version 1 (the server then sends
/// each later version as its own message). What set-up and the first choice logged cannot be
/// told apart, so those entries come first, under "Set-up".
async fn collect_steps(
    client: &mut Client,
    match_id: &str,
    choices: usize,
) -> anyhow::Result<(Vec<LogEntry>, BTreeMap<u64, Step>)> {
    let mut full = open(client, match_id, 0).await?;
    let snapshot_log = match next(&mut full).await? {
        Some(u) => u.log,
        None => Vec::new(),
    };
    drop(full);
    let mut steps: BTreeMap<u64, Step> = BTreeMap::new();
    if choices >= 2 {
        let mut stream = open(client, match_id, 1).await?;
        let mut reference = Reference::default();
        while let Some(mut u) = next(&mut stream).await? {
            reference.absorb(&u);
            if let Some(view) = u.view.as_mut() {
                reference.fill(view);
            }
            if u.snapshot {
                // The server chose to resync rather than replay (too many versions).
                steps.clear();
                break;
            }
            let done = u.outcome.is_some() || u.version >= choices as u64;
            steps.insert(
                u.version,
                Step {
                    log: u.log,
                    view: u.view,
                },
            );
            if done {
                break;
            }
        }
    }
    // Entries that belong to a later version are shown with it.
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

async fn open(
    client: &mut Client,
    match_id: &str,
    from_version: u64,
) -> anyhow::Result<tonic::Streaming<MatchUpdate>> {
    Ok(client
        .watch_match(WatchMatchRequest {
            match_id: match_id.to_string(),
            token: String::new(),
            from_version,
            include_json_view: true,
        })
        .await
        .map_err(|s| anyhow::anyhow!("cannot read the match: {}", describe(&s)))?
        .into_inner())
}

/// The next message, or `None` when the stream ends or stays quiet.
async fn next(stream: &mut tonic::Streaming<MatchUpdate>) -> anyhow::Result<Option<MatchUpdate>> {
    match tokio::time::timeout(QUIET, stream.message()).await {
        Err(_) => Ok(None),
        Ok(r) => r
            .map_err(|s| anyhow::anyhow!(describe(&s)))
            .context("the match stream failed"),
    }
}
