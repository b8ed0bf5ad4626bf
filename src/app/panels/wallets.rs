//! Wallets: the list (filtered by asset and address on the service's side),
//! every field of the selected wallet with its address to copy, the CSV
//! export, and the form that creates a wallet.

use egui::{RichText, Ui};

use crate::api::model::{Asset, Chain, Wallet};
use crate::app::accounts_command::{
    AccountsCommand, Created, ExportKind, ExportRecords, SubmitOutcome,
};
use crate::app::accounts_state::SubmitStatus;
use crate::app::command::Command;
use crate::app::error_text::Localize;
use crate::app::state::AppState;
use crate::app::widgets::resource_table_ui;
use crate::forms::Field;

use super::account_common::{
    MISSING, choice_ui, copy_button_ui, detail_grid_ui, detail_row_ui, export_bar_ui,
    field_message, field_message_ui, list_status_ui, note_ui, option_filter_ui, section_ui,
    send_button_ui, submit_status_ui, text_field_ui,
};

/// The wallets shown: the filtered list while a filter is set, else all.
pub fn shown_wallets(state: &AppState) -> &[Wallet] {
    let remote = match &state.accounts.wallets.filtered {
        Some(filtered) => &filtered.list,
        None => &state.data.accounts.wallets,
    };
    remote.value().map_or(&[], Vec::as_slice)
}

fn assets_text(assets: &[Asset]) -> String {
    if assets.is_empty() {
        return MISSING.to_owned();
    }
    assets
        .iter()
        .map(Asset::as_str)
        .collect::<Vec<_>>()
        .join(", ")
}

fn yes_no(state: &AppState, value: Option<bool>) -> String {
    match value {
        Some(true) => state.t("accounts.yes").into_owned(),
        Some(false) => state.t("accounts.no").into_owned(),
        None => MISSING.to_owned(),
    }
}

/// Draws the Wallets panel.
pub fn wallets_ui(ui: &mut Ui, state: &mut AppState) {
    ui.heading(state.t("nav.wallets").as_ref());
    ui.add_space(8.0);
    section_ui(ui, &state.t("wallets.list"), |ui| list_ui(ui, state));
    section_ui(ui, &state.t("wallets.create"), |ui| create_ui(ui, state));
}

fn list_ui(ui: &mut Ui, state: &mut AppState) {
    let any = state.t("accounts.any");
    ui.horizontal(|ui| {
        option_filter_ui(
            ui,
            "wallets_asset_filter",
            &state.t("wallets.filter_asset"),
            &any,
            &mut state.accounts.wallets.asset_filter,
            Asset::KNOWN,
            |asset| asset.as_str().to_owned(),
        );
        let message = state
            .accounts
            .wallets
            .filter()
            .err()
            .map(|error| error.localize(state.language).into());
        let label = state.t("wallets.filter_address");
        text_field_ui(
            ui,
            &label,
            &mut state.accounts.wallets.address_filter,
            "0x...",
            330.0,
            message,
        );
    });
    if let Some(command) = state.accounts.wallets.sync_query() {
        state.push(command);
    }
    let remote = match &state.accounts.wallets.filtered {
        Some(filtered) => &filtered.list,
        None => &state.data.accounts.wallets,
    };
    list_status_ui(ui, state, remote);

    let headers = [
        state.t("wallets.name"),
        state.t("wallets.address"),
        state.t("wallets.assets"),
        state.t("wallets.ui_enabled"),
    ];
    let headers: Vec<&str> = headers.iter().map(AsRef::as_ref).collect();
    let rows = shown_wallets(state);
    let selected = state
        .accounts
        .wallets
        .selected
        .as_ref()
        .and_then(|address| rows.iter().position(|wallet| &wallet.address == address));
    let clicked = if rows.is_empty() {
        note_ui(ui, &state.t("accounts.empty"));
        None
    } else {
        resource_table_ui(
            ui,
            "wallets_table",
            &headers,
            rows.len(),
            selected,
            |row, column, ui| {
                let wallet = &rows[row];
                match column {
                    0 => ui.label(wallet.name.as_deref().unwrap_or(MISSING)),
                    1 => {
                        ui.monospace(&wallet.address);
                        copy_button_ui(ui, state, &wallet.address);
                        ui.label("")
                    }
                    2 => ui.label(assets_text(&wallet.assets)),
                    _ => ui.label(yes_no(state, wallet.ui_enabled)),
                };
            },
        )
        .map(|row| rows[row].address.clone())
    };
    let detail = selected.map(|index| rows[index].clone());
    if let Some(address) = clicked {
        state.accounts.wallets.selected = Some(address);
    }
    if let Some(wallet) = detail {
        ui.add_space(6.0);
        ui.label(RichText::new(state.t("accounts.details").as_ref()).strong());
        detail_grid_ui(ui, "wallet_detail", |ui| {
            detail_row_ui(
                ui,
                state,
                &state.t("wallets.name"),
                wallet.name.as_deref().unwrap_or(MISSING),
                false,
            );
            detail_row_ui(
                ui,
                state,
                &state.t("wallets.address"),
                &wallet.address,
                true,
            );
            detail_row_ui(
                ui,
                state,
                &state.t("wallets.assets"),
                &assets_text(&wallet.assets),
                false,
            );
            detail_row_ui(
                ui,
                state,
                &state.t("wallets.ui_enabled"),
                &yes_no(state, wallet.ui_enabled),
                false,
            );
            let metadata = wallet.metadata.as_ref().map_or_else(
                || MISSING.to_owned(),
                |metadata| serde_json::Value::Object(metadata.clone()).to_string(),
            );
            detail_row_ui(ui, state, &state.t("wallets.metadata"), &metadata, false);
        });
    }
    ui.add_space(6.0);
    export_bar_ui(ui, state, ExportKind::Wallets, |state| {
        ExportRecords::Wallets(shown_wallets(state).to_vec())
    });
}

