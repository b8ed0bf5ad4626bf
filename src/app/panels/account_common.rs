//! Pieces every account panel uses: a framed section, labelled fields with
//! their message beside them, the request status of a form, the CSV export
//! bar, the detail grid with copy buttons, state badges, and how amounts,
//! times and states are written.

use egui::{Color32, RichText, TextEdit, Ui};
use rust_decimal::Decimal;
use time::OffsetDateTime;

use crate::address::AddressError;
use crate::api::model::Asset;
use crate::app::accounts_command::{AccountsCommand, ExportKind, ExportRecords, SubmitOutcome};
use crate::app::accounts_state::{ExportDraft, SubmitStatus};
use crate::app::command::Command;
use crate::app::error_text::Localize;
use crate::app::i18n::{self, Language};
use crate::app::remote::Remote;
use crate::app::state::AppState;
use crate::app::widgets::Tone;
use crate::forms::{Field, FieldError, FieldErrors};
use crate::money::ParseAmountError;
use crate::pix::PixKeyError;

/// Red for a refused field or request.
pub const ERROR_COLOR: Color32 = Color32::from_rgb(0xd0, 0x3a, 0x3a);
/// Green for a request that went through.
pub const SUCCESS_COLOR: Color32 = Color32::from_rgb(0x2e, 0x9e, 0x5b);
/// Amber for "not sure what happened".
pub const WARNING_COLOR: Color32 = Color32::from_rgb(0xe0, 0x9a, 0x1a);

/// Placeholder for a field the service did not send.
pub const MISSING: &str = "-";

/// A framed block with a title.
pub fn section_ui(ui: &mut Ui, title: &str, add_contents: impl FnOnce(&mut Ui)) {
    egui::Frame::group(ui.style())
        .inner_margin(12)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(title).strong().size(16.0));
            ui.add_space(6.0);
            add_contents(ui);
        });
    ui.add_space(10.0);
}

/// What is wrong with a field, as shown beside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldMessage {
    /// The sentence.
    pub text: String,
    /// Nothing typed yet: a quiet hint, not a red error.
    pub pending: bool,
}

impl From<String> for FieldMessage {
    fn from(text: String) -> Self {
        FieldMessage {
            text,
            pending: false,
        }
    }
}

/// The message for `field`, if it has an error. "Required" and "enter an
/// amount" on an empty field are shown quietly: nothing is wrong yet.
pub fn field_message(
    language: Language,
    errors: Option<&FieldErrors>,
    field: Field,
) -> Option<FieldMessage> {
    let error = errors?.get(field)?;
    let pending = matches!(
        error,
        FieldError::Required
            | FieldError::Amount(ParseAmountError::Empty)
            | FieldError::PixKey(PixKeyError::Empty)
            | FieldError::Address(AddressError::Empty { .. })
    );
    Some(FieldMessage {
        text: error.localize(language),
        pending,
    })
}

/// A field's message: red when something is wrong, weak while nothing is typed.
pub fn field_message_ui(ui: &mut Ui, message: &FieldMessage) {
    if message.pending {
        ui.add(egui::Label::new(RichText::new(&message.text).weak()).wrap());
    } else {
        error_text_ui(ui, &message.text);
    }
}

/// A label and a one-line text field that screen readers (and tests) find by
/// the label; the message, if any, goes beside it.
pub fn text_field_ui(
    ui: &mut Ui,
    label: &str,
    value: &mut String,
    hint: &str,
    width: f32,
    message: Option<FieldMessage>,
) -> egui::Response {
    ui.horizontal(|ui| {
        let label = ui.label(label);
        let response = ui
            .add(
                TextEdit::singleline(value)
                    .hint_text(hint)
                    .desired_width(width),
            )
            .labelled_by(label.id);
        if let Some(message) = message {
            field_message_ui(ui, &message);
        }
        response
    })
    .inner
}

/// A validation or request error in red, wrapping.
pub fn error_text_ui(ui: &mut Ui, message: &str) {
    ui.add(egui::Label::new(RichText::new(message).color(ERROR_COLOR)).wrap());
}

/// A one-line note in the weak color.
pub fn note_ui(ui: &mut Ui, text: &str) {
    ui.label(RichText::new(text).weak());
}

