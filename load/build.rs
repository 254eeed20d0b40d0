//! Compiles the echo baseline's contract with protox (no installed protoc), as proto/ does
//! for the match server's.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let file = "echo/v1/echo.proto";
    println!("cargo:rerun-if-changed=proto/{file}");
    let fds = protox::compile([file], ["proto"])?;
    tonic_prost_build::configure()
        .build_server(true)
        .build_client(true)
        .compile_fds(fds)?;
    Ok(())
}
