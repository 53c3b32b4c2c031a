//! Helpers shared by the unit tests of several modules (compiled in tests only).

/// SplitMix64: a small seeded generator for drawing random test boards, so
/// that every test run sees the same boards.
pub(crate) struct SplitMix64(pub u64);

impl SplitMix64 {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform-enough draw in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The shared data directory, as the Python tests find it: `$LOOPCRAFT_SHARED`
/// when set, else `../shared` beside the repository. Its data sets are not
/// redistributed; tests that need them do nothing when it is missing.
pub(crate) fn shared_dir() -> std::path::PathBuf {
    match std::env::var_os("LOOPCRAFT_SHARED") {
        Some(dir) => dir.into(),
        None => std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"),
    }
}
