//! Withdrawals (spec 2.5, 3.3) in their three variants, and their
//! endpoints (4.4).

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use serde_with::skip_serializing_none;
use uuid::Uuid;

use super::assets::Asset;
use super::common::{decimal_str, envelope, unpacked_readers};
use crate::api::packed_decimal::{self, PackedDecimal};
use crate::api::payout::{TED_ACCOUNT_FIELDS, TedAccount};
use crate::api::record_extra::RecordExtra;
use crate::api::utc_micros::{self, UtcMicros};
use crate::api::wire_enum::wire_enum;

wire_enum! {
    /// Withdrawal methods (spec 4.4).
    pub enum WithdrawalMethod {
        /// Fiat BRL to a PIX key.
        Pix => "pix",
        /// Fiat BRL by bank transfer.
        Ted => "ted",
        /// Tokens on chain.
        Token => "token",
    }
}

wire_enum! {
    /// Withdrawal states (spec 2.5 shows two).
    pub enum WithdrawalState {
        /// Accepted.
        Created => "created",
        /// Being paid out.
        PendingPayment => "pending-payment",
        /// Paid out (sandbox and later service versions).
        Completed => "completed",
        /// Not paid out.
        Failed => "failed",
    }
}

impl WithdrawalState {
    /// Whether the withdrawal may still change on its own.
    pub fn is_in_motion(&self) -> bool {
        matches!(
            self,
            WithdrawalState::Created | WithdrawalState::PendingPayment
        )
    }
}

/// A withdrawal (spec 2.5), any of its three variants (PIX, TED, token).
///
/// Fields the spec does not show for the TED and token variants are kept in
/// `extra` as they came, so a detail view can still show a record whose
/// fields are partial or named otherwise; [`Withdrawal::ted_account`] and
/// [`Withdrawal::target_address`] read them under the names the requests use.
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Withdrawal {
    /// Withdrawal identifier.
    pub id: Uuid,
    /// Asset paid out.
    pub asset: Option<Asset>,
    /// Amount paid out.
    #[serde(default, with = "packed_decimal::option")]
    pub amount: Option<PackedDecimal>,
    /// `pix`, `ted` or `token`.
    pub method: Option<WithdrawalMethod>,
    /// Current state.
    pub state: Option<WithdrawalState>,
    /// Creation time.
    #[serde(default, with = "utc_micros::option")]
    pub created_at: Option<UtcMicros>,
    /// Last state change.
    #[serde(default, with = "utc_micros::option")]
    pub state_updated_at: Option<UtcMicros>,
    /// Variant-specific fields the spec does not name.
    #[serde(flatten)]
    pub extra: RecordExtra,
}

/// A withdrawal as the deprecated per-asset listing returns it: without `asset`.
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct PerAssetWithdrawal {
    /// Withdrawal identifier.
    pub id: Uuid,
    /// Amount paid out.
    #[serde(default, with = "packed_decimal::option")]
    pub amount: Option<PackedDecimal>,
    /// `pix`, `ted` or `token`.
    pub method: Option<WithdrawalMethod>,
    /// Current state.
    pub state: Option<WithdrawalState>,
    /// Creation time.
    #[serde(default, with = "utc_micros::option")]
    pub created_at: Option<UtcMicros>,
    /// Last state change.
    #[serde(default, with = "utc_micros::option")]
    pub state_updated_at: Option<UtcMicros>,
    /// Variant-specific fields the spec does not name.
    #[serde(flatten)]
    pub extra: RecordExtra,
}

/// The wire names of a withdrawal record's destination fields. The interface
/// document does not show them; the sandbox writes the request's names back.
pub mod destination_keys {
    /// The PIX key a `pix` withdrawal paid to.
    pub const PIX_KEY: &str = "pix-key";
    /// The address a `token` withdrawal paid to.
    pub const TARGET_ADDRESS: &str = "target-address";
    /// The wallet a `token` withdrawal was paid from.
    pub const SOURCE_ADDRESS: &str = "source-address";
}

impl Withdrawal {
    fn extra_str(&self, key: &str) -> Option<&str> {
        self.extra.get_str(key)
    }

    /// The PIX key a `pix` withdrawal pays to, when the record carries it.
    pub fn pix_key(&self) -> Option<&str> {
        self.extra_str(destination_keys::PIX_KEY)
    }

