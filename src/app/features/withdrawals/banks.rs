//! Brazilian banks a TED is most often sent to, by COMPE code, so a person
//! picks a name instead of remembering a number; any other code is typed.

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
