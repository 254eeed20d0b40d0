//! Why storage failed: the one error of the match store (`store.rs`, which re-exports it)
//! and of the accounts' records (`accounts/records.rs`), which live in the same database.
//! It is here, below both, so that the accounts need nothing from the match store (which
//! keeps them).

/// Why storage failed.
#[derive(Clone, Debug, thiserror::Error)]
pub enum StoreError {
    #[error("no match '{0}' in the store")]
    NoSuchMatch(String),
    #[error("expected choice #{expected} of match {id} but got #{got}")]
    OutOfOrder {
        id: String,
        expected: usize,
        got: usize,
    },
    #[error("storage failed: {0}")]
    Backend(String),
    /// Another node took the match over (this node's lease lapsed and its epoch is no
    /// longer the match's): nothing was written.
    #[error("this node no longer owns match {0} (another node took it over); retry")]
    Fenced(String),
}
