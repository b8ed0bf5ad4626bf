//! EVM addresses: `0x` + 40 hex digits, with the EIP-55 checksum checked when
//! the case is mixed.
//!
//! STUB: signatures agreed; bodies to be written (pure-modules work).

/// Why an address was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AddressError {
    /// Placeholder until written.
    #[error("address validation is not written yet")]
    NotWritten,
}

/// Checks an EVM address.
pub fn validate_evm_address(_raw: &str) -> Result<(), AddressError> {
    Err(AddressError::NotWritten)
}

/// The EIP-55 mixed-case form of a valid address.
pub fn to_checksum_address(raw: &str) -> String {
    raw.to_owned()
}
