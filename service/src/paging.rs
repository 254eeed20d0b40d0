//! ListMatches paging: the page size a request asks for and the opaque page token that says
//! where the next page starts.
//!
//! A token is the creation time and id of the last match of the page it follows
//! (`<created_ms>.<match_id>`): the next page starts strictly after that match in the
//! newest-first order (creation time, then id), so pages follow one another without gaps or
//! repeats however many matches are created meanwhile. Clients pass it back unchanged; its
//! shape is not part of the contract.

use tonic::Status;

use crate::store::Cursor as After;
use crate::text::{MAX_ID, quote};

/// Matches per page when the request asks for none.
pub const DEFAULT_PAGE_SIZE: u32 = 100;
/// Largest `page_size` a request may ask for (documented on the field).
pub const MAX_PAGE_SIZE: u32 = 1_000;
/// Longest `page_token` accepted, in bytes: a token this server gives is at most 85 (a
/// 20-character time, a dot, a 64-byte id).
pub const MAX_PAGE_TOKEN: usize = 128;

/// The token for the page after the one that ended with `after`.
pub fn encode(after: &After) -> String {
    format!("{}.{}", after.0, after.1)
}

/// The position a page token names, or None when it is not one this server gives.
fn decode(token: &str) -> Option<After> {
    let (at, id) = token.split_once('.')?;
    let valid_id =
        !id.is_empty() && id.len() <= MAX_ID && id.bytes().all(|b| b.is_ascii_alphanumeric());
    valid_id.then_some(())?;
    Some((at.parse().ok()?, id.to_string()))
}

/// A request's `page_token`: None for the first page, else where its page starts;
/// INVALID_ARGUMENT (quoting the token in short) when it is not one this server gave.
pub fn parse(token: &str) -> Result<Option<After>, Status> {
    if token.is_empty() {
        return Ok(None);
    }
    if token.len() > MAX_PAGE_TOKEN {
        return Err(Status::invalid_argument(format!(
            "page_token is {} bytes long; at most {MAX_PAGE_TOKEN} are accepted \
             (pass next_page_token unchanged)",
            token.len()
        )));
    }
    decode(token).map(Some).ok_or_else(|| {
        Status::invalid_argument(format!(
            "page_token {} is not one this server gave (pass next_page_token unchanged)",
            quote(token)
        ))
    })
}

/// The page size a request asks for: `page_size`, else the older `limit`, else the
/// default; never more than `max` (the server's configured maximum). A `page_size` over
/// [`MAX_PAGE_SIZE`] is refused with the request's other fields (validate.rs); `limit`,
/// kept for older clients, is only ever clamped.
pub fn page_size(page_size: u32, limit: u32, max: usize) -> usize {
    let wanted = if page_size > 0 { page_size } else { limit };
    let wanted = if wanted == 0 {
        DEFAULT_PAGE_SIZE
    } else {
        wanted
    };
    (wanted as usize).clamp(1, max.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tonic::Code;

    #[test]
    fn tokens_round_trip_and_garbage_is_refused_in_short() {
        let after = (1_700_000_000_123, "00ab".to_string());
        assert_eq!(parse(&encode(&after)).ok(), Some(Some(after)));
        assert_eq!(parse("").ok(), Some(None));
        let longest = encode(&(i64::MIN, "f".repeat(MAX_ID)));
        assert!(longest.len() <= MAX_PAGE_TOKEN, "{}", longest.len());
        assert!(parse(&longest).is_ok());
        for bad in ["x", "12", "12.", "a.00ab", "12.0 1", "12.'; DROP", ".00ab"] {
            let e = parse(bad).expect_err(bad);
            assert_eq!(e.code(), Code::InvalidArgument, "{bad}");
            assert!(e.message().contains("page_token"), "{}", e.message());
        }
        // A long malformed token is quoted by its first characters only.
        let junk = format!("9.{}", "z".repeat(100));
        let e = parse(&junk).expect_err("an id too long");
        assert!(!e.message().contains(&"z".repeat(40)), "{}", e.message());
        let e = parse(&"z".repeat(MAX_PAGE_TOKEN + 1)).expect_err("over the cap");
        assert!(!e.message().contains(&"z".repeat(40)), "{}", e.message());
    }

    #[test]
    fn page_size_prefers_page_size_then_limit_then_the_default() {
        assert_eq!(page_size(7, 3, 1_000), 7);
        assert_eq!(page_size(0, 3, 1_000), 3);
        assert_eq!(page_size(0, 0, 1_000), DEFAULT_PAGE_SIZE as usize);
        assert_eq!(page_size(0, 50_000, 1_000), 1_000, "limit is clamped");
        assert_eq!(page_size(500, 0, 200), 200, "to the server's maximum");
    }
}
