//! The resources of spec section 2, the request bodies of section 4 and the
//! response envelopes, exactly as they cross the wire (kebab-case keys).
//!
//! The spec does not say which response fields are always present, so every
//! field is optional except the identifier a resource cannot be used without.
//! Amounts and rates are [`Decimal`] carried as JSON strings; timestamps are
//! parsed into [`OffsetDateTime`]. The list records (orders, transfers,
//! withdrawals, deposits), held by the million, keep theirs packed
//! ([`PackedDecimal`], [`UtcMicros`]) and give them back through readers
//! named as the fields (`order.source_amount()`). An optional field that is
//! `None` is left out of what is written (`skip_serializing_none`), never
//! sent as `null`: the service's bodies and the sandbox's answers carry only
//! what is known.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use serde_with::skip_serializing_none;
use time::OffsetDateTime;
use uuid::Uuid;

use super::packed_decimal::{self, PackedDecimal};
use super::record_extra::RecordExtra;
use super::safe_text;
use super::text::{SharedText, deserialize_unique_option};
use super::timestamp;
use super::tx_hash::TxHash;
use super::utc_micros::{self, UtcMicros};
use super::wire_enum::wire_enum;

pub use super::payout::{
    BankAccountType, MAX_ACCOUNT_DIGITS, MAX_BRANCH_DIGITS, MAX_HOLDER_NAME_CHARS,
    TED_ACCOUNT_FIELDS, TedAccount, TedFieldError,
};

/// Free-form JSON object, as the spec's wallet `metadata`.
pub type JsonObject = serde_json::Map<String, serde_json::Value>;

wire_enum! {
    /// An asset identifier of spec section 2.1.
    pub enum Asset {
        /// BRLV on the Tempo chain.
        TempoBrlv => "tempo/brlv",
        /// BRLV on Base.
        EthBaseBrlv => "eth-base/brlv",
        /// BRLV on Ethereum mainnet.
        EthMainnetBrlv => "eth-mainnet/brlv",
        /// Brazilian reais, paid in and out over PIX and TED.
        FiatBrl => "fiat/brl",
        /// USDT on Base.
        EthBaseUsdt => "eth-base/usdt",
        /// US dollars.
        FiatUsd => "fiat/usd",
        /// USDT on Ethereum mainnet.
        EthMainnetUsdt => "eth-mainnet/usdt",
        /// USDC on Ethereum mainnet.
        EthMainnetUsdc => "eth-mainnet/usdc",
        /// Wrapped BRLY on Base.
        EthBaseWbrly => "eth-base/wbrly",
        /// USDC on Base.
        EthBaseUsdc => "eth-base/usdc",
        /// BRLY on Base.
        EthBaseBrly => "eth-base/brly",
    }
}

impl Asset {
    /// Fiat money (`fiat/…`): never needs a wallet address.
    pub fn is_fiat(&self) -> bool {
        self.as_str().starts_with("fiat/")
    }

    /// The three assets spec 2.1 names as tokens.
    pub fn is_listed_token(&self) -> bool {
        matches!(
            self,
            Asset::EthBaseBrlv | Asset::EthMainnetBrlv | Asset::EthBaseWbrly
        )
    }

    /// Whether an order on this side needs a wallet address.
    ///
    /// Spec 2.1 lists three tokens, but 4.1 also makes the target wallet of a
    /// BRL→USDC order a whitelisted one, so every on-chain asset carries one:
    /// tokens cannot be delivered without an address.
    pub fn needs_wallet_address(&self) -> bool {
        !self.is_fiat()
    }

    /// Assets the transfer endpoint accepts (spec 4.2).
    pub fn is_transferable(&self) -> bool {
        matches!(self, Asset::EthBaseBrlv | Asset::EthBaseWbrly)
    }

    /// The chain of an on-chain asset, from its prefix.
    pub fn chain(&self) -> Option<Chain> {
        let (prefix, _) = self.as_str().split_once('/')?;
        let chain = Chain::from_wire(prefix);
        chain.is_known().then_some(chain)
    }

    /// The ticker after the slash, upper-cased: `BRLV`, `USDC`, `BRL`.
    pub fn ticker(&self) -> String {
        let raw = self.as_str();
        raw.rsplit_once('/')
            .map_or(raw, |(_, ticker)| ticker)
            .to_uppercase()
    }

