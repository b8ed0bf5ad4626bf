//! A payment that repeats an earlier one, caught in its review before it
//! leaves: the withdrawal and transfer forms hand what they would send and
//! the service's list (as last read) to the core's one check
//! ([`brlv_core::duplicates::find`], the same as `payouts` and `call`), over
//! the days Settings says. Each earlier payment is named ("You already sent
//! R$ 10.00 by PIX to … on 01/12 at 16:25 — state: pending payment"; a
//! send of this device whose answer never came, as such), and
//! Send stays disabled until "Send it anyway" is ticked (unticked by
//! default). A list not read yet, or that failed, cannot be compared: that
//! too needs the tick, the reading that cannot pay twice.

use egui::{RichText, Ui};
use serde_json::Value;

use crate::app::format::{asset_amount_text, state_label};
use crate::app::ui::palette;
use brlv_core::api::model::Asset;
use brlv_core::duplicates::{Duplicate, Earlier};

use crate::app::repeat_check::RepeatCheck;

use super::Shared;

/// What an earlier payment is, in words: its amount, how it is paid (its
/// method in the person's words) and where to. `record` names the kind of
/// record (`withdrawal`, `transfer`).
fn amount_method_to(cx: &Shared, record: &str, earlier: &Duplicate) -> [String; 3] {
    let asset = earlier
        .asset
        .as_deref()
        .and_then(|wire| serde_json::from_value::<Asset>(Value::String(wire.to_owned())).ok());
    let amount = asset_amount_text(cx.amounts(), earlier.amount, asset.as_ref());
    let method = match earlier.method.as_deref() {
        Some("pix") => cx.t("repeats.by_pix"),
        Some("ted") => cx.t("repeats.by_ted"),
        Some("token") => cx.t("repeats.by_token"),
        _ if record == "transfer" => cx.t("repeats.by_transfer"),
        _ => cx.t("repeats.by_other"),
    };
    let to = earlier
        .destination
        .clone()
        .unwrap_or_else(|| cx.t("repeats.to_not_shown").into_owned());
    [amount, method.into_owned(), to]
}

/// An earlier payment in words: "You already sent R$ 10.00 by PIX to … on
/// 01/12 at 16:25 — state: pending payment".
/// `record` names the kind of record (`withdrawal`, `transfer`).
pub fn earlier_text(cx: &Shared, record: &str, earlier: &Duplicate) -> String {
    let [amount, method, to] = amount_method_to(cx, record, earlier);
    let (day, time) = earlier.at.map_or_else(
        || (cx.t("repeats.day_not_shown").into_owned(), String::new()),
        |at| {
            let local = cx.zone.local(at);
            (
                format!("{:02}/{:02}", local.day(), u8::from(local.month())),
                format!("{:02}:{:02}", local.hour(), local.minute()),
            )
        },
    );
    let state = match &earlier.earlier {
        Earlier::Service {
            state: Some(state), ..
        } => state_label(cx.language, record, state),
        Earlier::Service { state: None, .. } => cx.t("repeats.state_not_shown").into_owned(),
        Earlier::InFlight { .. } => cx.t("repeats.in_flight").into_owned(),
    };
    // A send of this device whose answer never came is no payment known
    // to be made: it is named as such.
    let key = match (&earlier.earlier, time.is_empty()) {
        (Earlier::InFlight { .. }, false) => "repeats.unanswered",
        (_, true) => "repeats.earlier_undated",
        (_, false) => "repeats.earlier",
    };
    let said = cx.t_with(
        key,
        &[
            ("amount", &amount),
            ("method", &method),
            ("to", &to),
            ("day", &day),
            ("time", &time),
            ("state", &state),
        ],
    );
    if earlier.unconfirmed.is_empty() {
        said
    } else {
        let fields = earlier.unconfirmed.join(", ");
        format!(
            "{said} {}",
            cx.t_with("repeats.unconfirmed", &[("fields", &fields)])
        )
    }
}

/// A row of the payouts file being sent in this window that the payment
/// repeats, in words: "Row 2 of the payouts file being sent now: R$ 10.00
/// by Pix to …".
fn file_row_text(cx: &Shared, row: u64, earlier: &Duplicate) -> String {
    let [amount, method, to] = amount_method_to(cx, "withdrawal", earlier);
    cx.t_with(
        "repeats.file_row",
        &[
            ("row", &row.to_string()),
            ("amount", &amount),
            ("method", &method),
            ("to", &to),
        ],
    )
}

/// The earlier payments `check` found, each named, and "Send it anyway"
/// (unticked until the person ticks it, by pointer or by Tab and Space);
/// nothing when it repeats nothing. `record` names the kind of record
/// (`withdrawal`, `transfer`).
pub fn repeats_ui(ui: &mut Ui, cx: &Shared, record: &str, check: &mut RepeatCheck) {
    let lines: Vec<String> = match &check.found {
        Some(found) if found.is_empty() => return,
        Some(found) => found
            .iter()
            .map(|one| match &one.earlier {
                Earlier::InFlight { post_id } => match check.rows_in_flight.get(post_id) {
                    Some(row) => file_row_text(cx, *row, one),
                    None => earlier_text(cx, record, one),
                },
                Earlier::Service { .. } => earlier_text(cx, record, one),
            })
            .collect(),
        None => vec![cx.t("repeats.not_compared").into_owned()],
    };
    let warning = palette::of(ui).warning;
    ui.add_space(6.0);
    let heading = ui.label(
        RichText::new(cx.t("repeats.heading").as_ref())
            .strong()
            .color(warning),
    );
    crate::app::ui::live_region(&heading, true);
    for line in lines {
        ui.add(egui::Label::new(RichText::new(line).color(warning)).wrap());
    }
    let anyway = cx.t("repeats.send_anyway");
    ui.checkbox(&mut check.send_anyway, anyway.as_ref());
}
