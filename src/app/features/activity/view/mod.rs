//! The extrato, list-first: filters as chips (range, kind) with the asset
//! and the text, the period's result per asset in one line (in and out one
//! click away), and the movements by day, newest first, in the rest.
//! Only the lines in view are laid out (`show_rows`), so a million records
//! scroll as smoothly as ten; a click (or Enter on a focused row) opens the
//! record in its own panel. The Overview ([`overview`]) is drawn from the
//! same state: its charts are the extrato's monthly figures.

pub mod overview;

use crate::app::ui::spinner_ui;
use brlv_core::api::model::Asset;
use egui::{Align, Layout, RichText, Sense, Ui, UiBuilder, Vec2};
use rust_decimal::Decimal;
use strum::IntoEnumIterator;

use crate::app::dialog::{DialogPurpose, FileAnswer};
use crate::app::export::ExtratoFormat;
use crate::app::format::{AmountFormat, MISSING, MomentFormat, stage_label, state_label};
use crate::app::i18n::{Language, tr, tr_with};
use crate::app::message::Command;
use crate::app::panel::{Ask, Outbox, Panel, Shared};
use crate::app::remote::Remote;
use crate::app::ui::arrange::{Asked, set_asked};
use crate::app::ui::context::dialog_status;
use crate::app::ui::fields::FieldMessage;
use crate::app::ui::{
    SaveBarKeys, SaveChoice, badge_ui, badge_width, field_message_ui, note_ui, option_filter_ui,
    palette, save_bar_ui, save_result_ui, state_tone, text_width, typed_paths_shown,
};
use brlv_core::payment_stage::PaymentStage;

use super::export::{ExtratoFileRequest, ExtratoSnapshot, KnownBalance};
use super::model::{Direction, Leg, Line, Movement, Sources};
use super::state::{ActivityState, ActivityTold, ActivityView, Extent, RangeError, RangePreset};
use super::words::{
    compact_amount, day_text, day_title, description_on_screen, kind_name, ticker_and_chain,
};
use crate::app::movement::{MovementKind, Record};

/// Height of one line of the extrato.
const LINE_HEIGHT: f32 = 26.0;
/// Height of a folded line: two lines of text.
const FOLDED_LINE_HEIGHT: f32 = 44.0;
/// Width of the time column.
const TIME_WIDTH: f32 = 84.0;
/// Width of the time column of folded lines (the day is the header's).
const FOLDED_TIME_WIDTH: f32 = 46.0;
/// Width of the state column.
const STATE_WIDTH: f32 = 160.0;
/// Width of each amount column.
const AMOUNT_WIDTH: f32 = 150.0;
/// Width of the amounts of folded lines, one above the other.
const FOLDED_AMOUNT_WIDTH: f32 = 132.0;
/// Width of the details column (the record's reference).
const DETAILS_WIDTH: f32 = 90.0;
/// Width of the totals' amount columns.
const TOTALS_WIDTH: f32 = 190.0;

/// The width the in-and-out table needs: the asset's column and the three
/// figures, with the grid's spacing.
const TOTALS_TABLE_WIDTH: f32 = 120.0 + 3.0 * (TOTALS_WIDTH + 24.0);
/// The narrowest list every column fits in with room to say what moved;
/// below it the lines fold.
const WIDE_LINES_MIN_WIDTH: f32 = 640.0;
/// Below this height the filters and totals fold behind one click.
const SHORT_PANEL_HEIGHT: f32 = 520.0;
/// Room between two columns.
const COLUMN_GAP: f32 = 10.0;

impl Panel for ActivityState {
    type Event = ActivityTold;

    fn ui(&mut self, ui: &mut Ui, cx: &Shared, out: &mut Outbox) {
        activity_ui(ui, self, cx, out);
    }

    fn apply(&mut self, event: ActivityTold, _cx: &Shared, out: &mut Outbox) {
        let ActivityTold::File(answer) = event;
        match answer {
            // The extrato kept for the file is let go with the dialog.
            FileAnswer::NoFile => self.pending_export = None,
            FileAnswer::Chosen(DialogPurpose::ExportExtrato(format), path) => {
                // Written from what was shown when the save was asked for.
                let Some(snapshot) = self.pending_export.take() else {
                    return;
                };
                self.export.path = path.display().to_string();
                if let Some(path) = self.export.start() {
                    out.command(Command::ExportExtrato(ExtratoFileRequest {
                        path,
                        format,
                        snapshot,
                    }));
                }
            }
            FileAnswer::Exported(_, result) => self.export.finish(result),
            FileAnswer::Kept(_) => self.export.writing = false,
            FileAnswer::Chosen(..) => {}
        }
    }
}

