//! PIX keys: CPF and CNPJ with their check digits, e-mail, +55 phone and
//! random (EVP) keys.

/// Longest e-mail PIX key, in characters.
pub const MAX_EMAIL_CHARS: usize = 77;

/// A validated PIX key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PixKey {
    /// CPF, 11 digits.
    Cpf(String),
    /// CNPJ, 14 digits.
    Cnpj(String),
    /// E-mail address.
    Email(String),
    /// Phone in +55 form.
    Phone(String),
    /// Random key (EVP), a UUID.
    Random(String),
}

/// The kinds of PIX key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PixKeyKind {
    /// A CPF.
    Cpf,
    /// A CNPJ.
    Cnpj,
    /// An e-mail address.
    Email,
    /// A Brazilian phone number.
    Phone,
    /// A random key (EVP).
    Random,
}

impl PixKeyKind {
    /// Every kind, in the order a form offers them.
    pub const ALL: [PixKeyKind; 5] = [
        PixKeyKind::Cpf,
        PixKeyKind::Cnpj,
        PixKeyKind::Email,
        PixKeyKind::Phone,
        PixKeyKind::Random,
    ];

    /// The kind a file's `pix_key_type` cell names, in English or
    /// Portuguese, any case: `cpf`, `cnpj`, `email` (`e-mail`), `phone`
    /// (`celular`, `telefone`), `random` (`evp`, `aleatoria`).
    pub fn from_name(name: &str) -> Option<PixKeyKind> {
        let folded: String = name
            .trim()
            .to_lowercase()
            .chars()
            .filter(|c| !matches!(c, '-' | '_' | ' '))
            .map(|c| if c == 'ó' { 'o' } else { c })
            .collect();
        Some(match folded.as_str() {
            "cpf" => PixKeyKind::Cpf,
            "cnpj" => PixKeyKind::Cnpj,
            "email" => PixKeyKind::Email,
            "phone" | "mobile" | "celular" | "telefone" => PixKeyKind::Phone,
            "random" | "evp" | "aleatoria" | "chavealeatoria" => PixKeyKind::Random,
            _ => return None,
        })
    }

    /// Its name in a file's `pix_key_type` column: `cpf`, `cnpj`, `email`,
    /// `phone`, `random`.
    pub fn name(self) -> &'static str {
        match self {
            PixKeyKind::Cpf => "cpf",
            PixKeyKind::Cnpj => "cnpj",
            PixKeyKind::Email => "email",
            PixKeyKind::Phone => "phone",
            PixKeyKind::Random => "random",
        }
    }
}

impl std::fmt::Display for PixKeyKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a PIX key was refused. Every message names the kind of key and says
/// what to fix.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PixKeyError {
    /// Nothing was given.
    #[error("Enter a Pix key: a CPF, CNPJ, e-mail, phone number starting with +55, or random key.")]
    Empty,
    /// Digits only, but neither 11 (CPF) nor 14 (CNPJ) of them.
    #[error(
        "A CPF has 11 digits and a CNPJ 14, but this key has {given}; check the number. \
         A phone key must start with +55 and the area code."
    )]
    WrongDigitCount {
        /// Digits given.
        given: usize,
    },
    /// A CPF whose check digits do not match.
    #[error(
        "CPF check digits do not match; check the number for a typo. (A phone key must \
         start with +55.)"
    )]
    CpfCheckDigits,
    /// A CPF of one digit repeated, which passes the check but is never issued.
    #[error("A CPF cannot be one digit repeated; check the number.")]
    CpfRepeated,
    /// A CNPJ whose check digits do not match.
    #[error("CNPJ check digits do not match; check the number for a typo.")]
    CnpjCheckDigits,
    /// A CNPJ of one digit repeated.
    #[error("A CNPJ cannot be one digit repeated; check the number.")]
    CnpjRepeated,
    /// An e-mail that is not one.
    #[error("The e-mail key is not valid: {reason}.")]
    EmailInvalid {
        /// What is wrong.
        reason: String,
    },
    /// An e-mail over 77 characters.
    #[error("An e-mail Pix key has at most 77 characters, but this one has {given}.")]
    EmailTooLong {
        /// Characters given.
        given: usize,
    },
    /// Looks like a phone, without +55.
    #[error("A phone Pix key must start with +55 and the area code, such as +55 11 98765-4321.")]
    PhoneMissingCountryCode,
    /// `+` and a country other than Brazil.
    #[error("A phone Pix key must be a Brazilian number starting with +55.")]
    PhoneNotBrazilian,
    /// A character other than digits, spaces, `-`, `.`, `(` and `)`.
    #[error(
        "The phone key contains \u{201c}{found}\u{201d}; use digits only, such as \
         +55 11 98765-4321."
    )]
    PhoneInvalidCharacter {
        /// The first character refused.
        found: char,
    },
    /// Not 10 or 11 digits after +55.
    #[error(
        "After +55 a phone key needs the 2-digit area code and the number, 10 or 11 digits \
         in all, but {given} were given."
    )]
    PhoneWrongLength {
        /// Digits given after +55.
        given: usize,
    },
    /// An area code with a 0.
    #[error("The phone key's area code {code} does not exist; check the number.")]
    PhoneBadAreaCode {
        /// The two digits after +55.
        code: String,
    },
    /// 9 digits after the area code, not starting with 9.
    #[error(
        "A 9-digit phone number must be a mobile number starting with 9 after the area code; \
         check the number."
    )]
    PhoneNotMobile,
    /// A random key that is not a UUID.
    #[error(
        "The random key is not valid: it has 32 hex digits in groups of 8-4-4-4-12, such as \
         123e4567-e89b-12d3-a456-426614174000. Check for a typo or copy it again."
    )]
    RandomKeyInvalid,
    /// Eleven digits that are both a valid CPF and a Brazilian mobile
    /// number (an area code and 9): which one is meant must be said, since
    /// either would pay someone. A form asks "CPF or mobile?" and reads the
    /// answer with [`PixKey::parse_as`]; a file says it in `pix_key_type`.
    #[error(
        "\u{201c}{digits}\u{201d} is both a valid CPF and a mobile number ({phone}); say which \
         kind of key it is: write it as a CPF (000.000.000-00) or as a phone (+55\u{2026}), or \
         name its kind"
    )]
    Ambiguous {
        /// The eleven digits, as the CPF would be sent.
        digits: String,
        /// The same digits as the phone would be sent, `+55` first.
        phone: String,
    },
    /// A key given with a kind it is not of.
    #[error("\u{201c}{input}\u{201d} is not a {kind} key")]
    NotOfKind {
        /// The kind said.
        kind: PixKeyKind,
        /// What was given, trimmed.
        input: String,
    },
    /// None of the kinds of key.
    #[error(
        "\u{201c}{input}\u{201d} is not a Pix key: use a CPF, CNPJ, e-mail, phone number \
         starting with +55, or random key."
    )]
    Unrecognised {
        /// What was given, trimmed.
        input: String,
    },
}

