//! The first screen: connect an account (base URL, API key, and a private
//! key from a PEM file, pasted, or generated here) or try the sandbox.

use crate::app::ui::spinner_ui;
use std::path::PathBuf;

use egui::{RichText, TextEdit, Ui};

use crate::app::dialog::DialogPurpose;
use crate::app::error_text::Localize;
use crate::app::i18n;
use crate::app::message::Command;
use crate::app::ui::fields::{enter_submitted, submit_on_enter};
use crate::app::ui::passphrase::{forget_field_if_empty, forget_new_passphrase, secret_field_id};
use crate::app::ui::{dialog_button_ui, note_ui, palette, typed_paths_shown, unavailable_note_ui};
use brlv_core::api::RsaKeyBits;

use crate::app::panel::{Ask, Outbox, Panel, Setting, Shared};

use crate::app::dialog::FileAnswer;
use crate::app::panel::profiles::{drop_gone_profile, profiles_ui};
use crate::app::ui::language_picker_ui;

use super::message::OnboardingCommand;

use super::state::{KeyDraft, KeySource, OnboardingDraft, OnboardingTold, Problem};

const FIELD_WIDTH: f32 = 460.0;

/// The name of the API key's field (see [`secret_field_id`]).
pub const API_KEY_FIELD: &str = "onboarding_api_key";
/// The name of the pasted private key's field.
pub const PASTED_KEY_FIELD: &str = "onboarding_pasted_key";
/// The name of the passphrase's two fields.
pub const PASSPHRASE_FIELDS: &str = "onboarding";

/// Forgets egui's copies of the form's secrets once they are gone from the
/// form: a pasted key once read, everything once the connection is open.
/// Called every frame, whether or not the form is drawn.
pub fn forget_used_secrets(ctx: &egui::Context, onboarding: &OnboardingDraft) {
    forget_field_if_empty(ctx, secret_field_id(API_KEY_FIELD), &onboarding.api_key);
    forget_field_if_empty(
        ctx,
        secret_field_id(PASTED_KEY_FIELD),
        &onboarding.pasted_pem,
    );
    forget_new_passphrase(ctx, PASSPHRASE_FIELDS, Some(&onboarding.passphrase));
}

impl Panel for OnboardingDraft {
    type Event = OnboardingTold;

    fn ui(&mut self, ui: &mut Ui, cx: &Shared, out: &mut Outbox) {
        onboarding_ui(ui, self, cx, out);
    }

    fn apply(&mut self, event: OnboardingTold, cx: &Shared, out: &mut Outbox) {
        match event {
            OnboardingTold::Worker(event) => {
                if let Some(command) = self.take_in(event) {
                    out.command(Command::Onboarding(command));
                }
            }
            OnboardingTold::Connecting => {
                self.connecting = true;
                self.connect_error = None;
            }
            OnboardingTold::ConnectFailed(reason) => {
                self.connecting = false;
                self.connect_error = Some(reason);
            }
            OnboardingTold::Connected => {
                if self.connecting {
                    self.clear_after_connect();
                }
            }
            OnboardingTold::ProfilesChanged => drop_gone_profile(&mut self.confirm_delete, cx),
            OnboardingTold::StartWithNewKey => {
                self.key_source = KeySource::Generated;
                out.ask(Ask::Set(over_the_open_one(cx)));
            }
            OnboardingTold::SaveEnvironmentKey => {
                if let Some(session) = &cx.session {
                    self.base_url = session.profile.base_url.clone();
                }
                self.key_source = KeySource::File;
                out.ask(Ask::Set(over_the_open_one(cx)));
                // The key file and the API key are filled in as the worker
                // reads them: only a name and a passphrase are left.
                out.command(Command::ReadEnvironmentProfile);
            }
            OnboardingTold::File(FileAnswer::Chosen(DialogPurpose::LoadKey, path)) => {
                self.key_path = path.display().to_string();
                self.file_key = KeyDraft::Working;
                out.command(Command::Onboarding(OnboardingCommand::LoadKeyFile(path)));
            }
            // The system's Save dialog asked before replacing it.
            OnboardingTold::File(FileAnswer::Chosen(
                DialogPurpose::SavePublicKey { pem },
                path,
            )) => {
                self.public_key_path = path.display().to_string();
                self.public_key_saved = None;
                out.command(Command::Onboarding(OnboardingCommand::SavePublicKey {
                    path,
                    pem,
                }));
            }
            OnboardingTold::File(_) => {}
        }
    }
}

