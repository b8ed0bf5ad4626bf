//! BR Codes: building the copy-and-paste payload, reading one back strictly,
//! and checking a code's amount before it is shown to pay.

use rust_decimal::Decimal;

use super::error::BrCodeError;
use super::key::PixKey;
use super::tlv::{brcode_crc, find, parse_tlv, push_field, required};

/// The globally unique identifier of PIX in a merchant account template.
pub const PIX_GUI: &str = "br.gov.bcb.pix";

/// Longest receiver name written into field 59, in characters.
pub const MAX_NAME_CHARS: usize = 25;

/// Longest receiver city written into field 60, in characters.
pub const MAX_CITY_CHARS: usize = 15;

/// Longest txid (field 62, sub 05), in characters.
pub const MAX_TXID_CHARS: usize = 25;

/// What goes into a BR Code for one payment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BrCodeSpec {
    /// The receiver's PIX key (tag 26, sub-tag 01).
    pub pix_key: String,
    /// Exact amount to pay (tag 54), BRL.
    pub amount: Option<Decimal>,
    /// Receiver name (tag 59), at most 25 characters.
    pub merchant_name: String,
    /// Receiver city (tag 60), at most 15 characters.
    pub merchant_city: String,
    /// Transaction id (tag 62, sub-tag 05), at most 25 alphanumerics; `***` when none.
    pub txid: String,
}

/// A parsed, CRC-checked BR Code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BrCode {
    /// The receiver's PIX key.
    pub pix_key: Option<String>,
    /// The location of a dynamic code's payload (sub-tag 25 of the PIX
    /// account), which a bank's dynamic code carries instead of a key.
    pub url: Option<String>,
    /// The amount, when the code fixes one.
    pub amount: Option<Decimal>,
    /// Receiver name.
    pub merchant_name: Option<String>,
    /// Receiver city.
    pub merchant_city: Option<String>,
    /// Transaction id.
    pub txid: Option<String>,
}

// ----- Building ------------------------------------------------------------

/// Turns a name or city into the plain ASCII the manual asks for: accents
/// removed (`ç` → `c`), other characters dropped, spaces collapsed, trimmed,
/// and cut to `max` characters.
pub fn sanitize_text(text: &str, max: usize) -> String {
    let mut out = String::new();
    for c in text.chars() {
        let plain = match c {
            'á' | 'à' | 'â' | 'ã' | 'ä' | 'å' => 'a',
            'Á' | 'À' | 'Â' | 'Ã' | 'Ä' | 'Å' => 'A',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'É' | 'È' | 'Ê' | 'Ë' => 'E',
            'í' | 'ì' | 'î' | 'ï' => 'i',
            'Í' | 'Ì' | 'Î' | 'Ï' => 'I',
            'ó' | 'ò' | 'ô' | 'õ' | 'ö' => 'o',
            'Ó' | 'Ò' | 'Ô' | 'Õ' | 'Ö' => 'O',
            'ú' | 'ù' | 'û' | 'ü' => 'u',
            'Ú' | 'Ù' | 'Û' | 'Ü' => 'U',
            'ç' => 'c',
            'Ç' => 'C',
            'ñ' => 'n',
            'Ñ' => 'N',
            c if c.is_whitespace() => ' ',
            c if c.is_ascii_graphic() => c,
            _ => continue,
        };
        if plain == ' ' && (out.is_empty() || out.ends_with(' ')) {
            continue;
        }
        out.push(plain);
    }
    let cut: String = out.chars().take(max).collect();
    cut.trim_end().to_owned()
}

pub(super) fn cannot(field: &'static str, problem: impl Into<String>) -> BrCodeError {
    BrCodeError::CannotBuild {
        field,
        problem: problem.into(),
    }
}

