//! The Wallets panel's state: its filters (sent to the API), the selected
//! wallet, the new wallet's draft, where its request stands, the CSV export.

use crate::app::clock::Millis;
use crate::app::dialog::FileAnswer;
use crate::app::form::{Field, FieldError, FieldErrors, optional_address};
use crate::app::resources::{ListQuery, Narrowed};
use crate::app::selection::RecordSelection;
use crate::app::submit::{SubmitOutcome, SubmitStatus};
use brlv_core::address::AddressError;
use brlv_core::api::model::{Asset, Chain, CreateWallet, JsonObject, Wallet, WalletFilter};

/// The Wallets panel.
#[derive(Clone, Debug, Default)]
pub struct WalletsState {
    /// Only wallets holding this asset.
    pub asset_filter: Option<Asset>,
    /// Only the wallet with this address, as typed.
    pub address_filter: String,
    /// The list narrowed by the filters, while any is set.
    pub list: Narrowed<WalletFilter, Wallet>,
    /// The new wallet's form.
    pub draft: WalletDraft,
    /// Where its request stands.
    pub submit: SubmitStatus,
    /// The address of the wallet whose details are shown, the export.
    pub records: RecordSelection<String>,
    /// The names in the list shown that look like another one, by the
    /// list's arrival (when, how many).
    pub look_alikes: brlv_core::look_alike::FlaggedNames<(Millis, usize)>,
}

/// What the Wallets panel is told.
#[derive(Debug)]
pub enum WalletsEvent {
    /// The form's POST left.
    Sending,
    /// How the form's POST ended.
    Submitted(SubmitOutcome),
    /// The filtered list arrived.
    Listed(
        WalletFilter,
        Result<Vec<Wallet>, brlv_core::api::Error>,
        Millis,
    ),
    /// The full list arrived afresh.
    FullListArrived,
    /// Show this wallet.
    Show(String),
    /// What became of its CSV export.
    File(FileAnswer),
}

impl WalletsState {
    /// The filters as the API takes them, or what is wrong with the address.
    pub fn filter(&self) -> Result<WalletFilter, AddressError> {
        Ok(WalletFilter {
            assets: self.asset_filter.iter().cloned().collect(),
            addresses: optional_address(&self.address_filter)?
                .into_iter()
                .collect(),
        })
    }

    /// Asks for the filtered list when the filters changed.
    pub fn sync_query(&mut self) -> Option<ListQuery> {
        let filter = self.filter().ok()?;
        let wanted = (filter != WalletFilter::default()).then_some(filter);
        self.list.sync(wanted).map(ListQuery::Wallets)
    }
}

impl WalletsState {
    /// A wallet was created: the form starts afresh and the new one is shown.
    pub fn created(&mut self, wallet: &brlv_core::api::model::CreatedWallet) {
        self.draft = WalletDraft::default();
        self.records.select(wallet.address.clone());
    }
}

/// Creating a wallet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalletDraft {
    /// Its name.
    pub name: String,
    /// Its chain.
    pub chain: Chain,
    /// Key/value rows; rows with both empty are ignored.
    pub metadata: Vec<(String, String)>,
    /// Visible in the service's own interface.
    pub ui_enabled: bool,
}

impl Default for WalletDraft {
    fn default() -> Self {
        WalletDraft {
            name: String::new(),
            chain: Chain::EthBase,
            metadata: Vec::new(),
            ui_enabled: false,
        }
    }
}

/// The longest wallet name accepted.
pub const MAX_WALLET_NAME_CHARS: usize = 100;

impl WalletDraft {
    /// The request, or what is wrong.
    pub fn validate(&self) -> Result<CreateWallet, FieldErrors> {
        let mut errors = FieldErrors::default();
        let name = self.name.trim();
        if name.is_empty() {
            errors.set(Field::Name, FieldError::Required);
        } else if name.chars().count() > MAX_WALLET_NAME_CHARS {
            errors.set(Field::Name, FieldError::TooLong(MAX_WALLET_NAME_CHARS));
        }
        let mut metadata = JsonObject::new();
        for (index, (key, value)) in self.metadata.iter().enumerate() {
            let key = key.trim();
            if key.is_empty() {
                if !value.trim().is_empty() {
                    errors.set(
                        Field::Metadata,
                        FieldError::MetadataKeyMissing { row: index + 1 },
                    );
                }
                continue;
            }
            if metadata
                .insert(key.to_owned(), value.clone().into())
                .is_some()
            {
                errors.set(
                    Field::Metadata,
                    FieldError::MetadataKeyRepeated(key.to_owned()),
                );
            }
        }
        errors.into_result(|| CreateWallet {
            wallet_name: name.to_owned(),
            chain: Some(self.chain.clone()),
            metadata: (!metadata.is_empty()).then_some(metadata),
            ui_enabled: Some(self.ui_enabled),
        })
    }
}