    /// Decimal places amounts of this asset carry.
    ///
    /// Spec 2.8 gives brl 2, usdc 6 and brlv 18; the rest follow their
    /// families (USD like BRL, USDT like USDC, BRLY and wBRLY like BRLV).
    /// An unknown asset gets 18, the widest, so no typed digit is refused
    /// for want of a rule.
    pub fn scale(&self) -> u32 {
        match self.ticker().as_str() {
            "BRL" | "USD" => 2,
            "USDC" | "USDT" => 6,
            _ => 18,
        }
    }
}

wire_enum! {
    /// A chain a wallet can be created on (spec 4.3).
    pub enum Chain {
        /// Tempo.
        Tempo => "tempo",
        /// Ethereum mainnet.
        EthMainnet => "eth-mainnet",
        /// Base.
        EthBase => "eth-base",
    }
}

wire_enum! {
    /// The short asset forms of the deposit path `/assets/{asset}/deposits`.
    pub enum DepositAsset {
        /// Brazilian reais.
        Brl => "brl",
        /// US dollars.
        Usd => "usd",
        /// USDC.
        Usdc => "usdc",
        /// USDT.
        Usdt => "usdt",
    }
}

impl DepositAsset {
    /// Decimal places of deposit amounts in this asset.
    pub fn scale(&self) -> u32 {
        match self {
            DepositAsset::Brl | DepositAsset::Usd => 2,
            DepositAsset::Usdc | DepositAsset::Usdt => 6,
            DepositAsset::Other(_) => 18,
        }
    }
}

wire_enum! {
    /// The short asset forms of the balance path `/assets/{asset}/balance`.
    pub enum BalanceAsset {
        /// Brazilian reais, 2 places.
        Brl => "brl",
        /// USDC, 6 places.
        Usdc => "usdc",
        /// BRLV, 18 places.
        Brlv => "brlv",
    }
}

impl BalanceAsset {
    /// The scale spec 2.8 renders `running-balance` at.
    pub fn scale(&self) -> u32 {
        match self {
            BalanceAsset::Brl => 2,
            BalanceAsset::Usdc => 6,
            BalanceAsset::Brlv | BalanceAsset::Other(_) => 18,
        }
    }
}

wire_enum! {
    /// Order states (spec 3.1 names three; the rest are this service's and the sandbox's).
    pub enum OrderState {
        /// Accepted, waiting for funding.
        Created => "created",
        /// Funded and delivered.
        Completed => "completed",
        /// The funding window ended without payment; the order is undone.
        Expired => "expired",
        /// A late PIX payment is being returned to the payer's bank account.
        PaymentReturned => "payment-returned",
    }
}

impl OrderState {
    /// Whether the order may still change on its own (awaiting payment).
    pub fn is_in_motion(&self) -> bool {
        matches!(self, OrderState::Created)
    }
}

wire_enum! {
    /// How an order is funded (spec 4.1).
    pub enum PaymentMethod {
        /// A one-time PIX QR code for the exact amount.
        Brcode => "brcode",
        /// The account's existing BRL balance.
        AccountBalance => "account-balance",
    }
}

wire_enum! {
    /// Transfer states (spec 2.3).
    pub enum TransferState {
        /// Accepted.
        Created => "created",
        /// Submitted on chain.
        Pending => "pending",
        /// Confirmed on chain.
        Completed => "completed",
        /// Did not go through.
        Failed => "failed",
    }
}

impl TransferState {
    /// Whether the transfer may still change on its own.
    pub fn is_in_motion(&self) -> bool {
        matches!(self, TransferState::Created | TransferState::Pending)
    }
}

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

wire_enum! {
    /// Claim statuses (spec 2.6 shows only `created`).
    pub enum ClaimStatus {
        /// Submitted.
        Created => "created",
        /// Paid out.
        Completed => "completed",
    }
}

wire_enum! {
    /// Deposit statuses (spec 2.7 shows only `credited`).
    pub enum DepositStatus {
        /// Credited to the account.
        Credited => "credited",
    }
}

/// Decimal (de)serialisation as JSON strings, as spec section 2 requires.
pub mod decimal_str {
    pub use rust_decimal::serde::str::{deserialize, serialize};

    /// For `Option<Decimal>`.
    pub mod option {
        pub use rust_decimal::serde::str_option::{deserialize, serialize};
    }
}

