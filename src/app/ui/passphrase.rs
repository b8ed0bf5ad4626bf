//! A new passphrase typed twice, with a strength meter: where a profile is
//! connected (onboarding) and where a plain key is sealed; and the ids of
//! every field that takes a secret, so what egui keeps of them (the text
//! edit's state, its undo history holding earlier copies of the text) is
//! forgotten once the secret has been used.

use egui::{Context, Id, RichText, TextEdit, Ui};

use crate::app::i18n::Language;
use brlv_core::seal::{NewPassphrase, PassphraseProblem, Strength, Weakness, strength};

use super::palette;

/// How wide a passphrase field is.
pub const FIELD_WIDTH: f32 = 320.0;

/// The id of the field that takes the secret `name` (a fixed id, so the
/// field's egui state can be found and forgotten when it is not drawn).
pub fn secret_field_id(name: &'static str) -> Id {
    Id::unique(("secret_field", name))
}

/// Forgets what egui keeps of the field `id` between frames: its cursor and
/// its undo history, which holds earlier copies of what was typed.
pub fn forget_field(ctx: &Context, id: Id) {
    ctx.data_mut(|data| data.remove::<egui::text_edit::TextEditState>(id));
}

/// Forgets the field `id`'s egui state once its text is gone (sent to be
/// checked, taken to seal, or wiped): the undo history must not outlive it.
pub fn forget_field_if_empty(ctx: &Context, id: Id, text: &str) {
    if text.is_empty() {
        forget_field(ctx, id);
    }
}

/// The ids of the two fields of [`new_passphrase_ui`] drawn under `name`.
pub fn new_passphrase_ids(name: &'static str) -> (Id, Id) {
    (
        Id::unique(("new_passphrase", name)),
        Id::unique(("new_passphrase_again", name)),
    )
}

/// Forgets the egui state of [`new_passphrase_ui`]'s fields under `name`
/// whose text is gone; both when `new` is gone.
pub fn forget_new_passphrase(ctx: &Context, name: &'static str, new: Option<&NewPassphrase>) {
    let (first, again) = new_passphrase_ids(name);
    forget_field_if_empty(ctx, first, new.map_or("", |new| new.text.as_str()));
    forget_field_if_empty(ctx, again, new.map_or("", |new| new.confirmation.as_str()));
}

/// A new passphrase typed twice, with the strength meter; the passphrase
/// when it can be used. `name` tells its fields apart from another such
/// form's (see [`forget_new_passphrase`]).
pub fn new_passphrase_ui(
    ui: &mut Ui,
    language: Language,
    new: &mut NewPassphrase,
    name: &'static str,
) -> Option<secrecy::SecretString> {
    let tr = |key: &'static str| crate::app::i18n::tr(language, key);
    let (first_id, again_id) = new_passphrase_ids(name);
    let label = ui.label(tr("passphrase.new").as_ref());
    ui.add(
        TextEdit::singleline(&mut *new.text)
            .id(first_id)
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
            .id(again_id)
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
