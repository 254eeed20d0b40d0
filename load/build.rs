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
    let files = [
        "hustings/v1/hustings.proto",
        "hustings/v1/presidency.proto",
        "hustings/v1/votes_for_women.proto",
        "hustings/v1/the_vote.proto",
    ];
    for f in &files {
        println!("cargo:rerun-if-changed=../proto/{f}");
    }
    let fds = protox::compile(files, ["../proto"])?;
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
