//! Who keeps what is held, in Discriminação's words: the custodian's name
//! and CNPJ (each typed once and kept in the profile's journal, the CNPJ
//! checked by its digits and also given its own field since IRPF 2024), or
//! "custódia própria" for what is in the person's own wallets. Positions
//! and both columns of Bens e Direitos write it through here, so a CNPJ
//! typed is never left beside a request to type it.

use rust_decimal::Decimal;

use super::rules::Language;
use crate::money::{NumberFormat, format_amount};
use crate::pix::PixKey;

/// The custodian written in Discriminação until the person gives its name
/// and CNPJ: the service's records do not name it.
pub const DEFAULT_CUSTODIAN: &str =
    "a prestadora de serviços de criptoativos em que a conta é mantida (informe o nome e o CNPJ)";

/// The custodian's name until the person gives it (its CNPJ given).
pub const UNNAMED_CUSTODIAN: &str =
    "a prestadora de serviços de criptoativos em que a conta é mantida (informe o nome)";

/// The custodian's CNPJ, for its own field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CnpjField {
    /// Typed and valid: the 14 characters, and as written `00.000.000/0000-00`.
    Valid {
        /// Bare.
        bare: String,
        /// Punctuated.
        written: String,
    },
    /// Typed, but it is no CNPJ.
    Invalid {
        /// As typed.
        typed: String,
        /// Why.
        problem: CnpjProblem,
    },
    /// Not typed yet.
    Missing,
}

/// Why what was typed is no CNPJ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CnpjProblem {
    /// It reads as another kind of key (a CPF is a person, not a custodian).
    OtherKind(&'static str),
    /// Its length or check digits are wrong.
    Digits,
}

impl CnpjProblem {
    /// Why, in `language`.
    pub fn text(self, language: Language) -> String {
        match (self, language) {
            (CnpjProblem::OtherKind(kind), Language::English) => {
                format!("it reads as a {kind}, not a CNPJ")
            }
            (CnpjProblem::OtherKind(kind), Language::PortugueseBrazil) => {
                format!("é lido como {kind}, não como CNPJ")
            }
            (CnpjProblem::Digits, Language::English) => {
                "its length or check digits are wrong".to_owned()
            }
            (CnpjProblem::Digits, Language::PortugueseBrazil) => {
                "o tamanho ou os dígitos verificadores não conferem".to_owned()
            }
        }
    }
}

/// Reads the CNPJ the person typed.
pub fn cnpj_field(typed: Option<&str>) -> CnpjField {
    let Some(text) = typed.map(str::trim).filter(|text| !text.is_empty()) else {
        return CnpjField::Missing;
    };
    match PixKey::parse_wire(text) {
        Ok(PixKey::Cnpj(bare)) => {
            let written = format!(
                "{}.{}.{}/{}-{}",
                &bare[..2],
                &bare[2..5],
                &bare[5..8],
                &bare[8..12],
                &bare[12..]
            );
            CnpjField::Valid { bare, written }
        }
        Ok(other) => CnpjField::Invalid {
            typed: text.to_owned(),
            problem: CnpjProblem::OtherKind(other.kind_name()),
        },
        Err(_) => CnpjField::Invalid {
            typed: text.to_owned(),
            problem: CnpjProblem::Digits,
        },
    }
}

/// The custodian as Discriminação names it: its name (what the person
/// typed, or a request for it) and its CNPJ (the one kept, or a request for
/// it); the default text asks for both only while both are missing.
pub fn custodian_text(name: Option<&str>, cnpj: &CnpjField) -> String {
    let name = name.map(str::trim).filter(|name| !name.is_empty());
    // A name typed with its CNPJ in it (as the field once asked) needs no request.
    let names_cnpj = name.is_some_and(|name| name.to_ascii_lowercase().contains("cnpj"));
    match (name, cnpj) {
        (Some(name), _) if names_cnpj => name.to_owned(),
        (Some(name), CnpjField::Valid { written, .. }) => format!("{name}, CNPJ {written}"),
        (Some(name), CnpjField::Missing | CnpjField::Invalid { .. }) => {
            format!("{name} (informe o CNPJ)")
        }
        (None, CnpjField::Valid { written, .. }) => {
            format!("{UNNAMED_CUSTODIAN}, CNPJ {written}")
        }
        (None, CnpjField::Missing | CnpjField::Invalid { .. }) => DEFAULT_CUSTODIAN.to_owned(),
    }
}

/// Who keeps what is held, in Discriminação's words: the custodian
/// (`custodian`, its name and CNPJ), "custódia própria" for what is in the
/// person's own wallets (`self_custody` of `quantity`), or both with each
/// part's quantity.
pub fn custody_text(quantity: Decimal, self_custody: Decimal, custodian: &str) -> String {
    let format = NumberFormat::Brazilian;
    let custodian = custodian.trim_end().trim_end_matches('.');
    let own = self_custody.min(quantity);
    if own <= Decimal::ZERO || quantity.is_zero() {
        format!("Custodiante: {custodian}.")
    } else if own == quantity {
        "Custódia própria (carteira do próprio titular, sem custodiante).".to_owned()
    } else {
        format!(
            "Custodiante: {custodian}, {at_custodian}; custódia própria (carteira do próprio \
             titular): {own}.",
            at_custodian = format_amount((quantity - own).normalize(), 0, format),
            own = format_amount(own.normalize(), 0, format),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_custodian_is_named_with_what_was_typed_and_asks_only_for_what_was_not() {
        let cnpj = cnpj_field(Some("11222333000181"));
        assert_eq!(
            custodian_text(Some("Prestadora Exemplo Ltda."), &cnpj),
            "Prestadora Exemplo Ltda., CNPJ 11.222.333/0001-81"
        );
        // The CNPJ typed, the name not: only the name is asked for.
        let unnamed = custodian_text(None, &cnpj);
        assert_eq!(
            unnamed,
            "a prestadora de serviços de criptoativos em que a conta é mantida (informe o \
             nome), CNPJ 11.222.333/0001-81"
        );
        assert!(!unnamed.contains("informe o nome e o CNPJ"));
        assert_eq!(
            custodian_text(Some("Prestadora Exemplo"), &CnpjField::Missing),
            "Prestadora Exemplo (informe o CNPJ)"
        );
        assert_eq!(custodian_text(None, &CnpjField::Missing), DEFAULT_CUSTODIAN);
        assert_eq!(
            custodian_text(Some("  "), &CnpjField::Missing),
            DEFAULT_CUSTODIAN
        );
    }

    #[test]
    fn a_cnpj_that_is_not_one_says_why_in_each_language() {
        let CnpjField::Invalid { problem, .. } = cnpj_field(Some("529.982.247-25")) else {
            panic!("a CPF is no CNPJ");
        };
        assert_eq!(
            problem.text(Language::PortugueseBrazil),
            "é lido como CPF, não como CNPJ"
        );
        let CnpjField::Invalid { problem, .. } = cnpj_field(Some("11.222.333/0001-82")) else {
            panic!("wrong check digits");
        };
        assert_eq!(problem, CnpjProblem::Digits);
        assert_eq!(
            problem.text(Language::English),
            "its length or check digits are wrong"
        );
    }
}
