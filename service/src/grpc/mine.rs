//! ListMyMatches: an account's matches, the ones waiting for it first.
//!
//! The first page holds every unfinished match of the account — under way, the ones where
//! one of its seats must decide first, then those waiting for players — and then its
//! finished matches, newest first; later pages (the page token) go on through the finished
//! ones only. Whose turn it is comes from each match's actor, or for a match that left
//! memory from what its actor parked then (see [`to_act`]).

use std::sync::Arc;

use hustings_engine::Seat;
use hustings_proto::v1 as pb;
use tonic::Status;

use crate::accounts::credentials::Scope;
use crate::accounts::principal::Principal;
use crate::actor::Command;
use crate::hub::Hub;
use crate::paging;
use crate::store::{ListQuery, Listed, status};

/// Most unfinished matches listed (a first page shows them all, up to this).
const MAX_UNFINISHED: usize = 1000;

fn mine(l: &Listed, account: &str) -> Vec<u32> {
    (0..l.record.seats.len())
        .filter(|&s| l.record.seats[s].account_id().as_deref() == Some(account))
        .map(|s| s as u32)
        .collect()
}

async fn listed(hub: &Hub, query: ListQuery) -> Result<crate::store::ListPage, Status> {
    hub.store
        .list(&query)
        .await
        .map_err(|e| Status::unavailable(format!("could not list your matches: {e}")))
}

/// The seats that must decide in a match under way: its actor's answer while it is in
/// memory; else what it parked when it left memory (nobody acted since: that needs the
/// actor); only a match parked by an older server, or never parked, is loaded to answer.
async fn to_act(hub: &Arc<Hub>, l: &Listed) -> Vec<Seat> {
    let parked = l.record.live.parked.as_ref();
    if !hub.is_live(&l.record.id)
        && let Some(seats) = parked
            .filter(|p| p.version == l.version)
            .and_then(|p| p.to_act.clone())
    {
        return seats;
    }
    hub.ask(&l.record.id, |reply| Command::ToAct { reply })
        .await
        .unwrap_or_default()
}

/// The account's matches (see the module's documentation).
pub async fn list_mine(
    hub: &Arc<Hub>,
    p: &Principal,
    req: &pb::ListMyMatchesRequest,
) -> Result<pb::ListMatchesResponse, Status> {
    p.require(Scope::Play)?;
    let page_size = paging::page_size(req.page_size, 0, hub.limits.max_list);
    let after = paging::parse(&req.page_token)?;
    let account = Some(p.account.clone());
    let mut out: Vec<pb::MatchSummary> = Vec::new();
    if after.is_none() {
        let mut turn = Vec::new();
        let mut others = Vec::new();
        for st in [status::ACTIVE, status::WAITING] {
            let page = listed(
                hub,
                ListQuery {
                    status: st,
                    page_size: MAX_UNFINISHED,
                    account: account.clone(),
                    ..ListQuery::default()
                },
            )
            .await?;
            for l in &page.matches {
                let mut s = hub.summary_of_listed(l);
                s.my_seats = mine(l, &p.account);
                if st == status::ACTIVE {
                    let to_act = to_act(hub, l).await;
                    s.my_turn = s.my_seats.iter().any(|&m| to_act.contains(&(m as Seat)));
                }
                if s.my_turn {
                    turn.push(s)
                } else {
                    others.push(s)
                }
            }
        }
        out.extend(turn);
        out.extend(others);
    }
    let finished = listed(
        hub,
        ListQuery {
            status: status::FINISHED,
            page_size,
            after,
            account,
            ..ListQuery::default()
        },
    )
    .await?;
    out.extend(finished.matches.iter().map(|l| {
        let mut s = hub.summary_of_listed(l);
        s.my_seats = mine(l, &p.account);
        s
    }));
    Ok(pb::ListMatchesResponse {
        matches: out,
        next_page_token: finished
            .next
            .map(|n| paging::encode(&n))
            .unwrap_or_default(),
    })
}