/// Readers of a list record's packed amounts and times (see
/// [`PackedDecimal`] and [`UtcMicros`]), giving the [`Decimal`] and the
/// [`OffsetDateTime`] the rest of the app works with. Each is named as its
/// field, so `order.source_amount()` reads `order.source_amount`.
macro_rules! unpacked_readers {
    ($record:ident { amounts: [$($amount:ident),*], times: [$($time:ident),*] }) => {
        impl $record {
            $(
                #[doc = concat!("The `", stringify!($amount), "` field as a [`Decimal`].")]
                pub fn $amount(&self) -> Option<Decimal> {
                    self.$amount.map(PackedDecimal::get)
                }
            )*
            $(
                #[doc = concat!("The `", stringify!($time), "` field as an [`OffsetDateTime`] in UTC.")]
                pub fn $time(&self) -> Option<OffsetDateTime> {
                    self.$time.map(UtcMicros::get)
                }
            )*
        }
    };
}

unpacked_readers!(Order {
    amounts: [
        source_amount,
        target_amount,
        base_rate,
        effective_rate,
        fee_amount
    ],
    times: [state_updated_at, created_at, expiration]
});
unpacked_readers!(Transfer {
    amounts: [amount],
    times: [created_at, state_updated_at]
});
unpacked_readers!(Withdrawal {
    amounts: [amount],
    times: [created_at, state_updated_at]
});
unpacked_readers!(PerAssetWithdrawal {
    amounts: [amount],
    times: [created_at, state_updated_at]
});
unpacked_readers!(Deposit {
    amounts: [amount],
    times: [created_at, processed_at]
});

/// An order (spec 2.2).
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Order {
    /// Order identifier.
    pub id: Uuid,
    /// The accepted quote.
    pub quote_id: Option<Uuid>,
    /// See spec section 3.1.
    pub state: Option<OrderState>,
    /// Last state change.
    #[serde(default, with = "utc_micros::option")]
    pub state_updated_at: Option<UtcMicros>,
    /// Creation time.
    #[serde(default, with = "utc_micros::option")]
    pub created_at: Option<UtcMicros>,
    /// Asset paid in.
    pub source_asset: Option<Asset>,
    /// Asset received.
    pub target_asset: Option<Asset>,
    /// Amount of the source asset.
    #[serde(default, with = "packed_decimal::option")]
    pub source_amount: Option<PackedDecimal>,
    /// Amount of the target asset.
    #[serde(default, with = "packed_decimal::option")]
    pub target_amount: Option<PackedDecimal>,
    /// Base rate.
    #[serde(default, with = "packed_decimal::option")]
    pub base_rate: Option<PackedDecimal>,
    /// Rate after the fee.
    #[serde(default, with = "packed_decimal::option")]
    pub effective_rate: Option<PackedDecimal>,
    /// Fee charged.
    #[serde(default, with = "packed_decimal::option")]
    pub fee_amount: Option<PackedDecimal>,
    /// Asset of the fee.
    pub fee_asset: Option<Asset>,
    /// End of the funding window.
    #[serde(default, with = "utc_micros::option")]
    pub expiration: Option<UtcMicros>,
    /// Copy-and-paste PIX payload of a brcode-funded order (unique to the
    /// order, so read without interning).
    #[serde(default, deserialize_with = "deserialize_unique_option")]
    pub brcode: Option<SharedText>,
    /// Base64 image of the PIX QR code, as the service rendered it (unique
    /// to the order, so read without interning).
    #[serde(default, deserialize_with = "deserialize_unique_option")]
    pub qr_code_base64: Option<SharedText>,
    /// Why the trade is made, as given on its quote.
    pub trade_reason: Option<TradeReason>,
}

/// A token transfer between EVM addresses (spec 2.3).
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Transfer {
    /// Transfer identifier.
    pub id: Uuid,
    /// Token moved.
    pub asset: Option<Asset>,
    /// Amount moved.
    #[serde(default, with = "packed_decimal::option")]
    pub amount: Option<PackedDecimal>,
    /// Sending wallet.
    pub source_address: Option<SharedText>,
    /// Receiving wallet.
    pub target_address: Option<SharedText>,
    /// On-chain transaction hash, once submitted.
    pub tx_hash: Option<TxHash>,
    /// Current state.
    pub state: Option<TransferState>,
    /// Creation time.
    #[serde(default, with = "utc_micros::option")]
    pub created_at: Option<UtcMicros>,
    /// Last state change.
    #[serde(default, with = "utc_micros::option")]
    pub state_updated_at: Option<UtcMicros>,
}

