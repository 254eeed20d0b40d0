//! Probes of a server holding a long history (see `hustings-fill`): how long a ListMatches
//! page takes, and how long the first WatchMatch of a match that is not in memory takes to
//! bring its first message (the match is rebuilt from the store for it).

use std::time::Instant;

use hustings_proto::v1 as pb;
use hustings_proto::v1::hustings_client::HustingsClient;
use tonic::transport::Channel;

use crate::{Latency, latency_histogram, record};

/// What the probes measured.
#[derive(Clone, Debug, Default)]
pub struct ProbeReport {
    /// ListMatches, page of 50: the first page, and pages reached with a token.
    pub list_first: Option<Latency>,
    pub list_next: Option<Latency>,
    /// ListMatches, page of 50, filtered on ACTIVE.
    pub list_active: Option<Latency>,
    pub list_calls: usize,
    /// The first message of a spectator's stream on a match not in memory.
    pub first_watch: Option<Latency>,
    pub watches: usize,
}

async fn list(
    c: &mut HustingsClient<Channel>,
    status: pb::MatchStatus,
    token: String,
) -> anyhow::Result<pb::ListMatchesResponse> {
    Ok(c.list_matches(pb::ListMatchesRequest {
        status: status as i32,
        page_size: 50,
        page_token: token,
        ..Default::default()
    })
    .await?
    .into_inner())
}

/// `pages` ListMatches of each kind, then the first watch of `watches` unfinished
/// matches without a clock (those with one are in memory from start-up), one at a time.
pub async fn run(channel: Channel, pages: usize, watches: usize) -> anyhow::Result<ProbeReport> {
    let mut c = HustingsClient::new(channel);
    let mut report = ProbeReport::default();
    if pages > 0 {
        let (mut first, mut next, mut active) = (
            latency_histogram(),
            latency_histogram(),
            latency_histogram(),
        );
        let mut token = String::new();
        for _ in 0..pages {
            let t = Instant::now();
            let page = list(&mut c, pb::MatchStatus::Unspecified, String::new()).await?;
            record(&mut first, t.elapsed());
            anyhow::ensure!(page.matches.len() == 50, "a full first page");
            let t = Instant::now();
            let page = list(&mut c, pb::MatchStatus::Unspecified, token.clone()).await?;
            record(&mut next, t.elapsed());
            token = page.next_page_token;
            let t = Instant::now();
            list(&mut c, pb::MatchStatus::Active, String::new()).await?;
            record(&mut active, t.elapsed());
        }
        report.list_first = Some(Latency::of(&first));
        report.list_next = Some(Latency::of(&next));
        report.list_active = Some(Latency::of(&active));
        report.list_calls = 3 * pages;
    }
    if watches > 0 {
        let mut ids = Vec::new();
        let mut token = String::new();
        while ids.len() < watches {
            let page = list(&mut c, pb::MatchStatus::Active, token).await?;
            ids.extend(
                page.matches
                    .iter()
                    .filter(|m| m.clock.is_none())
                    .map(|m| m.match_id.clone()),
            );
            token = page.next_page_token;
            if token.is_empty() {
                break;
            }
        }
        ids.truncate(watches);
        let mut h = latency_histogram();
        for id in &ids {
            let t = Instant::now();
            let mut s = c
                .watch_match(pb::WatchMatchRequest {
                    match_id: id.clone(),
                    ..Default::default()
                })
                .await?
                .into_inner();
            s.message()
                .await?
                .ok_or_else(|| anyhow::anyhow!("no first message"))?;
            record(&mut h, t.elapsed());
        }
        report.watches = ids.len();
        report.first_watch = Some(Latency::of(&h));
    }
    Ok(report)
}
