//! `brlv-desk tax-report` on the headless sandbox's demo account: its year
//! of history read month by month, with a claim this device made and a
//! paid mark kept in the profile's journal.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Output};

use brlv_core::tax::{TaxInput, YearMonth, calendar, journal};
use time::OffsetDateTime;

use super::cli::{BIN, start_sandbox, start_sandbox_mid_month};

fn with_credentials(command: &mut Command, dir: &Path, base_url: &str) {
    command
        .env("BRLV_BASE_URL", base_url)
        .env(
            "BRLV_API_KEY",
            std::fs::read_to_string(dir.join("api-key.txt"))
                .unwrap()
                .trim(),
        )
        .env("BRLV_PRIVATE_KEY_FILE", dir.join("private-key.pem"))
        .env("XDG_DATA_HOME", dir.join("data"));
}

fn tax_report(dir: &Path, base_url: &str, year: i32, out: &Path) -> Output {
    let mut command = Command::new(BIN);
    command
        .args(["tax-report", "--year", &year.to_string(), "--csv"])
        .arg(out)
        // The Banco Central unreachable (nothing listens on port 1), as it
        // is from a machine with no network: a day's dollar rate fails, is
        // said, and the value comes from the next source, never a zero.
        .env("BRLV_PTAX_URL", "http://127.0.0.1:1");
    with_credentials(&mut command, dir, base_url);
    command.output().unwrap()
}

fn months_ago(now: OffsetDateTime, count: usize) -> YearMonth {
    let mut month = YearMonth::in_brasilia(now);
    for _ in 0..count {
        month = month.previous();
    }
    month
}

/// Makes a claim on the sandbox with `call`, which journals it as the
/// app's worker would (the POST, then its answer).
fn claim_through_the_journal(dir: &Path, base_url: &str, now: OffsetDateTime) {
    let body = r#"{"amount":"500.00","target-asset-code":"brlv"}"#;
    let mut command = Command::new(BIN);
    command.args([
        "call",
        "POST",
        "/api/v0/claims",
        "--allow-plain-key",
        "--quiet",
        "--data",
        body,
    ]);
    with_credentials(&mut command, dir, base_url);
    let output = command.output().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(output.status.success(), "{stdout}");
    let answer: serde_json::Value =
        serde_json::from_str(stdout.trim_start_matches("HTTP 200\n")).unwrap();
    let claim_id = answer["claim"]["id"].as_str().unwrap().to_owned();

    // `call` journaled the claim and its answer, as the app's worker does.
    let journal_dir = dir.join("data").join("brlv-desk").join("journal");
    let path = brlv_core::journal::file_for(&journal_dir, "127.0.0.1", base_url);
    let (mut store, _) = brlv_core::journal::Store::open(&path).unwrap();
    let claims = journal::read_claims(&store).unwrap();
    assert_eq!(claims.len(), 1, "the claim `call` made is in the journal");
    assert_eq!(claims[0].claim.id.to_string(), claim_id);
    journal::write_typed(
        &mut store,
        &TaxInput::Paid {
            month: months_ago(now, 7),
            paid: true,
        },
        now,
    )
    .unwrap();
}

/// `months.csv`'s rows by month, over every year asked.
fn month_rows(dir: &Path) -> BTreeMap<String, Vec<String>> {
    let text = std::fs::read_to_string(dir.join("months.csv")).unwrap();
    let mut lines = text.lines();
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("month,sales_brl,exempt,gain_brl,tax_brl,darf_due,")
    );
    lines
        .map(|line| {
            let cells: Vec<String> = line.split(',').map(str::to_owned).collect();
            (cells[0].clone(), cells)
        })
        .collect()
}

