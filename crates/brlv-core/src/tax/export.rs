//! The report as CSV, for accountants' spreadsheets and scripts: a header
//! row, amounts as plain decimals with a point, dates as ISO 8601 (a
//! ledger date with Brasília's offset).
//!
//! - `ledger.csv`: every entry, with the average cost before and after, the
//!   gain of every sale (payments in tokens included) and, for tokens that
//!   left to someone else, what the person answered they were;
//! - `months.csv`: each month against R$35,000, its tax and its DARF, and
//!   the tokens that went to or came from outside the service against
//!   DeCripto's line;
//! - `positions.csv`: what is held at the year's end, with the Bens e
//!   Direitos code and the Discriminação text.

use std::collections::HashMap;
use std::io::Write;

use rust_decimal::Decimal;
use time::format_description::well_known::Rfc3339;

use super::brasilia;
use super::input::LedgerInput;
use super::ledger::{Holding, Ledger, RecordRef};
use super::months::MonthReport;
use super::year::{BENS_GROUP, Position};
use crate::api::model::Order;

/// A BRL amount with at least its two places (`35000.00`).
fn brl(value: Decimal) -> String {
    let mut value = value;
    if value.scale() < 2 {
        value.rescale(2);
    }
    value.to_string()
}

fn date(value: time::Date) -> String {
    format!(
        "{:04}-{:02}-{:02}",
        value.year(),
        u8::from(value.month()),
        value.day()
    )
}

/// The record's kind and id, as the ledger's CSV writes them.
pub fn record_id(input: &LedgerInput<'_>, record: RecordRef) -> (&'static str, Option<String>) {
    let at = |index: u32| usize::try_from(index).unwrap_or(usize::MAX);
    match record {
        RecordRef::Order(index) => (
            "order",
            input
                .orders
                .get(at(index))
                .map(|order| order.id.to_string()),
        ),
        RecordRef::Claim(index) => (
            "claim",
            input
                .claims
                .get(at(index))
                .map(|made| made.claim.id.to_string()),
        ),
        RecordRef::Deposit(list, index) => (
            "deposit",
            input
                .deposits
                .get(usize::from(list))
                .and_then(|list| list.deposits.get(at(index)))
                .map(|deposit| deposit.id.to_string()),
        ),
        RecordRef::Transfer(index) => (
            "transfer",
            input
                .transfers
                .get(at(index))
                .map(|transfer| transfer.id.to_string()),
        ),
        RecordRef::Withdrawal(index) => (
            "withdrawal",
            input
                .withdrawals
                .get(at(index))
                .map(|withdrawal| withdrawal.id.to_string()),
        ),
    }
}

/// The columns of `ledger.csv`.
pub const LEDGER_COLUMNS: [&str; 19] = [
    "date",
    "month",
    "order_id",
    "record",
    "asset",
    "kind",
    "quantity",
    "value_brl",
    "fee_brl",
    "cost_brl",
    "gain_brl",
    "tax_withheld_brl",
    "quantity_after",
    "average_cost_brl_before",
    "average_cost_brl_after",
    "total_cost_brl_after",
    "warnings",
    "value_source",
    "outflow_answer",
];

/// What an entry's `outflow_answer` column says: the answer for tokens
/// that left to someone else (`payment`, `own`, `gift`), `unanswered`
/// for one counted as a payment until answered, empty for the rest.
pub fn outflow_answer_cell(kind: super::ledger::EntryKind) -> &'static str {
    match kind.outflow_answer() {
        Some(answer) => answer.key(),
        None if kind == super::ledger::EntryKind::Outflow => "unanswered",
        None => "",
    }
}

/// The entries of `year` (every entry with `None`), oldest first, each
/// with what its asset held just before it (the average cost before).
pub fn entries_with_holding_before(
    ledger: &Ledger,
    year: Option<i32>,
) -> impl Iterator<Item = (&super::ledger::Entry, Holding)> {
    let mut before: HashMap<u16, Holding> = HashMap::new();
    ledger.entries.iter().filter_map(move |entry| {
        let held = before.insert(
            entry.asset,
            Holding {
                quantity: entry.quantity_after,
                total_cost: entry.total_cost_after,
            },
        );
        year.is_none_or(|year| entry.month.year == year)
            .then(|| (entry, held.unwrap_or_default()))
    })
}

