//! TLS on the server's one port: gRPC, gRPC-web and the web client's files all go through
//! the same rustls acceptor with the same certificate.
//!
//! The certificate and key are PEM files (`--tls-cert`, `--tls-key`), read at start-up and
//! again on [`CertStore::reload`] (SIGHUP): the acceptor asks a [`CertStore`] for the
//! certificate at each handshake, so a reload swaps it for the connections that come next
//! while every open connection — matches, streams — carries on with the one it shook hands
//! with. A reload that fails (a missing file, a key that is not the certificate's) keeps
//! the certificate in use and says why.
//!
//! A client that speaks plain text to the TLS port gets a short answer it can show (an
//! HTTP/1.1 400 or an HTTP/2 GOAWAY, saying to use https://) and the connection is closed;
//! a handshake that does not finish within the handshake timeout is dropped, so slow or
//! silent connections cannot pile up.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use anyhow::Context;
use futures::Stream;
use rustls::crypto::CryptoProvider;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use rustls::server::{ClientHello, ResolvesServerCert};
use rustls::sign::CertifiedKey;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_rustls::TlsAcceptor;
use tokio_rustls::server::TlsStream;
use tokio_stream::wrappers::ReceiverStream;
use tracing::{debug, info, warn};

/// The PEM files of the server's certificate (with its chain) and private key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TlsFiles {
    /// The certificate, then any intermediates, PEM.
    pub cert: PathBuf,
    /// Its private key (PKCS#8, PKCS#1 or SEC1), PEM.
    pub key: PathBuf,
}

/// The certificate the acceptor hands out, swappable while the server runs.
#[derive(Debug)]
pub struct CertStore {
    files: TlsFiles,
    provider: Arc<CryptoProvider>,
    current: RwLock<Arc<CertifiedKey>>,
}

impl CertStore {
    /// Reads the files; fails with a message naming the file at fault.
    pub fn open(files: TlsFiles) -> anyhow::Result<Arc<CertStore>> {
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let key = load(&files, &provider)?;
        Ok(Arc::new(CertStore {
            files,
            provider,
            current: RwLock::new(Arc::new(key)),
        }))
    }

    /// Reads the files again and hands out the new certificate from the next handshake on;
    /// on an error the certificate in use stays.
    pub fn reload(&self) -> anyhow::Result<()> {
        let key = load(&self.files, &self.provider)?;
        let mut current = self
            .current
            .write()
            .map_err(|_| anyhow::anyhow!("the certificate store is poisoned"))?;
        *current = Arc::new(key);
        info!(cert = %self.files.cert.display(), "TLS certificate reloaded");
        Ok(())
    }

    /// The rustls configuration that asks this store at each handshake, offering HTTP/2
    /// and HTTP/1.1 (gRPC-web and page loads from browsers).
    pub fn server_config(self: &Arc<Self>) -> anyhow::Result<Arc<rustls::ServerConfig>> {
        let mut config = rustls::ServerConfig::builder_with_provider(self.provider.clone())
            .with_safe_default_protocol_versions()
            .context("TLS protocol versions")?
            .with_no_client_auth()
            .with_cert_resolver(self.clone());
        config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
        Ok(Arc::new(config))
    }
}

impl ResolvesServerCert for CertStore {
    fn resolve(&self, _hello: ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        self.current.read().ok().map(|c| c.clone())
    }
}

/// The certificate chain and key of `files`, checked to belong together.
fn load(files: &TlsFiles, provider: &CryptoProvider) -> anyhow::Result<CertifiedKey> {
    let cert = &files.cert;
    let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(cert)
        .map_err(|e| pem_error(cert, e))?
        .collect::<Result<_, _>>()
        .map_err(|e| pem_error(cert, e))?;
    if chain.is_empty() {
        anyhow::bail!(
            "--tls-cert {}: no certificate in it (-----BEGIN CERTIFICATE-----)",
            cert.display()
        );
    }
    let key = PrivateKeyDer::from_pem_file(&files.key).map_err(|e| pem_error(&files.key, e))?;
    CertifiedKey::from_der(chain, key, provider).map_err(|e| {
        anyhow::anyhow!(
            "--tls-key {} does not go with --tls-cert {}: {e}",
            files.key.display(),
            cert.display()
        )
    })
}

fn pem_error(path: &Path, e: rustls::pki_types::pem::Error) -> anyhow::Error {
    anyhow::anyhow!("cannot read {}: {e}", path.display())
}

