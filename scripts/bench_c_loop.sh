#!/usr/bin/env bash
# Random play of Toguz Kumalak: `mancala simulate` on one thread against a plain C loop of the
# same rules, run side by side, alternating, ROUNDS times; prints each round's games/s and the
# ratio engine / C loop, then the median ratio. Machines here are noisy: read the ratio, not the
# absolute figures.
#
#   bash scripts/bench_c_loop.sh [GAMES] [ROUNDS]      (defaults 400000 and 5)
#
# The C loop is not part of the project: give its source in C_LOOP (default
# /work/shared/bench/toguz_c_loop.c). MANCALA is the binary to time (default build/mancala; a
# Release or RelWithDebInfo build).
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-400000}
rounds=${2:-5}
c_loop=${C_LOOP:-/work/shared/bench/toguz_c_loop.c}
mancala=${MANCALA:-build/mancala}
if [[ ! -f $c_loop ]]; then
  echo "bench_c_loop: $c_loop: no such file (set C_LOOP to the C loop's source)" >&2
  exit 1
fi
if [[ ! -x $mancala ]]; then
  echo "bench_c_loop: $mancala: not built (set MANCALA or build build/mancala)" >&2
  exit 1
fi
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
cc -O2 -o "$bin/c_loop" "$c_loop"

now() { date +%s.%N; }
ratios=()
for ((r = 1; r <= rounds; r++)); do
  t0=$(now)
  "$mancala" simulate toguz_kumalak --games "$games" --threads 1 --seed "$r" --no-store \
    --format json >/dev/null 2>&1
  t1=$(now)
  "$bin/c_loop" bench "$games" "$r" >/dev/null
  t2=$(now)
  line=$(awk -v g="$games" -v a="$t0" -v b="$t1" -v c="$t2" 'BEGIN {
    e = g / (b - a); l = g / (c - b);
    printf "%.0f %.0f %.3f", e, l, e / l }')
  read -r engine loop ratio <<<"$line"
  printf 'round %d: engine %s games/s, C loop %s games/s, ratio %s\n' "$r" "$engine" "$loop" "$ratio"
  ratios+=("$ratio")
done
printf '%s\n' "${ratios[@]}" | sort -n |
  awk '{ v[NR] = $1 } END { printf "median ratio engine / C loop: %.3f over %d rounds\n", v[int((NR + 1) / 2)], NR }'
