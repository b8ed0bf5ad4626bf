//! The year's report for an accountant, as PDF: the months against
//! R$35,000 with their gains, tax and DARF, the gain or loss per asset, the
//! months that may owe a report to the Receita (DeCripto), the
//! positions with their Bens e Direitos codes and Discriminação, the exempt
//! gains, the entries to check, and every rule the figures rest on with its
//! standing and source, under the disclaimer.
//!
//! [`TaxReport`] is the content, already in the person's language (built on
//! the window's thread from the figures shown: a few dozen lines);
//! [`render`] lays it out on A4 pages with the receipts' text layout
//! ([`crate::app::receipt::layout`]: its wrapping, faces and marks) and
//! writes it with their PDF writer, on the worker's blocking pool.

use rust_decimal::Decimal;
use time::OffsetDateTime;

use crate::app::format::AmountFormat;
use crate::app::i18n::{Language, tr, tr_with};
use crate::app::receipt::layout::{
    BRAND, BoxMark, Cursor, Face, INK, Layout, MUTED, ON_BRAND, RULE, Rgb, TextMark, chars_in, wrap,
};
use crate::app::receipt::pdf::{DocumentInfo, render_pages};
use brlv_core::tax::declaration::{
    self, BensLine, CnpjField, Column, Declaration, GcapSale, MoneyHeld,
};
use brlv_core::tax::year::BENS_GROUP;
use brlv_core::tax::{Ledger, YearReport, brasilia};

use super::figures::TaxFigures;
use super::words::{
    darf_line, date_text, flag_texts, gcap_text, late_darf_lines, money_held_words, month_title,
    overdue_short, reading_name, report_language,
};

/// The report's content, written for a person.
#[derive(Clone, Debug, PartialEq)]
pub struct TaxReport {
    /// The title: `Tax report 2026`.
    pub title: String,
    /// Whose and when: the account and the day it was made.
    pub subtitle: String,
    /// A help for the declaration, not tax advice.
    pub disclaimer: String,
    /// The parts, in order.
    pub sections: Vec<ReportSection>,
    /// Under every page.
    pub footer: String,
}

/// A part of the report under its heading.
#[derive(Clone, Debug, PartialEq)]
pub struct ReportSection {
    /// The heading.
    pub heading: String,
    /// What it holds.
    pub blocks: Vec<ReportBlock>,
}

/// A piece of a section.
#[derive(Clone, Debug, PartialEq)]
pub enum ReportBlock {
    /// A paragraph.
    Text(String),
    /// A paragraph in the quieter colour.
    Note(String),
    /// A table: its columns and its rows of cells.
    Table {
        /// The columns.
        columns: Vec<ReportColumn>,
        /// The rows, a cell per column.
        rows: Vec<Vec<String>>,
    },
}

/// A column of a table.
#[derive(Clone, Debug, PartialEq)]
pub struct ReportColumn {
    /// Its heading.
    pub heading: String,
    /// Its share of the page's width, in hundredths.
    pub share: u8,
    /// A column of figures: monospace, aligned on the right.
    pub figures: bool,
}

fn column(heading: String, share: u8, figures: bool) -> ReportColumn {
    ReportColumn {
        heading,
        share,
        figures,
    }
}

/// An average cost in reais with the places it carries (up to ten).
pub fn average_text(amounts: AmountFormat, value: Decimal) -> String {
    let number = amounts.number(value, brlv_core::tax::ledger::AVERAGE_COST_PLACES);
    match amounts.language {
        Language::En => format!("R${number}"),
        Language::PtBr => format!("R$ {number}"),
    }
}

