//! Reading a golden file of digests: a heading line, then indented lines of hex digests
//! (the Votes for Women goldens share this layout).

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
