//! [`AppState`]: the window's state as two owned halves lent apart, the
//! [`Shared`] half every panel reads (session, the account's data,
//! settings, the language, the clock) and the [`Panels`] that own their
//! state, beside what the root keeps for itself (the view shown, the
//! notices, the file dialogs, a write waiting for "Replace the file?").
//! The root only routes: each worker Event goes to the shared half or to
//! the panel it is about (through the panel's `apply`), and what a panel
//! asks for in its outbox is carried out here. No I/O and no painting.

use std::path::PathBuf;
use std::sync::Arc;

use uuid::Uuid;

use brlv_core::api::Error;
use brlv_core::tax::LedgerDetail;

use super::clock::Millis;
use super::dialog::{Answered, DialogAnswer, DialogPurpose, DialogState, FileAnswer, PanelId};
use super::error_text::Localize;
use super::features::activity::model::Source;
use super::features::journal::message::{JournalCommand, JournalEvent};
use super::features::journal::state::JournalTold;
use super::features::lock::state::{LockTold, Released};
use super::features::notify::{Notifier, NotifyState};
use super::features::onboarding::state::OnboardingTold;
use super::features::orders::message::OrdersCommand;
use super::features::orders::state::{OrderSelector, OrdersTold};
use super::features::recipients::state::RecipientsTold;
use super::features::taxes::figures::TaxFigures;
use super::features::taxes::message::TaxesEvent;
use super::features::taxes::state::TaxesTold;
use super::features::withdrawals::state::WithdrawalsEvent;
use super::i18n::Language;
use super::message::{Command, Event, Notice};
use super::overwrite::PendingWrite;
use super::panel::{Ask, Outbox, Panel, Setting, Shared};
use super::panels::Panels;
use super::receipt::ReceiptRequest;
use super::resources::{AccountData, Fetched, ResourceKey};
use super::submit::{Created, FormKind, SubmitOutcome, SubmitRequest};
pub use super::view::View;

/// Everything the window shows: the shared half, the panels, and what the
/// root keeps for itself.
pub struct AppState {
    /// What every panel reads: session, the account's data, settings, the
    /// language, the clock.
    pub shared: Shared,
    /// Every panel, each owning its state.
    pub panels: Panels,
    /// The screen shown in the main area.
    pub view: View,
    /// Notices shown until dismissed.
    pub notices: Vec<Notice>,
    /// Where the system's file dialogs stand.
    pub dialogs: DialogState,
    /// A write to a typed path that names a file already there, waiting
    /// for the person to say whether to replace it.
    pub replace_question: Option<PendingWrite>,
    /// A file of payouts to open in the Withdrawals view once the account
    /// is connected (`--payouts-file`).
    pub payouts_file_at_start: Option<PathBuf>,
    /// Desktop notifications: the focus, what is news, what is owed.
    pub notify: NotifyState,
    commands: Vec<Command>,
}

impl AppState {
    /// A fresh state: nothing loaded, no connection.
    pub fn new(language: Language) -> AppState {
        AppState {
            shared: Shared::new(language),
            panels: Panels::default(),
            view: View::Overview,
            notices: Vec::new(),
            dialogs: DialogState::default(),
            replace_question: None,
            payouts_file_at_start: None,
            notify: NotifyState::default(),
            commands: Vec::new(),
        }
    }

    /// Queues a Command for the worker.
    pub fn push(&mut self, command: Command) {
        self.commands.push(command);
    }

    /// The Commands queued since the last call.
    pub fn take_commands(&mut self) -> Vec<Command> {
        std::mem::take(&mut self.commands)
    }

    /// The Commands queued so far, for tests.
    pub fn pending_commands(&self) -> &[Command] {
        &self.commands
    }

    /// Draws with the panels lent beside the shared half, then carries out
    /// what they asked for. The tax year's figures as last computed are put
    /// in the shared half first, for the panels that read them (the
    /// Overview's chart, an order's review).
    pub fn show<R>(&mut self, draw: impl FnOnce(&mut Panels, &Shared, &mut Outbox) -> R) -> R {
        self.shared.tax_figures = Some(self.panels.taxes.last_figures());
        let mut out = Outbox::default();
        let drawn = draw(&mut self.panels, &self.shared, &mut out);
        self.answer(out);
        drawn
    }

