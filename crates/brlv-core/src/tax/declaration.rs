//! The declaration whole (IRPF): Bens e Direitos with both of its columns,
//! the money held at the service, and the sales that go through GCAP.
//!
//! - Every crypto-asset held on 31 December of the year before or of the
//!   year declared has a line, with its quantity and acquisition cost on
//!   each date, from the account's history (the ledger): one sold out
//!   during the year shows R$0,00 in the second column.
//! - The custodian's CNPJ has its own field (since IRPF 2024): the one the
//!   person typed once, checked.
//! - Each line says where it stands against R$5,000 of acquisition cost
//!   (the Receita's instructions ask crypto-assets to be declared from
//!   R$5,000 of cost per type; the report applies it per asset).
//! - The BRL and USD balances at the service, each with how it was read
//!   (the interface gives today's balance, not the one of a past day: a
//!   past day's is read back from the movements, [`super::money`]).
//! - What is held in self-custody is declared as "custódia própria" in
//!   Discriminação, beside what the custodian keeps.
//! - Taxable months: each sale goes through the Receita's GCAP program
//!   ([`GcapSale`], `gcap-sales.csv`).

use rust_decimal::Decimal;
use time::{Date, OffsetDateTime};

use super::brasilia::{self, YearMonth};
pub use super::custodian::{CnpjField, CnpjProblem, cnpj_field};
use super::custodian::{custodian_text, custody_text};
use super::input::{BensCode, TypedValues};
use super::ledger::{EntryKind, Holding, Ledger};
use super::ptax::DayRate;
use super::rules::Language;
use super::year::{YearReport, description, holdings_at, suggested_code};
use crate::api::UtcMicros;
use crate::money::{NumberFormat, format_amount};

/// The acquisition cost from which a crypto-asset is declared: R$5,000.00.
pub const THRESHOLD_BRL: Decimal = Decimal::from_parts(5000, 0, 0, false, 0);

/// The threshold's source, in `language`.
pub fn threshold_source(language: Language) -> &'static str {
    match language {
        Language::English => {
            "Receita Federal, IRPF instructions, Bens e Direitos group 08 \
             (R$5,000 of acquisition cost per type of crypto-asset)"
        }
        Language::PortugueseBrazil => {
            "Receita Federal, instruções do IRPF, Bens e Direitos grupo 08 \
             (R$ 5.000 de custo de aquisição por tipo de criptoativo)"
        }
    }
}

/// The columns' source, in `language`.
pub fn columns_source(language: Language) -> &'static str {
    match language {
        Language::English => {
            "Receita Federal, IRPF instructions: Bens e Direitos, situation on 31/12 \
             of the year before and of the year declared"
        }
        Language::PortugueseBrazil => {
            "Receita Federal, instruções do IRPF: Bens e Direitos, situação em 31/12 \
             do ano anterior e do ano declarado"
        }
    }
}

/// The GCAP's source, in `language`.
pub fn gcap_source(language: Language) -> &'static str {
    match language {
        Language::English => {
            "Receita Federal, GCAP (Ganhos de Capital) program, imported into the IRPF"
        }
        Language::PortugueseBrazil => {
            "Receita Federal, programa GCAP (Ganhos de Capital), importado na declaração do IRPF"
        }
    }
}

/// Where a line stands against [`THRESHOLD_BRL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Threshold {
    /// Its cost on 31/12 of the year declared reaches R$5,000: declare it.
    Reaches,
    /// Under R$5,000 now, but it reached it a year before: it was on the
    /// last declaration, whose line goes on to show what became of it.
    ReachedBefore,
    /// Under R$5,000 on both dates: declaring it is the person's choice.
    Below,
}