#[cfg(unix)]
#[test]
fn tax_report_reads_the_demo_year_month_by_month() {
    let dir = tempfile::tempdir().unwrap();
    let (mut child, base_url, now) = start_sandbox_mid_month(dir.path());
    claim_through_the_journal(dir.path(), &base_url, now);

    let mut rows = BTreeMap::new();
    let mut summaries = String::new();
    let mut ledgers = String::new();
    let mut years: Vec<i32> = (2..=11).map(|ago| months_ago(now, ago).year).collect();
    years.push(now.year());
    years.sort_unstable();
    years.dedup();
    for year in years {
        let out = dir.path().join(format!("report-{year}"));
        let output = tax_report(dir.path(), &base_url, year, &out);
        let stdout = String::from_utf8(output.stdout).unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(output.status.success(), "{stdout}{stderr}");
        summaries.push_str(&stdout);
        rows.extend(month_rows(&out));
        ledgers.push_str(&std::fs::read_to_string(out.join("ledger.csv")).unwrap());
        let positions = std::fs::read_to_string(out.join("positions.csv")).unwrap();
        assert!(positions.starts_with("asset,quantity,average_cost_brl,total_cost_brl,"));
    }
    let row = |ago: usize| -> Vec<String> {
        let month = months_ago(now, ago).iso();
        rows.get(&month)
            .unwrap_or_else(|| panic!("no row for {month}: {rows:?}"))
            .clone()
    };
    let head = |ago: usize| row(ago)[1..6].join(",");

    // 9 months ago: 1,000 USDC of 4,975 bought for R$25,000.00 cost
    // 25,000.00 × 1,000 / 4,975 = 5,025.1256… → 5,025.13; sold for
    // 5,500.00 before a 27.50 fee: a gain of 447.37, exempt.
    assert_eq!(head(9), "5500.00,true,447.37,0.00,");
    // 7 months ago: 2,000 USDC (cost 19,974.87 × 2,000 / 3,975 = 10,050.25)
    // sold for 11,200.00 − 56.00: +1,093.75; 25,000 BRLV of 79,600 bought
    // for 80,000.00 (cost 25,125.63) sold for 25,000.00 − 125.00: −250.63.
    // Sales 36,200.00 > 35,000: taxable; the loss is not subtracted, so
    // 15 % of 1,093.75 = 164.0625 → 164.06, due the next month's last
    // business day, and marked paid in the journal.
    let due = calendar::darf_due(months_ago(now, 7)).unwrap();
    let due = format!(
        "{:04}-{:02}-{:02}",
        due.year(),
        u8::from(due.month()),
        due.day()
    );
    assert_eq!(head(7), format!("36200.00,false,843.12,164.06,{due}"));
    assert_eq!(row(7)[8], "1093.75", "the taxable gain");
    assert_eq!(row(7)[12], "164.06", "the DARF");
    assert_eq!(row(7)[14], "true", "marked paid");
    // 5 months ago: the swap sells 500 USDC, valued on its day at the
    // account's last order of USDC in reais before it (7 months ago, 2,000
    // sold for 11,200.00: 5.60 each), not at the service's price of today
    // (5.40): 2,800.00 against a cost of 9,924.62 × 500 / 1,975 = 2,512.56,
    // less its fee of 2.5 USDT at the swap's 5.60 a unit (14.00): 273.44.
    assert_eq!(head(5), "2800.00,true,273.44,0.00,");
    // 3 months ago: wBRLY 10,746.00 + BRLV 24,254.00 = exactly 35,000.00:
    // exempt. wBRLY: 10,746.00 − 53.73 − 10,000.00 = +692.27; BRLV: cost
    // 54,874.37 × 24,254 / 54,600 = 24,375.8785… → 24,375.88, sold for
    // 24,254.00 − 121.27: −243.15. The month's gain: 449.12.
    assert_eq!(head(3), "35000.00,true,449.12,0.00,");
    assert_eq!(row(3)[9], "692.27", "the exempt gain");
    // 2 months ago: 200 USDT of 997.5 (500 arrived at cost zero, 497.5 from
    // the swap at 2,800.00 less its fee, 2,786.00): cost 2,786.00 × 200 /
    // 997.5 = 558.5965… → 558.60; sold for 1,090.00 − 5.45: +525.95.
    assert_eq!(head(2), "1090.00,true,525.95,0.00,");

    // The swap, the deposit from outside and the claim are in the ledger.
    assert!(
        ledgers.contains(",USDC,swap-out,500.000000,2800.00,"),
        "{ledgers}"
    );
    assert!(ledgers.contains("last-order"), "{ledgers}");
    assert!(ledgers.contains("dollar-rate-failed"), "{ledgers}");
    assert!(ledgers.contains(",USDT,arrived,500,0.00,"), "{ledgers}");
    assert!(ledgers.contains("cost-missing"), "{ledgers}");
    assert!(ledgers.contains(",claim,BRLV,claim,"), "{ledgers}");
    assert!(summaries.contains("TAXABLE"), "{summaries}");
    assert!(summaries.contains("DARF 4600 R$164.06"), "{summaries}");
    assert!(summaries.contains("(paid)"), "{summaries}");
    assert!(summaries.contains("not tax advice"), "{summaries}");

    let _ = child.kill();
    let _ = child.wait();
}

