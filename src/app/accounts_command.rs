//! The account panels' half of [`Command`](super::command::Command) and
//! [`Event`](super::command::Event): creating wallets, transfers, withdrawals
//! and claims, asking for a filtered list, and saving a list as CSV. Plain
//! data, so a UI test reads back exactly what a form sent.

use std::path::PathBuf;

use crate::api::Error;
use crate::api::model::{
    Asset, Claim, CreateClaim, CreateTransfer, CreateWallet, CreateWithdrawal, CreatedWallet,
    Deposit, Transfer, TransferFilter, Wallet, WalletFilter, Withdrawal,
};

use super::command::{ResourceData, SessionId};

/// What the account panels ask the worker for.
#[derive(Debug, Clone, PartialEq)]
pub enum AccountsCommand {
    /// `POST /wallets`, sent once, never retried.
    CreateWallet(CreateWallet),
    /// `POST /transfers`, sent once, never retried.
    CreateTransfer(CreateTransfer),
    /// `POST /withdrawals`, sent once, never retried.
    CreateWithdrawal(CreateWithdrawal),
    /// `POST /claims` (no wallet) or `POST /wallets/{address}/claims`.
    CreateClaim {
        /// The wallet whose certificates are claimed; `None` for the account's.
        wallet_address: Option<String>,
        /// Amount and payout asset.
        request: CreateClaim,
    },
    /// Fetch a list with the filters a panel shows, sent to the API.
    Query(ListQuery),
    /// Write a list as CSV, off the UI thread.
    Export {
        /// The file to write.
        path: PathBuf,
        /// The rows.
        records: ExportRecords,
    },
}

/// A list fetched with filters the API applies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListQuery {
    /// `GET /wallets?assets=…&addresses=…`.
    Wallets(WalletFilter),
    /// `GET /transfers` with its four filters.
    Transfers(TransferFilter),
    /// `GET /withdrawals?asset=…`.
    Withdrawals(Option<Asset>),
}

/// The forms that create something.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FormKind {
    /// New wallet.
    Wallet,
    /// New transfer.
    Transfer,
    /// New withdrawal.
    Withdrawal,
    /// New claim.
    Claim,
}

/// What a form created.
#[derive(Debug, Clone, PartialEq)]
pub enum Created {
    /// The new wallet's address and assets.
    Wallet(CreatedWallet),
    /// The new transfer.
    Transfer(Transfer),
    /// The new withdrawal.
    Withdrawal(Withdrawal),
    /// The claim; `None` when only the claimable balance showed it was applied
    /// (the service lists no claims to find it again by).
    Claim(Option<Claim>),
}

/// How a POST ended, decided once by the worker.
#[derive(Debug, Clone)]
pub enum SubmitOutcome {
    /// Created; `after_unknown` when the answer was lost and the re-read list
    /// showed it anyway.
    Created {
        /// What was created.
        record: Created,
        /// The POST's answer was lost; the re-read found it.
        after_unknown: bool,
    },
    /// The service refused it: nothing was created.
    Refused(Error),
    /// The answer was lost and the re-read list shows nothing new: it was not
    /// applied, so sending again is safe.
    NotApplied(Error),
    /// The answer was lost and the list could not be re-read: it may or may
    /// not have been applied.
    Unknown(Error),
}

/// The lists that can be saved as CSV, with their rows.
#[derive(Debug, Clone, PartialEq)]
pub enum ExportRecords {
    /// Wallets.
    Wallets(Vec<Wallet>),
    /// Transfers.
    Transfers(Vec<Transfer>),
    /// Withdrawals.
    Withdrawals(Vec<Withdrawal>),
    /// Claims made in this session.
    Claims(Vec<Claim>),
    /// Deposits of one asset.
    Deposits(Vec<Deposit>),
}

impl ExportRecords {
    /// Which list it is.
    pub fn kind(&self) -> ExportKind {
        match self {
            ExportRecords::Wallets(_) => ExportKind::Wallets,
            ExportRecords::Transfers(_) => ExportKind::Transfers,
            ExportRecords::Withdrawals(_) => ExportKind::Withdrawals,
            ExportRecords::Claims(_) => ExportKind::Claims,
            ExportRecords::Deposits(_) => ExportKind::Deposits,
        }
    }

    /// The CSV text (header and one row per record).
    pub fn to_csv(&self) -> Result<String, csv::Error> {
        use crate::export::to_csv_string;
        match self {
            ExportRecords::Wallets(rows) => to_csv_string(rows),
            ExportRecords::Transfers(rows) => to_csv_string(rows),
            ExportRecords::Withdrawals(rows) => to_csv_string(rows),
            ExportRecords::Claims(rows) => to_csv_string(rows),
            ExportRecords::Deposits(rows) => to_csv_string(rows),
        }
    }
}

/// Which list an export belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ExportKind {
    /// Wallets.
    Wallets,
    /// Transfers.
    Transfers,
    /// Withdrawals.
    Withdrawals,
    /// Claims.
    Claims,
    /// Deposits.
    Deposits,
}

/// What the worker reports about the account panels' requests.
#[derive(Debug)]
pub enum AccountsEvent {
    /// A form's POST ended.
    SubmitFinished {
        /// The connection it was sent on.
        session: SessionId,
        /// Which form sent it.
        form: FormKind,
        /// How it ended.
        outcome: SubmitOutcome,
    },
    /// A filtered list arrived.
    QueryFinished {
        /// The connection it was fetched on.
        session: SessionId,
        /// The filters it answers.
        query: ListQuery,
        /// The list (as [`ResourceData`]) or why not.
        result: Result<ResourceData, Error>,
    },
    /// A CSV file was written, or not.
    Exported {
        /// Which list.
        kind: ExportKind,
        /// The file written, or why not.
        result: Result<PathBuf, String>,
    },
}

/// What can be claimed from reward certificates (spec 2.9).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClaimableBalances {
    /// At the account (`GET /claims`).
    pub account: rust_decimal::Decimal,
    /// At each of the account's wallets (`GET /wallets/{address}/claims`).
    pub wallets: Vec<WalletClaimable>,
}

/// What one wallet's certificates allow to claim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WalletClaimable {
    /// The wallet's address.
    pub address: String,
    /// Its name, as listed.
    pub name: Option<String>,
    /// `available-balance`.
    pub available: rust_decimal::Decimal,
}

impl ClaimableBalances {
    /// What `wallet_address` (or the account, for `None`) can claim.
    pub fn available(&self, wallet_address: Option<&str>) -> Option<rust_decimal::Decimal> {
        match wallet_address {
            None => Some(self.account),
            Some(address) => self
                .wallets
                .iter()
                .find(|wallet| wallet.address.eq_ignore_ascii_case(address))
                .map(|wallet| wallet.available),
        }
    }
}
