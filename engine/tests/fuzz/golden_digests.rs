//! Reading a golden file of digests: a heading line, then indented lines of hex digests
//! (the Votes for Women goldens share this layout), and the hash they are digests of.

use hustings_engine::testing::worded_as_recorded;

/// The digests listed under the line `head` of `text`, in order.
pub fn under(text: &str, head: &str) -> Vec<u64> {
    text.lines()
        .skip_while(|l| *l != head)
        .skip(1)
        .take_while(|l| l.starts_with(' '))
        .flat_map(str::split_whitespace)
        .map(|hex| u64::from_str_radix(hex, 16).expect("a hex digest"))
        .collect()
}

/// FNV-1a, 64 bits: a hash that is the same in every build and on every machine, so the
/// recorded digests stay comparable.
pub struct Fnv(pub u64);

impl Fnv {
    pub fn new() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    pub fn bytes(&mut self, b: &[u8]) {
        for &x in b {
            self.0 ^= u64::from(x);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// Hashes `v` as JSON, in the recording's wording (see `worded_as_recorded`: deliberate
    /// rewordings only), then a line break.
    pub fn json<T: serde::Serialize + ?Sized>(&mut self, v: &T) {
        let text = serde_json::to_string(v).unwrap_or_default();
        self.bytes(worded_as_recorded(&text).as_bytes());
        self.bytes(b"\n");
    }
}
