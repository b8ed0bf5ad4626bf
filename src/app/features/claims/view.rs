//! Claims: what the reward certificates allow to claim, at the account and
//! per wallet; the form that claims an amount (never above what is
//! claimable) as BRL or BRLV; the result's gross, tax, fees and net; and the
//! claims made from this device (the service lists none; the journal keeps
//! them across restarts) with their export.

use egui::{RichText, Ui};
use rust_decimal::Decimal;

use crate::app::export::ExportRecords;
use crate::app::features::journal::message::JournalCommand;
use crate::app::form::Field;
use crate::app::format::{AmountFormat, MISSING, Precision, state_label};
use crate::app::message::Command;
use crate::app::panel::record_panel::{RecordFooter, export_answer, record_panel_ui};
use crate::app::panel::{Outbox, Panel, Shared};
use crate::app::submit::{Created, SubmitOutcome, SubmitStatus};
use crate::app::ui::{
    Cell, DetailRow, RecordList, amount_field_ui, field_message, list_status_ui, note_ui,
    section_ui, sent_ui, state_tone, submit_status_ui,
};
use brlv_core::api::model::{Claim, ClaimTarget};

use super::state::{ClaimsEvent, ClaimsState};

impl Panel for ClaimsState {
    type Event = ClaimsEvent;

    fn ui(&mut self, ui: &mut Ui, cx: &Shared, out: &mut Outbox) {
        ui.heading(cx.t("nav.claims").as_ref());
        ui.add_space(8.0);
        section_ui(ui, &cx.t("claims.claimable"), |ui| claimable_ui(ui, cx));
        section_ui(ui, &cx.t("claims.create"), |ui| {
            if self.reviewing.is_some() {
                super::review::claim_review_ui(ui, self, cx, out);
            } else {
                create_ui(ui, self, cx);
            }
        });
        section_ui(ui, &cx.t("claims.made"), |ui| made_ui(ui, self, cx, out));
    }

    fn apply(&mut self, event: ClaimsEvent, _cx: &Shared, out: &mut Outbox) {
        match event {
            ClaimsEvent::Sending => self.submit = SubmitStatus::Sending,
            ClaimsEvent::Submitted(outcome) => {
                let created = matches!(
                    &outcome,
                    SubmitOutcome::Created {
                        record: Created::Claim(_),
                        ..
                    }
                );
                if let SubmitOutcome::Created {
                    record: Created::Claim(claim),
                    ..
                } = &outcome
                {
                    self.created(claim.as_ref());
                }
                // What came of it is told under the form, which keeps what was typed.
                self.reviewing = None;
                self.submit = SubmitStatus::Finished(outcome);
                // The journal holds what the claim was paid in, which the
                // tax year needs and the claim's answer does not say.
                if created {
                    out.command(Command::Journal(JournalCommand::ReadTax));
                }
            }
            ClaimsEvent::Show(id) => self.records.select(id),
            ClaimsEvent::File(answer) => {
                export_answer(&mut self.records.export, answer, out);
            }
        }
    }

    fn close_one(&mut self, _cx: &Shared, _out: &mut Outbox) -> bool {
        self.reviewing.take().is_some() || self.records.close()
    }
}

fn brl_text(amounts: AmountFormat, value: Option<Decimal>) -> String {
    value.map_or_else(|| MISSING.to_owned(), |value| amounts.brl(value))
}

fn claimable_ui(ui: &mut Ui, cx: &Shared) {
    let remote = &cx.data.claimable;
    list_status_ui(ui, cx.language, remote);
    let Some(balances) = remote.value() else {
        note_ui(ui, MISSING);
        return;
    };
    egui::Grid::new("claimable")
        .num_columns(3)
        .spacing([16.0, 6.0])
        .striped(true)
        .show(ui, |ui| {
            ui.label(RichText::new(cx.t("claims.the_account").as_ref()).strong());
            ui.label("");
            ui.monospace(brl_text(cx.amounts(), Some(balances.account)));
            ui.end_row();
            for wallet in &balances.wallets {
                ui.label(wallet.name.as_deref().unwrap_or(MISSING));
                ui.monospace(&wallet.address);
                ui.monospace(brl_text(cx.amounts(), Some(wallet.available)));
                ui.end_row();
            }
        });
}

