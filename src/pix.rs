//! PIX: BR Code (EMV merchant-presented QR payload) building, parsing and CRC
//! check, QR rendering, and PIX key validation.
//!
//! # BR Code
//!
//! A BR Code is the EMV QRCPS merchant-presented payload that Banco Central do
//! Brasil specifies in its *Manual do BR Code*: a run of fields, each a 2-digit
//! ID, a 2-digit length and the value, some of them templates of sub-fields
//! written the same way. The fields written here:
//!
//! | ID | value |
//! |----|-------|
//! | 00 | payload format indicator, `01` |
//! | 26 | merchant account: sub 00 `br.gov.bcb.pix`, sub 01 the PIX key |
//! | 52 | merchant category code, `0000` |
//! | 53 | currency, `986` (BRL) |
//! | 54 | amount, dot decimal with two places (`10.50`), when fixed |
//! | 58 | country, `BR` |
//! | 59 | receiver name, at most 25 characters |
//! | 60 | receiver city, at most 15 characters |
//! | 62 | additional data: sub 05 the txid, `***` when none |
//! | 63 | CRC16/CCITT-FALSE of everything before it, `6304` included, 4 uppercase hex |
//!
//! Field 01 (point of initiation) is left out: codes built here are static
//! codes in the manual's sense, like the manual's own examples; a one-time
//! order is told apart by its txid and amount, which the service checks.
//!
//! **Length unit.** The manual restricts names and cities to plain characters,
//! and the codes built here are pure ASCII (names and cities are transliterated,
//! `São Paulo` → `Sao Paulo`), so characters and bytes agree. When reading a
//! code from elsewhere, lengths are counted in characters (Unicode scalar
//! values), consistently with building; the CRC is over the UTF-8 bytes.
//!
//! Reading is strict where money is at stake: the CRC must match, a field may
//! not appear twice (two amounts could be read differently by two apps), and
//! [`verify_payment_code`] checks the amount before a code is shown to pay.

use std::io::Cursor;

use crc::{CRC_16_IBM_3740, Crc};
use image::{DynamicImage, ImageFormat, Luma};
use qrcode::{Color, EcLevel, QrCode};
use rust_decimal::Decimal;

use crate::money::{NumberFormat, format_brl};

/// The globally unique identifier of PIX in a merchant account template.
pub const PIX_GUI: &str = "br.gov.bcb.pix";

/// Longest receiver name written into field 59, in characters.
pub const MAX_NAME_CHARS: usize = 25;

/// Longest receiver city written into field 60, in characters.
pub const MAX_CITY_CHARS: usize = 15;

/// Longest txid (field 62, sub 05), in characters.
pub const MAX_TXID_CHARS: usize = 25;

/// Quiet zone around a QR code, in modules, on every side.
pub const QR_QUIET_ZONE_MODULES: usize = 4;

/// Largest module size [`render_qr_png`] draws, in pixels.
pub const MAX_MODULE_PIXELS: u32 = 64;

/// The CRC the BR Code uses: CRC16/CCITT-FALSE (poly 0x1021, init 0xFFFF).
const CRC16: Crc<u16> = Crc::<u16>::new(&CRC_16_IBM_3740);

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
    /// The amount, when the code fixes one.
    pub amount: Option<Decimal>,
    /// Receiver name.
    pub merchant_name: Option<String>,
    /// Receiver city.
    pub merchant_city: Option<String>,
    /// Transaction id.
    pub txid: Option<String>,
}

