//! Request bodies read field by field, so that every refusal names the field.
//!
//! serde's own errors say "invalid type at line 1 column 40"; a person fixing an
//! integration needs "field `amount`: must be a JSON string holding a decimal".
//! Each parser here checks presence, JSON type and format of every field, then
//! builds the shared `api::model` request type, so the sandbox accepts exactly
//! what the client sends.

use rust_decimal::Decimal;
use serde_json::{Map, Value};
use uuid::Uuid;

use super::error::ApiError;
use brlv_core::address;
use brlv_core::api::model::{
    AmountError, Asset, Chain, ClaimTarget, CreateClaim, CreateOrder, CreateQuote, CreateTransfer,
    CreateWallet, CreateWithdrawal, JsonObject, PaymentMethod, TED_ACCOUNT_FIELDS, TedAccount,
    TedFieldError, TradeReason, WithdrawalMethod, parse_wire_amount,
};
use brlv_core::api::payout;
use brlv_core::pix::PixKey;

/// The largest amount one request may move, so that balances stay representable
/// at 18 decimal places (rust_decimal holds 28 significant digits).
pub(crate) const MAX_AMOUNT: Decimal = Decimal::from_parts(1_000_000_000, 0, 0, false, 0);

/// A JSON object body, read field by field.
pub(crate) struct JsonBody {
    fields: Map<String, Value>,
}

impl JsonBody {
    /// Parses the raw bytes; anything but a JSON object is refused.
    pub(crate) fn parse(bytes: &[u8]) -> Result<Self, ApiError> {
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Err(ApiError::bad_request(
                "missing-body",
                "the request body is empty; a JSON object is required",
            ));
        }
        match serde_json::from_slice::<Value>(bytes) {
            Ok(Value::Object(fields)) => Ok(JsonBody { fields }),
            Ok(_) => Err(ApiError::bad_request(
                "malformed-json",
                "the request body must be a JSON object",
            )),
            Err(error) => Err(ApiError::bad_request(
                "malformed-json",
                format!("the request body is not valid JSON: {error}"),
            )),
        }
    }

    /// A field, with JSON `null` read as absent.
    fn get(&self, field: &str) -> Option<&Value> {
        self.fields.get(field).filter(|value| !value.is_null())
    }

    fn missing(field: &str) -> ApiError {
        ApiError::bad_request("missing-field", format!("field `{field}` is required"))
    }

    fn wrong_type(field: &str, expected: &str) -> ApiError {
        ApiError::bad_request(
            "invalid-field-type",
            format!("field `{field}` must be {expected}"),
        )
    }

    /// An optional string field.
    pub(crate) fn optional_str(&self, field: &str) -> Result<Option<&str>, ApiError> {
        match self.get(field) {
            None => Ok(None),
            Some(Value::String(text)) => Ok(Some(text.as_str())),
            Some(_) => Err(Self::wrong_type(field, "a string")),
        }
    }

    /// A required string field.
    pub(crate) fn required_str(&self, field: &str) -> Result<&str, ApiError> {
        self.optional_str(field)?
            .ok_or_else(|| Self::missing(field))
    }

    /// An optional boolean field.
    pub(crate) fn optional_bool(&self, field: &str) -> Result<Option<bool>, ApiError> {
        match self.get(field) {
            None => Ok(None),
            Some(Value::Bool(flag)) => Ok(Some(*flag)),
            Some(_) => Err(Self::wrong_type(field, "true or false")),
        }
    }

    /// An optional JSON object field.
    pub(crate) fn optional_object(&self, field: &str) -> Result<Option<JsonObject>, ApiError> {
        match self.get(field) {
            None => Ok(None),
            Some(Value::Object(object)) => Ok(Some(object.clone())),
            Some(_) => Err(Self::wrong_type(field, "a JSON object")),
        }
    }

    /// An optional non-negative integer field.
    pub(crate) fn optional_u64(&self, field: &str) -> Result<Option<u64>, ApiError> {
        match self.get(field) {
            None => Ok(None),
            Some(value) => value
                .as_u64()
                .map(Some)
                .ok_or_else(|| Self::wrong_type(field, "a non-negative whole number")),
        }
    }

    /// A required UUID string.
    pub(crate) fn required_uuid(&self, field: &str) -> Result<Uuid, ApiError> {
        let raw = self.required_str(field)?;
        parse_uuid(field, raw)
    }

    /// A required asset identifier of spec 2.1.
    pub(crate) fn required_asset(&self, field: &str) -> Result<Asset, ApiError> {
        let raw = self.required_str(field)?;
        parse_asset(field, raw)
    }

    /// An optional amount at `scale` places.
    pub(crate) fn optional_amount(
        &self,
        field: &str,
        scale: u32,
    ) -> Result<Option<Decimal>, ApiError> {
        let Some(raw) = self.get(field) else {
            return Ok(None);
        };
        let Value::String(raw) = raw else {
            return Err(Self::wrong_type(
                field,
                "a JSON string holding a decimal number, e.g. \"12.50\"",
            ));
        };
        parse_amount(field, raw, scale).map(Some)
    }

    /// A required amount at `scale` places.
    pub(crate) fn required_amount(&self, field: &str, scale: u32) -> Result<Decimal, ApiError> {
        self.optional_amount(field, scale)?
            .ok_or_else(|| Self::missing(field))
    }

    /// An optional EVM address, validated.
    pub(crate) fn optional_address(&self, field: &str) -> Result<Option<String>, ApiError> {
        match self.optional_str(field)? {
            None => Ok(None),
            Some(raw) => parse_address(field, raw).map(Some),
        }
    }

    /// A required EVM address, validated.
    pub(crate) fn required_address(&self, field: &str) -> Result<String, ApiError> {
        self.optional_address(field)?
            .ok_or_else(|| Self::missing(field))
    }
}