    /// The bank account a `ted` withdrawal pays into, when the record carries
    /// all of its fields (see [`TED_ACCOUNT_FIELDS`]).
    pub fn ted_account(&self) -> Option<TedAccount> {
        let fields: serde_json::Map<String, serde_json::Value> = TED_ACCOUNT_FIELDS
            .iter()
            .filter_map(|key| Some(((*key).to_owned(), self.extra.get(key)?.to_json())))
            .collect();
        serde_json::from_value(serde_json::Value::Object(fields)).ok()
    }

    /// The address a `token` withdrawal pays to, when the record carries it.
    pub fn target_address(&self) -> Option<&str> {
        self.extra_str(destination_keys::TARGET_ADDRESS)
    }

    /// The wallet a `token` withdrawal is paid from, when the record says.
    pub fn source_address(&self) -> Option<&str> {
        self.extra_str(destination_keys::SOURCE_ADDRESS)
    }
}

impl PerAssetWithdrawal {
    /// The full record, with the asset the listing was asked for.
    pub fn with_asset(self, asset: Asset) -> Withdrawal {
        Withdrawal {
            id: self.id,
            asset: Some(asset),
            amount: self.amount,
            method: self.method,
            state: self.state,
            created_at: self.created_at,
            state_updated_at: self.state_updated_at,
            extra: self.extra,
        }
    }
}

/// Body of `POST /api/v0/withdrawals` (spec 4.4).
///
/// Each method carries its own destination and no other: `pix-key` for
/// `pix`, the bank account's fields for `ted`, `target-address` for `token`.
/// The TED and token fields are not in the interface document; their names
/// are the ones the service's own client sends (TED) and the one the document
/// uses for a transfer's destination (token).
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct CreateWithdrawal {
    /// `fiat/brl` for PIX and TED; a token asset for `token`.
    pub asset: Asset,
    /// `pix`, `ted` or `token`.
    pub method: WithdrawalMethod,
    /// Amount to pay out.
    #[serde(with = "decimal_str")]
    pub amount: Decimal,
    /// Destination PIX key, for the `pix` method.
    pub pix_key: Option<String>,
    /// Destination bank account, for the `ted` method; its fields sit at the
    /// top level of the body.
    #[serde(flatten)]
    pub ted_account: Option<TedAccount>,
    /// Destination EVM address, for the `token` method.
    pub target_address: Option<String>,
}

impl CreateWithdrawal {
    /// BRL to a PIX key.
    pub fn pix(amount: Decimal, pix_key: String) -> Self {
        CreateWithdrawal {
            asset: Asset::FiatBrl,
            method: WithdrawalMethod::Pix,
            amount,
            pix_key: Some(pix_key),
            ted_account: None,
            target_address: None,
        }
    }

    /// BRL by TED to a bank account.
    pub fn ted(amount: Decimal, account: TedAccount) -> Self {
        CreateWithdrawal {
            asset: Asset::FiatBrl,
            method: WithdrawalMethod::Ted,
            amount,
            pix_key: None,
            ted_account: Some(account),
            target_address: None,
        }
    }

    /// Tokens of `asset` to an EVM address.
    pub fn token(asset: Asset, amount: Decimal, target_address: String) -> Self {
        CreateWithdrawal {
            asset,
            method: WithdrawalMethod::Token,
            amount,
            pix_key: None,
            ted_account: None,
            target_address: Some(target_address),
        }
    }
}

unpacked_readers!(Withdrawal {
    amounts: [amount],
    times: [created_at, state_updated_at]
});

unpacked_readers!(PerAssetWithdrawal {
    amounts: [amount],
    times: [created_at, state_updated_at]
});

envelope!(
    /// `{withdrawal: Withdrawal}`.
    WithdrawalEnvelope { "withdrawal" => withdrawal: Withdrawal }
);

envelope!(
    /// `{withdrawals: [Withdrawal]}`.
    WithdrawalsEnvelope { "withdrawals" => withdrawals: Vec<Withdrawal> }
);

envelope!(
    /// `{withdrawals: [Withdrawal without asset]}` of the deprecated per-asset list.
    PerAssetWithdrawalsEnvelope { "withdrawals" => withdrawals: Vec<PerAssetWithdrawal> }
);
