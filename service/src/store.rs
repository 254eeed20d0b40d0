//! Event-sourced storage of matches.
//!
//! A match is stored as its set-up (game, variant, options, seed, seats) plus its ordered
//! choices; its state is whatever replaying those choices gives. Seat tokens are stored only
//! as hashes. The [`Store`] trait is what the hub and the match actors read and write
//! through, asynchronously: a store does its work off the actors' threads (SQLite on a
//! writer thread of its own, PostgreSQL on an async connection pool) and every write
//! returns only once it is durable. [`MemoryStore`] keeps records in memory (lost when the
//! server stops).
//!
//! What the server keeps in memory is only its live matches; everything else — the lobby's
//! listing, seat tokens, finished matches — is read from here when asked for.

use std::collections::{BTreeSet, HashMap};
use std::sync::Mutex;

use hustings_engine::{Outcome, Seat, Setup};
use hustings_proto::v1 as pb;
use serde::{Deserialize, Serialize};

use crate::accounts::records::{
    AccountError, AccountRecord, AccountStore, CredentialRecord, HoldsAccounts, MemoryAccounts,
    Revoke,
};
pub use crate::clock::MatchSettings;
use crate::ratings::memory::MemoryRatings;
use crate::ratings::{HistoryRow, RatedMatch, RatingRow, RatingStore, SeatRow, Standing, Who};
use crate::record::Record;

/// A match's status as stored (the values of `hustings.v1.MatchStatus`).
pub mod status {
    /// Some seat is open.
    pub const WAITING: i32 = 1;
    /// Every seat taken, not over.
    pub const ACTIVE: i32 = 2;
    /// Over.
    pub const FINISHED: i32 = 3;
}

/// How a seat was created and who holds it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRecord {
    /// The seat waits for an AI.
    pub bot: bool,
    /// The AI wanted, if any.
    pub ai: String,
    /// The AI strength wanted, if any.
    pub ai_level: String,
    /// SHA-256 of the seat token, hex; `None` while nobody has joined.
    pub token_hash: Option<String>,
    /// Display name of the client that joined.
    pub player_name: String,
    /// `human`, `bot` or empty.
    pub client_kind: String,
    /// The handle (as written) of the account that holds the seat; empty for a guest. Its
    /// lower case is the account's id ([`SeatRecord::account_id`]).
    #[serde(default)]
    pub account_handle: String,
}

impl SeatRecord {
    /// The id of the account that holds the seat, if one does.
    pub fn account_id(&self) -> Option<String> {
        (!self.account_handle.is_empty())
            .then(|| crate::accounts::handle::id_of(&self.account_handle))
    }
}

/// One recorded choice (or a reserved record: `resign`, `undo`, `timeout`, `claim-win`,
/// `hand-to-bot:…`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChoiceRecord {
    pub seat: Seat,
    /// The step, stored as its text (see [`Record`]).
    pub choice: Record,
    /// Every seat's clock (milliseconds left) right after this choice; empty when the match
    /// has no clock.
    #[serde(default)]
    pub clocks: Vec<u64>,
}

impl ChoiceRecord {
    /// A record without clock times.
    pub fn new(seat: Seat, choice: impl Into<Record>) -> Self {
        ChoiceRecord {
            seat,
            choice: choice.into(),
            clocks: Vec::new(),
        }
    }

    /// The same record without its clock times, as a match actor keeps it once stored: the
    /// actor has the live clocks, and only a rebuild reads the stored times back.
    pub fn without_clocks(self) -> Self {
        ChoiceRecord {
            clocks: Vec::new(),
            ..self
        }
    }
}

/// What a match actor knows beyond its records and must not forget when it leaves memory:
/// the rematch offers of a finished match, and (once it was evicted) the moment each seat
/// went away and where its clocks stood. Stored as one value with the match.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveState {
    /// After the match: the seats that offered or accepted a rematch.
    #[serde(default)]
    pub rematch_offers: Vec<Seat>,
    /// Written when the actor was evicted; read back when it is rebuilt.
    #[serde(default)]
    pub parked: Option<Parked>,
    /// Seats the other players handed to a bot, with the token that held each: that token
    /// is then refused with the reason rather than as unknown.
    #[serde(default)]
    pub handed: Vec<Handed>,
}

