//! Amounts as people read and type them: formatting 18-place BRLV balances
//! (every frame of every table does this) and parsing typed input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;
use std::str::FromStr;

use brlv_core::money::{NumberFormat, format_amount_parts, format_brl, parse_amount};
use brlv_core::pix::{BrCode, qr_modules};
use criterion::{Criterion, criterion_group, criterion_main};
use rust_decimal::Decimal;

fn money(c: &mut Criterion) {
    let brlv = Decimal::from_str("123456789.123456789012345678").unwrap();
    let brl = Decimal::from_str("1234567.89").unwrap();
    c.bench_function("format an 18-place BRLV amount with dimmed zeros", |b| {
        b.iter(|| format_amount_parts(black_box(brlv), 18, NumberFormat::Brazilian))
    });
    c.bench_function("format R$ for the Brazilian locale", |b| {
        b.iter(|| format_brl(black_box(brl), NumberFormat::Brazilian))
    });
    c.bench_function("parse a typed amount", |b| {
        b.iter(|| parse_amount(black_box("R$ 1.234.567,89"), 2).unwrap())
    });

    let code = "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";
    c.bench_function("parse and CRC-check a BR Code", |b| {
        b.iter(|| BrCode::parse(black_box(code)).unwrap())
    });
    c.bench_function("QR modules of a BR Code", |b| {
        b.iter(|| qr_modules(black_box(code)).unwrap())
    });
}

criterion_group!(benches, money);
criterion_main!(benches);
