//! The rating crate's behaviour tests: one binary, one module per kind of check.

mod properties;
mod reference;
mod simulation;
mod support;
