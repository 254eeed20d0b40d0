//! The one way every client of this workspace (the terminal client, the bot client, the
//! load harness) turns a server URL into a tonic endpoint: `http://` in plain text,
//! `https://` over TLS, trusting the system's certificate authorities, or only the one in
//! `--ca FILE` (PEM) for a server whose certificate a private authority signed.
//!
//! When a connection fails, [`wrong_scheme`] asks the server once more, outside gRPC,
//! whether it speaks TLS: a plain-text client talking to a TLS port (or the reverse) sees
//! only "connection closed" or "corrupt message" from the transport, and the user needs to
//! be told which scheme to use instead.

use std::path::Path;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use tonic::transport::{Certificate, ClientTlsConfig, Endpoint};

/// An endpoint for `url`; over TLS when it starts with `https://`, trusting `ca` (a PEM
/// file of one or more certificates) if given, else the system's roots.
///
/// Fails with a message for a URL that is not one, an unreadable or empty CA file, or a
/// CA given with a plain-text URL (which would silently go unused).
pub fn endpoint(url: &str, ca: Option<&Path>) -> std::io::Result<Endpoint> {
    let invalid = |m: String| std::io::Error::new(std::io::ErrorKind::InvalidInput, m);
    let endpoint = Endpoint::from_shared(url.to_string())
        .map_err(|e| invalid(format!("'{url}' is not a valid server URL: {e}")))?;
    if !url.starts_with("https://") {
        if let Some(ca) = ca {
            return Err(invalid(format!(
                "--ca {} is for a TLS server: use an https:// URL, not '{url}'",
                ca.display()
            )));
        }
        return Ok(endpoint);
    }
    let tls = match ca {
        Some(path) => {
            let pem = std::fs::read(path).map_err(|e| {
                std::io::Error::new(
                    e.kind(),
                    format!("cannot read the CA file {}: {e}", path.display()),
                )
            })?;
            if !pem.windows(27).any(|w| w == b"-----BEGIN CERTIFICATE-----") {
                return Err(invalid(format!(
                    "the CA file {} holds no PEM certificate (-----BEGIN CERTIFICATE-----)",
                    path.display()
                )));
            }
            ClientTlsConfig::new().ca_certificate(Certificate::from_pem(pem))
        }
        None => ClientTlsConfig::new().with_native_roots(),
    };
    endpoint
        .tls_config(tls)
        .map_err(|e| invalid(format!("cannot set up TLS for '{url}': {e}")))
}

/// What a server answered to an HTTP/2 connection preface sent in plain text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A TLS record (an alert), or a plain-text refusal saying to use TLS, as
    /// hustings-server's TLS port gives one.
    Tls,
    /// HTTP/2 or HTTP/1.x in plain text: a server that does not speak TLS on this port.
    PlainText,
    /// Nothing, or nothing recognisable.
    Unknown,
}

/// How long the probe waits for the server's answer (a plain-text HTTP/2 server answers
/// at once and then waits for requests, so the probe always waits this long for one).
const PROBE_WAIT: Duration = Duration::from_millis(1_500);

/// The HTTP/2 client preface followed by an empty SETTINGS frame.
const H2_PREFACE: &[u8] = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\0\0\0\x04\0\0\0\0\0";

/// Reads what a server sent back to [`H2_PREFACE`].
pub fn classify(answer: &[u8]) -> Answer {
    // A TLS record: content type 20–23 (an alert is 21), then version 3.x.
    if let [20..=23, 3, ..] = answer {
        return Answer::Tls;
    }
    let says_tls = |text: &[u8]| {
        let text = String::from_utf8_lossy(text);
        text.contains("TLS") || text.contains("https://")
    };
    if answer.starts_with(b"HTTP/1.") {
        return if says_tls(answer) {
            Answer::Tls
        } else {
            Answer::PlainText
        };
    }
    // HTTP/2 frames: 3 bytes of length, type, flags, 4 bytes of stream id, the payload.
    let mut rest = answer;
    let mut frames = 0;
    while let [l0, l1, l2, kind, _flags, _s0, _s1, _s2, _s3, payload @ ..] = rest {
        let len = (usize::from(*l0) << 16) | (usize::from(*l1) << 8) | usize::from(*l2);
        let Some(body) = payload.get(..len) else {
            break;
        };
        // A GOAWAY (type 7) whose debug data (after 8 bytes) tells the client to use TLS.
        if *kind == 0x7 && body.get(8..).is_some_and(says_tls) {
            return Answer::Tls;
        }
        frames += 1;
        rest = payload.get(len..).unwrap_or_default();
    }
    if frames > 0 {
        Answer::PlainText
    } else {
        Answer::Unknown
    }
}

