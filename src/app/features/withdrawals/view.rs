//! Withdrawals: the form (PIX with its key checked, TED, token; more than
//! the balance stopped there) with its review (`review.rs`) before anything
//! is sent; the list with its asset filter (sent to the API), every field of
//! the selected withdrawal, and the CSV export.

use egui::{RichText, Ui};

use crate::app::dialog::{DialogPurpose, FileAnswer, WriteKind};
use crate::app::export::ExportRecords;
use crate::app::form::{Field, FieldErrors};
use crate::app::format::{
    MISSING, Precision, asset_name, asset_shown, document_shown, or_missing, stage_label,
};
use crate::app::message::Command;
use crate::app::panel::outflow_question::outflow_sent;
use crate::app::panel::record_panel::{RecordFooter, export_answer, record_panel_ui};
use crate::app::panel::{Ask, Outbox, Panel, Shared};
use crate::app::resources::{AccountData, ListQuery};
use crate::app::submit::{Created, SubmitOutcome, SubmitStatus};
use crate::app::ted::{TedDraft, ted_destination_text};
use crate::app::ui::ted::ted_form_ui;
use crate::app::ui::{
    Cell, DetailRow, RecordList, address_field_ui, amount_field_ui, choice_ui, field_message,
    field_message_ui, note_ui, option_filter_ui, pix_key_field_ui, section_ui, sent_ui, state_tone,
    submit_status_ui, technical_values_shown, wallet_choice_ui, wallet_choices,
};
use brlv_core::api::model::{Asset, Withdrawal, WithdrawalMethod};
use brlv_core::api::payout::TED_ACCOUNT_FIELDS;
use brlv_core::pix::{PixKey, PixKeyError, PixKeyKind};

use crate::app::panel::recipients::{recipient_offer_ui, recipient_picker_ui};
use crate::app::panel::review::{available_at_field_ui, pix_kind_text, within_balance};
use crate::app::receipt::party::withdrawal_recipient;
use crate::app::recipient_book::RecipientKind;
use brlv_core::payment_stage::PaymentStage;
use brlv_core::recipients::Destination;

use super::state::{WithdrawalsEvent, WithdrawalsState};

pub mod batch;

/// The withdrawals shown: the filtered list while a filter is set, else all.
pub fn shown_withdrawals<'a>(
    withdrawals: &'a WithdrawalsState,
    data: &'a AccountData,
) -> &'a [Withdrawal] {
    withdrawals
        .list
        .shown(&data.withdrawals)
        .value()
        .map_or(&[], |rows| rows.as_slice())
}

/// Tokens a `token` withdrawal can pay.
fn token_assets() -> Vec<Asset> {
    Asset::KNOWN
        .iter()
        .filter(|asset| !asset.is_fiat())
        .cloned()
        .collect()
}

impl Panel for WithdrawalsState {
    type Event = WithdrawalsEvent;

    fn ui(&mut self, ui: &mut Ui, cx: &Shared, out: &mut Outbox) {
        ui.heading(cx.t("nav.withdrawals").as_ref());
        ui.add_space(8.0);
        section_ui(ui, &cx.t("withdrawals.create"), |ui| {
            if self.confirming.is_some() {
                super::review::withdrawal_review_ui(ui, self, cx, out);
            } else {
                form_ui(ui, self, cx, out);
            }
        });
        section_ui(ui, &cx.t("batch.title"), |ui| {
            batch::batch_ui(ui, &mut self.batch, cx, out)
        });
        section_ui(ui, &cx.t("withdrawals.list"), |ui| {
            list_ui(ui, self, cx, out)
        });
    }

