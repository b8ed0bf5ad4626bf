//! What can go wrong on a call, kept apart by who is at fault and what a
//! person can do: the service refused (its own error object), authentication
//! failed (with a likely cause), the service is busy, the network failed,
//! the answer was not what the spec says, or the request could not be signed.

use std::time::Duration;

use super::auth::KeyError;
use super::model::ServiceErrorObject;
use super::safe_text::{self, safe_text};

/// How many characters of an unexpected body are kept for the message.
pub const BODY_EXCERPT_CHARS: usize = 200;

/// A failed call.
#[derive(Clone, Debug, thiserror::Error)]
pub enum Error {
    /// The service answered with its error object (spec section 7).
    #[error("the service refused the request (HTTP {status}, {}): {}", error.code, error.message)]
    Service {
        /// HTTP status.
        status: u16,
        /// The service's `{type, message, code}`.
        error: ServiceErrorObject,
    },
    /// HTTP 401: the signature, the key or the clock.
    #[error("{}", unauthorized_message(error.as_ref(), hint))]
    Unauthorized {
        /// The error object, when the service sent one.
        error: Option<ServiceErrorObject>,
        /// The likely cause.
        hint: UnauthorizedHint,
    },
    /// HTTP 429.
    #[error("{}", rate_limited_message(*retry_after))]
    RateLimited {
        /// How long the service asked to wait.
        retry_after: Option<Duration>,
        /// The error object, when sent.
        error: Option<ServiceErrorObject>,
    },
    /// The request could not reach the service, or the connection broke.
    #[error("{}", network_message(message, *maybe_delivered))]
    Network {
        /// What the transport reported.
        message: String,
        /// Whether the request may have reached the service before the failure.
        maybe_delivered: bool,
    },
    /// No complete answer within the time limit.
    #[error("the service did not answer within {} s", after.as_secs())]
    Timeout {
        /// The limit that ran out.
        after: Duration,
    },
    /// An answer that is not what the spec describes (an HTML error page, a
    /// missing envelope, a field of the wrong type).
    // The excerpt is already safe to show (every control character escaped
    // once, where it entered): quoted as it is, not escaped a second time.
    #[error(
        "unexpected answer from the service (HTTP {status}): {detail}; it began: \"{excerpt}\""
    )]
    UnexpectedResponse {
        /// HTTP status.
        status: u16,
        /// What did not match.
        detail: String,
        /// The first characters of the body.
        excerpt: String,
    },
    /// A body larger than the client accepts.
    #[error("the service's answer is larger than {} MiB and was refused", limit_bytes / (1024 * 1024))]
    ResponseTooLarge {
        /// The limit, in bytes.
        limit_bytes: usize,
    },
    /// A list whose records would take more memory than the budget set for
    /// one list (Settings), refused while it was decoded.
    #[error("the list needs more than {} MiB of memory, the most one list may take", budget_bytes / (1024 * 1024))]
    ListOverBudget {
        /// The budget, in bytes.
        budget_bytes: u64,
    },
    /// The request could not be signed.
    #[error(transparent)]
    Signing(#[from] KeyError),
    /// A base URL that cannot work.
    #[error("the base URL {url:?} {problem}")]
    BaseUrl {
        /// The URL as given.
        url: String,
        /// What is wrong with it.
        problem: BaseUrlProblem,
    },
    /// A request whose address would leave the profile's base URL (another
    /// host, scheme or port, or a path outside its prefix): refused before
    /// anything was signed or sent.
    #[error("the path {path:?} was refused, nothing was sent: it {problem}")]
    PathRefused {
        /// The path or address as asked for.
        path: String,
        /// What would take it elsewhere.
        problem: PathProblem,
    },
    /// A setting that cannot work (path, header, HTTP client).
    #[error("{0}")]
    Config(String),
}

/// What would take a request away from the profile's base URL.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PathProblem {
    /// `https://other.example/…` or any `scheme:`.
    #[error("is an absolute URL (it names a scheme); give a path such as /api/v0/orders")]
    Absolute,
    /// `//host/…`: another host, the scheme kept.
    #[error("starts with // (another host); give a path such as /api/v0/orders")]
    OtherHost,
    /// `\`, which browsers and URL parsers read as `/`.
    #[error("contains a backslash")]
    Backslash,
    /// `%5C`, or `%2F` that would make an empty, `.` or `..` segment if a
    /// server decoded it.
    #[error(
        "contains a percent-encoded backslash, or a percent-encoded slash next to an empty, . or .. segment"
    )]
    EncodedSeparator,
    /// `.` or `..`, plain or percent-encoded.
    #[error("contains a . or .. segment (plain or percent-encoded)")]
    DotSegment,
    /// A space or control character, which URL parsers drop or change.
    #[error("contains a space or a control character")]
    ControlCharacter,
    /// Joined onto the base URL, it lands elsewhere.
    #[error("leads outside the base URL {0}")]
    OutsideBase(String),
}

/// What is wrong with a base URL.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BaseUrlProblem {
    /// It does not parse.
    #[error("is not a valid URL ({0})")]
    NotAUrl(String),
    /// It carries `?…` or `#…`.
    #[error("must not carry a query or fragment")]
    QueryOrFragment,
    /// `http://` to another computer: the API key and tokens would travel in clear.
    #[error("uses plain http; only https is allowed, except on this computer (localhost)")]
    PlainHttp,
    /// Neither http nor https.
    #[error("has scheme {0:?}; use https://")]
    Scheme(String),
    /// No host.
    #[error("has no host")]
    NoHost,
}

