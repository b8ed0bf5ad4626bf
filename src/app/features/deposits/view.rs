//! Deposits: how to deposit (what the service's interface gives of it, and
//! where to find the rest); then per asset (brl, usd, usdc, usdt), newest
//! first, with every field of the selected one, its coordinates (who paid,
//! from which bank account, to where) included, and the CSV export.

use egui::Ui;

use crate::app::export::ExportRecords;
use crate::app::format::{
    AmountFormat, MISSING, Precision, ShownAmount, account_type_words, document_shown, or_missing,
    state_label,
};
use crate::app::panel::record_panel::{RecordFooter, export_answer, record_panel_ui};
use crate::app::panel::{Outbox, Panel, Shared};
use crate::app::resources::AccountData;
use crate::app::resources::DEPOSIT_ASSETS;
use crate::app::ted::bank_label;
use crate::app::ui::{Cell, DetailRow, RecordList, section_ui, state_tone};
use brlv_core::api::model::{Deposit, DepositAsset, DepositCoordinates};

use super::state::{DepositsEvent, DepositsState};

/// The deposits of the asset shown.
pub fn shown_deposits<'a>(deposits: &DepositsState, data: &'a AccountData) -> &'a [Deposit] {
    data.deposits(&deposits.asset)
        .value()
        .map_or(&[], |rows| rows.as_slice())
}

fn shown_amount(
    amounts: AmountFormat,
    asset: &DepositAsset,
    amount: Option<rust_decimal::Decimal>,
    precision: Precision,
) -> Option<ShownAmount> {
    amount.map(|amount| amounts.written(amount, &asset.as_str().to_uppercase(), precision))
}

impl Panel for DepositsState {
    type Event = DepositsEvent;

    fn ui(&mut self, ui: &mut Ui, cx: &Shared, out: &mut Outbox) {
        ui.heading(cx.t("nav.deposits").as_ref());
        ui.add_space(8.0);
        section_ui(ui, &cx.t("deposits.how_title"), |ui| {
            how_to_deposit_ui(ui, cx, out)
        });
        ui.add_space(8.0);
        section_ui(ui, &cx.t("deposits.list"), |ui| list_ui(ui, self, cx, out));
    }

    fn apply(&mut self, event: DepositsEvent, _cx: &Shared, out: &mut Outbox) {
        match event {
            DepositsEvent::Show { asset, id } => {
                if self.asset != asset {
                    self.asset = asset;
                    self.records.close();
                }
                self.records.select(id);
            }
            DepositsEvent::File(answer) => {
                export_answer(&mut self.records.export, answer, out);
            }
        }
    }

    fn close_one(&mut self, _cx: &Shared, _out: &mut Outbox) -> bool {
        self.records.close()
    }
}

/// How many of the newest BRL deposits are looked through for where they
/// were paid to: a few, so a frame never grows with the list.
const NEWEST_LOOKED_AT: usize = 20;

/// Where the newest BRL deposits that say so were paid to, and when.
fn last_paid_to(cx: &Shared) -> Option<(String, Option<time::OffsetDateTime>)> {
    let rows = cx.data.deposits_brl.value()?;
    rows.as_slice()
        .iter()
        .take(NEWEST_LOOKED_AT)
        .find_map(|deposit| {
            let target = deposit.coordinates.as_ref()?.target.as_ref()?;
            Some((target.to_string(), deposit.created_at()))
        })
}

/// How to put money in: the service's interface has no deposit
/// instructions of its own, so this says what it does give (where earlier
/// deposits were paid to, as its records say; an order paid by PIX QR
/// code) and where to find the rest. Where earlier deposits went is not
/// offered as the place to pay: the interface does not say it still is.
fn how_to_deposit_ui(ui: &mut Ui, cx: &Shared, out: &mut Outbox) {
    let wrapped = |ui: &mut Ui, text: &str| {
        ui.add(egui::Label::new(text).wrap());
    };
    wrapped(ui, &cx.t("deposits.how_own_account"));
    match last_paid_to(cx) {
        Some((target, at)) => {
            ui.horizontal_wrapped(|ui| {
                ui.label(cx.t("deposits.how_last_target").as_ref());
                ui.add(egui::Label::new(egui::RichText::new(&target).monospace()).selectable(true));
                if let Some(at) = at {
                    ui.label(cx.t_with(
                        "deposits.how_last_target_when",
                        &[("when", &cx.moments().text(at))],
                    ));
                }
            });
            wrapped(ui, &cx.t("deposits.how_confirm_target"));
        }
        None => wrapped(ui, &cx.t("deposits.how_no_target")),
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(cx.t("deposits.how_by_order").as_ref());
        if ui
            .button(cx.t("deposits.how_open_orders").as_ref())
            .clicked()
        {
            out.ask(crate::app::panel::Ask::Show(crate::app::view::View::Orders));
        }
    });
}

