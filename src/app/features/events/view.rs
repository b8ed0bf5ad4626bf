//! The Events panel: the webhook listener (off by default, on and wired to
//! the embedded sandbox under `--sandbox`) and the events it received,
//! newest first, each with its raw JSON.

use crate::app::ui::spinner_ui;
use std::sync::Arc;

use egui::{Id, RichText, Sense, Ui};
use egui_extras::{Column, TableBuilder};

use crate::app::format::{HIDDEN_DIGITS, short_id};
use crate::app::message::{Command, Notice, NoticeDetail, NoticeKind};
use crate::app::panel::{Ask, Outbox, Panel, Shared};
use crate::app::session::ProfileKind;
use crate::app::ui::arrange::{
    Arranged, Arrangement, SortKey, arranged, search_field_ui, sort_header_ui,
};
use crate::app::ui::order_badge::{order_state_label, order_state_tone};
use crate::app::ui::table::row_info;
use crate::app::ui::{Cell, Tone, badge_ui};

use super::message::{EventsCommand, EventsEvent};
use super::state::{EventsState, ListenerStatus, ReceivedEvent, listen_error_text};

/// Height of one table row.
const ROW_HEIGHT: f32 = 26.0;

impl Panel for EventsState {
    type Event = EventsEvent;

    fn ui(&mut self, ui: &mut Ui, cx: &Shared, out: &mut Outbox) {
        events_ui(ui, self, cx, out);
    }

    fn apply(&mut self, event: EventsEvent, cx: &Shared, out: &mut Outbox) {
        match event {
            EventsEvent::Listening(url) => {
                // The port actually bound (a free one under --sandbox).
                if let Some(port) = url::Url::parse(&url).ok().and_then(|url| url.port()) {
                    self.port = port.to_string();
                }
                self.status = ListenerStatus::Listening(url);
            }
            EventsEvent::ListenFailed(error) => {
                self.status = ListenerStatus::Failed(listen_error_text(cx.language, &error));
            }
            EventsEvent::ListenerStopped => self.status = ListenerStatus::Off,
            EventsEvent::Received { at, event } => {
                // A refund initiated is news above the view too.
                if event.is_refund_initiated() {
                    let id = event
                        .order
                        .as_ref()
                        .map(|order| short_id(&order.id))
                        .unwrap_or_default();
                    out.ask(Ask::Notice(Notice {
                        kind: NoticeKind::RefundInitiated(id),
                        detail: NoticeDetail::None,
                    }));
                }
                let received = ReceivedEvent {
                    received_at: at,
                    event: *event,
                };
                Arc::make_mut(&mut self.received).insert(0, received);
                // The open event stays open: it moved down by one.
                if let Some(selected) = self.selected.as_mut() {
                    *selected += 1;
                }
            }
        }
    }

    fn close_one(&mut self, _cx: &Shared, _out: &mut Outbox) -> bool {
        self.selected.take().is_some()
    }
}

/// Draws the Events panel.
fn events_ui(ui: &mut Ui, events: &mut EventsState, cx: &Shared, out: &mut Outbox) {
    if let Some(index) = events.selected {
        // The list shared, not the event copied: the panel's own state
        // stays free to change while the event is drawn.
        let received = Arc::clone(&events.received);
        match received.get(index) {
            Some(received) => {
                egui::ScrollArea::vertical()
                    .id_salt("event_detail")
                    .show(ui, |ui| event_detail_ui(ui, events, cx, out, received));
                return;
            }
            None => events.selected = None,
        }
    }
    ui.heading(cx.t("nav.events").as_ref());
    ui.add_space(6.0);
    ui.label(cx.t("events.intro").as_ref());
    ui.add_space(6.0);
    listener_ui(ui, events, cx, out);
    ui.add_space(10.0);
    if events.received.is_empty() {
        ui.weak(cx.t("events.none").as_ref());
        return;
    }
    let received = Arc::clone(&events.received);
    let table = Id::unique(TABLE_ID);
    let arranged = arranged(ui, table, &received, &EVENT_ARRANGEMENT);
    search_field_ui(ui, table, "list.search_hint", arranged.busy);
    if arranged.len() != received.len() {
        ui.label(cx.t_with(
            "list.count_of",
            &[
                ("shown", &arranged.len().to_string()),
                ("n", &received.len().to_string()),
            ],
        ));
    }
    if let Some(clicked) = events_table_ui(ui, cx, &arranged) {
        events.selected = events
            .received
            .iter()
            .position(|received| *received == clicked);
    }
}

/// The events table's id, for its sort and search.
const TABLE_ID: &str = "events_table";

