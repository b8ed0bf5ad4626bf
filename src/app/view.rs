//! The screens of the side navigation, as one table: each view's name on
//! the command line and its title's translation key, in one exhaustive
//! match. The navigation lists [`View::iter`], derived from the enum, so a
//! declared view is always reachable (a developer's view, Events, from
//! Settings' Advanced section and its shortcut rather than the menu); the
//! shell's exhaustive match draws it.

use serde::{Deserialize, Serialize};
pub use strum::IntoEnumIterator;

/// The screens of the side navigation, in its order.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, strum::EnumIter,
)]
pub enum View {
    /// Balances, the tax-exemption gauge, things in motion.
    #[default]
    Overview,
    /// The orders: the list, an order's detail with its PIX QR code, the
    /// new-order form.
    Orders,
    /// The wallets: the list, filtered, and a new wallet.
    Wallets,
    /// The transfers: the list, filtered, and a new transfer.
    Transfers,
    /// The withdrawals: the list and a new withdrawal (PIX, TED, tokens).
    Withdrawals,
    /// Reward claims: what can be claimed, and the claims made here.
    Claims,
    /// The deposits, one asset at a time.
    Deposits,
    /// Webhook events.
    Events,
    /// The extrato: every movement of money, by day, with filters and totals.
    Activity,
    /// The tax year: the months against R$35,000, gains, the DARF, the
    /// ledger, Bens e Direitos.
    Taxes,
    /// Language, profiles, theme.
    Settings,
}

/// A view's row of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ViewRow {
    /// The name used on the command line (`--view overview`).
    pub name: &'static str,
    /// The translation key of its title.
    pub title_key: &'static str,
}

impl View {
    /// The view's row of the table.
    pub const fn row(self) -> ViewRow {
        let (name, title_key) = match self {
            View::Overview => ("overview", "nav.overview"),
            View::Orders => ("orders", "nav.orders"),
            View::Wallets => ("wallets", "nav.wallets"),
            View::Transfers => ("transfers", "nav.transfers"),
            View::Withdrawals => ("withdrawals", "nav.withdrawals"),
            View::Claims => ("claims", "nav.claims"),
            View::Deposits => ("deposits", "nav.deposits"),
            View::Events => ("events", "nav.events"),
            View::Activity => ("activity", "nav.activity"),
            View::Taxes => ("taxes", "nav.taxes"),
            View::Settings => ("settings", "nav.settings"),
        };
        ViewRow { name, title_key }
    }

    /// The name used on the command line (`--view overview`).
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// The translation key of its title.
    pub fn title_key(self) -> &'static str {
        self.row().title_key
    }

    /// Whether the side navigation lists it: Events (webhooks, for
    /// developers) is opened from Settings' Advanced section instead.
    pub const fn in_navigation(self) -> bool {
        !matches!(self, View::Events)
    }

    /// The view called `name` on the command line.
    pub fn from_name(name: &str) -> Option<View> {
        View::iter().find(|view| view.name().eq_ignore_ascii_case(name.trim()))
    }
}
