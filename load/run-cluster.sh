#!/usr/bin/env bash
# Several nodes on one PostgreSQL (issue 19): throughput, latency and CPU per choice of
# 1, 2 and 3 hustings-server nodes sharing one database, each case with a fresh database
# and fresh nodes, all loaded by hustings-load with the same matches, concurrency and
# duration:
#
#   1 node; 2 nodes direct; 2 nodes forwarded; 3 nodes direct; 3 nodes forwarded
#
# direct: each match is played through the node that created (owns) it, round robin over
# the nodes. forwarded: created on node i, every other call through node i+1, so every
# Join, Watch stream and Act is forwarded to the owner (hustings-load --route).
#
# Each case reports choices/s, p50, p99, the nodes' CPU per choice (total and per node)
# and the CPU per choice of the case's own PostgreSQL backends (the processes titled
# "hustings <database> …", so other databases' work on the same server is left out) and of
# the server's WAL writer (shared by every database on it). The load average at the start.
#
#   HUSTINGS_TEST_POSTGRES_URL=$(bash .ci/postgres.sh | tail -1) load/run-cluster.sh
#   DURATION=10 MATCHES=200 CONCURRENCY=16 ROUNDS=2 load/run-cluster.sh
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-10}
MATCHES=${MATCHES:-200}
CONCURRENCY=${CONCURRENCY:-16}
ROUNDS=${ROUNDS:-2}
PORT=${PORT:-50261}
LEASE=${LEASE:-5}
# Each case: nodes:route.
CASES=${CASES:-"1:direct 2:direct 2:forwarded 3:direct 3:forwarded"}
URL=${HUSTINGS_TEST_POSTGRES_URL:-$(bash .ci/postgres.sh | tail -1)}

[ -n "${NO_BUILD:-}" ] || cargo build --release -p hustings-service -p hustings-load
bin=target/release
work=$(mktemp -d)
node_pids=()
db=""
stop_nodes() {
  for p in "${node_pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${node_pids[@]}"; do wait "$p" 2>/dev/null || true; done
  node_pids=()
  if [ -n "$db" ]; then
    psql "$URL" -qc "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1 || true
    db=""
  fi
}
trap 'stop_nodes; rm -rf "$work"' EXIT

wait_port() {
  for _ in $(seq 200); do
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0
    sleep 0.1
  done
  echo "no node listening on port $1" >&2
  return 1
}

start_nodes() { # $1: how many; fresh database, one node per port from $PORT
  db="hustings_cluster_$$_$RANDOM"
  psql "$URL" -qc "CREATE DATABASE $db" >/dev/null
  local dburl="${URL%/*}/$db" i port
  for i in $(seq "$1"); do
    port=$((PORT + i - 1))
    # No limits per client: the harness is one address with hundreds of streams.
    RUST_LOG=warn "$bin/hustings-server" --database-url "$dburl" --no-client-limits \
      --listen "127.0.0.1:$port" --advertise "http://127.0.0.1:$port" --node-id "n$i" \
      --lease "$LEASE" >"$work/node$i.log" 2>&1 &
    node_pids+=($!)
    # One at a time: the first creates the schema.
    wait_port "$port"
  done
}

echo "# cluster on $(nproc) cores, $(date -u +%Y-%m-%dT%H:%M:%SZ), ${DURATION}s per run, $MATCHES matches, concurrency $CONCURRENCY"
echo
echo "| round | nodes | route | choices/s | p50 | p99 | nodes' CPU per choice (total) | per node | PostgreSQL backends' CPU per choice | WAL writer | load average before |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
log="$work/log"
for r in $(seq "$ROUNDS"); do
  for c in $CASES; do
    n=${c%%:*}
    route=${c#*:}
    start_nodes "$n"
    urls=""
    for i in $(seq "$n"); do urls="$urls${urls:+,}http://127.0.0.1:$((PORT + i - 1))"; done
    pids=$(IFS=,; echo "${node_pids[*]}")
    load=$(cut -d' ' -f1 /proc/loadavg)
    "$bin/hustings-load" --server "$urls" --server-pid "$pids" --route "$route" \
      --matches "$MATCHES" --concurrency "$CONCURRENCY" --duration "$DURATION" \
      --no-echo --no-fanout --cpu-of "hustings $db " --cpu-of "walwriter" >"$log"
    stop_nodes
    tp=$(grep -oP 'concurrency +\d+: +\K[0-9]+(?= choices/s)' "$log")
    p50=$(grep -oP 'choices/s p50 +\K[0-9.]+' "$log")
    p99=$(grep -oP 'choices/s p50 +[0-9.]+ µs +p99 +\K[0-9.]+' "$log")
    cpu=$(grep -oP 'server CPU: \K[0-9.]+' "$log" || echo "–")
    per_node=$(grep -oP 'by node \(route \w+\): \K.*' "$log" || echo "–")
    pg=$(grep -oP 'matching "hustings [^"]*": \K[0-9.]+' "$log" || echo "–")
    pg_n=$(grep -oP 'CPU of the \K\d+(?= processes matching "hustings)' "$log" || echo "?")
    wal=$(grep -oP 'matching "walwriter": \K[0-9.]+' "$log" || echo "–")
    echo "| $r | $n | $route | $tp | $p50 µs | $p99 µs | $cpu µs | $per_node | $pg µs ($pg_n backends) | $wal µs | $load |"
    sed 's/^/    /' "$log" >&2
  done
done
