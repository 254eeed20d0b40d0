//! The seats a bot pool holds, kept in memory and in a file under its data directory, so a
//! pool that restarts (or whose server restarts) takes up every seat it held again: a seat
//! token is the only way back into a seat, and the server cannot show it twice.
//!
//! The file (`pool-seats.json`) is rewritten whole after every change — written to a
//! temporary file beside it, then renamed over it, so a crash leaves the old list or the new
//! one, never half of one — and is readable by its owner only (it holds secrets). Entries
//! are kept per server: a pool reads only its own server's, and keeps the others'. A pool
//! given the nodes of a cluster keys its entries by the whole list as given (`A,B`): any
//! node of the cluster takes the seat's token.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use anyhow::Context;
use serde::{Deserialize, Serialize};

/// The file name of the seat book inside the data directory.
pub const FILE_NAME: &str = "pool-seats.json";

/// The data directory, by the server's rules: `$XDG_DATA_HOME/hustings`, else
/// `~/.local/share/hustings`, else `./hustings-data`.
pub fn default_data_dir() -> PathBuf {
    let nonempty = |v: &str| {
        std::env::var_os(v)
            .filter(|s| !s.is_empty())
            .map(PathBuf::from)
    };
    if let Some(xdg) = nonempty("XDG_DATA_HOME") {
        xdg.join("hustings")
    } else if let Some(home) = nonempty("HOME") {
        home.join(".local").join("share").join("hustings")
    } else {
        PathBuf::from("hustings-data")
    }
}

/// One seat a pool took: enough to follow and play it again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeldSeat {
    /// The server's URL as the pool was given it; for the nodes of a cluster, their URLs
    /// joined by commas, in the order given.
    pub server: String,
    pub match_id: String,
    pub seat: u32,
    /// The seat token from JoinMatch.
    pub token: String,
    /// The game id (the AI needs it to decide).
    pub game: String,
    /// The AI playing it and its level.
    pub ai: String,
    #[serde(default)]
    pub level: String,
}

/// The file's shape: a version, so a later pool can read an older file.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Book {
    version: u32,
    seats: Vec<HeldSeat>,
}

/// The seats held, in memory and (unless `path` is `None`) on disk.
#[derive(Debug)]
pub struct SeatBook {
    path: Option<PathBuf>,
    seats: Mutex<Vec<HeldSeat>>,
}

impl SeatBook {
    /// A book kept in memory only.
    pub fn in_memory() -> SeatBook {
        SeatBook {
            path: None,
            seats: Mutex::default(),
        }
    }

    /// The book of `dir/pool-seats.json`, read if the file exists (the directory is created
    /// when missing). A file that is not a seat book is an error naming it: the pool does not
    /// start over it (its tokens would be lost).
    pub fn open_in(dir: &Path) -> anyhow::Result<SeatBook> {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("could not create the data directory {}", dir.display()))?;
        let path = dir.join(FILE_NAME);
        let seats = match std::fs::read_to_string(&path) {
            Ok(text) => {
                serde_json::from_str::<Book>(&text)
                    .with_context(|| {
                        format!(
                            "{} is not a bot pool's seat list (move it away to start afresh)",
                            path.display()
                        )
                    })?
                    .seats
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            Err(e) => {
                return Err(e).with_context(|| format!("could not read {}", path.display()));
            }
        };
        Ok(SeatBook {
            path: Some(path),
            seats: Mutex::new(seats),
        })
    }

    /// Where the book is kept on disk, if it is.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<HeldSeat>> {
        self.seats.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The seats held on `server`.
    pub fn held_on(&self, server: &str) -> Vec<HeldSeat> {
        self.lock()
            .iter()
            .filter(|s| s.server == server)
            .cloned()
            .collect()
    }

    /// Records a seat just taken (replacing an older entry for the same seat).
    pub fn add(&self, seat: HeldSeat) -> anyhow::Result<()> {
        let mut seats = self.lock();
        seats.retain(|s| !same_seat(s, &seat.server, &seat.match_id, seat.seat));
        seats.push(seat);
        self.save(&seats)
    }

    /// Forgets a seat whose match is over (or that the server no longer knows).
    pub fn remove(&self, server: &str, match_id: &str, seat: u32) -> anyhow::Result<()> {
        let mut seats = self.lock();
        let before = seats.len();
        seats.retain(|s| !same_seat(s, server, match_id, seat));
        if seats.len() == before {
            return Ok(());
        }
        self.save(&seats)
    }

    fn save(&self, seats: &[HeldSeat]) -> anyhow::Result<()> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        let text = serde_json::to_string_pretty(&Book {
            version: 1,
            seats: seats.to_vec(),
        })?;
        let tmp = path.with_extension("json.tmp");
        write_private(&tmp, text.as_bytes())
            .with_context(|| format!("could not write {}", tmp.display()))?;
        std::fs::rename(&tmp, path)
            .with_context(|| format!("could not replace {}", path.display()))?;
        Ok(())
    }
}

fn same_seat(s: &HeldSeat, server: &str, match_id: &str, seat: u32) -> bool {
    s.server == server && s.match_id == match_id && s.seat == seat
}

/// Writes a file only its owner may read (it holds seat tokens), flushed to disk.
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(server: &str, match_id: &str, n: u32) -> HeldSeat {
        HeldSeat {
            server: server.into(),
            match_id: match_id.into(),
            seat: n,
            token: format!("token-{match_id}-{n}"),
            game: "presidency".into(),
            ai: "random".into(),
            level: String::new(),
        }
    }

    #[test]
    fn a_reopened_book_holds_the_seats_of_its_server_until_they_are_removed() {
        let dir = tempfile::tempdir().expect("temp dir");
        let book = SeatBook::open_in(dir.path()).expect("new book");
        book.add(seat("http://a", "m1", 0)).expect("added");
        book.add(seat("http://a", "m2", 1)).expect("added");
        book.add(seat("http://b", "m3", 0)).expect("added");
        let again = SeatBook::open_in(dir.path()).expect("reopened");
        assert_eq!(
            again.held_on("http://a"),
            vec![seat("http://a", "m1", 0), seat("http://a", "m2", 1)]
        );
        again.remove("http://a", "m1", 0).expect("removed");
        let third = SeatBook::open_in(dir.path()).expect("reopened");
        assert_eq!(third.held_on("http://a"), vec![seat("http://a", "m2", 1)]);
        assert_eq!(third.held_on("http://b"), vec![seat("http://b", "m3", 0)]);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir.path().join(FILE_NAME))
                .expect("file")
                .permissions()
                .mode();
            assert_eq!(mode & 0o077, 0, "only the owner may read the tokens");
        }
    }

    #[test]
    fn a_damaged_book_is_an_error_naming_the_file_not_a_fresh_start() {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::write(dir.path().join(FILE_NAME), "{ not json").expect("written");
        let err = SeatBook::open_in(dir.path()).expect_err("refused");
        assert!(format!("{err:#}").contains(FILE_NAME), "{err:#}");
    }
}
