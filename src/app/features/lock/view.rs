//! What the lock shows: the lock screen (no amount, no list, no draft), the
//! transaction password at a money-moving request's confirmation step, and
//! the one-time offer to seal a plain key.

use crate::app::ui::countdown::request_countdown_frame;
use crate::app::ui::spinner_ui;
use egui::{Key, RichText, TextEdit, Ui};

use crate::app::clock::Millis;
use crate::app::message::Command;
use crate::app::panel::{Ask, Outbox, Panel, Shared};
use crate::app::session::ProfileKind;
use crate::app::tax_year::sale::SaleTone;

use super::state::{Guard, LockState, LockTold, PassphrasePrompt, PassphrasePurpose, SealOffer};
use crate::app::ui::palette;
use crate::app::ui::passphrase::{
    FIELD_WIDTH, forget_field_if_empty, forget_new_passphrase, new_passphrase_ui, secret_field_id,
};

/// The dim over the window while the passphrase is asked: darker than
/// egui's default, so on the dark theme the review behind plainly waits
/// and only the dialog reads as the thing to answer.
const DIALOG_BACKDROP: egui::Color32 = egui::Color32::from_black_alpha(170);

/// Room between a dialog's edge and its text: egui's popup margin left
/// the title and the figures against the frame.
const DIALOG_MARGIN: i8 = 16;

/// A dialog's frame: egui's popup, with room inside it.
fn dialog_frame(ui: &egui::Ui) -> egui::Frame {
    egui::Frame::popup(ui.style()).inner_margin(DIALOG_MARGIN)
}

/// The name of the unlock screen's passphrase field (see [`secret_field_id`]).
pub const UNLOCK_FIELD: &str = "unlock_passphrase";
/// The name of the transaction password's field.
pub const TRANSACTION_FIELD: &str = "transaction_passphrase";
/// The name of the seal offer's new passphrase fields.
pub const SEAL_OFFER_FIELDS: &str = "seal_offer";

/// Forgets egui's copies of the lock's passphrases once they are used or
/// dropped: after each check (the text is taken then), when the window
/// locks, when a confirmation step closes, when the key is sealed. Called
/// every frame, whether or not the fields are drawn.
pub fn forget_used_secrets(ctx: &egui::Context, lock: &LockState) {
    forget_field_if_empty(ctx, secret_field_id(UNLOCK_FIELD), &lock.unlock.text);
    let transaction = lock
        .authorization
        .as_ref()
        .map_or("", |authorization| authorization.prompt.text.as_str());
    forget_field_if_empty(ctx, secret_field_id(TRANSACTION_FIELD), transaction);
    let sealing = match &lock.seal_offer {
        SealOffer::Open(new) => Some(new),
        _ => None,
    };
    forget_new_passphrase(ctx, SEAL_OFFER_FIELDS, sealing);
}

impl Panel for LockState {
    type Event = LockTold;

    /// The unlock screen (the confirmation step, the offer to seal a key
    /// and the lock's settings are drawn where the shell places them).
    fn ui(&mut self, ui: &mut Ui, cx: &Shared, out: &mut Outbox) {
        lock_screen_ui(ui, self, cx, out);
    }

    fn apply(&mut self, event: LockTold, cx: &Shared, out: &mut Outbox) {
        match event {
            LockTold::Touched => self.last_input = cx.now,
            LockTold::LockNow => {
                if cx.requires_passphrase() {
                    self.engage();
                }
            }
            LockTold::LockIfIdle => {
                if cx.requires_passphrase() && self.idle_past_limit(cx.now) {
                    self.engage();
                }
            }
            LockTold::Minimized => {
                if self.lock_when_minimized && cx.requires_passphrase() {
                    self.engage();
                }
            }
            LockTold::UnlockNeeded(profile) => {
                self.opening = Some(profile);
                self.unlock = PassphrasePrompt::default();
            }
            LockTold::Check(purpose) => check(self, purpose, cx, out),
            LockTold::Checked {
                purpose,
                attempt,
                accepted,
            } => {
                if let Some(released) = self.checked(purpose, attempt, accepted, cx.now) {
                    out.ask(Ask::Send(released));
                }
            }
            LockTold::ConfirmTyped => confirm_typed(self, cx, out),
            LockTold::Hold(request) => {
                if let Some(released) = self.hold(request, Guard::of(cx.session.as_ref())) {
                    out.ask(Ask::Send(released));
                }
            }
            LockTold::SealingOffered => {
                if !cx.requires_passphrase() {
                    self.seal_offer = SealOffer::Open(Default::default());
                }
            }
            LockTold::Sealed(Ok(())) => {
                self.seal_offer = SealOffer::None;
                self.last_input = cx.now;
            }
            LockTold::Sealed(Err(reason)) => self.seal_offer = SealOffer::Failed(reason),
            LockTold::SessionStarted => self.session_started(cx.now),
        }
    }
}

