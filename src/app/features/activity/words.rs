//! How the extrato and the charts write things for a person: days and
//! months in the person's language, assets by ticker and chain, amounts at a
//! list's two places, the kinds of movement and what each one is
//! (on screen and in the extrato's files).

use rust_decimal::Decimal;
use time::Date;

use crate::app::format::{AmountFormat, MISSING, short_hex};
pub use crate::app::format::{month_name, month_short_name};
use crate::app::i18n::{Language, tr, tr_with};
use crate::app::movement::{MovementKind, Record};
use brlv_core::api::model::{Asset, Order, Withdrawal, WithdrawalMethod};

use super::model::{Direction, Movement};

const WEEKDAY_KEYS: [&str; 7] = [
    "activity.weekday.1",
    "activity.weekday.2",
    "activity.weekday.3",
    "activity.weekday.4",
    "activity.weekday.5",
    "activity.weekday.6",
    "activity.weekday.7",
];

/// A day as a day header writes it: `Tuesday, 10 March 2026`,
/// `terça-feira, 10 de março de 2026`.
pub fn day_title(language: Language, day: Date) -> String {
    let weekday = WEEKDAY_KEYS
        .get(usize::from(day.weekday().number_days_from_monday()))
        .map_or_else(String::new, |key| tr(language, key).into_owned());
    tr_with(
        language,
        "activity.day",
        &[
            ("weekday", &weekday),
            ("day", &day.day().to_string()),
            ("month", &month_name(language, u8::from(day.month()))),
            ("year", &day.year().to_string()),
        ],
    )
}

/// A day as the range fields show it: `2026-03-10`, `10/03/2026`.
pub fn day_text(language: Language, day: Date) -> String {
    match language {
        Language::PtBr => crate::app::format::day_shown(language, day),
        Language::En => format!(
            "{}-{:02}-{:02}",
            day.year(),
            u8::from(day.month()),
            day.day()
        ),
    }
}

/// An asset as the extrato names it: its ticker, with its chain when on one
/// (`BRLV · eth-base`).
pub fn ticker_and_chain(asset: &Asset) -> String {
    match asset.chain() {
        Some(chain) => format!("{} · {}", asset.ticker(), chain.as_str()),
        None => asset.ticker(),
    }
}

/// An amount as a list's row writes it: `44,910.50 BRLV`, `R$ 500,00`;
/// masked while amounts are hidden. Written by the formatter every view uses.
pub fn compact_amount(amounts: AmountFormat, value: Decimal, asset: &Asset) -> String {
    amounts.listed(value, Some(asset)).text()
}

/// The kind's name in the language.
pub fn kind_name(language: Language, kind: MovementKind) -> String {
    let key = match kind {
        MovementKind::Order => "activity.kind_order",
        MovementKind::Transfer => "activity.kind_transfer",
        MovementKind::Withdrawal => "activity.kind_withdrawal",
        MovementKind::Deposit => "activity.kind_deposit",
        MovementKind::Claim => "activity.kind_claim",
    };
    tr(language, key).into_owned()
}

/// What a movement is, in a few words: the pair of an order, the other
/// side of a transfer, the method of a withdrawal and whom it paid, the
/// payer of a deposit. As the extrato's files write it: the payer's
/// document and the PIX key paid whole, since the file is the person's own
/// record.
pub fn description(language: Language, movement: &Movement, record: Option<Record<'_>>) -> String {
    describe(language, movement, record, str::to_owned, str::to_owned)
}

/// [`description`] as the screen shows it: a payer's CPF masked as banks
/// show one (`PIX de ***.456.789-**`), a PIX key paid masked as a bank
/// masks it (`PIX para jo***@example.com`).
pub fn description_on_screen(
    language: Language,
    movement: &Movement,
    record: Option<Record<'_>>,
) -> String {
    describe(
        language,
        movement,
        record,
        crate::app::format::document_shown,
        crate::app::receipt::party::masked_pix_key,
    )
}

/// Whom a withdrawal paid, as its record says: the PIX key (as `pix_key`
/// writes it), the TED's holder, or the address shortened.
fn withdrawal_payee(withdrawal: &Withdrawal, pix_key: fn(&str) -> String) -> Option<String> {
    if let Some(key) = withdrawal.pix_key() {
        return Some(pix_key(key));
    }
    if let Some(account) = withdrawal.ted_account() {
        return Some(account.name);
    }
    withdrawal
        .target_address()
        .map(|address| short_hex(Some(address)))
}

fn describe(
    language: Language,
    movement: &Movement,
    record: Option<Record<'_>>,
    document: fn(&str) -> String,
    pix_key: fn(&str) -> String,
) -> String {
    match record {
        Some(Record::Order(Order {
            source_asset,
            target_asset,
            ..
        })) => tr_with(
            language,
            "motion.from_to",
            &[
                (
                    "from",
                    &source_asset
                        .as_ref()
                        .map_or_else(|| MISSING.to_owned(), Asset::ticker),
                ),
                (
                    "to",
                    &target_asset
                        .as_ref()
                        .map_or_else(|| MISSING.to_owned(), Asset::ticker),
                ),
            ],
        ),
        Some(Record::Transfer(transfer)) => {
            if movement.transfer_direction() == Some(Direction::Within) {
                tr(language, "activity.between_own_wallets").into_owned()
            } else {
                tr_with(
                    language,
                    "activity.to_address",
                    &[("address", &short_hex(transfer.target_address.as_deref()))],
                )
            }
        }
        Some(Record::Withdrawal(withdrawal)) => {
            let method = match &withdrawal.method {
                Some(WithdrawalMethod::Token) => tr(language, "activity.method_token").into_owned(),
                Some(method) => crate::app::format::method_name(method.as_str()),
                None => MISSING.to_owned(),
            };
            match withdrawal_payee(withdrawal, pix_key) {
                Some(payee) => tr_with(
                    language,
                    "activity.withdrawal_to",
                    &[("method", &method), ("to", &payee)],
                ),
                None => method,
            }
        }
        Some(Record::Deposit(deposit)) => {
            let kind = crate::app::format::method_name(deposit.kind.as_deref().unwrap_or(MISSING));
            match deposit
                .coordinates
                .as_ref()
                .and_then(|coordinates| coordinates.source_tax_id.as_deref())
            {
                Some(payer) => tr_with(
                    language,
                    "activity.deposit_from",
                    &[("kind", &kind), ("payer", &document(payer))],
                ),
                None => kind,
            }
        }
        Some(Record::Claim(_)) => tr(language, "activity.claim_description").into_owned(),
        None => MISSING.to_owned(),
    }
}
