//! Resident memory of a process, from `/proc/<pid>/status`.

/// The resident set size (`VmRSS`) of process `pid`, in bytes.
pub fn rss_of(pid: u32) -> anyhow::Result<u64> {
    let path = format!("/proc/{pid}/status");
    let text =
        std::fs::read_to_string(&path).map_err(|e| anyhow::anyhow!("cannot read {path}: {e}"))?;
    parse_vm_rss(&text).ok_or_else(|| anyhow::anyhow!("no VmRSS line in {path}"))
}

/// The resident set size of this process, in bytes.
pub fn own_rss() -> anyhow::Result<u64> {
    rss_of(std::process::id())
}

/// Reads the `VmRSS:  1234 kB` line of a `/proc/<pid>/status` text.
pub fn parse_vm_rss(status: &str) -> Option<u64> {
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let mut words = line["VmRSS:".len()..].split_whitespace();
    let n: u64 = words.next()?.parse().ok()?;
    match words.next() {
        Some("kB") | None => Some(n * 1024),
        Some("mB") => Some(n * 1024 * 1024),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_vm_rss_in_kilobytes() {
        let text = "Name:\tx\nVmPeak:\t  9999 kB\nVmRSS:\t   2048 kB\nThreads:\t3\n";
        assert_eq!(parse_vm_rss(text), Some(2048 * 1024));
        assert_eq!(parse_vm_rss("Name:\tx\n"), None);
    }

    #[test]
    fn own_rss_is_plausible() {
        let rss = own_rss().expect("this process has a status file");
        assert!(
            rss > 100 * 1024,
            "a running test process uses more than 100 KiB: {rss}"
        );
    }
}
