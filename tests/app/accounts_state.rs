//! The account panels' state without a window: filtered lists asked for
//! once and kept fresh with the full list, answers to old filters or an old
//! connection dropped, forms cleared only on success, and a list asked for
//! while in flight fetched again as soon as it lands.

use brlv_core::api::Error;
use brlv_core::api::model::{Asset, Transfer};
use brlv_core::profile::Profile;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::Event;
use brlv_desk::app::resources::{Fetched, ListQuery, Listed, ResourceKey};
use brlv_desk::app::schedule::{FetchOutcome, Schedule};
use brlv_desk::app::session::{ProfileKind, SessionInfo};
use brlv_desk::app::state::AppState;
use brlv_desk::app::submit::{Created, FormKind, SubmitOutcome, SubmitStatus};

use crate::support::queries;

const SESSION: u64 = 5;

fn connected() -> AppState {
    let mut state = AppState::new(Language::En);
    state.apply(Event::SessionStarted(SessionInfo {
        id: SESSION,
        profile: Profile {
            name: "Empresa".into(),
            base_url: "https://api.example.com".into(),
        },
        kind: ProfileKind::Saved,
        sealed: false,
        route: Default::default(),
    }));
    state
}

fn transfer(id: u32, created: &str) -> Transfer {
    serde_json::from_value(serde_json::json!({
        "id": format!("00000000-0000-4000-8000-{id:012}"),
        "created-at": created,
        "state": "completed",
    }))
    .unwrap()
}

#[test]
fn a_filtered_list_is_asked_once_refreshed_with_the_full_list_and_stale_answers_dropped() {
    let mut state = connected();
    state.panels.withdrawals.asset_filter = Some(Asset::FiatBrl);
    let first = state.panels.withdrawals.sync_query();
    assert!(matches!(
        first,
        Some(ListQuery::Withdrawals(Some(Asset::FiatBrl)))
    ));
    assert!(
        state.panels.withdrawals.sync_query().is_none(),
        "asked once"
    );

    // The full list refreshed: the filtered one is asked for again.
    state.apply(Event::FetchFinished {
        session: SESSION,
        resource: ResourceKey::Withdrawals,
        result: Ok(Fetched::Withdrawals(Vec::new().into())),
        at: 10,
        next_at: 3_010,
    });
    assert_eq!(
        queries(&mut state),
        vec![ListQuery::Withdrawals(Some(Asset::FiatBrl))]
    );

    // The filter changed before the answer came: the answer is dropped.
    state.panels.withdrawals.asset_filter = Some(Asset::EthBaseUsdc);
    let _ = state.panels.withdrawals.sync_query();
    state.apply(Event::QueryFinished {
        session: SESSION,
        listed: Listed::Withdrawals(Some(Asset::FiatBrl), Ok(Vec::new())),
    });
    let filtered = state.panels.withdrawals.list.filtered.as_ref().unwrap();
    assert!(filtered.list.value().is_none());

    // No filter: back to the full list, nothing asked.
    state.panels.withdrawals.asset_filter = None;
    assert!(state.panels.withdrawals.sync_query().is_none());
    assert!(state.panels.withdrawals.list.filtered.is_none());
}

#[test]
fn filtered_answers_come_newest_first_and_other_sessions_are_ignored() {
    let mut state = connected();
    state.panels.transfers.state_filter = Some(brlv_core::api::model::TransferState::Completed);
    let Some(ListQuery::Transfers(query)) = state.panels.transfers.sync_query() else {
        panic!("expected a query");
    };
    let rows = vec![
        transfer(1, "2026-03-01T00:00:00Z"),
        transfer(2, "2026-03-03T00:00:00Z"),
        transfer(3, "2026-03-02T00:00:00Z"),
    ];
    state.apply(Event::QueryFinished {
        session: SESSION + 1,
        listed: Listed::Transfers(query.clone(), Ok(rows.clone())),
    });
    let filtered = state.panels.transfers.list.filtered.as_ref().unwrap();
    assert!(
        filtered.list.value().is_none(),
        "another connection's answer"
    );
    state.apply(Event::QueryFinished {
        session: SESSION,
        listed: Listed::Transfers(query, Ok(rows)),
    });
    let ids: Vec<u128> = state
        .panels
        .transfers
        .list
        .filtered
        .as_ref()
        .unwrap()
        .list
        .value()
        .unwrap()
        .iter()
        .map(|t| t.id.as_u128() & 0xff)
        .collect();
    assert_eq!(ids, vec![2, 3, 1]);
}

