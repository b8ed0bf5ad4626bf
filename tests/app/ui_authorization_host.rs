//! The service's host in every confirmation that moves money, headless:
//! for each kind of money-moving request, the passphrase's dialog (a sealed
//! key) and the typed word's (a plain key) both name where it goes, so a
//! profile pointed at a relay is seen before anything leaves.

use egui_kittest::kittest::Queryable;

use brlv_core::api::model::{
    Asset, ClaimTarget, CreateClaim, CreateOrder, CreateTransfer, CreateWithdrawal,
};
use brlv_desk::app::i18n::Language;
use brlv_desk::app::state::View;
use brlv_desk::app::submit::SubmitRequest;

use crate::support::ui::{connected_state, dec, harness, seal_session, sent, settle};

/// An address no other part of the window would show as a value of its own.
const BASE_URL: &str = "https://relay.example.net:8443/brlv";
const HOST: &str = "relay.example.net:8443";

fn withdrawal() -> SubmitRequest {
    SubmitRequest::Withdrawal(CreateWithdrawal::pix(dec("10"), "52998224725".to_owned()))
}

/// Checks that `request`'s confirmation names the service, for a sealed key
/// (the passphrase) and a plain one (the typed word), and sends nothing.
fn the_confirmation_names_the_host(kind: &str, request: SubmitRequest) {
    assert!(request.moves_money(), "{kind}");
    for sealed in [true, false] {
        let mut state = connected_state(Language::En);
        state.shared.session.as_mut().unwrap().profile.base_url = BASE_URL.to_owned();
        if sealed {
            seal_session(&mut state);
        }
        state.view = View::Overview;
        state.submit(request.clone());
        let mut harness = harness(state);
        settle(&mut harness);
        let title = if sealed {
            "Confirm with your passphrase"
        } else {
            "Confirm what leaves"
        };
        harness.get_by_label(title);
        // The dialog's line: "Service" and the host as its own value (the
        // top bar's host is named "Service: …" for a screen reader).
        assert!(
            harness.query_by_label("Service").is_some(),
            "{kind} (sealed: {sealed}): no Service line"
        );
        assert!(
            harness.query_by_label(HOST).is_some(),
            "{kind} (sealed: {sealed}): the host is not in the dialog"
        );
        assert!(sent(harness.state_mut()).is_empty(), "{kind}");
    }
}

#[test]
fn a_withdrawals_confirmation_names_the_service() {
    the_confirmation_names_the_host("withdrawal", withdrawal());
}

#[test]
fn a_transfers_confirmation_names_the_service() {
    the_confirmation_names_the_host(
        "transfer",
        SubmitRequest::Transfer(CreateTransfer {
            source_address: "0x1111111111111111111111111111111111111111".to_owned(),
            asset: Asset::EthBaseBrlv,
            amount: dec("12.5"),
            target_address: "0x2222222222222222222222222222222222222222".to_owned(),
        }),
    );
}

#[test]
fn an_orders_confirmation_names_the_service() {
    the_confirmation_names_the_host(
        "order",
        SubmitRequest::Order(CreateOrder {
            quote_id: uuid::Uuid::from_u128(7),
            source_wallet_address: None,
            target_wallet_address: Some("0x3333333333333333333333333333333333333333".to_owned()),
            target_end_user_pix_key: None,
            source_payment_method: None,
        }),
    );
}

#[test]
fn a_claims_confirmation_names_the_service() {
    the_confirmation_names_the_host(
        "claim",
        SubmitRequest::Claim {
            wallet_address: None,
            request: CreateClaim {
                amount: dec("1200"),
                target_asset_code: ClaimTarget::Brl,
            },
        },
    );
}

#[test]
fn the_dialog_in_portuguese_names_the_service_too() {
    let mut state = connected_state(Language::PtBr);
    state.shared.session.as_mut().unwrap().profile.base_url = BASE_URL.to_owned();
    seal_session(&mut state);
    state.submit(withdrawal());
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("Confirme com sua frase-senha");
    harness.get_by_label("Serviço");
    harness.get_by_label(HOST);
}

/// A profile that goes through a proxy shows it beside the host in the top
/// bar, named for a screen reader, in both languages; one that goes straight
/// shows none. Settings says which path is used and what was left unused.
#[test]
fn the_top_bar_names_the_proxy_the_profile_goes_through() {
    for (language, spoken) in [
        (
            Language::En,
            "Through the proxy proxy.example:3128, as the profile chose",
        ),
        (
            Language::PtBr,
            "Pelo proxy proxy.example:3128, como o perfil escolheu",
        ),
    ] {
        let mut state = connected_state(language);
        let route = &mut state.shared.session.as_mut().unwrap().route;
        route.proxy = Some("proxy.example:3128".to_owned());
        route.ignored = vec!["SSL_CERT_FILE"];
        state.view = View::Settings;
        let mut harness = harness(state);
        settle(&mut harness);
        harness.get_by_label(spoken);
        let settings = if language == Language::En {
            "Requests go to api.example.com through the proxy proxy.example:3128, as this profile chose."
        } else {
            "As requisições vão para api.example.com pelo proxy proxy.example:3128, como este perfil escolheu."
        };
        harness.get_by_label(settings);
        assert!(
            harness.query_by_label_contains("SSL_CERT_FILE").is_some(),
            "the ignored variable is said"
        );
    }
    let mut harness = harness(connected_state(Language::En));
    settle(&mut harness);
    assert!(harness.query_by_label_contains("proxy").is_none());
}
