//! Every resource the app keeps up to date, declared once: its key
//! ([`key`]), its data in its own type ([`fetched`]), how it is fetched
//! ([`fetch`]), and where its last value is kept ([`account`]). Each is an
//! exhaustive match, so a new resource that is not fetched, stored or shown
//! in the connection status does not compile. Also here: the lists fetched
//! with filters the API applies, beside the full list they narrow
//! ([`filtered`]).

pub mod account;
pub mod fetch;
pub mod fetched;
pub mod filtered;
pub mod key;

pub use account::{AccountData, Freshness};
pub use fetch::{Answer, DEFAULT_LIST_BUDGET_MIB, Fingerprint, fetch, fetch_answer, query};
pub use fetched::{ClaimableBalances, Fetched, Rows, WalletClaimable, newest_first};
pub use filtered::{FilteredList, ListQuery, Listed, Narrowed};
pub use key::{DEPOSIT_ASSETS, ResourceKey, ResourceRole};