/// Builds the copy-and-paste payload, CRC included, refusing a spec that
/// cannot make a valid code:
///
/// - the PIX key must pass [`PixKey::parse`], and is written normalised;
/// - the amount, when given, must be above zero with at most two significant
///   places (it is written with exactly two: `10.5` → `10.50`), and at most
///   13 characters;
/// - name and city are made plain ASCII and cut to 25 and 15 characters
///   ([`sanitize_text`]); nothing may be left empty;
/// - the txid must be 1 to 25 ASCII letters and digits, or empty (or `***`)
///   for none. It is never altered, as the service matches payments by it.
pub fn try_build_brcode(spec: &BrCodeSpec) -> Result<String, BrCodeError> {
    let key = PixKey::parse(&spec.pix_key)
        .map_err(|e| cannot("Pix key", format!("is not valid: {e}")))?;

    let amount = match spec.amount {
        None => None,
        Some(a) if a <= Decimal::ZERO => return Err(cannot("amount", "must be greater than zero")),
        Some(a) if a.normalize().scale() > 2 => {
            return Err(cannot(
                "amount",
                format!("{a} has more than 2 decimal places"),
            ));
        }
        Some(a) => {
            let mut a = a.normalize();
            a.rescale(2);
            let text = a.to_string();
            if text.len() > 13 {
                return Err(cannot(
                    "amount",
                    format!("{text} is too large (13 characters at most)"),
                ));
            }
            Some(text)
        }
    };

    let name = sanitize_text(&spec.merchant_name, MAX_NAME_CHARS);
    if name.is_empty() {
        return Err(cannot("receiver name", "is empty"));
    }
    let city = sanitize_text(&spec.merchant_city, MAX_CITY_CHARS);
    if city.is_empty() {
        return Err(cannot("receiver city", "is empty"));
    }

    let txid = spec.txid.trim();
    let txid = if txid.is_empty() { "***" } else { txid };
    if txid != "***" {
        if txid.chars().count() > MAX_TXID_CHARS {
            return Err(cannot(
                "txid",
                format!("has more than {MAX_TXID_CHARS} characters"),
            ));
        }
        if let Some(c) = txid.chars().find(|c| !c.is_ascii_alphanumeric()) {
            return Err(cannot(
                "txid",
                format!("contains \u{201c}{c}\u{201d}; only letters and digits are allowed"),
            ));
        }
    }

    let mut account = String::new();
    push_field(&mut account, "00", PIX_GUI);
    push_field(&mut account, "01", key.as_str());
    let mut additional = String::new();
    push_field(&mut additional, "05", txid);

    let mut out = String::new();
    push_field(&mut out, "00", "01");
    push_field(&mut out, "26", &account);
    push_field(&mut out, "52", "0000");
    push_field(&mut out, "53", "986");
    if let Some(amount) = &amount {
        push_field(&mut out, "54", amount);
    }
    push_field(&mut out, "58", "BR");
    push_field(&mut out, "59", &name);
    push_field(&mut out, "60", &city);
    push_field(&mut out, "62", &additional);
    out.push_str("6304");
    let crc = brcode_crc(&out);
    out.push_str(&crc);
    Ok(out)
}

/// Builds the copy-and-paste payload, CRC included.
///
/// This is [`try_build_brcode`] for specs known to be good. A spec it refuses
/// gives an **empty string**, which [`BrCode::parse`] and
/// [`verify_payment_code`] refuse, so a bad spec can never become a payable
/// code; call [`try_build_brcode`] to learn why.
pub fn build_brcode(spec: &BrCodeSpec) -> String {
    try_build_brcode(spec).unwrap_or_default()
}

// ----- Parsing -------------------------------------------------------------

fn parse_amount_field(found: &str) -> Result<Decimal, BrCodeError> {
    let bad = || BrCodeError::BadAmount {
        found: found.to_owned(),
    };
    let well_formed = !found.is_empty()
        && found.len() <= 13
        && found.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && found.bytes().filter(|&b| b == b'.').count() <= 1
        && !found.starts_with('.')
        && !found.ends_with('.');
    if !well_formed {
        return Err(bad());
    }
    let amount = Decimal::from_str_exact(found).map_err(|_| bad())?;
    if amount <= Decimal::ZERO {
        return Err(bad());
    }
    Ok(amount)
}

