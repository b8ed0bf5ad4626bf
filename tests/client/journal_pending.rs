//! `brlv-desk journal pending` and `call`'s settling before it sends, as
//! the real binary against the headless sandbox on loopback: a journal
//! holding POSTs with no outcome (as a crash leaves it) is settled against
//! the sandbox's list, one each of done (with the id), not done, and cannot
//! tell (two identical payouts); and a `call` paying one withdrawal killed
//! (SIGKILL) at each point of its send: before the request reached the
//! service (held by the fault proxy), after it left (its answer held), and
//! after the answer arrived but before the journal wrote the outcome (the
//! debug build's test hook). Each restart on the same journal tells the
//! outcome truly, sends again only what was not done, sends nothing twice,
//! and leaves the balance paid exactly what the sandbox holds.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use brlv_core::journal::{Outcome, PostRecord, Store};
use rust_decimal::Decimal;
use time::OffsetDateTime;
use uuid::Uuid;

use crate::cli::{BIN, start_sandbox};
use crate::fault_proxy_server::{Fault, Proxy};

fn pix(amount: &str) -> String {
    format!(
        r#"{{"asset":"fiat/brl","method":"pix","amount":"{amount}","pix-key":"ana@example.com"}}"#
    )
}

/// The binary with the sandbox's demo credentials in `dir`, its journals
/// under `data`.
fn brlv(dir: &Path, base_url: &str, data: &Path, args: &[&str]) -> Command {
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
        .env("XDG_DATA_HOME", data);
    command
}