    /// Tells the panel `pick` chooses `event`, and carries out what it
    /// asks for: the one way an event reaches a single panel.
    pub fn tell<P: Panel>(&mut self, pick: fn(&mut Panels) -> &mut P, event: P::Event) {
        let mut out = Outbox::default();
        pick(&mut self.panels).apply(event, &self.shared, &mut out);
        self.answer(out);
    }

    /// Carries out what a panel asked for, in order.
    pub fn answer(&mut self, out: Outbox) {
        for ask in out.into_asks() {
            match ask {
                Ask::Submit(request) => self.submit(request),
                Ask::Send(released) => self.send(released),
                Ask::Command(command) => self.push(command),
                Ask::ChooseFile(purpose) => self.choose_file(purpose),
                Ask::SaveReceipt(request) => self.write_or_ask(PendingWrite::Receipt(request)),
                Ask::WriteFile(command) => self.write_or_ask(PendingWrite::Command(command)),
                Ask::ReplaceFile(replace) => self.answer_replace(replace),
                Ask::ReceiptCopied(movement) => self.shared.receipt_copied(movement),
                Ask::SaveRecipient(recipient) => {
                    let add = RecipientsTold::Add(recipient);
                    self.tell(|panels| &mut panels.recipients, add);
                }
                Ask::KeepRecipients(recipients) => self.shared.recipients = recipients,
                Ask::Set(setting) => self.set(setting),
                Ask::StartWithNewKey => {
                    let told = OnboardingTold::StartWithNewKey;
                    self.tell(|panels| &mut panels.onboarding, told);
                }
                Ask::SaveAsSealedProfile => {
                    let told = OnboardingTold::SaveEnvironmentKey;
                    self.tell(|panels| &mut panels.onboarding, told);
                }
                Ask::OpenMovement(source, id) => {
                    self.view =
                        self.show(|panels, cx, out| panels.show_movement(source, id, cx, out));
                }
                Ask::WatchOrder(id) => {
                    // The copy of the order shown before is let go.
                    self.shared.data.order = Default::default();
                    self.push(Command::Orders(OrdersCommand::Watch(id)));
                }
                Ask::Show(view) => self.view = view,
                Ask::FillForm { resend, of } => {
                    self.tell(|panels| &mut panels.journal, JournalTold::Filled(of));
                    self.view = self.show(|panels, cx, out| panels.fill(*resend, of, cx, out));
                }
                Ask::SentAgain { of, id } => {
                    self.tell(
                        |panels| &mut panels.journal,
                        JournalTold::SentAgain { of, id },
                    );
                    // Kept in the journal: after a restart it is still used.
                    self.push(Command::Journal(JournalCommand::KeepResend {
                        of,
                        record: id,
                    }));
                }
                Ask::OpenOrder(id) => {
                    self.view = View::Orders;
                    self.select_order(Some(id));
                }
                Ask::Notice(notice) => self.add_notice(notice),
            }
        }
    }

    /// Sends a form's POST, as its panel asks: through the lock, which holds
    /// a request that moves money for the passphrase or the typed word.
    pub fn submit(&mut self, request: SubmitRequest) {
        self.tell(|panels| &mut panels.lock, LockTold::Hold(request));
    }

    /// Shows the record `source` points at (of id `id`) in its own panel.
    pub fn open_movement(&mut self, source: Source, id: Uuid) {
        self.view = self.show(|panels, cx, out| panels.show_movement(source, id, cx, out));
    }

    /// Opens `selector`'s order now if the list has it, else once it arrives.
    pub fn open_order(&mut self, selector: OrderSelector) {
        self.tell(|panels| &mut panels.orders, OrdersTold::Open(selector));
    }

    /// Shows `id`'s detail in the Orders panel (`None`: its list).
    pub fn select_order(&mut self, id: Option<Uuid>) {
        self.tell(|panels| &mut panels.orders, OrdersTold::Select(id));
    }