/// Where a form's request stands: a spinner while it is in flight, then
/// what came of it. `created_text` describes a success.
pub fn submit_status_ui(ui: &mut Ui, state: &AppState, status: &SubmitStatus, created_text: &str) {
    match status {
        SubmitStatus::Idle => {}
        SubmitStatus::Sending => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(state.t("accounts.sending").as_ref());
            });
        }
        SubmitStatus::Finished(outcome) => match outcome {
            SubmitOutcome::Created { after_unknown, .. } => {
                ui.label(RichText::new(created_text).color(SUCCESS_COLOR));
                if *after_unknown {
                    note_ui(ui, &state.t("accounts.found_after_unknown"));
                }
            }
            SubmitOutcome::Refused(error) => {
                error_text_ui(ui, &state.t("accounts.refused"));
                match error.service_error() {
                    Some(service) => {
                        error_text_ui(ui, &format!("{}: {}", service.code, service.message));
                    }
                    None => error_text_ui(ui, &error.localize(state.language)),
                }
                note_ui(ui, &state.t("accounts.kept_typed"));
            }
            SubmitOutcome::NotApplied(error) => {
                ui.label(
                    RichText::new(state.t("accounts.not_applied").as_ref()).color(WARNING_COLOR),
                );
                note_ui(ui, &error.localize(state.language));
            }
            SubmitOutcome::Unknown(error) => {
                ui.label(
                    RichText::new(state.t("accounts.outcome_unknown").as_ref())
                        .color(WARNING_COLOR),
                );
                note_ui(ui, &error.localize(state.language));
            }
        },
    }
}

/// The send button: enabled only when the form is valid and nothing is in flight.
pub fn send_button_ui(ui: &mut Ui, label: &str, valid: bool, status: &SubmitStatus) -> bool {
    ui.add_enabled(valid && !status.is_sending(), egui::Button::new(label))
        .clicked()
}

fn export_draft(state: &mut AppState, kind: ExportKind) -> &mut ExportDraft {
    let accounts = &mut state.accounts;
    match kind {
        ExportKind::Wallets => &mut accounts.wallets.export,
        ExportKind::Transfers => &mut accounts.transfers.export,
        ExportKind::Withdrawals => &mut accounts.withdrawals.export,
        ExportKind::Claims => &mut accounts.claims.export,
        ExportKind::Deposits => &mut accounts.deposits.export,
    }
}

/// A file path and a Save button; the rows are taken (and the file written
/// by the worker) only when Save is clicked.
pub fn export_bar_ui(
    ui: &mut Ui,
    state: &mut AppState,
    kind: ExportKind,
    records: impl FnOnce(&AppState) -> ExportRecords,
) {
    let label = state.t("accounts.export_label");
    let hint = state.t("accounts.export_hint");
    let save = state.t("accounts.export_save");
    let mut clicked = false;
    ui.horizontal(|ui| {
        let draft = export_draft(state, kind);
        let label = ui.label(label.as_ref());
        ui.add(
            TextEdit::singleline(&mut draft.path)
                .hint_text(hint.as_ref())
                .desired_width(320.0),
        )
        .labelled_by(label.id);
        let ready = !draft.path.trim().is_empty() && !draft.writing;
        clicked = ui
            .add_enabled(ready, egui::Button::new(save.as_ref()))
            .clicked();
        if draft.writing {
            ui.spinner();
        }
    });
    if clicked {
        let records = records(state);
        let draft = export_draft(state, kind);
        draft.writing = true;
        draft.result = None;
        let path = std::path::PathBuf::from(draft.path.trim());
        state.push(Command::Accounts(AccountsCommand::Export { path, records }));
    }
    let result = export_draft(state, kind).result.clone();
    match result {
        Some(Ok(path)) => {
            let text = state.t_with(
                "accounts.exported",
                &[("path", &path.display().to_string())],
            );
            ui.label(RichText::new(text).color(SUCCESS_COLOR));
        }
        Some(Err(reason)) => {
            error_text_ui(
                ui,
                &state.t_with("accounts.export_failed", &[("reason", &reason)]),
            );
        }
        None => {}
    }
}

/// A list's loading state: a spinner until its first rows arrive (a reload
/// keeps the rows and says nothing, so a list refreshed every few seconds
/// does not flicker), the error after a failure (the last rows stay shown).
pub fn list_status_ui<T>(ui: &mut Ui, state: &AppState, remote: &Remote<T>) {
    if remote.is_loading() && remote.value().is_none() {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(state.t("accounts.loading").as_ref());
        });
    } else if let Some(error) = remote.error() {
        error_text_ui(
            ui,
            &state.t_with(
                "accounts.load_failed",
                &[("reason", &error.localize(state.language))],
            ),
        );
    }
}

/// How long "Copied" shows after a copy button was clicked, in seconds.
const COPIED_NOTE_SECS: f64 = 2.0;

/// A small Copy button for `value`; says "Copied" for a moment after a click.
pub fn copy_button_ui(ui: &mut Ui, state: &AppState, value: &str) {
    // Keyed by the value: every Copy button of the same text says it was copied.
    let id = egui::Id::unique(("copied", value));
    let now = ui.input(|input| input.time);
    if ui.small_button(state.t("accounts.copy").as_ref()).clicked() {
        ui.ctx().copy_text(value.to_owned());
        ui.data_mut(|data| data.insert_temp(id, now));
    }
    let copied_at: Option<f64> = ui.data(|data| data.get_temp(id));
    if copied_at.is_some_and(|at| now - at < COPIED_NOTE_SECS) {
        ui.label(RichText::new(state.t("accounts.copied").as_ref()).weak());
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_secs_f64(COPIED_NOTE_SECS));
    }
}

