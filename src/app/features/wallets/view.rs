//! Wallets: the list (filtered by asset and address on the service's side),
//! every field of the selected wallet with its address to copy, the CSV
//! export, and the form that creates a wallet.

use egui::Ui;

use crate::app::clock::Millis;
use crate::app::error_text::Localize;
use crate::app::export::ExportRecords;
use crate::app::form::Field;
use crate::app::format::{MISSING, asset_shown, chain_shown, or_missing};
use crate::app::i18n::Language;
use crate::app::message::Command;
use crate::app::panel::record_panel::{NoReceipt, RecordFooter, export_answer, record_panel_ui};
use crate::app::panel::{Outbox, Panel, Shared};
use crate::app::resources::{AccountData, ListQuery};
use crate::app::submit::{Created, SubmitOutcome, SubmitRequest, SubmitStatus};
use crate::app::ui::{
    Cell, DetailRow, RecordList, address_field_ui, choice_ui, field_message, field_message_ui,
    option_filter_ui, section_ui, sent_ui, submit_status_ui, technical_values_shown, text_field_ui,
};

use super::state::{WalletsEvent, WalletsState};
use brlv_core::api::model::{Asset, Chain, Wallet};

/// The wallets shown: the filtered list while a filter is set, else all.
pub fn shown_wallets<'a>(wallets: &'a WalletsState, data: &'a AccountData) -> &'a [Wallet] {
    wallets
        .list
        .shown(&data.wallets)
        .value()
        .map_or(&[], |rows| rows.as_slice())
}