/// A wallet as listed (spec 2.4).
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Wallet {
    /// Wallet name, made safe to show.
    #[serde(default, deserialize_with = "safe_text::deserialize_label_option")]
    pub name: Option<String>,
    /// 0x address, made safe to show.
    #[serde(deserialize_with = "safe_text::deserialize_label")]
    pub address: String,
    /// Assets the wallet holds.
    #[serde(default)]
    pub assets: Vec<Asset>,
    /// Visible in the service's own user interface.
    pub ui_enabled: Option<bool>,
    /// Custom data given at creation, its keys and strings made safe to show.
    #[serde(
        default,
        deserialize_with = "safe_text::deserialize_json_object_option"
    )]
    pub metadata: Option<JsonObject>,
}

/// The wallet a creation returns: only its address and assets (spec 2.4).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct CreatedWallet {
    /// 0x address of the new wallet, made safe to show.
    #[serde(deserialize_with = "safe_text::deserialize_label")]
    pub address: String,
    /// Default assets it was created with.
    #[serde(default)]
    pub assets: Vec<Asset>,
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

/// A claim on reward certificates (spec 2.6).
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Claim {
    /// Claim identifier.
    pub id: Uuid,
    /// Amount requested.
    #[serde(default, with = "decimal_str::option")]
    pub gross_amount: Option<Decimal>,
    /// Amount paid after tax and fees.
    #[serde(default, with = "decimal_str::option")]
    pub net_amount: Option<Decimal>,
    /// Tax withheld.
    #[serde(default, with = "decimal_str::option")]
    pub tax_amount: Option<Decimal>,
    /// Fees charged.
    #[serde(default, with = "decimal_str::option")]
    pub fees: Option<Decimal>,
    /// `created` on submission.
    pub status: Option<ClaimStatus>,
    /// Last update, with fractional seconds.
    #[serde(default, with = "timestamp::option")]
    pub updated_at: Option<OffsetDateTime>,
}

/// Where a deposit came from (spec 2.7).
#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct DepositCoordinates {
    /// Payer's CPF or CNPJ.
    pub source_tax_id: Option<SharedText>,
    /// Payer's bank code.
    pub source_bank_code: Option<SharedText>,
    /// Payer's account type.
    pub source_type: Option<SharedText>,
    /// Payer's account number.
    pub source_account_number: Option<SharedText>,
    /// Payer's branch.
    pub source_branch_code: Option<SharedText>,
    /// Where the money was paid to.
    pub target: Option<SharedText>,
}

/// A deposit (spec 2.7).
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Deposit {
    /// Deposit identifier.
    pub id: Uuid,
    /// How it arrived (`pix`).
    #[serde(rename = "type")]
    pub kind: Option<SharedText>,
    /// Amount deposited.
    #[serde(default, with = "packed_decimal::option")]
    pub amount: Option<PackedDecimal>,
    /// `credited`, or a value the spec does not show.
    pub status: Option<DepositStatus>,
    /// Payer and payee details.
    pub coordinates: Option<DepositCoordinates>,
    /// Arrival time.
    #[serde(default, with = "utc_micros::option")]
    pub created_at: Option<UtcMicros>,
    /// Crediting time.
    #[serde(default, with = "utc_micros::option")]
    pub processed_at: Option<UtcMicros>,
}

/// A balance (spec 2.8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Balance {
    /// Balance at the asset's scale.
    #[serde(with = "decimal_str")]
    pub running_balance: Decimal,
}

/// Reward certificates that can still be claimed (spec 2.9).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct ClaimableBalance {
    /// Amount available to claim.
    #[serde(with = "decimal_str")]
    pub available_balance: Decimal,
}

/// Monthly tax-exemption usage of a Brazilian account (spec 2.10).
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct TaxExemptionProgress {
    /// Used by claims this month.
    #[serde(default, with = "decimal_str::option")]
    pub claims_amount: Option<Decimal>,
    /// Used by other disposals this month.
    #[serde(default, with = "decimal_str::option")]
    pub other_disposals_amount: Option<Decimal>,
    /// Total used this month.
    #[serde(default, with = "decimal_str::option")]
    pub total_used: Option<Decimal>,
    /// The monthly limit (R$35,000).
    #[serde(default, with = "decimal_str::option")]
    pub limit: Option<Decimal>,
    /// Left this month.
    #[serde(default, with = "decimal_str::option")]
    pub remaining: Option<Decimal>,
}