/// The form is shown over the open connection, as adding a profile, or
/// alone when none is open.
fn over_the_open_one(cx: &Shared) -> Setting {
    if cx.connected() {
        Setting::AddProfile
    } else {
        Setting::StopAddingProfile
    }
}

/// Draws the onboarding screen.
fn onboarding_ui(ui: &mut Ui, onboarding: &mut OnboardingDraft, cx: &Shared, out: &mut Outbox) {
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.heading(cx.t("onboarding.title").as_ref());
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if let Some(language) = language_picker_ui(ui, cx.language) {
                    out.ask(Ask::Set(Setting::Language(language)));
                }
            });
        });
        ui.label(cx.t("onboarding.intro").as_ref());
        ui.add_space(12.0);
        if !cx.profiles.is_empty() && !cx.adding_profile {
            egui::Frame::group(ui.style())
                .inner_margin(12)
                .show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    profiles_ui(ui, cx, &mut onboarding.confirm_delete, out);
                });
            ui.add_space(12.0);
        }
        sandbox_card_ui(ui, cx, out);
        ui.add_space(12.0);
        connect_card_ui(ui, onboarding, cx, out);
    });
}

fn sandbox_card_ui(ui: &mut Ui, cx: &Shared, out: &mut Outbox) {
    egui::Frame::group(ui.style())
        .inner_margin(12)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(
                RichText::new(cx.t("onboarding.sandbox_title").as_ref())
                    .strong()
                    .size(16.0),
            );
            ui.label(cx.t("onboarding.sandbox_text").as_ref());
            ui.add_space(4.0);
            ui.horizontal(|ui| {
                // The one filled button of its card: trying costs nothing.
                let try_it = egui::Button::new(
                    RichText::new(cx.t("onboarding.try_sandbox").as_ref())
                        .strong()
                        .size(16.0),
                )
                .fill(ui.visuals().selection.bg_fill)
                .min_size(egui::vec2(220.0, 36.0));
                if ui.add_enabled(!cx.sandbox_starting, try_it).clicked() {
                    out.command(Command::StartSandbox);
                }
                if cx.sandbox_starting {
                    spinner_ui(ui);
                    ui.label(cx.t("onboarding.sandbox_starting").as_ref());
                }
            });
        });
}

/// A numbered step's title and the sentence that says where its parts come from.
fn step_ui(ui: &mut Ui, cx: &Shared, title: &'static str, text: &'static str) {
    ui.add_space(10.0);
    ui.label(RichText::new(cx.t(title).as_ref()).strong().size(15.0));
    ui.label(cx.t(text).as_ref());
    ui.add_space(4.0);
}

/// A problem message beside a field, in the person's language.
fn problem_ui(ui: &mut Ui, cx: &Shared, problem: Option<&Problem>) {
    if let Some(problem) = problem {
        ui.label(RichText::new(problem.localize(cx.language)).color(ui.visuals().error_fg_color));
    }
}

fn connect_card_ui(ui: &mut Ui, onboarding: &mut OnboardingDraft, cx: &Shared, out: &mut Outbox) {
    egui::Frame::group(ui.style())
        .inner_margin(12)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(
                RichText::new(cx.t("onboarding.connect_title").as_ref())
                    .strong()
                    .size(16.0),
            );
            // The widgets are added in the steps' order, which is also the
            // order Tab walks them.
            step_ui(
                ui,
                cx,
                "onboarding.step_service",
                "onboarding.step_service_text",
            );
            service_step_ui(ui, onboarding, cx);
            // A key brought from a file or pasted is not created here: the
            // step says so instead of promising a new pair.
            let (key_step, key_step_text) = match onboarding.key_source {
                KeySource::Generated => ("onboarding.step_key", "onboarding.step_key_text"),
                KeySource::File | KeySource::Pasted => {
                    ("onboarding.step_key_own", "onboarding.step_key_own_text")
                }
            };
            step_ui(ui, cx, key_step, key_step_text);
            key_step_ui(ui, onboarding, cx, out);
            step_ui(
                ui,
                cx,
                "onboarding.step_register",
                "onboarding.step_register_text",
            );
            public_key_ui(ui, onboarding, cx, out);
            step_ui(
                ui,
                cx,
                "onboarding.step_protect",
                "onboarding.step_protect_text",
            );
            protect_step_ui(ui, onboarding, cx);
            ui.add_space(8.0);
            connect_row_ui(ui, onboarding, cx, out);
        });
}

