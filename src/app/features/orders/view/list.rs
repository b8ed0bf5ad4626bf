//! The orders list: newest first, virtualized rows (only the visible ones are
//! laid out, so 10,000 orders scroll smoothly), a state badge, amounts at
//! their scales, the countdown of orders awaiting payment; CSV export.

use crate::app::ui::spinner_ui;
use std::sync::Arc;

use egui::{Id, RichText, Sense, Ui};
use egui_extras::{Column, TableBuilder};
use uuid::Uuid;

use crate::app::error_text::Localize;
use crate::app::export::ExportRecords;
use crate::app::features::orders::state::OrdersState;
use crate::app::format::{MISSING, short_id};
use crate::app::movement::Record;
use crate::app::panel::record_panel::export_records;
use crate::app::panel::{Outbox, Shared};
use crate::app::ui::amount::amount_cell_ui;
use crate::app::ui::arrange::{
    Arranged, Arrangement, Newer, SortKey, arranged_with_newer, search_field_ui, sort_header_ui,
};
use crate::app::ui::countdown::countdown_words;
use crate::app::ui::table::{amount_column_id, copy_menu_ui, header_cell_ui, row_copies, row_info};
use crate::app::ui::{Cell, badge_ui, export_bar_ui, request_countdown_frame, saved_copy_ui};
use brlv_core::api::model::{Order, OrderState};

use crate::app::ui::order_badge::{order_state_label, order_state_tone, seconds_to_pay};

/// Height of one table row.
const ROW_HEIGHT: f32 = 26.0;

/// Draws the toolbar and the table.
pub fn orders_list_ui(ui: &mut Ui, panel: &mut OrdersState, cx: &Shared, out: &mut Outbox) {
    ui.horizontal(|ui| {
        ui.heading(cx.t("nav.orders").as_ref());
        ui.add_space(16.0);
        if ui.button(cx.t("orders.new_order").as_ref()).clicked() {
            panel.form.open = true;
        }
    });
    ui.add_space(6.0);
    export_ui(ui, panel, cx, out);
    let found_after_restart = &panel.found_after_restart;
    ui.add_space(6.0);
    let Some(orders) = cx.data.orders.value() else {
        ui.horizontal(|ui| {
            if cx.data.orders.is_loading() {
                spinner_ui(ui);
            }
            ui.label(cx.t("orders.loading").as_ref());
        });
        if let Some(error) = cx.data.orders.error() {
            ui.colored_label(ui.visuals().error_fg_color, error.localize(cx.language));
        }
        return;
    };
    if orders.is_empty() {
        ui.weak(cx.t("orders.none").as_ref());
        return;
    }
    saved_copy_ui(ui, cx.language, &cx.data.orders);
    let saved_copy = cx
        .data
        .orders
        .loaded()
        .is_some_and(|loaded| loaded.is_saved_copy());
    if saved_copy && let Some(error) = cx.data.orders.error() {
        ui.colored_label(ui.visuals().error_fg_color, error.localize(cx.language));
    }
    let orders = Arc::clone(orders);
    let table = Id::unique(TABLE_ID);
    let newer = Newer::new(Arc::clone(&cx.data.orders_read_alone), |order| order.id);
    let arranged = arranged_with_newer(ui, table, &orders, Some(&newer), &ORDER_ARRANGEMENT);
    search_field_ui(ui, table, "orders.search_hint", arranged.busy);
    if arranged.len() == orders.len() {
        ui.label(cx.t_with("orders.count", &[("n", &orders.len().to_string())]));
    } else {
        ui.label(cx.t_with(
            "list.count_of",
            &[
                ("shown", &arranged.len().to_string()),
                ("n", &arranged.rows.len().to_string()),
            ],
        ));
    }
    if let Some(id) = orders_table_ui(ui, cx, &arranged, found_after_restart) {
        panel.select(Some(id), out);
    }
}

/// The orders table's id, for its sort and search.
const TABLE_ID: &str = "orders_table";

/// How orders sort by each column and what a search looks through.
pub static ORDER_ARRANGEMENT: Arrangement<Order> = Arrangement {
    sort_key: order_sort_key,
    search_text: |order, text| Record::Order(order).search_pieces(text),
};