#[test]
fn tax_report_without_credentials_says_what_is_missing() {
    let output = Command::new(BIN)
        .args(["tax-report", "--year", "2026"])
        .env_remove("BRLV_BASE_URL")
        .env_remove("BRLV_API_KEY")
        .env_remove("BRLV_PRIVATE_KEY_FILE")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("BRLV_BASE_URL is not set"), "{stderr}");
}

#[cfg(unix)]
#[test]
fn tax_report_keeps_outflow_answers_in_the_journal_and_refuses_an_unknown_one() {
    let dir = tempfile::tempdir().unwrap();
    let (mut child, base_url) = start_sandbox(dir.path());
    let id = "00000000-0000-4000-8000-0000000000aa";
    let out = dir.path().join("report");
    let mut command = Command::new(BIN);
    command
        .args(["tax-report", "--year", "2026", "--csv"])
        .arg(&out)
        .args(["--outflow", &format!("{id}=gift")])
        .args(["--outflow-value", &format!("{id}=123.45")])
        .env("BRLV_PTAX_URL", "http://127.0.0.1:1");
    with_credentials(&mut command, dir.path(), &base_url);
    let output = command.output().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(output.status.success(), "{stdout}{stderr}");
    assert!(
        std::fs::read_to_string(out.join("ledger.csv"))
            .unwrap()
            .lines()
            .next()
            .unwrap()
            .ends_with(",value_source,outflow_answer")
    );

    // Kept where the app reads what the person typed.
    let journal_dir = dir.path().join("data").join("brlv-desk").join("journal");
    let path = brlv_core::journal::file_for(&journal_dir, "127.0.0.1", &base_url);
    let (store, _) = brlv_core::journal::Store::open(&path).unwrap();
    let (typed, _) = journal::read_typed(&store).unwrap();
    let record = uuid::Uuid::parse_str(id).unwrap();
    assert_eq!(
        typed.outflow_answer(&record),
        Some(brlv_core::tax::OutflowAnswer::Gift)
    );
    assert_eq!(typed.outflow_value(&record).unwrap().to_string(), "123.45");

    let mut command = Command::new(BIN);
    command
        .args(["tax-report", "--year", "2026"])
        .args(["--outflow", &format!("{id}=sale")]);
    with_credentials(&mut command, dir.path(), &base_url);
    let output = command.output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("payment, own, gift or none"), "{stderr}");

    let _ = child.kill();
    let _ = child.wait();
}

/// Runs `tax-report` with the sandbox also answering for the Banco
/// Central's monthly Selic, and `extra` arguments.
fn tax_report_with(dir: &Path, base_url: &str, year: i32, out: &Path, extra: &[&str]) -> Output {
    let mut command = Command::new(BIN);
    command
        .args(["tax-report", "--year", &year.to_string(), "--csv"])
        .arg(out)
        .args(extra)
        .env("BRLV_PTAX_URL", "http://127.0.0.1:1")
        .env("BRLV_SELIC_URL", base_url);
    with_credentials(&mut command, dir, base_url);
    command.output().unwrap()
}

