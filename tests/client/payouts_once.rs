//! Each payment of a file leaves once, to the person meant: `brlv-desk
//! payouts` as the real binary against the headless sandbox on loopback,
//! behind the fault proxy where a send must be lost. The same rows saved
//! again (a byte-order mark and CRLF, a trailing blank line, the columns
//! reordered) pay nothing more; neither does the same file once the
//! journal is gone, since the rows are compared with the service's own
//! withdrawals; a row held before the service, beside another key's
//! identical payout, is paid exactly once; a request that reaches the
//! service after the client gave up is never sent twice; and an 11-digit
//! key that is both a CPF and a mobile number is refused until its kind is
//! said.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use crate::cli::start_sandbox;
use crate::fault_proxy_server::{Fault, Proxy};
use crate::payouts::run;

/// The binary with the sandbox's demo credentials in `dir`, its journals
/// under `data`, speaking `language` (a locale, as the system sets it).
fn brlv(dir: &Path, base_url: &str, data: &Path, language: &str, args: &[&str]) -> Command {
    let mut command = crate::payouts::brlv(dir, base_url, args);
    command
        .env("XDG_DATA_HOME", data)
        .env("LC_ALL", language)
        .env("LANG", language);
    command
}

/// Runs `command` off the async runtime, as a test's other tasks go on.
async fn run_blocking(mut command: Command) -> (Option<i32>, String, String) {
    tokio::task::spawn_blocking(move || run(&mut command))
        .await
        .unwrap()
}

/// `payouts FILE --yes --allow-plain-key` and `extra`, in English.
fn pay(dir: &Path, base_url: &str, data: &Path, file: &Path, extra: &[&str]) -> Command {
    let mut args = vec![
        "payouts",
        "--allow-plain-key",
        "--yes",
        file.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    brlv(dir, base_url, data, "en_US.UTF-8", &args)
}

/// The amounts the sandbox holds paid to `pix_key`, sorted (read through
/// `call` with a scratch journal).
fn paid_to(dir: &Path, base_url: &str, pix_key: &str) -> Vec<String> {
    let (code, stdout, stderr) = run(&mut brlv(
        dir,
        base_url,
        &dir.join("reads"),
        "en_US.UTF-8",
        &["call", "GET", "/api/v0/withdrawals"],
    ));
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    let body = stdout.split_once('\n').map_or("", |(_, body)| body);
    let list: serde_json::Value = serde_json::from_str(body).unwrap();
    let mut amounts: Vec<String> = list["withdrawals"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|record| record["pix-key"] == pix_key)
        .map(|record| record["amount"].as_str().unwrap().to_owned())
        .collect();
    amounts.sort();
    amounts
}

#[test]
fn the_same_rows_saved_again_or_paid_without_the_journal_are_paid_no_more() {
    let dir = tempfile::tempdir().unwrap();
    let (mut sandbox, url) = start_sandbox(dir.path());
    let data = dir.path().join("data");
    let key = "resaved@example.com";
    let file = dir.path().join("lote.csv");
    std::fs::write(
        &file,
        format!("method,amount,pix_key,reference\npix,10.00,{key},NF 1\npix,20.00,{key},NF 2\n"),
    )
    .unwrap();
    let (code, stdout, stderr) = run(&mut pay(dir.path(), &url, &data, &file, &[]));
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert_eq!(paid_to(dir.path(), &url, key), ["10.00", "20.00"]);

    // What a spreadsheet writes when the same rows are saved again.
    let resaved = [
        "\u{feff}method,amount,pix_key,reference\r\npix,10.00,{key},NF 1\r\npix,20.00,{key},NF 2\r\n",
        "method,amount,pix_key,reference\npix,10.00,{key},NF 1\npix,20.00,{key},NF 2\n\n",
        "reference;pix_key;amount;method\n\"NF 1\";\"{key}\";\"10,00\";pix\n\"NF 2\";{key};20;pix\n",
    ];
    for (index, text) in resaved.iter().enumerate() {
        let copy = dir.path().join(format!("lote-{index}.csv"));
        std::fs::write(&copy, text.replace("{key}", key)).unwrap();
        let (code, _, stderr) = run(&mut pay(dir.path(), &url, &data, &copy, &[]));
        assert_eq!(code, Some(1), "copy {index}: {stderr}");
        assert!(
            stderr.contains("was paid already"),
            "copy {index}: {stderr}"
        );
        assert_eq!(
            paid_to(dir.path(), &url, key),
            ["10.00", "20.00"],
            "copy {index} paid nothing more"
        );
    }

    // The journal gone (another device, a lost data folder): the rows are
    // compared with the service's withdrawals, each is named, none is paid.
    std::fs::remove_dir_all(&data).unwrap();
    let (code, stdout, stderr) = run(&mut pay(dir.path(), &url, &data, &file, &[]));
    assert_eq!(
        code,
        Some(3),
        "held rows cannot be told done: {stdout}{stderr}"
    );
    assert!(
        stderr.contains("This device has no record of earlier payouts"),
        "{stderr}"
    );
    assert!(
        stderr.contains("2 rows repeat a payout of the last 7 days"),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!(
            "Row 1: you already sent R$10.00 by Pix to {key} on"
        )) && stderr.contains("state: "),
        "{stderr}"
    );
    assert!(stdout.contains("2 held"), "{stdout}");
    assert_eq!(paid_to(dir.path(), &url, key), ["10.00", "20.00"]);

    // Without --yes the prompt names them, in the person's language, and
    // nothing is asked to be sent.
    let (code, _, stderr) = run(&mut brlv(
        dir.path(),
        &url,
        &data,
        "pt_BR.UTF-8",
        &["payouts", "--allow-plain-key", file.to_str().unwrap()],
    ));
    assert_eq!(code, Some(3), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "Linha 1: você já enviou R$ 10,00 por Pix para {key} em"
        )),
        "{stderr}"
    );
    assert!(stderr.contains("situação: "), "{stderr}");
    assert!(
        !stderr.contains("Enviar "),
        "nothing left to confirm: {stderr}"
    );
    assert_eq!(paid_to(dir.path(), &url, key), ["10.00", "20.00"]);

    // --again pays them once more, as asked.
    let (code, stdout, stderr) = run(&mut pay(dir.path(), &url, &data, &file, &["--again"]));
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert_eq!(
        paid_to(dir.path(), &url, key),
        ["10.00", "10.00", "20.00", "20.00"]
    );

    sandbox.kill().unwrap();
    sandbox.wait().unwrap();
}