    fn apply(&mut self, event: WithdrawalsEvent, cx: &Shared, out: &mut Outbox) {
        // A file is compared over the days Settings says.
        self.batch.duplicate_days = Some(cx.duplicate_days);
        match event {
            WithdrawalsEvent::Sending => self.submit = SubmitStatus::Sending,
            WithdrawalsEvent::Submitted(outcome) => {
                let made = match &outcome {
                    SubmitOutcome::Created {
                        record: Created::Withdrawal(withdrawal),
                        ..
                    } => {
                        self.created(withdrawal);
                        if let Some(of) = self.sending_again.take() {
                            out.ask(Ask::SentAgain {
                                of,
                                id: withdrawal.id,
                            });
                        }
                        Some(withdrawal.id)
                    }
                    _ => None,
                };
                outflow_sent(&mut self.outflow, made, out);
                self.confirming = None;
                self.submit = SubmitStatus::Finished(outcome);
            }
            WithdrawalsEvent::Listed(asset, result, at) => self.list.arrived(&asset, result, at),
            WithdrawalsEvent::FullListArrived => {
                // The filtered list is asked for again, so it is never
                // older than the full one.
                if let Some(asset) = self.list.refresh() {
                    out.command(Command::Query(ListQuery::Withdrawals(asset)));
                }
            }
            WithdrawalsEvent::Show(id) => {
                self.asset_filter = None;
                self.records.select(id);
            }
            WithdrawalsEvent::BatchFileOpenedAtStart(path) => {
                self.batch.path = path.display().to_string();
                let check = self.batch.check(false);
                self.batch.scroll_into_view = true;
                if let Some(command) = check {
                    out.command(Command::Batch(command));
                }
            }
            WithdrawalsEvent::Fill(request, language, of) => {
                self.sending_again = Some(of);
                self.draft = super::state::WithdrawalDraft::sent_as(&request, language);
                self.confirming = None;
                self.submit = SubmitStatus::Idle;
                self.recipient_offer = None;
            }
            WithdrawalsEvent::FoundAfterRestart(id) => {
                self.found_after_restart.insert(id);
            }
            WithdrawalsEvent::BatchSending => self.batch.started(),
            WithdrawalsEvent::Batch(event) => {
                if self.batch.apply(event) {
                    out.command(Command::Refresh);
                }
            }
            WithdrawalsEvent::File(answer) => {
                let Some(answer) = export_answer(&mut self.records.export, answer, out) else {
                    return;
                };
                match answer {
                    FileAnswer::Chosen(DialogPurpose::PayoutsFile, path) => {
                        self.batch.path = path.display().to_string();
                        if let Some(command) = self.batch.check(false) {
                            out.command(Command::Batch(command));
                        }
                    }
                    // The system's Save dialog asked before replacing it.
                    FileAnswer::Chosen(DialogPurpose::BatchResult, path) => {
                        self.batch.result_path = path.display().to_string();
                        if let Some(command) = batch::save_result(&mut self.batch) {
                            out.command(command);
                        }
                    }
                    FileAnswer::Kept(WriteKind::BatchResult) => self.batch.saving_result = false,
                    _ => {}
                }
            }
        }
    }

    fn close_one(&mut self, _cx: &Shared, _out: &mut Outbox) -> bool {
        self.confirming.take().is_some() || self.records.close()
    }
}

/// Fills the form from a saved recipient: its method and destination.
fn fill_from_recipient(draft: &mut super::state::WithdrawalDraft, destination: Destination) {
    match destination {
        Destination::Pix { key } => {
            draft.method = WithdrawalMethod::Pix;
            draft.asset = Asset::FiatBrl;
            draft.pix_key = key;
        }
        Destination::Ted(account) => {
            draft.method = WithdrawalMethod::Ted;
            draft.asset = Asset::FiatBrl;
            draft.ted = TedDraft::from(&account);
        }
        Destination::Wallet { address } => {
            if draft.method != WithdrawalMethod::Token {
                draft.method = WithdrawalMethod::Token;
                draft.asset = Asset::EthBaseUsdc;
            }
            draft.target_address = address;
        }
    }
}

/// The destination typed, once valid: what "Save this recipient" saves.
fn typed_destination(withdrawals: &WithdrawalsState) -> Option<Destination> {
    let draft = &withdrawals.draft;
    match draft.method {
        WithdrawalMethod::Pix => PixKey::parse(&draft.pix_key)
            .ok()
            .map(|key| Destination::Pix {
                key: key.as_str().to_owned(),
            }),
        WithdrawalMethod::Ted => draft
            .ted
            .account(&mut crate::app::form::FieldErrors::default())
            .map(Destination::Ted),
        _ => crate::app::form::optional_address(&draft.target_address)
            .ok()
            .flatten()
            .map(|address| Destination::Wallet { address }),
    }
}

