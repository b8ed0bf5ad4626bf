//! The error object of spec 2.12 and section 7.

use serde::{Deserialize, Serialize};

use crate::api::safe_text;

/// The error object of spec section 7: `{error: {type, message, code}}`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorBody {
    /// The error itself.
    pub error: ServiceErrorObject,
}

/// The inner error object. The spec does not list the values of `type` and
/// `code`. All three are made safe to show as they are read (see
/// [`crate::api::safe_text`]): they are quoted in windows, logs and the journal.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ServiceErrorObject {
    /// Category of the error.
    #[serde(
        rename = "type",
        default,
        deserialize_with = "safe_text::deserialize_label"
    )]
    pub kind: String,
    /// Human-readable explanation.
    #[serde(default, deserialize_with = "safe_text::deserialize_message")]
    pub message: String,
    /// Machine-readable code.
    #[serde(default, deserialize_with = "safe_text::deserialize_label")]
    pub code: String,
}

impl ErrorBody {
    /// Builds an error body.
    pub fn new(
        kind: impl Into<String>,
        code: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        ErrorBody {
            error: ServiceErrorObject {
                kind: kind.into(),
                message: message.into(),
                code: code.into(),
            },
        }
    }
}
