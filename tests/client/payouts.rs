//! `brlv-desk payouts FILE` as the real binary against the headless
//! sandbox on loopback: a dry run sends nothing; a real run pays each row
//! once, writes every row's outcome and id, and refuses the same file
//! again; a 200-row run killed (SIGKILL) in the middle resumes on the same
//! journal without paying any row twice.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use rust_decimal::Decimal;

use crate::cli::{BIN, start_sandbox};
use crate::fault_proxy_server::{Fault, Proxy};

const HEADER: &str = "method,amount,asset,pix_key,bank_code,branch,account,account_type,document,name,address,reference\n";

/// The binary with the sandbox's demo credentials in `dir`, its journals
/// under `dir/data`.
pub(crate) fn brlv(dir: &Path, base_url: &str, args: &[&str]) -> Command {
    let mut command = Command::new(BIN);
    command
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
        .env("LC_ALL", "en_US.UTF-8")
        .stdin(Stdio::null());
    command
}

pub(crate) fn run(command: &mut Command) -> (Option<i32>, String, String) {
    let Output {
        status,
        stdout,
        stderr,
    } = command.output().unwrap();
    (
        status.code(),
        String::from_utf8(stdout).unwrap(),
        String::from_utf8(stderr).unwrap(),
    )
}

/// A GET through `call` (its own scratch journal), as JSON.
fn get(dir: &Path, base_url: &str, path: &str) -> serde_json::Value {
    let (code, stdout, stderr) =
        run(brlv(dir, base_url, &["call", "GET", path]).env("XDG_DATA_HOME", dir.join("reads")));
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    let body = stdout.split_once('\n').map_or("", |(_, body)| body);
    serde_json::from_str(body).unwrap()
}

/// A payouts file `lote.csv` in `dir` of one Pix row of `amount` to `key`.
fn one_pix_row(dir: &Path, amount: &str, key: &str) -> std::path::PathBuf {
    let file = dir.join("lote.csv");
    std::fs::write(&file, format!("{HEADER}pix,{amount},,{key},,,,,,,,\n")).unwrap();
    file
}

