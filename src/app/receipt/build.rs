//! A [`Receipt`] from each kind of movement, in the person's language and
//! clock (a receipt leaves the machine, so its times carry their offset:
//! `25/11/2026 09:59:05 (UTC-03:00)`): what, when, the amount and the fee exact (every place they carry), from,
//! to, and every identifier the record carries (its id, a quote id, a
//! transaction hash). Who pays is the account's holder as the person set it
//! in Settings; who receives is named as the app knows them (a saved
//! recipient's name, a TED's holder and bank, a PIX key's kind with the key
//! masked as a bank masks it, an order's wallet). A field neither the
//! service nor the person gave is left out rather than shown empty. Only a completed movement has a receipt: the
//! functions answer `None` for any other state.

use rust_decimal::Decimal;
use time::OffsetDateTime;

use crate::app::format::{AmountFormat, MomentFormat, Precision};
use crate::app::i18n::{self, Language, tr, tr_with};
use brlv_core::api::model::{
    Asset, Claim, ClaimStatus, CreateOrder, Deposit, DepositAsset, DepositStatus, Order,
    OrderState, Transfer, TransferState, Withdrawal, WithdrawalMethod, WithdrawalState,
};

use super::model::{Receipt, ReceiptKind, ReceiptLine};
use super::party::{Parties, pix_key_with_kind};
use brlv_core::recipients::Destination;

/// Reais, exact: a receipt is a document the person asked for, like an
/// export, so it is written in full even while the window hides amounts.
fn exact_brl(language: Language, value: Decimal) -> String {
    AmountFormat::new(language, false).brl(value)
}

/// An amount exact, as the window's details write it: `R$ 1.234,56` for
/// reais, otherwise every place the value carries, at least two, and its
/// ticker (`10,50 USDC`, `0,123456 USDC`).
pub fn exact_amount(language: Language, value: Decimal, asset: &Asset) -> String {
    AmountFormat::new(language, false)
        .of_asset(value, Some(asset))
        .text()
}

/// An asset as a person names it: `BRL`, `BRLV on Base`.
pub fn asset_text(language: Language, asset: &Asset) -> String {
    let chain = match asset.chain() {
        Some(brlv_core::api::model::Chain::EthBase) => "Base",
        Some(brlv_core::api::model::Chain::EthMainnet) => "Ethereum",
        Some(brlv_core::api::model::Chain::Tempo) => "Tempo",
        _ => return asset.ticker(),
    };
    tr_with(
        language,
        "receipt.asset_on_chain",
        &[("asset", &asset.ticker()), ("chain", chain)],
    )
}

/// A record's text field as a receipt line's value.
fn text_of(value: Option<&impl ToString>) -> Option<String> {
    value.map(ToString::to_string)
}

/// A CPF or CNPJ as a receipt shows it: [`crate::app::format::document_shown`],
/// the same as on screen, so a shared receipt does not give a CPF away.
pub fn masked_document(document: &str) -> String {
    crate::app::format::document_shown(document)
}

struct Lines {
    moments: MomentFormat,
    lines: Vec<ReceiptLine>,
}

impl Lines {
    fn new(moments: &MomentFormat) -> Lines {
        Lines {
            moments: moments.clone(),
            lines: Vec::new(),
        }
    }

    fn text(&mut self, key: &'static str, value: Option<String>) {
        self.push(key, value, false);
    }

    fn identifier(&mut self, key: &'static str, value: Option<String>) {
        self.push(key, value, true);
    }

    /// Who pays: the account's holder, when the person set one.
    fn payer(&mut self, parties: &Parties) {
        if let Some(holder) = parties.payer {
            self.text("receipt.payer_name", Some(holder.name.clone()));
            self.identifier(
                "receipt.payer_document",
                Some(masked_document(&holder.document)),
            );
        }
    }

    fn moment(&mut self, key: &'static str, value: Option<OffsetDateTime>) {
        let text = value.map(|value| self.moments.with_offset(value));
        self.text(key, text);
    }

    fn push(&mut self, key: &'static str, value: Option<String>, identifier: bool) {
        if let Some(value) = value.filter(|value| !value.trim().is_empty()) {
            self.lines.push(ReceiptLine {
                label: tr(self.moments.language, key).into_owned(),
                value,
                identifier,
            });
        }
    }
}

