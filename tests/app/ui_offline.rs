//! Offline told as offline: a send that could not reach the service reads
//! as not sent, never as refused, and keeps the form; while the service
//! cannot be reached the top bar and each balance say when they were last
//! true, and a countdown says it cannot be checked instead of running.

use egui_kittest::kittest::Queryable;
use time::macros::datetime;

use brlv_core::api::Error;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::Event;
use brlv_desk::app::resources::{Fetched, ResourceKey};
use brlv_desk::app::state::{AppState, View};
use brlv_desk::app::submit::{FormKind, SubmitOutcome, SubmitStatus};

use crate::support::ui::{SESSION, connected_state, dec, deliver, harness, settle};

/// What the client reports when the connection could not be made.
fn could_not_connect() -> Error {
    Error::Network {
        message: "error sending request: tcp connect error: Connection refused (os error 111)"
            .to_owned(),
        maybe_delivered: false,
    }
}

/// A withdrawal form filled and sent while the service was down.
fn sent_while_offline(language: Language) -> AppState {
    let mut state = connected_state(language);
    deliver(&mut state, Fetched::BalanceBrl(dec("5000.00")), 1_000);
    state.view = View::Withdrawals;
    state.panels.withdrawals.draft.amount = "320,50".into();
    state.panels.withdrawals.draft.pix_key = "529.982.247-25".into();
    state.panels.withdrawals.submit = SubmitStatus::Sending;
    state.apply(Event::Submitted {
        session: SESSION,
        form: FormKind::Withdrawal,
        outcome: SubmitOutcome::NotSent(could_not_connect()),
    });
    state
}

#[test]
fn the_client_calls_a_connection_that_could_not_be_made_not_sent_and_a_broken_one_not() {
    assert!(could_not_connect().not_sent());
    // Broken after the request was written: the answer was lost, and the
    // service may have applied it (settled, never "not sent").
    let broken = Error::Network {
        message: "connection reset".to_owned(),
        maybe_delivered: true,
    };
    assert!(!broken.not_sent());
    assert!(broken.outcome_unknown());
    let timeout = Error::Timeout {
        after: std::time::Duration::from_secs(30),
    };
    assert!(!timeout.not_sent());
}

#[test]
fn a_send_that_could_not_reach_the_service_reads_as_not_sent_and_keeps_the_form_in_english() {
    let mut harness = harness(sent_while_offline(Language::En));
    settle(&mut harness);
    harness.get_by_label(
        "Not sent: the service could not be reached, so nothing left this computer and nothing was paid.",
    );
    harness.get_by_label_contains("Nothing was refused. The form is kept as you filled it");
    assert!(harness.query_by_label_contains("refused the").is_none());
    assert!(harness.query_by_label_contains("correct it").is_none());
    assert_eq!(harness.state().panels.withdrawals.draft.amount, "320,50");
    assert_eq!(
        harness.state().panels.withdrawals.draft.pix_key,
        "529.982.247-25"
    );
}

#[test]
fn a_send_that_could_not_reach_the_service_reads_as_not_sent_and_keeps_the_form_in_portuguese() {
    let mut harness = harness(sent_while_offline(Language::PtBr));
    settle(&mut harness);
    harness.get_by_label(
        "Não enviado: não foi possível falar com o serviço, então nada saiu deste computador e nada foi pago.",
    );
    harness.get_by_label_contains("Nada foi recusado. O formulário foi mantido");
    assert!(harness.query_by_label_contains("recusou").is_none());
    assert!(harness.query_by_label_contains("corrija").is_none());
    assert_eq!(harness.state().panels.withdrawals.draft.amount, "320,50");
}

/// The balances arrived at 16:25 (UTC, the tests' zone), and the next
/// reading found the service unreachable.
fn offline_overview(language: Language) -> AppState {
    let mut state = connected_state(language);
    state.shared.zone = brlv_desk::app::clock::LocalZone::utc();
    state.shared.wall_now = datetime!(2026-12-01 16:30:00 UTC);
    state.shared.now = 301_000;
    deliver(&mut state, Fetched::BalanceBrl(dec("1.00")), 1_000);
    deliver(&mut state, Fetched::BalanceUsdc(dec("2.50")), 1_000);
    deliver(&mut state, Fetched::BalanceBrlv(dec("3.00")), 1_000);
    state.apply(Event::FetchFinished {
        session: SESSION,
        resource: ResourceKey::BalanceBrl,
        result: Err(could_not_connect()),
        at: 300_000,
        next_at: 310_000,
    });
    state.view = View::Overview;
    state
}

#[test]
fn offline_the_top_bar_and_each_balance_say_when_they_were_last_true() {
    let mut harness = harness(offline_overview(Language::En));
    settle(&mut harness);
    harness.get_by_label_contains("Offline · balance as of 16:25");
    assert!(harness.query_all_by_label("as of 16:25").count() >= 3);

    let mut harness = harness_pt();
    settle(&mut harness);
    harness.get_by_label_contains("Sem conexão · saldo de 16:25");
    assert!(harness.query_all_by_label("saldo de 16:25").count() >= 3);
    // Reais are "Reais", never the code beside "R$".
    harness.get_by_label("Reais");
    assert!(harness.query_by_label("BRL").is_none());
}

fn harness_pt() -> egui_kittest::Harness<'static, AppState> {
    harness(offline_overview(Language::PtBr))
}

#[test]
fn online_no_balance_carries_an_as_of_time() {
    let mut state = connected_state(Language::En);
    deliver(&mut state, Fetched::BalanceBrl(dec("1.00")), 1_000);
    state.view = View::Overview;
    let mut harness = harness(state);
    settle(&mut harness);
    assert!(harness.query_by_label_contains("as of").is_none());
}