fn form_ui(ui: &mut Ui, withdrawals: &mut WithdrawalsState, cx: &Shared, out: &mut Outbox) {
    let language = cx.language;
    if let Some(destination) = recipient_picker_ui(
        ui,
        cx,
        "withdrawal_recipient",
        &[
            RecipientKind::Pix,
            RecipientKind::Ted,
            RecipientKind::Wallet,
        ],
    ) {
        fill_from_recipient(&mut withdrawals.draft, destination);
    }
    let (method_pix, method_ted, method_token) = (
        cx.t("withdrawals.method_pix"),
        cx.t("withdrawals.method_ted"),
        cx.t("withdrawals.method_token"),
    );
    let draft = &mut withdrawals.draft;
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
    if withdrawals.draft.method == WithdrawalMethod::Token {
        let technical = technical_values_shown(ui);
        choice_ui(
            ui,
            "withdrawal_asset",
            &cx.t("accounts.asset"),
            &mut withdrawals.draft.asset,
            &token_assets(),
            |asset| asset_shown(language, asset, technical),
        );
    } else {
        note_ui(ui, &cx.t("withdrawals.pays_brl"));
    }
    let validation = withdrawals.draft.validate();
    let errors = validation.as_ref().err();
    let message = |field| field_message(language, errors, field);
    let (amount_message, key_message, asset_message) = (
        message(Field::Amount),
        message(Field::PixKey),
        message(Field::Asset),
    );
    let (amount_message, over) = within_balance(cx, validation.as_ref().ok(), amount_message);
    if let Some(message) = asset_message {
        field_message_ui(ui, &message);
    }
    let label = cx.t("withdrawals.amount");
    amount_field_ui(ui, &label, &mut withdrawals.draft.amount, amount_message);
    if let Some(all) = available_at_field_ui(ui, cx, &withdrawals.draft.asset, true) {
        withdrawals.draft.amount = all;
    }
    if withdrawals.draft.method == WithdrawalMethod::Pix {
        let label = cx.t("withdrawals.pix_key");
        let draft = &mut withdrawals.draft;
        pix_key_field_ui(ui, &label, &mut draft.pix_key, key_message);
        pix_key_kind_ui(ui, cx, draft);
        let kind = draft.pix_key_kind();
        let parsed = match kind {
            Some(kind) => PixKey::parse_as(&draft.pix_key, kind),
            None => PixKey::parse(&draft.pix_key),
        };
        if let Ok(key) = parsed {
            note_ui(
                ui,
                &cx.t_with(
                    "withdrawals.key_recognised",
                    &[
                        ("kind", &pix_kind_text(language, &key)),
                        ("key", key.as_str()),
                    ],
                ),
            );
        }
    }
    match withdrawals.draft.method {
        WithdrawalMethod::Ted => {
            ted_form_ui(ui, "withdrawal_bank", &mut withdrawals.draft.ted, errors)
        }
        WithdrawalMethod::Token => token_destination_ui(ui, withdrawals, cx, errors),
        _ => {}
    }
    let destination = typed_destination(withdrawals);
    recipient_offer_ui(ui, cx, out, &mut withdrawals.recipient_offer, destination);
    let label = cx.t("withdrawals.review");
    let validation = if over {
        Err(())
    } else {
        validation.map_err(|_| ())
    };
    if let Some(request) = sent_ui(ui, &label, validation, &withdrawals.submit) {
        withdrawals.confirming = Some(request);
        withdrawals.submit = SubmitStatus::Idle;
    }
    let created = match withdrawals.submit.created() {
        Some(Created::Withdrawal(withdrawal)) => withdrawal_sent_text(cx, withdrawal),
        _ => String::new(),
    };
    submit_status_ui(ui, language, &withdrawals.submit, &created);
    crate::app::panel::cannot_tell::form_cannot_tell_ui(ui, cx, &withdrawals.submit);
    if let Some(Created::Withdrawal(withdrawal)) = withdrawals.submit.created()
        && crate::app::panel::receipt::sent_id_ui(ui, cx, withdrawal.id)
    {
        withdrawals.records.select(withdrawal.id);
    }
}

