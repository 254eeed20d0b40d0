//! Client text as the server names it: how long an id may be, and how an error message
//! quotes what a client sent. Here, below the request checks (`validate.rs`, which
//! re-exports them) and the page tokens (`paging.rs`), which both use them.

/// Longest id accepted (match ids, game, variant, option keys, `games` filters), in bytes.
pub const MAX_ID: usize = 64;
/// Characters of client input an error message quotes at most.
pub const QUOTE_CHARS: usize = 32;

/// `text` as an error message may quote it: at most [`QUOTE_CHARS`] characters, control
/// characters escaped, with "…" when cut, in single quotes.
pub fn quote(text: &str) -> String {
    let mut out = String::from("'");
    let mut chars = text.chars();
    for c in chars.by_ref().take(QUOTE_CHARS) {
        out.extend(c.escape_debug());
    }
    if chars.next().is_some() {
        out.push('…');
    }
    out.push('\'');
    out
}