/// Parses a UUID, naming `field` when it is not one.
pub(crate) fn parse_uuid(field: &str, raw: &str) -> Result<Uuid, ApiError> {
    Uuid::parse_str(raw).map_err(|_| {
        ApiError::bad_request(
            "invalid-uuid",
            format!("`{field}` must be a UUID, got {raw:?}"),
        )
    })
}

/// Parses one of the 11 asset identifiers of spec 2.1.
pub(crate) fn parse_asset(field: &str, raw: &str) -> Result<Asset, ApiError> {
    let asset = Asset::from_wire(raw);
    if asset.is_known() {
        Ok(asset)
    } else {
        Err(ApiError::bad_request(
            "unknown-asset",
            format!(
                "`{field}`: {raw:?} is not an asset of this service (e.g. \"fiat/brl\", \"eth-base/brlv\")"
            ),
        ))
    }
}

/// Parses an amount as the wire carries it, at most `scale` places, positive, and at most [`MAX_AMOUNT`].
pub(crate) fn parse_amount(field: &str, raw: &str, scale: u32) -> Result<Decimal, ApiError> {
    // rust_decimal also reads "1e3"; the wire carries plain decimals only.
    let plain = raw
        .trim()
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '.' | '-' | '+'));
    if !plain {
        return Err(ApiError::bad_amount(
            field,
            &AmountError::NotADecimal(raw.to_owned()),
        ));
    }
    let amount =
        parse_wire_amount(raw, scale).map_err(|error| ApiError::bad_amount(field, &error))?;
    if amount > MAX_AMOUNT {
        return Err(ApiError::unprocessable(
            "amount-too-large",
            format!("field `{field}`: the sandbox accepts at most {MAX_AMOUNT} per operation"),
        ));
    }
    Ok(amount)
}

/// Validates an EVM address, naming `field` when it is refused.
pub(crate) fn parse_address(field: &str, raw: &str) -> Result<String, ApiError> {
    address::validate_evm_address(raw).map_err(|error| {
        ApiError::bad_request(
            "invalid-address",
            format!("`{field}`: {raw:?} is not a valid EVM address ({error})"),
        )
    })?;
    Ok(raw.to_owned())
}

/// `POST /api/v0/quotes`: both assets, exactly one amount at its asset's scale.
pub(crate) fn create_quote(body: &JsonBody) -> Result<CreateQuote, ApiError> {
    let source_asset = body.required_asset("source-asset")?;
    let target_asset = body.required_asset("target-asset")?;
    let source_amount = body.optional_amount("source-amount", source_asset.scale())?;
    let target_amount = body.optional_amount("target-amount", target_asset.scale())?;
    if source_amount.is_some() == target_amount.is_some() {
        return Err(ApiError::bad_request(
            "missing-field",
            "exactly one of `source-amount` and `target-amount` is required",
        ));
    }
    let trade_reason = match body.optional_str("trade-reason")? {
        None => None,
        Some(raw) => Some(parse_trade_reason(raw)?),
    };
    Ok(CreateQuote {
        source_asset,
        target_asset,
        source_amount,
        target_amount,
        trade_reason,
    })
}

