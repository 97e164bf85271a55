#!/usr/bin/env bash
# Random play of Toguz Kumalak: `mancala simulate` on one thread against a plain C loop of the
# same rules, run side by side, alternating, ROUNDS times; prints each round's games per second of
# CPU time (user + system: what the process itself spent, whatever its neighbours do) and the ratio
# engine / C loop, then the median ratio. Wall time on a shared machine says more about the
# neighbours than about the loops; the engine's exact work per ply is its instruction count
# (scripts/instructions.py).
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

# CPU seconds (user + system) of one command, by bash's own `time` (no package needed).
cpu() {
  local TIMEFORMAT='%3U %3S' t
  t=$({ time "$@" >/dev/null 2>&1; } 2>&1)
  awk '{ printf "%.3f", $1 + $2 }' <<<"$t"
}
ratios=()
for ((r = 1; r <= rounds; r++)); do
  e=$(cpu "$mancala" simulate toguz_kumalak --games "$games" --threads 1 --seed "$r" --no-store \
    --format json)
  l=$(cpu "$bin/c_loop" bench "$games" "$r")
  line=$(awk -v g="$games" -v a="$e" -v b="$l" 'BEGIN {
    e = g / a; l = g / b; printf "%.0f %.0f %.3f", e, l, e / l }')
  read -r engine loop ratio <<<"$line"
  printf 'round %d: engine %s games/s, C loop %s games/s (CPU time), ratio %s\n' "$r" "$engine" \
    "$loop" "$ratio"
  ratios+=("$ratio")
done
printf '%s\n' "${ratios[@]}" | sort -n |
  awk '{ v[NR] = $1 } END { printf "median ratio engine / C loop (CPU time): %.3f over %d rounds\n", v[int((NR + 1) / 2)], NR }'
