//! The tax year as one workbook (.xlsx) for an accountant's spreadsheet:
//! the months, the ledger, Bens e Direitos, the sales for GCAP, the late
//! DARFs and the sources, each a sheet. What the CSV files say, with money
//! as numbers in a R$ format and dates as dates, so that Excel or
//! LibreOffice in pt-BR opens it as a table (a CSV with commas and decimal
//! points opens there as one column).
//!
//! The figures are the same the CSV files write (the same [`Ledger`],
//! [`YearReport`], [`Declaration`] and [`LateDarf`]s); the headings and the
//! texts are in the report's language. A spreadsheet's numbers are binary
//! floating point (the file format's own): a Decimal becomes one only in
//! the cell, at the last step, by the writer crate; every sum and rounding
//! was done before, in exact decimals. Reais have two places, which a
//! double holds exactly enough to read back to the centavo; the exact
//! quantities are in `ledger.csv`.

use rust_decimal::Decimal;
use rust_xlsxwriter::{ExcelDateTime, Format, FormatAlign, Workbook, Worksheet, XlsxError};
use time::{Date, OffsetDateTime};

use super::brasilia;
use super::darf::LateDarf;
use super::declaration::{CnpjField, Declaration, MoneyColumn, MoneyHeld};
use super::export::{
    entries_with_holding_before, money_reading_note, outflow_answer_cell, record_id,
};
use super::input::LedgerInput;
use super::ledger::Ledger;
use super::months::DARF_CODE;
use super::rules::{Language, disclaimer};
use super::year::{BENS_GROUP, YearReport};

/// Why the workbook could not be written.
#[derive(Debug, thiserror::Error)]
#[error("the workbook could not be written: {0}")]
pub struct WorkbookError(#[from] XlsxError);

/// What the workbook is made of: the figures the CSV files are written
/// from, and the language of its headings and texts.
#[derive(Clone, Copy, Debug)]
pub struct WorkbookParts<'a> {
    /// The ledger of every year.
    pub ledger: &'a Ledger,
    /// What it was built from (the records' ids).
    pub input: &'a LedgerInput<'a>,
    /// The year's report.
    pub year: &'a YearReport,
    /// The year's declaration, the money at the service included.
    pub declaration: &'a Declaration,
    /// The DARFs not marked paid by their due date, on the day of payment.
    pub late: &'a [LateDarf],
    /// The headings' and texts' language.
    pub language: Language,
}

/// The formats of the cells, made once.
struct Formats {
    heading: Format,
    money: Format,
    number: Format,
    average: Format,
    date: Format,
    moment: Format,
    month: Format,
    percent: Format,
    wrapped: Format,
}

impl Formats {
    fn new(language: Language) -> Formats {
        let (date, moment, month) = match language {
            Language::English => ("yyyy-mm-dd", "yyyy-mm-dd hh:mm:ss", "yyyy-mm"),
            Language::PortugueseBrazil => ("dd/mm/yyyy", "dd/mm/yyyy hh:mm:ss", "mm/yyyy"),
        };
        Formats {
            heading: Format::new().set_bold().set_text_wrap(),
            // The separators are the spreadsheet's own: pt-BR shows R$ 1.234,56.
            money: Format::new().set_num_format("\"R$\" #,##0.00;-\"R$\" #,##0.00"),
            number: Format::new().set_num_format("#,##0.##################"),
            average: Format::new().set_num_format("\"R$\" #,##0.00########"),
            date: Format::new()
                .set_num_format(date)
                .set_align(FormatAlign::Left),
            moment: Format::new()
                .set_num_format(moment)
                .set_align(FormatAlign::Left),
            month: Format::new()
                .set_num_format(month)
                .set_align(FormatAlign::Left),
            percent: Format::new().set_num_format("0.00%"),
            wrapped: Format::new().set_text_wrap(),
        }
    }
}

/// A day as Excel keeps it.
fn excel_day(day: Date) -> Result<ExcelDateTime, XlsxError> {
    ExcelDateTime::from_ymd(
        u16::try_from(day.year()).unwrap_or(1900),
        u8::from(day.month()),
        day.day(),
    )
}

/// A moment as Excel keeps it: the wall clock in Brasília (a cell has no zone).
fn excel_moment(moment: OffsetDateTime) -> Result<ExcelDateTime, XlsxError> {
    let local = brasilia::in_brasilia(moment);
    excel_day(local.date())?.and_hms(u16::from(local.hour()), local.minute(), local.second())
}