#[cfg(unix)]
#[test]
fn tax_report_shows_a_late_darf_with_its_fine_and_selic_and_the_declaration_whole() {
    let dir = tempfile::tempdir().unwrap();
    let (mut child, base_url, now) = start_sandbox_mid_month(dir.path());
    // The profile's journal exists (the app or `call` would have made it),
    // so the CNPJ typed once is kept there.
    let journal_dir = dir.path().join("data").join("brlv-desk").join("journal");
    std::fs::create_dir_all(&journal_dir).unwrap();
    let path = brlv_core::journal::file_for(&journal_dir, "127.0.0.1", &base_url);
    drop(brlv_core::journal::Store::open(&path).unwrap());

    let taxable = months_ago(now, 7);
    // R$164.06 for the demo's taxable month (see the test above), not
    // marked paid, paid on the last day of the second month after its due
    // date's: one month of the sandbox's Selic between, and 1 % for the
    // month of payment.
    let due = calendar::darf_due(taxable).unwrap();
    let selic_month = YearMonth::of(due).next();
    let paid_on = selic_month.next().last_day().unwrap();
    let out = dir.path().join("late");
    let output = tax_report_with(
        dir.path(),
        &base_url,
        taxable.year,
        &out,
        &[
            "--paid-on",
            &brlv_core::tax::ptax::iso_day(paid_on),
            "--custodian-cnpj",
            "11.222.333/0001-81",
        ],
    );
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(output.status.success(), "{stdout}{stderr}");

    // Some 60 days late: 0.33 % a day, up to 20 % (at the cap, 20 % of
    // 164.06 = 32.812 → 32.81). The interest: the sandbox's Selic of the
    // month between (0.90 + month / 100) plus 1 %.
    let days = (paid_on - due).whole_days();
    let fine_rate = (rust_decimal::Decimal::new(33, 4) * rust_decimal::Decimal::from(days))
        .min(rust_decimal::Decimal::new(20, 2));
    let amount: rust_decimal::Decimal = "164.06".parse().unwrap();
    let fine = (amount * fine_rate)
        .round_dp_with_strategy(2, rust_decimal::RoundingStrategy::MidpointAwayFromZero);
    let selic = brlv_sandbox::sandbox_selic(selic_month);
    let interest = (amount * (selic + rust_decimal::Decimal::ONE)
        / rust_decimal::Decimal::ONE_HUNDRED)
        .round_dp_with_strategy(2, rust_decimal::RoundingStrategy::MidpointAwayFromZero);
    let total = amount + fine + interest;
    let late = std::fs::read_to_string(out.join("late-darfs.csv")).unwrap();
    let expected_row = format!(
        "{},4600,164.06,{},{},{days},{},{fine},{},{interest},{total},",
        taxable.iso(),
        brlv_core::tax::ptax::iso_day(due),
        brlv_core::tax::ptax::iso_day(paid_on),
        fine_rate.normalize(),
        (selic + rust_decimal::Decimal::ONE).normalize(),
    );
    assert!(
        late.lines().any(|line| line == expected_row),
        "{expected_row}\n{late}"
    );
    assert!(stdout.contains("Lei 9.430/1996 art. 61"), "{stdout}");
    if days * 33 >= 2000 {
        assert!(stdout.contains("(capped at 20%)"), "{stdout}");
    }

    // Both columns, the custodian's CNPJ in its own field, GCAP for the taxable month.
    let bens = std::fs::read_to_string(out.join("bens-e-direitos.csv")).unwrap();
    assert!(bens.starts_with("asset,bens_group,bens_code,"), "{bens}");
    assert!(bens.contains("11.222.333/0001-81"), "{bens}");
    assert!(bens.lines().any(|line| line.starts_with("BRL,")), "{bens}");
    let gcap = std::fs::read_to_string(out.join("gcap-sales.csv")).unwrap();
    assert!(
        gcap.starts_with("date,month,asset,nature,quantity,value_brl,cost_brl,fee_brl,gain_brl\n")
    );
    assert!(gcap.contains(",USDC,venda,"), "{gcap}");
    // The taxable month's two sales: USDC and BRLV.
    assert_eq!(
        gcap.lines()
            .filter(|line| line.contains(&taxable.iso()))
            .count(),
        2,
        "{gcap}"
    );
    assert!(stdout.contains("goes through GCAP"), "{stdout}");

    // Typed once: a second report without the flag still has it, in the
    // summary and in the PDF the Taxes view would save.
    let again = dir.path().join("again");
    let pdf = dir.path().join("report.pdf");
    let output = tax_report_with(
        dir.path(),
        &base_url,
        taxable.year,
        &again,
        &["--pdf", pdf.to_str().unwrap()],
    );
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(output.status.success(), "{stdout}");
    assert!(
        stdout.contains("Custodian's CNPJ (its own field): 11.222.333/0001-81"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Bens e Direitos (group 08; columns"),
        "{stdout}"
    );
    assert!(stdout.contains("Money at the service, BRL"), "{stdout}");
    // The PDF's content stream is left uncompressed: its lines can be read.
    let bytes = std::fs::read(&pdf).unwrap();
    assert!(bytes.starts_with(b"%PDF"));
    let has = |text: &str| {
        bytes
            .windows(text.len())
            .any(|window| window == text.as_bytes())
    };
    for expected in [
        "Bens e Direitos ",
        "group 08",
        "both columns",
        "Against the threshold",
        "Custodian's CNPJ ",
        "11.222.333/0001-81",
        // On 31/12, or today for the current year.
        "BRL held at the service on ",
        "USD held at the service on ",
        "goes through the Receita's GCAP program",
    ] {
        assert!(has(expected), "{expected:?} not in the PDF");
    }

    // A CNPJ whose check digits are wrong is refused before anything is asked.
    let output = tax_report_with(
        dir.path(),
        &base_url,
        taxable.year,
        &again,
        &["--custodian-cnpj", "11.222.333/0001-82"],
    );
    assert_eq!(output.status.code(), Some(2));

    let _ = child.kill();
    let _ = child.wait();
}

/// The rows of `ledger.csv` in `dir`, each split into its cells (no cell
/// the demo's rows hold has a comma).
fn ledger_rows(dir: &Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(dir.join("ledger.csv")).unwrap();
    text.lines()
        .skip(1)
        .map(|line| line.split(',').map(str::to_owned).collect())
        .collect()
}

/// The ledger's row of `kind` for `quantity` of `asset` in `month`.
fn ledger_row<'a>(
    rows: &'a [Vec<String>],
    month: YearMonth,
    asset: &str,
    kind: &str,
    quantity: &str,
) -> &'a Vec<String> {
    let quantity: rust_decimal::Decimal = quantity.parse().unwrap();
    rows.iter()
        .find(|row| {
            row[1] == month.iso()
                && row[4] == asset
                && row[5] == kind
                && row[6].parse::<rust_decimal::Decimal>().ok() == Some(quantity)
        })
        .unwrap_or_else(|| panic!("no {kind} of {quantity} {asset} in {month}: {rows:?}"))
}

