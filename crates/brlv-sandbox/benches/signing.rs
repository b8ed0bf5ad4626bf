//! What signing costs per request: the RS256 token over its six claims, and
//! the body hash of large bodies; and what a whole signed GET costs through
//! the client against the sandbox on loopback, beside its parts measured in
//! the same run: one signature, and the sandbox answering a pre-signed
//! request (sequentially, and as many as it verifies per second when eight
//! requests are always in flight).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;

use brlv_core::api::auth::body_hash;
use brlv_core::api::{PrivateKey, Signer};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use secrecy::SecretString;

const PKCS8: &str = include_str!("../../../tests/fixtures/test-only-rsa2048-pkcs8.pem");

fn signing(c: &mut Criterion) {
    let signer = Signer::new(
        SecretString::from("bench-key"),
        PrivateKey::from_pem(PKCS8).unwrap(),
    );
    let body = br#"{"asset":"fiat/brl","method":"pix","amount":"320.50","pix-key":"52998224725"}"#;
    c.bench_function("sign one request (RS256, 2048-bit)", |b| {
        b.iter(|| {
            signer
                .token(
                    black_box("/api/v0/withdrawals"),
                    black_box(body),
                    1_700_000_000,
                )
                .unwrap()
        })
    });

    let mut group = c.benchmark_group("bodyHash");
    for size in [1024usize, 1024 * 1024] {
        let body = vec![b'x'; size];
        group.throughput(Throughput::Bytes(size as u64));
        group.bench_function(format!("{size} bytes"), |b| {
            b.iter(|| body_hash(black_box(&body)))
        });
    }
    group.finish();

    c.bench_function("load a PKCS#8 key", |b| {
        b.iter(|| PrivateKey::from_pem(black_box(PKCS8)).unwrap())
    });
}

const PATH: &str = "/api/v0/assets/brl/balance";

/// Tokens for `count` requests to [`PATH`], signed before the clock starts.
fn presigned(signer: &Signer, count: u64) -> Vec<String> {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    (0..count)
        .map(|_| {
            use secrecy::ExposeSecret;
            let token = signer
                .token(PATH, b"", i64::try_from(now).unwrap())
                .unwrap();
            format!("Bearer {}", token.expose_secret())
        })
        .collect()
}

async fn send_presigned(http: &reqwest::Client, url: &str, bearer: &str) {
    let response = http
        .get(url)
        .header("X-API-Key", "bench-key")
        .header("Content-Type", "application/json")
        .header("Authorization", bearer)
        .send()
        .await
        .unwrap();
    assert!(response.status().is_success(), "{}", response.status());
    let _ = response.bytes().await.unwrap();
}

/// How long `work` takes, timed inside one `block_on`. Every loopback
/// benchmark is timed this way, so that each pays the runtime entry once and
/// the client's figure differs from the pre-signed one by the client's work.
fn timed_in_runtime(
    runtime: &tokio::runtime::Runtime,
    work: impl std::future::Future<Output = ()>,
) -> std::time::Duration {
    runtime.block_on(async {
        let start = std::time::Instant::now();
        work.await;
        start.elapsed()
    })
}

fn signed_requests(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let sandbox = runtime
        .block_on(brlv_sandbox::Sandbox::start(
            brlv_sandbox::SandboxConfig::default(),
        ))
        .unwrap();
    let key = PrivateKey::from_pem(PKCS8).unwrap();
    sandbox
        .register_account("bench-key", key.public_key_pem(), true)
        .unwrap();
    let signer = Signer::new(SecretString::from("bench-key"), key)
        .with_lifetime_secs(50)
        .unwrap();
    let client = brlv_core::api::Client::new(
        brlv_core::api::ClientConfig::new(sandbox.base_url().as_str(), signer.clone()).unwrap(),
    )
    .unwrap();
    let url = sandbox
        .base_url()
        .join(PATH.trim_start_matches('/'))
        .unwrap();
    let url = url.as_str().to_owned();
    let http = reqwest::Client::new();

    let mut group = c.benchmark_group("signed GET on loopback");
    group.sample_size(30);
    group.measurement_time(std::time::Duration::from_secs(4));
    group.bench_function("one RS256 signature", |b| {
        b.iter(|| signer.token(black_box(PATH), b"", 1_700_000_000).unwrap())
    });
    group.bench_function("through the client (sign, send, read, decode)", |b| {
        b.iter_custom(|iters| {
            timed_in_runtime(&runtime, async {
                for _ in 0..iters {
                    black_box(
                        client
                            .balance(&brlv_core::api::model::BalanceAsset::Brl)
                            .await
                            .unwrap(),
                    );
                }
            })
        })
    });
    group.bench_function("sandbox round trip, pre-signed", |b| {
        b.iter_custom(|iters| {
            let tokens = presigned(&signer, iters);
            timed_in_runtime(&runtime, async {
                for bearer in &tokens {
                    send_presigned(&http, &url, bearer).await;
                }
            })
        })
    });
    group.finish();

    let mut group = c.benchmark_group("sandbox verified requests");
    group.sample_size(10);
    group.measurement_time(std::time::Duration::from_secs(8));
    group.throughput(Throughput::Elements(1));
    group.bench_function("8 in flight, pre-signed", |b| {
        b.iter_custom(|iters| {
            let tokens = std::sync::Arc::new(presigned(&signer, iters));
            timed_in_runtime(&runtime, async {
                let mut tasks = tokio::task::JoinSet::new();
                for lane in 0..8usize {
                    let (tokens, http, url) =
                        (std::sync::Arc::clone(&tokens), http.clone(), url.clone());
                    tasks.spawn(async move {
                        for bearer in tokens.iter().skip(lane).step_by(8) {
                            send_presigned(&http, &url, bearer).await;
                        }
                    });
                }
                while let Some(done) = tasks.join_next().await {
                    done.unwrap();
                }
            })
        })
    });
    group.finish();
}

criterion_group!(benches, signing, signed_requests);
criterion_main!(benches);
