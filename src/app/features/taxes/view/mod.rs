//! The Taxes view: the year chosen (the current one first), under the
//! disclaimer; this month's sales beside the service's own figure
//! ([`service`]); the months against R$35,000 with the gain or loss per
//! asset, the tax and the DARF with its "paid" mark ([`months`]); the
//! months that may owe a report to the Receita (DeCripto, [`decripto`]); what to
//! declare: the positions with their Bens e Direitos code and the
//! Discriminação to copy, the exempt gains, the months with tax due
//! ([`declaration`]); the ledger of each asset and the entries to check,
//! where a cost or a value in reais is typed ([`ledger`]); the tokens sent
//! outside the service, each asking what it was ([`outflows`]); the files
//! for an accountant ([`files`]); and every rule the figures rest on. Above
//! the figures, the Banco Central's rates being asked, or the days and
//! months it did not give ([`central_bank`]).
//!
//! Every figure has an accessible name that says what it is; every rule
//! that is practice rather than law is labelled where it is used.

mod bens;
mod central_bank;
mod declaration;
mod decripto;
mod figure;
mod files;
mod late;
mod ledger;
mod months;
mod outflows;
mod service;

use crate::app::ui::spinner_ui;
use egui::{RichText, Ui};

use crate::app::features::taxes::message::TaxesCommand;
use crate::app::features::taxes::state::{TaxFile, TaxesPart, TaxesState, TaxesTold};
use crate::app::i18n::Language;
use crate::app::message::Command;
use crate::app::panel::Panel;
use crate::app::panel::{Outbox, Shared};
use crate::app::ui::{Tone, badge_ui, note_ui, palette, section_ui};
use brlv_core::tax::{LedgerDetail, Reading, Standing};

use super::words::{disclaimer, reading_name, standing_text};

impl Panel for TaxesState {
    type Event = TaxesTold;

    fn ui(&mut self, ui: &mut Ui, cx: &Shared, out: &mut Outbox) {
        taxes_ui(ui, self, cx, out);
    }

    fn apply(&mut self, event: TaxesTold, cx: &Shared, out: &mut Outbox) {
        match event {
            TaxesTold::PricesArrived(prices) => self.prices_arrived(prices),
            TaxesTold::Restored(journal) => self.restore(*journal),
            TaxesTold::InputKept(input) => self.kept(input),
            TaxesTold::CentralBankArrived(answer) => self.central_bank_arrived(*answer),
            TaxesTold::SaveCsv => files::save(self, cx, out, TaxFile::Csv),
            TaxesTold::SavePdf => files::save(self, cx, out, TaxFile::Pdf),
            TaxesTold::File(answer) => files::file_answer(self, answer, cx, out),
        }
    }
}

impl TaxesState {
    /// The year's figures as last computed (worked out anew, off the
    /// frame, when the lists changed), and whether newer ones are being
    /// computed; the service's prices and the Banco Central's rates the
    /// figures still lack are asked for.
    pub fn figures_asking(
        &mut self,
        ctx: &egui::Context,
        cx: &Shared,
        out: &mut Outbox,
        detail: LedgerDetail,
    ) -> (
        std::sync::Arc<crate::app::features::taxes::figures::TaxFigures>,
        bool,
    ) {
        let (figures, busy) = self.figures_with(ctx, &cx.data, cx.wall_now, detail);
        if cx.connected()
            && let Some(assets) = self.prices_to_ask(&figures)
        {
            out.command(Command::Taxes(TaxesCommand::Prices(assets)));
        }
        if cx.connected()
            && let Some(ask) = self.central_bank_to_ask(&figures, cx.wall_now)
        {
            out.command(Command::Taxes(ask));
        }
        (figures, busy)
    }
}

