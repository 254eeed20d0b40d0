//! Which node owns each match another node serves, remembered for a while so that a call
//! passed on does not ask PostgreSQL first (issue 19). Without it, every call that reaches
//! a node which does not serve its match runs the lease's acquire attempt and a holder
//! look-up before it is passed on: two statements for every forwarded Act, JoinMatch and
//! WatchMatch, which made a forwarded choice cost about four times a direct one's
//! PostgreSQL CPU (BENCHMARKS.md).
//!
//! Why a remembered owner is safe to use. An entry is a hint, never an authority: it is
//! valid no longer than the lease time the database reported as left on the owner's lease
//! when it was looked up (counted from before the question was sent), and never longer
//! than one lease period, so it never outlives the lease it was read from. Before its
//! expiry a lease changes hands only if its holder gave it up: nobody else takes a lease
//! that has not lapsed, and the holder alone renews it. A holder gives a lease up when it
//! stops cleanly, and then passing a call on to it fails (the connection is refused); or
//! when the match left its memory, and then it takes the match back when the call arrives
//! (or, if a third node took it meanwhile, cannot answer within a lease, which fails the
//! same way). A failed call drops the entry, and the node that passed it on asks the
//! database again (the gRPC service, `grpc/`), so a stale entry costs at most one failed call,
//! never a match out of reach. And whatever a node believes about ownership, every write
//! of a match is fenced by its lease's epoch (see [`crate::store::Store::acquire`]): a
//! stale entry can never lose or double a choice.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How many entries the cache holds before it prunes itself: expired entries first, then,
/// if more than half the bound are still valid, all but the half that stays valid longest.
/// Entries only live a lease, so this is reached only by a node that forwards calls about
/// more than this many matches within one lease; past it the node asks the database more
/// often, and its memory stays bounded.
pub const MAX_OWNERS: usize = 10_000;

/// One remembered owner: where the match is served, and until when that may be trusted.
#[derive(Clone, Debug)]
struct Owner {
    url: String,
    until: Instant,
}

/// The owners of the matches other nodes serve, by match id (see the module's doc).
pub struct Owners {
    entries: Mutex<HashMap<String, Owner>>,
    /// One lease period: the longest any entry is trusted.
    lease: Duration,
    /// Entries held before pruning ([`MAX_OWNERS`] but in tests).
    bound: usize,
}

impl Owners {
    /// An empty cache whose entries are trusted at most `lease`.
    pub fn new(lease: Duration) -> Self {
        Self::bounded(lease, MAX_OWNERS)
    }

    /// Like [`Owners::new`], pruning itself past `bound` entries.
    pub fn bounded(lease: Duration, bound: usize) -> Self {
        Owners {
            entries: Mutex::default(),
            lease,
            bound: bound.max(2),
        }
    }

    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<String, Owner>> {
        self.entries.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The URL of the node that owns match `id`, if an entry for it is still valid at
    /// `now`. An expired entry is dropped.
    pub fn get(&self, id: &str, now: Instant) -> Option<String> {
        let mut map = self.map();
        match map.get(id) {
            Some(o) if now < o.until => Some(o.url.clone()),
            Some(_) => {
                map.remove(id);
                None
            }
            None => None,
        }
    }

    /// Remembers that the node at `url` owns match `id`, as the database said when asked
    /// at `asked` (taken before the question was sent, so that the time the answer took
    /// to arrive does not lengthen the entry): its lease had `expires_in` left. Trusted
    /// until `asked + expires_in`, and never more than one lease.
    pub fn put(&self, id: &str, url: String, asked: Instant, expires_in: Duration) {
        let until = asked + expires_in.min(self.lease);
        let mut map = self.map();
        map.insert(id.to_string(), Owner { url, until });
        if map.len() > self.bound {
            prune(&mut map, Instant::now(), self.bound / 2);
        }
    }

    /// Forgets the owner of match `id`: this node serves it now (it took its lease).
    pub fn forget(&self, id: &str) {
        self.map().remove(id);
    }

    /// A call passed on to the node at `url` about match `id` failed (it could not be
    /// reached, answered UNAVAILABLE, or not within a lease): forgets that node as the
    /// match's owner, so the next call asks the database. An entry that names another
    /// node (a newer look-up) is kept. Returns whether an entry was dropped.
    pub fn failed(&self, id: &str, url: &str) -> bool {
        let mut map = self.map();
        if map.get(id).is_some_and(|o| o.url == url) {
            map.remove(id);
            return true;
        }
        false
    }

    /// How many entries are held (expired ones not yet pruned included).
    pub fn len(&self) -> usize {
        self.map().len()
    }

    /// Whether no entry is held.
    pub fn is_empty(&self) -> bool {
        self.map().is_empty()
    }
}

/// Drops the entries expired at `now`; if more than `keep` remain, keeps fewer than `keep`:
/// those that stay valid longest. Each prune leaves at most half the bound, so the next one
/// comes at least half the bound's insertions later: its cost, linear in the entries, is
/// spread over them.
fn prune(map: &mut HashMap<String, Owner>, now: Instant, keep: usize) {
    map.retain(|_, o| now < o.until);
    if map.len() <= keep {
        return;
    }
    let mut until: Vec<Instant> = map.values().map(|o| o.until).collect();
    // The `keep` latest expiries are at `at..` once partitioned around `at`; those strictly
    // after the one at `at` are fewer than `keep` (ties at the cut-off go too).
    let at = until.len() - keep;
    let (_, &mut cut, _) = until.select_nth_unstable(at);
    map.retain(|_, o| o.until > cut);
}

#[cfg(test)]
mod tests {
    use super::*;

