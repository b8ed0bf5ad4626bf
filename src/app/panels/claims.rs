//! Claims: what the reward certificates allow to claim, at the account and
//! per wallet; the form that claims an amount (never above what is
//! claimable) as BRL or BRLV; the result's gross, tax, fees and net; and the
//! claims made in this session (the service lists none) with their export.

use egui::{RichText, Ui};
use rust_decimal::Decimal;

use crate::api::model::{Claim, ClaimTarget};
use crate::app::accounts_command::{
    AccountsCommand, Created, ExportKind, ExportRecords, SubmitOutcome,
};
use crate::app::accounts_state::SubmitStatus;
use crate::app::command::Command;
use crate::app::i18n;
use crate::app::state::AppState;
use crate::app::widgets::{badge_ui, resource_table_ui};
use crate::forms::Field;

use super::account_common::{
    MISSING, detail_grid_ui, detail_row_ui, export_bar_ui, field_message, list_status_ui, note_ui,
    section_ui, send_button_ui, state_label, state_tone, submit_status_ui, text_field_ui,
    time_text,
};

/// Draws the Claims panel.
pub fn claims_ui(ui: &mut Ui, state: &mut AppState) {
    ui.heading(state.t("nav.claims").as_ref());
    ui.add_space(8.0);
    section_ui(ui, &state.t("claims.claimable"), |ui| {
        claimable_ui(ui, state)
    });
    section_ui(ui, &state.t("claims.create"), |ui| create_ui(ui, state));
    section_ui(ui, &state.t("claims.made"), |ui| made_ui(ui, state));
}

fn brl_text(state: &AppState, value: Option<Decimal>) -> String {
    value.map_or_else(
        || MISSING.to_owned(),
        |value| i18n::brl(state.language, value),
    )
}

fn claimable_ui(ui: &mut Ui, state: &AppState) {
    let remote = &state.data.accounts.claimable;
    list_status_ui(ui, state, remote);
    let Some(balances) = remote.value() else {
        note_ui(ui, MISSING);
        return;
    };
    egui::Grid::new("claimable")
        .num_columns(3)
        .spacing([16.0, 6.0])
        .striped(true)
        .show(ui, |ui| {
            ui.label(RichText::new(state.t("claims.the_account").as_ref()).strong());
            ui.label("");
            ui.monospace(brl_text(state, Some(balances.account)));
            ui.end_row();
            for wallet in &balances.wallets {
                ui.label(wallet.name.as_deref().unwrap_or(MISSING));
                ui.monospace(&wallet.address);
                ui.monospace(brl_text(state, Some(wallet.available)));
                ui.end_row();
            }
        });
}

fn create_ui(ui: &mut Ui, state: &mut AppState) {
    let language = state.language;
    // Where to claim from: the account, or one wallet's certificates.
    let mut scopes: Vec<(Option<String>, String)> =
        vec![(None, state.t("claims.the_account").into_owned())];
    if let Some(balances) = state.data.accounts.claimable.value() {
        for wallet in &balances.wallets {
            let name = wallet.name.clone().unwrap_or_default();
            scopes.push((
                Some(wallet.address.clone()),
                format!("{name} ({})", wallet.address),
            ));
        }
    }
    ui.horizontal(|ui| {
        let label = ui.label(state.t("claims.scope").as_ref());
        let scope = &mut state.accounts.claims.wallet;
        let shown = scopes
            .iter()
            .find(|(address, _)| address == scope)
            .map_or_else(
                || scope.clone().unwrap_or_default(),
                |(_, text)| text.clone(),
            );
        egui::ComboBox::from_id_salt("claim_scope")
            .selected_text(shown)
            .width(420.0)
            .show_ui(ui, |ui| {
                for (address, text) in &scopes {
                    ui.selectable_value(scope, address.clone(), text);
                }
            })
            .response
            .labelled_by(label.id);
    });
    let available = state.accounts.claims.available(&state.data.accounts);
    ui.label(state.t_with(
        "claims.available",
        &[("amount", &brl_text(state, available))],
    ));
    let validation = state.accounts.claims.draft.validate(available);
    let amount_message = field_message(language, validation.as_ref().err(), Field::Amount);
    let amount_label = state.t("claims.amount");
    let amount_hint = state.t("accounts.amount_hint");
    text_field_ui(
        ui,
        &amount_label,
        &mut state.accounts.claims.draft.amount,
        &amount_hint,
        200.0,
        amount_message,
    );
    ui.horizontal(|ui| {
        ui.label(state.t("claims.receive_as").as_ref());
        let target = &mut state.accounts.claims.draft.target;
        ui.radio_value(target, ClaimTarget::Brl, "BRL");
        ui.radio_value(target, ClaimTarget::Brlv, "BRLV");
    });
    ui.add_space(6.0);
    let send = send_button_ui(
        ui,
        &state.t("claims.send"),
        validation.is_ok(),
        &state.accounts.claims.submit,
    );
    if send && let Ok(request) = validation {
        state.accounts.claims.submit = SubmitStatus::Sending;
        let wallet_address = state.accounts.claims.wallet.clone();
        state.push(Command::Accounts(AccountsCommand::CreateClaim {
            wallet_address,
            request,
        }));
    }
    let created = match &state.accounts.claims.submit {
        SubmitStatus::Finished(SubmitOutcome::Created {
            record: Created::Claim(_),
            ..
        }) => state.t("claims.created").into_owned(),
        _ => String::new(),
    };
    submit_status_ui(ui, state, &state.accounts.claims.submit, &created);
    if let SubmitStatus::Finished(SubmitOutcome::Created {
        record: Created::Claim(Some(claim)),
        ..
    }) = &state.accounts.claims.submit
    {
        result_ui(ui, state, claim);
    }
}

