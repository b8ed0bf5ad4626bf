//! The list budget in Settings: the largest answer a list may bring. The
//! interface has no pagination, so this is the one limit left on how big
//! an account the app follows; a list over it is reported once in its
//! panel and waits for the budget to change.

use egui::{RichText, Ui};

use crate::app::message::Command;
use crate::app::resources::DEFAULT_LIST_BUDGET_MIB;
use crate::app::state::AppState;

/// The smallest and largest budgets offered, in MiB.
pub const LIST_BUDGET_RANGE_MIB: std::ops::RangeInclusive<u64> = 16..=65_536;

/// The budget chosen, or the default.
pub fn list_budget_mib(state: &AppState) -> u64 {
    state
        .settings
        .list_budget_mib
        .unwrap_or(DEFAULT_LIST_BUDGET_MIB)
}

/// Draws the budget's field and hands a new value to the worker.
pub fn list_budget_ui(ui: &mut Ui, state: &mut AppState) {
    ui.label(RichText::new(state.t("settings.list_budget").as_ref()).strong());
    let mut mib = list_budget_mib(state);
    let before = mib;
    let label = state.t("settings.list_budget_field").into_owned();
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
    ui.label(RichText::new(state.t("settings.list_budget_hint").as_ref()).weak());
    if mib != before {
        set_list_budget(state, mib);
    }
}

/// Keeps `mib` as the budget and tells the worker.
pub fn set_list_budget(state: &mut AppState, mib: u64) {
    state.settings.list_budget_mib = Some(mib);
    state.push(Command::SetListBudget { mib });
}
