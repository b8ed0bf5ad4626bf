//! How each list of records sorts by its columns and what a search looks
//! through (see [`crate::app::ui::arrange`]): raw values, not the person's
//! language, so the same search finds `completed` in English and pt-BR and
//! the work can run on a thread of its own. A movement offers the search
//! what the extrato's search reads too ([`Record::search_pieces`]). Column
//! numbers follow each panel's headers; the orders' own table keeps its
//! arrangement beside it.

use crate::app::movement::Record;
use crate::app::search::SearchText;
use crate::app::ui::arrange::{Arrangement, SortKey};
use brlv_core::api::model::{Asset, Claim, Deposit, Transfer, Wallet, Withdrawal};

fn asset_text(asset: Option<&Asset>) -> SortKey {
    SortKey::text(asset.map(Asset::as_str))
}

fn push_words<'a>(text: &mut SearchText, words: impl IntoIterator<Item = Option<&'a str>>) {
    for word in words {
        text.word(word);
    }
}

/// Transfers: created, state, amount, from, to, transaction.
pub static TRANSFERS: Arrangement<Transfer> = Arrangement {
    sort_key: |transfer, column| match column {
        0 => SortKey::time(transfer.created_at()),
        1 => SortKey::amount(transfer.amount()),
        2 => SortKey::text(transfer.state.as_ref().map(|state| state.as_str())),
        3 => SortKey::text(transfer.source_address.as_deref()),
        4 => SortKey::text(transfer.target_address.as_deref()),
        _ => transfer.tx_hash.as_ref().map_or(SortKey::Missing, |hash| {
            hash.with_text(|text| SortKey::text(Some(text)))
        }),
    },
    search_text: |transfer, text| Record::Transfer(transfer).search_pieces(text),
};

/// Transfers folded at 200 %: created (with the state), amount, to (with
/// from).
pub static TRANSFERS_FOLDED: Arrangement<Transfer> = Arrangement {
    sort_key: |transfer, column| match column {
        0 => SortKey::time(transfer.created_at()),
        1 => SortKey::amount(transfer.amount()),
        _ => SortKey::text(transfer.target_address.as_deref()),
    },
    search_text: TRANSFERS.search_text,
};

/// Withdrawals: created, method and recipient, amount, state. The
/// recipient sorts by the destination the record carries (the key, the
/// holder, the address), not by a name saved on this machine.
pub static WITHDRAWALS: Arrangement<Withdrawal> = Arrangement {
    sort_key: |withdrawal, column| match column {
        0 => SortKey::time(withdrawal.created_at()),
        1 => SortKey::text(Some(&format!(
            "{} {}",
            withdrawal
                .method
                .as_ref()
                .map_or("", |method| method.as_str()),
            withdrawal
                .pix_key()
                .or(withdrawal.target_address())
                .map(str::to_owned)
                .or_else(|| withdrawal.ted_account().map(|account| account.name))
                .unwrap_or_default()
        ))),
        2 => SortKey::amount(withdrawal.amount()),
        _ => SortKey::text(withdrawal.state.as_ref().map(|state| state.as_str())),
    },
    search_text: |withdrawal, text| Record::Withdrawal(withdrawal).search_pieces(text),
};

/// Deposits: created, state, type, amount, payer.
pub static DEPOSITS: Arrangement<Deposit> = Arrangement {
    sort_key: |deposit, column| match column {
        0 => SortKey::time(deposit.created_at()),
        1 => SortKey::text(deposit.kind.as_deref()),
        2 => SortKey::amount(deposit.amount()),
        3 => SortKey::text(deposit.status.as_ref().map(|status| status.as_str())),
        _ => SortKey::text(
            deposit
                .coordinates
                .as_ref()
                .and_then(|coordinates| coordinates.source_tax_id.as_deref()),
        ),
    },
    search_text: |deposit, text| Record::Deposit(deposit).search_pieces(text),
};

/// Wallets: name, assets, shown in the service's interface, address.
pub static WALLETS: Arrangement<Wallet> = Arrangement {
    sort_key: |wallet, column| match column {
        0 => SortKey::text(wallet.name.as_deref()),
        1 => asset_text(wallet.assets.first()),
        2 => SortKey::Int(wallet.ui_enabled.map_or(-1, i128::from)),
        _ => SortKey::text(Some(&wallet.address)),
    },
    search_text: |wallet, text| {
        push_words(
            text,
            [wallet.name.as_deref(), Some(wallet.address.as_str())],
        );
        push_words(text, wallet.assets.iter().map(|asset| Some(asset.as_str())));
    },
};

/// Claims made from this device: updated, state, gross, tax, fees, net.
pub static CLAIMS: Arrangement<Claim> = Arrangement {
    sort_key: |claim, column| match column {
        0 => SortKey::time(claim.updated_at),
        1 => SortKey::amount(claim.gross_amount),
        2 => SortKey::amount(claim.tax_amount),
        3 => SortKey::amount(claim.fees),
        4 => SortKey::amount(claim.net_amount),
        _ => SortKey::text(claim.status.as_ref().map(|status| status.as_str())),
    },
    search_text: |claim, text| Record::Claim(claim).search_pieces(text),
};
