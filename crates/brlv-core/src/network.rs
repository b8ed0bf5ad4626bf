//! The network path a profile's requests take: which proxy, and which
//! certificate authorities are trusted. Both are settings of the profile,
//! bound to its key with its address ([`crate::profile_binding`]), never
//! taken silently from the environment.
//!
//! - The proxy is none by default (requests go straight to the service),
//!   the system's proxy when the person chooses it (the proxy variables on
//!   Linux, the system's settings on Windows and macOS, read when a
//!   connection opens), or one the person gives (`http://host:port`). A
//!   proxy variable (`HTTPS_PROXY`, `ALL_PROXY`…) with no such choice is
//!   ignored, and [`ignored_environment`] names it so it can be said.
//! - The trusted authorities are the operating system's (its verifier on
//!   Windows and macOS; the distribution's bundle file on Linux, read from
//!   its fixed place), and a certificate the person adds to the profile.
//!   `SSL_CERT_FILE` and `SSL_CERT_DIR` are never read: any program that can
//!   set a variable for the app could otherwise trust its own authority.
//! - The proxy actually used is resolved once, when the client is built,
//!   and shown ([`Client::proxy_shown`](crate::api::Client::proxy_shown)):
//!   what the top bar names is what carries the requests.

use std::sync::OnceLock;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::{Digest, Sha256};
use url::Url;

/// Which proxy a profile's requests go through.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Proxy {
    /// None: straight to the service.
    #[default]
    Direct,
    /// The system's proxy, as its settings say when a connection opens.
    System,
    /// This proxy (`http://` or `https://`, no user name or password).
    Given(Url),
}

impl Proxy {
    /// Reads a proxy setting as written in the profile file and on the
    /// command line: `none`, `system`, or a proxy's address.
    pub fn parse(text: &str) -> Result<Proxy, NetworkError> {
        match text.trim() {
            "none" | "direct" => Ok(Proxy::Direct),
            "system" => Ok(Proxy::System),
            address => {
                let url = Url::parse(address).map_err(|error| NetworkError::Proxy {
                    proxy: address.to_owned(),
                    reason: error.to_string(),
                })?;
                check_proxy_url(&url)?;
                Ok(Proxy::Given(url))
            }
        }
    }

    /// As written in the profile file: `none`, `system` or the address.
    pub fn as_text(&self) -> String {
        match self {
            Proxy::Direct => "none".to_owned(),
            Proxy::System => "system".to_owned(),
            Proxy::Given(url) => url.to_string(),
        }
    }
}

impl Serialize for Proxy {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.as_text())
    }
}

impl<'de> Deserialize<'de> for Proxy {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Proxy, D::Error> {
        let text = String::deserialize(deserializer)?;
        Proxy::parse(&text).map_err(serde::de::Error::custom)
    }
}

fn check_proxy_url(url: &Url) -> Result<(), NetworkError> {
    let refuse = |reason: &str| NetworkError::Proxy {
        proxy: url.to_string(),
        reason: reason.to_owned(),
    };
    if !matches!(url.scheme(), "http" | "https") {
        return Err(refuse("only http:// and https:// proxies are supported"));
    }
    if url.host().is_none() {
        return Err(refuse("it names no host"));
    }
    if !url.username().is_empty() || url.password().is_some() {
        // The profile file is not a place for a password.
        return Err(refuse(
            "a proxy that needs a user name or password is not supported in a profile",
        ));
    }
    Ok(())
}

/// A profile's network path: its proxy, and a certificate authority of its
/// own beside the system's.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct NetworkPath {
    /// The proxy.
    #[serde(default)]
    pub proxy: Proxy,
    /// A certificate (PEM) the person added, trusted beside the system's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certificate: Option<String>,
}

impl NetworkPath {
    /// Straight to the service, trusting the system's authorities only: the
    /// default, and what a profile saved before network paths has.
    pub fn is_default(&self) -> bool {
        self.proxy == Proxy::Direct && self.certificate.is_none()
    }

    /// What a profile's key signs of its network path: the proxy setting as
    /// written, and the SHA-256 of an added certificate.
    pub fn bound_text(&self) -> String {
        let mut text = format!("proxy={}", self.proxy.as_text());
        if let Some(certificate) = &self.certificate {
            text.push_str(";certificate=sha256:");
            text.push_str(&hex(&Sha256::digest(certificate.trim().as_bytes())));
        }
        text
    }