/// Connects to the host and port of `url` in plain text, sends an HTTP/2 preface and
/// reads the answer for a moment; `None` when the server cannot be reached at all.
pub async fn probe(url: &str) -> Option<Answer> {
    let uri: tonic::codegen::http::Uri = url.parse().ok()?;
    let host = uri.host()?;
    let default_port = if uri.scheme_str() == Some("https") {
        443
    } else {
        80
    };
    let port = uri.port_u16().unwrap_or(default_port);
    let attempt = async {
        let mut tcp = tokio::net::TcpStream::connect((host.trim_matches(['[', ']']), port))
            .await
            .ok()?;
        tcp.write_all(H2_PREFACE).await.ok()?;
        let mut answer = Vec::new();
        let mut buf = [0u8; 1024];
        let _ = tokio::time::timeout(PROBE_WAIT, async {
            while answer.len() < 4096 {
                match tcp.read(&mut buf).await {
                    Ok(0) | Err(_) => break,
                    Ok(n) => answer.extend_from_slice(buf.get(..n).unwrap_or_default()),
                }
                if classify(&answer) == Answer::Tls {
                    break;
                }
            }
        })
        .await;
        Some(classify(&answer))
    };
    tokio::time::timeout(PROBE_WAIT * 3, attempt).await.ok()?
}

/// When a connection to `url` failed: a sentence saying which scheme to use, if the server
/// turns out to speak TLS to an `http://` URL or plain text to an `https://` one; `None`
/// if the scheme is not the problem (or the server cannot be asked).
pub async fn wrong_scheme(url: &str) -> Option<String> {
    let answer = probe(url).await?;
    if let Some(rest) = url.strip_prefix("http://") {
        (answer == Answer::Tls).then(|| {
            format!(
                "the server at {url} answered like a TLS server; use https://{rest} (and --ca FILE for a private CA)"
            )
        })
    } else if let Some(rest) = url.strip_prefix("https://") {
        (answer == Answer::PlainText)
            .then(|| format!("the server at {url} does not speak TLS; use http://{rest}"))
    } else {
        None
    }
}

/// Whether an error (given as its chain of causes, e.g. `anyhow::Error::chain`) is a
/// failure to reach or talk to the server at all, the case [`wrong_scheme`] may explain,
/// rather than an answer of the service.
pub fn is_transport_failure<'a>(
    mut chain: impl Iterator<Item = &'a (dyn std::error::Error + 'static)>,
) -> bool {
    use tonic::Code;
    chain.any(|e| {
        e.downcast_ref::<tonic::transport::Error>().is_some()
            || e.downcast_ref::<tonic::Status>().is_some_and(|s| {
                matches!(
                    s.code(),
                    Code::Unavailable | Code::Unknown | Code::Internal | Code::Cancelled
                )
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_told_apart() {
        // A TLS alert record.
        assert_eq!(classify(&[21, 3, 3, 0, 2, 2, 10]), Answer::Tls);
        // hustings-server's TLS port in plain text: SETTINGS, then GOAWAY saying why.
        let debug = b"this server speaks TLS only: connect with https://";
        let mut goaway = vec![0, 0, 0, 4, 0, 0, 0, 0, 0];
        goaway.extend_from_slice(&[0, 0, 8 + debug.len() as u8, 7, 0, 0, 0, 0, 0]);
        goaway.extend_from_slice(&[0, 0, 0, 0, 0, 0, 0, 1]);
        goaway.extend_from_slice(debug);
        assert_eq!(classify(&goaway), Answer::Tls);
        // A plain HTTP/2 server: SETTINGS and a SETTINGS ACK.
        let plain = [
            0, 0, 6, 4, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 200, 0, 0, 0, 4, 1, 0, 0, 0, 0,
        ];
        assert_eq!(classify(&plain), Answer::PlainText);
        // A GOAWAY for another reason is plain text too.
        let other = [0, 0, 8, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1];
        assert_eq!(classify(&other), Answer::PlainText);
        assert_eq!(
            classify(b"HTTP/1.1 400 Bad Request\r\n\r\n"),
            Answer::PlainText
        );
        assert_eq!(
            classify(b"HTTP/1.1 400 Bad Request\r\n\r\nconnect with https://"),
            Answer::Tls
        );
        assert_eq!(classify(b""), Answer::Unknown);
        assert_eq!(classify(&[0, 0]), Answer::Unknown);
    }

    #[test]
    fn a_ca_needs_https_and_a_certificate() {
        assert!(endpoint("http://127.0.0.1:1", None).is_ok());
        assert!(endpoint("https://127.0.0.1:1", None).is_ok());
        let dir = std::env::temp_dir().join(format!("hustings-ca-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let not_pem = dir.join("not.pem");
        std::fs::write(&not_pem, "hello").expect("write");
        let e = endpoint("http://127.0.0.1:1", Some(&not_pem)).expect_err("plain text");
        assert!(e.to_string().contains("https://"), "{e}");
        let e = endpoint("https://127.0.0.1:1", Some(&not_pem)).expect_err("no PEM");
        assert!(e.to_string().contains("no PEM certificate"), "{e}");
        let missing = dir.join("missing.pem");
        let e = endpoint("https://127.0.0.1:1", Some(&missing)).expect_err("missing");
        assert!(e.to_string().contains("cannot read the CA file"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
