//! The overview: balances, the tax-exemption gauge, things in motion, and
//! the monthly charts of money and of the tax exemption.

pub mod view;
