//! Properties over many generated inputs: BR Codes built then parsed, EIP-55 checksums, and the sandbox ledger's promise
//! that money is neither created nor lost, whatever the sequence of operations.

use std::collections::BTreeMap;
use std::sync::Arc;

use brlv_core::address::{to_checksum_address, validate_evm_address};
use brlv_core::api::model::Asset;
use brlv_core::pix::{
    BrCode, BrCodeSpec, MAX_CITY_CHARS, MAX_NAME_CHARS, PixKey, sanitize_text, try_build_brcode,
    verify_payment_code,
};
use proptest::prelude::*;
use proptest::test_runner::Config;
use reqwest::Method;
use rust_decimal::Decimal;
use serde_json::{Value, json};
use sha3::{Digest as _, Keccak256};

use crate::support::{API_KEY, TestSandbox};

// ----- BR Codes ----------------------------------------------------------------

/// Valid keys of every kind, as a person might type them.
const PIX_KEYS: [&str; 6] = [
    "529.982.247-25",
    "11.222.333/0001-81",
    "12.ABC.345/01DE-35",
    "Fulano.Tal@Example.com.br",
    "+55 (11) 98765-4321",
    "123E4567-E89B-12D3-A456-426614174000",
];

fn pix_key() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(PIX_KEYS.to_vec()).prop_map(str::to_owned),
        any::<u128>().prop_map(|bits| uuid::Uuid::from_u128(bits).to_string()),
    ]
}

/// A BRL amount a BR Code can carry: up to 999,999,999.99, with 0 to 2 places.
fn brcode_amount() -> impl Strategy<Value = Decimal> {
    (1i64..100_000_000_000, 0u32..=2).prop_map(|(mantissa, places)| {
        let value = Decimal::new(mantissa, places);
        if value.normalize().scale() > 2 || value >= Decimal::new(1_000_000_000, 0) {
            Decimal::new(mantissa % 100_000_000_000, 2).max(Decimal::new(1, 2))
        } else {
            value
        }
    })
}

fn brcode_spec() -> impl Strategy<Value = BrCodeSpec> {
    (
        pix_key(),
        brcode_amount(),
        "[A-Za-z][A-Za-zçãéôÁÍ .'-]{0,40}",
        "[A-Za-z][A-Za-zãíõ ]{0,30}",
        "[A-Za-z0-9]{0,25}",
    )
        .prop_map(|(pix_key, amount, name, city, txid)| BrCodeSpec {
            pix_key,
            amount: Some(amount),
            merchant_name: name,
            merchant_city: city,
            txid,
        })
}

proptest! {
    #![proptest_config(Config { cases: 256, ..Config::default() })]

    #[test]
    fn a_brcode_built_for_an_amount_parses_back_to_it(spec in brcode_spec()) {
        let payload = try_build_brcode(&spec).unwrap();
        let code = BrCode::parse(&payload).unwrap();
        let amount = spec.amount.unwrap();
        prop_assert_eq!(code.amount, Some(amount));
        prop_assert!(verify_payment_code(&payload, amount).is_ok());
        let key = PixKey::parse(&spec.pix_key).unwrap();
        prop_assert_eq!(code.pix_key.as_deref(), Some(key.as_str()));
        let txid = if spec.txid.is_empty() { "***" } else { spec.txid.as_str() };
        prop_assert_eq!(code.txid.as_deref(), Some(txid));
        prop_assert_eq!(
            code.merchant_name,
            Some(sanitize_text(&spec.merchant_name, MAX_NAME_CHARS))
        );
        prop_assert_eq!(
            code.merchant_city,
            Some(sanitize_text(&spec.merchant_city, MAX_CITY_CHARS))
        );
    }

    #[test]
    fn any_changed_character_before_the_check_code_is_refused(
        spec in brcode_spec(),
        position in any::<prop::sample::Index>(),
        replacement in 0x20u8..0x7f,
    ) {
        let payload = try_build_brcode(&spec).unwrap();
        // Everything but the 4 hex digits of the CRC itself, whose case is free.
        let body_len = payload.len() - 4;
        let at = position.index(body_len);
        prop_assume!(payload.as_bytes()[at] != replacement);
        let mut bytes = payload.into_bytes();
        bytes[at] = replacement;
        let tampered = String::from_utf8(bytes).unwrap();
        prop_assert!(BrCode::parse(&tampered).is_err(), "{} was accepted", tampered);
    }
}

