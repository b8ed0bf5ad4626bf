//! A new passphrase typed twice, with a strength meter: where a profile is
//! connected (onboarding) and where a plain key is sealed.

use egui::{RichText, TextEdit, Ui};

use crate::app::i18n::Language;
use brlv_core::seal::{NewPassphrase, PassphraseProblem, Strength, Weakness, strength};

use super::palette;

/// How wide a passphrase field is.
pub const FIELD_WIDTH: f32 = 320.0;

/// A new passphrase typed twice, with the strength meter; the passphrase
/// when it can be used.
pub fn new_passphrase_ui(
    ui: &mut Ui,
    language: Language,
    new: &mut NewPassphrase,
) -> Option<secrecy::SecretString> {
    let tr = |key: &'static str| crate::app::i18n::tr(language, key);
    let label = ui.label(tr("passphrase.new").as_ref());
    ui.add(
        TextEdit::singleline(&mut *new.text)
            .password(true)
            .desired_width(FIELD_WIDTH),
    )
    .labelled_by(label.id);
    let (meter_key, color, fill) = match strength(&new.text) {
        Strength::TooShort => ("passphrase.too_short", palette::of(ui).error, 0.1),
        Strength::Weak => ("passphrase.weak", palette::of(ui).warning, 0.35),
        Strength::Fair => ("passphrase.fair", palette::of(ui).warning, 0.65),
        Strength::Strong => ("passphrase.strong", palette::of(ui).success, 1.0),
    };
    if !new.text.is_empty() {
        let text = tr(meter_key);
        ui.add(
            egui::ProgressBar::new(fill)
                .desired_width(FIELD_WIDTH)
                .fill(color)
                .text(text.as_ref()),
        );
    }
    let confirm_label = ui.label(tr("passphrase.confirm").as_ref());
    ui.add(
        TextEdit::singleline(&mut *new.confirmation)
            .password(true)
            .desired_width(FIELD_WIDTH),
    )
    .labelled_by(confirm_label.id);
    ui.label(RichText::new(tr("passphrase.hint").as_ref()).weak());
    match new.checked() {
        Ok(passphrase) => Some(passphrase),
        Err(problem) => {
            let key = match problem {
                PassphraseProblem::Missing => None,
                PassphraseProblem::TooShort => Some("passphrase.too_short"),
                PassphraseProblem::Weak(weakness) => Some(weakness_key(weakness)),
                PassphraseProblem::Mismatch if new.confirmation.is_empty() => None,
                PassphraseProblem::Mismatch => Some("passphrase.mismatch"),
            };
            if let Some(key) = key {
                ui.label(RichText::new(tr(key).as_ref()).color(palette::of(ui).error));
            }
            None
        }
    }
}

/// The string that says why a passphrase is too easy to guess.
pub fn weakness_key(weakness: Weakness) -> &'static str {
    match weakness {
        Weakness::Repeats => "passphrase.weak_repeats",
        Weakness::Sequence => "passphrase.weak_sequence",
        Weakness::Common => "passphrase.weak_common",
        Weakness::Word => "passphrase.weak_word",
        Weakness::Date => "passphrase.weak_date",
        Weakness::Guessable => "passphrase.weak_guessable",
    }
}
