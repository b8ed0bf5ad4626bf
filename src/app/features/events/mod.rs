//! The Events feature: the loopback webhook listener and the events it received.

pub mod message;
pub mod state;
pub mod view;
