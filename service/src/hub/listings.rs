//! Listings: the lobby's summary of a stored match (with its seats' presence kept by the
//! lobby) and ListMatches' pages.

use hustings_proto::v1 as pb;
use tonic::Status;

use crate::actor::summary_of;
use crate::paging;
use crate::store::{ListQuery, Listed};

use super::Hub;

impl Hub {
    /// The lobby's summary of a stored match: seats are connected only while the match is
    /// live and a stream is open.
    pub fn summary_of_listed(&self, l: &Listed) -> pb::MatchSummary {
        let presence: Vec<u32> = self
            .connected
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(&l.record.id)
            .map(|c| c.iter().map(|&c| c as u32).collect())
            .unwrap_or_default();
        let outcome = l.record.outcome.as_ref().map(|o| {
            let forfeit = l.forfeit.as_deref().unwrap_or("");
            let mut o =
                crate::convert::outcome(o, forfeit == crate::record::Ending::Resign.forfeit());
            o.forfeit = forfeit.into();
            o
        });
        let status = pb::MatchStatus::try_from(l.record.status()).unwrap_or_default();
        let mut s = summary_of(&l.record, &presence, status, outcome);
        s.version = l.version;
        s.abandon_grace_ms =
            crate::actor::effective_grace(&l.record.settings, self.limits.abandon_grace)
                .map_or(0, |g| g.as_millis() as u64);
        s.bot_waits = self.pools.waits_of(
            &s.game,
            s.status == pb::MatchStatus::Finished as i32,
            &s.seats,
        );
        s
    }

    /// Matches filtered and paged as ListMatches asks, newest first, from the store.
    pub async fn list(
        &self,
        req: &pb::ListMatchesRequest,
    ) -> Result<pb::ListMatchesResponse, Status> {
        let page_size = paging::page_size(req.page_size, req.limit, self.limits.max_list);
        let after = paging::parse(&req.page_token)?;
        let page = self
            .store
            .list(&ListQuery {
                game: req.game.clone(),
                status: req.status,
                open_seats_only: req.open_seats_only,
                page_size,
                after,
                account: None,
            })
            .await
            .map_err(|e| Status::unavailable(format!("could not list the matches: {e}")))?;
        Ok(pb::ListMatchesResponse {
            matches: page
                .matches
                .iter()
                .map(|l| self.summary_of_listed(l))
                .collect(),
            next_page_token: page
                .next
                .map(|after| paging::encode(&after))
                .unwrap_or_default(),
        })
    }
}