/// The balances the service reported, each with when it was true: a saved
/// copy's time, else when it arrived.
fn known_balances(cx: &Shared) -> Vec<KnownBalance> {
    let data = &cx.data;
    let known = |ticker: &str, remote: &Remote<Decimal>| {
        let loaded = remote.loaded()?;
        let age = cx.now.saturating_sub(loaded.fetched_at);
        let arrived = cx.wall_now - time::Duration::milliseconds(i64::try_from(age).unwrap_or(0));
        Some(KnownBalance {
            ticker: ticker.to_owned(),
            amount: loaded.value,
            at: loaded.saved_at.unwrap_or(arrived),
        })
    };
    [
        known("BRL", &data.balance_brl),
        known("USDC", &data.balance_usdc),
        known("BRLV", &data.balance_brlv),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The extrato as `view` shows it, ready to be written as a file.
pub fn extrato_snapshot(cx: &Shared, view: &ActivityView) -> ExtratoSnapshot {
    ExtratoSnapshot {
        sources: view.sources.clone(),
        timeline: std::sync::Arc::clone(&view.timeline),
        filtered: std::sync::Arc::clone(&view.filtered),
        filter: view.filter.clone(),
        balances: known_balances(cx),
        language: cx.language,
        now: cx.wall_now,
    }
}

/// Saves the extrato as shown as `format`: to the file chosen in the
/// system's dialog (asked for by the save bar), or to the typed path.
fn export_extrato(
    activity: &mut ActivityState,
    out: &mut Outbox,
    format: ExtratoFormat,
    snapshot: ExtratoSnapshot,
) {
    if std::mem::take(&mut activity.export.dialog_asked) {
        activity.pending_export = Some(snapshot);
        out.ask(Ask::ChooseFile(DialogPurpose::ExportExtrato(format)));
        return;
    }
    if let Some(path) = activity.export.start() {
        out.write_file(Command::ExportExtrato(ExtratoFileRequest {
            path,
            format,
            snapshot,
        }));
    }
}

/// Draws the extrato list-first: the title with the export menu, the
/// filters as chips, the period's result in one line, and the movements in
/// all the height that is left.
fn activity_ui(ui: &mut Ui, activity: &mut ActivityState, cx: &Shared, out: &mut Outbox) {
    let view = activity.view(
        ui.ctx(),
        &cx.data,
        &cx.data.claims_made,
        cx.wall_now,
        &cx.zone,
        Extent::Extrato,
    );
    let lists_missing = cx.data.orders.value().is_none()
        && cx.data.transfers.value().is_none()
        && cx.data.withdrawals.value().is_none();
    let can_export = !lists_missing && !view.filtered.is_empty();
    ui.horizontal(|ui| {
        ui.heading(cx.t("nav.activity").as_ref());
        if can_export && !typed_paths_shown(ui) {
            ui.with_layout(right(), |ui| export_menu_ui(ui, activity, cx, out, &view));
        }
    });
    if can_export && typed_paths_shown(ui) {
        // Typed paths (chosen in Settings, or no system dialog here) need
        // room: the save bar is shown whole instead of a menu.
        export_ui(ui, activity, cx, out, &view);
    } else {
        save_result_ui(ui, cx.language, &activity.export);
    }
    ui.add_space(4.0);
    let filters_and_totals = |ui: &mut Ui, activity: &mut ActivityState| {
        filters_ui(ui, activity, cx, &view);
        ui.add_space(4.0);
        if view.busy {
            ui.horizontal(|ui| {
                spinner_ui(ui);
                ui.label(cx.t("activity.computing").as_ref());
            });
        }
        totals_ui(ui, cx.amounts(), &view);
    };
    if ui.available_height() < SHORT_PANEL_HEIGHT {
        // At 200 % or in a short window the chips and totals would leave
        // the movements no room: they wait behind one click, open at once
        // while they narrow the list, so a filter is never out of sight.
        let narrowed = activity.preset != RangePreset::All
            || activity.kind.is_some()
            || activity.asset.is_some()
            || !activity.search.trim().is_empty();
        let title = cx.t_with(
            "activity.filters_and_totals",
            &[("n", &view.filtered.count.to_string())],
        );
        egui::CollapsingHeader::new(title)
            .id_salt("activity_filters_and_totals")
            .default_open(narrowed)
            .show(ui, |ui| filters_and_totals(ui, activity));
    } else {
        filters_and_totals(ui, activity);
    }
    ui.add_space(4.0);
    if lists_missing {
        ui.horizontal(|ui| {
            spinner_ui(ui);
            ui.label(cx.t("accounts.loading").as_ref());
        });
        return;
    }
    if view.filtered.is_empty() {
        note_ui(ui, &cx.t("activity.empty"));
        return;
    }
    if let Some((source, id, kind)) = lines_ui(ui, cx.amounts(), &cx.moments(), &view) {
        clear_search_of(ui, kind);
        out.ask(Ask::OpenMovement(source, id));
    }
}

/// "Export ▾": the extrato as shown, as OFX or CSV, each to the file chosen
/// in the system's dialog; what each file holds is said inside the menu.
fn export_menu_ui(
    ui: &mut Ui,
    activity: &mut ActivityState,
    cx: &Shared,
    out: &mut Outbox,
    view: &ActivityView,
) {
    let busy = activity.export.writing || dialog_status(ui).open;
    if busy {
        spinner_ui(ui);
    }
    let mut chosen = None;
    ui.add_enabled_ui(!busy, |ui| {
        ui.menu_button(cx.t("activity.export_menu").as_ref(), |ui| {
            for (format, key) in [
                (ExtratoFormat::Ofx, "activity.export_ofx"),
                (ExtratoFormat::Csv, "activity.export_csv"),
                (ExtratoFormat::Xlsx, "activity.export_xlsx"),
            ] {
                if ui.button(cx.t(key).as_ref()).clicked() {
                    chosen = Some(format);
                }
            }
            ui.set_max_width(360.0);
            note_ui(ui, &cx.t("activity.export_note"));
        });
    });
    if let Some(format) = chosen {
        activity.export.dialog_asked = true;
        let snapshot = extrato_snapshot(cx, view);
        export_extrato(activity, out, format, snapshot);
    }
}

/// The record's panel may be searched: the search is cleared, so the record
/// opened is in the list shown.
fn clear_search_of(ui: &Ui, kind: MovementKind) {
    let table = match kind {
        MovementKind::Order => "orders_table",
        MovementKind::Transfer => "transfers_table",
        MovementKind::Withdrawal => "withdrawals_table",
        MovementKind::Deposit => "deposits_table",
        MovementKind::Claim => return,
    };
    set_asked(ui, egui::Id::unique(table), Asked::default());
}

/// "Export OFX…", "Export CSV…" and "Export workbook (.xlsx)…": the extrato as shown, to the file
/// chosen in the system's dialog or to a typed path.
fn export_ui(
    ui: &mut Ui,
    activity: &mut ActivityState,
    cx: &Shared,
    out: &mut Outbox,
    view: &ActivityView,
) {
    let language = cx.language;
    let (ofx, ofx_typed) = (cx.t("activity.export_ofx"), cx.t("activity.save_ofx"));
    let (csv, csv_typed) = (cx.t("activity.export_csv"), cx.t("activity.save_csv"));
    let (xlsx, xlsx_typed) = (cx.t("activity.export_xlsx"), cx.t("activity.save_xlsx"));
    let choices = [
        SaveChoice {
            dialog: ofx.as_ref(),
            typed: ofx_typed.as_ref(),
        },
        SaveChoice {
            dialog: csv.as_ref(),
            typed: csv_typed.as_ref(),
        },
        SaveChoice {
            dialog: xlsx.as_ref(),
            typed: xlsx_typed.as_ref(),
        },
    ];
    let keys = SaveBarKeys {
        path: "activity.export_path",
        hint: "accounts.export_hint",
        failed: "accounts.export_failed",
    };
    let draft = &mut activity.export;
    let chosen = save_bar_ui(ui, language, draft, keys, &choices);
    note_ui(ui, &cx.t("activity.export_note"));
    let format = match chosen {
        Some(0) => ExtratoFormat::Ofx,
        Some(1) => ExtratoFormat::Csv,
        Some(_) => ExtratoFormat::Xlsx,
        None => return,
    };
    let snapshot = extrato_snapshot(cx, view);
    export_extrato(activity, out, format, snapshot);
}

fn filters_ui(ui: &mut Ui, activity: &mut ActivityState, cx: &Shared, view: &ActivityView) {
    let language = cx.language;
    let before = activity.preset;
    ui.horizontal_wrapped(|ui| {
        ui.label(cx.t("activity.range").as_ref());
        for option in RangePreset::iter() {
            ui.selectable_value(
                &mut activity.preset,
                option,
                tr(language, option.title_key()).as_ref(),
            );
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(cx.t("activity.kind").as_ref());
        ui.selectable_value(&mut activity.kind, None, cx.t("activity.kind_all").as_ref());
        for kind in MovementKind::iter() {
            ui.selectable_value(&mut activity.kind, Some(kind), kind_name(language, kind));
        }
        ui.add_space(12.0);
        option_filter_ui(
            ui,
            "activity_asset",
            &cx.t("activity.asset"),
            &mut activity.asset,
            &view.assets,
            ticker_and_chain,
        );
    });
    if before != RangePreset::Custom && activity.preset == RangePreset::Custom {
        // Custom dates start from the days the preset covered, ready to adjust.
        let (from, to) = before.days(cx.today());
        activity.from_text = from.map(|day| day_text(language, day)).unwrap_or_default();
        activity.to_text = to.map(|day| day_text(language, day)).unwrap_or_default();
    }
    if activity.preset == RangePreset::Custom {
        let error = activity.range(cx.today()).err();
        let hint = match language {
            Language::PtBr => "DD/MM/AAAA",
            Language::En => "YYYY-MM-DD",
        };
        ui.horizontal_wrapped(|ui| {
            let days = [
                ("activity.from", &mut activity.from_text),
                ("activity.to", &mut activity.to_text),
            ];
            for (key, text) in days {
                let label = ui.label(tr(language, key).as_ref());
                ui.add(
                    egui::TextEdit::singleline(text)
                        .hint_text(hint)
                        .desired_width(110.0),
                )
                .labelled_by(label.id);
            }
            let message = match error {
                Some(RangeError::From) => Some("activity.from_invalid"),
                Some(RangeError::To) => Some("activity.to_invalid"),
                Some(RangeError::Reversed) => Some("activity.range_reversed"),
                None => None,
            };
            if let Some(key) = message {
                field_message_ui(
                    ui,
                    &FieldMessage {
                        text: tr(language, key).into_owned(),
                        pending: false,
                    },
                );
            }
        });
    } else if let Ok((Some(from), Some(to))) = activity.range(cx.today()) {
        // The days a preset covers, said in words, and typed ready to adjust.
        note_ui(
            ui,
            &cx.t_with(
                "activity.range_days",
                &[
                    ("from", &day_text(language, from)),
                    ("to", &day_text(language, to)),
                ],
            ),
        );
    }
    let hint = cx.t("activity.search_hint");
    ui.horizontal(|ui| {
        let label = ui.label(cx.t("activity.search").as_ref());
        ui.add(
            egui::TextEdit::singleline(&mut activity.search)
                // Ctrl+F finds it, as it finds every list's search.
                .id(crate::app::ui::arrange::search_field_id())
                .hint_text(hint.as_ref())
                .desired_width(320.0),
        )
        .labelled_by(label.id);
    });
}

/// The period in one line: how many movements and the result per asset
/// (in minus out); what came in and went out per asset one click away.
fn totals_ui(ui: &mut Ui, amounts: AmountFormat, view: &ActivityView) {
    let language = amounts.language;
    let filtered = &view.filtered;
    let colors = palette::of(ui);
    ui.horizontal_wrapped(|ui| {
        ui.label(tr_with(
            language,
            "activity.count",
            &[("n", &filtered.count.to_string())],
        ));
        if filtered.totals.is_empty() {
            return;
        }
        ui.label("·");
        ui.strong(tr(language, "activity.period_result").as_ref());
        let tickers: Vec<String> = filtered.totals.keys().map(Asset::ticker).collect();
        for (asset, totals) in &filtered.totals {
            let net = totals.net();
            let sign = if net > Decimal::ZERO && !amounts.hidden {
                "+"
            } else {
                ""
            };
            let mut shown = format!("{sign}{}", compact_amount(amounts, net, asset));
            let ticker = asset.ticker();
            if let Some(chain) = asset.chain()
                && tickers.iter().filter(|other| **other == ticker).count() > 1
            {
                // The same token on two chains: each result says which.
                shown.push_str(&format!(" ({})", chain.as_str()));
            }
            let mut text = RichText::new(shown).monospace();
            if net > Decimal::ZERO {
                text = text.color(colors.success);
            } else if net < Decimal::ZERO {
                text = text.color(colors.error);
            }
            let said = tr_with(
                language,
                "activity.period_result_of",
                &[
                    ("asset", &ticker_and_chain(asset)),
                    ("in", &compact_amount(amounts, totals.money_in, asset)),
                    ("out", &compact_amount(amounts, totals.money_out, asset)),
                    ("net", &compact_amount(amounts, net, asset)),
                ],
            );
            let response = ui.label(text).on_hover_text(&said);
            response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &said));
        }
    });
    if filtered.totals.is_empty() {
        return;
    }
    egui::CollapsingHeader::new(tr(language, "activity.in_and_out").as_ref())
        .id_salt("activity_in_and_out")
        .default_open(false)
        .show(ui, |ui| totals_grid_ui(ui, amounts, view));
}

/// What came in, went out and the result, per asset: a table with a
/// column each where it fits, else (at 200 %) each asset's three figures
/// one under the other, so nothing runs off the side.
fn totals_grid_ui(ui: &mut Ui, amounts: AmountFormat, view: &ActivityView) {
    let language = amounts.language;
    let colors = palette::of(ui);
    if ui.available_width() < TOTALS_TABLE_WIDTH {
        for (asset, totals) in &view.filtered.totals {
            ui.add_space(4.0);
            ui.strong(ticker_and_chain(asset));
            egui::Grid::new(("activity_totals_of", asset.as_str()))
                .num_columns(2)
                .spacing([24.0, 2.0])
                .show(ui, |ui| {
                    for (title, value, color) in [
                        ("activity.in", totals.money_in, Some(colors.success)),
                        ("activity.out", totals.money_out, Some(colors.error)),
                        ("activity.net", totals.net(), None),
                    ] {
                        ui.label(tr(language, title).as_ref());
                        let mut text =
                            RichText::new(compact_amount(amounts, value, asset)).monospace();
                        if let Some(color) = color.filter(|_| !value.is_zero()) {
                            text = text.color(color);
                        }
                        ui.label(text)
                            .on_hover_text(amounts.of_asset(value, Some(asset)).text());
                        ui.end_row();
                    }
                });
        }
        note_ui(ui, &tr(language, "activity.totals_note"));
        return;
    }
    egui::Grid::new("activity_totals")
        .num_columns(4)
        .spacing([24.0, 4.0])
        .striped(true)
        .show(ui, |ui| {
            ui.strong(tr(language, "activity.asset").as_ref());
            for title in ["activity.in", "activity.out", "activity.net"] {
                let height = ui.spacing().interact_size.y;
                ui.allocate_ui_with_layout(Vec2::new(TOTALS_WIDTH, height), right(), |ui| {
                    ui.strong(tr(language, title).as_ref());
                });
            }
            ui.end_row();
            for (asset, totals) in &view.filtered.totals {
                ui.monospace(ticker_and_chain(asset));
                let exact = |value: Decimal| amounts.of_asset(value, Some(asset)).text();
                for (value, color) in [
                    (totals.money_in, Some(colors.success)),
                    (totals.money_out, Some(colors.error)),
                    (totals.net(), None),
                ] {
                    let height = ui.spacing().interact_size.y;
                    ui.allocate_ui_with_layout(Vec2::new(TOTALS_WIDTH, height), right(), |ui| {
                        let mut text =
                            RichText::new(compact_amount(amounts, value, asset)).monospace();
                        if let Some(color) = color.filter(|_| !value.is_zero()) {
                            text = text.color(color);
                        }
                        ui.label(text).on_hover_text(exact(value));
                    });
                }
                ui.end_row();
            }
        });
    note_ui(ui, &tr(language, "activity.totals_note"));
}

fn leg_text(amounts: AmountFormat, legs: &[Option<Leg>; 2], direction: Direction) -> String {
    legs.iter()
        .flatten()
        .filter(|leg| leg.direction == direction)
        .map(|leg| compact_amount(amounts, leg.amount, &leg.asset))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A record's state in words: a payment (a withdrawal, a transfer) by how
/// far it has gone, as every front says it ("sent to the service (payment
/// pending)", "paid"); anything else by the service's state.
fn record_state_words(language: Language, kind: MovementKind, wire: &str) -> String {
    match kind {
        MovementKind::Withdrawal | MovementKind::Transfer => {
            stage_label(language, &PaymentStage::of_state(Some(wire)))
        }
        _ => state_label(language, kind.wire(), wire),
    }
}

/// [`record_state_words`] for the line's badge, which has a narrow column:
/// a payment's stage alone ("sent to the service"), the service's own
/// state left to the line's sentence and the record's panel.
fn record_state_badge(language: Language, kind: MovementKind, wire: &str) -> String {
    match kind {
        MovementKind::Withdrawal | MovementKind::Transfer => {
            tr(language, PaymentStage::of_state(Some(wire)).key()).into_owned()
        }
        _ => state_label(language, kind.wire(), wire),
    }
}

/// A movement as one sentence, for screen readers (and tests), in the
/// order of the columns: what, when and with whom, how much, its state.
pub fn movement_sentence(
    amounts: AmountFormat,
    moments: &MomentFormat,
    movement: &Movement,
    sources: &Sources,
) -> String {
    let language = amounts.language;
    let record = sources.record(movement.source());
    let kind = movement.kind();
    let legs = movement.leg_pair(sources);
    let mut parts = vec![kind_name(language, kind)];
    if let Some(at) = record.as_ref().and_then(Record::time) {
        parts.push(moments.text(at));
    }
    parts.push(description_on_screen(language, movement, record));
    for (direction, key) in [
        (Direction::In, "activity.in"),
        (Direction::Out, "activity.out"),
        (Direction::Within, "activity.within"),
    ] {
        let text = leg_text(amounts, &legs, direction);
        if !text.is_empty() {
            parts.push(format!("{} {text}", tr(language, key)));
        }
    }
    if let Some(wire) = record.as_ref().and_then(Record::state) {
        parts.push(record_state_words(language, kind, wire));
    }
    parts.join(", ")
}

/// How the extrato's lines are laid out for the width there is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LinesLayout {
    /// One line a movement: time, what, in, out, state, details.
    Wide,
    /// At 200 % or in a narrow window, two lines a movement with no
    /// sideways scrolling: the time; what it was with its state, over its
    /// counterparty; the amounts, signed, one above the other. The record's
    /// reference is in its own panel.
    Folded,
}

impl LinesLayout {
    fn for_width(width: f32) -> LinesLayout {
        if width >= WIDE_LINES_MIN_WIDTH {
            LinesLayout::Wide
        } else {
            LinesLayout::Folded
        }
    }

    fn line_height(self) -> f32 {
        match self {
            LinesLayout::Wide => LINE_HEIGHT,
            LinesLayout::Folded => FOLDED_LINE_HEIGHT,
        }
    }

    /// The columns' titles, and whether each is aligned right (amounts).
    fn titles(self) -> &'static [(&'static str, bool)] {
        match self {
            LinesLayout::Wide => &[
                ("activity.time", false),
                ("activity.movement", false),
                ("activity.in", true),
                ("activity.out", true),
                ("activity.state", false),
                ("activity.what", false),
            ],
            LinesLayout::Folded => &[
                ("activity.time", false),
                ("activity.movement", false),
                ("activity.amount", true),
            ],
        }
    }

    /// The columns of a line `rect` wide, left to right: the fixed ones
    /// keep their width and what the movement was takes the rest.
    #[expect(
        clippy::float_arithmetic,
        reason = "screen geometry in points, never money"
    )]
    fn columns(self, rect: egui::Rect) -> Vec<egui::Rect> {
        let inner = rect.shrink2(Vec2::new(8.0, 0.0));
        let fixed: &[Option<f32>] = match self {
            LinesLayout::Wide => &[
                Some(TIME_WIDTH),
                None,
                Some(AMOUNT_WIDTH),
                Some(AMOUNT_WIDTH),
                Some(STATE_WIDTH),
                Some(DETAILS_WIDTH),
            ],
            LinesLayout::Folded => &[Some(FOLDED_TIME_WIDTH), None, Some(FOLDED_AMOUNT_WIDTH)],
        };
        let gaps = COLUMN_GAP * (fixed.len().saturating_sub(1)) as f32;
        let taken: f32 = fixed.iter().flatten().sum::<f32>() + gaps;
        let what = (inner.width() - taken).max(60.0);
        let mut left = inner.left();
        fixed
            .iter()
            .map(|width| {
                let width = width.unwrap_or(what);
                let cell = egui::Rect::from_min_size(
                    egui::pos2(left, inner.top()),
                    Vec2::new(width, inner.height()),
                );
                left += width + COLUMN_GAP;
                cell
            })
            .collect()
    }
}

