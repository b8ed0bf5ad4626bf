//! Where a withdrawal pays to: the bank account of a TED and the rules each of
//! its fields follows.
//!
//! The interface document shows only the PIX variant of a withdrawal body; the
//! TED field names here are the ones the service's own public client sends
//! (`bank-code`, `branch`, `account`, `account-type`, `document`, `name`).
//! The shapes each field must have are this project's reading of Brazilian
//! banking practice, written down in docs/sandbox.md (Withdrawals), so the
//! sandbox and the app's form refuse the same input with the same words.

use serde::{Deserialize, Serialize};

use super::wire_enum::wire_enum;
use crate::pix::{PixKey, PixKeyError};

wire_enum! {
    /// The kind of account a TED pays into.
    ///
    /// The wire values are inferred: neither the interface document nor the
    /// service's client shows them, and these are the kebab-case English words
    /// the rest of the interface uses for its values.
    pub enum BankAccountType {
        /// Conta corrente.
        Checking => "checking",
        /// Conta poupança.
        Savings => "savings",
    }
}

/// The bank account a TED withdrawal pays into, with the field names the
/// service's own client sends; flattened into the withdrawal body.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct TedAccount {
    /// The bank's 3-digit COMPE code, such as `341`.
    pub bank_code: String,
    /// The branch (agência), 1 to 4 digits, without a check digit.
    pub branch: String,
    /// The account number, a hyphen and its check digit, such as `12345-6`.
    pub account: String,
    /// Checking or savings.
    pub account_type: BankAccountType,
    /// The holder's CPF or CNPJ.
    pub document: String,
    /// The holder's name.
    pub name: String,
}

/// The wire names of a TED destination's fields, in the order they are sent.
pub const TED_ACCOUNT_FIELDS: [&str; 6] = [
    "bank-code",
    "branch",
    "account",
    "account-type",
    "document",
    "name",
];

/// Longest holder name accepted, in characters.
pub const MAX_HOLDER_NAME_CHARS: usize = 120;

/// Longest branch number, in digits.
pub const MAX_BRANCH_DIGITS: usize = 4;

/// Longest account number before its check digit, in digits.
pub const MAX_ACCOUNT_DIGITS: usize = 12;

/// Why one field of a TED destination was refused. Each message names what
/// the field must look like, so a person or an integrator can fix it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TedFieldError {
    /// Not a 3-digit COMPE code.
    #[error("the bank code is the bank's 3-digit COMPE number, such as 341 or 001; got {0:?}")]
    BankCode(String),
    /// Not 1 to 4 digits.
    #[error("the branch (agência) is 1 to 4 digits, without a check digit; got {0:?}")]
    Branch(String),
    /// Not `digits-check digit`.
    #[error(
        "the account is its number (1 to 12 digits), a hyphen and its check digit \
         (a digit or X), such as 12345-6; got {0:?}"
    )]
    Account(String),
    /// Neither `checking` nor `savings`.
    #[error("the account type is \"checking\" or \"savings\"; got {0:?}")]
    AccountType(String),
    /// Not a CPF or CNPJ whose check digits match.
    #[error("the document is the holder's CPF (11 digits) or CNPJ (14): {0}")]
    Document(String),
    /// Empty, too long, or with control characters.
    #[error("the holder's name is required: 1 to 120 characters, no line breaks")]
    Name,
}

impl TedFieldError {
    /// The wire name of the field refused.
    pub fn field(&self) -> &'static str {
        match self {
            TedFieldError::BankCode(_) => "bank-code",
            TedFieldError::Branch(_) => "branch",
            TedFieldError::Account(_) => "account",
            TedFieldError::AccountType(_) => "account-type",
            TedFieldError::Document(_) => "document",
            TedFieldError::Name => "name",
        }
    }
}

/// Checks a COMPE bank code: exactly 3 digits, not `000`.
pub fn check_bank_code(raw: &str) -> Result<(), TedFieldError> {
    let ok = raw.len() == 3 && raw.bytes().all(|b| b.is_ascii_digit()) && raw != "000";
    ok.then_some(())
        .ok_or_else(|| TedFieldError::BankCode(raw.to_owned()))
}

/// Checks a branch number: 1 to 4 digits.
pub fn check_branch(raw: &str) -> Result<(), TedFieldError> {
    let ok =
        (1..=MAX_BRANCH_DIGITS).contains(&raw.len()) && raw.bytes().all(|b| b.is_ascii_digit());
    ok.then_some(())
        .ok_or_else(|| TedFieldError::Branch(raw.to_owned()))
}

