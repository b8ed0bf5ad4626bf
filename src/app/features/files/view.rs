//! The Receipt control for a view that is not a panel yet (the order's
//! detail): the panel kit's control (`panel::receipt`), its typed path kept
//! in the files' state.

use egui::Ui;

use crate::app::panel::Outbox;
use crate::app::receipt::Receipt;
use crate::app::state::AppState;

/// Draws the Receipt control for a movement: its receipt when completed
/// (`Some`), otherwise the note that there is none until it completes.
pub fn receipt_ui(ui: &mut Ui, state: &mut AppState, receipt: Option<Receipt>) {
    let mut typed_path = std::mem::take(&mut state.files.receipt.typed_path);
    let mut out = Outbox::default();
    crate::app::panel::receipt::receipt_ui(
        ui,
        &state.context(),
        &mut out,
        &mut typed_path,
        receipt,
    );
    state.files.receipt.typed_path = typed_path;
    state.answer(out);
}
