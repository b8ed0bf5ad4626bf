//! What signing costs per request: the RS256 token over its six claims, and
//! the body hash of large bodies.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;

use brlv_desk::api::auth::body_hash;
use brlv_desk::api::{PrivateKey, Signer};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use secrecy::SecretString;

const PKCS8: &str = include_str!("../tests/fixtures/test-only-rsa2048-pkcs8.pem");

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

criterion_group!(benches, signing);
criterion_main!(benches);
