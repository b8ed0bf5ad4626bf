//! What a form says once the service took the movement: what happened, in
//! words, as a bank app says it ("Pix de R$ 1.320,50 para Aluguel
//! enviado"), the recipient by the name it was saved under, a CPF masked;
//! the service's id beside it, with the button that opens its receipt.

use egui_kittest::kittest::Queryable;

use brlv_core::api::model::{Transfer, Withdrawal};
use brlv_core::recipients::{Destination, Recipient};
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::Event;
use brlv_desk::app::state::{AppState, View};
use brlv_desk::app::submit::{Created, FormKind, SubmitOutcome};

use crate::support::ui::{SESSION, connected_state, harness, settle};

const MARIA: &str = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

fn created(state: &mut AppState, form: FormKind, record: Created) {
    state.apply(Event::Submitted {
        session: SESSION,
        form,
        outcome: SubmitOutcome::Created {
            record,
            after_unknown: false,
        },
    });
}

fn pix_withdrawal(key: &str) -> Withdrawal {
    serde_json::from_value(serde_json::json!({
        "id": "8a9b6eed-0000-4000-8000-000000000001",
        "asset": "fiat/brl",
        "amount": "1320.50",
        "method": "pix",
        "state": "created",
        "pix-key": key,
    }))
    .unwrap()
}

#[test]
fn a_pix_sent_says_how_much_to_whom_in_words_with_its_id_beside() {
    let mut state = connected_state(Language::PtBr);
    state.view = View::Withdrawals;
    state.shared.recipients = vec![Recipient {
        name: "Aluguel".into(),
        destination: Destination::Pix {
            key: "52998224725".into(),
        },
    }];
    created(
        &mut state,
        FormKind::Withdrawal,
        Created::Withdrawal(pix_withdrawal("52998224725")),
    );
    let mut portuguese = harness(state);
    settle(&mut portuguese);
    portuguese.get_by_label_contains("Pix de R$ 1.320,50 para Aluguel enviado");
    portuguese.get_by_label("8a9b6eed-0000-4000-8000-000000000001");
    portuguese.get_by_label("Abrir comprovante");

    // A key saved under no name: a CPF masked as banks show it.
    let mut state = connected_state(Language::En);
    state.view = View::Withdrawals;
    created(
        &mut state,
        FormKind::Withdrawal,
        Created::Withdrawal(pix_withdrawal("52998224725")),
    );
    let mut english = harness(state);
    settle(&mut english);
    english.get_by_label_contains("Pix of R$1,320.50 to ***.982.247-** sent");
}

#[test]
fn a_transfer_sent_names_the_saved_recipient() {
    let mut state = connected_state(Language::En);
    state.view = View::Transfers;
    state.shared.recipients = vec![Recipient {
        name: "Maria".into(),
        destination: Destination::Wallet {
            address: MARIA.into(),
        },
    }];
    let transfer: Transfer = serde_json::from_value(serde_json::json!({
        "id": "4b8a1c4d-0000-4000-8000-000000000001",
        "asset": "eth-base/brlv",
        "amount": "7.77",
        "state": "created",
        "target-address": MARIA.to_lowercase(),
    }))
    .unwrap();
    created(&mut state, FormKind::Transfer, Created::Transfer(transfer));
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label_contains("Transfer of 7.77 BRLV to Maria sent");
    harness.get_by_label("4b8a1c4d-0000-4000-8000-000000000001");
    harness.get_by_label("Open receipt");
}
