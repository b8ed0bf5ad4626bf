//! [`AppState`]: everything the panels show, form drafts included: the
//! core (language, session, the account's data, notices) and one field per
//! feature. Plain data, changed only by the panels (drafts, navigation) and
//! by [`AppState::apply`], which routes each worker Event to the feature it
//! is about; no I/O and no painting here.

use std::sync::Arc;

use time::OffsetDateTime;
use uuid::Uuid;

use brlv_core::api::Error;
use brlv_core::api::model::Order;
use brlv_core::profile::Profile;

use super::clock::{LocalZone, Millis};
use std::path::PathBuf;

use super::dialog::DialogState;
use super::dialog::{DialogAnswer, DialogPurpose, dialog_request};
use super::error_text::Localize;
use super::export::FileError;
use super::export::{ExportDraft, ExportKind, ExportRecords, ExportRequest};
use super::features::activity::model::Source;
use super::features::activity::state::ActivityState;
use super::features::activity::state::ActivityTold;
use super::features::claims::state::{ClaimsEvent, ClaimsState};
use super::features::deposits::state::{DepositsEvent, DepositsState};
use super::features::events::message::EventsEvent;
use super::features::events::state::{EventsState, EventsTold, ReceivedEvent, listen_error_text};
use super::features::journal::message::JournalCommand;
use super::features::journal::message::JournalEvent;
use super::features::journal::message::{SendOutcome, SettledSend};
use super::features::journal::resend::Resend;
use super::features::journal::state::{JournalState, JournalTold};
use super::features::lock::state::{
    Guard, LockState, PassphrasePrompt, PassphrasePurpose, Released, SealOffer,
};
use super::features::notify::NotifyState;
use super::features::onboarding::message::OnboardingCommand;
use super::features::onboarding::state::{KeyDraft, KeySource, OnboardingDraft};
use super::features::orders::message::{OrdersCommand, OrdersEvent};
use super::features::orders::state::{OrderMove, OrderSelector, OrdersState};
use super::features::receipts::state::ReceiptStatus;
use super::features::recipients::state::{RecipientsState, RecipientsTold};
use super::features::settings::state::SettingsState;
use super::features::taxes::figures::TaxFigures;
use super::features::taxes::message::{TaxesCommand, TaxesEvent};
use super::features::taxes::state::{ReportFor, TaxFile, TaxFileStep, TaxesState, TaxesTold};
use super::features::transfers::state::{TransfersEvent, TransfersState};
use super::features::updates::state::UpdatesState;
use super::features::wallets::state::{WalletsEvent, WalletsState};
use super::features::withdrawals::batch::BatchEvent;
use super::features::withdrawals::state::{WithdrawalsEvent, WithdrawalsState};
use super::format::short_id;
use super::i18n::{self, Language};
use super::message::{Command, Event, Notice, NoticeDetail, NoticeKind};
use super::overwrite::PendingWrite;
use super::panel::{Ask, Outbox, Panel, PanelContext, Preferences, Setting};
use super::receipt::{Receipt, ReceiptFormat, ReceiptRequest};
use super::resources::{AccountData, Fetched, Listed, ResourceKey};
use super::session::{ProfileKind, SessionInfo};
use super::submit::{Created, FormKind, SubmitOutcome, SubmitRequest, SubmitStatus};
pub use super::view::View;

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

/// The folder a chosen file is in.
fn folder_of(path: &std::path::Path) -> Option<std::path::PathBuf> {
    path.parent()
        .filter(|folder| !folder.as_os_str().is_empty())
        .map(std::path::Path::to_path_buf)
}

/// The context every panel reads, built from the state's fields one by one
/// so that a panel can be lent mutably beside it; `$recipients`: the saved
/// recipients, or nothing while their own panel is lent.
macro_rules! panel_context {
    ($state:ident, $recipients:expr) => {
        PanelContext {
            language: $state.language,
            connected: $state.session.is_some(),
            sandbox: $state
                .session
                .as_ref()
                .is_some_and(|session| session.kind == ProfileKind::Sandbox),
            hide_amounts: $state.hide_amounts,
            now: $state.now,
            wall_now: $state.wall_now,
            zone: &$state.zone,
            data: &$state.data,
            receipt: &$state.receipt,
            recipients: $recipients,
            profiles: &$state.profiles,
            session: $state.session.as_ref(),
            adding_profile: $state.adding_profile,
            sandbox_starting: $state.sandbox_starting,
            tax_figures: Some($state.taxes.last_figures()),
            preferences: Preferences {
                idle_lock_minutes: $state.lock.idle_lock_minutes,
                lock_when_minimized: $state.lock.lock_when_minimized,
                notifications: $state.notify.enabled,
                sealing_offered: !matches!($state.lock.seal_offer, SealOffer::None),
            },
        }
    };
}

/// The panels that own their state, each lent alone while drawing.
pub struct Panels<'a> {
    /// The Claims panel.
    pub claims: &'a mut ClaimsState,
    /// The Deposits panel.
    pub deposits: &'a mut DepositsState,
    /// The Transfers panel.
    pub transfers: &'a mut TransfersState,
    /// The Wallets panel.
    pub wallets: &'a mut WalletsState,
    /// The Withdrawals panel.
    pub withdrawals: &'a mut WithdrawalsState,
    /// The Taxes panel.
    pub taxes: &'a mut TaxesState,
    /// The Events panel.
    pub events: &'a mut EventsState,
    /// Settings.
    pub settings: &'a mut SettingsState,
    /// The journal's section of Settings.
    pub journal: &'a mut JournalState,
    /// The extrato.
    pub activity: &'a mut ActivityState,
    /// The lock screen, the transaction password and the offer to seal a key.
    pub lock: &'a mut LockState,
    /// The form that connects an account.
    pub onboarding: &'a mut OnboardingDraft,
    /// The orders: list, detail, form.
    pub orders: &'a mut OrdersState,
    /// The update check (Settings' section and the notice).
    pub updates: &'a mut UpdatesState,
}

