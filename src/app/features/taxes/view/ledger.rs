//! The ledger of the year shown, one asset at a time: each movement with
//! its quantity, value, average cost before and after, and the gain of a
//! sale (only the rows in view are laid out); and the entries to check,
//! where the person types what tokens from outside cost, an order's value
//! in reais, or marks an address as their own. What is typed is kept in
//! the journal and marked as typed.

use egui::{RichText, Ui};
use uuid::Uuid;

use crate::app::features::journal::message::JournalCommand;
use crate::app::features::taxes::state::TaxesState;
use crate::app::form::{FieldErrors, amount_field};
use crate::app::i18n::tr;
use crate::app::message::Command;
use crate::app::panel::{Outbox, Shared};
use crate::app::ui::fields::{FieldMessage, field_message};
use crate::app::ui::table::{Cell, TableHead, cell_ui, resource_table_ui, row_sentence};
use crate::app::ui::{Tone, field_message_ui, note_ui};
use brlv_core::tax::ledger::{Entry, EntryKind, Flags, RecordRef};
use brlv_core::tax::{Ledger, Reading, TaxInput};

use super::super::figures::{AssetYear, TaxFigures};
use super::super::report::average_text;
use super::super::words::{flag_texts, kind_text};
use super::figure::rule_tags_ui;

/// The ledger's columns, by translation key.
const COLUMNS: [&str; 9] = [
    "taxes.col.date",
    "taxes.col.kind",
    "taxes.col.quantity",
    "taxes.col.value",
    "taxes.col.fees",
    "taxes.col.average_before",
    "taxes.col.average_after",
    "taxes.col.gain",
    "taxes.col.warnings",
];

/// The entries to check shown at once; the rest are in the ledger's CSV.
const TO_CHECK_SHOWN: usize = 100;

/// The ledger of one asset, chosen among those that moved in the year.
pub(super) fn ledger_ui(ui: &mut Ui, taxes: &mut TaxesState, cx: &Shared, figures: &TaxFigures) {
    let language = cx.language;
    rule_tags_ui(
        ui,
        language,
        &[
            Reading::WeightedAverageCost,
            Reading::OneAssetAcrossChains,
            Reading::SaleFee,
        ],
    );
    let ledger = &figures.ledger;
    let tickers: Vec<String> = figures
        .assets
        .iter()
        .map(|asset| ledger.asset_name(asset.asset).to_owned())
        .collect();
    if tickers.is_empty() {
        note_ui(ui, &cx.t("taxes.no_movement"));
        return;
    }
    let mut shown = taxes
        .ledger_asset
        .clone()
        .filter(|ticker| tickers.contains(ticker))
        .unwrap_or_else(|| tickers[0].clone());
    crate::app::ui::choice_ui(
        ui,
        "tax_ledger_asset",
        &cx.t("taxes.ledger_asset"),
        &mut shown,
        &tickers,
        Clone::clone,
    );
    taxes.ledger_asset = Some(shown.clone());
    let Some(asset) = figures
        .assets
        .iter()
        .find(|asset| ledger.asset_name(asset.asset) == shown)
    else {
        return;
    };
    let amounts = cx.amounts();
    let opening = cx.t_with(
        "taxes.opening",
        &[
            ("quantity", &amounts.number(asset.opening.quantity, 18)),
            ("asset", &shown),
            (
                "average",
                &average_text(amounts, asset.opening.average_cost()),
            ),
        ],
    );
    ui.label(RichText::new(opening).weak());
    let headers: Vec<String> = COLUMNS
        .iter()
        .map(|key| tr(language, key).into_owned())
        .collect();
    let header_refs: Vec<&str> = headers.iter().map(String::as_str).collect();
    let column_ids: Vec<egui::Id> = (0..COLUMNS.len())
        .map(|column| egui::Id::unique(("tax_ledger_column", column)))
        .collect();
    let mut row_cells: Option<(usize, Vec<Cell>)> = None;
    resource_table_ui(
        ui,
        TableHead {
            id_salt: "tax_ledger",
            headers: &header_refs,
            sorted_by: None,
            amount_columns: &[2, 3, 4, 5, 6, 7],
            // What is unusual about an entry, read whole.
            last_fits_content: true,
            row_lines: 1,
        },
        asset.entries.len(),
        None,
        |row, column, ui| {
            if row_cells.as_ref().is_none_or(|(at, _)| *at != row) {
                row_cells = Some((row, cells(cx, ledger, asset, row)));
            }
            if let Some(cell) = row_cells
                .as_ref()
                .and_then(|(_, cells)| cells.get(column).cloned())
            {
                cell_ui(ui, language, column_ids[column], cell);
            }
        },
        |row| row_sentence(language, &header_refs, &cells(cx, ledger, asset, row)),
        |_| Vec::new(),
    );
}

