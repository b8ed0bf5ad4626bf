//! [`AppState`]: everything the panels show, form drafts included. Plain
//! data, changed only by the panels (drafts, navigation) and by
//! [`AppState::apply`] (Events from the worker); no I/O and no painting here.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;

use crate::api::Error;
use crate::api::model::{Order, TaxExemptionProgress, Transfer, Withdrawal};
use crate::profile::Profile;

use super::accounts_state::{AccountLists, AccountsState};
use super::clock::Millis;
use super::command::{Command, Event, Notice, NoticeKind, ProfileKind, ResourceData, SessionInfo};
use super::error_text::Localize;
use super::i18n::{self, Language};
use super::onboarding_state::OnboardingDraft;
use super::orders::{EventsUi, OrdersUi};
use super::remote::Remote;
use super::schedule::ResourceKey;

/// The screens of the side navigation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum View {
    /// Balances, the tax-exemption gauge, things in motion.
    #[default]
    Overview,
    /// Orders.
    Orders,
    /// Wallets.
    Wallets,
    /// Transfers.
    Transfers,
    /// Withdrawals.
    Withdrawals,
    /// Claims.
    Claims,
    /// Deposits.
    Deposits,
    /// Webhook events.
    Events,
    /// Language, profiles, theme.
    Settings,
}

impl View {
    /// Every view, in the navigation's order.
    pub const ALL: [View; 9] = [
        View::Overview,
        View::Orders,
        View::Wallets,
        View::Transfers,
        View::Withdrawals,
        View::Claims,
        View::Deposits,
        View::Events,
        View::Settings,
    ];

    /// The name used on the command line (`--view overview`).
    pub fn name(self) -> &'static str {
        match self {
            View::Overview => "overview",
            View::Orders => "orders",
            View::Wallets => "wallets",
            View::Transfers => "transfers",
            View::Withdrawals => "withdrawals",
            View::Claims => "claims",
            View::Deposits => "deposits",
            View::Events => "events",
            View::Settings => "settings",
        }
    }

    /// The view called `name` on the command line.
    pub fn from_name(name: &str) -> Option<View> {
        View::ALL
            .into_iter()
            .find(|view| view.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The translation key of its title.
    pub fn title_key(self) -> &'static str {
        match self {
            View::Overview => "nav.overview",
            View::Orders => "nav.orders",
            View::Wallets => "nav.wallets",
            View::Transfers => "nav.transfers",
            View::Withdrawals => "nav.withdrawals",
            View::Claims => "nav.claims",
            View::Deposits => "nav.deposits",
            View::Events => "nav.events",
            View::Settings => "nav.settings",
        }
    }
}

/// The account's data, one [`Remote`] per resource.
#[derive(Clone, Debug, Default)]
pub struct AccountData {
    /// BRL balance.
    pub balance_brl: Remote<Decimal>,
    /// USDC balance.
    pub balance_usdc: Remote<Decimal>,
    /// BRLV balance.
    pub balance_brlv: Remote<Decimal>,
    /// This month's tax-exemption progress.
    pub tax_exemption: Remote<TaxExemptionProgress>,
    /// Orders.
    pub orders: Remote<Vec<Order>>,
    /// Transfers.
    pub transfers: Remote<Vec<Transfer>>,
    /// Withdrawals.
    pub withdrawals: Remote<Vec<Withdrawal>>,
    /// Wallets, claimable balances and deposits.
    pub accounts: AccountLists,
}

impl AccountData {
    fn start_loading(&mut self, resource: ResourceKey) {
        match resource {
            ResourceKey::BalanceBrl => self.balance_brl.start_loading(),
            ResourceKey::BalanceUsdc => self.balance_usdc.start_loading(),
            ResourceKey::BalanceBrlv => self.balance_brlv.start_loading(),
            ResourceKey::TaxExemption => self.tax_exemption.start_loading(),
            ResourceKey::Orders => self.orders.start_loading(),
            ResourceKey::Transfers => self.transfers.start_loading(),
            ResourceKey::Withdrawals => self.withdrawals.start_loading(),
            // The open order's detail lives with the Orders panel's state.
            ResourceKey::Order(_) => {}
            ResourceKey::Wallets
            | ResourceKey::Claimable
            | ResourceKey::DepositsBrl
            | ResourceKey::DepositsUsd
            | ResourceKey::DepositsUsdc
            | ResourceKey::DepositsUsdt => self.accounts.start_loading(resource),
        }
    }

