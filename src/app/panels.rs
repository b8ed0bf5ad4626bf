//! [`Panels`]: every panel of the window, each owning its state, the half
//! of `AppState` that the shared half is lent beside. What is addressed by
//! a key rather than to one panel (a form's POST by its form, a file by the
//! panel that asked, a list by its resource, Escape by the view shown) is
//! routed here to the panel's own `apply` or `close_one`; nothing here
//! writes a panel's field.

use uuid::Uuid;

use brlv_core::tax::OutflowAnswer;

use super::dialog::{FileAnswer, PanelId};
use super::error_text::Localize;
use super::features::activity::model::Source;
use super::features::activity::state::{ActivityState, ActivityTold};
use super::features::claims::state::{ClaimsEvent, ClaimsState};
use super::features::deposits::state::{DepositsEvent, DepositsState};
use super::features::events::state::EventsState;
use super::features::journal::message::{SendOutcome, SettledSend};
use super::features::journal::resend::Resend;
use super::features::journal::state::{JournalState, JournalTold};
use super::features::lock::state::{LockState, LockTold};
use super::features::onboarding::state::{OnboardingDraft, OnboardingTold};
use super::features::orders::state::{OrdersState, OrdersTold};
use super::features::recipients::state::RecipientsState;
use super::features::settings::state::{SettingsState, SettingsTold};
use super::features::taxes::state::{TaxesState, TaxesTold};
use super::features::transfers::state::{TransfersEvent, TransfersState};
use super::features::updates::state::UpdatesState;
use super::features::wallets::state::{WalletsEvent, WalletsState};
use super::features::withdrawals::batch::BatchEvent;
use super::features::withdrawals::state::{WithdrawalsEvent, WithdrawalsState};
use super::panel::{Outbox, Panel, Shared};
use super::resources::{DEPOSIT_ASSETS, Fetched, Listed, ResourceKey};
use super::submit::{FormKind, SubmitOutcome, SubmitStatus};
use super::view::View;

/// Every panel of the window.
#[derive(Debug, Default)]
pub struct Panels {
    /// The orders: list, detail, form.
    pub orders: OrdersState,
    /// The Wallets panel.
    pub wallets: WalletsState,
    /// The Transfers panel.
    pub transfers: TransfersState,
    /// The Withdrawals panel, with its payouts file.
    pub withdrawals: WithdrawalsState,
    /// The Claims panel.
    pub claims: ClaimsState,
    /// The Deposits panel.
    pub deposits: DepositsState,
    /// The Events panel: webhook listener and what arrived.
    pub events: EventsState,
    /// The extrato, and the Overview drawn from its figures.
    pub activity: ActivityState,
    /// The tax year: the year shown, what the person typed, the ledger.
    pub taxes: TaxesState,
    /// The transaction password, the idle lock and the unlock screen.
    pub lock: LockState,
    /// The journal's section of Settings.
    pub journal: JournalState,
    /// The saved recipients' manager.
    pub recipients: RecipientsState,
    /// Settings.
    pub settings: SettingsState,
    /// The update check (Settings' section and the notice).
    pub updates: UpdatesState,
    /// The form that connects an account.
    pub onboarding: OnboardingDraft,
}

impl Panels {
    /// Draws the panel of `view` (the Overview and Settings, drawn from
    /// several panels, are the shell's).
    pub fn view_ui(&mut self, view: View, ui: &mut egui::Ui, cx: &Shared, out: &mut Outbox) {
        match view {
            View::Wallets => self.wallets.ui(ui, cx, out),
            View::Transfers => self.transfers.ui(ui, cx, out),
            View::Withdrawals => self.withdrawals.ui(ui, cx, out),
            View::Claims => self.claims.ui(ui, cx, out),
            View::Deposits => self.deposits.ui(ui, cx, out),
            View::Taxes => self.taxes.ui(ui, cx, out),
            View::Events => self.events.ui(ui, cx, out),
            View::Activity => self.activity.ui(ui, cx, out),
            View::Orders => self.orders.ui(ui, cx, out),
            View::Overview | View::Settings => {}
        }
    }

