//! [`Shared`]: the half of the window's state every panel reads and none
//! changes: the session and the account's data (one value per polled
//! resource), the saved profiles and recipients, the person's settings
//! (the language, amounts hidden, notifications), the clock and the zone,
//! where the receipt shown stands, and the tax year's figures as last
//! computed. The root keeps it, as the worker's events and the panels'
//! asks change it; a panel draws from `&Shared` beside its own state.

use std::borrow::Cow;
use std::path::PathBuf;
use std::sync::Arc;

use time::OffsetDateTime;
use uuid::Uuid;

use brlv_core::api::Error;
use brlv_core::profile::Profile;
use brlv_core::recipients::Recipient;

use crate::app::clock::{LocalZone, Millis};
use crate::app::error_text::Localize;
use crate::app::export::FileError;
use crate::app::features::receipts::state::ReceiptStatus;
use crate::app::features::taxes::figures::TaxFigures;
use crate::app::format::{AmountFormat, MomentFormat};
use crate::app::i18n::{self, Language};
use crate::app::message::NoticeKind;
use crate::app::resources::AccountData;
use crate::app::session::{ProfileKind, SessionId, SessionInfo};

/// The connection as the top bar shows it.
#[derive(Clone, Debug, PartialEq)]
pub enum ConnectionStatus {
    /// No account is open.
    NoSession,
    /// Open, nothing arrived yet.
    Connecting,
    /// Everything arrived; `last_refreshed` is the latest arrival.
    Online {
        /// When data last arrived.
        last_refreshed: Millis,
    },
    /// The service could not be reached; the next try is at `retry_at`.
    Offline {
        /// When the worker tries again.
        retry_at: Millis,
    },
    /// The service answered with a refusal (a 401, a 4xx).
    Refused {
        /// The refusal, shown whole.
        message: String,
        /// When the worker tries again.
        retry_at: Millis,
    },
    /// The service answered without refusing, and its answer could not be
    /// read (a 200 whose body is not what the spec describes).
    Unreadable {
        /// What came back, shown whole.
        message: String,
        /// When the worker tries again.
        retry_at: Millis,
    },
}

/// What every panel reads, and nothing it may change.
#[derive(Debug)]
pub struct Shared {
    /// The interface language.
    pub language: Language,
    /// Every amount is masked (the eye in the top bar, Ctrl+Shift+H);
    /// remembered across restarts. Panels write amounts through
    /// [`Shared::amounts`].
    pub hide_amounts: bool,
    /// Desktop notifications are on (Settings).
    pub notifications: bool,
    /// How many days back a payment under review is compared with the
    /// service's records for a repeat (Settings; the command line's
    /// `--duplicate-days`).
    pub duplicate_days: u32,
    /// Now, on the app's clock (set once per frame by the shell, by tests at will).
    pub now: Millis,
    /// Now, on the wall clock (for countdowns to a timestamp).
    pub wall_now: OffsetDateTime,
    /// The person's time zone: every moment shown is read in it, and the
    /// extrato's days and the charts' months are its own. The system's,
    /// set by the shell at start; UTC until then (tests fix one).
    pub zone: LocalZone,
    /// The launch sequence is done.
    pub startup_finished: bool,
    /// The embedded sandbox is starting.
    pub sandbox_starting: bool,
    /// The saved profiles.
    pub profiles: Vec<Profile>,
    /// The profile opened last.
    pub last_used: Option<String>,
    /// The open connection.
    pub session: Option<SessionInfo>,
    /// The onboarding form is shown over an open connection (adding a profile).
    pub adding_profile: bool,
    /// The open connection's data, one value per polled resource.
    pub data: AccountData,
    /// The saved recipients (PIX keys, TED accounts, wallets), for every
    /// profile: the forms' pickers and the reviews' names read them.
    pub recipients: Vec<Recipient>,
    /// Where the receipt of the movement shown stands (saving, saved, copied).
    pub receipt: ReceiptStatus,
    /// The tax year's figures as last computed, for what an order would
    /// make of the month's sales and the Overview's chart.
    pub tax_figures: Option<Arc<TaxFigures>>,
}

impl Shared {
    /// Nothing loaded, no connection, in `language`.
    pub fn new(language: Language) -> Shared {
        Shared {
            language,
            hide_amounts: false,
            notifications: true,
            duplicate_days: brlv_core::duplicates::DEFAULT_DAYS,
            now: 0,
            wall_now: OffsetDateTime::UNIX_EPOCH,
            zone: LocalZone::utc(),
            startup_finished: false,
            sandbox_starting: false,
            profiles: Vec::new(),
            last_used: None,
            session: None,
            adding_profile: false,
            data: AccountData::default(),
            recipients: Vec::new(),
            receipt: ReceiptStatus::default(),
            tax_figures: None,
        }
    }

    /// An account is open (the worker can ask the service for something).
    pub fn connected(&self) -> bool {
        self.session.is_some()
    }

    /// The open account is the embedded sandbox.
    pub fn sandbox(&self) -> bool {
        self.session
            .as_ref()
            .is_some_and(|session| session.kind == ProfileKind::Sandbox)
    }

    /// Whether money moves only after the passphrase (the key is sealed).
    pub fn requires_passphrase(&self) -> bool {
        self.session.as_ref().is_some_and(|session| session.sealed)
    }

    /// Whether `session` is the open connection (an answer for another is
    /// dropped).
    pub fn is_current(&self, session: SessionId) -> bool {
        self.session.as_ref().is_some_and(|open| open.id == session)
    }

    /// Whether the onboarding form fills the window.
    pub fn shows_onboarding(&self) -> bool {
        self.session.is_none() || self.adding_profile
    }

