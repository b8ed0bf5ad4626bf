//! The account panels through the real worker, end to end on the embedded
//! sandbox: its demo wallets, deposits and claimable balances arrive; a
//! wallet, a Pix withdrawal and a claim are created and then seen in the
//! lists; a filtered list comes back filtered; a list is saved as CSV.
//! Every wait is a bounded poll on Events, never a fixed sleep.

use std::str::FromStr;

use rust_decimal::Decimal;

use brlv_core::api::model::{
    Asset, Chain, ClaimTarget, CreateClaim, CreateWallet, CreateWithdrawal, TransferState,
    WithdrawalMethod,
};
use brlv_core::api::payout::{BankAccountType, TedAccount};
use brlv_desk::app::export::{ExportRecords, ExportRequest};
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::Command;
use brlv_desk::app::state::AppState;
use brlv_desk::app::submit::Created;
use brlv_desk::app::submit::SubmitOutcome;
use brlv_desk::app::submit::SubmitRequest;
use brlv_desk::app::submit::SubmitStatus;

use crate::support::worker::pump_until;

/// Sends `request` as a form does: through the lock (the sandbox's money
/// moves with its proof at once); `pump_until` hands it to the worker.
fn send(state: &mut AppState, request: SubmitRequest) {
    state.submit(request);
}

fn created(status: &SubmitStatus) -> Option<&Created> {
    match status {
        SubmitStatus::Finished(SubmitOutcome::Created { record, .. }) => Some(record),
        SubmitStatus::Finished(other) => panic!("the request did not go through: {other:?}"),
        _ => None,
    }
}

#[test]
fn wallets_withdrawals_and_claims_are_created_and_listed_on_the_sandbox() {
    let (dir, worker) = crate::support::worker::on_sandbox();
    let mut state = AppState::new(Language::En);
    pump_until(&worker, &mut state, "the demo lists", |state| {
        let lists = &state.shared.data;
        lists
            .wallets
            .value()
            .is_some_and(|wallets| wallets.len() == 3)
            && lists
                .deposits_brl
                .value()
                .is_some_and(|rows| rows.len() == 3)
            && lists.claimable.value().is_some()
            && state.shared.data.withdrawals.value().is_some()
    });
    let claimable = state.shared.data.claimable.value().unwrap().clone();
    assert_eq!(
        claimable.account,
        Decimal::from_str("4450.50").unwrap(),
        "every certificate"
    );
    assert_eq!(claimable.wallets.len(), 3);

    // A wallet.
    state.panels.wallets.submit = SubmitStatus::Sending;
    send(
        &mut state,
        SubmitRequest::Wallet(CreateWallet {
            wallet_name: "Payroll".into(),
            chain: Some(Chain::EthBase),
            metadata: None,
            ui_enabled: Some(true),
        }),
    );
    pump_until(&worker, &mut state, "the wallet's creation", |state| {
        created(&state.panels.wallets.submit).is_some()
    });
    let Some(Created::Wallet(wallet)) = created(&state.panels.wallets.submit).cloned() else {
        panic!("expected a wallet");
    };
    pump_until(&worker, &mut state, "the new wallet in the list", |state| {
        state
            .shared
            .data
            .wallets
            .value()
            .is_some_and(|wallets| wallets.iter().any(|w| w.address == wallet.address))
    });

    // A Pix withdrawal.
    state.panels.withdrawals.submit = SubmitStatus::Sending;
    send(
        &mut state,
        SubmitRequest::Withdrawal(CreateWithdrawal {
            asset: Asset::FiatBrl,
            method: WithdrawalMethod::Pix,
            amount: Decimal::from_str("123.45").unwrap(),
            pix_key: Some("52998224725".into()),
            ted_account: None,
            target_address: None,
        }),
    );
    pump_until(&worker, &mut state, "the withdrawal's creation", |state| {
        created(&state.panels.withdrawals.submit).is_some()
    });
    let Some(Created::Withdrawal(withdrawal)) = created(&state.panels.withdrawals.submit).cloned()
    else {
        panic!("expected a withdrawal");
    };
    pump_until(
        &worker,
        &mut state,
        "the new withdrawal in the list",
        |state| {
            state
                .shared
                .data
                .withdrawals
                .value()
                .is_some_and(|rows| rows.first().is_some_and(|first| first.id == withdrawal.id))
        },
    );

    // A claim at the account, which the claimable balance then reflects.
    state.panels.claims.submit = SubmitStatus::Sending;
    send(
        &mut state,
        SubmitRequest::Claim {
            wallet_address: None,
            request: CreateClaim {
                amount: Decimal::from_str("200.00").unwrap(),
                target_asset_code: ClaimTarget::Brl,
            },
        },
    );
    pump_until(&worker, &mut state, "the claim", |state| {
        created(&state.panels.claims.submit).is_some()
    });
    let claim = state
        .shared
        .data
        .claims_made
        .first()
        .cloned()
        .expect("the claim is kept");
    assert_eq!(
        claim.gross_amount,
        Some(Decimal::from_str("200.00").unwrap())
    );
    pump_until(
        &worker,
        &mut state,
        "the lower claimable balance",
        |state| {
            state
                .shared
                .data
                .claimable
                .value()
                .is_some_and(|balances| balances.account == Decimal::from_str("4250.50").unwrap())
        },
    );

    // A refusal keeps its code: more than the account holds.
    state.panels.withdrawals.submit = SubmitStatus::Sending;
    send(
        &mut state,
        SubmitRequest::Withdrawal(CreateWithdrawal {
            asset: Asset::FiatBrl,
            method: WithdrawalMethod::Ted,
            amount: Decimal::from_str("99999999.00").unwrap(),
            pix_key: None,
            ted_account: None,
            target_address: None,
        }),
    );
    pump_until(&worker, &mut state, "the refusal", |state| {
        !state.panels.withdrawals.submit.is_sending()
    });
    let SubmitStatus::Finished(SubmitOutcome::Refused(error)) = &state.panels.withdrawals.submit
    else {
        panic!(
            "expected a refusal, got {:?}",
            state.panels.withdrawals.submit
        );
    };
    assert!(
        error.service_error().is_some_and(|e| !e.code.is_empty()),
        "{error}"
    );

    // A filtered list: only completed transfers.
    state.panels.transfers.state_filter = Some(TransferState::Completed);
    if let Some(query) = state.panels.transfers.sync_query() {
        assert!(worker.send(Command::Query(query)));
    }
    // The full list too: the rows are compared with it below, and nothing
    // above waited for it.
    pump_until(
        &worker,
        &mut state,
        "the filtered and the full transfers",
        |state| {
            state
                .panels
                .transfers
                .list
                .filtered
                .as_ref()
                .and_then(|filtered| filtered.list.value())
                .is_some()
                && state.shared.data.transfers.value().is_some()
        },
    );
    let filtered = state.panels.transfers.list.filtered.as_ref().unwrap();
    let rows = filtered.list.value().unwrap();
    assert!(!rows.is_empty());
    assert!(
        rows.iter()
            .all(|t| t.state == Some(TransferState::Completed))
    );
    assert_ne!(
        rows.len(),
        state.shared.data.transfers.value().unwrap().len(),
        "the demo has transfers in other states"
    );

    // Saved as CSV by the worker, exact amounts.
    let path = dir.path().join("withdrawals.csv");
    state.panels.withdrawals.records.export.writing = true;
    assert!(worker.send(Command::Export(ExportRequest {
        path: path.clone(),
        records: ExportRecords::Withdrawals(
            state.shared.data.withdrawals.value().unwrap().to_vec()
        ),
    })));
    pump_until(&worker, &mut state, "the CSV file", |state| {
        !state.panels.withdrawals.records.export.writing
    });
    assert_eq!(
        state.panels.withdrawals.records.export.result,
        Some(Ok(path.clone()))
    );
    let csv = std::fs::read_to_string(&path).unwrap();
    assert!(csv.contains(&withdrawal.id.to_string()), "{csv}");
    assert!(csv.contains(",123.45,"), "{csv}");
}