/// Checks an account number with its check digit: `12345-6` (Banco do
/// Brasil writes a check digit of 10 as `X`).
///
/// The hyphen is required because without it the check digit cannot be told
/// from the number, and a TED to the wrong account is not undone.
pub fn check_account(raw: &str) -> Result<(), TedFieldError> {
    let refused = || TedFieldError::Account(raw.to_owned());
    let (number, check) = raw.split_once('-').ok_or_else(refused)?;
    let number_ok = (1..=MAX_ACCOUNT_DIGITS).contains(&number.len())
        && number.bytes().all(|b| b.is_ascii_digit());
    let check_ok = check.len() == 1
        && check
            .bytes()
            .all(|b| b.is_ascii_digit() || b == b'X' || b == b'x');
    (number_ok && check_ok).then_some(()).ok_or_else(refused)
}

/// Reads an account type; only the known values are accepted.
pub fn parse_account_type(raw: &str) -> Result<BankAccountType, TedFieldError> {
    let kind = BankAccountType::from_wire(raw);
    if kind.is_known() {
        Ok(kind)
    } else {
        Err(TedFieldError::AccountType(raw.to_owned()))
    }
}

/// Checks a holder's document: a CPF or CNPJ, punctuation allowed, check
/// digits verified by the same rules as a CPF or CNPJ PIX key.
pub fn check_document(raw: &str) -> Result<(), TedFieldError> {
    match PixKey::parse_wire(raw) {
        Ok(PixKey::Cpf(_) | PixKey::Cnpj(_)) => Ok(()),
        Ok(other) => Err(TedFieldError::Document(format!(
            "{raw:?} is a {}, not a CPF or CNPJ",
            other.kind_name()
        ))),
        Err(error) => Err(TedFieldError::Document(document_problem(raw, &error))),
    }
}

/// Says what is wrong with a document in words about documents, not PIX keys.
fn document_problem(raw: &str, error: &PixKeyError) -> String {
    match error {
        PixKeyError::CpfCheckDigits => format!("the CPF check digits of {raw:?} do not match"),
        PixKeyError::CnpjCheckDigits => format!("the CNPJ check digits of {raw:?} do not match"),
        PixKeyError::CpfRepeated | PixKeyError::CnpjRepeated => {
            format!("{raw:?} is one digit repeated, which is never issued")
        }
        PixKeyError::WrongDigitCount { given } => {
            format!("{raw:?} has {given} digits")
        }
        _ => format!("{raw:?} is not one"),
    }
}

/// Checks a holder's name: not blank, at most [`MAX_HOLDER_NAME_CHARS`]
/// characters, no control characters.
pub fn check_holder_name(raw: &str) -> Result<(), TedFieldError> {
    let trimmed = raw.trim();
    let ok = !trimmed.is_empty()
        && trimmed.chars().count() <= MAX_HOLDER_NAME_CHARS
        && !trimmed.chars().any(char::is_control);
    ok.then_some(()).ok_or(TedFieldError::Name)
}

impl TedAccount {
    /// Checks every field; the first refusal, in wire order.
    pub fn validate(&self) -> Result<(), TedFieldError> {
        check_bank_code(&self.bank_code)?;
        check_branch(&self.branch)?;
        check_account(&self.account)?;
        if !self.account_type.is_known() {
            return Err(TedFieldError::AccountType(
                self.account_type.as_str().to_owned(),
            ));
        }
        check_document(&self.document)?;
        check_holder_name(&self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn account() -> TedAccount {
        TedAccount {
            bank_code: "341".into(),
            branch: "0001".into(),
            account: "12345-6".into(),
            account_type: BankAccountType::Checking,
            document: "529.982.247-25".into(),
            name: "Maria Silva".into(),
        }
    }

    #[test]
    fn a_well_formed_account_passes_and_each_bad_field_is_named() {
        assert_eq!(account().validate(), Ok(()));
        type Spoil = fn(&mut TedAccount);
        let cases: [(Spoil, &str); 9] = [
            (|a| a.bank_code = "34".into(), "bank-code"),
            (|a| a.bank_code = "000".into(), "bank-code"),
            (|a| a.branch = "12345".into(), "branch"),
            (|a| a.account = "123456".into(), "account"),
            (|a| a.account = "12345-67".into(), "account"),
            (
                |a| a.account_type = BankAccountType::Other("salary".into()),
                "account-type",
            ),
            (|a| a.document = "52998224724".into(), "document"),
            (|a| a.document = "maria@example.com".into(), "document"),
            (|a| a.name = "  ".into(), "name"),
        ];
        for (spoil, field) in cases {
            let mut bad = account();
            spoil(&mut bad);
            assert_eq!(bad.validate().map_err(|e| e.field()), Err(field), "{bad:?}");
        }
    }

    #[test]
    fn a_cnpj_and_a_banco_do_brasil_check_digit_pass() {
        let mut company = account();
        company.document = "11222333000181".into();
        company.account = "1234-X".into();
        company.account_type = BankAccountType::Savings;
        assert_eq!(company.validate(), Ok(()));
    }
}
