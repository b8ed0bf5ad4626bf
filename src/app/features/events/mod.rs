//! The Events feature: the loopback webhook listener and the events it received.

mod apply;
pub mod message;
pub mod state;
pub mod view;