    /// Escape in `view`: its panel closes its confirmation, else its open
    /// detail; whether there was one.
    pub fn close_one(&mut self, view: View, cx: &Shared, out: &mut Outbox) -> bool {
        match view {
            View::Orders => self.orders.close_one(cx, out),
            View::Wallets => self.wallets.close_one(cx, out),
            View::Transfers => self.transfers.close_one(cx, out),
            View::Withdrawals => self.withdrawals.close_one(cx, out),
            View::Claims => self.claims.close_one(cx, out),
            View::Deposits => self.deposits.close_one(cx, out),
            View::Events => self.events.close_one(cx, out),
            View::Settings => self.settings.close_one(cx, out),
            View::Overview | View::Activity | View::Taxes => false,
        }
    }

    /// Tells the panel that asked what became of its file.
    pub fn file(&mut self, asker: PanelId, answer: FileAnswer, cx: &Shared, out: &mut Outbox) {
        match asker {
            PanelId::Orders => self.orders.apply(OrdersTold::File(answer), cx, out),
            PanelId::Wallets => self.wallets.apply(WalletsEvent::File(answer), cx, out),
            PanelId::Transfers => self.transfers.apply(TransfersEvent::File(answer), cx, out),
            PanelId::Withdrawals => {
                self.withdrawals
                    .apply(WithdrawalsEvent::File(answer), cx, out);
            }
            PanelId::Claims => self.claims.apply(ClaimsEvent::File(answer), cx, out),
            PanelId::Deposits => self.deposits.apply(DepositsEvent::File(answer), cx, out),
            PanelId::Activity => self.activity.apply(ActivityTold::File(answer), cx, out),
            PanelId::Journal => self.journal.apply(JournalTold::File(answer), cx, out),
            PanelId::Taxes => self.taxes.apply(TaxesTold::File(answer), cx, out),
            PanelId::Onboarding => {
                self.onboarding.apply(OnboardingTold::File(answer), cx, out);
            }
        }
    }

    /// Tells the panel of `form` that its POST left.
    pub fn sending(&mut self, form: FormKind, cx: &Shared, out: &mut Outbox) {
        match form {
            FormKind::Claim => self.claims.apply(ClaimsEvent::Sending, cx, out),
            FormKind::Transfer => self.transfers.apply(TransfersEvent::Sending, cx, out),
            FormKind::Wallet => self.wallets.apply(WalletsEvent::Sending, cx, out),
            FormKind::Withdrawal => self.withdrawals.apply(WithdrawalsEvent::Sending, cx, out),
            FormKind::Order => self.orders.apply(OrdersTold::Sending, cx, out),
            FormKind::Batch => {
                self.withdrawals
                    .apply(WithdrawalsEvent::BatchSending, cx, out);
            }
        }
    }

    /// What the tokens of `form`'s request are for, as its review asked.
    pub fn outflow_answer(&self, form: FormKind) -> Option<OutflowAnswer> {
        match form {
            FormKind::Transfer => self.transfers.outflow.answer,
            FormKind::Withdrawal => self.withdrawals.outflow.answer,
            _ => None,
        }
    }

    /// Whether the form `form` still shows its last send as not yet known
    /// (nothing sent since), so its settling, when it comes, is its own.
    pub fn awaits_settling(&self, form: FormKind) -> bool {
        let status = match form {
            FormKind::Withdrawal => &self.withdrawals.submit,
            FormKind::Transfer => &self.transfers.submit,
            _ => return false,
        };
        matches!(
            status,
            SubmitStatus::Finished(SubmitOutcome::NotYetKnown { .. })
        )
    }

