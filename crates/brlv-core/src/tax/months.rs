//! Each Brasília month against the R$35,000 exemption: the sales, whether
//! they are exempt, the gain or loss per asset, the tax by parcels per asset
//! (a later sale of the same asset, up to the end of the year after its
//! first, added to the earlier ones for the parcels: Lei 8.981/1995 art. 21
//! §3), the DARF (code 4600, its amount and due date, a total under R$10
//! carried to the next months), and whether a DeCripto may be due for the
//! tokens that went to or came from outside the service.

use rust_decimal::{Decimal, RoundingStrategy};
use time::Date;

use super::brasilia::YearMonth;
use super::calendar::darf_due;
use super::input::TypedValues;
use super::ledger::{AssetMonth, Ledger, MonthSums};
use super::rules::Language;
use crate::api::model::{MONTHLY_TAX_EXEMPTION_LIMIT_BRL, TaxExemptionProgress};

/// The DARF's revenue code for capital gains of individuals.
pub const DARF_CODE: &str = "4600";

/// The least a DARF may be for (Lei 9.430/1996 art. 68): less is carried.
pub const DARF_MINIMUM_BRL: Decimal = Decimal::from_parts(10, 0, 0, false, 0);

/// The parcels of a gain and their rates (Lei 8.981/1995 art. 21, in the
/// wording of Lei 13.259/2016 art. 1): the upper bound of each parcel in
/// reais (`None`: no bound) and its rate.
pub const RATES: [(Option<Decimal>, Decimal); 4] = [
    (
        Some(Decimal::from_parts(5_000_000, 0, 0, false, 0)),
        Decimal::from_parts(15, 0, 0, false, 2),
    ),
    (
        Some(Decimal::from_parts(10_000_000, 0, 0, false, 0)),
        Decimal::from_parts(175, 0, 0, false, 3),
    ),
    (
        Some(Decimal::from_parts(30_000_000, 0, 0, false, 0)),
        Decimal::from_parts(20, 0, 0, false, 2),
    ),
    (None, Decimal::from_parts(225, 0, 0, false, 3)),
];

/// The tax on `gain` by parcels, each at its rate, at the centavo (half
/// away from zero); nothing on no gain.
pub fn tax_on_gain(gain: Decimal) -> Decimal {
    exact_tax_on_gain(gain).round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero)
}

/// [`tax_on_gain`] before it is rounded to the centavo, so that parts of
/// one gain taxed apart add up to the tax on the whole.
fn exact_tax_on_gain(gain: Decimal) -> Decimal {
    if gain <= Decimal::ZERO {
        return Decimal::ZERO;
    }
    let mut tax = Decimal::ZERO;
    let mut lower = Decimal::ZERO;
    for (upper, rate) in RATES {
        let top = upper.map_or(gain, |upper| gain.min(upper));
        if top > lower {
            tax += (top - lower) * rate;
        }
        match upper {
            Some(upper) if gain > upper => lower = upper,
            _ => break,
        }
    }
    tax
}

/// One asset's tax in a month: its gain, taxed at the parcels its earlier
/// gains in the same window left it in (Lei 8.981/1995 art. 21 §3: from
/// the second sale on, up to the end of the year after the first, a sale's
/// gain is added to the earlier ones to find the parcel, less the tax
/// already due on them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AssetTax {
    /// The asset, an index into the ledger's assets.
    pub asset: u16,
    /// Its gain taxed this month (the month's sales of it netted; a loss is none).
    pub gain_brl: Decimal,
    /// The gains of it taxed in earlier months of the same window, which
    /// set where this month's gain starts in the parcels.
    pub earlier_gain_brl: Decimal,
    /// The year of the window's first sale of the asset, taxed or exempt
    /// (the window runs to the end of the next year).
    pub window_from: i32,
    /// Its tax: the tax on earlier plus this gain less the tax on the
    /// earlier gain, at the centavo.
    pub tax_brl: Decimal,
}

/// A month over the line above which an individual reports to the Receita
/// the operations made without a Brazilian provider (tokens sent to or
/// received from addresses outside the service).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeCripto {
    /// The value in reais on their day of the tokens that went out to or
    /// came in from addresses outside the service in the month.
    pub external_brl: Decimal,
    /// The line it passed: R$30,000 before July 2026, R$35,000 from it.
    pub limit_brl: Decimal,
    /// The rule of that month.
    pub rule: DeCriptoRule,
}

/// Which instruction sets the reporting of a month.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeCriptoRule {
    /// Months up to June 2026: IN RFB 1.888/2019, over R$30,000.
    In1888,
    /// Months from July 2026: DeCripto, IN RFB 2.291/2025, over R$35,000.
    In2291,
}

/// The first month DeCripto (IN RFB 2.291/2025) governs.
pub const DECRIPTO_FROM: YearMonth = YearMonth {
    year: 2026,
    month: 7,
};