/// Sends what is typed in the prompt for `purpose` to be checked, unless a
/// check is in flight or wrong ones must still wait.
fn check(lock: &mut LockState, purpose: PassphrasePurpose, cx: &Shared, out: &mut Outbox) {
    if let Some((attempt, passphrase)) = lock.start_check(purpose, cx.now) {
        out.command(Command::CheckPassphrase {
            purpose,
            attempt,
            passphrase,
        });
    }
}

/// Lets a plain key's waiting request go once the word shown is typed.
fn confirm_typed(lock: &mut LockState, cx: &Shared, out: &mut Outbox) {
    let word = cx.t("authorize.typed_word");
    if let Some(released) = lock.confirm_typed(&word) {
        out.ask(Ask::Send(released));
    }
}

/// The unlock screen: the profile's name and the passphrase field, nothing
/// of the account.
pub fn lock_screen_ui(ui: &mut Ui, lock: &mut LockState, cx: &Shared, out: &mut Outbox) {
    let opening = lock.opening.clone();
    ui.vertical_centered(|ui| {
        ui.add_space(80.0);
        ui.heading(cx.t("lock.title").as_ref());
        let name = opening
            .as_ref()
            .or(cx.session.as_ref().map(|session| &session.profile))
            .map(|profile| profile.name.clone())
            .unwrap_or_default();
        ui.label(cx.t_with("lock.profile", &[("name", &name)]));
        ui.add_space(12.0);
        let (submitted, label_text) = (
            passphrase_field_ui(ui, lock, cx, PassphrasePurpose::Unlock),
            cx.t("lock.unlock"),
        );
        let ready = ready_to_check(lock, &lock.unlock, cx.now);
        let unlock = ui
            .add_enabled(ready, egui::Button::new(label_text.as_ref()))
            .clicked();
        if (unlock || submitted) && ready {
            check(lock, PassphrasePurpose::Unlock, cx, out);
        }
        prompt_status_ui(ui, lock, cx, PassphrasePurpose::Unlock);
        ui.add_space(16.0);
        ui.label(RichText::new(cx.t("lock.forgotten").as_ref()).weak());
        if opening.is_some()
            && ui
                .button(cx.t("lock.new_key").as_ref())
                .on_hover_text(cx.t("lock.new_key_hint").as_ref())
                .clicked()
        {
            lock.opening = None;
            out.ask(Ask::StartWithNewKey);
        }
        // Opening another profile from an open one can be called off.
        if opening.is_some()
            && cx.session.is_some()
            && !lock.locked
            && ui.button(cx.t("authorize.cancel").as_ref()).clicked()
        {
            lock.opening = None;
        }
    });
}

/// The passphrase field of `purpose`'s prompt; true when Enter was pressed in it.
fn passphrase_field_ui(
    ui: &mut Ui,
    lock: &mut LockState,
    cx: &Shared,
    purpose: PassphrasePurpose,
) -> bool {
    let label = ui.label(cx.t("lock.passphrase").as_ref());
    let (prompt, name) = match purpose {
        PassphrasePurpose::Unlock => (&mut lock.unlock, UNLOCK_FIELD),
        PassphrasePurpose::Transaction => match lock.authorization.as_mut() {
            Some(authorization) => (&mut authorization.prompt, TRANSACTION_FIELD),
            None => return false,
        },
    };
    let response = ui
        .add(
            TextEdit::singleline(&mut *prompt.text)
                .id(secret_field_id(name))
                .password(true)
                .desired_width(FIELD_WIDTH),
        )
        .labelled_by(label.id);
    if !prompt.focused && prompt.checking.is_none() {
        response.request_focus();
        prompt.focused = true;
    }
    response.lost_focus() && ui.input(|input| input.key_pressed(Key::Enter))
}

fn ready_to_check(lock: &LockState, prompt: &PassphrasePrompt, now: Millis) -> bool {
    !prompt.text.is_empty() && prompt.checking.is_none() && lock.attempts.wait_ms(now) == 0
}