impl PixKey {
    /// Validates and normalises a PIX key as a person types it.
    ///
    /// - `@` in it: an e-mail, written in lowercase.
    /// - Starting with `+`: a phone, `+55` and 10 or 11 digits (area code and
    ///   number); spaces, `-`, `.` and parentheses may separate them. Written
    ///   `+55DDNNNNNNNNN`.
    /// - 32 hex digits, bare or in 8-4-4-4-12 groups: a random key, written in
    ///   lowercase with hyphens.
    /// - 11 digits (`.`, `-`, `/` and spaces allowed between): a CPF, check
    ///   digits verified; but eleven digits not written as a CPF
    ///   (`000.000.000-00`) that are also a Brazilian mobile number (a real
    ///   area code, then 9) are [`PixKeyError::Ambiguous`]: either would pay
    ///   someone, so the kind must be said ([`PixKey::parse_as`]).
    /// - 14 digits or, per the 2026 rule, 12 letters or digits and 2 check
    ///   digits: a CNPJ, check digits verified, letters written in uppercase.
    pub fn parse(raw: &str) -> Result<PixKey, PixKeyError> {
        let key = PixKey::parse_wire(raw)?;
        if let PixKey::Cpf(digits) = &key
            && !written_as_cpf(raw.trim())
            && is_mobile_number(digits)
        {
            return Err(PixKeyError::Ambiguous {
                digits: digits.clone(),
                phone: format!("+55{digits}"),
            });
        }
        Ok(key)
    }

    /// Reads a key whose kind was said (the answer to "CPF or mobile?", a
    /// file's `pix_key_type`): eleven digits said to be a phone are the
    /// Brazilian number `+55` and them.
    pub fn parse_as(raw: &str, kind: PixKeyKind) -> Result<PixKey, PixKeyError> {
        let trimmed = raw.trim();
        let key = match kind {
            PixKeyKind::Phone if !trimmed.starts_with('+') && !trimmed.is_empty() => {
                PixKey::parse_wire(&format!("+55{trimmed}"))?
            }
            _ => PixKey::parse_wire(raw)?,
        };
        if key.kind() == kind {
            Ok(key)
        } else {
            Err(PixKeyError::NotOfKind {
                kind,
                input: trimmed.to_owned(),
            })
        }
    }

