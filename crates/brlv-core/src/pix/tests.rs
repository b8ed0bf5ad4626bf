use rust_decimal::Decimal;

use super::*;

fn d(s: &str) -> Decimal {
    Decimal::from_str_exact(s).unwrap()
}

const PUBLISHED: &str = "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";

fn spec() -> BrCodeSpec {
    BrCodeSpec {
        pix_key: "123e4567-e12b-12d1-a456-426655440000".into(),
        amount: Some(d("10.50")),
        merchant_name: "Fulano de Tal".into(),
        merchant_city: "BRASILIA".into(),
        txid: "ORDER123".into(),
    }
}

/// Replaces the CRC of `payload` (which ends in `6304XXXX`) with the right one.
fn recrc(payload: &str) -> String {
    let body = &payload[..payload.len() - 4];
    format!("{body}{}", brcode_crc(body))
}

// ----- CRC -----------------------------------------------------------

#[test]
fn crc_is_ccitt_false() {
    // The CRC catalogue's check value for CRC-16/IBM-3740 (CCITT-FALSE).
    assert_eq!(brcode_crc("123456789"), "29B1");
}

#[test]
fn published_example_crc_matches() {
    assert_eq!(brcode_crc(&PUBLISHED[..PUBLISHED.len() - 4]), "1D3D");
    let code = BrCode::parse(PUBLISHED).unwrap();
    assert_eq!(
        code,
        BrCode {
            pix_key: Some("123e4567-e12b-12d1-a456-426655440000".into()),
            url: None,
            amount: None,
            merchant_name: Some("Fulano de Tal".into()),
            merchant_city: Some("BRASILIA".into()),
            txid: Some("***".into()),
        }
    );
}

#[test]
fn builds_the_published_example_exactly() {
    let s = BrCodeSpec {
        amount: None,
        txid: String::new(),
        ..spec()
    };
    assert_eq!(build_brcode(&s), PUBLISHED);
    assert_eq!(try_build_brcode(&s).unwrap(), PUBLISHED);
}

#[test]
fn crc_hex_case_insensitive() {
    let lower = PUBLISHED.replace("1D3D", "1d3d");
    assert!(BrCode::parse(&lower).is_ok());
}

#[test]
fn any_flipped_character_fails() {
    // Every single-character change of the body is caught by the CRC (or
    // breaks the structure first); none parses.
    for (i, c) in PUBLISHED.char_indices() {
        if i >= PUBLISHED.len() - 4 {
            break;
        }
        let other = if c == 'A' { 'B' } else { 'A' };
        let changed = format!("{}{}{}", &PUBLISHED[..i], other, &PUBLISHED[i + 1..]);
        assert!(BrCode::parse(&changed).is_err(), "{changed}");
    }
    let tampered = PUBLISHED.replace("Fulano", "Fulana");
    assert_eq!(
        BrCode::parse(&tampered),
        Err(BrCodeError::CrcMismatch {
            expected: brcode_crc(&tampered[..tampered.len() - 4]),
            found: "1D3D".into()
        })
    );
    let msg = BrCode::parse(&tampered).unwrap_err().to_string();
    assert!(msg.contains("1D3D") && msg.contains("altered"), "{msg}");
}

#[test]
fn wrong_crc_value_fails() {
    let bad = PUBLISHED.replace("1D3D", "1D3E");
    assert!(matches!(
        BrCode::parse(&bad),
        Err(BrCodeError::CrcMismatch { ref expected, ref found }) if expected == "1D3D" && found == "1D3E"
    ));
}

#[test]
fn crc_must_be_last_and_four_hex() {
    let body = &PUBLISHED[..PUBLISHED.len() - 8];
    assert_eq!(BrCode::parse(body), Err(BrCodeError::MissingCrc));
    // CRC then another field.
    assert_eq!(
        BrCode::parse(&format!("{PUBLISHED}5802BR")),
        Err(BrCodeError::MissingCrc)
    );
    // Non-hex CRC.
    assert!(matches!(
        BrCode::parse(&PUBLISHED.replace("1D3D", "1D3G")),
        Err(BrCodeError::Malformed { .. })
    ));
    // Cut short.
    assert!(matches!(
        BrCode::parse(&PUBLISHED[..PUBLISHED.len() - 2]),
        Err(BrCodeError::Malformed { .. })
    ));
}

