//! "Pay from a file" (*pagamento em lote*) in the Withdrawals view: choose
//! a CSV, see every row with its check, the totals and the balances, one
//! review of the whole batch (the count, the total, the balances after), then each row's outcome as
//! it comes, with Pause and Cancel, and the result file.

use crate::app::ui::spinner_ui;
use std::collections::BTreeMap;
use std::path::PathBuf;

use egui::{RichText, Ui};

use brlv_core::api::model::{Asset, BalanceAsset};
use brlv_core::payment_stage::{PaymentStage, StageCounts};
use brlv_core::payouts::run::{PlannedRow, RowOutcome};
use brlv_core::payouts::{FileError, PayoutRow, RowError, Summary, balance_asset};
use rust_decimal::Decimal;

use crate::app::dialog::DialogPurpose;
use crate::app::format::{AmountFormat, asset_amount_text, stage_label, stage_totals};
use crate::app::i18n::{self, Language};
use crate::app::message::Command;
use crate::app::panel::repeats::earlier_text;
use crate::app::panel::review::{balance_lines, service_line};
use crate::app::panel::{Ask, Outbox, Shared};
use crate::app::ui::review::{NoteTone, Review, ReviewChoice, ReviewLine, review_ui};
use crate::app::ui::{
    dialog_button_ui, error_text_ui, note_ui, typed_paths_shown, unavailable_note_ui,
};

use super::super::batch::{
    Balances, BatchCommand, BatchState, CheckedFile, FileProblem, StopAsked,
};

/// Text from the file or the service, made safe to show.
fn safe(text: &str) -> String {
    brlv_core::api::safe_text::safe_text(text, 2_000).into_owned()
}

/// The total of each asset in one line, reais first (as a bank writes
/// the money that leaves the account), then each token.
pub fn totals_text(amounts: AmountFormat, summary: &Summary) -> String {
    let (reais, tokens): (Vec<_>, Vec<_>) = summary
        .totals
        .iter()
        .partition(|(asset, _)| asset.is_fiat());
    reais
        .into_iter()
        .chain(tokens)
        .map(|(asset, total)| asset_amount_text(amounts, Some(*total), Some(asset)))
        .collect::<Vec<_>>()
        .join(" + ")
}

/// The command writing the result file to the typed path, when there is a
/// result to write.
pub fn save_result(batch: &mut BatchState) -> Option<Command> {
    let path = batch.result_path.trim();
    if path.is_empty() || batch.saving_result {
        return None;
    }
    let rows = batch.report.as_ref()?.rows.clone();
    let file = batch.file.as_ref()?.batch()?;
    batch.saving_result = true;
    batch.result_saved = None;
    Some(Command::Batch(BatchCommand::SaveResult {
        path: PathBuf::from(path),
        batch: file,
        rows,
        states: batch.service_states.clone(),
    }))
}

fn problem_text(cx: &Shared, problem: &FileProblem) -> String {
    match problem {
        FileProblem::NoSession => cx.t("batch.no_session").into_owned(),
        FileProblem::Unreadable(detail) => cx.t_with("batch.unreadable", &[("detail", detail)]),
        FileProblem::File(FileError::Empty) => cx.t("batch.empty").into_owned(),
        FileProblem::File(FileError::Header(detail)) => {
            cx.t_with("batch.header", &[("detail", detail)])
        }
        FileProblem::File(other) => {
            cx.t_with("batch.unreadable", &[("detail", &other.to_string())])
        }
    }
}

fn row_error_text(cx: &Shared, error: &RowError) -> String {
    cx.t_with(
        "batch.row_error",
        &[
            ("row", &error.row.to_string()),
            ("column", &error.column),
            (
                "message",
                &super::super::batch::cell_problem_text(cx.language, &error.problem),
            ),
        ],
    )
}

