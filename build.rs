//! One switch for the x86_64-only code paths (SSE2 lanes, AVX/BMI2 sweeps,
//! prefetch): `cfg(simd_x86)` is set on x86_64 unless `LOOPCRAFT_PORTABLE`
//! is set at build time. With it set, an x86_64 machine builds and tests
//! the portable paths that every other architecture (aarch64 wheels, say)
//! compiles, so CI covers them without a cross toolchain.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(simd_x86)");
    println!("cargo::rerun-if-env-changed=LOOPCRAFT_PORTABLE");
    println!("cargo::rerun-if-changed=build.rs");
    let x86 = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|a| a == "x86_64");
    if x86 && std::env::var_os("LOOPCRAFT_PORTABLE").is_none_or(|v| v.is_empty()) {
        println!("cargo::rustc-cfg=simd_x86");
    }
}