/// How events sort by each column and what a search looks through.
pub static EVENT_ARRANGEMENT: Arrangement<ReceivedEvent> = Arrangement {
    sort_key: |received, column| {
        let order = received.event.order.as_ref();
        match column {
            0 => SortKey::time(Some(received.received_at)),
            1 => SortKey::text(received.event.kind.as_deref()),
            2 => order.map_or(SortKey::Missing, |order| SortKey::Id(order.id.as_u128())),
            _ => SortKey::text(order.and_then(|o| o.state.as_ref()).map(|s| s.as_str())),
        }
    },
    search_text: |received, text| {
        let event = &received.event;
        text.word(event.id.as_deref());
        text.word(event.kind.as_deref());
        if let Some(order) = &event.order {
            text.word(order.state.as_ref().map(|state| state.as_str()));
            text.id(Some(order.id));
        }
    },
};

/// The on/off switch, the port and what the listener is doing.
fn listener_ui(ui: &mut Ui, events: &mut EventsState, cx: &Shared, out: &mut Outbox) {
    let port_valid = events.port().is_some();
    ui.horizontal(|ui| {
        let mut on = events.is_on();
        let toggle = ui.checkbox(&mut on, cx.t("events.listen").as_ref());
        let label = ui.label(cx.t("events.port").as_ref());
        ui.add_enabled(
            !events.is_on(),
            egui::TextEdit::singleline(&mut events.port).desired_width(70.0),
        )
        .labelled_by(label.id);
        if toggle.changed() {
            match (on, events.port()) {
                (true, Some(port)) => {
                    events.status = ListenerStatus::Starting;
                    out.command(Command::Events(EventsCommand::StartListener(port)));
                }
                (true, None) => {}
                (false, _) => {
                    events.status = ListenerStatus::Off;
                    out.command(Command::Events(EventsCommand::StopListener));
                }
            }
        }
        if !port_valid {
            ui.colored_label(
                ui.visuals().error_fg_color,
                cx.t("events.port_invalid").as_ref(),
            );
        }
    });
    match &events.status {
        ListenerStatus::Off => {
            ui.weak(cx.t("events.off").as_ref());
        }
        ListenerStatus::Starting => {
            ui.horizontal(|ui| {
                spinner_ui(ui);
                ui.label(cx.t("events.starting").as_ref());
            });
        }
        ListenerStatus::Listening(url) => {
            let key = if cx.sandbox() {
                "events.listening_sandbox"
            } else {
                "events.listening"
            };
            ui.label(cx.t_with(key, &[("url", url)]));
        }
        ListenerStatus::Failed(reason) => {
            ui.colored_label(
                ui.visuals().error_fg_color,
                cx.t_with("events.listen_failed", &[("reason", reason)]),
            );
        }
    }
}

/// The events, newest first unless sorted; returns the one clicked.
fn events_table_ui(
    ui: &mut Ui,
    cx: &Shared,
    events: &Arranged<ReceivedEvent>,
) -> Option<ReceivedEvent> {
    let mut clicked = None;
    // Selectable text would take a click on a cell's text for itself, so the
    // row would not open; the table's own text is not for selecting.
    let selectable_before = ui.style().interaction.selectable_labels;
    ui.style_mut().interaction.selectable_labels = false;
    let language = cx.language;
    let moments = cx.moments();
    let headers = [
        "events.col_received",
        "events.col_type",
        "events.col_order",
        "events.col_state",
    ];
    TableBuilder::new(ui)
        .id_salt("events_table")
        .striped(true)
        .sense(Sense::click())
        .max_scroll_height(f32::INFINITY)
        .column(Column::auto().at_least(170.0))
        .column(Column::auto().at_least(200.0))
        .column(Column::auto().at_least(100.0))
        .column(Column::remainder().at_least(120.0))
        .header(ROW_HEIGHT, |mut header| {
            for (column, key) in headers.into_iter().enumerate() {
                header.col(|ui| {
                    sort_header_ui(ui, Id::unique(TABLE_ID), column, cx.t(key).as_ref());
                });
            }
        })
        .body(|body| {
            body.rows(ROW_HEIGHT, events.len(), |mut row| {
                let Some(received) = events.get(row.index()) else {
                    return;
                };
                let event = &received.event;
                row.col(|ui| {
                    ui.label(moments.text(received.received_at));
                });
                row.col(|ui| {
                    let kind = event.kind.as_deref().unwrap_or("-");
                    let tone = if event.is_refund_initiated() {
                        Tone::Warning
                    } else {
                        Tone::Info
                    };
                    badge_ui(ui, kind, tone);
                });
                row.col(|ui| {
                    let order = event.order.as_ref().map(|order| short_id(&order.id));
                    if ui
                        .link(RichText::new(order.unwrap_or_else(|| "-".to_owned())).monospace())
                        .clicked()
                    {
                        clicked = Some(received.clone());
                    }
                });
                row.col(|ui| {
                    if let Some(order_state) = event.order.as_ref().and_then(|o| o.state.as_ref()) {
                        badge_ui(
                            ui,
                            &order_state_label(language, order_state),
                            order_state_tone(order_state),
                        );
                    }
                });
                let response = row.response();
                // The row as one sentence for screen readers.
                response.widget_info(|| {
                    let cells = [
                        moments.text(received.received_at),
                        event.kind.clone().unwrap_or_else(|| "-".to_owned()),
                        event
                            .order
                            .as_ref()
                            .map_or_else(|| "-".to_owned(), |order| short_id(&order.id)),
                        event
                            .order
                            .as_ref()
                            .and_then(|o| o.state.as_ref())
                            .map(|s| order_state_label(language, s))
                            .unwrap_or_default(),
                    ]
                    .map(Cell::Text);
                    row_info(language, &headers, &cells)
                });
                if response.clicked() {
                    clicked = Some(received.clone());
                }
            });
        });
    ui.style_mut().interaction.selectable_labels = selectable_before;
    clicked
}