/// What the claim came to: requested, withheld, charged and paid.
fn result_ui(ui: &mut Ui, state: &AppState, claim: &Claim) {
    egui::Grid::new("claim_result")
        .num_columns(2)
        .spacing([16.0, 4.0])
        .show(ui, |ui| {
            for (key, value) in [
                ("claims.gross", claim.gross_amount),
                ("claims.tax", claim.tax_amount),
                ("claims.fees", claim.fees),
                ("claims.net", claim.net_amount),
            ] {
                ui.label(state.t(key).as_ref());
                ui.label(RichText::new(brl_text(state, value)).monospace().strong());
                ui.end_row();
            }
        });
}

fn made_ui(ui: &mut Ui, state: &mut AppState) {
    let language = state.language;
    let headers = [
        state.t("claims.updated_at"),
        state.t("accounts.state"),
        state.t("claims.gross"),
        state.t("claims.net"),
    ];
    let headers: Vec<&str> = headers.iter().map(AsRef::as_ref).collect();
    let rows = &state.accounts.claims.made;
    let selected = state
        .accounts
        .claims
        .selected
        .and_then(|id| rows.iter().position(|row| row.id == id));
    let clicked = if rows.is_empty() {
        note_ui(ui, &state.t("claims.none_yet"));
        None
    } else {
        resource_table_ui(
            ui,
            "claims_table",
            &headers,
            rows.len(),
            selected,
            |row, column, ui| {
                let claim = &rows[row];
                match column {
                    0 => {
                        ui.label(time_text(claim.updated_at));
                    }
                    1 => {
                        let wire = claim.status.as_ref().map_or(MISSING, |s| s.as_str());
                        badge_ui(ui, &state_label(language, "claim", wire), state_tone(wire));
                    }
                    2 => {
                        ui.monospace(brl_text(state, claim.gross_amount));
                    }
                    _ => {
                        ui.monospace(brl_text(state, claim.net_amount));
                    }
                }
            },
        )
        .map(|row| rows[row].id)
    };
    let detail = selected.map(|index| rows[index].clone());
    if let Some(id) = clicked {
        state.accounts.claims.selected = Some(id);
    }
    if let Some(claim) = detail {
        ui.add_space(6.0);
        ui.label(RichText::new(state.t("accounts.details").as_ref()).strong());
        detail_grid_ui(ui, "claim_detail", |ui| {
            detail_row_ui(
                ui,
                state,
                &state.t("accounts.id"),
                &claim.id.to_string(),
                true,
            );
            let wire = claim.status.as_ref().map_or(MISSING, |s| s.as_str());
            detail_row_ui(
                ui,
                state,
                &state.t("accounts.state"),
                &state_label(language, "claim", wire),
                false,
            );
            for (key, value) in [
                ("claims.gross", claim.gross_amount),
                ("claims.tax", claim.tax_amount),
                ("claims.fees", claim.fees),
                ("claims.net", claim.net_amount),
            ] {
                detail_row_ui(ui, state, &state.t(key), &brl_text(state, value), false);
            }
            detail_row_ui(
                ui,
                state,
                &state.t("claims.updated_at"),
                &time_text(claim.updated_at),
                false,
            );
        });
    }
    ui.add_space(6.0);
    export_bar_ui(ui, state, ExportKind::Claims, |state| {
        ExportRecords::Claims(state.accounts.claims.made.clone())
    });
}
