//! Wallets: the list (filtered by asset and address on the service's side),
//! every field of the selected wallet with its address to copy, the CSV
//! export, and the form that creates a wallet.

use egui::Ui;

use crate::app::error_text::Localize;
use crate::app::export::ExportRecords;
use crate::app::form::Field;
use crate::app::format::{MISSING, or_missing};
use crate::app::message::Command;
use crate::app::state::AppState;
use crate::app::submit::{Created, SubmitRequest};
use crate::app::ui::{
    Cell, DetailRow, RecordList, address_field_ui, choice_ui, export_bar_ui, field_message,
    field_message_ui, option_filter_ui, record_list_ui, section_ui, sent_ui, submit_status_ui,
    text_field_ui,
};
use brlv_core::api::model::{Asset, Chain, Wallet};

/// The wallets shown: the filtered list while a filter is set, else all.
pub fn shown_wallets(state: &AppState) -> &[Wallet] {
    state
        .wallets
        .list
        .shown(&state.data.wallets)
        .value()
        .map_or(&[], |rows| rows.as_slice())
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

/// Draws the Wallets panel.
pub fn wallets_ui(ui: &mut Ui, state: &mut AppState) {
    ui.heading(state.t("nav.wallets").as_ref());
    ui.add_space(8.0);
    section_ui(ui, &state.t("wallets.list"), |ui| list_ui(ui, state));
    section_ui(ui, &state.t("wallets.create"), |ui| create_ui(ui, state));
}

fn list_ui(ui: &mut Ui, state: &mut AppState) {
    let language = state.language;
    ui.horizontal(|ui| {
        option_filter_ui(
            ui,
            "wallets_asset_filter",
            &state.t("wallets.filter_asset"),
            &mut state.wallets.asset_filter,
            Asset::KNOWN,
            |asset| asset.as_str().to_owned(),
        );
        let message = state
            .wallets
            .filter()
            .err()
            .map(|error| error.localize(language).into());
        let label = state.t("wallets.filter_address");
        address_field_ui(ui, &label, &mut state.wallets.address_filter, message);
    });
    if let Some(query) = state.wallets.sync_query() {
        state.push(Command::Query(query));
    }
    const HEADERS: [&str; 4] = [
        "wallets.name",
        "wallets.address",
        "wallets.assets",
        "wallets.ui_enabled",
    ];
    let remote = state.wallets.list.shown(&state.data.wallets);
    let yes = state.t("accounts.yes");
    let no = state.t("accounts.no");
    let yes_no = |value: Option<bool>| match value {
        Some(true) => yes.to_string(),
        Some(false) => no.to_string(),
        None => MISSING.to_owned(),
    };
    let clicked = record_list_ui(
        ui,
        language,
        RecordList {
            id: "wallets_table",
            headers: &HEADERS,
            remote: Some(remote),
            rows: remote.value().map_or(&[], |rows| rows.as_slice()),
            arrange: remote
                .value()
                .map(|rows| (rows, &crate::app::features::list_arrangements::WALLETS)),
            empty: &state.t("accounts.empty"),
            selected: state.wallets.selected.as_ref(),
            key: |wallet: &Wallet| wallet.address.clone(),
            cells: |wallet: &Wallet| {
                vec![
                    Cell::Text(or_missing(wallet.name.as_deref())),
                    Cell::Copyable(wallet.address.clone()),
                    Cell::Text(assets_text(&wallet.assets)),
                    Cell::Text(yes_no(wallet.ui_enabled)),
                ]
            },
            detail: |wallet: &Wallet| {
                let metadata = wallet.metadata.as_ref().map_or_else(
                    || MISSING.to_owned(),
                    |metadata| serde_json::Value::Object(metadata.clone()).to_string(),
                );
                vec![
                    DetailRow::new(
                        state.t("wallets.name"),
                        or_missing(wallet.name.as_deref()),
                        false,
                    ),
                    DetailRow::new(state.t("wallets.address"), wallet.address.clone(), true),
                    DetailRow::new(
                        state.t("wallets.assets"),
                        assets_text(&wallet.assets),
                        false,
                    ),
                    DetailRow::new(
                        state.t("wallets.ui_enabled"),
                        yes_no(wallet.ui_enabled),
                        false,
                    ),
                    DetailRow::new(state.t("wallets.metadata"), metadata, false),
                ]
            },
        },
    );
    if let Some(address) = clicked {
        state.wallets.selected = Some(address);
    }
    ui.add_space(6.0);
    if export_bar_ui(ui, language, &mut state.wallets.export) {
        state.export(ExportRecords::Wallets(shown_wallets(state).to_vec()));
    }
}

fn create_ui(ui: &mut Ui, state: &mut AppState) {
    let language = state.language;
    let validation = state.wallets.draft.validate();
    let errors = validation.as_ref().err();
    let message = |field| field_message(language, errors, field);
    let name_message = message(Field::Name);
    let metadata_message = message(Field::Metadata);
    let name_label = state.t("wallets.new_name");
    let name_hint = state.t("wallets.name_hint");
    text_field_ui(
        ui,
        &name_label,
        &mut state.wallets.draft.name,
        &name_hint,
        260.0,
        name_message,
    );
    choice_ui(
        ui,
        "wallet_chain",
        &state.t("wallets.chain"),
        &mut state.wallets.draft.chain,
        Chain::KNOWN,
        |chain| chain.as_str().to_owned(),
    );
    ui.label(state.t("wallets.metadata").as_ref());
    let key_hint = state.t("wallets.metadata_key");
    let value_hint = state.t("wallets.metadata_value");
    let remove = state.t("wallets.metadata_remove");
    let mut removed = None;
    for (index, (key, value)) in state.wallets.draft.metadata.iter_mut().enumerate() {
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
        state.wallets.draft.metadata.remove(index);
    }
    if ui
        .button(state.t("wallets.metadata_add").as_ref())
        .clicked()
    {
        state
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
        &mut state.wallets.draft.ui_enabled,
        ui_enabled_label.as_ref(),
    );
    let label = state.t("wallets.create_button");
    if let Some(request) = sent_ui(ui, &label, validation, &state.wallets.submit) {
        state.submit(SubmitRequest::Wallet(request));
    }
    let created = match state.wallets.submit.created() {
        Some(Created::Wallet(wallet)) => {
            state.t_with("wallets.created", &[("address", &wallet.address)])
        }
        _ => String::new(),
    };
    submit_status_ui(ui, language, &state.wallets.submit, &created);
}
