//! What can go wrong. [`ApiError`]: the sandbox's error answers, the spec's
//! `{error: {type, message, code}}` object (section 7) with an HTTP status,
//! for every refusal. [`SandboxError`]: starting or driving the sandbox.
//!
//! `type` says which family of failure it is; `code` says exactly which rule
//! failed; `message` says it in words, naming the field or claim concerned.
//! Values of `type`: `authentication`, `invalid-request`, `not-found`,
//! `method-not-allowed`, `conflict`, `unprocessable`, `forbidden`,
//! `payload-too-large`, `internal`.

use std::net::SocketAddr;

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use brlv_core::api::model::{AmountError, ErrorBody};

/// Every `code` the sandbox can answer with, sorted. The window has words
/// for each in both languages (a test walks this list), and a test here
/// reads the sandbox's sources so that a new code cannot be left out.
pub const ERROR_CODES: &[&str] = &[
    "ambiguous-asset",
    "amount-mismatch",
    "amount-not-positive",
    "amount-too-large",
    "amount-too-small",
    "api-key-taken",
    "asset-mismatch",
    "asset-not-transferable",
    "bad-algorithm",
    "bad-signature",
    "body-hash-mismatch",
    "body-too-large",
    "chain-mismatch",
    "claim-type",
    "expired",
    "insufficient-balance",
    "insufficient-claimable-balance",
    "invalid-account",
    "invalid-address",
    "invalid-amount",
    "invalid-bank-code",
    "invalid-branch",
    "invalid-document",
    "invalid-field-type",
    "invalid-key",
    "invalid-name",
    "invalid-nonce",
    "invalid-path",
    "invalid-pix-key",
    "invalid-records",
    "invalid-seconds",
    "invalid-trade-reason",
    "invalid-url",
    "invalid-uuid",
    "invalid-wallet-name",
    "issued-in-future",
    "lifetime-too-long",
    "loopback-only",
    "malformed-json",
    "malformed-token",
    "method-not-allowed",
    "method-not-allowed-for-asset",
    "missing-api-key",
    "missing-body",
    "missing-claim",
    "missing-field",
    "missing-token",
    "no-wallet-for-brlv",
    "nonce-replayed",
    "not-a-brcode-order",
    "order-already-paid",
    "order-not-found",
    "payment-already-returned",
    "payment-method-not-allowed",
    "pix-key-not-allowed",
    "qr-render-failed",
    "quote-already-used",
    "quote-expired",
    "quote-not-found",
    "same-address",
    "source-wallet-not-owned",
    "sub-mismatch",
    "target-wallet-not-fx-whitelisted",
    "target-wallet-not-whitelisted",
    "tax-id-mismatch",
    "too-many-decimal-places",
    "unexpected-field",
    "unknown-account-type",
    "unknown-api-key",
    "unknown-asset",
    "unknown-chain",
    "unknown-method",
    "unknown-path",
    "unknown-payment-method",
    "unknown-state",
    "unknown-target-asset-code",
    "unsupported-claim-form",
    "unsupported-pair",
    "uri-mismatch",
    "wallet-not-found",
    "withdrawal-not-found",
];

/// A refusal, rendered as the spec's error object.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// HTTP status of the answer.
    pub status: StatusCode,
    /// The error object's `type`.
    pub kind: &'static str,
    /// The error object's `code`.
    pub code: &'static str,
    /// The error object's `message`.
    pub message: String,
}

impl ApiError {
    fn new(status: StatusCode, kind: &'static str, code: &'static str, message: String) -> Self {
        debug_assert!(
            ERROR_CODES.contains(&code),
            "the error code {code:?} is missing from ERROR_CODES"
        );
        ApiError {
            status,
            kind,
            code,
            message,
        }
    }

    /// 401: a rule of spec section 5 failed.
    pub(crate) fn unauthorized(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(
            StatusCode::UNAUTHORIZED,
            "authentication",
            code,
            message.into(),
        )
    }

    /// 400: the request itself is malformed (JSON, a field's type or format).
    pub(crate) fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(
            StatusCode::BAD_REQUEST,
            "invalid-request",
            code,
            message.into(),
        )
    }

    /// 404: no such resource (or path).
    pub(crate) fn not_found(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, "not-found", code, message.into())
    }

    /// 409: the resource is not in a state that allows this.
    pub(crate) fn conflict(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, "conflict", code, message.into())
    }

    /// 422: well-formed, but a business rule refuses it (balance short, quote expired, ...).
    pub(crate) fn unprocessable(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "unprocessable",
            code,
            message.into(),
        )
    }

    /// 403: a control endpoint asked from a non-loopback peer.
    pub(crate) fn forbidden(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, "forbidden", code, message.into())
    }

    /// 405: the path exists but not with this method.
    pub(crate) fn method_not_allowed(message: impl Into<String>) -> Self {
        Self::new(
            StatusCode::METHOD_NOT_ALLOWED,
            "method-not-allowed",
            "method-not-allowed",
            message.into(),
        )
    }

    /// 413: the body exceeds the sandbox's limit.
    pub(crate) fn payload_too_large(message: impl Into<String>) -> Self {
        Self::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "payload-too-large",
            "body-too-large",
            message.into(),
        )
    }

    /// 500: the sandbox itself failed; never used for bad input.
    pub(crate) fn internal(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            code,
            message.into(),
        )
    }

    /// 400 for an amount field that `parse_wire_amount` refused, naming the field.
    pub(crate) fn bad_amount(field: &str, error: &AmountError) -> Self {
        let code = match error {
            AmountError::NotADecimal(_) => "invalid-amount",
            AmountError::NotPositive => "amount-not-positive",
            AmountError::TooManyPlaces { .. } => "too-many-decimal-places",
        };
        Self::bad_request(code, format!("field `{field}`: {error}"))
    }

    /// The error object as the spec shapes it.
    pub(crate) fn body(&self) -> ErrorBody {
        ErrorBody::new(self.kind, self.code, self.message.clone())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(self.body())).into_response()
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} {}: {}",
            self.status.as_u16(),
            self.code,
            self.message
        )
    }
}

