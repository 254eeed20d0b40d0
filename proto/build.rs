//! Compiles the contract with protox (a protobuf compiler in Rust), so building needs no
//! installed protoc, and keeps the descriptor set for the gRPC reflection service.

use std::path::PathBuf;

use prost::Message;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let files = [
        "hustings/v1/hustings.proto",
        "hustings/v1/presidency.proto",
        "hustings/v1/votes_for_women.proto",
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
        .compile_fds(fds.clone())?;
    // The server side of the service once more, with every message taken from the module
    // above except `MatchUpdate`, which the server streams already encoded (see
    // `EncodedUpdate` in lib.rs): one encoding shared by every viewer of a version.
    let encoded = out.join("encoded");
    std::fs::create_dir_all(&encoded)?;
    tonic_prost_build::configure()
        .build_server(true)
        .build_client(false)
        .out_dir(&encoded)
        .extern_path(".hustings.v1.MatchUpdate", "crate::EncodedUpdate")
        .extern_path(".hustings.v1", "crate::v1")
        .compile_fds(fds)?;
    Ok(())
}