    /// How amounts are written now: the language, masked while hidden.
    pub fn amounts(&self) -> AmountFormat {
        AmountFormat::new(self.language, self.hide_amounts)
    }

    /// How moments are written now: in the person's zone and language.
    pub fn moments(&self) -> MomentFormat {
        MomentFormat::new(self.language, self.zone.clone())
    }

    /// The day it is now in the person's zone.
    pub fn today(&self) -> time::Date {
        self.zone.date_of(self.wall_now)
    }

    /// The text of `key` in the current language.
    pub fn t(&self, key: &'static str) -> Cow<'static, str> {
        i18n::tr(self.language, key)
    }

    /// The text of `key` with its placeholders filled.
    pub fn t_with(&self, key: &'static str, args: &[(&str, &str)]) -> String {
        i18n::tr_with(self.language, key, args)
    }

    /// A receipt of `movement` is being written.
    pub fn receipt_saving(&mut self, movement: Uuid) {
        self.receipt.movement = Some(movement);
        self.receipt.saving = true;
        self.receipt.result = None;
    }

    /// How writing the receipt of `movement` ended.
    pub fn receipt_saved(&mut self, movement: Uuid, result: Result<PathBuf, FileError>) {
        self.receipt.saving = false;
        self.receipt.movement = Some(movement);
        self.receipt.result = Some(result);
    }

    /// The receipt of `movement` was copied as text, now (the "Copied" note).
    pub fn receipt_copied(&mut self, movement: Uuid) {
        self.receipt.movement = Some(movement);
        self.receipt.result = None;
        self.receipt.copied_at = Some(self.now);
    }

    /// Takes in a notice's side of the shared half: the sandbox that failed
    /// to start is no longer starting; a profile that could not be saved
    /// is open unsaved.
    pub fn notice_arrived(&mut self, kind: &NoticeKind) {
        match kind {
            NoticeKind::SandboxFailed => self.sandbox_starting = false,
            NoticeKind::ProfileNotSaved(name) => {
                if let Some(session) = self.session.as_mut()
                    && &session.profile.name == name
                {
                    session.kind = ProfileKind::Unsaved;
                }
            }
            _ => {}
        }
    }

    /// Whether the service cannot be reached now: what is shown is the
    /// last that was true, and a countdown against the service's clock
    /// cannot be checked.
    pub fn service_unreachable(&self) -> bool {
        matches!(self.connection_status(), ConnectionStatus::Offline { .. })
    }

    /// The moment `at` (on the app's clock) was, on the wall clock.
    pub fn wall_of(&self, at: Millis) -> time::OffsetDateTime {
        let age = self.now.saturating_sub(at);
        self.wall_now - time::Duration::milliseconds(i64::try_from(age).unwrap_or(0))
    }

    /// When the value `remote` shows was last true: when it arrived, or
    /// for a copy from an earlier run when that run fetched it.
    pub fn last_true<T>(&self, remote: &crate::app::remote::Remote<T>) -> Option<OffsetDateTime> {
        let loaded = remote.loaded()?;
        Some(
            loaded
                .saved_at
                .unwrap_or_else(|| self.wall_of(loaded.fetched_at)),
        )
    }

    /// What a countdown to `ends` (on the service's clock) says while the
    /// service cannot be reached, instead of running: the time left cannot
    /// be checked. `None` while it can.
    pub fn countdown_unreachable(&self, ends: OffsetDateTime) -> Option<String> {
        self.service_unreachable().then(|| {
            self.t_with(
                "countdown.unreachable",
                &[("time", &self.moments().time_of_day(ends))],
            )
        })
    }

    /// When a value shown was last true, as "as of" says it: the time of
    /// day when it was today, else the day and time.
    pub fn as_of_text(&self, moment: time::OffsetDateTime) -> String {
        let moments = self.moments();
        if self.zone.date_of(moment) == self.today() {
            moments.time_of_day(moment)
        } else {
            moments.text(moment)
        }
    }

    /// The connection state for the top bar.
    pub fn connection_status(&self) -> ConnectionStatus {
        if self.session.is_none() {
            return ConnectionStatus::NoSession;
        }
        let freshness = self.data.polled_freshness();
        let failed: Vec<(&Error, Millis)> = freshness
            .iter()
            .filter_map(|resource| Some((resource.error?, resource.retry_at?)))
            // A list over the budget is the panel's news, not the connection's.
            .filter(|(error, _)| {
                !matches!(
                    error,
                    Error::ListOverBudget { .. } | Error::ResponseTooLarge { .. }
                )
            })
            .collect();
        let earliest_retry = failed.iter().map(|(_, at)| *at).min();
        if let Some(retry_at) = earliest_retry {
            let lasting = |(error, _): &&(&Error, Millis)| !error.is_transient();
            // A refusal is the person's to act on, so it is told first; an
            // answer that could not be read is not called a refusal.
            if let Some((error, retry_at)) = failed
                .iter()
                .filter(lasting)
                .find(|(error, _)| !error.is_unreadable_answer())
            {
                return ConnectionStatus::Refused {
                    message: error.localize(self.language),
                    retry_at: *retry_at,
                };
            }
            if let Some((error, retry_at)) = failed.iter().find(lasting) {
                return ConnectionStatus::Unreadable {
                    message: error.localize(self.language),
                    retry_at: *retry_at,
                };
            }
            return ConnectionStatus::Offline { retry_at };
        }
        match freshness
            .iter()
            .filter_map(|resource| resource.fetched_at)
            .max()
        {
            Some(last_refreshed) => ConnectionStatus::Online { last_refreshed },
            None => ConnectionStatus::Connecting,
        }
    }
}
