//! The logins `hustings login` keeps: for each server URL, the handle and the personal
//! access token of the account this computer plays as there.
//!
//! They live in one file, `logins.json`, in the user's configuration directory
//! (`$XDG_CONFIG_HOME/hustings`, else `~/.config/hustings`). It holds secrets, so it is
//! only ever written as a new file made with mode 0600 (in a directory made with mode 0700)
//! and renamed over the old one: it is never readable by others, not even for a moment
//! between its creation and a chmod, and a crash mid-write leaves the old file whole.
//!
//! Only the personal access token is kept, never a password or a session: `logout`
//! revokes it on the server, and the account's owner can revoke it from anywhere.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::{Deserialize, Serialize};

/// The file's name in the configuration directory.
pub const FILE: &str = "logins.json";

/// One server's login.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Login {
    /// The account's handle, as the server writes it.
    pub handle: String,
    /// The personal access token (`hsp_…`).
    pub token: String,
    /// The token's id on the server (`TokenInfo.id`: not a secret), to find it in a list.
    #[serde(default)]
    pub token_id: String,
}

/// Every login, by server URL.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Logins {
    /// Server URL (as `--server` names it, with its scheme) → login.
    #[serde(default)]
    pub servers: BTreeMap<String, Login>,
}

impl Logins {
    /// The login for the first of `urls` that has one (a cluster's nodes share accounts, so
    /// a login made through one node is good on all), with that URL.
    pub fn find(&self, urls: &[String]) -> Option<(&str, &Login)> {
        urls.iter()
            .find_map(|u| self.servers.get_key_value(u))
            .map(|(u, l)| (u.as_str(), l))
    }

    /// Keeps `login` for every one of `urls`.
    pub fn set(&mut self, urls: &[String], login: &Login) {
        for u in urls {
            self.servers.insert(u.clone(), login.clone());
        }
    }

    /// Forgets every login that holds `token`; true if there was one.
    pub fn forget(&mut self, token: &str) -> bool {
        let before = self.servers.len();
        self.servers.retain(|_, l| l.token != token);
        self.servers.len() != before
    }
}

/// The user's configuration directory for hustings: `$XDG_CONFIG_HOME/hustings` (when it
/// is an absolute path, as the XDG rules ask), else `~/.config/hustings`; on Windows,
/// `%APPDATA%\hustings`. `None` when the environment names no home.
pub fn config_dir() -> Option<PathBuf> {
    let absolute = |v: std::ffi::OsString| Some(PathBuf::from(v)).filter(|p| p.is_absolute());
    if let Some(xdg) = std::env::var_os("XDG_CONFIG_HOME").and_then(absolute) {
        return Some(xdg.join("hustings"));
    }
    #[cfg(windows)]
    if let Some(appdata) = std::env::var_os("APPDATA").and_then(absolute) {
        return Some(appdata.join("hustings"));
    }
    std::env::var_os("HOME")
        .and_then(absolute)
        .map(|home| home.join(".config").join("hustings"))
}

/// The logins file.
#[derive(Clone, Debug)]
pub struct LoginFile {
    path: PathBuf,
}

impl LoginFile {
    /// The file in the user's configuration directory.
    pub fn default_place() -> anyhow::Result<LoginFile> {
        let dir = config_dir()
            .context("cannot tell where to keep logins: neither XDG_CONFIG_HOME nor HOME is set")?;
        Ok(LoginFile::at(dir.join(FILE)))
    }

    /// The file at `path`.
    pub fn at(path: PathBuf) -> LoginFile {
        LoginFile { path }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The logins kept; none when the file does not exist.
    pub fn load(&self) -> anyhow::Result<Logins> {
        let text = match std::fs::read_to_string(&self.path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Logins::default()),
            Err(e) => {
                return Err(e).with_context(|| format!("cannot read {}", self.path.display()));
            }
        };
        serde_json::from_str(&text)
            .with_context(|| format!("{} is not a logins file", self.path.display()))
    }

    /// Writes `logins` (removes the file when there are none left).
    pub fn save(&self, logins: &Logins) -> anyhow::Result<()> {
        if logins.servers.is_empty() {
            return match std::fs::remove_file(&self.path) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    Err(e).with_context(|| format!("cannot remove {}", self.path.display()))
                }
                _ => Ok(()),
            };
        }
        let dir = self
            .path
            .parent()
            .context("the logins file has no directory")?;
        private_dir(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        let text = serde_json::to_string_pretty(logins)? + "\n";
        // A new file, private from its creation, then renamed over the old one.
        let tmp = dir.join(format!(".{FILE}.{}.tmp", std::process::id()));
        let _ = std::fs::remove_file(&tmp);
        let written = private_file(&tmp).and_then(|mut f| {
            f.write_all(text.as_bytes())?;
            f.sync_all()
        });
        if let Err(e) = written.and_then(|()| std::fs::rename(&tmp, &self.path)) {
            let _ = std::fs::remove_file(&tmp);
            return Err(e).with_context(|| format!("cannot write {}", self.path.display()));
        }
        Ok(())
    }
}

/// Creates `dir` (and its parents) readable by its owner only, if it does not exist.
fn private_dir(dir: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder.create(dir)
}

/// A new file at `path` that only its owner may read or write (mode 0600, given when it is
/// created); fails if something is there already.
pub(crate) fn private_file(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(tag: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("hustings-logins-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    fn login(handle: &str, token: &str) -> Login {
        Login {
            handle: handle.into(),
            token: token.into(),
            token_id: "id1".into(),
        }
    }

    #[test]
    fn logins_are_kept_per_server_and_forgotten_by_token() {
        let dir = temp("keep");
        let file = LoginFile::at(dir.join("hustings").join(FILE));
        assert_eq!(file.load().expect("no file yet"), Logins::default());
        let mut logins = Logins::default();
        let cluster = vec!["http://a:1".to_string(), "http://b:2".to_string()];
        logins.set(&cluster, &login("ada", "hsp_1"));
        logins.set(&["http://c:3".to_string()], &login("bob", "hsp_2"));
        file.save(&logins).expect("saved");
        let back = file.load().expect("read back");
        assert_eq!(back, logins);
        // One node of the cluster is enough to find it.
        let found = back
            .find(&["http://b:2".to_string()])
            .map(|(u, l)| (u, &l.handle));
        assert_eq!(found, Some(("http://b:2", &"ada".to_string())));
        assert!(back.find(&["http://d:4".to_string()]).is_none());

        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = |p: &Path| {
                std::fs::metadata(p)
                    .map(|m| m.permissions().mode() & 0o777)
                    .unwrap_or(0)
            };
            assert_eq!(mode(file.path()), 0o600);
            assert_eq!(mode(&dir.join("hustings")), 0o700);
        }

        let mut fewer = back.clone();
        assert!(fewer.forget("hsp_1"));
        assert!(!fewer.forget("hsp_1"));
        assert_eq!(fewer.servers.len(), 1);
        file.save(&fewer).expect("saved");
        // The last login gone, the file goes too.
        assert!(fewer.forget("hsp_2"));
        file.save(&fewer).expect("saved");
        assert!(!file.path().exists());
        // No stray temporary file is left behind.
        let left = std::fs::read_dir(dir.join("hustings"))
            .map(|d| d.count())
            .unwrap_or(0);
        assert_eq!(left, 0);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_that_is_not_json_is_an_error_that_names_it() {
        let dir = temp("bad");
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join(FILE);
        std::fs::write(&path, "not json").expect("written");
        let err = LoginFile::at(path.clone()).load().expect_err("refused");
        assert!(
            format!("{err:#}").contains(&path.display().to_string()),
            "{err:#}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
