//! The browser's side of the port: the web client's files, embedded at compile time, and
//! the CORS policy for gRPC-web calls from other origins.
//!
//! The server answers three kinds of request on one port: gRPC over HTTP/2 (the CLI, the
//! bots, any gRPC library), gRPC-web over HTTP/1.1 or HTTP/2 (the browser; tonic-web turns
//! it into gRPC in front of each service), and plain GETs for the client's files, which this
//! module serves from the table `build.rs` makes of `web/dist/` (gzipped for browsers that
//! take it).

use std::io::Write as _;
use std::sync::OnceLock;

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, Method, Request, Response, StatusCode, header};
use flate2::Compression;
use flate2::write::GzEncoder;
use tower_http::cors::{AllowOrigin, CorsLayer};

/// One embedded file: its path under `web/dist/`, its bytes and its ETag (a quoted hash).
type Asset = (&'static str, &'static [u8], &'static str);

/// Every file of the web client's build, sorted by path.
static ASSETS: &[Asset] = include!(concat!(env!("OUT_DIR"), "/web_assets.rs"));

/// The embedded file at `path` (`/` is `index.html`), if there is one, with its index.
fn asset(path: &str) -> Option<(usize, &'static Asset)> {
    let path = path.trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    let i = ASSETS.binary_search_by(|a| a.0.cmp(path)).ok()?;
    ASSETS.get(i).map(|a| (i, a))
}

/// Each file gzipped, where that makes it smaller (text: the script shrinks to about a
/// third), compressed once on first use and kept.
fn gzipped(index: usize) -> Option<&'static [u8]> {
    static GZ: OnceLock<Vec<Option<Vec<u8>>>> = OnceLock::new();
    GZ.get_or_init(|| {
        ASSETS
            .iter()
            .map(|(path, bytes, _)| {
                if !content_type(path).starts_with("text/") && !path.ends_with(".svg") {
                    return None;
                }
                let mut enc = GzEncoder::new(Vec::new(), Compression::best());
                enc.write_all(bytes).ok()?;
                let gz = enc.finish().ok()?;
                (gz.len() < bytes.len()).then_some(gz)
            })
            .collect()
    })
    .get(index)
    .and_then(|g| g.as_deref())
}

/// True when the request's Accept-Encoding takes gzip (and does not refuse it with q=0).
fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|token| {
            let mut parts = token.split(';').map(str::trim);
            parts.next() == Some("gzip") && !parts.any(|p| p == "q=0" || p == "q=0.0")
        })
}

/// The number of embedded files (none when the bundle was missing at build time).
pub fn asset_count() -> usize {
    ASSETS.len()
}

/// The Content-Type of a file, from its extension.
fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "json" | "map" => "application/json",
        "txt" => "text/plain; charset=utf-8",
        "woff2" => "font/woff2",
        _ => "application/octet-stream",
    }
}

/// How long a browser may keep a file: the bundle's scripts and styles have a content hash
/// in their names (`assets/app-3F2A….js`), so they never change and are kept a year; every
/// other file (`index.html`, which names the current ones) is checked each time, cheaply,
/// with its ETag.
fn cache_control(path: &str) -> &'static str {
    if path.starts_with("assets/") {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    }
}

/// Serves a GET or HEAD for one of the client's files; the fallback of the server's router,
/// so it sees every request no gRPC service took. A gRPC call to a service this server does
/// not have still gets gRPC's UNIMPLEMENTED, not a web page.
pub async fn serve(req: Request<Body>) -> Response<Body> {
    if is_grpc(req.headers()) {
        return grpc_unimplemented();
    }
    let head = req.method() == Method::HEAD;
    if req.method() != Method::GET && !head {
        return plain(
            StatusCode::METHOD_NOT_ALLOWED,
            "only GET and HEAD are served here\n",
        );
    }
    let Some((index, (path, raw, etag))) = asset(req.uri().path()) else {
        return plain(StatusCode::NOT_FOUND, "not found: the web client is at /\n");
    };
    // The gzipped form is another representation: its own ETag ("…-gz").
    let gz = gzipped(index).filter(|_| accepts_gzip(req.headers()));
    let (bytes, etag): (&'static [u8], String) = match gz {
        Some(gz) => (gz, format!("{}-gz\"", etag.trim_end_matches('"'))),
        None => (raw, etag.to_string()),
    };
    let fresh = req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag));
    let mut resp = Response::builder()
        .header(header::CONTENT_TYPE, content_type(path))
        .header(header::CACHE_CONTROL, cache_control(path))
        .header(header::ETAG, etag)
        .header(header::VARY, "accept-encoding")
        .header("x-content-type-options", "nosniff");
    if gz.is_some() {
        resp = resp.header(header::CONTENT_ENCODING, "gzip");
    }
    if path.ends_with(".html") {
        // The page only talks to its own origin; nothing may frame it.
        resp = resp
            .header(
                "content-security-policy",
                "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
            )
            .header("referrer-policy", "no-referrer");
    }
    let (status, body) = if fresh {
        (StatusCode::NOT_MODIFIED, Body::empty())
    } else if head {
        resp = resp.header(header::CONTENT_LENGTH, bytes.len());
        (StatusCode::OK, Body::empty())
    } else {
        (StatusCode::OK, Body::from(bytes))
    };
    resp.status(status)
        .body(body)
        .unwrap_or_else(|_| plain(StatusCode::INTERNAL_SERVER_ERROR, "bad response\n"))
}