    /// Tells the panel of `form` how its POST ended.
    pub fn submitted(
        &mut self,
        form: FormKind,
        outcome: SubmitOutcome,
        cx: &Shared,
        out: &mut Outbox,
    ) {
        match form {
            FormKind::Claim => self.claims.apply(ClaimsEvent::Submitted(outcome), cx, out),
            FormKind::Transfer => {
                self.transfers
                    .apply(TransfersEvent::Submitted(outcome), cx, out);
            }
            FormKind::Wallet => self
                .wallets
                .apply(WalletsEvent::Submitted(outcome), cx, out),
            FormKind::Withdrawal => {
                self.withdrawals
                    .apply(WithdrawalsEvent::Submitted(outcome), cx, out);
            }
            FormKind::Order => self.orders.apply(OrdersTold::Submitted(outcome), cx, out),
            // A batch's rows are told by `Event::Batch`; only the worker's
            // refusal of the whole batch comes this way.
            FormKind::Batch => {
                let reason = match &outcome {
                    SubmitOutcome::Refused(error) => error.localize(cx.language),
                    _ => String::new(),
                };
                let refused = WithdrawalsEvent::Batch(BatchEvent::Refused(reason));
                self.withdrawals.apply(refused, cx, out);
            }
        }
    }

    /// Takes in a filtered list, as of `now`; an answer to filters changed
    /// meanwhile is dropped by its panel.
    pub fn listed(&mut self, listed: Listed, now: u64, cx: &Shared, out: &mut Outbox) {
        match listed.newest_first() {
            Listed::Wallets(filter, result) => {
                self.wallets
                    .apply(WalletsEvent::Listed(filter, result, now), cx, out);
            }
            Listed::Transfers(filter, result) => {
                self.transfers
                    .apply(TransfersEvent::Listed(filter, result, now), cx, out);
            }
            Listed::Withdrawals(asset, result) => {
                self.withdrawals
                    .apply(WithdrawalsEvent::Listed(asset, result, now), cx, out);
            }
        }
    }

    /// Tells the panels that follow a polled resource it arrived (before it
    /// is stored): the orders' moves earn notices, and the order the
    /// command line asked to open may be in the list.
    pub fn fetched(&mut self, fetched: &Fetched, cx: &Shared, out: &mut Outbox) {
        match fetched {
            Fetched::Orders(orders) => {
                let arrived = OrdersTold::ListArrived(std::sync::Arc::clone(orders));
                self.orders.apply(arrived, cx, out);
            }
            Fetched::Order(order) => self
                .orders
                .apply(OrdersTold::Fetched(order.clone()), cx, out),
            _ => {}
        }
    }

    /// After the full list of a filtered panel refreshed, its panel is
    /// told (it asks for its filtered list again, so that one is never
    /// older than the full one).
    pub fn full_list_arrived(&mut self, resource: ResourceKey, cx: &Shared, out: &mut Outbox) {
        match resource {
            ResourceKey::Wallets => self.wallets.apply(WalletsEvent::FullListArrived, cx, out),
            ResourceKey::Transfers => {
                self.transfers
                    .apply(TransfersEvent::FullListArrived, cx, out);
            }
            ResourceKey::Withdrawals => {
                self.withdrawals
                    .apply(WithdrawalsEvent::FullListArrived, cx, out);
            }
            _ => {}
        }
    }

    /// A new connection opened (`had_one`: in place of another): every
    /// panel's filters, selections and drafts start afresh, the order form
    /// too (another account's quote is not this one's); what the window
    /// was asked to start with stays.
    pub fn session_started(&mut self, had_one: bool, cx: &Shared, out: &mut Outbox) {
        self.orders
            .apply(OrdersTold::SessionStarted { had_one }, cx, out);
        self.wallets = WalletsState::default();
        self.transfers = TransfersState::default();
        self.withdrawals = WithdrawalsState::default();
        self.claims = ClaimsState::default();
        self.deposits = DepositsState::default();
        self.activity.reset();
        self.taxes.reset();
        self.journal.apply(JournalTold::SessionChanged, cx, out);
        self.onboarding.apply(OnboardingTold::Connected, cx, out);
        self.lock.apply(LockTold::SessionStarted, cx, out);
    }