/// A seat handed to a bot (the reserved record `hand-to-bot:…` at `index` of the match's
/// choices) and the hash of the token that held it until then.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Handed {
    pub seat: Seat,
    /// The index of the handoff's record among the match's choices. An entry whose record
    /// was never stored (the append failed after this was saved) is of no effect.
    pub index: usize,
    /// SHA-256 of the token that held the seat, hex.
    pub token_hash: String,
    /// The AI the seat was handed to.
    pub ai: String,
}

/// A match actor's timekeeping at the moment it was evicted. Times are milliseconds on the
/// hub's own clock (`tokio::time`, from the hub's start), which only the same server run
/// can read back: `run` says which one wrote them. A later run treats the clocks as a
/// restart does (resumed from the stored times, the downtime charged to nobody).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Parked {
    /// The server run that wrote it.
    pub run: u64,
    /// The match's version then (a parked state of an older version is stale).
    pub version: u64,
    /// When, on that run's clock.
    pub at_ms: u64,
    /// Each seat's clock, milliseconds left then (empty: no clock).
    #[serde(default)]
    pub clocks: Vec<u64>,
    /// Which clocks were running then.
    #[serde(default)]
    pub running: Vec<bool>,
    /// Since when each seat had had no open stream, on that run's clock.
    #[serde(default)]
    pub away_ms: Vec<Option<u64>>,
    /// The seats that had to decide then (none written by older servers): what "my
    /// matches" says of a match that left memory without loading it again, since nobody
    /// can act in it until it is.
    #[serde(default)]
    pub to_act: Option<Vec<Seat>>,
}

/// Everything stored about one match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchRecord {
    pub id: String,
    pub game: String,
    pub setup: Setup,
    /// Option values in force, defaults included (as shown in summaries).
    pub options: Vec<(String, String)>,
    pub seats: Vec<SeatRecord>,
    pub choices: Vec<ChoiceRecord>,
    pub created_at_unix_ms: i64,
    pub outcome: Option<Outcome>,
    /// Clock, abandonment grace and rematch link.
    #[serde(default)]
    pub settings: MatchSettings,
    /// The rematch of this match, once started (stored with the old match when the
    /// rematch is created).
    #[serde(default)]
    pub rematch_next: Option<String>,
    /// Rematch offers and an evicted actor's timekeeping.
    #[serde(default)]
    pub live: LiveState,
}

impl MatchRecord {
    /// The status this record stands at.
    pub fn status(&self) -> i32 {
        if self.outcome.is_some() {
            status::FINISHED
        } else if self.seats.iter().any(|s| s.token_hash.is_none()) {
            status::WAITING
        } else {
            status::ACTIVE
        }
    }
}

/// How a match ended, stored with the choice that ended it.
#[derive(Clone, Debug, PartialEq)]
pub struct Finished {
    pub outcome: Outcome,
    /// `resign`, `timeout` or `abandoned` when a reserved record ended it; `None` when the
    /// game itself did.
    pub forfeit: Option<String>,
}

/// One choice to append to a match: stored only if it is the next one (`index` equals the
/// number already stored), together with the outcome when it ends the match, in one
/// transaction. On a store shared by several nodes the append is also fenced: it is stored
/// only while this node's lease on the match is current (see [`Store::acquire`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Append {
    /// 0-based number of the choice.
    pub index: usize,
    pub choice: ChoiceRecord,
    pub finished: Option<Finished>,
}

/// A match as the lobby lists it: its record without choices, its version and how it
/// ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Listed {
    /// `choices` is empty.
    pub record: MatchRecord,
    pub version: u64,
    pub forfeit: Option<String>,
}

/// Where a listing starts: after the match created at this time with this id (newest
/// first).
pub type Cursor = (i64, String);

/// ListMatches's filters and page, as the store runs them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ListQuery {
    /// Only this game (empty: every game).
    pub game: String,
    /// Only this status (0: any).
    pub status: i32,
    pub open_seats_only: bool,
    /// At most this many.
    pub page_size: usize,
    /// Only matches older than this one.
    pub after: Option<Cursor>,
    /// Only matches with a seat held by this account (its id).
    pub account: Option<String>,
}

/// One page of a listing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ListPage {
    pub matches: Vec<Listed>,
    /// Where the next page starts, when there is one.
    pub next: Option<Cursor>,
}

pub use crate::store_error::StoreError;

