//! Verification of spec section 5, on every `/api/v0` request.
//!
//! The middleware reads the raw body once, verifies the request against it, and
//! passes the same bytes on to the handler, so `bodyHash` is checked against the
//! exact bytes received and handlers parse JSON from them themselves.
//!
//! Each rule has its own `code` in the 401 answer:
//!
//! | Rule | `code` |
//! |---|---|
//! | `X-API-Key` present | `missing-api-key` |
//! | `X-API-Key` registered | `unknown-api-key` |
//! | `Authorization: Bearer <JWT>` present | `missing-token` |
//! | three base64url parts, JSON header and claims | `malformed-token` |
//! | header `alg` is `RS256` | `bad-algorithm` |
//! | signature verifies with the registered key | `bad-signature` |
//! | `uri`, `nonce`, `iat`, `exp`, `sub`, `bodyHash` present | `missing-claim` |
//! | each with its JSON type (string, string, number, number, string, string) | `claim-type` |
//! | `nonce` 1 to 256 characters | `invalid-nonce` |
//! | `sub` equals the API key | `sub-mismatch` |
//! | `uri` equals the request path (as sent, without the query) | `uri-mismatch` |
//! | `exp - iat` ≤ 50 | `lifetime-too-long` |
//! | now ≤ `exp` + 5 s | `expired` |
//! | `iat` ≤ now + 5 s | `issued-in-future` |
//! | `bodyHash` = hex SHA-256 of the body (either case) | `body-hash-mismatch` |
//! | `nonce` not seen before with this key | `nonce-replayed` |
//!
//! "Now" is the sandbox clock. A nonce is remembered until its token has
//! expired (`exp` + leeway); after that the token is refused as expired anyway,
//! so forgetting it keeps memory bounded without opening a replay.

use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::HeaderMap;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use base64::Engine as _;
use jsonwebtoken::errors::ErrorKind;
use jsonwebtoken::{Algorithm, DecodingKey};
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use serde_json::Value;
use sha2::{Digest, Sha256};

use super::error::ApiError;
use super::nonces::CLOCK_LEEWAY_SECS;
use super::records::hex;
use super::state::Shared;

/// The longest token lifetime accepted, `exp - iat` (spec section 8).
pub const MAX_TOKEN_LIFETIME_SECS: i64 = 50;
/// The largest request body the sandbox reads.
pub const MAX_BODY_BYTES: usize = 1 << 20;
/// The longest nonce remembered.
const MAX_NONCE_CHARS: usize = 256;

/// The API key a request was authenticated for; handlers read it from the
/// request's extensions.
#[derive(Clone, Debug)]
pub(crate) struct AuthenticatedKey(pub String);

/// Middleware: verifies the request by spec section 5 and passes it on with
/// [`AuthenticatedKey`] in its extensions and its body intact.
pub(crate) async fn require_signed_request(
    State(shared): State<Arc<Shared>>,
    request: Request,
    next: Next,
) -> Response {
    let (mut parts, body) = request.into_parts();
    let bytes = match axum::body::to_bytes(body, MAX_BODY_BYTES).await {
        Ok(bytes) => bytes,
        Err(_) => {
            return ApiError::payload_too_large(format!(
                "the request body could not be read or exceeds {MAX_BODY_BYTES} bytes"
            ))
            .into_response();
        }
    };
    match verify(&shared, &parts.headers, parts.uri.path(), &bytes) {
        Ok(api_key) => {
            parts.extensions.insert(AuthenticatedKey(api_key));
            next.run(Request::from_parts(parts, Body::from(bytes)))
                .await
        }
        Err(error) => {
            tracing::debug!(%error, path = parts.uri.path(), "sandbox refused a request");
            error.into_response()
        }
    }
}

/// Lower-case hex SHA-256 of `bytes`.
pub(crate) fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

/// Checks every rule of spec section 5; returns the API key on success.
pub(crate) fn verify(
    shared: &Shared,
    headers: &HeaderMap,
    path: &str,
    body: &Bytes,
) -> Result<String, ApiError> {
    let api_key = headers
        .get("x-api-key")
        .and_then(|value| value.to_str().ok())
        .filter(|value| !value.is_empty())
        .ok_or_else(|| {
            ApiError::unauthorized("missing-api-key", "the X-API-Key header is missing")
        })?
        .to_owned();
    let decoding_key = shared
        .lock()
        .accounts
        .get(&api_key)
        .map(|account| Arc::clone(&account.decoding_key))
        .ok_or_else(|| {
            ApiError::unauthorized(
                "unknown-api-key",
                "this API key is not registered with the sandbox (register it with --api-key/--public-key or POST /sandbox/keys)",
            )
        })?;
    let token = bearer_token(headers)?;
    let now = shared.clock.now().unix_timestamp();
    let context = TokenContext {
        api_key: &api_key,
        path,
        body,
        now,
    };
    let verified = verify_token(token, &decoding_key, &context)?;
    // Checked last, so a token refused for another reason does not burn its nonce.
    let mut world = shared.lock();
    let account = world.accounts.get_mut(&api_key).ok_or_else(|| {
        ApiError::unauthorized("unknown-api-key", "this API key is no longer registered")
    })?;
    if !account.nonces.insert(&verified.nonce, verified.expiry, now) {
        return Err(ApiError::unauthorized(
            "nonce-replayed",
            "this `nonce` was already used with this API key; use a fresh one on every request",
        ));
    }
    Ok(api_key)
}