#[test]
fn ted_and_token_withdrawals_reach_the_sandbox_with_their_destinations() {
    let (_dir, worker) = crate::support::worker::on_sandbox();
    let mut state = AppState::new(Language::En);
    pump_until(&worker, &mut state, "the demo withdrawals", |state| {
        state.shared.data.withdrawals.value().is_some()
            && state.shared.data.wallets.value().is_some()
    });
    let account = TedAccount {
        bank_code: "341".into(),
        branch: "1234".into(),
        account: "12345-6".into(),
        account_type: BankAccountType::Savings,
        document: "52998224725".into(),
        name: "Maria da Silva".into(),
    };
    let withdraw = |state: &mut AppState, request: CreateWithdrawal, what: &str| {
        state.panels.withdrawals.submit = SubmitStatus::Sending;
        send(state, SubmitRequest::Withdrawal(request));
        pump_until(&worker, state, what, |state| {
            created(&state.panels.withdrawals.submit).is_some()
        });
        let Some(Created::Withdrawal(withdrawal)) =
            created(&state.panels.withdrawals.submit).cloned()
        else {
            panic!("expected a withdrawal");
        };
        pump_until(&worker, state, "the record read back", |state| {
            state
                .shared
                .data
                .withdrawals
                .value()
                .is_some_and(|rows| rows.iter().any(|row| row.id == withdrawal.id))
        });
        let listed = state.shared.data.withdrawals.value().unwrap();
        listed
            .iter()
            .find(|row| row.id == withdrawal.id)
            .unwrap()
            .clone()
    };

    let ted = withdraw(
        &mut state,
        CreateWithdrawal::ted(Decimal::from_str("150.00").unwrap(), account.clone()),
        "the TED's creation",
    );
    assert_eq!(ted.method, Some(WithdrawalMethod::Ted));
    assert_eq!(
        ted.ted_account(),
        Some(account),
        "the bank account, read back"
    );

    // BRLV leaves "Main wallet" (eth-base) for an address outside the account.
    let destination = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
    let token = withdraw(
        &mut state,
        CreateWithdrawal::token(
            Asset::EthBaseBrlv,
            Decimal::from_str("10.5").unwrap(),
            destination.to_owned(),
        ),
        "the token withdrawal's creation",
    );
    assert_eq!(token.method, Some(WithdrawalMethod::Token));
    assert_eq!(token.target_address(), Some(destination));
    let main_wallet = state
        .shared
        .data
        .wallets
        .value()
        .unwrap()
        .iter()
        .find(|wallet| wallet.name.as_deref() == Some("Main wallet"))
        .unwrap()
        .address
        .clone();
    assert_eq!(
        token.source_address().map(str::to_lowercase),
        Some(main_wallet.to_lowercase()),
        "paid from the wallet that holds BRLV on eth-base"
    );
}