// ----- EIP-55 ----------------------------------------------------------------

/// EIP-55 as its text defines it, independently of the code under test.
fn eip55(lower_hex: &str) -> String {
    let hash = Keccak256::digest(lower_hex.as_bytes());
    let digits: String = lower_hex
        .chars()
        .enumerate()
        .map(|(i, c)| {
            let nibble = (hash[i / 2] >> (if i % 2 == 0 { 4 } else { 0 })) & 0x0f;
            if nibble >= 8 {
                c.to_ascii_uppercase()
            } else {
                c
            }
        })
        .collect();
    format!("0x{digits}")
}

proptest! {
    #![proptest_config(Config { cases: 512, ..Config::default() })]

    #[test]
    fn eip55_encoding_checks_and_catches_a_flipped_letter(
        bytes in any::<[u8; 20]>(),
        flip in any::<prop::sample::Index>(),
    ) {
        let lower: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        let checksummed = to_checksum_address(&format!("0x{lower}"));
        prop_assert_eq!(&checksummed, &eip55(&lower));
        prop_assert_eq!(validate_evm_address(&checksummed), Ok(()));
        prop_assert_eq!(
            to_checksum_address(&format!("0x{}", lower.to_ascii_uppercase())),
            checksummed.clone()
        );

        let letters: Vec<usize> = checksummed
            .char_indices()
            .skip(2)
            .filter(|(_, c)| c.is_ascii_alphabetic())
            .map(|(i, _)| i)
            .collect();
        prop_assume!(!letters.is_empty());
        let at = letters[flip.index(letters.len())];
        let mut flipped = checksummed.into_bytes();
        flipped[at] ^= 0x20;
        let flipped = String::from_utf8(flipped).unwrap();
        let digits = &flipped[2..];
        let single_case = !digits.bytes().any(|b| b.is_ascii_lowercase())
            || !digits.bytes().any(|b| b.is_ascii_uppercase());
        // A single-case address carries no checksum and is accepted as it is.
        prop_assert_eq!(validate_evm_address(&flipped).is_ok(), single_case, "{}", flipped);
    }
}

// ----- The ledger ----------------------------------------------------------------

/// Where an order's or a transfer's target goes.
#[derive(Clone, Copy, Debug)]
enum Dest {
    /// The demo's "Main wallet" (eth-base).
    Main,
    /// A second eth-base wallet made for the test.
    Second,
    /// A whitelisted external wallet: the amount leaves the account.
    External,
}

#[derive(Clone, Debug)]
enum Op {
    /// A PIX (brl) or wire (usd) deposit arrives.
    Deposit { usd: bool, cents: i64 },
    /// BRL to a Base token, paying from the balance or by BR Code.
    Buy {
        token: &'static str,
        cents: i64,
        fixed_target: bool,
        brcode: bool,
        to: Dest,
    },
    /// BRLV (Main wallet) to BRL, to the balance or out to a PIX key.
    Sell { amount: Decimal, to_pix: bool },
    /// A PIX paying one of the BR Code orders made so far arrives.
    PayBrcode { pick: usize },
    /// BRLV or wBRLY from an own Base wallet.
    Transfer {
        wbrly: bool,
        from_second: bool,
        to: Dest,
        amount: Decimal,
    },
    /// BRL by TED or Base BRLV by token withdrawal.
    Withdraw { token: bool, amount: Decimal },
    /// A claim over the demo's reward certificates, paid in BRL or BRLV.
    Claim { cents: i64, brlv: bool },
    /// The sandbox clock moves.
    Advance { seconds: u64 },
    /// Several operations sent at once.
    Together(Vec<Op>),
}