/// Draws `add` inside `cell`, clipped to it, laid out as `layout`.
fn cell_ui(ui: &mut Ui, cell: egui::Rect, layout: Layout, add: impl FnOnce(&mut Ui)) {
    let mut child = ui.new_child(UiBuilder::new().max_rect(cell).layout(layout));
    child.set_clip_rect(cell.intersect(ui.clip_rect()));
    add(&mut child);
}

fn left() -> Layout {
    Layout::left_to_right(Align::Center)
}

fn right() -> Layout {
    Layout::right_to_left(Align::Center)
}

/// Draws the lines in view; returns the record clicked.
fn lines_ui(
    ui: &mut Ui,
    amounts: AmountFormat,
    moments: &MomentFormat,
    view: &ActivityView,
) -> Option<(super::model::Source, uuid::Uuid, MovementKind)> {
    let language = amounts.language;
    let filtered = &view.filtered;
    let layout = LinesLayout::for_width(ui.available_width());
    let line_height = layout.line_height();
    let mut clicked = None;
    let (header, _) =
        ui.allocate_exact_size(Vec2::new(ui.available_width(), LINE_HEIGHT), Sense::hover());
    for (cell, (key, amounts_column)) in layout.columns(header).into_iter().zip(layout.titles()) {
        let align = if *amounts_column { right() } else { left() };
        cell_ui(ui, cell, align, |ui| {
            ui.label(RichText::new(tr(language, key).as_ref()).strong());
        });
    }
    ui.separator();
    egui::ScrollArea::vertical()
        .id_salt("activity_lines")
        .auto_shrink([false, false])
        .show_rows(ui, line_height, filtered.len(), |ui, range| {
            ui.style_mut().interaction.selectable_labels = false;
            ui.spacing_mut().item_spacing.y = 0.0;
            for line in range.filter_map(|position| filtered.line(position)) {
                match line {
                    Line::Day(day) => {
                        let title = day.map_or_else(
                            || tr(language, "activity.no_date").into_owned(),
                            |day| day_title(language, day),
                        );
                        let (rect, _) = ui.allocate_exact_size(
                            Vec2::new(ui.available_width(), line_height),
                            Sense::hover(),
                        );
                        cell_ui(ui, rect.shrink2(Vec2::new(4.0, 0.0)), left(), |ui| {
                            ui.add(
                                egui::Label::new(RichText::new(title).strong().size(15.0))
                                    .truncate(),
                            );
                        });
                    }
                    Line::Movement(position) => {
                        let Some(movement) = usize::try_from(position)
                            .ok()
                            .and_then(|position| view.timeline.get(position))
                        else {
                            continue;
                        };
                        let line = MovementLine {
                            amounts,
                            moments,
                            movement,
                            sources: &view.sources,
                        };
                        if line.ui(ui, layout)
                            && let Some(record) = view.sources.record(movement.source())
                        {
                            clicked = Some((movement.source(), record.id(), movement.kind()));
                        }
                    }
                }
            }
        });
    clicked
}

