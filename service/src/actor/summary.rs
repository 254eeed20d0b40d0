//! The lobby's view of a match (its summary and seats) and the games' names for seats.

use hustings_engine::{self as engine, Seat};
use hustings_proto::v1 as pb;

use crate::store::MatchRecord;

/// The engine's catalogue, built once: it is fixed data, and building it renders every
/// game's descriptions, while seat names are looked up for every update sent.
pub(super) fn catalogue() -> &'static [engine::GameInfo] {
    static CATALOGUE: std::sync::OnceLock<Vec<engine::GameInfo>> = std::sync::OnceLock::new();
    CATALOGUE.get_or_init(engine::catalogue)
}

/// The game's name for a seat.
pub fn seat_name(record: &MatchRecord, seat: Seat) -> String {
    catalogue()
        .iter()
        .find(|g| g.id == record.game)
        .and_then(|g| {
            g.variant(&record.setup.variant)
                .and_then(|v| v.seat_names.get(seat).cloned())
        })
        .unwrap_or_else(|| format!("Seat {seat}"))
}

/// The lobby's view of a match record.
pub fn summary_of(
    record: &MatchRecord,
    presence: &[u32],
    status: pb::MatchStatus,
    outcome: Option<pb::Outcome>,
) -> pb::MatchSummary {
    pb::MatchSummary {
        match_id: record.id.clone(),
        game: record.game.clone(),
        variant: record.setup.variant.clone(),
        status: status as i32,
        seats: seats_of(record, presence),
        version: record.choices.len() as u64,
        options: record.options.iter().cloned().collect(),
        created_at_unix_ms: record.created_at_unix_ms,
        outcome,
        clock: record.settings.clock.to_pb(),
        abandon_grace_ms: record.settings.abandon_grace_ms.unwrap_or(0),
        rematch_of: record.settings.rematch_of.clone().unwrap_or_default(),
        rematch_match_id: record.rematch_next.clone().unwrap_or_default(),
        // From the hub's pool registry: the caller fills it in.
        bot_waits: Vec::new(),
        // Only ListMyMatches fills these in.
        my_seats: Vec::new(),
        my_turn: false,
        rated: record.settings.rated,
        bots_claim_wins: record.settings.bots_claim_wins,
    }
}

/// The lobby's view of a match's seats.
pub(super) fn seats_of(record: &MatchRecord, presence: &[u32]) -> Vec<pb::SeatSummary> {
    record
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| pb::SeatSummary {
            seat: i as u32,
            name: seat_name(record, i),
            bot: s.bot,
            ai: s.ai.clone(),
            ai_level: s.ai_level.clone(),
            taken: s.token_hash.is_some(),
            player_name: s.player_name.clone(),
            client_kind: match s.client_kind.as_str() {
                "human" => pb::ClientKind::Human,
                "bot" => pb::ClientKind::Bot,
                _ => pb::ClientKind::Unspecified,
            } as i32,
            connected: presence.get(i).copied().unwrap_or(0) > 0,
            handle: s.account_handle.clone(),
            handle_bot: !s.account_handle.is_empty() && s.client_kind == "bot",
        })
        .collect()
}