/// The cells of the asset's `position`-th entry of the year.
fn cells(cx: &Shared, ledger: &Ledger, asset: &AssetYear, position: usize) -> Vec<Cell> {
    let language = cx.language;
    let amounts = cx.amounts();
    let Some(entry) = asset
        .entries
        .get(position)
        .and_then(|index| ledger.entries.get(usize::try_from(*index).ok()?))
    else {
        return Vec::new();
    };
    let before = asset.average_cost_before(ledger, position);
    let average = |value| Cell::Mono(average_text(amounts, value));
    let warnings = flag_texts(language, entry.flags).join("; ");
    vec![
        Cell::Text(cx.moments().text(entry.at.get())),
        Cell::Text(kind_text(language, entry.kind)),
        Cell::Amount(amounts.written(
            entry.quantity,
            ledger.asset_name(entry.asset),
            crate::app::format::Precision::Exact,
        )),
        Cell::Amount(amounts.brl_shown(entry.value_brl)),
        // A sale's fee in reais, whatever it was charged in.
        if entry.kind.is_sale() {
            Cell::Amount(amounts.brl_shown(entry.value_brl - entry.cost_brl - entry.gain_brl))
        } else {
            Cell::Text(String::new())
        },
        average(before),
        average(entry.average_cost_after()),
        if entry.kind.is_sale() {
            Cell::Amount(amounts.brl_shown(entry.gain_brl))
        } else {
            Cell::Text(String::new())
        },
        if warnings.is_empty() {
            Cell::Text(String::new())
        } else {
            Cell::Badge(warnings, Tone::Warning)
        },
    ]
}

/// What the person can type for an entry.
enum Typing {
    /// What tokens that arrived from outside cost.
    Cost(Uuid),
    /// An order's value in reais.
    Value(Uuid),
    /// Nothing: the entry is only told.
    Nothing,
}

fn typing_of(figures: &TaxFigures, entry: &Entry) -> Typing {
    let Some(id) = figures.sources.record_id(entry.record) else {
        return Typing::Nothing;
    };
    match (entry.kind, entry.record) {
        // Every arrival the view lists takes a cost: from outside, and back
        // from the person's own wallet beyond what went there.
        (EntryKind::Arrived | EntryKind::FromOwnWallet, _) => Typing::Cost(id),
        (_, RecordRef::Order(_))
            if entry.flags.contains(Flags::SERVICE_PRICE)
                || entry.flags.contains(Flags::VALUE_MISSING)
                || entry.flags.contains(Flags::TYPED) =>
        {
            Typing::Value(id)
        }
        _ => Typing::Nothing,
    }
}

/// The year's entries flagged for the person, with where to type what is
/// missing (each rule they rest on labelled).
pub(super) fn to_check_ui(
    ui: &mut Ui,
    taxes: &mut TaxesState,
    cx: &Shared,
    out: &mut Outbox,
    figures: &TaxFigures,
) {
    let ledger = &figures.ledger;
    if figures.to_check.is_empty() {
        note_ui(ui, &cx.t("taxes.nothing_to_check"));
    } else {
        note_ui(ui, &cx.t("taxes.to_check_note"));
    }
    let mut last_record = None;
    let mut kept = None;
    for index in figures.to_check.iter().take(TO_CHECK_SHOWN) {
        let Some(entry) = ledger
            .entries
            .get(usize::try_from(*index).unwrap_or(usize::MAX))
        else {
            continue;
        };
        // A swap's two entries share one order and one value.
        if last_record == Some(entry.record) {
            continue;
        }
        last_record = Some(entry.record);
        ui.separator();
        if let Some(input) = entry_to_check_ui(ui, taxes, cx, figures, entry) {
            kept = Some(input);
        }
    }
    if figures.to_check.len() > TO_CHECK_SHOWN {
        note_ui(
            ui,
            &cx.t_with(
                "taxes.to_check_more",
                &[(
                    "count",
                    &(figures.to_check.len() - TO_CHECK_SHOWN).to_string(),
                )],
            ),
        );
    }
    if !ledger.skipped.is_empty() {
        note_ui(
            ui,
            &cx.t_with(
                "taxes.left_out",
                &[("count", &ledger.skipped.len().to_string())],
            ),
        );
    }
    if let Some(input) = kept {
        out.command(Command::Journal(JournalCommand::KeepTaxInput(input)));
    }
}

