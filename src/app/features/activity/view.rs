//! The extrato, list-first: filters as chips (range, kind) with the asset
//! and the text, the period's result per asset in one line (in and out one
//! click away), and the movements by day, newest first, in the rest.
//! Only the lines in view are laid out (`show_rows`), so a million records
//! scroll as smoothly as ten; a click (or Enter on a focused row) opens the
//! record in its own panel.

use brlv_core::api::model::Asset;
use egui::{Align, Layout, RichText, Sense, Ui, UiBuilder, Vec2};
use rust_decimal::Decimal;
use strum::IntoEnumIterator;

use crate::app::dialog::DialogPurpose;
use crate::app::export::ExtratoFormat;
use crate::app::format::{AmountFormat, MISSING, MomentFormat, state_label};
use crate::app::i18n::{Language, tr, tr_with};
use crate::app::message::Command;
use crate::app::panel::{Ask, Outbox, Panel, PanelContext};
use crate::app::remote::Remote;
use crate::app::ui::arrange::{Asked, set_asked};
use crate::app::ui::context::dialog_status;
use crate::app::ui::fields::FieldMessage;
use crate::app::ui::{
    SaveBarKeys, SaveChoice, badge_ui, field_message_ui, note_ui, option_filter_ui, palette,
    save_bar_ui, save_result_ui, state_tone, typed_paths_shown,
};

use super::export::{ExtratoFileRequest, ExtratoSnapshot, KnownBalance};
use super::model::{Direction, Leg, Line, Movement, Sources};
use super::state::{ActivityState, ActivityTold, ActivityView, Extent, RangeError, RangePreset};
use super::words::{
    compact_amount, day_text, day_title, description_on_screen, kind_name, ticker_and_chain,
};
use crate::app::movement::{MovementKind, Record};

/// Height of one line of the extrato.
const LINE_HEIGHT: f32 = 26.0;
/// Width of the time column.
const TIME_WIDTH: f32 = 84.0;
/// Width of the kind column.
const KIND_WIDTH: f32 = 120.0;
/// Width of the state column.
const STATE_WIDTH: f32 = 170.0;
/// Width of each amount column.
const AMOUNT_WIDTH: f32 = 190.0;

impl Panel for ActivityState {
    type Event = ActivityTold;

    fn ui(&mut self, ui: &mut Ui, cx: &PanelContext<'_>, out: &mut Outbox) {
        activity_ui(ui, self, cx, out);
    }

    fn apply(&mut self, event: ActivityTold) -> Vec<Command> {
        match event {
            ActivityTold::DialogClosed => self.pending_export = None,
            ActivityTold::FileChosen(format, path) => {
                // Written from what was shown when the save was asked for.
                let Some(snapshot) = self.pending_export.take() else {
                    return Vec::new();
                };
                self.export.path = path.display().to_string();
                if let Some(path) = self.export.start() {
                    return vec![Command::ExportExtrato(ExtratoFileRequest {
                        path,
                        format,
                        snapshot,
                    })];
                }
            }
        }
        Vec::new()
    }
}