    /// Whether the unlock screen fills the window: locked, or a sealed
    /// profile waiting to be opened.
    pub fn shows_lock_screen(&self) -> bool {
        let lock = &self.panels.lock;
        (lock.locked && self.shared.connected()) || lock.opening.is_some()
    }

    /// Milliseconds until the idle lock is due, when one can engage (a
    /// sealed key, not locked yet): the frame to draw then.
    pub fn idle_lock_due_in(&self) -> Option<Millis> {
        if !self.shared.requires_passphrase() {
            return None;
        }
        self.panels.lock.idle_lock_due_in(self.shared.now)
    }

    /// Hands the notifications owed this frame to `notifier`, as the window
    /// stands now: amounts masked when hidden, and none of the account while
    /// the lock screen is shown.
    pub fn deliver_notifications(&mut self, notifier: &dyn Notifier) {
        let locked = self.shows_lock_screen();
        let (language, hide_amounts) = (self.shared.language, self.shared.hide_amounts);
        self.notify
            .deliver(language, hide_amounts, locked, notifier);
    }

    /// Takes in what the worker read from the journal: every list shown at
    /// once as it was last fetched (marked with that time until the service
    /// confirms it; a list fetched meanwhile wins), the claims made from
    /// this device, and the tax year's side.
    fn journal_event(&mut self, event: JournalEvent) {
        match event {
            JournalEvent::Restored {
                lists,
                claims,
                tax,
                orders_sent,
                ..
            } => {
                let sent = OrdersTold::SentBefore(orders_sent);
                self.tell(|panels| &mut panels.orders, sent);
                for list in lists {
                    if let Fetched::Orders(orders) = &list.fetched {
                        // Known states, so an order that expired while the
                        // app was closed raises its notice on the next fetch.
                        let orders = OrdersTold::Restored(Arc::clone(orders));
                        self.tell(|panels| &mut panels.orders, orders);
                    }
                    let data = &mut self.shared.data;
                    data.restore_kept(list.fetched, list.fetched_at, list.partial);
                }
                self.shared.data.restore_claims(claims);
                let tax = TaxesTold::Restored(Box::new(tax));
                self.tell(|panels| &mut panels.taxes, tax);
            }
            JournalEvent::TaxRead { tax, .. } => {
                let tax = TaxesTold::Restored(Box::new(tax));
                self.tell(|panels| &mut panels.taxes, tax);
            }
            JournalEvent::Settled { sends, .. } => {
                let data = &mut self.shared.data;
                data.unsettled_sends = crate::app::features::journal::resend::unsettled_after(
                    &data.unsettled_sends,
                    &sends,
                );
                self.show(|panels, cx, out| panels.found_after_restart(&sends, cx, out));
                self.tell(|panels| &mut panels.journal, JournalTold::Settled(sends));
            }
            JournalEvent::Unsettled { sends, .. } => {
                self.shared.data.unsettled_sends = Arc::new(sends);
            }
            JournalEvent::Resent { links, .. } => {
                self.tell(|panels| &mut panels.journal, JournalTold::Resent(links));
            }
            JournalEvent::TaxInputKept { input, .. } => {
                self.tell(|panels| &mut panels.taxes, TaxesTold::InputKept(input));
            }
        }
    }

    /// Shows the sends an earlier run left without an answer, in the
    /// journal's section of Settings (asked from their notice).
    pub fn reveal_settled_sends(&mut self) {
        self.view = View::Settings;
        self.tell(|panels| &mut panels.journal, JournalTold::Reveal);
    }

    /// The tax year's figures for the lists shown, as of now: computed
    /// once per change of a list or of what the person typed; `true` while
    /// newer ones are computed. The Taxes panel asks the service and the
    /// Banco Central for what they lack. The Taxes panel, the Overview's
    /// chart and an order's effect on the month all read these.
    pub fn tax_figures(&mut self, ctx: &egui::Context) -> (Arc<TaxFigures>, bool) {
        self.tax_figures_of(ctx, LedgerDetail::Entries)
    }