fn receipt(
    language: Language,
    kind: ReceiptKind,
    id: uuid::Uuid,
    what: String,
    amount: (&'static str, String),
    lines: Lines,
) -> Receipt {
    let title_key = match kind {
        ReceiptKind::Order => "receipt.title_order",
        ReceiptKind::Transfer => "receipt.title_transfer",
        ReceiptKind::Withdrawal => "receipt.title_withdrawal",
        ReceiptKind::Deposit => "receipt.title_deposit",
        ReceiptKind::Claim => "receipt.title_claim",
    };
    Receipt {
        kind,
        id,
        title: tr(language, title_key).into_owned(),
        what,
        amount_label: tr(language, amount.0).into_owned(),
        amount: amount.1,
        lines: lines.lines,
        footer: tr(language, "receipt.footer").into_owned(),
    }
}

/// Where an order's proceeds went, as this app sent it (the service's
/// order record does not say).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OrderDestination {
    /// Tokens to this wallet.
    Wallet(String),
    /// Reais to this third party's PIX key.
    PixKey(String),
}

impl OrderDestination {
    /// Where the order `sent` asked the proceeds to go, if it named a place.
    pub fn of(sent: &CreateOrder) -> Option<OrderDestination> {
        match (&sent.target_wallet_address, &sent.target_end_user_pix_key) {
            (Some(address), _) => Some(OrderDestination::Wallet(address.clone())),
            (None, Some(key)) => Some(OrderDestination::PixKey(key.clone())),
            (None, None) => None,
        }
    }
}

/// The receipt of a completed order; `destination` where this app sent it.
pub fn order_receipt(
    moments: &MomentFormat,
    order: &Order,
    parties: &Parties,
    destination: Option<&OrderDestination>,
) -> Option<Receipt> {
    let language = moments.language;
    if order.state != Some(OrderState::Completed) {
        return None;
    }
    let ticker = |asset: Option<&Asset>| asset.map_or_else(|| "-".to_owned(), Asset::ticker);
    let what = tr_with(
        language,
        "receipt.what_order",
        &[
            ("from", &ticker(order.source_asset.as_ref())),
            ("to", &ticker(order.target_asset.as_ref())),
        ],
    );
    let amount_of = |value: Option<Decimal>, asset: Option<&Asset>| match (value, asset) {
        (Some(value), Some(asset)) => Some(exact_amount(language, value, asset)),
        (Some(value), None) => Some(value.to_string()),
        (None, _) => None,
    };
    let paid = amount_of(order.source_amount(), order.source_asset.as_ref())?;
    let mut lines = Lines::new(moments);
    lines.payer(parties);
    lines.text(
        "receipt.received",
        amount_of(order.target_amount(), order.target_asset.as_ref()),
    );
    let fee = amount_of(order.fee_amount(), order.fee_asset.as_ref());
    let fee_in_brl = order
        .fee_in_brl()
        .filter(|_| order.fee_asset != Some(Asset::FiatBrl));
    lines.text(
        "receipt.fee",
        match (fee, fee_in_brl) {
            (Some(fee), Some(in_brl)) => Some(format!("{fee} ({})", exact_brl(language, in_brl))),
            (fee, _) => fee,
        },
    );
    lines.text(
        "receipt.rate",
        order.effective_rate().map(|rate| {
            let rate = rate.normalize();
            i18n::amount(language, rate, rate.scale())
        }),
    );
    let named = |asset: Option<&Asset>| asset.map(|asset| asset_text(language, asset));
    lines.text("receipt.from", named(order.source_asset.as_ref()));
    lines.text("receipt.to", named(order.target_asset.as_ref()));
    match destination {
        Some(OrderDestination::Wallet(address)) => {
            let destination = Destination::Wallet {
                address: address.clone(),
            };
            lines.text("receipt.to_saved_name", parties.saved_name(&destination));
            lines.identifier("receipt.to_wallet", Some(address.clone()));
        }
        Some(OrderDestination::PixKey(key)) => {
            let destination = Destination::Pix { key: key.clone() };
            lines.text("receipt.to_saved_name", parties.saved_name(&destination));
            lines.identifier("receipt.to_pix_key", Some(pix_key_with_kind(language, key)));
        }
        // The service's order record names no wallet (spec 2.2): said
        // plainly rather than left out, so the receipt does not read as
        // complete without it.
        None if order
            .target_asset
            .as_ref()
            .is_some_and(|asset| !asset.is_fiat()) =>
        {
            lines.text(
                "receipt.to_wallet",
                Some(tr(language, "receipt.wallet_not_in_record").into_owned()),
            );
        }
        None => {}
    }
    lines.moment("receipt.completed_at", order.state_updated_at());
    lines.moment("receipt.created_at", order.created_at());
    lines.identifier("receipt.order_id", Some(order.id.to_string()));
    lines.identifier("receipt.quote_id", order.quote_id.map(|id| id.to_string()));
    Some(receipt(
        language,
        ReceiptKind::Order,
        order.id,
        what,
        ("receipt.amount_paid", paid),
        lines,
    ))
}