impl DeCriptoRule {
    /// The rule of `month`.
    pub fn of(month: YearMonth) -> DeCriptoRule {
        if month >= DECRIPTO_FROM {
            DeCriptoRule::In2291
        } else {
            DeCriptoRule::In1888
        }
    }

    /// The monthly value above which the person reports.
    pub fn limit_brl(self) -> Decimal {
        match self {
            DeCriptoRule::In1888 => Decimal::from(30_000),
            DeCriptoRule::In2291 => Decimal::from(35_000),
        }
    }

    /// Where it comes from, in `language`.
    pub fn source(self, language: Language) -> &'static str {
        match (self, language) {
            (DeCriptoRule::In1888, Language::English) => {
                "IN RFB 1.888/2019 art. 6 (until 30 June 2026)"
            }
            (DeCriptoRule::In1888, Language::PortugueseBrazil) => {
                "IN RFB 1.888/2019 art. 6º (até 30 de junho de 2026)"
            }
            (DeCriptoRule::In2291, Language::English) => {
                "IN RFB 2.291/2025, DeCripto (from 1 July 2026)"
            }
            (DeCriptoRule::In2291, Language::PortugueseBrazil) => {
                "IN RFB 2.291/2025, DeCripto (a partir de 1º de julho de 2026)"
            }
        }
    }

    /// What the month's line says, in words.
    pub fn text(self, language: Language) -> &'static str {
        match (self, language) {
            (DeCriptoRule::In1888, Language::English) => {
                "Tokens sent to or received from addresses outside the service passed R$30,000.00 this month: the monthly report of IN RFB 1.888/2019 may be due for these operations."
            }
            (DeCriptoRule::In1888, Language::PortugueseBrazil) => {
                "Tokens enviados a ou recebidos de endereços fora do serviço passaram de R$ 30.000,00 neste mês: a declaração mensal da IN RFB 1.888/2019 pode ser devida por essas operações."
            }
            (DeCriptoRule::In2291, Language::English) => {
                "Tokens sent to or received from addresses outside the service passed R$35,000.00 this month: a DeCripto (IN RFB 2.291/2025) may be due for these operations."
            }
            (DeCriptoRule::In2291, Language::PortugueseBrazil) => {
                "Tokens enviados a ou recebidos de endereços fora do serviço passaram de R$ 35.000,00 neste mês: uma DeCripto (IN RFB 2.291/2025) pode ser devida por essas operações."
            }
        }
    }
}

impl DeCripto {
    /// The month's DeCripto line, when its external movements pass it.
    pub fn of(month: YearMonth, external_brl: Decimal) -> Option<DeCripto> {
        let rule = DeCriptoRule::of(month);
        let limit_brl = rule.limit_brl();
        (external_brl > limit_brl).then_some(DeCripto {
            external_brl,
            limit_brl,
            rule,
        })
    }
}

/// A DARF to pay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Darf {
    /// The revenue code, [`DARF_CODE`].
    pub code: &'static str,
    /// The amount: the month's tax plus what earlier months carried.
    pub amount_brl: Decimal,
    /// The last day to pay it.
    pub due: Option<Date>,
}

/// One month of the report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MonthReport {
    /// The month (Brasília).
    pub month: YearMonth,
    /// The total sale value of all assets plus the claims' gross amounts.
    pub sales_brl: Decimal,
    /// Of which claims.
    pub claims_gross_brl: Decimal,
    /// Tax the service withheld on the claims.
    pub claims_tax_withheld_brl: Decimal,
    /// At or under R$35,000.00.
    pub exempt: bool,
    /// Per asset sold or sent away.
    pub assets: Vec<AssetMonth>,
    /// The assets' gains minus their losses (shown; see `taxable_gain_brl`).
    pub gain_brl: Decimal,
    /// The gains taxed: the sum of the assets' gains, a loss counting as
    /// none (losses are not subtracted from other assets' gains); zero when exempt.
    pub taxable_gain_brl: Decimal,
    /// The gains of an exempt month, for Rendimentos Isentos (losses as none).
    pub exempt_gain_brl: Decimal,
    /// The month's own tax: the sum of its assets' (`tax_by_asset`).
    pub tax_brl: Decimal,
    /// Each asset's taxed gain and tax, with the earlier gains of the
    /// same asset that set its parcels; empty when exempt.
    pub tax_by_asset: Vec<AssetTax>,
    /// The value on their day of the tokens sent to or received from
    /// addresses outside the service.
    pub external_brl: Decimal,
    /// Of those movements, how many had no value of their day.
    pub external_unvalued: u32,
    /// Set when `external_brl` passes the month's reporting line.
    pub decripto: Option<DeCripto>,
    /// Tax of earlier months under R$10, added to this month's.
    pub carried_in_brl: Decimal,
    /// The DARF due for it, when the total reaches R$10.
    pub darf: Option<Darf>,
    /// Tax left under R$10, carried to the next months.
    pub carried_out_brl: Decimal,
    /// The person marked the DARF paid.
    pub paid: bool,
    /// Entries of the month flagged for the person's attention.
    pub flagged: u32,
    /// Orders of the month in a state the report does not know: their
    /// sales are not in the month's figures.
    pub not_counted: u32,
}

