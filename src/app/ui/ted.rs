//! The TED form, the same wherever a TED's destination is typed (a
//! withdrawal, a saved recipient): its draft is `app::ted`.

use egui::Ui;

use crate::app::form::{Field, FieldErrors};
use crate::app::i18n::tr;
use crate::app::ted::{TedDraft, bank_name, banks};
use brlv_core::api::payout::BankAccountType;

use super::fields::{field_message, text_field_ui};

/// The TED's destination: bank (from the list or typed), branch, account,
/// account type, the holder's CPF or CNPJ and name, as a bank app asks.
/// `id_salt` tells this form's bank list from another's; the words are in
/// the language the widgets speak.
pub fn ted_form_ui(ui: &mut Ui, id_salt: &str, draft: &mut TedDraft, errors: Option<&FieldErrors>) {
    let language = super::context::language(ui);
    let t = |key: &'static str| tr(language, key);
    let message = |field| field_message(language, errors, field);
    let other = t("withdrawals.bank_other");
    let pick_bank = t("withdrawals.pick_bank");
    ui.horizontal(|ui| {
        let label = ui.label(t("withdrawals.bank").as_ref());
        let code = &mut draft.bank_code;
        let shown = match bank_name(code) {
            Some(name) => format!("{} {name}", code.trim()),
            None if code.trim().is_empty() => pick_bank.to_string(),
            None => other.to_string(),
        };
        egui::ComboBox::from_id_salt(id_salt)
            .selected_text(shown)
            .width(260.0)
            .show_ui(ui, |ui| {
                for bank in banks() {
                    let text = format!("{} {}", bank.code, bank.name);
                    ui.selectable_value(code, bank.code.to_owned(), text);
                }
            })
            .response
            .labelled_by(label.id);
    });
    // Hints give the shape, not a number that could pass for a real bank,
    // branch or account left in the field.
    let fields = [
        ("withdrawals.bank_code", "000", 80.0, Field::BankCode),
        ("withdrawals.branch", "0000", 80.0, Field::Branch),
        ("withdrawals.account", "00000-0", 160.0, Field::BankAccount),
    ];
    for (key, hint, width, field) in fields {
        let label = t(key);
        let ted = &mut *draft;
        let value = match field {
            Field::BankCode => &mut ted.bank_code,
            Field::Branch => &mut ted.branch,
            _ => &mut ted.account,
        };
        text_field_ui(ui, &label, value, hint, width, message(field));
    }
    let (checking, savings) = (t("withdrawals.checking"), t("withdrawals.savings"));
    ui.horizontal(|ui| {
        ui.label(t("withdrawals.account_type").as_ref());
        let kind = &mut draft.account_type;
        ui.radio_value(kind, BankAccountType::Checking, checking.as_ref());
        ui.radio_value(kind, BankAccountType::Savings, savings.as_ref());
    });
    let document_label = t("withdrawals.holder_document");
    text_field_ui(
        ui,
        &document_label,
        &mut draft.document,
        "000.000.000-00",
        200.0,
        message(Field::HolderDocument),
    );
    let name_label = t("withdrawals.holder_name");
    let name_hint = t("withdrawals.holder_name_hint");
    text_field_ui(
        ui,
        &name_label,
        &mut draft.name,
        &name_hint,
        300.0,
        message(Field::HolderName),
    );
}