/// One sheet being written, a row at a time.
struct Sheet<'a> {
    sheet: &'a mut Worksheet,
    formats: &'a Formats,
    row: u32,
}

impl<'a> Sheet<'a> {
    /// A sheet with its headings (in `language`) written, frozen above its rows.
    fn start(
        sheet: &'a mut Worksheet,
        formats: &'a Formats,
        headings: &[(&str, &str)],
        language: Language,
    ) -> Result<Sheet<'a>, XlsxError> {
        let mut rows = Sheet {
            sheet,
            formats,
            row: 0,
        };
        rows.headings(headings, language)?;
        Ok(rows)
    }

    fn headings(&mut self, headings: &[(&str, &str)], language: Language) -> Result<(), XlsxError> {
        for (column, (english, portuguese)) in headings.iter().enumerate() {
            let text = match language {
                Language::English => english,
                Language::PortugueseBrazil => portuguese,
            };
            let column = u16::try_from(column).unwrap_or(u16::MAX);
            self.sheet
                .write_string_with_format(0, column, *text, &self.formats.heading)?;
            self.sheet.set_column_width(column, 14)?;
        }
        self.sheet.set_freeze_panes(1, 0)?;
        self.row = 1;
        Ok(())
    }

    fn next(&mut self) {
        self.row += 1;
    }

    fn text(&mut self, column: u16, text: &str) -> Result<(), XlsxError> {
        if !text.is_empty() {
            self.sheet.write_string(self.row, column, text)?;
        }
        Ok(())
    }

    fn long_text(&mut self, column: u16, text: &str) -> Result<(), XlsxError> {
        self.sheet
            .write_string_with_format(self.row, column, text, &self.formats.wrapped)?;
        Ok(())
    }

    fn money(&mut self, column: u16, value: Decimal) -> Result<(), XlsxError> {
        self.sheet
            .write_with_format(self.row, column, value, &self.formats.money)?;
        Ok(())
    }

    fn money_if(&mut self, column: u16, value: Option<Decimal>) -> Result<(), XlsxError> {
        value.map_or(Ok(()), |value| self.money(column, value))
    }

    fn number(&mut self, column: u16, value: Decimal) -> Result<(), XlsxError> {
        self.sheet
            .write_with_format(self.row, column, value, &self.formats.number)?;
        Ok(())
    }

    fn average(&mut self, column: u16, value: Decimal) -> Result<(), XlsxError> {
        self.sheet
            .write_with_format(self.row, column, value, &self.formats.average)?;
        Ok(())
    }

    fn percent(&mut self, column: u16, fraction: Decimal) -> Result<(), XlsxError> {
        self.sheet
            .write_with_format(self.row, column, fraction, &self.formats.percent)?;
        Ok(())
    }

    fn date(&mut self, column: u16, day: Date) -> Result<(), XlsxError> {
        self.sheet.write_datetime_with_format(
            self.row,
            column,
            excel_day(day)?,
            &self.formats.date,
        )?;
        Ok(())
    }

    fn month(&mut self, column: u16, month: super::YearMonth) -> Result<(), XlsxError> {
        match month.first_day() {
            Some(day) => {
                self.sheet.write_datetime_with_format(
                    self.row,
                    column,
                    excel_day(day)?,
                    &self.formats.month,
                )?;
                Ok(())
            }
            None => self.text(column, &month.iso()),
        }
    }

    fn moment(&mut self, column: u16, moment: OffsetDateTime) -> Result<(), XlsxError> {
        self.sheet.write_datetime_with_format(
            self.row,
            column,
            excel_moment(moment)?,
            &self.formats.moment,
        )?;
        Ok(())
    }
}

/// The words of `language`.
fn say(language: Language, english: &'static str, portuguese: &'static str) -> &'static str {
    match language {
        Language::English => english,
        Language::PortugueseBrazil => portuguese,
    }
}

/// The workbook's bytes (an .xlsx file).
pub fn workbook(parts: &WorkbookParts<'_>) -> Result<Vec<u8>, WorkbookError> {
    let language = parts.language;
    let formats = Formats::new(language);
    let mut book = Workbook::new();
    months_sheet(
        book.add_worksheet()
            .set_name(say(language, "Months", "Meses"))?,
        &formats,
        parts,
    )?;
    ledger_sheet(
        book.add_worksheet()
            .set_name(say(language, "Ledger", "Lançamentos"))?,
        &formats,
        parts,
    )?;
    bens_sheet(
        book.add_worksheet().set_name("Bens e Direitos")?,
        &formats,
        parts,
    )?;
    gcap_sheet(
        book.add_worksheet()
            .set_name(say(language, "GCAP sales", "Vendas GCAP"))?,
        &formats,
        parts,
    )?;
    late_sheet(
        book.add_worksheet()
            .set_name(say(language, "Late DARFs", "DARFs em atraso"))?,
        &formats,
        parts,
    )?;
    sources_sheet(
        book.add_worksheet()
            .set_name(say(language, "Sources", "Fontes"))?,
        &formats,
        parts,
    )?;
    Ok(book.save_to_buffer()?)
}