impl MonthReport {
    fn from_sums(month: YearMonth, sums: Option<&MonthSums>) -> MonthReport {
        let empty = MonthSums::default();
        let sums = sums.unwrap_or(&empty);
        let sales = sums.sales_brl();
        let exempt = sales <= MONTHLY_TAX_EXEMPTION_LIMIT_BRL;
        let gains: Decimal = sums
            .assets
            .iter()
            .map(|asset| asset.gain_brl.max(Decimal::ZERO))
            .sum();
        let taxable = if exempt { Decimal::ZERO } else { gains };
        MonthReport {
            month,
            sales_brl: sales,
            claims_gross_brl: sums.claims_gross_brl,
            claims_tax_withheld_brl: sums.claims_tax_withheld_brl,
            exempt,
            assets: sums.assets.clone(),
            gain_brl: sums.assets.iter().map(|asset| asset.gain_brl).sum(),
            taxable_gain_brl: taxable,
            exempt_gain_brl: if exempt { gains } else { Decimal::ZERO },
            tax_brl: Decimal::ZERO,
            tax_by_asset: Vec::new(),
            external_brl: sums.external_brl,
            external_unvalued: sums.external_unvalued,
            decripto: DeCripto::of(month, sums.external_brl),
            carried_in_brl: Decimal::ZERO,
            darf: None,
            carried_out_brl: Decimal::ZERO,
            paid: false,
            flagged: sums.flagged,
            not_counted: sums.not_counted,
        }
    }
}

/// Every month from the ledger's first through `last` (and through the
/// ledger's last, if later), in order, with the carry of small DARFs
/// worked through them all.
pub fn month_reports(ledger: &Ledger, typed: &TypedValues, last: YearMonth) -> Vec<MonthReport> {
    let first = ledger
        .months
        .first()
        .and_then(|sums| sums.month)
        .map_or(last, |first| first.min(last));
    let last = ledger
        .months
        .last()
        .and_then(|sums| sums.month)
        .map_or(last, |ledger_last| ledger_last.max(last));
    let mut reports = Vec::new();
    let mut carried = Decimal::ZERO;
    let mut windows = SameAssetWindows::default();
    let mut month = first;
    while month <= last {
        let mut report = MonthReport::from_sums(month, ledger.month(month));
        // The window opens at an asset's first sale, taxed or not (§3: "a
        // partir da segunda operação ... até o final do ano-calendário
        // seguinte ao da primeira operação").
        windows.note_sales(&report);
        if !report.exempt {
            windows.tax(&mut report);
        }
        report.carried_in_brl = carried;
        let owed = report.tax_brl + carried;
        if owed >= DARF_MINIMUM_BRL {
            report.darf = Some(Darf {
                code: DARF_CODE,
                amount_brl: owed,
                due: darf_due(month),
            });
            carried = Decimal::ZERO;
        } else {
            carried = owed;
        }
        report.carried_out_brl = carried;
        report.paid = typed.is_paid(month);
        reports.push(report);
        month = month.next();
    }
    reports
}

/// Per asset, the gains taxed since the first sale of its window (that
/// sale's year and the next), whether that first sale was taxed or exempt.
#[derive(Default)]
struct SameAssetWindows {
    /// Per asset: the window's first year and the gain taxed in it so far.
    open: Vec<(u16, i32, Decimal)>,
}

impl SameAssetWindows {
    /// Opens a window at each asset's first sale of `report`'s month, when
    /// none is open or the open one has closed (past the end of the year
    /// after its first sale).
    fn note_sales(&mut self, report: &MonthReport) {
        let year = report.month.year;
        for asset in report.assets.iter().filter(|asset| asset.sold()) {
            match self.open.iter_mut().find(|open| open.0 == asset.asset) {
                Some(window) if year <= window.1 + 1 => {}
                Some(window) => *window = (asset.asset, year, Decimal::ZERO),
                None => self.open.push((asset.asset, year, Decimal::ZERO)),
            }
        }
    }

