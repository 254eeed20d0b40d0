//! The `hustings.v1` contract: messages, the `Hustings` service's server trait and client.
//!
//! The `.proto` files in `hustings/v1/` are the source of truth and carry the documentation
//! of every service, message and field.

#![allow(clippy::doc_lazy_continuation, clippy::large_enum_variant)]

/// Generated code for package `hustings.v1`.
pub mod v1 {
    tonic::include_proto!("hustings.v1");
}

/// The encoded descriptor set of the contract, for the gRPC reflection service.
pub const FILE_DESCRIPTOR_SET: &[u8] =
    include_bytes!(concat!(env!("OUT_DIR"), "/hustings_descriptor.bin"));

pub use v1::*;