    /// The tax year's figures as [`AppState::tax_figures`], built from the
    /// months' sums alone unless the entries were built already: what the
    /// Overview's chart and notice and an order's effect on the month read.
    pub fn month_figures(&mut self, ctx: &egui::Context) -> (Arc<TaxFigures>, bool) {
        self.tax_figures_of(ctx, LedgerDetail::MonthSums)
    }

    fn tax_figures_of(
        &mut self,
        ctx: &egui::Context,
        detail: LedgerDetail,
    ) -> (Arc<TaxFigures>, bool) {
        let mut out = Outbox::default();
        let (figures, busy) = self
            .panels
            .taxes
            .figures_asking(ctx, &self.shared, &mut out, detail);
        self.shared.tax_figures = Some(Arc::clone(&figures));
        self.answer(out);
        (figures, busy)
    }

    /// Saves the CSV files of the year shown, as the Taxes panel's save
    /// bar does.
    pub fn save_tax_csv(&mut self) {
        self.tell(|panels| &mut panels.taxes, TaxesTold::SaveCsv);
    }

    /// Saves the report of the year shown as PDF, as the Taxes panel's
    /// save bar does.
    pub fn save_tax_pdf(&mut self) {
        self.tell(|panels| &mut panels.taxes, TaxesTold::SavePdf);
    }

    /// Escape: closes the current view's confirmation, else its open
    /// detail; whether there was one.
    pub fn close_one(&mut self) -> bool {
        let view = self.view;
        self.show(|panels, cx, out| panels.close_one(view, cx, out))
    }

    /// Asks the worker for the system's dialog; `purpose` comes back with
    /// the answer. Nothing happens while another dialog is open.
    pub fn choose_file(&mut self, purpose: DialogPurpose) {
        let (language, today) = (self.shared.language, self.shared.today());
        let order = self.panels.orders.selected;
        if let Some(request) = self.dialogs.open(&purpose, language, today, order) {
            self.push(Command::ChooseFile { purpose, request });
        }
    }

    /// Takes in a dialog's answer: the chosen file goes back to the panel
    /// that asked, a receipt's to the shared receipt control (the chosen
    /// file is not written into any typed path: each document's typed path
    /// starts empty, so a later save never lands on it by accident).
    pub fn file_chosen(&mut self, purpose: DialogPurpose, answer: DialogAnswer) {
        match self.dialogs.answered(purpose, answer) {
            Some(Answered::Panel(asker, answer)) => self.tell_file(asker, answer),
            Some(Answered::Receipt(request)) => self.save_receipt(*request),
            None => {}
        }
    }

    /// Tells the panel that asked what became of its file.
    fn tell_file(&mut self, asker: PanelId, answer: FileAnswer) {
        self.show(|panels, cx, out| panels.file(asker, answer, cx, out));
    }

    /// Sends a receipt to be rendered and written by the worker.
    pub fn save_receipt(&mut self, request: ReceiptRequest) {
        self.shared.receipt_saving(request.receipt.id);
        self.push(Command::SaveReceipt(request));
    }

    /// Changes a setting a panel asked for.
    fn set(&mut self, setting: Setting) {
        match setting {
            Setting::Language(language) => self.shared.language = language,
            Setting::Notifications(enabled) => self.shared.notifications = enabled,
            Setting::DuplicateDays(days) => self.shared.duplicate_days = days,
            Setting::AddProfile => self.shared.adding_profile = true,
            Setting::StopAddingProfile => self.shared.adding_profile = false,
        }
    }

    /// Whether the data `view` shows has arrived (for `--screenshot`): fresh,
    /// or a saved copy the service could not confirm; a file of payouts
    /// opened at start is read and checked too.
    pub fn view_loaded(&self, view: View) -> bool {
        let payouts_waiting = view == View::Withdrawals && self.payouts_file_at_start.is_some();
        self.panels.loaded(view, &self.shared) && !payouts_waiting
    }

    /// Adds a notice unless the same one is already shown.
    pub fn add_notice(&mut self, notice: Notice) {
        if !self.notices.contains(&notice) {
            self.notices.push(notice);
        }
    }