/// Why a BR Code was refused, or could not be made or drawn. Every message
/// says what is wrong and what to do.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BrCodeError {
    /// Nothing was given.
    #[error("The PIX code is empty; paste the whole copy-and-paste code.")]
    Empty,
    /// The field structure is broken.
    #[error(
        "This is not a valid PIX code: {detail} (at character {position}). Copy the whole \
         code again; it may have been cut off or changed."
    )]
    Malformed {
        /// Where, counting characters from 1.
        position: usize,
        /// What is wrong there.
        detail: String,
    },
    /// No CRC field 63 at the end.
    #[error(
        "This PIX code has no check code at its end (field 63), so it may have been cut off. \
         Copy the whole code again."
    )]
    MissingCrc,
    /// The CRC does not match the contents.
    #[error(
        "This PIX code is damaged or was altered: its check code is {found}, but its \
         contents give {expected}. Do not pay it; copy the code again from its source."
    )]
    CrcMismatch {
        /// The CRC computed over the contents.
        expected: String,
        /// The CRC written in the code.
        found: String,
    },
    /// A field appears more than once.
    #[error(
        "This PIX code has field {id} more than once, so apps could read it differently. \
         Do not pay it; ask the receiver for a new code."
    )]
    DuplicateField {
        /// The repeated field ID.
        id: String,
    },
    /// Field 00 is not `01`.
    #[error(
        "This code's format version is \u{201c}{found}\u{201d}, not 01, so it is not a PIX \
         code this app can read; ask the receiver for a PIX copy-and-paste code."
    )]
    UnsupportedFormat {
        /// The value of field 00.
        found: String,
    },
    /// No merchant account template with the PIX identifier.
    #[error(
        "This is a payment QR code but not a PIX one (it has no br.gov.bcb.pix account); \
         ask the receiver for a PIX code."
    )]
    NotPix,
    /// A required field is absent or empty.
    #[error("This PIX code lacks the {name} (field {id}); ask the receiver for a new code.")]
    MissingField {
        /// The field ID.
        id: &'static str,
        /// What the field holds.
        name: &'static str,
    },
    /// Field 53 is not BRL.
    #[error(
        "This code is in currency {found}, not Brazilian reais (986); it cannot be paid \
         with PIX. Ask the receiver for a code in reais."
    )]
    NotBrl {
        /// The value of field 53.
        found: String,
    },
    /// Field 54 is not a positive amount.
    #[error(
        "This PIX code's amount \u{201c}{found}\u{201d} is not a valid amount in reais; ask \
         the receiver for a new code."
    )]
    BadAmount {
        /// The value of field 54.
        found: String,
    },
    /// The code fixes no amount where one is required.
    #[error(
        "This PIX code does not fix an amount, so it could be paid with any amount. Use the \
         code issued for this order, which states the exact amount."
    )]
    MissingAmount,
    /// The code's amount differs from the expected one.
    #[error(
        "This PIX code asks for {} but this payment is {}. Do not pay it; use the code \
         issued for this order.",
        format_brl(*in_code, NumberFormat::English),
        format_brl(*expected, NumberFormat::English)
    )]
    AmountMismatch {
        /// The amount in the code.
        in_code: Decimal,
        /// The amount expected.
        expected: Decimal,
    },
    /// A [`BrCodeSpec`] that cannot make a valid code.
    #[error("Cannot make a PIX code: the {field} {problem}.")]
    CannotBuild {
        /// Which part of the spec.
        field: &'static str,
        /// What is wrong with it.
        problem: String,
    },
    /// A module size of zero or above [`MAX_MODULE_PIXELS`].
    #[error("A QR code module must be 1 to {max} pixels wide, not {given}.", max = MAX_MODULE_PIXELS)]
    BadModuleSize {
        /// The size asked for.
        given: u32,
    },
    /// The payload does not fit a QR code.
    #[error("This text cannot be drawn as a QR code ({reason}); it is probably too long.")]
    QrEncode {
        /// What the QR encoder said.
        reason: String,
    },
    /// PNG encoding failed.
    #[error("The QR code image could not be made ({reason}).")]
    PngEncode {
        /// What the PNG encoder said.
        reason: String,
    },
}

// ----- TLV -----------------------------------------------------------------

/// One ID-length-value field.
#[derive(Debug)]
struct Field<'a> {
    id: &'a str,
    value: &'a str,
    /// Character position of the value, from 1.
    value_pos: usize,
    /// Byte offset of the value in the text parsed.
    value_byte: usize,
}

/// Splits `text` into fields; `base` is the character position of `text`'s
/// first character, for error messages.
fn parse_tlv(text: &str, base: usize) -> Result<Vec<Field<'_>>, BrCodeError> {
    let mut fields = Vec::new();
    let mut byte = 0;
    let mut pos = base;
    while byte < text.len() {
        let rest = &text[byte..];
        let head = rest
            .get(..4)
            .filter(|h| h.bytes().all(|b| b.is_ascii_digit()));
        let Some(head) = head else {
            return Err(BrCodeError::Malformed {
                position: pos,
                detail: "a field must start with a 2-digit ID and a 2-digit length".into(),
            });
        };
        let (id, len) = head.split_at(2);
        let len: usize = len.parse().map_err(|_| BrCodeError::Malformed {
            position: pos,
            detail: "bad field length".into(),
        })?;
        let body = &rest[4..];
        let value_len = match body.char_indices().nth(len) {
            Some((end, _)) => end,
            None if body.chars().count() == len => body.len(),
            None => {
                return Err(BrCodeError::Malformed {
                    position: pos,
                    detail: format!(
                        "field {id} says it holds {len} characters but only {} remain",
                        body.chars().count()
                    ),
                });
            }
        };
        fields.push(Field {
            id,
            value: &body[..value_len],
            value_pos: pos + 4,
            value_byte: byte + 4,
        });
        byte += 4 + value_len;
        pos += 4 + len;
    }
    Ok(fields)
}

fn find<'a>(fields: &'a [Field<'a>], id: &str) -> Option<&'a Field<'a>> {
    fields.iter().find(|f| f.id == id)
}

fn required<'a>(
    fields: &'a [Field<'a>],
    id: &'static str,
    name: &'static str,
) -> Result<&'a str, BrCodeError> {
    match find(fields, id) {
        Some(f) if !f.value.trim().is_empty() => Ok(f.value),
        _ => Err(BrCodeError::MissingField { id, name }),
    }
}