impl Threshold {
    /// In words, in the report's language.
    pub fn text(self, language: super::rules::Language) -> &'static str {
        use super::rules::Language::{English, PortugueseBrazil};
        match (self, language) {
            (Threshold::Reaches, English) => "cost reaches R$5,000: declare it",
            (Threshold::Reaches, PortugueseBrazil) => "custo atinge R$ 5.000: declare",
            (Threshold::ReachedBefore, English) => {
                "under R$5,000 now, at or above it a year before: keep the line to show the change"
            }
            (Threshold::ReachedBefore, PortugueseBrazil) => {
                "abaixo de R$ 5.000 agora, acima no ano anterior: mantenha a linha para mostrar a mudança"
            }
            (Threshold::Below, English) => "under R$5,000 on both dates: declaring it is optional",
            (Threshold::Below, PortugueseBrazil) => {
                "abaixo de R$ 5.000 nas duas datas: declarar é opcional"
            }
        }
    }

    /// The key the exports write.
    pub fn key(self) -> &'static str {
        match self {
            Threshold::Reaches => "reaches-5000",
            Threshold::ReachedBefore => "reached-5000-before",
            Threshold::Below => "below-5000",
        }
    }
}

/// One column of a line: what was held on a date and what it cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Column {
    /// The date (31 December, or today for the current year).
    pub on: Date,
    /// The quantity held.
    pub quantity: Decimal,
    /// Its acquisition cost in reais (weighted average): the figure declared.
    pub total_cost_brl: Decimal,
}

/// One line of Bens e Direitos (group 08).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BensLine {
    /// The ticker.
    pub asset: String,
    /// The code.
    pub code: BensCode,
    /// The code is the person's choice.
    pub code_chosen: bool,
    /// The suggestion is uncertain: the person should choose.
    pub code_uncertain: bool,
    /// 31/12 of the year before.
    pub previous: Column,
    /// 31/12 of the year declared (today, for the current year).
    pub this: Column,
    /// Where it stands against R$5,000.
    pub threshold: Threshold,
    /// The Discriminação text, in Portuguese as the declaration is.
    pub discriminacao: String,
}

impl BensLine {
    /// Held a year before and nothing now: sold (or sent away) during the year.
    pub fn sold_out(&self) -> bool {
        !self.previous.quantity.is_zero() && self.this.quantity.is_zero()
    }
}

/// How a balance at the service was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoneyReading {
    /// The service's balance read on the day the column is of (the current
    /// year's, read today).
    OnTheDay,
    /// Read back from today's balance (read on `read_on`), less the
    /// movements the records show since the column's day
    /// ([`super::money::MoneyMoves`]): the interface gives no balance of a
    /// past day. Lists not read are named in `unread`.
    Reconstructed {
        /// When today's balance was read.
        read_on: Date,
        /// Today's balance.
        balance: Decimal,
        /// How many movements since the column's day were taken back.
        movements: usize,
        /// The lists not read (`deposits`): their movements are missing.
        unread: Vec<&'static str>,
    },
    /// The service gives no balance (of dollars, say): summed from the
    /// movements the records show up to the column's day, as if the lists
    /// held the whole history.
    FromMovements {
        /// How many movements were summed.
        movements: usize,
        /// Why no balance was had.
        balance_missing: String,
        /// The lists not read (`deposits`): their movements are missing.
        unread: Vec<&'static str>,
    },
    /// Read back or summed, the movements come to `sum`, below zero: the
    /// lists do not hold the whole history, so there is no figure; the
    /// statement of the day has it.
    BelowZero {
        /// What the movements came to.
        sum: Decimal,
    },
    /// Not had: why.
    Unknown(String),
}

/// The dollar's PTAX buying rate of 31/12, beside dollars held: for
/// reference only (dollars are declared at their cost in reais).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReferenceRate {
    /// The day it is of (31/12).
    pub day: Date,
    /// The PTAX and whose day it is (31/12 has no banking in most years:
    /// then the business day's before).
    pub rate: DayRate,
    /// The dollars held at that rate, in reais.
    pub value_brl: Decimal,
}