/// One event: what it means, its fields and the raw JSON as received.
fn event_detail_ui(
    ui: &mut Ui,
    events: &mut EventsState,
    cx: &Shared,
    out: &mut Outbox,
    received: &ReceivedEvent,
) {
    if ui.button(cx.t("events.back").as_ref()).clicked() {
        events.selected = None;
        return;
    }
    let event = &received.event;
    ui.heading(event.kind.as_deref().unwrap_or("-"));
    ui.add_space(6.0);
    if event.is_refund_initiated() {
        ui.label(RichText::new(cx.t("events.refund_explained").as_ref()).strong());
        ui.add_space(6.0);
    }
    egui::Grid::new("event_fields")
        .num_columns(2)
        .spacing([16.0, 6.0])
        .show(ui, |ui| {
            let text = |value: Option<String>| value.unwrap_or_else(|| "-".to_owned());
            let moments = cx.moments();
            ui.strong(cx.t("events.field_id").as_ref());
            ui.monospace(text(event.id.clone()));
            ui.end_row();
            ui.strong(cx.t("events.field_created_at").as_ref());
            ui.monospace(moments.exact_or_missing(event.created_at));
            ui.end_row();
            ui.strong(cx.t("events.col_received").as_ref());
            ui.monospace(moments.exact(received.received_at));
            ui.end_row();
            ui.strong(cx.t("events.col_order").as_ref());
            ui.monospace(text(event.order.as_ref().map(|order| order.id.to_string())));
            ui.end_row();
        });
    if let Some(order) = &event.order
        && ui.button(cx.t("events.open_order").as_ref()).clicked()
    {
        events.selected = None;
        out.ask(Ask::OpenOrder(order.id));
    }
    ui.add_space(8.0);
    ui.strong(cx.t("events.raw").as_ref());
    let mut raw = event.raw.clone();
    if cx.hide_amounts {
        mask_amounts(&mut raw);
    }
    let raw = serde_json::to_string_pretty(&raw).unwrap_or_else(|_| raw.to_string());
    ui.add(
        egui::Label::new(RichText::new(raw).monospace())
            .selectable(true)
            .wrap(),
    );
}

/// Replaces every amount of an event's JSON (a key naming an amount, a
/// rate or a fee, and a brcode, which carries its amount) by
/// [`HIDDEN_DIGITS`], for when the person hides amounts.
pub fn mask_amounts(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(fields) => {
            for (key, field) in fields.iter_mut() {
                let key = key.to_ascii_lowercase();
                let is_amount = ["amount", "rate", "fee", "brcode", "balance", "total"]
                    .iter()
                    .any(|word| key.contains(word));
                if is_amount && !field.is_object() && !field.is_array() && !field.is_null() {
                    *field = serde_json::Value::String(HIDDEN_DIGITS.to_owned());
                } else {
                    mask_amounts(field);
                }
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(mask_amounts),
        _ => {}
    }
}

/// Settings' webhook part: the address the service posts events to (the
/// loopback listener's URL, its path holding the profile's secret), with
/// Copy, and whether that secret is kept for the profile.
/// The listener's address while it runs, with Copy and what is kept of
/// it; while it does not, where to start it.
pub fn webhook_address_ui(ui: &mut Ui, cx: &Shared, status: &ListenerStatus) {
    ui.add_space(12.0);
    ui.label(RichText::new(cx.t("settings.webhook_title").as_ref()).strong());
    let ListenerStatus::Listening(url) = status else {
        ui.label(RichText::new(cx.t("settings.webhook_off").as_ref()).weak());
        return;
    };
    ui.horizontal(|ui| {
        ui.label(RichText::new(url).monospace());
        if ui.button(cx.t("settings.webhook_copy").as_ref()).clicked() {
            ui.ctx().copy_text(url.clone());
        }
    });
    let kept = cx
        .session
        .as_ref()
        .is_some_and(|session| session.kind == ProfileKind::Saved);
    let hint = if kept {
        "settings.webhook_kept"
    } else {
        "settings.webhook_this_run"
    };
    ui.add(egui::Label::new(RichText::new(cx.t(hint).as_ref()).weak()).wrap());
}
