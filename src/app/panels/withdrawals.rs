//! Withdrawals: the form (PIX with its key checked, TED, token) with a
//! confirmation step that repeats amount and destination before anything is
//! sent; the list with its asset filter (sent to the API), every field of
//! the selected withdrawal, and the CSV export.

use egui::{RichText, Ui};

use crate::api::model::{Asset, CreateWithdrawal, Withdrawal, WithdrawalMethod};
use crate::app::accounts_command::{
    AccountsCommand, Created, ExportKind, ExportRecords, SubmitOutcome,
};
use crate::app::accounts_state::SubmitStatus;
use crate::app::command::Command;
use crate::app::i18n::{self, Language};
use crate::app::state::AppState;
use crate::app::widgets::{badge_ui, resource_table_ui};
use crate::forms::Field;
use crate::pix::PixKey;

use super::account_common::{
    MISSING, asset_amount_text, choice_ui, detail_grid_ui, detail_row_ui, export_bar_ui,
    field_message, field_message_ui, list_status_ui, note_ui, option_filter_ui, or_missing,
    section_ui, send_button_ui, state_label, state_tone, submit_status_ui, text_field_ui,
    time_text,
};

/// The withdrawals shown: the filtered list while a filter is set, else all.
pub fn shown_withdrawals(state: &AppState) -> &[Withdrawal] {
    let remote = match &state.accounts.withdrawals.filtered {
        Some(filtered) => &filtered.list,
        None => &state.data.withdrawals,
    };
    remote.value().map_or(&[], Vec::as_slice)
}

/// Tokens a `token` withdrawal can pay.
fn token_assets() -> Vec<Asset> {
    Asset::KNOWN
        .iter()
        .filter(|asset| !asset.is_fiat())
        .cloned()
        .collect()
}

fn pix_kind_text(language: Language, key: &PixKey) -> String {
    let name = match key {
        PixKey::Cpf(_) => "withdrawals.kind_cpf",
        PixKey::Cnpj(_) => "withdrawals.kind_cnpj",
        PixKey::Email(_) => "withdrawals.kind_email",
        PixKey::Phone(_) => "withdrawals.kind_phone",
        PixKey::Random(_) => "withdrawals.kind_random",
    };
    i18n::tr(language, name).into_owned()
}

/// Where the money goes, as the confirmation step says it.
pub fn destination_text(language: Language, request: &CreateWithdrawal) -> String {
    match request.method {
        WithdrawalMethod::Pix => {
            let key = request.pix_key.as_deref().unwrap_or_default();
            let kind = PixKey::parse(key)
                .map(|parsed| pix_kind_text(language, &parsed))
                .unwrap_or_default();
            i18n::tr_with(
                language,
                "withdrawals.to_pix",
                &[("kind", &kind), ("key", key)],
            )
        }
        WithdrawalMethod::Ted => i18n::tr(language, "withdrawals.to_ted").into_owned(),
        _ => i18n::tr(language, "withdrawals.to_token").into_owned(),
    }
}

/// Draws the Withdrawals panel.
pub fn withdrawals_ui(ui: &mut Ui, state: &mut AppState) {
    ui.heading(state.t("nav.withdrawals").as_ref());
    ui.add_space(8.0);
    section_ui(ui, &state.t("withdrawals.create"), |ui| {
        if state.accounts.withdrawals.confirming.is_some() {
            confirm_ui(ui, state);
        } else {
            form_ui(ui, state);
        }
    });
    section_ui(ui, &state.t("withdrawals.list"), |ui| list_ui(ui, state));
}

