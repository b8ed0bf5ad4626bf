//! The overview: DARFs overdue, if any, with what they come to today and a
//! link to the Taxes view; balances at their scales, the month's
//! tax-exemption gauge (the service's figure, with a link to the Taxes
//! view), the things in motion (orders awaiting payment, pending transfers
//! and withdrawals), and the monthly charts ([`charts`]), drawn from the
//! extrato's state.

pub mod charts;

use crate::app::ui::waiting::spinner_of_size_ui;
use egui::{Align, Layout, RichText, Ui, Vec2};
use rust_decimal::Decimal;

use crate::app::features::activity::state::ActivityState;
use crate::app::format::{Precision, short_hex, short_id, state_label};
use crate::app::panel::{Ask, Outbox, Shared};
use crate::app::remote::Remote;
use crate::app::tax_year::gauge::{GaugeLevel, TaxGauge};
use crate::app::ui::amount::amount_cell_ui;
use crate::app::ui::shortcuts::{shortcut_text, view_shortcut};
use crate::app::ui::{
    Tone, badge_ui, countdown_words, gauge_ui, note_ui, palette, request_countdown_frame,
    section_ui,
};
use crate::app::view::View;

/// Width of the tax-exemption gauge's bar, when the view is that wide.
const GAUGE_WIDTH: f32 = 320.0;

/// The narrowest width the things in motion fit in one line each; below
/// it (at 200 %) each takes two lines.
const MOTION_WIDE_MIN_WIDTH: f32 = 800.0;

/// Width of the amount column: a balance of millions at two places fits,
/// and at 200 % it still fits the view beside its ticker.
const AMOUNT_COLUMN_WIDTH: f32 = 210.0;

/// Draws the overview.
pub fn overview_ui(ui: &mut Ui, activity: &mut ActivityState, cx: &Shared, out: &mut Outbox) {
    ui.heading(cx.t("nav.overview").as_ref());
    ui.add_space(8.0);
    overdue_darfs_ui(ui, cx, out);
    section_ui(ui, &cx.t("overview.balances"), |ui| balances_ui(ui, cx));
    ui.add_space(12.0);
    section_ui(ui, &cx.t("overview.tax_exemption"), |ui| {
        tax_exemption_ui(ui, cx, out);
    });
    ui.add_space(12.0);
    section_ui(ui, &cx.t("overview.in_motion"), |ui| in_motion_ui(ui, cx));
    ui.add_space(12.0);
    let charts_top = ui.cursor().min;
    section_ui(ui, &cx.t("chart.money_title"), |ui| {
        charts::money_chart_ui(ui, activity, cx);
    });
    ui.add_space(12.0);
    section_ui(ui, &cx.t("chart.tax_title"), |ui| {
        charts::tax_chart_ui(ui, cx, out);
    });
    if activity.charts_in_view {
        let bottom = egui::pos2(ui.max_rect().right(), ui.cursor().min.y);
        let charts = egui::Rect::from_min_max(charts_top, bottom);
        // At once, not animated: the screenshot is taken when the data is in.
        ui.scroll_to_rect_animation(
            charts,
            Some(Align::TOP),
            egui::style::ScrollAnimation::none(),
        );
    }
}

fn remote_marker_ui<T>(ui: &mut Ui, cx: &Shared, remote: &Remote<T>) {
    if remote.is_loading() {
        spinner_of_size_ui(ui, 12.0);
    } else if let Some(error) = remote.error() {
        ui.label(RichText::new("!").strong().color(palette::of(ui).warning))
            .on_hover_text(format!("{}\n{error}", cx.t("overview.load_failed")));
    }
}

fn balances_ui(ui: &mut Ui, cx: &Shared) {
    let rows: [(&str, &Remote<Decimal>); 3] = [
        ("BRL", &cx.data.balance_brl),
        ("USDC", &cx.data.balance_usdc),
        ("BRLV", &cx.data.balance_brlv),
    ];
    let amounts = cx.amounts();
    egui::Grid::new("balances")
        .num_columns(3)
        .spacing([16.0, 8.0])
        .show(ui, |ui| {
            for (ticker, remote) in rows {
                // Reais are written "R$" beside the amount: the row says
                // "Reais", never the code "BRL".
                if ticker == "BRL" {
                    ui.label(RichText::new(cx.t("overview.reais").as_ref()).strong());
                } else {
                    ui.label(RichText::new(ticker).strong().monospace());
                }
                let height = ui.spacing().interact_size.y;
                ui.allocate_ui_with_layout(
                    Vec2::new(AMOUNT_COLUMN_WIDTH, height),
                    Layout::right_to_left(Align::Center),
                    |ui| match remote.value() {
                        Some(value) => {
                            // The ticker heads the row: the amount goes without it,
                            // its decimal point in line with the other balances'.
                            let mut shown = amounts.written(*value, ticker, Precision::List);
                            shown.ticker = String::new();
                            amount_cell_ui(ui, egui::Id::unique("overview-balances"), &shown);
                        }
                        None => {
                            ui.label(RichText::new("—").weak());
                        }
                    },
                );
                ui.horizontal(|ui| {
                    remote_marker_ui(ui, cx, remote);
                    balance_as_of_ui(ui, cx, remote);
                });
                ui.end_row();
            }
        });
    balances_as_of_ui(ui, cx, rows.map(|(_, remote)| remote));
}

