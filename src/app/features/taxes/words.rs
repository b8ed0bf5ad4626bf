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

/// A late DARF in short: `overdue 154 days · R$206.63 today` (or `if paid
/// on …` when the day of payment is not `today`); the known part when a
/// month's Selic is missing.
pub fn overdue_short(
    language: Language,
    amounts: AmountFormat,
    darf: &brlv_core::tax::darf::LateDarf,
    today: Date,
) -> String {
    let (late, owed) = overdue_parts(language, amounts, darf, today);
    format!("{late} · {owed}")
}

/// A late DARF's two halves, for a month's row that shows them in two
/// cells: how late it is (`overdue 154 days`) and what it comes to
/// (`R$206.63 today`, or `if paid on …`).
pub fn overdue_parts(
    language: Language,
    amounts: AmountFormat,
    darf: &brlv_core::tax::darf::LateDarf,
    today: Date,
) -> (String, String) {
    let amount = darf.total_brl.map_or_else(
        || {
            tr_with(
                language,
                "taxes.overdue_at_least",
                &[("amount", &amounts.brl(darf.known_part_brl()))],
            )
        },
        |total| amounts.brl(total),
    );
    let late = tr_with(
        language,
        "taxes.overdue_days",
        &[("days", &darf.days_late.to_string())],
    );
    let owed = if darf.paid_on == today {
        tr_with(language, "taxes.overdue_today", &[("amount", &amount)])
    } else {
        tr_with(
            language,
            "taxes.overdue_on",
            &[
                ("amount", &amount),
                ("date", &date_text(language, darf.paid_on)),
            ],
        )
    };
    (late, owed)
}

/// A late DARF in full, as the view and the PDF say it: what is owed and
/// how late, the fine, the Selic interest (or which months' Selic is
/// missing and why), and the total; one line each.
pub fn late_darf_lines(
    language: Language,
    amounts: AmountFormat,
    darf: &brlv_core::tax::darf::LateDarf,
    today: Date,
) -> Vec<String> {
    // A rate as written: 20, 16.83, 5.95 (no places it does not have).
    let percent = |value: rust_decimal::Decimal| amounts.number(value.normalize(), 0);
    let month = month_title(language, darf.month);
    let mut lines = vec![
        tr_with(
            language,
            "taxes.late.owed",
            &[
                ("month", &month),
                ("amount", &amounts.brl(darf.amount_brl)),
                ("due", &date_text(language, darf.due)),
                ("days", &darf.days_late.to_string()),
                ("paid_on", &date_text(language, darf.paid_on)),
            ],
        ),
        tr_with(
            language,
            if darf.fine_capped {
                "taxes.late.fine_capped"
            } else {
                "taxes.late.fine"
            },
            &[
                ("month", &month),
                ("fine", &amounts.brl(darf.fine_brl)),
                (
                    "rate",
                    &percent(darf.fine_rate * rust_decimal::Decimal::ONE_HUNDRED),
                ),
            ],
        ),
    ];
    match (darf.interest_brl, darf.interest_percent, darf.total_brl) {
        (Some(interest), Some(rate), Some(total)) => {
            lines.push(tr_with(
                language,
                "taxes.late.interest",
                &[
                    ("month", &month),
                    ("interest", &amounts.brl(interest)),
                    ("rate", &percent(rate)),
                    ("months", &darf.interest_months.len().to_string()),
                ],
            ));
            lines.push(if darf.paid_on == today {
                tr_with(
                    language,
                    "taxes.late.total",
                    &[("month", &month), ("total", &amounts.brl(total))],
                )
            } else {
                tr_with(
                    language,
                    "taxes.late.total_on",
                    &[
                        ("month", &month),
                        ("total", &amounts.brl(total)),
                        ("date", &date_text(language, darf.paid_on)),
                    ],
                )
            });
        }
        _ => {
            let core = report_language(language);
            let missing: Vec<String> = darf
                .missing_selic()
                .map(|(selic_month, problem)| {
                    format!(
                        "{} ({})",
                        month_title(language, selic_month),
                        problem.text(selic_month, core)
                    )
                })
                .collect();
            lines.push(tr_with(
                language,
                "taxes.late.interest_missing",
                &[("month", &month), ("months", &missing.join(", "))],
            ));
            lines.push(tr_with(
                language,
                "taxes.late.known_part",
                &[
                    ("month", &month),
                    ("amount", &amounts.brl(darf.known_part_brl())),
                ],
            ));
        }
    }
    lines
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
                "rate-of-previous-business-day" => "taxes.flag.rate_previous_day",
                "provisional-rate" => "taxes.flag.rate_provisional",
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
        Reading::PtaxPreviousBusinessDay => "taxes.rule.ptax_previous_business_day",
        Reading::ProvisionalRate => "taxes.rule.provisional_rate",
        Reading::FeeInForeignCurrency => "taxes.rule.fee_in_foreign_currency",
        Reading::MoneyAtTheService => "taxes.rule.money_at_the_service",
    };
    tr(language, key).into_owned()
}

