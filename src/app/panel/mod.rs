//! The panel kit: what every panel of the window is made of.
//!
//! A panel owns its state and has two methods ([`Panel`]): `ui` draws it
//! from `&mut self` and a read-only [`PanelContext`] (the language, how
//! amounts and moments are written, the account's data, now) and puts what
//! it asks for into an [`Outbox`]; `apply` takes in the events addressed to
//! it and returns the commands it needs. The root (`AppState`) only routes:
//! it builds the context, hands each panel its events, and carries out
//! what the outboxes ask (a submit goes through the transaction password, an
//! export through its panel's draft), so an effect that crosses features is
//! a message, never a reach into another feature's fields.
//!
//! A panel's view can therefore be drawn, and tested, with nothing but its
//! own state and a context (see `tests/app/panels.rs`).

pub mod list_arrangements;
pub mod outflow_question;
pub mod profiles;
pub mod receipt;
pub mod recipients;
pub mod record_panel;
pub mod review;

use std::borrow::Cow;
use std::path::PathBuf;

use time::OffsetDateTime;
use uuid::Uuid;

use brlv_core::profile::Profile;
use brlv_core::recipients::Recipient;

use super::clock::{LocalZone, Millis};
use super::dialog::DialogPurpose;
use super::export::ExportRecords;
use super::features::activity::model::Source;
use super::features::lock::state::PassphrasePurpose;
use super::features::receipts::state::ReceiptStatus;
use super::format::{AmountFormat, MomentFormat};
use super::i18n::{self, Language};
use super::message::Command;
use super::receipt::{Receipt, ReceiptFormat};
use super::resources::AccountData;
use super::session::SessionInfo;
use super::submit::SubmitRequest;

/// What every panel reads while drawing, and nothing it may change.
pub struct PanelContext<'a> {
    /// The interface language.
    pub language: Language,
    /// An account is open (the worker can ask the service for something).
    pub connected: bool,
    /// The open account is the embedded sandbox.
    pub sandbox: bool,
    /// Every amount is masked (the eye in the top bar).
    pub hide_amounts: bool,
    /// Now, on the app's clock.
    pub now: Millis,
    /// Now, on the wall clock (for countdowns to a timestamp).
    pub wall_now: OffsetDateTime,
    /// The person's time zone.
    pub zone: &'a LocalZone,
    /// The open connection's data, one value per polled resource.
    pub data: &'a AccountData,
    /// Where the receipt of the movement shown stands (saving, saved, copied).
    pub receipt: &'a ReceiptStatus,
    /// The saved recipients, for the forms' pickers.
    pub recipients: &'a [Recipient],
    /// The saved profiles.
    pub profiles: &'a [Profile],
    /// The open connection.
    pub session: Option<&'a SessionInfo>,
    /// The person's choices kept elsewhere.
    pub preferences: Preferences,
    /// The onboarding form is shown over an open connection (adding a profile).
    pub adding_profile: bool,
    /// The embedded sandbox is starting.
    pub sandbox_starting: bool,
    /// The tax year's figures as last computed, for what an order would make
    /// of the month's sales and the Overview's chart.
    pub tax_figures: Option<std::sync::Arc<super::features::taxes::figures::TaxFigures>>,
}

impl PanelContext<'_> {
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
}

