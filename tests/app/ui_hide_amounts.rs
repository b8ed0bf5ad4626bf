//! Hiding amounts: with the eye on, no view shows an amount, neither as text
//! nor to a screen reader; Ctrl+Shift+H and the eye switch it; the choice
//! survives a restart. The data is the embedded sandbox's demo account,
//! fetched by the real worker, plus a claim made here and a webhook event.

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};
use rust_decimal::Decimal;

use brlv_core::api::model::Claim;
use brlv_core::money::{NumberFormat, format_amount};
use brlv_desk::app::features::events::message::EventsEvent;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::Event;
use brlv_desk::app::resources::DEPOSIT_ASSETS;
use brlv_desk::app::shell::PersistedUi;
use brlv_desk::app::state::{AppState, View};
use brlv_desk::app::view::IntoEnumIterator;
use brlv_desk::webhook::WebhookEvent;

use crate::support::ui::{harness, settle};
use crate::support::worker::{on_sandbox, pump_until};

/// The demo account with every list fetched, a claim made from this device
/// and a webhook event received.
pub fn demo_state(language: Language) -> AppState {
    let (_dir, worker) = on_sandbox();
    let mut state = AppState::new(language);
    pump_until(&worker, &mut state, "every resource", |state| {
        state
            .shared
            .data
            .polled_freshness()
            .iter()
            .all(|resource| resource.fetched_at.is_some())
    });
    let claim: Claim = serde_json::from_value(serde_json::json!({
        "id": "c1a1c1a1-0000-4000-8000-000000000001",
        "status": "completed",
        "gross-amount": "2345.67",
        "tax-amount": "185.18",
        "fees": "12.34",
        "net-amount": "2148.15",
    }))
    .unwrap();
    state.shared.data.claim_made(claim);
    let body = serde_json::json!({
        "id": "evt-1",
        "type": "order.completed",
        "created-at": "2026-03-10T11:59:59Z",
        "order": {
            "id": "0e0e0e0e-0000-4000-8000-000000000001",
            "state": "completed",
            "source-amount": "4321.09",
            "target-amount": "4299.483000000000000000",
        },
    });
    state.apply(Event::Events(EventsEvent::Received {
        at: time::macros::datetime!(2026-03-10 12:00:00 UTC),
        event: Box::new(WebhookEvent::parse(body.to_string().as_bytes()).unwrap()),
    }));
    // A withdrawal waiting for its confirmation repeats its amount.
    state.panels.withdrawals.confirming = Some(brlv_core::api::model::CreateWithdrawal {
        asset: brlv_core::api::model::Asset::FiatBrl,
        method: brlv_core::api::model::WithdrawalMethod::Pix,
        amount: "3210.75".parse().unwrap(),
        pix_key: Some("52998224725".into()),
        ted_account: None,
        target_address: None,
    });
    // The details of the first row of every list are open.
    state.panels.transfers.records.selected = state
        .shared
        .data
        .transfers
        .value()
        .and_then(|rows| rows.first())
        .map(|t| t.id);
    state.panels.withdrawals.records.selected = state
        .shared
        .data
        .withdrawals
        .value()
        .and_then(|rows| rows.first())
        .map(|w| w.id);
    state.panels.deposits.records.selected = state
        .shared
        .data
        .deposits(&state.panels.deposits.asset)
        .value()
        .and_then(|rows| rows.first())
        .map(|d| d.id);
    state
}