/// How a row ended, in words; a row the service holds says how far its
/// payment has gone (`stage`: "enviado ao serviço (criado)", "pago"), never
/// that it is done.
pub fn outcome_text(language: Language, outcome: &RowOutcome, stage: &PaymentStage) -> String {
    let key = match outcome {
        RowOutcome::Done { id } => {
            return format!("{}: {}", stage_label(language, stage), safe(id));
        }
        RowOutcome::Refused { .. } => "batch.outcome_refused",
        RowOutcome::NotDone { .. } => "batch.outcome_not_done",
        RowOutcome::CannotTell { .. } => "batch.outcome_cannot_tell",
        RowOutcome::Pending { .. } => "batch.outcome_pending",
        RowOutcome::NotSent => "batch.outcome_not_sent",
        RowOutcome::Held { .. } => "batch.outcome_held",
    };
    let word = crate::app::i18n::tr(language, key).into_owned();
    let detail = outcome.id().unwrap_or_else(|| outcome.detail());
    let detail = safe(detail);
    if detail.is_empty() {
        word
    } else {
        format!("{word}: {detail}")
    }
}

fn planned_text(cx: &Shared, planned: &PlannedRow) -> String {
    match planned {
        PlannedRow::Send => cx.t("batch.check_ok").into_owned(),
        PlannedRow::NotDone { .. } => cx.t("batch.planned_again").into_owned(),
        PlannedRow::Done { id } => cx.t_with("batch.planned_done", &[("id", id)]),
        PlannedRow::Refused { .. } => cx.t("batch.planned_refused").into_owned(),
        PlannedRow::CannotTell { .. } => cx.t("batch.planned_cannot_tell").into_owned(),
        PlannedRow::InFlight { .. } => cx.t("batch.planned_in_flight").into_owned(),
    }
}

/// The part of the Withdrawals view that pays from a file.
pub fn batch_ui(ui: &mut Ui, batch: &mut BatchState, cx: &Shared, out: &mut Outbox) {
    // Each row the service holds follows its state as the list refreshes.
    batch.follow(cx.data.withdrawals.value());
    batch.compare_unsettled(&cx.data.unsettled_sends, cx.duplicate_days, cx.wall_now);
    batch.duplicate_days = Some(cx.duplicate_days);
    if batch.scroll_into_view
        && !batch.checking
        && (batch.file.is_some() || batch.problem.is_some())
    {
        batch.scroll_into_view = false;
        ui.scroll_to_cursor(Some(egui::Align::TOP));
    }
    note_ui(ui, &cx.t("batch.intro"));
    choose_ui(ui, batch, cx, out);
    if batch.checking {
        ui.horizontal(|ui| {
            spinner_ui(ui);
            ui.label(cx.t("batch.checking").as_ref());
        });
    }
    if let Some(problem) = &batch.problem {
        error_text_ui(ui, &problem_text(cx, problem));
    }
    let Some(file) = batch.file.clone() else {
        return;
    };
    ui.add_space(6.0);
    rows_ui(ui, batch, &file, cx);
    repeats_note_ui(ui, batch, &file, cx);
    ui.add_space(6.0);
    if batch.sending || batch.paused {
        progress_ui(ui, batch, &file, cx, out);
    } else if let Some(report) = &batch.report {
        let _ = report;
        result_ui(ui, batch, &file, cx, out);
    } else if batch.confirming {
        confirm_ui(ui, batch, &file, cx, out);
    } else {
        summary_ui(ui, batch, &file, cx, out);
    }
    if let Some(failure) = &batch.failure {
        error_text_ui(ui, &cx.t_with("batch.failed", &[("reason", failure)]));
    }
}

fn choose_ui(ui: &mut Ui, batch: &mut BatchState, cx: &Shared, out: &mut Outbox) {
    let language = cx.language;
    let busy = batch.checking || batch.sending;
    let typed = ui
        .horizontal(|ui| {
            if dialog_button_ui(ui, language, cx.t("batch.choose").as_ref(), busy) {
                out.ask(Ask::ChooseFile(DialogPurpose::PayoutsFile));
            }
            typed_paths_shown(ui)
        })
        .inner;
    if typed {
        unavailable_note_ui(ui, language);
        ui.horizontal(|ui| {
            let label = ui.label(cx.t("batch.path").as_ref());
            ui.add(
                egui::TextEdit::singleline(&mut batch.path)
                    .hint_text(cx.t("batch.path_hint").as_ref())
                    .desired_width(320.0),
            )
            .labelled_by(label.id);
            let ready = !busy && !batch.path.trim().is_empty();
            if ui
                .add_enabled(ready, egui::Button::new(cx.t("batch.check").as_ref()))
                .clicked()
                && let Some(command) = batch.check(false)
            {
                out.command(Command::Batch(command));
            }
        });
    }
}

