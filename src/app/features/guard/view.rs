//! What the guard shows: the lock screen (no amount, no list, no draft), the
//! transaction password at a money-moving request's confirmation step, and
//! the one-time offer to seal a plain key.

use egui::{Key, RichText, TextEdit, Ui};

use crate::app::features::onboarding::state::KeySource;
use crate::app::features::taxes::sale::{SaleTone, sale_effect_text};
use crate::app::format::asset_amount_text;
use crate::app::message::Command;
use crate::app::state::AppState;
use crate::app::submit::SubmitRequest;

use super::state::{PassphrasePrompt, PassphrasePurpose, SealOffer};
use crate::app::ui::palette;
use crate::app::ui::passphrase::{FIELD_WIDTH, new_passphrase_ui};

/// The unlock screen: the profile's name and the passphrase field, nothing
/// of the account.
pub fn lock_screen_ui(ui: &mut Ui, state: &mut AppState) {
    let opening = state.guard.opening.clone();
    ui.vertical_centered(|ui| {
        ui.add_space(80.0);
        ui.heading(state.t("lock.title").as_ref());
        let name = opening
            .as_ref()
            .or(state.session.as_ref().map(|session| &session.profile))
            .map(|profile| profile.name.clone())
            .unwrap_or_default();
        ui.label(state.t_with("lock.profile", &[("name", &name)]));
        ui.add_space(12.0);
        let (submitted, label_text) = (
            passphrase_field_ui(ui, state, PassphrasePurpose::Unlock),
            state.t("lock.unlock"),
        );
        let ready = ready_to_check(state, &state.guard.unlock);
        let unlock = ui
            .add_enabled(ready, egui::Button::new(label_text.as_ref()))
            .clicked();
        if (unlock || submitted) && ready {
            state.check_passphrase(PassphrasePurpose::Unlock);
        }
        prompt_status_ui(ui, state, PassphrasePurpose::Unlock);
        ui.add_space(16.0);
        ui.label(RichText::new(state.t("lock.forgotten").as_ref()).weak());
        if opening.is_some()
            && ui
                .button(state.t("lock.new_key").as_ref())
                .on_hover_text(state.t("lock.new_key_hint").as_ref())
                .clicked()
        {
            state.guard.opening = None;
            state.onboarding.key_source = KeySource::Generated;
            state.adding_profile = state.session.is_some();
        }
        // Opening another profile from an open one can be called off.
        if opening.is_some()
            && state.session.is_some()
            && !state.guard.locked
            && ui.button(state.t("authorize.cancel").as_ref()).clicked()
        {
            state.guard.opening = None;
        }
    });
}

/// The passphrase field of `purpose`'s prompt; true when Enter was pressed in it.
fn passphrase_field_ui(ui: &mut Ui, state: &mut AppState, purpose: PassphrasePurpose) -> bool {
    let label = ui.label(state.t("lock.passphrase").as_ref());
    let prompt = match purpose {
        PassphrasePurpose::Unlock => &mut state.guard.unlock,
        PassphrasePurpose::Transaction => match state.guard.authorization.as_mut() {
            Some(authorization) => &mut authorization.prompt,
            None => return false,
        },
    };
    let response = ui
        .add(
            TextEdit::singleline(&mut *prompt.text)
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

fn ready_to_check(state: &AppState, prompt: &PassphrasePrompt) -> bool {
    !prompt.text.is_empty()
        && prompt.checking.is_none()
        && state.guard.attempts.wait_ms(state.now) == 0
}

/// "Checking…", or a wrong passphrase and how long to wait.
fn prompt_status_ui(ui: &mut Ui, state: &AppState, purpose: PassphrasePurpose) {
    let prompt = match purpose {
        PassphrasePurpose::Unlock => &state.guard.unlock,
        PassphrasePurpose::Transaction => match state.guard.authorization.as_ref() {
            Some(authorization) => &authorization.prompt,
            None => return,
        },
    };
    if prompt.checking.is_some() {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(state.t("lock.checking").as_ref());
        });
        return;
    }
    if prompt.wrong {
        ui.label(RichText::new(state.t("lock.wrong").as_ref()).color(palette::of(ui).error));
        let wait = state.guard.attempts.wait_ms(state.now);
        if wait > 0 {
            let seconds = wait.div_ceil(1_000).to_string();
            ui.label(state.t_with("lock.wait", &[("seconds", &seconds)]));
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(250));
        }
    }
}

