#!/usr/bin/env bash
# Lighthouse's accessibility and best-practices scores of the web client (issue 40), with
# its default mobile emulation, in Debian's Chromium: the lobby and a live board of each
# game, each score at least $LIGHTHOUSE_MIN (95). Starts hustings-server (in memory) on a
# free port, a bot pool for the bot seats, and one match per game created with the terminal
# client, seat 0 taken and left to think so that the board a spectator sees stays live.
# Reports (JSON, and each page's final screenshot) land in target/lighthouse/.
#
# Run by hand:  (cd .ci/lighthouse && npm ci) && bash .ci/lighthouse/run.sh
# The binaries are the test build's (target/debug/hustings-server, hustings-bot, hustings),
# made by `cargo test --workspace --no-run` as src/cli_bin.rs does: a no-op of seconds after
# CI's `cargo test --workspace`, where `cargo build -p …` unifies features per package and
# would build the server's stack again.
set -euo pipefail
cd "$(dirname "$0")/../.."
here=.ci/lighthouse
min="${LIGHTHOUSE_MIN:-95}"

lighthouse="$here/node_modules/.bin/lighthouse"
if [ ! -x "$lighthouse" ]; then
  echo "lighthouse is not installed: run 'npm ci' in $here first" >&2
  exit 1
fi
CHROME_PATH="${CHROME_PATH:-$(command -v chromium || command -v chromium-browser || true)}"
if [ -z "$CHROME_PATH" ]; then
  echo "no Chromium found: apt-get install -y chromium (or set CHROME_PATH)" >&2
  exit 1
fi
export CHROME_PATH

cargo test --workspace --no-run --quiet
target_dir="$(cargo metadata --format-version 1 --no-deps |
  node -e 'let s = ""; process.stdin.on("data", d => (s += d)).on("end", () => console.log(JSON.parse(s).target_directory))')"
bin="$target_dir/debug"
out="$target_dir/lighthouse"
rm -rf "$out"
mkdir -p "$out"

work="$(mktemp -d)"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

port="$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
url="http://127.0.0.1:$port"
RUST_LOG=warn "$bin/hustings-server" --memory --listen "127.0.0.1:$port" &
pids+=($!)
for _ in $(seq 100); do
  "$bin/hustings" --server "$url" games >/dev/null 2>&1 && break
  sleep 0.2
done
"$bin/hustings" --server "$url" games >/dev/null
RUST_LOG=warn "$bin/hustings-bot" --server "$url" pool --ai greedy --data-dir "$work/pool" >/dev/null &
pids+=($!)

# Each game's match: seat 1 the pool's greedy bot, seat 0 joined from here and never played,
# so the match is live and stays so (no clock) while Lighthouse looks at its spectator page.
pages=("lobby $url/")
for game in presidency votes-for-women the-vote; do
  # It prints the id alone on stdout (its advice goes to stderr); --abandon-grace 0 so
  # that the bot never claims the win from the seat left to think.
  id="$("$bin/hustings" --server "$url" create "$game" --bot 1=greedy --abandon-grace 0 2>/dev/null)"
  "$bin/hustings" --server "$url" join "$id" --seat 0 >/dev/null 2>&1
  pages+=("$game $url/#/match/$id/watch")
done

start=$SECONDS
for page in "${pages[@]}"; do
  name="${page%% *}"
  # The page's gRPC-web stream never ends, so Lighthouse's "network quiet" never comes: it
  # stops waiting after its 45 s limit and warns that the page "loaded too slowly" (about
  # 60 s a board page). The mark below shows the board was drawn by then all the same.
  # --only-audits adds user-timings to the two categories: its list holds the client's
  # "hustings:first-board" mark, the proof that a board page was scored with its board
  # drawn and not while it still said "Opening the match…".
  "$lighthouse" "${page#* }" \
    --only-categories=accessibility,best-practices --only-audits=user-timings \
    --output=json --output-path="$out/$name.json" --quiet \
    --chrome-flags="--headless=new --no-sandbox --disable-dev-shm-usage"
done
echo "lighthouse: ${#pages[@]} pages in $((SECONDS - start)) s"

node "$here/scores.mjs" "$min" "$out" "${pages[@]%% *}"