/// The monthly tax-exemption limit of spec 2.10, in BRL.
pub const MONTHLY_TAX_EXEMPTION_LIMIT_BRL: Decimal = Decimal::from_parts(35_000, 0, 0, false, 0);

/// A quote: the rate offered for a conversion, accepted by creating an order.
///
/// The spec leaves the quote operation out; this is the live service's form.
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Quote {
    /// Quote identifier, given to order creation as `quote-id`.
    pub id: Uuid,
    /// Asset to pay in.
    pub source_asset: Option<Asset>,
    /// Asset to receive.
    pub target_asset: Option<Asset>,
    /// Amount to pay.
    #[serde(default, with = "decimal_str::option")]
    pub source_amount: Option<Decimal>,
    /// Amount to receive.
    #[serde(default, with = "decimal_str::option")]
    pub target_amount: Option<Decimal>,
    /// Base rate.
    #[serde(default, with = "decimal_str::option")]
    pub base_rate: Option<Decimal>,
    /// Rate after the fee.
    #[serde(default, with = "decimal_str::option")]
    pub effective_rate: Option<Decimal>,
    /// Fee charged.
    #[serde(default, with = "decimal_str::option")]
    pub fee_amount: Option<Decimal>,
    /// Asset of the fee.
    pub fee_asset: Option<Asset>,
    /// When the quote can no longer be accepted.
    #[serde(default, with = "timestamp::option")]
    pub expiration: Option<OffsetDateTime>,
    /// Why the trade is made, as given when the quote was asked for.
    pub trade_reason: Option<TradeReason>,
}

/// The error object of spec section 7: `{error: {type, message, code}}`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorBody {
    /// The error itself.
    pub error: ServiceErrorObject,
}

/// The inner error object. The spec does not list the values of `type` and
/// `code`. All three are made safe to show as they are read (see
/// [`super::safe_text`]): they are quoted in windows, logs and the journal.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ServiceErrorObject {
    /// Category of the error.
    #[serde(
        rename = "type",
        default,
        deserialize_with = "safe_text::deserialize_label"
    )]
    pub kind: String,
    /// Human-readable explanation.
    #[serde(default, deserialize_with = "safe_text::deserialize_message")]
    pub message: String,
    /// Machine-readable code.
    #[serde(default, deserialize_with = "safe_text::deserialize_label")]
    pub code: String,
}

impl ErrorBody {
    /// Builds an error body.
    pub fn new(
        kind: impl Into<String>,
        code: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        ErrorBody {
            error: ServiceErrorObject {
                kind: kind.into(),
                message: message.into(),
                code: code.into(),
            },
        }
    }
}

// ---------------------------------------------------------------------------
// Request bodies (spec section 4)
// ---------------------------------------------------------------------------

/// Body of `POST /api/v0/quotes`: exactly one of the two amounts is set.
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct CreateQuote {
    /// Asset to pay in.
    pub source_asset: Asset,
    /// Asset to receive.
    pub target_asset: Asset,
    /// Amount to pay, when the payer's side is fixed.
    #[serde(default, with = "decimal_str::option")]
    pub source_amount: Option<Decimal>,
    /// Amount to receive, when the receiver's side is fixed.
    #[serde(default, with = "decimal_str::option")]
    pub target_amount: Option<Decimal>,
    /// Why the trade is made; the service's own client sends it for BRL↔USDC.
    pub trade_reason: Option<TradeReason>,
}

impl CreateQuote {
    /// A quote for paying exactly `amount` of the source asset.
    pub fn paying(source_asset: Asset, target_asset: Asset, amount: Decimal) -> Self {
        CreateQuote {
            source_asset,
            target_asset,
            source_amount: Some(amount),
            target_amount: None,
            trade_reason: None,
        }
    }

    /// A quote for receiving exactly `amount` of the target asset.
    pub fn receiving(source_asset: Asset, target_asset: Asset, amount: Decimal) -> Self {
        CreateQuote {
            source_asset,
            target_asset,
            source_amount: None,
            target_amount: Some(amount),
            trade_reason: None,
        }
    }

    /// The same request, stating why the trade is made.
    pub fn with_trade_reason(self, reason: TradeReason) -> Self {
        CreateQuote {
            trade_reason: Some(reason),
            ..self
        }
    }
}