fn form_ui(ui: &mut Ui, state: &mut AppState) {
    let language = state.language;
    let (method_pix, method_ted, method_token) = (
        state.t("withdrawals.method_pix"),
        state.t("withdrawals.method_ted"),
        state.t("withdrawals.method_token"),
    );
    let draft = &mut state.accounts.withdrawals.draft;
    ui.horizontal(|ui| {
        for (method, text) in [
            (WithdrawalMethod::Pix, &method_pix),
            (WithdrawalMethod::Ted, &method_ted),
            (WithdrawalMethod::Token, &method_token),
        ] {
            if ui
                .radio_value(&mut draft.method, method.clone(), text.as_ref())
                .clicked()
            {
                // PIX and TED pay BRL; a token withdrawal starts on the first token.
                draft.asset = match method {
                    WithdrawalMethod::Token => Asset::EthBaseUsdc,
                    _ => Asset::FiatBrl,
                };
            }
        }
    });
    if state.accounts.withdrawals.draft.method == WithdrawalMethod::Token {
        choice_ui(
            ui,
            "withdrawal_asset",
            &state.t("accounts.asset"),
            &mut state.accounts.withdrawals.draft.asset,
            &token_assets(),
            |asset| asset.as_str().to_owned(),
        );
    } else {
        note_ui(ui, &state.t("withdrawals.pays_brl"));
    }
    let validation = state.accounts.withdrawals.draft.validate();
    let errors = validation.as_ref().err();
    let message = |field| field_message(language, errors, field);
    let (amount_message, key_message, asset_message) = (
        message(Field::Amount),
        message(Field::PixKey),
        message(Field::Asset),
    );
    if let Some(message) = asset_message {
        field_message_ui(ui, &message);
    }
    let amount_label = state.t("withdrawals.amount");
    let amount_hint = state.t("accounts.amount_hint");
    text_field_ui(
        ui,
        &amount_label,
        &mut state.accounts.withdrawals.draft.amount,
        &amount_hint,
        200.0,
        amount_message,
    );
    if state.accounts.withdrawals.draft.method == WithdrawalMethod::Pix {
        let key_label = state.t("withdrawals.pix_key");
        let key_hint = state.t("withdrawals.pix_key_hint");
        text_field_ui(
            ui,
            &key_label,
            &mut state.accounts.withdrawals.draft.pix_key,
            &key_hint,
            300.0,
            key_message,
        );
        if let Ok(key) = PixKey::parse(&state.accounts.withdrawals.draft.pix_key) {
            note_ui(
                ui,
                &state.t_with(
                    "withdrawals.key_recognised",
                    &[
                        ("kind", &pix_kind_text(language, &key)),
                        ("key", key.as_str()),
                    ],
                ),
            );
        }
    }
    ui.add_space(6.0);
    let review = send_button_ui(
        ui,
        &state.t("withdrawals.review"),
        validation.is_ok(),
        &state.accounts.withdrawals.submit,
    );
    if review && let Ok(request) = validation {
        state.accounts.withdrawals.confirming = Some(request);
        state.accounts.withdrawals.submit = SubmitStatus::Idle;
    }
    let created = match &state.accounts.withdrawals.submit {
        SubmitStatus::Finished(SubmitOutcome::Created {
            record: Created::Withdrawal(withdrawal),
            ..
        }) => state.t_with("withdrawals.created", &[("id", &withdrawal.id.to_string())]),
        _ => String::new(),
    };
    submit_status_ui(ui, state, &state.accounts.withdrawals.submit, &created);
}

/// The confirmation step: what is sent, exactly, before it is sent.
fn confirm_ui(ui: &mut Ui, state: &mut AppState) {
    let language = state.language;
    let Some(request) = state.accounts.withdrawals.confirming.clone() else {
        return;
    };
    ui.label(RichText::new(state.t("withdrawals.confirm_title").as_ref()).strong());
    egui::Grid::new("withdrawal_confirm")
        .num_columns(2)
        .spacing([16.0, 6.0])
        .show(ui, |ui| {
            ui.label(state.t("accounts.amount").as_ref());
            ui.label(
                RichText::new(asset_amount_text(
                    language,
                    Some(request.amount),
                    Some(&request.asset),
                ))
                .monospace()
                .strong(),
            );
            ui.end_row();
            ui.label(state.t("withdrawals.method").as_ref());
            ui.label(request.method.as_str().to_uppercase());
            ui.end_row();
            ui.label(state.t("withdrawals.destination").as_ref());
            ui.label(RichText::new(destination_text(language, &request)).strong());
            ui.end_row();
        });
    ui.add_space(6.0);
    let sending = state.accounts.withdrawals.submit.is_sending();
    ui.horizontal(|ui| {
        let confirm = ui
            .add_enabled(
                !sending,
                egui::Button::new(state.t("withdrawals.confirm").as_ref()),
            )
            .clicked();
        let back = ui
            .add_enabled(
                !sending,
                egui::Button::new(state.t("withdrawals.back").as_ref()),
            )
            .clicked();
        if confirm {
            state.accounts.withdrawals.submit = SubmitStatus::Sending;
            state.push(Command::Accounts(AccountsCommand::CreateWithdrawal(
                request.clone(),
            )));
        } else if back {
            state.accounts.withdrawals.confirming = None;
        }
    });
    submit_status_ui(ui, state, &state.accounts.withdrawals.submit, "");
}