/// Longest `trade-reason` accepted, in characters.
const MAX_TRADE_REASON_CHARS: usize = 100;

/// A `trade-reason`: any lowercase kebab-case code, since the service's set of
/// values is not known; the one its client sends is [`TradeReason::KNOWN`].
fn parse_trade_reason(raw: &str) -> Result<TradeReason, ApiError> {
    let kebab = !raw.is_empty()
        && raw.len() <= MAX_TRADE_REASON_CHARS
        && raw
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !raw.starts_with('-')
        && !raw.ends_with('-');
    if kebab {
        Ok(TradeReason::from_wire(raw))
    } else {
        Err(ApiError::bad_request(
            "invalid-trade-reason",
            format!(
                "`trade-reason` must be a lowercase kebab-case code of at most \
                 {MAX_TRADE_REASON_CHARS} characters, such as \"{}\", got {raw:?}",
                TradeReason::PurchaseOrSaleOfComputingServices
            ),
        ))
    }
}

/// `POST /api/v0/orders` (spec 4.1); the address rules need the quote and are checked later.
pub(crate) fn create_order(body: &JsonBody) -> Result<CreateOrder, ApiError> {
    let quote_id = body.required_uuid("quote-id")?;
    let source_wallet_address = body.optional_address("source-wallet-address")?;
    let target_wallet_address = body.optional_address("target-wallet-address")?;
    let target_end_user_pix_key = body
        .optional_str("target-end-user-pix-key")?
        .map(str::to_owned);
    let source_payment_method = match body.optional_str("source-payment-method")? {
        None => None,
        Some(raw) => {
            let method = PaymentMethod::from_wire(raw);
            if !method.is_known() {
                return Err(ApiError::bad_request(
                    "unknown-payment-method",
                    format!(
                        "`source-payment-method` must be \"brcode\" or \"account-balance\", got {raw:?}"
                    ),
                ));
            }
            Some(method)
        }
    };
    Ok(CreateOrder {
        quote_id,
        source_wallet_address,
        target_wallet_address,
        target_end_user_pix_key,
        source_payment_method,
    })
}

/// `POST /api/v0/transfers` (spec 4.2).
pub(crate) fn create_transfer(body: &JsonBody) -> Result<CreateTransfer, ApiError> {
    let source_address = body.required_address("source-address")?;
    let asset = body.required_asset("asset")?;
    if !asset.is_transferable() {
        return Err(ApiError::bad_request(
            "asset-not-transferable",
            format!(
                "`asset`: transfers support only \"eth-base/brlv\" and \"eth-base/wbrly\", not {:?}",
                asset.as_str()
            ),
        ));
    }
    let amount = body.required_amount("amount", asset.scale())?;
    let target_address = body.required_address("target-address")?;
    Ok(CreateTransfer {
        source_address,
        asset,
        amount,
        target_address,
    })
}

/// `POST /api/v0/wallets` (spec 4.3).
pub(crate) fn create_wallet(body: &JsonBody) -> Result<CreateWallet, ApiError> {
    let wallet_name = body.required_str("wallet-name")?.trim().to_owned();
    if wallet_name.is_empty() || wallet_name.chars().count() > 100 {
        return Err(ApiError::bad_request(
            "invalid-wallet-name",
            "`wallet-name` must hold 1 to 100 characters",
        ));
    }
    let chain = match body.optional_str("chain")? {
        None => None,
        Some(raw_chain) => {
            let chain = Chain::from_wire(raw_chain);
            if !chain.is_known() {
                return Err(ApiError::bad_request(
                    "unknown-chain",
                    format!(
                        "`chain` must be \"tempo\", \"eth-mainnet\" or \"eth-base\", got {raw_chain:?}"
                    ),
                ));
            }
            Some(chain)
        }
    };
    Ok(CreateWallet {
        wallet_name,
        chain,
        metadata: body.optional_object("metadata")?,
        ui_enabled: body.optional_bool("ui-enabled")?,
    })
}