wire_enum! {
    /// Why a trade is made (`trade-reason` on a quote), a declaration a
    /// BRL↔USDC exchange asks for.
    ///
    /// Neither the interface document nor the service's client lists the
    /// values; this one is what that client sends. Others pass through as
    /// [`TradeReason::Other`].
    pub enum TradeReason {
        /// Buying or selling computing services.
        PurchaseOrSaleOfComputingServices => "purchase-or-sale-of-computing-services",
    }
}

/// Body of `POST /api/v0/orders` (spec 4.1).
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct CreateOrder {
    /// The quote to accept.
    pub quote_id: Uuid,
    /// Paying wallet, required when the source asset is on chain.
    pub source_wallet_address: Option<String>,
    /// Receiving wallet, required when the target asset is on chain.
    pub target_wallet_address: Option<String>,
    /// A third party's PIX key (USDC→BRL and BRLV→BRL only).
    pub target_end_user_pix_key: Option<String>,
    /// `account-balance` (the service's default) or `brcode`.
    pub source_payment_method: Option<PaymentMethod>,
}

/// Body of `POST /api/v0/transfers` (spec 4.2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct CreateTransfer {
    /// Sending wallet.
    pub source_address: String,
    /// `eth-base/brlv` or `eth-base/wbrly`.
    pub asset: Asset,
    /// Amount to move.
    #[serde(with = "decimal_str")]
    pub amount: Decimal,
    /// Receiving wallet.
    pub target_address: String,
}

/// Body of `POST /api/v0/wallets` (spec 4.3).
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct CreateWallet {
    /// Name of the wallet.
    pub wallet_name: String,
    /// Chain to create it on; when left out the service picks its default
    /// (its own client never sends one).
    pub chain: Option<Chain>,
    /// Custom data.
    pub metadata: Option<JsonObject>,
    /// Visible in the service's user interface (default false).
    pub ui_enabled: Option<bool>,
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

/// Body of `POST /api/v0/claims` and its wallet-scoped form (spec 4.5).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct CreateClaim {
    /// Amount to claim from reward certificates.
    #[serde(with = "decimal_str")]
    pub amount: Decimal,
    /// `brl` or `brlv`.
    pub target_asset_code: ClaimTarget,
}

wire_enum! {
    /// What a claim pays out in. The spec shows `brlv`; `brl` is the evident BRL code.
    pub enum ClaimTarget {
        /// Brazilian reais.
        Brl => "brl",
        /// BRLV tokens.
        Brlv => "brlv",
    }
}

/// Query filters of `GET /api/v0/transfers` (spec 4.2); all optional.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TransferFilter {
    /// Only transfers from this address.
    pub source_address: Option<String>,
    /// Only transfers to this address.
    pub target_address: Option<String>,
    /// Only this asset.
    pub asset: Option<Asset>,
    /// Only this state.
    pub state: Option<TransferState>,
}

impl TransferFilter {
    /// The filter as query pairs, in a stable order.
    pub fn to_query(&self) -> Vec<(&'static str, String)> {
        let mut pairs = Vec::new();
        if let Some(value) = &self.source_address {
            pairs.push(("source-address", value.clone()));
        }
        if let Some(value) = &self.target_address {
            pairs.push(("target-address", value.clone()));
        }
        if let Some(value) = &self.asset {
            pairs.push(("asset", value.as_str().to_owned()));
        }
        if let Some(value) = &self.state {
            pairs.push(("state", value.as_str().to_owned()));
        }
        pairs
    }
}

/// Query filters of `GET /api/v0/wallets` (spec 4.3): arrays as repeated keys.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WalletFilter {
    /// Only wallets holding any of these assets.
    pub assets: Vec<Asset>,
    /// Only these addresses.
    pub addresses: Vec<String>,
}

impl WalletFilter {
    /// The filter as query pairs, one pair per array element.
    pub fn to_query(&self) -> Vec<(&'static str, String)> {
        self.assets
            .iter()
            .map(|asset| ("assets", asset.as_str().to_owned()))
            .chain(
                self.addresses
                    .iter()
                    .map(|address| ("addresses", address.clone())),
            )
            .collect()
    }
}

// ---------------------------------------------------------------------------
// Response envelopes (spec section 4)
// ---------------------------------------------------------------------------

macro_rules! envelope {
    ($(#[$meta:meta])* $name:ident { $key:literal => $field:ident : $ty:ty }) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        pub struct $name {
            #[doc = concat!("The `", $key, "` member.")]
            #[serde(rename = $key)]
            pub $field: $ty,
        }
    };
}

