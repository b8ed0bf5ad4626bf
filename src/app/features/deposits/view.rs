//! Deposits: per asset (brl, usd, usdc, usdt), newest first, with every
//! field of the selected one, its coordinates (who paid, from which bank
//! account, to where) included, and the CSV export.

use egui::Ui;

use crate::app::export::ExportRecords;
use crate::app::format::{AmountFormat, MISSING, ShownAmount, or_missing, state_label};
use crate::app::resources::DEPOSIT_ASSETS;
use crate::app::state::AppState;
use crate::app::ui::{
    Cell, DetailRow, RecordList, export_bar_ui, record_list_ui, section_ui, state_tone,
};
use brlv_core::api::model::{Deposit, DepositAsset, DepositCoordinates};

/// The deposits of the asset shown.
pub fn shown_deposits(state: &AppState) -> &[Deposit] {
    state
        .data
        .deposits(&state.deposits.asset)
        .value()
        .map_or(&[], |rows| rows.as_slice())
}

fn shown_amount(
    amounts: AmountFormat,
    asset: &DepositAsset,
    amount: Option<rust_decimal::Decimal>,
) -> Option<ShownAmount> {
    amount.map(|amount| amounts.shown(amount, asset.scale(), &asset.as_str().to_uppercase()))
}

/// Draws the Deposits panel.
pub fn deposits_ui(ui: &mut Ui, state: &mut AppState) {
    ui.heading(state.t("nav.deposits").as_ref());
    ui.add_space(8.0);
    section_ui(ui, &state.t("deposits.list"), |ui| list_ui(ui, state));
}

fn list_ui(ui: &mut Ui, state: &mut AppState) {
    ui.horizontal(|ui| {
        ui.label(state.t("deposits.asset").as_ref());
        for asset in DEPOSIT_ASSETS {
            let text = asset.as_str().to_uppercase();
            let selected = state.deposits.asset == asset;
            if ui.selectable_label(selected, text).clicked() && !selected {
                state.deposits.asset = asset;
                state.deposits.selected = None;
            }
        }
    });
    ui.add_space(6.0);
    let language = state.language;
    let moments = state.moments();
    let amounts = state.amount_format();
    let asset = state.deposits.asset.clone();
    const HEADERS: [&str; 5] = [
        "accounts.created_at",
        "accounts.state",
        "deposits.type",
        "accounts.amount",
        "deposits.payer",
    ];
    let remote = state.data.deposits(&asset);
    let state_label_of = |deposit: &Deposit| {
        let wire = deposit.status.as_ref().map_or(MISSING, |s| s.as_str());
        (state_label(language, "deposit", wire), state_tone(wire))
    };
    let clicked = record_list_ui(
        ui,
        language,
        RecordList {
            id: "deposits_table",
            headers: &HEADERS,
            remote: Some(remote),
            rows: remote.value().map_or(&[], |rows| rows.as_slice()),
            arrange: remote
                .value()
                .map(|rows| (rows, &crate::app::features::list_arrangements::DEPOSITS)),
            empty: &state.t("accounts.empty"),
            selected: state.deposits.selected.as_ref(),
            key: |deposit: &Deposit| deposit.id,
            cells: |deposit: &Deposit| {
                let (label, tone) = state_label_of(deposit);
                let payer = deposit
                    .coordinates
                    .as_ref()
                    .and_then(|c| c.source_tax_id.as_deref());
                vec![
                    Cell::Text(moments.or_missing(deposit.created_at())),
                    Cell::Badge(label, tone),
                    Cell::Text(or_missing(deposit.kind.as_deref()).to_uppercase()),
                    shown_amount(amounts, &asset, deposit.amount())
                        .map_or_else(|| Cell::Text(MISSING.to_owned()), Cell::Amount),
                    Cell::Mono(or_missing(payer)),
                ]
            },
            detail: |deposit: &Deposit| {
                detail_rows(state, &asset, deposit, state_label_of(deposit).0)
            },
        },
    );
    if let Some(id) = clicked {
        state.deposits.selected = Some(id);
    }
    if let Some(deposit) = state
        .deposits
        .selected
        .and_then(|id| shown_deposits(state).iter().find(|row| row.id == id))
        .cloned()
    {
        let asset = state.deposits.asset.clone();
        let receipt = crate::app::receipt::build::deposit_receipt(&moments, &asset, &deposit);
        crate::app::features::files::view::receipt_ui(ui, state, receipt);
    }
    ui.add_space(6.0);
    if export_bar_ui(ui, language, &mut state.deposits.export) {
        state.export(ExportRecords::Deposits(shown_deposits(state).to_vec()));
    }
}

fn detail_rows(
    state: &AppState,
    asset: &DepositAsset,
    deposit: &Deposit,
    state_text: String,
) -> Vec<DetailRow> {
    let row = |key: &'static str, value: String, copy| DetailRow::new(state.t(key), value, copy);
    let moments = state.moments();
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
            state.t("accounts.amount"),
            shown_amount(state.amount_format(), asset, deposit.amount()),
        )
        .wire(format!(
            "amount: {}",
            deposit.amount().map_or_else(
                || MISSING.to_owned(),
                |value| state.amount_format().wire(value)
            )
        )),
        row("accounts.state", state_text, false),
        DetailRow::moment(
            state.t("accounts.created_at"),
            &moments,
            "created-at",
            deposit.created_at(),
        ),
        DetailRow::moment(
            state.t("deposits.processed_at"),
            &moments,
            "processed-at",
            deposit.processed_at(),
        ),
        row(
            "deposits.source_tax_id",
            or_missing(source_tax_id.as_deref()),
            true,
        ),
        row(
            "deposits.source_bank_code",
            or_missing(source_bank_code.as_deref()),
            false,
        ),
        row(
            "deposits.source_type",
            or_missing(source_type.as_deref()),
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