/// Everything the panels show.
pub struct AppState {
    /// The interface language.
    pub language: Language,
    /// The screen shown in the main area.
    pub view: View,
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
    /// Saved profiles.
    pub profiles: Vec<Profile>,
    /// The profile opened last.
    pub last_used: Option<String>,
    /// The open connection.
    pub session: Option<SessionInfo>,
    /// The open connection's data, one value per polled resource.
    pub data: AccountData,
    /// The form to connect an account.
    pub onboarding: OnboardingDraft,
    /// The onboarding form is shown over an open connection (adding a profile).
    pub adding_profile: bool,
    /// A file of payouts to open in the Withdrawals view once the account
    /// is connected (`--payouts-file`).
    pub payouts_file_at_start: Option<std::path::PathBuf>,
    /// Notices shown until dismissed.
    pub notices: Vec<Notice>,
    /// Settings being edited.
    pub settings: SettingsState,
    /// The Orders panel: open order, form, export.
    pub orders: OrdersState,
    /// The Wallets panel.
    pub wallets: WalletsState,
    /// The Transfers panel.
    pub transfers: TransfersState,
    /// The Withdrawals panel.
    pub withdrawals: WithdrawalsState,
    /// The Claims panel.
    pub claims: ClaimsState,
    /// The Deposits panel.
    pub deposits: DepositsState,
    /// The Events panel: webhook listener and what arrived.
    pub events: EventsState,
    /// The transaction password, the idle lock and the unlock screen.
    pub lock: LockState,
    /// The journal on disk: the activity export.
    pub journal: JournalState,
    /// Every amount is masked (the eye in the top bar, Ctrl+Shift+H);
    /// remembered across restarts. Views read it through [`AppState::amount_format`].
    pub hide_amounts: bool,
    /// Desktop notifications: the switch, the focus, what is news.
    pub notify: NotifyState,
    /// Saved recipients (PIX keys, TED accounts, wallets), for every profile.
    pub recipients: RecipientsState,
    /// Where the system's file dialogs stand.
    pub dialogs: DialogState,
    /// Where the receipt of the movement shown stands.
    pub receipt: ReceiptStatus,
    /// A write to a typed path that names a file already there, waiting
    /// for the person to say whether to replace it.
    pub replace_question: Option<PendingWrite>,
    /// The extrato: its filters and what is computed from the lists.
    pub activity: ActivityState,
    /// The tax year: the year shown, what the person typed, the ledger.
    pub taxes: TaxesState,
    /// The update check: this build's feed, the daily switch, what was found.
    pub updates: UpdatesState,
    commands: Vec<Command>,
}

impl AppState {
    /// A fresh state: nothing loaded, no connection.
    pub fn new(language: Language) -> AppState {
        AppState {
            language,
            view: View::Overview,
            now: 0,
            wall_now: OffsetDateTime::UNIX_EPOCH,
            zone: LocalZone::utc(),
            startup_finished: false,
            sandbox_starting: false,
            profiles: Vec::new(),
            last_used: None,
            session: None,
            data: AccountData::default(),
            onboarding: OnboardingDraft::default(),
            adding_profile: false,
            payouts_file_at_start: None,
            notices: Vec::new(),
            settings: SettingsState::default(),
            orders: OrdersState::default(),
            wallets: WalletsState::default(),
            transfers: TransfersState::default(),
            withdrawals: WithdrawalsState::default(),
            claims: ClaimsState::default(),
            deposits: DepositsState::default(),
            events: EventsState::default(),
            lock: LockState::default(),
            journal: JournalState::default(),
            hide_amounts: false,
            notify: NotifyState::default(),
            recipients: RecipientsState::default(),
            dialogs: DialogState::default(),
            receipt: ReceiptStatus::default(),
            replace_question: None,
            activity: ActivityState::default(),
            taxes: TaxesState::default(),
            updates: UpdatesState::default(),
            commands: Vec::new(),
        }
    }

    /// How amounts are written now: the language, masked while the person
    /// hides amounts. Every view writes amounts through it.
    pub fn amount_format(&self) -> crate::app::format::AmountFormat {
        crate::app::format::AmountFormat::new(self.language, self.hide_amounts)
    }

    /// How moments are written now: in the person's zone, as the language
    /// writes them. Every view writes moments through it.
    pub fn moments(&self) -> crate::app::format::MomentFormat {
        crate::app::format::MomentFormat::new(self.language, self.zone.clone())
    }

    /// The day it is now in the person's zone.
    pub fn today(&self) -> time::Date {
        self.zone.date_of(self.wall_now)
    }

    /// The text of `key` in the current language.
    pub fn t(&self, key: &'static str) -> std::borrow::Cow<'static, str> {
        i18n::tr(self.language, key)
    }

    /// The text of `key` with its placeholders filled.
    pub fn t_with(&self, key: &'static str, args: &[(&str, &str)]) -> String {
        i18n::tr_with(self.language, key, args)
    }

    /// Queues a Command for the worker.
    pub fn push(&mut self, command: Command) {
        self.commands.push(command);
    }

    /// The Commands queued since the last call.
    pub fn take_commands(&mut self) -> Vec<Command> {
        std::mem::take(&mut self.commands)
    }

    /// Queues the Commands a panel returned.
    fn push_all(&mut self, commands: Vec<Command>) {
        self.commands.extend(commands);
    }

    /// What every panel reads while drawing.
    pub fn context(&self) -> PanelContext<'_> {
        panel_context!(self, &self.recipients.list)
    }

    /// What every panel reads while drawing, and the panels drawn through
    /// [`Panel`], each lent on its own beside it.
    pub fn panels(&mut self) -> (PanelContext<'_>, Panels<'_>) {
        let context = panel_context!(self, &self.recipients.list);
        let panels = Panels {
            claims: &mut self.claims,
            deposits: &mut self.deposits,
            transfers: &mut self.transfers,
            wallets: &mut self.wallets,
            withdrawals: &mut self.withdrawals,
            taxes: &mut self.taxes,
            events: &mut self.events,
            settings: &mut self.settings,
            journal: &mut self.journal,
            activity: &mut self.activity,
            lock: &mut self.lock,
            onboarding: &mut self.onboarding,
            orders: &mut self.orders,
            updates: &mut self.updates,
        };
        (context, panels)
    }

    /// The saved recipients' manager, with the context every panel reads
    /// (but the saved recipients, which it holds itself).
    pub fn recipients_panel(&mut self) -> (PanelContext<'_>, &mut RecipientsState) {
        (panel_context!(self, &[]), &mut self.recipients)
    }

