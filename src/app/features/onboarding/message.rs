//! What the onboarding form asks the worker for (keys generated, read,
//! written), and what it answers.

use std::path::PathBuf;

use crate::app::error_text::Localize;
use crate::app::export::FileError;
use crate::app::i18n::Language;
use brlv_core::api::{KeyError, PrivateKey, RsaKeyBits};

/// Something the onboarding form asks the worker to do.
#[derive(Debug)]
pub enum OnboardingCommand {
    /// Generate a private key.
    GenerateKey(RsaKeyBits),
    /// Read a private key PEM file.
    LoadKeyFile(PathBuf),
    /// Write a public key PEM to a file.
    SavePublicKey {
        /// Where.
        path: PathBuf,
        /// The public key, PEM (not secret).
        pem: String,
    },
}

/// What the worker reports about keys.
#[derive(Debug)]
pub enum OnboardingEvent {
    /// A generated private key.
    KeyGenerated(Result<PrivateKey, KeyError>),
    /// A private key read from a file.
    KeyFileLoaded {
        /// The file.
        path: PathBuf,
        /// The key, or why it was refused.
        result: Result<PrivateKey, KeyRefusal>,
    },
    /// The public key was written to a file.
    PublicKeySaved(Result<PathBuf, FileError>),
    /// What the environment profile was made of, for the form that saves it
    /// as a sealed profile; `None` where the worker was not told.
    EnvironmentRead {
        /// `BRLV_PRIVATE_KEY_FILE`.
        key_file: Option<PathBuf>,
        /// `BRLV_API_KEY` (secret: never printed).
        api_key: Option<secrecy::SecretString>,
    },
}

/// Why a private key was refused, kept typed so that it is written in the
/// person's language when shown.
#[derive(Clone, Debug)]
pub enum KeyRefusal {
    /// The PEM is not a usable key.
    Key(KeyError),
    /// The file could not be read.
    Unreadable(FileError),
}

impl Localize for KeyRefusal {
    fn localize(&self, language: Language) -> String {
        match self {
            KeyRefusal::Key(error) => error.localize(language),
            KeyRefusal::Unreadable(error) => error.localize(language),
        }
    }
}
