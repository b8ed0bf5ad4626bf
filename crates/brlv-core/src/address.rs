//! EVM addresses: `0x` + 40 hex digits, with the EIP-55 checksum checked when
//! the case is mixed; and transaction hashes, `0x` + 64 hex digits.
//!
//! An address written all in lowercase or all in uppercase carries no
//! checksum and is accepted as it is; one in mixed case must match EIP-55
//! exactly, so a single mistyped letter is caught before money is sent to it.

use sha3::{Digest as _, Keccak256};

/// Hex digits in an address, after `0x`.
pub const ADDRESS_HEX_DIGITS: usize = 40;

/// Hex digits in a transaction hash, after `0x`.
pub const TX_HASH_HEX_DIGITS: usize = 64;

/// Why an address or transaction hash was refused. Every message says what is
/// wrong and what to do.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AddressError {
    /// Nothing was given.
    #[error("Enter a {what}: 0x followed by {expected} hex digits.")]
    Empty {
        /// "address" or "transaction hash".
        what: &'static str,
        /// Hex digits expected after `0x`.
        expected: usize,
    },
    /// Spaces or line breaks before or after.
    #[error("The {what} has spaces or line breaks before or after it; remove them.")]
    SurroundingSpace {
        /// "address" or "transaction hash".
        what: &'static str,
    },
    /// It does not start with lowercase `0x`.
    #[error(
        "The {what} must start with 0x (zero and a lowercase x), followed by {expected} hex \
         digits; add or correct the 0x at the start."
    )]
    MissingPrefix {
        /// "address" or "transaction hash".
        what: &'static str,
        /// Hex digits expected after `0x`.
        expected: usize,
    },
    /// A character that is not a hex digit.
    #[error(
        "The {what} contains \u{201c}{found}\u{201d} at position {position}, which is not a hex \
         digit (0-9, a-f); check for a typo or copy it again."
    )]
    InvalidCharacter {
        /// "address" or "transaction hash".
        what: &'static str,
        /// The first character refused.
        found: char,
        /// Its position, counting from 1, `0x` included.
        position: usize,
    },
    /// Too many or too few hex digits.
    #[error("{}", wrong_length_message(what, *expected, *given))]
    WrongLength {
        /// "address" or "transaction hash".
        what: &'static str,
        /// Hex digits expected after `0x`.
        expected: usize,
        /// Hex digits given after `0x`.
        given: usize,
    },
    /// Mixed case that does not match the EIP-55 checksum.
    #[error(
        "The address's mix of upper- and lowercase letters does not match its checksum \
         (EIP-55); check for a typo, or copy the address again from its source."
    )]
    BadChecksum,
}

fn wrong_length_message(what: &str, expected: usize, given: usize) -> String {
    let mut msg = format!(
        "The {what} needs exactly {expected} hex digits after 0x, but {given} were given; \
         check that it was copied whole."
    );
    if what == ADDRESS && given == TX_HASH_HEX_DIGITS {
        msg.push_str(" (64 digits is a transaction hash, not an address.)");
    }
    msg
}

const ADDRESS: &str = "address";
const TX_HASH: &str = "transaction hash";

/// Checks the shape `0x` + `expected` hex digits; returns the hex digits.
fn check_hex<'a>(
    raw: &'a str,
    what: &'static str,
    expected: usize,
) -> Result<&'a str, AddressError> {
    if raw.is_empty() {
        return Err(AddressError::Empty { what, expected });
    }
    if raw.trim() != raw {
        return Err(AddressError::SurroundingSpace { what });
    }
    let hex = raw
        .strip_prefix("0x")
        .ok_or(AddressError::MissingPrefix { what, expected })?;
    if let Some((i, found)) = hex
        .chars()
        .enumerate()
        .find(|(_, c)| !c.is_ascii_hexdigit())
    {
        return Err(AddressError::InvalidCharacter {
            what,
            found,
            position: i + 3,
        });
    }
    if hex.len() != expected {
        return Err(AddressError::WrongLength {
            what,
            expected,
            given: hex.len(),
        });
    }
    Ok(hex)
}

