//! Who pays and who receives, as a receipt and the lists name them: the
//! account's holder as the person set it, a saved recipient's name, a PIX
//! key's kind and the key masked as a bank masks it, a bank account, a
//! shortened address.

use brlv_core::api::model::Withdrawal;
use brlv_core::pix::PixKey;
use brlv_core::profile::AccountHolder;
use brlv_core::recipients::{Destination, Recipient};

use crate::app::format::{document_formatted, document_shown, short_hex};
use crate::app::i18n::{Language, tr, tr_with};
use crate::app::recipient_book::saved_as;

/// What the app knows of a movement's parties beyond the service's record.
#[derive(Clone, Copy, Debug, Default)]
pub struct Parties<'a> {
    /// The account's holder, as the person set it for the profile.
    pub payer: Option<&'a AccountHolder>,
    /// The saved recipients.
    pub recipients: &'a [Recipient],
}

impl Parties<'_> {
    /// The name `destination` is saved under, if it is.
    pub fn saved_name(&self, destination: &Destination) -> Option<String> {
        saved_as(self.recipients, destination).map(|recipient| recipient.name.clone())
    }
}

/// Keeps the first `shown` characters of `text` and stars the rest, so the
/// count of hidden characters gives nothing away.
fn starred(text: &str, shown: usize) -> String {
    let head: String = text.chars().take(shown).collect();
    format!("{head}***")
}

/// A PIX key masked as a Brazilian bank's receipt shows one: a person's
/// CPF to its middle six digits (`***.456.789-**`), a company's CNPJ whole
/// (it is public), an e-mail's name to its first two letters
/// (`ma***@example.com`), a phone to its area code and last four digits
/// (`+55 11 *****-4321`), a random key to its first and last four
/// characters. Anything not a key is shown as it came.
pub fn masked_pix_key(key: &str) -> String {
    let Ok(parsed) = PixKey::parse_wire(key) else {
        return key.to_owned();
    };
    let value = parsed.as_str();
    match parsed {
        PixKey::Cpf(_) => document_shown(value),
        PixKey::Cnpj(_) => document_formatted(value),
        PixKey::Email(_) => match value.split_once('@') {
            Some((name, domain)) => format!("{}@{domain}", starred(name, 2)),
            None => starred(value, 2),
        },
        PixKey::Phone(_) => {
            let digits: String = value.chars().filter(char::is_ascii_digit).collect();
            // +55, two digits of area code, the number.
            let area: String = digits.chars().skip(2).take(2).collect();
            let last: String = digits
                .chars()
                .skip(digits.len().saturating_sub(4))
                .collect();
            format!("+55 {area} *****-{last}")
        }
        PixKey::Random(_) => {
            let chars: Vec<char> = value.chars().collect();
            let head: String = chars.iter().take(4).collect();
            let tail: String = chars[chars.len().saturating_sub(4)..].iter().collect();
            format!("{head}****-****-****-****-********{tail}")
        }
    }
}

/// The kind of a PIX key as a person names it (`CPF`, `e-mail`…).
pub fn pix_kind_text(language: Language, key: &PixKey) -> String {
    let name = match key {
        PixKey::Cpf(_) => "withdrawals.kind_cpf",
        PixKey::Cnpj(_) => "withdrawals.kind_cnpj",
        PixKey::Email(_) => "withdrawals.kind_email",
        PixKey::Phone(_) => "withdrawals.kind_phone",
        PixKey::Random(_) => "withdrawals.kind_random",
    };
    tr(language, name).into_owned()
}

/// A PIX key with its kind, masked: `CPF ***.456.789-**`, `e-mail ma***@example.com`.
pub fn pix_key_with_kind(language: Language, key: &str) -> String {
    match PixKey::parse_wire(key) {
        Ok(parsed) => tr_with(
            language,
            "receipt.pix_key_value",
            &[
                ("kind", &pix_kind_text(language, &parsed)),
                ("key", &masked_pix_key(key)),
            ],
        ),
        Err(_) => key.to_owned(),
    }
}

/// Who received a withdrawal, in a few words for a list: the name it is
/// saved under, else the PIX key masked, the TED's holder and bank, or the
/// address shortened; `None` when the record names no destination.
pub fn withdrawal_recipient(
    language: Language,
    parties: &Parties,
    withdrawal: &Withdrawal,
) -> Option<String> {
    if let Some(key) = withdrawal.pix_key() {
        let destination = Destination::Pix {
            key: key.to_owned(),
        };
        return Some(
            parties
                .saved_name(&destination)
                .unwrap_or_else(|| pix_key_with_kind(language, key)),
        );
    }
    if let Some(account) = withdrawal.ted_account() {
        let bank = crate::app::ted::bank_label(&account.bank_code);
        let holder = parties
            .saved_name(&Destination::Ted(account.clone()))
            .unwrap_or_else(|| account.name.clone());
        return Some(format!("{holder} · {bank}"));
    }
    let address = withdrawal.target_address()?;
    Some(address_recipient(parties, address))
}

/// A wallet address as a list names it: its saved name, else shortened.
pub fn address_recipient(parties: &Parties, address: &str) -> String {
    parties
        .saved_name(&Destination::Wallet {
            address: address.to_owned(),
        })
        .unwrap_or_else(|| short_hex(Some(address)))
}

#[cfg(test)]
mod tests {
    use super::masked_pix_key;

    #[test]
    fn each_kind_of_key_is_masked_as_a_bank_masks_it() {
        assert_eq!(masked_pix_key("11144477735"), "***.444.777-**");
        assert_eq!(masked_pix_key("11222333000181"), "11.222.333/0001-81");
        assert_eq!(masked_pix_key("maria@example.com"), "ma***@example.com");
        assert_eq!(masked_pix_key("+5511987654321"), "+55 11 *****-4321");
        assert_eq!(
            masked_pix_key("1a2b3c4d-5e6f-4a1b-8c9d-0e1f2a3b4c5d"),
            "1a2b****-****-****-****-********4c5d"
        );
    }
}