    /// Carries out what a panel asked for while drawing, in order.
    pub fn answer(&mut self, out: Outbox) {
        for ask in out.into_asks() {
            match ask {
                Ask::Submit(request) => self.submit(request),
                Ask::Export(records) => self.export(records),
                Ask::Command(command) => self.push(command),
                Ask::ChooseFile(purpose) => self.choose_file(purpose),
                Ask::SaveReceipt {
                    receipt,
                    format,
                    path,
                } => self.write_or_ask(PendingWrite::Receipt {
                    receipt,
                    format,
                    path,
                }),
                Ask::WriteFile(command) => self.write_or_ask(PendingWrite::Command(command)),
                Ask::ReplaceFile(replace) => self.answer_replace(replace),
                Ask::ReceiptCopied(movement) => {
                    let status = &mut self.receipt;
                    status.movement = Some(movement);
                    status.result = None;
                    status.copied_at = Some(self.now);
                }
                Ask::SaveRecipient(recipient) => self.tell(
                    |state| &mut state.recipients,
                    RecipientsTold::Add(recipient),
                ),
                Ask::Set(setting) => self.set(setting),
                Ask::CheckPassphrase(purpose) => self.check_passphrase(purpose),
                Ask::ConfirmTyped => self.confirm_typed(),
                Ask::StartWithNewKey => {
                    self.onboarding.key_source = KeySource::Generated;
                    self.adding_profile = self.session.is_some();
                }
                Ask::SaveAsSealedProfile => {
                    if let Some(session) = &self.session {
                        self.onboarding.base_url = session.profile.base_url.clone();
                    }
                    self.onboarding.key_source = KeySource::File;
                    self.adding_profile = self.session.is_some();
                    // The key file and the API key are filled in as the
                    // worker reads them: only a name and a passphrase are left.
                    self.push(Command::ReadEnvironmentProfile);
                }
                Ask::OpenMovement(source, id) => self.open_movement(source, id),
                Ask::SelectOrder(id) => self.select_order(id),
                Ask::Show(view) => self.view = view,
                Ask::FillForm(resend) => self.fill_form(*resend),
                Ask::OpenOrder(id) => {
                    self.view = View::Orders;
                    self.select_order(Some(id));
                }
            }
        }
    }

    /// Shows the record `source` points at (of id `id`) in its own panel.
    pub fn open_movement(&mut self, source: Source, id: Uuid) {
        match source {
            Source::Order(_) => {
                self.view = View::Orders;
                self.select_order(Some(id));
            }
            Source::Transfer(_) => {
                self.view = View::Transfers;
                self.tell(|state| &mut state.transfers, TransfersEvent::Show(id));
            }
            Source::Withdrawal(_) => {
                self.view = View::Withdrawals;
                self.tell(|state| &mut state.withdrawals, WithdrawalsEvent::Show(id));
            }
            Source::Deposit(list, _) => {
                self.view = View::Deposits;
                if let Some(asset) = super::resources::DEPOSIT_ASSETS.get(usize::from(list)) {
                    let asset = asset.clone();
                    self.tell(
                        |state| &mut state.deposits,
                        DepositsEvent::Show { asset, id },
                    );
                }
            }
            Source::Claim(_) => {
                self.view = View::Claims;
                self.tell(|state| &mut state.claims, ClaimsEvent::Show(id));
            }
        }
    }

    /// Whether money moves only after the passphrase (the key is sealed).
    pub fn requires_passphrase(&self) -> bool {
        self.session.as_ref().is_some_and(|session| session.sealed)
    }

    /// Whether the unlock screen fills the window: locked, or a sealed
    /// profile waiting to be opened.
    pub fn shows_lock_screen(&self) -> bool {
        (self.lock.locked && self.session.is_some()) || self.lock.opening.is_some()
    }

    /// Locks the window now (the shortcut, or the idle time), when the key
    /// is sealed. Drafts stay; a request waiting for its passphrase is
    /// dropped (nothing was sent).
    pub fn lock_now(&mut self) {
        if self.requires_passphrase() {
            self.lock.engage();
        }
    }

    /// The person touched the window.
    pub fn note_input(&mut self) {
        self.lock.last_input = self.now;
    }

    /// Locks the window once it has been idle for the time set in Settings.
    pub fn lock_if_idle(&mut self) {
        if self.requires_passphrase() && self.lock.idle_past_limit(self.now) {
            self.lock.engage();
        }
    }

    /// Locks the window when it is minimized and Settings asks for that.
    pub fn lock_if_minimized(&mut self, minimized: bool) {
        if minimized && self.lock.lock_when_minimized {
            self.lock_now();
        }
    }

    /// Milliseconds until the idle lock is due, when one can engage (a
    /// sealed key, not locked yet): the frame to draw then.
    pub fn idle_lock_due_in(&self) -> Option<Millis> {
        if !self.requires_passphrase() {
            return None;
        }
        self.lock.idle_lock_due_in(self.now)
    }

    /// Hands the notifications owed this frame to `notifier`, as the window
    /// stands now: amounts masked when hidden, and none of the account while
    /// the lock screen is shown.
    pub fn deliver_notifications(&mut self, notifier: &dyn super::features::notify::Notifier) {
        let locked = self.shows_lock_screen();
        self.notify
            .deliver(self.language, self.hide_amounts, locked, notifier);
    }

    /// Drops the request waiting for its passphrase; nothing was sent.
    pub fn cancel_authorization(&mut self) {
        self.lock.authorization = None;
    }

    /// Sends what is typed in the prompt for `purpose` to be checked,
    /// unless a check is in flight or wrong ones must still wait.
    pub fn check_passphrase(&mut self, purpose: PassphrasePurpose) {
        if let Some((attempt, passphrase)) = self.lock.start_check(purpose, self.now) {
            self.push(Command::CheckPassphrase {
                purpose,
                attempt,
                passphrase,
            });
        }
    }

    /// Takes in what the worker read from the journal: every list shown at
    /// once as it was last fetched (marked with that time until the service
    /// confirms it; a list fetched meanwhile wins), the claims made from
    /// this device, and the tax year's side.
    fn journal_event(&mut self, event: JournalEvent) {
        match event {
            JournalEvent::Restored {
                session,
                lists,
                claims,
                tax,
            } => {
                if !self.is_current(session) {
                    return;
                }
                for list in lists {
                    if let Fetched::Orders(orders) = &list.fetched {
                        // Known states, so an order that expired while the
                        // app was closed raises its notice on the next fetch.
                        for order in orders.iter() {
                            self.observe_order(order);
                        }
                    }
                    self.data
                        .restore_kept(list.fetched, list.fetched_at, list.partial);
                }
                self.data.restore_claims(claims);
                self.tell(|state| &mut state.taxes, TaxesTold::Restored(Box::new(tax)));
            }
            JournalEvent::TaxRead { session, tax } => {
                if self.is_current(session) {
                    self.tell(|state| &mut state.taxes, TaxesTold::Restored(Box::new(tax)));
                }
            }
            JournalEvent::Settled { session, sends } => {
                if self.is_current(session) {
                    self.mark_found_after_restart(&sends);
                    self.tell(
                        |state| &mut state.journal,
                        JournalTold::Settled(sends.clone()),
                    );
                    let moments = self.moments();
                    for send in sends {
                        let time = moments.exact(send.sent_at);
                        self.add_notice(Notice {
                            kind: NoticeKind::SendSettled { send, time },
                            detail: NoticeDetail::None,
                        });
                    }
                }
            }
            JournalEvent::TaxInputKept { session, input } => {
                if self.is_current(session) {
                    self.tell(|state| &mut state.taxes, TaxesTold::InputKept(input));
                }
            }
        }
    }

