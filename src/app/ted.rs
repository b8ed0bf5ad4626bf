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
        let document = match PixKey::parse(&fields.document) {
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

/// The banks offered in the TED form, by code.
pub const BANKS: &[Bank] = &[
    Bank {
        code: "001",
        name: "Banco do Brasil",
    },
    Bank {
        code: "004",
        name: "Banco do Nordeste",
    },
    Bank {
        code: "021",
        name: "Banestes",
    },
    Bank {
        code: "033",
        name: "Santander",
    },
    Bank {
        code: "041",
        name: "Banrisul",
    },
    Bank {
        code: "070",
        name: "BRB",
    },
    Bank {
        code: "077",
        name: "Banco Inter",
    },
    Bank {
        code: "104",
        name: "Caixa Econômica Federal",
    },
    Bank {
        code: "208",
        name: "BTG Pactual",
    },
    Bank {
        code: "212",
        name: "Banco Original",
    },
    Bank {
        code: "237",
        name: "Bradesco",
    },
    Bank {
        code: "260",
        name: "Nubank",
    },
    Bank {
        code: "290",
        name: "PagBank",
    },
    Bank {
        code: "323",
        name: "Mercado Pago",
    },
    Bank {
        code: "336",
        name: "C6 Bank",
    },
    Bank {
        code: "341",
        name: "Itaú Unibanco",
    },
    Bank {
        code: "380",
        name: "PicPay",
    },
    Bank {
        code: "422",
        name: "Safra",
    },
    Bank {
        code: "623",
        name: "Banco Pan",
    },
    Bank {
        code: "655",
        name: "Banco BV",
    },
    Bank {
        code: "748",
        name: "Sicredi",
    },
    Bank {
        code: "756",
        name: "Sicoob",
    },
];

/// The bank of `code`, when the list has it.
pub fn bank_name(code: &str) -> Option<&'static str> {
    BANKS
        .iter()
        .find(|bank| bank.code == code.trim())
        .map(|bank| bank.name)
}

/// A TED's destination as a person reads it: bank, branch, account and holder.
pub fn ted_destination_text(language: Language, account: &TedAccount) -> String {
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
            ("document", &account.document),
        ],
    )
}
