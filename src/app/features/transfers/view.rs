//! Transfers: the list with its four filters (sent to the API), every field
//! of the selected transfer with the addresses and tx-hash to copy, the CSV
//! export, and the form that moves BRLV or wBRLY from one of the account's
//! wallets.

use egui::Ui;

use crate::app::error_text::Localize;
use crate::app::export::ExportRecords;
use crate::app::form::Field;
use crate::app::format::{
    MISSING, Precision, asset_name, asset_shown, or_missing, short_hex, stage_label, state_label,
};
use crate::app::i18n::tr;
use crate::app::message::Command;
use crate::app::panel::outflow_question::{outflow_question_ui, outflow_sent};
use crate::app::panel::record_panel::{RecordFooter, export_answer, record_panel_ui};
use crate::app::panel::repeats::repeats_ui;
use crate::app::panel::{Ask, Outbox, Panel, Shared};
use crate::app::resources::{AccountData, ListQuery};
use crate::app::submit::{Created, SubmitOutcome, SubmitRequest, SubmitStatus};
use crate::app::ui::review::{ReviewChoice, review_with_ui};
use crate::app::ui::{
    Cell, DetailRow, RecordList, address_field_ui, amount_field_ui, choice_ui, field_message,
    field_message_ui, option_filter_ui, section_ui, sent_ui, state_tone, submit_status_ui,
    technical_values_shown, wallet_choice_ui, wallet_choices,
};
use brlv_core::api::model::{Asset, Transfer, TransferState};
use brlv_core::journal::settle::ListKind;

use crate::app::panel::recipients::{recipient_offer_ui, recipient_picker_ui};
use crate::app::receipt::party::address_recipient;
use crate::app::recipient_book::RecipientKind;
use brlv_core::payment_stage::PaymentStage;
use brlv_core::recipients::Destination;

use super::review::transfer_review;
use super::state::{TRANSFER_ASSETS, TransferFilterError, TransfersEvent, TransfersState};
use crate::app::panel::review::{available_at_field_ui, within_balance};

/// The transfers shown: the filtered list while a filter is set, else all.
pub fn shown_transfers<'a>(transfers: &'a TransfersState, data: &'a AccountData) -> &'a [Transfer] {
    transfers
        .list
        .shown(&data.transfers)
        .value()
        .map_or(&[], |rows| rows.as_slice())
}

impl Panel for TransfersState {
    type Event = TransfersEvent;

    fn ui(&mut self, ui: &mut Ui, cx: &Shared, out: &mut Outbox) {
        ui.heading(cx.t("nav.transfers").as_ref());
        ui.add_space(8.0);
        section_ui(ui, &cx.t("transfers.create"), |ui| {
            if self.reviewing.is_some() {
                review_ui(ui, self, cx, out);
            } else {
                create_ui(ui, self, cx, out);
            }
        });
        section_ui(ui, &cx.t("transfers.list"), |ui| list_ui(ui, self, cx, out));
    }

    fn apply(&mut self, event: TransfersEvent, _cx: &Shared, out: &mut Outbox) {
        match event {
            TransfersEvent::Sending => self.submit = SubmitStatus::Sending,
            TransfersEvent::Submitted(outcome) => {
                let made = match &outcome {
                    SubmitOutcome::Created {
                        record: Created::Transfer(transfer),
                        ..
                    } => {
                        self.created(transfer);
                        if let Some(of) = self.sending_again.take() {
                            out.ask(Ask::SentAgain {
                                of,
                                id: transfer.id,
                            });
                        }
                        Some(transfer.id)
                    }
                    _ => None,
                };
                outflow_sent(&mut self.outflow, made, out);
                // What came of it is told under the form, which keeps what was typed.
                self.reviewing = None;
                self.submit = SubmitStatus::Finished(outcome);
            }
            TransfersEvent::Listed(filter, result, at) => self.list.arrived(&filter, result, at),
            TransfersEvent::FullListArrived => {
                // The filtered list is asked for again, so it is never
                // older than the full one.
                if let Some(filter) = self.list.refresh() {
                    out.command(Command::Query(ListQuery::Transfers(filter)));
                }
            }
            TransfersEvent::Show(id) => {
                self.source_filter.clear();
                self.target_filter.clear();
                self.asset_filter = None;
                self.state_filter = None;
                self.records.select(id);
            }
            TransfersEvent::Fill(request, language, of) => {
                self.sending_again = Some(of);
                self.draft = super::state::TransferDraft::sent_as(&request, language);
                self.reviewing = None;
                self.submit = SubmitStatus::Idle;
                self.recipient_offer = None;
            }
            TransfersEvent::FoundAfterRestart(id) => {
                self.found_after_restart.insert(id);
            }
            TransfersEvent::File(answer) => {
                export_answer(&mut self.records.export, answer, out);
            }
        }
    }