    /// Marks in their lists the records an earlier run's sends were found
    /// to have made, whose answers never came.
    fn mark_found_after_restart(&mut self, sends: &[SettledSend]) {
        for send in sends {
            let SendOutcome::Done(id) = &send.outcome else {
                continue;
            };
            let Ok(id) = id.parse::<Uuid>() else {
                continue;
            };
            match send.form.as_str() {
                "withdrawal" => self.tell(
                    |state| &mut state.withdrawals,
                    WithdrawalsEvent::FoundAfterRestart(id),
                ),
                "transfer" => self.tell(
                    |state| &mut state.transfers,
                    TransfersEvent::FoundAfterRestart(id),
                ),
                // The Orders panel takes no events: the root keeps its
                // worker-fed fields, this one among them.
                "order" => {
                    self.orders.found_after_restart.insert(id);
                }
                _ => {}
            }
        }
    }

    /// Shows the sends an earlier run left without an answer, in the
    /// journal's section of Settings (asked from their notice).
    pub fn reveal_settled_sends(&mut self) {
        self.view = View::Settings;
        self.tell(|state| &mut state.journal, JournalTold::Reveal);
    }

    /// Fills the form of a send an earlier run left not done, exactly as
    /// it was sent, and shows it. Nothing is sent: the form's review and
    /// the lock come after, as for anything typed.
    fn fill_form(&mut self, resend: Resend) {
        let language = self.language;
        match resend {
            Resend::Withdrawal(request) => {
                self.view = View::Withdrawals;
                self.tell(
                    |state| &mut state.withdrawals,
                    WithdrawalsEvent::Fill(Box::new(request), language),
                );
            }
            Resend::Transfer(request) => {
                self.view = View::Transfers;
                self.tell(
                    |state| &mut state.transfers,
                    TransfersEvent::Fill(Box::new(request), language),
                );
            }
        }
    }

    /// The tax year's figures for the lists shown, as of now: computed
    /// once per change of a list or of what the person typed (see
    /// [`TaxesState::figures`]); `true` while newer ones are computed. Asks
    /// the service, once a session, for the prices of the tokens whose
    /// orders have no leg in reais. The Taxes panel, the Overview's chart
    /// and an order's effect on the month all read these.
    pub fn tax_figures(&mut self, ctx: &egui::Context) -> (Arc<TaxFigures>, bool) {
        let (figures, busy) = self.taxes.figures(ctx, &self.data, self.wall_now);
        if self.session.is_some()
            && let Some(assets) = self.taxes.prices_to_ask(&figures)
        {
            self.push(Command::Taxes(TaxesCommand::Prices(assets)));
        }
        if self.session.is_some()
            && let Some(ask) = self.taxes.central_bank_to_ask(&figures, self.wall_now)
        {
            self.push(Command::Taxes(ask));
        }
        (figures, busy)
    }

    /// The open account's name, as its reports are headed.
    fn account_name(&self) -> String {
        self.session
            .as_ref()
            .map(|session| session.profile.name.clone())
            .unwrap_or_default()
    }

    /// Saves the CSV files of the year shown, as the Taxes panel's
    /// save bar does.
    pub fn save_tax_csv(&mut self) {
        let account = self.account_name();
        let report = ReportFor {
            language: self.language,
            account: &account,
            now: self.wall_now,
            balance_brl: self.data.balance_brl.value().copied(),
        };
        let step = self.taxes.save_csv(report);
        self.take_tax_step(step);
    }

    /// Saves the report of the year shown as PDF, as the Taxes panel's save
    /// bar does.
    pub fn save_tax_pdf(&mut self) {
        let account = self.account_name();
        let report = ReportFor {
            language: self.language,
            account: &account,
            now: self.wall_now,
            balance_brl: self.data.balance_brl.value().copied(),
        };
        let step = self.taxes.save_pdf(report);
        self.take_tax_step(step);
    }

    /// A file or folder was chosen for the tax year's files of `year`.
    pub(crate) fn tax_file_chosen(&mut self, file: TaxFile, year: i32, typed: String) {
        let account = self.account_name();
        let report = ReportFor {
            language: self.language,
            account: &account,
            now: self.wall_now,
            balance_brl: self.data.balance_brl.value().copied(),
        };
        match self.taxes.file_chosen(file, year, typed, report) {
            // The system's Save dialog asked before replacing the file; a
            // folder's dialog asks nothing of the files put in it.
            TaxFileStep::Write(write) if file.dialog_asks_to_replace() => {
                self.push(Command::Taxes(write));
            }
            step => self.take_tax_step(step),
        }
    }

    fn take_tax_step(&mut self, step: TaxFileStep) {
        match step {
            TaxFileStep::ChooseFile(purpose) => self.choose_file(purpose),
            TaxFileStep::Write(write) => {
                self.write_or_ask(PendingWrite::Command(Box::new(Command::Taxes(write))));
            }
            TaxFileStep::Done => {}
        }
    }

    /// Opens `selector`'s order now if the list has it, else once it arrives.
    pub fn open_order(&mut self, selector: OrderSelector) {
        let list = self.data.orders.value().map(|rows| rows.as_slice());
        if let Some(id) = self.orders.pick(selector, list) {
            self.select_order(Some(id));
        }
    }

    /// Shows `id`'s detail (or the list) and tells the worker which order to
    /// keep fresh.
    pub fn select_order(&mut self, id: Option<Uuid>) {
        if self.orders.selected != id {
            self.orders.selected = id;
            self.orders.receipt_path.clear();
            self.orders.qr_path.clear();
            self.data.order = Default::default();
            self.orders.qr_check = None;
            self.push(Command::Orders(OrdersCommand::Watch(id)));
        }
    }

    /// Takes in a fresh order list (newest first): notices for orders that
    /// expired or had a late payment returned since the last one, and the
    /// order the command line asked to open.
    fn orders_arriving(&mut self, orders: &[Order]) {
        for order in orders {
            self.observe_order(order);
        }
        if let Some(id) = self.orders.waited_for(orders) {
            self.select_order(Some(id));
        }
    }

