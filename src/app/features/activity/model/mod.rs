//! The extrato's model, with no egui in it: the timeline of every movement
//! of money ([`timeline`]) and the person's filters over it, the lines by
//! day and the totals ([`filter`]).

pub mod filter;
pub mod timeline;

pub use filter::*;
pub use timeline::*;