fn dest() -> impl Strategy<Value = Dest> {
    prop_oneof![Just(Dest::Main), Just(Dest::Second), Just(Dest::External)]
}

/// A token amount with up to 18 places, up to about 3,000 units.
fn token_amount() -> impl Strategy<Value = Decimal> {
    prop_oneof![
        (1i64..300_000).prop_map(|cents| Decimal::new(cents, 2)),
        (1i64..3_000_000_000_000_000_000).prop_map(|atto| Decimal::new(atto, 18)),
    ]
}

fn single_op() -> impl Strategy<Value = Op> {
    prop_oneof![
        (any::<bool>(), 1i64..500_000).prop_map(|(usd, cents)| Op::Deposit { usd, cents }),
        (
            prop::sample::select(vec!["eth-base/brlv", "eth-base/wbrly", "eth-base/usdc"]),
            1i64..300_000,
            any::<bool>(),
            any::<bool>(),
            dest(),
        )
            .prop_map(|(token, cents, fixed_target, brcode, to)| Op::Buy {
                token,
                cents,
                fixed_target,
                brcode,
                to
            }),
        (token_amount(), any::<bool>()).prop_map(|(amount, to_pix)| Op::Sell { amount, to_pix }),
        any::<usize>().prop_map(|pick| Op::PayBrcode { pick }),
        (any::<bool>(), any::<bool>(), dest(), token_amount()).prop_map(
            |(wbrly, from_second, to, amount)| Op::Transfer {
                wbrly,
                from_second,
                to,
                amount
            }
        ),
        (any::<bool>(), token_amount()).prop_map(|(token, amount)| Op::Withdraw {
            token,
            amount: if token {
                amount
            } else {
                amount.round_dp(2).max(Decimal::new(1, 2))
            }
        }),
        (1i64..200_000, any::<bool>()).prop_map(|(cents, brlv)| Op::Claim { cents, brlv }),
        prop_oneof![0u64..5, 0u64..120, Just(700u64)].prop_map(|seconds| Op::Advance { seconds }),
    ]
}

fn op() -> impl Strategy<Value = Op> {
    // A clock move inside a batch would expire the batch's own tokens, signed
    // a moment before: clock moves are steps of their own.
    let concurrent = single_op().prop_filter("no clock move in a batch", |op| {
        !matches!(op, Op::Advance { .. })
    });
    prop_oneof![
        4 => single_op(),
        1 => prop::collection::vec(concurrent, 2..5).prop_map(Op::Together),
    ]
}