fn order_sort_key(order: &Order, column: usize) -> SortKey {
    let asset = |asset: Option<&brlv_core::api::model::Asset>| {
        SortKey::text(asset.map(|asset| asset.as_str()))
    };
    // The columns: when, what, how much, then the state, the time left to
    // pay, and the id last.
    match column {
        0 => SortKey::time(order.created_at()),
        1 => asset(order.source_asset.as_ref()),
        2 => SortKey::amount(order.source_amount()),
        3 => SortKey::amount(order.target_amount()),
        4 => SortKey::text(order.state.as_ref().map(|state| state.as_str())),
        5 => SortKey::time(order.expiration()),
        _ => SortKey::Id(order.id.as_u128()),
    }
}

/// The path field and the Save button of the CSV export, as every list has.
fn export_ui(ui: &mut Ui, orders: &mut OrdersState, cx: &Shared, out: &mut Outbox) {
    if export_bar_ui(ui, cx.language, &mut orders.export)
        && let Some(rows) = cx.data.orders.value()
    {
        export_records(
            &mut orders.export,
            ExportRecords::Orders(rows.to_vec()),
            out,
        );
    }
}

/// The orders' table; `found_after_restart`: the rows an earlier run sent
/// and never heard back about, marked so.
fn orders_table_ui(
    ui: &mut Ui,
    cx: &Shared,
    orders: &Arranged<Order>,
    found_after_restart: &std::collections::BTreeSet<Uuid>,
) -> Option<Uuid> {
    let mut clicked = None;
    let found_mark = cx.t("settle.row_mark");
    // Selectable text would take a click on a cell's text for itself, so the
    // row would not open; the table's own text is not for selecting.
    let selectable_before = ui.style().interaction.selectable_labels;
    ui.style_mut().interaction.selectable_labels = false;
    let language = cx.language;
    let moments = cx.moments();
    let amounts = cx.amounts();
    let amount_cell = |value: Option<rust_decimal::Decimal>, asset| {
        value.map_or_else(
            || Cell::Text(MISSING.to_owned()),
            |value| Cell::Amount(amounts.listed(value, asset)),
        )
    };
    let mut ticking: Option<time::Duration> = None;
    let layout = OrdersLayout::for_width(ui.available_width());
    // When, what and how much fit the view first: the amount columns share
    // what the date and the pair leave; state, time to pay and id come after.
    #[expect(
        clippy::float_arithmetic,
        reason = "screen geometry in points, never money"
    )]
    let amount_width = ((ui.available_width() - 210.0) / 2.0).clamp(110.0, 170.0);
    // Only a window narrower than even the folded columns scrolls sideways,
    // instead of running past the window's edge.
    egui::ScrollArea::horizontal()
        .id_salt("orders_table_sideways")
        .show(ui, |ui| {
            let mut builder = TableBuilder::new(ui)
                .id_salt(("orders_table", layout))
                .striped(true)
                .sense(Sense::click())
                .max_scroll_height(f32::INFINITY)
                .resizable(true);
            builder = match layout {
                // Every column can be widened; together they fit a 1280-point
                // window beside the navigation, amounts compact (exact on hover).
                OrdersLayout::Wide => builder
                    .column(Column::auto().at_least(120.0))
                    .column(Column::auto().at_least(80.0).clip(true))
                    .column(Column::initial(amount_width).at_least(90.0).clip(true))
                    .column(Column::initial(amount_width).at_least(90.0).clip(true))
                    .column(Column::auto().at_least(100.0))
                    .column(Column::auto().at_least(60.0))
                    .column(Column::remainder().at_least(80.0)),
                // Two lines a row: the day over the time, what is paid over
                // what is received (their tickers name the pair), the state
                // over the time left to pay; the pair, the countdown's own
                // column and the id are in the order's details.
                OrdersLayout::Folded => builder
                    .column(Column::auto().at_least(70.0))
                    .column(Column::auto().at_least(100.0).clip(true))
                    .column(Column::remainder().at_least(60.0).clip(true)),
            };
            let row_height = match layout {
                OrdersLayout::Wide => ROW_HEIGHT,
                OrdersLayout::Folded => FOLDED_ROW_HEIGHT,
            };
            builder
                .header(ROW_HEIGHT, |mut header| {
                    for (column, key) in layout.headers() {
                        header.col(|ui| {
                            header_cell_ui(ui, matches!(column, 2 | 3), |ui| {
                                sort_header_ui(
                                    ui,
                                    Id::unique(TABLE_ID),
                                    column,
                                    cx.t(key).as_ref(),
                                );
                            });
                        });
                    }
                })
                .body(|body| {
                    body.rows(row_height, orders.len(), |mut row| {
                        let Some(order) = orders.get(row.index()) else {
                            return;
                        };
                        let order = cx.data.latest_order(order);
                        let short = short_id(&order.id);
                        let source =
                            amount_cell(order.source_amount(), order.source_asset.as_ref());
                        let target =
                            amount_cell(order.target_amount(), order.target_asset.as_ref());
                        let found = found_after_restart.contains(&order.id);
                        let state_text = |order_state: &OrderState| {
                            let label = order_state_label(language, order_state);
                            if found {
                                format!("{label} · {found_mark}")
                            } else {
                                label
                            }
                        };
                        let mut countdown = || {
                            let left = seconds_to_pay(cx.wall_now, order)?;
                            if let Some(expiration) = order.expiration() {
                                let to_go = expiration - cx.wall_now;
                                ticking =
                                    Some(ticking.map_or(to_go, |soonest: time::Duration| {
                                        soonest.min(to_go)
                                    }));
                            }
                            Some(left)
                        };
                        match layout {
                            OrdersLayout::Wide => {
                                row.col(|ui| {
                                    ui.label(moments.or_missing(order.created_at()));
                                });
                                row.col(|ui| {
                                    ui.label(pair_text(order));
                                });
                                for (column, cell) in [(2, &source), (3, &target)] {
                                    row.col(|ui| order_amount_ui(ui, column, cell));
                                }
                                row.col(|ui| {
                                    if let Some(order_state) = &order.state {
                                        badge_ui(
                                            ui,
                                            &state_text(order_state),
                                            order_state_tone(order_state),
                                        );
                                    }
                                });
                                row.col(|ui| {
                                    // In words: "9:58" alone reads as a
                                    // time of day; offline it cannot run.
                                    if countdown().is_some() && cx.service_unreachable() {
                                        ui.weak(cx.t("countdown.unreachable_short").as_ref());
                                    } else if let Some(left) = countdown() {
                                        ui.label(cx.t_with(
                                            "countdown.left",
                                            &[("left", &countdown_words(left))],
                                        ));
                                    }
                                });
                                row.col(|ui| {
                                    if ui
                                        .link(RichText::new(&short).monospace())
                                        .on_hover_text(order.id.to_string())
                                        .clicked()
                                    {
                                        clicked = Some(order.id);
                                    }
                                });
                            }
                            OrdersLayout::Folded => {
                                row.col(|ui| {
                                    ui.vertical(|ui| match order.created_at() {
                                        Some(created) => {
                                            ui.label(moments.day(cx.zone.local(created).date()));
                                            ui.weak(moments.time_of_day(created));
                                        }
                                        None => {
                                            ui.weak(MISSING);
                                        }
                                    });
                                });
                                row.col(|ui| {
                                    ui.vertical(|ui| {
                                        // One column id: the points of what
                                        // is paid and received line up.
                                        order_amount_ui(ui, 2, &source);
                                        order_amount_ui(ui, 2, &target);
                                    });
                                });
                                row.col(|ui| {
                                    ui.vertical(|ui| {
                                        if let Some(order_state) = &order.state {
                                            badge_ui(
                                                ui,
                                                &state_text(order_state),
                                                order_state_tone(order_state),
                                            );
                                        }
                                        if countdown().is_some() && cx.service_unreachable() {
                                            ui.weak(cx.t("countdown.unreachable_short").as_ref());
                                        } else if let Some(left) = countdown() {
                                            // In words: "9:58" alone reads
                                            // as a time of day.
                                            ui.weak(cx.t_with(
                                                "orders.pay_within_short",
                                                &[("left", &countdown_words(left))],
                                            ));
                                        }
                                    });
                                });
                            }
                        }
                        let response = row.response();
                        // The row as one sentence for screen readers (only rows in
                        // view are built), every column's, folded or not.
                        response.widget_info(|| {
                            let cells = [
                                Cell::Text(moments.or_missing(order.created_at())),
                                Cell::Text(pair_text(order)),
                                source.clone(),
                                target.clone(),
                                Cell::Text(
                                    order.state.as_ref().map(state_text).unwrap_or_default(),
                                ),
                                Cell::Text(
                                    seconds_to_pay(cx.wall_now, order)
                                        .map(|left| {
                                            cx.t_with(
                                                "countdown.left",
                                                &[("left", &countdown_words(left))],
                                            )
                                        })
                                        .unwrap_or_default(),
                                ),
                                Cell::Text(short.clone()),
                            ];
                            row_info(language, &HEADERS, &cells)
                        });
                        if response.clicked() {
                            clicked = Some(order.id);
                        }
                        copy_menu_ui(&response, || {
                            let titles = HEADERS.map(|key| cx.t(key));
                            let titles: Vec<&str> = titles.iter().map(AsRef::as_ref).collect();
                            let mut copies = row_copies(
                                &titles,
                                &[
                                    Cell::Text(String::new()),
                                    Cell::Text(String::new()),
                                    source.clone(),
                                    target.clone(),
                                ],
                            );
                            copies.push((titles[6].to_owned(), order.id.to_string()));
                            copies
                        });
                    });
                });
        });
    if let Some(to_go) = ticking {
        request_countdown_frame(ui.ctx(), to_go);
    }
    ui.style_mut().interaction.selectable_labels = selectable_before;
    clicked
}