// ----- Build / parse -------------------------------------------------

#[test]
fn build_then_parse_round_trip() {
    let payload = build_brcode(&spec());
    let code = BrCode::parse(&payload).unwrap();
    assert_eq!(
        code.pix_key.as_deref(),
        Some("123e4567-e12b-12d1-a456-426655440000")
    );
    assert_eq!(code.amount, Some(d("10.50")));
    assert_eq!(code.merchant_name.as_deref(), Some("Fulano de Tal"));
    assert_eq!(code.merchant_city.as_deref(), Some("BRASILIA"));
    assert_eq!(code.txid.as_deref(), Some("ORDER123"));
    assert!(payload.contains("540510.50"), "{payload}");
    assert!(payload.contains("62120508ORDER123"), "{payload}");
    assert!(payload.starts_with("000201"));
    assert!(payload.contains("52040000530398654"));
}

#[test]
fn amount_written_with_two_places() {
    for (amount, text) in [
        ("10.5", "540510.50"),
        ("10", "540510.00"),
        ("0.01", "54040.01"),
        ("1234567.89", "54101234567.89"),
        ("10.500", "540510.50"),
    ] {
        let payload = build_brcode(&BrCodeSpec {
            amount: Some(d(amount)),
            ..spec()
        });
        assert!(payload.contains(text), "{amount}: {payload}");
        assert_eq!(BrCode::parse(&payload).unwrap().amount, Some(d(amount)));
    }
}

#[test]
fn build_refuses_bad_specs() {
    let bad = [
        BrCodeSpec {
            amount: Some(d("0")),
            ..spec()
        },
        BrCodeSpec {
            amount: Some(d("-1")),
            ..spec()
        },
        BrCodeSpec {
            amount: Some(d("1.005")),
            ..spec()
        },
        BrCodeSpec {
            amount: Some(d("12345678901.00")),
            ..spec()
        },
        BrCodeSpec {
            pix_key: String::new(),
            ..spec()
        },
        BrCodeSpec {
            pix_key: "not a key".into(),
            ..spec()
        },
        BrCodeSpec {
            merchant_name: "   ".into(),
            ..spec()
        },
        BrCodeSpec {
            merchant_city: "日本".into(),
            ..spec()
        },
        BrCodeSpec {
            txid: "ORDER-123".into(),
            ..spec()
        },
        BrCodeSpec {
            txid: "A".repeat(26),
            ..spec()
        },
    ];
    for s in bad {
        let e = try_build_brcode(&s).unwrap_err();
        assert!(matches!(e, BrCodeError::CannotBuild { .. }), "{s:?}");
        assert!(e.to_string().starts_with("Cannot make a Pix code"));
        assert_eq!(build_brcode(&s), "");
    }
    assert_eq!(BrCode::parse(""), Err(BrCodeError::Empty));
}

#[test]
fn build_normalises_key() {
    let payload = build_brcode(&BrCodeSpec {
        pix_key: "529.982.247-25".into(),
        ..spec()
    });
    assert!(payload.contains("011152998224725"), "{payload}");
    let payload = build_brcode(&BrCodeSpec {
        pix_key: "+55 (11) 98765-4321".into(),
        ..spec()
    });
    assert_eq!(
        BrCode::parse(&payload).unwrap().pix_key.as_deref(),
        Some("+5511987654321")
    );
}

#[test]
fn build_sanitises_name_and_city() {
    let payload = build_brcode(&BrCodeSpec {
        merchant_name: "  João da Conceição   Ção Ltda. e Filhos S/A  ".into(),
        merchant_city: "São Paulo do Potengi".into(),
        txid: "  ".into(),
        ..spec()
    });
    let code = BrCode::parse(&payload).unwrap();
    assert_eq!(
        code.merchant_name.as_deref(),
        Some("Joao da Conceicao Cao Ltd")
    );
    assert_eq!(code.merchant_city.as_deref(), Some("Sao Paulo do Po"));
    assert_eq!(code.txid.as_deref(), Some("***"));
    assert!(payload.is_ascii());
}