/// The EIP-55 form of 40 hex digits (any case), `0x` included.
fn checksummed(hex: &str) -> String {
    let lower = hex.to_ascii_lowercase();
    let hash = Keccak256::digest(lower.as_bytes());
    let mut out = String::with_capacity(2 + lower.len());
    out.push_str("0x");
    for (i, c) in lower.chars().enumerate() {
        let byte = hash[i / 2];
        let nibble = if i % 2 == 0 { byte >> 4 } else { byte & 0x0f };
        out.push(if nibble >= 8 {
            c.to_ascii_uppercase()
        } else {
            c
        });
    }
    out
}

/// Checks an EVM address: `0x` and exactly 40 hex digits. All-lowercase or
/// all-uppercase digits are accepted as they are; mixed case must match the
/// EIP-55 checksum. Surrounding spaces are refused, not trimmed.
pub fn validate_evm_address(raw: &str) -> Result<(), AddressError> {
    let hex = check_hex(raw, ADDRESS, ADDRESS_HEX_DIGITS)?;
    let has_lower = hex.bytes().any(|b| b.is_ascii_lowercase());
    let has_upper = hex.bytes().any(|b| b.is_ascii_uppercase());
    if has_lower && has_upper && checksummed(hex)[2..] != *hex {
        return Err(AddressError::BadChecksum);
    }
    Ok(())
}

/// The EIP-55 mixed-case form of a valid address; an invalid one (see
/// [`validate_evm_address`]) is returned unchanged.
pub fn to_checksum_address(raw: &str) -> String {
    match validate_evm_address(raw) {
        Ok(()) => checksummed(&raw[2..]),
        Err(_) => raw.to_owned(),
    }
}

