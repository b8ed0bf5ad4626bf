//! Withdrawals: the form (PIX with its key checked, TED, token) with a
//! confirmation step that repeats amount and destination before anything is
//! sent; the list with its asset filter (sent to the API), every field of
//! the selected withdrawal, and the CSV export.

use egui::{RichText, Ui};

use crate::app::export::ExportRecords;
use crate::app::form::{Field, FieldErrors};
use crate::app::format::{MISSING, asset_amount_text, asset_name, or_missing, state_label};
use crate::app::i18n::{self, Language};
use crate::app::message::Command;
use crate::app::state::AppState;
use crate::app::submit::{Created, SubmitRequest, SubmitStatus};
use crate::app::ted::{TedDraft, bank_label};
use crate::app::ui::ted::ted_form_ui;
use crate::app::ui::{
    Cell, DetailRow, RecordList, address_field_ui, amount_field_ui, choice_ui, export_bar_ui,
    field_message, field_message_ui, note_ui, option_filter_ui, pix_key_field_ui, record_list_ui,
    section_ui, sent_ui, state_tone, submit_status_ui, wallet_choice_ui, wallet_choices,
};
use brlv_core::api::model::{Asset, CreateWithdrawal, Withdrawal, WithdrawalMethod};
use brlv_core::api::payout::{BankAccountType, TED_ACCOUNT_FIELDS, TedAccount};
use brlv_core::pix::PixKey;

use crate::app::features::recipients::state::RecipientKind;
use crate::app::features::recipients::view::{picker_ui, save_offer_ui};
use brlv_core::recipients::Destination;

/// The withdrawals shown: the filtered list while a filter is set, else all.
pub fn shown_withdrawals(state: &AppState) -> &[Withdrawal] {
    state
        .withdrawals
        .list
        .shown(&state.data.withdrawals)
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
        WithdrawalMethod::Ted => match &request.ted_account {
            Some(account) => ted_destination_text(language, account),
            None => i18n::tr(language, "withdrawals.to_ted").into_owned(),
        },
        _ => i18n::tr_with(
            language,
            "withdrawals.to_token_address",
            &[(
                "address",
                request.target_address.as_deref().unwrap_or(MISSING),
            )],
        ),
    }
}

/// A TED's destination as a person reads it: bank, branch, account and holder.
pub fn ted_destination_text(language: Language, account: &TedAccount) -> String {
    let bank = bank_label(&account.bank_code);
    let kind = match account.account_type {
        BankAccountType::Savings => i18n::tr(language, "withdrawals.savings"),
        _ => i18n::tr(language, "withdrawals.checking"),
    };
    i18n::tr_with(
        language,
        "withdrawals.to_ted_account",
        &[
            ("bank", &bank),
            ("branch", &account.branch),
            ("account", &account.account),
            ("kind", &kind),
            ("name", &account.name),
            ("document", &account.document),
        ],
    )
}

