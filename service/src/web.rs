//! The browser's side of the port: the web client's files, embedded at compile time, and
//! the CORS policy for gRPC-web calls from other origins.
//!
//! The server answers three kinds of request on one port: gRPC over HTTP/2 (the CLI, the
//! bots, any gRPC library), gRPC-web over HTTP/1.1 or HTTP/2 (the browser; tonic-web turns
//! it into gRPC in front of each service), and plain GETs for the client's files, which this
//! module serves from the table `build.rs` makes of `web/dist/`.

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, Method, Request, Response, StatusCode, header};
use tower_http::cors::{AllowOrigin, CorsLayer};

/// One embedded file: its path under `web/dist/`, its bytes and its ETag (a quoted hash).
type Asset = (&'static str, &'static [u8], &'static str);

/// Every file of the web client's build, sorted by path.
static ASSETS: &[Asset] = include!(concat!(env!("OUT_DIR"), "/web_assets.rs"));

/// The embedded file at `path` (`/` is `index.html`), if there is one.
fn asset(path: &str) -> Option<&'static Asset> {
    let path = path.trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    ASSETS
        .binary_search_by(|a| a.0.cmp(path))
        .ok()
        .and_then(|i| ASSETS.get(i))
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
    let Some((path, bytes, etag)) = asset(req.uri().path()) else {
        return plain(StatusCode::NOT_FOUND, "not found: the web client is at /\n");
    };
    let fresh = req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == *etag));
    let mut resp = Response::builder()
        .header(header::CONTENT_TYPE, content_type(path))
        .header(header::CACHE_CONTROL, cache_control(path))
        .header(header::ETAG, *etag)
        .header("x-content-type-options", "nosniff");
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
        (StatusCode::OK, Body::from(*bytes))
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
            HeaderValue::from_str(o.trim_end_matches('/'))
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
    fn bad_origins_are_refused() {
        assert!(cors(&[]).ok().flatten().is_none());
        assert!(cors(&["http://localhost:5173".into()]).is_ok());
        assert!(cors(&["http://bad\norigin".into()]).is_err());
    }
}