/// One entry to check: what it is, why, and the field for what is missing;
/// what to keep when the person pressed Keep (or Clear).
fn entry_to_check_ui(
    ui: &mut Ui,
    taxes: &mut TaxesState,
    cx: &Shared,
    figures: &TaxFigures,
    entry: &Entry,
) -> Option<TaxInput> {
    let language = cx.language;
    let amounts = cx.amounts();
    let ledger = &figures.ledger;
    let asset = ledger.asset_name(entry.asset);
    ui.horizontal_wrapped(|ui| {
        ui.label(cx.moments().text(entry.at.get()));
        ui.label(RichText::new(kind_text(language, entry.kind)).strong());
        ui.label(
            amounts
                .written(entry.quantity, asset, crate::app::format::Precision::Exact)
                .text(),
        );
        if !entry.value_brl.is_zero() || entry.kind.is_sale() {
            ui.label(amounts.brl(entry.value_brl));
        }
    });
    let readings: Vec<Reading> = entry.flags.readings().collect();
    rule_tags_ui(ui, language, &readings);
    let core = super::super::words::report_language(language);
    for reading in &readings {
        ui.add(egui::Label::new(RichText::new(reading.text(core)).weak()).wrap());
    }
    let mut kept = None;
    match typing_of(figures, entry) {
        Typing::Cost(id) => {
            let keys = ("taxes.type_cost", "taxes.keep_cost");
            kept = amount_typing_ui(ui, taxes, cx, id, entry, keys)
                .map(|brl| TaxInput::ArrivedCost { record: id, brl });
        }
        Typing::Value(id) => {
            kept = amount_typing_ui(
                ui,
                taxes,
                cx,
                id,
                entry,
                ("taxes.type_value", "taxes.keep_value"),
            )
            .map(|brl| TaxInput::OrderValue { order: id, brl });
        }
        Typing::Nothing => {}
    }
    if entry.flags.contains(Flags::OUTFLOW)
        && let Some(address) = figures.sources.destination(entry.record)
    {
        let label = cx.t_with("taxes.mark_own", &[("address", &address)]);
        if ui.button(label).clicked() {
            kept = Some(TaxInput::OwnAddress { address, own: true });
        }
    }
    kept
}

/// The field for an amount in reais about record `id` (its label and its
/// button's, by key), its Keep button and, once something is typed and
/// kept, Clear; what to keep (`None` inside: clear it) when pressed.
fn amount_typing_ui(
    ui: &mut Ui,
    taxes: &mut TaxesState,
    cx: &Shared,
    id: Uuid,
    entry: &Entry,
    (label_key, keep_key): (&'static str, &'static str),
) -> Option<Option<rust_decimal::Decimal>> {
    let language = cx.language;
    let typed_before = entry.flags.contains(Flags::TYPED);
    let label_text = cx.t(label_key).into_owned();
    let draft = taxes.drafts.entry(id).or_default();
    let mut errors = FieldErrors::default();
    let parsed = if draft.trim().is_empty() {
        None
    } else {
        amount_field(draft, 2, &mut errors)
    };
    let message: Option<FieldMessage> =
        field_message(language, Some(&errors), crate::app::form::Field::Amount);
    let mut kept = None;
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(label_text.as_str());
        ui.add(
            egui::TextEdit::singleline(draft)
                .hint_text(tr(language, "accounts.amount_hint").as_ref())
                .desired_width(160.0),
        )
        .labelled_by(label.id);
        if ui
            .add_enabled(
                parsed.is_some(),
                egui::Button::new(tr(language, keep_key).as_ref()),
            )
            .clicked()
        {
            kept = parsed.map(Some);
        }
        if typed_before
            && ui
                .button(tr(language, "taxes.clear_typed").as_ref())
                .clicked()
        {
            kept = Some(None);
        }
        if let Some(message) = &message {
            field_message_ui(ui, message);
        }
    });
    kept
}