/// The balances the service reported, each with when it was true: a saved
/// copy's time, else when it arrived.
fn known_balances(cx: &PanelContext<'_>) -> Vec<KnownBalance> {
    let data = cx.data;
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
pub fn extrato_snapshot(cx: &PanelContext<'_>, view: &ActivityView) -> ExtratoSnapshot {
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
fn activity_ui(ui: &mut Ui, activity: &mut ActivityState, cx: &PanelContext<'_>, out: &mut Outbox) {
    let view = activity.view(
        ui.ctx(),
        cx.data,
        &cx.data.claims_made,
        cx.wall_now,
        cx.zone,
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
    filters_ui(ui, activity, cx, &view);
    ui.add_space(4.0);
    if view.busy {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(cx.t("activity.computing").as_ref());
        });
    }
    totals_ui(ui, cx.amounts(), &view);
    ui.add_space(4.0);
    if lists_missing {
        ui.horizontal(|ui| {
            ui.spinner();
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
    cx: &PanelContext<'_>,
    out: &mut Outbox,
    view: &ActivityView,
) {
    let busy = activity.export.writing || dialog_status(ui).open;
    if busy {
        ui.spinner();
    }
    let mut chosen = None;
    ui.add_enabled_ui(!busy, |ui| {
        ui.menu_button(cx.t("activity.export_menu").as_ref(), |ui| {
            for (format, key) in [
                (ExtratoFormat::Ofx, "activity.export_ofx"),
                (ExtratoFormat::Csv, "activity.export_csv"),
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

/// "Export OFX…" and "Export CSV…": the extrato as shown, to the file
/// chosen in the system's dialog or to a typed path.
fn export_ui(
    ui: &mut Ui,
    activity: &mut ActivityState,
    cx: &PanelContext<'_>,
    out: &mut Outbox,
    view: &ActivityView,
) {
    let language = cx.language;
    let (ofx, ofx_typed) = (cx.t("activity.export_ofx"), cx.t("activity.save_ofx"));
    let (csv, csv_typed) = (cx.t("activity.export_csv"), cx.t("activity.save_csv"));
    let choices = [
        SaveChoice {
            dialog: ofx.as_ref(),
            typed: ofx_typed.as_ref(),
        },
        SaveChoice {
            dialog: csv.as_ref(),
            typed: csv_typed.as_ref(),
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
        Some(_) => ExtratoFormat::Csv,
        None => return,
    };
    let snapshot = extrato_snapshot(cx, view);
    export_extrato(activity, out, format, snapshot);
}

fn filters_ui(
    ui: &mut Ui,
    activity: &mut ActivityState,
    cx: &PanelContext<'_>,
    view: &ActivityView,
) {
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

/// What came in, went out and the result, per asset.
fn totals_grid_ui(ui: &mut Ui, amounts: AmountFormat, view: &ActivityView) {
    let language = amounts.language;
    let colors = palette::of(ui);
    egui::Grid::new("activity_totals")
        .num_columns(4)
        .spacing([24.0, 4.0])
        .striped(true)
        .show(ui, |ui| {
            ui.strong(tr(language, "activity.asset").as_ref());
            for title in ["activity.in", "activity.out", "activity.net"] {
                let height = ui.spacing().interact_size.y;
                ui.allocate_ui_with_layout(Vec2::new(AMOUNT_WIDTH, height), right(), |ui| {
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
                    ui.allocate_ui_with_layout(Vec2::new(AMOUNT_WIDTH, height), right(), |ui| {
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

/// A movement as one sentence, for screen readers (and tests).
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
    if let Some(wire) = record.as_ref().and_then(Record::state) {
        parts.push(state_label(language, kind.wire(), wire));
    }
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
    parts.join(", ")
}

/// The six columns of a line `rect` wide: time, kind, state, details, in, out.
#[expect(
    clippy::float_arithmetic,
    reason = "screen geometry in points, never money"
)]
fn columns(rect: egui::Rect) -> [egui::Rect; 6] {
    let gap = 10.0;
    let inner = rect.shrink2(Vec2::new(8.0, 0.0));
    let fixed = TIME_WIDTH + KIND_WIDTH + STATE_WIDTH + 2.0 * AMOUNT_WIDTH + 5.0 * gap;
    let details = (inner.width() - fixed).max(80.0);
    let widths = [
        TIME_WIDTH,
        KIND_WIDTH,
        STATE_WIDTH,
        details,
        AMOUNT_WIDTH,
        AMOUNT_WIDTH,
    ];
    let mut left = inner.left();
    widths.map(|width| {
        let cell = egui::Rect::from_min_size(
            egui::pos2(left, inner.top()),
            Vec2::new(width, inner.height()),
        );
        left += width + gap;
        cell
    })
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
    let mut clicked = None;
    let (header, _) =
        ui.allocate_exact_size(Vec2::new(ui.available_width(), LINE_HEIGHT), Sense::hover());
    let titles = [
        "activity.time",
        "activity.kind",
        "activity.state",
        "activity.what",
        "activity.in",
        "activity.out",
    ];
    for (index, (cell, key)) in columns(header).into_iter().zip(titles).enumerate() {
        let layout = if index >= 4 { right() } else { left() };
        cell_ui(ui, cell, layout, |ui| {
            ui.label(RichText::new(tr(language, key).as_ref()).strong());
        });
    }
    ui.separator();
    egui::ScrollArea::vertical()
        .id_salt("activity_lines")
        .auto_shrink([false, false])
        .show_rows(ui, LINE_HEIGHT, filtered.len(), |ui, range| {
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
                            Vec2::new(ui.available_width(), LINE_HEIGHT),
                            Sense::hover(),
                        );
                        cell_ui(ui, rect.shrink2(Vec2::new(4.0, 0.0)), left(), |ui| {
                            ui.label(RichText::new(title).strong().size(15.0));
                        });
                    }
                    Line::Movement(position) => {
                        let Some(movement) = usize::try_from(position)
                            .ok()
                            .and_then(|position| view.timeline.get(position))
                        else {
                            continue;
                        };
                        if movement_line_ui(ui, amounts, moments, movement, &view.sources)
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

/// One movement's line, a button that opens its record; whether it was clicked.
fn movement_line_ui(
    ui: &mut Ui,
    amounts: AmountFormat,
    moments: &MomentFormat,
    movement: &Movement,
    sources: &Sources,
) -> bool {
    let language = amounts.language;
    let (rect, response) =
        ui.allocate_exact_size(Vec2::new(ui.available_width(), LINE_HEIGHT), Sense::click());
    let sentence = movement_sentence(amounts, moments, movement, sources);
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
    let record = sources.record(movement.source());
    let kind = movement.kind();
    let legs = movement.leg_pair(sources);
    let colors = palette::of(ui);
    let time = record
        .as_ref()
        .and_then(Record::time)
        .map_or_else(|| MISSING.to_owned(), |at| moments.time_of_day(at));
    let [
        time_cell,
        kind_cell,
        state_cell,
        details_cell,
        in_cell,
        out_cell,
    ] = columns(rect);
    cell_ui(ui, time_cell, left(), |ui| {
        ui.monospace(&time);
    });
    cell_ui(ui, kind_cell, left(), |ui| {
        ui.label(kind_name(language, kind));
    });
    cell_ui(ui, state_cell, left(), |ui| {
        if let Some(wire) = record.as_ref().and_then(Record::state) {
            badge_ui(
                ui,
                &state_label(language, kind.wire(), wire),
                state_tone(wire),
            );
        }
    });
    cell_ui(ui, details_cell, left(), |ui| {
        ui.add(egui::Label::new(description_on_screen(language, movement, record)).truncate());
    });
    for (cell, direction, color) in [
        (in_cell, Direction::In, colors.success),
        (out_cell, Direction::Out, colors.error),
    ] {
        let mut text = leg_text(amounts, &legs, direction);
        let mut color = Some(color);
        if direction == Direction::Out && text.is_empty() {
            // Moved between own wallets: shown, in the text's own color.
            text = leg_text(amounts, &legs, Direction::Within);
            color = None;
        }
        cell_ui(ui, cell, right(), |ui| {
            let mut rich = RichText::new(text).monospace();
            if !movement.counts() {
                rich = rich.strikethrough().weak();
            } else if let Some(color) = color {
                rich = rich.color(color);
            }
            ui.label(rich);
        });
    }
    response.clicked()
}
