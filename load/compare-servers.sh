#!/usr/bin/env bash
# Measures two builds of hustings-server back to back with one harness: for each round and
# concurrency, a fresh in-memory server of each build in turn, loaded by hustings-load (echo
# and fan-out baselines included). Prints one line per run with the load average, the
# server's CPU time per choice and the harness's table row. Used for the before/after
# figures of BENCHMARKS.md.
#
# The baselines are served by a fresh `hustings-load --serve-echo` process per run, not
# inside the harness: the match server is its own process, so its baselines are too (the
# harness's client work shares no runtime or allocator with either server).
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
echo_out=$(mktemp)
echo_pid=""
stop_echo() {
  if [ -n "$echo_pid" ]; then
    kill "$echo_pid" 2>/dev/null || true
    wait "$echo_pid" 2>/dev/null || true
    echo_pid=""
  fi
}
trap 'stop_echo; rm -f "$echo_out"' EXIT
for r in $(seq "$ROUNDS"); do
  for c in $CONCURRENCY; do
    for which in before after; do
      if [ "$which" = before ]; then dir=$1; else dir=$2; fi
      # No limits per client (the harness is one address with thousands of streams), on
      # builds that have them.
      unlimited=()
      if "$dir/hustings-server" --help 2>/dev/null | grep -q -- --no-client-limits; then
        unlimited=(--no-client-limits)
      fi
      RUST_LOG=warn "$dir/hustings-server" --memory "${unlimited[@]}" --listen "127.0.0.1:$PORT" >/dev/null 2>&1 &
      pid=$!
      for _ in $(seq 100); do
        (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null && break
        sleep 0.1
      done
      : >"$echo_out"
      "$load" --serve-echo 127.0.0.1:0 >"$echo_out" &
      echo_pid=$!
      for _ in $(seq 100); do
        [ -s "$echo_out" ] && break
        sleep 0.1
      done
      out=$("$load" --server "http://127.0.0.1:$PORT" --server-pid "$pid" \
        --echo-server "http://$(head -1 "$echo_out")" \
        --matches "$MATCHES" --concurrency "$c" --duration "$DURATION" 2>&1) || true
      stop_echo
      kill "$pid" 2>/dev/null || true
      wait "$pid" 2>/dev/null || true
      cpu=$(grep -o "server CPU: [0-9.]* µs per choice" <<<"$out" | head -1 || true)
      echo "round=$r c=$c $which load=$(cut -d' ' -f1 /proc/loadavg) $cpu :: $(grep '^|' <<<"$out")"
    done
  done
done
