#!/usr/bin/env bash
# The Python gRPC example against a real server: installs grpcio and grpcio-tools (from
# PyPI, into a throw-away virtualenv), starts hustings-server on a free port and a bot pool
# for the bot seat, and has examples/python/play_random.py play a full match.
set -euo pipefail
cd "$(dirname "$0")/../.."

work="$(mktemp -d)"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

python3 -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet --disable-pip-version-check grpcio grpcio-tools

# The test profile: CI runs this after `cargo test`, whose libraries it reuses (the dev
# profile's per-package settings differ, so it would build the server's stack again).
cargo build --quiet --profile test -p hustings-service -p hustings-bot
target_dir="$(cargo metadata --format-version 1 --no-deps |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')"

port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
RUST_LOG=warn "$target_dir/debug/hustings-server" --memory --listen "127.0.0.1:$port" &
pids+=($!)
# The pool fills the match's bot seat and stops once that seat's match is over.
"$target_dir/debug/hustings-bot" --server "http://127.0.0.1:$port" pool --ai random --max-seats 1 &
pool=$!
pids+=("$pool")

timeout 300 "$work/venv/bin/python" examples/python/play_random.py --server "127.0.0.1:$port" --seed 1
timeout 60 tail --pid="$pool" -f /dev/null
wait "$pool"
echo "python example: OK"