/// Every amount of the demo data as it could be written: the service's
/// text, at the asset's scale, compact, in both languages. Short ones
/// ("5") are left to the currency check: as text they hide in ids and times.
fn written_amounts(state: &AppState) -> Vec<String> {
    let mut values: Vec<(Decimal, u32)> = Vec::new();
    let data = &state.shared.data;
    for (remote, scale) in [
        (&data.balance_brl, 2),
        (&data.balance_usdc, 6),
        (&data.balance_brlv, 18),
    ] {
        values.extend(remote.value().map(|value| (*value, scale)));
    }
    if let Some(progress) = data.tax_exemption.value() {
        for value in [
            progress.total_used,
            progress.claims_amount,
            progress.other_disposals_amount,
            progress.remaining,
        ]
        .into_iter()
        .flatten()
        {
            values.push((value, 2));
        }
    }
    for order in data
        .orders
        .value()
        .map(|rows| rows.to_vec())
        .unwrap_or_default()
    {
        let scale = |asset: Option<&brlv_core::api::model::Asset>| asset.map_or(18, |a| a.scale());
        values.extend(
            order
                .source_amount()
                .map(|v| (v, scale(order.source_asset.as_ref()))),
        );
        values.extend(
            order
                .target_amount()
                .map(|v| (v, scale(order.target_asset.as_ref()))),
        );
        values.extend(
            order
                .fee_amount()
                .map(|v| (v, scale(order.fee_asset.as_ref()))),
        );
    }
    for transfer in data
        .transfers
        .value()
        .map(|rows| rows.to_vec())
        .unwrap_or_default()
    {
        let scale = transfer.asset.as_ref().map_or(18, |a| a.scale());
        values.extend(transfer.amount().map(|v| (v, scale)));
    }
    for withdrawal in data
        .withdrawals
        .value()
        .map(|rows| rows.to_vec())
        .unwrap_or_default()
    {
        let scale = withdrawal.asset.as_ref().map_or(18, |a| a.scale());
        values.extend(withdrawal.amount().map(|v| (v, scale)));
    }
    for asset in DEPOSIT_ASSETS {
        for deposit in data
            .deposits(&asset)
            .value()
            .map(|rows| rows.to_vec())
            .unwrap_or_default()
        {
            values.extend(deposit.amount().map(|v| (v, asset.scale())));
        }
    }
    if let Some(claimable) = data.claimable.value() {
        values.push((claimable.account, 2));
        values.extend(claimable.wallets.iter().map(|wallet| (wallet.available, 2)));
    }
    for claim in state.shared.data.claims_made.iter() {
        for value in [
            claim.gross_amount,
            claim.tax_amount,
            claim.fees,
            claim.net_amount,
        ]
        .into_iter()
        .flatten()
        {
            values.push((value, 2));
        }
    }
    values.push(("4321.09".parse().unwrap(), 2));
    values.push(("3210.75".parse().unwrap(), 2));
    values.push(("4299.483".parse().unwrap(), 18));
    let mut written = Vec::new();
    for (value, scale) in values {
        written.push(value.to_string());
        written.push(value.normalize().to_string());
        for format in [NumberFormat::English, NumberFormat::Brazilian] {
            written.push(format_amount(value, scale, format));
            written.push(format_amount(value, scale.min(2), format));
            written.push(format_amount(value, 0, format));
        }
    }
    written.retain(|text| text.len() >= 4 && text.contains(['.', ',']));
    written.sort();
    written.dedup();
    written
}

/// The figures of the tax rules the Taxes view names (the monthly limit,
/// the DARF's minimum, the rates' parcels, IN 1.888/2019's reporting
/// line): the law's, not the account's, so they stay when amounts are hidden.
const LAW_FIGURES: [&str; 18] = [
    "R$35,000.00",
    "R$ 35.000,00",
    "R$30,000.00",
    "R$ 30.000,00",
    "R$35,000",
    "R$ 35.000",
    "R$10.00",
    "R$ 10,00",
    "R$10",
    "R$ 10",
    "R$5 million",
    "R$ 5 milhões",
    "R$5 to",
    "R$ 5 a",
    "R$30 million",
    "R$ 30 milhões",
    "R$10 to",
    "R$ 10 a",
];

/// `text` without the law's figures.
fn without_law_figures(text: &str) -> String {
    let mut text = text.to_owned();
    for figure in LAW_FIGURES {
        text = text.replace(figure, "");
    }
    text
}