#[test]
fn an_ambiguous_key_is_refused_naming_its_row_until_its_kind_is_said() {
    let dir = tempfile::tempdir().unwrap();
    let (mut sandbox, url) = start_sandbox(dir.path());
    let data = dir.path().join("data");
    let file = dir.path().join("lote.csv");
    std::fs::write(
        &file,
        "method,amount,pix_key\npix,5.00,ana@example.com\npix,7.00,11987654374\n",
    )
    .unwrap();
    let (code, _, stderr) = run(&mut pay(dir.path(), &url, &data, &file, &[]));
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("row 2 (line 3), column pix_key: 11987654374 is both a valid CPF and a mobile number (+5511987654374)")
            && stderr.contains("pix_key_type"),
        "{stderr}"
    );
    assert!(paid_to(dir.path(), &url, "11987654374").is_empty());
    assert!(paid_to(dir.path(), &url, "+5511987654374").is_empty());

    std::fs::write(
        &file,
        "method,amount,pix_key,pix_key_type\npix,5.00,ana@example.com,\npix,7.00,11987654374,celular\n",
    )
    .unwrap();
    let (code, stdout, stderr) = run(&mut pay(dir.path(), &url, &data, &file, &[]));
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert_eq!(paid_to(dir.path(), &url, "+5511987654374"), ["7.00"]);
    assert!(
        paid_to(dir.path(), &url, "11987654374").is_empty(),
        "not the CPF"
    );

    sandbox.kill().unwrap();
    sandbox.wait().unwrap();
}

