//! Deposits: per asset (brl, usd, usdc, usdt), newest first, with every
//! field of the selected one, its coordinates (who paid, from which bank
//! account, to where) included, and the CSV export.

use egui::{RichText, Ui};

use crate::api::model::{Deposit, DepositAsset, DepositCoordinates};
use crate::app::accounts_command::{ExportKind, ExportRecords};
use crate::app::accounts_state::DEPOSIT_ASSETS;
use crate::app::i18n;
use crate::app::state::AppState;
use crate::app::widgets::{badge_ui, resource_table_ui};

use super::account_common::{
    MISSING, detail_grid_ui, detail_row_ui, export_bar_ui, list_status_ui, note_ui, or_missing,
    section_ui, state_label, state_tone, time_text,
};

/// The deposits of the asset shown.
pub fn shown_deposits(state: &AppState) -> &[Deposit] {
    state
        .data
        .accounts
        .deposits(&state.accounts.deposits.asset)
        .value()
        .map_or(&[], Vec::as_slice)
}

fn amount_text(
    state: &AppState,
    asset: &DepositAsset,
    amount: Option<rust_decimal::Decimal>,
) -> String {
    amount.map_or_else(
        || MISSING.to_owned(),
        |amount| {
            format!(
                "{} {}",
                i18n::amount(state.language, amount, asset.scale()),
                asset.as_str().to_uppercase()
            )
        },
    )
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
            let selected = state.accounts.deposits.asset == asset;
            if ui.selectable_label(selected, text).clicked() && !selected {
                state.accounts.deposits.asset = asset;
                state.accounts.deposits.selected = None;
            }
        }
    });
    ui.add_space(6.0);
    let asset = state.accounts.deposits.asset.clone();
    list_status_ui(ui, state, state.data.accounts.deposits(&asset));
    let language = state.language;
    let headers = [
        state.t("accounts.created_at"),
        state.t("accounts.state"),
        state.t("deposits.type"),
        state.t("accounts.amount"),
        state.t("deposits.payer"),
    ];
    let headers: Vec<&str> = headers.iter().map(AsRef::as_ref).collect();
    let rows = shown_deposits(state);
    let selected = state
        .accounts
        .deposits
        .selected
        .and_then(|id| rows.iter().position(|row| row.id == id));
    let clicked = if rows.is_empty() {
        note_ui(ui, &state.t("accounts.empty"));
        None
    } else {
        resource_table_ui(
            ui,
            "deposits_table",
            &headers,
            rows.len(),
            selected,
            |row, column, ui| {
                let deposit = &rows[row];
                match column {
                    0 => {
                        ui.label(time_text(deposit.created_at));
                    }
                    1 => {
                        let wire = deposit.status.as_ref().map_or(MISSING, |s| s.as_str());
                        badge_ui(
                            ui,
                            &state_label(language, "deposit", wire),
                            state_tone(wire),
                        );
                    }
                    2 => {
                        ui.label(or_missing(deposit.kind.as_deref()).to_uppercase());
                    }
                    3 => {
                        ui.monospace(amount_text(state, &asset, deposit.amount));
                    }
                    _ => {
                        let payer = deposit
                            .coordinates
                            .as_ref()
                            .and_then(|c| c.source_tax_id.as_deref());
                        ui.monospace(or_missing(payer));
                    }
                }
            },
        )
        .map(|row| rows[row].id)
    };
    let detail = selected.map(|index| rows[index].clone());
    if let Some(id) = clicked {
        state.accounts.deposits.selected = Some(id);
    }
    if let Some(deposit) = detail {
        detail_ui(ui, state, &asset, &deposit);
    }
    ui.add_space(6.0);
    export_bar_ui(ui, state, ExportKind::Deposits, |state| {
        ExportRecords::Deposits(shown_deposits(state).to_vec())
    });
}

fn detail_ui(ui: &mut Ui, state: &AppState, asset: &DepositAsset, deposit: &Deposit) {
    let language = state.language;
    ui.add_space(6.0);
    ui.label(RichText::new(state.t("accounts.details").as_ref()).strong());
    let coordinates = deposit.coordinates.clone().unwrap_or_default();
    let DepositCoordinates {
        source_tax_id,
        source_bank_code,
        source_type,
        source_account_number,
        source_branch_code,
        target,
    } = coordinates;
    detail_grid_ui(ui, "deposit_detail", |ui| {
        let row = |ui: &mut Ui, key: &'static str, value: &str, copy: bool| {
            detail_row_ui(ui, state, &state.t(key), value, copy);
        };
        row(ui, "accounts.id", &deposit.id.to_string(), true);
        row(
            ui,
            "deposits.type",
            &or_missing(deposit.kind.as_deref()),
            false,
        );
        row(
            ui,
            "accounts.amount",
            &amount_text(state, asset, deposit.amount),
            false,
        );
        let wire = deposit.status.as_ref().map_or(MISSING, |s| s.as_str());
        row(
            ui,
            "accounts.state",
            &state_label(language, "deposit", wire),
            false,
        );
        row(
            ui,
            "accounts.created_at",
            &time_text(deposit.created_at),
            false,
        );
        row(
            ui,
            "deposits.processed_at",
            &time_text(deposit.processed_at),
            false,
        );
        row(
            ui,
            "deposits.source_tax_id",
            &or_missing(source_tax_id.as_deref()),
            true,
        );
        row(
            ui,
            "deposits.source_bank_code",
            &or_missing(source_bank_code.as_deref()),
            false,
        );
        row(
            ui,
            "deposits.source_type",
            &or_missing(source_type.as_deref()),
            false,
        );
        row(
            ui,
            "deposits.source_branch_code",
            &or_missing(source_branch_code.as_deref()),
            false,
        );
        row(
            ui,
            "deposits.source_account_number",
            &or_missing(source_account_number.as_deref()),
            true,
        );
        row(ui, "deposits.target", &or_missing(target.as_deref()), true);
    });
}
