//! Registering an account: its API key and public key checked, and the
//! demo data when asked for.

use std::sync::Arc;

use super::defaults::DEMO_TAX_ID;
use super::error::SandboxError;
use super::state::{Account, AccountData, Shared};
use super::{demo, keys, nonces};

/// Registers an account (shared by the handle and `POST /sandbox/keys`).
pub(crate) fn register(
    shared: &Shared,
    api_key: &str,
    public_key_pem: &str,
    seed_demo: bool,
) -> Result<(), SandboxError> {
    let api_key_ok = !api_key.is_empty()
        && api_key.len() <= 200
        && api_key.bytes().all(|byte| byte.is_ascii_graphic());
    if !api_key_ok {
        return Err(SandboxError::InvalidApiKey(
            "1 to 200 visible ASCII characters, no spaces".to_owned(),
        ));
    }
    let decoding_key = keys::parse_public_key(public_key_pem)?;
    let now = shared.clock.now();
    let mut world = shared.lock();
    if let Some(existing) = world.accounts.get(api_key) {
        return if existing.public_key_pem.trim() == public_key_pem.trim() {
            Ok(())
        } else {
            Err(SandboxError::ApiKeyTaken(api_key.to_owned()))
        };
    }
    let mut data = AccountData::default();
    if seed_demo {
        demo::seed(&mut data, now, shared.settings.order_expiry);
    }
    world.accounts.insert(
        api_key.to_owned(),
        Account {
            public_key_pem: public_key_pem.to_owned(),
            decoding_key: Arc::new(decoding_key),
            seed_demo,
            tax_id: DEMO_TAX_ID.to_owned(),
            nonces: nonces::NonceStore::default(),
            data,
        },
    );
    Ok(())
}