    /// Reads a certificate (PEM) to add, refusing what is not one.
    pub fn check_certificate(pem: &str) -> Result<(), NetworkError> {
        match reqwest::Certificate::from_pem_bundle(pem.as_bytes()) {
            Ok(certificates) if !certificates.is_empty() => Ok(()),
            Ok(_) => Err(NetworkError::Certificate(
                "it holds no PEM certificate (BEGIN CERTIFICATE)".to_owned(),
            )),
            Err(error) => Err(NetworkError::Certificate(error.to_string())),
        }
    }
}

/// Why a network path cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NetworkError {
    /// The proxy setting or the proxy the system names is not usable.
    #[error("the proxy {proxy} cannot be used: {reason}")]
    Proxy {
        /// The proxy as given.
        proxy: String,
        /// Why.
        reason: String,
    },
    /// The profile's certificate does not read.
    #[error("the profile's certificate cannot be read: {0}")]
    Certificate(String),
}

/// The proxy a client was built to use, as it is shown: its host and port
/// (never a user name or password).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// `proxy.example:3128`, or `None` when requests go straight.
    pub proxy: Option<String>,
}

/// `builder` set to take `path` to `target`: the proxy resolved now (none
/// unless the profile chose one; a proxy variable alone is ignored), and
/// the trusted authorities the system's and the profile's certificate only.
pub fn configure(
    builder: reqwest::ClientBuilder,
    path: &NetworkPath,
    target: &Url,
) -> Result<(reqwest::ClientBuilder, Route), NetworkError> {
    let mut builder = builder.no_proxy();
    let proxy = match &path.proxy {
        Proxy::Direct => None,
        Proxy::Given(url) => Some((url.to_string(), None)),
        Proxy::System => system_proxy_for(target)?,
    };
    let mut route = Route { proxy: None };
    if let Some((address, auth)) = proxy {
        let refuse = |reason: String| NetworkError::Proxy {
            proxy: shown(&address),
            reason,
        };
        let mut proxy = reqwest::Proxy::all(address.as_str()).map_err(|e| refuse(e.to_string()))?;
        if let Some(auth) = auth {
            proxy = proxy.custom_http_auth(auth);
        }
        route.proxy = Some(shown(&address));
        builder = builder.proxy(proxy);
    }
    let mut extra = Vec::new();
    if let Some(pem) = &path.certificate {
        extra = reqwest::Certificate::from_pem_bundle(pem.as_bytes())
            .map_err(|error| NetworkError::Certificate(error.to_string()))?;
    }
    Ok((trusted_authorities(builder, extra), route))
}

/// The system's proxy for `target`, if it names one, with its credentials
/// as a header (never shown).
fn system_proxy_for(
    target: &Url,
) -> Result<Option<(String, Option<reqwest::header::HeaderValue>)>, NetworkError> {
    let Ok(uri) = target.as_str().parse::<http::Uri>() else {
        return Ok(None);
    };
    let matcher = hyper_util::client::proxy::matcher::Matcher::from_system();
    let Some(intercept) = matcher.intercept(&uri) else {
        return Ok(None);
    };
    let address = intercept.uri().to_string();
    if !matches!(intercept.uri().scheme_str(), Some("http" | "https")) {
        return Err(NetworkError::Proxy {
            proxy: shown(&address),
            reason: "only http:// and https:// proxies are supported".to_owned(),
        });
    }
    let auth = intercept
        .basic_auth()
        .map(|value| reqwest::header::HeaderValue::from_bytes(value.as_bytes()))
        .transpose()
        .map_err(|error| NetworkError::Proxy {
            proxy: shown(&address),
            reason: error.to_string(),
        })?;
    Ok(Some((address, auth)))
}

/// `host:port` of a proxy's address, for the person to read.
fn shown(address: &str) -> String {
    Url::parse(address)
        .ok()
        .and_then(|url| {
            let host = url.host_str()?.to_owned();
            Some(match url.port_or_known_default() {
                Some(port) => format!("{host}:{port}"),
                None => host,
            })
        })
        // Every proxy address here was read as a URL; one that is not is not
        // shown as it came.
        .unwrap_or_else(|| "(a proxy whose address does not read)".to_owned())
}

/// On Windows and macOS, the system's own verifier (it reads no variable)
/// with the profile's certificate beside it. Elsewhere the distribution's
/// bundle, from its fixed place, and the profile's certificate, and nothing
/// else: the verifier there would read `SSL_CERT_FILE` and `SSL_CERT_DIR`.
fn trusted_authorities(
    builder: reqwest::ClientBuilder,
    extra: Vec<reqwest::Certificate>,
) -> reqwest::ClientBuilder {
    if cfg!(any(windows, target_os = "macos")) {
        return builder.tls_certs_merge(extra);
    }
    let mut roots = system_bundle().to_vec();
    roots.extend(extra);
    builder.tls_certs_only(roots)
}

