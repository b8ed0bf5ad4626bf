//! What a PIX QR code is checked against beyond the service's own answer:
//! the quotes the person accepted here (the amount they saw when they
//! pressed create) and the first receiver seen in a checked code for the
//! profile. Both are kept in the profile's journal; this is the window's
//! copy, read back when a connection opens.

use std::collections::HashMap;

use rust_decimal::Decimal;
use time::OffsetDateTime;
use uuid::Uuid;

use brlv_core::api::model::{Asset, Quote};
use brlv_core::journal::{AcceptedQuoteRecord, ReceiverRecord};
use brlv_core::pix::BrCode;

/// A quote the person accepted: what its order must ask them to pay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AcceptedQuote {
    /// The quote's id; the order made from it carries it as `quote-id`.
    pub quote_id: Uuid,
    /// The amount to pay shown in the quote.
    pub source_amount: Decimal,
    /// What it is paid in.
    pub source_asset: Asset,
}

impl AcceptedQuote {
    /// What accepting `quote` commits to; `None` when the quote named no
    /// amount or asset to pay (there is nothing to compare then).
    pub fn of(quote: &Quote) -> Option<AcceptedQuote> {
        Some(AcceptedQuote {
            quote_id: quote.id,
            source_amount: quote.source_amount?,
            source_asset: quote.source_asset.clone()?,
        })
    }

    /// As the journal keeps it.
    pub fn record(&self, at: OffsetDateTime) -> AcceptedQuoteRecord {
        AcceptedQuoteRecord {
            quote_id: self.quote_id.to_string(),
            at,
            source_amount: self.source_amount.to_string(),
            source_asset: self.source_asset.as_str().to_owned(),
        }
    }

    /// Read back from the journal; `None` for a row this build cannot read.
    pub fn from_record(record: &AcceptedQuoteRecord) -> Option<AcceptedQuote> {
        Some(AcceptedQuote {
            quote_id: Uuid::parse_str(&record.quote_id).ok()?,
            source_amount: Decimal::from_str_exact(&record.source_amount).ok()?,
            source_asset: record.source_asset.parse().ok()?,
        })
    }
}

/// Where a PIX code sends the money: a key, or a bank's dynamic code
/// fetched from a host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReceiverAccount {
    /// The receiver's PIX key.
    Key(String),
    /// A dynamic code: the host its payload is fetched from.
    Dynamic(String),
    /// Neither (a code with no key and no URL).
    Unknown,
}

/// Who a checked PIX code pays, as the code says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Receiver {
    /// The receiver's name (field 59).
    pub name: String,
    /// The receiver's city (field 60).
    pub city: String,
    /// The key or the dynamic code's host.
    pub account: ReceiverAccount,
}

impl Receiver {
    /// The receiver `code` names.
    pub fn of(code: &BrCode) -> Receiver {
        let account = match (&code.pix_key, code.url_host()) {
            (Some(key), _) if !key.trim().is_empty() => ReceiverAccount::Key(key.trim().to_owned()),
            (_, Some(host)) => ReceiverAccount::Dynamic(host),
            _ => ReceiverAccount::Unknown,
        };
        Receiver {
            name: code.merchant_name.clone().unwrap_or_default(),
            city: code.merchant_city.clone().unwrap_or_default(),
            account,
        }
    }

    /// Whether both are the same receiver: the same name (case aside) and
    /// the same key or host. The city is shown but not compared: a bank may
    /// write it differently in two codes of the same account.
    pub fn same_as(&self, other: &Receiver) -> bool {
        let name = |receiver: &Receiver| receiver.name.trim().to_lowercase();
        let account = |receiver: &Receiver| match &receiver.account {
            // An e-mail key may come in any case; the others have none.
            ReceiverAccount::Key(key) => Some(format!("key:{}", key.to_lowercase())),
            ReceiverAccount::Dynamic(host) => Some(format!("url:{host}")),
            ReceiverAccount::Unknown => None,
        };
        name(self) == name(other) && account(self) == account(other)
    }

    /// As the journal keeps it.
    pub fn record(&self, at: OffsetDateTime) -> ReceiverRecord {
        let (pix_key, url_host) = match &self.account {
            ReceiverAccount::Key(key) => (Some(key.clone()), None),
            ReceiverAccount::Dynamic(host) => (None, Some(host.clone())),
            ReceiverAccount::Unknown => (None, None),
        };
        ReceiverRecord {
            at,
            name: self.name.clone(),
            city: self.city.clone(),
            pix_key,
            url_host,
        }
    }

