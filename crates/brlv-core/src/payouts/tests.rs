#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;

use rust_decimal::Decimal;
use time::OffsetDateTime;
use uuid::Uuid;

use super::run::*;
use super::status::{StatusError, restate};
use super::*;
use crate::journal::{Outcome, OutcomeRecord, PostRecord, Store};
use crate::payment_stage::PaymentStage;

const HEADER: &str = "method,amount,asset,pix_key,bank_code,branch,account,account_type,document,name,address,reference\n";
const ADDRESS: &str = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

fn file(rows: &[&str]) -> Vec<u8> {
    let mut text = HEADER.to_owned();
    for row in rows {
        text.push_str(row);
        text.push('\n');
    }
    text.into_bytes()
}

fn errors_of(bytes: &[u8]) -> Vec<RowError> {
    match parse(bytes) {
        Err(FileError::Rows(errors)) => errors,
        other => panic!("expected row errors, got {other:?}"),
    }
}

fn dec(text: &str) -> Decimal {
    text.parse().unwrap()
}

#[test]
fn each_method_becomes_the_body_the_withdrawals_form_sends() {
    let batch = parse(&file(&[
        "pix,\"1234,50\",,+55 (11) 98765-4321,,,,,,,,invoice 17",
        "ted,99.90,fiat/brl,,341,1234,12345-6,savings,529.982.247-25,Ana Souza,,",
        &format!("token,0.5,eth-base/brlv,,,,,,,,{ADDRESS},"),
    ]))
    .unwrap();
    assert_eq!(batch.rows.len(), 3);
    let bodies: Vec<serde_json::Value> = batch
        .rows
        .iter()
        .map(|row| serde_json::from_str(&row.body()).unwrap())
        .collect();
    assert_eq!(
        bodies[0],
        serde_json::json!({"asset": "fiat/brl", "method": "pix", "amount": "1234.50",
                           "pix-key": "+5511987654321"})
    );
    assert_eq!(
        bodies[1],
        serde_json::json!({"asset": "fiat/brl", "method": "ted", "amount": "99.90",
                           "bank-code": "341", "branch": "1234", "account": "12345-6",
                           "account-type": "savings", "document": "52998224725",
                           "name": "Ana Souza"})
    );
    assert_eq!(
        bodies[2],
        serde_json::json!({"asset": "eth-base/brlv", "method": "token", "amount": "0.5",
                           "target-address": ADDRESS})
    );
    assert_eq!(batch.rows[0].reference.as_deref(), Some("invoice 17"));
    assert_eq!((batch.rows[2].row, batch.rows[2].line), (3, 4));
}

#[test]
fn a_bad_row_is_named_by_its_row_and_column_and_nothing_is_accepted() {
    let errors = errors_of(&file(&[
        "pix,10.00,,ana@example.com,,,,,,,,",
        "pix,10.00,,123.456.789-00,,,,,,,,",
    ]));
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!((errors[0].row, errors[0].line), (2, 3));
    assert_eq!(errors[0].column, "pix_key");
    assert!(
        errors[0]
            .to_string()
            .starts_with("row 2 (line 3), column pix_key: ")
    );
}

#[test]
fn check_keeps_each_rows_result_where_parse_refuses_the_file() {
    let bytes = file(&[
        "pix,10.00,,ana@example.com,,,,,,,,",
        "pix,10.00,,123.456.789-00,,,,,,,,",
        "pix,10.00,,ana@example.com,,,,,,,,",
    ]);
    let checked = check(&bytes).unwrap();
    assert_eq!(
        checked.rows.iter().map(|row| row.row).collect::<Vec<_>>(),
        [1, 3]
    );
    assert_eq!(checked.errors.len(), 1);
    assert_eq!(checked.errors[0].row, 2);
    assert_eq!(checked.identical, vec![vec![1, 3]]);
    assert_eq!(checked.clone().into_batch(), parse(&bytes));
    assert_eq!(check(b"method,amount\n"), Err(FileError::Empty));
}