#[test]
fn sanitize_cuts_on_characters_and_trims() {
    assert_eq!(sanitize_text("ÁÉÍÓÚ çñ", 25), "AEIOU cn");
    assert_eq!(sanitize_text("ab  cd", 3), "ab");
    assert_eq!(sanitize_text("€ 5 😀", 25), "5");
    assert_eq!(sanitize_text("a\tb\nc", 25), "a b c");
    assert_eq!(sanitize_text("é".repeat(40).as_str(), 15), "e".repeat(15));
}

#[test]
fn parse_tolerates_surrounding_whitespace() {
    assert!(BrCode::parse(&format!("  {PUBLISHED}\n")).is_ok());
}

#[test]
fn parse_accepts_gui_in_any_case_and_other_templates() {
    let upper = recrc(&PUBLISHED.replace("br.gov.bcb.pix", "BR.GOV.BCB.PIX"));
    assert_eq!(
        BrCode::parse(&upper).unwrap().pix_key.as_deref(),
        Some("123e4567-e12b-12d1-a456-426655440000")
    );
    // PIX in template 27, another scheme in 26.
    let p = recrc(&PUBLISHED.replace(
        "26580014br.gov.bcb.pix",
        "26090005other27580014br.gov.bcb.pix",
    ));
    assert!(BrCode::parse(&p).is_ok(), "{p}");
}

#[test]
fn parse_refuses_non_pix_and_wrong_fields() {
    let not_pix = recrc(&PUBLISHED.replace("br.gov.bcb.pix", "br.gov.bcb.xyz"));
    assert_eq!(BrCode::parse(&not_pix), Err(BrCodeError::NotPix));

    let usd = recrc(&PUBLISHED.replace("5303986", "5303840"));
    assert_eq!(
        BrCode::parse(&usd),
        Err(BrCodeError::NotBrl {
            found: "840".into()
        })
    );

    let fmt = recrc(&PUBLISHED.replacen("000201", "000202", 1));
    assert_eq!(
        BrCode::parse(&fmt),
        Err(BrCodeError::UnsupportedFormat { found: "02".into() })
    );

    let no_name = recrc(&PUBLISHED.replace("5913Fulano de Tal", ""));
    assert_eq!(
        BrCode::parse(&no_name),
        Err(BrCodeError::MissingField {
            id: "59",
            name: "receiver name"
        })
    );
    let no_city = recrc(&PUBLISHED.replace("6008BRASILIA", ""));
    assert!(matches!(
        BrCode::parse(&no_city),
        Err(BrCodeError::MissingField { id: "60", .. })
    ));
    let no_country = recrc(&PUBLISHED.replace("5802BR", ""));
    assert!(matches!(
        BrCode::parse(&no_country),
        Err(BrCodeError::MissingField { id: "58", .. })
    ));
    let no_format = recrc(&PUBLISHED.replacen("000201", "", 1));
    assert!(matches!(
        BrCode::parse(&no_format),
        Err(BrCodeError::MissingField { id: "00", .. })
    ));

    // Currency may be absent.
    let no_currency = recrc(&PUBLISHED.replace("5303986", ""));
    assert!(BrCode::parse(&no_currency).is_ok());
}

#[test]
fn parse_refuses_duplicate_fields() {
    let payload = build_brcode(&spec());
    let twice = recrc(&payload.replace("540510.50", "540510.50540599.00"));
    assert_eq!(
        BrCode::parse(&twice),
        Err(BrCodeError::DuplicateField { id: "54".into() })
    );
}

#[test]
fn parse_refuses_bad_amounts() {
    let payload = build_brcode(&spec());
    for bad in [
        "10,50", "-1.00", "0.00", "1e3.0", "10.", ".1000", "1.2.3", "1 000",
    ] {
        let field = format!("54{:02}{bad}", bad.len());
        let p = recrc(&payload.replace("540510.50", &field));
        assert_eq!(
            BrCode::parse(&p),
            Err(BrCodeError::BadAmount { found: bad.into() }),
            "{bad}"
        );
    }
}