/// Appends one field; `value` must have at most 99 characters.
fn push_field(out: &mut String, id: &str, value: &str) {
    out.push_str(id);
    out.push_str(&format!("{:02}", value.chars().count()));
    out.push_str(value);
}

/// The CRC16 of a BR Code, 4 uppercase hex digits.
pub fn brcode_crc(data: &str) -> String {
    format!("{:04X}", CRC16.checksum(data.as_bytes()))
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

fn cannot(field: &'static str, problem: impl Into<String>) -> BrCodeError {
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
        .map_err(|e| cannot("PIX key", format!("is not valid: {e}")))?;

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
            amount,
            merchant_name: Some(name.to_owned()),
            merchant_city: Some(city.to_owned()),
            txid,
        })
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

// ----- QR ------------------------------------------------------------------

/// The modules of a QR code, without the quiet zone, for painting directly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QrMatrix {
    /// Modules per side.
    pub width: usize,
    /// `width * width` modules, row by row from the top left; `true` is dark.
    pub dark: Vec<bool>,
}

impl QrMatrix {
    /// Whether the module in column `x`, row `y` is dark; outside is light.
    pub fn is_dark(&self, x: usize, y: usize) -> bool {
        x < self.width
            && y < self.width
            && self.dark.get(y * self.width + x).copied().unwrap_or(false)
    }
}

fn encode_qr(payload: &str) -> Result<QrCode, BrCodeError> {
    QrCode::with_error_correction_level(payload.as_bytes(), EcLevel::M).map_err(|e| {
        BrCodeError::QrEncode {
            reason: e.to_string(),
        }
    })
}

/// The QR code of `payload` at error-correction level M, as modules without
/// the quiet zone (leave [`QR_QUIET_ZONE_MODULES`] light modules around it).
pub fn qr_modules(payload: &str) -> Result<QrMatrix, BrCodeError> {
    let code = encode_qr(payload)?;
    Ok(QrMatrix {
        width: code.width(),
        dark: code
            .to_colors()
            .into_iter()
            .map(|c| c == Color::Dark)
            .collect(),
    })
}

/// Renders `payload` as a PNG QR code with its quiet zone.
///
/// Error-correction level M, black modules on white, each `module_pixels`
/// pixels square (1 to [`MAX_MODULE_PIXELS`]), with the 4-module quiet zone
/// on every side: the image is `(modules + 8) * module_pixels` pixels wide.
pub fn render_qr_png(payload: &str, module_pixels: u32) -> Result<Vec<u8>, BrCodeError> {
    if module_pixels == 0 || module_pixels > MAX_MODULE_PIXELS {
        return Err(BrCodeError::BadModuleSize {
            given: module_pixels,
        });
    }
    let code = encode_qr(payload)?;
    let image = code
        .render::<Luma<u8>>()
        .quiet_zone(true)
        .dark_color(Luma([0]))
        .light_color(Luma([255]))
        .module_dimensions(module_pixels, module_pixels)
        .build();
    let mut png = Vec::new();
    DynamicImage::ImageLuma8(image)
        .write_to(&mut Cursor::new(&mut png), ImageFormat::Png)
        .map_err(|e| BrCodeError::PngEncode {
            reason: e.to_string(),
        })?;
    Ok(png)
}

// ----- PIX keys ------------------------------------------------------------

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

