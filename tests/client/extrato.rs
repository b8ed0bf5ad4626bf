//! `brlv-desk extrato` on the headless sandbox's demo account: the OFX and
//! the CSV hold every movement of the account's lists with its amount, in
//! the system's zone with the offset written; `--from` and `--to` narrow
//! them to those days.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::{Command, Output};

use brlv_core::api::model::{Deposit, Order, Transfer, WalletFilter, Withdrawal};
use brlv_core::api::{Client, ClientConfig, Signer};
use brlv_desk::app::resources::DEPOSIT_ASSETS;

use super::cli::{BIN, start_sandbox};

const ZONE: &str = "America/Sao_Paulo";

fn extrato(dir: &Path, base_url: &str, args: &[&str]) -> Output {
    Command::new(BIN)
        .arg("extrato")
        .args(args)
        .env("BRLV_BASE_URL", base_url)
        .env(
            "BRLV_API_KEY",
            std::fs::read_to_string(dir.join("api-key.txt"))
                .unwrap()
                .trim(),
        )
        .env("BRLV_PRIVATE_KEY_FILE", dir.join("private-key.pem"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("TZ", ZONE)
        .output()
        .unwrap()
}

/// The account's lists, as the client reads them.
struct Lists {
    orders: Vec<Order>,
    transfers: Vec<Transfer>,
    withdrawals: Vec<Withdrawal>,
    deposits: Vec<Deposit>,
    own: BTreeSet<String>,
}

fn lists(dir: &Path, base_url: &str) -> Lists {
    let key = brlv_core::credentials::read_private_key_file(&dir.join("private-key.pem")).unwrap();
    let api_key = std::fs::read_to_string(dir.join("api-key.txt")).unwrap();
    let signer = Signer::new(api_key.trim().to_owned().into(), key);
    let client = Client::new(ClientConfig::new(base_url, signer).unwrap()).unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let budget = 1 << 30;
        let mut deposits = Vec::new();
        for asset in DEPOSIT_ASSETS {
            let path = ["assets", asset.as_str(), "deposits"];
            deposits.extend(
                client
                    .get_list::<Deposit>(&path, "deposits", budget)
                    .await
                    .unwrap()
                    .rows,
            );
        }
        Lists {
            orders: client
                .get_list(&["orders"], "orders", budget)
                .await
                .unwrap()
                .rows,
            transfers: client
                .get_list(&["transfers"], "transfers", budget)
                .await
                .unwrap()
                .rows,
            withdrawals: client
                .get_list(&["withdrawals"], "withdrawals", budget)
                .await
                .unwrap()
                .rows,
            deposits,
            own: client
                .list_wallets(&WalletFilter::default())
                .await
                .unwrap()
                .into_iter()
                .map(|wallet| wallet.address.to_lowercase())
                .collect(),
        }
    })
}

/// The CSV's rows as maps of header to cell.
fn csv_rows(path: &Path) -> Vec<BTreeMap<String, String>> {
    let mut reader = csv::Reader::from_path(path).unwrap();
    let headers = reader.headers().unwrap().clone();
    reader
        .records()
        .map(|record| {
            let record = record.unwrap();
            headers
                .iter()
                .zip(record.iter())
                .map(|(header, cell)| (header.to_owned(), cell.to_owned()))
                .collect()
        })
        .collect()
}

/// Each movement of an OFX file: its FITID and amount.
fn ofx_entries(text: &str) -> BTreeMap<String, String> {
    let mut entries = BTreeMap::new();
    let mut amount = String::new();
    for line in text.lines() {
        if let Some(value) = line.strip_prefix("<TRNAMT>") {
            amount = value.to_owned();
        } else if let Some(fitid) = line.strip_prefix("<FITID>") {
            assert!(
                entries.insert(fitid.to_owned(), amount.clone()).is_none(),
                "{fitid} written twice"
            );
        }
    }
    entries
}