    /// Taxes each asset's gain of `report` (a taxable month) on top of its
    /// window's earlier gains.
    fn tax(&mut self, report: &mut MonthReport) {
        let year = report.month.year;
        let mut exact_total = Decimal::ZERO;
        for asset in &report.assets {
            if asset.gain_brl <= Decimal::ZERO {
                continue;
            }
            let position = match self.open.iter().position(|open| open.0 == asset.asset) {
                Some(position) => position,
                None => {
                    self.open.push((asset.asset, year, Decimal::ZERO));
                    self.open.len() - 1
                }
            };
            let window = &mut self.open[position];
            if year > window.1 + 1 {
                *window = (asset.asset, year, Decimal::ZERO);
            }
            let earlier = window.2;
            let exact = exact_tax_on_gain(earlier + asset.gain_brl) - exact_tax_on_gain(earlier);
            window.2 = earlier + asset.gain_brl;
            exact_total += exact;
            report.tax_by_asset.push(AssetTax {
                asset: asset.asset,
                gain_brl: asset.gain_brl,
                earlier_gain_brl: earlier,
                window_from: window.1,
                tax_brl: exact.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero),
            });
        }
        report.tax_brl =
            exact_total.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero);
    }
}

/// The service's figure for a month beside the report's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServiceComparison {
    /// The report's claims (this device's).
    pub report_claims_brl: Decimal,
    /// The report's other sales (orders).
    pub report_sales_brl: Decimal,
    /// The service's `claims-amount`.
    pub service_claims_brl: Option<Decimal>,
    /// The service's `other-disposals-amount`.
    pub service_disposals_brl: Option<Decimal>,
    /// The service's `total-used`.
    pub service_total_brl: Option<Decimal>,
    /// Whether the totals differ.
    pub differs: bool,
    /// Why they may differ, in the order worth checking.
    pub reasons: Vec<Difference>,
}

/// A reason the service's figure and the report's differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Difference {
    /// The service counts more claims: claims made elsewhere (another
    /// device, the service's own site) that this device does not know.
    ClaimsElsewhere,
    /// The service counts fewer claims: it may not count one made at a
    /// month's edge in the same month (it counts in its own month).
    ClaimsFewer,
    /// The service counts other sales differently: swaps and sales in
    /// dollars, or sales at a month's edge (UTC against Brasília).
    SalesDiffer,
}

impl Difference {
    /// The reason in words.
    pub fn text(self, language: super::rules::Language) -> &'static str {
        use super::rules::Language::{English, PortugueseBrazil};
        match (self, language) {
            (Difference::ClaimsElsewhere, English) => {
                "The service counts claims this device does not know (made on another device or on the service's site); the report counts only this device's."
            }
            (Difference::ClaimsElsewhere, PortugueseBrazil) => {
                "O serviço conta resgates que este dispositivo não conhece (feitos em outro dispositivo ou no site do serviço); o relatório conta só os deste dispositivo."
            }
            (Difference::ClaimsFewer, English) => {
                "The service counts fewer claims than this device made in the month: one near the month's edge may fall in another month by its clock."
            }
            (Difference::ClaimsFewer, PortugueseBrazil) => {
                "O serviço conta menos resgates do que este dispositivo fez no mês: um perto da virada do mês pode cair em outro mês pelo relógio dele."
            }
            (Difference::SalesDiffer, English) => {
                "The service counts the other sales differently: swaps and sales in dollars count here, and a sale near the month's edge may fall in another month by the service's clock (UTC) than by Brasília's."
            }
            (Difference::SalesDiffer, PortugueseBrazil) => {
                "O serviço conta as demais vendas de outro modo: trocas e vendas em dólares contam aqui, e uma venda perto da virada do mês pode cair em outro mês pelo relógio do serviço (UTC) do que pelo de Brasília."
            }
        }
    }
}

/// The service's exemption figure for the current month beside the report's.
pub fn compare_with_service(
    report: &MonthReport,
    service: &TaxExemptionProgress,
) -> ServiceComparison {
    let report_sales = report.sales_brl - report.claims_gross_brl;
    let mut reasons = Vec::new();
    match service.claims_amount {
        Some(claims) if claims > report.claims_gross_brl => {
            reasons.push(Difference::ClaimsElsewhere);
        }
        Some(claims) if claims < report.claims_gross_brl => reasons.push(Difference::ClaimsFewer),
        _ => {}
    }
    if service
        .other_disposals_amount
        .is_some_and(|disposals| disposals != report_sales)
    {
        reasons.push(Difference::SalesDiffer);
    }
    let service_total = service.total_used.or_else(|| {
        service
            .claims_amount
            .zip(service.other_disposals_amount)
            .map(|(claims, disposals)| claims + disposals)
    });
    ServiceComparison {
        report_claims_brl: report.claims_gross_brl,
        report_sales_brl: report_sales,
        service_claims_brl: service.claims_amount,
        service_disposals_brl: service.other_disposals_amount,
        service_total_brl: service_total,
        differs: service_total.is_some_and(|total| total != report.sales_brl),
        reasons,
    }
}