/// Writes `ledger.csv`: the entries of `year` (every entry with `None`).
pub fn write_ledger(
    out: impl Write,
    ledger: &Ledger,
    input: &LedgerInput<'_>,
    year: Option<i32>,
) -> Result<(), csv::Error> {
    let mut writer = crate::csv_cell::Writer::from_writer(out);
    writer.write_record(LEDGER_COLUMNS)?;
    for (entry, held) in entries_with_holding_before(ledger, year) {
        let (record, id) = record_id(input, entry.record);
        let at = brasilia::in_brasilia(entry.at.get())
            .format(&Rfc3339)
            .unwrap_or_default();
        let is_sale = entry.kind.is_sale();
        let withheld = match entry.record {
            RecordRef::Claim(index) => input
                .claims
                .get(usize::try_from(index).unwrap_or(usize::MAX))
                .and_then(|made| made.claim.tax_amount)
                .map(brl)
                .unwrap_or_default(),
            _ => String::new(),
        };
        let warnings: Vec<&str> = entry.flags.keys().collect();
        writer.write_record([
            at,
            entry.month.iso(),
            id.unwrap_or_default(),
            record.to_owned(),
            ledger.asset_name(entry.asset).to_owned(),
            entry.kind.key().to_owned(),
            entry.quantity.to_string(),
            brl(entry.value_brl),
            if is_sale {
                brl(entry.value_brl - entry.cost_brl - entry.gain_brl)
            } else {
                String::new()
            },
            brl(entry.cost_brl),
            if is_sale {
                brl(entry.gain_brl)
            } else {
                String::new()
            },
            withheld,
            entry.quantity_after.to_string(),
            held.average_cost().to_string(),
            entry.average_cost_after().to_string(),
            brl(entry.total_cost_after),
            warnings.join(";"),
            entry.source.key().to_owned(),
            outflow_answer_cell(entry.kind).to_owned(),
        ])?;
    }
    // The orders in a state the report does not know, counted nowhere: one
    // row each, with nothing in its figures, so the file says they exist.
    for order in &ledger.not_counted {
        if year.is_some_and(|year| order.month.is_some_and(|month| month.year != year)) {
            continue;
        }
        let record = input.orders.get(match order.record {
            RecordRef::Order(index) => usize::try_from(index).unwrap_or(usize::MAX),
            _ => usize::MAX,
        });
        let at = order
            .at
            .and_then(|at| brasilia::in_brasilia(at.get()).format(&Rfc3339).ok())
            .unwrap_or_default();
        let asset = record
            .and_then(|order| order.source_asset.as_ref())
            .map(|asset| super::input::ticker_of(asset).into_owned())
            .unwrap_or_default();
        let quantity = record
            .and_then(Order::source_amount)
            .map(|amount| amount.to_string())
            .unwrap_or_default();
        let mut row = vec![String::new(); LEDGER_COLUMNS.len()];
        row[0] = at;
        row[1] = order.month.map(|month| month.iso()).unwrap_or_default();
        row[2] = record.map(|order| order.id.to_string()).unwrap_or_default();
        row[3] = "order".to_owned();
        row[4] = asset;
        row[5] = NOT_COUNTED_KIND.to_owned();
        row[6] = quantity;
        row[16] = format!("unknown-state:{}", ledger.not_counted_state(order));
        writer.write_record(row)?;
    }
    writer.flush()?;
    Ok(())
}

/// The kind `ledger.csv` gives an order in a state the report does not
/// know (its figures empty, its state in `warnings`).
pub const NOT_COUNTED_KIND: &str = "not-counted";

/// The columns of `months.csv`.
pub const MONTH_COLUMNS: [&str; 19] = [
    "month",
    "sales_brl",
    "exempt",
    "gain_brl",
    "tax_brl",
    "darf_due",
    "claims_brl",
    "claims_tax_withheld_brl",
    "taxable_gain_brl",
    "exempt_gain_brl",
    "carried_in_brl",
    "darf_code",
    "darf_brl",
    "carried_out_brl",
    "paid",
    "outside_service_brl",
    "decripto_line_brl",
    "decripto_source",
    "orders_not_counted",
];

/// Writes `months.csv`.
pub fn write_months(out: impl Write, months: &[MonthReport]) -> Result<(), csv::Error> {
    let mut writer = crate::csv_cell::Writer::from_writer(out);
    writer.write_record(MONTH_COLUMNS)?;
    for month in months {
        let darf = month.darf.as_ref();
        writer.write_record([
            month.month.iso(),
            brl(month.sales_brl),
            month.exempt.to_string(),
            brl(month.gain_brl),
            brl(month.tax_brl),
            darf.and_then(|darf| darf.due).map(date).unwrap_or_default(),
            brl(month.claims_gross_brl),
            brl(month.claims_tax_withheld_brl),
            brl(month.taxable_gain_brl),
            brl(month.exempt_gain_brl),
            brl(month.carried_in_brl),
            darf.map(|darf| darf.code.to_owned()).unwrap_or_default(),
            darf.map(|darf| brl(darf.amount_brl)).unwrap_or_default(),
            brl(month.carried_out_brl),
            month.paid.to_string(),
            brl(month.external_brl),
            month
                .decripto
                .map(|decripto| brl(decripto.limit_brl))
                .unwrap_or_default(),
            month
                .decripto
                .map(|decripto| {
                    decripto
                        .rule
                        .source(super::rules::Language::English)
                        .to_owned()
                })
                .unwrap_or_default(),
            month.not_counted.to_string(),
        ])?;
    }
    writer.flush()?;
    Ok(())
}