/// `POST /api/v0/withdrawals` (spec 4.4), or its per-asset alias when
/// `path_asset` is the asset its path names (the body may then leave `asset`
/// out, as the service's own client does, or repeat it).
///
/// The method must suit the asset (422 otherwise) before its destination is
/// read, since which destination applies depends on the method: `pix-key`
/// for `pix`, the six bank account fields for `ted`, `target-address` for
/// `token`; each is required for its method and refused with any other.
pub(crate) fn create_withdrawal(
    body: &JsonBody,
    path_asset: Option<&Asset>,
) -> Result<CreateWithdrawal, ApiError> {
    let asset = match path_asset {
        None => body.required_asset("asset")?,
        Some(from_path) => {
            if let Some(raw) = body.optional_str("asset")? {
                let given = parse_asset("asset", raw)?;
                if given != *from_path {
                    return Err(ApiError::bad_request(
                        "asset-mismatch",
                        format!(
                            "`asset`: the body says {given} but the path says {from_path}; \
                             leave `asset` out of the body or make the two agree"
                        ),
                    ));
                }
            }
            from_path.clone()
        }
    };
    let raw_method = body.required_str("method")?;
    let method = WithdrawalMethod::from_wire(raw_method);
    if !method.is_known() {
        return Err(ApiError::bad_request(
            "unknown-method",
            format!("`method` must be \"pix\", \"ted\" or \"token\", got {raw_method:?}"),
        ));
    }
    let amount = body.required_amount("amount", asset.scale())?;
    check_method_suits_asset(&method, &asset)?;

    let pix_key = match method {
        WithdrawalMethod::Pix => Some(pix_key(body)?),
        _ => {
            refuse_foreign_field(body, "pix-key", "pix", &method)?;
            None
        }
    };
    let ted_account = match method {
        WithdrawalMethod::Ted => Some(ted_account(body)?),
        _ => {
            for field in TED_ACCOUNT_FIELDS {
                refuse_foreign_field(body, field, "ted", &method)?;
            }
            None
        }
    };
    let target_address = match method {
        WithdrawalMethod::Token => {
            Some(body.optional_address("target-address")?.ok_or_else(|| {
                ApiError::bad_request(
                    "missing-field",
                    "field `target-address` is required for the token method: the EVM \
                     address the tokens are sent to",
                )
            })?)
        }
        _ => {
            refuse_foreign_field(body, "target-address", "token", &method)?;
            None
        }
    };
    Ok(CreateWithdrawal {
        asset,
        method,
        amount,
        pix_key,
        ted_account,
        target_address,
    })
}

/// PIX and TED pay out BRL only; `token` pays out tokens only.
fn check_method_suits_asset(method: &WithdrawalMethod, asset: &Asset) -> Result<(), ApiError> {
    match method {
        WithdrawalMethod::Pix | WithdrawalMethod::Ted if *asset != Asset::FiatBrl => {
            Err(ApiError::unprocessable(
                "method-not-allowed-for-asset",
                format!("`method` {method} pays out only fiat/brl"),
            ))
        }
        WithdrawalMethod::Token if asset.is_fiat() => Err(ApiError::unprocessable(
            "method-not-allowed-for-asset",
            format!("`method` token pays out tokens, not {asset}"),
        )),
        _ => Ok(()),
    }
}

/// 400 when `field`, which only `owner` uses, comes with another method.
fn refuse_foreign_field(
    body: &JsonBody,
    field: &str,
    owner: &str,
    method: &WithdrawalMethod,
) -> Result<(), ApiError> {
    match body.get(field) {
        None => Ok(()),
        Some(_) => Err(ApiError::bad_request(
            "unexpected-field",
            format!("`{field}` is sent only with the {owner} method, not with {method}"),
        )),
    }
}

/// The `pix-key` of a `pix` withdrawal, required and valid; kept as sent.
fn pix_key(body: &JsonBody) -> Result<String, ApiError> {
    let raw = body.optional_str("pix-key")?.ok_or_else(|| {
        ApiError::bad_request(
            "missing-field",
            "field `pix-key` is required for the pix method",
        )
    })?;
    PixKey::parse_wire(raw).map_err(|error| {
        ApiError::bad_request(
            "invalid-pix-key",
            format!("`pix-key`: {raw:?} is not a valid PIX key ({error})"),
        )
    })?;
    Ok(raw.to_owned())
}

