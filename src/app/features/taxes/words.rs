//! How the tax year is written for a person, in the window and in the
//! report for an accountant alike: months by name, the DARF's due day, the
//! kinds of ledger entry, what is unusual about one, and each rule with its
//! standing (the rules' own texts are the core's, [`brlv_core::tax::reading`]).

use time::Date;

use crate::app::format::{AmountFormat, day_shown, month_name};
use crate::app::i18n::{Language, tr, tr_with};
use brlv_core::tax::ledger::{EntryKind, Flags};
use brlv_core::tax::{MonthReport, Reading, Standing, YearMonth};

/// The core's language for the app's.
pub fn report_language(language: Language) -> brlv_core::tax::Language {
    match language {
        Language::En => brlv_core::tax::Language::English,
        Language::PtBr => brlv_core::tax::Language::PortugueseBrazil,
    }
}

/// A month as a person names it: `March 2026`, `março de 2026`.
pub fn month_title(language: Language, month: YearMonth) -> String {
    tr_with(
        language,
        "taxes.month_title",
        &[
            ("month", &month_name(language, month.month)),
            ("year", &month.year.to_string()),
        ],
    )
}

/// A day as the language writes it: `30 Apr 2026`, `30/04/2026`.
pub fn date_text(language: Language, date: Date) -> String {
    day_shown(language, date)
}

/// A month's DARF in one line (the month, code 4600, the amount, the due
/// day, whether it is marked paid); `None` when the month owes none.
pub fn darf_line(language: Language, amounts: AmountFormat, month: &MonthReport) -> Option<String> {
    let darf = month.darf.as_ref()?;
    let due = darf
        .due
        .map(|due| date_text(language, due))
        .unwrap_or_default();
    let key = if month.paid {
        "taxes.darf_line_paid"
    } else {
        "taxes.darf_line"
    };
    Some(tr_with(
        language,
        key,
        &[
            ("month", &month_title(language, month.month)),
            ("code", darf.code),
            ("amount", &amounts.brl(darf.amount_brl)),
            ("due", &due),
        ],
    ))
}

/// The kind of a ledger entry in words.
pub fn kind_text(language: Language, kind: EntryKind) -> String {
    let key = match kind {
        EntryKind::Buy => "taxes.kind.buy",
        EntryKind::Sell => "taxes.kind.sell",
        EntryKind::SwapOut => "taxes.kind.swap_out",
        EntryKind::SwapIn => "taxes.kind.swap_in",
        EntryKind::Arrived => "taxes.kind.arrived",
        EntryKind::Claim => "taxes.kind.claim",
        EntryKind::Outflow => "taxes.kind.outflow",
        EntryKind::OwnMove => "taxes.kind.own_move",
        EntryKind::Payment => "taxes.kind.payment",
        EntryKind::Gift => "taxes.kind.gift",
        EntryKind::ToOwnWallet => "taxes.kind.to_own_wallet",
        EntryKind::FromOwnWallet => "taxes.kind.from_own_wallet",
    };
    tr(language, key).into_owned()
}

/// What is unusual about an entry, each in a few words.
pub fn flag_texts(language: Language, flags: Flags) -> Vec<String> {
    flags
        .keys()
        .map(|key| {
            let key = match key {
                "service-price" => "taxes.flag.service_price",
                "typed-value" => "taxes.flag.typed",
                "value-missing" => "taxes.flag.value_missing",
                "cost-missing" => "taxes.flag.cost_missing",
                "oversold" => "taxes.flag.oversold",
                "outflow-to-others" => "taxes.flag.outflow",
                "in-motion" => "taxes.flag.in_motion",
                "value-by-practice" => "taxes.flag.practice_value",
                "dollar-rate-failed" => "taxes.flag.rate_failed",
                _ => "taxes.flag.creation_time",
            };
            tr(language, key).into_owned()
        })
        .collect()
}

/// A rule's standing in words: `in force`, `practice, not law`, `unclear`.
pub fn standing_text(language: Language, standing: Standing) -> &'static str {
    standing.text(report_language(language))
}

/// A rule in words, with its standing and source: what a label beside a
/// figure says on hover and to a screen reader.
pub fn reading_text(language: Language, reading: Reading) -> String {
    let core = report_language(language);
    tr_with(
        language,
        "taxes.reading",
        &[
            ("standing", reading.standing().text(core)),
            ("rule", reading.text(core)),
            ("source", reading.source(core)),
        ],
    )
}