/// One column of the money held at the service: how much, and what it
/// cost in reais.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoneyColumn {
    /// The column's day.
    pub on: Date,
    /// The balance in the currency, when read.
    pub amount: Option<Decimal>,
    /// How it was read.
    pub reading: MoneyReading,
    /// What is declared, in reais: the reais themselves; dollars at what was
    /// paid in reais for them (average cost, [`super::money::DollarCost`]).
    pub cost_brl: Option<Decimal>,
    /// Of the amount, what has no known cost in reais (dollars the lists do
    /// not show bought, or a deposit whose day's PTAX could not be had).
    pub uncosted: Decimal,
    /// For dollars on 31/12: the PTAX buying rate of the day, for reference.
    pub reference: Option<ReferenceRate>,
}

/// Money held at the service (reais or dollars) in both columns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoneyHeld {
    /// `BRL` or `USD`.
    pub currency: &'static str,
    /// 31/12 of the year before.
    pub previous: MoneyColumn,
    /// 31/12 of the year declared, or today for the current year.
    pub this: MoneyColumn,
    /// When the service gave today's balance: that balance less every
    /// movement the lists show, what the lists do not explain (history
    /// before them, or a movement they miss); zero when they explain it all.
    pub unexplained: Option<Decimal>,
}

impl MoneyHeld {
    /// Its Discriminação for `column` (one of its two), in Portuguese as
    /// the declaration is: how much, where, what it cost in reais, and for
    /// dollars the PTAX of 31/12 beside it for reference.
    pub fn discriminacao(&self, column: &MoneyColumn, custodian: &str) -> String {
        let format = NumberFormat::Brazilian;
        let custodian = custodian.trim_end().trim_end_matches('.');
        let on = date_text(column.on);
        let what = match self.currency {
            "USD" => "Dólares dos Estados Unidos",
            _ => "Reais",
        };
        let Some(amount) = column.amount else {
            return format!(
                "{what} mantidos na conta da prestadora ({custodian}) em {on}: valor não \
                 reconstituído a partir dos registros; use o extrato do dia."
            );
        };
        let symbol = if self.currency == "USD" { "US$" } else { "R$" };
        let mut text = format!(
            "{what} mantidos na conta da prestadora ({custodian}) em {on}: {symbol} {}.",
            format_amount(amount, 2, format)
        );
        if self.currency == "USD" {
            if let Some(cost) = column.cost_brl {
                text.push_str(&format!(
                    " Custo de aquisição em reais (custo médio): R$ {}",
                    format_amount(cost, 2, format)
                ));
                if column.uncosted > Decimal::ZERO {
                    text.push_str(&format!(
                        "; US$ {} sem custo conhecido nos registros",
                        format_amount(column.uncosted, 2, format)
                    ));
                }
                text.push('.');
            }
            if let Some(reference) = &column.reference {
                let of = if reference.rate.rate.published_on == reference.day {
                    String::new()
                } else {
                    format!(
                        " (a do dia útil {})",
                        date_text(reference.rate.rate.published_on)
                    )
                };
                text.push_str(&format!(
                    " Referência: PTAX de compra de {}{of}, {}: R$ {}.",
                    date_text(reference.day),
                    format_amount(reference.rate.rate.buying, 4, format),
                    format_amount(reference.value_brl, 2, format),
                ));
            }
        }
        text
    }
}

/// What a sale was, as GCAP names the nature of an operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SaleNature {
    /// Sold for money (reais or dollars): venda.
    Venda,
    /// Given in a swap for another crypto-asset: permuta (Solução de
    /// Consulta Cosit 214/2021).
    Permuta,
    /// Given in payment, or left to someone else with no answer (counted
    /// as a payment): dação em pagamento (RIR/2018 art. 128 §4).
    DacaoEmPagamento,
}

impl SaleNature {
    /// The nature of a sale entry of `kind`.
    pub fn of(kind: EntryKind) -> SaleNature {
        match kind {
            EntryKind::SwapOut => SaleNature::Permuta,
            EntryKind::Payment | EntryKind::Outflow => SaleNature::DacaoEmPagamento,
            _ => SaleNature::Venda,
        }
    }