#[cfg(unix)]
#[test]
fn extrato_writes_every_movement_and_amount_as_ofx_and_csv() {
    let dir = tempfile::tempdir().unwrap();
    let (mut child, base_url) = start_sandbox(dir.path());
    let ofx = dir.path().join("extrato.ofx");
    let csv = dir.path().join("extrato.csv");
    let xlsx = dir.path().join("extrato.xlsx");
    let output = extrato(
        dir.path(),
        &base_url,
        &[
            "--ofx",
            ofx.to_str().unwrap(),
            "--csv",
            csv.to_str().unwrap(),
            "--xlsx",
            xlsx.to_str().unwrap(),
            "--language",
            "en",
        ],
    );
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(output.status.success(), "{stdout}{stderr}");
    assert!(stdout.contains(&format!("({ZONE} time)")), "{stdout}");
    assert!(
        stdout.contains(&format!("Wrote {}", ofx.display())),
        "{stdout}"
    );
    let lists = lists(dir.path(), &base_url);
    let rows = csv_rows(&csv);

    // The workbook holds the CSV's rows: the same kinds, ids and amounts,
    // each amount a number, each time a date.
    {
        use calamine::Reader;
        let mut workbook: calamine::Xlsx<_> = calamine::open_workbook(&xlsx).unwrap();
        let sheet = workbook.worksheet_range("Extrato").unwrap();
        let sheet_rows: Vec<&[calamine::Data]> = sheet.rows().skip(1).collect();
        assert_eq!(sheet_rows.len(), rows.len());
        for (cells, row) in sheet_rows.iter().zip(&rows) {
            assert_eq!(cells[1].to_string(), row["kind"]);
            assert_eq!(cells[2].to_string(), row["id"]);
            match &cells[6] {
                calamine::Data::Float(number) => {
                    let written: rust_decimal::Decimal = row["amount"].parse().unwrap();
                    // The cell holds the amount as the file format's number:
                    // equal to the CSV's to its last place shown (18 at most).
                    let places = written.scale().min(12);
                    assert_eq!(
                        format!("{number:.prec$}", prec = places as usize),
                        format!("{:.prec$}", written, prec = places as usize),
                        "{row:?}"
                    );
                }
                calamine::Data::Empty => assert_eq!(row["amount"], "", "{row:?}"),
                other => panic!("{other:?} for {row:?}"),
            }
            if !row["time"].is_empty() {
                assert!(matches!(cells[0], calamine::Data::DateTime(_)), "{row:?}");
            }
        }
    }

    // Every record of every list is in the CSV with each of its amounts,
    // signed as it moved the account.
    let has = |kind: &str, id: &uuid::Uuid, amount: String| {
        rows.iter().any(|row| {
            row["kind"] == kind && row["id"] == id.to_string() && row["amount"] == amount
        })
    };
    assert!(!lists.orders.is_empty() && !lists.deposits.is_empty());
    for order in &lists.orders {
        let paid = format!("-{}", order.source_amount().unwrap());
        assert!(has("order", &order.id, paid), "order {} paid", order.id);
        let received = order.target_amount().unwrap().to_string();
        assert!(
            has("order", &order.id, received),
            "order {} received",
            order.id
        );
    }
    for withdrawal in &lists.withdrawals {
        let amount = format!("-{}", withdrawal.amount().unwrap());
        assert!(
            has("withdrawal", &withdrawal.id, amount),
            "withdrawal {}",
            withdrawal.id
        );
    }
    for transfer in &lists.transfers {
        let to_own = transfer
            .target_address
            .as_deref()
            .is_some_and(|address| lists.own.contains(&address.to_lowercase()));
        let amount = transfer.amount().unwrap();
        // Out of the account, unless it arrives from elsewhere or moves
        // between its own wallets (as the extrato reads a transfer).
        let amount = if to_own {
            amount.to_string()
        } else {
            format!("-{amount}")
        };
        assert!(
            has("transfer", &transfer.id, amount),
            "transfer {}",
            transfer.id
        );
    }
    for deposit in &lists.deposits {
        let amount = deposit.amount().unwrap().to_string();
        assert!(
            has("deposit", &deposit.id, amount),
            "deposit {}",
            deposit.id
        );
    }
    // Times in the system's zone, with the offset: São Paulo has kept UTC−3
    // since 2019.
    for row in &rows {
        assert!(row["time"].ends_with("-03:00"), "{row:?}");
    }

    // The OFX holds exactly the legs that moved money, with their amounts.
    let text = std::fs::read_to_string(&ofx).unwrap();
    assert!(text.is_ascii());
    let entries = ofx_entries(&text);
    let counted: BTreeMap<String, String> = rows
        .iter()
        .filter(|row| row["counted"] == "true")
        .map(|row| {
            let fitid = format!("{}-{}-{}", row["kind"], row["id"], row["direction"]);
            (fitid, row["amount"].clone())
        })
        .collect();
    assert_eq!(entries, counted);
    assert!(
        rows.iter().any(|row| row["counted"] == "false"),
        "an undone movement is listed in the CSV"
    );
    assert!(text.contains("<ACCTID>BRL\n"), "{text}");
    assert!(text.contains("<ACCTID>BRLV\n"), "{text}");
    assert!(text.contains("[-3:BRT]"));

    // A narrower period: only its days, in São Paulo's calendar.
    let first = rows
        .iter()
        .map(|row| &row["time"][..10])
        .min()
        .unwrap()
        .to_owned();
    let last = rows
        .iter()
        .map(|row| &row["time"][..10])
        .max()
        .unwrap()
        .to_owned();
    let narrow = dir.path().join("narrow.csv");
    let (year, month, day) = (&last[..4], &last[5..7], &last[8..10]);
    let output = extrato(
        dir.path(),
        &base_url,
        &[
            "--csv",
            narrow.to_str().unwrap(),
            "--from",
            &last,
            "--to",
            &format!("{day}/{month}/{year}"),
        ],
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let narrowed = csv_rows(&narrow);
    assert!(
        !narrowed.is_empty() && narrowed.len() < rows.len(),
        "{first} to {last}"
    );
    assert!(narrowed.iter().all(|row| row["time"].starts_with(&last)));
    assert_eq!(
        narrowed.len(),
        rows.iter()
            .filter(|row| row["time"].starts_with(&last))
            .count()
    );

    let _ = child.kill();
    let _ = child.wait();
}

#[test]
fn extrato_asks_for_a_file_and_refuses_a_reversed_period() {
    let output = Command::new(BIN)
        .args(["extrato", "--from", "2026-03-01"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("--ofx") && stderr.contains("--csv"),
        "{stderr}"
    );

    let output = Command::new(BIN)
        .args([
            "extrato",
            "--csv",
            "x.csv",
            "--from",
            "2026-03-10",
            "--to",
            "01/03/2026",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("is after"), "{stderr}");

    let output = Command::new(BIN)
        .args(["extrato", "--csv", "x.csv", "--from", "yesterday"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("not a date"), "{stderr}");
}