/// "Checking…", or a wrong passphrase and how long to wait.
fn prompt_status_ui(ui: &mut Ui, lock: &LockState, cx: &Shared, purpose: PassphrasePurpose) {
    let prompt = match purpose {
        PassphrasePurpose::Unlock => &lock.unlock,
        PassphrasePurpose::Transaction => match lock.authorization.as_ref() {
            Some(authorization) => &authorization.prompt,
            None => return,
        },
    };
    if prompt.checking.is_some() {
        ui.horizontal(|ui| {
            spinner_ui(ui);
            ui.label(cx.t("lock.checking").as_ref());
        });
        return;
    }
    if prompt.wrong {
        ui.label(RichText::new(cx.t("lock.wrong").as_ref()).color(palette::of(ui).error));
        let wait = lock.attempts.wait_ms(cx.now);
        if wait > 0 {
            let seconds = wait.div_ceil(1_000).to_string();
            ui.label(cx.t_with("lock.wait", &[("seconds", &seconds)]));
            // One frame when the shown second changes, as every countdown:
            // four a second cost a software rasterizer most of a core.
            let left = time::Duration::milliseconds(i64::try_from(wait).unwrap_or(i64::MAX));
            request_countdown_frame(ui.ctx(), left);
        }
    }
}

/// What the dialog of a request waiting for its passphrase repeats of it.
pub struct AuthorizationLines<'a> {
    /// What leaves and where it goes, line by line.
    pub lines: &'a [(String, String)],
    /// For an order that sells tokens, what it makes of the month's sales.
    pub sale: Option<(String, SaleTone)>,
    /// The order's quote has expired: nothing may be sent, a new quote is offered.
    pub quote_expired: bool,
}

/// The confirmation step of a money-moving request: what leaves and where
/// it goes (`summary`), and the passphrase. Nothing is sent until the
/// worker says the passphrase opens the key, and nothing at all once the
/// order's quote has expired: true when the person asked for a new quote
/// (the dialog has closed).
pub fn authorization_ui(
    ui: &mut Ui,
    lock: &mut LockState,
    cx: &Shared,
    out: &mut Outbox,
    summary: AuthorizationLines<'_>,
) -> bool {
    let AuthorizationLines {
        lines,
        sale,
        quote_expired,
    } = summary;
    let Some(plain_key) = lock
        .authorization
        .as_ref()
        .map(|authorization| authorization.plain_key)
    else {
        return false;
    };
    let mut new_quote = false;
    let (title, intro) = if plain_key {
        ("authorize.typed_title", "authorize.typed_intro")
    } else {
        ("authorize.title", "authorize.intro")
    };
    let modal = egui::Modal::new(egui::Id::unique("transaction_password"))
        .backdrop_color(DIALOG_BACKDROP)
        .frame(dialog_frame(ui))
        .show(ui.ctx(), |ui| {
            ui.set_width(420.0);
            ui.heading(cx.t(title).as_ref());
            ui.label(cx.t(intro).as_ref());
            ui.add_space(6.0);
            egui::Grid::new("authorize_summary")
                .num_columns(2)
                .spacing([16.0, 6.0])
                .show(ui, |ui| {
                    for (label, value) in lines {
                        ui.label(label);
                        ui.label(RichText::new(value).strong());
                        ui.end_row();
                    }
                });
            if let Some((text, tone)) = &sale {
                ui.add_space(6.0);
                let colors = palette::of(ui);
                let text = match tone {
                    SaleTone::Plain => RichText::new(text),
                    SaleTone::Warning => RichText::new(text).color(colors.warning),
                    SaleTone::Crossing => RichText::new(text).color(colors.error).strong(),
                };
                ui.add(egui::Label::new(text).wrap());
            }
            ui.add_space(8.0);
            if quote_expired {
                let text = RichText::new(cx.t("review.quote_expired").as_ref())
                    .color(palette::of(ui).error)
                    .strong();
                let response = ui.add(egui::Label::new(text).wrap());
                crate::app::ui::live::live_region(&response, true);
                let confirm = if plain_key {
                    "authorize.confirm_typed"
                } else {
                    "authorize.confirm"
                };
                ui.horizontal(|ui| {
                    ui.add_enabled(false, egui::Button::new(cx.t(confirm).as_ref()));
                    if ui.button(cx.t("review.new_quote").as_ref()).clicked() {
                        new_quote = true;
                    }
                    if ui.button(cx.t("authorize.cancel").as_ref()).clicked() {
                        lock.authorization = None;
                    }
                });
                return;
            }
            if lock
                .authorization
                .as_ref()
                .is_some_and(|authorization| authorization.plain_key)
            {
                typed_confirmation_ui(ui, lock, cx, out);
                return;
            }
            let submitted = passphrase_field_ui(ui, lock, cx, PassphrasePurpose::Transaction);
            let ready = lock
                .authorization
                .as_ref()
                .is_some_and(|authorization| ready_to_check(lock, &authorization.prompt, cx.now));
            ui.horizontal(|ui| {
                let confirm = ui
                    .add_enabled(ready, egui::Button::new(cx.t("authorize.confirm").as_ref()))
                    .clicked();
                if (confirm || submitted) && ready {
                    check(lock, PassphrasePurpose::Transaction, cx, out);
                }
                if ui.button(cx.t("authorize.cancel").as_ref()).clicked() {
                    lock.authorization = None;
                }
            });
            prompt_status_ui(ui, lock, cx, PassphrasePurpose::Transaction);
        });
    if modal.should_close()
        && lock
            .authorization
            .as_ref()
            .is_some_and(|authorization| authorization.prompt.checking.is_none())
    {
        lock.authorization = None;
    }
    if new_quote {
        lock.authorization = None;
    }
    new_quote
}