#[cfg(unix)]
#[test]
fn tax_report_shows_the_demos_payment_its_sale_for_dollars_and_its_own_wallet_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let (mut child, base_url, now) = start_sandbox_mid_month(dir.path());
    let last_month = months_ago(now, 1);
    let dollar_month = months_ago(now, 4);
    // The sandbox answers for the Banco Central's PTAX too.
    let run = |year: i32, name: &str, extra: &[&str]| {
        let out = dir.path().join(name);
        let mut command = Command::new(BIN);
        command
            .args(["tax-report", "--year", &year.to_string(), "--csv"])
            .arg(&out)
            .args(extra)
            .env("BRLV_PTAX_URL", &base_url)
            .env("BRLV_SELIC_URL", &base_url)
            // Proxy variables the profile did not choose: the PTAX is asked
            // the profile's way (straight); were they obeyed, no rate could
            // be had through a port where nothing listens, and none kept.
            .env("HTTP_PROXY", "http://127.0.0.1:1")
            .env("ALL_PROXY", "http://127.0.0.1:1");
        with_credentials(&mut command, dir.path(), &base_url);
        let output = command.output().unwrap();
        let stdout = String::from_utf8(output.stdout).unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(output.status.success(), "{stdout}{stderr}");
        assert!(stderr.contains("HTTP_PROXY"), "said: {stderr}");
        (out, stdout)
    };

    // 1,000 USDC sold for dollars on day 10, four months ago: a sale of
    // USDC valued at that day's PTAX buying rate (the last business day's
    // when the 10th has none), the dollars before the fee: 995 received +
    // 5 of fee = 1,000 dollars.
    let (out, _) = run(dollar_month.year, "dollars", &[]);
    let rows = ledger_rows(&out);
    let sale = ledger_row(&rows, dollar_month, "USDC", "sell", "1000");
    let mut day = dollar_month.first_day().unwrap().replace_day(10).unwrap();
    let buying = loop {
        if let Some((buying, _)) = brlv_sandbox::sandbox_dollar_rate(day) {
            break buying;
        }
        day = day.previous_day().unwrap();
    };
    let value = (rust_decimal::Decimal::from(1000) * buying).round_dp(2);
    assert_eq!(sale[7], format!("{value:.2}"), "{sale:?}");
    assert_eq!(sale[17], "dollar-ptax", "{sale:?}");

    // Last month, unanswered: the supplier's 2,000 BRLV and the 5,000 sent
    // to the holder's own wallet both count as payments at R$1.00 a token
    // (flagged), and the 5,000 coming back arrive from outside at cost zero.
    let (out, stdout) = run(last_month.year, "unanswered", &[]);
    let rows = ledger_rows(&out);
    let payment = ledger_row(&rows, last_month, "BRLV", "outflow", "2000");
    assert_eq!(payment[7], "2000.00");
    assert_eq!(payment[17], "brlv-at-par");
    assert_eq!(payment[18], "unanswered");
    let out_id = ledger_row(&rows, last_month, "BRLV", "outflow", "5000")[2].clone();
    let back = ledger_row(&rows, last_month, "BRLV", "arrived", "5000");
    assert_eq!(back[9], "0.00", "cost zero until typed: {back:?}");
    let sales = |out: &Path| month_rows(out)[&last_month.iso()][1].clone();
    assert_eq!(sales(&out), "7000.00");
    assert!(
        stdout.contains(&payment[2]),
        "each outflow is listed: {stdout}"
    );

    // Answered: the supplier's is a payment; the 5,000 went to the holder's
    // own wallet, so they stay held with their cost and come back with it.
    let payment_id = payment[2].clone();
    let (out, _) = run(
        last_month.year,
        "answered",
        &[
            "--outflow",
            &format!("{payment_id}=payment"),
            "--outflow",
            &format!("{out_id}=own"),
        ],
    );
    let rows = ledger_rows(&out);
    let paid = ledger_row(&rows, last_month, "BRLV", "payment", "2000");
    assert_eq!(
        (paid[7].as_str(), paid[18].as_str()),
        ("2000.00", "payment")
    );
    let gone = ledger_row(&rows, last_month, "BRLV", "to-own-wallet", "5000");
    assert_eq!(gone[18], "own");
    let back = ledger_row(&rows, last_month, "BRLV", "from-own-wallet", "5000");
    // The 5,000 stayed held with their cost all along: the holding after
    // the trip is what it was when they left, less only the supplier's
    // payment between (2,000 tokens and their cost).
    let decimal = |cell: &str| cell.parse::<rust_decimal::Decimal>().unwrap();
    assert_eq!(
        decimal(&back[15]),
        decimal(&gone[15]) - decimal(&paid[9]),
        "the total cost after each: {gone:?} {paid:?} {back:?}"
    );
    assert_eq!(
        decimal(&back[12]),
        decimal(&gone[12]) - rust_decimal::Decimal::from(2000)
    );
    assert_eq!(back[9], "0.00", "no acquisition: {back:?}");
    assert_eq!(sales(&out), "2000.00");

    let _ = child.kill();
    let _ = child.wait();
}