    /// Notes `order`'s state, whichever fetch brought it, and raises the
    /// notice owed if it moved since last seen.
    fn observe_order(&mut self, order: &Order) {
        let kind = match self.orders.observe(order) {
            Some(OrderMove::Expired(id)) => NoticeKind::OrderExpired(short_id(&id)),
            Some(OrderMove::PaymentReturned(id)) => NoticeKind::PaymentReturned(short_id(&id)),
            None => return,
        };
        self.add_notice(Notice {
            kind,
            detail: NoticeDetail::None,
        });
    }

    /// An order was created (or found after its answer was lost): the form
    /// starts afresh and the new order opens.
    fn order_created(&mut self, order: &Order, after_unknown: bool) {
        self.orders.form.reset();
        if after_unknown {
            self.add_notice(Notice {
                kind: NoticeKind::FoundAfterFailure(short_id(&order.id)),
                detail: NoticeDetail::None,
            });
        }
        self.observe_order(order);
        let at = self.now;
        self.orders.selected = None;
        self.select_order(Some(order.id));
        self.data.order.finish(Ok(order.clone()), at, at);
    }

    /// Takes in what the worker reports for orders: a quote, the QR's PNG.
    fn orders_event(&mut self, event: OrdersEvent) {
        match event {
            OrdersEvent::QuoteReceived(result) => self.orders.quote_received(result, self.language),
            OrdersEvent::QrSaved(result) => {
                self.orders.saving_qr = false;
                self.add_notice(match result {
                    Ok(path) => Notice {
                        kind: NoticeKind::QrSaved,
                        detail: NoticeDetail::Text(path.display().to_string()),
                    },
                    Err(error) => Notice {
                        kind: NoticeKind::QrNotSaved,
                        detail: NoticeDetail::File(error),
                    },
                });
            }
            OrdersEvent::QrMemoryRestored { session, memory } => {
                if self.is_current(session) {
                    self.orders.qr_memory.merge_restored(memory);
                }
            }
        }
    }

    /// Asks the worker for the system's dialog; `purpose` comes back with
    /// the answer. Nothing happens while another dialog is open.
    pub fn choose_file(&mut self, purpose: DialogPurpose) {
        if self.dialogs.dialog_open {
            return;
        }
        let request = dialog_request(
            &purpose,
            self.language,
            self.today(),
            self.dialogs.last_folder.as_deref(),
            self.orders.selected,
        );
        self.dialogs.dialog_open = true;
        self.push(Command::ChooseFile { purpose, request });
    }

    /// Takes in a dialog's answer: the chosen file goes where its purpose
    /// says, through the path that save or load always took.
    pub fn file_chosen(&mut self, purpose: DialogPurpose, answer: DialogAnswer) {
        self.dialogs.dialog_open = false;
        let path = match answer {
            DialogAnswer::Chosen(path) => path,
            DialogAnswer::Cancelled => {
                // The extrato kept for the file is let go with the dialog.
                self.tell(|state| &mut state.activity, ActivityTold::DialogClosed);
                return;
            }
            DialogAnswer::Unavailable => {
                self.tell(|state| &mut state.activity, ActivityTold::DialogClosed);
                self.dialogs.unavailable = true;
                return;
            }
        };
        let folder = match &purpose {
            // The folder chosen is where the next dialog starts.
            DialogPurpose::TaxCsv { .. } => Some(path.clone()),
            _ => folder_of(&path),
        };
        if let Some(folder) = folder {
            self.dialogs.last_folder = Some(folder);
        }
        let typed = path.display().to_string();
        match purpose {
            DialogPurpose::Export(records) => {
                let draft = self.export_draft_mut(records.kind());
                draft.path = typed;
                if let Some(path) = draft.start() {
                    self.push(Command::Export(ExportRequest { path, records }));
                }
            }
            DialogPurpose::ExportExtrato(format) => self.tell(
                |state| &mut state.activity,
                ActivityTold::FileChosen(format, path.clone()),
            ),
            DialogPurpose::ExportJournal => {
                self.journal.export.path = typed;
                if let Some(path) = self.journal.export.start() {
                    self.push(Command::Journal(JournalCommand::ExportCsv(path)));
                }
            }
            DialogPurpose::SaveQr { brcode } => {
                self.orders.qr_path = typed;
                self.orders.saving_qr = true;
                self.push(Command::Orders(OrdersCommand::SaveQrPng { path, brcode }));
            }
            DialogPurpose::LoadKey => {
                self.onboarding.key_path = typed;
                self.onboarding.file_key = KeyDraft::Working;
                self.push(Command::Onboarding(OnboardingCommand::LoadKeyFile(path)));
            }
            DialogPurpose::SavePublicKey { pem } => {
                self.onboarding.public_key_path = typed;
                self.onboarding.public_key_saved = None;
                self.push(Command::Onboarding(OnboardingCommand::SavePublicKey {
                    path,
                    pem,
                }));
            }
            // The chosen file is not written into any typed path: each
            // document's typed path starts empty, so a later save never
            // lands on this file by accident.
            DialogPurpose::SaveReceipt { receipt, format } => {
                self.save_receipt(*receipt, format, path);
            }
            DialogPurpose::TaxCsv { year } => self.tax_file_chosen(TaxFile::Csv, year, typed),
            DialogPurpose::TaxPdf { year } => self.tax_file_chosen(TaxFile::Pdf, year, typed),
            DialogPurpose::TaxXlsx { year } => self.tax_file_chosen(TaxFile::Xlsx, year, typed),
            DialogPurpose::PayoutsFile => self.tell(
                |state| &mut state.withdrawals,
                WithdrawalsEvent::BatchFileChosen(path),
            ),
            DialogPurpose::BatchResult => self.tell(
                |state| &mut state.withdrawals,
                WithdrawalsEvent::BatchResultChosen(path),
            ),
        }
    }

    /// Sends a receipt to be rendered and written by the worker.
    pub fn save_receipt(&mut self, receipt: Receipt, format: ReceiptFormat, path: PathBuf) {
        let status = &mut self.receipt;
        status.movement = Some(receipt.id);
        status.saving = true;
        status.result = None;
        self.push(Command::SaveReceipt(ReceiptRequest {
            receipt,
            format,
            path,
        }));
    }

    /// Takes in how writing the receipt of `movement` ended.
    pub fn receipt_saved(&mut self, movement: Uuid, result: Result<PathBuf, FileError>) {
        let status = &mut self.receipt;
        status.saving = false;
        status.movement = Some(movement);
        if let Ok(path) = &result
            && let Some(folder) = folder_of(path)
        {
            self.dialogs.last_folder = Some(folder);
        }
        self.receipt.result = Some(result);
    }