/// A wallet's assets by name ("BRLV on Base, USDC on Base"), each id
/// beside its name only with the technical values shown.
fn assets_text(language: Language, assets: &[Asset], technical: bool) -> String {
    if assets.is_empty() {
        return MISSING.to_owned();
    }
    assets
        .iter()
        .map(|asset| asset_shown(language, asset, technical))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A wallet's assets as the service names them, for the details' technical
/// column.
fn asset_ids(assets: &[Asset]) -> String {
    assets
        .iter()
        .map(Asset::as_str)
        .collect::<Vec<_>>()
        .join(", ")
}

impl Panel for WalletsState {
    type Event = WalletsEvent;

    fn ui(&mut self, ui: &mut Ui, cx: &Shared, out: &mut Outbox) {
        ui.heading(cx.t("nav.wallets").as_ref());
        ui.add_space(8.0);
        section_ui(ui, &cx.t("wallets.list"), |ui| list_ui(ui, self, cx, out));
        section_ui(ui, &cx.t("wallets.create"), |ui| {
            create_ui(ui, self, cx, out)
        });
    }

    fn apply(&mut self, event: WalletsEvent, _cx: &Shared, out: &mut Outbox) {
        match event {
            WalletsEvent::Sending => self.submit = SubmitStatus::Sending,
            WalletsEvent::Submitted(outcome) => {
                if let SubmitOutcome::Created {
                    record: Created::Wallet(wallet),
                    ..
                } = &outcome
                {
                    self.created(wallet);
                }
                self.submit = SubmitStatus::Finished(outcome);
            }
            WalletsEvent::Listed(filter, result, at) => self.list.arrived(&filter, result, at),
            WalletsEvent::FullListArrived => {
                // The filtered list is asked for again, so it is never
                // older than the full one.
                if let Some(filter) = self.list.refresh() {
                    out.command(Command::Query(ListQuery::Wallets(filter)));
                }
            }
            WalletsEvent::Show(address) => self.records.select(address),
            WalletsEvent::File(answer) => {
                export_answer(&mut self.records.export, answer, out);
            }
        }
    }

    fn close_one(&mut self, _cx: &Shared, _out: &mut Outbox) -> bool {
        self.records.close()
    }
}

fn list_ui(ui: &mut Ui, wallets: &mut WalletsState, cx: &Shared, out: &mut Outbox) {
    let language = cx.language;
    let technical = technical_values_shown(ui);
    ui.horizontal(|ui| {
        option_filter_ui(
            ui,
            "wallets_asset_filter",
            &cx.t("wallets.filter_asset"),
            &mut wallets.asset_filter,
            Asset::KNOWN,
            |asset| asset_shown(language, asset, technical),
        );
        let message = wallets
            .filter()
            .err()
            .map(|error| error.localize(language).into());
        let label = cx.t("wallets.filter_address");
        address_field_ui(ui, &label, &mut wallets.address_filter, message);
    });
    if let Some(query) = wallets.sync_query() {
        out.command(Command::Query(query));
    }
    // Meaning first: the name and what it holds; the address, an id, last
    // (it takes the room left, and is copied from its cell or the details).
    const HEADERS: [&str; 4] = [
        "wallets.name",
        "wallets.assets",
        "wallets.ui_enabled",
        "wallets.address",
    ];
    let remote = wallets.list.shown(&cx.data.wallets);
    let yes = cx.t("accounts.yes");
    let no = cx.t("accounts.no");
    let yes_no = |value: Option<bool>| match value {
        Some(true) => yes.to_string(),
        Some(false) => no.to_string(),
        None => MISSING.to_owned(),
    };
    let empty = cx.t("accounts.empty");
    // Two names a person cannot tell apart (an invisible character, a
    // letter of another alphabet) are each marked, in the list and the
    // details, before money goes to one of them.
    let arrived = remote.loaded().map_or((Millis::default(), 0), |loaded| {
        (loaded.fetched_at, loaded.value.len())
    });
    let look_alikes = wallets.look_alikes.of(arrived, || {
        remote
            .value()
            .into_iter()
            .flat_map(|rows| rows.iter())
            .filter_map(|wallet| wallet.name.as_deref())
    });
    let look_alike = cx.t("wallets.look_alike");
    let name_shown = |wallet: &Wallet| match wallet.name.as_deref() {
        Some(name) if look_alikes.contains(name) => format!("{name} ({look_alike})"),
        other => or_missing(other),
    };
    record_panel_ui(
        ui,
        cx,
        out,
        RecordList {
            id: "wallets_table",
            headers: &HEADERS,
            remote: Some(remote),
            rows: remote.value().map_or(&[], |rows| rows.as_slice()),
            arrange: remote
                .value()
                .map(|rows| (rows, &crate::app::panel::list_arrangements::WALLETS)),
            empty: &empty,
            selected: None,
            key: |wallet: &Wallet| wallet.address.clone(),
            cells: |wallet: &Wallet| {
                vec![
                    Cell::Text(name_shown(wallet)),
                    Cell::Text(assets_text(language, &wallet.assets, technical)),
                    Cell::Text(yes_no(wallet.ui_enabled)),
                    Cell::Copyable(wallet.address.clone()),
                ]
            },
            detail: |wallet: &Wallet| {
                let metadata = wallet.metadata.as_ref().map_or_else(
                    || MISSING.to_owned(),
                    |metadata| serde_json::Value::Object(metadata.clone()).to_string(),
                );
                vec![
                    DetailRow::new(cx.t("wallets.name"), name_shown(wallet), false),
                    DetailRow::new(cx.t("wallets.address"), wallet.address.clone(), true),
                    DetailRow::new(
                        cx.t("wallets.assets"),
                        assets_text(language, &wallet.assets, false),
                        false,
                    )
                    .wire(format!("assets: {}", asset_ids(&wallet.assets))),
                    DetailRow::new(cx.t("wallets.ui_enabled"), yes_no(wallet.ui_enabled), false),
                    DetailRow::new(cx.t("wallets.metadata"), metadata, false),
                ]
            },
        },
        &mut wallets.records,
        RecordFooter {
            receipt: None::<NoReceipt<Wallet>>,
            export: |rows: &[Wallet]| ExportRecords::Wallets(rows.to_vec()),
        },
    );
}

fn create_ui(ui: &mut Ui, wallets: &mut WalletsState, cx: &Shared, out: &mut Outbox) {
    let language = cx.language;
    let validation = wallets.draft.validate();
    let errors = validation.as_ref().err();
    let message = |field| field_message(language, errors, field);
    let name_message = message(Field::Name);
    let metadata_message = message(Field::Metadata);
    let name_label = cx.t("wallets.new_name");
    let name_hint = cx.t("wallets.name_hint");
    text_field_ui(
        ui,
        &name_label,
        &mut wallets.draft.name,
        &name_hint,
        260.0,
        name_message,
    );
    let technical = technical_values_shown(ui);
    choice_ui(
        ui,
        "wallet_chain",
        &cx.t("wallets.chain"),
        &mut wallets.draft.chain,
        Chain::KNOWN,
        |chain| chain_shown(chain, technical),
    );
    ui.label(cx.t("wallets.metadata").as_ref());
    let key_hint = cx.t("wallets.metadata_key");
    let value_hint = cx.t("wallets.metadata_value");
    let remove = cx.t("wallets.metadata_remove");
    let mut removed = None;
    for (index, (key, value)) in wallets.draft.metadata.iter_mut().enumerate() {
        ui.horizontal(|ui| {
            let key_label = ui.label(key_hint.as_ref());
            ui.add(egui::TextEdit::singleline(key).desired_width(160.0))
                .labelled_by(key_label.id);
            let value_label = ui.label(value_hint.as_ref());
            ui.add(egui::TextEdit::singleline(value).desired_width(220.0))
                .labelled_by(value_label.id);
            if ui.button(remove.as_ref()).clicked() {
                removed = Some(index);
            }
        });
    }
    if let Some(index) = removed {
        wallets.draft.metadata.remove(index);
    }
    if ui.button(cx.t("wallets.metadata_add").as_ref()).clicked() {
        wallets.draft.metadata.push((String::new(), String::new()));
    }
    if let Some(message) = metadata_message {
        field_message_ui(ui, &message);
    }
    let ui_enabled_label = cx.t("wallets.ui_enabled_hint");
    ui.checkbox(&mut wallets.draft.ui_enabled, ui_enabled_label.as_ref());
    let label = cx.t("wallets.create_button");
    if let Some(request) = sent_ui(ui, &label, validation, &wallets.submit) {
        out.submit(SubmitRequest::Wallet(request));
    }
    let created = match wallets.submit.created() {
        Some(Created::Wallet(wallet)) => {
            cx.t_with("wallets.created", &[("address", &wallet.address)])
        }
        _ => String::new(),
    };
    submit_status_ui(ui, language, &wallets.submit, &created);
}
