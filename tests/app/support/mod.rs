//! Helpers of the app tests: `ui` draws the shell headless from an
//! `AppState`; `worker` runs the real worker as the shell does; the functions
//! here pick the account panels' Commands out of what a state queued.

pub mod ui;
pub mod worker;

use brlv_desk::app::accounts_command::{AccountsCommand, ListQuery};
use brlv_desk::app::command::Command;
use brlv_desk::app::state::AppState;

/// The account panels' Commands queued in `state` (the others are dropped).
pub fn accounts_commands(state: &mut AppState) -> Vec<AccountsCommand> {
    state
        .take_commands()
        .into_iter()
        .filter_map(|command| match command {
            Command::Accounts(command) => Some(command),
            _ => None,
        })
        .collect()
}

/// The list queries queued in `state` (the other Commands are dropped).
pub fn queries(state: &mut AppState) -> Vec<ListQuery> {
    state
        .take_commands()
        .into_iter()
        .filter_map(|command| match command {
            Command::Accounts(AccountsCommand::Query(query)) => Some(query),
            _ => None,
        })
        .collect()
}
