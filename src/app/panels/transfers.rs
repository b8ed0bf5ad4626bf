//! Transfers: the list with its four filters (sent to the API), every field
//! of the selected transfer with the addresses and tx-hash to copy, the CSV
//! export, and the form that moves BRLV or wBRLY from one of the account's
//! wallets.

use egui::{RichText, Ui};

use crate::api::model::{Asset, Transfer, TransferState};
use crate::app::accounts_command::{
    AccountsCommand, Created, ExportKind, ExportRecords, SubmitOutcome,
};
use crate::app::accounts_state::{SubmitStatus, TransferFilterError};
use crate::app::command::Command;
use crate::app::error_text::Localize;
use crate::app::state::AppState;
use crate::app::widgets::{badge_ui, resource_table_ui};
use crate::forms::Field;

use super::account_common::{
    MISSING, asset_amount_text, choice_ui, detail_grid_ui, detail_row_ui, export_bar_ui,
    field_message, field_message_ui, list_status_ui, note_ui, option_filter_ui, or_missing,
    section_ui, send_button_ui, short_hex, state_label, state_tone, submit_status_ui,
    text_field_ui, time_text,
};

/// The assets the transfer endpoint accepts (spec 4.2).
pub const TRANSFER_ASSETS: [Asset; 2] = [Asset::EthBaseBrlv, Asset::EthBaseWbrly];

/// The transfers shown: the filtered list while a filter is set, else all.
pub fn shown_transfers(state: &AppState) -> &[Transfer] {
    let remote = match &state.accounts.transfers.filtered {
        Some(filtered) => &filtered.list,
        None => &state.data.transfers,
    };
    remote.value().map_or(&[], Vec::as_slice)
}

/// Draws the Transfers panel.
pub fn transfers_ui(ui: &mut Ui, state: &mut AppState) {
    ui.heading(state.t("nav.transfers").as_ref());
    ui.add_space(8.0);
    section_ui(ui, &state.t("transfers.create"), |ui| create_ui(ui, state));
    section_ui(ui, &state.t("transfers.list"), |ui| list_ui(ui, state));
}

fn filters_ui(ui: &mut Ui, state: &mut AppState) {
    let language = state.language;
    let any = state.t("accounts.any");
    let (source_message, target_message) = match state.accounts.transfers.filter() {
        Err(TransferFilterError::Source(error)) => (Some(error.localize(language).into()), None),
        Err(TransferFilterError::Target(error)) => (None, Some(error.localize(language).into())),
        Ok(_) => (None, None),
    };
    let source_label = state.t("transfers.filter_source");
    text_field_ui(
        ui,
        &source_label,
        &mut state.accounts.transfers.source_filter,
        "0x...",
        330.0,
        source_message,
    );
    let target_label = state.t("transfers.filter_target");
    text_field_ui(
        ui,
        &target_label,
        &mut state.accounts.transfers.target_filter,
        "0x...",
        330.0,
        target_message,
    );
    ui.horizontal(|ui| {
        option_filter_ui(
            ui,
            "transfers_asset_filter",
            &state.t("transfers.filter_asset"),
            &any,
            &mut state.accounts.transfers.asset_filter,
            Asset::KNOWN,
            |asset| asset.as_str().to_owned(),
        );
        option_filter_ui(
            ui,
            "transfers_state_filter",
            &state.t("transfers.filter_state"),
            &any,
            &mut state.accounts.transfers.state_filter,
            TransferState::KNOWN,
            |value| state_label(language, "transfer", value.as_str()),
        );
    });
    if let Some(command) = state.accounts.transfers.sync_query() {
        state.push(command);
    }
}

fn list_ui(ui: &mut Ui, state: &mut AppState) {
    filters_ui(ui, state);
    let remote = match &state.accounts.transfers.filtered {
        Some(filtered) => &filtered.list,
        None => &state.data.transfers,
    };
    list_status_ui(ui, state, remote);
    let language = state.language;
    let headers = [
        state.t("accounts.created_at"),
        state.t("accounts.state"),
        state.t("accounts.amount"),
        state.t("transfers.column_source"),
        state.t("transfers.column_target"),
        state.t("transfers.tx_hash"),
    ];
    let headers: Vec<&str> = headers.iter().map(AsRef::as_ref).collect();
    let rows = shown_transfers(state);
    let selected_id = state.accounts.transfers.selected;
    let selected = selected_id.and_then(|id| rows.iter().position(|row| row.id == id));
    let clicked = if rows.is_empty() {
        note_ui(ui, &state.t("accounts.empty"));
        None
    } else {
        resource_table_ui(
            ui,
            "transfers_table",
            &headers,
            rows.len(),
            selected,
            |row, column, ui| {
                let transfer = &rows[row];
                match column {
                    0 => {
                        ui.label(time_text(transfer.created_at));
                    }
                    1 => {
                        let wire = transfer.state.as_ref().map_or(MISSING, |s| s.as_str());
                        badge_ui(
                            ui,
                            &state_label(language, "transfer", wire),
                            state_tone(wire),
                        );
                    }
                    2 => {
                        ui.monospace(asset_amount_text(
                            language,
                            transfer.amount,
                            transfer.asset.as_ref(),
                        ));
                    }
                    3 => {
                        ui.monospace(short_hex(transfer.source_address.as_deref()));
                    }
                    4 => {
                        ui.monospace(short_hex(transfer.target_address.as_deref()));
                    }
                    _ => {
                        ui.monospace(short_hex(transfer.tx_hash.as_deref()));
                    }
                }
            },
        )
        .map(|row| rows[row].id)
    };
    let detail = selected.map(|index| rows[index].clone());
    if let Some(id) = clicked {
        state.accounts.transfers.selected = Some(id);
    }
    if let Some(transfer) = detail {
        detail_ui(ui, state, &transfer);
    }
    ui.add_space(6.0);
    export_bar_ui(ui, state, ExportKind::Transfers, |state| {
        ExportRecords::Transfers(shown_transfers(state).to_vec())
    });
}