/// The columns of `positions.csv`.
pub const POSITION_COLUMNS: [&str; 9] = [
    "asset",
    "quantity",
    "average_cost_brl",
    "total_cost_brl",
    "on",
    "bens_group",
    "bens_code",
    "bens_code_note",
    "discriminacao",
];

/// Writes `positions.csv`, the positions held on `on`.
pub fn write_positions(
    out: impl Write,
    positions: &[Position],
    on: time::Date,
) -> Result<(), csv::Error> {
    let mut writer = crate::csv_cell::Writer::from_writer(out);
    writer.write_record(POSITION_COLUMNS)?;
    for position in positions {
        let note = if position.code_chosen {
            "chosen"
        } else if position.code_uncertain {
            "suggested-uncertain"
        } else {
            "suggested"
        };
        writer.write_record([
            position.asset.clone(),
            position.quantity.to_string(),
            position.average_cost_brl.to_string(),
            brl(position.total_cost_brl),
            date(on),
            BENS_GROUP.to_owned(),
            position.code.code().to_owned(),
            note.to_owned(),
            position.discriminacao.clone(),
        ])?;
    }
    writer.flush()?;
    Ok(())
}

/// The columns of `gcap-sales.csv`: what the Receita's GCAP program asks of
/// each sale of a taxable month.
pub const GCAP_COLUMNS: [&str; 9] = [
    "date",
    "month",
    "asset",
    "nature",
    "quantity",
    "value_brl",
    "cost_brl",
    "fee_brl",
    "gain_brl",
];

/// Writes `gcap-sales.csv`: each sale of the taxable months, one a row.
pub fn write_gcap_sales(
    out: impl Write,
    sales: &[super::declaration::GcapSale],
) -> Result<(), csv::Error> {
    let mut writer = crate::csv_cell::Writer::from_writer(out);
    writer.write_record(GCAP_COLUMNS)?;
    for sale in sales {
        writer.write_record([
            sale.at.format(&Rfc3339).unwrap_or_default(),
            sale.month.iso(),
            sale.asset.clone(),
            sale.nature.key().to_owned(),
            sale.quantity.normalize().to_string(),
            brl(sale.value_brl),
            brl(sale.cost_brl),
            brl(sale.fee_brl),
            brl(sale.gain_brl),
        ])?;
    }
    writer.flush()?;
    Ok(())
}

/// The columns of `bens-e-direitos.csv`.
pub const BENS_COLUMNS: [&str; 17] = [
    "asset",
    "bens_group",
    "bens_code",
    "bens_code_note",
    "previous_on",
    "previous_quantity",
    "previous_cost_brl",
    "this_on",
    "this_quantity",
    "this_cost_brl",
    "threshold",
    "custodian_cnpj",
    "discriminacao",
    "previous_reference_rate",
    "previous_reference_brl",
    "this_reference_rate",
    "this_reference_brl",
];

/// The lists a money figure could not read, as the CSV says them.
fn unread_text(unread: &[&str]) -> String {
    if unread.is_empty() {
        String::new()
    } else {
        format!("; not read: {}", unread.join(", "))
    }
}

/// How a balance was read, in the CSV's machine words (a reason the
/// service or the window gave stays in the person's language).
pub fn money_reading_note(reading: &super::declaration::MoneyReading) -> String {
    use super::declaration::MoneyReading;
    match reading {
        MoneyReading::OnTheDay => "service-balance-on-the-day".to_owned(),
        MoneyReading::Reconstructed {
            read_on,
            balance,
            movements,
            unread,
        } => format!(
            "reconstructed: service-balance-read-on-{} {balance} less {movements} movements since{}",
            date(*read_on),
            unread_text(unread)
        ),
        MoneyReading::FromMovements {
            movements,
            balance_missing,
            unread,
        } => format!(
            "from-movements: sum of {movements} movements (no balance: {balance_missing}){}",
            unread_text(unread)
        ),
        MoneyReading::BelowZero { sum } => format!(
            "unknown: the movements the lists show come to {sum}, below zero: take it from the statement"
        ),
        MoneyReading::Unknown(reason) => format!("unknown: {reason}"),
    }
}