/// Who may write a match, as [`Store::acquire`] finds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ownership {
    /// This node holds the lease now: its writes of the match are stored until another node
    /// takes the match over.
    Mine,
    /// Another node holds a lease that has not lapsed.
    Elsewhere {
        /// Its `--node-id`.
        node_id: String,
        /// Its `--advertise` URL, when it gave one.
        url: Option<String>,
        /// How long its lease runs unless it renews it (zero or less: lapsed just now).
        expires_in_ms: i64,
    },
}

/// Lobby events other nodes wrote, read by [`Store::lobby_after`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LobbyPage {
    /// The sequence number of the last row read: where the next read starts (the one
    /// asked after, when there was nothing new).
    pub last: i64,
    /// The events read, oldest first, each with the node that wrote it.
    pub events: Vec<(String, pb::LobbyEvent)>,
}

/// Where matches are kept. Every write returns only once it is stored: an acknowledged choice
/// is never lost by a store that is durable. Writes that arrive together may be committed
/// together (group commit); none waits for company.
#[async_trait::async_trait]
/// The accounts kept in the same database come with it ([`HoldsAccounts`]), and so do the
/// ratings ([`RatingStore`]).
pub trait Store: HoldsAccounts + RatingStore + Send + Sync + 'static {
    /// Stores a new match; a rematch (`settings.rematch_of`) also links the old match
    /// forward, in the same transaction.
    async fn create(&self, record: &MatchRecord) -> Result<(), StoreError>;
    /// Records that a seat was joined.
    async fn set_seat(&self, id: &str, seat: Seat, record: &SeatRecord) -> Result<(), StoreError>;
    /// Appends one choice (see [`Append`]).
    async fn append(&self, id: &str, append: &Append) -> Result<(), StoreError>;
    /// Replaces the match's [`LiveState`].
    async fn save_live(&self, id: &str, live: &LiveState) -> Result<(), StoreError>;
    /// One match with its choices, to rebuild it; `None` when there is no such match.
    async fn load(&self, id: &str) -> Result<Option<MatchRecord>, StoreError>;
    /// The (match, seat) pairs a token hash holds (a token holds its rotated seat in each
    /// rematch too).
    async fn token_seats(&self, token_hash: &str) -> Result<Vec<(String, Seat)>, StoreError>;
    /// Matches filtered and paged as ListMatches asks, newest first.
    async fn list(&self, query: &ListQuery) -> Result<ListPage, StoreError>;
    /// Unfinished matches with a seat created for a bot that nobody has joined, newest
    /// first, at most `limit`.
    async fn waiting_for_bots(&self, limit: usize) -> Result<Vec<Listed>, StoreError>;
    /// The matches whose clocks run (clocked, every seat taken, not over): what must be
    /// rebuilt at start-up (on a shared store, only those no other node holds).
    async fn running_clocks(&self) -> Result<Vec<String>, StoreError>;
    /// On a shared store, the matches whose clocks run that no node holds a lease on (at
    /// most `limit`): a node that died left them, and their deadlines need an actor
    /// somewhere. A store of one server has none: it rebuilt them all at start-up.
    async fn orphaned_clocks(&self, _limit: usize) -> Result<Vec<String>, StoreError> {
        Ok(Vec::new())
    }

    // Ownership. Several server nodes may share one store (PostgreSQL): each match is
    // written by at most one node at a time, the holder of its lease. A lease has an
    // epoch, raised by every take-over, and every write of the match is stored only while
    // the writer's epoch is still the match's (a fencing token), so a node that was paused
    // past its lease cannot write when it wakes. The single-node stores (memory, SQLite)
    // keep these defaults: their node always owns every match.

    /// Takes (or takes again) the lease on a match before this node rebuilds it: granted
    /// when nobody holds it, its holder's lease lapsed, or this node held it; otherwise
    /// who holds it. A new match's lease is taken by [`Store::create`]. `NoSuchMatch`
    /// when there is no such match.
    async fn acquire(&self, _id: &str) -> Result<Ownership, StoreError> {
        Ok(Ownership::Mine)
    }

    /// Renews every lease this node holds, in one statement; returns the matches whose
    /// lease it lost (another node took them over while this one could not renew).
    async fn renew(&self) -> Result<Vec<String>, StoreError> {
        Ok(Vec::new())
    }

    /// Gives up this node's lease on a match (it left memory), so another node may take it
    /// at once.
    async fn release(&self, _id: &str) -> Result<(), StoreError> {
        Ok(())
    }

    /// Gives up every lease this node holds (the server stops).
    async fn release_all(&self) -> Result<(), StoreError> {
        Ok(())
    }

    /// Whether this node still holds the match's lease, as far as it knows (a write may
    /// still find it fenced).
    fn holds(&self, _id: &str) -> bool {
        true
    }

    /// How long a lease runs unrenewed, when the store has leases; the hub renews every
    /// third of it.
    fn lease_period(&self) -> Option<std::time::Duration> {
        None
    }

    /// The secret the nodes sharing this store put on the calls they pass on to each other
    /// (see [`crate::forward::Secret`]); `None` on a store of one node, which passes no
    /// call on and so trusts none as passed on.
    fn cluster_secret(&self) -> Option<String> {
        None
    }

    // The lobby across nodes (the relay, `relay.rs`). A store shared by several nodes
    // carries each node's lobby events and bot pools to the others; on a single-node
    // store there are no others, and these defaults do nothing.

    /// Appends lobby events this node published, in one transaction, after every event
    /// committed before.
    async fn lobby_append(&self, _events: &[pb::LobbyEvent]) -> Result<(), StoreError> {
        Ok(())
    }

    /// The sequence number of the last lobby event stored (0: none yet): a reader starting
    /// now reads after it.
    async fn lobby_head(&self) -> Result<i64, StoreError> {
        Ok(0)
    }

    /// At most `limit` lobby events stored after sequence number `after`, oldest first.
    async fn lobby_after(&self, after: i64, _limit: usize) -> Result<LobbyPage, StoreError> {
        Ok(LobbyPage {
            last: after,
            events: Vec::new(),
        })
    }

    /// Wake-ups sent when another node may have appended lobby events (a hint only: a
    /// reader also polls); `None` when the store has none to send.
    fn lobby_wakeups(&self) -> Option<tokio::sync::mpsc::Receiver<()>> {
        None
    }

    /// Records the bot pools connected to this node (`pools`, JSON) and says this node is
    /// alive; returns the other live nodes' pools, each node's JSON, by node name.
    async fn announce(&self, _pools: &str) -> Result<Vec<(String, String)>, StoreError> {
        Ok(Vec::new())
    }
}