impl BrCode {
    /// Parses a payload and checks its CRC16.
    ///
    /// Surrounding whitespace is ignored. Refused: broken field structure, a
    /// missing or wrong CRC (field 63, last, 4 hex digits in either case), a
    /// repeated field, field 00 other than `01`, no merchant account template
    /// (IDs 26 to 51) with GUI `br.gov.bcb.pix` (any case), a currency other
    /// than 986, an amount that is not a positive dot-decimal, and no country
    /// (58), name (59) or city (60).
    pub fn parse(payload: &str) -> Result<BrCode, BrCodeError> {
        let payload = payload.trim();
        if payload.is_empty() {
            return Err(BrCodeError::Empty);
        }
        let fields = parse_tlv(payload, 1)?;

        let crc = match fields.last() {
            Some(f) if f.id == "63" => f,
            _ => return Err(BrCodeError::MissingCrc),
        };
        if crc.value.len() != 4 || !crc.value.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(BrCodeError::Malformed {
                position: crc.value_pos,
                detail: "the check code (field 63) must be 4 hex digits".into(),
            });
        }
        let expected = brcode_crc(&payload[..crc.value_byte]);
        if !crc.value.eq_ignore_ascii_case(&expected) {
            return Err(BrCodeError::CrcMismatch {
                expected,
                found: crc.value.to_owned(),
            });
        }

        for (i, f) in fields.iter().enumerate() {
            if fields[..i].iter().any(|g| g.id == f.id) {
                return Err(BrCodeError::DuplicateField {
                    id: f.id.to_owned(),
                });
            }
        }

        match fields.first() {
            Some(f) if f.id == "00" => {
                if f.value != "01" {
                    return Err(BrCodeError::UnsupportedFormat {
                        found: f.value.to_owned(),
                    });
                }
            }
            _ => {
                return Err(BrCodeError::MissingField {
                    id: "00",
                    name: "format indicator, which must come first",
                });
            }
        }

        let mut pix_key = None;
        let mut url = None;
        let mut is_pix = false;
        for f in &fields {
            let is_account = f.id.parse::<u8>().is_ok_and(|id| (26..=51).contains(&id));
            if !is_account {
                continue;
            }
            let subs = parse_tlv(f.value, f.value_pos)?;
            if find(&subs, "00").is_some_and(|g| g.value.eq_ignore_ascii_case(PIX_GUI)) {
                is_pix = true;
                pix_key = find(&subs, "01").map(|k| k.value.to_owned());
                url = find(&subs, "25").map(|u| u.value.to_owned());
                break;
            }
        }
        if !is_pix {
            return Err(BrCodeError::NotPix);
        }

        if let Some(currency) = find(&fields, "53")
            && currency.value != "986"
        {
            return Err(BrCodeError::NotBrl {
                found: currency.value.to_owned(),
            });
        }
        let amount = find(&fields, "54")
            .map(|f| parse_amount_field(f.value))
            .transpose()?;
        required(&fields, "58", "country code")?;
        let name = required(&fields, "59", "receiver name")?;
        let city = required(&fields, "60", "receiver city")?;

        let txid = match find(&fields, "62") {
            Some(f) => {
                let subs = parse_tlv(f.value, f.value_pos)?;
                find(&subs, "05").map(|t| t.value.to_owned())
            }
            None => None,
        };

        Ok(BrCode {
            pix_key,
            url,
            amount,
            merchant_name: Some(name.to_owned()),
            merchant_city: Some(city.to_owned()),
            txid,
        })
    }
}

impl BrCode {
    /// The host a dynamic code's payload is fetched from (`pix.example.com`
    /// of `pix.example.com/qr/v2/abc`), lower-cased; `None` without a URL.
    /// The manual writes the URL without a scheme; one is tolerated.
    pub fn url_host(&self) -> Option<String> {
        let url = self.url.as_deref()?.trim();
        let without_scheme = url.split_once("://").map_or(url, |(_, rest)| rest);
        let authority = without_scheme
            .split(['/', '?', '#'])
            .next()
            .unwrap_or_default();
        // A user-info part would let `bank.example@evil.example` read as the bank.
        let host = authority.rsplit('@').next().unwrap_or_default();
        let host = host
            .split(':')
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        (!host.is_empty()).then_some(host)
    }
}

/// Checks a brcode before it is shown as a QR to pay: CRC valid and amount equal to `expected`.
///
/// Amounts compare by value: `10.5` equals `10.50`. A code without an amount
/// is refused ([`BrCodeError::MissingAmount`]), since the payer could be led
/// to pay any amount.
pub fn verify_payment_code(payload: &str, expected: Decimal) -> Result<BrCode, BrCodeError> {
    let code = BrCode::parse(payload)?;
    match code.amount {
        None => Err(BrCodeError::MissingAmount),
        Some(in_code) if in_code != expected => {
            Err(BrCodeError::AmountMismatch { in_code, expected })
        }
        Some(_) => Ok(code),
    }
}