fn run(command: &mut Command) -> (Option<i32>, String, String) {
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

/// The JSON of `call`'s answer, after its status line.
fn answer(stdout: &str) -> serde_json::Value {
    let body = stdout.split_once('\n').map_or("", |(_, body)| body);
    serde_json::from_str(body).unwrap_or_else(|_| panic!("not JSON: {stdout}"))
}

/// Pays out `body` through `call`, journaled under `data`; the new id.
fn withdraw(dir: &Path, base_url: &str, data: &Path, body: &str) -> String {
    withdraw_with(dir, base_url, data, body, &[])
}

/// [`withdraw`] with more of `call`'s flags (`--again` pays a repeat).
fn withdraw_with(dir: &Path, base_url: &str, data: &Path, body: &str, extra: &[&str]) -> String {
    let mut args = vec![
        "call",
        "POST",
        "/api/v0/withdrawals",
        "--allow-plain-key",
        "--data",
        body,
    ];
    args.extend_from_slice(extra);
    let (code, stdout, stderr) = run(&mut brlv(dir, base_url, data, &args));
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    answer(&stdout)["withdrawal"]["id"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// The withdrawals the sandbox holds to ana@example.com, by amount, and
/// its BRL balance.
fn held(dir: &Path, base_url: &str) -> (Vec<(Decimal, String)>, Decimal) {
    let scratch = dir.join("reads");
    let (_, stdout, _) = run(&mut brlv(
        dir,
        base_url,
        &scratch,
        &["call", "GET", "/api/v0/withdrawals"],
    ));
    let mut payouts: Vec<(Decimal, String)> = answer(&stdout)["withdrawals"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|record| record["pix-key"] == "ana@example.com")
        .map(|record| {
            (
                record["amount"].as_str().unwrap().parse().unwrap(),
                record["id"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    payouts.sort();
    let (_, stdout, _) = run(&mut brlv(
        dir,
        base_url,
        &scratch,
        &["call", "GET", "/api/v0/assets/brl/balance"],
    ));
    let balance = answer(&stdout)["balance"]["running-balance"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    (payouts, balance)
}

fn journal_path(data: &Path, base_url: &str) -> PathBuf {
    brlv_core::journal::file_for(
        &data.join("brlv-desk").join("journal"),
        "127.0.0.1",
        base_url,
    )
}

/// The block `describe` printed for the send whose body holds `amount`:
/// its first line starts with `verdict`.
fn block<'a>(stdout: &'a str, verdict: &str, amount: &str) -> Option<(&'a str, &'a str)> {
    let lines: Vec<&str> = stdout.lines().collect();
    lines.windows(2).find_map(|pair| {
        (pair[0].starts_with(verdict) && pair[0].contains(&format!(r#""amount":"{amount}""#)))
            .then_some((pair[0], pair[1]))
    })
}

#[cfg(unix)]
#[test]
fn journal_pending_tells_done_not_done_and_cannot_tell_against_the_sandbox() {
    let dir = tempfile::tempdir().unwrap();
    let (mut sandbox, base_url) = start_sandbox(dir.path());
    // Payouts the sandbox applies, made from another journal: as if their
    // answers never reached this one.
    let elsewhere = dir.path().join("elsewhere");
    let applied = withdraw(dir.path(), &base_url, &elsewhere, &pix("12.34"));
    let twin_a = withdraw(dir.path(), &base_url, &elsewhere, &pix("56.78"));
    // The same payout twice: the second is asked for again.
    let twin_b = withdraw_with(
        dir.path(),
        &base_url,
        &elsewhere,
        &pix("56.78"),
        &["--again"],
    );

    // The journal a crash left: three POSTs, no outcome, sent 90 s ago
    // (the service can no longer accept them).
    let data = dir.path().join("data");
    let path = journal_path(&data, &base_url);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let (mut store, _) = Store::open(&path).unwrap();
    let sent_at = OffsetDateTime::now_utc() - time::Duration::seconds(90);
    for (n, amount) in [(1, "12.34"), (2, "90.12"), (3, "56.78")] {
        store
            .append_post(&PostRecord {
                id: Uuid::from_u128(n),
                sent_at,
                form: "withdrawal".into(),
                method: "POST".into(),
                endpoint: "/api/v0/withdrawals".into(),
                body: pix(amount),
            })
            .unwrap();
    }
    drop(store);
    let (before, _) = held(dir.path(), &base_url);

    let (code, stdout, stderr) = run(&mut brlv(
        dir.path(),
        &base_url,
        &data,
        &["journal", "pending"],
    ));
    assert_eq!(code, Some(3), "one cannot be told: {stdout}{stderr}");
    assert!(stdout.contains("3 pending sends"), "{stdout}");
    let (_, done) = block(&stdout, "done: ", "12.34").expect("12.34 done");
    assert!(done.contains(&applied), "{done}");
    let (_, not_done) = block(&stdout, "not done: ", "90.12").expect("90.12 not done");
    assert!(
        not_done.contains("did not apply it")
            && not_done.contains("brlv-desk call POST /api/v0/withdrawals --data '{"),
        "{not_done}"
    );
    let (_, unsure) = block(&stdout, "cannot tell: ", "56.78").expect("56.78 cannot tell");
    assert!(
        unsure.contains("2 records like it")
            && unsure.contains(&twin_a)
            && unsure.contains(&twin_b),
        "{unsure}"
    );
    assert!(unsure.contains("do not send it again blindly"), "{unsure}");
    assert_eq!(
        held(dir.path(), &base_url).0,
        before,
        "settling sent nothing"
    );

    // Settled once, and said so in the journal.
    let (store, _) = Store::open(&path).unwrap();
    let entries = store.posts(None).unwrap();
    let outcome = |n: u128| {
        entries
            .iter()
            .find(|entry| entry.post.id == Uuid::from_u128(n))
            .and_then(|entry| entry.outcome.clone())
            .unwrap()
    };
    assert_eq!(outcome(1).outcome, Outcome::Created);
    assert!(outcome(1).answer.unwrap().contains(&applied));
    assert_eq!(outcome(2).outcome, Outcome::NotApplied);
    assert_eq!(outcome(3).outcome, Outcome::Unknown);
    drop(store);
    let (code, stdout, _) = run(&mut brlv(
        dir.path(),
        &base_url,
        &data,
        &["journal", "pending"],
    ));
    assert_eq!(code, Some(0), "{stdout}");
    assert!(stdout.contains("No pending sends"), "{stdout}");
    assert!(
        stdout.contains("1 earlier send could not be told"),
        "{stdout}"
    );

    // `call` refuses to send the one it cannot tell about again, unless told to.
    let (code, stdout, stderr) = run(&mut brlv(
        dir.path(),
        &base_url,
        &data,
        &[
            "call",
            "POST",
            "/api/v0/withdrawals",
            "--allow-plain-key",
            "--data",
            &pix("56.78"),
        ],
    ));
    assert_eq!(code, Some(3), "{stdout}{stderr}");
    assert!(stdout.is_empty(), "nothing was sent: {stdout}");
    assert!(
        stderr.contains("could pay twice") && stderr.contains("--again"),
        "{stderr}"
    );
    assert_eq!(held(dir.path(), &base_url).0, before, "not sent");
    // The one not done is sent again as asked, and journaled as created.
    let again = withdraw(dir.path(), &base_url, &data, &pix("90.12"));
    assert!(
        held(dir.path(), &base_url)
            .0
            .iter()
            .any(|(_, id)| *id == again)
    );

    sandbox.kill().unwrap();
    sandbox.wait().unwrap();
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_killed_after_its_withdrawal_left_is_settled_as_done_and_never_sent_twice() {
    let dir = tempfile::tempdir().unwrap();
    let Killed {
        mut sandbox,
        sandbox_url,
        proxy,
        data,
        before,
        balance_before,
        ..
    } = kill_a_payout(dir.path(), "321.09", KillPoint::AfterItLeft).await;

    let (code, stdout, stderr) = run(&mut brlv(
        dir.path(),
        &proxy.base_url,
        &data,
        &["journal", "pending"],
    ));
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    let (after, balance_after) = held(dir.path(), &sandbox_url);
    let new: Vec<_> = after
        .iter()
        .filter(|payout| !before.contains(payout))
        .collect();
    assert_eq!(new.len(), 1, "sent once: {after:?}");
    let (amount, id) = new[0];
    assert_eq!(*amount, Decimal::new(32109, 2));
    let (_, done) = block(&stdout, "done: ", "321.09").expect("told done");
    assert!(done.contains(id.as_str()), "{done}");
    assert_eq!(
        proxy.count("POST /api/v0/withdrawals"),
        1,
        "never sent twice"
    );
    assert_eq!(
        balance_before - balance_after,
        *amount,
        "the balance paid exactly it"
    );

    // And the next `call` finds nothing left to settle.
    let (code, stdout, _) = run(&mut brlv(
        dir.path(),
        &proxy.base_url,
        &data,
        &["journal", "pending"],
    ));
    assert_eq!(code, Some(0));
    assert!(stdout.contains("No pending sends"), "{stdout}");

    sandbox.kill().unwrap();
    sandbox.wait().unwrap();
}

/// Where a `call` paying one withdrawal is killed.
#[derive(Clone, Copy, Debug, PartialEq)]
enum KillPoint {
    /// The proxy holds the request: it never reached the service.
    BeforeTheService,
    /// The sandbox holds the payout and the proxy holds its answer back.
    AfterItLeft,
    /// The answer arrived, and the process stops before the journal wrote
    /// the outcome (`BRLV_TEST_HOOK_PAUSE_BEFORE_OUTCOME`, debug builds only).
    AfterTheAnswer,
}

/// What a killed single payout left, for the restart to settle.
struct Killed {
    sandbox: crate::child_guard::ChildGuard,
    sandbox_url: String,
    proxy: Proxy,
    data: PathBuf,
    body: String,
    before: Vec<(Decimal, String)>,
    balance_before: Decimal,
}

/// Starts `call POST /api/v0/withdrawals` for `amount` through the fault
/// proxy and kills it (SIGKILL) at `point`; checks that it was killed and
/// that the journal holds the POST, journaled before it left, with no
/// outcome.
async fn kill_a_payout(dir: &Path, amount: &str, point: KillPoint) -> Killed {
    let (sandbox, sandbox_url) = start_sandbox(dir);
    let upstream = sandbox_url.trim_start_matches("http://").parse().unwrap();
    let proxy = Proxy::start(upstream).await;
    match point {
        KillPoint::BeforeTheService => {
            proxy.on("POST /api/v0/withdrawals", Fault::HoldBeforeForward)
        }
        KillPoint::AfterItLeft => proxy.on("POST /api/v0/withdrawals", Fault::HoldAfterForward),
        KillPoint::AfterTheAnswer => {}
    }
    let (before, balance_before) = held(dir, &sandbox_url);
    let data = dir.join("data");
    let body = pix(amount);
    let answered = dir.join("answered");
    let mut command = brlv(
        dir,
        &proxy.base_url,
        &data,
        &[
            "call",
            "POST",
            "/api/v0/withdrawals",
            "--allow-plain-key",
            "--data",
            &body,
        ],
    );
    if point == KillPoint::AfterTheAnswer {
        command.env("BRLV_TEST_HOOK_PAUSE_BEFORE_OUTCOME", &answered);
    }
    let mut child = crate::child_guard::ChildGuard::new(
        command
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let reached = || match point {
        KillPoint::BeforeTheService => proxy.held("POST /api/v0/withdrawals") == 1,
        KillPoint::AfterItLeft => held(dir, &sandbox_url).0.len() > before.len(),
        KillPoint::AfterTheAnswer => answered.exists(),
    };
    let mut waited = Duration::ZERO;
    while !reached() {
        assert!(
            waited < Duration::from_secs(30),
            "the send never reached {point:?}"
        );
        assert!(
            child.try_wait().unwrap().is_none(),
            "the call ended before {point:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
        waited += Duration::from_millis(50);
    }
    child.kill().unwrap();
    let status = child.wait().unwrap();
    assert_eq!(
        std::os::unix::process::ExitStatusExt::signal(&status),
        Some(9),
        "killed, not finished"
    );
    let entries = Store::open(&journal_path(&data, &proxy.base_url))
        .unwrap()
        .0
        .posts(None)
        .unwrap();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].post.body, body);
    assert!(entries[0].outcome.is_none(), "{:?}", entries[0].outcome);
    Killed {
        sandbox,
        sandbox_url,
        proxy,
        data,
        body,
        before,
        balance_before,
    }
}

/// The payouts the sandbox holds now that it did not before the kill.
fn new_payouts(dir: &Path, killed: &Killed) -> (Vec<(Decimal, String)>, Decimal) {
    let (after, balance) = held(dir, &killed.sandbox_url);
    let new = after
        .into_iter()
        .filter(|payout| !killed.before.contains(payout))
        .collect();
    (new, balance)
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_killed_before_its_withdrawal_reached_the_service_is_told_not_done_and_sent_again_once()
 {
    let dir = tempfile::tempdir().unwrap();
    let mut killed = kill_a_payout(dir.path(), "432.10", KillPoint::BeforeTheService).await;
    assert_eq!(killed.proxy.count("POST /api/v0/withdrawals"), 0);
    assert!(new_payouts(dir.path(), &killed).0.is_empty());

    // The restart: the service could still have taken the request until its
    // signature expired, so `journal pending` waits that out, then tells.
    let (code, stdout, stderr) = run(&mut brlv(
        dir.path(),
        &killed.proxy.base_url,
        &killed.data,
        &["journal", "pending"],
    ));
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    let (_, not_done) = block(&stdout, "not done: ", "432.10").expect("told not done");
    assert!(not_done.contains("did not apply it"), "{not_done}");
    let (new, balance) = new_payouts(dir.path(), &killed);
    assert!(new.is_empty(), "nothing was paid: {new:?}");
    assert_eq!(balance, killed.balance_before);

    // Sent again, as told, once.
    let id = withdraw(
        dir.path(),
        &killed.proxy.base_url,
        &killed.data,
        &killed.body,
    );
    let (new, balance) = new_payouts(dir.path(), &killed);
    assert_eq!(new, vec![(Decimal::new(43210, 2), id)], "paid once");
    assert_eq!(
        killed.proxy.count("POST /api/v0/withdrawals"),
        1,
        "the held request never arrived; the one sent again did"
    );
    assert_eq!(killed.balance_before - balance, Decimal::new(43210, 2));
    let (code, stdout, _) = run(&mut brlv(
        dir.path(),
        &killed.proxy.base_url,
        &killed.data,
        &["journal", "pending"],
    ));
    assert_eq!(code, Some(0));
    assert!(stdout.contains("No pending sends"), "{stdout}");

    killed.sandbox.kill().unwrap();
    killed.sandbox.wait().unwrap();
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_killed_after_its_answer_before_the_journal_wrote_it_is_settled_as_done_and_never_sent_twice()
 {
    let dir = tempfile::tempdir().unwrap();
    let mut killed = kill_a_payout(dir.path(), "210.98", KillPoint::AfterTheAnswer).await;
    assert_eq!(killed.proxy.count("POST /api/v0/withdrawals"), 1);
    let (new, _) = new_payouts(dir.path(), &killed);
    assert_eq!(new.len(), 1, "the service applied it: {new:?}");
    let (amount, id) = new[0].clone();
    assert_eq!(amount, Decimal::new(21098, 2));

    // The restart finds it in the list at once: done, with its id.
    let (code, stdout, stderr) = run(&mut brlv(
        dir.path(),
        &killed.proxy.base_url,
        &killed.data,
        &["journal", "pending"],
    ));
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    let (_, done) = block(&stdout, "done: ", "210.98").expect("told done");
    assert!(done.contains(id.as_str()), "{done}");
    let (new, balance) = new_payouts(dir.path(), &killed);
    assert_eq!(new, vec![(amount, id)], "nothing more was paid");
    assert_eq!(killed.proxy.count("POST /api/v0/withdrawals"), 1);
    assert_eq!(killed.balance_before - balance, amount);

    // The journal says so: the next `call` of the same payout is not
    // refused as unknown, and settling has nothing left.
    let (store, _) = Store::open(&journal_path(&killed.data, &killed.proxy.base_url)).unwrap();
    let entries = store.posts(None).unwrap();
    assert_eq!(
        entries[0].outcome.as_ref().map(|outcome| outcome.outcome),
        Some(Outcome::Created)
    );
    drop(store);
    let (code, stdout, _) = run(&mut brlv(
        dir.path(),
        &killed.proxy.base_url,
        &killed.data,
        &["journal", "pending"],
    ));
    assert_eq!(code, Some(0));
    assert!(stdout.contains("No pending sends"), "{stdout}");

    killed.sandbox.kill().unwrap();
    killed.sandbox.wait().unwrap();
}