/// Beside a balance that is not confirmed now (the service cannot be
/// reached, its reading failed, or it is a copy from an earlier run): when
/// it was last true, so it is never read as today's.
fn balance_as_of_ui(ui: &mut Ui, cx: &Shared, remote: &Remote<Decimal>) {
    let stale = remote.error().is_some()
        || remote.loaded().is_some_and(|loaded| loaded.is_saved_copy())
        || cx.service_unreachable();
    if !stale {
        return;
    }
    if let Some(at) = cx.last_true(remote) {
        ui.label(
            RichText::new(cx.t_with("overview.balance_as_of", &[("time", &cx.as_of_text(at))]))
                .weak(),
        );
    }
}

/// When the balances shown may be out of date (a copy saved in an earlier
/// run, or the last reading failed), the oldest time one of them was true:
/// a balance with no time can be mistaken for today's.
fn balances_as_of_ui(ui: &mut Ui, cx: &Shared, remotes: [&Remote<Decimal>; 3]) {
    let oldest = remotes
        .iter()
        .filter_map(|remote| {
            let loaded = remote.loaded()?;
            if loaded.saved_at.is_none() && remote.error().is_none() {
                return None;
            }
            let age = cx.now.saturating_sub(loaded.fetched_at);
            let arrived =
                cx.wall_now - time::Duration::milliseconds(i64::try_from(age).unwrap_or(0));
            Some(loaded.saved_at.unwrap_or(arrived))
        })
        .min();
    if let Some(at) = oldest {
        note_ui(
            ui,
            &cx.t_with(
                "overview.balances_as_of",
                &[("time", &cx.moments().exact(at))],
            ),
        );
    }
}

/// DARFs of any year not marked paid by their due date: what they come to
/// if paid today (the fine and the Selic interest included, computed once in
/// the core for the Taxes view, its PDF and `tax-report` alike), with the
/// way to the Taxes view; nothing when none is overdue.
fn overdue_darfs_ui(ui: &mut Ui, cx: &Shared, out: &mut Outbox) {
    let Some(figures) = cx.tax_figures.as_deref() else {
        return;
    };
    let overdue = &figures.overdue;
    if overdue.is_empty() {
        return;
    }
    let amounts = cx.amounts();
    let amount = overdue.total_brl().map_or_else(
        || {
            cx.t_with(
                "taxes.overdue_at_least",
                &[("amount", &amounts.brl(overdue.known_part_brl()))],
            )
        },
        |total| amounts.brl(total),
    );
    let text = crate::app::i18n::tr_count(
        cx.language,
        ("overview.overdue_darfs_one", "overview.overdue_darfs"),
        overdue.darfs.len(),
        &[("amount", &amount)],
    );
    // Each DARF as it comes to today: its own amount, the late fine and
    // the Selic interest, as the core computed them for the Taxes view.
    let moments = cx.moments();
    let lines: Vec<String> = overdue
        .darfs
        .iter()
        .map(|darf| {
            let month = cx.t_with(
                "taxes.month_title",
                &[
                    (
                        "month",
                        &crate::app::format::month_name(cx.language, darf.month.month),
                    ),
                    ("year", &darf.month.year.to_string()),
                ],
            );
            let unknown = cx.t("overview.overdue_interest_unknown");
            let interest = darf
                .interest_brl
                .map_or_else(|| unknown.clone().into_owned(), |value| amounts.brl(value));
            let total = darf.total_brl.map_or_else(
                || {
                    cx.t_with(
                        "taxes.overdue_at_least",
                        &[("amount", &amounts.brl(darf.known_part_brl()))],
                    )
                },
                |total| amounts.brl(total),
            );
            cx.t_with(
                "overview.overdue_darf_line",
                &[
                    ("month", &month),
                    ("principal", &amounts.brl(darf.amount_brl)),
                    ("fine", &amounts.brl(darf.fine_brl)),
                    ("interest", &interest),
                    ("total", &total),
                    ("due", &moments.day(darf.due)),
                    ("days", &darf.days_late.to_string()),
                ],
            )
        })
        .collect();
    let error = palette::of(ui).error;
    egui::Frame::group(ui.style())
        .stroke(egui::Stroke::new(1.0, error))
        .inner_margin(10)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.add(egui::Label::new(RichText::new(&text).strong()).wrap());
            for line in &lines {
                ui.add(egui::Label::new(line).wrap());
            }
            let shortcut = shortcut_text(ui.ctx(), &view_shortcut(View::Taxes));
            let link = crate::app::i18n::tr_count(
                cx.language,
                (
                    "overview.overdue_open_taxes_one",
                    "overview.overdue_open_taxes",
                ),
                lines.len(),
                &[("key", &shortcut)],
            );
            if ui.link(link).clicked() {
                out.ask(Ask::Show(View::Taxes));
            }
        });
    ui.add_space(12.0);
}

