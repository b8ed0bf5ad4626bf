//! The TLV layer of a BR Code: ID-length-value fields, and the CRC16 that
//! closes every code.

use crc::{CRC_16_IBM_3740, Crc};

use super::error::BrCodeError;

/// The CRC the BR Code uses: CRC16/CCITT-FALSE (poly 0x1021, init 0xFFFF).
const CRC16: Crc<u16> = Crc::<u16>::new(&CRC_16_IBM_3740);

/// One ID-length-value field.
#[derive(Debug)]
pub(super) struct Field<'a> {
    pub(super) id: &'a str,
    pub(super) value: &'a str,
    /// Character position of the value, from 1.
    pub(super) value_pos: usize,
    /// Byte offset of the value in the text parsed.
    pub(super) value_byte: usize,
}

/// Splits `text` into fields; `base` is the character position of `text`'s
/// first character, for error messages.
pub(super) fn parse_tlv(text: &str, base: usize) -> Result<Vec<Field<'_>>, BrCodeError> {
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

pub(super) fn find<'a>(fields: &'a [Field<'a>], id: &str) -> Option<&'a Field<'a>> {
    fields.iter().find(|f| f.id == id)
}

pub(super) fn required<'a>(
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
pub(super) fn push_field(out: &mut String, id: &str, value: &str) {
    out.push_str(id);
    out.push_str(&format!("{:02}", value.chars().count()));
    out.push_str(value);
}

/// The CRC16 of a BR Code, 4 uppercase hex digits.
pub fn brcode_crc(data: &str) -> String {
    format!("{:04X}", CRC16.checksum(data.as_bytes()))
}
