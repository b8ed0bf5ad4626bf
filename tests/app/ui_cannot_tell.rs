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

/// The withdrawal form after its own send of R$ 56,78 by Pix to
/// ana@example.com, whose answer was lost, settled by the core as *cannot
/// tell*: two identical withdrawals the service created within seconds.
fn form_cannot_tell_state(language: Language) -> AppState {
    let mut state = connected_without_payments(language);
    state.shared.zone = brlv_desk::app::clock::LocalZone::utc();
    state.view = View::Withdrawals;
    let body = serde_json::to_string(&CreateWithdrawal::pix(
        dec("56.78"),
        "ana@example.com".into(),
    ))
    .unwrap();
    let record = serde_json::json!({
        "state": "created", "asset": "fiat/brl", "method": "pix",
        "amount": "56.78", "pix-key": "ana@example.com",
    });
    told_cannot_tell(
        &mut state,
        brlv_desk::app::submit::FormKind::Withdrawal,
        "/api/v0/withdrawals",
        &body,
        [
            (SECOND, "2026-12-01T16:25:44Z", record.clone()),
            (FIRST, "2026-12-01T16:25:31Z", record),
        ],
    );
    state
}

/// Tells `state` that the form `form`'s own send (a POST to `endpoint`
/// with `body` at 16:25:30, whose answer was lost) was settled by the core
/// as *cannot tell*: the service holds two identical records, `records`,
/// each with its id and creation time filled in.
fn told_cannot_tell(
    state: &mut AppState,
    form: brlv_desk::app::submit::FormKind,
    endpoint: &str,
    body: &str,
    records: [(&str, &str, serde_json::Value); 2],
) {
    use brlv_core::journal::settle::{self, Candidate, Sent, Settlement};

    let sent = Sent::from_body(
        Uuid::from_u128(8),
        datetime!(2026-12-01 16:25:30 UTC),
        endpoint,
        body,
    );
    let candidates = records
        .into_iter()
        .map(|(id, at, mut record)| {
            record["id"] = id.into();
            record["created-at"] = at.into();
            Candidate::of(id.to_owned(), &record)
        })
        .collect();
    let settlement = Settlement::CannotTell(settle::CannotTell::Identical { candidates });
    let outcome = brlv_desk::app::submit::settled_outcome(
        brlv_core::api::Error::Config("the answer was lost".into()),
        &sent,
        body,
        settlement,
    );
    state.apply(Event::Submitted {
        session: SESSION,
        form,
        outcome,
    });
}

#[test]
fn the_forms_own_cannot_tell_message_names_what_was_sent_and_each_candidate_in_both_languages() {
    for (language, sent, heading, first, second, check) in [
        (
            Language::En,
            "Sent: R$56.78 · ",
            "At the service, each of these could be it:",
            format!("• R$56.78 to ana@example.com, created 1 Dec 2026 16:25:31, id {FIRST}"),
            format!("• R$56.78 to ana@example.com, created 1 Dec 2026 16:25:44, id {SECOND}"),
            "What to check: find each id above in this app's list",
        ),
        (
            Language::PtBr,
            "Enviado: R$ 56,78 · ",
            "No serviço, cada um destes pode ser ele:",
            format!("• R$ 56,78 para ana@example.com, criado em 01/12/2026 16:25:31, id {FIRST}"),
            format!("• R$ 56,78 para ana@example.com, criado em 01/12/2026 16:25:44, id {SECOND}"),
            "O que conferir: procure cada id acima",
        ),
    ] {
        let mut harness = harness(form_cannot_tell_state(language));
        settle(&mut harness);
        // Under the form, beside the verdict it already gave.
        harness.get_by_label_contains(sent);
        harness.get_by_label(heading);
        harness.get_by_label(&first);
        harness.get_by_label(&second);
        harness.get_by_label_contains(check);
        // The oldest first, as the statement lists them.
        assert!(
            harness.get_by_label(&first).rect().top() < harness.get_by_label(&second).rect().top(),
            "{language:?}"
        );
    }
}

#[test]
fn the_transfer_forms_own_cannot_tell_message_names_its_candidates_too() {
    use brlv_core::api::model::CreateTransfer;

    const TO: &str = "0x8ba1f109551bd432803012645ac136ddd64dba72";
    let mut state = connected_without_payments(Language::PtBr);
    state.shared.zone = brlv_desk::app::clock::LocalZone::utc();
    state.view = View::Transfers;
    let body = serde_json::to_string(&CreateTransfer {
        source_address: "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359".into(),
        asset: Asset::EthBaseBrlv,
        amount: dec("25"),
        target_address: TO.into(),
    })
    .unwrap();
    let record = serde_json::json!({
        "state": "created", "asset": "eth-base/brlv", "amount": "25", "target-address": TO,
    });
    told_cannot_tell(
        &mut state,
        brlv_desk::app::submit::FormKind::Transfer,
        "/api/v0/transfers",
        &body,
        [
            (FIRST, "2026-12-01T16:25:31Z", record.clone()),
            (SECOND, "2026-12-01T16:25:44Z", record),
        ],
    );
    let mut harness = harness(state);
    settle(&mut harness);
    harness.get_by_label_contains("Enviado: ");
    harness.get_by_label("No serviço, cada um destes pode ser ele:");
    harness.get_by_label_contains(&format!("criado em 01/12/2026 16:25:31, id {FIRST}"));
    harness.get_by_label_contains(&format!("criado em 01/12/2026 16:25:44, id {SECOND}"));
    harness.get_by_label_contains("O que conferir: procure cada id acima");
}