fn tax_exemption_ui(ui: &mut Ui, cx: &Shared, out: &mut Outbox) {
    gauge_figures_ui(ui, cx);
    // The month as the tax report counts it, with the service's figure
    // beside it and why they differ: one click (or the view's shortcut) away.
    let shortcut = shortcut_text(ui.ctx(), &view_shortcut(View::Taxes));
    let link = cx.t_with("overview.open_taxes_with_key", &[("key", &shortcut)]);
    if ui.link(link).clicked() {
        out.ask(Ask::Show(View::Taxes));
    }
}

fn gauge_figures_ui(ui: &mut Ui, cx: &Shared) {
    let remote = &cx.data.tax_exemption;
    let Some(progress) = remote.value() else {
        ui.horizontal(|ui| {
            ui.label(RichText::new("—").weak());
            remote_marker_ui(ui, cx, remote);
        });
        return;
    };
    let figures = TaxGauge::from_progress(progress);
    let amounts = cx.amounts();
    let brl = |value| amounts.brl(value);
    let color = match figures.level {
        _ if amounts.hidden => ui.visuals().weak_text_color(),
        GaugeLevel::Comfortable => palette::of(ui).success,
        GaugeLevel::Close => palette::of(ui).warning,
        GaugeLevel::AtLimit => palette::of(ui).error,
    };
    let percent = amounts.percent(figures.percent());
    let description = cx.t_with(
        "a11y.gauge",
        &[
            ("used", &brl(figures.used)),
            ("limit", &brl(figures.limit)),
            ("remaining", &brl(figures.remaining)),
            ("percent", &percent),
        ],
    );
    // A hidden amount's bar stays empty: its length would tell the amount.
    let fill = if amounts.hidden {
        0.0
    } else {
        figures.bar_fraction()
    };
    // The figures go under the bar when both do not fit the width.
    ui.horizontal_wrapped(|ui| {
        gauge_ui(
            ui,
            fill,
            color,
            GAUGE_WIDTH.min(ui.available_width()),
            &description,
        );
        ui.add_space(8.0);
        ui.label(
            RichText::new(cx.t_with(
                "overview.used_of_limit",
                &[
                    ("used", &brl(figures.used)),
                    ("limit", &brl(figures.limit)),
                    ("percent", &percent),
                ],
            ))
            .strong(),
        );
        remote_marker_ui(ui, cx, remote);
    });
    ui.label(cx.t_with(
        "overview.remaining",
        &[("remaining", &brl(figures.remaining))],
    ));
    ui.label(
        RichText::new(cx.t_with(
            "overview.used_breakdown",
            &[
                ("claims", &brl(figures.claims)),
                ("other", &brl(figures.other_disposals)),
            ],
        ))
        .weak(),
    );
    match figures.level {
        _ if amounts.hidden => {}
        GaugeLevel::Close => {
            ui.label(RichText::new(cx.t("overview.limit_close").as_ref()).color(color));
        }
        GaugeLevel::AtLimit => {
            ui.label(RichText::new(cx.t("overview.limit_reached").as_ref()).color(color));
        }
        GaugeLevel::Comfortable => {}
    }
}

