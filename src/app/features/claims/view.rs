//! Claims: what the reward certificates allow to claim, at the account and
//! per wallet; the form that claims an amount (never above what is
//! claimable) as BRL or BRLV; the result's gross, tax, fees and net; and the
//! claims made from this device (the service lists none; the journal keeps
//! them across restarts) with their export.

use egui::{RichText, Ui};
use rust_decimal::Decimal;

use crate::app::export::ExportRecords;
use crate::app::form::Field;
use crate::app::format::{AmountFormat, MISSING, state_label};
use crate::app::state::AppState;
use crate::app::submit::{Created, SubmitRequest};
use crate::app::ui::{
    Cell, DetailRow, RecordList, amount_field_ui, export_bar_ui, field_message, list_status_ui,
    note_ui, record_list_ui, section_ui, sent_ui, state_tone, submit_status_ui,
};
use brlv_core::api::model::{Claim, ClaimTarget};

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

fn brl_text(amounts: AmountFormat, value: Option<Decimal>) -> String {
    value.map_or_else(|| MISSING.to_owned(), |value| amounts.brl(value))
}

fn claimable_ui(ui: &mut Ui, state: &AppState) {
    let remote = &state.data.claimable;
    list_status_ui(ui, state.language, remote);
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
            ui.monospace(brl_text(state.amount_format(), Some(balances.account)));
            ui.end_row();
            for wallet in &balances.wallets {
                ui.label(wallet.name.as_deref().unwrap_or(MISSING));
                ui.monospace(&wallet.address);
                ui.monospace(brl_text(state.amount_format(), Some(wallet.available)));
                ui.end_row();
            }
        });
}