/// A result file's path holding a link to another file (a shell's start-up
/// file, say): the link is not followed, the other file keeps its bytes,
/// and the error names the link, while the journal keeps every outcome.
/// (Links are made here the Unix way; on Windows the file is opened the
/// same way, without following a reparse point.)
#[cfg(unix)]
#[test]
fn a_link_at_the_result_files_path_is_not_followed() {
    let dir = tempfile::tempdir().unwrap();
    let (mut sandbox, url) = start_sandbox(dir.path());
    let file = one_pix_row(dir.path(), "1.50", "link@example.com");
    let victim = dir.path().join("bashrc");
    std::fs::write(&victim, "keep me\n").unwrap();
    let result = dir.path().join("out.csv");
    std::os::unix::fs::symlink(&victim, &result).unwrap();
    let (code, stdout, stderr) = run(&mut brlv(
        dir.path(),
        &url,
        &[
            "payouts",
            "--allow-plain-key",
            file.to_str().unwrap(),
            "--yes",
            "--result",
            result.to_str().unwrap(),
        ],
    ));
    assert_ne!(code, Some(0), "{stdout}{stderr}");
    assert!(stderr.contains("[1/1] row 1: sent"), "{stderr}");
    assert!(stderr.contains("link"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me\n");
    assert!(std::fs::symlink_metadata(&result).unwrap().is_symlink());
    sandbox.kill().unwrap();
}

/// The withdrawals the sandbox holds to `pix_key` (id → amount), and the BRL balance.
fn held(dir: &Path, base_url: &str, pix_key: &str) -> (BTreeMap<String, Decimal>, Decimal) {
    let payouts = get(dir, base_url, "/api/v0/withdrawals")["withdrawals"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|record| record["pix-key"] == pix_key)
        .map(|record| {
            (
                record["id"].as_str().unwrap().to_owned(),
                record["amount"].as_str().unwrap().parse().unwrap(),
            )
        })
        .collect();
    let balance = get(dir, base_url, "/api/v0/assets/brl/balance")["balance"]["running-balance"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    (payouts, balance)
}

/// Whether a result file's outcome says the service holds the row: `sent`
/// while it is on its way, `paid` once the service completed it (the
/// sandbox pays a withdrawal about half a minute after it is made).
fn accepted(outcome: &str) -> bool {
    outcome == "sent" || outcome == "paid"
}

/// The result file's rows, by row number: (outcome, id, amount).
fn result_rows(path: &Path) -> BTreeMap<u64, (String, String, Decimal)> {
    let mut reader = csv::Reader::from_path(path).unwrap();
    let header = reader.headers().unwrap().clone();
    let at = |name: &str| header.iter().position(|cell| cell == name).unwrap();
    reader
        .records()
        .map(|record| {
            let record = record.unwrap();
            (
                record[at("row")].parse().unwrap(),
                (
                    record[at("outcome")].to_owned(),
                    record[at("id")].to_owned(),
                    record[at("amount")].parse().unwrap(),
                ),
            )
        })
        .collect()
}

#[test]
fn a_dry_run_lists_every_row_with_the_total_per_asset_and_sends_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (mut sandbox, url) = start_sandbox(dir.path());
    let file = dir.path().join("lote.csv");
    std::fs::write(
        &file,
        format!(
            "{HEADER}pix,10.50,,lote@example.com,,,,,,,,inv-1\n\
             ted,99.90,,,341,1234,12345-6,checking,529.982.247-25,Ana Souza,,inv-2\n"
        ),
    )
    .unwrap();
    let (before, balance_before) = held(dir.path(), &url, "lote@example.com");
    let file_arg = file.to_str().unwrap();
    let (code, stdout, stderr) = run(&mut brlv(
        dir.path(),
        &url,
        &["payouts", "--allow-plain-key", file_arg, "--dry-run"],
    ));
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(
        stdout.contains("row 1: pix 10.50 fiat/brl to lote@example.com [inv-1] - would be sent"),
        "{stdout}"
    );
    assert!(
        stdout.contains("row 2: ted 99.90 fiat/brl to bank 341"),
        "{stdout}"
    );
    assert!(
        stdout.contains("2 rows, total 110.40 fiat/brl. Would send 2 rows, total 110.40 fiat/brl."),
        "{stdout}"
    );
    assert_eq!(
        held(dir.path(), &url, "lote@example.com"),
        (before, balance_before)
    );
    assert!(!dir.path().join("lote.csv.result.csv").exists());

    // A bad row is named, and a total above the balance is refused, both
    // before anything leaves.
    std::fs::write(
        &file,
        format!("{HEADER}pix,10.50,,lote@example.com,,,,,,,,\npix,1,,123.456.789-00,,,,,,,,\n"),
    )
    .unwrap();
    let (code, _, stderr) = run(&mut brlv(
        dir.path(),
        &url,
        &["payouts", "--allow-plain-key", file_arg, "--yes"],
    ));
    assert_eq!(code, Some(1));
    assert!(
        stderr.contains("row 2 (line 3), column pix_key:"),
        "{stderr}"
    );
    std::fs::write(
        &file,
        format!("{HEADER}pix,9999999.00,,lote@example.com,,,,,,,,\n"),
    )
    .unwrap();
    let (code, _, stderr) = run(&mut brlv(
        dir.path(),
        &url,
        &["payouts", "--allow-plain-key", file_arg, "--yes"],
    ));
    assert_eq!(code, Some(1));
    assert!(
        stderr.contains("the balances do not cover the file"),
        "{stderr}"
    );
    assert_eq!(held(dir.path(), &url, "lote@example.com").1, balance_before);

    sandbox.kill().unwrap();
    sandbox.wait().unwrap();
}

#[test]
fn a_file_is_paid_once_each_row_told_and_paid_again_only_with_again() {
    let dir = tempfile::tempdir().unwrap();
    let (mut sandbox, url) = start_sandbox(dir.path());
    let file = dir.path().join("lote.csv");
    std::fs::write(
        &file,
        format!(
            "{HEADER}pix,10.50,,lote@example.com,,,,,,,,inv-1\n\
             pix,20.25,,lote@example.com,,,,,,,,inv-2\n\
             ted,99.90,,,341,1234,12345-6,checking,529.982.247-25,Ana Souza,,inv-3\n"
        ),
    )
    .unwrap();
    let file_arg = file.to_str().unwrap();
    let result = dir.path().join("out.csv");
    let result_arg = result.to_str().unwrap();
    let (before, balance_before) = held(dir.path(), &url, "lote@example.com");

    // Not confirmed (standard input closed): nothing is sent.
    let (code, _, stderr) = run(&mut brlv(
        dir.path(),
        &url,
        &["payouts", "--allow-plain-key", file_arg],
    ));
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("Send 3 payouts"), "{stderr}");
    assert!(stderr.contains("total 130.65 fiat/brl"), "{stderr}");
    assert_eq!(held(dir.path(), &url, "lote@example.com").0, before);

    let (code, stdout, stderr) = run(&mut brlv(
        dir.path(),
        &url,
        &[
            "payouts",
            "--allow-plain-key",
            file_arg,
            "--yes",
            "--result",
            result_arg,
        ],
    ));
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(stderr.contains("[3/3] row 3: sent"), "{stderr}");
    let (after, balance_after) = held(dir.path(), &url, "lote@example.com");
    let new: BTreeMap<&String, &Decimal> = after
        .iter()
        .filter(|(id, _)| !before.contains_key(*id))
        .collect();
    assert_eq!(new.len(), 2, "the two Pix rows: {after:?}");
    assert_eq!(balance_before - balance_after, Decimal::new(13065, 2));
    let rows = result_rows(&result);
    assert_eq!(rows.len(), 3);
    for (row, (outcome, id, amount)) in &rows {
        assert!(accepted(outcome), "row {row}: {outcome}");
        if *row < 3 {
            assert_eq!(
                new.get(id),
                Some(&amount),
                "row {row}'s id is the sandbox's"
            );
        } else {
            assert!(!id.is_empty());
        }
    }

    // The same file again: refused, nothing sent; with --again, paid again.
    let (code, _, stderr) = run(&mut brlv(
        dir.path(),
        &url,
        &["payouts", "--allow-plain-key", file_arg, "--yes"],
    ));
    assert_eq!(code, Some(1));
    assert!(stderr.contains("was paid already"), "{stderr}");
    assert_eq!(held(dir.path(), &url, "lote@example.com").1, balance_after);
    let (code, stdout, stderr) = run(&mut brlv(
        dir.path(),
        &url,
        &[
            "payouts",
            "--allow-plain-key",
            file_arg,
            "--yes",
            "--again",
            "--result",
            result_arg,
        ],
    ));
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert_eq!(
        balance_after - held(dir.path(), &url, "lote@example.com").1,
        Decimal::new(13065, 2)
    );

    sandbox.kill().unwrap();
    sandbox.wait().unwrap();
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_200_row_batch_killed_in_the_middle_resumes_and_pays_no_row_twice() {
    const ROWS: usize = 200;
    let dir = tempfile::tempdir().unwrap();
    let (mut sandbox, sandbox_url) = start_sandbox(dir.path());
    let upstream = sandbox_url.trim_start_matches("http://").parse().unwrap();
    let proxy = Proxy::start(upstream).await;
    // Row 67 reaches the sandbox, which pays it, and its answer is held
    // back: the kill lands in the middle of the batch, with a payout the
    // service applied still in flight.
    const HELD_ROW: usize = 67;
    for _ in 1..HELD_ROW {
        proxy.on("POST /api/v0/withdrawals", Fault::Pass);
    }
    proxy.on("POST /api/v0/withdrawals", Fault::HoldAfterForward);
    let key = "lote@example.com";
    let (before, balance_before) = held(dir.path(), &sandbox_url, key);
    let mut text = HEADER.to_owned();
    let mut amounts = Vec::new();
    for index in 0..ROWS {
        let amount = Decimal::new(100 + i64::try_from(index).unwrap(), 2);
        amounts.push(amount);
        text.push_str(&format!("pix,{amount},,{key},,,,,,,,ref-{index}\n"));
    }
    let file = dir.path().join("lote.csv");
    std::fs::write(&file, text).unwrap();
    let file_arg = file.to_str().unwrap();
    let result = dir.path().join("result.csv");
    let result_arg = result.to_str().unwrap();
    let args = [
        "payouts",
        "--allow-plain-key",
        file_arg,
        "--yes",
        "--result",
        result_arg,
    ];

    let mut child = crate::child_guard::ChildGuard::new(
        brlv(dir.path(), &proxy.base_url, &args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let mut waited = Duration::ZERO;
    while proxy.count("POST /api/v0/withdrawals") < HELD_ROW {
        assert!(
            waited < Duration::from_secs(120),
            "the batch never got going"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
        waited += Duration::from_millis(5);
    }
    child.kill().unwrap();
    let status = child.wait().unwrap();
    assert_eq!(
        std::os::unix::process::ExitStatusExt::signal(&status),
        Some(9),
        "killed, not finished"
    );
    assert_eq!(proxy.count("POST /api/v0/withdrawals"), HELD_ROW);
    assert!(!result.exists(), "the killed run wrote no result");
    // What the kill left: 67 rows journaled before they left, the last
    // with no outcome.
    let journal = brlv_core::journal::file_for(
        &dir.path().join("data").join("brlv-desk").join("journal"),
        "127.0.0.1",
        &proxy.base_url,
    );
    let entries = brlv_core::journal::Store::open(&journal)
        .unwrap()
        .0
        .posts(None)
        .unwrap();
    assert_eq!(entries.len(), HELD_ROW);
    assert!(
        entries[..HELD_ROW - 1]
            .iter()
            .all(|entry| entry.outcome.is_some())
    );
    assert!(entries[HELD_ROW - 1].outcome.is_none());
    assert!(
        entries[HELD_ROW - 1]
            .post
            .body
            .contains(r#""amount":"1.66""#)
    );

    // The same command again is the resume.
    proxy.heal();
    let (code, stdout, stderr) = tokio::task::spawn_blocking({
        let mut command = brlv(dir.path(), &proxy.base_url, &args);
        move || run(&mut command)
    })
    .await
    .unwrap();
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(
        stderr.contains("Resuming the run of this file")
            && stderr.contains("67 of 200 rows sent, 0 in flight"),
        "{stderr}"
    );
    assert!(
        stderr.contains("journal: done: POST /api/v0/withdrawals"),
        "the row in flight settled first, before the plan: {stderr}"
    );
    assert!(stderr.contains("[67/200] row 67: sent"), "{stderr}");

    assert_eq!(
        proxy.count("POST /api/v0/withdrawals"),
        ROWS,
        "every row left exactly once, across the kill"
    );
    let (after, balance_after) = held(dir.path(), &sandbox_url, key);
    let new: BTreeMap<String, Decimal> = after
        .into_iter()
        .filter(|(id, _)| !before.contains_key(id))
        .collect();
    let mut paid: Vec<Decimal> = new.values().copied().collect();
    paid.sort();
    assert_eq!(paid, amounts, "each row paid once, none twice");
    assert_eq!(
        balance_before - balance_after,
        new.values().copied().sum::<Decimal>(),
        "the balance fell by exactly the payouts held"
    );
    let rows = result_rows(&result);
    assert_eq!(rows.len(), ROWS);
    for (index, amount) in amounts.iter().enumerate() {
        let row = u64::try_from(index + 1).unwrap();
        let (outcome, id, written) = &rows[&row];
        assert!(accepted(outcome), "row {row}: {outcome}");
        assert_eq!(written, amount);
        assert_eq!(
            new.get(id),
            Some(amount),
            "row {row}'s id is the sandbox's payout"
        );
    }

    // Finished: the file is now refused, and nothing more leaves.
    let (code, _, stderr) = tokio::task::spawn_blocking({
        let mut command = brlv(dir.path(), &proxy.base_url, &args);
        move || run(&mut command)
    })
    .await
    .unwrap();
    assert_eq!(code, Some(1));
    assert!(stderr.contains("was paid already"), "{stderr}");
    assert_eq!(proxy.count("POST /api/v0/withdrawals"), ROWS);

    sandbox.kill().unwrap();
    sandbox.wait().unwrap();
}

#[test]
fn a_plain_key_file_pays_a_file_only_with_allow_plain_key() {
    let dir = tempfile::tempdir().unwrap();
    let (mut sandbox, url) = start_sandbox(dir.path());
    let file = one_pix_row(dir.path(), "10.50", "plain@example.com");
    let file_arg = file.to_str().unwrap();
    let (before, balance_before) = held(dir.path(), &url, "plain@example.com");
    let (code, _, stderr) = run(&mut brlv(dir.path(), &url, &["payouts", file_arg, "--yes"]));
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("--allow-plain-key"), "{stderr}");
    assert_eq!(
        held(dir.path(), &url, "plain@example.com"),
        (before, balance_before),
        "nothing was sent"
    );
    // A dry run sends nothing, so it needs no leave.
    let (code, _, stderr) = run(&mut brlv(
        dir.path(),
        &url,
        &["payouts", file_arg, "--dry-run"],
    ));
    assert_eq!(code, Some(0), "{stderr}");
    sandbox.kill().unwrap();
    sandbox.wait().unwrap();
}

/// Runs `payouts` on a file of three Pix rows through `proxy`, the second
/// refused (422) by the service; the outcome of each row in the result.
async fn three_rows_the_second_refused(
    dir: &Path,
    proxy: &Proxy,
    sandbox_url: &str,
    amounts: [&str; 3],
    stop_at_first_failure: bool,
) -> (Option<i32>, BTreeMap<u64, (String, String, Decimal)>, usize) {
    let key = "refusal@example.com";
    let file = dir.join(format!("lote-{}.csv", amounts[0]));
    let rows: String = amounts
        .iter()
        .map(|amount| format!("pix,{amount},,{key},,,,,,,,\n"))
        .collect();
    std::fs::write(&file, format!("{HEADER}{rows}")).unwrap();
    let result = dir.join(format!("result-{}.csv", amounts[0]));
    let before = held(dir, sandbox_url, key).0.len();
    proxy.on("POST /api/v0/withdrawals", Fault::Pass);
    proxy.on(
        "POST /api/v0/withdrawals",
        Fault::Answer {
            status: 422,
            body:
                serde_json::json!({"error": {"type": "invalid-request", "code": "invalid-pix-key",
                "message": "the Pix key is not registered"}})
                .to_string()
                .into_bytes(),
            date_ahead_secs: 0,
        },
    );
    let mut args = vec![
        "payouts",
        "--allow-plain-key",
        file.to_str().unwrap(),
        "--yes",
        "--result",
        result.to_str().unwrap(),
    ];
    if stop_at_first_failure {
        args.push("--stop-at-first-failure");
    }
    let mut command = brlv(dir, &proxy.base_url, &args);
    let (code, _, _) = tokio::task::spawn_blocking(move || run(&mut command))
        .await
        .unwrap();
    let new = held(dir, sandbox_url, key).0.len() - before;
    (code, result_rows(&result), new)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_row_stops_the_rest_only_when_the_person_chose_to_stop_at_the_first_failure() {
    let dir = tempfile::tempdir().unwrap();
    let (mut sandbox, sandbox_url) = start_sandbox(dir.path());
    let upstream = sandbox_url.trim_start_matches("http://").parse().unwrap();
    let proxy = Proxy::start(upstream).await;

    // By default a refused row stops nothing else: rows 1 and 3 are paid.
    let (code, rows, paid) = three_rows_the_second_refused(
        dir.path(),
        &proxy,
        &sandbox_url,
        ["1.01", "2.02", "3.03"],
        false,
    )
    .await;
    assert_ne!(code, Some(0), "a refused row is not a clean run");
    assert_eq!(paid, 2, "{rows:?}");
    assert!(accepted(&rows[&1].0), "{rows:?}");
    assert_eq!(rows[&2].0, "refused", "{rows:?}");
    assert!(rows[&2].1.is_empty(), "a refused row has no id: {rows:?}");
    assert!(accepted(&rows[&3].0), "{rows:?}");

    // Chosen: the refusal stops the run, and row 3 is not sent.
    let (code, rows, paid) = three_rows_the_second_refused(
        dir.path(),
        &proxy,
        &sandbox_url,
        ["4.04", "5.05", "6.06"],
        true,
    )
    .await;
    assert_ne!(code, Some(0));
    assert_eq!(paid, 1, "{rows:?}");
    assert!(accepted(&rows[&1].0), "{rows:?}");
    assert_eq!(rows[&2].0, "refused", "{rows:?}");
    assert_eq!(rows[&3].0, "not-sent", "{rows:?}");

    sandbox.kill().unwrap();
    sandbox.wait().unwrap();
}

/// Moves the sandbox's clock `seconds` on, through its loopback control.
fn advance_sandbox_clock(base_url: &str, seconds: u64) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let status = runtime.block_on(async {
        reqwest::Client::new()
            .post(format!(
                "{}/sandbox/clock/advance",
                base_url.trim_end_matches('/')
            ))
            .json(&serde_json::json!({ "seconds": seconds }))
            .send()
            .await
            .unwrap()
            .status()
    });
    assert!(status.is_success(), "{status}");
}

/// The result file's (outcome, state) of `row`.
fn outcome_and_state(path: &Path, row: &str) -> (String, String) {
    let mut reader = csv::Reader::from_path(path).unwrap();
    let header = reader.headers().unwrap().clone();
    let at = |name: &str| header.iter().position(|cell| cell == name).unwrap();
    reader
        .records()
        .map(Result::unwrap)
        .find(|record| &record[at("row")] == row)
        .map(|record| {
            (
                record[at("outcome")].to_owned(),
                record[at("state")].to_owned(),
            )
        })
        .unwrap()
}

/// Accepted is not paid: a row the service holds and has not paid reads
/// `sent` with the service's state, in the result file and the totals;
/// once the service completes it, `payouts --status` says paid.
#[test]
fn a_row_accepted_reads_sent_with_its_state_and_status_says_paid_once_the_service_pays_it() {
    let dir = tempfile::tempdir().unwrap();
    let (_sandbox, url) = start_sandbox(dir.path());
    let file = one_pix_row(dir.path(), "4.56", "status@example.com");
    let file_arg = file.to_str().unwrap();
    let (code, stdout, stderr) = run(&mut brlv(
        dir.path(),
        &url,
        &["payouts", "--allow-plain-key", file_arg, "--yes"],
    ));
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("1 sent, 0 paid yet"), "{stdout}");
    let result = default_result(&file);
    let (outcome, state) = outcome_and_state(&result, "1");
    assert_eq!(outcome, "sent");
    // The sandbox moves a withdrawal from created to pending-payment after
    // two seconds and pays it half a minute later: read at once, it is
    // on its way.
    assert!(
        state == "created" || state == "pending-payment",
        "state {state:?}"
    );
    let id = result_rows(&result)[&1].1.clone();
    assert!(!id.is_empty());

    // Still on its way: --status says so, and nothing is sent.
    let (before, balance_before) = held(dir.path(), &url, "status@example.com");
    let (code, stdout, stderr) = run(&mut brlv(
        dir.path(),
        &url,
        &["payouts", "--allow-plain-key", "--status", file_arg],
    ));
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("sent to the service ("), "{stdout}");
    assert!(stdout.contains(&id), "{stdout}");
    assert!(stdout.contains("1 sent, 0 paid yet"), "{stdout}");
    assert_eq!(outcome_and_state(&result, "1").0, "sent");

    advance_sandbox_clock(&url, 120);
    let (code, stdout, stderr) = run(&mut brlv(
        dir.path(),
        &url,
        &[
            "payouts",
            "--allow-plain-key",
            "--status",
            result.to_str().unwrap(),
        ],
    ));
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(
        stdout.contains(&format!(
            "row 1: pix 4.56 fiat/brl status@example.com - paid {id}"
        )),
        "{stdout}"
    );
    assert!(stdout.contains("1 sent, paid"), "{stdout}");
    assert_eq!(
        outcome_and_state(&result, "1"),
        ("paid".to_owned(), "completed".to_owned())
    );
    assert_eq!(
        held(dir.path(), &url, "status@example.com"),
        (before, balance_before),
        "--status sends nothing"
    );
}

fn default_result(file: &Path) -> std::path::PathBuf {
    let mut name = file.as_os_str().to_owned();
    name.push(".result.csv");
    std::path::PathBuf::from(name)
}
