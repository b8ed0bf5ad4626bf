//! The list budget in Settings: the largest answer a list may bring. The
//! interface has no pagination, so this is the one limit left on how big
//! an account the app follows; a list over it is reported once in its
//! panel and waits for the budget to change.

use egui::{RichText, Ui};

use crate::app::message::Command;
use crate::app::panel::{Outbox, Shared};

use super::super::state::SettingsState;

/// The smallest and largest budgets offered, in MiB.
pub const LIST_BUDGET_RANGE_MIB: std::ops::RangeInclusive<u64> = 16..=65_536;

/// Draws the budget's field and hands a new value to the worker.
pub fn list_budget_ui(ui: &mut Ui, settings: &mut SettingsState, cx: &Shared, out: &mut Outbox) {
    ui.label(RichText::new(cx.t("settings.list_budget").as_ref()).strong());
    let mut mib = settings.list_budget();
    let before = mib;
    let label = cx.t("settings.list_budget_field").into_owned();
    ui.horizontal(|ui| {
        let name = ui.label(&label);
        ui.add(
            egui::DragValue::new(&mut mib)
                .range(LIST_BUDGET_RANGE_MIB)
                .speed(16)
                .suffix(" MiB"),
        )
        .labelled_by(name.id);
    });
    ui.label(RichText::new(cx.t("settings.list_budget_hint").as_ref()).weak());
    if mib != before {
        out.command(set_list_budget(settings, mib));
    }
}

/// Keeps `mib` as the budget; the command that tells the worker.
pub fn set_list_budget(settings: &mut SettingsState, mib: u64) -> Command {
    settings.list_budget_mib = Some(mib);
    Command::SetListBudget { mib }
}