    const LEASE: Duration = Duration::from_secs(5);

    #[test]
    fn an_entry_is_valid_for_the_lease_left_and_never_more_than_a_lease() {
        let owners = Owners::new(LEASE);
        let t = Instant::now();
        owners.put("m1", "http://a".into(), t, Duration::from_millis(1_500));
        assert_eq!(owners.get("m1", t).as_deref(), Some("http://a"));
        assert_eq!(
            owners
                .get("m1", t + Duration::from_millis(1_499))
                .as_deref(),
            Some("http://a")
        );
        assert_eq!(owners.get("m1", t + Duration::from_millis(1_500)), None);
        assert!(owners.is_empty(), "an expired entry is dropped when read");

        // The database's answer is capped at one lease: a clock that says more is not
        // trusted further than a lease could run without being renewed.
        owners.put("m2", "http://b".into(), t, Duration::from_secs(3_600));
        assert!(
            owners
                .get("m2", t + LEASE - Duration::from_millis(1))
                .is_some()
        );
        assert_eq!(owners.get("m2", t + LEASE), None);

        // A lease with nothing left is not remembered at all.
        owners.put("m3", "http://c".into(), t, Duration::ZERO);
        assert_eq!(owners.get("m3", t), None);
    }

    #[test]
    fn a_failed_owner_and_a_match_taken_here_are_forgotten() {
        let owners = Owners::new(LEASE);
        let t = Instant::now();
        owners.put("m1", "http://a".into(), t, LEASE);
        owners.put("m2", "http://a".into(), t, LEASE);

        // A failure of another node than the one remembered drops nothing: a newer
        // look-up already named the match's new owner.
        assert!(!owners.failed("m1", "http://b"));
        assert_eq!(owners.get("m1", t).as_deref(), Some("http://a"));
        assert!(owners.failed("m1", "http://a"));
        assert_eq!(owners.get("m1", t), None);
        assert!(!owners.failed("m1", "http://a"), "dropped once");
        // Only that match: the node's other matches are dropped by their own failures.
        assert_eq!(owners.get("m2", t).as_deref(), Some("http://a"));

        owners.forget("m2");
        assert_eq!(owners.get("m2", t), None);
        // Remembered again after a new look-up.
        owners.put("m2", "http://c".into(), t, LEASE);
        assert_eq!(owners.get("m2", t).as_deref(), Some("http://c"));
    }

    #[test]
    fn the_cache_stays_bounded() {
        let bound = 100;
        // A long lease, so that no entry of this test expires while it runs.
        let lease = Duration::from_secs(3_600);
        let owners = Owners::bounded(lease, bound);
        // Expired entries go first: whatever their number, a prune leaves only valid ones.
        let long_ago = Instant::now()
            .checked_sub(Duration::from_secs(10))
            .expect("the clock ran 10 s");
        for i in 0..bound {
            owners.put(&format!("old{i}"), "http://a".into(), long_ago, LEASE);
        }
        assert_eq!(owners.len(), bound, "no prune until past the bound");
        let t = Instant::now();
        owners.put("new", "http://b".into(), t, lease);
        assert_eq!(owners.len(), 1, "the expired entries were pruned");
        assert_eq!(owners.get("new", t).as_deref(), Some("http://b"));

        // All valid: a prune keeps the half that stays valid longest, so the cache never
        // holds more than the bound whatever the number of matches asked about.
        for i in 0..10 * bound {
            let left = Duration::from_secs(60) + Duration::from_millis(i as u64);
            owners.put(&format!("m{i}"), "http://a".into(), t, left);
            assert!(owners.len() <= bound, "{} entries", owners.len());
        }
        // The newest entry is the one valid longest: always kept.
        let last = format!("m{}", 10 * bound - 1);
        assert!(owners.get(&last, t).is_some());
        // The soonest to expire went first.
        assert_eq!(owners.get("m0", t), None);
    }
}