/// One line of the table: a row of the file, as checked.
struct Line<'a> {
    number: u64,
    row: Option<(usize, &'a PayoutRow)>,
    errors: Vec<&'a RowError>,
}

fn lines(file: &CheckedFile) -> Vec<Line<'_>> {
    let mut lines: Vec<Line<'_>> = file
        .checked
        .rows
        .iter()
        .enumerate()
        .map(|(index, row)| Line {
            number: row.row,
            row: Some((index, row)),
            errors: Vec::new(),
        })
        .collect();
    for error in &file.checked.errors {
        match lines.iter_mut().find(|line| line.number == error.row) {
            Some(line) => line.errors.push(error),
            None => lines.push(Line {
                number: error.row,
                row: None,
                errors: vec![error],
            }),
        }
    }
    lines.sort_by_key(|line| line.number);
    lines
}

/// The narrowest width the rows' five columns fit in; below it each row
/// is a block of its own.
const WIDE_ROWS_MIN_WIDTH: f32 = 720.0;

/// The share of the width a column of the rows may take.
const WIDEST_COLUMN_SHARE: f32 = 0.36;

/// The narrowest the rows' widest columns get.
const MIN_WIDEST_COLUMN: f32 = 140.0;

#[expect(
    clippy::float_arithmetic,
    reason = "screen geometry in points, never money"
)]
fn rows_ui(ui: &mut Ui, batch: &mut BatchState, file: &CheckedFile, cx: &Shared) {
    let name = file
        .path
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    let wrong = file.row_count() - file.checked.rows.len();
    ui.label(
        RichText::new(cx.t_with(
            "batch.file_heading",
            &[
                ("file", &safe(&name)),
                ("rows", &rows_text(cx, file.row_count())),
                ("wrong", &wrong.to_string()),
            ],
        ))
        .strong(),
    );
    let lines = lines(file);
    let wide = ui.available_width() >= WIDE_ROWS_MIN_WIDTH;
    // Inside the page's own scrolling, egui sizes this area to what is
    // left of the viewport below it: with the page scrolled, at 200 % that
    // was one row. It keeps its height whatever the page's scroll.
    egui::ScrollArea::vertical()
        .id_salt("batch_rows")
        .max_height(280.0)
        .min_scrolled_height(280.0)
        .show(ui, |ui| {
            if !wide {
                // At 200 % or in a narrow window: each row a block, what it
                // pays over its check or outcome, every line wrapping.
                for (position, line) in lines.iter().enumerate() {
                    if position > 0 {
                        ui.separator();
                    }
                    ui.horizontal_wrapped(|ui| {
                        ui.strong(
                            cx.t_with("batch.row_number", &[("row", &line.number.to_string())]),
                        );
                        if let Some((_, row)) = line.row {
                            ui.label(crate::app::format::method_name(row.request.method.as_str()));
                            ui.label(asset_amount_text(
                                cx.amounts(),
                                Some(row.request.amount),
                                Some(&row.request.asset),
                            ));
                            ui.label(safe(&destination_text(cx, row)));
                        }
                    });
                    line_result_ui(ui, batch, file, line, cx);
                }
                return;
            }
            // The destination and the result wrap inside the view instead of
            // pushing the result past its right edge.
            egui::Grid::new("batch_rows_grid")
                .num_columns(5)
                .spacing([14.0, 4.0])
                .max_col_width((ui.available_width() * WIDEST_COLUMN_SHARE).max(MIN_WIDEST_COLUMN))
                .striped(true)
                .show(ui, |ui| {
                    for key in [
                        "batch.col_row",
                        "batch.col_method",
                        "batch.col_amount",
                        "batch.col_destination",
                        "batch.col_result",
                    ] {
                        ui.label(RichText::new(cx.t(key).as_ref()).strong());
                    }
                    ui.end_row();
                    for line in &lines {
                        ui.label(line.number.to_string());
                        match line.row {
                            Some((_, row)) => {
                                ui.label(crate::app::format::method_name(
                                    row.request.method.as_str(),
                                ));
                                ui.label(asset_amount_text(
                                    cx.amounts(),
                                    Some(row.request.amount),
                                    Some(&row.request.asset),
                                ));
                                ui.label(safe(&destination_text(cx, row)));
                            }
                            None => {
                                ui.label("");
                                ui.label("");
                                ui.label("");
                            }
                        }
                        line_result_ui(ui, batch, file, line, cx);
                        ui.end_row();
                    }
                });
        });
    for group in &file.checked.identical {
        let rows: Vec<String> = group.iter().map(u64::to_string).collect();
        error_text_ui(
            ui,
            &cx.t_with("batch.identical", &[("rows", &rows.join(", "))]),
        );
    }
    if file.batch().is_none() {
        error_text_ui(ui, &cx.t("batch.fix_file"));
    }
}

