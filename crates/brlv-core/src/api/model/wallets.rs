//! Wallets (spec 2.4) and their endpoints (4.3).

use serde::{Deserialize, Serialize};
use serde_with::skip_serializing_none;

use super::assets::{Asset, Chain};
use super::common::envelope;
use crate::api::safe_text;

/// Free-form JSON object, as the spec's wallet `metadata`.
pub type JsonObject = serde_json::Map<String, serde_json::Value>;

/// A wallet as listed (spec 2.4).
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Wallet {
    /// Wallet name, made safe to show.
    #[serde(default, deserialize_with = "safe_text::deserialize_label_option")]
    pub name: Option<String>,
    /// 0x address, made safe to show.
    #[serde(deserialize_with = "safe_text::deserialize_label")]
    pub address: String,
    /// Assets the wallet holds.
    #[serde(default)]
    pub assets: Vec<Asset>,
    /// Visible in the service's own user interface.
    pub ui_enabled: Option<bool>,
    /// Custom data given at creation, its keys and strings made safe to show.
    #[serde(
        default,
        deserialize_with = "safe_text::deserialize_json_object_option"
    )]
    pub metadata: Option<JsonObject>,
}

/// The wallet a creation returns: only its address and assets (spec 2.4).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct CreatedWallet {
    /// 0x address of the new wallet, made safe to show.
    #[serde(deserialize_with = "safe_text::deserialize_label")]
    pub address: String,
    /// Default assets it was created with.
    #[serde(default)]
    pub assets: Vec<Asset>,
}

/// Body of `POST /api/v0/wallets` (spec 4.3).
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct CreateWallet {
    /// Name of the wallet.
    pub wallet_name: String,
    /// Chain to create it on; when left out the service picks its default
    /// (its own client never sends one).
    pub chain: Option<Chain>,
    /// Custom data.
    pub metadata: Option<JsonObject>,
    /// Visible in the service's user interface (default false).
    pub ui_enabled: Option<bool>,
}

/// Query filters of `GET /api/v0/wallets` (spec 4.3): arrays as repeated keys.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WalletFilter {
    /// Only wallets holding any of these assets.
    pub assets: Vec<Asset>,
    /// Only these addresses.
    pub addresses: Vec<String>,
}

impl WalletFilter {
    /// The filter as query pairs, one pair per array element.
    pub fn to_query(&self) -> Vec<(&'static str, String)> {
        self.assets
            .iter()
            .map(|asset| ("assets", asset.as_str().to_owned()))
            .chain(
                self.addresses
                    .iter()
                    .map(|address| ("addresses", address.clone())),
            )
            .collect()
    }
}

envelope!(
    /// `{wallet: {address, assets}}`.
    CreatedWalletEnvelope { "wallet" => wallet: CreatedWallet }
);

envelope!(
    /// `{wallets: [Wallet]}`.
    WalletsEnvelope { "wallets" => wallets: Vec<Wallet> }
);