#[test]
fn parse_refuses_broken_lengths() {
    // Length runs past the end.
    assert!(matches!(
        BrCode::parse("000201269900"),
        Err(BrCodeError::Malformed { .. })
    ));
    // Non-digit length.
    let e = BrCode::parse("0002012A").unwrap_err();
    assert_eq!(
        e,
        BrCodeError::Malformed {
            position: 7,
            detail: "a field must start with a 2-digit ID and a 2-digit length".into()
        }
    );
    // Broken template inside 26 with a valid CRC.
    let p = recrc(&PUBLISHED.replace("0136123e", "0199123e"));
    assert!(matches!(
        BrCode::parse(&p),
        Err(BrCodeError::Malformed { .. })
    ));
    // Not a code at all.
    assert!(matches!(
        BrCode::parse("hello"),
        Err(BrCodeError::Malformed { position: 1, .. })
    ));
}

#[test]
fn lengths_count_characters() {
    // A name with non-ASCII characters, written by another issuer.
    let body = PUBLISHED[..PUBLISHED.len() - 4].replace("5913Fulano de Tal", "5913Fulano de Tál");
    let p = format!("{body}{}", brcode_crc(&body));
    assert_eq!(
        BrCode::parse(&p).unwrap().merchant_name.as_deref(),
        Some("Fulano de Tál")
    );
}

// ----- verify_payment_code -------------------------------------------

#[test]
fn verify_accepts_equal_amounts() {
    let payload = build_brcode(&spec());
    assert!(verify_payment_code(&payload, d("10.50")).is_ok());
    assert!(verify_payment_code(&payload, d("10.5")).is_ok());
    assert!(verify_payment_code(&payload, d("10.500000")).is_ok());
}

#[test]
fn verify_refuses_other_amounts() {
    let payload = build_brcode(&spec());
    let e = verify_payment_code(&payload, d("10.51")).unwrap_err();
    assert_eq!(
        e,
        BrCodeError::AmountMismatch {
            in_code: d("10.50"),
            expected: d("10.51")
        }
    );
    let msg = e.to_string();
    assert!(msg.contains("R$10.50") && msg.contains("R$10.51"), "{msg}");
    assert!(msg.contains("Do not pay"), "{msg}");
}

#[test]
fn verify_refuses_no_amount_and_tampering() {
    assert_eq!(
        verify_payment_code(PUBLISHED, d("1")),
        Err(BrCodeError::MissingAmount)
    );
    let payload = build_brcode(&spec());
    // An attacker changes the amount but cannot fix the CRC without it showing.
    let tampered = payload.replace("540510.50", "540519.50");
    assert!(matches!(
        verify_payment_code(&tampered, d("10.50")),
        Err(BrCodeError::CrcMismatch { .. })
    ));
    // With the CRC fixed, the amount check catches it.
    assert!(matches!(
        verify_payment_code(&recrc(&tampered), d("10.50")),
        Err(BrCodeError::AmountMismatch { .. })
    ));
    assert_eq!(verify_payment_code("", d("1")), Err(BrCodeError::Empty));
}

// ----- QR ------------------------------------------------------------

#[test]
fn qr_png_has_quiet_zone_and_size() {
    let payload = build_brcode(&spec());
    let matrix = qr_modules(&payload).unwrap();
    assert_eq!(matrix.dark.len(), matrix.width * matrix.width);
    // Finder pattern corners are dark.
    assert!(matrix.is_dark(0, 0));
    assert!(matrix.is_dark(matrix.width - 1, 0));
    assert!(matrix.is_dark(0, matrix.width - 1));
    assert!(!matrix.is_dark(matrix.width, 0));

    for px in [1u32, 3, 8] {
        let png = render_qr_png(&payload, px).unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let img = image::load_from_memory(&png).unwrap().to_luma8();
        let side = (matrix.width as u32 + 8) * px;
        assert_eq!(img.dimensions(), (side, side));
        // Quiet zone: the outer 4 modules on every side are white.
        for i in 0..side {
            for j in 0..4 * px {
                for (x, y) in [(i, j), (j, i), (i, side - 1 - j), (side - 1 - j, i)] {
                    assert_eq!(img.get_pixel(x, y).0, [255], "({x},{y}) at {px}px");
                }
            }
        }
        // Modules drawn where the matrix says, black on white.
        for y in 0..matrix.width {
            for x in 0..matrix.width {
                let p = img.get_pixel((x as u32 + 4) * px, (y as u32 + 4) * px).0[0];
                assert_eq!(p, if matrix.is_dark(x, y) { 0 } else { 255 });
            }
        }
    }
}