/// A plain key's confirmation step: no passphrase can be checked, so the
/// word shown must be typed before the request goes.
fn typed_confirmation_ui(ui: &mut Ui, lock: &mut LockState, cx: &Shared, out: &mut Outbox) {
    let Some(authorization) = lock.authorization.as_mut() else {
        return;
    };
    ui.label(RichText::new(cx.t("authorize.plain_key").as_ref()).color(palette::of(ui).warning));
    let word = cx.t("authorize.typed_word");
    let label = ui.label(cx.t_with("authorize.type_word", &[("word", word.as_ref())]));
    let response = ui
        .add(TextEdit::singleline(&mut authorization.typed).desired_width(FIELD_WIDTH))
        .labelled_by(label.id);
    if !authorization.prompt.focused {
        response.request_focus();
        authorization.prompt.focused = true;
    }
    let submitted = response.lost_focus() && ui.input(|input| input.key_pressed(Key::Enter));
    let ready = authorization.typed.trim().to_uppercase() == word.trim().to_uppercase();
    ui.horizontal(|ui| {
        let confirm = ui
            .add_enabled(
                ready,
                egui::Button::new(cx.t("authorize.confirm_typed").as_ref()),
            )
            .clicked();
        if (confirm || submitted) && ready {
            confirm_typed(lock, cx, out);
        }
        if ui.button(cx.t("authorize.cancel").as_ref()).clicked() {
            lock.authorization = None;
        }
    });
}