/// What a token must match besides its signature.
#[derive(Clone, Copy, Debug)]
pub struct TokenContext<'a> {
    /// The request's `X-API-Key`.
    pub api_key: &'a str,
    /// The request path as sent, without the query.
    pub path: &'a str,
    /// The body as received.
    pub body: &'a [u8],
    /// Sandbox time, Unix seconds.
    pub now: i64,
}

/// A token that passed every rule of spec section 5 but the nonce's freshness,
/// which needs the account's memory of nonces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifiedToken {
    /// The `nonce` claim.
    pub nonce: String,
    /// Until when (Unix seconds) the nonce must be remembered: `exp`, rounded up.
    pub expiry: i64,
}

/// Checks a compact JWT against `key` and `context`: shape, `alg`, RS256
/// signature, then [`check_token_claims`]. Public so that fuzzing and tests reach
/// the code that reads tokens from anyone on loopback.
pub fn verify_token(
    token: &str,
    key: &DecodingKey,
    context: &TokenContext<'_>,
) -> Result<VerifiedToken, ApiError> {
    let parts = split_token(token)?;
    check_algorithm(&parts)?;
    let claims = verify_signature(&parts, key)?;
    check_token_claims(&claims, context)
}

/// The rules on the claims of a token whose signature verified. Anyone who
/// registered a key can sign any claims at all, so this is untrusted input too.
pub fn check_token_claims(
    claims: &Value,
    context: &TokenContext<'_>,
) -> Result<VerifiedToken, ApiError> {
    let TokenContext {
        api_key,
        path,
        body,
        now,
    } = *context;
    let claims = Claims::read(claims)?;
    if claims.sub != api_key {
        return Err(ApiError::unauthorized(
            "sub-mismatch",
            "the JWT `sub` claim must equal the X-API-Key value",
        ));
    }
    if claims.uri != path {
        return Err(ApiError::unauthorized(
            "uri-mismatch",
            format!(
                "the JWT `uri` claim is {:?} but the request path is {path:?} (sign the path exactly as sent, without the query)",
                claims.uri
            ),
        ));
    }
    // `iat` and `exp` are any numbers a Decimal holds, so their difference
    // can overflow it; such a lifetime is not one in range.
    let lifetime = claims.exp.checked_sub(claims.iat);
    if lifetime.is_none_or(|lifetime| lifetime > Decimal::from(MAX_TOKEN_LIFETIME_SECS)) {
        return Err(ApiError::unauthorized(
            "lifetime-too-long",
            format!("`exp` - `iat` must be at most {MAX_TOKEN_LIFETIME_SECS} seconds"),
        ));
    }
    if Decimal::from(now) > claims.exp + Decimal::from(CLOCK_LEEWAY_SECS) {
        return Err(ApiError::unauthorized(
            "expired",
            format!(
                "the token expired (exp {}, sandbox time {now}); check the computer's clock",
                claims.exp
            ),
        ));
    }
    if claims.iat > Decimal::from(now + CLOCK_LEEWAY_SECS) {
        return Err(ApiError::unauthorized(
            "issued-in-future",
            format!(
                "`iat` {} is more than {CLOCK_LEEWAY_SECS} s after sandbox time {now}; check the computer's clock",
                claims.iat
            ),
        ));
    }
    if !claims.body_hash.eq_ignore_ascii_case(&sha256_hex(body)) {
        return Err(ApiError::unauthorized(
            "body-hash-mismatch",
            "`bodyHash` is not the hex SHA-256 of the request body as received (for a GET, of the empty string)",
        ));
    }
    // `exp` is within [now - 5, now + 55] here, so it fits an i64.
    let expiry = claims.exp.ceil().to_i64().unwrap_or(now);
    Ok(VerifiedToken {
        nonce: claims.nonce.to_owned(),
        expiry,
    })
}

fn bearer_token(headers: &HeaderMap) -> Result<&str, ApiError> {
    let missing = || {
        ApiError::unauthorized(
            "missing-token",
            "the Authorization header must be `Bearer <JWT>`",
        )
    };
    let value = headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .ok_or_else(missing)?;
    let (scheme, token) = value.trim().split_once(' ').ok_or_else(missing)?;
    let token = token.trim();
    if !scheme.eq_ignore_ascii_case("bearer") || token.is_empty() {
        return Err(missing());
    }
    Ok(token)
}

fn malformed(detail: &str) -> ApiError {
    ApiError::unauthorized("malformed-token", format!("the JWT is malformed: {detail}"))
}

/// The three parts of a compact JWS.
struct TokenParts<'a> {
    header: &'a str,
    payload: &'a str,
    signature: &'a str,
}