#[test]
fn qr_uses_level_m() {
    // Version 1 holds 14 bytes at level M, 17 at L: 16 bytes need version 2 at M.
    assert_eq!(qr_modules("abcdefghijklmn").unwrap().width, 21);
    assert_eq!(qr_modules("abcdefghijklmnop").unwrap().width, 25);
}

#[test]
fn qr_refuses_bad_module_size_and_huge_payload() {
    assert_eq!(
        render_qr_png("x", 0),
        Err(BrCodeError::BadModuleSize { given: 0 })
    );
    assert_eq!(
        render_qr_png("x", MAX_MODULE_PIXELS + 1),
        Err(BrCodeError::BadModuleSize {
            given: MAX_MODULE_PIXELS + 1
        })
    );
    let huge = "x".repeat(5000);
    assert!(matches!(
        qr_modules(&huge),
        Err(BrCodeError::QrEncode { .. })
    ));
    assert!(matches!(
        render_qr_png(&huge, 2),
        Err(BrCodeError::QrEncode { .. })
    ));
}

// ----- PIX keys ------------------------------------------------------

fn key(raw: &str) -> PixKey {
    PixKey::parse(raw).unwrap_or_else(|e| panic!("{raw}: {e}"))
}

fn key_err(raw: &str) -> PixKeyError {
    match PixKey::parse(raw) {
        Ok(k) => panic!("{raw} accepted as {k:?}"),
        Err(e) => e,
    }
}

#[test]
fn cpf_valid() {
    assert_eq!(key("529.982.247-25"), PixKey::Cpf("52998224725".into()));
    assert_eq!(key("52998224725"), PixKey::Cpf("52998224725".into()));
    assert_eq!(key(" 529 982 247 25 "), PixKey::Cpf("52998224725".into()));
    assert_eq!(key("111.444.777-35").as_str(), "11144477735");
    // First check digit is 0 (remainder 10).
    assert_eq!(key("123.456.789-09").kind_name(), "CPF");
}

#[test]
fn cpf_invalid() {
    assert_eq!(key_err("529.982.247-24"), PixKeyError::CpfCheckDigits);
    assert_eq!(key_err("529.982.247-35"), PixKeyError::CpfCheckDigits);
    assert_eq!(key_err("52998224752"), PixKeyError::CpfCheckDigits);
    assert_eq!(key_err("111.111.111-11"), PixKeyError::CpfRepeated);
    assert_eq!(key_err("00000000000"), PixKeyError::CpfRepeated);
    assert!(
        key_err("52998224724")
            .to_string()
            .contains("CPF check digits do not match")
    );
    // A phone without +55 is 11 bare digits: read as a CPF, and the
    // message points to +55.
    assert!(key_err("11987654321").to_string().contains("+55"));
    assert_eq!(
        key_err("5299822472"),
        PixKeyError::WrongDigitCount { given: 10 }
    );
    assert_eq!(
        key_err("529982247255"),
        PixKeyError::WrongDigitCount { given: 12 }
    );
}

#[test]
fn cnpj_valid() {
    assert_eq!(
        key("11.222.333/0001-81"),
        PixKey::Cnpj("11222333000181".into())
    );
    assert_eq!(key("11222333000181").kind_name(), "CNPJ");
    // The Receita Federal example of an alphanumeric CNPJ.
    assert_eq!(
        key("12.ABC.345/01DE-35"),
        PixKey::Cnpj("12ABC34501DE35".into())
    );
    assert_eq!(key("12.abc.345/01de-35").as_str(), "12ABC34501DE35");
}

#[test]
fn cnpj_invalid() {
    assert_eq!(key_err("11.222.333/0001-82"), PixKeyError::CnpjCheckDigits);
    assert_eq!(key_err("11.222.333/0001-18"), PixKeyError::CnpjCheckDigits);
    assert_eq!(key_err("00.000.000/0000-00"), PixKeyError::CnpjRepeated);
    assert_eq!(key_err("12.ABC.345/01DE-36"), PixKeyError::CnpjCheckDigits);
    assert_eq!(key_err("12.ABC.345/01DE-3X"), PixKeyError::CnpjCheckDigits);
    assert!(
        key_err("11222333000182")
            .to_string()
            .contains("CNPJ check digits do not match")
    );
}