/// The offer to seal a plain-key saved profile, made at every start until
/// it is sealed: a dialog above the window, so it is not missed. "Not now"
/// (or Escape) leaves the profile as it is for this run: money still moves
/// only after the typed word, and the note above the view offers it again.
pub fn seal_offer_ui(ui: &mut Ui, lock: &mut LockState, cx: &Shared, out: &mut Outbox) {
    if matches!(lock.seal_offer, SealOffer::None) {
        return;
    }
    let language = cx.language;
    let mut decline = false;
    let mut retry = false;
    let mut seal = None;
    let offer = std::mem::take(&mut lock.seal_offer);
    let modal = egui::Modal::new(egui::Id::unique("seal_offer"))
        .backdrop_color(DIALOG_BACKDROP)
        .frame(dialog_frame(ui))
        .show(ui.ctx(), |ui| {
            ui.set_width(460.0);
            ui.heading(cx.t("seal_offer.title").as_ref());
            ui.add(egui::Label::new(cx.t("seal_offer.text").as_ref()).wrap());
            ui.add(
                egui::Label::new(
                    RichText::new(cx.t("seal_offer.until_sealed").as_ref())
                        .color(palette::of(ui).warning),
                )
                .wrap(),
            );
            ui.add_space(8.0);
            match offer {
                SealOffer::None => SealOffer::None,
                SealOffer::Open(mut new) => {
                    let passphrase = new_passphrase_ui(ui, language, &mut new, SEAL_OFFER_FIELDS);
                    ui.horizontal(|ui| {
                        if ui
                            .add_enabled(
                                passphrase.is_some(),
                                egui::Button::new(cx.t("seal_offer.seal").as_ref()),
                            )
                            .clicked()
                        {
                            seal = passphrase;
                        }
                        if ui.button(cx.t("seal_offer.later").as_ref()).clicked() {
                            decline = true;
                        }
                    });
                    SealOffer::Open(new)
                }
                SealOffer::Sealing => {
                    ui.horizontal(|ui| {
                        spinner_ui(ui);
                        ui.label(cx.t("seal_offer.sealing").as_ref());
                    });
                    SealOffer::Sealing
                }
                SealOffer::Failed(reason) => {
                    ui.add(
                        egui::Label::new(
                            RichText::new(cx.t_with("seal_offer.failed", &[("reason", &reason)]))
                                .color(palette::of(ui).error),
                        )
                        .wrap(),
                    );
                    ui.horizontal(|ui| {
                        if ui.button(cx.t("seal_offer.retry").as_ref()).clicked() {
                            retry = true;
                        }
                        if ui.button(cx.t("seal_offer.later").as_ref()).clicked() {
                            decline = true;
                        }
                    });
                    SealOffer::Failed(reason)
                }
            }
        });
    // Escape or a click beside it is "Not now", except while sealing.
    let asked_to_close = modal.should_close();
    lock.seal_offer = modal.inner;
    let closing = asked_to_close && !matches!(lock.seal_offer, SealOffer::Sealing);
    if let Some(passphrase) = seal {
        lock.seal_offer = SealOffer::Sealing;
        out.command(Command::SealProfile { passphrase });
    } else if retry {
        lock.seal_offer = SealOffer::Open(Default::default());
    } else if decline || closing {
        lock.seal_offer = SealOffer::None;
    }
}

/// A note that the open profile moves money without a passphrase (the
/// sandbox, a plain key file).
/// A saved one offers sealing again here once its offer was put off.
pub fn unprotected_note_ui(ui: &mut Ui, lock: &mut LockState, cx: &Shared, out: &mut Outbox) {
    let Some(session) = cx.session.as_ref().filter(|session| !session.sealed) else {
        return;
    };
    let environment = session.kind == ProfileKind::Environment;
    let key = if cx.sandbox() {
        "lock.sandbox_unprotected"
    } else if environment {
        "lock.unprotected_environment"
    } else {
        "lock.unprotected"
    };
    ui.label(RichText::new(cx.t(key).as_ref()).color(palette::of(ui).warning));
    if session.kind == ProfileKind::Saved
        && matches!(lock.seal_offer, SealOffer::None)
        && ui.button(cx.t("seal_offer.seal_now").as_ref()).clicked()
    {
        lock.seal_offer = SealOffer::Open(Default::default());
    }
    // The environment's key cannot be sealed where it is (a file another
    // tool owns): the first screen's form saves it as a sealed profile.
    if environment
        && !cx.sandbox()
        && ui
            .button(cx.t("lock.save_sealed_profile").as_ref())
            .clicked()
    {
        out.ask(Ask::SaveAsSealedProfile);
    }
}

/// Settings' lock section: the idle lock's time, locking when the window
/// is minimized, the button to lock now, and sealing a plain key.
pub fn lock_settings_ui(ui: &mut Ui, lock: &mut LockState, cx: &Shared) {
    ui.label(RichText::new(cx.t("lock.settings_title").as_ref()).strong());
    ui.horizontal(|ui| {
        let label = ui.label(cx.t("lock.idle_minutes").as_ref());
        ui.add(egui::DragValue::new(&mut lock.idle_lock_minutes).range(1..=120))
            .labelled_by(label.id);
    });
    ui.checkbox(
        &mut lock.lock_when_minimized,
        cx.t("lock.when_minimized").as_ref(),
    )
    .on_hover_text(cx.t("lock.when_minimized_hint").as_ref());
    let sealed = cx.requires_passphrase();
    let saved = cx
        .session
        .as_ref()
        .is_some_and(|session| session.kind == ProfileKind::Saved);
    if sealed {
        if ui.button(cx.t("lock.lock_now").as_ref()).clicked() {
            lock.engage();
        }
    } else if saved
        && matches!(lock.seal_offer, SealOffer::None)
        && ui.button(cx.t("lock.seal_now").as_ref()).clicked()
    {
        lock.seal_offer = SealOffer::Open(Default::default());
    }
}