/// Where a row pays, as the form's review says it: a bank account in the
/// person's language.
fn destination_text(cx: &Shared, row: &PayoutRow) -> String {
    match &row.request.ted_account {
        Some(account) => crate::app::ted::ted_destination_text(
            cx.language,
            account,
            crate::app::format::document_formatted,
        ),
        None => row.destination(),
    }
}

/// A row's errors, each a sentence of its own; else its check or outcome.
fn line_result_ui(
    ui: &mut Ui,
    batch: &mut BatchState,
    file: &CheckedFile,
    line: &Line<'_>,
    cx: &Shared,
) {
    if !line.errors.is_empty() {
        let text: Vec<String> = line
            .errors
            .iter()
            .map(|error| row_error_text(cx, error))
            .collect();
        error_text_ui(ui, &safe(&text.join(" ")));
    } else if let Some((index, row)) = line.row {
        row_state_ui(ui, batch, file, index, row.row, cx);
    }
}

/// A passed row's state, in its cell; before the run, a row that repeats
/// an earlier payout names it, with "Send anyway" (unticked until ticked).
fn row_state_ui(
    ui: &mut Ui,
    batch: &mut BatchState,
    file: &CheckedFile,
    index: usize,
    row: u64,
    cx: &Shared,
) {
    let told = batch.progress.get(index).is_some_and(Option::is_some)
        || batch
            .report
            .as_ref()
            .is_some_and(|report| report.rows.len() > index);
    let repeats = file.repeats.get(index).filter(|found| !found.is_empty());
    let (Some(repeats), false, false) = (repeats, told, batch.sending || file.again) else {
        ui.label(row_state_text(batch, file, index, cx));
        return;
    };
    ui.vertical(|ui| {
        let warning = crate::app::ui::palette::of(ui).warning;
        for earlier in repeats {
            ui.add(
                egui::Label::new(
                    RichText::new(earlier_text(cx, "withdrawal", earlier)).color(warning),
                )
                .wrap(),
            );
        }
        let mut ticked = file.send_anyway.contains(&index);
        let label = cx.t_with("batch.send_row_anyway", &[("row", &row.to_string())]);
        if ui.checkbox(&mut ticked, label).changed()
            && let Some(file) = batch.file.as_mut()
        {
            if ticked {
                file.send_anyway.insert(index);
            } else {
                file.send_anyway.remove(&index);
            }
        }
    });
}

/// The rows a run skips as repeats, named before it starts.
fn repeats_note_ui(ui: &mut Ui, batch: &BatchState, file: &CheckedFile, cx: &Shared) {
    if batch.sending || batch.report.is_some() || file.plan.is_none() {
        return;
    }
    let skipped: Vec<String> = file
        .checked
        .rows
        .iter()
        .enumerate()
        .filter(|(index, _)| file.skips(*index))
        .map(|(_, row)| row.row.to_string())
        .collect();
    if !skipped.is_empty() {
        note_ui(
            ui,
            &i18n::tr_count(
                cx.language,
                ("batch.repeats_skipped_one", "batch.repeats_skipped"),
                skipped.len(),
                &[("rows", &skipped.join(", "))],
            ),
        );
    }
}

/// A passed row's state: its outcome in this run, the last run's, or what
/// the journal says of it.
fn row_state_text(batch: &BatchState, file: &CheckedFile, index: usize, cx: &Shared) -> String {
    let outcome = match batch.progress.get(index) {
        Some(Some(outcome)) => Some(outcome),
        _ => batch
            .report
            .as_ref()
            .and_then(|report| report.rows.get(index)),
    };
    if let Some(outcome) = outcome {
        if let RowOutcome::Held { duplicates, .. } = outcome {
            // Skipped as a repeat: what it repeats, in the person's words.
            let earlier: Vec<String> = duplicates
                .iter()
                .map(|one| earlier_text(cx, "withdrawal", one))
                .collect();
            return format!("{}: {}", cx.t("batch.outcome_held"), earlier.join(" "));
        }
        return outcome_text(cx.language, outcome, &batch.stage_of(outcome));
    }
    if batch.sending {
        return cx.t("batch.waiting").into_owned();
    }
    match file.plan.as_ref().and_then(|plan| plan.rows.get(index)) {
        Some(planned) => planned_text(cx, planned),
        None => cx.t("batch.check_ok").into_owned(),
    }
}

