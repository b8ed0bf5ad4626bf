//! What the panels ask for ([`Command`]) and what the worker answers ([`Event`]).
//! Both are plain data: a test pushes Events into `AppState::apply` and reads
//! back the Commands a panel pushed, without a worker.

use std::path::PathBuf;

use rust_decimal::Decimal;
use secrecy::SecretString;

use crate::api::model::{Deposit, Order, TaxExemptionProgress, Transfer, Wallet, Withdrawal};
use crate::api::{Error, KeyError, PrivateKey, RsaKeyBits};
use crate::profile::{Profile, ProfileBook};

use super::accounts_command::{AccountsCommand, AccountsEvent, ClaimableBalances};
use super::clock::Millis;
use super::orders::{OrdersCommand, OrdersEvent, OrdersNotice};
use super::schedule::ResourceKey;

/// Identifies one connection; Events of an earlier one are ignored.
pub type SessionId = u64;

/// Something for the worker to do. Panels push them into `AppState`; the
/// shell sends them at the end of the frame.
#[must_use = "a Command does nothing until it is sent to the worker"]
#[derive(Debug)]
pub enum Command {
    /// At launch: open the sandbox, the environment's profile or the last used one.
    Start {
        /// `--sandbox`: start the embedded sandbox and connect to it.
        sandbox: bool,
    },
    /// Fetch everything now.
    Refresh,
    /// Test a new connection with a signed GET, then use it (and save it if asked).
    Connect(ConnectRequest),
    /// Open a saved profile (its secrets come from the keyring).
    OpenProfile(String),
    /// Delete a saved profile and its keyring entries.
    DeleteProfile(String),
    /// Start the embedded sandbox (once) and connect to it.
    StartSandbox,
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
    /// The account panels' requests (wallets, transfers, withdrawals, claims, export).
    Accounts(AccountsCommand),
    /// Orders, the PIX QR code, webhook events (see `app::orders`).
    Orders(OrdersCommand),
}

/// A new connection to test and open.
#[derive(Debug)]
pub struct ConnectRequest {
    /// Name and base URL.
    pub profile: Profile,
    /// The API key.
    pub api_key: SecretString,
    /// The private key.
    pub private_key: PrivateKey,
    /// Save the profile (secrets to the keyring) once the test passed.
    pub save: bool,
}

/// Where the open connection's credentials came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProfileKind {
    /// A saved profile, secrets in the keyring.
    Saved,
    /// A profile used for this run only (not saved by choice or for want of a keyring).
    Unsaved,
    /// The embedded sandbox.
    Sandbox,
    /// `BRLV_BASE_URL`, `BRLV_API_KEY`, `BRLV_PRIVATE_KEY_FILE`: this run only, never saved.
    Environment,
}

/// The open connection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionInfo {
    /// Its identifier.
    pub id: SessionId,
    /// Name and base URL.
    pub profile: Profile,
    /// Where its credentials came from.
    pub kind: ProfileKind,
}

/// A fetched resource.
#[derive(Clone, Debug, PartialEq)]
pub enum ResourceData {
    /// A balance's `running-balance`.
    Balance(Decimal),
    /// The month's tax-exemption progress.
    TaxExemption(TaxExemptionProgress),
    /// Every order.
    Orders(Vec<Order>),
    /// Every transfer.
    Transfers(Vec<Transfer>),
    /// Every withdrawal.
    Withdrawals(Vec<Withdrawal>),
    /// Every wallet.
    Wallets(Vec<Wallet>),
    /// The deposits of one asset.
    Deposits(Vec<Deposit>),
    /// What can be claimed, at the account and per wallet.
    Claimable(ClaimableBalances),
    /// One order, fetched alone while its detail is open.
    Order(Box<Order>),
}

impl ResourceData {
    /// The same data with lists ordered newest first (by `created-at`;
    /// records without one last), as every list panel shows them.
    pub fn newest_first(self) -> ResourceData {
        fn sort<T>(
            mut rows: Vec<T>,
            created: impl Fn(&T) -> Option<time::OffsetDateTime>,
        ) -> Vec<T> {
            // Stable, so records with equal times keep the service's order.
            rows.sort_by_key(|row| std::cmp::Reverse(created(row)));
            rows
        }
        match self {
            ResourceData::Transfers(rows) => ResourceData::Transfers(sort(rows, |t| t.created_at)),
            ResourceData::Withdrawals(rows) => {
                ResourceData::Withdrawals(sort(rows, |w| w.created_at))
            }
            ResourceData::Deposits(rows) => ResourceData::Deposits(sort(rows, |d| d.created_at)),
            other => other,
        }
    }

    /// Whether it holds something that may change on its own soon.
    pub fn in_motion(&self) -> bool {
        match self {
            ResourceData::Balance(_)
            | ResourceData::TaxExemption(_)
            | ResourceData::Wallets(_)
            | ResourceData::Deposits(_)
            | ResourceData::Claimable(_) => false,
            ResourceData::Orders(orders) => orders.iter().any(|order| {
                order
                    .state
                    .as_ref()
                    .is_some_and(|state| state.is_in_motion())
            }),
            ResourceData::Transfers(transfers) => transfers.iter().any(|transfer| {
                transfer
                    .state
                    .as_ref()
                    .is_some_and(|state| state.is_in_motion())
            }),
            ResourceData::Withdrawals(withdrawals) => withdrawals.iter().any(|withdrawal| {
                withdrawal
                    .state
                    .as_ref()
                    .is_some_and(|state| state.is_in_motion())
            }),
            ResourceData::Order(order) => order
                .state
                .as_ref()
                .is_some_and(|state| state.is_in_motion()),
        }
    }
}

