//! Rating finished rated matches (issue 38): what a stored match comes to, the rating made
//! when a match ends, and the recovery pass.
//!
//! # The rules of a rated match
//!
//! A match is rated when it is created so (`CreateMatchRequest.rated`; a rematch of a rated
//! match is rated too). Every seat must be held by a signed-in account (a bot client playing
//! one of the server's AIs holds that AI's account), one seat per account; a join that would
//! break this is refused. There are no take-backs and no handing a seat to a bot. A match
//! that ends before every seat has made a choice of the game (a resignation or a timeout on
//! the first turns) is recorded as `aborted` and changes no rating. Only variants with at
//! least two sides of players can be rated ([`crate::ratings::sides`]).
//!
//! # Exactly once
//!
//! A match's outcome is stored with the choice that ends it; its rating comes after, as
//! one transaction keyed by the match id ([`crate::ratings::RatingStore::apply_rated`]),
//! which changes nothing when the match was rated before. The actor that ends the match
//! asks for it at once ([`rate_stored`]); should that node die or fail first, the recovery
//! pass ([`start`]) of any node rates every finished rated match not yet recorded: at
//! start-up, then every [`PASS_PERIOD`]. Both may run for one match, on any nodes: the
//! transaction decides which one changes the ratings.

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio::sync::watch;
use tracing::{info, warn};

use crate::ratings::sides::result_of;
use crate::ratings::{RatedMatch, Verdict};
use crate::record::Record;
use crate::store::{MatchRecord, Store, StoreError};

/// How often every node looks for finished rated matches not yet rated.
pub const PASS_PERIOD: Duration = Duration::from_secs(60);

/// Most matches rated per look (the rest wait for the next one).
const PER_PASS: usize = 256;

/// The verdict of a match that ended before every seat had made a choice.
pub const ABORTED: &str = "aborted";

/// What a stored match comes to: `None` when it is not rated or not over.
pub fn verdict(record: &MatchRecord, at_unix_ms: i64) -> Option<RatedMatch> {
    if !record.settings.rated {
        return None;
    }
    let outcome = record.outcome.as_ref()?;
    let chose = |seat: usize| {
        record
            .choices
            .iter()
            .any(|c| c.seat == seat && matches!(c.choice, Record::Game(_)))
    };
    let verdict = if !(0..record.seats.len()).all(chose) {
        Verdict::Unrated(ABORTED.into())
    } else {
        let accounts: Vec<Option<String>> = record.seats.iter().map(|s| s.account_id()).collect();
        match result_of(&record.game, &record.setup.variant, &accounts, outcome) {
            Ok(result) => Verdict::Rated(result),
            Err(why) => Verdict::Unrated(format!("refused: {why}")),
        }
    };
    Some(RatedMatch {
        match_id: record.id.clone(),
        game: record.game.clone(),
        variant: record.setup.variant.clone(),
        at_unix_ms,
        verdict,
    })
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// Rates match `id` as stored, if it is a finished rated match not rated yet. Returns
/// whether this call changed the ratings' record.
pub async fn rate_stored(store: &dyn Store, id: &str) -> Result<bool, StoreError> {
    let Some(record) = store.load(id).await? else {
        return Ok(false);
    };
    let Some(rated) = verdict(&record, now_ms()) else {
        return Ok(false);
    };
    let applied = store.apply_rated(&rated).await?;
    if applied {
        match &rated.verdict {
            Verdict::Rated(_) => info!(match_id = %id, "rated"),
            Verdict::Unrated(why) => info!(match_id = %id, why, "recorded as not rated"),
        }
    }
    Ok(applied)
}

/// Rates `id` in the background (the actor that just stored its outcome does not wait:
/// should this fail, the recovery pass rates it).
pub fn rate_soon(store: Arc<dyn Store>, id: String) {
    tokio::spawn(async move {
        if let Err(e) = rate_stored(store.as_ref(), &id).await {
            warn!(match_id = %id, error = %e, "could not rate the match now; the recovery pass will");
        }
    });
}

/// One recovery pass: rates the finished rated matches not yet recorded. Returns how many
/// this pass recorded.
pub async fn recover(store: &dyn Store) -> Result<usize, StoreError> {
    let mut done = 0;
    for id in store.unrated_finished(PER_PASS).await? {
        if rate_stored(store, &id).await? {
            done += 1;
        }
    }
    Ok(done)
}

/// Runs the recovery pass now and then every [`PASS_PERIOD`] until `closing` says the
/// server stops.
pub fn start(store: Arc<dyn Store>, mut closing: watch::Receiver<bool>) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(PASS_PERIOD);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = closing.changed() => return,
            }
            if *closing.borrow() {
                return;
            }
            match recover(store.as_ref()).await {
                Ok(0) => {}
                Ok(n) => info!(matches = n, "the recovery pass rated finished matches"),
                Err(e) => warn!(error = %e, "the recovery pass could not rate"),
            }
        }
    });
}
