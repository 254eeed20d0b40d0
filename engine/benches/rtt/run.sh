#!/usr/bin/env bash
# Side by side: random games/s of Rally the Troops' Votes for Women rules (JavaScript, under
# node) and of ours (criterion), under the same uniform random policy.
#
#   engine/benches/rtt/run.sh RTT_CHECKOUT [SECONDS]
#
# RTT_CHECKOUT is a checkout of the rally-the-troops/votes-for-women repository (its
# rules.js and cards.js); none of its code is kept in this project. Needs node.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
rtt="${1:?usage: run.sh RTT_CHECKOUT [SECONDS]}"
seconds="${2:-10}"
[ -f "$rtt/rules.js" ] || { echo "no rules.js in $rtt" >&2; exit 2; }
echo "== load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== Rally the Troops (node $(node --version)), $seconds s"
node "$here/vfw_random.js" "$rtt" "$seconds" 1
echo "== Hustings (criterion: votes-for-women random games)"
cd "$here/../../.."
cargo bench -p hustings-engine --bench vfw_random_games -- --measurement-time "$seconds" 2>&1 \
  | grep -E '^votes-for-women|thrpt'
echo "== load average: $(cut -d' ' -f1-3 /proc/loadavg)"