#[test]
fn each_validator_refuses_what_the_form_refuses() {
    let cases: &[(&str, &str)] = &[
        ("pay,1,,ana@example.com,,,,,,,,", "method"),
        ("pix,1.001,,ana@example.com,,,,,,,,", "amount"),
        ("pix,0,,ana@example.com,,,,,,,,", "amount"),
        ("pix,1,,,,,,,,,,", "pix_key"),
        ("pix,1,eth-base/brlv,ana@example.com,,,,,,,,", "asset"),
        ("pix,1,,ana@example.com,341,,,,,,,", "bank_code"),
        (
            "ted,1,,,34,1234,12345-6,checking,52998224725,Ana,,",
            "bank_code",
        ),
        (
            "ted,1,,,341,12345,12345-6,checking,52998224725,Ana,,",
            "branch",
        ),
        (
            "ted,1,,,341,1234,123456,checking,52998224725,Ana,,",
            "account",
        ),
        (
            "ted,1,,,341,1234,12345-6,salary,52998224725,Ana,,",
            "account_type",
        ),
        (
            "ted,1,,,341,1234,12345-6,checking,52998224724,Ana,,",
            "document",
        ),
        (
            "ted,1,,,341,1234,12345-6,checking,11.222.333/0001-80,Ana,,",
            "document",
        ),
        (
            "ted,1,,,341,1234,12345-6,checking,ana@example.com,Ana,,",
            "document",
        ),
        ("ted,1,,,341,1234,12345-6,checking,52998224725,,,", "name"),
        (
            "token,1,eth-base/brlv,,,,,,,,0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed,",
            "address",
        ),
        (
            "token,1,,,,,,,,,0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed,",
            "asset",
        ),
        (
            "token,1,fiat/brl,,,,,,,,0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed,",
            "asset",
        ),
        (
            "token,1,eth-base/nope,,,,,,,,0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed,",
            "asset",
        ),
        (
            "token,1.0000000000000000001,eth-base/brlv,,,,,,,,0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed,",
            "amount",
        ),
    ];
    for (row, column) in cases {
        let errors = errors_of(&file(&[row]));
        assert!(
            errors
                .iter()
                .any(|error| error.column == *column && error.row == 1),
            "{row}: expected an error in {column}, got {errors:?}"
        );
    }
    // And the valid counterparts pass: a CNPJ with its dots, an upper-case
    // type, 18 places for BRLV.
    parse(&file(&[
        "ted,1,,,341,1234,12345-X,CHECKING,11.222.333/0001-81,Empresa Ltda,,",
        &format!("token,1.000000000000000001,eth-base/brlv,,,,,,,,{ADDRESS},"),
    ]))
    .unwrap();
}

#[test]
fn the_header_must_name_known_columns_and_the_required_ones() {
    assert!(matches!(
        parse(b"method,amount,pixkey\npix,1,ana@example.com\n"),
        Err(FileError::Header(message)) if message.contains("pixkey")
    ));
    assert!(matches!(
        parse(b"method,pix_key\npix,ana@example.com\n"),
        Err(FileError::Header(message)) if message.contains("amount")
    ));
    assert_eq!(parse(b"method,amount\n"), Err(FileError::Empty));
    // A file with only the columns its rows need, semicolons and a BOM, as
    // a spreadsheet saves it in Brazil.
    let batch =
        parse("\u{feff}Method;Amount;PIX-Key\npix;10,50;ana@example.com\n".as_bytes()).unwrap();
    assert_eq!(batch.rows[0].request.amount, dec("10.50"));
    // A TED row in a file without the TED columns names the missing one.
    let errors = errors_of(b"method,amount,pix_key\nted,1,\n");
    assert!(
        errors.iter().any(|error| error.column == "bank_code"
            && error.message.contains("missing from the header"))
    );
}

#[test]
fn identical_looking_rows_are_refused_saying_why() {
    let result = parse(&file(&[
        "pix,10.00,,ana@example.com,,,,,,,,first",
        "pix,12.00,,ana@example.com,,,,,,,,",
        "pix,10.0,,ANA@example.com,,,,,,,,second",
    ]));
    let Err(error @ FileError::Identical(_)) = result else {
        panic!("{result:?}");
    };
    assert_eq!(error, FileError::Identical(vec![vec![1, 3]]));
    let words = error.to_string();
    assert!(words.contains("rows 1 and 3"), "{words}");
    assert!(words.contains("no idempotency key"), "{words}");
    // The same amount to another key, or another amount, is not identical.
    parse(&file(&[
        "pix,10.00,,ana@example.com,,,,,,,,",
        "pix,10.00,,bia@example.com,,,,,,,,",
    ]))
    .unwrap();
}