/// The report of the year `figures` are for, for the account called
/// `account`, made at `made_at`, with `money`, the BRL and USD held at the
/// service on the declaration's second column's day
/// ([`TaxFigures::money_held`]); `None` before the figures are computed.
pub fn build_report(
    figures: &TaxFigures,
    language: Language,
    account: &str,
    made_at: OffsetDateTime,
    money: &[MoneyHeld],
) -> Option<TaxReport> {
    let year = figures.year.as_deref()?;
    let amounts = AmountFormat::new(language, false);
    let t = |key: &'static str| tr(language, key).into_owned();
    let today = brasilia::date_at(made_at);
    let mut sections = vec![
        months_section(figures, year, language, (amounts, today)),
        assets_section(year, &figures.ledger, language, amounts),
        darf_section(figures, year, language, (amounts, today)),
        decripto_section(year, language, amounts),
        positions_section(year, figures.declaration.is_none(), language, amounts),
    ];
    if let Some(declaration) = figures.declaration.as_deref() {
        sections.push(bens_section(declaration, money, language, amounts));
    }
    sections.push(exempt_section(year, language, amounts));
    if let Some(section) = to_check_section(figures, language) {
        sections.push(section);
    }
    let core = report_language(language);
    sections.push(ReportSection {
        heading: t("taxes.rules_heading"),
        blocks: year
            .readings
            .iter()
            .map(|reading| {
                ReportBlock::Text(format!(
                    "{} [{}]: {} ({})",
                    reading_name(language, *reading),
                    reading.standing().text(core),
                    reading.text(core),
                    reading.source(core)
                ))
            })
            .collect(),
    });
    sections.retain(|section| !section.blocks.is_empty());
    let made_on = date_text(language, brasilia::date_at(made_at));
    Some(TaxReport {
        title: tr_with(
            language,
            "taxes.report_title",
            &[("year", &year.year.to_string())],
        ),
        subtitle: tr_with(
            language,
            "taxes.report_subtitle",
            &[("account", account), ("date", &made_on)],
        ),
        disclaimer: super::words::disclaimer(language).to_owned(),
        sections,
        footer: tr_with(language, "taxes.report_footer", &[("date", &made_on)]),
    })
}

fn months_section(
    figures: &TaxFigures,
    year: &YearReport,
    language: Language,
    (amounts, today): (AmountFormat, time::Date),
) -> ReportSection {
    let t = |key: &'static str| tr(language, key).into_owned();
    let rows = year
        .months
        .iter()
        .map(|month| {
            let darf = month.darf.as_ref();
            vec![
                month_title(language, month.month),
                amounts.brl(month.sales_brl),
                t(if month.exempt {
                    "taxes.exempt"
                } else {
                    "taxes.taxable"
                }),
                amounts.brl(month.gain_brl),
                amounts.brl(month.tax_brl),
                darf.map_or_else(
                    || {
                        if month.carried_out_brl.is_zero() {
                            String::new()
                        } else {
                            tr_with(
                                language,
                                "taxes.carried_short",
                                &[("amount", &amounts.brl(month.carried_out_brl))],
                            )
                        }
                    },
                    |darf| amounts.brl(darf.amount_brl),
                ),
                darf.and_then(|darf| darf.due)
                    .map(|due| date_text(language, due))
                    .unwrap_or_default(),
                if darf.is_none() {
                    String::new()
                } else if month.paid {
                    t("taxes.paid_yes")
                } else if let Some(late) = figures.overdue.of_month(month.month) {
                    format!(
                        "{}: {}",
                        t("taxes.paid_no"),
                        overdue_short(language, amounts, late, today)
                    )
                } else {
                    t("taxes.paid_no")
                },
            ]
        })
        .collect();
    let mut blocks = Vec::new();
    // What the figures leave out is said before them.
    if let Some(notice) = figures
        .ledger
        .unknown_states_notice(report_language(language))
    {
        blocks.push(ReportBlock::Text(notice));
        blocks.push(ReportBlock::Note(t("taxes.not_counted_note")));
    }
    blocks.push(ReportBlock::Table {
        columns: vec![
            column(t("taxes.col.month"), 15, false),
            column(t("taxes.col.sales"), 13, true),
            column(t("taxes.col.against_limit"), 11, false),
            column(t("taxes.col.gain"), 13, true),
            column(t("taxes.col.tax"), 10, true),
            column(t("taxes.col.darf"), 11, true),
            column(t("taxes.col.due"), 12, false),
            column(t("taxes.col.paid"), 15, false),
        ],
        rows,
    });
    for month in year.months.iter().filter(|month| month.not_counted > 0) {
        blocks.push(ReportBlock::Note(format!(
            "{}: {}",
            month_title(language, month.month),
            tr_with(
                language,
                "taxes.not_counted_badge",
                &[("count", &month.not_counted.to_string())],
            )
        )));
    }
    blocks.push(ReportBlock::Note(t("taxes.months_note")));
    ReportSection {
        heading: t("taxes.months_heading"),
        blocks,
    }
}