/// One movement's line, and how its texts are written.
struct MovementLine<'a> {
    amounts: AmountFormat,
    moments: &'a MomentFormat,
    movement: &'a Movement,
    sources: &'a Sources,
}

impl MovementLine<'_> {
    /// Draws the line, a button that opens its record; whether it was clicked.
    #[expect(
        clippy::float_arithmetic,
        reason = "screen geometry in points, never money"
    )]
    fn ui(&self, ui: &mut Ui, layout: LinesLayout) -> bool {
        let (rect, response) = ui.allocate_exact_size(
            Vec2::new(ui.available_width(), layout.line_height()),
            Sense::click(),
        );
        let sentence = movement_sentence(self.amounts, self.moments, self.movement, self.sources);
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &sentence));
        if !ui.is_rect_visible(rect) {
            return response.clicked();
        }
        let visuals = ui.visuals().clone();
        if response.hovered() || response.has_focus() {
            ui.painter()
                .rect_filled(rect, 3.0, visuals.widgets.hovered.weak_bg_fill);
        }
        if response.has_focus() {
            ui.painter().rect_stroke(
                rect,
                3.0,
                visuals.selection.stroke,
                egui::StrokeKind::Inside,
            );
        }
        let columns = layout.columns(rect);
        match (layout, columns.as_slice()) {
            (LinesLayout::Wide, [time, what, money_in, money_out, state, details]) => {
                cell_ui(ui, *time, left(), |ui| self.time_text_ui(ui));
                cell_ui(ui, *what, left(), |ui| {
                    ui.strong(self.kind_name());
                    ui.add(egui::Label::new(self.description()).truncate());
                });
                for (cell, direction) in [(money_in, Direction::In), (money_out, Direction::Out)] {
                    cell_ui(ui, *cell, right(), |ui| {
                        self.column_amount_ui(ui, direction)
                    });
                }
                cell_ui(ui, *state, left(), |ui| self.state_ui(ui));
                cell_ui(ui, *details, left(), |ui| self.reference_ui(ui));
            }
            (LinesLayout::Folded, [time, what, money]) => {
                // On the first line, level with what moved and its amount.
                let first_line = Layout::top_down(Align::Min);
                cell_ui(ui, *time, first_line, |ui| {
                    ui.horizontal(|ui| self.time_text_ui(ui));
                });
                cell_ui(ui, *what, Layout::top_down(Align::Min), |ui| {
                    // The badge beside what moved when both fit; else on the
                    // second line, before whom it paid, never cut.
                    let kind = self.kind_name();
                    let badge_fits = self.state_text().is_none_or(|state| {
                        text_width(ui, &kind, true)
                            + ui.spacing().item_spacing.x
                            + badge_width(ui, &state)
                            <= ui.available_width()
                    });
                    ui.horizontal(|ui| {
                        ui.strong(kind);
                        if badge_fits {
                            self.state_ui(ui);
                        }
                    });
                    ui.horizontal(|ui| {
                        if !badge_fits {
                            self.state_ui(ui);
                        }
                        ui.add(
                            egui::Label::new(RichText::new(self.description()).weak()).truncate(),
                        );
                    });
                });
                cell_ui(ui, *money, Layout::top_down(Align::Max), |ui| {
                    self.signed_amounts_ui(ui);
                });
            }
            _ => {}
        }
        response.clicked()
    }

    fn record(&self) -> Option<Record<'_>> {
        self.sources.record(self.movement.source())
    }

    fn kind_name(&self) -> String {
        kind_name(self.amounts.language, self.movement.kind())
    }

    fn description(&self) -> String {
        description_on_screen(self.amounts.language, self.movement, self.record())
    }

    fn time_text_ui(&self, ui: &mut Ui) {
        let time = self
            .record()
            .as_ref()
            .and_then(Record::time)
            .map_or_else(|| MISSING.to_owned(), |at| self.moments.time_of_day(at));
        ui.monospace(&time);
    }

    fn state_ui(&self, ui: &mut Ui) {
        if let Some(wire) = self.record().as_ref().and_then(Record::state) {
            badge_ui(
                ui,
                &record_state_badge(self.amounts.language, self.movement.kind(), wire),
                state_tone(wire),
            );
        }
    }

    /// The words of the line's badge, if the record has a state.
    fn state_text(&self) -> Option<String> {
        let wire = self.record().as_ref().and_then(Record::state)?.to_owned();
        Some(record_state_badge(
            self.amounts.language,
            self.movement.kind(),
            &wire,
        ))
    }

    /// The record's reference, short, whole on hover: ids come last.
    fn reference_ui(&self, ui: &mut Ui) {
        if let Some(record) = self.record() {
            let id = record.id();
            ui.label(
                RichText::new(crate::app::format::short_id(&id))
                    .monospace()
                    .weak(),
            )
            .on_hover_text(id.to_string());
        }
    }

    /// The amount of the wide line's column `direction` (what moved between
    /// own wallets goes in the out column, in the text's own colour).
    fn column_amount_ui(&self, ui: &mut Ui, direction: Direction) {
        let colors = palette::of(ui);
        let legs = self.movement.leg_pair(self.sources);
        let mut text = leg_text(self.amounts, &legs, direction);
        let mut color = Some(match direction {
            Direction::In => colors.success,
            _ => colors.error,
        });
        if direction == Direction::Out && text.is_empty() {
            text = leg_text(self.amounts, &legs, Direction::Within);
            color = None;
        }
        self.amount_label_ui(ui, text, color);
    }

    /// The folded line's amounts, one above the other: what came in with a
    /// plus, what went out with a minus, what moved between own wallets as
    /// it is.
    fn signed_amounts_ui(&self, ui: &mut Ui) {
        let colors = palette::of(ui);
        let hidden = self.amounts.hidden;
        for leg in self.movement.leg_pair(self.sources).iter().flatten() {
            let (value, sign, color) = match leg.direction {
                Direction::In => (
                    leg.amount,
                    if hidden { "" } else { "+" },
                    Some(colors.success),
                ),
                Direction::Out => (-leg.amount, "", Some(colors.error)),
                Direction::Within => (leg.amount, "", None),
            };
            let text = format!("{sign}{}", compact_amount(self.amounts, value, &leg.asset));
            self.amount_label_ui(ui, text, color);
        }
    }

    fn amount_label_ui(&self, ui: &mut Ui, text: String, color: Option<egui::Color32>) {
        let mut rich = RichText::new(text).monospace();
        if !self.movement.counts() {
            rich = rich.strikethrough().weak();
        } else if let Some(color) = color {
            rich = rich.color(color);
        }
        ui.label(rich);
    }
}