fn create_ui(ui: &mut Ui, state: &mut AppState) {
    let language = state.language;
    // Where to claim from: the account, or one wallet's certificates.
    let mut scopes: Vec<(Option<String>, String)> =
        vec![(None, state.t("claims.the_account").into_owned())];
    if let Some(balances) = state.data.claimable.value() {
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
        let scope = &mut state.claims.wallet;
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
    let available = state.claims.available(&state.data.claimable);
    ui.label(state.t_with(
        "claims.available",
        &[("amount", &brl_text(state.amount_format(), available))],
    ));
    let validation = state.claims.draft.validate(available);
    let mut amount_message = field_message(language, validation.as_ref().err(), Field::Amount);
    // Its usual words name the claimable amount, which is hidden.
    let above_claimable = validation
        .as_ref()
        .err()
        .and_then(|errors| errors.get(Field::Amount));
    if state.hide_amounts
        && matches!(
            above_claimable,
            Some(crate::app::form::FieldError::AboveClaimable { .. })
        )
        && let Some(message) = amount_message.as_mut()
    {
        message.text = state.t("hide.above_claimable").into_owned();
    }
    let label = state.t("claims.amount");
    amount_field_ui(ui, &label, &mut state.claims.draft.amount, amount_message);
    ui.horizontal(|ui| {
        ui.label(state.t("claims.receive_as").as_ref());
        let target = &mut state.claims.draft.target;
        ui.radio_value(target, ClaimTarget::Brl, "BRL");
        ui.radio_value(target, ClaimTarget::Brlv, "BRLV");
    });
    let label = state.t("claims.send");
    if let Some(request) = sent_ui(ui, &label, validation, &state.claims.submit) {
        let wallet_address = state.claims.wallet.clone();
        state.submit(SubmitRequest::Claim {
            wallet_address,
            request,
        });
    }
    let created = match state.claims.submit.created() {
        Some(Created::Claim(_)) => state.t("claims.created").into_owned(),
        _ => String::new(),
    };
    submit_status_ui(ui, language, &state.claims.submit, &created);
    if let Some(Created::Claim(Some(claim))) = state.claims.submit.created() {
        result_ui(ui, state, claim);
    }
}

/// What the claim came to: requested, withheld, charged and paid.
fn result_ui(ui: &mut Ui, state: &AppState, claim: &Claim) {
    egui::Grid::new("claim_result")
        .num_columns(2)
        .spacing([16.0, 4.0])
        .show(ui, |ui| {
            for (key, value) in claim_amounts(claim) {
                ui.label(state.t(key).as_ref());
                ui.label(
                    RichText::new(brl_text(state.amount_format(), value))
                        .monospace()
                        .strong(),
                );
                ui.end_row();
            }
        });
}

fn made_ui(ui: &mut Ui, state: &mut AppState) {
    let language = state.language;
    let moments = state.moments();
    const HEADERS: [&str; 6] = [
        "claims.updated_at",
        "accounts.state",
        "claims.gross",
        "claims.tax",
        "claims.fees",
        "claims.net",
    ];
    let amounts = state.amount_format();
    let brl = |value: Option<Decimal>| value.map(|value| amounts.shown(value, 2, "BRL"));
    let brl_cell = |value: Option<Decimal>| {
        brl(value).map_or_else(|| Cell::Text(MISSING.to_owned()), Cell::Amount)
    };
    let state_of = |claim: &Claim| {
        let wire = claim.status.as_ref().map_or(MISSING, |s| s.as_str());
        (state_label(language, "claim", wire), state_tone(wire))
    };
    let clicked = record_list_ui(
        ui,
        language,
        RecordList {
            id: "claims_table",
            headers: &HEADERS,
            remote: None,
            rows: &state.claims.made,
            arrange: Some((
                &state.claims.made,
                &crate::app::features::list_arrangements::CLAIMS,
            )),
            empty: &state.t("claims.none_from_device"),
            selected: state.claims.selected.as_ref(),
            key: |claim: &Claim| claim.id,
            cells: |claim: &Claim| {
                let (label, tone) = state_of(claim);
                vec![
                    Cell::Text(moments.or_missing(claim.updated_at)),
                    Cell::Badge(label, tone),
                    brl_cell(claim.gross_amount),
                    brl_cell(claim.tax_amount),
                    brl_cell(claim.fees),
                    brl_cell(claim.net_amount),
                ]
            },
            detail: |claim: &Claim| {
                let row = |key: &'static str, value: String, copy| {
                    DetailRow::new(state.t(key), value, copy)
                };
                let wire_state = claim.status.as_ref().map_or(MISSING, |s| s.as_str());
                let mut rows = vec![
                    row("accounts.id", claim.id.to_string(), true)
                        .wire(format!("id: {}", claim.id)),
                    row("accounts.state", state_of(claim).0, false)
                        .wire(format!("status: {wire_state}")),
                ];
                rows.extend(claim_amounts(claim).into_iter().map(|(key, value)| {
                    let wire = value.map_or_else(|| MISSING.to_owned(), |v| amounts.wire(v));
                    DetailRow::amount(state.t(key), brl(value))
                        .wire(format!("{}: {wire}", claim_wire_key(key)))
                }));
                rows.push(DetailRow::moment(
                    state.t("claims.updated_at"),
                    &moments,
                    "updated-at",
                    claim.updated_at,
                ));
                rows
            },
        },
    );
    if let Some(id) = clicked {
        state.claims.selected = Some(id);
    }
    if let Some(claim) = state
        .claims
        .selected
        .and_then(|id| state.claims.made.iter().find(|row| row.id == id))
        .cloned()
    {
        let receipt = crate::app::receipt::build::claim_receipt(&moments, &claim);
        crate::app::features::files::view::receipt_ui(ui, state, receipt);
    }
    ui.add_space(6.0);
    if export_bar_ui(ui, language, &mut state.claims.export) {
        state.export(ExportRecords::Claims(state.claims.made.to_vec()));
    }
}

/// The service's key of a claim's amount field.
fn claim_wire_key(key: &str) -> &'static str {
    match key {
        "claims.gross" => "gross-amount",
        "claims.tax" => "tax-amount",
        "claims.fees" => "fees",
        _ => "net-amount",
    }
}

/// What a claim came to: requested, withheld, charged and paid.
fn claim_amounts(claim: &Claim) -> [(&'static str, Option<Decimal>); 4] {
    [
        ("claims.gross", claim.gross_amount),
        ("claims.tax", claim.tax_amount),
        ("claims.fees", claim.fees),
        ("claims.net", claim.net_amount),
    ]
}