fn summary_ui(
    ui: &mut Ui,
    batch: &mut BatchState,
    file: &CheckedFile,
    cx: &Shared,
    out: &mut Outbox,
) {
    // A file with a wrong row has no total to speak of: it is not paid.
    if file.batch().is_some() {
        let summary = Summary::of(&file.checked.rows);
        ui.label(cx.t_with(
            "batch.totals",
            &[
                ("payouts", &payouts_text(cx, summary.rows)),
                ("total", &totals_text(cx.amounts(), &summary)),
            ],
        ));
    }
    if let Some(finished) = &file.finished {
        let moments = cx.moments();
        error_text_ui(
            ui,
            &cx.t_with(
                "batch.finished_before",
                &[
                    ("started", &moments.text(finished.started_at)),
                    ("finished", &moments.text(finished.finished_at)),
                    (
                        "rows",
                        &rows_text(cx, usize::try_from(finished.rows).unwrap_or(usize::MAX)),
                    ),
                ],
            ),
        );
        if ui.button(cx.t("batch.pay_again").as_ref()).clicked()
            && let Some(command) = batch.check(true)
        {
            out.command(Command::Batch(command));
        }
        return;
    }
    if let Some(error) = &file.journal_error {
        error_text_ui(ui, &cx.t_with("batch.journal_error", &[("reason", error)]));
    }
    if let Some(plan) = &file.plan
        && plan.resumes.is_some()
    {
        let done = plan
            .rows
            .iter()
            .filter(|state| matches!(state, PlannedRow::Done { .. }))
            .count();
        note_ui(
            ui,
            &cx.t_with(
                "batch.resumes",
                &[
                    ("done", &done.to_string()),
                    ("rows", &rows_text(cx, plan.rows.len())),
                ],
            ),
        );
    }
    match &file.balances {
        Balances::Read(check) if check.covers() => {
            ui.label(cx.t("batch.balance_covers").as_ref());
        }
        Balances::Read(check) => {
            for short in &check.short {
                let balance = short.balance.to_string();
                error_text_ui(
                    ui,
                    &cx.t_with(
                        "batch.balance_short",
                        &[
                            ("balance", &balance),
                            (
                                "available",
                                &cx.amounts()
                                    .number(short.available, short.available.scale()),
                            ),
                            (
                                "total",
                                &cx.amounts().number(short.total, short.total.scale()),
                            ),
                        ],
                    ),
                );
            }
        }
        Balances::Unreadable(reason) => {
            error_text_ui(
                ui,
                &cx.t_with("batch.balance_unreadable", &[("reason", reason)]),
            );
        }
        Balances::NotRead => {}
    }
    if let Balances::Read(check) = &file.balances {
        for asset in &check.unchecked {
            note_ui(
                ui,
                &cx.t_with("batch.balance_unchecked", &[("asset", asset.as_str())]),
            );
        }
    }
    if file.batch().is_some() {
        ui.checkbox(
            &mut batch.stop_at_first_failure,
            cx.t("batch.stop_at_first_failure").as_ref(),
        );
    }
    let ready = cx.connected() && file.sendable();
    if ui
        .add_enabled(ready, egui::Button::new(cx.t("batch.review").as_ref()))
        .clicked()
    {
        batch.confirming = true;
    }
}

