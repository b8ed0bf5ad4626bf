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

mod brcode;
mod error;
mod key;
mod qr;
mod tlv;

pub use brcode::{
    BrCode, BrCodeSpec, MAX_CITY_CHARS, MAX_NAME_CHARS, MAX_TXID_CHARS, PIX_GUI, build_brcode,
    sanitize_text, try_build_brcode, verify_payment_code,
};
pub use error::{BrCodeError, MAX_MODULE_PIXELS};
pub use key::{MAX_EMAIL_CHARS, PixKey, PixKeyError, PixKeyKind};
pub use qr::{QR_QUIET_ZONE_MODULES, QrMatrix, qr_modules, render_qr_png};
pub use tlv::brcode_crc;

#[cfg(test)]
mod tests;