/// The receipt of a completed transfer.
pub fn transfer_receipt(
    moments: &MomentFormat,
    transfer: &Transfer,
    parties: &Parties,
) -> Option<Receipt> {
    let language = moments.language;
    if transfer.state != Some(TransferState::Completed) {
        return None;
    }
    let asset = transfer.asset.as_ref();
    let amount = match (transfer.amount(), asset) {
        (Some(value), Some(asset)) => exact_amount(language, value, asset),
        (Some(value), None) => value.to_string(),
        (None, _) => return None,
    };
    let what = tr_with(
        language,
        "receipt.what_transfer",
        &[(
            "asset",
            &asset.map_or_else(|| "-".to_owned(), Asset::ticker),
        )],
    );
    let mut lines = Lines::new(moments);
    lines.payer(parties);
    lines.text(
        "receipt.asset",
        asset.map(|asset| asset_text(language, asset)),
    );
    lines.identifier("receipt.from", text_of(transfer.source_address.as_ref()));
    let saved = transfer.target_address.as_ref().and_then(|address| {
        parties.saved_name(&Destination::Wallet {
            address: address.to_string(),
        })
    });
    lines.text("receipt.to_saved_name", saved);
    lines.identifier("receipt.to", text_of(transfer.target_address.as_ref()));
    lines.moment("receipt.completed_at", transfer.state_updated_at());
    lines.moment("receipt.created_at", transfer.created_at());
    lines.identifier("receipt.transfer_id", Some(transfer.id.to_string()));
    lines.identifier("receipt.tx_hash", text_of(transfer.tx_hash.as_ref()));
    Some(receipt(
        language,
        ReceiptKind::Transfer,
        transfer.id,
        what,
        ("receipt.amount", amount),
        lines,
    ))
}

/// The receipt of a completed withdrawal: who paid, where it was paid to,
/// by its method.
pub fn withdrawal_receipt(
    moments: &MomentFormat,
    withdrawal: &Withdrawal,
    parties: &Parties,
) -> Option<Receipt> {
    let language = moments.language;
    if withdrawal.state != Some(WithdrawalState::Completed) {
        return None;
    }
    let asset = withdrawal.asset.as_ref();
    let amount = match (withdrawal.amount(), asset) {
        (Some(value), Some(asset)) => exact_amount(language, value, asset),
        (Some(value), None) => value.to_string(),
        (None, _) => return None,
    };
    let method = withdrawal.method.as_ref();
    let what_key = match method {
        Some(WithdrawalMethod::Pix) => "receipt.what_withdrawal_pix",
        Some(WithdrawalMethod::Ted) => "receipt.what_withdrawal_ted",
        Some(WithdrawalMethod::Token) => "receipt.what_withdrawal_token",
        _ => "receipt.what_withdrawal",
    };
    let what = tr(language, what_key).into_owned();
    let mut lines = Lines::new(moments);
    lines.payer(parties);
    lines.text(
        "receipt.asset",
        asset.map(|asset| asset_text(language, asset)),
    );
    lines.text(
        "receipt.method",
        method.map(|method| crate::app::format::method_name(method.as_str())),
    );
    lines.identifier(
        "receipt.from",
        withdrawal.source_address().map(str::to_owned),
    );
    if let Some(account) = withdrawal.ted_account() {
        lines.text(
            "receipt.to_saved_name",
            parties.saved_name(&Destination::Ted(account.clone())),
        );
        lines.text("receipt.to_name", Some(account.name.clone()));
        lines.identifier(
            "receipt.to_document",
            Some(masked_document(&account.document)),
        );
        lines.text(
            "receipt.to_bank_account",
            Some(tr_with(
                language,
                "receipt.bank_account",
                &[
                    ("bank", &crate::app::ted::bank_label(&account.bank_code)),
                    ("branch", &account.branch),
                    ("account", &account.account),
                ],
            )),
        );
    }
    if let Some(key) = withdrawal.pix_key() {
        let destination = Destination::Pix {
            key: key.to_owned(),
        };
        lines.text("receipt.to_saved_name", parties.saved_name(&destination));
        lines.identifier("receipt.to_pix_key", Some(pix_key_with_kind(language, key)));
    }
    if let Some(address) = withdrawal.target_address() {
        let destination = Destination::Wallet {
            address: address.to_owned(),
        };
        lines.text("receipt.to_saved_name", parties.saved_name(&destination));
        lines.identifier("receipt.to", Some(address.to_owned()));
    }
    lines.moment("receipt.completed_at", withdrawal.state_updated_at());
    lines.moment("receipt.created_at", withdrawal.created_at());
    lines.identifier("receipt.withdrawal_id", Some(withdrawal.id.to_string()));
    // An end-to-end id or a hash, when the record carries one under the
    // names the service's payout records use.
    for (key, label) in [
        ("end-to-end-id", "receipt.end_to_end_id"),
        ("tx-hash", "receipt.tx_hash"),
    ] {
        let value = withdrawal.extra.get_str(key);
        lines.identifier(label, value.map(str::to_owned));
    }
    Some(receipt(
        language,
        ReceiptKind::Withdrawal,
        withdrawal.id,
        what,
        ("receipt.amount", amount),
        lines,
    ))
}