/// Why a PIX key was refused. Every message names the kind of key and says
/// what to fix.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PixKeyError {
    /// Nothing was given.
    #[error("Enter a PIX key: a CPF, CNPJ, e-mail, phone number starting with +55, or random key.")]
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
    #[error("An e-mail PIX key has at most 77 characters, but this one has {given}.")]
    EmailTooLong {
        /// Characters given.
        given: usize,
    },
    /// Looks like a phone, without +55.
    #[error("A phone PIX key must start with +55 and the area code, such as +55 11 98765-4321.")]
    PhoneMissingCountryCode,
    /// `+` and a country other than Brazil.
    #[error("A phone PIX key must be a Brazilian number starting with +55.")]
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
    /// None of the kinds of key.
    #[error(
        "\u{201c}{input}\u{201d} is not a PIX key: use a CPF, CNPJ, e-mail, phone number \
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
    ///   digits verified. Eleven bare digits are always a CPF, never a phone.
    /// - 14 digits or, per the 2026 rule, 12 letters or digits and 2 check
    ///   digits: a CNPJ, check digits verified, letters written in uppercase.
    pub fn parse(raw: &str) -> Result<PixKey, PixKeyError> {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Decimal {
        Decimal::from_str_exact(s).unwrap()
    }

    const PUBLISHED: &str = "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";

    fn spec() -> BrCodeSpec {
        BrCodeSpec {
            pix_key: "123e4567-e12b-12d1-a456-426655440000".into(),
            amount: Some(d("10.50")),
            merchant_name: "Fulano de Tal".into(),
            merchant_city: "BRASILIA".into(),
            txid: "ORDER123".into(),
        }
    }

    /// Replaces the CRC of `payload` (which ends in `6304XXXX`) with the right one.
    fn recrc(payload: &str) -> String {
        let body = &payload[..payload.len() - 4];
        format!("{body}{}", brcode_crc(body))
    }

    // ----- CRC -----------------------------------------------------------

    #[test]
    fn crc_is_ccitt_false() {
        // The CRC catalogue's check value for CRC-16/IBM-3740 (CCITT-FALSE).
        assert_eq!(brcode_crc("123456789"), "29B1");
    }

    #[test]
    fn published_example_crc_matches() {
        assert_eq!(brcode_crc(&PUBLISHED[..PUBLISHED.len() - 4]), "1D3D");
        let code = BrCode::parse(PUBLISHED).unwrap();
        assert_eq!(
            code,
            BrCode {
                pix_key: Some("123e4567-e12b-12d1-a456-426655440000".into()),
                amount: None,
                merchant_name: Some("Fulano de Tal".into()),
                merchant_city: Some("BRASILIA".into()),
                txid: Some("***".into()),
            }
        );
    }

    #[test]
    fn builds_the_published_example_exactly() {
        let s = BrCodeSpec {
            amount: None,
            txid: String::new(),
            ..spec()
        };
        assert_eq!(build_brcode(&s), PUBLISHED);
        assert_eq!(try_build_brcode(&s).unwrap(), PUBLISHED);
    }

    #[test]
    fn crc_hex_case_insensitive() {
        let lower = PUBLISHED.replace("1D3D", "1d3d");
        assert!(BrCode::parse(&lower).is_ok());
    }

    #[test]
    fn any_flipped_character_fails() {
        // Every single-character change of the body is caught by the CRC (or
        // breaks the structure first); none parses.
        for (i, c) in PUBLISHED.char_indices() {
            if i >= PUBLISHED.len() - 4 {
                break;
            }
            let other = if c == 'A' { 'B' } else { 'A' };
            let changed = format!("{}{}{}", &PUBLISHED[..i], other, &PUBLISHED[i + 1..]);
            assert!(BrCode::parse(&changed).is_err(), "{changed}");
        }
        let tampered = PUBLISHED.replace("Fulano", "Fulana");
        assert_eq!(
            BrCode::parse(&tampered),
            Err(BrCodeError::CrcMismatch {
                expected: brcode_crc(&tampered[..tampered.len() - 4]),
                found: "1D3D".into()
            })
        );
        let msg = BrCode::parse(&tampered).unwrap_err().to_string();
        assert!(msg.contains("1D3D") && msg.contains("altered"), "{msg}");
    }

    #[test]
    fn wrong_crc_value_fails() {
        let bad = PUBLISHED.replace("1D3D", "1D3E");
        assert!(matches!(
            BrCode::parse(&bad),
            Err(BrCodeError::CrcMismatch { ref expected, ref found }) if expected == "1D3D" && found == "1D3E"
        ));
    }

    #[test]
    fn crc_must_be_last_and_four_hex() {
        let body = &PUBLISHED[..PUBLISHED.len() - 8];
        assert_eq!(BrCode::parse(body), Err(BrCodeError::MissingCrc));
        // CRC then another field.
        assert_eq!(
            BrCode::parse(&format!("{PUBLISHED}5802BR")),
            Err(BrCodeError::MissingCrc)
        );
        // Non-hex CRC.
        assert!(matches!(
            BrCode::parse(&PUBLISHED.replace("1D3D", "1D3G")),
            Err(BrCodeError::Malformed { .. })
        ));
        // Cut short.
        assert!(matches!(
            BrCode::parse(&PUBLISHED[..PUBLISHED.len() - 2]),
            Err(BrCodeError::Malformed { .. })
        ));
    }

    // ----- Build / parse -------------------------------------------------

    #[test]
    fn build_then_parse_round_trip() {
        let payload = build_brcode(&spec());
        let code = BrCode::parse(&payload).unwrap();
        assert_eq!(
            code.pix_key.as_deref(),
            Some("123e4567-e12b-12d1-a456-426655440000")
        );
        assert_eq!(code.amount, Some(d("10.50")));
        assert_eq!(code.merchant_name.as_deref(), Some("Fulano de Tal"));
        assert_eq!(code.merchant_city.as_deref(), Some("BRASILIA"));
        assert_eq!(code.txid.as_deref(), Some("ORDER123"));
        assert!(payload.contains("540510.50"), "{payload}");
        assert!(payload.contains("62120508ORDER123"), "{payload}");
        assert!(payload.starts_with("000201"));
        assert!(payload.contains("52040000530398654"));
    }

    #[test]
    fn amount_written_with_two_places() {
        for (amount, text) in [
            ("10.5", "540510.50"),
            ("10", "540510.00"),
            ("0.01", "54040.01"),
            ("1234567.89", "54101234567.89"),
            ("10.500", "540510.50"),
        ] {
            let payload = build_brcode(&BrCodeSpec {
                amount: Some(d(amount)),
                ..spec()
            });
            assert!(payload.contains(text), "{amount}: {payload}");
            assert_eq!(BrCode::parse(&payload).unwrap().amount, Some(d(amount)));
        }
    }

    #[test]
    fn build_refuses_bad_specs() {
        let bad = [
            BrCodeSpec {
                amount: Some(d("0")),
                ..spec()
            },
            BrCodeSpec {
                amount: Some(d("-1")),
                ..spec()
            },
            BrCodeSpec {
                amount: Some(d("1.005")),
                ..spec()
            },
            BrCodeSpec {
                amount: Some(d("12345678901.00")),
                ..spec()
            },
            BrCodeSpec {
                pix_key: String::new(),
                ..spec()
            },
            BrCodeSpec {
                pix_key: "not a key".into(),
                ..spec()
            },
            BrCodeSpec {
                merchant_name: "   ".into(),
                ..spec()
            },
            BrCodeSpec {
                merchant_city: "日本".into(),
                ..spec()
            },
            BrCodeSpec {
                txid: "ORDER-123".into(),
                ..spec()
            },
            BrCodeSpec {
                txid: "A".repeat(26),
                ..spec()
            },
        ];
        for s in bad {
            let e = try_build_brcode(&s).unwrap_err();
            assert!(matches!(e, BrCodeError::CannotBuild { .. }), "{s:?}");
            assert!(e.to_string().starts_with("Cannot make a PIX code"));
            assert_eq!(build_brcode(&s), "");
        }
        assert_eq!(BrCode::parse(""), Err(BrCodeError::Empty));
    }

    #[test]
    fn build_normalises_key() {
        let payload = build_brcode(&BrCodeSpec {
            pix_key: "529.982.247-25".into(),
            ..spec()
        });
        assert!(payload.contains("011152998224725"), "{payload}");
        let payload = build_brcode(&BrCodeSpec {
            pix_key: "+55 (11) 98765-4321".into(),
            ..spec()
        });
        assert_eq!(
            BrCode::parse(&payload).unwrap().pix_key.as_deref(),
            Some("+5511987654321")
        );
    }

    #[test]
    fn build_sanitises_name_and_city() {
        let payload = build_brcode(&BrCodeSpec {
            merchant_name: "  João da Conceição   Ção Ltda. e Filhos S/A  ".into(),
            merchant_city: "São Paulo do Potengi".into(),
            txid: "  ".into(),
            ..spec()
        });
        let code = BrCode::parse(&payload).unwrap();
        assert_eq!(
            code.merchant_name.as_deref(),
            Some("Joao da Conceicao Cao Ltd")
        );
        assert_eq!(code.merchant_city.as_deref(), Some("Sao Paulo do Po"));
        assert_eq!(code.txid.as_deref(), Some("***"));
        assert!(payload.is_ascii());
    }

    #[test]
    fn sanitize_cuts_on_characters_and_trims() {
        assert_eq!(sanitize_text("ÁÉÍÓÚ çñ", 25), "AEIOU cn");
        assert_eq!(sanitize_text("ab  cd", 3), "ab");
        assert_eq!(sanitize_text("€ 5 😀", 25), "5");
        assert_eq!(sanitize_text("a\tb\nc", 25), "a b c");
        assert_eq!(sanitize_text("é".repeat(40).as_str(), 15), "e".repeat(15));
    }

    #[test]
    fn parse_tolerates_surrounding_whitespace() {
        assert!(BrCode::parse(&format!("  {PUBLISHED}\n")).is_ok());
    }

    #[test]
    fn parse_accepts_gui_in_any_case_and_other_templates() {
        let upper = recrc(&PUBLISHED.replace("br.gov.bcb.pix", "BR.GOV.BCB.PIX"));
        assert_eq!(
            BrCode::parse(&upper).unwrap().pix_key.as_deref(),
            Some("123e4567-e12b-12d1-a456-426655440000")
        );
        // PIX in template 27, another scheme in 26.
        let p = recrc(&PUBLISHED.replace(
            "26580014br.gov.bcb.pix",
            "26090005other27580014br.gov.bcb.pix",
        ));
        assert!(BrCode::parse(&p).is_ok(), "{p}");
    }

    #[test]
    fn parse_refuses_non_pix_and_wrong_fields() {
        let not_pix = recrc(&PUBLISHED.replace("br.gov.bcb.pix", "br.gov.bcb.xyz"));
        assert_eq!(BrCode::parse(&not_pix), Err(BrCodeError::NotPix));

        let usd = recrc(&PUBLISHED.replace("5303986", "5303840"));
        assert_eq!(
            BrCode::parse(&usd),
            Err(BrCodeError::NotBrl {
                found: "840".into()
            })
        );

        let fmt = recrc(&PUBLISHED.replacen("000201", "000202", 1));
        assert_eq!(
            BrCode::parse(&fmt),
            Err(BrCodeError::UnsupportedFormat { found: "02".into() })
        );

        let no_name = recrc(&PUBLISHED.replace("5913Fulano de Tal", ""));
        assert_eq!(
            BrCode::parse(&no_name),
            Err(BrCodeError::MissingField {
                id: "59",
                name: "receiver name"
            })
        );
        let no_city = recrc(&PUBLISHED.replace("6008BRASILIA", ""));
        assert!(matches!(
            BrCode::parse(&no_city),
            Err(BrCodeError::MissingField { id: "60", .. })
        ));
        let no_country = recrc(&PUBLISHED.replace("5802BR", ""));
        assert!(matches!(
            BrCode::parse(&no_country),
            Err(BrCodeError::MissingField { id: "58", .. })
        ));
        let no_format = recrc(&PUBLISHED.replacen("000201", "", 1));
        assert!(matches!(
            BrCode::parse(&no_format),
            Err(BrCodeError::MissingField { id: "00", .. })
        ));

        // Currency may be absent.
        let no_currency = recrc(&PUBLISHED.replace("5303986", ""));
        assert!(BrCode::parse(&no_currency).is_ok());
    }

    #[test]
    fn parse_refuses_duplicate_fields() {
        let payload = build_brcode(&spec());
        let twice = recrc(&payload.replace("540510.50", "540510.50540599.00"));
        assert_eq!(
            BrCode::parse(&twice),
            Err(BrCodeError::DuplicateField { id: "54".into() })
        );
    }

    #[test]
    fn parse_refuses_bad_amounts() {
        let payload = build_brcode(&spec());
        for bad in [
            "10,50", "-1.00", "0.00", "1e3.0", "10.", ".1000", "1.2.3", "1 000",
        ] {
            let field = format!("54{:02}{bad}", bad.len());
            let p = recrc(&payload.replace("540510.50", &field));
            assert_eq!(
                BrCode::parse(&p),
                Err(BrCodeError::BadAmount { found: bad.into() }),
                "{bad}"
            );
        }
    }

    #[test]
    fn parse_refuses_broken_lengths() {
        // Length runs past the end.
        assert!(matches!(
            BrCode::parse("000201269900"),
            Err(BrCodeError::Malformed { .. })
        ));
        // Non-digit length.
        let e = BrCode::parse("0002012A").unwrap_err();
        assert_eq!(
            e,
            BrCodeError::Malformed {
                position: 7,
                detail: "a field must start with a 2-digit ID and a 2-digit length".into()
            }
        );
        // Broken template inside 26 with a valid CRC.
        let p = recrc(&PUBLISHED.replace("0136123e", "0199123e"));
        assert!(matches!(
            BrCode::parse(&p),
            Err(BrCodeError::Malformed { .. })
        ));
        // Not a code at all.
        assert!(matches!(
            BrCode::parse("hello"),
            Err(BrCodeError::Malformed { position: 1, .. })
        ));
    }

    #[test]
    fn lengths_count_characters() {
        // A name with non-ASCII characters, written by another issuer.
        let body =
            PUBLISHED[..PUBLISHED.len() - 4].replace("5913Fulano de Tal", "5913Fulano de Tál");
        let p = format!("{body}{}", brcode_crc(&body));
        assert_eq!(
            BrCode::parse(&p).unwrap().merchant_name.as_deref(),
            Some("Fulano de Tál")
        );
    }

    // ----- verify_payment_code -------------------------------------------

    #[test]
    fn verify_accepts_equal_amounts() {
        let payload = build_brcode(&spec());
        assert!(verify_payment_code(&payload, d("10.50")).is_ok());
        assert!(verify_payment_code(&payload, d("10.5")).is_ok());
        assert!(verify_payment_code(&payload, d("10.500000")).is_ok());
    }

    #[test]
    fn verify_refuses_other_amounts() {
        let payload = build_brcode(&spec());
        let e = verify_payment_code(&payload, d("10.51")).unwrap_err();
        assert_eq!(
            e,
            BrCodeError::AmountMismatch {
                in_code: d("10.50"),
                expected: d("10.51")
            }
        );
        let msg = e.to_string();
        assert!(msg.contains("R$10.50") && msg.contains("R$10.51"), "{msg}");
        assert!(msg.contains("Do not pay"), "{msg}");
    }

    #[test]
    fn verify_refuses_no_amount_and_tampering() {
        assert_eq!(
            verify_payment_code(PUBLISHED, d("1")),
            Err(BrCodeError::MissingAmount)
        );
        let payload = build_brcode(&spec());
        // An attacker changes the amount but cannot fix the CRC without it showing.
        let tampered = payload.replace("540510.50", "540519.50");
        assert!(matches!(
            verify_payment_code(&tampered, d("10.50")),
            Err(BrCodeError::CrcMismatch { .. })
        ));
        // With the CRC fixed, the amount check catches it.
        assert!(matches!(
            verify_payment_code(&recrc(&tampered), d("10.50")),
            Err(BrCodeError::AmountMismatch { .. })
        ));
        assert_eq!(verify_payment_code("", d("1")), Err(BrCodeError::Empty));
    }

    // ----- QR ------------------------------------------------------------

    #[test]
    fn qr_png_has_quiet_zone_and_size() {
        let payload = build_brcode(&spec());
        let matrix = qr_modules(&payload).unwrap();
        assert_eq!(matrix.dark.len(), matrix.width * matrix.width);
        // Finder pattern corners are dark.
        assert!(matrix.is_dark(0, 0));
        assert!(matrix.is_dark(matrix.width - 1, 0));
        assert!(matrix.is_dark(0, matrix.width - 1));
        assert!(!matrix.is_dark(matrix.width, 0));

        for px in [1u32, 3, 8] {
            let png = render_qr_png(&payload, px).unwrap();
            assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
            let img = image::load_from_memory(&png).unwrap().to_luma8();
            let side = (matrix.width as u32 + 8) * px;
            assert_eq!(img.dimensions(), (side, side));
            // Quiet zone: the outer 4 modules on every side are white.
            for i in 0..side {
                for j in 0..4 * px {
                    for (x, y) in [(i, j), (j, i), (i, side - 1 - j), (side - 1 - j, i)] {
                        assert_eq!(img.get_pixel(x, y).0, [255], "({x},{y}) at {px}px");
                    }
                }
            }
            // Modules drawn where the matrix says, black on white.
            for y in 0..matrix.width {
                for x in 0..matrix.width {
                    let p = img.get_pixel((x as u32 + 4) * px, (y as u32 + 4) * px).0[0];
                    assert_eq!(p, if matrix.is_dark(x, y) { 0 } else { 255 });
                }
            }
        }
    }

    #[test]
    fn qr_uses_level_m() {
        // Version 1 holds 14 bytes at level M, 17 at L: 16 bytes need version 2 at M.
        assert_eq!(qr_modules("abcdefghijklmn").unwrap().width, 21);
        assert_eq!(qr_modules("abcdefghijklmnop").unwrap().width, 25);
    }

    #[test]
    fn qr_refuses_bad_module_size_and_huge_payload() {
        assert_eq!(
            render_qr_png("x", 0),
            Err(BrCodeError::BadModuleSize { given: 0 })
        );
        assert_eq!(
            render_qr_png("x", MAX_MODULE_PIXELS + 1),
            Err(BrCodeError::BadModuleSize {
                given: MAX_MODULE_PIXELS + 1
            })
        );
        let huge = "x".repeat(5000);
        assert!(matches!(
            qr_modules(&huge),
            Err(BrCodeError::QrEncode { .. })
        ));
        assert!(matches!(
            render_qr_png(&huge, 2),
            Err(BrCodeError::QrEncode { .. })
        ));
    }

    // ----- PIX keys ------------------------------------------------------

    fn key(raw: &str) -> PixKey {
        PixKey::parse(raw).unwrap_or_else(|e| panic!("{raw}: {e}"))
    }

    fn key_err(raw: &str) -> PixKeyError {
        match PixKey::parse(raw) {
            Ok(k) => panic!("{raw} accepted as {k:?}"),
            Err(e) => e,
        }
    }

    #[test]
    fn cpf_valid() {
        assert_eq!(key("529.982.247-25"), PixKey::Cpf("52998224725".into()));
        assert_eq!(key("52998224725"), PixKey::Cpf("52998224725".into()));
        assert_eq!(key(" 529 982 247 25 "), PixKey::Cpf("52998224725".into()));
        assert_eq!(key("111.444.777-35").as_str(), "11144477735");
        // First check digit is 0 (remainder 10).
        assert_eq!(key("123.456.789-09").kind_name(), "CPF");
    }

    #[test]
    fn cpf_invalid() {
        assert_eq!(key_err("529.982.247-24"), PixKeyError::CpfCheckDigits);
        assert_eq!(key_err("529.982.247-35"), PixKeyError::CpfCheckDigits);
        assert_eq!(key_err("52998224752"), PixKeyError::CpfCheckDigits);
        assert_eq!(key_err("111.111.111-11"), PixKeyError::CpfRepeated);
        assert_eq!(key_err("00000000000"), PixKeyError::CpfRepeated);
        assert!(
            key_err("52998224724")
                .to_string()
                .contains("CPF check digits do not match")
        );
        // A phone without +55 is 11 bare digits: read as a CPF, and the
        // message points to +55.
        assert!(key_err("11987654321").to_string().contains("+55"));
        assert_eq!(
            key_err("5299822472"),
            PixKeyError::WrongDigitCount { given: 10 }
        );
        assert_eq!(
            key_err("529982247255"),
            PixKeyError::WrongDigitCount { given: 12 }
        );
    }

    #[test]
    fn cnpj_valid() {
        assert_eq!(
            key("11.222.333/0001-81"),
            PixKey::Cnpj("11222333000181".into())
        );
        assert_eq!(key("11222333000181").kind_name(), "CNPJ");
        // The Receita Federal example of an alphanumeric CNPJ.
        assert_eq!(
            key("12.ABC.345/01DE-35"),
            PixKey::Cnpj("12ABC34501DE35".into())
        );
        assert_eq!(key("12.abc.345/01de-35").as_str(), "12ABC34501DE35");
    }

    #[test]
    fn cnpj_invalid() {
        assert_eq!(key_err("11.222.333/0001-82"), PixKeyError::CnpjCheckDigits);
        assert_eq!(key_err("11.222.333/0001-18"), PixKeyError::CnpjCheckDigits);
        assert_eq!(key_err("00.000.000/0000-00"), PixKeyError::CnpjRepeated);
        assert_eq!(key_err("12.ABC.345/01DE-36"), PixKeyError::CnpjCheckDigits);
        assert_eq!(key_err("12.ABC.345/01DE-3X"), PixKeyError::CnpjCheckDigits);
        assert!(
            key_err("11222333000182")
                .to_string()
                .contains("CNPJ check digits do not match")
        );
    }

    #[test]
    fn emails() {
        assert_eq!(
            key("Fulano.Tal@Example.com.br"),
            PixKey::Email("fulano.tal@example.com.br".into())
        );
        assert_eq!(key("a+b@x.io").kind_name(), "e-mail");
        let local = "a".repeat(MAX_EMAIL_CHARS - 6);
        assert!(PixKey::parse(&format!("{local}@x.com")).is_ok());
        assert_eq!(
            key_err(&format!("a{local}@x.com")),
            PixKeyError::EmailTooLong { given: 78 }
        );
        for bad in [
            "@example.com",
            "a@b@example.com",
            "fulano@example",
            "fulano @example.com",
            "fulano@exa mple.com",
            "fulano@.example.com",
            "fulano@example..com",
            "fulano@example.com.",
            "fulano@-example.com",
            "fulano@exa_mple.com",
            ".fulano@example.com",
            "ful..ano@example.com",
            "fu(lano@example.com",
            "joão@example.com",
            "fulano@",
        ] {
            assert!(
                matches!(key_err(bad), PixKeyError::EmailInvalid { .. }),
                "{bad}"
            );
        }
        assert!(
            key_err("fulano@example")
                .to_string()
                .contains("needs a dot")
        );
    }

    #[test]
    fn phones() {
        assert_eq!(
            key("+5511987654321"),
            PixKey::Phone("+5511987654321".into())
        );
        assert_eq!(key("+55 (11) 98765-4321").as_str(), "+5511987654321");
        assert_eq!(key("+55 61 3333-4444").as_str(), "+556133334444");
        assert_eq!(key("+55.21.99999.0000").kind_name(), "phone");
        assert_eq!(key_err("+1 415 555 0100"), PixKeyError::PhoneNotBrazilian);
        assert_eq!(
            key_err("+55 11 9876-432"),
            PixKeyError::PhoneWrongLength { given: 9 }
        );
        assert_eq!(
            key_err("+55 11 987654-3210"),
            PixKeyError::PhoneWrongLength { given: 12 }
        );
        assert_eq!(
            key_err("+55 01 98765-4321"),
            PixKeyError::PhoneBadAreaCode { code: "01".into() }
        );
        assert_eq!(key_err("+55 11 88765-4321"), PixKeyError::PhoneNotMobile);
        assert_eq!(
            key_err("+55 11 98765/4321"),
            PixKeyError::PhoneInvalidCharacter { found: '/' }
        );
        assert_eq!(
            key_err("(11) 98765-4321"),
            PixKeyError::PhoneMissingCountryCode
        );
        assert_eq!(key_err("+"), PixKeyError::PhoneNotBrazilian);
    }

    #[test]
    fn random_keys() {
        assert_eq!(
            key("123E4567-E89B-12D3-A456-426614174000"),
            PixKey::Random("123e4567-e89b-12d3-a456-426614174000".into())
        );
        assert_eq!(
            key("123e4567e89b12d3a456426614174000").as_str(),
            "123e4567-e89b-12d3-a456-426614174000"
        );
        assert_eq!(
            key(" 123e4567-e12b-12d1-a456-426655440000 ").kind_name(),
            "random key"
        );
        for bad in [
            "123e4567-e89b-12d3-a456-42661417400",
            "123e4567-e89b-12d3-a456-4266141740000",
            "123e4567e89b-12d3-a456-4266141740000",
            "123e4567-e89b-12d3-a456426614174000",
            "123e-4567-e89b-12d3-a456-426614174000",
        ] {
            assert_eq!(key_err(bad), PixKeyError::RandomKeyInvalid, "{bad}");
        }
    }

    #[test]
    fn other_inputs() {
        assert_eq!(key_err(""), PixKeyError::Empty);
        assert_eq!(key_err("   "), PixKeyError::Empty);
        assert_eq!(
            key_err("fulano"),
            PixKeyError::Unrecognised {
                input: "fulano".into()
            }
        );
        assert!(key_err("fulano").to_string().contains("not a PIX key"));
        assert_eq!(key("529.982.247-25").to_string(), "52998224725");
    }
}
