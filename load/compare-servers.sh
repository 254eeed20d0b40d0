#!/usr/bin/env bash
# Measures two builds of hustings-server back to back with one harness: for each round and
# concurrency, a fresh in-memory server of each build in turn, loaded by hustings-load (echo
# baseline included). Prints one line per run with the load average, the server's CPU time
# per choice and the harness's table row. Used for the before/after figures of BENCHMARKS.md.
#
#   load/compare-servers.sh BEFORE_BIN_DIR AFTER_BIN_DIR
#   ROUNDS=3 DURATION=10 MATCHES=1000 CONCURRENCY="1 64" load/compare-servers.sh /tmp/before target/release
#
# Each directory holds a hustings-server; the harness is this tree's release hustings-load.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 2 ] || { echo "usage: $0 BEFORE_BIN_DIR AFTER_BIN_DIR" >&2; exit 2; }
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-10}
MATCHES=${MATCHES:-1000}
CONCURRENCY=${CONCURRENCY-"1 64"}
PORT=${PORT:-50161}
cargo build --release -p hustings-load
load=target/release/hustings-load
for r in $(seq "$ROUNDS"); do
  for c in $CONCURRENCY; do
    for which in before after; do
      if [ "$which" = before ]; then dir=$1; else dir=$2; fi
      RUST_LOG=warn "$dir/hustings-server" --memory --listen "127.0.0.1:$PORT" >/dev/null 2>&1 &
      pid=$!
      for _ in $(seq 100); do
        (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null && break
        sleep 0.1
      done
      out=$("$load" --server "http://127.0.0.1:$PORT" --server-pid "$pid" \
        --matches "$MATCHES" --concurrency "$c" --duration "$DURATION" 2>&1) || true
      kill "$pid" 2>/dev/null || true
      wait "$pid" 2>/dev/null || true
      cpu=$(grep -o "server CPU: [0-9.]* µs per choice" <<<"$out" | head -1 || true)
      echo "round=$r c=$c $which load=$(cut -d' ' -f1 /proc/loadavg) $cpu :: $(grep '^|' <<<"$out")"
    done
  done
done