/// A store that keeps matches in memory only: each match's record (set-up, seats and
/// choices, what a replay needs), ordered by creation for the listing, and the token
/// index. No game state is kept.
#[derive(Default)]
pub struct MemoryStore {
    inner: Mutex<Memory>,
    accounts: MemoryAccounts,
    ratings: MemoryRatings,
}

#[derive(Default)]
struct Memory {
    matches: HashMap<String, (MatchRecord, Option<String>)>,
    newest: BTreeSet<Cursor>,
    tokens: HashMap<String, Vec<(String, Seat)>>,
}

impl Memory {
    fn get(&mut self, id: &str) -> Result<&mut (MatchRecord, Option<String>), StoreError> {
        self.matches
            .get_mut(id)
            .ok_or_else(|| StoreError::NoSuchMatch(id.to_string()))
    }

    fn index_token(&mut self, hash: &str, id: &str, seat: Seat) {
        let pairs = self.tokens.entry(hash.to_string()).or_default();
        if !pairs.iter().any(|(m, s)| m == id && *s == seat) {
            pairs.push((id.to_string(), seat));
            pairs.sort();
        }
    }

    fn listed(&self, id: &str) -> Option<Listed> {
        let (r, forfeit) = self.matches.get(id)?;
        Some(Listed {
            version: r.choices.len() as u64,
            forfeit: forfeit.clone(),
            record: MatchRecord {
                choices: Vec::new(),
                ..r.clone()
            },
        })
    }
}

impl MemoryStore {
    fn lock(&self) -> Result<std::sync::MutexGuard<'_, Memory>, StoreError> {
        self.inner
            .lock()
            .map_err(|_| StoreError::Backend("memory store poisoned".into()))
    }
}

