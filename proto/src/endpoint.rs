//! The one way every client of this workspace (the terminal client, the bot client, the
//! load harness) turns a server URL into a tonic endpoint: `http://` in plain text,
//! `https://` over TLS, trusting the system's certificate authorities, or only the one in
//! `--ca FILE` (PEM) for a server whose certificate a private authority signed.

use std::path::Path;

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

#[cfg(test)]
mod tests {
    use super::*;

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
