#!/usr/bin/env bash
# Runs every service figure of BENCHMARKS.md in one go: throughput and latency at
# concurrency 1, 16 and 64 with 1,000 and 10,000 active matches, and memory per idle match
# with 100,000 idle matches. Each run starts a fresh hustings-server process (in memory,
# warnings only) and a fresh baselines process (`hustings-load --serve-echo`), measures the
# bare tonic echo and the fan-out baseline (a unary publish answered by a ~1 KB stream
# message to each of two listeners per room, one room per match) at the same concurrency,
# then loads the server and reads its resident memory from /proc.
#
# The baselines run in a process of their own, not inside the harness, because the match
# server runs in its own: the harness's client work then shares no runtime or allocator with
# the server it measures, in the baselines as in the match load, and the ratios compare
# like with like.
#
#   load/run-benchmarks.sh            # about 10 minutes
#   DURATION=5 MATCHES="100" CONCURRENCY="1 16" IDLE=2000 load/run-benchmarks.sh   # a quick look
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-20}
MATCHES=${MATCHES-"1000 10000"}
CONCURRENCY=${CONCURRENCY-"1 16 64"}
IDLE=${IDLE-100000}
GAME=${GAME:-presidency}
PORT=${PORT:-50151}

cargo build --release -p hustings-service -p hustings-load
bin=target/release

server_pid=""
start_server() {
  # In memory, as the figures are documented: without --memory the server keeps its
  # matches in SQLite (fsync on every choice) under the user's data directory, shared by
  # every run. No limits per client: the harness is one address with thousands of
  # streams, and the figures are the server's, not its limiter's.
  RUST_LOG=warn "$bin/hustings-server" --memory --no-client-limits --listen "127.0.0.1:$PORT" >/dev/null &
  server_pid=$!
  for _ in $(seq 100); do
    (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null && return 0
    sleep 0.1
  done
  echo "hustings-server did not start" >&2
  return 1
}
stop_server() {
  if [ -n "$server_pid" ]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
  fi
}
echo_pid=""
echo_url=""
echo_out=$(mktemp)
start_echo() {
  # Any free port: the baselines' server prints the one it bound on its first line.
  "$bin/hustings-load" --serve-echo 127.0.0.1:0 >"$echo_out" &
  echo_pid=$!
  for _ in $(seq 100); do
    if [ -s "$echo_out" ]; then
      echo_url="http://$(head -1 "$echo_out")"
      return 0
    fi
    sleep 0.1
  done
  echo "hustings-load --serve-echo did not start" >&2
  return 1
}
stop_echo() {
  if [ -n "$echo_pid" ]; then
    kill "$echo_pid" 2>/dev/null || true
    wait "$echo_pid" 2>/dev/null || true
    echo_pid=""
  fi
}
trap 'stop_server; stop_echo; rm -f "$echo_out"' EXIT

echo "# hustings-load on $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ), ${DURATION}s per run, game $GAME"
echo
echo "| matches | concurrency | choices/s (× echo) | p50 (× echo) | p99 (× echo) | p99.9 (× echo) | echo calls/s, p50/p99/p99.9 | server RSS at end | per match | fan-out calls/s, p50/p99/p99.9 | choices/s ÷ fan-out | p50 × fan-out |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
log=$(mktemp)
for m in $MATCHES; do
  for c in $CONCURRENCY; do
    start_server
    start_echo
    "$bin/hustings-load" --server "http://127.0.0.1:$PORT" --server-pid "$server_pid" \
      --echo-server "$echo_url" \
      --game "$GAME" --matches "$m" --concurrency "$c" --duration "$DURATION" >"$log"
    stop_echo
    stop_server
    grep '^|' "$log"
    grep -v '^|' "$log" | sed 's/^/    /' >&2
  done
done
start_server
"$bin/hustings-load" --server "http://127.0.0.1:$PORT" --server-pid "$server_pid" \
  --game "$GAME" --idle "$IDLE" >"$log"
stop_server
echo
sed 's/^/    /' "$log"
rm -f "$log"