#[test]
fn emails() {
    assert_eq!(
        key("Fulano.Tal@Example.com.br"),
        PixKey::Email("fulano.tal@example.com.br".into())
    );
    assert_eq!(key("a+b@x.io").kind_name(), "e-mail");
    let local = "a".repeat(MAX_EMAIL_CHARS - 6);
    assert!(PixKey::parse(&format!("{local}@x.com")).is_ok());
    assert_eq!(
        key_err(&format!("a{local}@x.com")),
        PixKeyError::EmailTooLong { given: 78 }
    );
    for bad in [
        "@example.com",
        "a@b@example.com",
        "fulano@example",
        "fulano @example.com",
        "fulano@exa mple.com",
        "fulano@.example.com",
        "fulano@example..com",
        "fulano@example.com.",
        "fulano@-example.com",
        "fulano@exa_mple.com",
        ".fulano@example.com",
        "ful..ano@example.com",
        "fu(lano@example.com",
        "joão@example.com",
        "fulano@",
    ] {
        assert!(
            matches!(key_err(bad), PixKeyError::EmailInvalid { .. }),
            "{bad}"
        );
    }
    assert!(
        key_err("fulano@example")
            .to_string()
            .contains("needs a dot")
    );
}

#[test]
fn phones() {
    assert_eq!(
        key("+5511987654321"),
        PixKey::Phone("+5511987654321".into())
    );
    assert_eq!(key("+55 (11) 98765-4321").as_str(), "+5511987654321");
    assert_eq!(key("+55 61 3333-4444").as_str(), "+556133334444");
    assert_eq!(key("+55.21.99999.0000").kind_name(), "phone");
    assert_eq!(key_err("+1 415 555 0100"), PixKeyError::PhoneNotBrazilian);
    assert_eq!(
        key_err("+55 11 9876-432"),
        PixKeyError::PhoneWrongLength { given: 9 }
    );
    assert_eq!(
        key_err("+55 11 987654-3210"),
        PixKeyError::PhoneWrongLength { given: 12 }
    );
    assert_eq!(
        key_err("+55 01 98765-4321"),
        PixKeyError::PhoneBadAreaCode { code: "01".into() }
    );
    assert_eq!(key_err("+55 11 88765-4321"), PixKeyError::PhoneNotMobile);
    assert_eq!(
        key_err("+55 11 98765/4321"),
        PixKeyError::PhoneInvalidCharacter { found: '/' }
    );
    assert_eq!(
        key_err("(11) 98765-4321"),
        PixKeyError::PhoneMissingCountryCode
    );
    assert_eq!(key_err("+"), PixKeyError::PhoneNotBrazilian);
}

#[test]
fn random_keys() {
    assert_eq!(
        key("123E4567-E89B-12D3-A456-426614174000"),
        PixKey::Random("123e4567-e89b-12d3-a456-426614174000".into())
    );
    assert_eq!(
        key("123e4567e89b12d3a456426614174000").as_str(),
        "123e4567-e89b-12d3-a456-426614174000"
    );
    assert_eq!(
        key(" 123e4567-e12b-12d1-a456-426655440000 ").kind_name(),
        "random key"
    );
    for bad in [
        "123e4567-e89b-12d3-a456-42661417400",
        "123e4567-e89b-12d3-a456-4266141740000",
        "123e4567e89b-12d3-a456-4266141740000",
        "123e4567-e89b-12d3-a456426614174000",
        "123e-4567-e89b-12d3-a456-426614174000",
    ] {
        assert_eq!(key_err(bad), PixKeyError::RandomKeyInvalid, "{bad}");
    }
}

#[test]
fn other_inputs() {
    assert_eq!(key_err(""), PixKeyError::Empty);
    assert_eq!(key_err("   "), PixKeyError::Empty);
    assert_eq!(
        key_err("fulano"),
        PixKeyError::Unrecognised {
            input: "fulano".into()
        }
    );
    assert!(key_err("fulano").to_string().contains("not a Pix key"));
    assert_eq!(key("529.982.247-25").to_string(), "52998224725");
}