fn is_grpc(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/grpc"))
}

fn grpc_unimplemented() -> Response<Body> {
    let (parts, ()) = tonic::Status::unimplemented("no such service on this server")
        .into_http::<()>()
        .into_parts();
    Response::from_parts(parts, Body::empty())
}

fn plain(status: StatusCode, text: &'static str) -> Response<Body> {
    let mut resp = Response::new(Body::from(text));
    *resp.status_mut() = status;
    resp.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    resp
}

/// The CORS layer for `--cors-origin`: lets pages from those origins (exactly as a browser
/// sends them, e.g. `http://localhost:5173`) call the service with gRPC-web. None when no
/// origin is given — then a browser lets only the server's own page call it.
pub fn cors(origins: &[String]) -> anyhow::Result<Option<CorsLayer>> {
    if origins.is_empty() {
        return Ok(None);
    }
    let origins = origins
        .iter()
        .map(|o| {
            let origin = o.trim_end_matches('/');
            let rest = origin
                .strip_prefix("http://")
                .or_else(|| origin.strip_prefix("https://"));
            if rest.is_none_or(|r| r.is_empty() || r.contains('/')) {
                anyhow::bail!(
                    "--cors-origin {o:?} is not an origin: give scheme://host[:port], e.g. http://localhost:5173"
                );
            }
            HeaderValue::from_str(origin)
                .map_err(|_| anyhow::anyhow!("--cors-origin {o:?} is not a valid origin"))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let headers = [
        "content-type",
        "x-grpc-web",
        "x-user-agent",
        "grpc-timeout",
        "connect-protocol-version",
        "connect-timeout-ms",
    ];
    Ok(Some(
        CorsLayer::new()
            .allow_origin(AllowOrigin::list(origins))
            .allow_methods([Method::POST, Method::GET, Method::OPTIONS])
            .allow_headers(headers.map(header::HeaderName::from_static))
            .expose_headers(
                ["grpc-status", "grpc-message", "grpc-status-details-bin"]
                    .map(header::HeaderName::from_static),
            )
            .max_age(std::time::Duration::from_secs(24 * 3600)),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_types_and_caching_follow_the_file() {
        assert_eq!(content_type("index.html"), "text/html; charset=utf-8");
        assert_eq!(
            content_type("assets/app-AB12.js"),
            "text/javascript; charset=utf-8"
        );
        assert_eq!(
            content_type("assets/app-AB12.css"),
            "text/css; charset=utf-8"
        );
        assert_eq!(cache_control("index.html"), "no-cache");
        assert!(cache_control("assets/app-AB12.js").contains("immutable"));
    }

    #[test]
    fn the_bundle_is_embedded_and_sorted() {
        assert!(asset("/").is_some(), "web/dist/index.html is embedded");
        assert!(ASSETS.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(asset("/../Cargo.toml").is_none());
    }

    #[test]
    fn gzip_only_when_asked_and_worth_it() {
        let mut h = HeaderMap::new();
        assert!(!accepts_gzip(&h));
        h.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_static("br, gzip, deflate"),
        );
        assert!(accepts_gzip(&h));
        h.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_static("gzip;q=0, br"),
        );
        assert!(!accepts_gzip(&h));
        let (i, (_, raw, _)) = asset("/").expect("index.html");
        let gz = gzipped(i).expect("html compresses");
        assert!(gz.len() < raw.len());
    }

    #[test]
    fn bad_origins_are_refused() {
        assert!(cors(&[]).ok().flatten().is_none());
        assert!(cors(&["http://localhost:5173".into()]).is_ok());
        assert!(cors(&["http://bad\norigin".into()]).is_err());
        assert!(cors(&["localhost:5173".into()]).is_err());
        assert!(cors(&["http://localhost:5173/app".into()]).is_err());
        assert!(cors(&["https://play.example/".into()]).is_ok());
    }
}