/// The receipt of a credited deposit of `asset`.
pub fn deposit_receipt(
    moments: &MomentFormat,
    asset: &DepositAsset,
    deposit: &Deposit,
) -> Option<Receipt> {
    let language = moments.language;
    if deposit.status != Some(DepositStatus::Credited) {
        return None;
    }
    let value = deposit.amount()?;
    let amount = AmountFormat::new(language, false)
        .written(value, &asset.as_str().to_uppercase(), Precision::Exact)
        .text();
    let kind = deposit.kind.as_deref().map(crate::app::format::method_name);
    let what = match &kind {
        Some(kind) => tr_with(language, "receipt.what_deposit_kind", &[("kind", kind)]),
        None => tr(language, "receipt.what_deposit").into_owned(),
    };
    let coordinates = deposit.coordinates.clone().unwrap_or_default();
    let mut lines = Lines::new(moments);
    lines.text("receipt.method", kind);
    lines.identifier(
        "receipt.from_document",
        coordinates.source_tax_id.as_deref().map(masked_document),
    );
    let bank_account = match (
        coordinates.source_bank_code,
        coordinates.source_branch_code,
        coordinates.source_account_number,
    ) {
        (None, None, None) => None,
        (bank, branch, account) => Some(tr_with(
            language,
            "receipt.bank_account",
            &[
                (
                    "bank",
                    &bank
                        .as_deref()
                        .map_or_else(|| "-".to_owned(), crate::app::ted::bank_label),
                ),
                ("branch", branch.as_deref().unwrap_or("-")),
                ("account", account.as_deref().unwrap_or("-")),
            ],
        )),
    };
    lines.text("receipt.from_bank_account", bank_account);
    lines.text(
        "receipt.from_account_type",
        coordinates
            .source_type
            .as_deref()
            .map(|wire| crate::app::format::account_type_words(language, wire)),
    );
    lines.identifier("receipt.to", text_of(coordinates.target.as_ref()));
    lines.moment("receipt.credited_at", deposit.processed_at());
    lines.moment("receipt.created_at", deposit.created_at());
    lines.identifier("receipt.deposit_id", Some(deposit.id.to_string()));
    Some(receipt(
        language,
        ReceiptKind::Deposit,
        deposit.id,
        what,
        ("receipt.amount_credited", amount),
        lines,
    ))
}

/// The receipt of a completed claim: what was asked, withheld, charged and paid.
pub fn claim_receipt(moments: &MomentFormat, claim: &Claim) -> Option<Receipt> {
    let language = moments.language;
    if claim.status != Some(ClaimStatus::Completed) {
        return None;
    }
    let brl = |value: Option<Decimal>| value.map(|value| exact_brl(language, value));
    let paid = brl(claim.net_amount)?;
    let mut lines = Lines::new(moments);
    lines.text("receipt.claim_gross", brl(claim.gross_amount));
    lines.text("receipt.claim_tax", brl(claim.tax_amount));
    lines.text("receipt.fee", brl(claim.fees));
    lines.moment("receipt.completed_at", claim.updated_at);
    lines.identifier("receipt.claim_id", Some(claim.id.to_string()));
    Some(receipt(
        language,
        ReceiptKind::Claim,
        claim.id,
        tr(language, "receipt.what_claim").into_owned(),
        ("receipt.amount_paid_out", paid),
        lines,
    ))
}
