//! Taking in one update from the stream: what it tells the player, the prompt it leaves
//! waiting to be shown, and whether the session ends with it.
//!
//! The match's state is brought up to date first ([`Tracker::apply`]); then what is new is
//! printed, each kind of news checked against what was already told ([`Told`]) so that a
//! resumed stream repeating itself repeats nothing on screen.

use hustings_proto::v1::{Choice, MatchStatus, MatchUpdate, Prompt};
use tokio::time::Instant;

use super::presence::{bot_waits_text, presence_changes};
use super::state::Tracker;
use super::told::{Told, out, waiting_shown};
use super::{END_PROMPT, End, Pending, QUIT, Rematch, SETTLE, Session};
use crate::render::{self, seat_name};

impl Session {
    /// Takes in one update: prints what is new, and returns an ending when the match is over.
    pub(super) fn handle(
        &self,
        t: &mut Tracker,
        told: &mut Told,
        u: MatchUpdate,
        pending: &mut Option<Pending>,
    ) -> Option<End> {
        let style = &self.style;
        // An update older than the last version seen changes nothing and tells nothing.
        let applied = t.apply(&u)?;
        if let Some(before) = &applied.seats_before
            && told.header_shown
        {
            out(&presence_changes(before, &u.seats, u.viewer_seat, style));
        }
        if !told.header_shown {
            told.header_shown = true;
            self.print_header(t);
        }
        if applied.newer
            && !u.snapshot
            && let Some(a) = &u.last_action
        {
            out(&format!(
                "{}\n",
                render::last_action(a, &t.seats, t.viewer, style)
            ));
        }
        // A fresh stream's whole log is shown once, under the first board; later entries
        // are printed as they come.
        let first_snapshot = applied.first_snapshot;
        if !first_snapshot {
            for e in &t.log[applied.fresh_from..] {
                out(&format!("{}\n", render::log_entry(e, style)));
            }
        }

        if let Some(o) = &u.outcome {
            if !told.over_shown {
                told.over_shown = true;
                t.outcome = Some(o.clone());
                *pending = None;
                // The final board with the outcome under it, room left for the end prompt.
                let result: Vec<String> = render::outcome(o, &t.seats, t.viewer, style)
                    .lines()
                    .map(str::to_string)
                    .collect();
                let asks = self.token.is_some() && (self.ask_rematch || self.rematches > 0);
                out(&self.screen_with(t, None, result, if asks { END_PROMPT } else { 0 }, true));
            }
            return self.after_the_end(t, told, u, pending);
        }
        if u.status == MatchStatus::Finished as i32 {
            out("The match is over.\n");
            return Some(End::Finished);
        }
        if u.status == MatchStatus::Waiting as i32 {
            let open: Vec<u32> = t
                .seats
                .iter()
                .filter(|s| !s.taken)
                .map(|s| s.seat)
                .collect();
            if first_snapshot {
                out(&self.board_text(t));
            }
            if told.open_announced.as_ref() != Some(&open) {
                let names: Vec<String> = open.iter().map(|&s| seat_name(&t.seats, s)).collect();
                out(&format!(
                    "{} {}\n",
                    style.dim("Waiting for players to join:"),
                    names.join(", ")
                ));
                told.open_announced = Some(open);
            }
            let waits: Vec<String> = u.bot_waits.iter().map(|w| w.text.clone()).collect();
            if told.waits_announced.as_ref() != Some(&waits) {
                out(&bot_waits_text(
                    &u.bot_waits,
                    &t.seats,
                    &self.servers.to_string(),
                ));
                told.waits_announced = Some(waits);
            }
            return None;
        }
        match u.prompt {
            Some(prompt) if t.viewer == Some(prompt.seat) && self.token.is_some() => {
                hold(pending, u.version, prompt, None);
                told.announced = None;
            }
            _ => {
                if pending.as_ref().is_some_and(|p| p.version < u.version) {
                    *pending = None;
                }
                let announce = !u.to_act.is_empty() && told.announced.as_ref() != Some(&u.to_act);
                if first_snapshot || (announce && self.token.is_none()) {
                    out(&self.board_text(t));
                }
                if announce {
                    let names: Vec<String> = u
                        .to_act
                        .iter()
                        .map(|&s| style.seat_bold(s, &seat_name(&t.seats, s)))
                        .collect();
                    let line = format!("{} {}…", style.dim("waiting for"), names.join(", "));
                    out(&format!("{line}\n"));
                    waiting_shown();
                    told.waiting = Some(line);
                    told.announced = Some(u.to_act.clone());
                }
            }
        }
        None
    }

    /// Once the match is over: the rematch offer (asked, or answered by itself with
    /// --rematches), the wait for the others, and the rematch to follow.
    fn after_the_end(
        &self,
        t: &Tracker,
        told: &mut Told,
        u: MatchUpdate,
        pending: &mut Option<Pending>,
    ) -> Option<End> {
        if self.token.is_none() || (self.rematches == 0 && !self.ask_rematch) {
            return Some(End::Finished);
        }
        if !u.rematch_match_id.is_empty() {
            out(&format!(
                "{} {}\n",
                self.style.good("Rematch: the seats rotate; on to match"),
                self.style.bold(&u.rematch_match_id)
            ));
            let seats = t.seats.len() as u32;
            let seat = t.viewer.filter(|_| seats > 0).map(|v| (v + 1) % seats);
            if let Ok(mut next) = self.rematch.lock() {
                *next = Some(Rematch {
                    match_id: u.rematch_match_id,
                    seat,
                });
            }
            return Some(End::Rematch);
        }
        let offer = u
            .prompt
            .filter(|p| t.viewer == Some(p.seat) && p.choices.iter().any(|c| c.id == "rematch"));
        match offer {
            Some(mut prompt) => {
                // The end prompt offers leaving as well as the rematch.
                prompt.choices.push(Choice {
                    id: QUIT.into(),
                    label: "Leave (no rematch)".into(),
                    kind: QUIT.into(),
                    ..Default::default()
                });
                let auto = (self.rematches > 0).then(|| "rematch".to_string());
                hold(pending, u.version, prompt, auto);
                None
            }
            None if t.viewer.is_some_and(|v| u.rematch_offers.contains(&v)) => {
                if !told.rematch_told {
                    told.rematch_told = true;
                    out(&format!(
                        "{}\n",
                        self.style
                            .dim("Waiting for the others to accept the rematch… (Ctrl-C leaves)")
                    ));
                }
                None
            }
            None => Some(End::Finished),
        }
    }
}

/// Holds `prompt` (of `version`) to be shown once the stream settles, unless it is the one
/// already held: a repeat of the same prompt keeps its place (and whether it was shown).
fn hold(pending: &mut Option<Pending>, version: u64, prompt: Prompt, auto: Option<String>) {
    let same = pending
        .as_ref()
        .is_some_and(|p| p.version == version && p.prompt == prompt);
    if !same {
        *pending = Some(Pending {
            version,
            prompt,
            shown: false,
            show_at: Instant::now() + SETTLE,
            auto,
            redraw: false,
        });
    }
}