/// Step 1: the service's address and the API key.
fn service_step_ui(ui: &mut Ui, onboarding: &mut OnboardingDraft, cx: &Shared) {
    let problems = onboarding.problems();
    let base_url_label = ui.label(cx.t("onboarding.base_url").as_ref());
    let base_url_field = ui
        .add(
            TextEdit::singleline(&mut onboarding.base_url)
                .hint_text("https://")
                .desired_width(FIELD_WIDTH),
        )
        .labelled_by(base_url_label.id);
    submit_on_enter(ui, &base_url_field);
    if !onboarding.base_url.is_empty() {
        problem_ui(ui, cx, problems.base_url.as_ref());
    }

    let api_key_label = ui.label(cx.t("onboarding.api_key").as_ref());
    let api_key_field = ui
        .add(
            TextEdit::singleline(&mut *onboarding.api_key)
                .id(secret_field_id(API_KEY_FIELD))
                .password(true)
                .desired_width(FIELD_WIDTH),
        )
        .labelled_by(api_key_label.id);
    submit_on_enter(ui, &api_key_field);
}

/// Step 4: the profile's name, the passphrase that seals the key, and
/// whether the profile is kept.
fn protect_step_ui(ui: &mut Ui, onboarding: &mut OnboardingDraft, cx: &Shared) {
    let problems = onboarding.problems();
    let name_label = ui.label(cx.t("onboarding.name").as_ref());
    let hint = cx.t("onboarding.name_hint");
    let name_field = ui
        .add(
            TextEdit::singleline(&mut onboarding.name)
                .hint_text(hint.as_ref())
                .desired_width(FIELD_WIDTH),
        )
        .labelled_by(name_label.id);
    submit_on_enter(ui, &name_field);
    if !onboarding.name.is_empty() {
        problem_ui(ui, cx, problems.name.as_ref());
    }
    ui.add_space(6.0);
    ui.label(RichText::new(cx.t("passphrase.title").as_ref()).strong());
    let _ = crate::app::ui::passphrase::new_passphrase_ui(
        ui,
        cx.language,
        &mut onboarding.passphrase,
        PASSPHRASE_FIELDS,
    );
    ui.add_space(6.0);
    let save_label = cx.t("onboarding.save_profile");
    ui.checkbox(&mut onboarding.save_profile, save_label.as_ref());
    ui.label(RichText::new(cx.t("onboarding.save_profile_hint").as_ref()).weak());
}

fn connect_row_ui(ui: &mut Ui, onboarding: &mut OnboardingDraft, cx: &Shared, out: &mut Outbox) {
    let problems = onboarding.problems();
    let request = onboarding.connect_request();
    ui.horizontal(|ui| {
        let mut connect =
            egui::Button::new(RichText::new(cx.t("onboarding.connect").as_ref()).strong());
        if request.is_some() {
            connect = connect.fill(ui.visuals().selection.bg_fill);
        }
        let connect = ui.add_enabled(request.is_some(), connect);
        if !problems.is_empty() {
            let missing: Vec<String> = [
                &problems.base_url,
                &problems.api_key,
                &problems.key,
                &problems.name,
                &problems.passphrase,
            ]
            .into_iter()
            .flatten()
            .map(|problem| problem.localize(cx.language))
            .collect();
            connect.clone().on_disabled_hover_text(missing.join("\n"));
        }
        if (connect.clicked() || enter_submitted(ui))
            && let Some(request) = request
        {
            out.command(Command::Connect(request));
        }
        if onboarding.connecting {
            spinner_ui(ui);
            ui.label(cx.t("onboarding.testing").as_ref());
        }
        if cx.adding_profile && ui.button(cx.t("onboarding.cancel").as_ref()).clicked() {
            out.ask(Ask::Set(Setting::StopAddingProfile));
        }
    });
    if let Some(error) = &onboarding.connect_error {
        ui.label(
            RichText::new(cx.t("onboarding.connect_failed").as_ref())
                .strong()
                .color(ui.visuals().error_fg_color),
        );
        ui.label(RichText::new(error).color(ui.visuals().error_fg_color));
    }
}