/// Where Linux distributions keep the system's authorities, as one PEM
/// file: Debian and Ubuntu, Fedora and RHEL, older RHEL, openSUSE, Alpine.
const SYSTEM_BUNDLES: [&str; 5] = [
    "/etc/ssl/certs/ca-certificates.crt",
    "/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem",
    "/etc/pki/tls/certs/ca-bundle.crt",
    "/etc/ssl/ca-bundle.pem",
    "/etc/ssl/cert.pem",
];

/// The system's authorities, read once per run from the first bundle there.
fn system_bundle() -> &'static [reqwest::Certificate] {
    static BUNDLE: OnceLock<Vec<reqwest::Certificate>> = OnceLock::new();
    BUNDLE.get_or_init(|| {
        SYSTEM_BUNDLES
            .iter()
            .find_map(|path| std::fs::read(path).ok())
            .and_then(|pem| reqwest::Certificate::from_pem_bundle(&pem).ok())
            .unwrap_or_default()
    })
}

/// The variables that set a proxy.
const PROXY_VARIABLES: [&str; 8] = [
    "HTTPS_PROXY",
    "https_proxy",
    "HTTP_PROXY",
    "http_proxy",
    "ALL_PROXY",
    "all_proxy",
    "NO_PROXY",
    "no_proxy",
];

/// The variables that would add trusted authorities.
const AUTHORITY_VARIABLES: [&str; 2] = ["SSL_CERT_FILE", "SSL_CERT_DIR"];

/// The variables set in this process that `path` ignores: the proxy
/// variables unless the profile chose the system's proxy, and the
/// authority variables always. For the caller to say so.
pub fn ignored_environment(path: &NetworkPath) -> Vec<&'static str> {
    let proxies: &[&'static str] = if path.proxy == Proxy::System {
        &[]
    } else {
        &PROXY_VARIABLES
    };
    proxies
        .iter()
        .chain(AUTHORITY_VARIABLES.iter())
        .copied()
        .filter(|name| std::env::var_os(name).is_some_and(|value| !value.is_empty()))
        .collect()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_proxy_setting_reads_and_writes_as_in_the_profile_file() {
        assert_eq!(Proxy::parse("none").unwrap(), Proxy::Direct);
        assert_eq!(Proxy::parse("system").unwrap(), Proxy::System);
        let given = Proxy::parse("http://proxy.example:3128").unwrap();
        assert_eq!(given.as_text(), "http://proxy.example:3128/");
        for refused in [
            "socks5://proxy.example:1080",
            "http://user:secret@proxy.example:3128",
            "proxy.example:3128",
        ] {
            assert!(Proxy::parse(refused).is_err(), "{refused}");
        }
        let path: NetworkPath =
            serde_json::from_str(r#"{"proxy": "http://proxy.example:3128"}"#).unwrap();
        assert_eq!(path.proxy, given);
        assert_eq!(
            serde_json::to_string(&path).unwrap(),
            r#"{"proxy":"http://proxy.example:3128/"}"#
        );
    }

    #[test]
    fn the_bound_text_names_the_proxy_and_the_certificates_digest() {
        assert!(NetworkPath::default().is_default());
        assert_eq!(NetworkPath::default().bound_text(), "proxy=none");
        let path = NetworkPath {
            proxy: Proxy::System,
            certificate: Some("-----BEGIN CERTIFICATE-----\nx\n".to_owned()),
        };
        assert!(
            path.bound_text()
                .starts_with("proxy=system;certificate=sha256:")
        );
        assert!(!path.is_default());
    }

    #[test]
    fn a_given_proxy_is_shown_by_its_host_and_port() {
        let target = Url::parse("https://api.example.com").unwrap();
        let path = NetworkPath {
            proxy: Proxy::parse("http://proxy.example:3128").unwrap(),
            certificate: None,
        };
        let (_, route) = configure(reqwest::Client::builder(), &path, &target).unwrap();
        assert_eq!(route.proxy.as_deref(), Some("proxy.example:3128"));
        let (_, route) =
            configure(reqwest::Client::builder(), &NetworkPath::default(), &target).unwrap();
        assert_eq!(route.proxy, None);
    }

    #[test]
    fn what_is_not_a_certificate_is_refused() {
        assert!(NetworkPath::check_certificate("not a certificate").is_err());
    }
}
