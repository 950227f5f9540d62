//! Chooses the SSE2 code paths (see `src/simd.rs`).
//!
//! `robots_simd` is set on x86_64, where SSE2 is always present, unless the
//! environment variable `ROBOTS_PORTABLE` is set: then the code that other
//! targets run is built instead, so that CI can test it on this machine.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(robots_simd)");
    println!("cargo::rerun-if-env-changed=ROBOTS_PORTABLE");
    let x86_64 = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|arch| arch == "x86_64");
    if x86_64 && std::env::var_os("ROBOTS_PORTABLE").is_none() {
        println!("cargo::rustc-cfg=robots_simd");
    }
}
