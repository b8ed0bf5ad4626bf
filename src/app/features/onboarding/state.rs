//! The draft of the "connect an account" form and its validation. The API key
//! and a pasted PEM are held in `Zeroizing` strings the text fields edit in
//! place: never persisted or printed, wiped when dropped. A pasted PEM is
//! read into a key at once and its text wiped; the rest is wiped as soon as
//! the connection is open.

use std::fmt;
use std::path::{Path, PathBuf};

use secrecy::SecretString;
use zeroize::{Zeroize, Zeroizing};

use brlv_core::api::client::parse_base_url;
use brlv_core::api::{KeyError, PrivateKey, RsaKeyBits};
use brlv_core::keystore::{KeystoreError, check_profile_name};
use brlv_core::profile::Profile;

use crate::app::error_text::Localize;
use crate::app::i18n::{Language, tr};
use crate::app::session::ConnectRequest;

use crate::app::dialog::FileAnswer;
use crate::app::export::FileError;

use super::message::{KeyRefusal, OnboardingCommand, OnboardingEvent};

/// Where the private key comes from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum KeySource {
    /// A PEM file on disk.
    File,
    /// PEM text pasted into the form.
    Pasted,
    /// Generated in the app: the first screen's default, since a person
    /// connecting for the first time has no key pair yet.
    #[default]
    Generated,
}

/// A private key as the form holds it.
#[derive(Clone, Debug, Default)]
pub enum KeyDraft {
    /// Nothing given yet.
    #[default]
    Empty,
    /// Being read or generated on the worker.
    Working,
    /// A usable key.
    Ready(PrivateKey),
    /// Refused, with the reason to show beside the field.
    Refused(KeyRefusal),
}

/// Something that stops the form from being sent, written in the person's
/// language when shown.
#[derive(Clone, Debug)]
pub enum Problem {
    /// A required field is empty: the translation key of its message.
    Missing(&'static str),
    /// The profile name cannot name keyring entries.
    ProfileName(KeystoreError),
    /// The base URL cannot work.
    BaseUrl(brlv_core::api::Error),
    /// The private key was refused.
    Key(KeyRefusal),
}

impl Localize for Problem {
    fn localize(&self, language: Language) -> String {
        match self {
            Problem::Missing(key) => tr(language, key).into_owned(),
            Problem::ProfileName(error) => error.localize(language),
            Problem::BaseUrl(error) => error.localize(language),
            Problem::Key(refusal) => refusal.localize(language),
        }
    }
}

impl KeyDraft {
    /// The key, when usable.
    pub fn key(&self) -> Option<&PrivateKey> {
        match self {
            KeyDraft::Ready(key) => Some(key),
            _ => None,
        }
    }
}

/// The onboarding form.
pub struct OnboardingDraft {
    /// Profile name.
    pub name: String,
    /// Base URL.
    pub base_url: String,
    /// API key (secret: never printed or persisted, wiped when dropped).
    pub api_key: Zeroizing<String>,
    /// Where the private key comes from.
    pub key_source: KeySource,
    /// Path of the PEM file.
    pub key_path: String,
    /// Pasted PEM (secret: never printed or persisted); empty again as
    /// soon as it has been read (see [`OnboardingDraft::pasted_changed`]).
    pub pasted_pem: Zeroizing<String>,
    /// Size of a key to generate.
    pub key_bits: RsaKeyBits,
    /// The key read from `key_path`.
    pub file_key: KeyDraft,
    /// The key parsed from `pasted_pem`.
    pub pasted_key: KeyDraft,
    /// The generated key.
    pub generated_key: KeyDraft,
    /// Where to save the generated key's public key.
    pub public_key_path: String,
    /// The outcome of saving the public key.
    pub public_key_saved: Option<Result<PathBuf, FileError>>,
    /// Save the profile to the keyring (otherwise it is used for this run only).
    pub save_profile: bool,
    /// The passphrase that seals the key and is asked before money moves.
    pub passphrase: brlv_core::seal::NewPassphrase,
    /// The connection is being tested.
    pub connecting: bool,
    /// The saved profile whose deletion awaits a confirming click.
    pub confirm_delete: Option<String>,
    /// Why the last test failed.
    pub connect_error: Option<String>,
}

impl fmt::Debug for OnboardingDraft {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OnboardingDraft")
            .field("name", &self.name)
            .field("base_url", &self.base_url)
            .field("api_key", &"[redacted]")
            .field("key_source", &self.key_source)
            .field("pasted_pem", &"[redacted]")
            .field("connecting", &self.connecting)
            .finish_non_exhaustive()
    }
}