    fn close_one(&mut self, _cx: &Shared, _out: &mut Outbox) -> bool {
        self.reviewing.take().is_some() || self.records.close()
    }
}

fn filters_ui(ui: &mut Ui, transfers: &mut TransfersState, cx: &Shared, out: &mut Outbox) {
    let language = cx.language;
    let technical = technical_values_shown(ui);
    let (source_message, target_message) = match transfers.filter() {
        Err(TransferFilterError::Source(error)) => (Some(error.localize(language).into()), None),
        Err(TransferFilterError::Target(error)) => (None, Some(error.localize(language).into())),
        Ok(_) => (None, None),
    };
    let addresses = [
        (
            "transfers.filter_source",
            &mut transfers.source_filter,
            source_message,
        ),
        (
            "transfers.filter_target",
            &mut transfers.target_filter,
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
            &cx.t("transfers.filter_asset"),
            &mut transfers.asset_filter,
            Asset::KNOWN,
            |asset| asset_shown(language, asset, technical),
        );
        option_filter_ui(
            ui,
            "transfers_state_filter",
            &cx.t("transfers.filter_state"),
            &mut transfers.state_filter,
            TransferState::KNOWN,
            |value| state_label(language, "transfer", value.as_str()),
        );
    });
    if let Some(query) = transfers.sync_query() {
        out.command(Command::Query(query));
    }
}

/// The narrowest width the list's six columns fit in; below it (at 200 %,
/// in a narrow window) they fold into three, two lines a row.
const WIDE_LIST_MIN_WIDTH: f32 = 760.0;

