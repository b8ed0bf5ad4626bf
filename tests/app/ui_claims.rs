//! The Claims panel, headless: what is claimable at the account and per
//! wallet, a claim above it refused beside the field, the exact claim sent
//! for the account or for one wallet, and the result's gross, tax, fees and
//! net once the service answers.

use egui_kittest::kittest::Queryable;

use brlv_core::api::model::{Claim, ClaimTarget, CreateClaim};
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::{Command, Event};
use brlv_desk::app::resources::ClaimableBalances;
use brlv_desk::app::resources::Fetched;
use brlv_desk::app::resources::WalletClaimable;
use brlv_desk::app::state::{AppState, View};
use brlv_desk::app::submit::Created;
use brlv_desk::app::submit::FormKind;
use brlv_desk::app::submit::SubmitOutcome;
use brlv_desk::app::submit::SubmitRequest;

use crate::support::ui::{
    SESSION, confirm_plain_key, connected_state, dec, deliver, harness, settle, type_into,
};

const MAIN: &str = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

fn claims_state(language: Language) -> AppState {
    let mut state = connected_state(language);
    state.view = View::Claims;
    deliver(
        &mut state,
        Fetched::Claimable(ClaimableBalances {
            account: dec("1200.00"),
            wallets: vec![WalletClaimable {
                address: MAIN.to_owned(),
                name: Some("Main wallet".to_owned()),
                available: dec("1250.50"),
            }],
        }),
        1_000,
    );
    state
}

fn claims_sent(state: &mut AppState) -> Vec<(Option<String>, CreateClaim)> {
    state
        .take_commands()
        .into_iter()
        .filter_map(|command| match command {
            Command::Submit {
                request:
                    SubmitRequest::Claim {
                        wallet_address,
                        request,
                    },
                ..
            } => Some((wallet_address, request)),
            _ => None,
        })
        .collect()
}

#[test]
fn claimable_balances_show_for_the_account_and_each_wallet() {
    let mut harness = harness(claims_state(Language::En));
    settle(&mut harness);
    harness.get_by_label("R$1,200.00");
    harness.get_by_label("R$1,250.50");
    harness.get_by_label(MAIN);
    harness.get_by_label("Claimable here: R$1,200.00");
}

#[test]
fn a_claim_above_the_claimable_is_refused_and_the_exact_claim_is_sent() {
    let mut harness = harness(claims_state(Language::En));
    settle(&mut harness);
    type_into(&mut harness, "Amount to claim", "1.200,01");
    harness.get_by_label("At most R$1,200.00 can be claimed.");
    harness.get_by_label("Claim now").click();
    settle(&mut harness);
    assert!(claims_sent(harness.state_mut()).is_empty());

    harness.state_mut().panels.claims.draft.amount = "1200".into();
    settle(&mut harness);
    assert!(harness.query_by_label_contains("can be claimed").is_none());
    harness.get_by_label("Claim now").click();
    settle(&mut harness);
    harness.get_by_label("Confirm").click();
    settle(&mut harness);
    confirm_plain_key(&mut harness);
    assert_eq!(
        claims_sent(harness.state_mut()),
        vec![(
            None,
            CreateClaim {
                amount: dec("1200"),
                target_asset_code: ClaimTarget::Brl,
            }
        )]
    );
}

#[test]
fn a_wallet_claim_uses_that_wallets_claimable_and_address() {
    let mut harness = harness(claims_state(Language::PtBr));
    settle(&mut harness);
    harness.get_by_label("Resgatar de").click();
    settle(&mut harness);
    harness
        .get_by_label(&format!("Main wallet ({MAIN})"))
        .click();
    settle(&mut harness);
    harness.get_by_label("Resgatável aqui: R$ 1.250,50");
    type_into(&mut harness, "Valor a resgatar", "1250,50");
    harness.get_by_label("BRLV").click();
    settle(&mut harness);
    harness.get_by_label("Resgatar agora").click();
    settle(&mut harness);
    harness.get_by_label("Confirmar").click();
    settle(&mut harness);
    confirm_plain_key(&mut harness);
    assert_eq!(
        claims_sent(harness.state_mut()),
        vec![(
            Some(MAIN.to_owned()),
            CreateClaim {
                amount: dec("1250.50"),
                target_asset_code: ClaimTarget::Brlv,
            }
        )]
    );
    harness.get_by_label("Enviando...");
}

#[test]
fn the_result_shows_gross_tax_fees_and_net() {
    let mut state = claims_state(Language::En);
    let claim: Claim = serde_json::from_value(serde_json::json!({
        "id": "c1a1a000-0000-4000-8000-000000000001",
        "gross-amount": "1000.00",
        "tax-amount": "150.00",
        "fees": "12.34",
        "net-amount": "837.66",
        "status": "created",
        "updated-at": "2026-03-10T12:00:00.123Z",
    }))
    .unwrap();
    state.panels.claims.draft.amount = "1000".into();
    state.apply(Event::Submitted {
        session: SESSION,
        form: FormKind::Claim,
        outcome: SubmitOutcome::Created {
            record: Created::Claim(Some(claim)),
            after_unknown: false,
        },
    });
    let mut harness = harness(state);
    settle(&mut harness);
    // What happened, in words.
    harness.get_by_label("Claim of R$1,000.00 made");
    // In the result, the table's header and the new claim's details below.
    assert_eq!(harness.query_all_by_label("Tax withheld").count(), 3);
    // Tax, fees and net also in the table of claims made and its details,
    // where a screen reader hears them in words.
    for (written, spoken) in [
        ("R$150.00", "150.00 reais"),
        ("R$12.34", "12.34 reais"),
        ("R$837.66", "837.66 reais"),
    ] {
        assert_eq!(harness.query_all_by_label(written).count(), 1, "{written}");
        assert_eq!(harness.query_all_by_label(spoken).count(), 2, "{spoken}");
    }
    assert_eq!(harness.query_all_by_label("created").count(), 2);
    assert_eq!(
        harness.state().panels.claims.draft.amount,
        "",
        "the form starts afresh"
    );
}

#[test]
fn from_a_sealed_profile_a_claim_waits_for_the_right_passphrase() {
    let mut state = claims_state(Language::En);
    crate::support::ui::seal_session(&mut state);
    state.panels.claims.draft.amount = "1200".into();
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label("Claim now").click();
    settle(&mut harness);
    harness.get_by_label("Confirm").click();
    settle(&mut harness);
    crate::support::ui::only_the_right_passphrase_sends(
        &mut harness,
        SubmitRequest::Claim {
            wallet_address: None,
            request: CreateClaim {
                amount: dec("1200"),
                target_asset_code: ClaimTarget::Brl,
            },
        },
    );
}