/// The headings of the months' sheet, in the order of its columns.
pub const MONTH_HEADINGS: [(&str, &str); 15] = [
    ("Month", "Mês"),
    ("Sales", "Vendas"),
    ("Against R$35,000", "Contra R$ 35.000"),
    ("Gain or loss", "Ganho ou prejuízo"),
    ("Tax", "Imposto"),
    ("DARF code", "Código do DARF"),
    ("DARF", "DARF"),
    ("Due", "Vencimento"),
    ("Paid", "Pago"),
    (
        "Carried in (under R$10)",
        "Acumulado de meses anteriores (abaixo de R$ 10)",
    ),
    ("Carried out", "Acumulado para os meses seguintes"),
    ("Claims (gross)", "Resgates (bruto)"),
    ("Tax withheld on claims", "Imposto retido nos resgates"),
    (
        "Outside the service (DeCripto)",
        "Fora do serviço (DeCripto)",
    ),
    ("Orders not counted", "Ordens não contadas"),
];

fn months_sheet(
    sheet: &mut Worksheet,
    formats: &Formats,
    parts: &WorkbookParts<'_>,
) -> Result<(), XlsxError> {
    let language = parts.language;
    let mut rows = Sheet::start(sheet, formats, &MONTH_HEADINGS, language)?;
    for month in &parts.year.months {
        rows.month(0, month.month)?;
        rows.money(1, month.sales_brl)?;
        rows.text(
            2,
            if month.exempt {
                say(language, "exempt", "isento")
            } else {
                say(language, "taxable", "tributável")
            },
        )?;
        rows.money(3, month.gain_brl)?;
        rows.money(4, month.tax_brl)?;
        if let Some(darf) = &month.darf {
            rows.text(5, darf.code)?;
            rows.money(6, darf.amount_brl)?;
            if let Some(due) = darf.due {
                rows.date(7, due)?;
            }
            rows.text(
                8,
                if month.paid {
                    say(language, "yes", "sim")
                } else {
                    say(language, "no", "não")
                },
            )?;
        }
        rows.money(9, month.carried_in_brl)?;
        rows.money(10, month.carried_out_brl)?;
        rows.money(11, month.claims_gross_brl)?;
        rows.money(12, month.claims_tax_withheld_brl)?;
        rows.money(13, month.external_brl)?;
        rows.number(14, Decimal::from(month.not_counted))?;
        rows.next();
    }
    Ok(())
}

fn ledger_sheet(
    sheet: &mut Worksheet,
    formats: &Formats,
    parts: &WorkbookParts<'_>,
) -> Result<(), XlsxError> {
    let language = parts.language;
    let ledger = parts.ledger;
    let year = parts.year.year;
    let mut rows = Sheet::start(
        sheet,
        formats,
        &[
            ("When (Brasília)", "Quando (Brasília)"),
            ("Record id", "Identificador do registro"),
            ("Record", "Registro"),
            ("Asset", "Ativo"),
            ("Kind", "Tipo"),
            ("Quantity", "Quantidade"),
            ("Value", "Valor"),
            ("Fee", "Taxa"),
            ("Cost", "Custo"),
            ("Gain or loss", "Ganho ou prejuízo"),
            ("Quantity after", "Quantidade depois"),
            ("Average cost before", "Custo médio antes"),
            ("Average cost after", "Custo médio depois"),
            ("Total cost after", "Custo total depois"),
            ("Warnings", "Avisos"),
            ("Value source", "Origem do valor"),
            ("Outflow answer", "Resposta sobre a saída"),
        ],
        language,
    )?;
    for (entry, held) in entries_with_holding_before(ledger, Some(year)) {
        let (record, id) = record_id(parts.input, entry.record);
        rows.moment(0, entry.at.get())?;
        rows.text(1, &id.unwrap_or_default())?;
        rows.text(2, record)?;
        rows.text(3, ledger.asset_name(entry.asset))?;
        rows.text(4, entry.kind.key())?;
        rows.number(5, entry.quantity)?;
        rows.money(6, entry.value_brl)?;
        if entry.kind.is_sale() {
            rows.money(7, entry.value_brl - entry.cost_brl - entry.gain_brl)?;
        }
        rows.money(8, entry.cost_brl)?;
        if entry.kind.is_sale() {
            rows.money(9, entry.gain_brl)?;
        }
        rows.number(10, entry.quantity_after)?;
        rows.average(11, held.average_cost())?;
        rows.average(12, entry.average_cost_after())?;
        rows.money(13, entry.total_cost_after)?;
        rows.text(14, &entry.flags.keys().collect::<Vec<_>>().join(";"))?;
        rows.text(15, entry.source.key())?;
        rows.text(16, outflow_answer_cell(entry.kind))?;
        rows.next();
    }
    for order in ledger
        .not_counted
        .iter()
        .filter(|order| order.month.is_none_or(|month| month.year == year))
    {
        if let Some(at) = order.at {
            rows.moment(0, at.get())?;
        }
        let (record, id) = record_id(parts.input, order.record);
        rows.text(1, &id.unwrap_or_default())?;
        rows.text(2, record)?;
        rows.text(4, super::export::NOT_COUNTED_KIND)?;
        rows.text(
            14,
            &format!("unknown-state:{}", ledger.not_counted_state(order)),
        )?;
        rows.next();
    }
    Ok(())
}