/// Whether `text` holds digits written as money: after `R$`, or before a
/// currency's ticker or name.
fn has_money_digits(text: &str) -> bool {
    const CURRENCIES: [&str; 9] = [
        "BRLV", "BRLY", "WBRLY", "BRL", "USDC", "USDT", "USD", "reais", "real",
    ];
    let chars: Vec<char> = text.chars().collect();
    for (at, _) in text.match_indices("R$") {
        let rest = text[at + 2..].trim_start();
        if rest.starts_with(|c: char| c.is_ascii_digit()) {
            return true;
        }
    }
    for (index, c) in chars.iter().enumerate() {
        if !c.is_ascii_digit() {
            continue;
        }
        let after: String = chars[index + 1..].iter().collect();
        let after = after.trim_start();
        if CURRENCIES.iter().any(|currency| {
            after.starts_with(currency)
                && !after[currency.len()..].starts_with(|c: char| c.is_alphanumeric())
        }) {
            return true;
        }
    }
    false
}

/// Whether `text` holds a percentage ("57%", "57 %").
fn has_percentage(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    chars
        .windows(2)
        .any(|pair| pair[0].is_ascii_digit() && pair[1] == '%')
        || chars
            .windows(3)
            .any(|three| three[0].is_ascii_digit() && three[1] == ' ' && three[2] == '%')
}

/// Every text of the accessibility tree: names, values, descriptions.
fn tree_texts(harness: &Harness<'static, AppState>) -> Vec<String> {
    harness
        .query_all(By::new().predicate(|_| true))
        .flat_map(|node| {
            let node = node.accesskit_node();
            [node.label(), node.value(), node.description()]
        })
        .flatten()
        .collect()
}

/// What on screen gives an amount away: `(view, text)`.
fn amounts_shown(
    harness: &mut Harness<'static, AppState>,
    written: &[String],
) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut screens: Vec<(View, bool)> = View::iter().map(|view| (view, false)).collect();
    screens.push((View::Orders, true));
    for (view, order_detail) in screens {
        {
            let state = harness.state_mut();
            state.view = view;
            let first_order = state
                .shared
                .data
                .orders
                .value()
                .and_then(|rows| rows.first())
                .map(|order| order.id);
            state.select_order(if order_detail { first_order } else { None });
            state.panels.events.selected = None;
        }
        settle(harness);
        let name = format!("{view:?}{}", if order_detail { " detail" } else { "" });
        for text in tree_texts(harness) {
            let text = without_law_figures(&text);
            // The share of the tax exemption used tells the amount used.
            let share = view == View::Overview && has_percentage(&text);
            if share
                || has_money_digits(&text)
                || written.iter().any(|amount| text.contains(amount))
            {
                found.push((name.clone(), text));
            }
        }
        if view == View::Events {
            // The event's own page, its raw JSON included.
            harness.state_mut().panels.events.selected = Some(0);
            settle(harness);
            for text in tree_texts(harness) {
                if has_money_digits(&text) || written.iter().any(|amount| text.contains(amount)) {
                    found.push(("Events detail".to_owned(), text));
                }
            }
        }
    }
    found
}

#[test]
fn hidden_amounts_leave_no_amount_on_any_view_nor_in_what_a_screen_reader_hears() {
    for language in [Language::En, Language::PtBr] {
        let state = demo_state(language);
        let written = written_amounts(&state);
        assert!(written.len() > 10, "the demo data has amounts: {written:?}");
        let mut harness = harness(state);
        settle(&mut harness);
        // The check sees amounts when they are shown, in every kind of view.
        let shown = amounts_shown(&mut harness, &written);
        for view in [
            "Overview",
            "Orders",
            "Orders detail",
            "Transfers",
            "Withdrawals",
            "Claims",
            "Deposits",
            "Events detail",
            "Taxes",
        ] {
            assert!(
                shown.iter().any(|(on, _)| on == view),
                "{language:?}: no amount found on {view} while shown: the check is blind there"
            );
        }
        let confirming = match language {
            Language::En => "3,210.75",
            Language::PtBr => "3.210,75",
        };
        assert!(
            shown
                .iter()
                .any(|(on, text)| on == "Withdrawals" && text.contains(confirming)),
            "{language:?}: the withdrawal's confirmation repeats its amount while shown"
        );
        harness.state_mut().shared.hide_amounts = true;
        let left = amounts_shown(&mut harness, &written);
        assert!(
            left.is_empty(),
            "{language:?}: amounts left while hidden: {left:#?}"
        );
        // The masked amounts are there, as masks, spoken as hidden.
        harness.state_mut().view = View::Overview;
        settle(&mut harness);
        let hidden_word = match language {
            Language::En => "hidden amount",
            Language::PtBr => "valor oculto",
        };
        assert!(
            harness.query_all_by_label(hidden_word).count() >= 3,
            "the three balances"
        );
    }
}