/// Every column of the orders' table, in order: when, what, how much, then
/// the state, the time left to pay, and the id last.
const HEADERS: [&str; 7] = [
    "orders.col_created",
    "orders.col_pair",
    "orders.col_source",
    "orders.col_target",
    "orders.col_state",
    "orders.col_expires",
    "orders.col_id",
];

/// Height of a folded row: two lines of text.
const FOLDED_ROW_HEIGHT: f32 = 46.0;

/// The narrowest table every column fits in (a 1280-point window beside
/// the navigation); below it the columns fold.
const WIDE_ORDERS_MIN_WIDTH: f32 = 760.0;

/// How the orders' columns are laid out for the width there is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum OrdersLayout {
    /// One column each, on one line.
    Wide,
    /// At 200 % or in a narrow window: when, how much and the state, two
    /// lines a row, with no sideways scrolling.
    Folded,
}

impl OrdersLayout {
    fn for_width(width: f32) -> OrdersLayout {
        if width >= WIDE_ORDERS_MIN_WIDTH {
            OrdersLayout::Wide
        } else {
            OrdersLayout::Folded
        }
    }

    /// The columns shown, each as its place among [`HEADERS`] (what a click
    /// on its header sorts by) and its title's key.
    fn headers(self) -> Vec<(usize, &'static str)> {
        match self {
            OrdersLayout::Wide => HEADERS.into_iter().enumerate().collect(),
            OrdersLayout::Folded => vec![
                (0, "orders.col_created"),
                (2, "orders.col_pay_receive"),
                (4, "orders.col_state"),
            ],
        }
    }
}

/// The pair an order converts: `BRL / BRLV`.
fn pair_text(order: &Order) -> String {
    let ticker = |asset: Option<&brlv_core::api::model::Asset>| {
        asset.map(|asset| asset.ticker()).unwrap_or_default()
    };
    format!(
        "{} / {}",
        ticker(order.source_asset.as_ref()),
        ticker(order.target_asset.as_ref())
    )
}

/// An amount of the table, aligned on its decimal point with the column's
/// others, or the mark of a missing one.
fn order_amount_ui(ui: &mut Ui, column: usize, cell: &Cell) {
    match cell {
        Cell::Amount(amount) => {
            amount_cell_ui(ui, amount_column_id(TABLE_ID, column), amount);
        }
        _ => {
            ui.weak(MISSING);
        }
    }
}