fn list_ui(ui: &mut Ui, withdrawals: &mut WithdrawalsState, cx: &Shared, out: &mut Outbox) {
    let language = cx.language;
    let moments = cx.moments();
    let parties = cx.parties();
    let technical = technical_values_shown(ui);
    option_filter_ui(
        ui,
        "withdrawals_asset_filter",
        &cx.t("withdrawals.filter_asset"),
        &mut withdrawals.asset_filter,
        Asset::KNOWN,
        |asset| asset_shown(language, asset, technical),
    );
    if let Some(query) = withdrawals.sync_query() {
        out.command(Command::Query(query));
    }
    // The method and whom it paid share a column, so the list keeps four
    // columns and fits at 200 %.
    const HEADERS: [&str; 4] = [
        "accounts.created_at",
        "withdrawals.column_to",
        "accounts.amount",
        "accounts.state",
    ];
    let remote = withdrawals.list.shown(&cx.data.withdrawals);
    // How far each payment has gone, in the words every front uses.
    let state_of = |withdrawal: &Withdrawal| {
        let wire = withdrawal.state.as_ref().map_or(MISSING, |s| s.as_str());
        let stage = PaymentStage::of_withdrawal(withdrawal.state.as_ref());
        (stage_label(language, &stage), state_tone(wire))
    };
    let amounts = cx.amounts();
    let amount = |withdrawal: &Withdrawal, precision: Precision| {
        withdrawal
            .amount()
            .map(|value| amounts.written_of(value, withdrawal.asset.as_ref(), precision))
    };
    let empty = cx.t("accounts.empty");
    let found_after_restart = &withdrawals.found_after_restart;
    let found_mark = cx.t("settle.row_mark");
    record_panel_ui(
        ui,
        cx,
        out,
        RecordList {
            id: "withdrawals_table",
            headers: &HEADERS,
            remote: Some(remote),
            rows: remote.value().map_or(&[], |rows| rows.as_slice()),
            arrange: remote
                .value()
                .map(|rows| (rows, &crate::app::panel::list_arrangements::WITHDRAWALS)),
            empty: &empty,
            selected: None,
            key: |withdrawal: &Withdrawal| withdrawal.id,
            cells: |withdrawal: &Withdrawal| {
                let (mut label, tone) = state_of(withdrawal);
                if found_after_restart.contains(&withdrawal.id) {
                    label = format!("{label} · {found_mark}");
                }
                let method = withdrawal.method.as_ref().map_or(MISSING.to_owned(), |m| {
                    crate::app::format::method_name(m.as_str())
                });
                let to = match withdrawal_recipient(language, &parties, withdrawal) {
                    Some(recipient) => format!("{method} · {recipient}"),
                    None => method,
                };
                vec![
                    Cell::Text(moments.or_missing(withdrawal.created_at())),
                    Cell::Text(to),
                    amount(withdrawal, Precision::List)
                        .map_or_else(|| Cell::Text(MISSING.to_owned()), Cell::Amount),
                    Cell::Badge(label, tone),
                ]
            },
            detail: |withdrawal: &Withdrawal| {
                let row =
                    |key: &'static str, value: String, copy| DetailRow::new(cx.t(key), value, copy);
                let wire = |key: &str, value: Option<&str>| format!("{key}: {}", or_missing(value));
                let mut rows = vec![
                    row("accounts.id", withdrawal.id.to_string(), true)
                        .wire(format!("id: {}", withdrawal.id)),
                    row("accounts.state", state_of(withdrawal).0, false)
                        .wire(wire("state", withdrawal.state.as_ref().map(|s| s.as_str()))),
                    row(
                        "accounts.asset",
                        asset_name(language, withdrawal.asset.as_ref()),
                        false,
                    )
                    .wire(wire("asset", withdrawal.asset.as_ref().map(Asset::as_str))),
                    DetailRow::amount(
                        cx.t("accounts.amount"),
                        amount(withdrawal, Precision::Exact),
                    )
                    .wire(format!(
                        "amount: {}",
                        withdrawal
                            .amount()
                            .map_or(MISSING.to_owned(), |value| amounts.wire(value))
                    )),
                    row(
                        "withdrawals.method",
                        or_missing(
                            withdrawal
                                .method
                                .as_ref()
                                .map(|m| crate::app::format::method_name(m.as_str()))
                                .as_deref(),
                        ),
                        false,
                    )
                    .wire(wire(
                        "method",
                        withdrawal.method.as_ref().map(WithdrawalMethod::as_str),
                    )),
                    DetailRow::moment(
                        cx.t("accounts.created_at"),
                        &moments,
                        "created-at",
                        withdrawal.created_at(),
                    ),
                    DetailRow::moment(
                        cx.t("accounts.state_updated_at"),
                        &moments,
                        "state-updated-at",
                        withdrawal.state_updated_at(),
                    ),
                ];
                if let Some(account) = withdrawal.ted_account() {
                    rows.push(row(
                        "withdrawals.destination",
                        ted_destination_text(language, &account, document_shown),
                        false,
                    ));
                }
                if let Some(address) = withdrawal.target_address() {
                    rows.push(row("withdrawals.target_address", address.to_owned(), true));
                }
                if let Some(address) = withdrawal.source_address() {
                    rows.push(row("withdrawals.source_address", address.to_owned(), true));
                }
                if let Some(key) = withdrawal.pix_key() {
                    // A CPF key is masked as banks show it, and so not copied.
                    let shown = document_shown(key);
                    let whole = shown == key;
                    rows.push(row("withdrawals.pix_key", shown, whole));
                }
                // Other fields the spec does not name, as they came.
                let shown = TED_ACCOUNT_FIELDS.iter().chain(&[
                    "target-address",
                    "source-address",
                    "pix-key",
                ]);
                let shown: Vec<&str> = shown.copied().collect();
                rows.extend(
                    withdrawal
                        .extra
                        .iter()
                        .filter(|(key, _)| !shown.contains(key))
                        .map(|(key, value)| {
                            DetailRow::new(key.to_owned(), value.to_string(), true)
                        }),
                );
                rows
            },
        },
        &mut withdrawals.records,
        RecordFooter {
            receipt: Some(|withdrawal: &Withdrawal| {
                crate::app::receipt::build::withdrawal_receipt(&moments, withdrawal, &parties)
            }),
            export: |rows: &[Withdrawal]| ExportRecords::Withdrawals(rows.to_vec()),
        },
    );
}

