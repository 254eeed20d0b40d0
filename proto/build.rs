//! Compiles the contract with protox (a protobuf compiler in Rust), so building needs no
//! installed protoc, and keeps the descriptor set for the gRPC reflection service.

use std::path::PathBuf;

use prost::Message;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let files = [
        "hustings/v1/hustings.proto",
        "hustings/v1/presidency.proto",
        "hustings/v1/the_vote.proto",
    ];
    for f in &files {
        println!("cargo:rerun-if-changed={f}");
    }
    let fds = protox::compile(files, ["."])?;
    let out = PathBuf::from(std::env::var("OUT_DIR")?);
    std::fs::write(out.join("hustings_descriptor.bin"), fds.encode_to_vec())?;
    tonic_prost_build::configure()
        .build_server(true)
        .build_client(true)
        .compile_fds(fds)?;
    Ok(())
}