fn bens_sheet(
    sheet: &mut Worksheet,
    formats: &Formats,
    parts: &WorkbookParts<'_>,
) -> Result<(), XlsxError> {
    let language = parts.language;
    let declaration = parts.declaration;
    let mut rows = Sheet::start(
        sheet,
        formats,
        &[
            ("Asset", "Ativo"),
            ("Group", "Grupo"),
            ("Code", "Código"),
            ("Note", "Observação"),
            ("Previous day", "Data anterior"),
            ("Quantity", "Quantidade"),
            ("Cost", "Custo"),
            ("Day", "Data"),
            ("Quantity", "Quantidade"),
            ("Cost", "Custo"),
            ("Against R$5,000", "Contra R$ 5.000"),
            ("Custodian's CNPJ", "CNPJ do custodiante"),
            ("Discriminação", "Discriminação"),
            (
                "PTAX buying rate, 31/12 before",
                "PTAX de compra, 31/12 anterior",
            ),
            ("At that rate (reference)", "Por essa cotação (referência)"),
            ("PTAX buying rate, 31/12", "PTAX de compra, 31/12"),
            ("At that rate (reference)", "Por essa cotação (referência)"),
        ],
        language,
    )?;
    rows.sheet.set_column_width(12, 80)?;
    let cnpj = match &declaration.custodian_cnpj {
        CnpjField::Valid { written, .. } => written.clone(),
        CnpjField::Invalid { .. } | CnpjField::Missing => String::new(),
    };
    for line in &declaration.lines {
        rows.text(0, &line.asset)?;
        rows.text(1, BENS_GROUP)?;
        rows.text(2, line.code.code())?;
        rows.text(
            3,
            if line.code_chosen {
                "chosen"
            } else if line.code_uncertain {
                "suggested-uncertain"
            } else {
                "suggested"
            },
        )?;
        rows.date(4, line.previous.on)?;
        rows.number(5, line.previous.quantity)?;
        rows.money(6, line.previous.total_cost_brl)?;
        rows.date(7, line.this.on)?;
        rows.number(8, line.this.quantity)?;
        rows.money(9, line.this.total_cost_brl)?;
        rows.text(10, line.threshold.text(language))?;
        rows.text(11, &cnpj)?;
        rows.long_text(12, &line.discriminacao)?;
        rows.next();
    }
    for money in &declaration.money {
        money_row(&mut rows, money, &cnpj, &declaration.custodian)?;
        rows.next();
    }
    Ok(())
}

fn money_row(
    rows: &mut Sheet<'_>,
    money: &MoneyHeld,
    cnpj: &str,
    custodian: &str,
) -> Result<(), XlsxError> {
    rows.text(0, money.currency)?;
    rows.text(
        3,
        &format!(
            "{}; {}",
            money_reading_note(&money.previous.reading),
            money_reading_note(&money.this.reading)
        ),
    )?;
    let column = |rows: &mut Sheet<'_>, at: u16, column: &MoneyColumn| -> Result<(), XlsxError> {
        rows.date(at, column.on)?;
        if let Some(amount) = column.amount {
            rows.number(at + 1, amount)?;
        }
        rows.money_if(at + 2, column.cost_brl)
    };
    column(rows, 4, &money.previous)?;
    column(rows, 7, &money.this)?;
    rows.text(11, cnpj)?;
    rows.long_text(12, &money.discriminacao(&money.this, custodian))?;
    for (at, column) in [(13, &money.previous), (15, &money.this)] {
        if let Some(reference) = &column.reference {
            rows.number(at, reference.rate.rate.buying)?;
            rows.money(at + 1, reference.value_brl)?;
        }
    }
    Ok(())
}