fn assets_section(
    year: &YearReport,
    ledger: &Ledger,
    language: Language,
    amounts: AmountFormat,
) -> ReportSection {
    let t = |key: &'static str| tr(language, key).into_owned();
    let rows: Vec<Vec<String>> = year
        .months
        .iter()
        .flat_map(|month| {
            month
                .assets
                .iter()
                .filter(|asset| asset.sold())
                .map(move |asset| {
                    vec![
                        month_title(language, month.month),
                        ledger.asset_name(asset.asset).to_owned(),
                        amounts.brl(asset.sales_brl),
                        amounts.brl(asset.cost_brl),
                        amounts.brl(asset.fees_brl),
                        amounts.brl(asset.gain_brl),
                    ]
                })
        })
        .collect();
    ReportSection {
        heading: t("taxes.per_asset_heading"),
        blocks: if rows.is_empty() {
            Vec::new()
        } else {
            vec![ReportBlock::Table {
                columns: vec![
                    column(t("taxes.col.month"), 18, false),
                    column(t("taxes.col.asset"), 12, false),
                    column(t("taxes.col.sales"), 18, true),
                    column(t("taxes.col.cost"), 18, true),
                    column(t("taxes.col.fees"), 16, true),
                    column(t("taxes.col.gain"), 18, true),
                ],
                rows,
            }]
        },
    }
}

fn darf_section(
    figures: &TaxFigures,
    year: &YearReport,
    language: Language,
    (amounts, today): (AmountFormat, time::Date),
) -> ReportSection {
    let mut blocks: Vec<ReportBlock> = year
        .months_with_tax()
        .filter_map(|month| darf_line(language, amounts, month).map(ReportBlock::Text))
        .collect();
    if blocks.is_empty() {
        blocks.push(ReportBlock::Text(tr(language, "taxes.no_tax").into_owned()));
    }
    if !year.carried_at_end_brl.is_zero() {
        blocks.push(ReportBlock::Note(tr_with(
            language,
            "taxes.carried_at_end",
            &[("amount", &amounts.brl(year.carried_at_end_brl))],
        )));
    }
    // What a DARF not paid by its due date comes to on the day of payment:
    // its own amount leaves the debt open.
    for darf in figures.late_darfs.iter() {
        for line in late_darf_lines(language, amounts, darf, today) {
            blocks.push(ReportBlock::Text(line));
        }
    }
    let others: Vec<String> = figures
        .overdue
        .darfs
        .iter()
        .filter(|darf| darf.month.year != year.year)
        .map(|darf| {
            format!(
                "{}: DARF {} {} · {}",
                month_title(language, darf.month),
                brlv_core::tax::months::DARF_CODE,
                amounts.brl(darf.amount_brl),
                overdue_short(language, amounts, darf, today)
            )
        })
        .collect();
    if !others.is_empty() {
        blocks.push(ReportBlock::Text(
            tr(language, "taxes.late.other_years").into_owned(),
        ));
        blocks.extend(others.into_iter().map(ReportBlock::Text));
    }
    if !figures.late_darfs.is_empty() || !figures.overdue.is_empty() {
        blocks.push(ReportBlock::Note(
            tr(language, "taxes.late.source").into_owned(),
        ));
    }
    ReportSection {
        heading: tr(language, "taxes.darf_heading").into_owned(),
        blocks,
    }
}

/// The months whose tokens sent outside the service or received from
/// outside pass the reporting line, each with its rule and source.
fn decripto_section(year: &YearReport, language: Language, amounts: AmountFormat) -> ReportSection {
    let core = report_language(language);
    let mut blocks = vec![ReportBlock::Note(
        tr(language, "taxes.decripto.note").into_owned(),
    )];
    let mut any = false;
    for month in &year.months {
        let Some(decripto) = &month.decripto else {
            continue;
        };
        any = true;
        blocks.push(ReportBlock::Text(format!(
            "{} {} ({})",
            tr_with(
                language,
                "taxes.decripto.month",
                &[
                    ("month", &month_title(language, month.month)),
                    ("amount", &amounts.brl(decripto.external_brl)),
                    ("limit", &amounts.brl(decripto.limit_brl)),
                ],
            ),
            decripto.rule.text(core),
            decripto.rule.source(core),
        )));
    }
    if !any {
        blocks.push(ReportBlock::Text(tr_with(
            language,
            "taxes.decripto.none",
            &[("year", &year.year.to_string())],
        )));
    }
    ReportSection {
        heading: tr(language, "taxes.decripto.heading").into_owned(),
        blocks,
    }
}