envelope!(
    /// `{quote: Quote}`.
    QuoteEnvelope { "quote" => quote: Quote }
);
envelope!(
    /// `{order: Order}`.
    OrderEnvelope { "order" => order: Order }
);
envelope!(
    /// `{orders: [Order]}`.
    OrdersEnvelope { "orders" => orders: Vec<Order> }
);
envelope!(
    /// `{transfer: Transfer}`.
    TransferEnvelope { "transfer" => transfer: Transfer }
);
envelope!(
    /// `{transfers: [Transfer]}`.
    TransfersEnvelope { "transfers" => transfers: Vec<Transfer> }
);
envelope!(
    /// `{wallet: {address, assets}}`.
    CreatedWalletEnvelope { "wallet" => wallet: CreatedWallet }
);
envelope!(
    /// `{wallets: [Wallet]}`.
    WalletsEnvelope { "wallets" => wallets: Vec<Wallet> }
);
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
envelope!(
    /// `{claim: Claim}`.
    ClaimEnvelope { "claim" => claim: Claim }
);
envelope!(
    /// `{deposits: [Deposit]}`.
    DepositsEnvelope { "deposits" => deposits: Vec<Deposit> }
);
envelope!(
    /// `{balance: {running-balance}}`.
    BalanceEnvelope { "balance" => balance: Balance }
);
envelope!(
    /// `{tax-exemption-progress: {...}}`.
    TaxExemptionProgressEnvelope { "tax-exemption-progress" => progress: TaxExemptionProgress }
);

/// Parses an amount as the wire carries it (`"12.50"`), refusing more places
/// than `scale` allows. Only plain decimal notation is accepted: `1e3` and
/// `+5` parse as numbers elsewhere but are not what the spec's strings hold.
pub fn parse_wire_amount(raw: &str, scale: u32) -> Result<Decimal, AmountError> {
    let trimmed = raw.trim();
    let digits = trimmed.strip_prefix('-').unwrap_or(trimmed);
    let plain = !digits.is_empty()
        && digits.chars().all(|c| c.is_ascii_digit() || c == '.')
        && digits.matches('.').count() <= 1
        && digits.chars().any(|c| c.is_ascii_digit());
    if !plain {
        return Err(AmountError::NotADecimal(raw.to_owned()));
    }
    let value: Decimal = trimmed
        .parse()
        .map_err(|_| AmountError::NotADecimal(raw.to_owned()))?;
    if value.scale() > scale && value.normalize().scale() > scale {
        return Err(AmountError::TooManyPlaces {
            places: value.normalize().scale(),
            scale,
        });
    }
    if value <= Decimal::ZERO {
        return Err(AmountError::NotPositive);
    }
    Ok(value)
}

/// Why an amount string was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AmountError {
    /// Not a decimal number at all.
    #[error("{0:?} is not a decimal number")]
    NotADecimal(String),
    /// Zero or negative.
    #[error("the amount must be greater than zero")]
    NotPositive,
    /// More decimal places than the asset carries.
    #[error("the amount has {places} decimal places; this asset allows at most {scale}")]
    TooManyPlaces {
        /// Places given.
        places: u32,
        /// Places allowed.
        scale: u32,
    },
}

#[cfg(test)]
mod tests {
    use super::{
        Deposit, DepositCoordinates, Order, PerAssetWithdrawal, Transfer, Wallet, Withdrawal,
    };

    /// A million of each record may be held at once: each byte here is a
    /// megabyte there. Before the compact fields (a `String` per text, a
    /// `BTreeMap` for a withdrawal's other fields) → with them → with packed
    /// amounts and times (`PackedDecimal`: an optional amount 16 bytes, not
    /// 20; `UtcMicros`: an optional time 8, not 16), in bytes:
    /// Order 272 → 240 → 200, Transfer 160 → 144 → 120 (two 8-byte shared
    /// addresses and a 40-byte inline hash where three `String`s were, and no
    /// longer 176 bytes of heap beside), Withdrawal 120 → 112 → 88,
    /// PerAssetWithdrawal 112 → 104 → 80, Deposit 248 → 144 → 120,
    /// DepositCoordinates 144 → 48. A field added to any of them has to move
    /// these figures, on purpose.
    #[test]
    fn list_records_stay_within_their_measured_sizes() {
        use std::mem::size_of;
        let records = [
            ("Order", size_of::<Order>(), 200),
            ("Transfer", size_of::<Transfer>(), 120),
            ("Withdrawal", size_of::<Withdrawal>(), 88),
            ("PerAssetWithdrawal", size_of::<PerAssetWithdrawal>(), 80),
            ("Deposit", size_of::<Deposit>(), 120),
            ("DepositCoordinates", size_of::<DepositCoordinates>(), 48),
        ];
        for (name, size, at_most) in records {
            assert!(size <= at_most, "{name} takes {size} bytes, over {at_most}");
        }
    }