#[async_trait::async_trait]
impl Store for MemoryStore {
    async fn create(&self, record: &MatchRecord) -> Result<(), StoreError> {
        let mut m = self.lock()?;
        if m.matches.contains_key(&record.id) {
            return Err(StoreError::Backend(format!(
                "match {} already exists",
                record.id
            )));
        }
        for (seat, s) in record.seats.iter().enumerate() {
            if let Some(h) = &s.token_hash {
                m.index_token(h, &record.id, seat);
            }
        }
        if let Some(old) = &record.settings.rematch_of
            && let Some((o, _)) = m.matches.get_mut(old)
        {
            o.rematch_next = Some(record.id.clone());
        }
        m.newest
            .insert((record.created_at_unix_ms, record.id.clone()));
        m.matches.insert(record.id.clone(), (record.clone(), None));
        Ok(())
    }

    async fn set_seat(&self, id: &str, seat: Seat, record: &SeatRecord) -> Result<(), StoreError> {
        let mut m = self.lock()?;
        let (r, _) = m.get(id)?;
        if let Some(s) = r.seats.get_mut(seat) {
            *s = record.clone();
        }
        if let Some(h) = &record.token_hash {
            m.index_token(h, id, seat);
        }
        Ok(())
    }

    async fn append(&self, id: &str, append: &Append) -> Result<(), StoreError> {
        let mut m = self.lock()?;
        let (r, forfeit) = m.get(id)?;
        if r.choices.len() != append.index {
            return Err(StoreError::OutOfOrder {
                id: id.to_string(),
                expected: r.choices.len(),
                got: append.index,
            });
        }
        r.choices.push(append.choice.clone());
        if let Some(f) = &append.finished {
            r.outcome = Some(f.outcome.clone());
            *forfeit = f.forfeit.clone();
        }
        Ok(())
    }

    async fn save_live(&self, id: &str, live: &LiveState) -> Result<(), StoreError> {
        self.lock()?.get(id)?.0.live = live.clone();
        Ok(())
    }

    async fn load(&self, id: &str) -> Result<Option<MatchRecord>, StoreError> {
        Ok(self.lock()?.matches.get(id).map(|(r, _)| r.clone()))
    }

    async fn token_seats(&self, token_hash: &str) -> Result<Vec<(String, Seat)>, StoreError> {
        Ok(self
            .lock()?
            .tokens
            .get(token_hash)
            .cloned()
            .unwrap_or_default())
    }

    async fn list(&self, q: &ListQuery) -> Result<ListPage, StoreError> {
        let m = self.lock()?;
        let mut out = Vec::new();
        let mut next = None;
        let older = m.newest.iter().rev().filter(|c| match &q.after {
            Some(after) => *c < after,
            None => true,
        });
        for cursor in older {
            let Some((r, _)) = m.matches.get(&cursor.1) else {
                continue;
            };
            let keep = (q.game.is_empty() || r.game == q.game)
                && (q.status == 0 || r.status() == q.status)
                && (!q.open_seats_only || r.seats.iter().any(|s| s.token_hash.is_none()))
                && q.account
                    .as_ref()
                    .is_none_or(|a| r.seats.iter().any(|s| s.account_id().as_ref() == Some(a)));
            if !keep {
                continue;
            }
            if out.len() == q.page_size {
                next = out
                    .last()
                    .map(|l: &Listed| (l.record.created_at_unix_ms, l.record.id.clone()));
                break;
            }
            out.extend(m.listed(&cursor.1));
        }
        Ok(ListPage { matches: out, next })
    }

    async fn waiting_for_bots(&self, limit: usize) -> Result<Vec<Listed>, StoreError> {
        let m = self.lock()?;
        Ok(m.newest
            .iter()
            .rev()
            .filter_map(|(_, id)| {
                let (r, _) = m.matches.get(id)?;
                let waiting =
                    r.outcome.is_none() && r.seats.iter().any(|s| s.bot && s.token_hash.is_none());
                waiting.then(|| m.listed(id)).flatten()
            })
            .take(limit)
            .collect())
    }

    async fn running_clocks(&self) -> Result<Vec<String>, StoreError> {
        let m = self.lock()?;
        Ok(m.matches
            .values()
            .filter(|(r, _)| {
                r.status() == status::ACTIVE && r.settings.clock != crate::clock::ClockSetting::None
            })
            .map(|(r, _)| r.id.clone())
            .collect())
    }
}

