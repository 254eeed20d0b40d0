#!/usr/bin/env bash
# Throughput and latency of the three stores side by side, in one run: for each
# concurrency, a fresh hustings-server on memory, SQLite and (when HUSTINGS_TEST_POSTGRES_URL
# is set) PostgreSQL, one after the other, each loaded by hustings-load with the same matches,
# concurrency and duration; the echo baseline of each run and the load average with each.
#
#   HUSTINGS_TEST_POSTGRES_URL=$(bash .ci/postgres.sh) load/run-stores.sh
#   DURATION=10 MATCHES=200 CONCURRENCY="1 64" ROUNDS=2 load/run-stores.sh
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-20}
MATCHES=${MATCHES:-1000}
CONCURRENCY=${CONCURRENCY-"1 64"}
ROUNDS=${ROUNDS:-1}
PORT=${PORT:-50161}

cargo build --release -p hustings-service -p hustings-load
bin=target/release
work=$(mktemp -d)
server_pid=""
stop_server() {
  if [ -n "$server_pid" ]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
  fi
}
trap 'stop_server; rm -rf "$work"' EXIT

start_server() { # $1: memory | sqlite | postgres
  local args
  case "$1" in
    memory) args=(--memory) ;;
    sqlite) rm -rf "$work/data"; args=(--data-dir "$work/data") ;;
    postgres)
      local db="hustings_stores_$$_$RANDOM"
      psql "$HUSTINGS_TEST_POSTGRES_URL" -qc "CREATE DATABASE $db" >/dev/null
      args=(--database-url "${HUSTINGS_TEST_POSTGRES_URL%/*}/$db") ;;
  esac
  # No limits per client: the harness is one address with thousands of streams.
  RUST_LOG=warn "$bin/hustings-server" "${args[@]}" --no-client-limits --listen "127.0.0.1:$PORT" >/dev/null &
  server_pid=$!
  for _ in $(seq 100); do
    (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null && return 0
    sleep 0.1
  done
  echo "hustings-server did not start" >&2
  return 1
}

stores="memory sqlite"
[ -n "${HUSTINGS_TEST_POSTGRES_URL:-}" ] && stores="$stores postgres"
echo "# stores on $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ), ${DURATION}s per run, $MATCHES matches"
echo
echo "| round | store | concurrency | choices/s | p50 | p99 | echo calls/s, p50 | server CPU per choice | load average before |"
echo "|---|---|---|---|---|---|---|---|---|"
log="$work/log"
for r in $(seq "$ROUNDS"); do
  for c in $CONCURRENCY; do
    for s in $stores; do
      start_server "$s"
      load=$(cut -d' ' -f1 /proc/loadavg)
      "$bin/hustings-load" --server "http://127.0.0.1:$PORT" --server-pid "$server_pid" \
        --matches "$MATCHES" --concurrency "$c" --duration "$DURATION" --no-fanout >"$log"
      stop_server
      tp=$(grep -oP 'concurrency +\d+: +\K[0-9]+(?= choices/s)' "$log")
      p50=$(grep -oP 'choices/s p50 +\K[0-9.]+' "$log")
      p99=$(grep -oP 'choices/s p50 +[0-9.]+ µs +p99 +\K[0-9.]+' "$log")
      echo_tp=$(grep -oP 'echo baseline +concurrency +\d+: +\K[0-9]+' "$log")
      echo_p50=$(grep -oP 'echo baseline.*calls/s +p50 +\K[0-9.]+' "$log")
      cpu=$(grep -oP 'server CPU: \K[0-9.]+' "$log" || echo "–")
      echo "| $r | $s | $c | $tp | $p50 µs | $p99 µs | $echo_tp/s, $echo_p50 µs | $cpu µs | $load |"
      sed 's/^/    /' "$log" >&2
    done
  done
done