fn create_ui(ui: &mut Ui, claims: &mut ClaimsState, cx: &Shared) {
    let language = cx.language;
    // Where to claim from: the account, or one wallet's certificates.
    let mut scopes: Vec<(Option<String>, String)> =
        vec![(None, cx.t("claims.the_account").into_owned())];
    if let Some(balances) = cx.data.claimable.value() {
        for wallet in &balances.wallets {
            let name = wallet.name.clone().unwrap_or_default();
            scopes.push((
                Some(wallet.address.clone()),
                format!("{name} ({})", wallet.address),
            ));
        }
    }
    ui.horizontal(|ui| {
        let label = ui.label(cx.t("claims.scope").as_ref());
        let scope = &mut claims.wallet;
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
    let available = claims.available(&cx.data.claimable);
    ui.label(cx.t_with(
        "claims.available",
        &[("amount", &brl_text(cx.amounts(), available))],
    ));
    let validation = claims.draft.validate(available);
    let mut amount_message = field_message(language, validation.as_ref().err(), Field::Amount);
    // Its usual words name the claimable amount, which is hidden.
    let above_claimable = validation
        .as_ref()
        .err()
        .and_then(|errors| errors.get(Field::Amount));
    if cx.hide_amounts
        && matches!(
            above_claimable,
            Some(crate::app::form::FieldError::AboveClaimable { .. })
        )
        && let Some(message) = amount_message.as_mut()
    {
        message.text = cx.t("hide.above_claimable").into_owned();
    }
    let label = cx.t("claims.amount");
    amount_field_ui(ui, &label, &mut claims.draft.amount, amount_message);
    ui.horizontal(|ui| {
        ui.label(cx.t("claims.receive_as").as_ref());
        let target = &mut claims.draft.target;
        ui.radio_value(target, ClaimTarget::Brl, cx.t("money.reais").as_ref());
        ui.radio_value(target, ClaimTarget::Brlv, "BRLV");
    });
    let label = cx.t("claims.send");
    if let Some(request) = sent_ui(ui, &label, validation, &claims.submit) {
        claims.reviewing = Some((claims.wallet.clone(), request));
        claims.submit = SubmitStatus::Idle;
    }
    let created = match claims.submit.created() {
        Some(Created::Claim(Some(claim))) => match claim.gross_amount {
            Some(amount) => cx.t_with(
                "claims.created_amount",
                &[("amount", &cx.amounts().brl(amount))],
            ),
            None => cx.t("claims.created").into_owned(),
        },
        Some(Created::Claim(None)) => cx.t("claims.created").into_owned(),
        _ => String::new(),
    };
    submit_status_ui(ui, language, &claims.submit, &created);
    if let Some(Created::Claim(Some(claim))) = claims.submit.created() {
        result_ui(ui, cx, claim);
    }
}

/// What the claim came to: requested, withheld, charged and paid.
fn result_ui(ui: &mut Ui, cx: &Shared, claim: &Claim) {
    egui::Grid::new("claim_result")
        .num_columns(2)
        .spacing([16.0, 4.0])
        .show(ui, |ui| {
            for (key, value) in claim_amounts(claim) {
                ui.label(cx.t(key).as_ref());
                ui.label(
                    RichText::new(brl_text(cx.amounts(), value))
                        .monospace()
                        .strong(),
                );
                ui.end_row();
            }
        });
}

fn made_ui(ui: &mut Ui, claims: &mut ClaimsState, cx: &Shared, out: &mut Outbox) {
    let language = cx.language;
    let moments = cx.moments();
    const HEADERS: [&str; 6] = [
        "claims.updated_at",
        "claims.gross",
        "claims.tax",
        "claims.fees",
        "claims.net",
        "accounts.state",
    ];
    let amounts = cx.amounts();
    let brl =
        |value: Option<Decimal>| value.map(|value| amounts.written(value, "BRL", Precision::List));
    let brl_cell = |value: Option<Decimal>| {
        brl(value).map_or_else(|| Cell::Text(MISSING.to_owned()), Cell::Amount)
    };
    let state_of = |claim: &Claim| {
        let wire = claim.status.as_ref().map_or(MISSING, |s| s.as_str());
        (state_label(language, "claim", wire), state_tone(wire))
    };
    let empty = cx.t("claims.none_from_device");
    record_panel_ui(
        ui,
        cx,
        out,
        RecordList {
            id: "claims_table",
            headers: &HEADERS,
            remote: None,
            rows: &cx.data.claims_made,
            arrange: Some((
                &cx.data.claims_made,
                &crate::app::panel::list_arrangements::CLAIMS,
            )),
            empty: &empty,
            selected: None,
            key: |claim: &Claim| claim.id,
            cells: |claim: &Claim| {
                let (label, tone) = state_of(claim);
                vec![
                    Cell::Text(moments.or_missing(claim.updated_at)),
                    brl_cell(claim.gross_amount),
                    brl_cell(claim.tax_amount),
                    brl_cell(claim.fees),
                    brl_cell(claim.net_amount),
                    Cell::Badge(label, tone),
                ]
            },
            detail: |claim: &Claim| {
                let row =
                    |key: &'static str, value: String, copy| DetailRow::new(cx.t(key), value, copy);
                let wire_state = claim.status.as_ref().map_or(MISSING, |s| s.as_str());
                let mut rows = vec![
                    row("accounts.id", claim.id.to_string(), true)
                        .wire(format!("id: {}", claim.id)),
                    row("accounts.state", state_of(claim).0, false)
                        .wire(format!("status: {wire_state}")),
                ];
                rows.extend(claim_amounts(claim).into_iter().map(|(key, value)| {
                    let wire = value.map_or_else(|| MISSING.to_owned(), |v| amounts.wire(v));
                    DetailRow::amount(cx.t(key), brl(value))
                        .wire(format!("{}: {wire}", claim_wire_key(key)))
                }));
                rows.push(DetailRow::moment(
                    cx.t("claims.updated_at"),
                    &moments,
                    "updated-at",
                    claim.updated_at,
                ));
                rows
            },
        },
        &mut claims.records,
        RecordFooter {
            receipt: Some(|claim: &Claim| {
                crate::app::receipt::build::claim_receipt(&moments, claim)
            }),
            export: |rows: &[Claim]| ExportRecords::Claims(rows.to_vec()),
        },
    );
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