#[test]
fn a_dynamic_code_gives_its_url_and_the_host_it_is_fetched_from() {
    let mut account = String::new();
    push_test_field(&mut account, "00", "br.gov.bcb.pix");
    push_test_field(&mut account, "25", "Pix.Bank.example:443/qr/v2/7d9f0335");
    let mut body = String::new();
    push_test_field(&mut body, "00", "01");
    push_test_field(&mut body, "01", "12");
    push_test_field(&mut body, "26", &account);
    push_test_field(&mut body, "52", "0000");
    push_test_field(&mut body, "53", "986");
    push_test_field(&mut body, "54", "500.00");
    push_test_field(&mut body, "58", "BR");
    push_test_field(&mut body, "59", "LOJA");
    push_test_field(&mut body, "60", "RECIFE");
    body.push_str("6304");
    let payload = format!("{body}{}", brcode_crc(&body));
    let code = verify_payment_code(&payload, d("500")).unwrap();
    assert_eq!(code.pix_key, None);
    assert_eq!(
        code.url.as_deref(),
        Some("Pix.Bank.example:443/qr/v2/7d9f0335")
    );
    assert_eq!(code.url_host().as_deref(), Some("pix.bank.example"));
    let static_code = BrCode::parse(PUBLISHED).unwrap();
    assert_eq!(static_code.url_host(), None);
    let tricked = BrCode {
        url: Some("https://bank.example@evil.example/qr".into()),
        ..static_code
    };
    assert_eq!(tricked.url_host().as_deref(), Some("evil.example"));
}

fn push_test_field(out: &mut String, id: &str, value: &str) {
    out.push_str(&format!("{id}{:02}{value}", value.chars().count()));
}

#[test]
fn eleven_digits_that_are_a_cpf_and_a_mobile_number_are_asked_about() {
    // A valid CPF whose digits are also São Paulo's (11) mobile 98765-4374.
    let Err(PixKeyError::Ambiguous { digits, phone }) = PixKey::parse("11987654374") else {
        panic!("expected ambiguous");
    };
    assert_eq!(
        (digits.as_str(), phone.as_str()),
        ("11987654374", "+5511987654374")
    );
    // Spaced or dashed as a phone is written, still either.
    assert!(matches!(
        PixKey::parse("11 98765-4374"),
        Err(PixKeyError::Ambiguous { .. })
    ));
    // The answer to "CPF or mobile?" reads it.
    assert_eq!(
        PixKey::parse_as("11987654374", PixKeyKind::Cpf),
        Ok(PixKey::Cpf("11987654374".into()))
    );
    assert_eq!(
        PixKey::parse_as("11987654374", PixKeyKind::Phone),
        Ok(PixKey::Phone("+5511987654374".into()))
    );
    assert!(matches!(
        PixKey::parse_as("11987654374", PixKeyKind::Email),
        Err(PixKeyError::NotOfKind { .. })
    ));
    // Written as a CPF or as a phone, it says itself.
    assert_eq!(
        PixKey::parse("119.876.543-74"),
        Ok(PixKey::Cpf("11987654374".into()))
    );
    assert_eq!(
        PixKey::parse("+55 11 98765-4374"),
        Ok(PixKey::Phone("+5511987654374".into()))
    );
    // As the service writes it (and as a document), eleven digits are a CPF.
    assert_eq!(
        PixKey::parse_wire("11987654374"),
        Ok(PixKey::Cpf("11987654374".into()))
    );
}

#[test]
fn a_cpf_that_no_mobile_number_could_be_is_a_cpf() {
    // 52 is no area code in use; 111.444.777-35 has no 9 after its area code.
    for cpf in ["52998224725", "11144477735"] {
        assert_eq!(PixKey::parse(cpf), Ok(PixKey::Cpf(cpf.into())), "{cpf}");
    }
}

#[test]
fn a_file_names_a_kind_in_either_language() {
    for (name, kind) in [
        ("CPF", PixKeyKind::Cpf),
        ("e-mail", PixKeyKind::Email),
        ("celular", PixKeyKind::Phone),
        ("Phone", PixKeyKind::Phone),
        ("aleatória", PixKeyKind::Random),
        ("evp", PixKeyKind::Random),
    ] {
        assert_eq!(PixKeyKind::from_name(name), Some(kind), "{name}");
    }
    assert_eq!(PixKeyKind::from_name("pager"), None);
    assert!(
        PixKeyKind::ALL
            .iter()
            .all(|kind| PixKeyKind::from_name(kind.name()) == Some(*kind))
    );
}