    /// Takes in what the worker reports; what arrives for a connection no
    /// longer open is dropped.
    pub fn apply(&mut self, event: Event) {
        if event
            .session()
            .is_some_and(|session| !self.shared.is_current(session))
        {
            return;
        }
        match event {
            Event::ProfilesLoaded(book) => {
                self.shared.profiles = book.profiles;
                self.shared.last_used = book.last_used;
                self.shared.holders = book.holders;
                self.show(|panels, cx, out| panels.profiles_changed(cx, out));
            }
            Event::Notice(notice) => {
                self.shared.notice_arrived(&notice.kind);
                self.add_notice(notice);
            }
            Event::StartupFinished => self.shared.startup_finished = true,
            Event::SandboxStarting => self.shared.sandbox_starting = true,
            Event::Connecting => {
                self.tell(|panels| &mut panels.onboarding, OnboardingTold::Connecting);
            }
            Event::ConnectFailed(error) => {
                // The screen says it plainly; the whole chain (the DNS or TLS
                // failure underneath) is for the log.
                tracing::warn!("connecting the account failed: {error}");
                let failed = OnboardingTold::ConnectFailed(error.localize(self.shared.language));
                self.tell(|panels| &mut panels.onboarding, failed);
            }
            Event::SessionStarted(session) => {
                let had_one = self.shared.connected();
                self.shared.session = Some(session);
                self.shared.data = AccountData::default();
                self.shared.sandbox_starting = false;
                self.notify.session_changed();
                self.show(|panels, cx, out| panels.session_started(had_one, cx, out));
                self.shared.adding_profile = false;
                if let Some(path) = self.payouts_file_at_start.take() {
                    let open = WithdrawalsEvent::BatchFileOpenedAtStart(path);
                    self.tell(|panels| &mut panels.withdrawals, open);
                }
            }
            Event::SessionEnded(id) => {
                if self.shared.is_current(id) {
                    self.shared.session = None;
                    self.shared.data = AccountData::default();
                }
            }
            Event::FetchStarted { resource, .. } => self.shared.data.start_loading(resource),
            Event::ListStates {
                resource, states, ..
            } => self.notify.states_arriving(resource, states),
            Event::FetchFinished {
                resource,
                result,
                at,
                next_at,
                ..
            } => self.fetched(resource, result, at, next_at),
            Event::FetchUnchanged {
                resource,
                at,
                next_at,
                ..
            } => {
                // The detail may have closed or moved on meanwhile.
                let detail_moved_on = matches!(resource, ResourceKey::Order(id) if self.panels.orders.selected != Some(id));
                if !detail_moved_on {
                    self.shared.data.unchanged(resource, at, next_at);
                }
            }
            Event::Submitted { form, outcome, .. } => self.submitted(form, outcome),
            Event::Resettled { form, outcome, .. } => {
                if self.panels.awaits_settling(form) {
                    self.submitted(form, outcome);
                }
            }
            Event::Batch(event) => {
                self.tell(
                    |panels| &mut panels.withdrawals,
                    WithdrawalsEvent::Batch(event),
                );
            }
            Event::QueryFinished { listed, .. } => {
                let now = self.shared.now;
                self.show(|panels, cx, out| panels.listed(listed, now, cx, out));
            }
            Event::Exported { kind, result } => {
                self.tell_file(PanelId::of_export(kind), FileAnswer::Exported(kind, result));
            }
            Event::Onboarding(event) => {
                let told = OnboardingTold::Worker(event);
                self.tell(|panels| &mut panels.onboarding, told);
            }
            Event::Orders(event) => {
                self.tell(|panels| &mut panels.orders, OrdersTold::Worker(event));
            }
            Event::Events(event) => {
                self.notify.webhook(&event, self.shared.notifications);
                self.tell(|panels| &mut panels.events, event);
            }
            Event::UnlockNeeded(profile) => {
                self.tell(|panels| &mut panels.lock, LockTold::UnlockNeeded(profile));
            }
            Event::PassphraseChecked {
                purpose,
                attempt,
                accepted,
            } => {
                let checked = LockTold::Checked {
                    purpose,
                    attempt,
                    accepted,
                };
                self.tell(|panels| &mut panels.lock, checked);
            }
            Event::SealingOffered => self.tell(|panels| &mut panels.lock, LockTold::SealingOffered),
            Event::ProfileSealed(result) => {
                if result.is_ok()
                    && let Some(session) = self.shared.session.as_mut()
                {
                    session.sealed = true;
                }
                self.tell(|panels| &mut panels.lock, LockTold::Sealed(result));
            }
            Event::Journal(event) => self.journal_event(event),
            Event::Recipients(event) => {
                let file = RecipientsTold::File(event);
                self.tell(|panels| &mut panels.recipients, file);
            }
            Event::FileChosen { purpose, answer } => self.file_chosen(purpose, answer),
            Event::ReceiptSaved { movement, result } => {
                if let Ok(path) = &result {
                    self.dialogs.file_written(path);
                }
                self.shared.receipt_saved(movement, result);
            }
            Event::Taxes(TaxesEvent::Prices { prices, .. }) => {
                let arrived = TaxesTold::PricesArrived(prices);
                self.tell(|panels| &mut panels.taxes, arrived);
            }
            Event::Updates(event) => self.tell(|panels| &mut panels.updates, event),
            Event::Taxes(TaxesEvent::CentralBank { answer, .. }) => {
                let arrived = TaxesTold::CentralBankArrived(answer);
                self.tell(|panels| &mut panels.taxes, arrived);
            }
        }
    }