/// The positions with their codes; with `discriminacao`, each one's
/// Discriminação too (otherwise Bens e Direitos gives each line's, with
/// the custodian's CNPJ, once).
fn positions_section(
    year: &YearReport,
    discriminacao: bool,
    language: Language,
    amounts: AmountFormat,
) -> ReportSection {
    let t = |key: &'static str| tr(language, key).into_owned();
    let heading = tr_with(
        language,
        "taxes.positions_heading",
        &[("date", &date_text(language, year.positions_on))],
    );
    if year.positions.is_empty() {
        return ReportSection {
            heading,
            blocks: vec![ReportBlock::Text(t("taxes.no_positions"))],
        };
    }
    let rows = year
        .positions
        .iter()
        .map(|position| {
            vec![
                position.asset.clone(),
                amounts.number(position.quantity, 18),
                average_text(amounts, position.average_cost_brl),
                amounts.brl(position.total_cost_brl),
                format!("{BENS_GROUP} / {}", position.code.code()),
            ]
        })
        .collect();
    let mut blocks = vec![ReportBlock::Table {
        columns: vec![
            column(t("taxes.col.asset"), 14, false),
            column(t("taxes.col.quantity"), 24, true),
            column(t("taxes.col.average_cost"), 22, true),
            column(t("taxes.col.total_cost"), 22, true),
            column(t("taxes.col.code"), 18, false),
        ],
        rows,
    }];
    for position in year.positions.iter().filter(|_| discriminacao) {
        blocks.push(ReportBlock::Text(tr_with(
            language,
            "taxes.discriminacao_of",
            &[
                ("asset", &position.asset),
                ("text", &position.discriminacao),
            ],
        )));
    }
    ReportSection { heading, blocks }
}