#[test]
fn the_total_per_asset_and_the_balances_that_must_cover_it() {
    let batch = parse(&file(&[
        "pix,10.50,,ana@example.com,,,,,,,,",
        "ted,1000.00,,,341,1234,12345-6,checking,52998224725,Ana,,",
        &format!("token,0.25,eth-base/brlv,,,,,,,,{ADDRESS},"),
        &format!("token,0.75,tempo/brlv,,,,,,,,{ADDRESS},"),
        &format!("token,3,eth-base/wbrly,,,,,,,,{ADDRESS},"),
    ]))
    .unwrap();
    let summary = batch.summary();
    assert_eq!(summary.rows, 5);
    assert_eq!(summary.totals[&Asset::FiatBrl], dec("1010.50"));
    assert_eq!(summary.totals[&Asset::EthBaseBrlv], dec("0.25"));

    let balances = |brl: &str, brlv: &str| {
        BTreeMap::from([
            (BalanceAsset::Brl, dec(brl)),
            (BalanceAsset::Brlv, dec(brlv)),
        ])
    };
    let covered = check_balances(&summary.totals, &balances("1010.50", "1"));
    assert!(covered.covers(), "{covered:?}");
    assert_eq!(covered.unchecked, vec![Asset::EthBaseWbrly]);
    // BRLV on two chains is paid from one balance: 0.25 + 0.75 > 0.99.
    let short = check_balances(&summary.totals, &balances("1010.49", "0.99"));
    assert_eq!(
        short.short,
        vec![
            Shortfall {
                balance: BalanceAsset::Brl,
                total: dec("1010.50"),
                available: dec("1010.49"),
            },
            Shortfall {
                balance: BalanceAsset::Brlv,
                total: dec("1.00"),
                available: dec("0.99"),
            },
        ]
    );
    assert!(short.short[0].to_string().contains("0.01 short"));
}

#[test]
fn a_batch_is_its_rows_not_its_bytes() {
    let bytes = file(&[
        "pix,10.00,,ana@example.com,,,,,,,,NF 1",
        "pix,20.00,,+5511987654321,,,,,,,,NF 2",
    ]);
    let batch = parse(&bytes).unwrap();
    assert_eq!(batch.id.len(), 64);
    assert_eq!(batch.file_sha256, file_hash(&bytes));
    assert_ne!(batch.id, batch.file_sha256);
    // What a spreadsheet writes when the same rows are saved again: a
    // byte-order mark, CRLF, a trailing blank line, the columns in another
    // order, cells quoted, semicolons, amounts without their zeros.
    let resaved = "\u{feff}pix_key;method;amount;reference\r\n\
                   \"ana@example.com\";pix;10;\"NF 1\"\r\n\
                   ;;;\r\n\
                   +55 11 98765-4321;PIX;\"20,00\";NF 2\r\n\
                   \r\n";
    let again = parse(resaved.as_bytes()).unwrap();
    assert_ne!(again.file_sha256, batch.file_sha256);
    assert_eq!(again.id, batch.id, "the same rows are the same batch");
    assert_eq!(
        again.rows.iter().map(|row| row.row).collect::<Vec<_>>(),
        vec![1, 2],
        "a blank row is not a row"
    );
    // Another amount, another order or another reference is another batch.
    for other in [
        file(&[
            "pix,10.01,,ana@example.com,,,,,,,,NF 1",
            "pix,20.00,,+5511987654321,,,,,,,,NF 2",
        ]),
        file(&[
            "pix,20.00,,+5511987654321,,,,,,,,NF 2",
            "pix,10.00,,ana@example.com,,,,,,,,NF 1",
        ]),
        file(&[
            "pix,10.00,,ana@example.com,,,,,,,,NF 3",
            "pix,20.00,,+5511987654321,,,,,,,,NF 2",
        ]),
    ] {
        assert_ne!(parse(&other).unwrap().id, batch.id);
    }
}

#[test]
fn an_ambiguous_pix_key_is_refused_naming_its_row_until_its_kind_is_said() {
    // 11987654374 is a valid CPF and also São Paulo's mobile 98765-4374.
    let errors = errors_of(&file(&[
        "pix,10.00,,ana@example.com,,,,,,,,",
        "pix,20.00,,11987654374,,,,,,,,",
    ]));
    assert_eq!(errors.len(), 1);
    assert_eq!((errors[0].row, errors[0].line), (2, 3));
    assert_eq!(errors[0].column, "pix_key");
    assert!(matches!(
        errors[0].problem,
        CellProblem::AmbiguousPixKey { ref digits, ref phone }
            if digits == "11987654374" && phone == "+5511987654374"
    ));
    assert!(errors[0].to_string().contains("pix_key_type"));
    let with_kind = |kind: &str| {
        let text = format!("method,amount,pix_key,pix_key_type\npix,20.00,11987654374,{kind}\n");
        parse(text.as_bytes())
    };
    let as_cpf = with_kind("cpf").unwrap();
    assert_eq!(
        as_cpf.rows[0].request.pix_key.as_deref(),
        Some("11987654374")
    );
    let as_phone = with_kind("celular").unwrap();
    assert_eq!(
        as_phone.rows[0].request.pix_key.as_deref(),
        Some("+5511987654374")
    );
    assert_ne!(as_cpf.id, as_phone.id, "two different payees");
    let Err(FileError::Rows(wrong)) = with_kind("email") else {
        panic!("an e-mail kind for digits is refused");
    };
    assert_eq!(wrong[0].column, "pix_key");
    let Err(FileError::Rows(unknown)) = with_kind("pager") else {
        panic!("an unknown kind is refused");
    };
    assert_eq!(unknown[0].column, "pix_key_type");
    // The forms that say it need no column.
    for written in ["119.876.543-74", "+55 11 98765-4374"] {
        let text = format!("method,amount,pix_key\npix,20.00,{written}\n");
        assert!(parse(text.as_bytes()).is_ok(), "{written}");
    }
    // A TED document is never a phone: eleven digits there are a CPF.
    assert!(
        parse(&file(&[
            "ted,99.90,fiat/brl,,341,1234,12345-6,savings,11987654374,Ana Souza,,"
        ]))
        .is_ok()
    );
}