/// A cell of a sheet read back: a number as the CSV writes reais (two
/// places), text as it is.
fn cell_text(cell: &calamine::Data) -> String {
    match cell {
        calamine::Data::Float(number) => format!("{number:.2}"),
        calamine::Data::Int(number) => format!("{number}.00"),
        calamine::Data::String(text) => text.clone(),
        calamine::Data::Empty => String::new(),
        other => format!("{other:?}"),
    }
}

#[cfg(unix)]
#[test]
fn tax_report_writes_a_workbook_whose_months_are_the_csvs_and_speaks_brazilian_portuguese() {
    use calamine::Reader;
    let dir = tempfile::tempdir().unwrap();
    let (mut child, base_url, now) = start_sandbox_mid_month(dir.path());
    let taxable = months_ago(now, 7);
    let due = calendar::darf_due(taxable).unwrap();
    let paid_on = YearMonth::of(due).next().next().last_day().unwrap();
    let run = |language: &str, name: &str| {
        let out = dir.path().join(name);
        let xlsx = dir.path().join(format!("{name}.xlsx"));
        let output = tax_report_with(
            dir.path(),
            &base_url,
            taxable.year,
            &out,
            &[
                "--xlsx",
                xlsx.to_str().unwrap(),
                "--language",
                language,
                "--paid-on",
                &brlv_core::tax::ptax::iso_day(paid_on),
            ],
        );
        let stdout = String::from_utf8(output.stdout).unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(output.status.success(), "{stdout}{stderr}");
        (out, xlsx, stdout)
    };

    let (out, xlsx, _) = run("en", "english");
    let csv = month_rows(&out);
    let mut workbook: calamine::Xlsx<_> = calamine::open_workbook(&xlsx).unwrap();
    assert_eq!(
        workbook.sheet_names(),
        [
            "Months",
            "Ledger",
            "Bens e Direitos",
            "GCAP sales",
            "Late DARFs",
            "Sources"
        ]
    );
    let months = workbook.worksheet_range("Months").unwrap();
    let rows: Vec<&[calamine::Data]> = months.rows().skip(1).collect();
    assert_eq!(rows.len(), csv.len(), "one row per month of the CSV");
    for (row, (month, cells)) in rows.iter().zip(&csv) {
        // The month is a date, money a number: the CSV's figures to the centavo.
        assert!(
            matches!(row[0], calamine::Data::DateTime(_)),
            "{month}: {row:?}"
        );
        assert!(
            matches!(row[1], calamine::Data::Float(_)),
            "{month}: {row:?}"
        );
        assert_eq!(cell_text(&row[1]), cells[1], "{month}: sales");
        assert_eq!(cell_text(&row[3]), cells[3], "{month}: gain");
        assert_eq!(cell_text(&row[4]), cells[4], "{month}: tax");
        assert_eq!(cell_text(&row[6]), cells[12], "{month}: DARF");
    }
    let taxable_row = rows
        .iter()
        .zip(csv.keys())
        .find(|(_, month)| **month == taxable.iso())
        .unwrap()
        .0;
    assert_eq!(cell_text(&taxable_row[4]), "164.06");
    assert!(
        matches!(taxable_row[7], calamine::Data::DateTime(_)),
        "the due day is a date"
    );
    // The late DARF's sheet and the sales for GCAP, each sale's nature said.
    let late = workbook.worksheet_range("Late DARFs").unwrap();
    assert_eq!(late.rows().count(), 2, "{late:?}");
    let gcap = workbook.worksheet_range("GCAP sales").unwrap();
    let natures: Vec<String> = gcap.rows().skip(1).map(|row| cell_text(&row[2])).collect();
    assert_eq!(natures, ["venda (sale)", "venda (sale)"]);

    // In Portuguese: the sheets, the dates (dd/mm/aaaa) and the percents
    // (5,95 %) of every text.
    let (_, xlsx, stdout) = run("pt-BR", "portugues");
    let workbook: calamine::Xlsx<_> = calamine::open_workbook(&xlsx).unwrap();
    assert_eq!(
        workbook.sheet_names(),
        [
            "Meses",
            "Lançamentos",
            "Bens e Direitos",
            "Vendas GCAP",
            "DARFs em atraso",
            "Fontes"
        ]
    );
    let written_due = format!(
        "{:02}/{:02}/{}",
        due.day(),
        u8::from(due.month()),
        due.year()
    );
    assert!(
        stdout.contains(&format!("vencido em {written_due}")),
        "{stdout}"
    );
    assert!(
        !stdout.contains(&brlv_core::tax::ptax::iso_day(due)),
        "{stdout}"
    );
    let selic = brlv_sandbox::sandbox_selic(YearMonth::of(due).next()) + rust_decimal::Decimal::ONE;
    let percent = format!("{} %", selic.normalize()).replace('.', ",");
    assert!(
        stdout.contains(&format!("juros {percent}")),
        "{percent} in {stdout}"
    );
    assert!(stdout.contains("VENCIDO há"), "{stdout}");

    let _ = child.kill();
    let _ = child.wait();
}