    /// The name the files write (GCAP's own words, without accents).
    pub fn key(self) -> &'static str {
        match self {
            SaleNature::Venda => "venda",
            SaleNature::Permuta => "permuta",
            SaleNature::DacaoEmPagamento => "dacao-em-pagamento",
        }
    }

    /// In words: GCAP's Portuguese names, with the English beside them.
    pub fn text(self, language: Language) -> &'static str {
        match (self, language) {
            (SaleNature::Venda, Language::PortugueseBrazil) => "venda",
            (SaleNature::Permuta, Language::PortugueseBrazil) => "permuta",
            (SaleNature::DacaoEmPagamento, Language::PortugueseBrazil) => "dação em pagamento",
            (SaleNature::Venda, Language::English) => "venda (sale)",
            (SaleNature::Permuta, Language::English) => "permuta (swap)",
            (SaleNature::DacaoEmPagamento, Language::English) => {
                "dação em pagamento (payment in kind)"
            }
        }
    }
}

/// One sale of a taxable month, as GCAP asks for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GcapSale {
    /// When it was made, in Brasília.
    pub at: OffsetDateTime,
    /// Its month.
    pub month: YearMonth,
    /// The ticker.
    pub asset: String,
    /// What it was: venda, permuta or dação em pagamento.
    pub nature: SaleNature,
    /// The quantity sold.
    pub quantity: Decimal,
    /// What it was sold for, in reais, before its fee.
    pub value_brl: Decimal,
    /// Its acquisition cost (weighted average).
    pub cost_brl: Decimal,
    /// Its fee.
    pub fee_brl: Decimal,
    /// The gain (negative: a loss): value − cost − fee.
    pub gain_brl: Decimal,
}

/// The declaration of a year.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Declaration {
    /// The year declared.
    pub year: i32,
    /// The first column's day: 31/12 of the year before.
    pub previous_on: Date,
    /// The second column's day: 31/12 of the year declared, or today for
    /// the current year.
    pub this_on: Date,
    /// Every crypto-asset held on either date, in the order first seen.
    pub lines: Vec<BensLine>,
    /// The custodian as Discriminação names it: its name and CNPJ, or
    /// what is still to be given ([`custodian_text`]).
    pub custodian: String,
    /// The custodian's CNPJ, for its own field.
    pub custodian_cnpj: CnpjField,
    /// The money held at the service in both columns (reais, dollars).
    pub money: Vec<MoneyHeld>,
    /// The months with taxable sales: their sales go through GCAP.
    pub gcap_months: Vec<YearMonth>,
    /// Those sales, oldest first.
    pub gcap_sales: Vec<GcapSale>,
}

/// The last microsecond of `year` in Brasília.
pub fn end_of_year(year: i32) -> UtcMicros {
    YearMonth::new(year + 1, 1)
        .and_then(YearMonth::start_in_brasilia)
        .map_or(UtcMicros::LATEST, |start| {
            UtcMicros::from_unix_micros(UtcMicros::new(start).unix_micros() - 1)
        })
}