    fn finish(
        &mut self,
        resource: ResourceKey,
        result: Result<ResourceData, Error>,
        at: Millis,
        next_at: Millis,
    ) {
        use ResourceData as D;
        fn store<T>(
            remote: &mut Remote<T>,
            result: Result<ResourceData, Error>,
            pick: impl FnOnce(ResourceData) -> Option<T>,
            at: Millis,
            next_at: Millis,
        ) {
            match result {
                Ok(data) => {
                    if let Some(value) = pick(data) {
                        remote.finish(Ok(value), at, next_at);
                    }
                }
                Err(error) => remote.finish(Err(error), at, next_at),
            }
        }
        let balance = |data| match data {
            D::Balance(value) => Some(value),
            _ => None,
        };
        match resource {
            ResourceKey::BalanceBrl => store(&mut self.balance_brl, result, balance, at, next_at),
            ResourceKey::BalanceUsdc => store(&mut self.balance_usdc, result, balance, at, next_at),
            ResourceKey::BalanceBrlv => store(&mut self.balance_brlv, result, balance, at, next_at),
            ResourceKey::TaxExemption => store(
                &mut self.tax_exemption,
                result,
                |data| match data {
                    D::TaxExemption(value) => Some(value),
                    _ => None,
                },
                at,
                next_at,
            ),
            ResourceKey::Orders => store(
                &mut self.orders,
                result,
                |data| match data {
                    D::Orders(value) => Some(value),
                    _ => None,
                },
                at,
                next_at,
            ),
            ResourceKey::Transfers => store(
                &mut self.transfers,
                result,
                |data| match data {
                    D::Transfers(value) => Some(value),
                    _ => None,
                },
                at,
                next_at,
            ),
            ResourceKey::Withdrawals => store(
                &mut self.withdrawals,
                result,
                |data| match data {
                    D::Withdrawals(value) => Some(value),
                    _ => None,
                },
                at,
                next_at,
            ),
            ResourceKey::Order(_) => {}
            ResourceKey::Wallets
            | ResourceKey::Claimable
            | ResourceKey::DepositsBrl
            | ResourceKey::DepositsUsd
            | ResourceKey::DepositsUsdc
            | ResourceKey::DepositsUsdt => self.accounts.finish(resource, result, at, next_at),
        }
    }

    /// For each resource: when its value arrived (if it has one), its error
    /// (if the last fetch failed) and when it is retried.
    fn summaries(&self) -> [(Option<Millis>, Option<&Error>, Option<Millis>); 7] {
        fn summary<T>(remote: &Remote<T>) -> (Option<Millis>, Option<&Error>, Option<Millis>) {
            let retry_at = match remote {
                Remote::Failed { retry_at, .. } => Some(*retry_at),
                _ => None,
            };
            (
                remote.loaded().map(|loaded| loaded.fetched_at),
                remote.error(),
                retry_at,
            )
        }
        [
            summary(&self.balance_brl),
            summary(&self.balance_usdc),
            summary(&self.balance_brlv),
            summary(&self.tax_exemption),
            summary(&self.orders),
            summary(&self.transfers),
            summary(&self.withdrawals),
        ]
    }

    /// Whether every resource the overview shows has a value.
    pub fn overview_loaded(&self) -> bool {
        self.summaries()
            .iter()
            .all(|(fetched, _, _)| fetched.is_some())
    }
}

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
}