/// The destination account of a `ted` withdrawal: every field required and
/// checked by [`brlv_core::api::payout`]'s rules, in wire order; kept as sent.
fn ted_account(body: &JsonBody) -> Result<TedAccount, ApiError> {
    let field = |name: &str| {
        body.optional_str(name)?.ok_or_else(|| {
            ApiError::bad_request(
                "missing-field",
                format!(
                    "field `{name}` is required for the ted method, which pays into a bank \
                     account: `{}`",
                    TED_ACCOUNT_FIELDS.join("`, `")
                ),
            )
        })
    };
    let invalid = |error: TedFieldError| {
        let code = match error {
            TedFieldError::BankCode(_) => "invalid-bank-code",
            TedFieldError::Branch(_) => "invalid-branch",
            TedFieldError::Account(_) => "invalid-account",
            TedFieldError::AccountType(_) => "unknown-account-type",
            TedFieldError::Document(_) => "invalid-document",
            TedFieldError::Name => "invalid-name",
        };
        ApiError::bad_request(code, format!("`{}`: {error}", error.field()))
    };
    let bank_code = field("bank-code")?;
    payout::check_bank_code(bank_code).map_err(invalid)?;
    let branch = field("branch")?;
    payout::check_branch(branch).map_err(invalid)?;
    let account = field("account")?;
    payout::check_account(account).map_err(invalid)?;
    let account_type = payout::parse_account_type(field("account-type")?).map_err(invalid)?;
    let document = field("document")?;
    payout::check_document(document).map_err(invalid)?;
    let name = field("name")?;
    payout::check_holder_name(name).map_err(invalid)?;
    Ok(TedAccount {
        bank_code: bank_code.to_owned(),
        branch: branch.to_owned(),
        account: account.to_owned(),
        account_type,
        document: document.to_owned(),
        name: name.to_owned(),
    })
}

/// Claims are valued in BRL: amounts carry at most 2 places.
pub(crate) const CLAIM_SCALE: u32 = 2;

/// What a claim body looks like here, for those that send another contract's.
pub(crate) const CLAIM_FORM: &str = "the sandbox follows the interface document's claims, which \
     claim an amount from reward certificates: POST {\"amount\": \"100.00\", \
     \"target-asset-code\": \"brl\"} (or \"brlv\"); GET /api/v0/claims gives the claimable balance";

/// `POST /api/v0/claims` and its wallet form (spec 4.5).
pub(crate) fn create_claim(body: &JsonBody) -> Result<CreateClaim, ApiError> {
    // The service's own client claims by `operation-ids`, a contract the
    // interface document does not describe: say which one is spoken here.
    if body.get("operation-ids").is_some() {
        return Err(ApiError::bad_request(
            "unsupported-claim-form",
            format!("`operation-ids` is not accepted: {CLAIM_FORM}"),
        ));
    }
    let amount = body.required_amount("amount", CLAIM_SCALE)?;
    let raw_target = body.required_str("target-asset-code")?;
    let target_asset_code = ClaimTarget::from_wire(raw_target);
    if !target_asset_code.is_known() {
        return Err(ApiError::bad_request(
            "unknown-target-asset-code",
            format!("`target-asset-code` must be \"brl\" or \"brlv\", got {raw_target:?}"),
        ));
    }
    Ok(CreateClaim {
        amount,
        target_asset_code,
    })
}

/// The `/api/v0` endpoints that read a JSON body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RequestKind {
    /// `POST /api/v0/quotes`.
    Quote,
    /// `POST /api/v0/orders`.
    Order,
    /// `POST /api/v0/transfers`.
    Transfer,
    /// `POST /api/v0/wallets`.
    Wallet,
    /// `POST /api/v0/withdrawals`.
    Withdrawal,
    /// `POST /api/v0/claims` and `POST /api/v0/wallets/{address}/claims`.
    Claim,
}

impl RequestKind {
    /// Every kind, in the order above.
    pub const ALL: [RequestKind; 6] = [
        RequestKind::Quote,
        RequestKind::Order,
        RequestKind::Transfer,
        RequestKind::Wallet,
        RequestKind::Withdrawal,
        RequestKind::Claim,
    ];
}

/// A request body as the sandbox's handlers read it.
#[derive(Clone, Debug, PartialEq)]
pub enum RequestBody {
    /// A quote request.
    Quote(CreateQuote),
    /// An order.
    Order(CreateOrder),
    /// A transfer.
    Transfer(CreateTransfer),
    /// A wallet.
    Wallet(CreateWallet),
    /// A withdrawal.
    Withdrawal(CreateWithdrawal),
    /// A claim.
    Claim(CreateClaim),
}

