//! A client's server URLs: one, or several nodes of one cluster, and which of them to use.
//!
//! Every client of this workspace (`hustings --server`, `hustings-bot --server`) takes a
//! list of URLs, comma-separated and/or with the flag repeated. It talks to one node at a
//! time and moves to the next, round robin, only when that node stops answering. That is
//! an explicit failover list rather than tonic's `balance_list`, which spreads calls over
//! every node: a seat's stream and the Acts it answers with stay on one node, so the
//! client knows which node it lost and can say so ("lost node http://…; trying http://…").
//!
//! [`Servers`] is the list, cheap to clone; every clone shares the index of the node the
//! process last moved to, so a new connection (a pool's next seat, the terminal client's
//! match stream after its lobby call) starts on a node known to answer rather than on the
//! one that just failed. [`Failover`] is one connection's own place in the list.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The server URLs a client was given, in the order given, without repeats.
#[derive(Clone, Debug)]
pub struct Servers {
    urls: Arc<[String]>,
    /// The node the process last moved to: where a new [`Failover`] starts.
    preferred: Arc<AtomicUsize>,
}

impl Servers {
    /// The list from command-line values: each may hold several URLs separated by commas
    /// (`--server a,b`, `HUSTINGS_SERVER=a,b`), and the flag may be repeated. Blanks around
    /// a URL and empty items are ignored; a URL given twice is kept once, where it first
    /// appeared. Fails when no URL is left.
    pub fn parse<S: AsRef<str>>(values: &[S]) -> Result<Servers, String> {
        Self::parse_with(values, str::to_string)
    }

    /// Like [`Servers::parse`], passing each URL through `normalize` first (the terminal
    /// client puts `http://` in front of a bare `host:port`).
    pub fn parse_with<S: AsRef<str>>(
        values: &[S],
        normalize: impl Fn(&str) -> String,
    ) -> Result<Servers, String> {
        let mut urls: Vec<String> = Vec::new();
        for url in values
            .iter()
            .flat_map(|v| v.as_ref().split(','))
            .map(str::trim)
            .filter(|u| !u.is_empty())
            .map(normalize)
        {
            if !urls.contains(&url) {
                urls.push(url);
            }
        }
        if urls.is_empty() {
            return Err("no server URL given (--server URL[,URL…])".into());
        }
        Ok(Servers {
            urls: urls.into(),
            preferred: Arc::default(),
        })
    }

    /// A list of one URL.
    pub fn one(url: &str) -> Servers {
        Servers {
            urls: vec![url.to_string()].into(),
            preferred: Arc::default(),
        }
    }

    /// The URLs, in the order given.
    pub fn urls(&self) -> &[String] {
        &self.urls
    }

    /// True when there is another node to move to.
    pub fn several(&self) -> bool {
        self.urls.len() > 1
    }

    /// A new connection's place in the list: the node the process last moved to (at first,
    /// the first URL).
    pub fn failover(&self) -> Failover {
        let at = self.preferred.load(Ordering::Relaxed) % self.urls.len();
        Failover {
            servers: self.clone(),
            at,
        }
    }
}

/// The URLs joined by commas, as `--server` takes them back: a single URL prints as
/// itself, so a one-server command line reads as it always did.
impl fmt::Display for Servers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.urls.join(","))
    }
}

/// One connection's node in a [`Servers`] list.
#[derive(Clone, Debug)]
pub struct Failover {
    servers: Servers,
    at: usize,
}

impl Failover {
    /// The URL of the node in use.
    pub fn url(&self) -> &str {
        &self.servers.urls[self.at]
    }

    /// Its position in the list.
    pub fn index(&self) -> usize {
        self.at
    }

    /// The node in use stopped answering: moves to the next one, round robin (with a
    /// single URL, stays on it), makes it where new connections start, and returns
    /// `(lost, next)` for the message that says so.
    pub fn advance(&mut self) -> (String, String) {
        let lost = self.url().to_string();
        self.at = (self.at + 1) % self.servers.urls.len();
        self.servers.preferred.store(self.at, Ordering::Relaxed);
        (lost, self.url().to_string())
    }

    /// The list this moves in.
    pub fn servers(&self) -> &Servers {
        &self.servers
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_come_comma_separated_or_repeated_in_order_without_repeats() {
        let s = Servers::parse(&["http://a:1, http://b:2", "http://c:3", "http://a:1", ","])
            .expect("parses");
        assert_eq!(s.urls(), ["http://a:1", "http://b:2", "http://c:3"]);
        assert!(s.several());
        assert_eq!(s.to_string(), "http://a:1,http://b:2,http://c:3");
        let one = Servers::parse(&["http://127.0.0.1:50051"]).expect("parses");
        assert!(!one.several());
        assert_eq!(one.to_string(), "http://127.0.0.1:50051");
        assert!(Servers::parse(&[" , "]).is_err());
        assert!(Servers::parse::<&str>(&[]).is_err());
        let bare = Servers::parse_with(&["a:1,http://b:2"], |u| {
            if u.contains("://") {
                u.to_string()
            } else {
                format!("http://{u}")
            }
        })
        .expect("parses");
        assert_eq!(bare.urls(), ["http://a:1", "http://b:2"]);
    }

    #[test]
    fn a_lost_node_moves_to_the_next_round_robin_and_new_connections_follow() {
        let s = Servers::parse(&["http://a,http://b,http://c"]).expect("parses");
        let mut seat = s.failover();
        assert_eq!(seat.url(), "http://a");
        assert_eq!(
            seat.advance(),
            ("http://a".to_string(), "http://b".to_string())
        );
        // A connection made now starts on the node known to answer, not on the lost one.
        let mut next_seat = s.failover();
        assert_eq!(next_seat.url(), "http://b");
        assert_eq!(seat.advance().1, "http://c");
        assert_eq!(seat.advance().1, "http://a", "round robin");
        // Each connection keeps its own node: moving one does not move another.
        assert_eq!(next_seat.url(), "http://b");
        assert_eq!(next_seat.advance().1, "http://c");
        assert_eq!(seat.url(), "http://a");
    }

    #[test]
    fn a_single_url_stays_itself() {
        let s = Servers::one("http://only");
        let mut f = s.failover();
        assert_eq!(
            f.advance(),
            ("http://only".to_string(), "http://only".to_string())
        );
        assert_eq!(s.failover().url(), "http://only");
    }
}