/// The confirmation step of a money-moving request: what leaves and where
/// it goes, and the passphrase. Nothing is sent until the worker says the
/// passphrase opens the key.
pub fn authorization_ui(ui: &mut Ui, state: &mut AppState) {
    let sale = order_sale_line(ui, state);
    let Some(authorization) = state.guard.authorization.as_ref() else {
        return;
    };
    let lines = summary(state, &authorization.request);
    let modal = egui::Modal::new(egui::Id::unique("transaction_password")).show(ui.ctx(), |ui| {
        ui.set_width(420.0);
        ui.heading(state.t("authorize.title").as_ref());
        ui.label(state.t("authorize.intro").as_ref());
        ui.add_space(6.0);
        egui::Grid::new("authorize_summary")
            .num_columns(2)
            .spacing([16.0, 6.0])
            .show(ui, |ui| {
                for (label, value) in &lines {
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
        let submitted = passphrase_field_ui(ui, state, PassphrasePurpose::Transaction);
        let ready = state
            .guard
            .authorization
            .as_ref()
            .is_some_and(|authorization| ready_to_check(state, &authorization.prompt));
        ui.horizontal(|ui| {
            let confirm = ui
                .add_enabled(
                    ready,
                    egui::Button::new(state.t("authorize.confirm").as_ref()),
                )
                .clicked();
            if (confirm || submitted) && ready {
                state.check_passphrase(PassphrasePurpose::Transaction);
            }
            if ui.button(state.t("authorize.cancel").as_ref()).clicked() {
                state.cancel_authorization();
            }
        });
        prompt_status_ui(ui, state, PassphrasePurpose::Transaction);
    });
    if modal.should_close()
        && state
            .guard
            .authorization
            .as_ref()
            .is_some_and(|authorization| authorization.prompt.checking.is_none())
    {
        state.cancel_authorization();
    }
}

/// For an order that sells tokens, what it makes of this month's sales
/// against R$35,000 (the tax report's count), in a sentence.
fn order_sale_line(ui: &Ui, state: &mut AppState) -> Option<(String, SaleTone)> {
    let Some(SubmitRequest::Order(order)) = state
        .guard
        .authorization
        .as_ref()
        .map(|authorization| &authorization.request)
    else {
        return None;
    };
    let quote_id = order.quote_id;
    if state.orders.form.current_quote().map(|quote| quote.id) != Some(quote_id) {
        return None;
    }
    let effect = state.order_sale_effect(ui.ctx())?;
    Some(sale_effect_text(state.amount_format(), &effect))
}

/// What leaves and where it goes, line by line.
fn summary(state: &AppState, request: &SubmitRequest) -> Vec<(String, String)> {
    let language = state.language;
    let amounts = state.amount_format();
    let t = |key: &'static str| state.t(key).into_owned();
    match request {
        SubmitRequest::Withdrawal(withdrawal) => vec![
            (t("authorize.what"), t("authorize.withdrawal")),
            (
                t("accounts.amount"),
                asset_amount_text(amounts, Some(withdrawal.amount), Some(&withdrawal.asset)),
            ),
            (
                t("withdrawals.destination"),
                crate::app::features::withdrawals::view::destination_text(language, withdrawal),
            ),
        ],
        SubmitRequest::Transfer(transfer) => vec![
            (t("authorize.what"), t("authorize.transfer")),
            (
                t("accounts.amount"),
                asset_amount_text(amounts, Some(transfer.amount), Some(&transfer.asset)),
            ),
            (t("authorize.from"), transfer.source_address.clone()),
            (t("authorize.to"), transfer.target_address.clone()),
        ],
        SubmitRequest::Claim {
            wallet_address,
            request,
        } => vec![
            (t("authorize.what"), t("authorize.claim")),
            (t("accounts.amount"), amounts.brl(request.amount)),
            (
                t("authorize.paid_in"),
                request.target_asset_code.as_str().to_uppercase(),
            ),
            (
                t("authorize.to"),
                wallet_address
                    .clone()
                    .unwrap_or_else(|| t("authorize.account")),
            ),
        ],
        SubmitRequest::Order(order) => {
            let mut lines = vec![(t("authorize.what"), t("authorize.order"))];
            if let Some(quote) = state
                .orders
                .form
                .current_quote()
                .filter(|quote| quote.id == order.quote_id)
            {
                lines.push((
                    t("authorize.pays"),
                    asset_amount_text(amounts, quote.source_amount, quote.source_asset.as_ref()),
                ));
                lines.push((
                    t("authorize.receives"),
                    asset_amount_text(amounts, quote.target_amount, quote.target_asset.as_ref()),
                ));
            }
            lines.push((
                t("authorize.from"),
                order
                    .source_wallet_address
                    .clone()
                    .unwrap_or_else(|| t("authorize.account")),
            ));
            if let Some(to) = order
                .target_end_user_pix_key
                .clone()
                .or_else(|| order.target_wallet_address.clone())
            {
                lines.push((t("authorize.to"), to));
            }
            lines.push((t("authorize.quote"), order.quote_id.to_string()));
            lines
        }
        SubmitRequest::Wallet(wallet) => vec![(t("authorize.what"), wallet.wallet_name.clone())],
    }
}

/// The one-time offer to seal a plain-key profile, above the current view.
pub fn seal_offer_ui(ui: &mut Ui, state: &mut AppState) {
    let language = state.language;
    let mut decline = false;
    let mut seal = None;
    let offer = std::mem::take(&mut state.guard.seal_offer);
    let offer = match offer {
        SealOffer::None => return,
        SealOffer::Open(mut new) => {
            egui::Frame::group(ui.style())
                .inner_margin(12)
                .show(ui, |ui| {
                    ui.label(RichText::new(state.t("seal_offer.title").as_ref()).strong());
                    ui.label(state.t("seal_offer.text").as_ref());
                    let passphrase = new_passphrase_ui(ui, language, &mut new);
                    ui.horizontal(|ui| {
                        if ui
                            .add_enabled(
                                passphrase.is_some(),
                                egui::Button::new(state.t("seal_offer.seal").as_ref()),
                            )
                            .clicked()
                        {
                            seal = passphrase;
                        }
                        if ui.button(state.t("seal_offer.later").as_ref()).clicked() {
                            decline = true;
                        }
                    });
                });
            SealOffer::Open(new)
        }
        SealOffer::Sealing => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(state.t("seal_offer.sealing").as_ref());
            });
            SealOffer::Sealing
        }
        SealOffer::Failed(reason) => {
            ui.label(
                RichText::new(state.t_with("seal_offer.failed", &[("reason", &reason)]))
                    .color(palette::of(ui).error),
            );
            if ui.button(state.t("seal_offer.later").as_ref()).clicked() {
                decline = true;
            }
            SealOffer::Failed(reason)
        }
    };
    state.guard.seal_offer = offer;
    if let Some(passphrase) = seal {
        state.guard.seal_offer = SealOffer::Sealing;
        state.push(Command::SealProfile { passphrase });
    } else if decline {
        state.guard.seal_offer = SealOffer::None;
    }
}

/// A note that the open profile moves money without a passphrase (the
/// sandbox, a plain key file).
pub fn unprotected_note_ui(ui: &mut Ui, state: &AppState) {
    if state.session.is_none() || state.requires_passphrase() {
        return;
    }
    let key = if state.is_sandbox() {
        "lock.sandbox_unprotected"
    } else {
        "lock.unprotected"
    };
    ui.label(RichText::new(state.t(key).as_ref()).color(palette::of(ui).warning));
}