fn list_ui(ui: &mut Ui, state: &mut AppState) {
    let language = state.language;
    let any = state.t("accounts.any");
    option_filter_ui(
        ui,
        "withdrawals_asset_filter",
        &state.t("withdrawals.filter_asset"),
        &any,
        &mut state.accounts.withdrawals.asset_filter,
        Asset::KNOWN,
        |asset| asset.as_str().to_owned(),
    );
    if let Some(command) = state.accounts.withdrawals.sync_query() {
        state.push(command);
    }
    let remote = match &state.accounts.withdrawals.filtered {
        Some(filtered) => &filtered.list,
        None => &state.data.withdrawals,
    };
    list_status_ui(ui, state, remote);
    let headers = [
        state.t("accounts.created_at"),
        state.t("accounts.state"),
        state.t("withdrawals.method"),
        state.t("accounts.amount"),
    ];
    let headers: Vec<&str> = headers.iter().map(AsRef::as_ref).collect();
    let rows = shown_withdrawals(state);
    let selected = state
        .accounts
        .withdrawals
        .selected
        .and_then(|id| rows.iter().position(|row| row.id == id));
    let clicked = if rows.is_empty() {
        note_ui(ui, &state.t("accounts.empty"));
        None
    } else {
        resource_table_ui(
            ui,
            "withdrawals_table",
            &headers,
            rows.len(),
            selected,
            |row, column, ui| {
                let withdrawal = &rows[row];
                match column {
                    0 => {
                        ui.label(time_text(withdrawal.created_at));
                    }
                    1 => {
                        let wire = withdrawal.state.as_ref().map_or(MISSING, |s| s.as_str());
                        badge_ui(
                            ui,
                            &state_label(language, "withdrawal", wire),
                            state_tone(wire),
                        );
                    }
                    2 => {
                        ui.label(
                            withdrawal
                                .method
                                .as_ref()
                                .map_or(MISSING.to_owned(), |m| m.as_str().to_uppercase()),
                        );
                    }
                    _ => {
                        ui.monospace(asset_amount_text(
                            language,
                            withdrawal.amount,
                            withdrawal.asset.as_ref(),
                        ));
                    }
                }
            },
        )
        .map(|row| rows[row].id)
    };
    let detail = selected.map(|index| rows[index].clone());
    if let Some(id) = clicked {
        state.accounts.withdrawals.selected = Some(id);
    }
    if let Some(withdrawal) = detail {
        detail_ui(ui, state, &withdrawal);
    }
    ui.add_space(6.0);
    export_bar_ui(ui, state, ExportKind::Withdrawals, |state| {
        ExportRecords::Withdrawals(shown_withdrawals(state).to_vec())
    });
}

fn detail_ui(ui: &mut Ui, state: &AppState, withdrawal: &Withdrawal) {
    let language = state.language;
    ui.add_space(6.0);
    ui.label(RichText::new(state.t("accounts.details").as_ref()).strong());
    detail_grid_ui(ui, "withdrawal_detail", |ui| {
        let row = |ui: &mut Ui, label: &str, value: &str, copy: bool| {
            detail_row_ui(ui, state, label, value, copy);
        };
        row(
            ui,
            &state.t("accounts.id"),
            &withdrawal.id.to_string(),
            true,
        );
        let wire = withdrawal.state.as_ref().map_or(MISSING, |s| s.as_str());
        row(
            ui,
            &state.t("accounts.state"),
            &state_label(language, "withdrawal", wire),
            false,
        );
        row(
            ui,
            &state.t("accounts.asset"),
            &or_missing(withdrawal.asset.as_ref().map(Asset::as_str)),
            false,
        );
        row(
            ui,
            &state.t("accounts.amount"),
            &asset_amount_text(language, withdrawal.amount, withdrawal.asset.as_ref()),
            false,
        );
        row(
            ui,
            &state.t("withdrawals.method"),
            &or_missing(withdrawal.method.as_ref().map(WithdrawalMethod::as_str)),
            false,
        );
        row(
            ui,
            &state.t("accounts.created_at"),
            &time_text(withdrawal.created_at),
            false,
        );
        row(
            ui,
            &state.t("accounts.state_updated_at"),
            &time_text(withdrawal.state_updated_at),
            false,
        );
        // Fields of the TED and token variants the spec does not name, as they came.
        for (key, value) in &withdrawal.extra {
            let text = match value {
                serde_json::Value::String(text) => text.clone(),
                other => other.to_string(),
            };
            row(ui, key, &text, true);
        }
    });
}