/// The declaration of `report`'s year from `ledger` (the whole history,
/// so that the year before is there too). `now` is when the report is
/// made: the current year's second column is today's.
pub fn declaration(
    ledger: &Ledger,
    typed: &TypedValues,
    report: &YearReport,
    money: Vec<MoneyHeld>,
    now: OffsetDateTime,
) -> Declaration {
    let year = report.year;
    let previous_on = YearMonth {
        year: year - 1,
        month: 12,
    }
    .last_day()
    .unwrap_or(report.positions_on);
    let previous = holdings_at(ledger, end_of_year(year - 1));
    let this_until = if brasilia::date_at(now).year() == year {
        UtcMicros::new(now)
    } else {
        end_of_year(year)
    };
    let this = holdings_at(ledger, this_until);
    let custodian_cnpj = cnpj_field(typed.custodian_cnpj.as_deref());
    let custodian = custodian_text(typed.custodian.as_deref(), &custodian_cnpj);
    let held = |holdings: &[(u16, Holding)], asset: u16| {
        holdings
            .iter()
            .find(|(held, _)| *held == asset)
            .map_or_else(Holding::default, |(_, holding)| *holding)
    };
    let mut assets: Vec<u16> = previous
        .iter()
        .chain(this.iter())
        .filter(|(asset, holding)| ledger.is_crypto(*asset) && !holding.quantity.is_zero())
        .map(|(asset, _)| *asset)
        .collect();
    assets.sort_unstable();
    assets.dedup();
    let lines = assets
        .into_iter()
        .map(|asset| {
            let before = held(&previous, asset);
            let now_held = held(&this, asset);
            line(
                ledger.asset_name(asset),
                Column {
                    on: previous_on,
                    quantity: before.quantity,
                    total_cost_brl: before.total_cost,
                },
                Column {
                    on: report.positions_on,
                    quantity: now_held.quantity,
                    total_cost_brl: now_held.total_cost,
                },
                ledger.self_custody_at(asset, this_until),
                typed,
                &custodian,
            )
        })
        .collect();
    let gcap_months: Vec<YearMonth> = report
        .months
        .iter()
        .filter(|month| !month.exempt && month.assets.iter().any(|asset| asset.sold()))
        .map(|month| month.month)
        .collect();
    let gcap_sales = ledger
        .entries
        .iter()
        .filter(|entry| entry.kind.is_sale() && gcap_months.contains(&entry.month))
        .map(|entry| GcapSale {
            at: brasilia::in_brasilia(entry.at.get()),
            month: entry.month,
            asset: ledger.asset_name(entry.asset).to_owned(),
            nature: SaleNature::of(entry.kind),
            quantity: entry.quantity,
            value_brl: entry.value_brl,
            cost_brl: entry.cost_brl,
            fee_brl: entry.value_brl - entry.cost_brl - entry.gain_brl,
            gain_brl: entry.gain_brl,
        })
        .collect();
    Declaration {
        year,
        previous_on,
        this_on: report.positions_on,
        lines,
        custodian,
        custodian_cnpj,
        money,
        gcap_months,
        gcap_sales,
    }
}

fn date_text(on: Date) -> String {
    format!("{:02}/{:02}/{}", on.day(), u8::from(on.month()), on.year())
}

