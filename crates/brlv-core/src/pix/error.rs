//! What can be wrong with a BR Code, from reading its fields to drawing its QR.

use rust_decimal::Decimal;

use crate::money::{NumberFormat, format_brl};

/// Largest module size `render_qr_png` draws, in pixels.
pub const MAX_MODULE_PIXELS: u32 = 64;

/// Why a BR Code was refused, or could not be made or drawn. Every message
/// says what is wrong and what to do.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BrCodeError {
    /// Nothing was given.
    #[error("The Pix code is empty; paste the whole copy-and-paste code.")]
    Empty,
    /// The field structure is broken.
    #[error(
        "This is not a valid Pix code: {detail} (at character {position}). Copy the whole \
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
        "This Pix code has no check code at its end (field 63), so it may have been cut off. \
         Copy the whole code again."
    )]
    MissingCrc,
    /// The CRC does not match the contents.
    #[error(
        "This Pix code is damaged or was altered: its check code is {found}, but its \
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
        "This Pix code has field {id} more than once, so apps could read it differently. \
         Do not pay it; ask the receiver for a new code."
    )]
    DuplicateField {
        /// The repeated field ID.
        id: String,
    },
    /// Field 00 is not `01`.
    #[error(
        "This code's format version is \u{201c}{found}\u{201d}, not 01, so it is not a Pix \
         code this app can read; ask the receiver for a Pix copy-and-paste code."
    )]
    UnsupportedFormat {
        /// The value of field 00.
        found: String,
    },
    /// No merchant account template with the Pix identifier.
    #[error(
        "This is a payment QR code but not a Pix one (it has no br.gov.bcb.pix account); \
         ask the receiver for a Pix code."
    )]
    NotPix,
    /// A required field is absent or empty.
    #[error("This Pix code lacks the {name} (field {id}); ask the receiver for a new code.")]
    MissingField {
        /// The field ID.
        id: &'static str,
        /// What the field holds.
        name: &'static str,
    },
    /// Field 53 is not BRL.
    #[error(
        "This code is in currency {found}, not Brazilian reais (986); it cannot be paid \
         with Pix. Ask the receiver for a code in reais."
    )]
    NotBrl {
        /// The value of field 53.
        found: String,
    },
    /// Field 54 is not a positive amount.
    #[error(
        "This Pix code's amount \u{201c}{found}\u{201d} is not a valid amount in reais; ask \
         the receiver for a new code."
    )]
    BadAmount {
        /// The value of field 54.
        found: String,
    },
    /// The code fixes no amount where one is required.
    #[error(
        "This Pix code does not fix an amount, so it could be paid with any amount. Use the \
         code issued for this order, which states the exact amount."
    )]
    MissingAmount,
    /// The code's amount differs from the expected one.
    #[error(
        "This Pix code asks for {} but this payment is {}. Do not pay it; use the code \
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
    #[error("Cannot make a Pix code: the {field} {problem}.")]
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
