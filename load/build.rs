//! Compiles the echo baseline's contract with protox (no installed protoc), as proto/ does
//! for the match server's.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let file = "echo/v1/echo.proto";
    println!("cargo:rerun-if-changed=proto/{file}");
    let fds = protox::compile([file], ["proto"])?;
    tonic_prost_build::configure()
        .build_server(true)
        .build_client(true)
        // `Bytes` payloads: the fan-out builds each message once and hands every listener
        // a shared reference, as the match server encodes each version once for every seat.
        .bytes(".echo.v1")
        .compile_fds(fds)?;

    // The match service's client once more, for the harness's thin players: every message
    // from hustings-proto except MatchUpdate, which decodes into `player::PlayerUpdate`
    // (only the fields a random player reads).
    // The service is in hustings.proto; the files it imports come along, and every message
    // maps to hustings-proto's own types, so only the service's client is generated here.
    println!("cargo:rerun-if-changed=../proto/hustings/v1");
    let fds = protox::compile(["hustings/v1/hustings.proto"], ["../proto"])?;
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR")?).join("player");
    std::fs::create_dir_all(&out)?;
    tonic_prost_build::configure()
        .build_server(false)
        .build_client(true)
        .out_dir(&out)
        .extern_path(".hustings.v1.MatchUpdate", "crate::player::PlayerUpdate")
        .extern_path(".hustings.v1", "::hustings_proto::v1")
        .compile_fds(fds)?;
    Ok(())
}