#[test]
fn the_eye_and_ctrl_shift_h_switch_amounts_off_and_on() {
    let state = demo_state(Language::En);
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("25,000.00 reais");
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::H);
    settle(&mut harness);
    assert!(harness.state().shared.hide_amounts);
    assert!(harness.query_by_label("25,000.00 reais").is_none());
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::H);
    settle(&mut harness);
    assert!(!harness.state().shared.hide_amounts);
    harness.get_by_label("25,000.00 reais");
    // The eye in the top bar: a switch a screen reader hears as on or off.
    let eye = harness.get_by_role_and_label(egui::accesskit::Role::CheckBox, "Hide amounts");
    eye.click();
    settle(&mut harness);
    assert!(harness.state().shared.hide_amounts);
    assert!(harness.query_by_label("25,000.00 reais").is_none());
    // And Settings lists the shortcut.
    harness.state_mut().view = View::Settings;
    settle(&mut harness);
    harness.get_by_label("Hide or show amounts");
}

/// eframe's storage, in memory.
#[derive(Default)]
struct MemoryStorage(std::collections::HashMap<String, String>);

impl eframe::Storage for MemoryStorage {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }

    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_owned(), value);
    }

    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }

    fn flush(&mut self) {}
}

#[test]
fn hidden_amounts_stay_hidden_after_a_restart_and_an_older_save_shows_them() {
    let mut before = AppState::new(Language::En);
    before.shared.hide_amounts = true;
    let mut storage = MemoryStorage::default();
    eframe::set_value(
        &mut storage,
        PersistedUi::STORAGE_KEY,
        &PersistedUi::of(&before),
    );
    let restored: PersistedUi = eframe::get_value(&storage, PersistedUi::STORAGE_KEY).unwrap();
    let mut after = AppState::new(Language::En);
    restored.restore_into(&mut after);
    assert!(after.shared.hide_amounts);

    // What an earlier version saved, without the field: amounts shown.
    let mut older = MemoryStorage::default();
    eframe::Storage::set_string(
        &mut older,
        PersistedUi::STORAGE_KEY,
        "(view:Orders,language:Some(En),idle_lock_minutes:Some(5),list_budget_mib:None)".to_owned(),
    );
    let restored: PersistedUi = eframe::get_value(&older, PersistedUi::STORAGE_KEY).unwrap();
    let mut after = AppState::new(Language::En);
    after.shared.hide_amounts = true;
    restored.restore_into(&mut after);
    assert!(!after.shared.hide_amounts);
    assert_eq!(restored.view, View::Orders);
}

#[test]
fn a_claim_above_what_is_claimable_says_so_without_the_hidden_amount() {
    let state = demo_state(Language::En);
    let written = written_amounts(&state);
    let mut harness = harness(state);
    harness.state_mut().view = View::Claims;
    settle(&mut harness);
    crate::support::ui::type_into(&mut harness, "Amount to claim", "99999999");
    // Shown, the message names what can be claimed.
    let said: Vec<String> = tree_texts(&harness)
        .into_iter()
        .filter(|text| text.contains("can be claimed"))
        .collect();
    assert!(said.iter().any(|text| has_money_digits(text)), "{said:?}");
    harness.state_mut().shared.hide_amounts = true;
    settle(&mut harness);
    harness.get_by_label("More than can be claimed here.");
    let left: Vec<String> = tree_texts(&harness)
        .into_iter()
        .filter(|text| has_money_digits(text) || written.iter().any(|amount| text.contains(amount)))
        .collect();
    assert!(left.is_empty(), "{left:#?}");
}
