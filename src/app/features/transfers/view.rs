//! Transfers: the list with its four filters (sent to the API), every field
//! of the selected transfer with the addresses and tx-hash to copy, the CSV
//! export, and the form that moves BRLV or wBRLY from one of the account's
//! wallets.

use egui::Ui;

use crate::app::error_text::Localize;
use crate::app::export::ExportRecords;
use crate::app::form::Field;
use crate::app::format::{MISSING, asset_name, or_missing, short_hex, state_label};
use crate::app::i18n::tr;
use crate::app::message::Command;
use crate::app::state::AppState;
use crate::app::submit::{Created, SubmitRequest};
use crate::app::ui::{
    Cell, DetailRow, RecordList, address_field_ui, amount_field_ui, choice_ui, export_bar_ui,
    field_message, field_message_ui, option_filter_ui, record_list_ui, section_ui, sent_ui,
    state_tone, submit_status_ui, wallet_choice_ui, wallet_choices,
};
use brlv_core::api::model::{Asset, Transfer, TransferState};

use crate::app::features::recipients::state::RecipientKind;
use crate::app::features::recipients::view::{picker_ui, save_offer_ui};
use brlv_core::recipients::Destination;

use super::state::{TRANSFER_ASSETS, TransferFilterError};

/// The transfers shown: the filtered list while a filter is set, else all.
pub fn shown_transfers(state: &AppState) -> &[Transfer] {
    state
        .transfers
        .list
        .shown(&state.data.transfers)
        .value()
        .map_or(&[], |rows| rows.as_slice())
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
    let (source_message, target_message) = match state.transfers.filter() {
        Err(TransferFilterError::Source(error)) => (Some(error.localize(language).into()), None),
        Err(TransferFilterError::Target(error)) => (None, Some(error.localize(language).into())),
        Ok(_) => (None, None),
    };
    let addresses = [
        (
            "transfers.filter_source",
            &mut state.transfers.source_filter,
            source_message,
        ),
        (
            "transfers.filter_target",
            &mut state.transfers.target_filter,
            target_message,
        ),
    ];
    for (key, address, message) in addresses {
        address_field_ui(ui, &tr(language, key), address, message);
    }
    ui.horizontal(|ui| {
        option_filter_ui(
            ui,
            "transfers_asset_filter",
            &state.t("transfers.filter_asset"),
            &mut state.transfers.asset_filter,
            Asset::KNOWN,
            |asset| asset.as_str().to_owned(),
        );
        option_filter_ui(
            ui,
            "transfers_state_filter",
            &state.t("transfers.filter_state"),
            &mut state.transfers.state_filter,
            TransferState::KNOWN,
            |value| state_label(language, "transfer", value.as_str()),
        );
    });
    if let Some(query) = state.transfers.sync_query() {
        state.push(Command::Query(query));
    }
}