    /// Changes a setting a panel asked for.
    fn set(&mut self, setting: Setting) {
        match setting {
            Setting::Language(language) => self.language = language,
            Setting::IdleLockMinutes(minutes) => self.lock.idle_lock_minutes = minutes,
            Setting::LockWhenMinimized(on) => self.lock.lock_when_minimized = on,
            Setting::Notifications(enabled) => self.notify.enabled = enabled,
            Setting::AddProfile => self.adding_profile = true,
            Setting::StopAddingProfile => self.adding_profile = false,
            Setting::LockNow => self.lock_now(),
            Setting::OfferSealing => {
                self.lock.seal_offer = SealOffer::Open(Default::default());
            }
        }
    }

    /// Tells the panel `panel` picks `event`, and queues the Commands it
    /// returns: the one way an event reaches a panel.
    pub(crate) fn tell<P: Panel>(&mut self, panel: fn(&mut AppState) -> &mut P, event: P::Event) {
        let commands = panel(self).apply(event);
        self.push_all(commands);
    }

    /// The Commands queued so far, for tests.
    pub fn pending_commands(&self) -> &[Command] {
        &self.commands
    }

    /// Whether the onboarding form fills the window.
    pub fn shows_onboarding(&self) -> bool {
        self.session.is_none() || self.adding_profile
    }

    /// Whether the data `view` shows has arrived (for `--screenshot`): fresh,
    /// or a saved copy the service could not confirm.
    pub fn view_loaded(&self, view: View) -> bool {
        let data = &self.data;
        let connected = self.session.is_some();
        match view {
            // With an account open, what the journal settled at start is
            // told first (it is listed at the top).
            View::Settings => {
                self.startup_finished
                    && self.updates.settled()
                    && (self.session.is_none() || self.journal.settling_told)
            }
            View::Events => connected,
            View::Overview => connected && data.overview_loaded(),
            View::Orders => connected && self.orders.loaded(&data.orders, &data.order),
            View::Wallets => connected && data.wallets.settled(),
            View::Transfers => connected && data.transfers.settled(),
            // A file of payouts opened at start is read and checked too.
            View::Withdrawals => {
                connected
                    && data.withdrawals.settled()
                    && self.payouts_file_at_start.is_none()
                    && !self.withdrawals.batch.checking
            }
            View::Claims => connected && data.claimable.settled(),
            View::Deposits => connected && data.deposits(&self.deposits.asset).settled(),
            View::Activity => {
                connected
                    && data.orders.settled()
                    && data.transfers.settled()
                    && data.withdrawals.settled()
                    && data.wallets.settled()
                    && super::resources::DEPOSIT_ASSETS
                        .iter()
                        .all(|asset| data.deposits(asset).settled())
            }
            View::Taxes => {
                connected
                    && data.orders.settled()
                    && data.transfers.settled()
                    && data.withdrawals.settled()
                    && data.wallets.settled()
                    && data.tax_exemption.settled()
                    && !self.taxes.prices_pending
                    && self.taxes.central_bank.pending.is_none()
                    && brlv_core::tax::input::TOKEN_DEPOSIT_ASSETS
                        .iter()
                        .all(|asset| data.deposits(asset).settled())
            }
        }
    }