/// Bens e Direitos whole, as the view shows it: every crypto-asset held on
/// either 31/12 with both columns (one sold out at zero) and where it
/// stands against R$5,000, the custodian's CNPJ in its own field, each
/// line's Discriminação, the money held at the service with how it was
/// read, and the taxable months' sales that go through GCAP.
fn bens_section(
    declaration: &Declaration,
    money: &[MoneyHeld],
    language: Language,
    amounts: AmountFormat,
) -> ReportSection {
    let t = |key: &'static str| tr(language, key).into_owned();
    let core = report_language(language);
    let column_heading = |on| {
        tr_with(
            language,
            "taxes.bens.col_on",
            &[("date", &date_text(language, on))],
        )
    };
    let column_text = |column: &Column| {
        format!(
            "{} · {}",
            amounts.number(column.quantity, 18),
            amounts.brl(column.total_cost_brl)
        )
    };
    let mut blocks = vec![ReportBlock::Note(t("taxes.bens.note"))];
    if declaration.lines.is_empty() {
        blocks.push(ReportBlock::Text(t("taxes.no_positions")));
    } else {
        let rows = declaration
            .lines
            .iter()
            .map(|line: &BensLine| {
                let threshold = line.threshold.text(core);
                vec![
                    line.asset.clone(),
                    format!("{BENS_GROUP} / {}", line.code.code()),
                    column_text(&line.previous),
                    column_text(&line.this),
                    if line.sold_out() {
                        format!("{}; {threshold}", t("taxes.bens.sold_out"))
                    } else {
                        threshold.to_owned()
                    },
                ]
            })
            .collect();
        blocks.push(ReportBlock::Table {
            columns: vec![
                column(t("taxes.col.asset"), 10, false),
                column(t("taxes.col.code"), 10, false),
                column(column_heading(declaration.previous_on), 24, true),
                column(column_heading(declaration.this_on), 24, true),
                column(t("taxes.bens.col_threshold"), 32, false),
            ],
            rows,
        });
    }
    let cnpj = match &declaration.custodian_cnpj {
        CnpjField::Valid { written, .. } => written.clone(),
        CnpjField::Invalid { typed, .. } => {
            tr_with(language, "taxes.bens.cnpj_kept_invalid", &[("cnpj", typed)])
        }
        CnpjField::Missing => t("taxes.bens.cnpj_missing"),
    };
    blocks.push(ReportBlock::Text(format!(
        "{}: {cnpj}",
        t("taxes.bens.cnpj")
    )));
    for line in &declaration.lines {
        blocks.push(ReportBlock::Text(tr_with(
            language,
            "taxes.discriminacao_of",
            &[("asset", &line.asset), ("text", &line.discriminacao)],
        )));
    }
    for held in money {
        for column in [&held.previous, &held.this] {
            let words = money_held_words(language, amounts, held, column);
            blocks.push(ReportBlock::Text(match words.flag {
                Some(flag) => format!("{} [{}]", words.head, tr(language, flag)),
                None => words.head,
            }));
            for line in words.cost.into_iter().chain(words.reference) {
                blocks.push(ReportBlock::Text(line));
            }
            blocks.push(ReportBlock::Note(words.how));
        }
        if let Some(gap) = super::words::money_unexplained_words(language, amounts, held) {
            blocks.push(ReportBlock::Note(gap));
        }
    }
    if !money.is_empty() {
        blocks.push(ReportBlock::Note(t("taxes.bens.money.code_unsettled")));
    }
    if let Some(gcap) = gcap_text(language, declaration) {
        blocks.push(ReportBlock::Text(gcap));
        blocks.push(gcap_table(&declaration.gcap_sales, language, amounts));
    }
    blocks.push(ReportBlock::Note(format!(
        "{}; {}; {}",
        declaration::columns_source(report_language(language)),
        declaration::threshold_source(report_language(language)),
        declaration::gcap_source(report_language(language))
    )));
    ReportSection {
        heading: t("taxes.bens.heading"),
        blocks,
    }
}

/// The taxable months' sales, one row each, as GCAP asks for them.
fn gcap_table(sales: &[GcapSale], language: Language, amounts: AmountFormat) -> ReportBlock {
    let t = |key: &'static str| tr(language, key).into_owned();
    ReportBlock::Table {
        columns: vec![
            column(t("taxes.col.date"), 12, false),
            column(t("taxes.col.asset"), 8, false),
            column(t("taxes.col.nature"), 15, false),
            column(t("taxes.col.quantity"), 15, true),
            column(t("taxes.col.value"), 13, true),
            column(t("taxes.col.cost"), 13, true),
            column(t("taxes.col.fees"), 10, true),
            column(t("taxes.col.gain"), 14, true),
        ],
        rows: sales
            .iter()
            .map(|sale| {
                vec![
                    date_text(language, sale.at.date()),
                    sale.asset.clone(),
                    sale.nature.text(report_language(language)).to_owned(),
                    amounts.number(sale.quantity, 18),
                    amounts.brl(sale.value_brl),
                    amounts.brl(sale.cost_brl),
                    amounts.brl(sale.fee_brl),
                    amounts.brl(sale.gain_brl),
                ]
            })
            .collect(),
    }
}

fn exempt_section(year: &YearReport, language: Language, amounts: AmountFormat) -> ReportSection {
    let mut blocks = vec![ReportBlock::Text(tr_with(
        language,
        "taxes.exempt_gains",
        &[("amount", &amounts.brl(year.exempt_gains_brl))],
    ))];
    if !year.claims_tax_withheld_brl.is_zero() {
        blocks.push(ReportBlock::Text(tr_with(
            language,
            "taxes.claims_withheld",
            &[("amount", &amounts.brl(year.claims_tax_withheld_brl))],
        )));
    }
    ReportSection {
        heading: tr(language, "taxes.exempt_heading").into_owned(),
        blocks,
    }
}

