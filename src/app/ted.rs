//! A TED's destination as a form types it, the same in every form that
//! takes one (a withdrawal, a saved recipient): the draft, its check field
//! by field, and the Brazilian banks a TED is most often sent to, by COMPE
//! code, so a person picks a name instead of remembering a number (any
//! other code is typed). The form itself is `ui::ted`.

use brlv_core::api::payout::{
    BankAccountType, MAX_HOLDER_NAME_CHARS, TedAccount, check_account, check_bank_code,
    check_branch, check_holder_name,
};
use brlv_core::pix::PixKey;

use super::form::{Field, FieldError, FieldErrors};
use super::i18n::{self, Language};

/// A TED's destination account, as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TedDraft {
    /// The bank's COMPE code, picked from the list or typed.
    pub bank_code: String,
    /// The branch (agência).
    pub branch: String,
    /// The account number with its check digit.
    pub account: String,
    /// Checking or savings.
    pub account_type: BankAccountType,
    /// The holder's CPF or CNPJ.
    pub document: String,
    /// The holder's name.
    pub name: String,
}

impl Default for TedDraft {
    fn default() -> Self {
        TedDraft {
            bank_code: String::new(),
            branch: String::new(),
            account: String::new(),
            account_type: BankAccountType::Checking,
            document: String::new(),
            name: String::new(),
        }
    }
}

impl From<&TedAccount> for TedDraft {
    /// A draft holding `account` (a saved recipient filling a form).
    fn from(account: &TedAccount) -> TedDraft {
        TedDraft {
            bank_code: account.bank_code.clone(),
            branch: account.branch.clone(),
            account: account.account.clone(),
            account_type: account.account_type.clone(),
            document: account.document.clone(),
            name: account.name.clone(),
        }
    }
}

impl TedDraft {
    /// The account, its fields checked one by one so each message stands
    /// beside its own field; `None` when any is wrong.
    pub fn account(&self, errors: &mut FieldErrors) -> Option<TedAccount> {
        let fields = self;
        let mut ok = true;
        let mut check = |field, raw: &str, valid: bool, error: FieldError| {
            if raw.trim().is_empty() {
                errors.set(field, FieldError::Required);
                ok = false;
            } else if !valid {
                errors.set(field, error);
                ok = false;
            }
        };
        let bank_code = fields.bank_code.trim();
        let branch = fields.branch.trim();
        let account = fields.account.trim();
        let name = fields.name.trim();
        check(
            Field::BankCode,
            bank_code,
            check_bank_code(bank_code).is_ok(),
            FieldError::BankCode,
        );
        check(
            Field::Branch,
            branch,
            check_branch(branch).is_ok(),
            FieldError::Branch,
        );
        check(
            Field::BankAccount,
            account,
            check_account(account).is_ok(),
            FieldError::BankAccount,
        );
        check(
            Field::HolderName,
            name,
            check_holder_name(name).is_ok(),
            FieldError::TooLong(MAX_HOLDER_NAME_CHARS),
        );
        let document = match PixKey::parse_wire(&fields.document) {
            _ if fields.document.trim().is_empty() => {
                errors.set(Field::HolderDocument, FieldError::Required);
                None
            }
            Ok(key @ (PixKey::Cpf(_) | PixKey::Cnpj(_))) => Some(key.as_str().to_owned()),
            Ok(_) => {
                errors.set(Field::HolderDocument, FieldError::NotADocument);
                None
            }
            Err(error) => {
                errors.set(Field::HolderDocument, error.into());
                None
            }
        };
        let document = document?;
        ok.then(|| TedAccount {
            bank_code: bank_code.to_owned(),
            branch: branch.to_owned(),
            account: account.to_owned(),
            account_type: fields.account_type.clone(),
            document,
            name: name.to_owned(),
        })
    }
}

/// A bank as a person reads it: `Itaú Unibanco (341)`, or the code alone
/// for a bank not in the list.
pub fn bank_label(code: &str) -> String {
    bank_name(code).map_or_else(|| code.to_owned(), |name| format!("{name} ({code})"))
}

/// A bank: its 3-digit COMPE code and the name people know it by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bank {
    /// The COMPE code, such as `341`.
    pub code: &'static str,
    /// Its name.
    pub name: &'static str,
}

/// The banks' table shipped with the app (`assets/banks/compe.csv`, where
/// its README says where it came from and how to refresh it).
const BANKS_CSV: &str = include_str!("../../assets/banks/compe.csv");

/// The rows of [`BANKS_CSV`], the header and any row that is not
/// `code;name` left out.
fn read_banks(csv: &'static str) -> Vec<Bank> {
    csv.lines()
        .skip(1)
        .filter_map(|line| {
            let (code, name) = line.split_once(';')?;
            let (code, name) = (code.trim(), name.trim());
            (code.len() == 3 && code.bytes().all(|byte| byte.is_ascii_digit()) && !name.is_empty())
                .then_some(Bank { code, name })
        })
        .collect()
}

/// The banks offered in the TED form and named beside their codes, by code.
pub fn banks() -> &'static [Bank] {
    static BANKS: std::sync::LazyLock<Vec<Bank>> =
        std::sync::LazyLock::new(|| read_banks(BANKS_CSV));
    &BANKS
}

/// The bank of `code`, when the list has it.
pub fn bank_name(code: &str) -> Option<&'static str> {
    banks()
        .iter()
        .find(|bank| bank.code == code.trim())
        .map(|bank| bank.name)
}

/// A TED's destination as a person reads it: bank, branch, account and
/// holder, the holder's document written by `document` (in full where the
/// person checks what they typed, masked for a record on screen).
pub fn ted_destination_text(
    language: Language,
    account: &TedAccount,
    document: fn(&str) -> String,
) -> String {
    let bank = bank_label(&account.bank_code);
    let kind = match account.account_type {
        BankAccountType::Savings => i18n::tr(language, "withdrawals.savings"),
        _ => i18n::tr(language, "withdrawals.checking"),
    };
    i18n::tr_with(
        language,
        "withdrawals.to_ted_account",
        &[
            ("bank", &bank),
            ("branch", &account.branch),
            ("account", &account.account),
            ("kind", &kind),
            ("name", &account.name),
            ("document", &document(&account.document)),
        ],
    )
}

#[cfg(test)]
mod banks_tests {
    use super::{BANKS_CSV, bank_label, banks};

    #[test]
    fn every_row_of_the_banks_table_is_a_code_and_a_name_once_in_order() {
        let rows = BANKS_CSV
            .lines()
            .skip(1)
            .filter(|line| !line.trim().is_empty())
            .count();
        assert_eq!(banks().len(), rows, "every row reads as code;name");
        assert!(banks().len() >= 30, "the main banks are there");
        assert!(
            banks().windows(2).all(|pair| pair[0].code < pair[1].code),
            "ordered by code, none twice"
        );
    }

    #[test]
    fn a_bank_is_named_beside_its_code_and_an_unknown_code_stays_as_it_is() {
        assert_eq!(bank_label("341"), "Itaú Unibanco (341)");
        assert_eq!(bank_label("001"), "Banco do Brasil (001)");
        assert_eq!(bank_label("260"), "Nubank (260)");
        assert_eq!(bank_label("999"), "999");
    }
}