/// The review of the rows still to send, in the shape of every other
/// review: the total large, who receives it by method, when it arrives, the
/// fee, each balance before and after, the service, and that it cannot be
/// undone. "Confirmar" then passes the lock once for the whole batch.
pub fn batch_review(cx: &Shared, to_send: &Summary, stop_at_first_failure: bool) -> Review {
    let count = |key: &'static str, rows: usize| {
        (rows > 0).then(|| cx.t_with(key, &[("count", &rows.to_string())]))
    };
    let recipients: Vec<String> = [
        count("batch.review_by_pix", to_send.by_pix),
        count("batch.review_by_ted", to_send.by_ted),
        count("batch.review_by_token", to_send.by_token),
    ]
    .into_iter()
    .flatten()
    .collect();
    let mut lines = vec![
        ReviewLine::new(cx.t("review.to"), recipients.join(", ")),
        ReviewLine::new(
            cx.t("review.withdrawal_arrives"),
            cx.t("batch.review_arrives"),
        ),
        // The interface names no withdrawal fee: none is made up.
        ReviewLine::new(cx.t("review.fee"), cx.t("review.withdrawal_fee_unstated")),
    ];
    // BRLV on every chain is paid from one balance: its rows are added up
    // before the balance after them is said.
    let mut paid_from: BTreeMap<BalanceAsset, (&Asset, Decimal)> = BTreeMap::new();
    for (asset, total) in &to_send.totals {
        if let Some(balance) = balance_asset(asset) {
            paid_from.entry(balance).or_insert((asset, Decimal::ZERO)).1 += *total;
        }
    }
    for (balance, (asset, total)) in paid_from {
        let label = if balance == BalanceAsset::Brlv {
            "review.available_brlv"
        } else {
            "review.available"
        };
        lines.extend(balance_lines(cx, label, total, asset));
    }
    lines.extend(service_line(cx));
    let mut notes = vec![(cx.t("batch.review_final").into_owned(), NoteTone::Warning)];
    if stop_at_first_failure {
        notes.push((
            cx.t("batch.stop_at_first_failure").into_owned(),
            NoteTone::Plain,
        ));
    }
    Review {
        id: "batch_review",
        title: cx.t("review.title").into(),
        headline_label: cx.t_with(
            "batch.review_you_pay",
            &[("payouts", &payouts_text(cx, to_send.rows))],
        ),
        headline: Some(totals_text(cx.amounts(), to_send)),
        headline_detail: None,
        lines,
        notes,
        back: cx.t("review.back").into(),
        confirm: cx.t("review.confirm").into(),
        can_confirm: true,
        renew: None,
    }
}

fn confirm_ui(
    ui: &mut Ui,
    batch: &mut BatchState,
    file: &CheckedFile,
    cx: &Shared,
    out: &mut Outbox,
) {
    let Some(to_send) = file.to_send() else {
        batch.confirming = false;
        return;
    };
    let review = batch_review(cx, &to_send, batch.stop_at_first_failure);
    match review_ui(ui, &review) {
        Some(ReviewChoice::Confirm) => {
            if let Some(request) = batch.request(cx.duplicate_days) {
                out.submit(request);
            }
        }
        Some(ReviewChoice::Back) => batch.confirming = false,
        Some(ReviewChoice::Renew) | None => {}
    }
}

fn progress_ui(
    ui: &mut Ui,
    batch: &mut BatchState,
    file: &CheckedFile,
    cx: &Shared,
    out: &mut Outbox,
) {
    let total = file.checked.rows.len();
    let position = batch.position.to_string();
    let total_text = total.to_string();
    let args = [("row", position.as_str()), ("rows", total_text.as_str())];
    if batch.paused {
        ui.label(RichText::new(cx.t_with("batch.paused", &args)).strong());
        ui.horizontal(|ui| {
            if ui.button(cx.t("batch.resume").as_ref()).clicked()
                && let Some(request) = batch.request_resume(cx.duplicate_days)
            {
                out.submit(request);
            }
            if ui.button(cx.t("batch.cancel").as_ref()).clicked() {
                batch.paused = false;
            }
        });
        return;
    }
    // The bar's share only: the counts themselves are shown as whole numbers.
    #[allow(clippy::float_arithmetic, clippy::cast_precision_loss)]
    let fraction = if total == 0 {
        0.0
    } else {
        batch.position as f32 / total as f32
    };
    let label = match batch.stop_asked {
        Some(StopAsked::Pause) => cx.t_with("batch.pausing", &args),
        Some(StopAsked::Cancel) => cx.t_with("batch.cancelling", &args),
        None => cx.t_with("batch.progress", &args),
    };
    let response = ui.add(egui::ProgressBar::new(fraction).text(label.clone()));
    response.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::ProgressIndicator, true, label.clone())
    });
    // A screen reader hears each row reached without moving its focus.
    crate::app::ui::live_region(&response, false);
    ui.horizontal(|ui| {
        let stopping = batch.stop_asked.is_some();
        if ui
            .add_enabled(!stopping, egui::Button::new(cx.t("batch.pause").as_ref()))
            .clicked()
        {
            batch.stop_asked = Some(StopAsked::Pause);
            out.command(Command::Batch(BatchCommand::Stop));
        }
        if ui
            .add_enabled(!stopping, egui::Button::new(cx.t("batch.cancel").as_ref()))
            .clicked()
        {
            batch.stop_asked = Some(StopAsked::Cancel);
            out.command(Command::Batch(BatchCommand::Stop));
        }
    });
}

