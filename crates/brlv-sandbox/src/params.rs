//! What a handler reads from a request beyond its body: a path parameter,
//! the query string's pairs, an `{asset}` path segment.

use axum::extract::Path;
use axum::extract::rejection::PathRejection;

use brlv_core::api::model::Asset;

use super::error::ApiError;

/// A path parameter, or a 400 naming why it could not be read.
pub(crate) fn path_param(param: Result<Path<String>, PathRejection>) -> Result<String, ApiError> {
    param
        .map(|Path(value)| value)
        .map_err(|rejection| ApiError::bad_request("invalid-path", rejection.body_text()))
}

/// The query string's pairs, percent-decoded, repeated keys kept.
pub(crate) fn query_pairs(query: Option<&str>) -> Vec<(String, String)> {
    query
        .map(|query| {
            url::form_urlencoded::parse(query.as_bytes())
                .into_owned()
                .collect()
        })
        .unwrap_or_default()
}

/// An `{asset}` path segment: a full asset id (percent-encoded as one segment,
/// e.g. `fiat%2Fbrl`) or a short form naming a family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum AssetSelector {
    /// One asset.
    Exact(Asset),
    /// Every on-chain asset with this ticker (`USDC`, `USDT`, `BRLV`).
    Ticker(&'static str),
}

impl AssetSelector {
    /// Reads a path segment; `short_forms` are the short names this endpoint accepts.
    pub(crate) fn parse(raw: &str, short_forms: &[&str]) -> Result<Self, ApiError> {
        let lower = raw.to_ascii_lowercase();
        if short_forms.contains(&lower.as_str()) {
            return Ok(match lower.as_str() {
                "brl" => AssetSelector::Exact(Asset::FiatBrl),
                "usd" => AssetSelector::Exact(Asset::FiatUsd),
                "usdc" => AssetSelector::Ticker("USDC"),
                "usdt" => AssetSelector::Ticker("USDT"),
                _ => AssetSelector::Ticker("BRLV"),
            });
        }
        let asset = Asset::from_wire(raw);
        if asset.is_known() {
            return Ok(AssetSelector::Exact(asset));
        }
        Err(ApiError::bad_request(
            "unknown-asset",
            format!(
                "`asset`: {raw:?} is neither an asset id nor one of {}",
                short_forms.join(", ")
            ),
        ))
    }

    /// Whether `asset` is selected.
    pub(crate) fn matches(&self, asset: &Asset) -> bool {
        match self {
            AssetSelector::Exact(exact) => exact == asset,
            AssetSelector::Ticker(ticker) => !asset.is_fiat() && asset.ticker() == *ticker,
        }
    }

    /// Places a balance of this selection is rendered at (spec 2.8).
    pub(crate) fn scale(&self) -> u32 {
        match self {
            AssetSelector::Exact(asset) => asset.scale(),
            AssetSelector::Ticker("USDC" | "USDT") => 6,
            AssetSelector::Ticker(_) => 18,
        }
    }
}