    /// The packed amounts and times write back exactly what the service
    /// wrote (UTC, to the microsecond): scale and sign kept, times as RFC
    /// 3339 in UTC, an absent or null field left out.
    #[test]
    fn packed_fields_write_back_what_was_read() {
        let order = concat!(
            r#"{"id":"6f1c2b3a-0d4e-4f5a-8b6c-7d8e9f0a1b2c","state":"completed","#,
            r#""state-updated-at":"2025-03-04T05:06:07.123456Z","created-at":"2025-03-04T05:00:00Z","#,
            r#""source-asset":"fiat/brl","target-asset":"eth-base/brlv","#,
            r#""source-amount":"100.00","target-amount":"99.500000000000000000","#,
            r#""base-rate":"1","effective-rate":"0.995","fee-amount":"0.50","#,
            r#""expiration":"2025-03-04T05:15:00.5Z"}"#
        );
        let read: Order = serde_json::from_str(order).unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(serde_json::to_string(&read).ok().as_deref(), Some(order));
        assert_eq!(read.source_amount().map(|amount| amount.scale()), Some(2));
        assert_eq!(
            read.expiration(),
            Some(time::macros::datetime!(2025-03-04 05:15:00.5 UTC))
        );

        // A null amount or time inside a withdrawal (whose other fields are
        // flattened) reads as absent, and an escaped time is read as well.
        let withdrawal = concat!(
            r#"{"id":"6f1c2b3a-0d4e-4f5a-8b6c-7d8e9f0a1b2c","amount":null,"#,
            r#""created-at":"\u0032025-03-04T05:00:00Z","state-updated-at":null,"pix-key":"k"}"#
        );
        let read: Withdrawal =
            serde_json::from_str(withdrawal).unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(read.amount, None);
        assert_eq!(read.state_updated_at, None);
        assert_eq!(
            serde_json::to_string(&read).ok().as_deref(),
            Some(concat!(
                r#"{"id":"6f1c2b3a-0d4e-4f5a-8b6c-7d8e9f0a1b2c","#,
                r#""created-at":"2025-03-04T05:00:00Z","pix-key":"k"}"#
            ))
        );
    }

    #[test]
    fn a_wallet_and_a_deposit_are_read_safe_to_show() {
        let safe = |text: &str| !text.chars().any(super::safe_text::needs_escape);
        let wallet = serde_json::json!({
            "name": "Caixa\u{0}\u{202e}",
            "address": "0x\u{2066}ab",
            "metadata": {"no\u{7}te": ["\u{200f}x", {"k": "y\nz"}]},
        });
        let read: Wallet = serde_json::from_value(wallet).unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(read.name.as_deref(), Some("Caixa\\u{0}\\u{202e}"));
        assert_eq!(read.address, "0x\\u{2066}ab");
        let metadata = serde_json::to_string(&read.metadata).unwrap_or_default();
        assert!(
            safe(&metadata) && !metadata.contains("\\u0007"),
            "{metadata}"
        );
        assert!(metadata.contains(r"no\\u{7}te"), "{metadata}");

        let deposit = serde_json::json!({
            "id": "6f1c2b3a-0d4e-4f5a-8b6c-7d8e9f0a1b2c",
            "type": "pix\u{0}",
            "coordinates": {"source-tax-id": "\u{202e}123", "target": "t".repeat(2_000)},
        });
        let read: Deposit =
            serde_json::from_value(deposit).unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(read.kind.as_deref(), Some("pix\\u{0}"));
        let coordinates = read.coordinates.unwrap_or_default();
        assert_eq!(coordinates.source_tax_id.as_deref(), Some("\\u{202e}123"));
        assert_eq!(
            coordinates.target.map(|target| target.chars().count()),
            Some(super::safe_text::LABEL_MAX_CHARS)
        );
    }
}