fn in_motion_ui(ui: &mut Ui, cx: &Shared) {
    let language = cx.language;
    let amounts = cx.amounts();
    // Found once when each list arrived: no frame scans the whole lists.
    let orders = &cx.data.orders_in_motion;
    let transfers = &cx.data.transfers_in_motion;
    let withdrawals = &cx.data.withdrawals_in_motion;
    let lists_known = cx.data.orders.value().is_some()
        && cx.data.transfers.value().is_some()
        && cx.data.withdrawals.value().is_some();
    if orders.is_empty() && transfers.is_empty() && withdrawals.is_empty() {
        if lists_known {
            ui.label(RichText::new(cx.t("overview.nothing_in_motion").as_ref()).weak());
        } else {
            ui.horizontal(|ui| {
                ui.label(RichText::new("—").weak());
                remote_marker_ui(ui, cx, &cx.data.orders);
            });
        }
        return;
    }
    let mut rows: Vec<MotionRow> = Vec::new();
    for order in orders {
        let detail = match order.expiration() {
            Some(expiration) => {
                let left = (expiration - cx.wall_now).whole_seconds();
                let unreachable = cx.countdown_unreachable(expiration);
                if let (true, Some(text)) = (left > 0, unreachable) {
                    RichText::new(text)
                } else if left > 0 {
                    request_countdown_frame(ui.ctx(), expiration - cx.wall_now);
                    RichText::new(cx.t_with(
                        "motion.expires_in",
                        &[("countdown", &countdown_words(left))],
                    ))
                } else {
                    RichText::new(cx.t("motion.window_closed").as_ref())
                        .color(palette::of(ui).error)
                }
            }
            None => RichText::new(""),
        };
        rows.push(MotionRow {
            state: (cx.t("motion.awaiting_payment").into_owned(), Tone::Warning),
            kind: cx.t("motion.kind_order").into_owned(),
            amount: cx.t_with(
                "motion.from_to",
                &[
                    (
                        "from",
                        &amounts.listed_text(order.source_amount(), order.source_asset.as_ref()),
                    ),
                    (
                        "to",
                        &amounts.listed_text(order.target_amount(), order.target_asset.as_ref()),
                    ),
                ],
            ),
            detail,
            id: order.id,
        });
    }
    // A send under way: its state at the service in words, and what it is.
    let sent = |record: &str, state: Option<&str>, kind: &'static str| {
        let state = state.map_or_else(String::new, |state| state_label(language, record, state));
        ((state, Tone::Info), cx.t(kind).into_owned())
    };
    for transfer in transfers {
        let (state, kind) = sent(
            "transfer",
            transfer.state.as_ref().map(|state| state.as_str()),
            "motion.kind_transfer",
        );
        rows.push(MotionRow {
            state,
            kind,
            amount: amounts.listed_text(transfer.amount(), transfer.asset.as_ref()),
            detail: RichText::new(cx.t_with(
                "motion.from_to",
                &[
                    ("from", &short_hex(transfer.source_address.as_deref())),
                    ("to", &short_hex(transfer.target_address.as_deref())),
                ],
            )),
            id: transfer.id,
        });
    }
    for withdrawal in withdrawals {
        let (state, kind) = sent(
            "withdrawal",
            withdrawal.state.as_ref().map(|state| state.as_str()),
            "motion.kind_withdrawal",
        );
        rows.push(MotionRow {
            state,
            kind,
            amount: amounts.listed_text(withdrawal.amount(), withdrawal.asset.as_ref()),
            detail: RichText::new(
                withdrawal
                    .method
                    .as_ref()
                    .map(|method| crate::app::format::method_name(method.as_str()))
                    .unwrap_or_default(),
            ),
            id: withdrawal.id,
        });
    }
    if ui.available_width() >= MOTION_WIDE_MIN_WIDTH {
        egui::Grid::new("in_motion")
            .num_columns(5)
            .spacing([14.0, 6.0])
            .striped(true)
            .show(ui, |ui| {
                for row in rows {
                    badge_ui(ui, &row.state.0, row.state.1);
                    ui.label(row.kind.as_str());
                    ui.label(RichText::new(row.amount.as_str()).monospace());
                    ui.label(row.detail);
                    // The id last, for support; the row says what and how much first.
                    id_ui(ui, &row.id);
                    ui.end_row();
                }
            });
    } else {
        // Folded: what and how much over the rest, each line wrapping
        // inside the view instead of scrolling sideways.
        for (index, row) in rows.into_iter().enumerate() {
            if index > 0 {
                ui.separator();
            }
            ui.horizontal_wrapped(|ui| {
                badge_ui(ui, &row.state.0, row.state.1);
                ui.label(row.kind.as_str());
                ui.label(RichText::new(row.amount.as_str()).monospace());
            });
            ui.horizontal_wrapped(|ui| {
                ui.label(row.detail);
                id_ui(ui, &row.id);
            });
        }
    }
}

/// One thing in motion, as its line says it.
struct MotionRow {
    state: (String, Tone),
    kind: String,
    amount: String,
    detail: RichText,
    id: uuid::Uuid,
}

/// A record's short id, for support: whole on hover.
fn id_ui(ui: &mut Ui, id: &uuid::Uuid) {
    ui.label(RichText::new(short_id(id)).monospace().weak())
        .on_hover_text(id.to_string());
}
