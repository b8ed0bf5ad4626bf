//! The overview: balances, the tax-exemption gauge, things in motion.

pub mod view;