#[test]
fn a_form_is_cleared_on_success_and_kept_on_failure() {
    let mut state = connected();
    state.panels.transfers.draft.source = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed".into();
    state.panels.transfers.draft.amount = "10".into();
    state.panels.transfers.submit = SubmitStatus::Sending;
    state.apply(Event::Submitted {
        session: SESSION,
        form: FormKind::Transfer,
        outcome: SubmitOutcome::Unknown {
            error: Error::Timeout {
                after: std::time::Duration::from_secs(30),
            },
            reread: None,
        },
    });
    assert_eq!(
        state.panels.transfers.draft.amount, "10",
        "kept after a failure"
    );
    assert!(!state.panels.transfers.submit.is_sending());

    state.apply(Event::Submitted {
        session: SESSION,
        form: FormKind::Transfer,
        outcome: SubmitOutcome::Created {
            record: Created::Transfer(transfer(9, "2026-03-03T00:00:00Z")),
            after_unknown: false,
        },
    });
    assert_eq!(
        state.panels.transfers.draft.amount, "",
        "cleared after success"
    );
    assert_eq!(
        state.panels.transfers.draft.source, "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
        "the source wallet stays picked"
    );
    assert_eq!(
        state
            .panels
            .transfers
            .records
            .selected
            .map(|id| id.as_u128() & 0xff),
        Some(9)
    );

    // The withdrawal's confirmation step closes whatever the outcome.
    state.panels.withdrawals.confirming = Some(
        brlv_desk::app::features::withdrawals::state::WithdrawalDraft {
            amount: "1".into(),
            pix_key: "52998224725".into(),
            ..Default::default()
        }
        .validate()
        .unwrap(),
    );
    state.apply(Event::Submitted {
        session: SESSION,
        form: FormKind::Withdrawal,
        outcome: SubmitOutcome::NotApplied(Error::Timeout {
            after: std::time::Duration::from_secs(30),
        }),
    });
    assert!(state.panels.withdrawals.confirming.is_none());
}

#[test]
fn a_list_asked_for_while_in_flight_is_fetched_again_when_it_lands() {
    let mut schedule = Schedule::new(&ResourceKey::polled(), 0);
    let due = schedule.take_due(0);
    assert!(due.contains(&ResourceKey::Wallets));
    // A wallet was created while the list was on its way: that answer may predate it.
    schedule.refresh_one(ResourceKey::Wallets, 5);
    let next = schedule.finish(
        ResourceKey::Wallets,
        FetchOutcome::Loaded { in_motion: false },
        10,
    );
    assert_eq!(next, 10, "due again at once");
    let _ = schedule.take_due(10);
    let next = schedule.finish(
        ResourceKey::Wallets,
        FetchOutcome::Loaded { in_motion: false },
        20,
    );
    assert_eq!(next, 30_020, "then back to its interval");
    // At rest, it is simply made due.
    schedule.refresh_one(ResourceKey::Wallets, 100);
    assert_eq!(schedule.next_due(ResourceKey::Wallets), Some(100));
}

#[test]
fn an_untouched_field_gets_a_quiet_hint_or_nothing_and_a_wrong_one_a_red_error() {
    use brlv_desk::app::features::transfers::state::TransferDraft;
    use brlv_desk::app::form::Field;
    use brlv_desk::app::ui::field_message;
    let empty = TransferDraft::default().validate().unwrap_err();
    // Nothing typed: the amount hints at its shape, quietly; the required
    // target says nothing of being required.
    let hint = field_message(Language::En, Some(&empty), Field::Amount).unwrap();
    assert!(hint.pending, "{hint:?}");
    assert!(field_message(Language::En, Some(&empty), Field::TargetWallet).is_none());
    let wrong = TransferDraft {
        target: "0x12".into(),
        amount: "1,2,3".into(),
        ..TransferDraft::default()
    }
    .validate()
    .unwrap_err();
    for field in [Field::TargetWallet, Field::Amount] {
        let error = field_message(Language::PtBr, Some(&wrong), field).unwrap();
        assert!(!error.pending, "{error:?}");
    }
    assert!(field_message(Language::En, Some(&wrong), Field::Asset).is_none());
}
