#!/usr/bin/env bash
# Before/after of the engine and AI benches, alternated in the same minutes so that a
# loaded machine slows both alike: BEFORE and AFTER are directories holding the bench
# binaries (random_games, vfw_random_games, the_vote_random_games, ismcts) of two builds,
# copied from target/release/deps after `cargo bench --no-run -p hustings-engine -p hustings-bot`.
#
#   engine/benches/compare.sh BEFORE AFTER [RTT_CHECKOUT]
set -uo pipefail
B="${1:?usage: compare.sh BEFORE AFTER [RTT_CHECKOUT]}"
A="${2:?usage: compare.sh BEFORE AFTER [RTT_CHECKOUT]}"
RTT="${3:-}"
O="--warm-up-time 1 --measurement-time 4"
cd "$(dirname "$0")/../.."
l() { echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"; }
run() { echo "### $1 $2"; l; "$3" --bench $O 2>&1 | grep -E "^[a-z].*/|thrpt" | grep -v "^Bench" | grep -v "%"; }
for round in 1 2; do
  run before presidency "$B/random_games"
  run after presidency "$A/random_games"
done
run before votes-for-women "$B/vfw_random_games"
run after votes-for-women "$A/vfw_random_games"
if [ -n "$RTT" ]; then echo "### rally-the-troops"; l; node engine/benches/rtt/vfw_random.js "$RTT" 8 1; fi
run before the-vote "$B/the_vote_random_games"
run after the-vote "$A/the_vote_random_games"
for round in 1 2; do
  run before ismcts "$B/ismcts"
  run after ismcts "$A/ismcts"
done
l