/// What the first screen's form is told.
#[derive(Debug)]
pub enum OnboardingTold {
    /// What the worker reports about keys.
    Worker(OnboardingEvent),
    /// The connection is being tested.
    Connecting,
    /// The test failed: why, in the person's words.
    ConnectFailed(String),
    /// A connection opened: a form that connected starts afresh.
    Connected,
    /// The saved profiles changed: a question about one that is gone is dropped.
    ProfilesChanged,
    /// Leave the lock screen to connect with a new key: one is generated.
    StartWithNewKey,
    /// Save the environment's plain key as a sealed profile: its file and
    /// the service's address are filled in (the worker reads the rest).
    SaveEnvironmentKey,
    /// What became of a file it asked for: a key file, the public key.
    File(FileAnswer),
}

/// Why the form cannot be sent yet; one message per field.
#[derive(Clone, Debug, Default)]
pub struct FormProblems {
    /// The name.
    pub name: Option<Problem>,
    /// The base URL.
    pub base_url: Option<Problem>,
    /// The API key.
    pub api_key: Option<Problem>,
    /// The private key.
    pub key: Option<Problem>,
    /// The passphrase.
    pub passphrase: Option<Problem>,
}

impl FormProblems {
    /// Whether the form can be sent.
    pub fn is_empty(&self) -> bool {
        self.name.is_none()
            && self.base_url.is_none()
            && self.api_key.is_none()
            && self.key.is_none()
            && self.passphrase.is_none()
    }
}

impl Default for OnboardingDraft {
    fn default() -> Self {
        OnboardingDraft::new()
    }
}

impl OnboardingDraft {
    /// An empty form: save the profile, generate 3072-bit keys.
    pub fn new() -> OnboardingDraft {
        OnboardingDraft {
            confirm_delete: None,
            name: String::new(),
            base_url: String::new(),
            api_key: Zeroizing::default(),
            key_source: KeySource::default(),
            key_path: String::new(),
            pasted_pem: Zeroizing::default(),
            key_bits: RsaKeyBits::Rsa3072,
            file_key: KeyDraft::Empty,
            pasted_key: KeyDraft::Empty,
            generated_key: KeyDraft::Empty,
            public_key_path: String::new(),
            public_key_saved: None,
            save_profile: true,
            passphrase: brlv_core::seal::NewPassphrase::default(),
            connecting: false,
            connect_error: None,
        }
    }

    /// The key of the selected source.
    pub fn selected_key(&self) -> &KeyDraft {
        match self.key_source {
            KeySource::File => &self.file_key,
            KeySource::Pasted => &self.pasted_key,
            KeySource::Generated => &self.generated_key,
        }
    }

    /// Reads the pasted PEM into a key as soon as it is pasted, then wipes
    /// the text: a private key must not stay in a visible field that any
    /// accessibility client of the user can read. Text that is no key is
    /// wiped too (it may be most of one); the refusal says why.
    pub fn pasted_changed(&mut self) {
        if self.pasted_pem.trim().is_empty() {
            // Wiping the field must not undo a key read from it.
            return;
        }
        self.pasted_key = match PrivateKey::from_pem(&self.pasted_pem) {
            Ok(key) => KeyDraft::Ready(key),
            Err(error) => KeyDraft::Refused(KeyRefusal::Key(error)),
        };
        self.pasted_pem.zeroize();
    }

    /// Takes in a generated key.
    pub fn key_generated(&mut self, result: Result<PrivateKey, KeyError>) {
        self.generated_key = match result {
            Ok(key) => KeyDraft::Ready(key),
            Err(error) => KeyDraft::Refused(KeyRefusal::Key(error)),
        };
        self.public_key_saved = None;
        // Another key: its public half is another file.
        self.public_key_path.clear();
    }

    /// Takes in a key read from a file, unless the path changed since.
    pub fn key_file_loaded(&mut self, path: &Path, result: Result<PrivateKey, KeyRefusal>) {
        if Path::new(self.key_path.trim()) != path {
            return;
        }
        self.file_key = match result {
            Ok(key) => KeyDraft::Ready(key),
            Err(reason) => KeyDraft::Refused(reason),
        };
    }

