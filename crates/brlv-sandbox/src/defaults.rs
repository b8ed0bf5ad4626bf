//! What the sandbox sets for every account where the spec is silent: the
//! whitelisted external addresses, the PIX key its BR Codes pay to, the
//! chain of a wallet created without one, and the CPF registered.

use brlv_core::api::model::Chain;

/// An external address every account has whitelisted, FX orders included
/// (BRL→USDC may deliver there).
pub const WHITELISTED_FX_ADDRESS: &str = "0xfeedfacefeedfacefeedfacefeedfacefeedface";

/// An external address every account has whitelisted for token orders but not
/// for FX orders: a BRL→BRLV order may deliver there, a BRL→USDC order may not.
pub const WHITELISTED_ADDRESS: &str = "0xdeadbeefdeadbeefdeadbeefdeadbeefdeadbeef";

/// The PIX key (a random key) the sandbox's BR Codes pay to.
pub const SANDBOX_RECEIVING_PIX_KEY: &str = "7d9f0335-8dcc-4054-9bf9-0dbd61d36906";

/// The chain of a wallet created without `chain`. The service's own client
/// never sends one, so the service evidently defaults it; Base is the chain
/// where every token operation of the interface works (transfers are Base
/// only, and wBRLY exists only there).
pub const DEFAULT_WALLET_CHAIN: Chain = Chain::EthBase;

/// The CPF registered on every sandbox account; a `target-end-user-pix-key`
/// that is a CPF or CNPJ must equal it (spec 4.1).
pub const DEMO_TAX_ID: &str = "12345678909";
