//! Certificates made in the test: a private authority and server certificates it signs for
//! `localhost` and `127.0.0.1`, written as the PEM files `hustings-server --tls-cert` /
//! `--tls-key` and the clients' `--ca` read.

use std::path::{Path, PathBuf};

use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, Issuer, KeyPair, KeyUsagePurpose};

/// A certificate authority of its own, made afresh.
pub struct Authority {
    params: CertificateParams,
    key: KeyPair,
    /// Its certificate, PEM (what a client's `--ca` file holds).
    pub pem: String,
}

/// The PEM files of one server certificate and the authority that signed it.
#[derive(Clone, Debug)]
pub struct CertFiles {
    /// The authority's certificate (for `--ca`).
    pub ca: PathBuf,
    /// The server's certificate (for `--tls-cert`).
    pub cert: PathBuf,
    /// Its private key (for `--tls-key`).
    pub key: PathBuf,
}

impl Authority {
    /// A new authority named `name`.
    pub fn new(name: &str) -> Authority {
        let key = KeyPair::generate().expect("a key pair");
        let mut params = CertificateParams::new(Vec::<String>::new()).expect("CA params");
        params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        params.distinguished_name.push(DnType::CommonName, name);
        params.key_usages = vec![KeyUsagePurpose::KeyCertSign, KeyUsagePurpose::CrlSign];
        let cert = params.self_signed(&key).expect("the CA certificate");
        Authority {
            pem: cert.pem(),
            params,
            key,
        }
    }

    /// A server certificate for `localhost` and `127.0.0.1` signed by this authority, with
    /// its key: (certificate PEM, key PEM).
    pub fn server_cert(&self) -> (String, String) {
        let key = KeyPair::generate().expect("a key pair");
        let params = CertificateParams::new(vec!["localhost".to_string(), "127.0.0.1".to_string()])
            .expect("server params");
        let issuer = Issuer::from_params(&self.params, &self.key);
        let cert = params
            .signed_by(&key, &issuer)
            .expect("the server certificate");
        (cert.pem(), key.serialize_pem())
    }

    /// Writes a fresh server certificate, its key and this authority's certificate into
    /// `dir` as `ca.pem`, `cert.pem` and `key.pem` (overwriting them).
    pub fn write(&self, dir: &Path) -> CertFiles {
        std::fs::create_dir_all(dir).expect("the certificates' directory");
        let (cert, key) = self.server_cert();
        let files = CertFiles {
            ca: dir.join("ca.pem"),
            cert: dir.join("cert.pem"),
            key: dir.join("key.pem"),
        };
        std::fs::write(&files.ca, &self.pem).expect("ca.pem");
        std::fs::write(&files.cert, cert).expect("cert.pem");
        std::fs::write(&files.key, key).expect("key.pem");
        files
    }
}