#[cfg(unix)]
#[test]
fn tax_report_keeps_an_arrivals_typed_cost_and_the_custodians_name() {
    let dir = tempfile::tempdir().unwrap();
    let (mut child, base_url, now) = start_sandbox_mid_month(dir.path());
    let last_month = months_ago(now, 1);
    let out = dir.path().join("first");
    let output = tax_report_with(dir.path(), &base_url, last_month.year, &out, &[]);
    assert!(output.status.success());
    // The 5,000 BRLV back from the holder's own wallet arrive at cost zero.
    let rows = ledger_rows(&out);
    let back = ledger_row(&rows, last_month, "BRLV", "arrived", "5000");
    assert_eq!(back[9], "0.00");
    let id = back[2].clone();

    let out = dir.path().join("typed");
    let output = tax_report_with(
        dir.path(),
        &base_url,
        last_month.year,
        &out,
        &[
            "--inflow-cost",
            &format!("{id}=5000.00"),
            "--custodian-name",
            "Prestadora Exemplo Ltda.",
            "--custodian-cnpj",
            "11.222.333/0001-81",
        ],
    );
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(output.status.success(), "{stdout}");
    let rows = ledger_rows(&out);
    let back = ledger_row(&rows, last_month, "BRLV", "arrived", "5000");
    assert_eq!(back[9], "5000.00", "{back:?}");
    assert!(back[16].contains("typed-value"), "{back:?}");
    // Both kept: a later report without the flags has them, and every
    // Discriminação names the custodian with its CNPJ, asking for nothing.
    let out = dir.path().join("again");
    let output = tax_report_with(dir.path(), &base_url, last_month.year, &out, &[]);
    assert!(output.status.success());
    let back = ledger_row(&ledger_rows(&out), last_month, "BRLV", "arrived", "5000").clone();
    assert_eq!(back[9], "5000.00");
    let bens = std::fs::read_to_string(out.join("bens-e-direitos.csv")).unwrap();
    assert!(
        bens.contains("Custodiante: Prestadora Exemplo Ltda., CNPJ 11.222.333/0001-81"),
        "{bens}"
    );
    assert!(!bens.contains("informe o"), "{bens}");
    // `none` clears the cost.
    let out = dir.path().join("cleared");
    let output = tax_report_with(
        dir.path(),
        &base_url,
        last_month.year,
        &out,
        &["--inflow-cost", &format!("{id}=none")],
    );
    assert!(output.status.success());
    let back = ledger_row(&ledger_rows(&out), last_month, "BRLV", "arrived", "5000").clone();
    assert_eq!(back[9], "0.00");
    // A cost that is not reais is refused before anything is asked.
    let output = tax_report_with(
        dir.path(),
        &base_url,
        last_month.year,
        &out,
        &["--inflow-cost", &format!("{id}=5.000,00")],
    );
    assert_eq!(output.status.code(), Some(2));

    let _ = child.kill();
    let _ = child.wait();
}