/// The report's disclaimer: a help for the declaration, not tax advice.
pub fn disclaimer(language: Language) -> &'static str {
    brlv_core::tax::rules::disclaimer(report_language(language))
}

/// The money held at the service on a day, in words: the line itself, how
/// it was read, the flag it carries when it was not read on the day, and
/// for dollars what they cost in reais and the PTAX of 31/12 beside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoneyHeldWords {
    /// `BRL held at the service on 31 Dec 2026: R$15,000.00`.
    pub head: String,
    /// How the figure was read.
    pub how: String,
    /// The flag's key (`taxes.bens.money.badge_*`), when it carries one.
    pub flag: Option<&'static str>,
    /// Dollars: their cost in reais, what is declared.
    pub cost: Option<String>,
    /// Dollars on 31/12: the PTAX buying rate of the day, for reference.
    pub reference: Option<String>,
}

/// `column` of `held`, the money at the service on its day, in words.
pub fn money_held_words(
    language: Language,
    amounts: AmountFormat,
    held: &brlv_core::tax::declaration::MoneyHeld,
    column: &brlv_core::tax::declaration::MoneyColumn,
) -> MoneyHeldWords {
    use brlv_core::tax::declaration::MoneyReading;
    let amount_text = |amount: rust_decimal::Decimal| money_amount(amounts, held.currency, amount);
    let amount = column.amount.map(amount_text).unwrap_or_default();
    let date = date_text(language, column.on);
    let head = tr_with(
        language,
        "taxes.bens.money.held",
        &[
            ("currency", held.currency),
            ("date", &date),
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
    let (how, flag) = match &column.reading {
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
    let dollars = held.currency == "USD";
    let cost = column.cost_brl.filter(|_| dollars).map(|cost| {
        let mut text = tr_with(
            language,
            "taxes.bens.money.cost",
            &[("cost", &amounts.brl(cost))],
        );
        if column.uncosted > rust_decimal::Decimal::ZERO {
            text.push(' ');
            text.push_str(&tr_with(
                language,
                "taxes.bens.money.uncosted",
                &[("amount", &amount_text(column.uncosted))],
            ));
        }
        text
    });
    let reference = column.reference.as_ref().map(|reference| {
        let published = reference.rate.rate.published_on;
        let of = if published == reference.day {
            String::new()
        } else {
            tr_with(
                language,
                "taxes.bens.money.reference_of",
                &[("day", &date_text(language, published))],
            )
        };
        tr_with(
            language,
            "taxes.bens.money.reference",
            &[
                ("day", &date_text(language, reference.day)),
                ("of", &of),
                ("rate", &amounts.number(reference.rate.rate.buying, 4)),
                ("value", &amounts.brl(reference.value_brl)),
            ],
        )
    });
    MoneyHeldWords {
        head,
        how,
        flag,
        cost,
        reference,
    }
}

/// An amount of money at the service in its currency: `R$6,000.00`, `US$1,995.00`.
fn money_amount(amounts: AmountFormat, currency: &str, amount: rust_decimal::Decimal) -> String {
    use brlv_core::api::model::Asset;
    match currency {
        "USD" => amounts.of_asset(amount, Some(&Asset::FiatUsd)).text(),
        _ => amounts.brl(amount),
    }
}

/// What the service's own balance and the movements the lists show differ
/// by, when they do: said beside the money held.
pub fn money_unexplained_words(
    language: Language,
    amounts: AmountFormat,
    held: &brlv_core::tax::declaration::MoneyHeld,
) -> Option<String> {
    let gap = held.unexplained.filter(|gap| !gap.is_zero())?;
    Some(tr_with(
        language,
        "taxes.bens.money.unexplained",
        &[
            ("currency", held.currency),
            ("gap", &money_amount(amounts, held.currency, gap.abs())),
        ],
    ))
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
