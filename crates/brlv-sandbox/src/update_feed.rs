//! The demo update feed: a release feed as the project publishes it,
//! signed with a key made when the sandbox starts (never a release key),
//! offering a version above any real one and a small file for each
//! platform, so the update path can be tried end to end on this machine.
//!
//! `GET /sandbox/update/feed.json`, `…/feed.json.minisig`, `…/minisign.pub`
//! (the demo key) and `…/files/{name}`; loopback only, like every
//! `/sandbox/` path.

use std::sync::Arc;

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use url::Url;

use brlv_core::update::{DemoFeedKey, Platform, Version};

use super::auth::sha256_hex;
use super::control;
use super::error::SandboxError;

/// The version the demo feed offers: above any release, so every build
/// sees it as newer.
pub const DEMO_UPDATE_VERSION: Version = Version::new(99, 0, 0);

/// Where the feed is, under the sandbox's base URL.
pub const DEMO_FEED_PATH: &str = "sandbox/update/feed.json";

/// What every platform's "package" holds: text, so nothing installs or runs it.
const DEMO_PACKAGE: &[u8] =
    b"brlv-desk sandbox: the demo update's package. It is not a program and installs nothing.\n";

/// The signed feed, its key and its file, made once at start.
#[derive(Debug)]
pub(crate) struct DemoFeed {
    feed: String,
    signature: String,
    public_key_file: String,
    public_key: String,
    file_names: Vec<String>,
}

impl DemoFeed {
    /// A feed for the sandbox at `base_url`, signed with a new key.
    pub(crate) fn new(base_url: &Url) -> Result<DemoFeed, SandboxError> {
        let key = DemoFeedKey::generate()
            .map_err(|error| SandboxError::Server(format!("demo update key: {error}")))?;
        let digest = sha256_hex(DEMO_PACKAGE);
        let version = DEMO_UPDATE_VERSION;
        let mut platforms = serde_json::Map::new();
        let mut file_names = Vec::new();
        for platform in Platform::ALL {
            let name = match platform {
                Platform::WindowsNsis => format!("brlv-desk_{version}_x64-setup.exe"),
                Platform::WindowsMsi => format!("brlv-desk_{version}_x64.msi"),
                Platform::LinuxDeb => format!("brlv-desk_{version}-1_amd64.deb"),
                Platform::LinuxRpm => format!("brlv-desk-{version}-1.x86_64.rpm"),
            };
            let url = base_url
                .join(&format!("sandbox/update/files/{name}"))
                .map_err(|error| SandboxError::Server(format!("demo update URL: {error}")))?;
            platforms.insert(
                platform.as_str().to_owned(),
                serde_json::json!({
                    "url": url.as_str(),
                    "size": DEMO_PACKAGE.len(),
                    "sha256": digest,
                }),
            );
            file_names.push(name);
        }
        // Signed now by the wall clock, which the program compares the expiry
        // with (the sandbox's own clock may be set elsewhere), and valid for
        // 30 days, as a release feed signed again every few weeks.
        let signed = time::OffsetDateTime::now_utc()
            .replace_nanosecond(0)
            .unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
        let expires = signed + time::Duration::days(30);
        let rfc3339 = |at: time::OffsetDateTime| {
            at.format(&time::format_description::well_known::Rfc3339)
                .map_err(|error| SandboxError::Server(format!("demo update time: {error}")))
        };
        let feed = serde_json::json!({
            "version": version.to_string(),
            "date": "2025-07-01",
            "signed": rfc3339(signed)?,
            "expires": rfc3339(expires)?,
            "notes": {
                "en": "The sandbox's demo update: nothing to install.",
                "pt-BR": "A atualização de demonstração do sandbox: nada a instalar.",
            },
            "platforms": platforms,
        });
        let feed = serde_json::to_string_pretty(&feed)
            .map_err(|error| SandboxError::Server(format!("demo update feed: {error}")))?;
        let signature = key.sign(feed.as_bytes(), "brlv-desk sandbox demo feed");
        Ok(DemoFeed {
            signature,
            feed,
            public_key_file: key.public_key_file(),
            public_key: key.public_key_base64(),
            file_names,
        })
    }

    /// The demo key's base64 line, for `--public-key`.
    pub(crate) fn public_key(&self) -> &str {
        &self.public_key
    }
}

/// The feed's routes.
pub(crate) fn router(feed: Arc<DemoFeed>) -> Router {
    Router::new()
        .route(&format!("/{DEMO_FEED_PATH}"), get(feed_json))
        .route(&format!("/{DEMO_FEED_PATH}.minisig"), get(signature))
        .route("/sandbox/update/minisign.pub", get(public_key))
        .route("/sandbox/update/files/{name}", get(file))
        .route_layer(middleware::from_fn(control::require_loopback))
        .with_state(feed)
}

fn text(body: String, content_type: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type)], body).into_response()
}

async fn feed_json(State(feed): State<Arc<DemoFeed>>) -> Response {
    text(feed.feed.clone(), "application/json")
}

async fn signature(State(feed): State<Arc<DemoFeed>>) -> Response {
    text(feed.signature.clone(), "text/plain; charset=utf-8")
}

async fn public_key(State(feed): State<Arc<DemoFeed>>) -> Response {
    text(feed.public_key_file.clone(), "text/plain; charset=utf-8")
}

async fn file(State(feed): State<Arc<DemoFeed>>, Path(name): Path<String>) -> Response {
    if feed.file_names.contains(&name) {
        (
            [(header::CONTENT_TYPE, "application/octet-stream")],
            DEMO_PACKAGE,
        )
            .into_response()
    } else {
        (StatusCode::NOT_FOUND, "no such demo file").into_response()
    }
}