/// Step 2: the key pair, created here unless *Advanced* says otherwise
/// (another size, or a key the person already has).
fn key_step_ui(ui: &mut Ui, onboarding: &mut OnboardingDraft, cx: &Shared, out: &mut Outbox) {
    if onboarding.key_source == KeySource::Generated {
        let working = matches!(onboarding.generated_key, KeyDraft::Working);
        if ui
            .add_enabled(
                !working,
                egui::Button::new(cx.t("onboarding.generate").as_ref()),
            )
            .clicked()
        {
            onboarding.generated_key = KeyDraft::Working;
            out.command(Command::Onboarding(OnboardingCommand::GenerateKey(
                onboarding.key_bits,
            )));
        }
    }
    // Open by itself when the key comes from elsewhere, so the choice stays in sight.
    egui::CollapsingHeader::new(cx.t("advanced.title").as_ref())
        .id_salt("onboarding_key_advanced")
        .default_open(onboarding.key_source != KeySource::Generated)
        .show(ui, |ui| {
            ui.label(RichText::new(cx.t("onboarding.key_advanced_text").as_ref()).weak());
            ui.add_space(4.0);
            ui.label(cx.t("onboarding.key_size").as_ref());
            ui.horizontal(|ui| {
                ui.radio_value(&mut onboarding.key_bits, RsaKeyBits::Rsa2048, "RSA 2048");
                ui.radio_value(&mut onboarding.key_bits, RsaKeyBits::Rsa3072, "RSA 3072");
            });
            ui.add_space(4.0);
            existing_key_ui(ui, onboarding, cx, out);
        });
    key_status_ui(ui, onboarding, cx);
}

#[expect(
    clippy::float_arithmetic,
    reason = "screen geometry in points, never money"
)]
fn existing_key_ui(ui: &mut Ui, onboarding: &mut OnboardingDraft, cx: &Shared, out: &mut Outbox) {
    let key_label = ui.label(cx.t("onboarding.private_key").as_ref());
    let sources = [
        (KeySource::Generated, "onboarding.key_generated"),
        (KeySource::File, "onboarding.key_from_file"),
        (KeySource::Pasted, "onboarding.key_pasted"),
    ];
    for (source, key) in sources {
        ui.radio_value(
            &mut onboarding.key_source,
            source,
            i18n::tr(cx.language, key).as_ref(),
        );
    }
    match onboarding.key_source {
        KeySource::File => {
            let language = cx.language;
            let working = matches!(onboarding.file_key, KeyDraft::Working);
            let choose = cx.t("onboarding.choose_key_file");
            let typed = ui
                .horizontal(|ui| {
                    if dialog_button_ui(ui, language, choose.as_ref(), working) {
                        out.ask(Ask::ChooseFile(DialogPurpose::LoadKey));
                    }
                    typed_paths_shown(ui)
                })
                .inner;
            if typed {
                unavailable_note_ui(ui, language);
                ui.horizontal(|ui| {
                    let hint = cx.t("onboarding.key_path_hint");
                    ui.add(
                        TextEdit::singleline(&mut onboarding.key_path)
                            .hint_text(hint.as_ref())
                            .desired_width(FIELD_WIDTH - 90.0),
                    )
                    .labelled_by(key_label.id);
                    let path = onboarding.key_path.trim().to_owned();
                    if ui
                        .add_enabled(
                            !path.is_empty(),
                            egui::Button::new(cx.t("onboarding.load").as_ref()),
                        )
                        .clicked()
                    {
                        onboarding.file_key = KeyDraft::Working;
                        out.command(Command::Onboarding(OnboardingCommand::LoadKeyFile(
                            PathBuf::from(path),
                        )));
                    }
                });
            } else if !onboarding.key_path.trim().is_empty() {
                note_ui(ui, onboarding.key_path.trim());
            }
        }
        KeySource::Pasted => {
            let hint = cx.t("onboarding.paste_hint");
            // A pasted key is ~30 lines: keep the form's buttons in view.
            let response = egui::ScrollArea::vertical()
                .id_salt("pasted_pem")
                .max_height(120.0)
                .show(ui, |ui| {
                    ui.add(
                        TextEdit::multiline(&mut *onboarding.pasted_pem)
                            .id(secret_field_id(PASTED_KEY_FIELD))
                            .hint_text(hint.as_ref())
                            .font(egui::TextStyle::Monospace)
                            .desired_rows(4)
                            .desired_width(FIELD_WIDTH),
                    )
                    .labelled_by(key_label.id)
                })
                .inner;
            if response.changed() {
                onboarding.pasted_changed();
            }
        }
        KeySource::Generated => {}
    }
}