/// One row of a detail grid; `copy` adds a Copy button for the value.
pub fn detail_row_ui(ui: &mut Ui, state: &AppState, label: &str, value: &str, copy: bool) {
    ui.label(RichText::new(label).weak());
    ui.horizontal(|ui| {
        ui.add(egui::Label::new(RichText::new(value).monospace()).wrap());
        if copy && value != MISSING {
            copy_button_ui(ui, state, value);
        }
    });
    ui.end_row();
}

/// A grid of every field of a record.
pub fn detail_grid_ui(ui: &mut Ui, id: &str, add_rows: impl FnOnce(&mut Ui)) {
    egui::Grid::new(id)
        .num_columns(2)
        .spacing([16.0, 4.0])
        .striped(true)
        .show(ui, add_rows);
}

/// A timestamp as the Orders panel writes it (`2026-03-10 12:00:05 UTC`), or [`MISSING`].
pub fn time_text(value: Option<OffsetDateTime>) -> String {
    value.map_or_else(|| MISSING.to_owned(), super::orders::format_moment)
}

/// An amount at its asset's scale with the ticker, as the language writes numbers.
pub fn asset_amount_text(
    language: Language,
    amount: Option<Decimal>,
    asset: Option<&Asset>,
) -> String {
    match (amount, asset) {
        (Some(amount), Some(asset)) => format!(
            "{} {}",
            i18n::amount(language, amount, asset.scale()),
            asset.ticker()
        ),
        (Some(amount), None) => amount.to_string(),
        (None, _) => MISSING.to_owned(),
    }
}

/// A long hex string (address, hash) shortened for a table cell:
/// `0x5aAeb6...1BeAed`; the details show it whole.
pub fn short_hex(value: Option<&str>) -> String {
    let Some(value) = value else {
        return MISSING.to_owned();
    };
    let chars: Vec<char> = value.chars().collect();
    if chars.len() <= 16 {
        return value.to_owned();
    }
    let head: String = chars[..8].iter().collect();
    let tail: String = chars[chars.len() - 6..].iter().collect();
    format!("{head}...{tail}")
}

/// A value or [`MISSING`].
pub fn or_missing(value: Option<&str>) -> String {
    value.map_or_else(|| MISSING.to_owned(), str::to_owned)
}

/// A state as the language names it for that kind of record; an unknown
/// one as it came.
pub fn state_label(language: Language, record: &str, wire: &str) -> String {
    for key in [format!("state.{record}.{wire}"), format!("state.{wire}")] {
        let text = i18n::tr_or_text(language, &key);
        if text != key {
            return text;
        }
    }
    wire.to_owned()
}

/// The badge color of a state, by its wire name: done, failed, under way, or unknown.
pub fn state_tone(wire: &str) -> Tone {
    match wire {
        "completed" | "credited" => Tone::Success,
        "failed" => Tone::Danger,
        "created" | "pending" | "pending-payment" => Tone::Info,
        _ => Tone::Neutral,
    }
}

/// The offered choices of an optional filter, "any" first.
pub fn option_filter_ui<T: Clone + PartialEq>(
    ui: &mut Ui,
    id: &str,
    label: &str,
    any_text: &str,
    value: &mut Option<T>,
    options: &[T],
    name: impl Fn(&T) -> String,
) {
    ui.horizontal(|ui| {
        let label = ui.label(label);
        let shown = value.as_ref().map_or_else(|| any_text.to_owned(), &name);
        egui::ComboBox::from_id_salt(id)
            .selected_text(shown)
            .show_ui(ui, |ui| {
                ui.selectable_value(value, None, any_text);
                for option in options {
                    ui.selectable_value(value, Some(option.clone()), name(option));
                }
            })
            .response
            .labelled_by(label.id);
    });
}

/// A labelled choice among `options`.
pub fn choice_ui<T: Clone + PartialEq>(
    ui: &mut Ui,
    id: &str,
    label: &str,
    value: &mut T,
    options: &[T],
    name: impl Fn(&T) -> String,
) {
    ui.horizontal(|ui| {
        let label = ui.label(label);
        egui::ComboBox::from_id_salt(id)
            .selected_text(name(value))
            .show_ui(ui, |ui| {
                for option in options {
                    ui.selectable_value(value, option.clone(), name(option));
                }
            })
            .response
            .labelled_by(label.id);
    });
}
