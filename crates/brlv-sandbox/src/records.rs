//! What the sandbox stores per account, and how each record looks on the wire.
//!
//! Records keep every field a rule needs as a plain (non-optional) value; the
//! `to_wire` methods build the shared `api::model` types the client decodes.

use rust_decimal::Decimal;
use time::OffsetDateTime;
use uuid::Uuid;

use brlv_core::api::model::{
    Asset, Chain, Claim, ClaimStatus, Deposit, DepositCoordinates, DepositStatus, JsonObject,
    Order, OrderState, PerAssetWithdrawal, Quote, TedAccount, TradeReason, Transfer, TransferState,
    Wallet, Withdrawal, WithdrawalMethod, WithdrawalState, destination_keys,
};
use brlv_core::api::{SharedText, TxHash};

/// A wallet of the account.
#[derive(Clone, Debug)]
pub(crate) struct WalletRecord {
    /// Name given at creation.
    pub name: String,
    /// 0x address (EIP-55 checksum form).
    pub address: String,
    /// Chain it lives on.
    pub chain: Chain,
    /// Assets it was created with.
    pub default_assets: Vec<Asset>,
    /// Visible in the service's own UI.
    pub ui_enabled: bool,
    /// Custom data given at creation.
    pub metadata: JsonObject,
}

impl WalletRecord {
    /// The list form; `held` adds assets the wallet has a positive amount of.
    pub(crate) fn to_wire(&self, held: &[Asset]) -> Wallet {
        let mut assets = self.default_assets.clone();
        for asset in held {
            if !assets.contains(asset) {
                assets.push(asset.clone());
            }
        }
        Wallet {
            name: Some(self.name.clone()),
            address: self.address.clone(),
            assets,
            ui_enabled: Some(self.ui_enabled),
            metadata: Some(self.metadata.clone()),
        }
    }

    /// Whether `address` names this wallet (case-insensitive, as EVM addresses are).
    pub(crate) fn is(&self, address: &str) -> bool {
        self.address.eq_ignore_ascii_case(address)
    }
}

/// The default assets of a new wallet on `chain` (spec 4.3: BRLV, and wBRLY where it exists).
pub(crate) fn default_assets(chain: &Chain) -> Vec<Asset> {
    match chain {
        Chain::EthBase => vec![Asset::EthBaseBrlv, Asset::EthBaseWbrly],
        Chain::EthMainnet => vec![Asset::EthMainnetBrlv],
        Chain::Tempo | Chain::Other(_) => vec![Asset::TempoBrlv],
    }
}

/// The BRLV asset on `chain`, where claims paid in BRLV land.
pub(crate) fn brlv_on(chain: &Chain) -> Asset {
    match chain {
        Chain::EthBase => Asset::EthBaseBrlv,
        Chain::EthMainnet => Asset::EthMainnetBrlv,
        Chain::Tempo | Chain::Other(_) => Asset::TempoBrlv,
    }
}

/// A priced quote, acceptable once until it expires.
#[derive(Clone, Debug)]
pub(crate) struct QuoteRecord {
    /// The wire form handed out.
    pub quote: Quote,
    /// Source asset.
    pub source_asset: Asset,
    /// Target asset.
    pub target_asset: Asset,
    /// Amount to pay.
    pub source_amount: Decimal,
    /// Amount to receive.
    pub target_amount: Decimal,
    /// BRL value of the gross target amount.
    pub brl_value: Decimal,
    /// End of its acceptance window.
    pub expiration: OffsetDateTime,
    /// Already turned into an order.
    pub used: bool,
}

/// How an order is funded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Funding {
    /// Debited from the account (BRL) or the source wallet (tokens) at creation.
    AccountBalance,
    /// Waiting for a PIX paying this BR Code.
    Brcode {
        /// Copy-and-paste payload.
        brcode: String,
        /// Base64 PNG of its QR code.
        qr_code_base64: String,
    },
}

/// Where an order's target amount goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Delivery {
    /// Credited to the account's fiat balance.
    AccountBalance,
    /// Credited to one of the account's own wallets.
    OwnWallet(String),
    /// Sent to a whitelisted external wallet (leaves the account).
    ExternalWallet(String),
    /// Paid straight to a third party's PIX key (leaves the account).
    PixKey(String),
}

/// An order and everything its state machine needs.
#[derive(Clone, Debug)]
pub(crate) struct OrderRecord {
    /// Order identifier.
    pub id: Uuid,
    /// Accepted quote.
    pub quote_id: Uuid,
    /// Current state.
    pub state: OrderState,
    /// Last state change.
    pub state_updated_at: OffsetDateTime,
    /// Creation time.
    pub created_at: OffsetDateTime,
    /// Asset paid in.
    pub source_asset: Asset,
    /// Asset received.
    pub target_asset: Asset,
    /// Amount paid in.
    pub source_amount: Decimal,
    /// Amount received.
    pub target_amount: Decimal,
    /// Rate before fee.
    pub base_rate: Decimal,
    /// Rate after fee.
    pub effective_rate: Decimal,
    /// Fee, in the target asset.
    pub fee_amount: Decimal,
    /// BRL value of the gross target amount.
    pub brl_value: Decimal,
    /// End of the funding window (brcode orders).
    pub expiration: Option<OffsetDateTime>,
    /// How it is funded.
    pub funding: Funding,
    /// Where the target amount goes.
    pub delivery: Delivery,
    /// Why the trade is made, from its quote.
    pub trade_reason: Option<TradeReason>,
}