fn post_for(row: &PayoutRow) -> PostRecord {
    PostRecord {
        id: Uuid::new_v4(),
        sent_at: OffsetDateTime::now_utc(),
        form: "withdrawal".to_owned(),
        method: "POST".to_owned(),
        endpoint: run::ENDPOINT.to_owned(),
        body: row.body(),
    }
}

#[test]
fn the_plan_resumes_from_the_journal_and_refuses_a_finished_file_unless_again() {
    let batch = parse(&file(&[
        "pix,1.00,,ana@example.com,,,,,,,,",
        "pix,2.00,,ana@example.com,,,,,,,,",
        "pix,3.00,,ana@example.com,,,,,,,,",
        "pix,4.00,,ana@example.com,,,,,,,,",
        "pix,5.00,,ana@example.com,,,,,,,,",
    ]))
    .unwrap();
    let mut store = Store::in_memory().unwrap();
    let fresh = plan(&batch, &store, false).unwrap();
    assert!(fresh.resumes.is_none());
    assert!(fresh.rows.iter().all(|row| *row == PlannedRow::Send));
    assert_eq!(fresh.to_send(&batch).totals[&Asset::FiatBrl], dec("15.00"));

    // A run that was killed: row 1 done, row 2 refused, row 3 left with no
    // outcome, row 4 not applied; row 5 never journaled.
    let now = OffsetDateTime::now_utc();
    let run = store.start_batch_run(&batch.id, 5, now).unwrap();
    let outcome = |post: &PostRecord, outcome, answer: Option<&str>| OutcomeRecord {
        post_id: post.id,
        at: now,
        outcome,
        answer_lost: false,
        answer: answer.map(str::to_owned),
        error: Some("HTTP 422: no".to_owned()),
        reread_error: None,
    };
    let posts: Vec<PostRecord> = batch.rows.iter().take(4).map(post_for).collect();
    for (row, post) in batch.rows.iter().zip(&posts) {
        store.append_batch_post(run, row.row, post, None).unwrap();
    }
    store
        .append_outcome(&outcome(
            &posts[0],
            Outcome::Created,
            Some(r#"{"id":"w-1"}"#),
        ))
        .unwrap();
    store
        .append_outcome(&outcome(&posts[1], Outcome::Refused, None))
        .unwrap();
    store
        .append_outcome(&outcome(&posts[3], Outcome::NotApplied, None))
        .unwrap();
    let resumed = plan(&batch, &store, false).unwrap();
    assert_eq!(resumed.resumes.as_ref().map(|run| run.run), Some(run));
    assert_eq!(resumed.rows[0], PlannedRow::Done { id: "w-1".into() });
    assert!(matches!(resumed.rows[1], PlannedRow::Refused { .. }));
    assert_eq!(
        resumed.rows[2],
        PlannedRow::InFlight {
            post_id: posts[2].id
        }
    );
    assert!(matches!(resumed.rows[3], PlannedRow::NotDone { .. }));
    assert_eq!(resumed.rows[4], PlannedRow::Send);
    assert_eq!(resumed.in_flight(), 1);
    let to_send = resumed.to_send(&batch);
    assert_eq!(
        (to_send.rows, to_send.totals[&Asset::FiatBrl]),
        (2, dec("9.00"))
    );

    let record = store.batch_runs(&batch.id).unwrap().pop().unwrap();
    store.finish_batch_run(&record, now).unwrap();
    assert!(matches!(
        plan(&batch, &store, false),
        Err(PlanError::Finished { rows: 5, .. })
    ));
    let again = plan(&batch, &store, true).unwrap();
    assert!(again.resumes.is_none());
    assert_eq!(again.finished_before.map(|run| run.run), Some(run));
    assert!(again.rows.iter().all(|row| *row == PlannedRow::Send));
}

#[test]
fn the_result_file_keeps_every_cell_inert() {
    let batch = parse(&file(&[
        "pix,1.00,,ana@example.com,,,,,,,,=HYPERLINK(\"x\")",
    ]))
    .unwrap();
    let mut out = Vec::new();
    let states = ServiceStates::from([("w-1".to_owned(), "created".to_owned())]);
    result_csv(
        &batch,
        &[RowOutcome::Done { id: "w-1".into() }],
        &states,
        &mut out,
    )
    .unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.starts_with(
        "row,line,method,asset,amount,destination,reference,outcome,state,id,detail\n"
    ));
    assert!(
        text.contains(
            "1,2,pix,fiat/brl,1.00,ana@example.com,\"'=HYPERLINK(\"\"x\"\")\",sent,created,w-1,"
        ),
        "{text}"
    );
}