    /// Read back from the journal.
    pub fn from_record(record: &ReceiverRecord) -> Receiver {
        let account = match (&record.pix_key, &record.url_host) {
            (Some(key), _) => ReceiverAccount::Key(key.clone()),
            (None, Some(host)) => ReceiverAccount::Dynamic(host.clone()),
            (None, None) => ReceiverAccount::Unknown,
        };
        Receiver {
            name: record.name.clone(),
            city: record.city.clone(),
            account,
        }
    }
}

/// The window's copy of what codes are checked against, for the open profile.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct QrMemory {
    /// The journal's copy has arrived: until then no code is drawn, as the
    /// receiver it pays cannot yet be compared.
    pub loaded: bool,
    /// The quotes accepted here, by id.
    pub accepted: HashMap<Uuid, AcceptedQuote>,
    /// The first receiver seen in a checked code.
    pub first_receiver: Option<Receiver>,
}

impl QrMemory {
    /// The journal's copy as it was read.
    pub fn restored(accepted: &[AcceptedQuoteRecord], first: Option<&ReceiverRecord>) -> QrMemory {
        QrMemory {
            loaded: true,
            accepted: accepted
                .iter()
                .filter_map(AcceptedQuote::from_record)
                .map(|quote| (quote.quote_id, quote))
                .collect(),
            first_receiver: first.map(Receiver::from_record),
        }
    }

    /// Takes in the journal's copy: what the window learnt meanwhile (a
    /// quote accepted, a receiver seen before the copy arrived) stays,
    /// the journal's first receiver taking precedence as the older one.
    pub fn merge_restored(&mut self, restored: QrMemory) {
        for (id, quote) in restored.accepted {
            self.accepted.entry(id).or_insert(quote);
        }
        if restored.first_receiver.is_some() {
            self.first_receiver = restored.first_receiver;
        }
        self.loaded = true;
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    fn receiver(name: &str, account: ReceiverAccount) -> Receiver {
        Receiver {
            name: name.to_owned(),
            city: "SAO PAULO".to_owned(),
            account,
        }
    }

    #[test]
    fn the_same_receiver_is_the_same_name_and_key_or_host() {
        let key = |key: &str| ReceiverAccount::Key(key.to_owned());
        let first = receiver("BRLV Sandbox", key("loja@example.com"));
        assert!(first.same_as(&receiver(" brlv sandbox ", key("LOJA@example.com"))));
        let moved = Receiver {
            city: "RECIFE".to_owned(),
            ..first.clone()
        };
        assert!(first.same_as(&moved), "the city is not compared");
        assert!(!first.same_as(&receiver("BRLV Sandbox", key("outra@example.com"))));
        assert!(!first.same_as(&receiver("Outra Loja", key("loja@example.com"))));
        let dynamic = receiver(
            "BRLV Sandbox",
            ReceiverAccount::Dynamic("pix.bank.example".to_owned()),
        );
        assert!(!first.same_as(&dynamic), "a key is not a host");
    }

    #[test]
    fn what_is_kept_reads_back_as_it_was() {
        let at = OffsetDateTime::UNIX_EPOCH;
        let accepted = AcceptedQuote {
            quote_id: Uuid::from_u128(7),
            source_amount: Decimal::from_str_exact("500.10").unwrap(),
            source_asset: Asset::FiatBrl,
        };
        assert_eq!(
            AcceptedQuote::from_record(&accepted.record(at)),
            Some(accepted.clone())
        );
        for account in [
            ReceiverAccount::Key("k".to_owned()),
            ReceiverAccount::Dynamic("pix.bank.example".to_owned()),
            ReceiverAccount::Unknown,
        ] {
            let seen = receiver("LOJA", account);
            assert_eq!(Receiver::from_record(&seen.record(at)), seen);
        }
        let unreadable = AcceptedQuoteRecord {
            source_amount: "five hundred".to_owned(),
            ..accepted.record(at)
        };
        assert_eq!(AcceptedQuote::from_record(&unreadable), None);
    }
}
