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

/// CPU time (user + system) process `pid` has used so far, from `/proc/<pid>/stat`.
///
/// On a machine shared with other work, CPU time per operation is steadier than wall-clock
/// throughput: it does not count the time other processes held the cores.
pub fn cpu_time_of(pid: u32) -> anyhow::Result<std::time::Duration> {
    let path = format!("/proc/{pid}/stat");
    let text =
        std::fs::read_to_string(&path).map_err(|e| anyhow::anyhow!("cannot read {path}: {e}"))?;
    parse_cpu_ticks(&text)
        .map(|t| std::time::Duration::from_millis(t * 1000 / CLOCK_TICKS))
        .ok_or_else(|| anyhow::anyhow!("cannot parse {path}"))
}

/// Linux's USER_HZ, the unit of the times in `/proc/<pid>/stat` (100 on every common
/// architecture).
const CLOCK_TICKS: u64 = 100;

/// utime + stime, in clock ticks, from a `/proc/<pid>/stat` line.
pub fn parse_cpu_ticks(stat: &str) -> Option<u64> {
    // The command name (field 2) may hold spaces: count fields after its closing ')'.
    let rest = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // After the name come state (field 3) ... utime (14) and stime (15).
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some(utime + stime)
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
    fn reads_user_and_system_ticks() {
        let stat = "42 (a (b) c) S 1 42 42 0 -1 4194304 100 0 0 0 250 30 0 0 20 0 3 0";
        assert_eq!(parse_cpu_ticks(stat), Some(280));
        assert_eq!(parse_cpu_ticks("42 (x) S 1"), None);
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