fn list_ui(ui: &mut Ui, deposits: &mut DepositsState, cx: &Shared, out: &mut Outbox) {
    ui.horizontal(|ui| {
        ui.label(cx.t("deposits.asset").as_ref());
        for asset in DEPOSIT_ASSETS {
            let text = asset.as_str().to_uppercase();
            let selected = deposits.asset == asset;
            if ui.selectable_label(selected, text).clicked() && !selected {
                deposits.asset = asset;
                deposits.records.close();
            }
        }
    });
    ui.add_space(6.0);
    let language = cx.language;
    let moments = cx.moments();
    let amounts = cx.amounts();
    let asset = deposits.asset.clone();
    const HEADERS: [&str; 5] = [
        "accounts.created_at",
        "deposits.type",
        "accounts.amount",
        "accounts.state",
        "deposits.payer",
    ];
    let remote = cx.data.deposits(&asset);
    let state_label_of = |deposit: &Deposit| {
        let wire = deposit.status.as_ref().map_or(MISSING, |s| s.as_str());
        (state_label(language, "deposit", wire), state_tone(wire))
    };
    let empty = cx.t("accounts.empty");
    record_panel_ui(
        ui,
        cx,
        out,
        RecordList {
            id: "deposits_table",
            headers: &HEADERS,
            remote: Some(remote),
            rows: remote.value().map_or(&[], |rows| rows.as_slice()),
            arrange: remote
                .value()
                .map(|rows| (rows, &crate::app::panel::list_arrangements::DEPOSITS)),
            empty: &empty,
            selected: None,
            key: |deposit: &Deposit| deposit.id,
            cells: |deposit: &Deposit| {
                let (label, tone) = state_label_of(deposit);
                let payer = deposit
                    .coordinates
                    .as_ref()
                    .and_then(|c| c.source_tax_id.as_deref());
                vec![
                    Cell::Text(moments.or_missing(deposit.created_at())),
                    Cell::Text(or_missing(deposit.kind.as_deref()).to_uppercase()),
                    shown_amount(amounts, &asset, deposit.amount(), Precision::List)
                        .map_or_else(|| Cell::Text(MISSING.to_owned()), Cell::Amount),
                    Cell::Badge(label, tone),
                    Cell::Mono(payer.map_or_else(|| MISSING.to_owned(), document_shown)),
                ]
            },
            detail: |deposit: &Deposit| detail_rows(cx, &asset, deposit, state_label_of(deposit).0),
        },
        &mut deposits.records,
        RecordFooter {
            receipt: Some(|deposit: &Deposit| {
                crate::app::receipt::build::deposit_receipt(&moments, &asset, deposit)
            }),
            export: |rows: &[Deposit]| ExportRecords::Deposits(rows.to_vec()),
        },
    );
}

fn detail_rows(
    cx: &Shared,
    asset: &DepositAsset,
    deposit: &Deposit,
    state_text: String,
) -> Vec<DetailRow> {
    let row = |key: &'static str, value: String, copy| DetailRow::new(cx.t(key), value, copy);
    let moments = cx.moments();
    let DepositCoordinates {
        source_tax_id,
        source_bank_code,
        source_type,
        source_account_number,
        source_branch_code,
        target,
    } = deposit.coordinates.clone().unwrap_or_default();
    vec![
        row("accounts.id", deposit.id.to_string(), true),
        row("deposits.type", or_missing(deposit.kind.as_deref()), false),
        DetailRow::amount(
            cx.t("accounts.amount"),
            shown_amount(cx.amounts(), asset, deposit.amount(), Precision::Exact),
        )
        .wire(format!(
            "amount: {}",
            deposit
                .amount()
                .map_or_else(|| MISSING.to_owned(), |value| cx.amounts().wire(value))
        )),
        row("accounts.state", state_text, false),
        DetailRow::moment(
            cx.t("accounts.created_at"),
            &moments,
            "created-at",
            deposit.created_at(),
        ),
        DetailRow::moment(
            cx.t("deposits.processed_at"),
            &moments,
            "processed-at",
            deposit.processed_at(),
        ),
        // The payer's CPF masked as banks show it (so not copied), the bank
        // by its name and the account's type in words.
        row(
            "deposits.source_tax_id",
            source_tax_id
                .as_deref()
                .map_or_else(|| MISSING.to_owned(), document_shown),
            false,
        ),
        row(
            "deposits.source_bank_code",
            source_bank_code
                .as_deref()
                .map_or_else(|| MISSING.to_owned(), bank_label),
            false,
        ),
        row(
            "deposits.source_type",
            source_type.as_deref().map_or_else(
                || MISSING.to_owned(),
                |wire| account_type_words(cx.language, wire),
            ),
            false,
        ),
        row(
            "deposits.source_branch_code",
            or_missing(source_branch_code.as_deref()),
            false,
        ),
        row(
            "deposits.source_account_number",
            or_missing(source_account_number.as_deref()),
            true,
        ),
        row("deposits.target", or_missing(target.as_deref()), true),
    ]
}