/// `bens-e-direitos.csv`: one row per line of Bens e Direitos, then the money
/// held at the service in both columns (reais; dollars at their cost in
/// reais, the PTAX buying rate of 31/12 beside for reference), each
/// column's reading in `bens_code_note`.
pub fn write_bens(
    out: impl Write,
    declaration: &super::declaration::Declaration,
) -> Result<(), csv::Error> {
    use super::declaration::CnpjField;
    let mut writer = crate::csv_cell::Writer::from_writer(out);
    writer.write_record(BENS_COLUMNS)?;
    let cnpj = match &declaration.custodian_cnpj {
        CnpjField::Valid { written, .. } => written.clone(),
        CnpjField::Invalid { .. } | CnpjField::Missing => String::new(),
    };
    for line in &declaration.lines {
        let note = if line.code_chosen {
            "chosen"
        } else if line.code_uncertain {
            "suggested-uncertain"
        } else {
            "suggested"
        };
        let mut row = vec![
            line.asset.clone(),
            BENS_GROUP.to_owned(),
            line.code.code().to_owned(),
            note.to_owned(),
            date(line.previous.on),
            line.previous.quantity.normalize().to_string(),
            brl(line.previous.total_cost_brl),
            date(line.this.on),
            line.this.quantity.normalize().to_string(),
            brl(line.this.total_cost_brl),
            line.threshold.key().to_owned(),
            cnpj.clone(),
            line.discriminacao.clone(),
        ];
        row.resize(BENS_COLUMNS.len(), String::new());
        writer.write_record(row)?;
    }
    for money in &declaration.money {
        let reference = |column: &super::declaration::MoneyColumn| match &column.reference {
            Some(reference) => [
                reference.rate.rate.buying.to_string(),
                brl(reference.value_brl),
            ],
            None => [String::new(), String::new()],
        };
        let [previous_rate, previous_value] = reference(&money.previous);
        let [this_rate, this_value] = reference(&money.this);
        let mut note = format!(
            "previous: {}; this: {}",
            money_reading_note(&money.previous.reading),
            money_reading_note(&money.this.reading)
        );
        if let Some(unexplained) = money.unexplained.filter(|gap| !gap.is_zero()) {
            note.push_str(&format!(
                "; the service's balance is {unexplained} more than the movements the lists show"
            ));
        }
        writer.write_record([
            money.currency.to_owned(),
            String::new(),
            String::new(),
            note,
            date(money.previous.on),
            money.previous.amount.map(brl).unwrap_or_default(),
            money.previous.cost_brl.map(brl).unwrap_or_default(),
            date(money.this.on),
            money.this.amount.map(brl).unwrap_or_default(),
            money.this.cost_brl.map(brl).unwrap_or_default(),
            String::new(),
            cnpj.clone(),
            money.discriminacao(&money.this, &declaration.custodian),
            previous_rate,
            previous_value,
            this_rate,
            this_value,
        ])?;
    }
    writer.flush()?;
    Ok(())
}

/// The columns of `late-darfs.csv`.
pub const LATE_DARF_COLUMNS: [&str; 12] = [
    "month",
    "darf_code",
    "darf_brl",
    "due",
    "paid_on",
    "days_late",
    "fine_rate",
    "fine_brl",
    "interest_percent",
    "interest_brl",
    "total_brl",
    "selic_missing",
];

/// Writes `late-darfs.csv`: each DARF not marked paid by its due date, as
/// it comes to on the day given; an interest not known is left empty, with
/// the months whose Selic is missing and why (in `language`).
pub fn write_late_darfs(
    out: impl Write,
    late: &[super::darf::LateDarf],
    language: super::rules::Language,
) -> Result<(), csv::Error> {
    let mut writer = crate::csv_cell::Writer::from_writer(out);
    writer.write_record(LATE_DARF_COLUMNS)?;
    for darf in late {
        let missing: Vec<String> = darf
            .missing_selic()
            .map(|(month, problem)| format!("{month}: {}", problem.text(month, language)))
            .collect();
        writer.write_record([
            darf.month.iso(),
            super::months::DARF_CODE.to_owned(),
            brl(darf.amount_brl),
            date(darf.due),
            date(darf.paid_on),
            darf.days_late.to_string(),
            darf.fine_rate.normalize().to_string(),
            brl(darf.fine_brl),
            darf.interest_percent
                .map(|percent| percent.normalize().to_string())
                .unwrap_or_default(),
            darf.interest_brl.map(brl).unwrap_or_default(),
            darf.total_brl.map(brl).unwrap_or_default(),
            missing.join("; "),
        ])?;
    }
    writer.flush()?;
    Ok(())
}
