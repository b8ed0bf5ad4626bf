//! Taxes: the month's tax-exemption gauge ([`gauge`]), which the Overview
//! draws and the extrato's charts read.

pub mod gauge;