/// Draws the Withdrawals panel.
pub fn withdrawals_ui(ui: &mut Ui, state: &mut AppState) {
    ui.heading(state.t("nav.withdrawals").as_ref());
    ui.add_space(8.0);
    section_ui(ui, &state.t("withdrawals.create"), |ui| {
        if state.withdrawals.confirming.is_some() {
            confirm_ui(ui, state);
        } else {
            form_ui(ui, state);
        }
    });
    section_ui(ui, &state.t("withdrawals.list"), |ui| list_ui(ui, state));
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
fn typed_destination(state: &AppState) -> Option<Destination> {
    let draft = &state.withdrawals.draft;
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

fn form_ui(ui: &mut Ui, state: &mut AppState) {
    let language = state.language;
    if let Some(destination) = picker_ui(
        ui,
        state,
        "withdrawal_recipient",
        &[
            RecipientKind::Pix,
            RecipientKind::Ted,
            RecipientKind::Wallet,
        ],
    ) {
        fill_from_recipient(&mut state.withdrawals.draft, destination);
    }
    let (method_pix, method_ted, method_token) = (
        state.t("withdrawals.method_pix"),
        state.t("withdrawals.method_ted"),
        state.t("withdrawals.method_token"),
    );
    let draft = &mut state.withdrawals.draft;
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
    if state.withdrawals.draft.method == WithdrawalMethod::Token {
        choice_ui(
            ui,
            "withdrawal_asset",
            &state.t("accounts.asset"),
            &mut state.withdrawals.draft.asset,
            &token_assets(),
            |asset| asset.as_str().to_owned(),
        );
    } else {
        note_ui(ui, &state.t("withdrawals.pays_brl"));
    }
    let validation = state.withdrawals.draft.validate();
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
    let label = state.t("withdrawals.amount");
    amount_field_ui(
        ui,
        &label,
        &mut state.withdrawals.draft.amount,
        amount_message,
    );
    if state.withdrawals.draft.method == WithdrawalMethod::Pix {
        let label = state.t("withdrawals.pix_key");
        let draft = &mut state.withdrawals.draft;
        pix_key_field_ui(ui, &label, &mut draft.pix_key, key_message);
        if let Ok(key) = PixKey::parse(&state.withdrawals.draft.pix_key) {
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
    match state.withdrawals.draft.method {
        WithdrawalMethod::Ted => ted_form_ui(
            ui,
            "withdrawal_bank",
            &mut state.withdrawals.draft.ted,
            errors,
        ),
        WithdrawalMethod::Token => token_destination_ui(ui, state, errors),
        _ => {}
    }
    let destination = typed_destination(state);
    save_offer_ui(ui, state, "withdrawal_recipient", destination);
    let label = state.t("withdrawals.review");
    if let Some(request) = sent_ui(ui, &label, validation, &state.withdrawals.submit) {
        state.withdrawals.confirming = Some(request);
        state.withdrawals.submit = SubmitStatus::Idle;
    }
    let created = match state.withdrawals.submit.created() {
        Some(Created::Withdrawal(withdrawal)) => {
            state.t_with("withdrawals.created", &[("id", &withdrawal.id.to_string())])
        }
        _ => String::new(),
    };
    submit_status_ui(ui, language, &state.withdrawals.submit, &created);
}

/// The confirmation step: what is sent, exactly, before it is sent.
fn confirm_ui(ui: &mut Ui, state: &mut AppState) {
    let language = state.language;
    let Some(request) = state.withdrawals.confirming.clone() else {
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
                    state.amount_format(),
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
    let sending = state.withdrawals.submit.is_sending();
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
            state.submit(SubmitRequest::Withdrawal(request.clone()));
        } else if back {
            state.withdrawals.confirming = None;
        }
    });
    submit_status_ui(ui, language, &state.withdrawals.submit, "");
}

fn list_ui(ui: &mut Ui, state: &mut AppState) {
    let language = state.language;
    let moments = state.moments();
    option_filter_ui(
        ui,
        "withdrawals_asset_filter",
        &state.t("withdrawals.filter_asset"),
        &mut state.withdrawals.asset_filter,
        Asset::KNOWN,
        |asset| asset.as_str().to_owned(),
    );
    if let Some(query) = state.withdrawals.sync_query() {
        state.push(Command::Query(query));
    }
    const HEADERS: [&str; 4] = [
        "accounts.created_at",
        "accounts.state",
        "withdrawals.method",
        "accounts.amount",
    ];
    let remote = state.withdrawals.list.shown(&state.data.withdrawals);
    let state_of = |withdrawal: &Withdrawal| {
        let wire = withdrawal.state.as_ref().map_or(MISSING, |s| s.as_str());
        (state_label(language, "withdrawal", wire), state_tone(wire))
    };
    let amounts = state.amount_format();
    let amount = |withdrawal: &Withdrawal| {
        withdrawal
            .amount()
            .map(|value| amounts.of_asset(value, withdrawal.asset.as_ref()))
    };
    let clicked = record_list_ui(
        ui,
        language,
        RecordList {
            id: "withdrawals_table",
            headers: &HEADERS,
            remote: Some(remote),
            rows: remote.value().map_or(&[], |rows| rows.as_slice()),
            arrange: remote
                .value()
                .map(|rows| (rows, &crate::app::features::list_arrangements::WITHDRAWALS)),
            empty: &state.t("accounts.empty"),
            selected: state.withdrawals.selected.as_ref(),
            key: |withdrawal: &Withdrawal| withdrawal.id,
            cells: |withdrawal: &Withdrawal| {
                let (label, tone) = state_of(withdrawal);
                let method = withdrawal
                    .method
                    .as_ref()
                    .map_or(MISSING.to_owned(), |m| m.as_str().to_uppercase());
                vec![
                    Cell::Text(moments.or_missing(withdrawal.created_at())),
                    Cell::Badge(label, tone),
                    Cell::Text(method),
                    amount(withdrawal).map_or_else(|| Cell::Text(MISSING.to_owned()), Cell::Amount),
                ]
            },
            detail: |withdrawal: &Withdrawal| {
                let row = |key: &'static str, value: String, copy| {
                    DetailRow::new(state.t(key), value, copy)
                };
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
                    DetailRow::amount(state.t("accounts.amount"), amount(withdrawal)).wire(
                        format!(
                            "amount: {}",
                            withdrawal
                                .amount()
                                .map_or(MISSING.to_owned(), |value| amounts.wire(value))
                        ),
                    ),
                    row(
                        "withdrawals.method",
                        or_missing(
                            withdrawal
                                .method
                                .as_ref()
                                .map(|m| m.as_str().to_uppercase())
                                .as_deref(),
                        ),
                        false,
                    )
                    .wire(wire(
                        "method",
                        withdrawal.method.as_ref().map(WithdrawalMethod::as_str),
                    )),
                    DetailRow::moment(
                        state.t("accounts.created_at"),
                        &moments,
                        "created-at",
                        withdrawal.created_at(),
                    ),
                    DetailRow::moment(
                        state.t("accounts.state_updated_at"),
                        &moments,
                        "state-updated-at",
                        withdrawal.state_updated_at(),
                    ),
                ];
                if let Some(account) = withdrawal.ted_account() {
                    rows.push(row(
                        "withdrawals.destination",
                        ted_destination_text(language, &account),
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
                    rows.push(row("withdrawals.pix_key", key.to_owned(), true));
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
    );
    if let Some(id) = clicked {
        state.withdrawals.selected = Some(id);
    }
    if let Some(withdrawal) = state
        .withdrawals
        .selected
        .and_then(|id| shown_withdrawals(state).iter().find(|row| row.id == id))
        .cloned()
    {
        let receipt = crate::app::receipt::build::withdrawal_receipt(&moments, &withdrawal);
        crate::app::features::files::view::receipt_ui(ui, state, receipt);
    }
    ui.add_space(6.0);
    if export_bar_ui(ui, language, &mut state.withdrawals.export) {
        state.export(ExportRecords::Withdrawals(
            shown_withdrawals(state).to_vec(),
        ));
    }
}

/// Where the tokens go: one of the account's whitelisted wallets, or an
/// address typed (EIP-55 checked).
fn token_destination_ui(ui: &mut Ui, state: &mut AppState, errors: Option<&FieldErrors>) {
    let wallets = wallet_choices(state.data.wallets.value().map(|rows| rows.as_slice()));
    let pick = state.t("withdrawals.pick_wallet");
    let to_wallet = state.t("withdrawals.to_wallet");
    wallet_choice_ui(
        ui,
        "withdrawal_target_wallet",
        &to_wallet,
        &pick,
        &wallets,
        &mut state.withdrawals.draft.target_address,
    );
    let label = state.t("withdrawals.target_address");
    let message = field_message(state.language, errors, Field::TargetWallet);
    address_field_ui(
        ui,
        &label,
        &mut state.withdrawals.draft.target_address,
        message,
    );
}