fn detail_ui(ui: &mut Ui, state: &AppState, transfer: &Transfer) {
    let language = state.language;
    ui.add_space(6.0);
    ui.label(RichText::new(state.t("accounts.details").as_ref()).strong());
    detail_grid_ui(ui, "transfer_detail", |ui| {
        let row = |ui: &mut Ui, key: &'static str, value: &str, copy: bool| {
            detail_row_ui(ui, state, &state.t(key), value, copy);
        };
        row(ui, "accounts.id", &transfer.id.to_string(), true);
        let wire = transfer.state.as_ref().map_or(MISSING, |s| s.as_str());
        row(
            ui,
            "accounts.state",
            &state_label(language, "transfer", wire),
            false,
        );
        row(
            ui,
            "accounts.asset",
            &or_missing(transfer.asset.as_ref().map(Asset::as_str)),
            false,
        );
        row(
            ui,
            "accounts.amount",
            &asset_amount_text(language, transfer.amount, transfer.asset.as_ref()),
            false,
        );
        row(
            ui,
            "transfers.column_source",
            &or_missing(transfer.source_address.as_deref()),
            true,
        );
        row(
            ui,
            "transfers.column_target",
            &or_missing(transfer.target_address.as_deref()),
            true,
        );
        row(
            ui,
            "transfers.tx_hash",
            &or_missing(transfer.tx_hash.as_deref()),
            true,
        );
        row(
            ui,
            "accounts.created_at",
            &time_text(transfer.created_at),
            false,
        );
        row(
            ui,
            "accounts.state_updated_at",
            &time_text(transfer.state_updated_at),
            false,
        );
    });
}

fn create_ui(ui: &mut Ui, state: &mut AppState) {
    let language = state.language;
    let validation = state.accounts.transfers.draft.validate();
    let errors = validation.as_ref().err();
    let message = |field| field_message(language, errors, field);
    let (source_message, amount_message, target_message, asset_message) = (
        message(Field::SourceWallet),
        message(Field::Amount),
        message(Field::TargetWallet),
        message(Field::Asset),
    );

    // The source is one of the account's wallets, never typed.
    let wallets: Vec<(String, String)> = state
        .data
        .accounts
        .wallets
        .value()
        .map(|wallets| {
            wallets
                .iter()
                .map(|wallet| {
                    let name = wallet.name.clone().unwrap_or_default();
                    (
                        wallet.address.clone(),
                        format!("{name} ({})", wallet.address),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let pick = state.t("transfers.pick_source");
    ui.horizontal(|ui| {
        let label = ui.label(state.t("transfers.source").as_ref());
        let source = &mut state.accounts.transfers.draft.source;
        let shown = wallets
            .iter()
            .find(|(address, _)| address == source)
            .map_or_else(|| pick.to_string(), |(_, text)| text.clone());
        egui::ComboBox::from_id_salt("transfer_source")
            .selected_text(shown)
            .width(420.0)
            .show_ui(ui, |ui| {
                for (address, text) in &wallets {
                    ui.selectable_value(source, address.clone(), text);
                }
            })
            .response
            .labelled_by(label.id);
        if let Some(message) = source_message {
            field_message_ui(ui, &message);
        }
    });
    choice_ui(
        ui,
        "transfer_asset",
        &state.t("accounts.asset"),
        &mut state.accounts.transfers.draft.asset,
        &TRANSFER_ASSETS,
        |asset| asset.as_str().to_owned(),
    );
    if let Some(message) = asset_message {
        field_message_ui(ui, &message);
    }
    let amount_label = state.t("transfers.amount");
    let amount_hint = state.t("accounts.amount_hint");
    text_field_ui(
        ui,
        &amount_label,
        &mut state.accounts.transfers.draft.amount,
        &amount_hint,
        200.0,
        amount_message,
    );
    let target_label = state.t("transfers.target");
    text_field_ui(
        ui,
        &target_label,
        &mut state.accounts.transfers.draft.target,
        "0x...",
        360.0,
        target_message,
    );
    ui.add_space(6.0);
    let send = send_button_ui(
        ui,
        &state.t("transfers.send"),
        validation.is_ok(),
        &state.accounts.transfers.submit,
    );
    if send && let Ok(request) = validation {
        state.accounts.transfers.submit = SubmitStatus::Sending;
        state.push(Command::Accounts(AccountsCommand::CreateTransfer(request)));
    }
    let created = match &state.accounts.transfers.submit {
        SubmitStatus::Finished(SubmitOutcome::Created {
            record: Created::Transfer(transfer),
            ..
        }) => state.t_with("transfers.created", &[("id", &transfer.id.to_string())]),
        _ => String::new(),
    };
    submit_status_ui(ui, state, &state.accounts.transfers.submit, &created);
}