fn split_token(token: &str) -> Result<TokenParts<'_>, ApiError> {
    let mut segments = token.split('.');
    match (
        segments.next(),
        segments.next(),
        segments.next(),
        segments.next(),
    ) {
        (Some(header), Some(payload), Some(signature), None) => Ok(TokenParts {
            header,
            payload,
            signature,
        }),
        _ => Err(malformed("it must have three dot-separated parts")),
    }
}

fn decode_json_part(part: &str, what: &str) -> Result<Value, ApiError> {
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(part.trim_end_matches('='))
        .map_err(|_| malformed(&format!("the {what} is not base64url")))?;
    serde_json::from_slice(&bytes).map_err(|_| malformed(&format!("the {what} is not JSON")))
}

/// Reads the header's `alg` ourselves: jsonwebtoken cannot even parse a header
/// naming an algorithm it does not know (such as `none`), and that must still be
/// reported as a wrong algorithm.
fn check_algorithm(parts: &TokenParts<'_>) -> Result<(), ApiError> {
    let header = decode_json_part(parts.header, "header")?;
    match header.get("alg").and_then(Value::as_str) {
        Some("RS256") => Ok(()),
        Some(other) => Err(ApiError::unauthorized(
            "bad-algorithm",
            format!("the JWT is signed with {other:?}; only RS256 is accepted"),
        )),
        None => Err(ApiError::unauthorized(
            "bad-algorithm",
            "the JWT header names no `alg`; only RS256 is accepted",
        )),
    }
}

/// Verifies the RS256 signature over `header.payload`, then decodes the claims.
///
/// Only the signature is checked by jsonwebtoken: its own claim validation
/// would judge `exp` by the wall clock and trip over a claim of the wrong JSON
/// type before we could name it, so every claim is checked by hand instead.
fn verify_signature(parts: &TokenParts<'_>, key: &DecodingKey) -> Result<Value, ApiError> {
    let message_len = parts.header.len() + 1 + parts.payload.len();
    let mut message = String::with_capacity(message_len);
    message.push_str(parts.header);
    message.push('.');
    message.push_str(parts.payload);
    let verified =
        jsonwebtoken::crypto::verify(parts.signature, message.as_bytes(), key, Algorithm::RS256)
            .map_err(|error| match error.kind() {
                ErrorKind::Base64(_) => malformed("the signature is not base64url"),
                _ => ApiError::unauthorized(
                    "bad-signature",
                    format!("the JWT signature cannot be checked: {error}"),
                ),
            })?;
    if !verified {
        return Err(ApiError::unauthorized(
            "bad-signature",
            "the JWT signature does not verify with the public key registered for this API key",
        ));
    }
    decode_json_part(parts.payload, "payload")
}

/// The six claims of spec section 5, each checked for presence and JSON type.
struct Claims<'a> {
    uri: &'a str,
    nonce: &'a str,
    iat: Decimal,
    exp: Decimal,
    sub: &'a str,
    body_hash: &'a str,
}

impl<'a> Claims<'a> {
    fn read(claims: &'a Value) -> Result<Self, ApiError> {
        let object = claims
            .as_object()
            .ok_or_else(|| malformed("the claims are not a JSON object"))?;
        let claim = |name: &str| {
            object.get(name).ok_or_else(|| {
                ApiError::unauthorized(
                    "missing-claim",
                    format!("the JWT lacks the required claim `{name}`"),
                )
            })
        };
        let wrong_type = |name: &str, expected: &str| {
            ApiError::unauthorized(
                "claim-type",
                format!("the JWT claim `{name}` must be a JSON {expected}"),
            )
        };
        // Presence of all six first, so a missing claim is never reported as a
        // wrong type of another.
        for name in ["uri", "nonce", "iat", "exp", "sub", "bodyHash"] {
            claim(name)?;
        }
        let string = |name: &str| -> Result<&'a str, ApiError> {
            object
                .get(name)
                .and_then(Value::as_str)
                .ok_or_else(|| wrong_type(name, "string"))
        };
        // A NumericDate may carry a fraction (RFC 7519); read the JSON
        // number's own digits exactly rather than through a float.
        let number = |name: &str| -> Result<Decimal, ApiError> {
            let Some(Value::Number(number)) = object.get(name) else {
                return Err(wrong_type(name, "number"));
            };
            let text = number.to_string();
            Decimal::from_str_exact(&text)
                .or_else(|_| Decimal::from_scientific(&text))
                .map_err(|_| wrong_type(name, "number of seconds within range"))
        };
        let claims = Claims {
            uri: string("uri")?,
            nonce: string("nonce")?,
            iat: number("iat")?,
            exp: number("exp")?,
            sub: string("sub")?,
            body_hash: string("bodyHash")?,
        };
        if claims.nonce.is_empty() || claims.nonce.chars().count() > MAX_NONCE_CHARS {
            return Err(ApiError::unauthorized(
                "invalid-nonce",
                format!("`nonce` must hold 1 to {MAX_NONCE_CHARS} characters"),
            ));
        }
        Ok(claims)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_empty_body_hash_is_the_well_known_one() {
        assert_eq!(
            sha256_hex(b""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
    }
}
