//! The Withdrawals feature: its state and draft, its worker calls, its view.

pub mod batch;
pub mod review;
pub mod state;
pub mod task;
pub mod view;