/// Draws the Taxes view.
fn taxes_ui(ui: &mut Ui, taxes: &mut TaxesState, cx: &Shared, out: &mut Outbox) {
    let language = cx.language;
    ui.heading(cx.t("nav.taxes").as_ref());
    ui.add_space(4.0);
    let warning = palette::of(ui).warning;
    egui::Frame::group(ui.style())
        .stroke(egui::Stroke::new(1.0, warning))
        .inner_margin(10)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.add(egui::Label::new(RichText::new(disclaimer(language)).strong()).wrap());
        });
    ui.add_space(8.0);
    let (figures, busy) = taxes.figures_asking(ui.ctx(), cx, out, LedgerDetail::Entries);
    year_choice_ui(ui, taxes, cx, &figures.years, busy);
    let lists_missing = cx.data.orders.value().is_none();
    // Figures built for the Overview hold the months' sums alone; the
    // entries are being built, and nothing is drawn from half the ledger.
    let whole = figures.ledger.detail == LedgerDetail::Entries;
    let Some(year) = figures.year.clone().filter(|_| whole) else {
        ui.horizontal(|ui| {
            spinner_ui(ui);
            ui.label(
                cx.t(if lists_missing {
                    "accounts.loading"
                } else {
                    "taxes.computing"
                })
                .as_ref(),
            );
        });
        return;
    };
    // Orders the report could not count: said before every figure they
    // leave out of, in the colour of what costs money.
    if let Some(notice) = figures
        .ledger
        .unknown_states_notice(super::words::report_language(language))
    {
        let danger = palette::of(ui).error;
        egui::Frame::group(ui.style())
            .stroke(egui::Stroke::new(1.0, danger))
            .inner_margin(10)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.add(egui::Label::new(RichText::new(notice).strong()).wrap());
                ui.add(egui::Label::new(cx.t("taxes.not_counted_note").as_ref()).wrap());
            });
        ui.add_space(6.0);
    }
    if taxes.unread > 0 {
        note_ui(
            ui,
            &cx.t_with("taxes.unread", &[("count", &taxes.unread.to_string())]),
        );
    }
    central_bank::central_bank_ui(ui, taxes, cx, &figures);
    ui.add_space(6.0);
    let current = brlv_core::tax::YearMonth::in_brasilia(cx.wall_now).year;
    if year.year == current {
        section_ui(ui, &cx.t("taxes.this_month_heading"), |ui| {
            service::this_month_ui(ui, cx, &figures);
        });
    }
    section_ui(ui, &cx.t("taxes.months_heading"), |ui| {
        months::months_ui(ui, cx, out, &figures, &year);
    });
    let declaration_top = ui.cursor().min;
    section_ui(ui, &cx.t("taxes.decripto.heading"), |ui| {
        decripto::decripto_ui(ui, cx, &year);
    });
    section_ui(ui, &cx.t("taxes.declaration_heading"), |ui| {
        declaration::declaration_ui(ui, taxes, cx, out, &figures, &year);
    });
    if taxes.part_in_view == Some(TaxesPart::Declaration) {
        figure::scroll_to_top(ui, declaration_top);
    }
    section_ui(ui, &cx.t("taxes.ledger_heading"), |ui| {
        ledger::ledger_ui(ui, taxes, cx, &figures);
    });
    section_ui(ui, &cx.t("taxes.outflows_heading"), |ui| {
        outflows::outflows_ui(ui, cx, out, &figures);
    });
    section_ui(ui, &cx.t("taxes.to_check_heading"), |ui| {
        ledger::to_check_ui(ui, taxes, cx, out, &figures);
    });
    section_ui(ui, &cx.t("taxes.files_heading"), |ui| {
        files::files_ui(ui, taxes, cx, out, year.year);
    });
    section_ui(ui, &cx.t("taxes.rules_heading"), |ui| {
        note_ui(ui, &cx.t("taxes.rules_note"));
        for reading in &year.readings {
            reading_row_ui(ui, language, *reading);
        }
    });
}

/// The year shown, among the years with a movement; a spinner while newer
/// figures are computed.
fn year_choice_ui(ui: &mut Ui, taxes: &mut TaxesState, cx: &Shared, years: &[i32], busy: bool) {
    let shown = taxes.shown_year(cx.wall_now);
    ui.horizontal(|ui| {
        let label = ui.label(cx.t("taxes.year").as_ref());
        let mut chosen = shown;
        egui::ComboBox::from_id_salt("tax_year")
            .selected_text(shown.to_string())
            .show_ui(ui, |ui| {
                for year in years.iter().rev() {
                    ui.selectable_value(&mut chosen, *year, year.to_string());
                }
            })
            .response
            .labelled_by(label.id);
        if chosen != shown {
            taxes.year = Some(chosen);
            taxes.ledger_asset = None;
            // Another year's report is another document: its typed path
            // starts empty, so it never lands on the last year's file.
            taxes.pdf.path.clear();
            taxes.xlsx.path.clear();
        }
        if busy {
            spinner_ui(ui);
            ui.label(cx.t("taxes.computing").as_ref());
        }
    });
}

/// One rule in the list at the foot: its name and standing, its text and source.
fn reading_row_ui(ui: &mut Ui, language: Language, reading: Reading) {
    let core = super::words::report_language(language);
    ui.horizontal_wrapped(|ui| {
        let tone = match reading.standing() {
            Standing::InForce => Tone::Success,
            Standing::Practice => Tone::Warning,
            Standing::Unclear => Tone::Danger,
            Standing::Notice => Tone::Info,
        };
        badge_ui(ui, standing_text(language, reading.standing()), tone);
        ui.label(RichText::new(reading_name(language, reading)).strong());
    });
    ui.add(egui::Label::new(reading.text(core)).wrap());
    ui.label(RichText::new(reading.source(core)).weak().italics());
    ui.add_space(4.0);
}