fn result_ui(
    ui: &mut Ui,
    batch: &mut BatchState,
    file: &CheckedFile,
    cx: &Shared,
    out: &mut Outbox,
) {
    let Some(report) = batch.report.clone() else {
        return;
    };
    let stages: Vec<PaymentStage> = report
        .rows
        .iter()
        .map(|outcome| batch.stage_of(outcome))
        .collect();
    ui.label(
        RichText::new(cx.t_with(
            "batch.result",
            &[
                (
                    "stages",
                    &stage_totals(cx.language, &StageCounts::of(&stages)),
                ),
                ("rows", &rows_text(cx, report.rows.len())),
                (
                    "sent",
                    &i18n::tr_count(
                        cx.language,
                        ("batch.sent_in_run_one", "batch.sent_in_run"),
                        report.sent,
                        &[],
                    ),
                ),
            ],
        ))
        .strong(),
    );
    let held: Vec<String> = report
        .rows
        .iter()
        .zip(&file.checked.rows)
        .filter(|(outcome, _)| matches!(outcome, RowOutcome::Held { .. }))
        .map(|(_, row)| row.row.to_string())
        .collect();
    if !held.is_empty() {
        note_ui(
            ui,
            &i18n::tr_count(
                cx.language,
                ("batch.repeats_held_one", "batch.repeats_held"),
                held.len(),
                &[("rows", &held.join(", "))],
            ),
        );
    }
    if !report.finished {
        note_ui(ui, &cx.t("batch.not_finished"));
        if file.batch().is_some()
            && ui.button(cx.t("batch.resume").as_ref()).clicked()
            && let Some(request) = batch.request_resume(cx.duplicate_days)
        {
            out.submit(request);
        }
    }
    let language = cx.language;
    let typed = ui
        .horizontal(|ui| {
            if dialog_button_ui(
                ui,
                language,
                cx.t("batch.save_result").as_ref(),
                batch.saving_result,
            ) {
                out.ask(Ask::ChooseFile(DialogPurpose::BatchResult));
            }
            typed_paths_shown(ui)
        })
        .inner;
    if typed {
        unavailable_note_ui(ui, language);
        ui.horizontal(|ui| {
            let label = ui.label(cx.t("batch.result_path").as_ref());
            ui.add(egui::TextEdit::singleline(&mut batch.result_path).desired_width(320.0))
                .labelled_by(label.id);
            if ui
                .add_enabled(
                    !batch.saving_result && !batch.result_path.trim().is_empty(),
                    egui::Button::new(cx.t("batch.save").as_ref()),
                )
                .clicked()
                && let Some(command) = save_result(batch)
            {
                out.write_file(command);
            }
        });
    }
    match &batch.result_saved {
        Some(Ok(path)) => {
            ui.label(cx.t_with(
                "batch.result_saved",
                &[("path", &path.display().to_string())],
            ));
        }
        Some(Err(reason)) => {
            error_text_ui(
                ui,
                &cx.t_with("batch.result_not_saved", &[("reason", reason)]),
            );
        }
        None => {}
    }
}

/// "1 linha", "4 linhas": a count of a file's rows in the language's forms.
fn rows_text(cx: &Shared, count: usize) -> String {
    i18n::tr_count(cx.language, ("count.rows_one", "count.rows"), count, &[])
}

/// "1 pagamento", "4 pagamentos".
fn payouts_text(cx: &Shared, count: usize) -> String {
    i18n::tr_count(
        cx.language,
        ("count.payouts_one", "count.payouts"),
        count,
        &[],
    )
}