/// The first bytes of an HTTP/2 connection in plain text ("prior knowledge").
const H2_PREFACE: &[u8] = b"PRI * HTTP/2.0";
/// What a plain-text client is told.
const USE_HTTPS: &str = "this server speaks TLS only: connect with https://";

/// The connections of `listener`, each past its TLS handshake, for tonic to serve. A
/// handshake that fails or takes longer than `handshake_timeout` drops that connection and
/// nothing else; a plain-text client is answered in its protocol and closed.
pub fn incoming(
    listener: TcpListener,
    acceptor: TlsAcceptor,
    handshake_timeout: Duration,
) -> impl Stream<Item = Result<TlsStream<TcpStream>, io::Error>> {
    let (tx, rx) = mpsc::channel(64);
    tokio::spawn(async move {
        loop {
            let accepted = tokio::select! {
                a = listener.accept() => a,
                // The server stopped taking connections.
                _ = tx.closed() => return,
            };
            let (tcp, peer) = match accepted {
                Ok(a) => a,
                Err(e) => {
                    // Out of file descriptors and the like: wait a little, go on.
                    warn!(error = %e, "cannot accept a connection");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            };
            // Without it small stream messages wait for the peer's delayed ACK (see
            // `start`).
            let _ = tcp.set_nodelay(true);
            let acceptor = acceptor.clone();
            let tx = tx.clone();
            tokio::spawn(async move {
                match tokio::time::timeout(handshake_timeout, handshake(tcp, &acceptor)).await {
                    Ok(Ok(Some(tls))) => {
                        let _ = tx.send(Ok(tls)).await;
                    }
                    Ok(Ok(None)) => debug!(%peer, "a plain-text client was told to use TLS"),
                    Ok(Err(e)) => debug!(%peer, error = %e, "TLS handshake failed"),
                    Err(_) => debug!(%peer, "TLS handshake timed out"),
                }
            });
        }
    });
    ReceiverStream::new(rx)
}

/// The TLS handshake, or `None` after answering a client that spoke plain text.
async fn handshake(
    mut tcp: TcpStream,
    acceptor: &TlsAcceptor,
) -> io::Result<Option<TlsStream<TcpStream>>> {
    let mut first = [0u8; 1];
    if tcp.peek(&mut first).await? == 0 {
        return Ok(None);
    }
    // Every TLS connection opens with a handshake record (content type 22).
    if first[0] == 0x16 {
        return acceptor.accept(tcp).await.map(Some);
    }
    refuse_plain_text(&mut tcp).await?;
    Ok(None)
}

/// Tells a plain-text client, in its own protocol, to use https://, then closes.
async fn refuse_plain_text(tcp: &mut TcpStream) -> io::Result<()> {
    let mut start = [0u8; 24];
    let mut n = 0;
    while n < H2_PREFACE.len() {
        match tcp.read(&mut start[n..]).await? {
            0 => break,
            k => n += k,
        }
    }
    if start[..n].starts_with(H2_PREFACE) {
        // An empty SETTINGS frame (the server's preface), then a GOAWAY (no stream
        // processed, PROTOCOL_ERROR) whose debug data says why.
        let mut out = vec![0, 0, 0, 0x4, 0, 0, 0, 0, 0];
        let debug = USE_HTTPS.as_bytes();
        let len = 8 + debug.len();
        out.extend_from_slice(&[(len >> 16) as u8, (len >> 8) as u8, len as u8, 0x7, 0]);
        out.extend_from_slice(&[0, 0, 0, 0]); // stream 0
        out.extend_from_slice(&[0, 0, 0, 0]); // last stream id
        out.extend_from_slice(&[0, 0, 0, 0x1]); // PROTOCOL_ERROR
        out.extend_from_slice(debug);
        tcp.write_all(&out).await?;
    } else {
        let body = format!("{USE_HTTPS}\n");
        let response = format!(
            "HTTP/1.1 400 Bad Request\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        );
        tcp.write_all(response.as_bytes()).await?;
    }
    tcp.shutdown().await?;
    // Read what the client still sends until it closes (for a moment at most): closing
    // with its bytes unread would reset the connection, and the answer could be lost.
    let mut sink = [0u8; 1024];
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        while matches!(tcp.read(&mut sink).await, Ok(n) if n > 0) {}
    })
    .await;
    Ok(())
}