/// Something that happened outside the current screen, shown until dismissed.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    /// What happened.
    pub kind: NoticeKind,
    /// The detail: a path, the keyring's or the service's error.
    pub detail: NoticeDetail,
}

/// The detail under a notice, kept typed where it can be written in the
/// person's language when shown.
#[derive(Clone, Debug, Default)]
pub enum NoticeDetail {
    /// No detail.
    #[default]
    None,
    /// Text that comes as it is (a path, a system message).
    Text(String),
    /// The keyring's refusal.
    Keystore(crate::keystore::KeystoreError),
    /// The service's or the transport's error.
    Client(Error),
}

/// Two details are the same notice when they say the same thing; the
/// errors inside have no equality of their own.
impl PartialEq for NoticeDetail {
    fn eq(&self, other: &Self) -> bool {
        use super::error_text::Localize;
        let language = super::i18n::Language::En;
        self.localize(language) == other.localize(language)
    }
}

impl NoticeDetail {
    /// Whether there is nothing to show.
    pub fn is_empty(&self) -> bool {
        match self {
            NoticeDetail::None => true,
            NoticeDetail::Text(text) => text.is_empty(),
            NoticeDetail::Keystore(_) | NoticeDetail::Client(_) => false,
        }
    }
}

impl From<String> for NoticeDetail {
    fn from(text: String) -> Self {
        if text.is_empty() {
            NoticeDetail::None
        } else {
            NoticeDetail::Text(text)
        }
    }
}

impl From<&str> for NoticeDetail {
    fn from(text: &str) -> Self {
        NoticeDetail::from(text.to_owned())
    }
}

impl From<crate::keystore::KeystoreError> for NoticeDetail {
    fn from(error: crate::keystore::KeystoreError) -> Self {
        NoticeDetail::Keystore(error)
    }
}

impl From<Error> for NoticeDetail {
    fn from(error: Error) -> Self {
        NoticeDetail::Client(error)
    }
}

impl super::error_text::Localize for NoticeDetail {
    fn localize(&self, language: super::i18n::Language) -> String {
        match self {
            NoticeDetail::None => String::new(),
            NoticeDetail::Text(text) => text.clone(),
            NoticeDetail::Keystore(error) => error.localize(language),
            NoticeDetail::Client(error) => error.localize(language),
        }
    }
}

/// The kinds of notice; each has its own translated heading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoticeKind {
    /// A profile was saved to the keyring and the profile file.
    ProfileSaved(String),
    /// Saving a profile failed; it is used for this run only.
    ProfileNotSaved(String),
    /// A profile and its keyring entries were deleted.
    ProfileDeleted(String),
    /// Deleting a profile failed.
    ProfileNotDeleted(String),
    /// A saved profile could not be opened.
    ProfileNotOpened(String),
    /// The profile file could not be read.
    ProfilesUnreadable,
    /// The environment variables do not form a usable profile.
    EnvironmentProfileInvalid,
    /// The embedded sandbox did not start.
    SandboxFailed,
    /// About orders, exports and webhook events (see `app::orders`).
    Orders(OrdersNotice),
}

/// What the worker reports back. Each carries its own result.
#[derive(Debug)]
pub enum Event {
    /// The saved profiles.
    ProfilesLoaded(ProfileBook),
    /// Something to tell the person.
    Notice(Notice),
    /// The launch sequence is done (whether or not a connection opened).
    StartupFinished,
    /// The embedded sandbox is starting.
    SandboxStarting,
    /// A new connection is being tested.
    Connecting,
    /// The connection test failed; nothing was opened or saved.
    ConnectFailed(Error),
    /// A connection is open; its data is fetched next.
    SessionStarted(SessionInfo),
    /// The connection was closed (its profile was deleted).
    SessionEnded(SessionId),
    /// A fetch started.
    FetchStarted {
        /// The connection it belongs to.
        session: SessionId,
        /// What is fetched.
        resource: ResourceKey,
    },
    /// A fetch ended.
    FetchFinished {
        /// The connection it belongs to.
        session: SessionId,
        /// What was fetched.
        resource: ResourceKey,
        /// The data, or why not.
        result: Result<ResourceData, Error>,
        /// When it ended.
        at: Millis,
        /// When it is fetched next.
        next_at: Millis,
    },
    /// A generated private key.
    KeyGenerated(Result<PrivateKey, KeyError>),
    /// A private key read from a file.
    KeyFileLoaded {
        /// The file.
        path: PathBuf,
        /// The key, or why it was refused.
        result: Result<PrivateKey, crate::app::onboarding_state::KeyRefusal>,
    },
    /// The public key was written to a file.
    PublicKeySaved(Result<PathBuf, String>),
    /// What the account panels' requests came to.
    Accounts(AccountsEvent),
    /// Orders, the PIX QR code, webhook events (see `app::orders`).
    Orders(Box<OrdersEvent>),
}