fn list_ui(ui: &mut Ui, state: &mut AppState) {
    filters_ui(ui, state);
    let language = state.language;
    let moments = state.moments();
    const HEADERS: [&str; 6] = [
        "accounts.created_at",
        "accounts.state",
        "accounts.amount",
        "transfers.column_source",
        "transfers.column_target",
        "transfers.tx_hash",
    ];
    let remote = state.transfers.list.shown(&state.data.transfers);
    let state_of = |transfer: &Transfer| {
        let wire = transfer.state.as_ref().map_or(MISSING, |s| s.as_str());
        (state_label(language, "transfer", wire), state_tone(wire))
    };
    let amounts = state.amount_format();
    let amount = |transfer: &Transfer| {
        transfer
            .amount()
            .map(|value| amounts.of_asset(value, transfer.asset.as_ref()))
    };
    let clipped = |value: Option<&str>| Cell::Clipped(short_hex(value), or_missing(value));
    let clicked = record_list_ui(
        ui,
        language,
        RecordList {
            id: "transfers_table",
            headers: &HEADERS,
            remote: Some(remote),
            rows: remote.value().map_or(&[], |rows| rows.as_slice()),
            arrange: remote
                .value()
                .map(|rows| (rows, &crate::app::features::list_arrangements::TRANSFERS)),
            empty: &state.t("accounts.empty"),
            selected: state.transfers.selected.as_ref(),
            key: |transfer: &Transfer| transfer.id,
            cells: |transfer: &Transfer| {
                let (label, tone) = state_of(transfer);
                vec![
                    Cell::Text(moments.or_missing(transfer.created_at())),
                    Cell::Badge(label, tone),
                    amount(transfer).map_or_else(|| Cell::Text(MISSING.to_owned()), Cell::Amount),
                    clipped(transfer.source_address.as_deref()),
                    clipped(transfer.target_address.as_deref()),
                    clipped(
                        transfer
                            .tx_hash
                            .as_ref()
                            .map(ToString::to_string)
                            .as_deref(),
                    ),
                ]
            },
            detail: |transfer: &Transfer| {
                let row = |key: &'static str, wire: &str, value: String, copy| {
                    DetailRow::new(state.t(key), value.clone(), copy)
                        .wire(format!("{wire}: {value}"))
                };
                let wire_state = transfer.state.as_ref().map_or(MISSING, |s| s.as_str());
                vec![
                    row("accounts.id", "id", transfer.id.to_string(), true),
                    row("accounts.state", "state", state_of(transfer).0, false)
                        .wire(format!("state: {wire_state}")),
                    row(
                        "accounts.asset",
                        "asset",
                        asset_name(language, transfer.asset.as_ref()),
                        false,
                    )
                    .wire(format!(
                        "asset: {}",
                        or_missing(transfer.asset.as_ref().map(Asset::as_str))
                    )),
                    DetailRow::amount(state.t("accounts.amount"), amount(transfer)).wire(format!(
                        "amount: {}",
                        transfer
                            .amount()
                            .map_or(MISSING.to_owned(), |v| amounts.wire(v))
                    )),
                    row(
                        "transfers.column_source",
                        "source-address",
                        or_missing(transfer.source_address.as_deref()),
                        true,
                    ),
                    row(
                        "transfers.column_target",
                        "target-address",
                        or_missing(transfer.target_address.as_deref()),
                        true,
                    ),
                    row(
                        "transfers.tx_hash",
                        "tx-hash",
                        or_missing(
                            transfer
                                .tx_hash
                                .as_ref()
                                .map(ToString::to_string)
                                .as_deref(),
                        ),
                        true,
                    ),
                    DetailRow::moment(
                        state.t("accounts.created_at"),
                        &moments,
                        "created-at",
                        transfer.created_at(),
                    ),
                    DetailRow::moment(
                        state.t("accounts.state_updated_at"),
                        &moments,
                        "state-updated-at",
                        transfer.state_updated_at(),
                    ),
                ]
            },
        },
    );
    if let Some(id) = clicked {
        state.transfers.selected = Some(id);
    }
    if let Some(transfer) = state
        .transfers
        .selected
        .and_then(|id| shown_transfers(state).iter().find(|row| row.id == id))
        .cloned()
    {
        let receipt = crate::app::receipt::build::transfer_receipt(&moments, &transfer);
        crate::app::features::files::view::receipt_ui(ui, state, receipt);
    }
    ui.add_space(6.0);
    if export_bar_ui(ui, language, &mut state.transfers.export) {
        state.export(ExportRecords::Transfers(shown_transfers(state).to_vec()));
    }
}

fn create_ui(ui: &mut Ui, state: &mut AppState) {
    let language = state.language;
    let validation = state.transfers.draft.validate();
    let errors = validation.as_ref().err();
    let message = |field| field_message(language, errors, field);
    let (source_message, amount_message, target_message, asset_message) = (
        message(Field::SourceWallet),
        message(Field::Amount),
        message(Field::TargetWallet),
        message(Field::Asset),
    );

    // The source is one of the account's wallets, never typed.
    let wallets = wallet_choices(state.data.wallets.value().map(|rows| rows.as_slice()));
    let pick = state.t("transfers.pick_source");
    let label = state.t("transfers.source");
    ui.horizontal(|ui| {
        wallet_choice_ui(
            ui,
            "transfer_source",
            &label,
            &pick,
            &wallets,
            &mut state.transfers.draft.source,
        );
        if let Some(message) = source_message {
            field_message_ui(ui, &message);
        }
    });
    choice_ui(
        ui,
        "transfer_asset",
        &state.t("accounts.asset"),
        &mut state.transfers.draft.asset,
        &TRANSFER_ASSETS,
        |asset| asset.as_str().to_owned(),
    );
    if let Some(message) = asset_message {
        field_message_ui(ui, &message);
    }
    let label = state.t("transfers.amount");
    amount_field_ui(
        ui,
        &label,
        &mut state.transfers.draft.amount,
        amount_message,
    );
    if let Some(Destination::Wallet { address }) =
        picker_ui(ui, state, "transfer_recipient", &[RecipientKind::Wallet])
    {
        state.transfers.draft.target = address;
    }
    let target_label = state.t("transfers.target");
    address_field_ui(
        ui,
        &target_label,
        &mut state.transfers.draft.target,
        target_message,
    );
    let typed = crate::app::form::optional_address(&state.transfers.draft.target)
        .ok()
        .flatten()
        .map(|address| Destination::Wallet { address });
    save_offer_ui(ui, state, "transfer_recipient", typed);
    let label = state.t("transfers.send");
    if let Some(request) = sent_ui(ui, &label, validation, &state.transfers.submit) {
        state.submit(SubmitRequest::Transfer(request));
    }
    let created = match state.transfers.submit.created() {
        Some(Created::Transfer(transfer)) => {
            state.t_with("transfers.created", &[("id", &transfer.id.to_string())])
        }
        _ => String::new(),
    };
    submit_status_ui(ui, language, &state.transfers.submit, &created);
}