    /// Reads a key as the service's requests and records write it, or a CPF
    /// or CNPJ given as a document: eleven bare digits are a CPF there,
    /// since a phone is always written `+55…`. What a person types as a
    /// destination is read with [`PixKey::parse`].
    pub fn parse_wire(raw: &str) -> Result<PixKey, PixKeyError> {
        let key = raw.trim();
        if key.is_empty() {
            return Err(PixKeyError::Empty);
        }
        if key.contains('@') {
            return parse_email(key).map(PixKey::Email);
        }
        if key.starts_with('+') {
            return parse_phone(key).map(PixKey::Phone);
        }
        // Long runs of hex digits and hyphens with a letter or a hyphen: a
        // random key, perhaps mistyped. (CPF and CNPJ are much shorter.)
        let hex_count = key.chars().filter(char::is_ascii_hexdigit).count();
        let uuid_like = hex_count >= 28
            && key.chars().all(|c| c.is_ascii_hexdigit() || c == '-')
            && key.chars().any(|c| c.is_ascii_alphabetic() || c == '-');
        if uuid_like {
            let hyphens_ok = key.len() == 32
                || (key.len() == 36
                    && key
                        .char_indices()
                        .all(|(i, c)| (c == '-') == matches!(i, 8 | 13 | 18 | 23)));
            return match uuid::Uuid::try_parse(key) {
                Ok(u) if hyphens_ok => Ok(PixKey::Random(u.hyphenated().to_string())),
                _ => Err(PixKeyError::RandomKeyInvalid),
            };
        }
        if key.contains(['(', ')']) {
            return Err(PixKeyError::PhoneMissingCountryCode);
        }
        let bare: String = key
            .chars()
            .filter(|c| !matches!(c, '.' | '-' | '/' | ' '))
            .collect();
        if !bare.is_empty() && bare.bytes().all(|b| b.is_ascii_digit()) {
            return match bare.len() {
                11 => check_cpf(&bare).map(|()| PixKey::Cpf(bare)),
                14 => check_cnpj(&bare).map(|()| PixKey::Cnpj(bare)),
                given => Err(PixKeyError::WrongDigitCount { given }),
            };
        }
        if bare.len() == 14 && bare.bytes().all(|b| b.is_ascii_alphanumeric()) {
            let upper = bare.to_ascii_uppercase();
            return check_cnpj(&upper).map(|()| PixKey::Cnpj(upper));
        }
        Err(PixKeyError::Unrecognised {
            input: key.to_owned(),
        })
    }

    /// The normalised key, as sent to the service and written in a BR Code.
    pub fn as_str(&self) -> &str {
        match self {
            PixKey::Cpf(s)
            | PixKey::Cnpj(s)
            | PixKey::Email(s)
            | PixKey::Phone(s)
            | PixKey::Random(s) => s,
        }
    }

    /// Its kind.
    pub fn kind(&self) -> PixKeyKind {
        match self {
            PixKey::Cpf(_) => PixKeyKind::Cpf,
            PixKey::Cnpj(_) => PixKeyKind::Cnpj,
            PixKey::Email(_) => PixKeyKind::Email,
            PixKey::Phone(_) => PixKeyKind::Phone,
            PixKey::Random(_) => PixKeyKind::Random,
        }
    }

    /// The kind of key, for people: `CPF`, `CNPJ`, `e-mail`, `phone` or `random key`.
    pub fn kind_name(&self) -> &'static str {
        match self {
            PixKey::Cpf(_) => "CPF",
            PixKey::Cnpj(_) => "CNPJ",
            PixKey::Email(_) => "e-mail",
            PixKey::Phone(_) => "phone",
            PixKey::Random(_) => "random key",
        }
    }
}

impl std::fmt::Display for PixKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The area codes (DDD) in use in Brazil, as ANATEL assigns them.
const AREA_CODES: [u8; 67] = [
    11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43,
    44, 45, 46, 47, 48, 49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77,
    79, 81, 82, 83, 84, 85, 86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99,
];

/// Whether eleven digits are a Brazilian mobile number: an area code in
/// use, then 9.
fn is_mobile_number(digits: &str) -> bool {
    let bytes = digits.as_bytes();
    bytes.len() == 11
        && bytes.iter().all(u8::is_ascii_digit)
        && bytes[2] == b'9'
        && AREA_CODES.contains(&((bytes[0] - b'0') * 10 + (bytes[1] - b'0')))
}

/// Whether `key` is written the way a CPF is, `000.000.000-00`, which no
/// phone number is.
fn written_as_cpf(key: &str) -> bool {
    let bytes = key.as_bytes();
    bytes.len() == 14
        && bytes.iter().enumerate().all(|(index, byte)| match index {
            3 | 7 => *byte == b'.',
            11 => *byte == b'-',
            _ => byte.is_ascii_digit(),
        })
}

/// Digit values per the Receita Federal rule: ASCII code minus 48, so `0`-`9`
/// are 0-9 and `A`-`Z` are 17-42.
fn values(s: &str) -> Vec<u32> {
    s.bytes().map(|b| u32::from(b).saturating_sub(48)).collect()
}