/// Settings as the person is editing them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsDraft {
    /// The profile whose deletion awaits a confirming click.
    pub confirm_delete: Option<String>,
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
    /// The open connection's data.
    pub data: AccountData,
    /// The form to connect an account.
    pub onboarding: OnboardingDraft,
    /// The onboarding form is shown over an open connection (adding a profile).
    pub adding_profile: bool,
    /// Settings being edited.
    pub settings: SettingsDraft,
    /// The account panels' filters, selections, forms and exports.
    pub accounts: AccountsState,
    /// Notices shown until dismissed.
    pub notices: Vec<Notice>,
    /// The Orders panel: open order, form, export.
    pub orders: OrdersUi,
    /// The Events panel: webhook listener and what arrived.
    pub events: EventsUi,
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
            startup_finished: false,
            sandbox_starting: false,
            profiles: Vec::new(),
            last_used: None,
            session: None,
            data: AccountData::default(),
            onboarding: OnboardingDraft::default(),
            adding_profile: false,
            settings: SettingsDraft::default(),
            accounts: AccountsState::default(),
            notices: Vec::new(),
            orders: OrdersUi::default(),
            events: EventsUi::default(),
            commands: Vec::new(),
        }
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

    /// The Commands queued so far, for tests.
    pub fn pending_commands(&self) -> &[Command] {
        &self.commands
    }

    /// Whether the onboarding form fills the window.
    pub fn shows_onboarding(&self) -> bool {
        self.session.is_none() || self.adding_profile
    }

    /// Whether the data `view` shows has arrived (for `--screenshot`).
    pub fn view_loaded(&self, view: View) -> bool {
        match view {
            View::Settings => self.startup_finished,
            View::Overview => self.session.is_some() && self.data.overview_loaded(),
            View::Orders => self.session.is_some() && self.orders.loaded(&self.data.orders),
            View::Wallets | View::Transfers | View::Withdrawals | View::Claims | View::Deposits => {
                self.session.is_some() && self.accounts.view_loaded(view, &self.data)
            }
            _ => self.session.is_some(),
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
        let summaries = self.data.summaries();
        let failed: Vec<(&Error, Millis)> = summaries
            .iter()
            .filter_map(|(_, error, retry_at)| Some(((*error)?, (*retry_at)?)))
            .collect();
        let earliest_retry = failed.iter().map(|(_, at)| *at).min();
        if let Some(retry_at) = earliest_retry {
            if let Some((error, retry_at)) = failed.iter().find(|(error, _)| !error.is_transient())
            {
                return ConnectionStatus::Refused {
                    message: error.localize(self.language),
                    retry_at: *retry_at,
                };
            }
            return ConnectionStatus::Offline { retry_at };
        }
        match summaries
            .iter()
            .filter_map(|(fetched, _, _)| *fetched)
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
                if let Some(name) = &self.settings.confirm_delete
                    && !self.profiles.iter().any(|profile| &profile.name == name)
                {
                    self.settings.confirm_delete = None;
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
                self.onboarding.connecting = false;
                self.onboarding.connect_error = Some(error.localize(self.language));
            }
            Event::SessionStarted(session) => {
                if self.session.is_some() {
                    self.orders_session_changed();
                }
                self.session = Some(session);
                self.data = AccountData::default();
                self.accounts = AccountsState::default();
                self.sandbox_starting = false;
                if self.onboarding.connecting {
                    self.onboarding.clear_after_connect();
                }
                self.adding_profile = false;
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
            Event::FetchFinished {
                session,
                resource,
                mut result,
                at,
                next_at,
            } => {
                if !self.is_current(session) {
                    return;
                }
                match (&mut result, resource) {
                    (Ok(ResourceData::Orders(orders)), _) => self.orders_arriving(orders),
                    (_, ResourceKey::Order(_)) => {
                        let order = result.and_then(|data| match data {
                            ResourceData::Order(order) => Ok(*order),
                            other => {
                                Err(Error::Config(format!("expected an order, got {other:?}")))
                            }
                        });
                        return self.order_fetched(order, at, next_at);
                    }
                    _ => {}
                }
                let succeeded = result.is_ok();
                self.data.finish(
                    resource,
                    result.map(ResourceData::newest_first),
                    at,
                    next_at,
                );
                if succeeded && let Some(command) = self.accounts.after_fetch(resource) {
                    self.push(command);
                }
            }
            Event::KeyGenerated(result) => self.onboarding.key_generated(result),
            Event::KeyFileLoaded { path, result } => self.onboarding.key_file_loaded(&path, result),
            Event::PublicKeySaved(result) => self.onboarding.public_key_saved = Some(result),
            Event::Accounts(event) => self.apply_accounts(event),
            Event::Orders(event) => self.apply_orders(*event),
        }
    }

    fn is_current(&self, session: u64) -> bool {
        self.session.as_ref().is_some_and(|open| open.id == session)
    }
}
