//! The "cannot tell" card names the send and its candidates: what was sent
//! (amount, method, destination, when) and each record at the service that
//! could be it (amount, destination, time, id), with what to check, in
//! both languages; and no "send again" on it.

use egui::accesskit::Role;
use egui_kittest::kittest::{By, Queryable};
use time::macros::datetime;
use uuid::Uuid;

use brlv_core::api::model::{Asset, CreateWithdrawal, WithdrawalMethod};
use brlv_desk::app::features::journal::message::{
    JournalEvent, SendCandidate, SendOutcome, SettledSend,
};
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::Event;
use brlv_desk::app::state::{AppState, View};

use crate::support::ui::{SESSION, connected_without_payments, dec, harness, settle};

const FIRST: &str = "9c2f0c52-0000-4000-8000-0000000000c1";
const SECOND: &str = "9c2f0c52-0000-4000-8000-0000000000c2";

fn candidate(id: &str, at: time::OffsetDateTime) -> SendCandidate {
    SendCandidate {
        id: id.to_owned(),
        amount: Some(dec("56.78")),
        destination: Some("ana@example.com".to_owned()),
        created_at: Some(at),
    }
}

/// A Pix withdrawal of R$ 56,78 to ana@example.com sent at 16:25:30, and
/// two identical withdrawals the service created within seconds of it.
fn cannot_tell_state(language: Language) -> AppState {
    let mut state = connected_without_payments(language);
    state.shared.zone = brlv_desk::app::clock::LocalZone::utc();
    state.view = View::Settings;
    let request = CreateWithdrawal {
        asset: Asset::FiatBrl,
        method: WithdrawalMethod::Pix,
        amount: dec("56.78"),
        pix_key: Some("ana@example.com".into()),
        ted_account: None,
        target_address: None,
    };
    let send = SettledSend {
        post_id: Uuid::from_u128(7),
        form: "withdrawal".into(),
        sent_at: datetime!(2026-12-01 16:25:30 UTC),
        endpoint: "/api/v0/withdrawals".into(),
        body: serde_json::to_string(&request).unwrap(),
        outcome: SendOutcome::CannotTell(vec![
            candidate(FIRST, datetime!(2026-12-01 16:25:31 UTC)),
            candidate(SECOND, datetime!(2026-12-01 16:25:44 UTC)),
        ]),
    };
    state.apply(Event::Journal(JournalEvent::Settled {
        session: SESSION,
        sends: vec![send],
    }));
    state
}

#[test]
fn the_card_names_the_send_and_each_candidate_in_english() {
    let mut harness = harness(cannot_tell_state(Language::En));
    settle(&mut harness);
    // The verdict: which send, when, and how many records could be it.
    assert!(
        harness
            .query_all_by_label_contains(
                "Whether a withdrawal sent on 1 Dec 2026 16:25:30 was applied cannot be told: \
                 2 identical records at the service could be it"
            )
            .count()
            >= 1
    );
    // What was sent: amount, method, destination.
    harness.get_by_label_contains("Sent: R$56.78 · Pix key (e-mail) ana@example.com");
    harness.get_by_label("At the service, each of these could be it:");
    harness.get_by_label(&format!(
        "• R$56.78 to ana@example.com, created 1 Dec 2026 16:25:31, id {FIRST}"
    ));
    harness.get_by_label(&format!(
        "• R$56.78 to ana@example.com, created 1 Dec 2026 16:25:44, id {SECOND}"
    ));
    harness.get_by_label_contains("What to check: find each id above in this app's list");
    // Never offered to be sent again: that could pay twice.
    assert_eq!(
        harness
            .query_all(By::new().role(Role::Button).label_contains("Send again"))
            .count(),
        0
    );
}

#[test]
fn the_card_names_the_send_and_each_candidate_in_portuguese() {
    let mut harness = harness(cannot_tell_state(Language::PtBr));
    settle(&mut harness);
    assert!(
        harness
            .query_all_by_label_contains(
                "Não é possível saber se um envio (saque) de 01/12/2026 16:25:30 foi aplicado: \
                 2 registros iguais no serviço podem ser ele"
            )
            .count()
            >= 1
    );
    harness.get_by_label_contains("Enviado: R$ 56,78 · Chave Pix (e-mail) ana@example.com");
    harness.get_by_label("No serviço, cada um destes pode ser ele:");
    harness.get_by_label(&format!(
        "• R$ 56,78 para ana@example.com, criado em 01/12/2026 16:25:31, id {FIRST}"
    ));
    harness.get_by_label(&format!(
        "• R$ 56,78 para ana@example.com, criado em 01/12/2026 16:25:44, id {SECOND}"
    ));
    harness.get_by_label_contains("O que conferir: procure cada id acima");
    assert_eq!(
        harness
            .query_all(
                By::new()
                    .role(Role::Button)
                    .label_contains("Enviar de novo")
            )
            .count(),
        0
    );
}
