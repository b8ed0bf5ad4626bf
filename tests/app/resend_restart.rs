//! "Send again…" is offered once, through the real worker and a journal on
//! disk: a withdrawal an earlier run journaled and never sent is settled
//! as not done when the connection opens, "Send again…" fills the form and
//! the new withdrawal is sent; the journal keeps the link (its `resends`
//! table), and once the app is closed and started again on the same data
//! folder the window knows that send was sent again and offers no "Send
//! again…" for it.

use std::str::FromStr;

use egui::accesskit::Role;
use egui_kittest::kittest::{By, Queryable};
use rust_decimal::Decimal;

use brlv_core::api::model::CreateWithdrawal;
use brlv_core::journal::Store;
use brlv_desk::app::features::journal::message::SendOutcome;
use brlv_desk::app::features::journal::records::post_record;
use brlv_desk::app::features::lock::state::LockTold;
use brlv_desk::app::i18n::Language;
use brlv_desk::app::message::Command;
use brlv_desk::app::state::{AppState, View};
use brlv_desk::app::submit::{Created, SubmitRequest};
use brlv_desk::app::worker::EnvironmentProfile;

use crate::journal::{Service, environment_journal, worker};
use crate::support::ui::{harness, settle};
use crate::ui_batch::pump;

fn send_again_buttons(harness: &egui_kittest::Harness<'static, AppState>) -> usize {
    harness
        .query_all(By::new().role(Role::Button).label_contains("Send again"))
        .count()
}

#[test]
fn a_send_sent_again_is_not_offered_again_after_the_app_starts_again_on_the_same_journal() {
    let dir = tempfile::tempdir().unwrap();
    let service = Service::start();
    let credentials = service.credentials();
    // Journaled ten minutes ago by an earlier run, and never sent (it
    // crashed first): the service holds nothing like it.
    let lost = CreateWithdrawal::pix(Decimal::from_str("52.28").unwrap(), "52998224725".into());
    let lost_post = post_record(
        &SubmitRequest::Withdrawal(lost),
        time::OffsetDateTime::now_utc() - time::Duration::minutes(10),
    );
    let path = environment_journal(dir.path(), &service.base_url);
    {
        let (mut store, _) = Store::open(&path).unwrap();
        store.append_post(&lost_post).unwrap();
    }

    // First run: settled as not done, sent again with "Send again…".
    let first = worker(dir.path(), EnvironmentProfile::Given(credentials.clone()));
    assert!(first.send(Command::Start { sandbox: false }));
    let mut state = AppState::new(Language::En);
    state.view = View::Settings;
    let mut window = harness(state);
    pump(
        &first,
        &mut window,
        "the send settled as not done",
        |state| {
            state
                .panels
                .journal
                .settled
                .iter()
                .any(|send| send.post_id == lost_post.id && send.outcome == SendOutcome::NotDone)
        },
    );
    assert_eq!(send_again_buttons(&window), 1, "offered while unused");
    window
        .get(By::new().role(Role::Button).label_contains("Send again"))
        .click();
    settle(&mut window);
    let state = window.state_mut();
    assert_eq!(state.view, View::Withdrawals, "the form, filled");
    let request = state.panels.withdrawals.draft.validate().unwrap();
    state.submit(SubmitRequest::Withdrawal(request));
    // The environment's plain key: the word typed lets it go.
    state.panels.lock.authorization.as_mut().unwrap().typed = "SEND".to_owned();
    state.tell(|panels| &mut panels.lock, LockTold::ConfirmTyped);
    pump(&first, &mut window, "the new withdrawal made", |state| {
        matches!(
            state.panels.withdrawals.submit.created(),
            Some(Created::Withdrawal(_))
        )
    });
    let Some(Created::Withdrawal(made)) = window.state().panels.withdrawals.submit.created() else {
        unreachable!()
    };
    let made = made.id;
    // The link's command reaches the worker before it closes.
    pump(
        &first,
        &mut window,
        "the link handed to the worker",
        |state| state.panels.journal.sent_again.get(&lost_post.id) == Some(&Some(made)),
    );
    for command in window.state_mut().take_commands() {
        assert!(first.send(command));
    }
    drop(first);
    {
        let (store, _) = Store::open(&path).unwrap();
        assert_eq!(
            store.resends().unwrap().get(&lost_post.id),
            Some(&made.to_string()),
            "the journal on disk keeps the link"
        );
    }

    // Started again on the same folder: the window knows it was sent
    // again, and nothing offers to send it a third time.
    let second = worker(dir.path(), EnvironmentProfile::Given(credentials));
    assert!(second.send(Command::Start { sandbox: false }));
    let mut state = AppState::new(Language::En);
    state.view = View::Settings;
    let mut window = harness(state);
    pump(
        &second,
        &mut window,
        "the journal's settling told",
        |state| state.panels.journal.settling_told,
    );
    assert_eq!(
        window.state().panels.journal.sent_again.get(&lost_post.id),
        Some(&Some(made)),
        "read back from the journal as the connection opened"
    );
    assert_eq!(send_again_buttons(&window), 0);
    drop(second);
}