/// What a panel asks the root for while drawing.
#[derive(Debug)]
pub enum Ask {
    /// Send a form's POST (through the transaction password when the
    /// profile is sealed).
    Submit(SubmitRequest),
    /// Save these records as CSV, by the panel's export draft.
    Export(ExportRecords),
    /// Hand the worker a command.
    Command(Command),
    /// Open the system's file dialog for `purpose`.
    ChooseFile(DialogPurpose),
    /// Write a receipt to a typed path.
    SaveReceipt {
        /// The receipt.
        receipt: Box<Receipt>,
        /// PDF or PNG.
        format: ReceiptFormat,
        /// Where.
        path: PathBuf,
    },
    /// Hand the worker a command that writes a file the person named by
    /// typing (or a folder's files): held behind "Replace the file?" when
    /// it would replace one.
    WriteFile(Box<Command>),
    /// The answer to "Replace the file?": replace it (true) or keep it.
    ReplaceFile(bool),
    /// A movement's receipt was copied as text (the "Copied" note).
    ReceiptCopied(Uuid),
    /// Keep a recipient a form offered to save.
    SaveRecipient(Recipient),
    /// Show another view.
    Show(super::view::View),
    /// Fill a form with a send an earlier run left not done, and show it;
    /// nothing is sent (its review and the lock come after).
    FillForm(Box<super::features::journal::resend::Resend>),
    /// Show this order in the Orders view.
    OpenOrder(Uuid),
    /// Show this order's detail in the Orders view (`None`: the list).
    SelectOrder(Option<Uuid>),
    /// Change a setting kept outside the panel that shows it.
    Set(Setting),
    /// Show the record a line of the extrato points at, in its own panel.
    OpenMovement(Source, Uuid),
    /// Check what is typed in the passphrase prompt of this purpose.
    CheckPassphrase(PassphrasePurpose),
    /// Let a plain key's waiting request go if the word shown was typed.
    ConfirmTyped,
    /// Leave the lock screen for onboarding, to connect with a new key.
    StartWithNewKey,
    /// Open the first screen's form over the environment's plain-key
    /// connection, to save its key as a profile sealed with a passphrase.
    SaveAsSealedProfile,
}

/// A setting a panel changes that another part of the app keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    /// The interface language.
    Language(Language),
    /// Idle minutes before the window locks.
    IdleLockMinutes(u32),
    /// Lock the window when it is minimized, or not.
    LockWhenMinimized(bool),
    /// Desktop notifications on or off.
    Notifications(bool),
    /// Show the form that adds a profile over the open one.
    AddProfile,
    /// Close that form, back to the open profile.
    StopAddingProfile,
    /// Lock the window now.
    LockNow,
    /// Offer to seal the open profile's plain key.
    OfferSealing,
}

/// The person's choices kept elsewhere that panels show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preferences {
    /// Idle minutes before the window locks.
    pub idle_lock_minutes: u32,
    /// The window locks when minimized.
    pub lock_when_minimized: bool,
    /// Desktop notifications are on.
    pub notifications: bool,
    /// The offer to seal the open profile's plain key is open (or failed).
    pub sealing_offered: bool,
}

/// What a panel asked for during one frame, in order.
#[derive(Debug, Default)]
pub struct Outbox {
    asks: Vec<Ask>,
}

impl Outbox {
    /// Asks for `ask`.
    pub fn ask(&mut self, ask: Ask) {
        self.asks.push(ask);
    }

    /// Asks to send a form's POST.
    pub fn submit(&mut self, request: SubmitRequest) {
        self.ask(Ask::Submit(request));
    }

    /// Asks to save records as CSV.
    pub fn export(&mut self, records: ExportRecords) {
        self.ask(Ask::Export(records));
    }

    /// Asks to hand the worker a command.
    pub fn command(&mut self, command: Command) {
        self.ask(Ask::Command(command));
    }

    /// Asks to write a file the person named by typing, asking first
    /// when it would replace one.
    pub fn write_file(&mut self, command: Command) {
        self.ask(Ask::WriteFile(Box::new(command)));
    }

    /// What was asked, in order (for the root, and for tests).
    pub fn asks(&self) -> &[Ask] {
        &self.asks
    }

    /// Takes what was asked, in order.
    pub fn into_asks(self) -> Vec<Ask> {
        self.asks
    }
}

/// A panel: its state, drawn from itself and a read-only context, and
/// changed by the events addressed to it.
pub trait Panel {
    /// The events addressed to this panel.
    type Event;

    /// Draws the panel; what it asks for goes into `out`.
    fn ui(&mut self, ui: &mut egui::Ui, cx: &PanelContext<'_>, out: &mut Outbox);

    /// Takes in an event addressed to this panel; returns what the worker
    /// must do because of it.
    fn apply(&mut self, event: Self::Event) -> Vec<Command>;
}