/// Where the tokens go: one of the account's whitelisted wallets, or an
/// address typed (EIP-55 checked).
fn token_destination_ui(
    ui: &mut Ui,
    withdrawals: &mut WithdrawalsState,
    cx: &Shared,
    errors: Option<&FieldErrors>,
) {
    let wallets = wallet_choices(cx.data.wallets.value().map(|rows| rows.as_slice()));
    let pick = cx.t("withdrawals.pick_wallet");
    let to_wallet = cx.t("withdrawals.to_wallet");
    wallet_choice_ui(
        ui,
        "withdrawal_target_wallet",
        &to_wallet,
        &pick,
        &wallets,
        &mut withdrawals.draft.target_address,
    );
    let label = cx.t("withdrawals.target_address");
    let message = field_message(cx.language, errors, Field::TargetWallet);
    address_field_ui(ui, &label, &mut withdrawals.draft.target_address, message);
}

/// What a sent withdrawal did, in words ("Pix de R$ 1.500,00 para Maria
/// enviado"): a PIX key by the name it is saved under, else masked as banks
/// show one; a TED by its holder; a token address shortened. The id is in
/// the record's details and its receipt.
fn withdrawal_sent_text(cx: &Shared, withdrawal: &Withdrawal) -> String {
    let amount = cx
        .amounts()
        .text(withdrawal.amount(), withdrawal.asset.as_ref());
    let saved_name = |wanted: &dyn Fn(&Destination) -> bool| {
        cx.recipients
            .iter()
            .find(|recipient| wanted(&recipient.destination))
            .map(|recipient| recipient.name.clone())
    };
    let (key, to) = if let Some(pix) = withdrawal.pix_key() {
        let name = saved_name(
            &|destination| matches!(destination, Destination::Pix { key } if key == pix),
        );
        (
            "withdrawals.created_pix",
            name.unwrap_or_else(|| document_shown(pix)),
        )
    } else if let Some(account) = withdrawal.ted_account() {
        ("withdrawals.created_ted", account.name)
    } else {
        (
            "withdrawals.created",
            crate::app::format::short_hex(withdrawal.target_address()),
        )
    };
    cx.t_with(key, &[("amount", &amount), ("to", &to)])
}

/// "CPF or mobile?" under a PIX key of eleven digits that are both a valid
/// CPF and a Brazilian mobile number: either would pay someone, so the form
/// is not valid until the person says which (two radio buttons, each named
/// with the key as it would be read, reached by Tab, chosen by Space).
fn pix_key_kind_ui(ui: &mut Ui, cx: &Shared, draft: &mut super::state::WithdrawalDraft) {
    let Err(PixKeyError::Ambiguous { digits, phone }) = PixKey::parse(&draft.pix_key) else {
        return;
    };
    let question = ui.label(RichText::new(cx.t("withdrawals.cpf_or_mobile").as_ref()).strong());
    crate::app::ui::live_region(&question, true);
    let mut kind = draft.pix_key_kind();
    let cpf = cx.t_with(
        "withdrawals.cpf_or_mobile_cpf",
        &[("cpf", &crate::app::format::document_formatted(&digits))],
    );
    let mobile = cx.t_with("withdrawals.cpf_or_mobile_phone", &[("phone", &phone)]);
    ui.horizontal(|ui| {
        ui.radio_value(&mut kind, Some(PixKeyKind::Cpf), cpf.as_str());
        ui.radio_value(&mut kind, Some(PixKeyKind::Phone), mobile.as_str());
    });
    if let Some(kind) = kind {
        draft.pix_key_answer = Some((draft.pix_key.clone(), kind));
    }
}
