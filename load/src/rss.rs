//! Resident memory of a process, from `/proc/<pid>/status`.

/// The resident set size (`VmRSS`) of process `pid`, in bytes.
pub fn rss_of(pid: u32) -> anyhow::Result<u64> {
    let path = format!("/proc/{pid}/status");
    let text =
        std::fs::read_to_string(&path).map_err(|e| anyhow::anyhow!("cannot read {path}: {e}"))?;
    parse_vm_rss(&text).ok_or_else(|| anyhow::anyhow!("no VmRSS line in {path}"))
}

/// The summed resident memory of `pids` (the nodes of a cluster), in bytes; `None`
/// without pids or if one cannot be read.
pub fn rss_of_all(pids: &[u32]) -> Option<u64> {
    if pids.is_empty() {
        return None;
    }
    pids.iter().map(|&p| rss_of(p).ok()).sum()
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

/// CPU time (user + system) used so far by every running process whose command line
/// contains `text`, and how many there are: e.g. the PostgreSQL backends serving one
/// database, whose title names their user and database (`postgres: 15/main: user db
/// 127.0.0.1(…) idle`).
/// A process that exits between two readings drops out of the sum, so compare readings
/// taken while the same processes run (a server's connection pool keeps its backends).
pub fn cpu_time_matching(text: &str) -> (std::time::Duration, usize) {
    let mut ticks = 0;
    let mut count = 0;
    let own = std::process::id();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return (std::time::Duration::ZERO, 0);
    };
    for entry in entries.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        // This harness's own command line holds the text too.
        if pid == own {
            continue;
        }
        let Ok(cmdline) = std::fs::read(format!("/proc/{pid}/cmdline")) else {
            continue;
        };
        if !cmdline_contains(&cmdline, text) {
            continue;
        }
        if let Some(t) = std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .ok()
            .and_then(|s| parse_cpu_ticks(&s))
        {
            ticks += t;
            count += 1;
        }
    }
    (
        std::time::Duration::from_millis(ticks * 1000 / CLOCK_TICKS),
        count,
    )
}

/// Whether a `/proc/<pid>/cmdline` (arguments separated by NULs) contains `text`, with
/// the NULs read as spaces.
pub fn cmdline_contains(cmdline: &[u8], text: &str) -> bool {
    let line: String = String::from_utf8_lossy(cmdline).replace('\0', " ");
    !text.is_empty() && line.contains(text)
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
    fn matches_command_lines_across_their_nul_separators() {
        let backend = b"postgres: hustings bench_3 127.0.0.1(4242) idle\0\0";
        assert!(cmdline_contains(backend, "bench_3"));
        assert!(!cmdline_contains(backend, "bench_4"));
        let argv = b"hustings-server\0--node-id\0n2\0";
        assert!(cmdline_contains(argv, "--node-id n2"));
        assert!(!cmdline_contains(argv, ""), "an empty text matches nothing");
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