/// A rule's short name, for the label beside a figure.
pub fn reading_name(language: Language, reading: Reading) -> String {
    let key = match reading {
        Reading::ExemptionLimit => "taxes.rule.exemption_limit",
        Reading::BrasiliaMonth => "taxes.rule.brasilia_month",
        Reading::Rates => "taxes.rule.rates",
        Reading::BracketsOnMonthTotal => "taxes.rule.brackets",
        Reading::Darf => "taxes.rule.darf",
        Reading::DarfUnderTen => "taxes.rule.darf_under_ten",
        Reading::BusinessDays => "taxes.rule.business_days",
        Reading::Swap => "taxes.rule.swap",
        Reading::WeightedAverageCost => "taxes.rule.average_cost",
        Reading::SaleFee => "taxes.rule.sale_fee",
        Reading::OneAssetAcrossChains => "taxes.rule.one_asset",
        Reading::LossesNotOffset => "taxes.rule.losses",
        Reading::ClaimsAtGross => "taxes.rule.claims_at_gross",
        Reading::ClaimTaxWithheld => "taxes.rule.claim_tax_withheld",
        Reading::ClaimAsBrlv => "taxes.rule.claim_as_brlv",
        Reading::ServicePrice => "taxes.rule.service_price",
        Reading::TypedValue => "taxes.rule.typed_value",
        Reading::ValueMissing => "taxes.rule.value_missing",
        Reading::ArrivedCost => "taxes.rule.arrived_cost",
        Reading::OutflowToOthers => "taxes.rule.outflow",
        Reading::OwnMove => "taxes.rule.own_move",
        Reading::Oversold => "taxes.rule.oversold",
        Reading::InMotion => "taxes.rule.in_motion",
        Reading::ForeignFiat => "taxes.rule.foreign_fiat",
        Reading::BensCodes => "taxes.rule.bens_codes",
        Reading::YieldTokenCode => "taxes.rule.yield_token_code",
        Reading::Custodian => "taxes.rule.custodian",
        Reading::ExemptGains => "taxes.rule.exempt_gains",
        Reading::ServiceFigure => "taxes.rule.service_figure",
        Reading::PaymentInTokens => "taxes.rule.payment_in_tokens",
        Reading::Gift => "taxes.rule.gift",
        Reading::SelfCustody => "taxes.rule.self_custody",
        Reading::UnknownOrderState => "taxes.rule.unknown_order_state",
        Reading::DeCripto => "taxes.rule.decripto",
    };
    tr(language, key).into_owned()
}

/// The report's disclaimer: a help for the declaration, not tax advice.
pub fn disclaimer(language: Language) -> &'static str {
    brlv_core::tax::rules::disclaimer(report_language(language))
}

/// The money held at the service on a day, in words: the line itself, how
/// it was read, and the flag it carries when it was not read on the day.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoneyHeldWords {
    /// `BRL held at the service on 31 Dec 2026: R$15,000.00`.
    pub head: String,
    /// How the figure was read.
    pub how: String,
    /// The flag's key (`taxes.bens.money.badge_*`), when it carries one.
    pub flag: Option<&'static str>,
}

/// `held`, the money at the service on `date` (already written), in words.
pub fn money_held_words(
    language: Language,
    amounts: AmountFormat,
    held: &brlv_core::tax::declaration::MoneyHeld,
    date: &str,
) -> MoneyHeldWords {
    use brlv_core::api::model::Asset;
    use brlv_core::tax::declaration::MoneyReading;
    let amount_text = |amount: rust_decimal::Decimal| match held.currency {
        "USD" => amounts.of_asset(amount, Some(&Asset::FiatUsd)).text(),
        _ => amounts.brl(amount),
    };
    let amount = held.amount.map(amount_text).unwrap_or_default();
    let head = tr_with(
        language,
        "taxes.bens.money.held",
        &[
            ("currency", held.currency),
            ("date", date),
            ("amount", &amount),
        ],
    );
    let unread = |unread: &[&str]| {
        if unread.is_empty() {
            String::new()
        } else {
            format!(" {}", tr(language, "taxes.bens.money.deposits_unread"))
        }
    };
    let (how, flag) = match &held.reading {
        MoneyReading::OnTheDay => (
            tr(language, "taxes.bens.money.on_the_day").into_owned(),
            None,
        ),
        MoneyReading::Reconstructed {
            read_on,
            balance,
            movements,
            unread: missing,
        } => (
            tr_with(
                language,
                "taxes.bens.money.reconstructed",
                &[
                    ("balance", &amount_text(*balance)),
                    ("read_on", &date_text(language, *read_on)),
                    ("count", &movements.to_string()),
                ],
            ) + &unread(missing),
            Some("taxes.bens.money.badge_reconstructed"),
        ),
        MoneyReading::FromMovements {
            movements,
            balance_missing,
            unread: missing,
        } => (
            tr_with(
                language,
                "taxes.bens.money.from_movements",
                &[
                    ("count", &movements.to_string()),
                    ("reason", balance_missing),
                ],
            ) + &unread(missing),
            Some("taxes.bens.money.badge_from_movements"),
        ),
        MoneyReading::BelowZero { sum } => (
            tr_with(
                language,
                "taxes.bens.money.below_zero",
                &[("sum", &amount_text(*sum))],
            ),
            Some("taxes.bens.money.badge_no_figure"),
        ),
        MoneyReading::Unknown(reason) => (
            tr_with(language, "taxes.bens.money.unknown", &[("reason", reason)]),
            Some("taxes.bens.money.badge_no_figure"),
        ),
    };
    MoneyHeldWords { head, how, flag }
}

/// That each sale of the taxable months goes through GCAP, naming them;
/// `None` when no month was taxable.
pub fn gcap_text(
    language: Language,
    declaration: &brlv_core::tax::declaration::Declaration,
) -> Option<String> {
    if declaration.gcap_months.is_empty() {
        return None;
    }
    let months: Vec<String> = declaration
        .gcap_months
        .iter()
        .map(|month| month_title(language, *month))
        .collect();
    Some(tr_with(
        language,
        "taxes.bens.gcap",
        &[("months", &months.join(", "))],
    ))
}