fn gcap_sheet(
    sheet: &mut Worksheet,
    formats: &Formats,
    parts: &WorkbookParts<'_>,
) -> Result<(), XlsxError> {
    let language = parts.language;
    let mut rows = Sheet::start(
        sheet,
        formats,
        &[
            ("When (Brasília)", "Quando (Brasília)"),
            ("Asset", "Ativo"),
            ("Nature of the operation", "Natureza da operação"),
            ("Quantity", "Quantidade"),
            ("Value", "Valor de alienação"),
            ("Cost", "Custo de aquisição"),
            ("Fee", "Taxa"),
            ("Gain or loss", "Ganho ou prejuízo"),
        ],
        language,
    )?;
    for sale in &parts.declaration.gcap_sales {
        rows.moment(0, sale.at)?;
        rows.text(1, &sale.asset)?;
        rows.text(2, sale.nature.text(language))?;
        rows.number(3, sale.quantity)?;
        rows.money(4, sale.value_brl)?;
        rows.money(5, sale.cost_brl)?;
        rows.money(6, sale.fee_brl)?;
        rows.money(7, sale.gain_brl)?;
        rows.next();
    }
    Ok(())
}

fn late_sheet(
    sheet: &mut Worksheet,
    formats: &Formats,
    parts: &WorkbookParts<'_>,
) -> Result<(), XlsxError> {
    let language = parts.language;
    let mut rows = Sheet::start(
        sheet,
        formats,
        &[
            ("Month", "Mês"),
            ("DARF code", "Código do DARF"),
            ("DARF", "DARF"),
            ("Due", "Vencimento"),
            ("Paid on", "Pago em"),
            ("Days late", "Dias de atraso"),
            ("Fine rate", "Taxa da multa"),
            ("Fine", "Multa"),
            ("Interest rate", "Taxa de juros"),
            ("Interest", "Juros"),
            ("Total", "Total"),
            ("Selic missing", "Selic em falta"),
        ],
        language,
    )?;
    for darf in parts.late {
        rows.month(0, darf.month)?;
        rows.text(1, DARF_CODE)?;
        rows.money(2, darf.amount_brl)?;
        rows.date(3, darf.due)?;
        rows.date(4, darf.paid_on)?;
        rows.number(5, Decimal::from(darf.days_late))?;
        rows.percent(6, darf.fine_rate)?;
        rows.money(7, darf.fine_brl)?;
        if let Some(percent) = darf.interest_percent {
            rows.percent(8, percent / Decimal::ONE_HUNDRED)?;
        }
        rows.money_if(9, darf.interest_brl)?;
        rows.money_if(10, darf.total_brl)?;
        let missing: Vec<String> = darf
            .missing_selic()
            .map(|(month, problem)| problem.text(month, language))
            .collect();
        rows.text(11, &missing.join("; "))?;
        rows.next();
    }
    Ok(())
}

fn sources_sheet(
    sheet: &mut Worksheet,
    formats: &Formats,
    parts: &WorkbookParts<'_>,
) -> Result<(), XlsxError> {
    let language = parts.language;
    let mut rows = Sheet::start(
        sheet,
        formats,
        &[
            ("Rule", "Regra"),
            ("Standing", "Situação"),
            ("Source", "Fonte"),
        ],
        language,
    )?;
    rows.sheet.set_column_width(0, 90)?;
    rows.sheet.set_column_width(2, 50)?;
    rows.long_text(0, disclaimer(language))?;
    rows.next();
    if let Some(notice) = parts.ledger.unknown_states_notice(language) {
        rows.long_text(0, &notice)?;
        rows.text(
            1,
            super::rules::Reading::UnknownOrderState
                .standing()
                .text(language),
        )?;
        rows.text(2, super::rules::Reading::UnknownOrderState.source(language))?;
        rows.next();
    }
    for reading in &parts.year.readings {
        rows.long_text(0, reading.text(language))?;
        rows.text(1, reading.standing().text(language))?;
        rows.long_text(2, reading.source(language))?;
        rows.next();
    }
    Ok(())
}