fn list_ui(ui: &mut Ui, transfers: &mut TransfersState, cx: &Shared, out: &mut Outbox) {
    filters_ui(ui, transfers, cx, out);
    let language = cx.language;
    let moments = cx.moments();
    let parties = cx.parties();
    const HEADERS: [&str; 6] = [
        "accounts.created_at",
        "accounts.amount",
        "accounts.state",
        "transfers.column_source",
        "transfers.column_target",
        "transfers.tx_hash",
    ];
    // Folded: when with how far it has gone, how much, to whom with from
    // where; the hash is in the transfer's fields below the list.
    const FOLDED_HEADERS: [&str; 3] = [
        "transfers.column_when_state",
        "accounts.amount",
        "transfers.column_to_from",
    ];
    let folded = ui.available_width() < WIDE_LIST_MIN_WIDTH;
    let remote = transfers.list.shown(&cx.data.transfers);
    // How far each transfer has gone, in the words every front uses.
    let state_of = |transfer: &Transfer| {
        let wire = transfer.state.as_ref().map_or(MISSING, |s| s.as_str());
        let stage = PaymentStage::of_transfer(transfer.state.as_ref());
        (stage_label(language, &stage), state_tone(wire))
    };
    let amounts = cx.amounts();
    let amount = |transfer: &Transfer, precision: Precision| {
        transfer
            .amount()
            .map(|value| amounts.written_of(value, transfer.asset.as_ref(), precision))
    };
    let clipped = |value: Option<&str>| Cell::Clipped(short_hex(value), or_missing(value));
    let recipient = |transfer: &Transfer| match transfer.target_address.as_deref() {
        // Who received: the name it is saved under, else the address
        // shortened; whole on hover and in the copy menu.
        Some(address) => Cell::Clipped(address_recipient(&parties, address), address.to_owned()),
        None => clipped(None),
    };
    let from_word = cx.t("transfers.column_source");
    let empty = cx.t("accounts.empty");
    let found_after_restart = &transfers.found_after_restart;
    let found_mark = cx.t("settle.row_mark");
    record_panel_ui(
        ui,
        cx,
        out,
        RecordList {
            // Its own sorting when folded: the columns are not the same.
            id: if folded {
                "transfers_table_folded"
            } else {
                "transfers_table"
            },
            headers: if folded { &FOLDED_HEADERS } else { &HEADERS },
            remote: Some(remote),
            rows: remote.value().map_or(&[], |rows| rows.as_slice()),
            arrange: remote.value().map(|rows| {
                let arrangement = if folded {
                    &crate::app::panel::list_arrangements::TRANSFERS_FOLDED
                } else {
                    &crate::app::panel::list_arrangements::TRANSFERS
                };
                (rows, arrangement)
            }),
            empty: &empty,
            selected: None,
            key: |transfer: &Transfer| transfer.id,
            cells: |transfer: &Transfer| {
                let (mut label, tone) = state_of(transfer);
                if found_after_restart.contains(&transfer.id) {
                    label = format!("{label} · {found_mark}");
                }
                if folded {
                    // The stage alone fits the folded column; the service's
                    // own state is in the transfer's fields.
                    let stage = PaymentStage::of_transfer(transfer.state.as_ref());
                    let mut stage_word = tr(language, stage.key()).into_owned();
                    if found_after_restart.contains(&transfer.id) {
                        stage_word = format!("{stage_word} · {found_mark}");
                    }
                    let source = transfer.source_address.as_deref();
                    return vec![
                        Cell::Lines(vec![
                            Cell::Text(moments.or_missing(transfer.created_at())),
                            Cell::Badge(stage_word, tone),
                        ]),
                        amount(transfer, Precision::List)
                            .map_or_else(|| Cell::Text(MISSING.to_owned()), Cell::Amount),
                        Cell::Lines(vec![
                            recipient(transfer),
                            Cell::Clipped(
                                format!("{from_word} {}", short_hex(source)),
                                or_missing(source),
                            ),
                        ]),
                    ];
                }
                vec![
                    Cell::Text(moments.or_missing(transfer.created_at())),
                    amount(transfer, Precision::List)
                        .map_or_else(|| Cell::Text(MISSING.to_owned()), Cell::Amount),
                    Cell::Badge(label, tone),
                    clipped(transfer.source_address.as_deref()),
                    recipient(transfer),
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
                    DetailRow::new(cx.t(key), value.clone(), copy).wire(format!("{wire}: {value}"))
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
                    DetailRow::amount(cx.t("accounts.amount"), amount(transfer, Precision::Exact))
                        .wire(format!(
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
                        cx.t("accounts.created_at"),
                        &moments,
                        "created-at",
                        transfer.created_at(),
                    ),
                    DetailRow::moment(
                        cx.t("accounts.state_updated_at"),
                        &moments,
                        "state-updated-at",
                        transfer.state_updated_at(),
                    ),
                ]
            },
        },
        &mut transfers.records,
        RecordFooter {
            receipt: Some(|transfer: &Transfer| {
                crate::app::receipt::build::transfer_receipt(&moments, transfer, &parties)
            }),
            export: |rows: &[Transfer]| ExportRecords::Transfers(rows.to_vec()),
        },
    );
}

/// The review in place of the form: nothing leaves before "Confirmar",
/// and then only through the lock's passphrase or typed word.
fn review_ui(ui: &mut Ui, transfers: &mut TransfersState, cx: &Shared, out: &mut Outbox) {
    let Some(request) = transfers.reviewing.clone() else {
        return;
    };
    let mut review = transfer_review(cx, &request);
    let body = serde_json::to_string(&request).unwrap_or_default();
    // This device's sends whose answer never came count too.
    let unsettled = crate::app::repeat_check::unsettled_here(
        &cx.data.unsettled_sends,
        &transfers.submit,
        "transfer",
    );
    let repeats = &mut transfers.repeats;
    repeats.compare(
        cx.wall_now,
        cx.duplicate_days,
        ListKind::Transfers.path(),
        &body,
        &cx.data.transfers,
        &unsettled,
    );
    review.can_confirm = !transfers.submit.is_sending() && repeats.allows_send();
    let target = Some(request.target_address.as_str());
    let outflow = &mut transfers.outflow;
    match review_with_ui(ui, &review, |ui| {
        repeats_ui(ui, cx, "transfer", repeats);
        outflow_question_ui(ui, cx, target, outflow);
    }) {
        Some(ReviewChoice::Confirm) => {
            transfers.repeats.clear();
            out.submit(SubmitRequest::Transfer(request));
        }
        Some(ReviewChoice::Back) => {
            transfers.reviewing = None;
            transfers.outflow.clear();
            transfers.repeats.clear();
        }
        _ => {}
    }
    submit_status_ui(ui, cx.language, &transfers.submit, "");
}

fn create_ui(ui: &mut Ui, transfers: &mut TransfersState, cx: &Shared, out: &mut Outbox) {
    let language = cx.language;
    let validation = transfers.draft.validate();
    let errors = validation.as_ref().err();
    let message = |field| field_message(language, errors, field);
    let (source_message, amount_message, target_message, asset_message) = (
        message(Field::SourceWallet),
        message(Field::Amount),
        message(Field::TargetWallet),
        message(Field::Asset),
    );
    let (amount_message, over) = within_balance(cx, validation.as_ref().ok(), amount_message);
    let validation = if over {
        Err(())
    } else {
        validation.map_err(|_| ())
    };

    // The source is one of the account's wallets, never typed.
    let wallets = wallet_choices(cx.data.wallets.value().map(|rows| rows.as_slice()));
    let pick = cx.t("transfers.pick_source");
    let label = cx.t("transfers.source");
    ui.horizontal(|ui| {
        wallet_choice_ui(
            ui,
            "transfer_source",
            &label,
            &pick,
            &wallets,
            &mut transfers.draft.source,
        );
        if let Some(message) = source_message {
            field_message_ui(ui, &message);
        }
    });
    let technical = technical_values_shown(ui);
    choice_ui(
        ui,
        "transfer_asset",
        &cx.t("accounts.asset"),
        &mut transfers.draft.asset,
        &TRANSFER_ASSETS,
        |asset| asset_shown(language, asset, technical),
    );
    if let Some(message) = asset_message {
        field_message_ui(ui, &message);
    }
    let label = cx.t("transfers.amount");
    amount_field_ui(ui, &label, &mut transfers.draft.amount, amount_message);
    if let Some(all) = available_at_field_ui(ui, cx, &transfers.draft.asset, true) {
        transfers.draft.amount = all;
    }
    if let Some(Destination::Wallet { address }) =
        recipient_picker_ui(ui, cx, "transfer_recipient", &[RecipientKind::Wallet])
    {
        transfers.draft.target = address;
    }
    let target_label = cx.t("transfers.target");
    address_field_ui(
        ui,
        &target_label,
        &mut transfers.draft.target,
        target_message,
    );
    let typed = crate::app::form::optional_address(&transfers.draft.target)
        .ok()
        .flatten()
        .map(|address| Destination::Wallet { address });
    recipient_offer_ui(ui, cx, out, &mut transfers.recipient_offer, typed);
    let label = cx.t("transfers.send");
    if let Some(request) = sent_ui(ui, &label, validation, &transfers.submit) {
        transfers.reviewing = Some(request);
        transfers.submit = SubmitStatus::Idle;
    }
    let created = match transfers.submit.created() {
        Some(Created::Transfer(transfer)) => transfer_sent_text(cx, transfer),
        _ => String::new(),
    };
    submit_status_ui(ui, language, &transfers.submit, &created);
    crate::app::panel::cannot_tell::form_cannot_tell_ui(ui, cx, &transfers.submit);
    if let Some(Created::Transfer(transfer)) = transfers.submit.created()
        && crate::app::panel::receipt::sent_id_ui(ui, cx, transfer.id)
    {
        transfers.records.select(transfer.id);
    }
}

/// What a sent transfer did, in words ("Transfer of 7.77 BRLV to Maria
/// sent"): the recipient by the name it is saved under, else its address
/// shortened; the id is in the record's details and its receipt.
fn transfer_sent_text(cx: &Shared, transfer: &Transfer) -> String {
    let amount = cx
        .amounts()
        .text(transfer.amount(), transfer.asset.as_ref());
    let address = transfer.target_address.as_deref();
    let to = address
        .and_then(|address| {
            cx.recipients.iter().find(|recipient| {
                matches!(&recipient.destination, Destination::Wallet { address: saved }
                    if saved.eq_ignore_ascii_case(address))
            })
        })
        .map_or_else(|| short_hex(address), |recipient| recipient.name.clone());
    cx.t_with("transfers.created", &[("amount", &amount), ("to", &to)])
}