    /// What stops the form from being sent. Messages are translation keys,
    /// except those that come from a library (its own text).
    pub fn problems(&self) -> FormProblems {
        let mut problems = FormProblems::default();
        if self.save_profile {
            if self.name.trim().is_empty() {
                problems.name = Some(Problem::Missing("onboarding.error_name_missing"));
            } else if let Err(error) = check_profile_name(self.name.trim()) {
                problems.name = Some(Problem::ProfileName(error));
            }
        }
        if self.base_url.trim().is_empty() {
            problems.base_url = Some(Problem::Missing("onboarding.error_base_url_missing"));
        } else if let Err(error) = parse_base_url(&self.base_url) {
            problems.base_url = Some(Problem::BaseUrl(error));
        }
        if self.api_key.trim().is_empty() {
            problems.api_key = Some(Problem::Missing("onboarding.error_api_key_missing"));
        }
        problems.key = match self.selected_key() {
            KeyDraft::Ready(_) => None,
            KeyDraft::Refused(reason) => Some(Problem::Key(reason.clone())),
            KeyDraft::Empty | KeyDraft::Working => {
                Some(Problem::Missing("onboarding.error_key_missing"))
            }
        };
        problems.passphrase = match self.passphrase.checked() {
            Ok(_) => None,
            Err(brlv_core::seal::PassphraseProblem::Missing) => {
                Some(Problem::Missing("passphrase.missing"))
            }
            Err(brlv_core::seal::PassphraseProblem::TooShort) => {
                Some(Problem::Missing("passphrase.too_short"))
            }
            Err(brlv_core::seal::PassphraseProblem::Weak(weakness)) => Some(Problem::Missing(
                crate::app::ui::passphrase::weakness_key(weakness),
            )),
            Err(brlv_core::seal::PassphraseProblem::Mismatch) => {
                Some(Problem::Missing("passphrase.mismatch"))
            }
        };
        problems
    }

    /// The Command the "Connect" button sends, when the form is complete.
    pub fn connect_request(&self) -> Option<ConnectRequest> {
        if !self.problems().is_empty() || self.connecting {
            return None;
        }
        let private_key = self.selected_key().key()?.clone();
        let name = match self.name.trim() {
            "" => "Account".to_owned(),
            name => name.to_owned(),
        };
        Some(ConnectRequest {
            profile: Profile {
                name,
                base_url: self.base_url.trim().to_owned(),
            },
            api_key: SecretString::from(self.api_key.trim().to_owned()),
            private_key,
            save: self.save_profile,
            passphrase: self.passphrase.checked().ok()?,
        })
    }

    /// Wipes the secrets and starts a fresh form once a connection opened.
    pub fn clear_after_connect(&mut self) {
        *self = OnboardingDraft::new();
    }
}

impl OnboardingDraft {
    /// Takes in what the worker reports about keys.
    pub fn take_in(&mut self, event: OnboardingEvent) -> Option<OnboardingCommand> {
        match event {
            OnboardingEvent::KeyGenerated(result) => self.key_generated(result),
            OnboardingEvent::KeyFileLoaded { path, result } => self.key_file_loaded(&path, result),
            OnboardingEvent::PublicKeySaved(result) => self.public_key_saved = Some(result),
            OnboardingEvent::EnvironmentRead { key_file, api_key } => {
                return self.environment_read(key_file, api_key);
            }
        }
        None
    }

    /// Fills the form from the environment profile, so that saving it as a
    /// sealed profile asks only a name and a passphrase: its API key, and
    /// its key file, read at once.
    fn environment_read(
        &mut self,
        key_file: Option<PathBuf>,
        api_key: Option<SecretString>,
    ) -> Option<OnboardingCommand> {
        use secrecy::ExposeSecret as _;
        if let Some(api_key) = api_key {
            self.api_key = Zeroizing::new(api_key.expose_secret().to_owned());
        }
        self.save_profile = true;
        let path = key_file?;
        self.key_source = KeySource::File;
        self.key_path = path.display().to_string();
        self.file_key = KeyDraft::Working;
        Some(OnboardingCommand::LoadKeyFile(path))
    }
}