#[async_trait::async_trait]
impl AccountStore for MemoryStore {
    async fn create_account(
        &self,
        account: &AccountRecord,
        invite_hash: Option<&str>,
    ) -> Result<(), AccountError> {
        self.accounts.create_account(account, invite_hash).await
    }
    async fn ensure_account(&self, account: &AccountRecord) -> Result<(), StoreError> {
        self.accounts.ensure_account(account).await
    }
    async fn account(&self, id: &str) -> Result<Option<AccountRecord>, StoreError> {
        self.accounts.account(id).await
    }
    async fn update_account(&self, account: &AccountRecord) -> Result<(), StoreError> {
        self.accounts.update_account(account).await
    }
    async fn add_credential(&self, credential: &CredentialRecord) -> Result<(), StoreError> {
        self.accounts.add_credential(credential).await
    }
    async fn credential(&self, hash: &str) -> Result<Option<CredentialRecord>, StoreError> {
        self.accounts.credential(hash).await
    }
    async fn touch_credential(
        &self,
        hash: &str,
        last_used_unix_ms: i64,
        expires_at_unix_ms: Option<i64>,
    ) -> Result<(), StoreError> {
        self.accounts
            .touch_credential(hash, last_used_unix_ms, expires_at_unix_ms)
            .await
    }
    async fn revoke(&self, account: &str, revoke: &Revoke) -> Result<Vec<String>, StoreError> {
        self.accounts.revoke(account, revoke).await
    }
    async fn credentials(&self, account: &str) -> Result<Vec<CredentialRecord>, StoreError> {
        self.accounts.credentials(account).await
    }
    async fn add_invite(&self, code_hash: &str, _at_unix_ms: i64) -> Result<(), StoreError> {
        self.accounts.add_invite(code_hash).await
    }
    async fn account_games(&self, account: &str) -> Result<Vec<(String, u32)>, StoreError> {
        let m = self.lock()?;
        let mut per: std::collections::BTreeMap<String, u32> = Default::default();
        for (r, _) in m.matches.values() {
            let held = r
                .seats
                .iter()
                .filter(|s| s.account_id().as_deref() == Some(account))
                .count() as u32;
            if held > 0 {
                *per.entry(r.game.clone()).or_default() += held;
            }
        }
        Ok(per.into_iter().collect())
    }
}

#[async_trait::async_trait]
impl RatingStore for MemoryStore {
    async fn apply_rated(&self, m: &RatedMatch) -> Result<bool, StoreError> {
        self.ratings.apply_rated(m)
    }
    async fn unrated_finished(&self, limit: usize) -> Result<Vec<String>, StoreError> {
        let finished: Vec<String> = {
            let m = self.lock()?;
            m.newest
                .iter()
                .filter_map(|(_, id)| m.matches.get(id))
                .filter(|(r, _)| r.settings.rated && r.outcome.is_some())
                .map(|(r, _)| r.id.clone())
                .collect()
        };
        let mut out = Vec::new();
        for id in finished {
            if out.len() == limit {
                break;
            }
            if !self.ratings.is_recorded(&id)? {
                out.push(id);
            }
        }
        Ok(out)
    }
    async fn rated_verdict(&self, match_id: &str) -> Result<Option<String>, StoreError> {
        self.ratings.rated_verdict(match_id)
    }
    async fn ratings_of(&self, account: &str) -> Result<Vec<RatingRow>, StoreError> {
        self.ratings.ratings_of(account)
    }
    async fn leaderboard(
        &self,
        game: &str,
        variant: &str,
        who: Who,
        limit: usize,
    ) -> Result<Vec<Standing>, StoreError> {
        let mut out = Vec::new();
        for row in self.ratings.of_variant(game, variant)? {
            if out.len() == limit {
                break;
            }
            let Some(a) = self.accounts.account(&row.account).await? else {
                continue;
            };
            if a.deleted || !who.lists(a.bot.is_some()) {
                continue;
            }
            out.push(Standing {
                row,
                handle: a.handle,
                bot: a.bot.is_some(),
            });
        }
        Ok(out)
    }
    async fn seat_advantages(&self, game: &str, variant: &str) -> Result<Vec<SeatRow>, StoreError> {
        self.ratings.seat_advantages(game, variant)
    }
    async fn rating_history(
        &self,
        account: &str,
        game: &str,
        variant: &str,
    ) -> Result<Vec<HistoryRow>, StoreError> {
        self.ratings.rating_history(account, game, variant)
    }
}