    /// Whether the open connection is the sandbox.
    pub fn is_sandbox(&self) -> bool {
        self.session
            .as_ref()
            .is_some_and(|session| session.kind == ProfileKind::Sandbox)
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

    /// Adds a notice unless the same one is already shown.
    pub fn add_notice(&mut self, notice: Notice) {
        if !self.notices.contains(&notice) {
            self.notices.push(notice);
        }
    }

    /// Takes in what the worker reports.
    pub fn apply(&mut self, event: Event) {
        match event {
            Event::ProfilesLoaded(book) => {
                self.profiles = book.profiles;
                self.last_used = book.last_used;
                // A question about a profile that is gone is dropped.
                let profiles = &self.profiles;
                for question in [
                    &mut self.settings.confirm_delete,
                    &mut self.onboarding.confirm_delete,
                ] {
                    if question
                        .as_ref()
                        .is_some_and(|name| !profiles.iter().any(|profile| &profile.name == name))
                    {
                        *question = None;
                    }
                }
            }
            Event::Notice(notice) => {
                match &notice.kind {
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
                self.add_notice(notice);
            }
            Event::StartupFinished => self.startup_finished = true,
            Event::SandboxStarting => self.sandbox_starting = true,
            Event::Connecting => {
                self.onboarding.connecting = true;
                self.onboarding.connect_error = None;
            }
            Event::ConnectFailed(error) => {
                // The screen says it plainly; the whole chain (the DNS or TLS
                // failure underneath) is for the log.
                tracing::warn!("connecting the account failed: {error}");
                self.onboarding.connecting = false;
                self.onboarding.connect_error = Some(error.localize(self.language));
            }
            Event::SessionStarted(session) => {
                if self.session.is_some() {
                    self.select_order(None);
                    self.orders.session_changed();
                }
                self.session = Some(session);
                self.data = AccountData::default();
                self.reset_panels();
                // Another profile's accepted quotes and receiver are not this one's.
                self.orders.qr_memory = Default::default();
                self.notify.session_changed();
                self.sandbox_starting = false;
                if self.onboarding.connecting {
                    self.onboarding.clear_after_connect();
                }
                self.adding_profile = false;
                self.lock.session_started(self.now);
                if let Some(path) = self.payouts_file_at_start.take() {
                    self.tell(
                        |state| &mut state.withdrawals,
                        WithdrawalsEvent::BatchFileOpenedAtStart(path),
                    );
                }
            }
            Event::SessionEnded(id) => {
                if self
                    .session
                    .as_ref()
                    .is_some_and(|session| session.id == id)
                {
                    self.session = None;
                    self.data = AccountData::default();
                }
            }
            Event::FetchStarted { session, resource } => {
                if self.is_current(session) {
                    self.data.start_loading(resource);
                }
            }
            Event::ListStates {
                session,
                resource,
                states,
            } => {
                if self.is_current(session) {
                    self.notify.states_arriving(resource, states);
                }
            }
            Event::FetchFinished {
                session,
                resource,
                result,
                at,
                next_at,
            } => {
                if self.is_current(session) {
                    self.fetched(resource, result, at, next_at);
                }
            }
            Event::FetchUnchanged {
                session,
                resource,
                at,
                next_at,
            } => {
                let detail_moved_on =
                    matches!(resource, ResourceKey::Order(id) if self.orders.selected != Some(id));
                if self.is_current(session) && !detail_moved_on {
                    self.data.unchanged(resource, at, next_at);
                }
            }
            Event::Submitted {
                session,
                form,
                outcome,
            } => {
                if self.is_current(session) {
                    self.submitted(form, outcome);
                }
            }
            Event::Batch(event) => {
                self.tell(
                    |state| &mut state.withdrawals,
                    WithdrawalsEvent::Batch(event),
                );
            }
            Event::QueryFinished { session, listed } => {
                if self.is_current(session) {
                    self.listed(listed);
                }
            }
            Event::Exported { kind, result } => self.export_draft_mut(kind).finish(result),
            Event::Onboarding(event) => self.tell(|state| &mut state.onboarding, event),
            Event::Orders(event) => self.orders_event(event),
            Event::Events(event) => self.webhook_event(event),
            Event::UnlockNeeded(profile) => {
                self.lock.opening = Some(profile);
                self.lock.unlock = PassphrasePrompt::default();
            }
            Event::PassphraseChecked {
                purpose,
                attempt,
                accepted,
            } => {
                if let Some(released) = self.lock.checked(purpose, attempt, accepted, self.now) {
                    self.send_submit(released);
                }
            }
            Event::SealingOffered => {
                if !self.requires_passphrase() {
                    self.lock.seal_offer = SealOffer::Open(Default::default());
                }
            }
            Event::ProfileSealed(result) => match result {
                Ok(()) => {
                    self.lock.seal_offer = SealOffer::None;
                    if let Some(session) = self.session.as_mut() {
                        session.sealed = true;
                    }
                    self.lock.last_input = self.now;
                }
                Err(reason) => self.lock.seal_offer = SealOffer::Failed(reason),
            },
            Event::Journal(event) => self.journal_event(event),
            Event::Recipients(event) => {
                self.tell(|state| &mut state.recipients, RecipientsTold::File(event))
            }
            Event::FileChosen { purpose, answer } => self.file_chosen(purpose, answer),
            Event::ReceiptSaved { movement, result } => self.receipt_saved(movement, result),
            Event::Taxes(TaxesEvent::Prices { session, prices }) => {
                if self.is_current(session) {
                    self.tell(|state| &mut state.taxes, TaxesTold::PricesArrived(prices));
                }
            }
            Event::Updates(event) => self.tell(|state| &mut state.updates, event),
            Event::Taxes(TaxesEvent::CentralBank { session, answer }) => {
                if self.is_current(session) {
                    self.tell(
                        |state| &mut state.taxes,
                        TaxesTold::CentralBankArrived(answer),
                    );
                }
            }
        }
    }

    /// Takes in what the worker reports of the webhook listener: a refund
    /// initiated raises a notice and a notification; the Events panel lists
    /// every event.
    fn webhook_event(&mut self, event: EventsEvent) {
        let told = match event {
            EventsEvent::Listening(url) => EventsTold::Listening(url),
            EventsEvent::ListenFailed(error) => {
                EventsTold::ListenFailed(listen_error_text(self.language, &error))
            }
            EventsEvent::ListenerStopped => EventsTold::Stopped,
            EventsEvent::Received { at, event } => {
                if event.is_refund_initiated() {
                    if let Some(order) = &event.order {
                        self.notify.refund_initiated(order);
                    }
                    let id = event
                        .order
                        .as_ref()
                        .map(|order| super::format::short_id(&order.id))
                        .unwrap_or_default();
                    self.add_notice(Notice {
                        kind: NoticeKind::RefundInitiated(id),
                        detail: NoticeDetail::None,
                    });
                }
                EventsTold::Received(Box::new(ReceivedEvent {
                    received_at: at,
                    event: *event,
                }))
            }
        };
        self.tell(|state| &mut state.events, told);
    }

    fn is_current(&self, session: u64) -> bool {
        self.session.as_ref().is_some_and(|open| open.id == session)
    }

    /// Every panel's filters, selections and drafts start afresh with a new
    /// account; the order form too (another account's quote is not this one's).
    fn reset_panels(&mut self) {
        self.wallets = WalletsState::default();
        self.transfers = TransfersState::default();
        self.withdrawals = WithdrawalsState::default();
        self.claims = ClaimsState::default();
        self.deposits = DepositsState::default();
        self.activity.reset();
        self.taxes.reset();
        self.tell(|state| &mut state.journal, JournalTold::SessionChanged);
    }

    /// The export draft of `kind`'s panel.
    pub fn export_draft_mut(&mut self, kind: ExportKind) -> &mut ExportDraft {
        match kind {
            ExportKind::Orders => &mut self.orders.export,
            ExportKind::Wallets => &mut self.wallets.records.export,
            ExportKind::Transfers => &mut self.transfers.records.export,
            ExportKind::Withdrawals => &mut self.withdrawals.records.export,
            ExportKind::Claims => &mut self.claims.records.export,
            ExportKind::Deposits => &mut self.deposits.records.export,
            ExportKind::Journal => &mut self.journal.export,
            ExportKind::TaxCsv => &mut self.taxes.csv,
            ExportKind::TaxPdf => &mut self.taxes.pdf,
            ExportKind::TaxXlsx => &mut self.taxes.xlsx,
            ExportKind::Extrato => &mut self.activity.export,
        }
    }

    /// Sends a form's POST: its status shows it in flight (so it cannot be
    /// sent twice) and the worker sends it once. Every form sends this way.
    /// A request that moves money first waits at the confirmation step for
    /// the passphrase, or for a plain key the word typed (see
    /// [`super::features::lock`]); while the window is locked nothing is sent.
    pub fn submit(&mut self, request: SubmitRequest) {
        if let Some(released) = self.lock.hold(request, self.guard()) {
            self.send_submit(released);
        }
    }

    /// How the open profile guards money leaving it.
    fn guard(&self) -> Guard {
        match &self.session {
            Some(session) if session.sealed => Guard::Passphrase,
            Some(session) if session.kind == ProfileKind::Sandbox => Guard::Demo,
            _ => Guard::TypedWord,
        }
    }

    /// Lets a plain key's waiting request go once the word shown is typed.
    pub fn confirm_typed(&mut self) {
        let word = self.t("authorize.typed_word").into_owned();
        if let Some(released) = self.lock.confirm_typed(&word) {
            self.send_submit(released);
        }
    }

    fn send_submit(&mut self, (request, authorized): Released) {
        match request.form() {
            FormKind::Claim => self.tell(|state| &mut state.claims, ClaimsEvent::Sending),
            FormKind::Transfer => self.tell(|state| &mut state.transfers, TransfersEvent::Sending),
            FormKind::Wallet => self.tell(|state| &mut state.wallets, WalletsEvent::Sending),
            FormKind::Withdrawal => {
                self.tell(|state| &mut state.withdrawals, WithdrawalsEvent::Sending)
            }
            FormKind::Order => self.orders.form.submit = SubmitStatus::Sending,
            FormKind::Batch => self.tell(
                |state| &mut state.withdrawals,
                WithdrawalsEvent::BatchSending,
            ),
        }
        let outflow_answer = match request.form() {
            FormKind::Transfer => self.transfers.outflow.answer,
            FormKind::Withdrawal => self.withdrawals.outflow.answer,
            _ => None,
        };
        self.push(Command::Submit {
            request,
            authorized,
            outflow_answer,
        });
    }

    /// Saves `records` as CSV: to the file chosen in the system's dialog
    /// ("Save as CSV…"), or to the path typed in its panel's export bar.
    pub fn export(&mut self, records: ExportRecords) {
        let draft = self.export_draft_mut(records.kind());
        if std::mem::take(&mut draft.dialog_asked) {
            self.choose_file(DialogPurpose::Export(records));
            return;
        }
        if let Some(path) = draft.start() {
            self.write_or_ask(PendingWrite::Export(ExportRequest { path, records }));
        }
    }

    /// Writes to a typed path at once, or, when a file is already there,
    /// holds the write and asks whether to replace it.
    fn write_or_ask(&mut self, write: PendingWrite) {
        if write.replaces_a_file() {
            self.replace_question = Some(write);
        } else {
            self.write_now(write);
        }
    }

    fn write_now(&mut self, write: PendingWrite) {
        match write {
            PendingWrite::Export(request) => self.push(Command::Export(request)),
            PendingWrite::Receipt {
                receipt,
                format,
                path,
            } => self.save_receipt(*receipt, format, path),
            PendingWrite::Command(command) => self.push(*command),
        }
    }

    /// The person's answer to "Replace the file?": the held write goes on,
    /// or nothing is written and the save can be tried again.
    pub fn answer_replace(&mut self, replace: bool) {
        let Some(write) = self.replace_question.take() else {
            return;
        };
        if replace {
            self.write_now(write);
            return;
        }
        // Kept: the save can be tried again.
        match write {
            PendingWrite::Export(request) => {
                self.export_draft_mut(request.records.kind()).writing = false;
            }
            PendingWrite::Receipt { .. } => {}
            PendingWrite::Command(command) => match *command {
                Command::ExportExtrato(_) => self.activity.export.writing = false,
                Command::Journal(_) => self.journal.export.writing = false,
                Command::Taxes(command) => self.taxes.write_not_done(&command),
                Command::Batch(_) => self.withdrawals.batch.saving_result = false,
                Command::Orders(_) => self.orders.saving_qr = false,
                _ => {}
            },
        }
    }

    /// Takes in a polled resource: stored with the account's data; the
    /// features that follow it are told.
    fn fetched(
        &mut self,
        resource: ResourceKey,
        result: Result<Fetched, Error>,
        at: Millis,
        next_at: Millis,
    ) {
        if let ResourceKey::Order(id) = resource
            && self.orders.selected != Some(id)
        {
            // The detail closed or moved on while this was on its way.
            return;
        }
        // The worker sorted it: this only checks, and copies nothing.
        let result = result.map(Fetched::newest_first);
        match &result {
            Ok(Fetched::Orders(orders)) => self.orders_arriving(orders),
            Ok(Fetched::Order(order)) => self.observe_order(order),
            _ => {}
        }
        if let Ok(fetched) = &result {
            self.notify.fetched(fetched);
        }
        let succeeded = result.is_ok();
        self.data.finish_newest_first(resource, result, at, next_at);
        if succeeded {
            self.full_list_arrived(resource);
        }
    }

    /// After the full list of a filtered panel refreshed, its panel is
    /// told (it asks for its filtered list again, so that one is never
    /// older than the full one).
    fn full_list_arrived(&mut self, resource: ResourceKey) {
        match resource {
            ResourceKey::Wallets => {
                self.tell(|state| &mut state.wallets, WalletsEvent::FullListArrived)
            }
            ResourceKey::Transfers => self.tell(
                |state| &mut state.transfers,
                TransfersEvent::FullListArrived,
            ),
            ResourceKey::Withdrawals => self.tell(
                |state| &mut state.withdrawals,
                WithdrawalsEvent::FullListArrived,
            ),
            _ => {}
        }
    }

    /// Takes in a filtered list; an answer to filters changed meanwhile is dropped.
    fn listed(&mut self, listed: Listed) {
        let now = self.now;
        match listed {
            Listed::Wallets(filter, result) => self.tell(
                |state| &mut state.wallets,
                WalletsEvent::Listed(filter, result, now),
            ),
            Listed::Transfers(filter, result) => self.tell(
                |state| &mut state.transfers,
                TransfersEvent::Listed(filter, result, now),
            ),
            Listed::Withdrawals(asset, result) => self.tell(
                |state| &mut state.withdrawals,
                WithdrawalsEvent::Listed(asset, result, now),
            ),
        }
    }

    /// Takes in how a form's POST ended. Done: the form starts afresh and
    /// shows what it made. On any failure what was typed stays.
    fn submitted(&mut self, form: FormKind, outcome: SubmitOutcome) {
        match form {
            FormKind::Claim => {
                if let SubmitOutcome::Created {
                    record: Created::Claim(Some(claim)),
                    ..
                } = &outcome
                {
                    self.data.claim_made(claim.clone());
                }
                self.tell(|state| &mut state.claims, ClaimsEvent::Submitted(outcome))
            }
            FormKind::Transfer => self.tell(
                |state| &mut state.transfers,
                TransfersEvent::Submitted(outcome),
            ),
            FormKind::Wallet => {
                self.tell(|state| &mut state.wallets, WalletsEvent::Submitted(outcome))
            }
            FormKind::Withdrawal => self.tell(
                |state| &mut state.withdrawals,
                WithdrawalsEvent::Submitted(outcome),
            ),
            FormKind::Order => {
                if let SubmitOutcome::Created {
                    record: Created::Order(order),
                    after_unknown,
                } = &outcome
                {
                    self.order_created(order, *after_unknown);
                }
                self.orders.form.submit = SubmitStatus::Finished(outcome);
            }
            // A batch's rows are told by `Event::Batch`; only the worker's
            // refusal of the whole batch comes this way.
            FormKind::Batch => {
                let reason = match &outcome {
                    SubmitOutcome::Refused(error) => error.localize(self.language),
                    _ => String::new(),
                };
                self.tell(
                    |state| &mut state.withdrawals,
                    WithdrawalsEvent::Batch(BatchEvent::Refused(reason)),
                );
            }
        }
    }
}
