//! One file per panel. Each draws from `&mut AppState` and pushes Commands;
//! none touches the worker, so tests render them alone.

pub mod events;
pub mod navigation;
pub mod notices;
pub mod onboarding;
pub mod orders;
pub mod overview;
pub mod placeholder;
pub mod settings;
pub mod top_bar;