    /// Sends a request the lock let go: its form shows it in flight (so it
    /// cannot be sent twice) and the worker sends it once, with what its
    /// tokens are for when its review asked.
    fn send(&mut self, (request, authorized): Released) {
        let form = request.form();
        self.show(|panels, cx, out| panels.sending(form, cx, out));
        let outflow_answer = self.panels.outflow_answer(form);
        self.push(Command::Submit {
            request,
            authorized,
            outflow_answer,
        });
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
            PendingWrite::Receipt(request) => self.save_receipt(*request),
            PendingWrite::Command(command) => self.push(*command),
        }
    }

    /// The person's answer to "Replace the file?": the held write goes on,
    /// or nothing is written and its panel lets the save be tried again.
    pub fn answer_replace(&mut self, replace: bool) {
        let Some(write) = self.replace_question.take() else {
            return;
        };
        if replace {
            self.write_now(write);
        } else if let Some(kind) = write.kind() {
            self.tell_file(kind.asker(), FileAnswer::Kept(kind));
        }
    }

    /// Takes in a polled resource: stored with the account's data; the
    /// panels that follow it are told.
    fn fetched(
        &mut self,
        resource: ResourceKey,
        result: Result<Fetched, Error>,
        at: Millis,
        next_at: Millis,
    ) {
        if let ResourceKey::Order(id) = resource
            && self.panels.orders.selected != Some(id)
        {
            // The detail closed or moved on while this was on its way.
            return;
        }
        // The worker sorted it: this only checks, and copies nothing.
        let result = result.map(Fetched::newest_first);
        if let Ok(fetched) = &result {
            self.show(|panels, cx, out| panels.fetched(fetched, cx, out));
            self.notify.fetched(fetched, self.shared.notifications);
        }
        let succeeded = result.is_ok();
        let data = &mut self.shared.data;
        data.finish_newest_first(resource, result, at, next_at);
        if succeeded {
            self.show(|panels, cx, out| panels.full_list_arrived(resource, cx, out));
        }
    }

    /// Takes in how a form's POST ended. Done: the form starts afresh and
    /// shows what it made. On any failure what was typed stays.
    fn submitted(&mut self, form: FormKind, outcome: SubmitOutcome) {
        let order = match &outcome {
            SubmitOutcome::Created {
                record: Created::Claim(Some(claim)),
                ..
            } => {
                self.shared.data.claim_made(claim.clone());
                None
            }
            SubmitOutcome::Created {
                record: Created::Order(order),
                ..
            } => Some(order.clone()),
            _ => None,
        };
        self.show(|panels, cx, out| panels.submitted(form, outcome, cx, out));
        // The new order opens with the service's answer as its detail.
        if let Some(order) = order {
            let at = self.shared.now;
            self.shared.data.order.finish(Ok(*order), at, at);
        }
    }
}
