//! Helpers of the app tests: `ui` draws the shell headless from an
//! `AppState`.

pub mod ui;