/// The likely cause of a 401.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnauthorizedHint {
    /// The service's `Date` shows this machine's clock off by this many
    /// seconds (positive: the service is ahead).
    ClockSkew {
        /// Service time minus local time.
        offset_secs: i64,
    },
    /// The clock is right, so the API key or the registered public key is.
    CheckCredentials,
}

fn unauthorized_message(error: Option<&ServiceErrorObject>, hint: &UnauthorizedHint) -> String {
    let cause = match hint {
        UnauthorizedHint::ClockSkew { offset_secs } => format!(
            "this computer's clock is {} s {} the service's; set the clock automatically and retry",
            offset_secs.abs(),
            if *offset_secs > 0 {
                "behind"
            } else {
                "ahead of"
            }
        ),
        UnauthorizedHint::CheckCredentials => "check that the API key is right and that this \
             private key's public key is registered with the service"
            .to_owned(),
    };
    match error {
        Some(error) if !error.message.is_empty() => format!(
            "the service did not accept the signature (HTTP 401, {}: {}): {cause}",
            error.code, error.message
        ),
        _ => format!("the service did not accept the signature (HTTP 401): {cause}"),
    }
}

fn network_message(message: &str, maybe_delivered: bool) -> String {
    if maybe_delivered {
        // Saying "could not reach" here would invite sending a write again
        // that the service may well have applied.
        format!("the connection to the service broke after the request was sent: {message}")
    } else {
        format!("could not reach the service: {message}")
    }
}

fn rate_limited_message(retry_after: Option<Duration>) -> String {
    match retry_after {
        Some(wait) => format!(
            "the service is limiting requests (HTTP 429); retry in {} s",
            wait.as_secs().max(1)
        ),
        None => "the service is limiting requests (HTTP 429); retry in a moment".to_owned(),
    }
}

impl Error {
    /// The HTTP status, when the service answered.
    pub fn status(&self) -> Option<u16> {
        match self {
            Error::Service { status, .. } | Error::UnexpectedResponse { status, .. } => {
                Some(*status)
            }
            Error::Unauthorized { .. } => Some(401),
            Error::RateLimited { .. } => Some(429),
            _ => None,
        }
    }

    /// The service's error object, when it sent one.
    pub fn service_error(&self) -> Option<&ServiceErrorObject> {
        match self {
            Error::Service { error, .. } => Some(error),
            Error::Unauthorized { error, .. } | Error::RateLimited { error, .. } => error.as_ref(),
            _ => None,
        }
    }

    /// Whether a read may succeed if simply tried again later: network
    /// failures, timeouts, 5xx and 429.
    pub fn is_transient(&self) -> bool {
        match self {
            Error::Network { .. } | Error::Timeout { .. } | Error::RateLimited { .. } => true,
            Error::Service { status, .. } | Error::UnexpectedResponse { status, .. } => {
                *status >= 500
            }
            _ => false,
        }
    }

    /// Whether a POST that failed this way may nevertheless have been applied.
    /// The interface has no idempotency key, so after such a failure the
    /// caller must re-read and reconcile instead of sending again.
    ///
    /// Any 5xx is such a failure, the service's error object or not: it says
    /// the service (or a gateway before it) failed, not that the request was
    /// wrong, and a server that failed while answering may have applied it.
    /// Only a 4xx is a refusal.
    pub fn outcome_unknown(&self) -> bool {
        match self {
            Error::Network {
                maybe_delivered, ..
            } => *maybe_delivered,
            Error::Timeout { .. } | Error::ResponseTooLarge { .. } => true,
            Error::Service { status, .. } => *status >= 500,
            Error::UnexpectedResponse { status, .. } => {
                *status >= 500 || (200..300).contains(status)
            }
            _ => false,
        }
    }

    /// Whether the request never left this computer: the connection to the
    /// service could not be made (refused, no such host, a connect that
    /// timed out), so nothing was written to the service and nothing can
    /// have been applied. Decided from the transport's kind, never from its
    /// words; a connection that broke after the request was written is not
    /// this (see [`Error::outcome_unknown`]).
    pub fn not_sent(&self) -> bool {
        matches!(
            self,
            Error::Network {
                maybe_delivered: false,
                ..
            }
        )
    }

    /// Whether the service answered without refusing (no 4xx, no 5xx) and
    /// its answer could not be read: a success whose body is not what the
    /// spec describes. Nothing was refused; the answer was not understood.
    pub fn is_unreadable_answer(&self) -> bool {
        matches!(self, Error::UnexpectedResponse { status, .. } if *status < 400)
    }

    /// An answer that is not what the spec describes: `detail` says what did
    /// not match (a decoder's words, which may quote the answer) and `body`
    /// is quoted; both made safe to show.
    pub fn unexpected_answer(status: u16, detail: &str, body: &[u8]) -> Error {
        Error::UnexpectedResponse {
            status,
            detail: safe_text::message(detail).into_owned(),
            excerpt: excerpt(body),
        }
    }

    /// How long the service asked to wait, for a 429.
    pub fn retry_after(&self) -> Option<Duration> {
        match self {
            Error::RateLimited { retry_after, .. } => *retry_after,
            _ => None,
        }
    }
}

/// The first [`BODY_EXCERPT_CHARS`] characters of a body, lossily decoded
/// and made safe to show (an answer may begin with a NUL byte).
pub fn excerpt(body: &[u8]) -> String {
    // A character takes at most four bytes, and an escape stands for one:
    // no more of a large body needs decoding.
    let start = &body[..body.len().min(BODY_EXCERPT_CHARS * 4)];
    safe_text(&String::from_utf8_lossy(start), BODY_EXCERPT_CHARS).into_owned()
}