fn to_check_section(figures: &TaxFigures, language: Language) -> Option<ReportSection> {
    let ledger = &figures.ledger;
    if figures.to_check.is_empty() && ledger.skipped.is_empty() {
        return None;
    }
    let mut blocks: Vec<ReportBlock> = figures
        .to_check
        .iter()
        .filter_map(|index| ledger.entries.get(usize::try_from(*index).ok()?))
        .map(|entry| {
            ReportBlock::Text(format!(
                "{} · {} · {} {}: {}",
                date_text(language, brasilia::date_at(entry.at.get())),
                super::words::kind_text(language, entry.kind),
                AmountFormat::new(language, false).number(entry.quantity, 18),
                ledger.asset_name(entry.asset),
                flag_texts(language, entry.flags).join("; ")
            ))
        })
        .collect();
    if !ledger.skipped.is_empty() {
        blocks.push(ReportBlock::Note(tr_with(
            language,
            "taxes.left_out",
            &[("count", &ledger.skipped.len().to_string())],
        )));
    }
    Some(ReportSection {
        heading: tr(language, "taxes.to_check_heading").into_owned(),
        blocks,
    })
}

/// An A4 page's width and height, in points.
const PAGE: (f32, f32) = (595.0, 842.0);
const MARGIN: f32 = 48.0;
/// Room kept at the foot of every page for its footer.
const FOOTER_ROOM: f32 = 36.0;
const BODY_SIZE: f32 = 9.0;
const TABLE_SIZE: f32 = 8.0;
const LEADING: f32 = 1.4;

/// The pages being laid out, a column of text down each.
struct Pages {
    done: Vec<Layout>,
    cursor: Cursor,
    boxes: Vec<BoxMark>,
}

#[expect(
    clippy::float_arithmetic,
    reason = "page geometry in points, never money"
)]
impl Pages {
    fn new() -> Pages {
        Pages {
            done: Vec::new(),
            cursor: Cursor::new(MARGIN, PAGE.0 - 2.0 * MARGIN, MARGIN),
            boxes: Vec::new(),
        }
    }

    /// Starts a new page unless `height` more fits on this one.
    fn room(&mut self, height: f32) -> bool {
        if self.cursor.y + height <= PAGE.1 - MARGIN - FOOTER_ROOM {
            return false;
        }
        let cursor = std::mem::replace(
            &mut self.cursor,
            Cursor::new(MARGIN, PAGE.0 - 2.0 * MARGIN, MARGIN),
        );
        self.done.push(Layout {
            width: PAGE.0,
            height: PAGE.1,
            boxes: std::mem::take(&mut self.boxes),
            texts: cursor.texts,
        });
        true
    }

    /// `text` wrapped to the column, breaking pages between its lines.
    fn paragraph(&mut self, text: &str, size: f32, face: Face, color: Rgb) {
        for line in wrap(text, chars_in(self.cursor.width, size, face)) {
            self.room(size * LEADING);
            self.cursor.paragraph(&line, size, face, color, LEADING);
        }
    }

    fn rule(&mut self) {
        self.boxes.push(BoxMark {
            x: MARGIN,
            y: self.cursor.y + 4.0,
            width: PAGE.0 - 2.0 * MARGIN,
            height: 0.6,
            color: RULE,
        });
        self.cursor.y += 6.0;
    }

    /// One row of a table: each cell wrapped to its column, figures aligned
    /// on the right (Courier's advance is exact).
    fn row(&mut self, columns: &[ReportColumn], cells: &[String], face: Face) {
        let width = self.cursor.width;
        let gap = 6.0;
        let mut left = MARGIN;
        let lines: Vec<(f32, f32, bool, Vec<String>)> = columns
            .iter()
            .zip(cells)
            .map(|(column, cell)| {
                let column_width = width * f32::from(column.share) / 100.0;
                let cell_face = if column.figures { Face::Mono } else { face };
                let wrapped = wrap(cell, chars_in(column_width - gap, TABLE_SIZE, cell_face));
                let placed = (left, column_width - gap, column.figures, wrapped);
                left += column_width;
                placed
            })
            .collect();
        let height = lines
            .iter()
            .map(|(.., lines)| lines.len())
            .max()
            .unwrap_or(1) as f32
            * TABLE_SIZE
            * LEADING;
        let top = self.cursor.y;
        for (x, column_width, figures, cell_lines) in lines {
            for (at, line) in cell_lines.into_iter().enumerate() {
                let baseline = top + (at as f32 + 1.0) * TABLE_SIZE * LEADING;
                let (x, cell_face) = if figures {
                    let text_width = line.chars().count() as f32 * TABLE_SIZE * 0.6;
                    ((x + column_width - text_width).max(x), Face::Mono)
                } else {
                    (x, face)
                };
                self.cursor.texts.push(TextMark {
                    x,
                    baseline,
                    size: TABLE_SIZE,
                    face: cell_face,
                    color: INK,
                    text: line,
                });
            }
        }
        self.cursor.y = top + height;
    }