impl OrderRecord {
    /// The wire form (spec 2.2).
    pub(crate) fn to_wire(&self) -> Order {
        let (brcode, qr_code_base64) = match &self.funding {
            Funding::Brcode {
                brcode,
                qr_code_base64,
            } => (
                Some(SharedText::unique(brcode)),
                Some(SharedText::unique(qr_code_base64)),
            ),
            Funding::AccountBalance => (None, None),
        };
        Order {
            id: self.id,
            quote_id: Some(self.quote_id),
            state: Some(self.state.clone()),
            state_updated_at: Some(self.state_updated_at.into()),
            created_at: Some(self.created_at.into()),
            source_asset: Some(self.source_asset.clone()),
            target_asset: Some(self.target_asset.clone()),
            source_amount: Some(self.source_amount.into()),
            target_amount: Some(self.target_amount.into()),
            base_rate: Some(self.base_rate.into()),
            effective_rate: Some(self.effective_rate.into()),
            fee_amount: Some(self.fee_amount.into()),
            fee_asset: Some(self.target_asset.clone()),
            expiration: self.expiration.map(Into::into),
            brcode,
            qr_code_base64,
            trade_reason: self.trade_reason.clone(),
        }
    }

    /// A token → BRL order: a disposal for the tax-exemption report.
    pub(crate) fn is_disposal(&self) -> bool {
        self.target_asset == Asset::FiatBrl && !self.source_asset.is_fiat()
    }
}

/// A token transfer.
#[derive(Clone, Debug)]
pub(crate) struct TransferRecord {
    /// Identifier.
    pub id: Uuid,
    /// Token moved.
    pub asset: Asset,
    /// Amount moved.
    pub amount: Decimal,
    /// Sending wallet (one of the account's).
    pub source_address: String,
    /// Receiving address.
    pub target_address: String,
    /// Set once submitted on chain.
    pub tx_hash: Option<String>,
    /// Current state.
    pub state: TransferState,
    /// Creation time.
    pub created_at: OffsetDateTime,
    /// Last state change.
    pub state_updated_at: OffsetDateTime,
}

impl TransferRecord {
    /// The wire form (spec 2.3).
    pub(crate) fn to_wire(&self) -> Transfer {
        Transfer {
            id: self.id,
            asset: Some(self.asset.clone()),
            amount: Some(self.amount.into()),
            source_address: Some(self.source_address.as_str().into()),
            target_address: Some(self.target_address.as_str().into()),
            tx_hash: self.tx_hash.as_deref().map(TxHash::new),
            state: Some(self.state.clone()),
            created_at: Some(self.created_at.into()),
            state_updated_at: Some(self.state_updated_at.into()),
        }
    }
}

/// Where a withdrawal pays to (and, for tokens, from).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Payout {
    /// BRL to a PIX key, as sent.
    Pix {
        /// The key.
        pix_key: String,
    },
    /// BRL by TED into a bank account, as sent.
    Ted(TedAccount),
    /// Tokens from one of the account's wallets to an address.
    Token {
        /// The wallet debited (EIP-55 form).
        source_address: String,
        /// The address paid, as sent.
        target_address: String,
    },
}

impl Payout {
    /// The method this destination belongs to.
    pub(crate) fn method(&self) -> WithdrawalMethod {
        match self {
            Payout::Pix { .. } => WithdrawalMethod::Pix,
            Payout::Ted(_) => WithdrawalMethod::Ted,
            Payout::Token { .. } => WithdrawalMethod::Token,
        }
    }

    /// The record's destination fields, under the names the request used.
    fn wire_fields(&self) -> serde_json::Map<String, serde_json::Value> {
        use serde_json::Value;
        let mut fields = serde_json::Map::new();
        match self {
            Payout::Pix { pix_key } => {
                fields.insert(
                    destination_keys::PIX_KEY.to_owned(),
                    Value::String(pix_key.clone()),
                );
            }
            Payout::Ted(account) => {
                if let Ok(Value::Object(account)) = serde_json::to_value(account) {
                    fields = account;
                }
            }
            Payout::Token {
                source_address,
                target_address,
            } => {
                fields.insert(
                    destination_keys::SOURCE_ADDRESS.to_owned(),
                    Value::String(source_address.clone()),
                );
                fields.insert(
                    destination_keys::TARGET_ADDRESS.to_owned(),
                    Value::String(target_address.clone()),
                );
            }
        }
        fields
    }
}