fn line(
    ticker: &str,
    previous: Column,
    this: Column,
    self_custody: Decimal,
    typed: &TypedValues,
    custodian: &str,
) -> BensLine {
    let (suggested, uncertain) = suggested_code(ticker);
    let chosen = typed.codes.get(ticker).copied();
    let code = chosen.unwrap_or(suggested);
    let threshold = if this.total_cost_brl >= THRESHOLD_BRL {
        Threshold::Reaches
    } else if previous.total_cost_brl >= THRESHOLD_BRL {
        Threshold::ReachedBefore
    } else {
        Threshold::Below
    };
    let format = NumberFormat::Brazilian;
    let held = if this.quantity.is_zero() {
        format!(
            "Saldo zero em {}: {} {} alienado(s) ou transferido(s) durante o ano.",
            date_text(this.on),
            format_amount(previous.quantity.normalize(), 0, format),
            description(ticker, code),
        )
    } else {
        format!(
            "{} {} em {}. Custo de aquisição (custo médio ponderado): R$ {}.",
            format_amount(this.quantity.normalize(), 0, format),
            description(ticker, code),
            date_text(this.on),
            format_amount(this.total_cost_brl, 2, format),
        )
    };
    let custody = custody_text(this.quantity, self_custody, custodian);
    let discriminacao = format!("{held} {custody}");
    BensLine {
        asset: ticker.to_owned(),
        code,
        code_chosen: chosen.is_some(),
        code_uncertain: uncertain && chosen.is_none(),
        previous,
        this,
        threshold,
        discriminacao,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use serde_json::json;
    use time::macros::{date, datetime};

    use super::*;
    use crate::api::model::Order;
    use crate::tax::input::{LedgerInput, ServicePrices};
    use crate::tax::ptax::DollarRates;
    use crate::tax::year::year_report;

    fn dec(text: &str) -> Decimal {
        text.parse().unwrap()
    }

    /// A completed order with its fee in reais.
    fn order(
        id: u128,
        at: OffsetDateTime,
        (source, paid): (&str, &str),
        (target, received): (&str, &str),
        fee: &str,
    ) -> Order {
        let stamp = |moment| crate::api::timestamp::format(&moment);
        serde_json::from_value(json!({
            "id": uuid::Uuid::from_u128(id),
            "state": "completed",
            "created-at": stamp(at - time::Duration::seconds(2)),
            "state-updated-at": stamp(at),
            "source-asset": source,
            "target-asset": target,
            "source-amount": paid,
            "target-amount": received,
            "fee-amount": fee,
            "fee-asset": "fiat/brl",
        }))
        .unwrap()
    }

    /// Two years of an account: Bitcoin bought in 2025 and sold out in a
    /// taxable February 2026, BRLV bought in 2025 and partly sold in an
    /// exempt April 2026, Ether first bought in May 2026.
    fn two_years() -> Vec<Order> {
        vec![
            order(
                1,
                datetime!(2025-03-10 15:00 UTC),
                ("fiat/brl", "30000.00"),
                ("eth-base/wbtc", "0.1"),
                "0",
            ),
            order(
                2,
                datetime!(2025-06-10 15:00 UTC),
                ("fiat/brl", "10000.00"),
                ("tempo/brlv", "10000"),
                "0",
            ),
            order(
                3,
                datetime!(2026-02-10 15:00 UTC),
                ("eth-base/wbtc", "0.1"),
                // Received after the fee: the sale's value is R$40,000.00.
                ("fiat/brl", "39900.00"),
                "100.00",
            ),
            order(
                4,
                datetime!(2026-04-10 15:00 UTC),
                ("tempo/brlv", "4000"),
                ("fiat/brl", "4000.00"),
                "0",
            ),
            order(
                5,
                datetime!(2026-05-10 15:00 UTC),
                ("fiat/brl", "1000.00"),
                ("eth-base/eth", "0.05"),
                "0",
            ),
        ]
    }

    fn declared(orders: &[Order], typed: &TypedValues) -> Declaration {
        let prices = ServicePrices::default();
        let rates = DollarRates::default();
        let input = LedgerInput {
            orders,
            transfers: &[],
            withdrawals: &[],
            deposits: &[],
            claims: &[],
            wallets: &[],
            typed,
            prices: &prices,
            dollar_rates: &rates,
        };
        let ledger = crate::tax::build(&input);
        let now = datetime!(2027-03-01 12:00 UTC);
        let report = year_report(&ledger, typed, 2026, now);
        declaration(&ledger, typed, &report, Vec::new(), now)
    }

    #[test]
    fn both_columns_come_from_the_history_and_a_sold_out_asset_shows_zero() {
        let typed = TypedValues {
            custodian: Some("Prestadora Exemplo Ltda.".into()),
            custodian_cnpj: Some("11222333000181".into()),
            ..TypedValues::default()
        };
        let declaration = declared(&two_years(), &typed);
        let lines: Vec<(&str, Decimal, Decimal, Decimal, Decimal, Threshold)> = declaration
            .lines
            .iter()
            .map(|line| {
                (
                    line.asset.as_str(),
                    line.previous.quantity,
                    line.previous.total_cost_brl,
                    line.this.quantity,
                    line.this.total_cost_brl,
                    line.threshold,
                )
            })
            .collect();
        assert_eq!(
            lines,
            vec![
                // Bought for R$30,000.00 in 2025, all sold in February 2026:
                // R$0,00 this year, and it was above R$5,000 a year before.
                (
                    "WBTC",
                    dec("0.1"),
                    dec("30000.00"),
                    Decimal::ZERO,
                    Decimal::ZERO,
                    Threshold::ReachedBefore
                ),
                // 10,000 at R$1.00; 4,000 sold: 6,000 left at R$6,000.00.
                (
                    "BRLV",
                    dec("10000"),
                    dec("10000.00"),
                    dec("6000"),
                    dec("6000.00"),
                    Threshold::Reaches
                ),
                // Not held a year before; R$1,000.00 is under R$5,000.
                (
                    "ETH",
                    Decimal::ZERO,
                    Decimal::ZERO,
                    dec("0.05"),
                    dec("1000.00"),
                    Threshold::Below
                ),
            ]
        );
        let bitcoin = &declaration.lines[0];
        assert!(bitcoin.sold_out());
        assert_eq!(bitcoin.previous.on, date!(2025 - 12 - 31));
        assert_eq!(bitcoin.this.on, date!(2026 - 12 - 31));
        assert_eq!(bitcoin.code, BensCode::Bitcoin);
        assert!(
            bitcoin
                .discriminacao
                .starts_with("Saldo zero em 31/12/2026: 0,1 Bitcoin"),
            "{}",
            bitcoin.discriminacao
        );
        assert!(
            declaration.lines[1]
                .discriminacao
                .contains("Custodiante: Prestadora Exemplo Ltda., CNPJ 11.222.333/0001-81."),
            "{}",
            declaration.lines[1].discriminacao
        );
        assert!(matches!(
            declaration.custodian_cnpj,
            CnpjField::Valid { ref written, .. } if written == "11.222.333/0001-81"
        ));
    }

    #[test]
    fn only_the_taxable_months_sales_go_to_gcap_each_with_its_cost_fee_and_gain() {
        let declaration = declared(&two_years(), &TypedValues::default());
        // February: R$40,000.00 of sales, above R$35,000. April: R$4,000.00, exempt.
        assert_eq!(
            declaration.gcap_months,
            vec![YearMonth::new(2026, 2).unwrap()]
        );
        assert_eq!(declaration.gcap_sales.len(), 1);
        let sale = &declaration.gcap_sales[0];
        assert_eq!(sale.asset, "WBTC");
        assert_eq!(sale.quantity, dec("0.1"));
        assert_eq!(sale.value_brl, dec("40000.00"));
        assert_eq!(sale.cost_brl, dec("30000.00"));
        assert_eq!(sale.fee_brl, dec("100.00"));
        // 40,000.00 − 30,000.00 − 100.00.
        assert_eq!(sale.gain_brl, dec("9900.00"));
        // 15:00 UTC is noon in Brasília.
        assert_eq!(sale.at.hour(), 12);
        assert_eq!(
            declaration.custodian,
            super::super::custodian::DEFAULT_CUSTODIAN
        );
        assert_eq!(declaration.custodian_cnpj, CnpjField::Missing);
    }

    #[test]
    fn the_gcap_file_has_one_row_per_sale_and_a_sold_out_line_keeps_its_zero() {
        let declaration = declared(&two_years(), &TypedValues::default());
        let mut gcap = Vec::new();
        crate::tax::export::write_gcap_sales(&mut gcap, &declaration.gcap_sales).unwrap();
        assert_eq!(
            String::from_utf8(gcap).unwrap(),
            "date,month,asset,nature,quantity,value_brl,cost_brl,fee_brl,gain_brl\n\
             2026-02-10T12:00:00-03:00,2026-02,WBTC,venda,0.1,40000.00,30000.00,100.00,9900.00\n"
        );
        let mut bens = Vec::new();
        crate::tax::export::write_bens(&mut bens, &declaration).unwrap();
        let bens = String::from_utf8(bens).unwrap();
        let bitcoin = bens.lines().nth(1).unwrap();
        assert!(
            bitcoin.starts_with(
                "WBTC,08,01,suggested,2025-12-31,0.1,30000.00,2026-12-31,0,0.00,reached-5000-before,,"
            ),
            "{bitcoin}"
        );
    }

    #[test]
    fn tokens_in_the_persons_own_wallet_are_declared_in_custodia_propria() {
        const MAIN: &str = "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed";
        const OWN: &str = "0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359";
        let wallets: Vec<crate::api::model::Wallet> = vec![
            serde_json::from_value(json!({"name": "Main", "address": MAIN, "assets": []})).unwrap(),
        ];
        let transfer = |id: u128, at: &str, amount: &str| -> crate::api::model::Transfer {
            serde_json::from_value(json!({
                "id": uuid::Uuid::from_u128(id), "asset": "eth-base/brlv", "amount": amount,
                "source-address": MAIN, "target-address": OWN, "state": "completed",
                "created-at": at, "state-updated-at": at,
            }))
            .unwrap()
        };
        // 10,000 BRLV bought for R$10,000.00 in 2025; 4,000 of them moved to
        // the person's own wallet in March 2026, the rest in June.
        let orders = vec![order(
            2,
            datetime!(2025-06-10 15:00 UTC),
            ("fiat/brl", "10000.00"),
            ("eth-base/brlv", "10000"),
            "0",
        )];
        let transfers = vec![
            transfer(10, "2026-03-10T15:00:00Z", "4000"),
            transfer(11, "2026-06-10T15:00:00Z", "6000"),
        ];
        let mut typed = TypedValues {
            custodian: Some("Prestadora Exemplo Ltda.".into()),
            custodian_cnpj: Some("11222333000181".into()),
            ..TypedValues::default()
        };
        typed.apply(crate::tax::TaxInput::OwnAddress {
            address: OWN.into(),
            own: true,
        });
        let prices = ServicePrices::default();
        let rates = DollarRates::default();
        let declared_at = |now: OffsetDateTime, year: i32| {
            let input = LedgerInput {
                orders: &orders,
                transfers: &transfers,
                withdrawals: &[],
                deposits: &[],
                claims: &[],
                wallets: &wallets,
                typed: &typed,
                prices: &prices,
                dollar_rates: &rates,
            };
            let ledger = crate::tax::build(&input);
            let report = year_report(&ledger, &typed, year, now);
            (
                declaration(&ledger, &typed, &report, Vec::new(), now),
                report,
            )
        };
        // In April 2026: 6,000 at the custodian, 4,000 in custódia própria,
        // all still held at their cost of R$10,000.00.
        let (april, report) = declared_at(datetime!(2026-04-15 12:00 UTC), 2026);
        let line = &april.lines[0];
        assert_eq!(line.this.quantity, dec("10000"));
        assert_eq!(line.this.total_cost_brl, dec("10000.00"));
        assert!(
            line.discriminacao.ends_with(
                "Custodiante: Prestadora Exemplo Ltda., CNPJ 11.222.333/0001-81, 6.000; \
                 custódia própria (carteira do próprio titular): 4.000."
            ),
            "{}",
            line.discriminacao
        );
        assert!(
            report.positions[0]
                .discriminacao
                .contains("CNPJ 11.222.333/0001-81, 6.000; custódia própria"),
            "{}",
            report.positions[0].discriminacao
        );
        // At the end of 2026 all of it is in the person's own wallet.
        let (whole, _) = declared_at(datetime!(2027-02-01 12:00 UTC), 2026);
        let line = &whole.lines[0];
        assert_eq!(line.this.quantity, dec("10000"));
        assert!(
            line.discriminacao
                .ends_with("Custódia própria (carteira do próprio titular, sem custodiante)."),
            "{}",
            line.discriminacao
        );
        // And at the end of 2025, none: the custodian's alone.
        assert!(
            declared_at(datetime!(2026-04-15 12:00 UTC), 2025).0.lines[0]
                .discriminacao
                .ends_with("Custodiante: Prestadora Exemplo Ltda., CNPJ 11.222.333/0001-81."),
        );
    }

    #[test]
    fn a_cnpj_is_checked_and_written_with_its_punctuation() {
        assert_eq!(
            cnpj_field(Some(" 11222333000181 ")),
            CnpjField::Valid {
                bare: "11222333000181".into(),
                written: "11.222.333/0001-81".into()
            }
        );
        assert!(matches!(
            cnpj_field(Some("11.222.333/0001-82")),
            CnpjField::Invalid { .. }
        ));
        assert_eq!(cnpj_field(Some("  ")), CnpjField::Missing);
        assert_eq!(cnpj_field(None), CnpjField::Missing);
    }
}