#[test]
fn a_row_the_service_accepted_is_sent_until_the_service_says_completed() {
    let batch = parse(&file(&[
        "pix,1.00,,ana@example.com,,,,,,,,",
        "pix,2.00,,bia@example.com,,,,,,,,",
        "pix,3.00,,caio@example.com,,,,,,,,",
    ]))
    .unwrap();
    let outcomes = [
        RowOutcome::Done { id: "w-1".into() },
        RowOutcome::Done { id: "w-2".into() },
        RowOutcome::Done { id: "w-3".into() },
    ];
    let states = ServiceStates::from([
        ("w-1".to_owned(), "created".to_owned()),
        ("w-2".to_owned(), "pending-payment".to_owned()),
        ("w-3".to_owned(), "completed".to_owned()),
    ]);
    let mut out = Vec::new();
    result_csv(&batch, &outcomes, &states, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains(",sent,created,w-1,"), "{text}");
    assert!(text.contains(",sent,pending-payment,w-2,"), "{text}");
    assert!(text.contains(",paid,completed,w-3,"), "{text}");
    assert!(!text.contains(",done,"), "{text}");
    // Not read yet: sent, never paid.
    assert!(!outcomes[0].stage(None).is_paid());
    assert_eq!(outcomes[0].result_word(None), "sent");
}

#[test]
fn a_result_file_is_brought_up_to_date_from_the_services_states() {
    // As an earlier version wrote it: `done`, and no state column.
    let old = "row,line,method,asset,amount,destination,reference,outcome,id,detail\n\
               1,2,pix,fiat/brl,1.00,ana@example.com,,done,w-1,\n\
               2,3,pix,fiat/brl,2.00,bia@example.com,,done,w-2,\n\
               3,4,pix,fiat/brl,3.00,caio@example.com,,refused,,no such key\n\
               4,5,pix,fiat/brl,4.00,davi@example.com,,done,w-4,\n";
    let states = ServiceStates::from([
        ("w-1".to_owned(), "completed".to_owned()),
        ("w-2".to_owned(), "created".to_owned()),
    ]);
    let (rows, bytes) = restate(old.as_bytes(), &states).unwrap();
    let text = String::from_utf8(bytes).unwrap();
    assert!(
        text.starts_with(
            "row,line,method,asset,amount,destination,reference,outcome,state,id,detail\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("1,2,pix,fiat/brl,1.00,ana@example.com,,paid,completed,w-1,\n"),
        "{text}"
    );
    assert!(
        text.contains("2,3,pix,fiat/brl,2.00,bia@example.com,,sent,created,w-2,\n"),
        "{text}"
    );
    assert!(text.contains(",refused,,,no such key\n"), "{text}");
    // Not listed: kept as sent with no state, never paid.
    assert!(text.contains(",sent,,w-4,\n"), "{text}");
    assert_eq!(rows[0].stage, Some(PaymentStage::Paid));
    assert!(!rows[1].stage.as_ref().unwrap().is_paid());
    assert_eq!(rows[2].stage, None);
    assert!(rows[3].unlisted);
    // Read again, the same states: the same file.
    let (_, again) = restate(text.as_bytes(), &states).unwrap();
    assert_eq!(String::from_utf8(again).unwrap(), text);
    assert!(matches!(
        restate(b"method,amount\npix,1.00\n", &states),
        Err(StatusError::MissingColumn("outcome"))
    ));
}