/// Checks a transaction hash: `0x` and exactly 64 hex digits, any case.
pub fn validate_tx_hash(raw: &str) -> Result<(), AddressError> {
    check_hex(raw, TX_HASH, TX_HASH_HEX_DIGITS).map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The test vectors of EIP-55.
    const EIP55: [&str; 8] = [
        // All caps
        "0x52908400098527886E0F7030069857D2E4169EE7",
        "0x8617E340B3D01FA5F11F306F4090FD50E238070D",
        // All lower
        "0xde709f2102306220921060314715629080e2fb77",
        "0x27b1fdb04752bbc536007a920d24acb045561c26",
        // Normal
        "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
        "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
        "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
        "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
    ];

    #[test]
    fn eip55_vectors_are_valid_and_reproduced() {
        for a in EIP55 {
            assert_eq!(validate_evm_address(a), Ok(()), "{a}");
            assert_eq!(to_checksum_address(a), a, "{a}");
            assert_eq!(
                to_checksum_address(&a.to_ascii_lowercase().replace("0X", "0x")),
                a
            );
            let upper = format!("0x{}", a[2..].to_ascii_uppercase());
            assert_eq!(to_checksum_address(&upper), a);
        }
    }

    #[test]
    fn one_flipped_letter_fails_checksum() {
        for a in &EIP55[4..] {
            let mut flipped_any = 0;
            for (i, c) in a.char_indices().skip(2) {
                if !c.is_ascii_alphabetic() {
                    continue;
                }
                let flipped_char = if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                };
                let flipped = format!("{}{}{}", &a[..i], flipped_char, &a[i + 1..]);
                let lower = flipped[2..].bytes().any(|b| b.is_ascii_lowercase());
                let upper = flipped[2..].bytes().any(|b| b.is_ascii_uppercase());
                if lower && upper {
                    assert_eq!(
                        validate_evm_address(&flipped),
                        Err(AddressError::BadChecksum),
                        "{flipped}"
                    );
                    // Not "corrected" into something else either.
                    assert_eq!(to_checksum_address(&flipped), flipped);
                    flipped_any += 1;
                }
            }
            assert!(flipped_any > 10);
        }
    }

    #[test]
    fn all_lower_and_all_upper_need_no_checksum() {
        let a = "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed";
        assert_eq!(validate_evm_address(a), Ok(()));
        assert_eq!(
            validate_evm_address("0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED"),
            Ok(())
        );
        // Only digits: no case at all.
        assert_eq!(
            validate_evm_address("0x0000000000000000000000000000000000000000"),
            Ok(())
        );
        assert_eq!(
            to_checksum_address("0x0000000000000000000000000000000000000000"),
            "0x0000000000000000000000000000000000000000"
        );
    }

    #[test]
    fn refuses_missing_prefix() {
        let bare = "5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
        assert_eq!(
            validate_evm_address(bare),
            Err(AddressError::MissingPrefix {
                what: "address",
                expected: 40
            })
        );
        assert!(matches!(
            validate_evm_address("0X5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"),
            Err(AddressError::MissingPrefix { .. })
        ));
        assert_eq!(to_checksum_address(bare), bare);
    }

    #[test]
    fn refuses_wrong_length_saying_how_many() {
        let e = validate_evm_address("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe").unwrap_err();
        assert_eq!(
            e,
            AddressError::WrongLength {
                what: "address",
                expected: 40,
                given: 39
            }
        );
        assert!(e.to_string().contains("39 were given"), "{e}");
        assert!(matches!(
            validate_evm_address("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAedd"),
            Err(AddressError::WrongLength { given: 41, .. })
        ));
        assert!(matches!(
            validate_evm_address("0x"),
            Err(AddressError::WrongLength { given: 0, .. })
        ));
        let hash = format!("0x{}", "ab".repeat(32));
        let e = validate_evm_address(&hash).unwrap_err();
        assert!(e.to_string().contains("transaction hash"), "{e}");
    }

    #[test]
    fn refuses_non_hex_saying_which() {
        let e = validate_evm_address("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg").unwrap_err();
        assert_eq!(
            e,
            AddressError::InvalidCharacter {
                what: "address",
                found: 'g',
                position: 42
            }
        );
        assert!(e.to_string().contains("\u{201c}g\u{201d}"), "{e}");
        assert!(matches!(
            validate_evm_address("0xO000000000000000000000000000000000000000"),
            Err(AddressError::InvalidCharacter {
                found: 'O',
                position: 3,
                ..
            })
        ));
        assert!(matches!(
            validate_evm_address("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAé"),
            Err(AddressError::InvalidCharacter { found: 'é', .. })
        ));
    }

    #[test]
    fn refuses_empty_and_spaces() {
        assert!(matches!(
            validate_evm_address(""),
            Err(AddressError::Empty { .. })
        ));
        assert_eq!(
            validate_evm_address(" 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"),
            Err(AddressError::SurroundingSpace { what: "address" })
        );
        assert_eq!(
            validate_evm_address("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed\n"),
            Err(AddressError::SurroundingSpace { what: "address" })
        );
    }

    #[test]
    fn checksum_message_says_typo() {
        let e = validate_evm_address("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD").unwrap_err();
        assert_eq!(e, AddressError::BadChecksum);
        assert!(e.to_string().contains("typo"));
    }

    #[test]
    fn tx_hashes() {
        let h = "0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944b";
        assert_eq!(validate_tx_hash(h), Ok(()));
        assert_eq!(
            validate_tx_hash(&h.to_ascii_uppercase().replace("0X", "0x")),
            Ok(())
        );
        assert_eq!(
            validate_tx_hash(&h[..65]),
            Err(AddressError::WrongLength {
                what: "transaction hash",
                expected: 64,
                given: 63
            })
        );
        assert!(matches!(
            validate_tx_hash(&h[2..]),
            Err(AddressError::MissingPrefix { expected: 64, .. })
        ));
        assert!(matches!(
            validate_tx_hash(&h.replace('f', "x")),
            Err(AddressError::InvalidCharacter { found: 'x', .. })
        ));
        assert!(matches!(
            validate_tx_hash("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"),
            Err(AddressError::WrongLength { given: 40, .. })
        ));
        let e = validate_tx_hash("").unwrap_err();
        assert!(e.to_string().contains("transaction hash"), "{e}");
    }
}
