//! PIX: BR Code (EMV merchant-presented QR payload) building, parsing and CRC
//! check, QR rendering, and PIX key validation.
//!
//! STUB: signatures agreed; bodies to be written (pure-modules work).

use rust_decimal::Decimal;

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

/// Why a BR Code was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BrCodeError {
    /// Placeholder until written.
    #[error("BR Code support is not written yet")]
    NotWritten,
}

/// Builds the copy-and-paste payload, CRC included.
pub fn build_brcode(_spec: &BrCodeSpec) -> String {
    String::new()
}

impl BrCode {
    /// Parses a payload and checks its CRC16.
    pub fn parse(_payload: &str) -> Result<BrCode, BrCodeError> {
        Err(BrCodeError::NotWritten)
    }
}

/// Checks a brcode before it is shown as a QR to pay: CRC valid and amount equal to `expected`.
pub fn verify_payment_code(_payload: &str, _expected: Decimal) -> Result<BrCode, BrCodeError> {
    Err(BrCodeError::NotWritten)
}

/// Renders `payload` as a PNG QR code with its quiet zone.
pub fn render_qr_png(_payload: &str, _module_pixels: u32) -> Result<Vec<u8>, BrCodeError> {
    Err(BrCodeError::NotWritten)
}

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

/// Why a PIX key was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PixKeyError {
    /// Placeholder until written.
    #[error("PIX key validation is not written yet")]
    NotWritten,
}

impl PixKey {
    /// Validates and normalises a PIX key as a person types it.
    pub fn parse(_raw: &str) -> Result<PixKey, PixKeyError> {
        Err(PixKeyError::NotWritten)
    }
}