    /// Shows the record `source` points at (of id `id`) in its own panel;
    /// the view that panel is in.
    pub fn show_movement(
        &mut self,
        source: Source,
        id: Uuid,
        cx: &Shared,
        out: &mut Outbox,
    ) -> View {
        match source {
            Source::Order(_) => {
                self.orders.apply(OrdersTold::Select(Some(id)), cx, out);
                View::Orders
            }
            Source::Transfer(_) => {
                self.transfers.apply(TransfersEvent::Show(id), cx, out);
                View::Transfers
            }
            Source::Withdrawal(_) => {
                self.withdrawals.apply(WithdrawalsEvent::Show(id), cx, out);
                View::Withdrawals
            }
            Source::Deposit(list, _) => {
                if let Some(asset) = DEPOSIT_ASSETS.get(usize::from(list)) {
                    let asset = asset.clone();
                    self.deposits
                        .apply(DepositsEvent::Show { asset, id }, cx, out);
                }
                View::Deposits
            }
            Source::Claim(_) => {
                self.claims.apply(ClaimsEvent::Show(id), cx, out);
                View::Claims
            }
        }
    }

    /// Fills the form of a send an earlier run left not done, exactly as
    /// it was sent; the view that form is in. Nothing is sent: the form's
    /// review and the lock come after, as for anything typed.
    pub fn fill(&mut self, resend: Resend, of: Uuid, cx: &Shared, out: &mut Outbox) -> View {
        match resend {
            Resend::Withdrawal(request) => {
                let fill = WithdrawalsEvent::Fill(Box::new(request), cx.language, of);
                self.withdrawals.apply(fill, cx, out);
                View::Withdrawals
            }
            Resend::Transfer(request) => {
                let fill = TransfersEvent::Fill(Box::new(request), cx.language, of);
                self.transfers.apply(fill, cx, out);
                View::Transfers
            }
        }
    }

    /// Marks in their lists the records an earlier run's sends were found
    /// to have made, whose answers never came.
    pub fn found_after_restart(&mut self, sends: &[SettledSend], cx: &Shared, out: &mut Outbox) {
        for send in sends {
            let SendOutcome::Done(id) = &send.outcome else {
                continue;
            };
            let Ok(id) = id.parse::<Uuid>() else {
                continue;
            };
            match send.form.as_str() {
                "withdrawal" => {
                    let found = WithdrawalsEvent::FoundAfterRestart(id);
                    self.withdrawals.apply(found, cx, out);
                }
                "transfer" => {
                    let found = TransfersEvent::FoundAfterRestart(id);
                    self.transfers.apply(found, cx, out);
                }
                "order" => self
                    .orders
                    .apply(OrdersTold::FoundAfterRestart(id), cx, out),
                _ => {}
            }
        }
    }

    /// The saved profiles changed: a question about one that is gone is dropped.
    pub fn profiles_changed(&mut self, cx: &Shared, out: &mut Outbox) {
        self.settings.apply(SettingsTold::ProfilesChanged, cx, out);
        self.onboarding
            .apply(OnboardingTold::ProfilesChanged, cx, out);
    }

    /// Whether what the panel of `view` shows has arrived (for
    /// `--screenshot`): fresh, or a saved copy the service could not confirm.
    pub fn loaded(&self, view: View, cx: &Shared) -> bool {
        let data = &cx.data;
        if !cx.connected() {
            // Settings is drawn with no account open too.
            return view == View::Settings && cx.startup_finished && self.updates.settled();
        }
        match view {
            // What the journal settled at start is told first (it is
            // listed at the top).
            View::Settings => {
                cx.startup_finished && self.updates.settled() && self.journal.settling_told
            }
            View::Events => true,
            View::Overview => data.overview_loaded(),
            View::Orders => self.orders.loaded(&data.orders, &data.order),
            View::Wallets => data.wallets.settled(),
            View::Transfers => data.transfers.settled(),
            // A file of payouts opened at start is read and checked too.
            View::Withdrawals => data.withdrawals.settled() && !self.withdrawals.batch.checking,
            View::Claims => data.claimable.settled(),
            View::Deposits => data.deposits(&self.deposits.asset).settled(),
            View::Activity => data.activity_loaded(),
            View::Taxes => {
                data.tax_lists_loaded()
                    && !self.taxes.prices_pending
                    && self.taxes.central_bank.pending.is_none()
            }
        }
    }
}