/// Reads `bytes` as the body of a `kind` request through the same parsers the
/// handlers use, up to the rules that need an account. Public so that fuzzing
/// and tests reach the code that reads bytes from anyone on loopback.
pub fn decode_request_body(kind: RequestKind, bytes: &[u8]) -> Result<RequestBody, ApiError> {
    let body = JsonBody::parse(bytes)?;
    Ok(match kind {
        RequestKind::Quote => RequestBody::Quote(create_quote(&body)?),
        RequestKind::Order => RequestBody::Order(create_order(&body)?),
        RequestKind::Transfer => RequestBody::Transfer(create_transfer(&body)?),
        RequestKind::Wallet => RequestBody::Wallet(create_wallet(&body)?),
        RequestKind::Withdrawal => RequestBody::Withdrawal(create_withdrawal(&body, None)?),
        RequestKind::Claim => RequestBody::Claim(create_claim(&body)?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dec(raw: &str) -> Decimal {
        raw.parse().unwrap()
    }

    #[test]
    fn the_clients_own_bodies_parse_back_unchanged() {
        let order = CreateOrder {
            quote_id: Uuid::new_v4(),
            source_wallet_address: None,
            target_wallet_address: Some("0x52908400098527886e0f7030069857d2e4169ee7".into()),
            target_end_user_pix_key: None,
            source_payment_method: Some(PaymentMethod::Brcode),
        };
        let bytes = serde_json::to_vec(&order).unwrap();
        // The stubbed address validator refuses everything until `pure` lands;
        // only compare when it accepts.
        if address::validate_evm_address("0x52908400098527886e0f7030069857d2e4169ee7").is_ok() {
            assert_eq!(
                create_order(&JsonBody::parse(&bytes).unwrap()).unwrap(),
                order
            );
        }

        let ted = CreateWithdrawal::ted(
            dec("12.50"),
            TedAccount {
                bank_code: "341".into(),
                branch: "0001".into(),
                account: "12345-6".into(),
                account_type: brlv_core::api::model::BankAccountType::Savings,
                document: "52998224725".into(),
                name: "Maria Silva".into(),
            },
        );
        let token = CreateWithdrawal::token(
            Asset::EthBaseUsdc,
            dec("1.5"),
            "0x52908400098527886E0F7030069857D2E4169EE7".into(),
        );
        let pix = CreateWithdrawal::pix(dec("3.00"), "52998224725".into());
        for withdrawal in [ted, token, pix] {
            let bytes = serde_json::to_vec(&withdrawal).unwrap();
            assert_eq!(
                create_withdrawal(&JsonBody::parse(&bytes).unwrap(), None).unwrap(),
                withdrawal
            );
        }

        let quote = CreateQuote::paying(Asset::FiatBrl, Asset::EthBaseBrlv, dec("100"));
        let bytes = serde_json::to_vec(&quote).unwrap();
        assert_eq!(
            create_quote(&JsonBody::parse(&bytes).unwrap()).unwrap(),
            quote
        );

        let claim = CreateClaim {
            amount: dec("10.00"),
            target_asset_code: ClaimTarget::Brlv,
        };
        let bytes = serde_json::to_vec(&claim).unwrap();
        assert_eq!(
            create_claim(&JsonBody::parse(&bytes).unwrap()).unwrap(),
            claim
        );
    }

    #[test]
    fn refusals_name_the_field() {
        let body =
            JsonBody::parse(br#"{"asset":"fiat/brl","method":"pix","amount":12.5}"#).unwrap();
        let error = create_withdrawal(&body, None).unwrap_err();
        assert_eq!(error.code, "invalid-field-type");
        assert!(error.message.contains("`amount`"));

        let body =
            JsonBody::parse(br#"{"asset":"fiat/brl","method":"pix","amount":"1.234"}"#).unwrap();
        assert_eq!(
            create_withdrawal(&body, None).unwrap_err().code,
            "too-many-decimal-places"
        );

        let body = JsonBody::parse(br#"{"asset":"fiat/xyz","method":"pix","amount":"1"}"#).unwrap();
        assert_eq!(
            create_withdrawal(&body, None).unwrap_err().code,
            "unknown-asset"
        );

        assert_eq!(
            JsonBody::parse(b"{").err().map(|e| e.code),
            Some("malformed-json")
        );
        assert_eq!(
            JsonBody::parse(b"[]").err().map(|e| e.code),
            Some("malformed-json")
        );
        assert_eq!(
            JsonBody::parse(b"").err().map(|e| e.code),
            Some("missing-body")
        );
    }
}
