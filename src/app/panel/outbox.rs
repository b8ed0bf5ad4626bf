//! What a panel asks the root for, while drawing or while taking in an
//! event: the [`Outbox`] every `ui` and `apply` write into, and the
//! [`Ask`]s the root carries out (a submit goes through the transaction
//! password, a file through the system's dialog or "Replace the file?").
//! An effect that crosses panels is one of these, never a reach into
//! another panel's fields.

use uuid::Uuid;

use brlv_core::recipients::Recipient;

use crate::app::dialog::DialogPurpose;
use crate::app::features::activity::model::Source;
use crate::app::features::journal::resend::Resend;
use crate::app::features::lock::state::Released;
use crate::app::i18n::Language;
use crate::app::message::{Command, Notice};
use crate::app::receipt::ReceiptRequest;
use crate::app::submit::SubmitRequest;
use crate::app::view::View;

/// What a panel asks the root for.
#[derive(Debug)]
pub enum Ask {
    /// Send a form's POST: through the lock, which holds a request that
    /// moves money for the passphrase or the typed word.
    Submit(SubmitRequest),
    /// Send a request the lock let go, with its proof when it moves money.
    Send(Released),
    /// Hand the worker a command.
    Command(Command),
    /// Open the system's file dialog for `purpose`; its answer comes back
    /// to the panel the purpose names.
    ChooseFile(DialogPurpose),
    /// Write a receipt to a typed path: held behind "Replace the file?"
    /// when it would replace one.
    SaveReceipt(Box<ReceiptRequest>),
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
    /// The saved recipients are now these (the recipients' panel changed
    /// them; its write of the file follows as a command).
    KeepRecipients(Vec<Recipient>),
    /// Show another view.
    Show(View),
    /// Fill a form with a send an earlier run left not done (the journal's
    /// POST `of`), and show it; nothing is sent (its review and the lock
    /// come after).
    FillForm {
        /// The request, as it was sent.
        resend: Box<Resend>,
        /// The journal's POST it sends again.
        of: Uuid,
    },
    /// A send an earlier run left not done (the journal's POST `of`) was
    /// sent again from its form and made the record `id`.
    SentAgain {
        /// The journal's POST sent again.
        of: Uuid,
        /// The new record's id.
        id: Uuid,
    },
    /// Show this order in the Orders view.
    OpenOrder(Uuid),
    /// Keep this order's detail fresh (`None`: none); the copy of the
    /// order shown before is let go.
    WatchOrder(Option<Uuid>),
    /// Change a setting kept outside the panel that shows it.
    Set(Setting),
    /// Show the record a line of the extrato points at, in its own panel.
    OpenMovement(Source, Uuid),
    /// Leave the lock screen for onboarding, to connect with a new key.
    StartWithNewKey,
    /// Open the first screen's form over the environment's plain-key
    /// connection, to save its key as a profile sealed with a passphrase.
    SaveAsSealedProfile,
    /// Show a notice above the view (unless the same one is shown).
    Notice(Notice),
}

/// A setting a panel changes that the shared half keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    /// The interface language.
    Language(Language),
    /// Desktop notifications on or off.
    Notifications(bool),
    /// How many days back a payment is compared for a repeat.
    DuplicateDays(u32),
    /// Show the form that adds a profile over the open one.
    AddProfile,
    /// Close that form, back to the open profile.
    StopAddingProfile,
}

/// What a panel asked for, in order.
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

    /// Takes the commands for the worker among what was asked, in order
    /// (for tests of a panel alone).
    pub fn into_commands(self) -> Vec<Command> {
        self.asks
            .into_iter()
            .filter_map(|ask| match ask {
                Ask::Command(command) => Some(command),
                _ => None,
            })
            .collect()
    }
}
