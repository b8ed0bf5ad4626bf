//! Helpers of the app tests: `ui` draws the shell headless from an
//! `AppState`; `worker` runs the real worker as the shell does; the functions
//! here and in `ui` pick the account panels' Commands out of what a state
//! queued.

pub mod ui;
pub mod worker;

use brlv_desk::app::message::Command;
use brlv_desk::app::resources::ListQuery;
use brlv_desk::app::state::AppState;

/// The list queries queued in `state` (the other Commands are dropped).
pub fn queries(state: &mut AppState) -> Vec<ListQuery> {
    state
        .take_commands()
        .into_iter()
        .filter_map(|command| match command {
            Command::Query(query) => Some(query),
            _ => None,
        })
        .collect()
}