fn key_status_ui(ui: &mut Ui, onboarding: &OnboardingDraft, cx: &Shared) {
    match onboarding.selected_key() {
        KeyDraft::Empty => {}
        KeyDraft::Working => {
            ui.horizontal(|ui| {
                spinner_ui(ui);
                ui.label(cx.t("onboarding.key_working").as_ref());
            });
        }
        KeyDraft::Ready(key) => {
            ui.label(
                RichText::new(
                    cx.t_with("onboarding.key_ready", &[("bits", &key.bits().to_string())]),
                )
                .color(palette::of(ui).success),
            );
        }
        KeyDraft::Refused(reason) => {
            ui.label(
                RichText::new(cx.t("onboarding.key_refused").as_ref())
                    .strong()
                    .color(ui.visuals().error_fg_color),
            );
            ui.label(
                RichText::new(reason.localize(cx.language)).color(ui.visuals().error_fg_color),
            );
        }
    }
}

/// Step 3: the public key of whichever key is ready, to copy (or save) and
/// register at the service.
#[expect(
    clippy::float_arithmetic,
    reason = "screen geometry in points, never money"
)]
fn public_key_ui(ui: &mut Ui, onboarding: &mut OnboardingDraft, cx: &Shared, out: &mut Outbox) {
    let Some(key) = onboarding.selected_key().key() else {
        ui.label(RichText::new(cx.t("onboarding.step_register_waiting").as_ref()).weak());
        return;
    };
    let public_pem = key.public_key_pem().to_owned();
    let title = ui.label(cx.t("onboarding.public_key_title").as_ref());
    let mut shown = public_pem.as_str();
    ui.add(
        TextEdit::multiline(&mut shown)
            .font(egui::TextStyle::Monospace)
            .desired_rows(6)
            .desired_width(FIELD_WIDTH),
    )
    .labelled_by(title.id);
    let language = cx.language;
    let typed = ui
        .horizontal(|ui| {
            if ui.button(cx.t("onboarding.copy").as_ref()).clicked() {
                ui.ctx().copy_text(public_pem.clone());
            }
            let save = cx.t("onboarding.save_public_key_dialog");
            if dialog_button_ui(ui, language, save.as_ref(), false) {
                out.ask(Ask::ChooseFile(DialogPurpose::SavePublicKey {
                    pem: public_pem.clone(),
                }));
            }
            typed_paths_shown(ui)
        })
        .inner;
    if typed {
        unavailable_note_ui(ui, language);
        ui.horizontal(|ui| {
            let hint = cx.t("onboarding.public_key_path_hint");
            ui.add(
                TextEdit::singleline(&mut onboarding.public_key_path)
                    .hint_text(hint.as_ref())
                    .desired_width(FIELD_WIDTH - 170.0),
            )
            .labelled_by(title.id);
            let path = onboarding.public_key_path.trim().to_owned();
            if ui
                .add_enabled(
                    !path.is_empty(),
                    egui::Button::new(cx.t("onboarding.save_public_key").as_ref()),
                )
                .clicked()
            {
                onboarding.public_key_saved = None;
                out.write_file(Command::Onboarding(OnboardingCommand::SavePublicKey {
                    path: PathBuf::from(path),
                    pem: public_pem.clone(),
                }));
            }
        });
    }
    match &onboarding.public_key_saved {
        Some(Ok(path)) => {
            ui.label(
                RichText::new(cx.t_with(
                    "onboarding.public_key_saved",
                    &[("path", &path.display().to_string())],
                ))
                .color(palette::of(ui).success),
            );
        }
        Some(Err(error)) => {
            let reason = error.localize(cx.language);
            ui.label(
                RichText::new(cx.t_with("onboarding.public_key_not_saved", &[("reason", &reason)]))
                    .color(ui.visuals().error_fg_color),
            );
        }
        None => {}
    }
}