fn create_ui(ui: &mut Ui, state: &mut AppState) {
    let language = state.language;
    let validation = state.accounts.wallets.draft.validate();
    let errors = validation.as_ref().err();
    let message = |field| field_message(language, errors, field);
    let name_message = message(Field::Name);
    let metadata_message = message(Field::Metadata);
    let name_label = state.t("wallets.new_name");
    let name_hint = state.t("wallets.name_hint");
    text_field_ui(
        ui,
        &name_label,
        &mut state.accounts.wallets.draft.name,
        &name_hint,
        260.0,
        name_message,
    );
    choice_ui(
        ui,
        "wallet_chain",
        &state.t("wallets.chain"),
        &mut state.accounts.wallets.draft.chain,
        Chain::KNOWN,
        |chain| chain.as_str().to_owned(),
    );
    ui.label(state.t("wallets.metadata").as_ref());
    let key_hint = state.t("wallets.metadata_key");
    let value_hint = state.t("wallets.metadata_value");
    let remove = state.t("wallets.metadata_remove");
    let mut removed = None;
    for (index, (key, value)) in state.accounts.wallets.draft.metadata.iter_mut().enumerate() {
        ui.horizontal(|ui| {
            let key_label = ui.label(key_hint.as_ref());
            ui.add(egui::TextEdit::singleline(key).desired_width(160.0))
                .labelled_by(key_label.id);
            let value_label = ui.label(value_hint.as_ref());
            ui.add(egui::TextEdit::singleline(value).desired_width(220.0))
                .labelled_by(value_label.id);
            if ui.button(remove.as_ref()).clicked() {
                removed = Some(index);
            }
        });
    }
    if let Some(index) = removed {
        state.accounts.wallets.draft.metadata.remove(index);
    }
    if ui
        .button(state.t("wallets.metadata_add").as_ref())
        .clicked()
    {
        state
            .accounts
            .wallets
            .draft
            .metadata
            .push((String::new(), String::new()));
    }
    if let Some(message) = metadata_message {
        field_message_ui(ui, &message);
    }
    let ui_enabled_label = state.t("wallets.ui_enabled_hint");
    ui.checkbox(
        &mut state.accounts.wallets.draft.ui_enabled,
        ui_enabled_label.as_ref(),
    );
    ui.add_space(6.0);
    let send = send_button_ui(
        ui,
        &state.t("wallets.create_button"),
        validation.is_ok(),
        &state.accounts.wallets.submit,
    );
    if send && let Ok(request) = validation {
        state.accounts.wallets.submit = SubmitStatus::Sending;
        state.push(Command::Accounts(AccountsCommand::CreateWallet(request)));
    }
    let created = match &state.accounts.wallets.submit {
        SubmitStatus::Finished(SubmitOutcome::Created {
            record: Created::Wallet(wallet),
            ..
        }) => state.t_with("wallets.created", &[("address", &wallet.address)]),
        _ => String::new(),
    };
    submit_status_ui(ui, state, &state.accounts.wallets.submit, &created);
}
