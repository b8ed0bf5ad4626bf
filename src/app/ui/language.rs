//! The language picker of Settings and the first screen.

use egui::Ui;

use crate::app::i18n::Language;

/// One radio button per language, each named in itself; the one chosen
/// this frame.
pub fn language_picker_ui(ui: &mut Ui, current: Language) -> Option<Language> {
    let mut chosen = current;
    ui.horizontal(|ui| {
        for language in Language::ALL {
            ui.radio_value(&mut chosen, language, language.native_name());
        }
    });
    (chosen != current).then_some(chosen)
}