/// Starts the sandbox and the fault proxy in front of it.
async fn behind_a_proxy(dir: &Path) -> (crate::child_guard::ChildGuard, String, Proxy) {
    let (sandbox, sandbox_url) = start_sandbox(dir);
    let upstream = sandbox_url.trim_start_matches("http://").parse().unwrap();
    let proxy = Proxy::start(upstream).await;
    (sandbox, sandbox_url, proxy)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_row_held_beside_another_keys_identical_payout_is_paid_exactly_once() {
    let dir = tempfile::tempdir().unwrap();
    let (mut sandbox, sandbox_url, proxy) = behind_a_proxy(dir.path()).await;
    let data = dir.path().join("data");
    let (mine, other) = ("held@example.com", "other@example.com");
    let file = dir.path().join("lote.csv");
    std::fs::write(&file, format!("method,amount,pix_key\npix,33.00,{mine}\n")).unwrap();
    // The row's request never reaches the service (the client gives up
    // after 20 s); meanwhile the same amount is paid to another key.
    proxy.on("POST /api/v0/withdrawals", Fault::HoldBeforeForward);
    let first = tokio::spawn(run_blocking(pay(
        dir.path(),
        &proxy.base_url,
        &data,
        &file,
        &[],
    )));
    while proxy.held("POST /api/v0/withdrawals") == 0 {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let elsewhere =
        format!(r#"{{"asset":"fiat/brl","method":"pix","amount":"33.00","pix-key":"{other}"}}"#);
    let (code, stdout, stderr) = run_blocking(brlv(
        dir.path(),
        &sandbox_url,
        &dir.path().join("elsewhere"),
        "en_US.UTF-8",
        &[
            "call",
            "POST",
            "/api/v0/withdrawals",
            "--allow-plain-key",
            "--data",
            &elsewhere,
        ],
    ))
    .await;
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    let (code, stdout, stderr) = first.await.unwrap();
    // Settled after the service could no longer take it: not done, and the
    // other key's payout is not taken for it.
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    assert!(stdout.contains("1 not-done"), "{stdout}{stderr}");
    assert!(!stderr.contains(other), "{stderr}");
    assert!(paid_to(dir.path(), &sandbox_url, mine).is_empty());

    // Resumed: the row is sent again, and paid once.
    proxy.heal();
    let (code, stdout, stderr) =
        run_blocking(pay(dir.path(), &proxy.base_url, &data, &file, &[])).await;
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert_eq!(paid_to(dir.path(), &sandbox_url, mine), ["33.00"]);
    assert_eq!(paid_to(dir.path(), &sandbox_url, other), ["33.00"]);
    assert_eq!(proxy.count("POST /api/v0/withdrawals"), 1);

    sandbox.kill().unwrap();
    sandbox.wait().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_that_reaches_the_service_after_the_client_gave_up_is_never_paid_twice() {
    let dir = tempfile::tempdir().unwrap();
    let (mut sandbox, sandbox_url, proxy) = behind_a_proxy(dir.path()).await;
    let data = dir.path().join("data");
    let key = "late@example.com";
    let file = dir.path().join("lote.csv");
    std::fs::write(&file, format!("method,amount,pix_key\npix,44.00,{key}\n")).unwrap();
    // The client gives up after 20 s; the request reaches the service at 25 s.
    proxy.on(
        "POST /api/v0/withdrawals",
        Fault::ForwardLate {
            after: Duration::from_secs(25),
        },
    );
    let (code, stdout, stderr) =
        run_blocking(pay(dir.path(), &proxy.base_url, &data, &file, &[])).await;
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    // The service holds it: sent, or paid already (the settling waits
    // until the service can no longer accept the request, and the sandbox
    // pays a withdrawal half a minute after it is made).
    assert!(
        stdout.contains("1 sent;") || stdout.contains("1 paid;"),
        "told it reached the service, not 'not done': {stdout}"
    );
    assert_eq!(paid_to(dir.path(), &sandbox_url, key), ["44.00"]);

    // Run again (a resume): nothing more leaves.
    let (code, _, stderr) = run_blocking(pay(dir.path(), &proxy.base_url, &data, &file, &[])).await;
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("was paid already"), "{stderr}");
    assert_eq!(paid_to(dir.path(), &sandbox_url, key), ["44.00"]);
    assert_eq!(proxy.count("POST /api/v0/withdrawals"), 1);

    sandbox.kill().unwrap();
    sandbox.wait().unwrap();
}