    fn table(&mut self, columns: &[ReportColumn], rows: &[Vec<String>]) {
        let headings: Vec<String> = columns
            .iter()
            .map(|column| column.heading.clone())
            .collect();
        let header_room = 3.0 * TABLE_SIZE * LEADING;
        self.room(header_room);
        self.header(columns, &headings);
        for row in rows {
            if self.room(TABLE_SIZE * LEADING * 2.0) {
                self.header(columns, &headings);
            }
            self.row(columns, row, Face::Sans);
        }
        self.cursor.y += 4.0;
    }

    fn header(&mut self, columns: &[ReportColumn], headings: &[String]) {
        let plain: Vec<ReportColumn> = columns
            .iter()
            .map(|column| ReportColumn {
                figures: false,
                ..column.clone()
            })
            .collect();
        self.row(&plain, headings, Face::SansBold);
        self.rule();
    }

    /// Every page, each with the footer and its number.
    fn finish(mut self, footer: &str) -> Vec<Layout> {
        self.room(PAGE.1);
        let count = self.done.len();
        for (number, page) in self.done.iter_mut().enumerate() {
            let text = format!("{footer} · {}/{count}", number + 1);
            let mut cursor = Cursor::new(MARGIN, PAGE.0 - 2.0 * MARGIN, PAGE.1 - MARGIN);
            cursor.paragraph(&text, 7.0, Face::Sans, MUTED, 1.2);
            page.texts.extend(cursor.texts);
        }
        self.done
    }
}

/// The report laid out on A4 pages.
#[expect(
    clippy::float_arithmetic,
    reason = "page geometry in points, never money"
)]
pub fn layout(report: &TaxReport) -> Vec<Layout> {
    let mut pages = Pages::new();
    // The band behind the title, as a receipt's.
    let band_top = 0.0;
    pages.cursor.y = band_top + 14.0;
    pages.paragraph(&report.title, 17.0, Face::SansBold, ON_BRAND);
    pages.paragraph(&report.subtitle, 10.0, Face::Sans, ON_BRAND);
    pages.cursor.y += 16.0;
    pages.boxes.insert(
        0,
        BoxMark {
            x: 0.0,
            y: band_top,
            width: PAGE.0,
            height: pages.cursor.y - 4.0,
            color: BRAND,
        },
    );
    pages.cursor.y += 8.0;
    pages.paragraph(&report.disclaimer, BODY_SIZE, Face::SansBold, INK);
    pages.cursor.y += 6.0;
    for section in &report.sections {
        pages.room(60.0);
        pages.cursor.y += 8.0;
        pages.paragraph(&section.heading, 12.0, Face::SansBold, INK);
        pages.rule();
        for block in &section.blocks {
            match block {
                ReportBlock::Text(text) => {
                    pages.paragraph(text, BODY_SIZE, Face::Sans, INK);
                    pages.cursor.y += 2.0;
                }
                ReportBlock::Note(text) => {
                    pages.paragraph(text, 8.0, Face::Sans, MUTED);
                    pages.cursor.y += 2.0;
                }
                ReportBlock::Table { columns, rows } => pages.table(columns, rows),
            }
        }
    }
    pages.finish(&report.footer)
}

/// The report as PDF bytes.
pub fn render(report: &TaxReport) -> Vec<u8> {
    render_pages(
        &layout(report),
        &DocumentInfo {
            title: &report.title,
            subject: &report.disclaimer,
        },
    )
}

/// The report as plain text, one line per line of the PDF (for tests and
/// a check by eye).
pub fn plain_text(report: &TaxReport) -> String {
    layout(report)
        .iter()
        .flat_map(|page| page.texts.iter().map(|mark| mark.text.clone()))
        .collect::<Vec<_>>()
        .join("\n")
}