/// What an operation did, as the account's own records and answers tell it.
#[derive(Debug)]
enum Effect {
    /// Money arrived in the account.
    In(Asset, Decimal),
    /// Money left the account.
    Out(Asset, Decimal),
    /// An order was accepted: its target arrives if it completes to an own holder.
    Order {
        id: String,
        target: Asset,
        own: bool,
    },
    /// A BR Code order, payable for this amount.
    Brcode { id: String, amount: String },
    /// An operation of this kind was accepted.
    Accepted(&'static str),
    /// A transfer was accepted: it leaves if it completes to an external wallet.
    Transfer {
        id: String,
        asset: Asset,
        amount: Decimal,
        external: bool,
    },
}

struct World {
    sandbox: TestSandbox,
    main: String,
    second: String,
}

impl World {
    fn address(&self, dest: Dest, fx: bool) -> String {
        match dest {
            Dest::Main => self.main.clone(),
            Dest::Second => self.second.clone(),
            Dest::External if fx => brlv_sandbox::WHITELISTED_FX_ADDRESS.to_owned(),
            Dest::External => brlv_sandbox::WHITELISTED_ADDRESS.to_owned(),
        }
    }
}

fn decimal(value: &Value) -> Decimal {
    value.as_str().unwrap().parse().unwrap()
}

fn asset(id: &str) -> Asset {
    Asset::from_wire(id)
}

/// Runs one operation; refusals (short balance, expired quote, ...) are fine
/// and have no effect, anything but 200, 409 or 422 fails the test.
async fn run(world: &World, op: &Op, brcodes: &[(String, String)]) -> Vec<Effect> {
    let sandbox = &world.sandbox;
    let accepted = |answer: &crate::support::Answer, what: &str| {
        assert!(
            matches!(answer.status, 200 | 409 | 422),
            "{what}: {} {:?}",
            answer.status,
            answer.body
        );
        answer.status == 200
    };
    match op {
        Op::Deposit { usd, cents } => {
            let amount = Decimal::new(*cents, 2);
            let code = if *usd { "usd" } else { "brl" };
            let answer = sandbox
                .control(
                    Method::POST,
                    "/sandbox/deposits",
                    Some(&json!({"asset": code, "amount": amount.to_string()})),
                )
                .await;
            assert_eq!(answer.status, 200, "{:?}", answer.body);
            let held = if *usd { Asset::FiatUsd } else { Asset::FiatBrl };
            vec![Effect::Accepted("deposit"), Effect::In(held, amount)]
        }
        Op::Buy {
            token,
            cents,
            fixed_target,
            brcode,
            to,
        } => {
            let amount = Decimal::new(*cents, 2);
            let fx = token.ends_with("usdc");
            let scale = asset(token).scale();
            let side = if *fixed_target {
                json!({"target-amount": amount.round_dp(scale.min(2)).to_string()})
            } else {
                json!({"source-amount": amount.to_string()})
            };
            let mut request = json!({"source-asset": "fiat/brl", "target-asset": token});
            request
                .as_object_mut()
                .unwrap()
                .extend(side.as_object().unwrap().clone());
            let quote = sandbox.post("/api/v0/quotes", &request).await;
            if !accepted(&quote, "quote") {
                return Vec::new();
            }
            let quote = &quote.body["quote"];
            let method = if *brcode { "brcode" } else { "account-balance" };
            let order = sandbox
                .post(
                    "/api/v0/orders",
                    &json!({
                        "quote-id": quote["id"],
                        "target-wallet-address": world.address(*to, fx),
                        "source-payment-method": method,
                    }),
                )
                .await;
            if !accepted(&order, "order") {
                return Vec::new();
            }
            let order = &order.body["order"];
            let id = order["id"].as_str().unwrap().to_owned();
            let source_amount = decimal(&quote["source-amount"]);
            let mut effects = vec![
                Effect::Accepted("buy"),
                Effect::Order {
                    id: id.clone(),
                    target: asset(token),
                    own: !matches!(to, Dest::External),
                },
            ];
            if *brcode {
                let amount = order["source-amount"].as_str().unwrap().to_owned();
                effects.push(Effect::Brcode { id, amount });
            } else {
                effects.push(Effect::Out(Asset::FiatBrl, source_amount));
            }
            effects
        }
        Op::Sell { amount, to_pix } => {
            let quote = sandbox
                .post(
                    "/api/v0/quotes",
                    &json!({"source-asset": "eth-base/brlv", "target-asset": "fiat/brl", "source-amount": amount.to_string()}),
                )
                .await;
            if !accepted(&quote, "quote") {
                return Vec::new();
            }
            let quote = &quote.body["quote"];
            let mut request = json!({"quote-id": quote["id"], "source-wallet-address": world.main});
            if *to_pix {
                request["target-end-user-pix-key"] = json!(brlv_sandbox::DEMO_TAX_ID);
            }
            let order = sandbox.post("/api/v0/orders", &request).await;
            if !accepted(&order, "order") {
                return Vec::new();
            }
            vec![
                Effect::Accepted("sell"),
                Effect::Order {
                    id: order.body["order"]["id"].as_str().unwrap().to_owned(),
                    target: Asset::FiatBrl,
                    own: !to_pix,
                },
                Effect::Out(Asset::EthBaseBrlv, decimal(&quote["source-amount"])),
            ]
        }
        Op::PayBrcode { pick } => {
            if brcodes.is_empty() {
                return Vec::new();
            }
            let (id, amount) = &brcodes[pick % brcodes.len()];
            let answer = sandbox
                .control(
                    Method::POST,
                    &format!("/sandbox/orders/{id}/pay"),
                    Some(&json!({ "amount": amount })),
                )
                .await;
            // Paid twice, or after its window: refused or returned to the payer.
            assert!(
                matches!(answer.status, 200 | 409 | 422),
                "{:?}",
                answer.body
            );
            if answer.status == 200 {
                vec![Effect::Accepted("pay")]
            } else {
                Vec::new()
            }
        }
        Op::Transfer {
            wbrly,
            from_second,
            to,
            amount,
        } => {
            let held = if *wbrly {
                Asset::EthBaseWbrly
            } else {
                Asset::EthBaseBrlv
            };
            let source = if *from_second {
                &world.second
            } else {
                &world.main
            };
            let target = world.address(*to, false);
            if &target == source {
                return Vec::new();
            }
            let answer = sandbox
                .post(
                    "/api/v0/transfers",
                    &json!({
                        "source-address": source,
                        "asset": held.as_str(),
                        "amount": amount.to_string(),
                        "target-address": target,
                    }),
                )
                .await;
            if !accepted(&answer, "transfer") {
                return Vec::new();
            }
            vec![
                Effect::Accepted("transfer"),
                Effect::Transfer {
                    id: answer.body["transfer"]["id"].as_str().unwrap().to_owned(),
                    asset: held,
                    amount: *amount,
                    external: matches!(to, Dest::External),
                },
            ]
        }
        Op::Withdraw { token, amount } => {
            // Each with its destination: tokens to an address outside the
            // account (so they leave), a TED to a bank account.
            let (held, body) = if *token {
                let held = Asset::EthBaseBrlv;
                let body = json!({"asset": held.as_str(), "method": "token",
                    "amount": amount.to_string(),
                    "target-address": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"});
                (held, body)
            } else {
                let held = Asset::FiatBrl;
                let body = json!({"asset": held.as_str(), "method": "ted",
                    "amount": amount.to_string(), "bank-code": "341", "branch": "1234",
                    "account": "12345-6", "account-type": "checking",
                    "document": "52998224725", "name": "Maria da Silva"});
                (held, body)
            };
            let answer = sandbox.post("/api/v0/withdrawals", &body).await;
            if !accepted(&answer, "withdrawal") {
                return Vec::new();
            }
            vec![Effect::Accepted("withdraw"), Effect::Out(held, *amount)]
        }
        Op::Claim { cents, brlv } => {
            let target = if *brlv { "brlv" } else { "brl" };
            let answer = sandbox
                .post(
                    "/api/v0/claims",
                    &json!({"amount": Decimal::new(*cents, 2).to_string(), "target-asset-code": target}),
                )
                .await;
            if !accepted(&answer, "claim") {
                return Vec::new();
            }
            // BRLV goes to the oldest wallet: the demo's Main wallet, on Base.
            let held = if *brlv {
                Asset::EthBaseBrlv
            } else {
                Asset::FiatBrl
            };
            vec![
                Effect::Accepted("claim"),
                Effect::In(held, decimal(&answer.body["claim"]["net-amount"])),
            ]
        }
        Op::Advance { seconds } => {
            sandbox.advance(*seconds);
            Vec::new()
        }
        Op::Together(_) => unreachable!("run_step splits these"),
    }
}

/// Every asset the service lists.
fn all_assets() -> Vec<Asset> {
    [
        "tempo/brlv",
        "eth-base/brlv",
        "eth-mainnet/brlv",
        "fiat/brl",
        "eth-base/usdt",
        "fiat/usd",
        "eth-mainnet/usdt",
        "eth-mainnet/usdc",
        "eth-base/wbrly",
        "eth-base/usdc",
        "eth-base/brly",
    ]
    .into_iter()
    .map(asset)
    .collect()
}

fn balances(sandbox: &TestSandbox) -> BTreeMap<String, Decimal> {
    all_assets()
        .into_iter()
        .map(|held| {
            let balance = sandbox.sandbox.balance(API_KEY, &held).unwrap();
            (held.as_str().to_owned(), balance)
        })
        .collect()
}

/// Runs `ops` and checks the promise; returns how many operations of each
/// kind were accepted and how many orders completed.
async fn ledger_keeps_its_promise(ops: Vec<Op>) -> BTreeMap<&'static str, usize> {
    let sandbox = TestSandbox::start(true).await;
    // Let the demo's records in motion settle: from here on, only the
    // operations below move money.
    sandbox.advance(3600);
    let main = sandbox.wallet_on("eth-base").await;
    let created = sandbox
        .post(
            "/api/v0/wallets",
            &json!({"wallet-name": "Second", "chain": "eth-base"}),
        )
        .await;
    assert_eq!(created.status, 200, "{:?}", created.body);
    let second = created.body["wallet"]["address"]
        .as_str()
        .unwrap()
        .to_owned();
    let world = Arc::new(World {
        sandbox,
        main,
        second,
    });

    let mut came_in = balances(&world.sandbox);
    let mut left: BTreeMap<String, Decimal> = BTreeMap::new();
    let mut orders = Vec::new();
    let mut transfers = Vec::new();
    let mut brcodes: Vec<(String, String)> = Vec::new();
    let mut tally: BTreeMap<&'static str, usize> = BTreeMap::new();
    for op in &ops {
        let effects = match op {
            Op::Together(batch) => {
                let tasks: Vec<_> = batch
                    .iter()
                    .cloned()
                    .map(|op| {
                        let world = Arc::clone(&world);
                        let brcodes = brcodes.clone();
                        tokio::spawn(async move { run(&world, &op, &brcodes).await })
                    })
                    .collect();
                let mut effects = Vec::new();
                for task in tasks {
                    effects.extend(task.await.unwrap());
                }
                effects
            }
            op => run(&world, op, &brcodes).await,
        };
        for effect in effects {
            match effect {
                Effect::In(held, amount) => {
                    *came_in.entry(held.as_str().to_owned()).or_default() += amount;
                }
                Effect::Out(held, amount) => {
                    *left.entry(held.as_str().to_owned()).or_default() += amount;
                }
                Effect::Brcode { id, amount } => brcodes.push((id, amount)),
                Effect::Accepted(kind) => *tally.entry(kind).or_default() += 1,
                order @ Effect::Order { .. } => orders.push(order),
                transfer @ Effect::Transfer { .. } => transfers.push(transfer),
            }
        }
        for (held, balance) in balances(&world.sandbox) {
            assert!(
                balance >= Decimal::ZERO,
                "{held} went to {balance} after {op:?}"
            );
        }
    }

    // Everything in motion finishes; then what each record says it did is final.
    world.sandbox.advance(24 * 3600);
    let listed = world.sandbox.get("/api/v0/orders").await.body;
    let listed: BTreeMap<&str, &Value> = listed["orders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|order| (order["id"].as_str().unwrap(), order))
        .collect();
    for order in &orders {
        let Effect::Order { id, target, own } = order else {
            unreachable!()
        };
        let record = listed[id.as_str()];
        let state = record["state"].as_str().unwrap();
        assert!(
            matches!(state, "completed" | "expired" | "payment-returned"),
            "order {id} still {state} a day later"
        );
        if state == "completed" {
            *tally.entry("order completed").or_default() += 1;
        }
        if state == "completed" && *own {
            *came_in.entry(target.as_str().to_owned()).or_default() +=
                decimal(&record["target-amount"]);
        }
    }
    let listed = world.sandbox.get("/api/v0/transfers").await.body;
    let listed: BTreeMap<&str, &Value> = listed["transfers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|transfer| (transfer["id"].as_str().unwrap(), transfer))
        .collect();
    for transfer in &transfers {
        let Effect::Transfer {
            id,
            asset,
            amount,
            external,
        } = transfer
        else {
            unreachable!()
        };
        let state = listed[id.as_str()]["state"].as_str().unwrap();
        assert!(
            matches!(state, "completed" | "failed"),
            "transfer {id} still {state} a day later"
        );
        if state == "completed" {
            *tally.entry("transfer completed").or_default() += 1;
        }
        if state == "completed" && *external {
            *left.entry(asset.as_str().to_owned()).or_default() += *amount;
        }
    }

    for (held, balance) in balances(&world.sandbox) {
        let gone = left.get(&held).copied().unwrap_or_default();
        let arrived = came_in.get(&held).copied().unwrap_or_default();
        assert!(balance >= Decimal::ZERO, "{held}: {balance}");
        assert_eq!(
            balance + gone,
            arrived,
            "{held}: balance {balance} + left {gone} != came in {arrived} after {ops:?}"
        );
    }
    tally
}

proptest! {
    #![proptest_config(Config { cases: 16, max_shrink_iters: 64, ..Config::default() })]

    #[test]
    fn the_ledger_neither_creates_nor_loses_money(ops in prop::collection::vec(op(), 1..14)) {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(ledger_keeps_its_promise(ops));
    }
}

/// The property above would hold vacuously if every operation were refused
/// (a wrong body, a wrong address): one fixed sequence shows each kind of
/// operation accepted and completing, and the promise kept all the same.
#[test]
fn every_kind_of_operation_is_accepted_and_accounted() {
    let brlv = |units: i64| Decimal::new(units, 0);
    let ops = vec![
        Op::Deposit {
            usd: false,
            cents: 1_000_000,
        },
        Op::Deposit {
            usd: true,
            cents: 5_000,
        },
        Op::Buy {
            token: "eth-base/brlv",
            cents: 100_000,
            fixed_target: false,
            brcode: false,
            to: Dest::Second,
        },
        Op::Buy {
            token: "eth-base/usdc",
            cents: 54_000,
            fixed_target: true,
            brcode: false,
            to: Dest::External,
        },
        Op::Buy {
            token: "eth-base/wbrly",
            cents: 25_050,
            fixed_target: false,
            brcode: true,
            to: Dest::Main,
        },
        Op::PayBrcode { pick: 0 },
        Op::Sell {
            amount: Decimal::new(123_456_789_012_345_678, 18),
            to_pix: false,
        },
        Op::Sell {
            amount: brlv(10),
            to_pix: true,
        },
        Op::Advance { seconds: 5 },
        Op::Transfer {
            wbrly: false,
            from_second: true,
            to: Dest::Main,
            amount: brlv(300),
        },
        Op::Transfer {
            wbrly: true,
            from_second: false,
            to: Dest::External,
            amount: brlv(5),
        },
        Op::Withdraw {
            token: false,
            amount: Decimal::new(1_050, 2),
        },
        Op::Withdraw {
            token: true,
            amount: Decimal::new(1, 18),
        },
        Op::Together(vec![
            Op::Claim {
                cents: 10_000,
                brlv: false,
            },
            Op::Claim {
                cents: 20_000,
                brlv: true,
            },
            Op::Withdraw {
                token: false,
                amount: Decimal::new(700, 2),
            },
        ]),
    ];
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let tally = runtime.block_on(ledger_keeps_its_promise(ops));
    for (kind, least) in [
        ("deposit", 2),
        ("buy", 3),
        ("pay", 1),
        ("sell", 2),
        ("transfer", 2),
        ("withdraw", 3),
        ("claim", 2),
        ("order completed", 5),
        ("transfer completed", 2),
    ] {
        assert!(
            tally.get(kind).copied().unwrap_or(0) >= least,
            "{kind}: {tally:?}"
        );
    }
}