/// A payout.
#[derive(Clone, Debug)]
pub(crate) struct WithdrawalRecord {
    /// Identifier.
    pub id: Uuid,
    /// Asset paid out.
    pub asset: Asset,
    /// Amount paid out.
    pub amount: Decimal,
    /// Where it goes, which also says its method.
    pub payout: Payout,
    /// Current state.
    pub state: WithdrawalState,
    /// Creation time.
    pub created_at: OffsetDateTime,
    /// Last state change.
    pub state_updated_at: OffsetDateTime,
}

impl WithdrawalRecord {
    /// The wire form (spec 2.5), with its destination's fields: `pix-key`;
    /// the six TED fields; or `source-address` and `target-address`.
    pub(crate) fn to_wire(&self) -> Withdrawal {
        Withdrawal {
            id: self.id,
            asset: Some(self.asset.clone()),
            amount: Some(self.amount.into()),
            method: Some(self.payout.method()),
            state: Some(self.state.clone()),
            created_at: Some(self.created_at.into()),
            state_updated_at: Some(self.state_updated_at.into()),
            extra: self.payout.wire_fields().into_iter().collect(),
        }
    }

    /// The deprecated per-asset form, without `asset`.
    pub(crate) fn to_wire_without_asset(&self) -> PerAssetWithdrawal {
        let full = self.to_wire();
        PerAssetWithdrawal {
            id: full.id,
            amount: full.amount,
            method: full.method,
            state: full.state,
            created_at: full.created_at,
            state_updated_at: full.state_updated_at,
            extra: full.extra,
        }
    }
}

/// A reward certificate that claims draw from, oldest first.
#[derive(Clone, Debug)]
pub(crate) struct RewardCertificate {
    /// Wallet the certificate is held at; `None` for account-level certificates.
    pub wallet: Option<String>,
    /// What is left to claim, in BRL.
    pub remaining: Decimal,
    /// Issue time: the FIFO order.
    pub issued_at: OffsetDateTime,
}

/// A claim on reward certificates.
#[derive(Clone, Debug)]
pub(crate) struct ClaimRecord {
    /// Identifier.
    pub id: Uuid,
    /// Requested amount (BRL value).
    pub gross_amount: Decimal,
    /// Paid after tax and fees.
    pub net_amount: Decimal,
    /// Tax withheld.
    pub tax_amount: Decimal,
    /// Fees charged.
    pub fees: Decimal,
    /// Current status.
    pub status: ClaimStatus,
    /// Submission time.
    pub created_at: OffsetDateTime,
    /// Last update, with fractional seconds.
    pub updated_at: OffsetDateTime,
}

impl ClaimRecord {
    /// The wire form (spec 2.6).
    pub(crate) fn to_wire(&self) -> Claim {
        Claim {
            id: self.id,
            gross_amount: Some(self.gross_amount),
            net_amount: Some(self.net_amount),
            tax_amount: Some(self.tax_amount),
            fees: Some(self.fees),
            status: Some(self.status.clone()),
            updated_at: Some(self.updated_at),
        }
    }
}

/// A deposit credited to the account.
#[derive(Clone, Debug)]
pub(crate) struct DepositRecord {
    /// Identifier.
    pub id: Uuid,
    /// Asset credited.
    pub asset: Asset,
    /// How it arrived: `pix` for BRL.
    pub kind: String,
    /// Amount credited.
    pub amount: Decimal,
    /// Payer and payee.
    pub coordinates: DepositCoordinates,
    /// Arrival.
    pub created_at: OffsetDateTime,
    /// Crediting.
    pub processed_at: OffsetDateTime,
}

impl DepositRecord {
    /// The wire form (spec 2.7).
    pub(crate) fn to_wire(&self) -> Deposit {
        Deposit {
            id: self.id,
            kind: Some(self.kind.as_str().into()),
            amount: Some(self.amount.into()),
            status: Some(DepositStatus::Credited),
            coordinates: Some(self.coordinates.clone()),
            created_at: Some(self.created_at.into()),
            processed_at: Some(self.processed_at.into()),
        }
    }
}

/// A fresh random EVM address in its EIP-55 checksum form, from UUID v4 randomness.
pub(crate) fn random_address() -> String {
    let mut bytes = Vec::with_capacity(32);
    bytes.extend_from_slice(Uuid::new_v4().as_bytes());
    bytes.extend_from_slice(Uuid::new_v4().as_bytes());
    brlv_core::address::to_checksum_address(&format!("0x{}", hex(&bytes[..20])))
}

/// A fresh random transaction hash: 0x + 64 hex digits.
pub(crate) fn random_tx_hash() -> String {
    let mut bytes = Vec::with_capacity(32);
    bytes.extend_from_slice(Uuid::new_v4().as_bytes());
    bytes.extend_from_slice(Uuid::new_v4().as_bytes());
    format!("0x{}", hex(&bytes))
}

/// Lower-case hex of `bytes`.
pub(crate) fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes
        .iter()
        .fold(String::with_capacity(bytes.len() * 2), |mut out, byte| {
            let _ = write!(out, "{byte:02x}");
            out
        })
}