/// What can go wrong starting or driving the sandbox.
#[derive(Debug, thiserror::Error)]
pub enum SandboxError {
    /// The listening socket could not be opened.
    #[error("cannot listen on {address}: {source}")]
    Bind {
        /// The address asked for.
        address: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
    /// A non-loopback address without `allow_non_loopback`.
    #[error(
        "refusing to listen on {0}: the sandbox is for this machine only (use a 127.0.0.1 address, or --allow-non-loopback if you really mean it)"
    )]
    NonLoopback(SocketAddr),
    /// The public key is not a usable RSA public key in PEM.
    #[error("invalid public key: {0}")]
    InvalidPublicKey(String),
    /// The RSA key is too small.
    #[error("the RSA key is too small{}; at least 2048 bits are required", bits.map(|bits| format!(" ({bits} bits)")).unwrap_or_default())]
    KeyTooSmall {
        /// Its size, when it could be measured.
        bits: Option<usize>,
    },
    /// The API key is empty or has characters a header cannot carry.
    #[error("invalid API key: {0}")]
    InvalidApiKey(String),
    /// The API key is registered already, with another public key.
    #[error("the API key {0:?} is already registered with a different public key")]
    ApiKeyTaken(String),
    /// No such account.
    #[error("no account has the API key {0:?}")]
    UnknownApiKey(String),
    /// Key generation failed.
    #[error("key generation failed: {0}")]
    KeyGeneration(String),
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: std::path::PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// Command-line arguments that do not fit together.
    #[error("{0}")]
    Usage(String),
    /// The server task failed.
    #[error("the sandbox server failed: {0}")]
    Server(String),
}

#[cfg(test)]
mod tests {
    use super::ERROR_CODES;

    /// The string literals that a refusal's constructor takes as its code, or
    /// that a `code = match` gives it, in one source file.
    fn codes_in(source: &str) -> Vec<String> {
        const CONSTRUCTORS: [&str; 7] = [
            "unauthorized(",
            "bad_request(",
            "not_found(",
            "conflict(",
            "unprocessable(",
            "forbidden(",
            "internal(",
        ];
        let mut found = Vec::new();
        let first_literal = |text: &str| -> Option<String> {
            let start = text.find('"')? + 1;
            let end = text[start..].find('"')? + start;
            Some(text[start..end].to_owned())
        };
        for constructor in CONSTRUCTORS {
            for (at, _) in source.match_indices(constructor) {
                let rest = &source[at + constructor.len()..];
                let argument = &rest[..rest.find(',').unwrap_or(rest.len())];
                if let Some(code) = first_literal(argument) {
                    found.push(code);
                }
            }
        }
        // `Self::new(status, kind, code, message)`: the code is the second literal.
        for (at, _) in source.match_indices("Self::new(") {
            let rest = &source[at..];
            let call = &rest[..rest.find(')').unwrap_or(rest.len())];
            let literals: Vec<&str> = call.split('"').skip(1).step_by(2).collect();
            if let Some(code) = literals.get(1) {
                found.push((*code).to_owned());
            }
        }
        for (at, _) in source.match_indices("let code = match") {
            let rest = &source[at..];
            let block = &rest[..rest.find("};").unwrap_or(rest.len())];
            for line in block.lines().filter(|line| line.contains("=> \"")) {
                if let Some(code) = first_literal(&line[line.find("=>").unwrap_or(0)..]) {
                    found.push(code);
                }
            }
        }
        found
    }

    #[test]
    fn every_code_in_the_sources_is_listed_and_every_listed_code_is_used() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut used = std::collections::BTreeSet::new();
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|ext| ext == "rs") {
                let source = std::fs::read_to_string(&path).unwrap();
                // This file's own list and tests are not uses.
                let source = match source.find("pub const ERROR_CODES") {
                    Some(list) => {
                        let after = source[list..]
                            .find("];")
                            .map_or(source.len(), |end| list + end);
                        let tests = source
                            .find("#[cfg(test)]\nmod tests")
                            .unwrap_or(source.len());
                        format!("{}{}", &source[..list], &source[after..tests])
                    }
                    None => source,
                };
                used.extend(codes_in(&source));
            }
        }
        let listed: std::collections::BTreeSet<String> =
            ERROR_CODES.iter().map(|code| (*code).to_owned()).collect();
        let missing: Vec<_> = used.difference(&listed).collect();
        assert!(
            missing.is_empty(),
            "codes used but not in ERROR_CODES: {missing:?}"
        );
        let unused: Vec<_> = listed.difference(&used).collect();
        assert!(unused.is_empty(), "codes listed but never used: {unused:?}");
        let mut sorted = ERROR_CODES.to_vec();
        sorted.sort_unstable();
        assert_eq!(sorted, ERROR_CODES, "ERROR_CODES is kept sorted");
    }
}