/// The mod-11 check digit over `digits` with `weights`.
fn mod11(digits: &[u32], weights: impl Iterator<Item = u32>, ten_is_zero: bool) -> u32 {
    let sum: u32 = digits.iter().zip(weights).map(|(d, w)| d * w).sum();
    if ten_is_zero {
        // CPF: (sum * 10) mod 11, 10 becomes 0.
        (sum * 10 % 11) % 10
    } else {
        // CNPJ: remainder below 2 gives 0, else 11 - remainder.
        match sum % 11 {
            0 | 1 => 0,
            r => 11 - r,
        }
    }
}

fn check_cpf(digits: &str) -> Result<(), PixKeyError> {
    let d = values(digits);
    if d.iter().all(|&x| x == d[0]) {
        return Err(PixKeyError::CpfRepeated);
    }
    let first = mod11(&d[..9], (2..=10).rev(), true);
    let second = mod11(&d[..10], (2..=11).rev(), true);
    if d[9] == first && d[10] == second {
        Ok(())
    } else {
        Err(PixKeyError::CpfCheckDigits)
    }
}

fn check_cnpj(chars: &str) -> Result<(), PixKeyError> {
    let d = values(chars);
    if !chars.as_bytes()[12..].iter().all(u8::is_ascii_digit) {
        return Err(PixKeyError::CnpjCheckDigits);
    }
    if d.iter().all(|&x| x == d[0]) {
        return Err(PixKeyError::CnpjRepeated);
    }
    const W1: [u32; 12] = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const W2: [u32; 13] = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    let first = mod11(&d[..12], W1.into_iter(), false);
    let second = mod11(&d[..13], W2.into_iter(), false);
    if d[12] == first && d[13] == second {
        Ok(())
    } else {
        Err(PixKeyError::CnpjCheckDigits)
    }
}

fn parse_email(key: &str) -> Result<String, PixKeyError> {
    let invalid = |reason: String| PixKeyError::EmailInvalid { reason };
    let given = key.chars().count();
    if given > MAX_EMAIL_CHARS {
        return Err(PixKeyError::EmailTooLong { given });
    }
    if key.chars().any(char::is_whitespace) {
        return Err(invalid("it contains a space; remove it".into()));
    }
    if let Some(c) = key.chars().find(|c| !c.is_ascii()) {
        return Err(invalid(format!(
            "it contains \u{201c}{c}\u{201d}; only unaccented letters, digits and . _ - + are allowed"
        )));
    }
    let (local, domain) = match key.split_once('@') {
        Some((l, d)) if !d.contains('@') => (l, d),
        _ => return Err(invalid("it must have exactly one @".into())),
    };
    if local.is_empty() {
        return Err(invalid("nothing comes before the @".into()));
    }
    if let Some(c) = local
        .chars()
        .find(|c| !c.is_ascii_graphic() || "()<>[]:;\\,\"".contains(*c))
    {
        return Err(invalid(format!(
            "\u{201c}{c}\u{201d} is not allowed before the @"
        )));
    }
    if local.starts_with('.') || local.ends_with('.') || local.contains("..") {
        return Err(invalid(
            "a dot cannot start or end the part before the @, or follow another dot".into(),
        ));
    }
    if !domain.contains('.') {
        return Err(invalid(
            "the part after the @ needs a dot, as in example.com.br".into(),
        ));
    }
    let labels_ok = domain.split('.').all(|label| {
        !label.is_empty()
            && !label.starts_with('-')
            && !label.ends_with('-')
            && label
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-')
    });
    if !labels_ok {
        return Err(invalid(format!(
            "\u{201c}{domain}\u{201d} is not a valid domain; check the part after the @"
        )));
    }
    Ok(key.to_ascii_lowercase())
}

fn parse_phone(key: &str) -> Result<String, PixKeyError> {
    let rest = key.strip_prefix('+').unwrap_or(key);
    let mut digits = String::new();
    for c in rest.chars() {
        match c {
            '0'..='9' => digits.push(c),
            ' ' | '-' | '.' | '(' | ')' => {}
            _ => return Err(PixKeyError::PhoneInvalidCharacter { found: c }),
        }
    }
    let Some(national) = digits.strip_prefix("55") else {
        return Err(PixKeyError::PhoneNotBrazilian);
    };
    let given = national.len();
    if given != 10 && given != 11 {
        return Err(PixKeyError::PhoneWrongLength { given });
    }
    let area = &national[..2];
    if area.contains('0') {
        return Err(PixKeyError::PhoneBadAreaCode {
            code: area.to_owned(),
        });
    }
    if given == 11 && !national[2..].starts_with('9') {
        return Err(PixKeyError::PhoneNotMobile);
    }
    Ok(format!("+55{national}"))
}
